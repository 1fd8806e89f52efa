"""Issue 24 §5: a ruling even when cards are missing.  Where a showdown has too many
combinations of unknown cards to split into cases, the ruling still says what is certain
whatever the cards (status 'partial', exit 1, verdict 'under-specified', the cards that would
decide the rest named), computed without enumerating the cases (services/adjudication/partial.py).

Before, such a position said "under-specified" and nothing else (status 'invalid').  The
expectations below are worked out by hand from the sources (rule ID and seed section in each
comment); the property checks every certain claim against every case of positions whose cases
ARE enumerable, the showdown made to give up as past the limit."""

from __future__ import annotations

import contextlib
import io
import json
import os
from unittest import mock

import pytest

from cucu_ref.cli.adjudicate import main
from cucu_ref.formats.position import parse
from cucu_ref.services.adjudication import Underdetermined, adjudicate
from cucu_ref.services.adjudication import unknowns
from natural_positions import natural_deal

SCHEMA = os.path.join(os.path.dirname(__file__), "..", "..", "specs", "ruling-1.schema.json")


def _run(tmp_path, doc: dict, *args: str) -> tuple[int, str]:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = io.StringIO()
    code = main([*args, str(path)], stdout=out, stderr=io.StringIO())
    return code, out.getvalue()


# --------------------------------------------------------------------------- worked out by hand

def test_campli_six_players_fabio_out_whatever_the_cards(tmp_path):
    # natural_deal('campli', 6, 0, unshown=4): Anna 2, Bruno 3, Carla 0 (out), Dora 2 (dealer),
    # Emil 2, Fabio 1 mark; only Dora's VIIII shown, the other four live cards never shown.  The
    # history ends with Fabio declining to buy back: only a player who lost his last mark in the
    # deal may buy back after it (K16 'scheidet aus, kann sich aber ... zurückkaufen', K17, seed
    # 000 §Wiedereintritt), so Fabio is out in every case the record allows.  The next dealer is
    # the player right of the dealer (K2, §Geben): Emil, who holds 2 marks and loses at most one
    # at the showdown (K15 'verliert eine Marke', §Spielende; no inn, K14), so he deals whatever
    # the cards.  Nothing else is certain: any of the four unknown cards may be the lowest.
    doc, _ = natural_deal("campli", 6, 0, unshown=4)
    code, out = _run(tmp_path, doc, "--format", "json")
    record = json.loads(out)
    assert code == 1
    assert record["status"] == "partial" and record["exit_code"] == 1
    assert record["verdict"] == "under-specified"
    assert record["certain"] == {"marks_lost": [], "marks_gained": [], "out": ["Fabio"], "next_dealer": "Emil"}
    assert sorted(record["unknown_cards"]) == sorted(
        ["Emil's dealt card", "Anna's dealt card", "Fabio's dealt card", "Bruno's dealt card"])
    code, text = _run(tmp_path, doc)
    assert code == 1
    lines = text.splitlines()
    assert "under-specified" in lines[0]
    assert lines[1] == "Certain whatever the cards: Fabio is out; next dealer: Emil."
    assert "Bruno's dealt card" in lines[2]  # (the cards that would decide the rest)


# Zeh (1769) read with Q9 'yes' (the third paragraph: who will not exchange puts a mark into the
# cup): four players, every card unknown to the end.
Q9_DEAL = {"format": "cucu-position/1", "ruleset": {"preset": "zeh-1769", "options": {"refuse_by_paying": "yes"}},
           "players": [{"name": n, "marks": 3} for n in ("Anna", "Bruno", "Carla", "Dora")],
           "dealer": "Dora", "pot": 4,
           "history": [{"offer": "Anna"}, {"pay-to-refuse": "Bruno"}, {"keep": "Bruno"}, {"keep": "Carla"},
                       {"keep": "Dora"}]}


def test_four_players_all_unknown_a_mark_paid_before_the_showdown_is_certain(tmp_path):
    # Anna offers, Bruno refuses by paying a mark (Q9, seed 004 Zeh third paragraph 'wird eine
    # Marque in die Taze setzen'): Bruno loses that mark before the showdown, whatever the four
    # cards nobody showed.  The next dealer: right of Dora, Anna (K2; the deal began with her),
    # who holds 3 marks and loses at most one at the showdown (Z6: the lowest card loses one).
    code, out = _run(tmp_path, Q9_DEAL, "--format", "json")
    record = json.loads(out)
    assert (code, record["status"]) == (1, "partial")
    assert record["certain"] == {"marks_lost": [{"player": "Bruno", "rule": "Q9"}], "marks_gained": [],
                                 "out": [], "next_dealer": "Anna"}
    assert len(record["unknown_cards"]) == 4
    code, text = _run(tmp_path, Q9_DEAL)
    assert text.splitlines()[1] == "Certain whatever the cards: Bruno loses a mark (Q9); next dealer: Anna."


