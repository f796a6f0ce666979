"""How many times ``beta`` is checked on its way from ``symmetric.plot.level_curves`` to the numeric kernel.

    python benchmarks/beta_checks.py

Draws ``level_curves("g_beta_rho", beta=2.375, rho=-3)`` once and counts every check of that value: each
outermost ``check`` or ``is_satisfied_by`` of a constraint (:mod:`symmetric._constraints`; the checks a
constraint makes inside its own are one), each hand check by ``symmetric.families._parameters.parameter``
outside a constraint, and each parameter check of the generated kernels (``validate=True``), counted per call.
It also lists the modules of the package whose frames hold the value on the way (a local named ``beta``, a
value or a dict of values). A measurement, not a test: it wraps private functions to count.
"""

from __future__ import annotations

import sys

import matplotlib

matplotlib.use("Agg")

import sympy  # noqa: E402

import symmetric._constraints as constraints  # noqa: E402
import symmetric.families._parameters as parameters  # noqa: E402
import symmetric.families.record as record  # noqa: E402
import symmetric.numeric._runtime as runtime  # noqa: E402
from symmetric import plot  # noqa: E402

BETA = 2.375


def is_beta(value) -> bool:
    try:
        if isinstance(value, sympy.Basic):
            return value == sympy.Rational(19, 8)
        return not isinstance(value, (bool, str)) and float(value) == BETA and getattr(value, "ndim", 0) == 0
    except (TypeError, ValueError):
        return False


checks: list[str] = []
depth = [0]


def _where(frame) -> str:
    return f"{frame.f_code.co_filename.rpartition('symmetric/')[2]}:{frame.f_code.co_name}"


def _counting(cls, name):
    original = cls.__dict__.get(name)
    if original is None:
        return

    def counted(self, value, *args, **kwargs):
        if depth[0] == 0 and is_beta(value):
            frame = sys._getframe(1)
            checks.append(f"{cls.__name__}.{name} from {_where(frame)} ({_where(frame.f_back)})")
        depth[0] += 1
        try:
            return original(self, value, *args, **kwargs)
        finally:
            depth[0] -= 1

    setattr(cls, name, counted)


def _subclasses(cls):
    yield cls
    for sub in cls.__subclasses__():
        yield from _subclasses(sub)


def main() -> None:
    import symmetric.explore.fixed_metric  # noqa: F401 - every constraint class defined before counting

    for cls in set(_subclasses(constraints.Constraint)):
        for name in ("check", "is_satisfied_by"):
            _counting(cls, name)
    hand = parameters.parameter

    def parameter(value, *args, **kwargs):
        if depth[0] == 0 and is_beta(value):
            checks.append(f"parameter() from {_where(sys._getframe(1))}")
        return hand(value, *args, **kwargs)

    parameters.parameter = record.parameter = parameter
    kernel = runtime._evaluate_arrays

    def evaluate_arrays(family, values, validate, *args, **kwargs):
        if validate and "beta" in family.parameters:
            checks.append("the generated kernel's parameter check (numeric/_runtime.py:_evaluate_arrays)")
        return kernel(family, values, validate, *args, **kwargs)

    runtime._evaluate_arrays = evaluate_arrays
    modules: list[str] = []

    def profile(frame, event, arg):
        if event != "call" or "/symmetric/" not in frame.f_code.co_filename:
            return
        local = frame.f_locals
        if any(is_beta(v) for k, v in local.items() if k in ("beta", "value", "number")) or any(
            isinstance(v, dict) and any(is_beta(x) for x in v.values()) for v in local.values()
        ):
            modules.append(frame.f_code.co_filename.rpartition("/symmetric/")[2])

    sys.setprofile(profile)
    ax = plot.level_curves("g_beta_rho", beta=BETA, rho=-3, resolution=20)
    sys.setprofile(None)
    plot.close(ax.figure)
    print(f"checks of beta from plot.level_curves to the kernel: {len(checks)}")
    for c in checks:
        print(f"  {c}")
    print(f"modules holding it: {len(set(modules))}: {', '.join(sorted(set(modules)))}")


if __name__ == "__main__":
    main()
