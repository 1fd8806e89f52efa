"""The notation in the fuzz suite (issue 27, "Keep it fixed"): hostile deals in the notation
through the whole command line, drawn by the grammar and at the level of bytes, and a scaling
check for every input kind that was quadratic or unbounded.

For every input: exit 0 or 1, never 3 and never a traceback; the JSON record valid against the
ruling schema; every problem placed (a notation problem says 'line L, column C', a later one
has its JSON path); every output line printable.  A text that reads is written back stably
(``format(parse(t))`` is a fixed point).

The budget is ``CUCU_FUZZ_EXAMPLES`` as for the rest of tests/fuzz; the long run is in
docs/cli.rst ("Fuzzing").
"""

from __future__ import annotations

import io
import json
import os
import time
from typing import Callable

import pytest
from corpus import FUZZ_EXAMPLES, NOTATION
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_fuzz_cli import DOCUMENT_LEVEL, RULING

from cucu_ref.cli.adjudicate import main
from cucu_ref.formats import vocabulary as V
from cucu_ref.formats.notation import NotationError, errors_text, format, parse
from cucu_ref.game.rulesets import PRESETS


def fuzz(examples: int):
    return settings(max_examples=examples, deadline=None, derandomize=settings().derandomize,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much, HealthCheck.large_base_example])


