"""``cucu-conformance``: run another Cucù implementation against the conformance vectors.

In the style of toml-test: the implementation under test is a command that speaks the trace
format.  For each vector the runner sends the trace *without* its outcome (one JSON object on
one line) and reads one JSON object back::

    {"id": "...", "outcome": {"net": [...], "out": [...], "hands": [...], "next_dealer": 0, "winner": null}}
    {"id": "...", "outcome": {"illegal": {"step": 3}}}      # the program refuses decision 3
    {"id": "...", "skip": "no inn in this program"}          # not counted as passed or failed
    {"id": "...", "error": "..."}                            # counted as failed

``run -- CMD ARGS...`` keeps one process for all vectors (JSON Lines on its standard input and
output; it is restarted after a crash or a timeout); ``--per-vector`` starts the command once
per vector, the trace on standard input and the answer on standard output.  ``run --self``
checks cucu-ref's own engine in-process; ``serve`` is cucu-ref as such a command.  Every
failure prints cucu-ref's first divergence from the answer, with rule and source.  The last
line is ``N passed, M failed``; the exit code is 0 only when every vector run passed.
"""

from __future__ import annotations

import argparse
import json
import os
import selectors
import subprocess
import sys
import tempfile
import time
from typing import Any, Callable, Optional, Sequence, TextIO

from ...formats import trace as T
from ...game.cards import PACKS, CardNameError
from ...game.rulesets import PRESETS, preset
from ...formats.sources import RULES, cite
from . import PACKAGE_DATA, REPOSITORY_DATA
from .names import BUILTIN, NameMap, load_map
from .vectors import REQUIRED_ANSWER_FIELDS, Vector, input_of, load, select

__all__ = ["main", "judge", "Process", "translate"]

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


# --------------------------------------------------------------------------- card names in and out


def _family(vector: Vector) -> str:
    rules = preset(vector.preset, vector.options)
    return PACKS[rules.pack].family


def translate(vector: Vector, names: NameMap) -> dict[str, Any]:
    """The vector's input with the program's card names (and suits, if asked)."""
    doc: dict[str, Any] = json.loads(json.dumps(input_of(vector)))
    family = _family(vector)
    copies: dict[str, int] = {}

    def out(token: Optional[str]) -> Optional[str]:
        if token is None:
            return None
        k = copies.get(token, 0)
        copies[token] = k + 1
        return names.out(token, family, k)

    if "deal" in doc:
        cards = doc["deal"]["cards"]
        doc["deal"]["cards"] = [out(c) for c in cards] if isinstance(cards, list) else {k: out(c) for k, c in
                                                                                         cards.items()}
        doc["deal"]["rest"] = [out(c) for c in doc["deal"].get("rest", [])]
    if "stack" in doc:
        doc["stack"] = [out(c) for c in doc["stack"]]
    return doc


# --------------------------------------------------------------------------- judging an answer


def _winner(value: Any) -> Any:
    if isinstance(value, list):
        return sorted(value) if len(value) != 1 else value[0]
    return value


