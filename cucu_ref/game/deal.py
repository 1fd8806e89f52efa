"""Starting a deal from anywhere in a match, and the stack that deals given cards.

Another program that is checked against cucu-ref (see ``docs/oracle.rst``) knows its own
match state: who sits where with how many marks, who deals, the pot.  It also knows which
card each seat was dealt.  Two public functions turn that into engine values:

* :func:`start_deal` builds the :class:`~cucu_ref.game.state.State` just before a deal's shuffle
  (phase ``shuffle``) from the match state, checking every argument; a bad one raises
  :class:`DealSetupError` naming the argument;
* :func:`deal_stack` builds the shuffle (the whole pack, top first) that makes the engine
  deal each seat the given card, in the engine's own dealing order (K4: from the bottom,
  L2: from the top; the dealer last; F2: the dealer's three), with as much of the rest of
  the stack as is known, so a client never re-encodes hands in that order.

Both are pure; neither caches anything derived from card values in the State.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping, Optional, Sequence, Union

from .cards import PACKS, Card, CardNameError, Pack, parse
from .rulesets import Rules, table_rules
from .state import Phase, State, between_deals

__all__ = ["DealSetupError", "start_deal", "deal_order", "deal_stack", "seating_by_draw"]

CardLike = Union[Card, str]


class DealSetupError(ValueError):
    """A bad argument to :func:`start_deal` or :func:`deal_stack`; ``argument`` names it."""

    def __init__(self, argument: str, message: str):
        super().__init__(f"{argument}: {message}")
        self.argument = argument
        self.reason = message


def _count(name: str, value: object) -> int:
    # bool is an int subclass; True marks or True eliminations are a caller's slip
    if isinstance(value, bool) or not isinstance(value, int):
        raise DealSetupError(name, f"must be an int, not {type(value).__name__}")
    if value < 0:
        raise DealSetupError(name, f"cannot be negative ({value})")
    return value


def start_deal(
    rules: Rules,
    players: Sequence[str],
    marks: Sequence[int],
    dealer: int,
    *,
    virgins: Optional[Sequence[bool]] = None,
    pot: Optional[int] = None,
    eliminations: int = 0,
    reentries: int = 0,
    deals_played: int = 0,
) -> State:
    """The state just before a deal's shuffle, anywhere in a match (phase ``shuffle``).

    ``players`` are the names in seat order (play order: seat ``i + 1`` sits right of seat
    ``i``, K4), every seat of the match, including players already out; ``marks`` the marks
    each holds now (0: out, dealt no card, K16/D8); ``dealer`` the seat that deals, who must
    still be in (D2: the deal passes to the next surviving seat).

    Keyword arguments, with the defaults of a match that has just begun (``new_match``):

    * ``virgins``: who never lost a mark (K17); default: every player holding at least
      ``rules.initial_marks`` marks.  A virgin with fewer marks, or out, is refused;
    * ``pot``: the stakes in the pot; default ``rules.stake`` times the number of players (K1);
    * ``eliminations``, ``reentries``: the K17 and L11 price counters since the match
      (re)started;
    * ``deals_played``: deals already played (the next deal is number ``deals_played + 1``).

    As in ``new_match``, the pack follows the table (``rulesets.table_pack``): a ruleset that
    plays the piquet pack below seven players (F1) gets it when the table (every seat, in or
    out) has fewer than seven; one agreed without the fools (L5) gets the pack without them.
    """
    if not isinstance(rules, Rules):
        raise DealSetupError("rules", f"must be a cucu_ref.game.rulesets.Rules, not {type(rules).__name__}")
    names = _table_names(rules, players)
    n = len(names)
    held = _marks_held(marks, n)
    _check_dealer(dealer, names, held)
    pure = _virgins(rules, virgins, names, held)
    money = rules.stake * n if pot is None else _count("pot", pot)
    rules = table_rules(rules, n)  # F1's piquet pack, L5's pack without fools: as new_match does
    return between_deals(rules, names, held, pure, dealer, money, _count("eliminations", eliminations),
                         _count("reentries", reentries), _count("deals_played", deals_played))


def _table_names(rules: Rules, players: Sequence[str]) -> tuple[str, ...]:
    """Every seat's name, distinct, as many as the ruleset plays with (K1)."""
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise DealSetupError("players", "must be a sequence of player names")
    names = tuple(players)
    n = len(names)
    if not all(isinstance(p, str) and p.strip() for p in names):
        raise DealSetupError("players", "every player name must be a non-empty string")
    if len(set(names)) != n:
        dup = sorted({p for p in names if names.count(p) > 1})
        raise DealSetupError("players", f"player names must be distinct ({', '.join(map(repr, dup))} repeated)")
    if not rules.min_players <= n <= rules.max_players:
        raise DealSetupError("players", f"{rules.name} is played by {rules.min_players} to {rules.max_players} "
                                        f"players ({rules.cites('players')}), not {n}")
    return names


