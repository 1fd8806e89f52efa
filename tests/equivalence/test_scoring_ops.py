"""Quick checks of the scoring's fast path that the mutation run reaches (it leaves out the z3
tests of ``tests/formal/test_showdown.py``, which check the same and more): the plain
operations on whole rows (``PlainOps.lowest``, ``lowest_tied``) against their definition,
where the mask is all true (their short way: ``min`` over the whole row) and where it is not;
K19's table; the fast path against the long way."""

from __future__ import annotations

import random

import pytest

from cucu_ref.game import scoring
from cucu_ref.game.cards import PACKS, Card
from cucu_ref.game.rulesets import PRESETS, preset
from cucu_ref.game.scoring import HIGH, PlainOps


def _lowest(values, mask):
    picked = [v for v, m in zip(values, mask) if m]
    return min(picked) if picked else HIGH


def test_lowest_and_its_ties_where_the_mask_is_all_true_and_where_it_is_not():
    rng = random.Random(11)
    for _ in range(2_000):
        n = rng.randint(0, 8)
        values = [rng.randint(-8, 32) for _ in range(n)]
        mask = [True] * n if rng.random() < 0.4 else [rng.random() < 0.5 for _ in range(n)]
        low = _lowest(values, mask)
        assert PlainOps.lowest(values, mask) == low, (values, mask)
        assert PlainOps.lowest_tied(values, mask) == (low, [m and v == low for v, m in zip(values, mask)])
    # the short way's edges: nothing at all, nothing masked in, one masked out below the rest
    assert PlainOps.lowest([], []) == HIGH and PlainOps.lowest_tied([], []) == (HIGH, [])
    assert PlainOps.lowest([3, 1], [False, False]) == HIGH
    assert PlainOps.lowest([3, 1], [True, False]) == 3
    assert PlainOps.lowest_tied([3, 1, 3], [True, False, True]) == (3, [True, False, True])


# ---- K19's table

@pytest.mark.parametrize("reading", ["yes", "two-live-cards"])
def test_k19_two_cuckoos_alone_at_a_table_of_two_or_any(reading):
    # K19 (§Endspiel zu zweit): two XV, the only live cards, lose nothing: at a table of two
    # ('yes'), or wherever they are the only live cards ('two-live-cards', D7)
    rules = preset("campli", {"cuckoo_at_showdown": "compared", "cuckoo_pair_exception": reading})
    xv, low = Card("cuccu", 15), Card("cuccu", 3)
    for table in (2, 3):
        result = scoring.evaluate(rules, [(0, xv), (1, xv)], explain=False, table=table)
        spared = reading == "two-live-cards" or table == 2
        assert result.losers == (() if spared else ((0, "K15"), (1, "K15"))), (table, result)
    # three live cards (the table given as two, as a caller may): not K19's pair, the III loses
    result = scoring.evaluate(rules, [(0, xv), (1, xv), (2, low)], explain=False, table=2)
    assert result.losers == ((2, "K15"),)


def test_the_fast_paths_score_as_the_long_way_ranks_and_rules_included():
    # evaluate(explain=False) (decide_plain) against explain=True (decide), on
    # seeded random showdowns of 1 to 20 live cards, with and without dead hands and hints:
    # the ranks, the losers with the rule each cites, the gainers
    rng = random.Random(8)
    rulesets = [PRESETS[name] for name in sorted(PRESETS)] + [
        preset("campli", {"cuckoo_at_showdown": "compared", "cuckoo_pair_exception": "two-live-cards"}),
        preset("lu-stu", {"all_equal": "nobody-loses"})]
    for _ in range(1_500):
        rules = rng.choice(rulesets)
        cards = rng.sample(list(PACKS[rules.pack].cards), rng.randint(1, 21))
        n = rng.randint(1, min(20, len(cards)))
        live = list(enumerate(cards[:n]))
        dead = list(enumerate(cards[n:], start=n)) if rng.random() < 0.3 else []
        hinted = [s for s, _ in live if rng.random() < 0.2]
        table = rng.choice([None, 2, n + len(dead)])
        fast = scoring.evaluate(rules, live, dead, (), hinted, explain=False, table=table)
        long = scoring.evaluate(rules, live, dead, (), hinted, explain=True, table=table)
        assert (fast.ranks, fast.losers, fast.gainers) == (long.ranks, long.losers, long.gainers), (rules.name, live)
    # the cases the random ones rarely meet: L6's two players left alike (Lu Stù), a lone fool
    fool = Card("cuccu", -4)
    lu = preset("lu-stu")
    two = scoring.evaluate(lu, [(0, Card("cuccu", 5)), (1, Card("cuccu", 5))], explain=False, table=2)
    assert two.losers == ((0, "L6"),) and two.ranks == ((0, 5.0), (1, 5.0))
    lone = scoring.evaluate(preset("campli"), [(3, fool)], explain=False)
    assert lone.losers == ((3, preset("campli").fool_rule),) and lone.ranks == ((3, -4.0),)
