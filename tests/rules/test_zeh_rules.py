"""Das Cucuspiel after Zeh (1769), rules Z1-Z11 and the questions Q9, Q10, Q13.

Expected outcomes worked out from seed 000, section "«Das Cucuspiel», deutsche
Regelbeschreibung aus dem 18. Jahrhundert"; quotes are from there.
"""

from __future__ import annotations

import pytest

from cucu_ref.game.cards import PACKS
from cucu_ref.game.engine import IllegalActionError, note_hint, step
from cucu_ref.game.rulesets import preset
from cucu_ref.game.state import Action, ActionKind, Phase
from tests.helpers import card, kinds, losers, marks_lost, of_kind, play, run, shuffle, table

ZEH = preset("zeh-1769")


def test_Z1_thirty_eight_cards_without_lions():
    # "Es wird mit 38 Karten gespielt, die beiden Löwen sind noch nicht vorhanden."
    assert PACKS[ZEH.pack].size == 38
    assert card("leone") not in PACKS[ZEH.pack].cards
    with pytest.raises(IllegalActionError) as err:
        step(table(ZEH, 3), Action(ActionKind.SHUFFLE, stack=PACKS["cuccu-40"].cards))
    assert err.value.rule == "C1"


def test_Z2_marks_are_agreed():
    # "Die Zahl der Marken ... ist Abmachungssache, und nicht auf drei fixiert."
    rules = ZEH.with_options({"initial_marks": 5})
    state = table(rules, 4)
    assert state.marks == (5, 5, 5, 5)


def test_Z3_every_player_is_dealt_first():
    # "Jeder Spieler erhält seine Karte sogleich, danach wandert das Tauschangebot nach rechts"
    state, events = shuffle(table(ZEH, 4), "V VI VII VIII")
    assert all(h is not None for h in state.hands)
    assert [e.seat for e in of_kind(events, "deal")] == [0, 1, 2, 3]
    assert state.phase == Phase.DECIDE and state.actor == 0


def test_Z4_hunter_as_in_campli():
    # "Die Regeln für XI Wirtshaus, XIII Pferd, XIV Bragon und XV Cucu sind exakt die gleichen"
    state, events = play(table(ZEH, 3), "V XIIII X", ["offer"])
    assert marks_lost(events) == [(0, "K11")]
    assert state.hands[0] == card("V")


def test_Z5_cat_is_paid_to_its_holder_and_nothing_is_undone():
    # "der Anbieter muss eine Marke an den Besitzer der Katze zahlen. Von einer Rückabwicklung ...
    # ist keine Rede"
    state, events = play(table(ZEH, 4), "III V XII X", ["offer", "offer"])
    # A offered III to B (exchange kept: no undo), B offered III to C's cat and pays C
    assert state.hands[:3] == (card("V"), card("III"), card("XII"))
    assert marks_lost(events) == [(1, "Z5")]
    assert [(e.seat, e.rule) for e in of_kind(events, "mark-gained")] == [(2, "Z5")]
    assert state.marks[:3] == (3, 2, 4)


def test_Z6_one_fool_loses_with_the_lowest():
    # "Ein einzelner Narr verliert, wie im Cucù, eine Marke zusammen mit dem oder den Spielern mit der
    # niedrigsten Karte."
    state, events = play(table(ZEH, 4), "III matto III X", ["keep"] * 4)
    assert sorted(losers(events)) == [0, 1, 2]


def test_Z6_two_fools_gain():
    # "Wenn zwei Narren im Spiel sind, dann verlieren die Narren nicht nur nichts, sondern erhalten
    # jeder eine Marke aus der Tasse"
    state, events = play(table(ZEH, 4), "matto V matto X", ["keep"] * 4)
    assert state.marks == (4, 2, 4, 3)


def test_Z7_a_hint_forfeits_the_fools_gain():
    # "Wer es doch tut, erhält keine Marke, falls beide Narren im Spiel sein sollten."
    state, _ = shuffle(table(ZEH, 4), "matto V matto X")
    state, events = note_hint(state, 0)
    assert kinds(events) == ["hint"]
    state, events = run(state, ["keep"] * 4)
    assert state.marks == (3, 2, 4, 3)


def test_Z7_hints_are_table_talk_elsewhere():
    campli = preset("campli")
    state, _ = shuffle(table(campli, 4), "matto V matto X")
    state, _ = note_hint(state, 0)
    state, events = run(state, ["keep"] * 4)
    # Campli: two fools rank 14½ and gain nothing; the hint changes nothing (K20)
    assert losers(events) == [1]


def test_Z8_two_players_one_fool_both_lose_unless_cucu():
    # "Wenn zwei spielen und einer einen Narren hat, verlieren beide eine Marke, es sei denn, die andere
    # Karte ist der Cucu, dann verliert nur der Narr."
    _, events = play(table(ZEH, 2), "matto XIIII", ["keep", "keep"])
    assert sorted(losers(events)) == [0, 1]
    _, events = play(table(ZEH, 2), "matto XV", ["keep", "keep"])
    assert losers(events) == [0]


