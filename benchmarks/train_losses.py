"""Does the F_beta loss help? Logistic regression trained with it against cross-entropy baselines.

    PYTHONPATH=. python benchmarks/train_losses.py [--seeds 0 1 ... 9] [--steps 400] [--json FILE] [--markdown]

Data (nothing downloaded): scikit-learn's ``make_classification`` (12,000 samples, 20 features of which 6
informative and 4 redundant, 1 % of labels flipped) at prevalences 1 %, 5 %, 10 % and 30 % of positives,
drawn anew per seed; and scikit-learn's digits, "is it a 9?" (180 of 1,797 images, 10 %). Per seed a
stratified split: half to train, a quarter to validate, a quarter to test; features standardized on the
training half.

Model and training: logistic regression in JAX (float64, CPU), full batch, Adam (learning rate 0.05), a
fixed number of steps, the same initial weights for every loss. Losses:

* ``bce``: binary cross-entropy;
* ``wbce``: class-weighted cross-entropy, each class weighted by n / (2 n_class) (scikit-learn's
  ``class_weight="balanced"``);
* ``fbeta``: ``symmetric.losses.f_beta_loss`` at the beta evaluated, inside ``jax.jit``.

Decision rules, each scored by the test F_beta (``symmetric.metrics.fbeta_score``):

* ``@0.5``: predict positive when the probability is >= 0.5;
* ``@tuned``: the threshold that maximizes F_beta on the validation quarter
  (``symmetric.metrics.best_threshold``);
* ``@rule`` (cross-entropy only, whose probabilities are calibrated): the cost-sensitive rule of
  ``proofs/optimal_threshold.py``, threshold F*/(1 + beta^2) with F* the largest plug-in F_beta of the
  validation probabilities (expected counts, no labels needed).

Also the test average precision of each model (scikit-learn's ``average_precision_score``, threshold
free). Differences are paired by seed (same data, split and initial weights); their 95 % intervals are
Student's t over the seeds. ``--markdown`` prints the tables of docs/losses.md.
"""

from __future__ import annotations

import argparse
import json
import math
import time

import numpy

BETAS = (0.5, 1.0, 2.0)
PREVALENCES = (0.01, 0.05, 0.10, 0.30)
#: (name, model, rule): the decision rules compared, in the order of the tables
RULES = [("BCE @0.5", "bce", "fixed"), ("BCE @tuned", "bce", "tuned"), ("BCE @rule", "bce", "rule"),
         ("weighted BCE @0.5", "wbce", "fixed"), ("weighted BCE @tuned", "wbce", "tuned"),
         ("F_beta loss @0.5", "fbeta", "fixed"), ("F_beta loss @tuned", "fbeta", "tuned")]
#: the paired differences reported: (F_beta loss rule, baseline rule)
DIFFERENCES = [("F_beta loss @0.5", "BCE @0.5"), ("F_beta loss @0.5", "BCE @tuned"),
               ("F_beta loss @0.5", "BCE @rule"), ("F_beta loss @0.5", "weighted BCE @0.5"),
               ("F_beta loss @tuned", "BCE @tuned")]


def datasets(seed):
    """``{name: (X, y)}`` for one seed: the generated sets drawn with that seed, and the digits."""
    from sklearn.datasets import load_digits, make_classification

    out = {}
    for prevalence in PREVALENCES:
        X, y = make_classification(n_samples=12_000, n_features=20, n_informative=6, n_redundant=4,
                                   weights=[1 - prevalence], flip_y=0.01, random_state=seed)
        out[f"generated {prevalence:.0%}"] = (X, y.astype(numpy.float64))
    X, target = load_digits(return_X_y=True)
    out["digits: 9 vs rest"] = (X, (target == 9).astype(numpy.float64))
    return out


def split(X, y, seed):
    from sklearn.model_selection import train_test_split
    from sklearn.preprocessing import StandardScaler

    Xtr, Xrest, ytr, yrest = train_test_split(X, y, test_size=0.5, stratify=y, random_state=seed)
    Xva, Xte, yva, yte = train_test_split(Xrest, yrest, test_size=0.5, stratify=yrest, random_state=seed)
    scaler = StandardScaler().fit(Xtr)
    return scaler.transform(Xtr), ytr, scaler.transform(Xva), yva, scaler.transform(Xte), yte


