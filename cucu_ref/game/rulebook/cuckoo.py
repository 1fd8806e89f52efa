"""The cuckoo (K10): 'arresto', no exchange and no cost; play goes on right of its holder.

The same role refuses an exchange elsewhere too (C2; the French king, F3): a king cut from
the stack goes back (S4, :func:`~cucu_ref.game.rulebook.turns.go_to_stack`), a king on the
talon forbids the exchange (F4, :func:`~cucu_ref.game.rulebook.turns.request_talon`);
:meth:`~cucu_ref.game.rulebook.table.Table.refuses` asks the role.
"""

from __future__ import annotations

from .table import Table
from .turn_order import play_on_after_arresto

__all__ = ["arresto"]


def arresto(t: Table, offerer: int, holder: int, index: int) -> None:
    """K10: the request of ``offerer`` stops at the cuckoo held at ``index`` of the order: no
    exchange, no cost; play goes on right of its holder (Q2's readings:
    :func:`~cucu_ref.game.rulebook.turn_order.play_on_index`)."""
    play_on_after_arresto(t, index)  # K10: no exchange, no cost
