"""The readings left out of the comparison with the frozen engine (``engine_pair.NEW_BEHAVIOUR``)
are left out for a reason: the frozen engine does not have them.  Each is shown to differ there
on a deal it decides, and the default reading of its option to agree on the same deal."""

from __future__ import annotations

from engine_pair import NEW_BEHAVIOUR, READINGS
from reference import frozen_as_new as frozen_engine  # (the frozen engine taking and giving the package's States)

from cucu_ref.game import engine
from cucu_ref.game.rulesets import OPTIONS, preset
from cucu_ref.game.state import Action, ActionKind

from helpers import stack_for, table

A = ActionKind


def _play(module, rules):
    # Lu Stù: seat 0 on his last mark offers to a hunter, is shot (K11), buys back at once (L11);
    # the next two keep (tests/rules/test_q7_buy_back_card.py works the outcomes out)
    state = table(rules, 4, marks=(1, 3, 3, 3))
    state, events = module.step(state, Action(A.SHUFFLE, stack=stack_for(rules, "VI XIIII VIIII II VIII")))
    out = list(events)
    for kind in (A.OFFER, A.BUY_BACK, A.KEEP, A.KEEP):
        state, events = module.step(state, Action(kind, state.actor))
        out += events
    return state, out


def test_q7_fresh_card_is_new_behaviour_and_its_default_agrees():
    assert set(NEW_BEHAVIOUR) == {("buy_back_card", "fresh-card"), ("without_fools", "yes"),
                                  ("kept_life_eliminations", "not-counted"), ("restart_stake", "new-stake"),
                                  ("restart_counts", "continue")}
    assert not NEW_BEHAVIOUR & set(READINGS)
    assert ("buy_back_card", "next-deal") in READINGS
    default = preset("lu-stu", {"buy_back_card": "next-deal"})
    assert _play(engine, default) == _play(frozen_engine, default)
    fresh = preset("lu-stu", {"buy_back_card": "fresh-card"})
    assert _play(engine, fresh) != _play(frozen_engine, fresh)
    assert _play(frozen_engine, fresh)[1] == _play(engine, default)[1]  # the frozen engine plays the default


def test_every_other_reading_is_compared():
    every = {(name, r.value) for name, spec in OPTIONS.items() for r in spec.readings}
    assert set(READINGS) == every - NEW_BEHAVIOUR
