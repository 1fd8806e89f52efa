"""The two schemas: shipped identical in specs/ and the package, valid draft 2020-12; every
example and every JSON output valid against them; the fast validator agrees with jsonschema."""

from __future__ import annotations

import glob
import json
import os

import jsonschema
import pytest
from hypothesis import given, settings, strategies as st

from cucu_ref.cli import adjudicate_document
from cucu_ref.minischema import SUPPORTED_KEYWORDS, compile_validator, iter_errors
from cucu_ref.position import schema

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
def test_schemas_are_valid_and_use_only_supported_keywords(name):
    s = schema(name)
    jsonschema.Draft202012Validator.check_schema(s)

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("properties", "$defs"):
                    for sub in value.values():
                        walk(sub)
                    continue
                assert key in SUPPORTED_KEYWORDS, key
                walk(value)
        elif isinstance(node, list):
            for x in node:
                walk(x)
    walk(s)


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


@settings(max_examples=150)
@given(data=st.data())
def test_fast_and_full_validators_agree_with_jsonschema(data):
    doc = data.draw(mutations(load(data.draw(st.sampled_from(EXAMPLES)))))
    s = schema("position-1")
    reference = jsonschema.Draft202012Validator(s).is_valid(doc)
    assert compile_validator(s)(doc) == reference
    assert (not list(iter_errors(s, doc))) == reference
