"""A position that gives the shuffled stack (``stack.order``, the whole pack or its top) and
also names dealt cards (a history ``deal`` with its card, or ``dealt``): the named card is the
card at the place the rules deal it from (K4: the bottom, L2: the top; F2: the dealer's three),
so it is one card written twice, not a second copy (C1); a different card there is refused,
naming both places."""

from __future__ import annotations

import json

from cucu_ref.cli import adjudicate_document
from cucu_ref.position import parse

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
