"""The harness of the showdown's path proof (``scoring.decide`` against the seeds',
``cucu_ref.assurance.formal.livemarks``) tested on its own parts, where a fault would make the
proof pass without proving (vacuously, or accepting z3's ``unknown``), or make its report wrong.
Written against the survivors of a full mutmut run of
the harness (docs/dev/mutation-report.md, "the proof of live_marks, full run").

z3 rarely answers ``unknown`` on these small queries by itself, so the tests put a solver in
that answers ``unknown`` where asked (:class:`_Timid`): every place the harness asks z3 must turn
that into a failed proof."""

from __future__ import annotations

import sys

import z3

from cucu_ref.game.cards import FOOL_VALUE, PACKS
from cucu_ref.assurance.formal import livemarks as LM
from cucu_ref.assurance.formal.showdown import sample_showdown
from cucu_ref.game.rulesets import preset
from cucu_ref.game.scoring import CUCKOO_VALUE


class _Timid:
    """A z3 solver that answers ``unknown`` to the checks made from a function whose name holds
    ``where`` (``_possible``, ``prove_split``) once it has answered ``after`` of them, and is z3's
    own everywhere else."""

    def __init__(self, real, where, after=0):
        self._real, self._where, self._after = real, where, after

    def check(self, *args):
        if self._where in sys._getframe(1).f_code.co_name:
            if self._after <= 0:
                return z3.unknown
            self._after -= 1
        return self._real.check(*args)

    def __getattr__(self, name):
        return getattr(self._real, name)


def _timid_paths(monkeypatch, where, after=0):
    real_init = LM.Paths.__init__

    def init(self, *args, **kwargs):
        real_init(self, *args, **kwargs)
        self.solver = _Timid(self.solver, where, after)

    monkeypatch.setattr(LM.Paths, "__init__", init)


def test_unknown_from_z3_in_a_path_question_fails_the_proof(monkeypatch):
    x = z3.Int("x")
    for after in (0, 1):  # z3 cannot find a witness; it finds one, then cannot tell whether x < 3 may fail
        run = LM.Paths([x >= 0], [], 1000)
        run.solver = _Timid(run.solver, "_possible", after)
        try:
            run.decide(x < 3)
        except LM.Unknown as e:
            assert after == 0 or "x" in str(e), e  # (the question z3 could not answer)
        else:
            raise AssertionError("an 'unknown' answer was taken as an answer")
        assert run.checks == after + 1 and run.taken == [] and run.pending == []
        _timid_paths(monkeypatch, "_possible", after)
        verdict, vacuity, detail = LM.prove_split(preset("campli"), 2, 0)
        assert verdict.startswith("unknown (path 1: ") and vacuity == "not checked" and detail["paths"] == 0, verdict
        result = LM.equivalence(preset("campli"), 2)
        assert result.verdict.startswith("unknown (split 2 live + 0 dead, path 1: ") and not result.ok, result.as_dict()
        monkeypatch.undo()