def test_Z8_decides_the_two_player_cucu_and_is_cited_for_it():
    # Seed 000 §«Das Cucuspiel»: "Wenn zwei spielen und einer einen Narren hat, verlieren beide eine
    # Marke, es sei denn, die andere Karte ist der Cucu, dann verliert nur der Narr" is Zeh's own rule
    # (Z8): the Cucu is spared by it, not by Campli's open question Q3 (issue 24 §2).  With three
    # players, a fool and two Cucus, it is the account's gap-filling Z9 ("der Narr verliert").
    from cucu_ref.game.scoring import evaluate

    two = evaluate(ZEH, [(0, card("matto")), (1, card("XV"))])
    assert [rule for rule, text in two.notes if "cuckoo never loses" in text] == ["Z8"]
    three = evaluate(ZEH, [(0, card("matto")), (1, card("XV")), (2, card("XV"))])
    assert [rule for rule, text in three.notes if "cuckoo never loses" in text] == ["Z9"]


def test_Z8_is_cited_for_each_mark_it_takes():
    # Z8 decides who pays at a table of two with one fool ("verlieren beide eine Marke, es sei
    # denn, die andere Karte ist der Cucu, dann verliert nur der Narr"): each mark lost cites it,
    # not the three-or-more showdown of Z6 (issue 24 §2: Zeh's two-player rule cited where it decides)
    _, events = play(table(ZEH, 2), "matto XIIII", ["keep", "keep"])
    assert sorted((e.seat, e.rule) for e in events if e.kind == "mark-lost") == [(0, "Z8"), (1, "Z8")]
    _, events = play(table(ZEH, 2), "matto XV", ["keep", "keep"])
    assert [(e.seat, e.rule) for e in events if e.kind == "mark-lost"] == [(0, "Z8")]
    # three players, one fool: Z6 as before
    _, events = play(table(ZEH, 3), "matto VII IX", ["keep", "keep", "keep"])
    assert {e.rule for e in events if e.kind == "mark-lost"} == {"Z6"}


def test_Z9_two_players_equal_cards_both_pay_unless_cucus():
    _, events = play(table(ZEH, 2), "VII VII", ["keep", "keep"])
    assert sorted(losers(events)) == [0, 1]
    _, events = play(table(ZEH, 2), "XV XV", ["keep", "keep"])
    assert losers(events) == []


@pytest.mark.parametrize("reading, marks", [("exempt", (4, 4)), ("compared", (3, 3))])
def test_Z9_Q10_two_players_two_fools(reading, marks):
    # "entweder erhalten beide eine Marke; oder nichts"
    rules = ZEH.with_options({"two_fools_alone": reading})
    state, _ = play(table(rules, 2), "matto matto", ["keep", "keep"])
    assert state.marks == marks


def test_Z9_three_players_a_fool_and_two_cucus_the_fool_loses():
    _, events = play(table(ZEH, 3), "XV matto XV", ["keep"] * 3)
    assert losers(events) == [1]


@pytest.mark.parametrize("deal", ["matto XV matto", "matto XV matto XV"])
def test_Z9_two_fools_with_cucus_fools_gain_cucus_lose_nothing(deal):
    n = len(deal.split())
    state, events = play(table(ZEH, n), deal, ["keep"] * n)
    assert losers(events) == []
    assert sorted(e.seat for e in of_kind(events, "mark-gained")) == [0, 2]


def test_Z10_no_buy_back():
    # "die Möglichkeit des Wiedereinkaufens wird nicht angedeutet"
    state, events = play(table(ZEH, 3, marks=(1, 3, 3)), "III X XI", ["keep"] * 3)
    assert state.marks[0] == 0 and "buy-back-offer" not in kinds(events)
    assert state.phase == Phase.SHUFFLE


def test_Z11_all_out_together_is_a_draw_replayed_without_a_new_stake():
    # "Im Sinne von Cucù und Lu Stù würde man das wohl als Unentschieden werten: Niemand gewinnt den Pott
    # und es wird ein neues Spiel mit allen Spielern gespielt, ohne dass ein neuer Einsatz gezahlt
    # werden muss."
    state = table(ZEH, 2, marks=(1, 1))
    pot = state.pot
    state, events = play(state, "VII VII", ["keep", "keep"])
    assert "draw" in kinds(events) and state.winner is None
    assert state.marks == (3, 3) and state.pot == pot and state.phase == Phase.SHUFFLE


def test_Q9_refusing_by_paying_a_mark():
    # "Wer aber nicht tauschen will, wird eine Marque in die Taze setzen" (third paragraph)
    rules = ZEH.with_options({"refuse_by_paying": "yes"})
    state, _ = play(table(rules, 3), "II IX X", ["offer"])
    assert state.phase == Phase.TARGET_DECIDE and state.actor == 1
    paid, events = run(state, [Action(ActionKind.REFUSE_BY_PAYING, 1)])
    assert marks_lost(events) == [(1, "Q9")] and paid.hands[:2] == (card("II"), card("IX"))
    swapped, _ = run(state, [Action(ActionKind.EXCHANGE, 1)])
    assert swapped.hands[:2] == (card("IX"), card("II"))
    # the default (fourth paragraph): plain cards "nothwendig verwechseln muss"
    forced, _ = play(table(ZEH, 3), "II IX X", ["offer"])
    assert forced.hands[:2] == (card("IX"), card("II"))


def test_Q13_targets_are_the_same_as_with_interleaved_dealing():
    campli = preset("campli")
    moves = ["offer", "offer", "keep"]
    zeh_state, _ = play(table(ZEH, 3), "II III X", moves)
    campli_state, _ = play(table(campli, 3), "II III X", moves)
    assert zeh_state.hands == campli_state.hands
