"""A step's verdict under every reading of it: refuted only when every reasonable reading fails.

A step comes as one statement per *open reading* (a run of letters read as one
name or as a product, ``\\ln 2P`` as ``\\ln(2P)`` or ``\\ln(2) P``, ...): it is
proven when every reading is, refuted when every reading is, and otherwise
"unknown" naming the reading that decides. Each reading is checked under the
display's *premises* (hypotheses stated for it, bounds written beside it) and,
when the general statement is not proven, with the *values* of the worked
example it sits in. A refutation then stands only if no reading of the
context rescues it:

* a condition stated around the display under which it holds;
* the decimals written: a line with decimals is wrong only beyond the rounding
  of every decimal in it (decided with interval arithmetic, never floats);
* a name the document never defines (its value is not the document's error);
* a probability or rate, which lies in (0, 1);
* ``\\log`` read in base 10 or 2.

Counterexamples are symbol name -> exact value, both as text.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field

import mpmath
import sympy

from .. import symbols as _symbols
from ..verify import InconsistentVerdictError, check
from ..verify.core.relations import RELATION_OF_TEXT
from .means import by_means
from .pairs import has_pair
from .sums import has_opaque, opaque

__all__ = [
    "MAX_READINGS",
    "MEANS_TIMEOUT",
    "OPPOSITE",
    "Judge",
    "Outcome",
    "counterexample_text",
    "cx_text",
    "relational",
]

#: The most combinations of open readings a step is checked under.
MAX_READINGS = 8
#: The seconds a step rewritten by the inequality of means is given (a second try, after the step as written).
MEANS_TIMEOUT = 2.0
_UNIT = (_symbols.P, _symbols.R)
#: The relations of which one holding everywhere makes a relation fail everywhere.
OPPOSITE = {"==": (">", "<"), "<=": (">",), "<": (">=",), ">=": ("<",), ">": ("<=",)}


@dataclass
class Outcome:
    """A verdict: status, counterexample (name -> value, as text, or None), the reason, seconds, what it used."""

    status: str
    counterexample: dict | None
    detail: str
    seconds: float = 0.0
    notes: dict = field(default_factory=dict)


def relational(a, relation: str, b):
    """``a relation b`` as a SymPy relational, from the engine's one relation table."""
    return RELATION_OF_TEXT[relation].cls(a, b)


def counterexample_text(point) -> dict:
    """A counterexample with one key type: symbol name -> exact value, as text."""
    return {str(k): (sympy.sstr(v) if isinstance(v, sympy.Basic) else str(v)) for k, v in (point or {}).items()}


def cx_text(cx) -> str:
    return ", ".join(f"{k} = {v}" for k, v in (cx or {}).items())


def combinations(choices: dict) -> list[dict]:
    """Every combination of the options of the open readings, the default first (at most :data:`MAX_READINGS`)."""
    keys = list(choices)
    out = []
    for picks in itertools.product(*(range(len(choices[k].options)) for k in keys)):
        out.append(dict(zip(keys, picks)))
        if len(out) >= MAX_READINGS:
            break
    return out


def describe(choices: dict, combo: dict) -> str:
    return "; ".join(f"{choices[k].what} as {choices[k].options[i]}" for k, i in combo.items())


