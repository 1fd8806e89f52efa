"""The properties, each checked by z3 as an induction lemma over any state, as a bounded
unrolling of whole deals, or (for the showdown) over any showdown.

A check passes only if z3 answers ``unsat`` to "premises and NOT goal" (``unknown`` or a
timeout is a failure) AND the premises alone are satisfiable on a known concrete run (the
vacuity check), a run that :mod:`cucu_ref.game.engine` plays the same way.
"""

from __future__ import annotations

import random
import time
from dataclasses import asdict, dataclass, field
from typing import Callable, Iterator, Optional

import z3

from ...game import cards, scoring
from ...game.engine import legal_actions, new_match, step as engine_step
from ...game.rulesets import Rules
from ...game.state import Action, ActionKind, EventKind, Phase
from .crosscheck import BIT, MODEL_PHASES
from .invariants import (
    Z, card_domain, chain_invariant, conservation, count_of, guarantee_invariant, hand_ids, measure, placed,
    sym_state, well_formed,
)
from .model import (
    DECIDE, DONE, INN_KEEP, INN_OFF, NONE, R_CAT, R_CUCKOO, R_HUNTER, R_INN, AND, EQ, IMPLIES, NOT, OR,
    Model, St, get,
)
from .z3scoring import final_marks, model_showdown
from .z3scoring import spec as seeds_showdown
from .model import ite as ite_

BLOCKING = (R_CUCKOO, R_HUNTER, R_CAT)


@dataclass
class Result:
    prop: str
    method: str  # 'induction' | 'bounded' | 'any-showdown' | 'search'
    ruleset: str
    n: int
    verdict: str  # 'proved' | 'found' (a counterexample the property asked for) | failures
    seconds: float
    vacuity: str = ""  # 'sat' on a known run, else why not
    detail: dict = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.verdict in ("proved", "found", "n/a") and self.vacuity in ("sat", "n/a")

    def as_dict(self) -> dict:
        d = asdict(self)
        d["ok"] = self.ok
        return d


def _solve(constraints: list, timeout_ms: int) -> tuple[z3.CheckSatResult, Optional[z3.ModelRef]]:
    solver = z3.Solver()
    solver.set("timeout", timeout_ms)
    solver.add([Z(c) for c in constraints])
    res = solver.check()
    return res, (solver.model() if res == z3.sat else None)


LAST_COUNTEREXAMPLE: dict = {}


def _prove(premises: list, goal, timeout_ms: int) -> str:
    res, mdl = _solve(premises + [z3.Not(Z(goal))], timeout_ms)
    LAST_COUNTEREXAMPLE.clear()
    if mdl is not None:
        LAST_COUNTEREXAMPLE["model"] = mdl
    return "proved" if res == z3.unsat else "refuted" if res == z3.sat else "unknown"


# --------------------------------------------------------------------------- known concrete runs


@dataclass
class KnownRun:
    """A deal played by both the model (on ``k`` stack cards) and the engine (whole pack)."""

    vals: list  # the model's stack, top first
    marks: list
    decisions: list
    states: list  # the model's states, states[t + 1] = step(states[t], decisions[t])


def _engine_stack(rules: Rules, model_stack: list, k: int) -> tuple:
    """The engine's stack holding the model's ``k`` cards where the deal reaches them: dealing
    from the bottom uses the bottom k-1 and the top card; from the top, the top k-1 and the bottom."""
    pack = cards.PACKS[rules.pack]
    rest = list(pack.cards)
    for v in model_stack:
        rest.remove(cards.Card(pack.family, v))
    head = 1 if rules.deal_from == "bottom" else k - 1
    as_cards = [cards.Card(pack.family, v) for v in model_stack]
    return tuple(as_cards[:head] + rest + as_cards[head:])


