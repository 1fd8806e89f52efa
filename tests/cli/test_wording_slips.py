"""Issue 24, the slips the review of the last session found in the ruling's words: a name said
three times in one line, an engine's verbs as a decision, a lives game getting 'marks', a card
that 'cannot say', Q2's readings, 'Anna, Carla lose a mark', a verdict leaving out a mark, and
another game's rule cited.  Each expectation is worked out from the rule and its source (rule
ID and seed section in the comments), not copied from an output."""

from __future__ import annotations

import io
import json
import os

from cucu_ref.cli.adjudicate import main
from cucu_ref.game.rulesets import OPTIONS

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


def verdict(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("Verdict: "))


# --------------------------------------------------------------------------- going out, buying back


def test_going_out_and_buying_back_name_the_player_once():
    # campli-buy-back: Carla's I is the lowest card, her last mark (K15, K16); Bruno went out
    # before her, so she is the second and pays two stakes (K17, seed 000 §Wiedereintritt); she
    # buys back.  One clause, her name once, the rule of the buy-back beside it
    line = verdict(example("campli-buy-back.json"))
    assert line.endswith("Carla is out, may buy back for 2 stakes (K17), and buys back; next dealer: Bruno.")
    assert line.count("Carla") == 2  # (she loses the mark; she is out and buys back)
    # Lu Stù: shot out by the XIIII during the deal, Andrea buys back at once, the first to
    # re-enter: one stake (L11, seed 000 §Lu Stù)
    line = verdict(example("lu-stu-buy-back-during-deal.json"))
    assert "Andrea is out, may buy back for 1 stake (L11), and buys back; next dealer: Andrea." in line


def test_a_buy_back_still_to_decide_is_one_clause_in_plain_words(tmp_path):
    # Lu Stù: Anna, on her last mark, offers to Bruno's XIIII: she loses it at once and is out
    # (K11, K16); she may buy back at once, during the deal (L11), for one stake, the first to
    # re-enter.  The history stops there: her decision is next, said once, in words
    code, text = deal(tmp_path, "Ruleset: lu-stu\nPlayers: Anna 1, Bruno, Carla, Dora\nDealer: Dora\n\n"
                                "Anna: V, passo\nBruno: XIIII, bum!\n")
    assert code == 0, text
    line = verdict(text)
    assert line.endswith("Anna is out and decides next whether to buy back for 1 stake (L11); the deal goes on.")
    assert "buy back or not buy back" not in text and "not buy back" not in line and line.count("Anna") == 2


def test_the_buy_back_decision_reads_as_words():
    # lu-stu-three-marks: Beatrice, out, decides on buying back after the deal (L11); the choice
    # is 'buys back or not', not the engine's two verbs
    line = verdict(example("lu-stu-three-marks.json"))
    assert "Beatrice is out and decides next whether to buy back for 1 stake (L11)" in line
    assert "not buy back" not in line and "Beatrice may buy back" not in line


# --------------------------------------------------------------------------- all out together


DIGITAL_ALL_OUT = """\
Ruleset: digital-4p
Players: Anna 0, Bruno 0, Carla 1, Dora 1
Dealer: Dora

Carla: III, behold
Dora: III, behold
"""


def test_a_lives_game_restarts_with_lives_by_its_own_rule(tmp_path):
    # seed 004: «Hvert laveste kort mister ét liv, inklusive alle uafgjorte» (D7): both III lose
    # their last life; «Hvis alle, der stadig er med i spillet, når nul i samme runde, vender alle
    # fire spillere tilbage med tre liv gratis» (D8): lives, not marks, and no virgins (no buy-back)
    code, text = deal(tmp_path, DIGITAL_ALL_OUT)
    assert code == 0, text
    assert verdict(text) == ("Verdict: Carla and Dora each lose a life: the lowest card, III (D7). Carla and Dora are "
                             "out; everybody went out in this deal: all return with 3 lives (D8); next dealer: Anna.")
    assert "marks again" not in text and "mark" not in text.replace("Marks", "").lower().split("sources")[0]
    assert "Virgins now" not in text
    # the players going out cite the digital game's own rule (D8: «Spillere uden liv sidder over»)
    code, raw = deal(tmp_path, DIGITAL_ALL_OUT, "--format", "json")
    steps = json.loads(raw)["outcomes"][0]["steps"]
    out_rules = [s["rule"] for s in steps if s["text"].endswith("has no lives left: out")]
    assert out_rules == ["D8", "D8"]


def test_zeh_s_players_go_out_by_zeh_s_rule(tmp_path):
    # Zeh 1769: Anna's II is the lowest (Z6), her last mark: out (Z10, seed 000 §Cucuspiel), not
    # Campli's K16
    code, raw = deal(tmp_path, "Ruleset: zeh-1769\nPlayers: Anna 1, Bruno 2, Carla 2\nDealer: Carla\n\n"
                               "Anna: II\nBruno: VI\nCarla: X\nAnna: sto bene\nBruno: sto bene\nCarla: sto bene\n",
                     "--format", "json")
    assert code == 0, raw
    steps = json.loads(raw)["outcomes"][0]["steps"]
    assert [s["rule"] for s in steps if s["text"] == "Anna has no marks left: out"] == ["Z10"]


