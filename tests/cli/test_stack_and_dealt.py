"""A position that gives the shuffled stack (``stack.order``, the whole pack or its top) and
also names dealt cards (a history ``deal`` with its card, or ``dealt``): the named card is the
card at the place the rules deal it from (K4: the bottom, L2: the top; F2: the dealer's three),
so it is one card written twice, not a second copy (C1); a different card there is refused,
naming both places."""

from __future__ import annotations

import json
from pathlib import Path

from cucu_ref.cli.adjudicate import adjudicate_document
from cucu_ref.formats.position import parse

ROOT = Path(__file__).resolve().parents[2]

# a Campli deal: the whole stack, top first; K4 deals from the bottom, so Anna (right of the
# dealer Dora) is dealt the last card, XII, and Bruno the one above it, XIIII
STACK = ("VII mascherone II XIII leone 0 X secchia XI mascherone XV 0 leone II VIIII VIII I VIII IIII I VIIII "
         "matto XIIII III V X XII IIII XIII VII secchia XI XV matto VI III V VI XIIII XII").split()


def position(history, **fields):
    doc = {"format": "cucu-position/1", "ruleset": "campli", "dealer": "Dora", "stack": {"order": STACK},
           "players": ["Anna", "Bruno", "Carla", "Dora"], "history": history}
    doc.update(fields)
    return doc


def ruling(doc):
    code, record, _ = adjudicate_document(json.dumps(doc), "position.json")
    assert code == 0, record
    return record


def problems(doc):
    pos, found = parse(doc)
    assert pos is None
    return [(p.path, p.rule, p.message) for p in found]


def test_a_dealt_card_the_order_gives_is_that_card_not_a_third_copy():
    plain = ruling(position([{"offer": "Anna"}]))
    told = ruling(position([{"deal": "Anna", "card": "XII"}, {"offer": "Anna"},
                            {"deal": "Bruno", "card": "XIIII"}]))
    assert [o["result"] for o in plain["outcomes"]] == [o["result"] for o in told["outcomes"]]
    assert [o["verdict"] for o in plain["outcomes"]] == [o["verdict"] for o in told["outcomes"]]
    by_field = ruling(position([{"offer": "Anna"}], dealt={"Anna": "XII", "Bruno": "XIIII"}))
    assert by_field["outcomes"] == plain["outcomes"]  # (the same history: the same steps too)


def test_a_different_dealt_card_is_refused_at_its_place():
    found = problems(position([{"deal": "Anna", "card": "VI"}, {"offer": "Anna"}]))
    assert found == [("$.history[0].card", "K4", "Anna is dealt VI, but the stack's order holds XII "
                      "($.stack.order[39]) where Anna's card is dealt from")]
    found = problems(position([{"offer": "Anna"}], dealt={"Bruno": "VI"}))
    assert [(p, r) for p, r, _ in found] == [('$.dealt["Bruno"]', "K4")]
    assert "XIIII ($.stack.order[38])" in found[0][2]


def test_a_third_copy_is_still_one_too_many():
    # the order's top card is the VII; a third VII dealt where the order does not reach is C1's
    short = STACK[:30]  # the top 30 cards: the bottom ten (Anna's, Bruno's ...) are unknown
    found = problems(position([{"deal": "Anna", "card": "VII"}, {"offer": "Anna"}], stack={"order": short}))
    assert [(p, r) for p, r, _ in found] == [("$.history[0].card", "C1")]


def test_under_l2_the_top_card_is_dealt_first():
    # Lu Stù deals from the top (L2): Anna is dealt the first card of the order
    doc = position([{"deal": "Anna", "card": "VII"}, {"keep": "Anna"}], ruleset="lu-stu")
    told, plain = ruling(doc), ruling(position([{"keep": "Anna"}], ruleset="lu-stu"))
    assert [o["result"] for o in told["outcomes"]] == [o["result"] for o in plain["outcomes"]]
    found = problems(position([{"deal": "Anna", "card": "XII"}, {"keep": "Anna"}], ruleset="lu-stu"))
    assert [(p, r) for p, r, _ in found] == [("$.history[0].card", "L2")]


def _coucou(**fields):
    # examples/coucou-talon-king.json: Coucou deals from the top (L2), Emil the dealer takes the
    # fifth to seventh cards (9, Q, 8) and keeps the highest, the queen (F2)
    with open(ROOT / "examples" / "coucou-talon-king.json", encoding="utf-8") as f:
        doc = json.load(f)
    doc.pop("claim")
    doc.update(fields)
    return doc