class Judge:
    """Checks statements with :func:`symmetric.verify.check` on a domain, within a time budget per check."""

    def __init__(self, *, domain: str, timeout: float) -> None:
        self.domain = domain
        self.timeout = timeout

    def verdict(self, lhs, rhs, relation, timeout=None, conditions=()) -> Outcome:
        out = self._verdict(lhs, rhs, relation, timeout, conditions)
        if out.status == "proven" or relation == "==" or out.counterexample:
            return out
        return self._by_means(lhs, rhs, relation, timeout, conditions) or out

    def _by_means(self, lhs, rhs, relation, timeout, conditions) -> Outcome | None:
        """A step proven once each sum and product of the same positive terms is written through their means
        (:func:`~symmetric.documents.means.by_means`), or None: this route proves, never refutes."""
        if not any(sympy.sympify(e).has(sympy.Product, sympy.Sum) for e in (lhs, rhs)):
            return None
        try:
            found = by_means(lhs, rhs, *conditions)
        except (ValueError, TypeError, NotImplementedError, RecursionError, AttributeError):
            return None
        if found is None:
            return None
        new_lhs, new_rhs, *new_conditions = found.exprs
        budget = min(self.timeout if timeout is None else timeout, MEANS_TIMEOUT)
        out = self._verdict(new_lhs, new_rhs, relation, budget, [*new_conditions, *found.conditions])
        if out.status != "proven":
            return None
        out.detail = f"{found.note}; {out.detail}"
        out.notes["means"] = found.terms
        return out

    def _verdict(self, lhs, rhs, relation, timeout=None, conditions=()) -> Outcome:
        start = time.perf_counter()
        timeout = self.timeout if timeout is None else timeout
        lhs, rhs = sympy.sympify(lhs), sympy.sympify(rhs)
        if any(has_pair(e) for e in (lhs, rhs, *conditions)):
            return Outcome("unknown", None, "a pair of values (\\pm or an interval) where one value is expected")
        notes: list = []
        if any(has_opaque(e) for e in (lhs, rhs, *conditions)):
            try:
                lhs, rhs, *conditions, notes = opaque(lhs, rhs, *conditions)
            except (ValueError, TypeError, NotImplementedError, RecursionError, AttributeError) as exc:
                return Outcome("unknown", None, f"a sum or product could not be taken apart ({type(exc).__name__})")
            if any(e.has(sympy.Sum, sympy.Product) for e in (lhs, rhs, *conditions)):
                return Outcome("unknown", None, "a sum or product the engine cannot take: read, not decided")
        if notes:
            seen = points(lhs, rhs, relation, conditions)
            if True in seen and False in seen:  # neither an identity nor wrong for every value of the quantities
                fails = seen[False]
                return Outcome(
                    "unknown",
                    None,
                    f"fails at values of its sums and brackets that they may never take ({cx_text(fails)}); "
                    + notes[0],
                    time.perf_counter() - start,
                )
        v = self._check(lhs, rhs, relation, timeout, conditions)
        if isinstance(v, Outcome):
            v.seconds = time.perf_counter() - start
            return v
        detail = v.method if v.status == "proven" else (v.detail or v.method)
        cx = counterexample_text(v.counterexample) if v.status == "refuted" else None
        if notes and v.status == "refuted":
            # the quantities may fail only at values they never take: wrong only if wrong for every value of them
            everywhere = not holds_somewhere(lhs, rhs, relation, conditions) and any(
                getattr(self._check(lhs, rhs, r, timeout / 2, conditions), "status", None) == "proven"
                for r in OPPOSITE[relation]
            )
            if not everywhere:
                return Outcome(
                    "unknown",
                    None,
                    f"fails at values of its sums and brackets that they may never take ({cx_text(cx)}); " + notes[0],
                    time.perf_counter() - start,
                )
            detail += "; it fails for every value of its sums and brackets"
        if notes and v.status == "proven":
            detail += "; " + "; ".join(notes)
        return Outcome(v.status, cx, detail, time.perf_counter() - start)

    def _check(self, lhs, rhs, relation, timeout, conditions):
        """The engine's verdict, or an unknown Outcome when the engine cannot take the statement."""
        try:
            return check(lhs, rhs, relation=relation, conditions=tuple(conditions), domain=self.domain, timeout=timeout)
        except InconsistentVerdictError:
            raise
        except (ValueError, TypeError, NotImplementedError, RecursionError, AttributeError) as exc:
            return Outcome("unknown", None, f"the engine could not take it ({type(exc).__name__}: {exc})")

    # -- one statement under its premises and the values of its example ---------------------------------
    def evaluate(self, lhs, rhs, relation, premises=(), values=None, timeout=None) -> Outcome:
        lhs, rhs, conditions, used = apply_premises(lhs, rhs, premises)
        general = self.verdict(lhs, rhs, relation, timeout, conditions)
        if used:
            general.notes["premises"] = used
        if general.status == "proven" or not values:
            return general
        free = lhs.free_symbols | rhs.free_symbols
        bound = {s: v for s, (v, _) in values.items() if s in free}
        if not bound:
            return general
        facts = [values[s][1].text() for s in bound]
        with_values = self.verdict(
            lhs.xreplace(bound), rhs.xreplace(bound), relation, timeout, [c.xreplace(bound) for c in conditions]
        )
        with_values.notes.update(general.notes)
        with_values.notes["values"] = facts
        if with_values.status == "proven":
            with_values.detail = "holds with the values of its worked example: " + "; ".join(facts)
            return with_values
        if with_values.status == "refuted" and general.status == "refuted":
            with_values.counterexample = {**counterexample_text(bound), **(with_values.counterexample or {})}
            with_values.detail = (
                f"fails with the values of its worked example ({'; '.join(facts)}): {with_values.detail}"
            )
            return with_values
        return general

    # -- the verdict over the open readings -------------------------------------------------------------
    def decide(self, readings, relation, *, premises=(), values=None, rescue=None, settled=()) -> Outcome:
        """``readings``: ``(label, lhs, rhs)``, the default reading first; ``rescue(outcome)``: an Outcome making a
        refutation unknown, or None; ``settled``: the indices of the readings the document itself settles on (its
        latest definitions of a name defined twice): proven under each of them, the step is proven even where a
        reading with an earlier definition fails. A refutation still needs every reading to fail."""
        share = self.timeout if len(readings) == 1 else self.timeout / min(len(readings), 3)
        results = [(label, self.evaluate(lhs, rhs, relation, premises, values, share)) for label, lhs, rhs in readings]
        statuses = [r.status for _, r in results]
        first = results[0][1]
        if all(s == "proven" for s in statuses):
            if len(results) > 1:
                first.notes["open"] = [f"holds under every reading ({len(results)})"]
            return first
        if all(s == "refuted" for s in statuses):
            rescued = rescue(first) if rescue is not None else None
            return rescued if rescued is not None else first
        held = [label for label, r in results if r.status == "proven"]
        failed = [(label, r) for label, r in results if r.status == "refuted"]
        parts = []
        if held:
            parts.append("holds reading " + " / ".join(held))
        if failed:
            parts.append(
                "fails reading "
                + " / ".join(
                    f"{label}" + (f" (at {cx_text(r.counterexample)})" if r.counterexample else "")
                    for label, r in failed
                )
            )
        if not held and not failed:
            return first
        chosen = [results[k] for k in settled if k < len(results)]
        if chosen and len(chosen) == len(settled) and all(r.status == "proven" for _, r in chosen):
            proven = chosen[0][1]
            proven.detail = (
                f"{proven.detail}; read with the definitions in force at this line (the latest before it: "
                + " / ".join(dict.fromkeys(label for label, _ in chosen))
                + ")"
            )
            proven.notes["open"] = ["settled by the latest definition before the step: " + "; ".join(parts)]
            return proven
        reason = "depends on a reading the display does not fix: " + "; ".join(parts)
        if len(results) < len(statuses) or any(s == "unknown" for s in statuses):
            reason += "; undecided under the other readings"
        out = Outcome("unknown", None, reason, sum(r.seconds for _, r in results))
        out.notes["open"] = parts
        return out