def _play_engine(rules: Rules, n: int, stack: tuple, marks: list, decisions: list) -> dict:
    state = new_match(rules, [f"p{i}" for i in range(n)], dealer=n - 1)
    state = state.replace(marks=tuple(marks))
    state, events = engine_step(state, Action(ActionKind.SHUFFLE, stack=stack))
    evs = list(events)
    pending = list(decisions)
    while True:
        if state.phase == Phase.BUY_BACK and state.suspended is not None:
            # L11: a buy-back in mid-deal; he takes no further part in this deal, so declining
            # changes nothing the model looks at
            state, events = engine_step(state, Action(ActionKind.DECLINE, state.actor))
            evs.extend(events)
            continue
        if state.phase not in MODEL_PHASES or not pending:
            break
        d = pending.pop(0)
        options = [a for a in legal_actions(state) if BIT.get(a.kind) == d] or list(legal_actions(state))[:1]
        state, events = engine_step(state, options[0])
        evs.extend(events)
    losses, gains = [0] * n, [0] * n
    for e in evs:
        if e.kind == EventKind.MARK_LOST:
            losses[e.seat] += e.amount
        elif e.kind == EventKind.MARK_GAINED:
            gains[e.seat] += e.amount
    return {"hands": tuple(None if c is None else c.value for c in state.hands), "dead": tuple(state.dead),
            "losses": tuple(losses), "gains": tuple(gains), "events": evs}


def known_runs(rules: Rules, n: int, seed: int = 0, tries: int = 400) -> Iterator[KnownRun]:
    """Seeded random deals of ``n + 2`` stack cards (every card the deal can reach), played by the
    model and checked against the engine.  Requests are made often so event cards get met."""
    model = Model(rules, n)
    k = n + 2
    pack = cards.PACKS[rules.pack]
    rng = random.Random(seed * 7919 + n)
    for _ in range(tries):
        picked = rng.sample(list(pack.cards), k)
        vals = [c.value for c in picked]
        marks = [rng.choice((1, 1, 2, 3)) for _ in range(n)]
        decisions = [rng.random() < 0.8 for _ in range(model.max_steps())]
        s = model.initial(list(range(k)), vals, marks)
        states = [s]
        used = 0
        for d in decisions:
            if s.phase == DONE:
                break
            s = model.step(s, d)
            states.append(s)
            used += 1
        eng = _play_engine(rules, n, _engine_stack(rules, vals, k), marks, decisions[:used])
        _, losses, gains = final_marks(model, s)
        mine = {"hands": tuple(None if v == NONE else v for v in s.hval), "dead": tuple(s.dead),
                "losses": tuple(losses), "gains": tuple(gains)}
        theirs = {key: eng[key] for key in mine}
        if mine != theirs:
            raise AssertionError(f"known run disagrees with the engine: {vals} {marks} {decisions[:used]}: "
                                 f"model {mine} engine {theirs}")
        yield KnownRun(vals, marks, decisions[:used], states)


def _pin_state(sym: St, conc: St) -> list:
    out = []
    for f, v in conc.fields():
        if f.startswith("ev_"):
            continue
        sv = getattr(sym, f)
        if isinstance(v, list):
            out += [a == b for a, b in zip(sv, v)]
        else:
            out.append(sv == v)
    return out


def _vacuity_step(rules: Rules, n: int, premises: list, s: St, vals: list, d, pick: Callable[[St, St], bool],
                  timeout_ms: int) -> str:
    """Pin the lemma's 'any state' to a state of a known run whose step satisfies ``pick``; the
    premises must be satisfiable there."""
    for run in known_runs(rules, n):
        for t, (a, b) in enumerate(zip(run.states, run.states[1:])):
            if a.phase != DONE and pick(a, b):
                pins = _pin_state(s, a) + [v == x for v, x in zip(vals, run.vals)] + [d == run.decisions[t]]
                res, _ = _solve(premises + pins, timeout_ms)
                return "sat" if res == z3.sat else f"premises {res} on a known run"
    return "no known run reaches this case"


# --------------------------------------------------------------------------- induction lemmas


