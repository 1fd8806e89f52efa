"""A case's condition as a person says it (issue 24 §1): the shortest wording that is exactly
true of the case's cards, among the cards the position allows.

Where unknown cards branch over several cards, a case's cards are a union of boxes (products
of card sets) and the plain account of them is a chain ("Bruno was dealt a card from VI to X
and Carla was dealt V; or ...").  Most such unions are one plain fact about the cards: a
threshold on each card *within the cards that can happen* ("Dora was dealt II or higher"), a
threshold shared by several cards ("neither Rita's card nor Sergio's card is Secchia or
lower"), a comparison of two unknown cards ("the bottom card of the stack is lower than
Dora's card", the comparisons K15 and C3 make), or how many of them are one card ("exactly one
of Rita's card and Sergio's card is Matto").  :func:`shortest` picks, for one case, the few
such facts that together hold in exactly its cases (greedily, each fact ruling out the most
cases of the other outcomes) and keeps the chain where no conjunction of them is exact.  Every
wording is checked against every combination of cards before it is used.
"""

from __future__ import annotations

import copy
import functools
import math
import re
from functools import cache
from itertools import chain, combinations, product
from typing import Any, Callable, Iterable, NamedTuple, Optional, Sequence

from ...formats.i18n import N_, gettext as _, language, ordinal
from ...game.cards import Card
from .model import per_position

__all__ = ["Fact", "cases_of", "shortest", "noun", "spoken", "MAX_CASES", "MAX_POINTS"]

Row = tuple[frozenset[Card], ...]
Cards = tuple[Card, ...]

# Beyond this many points of the compressed space (:class:`_Space`: the products of the cards'
# atoms, not of the cards) the chain is kept; the natural positions of 20 players with 4 cards
# unshown reach a few tens of thousands (issue 24 §5)
MAX_POINTS = 200_000
# Up to this many combinations of the cards each card is an atom of its own (comparisons of two
# unknown cards can then be said, K15, C3)
MAX_FINE = 20_000
# Up to this many, each card apart again for the cases the atoms leave as chains (where only a
# comparison of two unknown cards says the case, K15: 'Hugo's card is lower than Ida's card')
MAX_FINE_AGAIN = 70_000
# (the name before issue 24 §5 compressed the space: outcomes read it)
MAX_CASES = MAX_POINTS
# Up to this many points the chosen facts are also tested one point at a time (beyond, their bit
# sets, built from the same boxes, decide alone; tests/cli/test_conditions_compressed.py reads every
# condition back over every combination of cards)
MAX_CHECKED = 400


class Fact(NamedTuple):
    """One fact about the unknown cards: its words, its test on a combination of them, and the
    combinations it holds in (a bit set over :class:`_Space`'s combinations)."""

    text: str
    holds: Callable[[Cards], bool]
    rank: int  # the order facts are said in: each card's own first, then shared ones, then comparisons
    mask: int
    # the points where it holds for some of their combinations and not for others (a comparison of
    # two atoms that overlap): usable only where the other facts said with it rule them out
    unsure: int = 0
    # a fact about one card alone: (its index, the cards it says it is) (:func:`_by_a_card`)
    card: Optional[tuple[int, frozenset[Card]]] = None


Test = Callable[[Cards], bool]


def cases_of(rows: Iterable[Row]) -> set[Cards]:
    """Every combination of cards the rows (products of card sets) stand for."""
    return {combo for row in rows for combo in product(*row)}


def noun(label: str) -> str:
    """An unknown card's label as a noun in a condition.  A dealt card keeps its 'dealt' ("Dora's
    dealt card is lower than Emil's dealt card"): after exchanges "Dora's card" would read as the
    card she holds now, and the condition is about the one she was dealt (issue 24 §1); the card
    a Coucou player keeps of the three he takes is "Dora's card" (F2: the one she holds)."""
    suffix = "'s card (the highest of the three he takes, F2)"
    return label[: -len(suffix)] + "'s card" if label.endswith(suffix) else label


def _together(nouns: Sequence[str], last: str = "and") -> str:
    return nouns[0] if len(nouns) == 1 else ", ".join(nouns[:-1]) + f" {last} {nouns[-1]}"


class _Space:
    """The unknown cards' combinations, compressed (issue 24 §5): each card's possible cards fall
    into *atoms*, the cards no case's box tells apart (a box is a product of card sets, and every
    set of card ``d`` in any box is a union of its atoms: 'Nulla or higher' is one atom where no
    box splits it).  The space is the product of the atoms, numbered in mixed radix; a set of its
    points is a bit set, and the points where card ``d`` is in one atom are a periodic pattern
    built by one multiplication.  So a position whose cards combine in millions of ways, but whose
    boxes tell a few kinds of card apart (the fool, the lowest, the rest), is a space of a few
    hundred points; a fact is said only where its cards are a union of atoms (its bit set is then
    exact), and the cases' union (``everything``) leaves the points no combination reaches (C1:
    two copies of each card) free to fall either way."""

    def __init__(self, cases: Sequence[Sequence[Row]], width: int, fine: bool = False) -> None:
        # (``fine``: every card an atom of its own, so that any two unknown cards compare)
        self.atoms: list[list[frozenset[Card]]] = [_atoms([row[d] for rows in cases for row in rows], fine)
                                                    for d in range(width)]
        # what does not depend on the case asked about, kept (:func:`_space`: the same space is
        # asked of one case after another): _counted's answers, a group's cards' points, the
        # facts that compare the cards
        self.kept: dict[tuple[Any, ...], Any] = {}
        self.of: list[dict[Card, int]] = [{c: k for k, atom in enumerate(atoms) for c in atom} for atoms in self.atoms]
        sizes = [len(atoms) for atoms in self.atoms]
        self.size = math.prod(sizes)  # (the product's points: the searches' limits are read on it)
        self.strides = [math.prod(sizes[d + 1:]) for d in range(width)]
        # at[d][atom]: the points where card d is one of the atom's cards
        self._index([{atom: _periodic(k, self.strides[d], sizes[d], self.size) for k, atom in enumerate(self.atoms[d])}
                     for d in range(width)], self.size)
        self.cases = [self.rows(rows) for rows in cases]
        self.everything = 0
        for m in self.cases:
            self.everything |= m
        # (where the points no case reaches are dropped: each point's atom of each card, and the space
        # of the whole product, its facts' points told apart there, :func:`_distinct`)
        self.digits: Optional[list[bytes]] = None
        self.whole: Optional[_Space] = None
        self._reached: Optional[list[tuple[int, Cards]]] = None
        self.pairs = self._pairs()
        if self.size >= _DROPPED_FROM and self.everything.bit_count() < _DROPPED_BELOW * self.size:
            self._drop(cases)

    def _index(self, at: list[dict[frozenset[Card], int]], points: int) -> None:
        """The bit sets' points: ``points`` of them, card ``d`` in an atom at ``at[d][atom]``."""
        self.at, self.points, self.all = at, points, (1 << points) - 1
        self._one_of: dict[tuple[int, frozenset[Card]], Optional[int]] = {}
        self._boxes: dict[Row, int] = {}  # (a box's points: the same rows come back in each split of the cases)

    def _pairs(self) -> dict[tuple[int, int], dict[frozenset[str], int]]:
        """(i, j) -> the points of each set of answers the comparison of card i with card j gives."""
        return {pair: self._compared(*pair) for pair in combinations(range(len(self.atoms)), 2)}

    def _drop(self, cases: Sequence[Sequence[Row]]) -> None:
        """Only the points some case reaches kept, in their order (issue 24 §5: the natural Coucou
        positions' other reading of Q16 reaches 69,833 of its 175,616, and every pass over a bit set
        costs by its length).  Every fact is judged only within the points reached, and a set of
        them made by and, or and not of the cards' atoms is made so of their kept points; where a
        choice tells facts' points apart (:func:`_cuts`), it does so on the whole product."""
        self.whole = copy.copy(self)
        self.whole.kept, self.whole._boxes = {}, {}  # (its boxes, made for ``everything``, asked no more)
        self.digits = _reached_digits(self.everything, self.strides, [len(atoms) for atoms in self.atoms], self.size)
        points = len(self.digits[0]) if self.digits else 0
        self._index([{atom: _where(digits, k) for k, atom in enumerate(self.atoms[d])}
                     for d, digits in enumerate(self.digits)], points)
        self.cases = [self.rows(rows) for rows in cases]
        self.everything = self.all
        self.pairs = self._pairs()

    def atom_at(self, d: int, point: int) -> int:
        """The index of card ``d``'s atom at ``point``."""
        if self.digits is not None:
            return self.digits[d][point]
        return point // self.strides[d] % len(self.atoms[d])

    def cards(self, d: int) -> frozenset[Card]:
        """The cards card ``d`` may be (in some case)."""
        return frozenset(self.of[d])

    def one_of(self, d: int, cards: Iterable[Card]) -> Optional[int]:
        """The points where card ``d`` is one of ``cards``; None where ``cards`` splits an atom
        (no fact about them can be said exactly here).  Cards it may not be count for nothing."""
        wanted = frozenset(cards)
        key = (d, wanted)
        if key not in self._one_of:
            self._one_of[key] = self._points(d, wanted)
        return self._one_of[key]

    def _points(self, d: int, wanted: frozenset[Card]) -> Optional[int]:
        out = 0
        for atom, m in self.at[d].items():
            inside = atom & wanted
            if inside:
                if inside != atom:
                    return None
                out |= m
        return out

    def rows(self, rows: Sequence[Row]) -> int:
        """The points of a union of boxes."""
        out = 0
        boxes = self._boxes
        for row in rows:
            box = boxes.get(row)
            if box is None:
                box = self.all
                for d, cards in enumerate(row):
                    m = self.one_of(d, cards)
                    assert m is not None, "a box's cards are a union of atoms by construction"
                    box &= m
                boxes[row] = box
            out |= box
        return out

    def _compared(self, i: int, j: int) -> dict[frozenset[str], int]:
        """The points where card ``i`` compares with card ``j`` in the set of ways (lower, same,
        higher) their atoms allow: one way where the atoms do not overlap."""
        out: dict[frozenset[str], int] = {}
        for a, ma in self.at[i].items():
            for b, mb in self.at[j].items():
                answers = _answers(a, b)
                out[answers] = out.get(answers, 0) | (ma & mb)
        return out

    def reached(self) -> list[tuple[int, Cards]]:
        """Each point some case reaches, with a combination of cards there (each atom's highest
        card); computed once."""
        if self._reached is None:
            self._reached = []
            left = self.everything
            while left:
                low = left & -left
                point = low.bit_length() - 1
                left ^= low
                combo = tuple(max(atoms[self.atom_at(d, point)], key=lambda c: c.value)
                              for d, atoms in enumerate(self.atoms))
                self._reached.append((point, combo))
        return self._reached


@functools.lru_cache(maxsize=1 << 12)
def _answers(a: frozenset[Card], b: frozenset[Card]) -> frozenset[str]:
    """How a card of atom ``a`` may compare with one of atom ``b`` (kept: a space dropped to the
    points reached compares the same atoms again, :meth:`_Space._drop`)."""
    return frozenset("lower" if x.value < y.value else "same" if x.value == y.value else "higher" for x in a for y in b)


# (every row of every case, the width, fine) -> the space (shortest asks the same space of each
# partition of one ruling's cases: the outcomes, each player's effects, the plays); one
# position's (model.per_position: their facts kept, ``kept``, were 16,000 objects after it)
class _Spaces(dict[tuple[frozenset[Row], int, bool], _Space]):
    """The spaces kept, emptied with what each keeps: a fact kept there refers back to its space
    (a group's thresholds, :class:`_Thresholds`), a cycle only the garbage collector would free,
    after scanning each of its objects (issue 24 §5)."""

    def clear(self) -> None:
        for space in self.values():
            space.kept.clear()  # (a pure memo: a view still asking it works its answers out again)
        super().clear()


_SPACES: _Spaces = per_position(_Spaces())


def _space(cases: Sequence[Sequence[Row]], width: int, fine: bool) -> _Space:
    """The space of ``cases`` (:class:`_Space`): the one built for the same rows, however they
    are split into cases (its atoms, pairs and points depend on the rows alone), with
    ``cases`` as its cases."""
    rows = frozenset(row for case in cases for row in case)
    key = (rows, width, fine)
    base = _SPACES.get(key)
    if base is None:
        if len(_SPACES) > 16:
            _SPACES.clear()
        base = _SPACES[key] = _Space([list(rows)], width, fine)
    view = copy.copy(base)  # (sharing its memos: one_of's, the points reached, ``kept``)
    view.cases = [base.rows(case) for case in cases]
    return view


