"""The engine's showdown, :func:`cucu_ref.game.scoring.decide`, proved equal to the seeds'
showdown (:func:`cucu_ref.assurance.formal.z3scoring.spec`, written apart from it).

``decide`` is plain Python over ints: ``in``, ``list.count``, ``min``, comprehensions with
``if``.  It is not rewritten for the proof.  It is run *itself* on symbolic values (:class:`Sym`,
z3 terms), once per path through its code:

* every comparison it makes on a card, a rank, the table or the marks held (``v == FOOL_VALUE``,
  ``r < low`` inside ``min``, ``table == 2``, ``marks[k] - 1 >= 1``...) returns a :class:`Cond`;
  where Python needs its truth (an ``if``, a comprehension's filter, ``in``, ``count``, ``min``)
  the :class:`Paths` explorer answers it: the answer pinned by the path being replayed, or, at a
  new question, each answer the premises and the answers so far allow (z3 decides which are
  possible; ``unknown`` is a failure), the other one kept for a later run;
* so every run follows one path and returns concrete marks (who loses, who pays, who gains),
  under a path condition, and the paths together cover every showdown of the premises.

On each path z3 proves that the seeds' showdown gives, for every input the path condition
allows, the same marks lost and gained by each position.

What is symbolic and what is enumerated: the cards, the table and the marks held are symbolic;
the split of live cards and dead hands, the guarantees (each live position: none, or the
position of its innkeeper) and the hints (Z7: the sets of live positions, only where the ruleset
forfeits a hinted gain; elsewhere ``decide`` reads no hint) are enumerated, one exploration each.

Premises: the cards are the pack's (C1: no rank more often than the pack holds it), live cards
first in play order, then the dead hands (Q4), any table of two or more (K19's table), marks
held: none below zero, a live player at least one (K16).  Vacuity: a showdown of the pack (a
known run's where its split of live and dead cards fits) satisfies the premises, exactly one
path's condition holds on it, and ``decide`` run on its plain values returns that path's marks.
"""

from __future__ import annotations

import itertools
import time
from typing import TYPE_CHECKING, Any, Iterator, NamedTuple, Optional, Sequence

import z3

from ...game.cards import FOOL_VALUE, PACKS
from ...game.rulesets import Rules
from ...game.scoring import CUCKOO_VALUE, NO_SEAT, decide
from .invariants import card_domain
from .props import Result, _solve
from .showdown import sample_showdown
from .z3scoring import _z, spec

if TYPE_CHECKING:
    import cucu_ref.assurance.formal.props

PROP = "showdown-is-the-seeds"
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
    """A comparison of symbolic values: its truth, where Python asks for it, is the path's.
    Nothing else: compared with ``True`` or put in a set it would answer silently (by
    identity), so those raise ``TypeError``."""

    __slots__ = ("t", "paths")
    __hash__ = None  # type: ignore[assignment]

    def __eq__(self, other: object) -> bool:  # type: ignore[override]
        raise TypeError("a comparison's truth compared, not asked")

    __ne__ = __eq__  # type: ignore[assignment]

    def __init__(self, t: Any, paths: Paths):
        self.t, self.paths = t, paths

    def __bool__(self) -> bool:
        return self.paths.decide(self.t)


class Sym:
    """A symbolic card value (or rank, table size, marks held): arithmetic builds z3 terms,
    comparisons give a :class:`Cond`.  Only comparisons, doubling (a card's rank) and taking an
    int away (a mark paid) are defined: anything else (a division, a hash, a truth test) raises
    ``TypeError``, and the proof fails as 'unknown' (a value it cannot follow), not as proved."""

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

    def __sub__(self, other: Any) -> "Sym":
        if isinstance(other, Sym):
            raise TypeError("a symbolic value less a symbolic value")
        return self._sym(self.t - int(other))

    def __repr__(self) -> str:
        return f"Sym({self.t})"


