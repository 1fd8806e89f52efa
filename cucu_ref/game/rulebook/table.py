"""The table a step works on: a mutable scratch copy of one State, and the moves of cards.

:func:`cucu_ref.game.engine.step` copies the state into a :class:`Table`, runs the rule
functions of the other rulebook modules on it, and freezes it into the new State.  The
mutation never leaves the call, so every State stays an immutable value while the rules
read as plain sequential code.  ``hands`` and ``custody``, which nearly every step changes,
are lists here; the other fields stay tuples and are rebuilt when they change (:func:`put`).

A Table built with ``events=False`` records no events (:func:`~cucu_ref.game.engine.advance`,
for playouts and search): :meth:`Table.emit` then does nothing.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, Optional

from ..cards import Card
from ..rulesets import CUCKOO, Rules
from ..state import Custody, Event, EventKind, State, Via

__all__ = ["Table", "put", "new_state", "new_event"]

# Values built from a tuple of their fields without the keyword handling of the named
# tuples' own constructors: a step builds one State and several Events.
new_state: Callable[[tuple[Any, ...]], State] = partial(tuple.__new__, State)
new_event: Callable[[tuple[Any, ...]], Event] = partial(tuple.__new__, Event)

# The event kinds bound once as module constants: on Python 3.11 each read of an enum's class
# attribute goes through EnumType.__getattr__ (270 ns against 62 ns for a plain class's).
_EV_EXCHANGE = EventKind.EXCHANGE
_EV_EXCHANGE_WITH_STACK = EventKind.EXCHANGE_WITH_STACK


def put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``values`` with ``values[index]`` replaced (``index`` counted from the start)."""
    return values[:index] + (value,) + values[index + 1:]


class Table:
    """A mutable scratch copy of one state, used inside a single step and then frozen.

    Its fields are the State's (:class:`~cucu_ref.game.state.State` documents them), plus
    ``events`` (the step's events so far, None when none are recorded) and ``cite`` (the
    ruleset's rule ID for each mechanism, ``Rules.citation_of``)."""

    __slots__ = (
        "rules", "players", "marks", "virgins", "dealer", "pot", "eliminations", "reentries", "deal_number",
        "phase", "actor", "target", "order", "cursor", "stack", "hands", "custody", "dead", "guarantees",
        "hinted", "out_this_deal", "pending", "winner", "suspended", "events", "cite",
    )
    rules: Rules
    players: tuple[str, ...]
    marks: tuple[int, ...]
    virgins: tuple[bool, ...]
    dealer: int
    pot: int
    eliminations: int
    reentries: int
    deal_number: int
    phase: str
    actor: Any  # Optional[int]; an int in every phase a decision runs in
    target: Any  # Optional[int]; an int wherever a rule reads it
    order: tuple[int, ...]
    cursor: int
    stack: tuple[Card, ...]
    hands: list[Any]  # list[Optional[Card]]; a Card wherever a rule reads it
    custody: list[Custody]
    dead: tuple[bool, ...]
    guarantees: tuple[tuple[int, int], ...]
    hinted: tuple[int, ...]
    out_this_deal: tuple[tuple[int, ...], ...]
    pending: tuple[tuple[int, int], ...]
    winner: Optional[int]
    suspended: Optional[tuple[str, Optional[int], Optional[int], int]]
    events: Optional[list[Event]]
    cite: dict[str, str]

    def __init__(self, s: State, events: bool = True):
        (self.rules, self.players, self.marks, self.virgins, self.dealer, self.pot, self.eliminations,
         self.reentries, self.deal_number, self.phase, self.actor, self.target, self.order, self.cursor,
         self.stack, hands, custody, self.dead, self.guarantees, self.hinted, self.out_this_deal,
         self.pending, self.winner, self.suspended) = s
        self.hands = list(hands)
        self.custody = list(custody)
        self.events = [] if events else None
        self.cite = self.rules.citation_of

    def freeze(self) -> State:
        return new_state((
            self.rules, self.players, self.marks, self.virgins, self.dealer, self.pot, self.eliminations,
            self.reentries, self.deal_number, self.phase, self.actor, self.target, self.order, self.cursor,
            self.stack, tuple(self.hands), tuple(self.custody), self.dead, self.guarantees, self.hinted,
            self.out_this_deal, self.pending, self.winner, self.suspended,
        ))

    def emit(self, kind: EventKind, rule: str, seat: Optional[int] = None, other: Optional[int] = None,
             card: Optional[Card] = None, amount: int = 0) -> None:
        """Record that ``kind`` happened by ``rule`` (nothing when the step records no events)."""
        events = self.events
        if events is not None:
            events.append(new_event((kind, rule, seat, other, card, amount)))

    def decide(self, phase: str, actor: int, target: Optional[int], cursor: int) -> None:
        """The state now waits for ``actor``'s decision in ``phase``."""
        self.phase, self.actor, self.target, self.cursor = phase, actor, target, cursor

    # ---- what the cards say

    def role(self, seat: int) -> Optional[str]:
        """The event role (C2) of the card ``seat`` holds, None for a plain card or no card."""
        return self.rules.role_of_card.get(self.hands[seat])

    def refuses(self, card: Card) -> bool:
        """True for a card that refuses an exchange: the cuckoo's role (C2; the French king, F3)."""
        return self.rules.role_of_card.get(card) == CUCKOO

    # ---- moving cards

    def swap(self, a: int, b: int, via: str, rule: str) -> None:
        """K7: ``a`` and ``b`` exchange cards; each card's custody gains the step."""
        hands, custody = self.hands, self.custody
        hands[a], hands[b] = hands[b], hands[a]
        custody[a], custody[b] = custody[b] + ((a, via),), custody[a] + ((b, via),)
        self.emit(_EV_EXCHANGE, rule, a, b)

    def exchange_with_stack(self, seat: int, bottom: bool, rule: str) -> None:
        """K8 (the dealer), K12 (a horse at the dealer): ``seat``'s card for the stack's top
        (or, ``bottom``, its bottom) card, which goes where it was taken from."""
        index = len(self.stack) - 1 if bottom else 0
        taken = self.stack[index]
        self.stack = put(self.stack, index, self.hands[seat])
        self.hands[seat] = taken
        self.custody[seat] = ((seat, Via.STACK),)
        self.emit(_EV_EXCHANGE_WITH_STACK, rule, seat, amount=1 if bottom else 0)
