"""``explain._marks_at_showdown``: the marks each seat holds as the cards are shown, which the
showdown's notes read where a guarantee may be limited by them (Q12, K16).  It adds up the
deal's events from the deal's start; the engine's own state before the showdown step is the
oracle.  Seeded random deals of every preset, and of Lu Stù under Q7's ``fresh-card`` and Zeh
(whose marks also move mid-deal: a player shot or scratched out, one who buys back at once,
L11, a mark gained before the showdown), each deal's showdown compared."""

from __future__ import annotations

import dataclasses
import random
from types import SimpleNamespace

import pytest

from cucu_ref.game import rulesets
from cucu_ref.services.adjudication.explain import _marks_at_showdown
from cucu_ref.game.engine import new_match, step
from cucu_ref.game.playout import random_action
from cucu_ref.game.state import Phase

RULESETS = [(name, rulesets.preset(name)) for name in rulesets.OPEN_POINTS] + [
    ("lu-stu fresh-card", dataclasses.replace(rulesets.preset("lu-stu"), buy_back_card="fresh-card")),
]


def _showdowns(rules, players, seed, deals):
    """(the leaf's start and steps up to the showdown, the marks before the showdown step
    changed by that step's events before its 'showdown', how many such events) for each deal
    that reaches one."""
    rng = random.Random(seed)
    state = new_match(rules, [f"p{i}" for i in range(players)])
    start, steps, played = state, [], 0
    while played < deals:
        if state.phase == Phase.MATCH_OVER:
            state = new_match(rules, [f"p{i}" for i in range(players)])
        if state.phase == Phase.SHUFFLE:
            start, steps, played = state, [], played + 1
        before = state
        state, events = step(state, random_action(state, rng))
        steps.append((None, events))
        kinds = [ev.kind for ev in events]
        if "showdown" in kinds:
            marks, in_step = list(before.marks), 0
            # the step that shows the cards may move marks first (the dealer's cat and L8's way
            # back): those few are applied here, one mark each as the engine emits them; every
            # earlier step's are in the engine's own state
            for ev in events[:kinds.index("showdown")]:
                if ev.kind in ("mark-lost", "mark-gained"):
                    assert ev.amount == 1, ev
                    marks[ev.seat] += 1 if ev.kind == "mark-gained" else -1
                    in_step += 1
                assert ev.kind != "buy-back", ev  # (a buy-back comes after a decision, never in it)
            yield SimpleNamespace(start=start, steps=list(steps)), marks, in_step


@pytest.mark.parametrize("name,rules", RULESETS, ids=[n for n, _ in RULESETS])
def test_the_marks_at_the_showdown_are_the_engines(name, rules):
    moved = {"mark-lost": 0, "mark-gained": 0, "buy-back": 0}
    seen = unmoved = 0
    for leaf, expected, in_step in _showdowns(rules, min(5, rules.max_players), 2026, 300):
        assert _marks_at_showdown(leaf) == expected
        seen += 1
        unmoved += not in_step
        for _, events in leaf.steps:
            for ev in events:
                if ev.kind == "showdown":
                    break
                if ev.kind in moved:
                    moved[ev.kind] += 1
    assert seen > 100 and unmoved > seen // 2  # most compared with the engine's state alone
    if name in ("lu-stu", "lu-stu fresh-card"):
        assert moved["mark-lost"] and moved["buy-back"], moved  # shot out, bought back at once (L11)


def test_marks_moved_before_the_showdown_are_counted_each():
    # by hand: Lu Stù, four seats with 1, 3, 2, 3 marks; seat 0 shot (K11) and buying back at
    # once (L11, back to the three marks a match starts with), seat 2 losing one more and
    # seat 3 gaining one before the showdown; a mark lost after it is not counted
    from cucu_ref.game.state import Event
    lu_stu = rulesets.preset("lu-stu")
    start = SimpleNamespace(marks=(1, 3, 2, 3), rules=lu_stu)
    steps = [(None, (Event("mark-lost", "K11", 0, amount=1), Event("buy-back", "L11", 0, amount=1))),
             (None, (Event("mark-lost", "K11", 2, amount=1), Event("mark-gained", "Z5", 3, amount=1))),
             (None, (Event("showdown", "L3"), Event("mark-lost", "L3", 1, amount=1)))]
    assert lu_stu.initial_marks == 3
    assert _marks_at_showdown(SimpleNamespace(start=start, steps=steps)) == [3, 3, 1, 4]
