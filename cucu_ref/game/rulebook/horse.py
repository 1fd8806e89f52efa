"""The horse (K12): the request jumps it and goes on to the next seat; at the dealer, the
offerer exchanges with the stack instead (Q6: which end).  (On L8's way back the horse is
skipped 'wie üblich': :mod:`~cucu_ref.game.rulebook.cat`.)"""

from __future__ import annotations

from ..rulesets import HORSE
from ..state import EventKind
from .table import Table
from .turn_order import play_on_after_arresto

__all__ = ["passes_on"]

_EV_SKIP = EventKind.SKIP


def passes_on(t: Table, offerer: int, holder: int, index: int) -> bool:
    """K12: the request of ``offerer`` meets the horse held by ``holder`` at ``index``.  True
    when it jumps the horse and goes on to the next seat; False when the horse is the
    dealer's: the offerer exchanges with the top card of the stack (Q6 'stack-bottom': the
    bottom card) and play goes on (:func:`~cucu_ref.game.rulebook.turn_order.play_on_after_arresto`)."""
    if holder == t.dealer:
        t.exchange_with_stack(offerer, bottom=t.rules.horse_at_dealer == "stack-bottom", rule=t.cite["horse-at-dealer"])
        play_on_after_arresto(t, index)
        return False
    t.emit(_EV_SKIP, t.cite[HORSE], holder, offerer)
    return True
