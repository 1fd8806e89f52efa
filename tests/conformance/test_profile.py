"""Judging a program under its own readings and capabilities (issue 25, §1).  The expected
outcomes here are worked by hand from the seeds; each test names the rule."""

from __future__ import annotations

import io
import json
import os

import jsonschema
import pytest

from cucu_ref.cli.conformance import main
from cucu_ref.formats import trace as T
from cucu_ref.services.conformance.names import load_map
from cucu_ref.services.conformance.profile import (
    CAPABILITIES, Profile, ProfileError, load_profile, needs, parse_lacks, parse_options, run_under, under)
from cucu_ref.services.conformance.vectors import load

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VECTORS = {v.id: v for v in load()}
NAMES = load_map(None)


def test_options_and_capabilities_are_checked():
    assert parse_options("dealer_exchange=stack-top, dead_cards=stay") == {"dealer_exchange": "stack-top",
                                                                           "dead_cards": "stay"}
    with pytest.raises(ProfileError, match="no reading 'sideways'"):
        parse_options("dealer_exchange=sideways")
    with pytest.raises(ProfileError, match="unknown rule option 'dealer'"):
        parse_options("dealer=stack-top")
    with pytest.raises(ProfileError, match="name=reading"):
        parse_options("dealer_exchange")
    assert parse_lacks("buy-back,inn-accept") == ("buy-back", "inn-accept")
    with pytest.raises(ProfileError, match="unknown capability 'bluff'"):
        parse_lacks("bluff")


def test_a_profile_file_follows_its_schema(tmp_path):
    with open(os.path.join(ROOT, "specs", "conformance-profile-1.schema.json"), encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    doc = {"format": "cucu-conformance-profile/1", "description": "a browser Lu Stù",
           "options": {"dealer_exchange": "stack-top", "dead_cards": "stay"}, "lacks": ["buy-back", "inn-accept"]}
    jsonschema.validate(doc, schema)
    assert set(schema["properties"]["lacks"]["items"]["enum"]) == set(CAPABILITIES)
    path = tmp_path / "profile.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert load_profile(str(path)) == Profile(doc["options"], ("buy-back", "inn-accept"))
    path.write_text(json.dumps({**doc, "format": "x"}), encoding="utf-8")
    with pytest.raises(ProfileError, match="cucu-conformance-profile/1"):
        load_profile(str(path))


def test_the_expected_outcome_follows_the_programs_reading():
    # K8: Chiara, the dealer, holds I and exchanges with the stack: Campli's bottom card is X
    # (the last of 'rest'), so the hands are VI VII X.  Read the other end, Q6 'stack-top', she
    # takes the top card, XV: the hands are VI VII XV; Andrea's VI is lowest either way (K15).
    v = VECTORS["hand/campli-K8-dealer-bottom"]
    assert v.expected["hands"] == ["VI", "VII", "X"]
    ruled, why = under(v, Profile({"dealer_exchange": "stack-top"}))
    assert why == "" and ruled is not None
    assert ruled.expected["hands"] == ["VI", "VII", "XV"]
    assert ruled.expected["net"] == [-1, 0, 0] and ruled.expected["next_dealer"] == 0
    assert ruled.doc["ruleset"] == {"preset": "campli", "options": {"dealer_exchange": "stack-top"}}


def test_a_vector_that_cannot_arise_under_the_reading_is_skipped_with_the_reason():
    # K14: Beatrice offers to the inn and asks 'pagherai se null?'; under Lu Stù's bargain (L7)
    # there is no such step: the offer is the bargain, so decision 2 cannot be taken
    v = VECTORS["hand/campli-Q12-innkeeper-without-a-mark-offerer-pays"]
    assert v.doc["decisions"][2]["decision"] == "ask"
    ruled, why = under(v, Profile({"inn": "lu-stu"}))
    assert ruled is None and why.startswith("cannot arise under the program's readings: decision 2 ")
    # a vector made for another reading of the same option is not re-ruled
    made = next(v for v in VECTORS.values() if v.options.get("dealer_exchange") == "stack-top")
    ruled, why = under(made, Profile({"dealer_exchange": "stack-bottom"}))
    assert ruled is None and why == "made for dealer_exchange = stack-top; the program reads otherwise"


def test_an_illegal_vector_whose_decision_the_reading_allows_is_skipped():
    # F4: the Coucou dealer keeps his card, so his 'exchange-with-stack' is refused; a program
    # whose dealer may take the top card of the stack (dealer_exchange = stack-top, R2/S4) plays it
    v = next(v for v in VECTORS.values() if v.preset == "coucou" and v.illegal and not v.options
             and v.doc["decisions"][v.expected["illegal"]["step"]]["decision"] == "exchange-with-stack")
    ruled, why = under(v, Profile({"dealer_exchange": "stack-top"}))
    assert ruled is None and why.endswith("is not refused under the program's readings")
    (result,) = run_under([v], lambda doc: T.answer(doc), NAMES, Profile({"dealer_exchange": "stack-top"}))
    assert result.verdict == "skip"


def test_capabilities_skip_the_vectors_that_need_them():
    # K14: the innkeeper accepts 'pagherai se null?'; K17: Chiara declines to buy back
    v = VECTORS["hand/campli-Q12-innkeeper-without-a-mark-offerer-pays"]
    assert needs(v) >= {"inn-accept", "buy-back", "pot", "virgins"}
    ruled, why = under(v, Profile({}, ("inn-accept",)))
    assert ruled is None and why.startswith("needs inn-accept (") and why.endswith("which the program lacks")
    plain = VECTORS["hand/campli-K8-dealer-bottom"]
    assert needs(plain) == set()
    assert under(plain, Profile({}, tuple(CAPABILITIES)))[0] is plain


def _reads_exchanges(doc):
    return T.answer({**doc, "ruleset": {"preset": "screw-your-neighbour",
                                        "options": {"dealer_draws_king": "exchanges"}}})


def test_a_reading_difference_is_named():
    # S3/S4: Anne's 2 is refused by Bob's king; Dan, the dealer, draws a king from the stock and
    # must keep his 9 (S4).  A program whose dealer takes the king (K8's 'exchanges') answers
    # the hands 2 K 5 K: wrong under the preset, right under dealer_draws_king = exchanges.
    v = VECTORS["hand/syn-S3-king-then-her-turn"]
    answer = _reads_exchanges(T.answer(v.doc) and {k: v.doc[k] for k in v.doc if k != "outcome"})
    assert answer["outcome"]["hands"] == ["2", "K", "5", "K"]
    (result,) = run_under([v], _reads_exchanges, NAMES)
    assert result.verdict == "fail"
    assert "agrees under `dealer_draws_king = exchanges` (Q18)" in result.why
    # declared, the reading re-rules the vector and the program passes
    (result,) = run_under([v], _reads_exchanges, NAMES, Profile({"dealer_draws_king": "exchanges"}))
    assert result.verdict == "pass"


def test_the_command_line_counts_and_lists_the_skips(tmp_path):
    out = io.StringIO()
    code = main(["run", "--self", "--preset", "campli", "--options", "dealer_exchange=stack-top",
                 "--lacks", "inn-accept,buy-back"], stdout=out)
    text = out.getvalue()
    assert code == 0, text[-2000:]
    assert " failed\n" in text and ", 0 failed" in text
    assert "which the program lacks" in text and "skipped\n" in text
    bad = io.StringIO()
    assert main(["run", "--self", "--options", "dealer_exchange=sideways"], stdout=bad) == 2
    assert "no reading 'sideways'" in bad.getvalue()