def _lemma_setup(rules: Rules, n: int):
    model = Model(rules, n)
    k = n + 2
    m = k + n
    s = sym_state(model, k, m, "s")
    vals = [z3.Int(f"val{i}") for i in range(k)]
    d = z3.Bool("d")
    base = well_formed(model, s) + conservation(s, vals, k) + card_domain(rules, vals)
    return model, k, s, vals, d, base


def _kept(rules, s: St, s2: St, j: int):
    """Seat j keeps the card he held (a card put out under the stack by L10 excepted)."""
    moved_out = AND(EQ(s2.hid[j], NONE), s2.dead[j], NOT(s.dead[j])) if rules.dead_cards == "under-stack" else False
    return IMPLIES(NOT(EQ(s.hid[j], NONE)), OR(EQ(s2.hid[j], s.hid[j]), moved_out))


def decision_points(n: int) -> Iterator[tuple[int, int, int, int]]:
    """Every (phase, cursor, actor, target) a well-formed state can wait in (see well_formed):
    a seat deciding at the cursor; an offerer left of an innkeeper at the cursor; an innkeeper
    at the cursor answering an offerer on his left."""
    for c in range(n):
        yield DECIDE, c, c, NONE
        for a in range(c):
            yield INN_OFF, c, a, c
            yield INN_KEEP, c, c, a


STEP_LEMMAS = ("conservation", "termination", "blocked-request", "chain-invariant", "cat-undo",
               "guarantee-invariant")


def applicable(prop: str, rules: Rules) -> Optional[str]:
    """Why ``prop`` does not apply to ``rules`` (None if it does)."""
    if prop == "chain-invariant" and rules.cat != "undo":
        return f"cat={rules.cat}: no undo chain"
    if prop == "cat-undo" and (rules.cat != "undo" or rules.cat_undo_through_inn != "undo"):
        return f"cat={rules.cat}, cat_undo_through_inn={rules.cat_undo_through_inn}"
    return None


def _statement(prop: str, rules: Rules, model: Model, s: St, vals: list, d, k: int):
    """(premises, goal, pick) of a one-step lemma about ``s`` (any state) and its successor."""
    n = model.n
    premises = well_formed(model, s) + card_domain(rules, vals)
    if prop == "conservation":
        premises += placed(s, vals, k)
    elif prop in ("chain-invariant", "cat-undo", "guarantee-invariant"):
        premises += conservation(s, vals, k)  # dealt cards and the stack's are all distinct
    else:
        premises += hand_ids(s, vals, k)
    c = z3.Int("c")  # an arbitrary card: whatever holds for it holds for every card
    premises.append(z3.And(c >= 0, c < k))
    pick: Callable[[St, St], bool] = lambda a, b: True  # noqa: E731
    if prop in ("chain-invariant", "cat-undo") or (prop == "guarantee-invariant" and rules.cat == "undo"):
        premises += chain_invariant(model, s)
    if prop == "guarantee-invariant":
        premises += guarantee_invariant(model, s)
    s2 = model.step(s, d)
    if prop == "conservation":
        goal = AND(EQ(count_of(s2, c), count_of(s, c)), *placed(s2, vals, k),
                   OR(EQ(s2.phase, DONE), AND(*well_formed(model, s2))))
    elif prop == "termination":
        goal = AND(OR(EQ(s2.phase, DONE), measure(s2) > measure(s)), measure(s) <= 3 * n - 1)
    elif prop == "blocked-request":
        role, o, tg = s2.ev_role, s2.ev_off, s2.ev_tgt
        newly = [IMPLIES(AND(EQ(s.hid[j], NONE), NOT(EQ(s2.hid[j], NONE))), EQ(s2.hid[j], s2.dealt[j]))
                 for j in range(n)]
        target_keeps = EQ(get(s2.hid, tg), ite_(EQ(get(s.hid, tg), NONE), get(s2.dealt, tg), get(s.hid, tg)))
        everyone = AND(*[_kept(rules, s, s2, j) for j in range(n)], *newly)
        right_of_offerer = AND(*[IMPLIES(j > o, AND(_kept(rules, s, s2, j), newly[j])) for j in range(n)])
        cat_goal = everyone if rules.cat == "pay-holder" else AND(target_keeps, right_of_offerer)
        goal = IMPLIES(s2.ev_req, AND(
            IMPLIES(OR(EQ(role, R_CUCKOO), EQ(role, R_HUNTER)), AND(everyone, target_keeps)),
            IMPLIES(EQ(role, R_CAT), cat_goal)))
        pick = lambda a, b: b.ev_req and b.ev_role in BLOCKING  # noqa: E731
    elif prop == "chain-invariant":
        goal = OR(EQ(s2.phase, DONE), AND(*chain_invariant(model, s2)))
    elif prop == "cat-undo":
        goal = IMPLIES(AND(s2.ev_req, EQ(s2.ev_role, R_CAT)), _undo_goal(rules, model, s, s2))
        pick = lambda a, b: b.ev_req and b.ev_role == R_CAT  # noqa: E731
    elif prop == "guarantee-invariant":
        goal = AND(*guarantee_invariant(model, s2, final=True),
                   OR(EQ(s2.phase, DONE), AND(*guarantee_invariant(model, s2))))
    else:
        raise ValueError(prop)
    return premises, goal, pick


