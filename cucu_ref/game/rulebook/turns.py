"""A player's turn: keep or offer (K5), the request and what it meets (K7, K10-K14), the
dealer's last decision (K8, S4), the talon (F4), and refusing an exchange by paying (Q9).

:func:`request` is where a request meets the next seat's card: a plain card is exchanged
(K7); an event card stops it ('arresto') and its own module says what follows
(:mod:`~cucu_ref.game.rulebook.cuckoo`, :mod:`~cucu_ref.game.rulebook.hunter`,
:mod:`~cucu_ref.game.rulebook.horse`, :mod:`~cucu_ref.game.rulebook.cat`,
:mod:`~cucu_ref.game.rulebook.inn`).
"""

from __future__ import annotations

from typing import Callable

from ..rulesets import CAT, CUCKOO, HORSE, HUNTER, INN, Rules
from ..state import ActionKind, EventKind, Phase, Via
from . import cat, cuckoo, horse, hunter, inn
from .dealing import deal_to
from .match import lose_mark
from .showdown import showdown
from .table import Table, put, STACK_PATHS
from .turn_order import decide_after_receiving, turn_to

__all__ = [
    "keep", "offer", "go_to_stack", "request", "request_talon", "arresto_rule", "target_decision", "DECISIONS",
    "WHOSE_TURN",
]

_EV_KEEP = EventKind.KEEP
_EV_OFFER = EventKind.OFFER
_EV_ARRESTO = EventKind.ARRESTO
_EV_STACK_KING = EventKind.STACK_KING
_EV_TALON_KING = EventKind.TALON_KING
_EV_EXCHANGE_WITH_TALON = EventKind.EXCHANGE_WITH_TALON

# What follows an 'arresto' at each event card but the horse (which may pass the request on)
_ARRESTO: dict[str, Callable[[Table, int, int, int], None]] = {
    CUCKOO: cuckoo.arresto, HUNTER: hunter.arresto, CAT: cat.arresto, INN: inn.arresto,
}


def keep(t: Table) -> None:
    """K5 'sto bene': play goes on with the next seat (K6); the dealer's keep (K8) ends the
    round: the showdown."""
    if t.actor == t.dealer:
        t.emit(_EV_KEEP, t.cite["dealer-exchange"], t.actor)
        showdown(t)
    else:
        t.emit(_EV_KEEP, t.cite["keep"], t.actor)
        turn_to(t, t.cursor + 1)


def offer(t: Table) -> None:
    """K5 'passo': the actor asks the next seat to exchange (K7)."""
    t.emit(_EV_OFFER, t.cite["offer"], t.actor)
    request(t, t.actor, t.cursor + 1)


def go_to_stack(t: Table) -> None:
    """K8: the dealer's last decision, his card for the stack's top card (L2/``stack-bottom``:
    the bottom card); S4 (``dealer_draws_king = keeps-own``): a king he cuts goes back and he
    keeps his own.  Then the showdown."""
    rules = t.rules
    bottom = rules.dealer_exchange == "stack-bottom"
    drawn = t.stack[-1 if bottom else 0]
    if rules.dealer_draws_king == "keeps-own" and t.refuses(drawn):
        t.emit(_EV_STACK_KING, t.cite["stack-king"], t.actor, card=drawn)  # S4; F4 at the talon (Q18)
    else:
        t.exchange_with_stack(t.actor, bottom=bottom, rule=t.cite["dealer-exchange"])
    showdown(t)


