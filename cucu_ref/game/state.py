"""The values the engine works on: state, actions, events.

All three are NamedTuples of immutable fields (tuples, ints, strings, cards),
so an old state stays valid, comparable and hashable after any number of steps.

Seats are numbered in *play order*: seat ``i + 1`` sits to the right of seat
``i`` (the direction cards are dealt and requests travel, K4), wrapping around.
"""

from __future__ import annotations

from enum import StrEnum
from operator import attrgetter
from typing import Any, NamedTuple, Optional

from .cards import Card
from .rulesets import Rules

__all__ = [
    "State",
    "Deal",
    "Match",
    "Notes",
    "FIELDS",
    "between_deals",
    "no_notes",
    "Action",
    "Event",
    "EventKind",
    "Phase",
    "DEAL_PHASES",
    "ActionKind",
    "Via",
]


class Phase:
    """What the state waits for."""

    SHUFFLE = "shuffle"  # chance: the shuffled stack for the next deal
    DECIDE = "decide"  # ``actor`` keeps or offers (the dealer: keeps or goes to the stack)
    INN_OFFERER = "inn-offerer"  # after 'fermatevi': ``actor`` keeps or makes the second offer
    INN_KEEPER = "inn-keeper"  # ``actor`` (the innkeeper) accepts or refuses the second offer
    DECIDE_BACKWARD = "decide-backward"  # L8 with optional offers: ``actor`` keeps or offers to the left
    TARGET_DECIDE = "target-decide"  # Q9 'yes': ``actor`` exchanges with ``target`` or pays a mark to refuse
    BUY_BACK = "buy-back"  # ``actor`` (just out) buys back or declines
    MATCH_OVER = "match-over"


# The phases inside a deal, where a decision of the deal is due (a buy-back decided in mid-deal
# suspends one of them, L11); the shuffle, a buy-back between deals and the match's end are not.
DEAL_PHASES = frozenset({
    Phase.DECIDE, Phase.DECIDE_BACKWARD, Phase.TARGET_DECIDE, Phase.INN_OFFERER, Phase.INN_KEEPER,
})


class ActionKind:
    SHUFFLE = "shuffle"
    KEEP = "keep"  # 'sto bene' (K5); for the dealer, keeping his card (K8)
    OFFER = "offer"  # 'passo' (K5)
    EXCHANGE_WITH_STACK = "exchange-with-stack"  # the dealer's last decision (K8)
    INN_KEEP = "keep-after-fermatevi"  # the offerer keeps after all (K14)
    INN_ASK = "ask-pagherai-se-null"  # the second offer (K14)
    INN_ACCEPT = "accept"  # the innkeeper guarantees (K14)
    INN_REFUSE = "refuse"  # the innkeeper exchanges (K14)
    EXCHANGE = "exchange"  # Q9 'yes': the target agrees to exchange
    REFUSE_BY_PAYING = "refuse-and-pay"  # Q9 'yes': the target pays a mark instead
    BUY_BACK = "buy-back"  # K17
    DECLINE = "decline-buy-back"  # K17


class Via:
    """How a seat came to hold its card (one step of a card's custody)."""

    DEALT = "dealt"
    EXCHANGE = "exchange"
    INN = "inn-exchange"  # the exchange after a refused second offer (K14)
    STACK = "stack"  # taken from the stack (K8, K12)


# A card's custody: the seats that held it in this deal, each with how it came.
Custody = tuple[tuple[int, str], ...]


class Action(NamedTuple):
    """A decision (or, for ``shuffle``, the chance outcome: the stack, top first)."""

    kind: str
    seat: Optional[int] = None
    stack: Optional[tuple[Card, ...]] = None

    def __repr__(self) -> str:
        if self.kind == ActionKind.SHUFFLE:
            return f"Action({self.kind!r}, stack={self.stack!r})"
        return f"Action({self.kind!r}, {self.seat!r})"


