"""Issue 24 §2/§3, the slips the review found in the ruling's words (stop 37): the card that goes
back on Lu Stù's way back, a dead card named, the Coucou dealer's card without F2's three cards,
'he' in refusals, the readings each in its own source's words, lives not marks.  Each expectation
is worked out from the rule and its seed (rule ID and seed section in the comments), not copied
from an output."""

from __future__ import annotations

import json
import os

# (the CLI as a test runs it, shared with the earlier review's slips)
from tests.cli.test_wording_slips import EXAMPLES, deal, example, run


def refused(tmp_path, notation: str) -> str:
    """The CLI's text for a position it refuses (a non-zero exit)."""
    code, text = deal(tmp_path, notation)
    assert code != 0, text
    return text


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
    text = refused(tmp_path, COUCOU_ONE_CARD + "Emil: valet, je change\n")
    assert "the dealer keeps the card dealt (F4)" in text and "three" not in text


def test_the_coucou_dealer_of_three_cards_still_keeps_the_one_chosen():
    # F2/F4 as written: the dealer took three and keeps the one chosen of them
    text = example(os.path.join("notation", "coucou-king.txt"))
    assert "Emil, the dealer, keeps the card chosen from the three (F4" in text


# --------------------------------------------------------------------------- 5. refusals name the player

def test_a_buy_back_refused_names_the_player_not_he(tmp_path):
    # K17 (seed 000 §Wiedereintritt ins Spiel): only a player who went out may buy back; Bruno,
    # with his three marks in the middle of the deal, did not
    text = refused(tmp_path, "Ruleset: campli\nPlayers: Anna, Bruno, Carla, Dora\nDealer: Dora\n\n"
                                "Anna: V, sto bene\nBruno: rientro\n")
    assert "Bruno did not go out in this deal, and only a player who went out may buy back" in text
    assert " he " not in text


def test_a_card_dealt_twice_is_refused_naming_the_player_and_the_dealer(tmp_path):
    # K4 (seed 000 §Geben und Kartentausch): «Der Geber verteilt nun der Reihe nach rechtsherum an
    # jeden eine Karte»: Anna, right of the dealer Dora, was dealt first; a second card to her
    # before Carla and Dora is refused, with no 'he' or 'himself' for the dealer or for Anna
    text = refused(tmp_path, "Ruleset: campli\nPlayers: Anna, Bruno, Carla, Dora\nDealer: Dora\n\n"
                                "Anna: V, sto bene\nBruno: VI, sto bene\nAnna: VII, sto bene\n")
    assert ("Anna cannot be dealt a card here: Anna was dealt earlier: the dealer deals round to the right, one "
            "card each, starting with the player right of the dealer and ending with the dealer") in text
    assert "himself" not in text and " he " not in text


# --------------------------------------------------------------------------- 7-9. lives, not marks


def _between(text: str, start: str, end: str) -> str:
    """The words of ``text`` from ``start`` up to the next ``end``, on one line (a --rulesets
    entry wraps its text over several)."""
    part = text[text.index(start):]
    return " ".join(part[:part.index(end)].split())

def test_the_digital_game_s_open_points_speak_of_lives():
    # D1 (seed 004 §Formål): «Alle starter med tre liv», «Liv er bordscores uden pengeværdi»: the digital
    # game counts lives.  Q12 (the innkeeper with nothing left to pay with): where --rulesets
    # digital-4p says why its reading is taken (met only under Q2's other reading, issue 24 §2,
    # slips6), it speaks of lives, not marks
    code, text = run("--rulesets", "digital-4p")
    assert code == 0, text
    point = _between(text, "inn_keeper_cannot_pay = ", "seating_fool")
    assert "lose his last life as lowest himself" in " ".join(point.split()), point
    assert "mark" not in point


def test_ranter_go_round_s_restart_reason_counts_counters():
    # R1 (Cassell 1881, pp. 167-168): each player has three counters, 'lives'; no marks
    code, text = run("--rulesets", "ranter-go-round")
    assert code == 0, text
    reason = _between(text, "restart_stake = none", "refuse_by_paying")
    assert "three counters, 'lives' (R1)" in reason
    assert "marks" not in reason


def test_a_digital_player_with_no_lives_is_out_with_0_lives(tmp_path):
    # D1 (seed 004 §Formål): «Alle starter med tre liv»; D8 (§Score og afslutning): «Spillere uden liv
    # sidder over senere uddelinger»: Bruno, at 0, cannot deal (D2, §Opsætning: «Dealeren flytter til
    # den næste overlevende plads») nor be dealt a card; he is out with 0 lives, not 0 marks
    text = refused(tmp_path, "Ruleset: digital-4p\nPlayers: Anna, Bruno 0, Carla, Dora\nDealer: Bruno\n\n"
                                "Carla: V, behold\n")
    assert "the dealer Bruno is out of the match (0 lives) and cannot deal" in text
    text = refused(tmp_path, "Ruleset: digital-4p\nPlayers: Anna, Bruno 0, Carla, Dora\nDealer: Dora\n\n"
                                "Anna: V, behold\nBruno: VI, behold\n")
    assert "Bruno is out of the match (0 lives) and takes no part in this deal" in text
    assert "marks" not in text


# --------------------------------------------------------------------------- 4, 6, 11. readings in their own words

