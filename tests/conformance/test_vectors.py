"""The conformance vectors (issue 11, §Build 3): two identical copies, valid traces, at least 500,
every rule ID and every observable reading covered, the branches the issue lists present, the
hand-checked outcomes as worked out by hand, and the golden ones as the engine gives them today."""

from __future__ import annotations

import filecmp
import json
import os

import jsonschema
import pytest

from cucu_ref.services.conformance import PACKAGE_DATA, REPOSITORY_DATA
from cucu_ref.services.conformance.generate import UNOBSERVABLE, UNOBSERVABLE_OPTIONS
from cucu_ref.services.conformance.vectors import input_of, load
from cucu_ref.formats.position import schema
from cucu_ref.game.rulesets import OPTIONS, PRESETS
from cucu_ref.formats.sources import RULES
from cucu_ref.formats.match import answer as row_answer
from cucu_ref.formats.trace import check, outcome_json, parse, replay

VECTORS = load()
HAND = [v for v in VECTORS if v.hand_checked]
REGENERATE = "python -m cucu_ref.services.conformance.generate --write (review the diff it prints first)"


def test_the_package_ships_the_repository_copy():
    assert os.path.isdir(REPOSITORY_DATA)
    compared = filecmp.dircmp(REPOSITORY_DATA, PACKAGE_DATA)
    assert compared.left_only == [] and compared.right_only == [] and compared.diff_files == []
    golden = filecmp.dircmp(os.path.join(REPOSITORY_DATA, "golden"), os.path.join(PACKAGE_DATA, "golden"))
    assert golden.left_only == [] and golden.right_only == [] and golden.diff_files == []
    for name in golden.common_files:  # byte for byte, not only by size and date
        with open(os.path.join(REPOSITORY_DATA, "golden", name), "rb") as a, \
                open(os.path.join(PACKAGE_DATA, "golden", name), "rb") as b:
            assert a.read() == b.read(), name


def test_at_least_500_vectors_with_distinct_ids():
    assert len(VECTORS) >= 500
    assert len({v.id for v in VECTORS}) == len(VECTORS)
    assert len(HAND) >= 40
    assert {v.preset for v in VECTORS} == set(PRESETS)


def test_every_vector_is_a_valid_trace_naming_its_rules():
    validator = jsonschema.Draft202012Validator(schema("trace-1"))
    for v in VECTORS:
        errors = [e.message for e in validator.iter_errors(v.doc)]
        assert errors == [], (v.id, errors)
        trace, problems = parse(v.doc)
        assert trace is not None, (v.id, problems)
        assert v.rules and set(v.rules) <= set(RULES), v.id
        assert v.doc["description"], v.id
        assert set(input_of(v)) & {"outcome", "vector", "description"} == set()


@pytest.mark.parametrize("vector", HAND, ids=[v.id for v in HAND])
def test_hand_checked_outcomes_are_the_engines(vector):
    # the expected outcome was written by hand (conformance/hand-checked.py, citing the seed);
    # the engine must give exactly it, field by field
    trace, _ = parse(vector.doc)
    assert trace is not None
    verdict = check(trace, readings=False)
    assert verdict.status == "agrees", verdict.divergence
    ours = outcome_json(trace, replay(trace).outcome)
    assert {k: ours[k] for k in vector.expected} == vector.expected
    assert vector.doc["vector"]["source"]


def test_golden_outcomes_are_the_engines_today():
    stale = []
    for v in VECTORS:
        if v.hand_checked:
            continue
        trace, _ = parse(v.doc)
        assert trace is not None
        # deals in a row: the last deal's outcome, each deal played from the state the one before left
        ours = row_answer(v.doc)["outcome"] if "then" in v.doc else outcome_json(trace, replay(trace).outcome)
        if {k: ours.get(k) for k in v.expected} != v.expected:
            stale.append(v.id)
    assert stale == [], f"{len(stale)} golden vectors differ from the engine; if the change is intended: {REGENERATE}"


def test_every_rule_id_appears_in_a_vector_but_those_no_deal_can_show():
    # a rule is exercised by a deal (rules) or is the source of a reading that decides one
    # (reading_sources: the open questions, issue 25)
    covered = {r for v in VECTORS for r in v.rules + tuple(v.doc["vector"].get("reading_sources", ()))}
    assert set(UNOBSERVABLE) <= set(RULES)
    assert sorted(set(RULES) - covered - set(UNOBSERVABLE)) == []


