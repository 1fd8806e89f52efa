"""The pure-Python schema checker (cucu_ref.formats.schema_check, what the browser page runs
where jsonschema-rs cannot, issue 31) gives the same problems at the same places as the
command line's jsonschema-rs path, over the hostile inputs of issue 12, the shipped examples
and traces, and examples mutated at the level of JSON values.

Only documents that the readers can hand to the schema check are compared: the bytes are read
by ``cucu_ref.formats.inputs.load`` first, as the command line and the page do (a lone
surrogate, a duplicate field or an over-long integer is refused there, before any schema).
"""

from __future__ import annotations

import glob
import json
import os
import sys

import pytest
from hypothesis import given

from cucu_ref.formats import validation
from cucu_ref.formats.inputs import InputError, load

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "fuzz"))
from corpus import EXAMPLES, HOSTILE, ROOT, mutated_examples


def _read(data: bytes) -> dict | None:
    try:
        return load(data)
    except InputError:
        return None


def _same(doc: object, name: str = "position-1") -> list[tuple[str, str]]:
    compiled = validation.problems(doc, name)
    pure = validation.problems(doc, name, pure=True)
    assert pure == compiled, f"pure-Python and jsonschema-rs differ on {json.dumps(doc)[:300]}"
    return pure


@pytest.mark.parametrize("case", [name for name, _ in HOSTILE])
def test_the_hostile_inputs_get_the_same_problems(case: str) -> None:
    doc = _read(dict(HOSTILE)[case])
    if doc is not None:  # refused before the schema (F1, F3, F4, F7, F10): nothing to compare
        _same(doc)


def test_the_examples_and_traces_are_valid_both_ways() -> None:
    for doc in EXAMPLES:
        assert _same(doc) == []
    traces = sorted(glob.glob(os.path.join(ROOT, "examples", "traces", "*.json")))
    assert traces
    for path in traces:
        with open(path, encoding="utf-8") as f:
            assert _same(json.load(f), "trace-1") == []


@given(mutated_examples())
def test_mutated_examples_get_the_same_problems_in_the_same_order(doc: dict) -> None:
    read = _read(json.dumps(doc).encode())
    if read is not None:
        _same(read)


def test_the_pure_checker_words_each_keyword_as_the_schema_says() -> None:
    # worked out from specs/position-1.schema.json, not from either checker's output:
    # required ["format", "ruleset", "players", "dealer"] (checked first, in that order, as
    # there are several); 'history' entries are a oneOf of verbs, {"keep": NAME} among them;
    # a name has 1 to 40 characters and no control character; the object is closed.
    doc = {"format": "cucu-position/1", "players": ["Anna", "Bruno", "Carla\n"], "dealer": "",
           "history": [{"keep": "Anna", "zz": 1}], "pot": -1, "colour": 3}
    got = validation.problems(doc, pure=True)
    assert got[0] == ("$", "missing required field 'ruleset'")
    assert ("$.players[2]", "holds the character U+000A (LINE FEED) at offset 5: control characters, line and "
            "paragraph separators and bidirectional controls are not allowed here") in got
    assert ("$.dealer", "must have at least 1 character") in got
    assert ("$.history[0].zz", "unknown field 'zz'") in got
    assert ("$.pot", "must be at least 0, got -1") in got
    assert got[-1] == ("$.colour", "unknown field 'colour'")  # the closed object's extra fields come last
    assert got == validation.problems(doc)


def test_what_is_not_json_data_is_placed_both_ways() -> None:
    for doc in ({1: "a"}, {"players": ["\ud800\ud800"]}):
        assert validation.problems(doc, pure=True) == validation.problems(doc)
