"""Benchmark of cucu-adjudicate (not a test): cold-start wall time and batch throughput.

    python benchmarks/bench_adjudicate.py [--positions 2000] [--runs 15]

Reports (1) the wall time of one adjudication from a cold start (a fresh interpreter running
``python -m cucu_ref examples/campli-cat-undo.json``, and the same deal in the notation,
``examples/notation/campli-cat-undo.txt``) next to ``python -c pass``, median of
``--runs``; (2) positions per second of ``--batch`` on one core, over four-player positions
taken from seeded random playouts (campli preset), with and without ``--no-readings``.
Targets (issue #3): one adjudication under 150 ms wall; at least 2,000 positions/s in batch.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


def cold(cmd: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, check=False)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def random_positions(count: int, seed: int = 1, players: int = 4) -> list[str]:
    """Positions at random points of random four-player deals: the deal start and a prefix of
    its decisions (every card known, the whole stack as 'order')."""
    from cucu_ref.engine import new_match
    from cucu_ref.playout import trajectory
    from cucu_ref.position import position_from_replay
    from cucu_ref.rulesets import preset
    from cucu_ref.state import Phase

    rng = random.Random(seed)
    names = ["Anna", "Bruno", "Carla", "Dora", "Elena", "Fabio"][:players]
    out: list[str] = []
    while len(out) < count:
        state = new_match(preset("campli"), names, dealer=rng.randrange(players))
        start = None
        actions = []
        for before, action, after, _ in trajectory(state, rng.getrandbits(32)):
            if before.phase == Phase.SHUFFLE:
                start, actions = before, []
            actions.append(action)
            if start is not None and (after.phase in (Phase.SHUFFLE, Phase.MATCH_OVER) or rng.random() < 0.1):
                out.append(json.dumps(position_from_replay(start, list(actions))))
                if len(out) >= count or rng.random() < 0.5:
                    break
    return out


def batch_rate(lines: list[str], extra: list[str]) -> tuple[float, float]:
    """(positions per wall second, positions per CPU second of this process): the CPU rate is
    the one-core figure even when other work shares the machine."""
    from cucu_ref.cli import main

    data = ("\n".join(lines) + "\n").encode()
    sink = io.StringIO()
    t, c = time.perf_counter(), time.process_time()
    code = main(["--batch", *extra, "-"], stdin=io.BytesIO(data), stdout=sink)
    wall, cpu = time.perf_counter() - t, time.process_time() - c
    assert code == 0, sink.getvalue()[:2000]
    return len(lines) / wall, len(lines) / cpu


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=2000)
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    py = sys.executable
    base = cold([py, "-c", "pass"], args.runs)
    one = cold([py, "-m", "cucu_ref", "examples/campli-cat-undo.json"], args.runs)
    one_json = cold([py, "-m", "cucu_ref", "--format", "json", "examples/campli-cat-undo.json"], args.runs)
    # the same deal written in the notation (examples/notation/): the notation is imported only then
    one_txt = cold([py, "-m", "cucu_ref", "examples/notation/campli-cat-undo.txt"], args.runs)
    print(f"cold start, median of {args.runs}:")
    print(f"  python -c pass                                   {base * 1e3:7.1f} ms")
    print(f"  cucu-adjudicate examples/campli-cat-undo.json    {one * 1e3:7.1f} ms")
    print(f"  ... --format json                                {one_json * 1e3:7.1f} ms")
    print(f"  ... examples/notation/campli-cat-undo.txt        {one_txt * 1e3:7.1f} ms")
    lines = random_positions(args.positions)
    print(f"batch, {len(lines)} four-player positions (campli, random playouts), one core:")
    for label, extra in (("with open-question readings", []), ("--no-readings", ["--no-readings"])):
        wall, cpu = batch_rate(lines, extra)
        print(f"  {label:30s} {wall:8.0f} positions/s wall, {cpu:8.0f} per CPU second")


if __name__ == "__main__":
    main()
