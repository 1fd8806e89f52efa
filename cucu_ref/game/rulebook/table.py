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
from operator import attrgetter
from typing import Any, Callable, Optional

from ..cards import PACKS, Card
from ..rulesets import CUCKOO, Rules
from ..state import Custody, Deal, Event, EventKind, Match, Notes, State, Via

__all__ = ["Table", "put", "new_state", "new_event", "DEALT_PATHS", "STACK_PATHS"]

# Values built from a tuple of their fields without the keyword handling of the named
# tuples' own constructors: a step builds one State and several Events.
new_state: Callable[[tuple[Any, ...]], State] = partial(tuple.__new__, State)
new_event: Callable[[tuple[Any, ...]], Event] = partial(tuple.__new__, Event)
new_deal: Callable[[tuple[Any, ...]], Deal] = partial(tuple.__new__, Deal)
new_match: Callable[[tuple[Any, ...]], Match] = partial(tuple.__new__, Match)
new_notes: Callable[[tuple[Any, ...]], Notes] = partial(tuple.__new__, Notes)

# The event kinds bound once as module constants: on Python 3.11 each read of an enum's class
# attribute goes through EnumType.__getattr__ (270 ns against 62 ns for a plain class's).
_EV_EXCHANGE = EventKind.EXCHANGE
_EV_EXCHANGE_WITH_STACK = EventKind.EXCHANGE_WITH_STACK


# A card's custody when it was just dealt to a seat (K4), or taken from the stack or the talon
# (K8, K12, F4): ``((seat, Via.DEALT),)``, ``((seat, Via.STACK),)``, one shared value per seat
# (every card dealt would build two tuples otherwise), for every seat a pack can seat (a table
# is smaller than its pack, Rules.problems)
DEALT_PATHS: tuple[Custody, ...] = tuple(((seat, Via.DEALT),) for seat in range(max(p.size for p in PACKS.values())))
STACK_PATHS: tuple[Custody, ...] = tuple(((seat, Via.STACK),) for seat in range(len(DEALT_PATHS)))


