"""The answer schema (specs/answer-1.schema.json, issue 25 §2 and §4): the same in specs/ and the
package, valid draft 2020-12, met by cucu-ref's own answers, naming every field the runner
reads, and agreeing with the runner on which answers are malformed."""

from __future__ import annotations

import json
import os

import jsonschema
import pytest

from cucu_ref.formats.position import schema
from cucu_ref.services.conformance.answers import OUTCOME_FIELDS
from cucu_ref.services.conformance.names import NameMap
from cucu_ref.services.conformance.runner import judge, self_answer, translate
from cucu_ref.services.conformance.vectors import load

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ANSWER = jsonschema.Draft202012Validator(schema("answer-1"))
VECTORS = {v.id: v for v in load()}
K10 = VECTORS["hand/campli-K10-cuckoo"]
# hand/campli-K10-cuckoo's outcome worked from seed 000 (K10: no exchange; K15: A's II lowest; K2)
RIGHT = {"net": [-1, 0, 0, 0], "out": [], "hands": ["II", "XV", "V", "VII"], "next_dealer": 0, "winner": None}


def test_the_schema_is_the_same_in_specs_and_the_package_and_valid():
    with open(os.path.join(ROOT, "specs", "answer-1.schema.json"), encoding="utf-8") as f:
        assert json.load(f) == schema("answer-1")
    jsonschema.Draft202012Validator.check_schema(schema("answer-1"))


def test_every_field_the_runner_reads_is_in_the_schema():
    top = schema("answer-1")["properties"]
    assert {"id", "outcome", "skip", "error", "asks", "log"} <= set(top)
    assert set(OUTCOME_FIELDS) == set(schema("answer-1")["$defs"]["outcome"]["properties"])


def test_cucu_refs_own_answers_meet_the_schema():
    for vector in list(VECTORS.values())[::7]:
        answer = self_answer(translate(vector, NameMap()))
        assert not list(ANSWER.iter_errors(answer)), (vector.id, answer)


@pytest.mark.parametrize("answer", [
    {"id": K10.id, "outcome": RIGHT,
     "log": [{"kind": "arresto", "seat": 1, "other": 0}, {"kind": "mark-lost", "seat": 0}]},
    {"id": K10.id, "asks": {"seat": 0}},
    {"id": K10.id, "skip": "no inn"},
    {"id": K10.id, "error": "broken"},
])
def test_the_protocols_additions_meet_the_schema(answer):
    assert not list(ANSWER.iter_errors(answer))


@pytest.mark.parametrize("bad", [
    {"out": [1, "a"]}, {"winner": ["XV", None]}, {"virgins": [0, "x"]}, {"next_dealer": "Anna"},
    {"net": "minus one"}, {"hands": ["II", 15, "V", "VII"]}, {"pot": -1}, {"illegal": {"step": "1"}},
])
def test_the_schema_and_the_runner_agree_on_malformed_answers(bad):
    answer = {"id": K10.id, "outcome": {**RIGHT, **bad}}
    assert list(ANSWER.iter_errors(answer))
    verdict, why = judge(K10, answer, NameMap())
    assert verdict == "fail" and why.startswith("malformed answer: ") and next(iter(bad)) in why


def test_an_answer_without_its_id_meets_neither():
    answer = {"outcome": RIGHT}
    assert list(ANSWER.iter_errors(answer))
    assert judge(K10, answer, NameMap()) == ("fail", "the answer's id None is not the request's "
                                             "'hand/campli-K10-cuckoo' (an answer echoes its request's id; "
                                             "is the program out of step?)")