def run(data: bytes, *args: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main([*args, "-"], stdin=io.BytesIO(data), stdout=out, stderr=err)
    assert "Traceback" not in out.getvalue() + err.getvalue()
    assert err.getvalue() == ""
    return code, out.getvalue()


def check(data: bytes) -> None:
    code, text = run(data)
    jcode, jtext = run(data, "--format", "json")
    record = json.loads(jtext)
    assert jcode in (0, 1) and code == jcode, record
    errors = sorted(RULING.iter_errors(record), key=str)
    assert not errors, errors[0]
    for p in record["problems"]:
        assert p["path"] != "$" or p["message"].startswith(DOCUMENT_LEVEL), p
    for out in (text, jtext):
        assert all(line.isprintable() for line in out.split("\n"))


def check_round_trip(text: str) -> None:
    try:
        doc = parse(text)
    except NotationError:
        return
    written = format(doc)
    assert format(parse(written)) == written


# --------------------------------------------------------------------------- strategies

HOSTILE_NAMES = ["Anna", "Bruno", "Chlo\u00e9", "Chloe\u0301", "\u0410nna", "\"Anna B\"", "\"a\\u200db\"", "A" * 60,
                 "Player 1", "Dora", "claim", "\"x, y\"", "Anna\x07", "Anna\u2028", "\ufeffAnna", "#1"]
NUMBERS = ["0", "1", "2", "64", "65", "200", "201", "9" * 101, "9" * 5000, "\uff19" * 5000, "-1", "+3", "1e9"]
CARDS = ["V", "XII", "XV", "matto", "?", "roi", "dame", "7", "as", "Kh", "gnaf", "zumb", "XVI", "\"V\""]
WORDS = sorted({w.text for w in V.WORDS})
CLAIM_HEADS = ["claim", "claim by Anna", "Anna claims", "Dora behauptet", "påstand", "påstand fra Dora",
               "Anna sostiene", "réclamation de Anna", "\"Anna\" claims"]
SHOWN = ["shown", "mostrate", "gezeigt", "montrées", "vist"]
TAILS = ["", "!", "!!!", "?", ".", " !?." * 20, "  # a note", "  # \x1b[2J", "  # a\u2028b", "\ufeff"]


@st.composite
def notation_texts(draw) -> str:
    """A deal drawn from the grammar: headers (some missing, some doubled), player lines of
    words, cards, numbers and hostile names, exchanges, cards shown and a claim in any of the
    five languages, each line with a hostile tail drawn now and then."""
    name = st.sampled_from(HOSTILE_NAMES)
    tail = st.sampled_from(TAILS)
    players = draw(st.lists(name, min_size=1, max_size=6))
    lines = []
    if draw(st.integers(0, 9)):
        lines.append(f"Ruleset: {draw(st.sampled_from(sorted(PRESETS) + ['nope']))}")
    if draw(st.booleans()):
        lines.append(f"Options: stake={draw(st.sampled_from(NUMBERS))}")
    lines.append("Players: " + ", ".join(f"{p} {draw(st.sampled_from(NUMBERS))}" if draw(st.booleans()) else p
                                         for p in players))
    lines.append(f"Dealer: {draw(st.sampled_from(players))}")
    for key in ("Pot", "Eliminations", "Reentries", "Deals"):
        if draw(st.integers(0, 3)) == 0:
            lines.append(f"{key}: {draw(st.sampled_from(NUMBERS))}")
    if draw(st.booleans()):
        lines.append("Stack: " + draw(st.sampled_from(["order", "top", "cards", "bottom", "heap"])) + " "
                     + " ".join(draw(st.lists(st.sampled_from(CARDS), max_size=5))))
    if draw(st.booleans()):
        lines.append("Dealt: " + ", ".join(f"{p} {draw(st.sampled_from(CARDS))}" for p in players))
    for _ in range(draw(st.integers(0, 8))):
        kind = draw(st.integers(0, 9))
        who = draw(name)
        if kind == 0:
            lines.append(f"{who} <> {draw(name)}")
        elif kind == 1:
            lines.append(draw(st.sampled_from(SHOWN)) + ": " + ", ".join(
                f"{p} {draw(st.sampled_from(CARDS))}" for p in draw(st.lists(name, max_size=4))))
        else:
            items = draw(st.lists(st.one_of(st.sampled_from(WORDS), st.sampled_from(CARDS),
                                            st.sampled_from(["paga " + n for n in NUMBERS]),
                                            st.sampled_from(["stack XV", "talon roi", "mazzo ?", "act keep"])),
                                  min_size=1, max_size=4))
            lines.append(f"{who}: " + ", ".join(items) + draw(tail))
    if draw(st.booleans()):
        verbs = st.sampled_from(["loses", "loses " + draw(st.sampled_from(NUMBERS)), "gains", "out", "holds XV",
                                 "net +" + draw(st.sampled_from(NUMBERS)), "verliert 2", "taber", "perd"])
        items = [f"{draw(name)} {draw(verbs)}" for _ in range(draw(st.integers(0, 3)))]
        lines.append(f"{draw(st.sampled_from(CLAIM_HEADS))}: " + ", ".join(items))
    return "\n".join(lines) + draw(st.sampled_from(["\n", "", "\r\n"]))


SPLICES = [b"\xef\xbb\xbf", b"\x00", b"\xff", b"\xed\xa0\x80", b"\x07", "\u2028".encode(), "\u0085".encode(),
           b"9" * 120, "\uff19".encode() * 50, b"!" * 200, b'"', b'"' * 3, b", " * 50, b"#", b": ",
           b"\nclaim: Anna loses 99999999999999\n", b"\nPlayers: ", "\nДора: passo\n".encode(),
           "\npåstand: Anna taber\n".encode(), b"\nRuleset: campli\n", b"\nAnna: ", b" <> "]


@st.composite
def notation_bytes(draw) -> bytes:
    """A shipped deal in the notation edited as bytes: bytes flipped, inserted or deleted, the
    text cut, lines doubled, and hostile pieces spliced in (bad UTF-8, controls, separators, long
    and full-width numbers, runs of marks, quotes and commas, claims and headers)."""
    data = bytearray(draw(st.sampled_from(NOTATION)))
    for _ in range(draw(st.integers(1, 4))):
        if not data:
            break
        at = draw(st.integers(0, len(data) - 1))
        op = draw(st.sampled_from(["flip", "insert", "delete", "cut", "splice", "splice", "double"]))
        if op == "flip":
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif op == "insert":
            data[at:at] = bytes([draw(st.integers(0, 255))])
        elif op == "delete":
            del data[at]
        elif op == "cut":
            del data[at:]
        elif op == "double":
            start = data.rfind(b"\n", 0, at) + 1
            end = data.find(b"\n", at)
            line = bytes(data[start:end if end >= 0 else len(data)])
            data[start:start] = (line + b"\n") * draw(st.integers(1, 20))
        else:
            data[at:at] = draw(st.sampled_from(SPLICES))
    return bytes(data)


# --------------------------------------------------------------------------- the properties

@fuzz(FUZZ_EXAMPLES)
@given(text=notation_texts())
def test_notation_drawn_from_the_grammar(text):
    check(text.encode("utf-8", "surrogatepass"))
    check_round_trip(text)


@fuzz(FUZZ_EXAMPLES)
@given(data=notation_bytes())
def test_notation_mutated_as_bytes(data):
    check(data)


@pytest.mark.parametrize("index", range(len(NOTATION)))
def test_every_shipped_deal_reads_and_is_written_back_stably(index):
    check(NOTATION[index])
    check_round_trip(NOTATION[index].decode("utf-8"))


# --------------------------------------------------------------------------- scaling

HEAD = "Ruleset: campli\nPlayers: Anna, Bruno, Carla, Dora\nDealer: Dora\n"


def _names(n: int) -> str:
    return ", ".join(f"P{i}" for i in range(n))


# each input kind that was quadratic or unbounded (issue 27, findings 1-3), as text of about n
# characters
KINDS: dict[str, Callable[[int], str]] = {
    "trailing marks": lambda n: HEAD + "Carla: gnaf" + "!" * n + "\n",
    "trailing marks in a header": lambda n: "Ruleset: campli" + "!" * n + "\nPlayers: Anna, Bruno\nDealer: Anna\n",
    "dealt line": lambda n: f"Ruleset: campli\nPlayers: {_names(n // 12)}\nDealer: P0\nDealt: "
                            + ", ".join(f"P{i} V" for i in range(n // 12)) + "\n",
    "not seated": lambda n: f"Ruleset: campli\nPlayers: {_names(n // 12)}\nDealer: P0\n"
                            + "".join(f"X{i}: passo\n" for i in range(n // 20)),
    "quoted stack": lambda n: HEAD + "Stack: order " + '"V" ' * (n // 4) + "\n",
    "history lines": lambda n: HEAD + "Anna: passo\n" * (n // 12),
    "long integer": lambda n: HEAD + "Pot: " + "9" * n + "\n",
    "full-width integer": lambda n: HEAD + "Pot: " + "\uff19" * n + "\n",
    "claim count": lambda n: HEAD + "claim: Anna loses " + "9" * n + "\n",
    "quoted names": lambda n: "Ruleset: campli\nPlayers: " + ", ".join(f'"P {i}"' for i in range(n // 7))
                              + "\nDealer: P0\n",
    "commas": lambda n: HEAD + "Anna: V" + ", passo" * (n // 7) + "\n",
    "long unknown word": lambda n: HEAD + "Anna: " + "x" * n + "\n",
    "long name not seated": lambda n: HEAD + "A" * n + ": passo\n",
    "control at the end": lambda n: HEAD + "Anna: passo  # " + "a" * n + "\x07\n",
}


# CI's size; the long run takes CUCU_SCALING_N=100000 (docs/cli.rst), where the old header's
# trailing marks and the quoted stack, quadratic in copying, show their growth too
SCALING_N = int(os.environ.get("CUCU_SCALING_N") or 16_000)


def _seconds(text: str, tries: int) -> float:
    """The best of ``tries`` times to read ``text`` and write its problems as the command line
    does (their text is what grew quadratically for 'not seated')."""
    best = float("inf")
    for _ in range(tries):
        start = time.perf_counter()
        try:
            parse(text)
        except NotationError as err:
            errors_text(err.errors, "deal.txt")
        best = min(best, time.perf_counter() - start)
    return best


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_time_grows_linearly(kind):
    # n and 8n characters: linear growth is about 8 times the time (4 to 9.4 measured), the old
    # quadratic paths grew 22 to 100 times; the bound, 16, leaves room for a shared machine's
    # noise, and a floor of 10 ms for the timer's.  Any other exception than a NotationError
    # fails (the long integers exited 3)
    make = KINDS[kind]
    n = SCALING_N
    small, large = _seconds(make(n), 3), _seconds(make(8 * n), 2)
    assert large <= 16 * max(small, 0.01), f"{kind}: {small:.3f} s at n={n}, {large:.3f} s at 8n"
