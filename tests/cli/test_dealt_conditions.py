"""Issue 24 §1 (stop 36, the reviewer's open slips): the conditions of unknown cards as a person
says them.  A condition is about the card a player was DEALT, said so after exchanges; "at least
one of ... was dealt X" for what was a list of every way it can happen; no fact said twice.  Each
expectation is worked out by hand from the position and the seed (rule ID and section in the
comments); each test fails on the code before (c1f6710)."""

from __future__ import annotations

import io
import json

from cucu_ref.cli.adjudicate import main


def ruled(tmp_path, text: str, *args: str) -> str:
    path = tmp_path / "deal.txt"
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    assert main([*args, str(path)], stdout=out, stderr=io.StringIO()) in (0, 1), out.getvalue()
    return out.getvalue()


# Bruno offers his card to Carla ('passo') and they exchange (K7, seed 000 §Geben und
# Kartentausch): at the showdown Bruno holds the card Carla was dealt, Carla the one Bruno was
# dealt.  Three dealt cards never shown, Anna's VI shown.
PASSED_ON = """\
Ruleset: campli
Players: Anna, Bruno, Carla, Dora
Dealer: Dora

Anna: VI, sto bene
Bruno: passo
Carla: sto bene
Dora: sto bene
shown: Anna VI
"""


def test_a_condition_names_the_dealt_card_after_an_exchange(tmp_path):
    # Bruno loses by K15 (the lowest card, ties each lose; seed 000 §Das Ergebnis) where the card
    # he holds, the one CARLA WAS DEALT, is VI or lower (Anna's VI ties) and not higher than the
    # other two unknown cards but a fool (C3: a pair of fools ranks 14½).  "Carla's card" would
    # read as the card Carla holds, Bruno's dealt card: the opposite player
    text = ruled(tmp_path, PASSED_ON)
    assert ("  If Carla was dealt a card from Leone to VI and Carla's dealt card is not higher than any of "
            "Bruno's dealt card and Dora's dealt card that is not a fool: Bruno loses a mark (the lowest card, "
            "K15)") in text, text
    assert "Carla's card" not in text and "Bruno's card" not in text
    # in Italian the same: 'la carta data a Carla', not 'la carta di Carla' (the card she holds)
    italian = ruled(tmp_path, PASSED_ON, "--language", "it")
    assert "la carta data a Carla non è più alta" in italian, italian
    assert "la carta di Carla" not in italian


# natural_deal('here', 5, 6, unshown=4) as a table writes it: everybody keeps ('je garde', H1
# follows Coucou: F2), only Emil's 2 shown; Carla is on her last mark.
HERE_FIVE = """\
Ruleset: here
Players: Anna 5 virgin, Bruno 2 not virgin, Carla 1 not virgin, Dora 5 virgin, Emil 5 virgin
Dealer: Emil
Pot: 5

Anna: je garde
Bruno: je garde
Carla: je garde
Dora: je garde
Emil: je garde
shown: Emil 2
"""


def test_at_least_one_of_them_was_dealt_an_ace(tmp_path):
    # The lowest card loses, all tied lowest lose (H1 after F5, seed 003 §Spielverlauf); the ace
    # is the lowest card (F1, seed 003 §Spielkarten: 52 cards, four of each rank).  Emil's 2 loses
    # unless some other card is lower, an ace: whoever of the four holds one.  It was the 15 ways
    # that can happen ('Dora was dealt as and none of Anna, Bruno and Carla was dealt as; or ...')
    text = ruled(tmp_path, HERE_FIVE)
    # (where his marks stay, 'at least one of ... was dealt as', is as short: said the other way, the
    # line opens with when he loses; it was 'Emil loses a mark (...); but if ...: Emil's marks stay')
    assert ("  If none of Anna, Bruno, Carla and Dora was dealt as: Emil loses a mark (the lowest card, 2, "
            "H1).") in text, text
    # each of the four loses where his card is 2 or lower (an ace, or a 2 tied with Emil's) and no
    # card dealt to the other three is lower (ties each lose, H1): one fact, not three comparisons
    assert ("  If Carla was dealt 2 or lower and Carla's dealt card is not higher than the cards dealt to Anna, "
            "Bruno and Dora: Carla loses a mark (the lowest card, H1) and is out.") in text, text
    italian = ruled(tmp_path, HERE_FIVE, "--language", "it")
    assert "  Se nessuno tra Anna, Bruno, Carla e Dora ha ricevuto as: Emil perde un segno" in italian, italian
    assert "la carta data a Carla non è più alta delle carte date ad Anna, Bruno e Dora" in italian, italian


