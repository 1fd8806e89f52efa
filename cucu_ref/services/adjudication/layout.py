"""Where the cards lie before the deal: the stack the replay shuffles, with a *placeholder*
for each card the position leaves unknown and a ruling may need (a dealt card, the stack's
top and bottom, the Coucou dealer's three cards), and the deal's start built from it.

A placeholder is a stand-in card (value >= :data:`~.model.PLACEHOLDER`): no role, never
equal to a real card.  The engine moves it like any card (exchanges, K13's undo, L8's way
back, L10's dead cards under the stack), so a placeholder *is* the unknown card wherever it
goes; :mod:`.unknowns` says what it may be.  Unknown cards no rule can reach (the middle of
the stack) are filled with arbitrary cards of the pool, which nothing reads.
"""

from __future__ import annotations

import json
from collections import Counter
from types import MappingProxyType
from typing import Iterator, Mapping, NamedTuple, Optional

from ...game.cards import PACKS, Card, Pack
from ...game.deal import deal_places, fixed_deal_places, reach_places
from ...game.engine import step
from ...formats.position import Position, start_state
from ...formats.i18n import english_ordinal  # (the labels are chosen in English, said later)
from ...game.rulesets import Rules
from ...game.state import Action, ActionKind, Event, EventKind, State
from .model import PLACEHOLDER, Unsupported, is_placeholder

__all__ = ["Layout", "layout", "deal_starts", "substitute", "Start"]


class Layout(NamedTuple):
    stack: tuple[Card, ...]  # top first; placeholders where unknown cards matter
    concrete: tuple[Card, ...]  # the same with placeholders replaced by fillers (for the shuffle)
    labels: dict[Card, str]  # placeholder -> what it is ("Bruno's dealt card"), in deal order
    pool: Counter[Card]  # the cards the unknown positions hold between them
    unknown_at: frozenset[int] = frozenset()  # stack positions the position leaves unknown
    # F2: the stack positions of the three cards the dealer takes (kept, higher and lower discard
    # once sorted), when the dealer takes three and his cards are not all known; else ()
    dealer_three: tuple[int, ...] = ()
    seat_of: Mapping[Card, int] = MappingProxyType({})  # placeholder of a dealt card -> the seat it was dealt to
    # where the dealing depends on play (deal.fixed_deal_places) and the stack's order does not
    # give it all: seat -> (the dealt card the position names, its JSON path, its history index),
    # laid by the replay where the engine deals the seat (replay.Search.lay_named), not here
    named: Mapping[int, tuple[Card, str, int]] = MappingProxyType({})


class Start(NamedTuple):
    """One way the deal can start: the state after the shuffle and the deal's events, the
    unknown cards it binds, the domains it gives the others, and the placeholders it split
    cases on (the Coucou dealer's kept card, F2)."""

    state: State
    events: tuple[Event, ...]
    subst: dict[Card, Card]
    domains: dict[Card, frozenset[Card]]
    split: tuple[Card, ...]


# the seats dealt before any play can move the stack (K4, K7): the first and the second
_DEALT_BEFORE_ANY_PLAY = 2

def _known_dealt(pos: Position) -> dict[int, Card]:
    known = {e.seat: e.card for e in pos.history if e.verb == "deal" and e.card is not None}
    known.update(pos.dealt)
    return known


def _named_dealt(pos: Position) -> dict[int, tuple[Card, str, int]]:
    """The dealt cards the position names (:func:`_known_dealt`), each with where it is written:
    the first history ``deal`` naming it (the replay refuses a second), else ``dealt``."""
    named: dict[int, tuple[Card, str, int]] = {}
    for i, e in enumerate(pos.history):
        if e.verb == "deal" and e.card is not None and e.seat not in named:
            named[e.seat] = (e.card, e.path + ".card", i)
    end = len(pos.history)
    for seat, c in pos.dealt.items():
        if seat not in named:
            named[seat] = (c, f"$.dealt[{json.dumps(pos.players[seat], ensure_ascii=False)}]", end)
    return named


class _Places(NamedTuple):
    """Where each card of the deal lies in the shuffled stack, and what each place is called."""

    dealt_at: dict[int, int]  # seat -> the place his card is dealt from
    labels_at: dict[int, str]  # place -> what the table calls the card there
    seat_at: dict[int, int]  # place -> the seat dealt from it (where that is fixed before play)
    dealer_three: tuple[int, ...]  # F2: the places of the dealer's three cards
    top_i: int
    bottom_i: int
    known_dealt: dict[int, Card]  # the dealt cards laid at their seats' places
    named: dict[int, tuple[Card, str, int]]  # the dealt cards laid in the replay instead (see _play_dependent)
    reach: list[int]  # the places a deal may reach where the dealing depends on play


