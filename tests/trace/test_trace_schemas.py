"""The trace schemas (trace-1, trace-result-1): identical in specs/ and the package, valid draft
2020-12 using only the keywords the fast validator supports, and the fast validator agreeing
with jsonschema on every conformance vector and on broken ones."""

from __future__ import annotations

import copy
import json
import os

import jsonschema
import pytest

from cucu_ref.conformance.vectors import load
from cucu_ref.minischema import SUPPORTED_KEYWORDS, iter_errors
from cucu_ref.position import schema, schema_problems

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NAMES = ("trace-1", "trace-result-1")


@pytest.mark.parametrize("name", NAMES)
def test_specs_mirror_the_package_and_use_supported_keywords(name):
    with open(os.path.join(ROOT, "specs", f"{name}.schema.json"), encoding="utf-8") as f:
        assert json.load(f) == schema(name)
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
        fast = list(iter_errors(schema("trace-1"), doc))
        slow = list(validator.iter_errors(doc))
        assert bool(fast) == bool(slow), (fast, [e.message for e in slow])
        assert bool(schema_problems(doc, name="trace-1")) == bool(slow)
