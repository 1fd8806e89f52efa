"""A ruling's cases cite each mark's own rule.  Branches over a card the position does not give
are grouped into one case only where they agree on the marks *and* on the rule of each: where
one card makes Anna lose as the single fool (C3) and another as the lowest card (K15), the
same marks are two cases.  Every card of every case, given to the position as known, must be
ruled with the case's own marks and rules."""

from __future__ import annotations

import pytest

from cucu_ref.services.adjudication import adjudicate
from cucu_ref.formats.position import parse

# Anna passes her VI to Bruno and gets his card, which nobody else saw (no event card: they
# exchanged); Carla holds IIII, the dealer Dora VIII (a position of the output corpus)
POSITION = {
    "format": "cucu-position/1", "ruleset": "campli", "players": ["Anna", "Bruno", "Carla", "Dora"],
    "dealer": "Dora",
    "history": [{"deal": "Anna", "card": "VI"}, {"offer": "Anna"}, {"exchange": ["Anna", "Bruno"]},
                {"keep": "Bruno"}, {"deal": "Carla", "card": "IIII"}, {"keep": "Carla"},
                {"deal": "Dora", "card": "VIII"}, {"keep": "Dora"}],
}
LABEL = "Bruno's dealt card"


def _ruled(doc):
    pos, problems = parse(doc)
    assert pos is not None and not problems, problems
    ruling = adjudicate(pos, readings=False)
    assert ruling.ok, ruling.problems
    return ruling


def _marks(outcome):
    res = outcome.result
    return sorted((x["player"], x["rule"], "lost") for x in res["marks_lost"]) + sorted(
        (x["player"], x["rule"], "gained") for x in res["marks_gained"])


def _cases():
    return [(case, [card for alt in case.when for card in alt[LABEL]]) for case in _ruled(POSITION).outcomes]


def test_the_fool_and_the_tie_are_cases_of_their_own():
    by_cards = {tuple(cards): _marks(case) for case, cards in _cases()}
    # by hand (Campli): the single fool ranks with the lowest other card, so both lose (C3 and
    # K15); a second IIII ties Carla's and both lose (K15)
    assert by_cards[("matto",)] == [("Anna", "C3", "lost"), ("Carla", "K15", "lost")]
    assert by_cards[("IIII",)] == [("Anna", "K15", "lost"), ("Carla", "K15", "lost")]
    assert len(by_cards) == 4


@pytest.mark.parametrize("index", range(4))
def test_every_card_of_a_case_is_ruled_as_the_case(index):
    case, cards = _cases()[index]
    assert cards
    for card in cards:
        (known,) = _ruled(dict(POSITION, dealt={"Bruno": card})).outcomes
        assert _marks(known) == _marks(case), card