def _atoms(sets: Sequence[frozenset[Card]], fine: bool = False) -> list[frozenset[Card]]:
    """The coarsest partition of the sets' cards that each set is a union of (cards in the same
    sets together), the highest cards' atom first; ``fine``: each card apart."""
    if fine:
        return sorted((frozenset([c]) for c in frozenset().union(*sets)), key=lambda a: -max(c.value for c in a))
    member: dict[Card, set[int]] = {}
    for k, cards in enumerate(dict.fromkeys(sets)):
        for c in cards:
            member.setdefault(c, set()).add(k)
    by_sets: dict[frozenset[int], set[Card]] = {}
    for c, ks in member.items():
        by_sets.setdefault(frozenset(ks), set()).add(c)
    return sorted((frozenset(atom) for atom in by_sets.values()), key=lambda a: -max(c.value for c in a))


def _periodic(k: int, stride: int, count: int, size: int) -> int:
    """The points (of ``size``, mixed radix) whose digit of weight ``stride`` (of ``count``
    values) is ``k``: a run of ``stride`` ones, repeated every ``stride * count`` points."""
    # (doubled by shifts, not multiplied by a repunit got by division: the division of two
    # numbers of hundreds of thousands of bits took 0.2 s of a 4-player position, issue 24 §5)
    out = ((1 << stride) - 1) << (k * stride)
    covered = stride * count
    while covered < size:
        out |= out << covered
        covered <<= 1
    return out & ((1 << size) - 1)


# from this many points of the product, those no case reaches are dropped where they are more than
# a quarter of them (:meth:`_Space._drop`; Coucou 5p seed 2547704717's spaces of 28,672 points
# reach 11,401 on one side of the talon's card)
_DROPPED_FROM = 16_384
_DROPPED_BELOW = 0.75


