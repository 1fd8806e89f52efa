"""The readings' screens (``readings._screens``) never hide an open question (issue 13, fourth
round).

A screen skips the re-run of an open point whose other readings cannot change this position's
ruling.  It is only a shortcut: every position here is ruled twice, once as the adjudicator
does and once with every screen open (each open point the engine read is re-run under each of
its other readings), and the open questions found must be the same, field for field.  A screen
that ever drops a reading that differs fails here.  The positions: the examples, the
hand-checked conformance vectors, natural positions (cards unknown) and their fully known
twins for every preset, and random four- and six-player playouts.  (Where cards are unknown
no screen is asked: ``open_questions`` re-runs every open point the engine read.)"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

from cucu_ref.services.adjudication import readings
from cucu_ref.services.adjudication.model import Underdetermined, Unsupported
from cucu_ref.services.adjudication.outcomes import group
from cucu_ref.services.adjudication.replay import run_position
from cucu_ref.game.cards import CUCCU, Card
from cucu_ref.formats.position import Position, load, parse
from cucu_ref.game.rulesets import OPTIONS, PRESETS, own_reading

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
    # S6 under both of its rules, every card known (the whole shuffled stack): the last two, on
    # their last life, are dealt a king each and both lose (K18's all_out is read only where
    # everybody still in goes out together)
    from cucu_ref.game.cards import PACKS

    stack = [str(c) for c in PACKS["french-52"].cards]  # kings first: the top two are dealt (S2)
    for all_out in ("joint-winners", "keep-last-life"):
        yield f"S6 {all_out} known", {
            "format": "cucu-position/1", "dealer": "Andrea", "stack": {"order": stack},
            "ruleset": {"preset": "screw-your-neighbour", "options": {"all_out": all_out}},
            "players": [{"name": "Andrea", "marks": 1}, {"name": "Beatrice", "marks": 1}],
            "history": [{"deal": "Beatrice", "card": "K"}, {"keep": "Beatrice"},
                        {"deal": "Andrea", "card": "K"}, {"keep": "Andrea"}]}
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
    real, by_reading, impossible = readings._screens, readings._reading_screens, readings._impossible_screens
    readings._screens = lambda pos, run: {}  # type: ignore[assignment]  # every open point re-run,
    readings._reading_screens = lambda run: {}  # type: ignore[assignment]  # under every reading,
    readings._impossible_screens = lambda pos, run: {}  # type: ignore[assignment]  # to its end
    try:
        return readings.open_questions(pos, run, outcomes)
    finally:
        readings._screens, readings._reading_screens, readings._impossible_screens = real, by_reading, impossible


def test_the_corpus_is_large_and_varied() -> None:
    assert len(POSITIONS) > 700
    assert len({pos.preset for _, pos in POSITIONS}) == len(PRESETS)


def test_no_screen_hides_a_reading_that_differs() -> None:
    found = 0
    for name, pos in POSITIONS:
        try:
            screened = _open_questions(pos, True)
        except Underdetermined:  # an under-specified position: no ruling either way
            with pytest.raises(Underdetermined):
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
    other live cards are all XVs and fools through (before it, each was re-run).  The engine
    itself reads Q3 only where a XV is among the lowest or K19's pair is all that is live
    (``scoring.spare_cuckoos``), so where the screen stays shut it reads nothing either."""
    xv = opened = read = 0
    for name, pos in POSITIONS:
        if not name.startswith("random"):
            continue
        run = run_position(pos, pos.rules, record=True)
        if not run.leaves:
            continue
        screens = readings._screens(pos, run)
        kinds = {ev.kind for leaf in run.leaves for _, evs in leaf.steps for ev in evs}
        live = readings._cards_of(run, run.leaves[0], dead=False)
        if "showdown" in kinds and any(c.value == 15 for c in live):
            xv += 1
            opened += screens["cuckoo_at_showdown"]()
            read += "cuckoo_at_showdown" in run.read
    assert xv > 30
    # seeded: none of these random showdowns has only XVs and fools live (those the screen lets
    # through; the examples and vectors hold the one that matters, where the readings differ)
    assert opened == 0
    assert read == 0


