"""The engine's showdown scoring, :func:`cucu_ref.game.scoring.live_marks`, proved equal to
:func:`cucu_ref.game.scoring.decide_plain` (itself proved equal to the long way, ``decide``).

``live_marks`` is plain Python over ints: ``in``, ``list.count``, ``min``, comprehensions
with ``if``.  It is not rewritten for the proof.  It is run *itself* on symbolic values
(:class:`Sym`, z3 terms), once per path through its code:

* every comparison it makes on a card (``v == FOOL_VALUE``, ``r < low`` inside ``min``,
  ``table == 2``...) returns a :class:`Cond`; where Python needs its truth (an ``if``, a
  comprehension's filter, ``in``, ``count``, ``min``) the :class:`Paths` explorer answers it:
  the answer pinned by the path being replayed, or, at a new question, each answer the
  premises and the answers so far allow (z3 decides which are possible; ``unknown`` is a
  failure), the other one kept for a later run;
* so every run follows one path and returns concrete marks (seats and rules), under a path
  condition, and the paths together cover every showdown of the premises.

On each path, z3 proves that :func:`~cucu_ref.game.scoring.decide_plain` on the same showdown (on
z3 terms, :class:`~cucu_ref.assurance.formal.showdown.Z3Ops`) gives, for every input the path condition
allows, the same rows (who loses as the single fool, who loses by rank, who gains), the same
test of two players left alike (L6) and the same answers to the tests its reads depend on (a
fool in a hand? a live XV?); those rows, cited as :func:`~cucu_ref.game.scoring.evaluate` cites them
(``_plain_showdown``), must be the path's marks, and ``decide_plain`` run on a witness of the
path must read the options ``live_marks`` read, in the same order.

Premises: the cards are the pack's (C1: no rank more often than the pack holds it), live
cards first in play order, then the dead hands (Q4), any table of two or more (K19's table);
nobody hinted, no guarantee (the engine's ``_compare`` calls ``live_marks`` only then).
Vacuity: a showdown of the pack (a known run's where its split of live and dead cards fits)
satisfies the premises, exactly one path's condition holds on it, and ``live_marks`` run on
its plain values returns that path's marks.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Iterator, NamedTuple, Optional, Sequence

import z3

from ...game.cards import FOOL_VALUE, PACKS
from ...game.rulesets import OPTIONS, Rules
from ...game.scoring import CUCKOO_VALUE, PlainOps, _plain_showdown, decide_plain, live_marks
from .invariants import card_domain
from .model import AND, EQ
from .showdown import Z3Ops
from .z3scoring import _z
from .props import Result, _solve
from .showdown import sample_showdown

if TYPE_CHECKING:
    import cucu_ref.assurance.formal.props

PROP = "live-marks-is-plain"
MAX_PATHS = 20_000  # a guard: more paths than this is a failure ('unknown'), not a hang


class Unknown(Exception):
    """z3 answered ``unknown`` (a timeout): the proof fails."""


class Paths:
    """One run of the function under a prefix of answers (the path being replayed); the new
    questions are answered as the premises allow, the other possible answer kept in
    ``pending`` for a later run."""

    def __init__(self, premises: Sequence[Any], prefix: Sequence[bool], timeout_ms: int):
        self.solver = z3.Solver()
        self.solver.set("timeout", timeout_ms)
        self.solver.add(*premises)
        self.prefix = prefix
        self.taken: list[bool] = []
        self.condition: list[Any] = []  # the path condition, one term per answer
        self.pending: list[list[bool]] = []
        self.memo: dict[int, bool] = {}  # a question asked again on this path (by its term)
        self.checks = 0
        self.model: Any = None

    def _possible(self, c: Any) -> bool:
        """Can ``c`` hold on this path?  (A model that satisfies it is kept: a witness.)"""
        self.solver.push()
        self.solver.add(c)
        res = self.solver.check()
        if res == z3.sat:
            self.model = self.solver.model()
        self.solver.pop()
        self.checks += 1
        if res == z3.unknown:
            raise Unknown(str(c))
        return res == z3.sat

    def witness(self) -> Any:
        """A model of the premises and the path so far."""
        if self.model is None and not self._possible(z3.BoolVal(True)):
            raise Unknown("the path has no witness")
        return self.model

    def decide(self, cond: Any) -> bool:
        c = z3.simplify(cond)
        if z3.is_true(c):
            return True
        if z3.is_false(c):
            return False
        key = c.get_id()
        if key in self.memo:
            return self.memo[key]
        i = len(self.taken)
        if i < len(self.prefix):
            answer = self.prefix[i]
            self.model = None  # (the answer is pinned: the model found before may not satisfy it)
        else:
            # the witness so far answers one way; z3 says whether the other is possible too
            holds = z3.is_true(self.witness().eval(c, model_completion=True))
            kept = self.model
            if self._possible(z3.Not(c) if holds else c):
                self.pending.append(self.taken + [not holds])
            self.model = kept
            answer = holds
        self.taken.append(answer)
        self.memo[key] = answer
        term = c if answer else z3.Not(c)
        self.condition.append(term)
        self.solver.add(term)
        return answer


def _term(x: Any) -> Any:
    return x.t if isinstance(x, Sym) else x


class Cond:
    """A comparison of symbolic values: its truth, where Python asks for it, is the path's."""

    __slots__ = ("t", "paths")

    def __init__(self, t: Any, paths: Paths):
        self.t, self.paths = t, paths

    def __bool__(self) -> bool:
        return self.paths.decide(self.t)


