"""Q7 (``buy_back_card``) in a ruling: the adjudicator re-runs the option only where someone
buys back during a Lu Stù deal, and gives both readings' outcomes there.  The position is the
shipped example ``examples/lu-stu-buy-back-during-deal.json``; the outcomes are worked out in
``tests/rules/test_q7_buy_back_card.py`` (the same deal, played through the engine)."""

from __future__ import annotations

import json
import os

from cucu_ref.adjudication import adjudicate
from cucu_ref.position import parse

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
    # next-deal: Andrea's K11 mark, then Dario's II lowest (L3); fresh-card: Andrea, dealt the
    # II at his buy-back, is lowest; Dario holds VIII
    assert _lost(by_reading[NEXT]) == [("Andrea", "K11"), ("Dario", "L3")]
    assert _lost(by_reading[FRESH]) == [("Andrea", "K11"), ("Andrea", "L3")]


def test_a_ruling_without_a_mid_deal_buy_back_does_not_read_q7():
    declined = dict(POSITION, history=[*POSITION["history"][:4], {"decline": "Andrea"},
                                       *POSITION["history"][5:]])
    assert _q7(adjudicate(parse_position(declined))) == []
    kept = dict(POSITION, players=["Andrea", "Beatrice", "Chiara", "Dario"],
                history=[{"keep": "Andrea"}, {"keep": "Beatrice"}, {"keep": "Chiara"}, {"keep": "Dario"}])
    assert _q7(adjudicate(parse_position(kept))) == []
