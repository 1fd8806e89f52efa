"""What the batch keeps from one position for the next (issue 13, sixth round) changes no ruling.

A batch now keeps, across positions, the printed card names of a ruleset where an outcome
binds no unknown card (``explain._NAMED``) and, with each showdown note, the seats whose
mark it says they lose (the table's ``_Texts``).
Each test rules a mixed batch (every preset, unknown dealt cards that some outcomes bind and
others leave open, renamed tables) with the memos warm, and each position again from cold
memos: the records must be the same bytes."""

from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path

from cucu_ref.cli import adjudicate as cli
from cucu_ref.formats import position
from cucu_ref.services import render
from cucu_ref.services.adjudication import explain, outcomes
from cucu_ref.game.rulesets import PRESETS

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))


def _mixed_lines() -> list[str]:
    from tests.natural_positions import natural_deal

    import bench_adjudicate

    rng = random.Random(61)
    lines = []
    for preset in sorted(PRESETS):
        rules = PRESETS[preset]
        for players in sorted({rules.min_players, min(rules.max_players, 5)}):
            for _ in range(6):
                doc, _ = natural_deal(preset, players, rng.getrandbits(32), seen=rng.random() < 0.5)
                lines.append(json.dumps(doc, ensure_ascii=False))
                if doc.get("shown"):
                    # one card shown forgotten: the ruling splits into cases that bind it
                    doc["shown"].pop(rng.choice(sorted(doc["shown"])))
                    lines.append(json.dumps(doc, ensure_ascii=False))
    for path in sorted((ROOT / "examples").glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        if doc.get("format") == "cucu-position/1":
            lines.append(json.dumps(doc, ensure_ascii=False))
    known = bench_adjudicate.random_positions(40, seed=8)
    for preset in sorted(PRESETS):  # every card known, every preset's words and printed names
        rules = PRESETS[preset]
        players = max(rules.min_players, min(4, rules.max_players))
        known += bench_adjudicate.random_positions(4, seed=9, players=players, preset_name=preset)
    return lines + known + [line.replace("Anna", "Zoe") for line in known] + lines[::-1]


def _cold() -> None:
    explain._MEMO.clear()
    explain._NAMED.clear()
    explain._PRINTED.clear()
    render._NAMED.clear()
    render._LAST_NAMED[:] = [None, None]  # (and the last ruleset's names, kept beside the memo)
    render._LAST_WORDS[:] = [None, None]
    cli._LITERALS.clear()
    position._names_told_apart.cache_clear()


def test_a_warm_batch_gives_what_each_position_ruled_from_cold_memos_gives():
    lines = _mixed_lines()
    _cold()
    out = io.StringIO()
    cli.main(["--batch", "-"], stdin=io.BytesIO(("\n".join(lines) + "\n").encode()), stdout=out)
    warm = out.getvalue().splitlines()
    assert len(warm) == len(lines)
    bound = 0
    for i, line in enumerate(lines):
        _cold()
        code, record, _ = cli.adjudicate_document(line.encode(), f"line {i + 1}")
        # (the record's text as json.dumps writes it, made printable: not through the batch's
        # kept string literals)
        assert warm[i] == render.json_printable(json.dumps(record, ensure_ascii=False)), (i, line[:200])
        bound += code == 0 and any(o["when"] for o in record["outcomes"])
    # the batch held outcomes that bind unknown cards (cases) beside fully known ones
    assert bound >= 10
    assert sum('"status": "ruling"' in w for w in warm) >= len(lines) // 2


def test_a_token_is_the_card_s_name_or_none_for_an_unbound_placeholder():
    # (result_of names a held card by one look-up, _TOKEN_OF, the case's binding applied first;
    # the seats standing for several cases are named None in _cards_held)
    from cucu_ref.game import cards as _cards
    from cucu_ref.services.adjudication.model import PLACEHOLDER
    from cucu_ref.game.cards import PACKS, Card

    for pack in PACKS.values():
        ph = Card(pack.family, PLACEHOLDER + 3)
        for c in pack.cards:
            assert outcomes._TOKEN_OF[c] == _cards.format(c)
        assert outcomes._TOKEN_OF.get(ph) is None  # an unbound placeholder names no card
    assert outcomes._TOKEN_OF.get(None) is None  # type: ignore[call-overload]


def test_a_table_s_second_position_writes_only_the_lines_that_depend_on_more_than_the_event(monkeypatch):
    # the memos are what the cuts are for: ruled again, a position's steps look up every line,
    # heading, printed name and note the first ruling wrote, and write afresh only the lines
    # that depend on the outcome (the showdown's cards, F2's discards, a card the case binds)
    from cucu_ref.services.adjudication.replay import run_position
    from cucu_ref.formats.position import load, parse

    lines = [line for line in _mixed_lines() if '"shown"' in line or '"order"' in line]
    calls = {"text": 0, "heading": 0, "card": 0, "numbers": 0}

    def counted(name: str, f: object) -> object:
        def wrapper(*args: object, **kwargs: object) -> object:
            calls[name] += 1
            return f(*args, **kwargs)  # type: ignore[operator]
        return wrapper

    class Numbers:  # explain._NUMBER, counting the notes' seats looked for
        def __init__(self, pattern: object) -> None:
            self.pattern = pattern

        def findall(self, text: str) -> list[str]:
            calls["numbers"] += 1
            return self.pattern.findall(text)  # type: ignore[attr-defined]

    checked = bound = notes = 0
    for line in lines:
        pos, _ = parse(load(line.encode()))
        if pos is None:
            continue
        run = run_position(pos, pos.rules)
        for leaf in run.leaves:
            subst = outcomes._fixed(leaf)
            _cold()
            first = explain.steps_of(pos, leaf, subst)
            monkeypatch.setattr(explain, "_event_text", counted("text", explain._event_text))
            monkeypatch.setattr(explain, "heading", counted("heading", explain.heading))
            monkeypatch.setattr(explain, "_card", counted("card", explain._card))
            monkeypatch.setattr(explain, "_NUMBER", Numbers(explain._NUMBER))
            for key in calls:
                calls[key] = 0
            again = explain.steps_of(pos, leaf, subst)
            monkeypatch.undo()
            assert again == first
            events = [ev for _, evs in leaf.steps for ev in evs]
            fresh = sum(ev.kind in ("showdown", "dealer-keeps-highest") or (ev.card is not None and ev.card in subst)
                        for ev in events)
            assert calls["text"] == fresh, (pos.preset, calls, fresh)
            assert calls["heading"] == 0
            assert calls["numbers"] == 0
            if not subst:  # the printed names are kept for the ruleset (where no card is bound)
                assert calls["card"] == sum(ev.kind == "dealer-keeps-highest" for ev in events) * 2
            checked += 1
            bound += bool(subst) and fresh > sum(ev.kind == "showdown" for ev in events)
            notes += any(s["text"].startswith("lowest card") for s in first)
    assert checked >= 50 and bound >= 3 and notes >= 10, (checked, bound, notes)


def test_a_record_s_line_escapes_what_a_terminal_or_a_line_splitter_would_take_for_a_control():
    # issue 12 finding 9: ESC, NEL (U+0085), the line separator U+2028 and a lone surrogate are
    # escaped as \\uXXXX (json.dumps escapes the C0 controls itself, json_printable the rest);
    # a printable character outside ASCII stays as it is.  Twice: the second time each literal
    # is the one the batch kept (cli._LITERALS)
    record = {"k\u2028": ["\u0085", "\U0001f600 Cucù §", "\ud800", "x\x1by"]}
    expected = '{"k\\u2028": ["\\u0085", "\U0001f600 Cucù §", "\\ud800", "x\\u001by"]}'
    cli._LITERALS.clear()
    assert cli._json_text(record) == expected
    assert cli._json_text(record) == expected
