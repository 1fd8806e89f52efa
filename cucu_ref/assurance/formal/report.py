"""The record of a z3 run as a markdown table: one row per property, method and ruleset, with
the sizes covered, how many checks passed, the total and the slowest time.

    python -m cucu_ref.assurance.formal --profile long --json > formal-long.jsonl
    python -m cucu_ref.assurance.formal.report formal-long.jsonl >> docs/dev/formal-long-run.md
"""

from __future__ import annotations

import json
import sys
from typing import Iterable


def _sizes(ns: list[int]) -> str:
    if ns == [0]:
        return "every n >= 2"
    ns = sorted(set(ns))
    runs, start, prev = [], ns[0], ns[0]
    for n in ns[1:] + [None]:
        if n is not None and n == prev + 1:
            prev = n
            continue
        runs.append(str(start) if start == prev else f"{start}-{prev}")
        if n is not None:
            start = prev = n
    return ", ".join(runs)


def table(rows: Iterable[dict]) -> str:
    groups: dict[tuple, list[dict]] = {}
    for row in rows:
        groups.setdefault((row["prop"], row["method"], row["ruleset"]), []).append(row)
    lines = ["| property | method | ruleset | sizes | passed | total s | slowest s |",
             "|---|---|---|---|---|---|---|"]
    for (prop, method, ruleset), rs in groups.items():
        passed = sum(1 for r in rs if r["ok"])
        failed = [f"n={r['n']}: {r['verdict']}" for r in rs if not r["ok"]]
        na = {r["detail"].get("why", "") for r in rs if r["verdict"] == "n/a"}
        verdict = f"{passed}/{len(rs)}" + ("; " + "; ".join(failed) if failed else "") + (
            f" (n/a: {sorted(na)[0]})" if na else "")
        total = sum(r["seconds"] for r in rs)
        slowest = max(r["seconds"] for r in rs)
        lines.append(f"| {prop} | {method} | {ruleset} | {_sizes([r['n'] for r in rs])} | {verdict} | "
                     f"{total:.0f} | {slowest:.1f} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    with open(args[0], encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.startswith('{"prop"')]
    sys.stdout.write(table(rows))
    failures = sum(1 for r in rows if not r["ok"])
    sys.stdout.write(f"\n{len(rows)} checks, {failures} failures, {sum(r['seconds'] for r in rows):.0f} s of solving\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