class EventKind(StrEnum):
    """What an event says happened.  A ``str`` enum: each member *is* its value, so
    ``event.kind == "exchange"`` holds, JSON and f-strings write the bare value, and every
    serialised format (traces, rulings, conformance vectors) stays as it was.  The rule
    each one follows is the event's own ``rule`` (the ruleset's citation)."""

    SHUFFLE = "shuffle"  # the dealer shuffles (K4)
    DEAL = "deal"  # a card dealt to ``seat`` (K4; on the way, L10/F4)
    DEALER_KEEPS_HIGHEST = "dealer-keeps-highest"  # F2: the dealer keeps the best of his cards
    KEEP = "keep"  # 'sto bene' (K5), the dealer keeping his card (K8)
    OFFER = "offer"  # 'passo' (K5)
    EXCHANGE = "exchange"  # ``seat`` and ``other`` swap cards (K7)
    ARRESTO = "arresto"  # ``seat`` stops ``other``'s request showing ``card`` (K9-K14)
    SKIP = "skip"  # the request jumps the horse ``seat`` (K12, L8)
    UNDO = "undo"  # the cat ``other`` undoes ``seat``'s exchange (K13)
    FERMATEVI = "fermatevi"  # the innkeeper ``seat`` calls 'fermatevi' to ``other`` (K14)
    INN_BARGAIN = "inn-bargain"  # the inn's bargain in Lu Stù (L7)
    KEEP_AFTER_FERMATEVI = "keep-after-fermatevi"  # the offerer keeps after all (K14)
    ASK_PAGHERAI_SE_NULL = "ask-pagherai-se-null"  # the second offer (K14)
    ACCEPT = "accept"  # the innkeeper guarantees (K14, L7)
    REFUSE = "refuse"  # the innkeeper refuses (K14, L7)
    OFFER_BACK = "offer-back"  # the way back after the cat (L8)
    WAY_BACK_ENDS = "way-back-ends"  # L8, Q5
    HINT = "hint"  # a fool's holder hints (Z7)
    EXCHANGE_WITH_STACK = "exchange-with-stack"  # the dealer (or a horse's cut, K12) takes from the stack (K8)
    EXCHANGE_WITH_TALON = "exchange-with-talon"  # F4
    STACK_KING = "stack-king"  # S4: a king cut from the stock goes back
    TALON_KING = "talon-king"  # F4
    DEAD_CARD_UNDER_STACK = "dead-card-under-stack"  # L10
    SHOWDOWN = "showdown"  # the cards are shown (K15)
    MARK_LOST = "mark-lost"
    MARK_GAINED = "mark-gained"
    OUT = "out"  # ``seat`` has no marks left (K16)
    BUY_BACK_OFFER = "buy-back-offer"  # K17, L11
    BUY_BACK = "buy-back"
    DECLINE_BUY_BACK = "decline-buy-back"
    JOINT_WINNER = "joint-winner"  # S6
    KEEP_LAST_LIFE = "keep-last-life"  # S6
    RESTART = "restart"  # K18, D8
    DRAW = "draw"  # Z11
    WINNER = "winner"  # K3
    NEXT_DEALER = "next-dealer"  # K2

    def __repr__(self) -> str:
        # an event's repr (the docs' sessions, a test's failure message) reads as it did when
        # kinds were bare strings: Event(kind='exchange', ...)
        return repr(self.value)


class Event(NamedTuple):
    """Something that happened, with the rule that made it happen."""

    kind: EventKind
    rule: str
    seat: Optional[int] = None
    other: Optional[int] = None
    card: Optional[Card] = None
    amount: int = 0


class Deal(NamedTuple):
    """What stays the same through a deal (and between deals until the next shuffle or the next
    dealer): a step reuses it by reference."""

    rules: Rules
    players: tuple[str, ...]
    dealer: int
    deal_number: int
    order: tuple[int, ...]  # this deal's seats in play order, the dealer last


