"""Round trip position -> state -> position for random engine states.

A random playout (``cucu_ref.game.playout.trajectory``) is cut at a random point of a deal; the
deal's start and its actions so far are written as a position (every card known: the
whole stack as 'order').  Reading that position back and replaying it must give exactly
the engine's state, and writing it again must give the same position.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from cucu_ref.services.adjudication import adjudicate, replay_state
from cucu_ref.game.engine import new_match
from cucu_ref.game.playout import trajectory
from cucu_ref.formats.position import load, parse, position_from_replay, schema_problems
from cucu_ref.game.rulesets import PRESETS
from cucu_ref.game.state import Phase

NAMES = ["Anna", "Bruno", "Carla", "Dora", "Elena", "Fabio"]


def cut(preset: str, seed: int):
    """(start state, actions, engine state) at a random point of a random deal."""
    rules = PRESETS[preset]
    rng = random.Random(seed)
    n = rng.randint(rules.min_players, min(rules.max_players, len(NAMES)))
    state = new_match(rules, NAMES[:n], dealer=rng.randrange(n))
    start, actions, after = None, [], None
    for before, action, after, _ in trajectory(state, rng.getrandbits(32)):
        if before.phase == Phase.SHUFFLE:
            start, actions = before, []
        actions.append(action)
        if ((after.phase in (Phase.SHUFFLE, Phase.MATCH_OVER) or rng.random() < 0.15)
                and (rng.random() < 0.4 or after.phase == Phase.MATCH_OVER)):
            return start, actions, after
    return start, actions, after


@pytest.mark.parametrize("preset", sorted(PRESETS))
@settings(max_examples=15)
@given(seed=st.integers(0, 2**32 - 1))
def test_position_state_position(preset, seed):
    start, actions, expected = cut(preset, seed)
    doc = position_from_replay(start, actions)
    text = json.dumps(doc)
    assert schema_problems(load(text)) == []
    pos, problems = parse(load(text))
    assert problems == [], problems
    assert replay_state(pos) == expected
    # and back: the position read from the text writes out the same position
    again = position_from_replay(start.replace(rules=pos.rules), actions)
    assert again == doc


@settings(max_examples=20)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_positions_get_a_ruling(seed):
    """Every reachable campli position gets a ruling (exit 0), readings included."""
    start, actions, expected = cut("campli", seed)
    pos, problems = parse(position_from_replay(start, actions))
    ruling = adjudicate(pos)
    assert ruling.ok, ruling.problems
    result = ruling.outcomes[0].result
    assert result["marks"] == dict(zip(expected.players, expected.marks))
