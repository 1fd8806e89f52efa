#!/usr/bin/env python3
"""Engine throughput: seeded random Campli deals per second on one core.

Each deal runs from a shuffle to the next shuffle: a seeded random stack, then every
decision drawn uniformly from :func:`cucu_ref.engine.legal_actions` (buy-back
decisions included), all from one ``random.Random`` stream, as
:func:`cucu_ref.playout.random_action` draws them.  When a match ends, a new one starts
at the same table.  Timing uses ``time.perf_counter``; peak
memory is measured in a separate, shorter pass under ``tracemalloc`` (which slows
Python down, so it is never timed), and the process's peak RSS is reported as well.

    python benchmarks/bench_engine.py                 # 4 and 20 players, 20 000 deals each
    python benchmarks/bench_engine.py --deals 2000 --players 4 --json
    python benchmarks/bench_engine.py --profile 4     # cProfile of a 4-player run

The target named in the README is at least 20 000 four-player deals per second.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import json
import os
import platform
import pstats
import random
import resource
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

# Run from a checkout without installing: the package sits next to this folder.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cucu_ref import __version__, new_match, preset, step  # noqa: E402
from cucu_ref.playout import random_action  # noqa: E402
from cucu_ref.state import Phase  # noqa: E402

TARGET_4P_DEALS_PER_SECOND = 20_000


def play_deals(players: int, deals: int, seed: int, ruleset: str = "campli") -> dict[str, int]:
    """Play ``deals`` random deals at a table of ``players``; count steps and matches.

    One ``random.Random`` stream drives the whole run through
    :func:`cucu_ref.playout.random_action` (a seeded shuffle at each chance node, a
    uniform legal decision otherwise) and :func:`cucu_ref.engine.step`; a deal is
    counted at each shuffle."""
    rules = preset(ruleset)
    names = [f"player-{i}" for i in range(players)]
    rng = random.Random(seed)
    state = new_match(rules, names)
    steps = matches = played = 0
    while True:
        if state.phase == Phase.MATCH_OVER:
            state = new_match(rules, names)
            matches += 1
        if state.phase == Phase.SHUFFLE:
            if played == deals:
                break
            played += 1
        state, _ = step(state, random_action(state, rng))
        steps += 1
    return {"deals": played, "steps": steps, "matches_finished": matches}


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
    tracemalloc.start()
    play_deals(players, memory_deals, seed, ruleset)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
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
        "tracemalloc_peak_kib": round(peak / 1024, 1),
        "tracemalloc_deals": memory_deals,
    }


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
    args = parser.parse_args(argv)
    if args.deals < 1 or args.repeat < 1:
        parser.error("--deals and --repeat must be positive")

    pinned = pin_to_one_core()
    if args.profile is not None:
        print(profile(args.profile, args.deals, args.seed, args.ruleset, args.top))
        return 0

    results = [measure(p, args.deals, args.seed, args.repeat, args.ruleset) for p in args.players]
    report = {
        "benchmark": "bench_engine",
        "cucu_ref": __version__,
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
    print(f"cucu-ref {__version__}, {report['implementation']} {report['python']} on {report['machine']}, "
          f"{pinned}, ruleset {args.ruleset}, best of {args.repeat}")
    print(f"{'players':>7} {'deals':>7} {'deals/s':>9} {'steps/s':>9} {'steps/deal':>10} {'peak KiB':>9}")
    for r in results:
        print(f"{r['players']:>7} {r['deals']:>7} {r['deals_per_second']:>9} {r['steps_per_second']:>9} "
              f"{r['steps_per_deal']:>10} {r['tracemalloc_peak_kib']:>9}")
    print(f"peak RSS of the process: {report['peak_rss_mib']} MiB")
    if four is not None:
        verdict = "met" if report["target_met"] else "NOT met"
        print(f"target of {TARGET_4P_DEALS_PER_SECOND} four-player deals/s: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
