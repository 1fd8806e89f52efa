"""A test program whose misbehaviour is drawn by the test (issue 27): its first argument is a
JSON plan, a list of turns used in a cycle; each turn is a list of steps:

    ["noread"]               do not read a request this turn (must come first)
    ["answer", outcome]      answer the request with this outcome, echoing its id
    ["reply", fields]        answer with these fields, echoing the request's id
    ["id", value, outcome]   answer with this id instead of the request's
    ["json", value]          answer with this JSON value as such
    ["raw", text]            write text (latin-1 bytes) and a newline
    ["big", n]               an answer padded with n spaces before its newline
    ["stderr", n]            write n bytes of error output
    ["spawn", path]          start a child that sleeps, its pid written to path
    ["sleep", s]             sleep s seconds
    ["exit", code]           exit now
"""

import json
import subprocess
import sys
import time

PLAN = json.loads(sys.argv[1])
out = sys.stdout.buffer


def answer(value):
    out.write(json.dumps(value).encode() + b"\n")
    out.flush()


def act(step, request_id):
    what = step[0]
    if what == "answer":
        answer({"id": request_id, "outcome": step[1]})
    elif what == "reply":
        answer({"id": request_id, **step[1]})
    elif what == "id":
        answer({"id": step[1], "outcome": step[2]})
    elif what == "json":
        answer(step[1])
    elif what == "raw":
        out.write(step[1].encode("latin-1") + b"\n")
        out.flush()
    elif what == "big":
        out.write(json.dumps({"id": request_id, "error": "padded"}).encode() + b" " * step[1] + b"\n")
        out.flush()
    elif what == "stderr":
        block = (b"e" * 1023 + b"\n") * 64
        for _ in range(step[1] // len(block)):
            sys.stderr.buffer.write(block)
        sys.stderr.buffer.write(b"the last error line\n")
        sys.stderr.flush()
    elif what == "spawn":
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
        with open(step[1], "w") as f:
            f.write(str(child.pid))
    elif what == "sleep":
        time.sleep(step[1])
    elif what == "exit":
        sys.exit(step[1])


turn = 0
while True:
    steps = PLAN[turn % len(PLAN)]
    turn += 1
    request_id = None
    if not steps or steps[0][0] != "noread":
        line = sys.stdin.buffer.readline()
        if not line:
            break
        request_id = json.loads(line).get("id")
    for step in steps:
        act(step, request_id)
