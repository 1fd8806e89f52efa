"""Hostile clients for the conformance runner (issue 27, "Keep it fixed").

* hostile answers, drawn as JSON values in every outcome field (mixed types, unknown cards,
  impossible seats, deep nesting, lone surrogates), are judged in-process: each is a verdict,
  never an exception, never the judge's last guard ("could not judge"), and a failure names
  a field or cucu-ref's divergence;
* hostile clients, small programs whose misbehaviour is drawn by the test
  (``tests/conformance/clients/hostile_client.py``: not reading, flooding, crashing, stalling,
  huge answers and error output, wrong ids, raw bytes), run through the command line: the
  run always reaches its ``N passed, M failed`` line within its timeouts;
* a scaling check: the time to take an answer and an error output of size n and 8n grows
  linearly, not worse.

The budget is ``CUCU_FUZZ_EXAMPLES`` (``corpus.py``); the clients cost a process each, so they
get a tenth of it.  The long run: ``CUCU_FUZZ_EXAMPLES=5000 nice -n 10 python -m pytest
tests/fuzz/test_fuzz_runner.py -p no:cacheprovider -q``.
"""

from __future__ import annotations

import io
import json
import os
import re
import sys
import time

from corpus import FUZZ_EXAMPLES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cucu_ref.cli.conformance import main
from cucu_ref.services.conformance.names import NameMap
from cucu_ref.services.conformance.program import MAX_ANSWER_BYTES, Process
from cucu_ref.services.conformance.runner import judge
from cucu_ref.services.conformance.vectors import load

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HOSTILE = os.path.join(ROOT, "conformance", "clients", "hostile_client.py")
VECTORS = {v.id: v for v in load()}
# a plain deal (K10), a refusal (an illegal decision) and a deal with a buy-back at stake
SAMPLE = [VECTORS["hand/campli-K10-cuckoo"], next(v for v in VECTORS.values() if v.illegal),
          next(v for v in VECTORS.values() if "pot" in v.doc["vector"].get("checks", ()))]
LAST_LINE = re.compile(r"^\d+ passed, \d+ failed$")


def fuzz(examples: int) -> settings:
    return settings(max_examples=max(examples, 5), deadline=None, derandomize=settings().derandomize,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# ---------------------------------------------------------------------- hostile answers, in-process

atoms = st.one_of(st.none(), st.booleans(), st.integers(-10, 10), st.integers(), st.floats(allow_nan=True),
                  st.sampled_from(["XV", "II", "K", "Zz", "\ud800", "", "0", "Salta", "\u202e"]),
                  st.text(max_size=5))
values = st.recursive(atoms, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=4), inner,
                                                                                         max_size=3), max_leaves=12)
# events a log may hold, well formed, so the first-step comparison runs (not only the shape check)
well_formed_events = st.fixed_dictionaries(
    {"kind": st.sampled_from(["exchange", "arresto", "mark-lost", "keep", "undo", "restart", "no-such-kind"]),
     "seat": st.integers(0, 2)},
    optional={"other": st.integers(0, 2), "card": st.sampled_from(["XV", "II", "K", "7", "matto"]),
              "amount": st.integers(0, 3)})
FIELDS = ("net", "marks", "out", "hands", "next_dealer", "winner", "pot", "virgins", "illegal")


@st.composite
def hostile_answers(draw: st.DrawFn) -> tuple[int, object]:
    k = draw(st.integers(0, len(SAMPLE) - 1))
    vector = SAMPLE[k]
    outcome = dict(vector.expected)
    for field in draw(st.lists(st.sampled_from(FIELDS), max_size=4, unique=True)):
        outcome[field] = draw(values)
    answer: dict[str, object] = {"id": vector.id, "outcome": outcome}
    if draw(st.booleans()):
        answer["log"] = draw(st.lists(well_formed_events, max_size=6) | st.lists(
            st.dictionaries(st.sampled_from(["kind", "seat", "other", "card", "amount"]), values, max_size=5),
            max_size=4) | values)
    if draw(st.integers(0, 9)) == 0:
        return k, draw(values)  # not even an object
    return k, answer


@fuzz(FUZZ_EXAMPLES * 2)
@given(case=hostile_answers())
def test_every_hostile_answer_is_a_verdict_that_says_why(case):
    k, answer = case
    verdict, why = judge(SAMPLE[k], answer, NameMap())
    assert verdict in ("pass", "fail") and "could not judge" not in why, why
    assert verdict == "pass" or why


# ---------------------------------------------------------------------- hostile clients, as processes

steps = st.one_of(
    st.tuples(st.just("answer"), values), st.tuples(st.just("json"), values),
    st.tuples(st.just("id"), values, values), st.tuples(st.just("raw"), st.text(st.characters(max_codepoint=255))),
    st.tuples(st.just("big"), st.sampled_from([10, 70_000, MAX_ANSWER_BYTES + 1])),
    st.tuples(st.just("stderr"), st.sampled_from([0, 200_000])), st.tuples(st.just("sleep"), st.just(1.5)),
    st.tuples(st.just("exit"), st.integers(0, 3)))
turns = st.tuples(st.booleans(), st.lists(steps, max_size=3)).map(lambda t: [["noread"]] * t[0] + [list(s) for s in
                                                                                                    t[1]])


@fuzz(FUZZ_EXAMPLES // 10)
@given(plan=st.lists(turns, min_size=1, max_size=3), per_vector=st.booleans())
def test_every_hostile_client_run_reaches_its_count(plan, per_vector):
    out = io.StringIO()
    args = ["run", *(a for v in SAMPLE for a in ("--id", v.id)), "--timeout", "0.5"]
    started = time.monotonic()
    code = main([*args, *(["--per-vector"] if per_vector else []), "--", sys.executable, HOSTILE, json.dumps(plan)],
                stdout=out)
    lines = out.getvalue().splitlines()
    assert code in (0, 1) and LAST_LINE.match(lines[-1]), lines
    assert all("could not judge" not in line for line in lines), lines
    assert time.monotonic() - started < len(SAMPLE) * 5, "the timeouts did not bound the run"


# ---------------------------------------------------------------------- scaling


def _exchange_time(plan: list, repeat: int = 5) -> float:
    """The best time of one request and its answer, the client warm (started by a first ask)."""
    process = Process([sys.executable, HOSTILE, json.dumps(plan)], False, 30)
    try:
        process.ask({"id": "warm"})
        best = float("inf")
        for _ in range(repeat):
            started = time.perf_counter()
            process.ask({"id": "x"})
            best = min(best, time.perf_counter() - started)
        return best
    finally:
        process.close()


def test_answer_and_error_output_scale_linearly():
    # n and 8n; linear growth gives a ratio near 8 (less, with the fixed cost of a round trip),
    # quadratic 64; the best of five and 50 ms of slack leave room for a shared machine's noise
    # (the answer's 1 MiB cap bounds the worst case anyway; the error output has no cap)
    answer = lambda n: [[["big", n]]]  # noqa: E731 - one padded answer line of n bytes
    errors = lambda n: [[["stderr", n], ["reply", {"error": "done"}]]]  # noqa: E731 - n bytes of stderr, then the answer
    for kind, plan, n in (("answer", answer, MAX_ANSWER_BYTES // 8 - 100), ("stderr", errors, 1_000_000)):
        small, large = _exchange_time(plan(n)), _exchange_time(plan(8 * n))
        assert large < 20 * small + 0.05, (kind, small, large)