def put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``values`` with ``values[index]`` replaced (``index`` counted from the start)."""
    return values[:index] + (value,) + values[index + 1:]


class Table:
    """A mutable scratch copy of one state, used inside a single step and then frozen.

    Its fields are the State's (:class:`~cucu_ref.game.state.State` documents them), plus
    ``events`` (the step's events so far, None when none are recorded) and ``cite`` (the
    ruleset's rule ID for each mechanism, ``Rules.citation_of``).  What a step changes is copied
    in and out: whose decision, the stack, the hands and the custody, and the match's standing
    (marks, pot, pending offers ..., read by the commonest steps: ``freeze`` builds a new
    ``Match`` only where one changed).  The deal and its notes are held by reference: the deal's
    ``rules``, ``dealer`` and ``order`` are read from slots set once (a rule changes them only
    through :meth:`set_deal`), and the notes' fields (dead, guarantees, hinted, out_this_deal,
    suspended), which few steps read, read and write through properties that rebuild the notes
    when one changes (``t.dead = ...``)."""

    __slots__ = (
        "deal", "match", "phase", "actor", "target", "cursor", "stack", "hands", "custody", "notes",
        "rules", "dealer", "order", "marks", "virgins", "pot", "eliminations", "reentries", "pending", "winner",
        "events", "cite",
    )
    deal: Deal
    match: Match
    phase: str
    actor: Any  # Optional[int]; an int in every phase a decision runs in
    target: Any  # Optional[int]; an int wherever a rule reads it
    cursor: int
    stack: tuple[Card, ...]
    hands: list[Any]  # list[Optional[Card]]; a Card wherever a rule reads it
    custody: list[Custody]
    notes: Notes
    rules: Rules  # (the deal's: set_deal changes them)
    dealer: int
    order: tuple[int, ...]
    marks: tuple[int, ...]  # (the match's standing, copied in; freeze builds a new Match where it changed)
    virgins: tuple[bool, ...]
    pot: int
    eliminations: int
    reentries: int
    pending: tuple[tuple[int, int], ...]
    winner: Optional[int]
    events: Optional[list[Event]]
    cite: dict[str, str]
    # The fields of the deal and the notes, read (and the notes' written) through: a write rebuilds
    # the notes (these bodies say what each does; the notes' are replaced below by _through's, the
    # same with a C-level read)
    @property
    def players(self) -> tuple[str, ...]:
        return self.deal.players

    @property
    def deal_number(self) -> int:
        return self.deal.deal_number

    @property
    def out_this_deal(self) -> tuple[tuple[int, ...], ...]:
        return self.notes.out_this_deal

    @out_this_deal.setter
    def out_this_deal(self, value: tuple[tuple[int, ...], ...]) -> None:
        self.notes = self.notes._replace(out_this_deal=value)

    @property
    def dead(self) -> tuple[bool, ...]:
        return self.notes.dead

    @dead.setter
    def dead(self, value: tuple[bool, ...]) -> None:
        self.notes = self.notes._replace(dead=value)

    @property
    def guarantees(self) -> tuple[tuple[int, int], ...]:
        return self.notes.guarantees

    @guarantees.setter
    def guarantees(self, value: tuple[tuple[int, int], ...]) -> None:
        self.notes = self.notes._replace(guarantees=value)

    @property
    def hinted(self) -> tuple[int, ...]:
        return self.notes.hinted

    @hinted.setter
    def hinted(self, value: tuple[int, ...]) -> None:
        self.notes = self.notes._replace(hinted=value)

    @property
    def suspended(self) -> Optional[tuple[str, Optional[int], Optional[int], int]]:
        return self.notes.suspended

    @suspended.setter
    def suspended(self, value: Optional[tuple[str, Optional[int], Optional[int], int]]) -> None:
        self.notes = self.notes._replace(suspended=value)

    def __init__(self, s: State, events: bool = True):
        (self.deal, self.match, self.phase, self.actor, self.target, self.cursor, self.stack, hands, custody,
         self.notes) = s
        self.rules, _, self.dealer, _, self.order = self.deal
        self.marks, self.virgins, self.pot, self.eliminations, self.reentries, self.pending, self.winner = self.match
        self.hands = [*hands]  # (a display copies with no call: list() costs a third more)
        self.custody = [*custody]
        self.events = [] if events else None
        self.cite = self.rules.citation_of

    def freeze(self) -> State:
        standing = (self.marks, self.virgins, self.pot, self.eliminations, self.reentries, self.pending, self.winner)
        match = self.match
        if standing != match:  # (most steps move no mark: the Match is shared)
            match = new_match(standing)
        return new_state((self.deal, match, self.phase, self.actor, self.target, self.cursor, self.stack,
                          tuple(self.hands), tuple(self.custody), self.notes))

    def set_deal(self, dealer: int, order: tuple[int, ...], deal_number: int) -> None:
        """The deal's constants change: a new deal begins (K4) or the next dealer is named (K2)."""
        self.deal = new_deal((self.rules, self.deal[1], dealer, deal_number, order))
        self.dealer, self.order = dealer, order

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
        self.custody[seat] = STACK_PATHS[seat]
        self.emit(_EV_EXCHANGE_WITH_STACK, rule, seat, amount=1 if bottom else 0)


def _through(index: int, name: str) -> property:
    """The Table's property for the field ``name`` of its notes, at ``index``: read from the
    notes, written by rebuilding them (a write of the value already there rebuilds nothing)."""

    def set_field(t: Table, value: Any) -> None:
        notes = t.notes
        if notes[index] != value:
            t.notes = new_notes(notes[:index] + (value,) + notes[index + 1:])

    return property(attrgetter(f"notes.{name}"), set_field, doc=f"``notes.{name}``")


for _index, _name in enumerate(Notes._fields):
    setattr(Table, _name, _through(_index, _name))
del _index, _name
Table.players = property(attrgetter("deal.players"), doc="``deal.players``")  # type: ignore[method-assign,assignment]
Table.deal_number = property(attrgetter("deal.deal_number"), doc="``deal.deal_number``")  # type: ignore[method-assign,assignment]
