#!/usr/bin/env python3
"""Engine throughput: seeded random Campli deals per second on one core.

Each deal runs from a shuffle to the next shuffle: a seeded random stack, then every
decision drawn uniformly from :func:`cucu_ref.game.engine.legal_actions` (buy-back
decisions included), all from one ``random.Random`` stream, as
:func:`cucu_ref.game.playout.random_action` draws them.  When a match ends, a new one starts
at the same table.  Timing uses ``time.perf_counter``; peak
memory is measured in a separate, shorter pass under ``tracemalloc`` (which slows
Python down, so it is never timed), and the process's peak RSS is reported as well.

    python benchmarks/bench_engine.py                 # 4 and 20 players, 20 000 deals each
    python benchmarks/bench_engine.py --deals 2000 --players 4 --json
    python benchmarks/bench_engine.py --profile 4     # cProfile of a 4-player run
    python benchmarks/bench_engine.py --baseline /tmp/engine-base   # against an earlier commit
    python benchmarks/bench_engine.py --parts 4 --baseline /tmp/engine-base   # where a deal's time goes
    python benchmarks/bench_engine.py --instructions --deals 400 --players 4 --baseline /tmp/engine-base --floor

``--baseline DIR`` compares this tree's engine with the one in ``DIR`` (a checkout of an
earlier commit, e.g. ``git worktree add /tmp/engine-base <commit>`` or ``git archive <commit>
| tar -x -C DIR``), both in this process: the earlier package is imported under another name,
both are driven by the same code below with the same seed (so they play the same deals and
the step counts must agree), and they run in turns, ``--rounds`` times, alternating which
goes first, each turn timed in CPU seconds of this process.  It prints each side's deals and
steps per CPU second (the best turn), the median of the per-round ratios (the speed-up) with
its range, tracemalloc's peak per side, and how much of a deal the showdown's scoring
(``scoring.evaluate``, and ``scoring.live_marks`` where the engine calls it; each engine's
own package's) takes.  ``--parts PLAYERS`` replays each part of a deal alone instead (the
steps by kind, the policy's calls, the scoring).

``--instructions`` counts instructions per deal under callgrind instead of timing (valgrind
needed; each count in a child process, ``PYTHONHASHSEED=0``, address randomisation off, a
warm-up and the collector frozen, only the run itself counted): the count of ``--deals``
deals less that of a quarter of them, per deal between.  A count is not moved by the load of
a shared machine, so small differences between two trees can be told apart.

The target named in the README is at least 20 000 four-player deals per second.
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import gc
import importlib.util
import io
import json
import os
import platform
import pstats
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

# Run from a checkout without installing: the package sits next to this folder.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cucu_ref
import cucu_ref.game.engine
import cucu_ref.game.rulesets
import cucu_ref.game.state

TARGET_4P_DEALS_PER_SECOND = 20_000


def game_module(package: ModuleType, name: str) -> ModuleType:
    """The game module ``name`` of one copy of the package: ``cucu_ref.game.NAME`` since the
    layers (issue 23), ``cucu_ref.NAME`` in a baseline from before them."""
    for dotted in (f"{package.__name__}.game.{name}", f"{package.__name__}.{name}"):
        if dotted in sys.modules:
            return sys.modules[dotted]
    return importlib.import_module(f"{package.__name__}.game.{name}")


def engine_api(package: ModuleType) -> SimpleNamespace:
    """The public names the driver uses, from one copy of the package (this tree's or an
    earlier commit's): only what every version of the engine has had."""
    engine, rulesets, state = (game_module(package, name) for name in ("engine", "rulesets", "state"))
    try:  # where the engine calls the showdown's scoring: its rulebook since issue 26, else itself
        scores = importlib.import_module(f"{package.__name__}.game.rulebook.showdown")
    except ImportError:
        scores = engine
    return SimpleNamespace(
        name=package.__name__, engine=engine, version=package.__version__, scores=scores,
        advance=getattr(engine, "advance", None), play_out=getattr(engine, "play_out", None),
        preset=rulesets.preset,
        phase=state.Phase,
        action=state.Action,
        new_match=engine.new_match, step=engine.step, legal_actions=engine.legal_actions,
        shuffled_stack=engine.shuffled_stack,
    )


CURRENT = engine_api(cucu_ref)


def generated_api(api: SimpleNamespace = CURRENT) -> SimpleNamespace:
    """This tree's engine stepped by the steps generated per decision from the rulebook
    (:mod:`cucu_ref.game.compiled`, issue 26's experiment; ``--generated``): ``step``,
    ``advance``, and ``play_out`` over one live table (with ``--play-out``)."""
    compiled = importlib.import_module(f"{api.name}.game.compiled")
    return SimpleNamespace(**{**vars(api), "step": compiled.step, "advance": compiled.advance,
                              "play_out": compiled.play_out, "name": f"{api.name} (generated)"})


def load_baseline(root: Path) -> SimpleNamespace:
    """Import the package of the checkout at ``root`` as ``cucu_ref_baseline`` (its modules
    import each other relatively, so they resolve inside that copy)."""
    init = root / "cucu_ref" / "__init__.py"
    if not init.is_file():
        raise SystemExit(f"{root} holds no cucu_ref package")
    spec = importlib.util.spec_from_file_location("cucu_ref_baseline", init,
                                                  submodule_search_locations=[str(init.parent)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return engine_api(module)


def play_deals(players: int, deals: int, seed: int, ruleset: str = "campli",
               api: SimpleNamespace = CURRENT, events: bool = True) -> dict[str, int]:
    """Play ``deals`` random deals at a table of ``players``; count steps and matches.

    One ``random.Random`` stream drives the whole run, drawing as
    :func:`cucu_ref.game.playout.random_action` does: a seeded shuffle
    (``shuffled_stack(rules, rng)``) at each chance node, otherwise a uniform legal decision
    (``actions[rng.randrange(len(actions))]``), each applied with ``step``; a deal is
    counted at each shuffle.  The same code drives every engine compared.  ``events=False``:
    where the engine has ``advance`` (the step without events, issue 26), each step is taken
    by it instead (an engine without one steps as before)."""
    rules = api.preset(ruleset)
    names = [f"player-{i}" for i in range(players)]
    rng = random.Random(seed)
    step, legal_actions, shuffled_stack, action = api.step, api.legal_actions, api.shuffled_stack, api.action
    advance = None if events else getattr(api, "advance", None)
    shuffle, match_over = api.phase.SHUFFLE, api.phase.MATCH_OVER
    state = api.new_match(rules, names)
    steps = matches = played = 0
    while True:
        phase = state.phase
        if phase == match_over:
            state = api.new_match(rules, names)
            matches += 1
            phase = state.phase
        if phase == shuffle:
            if played == deals:
                break
            played += 1
            chosen = action("shuffle", stack=shuffled_stack(state.rules, rng))
        else:
            actions = legal_actions(state)
            chosen = actions[rng.randrange(len(actions))]
        if advance is None:
            state, _ = step(state, chosen)
        else:
            state = advance(state, chosen)
        steps += 1
    return {"deals": played, "steps": steps, "matches_finished": matches}


def play_deals_out(players: int, deals: int, seed: int, ruleset: str = "campli",
                   api: SimpleNamespace = CURRENT) -> dict[str, int]:
    """:func:`play_deals`' run (the same policy drawing from the same stream, so the same deals)
    played by the engine's ``play_out`` (issue 26: one live table, no events, no State between
    the steps), a match at a time; for an engine without it, :func:`play_deals`."""
    if api.play_out is None:
        return play_deals(players, deals, seed, ruleset, api)
    rules = api.preset(ruleset)
    names = [f"player-{i}" for i in range(players)]
    rng = random.Random(seed)
    legal_actions, shuffled_stack, action = api.legal_actions, api.shuffled_stack, api.action
    shuffle, match_over = api.phase.SHUFFLE, api.phase.MATCH_OVER
    played = 0

    def choose(table: Any) -> Any:
        nonlocal played
        if table.phase == shuffle:
            played += 1
            return action("shuffle", stack=shuffled_stack(table.rules, rng))
        actions = legal_actions(table)
        return actions[rng.randrange(len(actions))]

    def until(table: Any, steps: int) -> bool:
        return table.phase == match_over or (table.phase == shuffle and played == deals)

    state = api.new_match(rules, names)
    steps = matches = 0
    while True:
        state, taken = api.play_out(state, choose, until, 1 << 62)
        steps += taken
        if state.phase != match_over:
            break
        state = api.new_match(rules, names)
        matches += 1
    return {"deals": played, "steps": steps, "matches_finished": matches}


def peak_memory(players: int, deals: int, seed: int, ruleset: str, api: SimpleNamespace = CURRENT) -> float:
    """tracemalloc's peak (KiB) while ``deals`` deals are played in one run, measured apart
    because tracemalloc is slow."""
    gc.collect()
    tracemalloc.start()
    play_deals(players, deals, seed, ruleset, api)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return round(peak / 1024, 1)


def peak_memory_per_deal(players: int, deals: int, seed: int, ruleset: str,
                         api: SimpleNamespace = CURRENT) -> float:
    """The most memory (KiB, tracemalloc) one deal holds at a time above what was held before
    it: for each of ``deals`` fresh matches, the peak while its first deal is played, less the
    memory in use when it began; the largest of these."""
    play_deals(players, 1, seed, ruleset, api)  # first calls fill the caches outside the count
    gc.collect()
    tracemalloc.start()
    worst = 0
    for i in range(deals):
        tracemalloc.reset_peak()
        before, _ = tracemalloc.get_traced_memory()
        play_deals(players, 1, seed + i, ruleset, api)
        _, peak = tracemalloc.get_traced_memory()
        worst = max(worst, peak - before)
    tracemalloc.stop()
    return round(worst / 1024, 1)


def measure(players: int, deals: int, seed: int, repeat: int, ruleset: str) -> dict[str, Any]:
    # warm-up: caches (pack tables, Rules.role_of) and the interpreter's specialisation
    play_deals(players, min(deals, 500), seed + 1, ruleset)
    best = None
    counts: dict[str, int] = {}
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        counts = play_deals(players, deals, seed, ruleset)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    assert best is not None
    memory_deals = min(deals, 2_000)
    return {
        "ruleset": ruleset,
        "players": players,
        "deals": counts["deals"],
        "steps": counts["steps"],
        "matches_finished": counts["matches_finished"],
        "seconds": round(best, 4),
        "deals_per_second": round(counts["deals"] / best),
        "steps_per_second": round(counts["steps"] / best),
        "steps_per_deal": round(counts["steps"] / counts["deals"], 2),
        "tracemalloc_peak_kib": peak_memory(players, memory_deals, seed, ruleset),
        "tracemalloc_deals": memory_deals,
        "peak_kib_per_deal": peak_memory_per_deal(players, 200, seed, ruleset),
    }


SCORING = ("evaluate", "live_marks")  # the scoring functions an engine may call (live_marks: not in earlier engines)


def scoring_calls(players: int, deals: int, seed: int, ruleset: str,
                  api: SimpleNamespace) -> list[tuple[Any, tuple[Any, ...], dict[str, Any]]]:
    """The engine's calls of the showdown's scoring (``scoring.evaluate``, and
    ``scoring.live_marks`` where the engine has it) in the benchmark's run, recorded:
    (function, args, kwargs)."""
    engine = api.scores
    originals = {name: getattr(engine, name) for name in SCORING if hasattr(engine, name)}
    calls: list[tuple[Any, tuple[Any, ...], dict[str, Any]]] = []

    def recorder(original: Any) -> Any:
        def record(*args: Any, **kwargs: Any) -> Any:
            calls.append((original, args, kwargs))
            return original(*args, **kwargs)
        return record

    for name, original in originals.items():
        setattr(engine, name, recorder(original))
    try:
        play_deals(players, deals, seed, ruleset, api)
    finally:
        for name, original in originals.items():
            setattr(engine, name, original)
    return calls


def replay_scoring(calls: list[tuple[Any, tuple[Any, ...], dict[str, Any]]]) -> None:
    for function, args, kwargs in calls:
        function(*args, **kwargs)


def scoring_share(players: int, deals: int, seed: int, ruleset: str, api: SimpleNamespace) -> float:
    """CPU microseconds per deal spent in the showdown's scoring: its calls are recorded in an
    untimed pass, then replayed alone.  Each engine calls its own package's ``scoring``."""
    calls = scoring_calls(players, deals, seed, ruleset, api)
    gc.collect()
    start = time.process_time()
    replay_scoring(calls)
    return (time.process_time() - start) / deals * 1e6


def compare(baseline: SimpleNamespace, players: int, deals: int, seed: int, rounds: int,
            ruleset: str, mode: str = "step", generated: bool = False) -> dict[str, Any]:
    """Both engines (``generated``: and this tree's generated steps, :func:`generated_api`) in
    turns on the same deals; per-round ratios of CPU time.  ``mode``: each
    engine steps by ``step`` (with events), or where it has them (issue 26) by ``advance``
    (``--no-events``: no events, a State per step) or ``play_out`` (``--play-out``: no events,
    one live table a match); an engine without one steps by ``step``."""
    sides = {"baseline": baseline, "current": CURRENT}
    if generated:
        sides["generated"] = generated_api()

    def run(api: SimpleNamespace, n: int, at: int) -> dict[str, int]:
        if mode == "play_out":
            return play_deals_out(players, n, at, ruleset, api)
        return play_deals(players, n, at, ruleset, api, mode == "step")

    for api in sides.values():  # warm-up
        run(api, min(deals, 500), seed + 1)
    cpu: dict[str, list[float]] = {side: [] for side in sides}
    counts: dict[str, dict[str, int]] = {}
    for r in range(rounds):
        for side in (list(sides) if r % 2 == 0 else list(reversed(sides))):
            gc.collect()
            start = time.process_time()
            counts[side] = run(sides[side], deals, seed)
            cpu[side].append(time.process_time() - start)
    if any(count != counts["baseline"] for count in counts.values()):
        raise SystemExit(f"the engines played different games: {counts}")
    ratios = [b / c for b, c in zip(cpu["baseline"], cpu["current"])]
    memory_deals = min(deals, 2_000)
    result: dict[str, Any] = {"players": players, "deals": deals, "steps": counts["current"]["steps"],
                              "stepped_by": {side: _stepped_by(api, mode) for side, api in sides.items()},
                              "rounds": rounds, "ratio_median": round(statistics.median(ratios), 2),
                              "ratio_min": round(min(ratios), 2), "ratio_max": round(max(ratios), 2)}
    for side, api in sides.items():
        best = min(cpu[side])
        result[side] = {
            "deals_per_cpu_second": round(deals / best),
            "steps_per_cpu_second": round(counts[side]["steps"] / best),
            "us_per_deal": round(best / deals * 1e6, 2),
            "tracemalloc_peak_kib": peak_memory(players, memory_deals, seed, ruleset, api),
            "peak_kib_per_deal": peak_memory_per_deal(players, 200, seed, ruleset, api),
            "scoring_us_per_deal": round(scoring_share(players, min(deals, 5_000), seed, ruleset, api), 2),
        }
        if side != "baseline":
            side_ratios = [b / c for b, c in zip(cpu["baseline"], cpu[side])]
            result[side].update(ratio_median=round(statistics.median(side_ratios), 2),
                                ratio_min=round(min(side_ratios), 2), ratio_max=round(max(side_ratios), 2))
    return result


def _stepped_by(api: SimpleNamespace, mode: str) -> str:
    """How ``api``'s engine is stepped in ``mode``: its ``step``, ``advance`` or ``play_out``."""
    if mode == "play_out" and api.play_out is not None:
        return "play_out (no events, one live table)"
    if mode == "advance" and api.advance is not None:
        return "advance (no events)"
    return "step (with events)"


def print_comparison(baseline_root: Path, results: list[dict[str, Any]], ruleset: str, pinned: str) -> None:
    print(f"engine of {Path(__file__).resolve().parent.parent} against the baseline in {baseline_root}")
    print(f"ruleset {ruleset}, {pinned}, CPU time of this process, best turn per side, "
          f"ratio = median over rounds of baseline time / current time")
    if results:
        print("stepped by: " + ", ".join(f"{side} {how}" for side, how in results[0]["stepped_by"].items()))
    print(f"{'players':>7} {'side':>9} {'deals/s':>9} {'steps/s':>9} {'us/deal':>8} {'scoring':>8} "
          f"{'peak KiB':>9} {'KiB/deal':>9}")
    for r in results:
        sides = [side for side in ("baseline", "current", "generated") if side in r]
        for side in sides:
            x = r[side]
            print(f"{r['players']:>7} {side:>9} {x['deals_per_cpu_second']:>9} {x['steps_per_cpu_second']:>9} "
                  f"{x['us_per_deal']:>8} {x['scoring_us_per_deal']:>8} {x['tracemalloc_peak_kib']:>9} "
                  f"{x['peak_kib_per_deal']:>9}")
        for side in sides[1:]:
            x = r[side]
            print(f"{r['players']:>7} {'speed-up':>9} {x['ratio_median']:>8}x  "
                  f"(range {x['ratio_min']}-{x['ratio_max']} over {r['rounds']} rounds of {r['deals']} deals, "
                  f"{r['steps']} steps each: {side})")
    print("scoring: CPU us per deal in the showdown's scoring (each engine's own, replayed alone); "
          "peak KiB: tracemalloc's")
    print("peak over a run of up to 2,000 deals; KiB/deal: the most one deal holds above what was held before it")


def record_steps(players: int, deals: int, seed: int, ruleset: str, api: SimpleNamespace) -> dict[str, Any]:
    """The benchmark's run (:func:`play_deals` itself, driving ``api``'s engine through
    recording wrappers), its steps recorded by part: (state, action) pairs of each kind of
    step, the states the policy asked ``legal_actions`` of, the rules of each shuffle."""
    parts: dict[str, list[Any]] = {name: [] for name in PARTS}
    asked: list[Any] = []
    shuffles: list[Any] = []

    def step(state: Any, chosen: Any) -> Any:
        if chosen.kind == "shuffle":
            shuffles.append(state.rules)
            part = "the shuffle step"
        elif chosen.kind in ("keep", "exchange-with-stack") and chosen.seat == state.dealer:
            part = "the dealer's decision, the showdown, the next deal"
        else:
            part = {"keep": "keeps", "offer": "offers"}.get(chosen.kind, "other decisions")
        parts[part].append((state, chosen))
        return api.step(state, chosen)

    def legal_actions(state: Any) -> Any:
        asked.append(state)
        return api.legal_actions(state)

    play_deals(players, deals, seed, ruleset, SimpleNamespace(**{**vars(api), "step": step,
                                                                 "legal_actions": legal_actions}))
    return {"parts": parts, "asked": asked, "shuffles": shuffles}


PARTS = ("the shuffle step", "keeps", "offers", "the dealer's decision, the showdown, the next deal",
         "other decisions")


def parts_table(players: int, deals: int, seed: int, ruleset: str, sides: dict[str, SimpleNamespace],
                repeat: int = 7) -> list[tuple[str, float, dict[str, float]]]:
    """Where a deal's time goes: each part of the benchmark's run replayed alone (the same
    states and actions, results dropped at once), CPU microseconds per deal, best of
    ``repeat``, for each side: (part, how many of it per deal, side -> us per deal)."""
    recorded = {name: record_steps(players, deals, seed, ruleset, api) for name, api in sides.items()}

    def best(run: Any, *args: Any) -> float:
        times = []
        for _ in range(repeat):
            gc.collect()
            start = time.process_time()
            run(*args)
            times.append(time.process_time() - start)
        return min(times) / deals * 1e6

    def steps(step: Any, items: list[Any]) -> None:
        for state, action in items:
            step(state, action)

    def asked(legal_actions: Any, states: list[Any]) -> None:
        for state in states:
            legal_actions(state)

    def shuffled(shuffled_stack: Any, rules: list[Any]) -> None:
        rng = random.Random(seed)
        for r in rules:
            shuffled_stack(r, rng)

    first = next(iter(recorded.values()))
    rows: list[tuple[str, float, dict[str, float]]] = [
        (part, len(first["parts"][part]) / deals,
         {name: best(steps, sides[name].step, rec["parts"][part]) for name, rec in recorded.items()})
        for part in PARTS]
    rows.append(("the policy: legal_actions", len(first["asked"]) / deals,
                 {name: best(asked, sides[name].legal_actions, rec["asked"]) for name, rec in recorded.items()}))
    rows.append(("the policy: shuffled_stack", 1.0, {
        name: best(shuffled, sides[name].shuffled_stack, rec["shuffles"]) for name, rec in recorded.items()}))
    calls = {name: scoring_calls(players, deals, seed, ruleset, api) for name, api in sides.items()}
    rows.append(("of the dealer's part: the scoring", len(calls[next(iter(calls))]) / deals, {
        name: best(replay_scoring, calls[name]) for name in sides}))
    return rows


def floor_api(players: int, deals: int, seed: int, ruleset: str,
              api: SimpleNamespace = CURRENT) -> SimpleNamespace:
    """A stand-in engine for the contract's floor (``--floor``): it plays the benchmark's own
    run of ``api``'s engine back, doing only what *any* engine that keeps the contracts must do
    at each step, and none of the rules.

    Recorded first (untimed): for each step, the next State's fields from the first to the last
    that changed, and the fields of each Event.  The stand-in's ``step`` then builds the new
    State from the old one (its fields sliced, the changed span put in: the values come free,
    computed by nobody) and builds every Event and the events' tuple, as the contracts require
    (State a NamedTuple of its fields: 24 before issue 26's reshape, 10 since, three of them
    parts reused by reference; every event built by default); its ``legal_actions`` hands back
    the recorded tuple.  The benchmark's policy is kept as it is (``shuffled_stack``
    with its seeded permutation, ``randrange`` per decision, the Action of the shuffle).  So the
    stand-in is faster than any real engine with these contracts: no rule is applied, no hand,
    custody or stack is computed, no legal action is worked out, and fields that did not change
    inside the span cost nothing.  ``rewind()`` makes it play the run again from the start."""
    new = tuple.__new__
    state_type, event_type = api.engine.State, api.engine.Event
    spans: list[tuple[int, tuple[Any, ...], int, tuple[tuple[Any, ...], ...]]] = []
    legal: list[Any] = []

    def recording_step(state: Any, chosen: Any) -> Any:
        after, events = api.step(state, chosen)
        changed = [i for i, (a, b) in enumerate(zip(state, after)) if a is not b]
        lo, hi = (changed[0], changed[-1] + 1) if changed else (0, 0)
        spans.append((lo, tuple(after[lo:hi]), hi, tuple(tuple(e) for e in events)))
        return after, events

    def recording_legal(state: Any) -> Any:
        actions = api.legal_actions(state)
        legal.append(actions)
        return actions

    play_deals(players, deals, seed, ruleset,
               SimpleNamespace(**{**vars(api), "step": recording_step, "legal_actions": recording_legal}))
    stand_in = SimpleNamespace(**vars(api))
    make_event = functools.partial(new, event_type)

    def rewind() -> None:
        next_span, next_legal = iter(spans).__next__, iter(legal).__next__

        def step(state: Any, chosen: Any) -> Any:
            lo, span, hi, fields = next_span()
            return new(state_type, state[:lo] + span + state[hi:]), tuple(map(make_event, fields))

        stand_in.step = step
        stand_in.legal_actions = lambda state: next_legal()

    stand_in.rewind = rewind
    rewind()
    return stand_in


def floor(baseline: SimpleNamespace, players: int, deals: int, seed: int, rounds: int,
          ruleset: str, generated: bool = False) -> dict[str, Any]:
    """The baseline's engine, this tree's and the contract's floor (:func:`floor_api`) on the
    same deals, in turns; the floor's ratio is the most any engine keeping the contracts could
    show against the baseline on this benchmark.  The floor's States are checked equal to this
    tree's, step by step, before anything is timed."""
    stand_in = floor_api(players, deals, seed, ruleset)
    check = SimpleNamespace(**vars(stand_in))
    real_step = CURRENT.step

    def checked_step(state: Any, chosen: Any) -> Any:
        got, events = stand_in.step(state, chosen)
        want, want_events = real_step(state, chosen)
        if got != want or events != want_events or type(got) is not type(want):
            raise SystemExit(f"the floor's stand-in left the benchmark's run at {chosen!r}")
        return got, events

    check.step = checked_step
    play_deals(players, deals, seed, ruleset, check)
    sides = {"baseline": baseline, "current": CURRENT, "floor": stand_in}
    if generated:
        sides["generated"] = generated_api()
    cpu: dict[str, list[float]] = {side: [] for side in sides}
    counts: dict[str, dict[str, int]] = {}
    for r in range(rounds):
        names = list(sides) if r % 2 == 0 else list(reversed(sides))
        for side in names:
            stand_in.rewind()
            gc.collect()
            start = time.process_time()
            counts[side] = play_deals(players, deals, seed, ruleset, sides[side])
            cpu[side].append(time.process_time() - start)
    if len({json.dumps(c, sort_keys=True) for c in counts.values()}) != 1:
        raise SystemExit(f"the sides played different games: {counts}")
    result: dict[str, Any] = {"players": players, "deals": deals, "rounds": rounds,
                              "steps": counts["current"]["steps"]}
    for side in sides:
        best = min(cpu[side])
        ratios = [b / c for b, c in zip(cpu["baseline"], cpu[side])]
        result[side] = {"deals_per_cpu_second": round(deals / best), "us_per_deal": round(best / deals * 1e6, 2),
                        "ratio_median": round(statistics.median(ratios), 2),
                        "ratio_min": round(min(ratios), 2), "ratio_max": round(max(ratios), 2)}
    return result


def print_floor(baseline_root: Path, results: list[dict[str, Any]], ruleset: str, pinned: str) -> None:
    print(f"the contract's floor against the baseline in {baseline_root} (ruleset {ruleset}, {pinned}, CPU time,")
    print("best turn per side; ratio = median over rounds of the baseline's time / the side's time)")
    print(f"{'players':>7} {'side':>9} {'deals/s':>9} {'us/deal':>8} {'ratio':>6}  range")
    for r in results:
        for side in ("baseline", "current", "generated", "floor"):
            if side not in r:
                continue
            x = r[side]
            print(f"{r['players']:>7} {side:>9} {x['deals_per_cpu_second']:>9} {x['us_per_deal']:>8} "
                  f"{x['ratio_median']:>5}x  {x['ratio_min']}-{x['ratio_max']}")
    print("floor: the benchmark's policy and shuffle as they are, and per step only the new State (its fields)")
    print("and its events built, from values recorded beforehand (no rule applied): no engine that keeps")
    print("State's fields and its default events can be faster on this benchmark")


def print_parts(players: int, deals: int, rows: list[tuple[str, float, dict[str, float]]]) -> None:
    names = list(rows[0][2])
    print(f"where a {players}-player deal's time goes ({deals} deals replayed by part, CPU us per deal, best of 7)")
    print(f"{'part':52} {'per deal':>8} " + " ".join(f"{n:>10}" for n in names))
    for part, per_deal, by_side in rows:
        print(f"{part:52} {per_deal:>8.2f} " + " ".join(f"{by_side[n]:>10.2f}" for n in names))


def pin_to_one_core() -> str:
    """Pin the process to one CPU where the OS allows it (Linux); say what happened."""
    if hasattr(os, "sched_setaffinity"):
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    return "not pinned (no sched_setaffinity on this OS)"


def peak_rss_mib() -> float:
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    # Linux reports KiB, macOS bytes
    return round(rss / (1024 * 1024) if sys.platform == "darwin" else rss / 1024, 1)


def profile(players: int, deals: int, seed: int, ruleset: str, top: int) -> str:
    profiler = cProfile.Profile()
    profiler.enable()
    play_deals(players, deals, seed, ruleset)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats(top)
    return out.getvalue()


# --------------------------------------------------------------------------- instructions (callgrind)

# The sides --instructions counts: this tree stepped as asked, the baseline's engine, the floor
INSTRUCTION_SIDES = ("current", "generated", "baseline", "floor")


def instructions_child(side: str, players: int, deals: int, seed: int, ruleset: str, mode: str,
                       baseline: Path | None) -> None:
    """The run one callgrind count measures (``--instructions``' child process): a warm-up of 30
    deals (another seed), the collector frozen, then ``deals`` deals of the benchmark's run
    inside ``sys.call_tracing``, the call valgrind is told to count (``--toggle-collect``)."""
    if side == "floor":
        stand_in = floor_api(players, deals, seed, ruleset)
        stand_in.rewind()
        play_deals(players, deals, seed, ruleset, stand_in)  # (the warm-up: the recorded run once)
        stand_in.rewind()
        run: Any = functools.partial(play_deals, players, deals, seed, ruleset, stand_in)
    else:
        api = load_baseline(baseline.resolve()) if side == "baseline" and baseline is not None else CURRENT
        if side == "generated":
            api = generated_api()
        if mode == "play_out":
            def drive(n: int, s: int) -> Any:
                return play_deals_out(players, n, s, ruleset, api)
        else:
            def drive(n: int, s: int) -> Any:
                return play_deals(players, n, s, ruleset, api, events=mode == "step")
        drive(30, seed + 1)
        run = functools.partial(drive, deals, seed)
    gc.collect()
    gc.freeze()
    sys.call_tracing(run, ())


def count_instructions(side: str, players: int, deals: int, seed: int, ruleset: str, mode: str,
                       baseline: Path | None) -> int:
    """The instructions callgrind counts in :func:`instructions_child`'s timed call, run in a child
    process under valgrind with ``PYTHONHASHSEED=0`` and (where ``setarch`` is found) address
    randomisation off, so that a count repeats to the instruction."""
    child = [sys.executable, str(Path(__file__).resolve()), "--instructions-child", side, "--players", str(players),
             "--deals", str(deals), "--seed", str(seed), "--ruleset", ruleset, "--mode", mode]
    if baseline is not None:
        child += ["--baseline", str(baseline)]
    with tempfile.TemporaryDirectory() as scratch:
        command = ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=sys_call_tracing",
                   f"--callgrind-out-file={scratch}/callgrind.out", *child]
        if shutil.which("setarch"):
            command = ["setarch", platform.machine(), "-R", *command]
        done = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"callgrind failed on {side} ({done.returncode}): {done.stderr[-2000:]}")
    return int(found.group(1))


def instructions(players: int, deals: int, seed: int, ruleset: str, mode: str, baseline: Path | None,
                 floor_too: bool, generated: bool = False) -> dict[str, Any]:
    """Instructions per deal (callgrind) of each side: the count of ``deals`` deals less the
    count of a quarter of them, divided by the deals between (the start and the interpreter's
    own work cancel out).  Unlike time, a count is not moved by the machine's load."""
    sides = [s for s in INSTRUCTION_SIDES if s == "current" or (s == "baseline" and baseline is not None)
             or (s == "floor" and floor_too) or (s == "generated" and generated)]
    small = max(1, deals // 4)
    result: dict[str, Any] = {"players": players, "deals": deals, "mode": mode}
    for side in sides:
        counts = [count_instructions(side, players, n, seed, ruleset, mode, baseline) for n in (deals, small)]
        result[side] = (counts[0] - counts[1]) // (deals - small)
    if "baseline" in result:
        result["ratios"] = {side: round(result["baseline"] / result[side], 3) for side in sides if side != "baseline"}
    return result


def print_instructions(baseline_root: Path | None, results: list[dict[str, Any]], ruleset: str) -> None:
    print(f"instructions per deal (callgrind; ruleset {ruleset}"
          + (f", baseline {baseline_root})" if baseline_root is not None else ")"))
    for r in results:
        sides = [s for s in INSTRUCTION_SIDES if s in r]
        figures = ", ".join(f"{side} {r[side]:,}" for side in sides)
        ratios = ", ".join(f"{side} {ratio}x" for side, ratio in r.get("ratios", {}).items())
        told = f"  (baseline / side: {ratios})" if ratios else ""
        print(f"{r['players']:>3} players, {r['mode']}: {figures}{told}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20_000, help="deals per table size (default 20000)")
    parser.add_argument("--players", type=int, nargs="+", default=[4, 20], help="table sizes (default: 4 20)")
    parser.add_argument("--ruleset", default="campli", help="preset name (default campli)")
    parser.add_argument("--seed", type=int, default=2026, help="master seed (default 2026)")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per table size; the best is kept")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    parser.add_argument("--profile", type=int, metavar="PLAYERS",
                        help="instead of timing, print a cProfile of --deals deals at this table size")
    parser.add_argument("--top", type=int, default=25, help="functions shown by --profile (default 25)")
    parser.add_argument("--baseline", type=Path, metavar="DIR",
                        help="compare with the engine of the checkout in DIR (an earlier commit), in turns")
    parser.add_argument("--rounds", type=int, default=9, help="turns per side with --baseline (default 9)")
    parser.add_argument("--parts", type=int, metavar="PLAYERS",
                        help="instead of timing whole deals, replay each part of a deal alone at this table size "
                             "(with --baseline, both engines)")
    parser.add_argument("--no-events", action="store_true",
                        help="with --baseline: step without events where an engine has advance() (issue 26)")
    parser.add_argument("--play-out", action="store_true",
                        help="with --baseline: play each match by play_out() where an engine has it (issue 26)")
    parser.add_argument("--floor", action="store_true",
                        help="with --baseline: also time the contract's floor, a stand-in that builds only each step's "
                             "State and events (no rules), for the most any engine keeping the contracts could reach")
    parser.add_argument("--instructions", action="store_true",
                        help="instead of timing, count instructions per deal under callgrind (valgrind needed): "
                             "this tree, the --baseline's engine and with --floor the floor, stepped as "
                             "--no-events/--play-out say")
    parser.add_argument("--generated", action="store_true",
                        help="with --instructions: count the steps generated per decision from the rulebook "
                             "(cucu_ref.game.compiled) as well; with --baseline: time them as the current side")
    parser.add_argument("--instructions-child", choices=INSTRUCTION_SIDES, help=argparse.SUPPRESS)
    parser.add_argument("--mode", default="step", choices=("step", "advance", "play_out"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.instructions_child is not None:
        instructions_child(args.instructions_child, args.players[0], args.deals, args.seed, args.ruleset,
                           args.mode, args.baseline)
        return 0
    if args.deals < 1 or args.repeat < 1 or args.rounds < 1:
        parser.error("--deals, --repeat and --rounds must be positive")

    pinned = pin_to_one_core()
    if args.profile is not None:
        print(profile(args.profile, args.deals, args.seed, args.ruleset, args.top))
        return 0
    if args.parts is not None:
        sides = {"current": CURRENT}
        if args.baseline is not None:
            sides = {"baseline": load_baseline(args.baseline.resolve()), "current": CURRENT}
        rows = parts_table(args.parts, args.deals, args.seed, args.ruleset, sides)
        if args.json:
            print(json.dumps({"benchmark": "bench_engine --parts", "players": args.parts, "deals": args.deals,
                              "rows": [{"part": p, "per_deal": n, "us_per_deal": t} for p, n, t in rows]}, indent=2))
        else:
            print_parts(args.parts, args.deals, rows)
        return 0
    if args.floor and args.baseline is None:
        parser.error("--floor needs --baseline DIR")
    if args.instructions:
        if shutil.which("valgrind") is None:
            parser.error("--instructions needs valgrind")
        mode = "play_out" if args.play_out else "advance" if args.no_events else "step"
        counted = [instructions(p, args.deals, args.seed, args.ruleset, mode, args.baseline, args.floor,
                                args.generated) for p in args.players]
        if args.json:
            print(json.dumps({"benchmark": "bench_engine --instructions", "python": platform.python_version(),
                              "seed": args.seed, "ruleset": args.ruleset, "results": counted}, indent=2))
        else:
            print_instructions(args.baseline, counted, args.ruleset)
        return 0
    if args.baseline is not None:
        baseline = load_baseline(args.baseline.resolve())
        run, show, name = ((functools.partial(floor, generated=args.generated), print_floor, "--floor")
                           if args.floor else
                           (functools.partial(compare, mode="play_out" if args.play_out else
                                              "advance" if args.no_events else "step", generated=args.generated),
                            print_comparison, "--baseline"))
        compared = [run(baseline, p, args.deals, args.seed, args.rounds, args.ruleset) for p in args.players]
        if args.json:
            print(json.dumps({"benchmark": f"bench_engine {name}", "baseline": str(args.baseline),
                              "python": platform.python_version(), "cpu": pinned, "seed": args.seed,
                              "ruleset": args.ruleset, "results": compared}, indent=2))
        else:
            show(args.baseline, compared, args.ruleset, pinned)
        return 0

    results = [measure(p, args.deals, args.seed, args.repeat, args.ruleset) for p in args.players]
    report = {
        "benchmark": "bench_engine",
        "cucu_ref": CURRENT.version,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "cpu": pinned,
        "seed": args.seed,
        "repeat": args.repeat,
        "results": results,
        "peak_rss_mib": peak_rss_mib(),
        "target_4p_deals_per_second": TARGET_4P_DEALS_PER_SECOND,
    }
    four = next((r for r in results if r["players"] == 4), None)
    if four is not None:
        report["target_met"] = four["deals_per_second"] >= TARGET_4P_DEALS_PER_SECOND
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"cucu-ref {CURRENT.version}, {report['implementation']} {report['python']} on {report['machine']}, "
          f"{pinned}, ruleset {args.ruleset}, best of {args.repeat}")
    print(f"{'players':>7} {'deals':>7} {'deals/s':>9} {'steps/s':>9} {'steps/deal':>10} {'peak KiB':>9} "
          f"{'KiB/deal':>9}")
    for r in results:
        print(f"{r['players']:>7} {r['deals']:>7} {r['deals_per_second']:>9} {r['steps_per_second']:>9} "
              f"{r['steps_per_deal']:>10} {r['tracemalloc_peak_kib']:>9} {r['peak_kib_per_deal']:>9}")
    print(f"peak RSS of the process: {report['peak_rss_mib']} MiB")
    if four is not None:
        verdict = "met" if report["target_met"] else "NOT met"
        print(f"target of {TARGET_4P_DEALS_PER_SECOND} four-player deals/s: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