def test_the_partial_record_follows_the_schema(tmp_path):
    jsonschema = pytest.importorskip("jsonschema")
    with open(SCHEMA, encoding="utf-8") as f:
        schema = json.load(f)
    _code, out = _run(tmp_path, Q9_DEAL, "--format", "json")
    jsonschema.validate(json.loads(out), schema)


def test_the_certain_line_in_another_language(tmp_path):
    # the same words as the rulings of few cases (i18n catalogs): Italian
    code, text = _run(tmp_path, Q9_DEAL, "--language", "it")
    assert code == 1
    assert text.splitlines()[1].startswith("Certo qualunque siano le carte: Bruno perde")


# --------------------------------------------------------------------------- every claim over every case

def _gives_up(self, k, after, live, dead):  # the showdown past the limit, whatever its size
    raise self._underdetermined(list(live) + list(dead))


def _multiset_in(small: list, big: list) -> bool:
    rest = list(big)
    for x in small:
        if x not in rest:
            return False
        rest.remove(x)
    return True


# natural deals whose cases ARE enumerable (each ruled, unknown cards at the showdown): presets,
# sizes and unshown counts spread over the rulesets' rules (inn guarantees, fools, Q9, buy-backs)
NATURALS = [(p, n, seed, k) for p in ("campli", "lu-stu", "zeh-1769", "digital-4p", "coucou", "here")
            for n, k in ((3, 3), (4, 3), (5, 3), (6, 2), (8, 3)) for seed in range(4)]


def partial_and_whole(naturals, *patches):
    """(where, the partial ruling's certain part, the whole ruling) of each natural deal whose
    cases ARE enumerable and whose showdown has unknown cards, the partial one with ``patches``
    (context managers: the showdown made to give up) in force."""
    for preset, n, seed, k in naturals:
        try:
            doc, _ = natural_deal(preset, n, seed, unshown=k)
        except ValueError:
            continue  # (a preset that seats no such table)
        pos, _p = parse(doc)
        assert pos is not None
        try:
            ruling = adjudicate(pos, readings=False)
        except Underdetermined:
            continue
        if not ruling.ok:
            continue
        with contextlib.ExitStack() as stack:
            for patch in patches:
                stack.enter_context(patch)
            try:
                adjudicate(pos, readings=False)
            except Underdetermined as err:
                yield (preset, n, seed), err.certain, ruling


def claims_hold(where, certain, ruling) -> None:
    """Every claim of ``certain`` holds in every outcome of the whole ``ruling``."""
    for o in ruling.outcomes:
        r = o.result
        assert _multiset_in(certain["marks_lost"], r["marks_lost"]), (where, certain, r)
        assert _multiset_in(certain["marks_gained"], r["marks_gained"]), (where, certain, r)
        assert set(certain["out"]) <= set(r["out"]), (where, certain, r)
        if "next_dealer" in certain:
            said = r["next_dealer"] or (r.get("next_dealer_if_none_buys_back")
                                        if r.get("next_dealer_if_none_buys_back") == r.get(
                                            "next_dealer_if_all_buy_back") else None)
            assert said == certain["next_dealer"], (where, certain, r)
        moved = {x["player"] for x in (*r["marks_lost"], *r["marks_gained"])} | set(r["out"])
        assert not set(certain.get("unchanged", ())) & moved, (where, certain, r)


def test_every_certain_claim_holds_in_every_case():
    checked = 0
    claims = {"marks_lost": 0, "marks_gained": 0, "out": 0, "next_dealer": 0}
    for where, certain, ruling in partial_and_whole(NATURALS, mock.patch.object(unknowns.Reasoner, "showdown_cases",
                                                                                _gives_up)):
        checked += 1
        if certain is None:
            continue
        claims_hold(where, certain, ruling)
        for key in claims:
            v = certain.get(key, ())
            claims[key] += len(v) if isinstance(v, list) else 1 if v else 0
    # (the claims of each kind were met: marks before the showdown, players out, next dealers)
    assert checked >= 40 and claims["marks_lost"] >= 2 and claims["out"] >= 3 and claims["next_dealer"] >= 20, (
        checked, claims)


def test_a_branch_that_reached_the_end_counts_as_its_result_says():
    # a partial run may hold branches that reached the end beside the stuck ones: each counts
    # with its own result (here the recorded run of a fully known deal, under the Recorder: the
    # campli 6/0 deal with every card given, Fabio out by the lowest card, K15; next dealer Emil, K2)
    from cucu_ref.services.adjudication import partial, replay

    _nat, full = natural_deal("campli", 6, 0, unshown=4)
    pos, _p = parse(full)
    assert pos is not None
    run = replay.run_position(pos, pos.rules, record=True)
    search_leaf = run.leaves[0]._replace(state=replay.with_rules(run.leaves[0].state, replay.Recorder(pos.rules)))
    facts = partial._leaf_facts(pos, search_leaf)
    assert facts == {"marks_lost": [{"player": "Fabio", "rule": "K15"}], "marks_gained": [], "out": ["Fabio"],
                     "next_dealer": "Emil"}
