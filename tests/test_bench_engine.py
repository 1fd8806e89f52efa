"""``benchmarks/bench_engine.py --baseline`` runs (a smoke test: benchmarks are never timed
in tests).  The baseline here is this very tree, imported a second time under another name:
both sides must play the same deals, step for step, and report every figure."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _bench():
    spec = importlib.util.spec_from_file_location("bench_engine", ROOT / "benchmarks" / "bench_engine.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_engine"] = module
    spec.loader.exec_module(module)
    return module


def test_compare_against_a_baseline_tree():
    bench = _bench()
    baseline = bench.load_baseline(ROOT)
    assert baseline.engine is not bench.CURRENT.engine  # two copies of the engine
    result = bench.compare(baseline, players=4, deals=40, seed=3, rounds=2, ruleset="campli")
    assert result["players"] == 4 and result["rounds"] == 2 and result["steps"] > 40
    for side in ("baseline", "current"):
        figures = result[side]
        assert figures["deals_per_cpu_second"] > 0 and figures["steps_per_cpu_second"] > figures["deals_per_cpu_second"]
        assert figures["scoring_us_per_deal"] > 0 and figures["peak_kib_per_deal"] > 0
    assert result["ratio_min"] <= result["ratio_median"] <= result["ratio_max"]


def test_the_driver_plays_the_same_deals_on_both_sides():
    bench = _bench()
    baseline = bench.load_baseline(ROOT)
    assert bench.play_deals(5, 30, 9, "lu-stu", baseline) == bench.play_deals(5, 30, 9, "lu-stu")


def test_a_tree_without_the_package_is_refused(tmp_path):
    bench = _bench()
    try:
        bench.load_baseline(tmp_path)
    except SystemExit as stop:
        assert "holds no cucu_ref package" in str(stop)
    else:
        raise AssertionError("an empty directory was taken for a baseline")


def test_the_parts_of_a_deal_cover_its_steps():
    # --parts: every step of the run falls in one part, and each side reports each part
    bench = _bench()
    baseline = bench.load_baseline(ROOT)
    recorded = bench.record_steps(4, 40, 3, "campli", bench.CURRENT)
    counts = bench.play_deals(4, 40, 3, "campli")
    assert sum(len(items) for items in recorded["parts"].values()) == counts["steps"]
    assert len(recorded["parts"]["the shuffle step"]) == len(recorded["shuffles"]) == 40
    rows = bench.parts_table(4, 40, 3, "campli", {"baseline": baseline, "current": bench.CURRENT}, repeat=1)
    # the steps' parts come first and their counts per deal add up to the run's steps; the
    # policy asked legal_actions once per decision (every step but the shuffles)
    step_rows = rows[:len(bench.PARTS)]
    assert [part for part, _, _ in step_rows] == list(bench.PARTS)
    assert round(sum(per_deal for _, per_deal, _ in step_rows) * 40) == counts["steps"]
    by_part = {part: per_deal for part, per_deal, _ in rows}
    assert round(by_part["the policy: legal_actions"] * 40) == counts["steps"] - 40
    assert by_part["the policy: shuffled_stack"] == 1.0
    assert all(set(by_side) == {"baseline", "current"} for _, _, by_side in rows)


def test_the_floor_stand_in_plays_the_same_run_without_the_rules():
    # --floor: the stand-in's States and events equal the engine's at every step of the
    # benchmark's run (floor() checks it before timing), and its rewind plays the run again
    bench = _bench()
    baseline = bench.load_baseline(ROOT)
    result = bench.floor(baseline, players=4, deals=30, seed=5, rounds=2, ruleset="lu-stu")
    assert set(result) >= {"baseline", "current", "floor"} and result["steps"] > 30
    for side in ("baseline", "current", "floor"):
        assert result[side]["deals_per_cpu_second"] > 0
        assert result[side]["ratio_min"] <= result[side]["ratio_median"] <= result[side]["ratio_max"]
    stand_in = bench.floor_api(5, 20, 8, "campli")
    real = []
    engine = bench.CURRENT

    def step(state, chosen):
        real.append(engine.step(state, chosen))
        return real[-1]

    bench.play_deals(5, 20, 8, "campli", bench.SimpleNamespace(**{**vars(engine), "step": step}))
    played = []

    def stand_in_step(state, chosen, inner=stand_in.step):
        played.append(inner(state, chosen))
        return played[-1]

    stand_in.step = stand_in_step
    bench.play_deals(5, 20, 8, "campli", stand_in)
    assert played == real and all(type(a) is type(b) for (a, _), (b, _) in zip(played, real))


def test_the_floor_refuses_a_stand_in_that_leaves_the_run(monkeypatch):
    # the check before timing can fail: a stand-in whose recorded step is wrong is refused
    bench = _bench()
    original = bench.floor_api

    def broken(*args, **kwargs):
        stand_in = original(*args, **kwargs)
        rewind = stand_in.rewind

        def rewind_broken():
            rewind()
            inner = stand_in.step
            stand_in.step = lambda state, chosen: (inner(state, chosen)[0].replace(pot=-1), ())

        stand_in.rewind = rewind_broken
        rewind_broken()
        return stand_in

    monkeypatch.setattr(bench, "floor_api", broken)
    try:
        bench.floor(bench.load_baseline(ROOT), players=4, deals=5, seed=1, rounds=1, ruleset="campli")
    except SystemExit as stop:
        assert "left the benchmark's run" in str(stop)
    else:
        raise AssertionError("a wrong stand-in was timed")


def test_the_instructions_child_runs_each_side(monkeypatch):
    # --instructions: the child process a callgrind count runs plays the benchmark's run of
    # each side inside sys.call_tracing (the call valgrind is told to count), warm-up outside it
    bench = _bench()
    traced = []
    monkeypatch.setattr(bench.sys, "call_tracing", lambda run, args: traced.append(run(*args)))
    monkeypatch.setattr(bench.gc, "freeze", lambda: None)  # (the test process's heap stays as it is)
    for side, mode in (("current", "step"), ("current", "advance"), ("current", "play_out"),
                       ("baseline", "step"), ("floor", "step")):
        assert bench.main(["--instructions-child", side, "--players", "4", "--deals", "7", "--seed", "3",
                           "--mode", mode, "--baseline", str(ROOT)]) == 0
    assert [run["deals"] for run in traced] == [7] * 5
    assert len({run["steps"] for run in traced}) == 1  # the same deals, whichever side and mode


def test_instructions_per_deal_is_the_difference_of_two_counts(monkeypatch):
    # the count of `deals` deals less that of a quarter of them, per deal between; each count
    # read from callgrind's "Collected" line of a child run under valgrind
    bench = _bench()
    runs = []

    def fake_valgrind(command, **kwargs):
        deals = int(command[command.index("--deals") + 1])
        runs.append((command[command.index("--instructions-child") + 1], deals, kwargs["env"]["PYTHONHASHSEED"]))
        return bench.subprocess.CompletedProcess(command, 0, "", f"==1== Collected : {1000 + 50 * deals}\n")

    monkeypatch.setattr(bench.subprocess, "run", fake_valgrind)
    result = bench.instructions(4, 40, 3, "campli", "step", ROOT, floor_too=True)
    assert result["current"] == result["baseline"] == result["floor"] == 50
    assert result["ratios"] == {"current": 1.0, "floor": 1.0}
    assert runs == [(side, n, "0") for side in ("current", "baseline", "floor") for n in (40, 10)]