# --------------------------------------------------------------------------- refusals


def test_a_plain_card_called_as_an_event_card_is_refused_as_a_table_says_it(tmp_path):
    # K7: Bruno, asked by Anna, holds a VI, no event card: he must exchange; only the XV Cucù says
    # 'cucù' (K10, seed 000 §Ereigniskarten)
    code, text = deal(tmp_path, "Ruleset: campli\nPlayers: Anna, Bruno, Carla, Dora\nDealer: Dora\n\n"
                                "Anna: V, passo\nBruno: VI, cucù!\nDora: VIII, sto bene\n")
    assert code == 1
    assert "Bruno held VI, an ordinary card, and had to exchange with Anna (K7): only XV Cucù says 'cucù' (K10)" in text
    assert "cannot say" not in text


def test_lu_stu_s_horse_is_refused_by_lu_stu_s_rule(tmp_path):
    # L9: Lu Stù's horse is announced 'zumb' (seed 000 §Lu Stù); a VI cannot say it: the refusal
    # cites L9, not Campli's K12, and names the Lu Stù card
    code, text = deal(tmp_path, "Ruleset: lu-stu\nPlayers: Anna, Bruno, Carla, Dora\nDealer: Dora\n\n"
                                "Anna: V, passo\nBruno: VI, zumb!\nDora: VIII, sto bene\n")
    assert code == 1
    assert "only XIII Zumb says 'zumb' (L9) [L9 " in text and "K12" not in text
    # an offer that skips a player who holds no horse: only the horse is jumped over (K12 in
    # Campli; L9 names Lu Stù's)
    code, text = deal(tmp_path, "Ruleset: lu-stu\nPlayers: Anna, Bruno, Carla, Dora\nDealer: Dora\n\n"
                                "Anna: V, passo\nBruno: VI\nAnna <> Carla\nDora: VIII, sto bene\n")
    assert code == 1
    assert "not to Carla: only a horse (XIII Zumb) is jumped over [L9 " in text


# --------------------------------------------------------------------------- Q2's readings


def test_q2_s_readings_each_say_what_they_do():
    # Q2 (seed 000 §Ereigniskarten: play goes on «mit dem Spieler rechts von» the event card; K8:
    # the dealer decides last).  'no': the dealer's card ends the round, nobody is left right of
    # him to play on; 'yes': he still decides, keep or the stack.  Neither says both.
    texts = {r.value: r.text for r in OPTIONS["targeted_dealer_decides"].readings}
    assert texts["no"].startswith("no: the dealer's event card ends the round")
    assert "and the round is over" not in texts["no"]
    assert texts["yes"].startswith("yes: the dealer still decides last") and "exchange with the stack" in texts["yes"]
    holder = {r.value: r.text for r in OPTIONS["targeted_holder_acts"].readings}
    assert "decides nothing" in holder["never"] and holder["after-refused-inn"].startswith("only a former innkeeper")


def test_a_rejected_history_names_the_question_not_the_option():
    # tutorial-dealer-keeps: Emil keeps after his event card was targeted: only Q2's 'yes' allows it
    code, text = run(os.path.join(EXAMPLES, "notation", "tutorial-dealer-keeps.txt"))
    assert code == 1
    assert "the history cannot have happened under this ruling's reading of Q2" in text
    assert "It is valid if Q2 is read otherwise: the dealer still decides last" in text
    assert "targeted_dealer_decides" not in text and "= yes" not in text


# --------------------------------------------------------------------------- the showdown's lines


def test_tied_lowest_cards_lose_a_mark_each():
    # campli-claim-overruled: Anna's and Carla's II tie lowest; «Haben zwei Spieler eine
    # gleichniedrigste Karte, dann verlieren beide eine Marke» (K15, seed 000 §Das Ergebnis)
    text = example("campli-claim-overruled.json")
    assert "lowest card: Anna and Carla lose a mark each; Anna deals next (K15, K2)" in text
    assert "Anna, Carla lose" not in text


def test_the_verdict_says_every_mark_lost():
    # lu-stu-three-marks: Beatrice's III offered to Chiara's cat: a mark (L8); the way back meets
    # Andrea's cat: a second (L8: «bei XII und XIIII endet das Tauschen ebenfalls aber der letzte
    # Spieler, der getauscht hat, muss eine Marke Strafe zahlen»); the lowest card: a third (K15: no
    # tie, so not L3's first of the tied).
    # L13 (seed 000 §Lu Stù: «verliert eine weitere Marke wegen seiner Katze») works the same
    # deal out: three marks, three reasons
    line = verdict(example("lu-stu-three-marks.json"))
    assert line.startswith("Verdict: Beatrice loses 3 marks: offered to Chiara's XII Gnaf (L8); offered to Andrea's "
                           "XII Gnaf (L8); the lowest card, III (K15). ")


