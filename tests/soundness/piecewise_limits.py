"""Classes 1, 2 and 6: limits of bodies with jumps, and Eq conditions that hold on intervals.

Every body here is a step between two expressions ``A`` (to the left of a
breakpoint ``c``, or inside an interval) and ``B`` (to the right, or
outside), written with each construct of class 1 (Piecewise with ``<``,
``<=``, ``>``, ``>=``, Heaviside, floor, ceiling, sign, Abs, Max, Min) or
with an ``Eq`` condition of class 2 that holds on a whole interval. The one-
sided limits are then ``A`` and ``B`` at the point, by construction: within
distance 1 of ``c`` (or inside the interval) the body *is* ``A`` on one side
and ``B`` on the other. A two-sided limit exists only where the two agree,
so its closed form is ``Piecewise((A, Eq(A, B)), (nan, True))``.

The false cases take the wrong side, the value at the point, or claim a
two-sided limit across a jump; the true cases (class 6) are the correct
one-sided and two-sided statements, and limits through genuinely isolated
``Eq`` points, which must not be refuted.

>>> name, body, value_at_1 = steps(P, R, 1)[5]
>>> name, body, value_at_1
('floor', R + (-P + R)*(floor(x) - 1), R)

Just left of 1 the body is ``R - (R - P) = P``; SymPy's ``limit`` answers
from the value at the point.
"""

from __future__ import annotations

import sympy
from sympy import Abs, Eq, Heaviside, Limit, Max, Min, Piecewise, Rational, ceiling, floor, nan, sign

from symmetric import P, R, beta, f_beta, g_beta_rho, rho

from .case import false, true, x

__all__ = ["build", "steps", "INTERVAL_CONDITIONS", "ISOLATED_CONDITIONS"]

half = Rational(1, 2)

#: Witness of the pairs below: A and B differ there.
WITNESS = {P: half, R: 1, beta: 2}


def steps(a, b, c, v=x):
    """``(name, body, value at c)``: bodies equal to ``a`` on (c - 1, c) and ``b`` on (c, c + 1).

    The value at ``c`` is None where the body is undefined there.
    """
    d = v - c
    return [
        ("piecewise_lt", Piecewise((a, v < c), (b, True)), b),
        ("piecewise_le", Piecewise((a, v <= c), (b, True)), a),
        ("piecewise_gt", Piecewise((b, v > c), (a, True)), a),
        ("piecewise_ge", Piecewise((b, v >= c), (a, True)), b),
        ("heaviside", a + (b - a) * Heaviside(d), (a + b) / 2),
        ("floor", b + (b - a) * floor(d), b),
        ("ceiling", a + (b - a) * ceiling(d), a),
        ("sign", (a + b) / 2 + (b - a) * sign(d) / 2, (a + b) / 2),
        ("abs_ratio", a + (b - a) * (Abs(d) / d + 1) / 2, None),
        ("max_ratio", a + (b - a) * Max(d, 0) / d, None),
        ("min_ratio", b + (a - b) * Min(d, 0) / d, None),
    ]


def _two_sided(a, b):
    """Closed form of a two-sided limit across a jump from ``a`` to ``b``."""
    return Piecewise((a, Eq(a, b)), (nan, True))


# (name, A, B, witness): A and B as functions of the bound variable, continuous near every breakpoint.
PAIRS = [
    ("pr", lambda v: P, lambda v: R),
    ("fg", lambda v: f_beta(), lambda v: g_beta_rho(rho=-1)),
    ("moving", lambda v: P + v**2, lambda v: R * (2 + v)),
]
#: The pair each construct is combined with besides ``pr``: the others alternate.
_SECOND_PAIR = {0: "fg", 1: "moving"}
BREAKPOINTS = [0, 1, half, -1, Rational(3, 7), Rational(-5, 2)]