def splits(n: int) -> list[tuple[int, int]]:
    """(live cards, dead hands) of a showdown of ``n`` cards: every card live (the commonest),
    and every split with dead hands."""
    return [(n - d, d) for d in range(n + 1)]


class Config(NamedTuple):
    """What is enumerated of a showdown: its guarantees (per position, the innkeeper's position
    or ``NO_SEAT``) and the live positions whose fool holder hinted (Z7)."""

    keeper: tuple[int, ...]
    hinted: tuple[int, ...]


def configs(rules: Rules, n_live: int, n_dead: int, guarantees: bool = True) -> list[Config]:
    """Every guarantee a live position may hold (none, or another position's, K14/L7: only a
    Cuccù pack has the inn's nulla; with ``guarantees``) and, where Z7's reading forfeits a
    hinted gain, every set of hinted live positions; no guarantee and no hint first."""
    m = n_live + n_dead
    if rules.cuccu and guarantees:
        choices = [[NO_SEAT] + [k for k in range(m) if k != j] for j in range(n_live)]
        keepers = [tuple(k) + (NO_SEAT,) * n_dead for k in itertools.product(*choices)]
    else:
        keepers = [(NO_SEAT,) * m]
    hints: list[tuple[int, ...]] = [()]
    if rules.fool_hint == "forfeits-gain":
        hints = [tuple(j for j in range(n_live) if mask >> j & 1) for mask in range(2 ** n_live)]
    return [Config(k, h) for k in keepers for h in hints]


def _sample(rules: Rules, n_live: int, n_dead: int) -> list[int]:
    """A showdown of the pack to pin the premises to: a known run's, where its split of live
    and dead hands is this one (:func:`cucu_ref.assurance.formal.showdown.sample_showdown`), else the
    pack's cards with its fools and XVs first, then the lowest, so that the fool's and the
    cuckoos' paths are met (a dead fool too, beside a live one, in the splits with dead hands)."""

    m = n_live + n_dead
    known = sample_showdown(rules, m)
    if known is not None:
        live = [v for v, x in zip(known["vals"], known["live"]) if x]
        dead = [v for v, x in zip(known["vals"], known["dead_hand"]) if x]
        if (len(live), len(dead)) == (n_live, n_dead):
            return live + dead
    pack = PACKS[rules.pack]
    steering = [v for v in (FOOL_VALUE, CUCKOO_VALUE) if v in pack.values] * 2  # (two of each, C1)
    rest = [c.value for c in pack.cards][::-1]  # the lowest first
    for v in steering:
        rest.remove(v)
    return (steering + rest)[:m]


Marks = tuple[tuple[int, ...], tuple[int, ...]]  # (marks lost, marks gained) per position


class Path(NamedTuple):
    """One path through ``decide``: its condition (with the premises, a z3 solver holding
    both) and the marks it moved."""

    run: Paths
    marks: Marks


class Showdowns(NamedTuple):
    """The showdowns of one split: their inputs as z3 terms, and the premises."""

    vals: list[Any]  # live cards in play order, then the dead hands
    table: Any
    marks: list[Any]  # marks held as the cards are shown
    premises: list[Any]


def showdowns(rules: Rules, n_live: int, n_dead: int) -> Showdowns:
    """Every showdown of ``n_live`` live cards and ``n_dead`` dead hands: cards of the pack
    (C1), any table of two or more, any marks held (a live player holds one at least, K16)."""
    m = n_live + n_dead
    tag = f"sd{n_live}_{n_dead}"
    vals = [z3.Int(f"{tag}_card{j}") for j in range(m)]
    table = z3.Int(f"{tag}_table")
    marks = [z3.Int(f"{tag}_marks{j}") for j in range(m)]
    premises = [z3.simplify(_z(p)) for p in card_domain(rules, vals)] + [table >= 2]
    premises += [x >= (1 if j < n_live else 0) for j, x in enumerate(marks)]
    return Showdowns(vals, table, marks, premises)