def test_the_screens_let_through_only_the_re_runs_they_must() -> None:
    """The re-runs the screens this round sharpened still make, by option and reading, over the
    generated positions whose cards are all known (seeded: the same positions on every run): a
    screen made wider (a re-run that cannot change anything) fails here, one made narrower
    fails above."""
    from collections import Counter

    made: Counter[tuple[str, str]] = Counter()
    real = readings.rerun_from

    def counted(pos: Position, run: Any, name: str, rules: Any) -> Any:
        made[name, getattr(rules, name)] += 1
        return real(pos, run, name, rules)

    readings.rerun_from = counted  # type: ignore[assignment]
    try:
        for name, pos in POSITIONS:
            if not (name.startswith("random") or name.endswith("known")):
                continue  # (where cards are unknown no screen is asked: every open point is re-run)
            try:
                _open_questions(pos, True)
            except Underdetermined:
                continue
    finally:
        readings.rerun_from = real
    sharpened = ("cuckoo_at_showdown", "simultaneous_buy_back", "targeted_holder_acts", "all_out")
    assert {k: n for k, n in made.items() if k[0] in sharpened} == {
        ("simultaneous_buy_back", "same-price"): 1,  # two went out together
        # an innkeeper refused (D6; 10 before the screen of impossible histories)
        ("targeted_holder_acts", "after-refused-inn"): 4,
        # a targeted card's holder (S3), where the history does not have the next player decide
        # instead (126 before the screen of impossible histories)
        ("targeted_holder_acts", "always"): 16,
        # (under a preset that reads 'always': 2 before, both impossible histories)
        # S6's two positions: everybody still in went out together (each re-run under the four
        # readings it does not take)
        ("all_out", "restart-no-virgins"): 2, ("all_out", "all-return"): 2, ("all_out", "draw-replay"): 2,
        ("all_out", "joint-winners"): 1, ("all_out", "keep-last-life"): 1,
    }


def test_each_open_question_is_the_position_ruled_under_each_reading() -> None:
    """What open_questions reports, checked against the position ruled afresh under each reading
    (``run_position`` from the start, no checkpoint, no screen): each reading's outcomes, which
    reading is chosen, the sources, the preset's reason; and an open point is listed only where
    some reading's outcome differs from the chosen one's."""
    from cucu_ref.services.adjudication.outcomes import outcome_key
    from cucu_ref.game.rulesets import OPTIONS, PRESET_REASONS
    from cucu_ref.formats.sources import RULES, cite
    from cucu_ref.formats.vocabulary import option_text

    checked = 0
    for name, pos in POSITIONS:
        try:
            found = _open_questions(pos, True)
        except Underdetermined:
            continue
        for q in found or []:
            option = q["option"]
            spec = OPTIONS[option]
            # (the question and readings said for the ruleset: its restart rule, its starting marks)
            assert q["settles"] == spec.settles and q["question"] == option_text(spec.question, pos.rules), name
            assert q["source"] == (cite(spec.settles) if spec.settles in RULES else None), name
            assert q["chosen"] == getattr(pos.rules, option), name
            # (the preset's reason for its reading; where the position's own options set another, that
            # the table agreed it: issue 24 §2)
            agreed = option in pos.overrides and getattr(PRESETS[pos.preset], option) != q["chosen"]
            assert q["why_chosen"] == (readings._(readings._AGREED).format(preset=pos.preset) if agreed
                                       else PRESET_REASONS.get(pos.preset, {}).get(option)), name
            keys = set()
            for entry in q["readings"]:
                reading = own_reading(pos.preset, option, next(r for r in spec.readings
                                                               if r.value == entry["reading"]))
                assert entry["chosen"] == (reading.value == q["chosen"]), name
                assert entry["source"] == (cite(reading.source) if reading.source in RULES else reading.source)
                assert entry["text"] == option_text(reading.text, pos.rules)
                if entry["status"] != "ruling":
                    assert entry["status"] == "not-built" and entry["message"], name
                    continue
                alt = run_position(pos, pos.rules.with_options({option: reading.value}), heard_all=True)
                outcomes = group(pos, alt, with_steps=False)
                assert entry["outcomes"] == readings._summary(outcomes), (name, option, reading.value)
                keys.add(outcome_key(outcomes))
                checked += 1
            assert len(keys) >= 2, (name, option)  # listed: some reading's outcome differs
    assert checked > 100


