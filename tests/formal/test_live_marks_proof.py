"""The engine's own showdown scoring, ``scoring.live_marks``, proved equal to ``decide_plain``
by running it on symbolic values, path by path (``cucu_ref.assurance.formal.livemarks``): every preset
and every showdown reading at CI sizes, the proof able to fail (mutants of live_marks, a
vacuous premise, z3's ``unknown``), and the paths shown to cover every showdown."""

from __future__ import annotations

import inspect
import itertools
import operator
import re

import pytest
import z3

from cucu_ref.game import scoring
from cucu_ref.game.cards import PACKS, Card
from cucu_ref.assurance.formal import livemarks as LM
from cucu_ref.assurance.formal.plan import PROFILES, showdown_checks
from cucu_ref.game.rulesets import PRESETS, preset
from test_showdown import ALL


@pytest.mark.parametrize("rules", ALL, ids=lambda r: r.name + ("" if r in PRESETS.values() else "+variant"))
def test_z3_proves_live_marks_is_decide_plain(rules):
    for n in (2, 3):
        result = LM.equivalence(rules, n)
        assert result.ok, result.as_dict()
        assert result.vacuity == "sat" and set(result.detail["splits"]) == {f"{n - d}+{d}" for d in range(n + 1)}
        assert all(d["checks"] >= d["paths"] >= 1 for d in result.detail["splits"].values()), result.detail
    # and one card alone (a showdown after everyone else went out; the plan's sizes start at 2)
    for split in ((1, 0), (0, 1)):
        assert LM.prove_split(rules, *split)[:2] == ("proved", "sat"), split


def test_z3_proves_it_at_four_cards():
    # the four-player showdown, dead hands included
    result = LM.equivalence(preset("campli"), 4)
    assert result.ok, result.as_dict()


def test_the_plan_runs_it_with_the_showdown_up_to_each_profiles_size():
    assert PROFILES["ci"]["live_marks"] == 3 and PROFILES["long"]["live_marks"] >= 6
    props = [r.prop for r in showdown_checks(preset("here"), [2], 120_000, only={LM.PROP})]
    assert props == [LM.PROP]
    assert [r.prop for r in showdown_checks(preset("here"), [2], 120_000, only={LM.PROP}, live_marks_top=1)] == []


def _concrete_showdowns(rules, n_live, n_dead):
    values = sorted(set(PACKS[rules.pack].values))
    for combo in itertools.product(values, repeat=n_live + n_dead):
        if all(combo.count(v) <= PACKS[rules.pack].copies for v in set(combo)):
            for table in (2, n_live + n_dead + 1):
                yield list(combo), table


@pytest.mark.parametrize("rules,n_live,n_dead", [(preset("campli"), 2, 0), (preset("campli"), 1, 1),
                                                 (preset("lu-stu"), 2, 0), (preset("here"), 2, 0)])
def test_the_paths_cover_every_showdown_once_and_follow_the_plain_run(rules, n_live, n_dead):
    # every concrete showdown of the split meets exactly one path's condition, and live_marks
    # run on its plain values returns that path's marks
    sd = LM.showdowns(rules, n_live, n_dead)
    paths = [(z3.And(True, *p.run.condition), p.marks) for p in LM.explore(rules, n_live, n_dead)]
    assert len(paths) >= 2
    for vals, table in _concrete_showdowns(rules, n_live, n_dead):
        pins = [(v, z3.IntVal(x)) for v, x in zip(sd.vals, vals)] + [(sd.table, z3.IntVal(table))]
        held = [marks for cond, marks in paths if z3.is_true(z3.simplify(z3.substitute(cond, *pins)))]
        lost, gained = scoring.live_marks(rules, sd.seats[:n_live], vals[:n_live], table, vals[n_live:])
        assert held == [(tuple(lost), tuple(gained))], (vals, table)


SOURCE = inspect.getsource(scoring.live_marks)


def _mutated(monkeypatch, old, new):
    assert SOURCE.count(old) == 1, old
    namespace = dict(vars(scoring))
    exec(SOURCE.replace(old, new), namespace)
    monkeypatch.setattr(LM, "live_marks", namespace["live_marks"])
    return namespace["live_marks"]