def _marks_held(marks: Sequence[int], n: int) -> tuple[int, ...]:
    """The marks of each of the ``n`` seats; two at least still in (K3: else the match is over)."""
    if isinstance(marks, (str, bytes)) or not isinstance(marks, Sequence) or len(marks) != n:
        raise DealSetupError("marks", f"must give one count of marks for each of the {n} players")
    held = tuple(_count(f"marks[{i}]", m) for i, m in enumerate(marks))
    if sum(1 for m in held if m > 0) < 2:
        raise DealSetupError("marks", "at least two players must still hold marks: otherwise the match is over (K3)")
    return held


def _check_dealer(dealer: int, names: tuple[str, ...], held: tuple[int, ...]) -> None:
    """The dealer is a seat still in (D2: the deal passes to the next seat still in)."""
    n = len(names)
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
        raise DealSetupError("dealer", f"must be a seat number from 0 to {n - 1}, not {dealer!r}")
    if held[dealer] == 0:
        raise DealSetupError("dealer", f"seat {dealer} ({names[dealer]}) is out; the deal passes to the next seat "
                                       "still in (D2)")


def _virgins(rules: Rules, virgins: Optional[Sequence[bool]], names: tuple[str, ...],
             held: tuple[int, ...]) -> tuple[bool, ...]:
    """Who never lost a mark (K17): as given, or every seat holding its starting marks; a
    virgin holds them all."""
    if virgins is None:
        return tuple(m >= rules.initial_marks for m in held)
    n = len(names)
    if isinstance(virgins, (str, bytes)) or not isinstance(virgins, Sequence) or len(virgins) != n:
        raise DealSetupError("virgins", f"must give one flag for each of the {n} players")
    if not all(isinstance(v, bool) for v in virgins):
        raise DealSetupError("virgins", "every flag must be True or False")
    pure = tuple(virgins)
    for seat, (v, m) in enumerate(zip(pure, held)):
        if v and m < rules.initial_marks:
            raise DealSetupError(f"virgins[{seat}]", f"{names[seat]} holds {m} of the {rules.initial_marks} "
                                                     "starting marks, so he has lost one: no virgin (K17)")
    return pure


def fixed_deal_places(rules: Rules) -> bool:
    """Whether each seat is dealt from a place of the shuffled stack fixed before play
    (:func:`deal_places`): not where, dealing one card at a time (K4), a card goes to or from
    the stack before the last seat is dealt: a dead card put under the stack (L10) and dealt
    next from the bottom, the talon exchange (F4) before an undealt dealer, or a player who
    buys back during the deal dealt a fresh card at once (Q7 ``buy_back_card = fresh-card``,
    L11 with L10: his card comes from where the deal comes, before the later seats')."""
    if rules.dealing != "interleaved":
        return True
    return not ((rules.deal_from == "bottom" and rules.dead_cards == "under-stack")
                or rules.last_request_to == "talon"
                or _fresh_card_mid_deal(rules))


def _fresh_card_mid_deal(rules: Rules) -> bool:
    """Q7 'fresh-card': a player out during the deal (his card under the stack, L10) who buys
    back at once (L11) is dealt a card then."""
    return (rules.buy_back == "immediate" and rules.buy_back_card == "fresh-card"
            and rules.dead_cards == "under-stack")


def deal_places(rules: Rules, seats: int, size: int) -> tuple[int, ...]:
    """Where the cards of a deal to ``seats`` players lie in the shuffled stack of ``size``
    cards (top first): the j-th card dealt is the j-th from the bottom under K4, from the top
    under L2; under F2 the dealer, the last seat, takes three (the last three places)."""
    drawn = seats + 2 if rules.dealer_takes == 3 else seats
    return tuple(size - 1 - j for j in range(drawn)) if rules.deal_from == "bottom" else tuple(range(drawn))


