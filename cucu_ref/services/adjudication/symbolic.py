"""Symbolic cards at the showdown: the scoring run on cards that are sets of values (issue 24 §5).

Where many live cards are unknown at the showdown (twenty players, four cards never shown),
scoring every combination of the cards they may be (:meth:`.unknowns.Reasoner.showdown_cases`)
costs seconds.  But the showdown (:func:`cucu_ref.game.scoring.evaluate`) reads a card only by
comparing its value (with another card's, or with a value its rules name: the fool, the cuckoo,
the nulla); the rules are not copied here, they are *run*: each unknown card is a
:class:`_Symbol`, an ``int`` whose comparisons ask an :class:`_Oracle` that knows the set of
values the card may still have.  A comparison every value answers alike is answered; one the
values answer both ways splits the run in two (the values that answer yes, those that answer
no), and the scoring is run again on each part.  Two unknown cards compared with each other
split on the values of one of them (so that every part stays a product of sets, a *box*).  Each
run that ends without a split has found a box of combinations the scoring cannot tell apart:
they score alike, by construction, since every comparison it made came out the same.

So the work grows with the comparisons the rules make (who can be lowest, who can be a fool),
not with the product of the cards' domains; and the boxes are what the ruling needs to say
when each outcome holds.  Any other use of a symbol's value (arithmetic other than the
scoring's doubling of ranks, a truth test) raises :class:`Untraceable`, and the caller falls
back to scoring the combinations one by one: a symbol never answers silently.
"""

from __future__ import annotations

import operator
from typing import Any, Callable, Hashable

__all__ = ["Untraceable", "explore", "TooManySplits"]

Domains = dict[int, frozenset[int]]  # variable -> the values it may still have
Compare = Callable[[Any, Any], bool]


class Untraceable(Exception):
    """The scoring used a symbol's value otherwise than by comparing it."""


class TooManySplits(Exception):
    """More runs than the limit: the scoring tells the combinations apart too finely."""


class _Split(Exception):
    """A comparison the values answer both ways: the parts to run again."""

    def __init__(self, parts: list[Domains]):
        super().__init__()
        self.parts = parts


# (domain, comparison, scale, value) -> the values of the domain that answer yes: the same
# comparisons come back run after run (a pure function of its key; cleared when large)
_ANSWERS: dict[tuple[frozenset[int], Compare, int, int], frozenset[int]] = {}


class _Oracle:
    """Answers the comparisons of one run from the domains of its variables."""

    __slots__ = ("domains",)

    def __init__(self, domains: Domains):
        self.domains = domains

    def symbol(self, var: int) -> "_Symbol":
        return _Symbol.make(self, var, 1)

    def compare(self, a: "_Symbol", b: Any, op: Compare) -> bool:
        if isinstance(b, _Symbol):
            if b.var == a.var:
                return self._unary(a.var, lambda v: op(a.scale * v, b.scale * v))
            return self._binary(a, b, op)
        if isinstance(b, bool) or not isinstance(b, int):
            raise Untraceable(f"a card's value compared with {b!r}")
        c = int(b)
        dom = self.domains[a.var]
        key = (dom, op, a.scale, c)
        yes = _ANSWERS.get(key)
        if yes is None:
            if len(_ANSWERS) > 50_000:
                _ANSWERS.clear()
            yes = _ANSWERS[key] = frozenset(v for v in dom if op(a.scale * v, c))
        return self._answer(a.var, dom, yes)

    def _unary(self, var: int, test: Callable[[int], bool]) -> bool:
        dom = self.domains[var]
        return self._answer(var, dom, frozenset(v for v in dom if test(v)))

    def _answer(self, var: int, dom: frozenset[int], yes: frozenset[int]) -> bool:
        """Yes where every value answers yes, no where none does, else split."""
        if len(yes) == len(dom):
            return True
        if not yes:
            return False
        self.split([{**self.domains, var: yes}, {**self.domains, var: dom - yes}])
        raise AssertionError("unreachable")  # pragma: no cover

    def _binary(self, a: "_Symbol", b: "_Symbol", op: Compare) -> bool:
        da, db = self.domains[a.var], self.domains[b.var]
        answers = {op(a.scale * x, b.scale * y) for x in da for y in db}
        if len(answers) == 1:
            return answers.pop()
        # split one of the two into the values the other answers alike (all yes, all no) and
        # each value it answers both ways: every part is a box again; the fewer parts the better
        parts_a = _parts(da, db, lambda x, y: op(a.scale * x, b.scale * y))
        parts_b = _parts(db, da, lambda y, x: op(a.scale * x, b.scale * y))
        # (one of them has two parts or more: the answers differ; a single part splits nothing)
        if len(parts_b) == 1 or 1 < len(parts_a) <= len(parts_b):
            var, parts = a.var, parts_a
        else:
            var, parts = b.var, parts_b
        self.split([{**self.domains, var: part} for part in parts])
        raise AssertionError("unreachable")  # pragma: no cover

    @staticmethod
    def split(parts: list[Domains]) -> None:
        raise _Split(parts)


