"""A derivation as a checked chain: definitions, operations that record their trust, and checked rewrites.

A :class:`Derivation` records the steps of a proof script while it computes
one side of a claim. Each step is one of:

* a **definition** (:meth:`Derivation.step` with an expression): what the
  derivation starts from (a family's definition, data, a formula the source
  states), trusted as typed. Definitions come before the first operation;
* a **citation** (:meth:`Derivation.cite`): an expression that another claim
  establishes, trusted as that claim;
* an **operation** the derivation performs itself on earlier steps, which
  records what it trusts: :meth:`~Derivation.differentiate`,
  :meth:`~Derivation.substitute`, :meth:`~Derivation.apply` (a formula of
  earlier results, by SymPy's automatic evaluation),
  :meth:`~Derivation.limit` (left for the engine's sound limit routine) and
  :meth:`~Derivation.solve` (each solution checked by substituting it back);
* a **rewrite** (:meth:`Derivation.rewrite`): any new form of the previous
  step's expression, however it was obtained (``simplify``, ``factor``,
  ``cancel``, by hand); the engine checks that it stands in the stated
  relation to the previous expression, on the claim's domain and conditions,
  as it checks the final statement;
* a **note** (:meth:`Derivation.step` without an expression).

The claim's derived side is the last step's expression. While a derivation
runs, SymPy's rewriting functions called from the proof script are watched:
a result of ``simplify`` (and the like) that enters any step but a rewrite
makes that step *unchecked* (:func:`chain_problems` lists it, and the test
suite fails on it for the built-in claims). Watched are the calls through the
``sympy`` module (``sympy.simplify(e)``) and expression methods
(``e.simplify()``, ``e.subs(...)``); a name imported before the derivation
ran (``from sympy import simplify``) escapes the watch, and a definition
typed by hand is trusted as typed: hand algebra belongs in a rewrite.

>>> import sympy
>>> from symmetric import P, R, f_beta
>>> d = Derivation()
>>> F = d.step("F_1", f_beta(beta=1))
>>> d.rewrite("As the harmonic mean", 2 / (1 / P + 1 / R))
2/(1/R + 1/P)
>>> [(s.kind, s.checks) for s in d.steps]
[('definition', ()), ('rewrite', ((2*P*R/(P + R), '==', 2/(1/R + 1/P)),))]
"""

from __future__ import annotations

import contextlib
import sys
from dataclasses import dataclass, replace
from pathlib import Path

import sympy

from ..._constraints import CALLABLE, Options, Predicate, declare
from ..._validation import InvalidParameterError
from ..core.statement import RELATIONS
from .report import plain

__all__ = ["KINDS", "TRUSTS", "Derivation", "Step", "chain_problems", "watch_rewriting"]

#: The kinds of step.
KINDS = ("definition", "citation", "operation", "rewrite", "note")

#: What each operation of :class:`Derivation` trusts.
TRUSTS = {
    "definition": "the definition as typed",
    "differentiate": "SymPy differentiation (diff) and its automatic evaluation",
    "substitute": "SymPy substitution (xreplace) and its automatic evaluation",
    "apply": "SymPy automatic evaluation of the formula applied to earlier results",
    "limit": (
        "nothing: the limit stays unevaluated; the engine's sound limit routine (verify/limits.py) "
        "evaluates it when a later rewrite or the statement is checked"
    ),
    "solve": (
        "SymPy solve for the list of solutions (its completeness is not checked); "
        "each solution is checked by substituting it back"
    ),
    "assume": "SymPy's assumptions on the refined symbol, written back to the original and stated as a condition",
}


def _sstr(expr) -> str:
    if isinstance(expr, dict):
        return "{" + ", ".join(f"{_sstr(k)}: {_sstr(v)}" for k, v in expr.items()) + "}"
    if isinstance(expr, (list, tuple)):
        return "[" + ", ".join(_sstr(e) for e in expr) + "]"
    return expr if isinstance(expr, str) else plain(expr)


def _map(value, f):
    if isinstance(value, dict):
        return {_map(k, f): _map(v, f) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_map(v, f) for v in value)
    return f(value) if isinstance(value, sympy.Basic) else value


