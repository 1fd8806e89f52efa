"""The digital four-player Cuccù (seed 004), rules D1-D8.

Expected outcomes worked out from the Danish rules page, seed 004; quotes are from there.
"""

from __future__ import annotations

import pytest

from cucu_ref.game.engine import legal_actions, new_match
from cucu_ref.game.rulesets import preset
from cucu_ref.game.scoring import evaluate
from cucu_ref.game.state import ActionKind, Phase
from tests.helpers import card, kinds, losers, marks_lost, of_kind, play, table

DIGI = preset("digital-4p")


def test_D1_exactly_four_players_three_lives_no_money():
    # "4 spillere · Dig og tre AI-modstandere · Tre-livs elimineringskamp"; "uden pengeværdi"
    for n in (3, 5):
        with pytest.raises(ValueError):
            new_match(DIGI, [str(i) for i in range(n)])
    state = table(DIGI, 4)
    assert state.marks == (3, 3, 3, 3) and state.pot == 0


def test_D2_bottom_dealing_and_the_dealer_moves_to_the_next_surviving_seat():
    # "Bland hele bunken hver runde og del ud fra bunden. Dealeren flytter til den næste overlevende
    # plads hver runde."  Seat 0 goes out this deal, so after dealer 3 the next dealer is seat 1.
    state = table(DIGI, 4, marks=(1, 3, 3, 3))
    state, events = play(state, "I V VI VII", ["keep"] * 4)
    assert state.marks[0] == 0
    assert [e.seat for e in of_kind(events, "next-dealer")] == [1]


def test_D3_dealer_keeps_or_takes_the_bottom_without_special_effects():
    # "Giveren handler sidst og kan beholde eller bytte med bunden af bunken uden særlige kortstraffe."
    state, events = play(table(DIGI, 4), "X X IX II", ["keep", "keep", "keep", "stack"], then="XIIII")
    assert state.hands[3] == card("XIIII") and marks_lost(events) == [(2, "D7")]


def test_D4_cuckoo_hunter_horse():
    # cuckoo refuses at no cost; hunter costs the requester a life at once; horse skipped
    _, events = play(table(DIGI, 4), "V XV", ["offer"])
    assert marks_lost(events) == []
    _, events = play(table(DIGI, 4), "V XIIII", ["offer"])
    assert marks_lost(events) == [(0, "D4")]
    state, events = play(table(DIGI, 4), "V XIII II", ["offer"])
    assert state.hands[:3] == (card("II"), card("XIII"), card("V"))


def test_D4_horse_at_the_dealer_exchanges_with_the_top():
    # "Hvis dealeren beholder hesten, bytter anmoderen med toppen af pakken"
    state, _ = play(table(DIGI, 4), "X X I XIII", ["keep", "keep", "offer"], top="IX")
    assert state.hands[2] == card("IX") and state.stack[0] == card("I")


def test_D4_is_cited_for_the_horse_at_the_dealer():
    # D4: "if the dealer holds the horse, the requester exchanges with the top of the stack": the
    # digital game's own rule, not Campli's K12 (issue 24 §2: each game cites its own)
    _, events = play(table(DIGI, 4), "X X I XIII", ["keep", "keep", "offer"], top="IX")
    assert [(e.seat, e.rule) for e in events if e.kind == "exchange-with-stack"] == [(2, "D4")]


def test_D5_cat_undoes_the_chain_skipping_the_same_horses():
    # "Tidligere på hinanden følgende udvekslinger med anmodningsmandens nuværende kort bliver omgjort,
    # indtil det vender tilbage til sin oprindelige ejer og springer de samme heste over."
    # A (II) offers: B's horse is skipped, C (VIII) exchanges; C offers II on to D (the dealer, cat).
    state, events = play(table(DIGI, 4), "II XIII VIII XII", ["offer", "offer"])
    # the cat is the dealer's, so play "right of the cat" is over: the showdown follows, and A's II,
    # back with him, is the lowest card
    assert marks_lost(events) == [(2, "D5"), (0, "D7")]
    assert state.hands == (card("II"), card("XIII"), card("VIII"), card("XII"))


