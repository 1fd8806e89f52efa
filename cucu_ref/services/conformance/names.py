"""Card-name maps: how the runner speaks to a program that names cards its own way.

A map sends cucu-ref's canonical tokens (``cucu_ref.game.cards.format``: ``XV`` … ``matto``,
``K`` … ``A``) to the program's names, per pack family (``cuccu``, ``french``).  The runner
writes the program's names into every vector it sends and reads the program's answers back
through the inverse map (and, failing that, through ``cucu_ref.game.cards.parse``, which knows
the usual aliases).  A map is one of ``BUILTIN`` by name, or a JSON file: either
``{"cuccu": {...}, "french": {...}}`` or one flat object applied to both families.

The names below are the seeds' own: seed 000 (Farina 2010; Italian and German), seed 004
(Danish), and the ordinary pack's English, French and German names.  ``--suits`` gives each
card of the ordinary pack a suit (♠ ♥ ♦ ♣, in turn per rank), for programs that need four
distinct kings; the rules ignore suits (F1) and so does the answer's reading.
"""

from __future__ import annotations

import json
import os
import re
from typing import Any, Mapping, Optional

from ...game.cards import CardNameError, Card, parse
from ...game.cards import format as card_name

__all__ = ["BUILTIN", "NameMap", "load_map"]

_ROMAN = {"X": "10", "VIIII": "9", "VIII": "8", "VII": "7", "VI": "6", "V": "5", "IIII": "4", "III": "3", "II": "2",
          "I": "1"}

BUILTIN: dict[str, dict[str, dict[str, str]]] = {
    # seed 000, §Die Karten: 'XV Cucù', 'XIIII Bragon', 'XIII Salta', 'XII Gnaf', 'XI Taverna',
    # '0 (Nulla), dann der Eimer (Secchia) ... Maske (Mascherone) ... Löwe (Leone) ... Narr (Matto)'
    "italian": {"cuccu": {"XV": "Cucù", "XIIII": "Bragon", "XIII": "Salta", "XII": "Gnaf", "XI": "Taverna",
                          "0": "Nulla", "secchia": "Secchia", "mascherone": "Mascherone", "leone": "Leone",
                          "matto": "Matto"},
                "french": {"K": "Re", "Q": "Donna", "J": "Fante", "A": "Asso"}},
    "german": {"cuccu": {"XV": "Kuckuck", "XIIII": "Jäger", "XIII": "Pferd", "XII": "Katze", "XI": "Wirtshaus",
                         "0": "Null", "secchia": "Eimer", "mascherone": "Maske", "leone": "Löwe", "matto": "Narr"},
               "french": {"K": "König", "Q": "Dame", "J": "Bube", "A": "Ass"}},
    # seed 004: 'løve −3, maske −2, spand −1, nul 0, I–X, kro XI, kat XII, hest XIII, jæger XIIII og kukku XV'
    "danish": {"cuccu": {"XV": "kukku", "XIIII": "jæger", "XIII": "hest", "XII": "kat", "XI": "kro", "0": "nul",
                         "secchia": "spand", "mascherone": "maske", "leone": "løve", "matto": "fjols"},
               "french": {"K": "konge", "Q": "dronning", "J": "knægt", "A": "es"}},
    "english": {"cuccu": {"XV": "cuckoo", "XIIII": "hunter", "XIII": "horse", "XII": "cat", "XI": "inn", **_ROMAN,
                          "0": "zero", "secchia": "bucket", "mascherone": "mask", "leone": "lion", "matto": "fool"},
                "french": {"K": "King", "Q": "Queen", "J": "Jack", "A": "Ace"}},
    "french": {"cuccu": {"XV": "coucou", "matto": "fou"},
               "french": {"K": "Roi", "Q": "Dame", "J": "Valet", "A": "As"}},
    # the digital game's values (seed 004), and the ordinary pack's ranks as numbers
    "numeric": {"cuccu": {"XV": "15", "XIIII": "14", "XIII": "13", "XII": "12", "XI": "11", **_ROMAN,
                          "secchia": "-1", "mascherone": "-2", "leone": "-3", "matto": "fool"},
                "french": {"K": "13", "Q": "12", "J": "11", "A": "1"}},
}

_SUITS = "♠♥♦♣"
_SUIT_TAIL = re.compile(r"\s*(?:[♠♥♦♣♤♡♢♧]|of \w+|[shdcSHDC])$")


class NameMap:
    """Canonical tokens <-> a program's card names, per pack family."""

    def __init__(self, forward: Optional[Mapping[str, Mapping[str, str]]] = None, suits: bool = False):
        self.forward = {family: dict(names) for family, names in (forward or {}).items()}
        self.inverse = {family: {v.casefold(): k for k, v in names.items()} for family, names in self.forward.items()}
        self.suits = suits

    def out(self, token: Optional[str], family: str, copy: int = 0) -> Optional[str]:
        """The program's name for a canonical token (``copy``: which copy of the rank, for suits)."""
        if token is None:
            return None
        name = self.forward.get(family, {}).get(token, token)
        if self.suits and family == "french":
            name += _SUITS[copy % 4]
        return name

    def card(self, name: Any, family: str) -> Card:
        """A card from a program's answer: its own name, a name with a suit, or any alias."""
        if not isinstance(name, str):
            raise CardNameError(repr(name), family, ())
        inverse = self.inverse.get(family, {})
        for candidate in (name, _SUIT_TAIL.sub("", name)):
            token = inverse.get(candidate.strip().casefold())
            if token is not None:
                return parse(token, family)
        return parse(name, family)

    def token(self, name: Any, family: str) -> Optional[str]:
        """The canonical token of a program's card name (None stays None)."""
        return None if name is None else card_name(self.card(name, family))


def load_map(spec: Optional[str], suits: bool = False) -> NameMap:
    """A map by builtin name, or from a JSON file; None: the canonical names."""
    if spec is None:
        return NameMap(None, suits)
    if spec in BUILTIN:
        return NameMap(BUILTIN[spec], suits)
    if not os.path.exists(spec):
        raise ValueError(f"no card-name map {spec!r}: give one of {', '.join(BUILTIN)} or a JSON file")
    with open(spec, encoding="utf-8") as f:
        data = json.load(f)
    if not isinstance(data, dict) or not all(isinstance(v, (str, dict)) for v in data.values()):
        raise ValueError(f"{spec}: a card-name map is an object of names, or of 'cuccu' and 'french' objects")
    if all(isinstance(v, dict) for v in data.values()):
        return NameMap(data, suits)
    return NameMap({"cuccu": data, "french": data}, suits)