def test_the_full_step_list_says_the_open_question_in_plain_words():
    # --steps keeps every step; its open questions are said as in the ruling: Q2 by its name, each
    # reading's words once (no 'targeted_dealer_decides = yes', no 'yes: yes:'), K8's last decision
    text = example("campli-event-cards.json", "--steps")
    assert ("  Read otherwise (Q2: the dealer still decides last, after his card has refused the offer: keep, or "
            "exchange with the stack — K8): Carla loses a mark (K11).") in text
    assert "targeted_dealer_decides =" not in text and "yes: yes:" not in text and "no: no:" not in text
    assert "   * the dealer's event card ends the round" in text  # (its words, not its value 'no')
    # a reading's verdict cites the ruleset's own buy-back rule: Lu Stù's L11, not Campli's K17
    text = example("lu-stu-buy-back-during-deal.json", "--steps")
    assert "Andrea is out, may buy back for 1 stake (L11), and buys back; next dealer: Andrea." in text
    assert "(K17)" not in text and "  Read otherwise (Q7: he is dealt a fresh card at once" in text
    assert "(Q7)):" not in text  # (the question named once)


AS_QUI_COURT = """\
Ruleset: as-qui-court
Players: Anna, Bruno, Carla, Dora, Emil
Dealer: Emil
Stack: top roi

Anna: 9, je garde
Bruno: 10, je garde
Carla: valet, je garde
Dora: as, je change
Emil: 7
"""


def test_the_french_games_name_their_cards_and_the_dealer_keeps_the_card(tmp_path):
    # Méry (1847), seed 003 §As Qui Court: the last player exchanges with the dealer (A3), who,
    # having received the ace, may go to the talon (A4); its top is a king: no exchange (F4, the
    # reading Q18 = keeps-own).  Emil keeps the ace, the lowest card (F5).  'the card', not 'his'
    code, text = deal(tmp_path, AS_QUI_COURT + "Emil: talon\n")
    assert code == 0, text
    assert verdict(text) == "Verdict: Emil loses a mark: the lowest card, as (F5). Next dealer: Anna."
    assert "The talon's card is a king: the dealer Emil may not exchange with it and keeps the card held (F4" in text
    assert "his card" not in text
    # a table that writes the king taken: refused in the game's words, 'as' and 'roi' (F1), not 'A', 'K'
    code, text = deal(tmp_path, AS_QUI_COURT + "Emil: talon roi\n")
    assert code == 1
    assert "Emil holds as here, not roi (the card taken from the stack)" in text


def test_an_announcement_is_headed_by_the_game_s_own_call():
    # L9: Lu Stù's horse is announced 'zumb' (seed 000 §Lu Stù), not Campli's 'salta'; a card
    # shown is 'the card', no 'his' (issue 24 §2)
    from cucu_ref.formats.position import parse
    from cucu_ref.services.adjudication.explain import heading

    doc = {"format": "cucu-position/1", "ruleset": "lu-stu", "players": ["Anna", "Bruno", "Carla", "Dora"],
           "dealer": "Dora", "history": [{"deal": "Anna", "card": "V"}, {"offer": "Anna"},
                                         {"deal": "Bruno", "card": "XIII"}, {"announce": "zumb", "by": "Bruno"}]}
    pos, problems = parse(doc)
    assert pos is not None, problems
    assert heading(pos, pos.history[3]) == "Bruno: 'zumb'"


def test_a_digital_claim_that_a_player_is_out_means_the_life_lost(tmp_path):
    # seed 004: every lowest card loses a life, ties included (D7); Anna, on her last life, sits
    # out (D8).  'Anna out, Bruno loses' names both losers: upheld (issue 24 §3)
    deal_text = ("Ruleset: digital-4p\nPlayers: Anna 1, Bruno, Carl, Dora\nDealer: Dora\n\n"
                 "Anna: II, behold\nBruno: II, behold\nCarl: X, behold\nDora: VIII, behold\n")
    code, text = deal(tmp_path, deal_text + "claim: Anna out, Bruno loses\n")
    assert code == 0 and "Claim: UPHELD" in text, text
    # a claim listing losers still lists every one: Bruno left out, Carl named wrongly (X is no lowest)
    code, text = deal(tmp_path, deal_text + "claim: Anna out, Carl loses\n")
    assert code == 0 and "Claim: OVERRULED" in text and "Bruno" in text.split("How it went")[0], text


def test_players_a_claim_names_wrongly_are_said_together():
    # digital-4p-fool-and-cuckoos: Anna's lone fool loses (D7); Bruno's and Carla's XV, tied
    # lowest of the rest, are cuckoos, which never lose (D7, the Danish page).  Anna claimed all
    # three lose: the two she named wrongly are one clause, not "Bruno loses none; Carla loses none"
    text = example("digital-4p-fool-and-cuckoos.json")
    assert "  Bruno and Carla lose none (claimed: Anna, Bruno, Carla; the rules say: Anna)" in text.splitlines()
    code, said = run("--language", "it", os.path.join(EXAMPLES, "digital-4p-fool-and-cuckoos.json"))
    assert code == 0
    assert "  Bruno e Carla non ne perdono (reclamato: Anna, Bruno, Carla; le regole dicono: Anna)" in said
