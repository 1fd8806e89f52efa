"""The events-free play-out over the generated steps (:func:`cucu_ref.game.compiled.play_out`,
issue 26: the steps generated from the rulebook, on one live table for the whole run, no events,
no State between the steps) agrees with :func:`cucu_ref.game.engine.step`: random deals of every
preset at 2-20 players, the state after every step (the live table frozen where ``until`` is
asked) and the state reached compared with the states ``engine.step`` goes through on the same
decisions, and a wrong action refused alike (the same message, the same rule).  The CI-sized run
plays 10,000 deals over the presets (about 1,100 each); ``-m slow`` 100,000 per preset, each other
reading of its open options (``rulesets.other_readings``) too."""

from __future__ import annotations

import random

import pytest

from cucu_ref.game import compiled, engine
from cucu_ref.game.playout import random_action
from cucu_ref.game.rulesets import PRESETS, Rules, other_readings, preset
from cucu_ref.game.state import Action, ActionKind, Phase, State

_ENDS = (Phase.SHUFFLE, Phase.MATCH_OVER)


def by_step(state: State, seed: int) -> list[State]:
    """The states ``engine.step`` goes through in one deal from ``state`` (a shuffle), the random
    policy drawing from ``seed``."""
    rng = random.Random(seed)
    states = [state]
    while True:
        state, _ = engine.step(state, random_action(state, rng))
        states.append(state)
        if state.phase in _ENDS:
            return states


def by_play_out(state: State, seed: int) -> tuple[list[State], State, int]:
    """The same deal by the generated play-out: the live table frozen before each step and at
    the end, the state it returns and the steps it took."""
    rng = random.Random(seed)
    seen: list[State] = []

    def until(table: engine.Seen, steps: int) -> bool:
        seen.append(table.freeze())  # type: ignore[union-attr]  # (the live Table)
        return steps > 0 and table.phase in _ENDS

    reached, steps = compiled.play_out(state, lambda table: random_action(table, rng), until)
    return seen, reached, steps


def refused_alike(state: State, rng: random.Random) -> None:
    """A random (mostly wrong) action: refused by the play-out as by ``engine.step``, or, where
    it is legal, played to the same state."""
    wrong = Action(rng.choice([ActionKind.KEEP, ActionKind.OFFER, ActionKind.EXCHANGE_WITH_STACK,
                               ActionKind.INN_ASK, ActionKind.BUY_BACK]), rng.randrange(len(state.players)))
    outcomes = []
    for run in (lambda: engine.step(state, wrong)[0],
                lambda: compiled.play_out(state, lambda table: wrong, lambda table, steps: steps == 1)[0]):
        try:
            outcomes.append(run())
        except engine.IllegalActionError as error:
            outcomes.append(("refused", str(error), error.rule))
    assert outcomes[0] == outcomes[1], wrong


def play(rules: Rules, players: int, deals: int, rng: random.Random) -> None:
    """``deals`` deals of one match (a new one when it ends) at a table of ``players``, each
    played by ``engine.step`` and by the play-out and compared."""
    names = [f"p{i}" for i in range(players)]
    state = engine.new_match(rules, names, rng.randrange(players))
    for _ in range(deals):
        if state.phase == Phase.MATCH_OVER:
            state = engine.new_match(rules, names, rng.randrange(players))
        seed = rng.randrange(1 << 32)
        want = by_step(state, seed)
        seen, reached, steps = by_play_out(state, seed)
        assert reached == want[-1] and steps == len(want) - 1, (rules.name, players, seed)
        assert seen == want, (rules.name, players, seed)
        assert all(type(a) is type(b) for a, b in zip(reached, want[-1]))
        if rng.random() < 0.05:
            refused_alike(rng.choice(want[1:-1] or want), rng)
        state = want[-1]


def run_preset(name: str, deals: int, seed: int, readings: bool) -> None:
    rng = random.Random(seed)
    variants = [preset(name)] + ([r for _, _, r in other_readings(preset(name), name)] if readings else [])
    done = 0
    while done < deals:
        for rules in variants:
            players = rng.randint(max(2, rules.min_players), min(20, rules.max_players))
            per = min(25, deals - done)
            play(rules, players, per, rng)
            done += per
            if done >= deals:
                return


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_play_out_agrees_with_the_engine(name: str) -> None:
    run_preset(name, -(-10_000 // len(PRESETS)), 26, readings=False)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_play_out_agrees_with_the_engine_100k(name: str) -> None:
    run_preset(name, 100_000, 2026, readings=True)


def test_the_commonest_steps_write_back_only_what_they_change() -> None:
    """Campli's keep on the live table: no State built, hands and custody the table's own lists
    (never copied), and a keep that passes the turn on writes back the turn's fields only."""
    source = compiled.source_of(preset("campli"), Phase.DECIDE, ActionKind.KEEP, False, True)
    assert source is not None
    assert "new_state" not in source and "Table(" not in source and "tuple(t_hands)" not in source
    assert "t_hands = T.hands" in source and "[*" not in source
    last = source.rsplit("return", 1)[0].rsplit("t_cursor = ", 1)[1]  # (the common path's end)
    assert "T.marks" not in last and "T.deal" not in last and "T.cursor = t_cursor" in last