_TRIALS = (
    (1, 2, sympy.Rational(1, 2), 3, sympy.Rational(1, 3)),
    (2, 1, 3, sympy.Rational(1, 2), 5),
    (1, 1, 1, 1, 1),
    (3, sympy.Rational(1, 2), 1, 2, sympy.Rational(2, 3)),
)


def holds_somewhere(lhs, rhs, relation, conditions=()) -> bool:
    """Whether exact values of the symbols (in their domains, under the conditions) are found at which the
    statement holds: then it does not fail everywhere (a quick look before the engine is asked; never a proof)."""
    return True in points(lhs, rhs, relation, conditions)


def points(lhs, rhs, relation, conditions=()) -> dict:
    """``{True: point, False: point}``: rational points of the symbols' domains (under the conditions) at which the
    statement holds, and fails, both sides evaluating to rational numbers (told exactly, never a float)."""
    found: dict = {}
    symbols = sorted(set().union(*(e.free_symbols for e in (lhs, rhs, *conditions))), key=str)
    for trial in _TRIALS:
        point = {}
        for k, s in enumerate(symbols):
            value = sympy.sympify(trial[k % len(trial)])
            if s in _UNIT:
                value = 1 / (1 + value)
            elif s.is_positive is not True and s.is_nonnegative is not True and k % 2:
                value = -value  # a real symbol: try negative values too
            if s.is_integer and not value.is_integer:
                value = sympy.ceiling(value)
            point[s] = value
        try:
            a, b = lhs.xreplace(point), rhs.xreplace(point)
            kept = all(c.xreplace(point) == sympy.true for c in conditions)
        except (TypeError, ValueError, ZeroDivisionError):
            continue
        if not (kept and a.is_Rational and b.is_Rational):
            continue
        holds = bool(relational(a, relation, b))
        found.setdefault(holds, {str(s): sympy.sstr(v) for s, v in point.items()})
    return found