def lemma(prop: str, rules: Rules, n: int, timeout_ms: int = 120_000, split: bool = False) -> Result:
    """A one-step lemma: from ANY state satisfying the premises, one step keeps the goal.
    ``split``: prove it case by case over :func:`decision_points` (phase, cursor, actor and target
    fixed per case, everything else symbolic); the cases cover every well-formed state."""
    method = "induction (case split)" if split else "induction"
    why = applicable(prop, rules)
    if why:
        return Result(prop, method, rules.name, n, "n/a", 0.0, "n/a", {"why": why})
    t0 = time.perf_counter()
    model = Model(rules, n)
    k, m = n + 2, 2 * n + 2
    verdict, cases = "proved", 0
    points = list(decision_points(n)) if split else [None]
    for point in points:
        s = sym_state(model, k, m, "s")
        if point is not None:
            s.phase, s.cursor, s.actor, s.target = point
        vals = [z3.Int(f"val{i}") for i in range(k)]
        d = z3.Bool("d")
        premises, goal, pick = _statement(prop, rules, model, s, vals, d, k)
        verdict = _prove(premises, goal, timeout_ms)
        cases += 1
        if verdict != "proved":
            if point is not None:
                verdict += f" (case phase={point[0]} cursor={point[1]} actor={point[2]} target={point[3]})"
            break
    seconds = time.perf_counter() - t0
    # vacuity: the fully symbolic premises hold on a known run's state where the case arises
    s = sym_state(model, k, m, "s")
    vals = [z3.Int(f"val{i}") for i in range(k)]
    d = z3.Bool("d")
    premises, _, pick = _statement(prop, rules, model, s, vals, d, k)
    vac = _vacuity_step(rules, n, premises, s, vals, d, pick, timeout_ms)
    return Result(prop, method, rules.name, n, verdict, seconds, vac, {"cases": cases})


