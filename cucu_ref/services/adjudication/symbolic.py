"""Symbolic cards at the showdown: the scoring run on cards that are sets of values (issue 24 §5).

Where many live cards are unknown at the showdown (twenty players, four cards never shown),
scoring every combination of the cards they may be (:meth:`.unknowns.Reasoner.showdown_cases`)
costs seconds.  But the showdown (:func:`cucu_ref.game.scoring.evaluate`) reads a card only by
comparing its value (with another card's, or with a value its rules name: the fool, the cuckoo,
the nulla); the rules are not copied here, they are *run*: each unknown card is a
:class:`_Symbol`, an ``int`` whose comparisons ask an :class:`_Oracle` that knows the set of
values the card may still have.  A comparison every value answers alike is answered; one the
values answer both ways splits the card's values in two (those that answer yes, those that
answer no): the run goes on with the first part (every answer so far holds for it, a narrower
set), and the scoring is run again from the start on the other.  Two unknown cards compared
with each other split on the values of one of them (so that every part stays a product of sets,
a *box*).  Each run ends with a box of combinations the scoring cannot tell apart: they score
alike, by construction, since every comparison it made came out the same for all of them.

So the work grows with the comparisons the rules make (who can be lowest, who can be a fool),
not with the product of the cards' domains; and the boxes are what the ruling needs to say
when each outcome holds.  Any other use of a symbol's value (arithmetic other than the
scoring's doubling of ranks, a truth test) raises :class:`Untraceable`, and the caller falls
back to scoring the combinations one by one: a symbol never answers silently.
"""

from __future__ import annotations

import dataclasses
import functools
import operator
from typing import Any, Callable, Hashable, Optional

from .model import per_position

__all__ = ["Untraceable", "explore", "TooManySplits", "Explored", "ByFields", "Reads", "fields_read"]

Domains = dict[int, frozenset[int]]  # variable -> the values it may still have
Compare = Callable[[Any, Any], bool]


class Untraceable(Exception):
    """The scoring used a symbol's value otherwise than by comparing it."""


class TooManySplits(Exception):
    """More runs than the limit: the scoring tells the combinations apart too finely."""


# (domain, comparison, scale, value) -> the values of the domain that answer yes: the same
# comparisons come back run after run (a pure function of its key; cleared when large)
_ANSWERS: dict[tuple[frozenset[int], Compare, int, int], Any] = per_position({})
# (both domains, comparison, both scales) -> the answer where every pair gives the same, else
# which of the two to split and its parts (_both)
_BOTH: dict[tuple[frozenset[int], frozenset[int], Compare, int, int], Any] = per_position({})


def _answers(dom: frozenset[int], yes: frozenset[int]) -> Any:
    """True where every value of ``dom`` answers yes, False where none does, else those that do."""
    return True if len(yes) == len(dom) else yes if yes else False


