"""The length of a ruling's conditions (issue 24 §1; not a test): words and alternatives ('; or ')
of each condition the JSON ruling gives (the outcomes' ``if`` and each player's effects' ``if``),
over natural positions of each preset (``tests/natural_positions.py``).

    python benchmarks/bench_conditions.py [--root TREE] [--per-preset 100] [--sizes 2,4,6,8]
        [--presets coucou,zeh-1769] [--worst 20] [--json OUT]

The positions are those of stop 39's measure (the CHANGELOG's "Conditions a person reads for
Screw Your Neighbour's cut ...": 100 per preset, the sizes 2, 4, 6, 8 the preset allows in turn,
3 and 4 cards unshown in turn, seeds drawn from ``random.Random(7)`` per preset, 30% with the
exchanges seen).  ``--root``: the tree whose adjudicator rules them (default: this one), so that
two commits compare on the same positions.  Prints per preset the words of all conditions, the
longest condition, the most alternatives of one condition, the conditions over 60 words and
over 4 alternatives, and the CPU seconds of the rulings (JSON, without readings); ``--worst N``
then the N longest conditions with their positions.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import statistics
import sys
import time
from typing import Any


def positions(preset: str, per: int, sizes: list[int]) -> list[tuple[str, dict[str, Any]]]:
    """The natural positions of ``preset`` (label, document) as stop 39 measured them."""
    from cucu_ref.game.rulesets import PRESETS
    from tests.natural_positions import natural_deal

    rules = PRESETS[preset]
    allowed = [n for n in sizes if rules.min_players <= n <= rules.max_players]
    rng = random.Random(7)
    out = []
    for k in range(per):
        n = allowed[k % len(allowed)]
        unshown = 3 + (k // len(allowed)) % 2
        s = rng.getrandbits(32)
        seen = rng.random() < 0.3
        doc, _ = natural_deal(preset, n, s, seen=seen, unshown=unshown)
        out.append((f"{preset} {n}/{unshown} seed {s} seen {int(seen)}", doc))
    return out


def conditions(doc: dict[str, Any]) -> list[str]:
    """The conditions of the JSON ruling of ``doc``."""
    from cucu_ref.cli.adjudicate import main

    path = f"/tmp/bench_conditions_{os.getpid()}.json"
    with open(path, "w") as f:
        json.dump(doc, f)
    buf = io.StringIO()
    main(["--format", "json", "--no-readings", path], stdout=buf, stderr=io.StringIO())
    os.unlink(path)
    try:
        d = json.loads(buf.getvalue())
    except ValueError:
        return []
    conds = [o.get("if") for o in d.get("outcomes") or []]
    for p in (d.get("by_player") or {}).get("players", []):
        conds += [e.get("if") for e in p.get("effects", [])]
    return [c for c in conds if c]


def alternatives(cond: str) -> int:
    return cond.count("; or ") + 1


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap.add_argument("--per-preset", type=int, default=100)
    ap.add_argument("--sizes", default="2,4,6,8")
    ap.add_argument("--presets", default="")
    ap.add_argument("--worst", type=int, default=0)
    ap.add_argument("--json", default="")
    args = ap.parse_args()
    sys.path.insert(0, os.path.abspath(args.root))
    from cucu_ref.game.rulesets import PRESETS

    presets = args.presets.split(",") if args.presets else sorted(PRESETS)
    sizes = [int(x) for x in args.sizes.split(",")]
    found: dict[str, list[tuple[str, list[str]]]] = {}
    every: list[tuple[int, int, str, str]] = []
    for preset in presets:
        docs = positions(preset, args.per_preset, sizes)
        cpu = time.process_time()
        rows = [(label, conditions(doc)) for label, doc in docs]
        cpu = time.process_time() - cpu
        found[preset] = rows
        conds = [c for _, cs in rows for c in cs]
        words = [len(c.split()) for c in conds]
        alts = [alternatives(c) for c in conds]
        per_ruling = [sum(len(c.split()) for c in cs) for _, cs in rows]
        print(f"{preset:22} conditions {len(conds):5} words {sum(words):8,}"
              f" (ruling med {statistics.median(per_ruling):6.1f}"
              f" max {max(per_ruling):6,}) longest {max(words or [0]):5} alts max {max(alts or [0]):3}"
              f" | over 60 words {sum(w > 60 for w in words):4} over 4 alts {sum(a > 4 for a in alts):4}"
              f" | {cpu:.1f} CPU s", flush=True)
        every += [(len(c.split()), alternatives(c), label, c) for label, cs in rows for c in cs]
    for w, a, label, c in sorted(every, key=lambda x: -x[0])[:args.worst]:
        print(f"\n{w} words, {a} alternatives: {label}\n  {c}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(found, f, indent=0)


if __name__ == "__main__":
    main()
