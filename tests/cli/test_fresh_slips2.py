"""Slips a fresh reviewer found in the words of the rulings of test_fresh_positions2.py (issue 24
§2), each checked against the seed before it was fixed.  The positions are that file's; the
expected words are worked out from the seeds (rule ID and seed section beside each test), not
copied from a run."""

from __future__ import annotations

import json

from tests.cli.test_fresh_positions import run
from tests.cli.test_fresh_positions2 import (AS_QUI_COURT_TALON, DIGITAL_LIVES, LU_STU_BARGAIN, LU_STU_BUY_BACK,
                                             ZEH_HINT, verdict_lines)

LANGUAGES = ("it", "en", "de", "fr", "da")
# '{a} and {b} exchange cards' (explain.EVENT_TEXT['exchange']) in each language
EXCHANGE = {"it": "si scambiano le carte", "en": "exchange cards", "de": "tauschen die Karten",
            "fr": "échangent leurs cartes", "da": "bytter kort"}


def _text(tmp_path, position: str, language: str = "") -> str:
    code, text = run(tmp_path, position, *(("--language", language) if language else ()))
    assert code == 0, text
    return text


# ------------------------------------------------------------------- 1. Lu Stù's accepted bargain

def test_lu_stu_accepted_bargain_says_the_exchange_once(tmp_path):
    # L7 (seed 000, §Lu Stù, XI Wirtshaus): 'Erscheint das Angebot dem Gastwirt akzeptabel,
    # tauschen die Spieler die Karten': one exchange, Aldo's nulla for Bice's inn.  The account
    # said it twice ('accetta il patto di Aldo: si scambiano le carte; Aldo e Bice si scambiano
    # le carte')
    for language in LANGUAGES:
        text = _text(tmp_path, LU_STU_BARGAIN, language)
        [line] = [x for x in text.splitlines() if "(L7, L2" in x]
        assert line.count(EXCHANGE[language]) == 1, (language, line)
        assert "Aldo" in line.split(EXCHANGE[language])[0]   # who exchanges: named, once


# ------------------------------------------------------------------- 2. As Qui Court's talon unseen

def test_as_qui_court_talon_king_apart_from_the_seven_and_the_ace(tmp_path):
    # A4 (seed 003, §As Qui Court): the dealer who received an ace 'kann diese Karte nur mit dem
    # Talon tauschen'; F4 (§Spielverlauf), read for a king there (Q18, the preset's keeps-own):
    # 'Sollte diese Karte ein König sein, ist kein Kartentausch erlaubt'.  A king: Estelle keeps
    # her ace, the lowest card (F1: the ace low), and loses with it.  A 7 or an ace: she takes it
    # (A4) and loses with the talon's card.  Same marks, two accounts: the king's sentence
    # (F4) was given to the 7 and the ace too, and the verdict called the king case's lowest card
    # 'the talon's card'
    out = json.loads(run(tmp_path, AS_QUI_COURT_TALON, "--format", "json")[1])
    estelle = [o for o in out["outcomes"] if [x["player"] for x in o["result"]["marks_lost"]] == ["Estelle"]]
    assert sorted(tuple(o["when"][0]["the top card of the stack"]) for o in estelle) == [("7", "A"), ("K",)]
    king = next(o for o in estelle if o["when"][0]["the top card of the stack"] == ["K"])
    assert king["result"]["shown"]["Estelle"] == "A"
    assert [s["rule"] for s in king["steps"] if s["rule"] in ("F4", "A4")] == ["F4"]
    seven = next(o for o in estelle if o is not king)
    assert [s["rule"] for s in seven["steps"] if s["rule"] in ("F4", "A4")] == ["A4"]
    text = _text(tmp_path, AS_QUI_COURT_TALON)
    head = verdict_lines(text)
    assert "  Si la carte du talon est roi : Estelle perd une marque : la carte la plus basse, as (F5)." in head
    # the game's word is the talon (seed 003: 'die Karte auf dem Talon', F4; A4), not 'paquet'
    assert "paquet" not in text.split("Question ouverte")[0] and "paquet" not in text.split("Le déroulement")[1]
    f4 = [x for x in text.split("Le déroulement")[1].splitlines() if "(F4" in x]
    assert f4 and all(x.startswith("  Si la carte du talon est roi : ") for x in f4)
    en = _text(tmp_path, AS_QUI_COURT_TALON, "en")
    assert "If the card on the talon is a roi: Estelle loses a mark: the lowest card, as (F5)." in en
    assert "the top card of the stack" not in en