class _Oracle:
    """Answers the comparisons of one run from the domains of its variables."""

    __slots__ = ("domains", "later")

    def __init__(self, domains: Domains):
        self.domains = domains
        self.later: list[list[Domains]] = []  # the other parts of each split, in the order split

    def symbol(self, var: int) -> int:
        """The value of ``var`` as the scoring reads it: a symbol, or the plain value where only
        one is left (it answers every comparison as that value does, and in C)."""
        dom = self.domains[var]
        if len(dom) == 1:
            for value in dom:
                return value
        return _Symbol.make(self, var, 1)

    def compare(self, a: "_Symbol", b: Any, op: Compare) -> bool:
        if type(b) is int:  # (the commonest: a card's value, or a value the rules name)
            dom = self.domains[a.var]
            key = (dom, op, a.scale, b)
            got = _ANSWERS.get(key)
            if got is None:
                if len(_ANSWERS) > 50_000:
                    _ANSWERS.clear()
                c = b
                got = _ANSWERS[key] = _answers(dom, frozenset(v for v in dom if op(a.scale * v, c)))
            if type(got) is bool:
                return got
            self.split([{**self.domains, a.var: got}, {**self.domains, a.var: dom - got}])
            return True  # (this run goes on with the values that answer yes)
        if isinstance(b, _Symbol):
            if b.var == a.var:
                dom = self.domains[a.var]
                got = _answers(dom, frozenset(v for v in dom if op(a.scale * v, b.scale * v)))
                if type(got) is bool:
                    return got
                self.split([{**self.domains, a.var: got}, {**self.domains, a.var: dom - got}])
                return True
            return self._binary(a, b, op)
        if isinstance(b, bool) or not isinstance(b, int):
            raise Untraceable(f"a card's value compared with {b!r}")
        return self.compare(a, int(b), op)

    def _binary(self, a: "_Symbol", b: "_Symbol", op: Compare) -> bool:
        da, db = self.domains[a.var], self.domains[b.var]
        key = (da, db, op, a.scale, b.scale)
        got = _BOTH.get(key)
        if got is None:
            if len(_BOTH) > 50_000:
                _BOTH.clear()
            got = _BOTH[key] = _both(da, db, op, a.scale, b.scale)
        if type(got) is bool:
            return got
        first, parts = got
        var = a.var if first else b.var
        self.split([{**self.domains, var: part} for part in parts])
        return self._binary(a, b, op)  # (on the first part: answered, or split on the other card)

    def split(self, parts: list[Domains]) -> None:
        """Go on with the first part (every answer so far holds for it: it is narrower); the
        other parts are run again from the start (:func:`explore`)."""
        self.later.append(parts[1:])
        self.domains = parts[0]


def _both(da: frozenset[int], db: frozenset[int], op: Compare, sa: int, sb: int) -> Any:
    """Two unknown cards' values ``da`` and ``db`` compared by ``op`` (scaled by ``sa`` and
    ``sb``): the answer where every pair gives the same; else which to split (True: the first)
    and its parts.  One of them is split into the values the other answers alike (all yes, all
    no) and each value it answers both ways: every part is a box again; the fewer parts the
    better.  (A pure function of its arguments: the same comparisons come back run after run,
    each later part run from the start, ``_BOTH``)"""
    answers = {op(sa * x, sb * y) for x in da for y in db}
    if len(answers) == 1:
        return answers.pop()
    parts_a = _parts(da, db, lambda x, y: op(sa * x, sb * y))
    parts_b = _parts(db, da, lambda y, x: op(sa * x, sb * y))
    # (one of them has two parts or more: the answers differ; a single part splits nothing)
    if len(parts_b) == 1 or 1 < len(parts_a) <= len(parts_b):
        return True, parts_a
    return False, parts_b


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


def _comparison(op: Compare) -> Callable[["_Symbol", Any], bool]:
    """A symbol's comparison ``op``: the oracle's answer (:meth:`_Oracle.compare`); a comparison
    with a plain value, or with another symbol, whose answer the oracle found before for these
    domains (the run's, as narrowed so far) is answered here (the commonest: the scoring compares
    every card with the lowest and the values it names)."""
    answers, both = _ANSWERS, _BOTH

    def compare(self: "_Symbol", other: Any) -> bool:
        domains = self.oracle.domains
        if type(other) is int:
            got = answers.get((domains[self.var], op, self.scale, other))
            if got is True or got is False:
                return got
        elif type(other) is _Symbol and other.oracle is self.oracle:
            got = both.get((domains[self.var], domains[other.var], op, self.scale, other.scale))
            if got is True or got is False:
                return got
        return self.oracle.compare(self, other, op)

    return compare


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

    __lt__ = _comparison(operator.lt)
    __le__ = _comparison(operator.le)
    __gt__ = _comparison(operator.gt)
    __ge__ = _comparison(operator.ge)
    __eq__ = _comparison(operator.eq)
    __ne__ = _comparison(operator.ne)

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


