"""The same deal under several presets: each outcome worked out by hand, so a change in one
ruleset cannot leak into another unnoticed.

The deal (4 players, the dealer last): A holds III, B V, C XII (cat), D III.  A offers (A gets V,
B gets III), B offers III on to C's cat, D keeps.
"""

from __future__ import annotations

import pytest

from cucu_ref.game.rulesets import PRESETS, preset
from tests.helpers import marks_lost, play, table

DEAL = "III V XII III"
MOVES = ["offer", "offer", "keep"]

EXPECTED = {
    # K13: B pays, the exchange A-B is undone (A III, B V); K15: A and D tie lowest, both lose
    "campli": ((2, 2, 3, 2), [(1, "K13"), (0, "K15"), (3, "K15")]),
    # D5 and D7 read the same here
    "digital-4p": ((2, 2, 3, 2), [(1, "D5"), (0, "D7"), (3, "D7")]),
    # L8: B pays and sends III back left to A (who holds V): A III, B V; L3: only A, first lowest
    "lu-stu": ((2, 2, 3, 3), [(1, "L8"), (0, "L3")]),
    # Z5: B pays a mark to C, nothing undone (A V, B III); B and D tie lowest (Z6 'the lowest card(s)')
    "zeh-1769": ((3, 1, 4, 2), [(1, "Z5"), (1, "Z6"), (3, "Z6")]),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_same_cat_deal_differs_by_preset(name):
    marks, lost = EXPECTED[name]
    state, events = play(table(preset(name), 4), DEAL, MOVES)
    assert state.marks == marks
    assert marks_lost(events) == lost


def test_outcomes_really_differ():
    assert len({marks for marks, _ in EXPECTED.values()}) == 3  # campli and digital-4p agree here


def test_refused_inn_separates_campli_from_digital():
    # K14: play goes on right of the inn; D6: the former innkeeper acts normally
    after = {name: play(table(preset(name), 4), "0 XI", ["offer", "ask", "refuse"])[0]
             for name in ("campli", "digital-4p")}
    assert after["campli"].actor == 2 and after["digital-4p"].actor == 1


def test_every_cuccu_preset_is_covered():
    cuccu = {n for n, r in PRESETS.items() if r.pack.startswith("cuccu")}
    assert cuccu == set(EXPECTED)