@dataclass(frozen=True)
class Step:
    """One line of a derivation.

    Attributes
    ----------
    text : str
        The sentence.
    expr : object
        The expression the step produced (None for a note).
    kind : {"definition", "citation", "operation", "rewrite", "note"}
    relation : str or None
        For a rewrite: ``previous <relation> expr`` is checked.
    trusts : str
        What an unchecked step relies on (a definition, a claim, SymPy's differentiation).
    checks : tuple of (lhs, relation, rhs)
        The statements the engine checks for this step (a rewrite: one; a solve: one per solution).
    problem : str
        Why the step breaks the chain (empty when it does not); see :func:`chain_problems`.
    claim : str
        The id of the claim a citation relies on.
    """

    text: str
    expr: object = None
    kind: str = "definition"
    relation: str | None = None
    trusts: str = ""
    checks: tuple = ()
    problem: str = ""
    claim: str = ""

    def __post_init__(self) -> None:
        if self.expr is None and self.kind == "definition":
            object.__setattr__(self, "kind", "note")

    @property
    def checked(self) -> bool:
        """Whether the engine checks this step when it checks the claim."""
        return bool(self.checks)

    def written_back(self, mapping: dict) -> Step:
        """The step with the refined symbols of :meth:`Derivation.assume` replaced by the originals."""
        if not mapping:
            return self

        def back(e):
            return e.xreplace(mapping)

        return replace(
            self,
            expr=_map(self.expr, back),
            checks=tuple((back(sympy.sympify(a)), r, back(sympy.sympify(b))) for a, r, b in self.checks),
        )

    def to_dict(self) -> dict:
        return {
            "text": self.text,
            "expr": None if self.expr is None else _sstr(self.expr),
            "kind": self.kind,
            "relation": self.relation,
            "trusts": self.trusts or None,
            "claim": self.claim or None,
            "problem": self.problem or None,
        }


# --- watching SymPy's rewriting -------------------------------------------------------------------

#: SymPy functions and methods whose results rewrite an expression (their use needs a checked step).
REWRITING = (
    "simplify",
    "cancel",
    "factor",
    "together",
    "expand",
    "solve",
    "solveset",
    "nsimplify",
    "powsimp",
    "powdenest",
    "radsimp",
    "ratsimp",
    "trigsimp",
    "collect",
    "apart",
    "expand_log",
    "logcombine",
    "expand_power_base",
    "expand_power_exp",
    "expand_mul",
    "factor_terms",
    "gcd_terms",
    "combsimp",
    "gammasimp",
    "separatevars",
    "nonlinsolve",
    "linsolve",
    "posify",
    "refine",
    "limit",
)
_METHODS = (
    "simplify",
    "cancel",
    "factor",
    "together",
    "expand",
    "nsimplify",
    "powsimp",
    "radsimp",
    "ratsimp",
    "trigsimp",
    "collect",
    "apart",
    "combsimp",
    "gammasimp",
    "refine",
    "limit",
)
#: SymPy operations that :class:`Derivation` performs itself, with the method that records them.
OPERATIONS = {"diff": "d.differentiate", "subs": "d.substitute", "xreplace": "d.substitute"}
# SymPy and the symmetric package (this file is symmetric/verify/claims/derivation.py).
_TRUSTED_DIRS = (str(Path(sympy.__file__).resolve().parent), str(Path(__file__).resolve().parents[2]))
_active: list = []  # the Derivation being watched


_SCRIPT_FILES: dict[str, bool] = {}


def _from_script(frame) -> bool:
    """Whether ``frame`` runs code outside SymPy and symmetric (a proof script or its helpers)."""
    name = frame.f_code.co_filename
    known = _SCRIPT_FILES.get(name)
    if known is None:
        try:
            resolved = str(Path(name).resolve())
        except (OSError, ValueError):  # pragma: no cover - odd file names
            resolved = name
        known = _SCRIPT_FILES[name] = not resolved.startswith(_TRUSTED_DIRS)
    return known


def _expressions(value):
    if isinstance(value, sympy.Basic):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _expressions(k)
            yield from _expressions(v)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            yield from _expressions(v)


def _wrap(function, name):
    def watched(*args, **kwargs):
        out = function(*args, **kwargs)
        if _active and _from_script(sys._getframe(1)):
            given = set(_expressions(args[:1]))
            fresh = [e for e in _expressions(out) if e not in given and not e.is_Atom]
            for e in fresh:  # a number would match typed data by coincidence
                _active[-1]._tainted[e] = name
            if fresh:  # also noted by order: arithmetic on a result can hide it (exp(a)*exp(b) is exp(a + b))
                _active[-1]._pending.append(name)
        return out

    watched.__wrapped__ = function  # type: ignore[attr-defined]
    return watched