Run = tuple[Domains, Hashable, list[Domains]]  # one run: its box, its score, the parts it split off


def run_scoring(part: Domains, score: Callable[[Callable[[int], int]], Hashable]) -> Run:
    """One run of the scoring on ``part``: the box it ends with (every comparison answered alike
    for all of it), its score, and the parts it split off on the way, in the order
    :func:`explore` takes them up (the last split's, the narrowest, first)."""
    oracle = _Oracle(part)
    key = score(oracle.symbol)
    return oracle.domains, key, [p for parts in oracle.later for p in reversed(parts)]


def explore(domains: Domains, score: Callable[[Callable[[int], int]], Hashable],
            limit: int, run: Optional[Callable[[Domains], Run]] = None,
            enough: Optional[Callable[[Hashable], bool]] = None) -> list[tuple[Domains, Hashable]]:
    """The boxes of ``domains`` the scoring cannot tell apart, each with its score.

    ``score(value_of)`` runs the scoring with ``value_of(var)`` as the value of each unknown
    card (a symbol) and returns what the cases are grouped by.  The boxes cover ``domains``
    and do not overlap; in a deterministic order (the larger values' parts first).  Raises
    :class:`TooManySplits` past ``limit`` runs, :class:`Untraceable` (from the scoring).
    ``run(part)``: in place of :func:`run_scoring` (``Explored`` answers runs it has seen).
    ``enough(score)``: asked after each run; True stops the exploration there (the boxes found so
    far, which then do not cover ``domains``: issue 24 §5's certainty check stops once nothing
    is left that every box could agree on)."""
    out: list[tuple[Domains, Hashable]] = []
    todo: list[Domains] = [domains]
    runs = 0
    while todo:
        part = todo.pop()
        runs += 1
        if runs > limit:
            raise TooManySplits(f"more than {limit} runs of the scoring")
        box, key, later = run(part) if run is not None else run_scoring(part, score)
        out.append((box, key))
        if enough is not None and enough(key):
            break
        todo.extend(later)  # depth first: the parts of the last split (the narrowest) first
    return out


# what a Rules value derives from its fields (rulesets.Rules: cites, showdown_rule and fool_rule
# read citation_of, which reads ``citations``; cuccu reads ``pack``, C1): a read of one of these is
# a read of those fields.  (A name missing here keeps nothing: tests/position/test_unknown_showdown.py
# checks that every preset's showdown reads only names known here)
_DERIVED = {"cites": ("citations",), "citation_of": ("citations",), "showdown_rule": ("citations",),
            "fool_rule": ("citations",), "cuccu": ("pack",)}


Fields = Optional[tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]]]  # (fields, what reads their values)
# (a ruleset's class, the names a run read) -> the fields those names read and what reads their
# values (_values_of), or None (fields_read)
_FIELDS_READ: dict[tuple[type, tuple[str, ...]], Fields] = {}


def fields_read(rules: Any, names: tuple[str, ...]) -> Optional[tuple[tuple[str, ...], tuple[Any, ...]]]:
    """The fields of ``rules`` the reads ``names`` read, and their values; None where a name
    is none of them (nor derived from them, ``_DERIVED``)."""
    found = _fields_of(type(rules), names)
    return None if found is None else (found[0], found[1](rules))


def _fields_of(kind: type, names: tuple[str, ...]) -> Fields:
    """:func:`fields_read` for a ruleset of the class ``kind``: the fields and what reads their
    values, worked out once for each set of names (the store of runs asks it for each run it
    keeps, :meth:`ByFields.keep`)."""
    key = (kind, names)
    if key in _FIELDS_READ:
        return _FIELDS_READ[key]
    known = {f.name for f in dataclasses.fields(kind)}
    out: Optional[dict[str, None]] = {}
    for name in names:
        for field in _DERIVED.get(name, (name,)):
            if field not in known:
                out = None
                break
            out[field] = None  # type: ignore[index]
        if out is None:
            break
    found = _FIELDS_READ[key] = (tuple(out), _values_of(tuple(out))) if out is not None else None
    return found


