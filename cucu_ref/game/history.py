"""One account of what happened in a deal: its events folded once into a value.

The engine says what happened as a stream of :class:`~cucu_ref.game.state.Event`; a reader
wants to know where each card went, who exchanged with whom, who stopped a request
(K9-K14), who was skipped (K12, L8), whose exchange was undone (K13), which marks moved,
who went out.  :func:`fold` works that out once, as python-chess's ``Outcome`` does for a
board: a small immutable value.  It decides nothing (every rule stays in the engine): it
reads the events, and the cards the hands held when they began.

Used by the adjudicator (which cards a step asked about, what the table saw), the diagrams,
the trace comparison and the rulings' results.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, NamedTuple, Optional, Sequence

from .cards import Card
from .state import Event, EventKind

__all__ = ["CardMove", "Stop", "MarkChange", "DealRecord", "fold", "up_to_next_dealer", "MOVES"]

K = EventKind

# the events that move a card from one place to another
MOVES = frozenset({K.DEAL, K.DEALER_KEEPS_HIGHEST, K.EXCHANGE, K.UNDO, K.EXCHANGE_WITH_STACK,
                   K.EXCHANGE_WITH_TALON, K.DEAD_CARD_UNDER_STACK})


class CardMove(NamedTuple):
    """One card changing hands.  ``seat`` is who the event names: the one dealt to (K4), who
    asked and exchanged (K7, and L8's way back), who took his card back (K13's undo, from
    ``other``, the one the exchange is undone with), who took from the stack or the talon
    (K8, K12, F4), whose dead card went under the stack (L10).  ``gave`` is the card ``seat``
    held before, ``took`` the one he holds after: for an exchange or an undo, what ``other``
    held (so ``other`` now holds ``gave``); None where no event and no hand names it."""

    at: int  # the event's index in the folded events
    kind: EventKind
    seat: int
    other: Optional[int]
    gave: Optional[Card]
    took: Optional[Card]
    rule: str


class Stop(NamedTuple):
    """A request that did not end in an exchange: ``seat`` holds an event card, ``card``
    (K9-K14, or the inn's bargain, L7), and stopped ``asker``; or, for a skip, ``seat``
    holds the horse and the request jumped him (K12, L8)."""

    at: int
    kind: EventKind  # ARRESTO, INN_BARGAIN or SKIP
    seat: int
    asker: Optional[int]
    card: Optional[Card]
    rule: str


class MarkChange(NamedTuple):
    """A mark lost (``amount`` below 0) or gained (above 0) by ``seat``; ``payer`` is who paid
    a gained mark to him, where one did (Z5's cat, the inn's guarantee)."""

    at: int
    seat: int
    amount: int
    rule: str
    payer: Optional[int] = None


class DealRecord(NamedTuple):
    """What a run of events did, folded once by :func:`fold` (fields in the order things
    happen in a deal).  Every tuple keeps the events' order."""

    events: tuple[Event, ...]
    moves: tuple[CardMove, ...]
    stops: tuple[Stop, ...]
    marks: tuple[MarkChange, ...]
    hands: tuple[Optional[Card], ...]  # by seat, once the events are over, as far as known (None: no card or unknown)
    dealt: tuple[tuple[int, Optional[Card]], ...]  # (seat, card) as dealt (K4; F2: the card the dealer kept)
    showdown: Optional[Event]  # the cards are shown (K15)
    went_out: tuple[int, ...]  # in the order they went out (K16)
    buy_back_offers: tuple[Event, ...]  # K17, L11: ``seat`` may buy back for ``amount`` stakes
    bought_back: tuple[Event, ...]
    restart: Optional[Event]  # the first restart (K18, D8) or draw (Z11)
    kept_last_life: tuple[int, ...]  # S6's second rule
    winners: tuple[Event, ...]  # the match's winner (K3) or joint winners (S6)
    next_dealer: Optional[int]  # the last named (K2)

    @property
    def exchanges(self) -> tuple[CardMove, ...]:
        """The exchanges between two seats (K7, L8, Q9, K14's refused offer)."""
        return tuple(m for m in self.moves if m.kind == K.EXCHANGE)

    @property
    def undone(self) -> tuple[CardMove, ...]:
        """The exchanges the cat undid (K13)."""
        return tuple(m for m in self.moves if m.kind == K.UNDO)

    @property
    def arrested(self) -> tuple[Stop, ...]:
        return tuple(s for s in self.stops if s.kind == K.ARRESTO)

    @property
    def skipped(self) -> tuple[Stop, ...]:
        return tuple(s for s in self.stops if s.kind == K.SKIP)

    @property
    def lost(self) -> tuple[MarkChange, ...]:
        return tuple(m for m in self.marks if m.amount < 0)

    @property
    def gained(self) -> tuple[MarkChange, ...]:
        return tuple(m for m in self.marks if m.amount > 0)

    def net(self, seat: int) -> int:
        """Marks ``seat`` gained less marks he lost."""
        return sum(m.amount for m in self.marks if m.seat == seat)


# the values built from a tuple of their fields, without the named tuples' keyword handling (the
# adjudicator folds every step of every branch it walks)
_new_move: Callable[[tuple[Any, ...]], CardMove] = partial(tuple.__new__, CardMove)
_new_stop: Callable[[tuple[Any, ...]], Stop] = partial(tuple.__new__, Stop)
_new_mark: Callable[[tuple[Any, ...]], MarkChange] = partial(tuple.__new__, MarkChange)
_new_record: Callable[[tuple[Any, ...]], DealRecord] = partial(tuple.__new__, DealRecord)


def up_to_next_dealer(events: Sequence[Event]) -> tuple[Event, ...]:
    """The events of one deal: up to and including its ``next-dealer`` (K2), which ends it."""
    for i, event in enumerate(events):
        if event.kind == K.NEXT_DEALER:
            return tuple(events[:i + 1])
    return tuple(events)


# The kinds as module constants: on Python 3.11 each read of an enum's class attribute goes
# through EnumType.__getattr__ (about four times a plain attribute), and the adjudicator folds
# every step of every branch it walks.
_DEAL, _KEEPS_HIGHEST, _EXCHANGE, _UNDO = K.DEAL, K.DEALER_KEEPS_HIGHEST, K.EXCHANGE, K.UNDO
_UNDER_STACK, _MARK_LOST, _MARK_GAINED = K.DEAD_CARD_UNDER_STACK, K.MARK_LOST, K.MARK_GAINED
_DEALT = frozenset({_DEAL, _KEEPS_HIGHEST})
_SWAPS = frozenset({_EXCHANGE, _UNDO})
_STOPS = frozenset({K.ARRESTO, K.SKIP, K.INN_BARGAIN})
_INN_BARGAIN = K.INN_BARGAIN
_SHOWDOWN, _OUT, _KEEP_LAST_LIFE = K.SHOWDOWN, K.OUT, K.KEEP_LAST_LIFE
_BUY_BACK_OFFER, _BUY_BACK = K.BUY_BACK_OFFER, K.BUY_BACK
_RESTARTS = frozenset({K.RESTART, K.DRAW})
_WINNERS = frozenset({K.WINNER, K.JOINT_WINNER})
# the other kinds a record names (the rest, decisions and table talk, it leaves to ``events``)
_NAMED = frozenset({K.SHOWDOWN, K.RESTART, K.DRAW, K.OUT, K.BUY_BACK_OFFER, K.BUY_BACK, K.KEEP_LAST_LIFE,
                    K.WINNER, K.JOINT_WINNER, K.NEXT_DEALER})


def fold(events: Sequence[Event], hands: Optional[Sequence[Optional[Card]]] = None,
         drawn: Optional[Sequence[Optional[Card]]] = None) -> DealRecord:
    """Fold ``events`` into a :class:`DealRecord`.  ``hands`` are the cards the seats held
    when the events began (left out: nothing known before the first deal); ``drawn`` the
    hands once they are over, which name the cards taken from the stack or the talon (no
    event names them, K8, F4)."""
    held: list[Optional[Card]] = list(hands) if hands is not None else []
    moves: list[CardMove] = []
    stops: list[Stop] = []
    marks: list[MarkChange] = []
    dealt: list[tuple[int, Optional[Card]]] = []
    named: list[Event] = []  # the other events the record names (decisions and table talk it leaves out)
    for at, e in enumerate(events):
        kind, seat = e.kind, e.seat
        if kind in _NAMED:
            named.append(e)
        elif seat is None:
            continue
        elif kind in MOVES:
            moves.append(_move(at, e, seat, held, drawn))
            if kind in _DEALT:
                dealt.append((seat, e.card))
        elif kind in _STOPS:
            # L7: Lu Stù's innkeeper shows the inn he holds ('Tingh la Cas ...')
            card = _held(held, seat) if kind == _INN_BARGAIN else e.card
            stops.append(_new_stop((at, kind, seat, e.other, card, e.rule)))
        elif kind == _MARK_LOST:
            marks.append(_new_mark((at, seat, -max(e.amount, 1), e.rule, None)))
        elif kind == _MARK_GAINED:
            marks.append(_new_mark((at, seat, max(e.amount, 1), e.rule, e.other)))
    return _new_record((tuple(events), tuple(moves), tuple(stops), tuple(marks), tuple(held), tuple(dealt))
                       + (_named_fields(named) if named else _NONE_NAMED))


# the record's last fields where no event names them (the fields of _named_fields, in its order)
_NONE_NAMED: tuple[Any, ...] = (None, (), (), (), None, (), (), None)


def _named_fields(named: list[Event]) -> tuple[Any, ...]:
    """The record's fields from ``showdown`` on: the showdown, the players out, the buy-backs,
    a restart, the winners and the next dealer that ``named`` (in the events' order) say."""
    showdown = restart = None
    next_dealer: Optional[int] = None
    out: list[int] = []
    kept: list[int] = []
    offers: list[Event] = []
    bought: list[Event] = []
    winners: list[Event] = []
    for e in named:
        kind = e.kind
        if kind == _SHOWDOWN:
            showdown = showdown or e
        elif kind in _RESTARTS:
            restart = restart or e
        elif kind in _WINNERS:
            winners.append(e)
        elif kind == _BUY_BACK_OFFER:
            offers.append(e)
        elif kind == _BUY_BACK:
            bought.append(e)
        elif e.seat is None:
            continue
        elif kind == _OUT:
            out.append(e.seat)
        elif kind == _KEEP_LAST_LIFE:
            kept.append(e.seat)
        else:  # the next dealer: the last one named (K2)
            next_dealer = e.seat
    return (showdown, tuple(out), tuple(offers), tuple(bought), restart, tuple(kept), tuple(winners), next_dealer)


def _held(held: list[Optional[Card]], seat: int) -> Optional[Card]:
    """The card ``seat`` holds, making room for him in ``held`` (a seat not dealt yet holds none)."""
    if seat >= len(held):
        held.extend([None] * (seat + 1 - len(held)))
    return held[seat]


def _move(at: int, e: Event, seat: int, held: list[Optional[Card]],
          drawn: Optional[Sequence[Optional[Card]]]) -> CardMove:
    """The move ``e`` makes, ``held`` brought up to date."""
    kind, other = e.kind, e.other
    gave = _held(held, seat)
    if kind in _DEALT:
        took = e.card
    elif kind in _SWAPS:
        if other is None:
            return _new_move((at, kind, seat, other, gave, gave, e.rule))
        took = _held(held, other)
        held[other] = gave
    elif kind == _UNDER_STACK:
        took = None
    else:  # from the stack or the talon: the card only the hands after show
        took = drawn[seat] if drawn is not None else None
    held[seat] = took
    return _new_move((at, kind, seat, other, gave, took, e.rule))
