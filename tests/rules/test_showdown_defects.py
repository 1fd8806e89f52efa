"""Issue 10 §6: the two rules defects an independent implementation found, worked by hand.

1. K14 (seed 000 §Ereigniskarten, XI Taverna): "Oder er nimmt das Angebot an: wenn dann der
   Anbieter tatsächlich eine Null hält und verliert, dann muss an seiner statt der Gastwirt eine
   Marke zahlen."  Under Q2 'targeted_dealer_decides = yes' an innkeeper at the dealer's seat
   still makes his K8 decision after accepting, so he can end up lowest himself.  He then pays
   his own mark (K15, §Das Ergebnis: "Wer die niedrigste Karte hat, verliert eine Marke") and the
   offerer's; nobody pays more marks than he holds.  Who pays the offerer's mark when the
   innkeeper has none left is not in the sources: Q12's option ``inn_keeper_cannot_pay``
   ('offerer' by default, 'nobody').
2. K19 is a rule of the endgame of two (§Endspiel zu zweit: "Für das Endspiel zwischen Zweien
   gibt es folgende Regeln.  Wenn beide einen Kuckuck halten, verliert keiner eine Marke.").  At
   a table of three, two XV left as the only live cards tie lowest like any two cards (§Das
   Ergebnis: "Haben zwei Spieler eine gleichniedrigste Karte, dann verlieren beide eine
   Marke"); the wider reading is D7's "To gøger mister ingen liv" ('two-live-cards').
"""

from __future__ import annotations

import pytest

from cucu_ref.game.rulesets import OPEN_POINTS, OPTIONS, PRESET_REASONS, preset
from cucu_ref.game.scoring import evaluate
from cucu_ref.game.state import Phase
from tests.helpers import card, losers, marks_lost, play, table

Q2_YES = preset("campli", {"targeted_dealer_decides": "yes"})


def _inn_at_the_dealer(rules, marks, dealer_takes):
    """Andrea keeps her V; Beatrice offers her nulla to Chiara, the dealer, who holds the inn
    (K14: 'fermatevi aliquanto'); Beatrice asks 'pagherai se null?' and Chiara accepts; then,
    under Q2 'yes', Chiara makes her K8 decision and takes the bottom card of the stack."""
    state, events = play(table(rules, 3, marks=marks), "V 0 XI",
                         ["keep", "offer", "ask", "accept", "stack"], then=dealer_takes)
    return state, events


def test_the_innkeeper_on_one_mark_who_is_lowest_himself_pays_only_his_own_mark():
    # Chiara takes the second nulla: Beatrice's 0 and Chiara's 0 tie lowest (K15).  Chiara pays
    # her own mark, her last (out, K16); she has none left for Beatrice's, so Beatrice pays it
    # (Q12 'offerer').  Before the fix Chiara was charged two marks and Beatrice none.
    state, events = _inn_at_the_dealer(Q2_YES, (3, 3, 1), "0")
    assert state.hands == (card("V"), card("0"), card("0"))
    # (the marks are lost in play order, a guaranteed mark in its offerer's place)
    assert marks_lost(events) == [(1, "Q12"), (2, "K15")]
    assert state.marks == (3, 2, 0)
    assert sum(e.amount for e in events if e.kind == "mark-lost" and e.seat == 2) == 1


def test_under_the_reading_nobody_the_offerer_pays_nothing():
    rules = Q2_YES.with_options({"inn_keeper_cannot_pay": "nobody"})
    state, events = _inn_at_the_dealer(rules, (3, 3, 1), "0")
    assert marks_lost(events) == [(2, "K15")]
    assert state.marks == (3, 3, 0)


def test_an_innkeeper_with_two_marks_pays_his_own_and_the_offerers():
    # K14 and K15 both hold: 'an seiner statt' one mark, and his own lowest card one more
    state, events = _inn_at_the_dealer(Q2_YES, (3, 3, 2), "0")
    assert marks_lost(events) == [(2, "K14"), (2, "K15")]
    assert state.marks == (3, 3, 0)


