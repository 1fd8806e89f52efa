"""Benchmark of cucu-adjudicate (not a test): cold-start wall time and batch throughput.

    python benchmarks/bench_adjudicate.py [--positions 2000] [--runs 15] [--jobs 2]

Reports (1) the wall time of one adjudication from a cold start (a fresh interpreter running
``python -m cucu_ref examples/campli-cat-undo.json``, and the same deal in the notation,
``examples/notation/campli-cat-undo.txt``) next to ``python -c pass``, median of
``--runs``, with the package's bytecode compiled as an installed package has it (see
``COLD_ENV``); (2) positions per second of ``--batch`` on one core, over four-player positions
taken from seeded random playouts (campli preset), with and without ``--no-readings``; (3) the
same batch with ``--jobs N`` (wall rate, and CPU seconds of the parent and its workers), its
output checked byte for byte against ``--jobs 1``.
Targets (issues 3, 12, 13): one adjudication under 150 ms wall; at least 2,000 positions/s in
batch on one core.

    python benchmarks/bench_adjudicate.py --write-corpus DIR
    python benchmarks/bench_adjudicate.py --compare-outputs DIR --against OLD_TREE

write the corpus the batch's output is checked on, and compare the whole output over it
(``--batch`` with and without readings, text and JSON of every file: stdout, stderr, exit
code) with another commit's tree, byte for byte (issue 13: a faster batch gives the same bytes).

    python benchmarks/bench_adjudicate.py --natural [--per-size 20] [--sizes 4,8,12,16,20] [--unshown 0,1,2,3,4]
        [--against OLD_TREE --rounds 3]

(issue 10 §1) rules *natural* positions, random deals of every preset written as a table
tells them (decisions, announcements, the cards shown at the end, no dealt card; see
``tests/natural_positions.py``), and reports the median and maximum seconds per position for
each table size, on one core (process CPU time), of two rulings, each in its own interpreter:
``text``, the ruling a table reads (the default ``cucu-adjudicate FILE``: ``adjudicate(pos,
every_condition=False)`` and its text), and ``full``, the full ruling (``--format json`` and
``--steps``: ``adjudicate(pos)`` and its JSON).  Target (issue 24 §5), on the text ruling a table
reads: every such position of up to 20 players with up to 4 unshown cards under 1 s; the full
ruling's times are printed beside it, never left out.  ``--unshown`` (issue 24 §5) leaves so many
of the live cards at the end unshown and reports median, p95 and max by table size and unshown
count, and the lines of each text ruling (median, max: issue 24 §5, a ruling a table reads); each
row counts the positions over 0.7 s and over 1 s of each ruling, and the run ends with their
totals and the positions over 0.7 s by name (the target is 1 s; 0.7 s keeps a margin on a shared
machine).  With ``--against``, the same positions are ruled by the other tree too, interleaved,
and each row gives the ratios (a tree before ``every_condition``: its full ruling and its text
in the text column).

``--presets coucou,here`` keeps only those presets' deals (the same seeds as the whole run);
``--position coucou,8,4,2547704717`` (repeatable) times single positions by the preset, size,
unshown count and seed a ``--natural`` run prints, both rulings (least of ``--rounds``, against
``--against`` with the ratios; ``--save DIR`` writes them as JSON).

On a loaded machine (eight helpers on two cores) the CPU-time ratios move by 0.1 from run to
run; the batch loop's instructions a position do not (issue 26, round 34).  Count them with
callgrind, collecting only while the timed batch runs (``sys.call_tracing`` is the toggle: the
package never calls it)::

    # loop.py: from cucu_ref.cli.adjudicate import main; warm-up batch; then
    #          sys.call_tracing(lambda: main(['--batch', 'positions.jsonl'], stdout=io.StringIO()), ())
    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=sys_call_tracing python loop.py

(300 four-player positions with readings, after 100 others: 2.04 million instructions a position
at 7268ffa, 1.71 million with round 34's batch changes alone, 1.61 million at 8e7e7d9.)
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from typing import Any, Optional

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


# A cold start is measured as an installed package has it: with its bytecode compiled (pip
# compiles it at install).  A checkout run with PYTHONDONTWRITEBYTECODE set (as some CI and
# container images do) would otherwise compile every module from source on every start, which
# adds 40-60 ms that no user of an installed package pays.  The bytecode goes to a private
# cache (PYTHONPYCACHEPREFIX), written by one untimed warm-up run per command.
_PYCACHE = os.path.join(os.environ.get("TMPDIR", "/tmp"), "cucu-bench-pycache")
COLD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
COLD_ENV["PYTHONPYCACHEPREFIX"] = _PYCACHE


def cold(cmd: list[str], runs: int) -> float:
    times = []
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, check=False, env=COLD_ENV)
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, check=False,
                       env=COLD_ENV)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def random_positions(count: int, seed: int = 1, players: int = 4, preset_name: str = "campli") -> list[str]:
    """Positions at random points of random four-player deals (of ``preset_name``): the deal
    start and a prefix of its decisions (every card known, the whole stack as 'order')."""
    from cucu_ref.game.engine import new_match
    from cucu_ref.game.playout import trajectory
    from cucu_ref.formats.position import position_from_replay
    from cucu_ref.game.rulesets import preset
    from cucu_ref.game.state import Phase

    rng = random.Random(seed)
    names = ["Anna", "Bruno", "Carla", "Dora", "Elena", "Fabio"][:players]
    out: list[str] = []
    while len(out) < count:
        state = new_match(preset(preset_name), names, dealer=rng.randrange(players))
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


def batch_rate(lines: list[str], extra: list[str]) -> tuple[float, float, str]:
    """(positions per wall second, positions per CPU second of this process and its workers,
    the output): with --jobs 1 the CPU rate is the one-core figure even when other work
    shares the machine."""
    from cucu_ref.cli.adjudicate import main

    data = ("\n".join(lines) + "\n").encode()
    sink = io.StringIO()

    def cpu() -> float:
        own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime

    t, c = time.perf_counter(), cpu()
    code = main(["--batch", *extra, "-"], stdin=io.BytesIO(data), stdout=sink)
    wall, used = time.perf_counter() - t, cpu() - c
    assert code == 0, sink.getvalue()[:2000]
    return len(lines) / wall, len(lines) / used, sink.getvalue()


def against(baseline: str, lines: list[str], rounds: int, runs: int) -> None:
    """The batch's CPU time and the cold start under the code of ``baseline`` (a directory
    holding another commit's tree, e.g. from ``git archive``) and under this tree, each in a
    fresh interpreter, interleaved round by round so both see the same machine; the ratio of
    the medians is the figure to report (CONTRACTS: speed-ups are ratios in one run).  The batch
    is measured as a whole process (its start included) and as the loop alone (in-process,
    warmed by one untimed batch)."""
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        path = f.name
    # the loop's warm-up batch: other positions (the same ones would find every text memoised)
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write("\n".join(random_positions(max(len(lines) // 4, 1), seed=2)) + "\n")
        warm = f.name

    def cpu_of(root: str, extra: list[str], env: Optional[dict[str, str]] = None) -> float:
        code = (f"import sys; sys.path.insert(0, {root!r})\n"
                "try: from cucu_ref.cli.adjudicate import main\n"
                "except ImportError: from cucu_ref.cli import main\n"
                f"sys.exit(main(['--batch', *{extra!r}, {path!r}]))")
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-c", code], stdout=subprocess.DEVNULL, check=True, cwd=root, env=env)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)

    def loop_of(root: str, extra: list[str]) -> float:
        # the batch loop alone: in a fresh interpreter, an untimed batch of other positions (the
        # imports, the lazy ones and the memos warmed), then the batch timed (CPU time, in-process)
        code = (f"import io, sys, time; sys.path.insert(0, {root!r})\n"
                "try: from cucu_ref.cli.adjudicate import main\n"
                "except ImportError: from cucu_ref.cli import main\n"
                f"run = lambda name: main(['--batch', *{extra!r}, '-'], stdin=open(name, 'rb'), "
                f"stdout=io.StringIO()); run({warm!r}); t = time.process_time(); run({path!r}); "
                "print(time.process_time() - t)")
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root)
        return float(done.stdout)

    def cold_of(root: str) -> float:
        code = (f"import sys; sys.path.insert(0, {root!r})\n"
                "try: from cucu_ref.cli.adjudicate import main\n"
                "except ImportError: from cucu_ref.cli import main\n"
                f"sys.exit(main([{os.path.join(ROOT, 'examples', 'campli-cat-undo.json')!r}]))")
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], stdout=subprocess.DEVNULL, check=True, cwd=root, env=COLD_ENV)
        return time.perf_counter() - t

    try:
        # the whole process's CPU time: its start (interpreter, site, imports, the first
        # position's lazy imports and schema build, about 0.1-0.2 s) counts against the batch.
        # First as the earlier rounds measured it (in this environment PYTHONDONTWRITEBYTECODE
        # is set, so every module is compiled from source at each start), then with the
        # bytecode compiled, as an installed package has it (COLD_ENV, as the cold start below)
        for env, how in ((None, ""), (COLD_ENV, ", bytecode compiled")):
            if env is not None:
                cpu_of(baseline, [], env), cpu_of(ROOT, [], env)  # warm-up: writes both trees' bytecode
            for extra in ([], ["--no-readings"]):
                base, here = [], []
                for _ in range(rounds):
                    base.append(cpu_of(baseline, extra, env))
                    here.append(cpu_of(ROOT, extra, env))
                b, h = statistics.median(base), statistics.median(here)
                label = (" ".join(extra) or "with readings") + how
                print(f"  batch {label:35} baseline {len(lines) / b:7.0f}/CPU s, this tree {len(lines) / h:7.0f}"
                      f"/CPU s, ratio {b / h:.2f} (median of {rounds})")
        for extra in ([], ["--no-readings"]):
            base, here = [], []
            for _ in range(rounds):
                base.append(loop_of(baseline, extra))
                here.append(loop_of(ROOT, extra))
            b, h = statistics.median(base), statistics.median(here)
            label = (" ".join(extra) or "with readings") + ", the loop alone"
            print(f"  batch {label:35} baseline {len(lines) / b:7.0f}/CPU s, this tree {len(lines) / h:7.0f}"
                  f"/CPU s, ratio {b / h:.2f} (median of {rounds}; {b / len(lines) * 1e6:.0f} and "
                  f"{h / len(lines) * 1e6:.0f} µs a position)")
        base_c, here_c = [], []
        cold_of(baseline), cold_of(ROOT)  # warm-up: writes both trees' bytecode (COLD_ENV)
        for _ in range(runs):
            base_c.append(cold_of(baseline))
            here_c.append(cold_of(ROOT))
        print(f"  cold start: baseline {statistics.median(base_c) * 1e3:.1f} ms, this tree "
              f"{statistics.median(here_c) * 1e3:.1f} ms (median of {runs})")
    finally:
        os.unlink(path)
        os.unlink(warm)


# One tree's adjudicator timing natural positions (``natural``, ``--position``): run in a fresh
# interpreter with that tree first on the path; reads the documents as JSON on stdin, prints the
# CPU seconds (process time, one core) of each one's ruling, negative where it gave up
# (Underdetermined): argv[2] 'text', the ruling a table reads (issue 24 §5's target: ``adjudicate``
# as the default ``cucu-adjudicate FILE`` calls it, ``every_condition=False`` where the tree has it,
# and its text), or 'full', the full ruling (``adjudicate(pos)``, what ``--format json`` and
# ``--steps`` need, and its JSON text).  Each in its own interpreter: neither warms the other's
# memos that outlive a position.
_TIME_POSITIONS = """
import inspect, json, sys, time
sys.path.insert(0, sys.argv[1])
try:
    from cucu_ref.services.adjudication import Underdetermined, adjudicate
    from cucu_ref.services.render import ruling_json, ruling_text
    from cucu_ref.formats.position import parse
