"""The seeds' showdown: its marks accounted for, and a real showdown to check proofs against.

The engine's showdown (:func:`cucu_ref.game.scoring.decide`) is proved equal to the seeds'
(:func:`cucu_ref.assurance.formal.z3scoring.spec`, written apart from it) by running it on
symbolic values, path by path (``cucu_ref.assurance.formal.livemarks``).  Here: :func:`accounting` proves of the
seeds' payments (K14, L7, K16, Q12), at each size, that every mark lost is paid once and nobody
pays more than he holds; :func:`sample_showdown` gives a showdown the engine really played, to
pin the proofs' premises to (their vacuity checks).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Optional

import z3

from ...game.cards import PACKS
from ...game.engine import new_match
from ...game.playout import trajectory
from ...game.rulesets import Rules
from ...game.scoring import NO_SEAT, decide
from ...game.state import EventKind
from .invariants import card_domain
from .model import AND, B2I, EQ, NONE, OR, Model
from .props import Result, _solve, known_runs
from .z3scoring import _z as _z
from .z3scoring import spec as spec
from .z3scoring import spec_cuckoos as spec_cuckoos
from .z3scoring import spec_lowest as spec_lowest
from .z3scoring import spec_pay as spec_pay
from .z3scoring import spec_rank as spec_rank

if TYPE_CHECKING:
    import cucu_ref.assurance.formal.props

Term = Any


def _fresh(kind: str, name: str, n: int) -> list[Any]:
    make = z3.Bool if kind == "bool" else z3.Int
    return [make(f"{name}{j}") for j in range(n)]


def _pins(inputs: dict[str, list[Any]], concrete: dict[str, list[Any]]) -> list[Any]:
    return [x == _z(c) for k, xs in inputs.items() for x, c in zip(xs, concrete[k])]


def _shown(mdl: Any, inputs: dict[str, list[Any]], a: Term, b: Term) -> dict[str, Any]:
    """A counterexample z3 found: the stage's inputs, and what the engine and the spec make of them."""
    def ev(x: Term) -> str:
        return str(mdl.eval(_z(x), model_completion=True))
    out: dict[str, Any] = {k: [ev(x) for x in xs] for k, xs in inputs.items()}
    out.update(engine=ev(a), spec=ev(b))
    return out


Sample = dict[str, list[Any]]


def sample_showdown(rules: Rules, n: int) -> Optional[Sample]:
    """The showdown of a known run at ``n`` seats (the step model and the engine agree on it),
    its seats in play order: ``vals``, ``live``, ``dead_hand``, ``hinted``, ``keeper`` (the
    innkeeper's place, or ``NO_SEAT``), ``marks`` held as the cards are shown, ``table``; and
    who loses there (``by_fool``, ``by_rank``), by the engine."""

    if n > rules.max_players:
        return None
    if n < rules.min_players:
        return _sample_from_match(rules, n)
    try:
        Model(rules, n)
    except NotImplementedError:
        return _sample_without_model(rules, n)
    for run in known_runs(rules, n, tries=5):
        s = run.states[-1]
        family = PACKS[rules.pack].family
        vals = _fill_empty(rules, [None if v == NONE else v for v in s.hval])
        live = [not d for d in s.dead]
        dead_hand = [bool(d) and h != NONE for d, h in zip(s.dead, s.hid)]
        return _sample(rules, family, vals, live, dead_hand, [False] * n, list(s.guar), list(s.marks), n)
    return None


def _sample_from_match(rules: Rules, n: int, seeds: int = 20) -> Optional[Sample]:
    """A showdown of ``n`` seats below the ruleset's smallest table: a later deal of a match,
    once players went out (K16, D8 'players with no lives sit out', F5 'the count of players
    falls'), as the engine plays it from a match of the smallest table (seeded random play).
    Its inputs are the deal's seats in play order: the cards, the dead, the guarantees, the
    hints and the marks held as the cards are shown."""

    for seed in range(seeds):
        start = new_match(rules, [f"p{i}" for i in range(rules.min_players)])
        for before, _, after, events in trajectory(start, seed):
            if len(before.order) != n or not any(e.kind == EventKind.SHOWDOWN for e in events):
                continue
            order = list(after.order)
            where = {seat: j for j, seat in enumerate(order)}
            keeper = [NO_SEAT] * n
            for offerer, innkeeper in after.guarantees:
                keeper[where[offerer]] = where[innkeeper]
            hands = [after.hands[s] for s in order]
            vals = _fill_empty(rules, [None if c is None else c.value for c in hands])
            live = [not after.dead[s] for s in order]
            dead_hand = [after.dead[s] and h is not None for s, h in zip(order, hands)]
            hinted = [s in after.hinted for s in order]
            marks = [before.marks[s] for s in order]
            return _sample(rules, PACKS[rules.pack].family, vals, live, dead_hand, hinted, keeper, marks, n)
    return None


def _fill_empty(rules: Rules, vals: list[Any]) -> list[Any]:
    """A seat without a card (L10: his dead card went under the stack) gets a value the pack
    still has a copy of: it is neither live nor a dead hand, so its value matters to no stage,
    but the premises hold no rank more often than the pack (C1)."""
    pack = PACKS[rules.pack]
    left = {v: pack.copies - vals.count(v) for v in pack.values}
    out = []
    for v in vals:
        if v is None:
            v = next(x for x in pack.values if left[x] > 0)
            left[v] -= 1
        out.append(v)
    return out