def test_D6_inn_accepted_both_keep_and_the_innkeeper_pays_for_a_losing_nulla():
    # "Hvis det accepteres, beholder begge deres kort, og kroværten mister et liv i stedet for anmoderen,
    # hvis anmoderen taber med nul."
    state, events = play(table(DIGI, 4), "0 XI V VI", ["offer", "ask", "accept", "keep", "keep"])
    assert state.hands[:2] == (card("0"), card("XI"))
    assert marks_lost(events) == [(1, "D6")]


def test_D6_inn_refused_the_former_innkeeper_acts_normally():
    # "Hvis det nægtes, skal kroen byttes; dens tidligere indehaver handler derefter normalt."
    state, _ = play(table(DIGI, 4), "0 XI", ["offer", "ask", "refuse"])
    assert state.hands[:2] == (card("XI"), card("0"))
    assert state.phase == Phase.DECIDE and state.actor == 1
    assert {a.kind for a in legal_actions(state)} == {ActionKind.KEEP, ActionKind.OFFER}
    # Campli: play goes on with the player right of the inn (K14)
    campli, _ = play(table(preset("campli"), 4), "0 XI", ["offer", "ask", "refuse"])
    assert campli.actor == 2


def test_D7_every_lowest_loses_and_dead_cards_are_excluded():
    # "Hvert laveste kort mister ét liv, inklusive alle uafgjorte. Kort ... elimineret af en kat eller
    # jæger, er døde og udelukket."
    state = table(DIGI, 4, marks=(1, 3, 3, 3))
    state, events = play(state, "I XIIII III III", ["offer", "keep", "keep"])
    assert losers(events) == [0, 2, 3]


def test_D7_a_cuckoo_never_loses_even_as_the_only_live_card():
    # "En gøg mister aldrig et liv, selvom det er det eneste levende kort."  A lone live card needs
    # every other hand dead, which a deal cannot produce with a cuckoo left (the shooter stays live),
    # so the showdown is asked directly.
    assert evaluate(DIGI, [(3, card("XV"))], dead=[(0, card("I"))]).losers == ()
    # Campli read literally (Q3 'compared') lets the lone live card lose, as in K19's example
    literal = preset("campli").with_options({"cuckoo_at_showdown": "compared"})
    assert [s for s, _ in evaluate(literal, [(3, card("XV"))]).losers] == [3]


def test_D7_fool_ties_with_the_lowest_and_alone_against_cuckoos():
    # "En tåbe har uafgjort med det laveste kort; hvis alle andre kort er gøger, taber kun tåbe."
    _, events = play(table(DIGI, 4), "matto V V X", ["keep"] * 4)
    assert losers(events) == [0, 1, 2]
    # seat 0 is out of the match, so the deal is seats 1, 2, 3
    _, events = play(table(DIGI, 4, marks=(0, 3, 3, 3)), "matto XV XV", ["keep"] * 3)
    assert losers(events) == [1]


def test_D7_two_fools_rank_fourteen_and_a_half_and_two_cuckoos_lose_nothing():
    # "To tåber har 14½, kun under gøgen. To gøger mister ingen liv."
    _, events = play(table(DIGI, 4), "matto XV matto XIIII", ["keep"] * 4)
    assert losers(events) == [3]
    _, events = play(table(DIGI, 4), "matto XV matto XV", ["keep"] * 4)
    assert sorted(losers(events)) == [0, 2]


def test_D8_everyone_out_together_all_four_return_with_three_lives():
    # "Hvis alle, der stadig er med i spillet, når nul i samme runde, vender alle fire spillere tilbage
    # med tre liv gratis."
    state = table(DIGI, 4, marks=(0, 0, 1, 1))
    state, events = play(state, "VII VII", ["keep", "keep"])
    assert "restart" in kinds(events) and state.marks == (3, 3, 3, 3)
