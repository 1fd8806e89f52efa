"""Issue 24 §5: "say first what is certain (the marks every case agrees on) ... 'under-specified'
only where nothing useful can be said".  Where a showdown's unknown cards are too many to split
into cases, the partial ruling now also says what the showdown itself does in every case: the
marks it takes or gives whatever the cards, and the players whose marks no case changes
('unchanged': "Anna, Carla and Emil neither lose nor gain a mark"), found by the scoring run on
symbolic cards without the cases' bookkeeping (unknowns.Reasoner._possible_scores).

Before (80fd74a) the Lu Stù deal below said "under-specified" and nothing else (status
'invalid'); its expectation is worked out by hand from the seed (the comment), and the property
checks every claim against every case of positions whose cases are enumerable, the showdown made
to give up."""

from __future__ import annotations

import json
import os
from unittest import mock

import pytest

from cucu_ref.services.adjudication import unknowns
from natural_positions import natural_deal
from test_partial_ruling import _run, claims_hold, partial_and_whole

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
SCHEMAS = [os.path.join(ROOT, "specs", "ruling-1.schema.json"),
           os.path.join(ROOT, "cucu_ref", "formats", "schemas", "ruling-1.schema.json")]

# the natural writing of a random Lu Stù deal at eight players, four live cards never shown
# (benchmarks/bench_adjudicate.py --natural --sizes 8 --unshown 4: the 8/4 row's seed 2798570523)
LU_STU = natural_deal("lu-stu", 8, 2798570523, seen=False, unshown=4)[0]


def test_lu_stu_eight_players_the_three_high_cards_are_safe(tmp_path):
    # Worked by hand (seed 000, "Lu Stù, Montorio al Vomano", and Campli's rules it keeps): Emil
    # deals; play starts right of him: Fabio, Gina, Hugo, Anna, Bruno, Carla, Dora, Emil.  Fabio
    # keeps; Gina offers to Hugo, Anna to Bruno, Carla to Dora, Dora to the dealer Emil; no event
    # card is announced, so each offer is an exchange (K7) and nobody loses a mark during the deal
    # (no Bumm, no Gnaf: K11, L8).  All eight cards are live at the end.  Shown: Anna 0 (Bruno's
    # dealt card), Carla V, Dora mascherone, Emil V; Fabio's, Gina's, Hugo's and Bruno's cards
    # are never shown.  At the showdown only the lowest card loses, only the first of the tied
    # lowest right of the dealer (L3, 'verliert nur der der Reihe nach erste rechts vom Geber');
    # a single fool loses too and makes the lowest other card pay, two fools gain a mark each (L4,
    # 'Lu matt paga e fa pagare', 'beide Spieler erhalten eine Marke').  Dora's mascherone is live
    # and no fool, so the lowest other card is mascherone or lower: Anna (0), Carla (V) and Emil
    # (V) never hold it, and none of them holds a fool: whatever the four unknown cards, those
    # three neither lose nor gain a mark.  Everything else depends on them: each of Fabio, Gina,
    # Hugo and Bruno may hold a lion, the other mascherone (first in order before Dora) or a
    # fool; Dora loses where none does.  The next dealer is Fabio (K2) unless his one mark goes.
    code, out = _run(tmp_path, LU_STU, "--format", "json")
    record = json.loads(out)
    assert (code, record["status"], record["verdict"]) == (1, "partial", "under-specified")
    assert record["certain"] == {"marks_lost": [], "marks_gained": [], "out": [],
                                 "unchanged": ["Anna", "Carla", "Emil"]}
    assert sorted(record["unknown_cards"]) == sorted(
        ["Fabio's dealt card", "Hugo's dealt card", "Gina's dealt card", "Anna's dealt card"])
    code, text = _run(tmp_path, LU_STU)
    lines = text.splitlines()
    assert code == 1 and "under-specified" in lines[0]
    assert lines[1] == "Certain whatever the cards: Anna, Carla and Emil neither lose nor gain a mark."
    assert "Gina's dealt card" in lines[2]  # (then the cards that would decide the rest)


def test_the_unchanged_players_in_another_language(tmp_path):
    code, text = _run(tmp_path, LU_STU, "--language", "de")
    assert code == 1
    assert text.splitlines()[1] == ("Sicher, welche Karten es auch sind: Anna, Carla und Emil verlieren "
                                    "und gewinnen keine Marke.")


@pytest.mark.parametrize("schema", SCHEMAS)
def test_the_record_with_unchanged_players_follows_both_schemas(tmp_path, schema):
    jsonschema = pytest.importorskip("jsonschema")
    with open(schema, encoding="utf-8") as f:
        loaded = json.load(f)
    _code, out = _run(tmp_path, LU_STU, "--format", "json")
    record = json.loads(out)
    assert record["certain"]["unchanged"] == ["Anna", "Carla", "Emil"]
    jsonschema.validate(record, loaded)


# --------------------------------------------------------------------------- every claim over every case

# natural deals whose cases ARE enumerable: presets with fools, inns, cats and buy-backs
NATURALS = [(p, n, seed, k) for p in ("campli", "lu-stu", "zeh-1769", "digital-4p", "coucou")
            for n, k in ((4, 3), (5, 3), (6, 3), (8, 3)) for seed in range(3)]


def test_every_claim_of_the_showdown_holds_in_every_case():
    # the showdown gives up at once (symbolic, no run allowed): what it may score is then found by
    # _possible_scores alone, and each claim is checked against the whole ruling's every outcome
    checked = 0
    claims = {"marks_lost": 0, "unchanged": 0, "out": 0}
    for where, certain, ruling in partial_and_whole(NATURALS, mock.patch.object(unknowns, "SMALL_CASES", 0),
                                                    mock.patch.object(unknowns, "MAX_SPLITS", 0)):
        checked += 1
        if certain is None:
            continue
        claims_hold(where, certain, ruling)
        for key in claims:
            claims[key] += len(certain.get(key, ()))
    assert checked >= 25 and claims["unchanged"] >= 20 and claims["marks_lost"] >= 1, (checked, claims)


def test_the_digital_games_certain_line_counts_lives():
    # D1: the digital game plays for lives («tre liv»), not marks; the partial ruling's certain
    # line said "Carla neither loses nor gains a mark" there (documents.py did not hand the
    # ruleset to the text).  A natural digital deal with two cards never shown, the showdown made
    # to give up as above.
    from cucu_ref.services.documents import rule_document
    doc = natural_deal("digital-4p", 4, 3, seen=False, unshown=2)[0]
    with mock.patch.object(unknowns, "SMALL_CASES", 0), mock.patch.object(unknowns, "MAX_SPLITS", 0):
        ruled = rule_document(json.dumps(doc), "digital.json")
    unchanged = ruled.record["certain"]["unchanged"]
    line = ruled.text().splitlines()[1]
    assert unchanged and line.startswith("Certain whatever the cards: ")
    assert ("loses no life" if len(unchanged) == 1 else "lose no life") in line
    assert all(player in line for player in unchanged)
    assert "mark" not in line