class Sym:
    """A symbolic card value (or rank, or table size): arithmetic builds z3 terms, comparisons
    give a :class:`Cond`.  Only comparisons and doubling are defined: anything else (a sum, a
    division, a hash) raises ``TypeError``, and the proof fails as 'unknown' (a value it cannot
    follow), not as proved."""

    __slots__ = ("t", "paths")
    __hash__ = None  # type: ignore[assignment]  # (compared by value, so not hashable)

    def __init__(self, t: Any, paths: Paths):
        self.t, self.paths = t, paths

    def _sym(self, t: Any) -> "Sym":
        return Sym(t, self.paths)

    def _cond(self, t: Any) -> Cond:
        return Cond(t, self.paths)

    def __eq__(self, other: object) -> Cond:  # type: ignore[override]
        return self._cond(self.t == _term(other))

    def __ne__(self, other: object) -> Cond:  # type: ignore[override]
        return self._cond(self.t != _term(other))

    def __lt__(self, other: Any) -> Cond:
        return self._cond(self.t < _term(other))

    def __le__(self, other: Any) -> Cond:
        return self._cond(self.t <= _term(other))

    def __gt__(self, other: Any) -> Cond:  # (also an int below a Sym: the pair of fools' rank, in min)
        return self._cond(self.t > _term(other))

    def __ge__(self, other: Any) -> Cond:
        return self._cond(self.t >= _term(other))

    def __mul__(self, other: Any) -> "Sym":
        return self._sym(self.t * _term(other))

    __rmul__ = __mul__

    def __repr__(self) -> str:
        return f"Sym({self.t})"


class _Reads:
    """A Rules value that notes the first read of each option, in order (as the adjudicator's
    ``Recorder`` notes which options a showdown reads)."""

    def __init__(self, rules: Rules):
        self._rules, self.read = rules, []

    def __getattr__(self, name: str) -> Any:
        if name in OPTIONS and name not in self.read:
            self.read.append(name)
        return getattr(self._rules, name)


SEATS = tuple((7 * j + 3) % 50 for j in range(50))  # seats in play order, not in seat order


def splits(n: int) -> list[tuple[int, int]]:
    """(live cards, dead hands) of a showdown of ``n`` cards: every card live (the commonest),
    and every split with dead hands."""
    return [(n - d, d) for d in range(n + 1)]


def _sample(rules: Rules, n_live: int, n_dead: int) -> list[int]:
    """A showdown of the pack to pin the premises to: a known run's, where its split of live
    and dead hands is this one (:func:`cucu_ref.assurance.formal.showdown.sample_showdown`), else the
    pack's cards with its fools and XVs first, then the lowest, so that the fool's and the
    cuckoos' paths are met (a dead fool too, beside a live one, in the splits with dead hands)."""

    m = n_live + n_dead
    known = sample_showdown(rules, m)
    if known is not None:
        plain = known["plain"]
        live = [v for v, x in zip(plain["vals"], plain["live"]) if x]
        dead = [v for v, x in zip(plain["vals"], plain["dead_hand"]) if x]
        if (len(live), len(dead)) == (n_live, n_dead):
            return live + dead
    pack = PACKS[rules.pack]
    steering = [v for v in (FOOL_VALUE, CUCKOO_VALUE) if v in pack.values] * 2  # (two of each, C1)
    rest = [c.value for c in pack.cards][::-1]  # the lowest first
    for v in steering:
        rest.remove(v)
    return (steering + rest)[:m]


class Path(NamedTuple):
    """One path through ``live_marks``: its condition (with the premises, a z3 solver holding
    both), what it returned and the options it read."""

    run: Paths
    marks: tuple[tuple[tuple[int, str], ...], tuple[tuple[int, str], ...]]
    reads: list[str]


