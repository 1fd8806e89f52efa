"""What a showdown with too many combinations may score (unknowns._possible_scores) is the certain
part of an under-specified ruling (.partial), of the ruling's own run only.  An open point's
re-run under another reading is asked only whether and how it rules: where it meets such a
showdown it no longer works out what the showdown may score (issue 24 §5: a Lu Stù deal of twelve
players with four cards unshown spent a quarter of its ruling there, for a reading the ruling
then leaves out), and the ruling is the same."""

from __future__ import annotations

import json

import pytest

import cucu_ref.services.adjudication as adjudication
from cucu_ref.formats.position import parse
from cucu_ref.services.adjudication import adjudicate, replay, unknowns
from cucu_ref.services.adjudication.model import new_position
from cucu_ref.services.render import ruling_json
from natural_positions import natural_deal

# Zeh (1769), eight players, four cards never shown: a re-run of one of its open points meets a
# showdown with too many combinations to split
DEAL = ("zeh-1769", 8, 47, 4)


def _position():
    preset, players, seed, unshown = DEAL
    doc, _ = natural_deal(preset, players, seed, seen=False, unshown=unshown)
    pos, problems = parse(doc)
    assert pos is not None, problems
    return pos


def _noting_stuck(monkeypatch, noted: list) -> None:
    """Note each Reasoner that gives up on a showdown (unknowns.Underdetermined from its cases)."""
    real_cases = unknowns.Reasoner._cases

    def cases(self, *args):
        try:
            return real_cases(self, *args)
        except unknowns.Underdetermined:
            noted.append(self)
            raise

    monkeypatch.setattr(unknowns.Reasoner, "_cases", cases)


def test_a_rerun_does_not_work_out_what_a_stuck_showdown_may_score(monkeypatch):
    pos = _position()
    asked: list[bool] = []  # (for each stuck showdown: the ruling's own run?)
    own = [True]
    real_scores, real_run = unknowns._possible_scores, replay.run_position

    def scores(r, *args):
        asked.append(own[0])
        return real_scores(r, *args)

    def first_run(*args, **kwargs):  # (the ruling's own run is the first; the re-runs come after)
        try:
            return real_run(*args, **kwargs)
        finally:
            own[0] = False

    monkeypatch.setattr(unknowns, "_possible_scores", scores)
    monkeypatch.setattr(adjudication, "run_position", first_run)
    stuck: list = []
    _noting_stuck(monkeypatch, stuck)
    adjudicate(pos)
    assert stuck and not any(getattr(r, "certain", True) for r in stuck), "a re-run meets a stuck showdown, as a re-run"
    assert asked == []


def test_the_ruling_is_the_same(monkeypatch):
    pos = _position()
    kept = json.dumps(ruling_json(adjudicate(pos), "position"))
    real_init = unknowns.Reasoner.__init__
    monkeypatch.setattr(unknowns.Reasoner, "__init__",
                        lambda self, lay, rules, certain=True: real_init(self, lay, rules, True))
    assert json.dumps(ruling_json(adjudicate(pos), "position")) == kept


def test_a_run_that_needs_the_scores_works_them_out_where_a_rerun_kept_the_showdown():
    """A showdown a re-run gave up on is kept (unknowns._SHOWDOWNS) without what it may score; a
    run of the same position's memos that makes a partial ruling of it (certain, under a ruleset
    that agrees on every field its scoring reads) works that out, and does not take the re-run's
    nothing for 'nothing is certain'."""
    pos = _position()
    stuck: list = []
    with pytest.MonkeyPatch.context() as patch:
        _noting_stuck(patch, stuck)
        adjudicate(pos)
    assert stuck, "a re-run gives up on a showdown"
    rules = stuck[0].rules
    new_position()
    with pytest.raises(unknowns.Underdetermined):
        replay.run_position(pos, rules, certain=False)  # (a re-run: keeps the showdown, without its scores)
    with pytest.raises(unknowns.Underdetermined) as stuck:  # (the same position's memos: not emptied)
        replay.run_position(pos, rules)
    assert any(s.error.scores for s in stuck.value.stuck)
