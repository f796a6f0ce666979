"""The public numeric functions: g_beta_rho, power_mean and f_beta on NumPy arrays and Array API arrays.

NumPy input runs the NumPy runtime (float64 inside; float32 input gives
float32 output). Arrays of another library that follows the Python Array API
standard (PyTorch, JAX, CuPy, ``array-api-strict``; through
``array-api-compat``, the extra ``symmetric[array-api]``) run the portable
kernels of :mod:`symmetric.numeric._portable` on their own device and dtype
(float32 or float64) and return that library's array; PyTorch tensors in
host memory run the NumPy kernels on zero-copy views instead (faster there,
and as accurate as NumPy). Accuracy, by ``python -m symmetric.accuracy``: at
most 3 ULP on NumPy float64, at most 4 ULP for the portable kernels in
float64 and float32 (measured: 2 and 3).

Their code is generated from the symbolic definitions by
:func:`symmetric.numeric.codegen.package_source` and committed as
``symmetric/numeric/_generated.py`` (the same code that ``symmetric codegen``
writes into standalone modules), so the first call does not wait for SymPy
and the package and a generated standalone module give bit-for-bit the same
results.
"""

from __future__ import annotations

import math

import numpy

from .._constraints import Constraint, Interval, Predicate, declare
from . import _generated

__all__ = ["g_beta_rho", "power_mean", "f_beta"]


class Elements(Constraint):
    """Every element of an array argument in a domain: checked by the kernel, fused with the evaluation.

    The declaration records it (and the tests generate bad values from it);
    the wrapper does not scan the array: the generated runtime checks each
    chunk as it evaluates it (``validate=True``), with the same text, so an
    array is read once.
    """

    in_body = True

    def __init__(self, allowed: str, test):
        self._allowed, self._test = allowed, test

    def is_satisfied_by(self, value) -> bool:
        try:
            a = numpy.asarray(value, dtype=numpy.float64)
        except (TypeError, ValueError):
            return False
        return bool(numpy.all(self._test(a)))

    def invalid_values(self) -> tuple:
        return tuple(v for v in (-1.0, 0.0, math.nan, math.inf, -math.inf) if not self.is_satisfied_by(v))


def _declared(family):
    """The constraints of a generated family's function: its arguments' domains (from the generator), the options."""
    names = ("P", "R", *family.parameters)
    return {
        **{name: Elements(allowed, test) for name, (allowed, test) in zip(names, family.domains)},
        "validate": VALIDATE,
        "threads": THREADS,
    }


#: ``validate`` of the numeric functions: True, False or "strict" (the policy for traced values, docs/losses.md).
VALIDATE = Predicate(
    "True, False or 'strict'",
    lambda v: isinstance(v, (bool, numpy.bool_)) or (isinstance(v, str) and v == "strict"),
    invalid=("yes", 1, None),
)
#: ``threads`` of the numeric functions: None (the default chain, :func:`symmetric.numeric.thread_count`) or >= 1.
THREADS = Interval(int, 1, math.inf, closed="left", none=True)