def judge(vector: Vector, answer: Any, names: NameMap) -> tuple[str, str]:
    """('pass' | 'fail' | 'skip', why) for one answer."""
    if not isinstance(answer, dict):
        return "fail", f"the program answered {answer!r}, not a JSON object"
    if "skip" in answer:
        return "skip", str(answer["skip"])
    if "error" in answer:
        return "fail", f"the program reported an error: {answer['error']}"
    got = answer.get("outcome")
    if not isinstance(got, dict):
        return "fail", "the answer has no 'outcome' object"
    expected = vector.expected
    family = _family(vector)
    if "illegal" in expected:
        step = expected["illegal"]["step"]
        rule = expected["illegal"].get("rule")
        why = f"decision {step} must be refused ({expected['illegal'].get('message', '')})".rstrip(" ()")
        if rule in RULES:
            why += f" [{cite(rule)}]"
        if not isinstance(got.get("illegal"), dict):
            return "fail", f"{why}; the program played on"
        if got["illegal"].get("step") != step:
            return "fail", f"{why}; the program refused decision {got['illegal'].get('step')}"
        return "pass", ""
    if "illegal" in got:
        if not isinstance(got["illegal"], dict) or not isinstance(got["illegal"].get("step"), int):
            return "fail", "the answer's 'illegal' needs the refused decision's 'step'"
        return "fail", _diagnosis(vector, got, names, family, ["illegal"])
    checks = vector.doc["vector"].get("checks", list(REQUIRED_ANSWER_FIELDS))
    missing = [f for f in checks if f not in got]
    if missing:
        return "fail", f"the answer lacks {', '.join(missing)}"
    wrong: list[str] = []
    extra = [f for f in ("marks", "pot", "virgins") if f in got and f in expected and f not in checks]
    for field in checks + extra:
        want, have = expected.get(field), got.get(field)
        if field == "hands":
            try:
                have = [names.token(c, family) for c in have] if isinstance(have, list) else have
            except CardNameError as err:
                return "fail", f"the answer's hands: {err}"
        if field in ("out", "virgins") and isinstance(have, list):
            have = sorted(have)
        if field == "winner":
            want, have = _winner(want), _winner(have)
        if want != have:
            wrong.append(field)
    if not wrong:
        return "pass", ""
    return "fail", _diagnosis(vector, got, names, family, wrong)


def _diagnosis(vector: Vector, got: dict[str, Any], names: NameMap, family: str, wrong: list[str]) -> str:
    """cucu-ref's first divergence from the program's answer, with rule and source."""
    claimed = {k: v for k, v in got.items() if k in ("net", "marks", "out", "hands", "next_dealer", "winner", "pot",
                                                     "virgins", "illegal")}
    if isinstance(claimed.get("hands"), list):
        claimed["hands"] = [names.token(c, family) for c in claimed["hands"]]
    doc = dict(input_of(vector))
    doc["outcome"] = claimed
    verdict = T.check_document(doc, readings=False)
    d = verdict.divergence
    if d is None:
        return f"wrong {', '.join(wrong)}"
    rule = f" [{cite(d.rule)}]" if d.rule in RULES else ""
    extra = f" (and {len(verdict.differences) - 1} more)" if len(verdict.differences) > 1 else ""
    return f"{d.message}{rule}{extra}"


# --------------------------------------------------------------------------- talking to the program


class Process:
    """The program under test, one long-lived process speaking JSON Lines (or one process per
    vector); restarted after it exits or times out."""

    def __init__(self, command: Sequence[str], per_vector: bool, timeout: float):
        self.command = list(command)
        self.per_vector = per_vector
        self.timeout = timeout
        self.proc: Optional[subprocess.Popen[bytes]] = None
        self.buffer = b""
        self.stderr: Any = None

    def _start(self) -> None:
        self.stderr = tempfile.TemporaryFile()  # noqa: SIM115 - kept open for the process's life
        self.proc = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr)
        self.buffer = b""

    def _stop(self) -> None:
        if self.proc is not None:
            try:
                if self.proc.stdin:
                    self.proc.stdin.close()
                self.proc.wait(timeout=2)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def _tail(self) -> str:
        if self.stderr is None:
            return ""
        self.stderr.seek(0)
        text = self.stderr.read().decode("utf-8", "replace").strip().splitlines()
        return f"; its last error output: {text[-1][:300]}" if text else ""

    def ask(self, doc: dict[str, Any]) -> Any:
        line = (json.dumps(doc, ensure_ascii=False) + "\n").encode("utf-8")
        if self.per_vector:
            try:
                done = subprocess.run(self.command, input=line, capture_output=True, timeout=self.timeout)
            except subprocess.TimeoutExpired:
                return f"no answer within {self.timeout:g} s"
            except OSError as err:
                return f"cannot run the program: {err}"
            text = done.stdout.decode("utf-8", "replace").strip()
            if not text:
                lines = done.stderr.decode("utf-8", "replace").strip().splitlines()
                return f"no answer (exit code {done.returncode})" + (f"; {lines[-1][:300]}" if lines else "")
            return _json(text)
        if self.proc is None or self.proc.poll() is not None:
            try:
                self._start()
            except OSError as err:
                return f"cannot run the program: {err}"
        assert self.proc is not None and self.proc.stdin is not None and self.proc.stdout is not None
        try:
            self.proc.stdin.write(line)
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            code = self.proc.poll()
            tail = self._tail()
            self._stop()
            return f"the program stopped (exit code {code}){tail}"
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + self.timeout
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while b"\n" not in self.buffer:
                left = deadline - time.monotonic()
                if left <= 0 or not sel.select(left):
                    self.proc.kill()
                    self._stop()
                    return f"no answer within {self.timeout:g} s"
                chunk = os.read(fd, 65536)
                if not chunk:
                    code = self.proc.wait()
                    tail = self._tail()
                    self.proc = None
                    return f"the program stopped (exit code {code}){tail}"
                self.buffer += chunk
        answer, _, self.buffer = self.buffer.partition(b"\n")
        return _json(answer.decode("utf-8", "replace"))

    def close(self) -> None:
        self._stop()


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        return f"the answer is not JSON ({err.msg}): {text[:200]!r}"


