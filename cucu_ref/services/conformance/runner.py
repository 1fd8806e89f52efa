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
from typing import Any, Callable, Iterable, Iterator, NamedTuple, Optional, Sequence, Union

from ...formats import trace as T
from ...formats.match import answer as row_answer
from ...formats.match import last_deal
from ...game.cards import PACKS
from ...game.rulesets import PRESETS, preset
from ...formats.sources import RULES, cite
from .answers import MAX_PROBLEMS, OUTCOME_FIELDS, log_problems, problems
from .diagnose import Diagnosis, asks_after_end, first_step_apart, inferred_cause, rule_text
from .names import NameMap
from .program import Process
from .vectors import REQUIRED_ANSWER_FIELDS, Vector, input_of

__all__ = ["judge", "judge_with_rule", "Process", "translate", "Result", "run", "self_answer", "Stats", "stats",
           "serve_line"]


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
    if "seating" in doc:  # the draw's set holds one card per rank (K2): each the first copy
        doc["seating"]["drawn"] = [names.out(c, family, 0) for c in doc["seating"]["drawn"]]
    return doc


# --------------------------------------------------------------------------- judging an answer


def _winner(value: Any) -> Any:
    if isinstance(value, list):
        return sorted(value) if len(value) != 1 else value[0]
    return value


def judge(vector: Vector, answer: Any, names: NameMap) -> tuple[str, str]:
    """('pass' | 'fail' | 'skip', why) for one answer.  Never raises: however wrong the answer,
    it is a failure record that names the field and the reason (issue 27, finding 8)."""
    verdict, why, _rule = judge_with_rule(vector, answer, names)
    return verdict, why


def judge_with_rule(vector: Vector, answer: Any, names: NameMap) -> tuple[str, str, Optional[str]]:
    """:func:`judge`'s verdict and why, and the ID of the rule the why cites for the divergence
    (None where none governs: a pass, a skip, a malformed answer, the program's own error)."""
    try:
        return _judge(vector, answer, names)
    except Exception as err:  # the last guard; the hostile-client fuzz test asserts it never fires
        return "fail", f"cucu-ref could not judge this answer ({type(err).__name__}: {err}); please report it", None


def _judge(vector: Vector, answer: Any, names: NameMap) -> tuple[str, str, Optional[str]]:
    if not isinstance(answer, dict):
        return "fail", f"the program answered {_shown(answer)}, not a JSON object", None
    if answer.get("id") != vector.id:
        return "fail", (f"the answer's id {_shown(answer.get('id'))} is not the request's {vector.id!r} "
                        f"(an answer echoes its request's id; is the program out of step?)"), None
    if "skip" in answer:
        return "skip", _clipped(answer["skip"]), None
    if "error" in answer:
        return "fail", f"the program reported an error: {_clipped(answer['error'])}", None
    family = _family(vector)
    if "asks" in answer:
        trace, _ = T.parse(input_of(vector))
        assert trace is not None  # a vector's input is a valid trace (tests/conformance/test_vectors.py)
        over = asks_after_end(trace)
        return "fail", f"the program asks for a decision after the trace ends: {over.text}", over.rule
    got = answer.get("outcome")
    if not isinstance(got, dict):
        return "fail", "the answer has no 'outcome' object", None
    n = len(input_of(vector)["seats"])
    bad = problems(got, n, names, family) + (log_problems(answer["log"], n, names, family) if "log" in answer else [])
    if bad:
        more = f" (and {len(bad) - MAX_PROBLEMS} more)" if len(bad) > MAX_PROBLEMS else ""
        return "fail", "malformed answer: " + "; ".join(bad[:MAX_PROBLEMS]) + more, None
    log = answer.get("log")
    expected = vector.expected
    if "illegal" in expected:
        return _judge_refusal(expected["illegal"], got)
    if "illegal" in got:
        return ("fail", *_diagnosis(vector, got, names, family, ["illegal"], log))
    checks = vector.doc["vector"].get("checks", list(REQUIRED_ANSWER_FIELDS))
    missing = [f for f in checks if f not in got]
    if missing:
        return "fail", f"the answer lacks {', '.join(missing)}", None
    wrong = [field for field in checks + [f for f in ("marks", "pot", "virgins") if f in got and f in expected
                                          and f not in checks]
             if _normal(field, expected.get(field), family, None) != _normal(field, got.get(field), family, names)]
    if wrong or log is not None:
        why = _diagnosis(vector, got, names, family, wrong, log)
        if wrong or why.text:
            return "fail", why.text, why.rule
    return "pass", "", None