@functools.lru_cache(maxsize=1024)
def _values_of(fields: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """A function giving the values of the fields ``fields`` of a ruleset, as a tuple (one call
    in C where there are two or more: the store of runs asks it for each run, :meth:`ByFields.find`)."""
    if len(fields) >= 2:
        return operator.attrgetter(*fields)
    return lambda rules: tuple([getattr(rules, f) for f in fields])


class Reads:
    """Stands in for a ruleset and notes the names read (then what was worked out from them
    holds for any ruleset that agrees on them).

    Each name the ruleset's class knows (its fields, what it derives from them) is a
    :class:`_Noted` of a class made once for that ruleset's class (``_READS``): a read is one
    call, where a name missing from the class costs a failed look-up first, an exception
    raised and caught (issue 24 §5: the store of runs, :class:`Explored`, makes one of these
    for each run of the scoring, tens of thousands a position); any other name goes to
    ``__getattr__``."""

    _rules: Any
    names: dict[str, None]

    def __new__(cls, rules: Any) -> "Reads":
        made = _READS.get((cls, type(rules)))
        if made is None:
            if len(_READS) > 256:  # (a recorder's class is made per ruleset: a long batch meets many)
                _READS.clear()
            root = rules
            while not dataclasses.is_dataclass(root) and hasattr(root, "_rules"):  # (a recorder's ruleset)
                root = root._rules
            made = _READS[(cls, type(rules))] = _reads_class(cls, type(root))
        self: Reads = object.__new__(made)
        self._rules = rules
        self.names = {}
        return self

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        self.names[name] = None
        return getattr(self._rules, name)


class _Noted:
    """One name of a ruleset read through a :class:`Reads`: noted, then read from the ruleset
    it stands for."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __get__(self, reads: Any, owner: Any = None) -> Any:
        if reads is None:
            return self
        reads.names[self.name] = None
        return getattr(reads._rules, self.name)


# (Reads or a subclass, the class of what it stands for: a ruleset, a recorder of one, a Reads) -> the
# class of Reads that notes the names of that ruleset's class
_READS: dict[tuple[type, type], type] = {}


def _reads_class(cls: type, rules_class: type) -> type:
    """The class of ``cls`` whose every public name of ``rules_class`` is :class:`_Noted`."""
    names = {name for name in dir(rules_class) if not name.startswith("_")}
    if dataclasses.is_dataclass(rules_class):
        names.update(f.name for f in dataclasses.fields(rules_class))
    names -= {*dir(cls), "names"}
    return type(cls.__name__, (cls,), {name: _Noted(name) for name in names})


class ByFields:
    """Values worked out from a ruleset by a pure function, each kept by a key and by the
    fields of the ruleset the work read (:class:`Reads`): another ruleset that agrees on those
    fields gets the same value from :meth:`get`.  Sound where the value is a pure function of
    the key and of the fields read; a read that is no field (nor in ``_DERIVED``) keeps
    nothing.  Cleared when ``size`` values are kept."""

    def __init__(self, size: int):
        self.size = size
        self.kept = 0
        # key -> (the names read, what reads the fields they read, those fields' values, the value)
        self._found: dict[Hashable, list[tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]], tuple[Any, ...],
                                               Any]]] = {}

    def clear(self) -> None:
        self._found.clear()
        self.kept = 0

    def get(self, key: Hashable, rules: Any, plain: Any) -> tuple[bool, Any]:
        """(True, the value) kept for ``key`` under a ruleset whose fields agree with
        ``plain``'s, its names read again on ``rules`` (a recorder notes the reads the work
        would make); else (False, None)."""
        kept = self.find(key, plain)
        if kept is None:
            return False, None
        for name in kept[0]:
            getattr(rules, name)
        return True, kept[1]

    def find(self, key: Hashable, plain: Any) -> Optional[tuple[tuple[str, ...], Any]]:
        """(the names read, the value) kept for ``key`` under a ruleset whose fields agree with
        ``plain``'s; else None.  (:meth:`get` without reading the names again)"""
        for names, values_of, values, found in self._found.get(key, ()):
            if values_of(plain) == values:
                return names, found
        return None

    def keep(self, key: Hashable, plain: Any, names: tuple[str, ...], value: Any) -> None:
        """Keep ``value``, worked out from ``plain`` reading ``names``, under ``key``."""
        found = _fields_of(type(plain), names)
        if found is None:
            return
        if self.kept >= self.size:
            self._found.clear()
            self.kept = 0
        values_of = found[1]
        self._found.setdefault(key, []).append((names, values_of, values_of(plain), value))
        self.kept += 1


