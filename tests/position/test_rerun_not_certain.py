"""What a showdown with too many combinations may score (unknowns._possible_scores) is the certain
part of an under-specified ruling (.partial), of the ruling's own run only.  An open point's
re-run under another reading is asked only whether and how it rules: where it meets such a
showdown it no longer works out what the showdown may score (issue 24 §5: a Lu Stù deal of twelve
players with four cards unshown spent a quarter of its ruling there, for a reading the ruling
then leaves out), and the ruling is the same."""

from __future__ import annotations

import json

from cucu_ref.formats.position import parse
from cucu_ref.services.adjudication import adjudicate, replay, unknowns
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
    import cucu_ref.services.adjudication as adjudication
    monkeypatch.setattr(adjudication, "run_position", first_run)
    stuck = []
    real_cases = unknowns.Reasoner._cases

    def cases(self, *args):
        try:
            return real_cases(self, *args)
        except unknowns.Underdetermined:
            stuck.append(getattr(self, "certain", True))
            raise

    monkeypatch.setattr(unknowns.Reasoner, "_cases", cases)
    adjudicate(pos)
    assert stuck and not any(stuck), "a re-run meets a stuck showdown, as a re-run"
    assert asked == []


def test_the_ruling_is_the_same(monkeypatch):
    pos = _position()
    kept = json.dumps(ruling_json(adjudicate(pos), "position"))
    monkeypatch.setattr(unknowns.Reasoner, "certain", property(lambda self: True, lambda self, value: None))
    assert json.dumps(ruling_json(adjudicate(pos), "position")) == kept
