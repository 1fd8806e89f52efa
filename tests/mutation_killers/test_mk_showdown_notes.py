"""``cucu_ref.game.scoring.evaluate`` as rulings use it: with ``explain=True`` every step of a showdown
is a note naming the rule that decides it; the ranks, losers and gainers follow the rules.

Written to kill mutants that survived the first mutation run (docs/dev/mutation-report.md).
Seats are given in play order, the dealer last.  Expected values are worked out from the rules
cited in each test (seed 000 for C/K/L/Z, 003 for F/R, 004 for D).
"""

from __future__ import annotations

from cucu_ref.game.rulesets import preset
from cucu_ref.game.scoring import evaluate

from helpers import card

CAMPLI = preset("campli")
LU = preset("lu-stu")
ZEH = preset("zeh-1769")
COUCOU = preset("coucou")
RANTER = preset("ranter-go-round")


def live(tokens: str, pack: str = "cuccu"):
    return [(seat, card(t, pack)) for seat, t in enumerate(tokens.split())]


def note_rules(result) -> list[str]:
    return [rule for rule, _ in result.notes]


def test_c3_a_single_fool_loses_with_the_lowest_other_card():
    # C3/K15 (§Das Ergebnis): a single fool ranks equal to the lowest other card: both lose
    result = evaluate(CAMPLI, live("matto V X"))
    assert result.losers == ((0, "C3"), (1, "K15"))
    assert result.gainers == ()
    # the lone fool has no rank of its own: it is compared as the lowest (−4 in the table)
    assert result.ranks == ((0, -4.0), (1, 5.0), (2, 10.0))
    assert note_rules(result) == ["C3", "K15"]
    assert "seat 0" in result.notes[0][1] and "1" in result.notes[1][1]


def test_c3_two_fools_rank_fourteen_and_a_half_and_gain_nothing():
    # C3: both fools in play rank between XV and XIIII; the V is the lowest
    result = evaluate(CAMPLI, live("matto V matto XV"))
    assert result.ranks == ((0, 14.5), (1, 5.0), (2, 14.5), (3, 15.0))
    assert result.losers == ((1, "K15"),)
    assert result.gainers == ()
    assert note_rules(result) == ["C3", "K15"]
    # the note states C3's rank: 14½, between XV and XIIII
    assert "14½" in result.notes[0][1] and "between XV and XIIII" in result.notes[0][1]


def test_l4_two_fools_rank_above_xv_and_each_gains():
    # L4 (§Lu Stù): two fools are the highest cards, above XV, and each holder gains a mark;
    # the lowest card still loses: V alone, so K15 (L3 only picks among tied lowest, seed 000 §Lu Stù)
    result = evaluate(LU, live("matto V matto XV"))
    assert result.ranks == ((0, 16.0), (1, 5.0), (2, 16.0), (3, 15.0))
    assert result.gainers == ((0, "L4"), (2, "L4"))
    assert result.losers == ((1, "K15"),)
    assert note_rules(result) == ["L4", "K15"]
    assert "above XV" in result.notes[0][1] and "gains a mark" in result.notes[0][1]


def test_z7_a_hinted_fool_gains_nothing():
    # Z6: two fools each gain; Z7: unless the holder hinted at his fool
    result = evaluate(ZEH, live("matto V matto XV"), hinted=(0,))
    assert result.gainers == ((2, "Z6"),)
    assert note_rules(result)[:2] == ["Z7", "Z6"]
    assert "seat 0" in result.notes[0][1]
    # the hint is table talk in Campli (K20): Lu Stù's gain is untouched by it
    assert evaluate(LU, live("matto V matto XV"), hinted=(0,)).gainers == ((0, "L4"), (2, "L4"))


def test_z9_two_fools_alone_are_exempt_under_zeh():
    # Z9 first reading (Q10 'exempt'): two players with two fools both gain, nobody loses
    result = evaluate(ZEH, live("matto matto"))
    assert result.gainers == ((0, "Z6"), (1, "Z6"))
    assert result.losers == ()
    assert note_rules(result) == ["Z6", "Z9"]
    assert "never lose" in result.notes[1][1] and "Q10" in result.notes[1][1]
    # with a third, plain card the fools are set aside and the plain card is lowest: Z6 ('verlieren
    # die Narren nicht nur nichts') decides; Q10/Z9's two players with two fools is not in play
    result = evaluate(ZEH, live("matto V matto"))
    assert result.losers == ((1, "Z6"),)
    assert "Z9" not in note_rules(result)


def test_l6_two_fools_alone_are_compared_under_lu_stu():
    # L6: 'n llev e n matt': both gain, and the first (the non-dealer) loses his gain again;
    # the loss cites L6, the rule of the two left (seed 000, §Lu Stù), not L3
    result = evaluate(LU, live("matto matto"))
    assert result.gainers == ((0, "L4"), (1, "L4"))
    assert result.losers == ((0, "L6"),)
    assert note_rules(result) == ["L4", "L6"]
    assert "only seat 0 loses" in result.notes[1][1] and "two players left" in result.notes[1][1]
    # at a table of three the same tie is L3's
    result = evaluate(LU, live("matto matto"), table=3)
    assert result.losers == ((0, "L3"),) and note_rules(result) == ["L4", "L3"]


def test_q4_a_dead_fool_counts_only_under_any_hand():
    # Q4: 'any-hand' counts a fool in a dead hand towards 'both fools in play'
    dead = [(2, card("matto"))]
    as_live = evaluate(CAMPLI, live("matto V"), dead=dead)
    assert as_live.losers == ((0, "C3"), (1, "K15"))  # one live fool: it loses (C3)
    any_hand = evaluate(CAMPLI.with_options({"fools_in_play": "any-hand"}), live("matto V"), dead=dead)
    assert any_hand.ranks == ((0, 14.5), (1, 5.0))  # two fools in play: 14½ (C3)
    assert any_hand.losers == ((1, "K15"),)