def reach_places(rules: Rules, seats: int, size: int) -> tuple[int, ...]:
    """Where the cards a deal to ``seats`` players may draw from the shuffled stack of ``size``
    cards lie (top first), in the order they are drawn: :func:`deal_places`, and where the
    dealing depends on play (:func:`fixed_deal_places`) with Q7's fresh card dealt from the top
    (L2) one place more for each seat that may buy back during the deal (the re-entrant is
    dealt the next card at once, so every later seat one place further).  From the bottom (K4)
    the re-entrant is dealt his own dead card back, just put under the stack (L10): no place
    more."""
    at = deal_places(rules, seats, size)
    if rules.deal_from == "top" and _fresh_card_mid_deal(rules) and rules.dealing == "interleaved":
        return tuple(range(min(len(at) + seats, size)))
    return at


def seating_by_draw(rules: Rules, drawn: Sequence[CardLike]) -> tuple[int, ...]:
    """K2: the players, each with the card he drew (``drawn[k]`` is player k's) from a set of
    one card per rank («20 Karten aus den 40, so dass jede Karte nur einmal vorkommt»): the
    highest deals and the others sit in descending order to his right.  Returns the players'
    indices in play order, the dealer last (play goes right, K4, so the seat after the
    dealer's is the second highest's).  Where the fool ranks in the draw is Q15, the option
    ``seating_fool``: the lowest (a single fool, C3) or 14½, between XV and XIIII.  A card of
    another pack or a rank drawn twice raises :class:`DealSetupError` ('seating')."""
    pack = PACKS[rules.pack]
    cards = [_card(rules, c, "seating") for c in drawn]
    values = [c.value for c in cards]
    if len(set(values)) != len(values):
        raise DealSetupError("seating", "the draw holds one card of each rank (K2): a rank is drawn twice")
    if not 2 <= len(cards) <= len(pack.values):
        raise DealSetupError("seating", f"{len(cards)} players cannot draw from {len(pack.values)} ranks (K2)")

    def rank(card: Card) -> float:
        return 14.5 if card.is_fool and rules.seating_fool == "fourteen-and-a-half" else float(card.value)

    ranked = sorted(range(len(cards)), key=lambda k: -rank(cards[k]))
    return (*ranked[1:], ranked[0])


def deal_order(state: State) -> tuple[int, ...]:
    """The seats the next deal is dealt to, in dealing order: from the seat right of the
    dealer round to the dealer, who is last (K4, D2), players out skipped."""
    return seats_around(state.marks, state.dealer)


def seats_around(marks: Sequence[int], dealer: int) -> tuple[int, ...]:
    """K4/D2: the seats from ``dealer``'s right round to the dealer, the dealer last, the
    players without marks (out of the match) left out.  The one place the round is written:
    the engine's deal and next dealer (K2), the position's deal order and the trace ask it."""
    n = len(marks)
    seats = _AROUND[n][dealer] if n < len(_AROUND) else (*range(dealer + 1, n), *range(dealer + 1))
    # (marks are never negative: K16, nobody pays more than he holds; the position schema's
    # minimum 0; assurance.invariants' _marks_nonnegative.  So "nobody is out" is ``0 not in
    # marks``, a fifth of ``min(marks) > 0``'s cost on 3.11, where ``min`` parses its arguments,
    # in a call the engine makes twice a deal)
    return seats if 0 not in marks else tuple([s for s in seats if marks[s] > 0])


# the round for every table size a pack can seat, by dealer (a deal starts with it)
_AROUND: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple((*range(dealer + 1, n), *range(dealer + 1)) for dealer in range(n))
    for n in range(max(p.size for p in PACKS.values()) + 1)
)


def _card(rules: Rules, value: CardLike, where: str) -> Card:
    pack = PACKS[rules.pack]
    if isinstance(value, Card):
        card = value
    elif isinstance(value, str):
        try:
            card = parse(value, pack.family)  # suits of the ordinary pack are read and ignored (F1)
        except CardNameError as err:
            raise DealSetupError(where, str(err)) from None
    else:
        raise DealSetupError(where, f"must be a card or a card name, not {type(value).__name__}")
    if card.pack != pack.family or card.value not in pack.values:
        raise DealSetupError(where, f"{card} is not a card of {pack.name}")
    return card