except ImportError:  # (a tree of the layout before issue 23)
    from cucu_ref.adjudicate import Underdetermined, adjudicate
    from cucu_ref.render import ruling_json, ruling_text
    from cucu_ref.position import parse
# (a tree before the keyword rules its text from the full ruling)
TEXT = {"every_condition": False} if "every_condition" in inspect.signature(adjudicate).parameters else {}


def text_ruling(pos):
    ruling = adjudicate(pos, **TEXT)
    assert ruling.ok, ruling.problems
    ruling_text(ruling, "position")


def full_ruling(pos):
    ruling = adjudicate(pos)
    assert ruling.ok, ruling.problems
    json.dumps(ruling_json(ruling, "position"), ensure_ascii=False)


def timed(work, pos):
    c = time.process_time()
    try:
        work(pos)
        sign = 1
    except Underdetermined:
        sign = -1
    return sign * (time.process_time() - c)


out = []
for doc in json.load(sys.stdin):
    pos, problems = parse(doc)
    assert pos is not None, problems
    out.append(timed(text_ruling if sys.argv[2] == "text" else full_ruling, pos))
print(json.dumps(out))
"""


def _timed(root: str, docs: list[object]) -> list[tuple[float, float]]:
    """CPU seconds of each document's text ruling and full ruling under the tree ``root``
    (``_TIME_POSITIONS``)."""
    times = []
    for kind in ("text", "full"):
        done = subprocess.run([sys.executable, "-c", _TIME_POSITIONS, root, kind], input=json.dumps(docs),
                              capture_output=True, text=True, cwd=root)
        if done.returncode:
            raise SystemExit(f"{root}: {done.stderr[-3000:]}")
        times.append([float(x) for x in json.loads(done.stdout)])
    return [(t, f) for t, f in zip(*times)]


def _least(rounds: int, roots: list[str], docs: list[object]) -> list[list[tuple[float, float]]]:
    """:func:`_timed`'s times under each tree of ``roots``, run in turn ``rounds`` times (so that
    every tree sees the same machine), each time the least of its rounds (negative where it gave up)."""
    out = [[(float("inf"), float("inf"))] * len(docs) for _ in roots]
    for _ in range(rounds):
        for k, root in enumerate(roots):
            out[k] = [(min(a, c, key=abs), min(b, d, key=abs)) for (a, b), (c, d) in zip(out[k], _timed(root, docs))]
    return out


def natural(per_size: int, sizes: list[int], seed: int = 1, unshown: tuple[int, ...] = (0,),
            baseline: Optional[str] = None, rounds: int = 1, presets: Optional[list[str]] = None) -> None:
    """Seconds per natural position (CPU, one core), median, p95 and max by table size and by
    the number of live cards left unshown at the end (issue 24 §5: every position of up to 20
    players with up to 4 unshown cards ruled in under 1 s), of two rulings (``_TIME_POSITIONS``):
    the ruling a table reads (the default text; the target) and the full ruling (JSON, --steps),
    each with its counts over 0.7 s and 1 s; 'under-spec.' counts the rulings
    that gave up saying nothing certain, 'partial' those that gave up but said what is certain
    whatever the cards (Underdetermined with ``certain``, issue 24 §5).  ``unshown`` (0,): the
    positions of issue 10, as before.

    With ``baseline`` (a tree, e.g. from ``git archive``), each row's positions are ruled by that
    tree and by this one, each in a fresh interpreter, interleaved ``rounds`` times so both see
    the same machine; a position's time is its least over the rounds, and the row adds the
    baseline's maxima and the ratios (baseline / this tree: above 1 is faster here).
    ``presets``: only these presets' deals (each seat of the round-robin over the presets a
    size allows that is not one of them is skipped: the seeds are those of the full run)."""
    from cucu_ref.formats.position import parse
    from cucu_ref.game.rulesets import PRESETS

    print(f"natural positions (dealt cards unknown, end cards shown but for the unshown), {per_size} per size, "
          f"readings on" + (f", against {baseline} (least of {rounds} interleaved rounds):" if baseline else ":"))
    print("  text: the ruling a table reads (cucu-adjudicate FILE: the ruling and its text; issue 24 §5's target);"
          " full: the full ruling (--format json, --steps: the ruling and its JSON)")
    head = (f"  {'players':>7} {'unshown':>7} {'text med':>8} {'p95':>6} {'max':>6} {'>0.7':>4} {'>1':>3} "
            f"{'full med':>8} {'max':>6} {'>0.7':>4} {'>1':>3} "
            f"{'under-spec.':>11} {'partial':>7} {'lines med':>9} {'lines max':>9}")
    if baseline:
        head += f" {'base text max':>13} {'base full max':>13} {'ratio text med':>14} {'text max':>8} {'full max':>8}"
    print(head + "  slowest (full)")
    # (issue 24 §5's target is 1 s; 0.7 s keeps a margin on a shared machine)
    over = {(column, limit): 0 for column in ("text", "full") for limit in (0.7, 1.0)}
    slow: list[str] = []
    for n in sizes:
        names = [p for p in sorted(PRESETS) if PRESETS[p].min_players <= n <= PRESETS[p].max_players]
        for k_unshown in unshown:
            docs, labels, specs = _natural_docs(names, n, k_unshown, per_size, seed, presets)
            if not docs:
                continue
            *base, here = _least(rounds if baseline else 1, [baseline, ROOT] if baseline else [ROOT], docs)
            text, full = [abs(t) for t, _f in here], [abs(f) for _t, f in here]
            slowest = labels[max(range(len(full)), key=full.__getitem__)]
            said = _lines_here(docs, parse)
            lines = [n_lines for n_lines, _partial in said]
            partial = sum(p for _n, p in said)
            gave_up = sum(f < 0 for _t, f in here) - partial
            counts = {(column, limit): sum(t > limit for t in times)
                      for column, times in (("text", text), ("full", full)) for limit in (0.7, 1.0)}
            for key, count in counts.items():
                over[key] += count
            slow += [f"{n} players, {k_unshown} unshown, {label}: text {t:.3f} s, full {f:.3f} s (--position {spec})"
                     for t, f, label, spec in zip(text, full, labels, specs) if max(t, f) > 0.7]
            line = (f"  {n:>7} {k_unshown:>7} {statistics.median(text):>8.4f} {_p95(text):>6.3f} {max(text):>6.3f} "
                    f"{counts['text', 0.7]:>4} {counts['text', 1.0]:>3} {statistics.median(full):>8.4f} "
                    f"{max(full):>6.3f} {counts['full', 0.7]:>4} {counts['full', 1.0]:>3} "
                    f"{gave_up:>11} {partial:>7} {statistics.median(lines):>9} {max(lines):>9}")
            print(f"{line}{_against(base[0], text, full) if base else ''}  {slowest}", flush=True)
    print(f"  the text ruling a table reads (the target): positions over 1 s: {over['text', 1.0]}, "
          f"over 0.7 s: {over['text', 0.7]}")
    print(f"  the full ruling (JSON, --steps): positions over 1 s: {over['full', 1.0]}, over 0.7 s: {over['full', 0.7]}"
          + "".join(f"\n    {x}" for x in slow))


def _natural_docs(names: list[str], n: int, k_unshown: int, per_size: int, seed: int,
                  presets: Optional[list[str]]) -> tuple[list[object], list[str], list[str]]:
    """One row's natural positions (``n`` players, ``k_unshown`` cards unshown), round-robin over
    the presets ``names`` (only ``presets``' kept), their labels and their specs as --position
    names them; the same deals for each count of unshown cards."""
    from tests.natural_positions import natural_deal

    rng = random.Random(seed)
    docs: list[object] = []
    labels, specs = [], []
    for k in range(per_size):
        preset = names[k % len(names)]
        s = rng.getrandbits(32)
        seen = rng.random() < 0.3
        if presets and preset not in presets:
            continue
        doc, _ = natural_deal(preset, n, s, seen=seen, unshown=k_unshown)
        docs.append(doc)
        labels.append(f"{preset} seed {s}")
        specs.append(f"{preset},{n},{k_unshown},{s}" + (",seen" if seen else ""))
    return docs, labels, specs


def _against(base: list[tuple[float, float]], text: list[float], full: list[float]) -> str:
    """A row's columns of the baseline: its maxima, and the ratios (baseline / this tree)."""
    bt, bf = [abs(t) for t, _f in base], [abs(f) for _t, f in base]
    return (f" {max(bt):>13.3f} {max(bf):>13.3f} {statistics.median(bt) / statistics.median(text):>14.2f}"
            f" {max(bt) / max(text):>8.2f} {max(bf) / max(full):>8.2f}")


def _p95(times: list[float]) -> float:
    return sorted(times)[max(0, -(-len(times) * 95 // 100) - 1)]


def one_position(specs: list[str], baseline: Optional[str], rounds: int, save: Optional[str]) -> None:
    """The CPU seconds of single natural positions, each named ``PRESET,SIZE,UNSHOWN,SEED`` (a
    seed as ``--natural`` prints it; ``,seen`` adds the exchanges and marks seen): the ruling a
    table reads (its text) and the full ruling (its JSON), each the least of ``rounds``; with
    ``baseline``, under that tree too, interleaved, and the ratios.  ``save``: a directory to
    write each position to (``PRESET-SIZE-UNSHOWN-SEED.json``), to rule it again with
    ``cucu-adjudicate``."""
    from tests.natural_positions import natural_deal

    docs = []
    for spec in specs:
        preset, size, unshown, seed, *seen = spec.split(",")
        doc, _ = natural_deal(preset, int(size), int(seed), seen=seen == ["seen"], unshown=int(unshown))
        docs.append(doc)
        if save:
            os.makedirs(save, exist_ok=True)
            with open(os.path.join(save, f"{preset}-{size}-{unshown}-{seed}.json"), "w", encoding="utf-8") as f:
                json.dump(doc, f)
    *base, here = _least(rounds, [baseline, ROOT] if baseline else [ROOT], docs)
    for k, (spec, (t, f)) in enumerate(zip(specs, here)):
        line = f"  {spec:40} this tree: text {abs(t):6.3f} s, full {abs(f):6.3f} s"
        if baseline:
            bt, bf = base[0][k]
            line += (f"; baseline: text {abs(bt):6.3f} s, full {abs(bf):6.3f} s; "
                     f"ratios {abs(bt) / abs(t):4.2f}, {abs(bf) / abs(f):4.2f}")
        print(line + f" (least of {rounds})")


def _lines_here(docs: list[object], parse: Any) -> list[tuple[int, bool]]:
    """The lines of each document's text ruling (issue 24 §5: a ruling a table reads; an
    under-specified one is its message, with what is certain whatever the cards), in English, as
    ``cucu-adjudicate`` prints it; and whether it is a partial ruling (under-specified, but
    certain of something: the 'partial' column; 'under-spec.' counts those that say nothing)."""
    from cucu_ref.services.adjudication import Underdetermined, adjudicate
    from cucu_ref.services.render import problems_text, ruling_text

    out = []
    for doc in docs:
        pos, _problems = parse(doc)
        certain = None
        try:
            text = ruling_text(adjudicate(pos, every_condition=False), "position")
        except Underdetermined as e:
            certain = getattr(e, "certain", None)  # (a tree before the partial rulings has none)
            text = problems_text([], "position", "under-specified") + "\n" + str(e)
            if certain:
                text += "\n" + problems_text([], "position", "under-specified", certain=certain).split("\n")[1]
        out.append((len(text.splitlines()), bool(certain)))
    return out


def write_corpus(out: str) -> None:
    """The corpus the batch's output is compared on (docs/dev/engine-speed.md, "How it was
    checked"): every example (JSON and notation; a file that is no JSON object is copied as it
    is), the hand-checked conformance traces, natural positions of every preset at 2..20
    players (four in ten with cards shown), 1,500 four-player and 300 six-player random
    positions; one file each in ``out``, and the JSON ones as ``out``/corpus.jsonl."""
    import glob
    import shutil

    from cucu_ref.game.rulesets import PRESETS
    from tests.natural_positions import natural_deal

    os.makedirs(out, exist_ok=True)
    lines: list[str] = []
    count = 0

    def put(doc: object, ext: str = "json") -> None:
        nonlocal count
        count += 1
        text = json.dumps(doc) if ext == "json" else str(doc)
        if ext == "json":
            lines.append(text)
        with open(os.path.join(out, f"{count:05d}.{ext}"), "w", encoding="utf-8") as f:
            f.write(text)

    for name in sorted(glob.glob(os.path.join(ROOT, "examples", "**", "*"), recursive=True)):
        if name.endswith(".json"):
            try:
                with open(name, encoding="utf-8") as f:
                    put(json.load(f))
            except ValueError:
                shutil.copy(name, os.path.join(out, os.path.relpath(name, ROOT).replace(os.sep, "_")))
        elif name.endswith(".txt"):
            with open(name, encoding="utf-8") as f:
                put(f.read(), "txt")
    with open(os.path.join(ROOT, "conformance", "v1", "hand-checked.json"), encoding="utf-8") as f:
        for vector in json.load(f):
            put(vector)
    rng = random.Random(5)
    for preset in sorted(PRESETS):
        rules = PRESETS[preset]
        for n in (2, 3, 4, 5, 6, 8, 12, 20):
            if rules.min_players <= n <= rules.max_players:
                for _ in range(6 if n <= 6 else 2):
                    put(natural_deal(preset, n, rng.getrandbits(32), seen=rng.random() < 0.4)[0])
    for line in random_positions(1500, seed=3) + random_positions(300, seed=4, players=6):
        put(json.loads(line))
    with open(os.path.join(out, "corpus.jsonl"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{count} inputs in {out} ({len(lines)} JSON lines in corpus.jsonl)")


def compare_outputs(corpus: str, baseline: str) -> bool:
    """``--batch``, ``--batch --no-readings``, the text of every file and ``--format json`` of
    every file, stdout, stderr and the exit code, under this tree and under ``baseline``:
    byte for byte."""
    files = sorted(f for f in os.listdir(corpus) if f != "corpus.jsonl")
    runs = {"batch": ["--batch", "corpus.jsonl"], "batch --no-readings": ["--batch", "--no-readings", "corpus.jsonl"],
            "text": files, "--format json": ["--format", "json", *files]}
    same = True
    for label, args in runs.items():
        got = []
        for root in (baseline, ROOT):
            code = (f"import sys; sys.path.insert(0, {root!r})\n"
                "try: from cucu_ref.cli.adjudicate import main\n"
                "except ImportError: from cucu_ref.cli import main\n"
                    "sys.exit(main(sys.argv[1:]))")
            done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, cwd=corpus)
            got.append((done.returncode, done.stdout, done.stderr))
        ok = got[0] == got[1]
        same = same and ok
        print(f"  {label:22} {'identical' if ok else 'DIFFERS'} (exit {got[1][0]}, {len(got[1][1]):,} bytes out, "
              f"{len(got[1][2]):,} bytes err)")
    return same


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=2000)
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--against", metavar="DIR",
                    help="also compare with the tree in DIR (e.g. git archive OLD | tar -x -C DIR), interleaved")
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds for --against")
    ap.add_argument("--natural", action="store_true",
                    help="natural positions by table size (issue 10), two columns: the text ruling a table reads "
                         "(issue 24 §5's target, under 1 s) and the full ruling (JSON, --steps)")
    ap.add_argument("--per-size", type=int, default=20)
    ap.add_argument("--sizes", default="2,4,6,8,10,12,14,16,18,20")
    ap.add_argument("--unshown", default="0",
                    help="with --natural: counts of live cards left unshown, e.g. 0,1,2,3,4 (issue 24)")
    ap.add_argument("--presets", help="with --natural: only these presets' deals (comma-separated)")
    ap.add_argument("--position", action="append", metavar="PRESET,SIZE,UNSHOWN,SEED[,seen]",
                    help="time one natural position (repeatable; with --against, against that tree too)")
    ap.add_argument("--save", metavar="DIR", help="with --position: write each position to DIR as JSON")
    ap.add_argument("--write-corpus", metavar="DIR", help="write the output-comparison corpus to DIR and stop")
    ap.add_argument("--compare-outputs", metavar="DIR",
                    help="compare the output over the corpus in DIR with the tree given by --against, and stop")
    args = ap.parse_args()
    if args.write_corpus:
        write_corpus(args.write_corpus)
        return
    if args.compare_outputs:
        if not args.against:
            ap.error("--compare-outputs needs --against DIR (the tree to compare with)")
        sys.exit(0 if compare_outputs(os.path.abspath(args.compare_outputs), os.path.abspath(args.against)) else 1)
    baseline = os.path.abspath(args.against) if args.against else None
    if args.position:
        one_position(args.position, baseline, args.rounds, args.save)
        return
    if args.natural:
        natural(args.per_size, [int(x) for x in args.sizes.split(",")],
                unshown=tuple(int(x) for x in args.unshown.split(",")), baseline=baseline, rounds=args.rounds,
                presets=args.presets.split(",") if args.presets else None)
        return
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
    print(f"batch, {len(lines)} four-player positions (campli, random playouts):")
    outputs = {}
    for label, extra in (("with open-question readings", []), ("--no-readings", ["--no-readings"]),
                         (f"--jobs {args.jobs}", ["--jobs", str(args.jobs)]),
                         (f"--jobs {args.jobs} --no-readings", ["--jobs", str(args.jobs), "--no-readings"])):
        wall, cpu, out = batch_rate(lines, extra)
        outputs[label] = out
        print(f"  {label:34} {wall:8.0f} positions/s wall, {cpu:8.0f} per CPU second")
    assert outputs[f"--jobs {args.jobs}"] == outputs["with open-question readings"], "--jobs changed the output"
    assert outputs[f"--jobs {args.jobs} --no-readings"] == outputs["--no-readings"], "--jobs changed the output"
    print(f"  (--jobs {args.jobs} output identical to --jobs 1; cores available: {len(os.sched_getaffinity(0))})")
    if args.against:
        print(f"against {args.against}:")
        against(args.against, lines, args.rounds, args.runs)


if __name__ == "__main__":
    main()