def test_f5_all_equal_nobody_loses():
    # F5 (seed 003 §Coucou): "außer wenn alle Spieler den gleichen Kartenwert haben"
    result = evaluate(COUCOU, live("9 9 9", "french"))
    assert result.losers == ()
    assert note_rules(result) == ["F5"]
    assert "nobody loses" in result.notes[0][1] and "Q11" in result.notes[0][1]
    # one card different: the tied lowest all lose (F5: 'zwei od. mehrere Spieler verlieren')
    result = evaluate(COUCOU, live("9 9 10", "french"))
    assert result.losers == ((0, "F5"), (1, "F5"))
    assert note_rules(result) == ["F5"]
    assert "0, 1" in result.notes[0][1]


def test_f5_one_live_card_is_lowest_when_all_equal_does_not_apply():
    # a single live card is 'all equal' only among two or more: alone it is lowest (K19's example)
    result = evaluate(COUCOU, live("9", "french"))
    assert result.losers == ((0, "F5"),)


def test_r4_of_equal_lowest_only_the_last_turned_up_loses():
    # R4 (Cassell 1881): of equal lowest cards only the one turned up last loses
    result = evaluate(RANTER, live("5 5 9", "french"))
    assert result.losers == ((1, "R4"),)
    assert note_rules(result) == ["R4"]
    assert "only seat 1 loses" in result.notes[0][1] and "2 cards" in result.notes[0][1]


def test_l3_of_equal_lowest_only_the_first_loses():
    result = evaluate(LU, live("V V X"))
    assert result.losers == ((0, "L3"),)
    assert note_rules(result) == ["L3"]


def test_q3_never_loses_spares_the_cuckoo_and_notes_it():
    # D7/Z9 (Q3 'never-loses'): a cuckoo never loses, even tied with a lone fool
    result = evaluate(CAMPLI, live("matto XV XV"))
    assert result.losers == ((0, "C3"),)
    assert note_rules(result) == ["C3", "K15", "Q3"]
    assert "1, 2" in result.notes[2][1]


def test_k19_two_cuckoos_alone_lose_nothing_under_compared():
    # K19: "if both hold a cuckoo, neither loses", also under Q3 'compared'
    compared = CAMPLI.with_options({"cuckoo_at_showdown": "compared"})
    result = evaluate(compared, live("XV XV"))
    assert result.losers == ()
    assert note_rules(result) == ["K15", "K19"]
    assert "neither loses" in result.notes[1][1]
    # three live cuckoos are not 'both': all tie lowest and lose
    assert evaluate(compared, live("XV XV XV")).losers == ((0, "K15"), (1, "K15"), (2, "K15"))
    assert [s for s, _ in evaluate(compared, live("XV V")).losers] == [1]


def test_k14_the_innkeeper_pays_for_the_offerers_nulla():
    # K14: the innkeeper pays the mark if the offerer holds a nulla and loses
    result = evaluate(CAMPLI, live("0 XI V"), guarantees=[(0, 1)])
    assert result.losers == ((1, "K14"),)
    assert note_rules(result) == ["K15", "K14"]
    assert "seat 0" in result.notes[1][1] and "seat 1" in result.notes[1][1]
    # a V is no nulla: the offerer pays himself
    assert evaluate(CAMPLI, live("V XI VI"), guarantees=[(0, 1)]).losers == ((0, "K15"),)


def test_q12_zero_or_below_covers_the_negative_cards_but_never_the_fool():
    # Q12 'zero-or-below': 0, secchia, mascherone, leone; the fool is no 'nulla' (C1)
    rules = CAMPLI.with_options({"inn_guarantee_covers": "zero-or-below"})
    assert evaluate(rules, live("leone XI V"), guarantees=[(0, 1)]).losers == ((1, "K14"),)
    assert evaluate(CAMPLI, live("leone XI V"), guarantees=[(0, 1)]).losers == ((0, "K15"),)
    fool = evaluate(rules, live("matto XI V"), guarantees=[(0, 1)])
    assert fool.losers == ((0, "C3"), (2, "K15"))


def test_f5_two_equal_live_cards_are_all_equal_too():
    # F5: 'außer wenn alle Spieler den gleichen Kartenwert haben' holds for two players as well
    result = evaluate(COUCOU, live("9 9", "french"))
    assert result.losers == ()
    assert note_rules(result) == ["F5"]


def test_q4_a_single_dead_fool_makes_no_pair():
    # Q4 'any-hand': a dead fool counts towards 'both fools in play', but one fool alone is no
    # pair: no two-fools note, and with no live fool the plain cards are compared (K15)
    rules = CAMPLI.with_options({"fools_in_play": "any-hand"})
    result = evaluate(rules, live("V X"), dead=[(2, card("matto"))])
    assert result.losers == ((0, "K15"),)
    assert note_rules(result) == ["K15"]


def test_z9_note_only_when_a_live_fool_is_set_aside():
    # Zeh with Q4 'any-hand': both fools dead, none live: nothing is set aside, so no Z9 note
    rules = ZEH.with_options({"fools_in_play": "any-hand"})
    result = evaluate(rules, live("V X"), dead=[(2, card("matto")), (3, card("matto"))])
    assert result.losers == ((0, "Z6"),)
    assert "Z9" not in note_rules(result)
