"""The engine's showdown (:func:`cucu_ref.game.scoring.decide`) run on z3 terms: the operations
it is written in (:class:`Z3Ops`, the twin of :class:`cucu_ref.game.scoring.PlainOps`) and the
marks it moves.  Below :mod:`~cucu_ref.assurance.formal.showdown` (the specification it is
proved equal to) and used by
the step model's showdown (:func:`final_marks`), the property checks and the live-marks proof;
it imports only :mod:`.model`'s term helpers, so no module above it is needed to score a deal.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

import z3

from ...game.rulesets import Rules
from ...game.scoring import HIGH, Decision, decide
from .model import AND, B2I, EQ, NONE, NOT, OR, Model, St, ite

Term = Any


def _z(x: Term) -> Term:
    return z3.BoolVal(x) if isinstance(x, bool) else z3.IntVal(x) if isinstance(x, int) else x


class Z3Ops:
    """:class:`cucu_ref.game.scoring.PlainOps` on z3 terms (Python values pass through, simplified)."""

    ite = staticmethod(ite)
    AND = staticmethod(AND)
    OR = staticmethod(OR)
    NOT = staticmethod(NOT)

    @staticmethod
    def both(a: Sequence[Term], b: Sequence[Term]) -> list[Any]:
        return [AND(x, y) for x, y in zip(a, b)]

    @staticmethod
    def but(a: Sequence[Term], b: Sequence[Term]) -> list[Any]:
        return [AND(x, NOT(y)) for x, y in zip(a, b)]

    @staticmethod
    def only_if(c: Term, a: Sequence[Term]) -> list[Any]:
        return [AND(c, x) for x in a]

    @staticmethod
    def where_else(c: Sequence[Term], a: Term, b: Sequence[Term]) -> list[Any]:
        return [ite(x, a, y) for x, y in zip(c, b)]

    @staticmethod
    def where(mask: Sequence[Term]) -> list[int]:
        return [j for j, x in enumerate(mask) if not (x is False or (isinstance(x, z3.ExprRef) and z3.is_false(x)))]

    @staticmethod
    def holds_any(values: Sequence[Term], value: int, mask: Optional[Sequence[Term]] = None) -> bool:
        rows = [EQ(v, value) for v in values]
        return Z3Ops.possible(rows if mask is None else Z3Ops.both(mask, rows))

    @staticmethod
    def some_at_least(values: Sequence[Term], bound: int) -> bool:
        return Z3Ops.possible([v >= bound for v in values])

    @staticmethod
    def lowest_tied(values: Sequence[Term], mask: Sequence[Term]) -> tuple[Term, list[Any]]:
        low = Z3Ops.lowest(values, mask)
        return low, [AND(m, EQ(v, low)) for v, m in zip(values, mask)]

    @staticmethod
    def possible(mask: Sequence[Term]) -> bool:
        return bool(Z3Ops.where(mask))

    @staticmethod
    def count(xs: Sequence[Term]) -> Term:
        return sum(B2I(x) for x in xs)

    @staticmethod
    def lowest(values: Sequence[Term], mask: Sequence[Term]) -> Term:
        low: Term = HIGH
        for v, m in zip(values, mask):
            if m is False:
                continue
            low = ite(AND(m, v < low), v, low)
        return low

    @staticmethod
    def first(mask: Sequence[Term]) -> list[Any]:
        seen: Term = False
        out = []
        for m in mask:
            out.append(AND(m, NOT(seen)))
            seen = OR(seen, m)
        return out

    @staticmethod
    def last(mask: Sequence[Term]) -> list[Any]:
        return Z3Ops.first(list(mask)[::-1])[::-1]

    @staticmethod
    def get(values: Sequence[Term], i: Term, default: Term) -> Term:
        if not isinstance(i, z3.ExprRef):
            return values[i] if 0 <= i < len(values) else default
        r = default
        for k, v in enumerate(values):
            r = ite(EQ(i, k), v, r)
        return r



def engine_decision(rules: Rules, family: str, vals: Sequence[Any], live: Sequence[Any], dead_hand: Sequence[Any],
                    hinted: Sequence[Any], keeper: Sequence[Any], marks: Optional[Sequence[Any]],
                    table: Term) -> Decision:
    """:func:`cucu_ref.game.scoring.decide`, the engine's showdown, on z3 terms."""
    return decide(Z3Ops, rules, family, vals, live, dead_hand, hinted, keeper, marks, table)


def marks_moved(d: Decision, m: int) -> tuple[list[Any], list[Any]]:
    """(marks lost, marks gained) per position, from the decision's payments."""
    lost = [sum(B2I(AND(c, EQ(p, j))) for c, p, _ in d.payments) for j in range(m)]
    gained = [B2I(g) for g in d.gains]
    return lost, gained


def engine_showdown(rules: Rules, family: str, vals: Sequence[Any], live: Sequence[Any], dead_hand: Sequence[Any],
                    hinted: Sequence[Any], keeper: Sequence[Any],
                    marks: Optional[Sequence[Any]], table: Term) -> tuple[list[Any], list[Any]]:
    """(marks lost, marks gained) per position, by the engine's own scoring."""
    d = engine_decision(rules, family, vals, live, dead_hand, hinted, keeper, marks, table)
    return marks_moved(d, len(vals))


def model_showdown(model: Model, s: St) -> tuple[list[Term], list[Term]]:
    """Marks lost and gained at the showdown of the step model's state ``s``, per seat, by
    :func:`cucu_ref.game.scoring.decide` (K15, C3, K14, K19, L3, L4, Q3, Q4, Q10, Q12; no hints:
    the models record none)."""
    n = model.n
    return engine_showdown(model.rules, model.family, s.hval, [NOT(x) for x in s.dead],
                           [AND(dd, NOT(EQ(h, NONE))) for dd, h in zip(s.dead, s.hid)], [False] * n,
                           s.guar, s.marks, n)


def final_marks(model: Model, s: St) -> tuple[list[Term], list[Term], list[Term]]:
    """(marks after the showdown, total losses, total gains).  Nobody pays more marks than he
    holds (scoring caps it, Q12), so no clamp is needed: see the 'marks-never-negative' checks."""
    lost, gained = model_showdown(model, s)
    marks, losses, gains = [], [], []
    for j in range(model.n):
        marks.append(s.marks[j] - lost[j] + gained[j])
        losses.append(s.loss[j] + lost[j])
        gains.append(s.gain[j] + gained[j])
    return marks, losses, gains