@contextlib.contextmanager
def watch_rewriting(derivation: Derivation):
    """Within the block, results of SymPy's rewriting called from outside SymPy and symmetric are noted.

    ``derivation`` then marks each step that uses one, unless it is a
    rewrite (which the engine checks). The functions are restored on leaving.
    """
    saved = []
    try:
        for name in REWRITING:
            f = getattr(sympy, name, None)
            if f is not None and not hasattr(f, "__wrapped__"):
                saved.append((sympy, name, f))
                setattr(sympy, name, _wrap(f, name))
        if not hasattr(sympy.diff, "__wrapped__"):
            saved.append((sympy, "diff", sympy.diff))
            sympy.diff = _wrap(sympy.diff, "diff")
        for name in (*_METHODS, *OPERATIONS):
            for cls in (sympy.Basic, sympy.Expr):
                f = cls.__dict__.get(name)
                if f is not None and not hasattr(f, "__wrapped__"):
                    saved.append((cls, name, f))
                    setattr(cls, name, _wrap(f, name))
        _active.append(derivation)
        yield derivation
    finally:
        if _active and _active[-1] is derivation:
            _active.pop()
        for owner, name, f in reversed(saved):
            setattr(owner, name, f)


# --- the recorder ---------------------------------------------------------------------------------


def _undefined(expr) -> bool:
    """Whether ``expr`` is zoo or nan, or has one outside the value of a Piecewise branch.

    ``P/0`` is zoo as built: never a step. A Piecewise may state its undefined case as a
    ``nan`` branch (``solve`` gives ``Piecewise((beta, Ne(rho, 0)), (nan, True))``), which the
    claim's conditions exclude; the engine checks the statement on that domain.
    """
    if expr is sympy.zoo or expr is sympy.nan:
        return True
    if not isinstance(expr, sympy.Basic):
        return False
    if isinstance(expr, sympy.Piecewise):
        values = [_undefined(value) for value, _ in expr.args]
        return all(values) or any(_undefined(condition) for _, condition in expr.args)
    return any(_undefined(arg) for arg in expr.args)


#: A claim's id, as ``cite`` takes it; the symbols-to-values mapping of ``substitute``.
_CLAIM_ID = Predicate(
    "the id of a claim (a non-empty str)", lambda v: isinstance(v, str) and bool(v), invalid=("", 3, None)
)
_MAPPING = Predicate("a dict of symbols to values", lambda v: isinstance(v, dict), invalid=([], "x=1", None))