class Match(NamedTuple):
    """The match's standing, which changes only when marks move (an event card's cost, the
    showdown), a player goes out or buys back, the match restarts or is won."""

    marks: tuple[int, ...]
    virgins: tuple[bool, ...]  # still holding the original marks, never having lost one (K17)
    pot: int
    eliminations: int  # players who went out since the match (re)started: the K17 price counter
    reentries: int  # players who bought back since the match (re)started: the L11 price counter
    pending: tuple[tuple[int, int], ...]  # (seat, price in stakes) still to decide on buying back
    winner: Optional[int]


class Notes(NamedTuple):
    """What a deal notes now and then: dead cards, the inn's guarantees, Z7's hints, who went
    out (K16), a deal suspended for a buy-back (L11); a new deal starts with none (``no_notes``)."""

    dead: tuple[bool, ...]  # put out during this deal: card not compared (K15)
    guarantees: tuple[tuple[int, int], ...]  # (offerer, innkeeper) after an accepted second offer (K14)
    hinted: tuple[int, ...]  # fool holders who hinted (Z7)
    out_this_deal: tuple[tuple[int, ...], ...]  # groups of seats going out together, in time order
    # (phase, actor, target, cursor) to resume after a buy-back decided during the deal (L11)
    suspended: Optional[tuple[str, Optional[int], Optional[int], int]]


# The State's documented fields, in the order docs/engine.rst lists them, and the part each
# lives in (the index of the part in a State; None: a field of the State itself).
FIELDS: tuple[str, ...] = (
    "rules", "players", "marks", "virgins", "dealer", "pot", "eliminations", "reentries", "deal_number",
    "phase", "actor", "target", "order", "cursor", "stack", "hands", "custody", "dead", "guarantees",
    "hinted", "out_this_deal", "pending", "winner", "suspended",
)


class State(NamedTuple):
    """A state of the match: three parts a step reuses by reference (the deal's constants, the
    match's standing, the deal's rare notes) and what a step changes (whose decision, the
    cards).  Every documented field reads as an attribute (``state.marks``, ``state.rules``,
    ``state.dead``); :meth:`replace` gives a changed copy by those names; ``docs/engine.rst``
    describes the parts."""

    deal: Deal
    match: Match
    phase: str
    actor: Optional[int]
    target: Optional[int]  # inn phases: the other party; decide-backward: the cat; target-decide: the offerer
    cursor: int  # index in ``order`` of the actor, or of the next seat to be dealt
    stack: tuple[Card, ...]  # top first
    hands: tuple[Optional[Card], ...]
    custody: tuple[Custody, ...]
    notes: Notes

    # The fields of the parts, read through (each replaced below by a C-level attrgetter of the
    # same value: these bodies are what they read)
    @property
    def rules(self) -> Rules:
        return self.deal.rules

    @property
    def players(self) -> tuple[str, ...]:
        return self.deal.players

    @property
    def dealer(self) -> int:
        return self.deal.dealer

    @property
    def deal_number(self) -> int:
        return self.deal.deal_number

    @property
    def order(self) -> tuple[int, ...]:
        return self.deal.order

    @property
    def marks(self) -> tuple[int, ...]:
        return self.match.marks

    @property
    def virgins(self) -> tuple[bool, ...]:
        return self.match.virgins

    @property
    def pot(self) -> int:
        return self.match.pot

    @property
    def eliminations(self) -> int:
        return self.match.eliminations

    @property
    def reentries(self) -> int:
        return self.match.reentries

    @property
    def out_this_deal(self) -> tuple[tuple[int, ...], ...]:
        return self.notes.out_this_deal

    @property
    def pending(self) -> tuple[tuple[int, int], ...]:
        return self.match.pending

    @property
    def winner(self) -> Optional[int]:
        return self.match.winner

    @property
    def dead(self) -> tuple[bool, ...]:
        return self.notes.dead

    @property
    def guarantees(self) -> tuple[tuple[int, int], ...]:
        return self.notes.guarantees

    @property
    def hinted(self) -> tuple[int, ...]:
        return self.notes.hinted

    @property
    def suspended(self) -> Optional[tuple[str, Optional[int], Optional[int], int]]:
        return self.notes.suspended

    @property
    def in_match(self) -> tuple[bool, ...]:
        return tuple(m > 0 for m in self.marks)

    @property
    def winners(self) -> tuple[int, ...]:
        """Who won a match that is over: the last player with marks (K3), or, when the last
        players went out together under ``all_out = joint-winners`` (S6), every seat of that
        last deal.  Empty while the match goes on."""
        if self.phase != Phase.MATCH_OVER:
            return ()
        return (self.winner,) if self.winner is not None else self.order

    @property
    def live_seats(self) -> tuple[int, ...]:
        """Seats of this deal whose cards will be compared."""
        return tuple(s for s in self.order if not self.dead[s])

    def replace(self, **fields: Any) -> "State":
        """replace(field=value, ...) -> State

        A copy of this state with the fields named changed, by the documented field names
        (``state.replace(marks=(1, 3), hands=...)``; a part by its own name, ``deal``,
        ``match``, ``notes``): the one way to get a changed copy.  Each part is rebuilt only
        where one of its fields changes."""
        parts: list[Any] = list(self)
        for name, value in fields.items():
            where = _PART_OF.get(name)
            if where is None:
                raise ValueError(f"State has no field {name!r}")
            part, inner = where
            if inner is None:
                parts[part] = value
            else:
                values = parts[part]
                parts[part] = tuple.__new__(type(values), values[:inner] + (value,) + values[inner + 1:])
        return tuple.__new__(State, parts)

    def as_fields(self) -> dict[str, Any]:
        """Every documented field by name (``FIELDS``), for comparisons and reports."""
        return {name: getattr(self, name) for name in FIELDS}

    def dealt_card(self, seat: int) -> Optional[Card]:
        """The card ``seat`` holds now, if it was dealt to him and never left (or came back)."""
        path = self.custody[seat]
        return self.hands[seat] if path and path[0] == (seat, Via.DEALT) and len(path) == 1 else None


