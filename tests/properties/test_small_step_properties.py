"""Hypothesis behind the every-size z3 proofs (cucu_ref.assurance.formal.pproofs): on deals hypothesis
draws (ruleset or option reading, table size, the cards the deal reaches, marks, every
decision), the engine, the step model and the small-step model end the deal alike, and every
micro-state satisfies each part of the invariant z3 proves inductive, and every step each
property's goal: conservation, the dealing frontier, the undo chain (K13), the inn's guarantee
(K14/L7), termination, blocked requests (K10, K11, K13, L8) and K13's undo."""

from __future__ import annotations

from hypothesis import given, note
from hypothesis import strategies as st

from cucu_ref.game import cards
from cucu_ref.assurance.formal import parametric as P
from cucu_ref.assurance.formal import pproofs
from cucu_ref.assurance.formal.model import DONE, NONE, Model
from cucu_ref.assurance.formal.plan import readings
from cucu_ref.assurance.formal.props import _engine_stack, _play_engine

READINGS = readings()
# up to 8 seats: every branch of the deal (horses in a row, an undo through several exchanges,
# the inn) fits in 8, and each example stays a few milliseconds; the z3 proofs cover every size


@st.composite
def deals(draw):
    rules = draw(st.sampled_from(READINGS))
    n = draw(st.integers(rules.min_players, min(rules.max_players, 8)))
    k = n + 2  # every card the deal can reach: one per seat, the dealer's exchange, a horse's
    pack = cards.PACKS[rules.pack]
    # the ruleset's event cards (C2) drawn often: a uniform draw from 40 cards meets a cat in few deals
    pool = list(pack.cards)
    events = [c for c in pool if c.value in rules.role_of]
    picked = draw(st.lists(st.sampled_from(events), max_size=k, unique=True))
    rest = [c for c in pool if c not in picked]
    picked += draw(st.permutations(rest))[:k - len(picked)]
    picked = draw(st.permutations(picked))
    marks = draw(st.lists(st.integers(1, 3), min_size=n, max_size=n))
    decisions = draw(st.lists(st.booleans(), min_size=3 * n, max_size=3 * n))
    return rules, n, [c.value for c in picked], marks, decisions


@given(deals())
def test_three_implementations_agree_and_the_invariant_holds(deal):
    rules, n, vals, marks, decisions = deal
    note(f"{rules.name} n={n} stack={vals} marks={marks} decisions={decisions}")
    k = len(vals)
    # the step model
    model = Model(rules, n)
    s = model.initial(list(range(k)), vals, marks)
    used = []
    for d in decisions:
        if s.phase == DONE:
            break
        s = model.step(s, d)
        used.append(d)
    assert s.phase == DONE  # 3n decisions always end a deal (termination)
    # the engine, on a whole pack holding these cards where the deal reaches them
    eng = _play_engine(rules, n, _engine_stack(rules, vals, k), marks, used)
    assert tuple(None if v == NONE else v for v in s.hval) == eng["hands"]
    assert tuple(s.dead) == eng["dead"]
    # the small-step model
    pm = P.PModel(rules, n, k, P.Arr(NONE, dict(enumerate(vals))))
    states = P.play(pm, marks, used)
    final = states[-1]
    assert final.phase == DONE
    assert [P.sel(final.hid, j) for j in range(n)] == list(s.hid)
    assert [P.sel(final.marks, j) for j in range(n)] == list(s.marks)
    assert [P.sel(final.guar, j) for j in range(n)] == list(s.guar)
    # the invariant on every micro-state, the goals on every micro-step
    cx = pproofs.Ctx(pm)
    assert all(x is True for x in pproofs.invariant(cx, states[0], rules))
    for a, b in zip(states, states[1:]):
        for name in pproofs.parts_for(rules):
            assert pproofs.invariant_after(cx, b, rules, name) is True, (name, P.PHASE_NAMES[b.phase])
        for prop in pproofs.PROPERTIES:
            if not pproofs.applicable(prop, rules):
                assert pproofs.goal(prop, cx, a, b, rules) is True, (prop, P.PHASE_NAMES[a.phase])