def layout(pos: Position, rules: Rules) -> Layout:
    pack = PACKS[rules.pack]
    size = pack.size
    if pos.stack_order is not None and None not in pos.stack_order and len(pos.stack_order) == size:
        whole: tuple[Card, ...] = pos.stack_order  # type: ignore[assignment]  # (no None in it)
        return Layout(whole, whole, {}, Counter())  # every card known
    places = _places(pos, rules, size)
    laid = _laid(pos, size, places)
    dealer_three = places.dealer_three
    if not any(laid[i] is None for i in dealer_three):
        dealer_three = ()  # the dealer's cards are known: the shuffle itself settles them
    return _with_placeholders(pack, laid, places._replace(dealer_three=dealer_three))


def _places(pos: Position, rules: Rules, size: int) -> _Places:
    order = pos.order
    m = len(order)
    bottom_deal = rules.deal_from == "bottom"
    three = rules.dealer_takes == 3
    draw_at = deal_places(rules, m, size)  # the j-th card dealt (F2: the dealer takes three)
    drawn = len(draw_at)
    dealt_at = {seat: draw_at[j] for j, seat in enumerate(order)}
    labels_at: dict[int, str] = {i: f"{pos.players[s]}'s dealt card" for s, i in dealt_at.items()}
    seat_at = {i: s for s, i in dealt_at.items()}
    dealer_three: tuple[int, ...] = ()
    if three and order:
        # F2: the dealer keeps the highest of his three and puts the other two under the talon.
        # His first card's place stands for the card he keeps ({"deal": dealer, "card": C} names it)
        dealer = pos.players[order[-1]]
        dealer_three = tuple(draw_at[m - 1:m + 2])
        labels_at[dealer_three[0]] = f"{dealer}'s card (the highest of the three he takes, F2)"
        labels_at[dealer_three[1]] = f"{dealer}'s higher discard under the talon (F2)"
        labels_at[dealer_three[2]] = f"{dealer}'s lower discard under the talon (F2)"
    top_i, bottom_i = (0, size - 1 - drawn) if bottom_deal else (drawn, size - 1)
    labels_at.setdefault(top_i, "the top card of the stack")
    labels_at.setdefault(bottom_i, "the bottom card of the stack" + (" above the dealer's discards" if three else ""))
    places = _Places(dealt_at, labels_at, seat_at, dealer_three, top_i, bottom_i, _known_dealt(pos), {}, [])
    return places if fixed_deal_places(rules) else _play_dependent(pos, rules, size, places)


def _play_dependent(pos: Position, rules: Rules, size: int, places: _Places) -> _Places:
    """Where the dealing depends on play (L10 and K4, F4, Q7's fresh card) the place each later
    seat is dealt from is known only in the replay: a named dealt card is laid there
    (replay.Search.lay_named), and every place a deal may reach stays a placeholder, named by
    its place, since which seat it goes to depends on play; the first seats' places (all but
    the dealer's, at most two) are theirs whatever happens: the first is dealt at the deal's
    start, the second when the first decides and before his decision takes effect (K4; K7: the
    target of an offer is dealt for it), so no play can move the stack first."""
    m = len(pos.order)
    end = "bottom" if rules.deal_from == "bottom" else "top"
    sure = min(_DEALT_BEFORE_ANY_PLAY, m - 1)
    reach = list(reach_places(rules, m, size))
    for given, i, field in ((pos.stack_top, places.top_i, "top"), (pos.stack_bottom, places.bottom_i, "bottom")):
        if given is not None and i in reach:
            # Q7's fresh cards come from the top (L2): the card left on top after the deal lies
            # one place further down for each of them, at no place fixed before play
            raise Unsupported(f"the card left on the {field} of the stack after the deal lies at a place "
                              f"that depends on play here (a player who buys back during the deal is dealt "
                              f"the next card at once from the top, L2, under Q7 'fresh-card'); give the "
                              f"stack's 'order' instead of '{field}'", f"$.stack.{field}", "Q7")
    for j, i in enumerate(reach):
        if j >= sure:
            places.labels_at[i] = f"the {english_ordinal(j + 1)} card from the {end} of the stack as shuffled"
            places.seat_at.pop(i, None)
    return places._replace(known_dealt={}, named=_named_dealt(pos), reach=reach)


