"""``inputs.load`` reads with one decoder per thread (issue 13, fourth round) and answers as
``json.loads`` with its hooks did: the same documents, the same problems, the same messages."""

from __future__ import annotations

import json
import random
import threading
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from cucu_ref.formats import inputs

ROOT = Path(__file__).resolve().parents[2]


def _answer(data: bytes | str) -> Any:
    try:
        return ("doc", inputs.load(data))
    except inputs.InputError as err:
        return ("error", err.problems)


def _as_before(data: bytes | str) -> Any:
    """``load`` with ``json.loads`` and fresh hooks per document, as it read before."""
    marks: list[str] = []

    def decode(text: str) -> Any:
        return json.loads(text, object_pairs_hook=inputs._pairs(marks), parse_constant=inputs._constant(marks),
                          parse_int=inputs._integer(marks))

    real = inputs._READER
    inputs._READER = SimpleNamespace(marks=marks, decoder=SimpleNamespace(decode=decode))  # type: ignore[assignment]
    try:
        return _answer(data)
    finally:
        inputs._READER = real


def _texts(rng: random.Random) -> list[str]:
    base = [p.read_text("utf-8") for p in sorted((ROOT / "examples").glob("*.json"))]
    out = []
    for _ in range(400):
        text = rng.choice(base)
        k = rng.randrange(7)
        i = rng.randrange(len(text) + 1)
        if k == 0:
            text = text[:i]  # cut short
        elif k == 1:
            text = text.replace('"players"', '"players": [], "players"', 1)  # a field twice
        elif k == 2:
            text = text[:i] + rng.choice(["NaN", "-Infinity", "1" * 120, "[", "}", ",", '"\\ud800"']) + text[i:]
        elif k == 3:
            text = "\ufeff" * rng.randrange(1, 3) + text
        elif k == 4:
            text = text + rng.choice([" x", "\n{}", ""])
        out.append(text)
    return out


def test_load_answers_as_json_loads_with_its_hooks_did() -> None:
    for text in _texts(random.Random(12)):
        for data in (text.encode("utf-8", "surrogatepass"), text):
            assert _answer(data) == _as_before(data), text[:80]


def test_a_second_byte_order_mark_is_refused_with_json_s_own_words() -> None:
    with pytest.raises(json.JSONDecodeError) as err:
        json.loads("\ufeff{}")
    expected = f"not JSON: {err.value.msg} at line {err.value.lineno}, column {err.value.colno}"
    for data in (b"\xef\xbb\xbf\xef\xbb\xbf{}", "\ufeff\ufeff{}"):
        with pytest.raises(inputs.InputError) as got:
            inputs.load(data)
        assert got.value.problems == [inputs.InputProblem("$", expected)]
    assert inputs.load(b"\xef\xbb\xbf{}") == {} and inputs.load("\ufeff{}") == {}


def test_what_one_document_marked_does_not_reach_the_next() -> None:
    with pytest.raises(inputs.InputError):
        inputs.load(b'{"a": 1, "a": 2}')
    assert inputs.load(b'{"a": 1, "b": 2}') == {"a": 1, "b": 2}
    with pytest.raises(inputs.InputError):
        inputs.load(b'{"a": ' + b"1" * 101 + b"}")
    assert inputs.load(b'{"a": 1}') == {"a": 1}


def test_each_thread_reads_with_its_own_decoder() -> None:
    good = b'{"x": [1, 2, {"y": 3}]}'
    bad = b'{"x": 1, "x": 2}'
    wrong: list[Any] = []

    def work(data: bytes, ok: bool) -> None:
        try:
            for _ in range(300):
                answer = _answer(data)
                if (answer[0] == "doc") != ok:
                    wrong.append(answer)
        except BaseException as err:  # (a thread's exception would not reach the test)
            wrong.append(err)

    threads = [threading.Thread(target=work, args=(good if k % 2 else bad, bool(k % 2))) for k in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not wrong


def test_a_reader_notes_in_its_own_list_what_needs_a_walk() -> None:
    reader = inputs._Reader()  # (the module's own was built at import)
    assert reader.marks == [] and reader is not inputs._READER
    doc = reader.decoder.decode('{"a": 1, "a": 2, "b": [NaN, ' + "7" * 101 + ', 12]}')
    assert reader.marks == ["constant", "integer", "duplicates"]
    assert isinstance(doc, inputs._Duplicates) and doc.duplicates == ["a"]
    assert isinstance(doc["b"][0], inputs._Constant) and doc["b"][0].literal == "NaN"
    assert isinstance(doc["b"][1], inputs._LongInteger) and doc["b"][1].digits == 101
    assert doc["b"][2] == 12 and type(doc["b"][2]) is int
    assert inputs._READER.marks is not reader.marks
