"""Q7 (``buy_back_card``) in a ruling: the adjudicator re-runs the option only where someone
buys back during a Lu Stù deal, and gives both readings' outcomes there.  The position is the
shipped example ``examples/lu-stu-buy-back-during-deal.json``; the outcomes are worked out in
``tests/rules/test_q7_buy_back_card.py`` (the same deal, played through the engine).

Q7's 'fresh-card' deals the re-entrant a card in mid-deal (L11, L2: the top), so the seats
dealt after him are dealt from other places of the stack than under the default: their places
depend on play (``deal.fixed_deal_places``).  Under such a reading the replay lays a named
dealt card where the engine deals its seat (``replay.Search.lay_named``), so the reading is
ruled with or without the stack's order."""

from __future__ import annotations

import dataclasses
import json
import os

import pytest

from cucu_ref.game import deal, engine, rulesets
from cucu_ref.services.adjudication import adjudicate
from cucu_ref.game.cards import PACKS, format as card_name, parse as card
from cucu_ref.formats.position import parse

NEXT, FRESH = "next-deal", "fresh-card"

# the shipped example (a Lu Stù deal: Andrea shot by the hunter on his last mark buys back)
with open(os.path.join(os.path.dirname(__file__), "..", "..", "examples", "lu-stu-buy-back-during-deal.json"),
          encoding="utf-8") as _f:
    POSITION = json.load(_f)


def parse_position(doc):
    pos, problems = parse(doc)
    assert pos is not None and not problems, problems
    return pos


def _q7(ruling):
    return [q for q in ruling.readings if q["option"] == "buy_back_card"]


def _lost(reading):
    (outcome,) = reading["outcomes"]
    return [(x["player"], x["rule"]) for x in outcome["result"]["marks_lost"]]


def test_the_adjudicator_gives_q7_with_both_outcomes():
    ruling = adjudicate(parse_position(POSITION))
    (q7,) = _q7(ruling)
    assert q7["settles"] == "Q7" and q7["chosen"] == NEXT
    by_reading = {r["reading"]: r for r in q7["readings"]}
    assert set(by_reading) == {NEXT, FRESH}
    # next-deal: Andrea's K11 mark, then Dario's II lowest (K15: no tie); fresh-card: Andrea, dealt
    # the II at his buy-back, is lowest alone (K15); Dario holds VIII
    assert _lost(by_reading[NEXT]) == [("Andrea", "K11"), ("Dario", "K15")]
    assert _lost(by_reading[FRESH]) == [("Andrea", "K11"), ("Andrea", "K15")]


def test_a_ruling_without_a_mid_deal_buy_back_does_not_read_q7():
    declined = dict(POSITION, history=[*POSITION["history"][:4], {"decline": "Andrea"},
                                       *POSITION["history"][5:]])
    assert _q7(adjudicate(parse_position(declined))) == []
    kept = dict(POSITION, players=["Andrea", "Beatrice", "Chiara", "Dario"],
                history=[{"keep": "Andrea"}, {"keep": "Beatrice"}, {"keep": "Chiara"}, {"keep": "Dario"}])
    assert _q7(adjudicate(parse_position(kept))) == []


# the table names the cards dealt and no stack order: Chiara VIIII (before the buy-back) and the
# dealer Dario II (after it)
NAMED = {
    "format": "cucu-position/1", "ruleset": "lu-stu",
    "players": [{"name": "Andrea", "marks": 1}, "Beatrice", "Chiara", "Dario"], "dealer": "Dario",
    "history": [{"deal": "Andrea", "card": "VI"}, {"offer": "Andrea"}, {"deal": "Beatrice", "card": "XIIII"},
                {"pays": "Andrea"}, {"buy-back": "Andrea"}, {"deal": "Chiara", "card": "VIIII"},
                {"keep": "Chiara"}, {"deal": "Dario", "card": "II"}, {"keep": "Dario"}],
}


def _lost_in(outcome):
    return [(x["player"], x["rule"]) for x in outcome["result"]["marks_lost"]]


