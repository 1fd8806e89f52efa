"""The conformance runner's logic: run another Cucù implementation against the vectors.

The command line is :mod:`cucu_ref.cli.conformance` (``cucu-conformance``); this module
translates, asks, judges and returns verdicts.

In the style of toml-test: the implementation under test is a command that speaks the trace
format.  For each vector the runner sends the trace *without* its outcome (one JSON object on
one line) and reads one JSON object back::

    {"id": "...", "outcome": {"net": [...], "out": [...], "hands": [...], "next_dealer": 0, "winner": null}}
    {"id": "...", "outcome": {"illegal": {"step": 3}}}      # the program refuses decision 3
    {"id": "...", "skip": "no inn in this program"}          # not counted as passed or failed
    {"id": "...", "error": "..."}                            # counted as failed

``run -- CMD ARGS...`` keeps one process for all vectors (JSON Lines on its standard input and
output; it is restarted after a crash or a timeout); ``--per-vector`` starts the command once
per vector, the trace on standard input and the answer on standard output.
:func:`self_answer` is cucu-ref's own engine in-process; :func:`serve_line` is cucu-ref as such
a command.  Every failure carries cucu-ref's first divergence from the answer, with rule and
source.
"""

from __future__ import annotations

import json
import os
import selectors
import subprocess
import tempfile
import time
from typing import Any, Callable, Iterable, Iterator, NamedTuple, Optional, Sequence

from ...formats import trace as T
from ...formats.match import answer as row_answer
from ...game.cards import PACKS, CardNameError
from ...game.rulesets import PRESETS, preset
from ...formats.sources import RULES, cite
from .names import NameMap
from .vectors import REQUIRED_ANSWER_FIELDS, Vector, input_of

__all__ = ["judge", "Process", "translate", "Result", "run", "self_answer", "Stats", "stats", "serve_line"]


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
    if doc.get("then"):  # deals in a row: the replay of one deal says nothing of the last
        return f"wrong {', '.join(wrong)} after the last of {len(doc['then']) + 1} deals in a row"
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


# --------------------------------------------------------------------------- running the vectors


class Result(NamedTuple):
    """One vector's verdict: ``'pass'``, ``'fail'`` or ``'skip'``, and why (empty on a pass)."""

    vector: Vector
    verdict: str
    why: str


def run(vectors: Iterable[Vector], ask: Callable[[dict[str, Any]], Any], names: NameMap) -> Iterator[Result]:
    """Each vector sent through ``ask`` (the program, or :func:`self_answer`) and its answer
    judged; a string from ``ask`` is the runner's own reason the program gave no answer."""
    for vector in vectors:
        answer = ask(translate(vector, names))
        if isinstance(answer, str):
            yield Result(vector, "fail", answer)
        else:
            yield Result(vector, *judge(vector, answer, names))


def self_answer(doc: dict[str, Any]) -> Any:
    """cucu-ref's own engine as the program under test (``run --self``); deals in a row too."""
    return row_answer(doc)


class Stats(NamedTuple):
    """The suite's counts: vectors per preset (every preset named) and per rule (every rule)."""

    by_preset: dict[str, int]
    by_rule: dict[str, int]
    hand_checked: int
    illegal: int
    total: int


def stats(vectors: Sequence[Vector]) -> Stats:
    by_preset: dict[str, int] = dict.fromkeys(PRESETS, 0)
    by_rule: dict[str, int] = dict.fromkeys(RULES, 0)
    for v in vectors:
        by_preset[v.preset] = by_preset.get(v.preset, 0) + 1
        for r in v.rules:
            by_rule[r] = by_rule.get(r, 0) + 1
    return Stats(by_preset, by_rule, sum(v.hand_checked for v in vectors), sum(v.illegal for v in vectors),
                 len(vectors))


def serve_line(line: str) -> Optional[str]:
    """``serve``'s answer to one input line (without its newline), or None for a blank line.
    One bad line never stops the server: any error becomes an ``error`` answer."""
    if not line.strip():
        return None
    try:
        answer = row_answer(json.loads(line))
    except Exception as err:  # one bad line never stops the server
        answer = {"error": f"{type(err).__name__}: {err}"}
    return json.dumps(answer, ensure_ascii=False)
