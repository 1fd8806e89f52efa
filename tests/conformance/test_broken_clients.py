"""Deliberately broken clients (issue 25, 'Measure and report'): one per bug class the issue
reports, each caught by the vectors of its situation, and the two reading differences told
apart from bugs ('agrees under').  In-process and on the vectors of each situation only, so
that the file costs seconds; ``tests/conformance/clients/broken.py BUG`` is the same client as
a command, for the whole suite."""

from __future__ import annotations

import importlib.util
import os

import pytest

from cucu_ref.services.conformance.names import load_map
from cucu_ref.services.conformance.profile import Profile, run_under
from cucu_ref.services.conformance.vectors import load

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("broken_client", os.path.join(HERE, "clients", "broken.py"))
assert _spec is not None and _spec.loader is not None
broken = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(broken)

VECTORS = [v for v in load() if not v.illegal]
NAMES = load_map(None)


def _run(bug, vectors, profile=None):
    broken._LAST_REST.clear()
    return list(run_under(vectors, lambda doc: broken.answer(doc, bug), NAMES, profile))


def _with(*features, preset=None):
    return [v for v in VECTORS if set(features) <= set(v.features) and (preset is None or v.preset == preset)]


@pytest.mark.parametrize("bug, situation", [
    # K12: the request jumps the horse onto the dealer, who holds a plain card: they exchange
    ("horse-skip-to-dealer", _with("exchange:after-skip:at-dealer", preset="lu-stu")),
    # K2/D2: the deal passes to the next seat still in; in a row the program passes it itself
    ("dealer-rotation", _with("row:dealer-passes-over-out")),
    # the deck a program carries from deal to deal: the dealer's exchange takes a stale card
    ("deck-carried", [v for v in _with("row:2-deals") + _with("row:3-deals")
                      if any(d["decision"] == "exchange-with-stack" for d in v.doc["then"][-1]["decisions"])]),
])
def test_the_vectors_of_its_situation_catch_each_bug(bug, situation):
    assert situation, bug
    results = _run(bug, situation)
    caught = [r for r in results if r.verdict == "fail"]
    assert caught, bug
    assert not any("agrees under" in r.why for r in caught), [r.why for r in caught][:3]


def test_a_lone_fool_and_stale_seat_ids_are_caught():
    # L4 'lu matt paga e fa pagare': one fool in play, the fool and the first lowest other lose
    assert any(r.verdict == "fail" for r in _run("lone-fool", _with("fools:1", preset="lu-stu")))
    # seats numbered as the program's: a seat out of the match keeps its number
    gone = [v for v in VECTORS if any(s["marks"] == 0 for s in v.doc["seats"])][:40]
    assert any(r.verdict == "fail" for r in _run("stale-seat-ids", gone))


def test_the_clean_client_passes_what_the_broken_ones_fail():
    for bug in ("horse-skip-to-dealer", "dealer-rotation"):
        vectors = _with("exchange:after-skip:at-dealer") + _with("row:dealer-passes-over-out")
        assert all(r.verdict == "pass" for r in _run("none", vectors)), bug


def test_a_reading_difference_is_told_apart_and_passes_once_declared():
    # Q6: the dealer takes the top card; L10 against K15: the cards of the dead stay with them
    lu = [v for v in VECTORS if v.preset == "lu-stu" and not v.options]
    results = _run("top-of-stack", lu)
    failed = [r for r in results if r.verdict == "fail"]
    assert failed and all("agrees under `dealer_exchange = stack-top` (K8)" in r.why for r in failed[:5])
    declared = _run("top-of-stack", lu, Profile({"dealer_exchange": "stack-top"}))
    assert not [r for r in declared if r.verdict == "fail"]


def test_two_readings_at_once_are_named_together():
    # the browser Lu Stù of issue 25: its dealer takes the top card (Q6 read as stack-top, against
    # Campli's «mit der untersten Karte des Stapels», K8) and the cards of the dead stay with them
    # (K15, against L10's «nach unten unter den Kartenstapel»).  Where each reading alone changes
    # the deal but neither alone gives the program's outcome, the runner names the pair.
    both = [v for v in VECTORS if v.id in ("lu-stu-002", "lu-stu-024")]
    assert len(both) == 2
    for result in _run("both-readings", both):
        assert result.verdict == "fail"
        assert result.why.endswith("agrees under `dealer_exchange = stack-top` (K8) and `dead_cards = stay` "
                                   "(K15)"), result.why
    # declared, the pair is the program's reading: both pass
    declared = _run("both-readings", both, Profile({"dealer_exchange": "stack-top", "dead_cards": "stay"}))
    assert [r.verdict for r in declared] == ["pass", "pass"]
