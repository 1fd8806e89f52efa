"""The z3 model against the engine on seeded random deals (the issue's cross-check).

The expected outcome here is the engine's own: this file checks that two independent
implementations of K4-K15 / D2-D7 (cucu_ref.game.engine and cucu_ref.assurance.formal.model) agree card for
card and mark for mark, so a failure names a deal on which one of them misreads the rules."""

import pytest

from cucu_ref.assurance.formal.crosscheck import (
    engine_outcome, record_deals, replay_concrete, replay_marks, replay_small, replay_z3,
)
from cucu_ref.assurance.formal.plan import CROSS_READINGS
from cucu_ref.game.rulesets import PRESETS, preset

VARIANTS = CROSS_READINGS  # the option readings beyond the presets' (each changes a branch of step())


def _deals():
    found = []
    for i, variant in enumerate(VARIANTS):
        rules = preset("campli", variant)
        for seed in range(5):
            n = 2 + (seed * 7 + i * 3) % 19
            found += record_deals(rules, n, 9000 + 31 * i + seed, 5)
    for seed in range(10):
        found += record_deals(preset("digital-4p"), 4, 500 + seed, 4)
    return found


DEALS = _deals()


def test_enough_deals_are_compared():
    assert len(DEALS) >= 200


@pytest.mark.parametrize("index", range(0, len(DEALS), 1), ids=lambda i: f"deal{i}")
def test_model_replays_engine_deal(index):
    deal = DEALS[index]
    assert replay_concrete(deal) == engine_outcome(deal), deal.describe()


def test_the_marks_after_each_deal_agree():
    # the model's own marks (not only its ghosts of marks lost and gained) against the engine's
    compared = [d for d in DEALS if d.marks_after is not None]
    assert len(compared) >= 150
    bad = [d.describe() for d in compared if replay_marks(d) != d.marks_after]
    assert not bad, bad[:3]


def test_the_small_step_model_replays_the_same_deals():
    # the every-size proofs' model against the engine, deal by deal (hands, dead cards, stack)
    bad = []
    for d in DEALS:
        want, got = engine_outcome(d), replay_small(d)
        if any(got[k] != want[k] for k in got):
            bad.append(d.describe())
    assert not bad, bad[:3]


@pytest.mark.parametrize("index", [0, 3, 7, 11, 40, 120, 160])
def test_solver_finds_exactly_the_engine_outcome(index):
    # small tables only: the z3 replay costs ~0.5 s at n=2, ~2.5 s at n=5
    deal = next(d for d in DEALS[index:] if d.n <= 4)
    verdict, got, _ = replay_z3(deal)
    assert verdict == "unique", deal.describe()
    assert got == engine_outcome(deal), deal.describe()


def test_lu_stu_against_engine():
    """L7/L8 are modelled from the source; the engine gets them with the 'lu-stu' preset.
    Until that preset exists this one test is skipped (reported), never silently passed."""
    if "lu-stu" not in PRESETS:
        pytest.skip("engine has no 'lu-stu' preset yet (cat='backward' raises NotImplementedError)")
    rules = preset("lu-stu")
    # ~240 deals, about one in four with a way back (L8) after a cat
    deals = [d for seed in range(60) for d in record_deals(rules, 2 + seed % 19, 3000 + seed, 4)]
    assert len(deals) >= 200
    bad = [d.describe() for d in deals if replay_concrete(d) != engine_outcome(d)]
    assert not bad, bad[:3]
