"""Turn order: who decides next (K6), after an event card stopped a request (K10-K14, Q2),
and the target who received a card (K7).  Past the dealer, the showdown (K15)."""

from __future__ import annotations

from typing import Sequence

from ..rulesets import Rules
from ..state import Phase
from .dealing import deal_to
from .showdown import showdown
from .table import Table

__all__ = ["turn_to", "play_on_index", "play_on_after_arresto", "decide_after_receiving"]

_DECIDE = Phase.DECIDE  # (bound once: on Python 3.11 a class attribute's read costs six times a global's)


def turn_to(t: Table, index: int) -> None:
    """K6: play goes on with the seat at ``index`` of the deal order, dealt his card first
    when dealing is one at a time (K4); past the dealer, who decides last, the showdown (K15)."""
    if index >= len(t.order):
        showdown(t)
        return
    seat = t.order[index]
    if t.hands[seat] is None:
        deal_to(t, seat)
    t.phase, t.actor, t.target, t.cursor = _DECIDE, seat, None, index


def play_on_index(rules: Rules, order: Sequence[int], dealer: int, dead: Sequence[bool], index: int) -> int:
    """K10-K14: the place in ``order`` that decides after the event card held at ``index``:
    the player right of it.  When that card is the dealer's the round is over (past the
    order's end), unless Q2's 'targeted_dealer_decides' gives him his last decision all the
    same (K8); under Q2's 'targeted_holder_acts = always' (S2/S3: each player has one turn)
    the holder, if alive, takes his own turn first."""
    holder = order[index]
    if holder == dealer:
        return index if rules.targeted_dealer_decides == "yes" else index + 1
    if rules.targeted_holder_acts == "always" and not dead[holder]:
        return index
    return index + 1


def play_on_after_arresto(t: Table, index: int) -> None:
    """K10-K14: play goes on with the player right of the targeted event card at ``index``,
    or as Q2's readings say (:func:`play_on_index`)."""
    turn_to(t, play_on_index(t.rules, t.order, t.dealer, t.dead, index))


def decide_after_receiving(t: Table, seat: int, index: int) -> None:
    """K7: the target who had to exchange decides about the card he received."""
    t.phase, t.actor, t.target, t.cursor = _DECIDE, seat, None, index
