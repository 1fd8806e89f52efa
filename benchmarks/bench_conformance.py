"""Benchmark of cucu-conformance (not a test): runner throughput and the example client's time.

    python benchmarks/bench_conformance.py [--repeat 3] [--per-vector 60] [--json]

Reports, median of ``--repeat`` runs on this machine:

1. ``run --self``: vectors per second with cucu-ref's engine answering in-process (the runner's
   own cost: translation, judging, and the engine's replay);
2. ``run -- python -m cucu_ref.cli.conformance serve``: the same through a subprocess over
   JSON Lines (the protocol's cost);
3. ``run --per-vector``: the first ``--per-vector`` vectors, one process each (a cold start per
   vector dominates);
4. the wall time to check the example client, ``examples/clients/syn_naive.py``, on its preset.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


def timed(args: list[str]) -> tuple[float, str]:
    from cucu_ref.cli.conformance import main

    out = io.StringIO()
    started = time.perf_counter()
    code = main(args, stdout=out)
    elapsed = time.perf_counter() - started
    last = out.getvalue().splitlines()[-1]
    if code != 0:
        raise SystemExit(f"{' '.join(args)}: exit {code}: {last}")
    return elapsed, last


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--per-vector", type=int, default=60, help="how many vectors in the per-vector mode")
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    from cucu_ref.services.conformance.vectors import load

    vectors = load()
    serve = ["--", sys.executable, "-m", "cucu_ref.cli.conformance", "serve"]
    client = ["--", sys.executable, os.path.join(ROOT, "examples", "clients", "syn_naive.py")]
    syn = [v for v in vectors if v.preset == "screw-your-neighbour" and not v.options]
    prefix = sorted({v.id for v in vectors})[: args.per_vector]
    runs = {
        "self": (["run", "--self"], len(vectors)),
        "serve-jsonl": (["run", *serve], len(vectors)),
        "serve-per-vector": (["run", "--per-vector", *[a for i in prefix for a in ("--id", i)], *serve], len(prefix)),
        "example-client": (["run", "--preset", "screw-your-neighbour", "--defaults", *client], len(syn)),
    }
    results = {}
    for name, (argv, count) in runs.items():
        times = [timed(argv)[0] for _ in range(args.repeat)]
        median = statistics.median(times)
        results[name] = {"vectors": count, "seconds": round(median, 3), "per_second": round(count / median, 1)}
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        for name, r in results.items():
            print(f"{name:<18} {r['vectors']:>5} vectors  {r['seconds']:>8.3f} s  {r['per_second']:>8.1f} vectors/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
