"""The two schemas: shipped identical in specs/ and the package, valid draft 2020-12; every
example and every JSON output valid against them; ``schema_problems`` (jsonschema-rs, worded by
``cucu_ref.formats.validation``) agrees with ``jsonschema``, the oracle, and names places it names."""

from __future__ import annotations

import glob
import json
import os

import jsonschema
import pytest
from hypothesis import given, settings, strategies as st

from cucu_ref.cli.adjudicate import adjudicate_document
from cucu_ref.formats.inputs import json_path
from cucu_ref.formats.position import schema, schema_problems

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = sorted(glob.glob(os.path.join(ROOT, "examples", "*.json")))
NAMES = ("position-1", "ruling-1")


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


@pytest.mark.parametrize("name", NAMES)
def test_specs_mirror_the_package_schemas(name):
    assert load(os.path.join(ROOT, "specs", f"{name}.schema.json")) == schema(name)


@pytest.mark.parametrize("name", NAMES)
def test_schemas_are_valid_draft_2020_12(name):
    jsonschema.Draft202012Validator.check_schema(schema(name))


@pytest.mark.parametrize("path", EXAMPLES, ids=os.path.basename)
def test_examples_and_their_rulings_are_valid(path):
    jsonschema.validate(load(path), schema("position-1"), cls=jsonschema.Draft202012Validator)
    with open(path, "rb") as f:
        _, record, _ = adjudicate_document(f.read(), path)
    jsonschema.validate(record, schema("ruling-1"), cls=jsonschema.Draft202012Validator)


def test_error_records_are_valid():
    for data in (b"", b"[]", b'{"format": 1}', json.dumps({**load(EXAMPLES[0]), "dealer": "Nobody"}).encode()):
        _, record, _ = adjudicate_document(data, "x")
        jsonschema.validate(record, schema("ruling-1"), cls=jsonschema.Draft202012Validator)


def mutations(doc):
    """Small corruptions of a valid position: wrong types, unknown fields, dropped fields."""
    junk = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.text(max_size=4), st.just([]), st.just({}))
    paths = []

    def collect(node, path):
        paths.append(path)
        if isinstance(node, dict):
            for k, v in node.items():
                collect(v, path + (k,))
        elif isinstance(node, list):
            for i, v in enumerate(node):
                collect(v, path + (i,))
    collect(doc, ())

    def apply(path, value, mode):
        new = json.loads(json.dumps(doc))
        node = new
        for p in path[:-1]:
            node = node[p]
        if not path:
            return value
        if mode == "drop" and isinstance(node, dict):
            node.pop(path[-1])
        elif mode == "extra" and isinstance(node, dict):
            node["zz-extra"] = value
        else:
            node[path[-1]] = value
        return new
    return st.builds(apply, st.sampled_from(paths), junk, st.sampled_from(["set", "drop", "extra"]))


def oracle_paths(doc, name="position-1"):
    """Every instance path at which jsonschema finds an error, the branches of oneOf included."""
    paths = set()
    stack = list(jsonschema.Draft202012Validator(schema(name)).iter_errors(doc))
    while stack:
        err = stack.pop()
        paths.add(json_path(list(err.absolute_path)))
        stack.extend(err.context or ())
    return paths


def agrees_with_the_oracle(doc):
    ours = schema_problems(doc)
    reference = jsonschema.Draft202012Validator(schema("position-1")).is_valid(doc)
    assert (not ours) == reference, (ours, doc)
    places = oracle_paths(doc)
    for p in ours:
        # an unknown field is named at its own path; jsonschema names the object that holds it
        parent = p.path.rsplit("[", 1)[0] if p.path.endswith("]") else p.path.rsplit(".", 1)[0]
        assert p.path in places or parent in places, (p, places)
    assert len({(p.path, p.message) for p in ours}) == len(ours)  # no problem said twice


@settings(max_examples=150)
@given(data=st.data())
def test_schema_problems_agree_with_jsonschema(data):
    agrees_with_the_oracle(data.draw(mutations(load(data.draw(st.sampled_from(EXAMPLES))))))


@pytest.mark.parametrize("doc", [
    {"format": "cucu-position/1"},
    {"format": 1, "ruleset": [], "players": {}, "dealer": None, "pot": -1, "x": 1},
    {"format": "cucu-position/1", "ruleset": {"preset": "campli", "options": {"stake": 10**30, "ties": ""}},
     "players": ["A", {"name": "B", "marks": 1001}, {"nam": "C"}], "dealer": "A",
     "history": [{"keep": "A", "by": "B"}, {"passo": "A"}, {"exchange": ["A"]}, {}]},
    # a name ending in a newline: a '$' anchor would let Python's re (jsonschema) pass it
    {"format": "cucu-position/1", "ruleset": "campli", "players": ["Anna\n", "Bruno"], "dealer": "Bruno"},
    {"format": "cucu-position/1", "ruleset": "campli", "players": ["A\nB", "C\u202e"], "dealer": "A\x1b",
     "hands": {"\u2028": "XV"}, "claim": {"by": "\x00", "holds": {"\x85": "?"}}},
])
def test_hand_made_invalid_documents_agree_with_jsonschema(doc):
    agrees_with_the_oracle(doc)


def test_every_error_is_collected_with_its_place():
    doc = {**load(EXAMPLES[0]), "dealer": 3, "colour": "red", "pot": -1}
    doc["history"] = [{"keep": "Anna", "extra": 1}, {"passo": "Anna"}]
    found = {(p.path, p.message) for p in schema_problems(doc)}
    assert ("$.dealer", "expected string, got integer 3") in found
    assert ("$.colour", "unknown field 'colour'") in found
    assert ("$.pot", "must be at least 0, got -1") in found
    assert ("$.history[0].extra", "unknown field 'extra'") in found
    assert any(path == "$.history[1]" and msg.startswith("not a known form (has 'passo')") for path, msg in found)


def test_a_name_of_the_wrong_type_is_one_problem():
    # the refused-character rule applies to strings only: a number is refused once, by its type
    doc = {**load(EXAMPLES[0]), "dealer": 3}
    assert [(p.path, p.message) for p in schema_problems(doc)] == [("$.dealer", "expected string, got integer 3")]


def test_a_refused_character_is_named_by_its_code_point():
    doc = {**load(EXAMPLES[0])}
    doc["players"] = ["Anna\nClaim by Anna: UPHELD", *doc["players"][1:]]
    [problem] = schema_problems(doc)
    assert problem.path == "$.players[0]"
    assert "U+000A (LINE FEED)" in problem.message and "\n" not in problem.message


def test_a_document_that_is_not_json_data_gets_one_placed_problem():
    [problem] = schema_problems({"format": "cucu-position/1", "players": [{"name": {1, 2}}]})
    assert problem.path == "$.players[0].name" and "set is not a JSON value" in problem.message
    [problem] = schema_problems({"format": "cucu-position/1", "players": ["\ud800"]})
    assert problem.path == "$.players[0]" and "surrogate" in problem.message
