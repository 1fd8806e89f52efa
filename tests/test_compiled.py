"""The generated steps (issue 26's experiment, :mod:`cucu_ref.game.compiled`) agree with the
engine at every step: random deals of every preset and of every other reading of its open
options (``rulesets.other_readings``) at 2-20 players, each step's new state and events (and
``advance``'s state) compared with :func:`cucu_ref.game.engine.step`'s, and a refused action
refused alike.  The CI-sized run plays 2,000 deals of the presets in all (the experiment is not
the engine's default path, and generating the steps costs about 1 s a Rules value: with every
reading that was two minutes of the suite); ``-m slow`` 100,000 per preset, every reading too."""

from __future__ import annotations

import random

import pytest

from cucu_ref.game import compiled, engine
from cucu_ref.game.playout import random_action
from cucu_ref.game.rulesets import PRESETS, other_readings, preset
from cucu_ref.game.state import Action, ActionKind, Phase


def rulesets_of(name: str) -> list:
    """The preset, then each other reading of its open options."""
    return [preset(name)] + [rules for _, _, rules in other_readings(preset(name), name)]


def play(rules, players: int, deals: int, rng: random.Random) -> int:
    """``deals`` deals at a table of ``players``, stepped by the engine and by the generated
    steps side by side; each step's results compared.  Returns the steps taken."""
    names = [f"p{i}" for i in range(players)]
    state = engine.new_match(rules, names, rng.randrange(players))
    played = steps = 0
    while played < deals:
        if state.phase == Phase.MATCH_OVER:
            state = engine.new_match(rules, names, rng.randrange(players))
        played += state.phase == Phase.SHUFFLE
        action = random_action(state, rng)
        want = engine.step(state, action)
        got = compiled.step(state, action)
        assert got == want, (action, state)
        assert type(got[0]) is type(want[0]) and all(type(a) is type(b) for a, b in zip(got[0], want[0]))
        assert compiled.advance(state, action) == want[0]
        if rng.random() < 0.05:  # an action refused: the same refusal, naming the same rule
            refused(state, rng)
        state = want[0]
        steps += 1
    return steps


def refused(state, rng: random.Random) -> None:
    wrong = Action(rng.choice([ActionKind.KEEP, ActionKind.OFFER, ActionKind.SHUFFLE, ActionKind.EXCHANGE_WITH_STACK]),
                   rng.randrange(len(state.players)))
    outcomes = []
    for run in (engine.step, compiled.step):
        try:
            outcomes.append(run(state, wrong))
        except engine.IllegalActionError as error:
            outcomes.append(("refused", str(error), error.rule))
    assert outcomes[0] == outcomes[1], wrong


def run_preset(name: str, deals: int, seed: int, readings: bool = True) -> None:
    rng = random.Random(seed)
    variants = rulesets_of(name) if readings else [preset(name)]
    per = max(1, deals // (len(variants) * 4))
    done = 0
    while done < deals:
        for rules in variants:
            players = rng.randint(max(2, rules.min_players), min(20, rules.max_players))
            play(rules, players, per, rng)
            done += per


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_generated_steps_agree_with_the_engine(name: str) -> None:
    run_preset(name, 2_000 // len(PRESETS), 26, readings=False)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_generated_steps_agree_with_the_engine_100k(name: str) -> None:
    run_preset(name, 100_000, 2026)


def test_the_commonest_decisions_are_generated() -> None:
    """Campli's keep, offer and shuffle are generated: no call of the engine's step, no Table."""
    steps = compiled.steps_for(preset("campli"))
    for key in ((Phase.DECIDE, ActionKind.KEEP), (Phase.DECIDE, ActionKind.OFFER), (Phase.SHUFFLE, ActionKind.SHUFFLE)):
        assert key in steps, compiled.NOT_GENERATED
        source = compiled.source_of(preset("campli"), *key)
        assert source is not None and "Table(" not in source