class Explored:
    """Runs of the scoring kept for the same showdown under another ruleset (issue 24 §5: the
    open questions' re-runs, readings.open_questions, reach the same showdown under rulesets that
    differ in one option).  Each *run* is kept (:func:`run_scoring`: the part it started from,
    its box, score and the parts it split off) with the fields it read (:class:`ByFields`); a run
    of another ruleset from the same part that agrees on those fields makes the same comparisons
    and so ends alike: it is answered from the store.  So a re-run under an option the scoring
    reads (Q4's 'any-hand' is read only where a fool may be held, C3) runs the scoring again only
    where it read that option; the exploration is the one a fresh run would make, box for box and
    in the same order."""

    def __init__(self, size: int = 50_000):
        # runs kept, over every showdown, a position's and its open questions' re-runs, about
        # 1.5 KB each (75 MB at most, emptied as the ruling ends, model.new_position).  At
        # 20,000 a Coucou deal of eight players with four cards unshown (23,355 runs) emptied
        # it before its open question's re-run, which then scored 8,000 runs again (issue 24 §5)
        self.store = ByFields(size)
        # each showdown's key as a small number (a run's key is hashed at each look-up: a
        # showdown's hands and seats are hashed once)
        self.showdowns: dict[Hashable, int] = {}

    def clear(self) -> None:
        self.store.clear()
        self.showdowns.clear()

    def run(self, key: Hashable, rules: Any, plain: Any, domains: Domains,
            score: Callable[[Callable[[int], int], Any], Hashable], limit: int) -> list[tuple[Domains, Hashable]]:
        """:func:`explore` of ``domains`` with ``score(value_of, rules)`` (``rules``: a proxy of
        ``rules``), each run answered from the store where a run of the showdown ``key`` from
        the same part agreed on the fields it read.  ``plain``: the real ruleset (its fields);
        ``rules`` may be a recorder of the reads (replay.Recorder), which sees every name the
        scoring reads, from the store too."""
        store = self.store
        showdown = self.showdowns.setdefault(key, len(self.showdowns))
        # (a part's domains in the variables' order are its key: every part keeps the order of
        # ``domains``, :meth:`_Oracle.split`)
        domains = {v: domains[v] for v in sorted(domains)}
        # (a run reads ``plain`` through a Reads; ``rules`` is told each name once, after the run
        # or from the store: a recorder notes a name at its first read, and stands for ``plain``)
        told: set[str] = set()

        def run(part: Domains) -> Run:
            at = (showdown, tuple(part.values()))
            kept = store.find(at, plain)
            if kept is None:
                reads = Reads(plain)
                found = run_scoring(part, lambda value_of: score(value_of, reads))
                kept = (tuple(reads.names), found)
                store.keep(at, plain, *kept)
            if not told.issuperset(kept[0]):  # (the commonest: every name told before)
                for name in kept[0]:
                    if name not in told:
                        told.add(name)
                        getattr(rules, name)
            return kept[1]

        return explore(domains, lambda _: None, limit, run)
