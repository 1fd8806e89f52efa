"""The inn (K14, L7, D6).

* K14 (Campli): 'fermatevi'.  The offerer keeps his card after all, or makes the second
  offer, 'pagherai se null?'; the innkeeper accepts (no exchange; he pays if the offerer
  loses with a nulla: a guarantee, scored at the showdown) or refuses (the two exchange).
  D6 ``targeted_holder_acts = after-refused-inn``: the former innkeeper then acts on the card
  he received; otherwise play goes on right of the inn.
* L7 (Lu Stù): 'Tingh la Cas, che mi dai in cambio': the offerer bargains at once and the
  innkeeper answers: an accepted bargain is an exchange, 'fatt nu bicchijr' keeps the inn
  and guarantees.
"""

from __future__ import annotations

from typing import Callable

from ..rulesets import INN, Rules
from ..state import ActionKind, EventKind, Phase, Via
from .table import Table
from .turn_order import decide_after_receiving, play_on_after_arresto

__all__ = ["arresto", "inn_keep", "inn_ask", "inn_accept", "inn_refuse", "inn_answer", "DECISIONS", "WHOSE_TURN"]

_EV_FERMATEVI = EventKind.FERMATEVI
_EV_INN_BARGAIN = EventKind.INN_BARGAIN
_EV_KEEP_AFTER_FERMATEVI = EventKind.KEEP_AFTER_FERMATEVI
_EV_ASK_PAGHERAI_SE_NULL = EventKind.ASK_PAGHERAI_SE_NULL
_EV_ACCEPT = EventKind.ACCEPT
_EV_REFUSE = EventKind.REFUSE


def arresto(t: Table, offerer: int, keeper: int, index: int) -> None:
    """The request of ``offerer`` stops at the inn held by ``keeper`` at ``index``: K14
    'fermatevi', the offerer decides; L7, the innkeeper answers the bargain."""
    if t.rules.inn == "lu-stu":
        # L7: 'Tingh la Cas, che mi dai in cambio': the offerer bargains, the innkeeper answers
        t.emit(_EV_INN_BARGAIN, "L7", keeper, offerer)
        t.phase, t.actor, t.target, t.cursor = Phase.INN_KEEPER, keeper, offerer, index
    else:
        t.emit(_EV_FERMATEVI, t.cite[INN], keeper, offerer)
        t.phase, t.actor, t.target, t.cursor = Phase.INN_OFFERER, offerer, keeper, index


def inn_keep(t: Table) -> None:
    """K14: after 'fermatevi' the offerer keeps his card after all."""
    t.emit(_EV_KEEP_AFTER_FERMATEVI, t.cite[INN], t.actor, t.target)
    play_on_after_arresto(t, t.order.index(t.target))


def inn_ask(t: Table) -> None:
    """K14: the second offer, 'pagherai se null?'; the innkeeper answers."""
    t.emit(_EV_ASK_PAGHERAI_SE_NULL, t.cite[INN], t.actor, t.target)
    t.phase, t.actor, t.target = Phase.INN_KEEPER, t.target, t.actor


def inn_accept(t: Table) -> None:
    """K14: the innkeeper accepts the second offer (L7: the bargain)."""
    inn_answer(t, keeper=t.actor, offerer=t.target, accepted=True)


def inn_refuse(t: Table) -> None:
    """K14: the innkeeper refuses the second offer (L7: the bargain)."""
    inn_answer(t, keeper=t.actor, offerer=t.target, accepted=False)


def inn_answer(t: Table, keeper: int, offerer: int, accepted: bool) -> None:
    """The innkeeper's answer: L7's to the bargain, K14's to the second offer (the module's
    docstring)."""
    index = t.order.index(keeper)
    if t.rules.inn == "lu-stu":
        # L7: an accepted bargain is an exchange; 'fatt nu bicchijr' keeps the inn and guarantees
        if accepted:
            t.emit(_EV_ACCEPT, "L7", keeper, offerer)
            t.swap(offerer, keeper, Via.INN, "L7")
        else:
            t.emit(_EV_REFUSE, "L7", keeper, offerer)
            t.guarantees += ((offerer, keeper),)
        play_on_after_arresto(t, index)
        return
    if accepted:
        # K14: no exchange; the innkeeper pays if the offerer loses with a nulla
        t.emit(_EV_ACCEPT, t.cite[INN], keeper, offerer)
        t.guarantees += ((offerer, keeper),)
        play_on_after_arresto(t, index)
        return
    t.emit(_EV_REFUSE, t.cite[INN], keeper, offerer)
    t.swap(offerer, keeper, Via.INN, t.cite[INN])
    if t.rules.targeted_holder_acts == "after-refused-inn":
        decide_after_receiving(t, keeper, index)  # D6: the former innkeeper acts normally
    else:
        play_on_after_arresto(t, index)  # K14: play goes on right of the inn


# The decisions after 'fermatevi' (the offerer's) and of the innkeeper, by kind (engine.step
# runs the one an action names once it is legal), and the rule that says whose decision it is.
DECISIONS: dict[str, dict[str, Callable[[Table], None]]] = {
    Phase.INN_OFFERER: {ActionKind.INN_KEEP: inn_keep, ActionKind.INN_ASK: inn_ask},
    Phase.INN_KEEPER: {ActionKind.INN_ACCEPT: inn_accept, ActionKind.INN_REFUSE: inn_refuse},
}
WHOSE_TURN: dict[str, Callable[[Rules], str]] = {
    Phase.INN_OFFERER: lambda rules: "K14",
    Phase.INN_KEEPER: lambda rules: "L7" if rules.inn == "lu-stu" else "K14",
}