def test_every_reading_of_every_option_decides_a_vector():
    # a reading 'decides' a vector when the vector's outcome differs under the option's other
    # readings; options no deal trace can tell apart are listed, with the reason, in generate.py
    decided = {(name, value) for v in VECTORS for name, value in v.readings.items()}
    missing = [(name, r.value) for name, spec in OPTIONS.items() if name not in UNOBSERVABLE_OPTIONS
               for r in spec.readings if (name, r.value) not in decided]
    assert missing == []
    assert set(UNOBSERVABLE_OPTIONS) <= set(OPTIONS)


BRANCHES = {
    # each event card met going forwards, at the dealer, after a skipped horse, after an undo, by a
    # player on his last mark, with two players (issue 11, §Build 3)
    "campli": [f"arresto:{role}{where}" for role in ("cuckoo", "hunter", "horse", "cat", "inn")
               for where in ("", ":at-dealer", ":after-undo", ":last-mark", ":two-players")],
    # ... and on Lu Stù's way back (L8)
    "lu-stu": [f"arresto:{role}:way-back" for role in ("cuckoo", "hunter", "horse", "cat", "inn")]
              + ["arresto:horse:after-skip", "event:dead-card-under-stack:L10", "buy-back-during-deal"],
    "zeh-1769": ["arresto:cat", "event:draw:Z11", "event:hint:Z7"],
    "digital-4p": ["arresto:inn", "event:restart:D8"],
    "coucou": ["arresto:cuckoo", "talon-king", "event:dealer-keeps-highest:F2"],
    "screw-your-neighbour": ["arresto:cuckoo", "stack-king", "joint-winner"],
}


@pytest.mark.parametrize("preset_name", sorted(BRANCHES))
def test_the_branches_the_issue_lists_have_vectors(preset_name):
    seen = {f for v in VECTORS if v.preset == preset_name for f in v.features}
    assert [b for b in BRANCHES[preset_name] if b not in seen] == []


def test_the_match_level_has_vectors():
    seen = {f for v in VECTORS for f in v.features}
    prices = {f for f in seen if f.startswith("buy-back-price:")}
    assert {"buy-back-price:1", "buy-back-price:2", "buy-back-price:4"} <= prices
    assert {"event:restart:K18", "event:draw:Z11", "winner", "joint-winner", "event:buy-back:K17",
            "event:buy-back:L11"} <= seen
    for name in PRESETS:  # illegal traces that must be rejected, for every preset
        assert any(v.illegal and v.preset == name for v in VECTORS), name


def test_the_generator_is_deterministic_and_reproduces_the_stored_vectors():
    # one preset's family regenerated from scratch is the stored one, vector for vector
    from cucu_ref.services.conformance import generate

    generate._CACHE.clear()
    fresh = generate._preset_vectors("screw-your-neighbour")
    generate._CACHE.clear()
    stored = {v.id: v.doc for v in VECTORS}
    assert fresh and all(stored[d["id"]] == d for d in fresh)


def test_the_hand_checked_file_is_what_its_script_writes():
    # conformance/hand-checked.py holds each scenario as worked by hand; the JSON file is derived from
    # it (layout of the rest of the stack, the readings and rules an engine cites as metadata).  The
    # two drifted apart once (stop 38: Ranter-Go-Round's pot, a digital vector's cited C2, K19's
    # restart_stake reading): a file that is not what the script writes fails here.
    import importlib.util

    script = os.path.join(os.path.dirname(REPOSITORY_DATA.rstrip(os.sep)), "hand-checked.py")
    spec = importlib.util.spec_from_file_location("hand_checked_script", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with open(os.path.join(REPOSITORY_DATA, "hand-checked.json"), encoding="utf-8") as f:
        stored = f.read()
    assert stored == json.dumps(module.build(), ensure_ascii=False, indent=1) + "\n", \
        "run python conformance/hand-checked.py and review the diff"


def test_input_hides_the_outcome():
    v = VECTORS[0]
    doc = input_of(v)
    assert "outcome" not in doc and doc["decisions"] == v.doc["decisions"]
    json.dumps(doc)