@pytest.mark.parametrize("raised, message", [
    (Unsupported("no such deal"), "the engine does not build this reading yet: no such deal"),
    (ValueError("the stack runs out"), "the stack runs out"),
])
def test_a_reading_the_engine_cannot_play_is_listed_as_not_built(raised: Any, message: str) -> None:
    """K18 under Screw Your Neighbour: the other readings restart the match; one of them made to
    fail in the engine is listed with its status and the engine's words, the others as rulings."""
    pos = next(p for name, p in POSITIONS if name == "screw-your-neighbour-joint-winners.json")
    real = readings.rerun_from

    def failing(pos: Position, run: Any, name: str, rules: Any) -> Any:
        if name == "all_out" and rules.all_out == "draw-replay":
            raise raised
        return real(pos, run, name, rules)

    readings.rerun_from = failing  # type: ignore[assignment]
    try:
        found = _open_questions(pos, True)
    finally:
        readings.rerun_from = real
    k18 = next(q for q in found if q["option"] == "all_out")
    by = {e["reading"]: e for e in k18["readings"]}
    assert by["draw-replay"]["status"] == "not-built" and by["draw-replay"]["message"] == message
    assert "outcomes" not in by["draw-replay"]
    assert [e["reading"] for e in k18["readings"]] == [r.value for r in OPTIONS["all_out"].readings]
    assert all(e["status"] == "ruling" for r, e in by.items() if r != "draw-replay")


def test_a_preset_without_a_reason_or_a_rule_without_a_source_gives_none() -> None:
    """``why_chosen`` and a question's ``source`` are None where the preset gives no reason for
    its reading and where the sources hold no rule of that ID (none of the shipped ones)."""
    pos = next(p for name, p in POSITIONS if name == "screw-your-neighbour-joint-winners.json")
    with_all = _open_questions(pos, True)
    assert with_all and all(q["why_chosen"] and q["source"] for q in with_all)
    reasons, rules = readings.PRESET_REASONS, readings.RULES
    readings.PRESET_REASONS, readings.RULES = {}, {}  # type: ignore[assignment]
    try:
        bare = _open_questions(pos, True)
    finally:
        readings.PRESET_REASONS, readings.RULES = reasons, rules
        readings._cited.cache_clear()  # (what it wrote without the sources is not kept)
    assert [q["option"] for q in bare] == [q["option"] for q in with_all]
    assert all(q["why_chosen"] is None and q["source"] is None for q in bare)


def test_a_history_screened_as_impossible_is_impossible_when_re_run() -> None:
    """``replay.fails_at_next_decision`` (one engine step) against the re-run it saves
    (``replay.rerun_from``): wherever it says the history is impossible under a reading of Q2,
    the re-run finds no ruling; and it says so for most of the re-runs it may save."""
    from cucu_ref.services.adjudication.replay import fails_at_next_decision, rerun_from
    from cucu_ref.formats.position import DECISIONS
    from cucu_ref.game.rulesets import open_specs

    screened = kept = 0
    for name, pos in POSITIONS:
        run = run_position(pos, pos.rules, record=True)
        if not run.leaves or run.lay.labels or "targeted_holder_acts" not in run.read:
            continue
        spec = next((s for s in open_specs(pos.preset) if s.name == "targeted_holder_acts"), None)
        if spec is None:
            continue
        for reading in spec.readings:
            if reading.value == pos.rules.targeted_holder_acts:
                continue
            rules = pos.rules.with_options({"targeted_holder_acts": reading.value})
            alt = rerun_from(pos, run, "targeted_holder_acts", rules)
            if fails_at_next_decision(pos, run, "targeted_holder_acts", rules):
                screened += 1
                assert not alt.leaves, (name, reading.value)
                # the same decision written as a generic 'act' (its engine action named)
                i = run.first["targeted_holder_acts"][0]  # type: ignore[index]
                j = next(j for j in range(i + 1, len(pos.history)) if pos.history[j].verb in DECISIONS)
                e = pos.history[j]
                acted = pos._replace(history=(*pos.history[:j], e._replace(verb="act", kind=DECISIONS[e.verb][0]),
                                              *pos.history[j + 1:]))
                assert fails_at_next_decision(acted, run, "targeted_holder_acts", rules), name
            elif not alt.leaves:
                kept += 1  # (impossible further on: left to the re-run)
    assert screened > 100 and kept < screened // 10, (screened, kept)
