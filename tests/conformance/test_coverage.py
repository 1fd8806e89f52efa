"""The coverage model (issue 25, §3): every situation the engine distinguishes, per preset, has
a vector under the preset's own readings, but those that cannot arise, each named with its
reason.  Removing a situation's last vector fails here."""

from __future__ import annotations

import pytest

from cucu_ref.game.rulesets import PRESETS
from cucu_ref.services.conformance.coverage import GAPS, covered, missing, model, report
from cucu_ref.services.conformance.vectors import Vector, load

VECTORS = load()


@pytest.mark.parametrize("preset_name", list(PRESETS))
def test_every_situation_that_can_arise_has_a_vector(preset_name):
    gaps = [s for s in missing(VECTORS)[preset_name] if (preset_name, s) not in GAPS]
    assert gaps == [], f"{preset_name}: no vector meets {gaps}"


def test_a_gap_named_as_impossible_is_met_by_no_vector():
    # a GAPS entry says the situation cannot arise; a vector that meets it proves the reason wrong
    have = covered(VECTORS)
    assert [key for key in GAPS if key[1] in have[key[0]]] == []
    assert all(key[1] in model(key[0]) for key in GAPS)


def test_the_model_names_what_the_issue_lists():
    lu = model("lu-stu")
    # the bug no vector caught: a horse skipped onto a dealer holding a plain card (K12)
    assert "exchange:after-skip:at-dealer" in lu
    # each event card forwards, on the way back (L8), at the dealer, after a skip, on a last mark
    for role in ("cuckoo", "hunter", "horse", "cat", "inn"):
        for where in ("", ":way-back", ":at-dealer", ":after-skip", ":last-mark", "@2", "@3-4", "@5-7"):
            assert f"arresto:{role}{where}" in lu
    assert "arresto:cat:after-undo" in model("campli")  # K13's undo is Campli's, not Lu Stù's (L8)
    assert "arresto:cat:after-undo" not in lu
    # F4: the last request goes to the talon in Coucou, never to the dealer
    assert not any("at-dealer" in s for s in model("coucou"))
    # showdown shapes and match-level transitions
    assert {"tie", "all-equal", "fools:1", "fools:2", "out:1", "out:2", "winner", "buy-back-price:2",
            "event:restart:K18"} <= set(model("campli"))


def test_losing_the_last_vector_of_a_situation_fails():
    lu = [v for v in VECTORS if v.preset == "lu-stu" and not v.options]
    holders = [v for v in lu if "exchange:after-skip:at-dealer" in v.features]
    assert holders
    rest = [v for v in VECTORS if v not in holders]
    assert "exchange:after-skip:at-dealer" in missing(rest)["lu-stu"]


def test_the_report_counts_and_names_gaps():
    text = report(VECTORS)
    for name in PRESETS:
        assert f"{name}: " in text
    assert "gap event:restart:P5 (cannot arise: " in text  # Coucou's F5 (its restart: the project's P5)
    one = Vector("x", {"ruleset": "ranter-go-round", "outcome": {}, "vector": {"rules": [], "features": ["tie"]}},
                 "x")
    small = report([one])
    assert "ranter-go-round: 1/" in small and "gap winner" in small