def _undo_goal(rules: Rules, model: Model, s: St, s2: St):
    """K13/D5 after a cat: the offerer holds his dealt card again; the card he offered is back
    with the seat it was dealt to; every seat whose card moved holds his dealt card; a seat that
    never exchanged (the horses skipped, among others) keeps his card."""
    n = model.n
    o = s2.ev_off
    offered = get(s.hid, o)
    still_has = NOT(EQ(get(s2.hid, o), NONE))
    u1 = IMPLIES(still_has, EQ(get(s2.hid, o), get(s2.dealt, o)))
    u2 = AND(*[IMPLIES(AND(still_has, EQ(s2.dealt[j], offered)), EQ(s2.hid[j], offered)) for j in range(n)])
    u3 = AND(*[IMPLIES(AND(NOT(EQ(s.hid[j], NONE)), NOT(EQ(s2.hid[j], s.hid[j])), NOT(EQ(s2.hid[j], NONE))),
                       EQ(s2.hid[j], s2.dealt[j])) for j in range(n)])
    untouched = []
    for j in range(n):
        never = AND(EQ(s.inc[j], NONE), *[NOT(EQ(s.inc[q], j)) for q in range(n) if q != j])
        untouched.append(IMPLIES(never, _kept(rules, s, s2, j)))
    return AND(u1, u2, u3, *untouched)


def base_case(rules: Rules, n: int, timeout_ms: int = 120_000) -> Result:
    """The invariants hold when the deal starts (after the first card(s) are dealt)."""
    t0 = time.perf_counter()
    model = Model(rules, n)
    k = n + 2
    vals = [z3.Int(f"val{i}") for i in range(k)]
    marks = [z3.Int(f"m{j}") for j in range(n)]
    s = model.initial(list(range(k)), vals, marks)
    premises = card_domain(rules, vals) + [m >= 1 for m in marks]
    goals = well_formed(model, s) + conservation(s, vals, k) + guarantee_invariant(model, s)
    if rules.cat == "undo":
        goals += chain_invariant(model, s)
    verdict = _prove(premises, AND(*goals), timeout_ms)
    run = next(known_runs(rules, n))
    res, _ = _solve(premises + [v == x for v, x in zip(vals, run.vals)] + [m == x for m, x in zip(marks, run.marks)],
                    timeout_ms)
    return Result("base-case", "induction", rules.name, n, verdict, time.perf_counter() - t0,
                  "sat" if res == z3.sat else str(res))


# --------------------------------------------------------------------------- the showdown


def _showdown_vars(rules: Rules, n: int):
    """Any showdown of ``n`` seats, scored by the seeds' showdown (:func:`.z3scoring.spec`, written
    apart from the engine's scoring: a showdown it finds is scored again by the engine, :func:`_confirm`)."""
    family = cards.PACKS[rules.pack].family
    live = [z3.Bool(f"live{j}") for j in range(n)]
    vals = [z3.Int(f"card{j}") for j in range(n)]
    dead_hand = [z3.Bool(f"deadhand{j}") for j in range(n)]
    guar = [z3.Int(f"guar{j}") for j in range(n)]
    hinted = [z3.Bool(f"hinted{j}") for j in range(n)]
    marks = [z3.Int(f"marks{j}") for j in range(n)]
    model = Model(rules, n)
    premises = card_domain(rules, vals) + [z3.Or(live)]
    for j in range(n):
        premises.append(z3.Implies(dead_hand[j], z3.Not(live[j])))
        premises.append(z3.Implies(live[j], marks[j] >= 1))
        premises.append(marks[j] >= 0)
        g = guar[j]
        # the guarantee invariant (proved by induction): the keeper holds his inn
        premises.append(z3.Or(g == NONE, z3.And(g >= 0, g < n, g != j, Z(EQ(model.role(get(vals, g)), R_INN)))))
    lost, gained = seeds_showdown(rules, family, vals, live, dead_hand, hinted, guar, marks, n)
    return family, live, vals, dead_hand, guar, premises, lost, gained, hinted, marks