def _across(stem, klass, body, v, c, left, right, witness):
    """False statements about a jump at ``c`` from ``left`` to ``right``: each side given the other's
    value, and a two-sided limit given either."""
    lims = {d: Limit(body, v, c, d) for d in ("+", "-", "+-")}
    no_limit = _two_sided(left, right)
    return [
        false(f"{stem}.right_is_left", klass, lims["+"], left, witness=witness, limits={lims["+"]: right},
              why=f"from the right of {c} the body is {sympy.sstr(right)}"),
        false(f"{stem}.left_is_right", klass, lims["-"], right, witness=witness, limits={lims["-"]: left},
              why=f"from the left of {c} the body is {sympy.sstr(left)}"),
        false(f"{stem}.two_sided_is_left", klass, lims["+-"], left, witness=witness, limits={lims["+-"]: no_limit},
              why="the one-sided limits differ: no limit"),
        false(f"{stem}.two_sided_is_right", klass, lims["+-"], right, witness=witness, limits={lims["+-"]: no_limit},
              why="the one-sided limits differ: no limit"),
    ]


def _jump_cases():
    out = []
    for p_index, (pname, fa, fb) in enumerate(PAIRS):
        for k_index, (kind, *_ignored) in enumerate(steps(P, R, 0)):
            if pname != "pr" and _SECOND_PAIR[k_index % 2] != pname:
                continue  # the other pairs take every other construct
            c = sympy.sympify(BREAKPOINTS[(k_index + p_index) % len(BREAKPOINTS)])
            a, b = fa(x), fb(x)
            ac, bc = a.subs(x, c), b.subs(x, c)
            body, at_c = next((body, at) for name, body, at in steps(a, b, c) if name == kind)
            at_c = at_c.subs(x, c) if at_c is not None else None
            stem = f"jump.{kind}.{pname}.at_{_label(c)}"
            right, left = Limit(body, x, c, "+"), Limit(body, x, c, "-")
            out += _across(stem, "1-piecewise-limits", body, x, c, ac, bc, WITNESS)
            if pname == "pr" or k_index % 2:
                out.append(true(f"{stem}.right", "6-refuted-true", right, bc,
                                why=f"the body is {sympy.sstr(b)} on (c, c + 1)"))
            if pname == "pr" or not k_index % 2:
                out.append(true(f"{stem}.left", "6-refuted-true", left, ac,
                                why=f"the body is {sympy.sstr(a)} on (c - 1, c)"))
            if at_c is not None and at_c.xreplace(WITNESS) not in (ac.xreplace(WITNESS), bc.xreplace(WITNESS)):
                out.append(false(f"{stem}.right_is_value_at_point", "1-piecewise-limits", right, at_c,
                                 witness=WITNESS, limits={right: bc},
                                 why="the value at the breakpoint is neither one-sided limit"))
            # Off the breakpoint, a third of the way to the right: the body is B on a neighbourhood.
            off = c + Rational(1, 3)
            stem_off = f"jump.{kind}.{pname}.off_{_label(off)}"
            boff, aoff = b.subs(x, off), a.subs(x, off)
            for d in ("+", "-", "+-"):
                lim_off = Limit(body, x, off, d)
                out.append(false(f"{stem_off}.dir_{_dir(d)}_is_other_branch", "1-piecewise-limits", lim_off, aoff,
                                 witness=WITNESS, limits={lim_off: boff},
                                 why=f"{_label(off)} is not a breakpoint: the body is {sympy.sstr(b)} around it"))
            both_off = Limit(body, x, off, "+-")
            if pname == "pr":
                out.append(true(f"{stem_off}.two_sided", "6-refuted-true", both_off, boff,
                                why="off the breakpoint the body is one continuous branch"))
    return out