def test_fresh_card_makes_the_deal_places_depend_on_play():
    lu_stu = rulesets.preset("lu-stu")
    fresh = dataclasses.replace(lu_stu, buy_back_card=FRESH)
    assert deal.fixed_deal_places(lu_stu) and not deal.fixed_deal_places(fresh)
    # L10 keeps the dead card in the hand (dead_cards = stay): nobody is dealt in mid-deal
    assert deal.fixed_deal_places(dataclasses.replace(fresh, dead_cards="stay"))
    state = engine.new_match(fresh, ["A", "B", "C", "D"])
    with pytest.raises(deal.DealSetupError, match="Q7 'fresh-card'"):
        deal.deal_stack(state, {0: card("VI")}, [])


def test_named_cards_the_order_does_not_place_are_laid_where_fresh_card_deals_them():
    ruling = adjudicate(parse_position(NAMED))
    # the chosen reading (next-deal) as the example rules it: Andrea's K11 mark, Dario's II lowest (K15)
    assert [_lost_in(o._asdict()) for o in ruling.outcomes] == [[("Andrea", "K11"), ("Dario", "K15")]]
    (q7,) = _q7(ruling)
    by_reading = {r["reading"]: r for r in q7["readings"]}
    assert by_reading[NEXT]["status"] == "ruling"
    # under fresh-card Andrea's fresh card is the one after Chiara's (the 4th from the top), and
    # Dario's II the next: the replay lays each named card where the engine deals its seat, so
    # the reading is ruled, by Andrea's unknown fresh card (tests/cli/test_play_dependent_deals.py
    # checks every case against the engine's play of the whole stack)
    assert by_reading[FRESH]["status"] == "ruling"
    lost = {o["if"]: _lost_in(o) for o in by_reading[FRESH]["outcomes"]}
    fresh = "the 4th card from the top of the stack as shuffled"
    # (the ranges low to high, the cards by Lu Stù's names: issue 24 §1).  A lowest card alone
    # loses by K15; Andrea's II tied with Dario's II, only the first in play order loses (L3, seed
    # 000 §Lu Stù): another rule, so a case of its own
    assert lost == {f"{fresh} is III or higher": [("Andrea", "K11"), ("Dario", "K15")],
                    f"{fresh} is a II": [("Andrea", "K11"), ("Andrea", "L3")],
                    f"{fresh} is a card from Leone to I": [("Andrea", "K11"), ("Andrea", "K15")],
                    f"{fresh} is a Matto": [("Andrea", "K11"), ("Andrea", "L4"), ("Dario", "K15")]}


def test_named_cards_the_order_places_are_ruled_under_fresh_card():
    # the example names only Andrea's and Beatrice's cards, both at places its order gives:
    # under fresh-card Andrea is dealt the II (the fourth card from the top) and is lowest
    (q7,) = _q7(adjudicate(parse_position(POSITION)))
    by_reading = {r["reading"]: r for r in q7["readings"]}
    (outcome,) = by_reading[FRESH]["outcomes"]
    assert _lost_in(outcome) == [("Andrea", "K11"), ("Andrea", "K15")]


def test_under_fresh_card_a_named_card_is_checked_against_the_whole_stack():
    top = ("VI", "XIIII", "VIIII", "II", "VIII")
    rest = list(PACKS["cuccu-40"].cards)
    for name in top:  # (two of each card: one of each of these is on top)
        rest.remove(card(name))
    order = [*top, *map(card_name, rest)]
    assert len(order) == 40
    doc = dict(NAMED, ruleset={"preset": "lu-stu", "options": {"buy_back_card": FRESH}}, stack={"order": order})
    ruling = adjudicate(parse_position(doc))
    # Andrea takes the II at his buy-back, so Dario is dealt VIII, not the II the history names
    assert not ruling.outcomes
    (problem,) = [p for p in ruling.problems if "Dario" in p.message]
    assert "$.stack.order[4]" in problem.message and problem.rule == "L2"