def request(t: Table, offerer: int, index: int) -> None:
    """K7: ``offerer`` asks the seat at ``index`` (and past horses, K12) to exchange.  A
    plain card is exchanged and its new holder decides about the card he received (Q9 'yes':
    he may pay a mark instead); an event card stops the request (K10-K14)."""
    while True:
        target = t.order[index]
        if target == t.dealer and t.rules.last_request_to == "talon":
            request_talon(t, offerer)
            turn_to(t, index)
            return
        if t.hands[target] is None:
            deal_to(t, target)
        role = t.role(target)
        if role is None:
            if t.rules.refuse_by_paying == "yes":
                # Q9 (Zeh, third paragraph): the target may pay a mark rather than exchange
                t.phase, t.actor, t.target, t.cursor = Phase.TARGET_DECIDE, target, offerer, index
                return
            t.swap(offerer, target, Via.EXCHANGE, t.cite["exchange"])
            decide_after_receiving(t, target, index)
            return
        t.emit(_EV_ARRESTO, arresto_rule(t.rules, role), target, offerer, card=t.hands[target])
        if role == HORSE:
            if horse.passes_on(t, offerer, target, index):
                index += 1
                continue
            return
        _ARRESTO[role](t, offerer, target, index)
        return


def arresto_rule(rules: Rules, role: str) -> str:
    """The rule an 'arresto' at ``role`` follows: the ruleset's own citation, else (the cat
    and the inn) the source of the option's reading."""
    if role in dict(rules.citations):  # (the ruleset names its own; a dict asks in C, a generator costs more)
        return rules.cites(role)
    if role == CAT:
        return {"undo": "K13", "backward": "L8", "pay-holder": "Z5"}[rules.cat]
    if role == INN and rules.inn == "lu-stu":
        return "L7"
    return rules.cites(role)


def request_talon(t: Table, offerer: int) -> None:
    """F4: the last player exchanges with the talon, not the dealer; a king there forbids it
    (Q16, the project's alternative reading: the bottom card, or the next one up if it is a
    king)."""
    if t.rules.talon_card == "top":
        index = 0
    else:
        index = next((i for i in range(len(t.stack) - 1, -1, -1)
                      if t.rules.role_of.get(t.stack[i].value) != CUCKOO), len(t.stack) - 1)
    card = t.stack[index]
    if t.rules.role_of.get(card.value) == CUCKOO:
        t.emit(_EV_TALON_KING, "F4", offerer, card=card)
        return
    t.stack = put(t.stack, index, t.hands[offerer])
    t.hands[offerer] = card
    t.custody[offerer] = STACK_PATHS[offerer]
    t.emit(_EV_EXCHANGE_WITH_TALON, "F4", offerer, card=None)


def target_decision(t: Table, exchange: bool) -> None:
    """Q9 'yes': the target exchanges (K7) or pays a mark to refuse; then he decides about
    his card (dead, K15: the next seat does)."""
    target, offerer = t.actor, t.target
    if exchange:
        t.swap(offerer, target, Via.EXCHANGE, "K7")
    else:
        lose_mark(t, target, "Q9")
    if t.dead[target]:
        turn_to(t, t.cursor + 1)
    else:
        decide_after_receiving(t, target, t.cursor)


def agree(t: Table) -> None:
    """Q9: the target agrees to exchange (K7)."""
    target_decision(t, exchange=True)


def pay_to_refuse(t: Table) -> None:
    """Q9: the target pays a mark rather than exchange."""
    target_decision(t, exchange=False)


# The decisions of a turn, by phase and kind (engine.step runs the one an action names once it
# is legal), and the rule that says whose decision it is.
DECISIONS: dict[str, dict[str, Callable[[Table], None]]] = {
    Phase.DECIDE: {ActionKind.KEEP: keep, ActionKind.OFFER: offer, ActionKind.EXCHANGE_WITH_STACK: go_to_stack},
    Phase.TARGET_DECIDE: {ActionKind.EXCHANGE: agree, ActionKind.REFUSE_BY_PAYING: pay_to_refuse},
}
WHOSE_TURN: dict[str, Callable[[Rules], str]] = {
    Phase.DECIDE: lambda rules: rules.cites("keep"),  # K5, or the ruleset's own rule (F3, S2 ...)
    Phase.TARGET_DECIDE: lambda rules: "Q9",
}
