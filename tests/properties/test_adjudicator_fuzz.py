"""Positions generated from the JSON Schema, and valid positions mutated at random, fed to the
adjudicator: it never crashes, always answers 0 (a ruling) or 1 (invalid position or illegal
history), and its JSON record validates against the ruling schema."""

from __future__ import annotations

import copy
import json
import os

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema

from cucu_ref.cli.adjudicate import EXIT_INVALID, EXIT_OK, adjudicate_document
from cucu_ref.formats.position import position_from_replay
from cucu_ref.game.rulesets import PRESETS
from cucu_ref.game.engine import new_match
from cucu_ref.game.playout import random_action
from cucu_ref.game.engine import step

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
with open(os.path.join(ROOT, "specs", "position-1.schema.json"), encoding="utf-8") as f:
    POSITION = json.load(f)
with open(os.path.join(ROOT, "specs", "ruling-1.schema.json"), encoding="utf-8") as f:
    RULING = json.load(f)
RULING_VALIDATOR = jsonschema.Draft202012Validator(RULING)
EXAMPLES = sorted(os.path.join(ROOT, "examples", n) for n in os.listdir(os.path.join(ROOT, "examples"))
                  if n.endswith(".json"))

_HEALTH = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]


def fuzz(examples: int) -> settings:
    """The active profile (ci/dev/thorough) with this test's example count, scaled for 'thorough'."""
    base = settings()
    return settings(base, deadline=None, suppress_health_check=_HEALTH,
                    max_examples=max(examples, base.max_examples) if base.max_examples > 100 else examples)


def check(doc) -> int:
    code, record, text = adjudicate_document(doc, "fuzz")
    assert code in (EXIT_OK, EXIT_INVALID), record
    errors = sorted(RULING_VALIDATOR.iter_errors(record), key=str)
    assert not errors, errors[0]
    assert isinstance(text(), str)
    return code


@fuzz(60)
@given(doc=from_schema(POSITION))
def test_schema_generated_positions_never_crash(doc):
    check(doc)


def _load(path: str) -> dict:
    with open(path, encoding="utf-8") as f:
        return json.load(f)


_LEAVES = st.one_of(st.none(), st.booleans(), st.integers(-3, 25), st.sampled_from(
    ["XV", "matto", "?", "K", "Anna", "campli", "nulla", "cucù", "gnaf", "", "-1", "XIIII"]))


@st.composite
def mutated_examples(draw):
    """An example position with one to three random edits: a value replaced, a history entry
    dropped or duplicated, a field removed."""
    doc = copy.deepcopy(_load(draw(st.sampled_from(EXAMPLES))))
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["replace", "drop-history", "duplicate-history", "remove-field"]))
        history = doc.get("history")
        if kind in ("drop-history", "duplicate-history") and isinstance(history, list) and history:
            i = draw(st.integers(0, len(history) - 1))
            if kind == "drop-history":
                del history[i]
            else:
                history.insert(i, copy.deepcopy(history[i]))
        elif kind == "remove-field" and len(doc) > 1:
            del doc[draw(st.sampled_from(sorted(doc)))]
        else:
            # walk to a random leaf and replace it
            node, key = doc, None
            for _ in range(4):
                keys = (list(node) if isinstance(node, dict) else list(range(len(node))) if isinstance(node, list)
                        else [])
                if not keys:
                    break
                key = draw(st.sampled_from(keys))
                if isinstance(node[key], (dict, list)) and node[key] and draw(st.booleans()):
                    node = node[key]
                    key = None
                else:
                    break
            if key is not None:
                node[key] = draw(_LEAVES)
    return doc


@fuzz(150)
@given(doc=mutated_examples())
def test_mutated_examples_never_crash(doc):
    check(doc)


@fuzz(40)
@given(name=st.sampled_from(sorted(PRESETS)), seed=st.integers(0, 2**32), cut=st.integers(0, 30))
def test_positions_of_random_deals_get_a_ruling(name, seed, cut):
    # a deal played by the engine, cut after ``cut`` decisions, written as a position: the
    # adjudicator must rule on it (exit 0), whatever the preset
    import random

    rules = PRESETS[name]
    rng = random.Random(seed)
    n = rng.randint(rules.min_players, min(rules.max_players, 7))
    start = new_match(rules, [f"P{i}" for i in range(n)], dealer=rng.randrange(n))
    state, actions = start, []
    while len(actions) <= cut:
        action = random_action(state, rng)
        if actions and action.kind == "shuffle":
            break
        actions.append(action)
        state, _ = step(state, action)
        if state.phase in ("shuffle", "match-over"):
            break
    assert check(position_from_replay(start, actions)) == EXIT_OK


@pytest.mark.parametrize("path", EXAMPLES)
def test_every_example_record_is_valid(path):
    check(_load(path))
