"""Benchmark of the schema libraries (not a test): the measurement behind cucu_ref/formats/validation.py.

    python benchmarks/bench_schema.py [--runs 15] [--calls 2000]

For jsonschema-rs, fastjsonschema and (for reference) jsonschema, on the position schema:

* import: a fresh interpreter importing the library, less ``python -c pass`` (median of --runs);
* cold: a fresh interpreter that imports, compiles the schema and validates one position,
  less ``python -c pass``: what the library adds to a cold start of cucu-adjudicate;
* compile: building the validator in this process (median of --runs);
* valid: one check of a valid position (an example), in this process, per call;
* invalid: collecting the errors of an invalid one (three errors; fastjsonschema stops at
  the first, by design), per call.

Times are wall clock on a machine others may share: compare the libraries within one run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMA = os.path.join(ROOT, "cucu_ref", "schemas", "position-1.schema.json")
EXAMPLE = os.path.join(ROOT, "examples", "campli-cat-undo.json")

LIBRARIES = {
    "jsonschema-rs": ("import jsonschema_rs",
                      "v = jsonschema_rs.Draft202012Validator(schema, offline=True)",
                      "v.is_valid(doc)",
                      "list(v.iter_errors(doc))"),
    "fastjsonschema": ("import fastjsonschema",
                       "v = fastjsonschema.compile(schema)",
                       "v(doc)",
                       "first_error(v, doc)"),
    "jsonschema": ("import jsonschema",
                   "v = jsonschema.Draft202012Validator(schema)",
                   "v.is_valid(doc)",
                   "list(v.iter_errors(doc))"),
}


def first_error(v, doc):
    try:
        v(doc)
    except Exception as err:  # fastjsonschema.JsonSchemaValueException: the first error only
        return [err]
    return []


def cold(code: str, runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def per_call(fn, calls: int) -> float:
    t = time.perf_counter()
    for _ in range(calls):
        fn()
    return (time.perf_counter() - t) / calls


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--calls", type=int, default=2000)
    args = ap.parse_args()
    with open(SCHEMA, encoding="utf-8") as f:
        schema = json.load(f)
    with open(EXAMPLE, encoding="utf-8") as f:
        valid = json.load(f)
    invalid = {**valid, "dealer": 3, "colour": "red", "pot": -1}
    base = cold("pass", args.runs)
    print(f"python -c pass: {base * 1e3:.1f} ms (subtracted below)")
    print(f"{'library':16} {'import':>9} {'cold':>9} {'compile':>9} {'valid':>10} {'invalid':>10}  errors")
    for name, (imp, comp, check, errors) in LIBRARIES.items():
        load = f"import json; schema = json.load(open({SCHEMA!r})); doc = json.load(open({EXAMPLE!r}))"
        t_import = cold(imp, args.runs) - base
        t_cold = cold(f"{imp}; {load}; {comp}; {check}", args.runs) - base
        scope: dict = {"schema": schema, "first_error": first_error}
        exec(imp, scope)
        compiles = []
        for _ in range(args.runs):
            t = time.perf_counter()
            exec(comp, scope)
            compiles.append(time.perf_counter() - t)
        v = scope["v"]
        exec(f"def check(doc): return {check}\ndef errors(doc): return {errors}", scope)
        check_fn, errors_fn = scope["check"], scope["errors"]
        t_valid = per_call(lambda: check_fn(valid), args.calls)  # noqa: B023 - called at once, in this pass
        found = errors_fn(invalid)
        t_invalid = per_call(lambda: errors_fn(invalid), max(args.calls // 10, 10))  # noqa: B023 - likewise
        assert v is scope["v"]
        print(f"{name:16} {t_import * 1e3:7.1f}ms {t_cold * 1e3:7.1f}ms {statistics.median(compiles) * 1e3:7.2f}ms "
              f"{t_valid * 1e6:8.1f}us {t_invalid * 1e6:8.1f}us  {len(found)}")


if __name__ == "__main__":
    main()
