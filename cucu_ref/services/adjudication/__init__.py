"""Adjudication: replay a position's history through the engine and rule on it.

The history is what the table saw and said.  Decisions (keep, offer, ask ...) become engine
actions; what the table saw happen (exchanges, announcements, marks paid, cards shown) is
checked against what the rules derive.  A history that cannot have happened is rejected
with the event that breaks a rule, its JSON path and the rule's ID, and is re-run under the
other readings of the ruleset's open points to say under which it would be valid.

**Reasoning over unknown cards** (the design; issue 10 §1).  A table remembers what was said
aloud and what was shown at the end, rarely the cards dealt.  So the ruling does not
enumerate dealt cards: each card the position leaves unknown is a *placeholder*
(``layout``) the engine moves like any card (exchanges, K13's undo giving every card
back, L8's way back to the left, L10's dead cards under the stack), so it is tracked
wherever it goes, and a card shown or held at the end binds the unknown card it carries,
wherever that started.  What a placeholder may be is its domain (``unknowns``), bounded
by the pack's copies (two of each, C1).  The ruling branches only where a rule tells cards
apart:

1. when the engine asks an unknown card's *role* (the target of an offer, K7/C2; Lu Stù's
   way back, L8; Q9's target; the talon's card, F4), into "a plain card" or one of the event
   cards (XV..XI, the French king): at most six branches, and the table's record (an
   exchange, an announcement, a mark paid, who decides next) kills the wrong ones at once;
2. where a decision is legal only for some cards (A4's ace);
3. at the showdown, where only ranks count: the live cards the position does not give are
   scored for every combination still possible, grouped by who loses and gains, and each
   group is described as ranges of cards in deal order ("if Bruno was dealt V or lower").

The Coucou dealer's three cards (F2) start one branch per card he may keep.  Only where the
cases grow past ``MAX_WORK`` engine steps or ``MAX_CASES`` scored showdowns does the
ruling give up, saying the position is *under-specified* and naming the cards that would
decide it (``Underdetermined``), never that it is impossible; what holds whatever the cards
is said even then (``partial``: its ``certain``).

Modules, one per concern: ``layout`` (the cards before the deal, placeholders),
``unknowns`` (domains, copies, where to split), ``replay`` (the walk, the checks of
what the table saw), ``outcomes`` (results, grouping, conditions), ``readings`` (the
open points), ``claims`` (the claim), ``explain`` (the steps as text), ``model``
(the ruling's values).  The ruling is data (``Ruling``); rendering it as text or JSON is
:mod:`cucu_ref.services.render`.
"""

from __future__ import annotations

import gc
import json
from contextlib import contextmanager
from typing import Iterator

from ...game.state import Via
from ...formats.position import Position, Problem
from . import problems
from .claims import judge_claim
from .model import (
    MAX_CASES, MAX_WORK, PLACEHOLDER, CaseOutcome, Outcome, Ruling, Underdetermined, Unsupported, new_position,
)
from .outcomes import certain_of, grouped, unknown_labels
from .partial import certain_part
from .summary import by_player, many, plays
from .readings import best_failure, open_questions, rejected_readings
from .replay import describe_turn, replay_state, run_position

__all__ = ["Ruling", "CaseOutcome", "Outcome", "adjudicate", "replay_state", "Underdetermined", "Unsupported",
           "MAX_WORK", "MAX_CASES", "PLACEHOLDER", "describe_turn"]


def adjudicate(pos: Position, readings: bool = True, every_condition: bool = True) -> Ruling:
    """Replay ``pos`` and rule on it (see the module docstring).  ``every_condition`` False: the
    ruling a table reads alone (the default text, ``render.ruling_text``), whose other readings'
    many cases (more than summary.FEW) are given only by their count, so their conditions are
    not put in the fewest words (conditions.shortest: most of the time of the slowest natural
    positions, issue 24 §5); the ruling says so (``Ruling.conditions_said``), and its JSON and
    its --steps text, which give each condition, refuse it."""
    with _collector_paused():
        try:
            return _rule(pos, readings, every_condition)
        finally:
            # (its memos emptied before the collector runs again: the first pass after the pause
            # would scan every object they hold, and pass them on to the older generations,
            # whose full passes then come sooner; issue 24 §5)
            new_position()


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic garbage collector paused for one ruling, and running again after it (as it
    was: a caller who paused it keeps it paused).  A ruling makes no reference cycle
    (tests/cli/test_batch_paths.py), so its objects go by reference counting and the collector
    has nothing to find in it; but a position with many unknown cards holds hundreds of thousands
    of live objects (its runs, the spaces its conditions are chosen on), and each full pass of
    the collector rescanned them all: a third of the CPU of the slowest natural positions (issue
    24 §5, docs/dev/engine-speed.md)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _rule(pos: Position, readings: bool, every_condition: bool = True) -> Ruling:
    """:func:`adjudicate`'s ruling, with the collector paused."""
    new_position()  # (the last position's memos go: model.per_position)
    try:
        run = run_position(pos, pos.rules, record=readings)
    except Underdetermined as err:
        # (issue 24 §5: what is certain whatever the cards, where they are too many to split)
        err.certain = certain_part(pos, err)
        raise
    if not run.leaves:
        problem = best_failure(run.failures) if run.failures else Problem("history", "$.history", "no ruling")
        # a history the chosen reading rejects may be valid under another; too many copies of a
        # card (C1) never is
        valid = tuple(rejected_readings(pos)) if readings and problem.layer == "history" else ()
        verdict = "illegal" if valid else "impossible"
        return Ruling(False, [problem], pos.preset, pos.overrides, [], [], [], None, pos.players,
                      tuple(pos.warnings), verdict, valid, pos.rules)
    outcomes, grouping = grouped(pos, run)
    found = open_questions(pos, run, outcomes, every_condition) if readings else []
    warnings = tuple(pos.warnings) + (tuple(_hand_warnings(pos, run)) if pos.hands else ())
    certain = certain_of(outcomes)
    ruling = Ruling(True, [], pos.preset, pos.overrides, unknown_labels(run), outcomes, found,
                    judge_claim(pos, outcomes), pos.players, warnings, rules=pos.rules, certain=certain,
                    conditions_said=every_condition)
    if certain is not None and grouping is not None and many(outcomes):
        # (issue 24 §5: many outcomes are said player by player, the deal told once)
        ruling = ruling._replace(by_player=by_player(pos, outcomes, grouping, certain),
                                 plays=plays(pos, outcomes, grouping))
    elif certain is not None and grouping is not None:
        # (issue 24 §1/§5: a few outcomes are said case by case, the deal told once)
        ruling = ruling._replace(plays=plays(pos, outcomes, grouping))
    return ruling


def _hand_warnings(pos: Position, run: object) -> list[Problem]:
    """``hands`` are the cards held at the end; a player whose card changed hands during the
    history held another card when dealt.  Say so, in case the table wrote dealt cards there."""
    leaves = getattr(run, "leaves", [])
    out = []
    for seat in sorted(pos.hands):
        moved = [leaf for leaf in leaves
                 if leaf.state.custody[seat] and leaf.state.custody[seat] != ((seat, Via.DEALT),)]
        if moved:
            name = pos.players[seat]
            out.append(Problem("meaning", f"$.hands[{json.dumps(name, ensure_ascii=False)}]",
                               problems.HANDS_NOT_DEALT.format(player=name), None))
    return out
