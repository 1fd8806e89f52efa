"""The runner against hostile clients (issue 27, findings 7-12) and its diagnoses (issue 25 §2, §4).

Each test drives ``tests/conformance/clients/hostile_client.py`` with a plan of misbehaviour
through the real command line.  The vector most tests use is ``hand/campli-K10-cuckoo``
(worked by hand from seed 000, §Ereigniskarten): Andrea (seat 0) offers, Beatrice's XV is a
cuckoo, no exchange and no cost (K10); Chiara and the dealer Dario keep (K5, K8); Andrea's II
is lowest and loses one mark (K15); the player right of the dealer, Andrea, deals next (K2).
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time
import tracemalloc

import pytest

from cucu_ref.cli.conformance import main
from cucu_ref.services.conformance.program import MAX_ANSWER_BYTES, Process

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "clients")
HOSTILE = os.path.join(HERE, "hostile_client.py")
K10 = "hand/campli-K10-cuckoo"
# the outcome worked out above (K10, K5, K8, K15, K2)
RIGHT = {"net": [-1, 0, 0, 0], "out": [], "hands": ["II", "XV", "V", "VII"], "next_dealer": 0, "winner": None}


def run(plan: list, *args: str) -> tuple[int, list[str], float]:
    out = io.StringIO()
    started = time.monotonic()
    code = main(["run", *args, "--", sys.executable, HOSTILE, json.dumps(plan)], stdout=out)
    return code, out.getvalue().splitlines(), time.monotonic() - started


def one_fail(lines: list[str]) -> str:
    fails = [line for line in lines if line.startswith("FAIL ")]
    assert lines[-1] == "0 passed, 1 failed" and len(fails) == 1, lines
    return fails[0]


def test_the_plan_that_answers_right_passes():
    code, lines, _ = run([[["answer", RIGHT]]], "--id", K10)
    assert code == 0 and lines[-1] == "1 passed, 0 failed", lines


# ---------------------------------------------------------------------- finding 7: never reads


def test_a_client_that_never_reads_its_input_cannot_hang_the_runner():
    # it floods answers and never reads: the requests fill its input pipe, its answers fill the
    # runner's; a blocking write waits forever (the old runner hung here), --timeout must fire
    flood = [[["noread"], ["json", {"id": None, "error": "flood"}]]]
    code, lines, took = run(flood, "--preset", "campli", "--timeout", "0.5")
    assert code == 1 and lines[-1].startswith("0 passed, ")
    # either the request cannot be written in time, or the client floods past the answer cap first
    stuck = ("no answer within 0.5 s", "the program wrote over 1048576 bytes without reading its request")
    assert any(said in line for line in lines for said in stuck), lines[:3]
    assert took < 60


def test_a_request_larger_than_the_pipe_to_a_client_that_never_reads_times_out():
    process = Process([sys.executable, HOSTILE, json.dumps([[["noread"], ["sleep", 30]]])], False, 0.5)
    started = time.monotonic()
    try:
        said = process.ask({"id": "x", "padding": "p" * 2_000_000})
    finally:
        process.close()
    assert said == "no answer within 0.5 s" and time.monotonic() - started < 5


# ---------------------------------------------------------------------- finding 8, issue 25 §4


@pytest.mark.parametrize(("outcome", "says"), [
    ({**RIGHT, "out": [1, "a"]}, "out[1]: 'a' is not a seat number"),
    ({**RIGHT, "virgins": [0, "x"]}, "virgins[1]: 'x' is not a seat number"),
    ({**RIGHT, "winner": ["XV", None]}, "winner[0]: 'XV' is not a seat number"),
    ({**RIGHT, "next_dealer": 7}, "next_dealer: seat 7 does not exist (the seats are 0 to 3)"),
    ({**RIGHT, "out": [4]}, "out[0]: seat 4 does not exist"),
    ({**RIGHT, "net": "minus one"}, "net: 'minus one' is not an array by seat"),
    ({**RIGHT, "net": [True, 0, 0, 0]}, "net[0]: True is not a whole number"),
    ({**RIGHT, "net": [-1, 0, 0]}, "net: 3 entries for 4 seats"),
    ({**RIGHT, "hands": ["II", 15, "V", "VII"]}, "hands[1]: 15 is not a card name"),
    ({**RIGHT, "pot": -1}, "pot: -1 is not a number of stakes"),
    # a refusal whose hands hold an unknown card name (crashed _diagnosis with CardNameError)
    ({"illegal": {"step": 0}, "hands": ["Zz", "XV", "V", "VII"]}, "hands[0]: "),
    ({"illegal": {"step": "1"}}, "illegal.step: '1' is not a decision's index"),
])
def test_a_malformed_answer_names_its_field_and_the_run_ends_with_its_count(outcome, says):
    code, lines, _ = run([[["answer", outcome]]], "--id", K10)
    line = one_fail(lines)
    assert code == 1 and "malformed answer: " in line and says in line, line


def test_the_answer_must_echo_the_requests_id():
    # the right outcome under another id: an out-of-step client is not judged against this vector
    code, lines, _ = run([[["id", "hand/someone-else", RIGHT]]], "--id", K10)
    line = one_fail(lines)
    assert "the answer's id 'hand/someone-else' is not the request's 'hand/campli-K10-cuckoo'" in line


def test_a_programs_own_words_are_clipped():
    code, lines, _ = run([[["reply", {"error": "e" * 100_000}]]], "--id", K10)
    assert one_fail(lines).endswith("e" * 300 + "... (99700 more characters)")


def test_a_skip_reason_cannot_forge_a_line_in_the_summary():
    code, lines, _ = run([[["reply", {"skip": "no inn\n1 passed, 0 failed"}]]], "--id", K10)
    assert lines[-1] == "0 passed, 0 failed" and "  1 no inn\\n1 passed, 0 failed" in lines, lines


def test_hostile_text_from_the_client_cannot_forge_a_line():
    code, lines, _ = run([[["reply", {"error": "x\n1 passed, 0 failed\x1b[2J\ud800"}]]], "--id", K10)
    line = one_fail(lines)
    assert "\\n1 passed" in line and "\\x1b" in line and "\\ud800" in line


# ---------------------------------------------------------------------- findings 9, 10, 12


def test_the_clients_error_output_is_held_as_a_bounded_tail():
    tracemalloc.start()
    try:
        code, lines, _ = run([[["stderr", 40_000_000], ["exit", 3]]], "--id", K10)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    line = one_fail(lines)
    assert line.endswith("the program stopped (exit code 3); its last error output: the last error line")
    assert peak < 8_000_000, peak  # 40 MB of error output; the old runner read it all back


@pytest.mark.parametrize("mode", [[], ["--per-vector"]])
def test_an_answer_line_is_capped_the_same_in_both_modes(mode):
    code, lines, _ = run([[["big", MAX_ANSWER_BYTES + 10]]], "--id", K10, *mode)
    assert f"the answer is longer than {MAX_ANSWER_BYTES} bytes" in one_fail(lines)
    code, lines, _ = run([[["big", MAX_ANSWER_BYTES - 200]]], "--id", K10, *mode)
    assert "the program reported an error: padded" in one_fail(lines)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_a_timed_out_clients_children_are_ended_with_it(tmp_path):
    pid_file = tmp_path / "child.pid"
    code, lines, _ = run([[["spawn", str(pid_file)], ["sleep", 30]]], "--id", K10, "--timeout", "1")
    assert "no answer within 1 s" in one_fail(lines)
    pid = int(pid_file.read_text())
    deadline = time.monotonic() + 5
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(pid), "the client's child outlived the run"


# ---------------------------------------------------------------------- finding 11: serve


def test_serve_survives_a_lone_surrogate_bytes_that_are_not_utf8_and_a_line_too_long():
    from cucu_ref.services.conformance.vectors import input_of, load

    vector = next(v for v in load() if v.id == K10)
    lines = (b'{"id":"\\ud800"}\n\xff\xfe\n' + b" " * 1_100_000 + b"{}\n"
             + json.dumps(input_of(vector)).encode() + b"\n")
    done = subprocess.run([sys.executable, "-m", "cucu_ref.cli.conformance", "serve"], input=lines,
                          capture_output=True, timeout=60, check=False)
    answers = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
    assert done.returncode == 0 and len(answers) == 4, done.stderr
    assert "error" in answers[0] and "error" in answers[1]
    assert answers[2] == {"id": None, "error": "the line is longer than 1048576 bytes"}
    assert answers[3]["id"] == K10 and {k: answers[3]["outcome"][k] for k in RIGHT} == RIGHT


# ---------------------------------------------------------------------- issue 25 §2: the first step


def test_a_log_names_the_first_step_that_differs_with_its_rule():
    # a program that exchanges with a cuckoo: its log parts from cucu-ref's at the first event,
    # where K10 says "no exchange"; without the log its wrong hands would name no such step
    log = [{"kind": "exchange", "seat": 0, "other": 1}, {"kind": "mark-lost", "seat": 1, "amount": 1}]
    wrong = {**RIGHT, "net": [0, -1, 0, 0], "hands": ["XV", "II", "V", "VII"]}
    code, lines, _ = run([[["reply", {"outcome": wrong, "log": log}]]], "--id", K10)
    line = one_fail(lines)
    assert "step 0 of the log: the program Andrea exchange with Beatrice; cucu-ref Beatrice arresto with Andrea" in line
    assert "[K10 " in line
    right_log = [{"kind": "arresto", "seat": 1, "other": 0}, {"kind": "mark-lost", "seat": 0}]
    code, lines, _ = run([[["reply", {"outcome": RIGHT, "log": right_log}]]], "--id", K10)
    assert code == 0 and lines[-1] == "1 passed, 0 failed", lines
    # the right outcome with a log that misses the loss: the log is judged too
    code, lines, _ = run([[["reply", {"outcome": RIGHT, "log": right_log[:1]}]]], "--id", K10)
    assert "step 1 of the log: the program nothing more; cucu-ref Andrea mark-lost" in one_fail(lines)


def test_a_client_that_asks_after_the_trace_ends_is_told_which_step_ended_the_deal():
    # the dealer Dario decides last and keeps: the deal is over (K8), whatever the program asks
    code, lines, _ = run([[["reply", {"asks": {"seat": 0}}]]], "--id", K10)
    line = one_fail(lines)
    assert "asks for a decision after the trace ends: the deal should be over after Dario's 'keep' [K8 " in line


def test_without_a_log_the_rule_is_the_inferred_cause_not_the_first_field():
    # hand/campli-K19-both-out-restart: Andrea and Beatrice lose their last marks, the others
    # are out already: everybody is back on 3 marks (K18).  A program without K18 puts all four
    # out; the first differing field is 'out' (K16), but the cause is the restart, K18.
    no_restart = {"net": [-1, -1, 0, 0], "marks": [0, 0, 0, 0], "out": [0, 1, 2, 3],
                  "hands": ["V", "XIIII", None, None], "next_dealer": None, "winner": None}
    code, lines, _ = run([[["answer", no_restart]]], "--id", "hand/campli-K19-both-out-restart")
    line = one_fail(lines)
    assert "the answer contradicts cucu-ref's restart (the whole table) [K18 " in line, line


def test_a_dealer_taking_the_wrong_end_of_the_stack_is_named_by_the_dealers_exchange():
    # Q6: a program that reads Lu Stù's dealer exchange as the top of the stack.  The first
    # field that differs may be 'net' (the showdown, L3), but the cause is the dealer's
    # exchange with the stack, K8 (seed 000, §Geben und Kartentausch: the dealer exchanges
    # with the stack; Q6 asks which end).  The answer is cucu-ref's own under stack-top.
    from cucu_ref.formats import trace as T
    from cucu_ref.services.conformance.names import NameMap
    from cucu_ref.services.conformance.runner import judge
    from cucu_ref.services.conformance.vectors import input_of, load

    vector = next(v for v in load() if v.id == "lu-stu-005")
    doc = {**input_of(vector), "ruleset": {"preset": "lu-stu", "options": {"dealer_exchange": "stack-top"}}}
    verdict, why = judge(vector, {**T.answer(doc), "id": vector.id}, NameMap())
    assert verdict == "fail" and "the answer contradicts cucu-ref's Fabio exchange-with-stack [K8 " in why, why
