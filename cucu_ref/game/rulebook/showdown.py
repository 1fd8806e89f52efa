"""The showdown call (K15): the live cards are compared, marks are lost and gained, players
without marks go out, and the match goes on (:mod:`~cucu_ref.game.rulebook.match`).

The comparison itself, which card loses and who gains, is :mod:`cucu_ref.game.scoring`'s
(``live_marks`` for the commonest showdown, ``evaluate`` with a guarantee or a hint).
"""

from __future__ import annotations

from typing import Any, Sequence

from ..rulesets import Rules
from ..scoring import evaluate, live_marks
from ..state import EventKind
from .match import ask_next_buy_back, after_buy_backs, everybody_out, gain_mark, virgin_remains, went_out
from .table import Table, put

__all__ = ["showdown", "compare", "Moved"]

# a showdown's marks lost and gained: (seat, rule) each, as scoring.evaluate's losers and gainers
Moved = tuple[Sequence[tuple[int, str]], Sequence[tuple[int, str]]]

_EV_SHOWDOWN = EventKind.SHOWDOWN
_EV_MARK_LOST = EventKind.MARK_LOST
_EV_OUT = EventKind.OUT


def showdown(t: Table) -> None:
    """K15: the live cards are compared (:func:`compare`); each loser pays a mark and each
    gainer gains one; players of the deal left without marks go out together (K16), and
    then the buy-back offers (K17: 'solange es eine oder mehrere Jungfrauen gibt', only while
    a virgin remains), the winner (K3) or the next deal follow; everybody out: K18/D8/Z11/S6."""
    rules, order, notes = t.rules, t.order, t.notes  # (the notes' fields read once, not each through the Table)
    dead = notes.dead
    losers, gainers = compare(rules, order, t.hands, dead, notes.guarantees, notes.hinted, t.marks)
    t.emit(_EV_SHOWDOWN, t.cite["showdown"])
    if losers:  # (the marks and virgins rebuilt once for all the losers)
        held, virgins = list(t.marks), list(t.virgins)
        for seat, rule in losers:
            held[seat] -= 1
            virgins[seat] = False
            t.emit(_EV_MARK_LOST, rule, seat, None, None, 1)
        t.marks, t.virgins = tuple(held), tuple(virgins)
    for seat, rule in gainers:
        gain_mark(t, seat, rule)
    marks = t.marks
    if min(marks) <= 0:  # (nobody at no marks: nobody goes out and somebody holds marks, asked in C first)
        # K16: who is at no marks goes out
        gone = tuple([s for s in order if marks[s] <= 0 and not dead[s]])
        for seat in gone:
            t.marks = put(t.marks, seat, 0)
            t.emit(_EV_OUT, t.cite["out"], seat)
        if max(t.marks) <= 0:
            everybody_out(t)
            return
        if gone:
            went_out(t, gone)
    if rules.buy_back == "after-deal" and t.pending and not virgin_remains(t.virgins, t.marks):
        t.pending = ()  # K17: 'solange es eine oder mehrere Jungfrauen gibt' (asked of an offer pending)
    if t.pending:
        ask_next_buy_back(t)
    else:
        after_buy_backs(t)


def compare(rules: Rules, order: Sequence[int], hands: Sequence[Any], dead: Sequence[bool],
            guarantees: tuple[tuple[int, int], ...], hinted: tuple[int, ...], marks: tuple[int, ...]) -> Moved:
    """K15: the showdown's comparison of the live cards (:mod:`cucu_ref.game.scoring`), the marks
    lost and gained with their rules: ``scoring.live_marks`` where nobody hinted or holds a
    guarantee (nearly every showdown), ``scoring.evaluate`` otherwise.  ``marks``: nobody pays
    more than he holds (Q12); the table: K19 is a rule of the table of two."""
    if True not in dead and not (guarantees or hinted):  # the commonest showdown: every card live
        return live_marks(rules, order, [hands[s].value for s in order], len(order))
    live = [(s, hands[s]) for s in order if not dead[s]]
    dead_hands = [(s, hands[s]) for s in order if dead[s] and hands[s] is not None]  # (Q4: their fools)
    if guarantees or hinted:
        result = evaluate(rules, live, dead_hands, guarantees, hinted, explain=False, marks=marks, table=len(order))
        return result.losers, result.gainers
    return live_marks(rules, [s for s, _ in live], [c.value for _, c in live], len(order),
                      [c.value for _, c in dead_hands])
