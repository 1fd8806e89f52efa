"""The model against the engine: the same deal, the same decisions, the same result?

A deal is recorded from a seeded random playout of :mod:`cucu_ref.game.engine` (its stack,
the marks at its start and every decision), then replayed in the model, either
concretely (the model's code run on plain values) or through z3 (symbolic inputs
constrained to the recorded ones; the solver must find the engine's result AND prove
that no other result is possible).  Beyond one deal, :func:`check_match` keeps the match model
(:mod:`~cucu_ref.assurance.formal.match`) beside a whole seeded match and compares the State's match-level fields after
every step (issue 28).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Optional

import z3

from ...game import cards
from ...game.engine import is_chance, new_match, step
from ..ledger import seeded_start
from ..stacks import biased_stack
from ...game.playout import random_action
from ...game.rulesets import Rules
from ...game.state import Action, EventKind, Phase
from ...game.state import ActionKind as A
from .match import Follower, differences
from .model import DONE, NONE, Model, St
from . import parametric as P
from .z3scoring import final_marks

# the events after which everybody's marks are set anew (K18's restart, D8/Z11's draw, S6's
# last life kept and joint winners): no marks to compare with the model's
ALL_OUT_EVENTS = (EventKind.RESTART, EventKind.DRAW, EventKind.KEEP_LAST_LIFE, EventKind.JOINT_WINNER)
# the phases whose decisions the z3 model makes (not game.state.DEAL_PHASES: the model has no way
# back, L8, and no target's decision, Q9)
MODEL_PHASES = (Phase.DECIDE, Phase.INN_OFFERER, Phase.INN_KEEPER)
# the model's decision bit for each engine action (Model.step)
BIT = {A.KEEP: False, A.OFFER: True, A.EXCHANGE_WITH_STACK: True, A.INN_KEEP: False, A.INN_ASK: True,
       A.INN_ACCEPT: True, A.INN_REFUSE: False}


@dataclass(frozen=True)
class Deal:
    """One recorded deal and the engine's outcome, seats by their place in the deal order."""

    rules: Rules
    seed: int
    order: tuple[int, ...]
    marks: tuple[int, ...]
    stack: tuple[int, ...]  # card values, top first
    actions: tuple[str, ...]
    # the engine's outcome
    hands: tuple[Optional[int], ...]
    dead: tuple[bool, ...]
    stack_after: tuple[int, ...]
    losses: tuple[int, ...]
    gains: tuple[int, ...]
    # each seat's marks right after the showdown (None when everybody went out: K18, D8, Z11, S6)
    marks_after: Optional[tuple[int, ...]] = None

    @property
    def n(self) -> int:
        return len(self.order)

    @property
    def decisions(self) -> tuple[bool, ...]:
        return tuple(BIT[a] for a in self.actions)

    def describe(self) -> str:
        fam = "cuccu" if self.rules.pack.startswith("cuccu") else "french"
        fmt = lambda v: "-" if v is None else cards.format(cards.Card(fam, v))  # noqa: E731
        dealt_from = self.stack[::-1] if self.rules.deal_from == "bottom" else self.stack
        return (f"{self.rules.name} n={self.n} seed={self.seed} marks={list(self.marks)} "
                f"first cards off the stack={[fmt(v) for v in dealt_from[:self.n + 2]]} "
                f"actions={list(self.actions)}")


def outcome(model_final: St, model: Model) -> dict:
    marks, losses, gains = final_marks(model, model_final)
    s = model_final
    window = [s.sval[k] for k in range(s.lo, s.hi + 1)]
    return {
        "hands": tuple(None if v == NONE else v for v in s.hval),
        "dead": tuple(bool(x) for x in s.dead),
        "stack_after": tuple(window),
        "losses": tuple(losses),
        "gains": tuple(gains),
    }


def engine_outcome(deal: Deal) -> dict:
    return {"hands": deal.hands, "dead": deal.dead, "stack_after": deal.stack_after,
            "losses": deal.losses, "gains": deal.gains}