# ------------------------------------------------------------------- 3. the digital game's fool

def test_digital_fool_ties_with_the_lowest_card_it_is_not_it(tmp_path):
    # D7 (seed 004): 'En tåbe har uafgjort med det laveste kort': where Lars's dealt card, which
    # Sofie holds, is the fool, it ties with Lars's III; it is not 'det laveste kort' itself
    text = _text(tmp_path, DIGITAL_LIVES)
    [case] = [x for x in verdict_lines(text) if x.startswith("  Hvis Lars fik III eller fjols:")]
    sofie = case.split("Sofie mister et liv: ")[1]
    assert sofie.startswith("det laveste kort eller fjols, der står lige med det, kortet givet til Lars (D7)")
    # where the card cannot be the fool, the lowest card it is
    [low] = [x for x in verdict_lines(text) if x.startswith("  Hvis Lars fik et kort fra løve til II:")]
    assert "Sofie mister et liv: det laveste kort, kortet givet til Lars (D7)" in low
    en = _text(tmp_path, DIGITAL_LIVES, "en")
    assert "Sofie loses a life: the lowest card or the fjols tying with it, Lars's dealt card (D7)" in en


# ------------------------------------------------------------------- 4. Zeh's fools, hint and cup

def test_zeh_two_fools_named_one_way_and_the_hint_decides_the_claim(tmp_path):
    # Z6 (seed 000, §Das Cucuspiel): two fools 'erhalten jeder eine Marke aus der Tasse'; Z7:
    # 'Wer es doch tut, erhält keine Marke, falls beide Narren im Spiel sein sollten': Otto
    # hinted, so Lise's claim that he gains is overruled BECAUSE of his hint
    it = _text(tmp_path, ZEH_HINT, "it")
    [head] = verdict_lines(it)[:1]
    assert "Hans guadagna un segno: Narr, con l'altro in gioco (Z6)" in head and "matto" not in head
    de = _text(tmp_path, ZEH_HINT)
    claim = verdict_lines(de)[2]
    assert claim.startswith("  Otto spielte darauf an, einen Narren zu halten, und gewinnt nichts (Z7;"), claim
    assert "Otto ha lasciato intendere di avere un matto e non guadagna nulla (Z7;" in verdict_lines(it)[2]
    # the seed's cup is the 'Taze (Tasse)' and 'aus der Tasse' (Z2, Z6): one word, the same
    # in Q9's reading, its refusal and the two fools' gain
    assert "Becher" not in de and de.count("Tasse") >= 3
    assert "in die Tasse" in de and "aus der Tasse" in de
    assert "coppa" not in it and "tazza" in it


# ------------------------------------------------------------------- 5. Lu Stù's dead card named

def test_lu_stu_dead_card_is_named(tmp_path):
    # L10 (seed 000, §Lu Stù): 'Karten von Spielern, die ausscheiden ... werden nach unten unter
    # den Kartenstapel getan und beim Vergleich nicht weiter berücksichtigt': Aldo's VI, which
    # went to Bice's Bragon, is the dead card; the table argues about that card, so it is named
    text = _text(tmp_path, LU_STU_BUY_BACK)
    assert "Carte morte (non confrontate): VI di Aldo" in text and "la carta di Aldo" not in text
    out = json.loads(run(tmp_path, LU_STU_BUY_BACK, "--format", "json")[1])
    assert out["outcomes"][0]["result"]["dead_cards"] == {"Aldo": "VI"}