def moved(d: Any, m: int) -> Marks:
    """(marks lost, marks gained) per position of a decision of ``decide``: its payments (each
    mark lost, by whoever pays it) and its gains."""
    lost, gained = [0] * m, [0] * m
    for payer, _ in d.paid.payments:
        lost[payer] += 1
    for j in d.ranked.gains:
        gained[j] += 1
    return tuple(lost), tuple(gained)


def explore(rules: Rules, n_live: int, n_dead: int, config: Optional[Config] = None, timeout_ms: int = 120_000,
            max_paths: int = MAX_PATHS) -> Iterator[Path]:
    """Run ``decide`` on symbolic values once per path (depth first); raises :class:`Unknown`
    where z3 cannot tell, or past ``max_paths``."""
    sd = showdowns(rules, n_live, n_dead)
    m = n_live + n_dead
    config = config or Config((NO_SEAT,) * m, ())
    cuccu = rules.cuccu
    todo: list[list[bool]] = [[]]
    count = 0
    while todo:
        count += 1
        if count > max_paths:
            raise Unknown(f"more than {max_paths} paths")
        run = Paths(sd.premises, todo.pop(), timeout_ms)
        sym = [Sym(v, run) for v in sd.vals]
        marks = [Sym(x, run) for x in sd.marks]
        d = decide(rules, cuccu, sym, n_live, n_dead, config.hinted, list(config.keeper), marks, Sym(sd.table, run))
        todo += run.pending
        yield Path(run, moved(d, m))


def _seeds(rules: Rules, sd: Showdowns, n_live: int, n_dead: int, config: Config) -> list[Any]:
    """The seeds' showdown of the split under ``config``: marks lost, then gained, per position."""
    m = n_live + n_dead
    live = [j < n_live for j in range(m)]
    lost, gained = spec(rules, PACKS[rules.pack].family, sd.vals, live, [not x for x in live],
                        [j in config.hinted for j in range(m)], list(config.keeper), sd.marks, sd.table)
    return [*lost, *gained]


def prove_config(rules: Rules, n_live: int, n_dead: int, config: Config, timeout_ms: int = 120_000,
                 max_paths: int = MAX_PATHS) -> tuple[str, dict[str, Any]]:
    """(verdict, detail) for one split and one config: every path's marks are the seeds'."""
    sd = showdowns(rules, n_live, n_dead)
    want = _seeds(rules, sd, n_live, n_dead, config)
    paths = checks = 0
    try:
        for path in explore(rules, n_live, n_dead, config, timeout_ms, max_paths):
            paths += 1
            run = path.run
            checks += run.checks + 1
            got = [*path.marks[0], *path.marks[1]]
            run.solver.push()
            run.solver.add(z3.Not(z3.And(*[_z(w == g) for w, g in zip(want, got)])))
            res = run.solver.check()
            if res == z3.sat:
                value = _valuer(run.solver.model())
                return f"refuted (path {paths})", {"paths": paths, "counterexample": {
                    "cards": [value(v) for v in sd.vals], "table": value(sd.table),
                    "marks": [value(x) for x in sd.marks], "keeper": config.keeper, "hinted": config.hinted,
                    "decide": path.marks, "seeds": [value(_z(w)) for w in want]}}
            if res != z3.unsat:
                return f"unknown (path {paths}, the seeds' marks)", {"paths": paths}
            run.solver.pop()
    except Unknown as e:
        return f"unknown (path {paths + 1}: {e})", {"paths": paths}
    except TypeError as e:  # decide did something a symbolic value does not follow
        return f"unknown (path {paths + 1}: not followed, {e})", {"paths": paths}
    return "proved", {"paths": paths, "checks": checks}


def _valuer(mdl: Any) -> Any:
    return lambda x: mdl.eval(x, model_completion=True).as_long()