def _sign_cases():
    """Inequalities through a jump of sign: the issue's ``Limit(..., '-') >= 0``."""
    out = []
    square = (P - R) ** 2
    witness = {P: half, R: 1}
    for k_index, (kind, body, _) in enumerate(steps(-square, square, 0)):
        left, right, both = (Limit(body, x, 0, d) for d in ("-", "+", "+-"))
        stem = f"jump_sign.{kind}"
        out += [
            false(f"{stem}.left_nonnegative", "1-piecewise-limits", left, 0, ">=", witness=witness,
                  limits={left: -square}, why="from the left the body is -(P - R)**2 < 0 for P != R"),
            false(f"{stem}.right_nonpositive", "1-piecewise-limits", right, 0, "<=", witness=witness,
                  limits={right: square}, why="from the right the body is (P - R)**2 > 0 for P != R"),
            false(f"{stem}.two_sided_nonnegative", "1-piecewise-limits", both, 0, ">=", witness=witness,
                  limits={both: _two_sided(-square, square)}, why="no two-sided limit where P != R"),
            true(f"{stem}.right_nonnegative", "6-refuted-true", right, 0, ">=",
                 why="from the right the body is (P - R)**2"),
        ]
        if k_index % 2 == 0:
            out.append(true(f"{stem}.left_nonpositive", "6-refuted-true", left, 0, "<=",
                            why="from the left the body is -(P - R)**2"))
    return out


# Conditions in the bound variable that hold on a whole interval: (name, condition, lower end, upper end)
# of the interval where the condition holds (None: unbounded), and an interior point.
INTERVAL_CONDITIONS = [
    ("floor_is_0", lambda v: Eq(floor(v), 0), 0, 1, half),
    ("ceiling_is_1", lambda v: Eq(ceiling(v), 1), 0, 1, Rational(1, 3)),
    ("abs_is_itself", lambda v: Eq(Abs(v), v), 0, None, 2),
    ("abs_is_minus", lambda v: Eq(Abs(v), -v), None, 0, Rational(-3, 2)),
    ("sign_is_1", lambda v: Eq(sign(v), 1), 0, None, half),
    ("sign_is_minus_1", lambda v: Eq(sign(v), -1), None, 0, -3),
    ("max_is_itself", lambda v: Eq(Max(v, 0), v), 0, None, Rational(5, 3)),
    ("min_is_itself", lambda v: Eq(Min(v, 0), v), None, 0, Rational(-1, 4)),
    ("heaviside_is_1", lambda v: Eq(Heaviside(v), 1), 0, None, 1),
    ("heaviside_is_0", lambda v: Eq(Heaviside(v), 0), None, 0, Rational(-2, 7)),
    ("floor_2x_is_1", lambda v: Eq(floor(2 * v), 1), half, 1, Rational(2, 3)),
    ("abs_sum_is_1", lambda v: Eq(Abs(v - half) + Abs(v + half), 1), -half, half, Rational(1, 5)),
    ("max_with_1_is_1", lambda v: Eq(Max(v, 1), 1), None, 1, Rational(-1, 2)),
    ("min_with_1_is_1", lambda v: Eq(Min(v, 1), 1), 1, None, 3),
]

# Conditions that hold only at isolated points (name, condition, a point where it holds).
ISOLATED_CONDITIONS = [
    ("equal_to_point", lambda v: Eq(v, Rational(3, 7)), Rational(3, 7)),
    ("floor_is_itself", lambda v: Eq(floor(v), v), 1),
    ("sign_is_0", lambda v: Eq(sign(v), 0), 0),
    ("abs_is_1", lambda v: Eq(Abs(v), 1), -1),
    ("max_is_1", lambda v: Eq(Max(v, 0), 1), 1),
    ("square_is_quarter", lambda v: Eq(v**2, Rational(1, 4)), half),
]


