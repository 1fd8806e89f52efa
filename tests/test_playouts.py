"""Random playouts, OpenSpiel style: many seeded matches with every decision drawn from
``legal_actions``, checking the engine's invariants at every step.

CI runs about 300 matches (a few seconds); the ``slow`` marker runs many more
(``pytest -m slow``).
"""

from __future__ import annotations

import copy
import random

import pytest

from cucu_ref.game.engine import IllegalActionError, is_chance, legal_actions, new_match, shuffled_stack, step
from cucu_ref.game.playout import play_deal, play_match, trajectory
from cucu_ref.game.rulesets import PRESETS
from cucu_ref.game.state import Action, ActionKind, Phase

from helpers import CAMPLI, DIGITAL, cards_in_play, check_invariants, pack_multiset

ALL_KINDS = tuple(v for k, v in vars(ActionKind).items() if not k.startswith("_") and v != ActionKind.SHUFFLE)
CI_SEEDS = range(12)
SLOW_SEEDS = range(12, 112)


def names(n: int) -> list[str]:
    return [f"p{i}" for i in range(n)]


def check_match(rules, n: int, seed: int, reject_sample: int = 4, deep_copy: bool = True) -> None:
    """One random match with every invariant checked after every step."""
    rng = random.Random(seed ^ 0x5EED)
    state = new_match(rules, names(n), dealer=seed % n)
    deal_steps = 0
    final = state
    for before, action, after, events in trajectory(state, seed):
        snapshot = copy.deepcopy(before) if deep_copy else None
        before_hash = hash(before)
        # every offered action is accepted; a sample of the others is rejected
        if is_chance(before):
            assert legal_actions(before) == ()
            assert action.kind == ActionKind.SHUFFLE
            for kind in rng.sample(ALL_KINDS, 2):
                with pytest.raises(IllegalActionError):
                    step(before, Action(kind, rng.randrange(n)))
        else:
            legal = legal_actions(before)
            assert action in legal and len(set(legal)) == len(legal)
            for other in legal:
                step(before, other)  # must not raise
            candidates = [Action(k, s) for k in ALL_KINDS for s in (*range(n), None)]
            illegal = [a for a in candidates if a not in legal]
            for bad in rng.sample(illegal, min(reject_sample, len(illegal))):
                with pytest.raises(IllegalActionError):
                    step(before, bad)
            with pytest.raises(IllegalActionError):
                step(before, Action(ActionKind.SHUFFLE, stack=shuffled_stack(rules, seed)))
        # step never modifies its input
        assert hash(before) == before_hash
        if snapshot is not None:
            assert before == snapshot
        check_invariants(before, action, after, events)
        # every deal ends: a deal has at most a few steps per player
        deal_steps = 0 if after.phase == Phase.SHUFFLE else deal_steps + 1
        assert deal_steps <= 6 * n + 10
        final = after
    assert final.phase == Phase.MATCH_OVER
    assert final.winner is not None and final.marks[final.winner] > 0
    assert sum(1 for m in final.marks if m > 0) == 1


@pytest.mark.parametrize("n", range(2, 21))
def test_campli_random_matches_keep_every_invariant(n):
    for seed in CI_SEEDS:
        check_match(CAMPLI, n, seed, deep_copy=n <= 6)


def test_digital_4p_random_matches_keep_every_invariant():
    for seed in range(40):
        check_match(DIGITAL, 4, seed)


@pytest.mark.parametrize("name", sorted(set(PRESETS) - {"campli", "digital-4p"}))
def test_other_presets_random_matches_keep_every_invariant(name):
    rules = PRESETS[name]
    sizes = sorted({rules.min_players, min(rules.max_players, 7), min(rules.max_players, 20)})
    for n in sizes:
        for seed in range(2):
            check_match(rules, n, seed, reject_sample=2, deep_copy=False)


@pytest.mark.slow
@pytest.mark.parametrize("n", range(2, 21))
def test_campli_many_random_matches(n):
    for seed in SLOW_SEEDS:
        check_match(CAMPLI, n, seed, reject_sample=2, deep_copy=False)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_many_random_matches(name):
    rules = PRESETS[name]
    for n in range(rules.min_players, min(rules.max_players, 20) + 1):
        for seed in range(20):
            check_match(rules, n, seed, reject_sample=2, deep_copy=False)


@pytest.mark.parametrize("n", [2, 4, 9, 20])
def test_the_same_seed_gives_the_same_match(n):
    for seed in range(5):
        state = new_match(CAMPLI, names(n))
        first = [(a, after, events) for _, a, after, events in trajectory(state, seed)]
        again = [(a, after, events) for _, a, after, events in trajectory(state, seed)]
        assert first == again
        assert play_match(state, seed) == play_match(state, seed)


def test_different_seeds_give_different_matches():
    state = new_match(CAMPLI, names(6))
    finals = {play_match(state, seed)[0] for seed in range(10)}
    assert len(finals) > 1


@pytest.mark.parametrize("n", [2, 3, 7, 20])
def test_cards_are_conserved_within_every_deal(n):
    # C1: during a deal the hands and the stack hold exactly the pack (as multisets)
    pack = pack_multiset(CAMPLI)
    for seed in range(10):
        state = new_match(CAMPLI, names(n))
        for _, _, after, _ in trajectory(state, seed):
            if after.phase in (Phase.DECIDE, Phase.INN_OFFERER, Phase.INN_KEEPER):
                assert cards_in_play(after) == pack
                # the seats holding a card are exactly the seats of this deal already dealt to
                holders = {s for s, c in enumerate(after.hands) if c is not None}
                assert holders <= set(after.order)


def test_play_deal_stops_at_the_next_shuffle():
    for seed in range(20):
        state = new_match(CAMPLI, names(5))
        after, steps = play_deal(state, seed)
        assert after.phase in (Phase.SHUFFLE, Phase.MATCH_OVER)
        assert after.deal_number == 1
        assert 2 <= steps <= 6 * 5 + 10


def test_the_winner_gets_a_pot_grown_only_by_buy_backs():
    # K3, K17: the pot is the stakes paid in plus every buy-back price
    for seed in range(30):
        state = new_match(CAMPLI, names(4))
        bought = 0
        final = state
        for _, _, after, events in trajectory(state, seed):
            bought += sum(e.amount for e in events if e.kind == "buy-back")
            final = after
            won = [e for e in events if e.kind == "winner"]
            if won:
                assert won[0].amount == 4 * CAMPLI.stake + bought * CAMPLI.stake
        assert final.pot == 4 * CAMPLI.stake + bought * CAMPLI.stake