_TRAINERS: dict = {}


def _trainer(loss, beta, steps, lr):
    """The whole training run, compiled once per (loss, beta, steps, lr) and input shape: ``lax.scan`` over
    Adam steps of full-batch gradient descent."""
    import jax
    import jax.numpy as jnp

    from symmetric.losses import f_beta_loss

    key = (loss, beta, steps, lr)
    if key in _TRAINERS:
        return _TRAINERS[key]

    def objective(params, X, y, class_weights):
        logits = X @ params["w"] + params["b"]
        if loss == "fbeta":
            return f_beta_loss(y, jax.nn.sigmoid(logits), beta=beta)
        per_sample = jnp.logaddexp(0.0, logits) - y * logits  # cross-entropy with logits, stable
        weights = jnp.where(y > 0, class_weights[1], class_weights[0]) if loss == "wbce" else 1.0
        return jnp.mean(weights * per_sample)

    def run(params, X, y, class_weights):
        grad = jax.grad(objective)
        zeros = jax.tree_util.tree_map(jnp.zeros_like, params)

        def step(state, t):
            params, m, v = state
            g = grad(params, X, y, class_weights)
            m = jax.tree_util.tree_map(lambda m, g: 0.9 * m + 0.1 * g, m, g)
            v = jax.tree_util.tree_map(lambda v, g: 0.999 * v + 0.001 * g * g, v, g)
            corr1, corr2 = 1 - 0.9 ** (t + 1), 1 - 0.999 ** (t + 1)
            params = jax.tree_util.tree_map(
                lambda p, m, v: p - lr * (m / corr1) / (jnp.sqrt(v / corr2) + 1e-8), params, m, v)
            return (params, m, v), None

        (params, _, _), _ = jax.lax.scan(step, (params, zeros, zeros), jnp.arange(steps))
        return params

    _TRAINERS[key] = jax.jit(run)
    return _TRAINERS[key]


def train(loss, beta, Xtr, ytr, seed, steps, lr):
    """The trained model's probability function."""
    import jax
    import jax.numpy as jnp

    rng = numpy.random.default_rng(1000 + seed)  # the same initial weights for every loss
    params = {"w": jnp.asarray(rng.normal(0, 0.01, Xtr.shape[1])), "b": jnp.asarray(0.0)}
    n, positives = len(ytr), float(ytr.sum())
    class_weights = jnp.asarray([n / (2 * (n - positives)), n / (2 * positives)])
    params = _trainer(loss, beta, steps, lr)(params, jnp.asarray(Xtr), jnp.asarray(ytr), class_weights)
    w, b = numpy.asarray(params["w"]), float(params["b"])
    return lambda X: 1 / (1 + numpy.exp(-(X @ w + b)))


def plug_in_threshold(p, beta):
    """F*/(1 + beta^2): F* the largest F_beta of the expected counts (no labels) over the sets of the top-k
    probabilities (``proofs/optimal_threshold.py``: the F-optimal set of calibrated probabilities)."""
    q = numpy.sort(p)[::-1]
    tp = numpy.cumsum(q)
    k = numpy.arange(1, len(q) + 1)
    fp, fn = k - tp, q.sum() - tp
    b2 = beta**2
    f = (1 + b2) * tp / ((1 + b2) * tp + b2 * fn + fp)
    return float(f.max()) / (1 + b2)


def evaluate(prob, beta, Xva, yva, Xte, yte, rules):
    from sklearn.metrics import average_precision_score

    from symmetric.metrics import best_threshold, fbeta_score

    p_va, p_te = prob(Xva), prob(Xte)
    thresholds = {"fixed": 0.5, "tuned": best_threshold(yva, p_va, beta=beta)[0],
                  "rule": plug_in_threshold(p_va, beta)}
    scores = {rule: float(fbeta_score(yte, (p_te >= thresholds[rule]).astype(int), beta=beta, zero_division=0.0))
              for rule in rules}
    return scores, float(average_precision_score(yte, p_te))