def _laid(pos: Position, size: int, places: _Places) -> list[Optional[Card]]:
    """The stack as the position gives it: each place's card, or None where it is unknown."""
    if pos.stack_order is None:
        laid: list[Optional[Card]] = [None] * size
        for seat, c in places.known_dealt.items():
            if seat in places.dealt_at:
                laid[places.dealt_at[seat]] = c
        if pos.stack_top is not None:
            laid[places.top_i] = pos.stack_top
        if pos.stack_bottom is not None:
            laid[places.bottom_i] = pos.stack_bottom
        free = [i for i in range(size) if i not in places.labels_at and laid[i] is None]
        for i, c in zip(free, pos.stack_cards):
            laid[i] = c
        return laid
    # a partial 'order' gives the stack from the top down; the cards below it are unknown
    laid = list(pos.stack_order) + [None] * (size - len(pos.stack_order))
    # which of the dealer's three places (F2) the order itself gives, before a dealt card
    # named for his first place (the card he keeps) is filled in
    three_given = [laid[i] is not None for i in places.dealer_three]
    for seat, c in places.known_dealt.items():
        if seat in places.dealt_at and laid[places.dealt_at[seat]] is None:
            laid[places.dealt_at[seat]] = c
    if any(three_given) and not all(three_given):
        # the places of a shuffled stack say which card the dealer takes first, not which he keeps
        raise Unsupported("the dealer takes three cards (F2): an 'order' must give all three he takes or "
                          "none of them; or leave out 'order' and give what the table knows ('dealt', "
                          "'hands', 'top')")
    return laid


def _with_placeholders(pack: Pack, laid: list[Optional[Card]], places: _Places) -> Layout:
    """The layout: each unknown place a placeholder card where the table names it, a filler
    (one of the cards left) elsewhere; the placeholders labelled in deal order, then the stack's."""
    dealer_three = places.dealer_three
    unknown_at = frozenset(i for i, c in enumerate(laid) if c is None)
    pool: Counter[Card] = Counter(pack.cards)
    pool.subtract(c for c in laid if c is not None)
    fillers = iter(list(pool.elements()))
    stack: list[Card] = []
    concrete: list[Card] = []
    for i, slot in enumerate(laid):
        if slot is None:
            filler = next(fillers)
            stack.append(Card(pack.family, PLACEHOLDER + i) if i in places.labels_at else filler)
            concrete.append(filler)
        else:
            stack.append(slot)
            concrete.append(slot)
    labels: dict[Card, str] = {}
    seat_of: dict[Card, int] = {}
    for i in list(places.dealt_at.values()) + places.reach + list(dealer_three) + [places.top_i, places.bottom_i]:
        if laid[i] is None:
            ph = Card(pack.family, PLACEHOLDER + i)
            labels[ph] = places.labels_at[i]
            if i in places.seat_at and not (dealer_three and i == dealer_three[0]):
                seat_of[ph] = places.seat_at[i]
    return Layout(tuple(stack), tuple(concrete), labels, +pool, unknown_at, dealer_three, seat_of,
                  MappingProxyType(places.named))


def substitute(state: State, ph: Card, value: Card) -> State:
    return state.replace(
        hands=tuple(value if c == ph else c for c in state.hands),
        stack=tuple(value if c == ph else c for c in state.stack),
    )


