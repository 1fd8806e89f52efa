"""Regression tests for the hostile-input findings of issue 12, one block per finding.

Each input must end with exit 1 (2 for usage) and a message that names the place: the JSON
path where there is one, else the line and column.  Never a traceback, never exit 3.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import unicodedata

import pytest

from cucu_ref.cli.adjudicate import EXIT_BROKEN_PIPE, main
from cucu_ref.formats.inputs import MAX_BYTES, MAX_DEPTH, MAX_INT_DIGITS
from cucu_ref.game.rulesets import MAX_MARKS, MAX_STAKE, PRESETS, Rules, RulesetError

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EX = os.path.join(ROOT, "examples")

GOOD = {
    "format": "cucu-position/1",
    "ruleset": "campli",
    "players": ["Anna", "Bruno", "Carla"],
    "dealer": "Carla",
    "history": [{"keep": "Anna"}],
}


def doc_with(**changes):
    doc = json.loads(json.dumps(GOOD))
    doc.update(changes)
    return doc


def run(data: bytes, *args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main([*args, "-"], stdin=io.BytesIO(data), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def problems(data: bytes) -> tuple[int, list[dict]]:
    code, out, err = run(data, "--format", "json")
    assert "Traceback" not in out + err
    return code, json.loads(out)["problems"]


def batch(data: bytes, *args: str) -> tuple[int, list[dict]]:
    code, out, err = run(data, "--batch", *args)
    assert "Traceback" not in out + err
    return code, [json.loads(line) for line in out.split("\n") if line]


def subprocess_run(args, stdin: bytes = b"", timeout: float = 60, **env):
    return subprocess.run([sys.executable, "-m", "cucu_ref", *args], input=stdin, capture_output=True, cwd=ROOT,
                          timeout=timeout, env=dict(os.environ, PYTHONPATH=ROOT, **env))


# --------------------------------------------------------------------------- 1: quadratic pre-parse


def test_1_the_unterminated_string_that_took_55_minutes_is_refused_at_once():
    # 65 '[', a '"', then copies of '\"' up to the 1 MiB limit: the old guard re-scanned the
    # rest of the text from every quote (13 s at 64 KB, ~55 min at 1 MiB).  A hang guard, not a
    # timing: linear work is a fraction of a second, the timeout is minutes below the old cost.
    data = b"[" * 65 + b'"' + b'\\"' * ((MAX_BYTES - 66) // 2)
    assert len(data) <= MAX_BYTES
    done = subprocess_run(["--format", "json", "-"], stdin=data, timeout=60)
    assert done.returncode == 1, done.stderr
    [problem] = json.loads(done.stdout)["problems"]
    assert problem["message"].startswith("not JSON: Unterminated string") and "line 1, column 66" in problem["message"]


def test_1_a_truncated_batch_line_of_the_same_kind_costs_nothing_either():
    line = b"[" * 65 + b'"' + b'\\"' * 16_500  # the 33 KB line that took 3.3 s
    done = subprocess_run(["--batch", "-"], stdin=line + b"\n" + line + b"\n", timeout=60)
    records = [json.loads(x) for x in done.stdout.splitlines()]
    assert done.returncode == 1 and [r["input"] for r in records] == ["line 1", "line 2"]


def test_1_nesting_too_deep_is_placed_by_its_json_path():
    code, found = problems(b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1))
    assert code == 1
    # the 65th array is the only element of the 64th: $[0] sixty-four times; and an array is no position
    assert [(p["path"], p["message"]) for p in found] == [
        ("$" + "[0]" * MAX_DEPTH, f"nesting deeper than {MAX_DEPTH} levels"),
        ("$", "expected a JSON object (a position), got an array")]
    nested = {"format": "cucu-position/1", "description": "x"}
    node = nested
    for _ in range(MAX_DEPTH):
        node["a"] = {}
        node = node["a"]
    code, found = problems(json.dumps(nested).encode())
    # the document is level 1, so the object at $.a...a (64 times) is level 65
    assert code == 1 and found[0]["path"] == "$" + ".a" * MAX_DEPTH and "deeper than 64" in found[0]["message"]


def test_1_exactly_the_limit_of_nesting_is_read():
    # 64 levels are allowed: the refusal is for the schema (an array is no position), not the depth
    code, found = problems(b"[" * MAX_DEPTH + b"]" * MAX_DEPTH)
    assert code == 1 and [p["message"] for p in found] == ["expected a JSON object (a position), got an array"]


def test_1_nesting_beyond_what_json_itself_parses_is_placed_by_line_and_column():
    code, found = problems(b'{"history": [' + b"[" * 100_000)
    assert code == 1
    [problem] = found
    assert problem["path"] == "$"
    # the document is level 1, the array of 'history' (column 13) level 2, and the 63rd '[' after
    # it, at column 13 + 63, is level 65: the array at $.history[0]...[0] (63 times)
    assert problem["message"] == ("nesting deeper than 64 levels at $.history" + "[0]" * 63
                                  + " (line 1, column 76)")


# --------------------------------------------------------------------------- 2: PYTHONHASHSEED
# (tests/fuzz/test_determinism.py: several hash seeds, text and JSON, single file and batch)


# --------------------------------------------------------------------------- 3: lone surrogates


def test_3_a_lone_surrogate_in_a_name_is_refused_with_its_place():
    data = b'{"format": "cucu-position/1", "ruleset": "campli", "players": ["\\ud800", "Bruno"], "dealer": "Bruno"}'
    code, found = problems(data)
    assert code == 1 and found[0]["path"] == "$.players[0]" and "lone surrogate U+D800" in found[0]["message"]
    code, out, _ = run(data)  # text output too: it used to fail encoding the name
    assert code == 1 and "$.players[0]: a lone surrogate U+D800" in out


def test_3_a_surrogate_pair_is_one_character_and_is_read():
    data = json.dumps(doc_with(players=["\U0001F0CF Anna", "Bruno", "Carla"],
                               history=[{"keep": "\U0001F0CF Anna"}]), ensure_ascii=True).encode()
    assert b"\\ud83c\\udccf" in data
    code, out, _ = run(data)
    assert code == 0, out


def test_3_a_surrogate_in_a_field_name_is_refused_with_its_place():
    code, found = problems(b'{"format": "cucu-position/1", "hands": {"\\udfff": "XV"}}')
    # the path names the key in ASCII escapes: it cannot be written as it is
    assert code == 1 and found[0]["path"] == '$.hands["\\udfff"]' and "U+DFFF" in found[0]["message"]


def test_3_in_a_batch_the_line_gets_its_record_and_the_others_go_on():
    good = json.dumps(GOOD).encode()
    bad = good.replace(b'"Anna", "Bruno"', b'"\\ud800", "Bruno"')
    code, records = batch(b"\n".join([good, bad, good]) + b"\n")
    assert code == 1
    assert [(r["input"], r["status"]) for r in records] == [("line 1", "ruling"), ("line 2", "invalid"),
                                                            ("line 3", "ruling")]
    assert records[1]["problems"][0]["path"] == "$.players[0]"


# --------------------------------------------------------------------------- 4: integers and bounds


@pytest.mark.parametrize("digits", [MAX_INT_DIGITS + 1, 4301, 100_000])
def test_4_integer_literals_past_the_limit_are_refused_unread(digits):
    code, found = problems(json.dumps(doc_with(pot=0)).replace('"pot": 0', '"pot": ' + "9" * digits).encode())
    assert code == 1
    assert found == [{"layer": "input", "path": "$.pot", "message": f"an integer of {digits} digits: at most "
                      f"{MAX_INT_DIGITS} digits are read", "rule": None, "source": None}]


def test_4_an_integer_of_the_most_digits_is_read_and_bounded_by_the_schema():
    code, found = problems(json.dumps(doc_with(pot=0)).replace('"pot": 0', '"pot": ' + "9" * MAX_INT_DIGITS).encode())
    assert code == 1
    assert [(p["layer"], p["path"]) for p in found] == [("schema", "$.pot")]
    assert found[0]["message"] == "must be at most 1000000000, got an integer of 100 digits"


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity"])
def test_4_non_json_constants_are_refused(literal):
    code, found = problems(json.dumps(doc_with(pot=0)).replace('"pot": 0', '"pot": ' + literal).encode())
    assert code == 1 and found[0]["path"] == "$.pot" and found[0]["message"] == f"{literal} is not a JSON number"


def test_4_the_stake_that_printed_4300_digits_is_refused():
    stake = json.dumps(doc_with(ruleset={"preset": "campli", "options": {"stake": 0}}))
    code, found = problems(stake.replace('"stake": 0', '"stake": ' + str(10**4299)).encode())
    assert code == 1 and found[0]["path"] == "$.ruleset.options.stake" and "4300 digits" in found[0]["message"]


@pytest.mark.parametrize("key, good, bad, words", [
    ("stake", MAX_STAKE, MAX_STAKE + 1, f"must be at most {MAX_STAKE}"),
    ("initial_marks", MAX_MARKS, MAX_MARKS + 1, f"must be at most {MAX_MARKS}"),
    ("stake", 0, -1, "must be at least 0"),
    ("initial_marks", 1, 0, "must be at least 1"),
])
def test_4_settings_at_their_bounds(key, good, bad, words):
    players = [{"name": n, "marks": 1} for n in ("Anna", "Bruno", "Carla")]
    code, out, _ = run(json.dumps(doc_with(ruleset={"preset": "campli", "options": {key: good}},
                                           players=players)).encode())
    assert code == 0, out
    code, found = problems(json.dumps(doc_with(ruleset={"preset": "campli", "options": {key: bad}})).encode())
    assert code == 1 and found[0]["path"] == f"$.ruleset.options.{key}" and words in found[0]["message"]


def test_4_rules_refuse_values_past_the_bounds_through_the_api():
    assert Rules(name="probe", stake=MAX_STAKE).stake == MAX_STAKE
    assert Rules(name="probe", initial_marks=MAX_MARKS).initial_marks == MAX_MARKS
    with pytest.raises(RulesetError) as err:
        PRESETS["campli"].with_options({"stake": MAX_STAKE + 1})
    assert err.value.field == "stake"
    with pytest.raises(RulesetError) as err:
        Rules(name="probe", initial_marks=MAX_MARKS + 1)
    assert err.value.field == "initial_marks"


def test_4_the_largest_result_at_the_bounds_prints_in_full():
    # K17 (seed 000, Wiedereintritt): «Der erste ausscheidende Spieler zahlt dazu einen einfachen
    # Einsatz in den Pott, der zweite den doppelten, der dritte den vierfachen usw.»: the k-th
    # player out buys back for 2**(k-1) stakes.  At the bounds, 1000 players went
    # out before Carla, so she may buy back for 2**1000 stakes of 1,000,000: a number of 308
    # digits, printed in text and JSON, well below the 4,300-digit limit.
    with open(os.path.join(EX, "campli-buy-back.json"), encoding="utf-8") as f:
        doc = json.load(f)
    doc["ruleset"] = {"preset": "campli", "options": {"stake": MAX_STAKE}}
    doc["eliminations"] = 1000
    doc["pot"] = 10**9
    doc["history"] = doc["history"][:-1]  # Carla has not decided yet
    code, out, _ = run(json.dumps(doc).encode(), "--format", "json")
    assert code == 0, out
    [offer] = json.loads(out)["outcomes"][0]["result"]["buy_back_offers"]
    assert offer == {"player": "Carla", "stakes": 2**1000, "amount": 2**1000 * MAX_STAKE}
    code, text, _ = run(json.dumps(doc).encode())
    # (an offer still to decide, its price in stakes and in the pot's units: issue 24, slips)
    assert code == 0 and (f"Buy-back: Carla may buy back for {2**1000} stakes, {2**1000 * MAX_STAKE} into the pot: "
                          "still to decide") in text


# --------------------------------------------------------------------------- 6: batch line bound


class Stream(io.RawIOBase):
    """A binary stream of ``size`` bytes of ``fill`` with no newline, then ``tail``; it
    records the largest read asked of it (what the reader would hold at once)."""

    def __init__(self, size: int, fill: bytes, tail: bytes):
        self.left, self.fill, self.tail, self.largest = size, fill, tail, 0

    def readable(self):
        return True

    def readline(self, limit=-1):
        self.largest = max(self.largest, limit)
        assert limit > 0, "an unbounded readline"
        if self.left > 0:
            n = min(limit, self.left)
            self.left -= n
            return self.fill * n
        end = self.tail.find(b"\n") + 1 or len(self.tail)
        end = min(end, limit)
        out, self.tail = self.tail[:end], self.tail[end:]
        return out


def test_6_a_stream_without_newline_is_read_in_bounded_pieces():
    good = json.dumps(GOOD).encode()
    stream = Stream(64 * MAX_BYTES, b"x", b"\n" + good + b"\n")
    out = io.StringIO()
    code = main(["--batch", "-"], stdin=stream, stdout=out)
    records = [json.loads(x) for x in out.getvalue().splitlines()]
    assert code == 1 and stream.largest <= MAX_BYTES + 2
    assert [(r["input"], r["status"]) for r in records] == [("line 1", "invalid"), ("line 2", "ruling")]
    assert records[0]["problems"][0]["message"] == "input is larger than the 1024 KiB limit"


def test_6_a_line_of_exactly_the_limit_behaves_as_the_file_does():
    text = json.dumps(GOOD)
    exact = (text[:-1] + " " * (MAX_BYTES - len(text)) + "}").encode()
    assert len(exact) == MAX_BYTES
    code_file, out_file, _ = run(exact, "--format", "json")
    code_line, records = batch(exact + b"\n")
    assert code_file == code_line == 0
    assert records[0] == {**json.loads(out_file), "input": "line 1"}
    over = exact + b" "
    assert run(over)[0] == 1 and batch(over + b"\n")[1][0]["problems"] == json.loads(
        run(over, "--format", "json")[1])["problems"]


# --------------------------------------------------------------------------- 7: batch = single file


@pytest.mark.parametrize("data", [
    b"\xef\xbb\xbf" + json.dumps(GOOD).encode(),  # a byte order mark: read in both modes
    json.dumps(GOOD).encode().replace(b"Anna", b"An\xffna"),  # invalid UTF-8: refused in both
    b"\xef\xbb\xbf",  # a mark and nothing else: empty in both
    b'{"format": "cucu-position/1", "format": 2}',
    b"[" * 70 + b"]" * 70,
    json.dumps(GOOD).encode() + b"\r",  # a CRLF line: the \r is JSON whitespace
])
def test_7_a_batch_line_gets_the_record_its_bytes_get_as_a_file(data):
    code_file, out_file, _ = run(data, "--format", "json")
    code_line, [record] = batch(data + b"\n")
    assert code_file == code_line
    assert record == {**json.loads(out_file), "input": "line 1"}


def test_7_invalid_utf8_is_placed_by_byte_line_and_column():
    data = json.dumps(GOOD, indent=1).encode().replace(b"Carla", b"Carl\xe0", 1)
    code, [problem] = problems(data)
    offset = data.index(b"\xe0")
    assert code == 1 and problem["message"].startswith(f"not UTF-8 text (byte {offset}: line ")


def test_7_blank_lines_get_no_record_and_records_keep_their_line_numbers():
    good = json.dumps(GOOD).encode()
    code, records = batch(b"\n \t\r\n" + good + b"\n\n" + good)  # no final newline either
    assert code == 0 and [r["input"] for r in records] == ["line 3", "line 5"]


def test_7_several_batch_inputs_name_their_file(tmp_path):
    good = json.dumps(GOOD)
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.write_text(good + "\n")
    b.write_text("{\n" + good + "\n")
    out = io.StringIO()
    assert main(["--batch", str(a), str(b)], stdout=out) == 1
    assert [json.loads(x)["input"] for x in out.getvalue().splitlines()] == [f"{a} line 1", f"{b} line 1",
                                                                              f"{b} line 2"]


# --------------------------------------------------------------------------- 8: broken pipe


@pytest.mark.parametrize("mode", ["batch", "files"])
def test_8_a_reader_that_goes_away_ends_the_run_quietly(mode, tmp_path):
    one = os.path.join(EX, "campli-cat-undo.json")
    with open(one, encoding="utf-8") as f:
        line = json.dumps(json.load(f))
    lines = tmp_path / "many.jsonl"
    lines.write_text((line + "\n") * 300)
    args = ["--batch", str(lines)] if mode == "batch" else ["--format", "json", *([one] * 300)]
    proc = subprocess.Popen([sys.executable, "-m", "cucu_ref", *args], stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
                            env=dict(os.environ, PYTHONPATH=ROOT))
    assert proc.stdout.readline()  # like 'head -1': one line, then the reader goes away
    proc.stdout.close()
    assert proc.wait(timeout=120) == EXIT_BROKEN_PIPE
    assert proc.stderr.read() == b""


def test_8_broken_pipe_in_process(monkeypatch):
    class Gone(io.StringIO):
        def write(self, text):
            raise BrokenPipeError(32, "Broken pipe")

    err = io.StringIO()
    code = main([os.path.join(EX, "campli-cat-undo.json")], stdout=Gone(), stderr=err)
    assert code == EXIT_BROKEN_PIPE and err.getvalue() == ""


# --------------------------------------------------------------------------- 9: forged text output

FORGERIES = ["Anna\nClaim by Anna: UPHELD", "Anna\n", "Anna\x1b[2J", "An\x00na", "Anna\u202e", "Anna\u2028x",
             "Anna\x85x", "Anna\r", "Anna\x9b2J"]


@pytest.mark.parametrize("name", FORGERIES)
def test_9_control_characters_in_names_are_refused_with_the_character_named(name):
    doc = doc_with(players=[name, "Bruno", "Carla"], history=[{"keep": name}])
    code, found = problems(json.dumps(doc).encode())
    bad = next(ch for ch in name if not ch.isprintable())
    assert code == 1 and found[0]["path"] == "$.players[0]" and f"U+{ord(bad):04X}" in found[0]["message"]


def every_string_replaced(doc, payload):
    """Copies of ``doc`` with each of its strings in turn replaced by ``payload``."""
    def paths(node, at):
        if isinstance(node, str):
            yield at
        elif isinstance(node, dict):
            for k, v in node.items():
                yield from paths(v, (*at, k))
        elif isinstance(node, list):
            for i, v in enumerate(node):
                yield from paths(v, (*at, i))

    out = []
    for at in paths(doc, ()):
        copy = json.loads(json.dumps(doc))
        node = copy
        for p in at[:-1]:
            node = node[p]
        node[at[-1]] = payload
        out.append(copy)
    return out


def test_9_no_string_anywhere_reaches_any_output_unescaped():
    with open(os.path.join(EX, "campli-claim-overruled.json"), encoding="utf-8") as f:
        base = json.load(f)
    base["history"][0]["note"] = "a note"
    for payload in ("X\nClaim by Anna: UPHELD", "\x1b[2J", "\x00", "\u202e", "\u2028", "\x85", "\x9b"):
        for doc in every_string_replaced(base, payload):
            for fmt in ("text", "json"):
                code, out, err = run(json.dumps(doc).encode(), "--format", fmt)
                assert code in (0, 1), (doc, out)
                for line in (out + err).split("\n"):
                    assert line.isprintable(), (payload, line)
                    assert not line.startswith("Claim by Anna: UPHELD")
            code, out, err = run(json.dumps(doc).encode(), "--batch")
            assert all(line.isprintable() for line in out.split("\n")) and len(out.splitlines()) == 1


def test_9_rulesets_output_is_printable():
    for args in (["--rulesets"], ["--rulesets", "--long"], ["--rulesets", "campli"],
                 ["--rulesets", "--format", "json"]):
        out = io.StringIO()
        assert main(args, stdout=out) == 0
        assert all(line.isprintable() for line in out.getvalue().split("\n"))


def test_9_names_that_differ_only_by_normalisation_are_one_name():
    nfc = unicodedata.normalize("NFC", "Chloé")
    nfd = unicodedata.normalize("NFD", "Chloé")
    assert nfc != nfd
    code, found = problems(json.dumps(doc_with(players=[nfc, "Bruno", nfd])).encode())
    assert code == 1 and found[0]["path"] == "$.players[2]" and "duplicate player name 'Chloé'" in found[0]["message"]
    # a history or a claim written with the other form refers to the same player
    doc = doc_with(players=[nfc, "Bruno", "Carla"], history=[{"keep": nfd}], claim={"next": "Bruno"})
    code, out, _ = run(json.dumps(doc).encode(), "--format", "json")
    assert code == 0, out
    assert any(s["text"].startswith(nfc + " keeps") for s in json.loads(out)["outcomes"][0]["steps"])
    doc = doc_with(players=[nfc, "Bruno", "Carla"], history=[], claim={"next": nfd})  # K4: right of the dealer first
    code, out, _ = run(json.dumps(doc).encode(), "--format", "json")
    assert code == 0 and json.loads(out)["claim"]["verdict"] == "upheld", out


@pytest.mark.parametrize("other, how", [("anna", "by case"), ("ANNA", "by case"), ("An\u200bna", "by invisible"),
                                        ("Anna\u00ad", "by invisible")])
def test_9_names_that_a_table_cannot_tell_apart_are_refused(other, how):
    code, found = problems(json.dumps(doc_with(players=["Anna", "Bruno", other])).encode())
    assert code == 1 and found[0]["path"] == "$.players[2]"
    assert f"differs from 'Anna' ($.players[0]) only {how}" in found[0]["message"]


# --------------------------------------------------------------------------- 10: places, not '$'


def test_10_a_duplicate_field_is_placed_at_its_object():
    data = (b'{"format": "cucu-position/1", "ruleset": "campli", "players": ["Anna", {"name": "Bruno", '
            b'"marks": 1, "marks": 3}, "Carla"], "dealer": "Carla", "history": [{"keep": "Anna", "keep": "Bruno"}]}')
    code, found = problems(data)
    assert code == 1
    assert [(p["path"], p["message"].split(" is given")[0]) for p in found] == [
        ("$.players[1].marks", "the field 'marks'"), ("$.history[0].keep", "the field 'keep'")]


def test_10_a_third_copy_is_placed_where_it_is_written():
    # C1: two copies of each rank.  The cards are counted as the stack holds them, then as they
    # are dealt, so the third XV is Bruno's, and the message names the other two
    doc = doc_with(history=[{"deal": "Anna", "card": "XV"}, {"keep": "Anna"}, {"deal": "Bruno", "card": "XV"}],
                   stack={"cards": ["XV"]})
    code, found = problems(json.dumps(doc).encode())
    assert code == 1
    [problem] = found
    assert problem["path"] == "$.history[2].card" and problem["rule"] == "C1"
    assert "third XV" in problem["message"]
    assert "(the others at $.stack.cards[0], $.history[0].card)" in problem["message"]


def test_10_a_lion_in_zehs_pack_is_placed():
    # C4/Z1: Zeh plays without the lions (the problem cites C4 itself, issue 10 §5)
    doc = doc_with(ruleset="zeh-1769", hands={"Bruno": "leone"})
    code, found = problems(json.dumps(doc).encode())
    assert code == 1 and [(p["path"], p["rule"]) for p in found] == [('$.hands["Bruno"]', "C4")], found


def test_10_claim_names_are_placed_by_index():
    code, found = problems(json.dumps(doc_with(claim={"loses": ["Anna", "Zeno"]})).encode())
    assert code == 1 and found[0]["path"] == "$.claim.loses[1]" and "'Zeno' is not seated" in found[0]["message"]


# --------------------------------------------------------------------------- usage


@pytest.mark.parametrize("jobs", ["-1", "x", "257"])
def test_bad_jobs_is_a_usage_error(jobs):
    err = io.StringIO()
    assert main(["--jobs", jobs, "x.json"], stderr=err) == 2 and "--jobs" in err.getvalue()


def test_9_the_notation_conversions_escape_too(tmp_path):
    # --to-notation writes a description; --to-json reports a notation error quoting a name
    doc = doc_with(description="x\x1b[2J\u202eClaim by Anna: UPHELD")
    (tmp_path / "p.json").write_text(json.dumps(doc))
    (tmp_path / "d.txt").write_text("Ruleset: campli\nPlayers: Anna\x1b[2J, Bruno, Carla\nDealer: Carla\nAnna: passo\n")
    for args in (["--to-notation", str(tmp_path / "p.json")], ["--to-json", str(tmp_path / "d.txt")]):
        out, err = io.StringIO(), io.StringIO()
        main(args, stdout=out, stderr=err)
        assert out.getvalue() + err.getvalue()
        assert all(line.isprintable() for line in (out.getvalue() + err.getvalue()).split("\n")), args


# --------------------------------------------------------------------------- --jobs


def _poisoned_chunk(settings, chunk):
    # module level, so a worker can unpickle it (by name): dies on the chunk that holds line 2
    import cucu_ref.cli.adjudicate as cli

    if any(source == "line 2" for source, _ in chunk):
        os._exit(1)  # as if killed from outside
    return cli._rule_one_chunk_for_test(settings, chunk)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the workers are forked (and inherit the patch)")
def test_jobs_a_worker_that_dies_costs_its_chunk_only(monkeypatch):
    import cucu_ref.cli.adjudicate as cli

    monkeypatch.setattr(cli, "_rule_one_chunk_for_test", cli._rule_chunk, raising=False)
    monkeypatch.setattr(cli, "_rule_chunk", _poisoned_chunk)
    good = json.dumps(GOOD).encode()
    out = io.StringIO()
    code = main(["--batch", "--jobs", "2", "-"], stdin=io.BytesIO((good + b"\n") * 40), stdout=out)
    records = [json.loads(x) for x in out.getvalue().splitlines()]
    # the first chunk (32 lines) held line 2: its records say the worker died; the rest are ruled
    assert [r["input"] for r in records] == [f"line {n}" for n in range(1, 41)]
    assert {r["status"] for r in records[:32]} == {"internal-error"}
    assert "the worker process died" in records[0]["problems"][0]["message"]
    assert {r["status"] for r in records[32:]} == {"ruling"} and code == 3