class Showdowns(NamedTuple):
    """The showdowns of one split: their inputs as z3 terms, and the premises."""

    vals: list[Any]  # live cards in play order, then the dead hands
    table: Any
    premises: list[Any]
    seats: list[int]


def showdowns(rules: Rules, n_live: int, n_dead: int) -> Showdowns:
    """Every showdown of ``n_live`` live cards and ``n_dead`` dead hands: cards of the pack
    (C1), any table of two or more."""
    m = n_live + n_dead
    tag = f"lm{n_live}_{n_dead}"
    vals = [z3.Int(f"{tag}_card{j}") for j in range(m)]
    table = z3.Int(f"{tag}_table")
    premises = [z3.simplify(_z(p)) for p in card_domain(rules, vals)] + [table >= 2]
    return Showdowns(vals, table, premises, list(SEATS[:m]))


def explore(rules: Rules, n_live: int, n_dead: int, timeout_ms: int = 120_000,
            max_paths: int = MAX_PATHS) -> Iterator[Path]:
    """Run ``live_marks`` on symbolic values once per path (depth first); raises
    :class:`Unknown` where z3 cannot tell, or past ``max_paths``."""
    sd = showdowns(rules, n_live, n_dead)
    todo: list[list[bool]] = [[]]
    count = 0
    while todo:
        count += 1
        if count > max_paths:
            raise Unknown(f"more than {max_paths} paths")
        run = Paths(sd.premises, todo.pop(), timeout_ms)
        sym = [Sym(v, run) for v in sd.vals]
        reads = _Reads(rules)
        lost, gained = live_marks(reads, sd.seats[:n_live], sym[:n_live], Sym(sd.table, run), sym[n_live:])
        todo += run.pending
        yield Path(run, (tuple(lost), tuple(gained)), reads.read)


def prove_split(rules: Rules, n_live: int, n_dead: int, timeout_ms: int = 120_000,
                max_paths: int = MAX_PATHS) -> tuple[str, str, dict[str, Any]]:
    """(verdict, vacuity, detail) for showdowns of ``n_live`` live cards and ``n_dead`` dead
    hands (see the module's docstring)."""
    t0 = time.perf_counter()
    family = PACKS[rules.pack].family
    m = n_live + n_dead
    sd = showdowns(rules, n_live, n_dead)
    vals, table, seats = sd.vals, sd.table, sd.seats
    live_flags, dead_flags = [True] * n_live + [False] * n_dead, [False] * n_live + [True] * n_dead
    plain = decide_plain(Z3Ops, rules, family, vals, live_flags, dead_flags, [False] * m, table)
    two_alike = AND(EQ(table, 2), EQ(plain.rank[0], plain.rank[1])) if n_live == 2 else False
    # what decide_plain's reads depend on: its two tests on the cards (rank_cards, spare_cuckoos)
    tests = [z3.Or(False, *[v == FOOL_VALUE for v in vals]), z3.Or(False, *[v == CUCKOO_VALUE for v in vals[:n_live]])]
    rows = [*plain.by_fool, *plain.by_rank, *plain.gains, two_alike, *tests]
    sample = _sample(rules, n_live, n_dead)
    sample_table = max(m, 2)  # (the table of a showdown of one card counts the player he beat)
    sample_marks = live_marks(rules, seats[:n_live], sample[:n_live], sample_table, sample[n_live:])
    pinned = [(v, z3.IntVal(x)) for v, x in zip(vals, sample)] + [(table, z3.IntVal(sample_table))]
    on_sample, sample_agrees = 0, False
    paths = checks = 0
    try:
        for path in explore(rules, n_live, n_dead, timeout_ms, max_paths):
            paths += 1
            run, got = path.run, path.marks
            checks += run.checks
            if any(isinstance(x, (Sym, Cond)) for part in got for item in part for x in item):
                return f"refuted (path {paths}: marks that depend on the cards within one path)", "", {}
            # a witness of the path, and decide_plain's rows on it
            w, w_table = _cards(run.witness(), vals, table)
            want, plain_reads, expected = _plain(rules, w, w_table, n_live, seats)
            # z3: decide_plain gives these rows on every showdown of the path
            run.solver.push()
            run.solver.add(z3.Not(z3.And(*[_z(EQ(r, e)) for r, e in zip(rows, expected)])))
            res = run.solver.check()
            checks += 1
            if res == z3.sat:  # of the witness and the showdown z3 found, the one where they part
                cards, at = _cards(run.solver.model(), vals, table)
                other, other_reads, _ = _plain(rules, cards, at, n_live, seats)
                if other == got and other_reads == path.reads:
                    cards, at, other, other_reads = w, w_table, want, plain_reads
                return f"refuted (path {paths}, decide_plain's rows)", "", {"paths": paths, "counterexample": {
                    "cards": cards, "table": at, "live_marks": repr(got), "decide_plain": repr(other),
                    "reads": [path.reads, other_reads]}}
            if res != z3.unsat:
                return f"unknown (path {paths}, decide_plain's rows)", "", {"paths": paths}
            run.solver.pop()
            if got != want or path.reads != plain_reads:
                return f"refuted (path {paths})", "", {"paths": paths, "counterexample": {
                    "cards": w, "table": w_table, "live_marks": repr(got), "decide_plain": repr(want),
                    "reads": [path.reads, plain_reads]}}
            # the known showdown: on this path?
            if z3.is_true(z3.simplify(z3.substitute(z3.And(True, *run.condition), *pinned))):
                on_sample += 1
                sample_agrees = got == (tuple(sample_marks[0]), tuple(sample_marks[1]))
    except Unknown as e:
        return f"unknown (path {paths + 1}: {e})", "not checked", {"paths": paths}
    except TypeError as e:  # live_marks did something a symbolic value does not follow
        return f"unknown (path {paths + 1}: not followed, {e})", "not checked", {"paths": paths}
    res, _ = _solve_once(sd.premises + [v == x for v, x in pinned], timeout_ms)
    vacuity = ("sat" if res == z3.sat and on_sample == 1 and sample_agrees
               else f"premises {res} on a showdown of the pack, on {on_sample} path(s), marks agree: {sample_agrees}")
    return "proved", vacuity, {"paths": paths, "checks": checks, "seconds": round(time.perf_counter() - t0, 2)}