@declare(**_declared(_generated._FAMILY_g_beta_rho))
def g_beta_rho(P, R, beta, rho, *, validate=True, threads=None):
    r"""The generalized F-score :math:`G_{\beta,\rho}(P, R)` on arrays.

    Parameters
    ----------
    P, R : array_like
        Precision and recall, finite and >= 0. Values above 1 are accepted:
        every family here is a mean, defined for all nonnegative P and R
        and homogeneous (``G(t P, t R) = t G(P, R)``); the accuracy bound is
        measured on [0, 1] (``python -m symmetric.accuracy``).
    beta : array_like
        Break-even ratio, finite and > 0.
    rho : array_like
        Curvature, finite.
    validate : {True, "strict", False}, default True
        Check the input; ``False`` skips the checks for trusted input. Concrete
        values are checked (:class:`~symmetric.InvalidParameterError`);
        traced ones (inside ``jax.jit``, ``jax.vmap``) give NaN at the
        elements outside the domain, and ``"strict"`` adds
        ``jax.experimental.checkify`` checks (docs/losses.md, "Inside jax.jit
        and torch.compile"). Under ``torch.compile`` the evaluation is one
        operator of the graph that checks when it runs, as eagerly.
    threads : int, optional
        Threads for large NumPy input (chunks of ``2**16`` elements on a
        pool; the result is bit for bit that of one thread). Default: the
        innermost ``symmetric.numeric.thread_limits``, else the environment
        variable ``SYMMETRIC_NUM_THREADS``, else ``OMP_NUM_THREADS``, else
        the cores this process may use.

    Returns
    -------
    numpy.ndarray or numpy.float64, or an array of the inputs' library
        The broadcast result in float64 (float32 for float32 input; a NumPy
        scalar for scalar input); for arrays of another library, an array of
        that library on the same device.

    Notes
    -----
    The stipulated values hold exactly at ``rho = 0``, ``(beta P + R)/(1 + beta)``,
    and ``rho = -1``, ``(P R^beta)^(1/(1+beta))``. Near ``rho = -1`` the
    function tends to that value continuously; near ``rho = 0`` it follows the
    formula, whose limit is ``(P + R)/2``, *not* the stipulated value. Where P
    or R is 0 the value is the formula's limit (0 for ``rho <= -1``).

    Examples
    --------
    >>> from symmetric.numeric import g_beta_rho
    >>> float(g_beta_rho(0.5, 0.25, 1.0, -2.0))     # F_1
    0.3333333333333333
    >>> g_beta_rho([0.5, 0.0], 0.25, 2.0, [0.0, 1e-300])
    array([0.41666667, 0.125     ])
    """
    return _generated.g_beta_rho(P, R, beta, rho, validate=validate, threads=threads)


@declare(**_declared(_generated._FAMILY_power_mean))
def power_mean(P, R, gamma, phi, *, validate=True, threads=None):
    r"""The weighted power mean :math:`((\gamma P^\phi + R^\phi)/(1+\gamma))^{1/\phi}` on arrays.

    Parameters
    ----------
    P, R : array_like
        Finite and >= 0, above 1 included (as for :func:`g_beta_rho`).
    gamma : array_like
        Weight of P relative to R, finite and > 0.
    phi : array_like
        Exponent, finite; at ``phi = 0`` the weighted geometric mean (its limit).
    validate, threads
        As for :func:`g_beta_rho`.

    Returns
    -------
    numpy.ndarray or numpy.float64

    Examples
    --------
    >>> from symmetric.numeric import power_mean
    >>> float(power_mean(0.25, 1.0, 1.0, 0.0))       # geometric mean
    0.5
    >>> power_mean(0.0, 1.0, 1.0, [1.0, -1.0])       # limits where P = 0
    array([0.5, 0. ])
    """
    return _generated.power_mean(P, R, gamma, phi, validate=validate, threads=threads)


@declare(**_declared(_generated._FAMILY_f_beta))
def f_beta(P, R, beta, *, validate=True, threads=None):
    r"""The F-score :math:`F_\beta = (1+\beta^2) P R / (\beta^2 P + R)` on arrays.

    Parameters
    ----------
    P, R : array_like
        Finite and >= 0, above 1 included (as for :func:`g_beta_rho`). At
        ``P = R = 0`` the result is 0, the limit along every path.
    beta : array_like
        Finite and > 0.
    validate, threads
        As for :func:`g_beta_rho`.

    Returns
    -------
    numpy.ndarray or numpy.float64

    Examples
    --------
    >>> from symmetric.numeric import f_beta
    >>> float(f_beta(0.5, 0.25, 1.0))
    0.3333333333333333
    >>> f_beta([0.0, 1.0], [0.0, 1.0], 2.0)
    array([0., 1.])
    """
    return _generated.f_beta(P, R, beta, validate=validate, threads=threads)