@pytest.mark.parametrize("old,new,rules,n", [
    ("by_fool = fools if single else []", "by_fool = []", preset("campli"), 2),  # C3: the lone fool pays nothing
    ('rules.cuckoo_pair_exception != "yes" or table == 2', 'rules.cuckoo_pair_exception != "yes" or table >= 2',
     preset("campli", {"cuckoo_at_showdown": "compared"}), 3),  # K19 at any table (a dead hand beside the XVs)
    ("in_play += dead.count(FOOL_VALUE)", "in_play += 0", preset("campli", {"fools_in_play": "any-hand"}), 2),  # Q4
    ("chosen = chosen[:1]", "chosen = chosen[-1:]", preset("lu-stu"), 2),  # L3 read as R4
    ("_read(rules.fool_hint)", "pass", preset("campli"), 2),  # Z7 not read: the re-runs would differ
    ("rank.count(rank[0]) == n", "rank.count(rank[0]) >= 2", preset("here"), 3),  # Q11 with two alike
])
def test_a_bug_in_live_marks_fails_the_proof(monkeypatch, old, new, rules, n):
    broken = _mutated(monkeypatch, old, new)
    result = LM.equivalence(rules, n)
    assert result.verdict.startswith("refuted (split"), result.as_dict()
    # the counterexample is a showdown on which the broken function and the long way part
    n_live, n_dead = (int(x) for x in re.match(r"refuted \(split (\d+) live \+ (\d+) dead", result.verdict).groups())
    assert result.detail["splits"][f"{n_live}+{n_dead}"]["paths"] >= 1
    found = result.detail["counterexample"]
    cards, table = [int(c) for c in found["cards"]], int(found["table"])
    assert len(cards) == n_live + n_dead and table >= 2
    seats = LM.SEATS[:n_live + n_dead]
    lost, gained = broken(rules, seats[:n_live], cards[:n_live], table, cards[n_live:])
    family = PACKS[rules.pack].family
    long = scoring.evaluate(rules, [(s, Card(family, v)) for s, v in zip(seats, cards[:n_live])],
                            [(s, Card(family, v)) for s, v in zip(seats[n_live:], cards[n_live:])], table=table)
    assert found["live_marks"] == repr((tuple(lost), tuple(gained)))
    assert found["decide_plain"] == repr((long.losers, long.gainers))  # (proved the long way's)
    assert (tuple(lost), tuple(gained)) != (long.losers, long.gainers) or "reads" in found, found


def test_unknown_fails_and_the_vacuity_check_can_fail(monkeypatch):
    rules = preset("campli")
    # the premises pinned to a showdown they exclude (a third XV): the vacuity check fails
    monkeypatch.setattr(LM, "_sample", lambda rules, n_live, n_dead: [15, 15, 15][:n_live + n_dead])
    result = LM.equivalence(rules, 3)
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
    result = LM.equivalence(rules, 3)
    assert result.verdict.startswith("unknown") and not result.ok, result.as_dict()
    # as is a path count past the guard
    monkeypatch.undo()
    result = LM.equivalence(rules, 3, max_paths=5)
    assert result.verdict.startswith("unknown") and "paths" in result.verdict and not result.ok


def test_a_symbolic_value_follows_only_what_live_marks_does_with_it():
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
                     (x > y, x.t > y), (x >= y, x.t >= y), (operator.lt(3, x), x.t > 3), (3 * x, x.t * 3)):
        assert z3.eq(op.t, term) and op.paths is run, (op, term)
    with pytest.raises(TypeError):
        x + 1


def test_an_operation_a_symbolic_value_cannot_follow_fails_the_proof(monkeypatch):
    _mutated(monkeypatch, "compared = [r for r, v in zip(rank, vals) if v != FOOL_VALUE]",
             "compared = [r for r, v in zip(rank, vals) if v // 1 != FOOL_VALUE]")
    result = LM.equivalence(preset("campli"), 2)
    assert result.verdict.startswith("unknown") and "not followed" in result.verdict and not result.ok, result.verdict