def apply_premises(lhs, rhs, premises):
    """The statement under its premises: an equation ``x = f`` substituted, a bound kept as a condition."""
    conditions, used = [], []
    free = lhs.free_symbols | rhs.free_symbols
    for p in premises:
        if p.relation is not None:
            if p.relation.free_symbols & free:
                conditions.append(p.relation)
                used.append(p.text())
        elif p.symbol in free:
            lhs, rhs = lhs.subs(p.symbol, p.value), rhs.subs(p.symbol, p.value)
            conditions = [c.subs(p.symbol, p.value) for c in conditions]
            used.append(p.text())
            free = lhs.free_symbols | rhs.free_symbols
    conditions = [c for c in conditions if c not in (sympy.true,)]
    return lhs, rhs, conditions, used


# -- decimals, read to the digits written ---------------------------------------------------------------------
def interval_difference(expr, decimals: dict, digits: int = 60):
    """An enclosure of ``expr`` (free of symbols but the decimal placeholders) with each decimal ``d`` written with
    ``k`` digits replaced by the interval of values that round to it: ``(lo, hi)`` as mpmath numbers, or None
    (at ``digits`` decimal digits; mpmath's interval precision is restored after)."""

    def ev(e):
        if e in decimals:
            value, k = decimals[e]
            half = mpmath.iv.mpf(1) / (2 * 10**k)
            centre = mpmath.iv.mpf(value.p) / value.q
            return mpmath.iv.mpf([centre.a - half.b, centre.b + half.b])
        if e.is_Integer:
            return mpmath.iv.mpf(int(e))
        if e.is_Rational:
            return mpmath.iv.mpf(int(e.p)) / int(e.q)
        if e is sympy.E:
            return mpmath.iv.e
        if e is sympy.pi:
            return mpmath.iv.pi
        if e.is_Add:
            total = mpmath.iv.mpf(0)
            for a in e.args:
                total = total + ev(a)
            return total
        if e.is_Mul:
            total = mpmath.iv.mpf(1)
            for a in e.args:
                total = total * ev(a)
            return total
        if e.is_Pow:
            base, exponent = ev(e.base), e.exp
            if exponent.is_Integer:
                return base ** int(exponent)
            if exponent == sympy.S.Half:
                return mpmath.iv.sqrt(base)
            return mpmath.iv.exp(ev(exponent) * mpmath.iv.log(base))
        if isinstance(e, sympy.exp):
            return mpmath.iv.exp(ev(e.args[0]))
        if isinstance(e, sympy.log):
            return mpmath.iv.log(ev(e.args[0]))
        if isinstance(e, sympy.Abs):
            x = ev(e.args[0])
            return mpmath.iv.mpf([0 if x.a <= 0 <= x.b else min(abs(x.a), abs(x.b)), max(abs(x.a), abs(x.b))])
        raise ValueError(f"no interval rule for {type(e).__name__}")

    saved = mpmath.iv.prec
    mpmath.iv.dps = digits
    try:
        value = ev(expr)
    except (ValueError, ZeroDivisionError, TypeError):
        return None
    finally:
        mpmath.iv.prec = saved
    return value.a, value.b


def rounding_verdict(lhs, rhs, relation, decimals: dict):
    """``"holds"`` when some values rounding to the decimals written make the step right, ``"fails"`` when none
    does, None when it cannot be told (symbols left, or no interval rule)."""
    difference = lhs - rhs
    if difference.free_symbols - set(decimals):
        return None
    bounds = interval_difference(difference, decimals)
    if bounds is None:
        return None
    lo, hi = bounds
    if relation == "==":
        return "holds" if lo <= 0 <= hi else "fails"
    if relation in ("<", "<="):
        return "holds" if lo < 0 or (relation == "<=" and lo <= 0) else "fails"
    return "holds" if hi > 0 or (relation == ">=" and hi >= 0) else "fails"
