"""``python -m cucu_ref.assurance.formal``: run the z3 proofs and print each property, method, size,
verdict and time.  Exit status 1 if any check fails (``unknown`` and timeouts are failures).

    python -m cucu_ref.assurance.formal --profile ci             # the CI-sized run
    python -m cucu_ref.assurance.formal --profile long --sizes 2-20 --json   # the long run

Every profile starts with the small-step model's proofs for every table size at once
(n = all: base case, the parts of the invariant, termination, blocked requests, K13's undo);
the step model's checks at each size follow.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

from .plan import PROFILES, run_plan


def _sizes(text: str) -> tuple[int, int]:
    lo, _, hi = text.partition("-")
    return int(lo), int(hi or lo)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m cucu_ref.assurance.formal", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--profile", choices=sorted(PROFILES), default="ci")
    ap.add_argument("--sizes", type=_sizes, default=None, help="table sizes, e.g. 2-20 (default: the profile's)")
    ap.add_argument("--timeout", type=int, default=None, help="per-query timeout in seconds")
    ap.add_argument("--only", default="", help="comma-separated property names to run")
    ap.add_argument("--json", action="store_true", help="one JSON object per check, then a summary")
    ap.add_argument("--counterexamples", default=None, metavar="DIR",
                    help="write the position file of each failed check's counterexample deal here")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    failures = 0
    count = 0
    only = {p for p in args.only.split(",") if p}
    for result in run_plan(args.profile, args.sizes, args.timeout, only):
        count += 1
        failures += not result.ok
        found = result.detail.get("counterexample", {}) if isinstance(result.detail, dict) else {}
        if args.counterexamples and isinstance(found, dict) and "position" in found:

            os.makedirs(args.counterexamples, exist_ok=True)
            path = os.path.join(args.counterexamples, f"{result.prop}--{result.ruleset}.json")
            with open(path, "w", encoding="utf-8") as out:
                json.dump(found.pop("position"), out, indent=2, ensure_ascii=False)
                out.write("\n")
            found["position_file"] = path
        if args.json:
            print(json.dumps(result.as_dict(), default=str), flush=True)
        else:
            print(f"{'ok  ' if result.ok else 'FAIL'} {result.prop:22} {result.method:32} {result.ruleset:14} "
                  f"n={result.n or 'all':<3} {result.verdict:10} {result.seconds:8.2f}s vacuity={result.vacuity}",
                  flush=True)
    total = time.perf_counter() - t0
    summary = {"profile": args.profile, "checks": count, "failures": failures, "seconds": round(total, 1)}
    print(json.dumps(summary) if args.json else f"{count} checks, {failures} failures, {total:.1f}s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
