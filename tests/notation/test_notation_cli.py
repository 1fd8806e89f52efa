"""``cucu-adjudicate`` on a deal in the notation (CONTRACTS §6: text that is not JSON goes to
the notation): rulings, ``FILE:LINE:COL`` errors, exit codes, the converters, ``--batch``."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest

from cucu_ref.cli.adjudicate import EXIT_INVALID, EXIT_OK, EXIT_USAGE, main
from cucu_ref.formats.notation import looks_like_notation

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

DEAL = """\
# the cat's undo (K13)
Ruleset: campli
Players: Anna, Bruno, Carla, Dora
Dealer: Dora
Anna: V, passo
Bruno: II, passo
Carla: gnaf!
Dora: X, sto bene
shown: Anna V, Bruno II, Carla XII, Dora X
claim by Anna: Bruno loses 2
"""


def run(tmp_path, text: str, *args: str, name: str = "deal.txt") -> tuple[int, str, str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    code = main([*args, str(path)], stdout=out, stderr=err)
    return code, out.getvalue().replace(str(path), name), err.getvalue().replace(str(path), name)


def test_a_deal_in_the_notation_is_ruled(tmp_path):
    code, out, _ = run(tmp_path, DEAL, "--format", "json")
    assert code == EXIT_OK
    ruling = json.loads(out)
    assert ruling["status"] == "ruling"
    # K13: Bruno pays for the cat; the undo gives him back his II, the lowest card (K15)
    result = ruling["outcomes"][0]["result"]
    assert [(m["player"], m["rule"]) for m in result["marks_lost"]] == [("Bruno", "K13"), ("Bruno", "K15")]
    assert ruling["claim"]["verdict"] == "upheld"
    code, text, _ = run(tmp_path, DEAL)
    assert code == EXIT_OK and "UPHELD" in text


def test_notation_errors_name_file_line_and_column(tmp_path):
    code, out, _ = run(tmp_path, DEAL.replace("Anna: V, passo", "Anna: V, pasos").replace("Dora: X", "Dorra: X"))
    assert code == EXIT_INVALID
    lines = out.splitlines()
    assert lines[0] == "deal.txt: not readable as a deal (2 problems)"
    assert lines[1].startswith("deal.txt:5:10: unknown word 'pasos'; did you mean 'passo'?")
    assert lines[2].startswith("deal.txt:8:1: 'Dorra' is not seated at this table; did you mean 'Dora'?")


def test_notation_errors_as_json(tmp_path):
    code, out, _ = run(tmp_path, DEAL.replace("Carla: gnaf!", "Carla: Kille"), "--format", "json")
    assert code == EXIT_INVALID
    (problem,) = json.loads(out)["problems"]
    assert problem["layer"] == "input" and problem["path"] == "$" and problem["rule"] == "C1"
    assert problem["message"].startswith("line 7, column 8: ambiguous cuccu card name 'Kille'")


def test_a_history_that_cannot_have_happened_points_at_its_line(tmp_path):
    # K10: a cuckoo never says 'gnaf': the XV's holder announces 'cucù'
    text = DEAL.replace("Bruno: II, passo", "Bruno: II, passo\nCarla: XV")
    code, out, _ = run(tmp_path, text)
    assert code == EXIT_INVALID
    # line 8, 'Carla: gnaf!', column 8: the call the XV cannot make
    assert out.splitlines()[1:] == ["deal.txt:8:8: Carla holds XV, which says 'cucù', not 'gnaf' "
                                    "[K10 (N. Farina 2010, after the German account 'Cucù und Lu Stù', "
                                    "section Ereigniskarten)]"]
    code, out, _ = run(tmp_path, text, "--format", "json")
    assert json.loads(out)["problems"][0]["path"].startswith("$.history[")  # JSON keeps the paths


def test_a_meaning_problem_points_at_its_header(tmp_path):
    code, out, _ = run(tmp_path, DEAL.replace("Dealer: Dora", "Dealer: Dora\nOptions: ties=frist"))
    assert code == EXIT_INVALID
    assert "deal.txt:5:10: option 'ties' has no reading 'frist'" in out


def test_to_json_and_to_notation(tmp_path):
    code, out, _ = run(tmp_path, DEAL, "--to-json")
    assert code == EXIT_OK
    doc = json.loads(out)
    assert doc["history"][:2] == [{"deal": "Anna", "card": "V"}, {"offer": "Anna"}]
    code, text, _ = run(tmp_path, json.dumps(doc), "--to-notation", name="pos.json")
    assert code == EXIT_OK and "Anna: V, passo" in text and "claim by Anna: Bruno loses 2" in text
    code, text, _ = run(tmp_path, json.dumps(doc), "--to-notation", "--language", "fr", name="pos.json")
    assert "Anna: V, je change" in text
    code, _, err = run(tmp_path, DEAL.replace("passo", "pasos"), "--to-json")
    assert code == EXIT_INVALID and "deal.txt:5:10:" in err
    code, _, err = run(tmp_path, '{"format": "cucu-position/1"}', "--to-notation", name="pos.json")
    assert code == EXIT_INVALID and "not a valid position" in err


def test_to_json_and_to_notation_together_is_a_usage_error(tmp_path):
    code, _, err = run(tmp_path, DEAL, "--to-json", "--to-notation")
    assert code == EXIT_USAGE and "one way each" in err


def test_batch_is_json_lines_only(tmp_path):
    # a line of notation in a batch is no JSON position: an error record, the batch goes on
    out = io.StringIO()
    lines = "Anna: V, passo\n" + json.dumps({"format": "cucu-position/1", "ruleset": "campli",
                                            "players": ["Anna", "Bruno"], "dealer": "Bruno"}) + "\n"
    code = main(["--batch", "-"], stdin=io.BytesIO(lines.encode()), stdout=out)
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    assert code == EXIT_INVALID
    assert [r["status"] for r in records] == ["invalid", "ruling"]
    assert records[0]["problems"][0]["message"].startswith("not JSON")


def test_standard_input_and_a_byte_order_mark(tmp_path):
    out = io.StringIO()
    code = main(["-"], stdin=io.BytesIO(("\ufeff" + DEAL).encode("utf-8")), stdout=out)
    assert code == EXIT_OK and "UPHELD" in out.getvalue()


@pytest.mark.parametrize("data, expected", [
    ('{"format": "cucu-position/1"}', False), ("  [1]", False), ("\ufeff{}", False), ("", False),
    ("not json", False), ("Ruleset: campli", True), ("# a deal", True), ("a\nb", True),
    ("Anna: V, passo", False),  # one line of a batch
    (b"Ruleset: campli\nPlayers: A, B\n", True),
])
def test_what_reads_as_notation(data, expected):
    assert looks_like_notation(data) is expected


def test_the_command_line_reads_an_example_file():
    # the installed command on a shipped example, as a table runs it
    path = os.path.join(ROOT, "examples", "notation", "campli-cat-undo.txt")
    done = subprocess.run([sys.executable, "-m", "cucu_ref", path], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "Claim by Anna: UPHELD" in done.stdout


def test_the_ruling_of_a_deal_in_the_notation_names_its_lines(tmp_path):
    # a deal written in the notation has no JSON paths for its reader: each step heading names the
    # line that wrote it (DEAL: line 5 is Anna's 'passo', line 8 Dora's 'sto bene'); the JSON
    # output keeps the paths, which a program reads
    code, out, _ = run(tmp_path, DEAL)
    assert code == EXIT_OK
    # (the account's lines end with their rule IDs and the line: issue 24 §1)
    assert "(K5, K4, K7; line 5)" in out and "Dora, the dealer, keeps the card (K8; line 8)" in out
    assert "$.history" not in out
    code, out, _ = run(tmp_path, DEAL, "--steps")
    assert "Anna offers: (line 5)" in out and "Dora keeps: (line 8)" in out  # (one space: d27f21c)
    assert "$.history" not in out
    code, out, _ = run(tmp_path, DEAL, "--format", "json")
    steps = json.loads(out)["outcomes"][0]["steps"]
    assert {s["at"] for s in steps if s["at"]} >= {"$.history[1]", "$.history[3]"}
