"""A branch whose showdown leaves a known card where the position gives another card is not
split into cases (issue 24 §5, replay._Checks.held_otherwise).

K15: the cards stop moving at the showdown, so every case of such a showdown fails when the
card given at the end is bound (given_at_end).  A Coucou dealer keeps the highest of three cards
(F2) and the layout tries each card he may keep: each reached the showdown and was split into
cases, only to die at the end; in a Coucou deal of eight players with four cards unshown that was
24 of the 26 showdowns.  These tests check that such a showdown is no longer split, that the
ruling is the one the full walk gives, and that a position no branch of which rules still reports
the failure the full walk reports (best_failure: the branch that got furthest)."""

from __future__ import annotations

import pytest

from cucu_ref.formats.position import parse
from cucu_ref.services.adjudication import replay
from cucu_ref.services.adjudication.layout import layout
from cucu_ref.services.adjudication.model import is_placeholder
from cucu_ref.services.adjudication.readings import best_failure
from cucu_ref.services.adjudication.unknowns import Reasoner
from natural_positions import natural_deal

# a Coucou deal of five players, three cards never shown; the dealer Anna shows J at the end
# (F2: she kept the highest of her three cards), Bruno 10
DEAL = ("coucou", 5, 4, 3)


def _position(rules_options: dict | None = None):
    preset, players, seed, unshown = DEAL
    doc, _ = natural_deal(preset, players, seed, seen=False, unshown=unshown)
    if rules_options:
        doc = {**doc, "ruleset": {"preset": preset, "options": rules_options}}
    pos, problems = parse(doc)
    assert pos is not None, problems
    return pos


def _search(pos, prune: bool) -> replay.Search:
    search = replay.Search(pos, pos.rules, layout(pos, pos.rules), prune=prune)
    search.run()
    return search


def test_no_showdown_is_split_where_a_known_card_is_not_the_one_shown(monkeypatch):
    pos = _position()
    assert pos.shown, "the deal shows cards at the end"
    split: list[tuple] = []
    real = Reasoner.showdown_cases

    def recording(self, k, after, live, dead):
        split.append(after)
        return real(self, k, after, live, dead)

    monkeypatch.setattr(Reasoner, "showdown_cases", recording)
    run = replay.run_position(pos, pos.rules)
    assert run.leaves and split
    for after in split:
        for seat, card in pos.shown.items():
            held = after.hands[seat]
            # K15: a known card there is the one shown; an unknown one is split on
            assert is_placeholder(held) or held == card, (pos.players[seat], held, card)


def test_the_ruling_is_the_full_walks():
    pos = _position()
    pruned, full = _search(pos, prune=True), _search(pos, prune=False)
    assert pruned.doomed > 0 and full.doomed == 0
    assert [(leaf.state, leaf.know, leaf.steps) for leaf in pruned.leaves] == \
        [(leaf.state, leaf.know, leaf.steps) for leaf in full.leaves]
    assert pruned.work < full.work


# a Coucou deal of six players with a 32-card pack, every card shown (F5), read under Q16's other
# reading (the last player takes the talon's bottom card, skipping kings, F4): Anna, the last
# player, then takes the dealer Bruno's lower discard, no higher than the card he keeps (F2), and
# shows dame above his valet: no branch rules
NO_RULING = {
    "format": "cucu-position/1",
    "ruleset": {"preset": "coucou", "options": {"pack": "french-32", "talon_card": "bottom-skipping-kings"}},
    "players": [{"name": "Anna", "marks": 1, "virgin": False}, {"name": "Bruno", "marks": 1, "virgin": False},
                {"name": "Carla", "marks": 0, "virgin": False}, {"name": "Dora", "marks": 1, "virgin": False},
                {"name": "Emil", "marks": 5, "virgin": True}, {"name": "Fabio", "marks": 2, "virgin": False}],
    "dealer": "Bruno", "pot": 6, "eliminations": 1, "reentries": 0, "deals_played": 0,
    "history": [{"keep": "Dora"}, {"offer": "Emil"}, {"exchange": ["Emil", "Fabio"]}, {"keep": "Fabio"},
                {"offer": "Anna"}, {"keep": "Bruno"}, {"shows": "Dora", "card": "8"}, {"shows": "Emil", "card": "A"},
                {"shows": "Fabio", "card": "10"}, {"shows": "Anna", "card": "Q"}, {"shows": "Bruno", "card": "J"},
                {"pays": "Emil"}],
}


def test_a_position_with_no_ruling_reports_the_full_walks_failure():
    pos, problems = parse(NO_RULING)
    assert pos is not None, problems
    pruned, full = _search(pos, prune=True), _search(pos, prune=False)
    assert not pruned.leaves and not full.leaves and pruned.doomed > 0
    # (the branches ended at the showdown failed further on: without them another failure is told)
    assert best_failure(pruned.failures) != best_failure(full.failures)
    for record in (False, True):
        run = replay.run_position(pos, pos.rules, record=record, fallback=False)
        assert not run.leaves
        assert run.failures == full.failures


@pytest.mark.parametrize("record", [False, True])
def test_run_position_walks_again_only_where_nothing_rules(record):
    pos = _position()
    run = replay.run_position(pos, pos.rules, record=record)
    assert run.leaves
    assert run.failures == _search(pos, prune=True).failures