# Where each field lives: (the part's index in a State, the field's index in the part, or None
# for a field of the State itself)
_PARTS: dict[str, Any] = {"deal": Deal, "match": Match, "notes": Notes}
_PART_OF: dict[str, tuple[int, Optional[int]]] = {name: (i, None) for i, name in enumerate(State._fields)}
for _name, _part in _PARTS.items():
    for _inner, _field in enumerate(_part._fields):
        _PART_OF[_field] = (State._fields.index(_name), _inner)
        setattr(State, _field, property(attrgetter(f"{_name}.{_field}"), doc=f"``{_name}.{_field}``"))
del _name, _part, _inner, _field
assert set(_PART_OF) == set(FIELDS) | set(State._fields)

# The parts between two deals where nothing is noted yet, by table size (shared: values)
_NO_NOTES: dict[int, Notes] = {}


def no_notes(n: int) -> Notes:
    """The notes of a deal at a table of ``n`` before anything happened: no dead card, no
    guarantee, no hint, nobody out, nothing suspended."""
    notes = _NO_NOTES.get(n)
    if notes is None:
        notes = _NO_NOTES[n] = Notes((False,) * n, (), (), (), None)
    return notes


def between_deals(rules: Rules, players: tuple[str, ...], marks: tuple[int, ...], virgins: tuple[bool, ...],
                  dealer: int, pot: int, eliminations: int = 0, reentries: int = 0, deal_number: int = 0) -> State:
    """The state between two deals (phase SHUFFLE: the next deal is to be shuffled), with the
    match's counts given: the one way to make a State from scratch (``new_match``, a position's
    start, a set-up deal)."""
    n = len(players)
    return State(
        deal=Deal(rules, players, dealer, deal_number, ()),
        match=Match(marks, virgins, pot, eliminations, reentries, (), None),
        phase=Phase.SHUFFLE, actor=None, target=None, cursor=0, stack=(), hands=(None,) * n, custody=((),) * n,
        notes=no_notes(n),
    )