def record_deals(rules: Rules, players: int, seed: int, limit: int, biased: bool = False) -> list[Deal]:
    """Up to ``limit`` deals of one seeded random match (several deals, so marks vary).
    ``biased``: each stack is :func:`cucu_ref.assurance.stacks.biased_stack` (event cards, fools and
    nullas dealt far more often than chance), not a uniform shuffle."""
    rng = random.Random(seed)
    state = new_match(rules, [f"p{i}" for i in range(players)], dealer=players - 1)
    found: list[Deal] = []
    for _ in range(100_000):
        if state.phase == Phase.MATCH_OVER or len(found) >= limit:
            break
        if not is_chance(state):
            state, _ = step(state, random_action(state, rng))
            continue
        if biased:
            shuffle = Action(A.SHUFFLE, stack=biased_stack(rules, rng))
        else:
            shuffle = random_action(state, rng)
        before = state
        state, events = step(state, shuffle)
        all_events = list(events)
        order = state.order
        actions: list[str] = []
        while state.deal_number == before.deal_number + 1 and (
                state.phase in MODEL_PHASES or (state.phase == Phase.BUY_BACK and state.suspended is not None)):
            act = random_action(state, rng)
            if state.phase in MODEL_PHASES:  # L11's buy-back in mid-deal is no decision of the model's
                actions.append(act.kind)
            state, events = step(state, act)
            all_events.extend(events)
        pos = {seat: i for i, seat in enumerate(order)}
        losses, gains = [0] * len(order), [0] * len(order)
        for e in all_events:
            if e.kind == EventKind.MARK_LOST:
                losses[pos[e.seat]] += e.amount
            elif e.kind == EventKind.MARK_GAINED:
                gains[pos[e.seat]] += e.amount
        # the state right after the showdown still holds the deal's hands, dead flags and stack
        found.append(Deal(
            rules=rules, seed=seed, order=order,
            marks=tuple(before.marks[s] for s in order),
            stack=tuple(c.value for c in shuffle.stack),
            actions=tuple(actions),
            hands=tuple(None if state.hands[s] is None else state.hands[s].value for s in order),
            dead=tuple(state.dead[s] for s in order),
            stack_after=tuple(c.value for c in state.stack),
            losses=tuple(losses), gains=tuple(gains),
            marks_after=(None if any(e.kind in ALL_OUT_EVENTS for e in all_events)
                         else tuple(state.marks[s] for s in order)),
        ))
    return found


def replay_marks(deal: Deal) -> tuple[int, ...]:
    """The model's marks after the recorded deal's showdown (its real marks, not the ghosts of
    what was lost and gained): to compare with ``deal.marks_after``."""
    model, s = _play_model(deal)
    return tuple(final_marks(model, s)[0])


def replay_small(deal: Deal) -> dict:
    """The small-step model (:mod:`.parametric`, the every-size proofs' model) run on the
    recorded deal's plain values: the hands, dead cards and stack as it leaves them."""

    k = len(deal.stack)
    model = P.PModel(deal.rules, deal.n, k, P.Arr(NONE, dict(enumerate(deal.stack))))
    s = P.play(model, list(deal.marks), list(deal.decisions))[-1]
    if s.phase != DONE:
        raise AssertionError(f"the small-step model's deal did not end: {deal.describe()}")
    hands = tuple(None if P.sel(s.hid, j) == NONE else deal.stack[P.sel(s.hid, j)] for j in range(deal.n))
    return {"hands": hands, "dead": tuple(bool(P.sel(s.dead, j)) for j in range(deal.n)),
            "stack_after": tuple(deal.stack[P.sel(s.sid, i)] for i in range(s.lo, s.hi + 1))}


def replay_concrete(deal: Deal) -> dict:
    """The model's own code, run on the recorded deal's plain values."""
    model, s = _play_model(deal)
    return outcome(s, model)


def _play_model(deal: Deal) -> tuple[Model, St]:
    """The step model run on the recorded deal's plain values and decisions, checked to have
    ended within its step bound."""
    model = Model(deal.rules, deal.n)
    s = model.initial(list(range(len(deal.stack))), list(deal.stack), list(deal.marks))
    decisions = list(deal.decisions) + [False] * (model.max_steps() - len(deal.decisions))
    for d in decisions[:model.max_steps()]:
        s = model.step(s, d)
    if s.phase != DONE:
        raise AssertionError(f"the model's deal did not end within {model.max_steps()} steps: {deal.describe()}")
    if len(deal.decisions) > model.max_steps():
        raise AssertionError(f"the engine took {len(deal.decisions)} decisions, the model's bound is "
                             f"{model.max_steps()}: {deal.describe()}")
    return model, s