def cuckoo_at_showdown(rules: Rules, n: int, timeout_ms: int = 120_000) -> Result:
    """Q3: does a live XV ever lose a mark at the showdown?  Under ``never-loses`` z3 must prove
    it cannot; under ``compared`` it must find a showdown where it does, and scoring.evaluate
    must agree on that showdown."""
    t0 = time.perf_counter()
    family, live, vals, dead_hand, guar, premises, lost, _, hinted, marks = _showdown_vars(rules, n)
    cuckoo_loses = z3.Or([z3.And(live[j], vals[j] == 15, Z(lost[j] >= 1)) for j in range(n)])
    res, mdl = _solve(premises + [cuckoo_loses], timeout_ms)
    seconds = time.perf_counter() - t0
    claim = rules.cuckoo_at_showdown
    if res == z3.unknown:
        return Result("cuckoo-never-loses" if claim == "never-loses" else "cuckoo-can-lose", "any-showdown",
                      rules.name, n, "unknown", seconds, "")
    # vacuity: the premises hold for some showdown
    vres, vmdl = _solve(premises, timeout_ms)
    vac = "sat" if vres == z3.sat else str(vres)
    if claim == "never-loses":
        return Result("cuckoo-never-loses", "any-showdown", rules.name, n,
                      "proved" if res == z3.unsat else "refuted", seconds, vac,
                      {} if mdl is None else _confirm(rules, mdl, live, vals, dead_hand, guar, hinted, marks))
    if res == z3.unsat:
        return Result("cuckoo-can-lose", "search", rules.name, n, "not found", seconds, vac)
    detail = _confirm(rules, mdl, live, vals, dead_hand, guar, hinted, marks)
    verdict = "found" if detail["evaluate_agrees"] and detail["cuckoo_seats_losing"] else "evaluate disagrees"
    return Result("cuckoo-can-lose", "search", rules.name, n, verdict, seconds, vac, detail)


def _confirm(rules: Rules, mdl, live, vals, dead_hand, guar, hinted, marks) -> dict:
    """Rebuild the showdown z3 found and score it with :func:`cucu_ref.game.scoring.evaluate`, the
    engine's path (plain values), to compare with what z3 computed on terms."""
    pack = cards.PACKS[rules.pack]
    ev = lambda x: mdl.eval(x, model_completion=True)  # noqa: E731
    n = len(vals)
    cardv = [ev(v).as_long() for v in vals]
    is_live = [z3.is_true(ev(x)) for x in live]
    is_dead_hand = [z3.is_true(ev(x)) for x in dead_hand]
    g = [ev(x).as_long() for x in guar]
    hint = [j for j in range(n) if z3.is_true(ev(hinted[j]))]
    held = [ev(x).as_long() for x in marks]
    live_cards = [(j, cards.Card(pack.family, cardv[j])) for j in range(n) if is_live[j]]
    dead_cards = [(j, cards.Card(pack.family, cardv[j])) for j in range(n) if is_dead_hand[j]]
    guarantees = [(j, g[j]) for j in range(n) if g[j] >= 0]
    result = scoring.evaluate(rules, live_cards, dead_cards, guarantees, hint, marks=held, table=n)
    paid: dict = {}
    for seat, _ in result.losers:
        paid[seat] = paid.get(seat, 0) + 1
    model_lost = [ev(x).as_long() if isinstance(x, z3.ExprRef) else x for x in
                  seeds_showdown(rules, pack.family, cardv, [z3.BoolVal(b) for b in is_live],
                                  [z3.BoolVal(b) for b in is_dead_hand], [j in hint for j in range(n)], g, held, n)[0]]
    model_lost = [z3.simplify(x).as_long() if isinstance(x, z3.ExprRef) else x for x in model_lost]
    return {
        "live": [(j, cards.format(c)) for j, c in live_cards],
        "dead": [(j, cards.format(c)) for j, c in dead_cards],
        "guarantees": guarantees,
        "marks": held,
        "model_marks_lost": {j: x for j, x in enumerate(model_lost) if x},
        "evaluate_marks_lost": paid,
        "evaluate_agrees": paid == {j: x for j, x in enumerate(model_lost) if x},
        "cuckoo_seats_losing": [j for j, c in live_cards if c.value == 15 and paid.get(j, 0) > 0],
    }


# --------------------------------------------------------------------------- bounded whole deals

BOUNDED = ("termination", "conservation", "blocked-request", "cat-undo", "cuckoo-at-showdown")


