"""Found in review (issue 24 §2): the showdown's notes as a table reads them: no 'his' for a
player who may be Anna, and no reading's identifier ('exempt') where the open question is
meant.  Worked out by hand from the sources (rule ID and seed section beside each)."""

from __future__ import annotations

import io
import json
import os

from cucu_ref.cli.adjudicate import main

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")


def ruled(name: str, *args: str) -> str:
    out = io.StringIO()
    assert main([*args, os.path.join(EXAMPLES, name)], stdout=out, stderr=io.StringIO()) == 0
    return out.getvalue()


def test_a_hint_at_a_fool_is_said_without_his_and_the_reading_without_its_identifier():
    # Zeh 1769 (seed 000, §Das Cucuspiel): Anna and Carla hold the two fools, which gain a mark
    # each (Z6), but Anna hinted at hers and gains nothing (Z7); with two fools in play the
    # fools lose nothing (Z6: «verlieren die Narren nicht nur nichts»; at four players Q10, the
    # two players with two fools of Z9, is not in play and not said).
    text = ruled("zeh-1769-hint-forfeits-gain.json")
    assert "; Anna hinted at holding a fool and gains nothing;" in text
    assert "the reading taken of Q10" not in text and "Z9" not in text
    assert "his fool" not in text and "'exempt'" not in text
    steps = [s["text"] for s in json.loads(ruled("zeh-1769-hint-forfeits-gain.json", "--format", "json"))
             ["outcomes"][0]["steps"]]
    assert "Anna hinted at holding a fool and gains nothing" in steps


def test_the_same_notes_in_german():
    text = ruled("zeh-1769-hint-forfeits-gain.json", "--language", "de")
    assert "Anna spielte darauf an, einen Narren zu halten, und gewinnt nichts" in text
    assert "Q10" not in text and "'exempt'" not in text


def test_the_digital_game_cites_its_own_rule_for_a_cuckoo_never_losing():
    # The digital rules page (seed 004, D7): «En gøg mister aldrig et liv, selvom det er det
    # eneste levende kort»: the digital game states it, so its ruling cites D7, not Campli's
    # open question Q3 (Farina), which is no open point of the digital-4p preset.
    text = ruled("digital-4p-fool-and-cuckoos.json")
    # the two XV tie lowest but lose no life (D7): named lowest without a loss, then spared
    assert ("lowest card: Bruno and Carla; a cuckoo never loses: Bruno and Carla spared; Anna deals next (D7, D2)"
            in text) and "lose a life" not in text
    assert "Q3" not in text and "Farina" not in text


def test_a_reading_s_verdict_in_french_takes_french_colons_and_word_order():
    # Coucou (seed 003; F4, Q16): the other reading of the talon card rules Anna's mark; in
    # French the colon after the reading is ' : ', as everywhere else in the ruling, and the
    # lowest card is 'la carte la plus basse'.
    text = ruled("coucou-talon-king.json", "--language", "fr")
    assert "aucune source ne la donne — Q16) : Anna perd une marque (F5)." in text
    assert "Dora perd une marque : la carte la plus basse, as (F5)." in text
    assert "(Q16)):" not in text and "la plus basse carte" not in text


def test_the_project_s_own_reading_is_named_as_such_in_the_sources_line():
    # Ranter-Go-Round: Cassell (1881, R2, R4) does not say who deals next; the ruling cites the
    # project's reading P1 (issue 24 §2: never another game's K2), and names it as a reading
    # of this project, not as a book 'the cucu-ref (2026)'.
    text = ruled("ranter-go-round-ties.json")
    assert text.endswith("Sources: Cassell (1881): R2, R4; this project's readings where the source is silent: P1\n")


def test_a_case_of_several_cards_does_not_name_one_of_them():
    # Coucou (seed 003; F2): the dealer Emil takes three cards and keeps the highest; the
    # position does not give them.  The case 'Emil did not keep an as' stands for every
    # card above the ace, so the account, told once for both cases (issue 24 §5), may not say
    # 'Emil is dealt roi' (one of them), nor 'as' (the other case's); the case 'Emil kept as' is
    # one card and its line says it.
    text = ruled("coucou-dealer-cards-unknown.json")
    verdict, account = text.split("How it went:\n")
    assert "Emil is dealt a card the position does not give;" in account
    assert "keeps the highest of the three (a card the position does not give)" in account
    assert "(roi)" not in account and "Emil is dealt roi" not in account and "Emil is dealt as" not in account
    # F5 (seed 003): the lowest card loses; Anna's as is the lowest whatever Emil kept, Emil's as ties
    assert "  If Emil kept as (F2): Emil loses a mark: the lowest card, as (F5).\n" in verdict