def replay_z3(deal: Deal, timeout_ms: int = 60_000) -> tuple[str, dict | None, float]:
    """The recorded deal through the solver: symbolic inputs constrained to the recorded ones.
    Returns (verdict, model outcome, seconds); the verdict is 'unique' when the solver finds an
    outcome and proves every other outcome impossible."""
    t0 = time.perf_counter()
    model = Model(deal.rules, deal.n)
    k = len(deal.stack)
    vals = [z3.Int(f"v{i}") for i in range(k)]
    marks = [z3.Int(f"m{j}") for j in range(deal.n)]
    steps = model.max_steps()
    ds = [z3.Bool(f"d{t}") for t in range(steps)]
    s = model.initial(list(range(k)), vals, marks)
    for d in ds:
        s = model.step(s, d)
    _, losses, gains = final_marks(model, s)
    solver = z3.Solver()
    solver.set("timeout", timeout_ms)
    decisions = list(deal.decisions) + [False] * (steps - len(deal.decisions))
    solver.add([v == x for v, x in zip(vals, deal.stack)])
    solver.add([m == x for m, x in zip(marks, deal.marks)])
    solver.add([d == x for d, x in zip(ds, decisions)])
    solver.add(s.phase == DONE)
    res = solver.check()
    if res != z3.sat:
        return f"no-run ({res})", None, time.perf_counter() - t0
    m = solver.model()
    def num(x):
        return x if isinstance(x, int) else m.eval(x, model_completion=True).as_long()

    def flag(x):
        return x if isinstance(x, bool) else z3.is_true(m.eval(x, model_completion=True))

    hands = tuple(None if num(v) == NONE else num(v) for v in s.hval)
    dead = tuple(flag(x) for x in s.dead)
    lo, hi = num(s.lo), num(s.hi)
    stack_after = tuple(num(s.sval[i]) for i in range(lo, hi + 1))
    got = {"hands": hands, "dead": dead, "stack_after": stack_after,
           "losses": tuple(num(x) for x in losses), "gains": tuple(num(x) for x in gains)}
    # uniqueness: no other outcome satisfies the same constraints
    differs = [x != (NONE if h is None else h) for x, h in zip(s.hval, hands)]
    differs += [x != got["losses"][j] for j, x in enumerate(losses)]
    differs += [x != got["gains"][j] for j, x in enumerate(gains)]
    differs += [x != dead[j] for j, x in enumerate(s.dead)]
    differs += [s.lo != lo, s.hi != hi]
    differs += [s.sval[i] != v for i, v in zip(range(lo, hi + 1), stack_after)]
    solver.add(z3.Or([z3.BoolVal(x) if isinstance(x, bool) else x for x in differs]))
    res2 = solver.check()
    verdict = "unique" if res2 == z3.unsat else f"not unique ({res2})"
    return verdict, got, time.perf_counter() - t0


def check_match(rules: Rules, seed: int, steps: int = 400) -> Optional[str]:
    """The match model (:mod:`~cucu_ref.assurance.formal.match`) beside the engine over a whole seeded match from low
    marks (:func:`cucu_ref.assurance.ledger.seeded_start`: several deals, players going out
    alone and together, buy-backs, restarts, the winner), biased stacks and random decisions:
    after every step the State's pot, marks, virgins, eliminations, re-entries, pending offers,
    dealer and winner must be the model's.  The first difference, or None."""
    state, rng = seeded_start(rules, seed)
    follower = Follower(state)
    for t in range(steps):
        if state.phase == Phase.MATCH_OVER:
            break
        action = Action(A.SHUFFLE, stack=biased_stack(state.rules, rng)) if is_chance(state) else random_action(
            state, rng)
        state, events = step(state, action)
        follower.follow(events)
        diff = differences(state, follower.s)
        if diff:
            happened = [f"{e.kind}:{e.seat}:{e.amount}" for e in events if e.kind not in ("deal", "keep", "offer")]
            return f"{rules.name} seed {seed} step {t}: {'; '.join(diff)} after {action.kind} ({' '.join(happened)})"
    return None
