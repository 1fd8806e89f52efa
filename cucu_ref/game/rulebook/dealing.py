"""The shuffle and the deal (C1, K2, K4, L2, F2).

* :func:`shuffled_stack`: a seeded shuffle of the whole pack; :func:`whole_pack`: C1's check
  of any other stack;
* :func:`seat_by_draw`: K2, who sits where and who deals first;
* :func:`start_deal`: K4, the shuffled stack and the cards dealt first;
* :func:`deal_to`, :func:`draw`: one card dealt (K4 the bottom card, L2 the top; F2 the
  dealer's three).
"""

from __future__ import annotations

import random
from functools import partial
from itertools import repeat, starmap
from typing import Any, Sequence

from ..cards import PACKS, Card
from ..deal import seating_by_draw, seats_around
from ..rulesets import Rules
from ..state import EventKind, no_notes
from .table import Table, DEALT_PATHS

__all__ = ["shuffled_stack", "is_shuffled", "whole_pack", "seat_by_draw", "start_deal", "deal_to", "draw"]

_EV_SHUFFLE = EventKind.SHUFFLE
_EV_DEAL = EventKind.DEAL
_EV_DEALER_KEEPS_HIGHEST = EventKind.DEALER_KEEPS_HIGHEST


# --------------------------------------------------------------------------- the shuffle (C1)


def shuffled_stack(rules: Rules, seed: "int | random.Random") -> tuple[Card, ...]:
    """The whole pack in an order fixed by ``seed`` (an int, or a ``random.Random`` to draw
    from), top first."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    cards = _PACK_CARDS[rules.pack]
    # a uniform permutation: sort by independent uniform keys (ties have probability ~2^-53);
    # about twice as fast as random.shuffle.  The keys are drawn one per card in the pack's
    # order, by ``next(keys, card)``, which returns the next key (a lambda calling rng.random
    # gives the same keys, a third slower)
    keys = starmap(rng.random, repeat((), len(cards)))
    return _SHUFFLED[rules.pack](sorted(cards, key=partial(next, keys)))


_PACK_CARDS = {name: pack.cards for name, pack in PACKS.items()}  # (Pack.cards, without its cache's lookup)


class _Shuffled(tuple[Card, ...]):
    """A stack :func:`shuffled_stack` made: a tuple (equal to, hashed and printed like the plain
    tuple of its cards, no fields of its own) whose type says it holds exactly the cards of one
    pack, so C1 need not be checked again (:func:`is_shuffled`).  One subclass per pack
    (``_SHUFFLED``): a stack made for one pack and shuffled into a game of another (F1's piquet
    pack) is checked.  Any other stack, a plain tuple, a list, one rebuilt from JSON or
    substituted with ``State._replace``, is checked.  Pickled or copied it becomes a plain
    tuple (it carries no promise out of the process), and slicing it gives plain tuples, so no
    State holds one."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return tuple, (tuple(self),)


_SHUFFLED: dict[str, type[_Shuffled]] = {
    name: type(f"_Shuffled[{name}]", (_Shuffled,), {"__slots__": ()}) for name in PACKS
}


def is_shuffled(rules: Rules, stack: object) -> bool:
    """C1: True when ``stack`` holds exactly the cards of the ruleset's pack, in any order:
    at once for a stack :func:`shuffled_stack` made for that pack, else by :func:`whole_pack`."""
    return type(stack) is _SHUFFLED[rules.pack] or whole_pack(rules.pack, stack)


def whole_pack(pack: str, stack: object) -> bool:
    """C1: True when ``stack`` holds exactly the cards of ``pack`` (by name), in any order
    (:meth:`~cucu_ref.game.cards.Pack.is_permutation`); anything else is refused, never a crash."""
    return PACKS[pack].is_permutation(stack)


# --------------------------------------------------------------------------- seating (K2)


def seat_by_draw(rules: Rules, names: Sequence[str], seed: int) -> tuple[tuple[str, ...], int, tuple[Card, ...]]:
    """K2: each draws one card from a set of one card per rank; the highest deals and
    the others sit in descending order to his right.  Returns (players in play order,
    dealer seat, the cards drawn in that order).  Ties cannot happen: one card per rank."""
    pack = PACKS[rules.pack]
    deck = [Card(pack.family, v) for v in pack.values]
    rng = random.Random(seed)
    drawn = rng.sample(deck, len(names))
    # the seats as the draw gives them, the dealer last (deal.seating_by_draw: K2, Q15)
    seated = seating_by_draw(rules, drawn)
    return tuple(names[k] for k in seated), len(names) - 1, tuple(drawn[k] for k in seated)


# --------------------------------------------------------------------------- the deal (K4, L2, F2)


def start_deal(t: Table, stack: Sequence[Card]) -> None:
    """K4: the dealer shuffles (``stack``, C1 checked by the caller) and deals, starting right
    of him and going round to himself, who is last (D2: players out of the match, without
    marks, are not dealt); all at once, or one at a time as play reaches each seat
    (:func:`~cucu_ref.game.rulebook.turn_order.turn_to` deals him then)."""
    n = len(t.hands)
    # (a tuple is held as it is, shuffled_stack's too: the first card dealt below slices it into
    # a plain tuple, so no State holds a _Shuffled)
    t.stack = stack if isinstance(stack, tuple) else tuple(stack)
    t.set_deal(t.dealer, seats_around(t.marks, t.dealer), t.deal.deal_number + 1)
    t.hands = [None] * n
    t.custody = [()] * n
    t.notes = no_notes(n)  # no card dead, no guarantee, no hint, nobody out yet
    t.emit(_EV_SHUFFLE, t.cite["shuffle"], t.dealer)
    if t.rules.dealing == "all-first":
        for seat in t.order:
            deal_to(t, seat)


def deal_to(t: Table, seat: int) -> None:
    """K4: ``seat`` is dealt a card (the bottom card; L2: the top).  F2: the dealer takes
    three, keeps the highest and puts the other two under the talon."""
    card = draw(t)
    t.hands[seat] = card
    t.custody[seat] = DEALT_PATHS[seat]
    t.emit(_EV_DEAL, t.cite["deal"], seat, card=card)
    if seat == t.dealer and t.rules.dealer_takes == 3:
        cards = sorted([card, draw(t), draw(t)], key=lambda c: c.value, reverse=True)
        t.hands[seat] = cards[0]
        t.stack += tuple(cards[1:])
        t.emit(_EV_DEALER_KEEPS_HIGHEST, "F2", seat, card=cards[0], amount=2)


def draw(t: Table) -> Card:
    """The card dealt from the stack, which loses it: K4 the bottom card, L2 the top card."""
    stack = t.stack
    if t.rules.deal_from == "bottom":
        t.stack = stack[:-1]
        return stack[-1]
    t.stack = stack[1:]
    return stack[0]