def _cards(mdl: Any, vals: Sequence[Any], table: Any) -> tuple[list[int], int]:
    """The showdown a model gives: its cards and table."""
    value = lambda x: mdl.eval(x, model_completion=True).as_long()  # noqa: E731
    return [value(v) for v in vals], value(table)


def _plain(rules: Rules, cards: list[int], table: int, n_live: int,
           seats: Sequence[int]) -> tuple[Any, list[str], list[bool]]:
    """``decide_plain`` on a concrete showdown (live cards first, then the dead hands): its marks
    cited as :func:`~cucu_ref.game.scoring.evaluate` cites them, the options it read in order, and
    the rows the proof pins (who loses as the fool, by rank, who gains; two players left alike;
    its two tests on the cards)."""
    m = len(cards)
    reads = _Reads(rules)
    live, dead = [True] * n_live + [False] * (m - n_live), [False] * n_live + [True] * (m - n_live)
    p = decide_plain(PlainOps, reads, PACKS[rules.pack].family, cards, live, dead, [False] * m, table)
    rows = [bool(x) for x in (*p.by_fool, *p.by_rank, *p.gains)]
    rows += [n_live == 2 and table == 2 and p.rank[0] == p.rank[1], FOOL_VALUE in cards, CUCKOO_VALUE in cards[:n_live]]
    cited = _plain_showdown(rules, seats[:n_live], table, p)
    return (cited.losers, cited.gainers), reads.read, rows


def _solve_once(constraints: list[Any], timeout_ms: int) -> tuple[Any, Optional[Any]]:

    return _solve(constraints, timeout_ms)


def equivalence(rules: Rules, n: int, timeout_ms: int = 120_000,
                max_paths: int = MAX_PATHS) -> "cucu_ref.assurance.formal.props.Result":
    """Prove ``live_marks`` equal to ``decide_plain`` on every showdown of ``n`` cards without a
    hint or a guarantee, for each split of live cards and dead hands (:func:`splits`)."""

    t0 = time.perf_counter()
    verdict, vacuity, detail = "proved", "sat", {"splits": {}}
    for n_live, n_dead in splits(n):
        v, vac, d = prove_split(rules, n_live, n_dead, timeout_ms, max_paths)
        detail["splits"][f"{n_live}+{n_dead}"] = d
        if v != "proved":
            verdict = f"{v.split(' (')[0]} (split {n_live} live + {n_dead} dead, {v.partition(' (')[2].rstrip(')')})"
            detail.update({k: x for k, x in d.items() if k == "counterexample"})
            break
        if vac != "sat" and vacuity == "sat":
            vacuity = f"split {n_live}+{n_dead}: {vac}"
    return Result(PROP, "any-showdown (paths)", rules.name, n, verdict, time.perf_counter() - t0, vacuity, detail)


__all__ = ["equivalence", "prove_split", "explore", "showdowns", "splits", "Sym", "Cond", "Paths", "Path"]