def test_an_operation_not_followed_is_unknown_with_the_path_it_met_it_on(monkeypatch):
    # decide doing with a card what a symbolic value cannot follow (here a division) on the
    # first path: the split is unknown, its vacuity not checked, no path counted as proved
    monkeypatch.setattr(LM, "decide", lambda rules, cuccu, vals, *args: vals[0] // 2)
    verdict, vacuity, detail = LM.prove_split(preset("campli"), 2, 0)
    assert verdict.startswith("unknown (path 1: not followed, ") and "//" in verdict, verdict
    assert vacuity == "not checked" and detail["paths"] == 0, detail


def test_unknown_from_z3_on_the_rows_of_a_path_fails_the_proof(monkeypatch):
    # the question "are the seeds' marks these on every showdown of the path?" answered
    # 'unknown': not proved, whatever the paths before said
    _timid_paths(monkeypatch, "prove_config")
    verdict, vacuity, detail = LM.prove_split(preset("campli"), 2, 0)
    assert verdict == "unknown (path 1, the seeds' marks)" and detail["paths"] == 1, (verdict, detail)
    result = LM.equivalence(preset("campli"), 2)
    # the split's verdict inside the whole one, word for word (the report and the plan's readers parse it)
    assert not result.ok and result.verdict == "unknown (split 2 live + 0 dead, path 1, the seeds' marks)", result


def test_a_path_without_a_witness_is_unknown_not_empty():
    x = z3.Int("x")
    run = LM.Paths([x >= 0, x < 0], [], 1000)  # (premises nothing satisfies)
    try:
        run.witness()
    except LM.Unknown as e:
        assert "no witness" in str(e)
    else:
        raise AssertionError("a path with no showdown on it was given a witness")
    ok = LM.Paths([x >= 5], [], 1000)
    assert ok.witness().eval(x, model_completion=True).as_long() >= 5 and ok.checks == 1
    assert ok.witness() is ok.model and ok.checks == 1  # (the model kept, not asked again)


def test_the_question_answers_follow_the_prefix_and_keep_the_other_answer():
    x = z3.Int("x")
    run = LM.Paths([x >= 0, x <= 10], [], 1000)
    first = run.decide(x < 3)
    assert run.pending == [[not first]] and run.taken == [first]
    assert run.decide(x < 3) is first and run.taken == [first]  # (asked again: the memo, no new answer)
    # by the premises: one answer possible, none kept for later
    assert run.decide(x >= 0) is True and run.decide(x > 10) is False and run.pending == [[not first]]
    assert run.decide(z3.BoolVal(True)) is True and run.decide(z3.BoolVal(False)) is False
    # replaying the other answer: pinned, and the path condition follows it
    other = LM.Paths([x >= 0, x <= 10], [not first], 1000)
    assert other.decide(x < 3) is (not first) and other.pending == []
    want = (x < 3) if not first else z3.Not(x < 3)
    assert len(other.condition) == 1 and z3.Solver().check(other.condition[0] != want) == z3.unsat
    assert other.solver.check(x < 3 if first else x >= 3) == z3.unsat  # (the answer is in the solver)
    # a question with only one possible answer keeps nothing for later
    one = LM.Paths([x == 4], [], 1000)
    assert one.decide(x < 3) is False and one.pending == [] and one.taken == [False]


def test_explore_runs_every_kept_answer_and_the_guard_counts_paths_exactly():
    rules = preset("campli")
    paths = list(LM.explore(rules, 2, 0))
    n = len(paths)
    assert n >= 3 and len({tuple(p.run.taken) for p in paths}) == n  # (each path once)
    assert [p.marks for p in LM.explore(rules, 2, 0, max_paths=n)] == [p.marks for p in paths]
    try:
        list(LM.explore(rules, 2, 0, max_paths=n - 1))
    except LM.Unknown as e:
        assert f"more than {n - 1} paths" in str(e)
    else:
        raise AssertionError("the path guard let more paths through than it allows")
    assert LM.prove_split(rules, 2, 0, max_paths=n, guarantees=False)[0] == "proved"
    assert LM.prove_split(rules, 2, 0, max_paths=n - 1, guarantees=False)[0].startswith("unknown")
    # the detail counts the paths run and the questions asked: each path's, and one for its marks
    verdict, vacuity, detail = LM.prove_split(rules, 2, 0, guarantees=False)
    assert (verdict, vacuity, detail["paths"]) == ("proved", "sat", n)
    assert detail["checks"] == sum(p.run.checks for p in paths) + n, detail
    # and the result names the property, the method, the ruleset and the size (the report groups by them)
    result = LM.equivalence(rules, 2, guarantees_top=0)
    assert (result.prop, result.method, result.ruleset, result.n, result.ok) == (
        LM.PROP, "any-showdown without guarantees (paths)", "campli", 2, True), result
    assert result.detail["splits"]["2+0"] == {**detail, "seconds": result.detail["splits"]["2+0"]["seconds"]}


def test_the_vacuity_sample_is_a_known_run_where_it_fits_else_fools_and_cuckoos_first():
    for name in ("campli", "lu-stu", "here"):
        rules = preset(name)
        pack = PACKS[rules.pack]
        for m in (2, 3, 4, 5):
            known = sample_showdown(rules, m)
            live = [v for v, x in zip(known["vals"], known["live"]) if x]
            dead = [v for v, x in zip(known["vals"], known["dead_hand"]) if x]
            if len(live) + len(dead) == m:  # (every seat live or a dead hand: the split fits)
                assert LM._sample(rules, len(live), len(dead)) == live + dead, (name, m)
        # a split no known run has: the pack's fools and XVs (two of each, C1), then its lowest cards
        steering = [v for v in (FOOL_VALUE, CUCKOO_VALUE) if v in pack.values] * 2
        rest = [c.value for c in reversed(pack.cards)]
        for v in steering:
            rest.remove(v)
        sample = LM._sample(rules, 2, 3)
        assert sample == (steering + rest)[:5], (name, sample)
        if FOOL_VALUE in pack.values:  # a dead fool beside a live one
            assert FOOL_VALUE in sample[:2] and FOOL_VALUE in sample[2:], sample
