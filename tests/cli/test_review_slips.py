"""Issue 24 §2/§3, the slips the review found in the ruling's words (stop 37): the card that goes
back on Lu Stù's way back, a dead card named, the Coucou dealer's card without F2's three cards,
'he' in refusals, the readings each in its own source's words, lives not marks.  Each expectation
is worked out from the rule and its seed (rule ID and seed section in the comments), not copied
from an output."""

from __future__ import annotations

import io
import json
import os

from cucu_ref.cli.adjudicate import main

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")


def run(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main([*args], stdout=out, stderr=out)
    return code, out.getvalue()


def example(name: str, *args: str) -> str:
    code, text = run(*args, os.path.join(EXAMPLES, name))
    assert code == 0, text
    return text


def deal(tmp_path, text: str, *args: str) -> tuple[int, str]:
    path = tmp_path / "deal.txt"
    path.write_text(text, encoding="utf-8")
    code, said = run(*args, str(path))
    return code, said.replace(str(path), "deal.txt")


# --------------------------------------------------------------------------- 1. L8: the card that goes back

WAY_BACK = """Ruleset: lu-stu
Players: Anna, Bruno, Carla, Dora, Emil
Dealer: Emil

Anna: IIII, sto bene
Bruno: VI, sto bene
Carla: II, passo
Dora: XII, Gnaf, cart'arrit!
Emil: VIII, sto bene
"""


def test_the_way_back_names_the_card_that_goes_back(tmp_path):
    # L8 (seed 000 §Lu Stù, XII Katze): Carla, whose II met Dora's cat, «muss jetzt dem Spieler
    # links die Karte zum Tausch anbieten»: Bruno (VI, no event card) must exchange «egal ob er
    # seine Karte per Tausch oder vom Geber erhalten hat», «und das Tauschgeschäft geht nach links
    # weiter»: Bruno hands the II on to Anna (IIII).  The way back ends at Anna, the first hand
    # (Q5's default).  Each exchange names the card going back and the one coming in return
    code, text = deal(tmp_path, WAY_BACK, "--no-readings")
    assert code == 0, text
    assert "Carla gives the II to Bruno for the VI; Bruno gives the II to Anna for the IIII" in text
    assert "exchange cards" not in text


def test_the_way_back_names_the_card_going_back_where_the_other_is_not_given(tmp_path):
    # the same deal with Anna's card not written down: the II still goes back to her (L8); what
    # she gives for it is 'Anna's card'
    code, text = deal(tmp_path, WAY_BACK.replace("Anna: IIII, sto bene", "Anna: sto bene"), "--no-readings")
    assert code == 0, text
    assert "Bruno gives the II to Anna for Anna's card" in text
    assert "Bruno and Anna exchange cards" not in text


def test_the_way_back_example_names_the_ii():
    # examples/notation/lu-stu-way-back.txt: Bruno's II met Carla's cat; Anna kept her V as dealt
    # and must take the II (L8, seed 000 §Lu Stù)
    text = example(os.path.join("notation", "lu-stu-way-back.txt"))
    assert "Bruno gives the II to Anna for the V" in text


# --------------------------------------------------------------------------- 2. L10: the dead card named

def test_a_dead_card_under_the_stack_is_named():
    # lu-stu-buy-back-during-deal: Andrea, dealt VI, offers to Beatrice's XIIII and loses his last
    # mark (K11, K16); his card «wird nach unten unter den Kartenstapel getan und beim Vergleich nicht
    # weiter berücksichtigt» (L10, seed 000 §Lu Stù).  It is not compared, but it is the VI
    text = example("lu-stu-buy-back-during-deal.json")
    assert "Dead cards (not compared): Andrea's VI" in text
    code, said = run("--format", "json", os.path.join(EXAMPLES, "lu-stu-buy-back-during-deal.json"))
    result = json.loads(said)["outcomes"][0]["result"]
    assert result["dead"] == ["Andrea"] and result["dead_cards"] == {"Andrea": "VI"}


# --------------------------------------------------------------------------- 3. F4 without F2's three cards

COUCOU_ONE_CARD = """Ruleset: coucou
Players: Anna, Bruno, Carla, Dora, Emil
Dealer: Emil
Options: dealer_takes=1

Anna: as, je change
Bruno: roi, Coucou !
Carla: 9, je garde
Dora: 8, je change, talon dame
"""


def test_a_coucou_dealer_who_took_one_card_chose_nothing(tmp_path):
    # F4 (seed 003 §Spielverlauf): «Der Geber muss die zu Beginn gewählte Karte behalten, da er beim
    # Geben aus den ersten drei Karten wählen durfte»: the choice is F2's of three cards.  A table
    # that agreed the dealer takes one card (dealer_takes = 1) chose nothing: the dealer keeps the
    # card, and no line speaks of three
    code, text = deal(tmp_path, COUCOU_ONE_CARD + "Emil: valet, je garde\n")
    assert code == 0, text
    assert "Emil, the dealer, keeps the card (F4" in text
    assert "three" not in text
    # the same dealer offering: refused by F4, in the same words
    code, text = deal(tmp_path, COUCOU_ONE_CARD + "Emil: valet, je change\n")
    assert code != 0
    assert "the dealer keeps the card dealt (F4)" in text and "three" not in text


def test_the_coucou_dealer_of_three_cards_still_keeps_the_one_chosen():
    # F2/F4 as written: the dealer took three and keeps the one chosen of them
    text = example(os.path.join("notation", "coucou-king.txt"))
    assert "Emil, the dealer, keeps the card chosen from the three (F4" in text


# --------------------------------------------------------------------------- 5. refusals name the player

def test_a_buy_back_refused_names_the_player_not_he(tmp_path):
    # K17 (seed 000 §Wiedereintritt ins Spiel): only a player who went out may buy back; Bruno,
    # with his three marks in the middle of the deal, did not
    code, text = deal(tmp_path, "Ruleset: campli\nPlayers: Anna, Bruno, Carla, Dora\nDealer: Dora\n\n"
                                "Anna: V, sto bene\nBruno: rientro\n")
    assert code != 0
    assert "Bruno did not go out in this deal, and only a player who went out may buy back" in text
    assert " he " not in text


def test_a_card_dealt_twice_is_refused_naming_the_player_and_the_dealer(tmp_path):
    # K4 (seed 000 §Geben und Kartentausch): «Der Geber verteilt nun der Reihe nach rechtsherum an
    # jeden eine Karte»: Anna, right of the dealer Dora, was dealt first; a second card to her
    # before Carla and Dora is refused, with no 'he' or 'himself' for the dealer or for Anna
    code, text = deal(tmp_path, "Ruleset: campli\nPlayers: Anna, Bruno, Carla, Dora\nDealer: Dora\n\n"
                                "Anna: V, sto bene\nBruno: VI, sto bene\nAnna: VII, sto bene\n")
    assert code != 0
    assert ("Anna cannot be dealt a card here: Anna was dealt earlier: the dealer deals round to the right, one "
            "card each, starting with the player right of the dealer and ending with the dealer") in text
    assert "himself" not in text and " he " not in text


# --------------------------------------------------------------------------- 7-9. lives, not marks

def test_the_digital_game_s_open_points_speak_of_lives():
    # D1 (seed 004 §Formål): «Alle starter med tre liv», «Liv er bordscores uden pengeværdi»: the digital
    # game counts lives.  Its open point Q12 (the innkeeper with nothing left to pay with) is
    # asked in lives in --rulesets digital-4p, as its rulings ask it
    code, text = run("--rulesets", "digital-4p")
    assert code == 0, text
    point = text[text.index("inn_keeper_cannot_pay = "):]
    point = " ".join(point[:point.index("Why:")].split())
    assert "no life left to pay it with" in point and "the offerer's life?" in point
    assert "mark" not in point


def test_ranter_go_round_s_restart_reason_counts_counters():
    # R1 (Cassell 1881, pp. 167-168): each player has three counters, 'lives'; no marks
    code, text = run("--rulesets", "ranter-go-round")
    assert code == 0, text
    reason = text[text.index("restart_stake = none"):]
    reason = " ".join(reason[:reason.index("refuse_by_paying")].split())
    assert "three counters, 'lives' (R1)" in reason
    assert "marks" not in reason


def test_a_digital_player_with_no_lives_is_out_with_0_lives(tmp_path):
    # D1 (seed 004 §Formål): «Alle starter med tre liv»; D8 (§Score og afslutning): «Spillere uden liv
    # sidder over senere uddelinger»: Bruno, at 0, cannot deal (D2, §Opsætning: «Dealeren flytter til
    # den næste overlevende plads») nor be dealt a card; he is out with 0 lives, not 0 marks
    code, text = deal(tmp_path, "Ruleset: digital-4p\nPlayers: Anna, Bruno 0, Carla, Dora\nDealer: Bruno\n\n"
                                "Carla: V, behold\n")
    assert code != 0
    assert "the dealer Bruno is out of the match (0 lives) and cannot deal" in text
    code, text = deal(tmp_path, "Ruleset: digital-4p\nPlayers: Anna, Bruno 0, Carla, Dora\nDealer: Dora\n\n"
                                "Anna: V, behold\nBruno: VI, behold\n")
    assert code != 0
    assert "Bruno is out of the match (0 lives) and takes no part in this deal" in text
    assert "marks" not in text