def deal_stack(
    state: State,
    dealt: Mapping[Any, CardLike],
    rest: Sequence[Optional[CardLike]] = (),
) -> tuple[Card, ...]:
    """The shuffle (the whole pack, top first) that deals each seat of ``dealt`` its card.

    ``state`` is a state about to shuffle (:func:`start_deal`, ``new_match``, or the end of
    the last deal); ``dealt`` maps every seat of the deal (an int, or a player's name) to
    the card it is dealt (a :class:`~cucu_ref.game.cards.Card` or a name; suits are ignored, F1).  Under F2 (the
    dealer takes three and keeps the highest) the dealer's entry is the card he keeps.

    ``rest`` is what the engine's stack holds once the deal is dealt, top first, as far as
    it is known: an entry may be ``None`` (unknown) and the list may stop early.  Under F2
    its last two places are the dealer's discards, the higher first (the engine puts them
    under the talon in that order).  Unknown places are filled with the cards left over in
    the pack's order, high to low; under F2 unknown discards are the lowest two left.

    The cards are laid in the order the engine deals them: the seats of :func:`deal_order`
    one after another, from the bottom (K4) or the top (L2).  That order holds whatever is
    decided when every card is dealt first (Z3, F2) and, with dealing one card at a time
    (K4), because the requests travel forwards only; the two rulesets in which a card goes to
    or from the stack before the last seat is dealt (a dead card dealt next from under the
    stack, L10 with K4; the talon exchange before an undealt dealer, F4 with K4) are refused.
    """
    _refuse_dealing_by_play(state)
    rules = state.rules
    pack = PACKS[rules.pack]
    order = deal_order(state)
    by_seat = _dealt_by_seat(state, dealt, order)
    three = rules.dealer_takes == 3
    left_after = pack.size - len(order) - (2 if three else 0)  # the talon, F2's discards apart
    places = _rest_places(rules, rest, left_after + (2 if three else 0))
    talon, discards = (places[:left_after], places[left_after:]) if three else (places, [])
    pool = _left_in_pack(pack, by_seat, places)
    if three:
        discards = _dealer_discards(by_seat[state.dealer], discards, pool, left_after)
    fillers = iter(sorted(pool.elements(), key=lambda c: -c.value))
    below: list[Card] = [c if c is not None else next(fillers) for c in talon]
    draws: list[Card] = [by_seat[s] for s in order]
    draws += [c for c in discards if c is not None]  # F2: after the kept card, the two discards
    # K4 deals from the bottom (the first card drawn lies lowest); L2 from the top
    stack = draws + below if rules.deal_from == "top" else below + draws[::-1]
    assert pack.is_permutation(stack)
    return tuple(stack)


def _refuse_dealing_by_play(state: State) -> None:
    """A state about to shuffle, under a ruleset whose dealing order does not depend on play
    (Q7's fresh card, L11; L10's dead card under the stack with K4; F4's talon before an undealt
    dealer with K4)."""
    if not isinstance(state, State) or state.phase != Phase.SHUFFLE:
        raise DealSetupError("state", "must be a state about to shuffle (phase 'shuffle')")
    rules = state.rules
    if fixed_deal_places(rules):
        return
    if _fresh_card_mid_deal(rules):
        raise DealSetupError("state", "a player who buys back during the deal is dealt a fresh card at once "
                                      "(Q7 'fresh-card', L11), before the later seats, so the dealing order "
                                      "depends on play; give the whole stack")
    if rules.dead_cards == "under-stack":
        raise DealSetupError("state", "with K4's dealing from the bottom a dead card put under the stack (L10) is "
                                      "dealt next, so the dealing order depends on play; give the whole stack")
    raise DealSetupError("state", "the talon exchange (F4) comes before an undealt dealer's cards (K4), so the "
                                  "dealing order depends on play; give the whole stack")