def _json(path: str) -> dict:
    code, said = run("--format", "json", path)
    assert code == 0, said
    return json.loads(said)


AQC_KING = {"format": "cucu-position/1", "ruleset": "as-qui-court",
            "players": ["Anne", "Bernard", "Claire", "Denis", "Estelle"], "dealer": "Estelle", "stack": {"top": "K"},
            "dealt": {"Anne": "A", "Bernard": "8", "Claire": "10", "Denis": "9", "Estelle": "Q"},
            "history": [{"offer": "Anne"}, {"offer": "Bernard"}, {"offer": "Claire"}, {"offer": "Denis"},
                        {"dealer-exchange": "Estelle"}]}


def test_as_qui_court_s_q18_readings_cite_mery(tmp_path):
    # Seed 003 §As Qui Court: the ace runs to the dealer Estelle, who «kann diese Karte nur mit dem
    # Talon tauschen und nur, wenn er vom vorherigen Spieler ein Ass erhalten hat» (A4); the talon's
    # top card is a king.  Méry names no king there (A4 read alone: she takes it); Coucou's «Sollte
    # diese Karte ein König sein, ist kein Kartentausch erlaubt» (F4) stands where Méry's «einzige
    # Unterschied» is the king shown (A1).  Each reading cites As Qui Court's own rule, never
    # pagat's S4 (Screw Your Neighbour) or Farina's K8 (Campli)
    path = tmp_path / "aqc.json"
    path.write_text(json.dumps(AQC_KING), encoding="utf-8")
    (question,) = _json(str(path))["open_questions"]
    assert question["settles"] == "Q18"
    cited = {r["reading"]: r["source"].split(" ")[0] for r in question["readings"]}
    assert cited == {"keeps-own": "A1", "exchanges": "A4"}
    text = " ".join(r["text"] for r in question["readings"])
    assert "S4" not in text and "pagat" not in text and "Farina" not in text and "Cassell" not in text
    code, said = run(str(path))
    assert code == 0 and "S4" not in said and "(K8)" not in said


def test_why_chosen_says_the_table_agreed_a_reading_it_set(tmp_path):
    # the same deal with the table's own option: dealer_draws_king = exchanges.  The preset's reason
    # argues for keeps-own; the reading taken is the one the table agreed, and why_chosen says so
    doc = dict(AQC_KING, ruleset={"preset": "as-qui-court", "options": {"dealer_draws_king": "exchanges"}})
    path = tmp_path / "aqc.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    (question,) = _json(str(path))["open_questions"]
    assert question["chosen"] == "exchanges"
    assert question["why_chosen"] == "the reading agreed at this table (the position's options); as-qui-court reads " \
                                     "otherwise"
    # without the table's option, the preset's own reason
    path.write_text(json.dumps(AQC_KING), encoding="utf-8")
    (question,) = _json(str(path))["open_questions"]
    assert question["chosen"] == "keeps-own" and question["why_chosen"].startswith("Q18, open.")


def test_the_two_fools_reading_gives_each_game_its_own_words():
    # L4 (seed 000 §Lu Stù): «Haben zwei Spieler Narren, dann sind diese die höchsten Karten, über der
    # XV, und beide Spieler erhalten eine Marke»; Z6 (§Das Cucuspiel): «Wenn zwei Narren im Spiel
    # sind, dann verlieren die Narren nicht nur nichts, sondern erhalten jeder eine Marke aus der
    # Tasse».  Zeh ranks them nowhere: the reading does not credit Z6 with L4's 'above XV'
    code, said = run("--rulesets", "--long", "--format", "json")
    assert code == 0, said
    (option,) = [o for o in json.loads(said)["options"] if o["name"] == "two_fools"]
    (reading,) = [r for r in option["readings"] if r["value"] == "above-xv-and-gain"]
    text = reading["text"]
    assert "«die höchsten Karten, über der XV» (Di Luigi & Mazza 2009, L4)" in text
    assert "«verlieren die Narren nicht nur nichts, sondern erhalten jeder eine Marke aus der Tasse» (Zeh 1769, Z6)" \
        in text
    assert "Zeh 1769 Z6)" not in text


# ------------------------------------------------------------ 12. Italian: no Campli card for another game's fool

def test_italian_says_the_digital_game_s_fool_by_its_own_name():
    # D7 (seed 004 §Score og afslutning): «En tåbe har uafgjort med det laveste kort; hvis alle andre
    # kort er gøger, taber kun tåbe»: Anna's fjols (the digital game's card) loses, the two cuckoos do
    # not.  In Italian the fool is the common noun and the card its own name, never Campli's 'Matto'
    text = example("digital-4p-fool-and-cuckoos.json", "--language", "it")
    assert "il matto, fjols (D7)" in text
    assert "Matto" not in text


def test_italian_says_zeh_s_fool_by_its_own_name():
    # Z1 (seed 000 §Das Cucuspiel): Zeh's fool is the «Narr»; Z6/Z7: Carla's Narr gains with the other
    # in play, Anna hinted and gains nothing
    text = example("zeh-1769-hint-forfeits-gain.json", "--language", "it")
    # (the card named once: 'con l'altro matto' named one card two ways, test_fresh_slips2)
    assert "Narr, con l'altro in gioco (Z6)" in text
    assert "Matto" not in text and "Matti" not in text
