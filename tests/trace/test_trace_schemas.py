"""The trace schemas (trace-1, trace-result-1): identical in specs/ and the package, valid draft
2020-12, and the CLI's validator (cucu_ref.formats.validation, jsonschema-rs) agreeing with jsonschema
on conformance vectors and on broken ones."""

from __future__ import annotations

import copy
import json
import os

import jsonschema
import pytest

from cucu_ref.services.conformance.vectors import load
from cucu_ref.formats.position import schema, schema_problems
from cucu_ref.formats.validation import is_valid

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NAMES = ("trace-1", "trace-result-1")


@pytest.mark.parametrize("name", NAMES)
def test_specs_mirror_the_package_and_are_valid(name):
    with open(os.path.join(ROOT, "specs", f"{name}.schema.json"), encoding="utf-8") as f:
        assert json.load(f) == schema(name)
    jsonschema.Draft202012Validator.check_schema(schema(name))


def test_the_fast_validator_agrees_with_jsonschema():
    validator = jsonschema.Draft202012Validator(schema("trace-1"))
    docs = [v.doc for v in load()[::7]]
    broken = []
    for doc in docs[:20]:
        for mutate in (lambda d: d.pop("seats"), lambda d: d.update(seat_order="sideways"),
                       lambda d: d["decisions"].append({"seat": -1, "decision": "keep"}),
                       lambda d: d["outcome"].update(net="minus one"), lambda d: d.update(extra=1)):
            bad = copy.deepcopy(doc)
            mutate(bad)
            broken.append(bad)
    for doc in docs + broken:
        slow = list(validator.iter_errors(doc))
        assert is_valid(doc, "trace-1") == (not slow), [e.message for e in slow]
        assert bool(schema_problems(doc, name="trace-1")) == bool(slow)