def _dealt_by_seat(state: State, dealt: Mapping[Any, CardLike], order: Sequence[int]) -> dict[int, Card]:
    """The card of each seat of the deal (``order``), every one given once (K16: none to a
    player who is out)."""
    if not isinstance(dealt, Mapping):
        raise DealSetupError("dealt", "must map seats (or player names) to cards")
    by_seat: dict[int, Card] = {}
    for key, value in dealt.items():
        if isinstance(key, str) and key in state.players:
            seat = state.players.index(key)
        elif isinstance(key, int) and not isinstance(key, bool) and 0 <= key < len(state.players):
            seat = key
        else:
            raise DealSetupError("dealt", f"{key!r} is neither a seat number nor a player at this table")
        if seat in by_seat:
            raise DealSetupError("dealt", f"seat {seat} ({state.players[seat]}) is given twice")
        if seat not in order:
            raise DealSetupError(f"dealt[{key!r}]", f"{state.players[seat]} is out and is dealt no card (K16)")
        by_seat[seat] = _card(state.rules, value, f"dealt[{key!r}]")
    missing = [s for s in order if s not in by_seat]
    if missing:
        raise DealSetupError("dealt", "every seat of the deal needs its card; missing: "
                                      + ", ".join(f"{s} ({state.players[s]})" for s in missing))
    return by_seat


def _rest_places(rules: Rules, rest: Sequence[Optional[CardLike]], size: int) -> list[Optional[Card]]:
    """The ``size`` places of the stack after the deal, top first, as far as ``rest`` knows them
    (None: unknown)."""
    if isinstance(rest, (str, bytes)) or not isinstance(rest, Sequence):
        raise DealSetupError("rest", "must be a list of cards (or None for an unknown place), top first")
    if len(rest) > size:
        raise DealSetupError("rest", f"the stack holds {size} cards after the deal, not {len(rest)}")
    places: list[Optional[Card]] = [None if c is None else _card(rules, c, f"rest[{i}]") for i, c in enumerate(rest)]
    return places + [None] * (size - len(places))


def _left_in_pack(pack: Pack, by_seat: dict[int, Card], places: Sequence[Optional[Card]]) -> Counter[Card]:
    """The cards of the pack that neither a seat is dealt nor a known place holds (C1: no
    card more often than the pack has it)."""
    pool = Counter(pack.cards)
    for where, card in [(f"dealt[{s}]", c) for s, c in by_seat.items()] + \
                       [(f"rest[{i}]", c) for i, c in enumerate(places) if c is not None]:
        if pool[card] == 0:
            raise DealSetupError(where, f"one {card} too many: {pack.name} holds {Counter(pack.cards)[card]}")
        pool[card] -= 1
    return pool


def _dealer_discards(kept: Card, discards: list[Optional[Card]], pool: Counter[Card],
                     left_after: int) -> list[Optional[Card]]:
    """F2: the two cards the dealer put under the talon, below the one he keeps, the higher
    first; an unknown one is the lowest card left that fits (taken from ``pool``)."""
    for k, c in enumerate(discards):
        if c is not None and c.value > kept.value:
            raise DealSetupError(f"rest[{left_after + k}]", f"the dealer keeps the highest of his three (F2): "
                                                           f"a discard {c} is above his {kept}")
    hi, lo = discards
    known = (hi is not None, lo is not None)
    if hi is not None and lo is not None and hi.value < lo.value:
        raise DealSetupError("rest", "under F2 the dealer's two discards lie under the talon, the higher first")
    left = sorted(pool.elements(), key=lambda c: c.value)
    if hi is None and lo is None:
        picked = left[:2]
        if len(picked) < 2 or picked[1].value > kept.value:
            raise DealSetupError("rest", f"no two cards left that the dealer could have put under the talon "
                                         f"below his {kept} (F2)")
        lo, hi = picked
    elif hi is None:
        assert lo is not None
        hi = next((c for c in left if lo.value <= c.value <= kept.value), None)
        if hi is None:
            raise DealSetupError("rest", f"no card left between {lo} and the dealer's {kept} for his other "
                                         "discard (F2)")
    elif lo is None:
        lo = next((c for c in left if c.value <= hi.value), None)
        if lo is None:
            raise DealSetupError("rest", f"no card left below {hi} for the dealer's lower discard (F2)")
    for c, given in zip((hi, lo), known):
        if not given:
            pool[c] -= 1
    return [hi, lo]