class Derivation:
    """Records the steps of a derivation while it computes (see the module docstring)."""

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self.refined: dict[sympy.Symbol, sympy.Symbol] = {}
        self._tainted: dict = {}
        self._pending: list[str] = []  # watched rewriting since the last step, in the order called

    # -- bookkeeping

    def _record(self, step: Step):
        if any(_undefined(e) for e in _expressions(step.expr)):  # P/0 gives zoo: never a step
            raise InvalidParameterError.of(
                "expr",
                "Derivation.step" if step.kind == "definition" else "Derivation",
                f"a defined expression (step {step.text!r} evaluates to zoo or nan: a division by zero?)",
                step.expr,
            )
        problem = step.problem
        if not problem and step.kind != "rewrite":
            problem = self._taint_of(step.expr) or self._pending_problem()
        self._pending.clear()  # a rewrite checks what was computed before it
        if not problem and step.kind == "definition" and any(s.kind in ("operation", "rewrite") for s in self.steps):
            problem = (
                "a definition after the derivation started: state it before the first operation, "
                "cite the claim that proves it (d.cite) or check it (d.rewrite)"
            )
        self.steps.append(replace(step, problem=problem) if problem != step.problem else step)
        return step.expr

    def _taint_of(self, value) -> str:
        if not self._tainted:
            return ""
        for e in _expressions(value):
            for t, name in self._tainted.items():
                if e == t or e.has(t):
                    if name in OPERATIONS:
                        return (
                            f"uses sympy {name} outside the derivation's operations: record it with {OPERATIONS[name]}"
                        )
                    return f"uses the result of sympy {name}, which no rewrite step checked: record it with d.rewrite"
        return ""

    def _pending_problem(self) -> str:
        """A step recorded after the script called SymPy's rewriting, whose result no subexpression shows."""
        if not self._pending:
            return ""
        name = self._pending[0]
        if name in OPERATIONS:
            return (
                f"follows a call of sympy {name} outside the derivation's operations: record it with {OPERATIONS[name]}"
            )
        return f"follows a call of sympy {name} whose result no rewrite step checked: record it with d.rewrite"

    def _earlier(self, value) -> bool:
        """Whether ``value`` is the expression of an earlier step (or part of one that holds several)."""
        for s in self.steps:
            if s.expr is None:
                continue
            if value == s.expr or (
                not isinstance(s.expr, sympy.Basic) and any(value == e for e in _expressions(s.expr))
            ):
                return True
        return False

    def _operation(self, text, expr, trusts, inputs, checks=()):
        problem = next((self._taint_of(i) for i in inputs if self._taint_of(i)), "")
        if not problem and not all(self._earlier(i) for i in inputs):
            problem = (
                "its input is not the expression of an earlier step: start from a definition (d.step) "
                "or a citation (d.cite)"
            )
        return self._record(Step(text, expr, "operation", None, trusts, tuple(checks), problem))

    @staticmethod
    def _expr(value, name, func):
        if isinstance(value, str) or not isinstance(value, (sympy.Basic, int, float)) or isinstance(value, bool):
            raise InvalidParameterError.of(name, func, "a SymPy expression", value)
        return sympy.sympify(value)

    # -- steps

    def step(self, text: str, expr=None):
        """Record a definition (``expr``: what the derivation starts from) or, without ``expr``, a note; return ``expr``."""
        return self._record(Step(text, expr, "definition", trusts=TRUSTS["definition"] if expr is not None else ""))

    @declare(claim=_CLAIM_ID)
    def cite(self, text: str, expr, *, claim: str):
        """Record ``expr`` as established by the claim ``claim`` (one side of its statement) and return it."""
        return self._record(Step(text, expr, "citation", trusts=f"claim {claim}", claim=claim))

    @declare(relation=Options(RELATIONS))
    def rewrite(self, text: str, expr, relation: str = "=="):
        """Record ``expr`` as a new form of the previous step's expression and return it.

        The engine checks ``previous <relation> expr`` on the claim's domain
        and conditions when it checks the claim (a chain ``a == b <= c`` is
        written ``d.rewrite(.., b)``, ``d.rewrite(.., c, "<=")``); a refuted
        rewrite fails the claim and is named with its counterexample.
        """
        expr = self._expr(expr, "expr", "Derivation.rewrite")
        previous = next((s.expr for s in reversed(self.steps) if isinstance(s.expr, sympy.Basic)), None)
        if previous is None:
            raise InvalidParameterError.of(
                "expr", "Derivation.rewrite", "a rewrite of an earlier step's expression (record that step first)", expr
            )
        self._tainted.pop(expr, None)  # checked from now on
        return self._record(Step(text, expr, "rewrite", relation, "", ((previous, relation, expr),)))

    def differentiate(self, text: str, expr, *variables):
        """Record and return the derivative of ``expr`` (an earlier step's expression) in ``variables``."""
        expr = self._expr(expr, "expr", "Derivation.differentiate")
        return self._operation(text, sympy.diff(expr, *variables), TRUSTS["differentiate"], [expr])

    @declare(mapping=_MAPPING)
    def substitute(self, text: str, expr, mapping: dict):
        """Record and return ``expr`` (an earlier step's expression) with ``mapping`` substituted (``xreplace``)."""
        mapping = {sympy.sympify(k): sympy.sympify(v) for k, v in mapping.items()}
        inputs = [expr]
        if not isinstance(expr, (dict, list, tuple)):
            expr = self._expr(expr, "expr", "Derivation.substitute")
        out = _map(expr, lambda e: e.xreplace(mapping))
        return self._operation(text, out, TRUSTS["substitute"], inputs)

    @declare(formula=CALLABLE)
    def apply(self, text: str, formula, *inputs):
        """Record and return ``formula(*inputs)``, a formula (a function) of earlier steps' expressions."""
        return self._operation(text, formula(*inputs), TRUSTS["apply"], list(inputs))

    def limit(self, text: str, expr, variable, point, direction: str | None = None):
        """Record and return the unevaluated limit of ``expr`` (an earlier step's expression).

        The engine's sound limit routine evaluates it when a later rewrite
        step, or the claim's statement, is checked. ``direction`` is
        SymPy's (``"+"``, ``"-"``, ``"+-"``; by default ``"+"``, and ``"-"``
        towards ``oo``).
        """
        expr = self._expr(expr, "expr", "Derivation.limit")
        limit = (
            sympy.Limit(expr, variable, point) if direction is None else sympy.Limit(expr, variable, point, direction)
        )
        return self._operation(text, limit, TRUSTS["limit"], [expr])

    def solve(self, text: str, equation, symbol):
        """Record and return the solutions of ``equation`` (an earlier step's expression, or an ``Eq`` of them) for ``symbol``.

        Each solution is checked by substituting it back: the engine checks
        that both sides agree there, on the claim's domain and conditions.
        """
        if isinstance(equation, sympy.Equality):
            sides, inputs = (equation.lhs, equation.rhs), [equation.lhs, equation.rhs]
        else:
            equation = self._expr(equation, "equation", "Derivation.solve")
            sides, inputs = (equation, sympy.Integer(0)), [equation]
        inputs = [i for i in inputs if not (isinstance(i, sympy.Basic) and i.is_Atom)]
        solutions = sympy.solve(sympy.Eq(*sides), symbol)
        checks = tuple((sides[0].xreplace({symbol: x}), "==", sides[1].xreplace({symbol: x})) for x in solutions)
        return self._operation(text, solutions, TRUSTS["solve"], inputs, checks)

    def assume(self, symbol: sympy.Symbol, **assumptions) -> sympy.Symbol:
        """A copy of ``symbol`` with extra assumptions, for SymPy to use while deriving.

        The checked statement is written back in terms of ``symbol``, so the
        claim must state the matching condition (``Ne(rho, 0)`` for
        ``nonzero=True``); the engine then checks it on that domain.
        """
        refined = sympy.Symbol(symbol.name, **{**symbol.assumptions0, **assumptions})
        self.refined[refined] = symbol
        self.steps.append(
            Step(
                "Assume " + ", ".join(f"{symbol} {k}" if v else f"{symbol} not {k}" for k, v in assumptions.items()),
                None,
                "note",
                trusts=TRUSTS["assume"],
            )
        )
        return refined


