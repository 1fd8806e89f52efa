"""The batch's faster paths (issue 13, third round) give what the plain ones gave.

Each test compares a fast path with the slow way it replaces, on inputs where both run, so
that a fast path that drifts fails here (the corpus comparison in docs/dev/engine-speed.md
checks the whole output; these check each piece on its own)."""

from __future__ import annotations

import gc
import io
import json
import random
import sys
from pathlib import Path

import pytest

from cucu_ref.cli import adjudicate as cli
from cucu_ref.services.adjudication import adjudicate, explain
from cucu_ref.services.adjudication.replay import run_position
from cucu_ref.formats.position import load, parse
from cucu_ref.services.render import _escape_json, _escape_text, _escaped, ruling_json

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))


def _positions(count: int, seed: int, players: int = 4) -> list[str]:
    import bench_adjudicate

    return bench_adjudicate.random_positions(count, seed=seed, players=players)


def _reference_escaped(text: str, escape: object) -> str:
    # render._escaped as it was before its Latin-1 fast path
    if text.isprintable():
        return text
    return "\n".join(line if line.isprintable() else "".join(ch if ch.isprintable() else escape(ch)  # type: ignore
                                                             for ch in line) for line in text.split("\n"))


def test_printable_check_agrees_with_isprintable_on_every_latin1_character_and_beyond():
    rng = random.Random(13)
    alphabet = [chr(c) for c in range(0x180)] + ["\u2028", "\u202e", "\u00ad", "\U0001F600", "\ud800", "\n"]
    printable_latin1 = [chr(c) for c in range(0x20, 0x100) if chr(c).isprintable()]
    samples = [chr(c) for c in range(0x180)] + ["Cuccù § ok\nnext line", "", "\n\n"]
    for _ in range(3000):
        samples.append("".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 10))))
        samples.append("".join(rng.choice(printable_latin1) for _ in range(rng.randrange(0, 30))) + "\n")
    escaped = 0
    for text in samples:
        for escape in (_escape_text, _escape_json):
            got = _escaped(text, escape)
            assert got == _reference_escaped(text, escape), repr(text)
            escaped += got != text
    assert escaped > 1000  # the comparison covered text that needs escaping, not only the fast path


def test_record_text_is_json_dumps_of_the_record():
    lines = _positions(40, seed=21)
    for i, line in enumerate(lines):
        code, record, _ = cli.adjudicate_document(line.encode(), f"line {i}")
        assert code == 0
        for indent in (None, 2):
            assert cli._json_text(record, indent) == json.dumps(record, ensure_ascii=False, indent=indent)


def _batch(lines: list[str], *extra: str) -> str:
    out = io.StringIO()
    assert cli.main(["--batch", *extra, "-"], stdin=io.BytesIO(("\n".join(lines) + "\n").encode()), stdout=out) == 0
    return out.getvalue()


def test_explanations_memo_gives_what_a_fresh_start_gives(monkeypatch):
    # two tables with the same cards and decisions but other names: the memo of texts is keyed
    # by the names, so neither table's names leak into the other's rulings
    lines = _positions(60, seed=5)
    renamed = [line.replace("Anna", "Zoe").replace("Bruno", "Ugo") for line in lines]
    everything = lines + renamed + lines
    warm = _batch(everything)
    cold_parts = []
    for i, line in enumerate(everything):
        explain._MEMO.clear()
        _, record, _ = cli.adjudicate_document(line.encode(), f"line {i + 1}")
        cold_parts.append(cli._json_text(record) + "\n")
    assert warm == "".join(cold_parts)
    assert "Zoe" in warm and "Ugo" in warm
    # a memo bounded to a handful of texts is cleared and refilled on the way: same output
    monkeypatch.setattr(explain, "_MEMO_SIZE", 5)
    explain._MEMO.clear()
    assert _batch(everything) == warm


def test_a_ruling_leaves_no_reference_cycle():
    # the recorder and the search used to hold each other (and the checkpoints' states the
    # recorder): each position's run waited for the garbage collector
    docs = [json.loads(line) for line in _positions(30, seed=8)]
    for name in ("campli-cat-undo.json", "campli-inn-nulla.json", "lu-stu-cat-way-back.json",
                 "campli-unknown-card.json"):
        docs.append(load((ROOT / "examples" / name).read_bytes()))
    gc.collect()
    gc.disable()
    try:
        found = 0
        for doc in docs:
            pos, problems = parse(doc)
            assert pos is not None, problems
            ruling = adjudicate(pos)
            assert ruling.ok
            found += bool(ruling.readings)
            ruling_json(ruling, "x")
            del ruling, pos
            assert gc.collect() == 0
    finally:
        gc.enable()
    assert found  # readings were re-run (the recorder's checkpoints were used)