def _sample_without_model(rules: Rules, n: int) -> Sample:
    """A showdown for a ruleset the models do not play (the ordinary-pack games): the top of
    the pack in play order, every seat live, three marks each."""

    pack = PACKS[rules.pack]
    vals = [c.value for c in pack.cards[:n]]
    return _sample(rules, pack.family, vals, [True] * n, [False] * n, [False] * n, [NO_SEAT] * n, [3] * n, n)


def _sample(rules: Rules, family: str, vals: list[Any], live: list[Any], dead_hand: list[Any], hinted: list[Any],
            keeper: list[Any], marks: list[Any], table: int) -> Sample:
    """The showdown's inputs, and who loses at it by the engine's :func:`~cucu_ref.game.scoring.decide`
    (its positions: the live seats first, then the dead hands, then the others)."""
    m = len(vals)
    order = [j for j in range(m) if live[j]] + [j for j in range(m) if dead_hand[j]]
    order += [j for j in range(m) if j not in order]
    place = {j: p for p, j in enumerate(order)}
    d = decide(rules, family == "cuccu", [vals[j] for j in order], sum(map(bool, live)), sum(map(bool, dead_hand)),
               [place[j] for j in range(m) if hinted[j]],
               [NO_SEAT if keeper[j] < 0 else place[keeper[j]] for j in order], [marks[j] for j in order], table)
    by_fool = {order[p] for p in d.losers.by_fool}
    by_rank = {order[p] for p in d.losers.by_rank}
    return {"vals": vals, "live": live, "dead_hand": dead_hand, "hinted": hinted,
            "keeper": [NO_SEAT if k < 0 else k for k in keeper], "marks": marks, "table": [table],
            "by_fool": [j in by_fool for j in range(m)], "by_rank": [j in by_rank for j in range(m)]}


# --------------------------------------------------------------------------- marks accounting


def accounting(rules: Rules, n: int, timeout_ms: int = 120_000) -> "cucu_ref.assurance.formal.props.Result":
    """The showdown's marks, whoever loses (K15, C3, L3, R4), as the seeds' payments move them
    (:func:`~cucu_ref.assurance.formal.z3scoring.spec_pay`: K14, L7, K16, Q12; the engine's are
    proved equal to them, ``livemarks``), for every set of losers of ``n`` seats, any cards,
    guarantees and marks:

    * nobody pays more marks than he holds (K16);
    * a seat pays at most his own loss and one mark for each loser he guaranteed (K14/L7): no
      mark is paid that was not lost.

    Each statement is one query per seat (the sum over the table at 20 seats is too big for one)."""

    t0 = time.perf_counter()
    family = PACKS[rules.pack].family
    vals, by_fool, by_rank = _fresh("int", "m_card", n), _fresh("bool", "m_fool", n), _fresh("bool", "m_rank", n)
    keeper, marks = _fresh("int", "m_keeper", n), _fresh("int", "m_marks", n)

    losers = [OR(f, r) for f, r in zip(by_fool, by_rank)]
    pre = card_domain(rules, vals) + [z3.Not(z3.And(f, r)) for f, r in zip(by_fool, by_rank)]
    # (no guarantee is any negative number: the models write none as NONE)
    pre += [z3.Or(k < 0, z3.And(k < n, k != j)) for j, k in enumerate(keeper)]
    pre += [m >= 0 for m in marks] + [z3.Implies(_z(x), m >= 1) for x, m in zip(losers, marks)]  # a loser is live
    lost = spec_pay(rules, family, vals, by_fool, by_rank, keeper, marks)
    goals = []
    for j in range(n):
        guaranteed = sum(B2I(AND(by_rank[o], EQ(keeper[o], j))) for o in range(n) if o != j)
        goals += [(f"held[{j}]", lost[j] <= marks[j]),
                  (f"paid-for-a-loss[{j}]", lost[j] <= B2I(losers[j]) + guaranteed)]
    verdict, detail = "proved", {}
    for what, goal in goals:
        res, mdl = _solve(pre + [z3.Not(_z(goal))], timeout_ms)
        if res != z3.unsat:
            verdict = f"{'refuted' if res == z3.sat else 'unknown'} ({what})"
            if mdl is not None:
                detail["counterexample"] = _shown(mdl, {"vals": vals, "by_fool": by_fool, "by_rank": by_rank,
                                                        "keeper": keeper, "marks": marks}, goal, True)
            break
    # vacuity: the premises hold on a real showdown's losers (the engine's)
    sample = sample_showdown(rules, n)
    vac = "no known showdown"
    if sample is not None:
        pins = _pins({"vals": vals, "by_fool": by_fool, "by_rank": by_rank, "keeper": keeper, "marks": marks}, sample)
        res, _ = _solve(pre + pins, timeout_ms)
        vac = "sat" if res == z3.sat else f"premises {res} on a real showdown"
    return Result("showdown-accounting", "any-showdown", rules.name, n, verdict, time.perf_counter() - t0, vac, detail)
