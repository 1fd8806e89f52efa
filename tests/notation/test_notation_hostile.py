"""Hostile input to the notation (issue 27, findings 1-6): each ends with exit 1 and a message
naming its line and column, in time linear in the input and bounded memory; the bounds are the
JSON path's (the position schema's ``maxItems``, inputs' digit guard)."""

from __future__ import annotations

import io
import json

import pytest

from cucu_ref.cli.adjudicate import EXIT_INVALID, main
from cucu_ref.formats.inputs import MAX_INT_DIGITS
from cucu_ref.formats.notation import MAX_PROBLEMS, NotationError, format, parse

HEAD = "Ruleset: campli\nPlayers: Anna, Bruno, Carla, Dora\nDealer: Dora\n"
BODY = "Anna: V, passo\nBruno: II, passo\nCarla: gnaf!\nBruno: paga\nDora: X, sto bene\n"


def errors(text: str) -> list[tuple[int, int, str]]:
    with pytest.raises(NotationError) as err:
        parse(text)
    return [(e.line, e.column, e.message) for e in err.value.errors]


def cli(tmp_path, data: bytes, *args: str) -> tuple[int, str, str]:
    path = tmp_path / "deal.txt"
    path.write_bytes(data)
    out, err = io.StringIO(), io.StringIO()
    code = main([*args, str(path)], stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


# --------------------------------------------------------------------------- 1, 2: integers

def test_a_claim_count_is_bounded_by_the_schemas_list():
    # 'loses 100000000' took 26 s and 1.9 GB, 'loses 99999999999999' exited 3 (MemoryError)
    assert errors(HEAD + BODY + "claim: Anna loses 99999999999999\n") == [
        (9, 19, "a claim lists at most 200 marks lost (the format's bound), not 99999999999999")]


def test_two_claim_items_together_keep_the_bound():
    (line, col, msg), = errors(HEAD + BODY + "claim: Anna loses 150, Bruno loses 60\n")
    assert (line, col) == (9, 36) and "not 210" in msg


LONG = "9" * 5000
WIDE = "\uff19" * 5000  # full-width nines: int() reads them, so they are guarded too


@pytest.mark.parametrize("digits", [LONG, WIDE], ids=["ascii", "full-width"])
@pytest.mark.parametrize("where, text, place", [
    ("Pot", HEAD + "Pot: {n}\n" + BODY, (4, 6)),
    ("Eliminations", HEAD + "Eliminations: {n}\n" + BODY, (4, 15)),
    ("marks", "Ruleset: campli\nPlayers: Anna {n}, Bruno, Carla, Dora\nDealer: Dora\n" + BODY, (2, 15)),
    ("paga", HEAD + "Anna: V, passo\nBruno: II, passo\nCarla: gnaf!\nBruno: paga {n}\n", (7, 13)),
    ("claim count", HEAD + BODY + "claim: Anna loses {n}\n", (9, 19)),
    ("net", HEAD + BODY + "claim: Anna net +{n}\n", (9, 17)),
    ("Options", "Ruleset: campli\nOptions: stake={n}\nPlayers: Anna, Bruno\nDealer: Bruno\n", (2, 16)),
])
def test_an_integer_of_thousands_of_digits_is_refused_before_it_is_read(where, text, place, digits):
    (line, col, msg), = errors(text.format(n=digits))
    assert (line, col) == place
    assert msg.endswith(f"an integer of 5000 digits: at most {MAX_INT_DIGITS} digits are read")


def test_the_cli_exits_1_with_the_place_for_a_long_integer(tmp_path):
    code, out, err = cli(tmp_path, (HEAD + f"Pot: {LONG}\n" + BODY).encode())
    assert code == EXIT_INVALID
    assert "deal.txt:4:6: Pot: an integer of 5000 digits" in out + err


# --------------------------------------------------------------------------- 3: bounded work

def test_more_players_than_the_format_holds_are_refused_at_the_first_too_many():
    names = ", ".join(f"P{i}" for i in range(100))
    (line, col, msg), = errors(f"Ruleset: campli\nPlayers: {names}\nDealer: P0\n")
    # the 65th name: 'P64' after 'Players: ' and 64 names of 2 or 3 characters and their ', '
    assert (line, col, msg) == (2, 10 + len(", ".join(f"P{i}" for i in range(64))) + 2,
                                "more than 64 players (the format's bound)")


def test_a_name_not_seated_lists_at_most_twenty_players():
    names = ", ".join(f"P{i}" for i in range(30))
    (line, col, msg), = errors(f"Ruleset: campli\nPlayers: {names}\nDealer: P0\nX: passo\n")
    assert (line, col) == (4, 1)
    assert msg.endswith("(players: " + ", ".join(f"P{i}" for i in range(20)) + " and 10 more)")


def test_the_problems_reported_are_capped():
    found = errors(HEAD + "".join(f"X{i}: passo\n" for i in range(500)))
    assert len(found) == MAX_PROBLEMS + 1
    assert found[-1] == (4 + MAX_PROBLEMS, 1, f"more than {MAX_PROBLEMS} problems: reading stops here")


def test_counting_history_lines_stops_at_the_schemas_limit():
    found = errors(HEAD + "Anna: passo\n" * 5000)
    # the 2001st event, line 2004's item at column 7 ('Anna: passo')
    assert found == [(4 + 2000, 7, "more than 2000 events in the history (the format's bound): reading stops here")]


def test_one_line_of_many_cards_shown_stops_at_the_limit():
    shown = ", ".join(["Anna V"] * 3000)
    (line, col, msg), = errors(HEAD + f"shown: {shown}\n")
    # the 2001st item: 'shown: ' and 2000 items of 'Anna V, ' before it
    assert (line, col) == (4, 8 + 2000 * 8) and msg.startswith("more than 2000 events")


def test_a_stack_line_holds_at_most_the_schemas_cards():
    (line, col, msg), = errors(HEAD + "Stack: order " + '"V" ' * 100_000 + "\n")
    # the 61st card: 'Stack: order ' and 60 words of '"V" ' before it
    assert (line, col, msg) == (4, 14 + 60 * 4, "more than 60 cards (the format's bound)")


def test_a_dealt_line_holds_at_most_the_schemas_players():
    (line, col, msg), = errors(HEAD + "Dealt: " + ", ".join(f"P{i} V" for i in range(100)) + "\n")
    assert (line, msg) == (4, "more than 64 players' cards (the format's bound)")
    assert col == 8 + len(", ".join(f"P{i} V" for i in range(64))) + 2


def test_an_unknown_ruleset_is_quoted_cut_short():
    (line, col, msg), *_ = errors("Ruleset: campli" + "!" * 100_000 + "\nPlayers: A, B\nDealer: A\n")
    assert (line, col) == (1, 10) and len(msg) < 300


def test_trailing_marks_are_dropped_in_one_pass():
    # 'gnaf!!!...!' is still the call: the marks go, one pass (they went one at a time)
    doc = parse(HEAD + "Carla: gnaf" + "!" * 50_000 + "\n")
    assert doc["history"] == [{"announce": "gnaf", "by": "Carla"}]


# --------------------------------------------------------------------------- 4: names

def test_a_name_with_a_combining_accent_is_seated():
    # 'Chloé' in the players as one character (NFC), in the body with a combining accent (NFD)
    text = "Ruleset: campli\nPlayers: Chlo\u00e9, Bruno\nDealer: Bruno\nChloe\u0301: V, passo\n"
    assert parse(text)["history"][0] == {"deal": "Chloe\u0301", "card": "V"}


def test_a_lookalike_name_says_which_letters_differ():
    # Latin 'Anna' seated; Cyrillic 'А' (U+0410) typed in the body
    (line, col, msg), = errors(HEAD + "\u0410nna: passo\n")
    assert (line, col) == (4, 1)
    assert ("'Anna' looks the same but is written with other letters ('А' (CYRILLIC CAPITAL LETTER A) for 'A')"
            in msg)


def _record(tmp_path, data: bytes, name: str) -> dict:
    path = tmp_path / name
    path.write_bytes(data)
    out = io.StringIO()
    main(["--format", "json", str(path)], stdout=out, stderr=io.StringIO())
    return json.loads(out.getvalue())


@pytest.mark.parametrize("form", ["notation", "json"])
def test_lookalike_players_are_refused_in_both_paths(tmp_path, form):
    players = ["Anna", "\u0410nna", "Bruno"]
    if form == "notation":
        data = f"Ruleset: campli\nPlayers: {', '.join(players)}\nDealer: Bruno\n".encode()
    else:
        data = json.dumps({"format": "cucu-position/1", "ruleset": "campli", "players": players,
                           "dealer": "Bruno"}).encode()
    record = _record(tmp_path, data, "deal.txt" if form == "notation" else "deal.json")
    assert record["exit_code"] == EXIT_INVALID
    messages = [p["message"] for p in record["problems"]]
    assert ("player name 'Аnna' looks like 'Anna' ($.players[0]) but is written with other letters "
            "('А' (CYRILLIC CAPITAL LETTER A) for 'A'): a table cannot tell them apart") in messages


def test_letters_of_one_script_with_accents_are_not_lookalikes(tmp_path):
    data = json.dumps({"format": "cucu-position/1", "ruleset": "campli", "players": ["Chloé", "Chloe", "Zoë"],
                       "dealer": "Zoë"}).encode()
    record = _record(tmp_path, data, "deal.json")
    assert not any("looks like" in p["message"] for p in record["problems"])


# --------------------------------------------------------------------------- 5: round trip

@pytest.mark.parametrize("char", ["\x07", "\u2028", "\x85", "\ufeff", "\u202e"])
def test_a_character_that_cannot_be_written_back_is_refused_with_its_place(char):
    (line, col, msg), = errors(HEAD + f"Anna: V, passo  # a{char}b\n")
    assert (line, col) == (4, 20)  # 'Anna: V, passo' 14, two spaces, '#', a space, 'a': the 20th
    assert f"U+{ord(char):04X}" in msg and "cannot be written back" in msg


def test_a_byte_order_mark_is_dropped_only_at_the_very_start():
    assert parse("\ufeff" + HEAD)["ruleset"] == "campli"
    found = errors("Ruleset: campli\ufeff\nPlayers: Anna, Bruno\nDealer: Anna\n")
    assert [(line, col) for line, col, msg in found if "U+FEFF" in msg] == [(1, 16)]


def test_a_name_with_an_invisible_character_is_quoted_escaped_and_reads_back():
    doc = {"format": "cucu-position/1", "ruleset": "campli", "players": ["Anna\u200dMaria", "Bruno"],
           "dealer": "Bruno"}
    text = format(doc)
    assert 'Players: "Anna\\u200dMaria", Bruno' in text and text.isascii()
    assert parse(text)["players"] == ["Anna\u200dMaria", "Bruno"]


def test_a_note_that_cannot_be_written_back_is_refused_by_to_notation(tmp_path):
    doc = {"format": "cucu-position/1", "ruleset": "campli", "players": ["Anna", "Bruno"], "dealer": "Bruno",
           "history": [{"keep": "Anna", "note": "a\x07b"}]}
    code, out, err = cli(tmp_path, json.dumps(doc).encode(), "--to-notation")
    assert code == EXIT_INVALID and out == ""
    assert "$.history[0].note: the character U+0007" in err


# --------------------------------------------------------------------------- 6: encoding

def test_a_file_that_is_not_utf8_is_refused_with_line_and_column(tmp_path):
    code, out, err = cli(tmp_path, (HEAD + "Anna: V, pass\xf6\n").encode("latin-1"))
    assert code == EXIT_INVALID
    # the header is 16 + 34 + 13 bytes and 'Anna: V, pass' 13 more: the bad byte is byte 76,
    # the 14th column of line 4
    assert "not UTF-8 text (byte 76: line 4, column 14)" in out + err


def test_the_json_path_says_a_name_not_seated_only_looks_like_a_players(tmp_path):
    data = json.dumps({"format": "cucu-position/1", "ruleset": "campli", "players": ["Anna", "Bruno"],
                       "dealer": "Bruno", "history": [{"keep": "\u0410nna"}]}).encode()
    record = _record(tmp_path, data, "deal.json")
    assert [p["message"] for p in record["problems"]] == [
        "player 'Аnna' is not seated at this table; 'Anna' looks the same but is written with other letters "
        "('А' (CYRILLIC CAPITAL LETTER A) for 'A') (players: Anna, Bruno)"]