def test_the_recorder_watches_the_open_points_and_notes_their_first_read():
    doc = load((ROOT / "examples" / "campli-cat-undo.json").read_bytes())
    pos, _ = parse(doc)
    assert pos is not None
    run = run_position(pos, pos.rules, record=True)
    from cucu_ref.game.rulesets import open_options

    import dataclasses

    watched = set(open_options(pos.preset))
    fields = {f.name for f in dataclasses.fields(pos.rules)}
    assert run.read & watched  # the open points read are noted ...
    assert not (run.read & fields) - watched  # ... and no other setting (the engine reads 'dealing' every deal)
    assert set(run.first) == set(run.read)  # a linear run: each read noted with its checkpoint


@pytest.mark.parametrize("players", [4, 6])
def test_jobs_two_gives_the_bytes_of_jobs_one(players):
    lines = _positions(30, seed=3, players=players)
    assert _batch(lines, "--jobs", "2") == _batch(lines)


def test_positions_with_the_same_options_share_one_ruleset_value():
    from cucu_ref.formats import position
    from cucu_ref.game.rulesets import PRESETS

    docs = [json.loads(line) for line in _positions(6, seed=9)]
    for doc in docs:
        doc["ruleset"] = {"preset": "campli", "options": {"ties": "first", "stake": 2}}
    parsed = [parse(doc)[0] for doc in docs]
    assert all(p is not None for p in parsed)
    first = parsed[0].rules  # type: ignore[union-attr]
    assert all(p.rules is first for p in parsed)  # type: ignore[union-attr]
    assert first == PRESETS["campli"].with_options({"ties": "first", "stake": 2})
    # the same options with other types are other settings, and an unknown reading is refused
    # every time, never kept
    assert position._with_options(PRESETS["campli"], {"stake": True}) is not position._with_options(
        PRESETS["campli"], {"stake": 1})
    bad = dict(docs[0], ruleset={"preset": "campli", "options": {"ties": "middle"}})
    for _ in range(2):
        pos, problems = parse(bad)
        assert pos is None and any("ties" in p.path for p in problems)
    # and the rulings are those of a ruleset built afresh
    lines = [json.dumps(doc) for doc in docs]
    warm = _batch(lines)
    position._WITH_OPTIONS.clear()
    explain._MEMO.clear()
    for i, line in enumerate(warm.splitlines()):
        position._WITH_OPTIONS.clear()
        explain._MEMO.clear()
        fresh = _batch(lines[i:i + 1]).splitlines()
        assert len(fresh) == 1 and line == fresh[0].replace('"line 1"', f'"line {i + 1}"')


def test_the_identity_memo_keeps_by_ruleset_and_key_and_never_keeps_a_failure():
    """rulesets.by_identity (the adjudicator's memos of what a Rules gives): one build per
    (rules, key); an equal Rules that is another object is another entry; a build that raises
    keeps nothing; past its limit the store starts again."""
    from cucu_ref.game.rulesets import PRESETS, by_identity

    store: dict = {}
    built = []
    campli = PRESETS["campli"]
    twin = campli.with_options({})  # equal, another object
    assert twin == campli and twin is not campli

    def build(tag):
        built.append(tag)
        return [tag]

    first = by_identity(store, campli, "k", lambda: build(1), 8)
    assert by_identity(store, campli, "k", lambda: build(2), 8) is first and built == [1]
    assert by_identity(store, twin, "k", lambda: build(3), 8) == [3]
    assert by_identity(store, campli, "other", lambda: build(4), 8) == [4] and built == [1, 3, 4]

    def fail():
        raise ValueError("no")

    with pytest.raises(ValueError):
        by_identity(store, campli, "bad", fail, 8)
    assert len(store) == 3
    sizes = []
    for i in range(10):
        by_identity(store, campli, i, list, 8)
        sizes.append(len(store))
    # full at 8, cleared before the ninth entry is kept: never more than the limit
    assert sizes == [4, 5, 6, 7, 8, 1, 2, 3, 4, 5]


def test_decode_reads_what_utf_8_sig_reads_and_places_its_errors_alike():
    """inputs.decode reads by the C codec and drops one byte order mark: the same text as the
    'utf-8-sig' codec, and for bytes that are not UTF-8 the same byte, line and column."""
    import random

    from cucu_ref.formats import inputs

    rng = random.Random(13)
    for _ in range(3000):
        data = bytes(rng.randrange(256) for _ in range(rng.randrange(10)))
        data = rng.choice([b"", b"\xef\xbb\xbf", b"\xef\xbb\xbf\xef\xbb\xbf", b"{\n"]) + data
        try:
            expected = data.decode("utf-8-sig")
        except UnicodeDecodeError as err:
            line, col = inputs._line_col_bytes(data, err.start)
            expected = f"not UTF-8 text (byte {err.start}: line {line}, column {col})"
        try:
            got = inputs.decode(data)
        except inputs.InputError as err:
            got = str(err)
        assert got == expected, data
