"""``cucu-adjudicate --rulesets`` reads as a listing for a person (issue 14): each preset
with its game's name and its sources by author and year, its settings in words, its open
points with the reading taken and why; no Python tuples, no words of the project's own
making ("seed 000"); the JSON form keeps its fields and gains the titles and sources."""

from __future__ import annotations

import json
import re

from cucu_ref.cli.adjudicate import main
from cucu_ref.game.rulesets import OPEN_POINTS, OPTIONS, PRESET_INFO, PRESETS, page_open_points


def _text(capsys) -> str:
    assert main(["--rulesets", "--long"]) == 0
    return capsys.readouterr().out


def _block(text: str, name: str) -> str:
    # one preset's paragraph: from its heading line to the next blank line before a heading
    start = text.index(f"\n{name}: ")
    end = text.find("\n\n", start + 1)
    return text[start:end]


def test_no_raw_python_or_internal_words(capsys) -> None:
    text = _text(capsys)
    assert "citations=" not in text and "((" not in text and not re.search(r"\('[a-z-]+', '", text)
    assert not re.search(r"\bseed\b|\bdigest\b", text)


def test_each_preset_names_its_game_and_sources_by_author_and_year(capsys) -> None:
    text = _text(capsys).replace("\n    ", " ")  # rejoin the wrapped heading lines
    # worked out from cucu_ref.formats.sources: Farina 2010, Di Luigi & Mazza 2009, Cassell 1881; the
    # first two read in the German account (issue 24 §2), Cassell in his own text
    account = ", in the German account 'Cucù und Lu Stù'"
    assert f"\ncampli: Campli Cucù, after N. Farina (2010){account}\n" in text
    assert (f"\nlu-stu: Lu Stù of Montorio al Vomano, after G. Di Luigi & D. Mazza (2009){account}; N. Farina "
            f"(2010){account}\n") in text
    assert "\nranter-go-round: Ranter-Go-Round, after Cassell (1881)\n" in text
    for name in PRESETS:
        assert f"\n{name}: {PRESET_INFO[name].title}" in text


def test_settings_are_words(capsys) -> None:
    text = _text(capsys)
    # D1 (seed 004 §Formål): «Alle starter med tre liv»: the digital game counts lives
    assert "exactly 4 players; the 40-card Cuccù pack; 3 lives each; no stake;" in _block(text, "digital-4p")
    assert "3 lives each;" in " ".join(_block(text, "ranter-go-round").split())  # R1
    coucou = " ".join(_block(text, "coucou").split())
    assert "5 to 20 players; the 52-card ordinary pack (the 32-card piquet pack below seven players); 5 marks each" \
        in coucou
    assert "the dealer takes three cards and keeps the highest; the king refuses an exchange." in coucou
    assert "the 38-card Cuccù pack (no lions)" in _block(text, "zeh-1769")


def test_every_open_point_with_its_reading_and_why(capsys) -> None:
    text = _text(capsys)
    for name in OPEN_POINTS:
        block = " ".join(_block(text, name).split())
        # (an open point its game meets under none of its readings would be said among the other
        # readings, with why it does not arise: page_open_points derives which, issue 24 §2)
        points = page_open_points(name)
        for option in set(OPEN_POINTS[name]) - set(points):
            assert f"{option} = {getattr(PRESETS[name], option)}: " in block.split("Other settings")[1], (name, option)
        for option in points:
            # an open question by its ID; an open point no source asks by its question alone (P5)
            settles = OPTIONS[option].settles
            cited = f" ({settles})" if settles.startswith("Q") else ""
            assert f"{option} = {getattr(PRESETS[name], option)}{cited}:" in block, (name, option)
        assert block.count("Why: ") == len(points), name
    assert "No open point" in _block(text, "ranter-go-round")


def test_readings_list_only_the_presets_that_meet_the_option(capsys) -> None:
    text = " ".join(_text(capsys).split())
    # Coucou has no cat (its only privileged card is the king, F3), so it takes no cat reading
    undo = re.search(r"undo: the offerer loses a mark and the exchanges.*?Taken by ([^.]*)\.", text)
    assert undo and undo.group(1) == "campli, digital-4p"
    assert "Source: Q6, an open question of G. Di Luigi & D. Mazza 2009." in text


def test_json_keeps_its_fields_and_adds_titles_and_sources(capsys) -> None:
    assert main(["--rulesets", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    lu = next(p for p in data["presets"] if p["name"] == "lu-stu")
    assert set(lu) >= {"name", "settings", "options", "reasons", "title", "sources", "open", "base"}
    assert [(s["author"], s["year"]) for s in lu["sources"]] == [("G. Di Luigi & D. Mazza", 2009), ("N. Farina", 2010)]
    assert lu["base"] == "campli" and lu["open"] == list(OPEN_POINTS["lu-stu"])
    assert lu["settings"]["citations"]  # the data form keeps the citations
