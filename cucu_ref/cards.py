"""Cards and packs: values with a parse/format pair.

Two families of pack are used by the Cucù games:

* the Cuccù pack (C1): 20 ranks, two copies each, from ``XV`` (cuckoo) down to
  ``matto`` (fool); Zeh 1769 plays it without the two lions (C4, Z1);
* the ordinary French pack (F1): ``K`` high down to ``A`` low, suits ignored,
  52 cards, or 32 (the piquet pack without 2-6).

A :class:`Card` is only its pack and rank value: two copies of a rank are the
same card for every rule, so a hand or a stack is a multiset of cards.  Canonical
tokens are what :func:`format` gives and what every output uses; :func:`parse`
accepts the canonical token and the usual aliases (Italian, German, Danish and
English names, modern Roman and Arabic numerals).
"""

from __future__ import annotations

import difflib
import functools
import operator
import unicodedata
from collections import Counter
from typing import Iterable, NamedTuple, Sequence

__all__ = [
    "CUCCU",
    "FRENCH",
    "Card",
    "CardNameError",
    "Pack",
    "PACKS",
    "parse",
    "format",
]

CUCCU = "cuccu"
FRENCH = "french"


class CardNameError(ValueError):
    """A card name that no pack knows; carries the nearest known names."""

    def __init__(self, text: str, pack: str, suggestions: tuple[str, ...]):
        self.text = text
        self.pack = pack
        self.suggestions = suggestions
        hint = f"; did you mean {' or '.join(repr(s) for s in suggestions)}?" if suggestions else ""
        super().__init__(f"unknown {pack} card name {text!r}{hint}")


class Card(NamedTuple):
    """One card: the pack family and the rank's natural value.

    Cuccù values follow the digital game's table (C1): ``XV`` = 15 … ``I`` = 1,
    ``0`` = 0, secchia −1, mascherone −2, leone −3; the fool, whose rank depends
    on how many fools are in play (C3), is stored as −4, below everything, and the
    scoring module gives it its real rank.  French values: ``K`` = 13 … ``A`` = 1.
    """

    pack: str
    value: int

    def __str__(self) -> str:
        return format(self)

    def __repr__(self) -> str:
        if self.pack == CUCCU:
            return f"Card.parse({format(self)!r})"
        return f"Card.parse({format(self)!r}, {self.pack!r})"

    @staticmethod
    def parse(text: str, pack: str = CUCCU) -> "Card":
        return parse(text, pack)

    @property
    def is_fool(self) -> bool:
        return self.pack == CUCCU and self.value == FOOL_VALUE


FOOL_VALUE = -4

# Canonical tokens, high to low (C1).  Additive numerals as printed on the cards.
_CUCCU_TOKENS: dict[int, str] = {
    15: "XV", 14: "XIIII", 13: "XIII", 12: "XII", 11: "XI", 10: "X", 9: "VIIII",
    8: "VIII", 7: "VII", 6: "VI", 5: "V", 4: "IIII", 3: "III", 2: "II", 1: "I",
    0: "0", -1: "secchia", -2: "mascherone", -3: "leone", FOOL_VALUE: "matto",
}

_CUCCU_ALIASES: dict[str, int] = {
    # XV: Italian, German (seed 000), Danish (seed 004), English
    "cucu": 15, "cuccu": 15, "cucco": 15, "cuckoo": 15, "kuckuck": 15, "gog": 15, "kukku": 15,
    "xv": 15,
    # XIIII
    "bragon": 14, "bum": 14, "tuff": 14, "hunter": 14, "jager": 14, "jaeger": 14, "xiv": 14,
    # XIII
    "salta": 13, "cavallo": 13, "zumb": 13, "horse": 13, "pferd": 13, "hest": 13,
    # XII
    "gnaf": 12, "gnau": 12, "gatto": 12, "cat": 12, "katze": 12, "kat": 12,
    # XI
    "taverna": 11, "osteria": 11, "inn": 11, "wirtshaus": 11, "kro": 11,
    "ix": 9, "iv": 4,
    # 0 and below
    "nulla": 0, "null": 0, "zero": 0, "nothing": 0, "nul": 0,
    "eimer": -1, "eymer": -1, "bucket": -1, "spand": -1, "secchio": -1,
    "maske": -2, "mask": -2, "maschera": -2, "larvengesicht": -2,
    "lion": -3, "lowe": -3, "love": -3, "leone": -3,
    "fool": FOOL_VALUE, "narr": FOOL_VALUE, "fjols": FOOL_VALUE, "tabe": FOOL_VALUE, "matto": FOOL_VALUE,
}

_FRENCH_TOKENS: dict[int, str] = {
    13: "K", 12: "Q", 11: "J", 10: "10", 9: "9", 8: "8", 7: "7", 6: "6", 5: "5",
    4: "4", 3: "3", 2: "2", 1: "A",
}

_FRENCH_ALIASES: dict[str, int] = {
    "king": 13, "roi": 13, "konig": 13, "r": 13,
    "queen": 12, "dame": 12, "d": 12,
    "jack": 11, "knave": 11, "valet": 11, "bube": 11, "v": 11,
    "ace": 1, "as": 1, "ass": 1, "1": 1,
}

# Suit words and symbols a French card may carry; they are accepted and ignored (F1).
_SUIT_WORDS = (
    "of spades", "of hearts", "of diamonds", "of clubs", "de pique", "de coeur", "de carreau",
    "de trefle", "spades", "hearts", "diamonds", "clubs", "pique", "coeur", "carreau", "trefle",
)
_SUIT_SYMBOLS = "♠♥♦♣♤♡♢♧"


