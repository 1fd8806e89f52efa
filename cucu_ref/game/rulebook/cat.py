"""The cat: every reading of it in one place.

* K13 / D5 ('undo', Campli): the offerer pays a mark and every exchange that brought his card
  is undone, newest first (:func:`undo_chain`; Q14: through the inn or not);
* L8 ('backward', Lu Stù): 'Gnaf, cart'arrit': the offerer pays a mark and his card goes back
  to the left, exchange by exchange, until an event card or the first hand ends the way
  (:func:`way_back`; Q5: how far; ``backward_offer = optional``: each holder decides,
  :func:`keep_back` / :func:`offer_back`);
* Z5 ('pay-holder', Zeh): the offerer pays a mark to the cat's holder; nothing is undone.

After the cat, play goes on right of its holder (:func:`~cucu_ref.game.rulebook.turn_order.play_on_after_arresto`),
unless the way back waits for a holder's decision.
"""

from __future__ import annotations

from typing import Callable

from ..rulesets import CAT, HORSE, HUNTER, INN, Rules
from ..state import ActionKind, EventKind, Phase, Via
from .dealing import deal_to
from .match import gain_mark, lose_mark
from .table import Table
from .turn_order import play_on_after_arresto

__all__ = [
    "arresto", "cat", "undo_chain", "way_back", "backward_decision", "keep_back", "offer_back", "DECISIONS",
    "WHOSE_TURN",
]

_EV_ARRESTO = EventKind.ARRESTO
_EV_SKIP = EventKind.SKIP
_EV_UNDO = EventKind.UNDO
_EV_KEEP = EventKind.KEEP
_EV_OFFER_BACK = EventKind.OFFER_BACK
_EV_WAY_BACK_ENDS = EventKind.WAY_BACK_ENDS


def arresto(t: Table, offerer: int, holder: int, index: int) -> None:
    """The request of ``offerer`` stops at the cat held by ``holder`` at ``index`` (K13, L8,
    Z5 by ``rules.cat``); play goes on right of the cat unless the way back waits."""
    cat(t, offerer, holder)
    if t.phase != Phase.DECIDE_BACKWARD or t.target != holder:
        play_on_after_arresto(t, index)


def cat(t: Table, offerer: int, holder: int) -> None:
    """What the cat does to ``offerer``: Z5, L8 or K13 (the module's docstring)."""
    if t.rules.cat == "pay-holder":
        # Z5: the offerer pays a mark to the cat's holder; nothing is undone
        lose_mark(t, offerer, "Z5")
        gain_mark(t, holder, "Z5", offerer)
        return
    if t.rules.cat == "backward":
        # L8: 'Gnaf, cart'arrit': the offerer pays and must offer his card to the left
        lose_mark(t, offerer, "L8")
        if not t.dead[offerer]:
            way_back(t, offerer, t.order.index(offerer), holder)
        return
    lose_mark(t, offerer, t.cite[CAT])
    undo_chain(t, offerer)


def undo_chain(t: Table, seat: int) -> None:
    """K13/D5: undo, newest first, every exchange that brought ``seat``'s card, until it is
    back with the seat it was dealt to.  The custody records the real partners, so
    horses skipped on the way forward are skipped again."""
    undoable = {Via.EXCHANGE}
    if t.rules.cat_undo_through_inn == "undo":
        undoable.add(Via.INN)
    while True:
        path = t.custody[seat]
        if len(path) < 2 or path[-1][1] not in undoable:
            return
        partner = path[-2][0]
        other = t.custody[partner]
        if len(other) < 2 or other[-1] != (partner, path[-1][1]) or other[-2][0] != seat:
            raise AssertionError(f"custody of seats {seat} and {partner} disagree: {path} / {other}")
        t.hands[seat], t.hands[partner] = t.hands[partner], t.hands[seat]
        t.custody[seat], t.custody[partner] = other[:-1], path[:-1]
        t.emit(_EV_UNDO, t.cite[CAT], partner, seat, card=t.hands[partner])
        seat = partner


def way_back(t: Table, holder: int, index: int, cat: int) -> bool:
    """L8: ``holder`` (at ``index`` of the order) offers his card to the left, and the
    exchange goes on leftwards until an event card or the first hand ends it (Q5
    'dealer': once past the first hand, on to the dealer).  Returns True when it paused for
    a holder's decision (``backward_offer = optional``)."""
    to_dealer = t.rules.backward_chain_end == "dealer"
    last = len(t.order) - 1
    i = index - 1
    while True:
        if i < 0 or (i == last - 1 and not to_dealer):
            if i >= 0 or not to_dealer or t.dealer in (holder, cat):
                t.emit(_EV_WAY_BACK_ENDS, "Q5" if i < 0 else "L8", holder)
                return False
            i, to_dealer = last, False  # Q5 'dealer': once past the first hand, to the dealer only
        target = t.order[i]
        if t.dead[target] or target == holder:
            i -= 1
            continue
        if t.hands[target] is None:
            deal_to(t, target)
        role = t.role(target)
        if role is None or (role == INN and t.custody[target][-1][1] != Via.DEALT):
            # L8: a plain card must be exchanged however it was got; so must an inn got by exchange
            t.swap(holder, target, Via.EXCHANGE, "L8")
            holder = target
            if t.rules.backward_offer == "optional":
                t.phase, t.actor, t.target, t.cursor = Phase.DECIDE_BACKWARD, holder, cat, i
                return True
            i -= 1
            continue
        if not _stops_way_back(t, role, holder, target):
            i -= 1
            continue
        return False


def _stops_way_back(t: Table, role: str, holder: int, target: int) -> bool:
    """L8: the way back meets an event card held by ``target``: 'arresto'.  The horse is
    skipped 'wie üblich' (False: the way goes on); any other ends it, and the hunter or the
    cat cost the last to exchange a mark ('der letzte Spieler, der getauscht hat, muss eine
    Marke Strafe zahlen')."""
    t.emit(_EV_ARRESTO, "L8", target, holder, card=t.hands[target])
    if role == HORSE:
        t.emit(_EV_SKIP, "L8", target, holder)
        return False
    if role in (HUNTER, CAT):
        lose_mark(t, holder, "L8")
    t.emit(_EV_WAY_BACK_ENDS, "L8", holder)
    return True


def backward_decision(t: Table, offer: bool) -> None:
    """L8 with ``backward_offer = optional``: the holder who received a card on the way back
    offers it on to the left, or keeps it (Q5) and the way ends; play goes on right of the
    cat."""
    holder, cat = t.actor, t.target
    if offer:
        t.emit(_EV_OFFER_BACK, "L8", holder)
        if way_back(t, holder, t.cursor, cat):
            return
    else:
        t.emit(_EV_KEEP, "Q5", holder)
    play_on_after_arresto(t, t.order.index(cat))


def keep_back(t: Table) -> None:
    """L8, Q5: the holder keeps the card he received on the way back; the way ends."""
    backward_decision(t, offer=False)


def offer_back(t: Table) -> None:
    """L8: the holder offers the card he received on to the left."""
    backward_decision(t, offer=True)


# The decisions of the way back, by kind (engine.step runs the one an action names once it is
# legal), and the rule that says whose decision it is.
DECISIONS: dict[str, dict[str, Callable[[Table], None]]] = {
    Phase.DECIDE_BACKWARD: {ActionKind.KEEP: keep_back, ActionKind.OFFER: offer_back},
}
WHOSE_TURN: dict[str, Callable[[Rules], str]] = {Phase.DECIDE_BACKWARD: lambda rules: "L8"}