# natural_deal('ranter-go-round', 18, 11, unshown=3) as a table writes it: four exchanges (R2:
# Sara with Tino, Bruno with Carla, Gina with Hugo, Nino with Olga), Rita the dealer takes the
# top card of the pack; Sara's, Ida's and Nino's cards not shown.
RANTER = """\
Ruleset: ranter-go-round
Players: Anna 2 not virgin, Bruno 2 not virgin, Carla 3 virgin, Dora 3 virgin, Emil 2 not virgin, \
Fabio 3 virgin, Gina 3 virgin, Hugo 2 not virgin, Ida 1 not virgin, Luca 3 virgin, Marta 3 virgin, \
Nino 3 virgin, Olga 2 not virgin, Pia 2 not virgin, Rita 3 virgin, Sara 3 virgin, Tino 3 virgin, Ugo 3 virgin
Dealer: Rita
Pot: 18
Deals: 1

Sara: change
Tino: keep
Ugo: keep
Anna: keep
Bruno: change
Carla: keep
Dora: keep
Emil: keep
Fabio: keep
Gina: change
Hugo: keep
Ida: keep
Luca: keep
Marta: keep
Nino: change
Olga: keep
Pia: keep
Rita: pack
shown: Tino J, Ugo 4, Anna 7, Bruno 6, Carla 9, Dora 8, Emil 10, Fabio J, Gina 8, Hugo 8, Luca 2, Marta Q, \
Olga 5, Pia Q, Rita 8
"""


def test_no_fact_said_twice(tmp_path):
    # R4 (Cassell 1881): the lowest loses a life, of equal lowest only the one turned up LAST
    # (turned up from the dealer's left: Sara, ..., Ida, Luca, ..., Nino); aces lowest (R1).  Sara
    # holds Tino's dealt card, Nino Olga's, Ida her own; Luca's 2 is the lowest shown.  Luca loses
    # where no unknown card is an ace and Nino's (Olga's dealt card) is no 2 (Nino is turned up
    # after Luca): Olga was dealt 3 or higher, and neither Tino nor Ida an ace.  'none of Tino, Ida
    # and Olga was dealt ace' said Olga's ace a second time
    text = ruled(tmp_path, RANTER)
    assert ("  If Olga was dealt 3 or higher and neither Tino nor Ida was dealt ace: Luca loses a life: the lowest "
            "card, 2 (R4).") in text, text
    assert "none of Tino, Ida and Olga" not in text
    # an ace: the last turned up of the aces loses (R4): Nino (Olga's), else Ida, else Sara (Tino's)
    assert "  If Ida was dealt ace and Olga was not dealt an ace: Ida loses a life" in text
    assert "  If Tino was dealt ace and neither Ida nor Olga was dealt ace: Sara loses a life" in text


def test_the_json_keeps_every_field(tmp_path):
    record = json.loads(ruled(tmp_path, HERE_FIVE, "--format", "json"))
    (emil,) = [p for p in record["by_player"]["players"] if p["player"] == "Emil"]
    assert [e["if"] for e in emil["effects"] if not e["marks_lost"]] == [
        "at least one of Anna, Bruno, Carla and Dora was dealt as"]
    assert all({"when", "if", "verdict", "steps", "result"} <= set(o) for o in record["outcomes"])


# natural_deal('here', 4, 3338172184, unshown=3) as written: Anna's king stops Dora's exchange
# ('coucou!', F3, seed 003 §Spielverlauf: the king is shown and refuses), so each keeps the card
# dealt; Carla's ace shown, Dora's and Bruno's cards not.
HERE_FOUR = """\
Ruleset: here
Players: Anna 5 virgin, Bruno 1 not virgin, Carla 5 virgin, Dora 5 virgin
Dealer: Bruno
Pot: 4
Deals: 4

Carla: je garde
Dora: je change
Anna: coucou!
Bruno: je garde
shown: Carla A
"""


def test_neither_of_two_said_as_neither(tmp_path):
    # Carla's ace is the lowest card (F1: the ace lowest); every tied lowest loses (H1 after F5):
    # nobody else loses unless he too holds an ace.  It read 'Dora was dealt anything but as and
    # Bruno was dealt anything but as'
    text = ruled(tmp_path, HERE_FOUR)
    assert "  If neither Dora nor Bruno was dealt as: No other mark changes hands." in text, text
    assert "  If Dora was dealt as and Bruno was not dealt an as: Dora loses a mark: the lowest card, as" in text


# natural_deal('lu-stu', 5, 3530140069, unshown=3) as written: Bruno buys back after the deal
# (L11), so he lost his last mark in every case: the lowest card (K15) or the lone Matto (L4).
LU_STU_FIVE = """\
Ruleset: lu-stu
Players: Anna 3 virgin, Bruno 1 not virgin, Carla 1 not virgin, Dora 1 not virgin, Emil 3 virgin
Dealer: Bruno
Pot: 5
Deals: 3

Carla: sto bene
Dora: passo
Emil: tingh la cas!, fatt nu bicchijr
Anna: sto bene
Bruno: sto bene
shown: Emil XI, Anna VIII
Bruno: rientro
"""


def test_no_shared_fact_that_leaves_one_of_them_a_single_card(tmp_path):
    # Bruno's dealt card is one that makes him lose: VIII or lower, or Matto.  'neither Dora nor
    # Bruno was dealt a card from Leone to VIII' said 'Bruno holds Matto' as if he might hold
    # anything above VIII: Bruno's lone Matto loses (L4) and Anna's VIII is the lowest (K15, no tie) where
    # Dora's card (her offer stopped at Emil's Cas, L7) is above it and not the other Matto
    text = ruled(tmp_path, LU_STU_FIVE)
    assert "neither Dora nor Bruno was dealt a card from Leone to VIII" not in text, text
    assert ("  If Dora was dealt VIIII or higher and there is a lone fool: Bruno loses a mark: the fool, Matto (L4). "
            "Anna loses a mark: the lowest card, VIII (K15).") in text, text