def run(seeds, steps, lr, log=print):
    """``results[dataset][beta][rule or "AP model"] = [value per seed]``."""
    import jax

    jax.config.update("jax_enable_x64", True)
    results: dict = {}
    start = time.perf_counter()
    for seed in seeds:
        for name, (X, y) in datasets(seed).items():
            Xtr, ytr, Xva, yva, Xte, yte = split(X, y, seed)
            models = {"bce": train("bce", None, Xtr, ytr, seed, steps, lr),
                      "wbce": train("wbce", None, Xtr, ytr, seed, steps, lr)}
            for beta in BETAS:
                row = results.setdefault(name, {}).setdefault(beta, {})
                models["fbeta"] = train("fbeta", beta, Xtr, ytr, seed, steps, lr)
                for model, prob in models.items():
                    wanted = [rule for _, m, rule in RULES if m == model]
                    scores, ap = evaluate(prob, beta, Xva, yva, Xte, yte, wanted)
                    for label, m, rule in RULES:
                        if m == model:
                            row.setdefault(label, []).append(scores[rule])
                    row.setdefault(f"AP {model}", []).append(ap)
        log(f"seed {seed} done ({time.perf_counter() - start:.0f} s)")
    return results


def interval(values):
    """Mean and half-width of the 95 % Student t interval."""
    from scipy import stats

    values = numpy.asarray(values, dtype=numpy.float64)
    if len(values) < 2:
        return float(values.mean()), math.nan
    half = stats.t.ppf(0.975, len(values) - 1) * values.std(ddof=1) / math.sqrt(len(values))
    return float(values.mean()), float(half)


def markdown(results, seeds, steps):
    lines = [f"Test F_beta, mean over {len(seeds)} seeds ({seeds[0]}-{seeds[-1]}), {steps} steps; AP: average precision "
             "of the model (BCE / weighted BCE / F_beta loss).", "",
             "| data | beta | " + " | ".join(label for label, _, _ in RULES) + " | AP: BCE / wBCE / F_beta |",
             "| --- | --- | " + " | ".join("---" for _ in RULES) + " | --- |"]
    for name, per_beta in results.items():
        for beta, row in per_beta.items():
            aps = " / ".join(f"{numpy.mean(row[f'AP {m}']):.3f}" for m in ("bce", "wbce", "fbeta"))
            best = max(numpy.mean(row[label]) for label, _, _ in RULES)
            cells = []
            for label, _, _ in RULES:
                mean = numpy.mean(row[label])
                cells.append(f"**{mean:.3f}**" if mean == best else f"{mean:.3f}")
            lines.append(f"| {name} | {beta:g} | " + " | ".join(cells) + f" | {aps} |")
    lines += ["", "Paired differences of test F_beta (F_beta loss minus a baseline), mean and 95 % interval over the "
              "seeds; an interval that excludes 0 is marked.", "",
              "| data | beta | " + " | ".join(f"{a.replace('F_beta loss ', 'loss ')} − {b}" for a, b in DIFFERENCES) + " |",
              "| --- | --- | " + " | ".join("---" for _ in DIFFERENCES) + " |"]
    for name, per_beta in results.items():
        for beta, row in per_beta.items():
            cells = []
            for a, b in DIFFERENCES:
                mean, half = interval(numpy.subtract(row[a], row[b]))
                mark = "**" if abs(mean) > half else ""
                cells.append(f"{mark}{mean:+.3f} ± {half:.3f}{mark}")
            lines.append(f"| {name} | {beta:g} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=list(range(10)))
    parser.add_argument("--steps", type=int, default=400)
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--json", help="write the per-seed results to this file")
    parser.add_argument("--markdown", action="store_true", help="print the tables of docs/losses.md")
    args = parser.parse_args(argv)
    results = run(args.seeds, args.steps, args.lr)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({name: {str(beta): row for beta, row in per_beta.items()} for name, per_beta in results.items()},
                      out, indent=1)
    print(markdown(results, args.seeds, args.steps))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