def _judge_refusal(illegal: dict[str, Any], got: dict[str, Any]) -> tuple[str, str, Optional[str]]:
    step, rule = illegal["step"], illegal.get("rule")
    why = f"decision {step} must be refused ({illegal.get('message', '')})".rstrip(" ()")
    known = rule if rule in RULES else None
    if known:
        why += f" [{cite(known)}]"
    if not isinstance(got.get("illegal"), dict):
        return "fail", f"{why}; the program played on", known
    if got["illegal"].get("step") != step:
        return "fail", f"{why}; the program refused decision {got['illegal'].get('step')}", known
    return "pass", "", None


def _normal(field: str, value: Any, family: str, names: Optional[NameMap]) -> Any:
    """A well-formed field's value as compared: the program's card names as tokens (``names``
    None: the vector's, tokens already), seat sets sorted."""
    if field == "hands" and isinstance(value, list) and names is not None:
        return [names.token(c, family) for c in value]
    if field in ("out", "virgins") and isinstance(value, list):
        return sorted(value)
    if field == "winner":
        return _winner(value)
    return value


def _clipped(value: Any, limit: int = 300) -> str:
    """A program's own words (a skip's reason, its error), at most ``limit`` characters."""
    text = value if isinstance(value, str) else _shown(value)
    return text if len(text) <= limit else text[:limit] + f"... ({len(text) - limit} more characters)"


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _diagnosis(vector: Vector, got: dict[str, Any], names: NameMap, family: str, wrong: list[str],
               log: Optional[list[dict[str, Any]]]) -> Diagnosis:
    """Where the program went wrong: the first step its log parts from cucu-ref's, else the
    first of cucu-ref's steps whose effect the answer contradicts, with rule and source; empty
    when a log was given and all agrees."""
    claimed = {k: v for k, v in got.items() if k in OUTCOME_FIELDS}
    if isinstance(claimed.get("hands"), list):
        claimed["hands"] = [names.token(c, family) for c in claimed["hands"]]
    doc = dict(input_of(vector))
    if doc.get("then"):  # deals in a row: the outcome is the last deal's, played from the state carried
        last = last_deal(doc)
        if last is None:
            return Diagnosis(f"wrong {', '.join(wrong)} after the last of {len(doc['then']) + 1} deals in a row")
        doc, log = last, None
    doc["outcome"] = claimed
    trace, parse_problems = T.parse(doc)
    if trace is None:
        return Diagnosis(f"wrong {', '.join(wrong)}: " + "; ".join(p.message for p in parse_problems[:MAX_PROBLEMS]))
    if log is not None:
        apart = first_step_apart(trace, log, names, family)
        if apart is None and not wrong:
            return Diagnosis("")
        if apart is not None:
            return apart._replace(text=apart.text + (f" (the answer's {', '.join(wrong)} differ)" if wrong else ""))
    verdict = T.check(trace, readings=False)
    cause = inferred_cause(verdict)
    if cause is not None:
        return cause
    d = verdict.divergence
    if d is None:
        return Diagnosis(f"wrong {', '.join(wrong)}")
    extra = f" (and {len(verdict.differences) - 1} more)" if len(verdict.differences) > 1 else ""
    return Diagnosis(f"{d.message}{rule_text(d.rule)}{extra}", d.rule if d.rule in RULES else None)


# --------------------------------------------------------------------------- running the vectors


class Result(NamedTuple):
    """One vector's verdict: ``'pass'``, ``'fail'`` or ``'skip'``, why (empty on a pass), and the
    ID of the rule the why cites for the divergence (None where none governs)."""

    vector: Vector
    verdict: str
    why: str
    rule: Optional[str] = None


def run(vectors: Iterable[Vector], ask: Callable[[dict[str, Any]], Any], names: NameMap) -> Iterator[Result]:
    """Each vector sent through ``ask`` (the program, or :func:`self_answer`) and its answer
    judged; a string from ``ask`` is the runner's own reason the program gave no answer."""
    for vector in vectors:
        answer = ask(translate(vector, names))
        if isinstance(answer, str):
            yield Result(vector, "fail", answer)
        else:
            yield Result(vector, *judge_with_rule(vector, answer, names))


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


def serve_line(line: Union[str, bytes]) -> Optional[str]:
    """``serve``'s answer to one input line, or None for a blank line.  One bad line never
    stops the server: bytes that are not UTF-8, a lone surrogate (issue 27, finding 11) and
    any other error become an ``error`` answer; the answer is always encodable as UTF-8."""
    try:
        text = line.decode("utf-8") if isinstance(line, bytes) else line
    except UnicodeDecodeError as err:
        return json.dumps({"id": None, "error": f"the line is not UTF-8 (byte {err.start})"})
    if not text.strip():
        return None
    try:
        answer = row_answer(json.loads(text))
    except Exception as err:  # one bad line never stops the server
        answer = {"error": f"{type(err).__name__}: {err}"}
    out = json.dumps(answer, ensure_ascii=False)
    try:
        out.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate echoed from the request: JSON's escapes carry it
        out = json.dumps(answer)
    return out