def _fold(text: str) -> str:
    """Lower-case, strip accents and surrounding space: 'Cucù' and 'cucu' are one name."""
    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    folded = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return folded.replace("ø", "o").replace("æ", "ae").replace("å", "a")


def _build_cuccu_index() -> dict[str, int]:
    index = {_fold(token): value for value, token in _CUCCU_TOKENS.items()}
    index.update({str(value): value for value in _CUCCU_TOKENS if value != FOOL_VALUE})
    index.update(_CUCCU_ALIASES)
    return index


def _build_french_index() -> dict[str, int]:
    index = {_fold(token): value for value, token in _FRENCH_TOKENS.items()}
    index.update(_FRENCH_ALIASES)
    return index


_INDEX = {CUCCU: _build_cuccu_index(), FRENCH: _build_french_index()}
_TOKENS = {CUCCU: _CUCCU_TOKENS, FRENCH: _FRENCH_TOKENS}


def _strip_suit(folded: str) -> str:
    for word in _SUIT_WORDS:
        if folded.endswith(" " + word):
            return folded[: -len(word) - 1].strip()
    if folded and folded[-1] in _SUIT_SYMBOLS:
        return folded[:-1].strip()
    if folded and folded[0] in _SUIT_SYMBOLS:
        return folded[1:].strip()
    # 'Kh', '10s', 'Qd', 'Ac': a rank followed by a one-letter suit
    if len(folded) >= 2 and folded[-1] in "shdc" and folded[:-1] in _INDEX[FRENCH]:
        return folded[:-1]
    return folded


def parse(text: str, pack: str = CUCCU) -> Card:
    """Parse a card name of ``pack``; raise :class:`CardNameError` with suggestions.

    >>> parse("XIV"), parse("Cucù"), parse("fool"), parse("Kh", "french")
    (Card.parse('XIIII'), Card.parse('XV'), Card.parse('matto'), Card.parse('K', 'french'))
    """
    if pack not in _INDEX:
        raise ValueError(f"unknown pack {pack!r}; known: {', '.join(_INDEX)}")
    if not isinstance(text, str):
        raise CardNameError(repr(text), pack, ())
    folded = _fold(text)
    if pack == FRENCH:
        folded = _strip_suit(folded)
    value = _INDEX[pack].get(folded)
    if value is None:
        suggestions = tuple(
            _TOKENS[pack].get(_INDEX[pack][name], name)
            for name in difflib.get_close_matches(folded, list(_INDEX[pack]), n=3, cutoff=0.5)
        )
        raise CardNameError(text, pack, tuple(dict.fromkeys(suggestions)))
    return Card(pack, value)


def format(card: Card) -> str:
    """The canonical token of ``card``: ``'XV'``, ``'matto'``, ``'K'`` …"""
    return _TOKENS[card.pack][card.value]


class Pack(NamedTuple):
    """A pack's composition: which ranks, how many copies of each."""

    name: str
    family: str
    values: tuple[int, ...]  # high to low
    copies: int

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the pack, high to low, copies adjacent."""
        return _pack_cards(self)

    @property
    def sorted_cards(self) -> tuple[Card, ...]:
        """Every card of the pack in ascending order: compare ``tuple(sorted(x))`` with it."""
        return _pack_sorted(self)

    @property
    def size(self) -> int:
        return len(self.values) * self.copies

    def is_permutation(self, stack: Sequence[Card]) -> bool:
        """True when ``stack`` holds exactly the cards of this pack, in any order (False, not
        an error, for something that is not a sequence of cards)."""
        try:
            return (len(stack) == self.size
                    and sorted(map(_VALUE, stack)) == _pack_values(self)
                    and set(map(_FAMILY, stack)) == {self.family})
        except (TypeError, IndexError):
            return False

    def parse(self, text: str) -> Card:
        card = parse(text, self.family)
        if card.value not in self.values:
            raise CardNameError(text, self.name, ())
        return card

    def surplus(self, cards: Iterable[Card]) -> dict[Card, int]:
        """Cards seen more often than the pack holds them (a third XV, a lion in Zeh's pack)."""
        seen = Counter(cards)
        allowed = Counter(self.cards)
        return {card: n - allowed[card] for card, n in seen.items() if n > allowed[card]}


@functools.lru_cache(maxsize=None)
def _pack_cards(pack: Pack) -> tuple[Card, ...]:
    # cached: the engine checks every shuffle against the pack
    return tuple(Card(pack.family, v) for v in pack.values for _ in range(pack.copies))


@functools.lru_cache(maxsize=None)
def _pack_sorted(pack: Pack) -> tuple[Card, ...]:
    return tuple(sorted(_pack_cards(pack)))


@functools.lru_cache(maxsize=None)
def _pack_values(pack: Pack) -> list[int]:
    return sorted(c.value for c in _pack_cards(pack))


_FAMILY, _VALUE = operator.itemgetter(0), operator.itemgetter(1)


PACKS: dict[str, Pack] = {
    "cuccu-40": Pack("cuccu-40", CUCCU, tuple(_CUCCU_TOKENS), 2),
    "cuccu-38": Pack("cuccu-38", CUCCU, tuple(v for v in _CUCCU_TOKENS if v != -3), 2),
    "french-52": Pack("french-52", FRENCH, tuple(_FRENCH_TOKENS), 4),
    "french-32": Pack("french-32", FRENCH, (13, 12, 11, 10, 9, 8, 7, 1), 4),
}