@dataclass
class _Unrolled:
    """One whole deal unrolled for :func:`bounded`: its model, every state from the shuffle to the
    showdown, the symbolic cards, marks and decisions, and the premises on them."""
    model: Model
    states: list
    vals: list
    marks: list
    ds: list
    premises: list

    @property
    def final(self) -> St:
        return self.states[-1]


def _unroll(rules: Rules, n: int) -> _Unrolled:
    """The deal of n seats (n + 2 cards, K1) unrolled step by step, every input symbolic: the
    cards within the pack's domain and each seat's marks 1-3."""
    model = Model(rules, n)
    k = n + 2
    vals = [z3.Int(f"val{i}") for i in range(k)]
    marks = [z3.Int(f"m{j}") for j in range(n)]
    ds = [z3.Bool(f"d{t}") for t in range(model.max_steps())]
    states = model.run(model.initial(list(range(k)), vals, marks), ds)
    premises = card_domain(rules, vals) + [z3.And(m >= 1, m <= 3) for m in marks]
    return _Unrolled(model, states, vals, marks, ds, premises)


def _bounded_vacuity(rules: Rules, n: int, deal: _Unrolled, timeout_ms: int) -> str:
    """'sat' when the premises hold on a deal the engine played (the unrolling pinned to it)."""
    run = next(known_runs(rules, n))
    decisions = list(run.decisions) + [False] * (len(deal.ds) - len(run.decisions))
    pins = ([v == x for v, x in zip(deal.vals, run.vals)] + [m == x for m, x in zip(deal.marks, run.marks)]
            + [d == x for d, x in zip(deal.ds, decisions)])
    vres, _ = _solve(deal.premises + pins, timeout_ms)
    return "sat" if vres == z3.sat else f"premises {vres} on a known run"


def _blocked_request_goal(deal: _Unrolled, n: int):
    """A request the cuckoo or the hunter (XIIII) blocks moves no card but a dead seat's and leaves
    its target the card it was dealt (K10, K11); the cat's leaves its target its dealt card (K13)."""
    parts = []
    for a, b in zip(deal.states, deal.states[1:]):
        kept = AND(*[IMPLIES(NOT(EQ(a.hid[j], NONE)), OR(EQ(b.hid[j], a.hid[j]),
                                                          AND(EQ(b.hid[j], NONE), b.dead[j])))
                     for j in range(n)])
        tgt_keeps = EQ(get(b.hid, b.ev_tgt), get(b.dealt, b.ev_tgt))
        parts.append(IMPLIES(AND(b.ev_req, OR(EQ(b.ev_role, R_CUCKOO), EQ(b.ev_role, R_HUNTER))),
                             AND(kept, tgt_keeps)))
        parts.append(IMPLIES(AND(b.ev_req, EQ(b.ev_role, R_CAT)), tgt_keeps))
    return AND(*parts)


def _cuckoo_loses(deal: _Unrolled, n: int):
    """A live cuckoo (XV) loses marks at the showdown of the unrolled deal."""
    final = deal.final
    lost, _ = model_showdown(deal.model, final)
    return OR(*[AND(NOT(final.dead[j]), EQ(final.hval[j], 15), lost[j] >= 1) for j in range(n)])


def _bounded_goal(prop: str, rules: Rules, deal: _Unrolled, n: int):
    """What :func:`bounded` proves of prop at every step of the unrolled deal."""
    if prop == "termination":
        return EQ(deal.final.phase, DONE)
    if prop == "conservation":
        k = n + 2
        c = z3.Int("c")
        goal = AND(*[AND(EQ(count_of(st, c), 1), *placed(st, deal.vals, k)) for st in deal.states])
        return z3.Implies(z3.And(c >= 0, c < k), Z(goal))
    if prop == "blocked-request":
        return _blocked_request_goal(deal, n)
    if prop == "cat-undo":
        return AND(*[IMPLIES(AND(b.ev_req, EQ(b.ev_role, R_CAT)), _undo_goal(rules, deal.model, a, b))
                     for a, b in zip(deal.states, deal.states[1:])])
    if prop == "cuckoo-at-showdown":  # the reading where the cuckoo never loses
        return NOT(_cuckoo_loses(deal, n))
    raise ValueError(prop)


