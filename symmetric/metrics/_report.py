"""``classification_report``: scikit-learn's text or dict report, from one pass over the data."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np

from ._counts import counts_from_targets
from ._params import BETA, BOOLEAN, DIGITS, TARGETS, ZERO_DIVISION, array_like, declare, square
from ._scores import prf_from_counts
from ._targets import check_targets
from ._warnings import user_stacklevel

__all__ = ["classification_report"]


@declare(
    **TARGETS,
    labels=array_like(),
    target_names=array_like(),
    sample_weight=array_like(),
    digits=DIGITS,
    output_dict=BOOLEAN,
    zero_division=ZERO_DIVISION,
    beta=BETA,
)
def classification_report(
    y_true,
    y_pred,
    *,
    labels=None,
    target_names=None,
    sample_weight=None,
    digits=2,
    output_dict=False,
    zero_division="warn",
    beta=1.0,
) -> str | dict:
    """Precision, recall, F1 (or F_beta) and support per label and averaged, as scikit-learn's report.

    The targets are checked and counted once; each row divides those
    counts. Values, layout, warnings and errors are scikit-learn's. With
    ``beta``, the F column is F_beta instead of F1 and its header says so
    (``f2-score`` for ``beta=2``, ``f0.5-score`` for ``beta=0.5``, also the
    key of the dict); the "accuracy" row stays right, because micro-averaged
    F_beta is accuracy for every beta (claim
    ``multiclass.micro_f_beta_is_accuracy``). A header longer than scikit-learn's 9-character
    columns widens all columns.

    With sample weights the support is the weight of each label's true
    samples as the counting pass sums it (more accurately than
    scikit-learn, which can differ in the last digits printed at full
    precision); the total support is the sum of the rows shown.

    Parameters
    ----------
    y_true, y_pred : 1-d array-like, or label indicator array
    labels : array-like, optional
        The labels to report, in order.
    target_names : array-like of str, optional
        Display names of the labels.
    sample_weight : array-like of shape (n_samples,), optional
    digits : int, default 2
        Digits of the text report (ignored for a dict).
    output_dict : bool, default False
        Return a dict instead of text.
    zero_division : {"warn", 0.0, 1.0, nan}, default "warn"
    beta : float in [0, inf], default 1.0
        The weight of recall in the F column (not in scikit-learn).

    Examples
    --------
    >>> from symmetric.metrics import classification_report
    >>> print(classification_report([0, 1, 2, 2, 2], [0, 0, 2, 2, 1], target_names=["a", "b", "c"]))
                  precision    recall  f1-score   support
    <BLANKLINE>
               a       0.50      1.00      0.67         1
               b       0.00      0.00      0.00         1
               c       1.00      0.67      0.80         3
    <BLANKLINE>
        accuracy                           0.60         5
       macro avg       0.50      0.56      0.49         5
    weighted avg       0.70      0.60      0.61         5
    <BLANKLINE>
    >>> print(classification_report([0, 1, 2, 2, 2], [0, 0, 2, 2, 1], beta=2, digits=3))
                  precision    recall  f2-score   support
    <BLANKLINE>
               0      0.500     1.000     0.833         1
               1      0.000     0.000     0.000         1
               2      1.000     0.667     0.714         3
    <BLANKLINE>
        accuracy                          0.600         5
       macro avg      0.500     0.556     0.516         5
    weighted avg      0.700     0.600     0.595         5
    <BLANKLINE>
    """
    func = "classification_report"
    digits, output_dict = int(digits), bool(output_dict)
    beta2 = square(beta)
    beta = float(beta)
    headers = ["precision", "recall", f"f{beta:g}-score", "support"]
    column = max(9, len(headers[2]))
    t = check_targets(y_true, y_pred, sample_weight, func=func)
    labels_given = labels is not None
    labels = np.asarray(labels) if labels_given else t.labels
    micro_is_accuracy = t.y_type in ("multiclass", "binary") and (
        not labels_given or set(labels.tolist()) >= set(t.labels.tolist())
    )
    if target_names is not None and len(labels) != len(target_names):
        if labels_given:
            warnings.warn(
                f"labels size, {len(labels)}, does not match size of target_names, {len(target_names)}",
                stacklevel=user_stacklevel(),
            )
        else:
            raise ValueError(
                f"Number of classes, {len(labels)}, does not match size of target_names, "
                f"{len(target_names)}. Try specifying the labels parameter"
            )
    if target_names is None:
        target_names = [str(label) for label in labels]

    def scores(average):
        counts = counts_from_targets(t, labels=labels, average=average)
        return prf_from_counts(
            counts,
            beta=beta,
            rho=None,
            average=average,
            beta2=beta2,
            warn_for=("precision", "recall", "f-score"),
            zero_division=zero_division,
        )

    p, r, f1, s = scores(None)
    rows = list(zip(target_names, p, r, f1, s))
    averages = ("micro", "macro", "weighted") + (("samples",) if t.y_type == "multilabel-indicator" else ())
    if output_dict:
        report: dict[str, Any] = {row[0]: dict(zip(headers, [float(x) for x in row[1:]])) for row in rows}
    else:
        width = max(max(len(name) for name in target_names), len("weighted avg"), digits)
        head_fmt = "{:>{width}s} " + " {:>{col}}" * len(headers)
        text = head_fmt.format("", *headers, width=width, col=column) + "\n\n"
        row_fmt = "{:>{width}s} " + " {:>{col}.{digits}f}" * 3 + " {:>{col}}\n"
        for row in rows:
            text += row_fmt.format(*row, width=width, col=column, digits=digits)
        text += "\n"
    for average in averages:
        heading = "accuracy" if average == "micro" and micro_is_accuracy else average + " avg"
        avg_p, avg_r, avg_f1, _ = scores(average)
        values = [avg_p, avg_r, avg_f1, np.sum(s)]
        if output_dict:
            report[heading] = dict(zip(headers, [float(x) for x in values]))
        elif heading == "accuracy":
            fmt = "{:>{width}s} " + " {:>{col}.{digits}}" * 2 + " {:>{col}.{digits}f}" + " {:>{col}}\n"
            text += fmt.format(heading, "", "", *values[2:], width=width, col=column, digits=digits)
        else:
            text += row_fmt.format(heading, *values, width=width, col=column, digits=digits)
    if output_dict:
        if "accuracy" in report:
            report["accuracy"] = report["accuracy"]["precision"]
        return report
    return text