# --------------------------------------------------------------------------- commands


def _vectors(args: argparse.Namespace) -> list[Vector]:
    root = args.vectors or (REPOSITORY_DATA if args.repository else PACKAGE_DATA)
    return select(load(root), args.preset, args.rule, args.id, args.defaults)


def _run(args: argparse.Namespace, out: TextIO) -> int:
    vectors = _vectors(args)
    if not vectors:
        out.write("no vectors selected\n")
        return EXIT_USAGE
    try:
        names = load_map(args.card_names, args.suits)
    except ValueError as err:
        out.write(f"cucu-conformance: error: {err}\n")
        return EXIT_USAGE
    ask: Callable[[dict[str, Any]], Any]
    process: Optional[Process] = None
    if args.self_test:
        ask = T.answer
    else:
        process = Process(args.command, args.per_vector, args.timeout)
        ask = process.ask
    counts = {"pass": 0, "fail": 0, "skip": 0}
    started = time.perf_counter()
    try:
        for vector in vectors:
            doc = translate(vector, names)
            answer = ask(doc)
            if isinstance(answer, str):
                verdict, why = "fail", answer
            else:
                verdict, why = judge(vector, answer, names)
            counts[verdict] += 1
            if args.json:
                out.write(json.dumps({"id": vector.id, "result": verdict, "why": why}, ensure_ascii=False) + "\n")
            elif verdict == "fail":
                out.write(f"FAIL {vector.id} ({vector.file}): {why}\n")
            elif verdict == "skip" and args.verbose:
                out.write(f"SKIP {vector.id}: {why}\n")
            elif args.verbose:
                out.write(f"PASS {vector.id}\n")
    finally:
        if process is not None:
            process.close()
    elapsed = time.perf_counter() - started
    total = counts["pass"] + counts["fail"]
    out.write(f"{len(vectors)} vectors in {elapsed:.2f} s ({len(vectors) / elapsed if elapsed else 0:.0f}/s)\n")
    if counts["skip"]:
        out.write(f"{counts['skip']} skipped\n")
    out.write(f"{counts['pass']} passed, {counts['fail']} failed\n")
    return EXIT_OK if counts["fail"] == 0 and total > 0 else EXIT_FAILED