def test_a_single_fool_taken_from_the_stack_loses_and_the_offerer_still_pays_himself():
    # C3: Chiara's lone fool loses, and so does the lowest other card, Beatrice's 0 (K15); the
    # guarantee would move Beatrice's mark to Chiara, who has just paid her last (Q12 'offerer')
    state, events = _inn_at_the_dealer(Q2_YES, (3, 3, 1), "matto")
    assert marks_lost(events) == [(2, "C3"), (1, "Q12")]  # the single fool's mark first
    assert state.marks == (3, 2, 0)


def test_evaluate_never_takes_more_marks_than_a_player_holds():
    # the same showdown as scoring.evaluate sees it; without marks it does not limit anything
    live = [(0, card("V")), (1, card("0")), (2, card("0"))]
    assert evaluate(Q2_YES, live, guarantees=[(1, 2)], marks=[3, 3, 1]).losers == ((1, "Q12"), (2, "K15"))
    assert evaluate(Q2_YES, live, guarantees=[(1, 2)]).losers == ((2, "K14"), (2, "K15"))
    # an innkeeper out during the deal (no hand here, no marks) pays nothing
    assert evaluate(Q2_YES, [(0, card("V")), (1, card("0"))], guarantees=[(1, 2)], marks=[3, 3, 0]).losers == (
        (1, "Q12"),)
    notes = evaluate(Q2_YES, live, guarantees=[(1, 2)], marks=[3, 3, 1]).notes
    assert ("Q12", "seat 1 loses with the nulla, but his innkeeper has no mark left: he pays it himself "
                   "(Q12 'offerer')") in notes


def test_q12_is_a_named_option_with_readings_reasons_and_open_points():
    spec = OPTIONS["inn_keeper_cannot_pay"]
    assert spec.settles == "Q12" and spec.values() == ("offerer", "nobody")
    for name in ("campli", "lu-stu", "zeh-1769", "digital-4p"):
        assert "inn_keeper_cannot_pay" in OPEN_POINTS[name]
        assert "inn_keeper_cannot_pay" in PRESET_REASONS[name]
    assert preset("campli").inn_keeper_cannot_pay == "offerer"


# ---- K19 at a table of three

COMPARED = Q2_YES.with_options({"cuckoo_at_showdown": "compared"})


def _two_cuckoos_at_three(rules):
    """Andrea keeps her XV; Beatrice, on her last mark, offers her V to Chiara, the dealer, who
    shoots her with the XIIII (K11): Beatrice is out and her card is dead (K15).  Under Q2 'yes'
    Chiara still decides (K8) and takes the bottom card of the stack, the second XV."""
    return play(table(rules, 3, marks=(3, 1, 3)), "XV V XIIII", ["keep", "offer", "stack"], then="XV")


def test_two_cuckoos_left_live_at_a_table_of_three_both_lose():
    state, events = _two_cuckoos_at_three(COMPARED)
    assert state.dead == (False, True, False) and state.hands[0] == state.hands[2] == card("XV")
    assert marks_lost(events) == [(1, "K11"), (0, "K15"), (2, "K15")]
    assert state.marks == (2, 0, 2)


def test_the_wider_reading_spares_them_at_any_table():
    state, events = _two_cuckoos_at_three(COMPARED.with_options({"cuckoo_pair_exception": "two-live-cards"}))
    assert losers(events) == [1]
    assert state.marks == (3, 0, 3)


def test_at_a_table_of_two_k19_still_spares_both_cuckoos():
    rules = preset("campli", {"cuckoo_at_showdown": "compared"})
    state, events = play(table(rules, 2), "XV XV", ["keep", "keep"])
    assert losers(events) == [] and state.phase == Phase.SHUFFLE


@pytest.mark.parametrize("table_size,lose", [(2, ()), (3, ((0, "K15"), (1, "K15"))), (None, ())])
def test_evaluate_scopes_k19_by_the_table(table_size, lose):
    live = [(0, card("XV")), (1, card("XV"))]
    # without a table size, the hands given make the table: two
    assert evaluate(COMPARED, live, table=table_size).losers == lose
