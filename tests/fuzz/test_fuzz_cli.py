"""The fuzz harness (issue 12): hostile and random input through the whole command line.

For every input, in single-file mode and as a batch line:

* exit 0 (a ruling) or 1 (invalid), never 3 (internal error) and never a traceback;
* the JSON record is valid against the ruling schema (``jsonschema``, the oracle);
* every problem names its place: a JSON path, or the line and column in the message, or it
  is one of the few problems of the whole document;
* every output line is printable (no control, separator or bidirectional character) and a
  JSON record is one line for every line splitter;
* the batch record is the single-file record, but for its ``input``.

The budget is ``CUCU_FUZZ_EXAMPLES`` (see ``corpus.py``); the long run's counts are in the
changelog and docs/cli.rst.
"""

from __future__ import annotations

import io
import json
import random

import jsonschema
import pytest
from corpus import (FUZZ_EXAMPLES, HOSTILE, RULING_SCHEMA, hostile_lines, mutated_bytes, mutated_examples,
                    schema_positions)
from hypothesis import HealthCheck, given, settings

from cucu_ref.cli.adjudicate import adjudicate_document, main

RULING = jsonschema.Draft202012Validator(RULING_SCHEMA)

# Problems of the whole document, rightly at '$' (the message says where, if anywhere; a deal
# in the notation names its line and column: 'line 3, column 7: ...').
DOCUMENT_LEVEL = ("not JSON:", "line ", "not UTF-8 text (byte", "empty input", "expected a JSON object",
                  "input is larger", "nesting deeper than 64 levels at", "missing required field",
                  "the ruling depends on too many",
                  "the position is under-specified", "cards left unknown under a dealing",
                  "the dealer takes three cards")


def fuzz(examples: int):
    return settings(max_examples=examples, deadline=None, derandomize=settings().derandomize,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much, HealthCheck.large_base_example])


def outputs(data: bytes) -> dict[str, tuple[int, str]]:
    """The output of ``data`` as a file in text and JSON, and as a batch line."""
    got = {}
    for name, args in (("text", []), ("json", ["--format", "json"]), ("batch", ["--batch"])):
        out, err = io.StringIO(), io.StringIO()
        code = main([*args, "-"], stdin=io.BytesIO(data + (b"\n" if name == "batch" else b"")), stdout=out,
                    stderr=err)
        assert "Traceback" not in out.getvalue() + err.getvalue()
        assert err.getvalue() == ""
        got[name] = (code, out.getvalue())
    return got


def check_bytes(data: bytes) -> None:
    got = outputs(data)
    code, text = got["json"]
    record = json.loads(text)
    assert code in (0, 1), record
    assert code == got["text"][0]
    errors = sorted(RULING.iter_errors(record), key=str)
    assert not errors, errors[0]
    for p in record["problems"]:
        assert p["path"] != "$" or p["message"].startswith(DOCUMENT_LEVEL), p
    for name, (_, out) in got.items():
        for line in out.split("\n"):
            assert line.isprintable(), (name, line)
    # the batch line gets the file's record (a line holding only blanks gets none)
    bcode, bout = got["batch"]
    records = [json.loads(x) for x in bout.split("\n") if x]
    assert len(bout.splitlines()) == len(records)  # one record, one line, for every splitter
    for r in records:
        assert r["exit_code"] in (0, 1) and not list(RULING.iter_errors(r))
    if b"\n" in data:  # several lines: several records, each checked above
        return
    if data.strip(b" \t\r"):
        [brecord] = records
        assert brecord == {**record, "input": "line 1"} and bcode == code
    else:
        assert records == [] and bcode == 0


@pytest.mark.parametrize("name, data", HOSTILE, ids=[n for n, _ in HOSTILE])
def test_hostile_corpus(name, data):
    check_bytes(data)  # finding 5 included: a problem naming the copies' places (positions work)


@fuzz(FUZZ_EXAMPLES)
@given(data=mutated_bytes())
def test_mutated_bytes(data):
    check_bytes(data)


@fuzz(FUZZ_EXAMPLES)
@given(doc=mutated_examples())
def test_mutated_examples(doc):
    check_bytes(json.dumps(doc).encode())
    # the same document given as data to the API (the surrogates then reach the schema layer)
    code, record, text = adjudicate_document(doc, "api")
    assert code in (0, 1) and not list(RULING.iter_errors(record))
    assert all(line.isprintable() for line in text().split("\n"))


@fuzz(max(FUZZ_EXAMPLES // 4, 10))
@given(doc=schema_positions())
def test_schema_generated_positions(doc):
    check_bytes(json.dumps(doc).encode())


@pytest.mark.parametrize("seed", range(3 if FUZZ_EXAMPLES < 1000 else 30))
def test_a_batch_is_the_files_it_holds(seed):
    # a batch of examples, hostile documents and blank lines: each record is what its line
    # gets as a file, in order, blank lines skipped; the exit code is the worst of them
    lines = hostile_lines(random.Random(seed), 40)
    out = io.StringIO()
    code = main(["--batch", "-"], stdin=io.BytesIO(b"\n".join(lines) + b"\n"), stdout=out, stderr=io.StringIO())
    records = [json.loads(x) for x in out.getvalue().splitlines()]
    expected, worst = [], 0
    for number, line in enumerate(lines, 1):
        if not line.strip(b" \t\r"):
            continue
        single = io.StringIO()
        c = main(["--format", "json", "-"], stdin=io.BytesIO(line), stdout=single)
        expected.append({**json.loads(single.getvalue()), "input": f"line {number}"})
        worst = max(worst, c)
    assert records == expected and code == worst
