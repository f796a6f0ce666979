"""One statement of the soundness suite, with what makes it true or false.

A :class:`Case` is a call of :func:`symmetric.verify.check` (``lhs``,
``rhs``, ``relation``, ``conditions``, ``domain``) together with the truth:

* a FALSE case carries a ``witness``, a point of the domain where the
  statement fails, and, for every ``Limit`` in it, a hand-derived closed form
  (``limits``) valid on the whole domain, so that the failure is decided by
  exact evaluation (:mod:`.exact`) without the engine;
* a TRUE case carries a one-line ``why``.

Every case has a ``klass`` (the bug class of issue 8 it guards against, a
key of :data:`CLASSES`) and a stable ``id``.

>>> from symmetric import P, R
>>> c = false("demo.swap", "mutations", P, R, witness={P: 1, R: sympy.Rational(1, 2)}, why="P != R")
>>> c.truth, c.domain, c.relation
(False, 'unit', '==')
>>> c.call()["relation"]
'=='
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import sympy

__all__ = ["CLASSES", "DOMAINS", "Case", "false", "true", "x", "t"]

#: The classes of issue 8, by key, with a title for the tables.
CLASSES = {
    "1-piecewise-limits": "limits of Piecewise/Heaviside/floor/ceiling/sign/Abs/Max/Min bodies",
    "2-puncturing": "Eq conditions that hold on intervals",
    "3-parameters": "limits whose coefficients vanish on a degenerate set",
    "4-bound-variables": "bound variables captured by substitutions",
    "5-exceptions": "valid input that used to raise",
    "6-refuted-true": "true statements that used to be refuted",
    "7-misses": "false statements a careful checker refutes",
    "8-domain": "the metric domain (0, 1] against all positive values",
    "9-means": "classic inequalities between means",
    "mutations": "mutations of true identities",
    "10-complex": "complex exponents and values that are not real (issue 23)",
    "11-inverse-trig": "inverse trigonometric functions and integer roots (issue 23)",
    "12-floats": "Floats as their exact binary values (issue 23)",
    "13-derivatives": "derivatives at points where a step function kinks (issue 23)",
    "14-assumptions": "number-theoretic and other assumptions on symbols (issue 23)",
    "15-evalf": "numbers SymPy's evalf rounds wrongly: log, acos of rationals near 1 (issue 23, fuzzer)",
    "16-near-one-irrational": "constants near a zero of log/acos/acosh with irrational arguments (issue 29)",
    "17-gamma-family": "the gamma family at a rounded argument: loggamma(1 + 10**-60) (issue 29)",
    "18-infinite-values": "symbols whose assumptions admit +-oo: extended_positive, extended_real (issue 29)",
    "19-folds": "Abs, sign, Max, Min, floor, Piecewise conditions SymPy folds from evalf as it builds (issue 29)",
    "20-identity-zeros": "constants zero by an identity no ball shows: log(6) - log(2) - log(3) (issue 29)",
    "21-calculus-near-zero": "derivatives, integrals, sums and limits of near-zero constants (issue 29)",
    "22-subtle-assumptions": "nonnegative, integer, nonpositive, zero, complex, extended symbols (issue 29)",
    "23-extreme-numbers": "exponents of 1e-100 and 2**100, 2**(10**6), exp(-10**6), Floats (issue 29)",
}

#: Classes written at the edge of what an exact method decides (constants zero by an identity no ball shows,
#: calculus of near-zero constants, ...): their true statements are there to catch wrong refutations and false
#: proofs; proving them is not expected, so their completeness is reported apart and not held to the suite's bar.
EDGE_CLASSES = frozenset(
    {"19-folds", "20-identity-zeros", "21-calculus-near-zero", "22-subtle-assumptions", "23-extreme-numbers"}
)

#: The domains of P and R that ``check`` will take.
DOMAINS = ("unit", "positive")

#: The bound variable of most limits: a real symbol no family uses.
x = sympy.Symbol("x", real=True)
#: A positive parameter (a scale factor, a step in an exponent).
t = sympy.Symbol("t", positive=True)

_RELATIONS = ("==", "<", "<=", ">", ">=")


@dataclass(frozen=True)
class Case:
    """A statement given to ``check`` and what the suite knows about it.

    Attributes
    ----------
    id : str
        Stable, unique, ``class-prefix.description``.
    klass : str
        A key of :data:`CLASSES`.
    lhs, rhs : sympy.Expr
    relation : {"==", "<", "<=", ">", ">="}
    conditions : tuple of SymPy booleans
    domain : {"unit", "positive"}
        ``"unit"``: P and R in (0, 1] (the engine's default); ``"positive"``:
        all positive values.
    truth : bool
    why : str
        For a true case, why it holds; for a false case, how it fails.
    witness : dict
        Symbol -> exact value at which a false case fails (empty for true cases).
    limits : tuple of (Limit, closed form) pairs
        The value of each ``Limit`` of a false case as an expression in the
        free symbols valid on the whole domain; ``nan`` where the limit does
        not exist.
    must_refute : bool
        Whether a sound and careful engine must refute this false case
        (the misses of class 7 and the false cases of class 8); other false
        cases must only never be proven.
    """

    id: str
    klass: str
    lhs: sympy.Expr
    rhs: sympy.Expr
    relation: str = "=="
    conditions: tuple = ()
    domain: str = "unit"
    truth: bool = True
    why: str = ""
    witness: dict = field(default_factory=dict)
    limits: tuple = ()
    must_refute: bool = False

    def __post_init__(self):
        assert self.klass in CLASSES, self.klass
        assert self.domain in DOMAINS, self.domain
        assert self.relation in _RELATIONS, self.relation
        assert self.why, f"{self.id}: a case needs a justification"
        assert self.truth or self.witness or not self.free_symbols, f"{self.id}: a false case needs a witness"
        found = self.lhs.atoms(sympy.Limit) | self.rhs.atoms(sympy.Limit)
        if not self.truth:
            missing = found - {lim for lim, _ in self.limits}
            assert not missing, f"{self.id}: no closed form for {missing}"

    @property
    def free_symbols(self) -> set:
        return set().union(*(e.free_symbols for e in (self.lhs, self.rhs, *self.conditions)))

    @property
    def limit_map(self) -> dict:
        return dict(self.limits)

    @property
    def needs_domain_keyword(self) -> bool:
        """Whether the verdict depends on the domain keyword: every case of class 8, and any "positive" one."""
        return self.domain != "unit" or self.klass == "8-domain"

    def call(self) -> dict:
        """Keyword arguments of ``check`` for this case (``domain`` included)."""
        return {"lhs": self.lhs, "rhs": self.rhs, "relation": self.relation,
                "conditions": list(self.conditions), "domain": self.domain}

    def text(self) -> str:
        """The statement in one line, as a reader would write it."""
        out = f"{sympy.sstr(self.lhs)} {self.relation} {sympy.sstr(self.rhs)}"
        if self.conditions:
            out += " if " + " and ".join(sympy.sstr(c) for c in self.conditions)
        if self.domain != "unit":
            out += f" [domain={self.domain}]"
        return out


def _expr(value):
    return sympy.sympify(value, strict=True)


def _tuple(conditions):
    return tuple(conditions) if not isinstance(conditions, sympy.Basic) else (conditions,)


def false(id, klass, lhs, rhs, relation="==", conditions=(), *, witness, why, limits=(), domain="unit",
          must_refute=None) -> Case:
    """A false case that fails at ``witness``; ``limits`` maps each Limit to its closed form."""
    limits = tuple((lim, _expr(closed)) for lim, closed in (limits.items() if isinstance(limits, dict) else limits))
    if must_refute is None:
        must_refute = klass in ("7-misses", "8-domain")
    case = Case(id, klass, _expr(lhs), _expr(rhs), relation, _tuple(conditions), domain,
                False, why, dict(witness), tuple(limits), must_refute)
    free = case.free_symbols
    return replace(case, witness={k: _expr(v) for k, v in witness.items() if k in free})


def true(id, klass, lhs, rhs, relation="==", conditions=(), *, why, domain="unit") -> Case:
    """A true case with the one-line reason it holds."""
    return Case(id, klass, _expr(lhs), _expr(rhs), relation, _tuple(conditions), domain,
                True, why)
