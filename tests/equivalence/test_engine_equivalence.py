"""The engine agrees with the engine it replaced (issue 13, Checks), step by step.

``engine_pair.compare`` plays random deals over every preset, every table size 2..20 and
every option reading through ``cucu_ref.game.engine`` and the frozen copy of the engine as it was
before the rewrite (``tests/reference/frozen_engine.py``), and compares legal actions, the
whole state, the events, refusals of forbidden actions and noted hints at every step.  The CI
run plays 3,000 deals; the slow run (``-m slow``) the issue's 100,000.
"""

from __future__ import annotations

import pytest
from engine_pair import READINGS, TABLES, Disagreement, compare, summary
from reference import frozen_as_new as frozen_engine  # (the frozen engine taking and giving the package's States)

from cucu_ref.game import engine
from cucu_ref.game.cards import PACKS, Card
from cucu_ref.game.rulesets import PRESETS

# Every kind of event the frozen engine can emit (its ``emit`` calls, and note_hint's).
EVENT_KINDS = {
    "accept", "arresto", "ask-pagherai-se-null", "buy-back", "buy-back-offer", "dead-card-under-stack", "deal",
    "dealer-keeps-highest", "decline-buy-back", "draw", "exchange", "exchange-with-stack", "exchange-with-talon",
    "fermatevi", "inn-bargain", "keep", "keep-after-fermatevi", "mark-gained", "mark-lost", "next-dealer", "offer",
    "offer-back", "out", "refuse", "restart", "showdown", "shuffle", "skip", "talon-king", "undo",
    "way-back-ends", "winner", "stack-king", "joint-winner", "keep-last-life",
}


def test_ci_sized_agreement():
    tally = compare(engine, frozen_engine, deals=3_000, seed=13)
    print(summary(tally))
    assert tally.deals == 3_000 and tally.steps > 3 * tally.deals
    assert tally.refusals > 500 and tally.hints > 100
    assert {name for name, _ in tally.tables} == set(PRESETS)
    # the common events all come up even in the short run
    assert EVENT_KINDS - set(tally.event_kinds) <= {"talon-king", "draw", "restart", "offer-back",
                                                     "dead-card-under-stack", "buy-back", "winner", "stack-king",
                                                     "joint-winner", "keep-last-life"}


@pytest.mark.slow
def test_agreement_on_100000_deals():
    tally = compare(engine, frozen_engine, deals=100_000, seed=2026)
    print(summary(tally))
    assert tally.deals == 100_000
    assert tally.tables == set(TABLES)  # every preset at every size 2..20 it allows
    assert tally.readings == set(READINGS)  # every reading of every option
    assert set(tally.event_kinds) == EVENT_KINDS


class _Broken:
    """The new engine with one rule changed: K13's undo does nothing."""

    def __getattr__(self, name):
        return getattr(engine, name)

    @staticmethod
    def step(state, action):
        after, events = engine.step(state, action)
        undone = [e for e in events if e.kind == "undo"]
        if undone:
            return after.replace(hands=state.hands if state.phase != "shuffle" else after.hands), events
        return after, events

    @staticmethod
    def advance(state, action):
        return _Broken.step(state, action)[0]  # (broken the same way: the comparison is of step)


def test_a_broken_engine_is_caught():
    """Vacuity check: the comparison fails on an engine that skips K13's undo."""
    with pytest.raises(Disagreement, match="states differ"):
        compare(_Broken(), frozen_engine, deals=3_000, seed=13)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_seeded_shuffle_and_seating_unchanged(name):
    """The seeded helpers give what they gave before: a seed keeps naming the same deal."""
    rules = PRESETS[name]
    for seed in range(50):
        assert engine.shuffled_stack(rules, seed) == frozen_engine.shuffled_stack(rules, seed)
        names = [f"p{i}" for i in range(rules.min_players + seed % 4)]
        assert engine.seat_by_draw(rules, names, seed) == frozen_engine.seat_by_draw(rules, names, seed)
    assert sorted(engine.shuffled_stack(rules, 1)) == sorted(PACKS[rules.pack].cards)
    assert isinstance(engine.shuffled_stack(rules, 1)[0], Card)
