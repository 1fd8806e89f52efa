"""The engine's showdown, ``scoring.decide``, proved equal to the seeds' showdown by running it
on symbolic values, path by path (``cucu_ref.assurance.formal.livemarks``): the proof able to
fail (mutants, a vacuous premise, z3's ``unknown``, an operation it cannot follow), the paths
shown to cover every showdown once, and the plan running it at each profile's sizes.  Every
preset and reading is proved in test_showdown.py."""

from __future__ import annotations

import itertools
import operator

import pytest
import z3

from cucu_ref.assurance.formal import livemarks as LM
from cucu_ref.assurance.formal.plan import PROFILES, showdown_checks
from cucu_ref.game import scoring
from cucu_ref.game.cards import PACKS
from cucu_ref.game.rulesets import preset


def test_z3_proves_it_with_every_guarantee_beside_a_dead_hand():
    # two live cards and a dead hand, each live one guaranteed by nobody or by another (9
    # configs); three cards with every guarantee are the long profile's (2,365 paths, minutes)
    verdict, vacuity, detail = LM.prove_split(preset("lu-stu"), 2, 1)
    assert (verdict, vacuity) == ("proved", "sat") and detail["paths"] > 9, detail
    assert LM.equivalence(preset("here"), 3, guarantees_top=2).method == "any-showdown without guarantees (paths)"


def test_the_plan_runs_it_with_the_showdown_up_to_each_profiles_size():
    assert PROFILES["ci"]["live_marks"] == 3 and PROFILES["ci"]["guarantees"] == 2
    assert PROFILES["long"]["live_marks"] >= 6 and PROFILES["long"]["guarantees"] >= 3
    props = [r.prop for r in showdown_checks(preset("here"), [2], 120_000, only={LM.PROP})]
    assert props == [LM.PROP]
    assert [r.prop for r in showdown_checks(preset("here"), [2], 120_000, only={LM.PROP}, live_marks_top=1)] == []


def test_the_configs_enumerate_every_guarantee_and_hint():
    # K14/L7: a live position's guarantee names another position or none; Z7: the hints only
    # where a hinted gain is forfeited
    campli = LM.configs(preset("campli"), 2, 1)
    assert len(campli) == 3 * 3 and campli[0] == LM.Config((-1, -1, -1), ())
    assert all(k[2] == -1 and k[0] != 0 and k[1] != 1 for k, _ in campli)
    zeh = preset("zeh-1769")
    assert zeh.fool_hint == "forfeits-gain"
    assert {h for _, h in LM.configs(zeh, 2, 0)} == {(), (0,), (1,), (0, 1)}
    assert LM.configs(preset("coucou"), 3, 0) == [LM.Config((-1, -1, -1), ())]  # no inn's nulla (F1)


def _concrete_showdowns(rules, n_live, n_dead):
    values = sorted(set(PACKS[rules.pack].values))
    for combo in itertools.product(values, repeat=n_live + n_dead):
        if all(combo.count(v) <= PACKS[rules.pack].copies for v in set(combo)):
            for table in (2, n_live + n_dead + 1):
                yield list(combo), table


@pytest.mark.parametrize("rules,n_live,n_dead", [(preset("campli"), 2, 0), (preset("campli"), 1, 1),
                                                 (preset("lu-stu"), 2, 0), (preset("here"), 2, 0)])
def test_the_paths_cover_every_showdown_once_and_follow_the_plain_run(rules, n_live, n_dead):
    # every concrete showdown of the split meets exactly one path's condition, and decide run on
    # its plain values moves that path's marks
    sd = LM.showdowns(rules, n_live, n_dead)
    paths = [(z3.And(True, *p.run.condition), p.marks) for p in LM.explore(rules, n_live, n_dead)]
    assert len(paths) >= 2
    cuccu = PACKS[rules.pack].family == "cuccu"
    for vals, table in _concrete_showdowns(rules, n_live, n_dead):
        pins = [(v, z3.IntVal(x)) for v, x in zip(sd.vals, vals)] + [(sd.table, z3.IntVal(table))]
        held = [marks for cond, marks in paths if z3.is_true(z3.simplify(z3.substitute(cond, *pins)))]
        plain = LM.moved(scoring.decide(rules, cuccu, vals, n_live, n_dead, table=table), n_live + n_dead)
        assert held == [plain], (vals, table)


def test_unknown_fails_and_the_vacuity_check_can_fail(monkeypatch):
    rules = preset("campli")
    # the premises pinned to a showdown they exclude (a third XV): the vacuity check fails
    monkeypatch.setattr(LM, "_sample", lambda rules, n_live, n_dead: [15, 15, 15][:n_live + n_dead])
    result = LM.equivalence(rules, 3, guarantees_top=2)
    assert result.verdict == "proved" and not result.ok and "premises unsat" in result.vacuity, result.as_dict()
    monkeypatch.undo()
    # z3 answering 'unknown' (a timeout) is a failure, not a proof
    real = LM.Paths._possible
    calls = []

    def timid(self, c):
        calls.append(c)
        if len(calls) > 3:
            raise LM.Unknown("timeout")
        return real(self, c)

    monkeypatch.setattr(LM.Paths, "_possible", timid)
    result = LM.equivalence(rules, 3, guarantees_top=2)
    assert result.verdict.startswith("unknown") and not result.ok, result.as_dict()
    # as is a path count past the guard
    monkeypatch.undo()
    result = LM.equivalence(rules, 3, max_paths=5, guarantees_top=2)
    assert result.verdict.startswith("unknown") and "paths" in result.verdict and not result.ok


def test_a_symbolic_value_follows_only_what_decide_does_with_it():
    run = LM.Paths([], [], 1000)
    x = LM.Sym(z3.Int("x"), run)
    with pytest.raises(TypeError):
        hash(x)
    with pytest.raises(TypeError):
        x // 2  # (not defined: a proof meeting it fails)
    assert bool(2 * x == x * 2) is True and run.taken == []  # decided by simplification: no path split
    assert bool(x < 3) is True and run.pending == [[False]]  # both answers possible: the other kept
    y = z3.Int("y")
    for op, term in ((x == y, x.t == y), (x != y, x.t != y), (x < y, x.t < y), (x <= y, x.t <= y),
                     (x > y, x.t > y), (x >= y, x.t >= y), (operator.lt(3, x), x.t > 3), (3 * x, x.t * 3),
                     (x - 1, x.t - 1)):
        assert z3.eq(op.t, term) and op.paths is run, (op, term)
    with pytest.raises(TypeError):
        x + 1
    with pytest.raises(TypeError):
        x - x
    # a comparison's truth is asked, never compared or hashed (it would answer by identity)
    with pytest.raises(TypeError):
        operator.eq(x < y, True)
    with pytest.raises(TypeError):
        [x < y].count(True)


def test_an_operation_a_symbolic_value_cannot_follow_fails_the_proof(monkeypatch):
    import inspect
    import textwrap
    source = textwrap.dedent(inspect.getsource(scoring.find_lowest))
    old = "low = min(live)\n"
    assert source.count(old) == 1
    scope = dict(vars(scoring))
    exec(compile(source.replace(old, "low = min(live) // 1\n"), scoring.__file__, "exec"), scope)
    monkeypatch.setattr(scoring, "find_lowest", scope["find_lowest"])
    result = LM.equivalence(preset("campli"), 2, guarantees_top=0)
    assert result.verdict.startswith("unknown") and "not followed" in result.verdict and not result.ok, result.verdict