def _parts(mine: frozenset[int], other: frozenset[int], test: Callable[[int, int], bool]) -> list[frozenset[int]]:
    """``mine`` split by the answers ``test`` gives against every value of ``other``: the values
    always answered yes, those always answered no, and one part for each value answered both
    ways (a part of more than one value only where it answers alike, so that no part splits
    forever); the highest values first."""
    yes: list[int] = []
    no: list[int] = []
    both: list[int] = []
    for x in sorted(mine, reverse=True):
        answers = {test(x, y) for y in other}
        (both if len(answers) == 2 else yes if True in answers else no).append(x)
    return [frozenset(p) for p in (yes, no) if p] + [frozenset([x]) for x in both]


def _refuse(*_: Any) -> Any:
    raise Untraceable("a card's value used otherwise than compared")


class _Symbol(int):
    """An unknown card's value: an ``int`` (one of its possible values, for whatever reads it
    without comparing, e.g. a rank halved for the notes) whose comparisons ask the oracle."""

    oracle: _Oracle
    var: int
    scale: int

    @classmethod
    def make(cls, oracle: _Oracle, var: int, scale: int) -> "_Symbol":
        self = int.__new__(cls, scale * min(oracle.domains[var]))
        self.oracle, self.var, self.scale = oracle, var, scale
        return self

    def __lt__(self, other: Any) -> bool:
        return self.oracle.compare(self, other, operator.lt)

    def __le__(self, other: Any) -> bool:
        return self.oracle.compare(self, other, operator.le)

    def __gt__(self, other: Any) -> bool:
        return self.oracle.compare(self, other, operator.gt)

    def __ge__(self, other: Any) -> bool:
        return self.oracle.compare(self, other, operator.ge)

    def __eq__(self, other: Any) -> bool:
        return self.oracle.compare(self, other, operator.eq)

    def __ne__(self, other: Any) -> bool:
        return self.oracle.compare(self, other, operator.ne)

    __hash__ = int.__hash__  # (no set or dict of the scoring's holds a value)

    def __mul__(self, other: Any) -> "_Symbol":
        # the scoring doubles the ranks (a pair of fools ranks 14½, scoring.PAIR_RANK)
        if isinstance(other, (_Symbol, bool)) or not isinstance(other, int):
            raise Untraceable("a card's value multiplied by a card's")
        return _Symbol.make(self.oracle, self.var, self.scale * int(other))

    __rmul__ = __mul__
    __add__ = __radd__ = __sub__ = __rsub__ = __neg__ = __pos__ = __abs__ = _refuse
    __truediv__ = __rtruediv__ = __floordiv__ = __rfloordiv__ = __mod__ = __rmod__ = _refuse
    __bool__ = __index__ = _refuse


def explore(domains: Domains, score: Callable[[Callable[[int], int]], Hashable],
            limit: int) -> list[tuple[Domains, Hashable]]:
    """The boxes of ``domains`` the scoring cannot tell apart, each with its score.

    ``score(value_of)`` runs the scoring with ``value_of(var)`` as the value of each unknown
    card (a symbol) and returns what the cases are grouped by.  The boxes cover ``domains``
    and do not overlap; in a deterministic order (the larger values' parts first).  Raises
    :class:`TooManySplits` past ``limit`` runs, :class:`Untraceable` (from the scoring)."""
    out: list[tuple[Domains, Hashable]] = []
    todo: list[Domains] = [domains]
    runs = 0
    while todo:
        part = todo.pop()
        runs += 1
        if runs > limit:
            raise TooManySplits(f"more than {limit} runs of the scoring")
        oracle = _Oracle(part)
        try:
            key = score(oracle.symbol)
        except _Split as split:
            todo.extend(reversed(split.parts))
            continue
        out.append((part, key))
    return out
