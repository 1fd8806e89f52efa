"""The hunter (K11): the offerer keeps his card and pays a mark; play goes on right of its
holder.  (On L8's way back the hunter ends the way and costs a mark: :mod:`~cucu_ref.game.rulebook.cat`.)"""

from __future__ import annotations

from ..rulesets import HUNTER
from .match import lose_mark
from .table import Table
from .turn_order import play_on_after_arresto

__all__ = ["arresto"]


def arresto(t: Table, offerer: int, holder: int, index: int) -> None:
    """K11: the request of ``offerer`` stops at the hunter held at ``index``: the offerer
    keeps his card and pays a mark; play goes on right of the hunter's holder."""
    lose_mark(t, offerer, t.cite[HUNTER])  # K11: the offerer keeps his card and pays
    play_on_after_arresto(t, index)