def _list(args: argparse.Namespace, out: TextIO) -> int:
    vectors = _vectors(args)
    if args.stats:
        by_preset: dict[str, int] = {}
        by_rule: dict[str, int] = dict.fromkeys(RULES, 0)
        hand = sum(v.hand_checked for v in vectors)
        for v in vectors:
            by_preset[v.preset] = by_preset.get(v.preset, 0) + 1
            for r in v.rules:
                by_rule[r] = by_rule.get(r, 0) + 1
        out.write("vectors per preset:\n")
        for name in PRESETS:
            out.write(f"  {name:<22} {by_preset.get(name, 0)}\n")
        out.write("vectors per rule:\n")
        for rule_id, n in by_rule.items():
            out.write(f"  {rule_id:<7} {n}\n")
        out.write(f"{len(vectors)} vectors ({hand} hand-checked, {sum(v.illegal for v in vectors)} illegal)\n")
        return EXIT_OK
    for v in vectors:
        kind = "hand-checked" if v.hand_checked else "golden"
        options = "".join(f" {k}={val}" for k, val in v.options.items())
        out.write(f"{v.id}\t{v.preset}{options}\t{kind}\t{' '.join(v.rules)}\n")
    out.write(f"{len(vectors)} vectors\n")
    return EXIT_OK


def _serve(inp: TextIO, out: TextIO) -> int:
    for line in inp:
        if not line.strip():
            continue
        try:
            answer = T.answer(json.loads(line))
        except Exception as err:  # one bad line never stops the server
            answer = {"error": f"{type(err).__name__}: {err}"}
        out.write(json.dumps(answer, ensure_ascii=False) + "\n")
        out.flush()
    return EXIT_OK


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="cucu-conformance", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command_name", required=True)

    def selection(q: argparse.ArgumentParser) -> None:
        q.add_argument("--preset", action="append", default=[], metavar="P", help="only vectors of preset P")
        q.add_argument("--rule", action="append", default=[], metavar="ID", help="only vectors exercising rule ID")
        q.add_argument("--id", action="append", default=[], metavar="PREFIX", help="only vectors whose id starts so")
        q.add_argument("--defaults", action="store_true",
                       help="only vectors played under the preset's own readings (no options)")
        q.add_argument("--vectors", metavar="DIR", help="the suite's directory (default: the copy in the package)")
        q.add_argument("--repository", action="store_true", help="use the repository's copy (conformance/v1)")

    run = sub.add_parser("run", help="run a program (after --) or cucu-ref itself (--self) against the vectors")
    selection(run)
    run.add_argument("--self", dest="self_test", action="store_true", help="check cucu-ref's own engine")
    run.add_argument("--per-vector", action="store_true", help="start the program once per vector")
    run.add_argument("--card-names", metavar="MAP",
                     help=f"the program's card names: {', '.join(BUILTIN)}, or a JSON file (see the docs)")
    run.add_argument("--suits", action="store_true", help="give the ordinary pack's cards suits (♠♥♦♣)")
    run.add_argument("--timeout", type=float, default=10.0, metavar="S", help="seconds per answer (default 10)")
    run.add_argument("--json", action="store_true", help="one JSON line per vector (id, result, why)")
    run.add_argument("-v", "--verbose", action="store_true", help="also print passes and skips")
    run.add_argument("command", nargs="*", metavar="-- COMMAND", help="the program under test and its arguments")

    lst = sub.add_parser("list", help="list the vectors (or --stats: per preset and per rule)")
    selection(lst)
    lst.add_argument("--stats", action="store_true", help="counts per preset and per rule")

    sub.add_parser("serve", help="answer vectors on standard input with cucu-ref's engine (JSON Lines)")
    return p


def main(argv: Optional[Sequence[str]] = None, stdin: Optional[TextIO] = None, stdout: Optional[TextIO] = None) -> int:
    out = stdout or sys.stdout
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        args = _parser().parse_args(args_list)
    except SystemExit as exit_:
        return EXIT_USAGE if exit_.code else EXIT_OK
    if args.command_name == "serve":
        return _serve(stdin or sys.stdin, out)
    if args.command_name == "list":
        return _list(args, out)
    if args.self_test == bool(args.command):
        out.write("cucu-conformance: error: give --self or a program after '--'\n")
        return EXIT_USAGE
    return _run(args, out)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