def _reached_digits(everything: int, strides: Sequence[int], counts: Sequence[int], size: int) -> list[bytes]:
    """Each card's atom (its index, one byte) at each point of ``everything``, in their order: the
    digits of every point of the product, a point not in ``everything`` made 255 and deleted (byte
    strings, not a loop over the points: issue 24 §5)."""
    data = everything.to_bytes((size + 7) // 8, "little")
    flags = bytearray(8 * len(data))
    for j in range(8):
        flags[j::8] = data.translate(_BIT[j])
    dropped = int.from_bytes(bytes(flags[:size]).translate(_DROPPED), "little")
    out = []
    for stride, count in zip(strides, counts):
        assert count < 255, "an atom's index is one byte"
        digits = b"".join(bytes([k]) * stride for k in range(count)) * (size // (stride * count))
        out.append((int.from_bytes(digits, "little") | dropped).to_bytes(size, "little").translate(None, b"\xff"))
    return out


# a point's flag (1: reached) made 0, or 255 where it is dropped (:func:`_reached_digits`)
_DROPPED = bytes([255, 0] + [0] * 254)


def _where(digits: bytes, k: int) -> int:
    """The points (a bit set) whose byte of ``digits`` is ``k``: each one's flag (1 or 0) a byte,
    the flags of every eighth point read as one number and shifted into place."""
    flags = digits.translate(_equal_to(k))
    out = 0
    for j in range(8):
        out |= int.from_bytes(flags[j::8], "little") << j
    return out


@cache
def _equal_to(k: int) -> bytes:
    """The table making byte ``k`` 1 and every other 0."""
    return bytes(v == k for v in range(256))


def _each_card(d: int, seen: frozenset[Card], space: _Space, universe: Sequence[Card],
               say: Callable[[int, Sequence[Card]], str]) -> list[Fact]:
    """Facts about card ``d`` alone: the cards it is in this case (``seen``), or a threshold."""
    possible = space.cards(d)
    if seen >= possible:
        return []
    low, high = min(c.value for c in seen), max(c.value for c in seen)
    sets = {frozenset(seen), frozenset(c for c in universe if c.value <= high),
            frozenset(c for c in universe if c.value >= low)}
    out = []
    for cards in sets:
        mask = space.one_of(d, cards)
        if mask is not None and cards & possible != possible:
            out.append(Fact(say(d, sorted(cards, key=lambda c: -c.value)), _one_of(d, cards), 0, mask, card=(d, cards)))
    return out


def _one_of(d: int, cards: frozenset[Card]) -> Test:
    return lambda combo: combo[d] in cards


def _none_of(group: Sequence[int], cards: frozenset[Card]) -> Test:
    return lambda combo: all(combo[d] not in cards for d in group)


def _some_of(group: Sequence[int], cards: frozenset[Card]) -> Test:
    return lambda combo: any(combo[d] in cards for d in group)


def _exactly_one(group: Sequence[int], card: Card) -> Test:
    return lambda combo: sum(1 for d in group if combo[d] == card) == 1


def _pair(test: Callable[[Card, Card], bool], i: int, j: int) -> Test:
    return lambda combo: test(combo[i], combo[j])


def _shared(keys: Sequence[int], seen_at: Sequence[frozenset[Card]], bits: int, nouns: Sequence[str],
            universes: Sequence[Sequence[Card]], name_set: Callable[[Sequence[Card], Sequence[Card]], str],
            space: _Space, people: Sequence[Optional[str]] = (), memo: Optional[dict[Any, Any]] = None) -> list[Fact]:
    """Facts that several cards share in this case (``bits``; ``seen_at``: the cards each is in
    it): none of them is (one card, or a threshold), or how many of them are one card.  Where each
    is the card a player was dealt (``people``: his name), said of the players: 'neither Rita nor
    Sergio was dealt Secchia or lower'.  (Each holds in every combination of ``bits``: 'none' by
    construction, from the cards each card is in it; the counts of one card are tested.  ``memo``:
    a group's facts, kept by the cards its cards are in the case, for the next case of the same
    cards: issue 24 §5)"""
    memo = {} if memo is None else memo
    out: list[Fact] = []
    for size in range(2, len(keys) + 1):
        for group in combinations(keys, size):
            # (each group's facts and thresholds, kept by the cards each of its cards is in the case:
            # the same come back from part to part; only the thresholds hold or not by ``bits`` itself)
            seen = tuple(seen_at[d] for d in group)
            found = memo.get(("group", group, seen))
            if found is None:
                found = memo[("group", group, seen)] = _group_of(group, seen, nouns, universes, name_set, space,
                                                                  people, memo)
            out += found[0]
            # (its counts of one card, where the cards it is in do not decide them, tested on ``bits``
            # itself: 'exactly one' only where 'at least one' holds)
            for some, one, some_holds, one_holds in found[1]:
                if some_holds or (some_holds is None and some.mask & bits == bits):
                    out.append(some)
                    if one_holds or (one_holds is None and one.mask & bits == bits):
                        out.append(one)
            out += _at_least_one(found[2], bits)
    return out


# each way's thresholds (tightest first, with their points and cards), and the first of them one
# card of the group is in and the first one card meets alone (:func:`_at_least_one`)
_Sides = list[tuple[Sequence[tuple[int, "_Threshold", frozenset[Card]]], int, int]]


def _group_of(group: Sequence[int], seen_at: Sequence[frozenset[Card]], nouns: Sequence[str],
              universes: Sequence[Sequence[Card]], name_set: Callable[[Sequence[Card], Sequence[Card]], str],
              space: _Space, people: Sequence[Optional[str]],
              memo: dict[Any, Any]) -> tuple[list[Fact], list[_Counts], _Sides]:
    """:func:`_shared`'s facts of one ``group`` (:func:`_group_facts`, kept by the cards its cards
    are in the case: those that hold, and the counts of one card to test) and its thresholds within
    the cards each is in it (``seen_at``, card by card of the group: :func:`_within`)."""
    seen = frozenset().union(*seen_at)
    key = ("shared", group, seen)
    found = memo.get(key)
    if found is None:
        thresholds = memo.get(("thresholds", group))
        if thresholds is None:
            thresholds = memo[("thresholds", group)] = _Thresholds(
                group, *_group_words(group, nouns, universes, people, memo), space, name_set)
        facts, counts, values = _group_facts(group, seen, nouns, universes, name_set, space, people, memo)
        found = memo[key] = (facts, counts, thresholds.sides(values), {})
    return found[0], _decided(found[1], seen_at), _within(found[2], seen_at, found[3])


# 'at least one' and 'exactly one of them is' a card, and whether each holds in a case (None: to be
# tested on its points, :func:`_decided`)
_Counts = tuple[Fact, Fact, Optional[bool], Optional[bool]]


def _decided(counts: Sequence[tuple[Card, Fact, Fact]], seen_at: Sequence[frozenset[Card]]) -> list[_Counts]:
    """Whether 'at least one' (``some``) and 'exactly one' (``one``) of the cards of a group are
    ``card`` hold, for each of ``counts``, in a case where each is one of ``seen_at`` (card by card
    of the group; ``card`` an atom of each, :func:`_counted`), where that decides it: a card that
    is only ``card`` in the case makes 'at least one' hold; where a single card of the group may
    be ``card``, 'exactly one' holds as 'at least one' does, and that holds only where the card is
    nothing else (at its other cards, no card of the group is ``card``)."""
    alone = {card for cards in seen_at if len(cards) == 1 for card in cards}
    out: list[_Counts] = []
    for card, some, one in counts:
        surely = card in alone
        if sum(card in cards for cards in seen_at) == 1:
            out.append((some, one, surely, surely))
        else:
            out.append((some, one, True if surely else None, None))
    return out


def _group_facts(group: Sequence[int], seen: frozenset[Card], nouns: Sequence[str],
                 universes: Sequence[Sequence[Card]], name_set: Callable[[Sequence[Card], Sequence[Card]], str],
                 space: _Space, people: Sequence[Optional[str]],
                 memo: Optional[dict[Any, Any]] = None) -> tuple[list[Fact], list[tuple[Card, Fact, Fact]], list[int]]:
    """:func:`_shared`'s facts of one ``group`` whose cards are ``seen`` in a case: 'none of them
    is' the cards they are not in it (holding in the whole case by construction); 'at least one'
    and 'exactly one of them is' each card (each to be kept where it holds in the whole case);
    and their values, lowest first (the thresholds :func:`_at_least_one` tries).  (``memo``: each
    fact's words and points, kept by the group and its cards, which come back in case after case
    whatever the other cards seen: issue 24 §5; each fact made anew, as each case's own)"""
    memo = {} if memo is None else memo
    universe = _group_words(group, nouns, universes, people, memo)[1]
    values = {c.value for c in seen}
    low, high = min(values), max(values)
    barred = [frozenset(c for c in universe if c not in seen), frozenset(c for c in universe if c.value < low),
              frozenset(c for c in universe if c.value > high)]
    out = []
    for bar in barred:
        said = _none_said(group, bar, nouns, universes, name_set, space, people, memo)
        if said is not None:
            out.append(Fact(said[0], _none_of(group, bar), 1, said[1]))
    counts = []
    for card in sorted(seen, key=lambda c: -c.value):
        counted = _count_said(group, card, nouns, universes, name_set, space, people, memo)
        if counted is not None:
            some, one, once, exactly = counted
            counts.append((card, Fact(some, _some_of(group, frozenset([card])), 1, once),
                           Fact(one, _exactly_one(group, card), 1, exactly)))
    return out, counts, sorted(values)


def _group_words(group: Sequence[int], nouns: Sequence[str], universes: Sequence[Sequence[Card]],
                 people: Sequence[Optional[str]], memo: dict[Any, Any]) -> tuple["_Said", list[Card]]:
    """How ``group`` is said (:func:`_said_of`) and the cards any of it may be (:func:`_universe`),
    kept in ``memo``."""
    key = ("words", group)
    got = memo.get(key)
    if got is None:
        got = memo[key] = (_said_of(group, nouns, people), _universe(group, universes))
    return got


def _none_said(group: Sequence[int], bar: frozenset[Card], nouns: Sequence[str],
               universes: Sequence[Sequence[Card]], name_set: Callable[[Sequence[Card], Sequence[Card]], str],
               space: _Space, people: Sequence[Optional[str]], memo: dict[Any, Any]) -> Optional[tuple[str, int]]:
    """The words and points of 'none of ``group`` is' the cards ``bar`` (:func:`_group_facts`),
    kept in ``memo``; None where it is not said (no card barred or none left, or ``bar`` splits
    an atom)."""
    key = ("none", group, bar)
    if key in memo:
        return memo[key]  # type: ignore[no-any-return]
    said, universe = _group_words(group, nouns, universes, people, memo)
    allowed = [c for c in universe if c not in bar]
    hit = _any_of(space, group, bar) if bar and allowed else None
    got = None
    if hit is not None:
        # (not 'none' where that leaves one of them a single card: 'neither Dora nor Bruno
        # was dealt a card from Leone to VIII' where Bruno can have only that or Matto)
        every = said.every(name_set(allowed, universe))
        text = every if any(len(space.cards(d) - bar) == 1 for d in group) else min(
            (said.none(name_set(sorted(bar, key=lambda c: -c.value), universe)), every), key=_alternatives)
        got = (text, space.all & ~hit)
    memo[key] = got
    return got


def _count_said(group: Sequence[int], card: Card, nouns: Sequence[str], universes: Sequence[Sequence[Card]],
                name_set: Callable[[Sequence[Card], Sequence[Card]], str], space: _Space,
                people: Sequence[Optional[str]], memo: dict[Any, Any]) -> Optional[tuple[str, str, int, int]]:
    """The words of 'at least one' and 'exactly one of ``group`` is ``card``' and the points where
    each holds (:func:`_group_facts`), kept in ``memo``; None where how many are ``card`` is not
    said (:func:`_counted`)."""
    key = ("count", group, card)
    if key in memo:
        return memo[key]  # type: ignore[no-any-return]
    counted = _counted(space, group, card)
    got = None
    if counted is not None:
        said, universe = _group_words(group, nouns, universes, people, memo)
        once, twice = counted
        named = name_set([card], universe)
        got = (said.some(named), said.one(named), once, once ^ twice)
    memo[key] = got
    return got


def _said_of(group: Sequence[int], nouns: Sequence[str], people: Sequence[Optional[str]]) -> "_Said":
    dealt = [people[d] for d in group] if people else []
    return _Said(dealt) if all(dealt) else _Said.of([nouns[d] for d in group])


def _universe(group: Sequence[int], universes: Sequence[Sequence[Card]]) -> list[Card]:
    """The cards any of ``group`` may be, highest first."""
    return sorted({c for d in group for c in universes[d]}, key=lambda c: -c.value)


class _Threshold(NamedTuple):
    """A threshold 'at least one of ... was dealt V or lower' (:func:`_at_least_one`): the points
    where some card of the group meets it (None: it splits an atom), and the fact (None where it
    is no range to say: one card, or any card)."""

    hit: Optional[int]
    fact: Optional[Fact]


class _Thresholds:
    """A group's thresholds for :func:`_at_least_one` (at most each value: side 0; at least:
    side 1), each worked out where first asked and kept: the same come back case after case."""

    __slots__ = ("group", "said", "universe", "space", "name_set", "ranges", "found", "_sides")

    def __init__(self, group: Sequence[int], said: "_Said", universe: Sequence[Card], space: _Space,
                 name_set: Callable[[Sequence[Card], Sequence[Card]], str]) -> None:
        self.group, self.said, self.universe, self.space, self.name_set = group, said, universe, space, name_set
        self.ranges = _ranges(tuple(universe))
        self.found: dict[tuple[int, int], _Threshold] = {}
        self._sides: dict[tuple[int, ...], list[list[tuple[int, _Threshold, frozenset[Card]]]]] = {}

    def sides(self, values: Sequence[int]) -> list[list[tuple[int, _Threshold, frozenset[Card]]]]:
        """Each way's thresholds at ``values`` (a case's, lowest first) that are said of whole atoms,
        tightest first, each with its points and its cards: at most each value, at least each, and
        where the pack has fools at most each but the fools ('a card from Leone to VI', no fool
        below); kept by the values."""
        key = tuple(values)
        got = self._sides.get(key)
        if got is None:
            sides = [(0, values), (1, values[::-1])]
            if len(self.ranges) > 2:
                sides.append((2, [v for v in values if v in self.ranges[2]]))
            got = self._sides[key] = [[(t.hit, t, self.ranges[side][v]) for v, t in ((v, self.at(side, v))
                                                                                    for v in ordered)
                                       if t.hit is not None] for side, ordered in sides]
        return got

    def at(self, side: int, v: int) -> _Threshold:
        got = self.found.get((side, v))
        if got is None:
            cards, space = self.ranges[side][v], self.space
            hit = _any_of(space, self.group, cards)
            fact = None
            if hit is not None and 1 < len(cards) < len(self.universe):
                named = self.name_set(sorted(cards, key=lambda c: -c.value), self.universe)
                fact = Fact(self.said.some(named), _some_of(self.group, cards), 1, hit)
            got = self.found[(side, v)] = _Threshold(hit, fact)
        return got


def _within(sides: Sequence[Sequence[tuple[int, "_Threshold", frozenset[Card]]]], seen: Sequence[frozenset[Card]],
            kept: Optional[dict[tuple[bool, frozenset[Card]], list[int]]] = None) -> _Sides:
    """Each way's thresholds (:meth:`_Thresholds.sides`) with the first that some card of the group
    is in, and the first that one card meets alone, in a case where each card is one of ``seen``
    (the thresholds hold at ever more points: before the first, in no combination of the case;
    from the second on, by that card alone, whose own fact says it plainer); those ways where one
    comes before the other.  (``kept``: each set of cards' first thresholds, :func:`_firsts`)"""
    kept = {} if kept is None else kept
    lows = _firsts(sides, frozenset().union(*seen), True, kept)
    alones = [_firsts(sides, cards, False, kept) for cards in seen]
    out = []
    for k, met in enumerate(sides):
        alone = min(firsts[k] for firsts in alones)
        if lows[k] < alone:
            out.append((met, lows[k], alone))
    return out


def _firsts(sides: Sequence[Sequence[tuple[int, "_Threshold", frozenset[Card]]]], cards: frozenset[Card],
            some: bool, kept: dict[tuple[bool, frozenset[Card]], list[int]]) -> list[int]:
    """Each way's first threshold that one of ``cards`` is in (``some``), or that all of them are
    in; kept in ``kept`` (the same cards come back in one case after another)."""
    got = kept.get((some, cards))
    if got is None:
        got = kept[(some, cards)] = [_first(met, 0, len(met), (lambda t: bool(cards & t[2])) if some
                                            else (lambda t: cards <= t[2])) for met in sides]
    return got


def _at_least_one(sides: _Sides, bits: int) -> list[Fact]:
    """'at least one of Anna, Bruno and Carla was dealt 2 or lower' (issue 24 §1: what a table
    says for 'Anna was dealt as and none of the others was; or Bruno ...; or ...'): the tightest
    threshold, each way, that some card of the group meets in every combination of the case
    (``bits``; ``sides``: each way's thresholds between those no card of the group is in the case
    and those one of them meets alone, :func:`_within`); none where one of them meets it alone
    (that card's own fact says it plainer), or where it is one card (said as that card, by
    :func:`_shared`).  (The thresholds hold at ever more points: the tightest that holds is found
    by halving, issue 24 §5)"""
    out = []
    for met, low, alone in sides:
        tightest = _first(met, low, alone, lambda t: t[0] & bits == bits)
        fact = met[tightest][1].fact if tightest < alone else None  # (none before one card meets it alone)
        if fact is not None:
            out.append(fact)
    return out


def _first(ordered: Sequence[Any], low: int, high: int, holds: Callable[[Any], bool]) -> int:
    """The first index from ``low`` to ``high`` (excluded) where ``holds``, ``high`` where none does;
    ``holds`` holds from some index on (:func:`_at_least_one`: thresholds ever wider)."""
    while low < high:
        mid = (low + high) // 2
        if holds(ordered[mid]):
            high = mid
        else:
            low = mid + 1
    return low


@functools.lru_cache(maxsize=256)
def _ranges(universe: tuple[Card, ...]) -> tuple[dict[int, frozenset[Card]], ...]:
    """The cards of ``universe`` (highest first) at most each value of it, and at least each; where
    it holds a fool, also at most each value of the other cards but the fool ('at least one of
    Bruno, Carla and Dora was dealt a card from Leone to VI': a card below Anna's VII that is no
    fool, which a lone fool does not make lowest, C3, L4; issue 24 §1)."""
    at_most: dict[int, frozenset[Card]] = {}
    at_least: dict[int, frozenset[Card]] = {}
    for v in {c.value for c in universe}:
        at_most[v] = frozenset(c for c in universe if c.value <= v)
        at_least[v] = frozenset(c for c in universe if c.value >= v)
    if not any(c.is_fool for c in universe):
        return at_most, at_least
    plain = {v: frozenset(c for c in universe if c.value <= v and not c.is_fool)
             for v in {c.value for c in universe if not c.is_fool}}
    return at_most, at_least, {v: cards for v, cards in plain.items() if cards != at_most[v]}


def _any_of(space: _Space, group: Sequence[int], cards: frozenset[Card]) -> Optional[int]:
    """The points where some card of ``group`` is one of ``cards``; None where ``cards`` splits
    an atom of one of them (kept on the space: the same groups and cards come back case after
    case; a group's from those of the group without its last card, kept too: :func:`_shared`
    asks each group after the one without its last card, issue 24 §5)."""
    key = ("any", tuple(group), cards)
    if key not in space.kept:
        m = space.one_of(group[-1], cards) if group else 0
        before = _any_of(space, group[:-1], cards) if len(group) > 1 else 0
        space.kept[key] = None if m is None or before is None else before | m
    return space.kept[key]  # type: ignore[no-any-return]


class _Said(NamedTuple):
    """How a group of unknown cards is said: of the players who were dealt them (``who``: their
    names), or of the cards themselves (``cards``: their nouns, 'the bottom card of the stack')."""

    who: Sequence[Optional[str]]
    cards: Sequence[str] = ()

    @classmethod
    def of(cls, nouns: Sequence[str]) -> "_Said":
        return cls((), nouns)

    def _subject(self) -> tuple[list[str], str, str]:
        if self.cards:
            return list(self.cards), "is", "are"
        return [w or "" for w in self.who], "was dealt", "were"

    def none(self, cards: str) -> str:
        names, verb, _ = self._subject()
        head = "neither " + " nor ".join(names) if len(names) == 2 else "none of " + _together(names, "and")
        return f"{head} {verb} {cards}"

    def every(self, cards: str) -> str:
        names, verb, plural = self._subject()
        both = "both" if len(names) == 2 else "all"
        return f"{_together(names)} {plural} {both} {cards}" if self.cards else \
            f"{_together(names)} {plural} {both} dealt {cards}"

    def one(self, cards: str) -> str:
        names, verb, _ = self._subject()
        return f"exactly one of {_together(names, 'and')} {verb} {cards}"

    def some(self, cards: str) -> str:
        names, verb, _ = self._subject()
        return f"at least one of {_together(names, 'and')} {verb} {cards}"


def _counted(space: _Space, group: Sequence[int], card: Card) -> Optional[tuple[int, int]]:
    """The points where at least one, and at least two (among those), of the cards ``group`` are
    ``card``; None where ``card`` shares an atom with another card (how many are ``card`` is not
    said there).  (Kept on the space, a group's from those of the group without its last card,
    as :func:`_any_of`'s)"""
    key = ("counted", tuple(group), card)
    if key in space.kept:
        return space.kept[key]  # type: ignore[no-any-return]
    m = space.one_of(group[-1], [card]) if group else 0
    before = _counted(space, group[:-1], card) if len(group) > 1 else (0, 0)
    got = None if m is None or before is None else (before[0] | m, before[1] | before[0] & m)
    space.kept[key] = got
    return got


def _lone_fool(keys: Sequence[int], space: _Space, fool: Optional[Card], known: Optional[int]) -> list[Fact]:
    """'there is a lone fool' and 'there is no lone fool' (C3, K15: 'wenn nur einer der beiden
    Narren im Spiel ist', the single fool ranks with the lowest card and its holder loses too):
    the fools in play are the ``known`` ones (outside the unknown cards) and those among the
    unknown cards; None (no fact) where the pack has no fool or the known ones are not known."""
    counted = _counted(space, keys, fool) if fool is not None else None
    if fool is None or known is None or known > 1 or counted is None:
        return []
    once, twice = counted
    lone = once & ~twice if known == 0 else space.all & ~once  # (the pack holds two, C1)

    def lone_in(combo: Cards) -> bool:
        return known + sum(1 for d in keys if combo[d] == fool) == 1

    return [Fact("there is a lone fool", lone_in, 1, lone),
            Fact("there is no lone fool", lambda combo: not lone_in(combo), 1, space.all & ~lone)]


@functools.lru_cache(maxsize=1 << 16)
def _alternatives(text: str) -> int:
    """How many 'or's a wording joins beyond a threshold's ('Secchia or lower'): the fewer, the
    plainer ('none of them is Secchia or lower' before 'all are Nulla or higher or Matto')."""
    # ('none of them is anything but ...' is a double negative: counted as worse than any)
    negated = " is anything but " in text or (text.startswith(("neither ", "none of ")) and " anything but " in text)
    return text.replace(" or lower", "").replace(" or higher", "").count(" or ") + 9 * negated


_COMPARE: dict[str, tuple[Callable[[Card, Card], bool], str, tuple[str, ...]]] = {
    "lower": (lambda a, b: a.value < b.value, "{a} is lower than {b}", ("lower",)),
    "higher": (lambda a, b: a.value > b.value, "{a} is higher than {b}", ("higher",)),
    "same": (lambda a, b: a.value == b.value, "{a} ranks the same as {b}", ("same",)),
    "not-higher": (lambda a, b: a.value <= b.value, "{a} is not higher than {b}", ("lower", "same")),
    "not-lower": (lambda a, b: a.value >= b.value, "{a} is not lower than {b}", ("higher", "same")),
    "other": (lambda a, b: a.value != b.value, "{a} does not rank the same as {b}", ("lower", "higher")),
}


def _compared(keys: Sequence[int], nouns: Sequence[str], space: _Space) -> list[Fact]:
    """Comparisons of two unknown cards (K15's and C3's comparisons said as such); where two atoms
    overlap, the points where a comparison is not decided are its ``unsure`` ones."""
    out = []
    for i, j in combinations(keys, 2):
        for test, words, parts in _COMPARE.values():
            mask = unsure = 0
            for answers, points in space.pairs[(i, j)].items():
                if answers <= frozenset(parts):
                    mask |= points
                elif answers & frozenset(parts):
                    unsure |= points
            out.append(Fact(words.format(a=nouns[i], b=nouns[j]), _pair(test, i, j), 2, mask, unsure))
    return out


def _all_alike(keys: Sequence[int], nouns: Sequence[str], space: _Space,
               people: Sequence[Optional[str]]) -> list[Fact]:
    """'Pia, Fabio and Ida were dealt cards of the same rank' (three or more tied, K15: each of
    them loses where it is the lowest), or of cards that are not dealt ones 'all rank the same'."""
    out = []
    for size in range(3, len(keys) + 1):
        for group in combinations(keys, size):
            mask = unsure = space.all
            for g in group[1:]:
                sure = maybe = 0
                for answers, points in space.pairs[(group[0], g)].items():
                    if answers == {"same"}:
                        sure |= points
                    elif "same" in answers:
                        maybe |= points
                mask &= sure
                unsure &= sure | maybe
            names = [people[d] for d in group] if people else []
            text = (f"{_together([n or '' for n in names])} were dealt cards of the same rank" if all(names)
                    else f"{_together([nouns[d] for d in group])} all rank the same")
            out.append(Fact(text, _alike(group), 2, mask, unsure & ~mask))
    return out


def _alike(group: Sequence[int]) -> Test:
    return lambda combo: len({combo[d].value for d in group}) == 1


_NOT_A_FOOL = " that is not a fool"
# the card alone lowest, and lowest tied or not, below the others but the fools (C3, K15), or in a
# pack without fools below the cards dealt to the others (H1, R4)
_Forms = tuple[tuple[set[str], str], ...]
# (and the second's negation, :func:`_below_these`: the card not the lowest)
# (and the first's, the card not alone lowest: it ties or is above one of them, L3's tie)
_BELOW: _Forms = (({"lower"}, "{a} is lower than each of {cards}" + _NOT_A_FOOL),
                  ({"lower", "same"}, "{a} is not higher than any of {cards}" + _NOT_A_FOOL),
                  (set(), "{a} is higher than at least one of {cards}" + _NOT_A_FOOL),
                  (set(), "{a} is not lower than at least one of {cards}" + _NOT_A_FOOL))
_BELOW_DEALT: _Forms = (({"lower"}, "{a} is lower than the cards dealt to {cards}"),
                        ({"lower", "same"}, "{a} is not higher than the cards dealt to {cards}"),
                        (set(), "{a} is higher than at least one of the cards dealt to {cards}"),
                        (set(), "{a} is not lower than at least one of the cards dealt to {cards}"))
# (where the others are a mix of dealt and stack cards, S4: said of the cards)
_BELOW_EACH: _Forms = (({"lower"}, "{a} is lower than each of {cards}"),
                       ({"lower", "same"}, "{a} is not higher than any of {cards}"),
                       (set(), "{a} is higher than at least one of {cards}"),
                       (set(), "{a} is not lower than at least one of {cards}"))
_DEALT = "'s dealt card"  # (a label of the card a player was dealt: 'Rita's dealt card')


def _below_the_rest(keys: Sequence[int], nouns: Sequence[str], space: _Space, fool: Optional[Card],
                    tied: bool = False, people: Sequence[Optional[str]] = ()) -> list[Fact]:
    """'Emil's card is lower than each of Bruno's card, Carla's card and Dora's card that is not a
    fool': the card that alone is lowest where a pair of fools ranks high (C3: two fools rank
    14½, seed 000 §Karten; K15: the lowest card loses), said with 'there is no lone fool' where a
    single fool would make its holder lose too; and 'Emil's card is not higher than any of ...
    that is not a fool': the card that is lowest, alone or tied (K15, Z6: each tied lowest loses;
    issue 24 §5, a player's mark said over every case; only with ``tied``).  In a pack without
    fools (H1, R4), where the others are dealt cards (``people``: their names), 'Emil's dealt
    card is lower than the cards dealt to Bruno, Carla and Dora' (issue 24 §1: it was one
    comparison for each of them), and where they are dealt cards and the stack's, 'the top card
    of the stack is not higher than any of Dora's dealt card and Anna's dealt card' (S4, S5: the
    card the dealer cuts from the stock against the cards the others keep).  The card is compared
    with all the others, and where they are few (:data:`_FEW`) with each two or more of them: where
    the dealer takes the stack's card, the card he was dealt is not compared (S4)."""
    if len(keys) < 3:
        return []
    out = []
    for d in keys:
        rest = [g for g in keys if g != d]
        groups = [list(g) for size in range(len(rest), 1, -1) for g in combinations(rest, size)] \
            if len(keys) <= _FEW else [rest]
        for others in groups:
            out += _below_these(d, others, nouns, space, fool, tied, people)
    return out


# up to this many unknown cards, each card is compared with each group of the others (_below_the_rest)
_FEW = 5


def _below_these(d: int, others: Sequence[int], nouns: Sequence[str], space: _Space, fool: Optional[Card],
                 tied: bool, people: Sequence[Optional[str]]) -> list[Fact]:
    """:func:`_below_the_rest`'s facts of card ``d`` against the cards ``others``."""
    fools = [space.one_of(g, [fool]) if fool is not None else 0 for g in others]
    if any(m is None for m in fools):
        return []
    if fool is not None:
        cards, forms = _together([nouns[g] for g in others]), _BELOW
    elif people and all(people[g] for g in others):
        cards, forms = _together([people[g] or "" for g in others]), _BELOW_DEALT
    else:
        cards, forms = _together([nouns[g] for g in others]), _BELOW_EACH
    out = []
    for ways, words in forms[:1 + tied]:  # (the third and fourth, the negations, below)
        mask = unsure = space.all
        for g, is_fool in zip(others, fools):
            sure = maybe = is_fool or 0
            flip = {"lower": "higher", "same": "same"}
            pair, wanted = ((d, g), ways) if d < g else ((g, d), {flip[w] for w in ways})
            for answers, points in space.pairs[pair].items():
                if answers <= wanted:
                    sure |= points
                elif answers & wanted:
                    maybe |= points
            mask &= sure
            unsure &= sure | maybe
        out.append(Fact(words.format(a=nouns[d], cards=cards),
                        _below(d, others, strict=len(ways) == 1), 2, mask, unsure & ~mask))
    # (the card not alone lowest: 'the bottom card of the stack is not lower than at least one of
    # Dora's dealt card, Emil's dealt card and Fabio's dealt card that is not a fool', where the
    # last in play order keeps his marks, L3, K15)
    strict, below = out[0], out[-1]
    out.append(Fact(forms[3][1].format(a=nouns[d], cards=cards), _not_below(d, others), 2,
                    space.all & ~(strict.mask | strict.unsure), strict.unsure))
    if tied:
        # (and where it is not: 'Anna's dealt card is higher than at least one of ...', what keeps a
        # player's mark where the lowest loses, D7, K15)
        out.append(Fact(forms[2][1].format(a=nouns[d], cards=cards), _above_some(d, others), 2,
                        space.all & ~(below.mask | below.unsure), below.unsure))
        out.append(_same_as_some(d, others, nouns, space))
    return out


def _same_as_some(d: int, others: Sequence[int], nouns: Sequence[str], space: _Space) -> Fact:
    """'Emil's dealt card ranks the same as at least one of Dora's dealt card and the bottom card of
    the stack': the lowest card tied (L3: of the tied lowest only the first in play order loses, so
    a tie decides who loses; with 'is not higher than any of ...' it says 'tied lowest', issue 24
    §1, where each tie was an alternative of its own)."""
    mask = unsure = 0
    for g in others:
        for answers, points in space.pairs[(d, g) if d < g else (g, d)].items():
            if answers == {"same"}:
                mask |= points
            elif "same" in answers:
                unsure |= points
    return Fact(_SAME_SOME.format(a=nouns[d], cards=_together([nouns[g] for g in others])), _same_as(d, others), 2,
                mask, unsure & ~mask)


_SAME_SOME = "{a} ranks the same as at least one of {cards}"


def _same_as(d: int, others: Sequence[int]) -> Test:
    return lambda combo: any(combo[g].value == combo[d].value for g in others)


def _above_some(d: int, others: Sequence[int]) -> Test:
    return lambda combo: not all(combo[g].is_fool or combo[g].value >= combo[d].value for g in others)


def _not_below(d: int, others: Sequence[int]) -> Test:
    below = _below(d, others)  # (the card alone lowest, negated)
    return lambda combo: not below(combo)


def _below(d: int, others: Sequence[int], strict: bool = True) -> Test:
    if strict:
        return lambda combo: all(combo[g].is_fool or combo[g].value > combo[d].value for g in others)
    return lambda combo: all(combo[g].is_fool or combo[g].value >= combo[d].value for g in others)


def _cover(case: int, everything: int, facts: list[Fact], within: Optional[int] = None) -> Optional[list[Fact]]:
    """The few facts that hold in exactly ``case`` (bit sets) within ``everything`` (in ``case``
    and nowhere outside ``within``, where given: one part of a case said in two ways): greedily the
    fact that rules out the most other combinations (the shorter on a tie), then each fact the
    others make needless left out; None where no conjunction of ``facts`` is exact."""
    bound = case if within is None else within
    # (none where all the facts together hold at a point outside: greedily each fact rules out a
    # point of ``rest`` as long as that conjunction rules them all out, issue 24 §5: a failed
    # cover costs one pass over the facts)
    if _together_mask(facts, everything) & ~bound:
        return None
    chosen = _greedy(everything & ~bound, facts, everything)
    for fact in list(chosen):
        others = [f for f in chosen if f is not fact]
        if others and _together_mask(others, everything) & ~bound == 0:
            chosen = others
    return sorted(_narrowed(chosen, everything, bound, facts), key=lambda f: f.rank)


def _greedy(rest: int, facts: Sequence[Fact], everything: Optional[int] = None) -> list[Fact]:
    """The facts that rule out every point of ``rest``, greedily: the one that rules out the most
    of what is left, the shortest on a tie, the first of equals (:func:`_cover`; some conjunction
    of ``facts`` rules all of ``rest`` out).  A fact rules a point out only where it surely fails
    there: not at its ``unsure`` points.  What a fact rules out only shrinks as ``rest`` does, so
    each is counted again only where what it ruled out last may still be the most (issue 24 §5:
    the counts on the space's bit sets were half a ruling's time); before the first, what it rules
    out of ``everything`` (``rest`` lies within it), kept from one cover to the next, is the most
    it may rule out (where the case is all that is left out of ``rest``, exactly that)."""
    held = [_held(f) for f in facts]
    most_of = [rest.bit_count()] * len(facts) if everything is None else \
        [_rules_out(f, h, everything) for f, h in zip(facts, held)]  # (exact where counted, else at most)
    chosen: list[Fact] = []
    while rest:
        total, most, counted = rest.bit_count(), 0, []
        for k in sorted(range(len(facts)), key=most_of.__getitem__, reverse=True):
            if most_of[k] < most or not most_of[k]:
                break  # (none of the rest can rule out as many)
            most_of[k] = total - (rest & held[k]).bit_count()
            most = most_of[k] if most_of[k] > most else most
            counted.append(k)
        best = min((k for k in counted if most_of[k] == most), key=lambda k: (len(facts[k].text), k))
        chosen.append(facts[best])
        rest &= held[best]
        most_of[best] = 0
    return chosen


def _rules_out(fact: Fact, held: int, everything: int) -> int:
    """How many points of ``everything`` ``fact`` surely fails at (``held``: where it may hold),
    kept by the fact and ``everything`` themselves (both unchanging, each kept alive with its
    answer: their ids name no other while it is kept), which come back cover after cover."""
    key = (id(fact), id(everything))
    got = _RULES_OUT.get(key)
    if got is None or got[0] is not fact or got[1] is not everything:
        got = _RULES_OUT[key] = (fact, everything, (everything & ~held).bit_count())
    return got[2]


# (id of a fact, id of the points some case reaches) -> (the fact, those points, how many of them
# it rules out) (:func:`_rules_out`); one position's
_RULES_OUT: dict[tuple[int, int], tuple[Fact, int, int]] = per_position({})


def _held(fact: Fact) -> int:
    """The points where ``fact`` may hold (surely, or at an ``unsure`` point), kept by the fact
    itself (unchanging, kept alive with its answer): a comparison of overlapping atoms comes back
    in cover after cover (issue 24 §5: half the facts of Coucou 8p seed 2547704717's covers).
    A fact with no unsure point holds where its mask does (the mask itself: an or with nothing
    would copy it)."""
    if not fact.unsure:
        return fact.mask
    got = _HELD.get(id(fact))
    if got is None or got[0] is not fact:
        got = _HELD[id(fact)] = (fact, fact.mask | fact.unsure)
    return got[1]


# id of a fact -> (the fact, the points where it may hold) (:func:`_held`); one position's
_HELD: dict[int, tuple[Fact, int]] = per_position({})


def _narrowed(chosen: list[Fact], everything: int, bound: int, facts: list[Fact]) -> list[Fact]:
    """Each chosen fact said no more widely than the others leave needed (issue 24 §1: 'Olga was
    dealt 3 or higher and none of Tino, Ida and Olga was dealt ace' says Olga's ace twice): the
    shortest fact, of no more alternatives, that keeps the conjunction exact in its place."""
    out = list(chosen)
    for k, fact in enumerate(out):
        outside = _together_mask(out[:k] + out[k + 1:], everything) & ~bound
        plain = _alternatives(fact.text)
        shorter = [f for f in facts if len(f.text) < len(fact.text) and _alternatives(f.text) <= plain
                   and f not in out and not outside & f.mask and not outside & f.unsure]
        if shorter:
            out[k] = min(shorter, key=lambda f: (len(f.text), f.text))
    return out


def _plainest(case: int, everything: int, facts: list[Fact], within: Optional[int] = None) -> Optional[list[Fact]]:
    """:func:`_cover` by the facts that name no alternatives ('Vera was dealt Eymer'), and by all
    of them ('neither ... is Nulla or higher or Larvengesicht' rules out more at once, but reads
    worse): the one with the fewer alternatives, then the shorter."""
    plain = [f for f in facts if not _alternatives(f.text)]
    plain = facts if len(plain) == len(facts) else plain  # (the same facts: where they all hold, kept, _Facts)
    said = _cover(case, everything, plain, within)
    # (all the facts only where the plain ones say nothing: a cover that names alternatives reads
    # worse than any plain one; and without 'lower than each of ...' (:func:`_wide`), which rules
    # out much at once but may leave more to say than two plain comparisons)
    found = [said] if said is not None else [c for c in [_cover(case, everything, facts, within)] if c is not None]
    if said is not None and any(_wide(f) for f in said):
        simple = _cover(case, everything, [f for f in plain if not _wide(f)], within)
        found += [simple] if simple is not None else []
    return min(found, key=lambda c: (sum(_alternatives(f.text) for f in c), len(_said([c])))) if found else None


def _wide(fact: Fact) -> bool:
    """Whether ``fact`` compares one card with several ('... is lower than each of ...'): it rules
    out much at once, but may leave more to say than the plain comparisons."""
    return any(words in fact.text for words in (" is lower than each of ", " is not higher than any of ",
                                                 " is higher than at least one of ",
                                                 " is not lower than at least one of "))


def _together_mask(facts: Sequence[Fact], everything: int) -> int:
    """The points where the facts may all hold (surely, or at an ``unsure`` point); kept with a
    case's facts (:class:`_Facts`), asked first by a split or a search within cuts, then by the
    cover that follows (issue 24 §5: a third of these passes over a case's facts repeated one)."""
    kept = facts.together if type(facts) is _Facts else None
    if kept is not None and kept[0] is everything:
        return kept[1]
    out = everything
    for f in facts:
        out &= _held(f)
        if not out:
            break
    if type(facts) is _Facts:
        facts.together = (everything, out)
    return out


class _Facts(list[Fact]):
    """The facts of a case or part (:func:`_facts`), never changed once made, with the points
    where they all may hold within the points some case reaches, where worked out
    (:func:`_together_mask`: kept with the points it is within, asked of those again)."""

    __slots__ = ("together",)

    def __init__(self, facts: Iterable[Fact]) -> None:
        super().__init__(facts)
        self.together: Optional[tuple[int, int]] = None


def exact(ways: Sequence[Sequence[Fact]], case: int, space: _Space) -> bool:
    """Whether the ways (each a conjunction of facts) hold in exactly the case's points (bit set
    ``case``) among those some case reaches: each fact's own test on a combination of cards at
    every point (apart from the bit sets the facts were chosen by)."""
    return all(any(all(f.holds(combo) for f in way) for way in ways) == bool(case >> point & 1)
               for point, combo in space.reached())


class _Sieve:
    """Facts that do not depend on the case asked (the comparisons and their kin, a few hundred:
    :func:`_shortened`'s ``compared``), with which of them hold at each point asked, kept: those
    that hold in every point of a case are found by testing in full only those that hold at a few
    of its points (issue 24 §5: that test of every one of them, on bit sets of a hundred thousand
    points, was a fifth of a ruling's wording).  A fact is left out only where a point of the case
    is not one of its own; each one kept is tested on every point."""

    __slots__ = ("facts", "_column", "_width", "_at", "_sampled", "_every")

    def __init__(self, facts: Sequence[Fact], size: int, sampled: Optional[bool] = None) -> None:
        self.facts = list(facts)
        # (on a smaller space each fact's full test costs less than looking at its points)
        self._sampled = size >= _SAMPLED_FROM if sampled is None else sampled
        self._width = 8 * ((size + 7) // 8)  # (the points the bytes below hold)
        low = (1 << self._width) - 1
        # (every fact's bytes one after the other, made only where points are looked at: the facts
        # at a point are one byte of each, sliced out at once, issue 24 §5)
        self._column = b"".join((f.mask & low).to_bytes(self._width // 8, "little") for f in self.facts) \
            if self._sampled else b""
        # the facts as a set: fact ``k`` the byte ``k`` (the lowest bit of it), so that a point's
        # byte of each fact makes its set by a table
        self._every = int.from_bytes(b"\x01" * len(self.facts), "little")
        self._at: dict[int, int] = {}  # point -> the facts (a set, as ``_every``) whose mask holds it

    def at(self, point: int) -> int:
        """The facts (a set, as ``_every``: fact ``k`` the byte ``k``) that hold at ``point``."""
        got = self._at.get(point)
        if got is None:
            if point >= self._width:
                got = self._every  # (not held in the bytes: each tested in full)
            else:
                got = int.from_bytes(self._column[point >> 3::self._width // 8].translate(_BIT[point & 7]), "little")
            self._at[point] = got
        return got

    def holding(self, bits: int, points: Optional[Sequence[int]] = None) -> list[Fact]:
        """The facts whose mask holds every point of ``bits``, in their order (``points``: some of
        its points, :func:`_some_points`, where found already)."""
        if not self._sampled:
            return [f for f in self.facts if f.mask & bits == bits]
        maybe = self._every
        for point in _some_points(bits, _SAMPLES) if points is None else points:
            maybe &= self.at(point)
        out = []
        while maybe:
            low = maybe & -maybe
            maybe ^= low
            fact = self.facts[(low.bit_length() - 1) >> 3]
            if fact.mask & bits == bits:
                out.append(fact)
        return out


# bit ``j`` of a byte, as 1 or 0 (:meth:`_Sieve.at`)
_BIT = [bytes(value >> j & 1 for value in range(256)) for j in range(8)]


# the points of a case a :class:`_Sieve` looks at before testing facts in full, from this many
# points of the space on (callgrind of the wording, Coucou 8p: 146,410 points, -20%; 12,600 and
# fewer, +1%)
_SAMPLES = 8
_SAMPLED_FROM = 32_768


def _some_points(bits: int, count: int) -> list[int]:
    """Up to ``count`` points of ``bits``, spread over it: its lowest point from each of ``count``
    places evenly spaced over its bytes, one a byte (sought in its bytes: the masks and shifts of
    bit sets of a hundred thousand points that found them cost as much as the tests they spare,
    issue 24 §5)."""
    data = bits.to_bytes((bits.bit_length() + 7) // 8, "little")
    out: list[int] = []
    start = 0
    for k in range(count):
        found = _NONZERO.search(data, max(start, k * len(data) // count))
        if found is None:
            break
        byte = data[found.start()]
        out.append(8 * found.start() + (byte & -byte).bit_length() - 1)
        start = found.start() + 1
    return out


_NONZERO = re.compile(rb"[^\x00]")


def _seen_at(space: _Space, d: int, bits: int, points: Sequence[int]) -> frozenset[Card]:
    """The cards card ``d`` is at some point of ``bits``: each atom it is at ``points`` (some of
    them, :func:`_some_points`: read off their digits), each other atom where its points meet them."""
    known = {space.atom_at(d, point) for point in points}
    return frozenset(card for k, (atom, m) in enumerate(space.at[d].items()) if k in known or m & bits
                     for card in atom)


def _facts(bits: int, space: _Space, keys: Sequence[int], nouns: Sequence[str], universes: Sequence[Sequence[Card]],
           say: Callable[[int, Sequence[Card]], str], name_set: Callable[[Sequence[Card], Sequence[Card]], str],
           compared: _Sieve, people: Sequence[Optional[str]] = (),
           memo: Optional[dict[Any, Any]] = None, shared: bool = True) -> list[Fact]:
    """The facts that hold in every combination of ``bits`` (``compared``: the comparisons and
    the other facts that do not depend on the case; ``memo``: the facts of each card and group by
    the cards it is in the case, kept from case to case; without ``shared``, each card's facts and
    the comparisons alone, the cheaper: :func:`_by_cuts`).  A card's fact that names every card it
    is in the case holds there by construction, untested (issue 24 §5: the test of each fact on bit
    sets of a hundred thousand points was a tenth of the wording)."""
    memo = {} if memo is None else memo
    # (a few points of the case, on large spaces: on smaller ones each atom's test costs less)
    points = _some_points(bits, _SAMPLES) if space.points >= _SAMPLED_FROM else []
    seen_at = [_seen_at(space, d, bits, points) for d in keys]
    facts: list[Fact] = []
    for d in keys:
        key = ("each", d, seen_at[d])
        found = memo.get(key)
        if found is None:
            found = memo[key] = _each_card(d, seen_at[d], space, universes[d], say)
        facts += [f for f in found if (f.card is not None and seen_at[d] <= f.card[1]) or f.mask & bits == bits]
    if shared:
        facts += _shared(keys, seen_at, bits, nouns, universes, name_set, space, people, memo)
    return _Facts(facts + compared.holding(bits, points))


def _ways(bits: int, space: _Space, facts_of: Callable[..., list[Fact]],
          deciding: Sequence[int] = (), cuts: Sequence[int] = ()) -> Optional[list[list[Fact]]]:
    """The case in one conjunction of facts, else in two, split on a card being the fool (C3: a
    lone fool and a pair of fools rank apart from the other cards, so a comparison of cards holds
    but for the fools), else one way for each card that is the fool and one for none (Z6, C3: a
    lone fool ranks with the lowest card, so 'these two lose' is a tie, or either one the fool),
    else in two split on one of the ``deciding`` cards (:func:`_split_on_a_card`); None where
    none is exact.  (A conjunction of three facts or more is said in two ways where that is
    shorter: 'Bruno was dealt Narr and there is a lone fool; or Bruno was dealt Eymer', Z6)"""
    one = _plainest(bits, space.everything, facts_of(bits))
    if one is not None and len(one) < 3:
        return [one]
    best: Optional[list[list[Fact]]] = [one] if one is not None else None
    fools = [m for at in space.at for atom, m in at.items()
             if len(atom) == 1 and next(iter(atom)).is_fool and 0 != bits & m != bits]
    for m in fools:
        found = _split(bits, [bits & m, bits & ~m], space, facts_of)
        if found is not None and (best is None or _length(found) < _length(best)):
            best = found
    if best is None and len(fools) > 1:
        parts, left = [], bits
        for m in fools:
            parts.append(left & m)
            left &= ~m
        best = _split(bits, [p for p in parts + [left] if p], space, facts_of)
    if best is None and 1 < len(fools) <= _FOOLS_APART:
        best = _by_fools(bits, fools, space, facts_of)
    if best is None:
        best = _split_on_a_card(bits, space, facts_of, deciding)
    # (a case said in three ways or more is tried otherwise where the space is small, the search's
    # cost growing with it; one not said at all, at any size: issue 24 §5, a ruling under 1 s)
    if best is None or (len(best) > 2 and space.size <= _THRESHOLDS_UP_TO):
        found = _split_on_a_threshold(bits, space, facts_of, cuts)
        if found is not None and (best is None or _length(found) < _length(best)):
            best = found
    if best is None and cuts:
        best = _by_a_card_and_cuts(bits, space, facts_of, deciding, cuts)
    return best


# up to this many cards that may be the fool, the case is said for each set of them that is (_by_fools)
_FOOLS_APART = 4


def _by_fools(bits: int, fools: Sequence[int], space: _Space,
              facts_of: Callable[..., list[Fact]]) -> Optional[list[list[Fact]]]:
    """The case said for each set of the cards that are the fool (D7, C3: a lone fool ties with
    the lowest card, a pair of fools ranks 14½, just below the cuckoo, so one comparison of the
    cards does not hold across them): 'Anna and Bruno were both dealt fjols and the bottom card of
    the stack is kukku; or Anna was dealt fjols and there is a lone fool; or ...' (issue 24 §1, the
    digital game's conditions); each way said once, where several sets read alike."""
    parts = []
    for pattern in product((True, False), repeat=len(fools)):
        part = bits
        for m, is_fool in zip(fools, pattern):
            part &= m if is_fool else ~m
        if part:
            parts.append(part)
    found = _split(bits, parts, space, facts_of)
    if found is None:
        return None
    out: list[list[Fact]] = []
    for way in found:
        if way not in out:
            out.append(way)
    return out


# the highest atoms of a stack card tried as what decides the play (_split_on_a_card)
_DECIDING = 2


def _split_on_a_card(bits: int, space: _Space, facts_of: Callable[..., list[Fact]],
                     deciding: Sequence[int]) -> Optional[list[list[Fact]]]:
    """The case in two conjunctions, split on one card being one card or not, where a card
    decides how the deal goes on (S4: the dealer keeps his card where the stock's top card is a
    king, else takes it; D3: the card the dealer takes from the stack; F4: the talon's king):
    each way then compares the cards its play leaves in the players' hands (issue 24 §1).
    ``deciding``: the cards that may decide the play (those of the stack, 'the top card of the
    stack': a player's card decides it by its role, C2, which the cases already tell apart).
    The shortest such split, or None."""
    best: Optional[list[list[Fact]]] = None
    for d in deciding:
        # (its highest cards: those that stop an exchange, the king, F3/F4/S4, or an event card, C2)
        for atom, m in list(space.at[d].items())[:_DECIDING]:
            if len(atom) != 1 or not 0 != bits & m != bits or next(iter(atom)).is_fool:
                continue
            found = _split(bits, [bits & ~m, bits & m], space, facts_of)
            if found is not None and (best is None or _length(found) < _length(best)):
                best = found
    return best


def _by_a_card_and_cuts(bits: int, space: _Space, facts_of: Callable[..., list[Fact]], deciding: Sequence[int],
                        cuts: Sequence[int]) -> Optional[list[list[Fact]]]:
    """The case said on each side of a card that decides the play (:func:`_split_on_a_card`: F4,
    the dealer keeps his card where the talon's is a king, else takes it; S4, the card cut from the
    stock), each side in a few ways found within cuts (:func:`_by_cuts`): 'the card on the talon is
    a roi and Carla's dealt card is higher than at least one of ...; or the card on the talon is a
    card from 10 to dame; or ...' (issue 24 §1: the dealer's marks stay where the card he ends
    with is not the lowest, K15/F5), :data:`_WAYS` in all; the shortest, or None."""
    best: Optional[list[list[Fact]]] = None
    for d in deciding:
        for atom, m in list(space.at[d].items())[:_DECIDING]:
            if len(atom) != 1 or not 0 != bits & m != bits or next(iter(atom)).is_fool:
                continue
            first = _by_cuts(bits, space, facts_of, cuts, bits & m, _WAYS - 1)
            second = None if first is None else _by_cuts(bits, space, facts_of, cuts, bits & ~m, _WAYS - len(first))
            if first is not None and second is not None and (best is None or _length(first + second) < _length(best)):
                best = first + second
    return best


# up to this many points, a case no conjunction says is also tried split on each card's thresholds
# (_split_on_a_threshold: two conjunctions for each, a cost that grows with the space); at any size,
# first in a few ways found within cuts (_by_cuts: a few covers for each way)
_THRESHOLDS_UP_TO = 20_000
# at most this many ways (_by_cuts)
_WAYS = 4


def _split_on_a_threshold(bits: int, space: _Space, facts_of: Callable[..., list[Fact]],
                          cuts: Sequence[int] = ()) -> Optional[list[list[Fact]]]:
    """The case in two conjunctions, split where one card is above a value or not (issue 24 §1:
    a player keeps his marks where the card he holds is VIII or higher, or is higher than at
    least one of the others that is not a fool, K15, C3/L4: the known card's threshold and the
    comparison of the unknown ones, each a way of its own): first in a few ways, each found within
    a cut (:func:`_by_cuts`, at any size: ``cuts``, else :func:`_cuts`); where that takes more than
    two and the space is small enough, the shortest split in two of each card's atoms between two
    values, the fools apart (they rank by C3, not by their value); None where neither says it."""
    best = _by_cuts(bits, space, facts_of, cuts or _cuts(space))
    if space.size > _THRESHOLDS_UP_TO or best is not None:
        return best
    for at in space.at:
        plain = [m for atom, m in at.items() if not any(c.is_fool for c in atom)]
        no_fool = bits & ~_fool_points(at)
        high = 0
        for m in plain[:-1]:  # (highest first: each cut leaves both sides some cards)
            high |= m
            above = bits & high
            if above == 0 or above == no_fool:  # (a cut with nothing of the case on one side)
                continue
            found = _split(bits, [above, bits & ~high], space, facts_of)
            if found is not None and (best is None or _length(found) < _length(best)):
                best = found
    return best


def _by_cuts(bits: int, space: _Space, facts_of: Callable[..., list[Fact]], cuts: Sequence[int],
             part: Optional[int] = None, most: int = 0) -> Optional[list[list[Fact]]]:
    """The case in a few ways (at most :data:`_WAYS`), each found within a cut: where one card is
    above a value or not, or two cards compare so (issue 24 §1: K15/L3, a player keeps his marks
    where the card he holds is VII or higher, or is higher than at least one of the others that is
    not a fool; the first of the tied lowest loses, L3: 'Bruno was dealt VI and none of ... is VI
    or lower; or ... ranks the same as ...'), and what they leave in one conjunction.  Greedily the
    way that holds in the most of the case left; the cuts are tried largest first (counted on the
    space's bit sets, :func:`_cuts`), a cut skipped where a way found already holds in all of it,
    and at most :data:`_TRIES` of them each time, so the search costs a few covers, whatever the
    size of the space.  None where the ways are more.  ``part``: only that part of the case said
    (each way still exact within all of it, :func:`_by_a_card_and_cuts`), in at most ``most`` ways."""
    everything = space.everything
    ways: list[list[Fact]] = []
    left = bits if part is None else part
    # (each cut with its points outside the case, counted once: those in the case counted, where the
    # case lies within the points some case reaches, the rest of the cut's points there)
    within = _inside(space, cuts) if bits & ~everything == 0 else None
    inside = [(c & bits).bit_count() for c in cuts] if within is not None else []
    outside = [(c, n - k) for c, n, k in zip(cuts, within, inside)] if within is not None else \
        [(c, (c & everything & ~bits).bit_count()) for c in cuts]
    counts = inside if left == bits and within is not None else None
    while left and len(ways) < (most or _WAYS):
        if ways or left != bits:
            rest = _plainest_or_none(left, bits, everything, facts_of(left, False))
            if rest is not None:
                return sorted(ways + [rest], key=lambda way: (max(f.rank for f in way), len(_said([way]))))
        found = _widest_way(left, bits, space, facts_of, outside, counts)
        counts = None
        if found is None:
            return None
        ways.append(found[0])
        left &= ~found[1]
    return ways if not left else None


# at most this many cuts tried for each way (_by_cuts)
_TRIES = 6


def _widest_way(left: int, bits: int, space: _Space, facts_of: Callable[..., list[Fact]],
                cuts: Sequence[tuple[int, int]],
                counts: Optional[Sequence[int]] = None) -> Optional[tuple[list[Fact], int]]:
    """Of the conjunctions found within the cuts (each exact within the case ``bits``; ``cuts``:
    each with its points outside the case), the one that holds in the most of ``left``, with the
    points of ``left`` it holds in (:func:`_by_cuts`; ``counts``: each cut's points in ``left``,
    where counted already)."""
    everything = space.everything
    counts = [(c & left).bit_count() for c, _ in cuts] if counts is None else counts
    # (a cut that lies wholly within the case is a way of its own, one fact: 'Bruno was dealt VII or
    # higher'; its words are sought only where it is chosen)
    widest = max((k for k, (c, out) in enumerate(cuts) if not out), key=counts.__getitem__, default=None)
    best: Optional[tuple[list[Fact], int]] = None
    if widest is not None and counts[widest]:
        whole = cuts[widest][0]
        way = _plainest_or_none(whole & bits, bits, everything, facts_of(whole & bits, False))
        if way is not None:
            best = (way, left & _together_sure(way, space.all))
            if best[1] == left:
                return best
    # (the largest first, and those with the fewest points outside the case for each one inside,
    # in turn: a large cut may leave much outside the case to rule out, a small one little)
    # (in turn, each cut once: the parts are bit sets of the space's size, too long to hash cheaply)
    # (each part of ``left`` made only where it is looked at)
    total = left.bit_count()
    counted = [(n, out, c) for (c, out), n in zip(cuts, counts) if n and n != total]
    by_size = sorted(range(len(counted)), key=lambda k: -counted[k][0])
    by_purity = sorted(range(len(counted)), key=lambda k: -counted[k][0] / (1 + counted[k][1]))
    covered = best[1] if best is not None else 0
    tries = 0
    for k in dict.fromkeys(chain.from_iterable(zip(by_size, by_purity))):
        part = left & counted[k][2]
        if part & ~covered == 0:
            continue  # (a way found holds in all of it)
        if tries == _TRIES:
            break
        tries += 1
        way = _plainest_or_none(part, bits, everything, facts_of(part, False))
        if way is None:
            continue
        held = left & _together_sure(way, space.all)
        covered |= held
        if best is None or held.bit_count() > best[1].bit_count():
            best = (way, held)
        if held == left:
            break
    return best


def _plainest_or_none(part: int, bits: int, everything: int, facts: list[Fact]) -> Optional[list[Fact]]:
    """:func:`_plainest` within ``bits``, None at once where the facts together hold at a point
    outside it (no cover of them rules that point out: the search's failed tries, :func:`_by_cuts`,
    cost one pass over the facts, not a cover)."""
    if _together_mask(facts, everything) & ~bits:
        return None
    return _plainest(part, everything, facts, within=bits)


def _together_sure(facts: Sequence[Fact], everything: int) -> int:
    """The points where the facts all surely hold."""
    out = everything
    for f in facts:
        out &= f.mask
    return out


def _inside(space: _Space, cuts: Sequence[int]) -> list[int]:
    """Each cut's points among those some case reaches (``space.everything``), kept on the space by
    the cuts and those points themselves (unchanging, each kept alive with the answer: their ids
    name no other while it is kept): the same cuts are asked of case after case (:func:`_by_cuts`)."""
    key = ("inside", id(cuts), id(space.everything))
    got = space.kept.get(key)
    if got is None or got[0] is not cuts or got[1] is not space.everything:
        got = space.kept[key] = (cuts, space.everything, [(c & space.everything).bit_count() for c in cuts])
    counts: list[int] = got[2]
    return counts


def _cuts(space: _Space) -> list[int]:
    """The points where a card is above each of its values but the lowest, or not (the fools apart,
    C3), and where two cards surely compare each way (:func:`_by_cuts`' cuts), kept."""
    key = ("cuts",)
    if key not in space.kept:
        space.kept[key] = _distinct(space, _each_cut)
    return space.kept[key]  # type: ignore[no-any-return]


def _each_cut(space: _Space) -> list[int]:
    """:func:`_cuts`' cuts, in their order, some of them empty or the same."""
    cuts = []
    for at in space.at:
        plain = [m for atom, m in at.items() if not any(c.is_fool for c in atom)]
        high = 0
        for m in plain[:-1]:  # (highest first: each cut leaves both sides some cards)
            high |= m
            cuts += [high, space.all & ~high & ~_fool_points(at)]
    for answers in space.pairs.values():
        for ways in ({"lower"}, {"higher"}, {"lower", "same"}, {"higher", "same"}):
            cuts.append(sum((m for a, m in answers.items() if a <= ways), 0))
    return cuts


def _distinct(space: _Space, masks_of: Callable[[_Space], list[int]], masks: Optional[list[int]] = None) -> list[int]:
    """``masks`` (else ``masks_of(space)``), each once and none empty, in their order, told apart on
    the whole product where the space dropped the points no case reaches (:meth:`_Space._drop`: two
    that differ only there stay two, one empty but there stays, as the cuts :func:`_by_cuts` tries
    in turn were on the whole product: the same tries, the same words)."""
    masks = masks_of(space) if masks is None else masks
    keys = masks if space.whole is None else masks_of(space.whole)
    first: dict[int, int] = {}
    for key, mask in zip(keys, masks):
        if key:
            first.setdefault(key, mask)
    return list(first.values())


def _fool_points(at: dict[frozenset[Card], int]) -> int:
    """The points of ``at`` (one card's atoms) where that card is a fool."""
    out = 0
    for atom, m in at.items():
        if any(c.is_fool for c in atom):
            out |= m
    return out


def _split(bits: int, parts: Sequence[int], space: _Space,
           facts_of: Callable[..., list[Fact]]) -> Optional[list[list[Fact]]]:
    """The case ``bits`` said part by part (each way exact within the case), or None.  (A part no
    conjunction says is known before any is sought, from its facts alone, :func:`_cover`: a split
    whose last part fails costs no cover of the others, issue 24 §5)"""
    facts = []
    for part in parts:
        facts.append(facts_of(part))
        if _together_mask(facts[-1], space.everything) & ~bits:
            return None
    found = []
    for part, held in zip(parts, facts):
        way = _plainest(part, space.everything, held, within=bits)
        if way is None:
            return None
        found.append(way)
    return found


def _length(ways: Sequence[Sequence[Fact]]) -> int:
    return len(_said(ways))


def _said(ways: Sequence[Sequence[Fact]]) -> str:
    return "; or ".join(" and ".join(f.text for f in way) for way in ways)


def _long(chain: str) -> bool:
    """Whether a case's plain account is worth saying otherwise: alternatives ('; or'), one box
    naming three cards or more ('Vera was dealt a card from Nulla to X and Anna was dealt Narr and
    ...'), or two cards each said by what it is not ('Dora was dealt anything but as and Bruno was
    dealt anything but as': 'neither Dora nor Bruno was dealt as'); else a box of one or two cards
    reads plainly as it is."""
    return "; or " in chain or chain.count(" and ") >= 2 or chain.count(" anything but ") >= 2


def shortest(cases: Sequence[Sequence[Row] | set[Cards]], chains: Sequence[str], labels: Sequence[str],
             universes: Sequence[Sequence[Card]], say: Callable[[int, Sequence[Card]], str],
             name_set: Callable[[Sequence[Card], Sequence[Card]], str],
             fools: Optional[int] = None, tied: bool = False, memo_key: Any = None) -> list[str]:
    """Each case's condition: the shortest conjunction of facts exactly true of its cards where
    its chain has alternatives ('; or') and the facts say it in fewer words; else the chain.
    ``cases``: each case's boxes (rows of card sets), or its combinations of cards;
    ``say(d, cards)``: card ``d`` is one of ``cards`` ('Dora was dealt II or higher');
    ``name_set(cards, universe)``: the cards as a range ('Secchia or lower'); ``fools``: the
    fools in play outside the unknown cards, where the same in every case (None: not known, or
    a pack without fools), for 'there is no lone fool' (C3); ``tied``: also 'the card is not
    higher than any of the others that is not a fool' (a player's mark over every case, where
    the lowest loses tied or not: :mod:`.summary`); ``memo_key``: what ``say`` and ``name_set``
    depend on beyond their arguments (hashable; the facts of the same cards are then kept from one
    call to the next, on the space: a ruling asks it of the outcomes, then of each player's
    effects, issue 24 §5).  The facts are chosen on the compressed space (:class:`_Space`),
    whatever the number of combinations of the cards."""
    if not any(_long(chain) for chain in chains):
        return list(chains)
    rows = [[tuple(frozenset([c]) for c in combo) for combo in case] if isinstance(case, set) else list(case)
            for case in cases]
    todo = [k for k, chain in enumerate(chains) if _long(chain)]
    out = list(chains)
    for k, ways in _found(rows, todo, chains, _Words(labels, universes, say, name_set, fools, tied, memo_key)).items():
        text = _said(ways)
        if len(text) < len(out[k]):
            out[k] = text
    return out


class _Words(NamedTuple):
    """What :func:`shortest` is told to say the facts with (its arguments but the cases)."""

    labels: Sequence[str]
    universes: Sequence[Sequence[Card]]
    say: Callable[[int, Sequence[Card]], str]
    name_set: Callable[[Sequence[Card], Sequence[Card]], str]
    fools: Optional[int]
    tied: bool
    memo_key: Any = None


def _found(rows: Sequence[Sequence[Row]], todo: Sequence[int], chains: Sequence[str],
           words: _Words) -> dict[int, list[list[Fact]]]:
    """The ways (conjunctions of facts) each case of ``todo`` is said in, where some are found
    shorter than its chain: each card apart where the combinations are few (any two unknown
    cards then compare, K15), else first the atoms the boxes tell apart, then each card apart for
    the cases still chains where that is not too many points; where even the atoms are too many,
    on each side of the card that decides the play (:func:`_by_a_card`)."""
    width = len(words.labels)
    sizes = {fine: _size(rows, width, fine) for fine in (False, True)}
    if sizes[False] > MAX_POINTS:
        return _by_a_card(rows, todo, chains, words)
    # (one pass where the atoms are the cards already: each rank apart)
    spaces = (True,) if sizes[True] <= max(MAX_FINE, sizes[False]) else (False, True) \
        if sizes[True] <= MAX_FINE_AGAIN else (False,)
    out: dict[int, list[list[Fact]]] = {}
    for fine in spaces:
        if sizes[fine] > MAX_POINTS:
            break
        space = _space(rows, width, fine)
        for k, ways in _shortened(space, todo, words).items():
            if len(_said(ways)) < len(_said(out[k]) if k in out else chains[k]):
                out[k] = ways
        todo = [k for k in todo if k not in out or len(out[k]) > 1]
        if not todo:
            break
    return out


def _size(rows: Sequence[Sequence[Row]], width: int, fine: bool) -> int:
    """The points of the space of ``rows`` (:class:`_Space`), counted before it is built."""
    every = frozenset(chain.from_iterable(rows))
    key = (every, width, fine)  # (the same rows, split otherwise, come back: _SIZES)
    got = _SIZES.get(key)
    if got is None:
        sets = [set(column) for column in zip(*every)] if every else [set() for _ in range(width)]
        got = _SIZES[key] = _counted_points(sets, fine)
    return got


# (every row, the width, fine) -> the points of their space (:func:`_size`); one position's
_SIZES: dict[tuple[frozenset[Row], int, bool], int] = per_position({})


def _counted_points(sets: Sequence[set[frozenset[Card]]], fine: bool) -> int:
    if fine:
        return math.prod(len(frozenset().union(*column)) for column in sets)
    return math.prod(len(_atoms(list(column))) for column in sets)


def _by_a_card(rows: Sequence[Sequence[Row]], todo: Sequence[int], chains: Sequence[str],
               words: _Words) -> dict[int, list[list[Fact]]]:
    """Where the cards combine in too many ways to be said at once (issue 24 §1: Screw Your
    Neighbour's dealer who cuts from the stock, four dealt cards unknown), the cases said on each
    side of the card that decides the play (S4: the dealer keeps his card where the card cut is a
    king, else takes it; F4: the talon's king): its highest cards, and the rest, each side a
    space of its own, where the other cards read plainly (the card the dealer was dealt does not
    matter where he takes the stack's).  Each way opens with the side it is said on ('the top card
    of the stack is king and ...'), but where a fact of the way says it already.  A case is not
    sought on a side where the sides sought before (the smaller first) left it without words, or
    said it in no fewer letters than its chain (``chains``): the ways of a side only add to them,
    and the chain is then kept (:func:`shortest`; issue 24 §5)."""
    width = len(words.labels)
    best: Optional[tuple[int, int, list[frozenset[Card]], list[list[list[Row]]], list[int]]] = None
    for d in (d for d in range(width) if noun(words.labels[d]).startswith("the ")):
        cards = frozenset().union(*(row[d] for case in rows for row in case))
        top = max(c.value for c in cards)
        sides = [frozenset(c for c in cards if c.value != top), frozenset(c for c in cards if c.value == top)]
        if not sides[0]:
            continue
        parts = [[[row[:d] + (row[d] & side,) + row[d + 1:] for row in case if row[d] & side] for case in rows]
                 for side in sides]
        sizes = [_size([case for case in part if case], width, False) for part in parts]
        if max(sizes) <= MAX_POINTS and (best is None or sum(sizes) < best[0]):
            best = (sum(sizes), d, sides, parts, sizes)
    if best is None:
        return {}
    _, d, sides, parts, sizes = best
    left = list(todo)  # (the cases each side so far said in fewer letters than their chains)
    said: list[dict[int, list[list[Fact]]]] = [{} for _ in sides]  # each side's ways of each case
    for s in sorted(range(len(sides)), key=sizes.__getitem__):
        side, other, part = sides[s], sides[1 - s], parts[s]
        keep = [k for k in range(len(rows)) if part[k]]
        at = {k: i for i, k in enumerate(keep)}
        # (every case of the side tried, whatever its chain: the side's chain is never said)
        found = _found([part[k] for k in keep], [at[k] for k in left if k in at], [_UNSAID] * len(keep), words)
        opening = Fact(words.say(d, sorted(side, key=lambda c: -c.value)), _one_of(d, side), 0, 0, card=(d, side))
        for k in [k for k in left if k in at]:
            if at[k] not in found:
                left.remove(k)  # (no wording on this side: the case keeps its chain)
                continue
            said[s][k] = [way if any(f.card is not None and f.card[0] == d and not f.card[1] & other for f in way)
                          else [opening] + way for way in found[at[k]]]
            if len(_said([way for ways in said for way in ways.get(k, ())])) >= len(chains[k]):
                left.remove(k)
    # (each case's ways in the order of the sides: the card's highest cards last)
    return {k: [way for ways in said for way in ways.get(k, ())] for k in left}


# a chain never said (tried whatever its length)
_UNSAID = "; or " * 10_000


def _shortened(space: _Space, todo: Sequence[int], words: _Words) -> dict[int, list[list[Fact]]]:
    """The cases ``todo`` said by facts chosen on ``space`` (those it finds an exact wording for)."""
    labels, universes, say, name_set, fools, tied, memo_key = words
    keys = range(len(labels))
    nouns = [noun(label) for label in labels]
    people = [label[: -len(_DEALT)] if label.endswith(_DEALT) else None for label in labels]
    say, name_set = _kept(say), _kept(name_set)  # (the same sets of cards are named case after case)
    fool = next((c for u in universes for c in u if c.is_fool), None)
    out: dict[int, list[list[Fact]]] = {}
    # (each card's and each group's facts by the cards they are in a case, and the facts that do not
    # depend on the case: kept on the space from one call to the next where the words are the same,
    # ``memo_key``)
    memo: dict[Any, Any] = {} if memo_key is None else space.kept.setdefault(("memo", memo_key), {})
    def case_free(space: _Space) -> list[Fact]:
        return _compared(keys, nouns, space) + _lone_fool(keys, space, fool, fools) + \
            _below_the_rest(keys, nouns, space, fool, tied, people) + _all_alike(keys, nouns, space, people)

    compared = memo.get(("compared", fools, tied))
    if compared is None:
        compared = memo[("compared", fools, tied)] = _Sieve(case_free(space), space.points)
    # (the cuts _by_cuts seeks a way within: each card's thresholds, two cards compared, and where
    # the comparisons of several cards hold: 'Carla's dealt card is higher than at least one of ...')
    cuts = memo.get(("cuts", fools, tied))
    if cuts is None:
        cuts = memo[("cuts", fools, tied)] = _distinct(space, lambda s: _each_cut(s) + [f.mask for f in case_free(s)],
                                                       _each_cut(space) + [f.mask for f in compared.facts])

    def facts_of(part: int, shared: bool = True) -> list[Fact]:
        # (kept: the same part comes back, in a case's splits and from one case to the next)
        key = ("facts", fools, tied, part, shared)
        found = memo.get(key)
        if found is None:
            found = memo[key] = _facts(part, space, keys, nouns, universes, say, name_set, compared, people, memo,
                                       shared)
        return found

    for k in todo:
        bits = space.cases[k]
        ways = _ways(bits, space, facts_of, [d for d in keys if nouns[d].startswith("the ")], cuts)
        # (each fact's own test at every point as well, where they are few enough to be cheap)
        if ways and (space.size > MAX_CHECKED or exact(ways, bits, space)):
            out[k] = ways
    return out


def _kept(name: Callable[[Any, Sequence[Card]], str]) -> Callable[[Any, Sequence[Card]], str]:
    """``name`` (a pure function of its arguments: a card's index or universe, and a set of cards)
    with each answer kept."""
    answers: dict[tuple[Any, tuple[Card, ...]], str] = {}

    def kept(first: Any, cards: Sequence[Card]) -> str:
        key = (tuple(first) if isinstance(first, (list, tuple)) else first, tuple(cards))
        if key not in answers:
            answers[key] = name(first, cards)
        return answers[key]

    return kept


# --------------------------------------------------------------------------- in the ruling's language

# A condition is chosen in English (its length and its 'or's decide which wording is plainest, the
# same choice in every language) and then said in the ruling's language (issue 30), phrase by
# phrase: the labels of unknown cards, the sets of cards, the facts, then the words that join
# them.  (English pattern, message), in the order they apply; a name or a card is one word.
_W = r"[^\s,;()]+"
# the card a comparison says of the others: one noun, never a fact before it ('Dora was dealt VII or
# higher; or Dora's dealt card is not lower than ...', 'Bruno was dealt VI and Bruno's dealt card ...'),
# which a translation may put after them ('... non è più alta di {a}')
_A = r"(?P<a>\b(?!(?:and|or)\b)\w(?:(?!\b(?:and|or)\b)[^,;])*?)"
_SPOKEN: tuple[tuple[str, str], ...] = (
    (rf"the highest of the three cards (?P<player>{_W}) takes \(F2\)",
     N_("the highest of the three cards {player} takes (F2)")),
    (rf"(?P<player>{_W})'s higher discard under the talon \(F2\)",
     N_("{player}'s higher discard under the talon (F2)")),
    (rf"(?P<player>{_W})'s lower discard under the talon \(F2\)",
     N_("{player}'s lower discard under the talon (F2)")),
    (rf"(?P<player>{_W})'s dealt card", N_("{player}'s dealt card")),
    (rf"(?P<player>{_W})'s card", N_("{player}'s card")),
    (r"the bottom card of the stack above the dealer's discards", N_("the bottom card of the stack above the dealer's "
                                                                     "discards")),
    # a place that depends on play (L10, F4, Q7; layout._play_dependent): its ordinal in the language
    (r"the (?P<ordinal>\d+(?:st|nd|rd|th)) card from the top of the stack as shuffled",
     N_("the {ordinal} card from the top of the stack as shuffled")),
    (r"the (?P<ordinal>\d+(?:st|nd|rd|th)) card from the bottom of the stack as shuffled",
     N_("the {ordinal} card from the bottom of the stack as shuffled")),
    (r"the top card of the stack", N_("the top card of the stack")),
    (r"the card on the talon", N_("the card on the talon")),
    (r"the bottom card of the stack", N_("the bottom card of the stack")),
    (rf"a card from (?P<low>{_W}) to (?P<high>{_W})", N_("a card from {low} to {high}")),
    (rf"(?P<card>{_W}) or lower", N_("{card} or lower")),
    (rf"(?P<card>{_W}) or higher", N_("{card} or higher")),
    (r"anything but the other fool", N_("anything but the other fool")),
    (rf"anything but the other (?P<card>{_W})", N_("anything but the other {card}")),
    (rf"anything but (?P<card>{_W})", N_("anything but {card}")),
    (r"any card", N_("any card")),
    (rf"neither (?P<a>{_W}) nor (?P<b>{_W}) was dealt ", N_("neither {a} nor {b} was dealt ")),
    # (the players' names only: no ' is ' of another fact of cards between, 'none of ... is X and Bruno was dealt')
    (r"none of (?P<players>(?:(?! is )[^;])+?) was dealt ", N_("none of {players} was dealt ")),
    (r"exactly one of (?P<players>(?:(?! is )[^;])+?) was dealt ", N_("exactly one of {players} was dealt ")),
    (r"at least one of (?P<players>(?:(?! is )[^;])+?) was dealt ", N_("at least one of {players} was dealt ")),
    (r" were both dealt ", N_(" were both dealt ")),
    (r" were all dealt ", N_(" were all dealt ")),
    (rf"(?P<player>{_W}) was dealt ", N_("{player} was dealt ")),
    (rf"(?P<player>{_W}) kept (?P<cards>.+?) \(F2\)", N_("{player} kept {cards} (F2)")),
    (_A + r" is lower than each of (?P<cards>[^;]+?) that is not a fool",
     N_("{a} is lower than each of {cards} that is not a fool")),
    (_A + r" is not higher than any of (?P<cards>[^;]+?) that is not a fool",
     N_("{a} is not higher than any of {cards} that is not a fool")),
    (_A + rf" is lower than the cards dealt to (?P<players>{_W}(?:, {_W})* and {_W})",
     N_("{a} is lower than the cards dealt to {players}")),
    (_A + rf" is not higher than the cards dealt to (?P<players>{_W}(?:, {_W})* and {_W})",
     N_("{a} is not higher than the cards dealt to {players}")),
    (_A + r" is higher than at least one of (?P<cards>[^;]+?) that is not a fool",
     N_("{a} is higher than at least one of {cards} that is not a fool")),
    (_A + rf" is higher than at least one of the cards dealt to (?P<players>{_W}(?:, {_W})* and {_W})",
     N_("{a} is higher than at least one of the cards dealt to {players}")),
    (_A + r" is not lower than at least one of (?P<cards>[^;]+?) that is not a fool",
     N_("{a} is not lower than at least one of {cards} that is not a fool")),
    (_A + rf" is not lower than at least one of the cards dealt to (?P<players>{_W}(?:, {_W})* and {_W})",
     N_("{a} is not lower than at least one of the cards dealt to {players}")),
    (r" is not lower than at least one of ", N_(" is not lower than at least one of ")),
    (r" is lower than each of ", N_(" is lower than each of ")),
    (r" is not higher than any of ", N_(" is not higher than any of ")),
    (r" is higher than at least one of ", N_(" is higher than at least one of ")),
    (r" is lower than ", N_(" is lower than ")),
    (r" is higher than ", N_(" is higher than ")),
    (r" ranks the same as at least one of ", N_(" ranks the same as at least one of ")),
    (r" ranks the same as ", N_(" ranks the same as ")),
    (r" were dealt cards of the same rank", N_(" were dealt cards of the same rank")),
    (r" all rank the same", N_(" all rank the same")),
    (r" is not higher than ", N_(" is not higher than ")),
    (r" is not lower than ", N_(" is not lower than ")),
    (r" does not rank the same as ", N_(" does not rank the same as ")),
    # the negations said by _as_said, after the comparisons that end 'that is not a fool', before ' is '
    (rf"(?P<player>{_W}) was not dealt the other fool", N_("{player} was not dealt the other fool")),
    (rf"(?P<player>{_W}) was not dealt the other (?P<card>{_W})", N_("{player} was not dealt the other {card}")),
    (rf"(?P<player>{_W}) was not dealt an? (?P<card>{_W})", N_("{player} was not dealt a {card}")),
    (rf"(?P<player>{_W}) did not keep the other (?P<card>{_W}) \(F2\)",
     N_("{player} did not keep the other {card} (F2)")),
    (rf"(?P<player>{_W}) did not keep an? (?P<card>{_W}) \(F2\)", N_("{player} did not keep a {card} (F2)")),
    (r" is not the other fool", N_(" is not the other fool")),
    (rf" is not the other (?P<card>{_W})", N_(" is not the other {card}")),
    (rf" is not an? (?P<card>{_W})", N_(" is not a {card}")),
    # one card, positive: 'is a roi' (issue 24 §2); the languages say a card's name without an article
    (rf" is an? (?P<card>{_W})(?=$|[;:,)]| and | or )", N_(" is a {card}")),
    (r"there is no lone fool", N_("there is no lone fool")),
    (r"there is a lone fool", N_("there is a lone fool")),
    (r"neither (?P<a>.+?) nor (?P<b>.+?) is ", N_("neither {a} nor {b} is ")),
    (r"none of (?P<cards>.+?) is ", N_("none of {cards} is ")),
    (r"exactly one of (?P<cards>.+?) is ", N_("exactly one of {cards} is ")),
    (r"at least one of (?P<cards>.+?) is ", N_("at least one of {cards} is ")),
    (r" are both ", N_(" are both ")),
    (r" are all ", N_(" are all ")),
    (r" is ", N_(" is ")),
    (r"; or ", N_("; or ")),
    (r" or ", N_(" or ")),
    (r" and ", N_(" and ")),
)


@cache
def _spoken_patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    """``_SPOKEN`` compiled, at the first text said in another language than English (cold start)."""
    return tuple((re.compile(pattern), message) for pattern, message in _SPOKEN)


def has_talon(rules: Any) -> bool:
    """Whether the game's stack is the talon: the French games of seed 003 ('die Karte auf dem
    Talon', F4; Méry's dealer 'kann diese Karte nur mit dem Talon tauschen', A4)."""
    return rules is not None and (rules.last_request_to == "talon" or rules.dealer_exchange.startswith("talon"))


_STACK_TOP = "the top card of the stack"
_TALON_TOP = "the card on the talon"


def spoken(text: str, rules: Any = None) -> str:
    """A condition or an unknown card's label, chosen in English, in the ruling's language; the
    top card of the stack as the game calls it (the talon's card, :func:`has_talon`), and in the
    words a table says (:func:`_as_said`)."""
    if text and has_talon(rules):
        text = text.replace(_STACK_TOP, _TALON_TOP)
    if not text:
        return text
    text = _as_said(text)
    if language() == "en":
        return text
    out = text
    for pattern, message in _spoken_patterns():
        said = _(message)
        out = pattern.sub(lambda m: said.format(**_said_values(m)), out)  # noqa: B023 (used at once)
    return out


# Coucou's dealer keeps the highest of the three cards he takes (F2, seed 003: 'behält der Geber
# die höchste'): the label (a JSON value, kept) said as a table says it, without the pronoun
_F2_LABEL = re.compile(rf"(?P<player>{_W})'s card \(the highest of the three he takes, F2\)")
# one card left out of what an unknown card may be ('anything but king', outcomes.card_range) said
# as its negation ('is not a king'), where the clause's subject is one card or one player (not
# 'none of ...', 'neither ...', 'at least one of ...': a double negation or a shifted 'not')
_BUT = re.compile(rf"(?P<verb> is| was dealt| kept) anything but (?P<card>the other {_W}|{_W})(?P<f2> \(F2\))?")
_NOT_VERB = {" is": " is not", " was dealt": " was not dealt", " kept": " did not keep"}
_ROMAN = {"I": 1, "V": 5, "X": 10}


# one card that a clause's subject is ('the top card of the stack is king'), said with its article
# as its negation is ('is a king', 'is not a king'); said once the wording is chosen (its length
# chooses it, the same without the article)
_ONE = re.compile(rf" is (?P<card>{_W})(?=$|; or | and )")
_NO_CARD = frozenset({"a", "an", "the", "no", "not", "any", "lower", "higher"})


def _as_said(text: str) -> str:
    """The English a table says (issue 24 §2): the F2 label without 'he', one card with its
    article ('is a roi'), and a card left out said as 'is not a king' ('was not dealt an ace',
    'did not keep an as'), not 'anything but king'."""
    text = _F2_LABEL.sub(lambda m: f"the highest of the three cards {m['player']} takes (F2)", text)
    if " is " in text:
        text = _ONE.sub(lambda m: m[0] if m["card"] in _NO_CARD else f" is {_a(m['card'])} {m['card']}", text)
    if " anything but " not in text:
        return text

    def said(m: re.Match[str]) -> str:
        clause = text[: m.start()].rsplit("; or ", 1)[-1]
        if any(w in clause for w in ("none of ", "neither ", " one of ")):
            return m[0]
        card = m["card"] if m["card"].startswith("the other ") else f"{_a(m['card'])} {m['card']}"
        return f"{_NOT_VERB[m['verb']]} {card}{m['f2'] or ''}"

    return _BUT.sub(said, text)


def _a(card: str) -> str:
    """English's article before a card's name as it is read: 'an' before a vowel ('an as', 'an
    ace'), a numeral by the number said ('an VIII', 'an XI', 'a XV', 'a II')."""
    if card.isdigit() or set(card) <= set(_ROMAN):
        value = int(card) if card.isdigit() else _roman(card)
        return "an" if value in (8, 11, 18) or str(value).startswith("8") else "a"
    return "an" if card[:1].lower() in "aeiou" else "a"


def _roman(numeral: str) -> int:
    values = [_ROMAN[c] for c in numeral]
    return sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values))


def _said_values(found: re.Match[str]) -> dict[str, str]:
    """A pattern's values as the language says them: an English ordinal ('3rd') in its form."""
    values = found.groupdict()
    if "ordinal" in values:
        values["ordinal"] = ordinal(int(values["ordinal"].rstrip("stndrh")))
    return values