def _cuckoo_can_lose(rules: Rules, n: int, deal: _Unrolled, timeout_ms: int, detail: dict) -> str:
    """Where the reading lets a live cuckoo lose, search for a deal where it does and play that
    deal in the engine: 'found' only if the engine agrees."""
    res, mdl = _solve(deal.premises + [Z(_cuckoo_loses(deal, n)), Z(EQ(deal.final.phase, DONE))], timeout_ms)
    if res != z3.sat:
        return "not found" if res == z3.unsat else "unknown"
    detail.update(_confirm_deal(rules, n, mdl, deal.vals, deal.marks, deal.ds))
    return "found" if detail["engine_cuckoo_loses"] else "engine disagrees"


def bounded(rules: Rules, n: int, props: tuple = BOUNDED, timeout_ms: int = 300_000) -> list[Result]:
    """Whole deals unrolled from the shuffle to the showdown (3n steps), cards, marks (1-3) and
    every decision symbolic.  Each property is checked at every step of every such deal."""
    t_build = time.perf_counter()
    deal = _unroll(rules, n)
    build = time.perf_counter() - t_build
    vac = _bounded_vacuity(rules, n, deal, timeout_ms)
    results = []
    for prop in props:
        t0 = time.perf_counter()
        detail: dict = {"build_seconds": round(build, 3)}
        if prop == "cat-undo" and applicable("cat-undo", rules):
            results.append(Result(prop, "bounded", rules.name, n, "n/a", 0.0, "n/a",
                                  {"why": applicable("cat-undo", rules)}))
            continue
        if prop == "cuckoo-at-showdown" and rules.cuckoo_at_showdown != "never-loses":
            verdict = _cuckoo_can_lose(rules, n, deal, timeout_ms, detail)
            results.append(Result("cuckoo-can-lose", "bounded", rules.name, n, verdict,
                                  time.perf_counter() - t0, vac, detail))
            continue
        verdict = _prove(deal.premises, _bounded_goal(prop, rules, deal, n), timeout_ms)
        name = "cuckoo-never-loses" if prop == "cuckoo-at-showdown" else prop
        results.append(Result(name, "bounded", rules.name, n, verdict, time.perf_counter() - t0, vac, detail))
    return results


def _confirm_deal(rules: Rules, n: int, mdl, vals, marks, ds) -> dict:
    """Play the deal z3 found in the engine (whole pack) and see whether a live XV loses."""
    ev = lambda x: mdl.eval(x, model_completion=True)  # noqa: E731
    cardv = [ev(v).as_long() for v in vals]
    mk = [ev(m).as_long() for m in marks]
    dec = [z3.is_true(ev(d)) for d in ds]
    eng = _play_engine(rules, n, _engine_stack(rules, cardv, len(cardv)), mk, dec)
    showdown_losses = {}
    after = False
    for e in eng["events"]:
        if e.kind == EventKind.SHOWDOWN:
            after = True
        elif after and e.kind == EventKind.MARK_LOST:
            showdown_losses[e.seat] = showdown_losses.get(e.seat, 0) + 1
    hands = eng["hands"]
    losing_cuckoos = [j for j, x in showdown_losses.items() if hands[j] == 15 and not eng["dead"][j]]
    fam = cards.PACKS[rules.pack].family
    return {"stack_top_first": [cards.format(cards.Card(fam, v)) for v in cardv], "marks": mk,
            "decisions": dec, "engine_hands": [None if h is None else cards.format(cards.Card(fam, h)) for h in hands],
            "engine_showdown_losses": showdown_losses, "engine_cuckoo_loses": bool(losing_cuckoos)}