def deal_starts(pos: Position, rules: Rules, lay: Layout) -> Iterator[Start]:
    """The deal's start: one, or under F2 with the dealer's cards unknown one per card he may
    keep, his two discards unknown cards no higher than it (F2: he keeps the highest).  That
    the higher discard is no lower than the lower one is not tracked: it matters only where a
    rule takes the lower one from under the talon (Q16) and the table shows it, and then only
    for the copies left."""
    if not lay.dealer_three:
        state, events = _deal_start(pos, rules, lay)
        yield Start(state, events, {}, {}, ())
        return
    pack = PACKS[rules.pack]
    places = lay.dealer_three
    known = [lay.stack[i] for i in places if not is_placeholder(lay.stack[i])]
    free = [i for i in places if is_placeholder(lay.stack[i])]
    kept_known = known[0] if known else None  # only the kept card can be known (see layout)
    values = sorted(set(lay.pool), key=lambda c: -c.value)
    phs = [Card(pack.family, PLACEHOLDER + i) for i in free]
    kept_choices = [kept_known] if kept_known is not None else values
    for kept in kept_choices:
        lower = [c for c in values if c.value <= kept.value]
        left = lay.pool.copy()
        if kept_known is None:
            left[kept] -= 1
        if sum(left[c] for c in lower) < 2:
            continue  # F2: he keeps the highest, so two cards no higher must be left for the discards
        filler = [c for c in sorted(left.elements(), key=lambda c: c.value) if c.value <= kept.value][:2]
        combo = ([] if kept_known is not None else [kept]) + sorted(filler, key=lambda c: -c.value)
        concrete = _put_in(lay, places, free, tuple(combo))
        subst = {} if kept_known is not None else {phs[0]: kept}
        state, events = _deal_start(pos, rules, lay._replace(concrete=concrete), subst, keep_discards=True)
        domain = frozenset(lower)
        domains = dict.fromkeys(phs if kept_known is not None else phs[1:], domain)
        yield Start(state, events, subst, domains, (phs[0],) if kept_known is None else ())


def _put_in(lay: Layout, places: tuple[int, ...], free: list[int], combo: tuple[Card, ...]) -> tuple[Card, ...]:
    """The concrete stack with ``combo`` in the free places of the dealer's three (fillers
    swapped to make room)."""
    concrete = list(lay.concrete)
    fixed = set(places) - set(free)
    for i, c in zip(free, combo):
        if concrete[i] != c:
            j = next(j for j in sorted(lay.unknown_at) if j not in fixed and j != i and concrete[j] == c)
            concrete[i], concrete[j] = concrete[j], concrete[i]
        fixed.add(i)
    return tuple(concrete)


def _deal_start(pos: Position, rules: Rules, lay: Layout, dealer_cards: Optional[dict[Card, Card]] = None,
                keep_discards: bool = False) -> tuple[State, tuple[Event, ...]]:
    """Shuffle with the concrete stack, then put the placeholders back where they lie
    (``dealer_cards``: the values given to the dealer's three cards under F2; with
    ``keep_discards`` his two discards stay placeholders)."""
    before = start_state(pos, rules)
    after, events = step(before, Action(ActionKind.SHUFFLE, stack=lay.concrete))
    deal = EventKind.DEAL  # (read once: each read of an enum's class attribute costs a hook on Python 3.11)
    dealt = [e for e in events if e.kind == deal]
    size = len(lay.stack)
    k = len(dealt)
    bottom = rules.deal_from == "bottom"
    if not lay.labels:
        # every card the rules can reach is known: the stack holds no placeholder (it is the
        # concrete stack), so the engine's deal is the deal
        return after, events
    three = any(e.kind == EventKind.DEALER_KEEPS_HIGHEST for e in events)
    drawn = k + 2 if three else k
    if len(after.stack) != size - k or (three and k != len(after.order)):
        # F2 with interleaved dealing: the dealer would draw his three from unknown cards later
        raise Unsupported("cards left unknown under a dealing where the dealer takes several cards (F2) "
                          "and is dealt during play; give the whole stack as 'order'")
    hands = list(after.hands)
    dealt_at = deal_places(rules, k, size)  # where the j-th card dealt lies (K4, L2)
    for j, e in enumerate(dealt):
        assert e.seat is not None
        if three and e.seat == after.dealer:
            continue  # F2: he holds the highest of his three, a card already fixed
        hands[e.seat] = lay.stack[dealt_at[j]]
    stack = lay.stack[: size - drawn] if bottom else lay.stack[drawn:]
    if three:
        stack = stack + after.stack[-2:]  # F2: the two others go under the talon
        if lay.dealer_three and keep_discards:
            places = lay.dealer_three
            # his discards stay unknown: placeholders, higher first, under the talon
            stack = stack[:-2] + tuple(lay.stack[i] if is_placeholder(lay.stack[i]) else c
                                       for i, c in zip(places[1:], after.stack[-2:]))
            if is_placeholder(lay.stack[places[0]]) and not dealer_cards:
                hands[after.dealer] = lay.stack[places[0]]
    events = tuple(e._replace(card=hands[e.seat]) if e.kind == EventKind.DEAL and e.seat is not None
                   and not (three and e.seat == after.dealer) else e for e in events)
    return after.replace(hands=tuple(hands), stack=stack), events
