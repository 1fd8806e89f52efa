"""Every reading of every named option, on every preset, plays whole matches that keep the
engine's invariants and whose every event names a citable rule.

The engine's contract (cucu_ref.game.engine docstring): "Every event names the rule that caused it",
and the options of the ruleset steer every branch.  The playouts of tests/test_playouts.py use
the presets as they are, so branches only another reading opens (Lu Stù's way back to the
dealer, Q5; the talon's bottom card, Q16; refusing by paying, Q9 …) were never played.  Here
each preset is played with each other reading of each option, one seeded match each.

What is checked at every step is what holds under every reading (tests/helpers.py):
the pack is conserved (C1), marks never go below zero (K16), the actor is a seat in the deal,
the pot grows only by buy-backs (K17), custody ends with the holder; and every event's rule is
one of the rule IDs of cucu_ref.formats.sources, every seat it names is at the table.
"""

from __future__ import annotations

import pytest

from cucu_ref.game.engine import new_match
from cucu_ref.game.playout import trajectory
from cucu_ref.game.rulesets import OPTIONS, PRESETS
from cucu_ref.formats.sources import RULES

from helpers import NAMES, check_invariants


def _variants():
    for preset_name, rules in sorted(PRESETS.items()):
        for option, spec in OPTIONS.items():
            for reading in spec.values():
                if reading != getattr(rules, option):
                    yield pytest.param(preset_name, option, reading, id=f"{preset_name}-{option}={reading}")


def _play(rules, players: int, seed: int) -> None:
    start = new_match(rules, NAMES[:players])
    n = len(start.players)
    for before, action, after, events in trajectory(start, seed, max_steps=5_000):
        check_invariants(before, action, after, events)
        for e in events:
            assert e.rule in RULES, (e.kind, e.rule)
            assert e.seat is None or 0 <= e.seat < n, e
            assert e.other is None or 0 <= e.other < n, e
            assert e.amount >= 0, e


@pytest.mark.parametrize("preset_name, option, reading", list(_variants()))
def test_every_other_reading_plays_clean_matches(preset_name, option, reading):
    rules = PRESETS[preset_name].with_options({option: reading})
    # one match at four players (or the ruleset's least, if more): enough to take every branch
    # the reading opens at least once in most variants, and cheap enough to run per mutant
    _play(rules, max(rules.min_players, min(rules.max_players, 4)), seed=0)