def test_the_f2_dealer_is_dealt_the_highest_of_his_three():
    plain = ruling(_coucou())
    told = ruling(_coucou(dealt={"Emil": "Q"}))
    assert [o["result"] for o in told["outcomes"]] == [o["result"] for o in plain["outcomes"]]
    # a discard is not the card he keeps: refused, naming the higher card of his three (F2)
    found = problems(_coucou(dealt={"Emil": "8"}))
    assert found == [('$.dealt["Emil"]', "F2", "Emil keeps the highest of the three cards the dealer takes, "
                      "and the stack's order gives Emil 9 ($.stack.order[4]), above 8")]
    # a card none of his three: refused at its places (L2, Coucou's dealing from the top)
    found = problems(_coucou(dealt={"Emil": "K"}))
    assert [(p, r) for p, r, _ in found] == [('$.dealt["Emil"]', "L2")]
    assert "Q ($.stack.order[5])" in found[0][2]


def test_a_player_out_is_not_dealt_so_the_places_move_up():
    # Bruno is out (0 marks): Carla is dealt the card above Anna's, the XIIII, not VI
    out = [{"name": "Anna", "marks": 3}, {"name": "Bruno", "marks": 0}, {"name": "Carla", "marks": 3},
           {"name": "Dora", "marks": 3}]
    doc = position([{"deal": "Anna", "card": "XII"}, {"keep": "Anna"}, {"deal": "Carla", "card": "XIIII"}],
                   players=out, eliminations=1)
    assert ruling(doc)["outcomes"]
    wrong = position([{"deal": "Anna", "card": "XII"}, {"keep": "Anna"}, {"deal": "Carla", "card": "VI"}],
                     players=out, eliminations=1)
    assert [(p, r) for p, r, _ in problems(wrong)] == [("$.history[2].card", "K4")]


def test_where_the_dealing_depends_on_play_the_whole_stack_s_dealt_card_is_no_copy():
    # K4 one card at a time from the bottom with L10's dead cards under the stack: a dead card is
    # dealt next, so no place is fixed; with the whole stack given, a named dealt card is one of
    # its cards (not a third copy, C1) and the replay checks it (tests/cli/test_dealt_by_play.py)
    l10 = {"preset": "campli", "options": {"dead_cards": "under-stack"}}
    assert ruling(position([{"deal": "Anna", "card": "XII"}, {"offer": "Anna"}], ruleset=l10))["outcomes"]
    code, record, _ = adjudicate_document(json.dumps(position([{"deal": "Anna", "card": "VI"}, {"offer": "Anna"}],
                                                              ruleset=l10)), "position.json")
    assert code != 0 and [(p["path"], p["rule"]) for p in record["problems"]] == [("$.history[0].card", "K4")]
    # a partial order leaves the card's place unknown: the replay lays it where its seat is dealt,
    # which takes its copy (tests/cli/test_play_dependent_deals.py): a third XII is refused there
    doc = position([{"deal": "Anna", "card": "XII"}, {"offer": "Anna"}], ruleset=l10,
                   stack={"order": STACK[:38]}, dealt={"Bruno": "XII"})
    code, record, _ = adjudicate_document(json.dumps(doc), "position.json")
    assert code != 0 and [(p["path"], p["rule"]) for p in record["problems"]] == [('$.dealt["Bruno"]', "C1")]
    assert "$.history[0].card, $.stack.order[26]" in record["problems"][0]["message"]


def test_an_order_that_stops_inside_the_f2_dealer_s_three_is_refused():
    # the order gives the first of Emil's three (the 7) and not the others: which he keeps is
    # unknown (max(7, ?, ?)), so the order must give all three or none (docs: F2); it was ruled
    # as if he kept the 7
    doc = {"format": "cucu-position/1", "ruleset": "coucou", "players": ["Anna", "Bruno", "Carla", "Dora", "Emil"],
           "dealer": "Emil", "stack": {"order": ["10", "J", "K", "9", "7"]},
           "history": [{"keep": p} for p in ("Anna", "Bruno", "Carla", "Dora", "Emil")]}
    code, record, _ = adjudicate_document(json.dumps(doc), "position.json")
    assert code != 0
    assert "must give all three he takes or none of them" in json.dumps(record)
    doc["stack"]["order"] = doc["stack"]["order"][:4]  # none of his three: the cases are split
    assert ruling(doc)["outcomes"]
