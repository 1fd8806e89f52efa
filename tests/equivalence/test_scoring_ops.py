"""Quick checks of the showdown's stages that the mutation run reaches (it leaves out the z3
tests of ``tests/formal/test_showdown.py``, which check the same and more): who is lowest and who
of the tied lowest loses (K15, L3, R4, F5, C3's fool set aside), worked by hand from the sources
on the stage itself (:func:`cucu_ref.game.scoring.find_lowest`) and against a plain restatement
on random ranks; K19's table; L6's two players left; the lone fool."""

from __future__ import annotations

import random

import pytest

from cucu_ref.game import scoring
from cucu_ref.game.cards import FOOL_VALUE, Card
from cucu_ref.game.rulesets import preset


def _lowest(rules, vals, n_dead=0):
    """find_lowest's (nobody, tied, chosen) on the live cards ``vals`` (Campli's pack), the
    positions as lists (the stage of one lowest card, built once, holds tuples)."""
    r = scoring.rank_cards(rules, True, vals, len(vals) - n_dead, n_dead, ())
    low = scoring.find_lowest(rules, scoring.ranked_values(r, vals), len(vals) - n_dead, r)
    return low._replace(tied=list(low.tied), chosen=list(low.chosen)) if not low.nobody else low


def test_the_lowest_card_and_its_ties():
    # K15 'Die niedrigste Karte verliert ... alle gleich niedrigen je eine': every tied lowest
    campli = preset("campli")
    assert _lowest(campli, [5, 2, 9, 2]) == (False, [1, 3], [1, 3])
    assert _lowest(campli, [5, 2, 9]) == (False, [1], [1])
    # L3: only the first in play order; R4: only the last
    assert _lowest(campli.with_options({"ties": "first"}), [5, 2, 9, 2]).chosen == [1]
    assert _lowest(campli.with_options({"ties": "last"}), [5, 2, 9, 2]).chosen == [3]
    # C3: a single fool is set aside (he loses as the fool) and the lowest other card loses
    assert _lowest(campli, [5, FOOL_VALUE, 3]) == (False, [2], [2])
    # C3: two fools rank 14½, above XIIII: the lowest other card loses
    assert _lowest(campli, [FOOL_VALUE, 14, FOOL_VALUE, 6]) == (False, [3], [3])
    # F5 (Q11 'nobody-loses'): every live card of one rank, nobody loses; 'all-lose': all do
    assert _lowest(campli.with_options({"all_equal": "nobody-loses"}), [4, 4, 4]) == (True, (), ())
    assert _lowest(campli, [4, 4, 4]) == (False, [0, 1, 2], [0, 1, 2])
    # a dead hand is not compared (K15), even below every live card
    assert _lowest(campli, [5, 7, 0], n_dead=1) == (False, [0], [0])


def test_the_lowest_against_its_definition_on_random_ranks():
    rng = random.Random(11)
    for _ in range(2_000):
        rules = preset("campli", {"ties": rng.choice(["all", "first", "last"])})
        vals = [rng.choice([0, 1, 1, 2, 3, 3, 5, 9, 14]) for _ in range(rng.randint(1, 8))]
        got = _lowest(rules, vals)
        low = min(vals)
        tied = [j for j, v in enumerate(vals) if v == low]
        want = {"all": tied, "first": tied[:1], "last": tied[-1:]}[rules.ties]
        assert (got.tied, list(got.chosen)) == (tied, want), (rules.ties, vals)


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


def test_two_players_left_alike_and_the_lone_fool():
    # L6's two players left alike (Lu Stù): the non-dealer loses; a lone fool (C3) loses alone
    fool = Card("cuccu", -4)
    lu = preset("lu-stu")
    two = scoring.evaluate(lu, [(0, Card("cuccu", 5)), (1, Card("cuccu", 5))], explain=False, table=2)
    assert two.losers == ((0, "L6"),) and two.ranks == ((0, 5.0), (1, 5.0))
    lone = scoring.evaluate(preset("campli"), [(3, fool)], explain=False)
    assert lone.losers == ((3, preset("campli").fool_rule),) and lone.ranks == ((3, -4.0),)