def _puncturing_cases():
    out = []
    witness = {P: half, R: 1}
    for i, (name, cond, lo, hi, inside) in enumerate(INTERVAL_CONDITIONS):
        v = rho if i % 2 else x  # the issue's examples use rho
        a, b = (P, R) if i % 3 else (f_beta(beta=2), P * R)
        body = Piecewise((a, cond(v)), (b, True))
        stem = f"puncture.{name}"
        inside = sympy.sympify(inside)
        for d in ("+-", "+", "-"):
            lim = Limit(body, v, inside, d)
            out.append(false(f"{stem}.inside_dir_{_dir(d)}", "2-puncturing", lim, b, witness=witness,
                             limits={lim: a}, why=f"the condition holds on a neighbourhood of {inside}"))
        lim = Limit(body, v, inside, "+-")
        out.append(true(f"{stem}.inside", "6-refuted-true", lim, a, why=f"the condition holds around {inside}"))
        for end, inner in ((lo, "+"), (hi, "-")):
            if end is None:
                continue
            end = sympy.sympify(end)
            at = f"{stem}.end_{_label(end)}"
            left, right = (b, a) if inner == "+" else (a, b)
            out += _across(at, "2-puncturing", body, v, end, left, right, witness)
            if i % 2 == 0:
                out.append(true(f"{at}.inner_side", "6-refuted-true", Limit(body, v, end, inner), a,
                                why="the condition holds on that side"))
        outside = (hi + 1) if hi is not None else (lo - 1)
        lim = Limit(body, v, outside, "+-")
        out.append(false(f"{stem}.outside_is_inside", "2-puncturing", lim, a, witness=witness,
                         limits={lim: b}, why=f"the condition fails around {outside}"))
    for i, (name, cond, at) in enumerate(ISOLATED_CONDITIONS):
        v = rho if i % 2 else x
        body = Piecewise((P, cond(v)), (R, True))
        for d in ("+-",) if i % 2 else ("+-", "-"):
            lim = Limit(body, v, at, d)
            out.append(true(f"isolated.{name}.dir_{_dir(d)}", "6-refuted-true", lim, R,
                            why=f"the condition holds only at isolated points: the limit ignores {at}"))
        lim = Limit(body, v, at, "+-")
        out.append(false(f"isolated.{name}.is_value_at_point", "2-puncturing", lim, P, witness=witness,
                         limits={lim: R}, why="a limit ignores the value at an isolated point"))
    return out


def _issue_examples():
    """The examples of issue 8, literally, with ``rho`` as the bound variable."""
    witness = {P: half, R: 1}
    left = Limit(Piecewise((P, rho < 1), (R, True)), rho, 1, "-")
    both = Limit(Piecewise((P, rho > 0), (R, True)), rho, 0, "+-")
    square = (P - R) ** 2
    below = Limit(Piecewise((-square, rho < 0), (square, True)), rho, 0, "-")
    floor_body = Piecewise((P, Eq(floor(rho), 0)), (R, True))
    inside = Limit(floor_body, rho, half)
    return [
        false("issue.left_limit_is_right_branch", "1-piecewise-limits", left, R, witness=witness, limits={left: P},
              why="the limit from the left is P"),
        false("issue.two_sided_across_jump", "1-piecewise-limits", both, R, witness=witness,
              limits={both: _two_sided(R, P)}, why="no limit where P != R"),
        false("issue.left_limit_nonnegative", "1-piecewise-limits", below, 0, ">=", witness=witness,
              limits={below: -square}, why="from the left the body is -(P - R)**2"),
        false("issue.floor_condition_punctured", "2-puncturing", inside, R, witness=witness, limits={inside: P},
              why="floor(rho) = 0 on [0, 1)"),
        true("issue.left_limit", "6-refuted-true", left, P, why="the body is P for rho < 1"),
        true("issue.floor_condition", "6-refuted-true", inside, P, why="floor(rho) = 0 on [0, 1)"),
        true("issue.left_limit_nonpositive", "6-refuted-true", below, 0, "<=",
             why="from the left the body is -(P - R)**2"),
    ]


def _label(value) -> str:
    text = sympy.sstr(value).replace("/", "_").replace("-", "m")
    return text


def _dir(d: str) -> str:
    return {"+": "right", "-": "left", "+-": "both"}[d]


def build():
    """All cases of this module."""
    return _issue_examples() + _jump_cases() + _sign_cases() + _puncturing_cases()