# --- the chain rule -------------------------------------------------------------------------------


def chain_problems(claim, claims: dict | None = None) -> list[str]:
    """Why ``claim``'s statement does not follow from its definitions by operations and checked steps.

    The rule: the derivation's last step is one side of the checked
    statement; each step is a definition before the first operation, a
    citation, an operation on earlier steps or a rewrite that the engine
    checks; no result of SymPy's rewriting enters a step unchecked. With
    ``claims`` (id -> Claim), each citation must name a claim expected to be
    proven, an equation whose side is the cited expression and whose
    conditions the citing claim states too. A claim whose derivation failed
    has no problems here (it fails when run).
    """
    if claim.lhs is None:
        return []
    problems = [f"step {i} ({s.text!r}): {s.problem}" for i, s in enumerate(claim.steps, 1) if s.problem]
    # The derived side is the last expression; solutions found after it (lists) may follow.
    exprs = [s.expr for s in claim.steps if s.expr is not None]
    while len(exprs) > 1 and isinstance(exprs[-1], list):
        exprs.pop()
    if not exprs:
        problems.append("no step: record the definition the statement starts from (d.step)")
    elif not any(exprs[-1] == side for side in (claim.lhs, claim.rhs)):
        problems.append("the derived side is not the last step's expression: record how it was obtained")
    for i, s in enumerate(claim.steps, 1):
        if s.kind != "citation" or claims is None:
            continue
        cited = claims.get(s.claim)
        if cited is None or cited.lhs is None:
            problems.append(f"step {i} cites {s.claim!r}, which is not a loaded claim with a statement")
        elif cited.expected != "proven" or cited.relation != "==" or s.expr not in (cited.lhs, cited.rhs):
            problems.append(f"step {i} cites {s.claim!r}, which does not state {_sstr(s.expr)} as a proven equation")
        elif not set(cited.conditions) <= set(claim.conditions):
            problems.append(
                f"step {i} cites {s.claim!r} under conditions the claim does not state: "
                + ", ".join(map(str, set(cited.conditions) - set(claim.conditions)))
            )
    return problems
