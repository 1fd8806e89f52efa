"""The invariants matrix is current, its refutations are the ones the sources lead us to
expect, and every counterexample is a position the adjudicator rules on, showing the breach."""

from __future__ import annotations

import json
import os

import pytest

from cucu_ref.assurance import invariants
from cucu_ref.cli.adjudicate import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOCS = os.path.join(ROOT, "docs", "invariants.rst")
COUNTER = os.path.join(ROOT, "examples", "counterexamples")


@pytest.fixture(scope="module")
def findings():
    return list(invariants.matrix(invariants.DEFAULT_DEALS, 0))


def test_the_docs_table_is_current(findings):
    expected = invariants.render_rst(findings, "examples/counterexamples", invariants.DEFAULT_DEALS, 0,
                                     invariants.formal_rows())
    with open(DOCS, encoding="utf-8") as f:
        assert f.read() == expected, "run: python -m cucu_ref.assurance.invariants --write"


def test_counterexample_files_are_current(findings):
    refuted = {invariants.counterexample_name(f): invariants.counterexample_position(f)
               for f in findings if not f.holds}
    assert sorted(os.listdir(COUNTER)) == sorted(refuted)
    for name, doc in refuted.items():
        with open(os.path.join(COUNTER, name), encoding="utf-8") as f:
            assert json.load(f) == doc, name


def test_refutations_are_exactly_the_expected_ones(findings):
    refuted = {(f.property, f.variant) for f in findings if not f.holds}
    assert refuted == {
        # Q3: Lu Stù (L4, L6) and Campli read literally let a cuckoo lose
        ("cuckoo-never-loses", "lu-stu"),
        ("cuckoo-never-loses", "campli, Q3 = compared"),
        # L8: Lu Stù's cat sends the card back left, moving cards
        ("blocked-request-moves-no-card", "lu-stu"),
        # L12 is claimed for Lu Stù only, and a shot before a lone live card refutes it there too
        # (the K19 example of Campli plays out the same way); the other rulesets never claimed it
        ("whole-table-out-needs-a-fool", "campli"),
        ("whole-table-out-needs-a-fool", "lu-stu"),
        ("whole-table-out-needs-a-fool", "zeh-1769"),
        ("whole-table-out-needs-a-fool", "digital-4p"),
        ("whole-table-out-needs-a-fool", "campli, Q3 = compared"),
    }
    # every claim the sources make holds, except L12
    assert {(f.property, f.variant) for f in findings if f.claimed and not f.holds} == {
        ("whole-table-out-needs-a-fool", "lu-stu")}


@pytest.mark.parametrize("name", sorted(os.listdir(COUNTER)))
def test_each_counterexample_is_ruled_on_and_shows_the_breach(name, capsys):
    code = main(["--format", "json", os.path.join(COUNTER, name)])
    out = json.loads(capsys.readouterr().out)
    assert code == 0, out
    result = out["outcomes"][0]["result"]
    lost = [x["player"] for x in result["marks_lost"]]
    if name.startswith("cuckoo-never-loses"):
        assert any(result["shown"].get(p) == "XV" for p in lost)
    elif name.startswith("whole-table-out"):
        # everybody went out together (K18 restart), outside L12's two cases: two or three
        # players in the deal with exactly one live fool
        assert result["restart"] is not None
        with open(os.path.join(COUNTER, name), encoding="utf-8") as f:
            in_deal = sum(1 for p in json.load(f)["players"] if p["marks"] > 0)
        live_fools = sum(1 for c in (result["shown"] or {}).values() if c == "matto")
        assert not (in_deal in (2, 3) and live_fools == 1)
    elif name.startswith("blocked-request"):
        assert any(s["rule"] == "L8" for s in out["outcomes"][0]["steps"])