def vacuity(rules: Rules, n_live: int, n_dead: int, timeout_ms: int = 120_000) -> str:
    """'sat' where a showdown of the pack (:func:`_sample`, no guarantee) satisfies the premises,
    lies on exactly one path, and ``decide`` on its plain values moves that path's marks."""
    sd = showdowns(rules, n_live, n_dead)
    m = n_live + n_dead
    sample = _sample(rules, n_live, n_dead)
    table, held = max(m, 2), [1 if j < n_live else 0 for j in range(m)]  # (a lone card beat a player)
    pins = [v == x for v, x in zip(sd.vals, sample)] + [sd.table == table] + [v == x for v, x in zip(sd.marks, held)]
    res, _ = _solve(sd.premises + pins, timeout_ms)
    plain = moved(decide(rules, rules.cuccu, sample, n_live, n_dead, table=table), m)
    on = [p.marks for p in explore(rules, n_live, n_dead, None, timeout_ms)
          if z3.is_true(z3.simplify(z3.substitute(z3.And(True, *p.run.condition),
                                                  *[(v, z3.IntVal(x)) for v, x in zip(sd.vals, sample)],
                                                  (sd.table, z3.IntVal(table)))))]
    if res == z3.sat and on == [plain]:
        return "sat"
    return f"premises {res} on a showdown of the pack, on {len(on)} path(s), marks agree: {on == [plain]}"


def prove_split(rules: Rules, n_live: int, n_dead: int, timeout_ms: int = 120_000,
                max_paths: int = MAX_PATHS, guarantees: bool = True) -> tuple[str, str, dict[str, Any]]:
    """(verdict, vacuity, detail) for showdowns of ``n_live`` live cards and ``n_dead`` dead
    hands, every config (:func:`configs`)."""
    t0 = time.perf_counter()
    paths = checks = 0
    for config in configs(rules, n_live, n_dead, guarantees):
        verdict, detail = prove_config(rules, n_live, n_dead, config, timeout_ms, max_paths)
        paths += detail.get("paths", 0)
        checks += detail.get("checks", 0)
        if verdict != "proved":
            return verdict, "not checked", {**detail, "config": config._asdict(), "paths": paths}
    return "proved", vacuity(rules, n_live, n_dead, timeout_ms), {
        "paths": paths, "checks": checks, "seconds": round(time.perf_counter() - t0, 2)}


def equivalence(rules: Rules, n: int, timeout_ms: int = 120_000, max_paths: int = MAX_PATHS,
                guarantees_top: int = 20) -> "cucu_ref.assurance.formal.props.Result":
    """Prove ``decide`` equal to the seeds' showdown on every showdown of ``n`` cards, for each
    split of live cards and dead hands (:func:`splits`) and each config (:func:`configs`); the
    guarantees are enumerated up to ``guarantees_top`` cards (their configs grow as (n+1)^n; the
    method says where they were not)."""

    t0 = time.perf_counter()
    verdict, vac, detail = "proved", "sat", {"splits": {}}
    with_guarantees = n <= guarantees_top
    for n_live, n_dead in splits(n):
        v, split_vac, d = prove_split(rules, n_live, n_dead, timeout_ms, max_paths, with_guarantees)
        detail["splits"][f"{n_live}+{n_dead}"] = d
        if v != "proved":
            verdict = f"{v.split(' (')[0]} (split {n_live} live + {n_dead} dead, {v.partition(' (')[2].rstrip(')')})"
            detail.update({k: x for k, x in d.items() if k in ("counterexample", "config")})
            break
        if split_vac != "sat" and vac == "sat":
            vac = f"split {n_live}+{n_dead}: {split_vac}"
    method = "any-showdown (paths)" if with_guarantees else "any-showdown without guarantees (paths)"
    return Result(PROP, method, rules.name, n, verdict, time.perf_counter() - t0, vac, detail)


__all__ = ["equivalence", "prove_split", "prove_config", "explore", "showdowns", "splits", "configs", "Config",
           "Sym", "Cond", "Paths", "Path", "PROP"]
