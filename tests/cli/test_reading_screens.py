"""The readings' screens (``readings._screens``) never hide an open question (issue 13, fourth
round).

A screen skips the re-run of an open point whose other readings cannot change this position's
ruling.  It is only a shortcut: every position here is ruled twice, once as the adjudicator
does and once with every screen open (each open point the engine read is re-run under each of
its other readings), and the open questions found must be the same, field for field.  A screen
that ever drops a reading that differs fails here.  The positions: the examples, the
hand-checked conformance vectors, natural positions (cards unknown) and their fully known
twins for every preset, and random four- and six-player playouts."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

from cucu_ref.adjudication import readings
from cucu_ref.adjudication.outcomes import group
from cucu_ref.adjudication.replay import run_position
from cucu_ref.cards import CUCCU, Card
from cucu_ref.position import Position, load, parse
from cucu_ref.rulesets import PRESETS

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT))


def _documents() -> Iterator[tuple[str, dict[str, Any]]]:
    import bench_adjudicate

    from tests.natural_positions import natural_deal

    for path in sorted((ROOT / "examples").rglob("*.json")):
        try:
            yield path.name, load(path.read_bytes())
        except Exception:  # an example of a bad input
            continue
    for i, vector in enumerate(json.loads((ROOT / "conformance" / "v1" / "hand-checked.json").read_text("utf-8"))):
        yield f"hand-checked[{i}]", vector
    rng = random.Random(13)
    for preset in sorted(PRESETS):
        rules = PRESETS[preset]
        for n in (2, 3, 4, 5, 6, 8):
            if rules.min_players <= n <= rules.max_players:
                for _ in range(4):
                    seed = rng.getrandbits(32)
                    natural, known = natural_deal(preset, n, seed, seen=rng.random() < 0.4)
                    yield f"{preset} {n} {seed}", natural
                    yield f"{preset} {n} {seed} known", known
    for players, seed, count in ((4, 31, 400), (6, 32, 100)):
        for i, line in enumerate(bench_adjudicate.random_positions(count, seed=seed, players=players)):
            yield f"random {players} {seed} {i}", json.loads(line)


def _positions() -> list[tuple[str, Position]]:
    out = []
    for name, doc in _documents():
        if not isinstance(doc, dict) or doc.get("format") != "cucu-position/1":
            continue
        pos, _ = parse(doc)
        if pos is not None:
            out.append((name, pos))
    return out


POSITIONS = _positions()


def _open_questions(pos: Position, screened: bool) -> Any:
    run = run_position(pos, pos.rules, record=True)
    if not run.leaves:
        return None
    outcomes = group(pos, run)
    if screened:
        return readings.open_questions(pos, run, outcomes)
    real, by_reading = readings._screens, readings._reading_screens
    readings._screens = lambda pos, run: {}  # type: ignore[assignment]  # every open point re-run,
    readings._reading_screens = lambda run: {}  # type: ignore[assignment]  # under every reading
    try:
        return readings.open_questions(pos, run, outcomes)
    finally:
        readings._screens, readings._reading_screens = real, by_reading


def test_the_corpus_is_large_and_varied() -> None:
    assert len(POSITIONS) > 700
    assert len({pos.preset for _, pos in POSITIONS}) == len(PRESETS)


def test_no_screen_hides_a_reading_that_differs() -> None:
    found = 0
    for name, pos in POSITIONS:
        try:
            screened = _open_questions(pos, True)
        except Exception as err:  # an under-specified position: no ruling either way
            with pytest.raises(type(err)):
                _open_questions(pos, False)
            continue
        assert screened == _open_questions(pos, False), name
        found += len(screened or [])
    assert found > 50  # the comparison is not of empty lists only


def _campli(cards: list[int]) -> list[Card]:
    return [Card(CUCCU, v) for v in cards]


def test_the_cuckoo_screen_opens_only_where_a_xv_may_be_lowest() -> None:
    may = readings._cuckoo_may_be_lowest
    assert not may(_campli([5, 9]))  # no XV
    assert not may(_campli([15, 14]))  # XIIII is compared and lower
    assert not may(_campli([15, 0]))  # the nulla too
    assert not may(_campli([15, -4, 3]))  # a fool, but a plain card lower than XV
    assert not may(_campli([]))
    assert may(_campli([15, 15]))  # K19's pair, or two XVs tied lowest
    assert may(_campli([15]))
    assert may(_campli([15, -4]))  # a single fool is set aside: the XV is the lowest compared
    assert may(_campli([15, -4, -4]))  # two fools above XV (L4, Z6)
    assert not may(_campli([-4, -4]))  # no XV


def test_the_cuckoo_screen_skips_most_showdowns_with_a_xv() -> None:
    """Random positions reach showdowns with a live XV often; the screen lets only those whose
    other live cards are all XVs and fools through (before it, each was re-run)."""
    xv = opened = 0
    for name, pos in POSITIONS:
        if not name.startswith("random"):
            continue
        run = run_position(pos, pos.rules, record=True)
        if not run.leaves or "cuckoo_at_showdown" not in run.read:
            continue
        screens = readings._screens(pos, run)
        kinds = {ev.kind for leaf in run.leaves for _, evs in leaf.steps for ev in evs}
        live = readings._cards_of(run, run.leaves[0], dead=False)
        if "showdown" in kinds and any(c.value == 15 for c in live):
            xv += 1
            opened += screens["cuckoo_at_showdown"]()
    assert xv > 30
    assert opened < xv / 5
