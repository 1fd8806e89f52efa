"""Players' names as a table tells them apart, for both ways in: the JSON path
(:mod:`cucu_ref.formats.position`) and the notation (:mod:`cucu_ref.formats.notation`).

* :func:`table_name`: a name as the table means it: without surrounding space, in Unicode
  normal form C ('Chloé' typed with a combining accent, as some keyboards write it, is 'Chloé');
* :func:`name_key`: what a table cannot tell apart by ear or eye: case, and invisible formatting
  characters (zero-width spaces and joiners, soft hyphens);
* :func:`lookalike_key`: letters of different scripts that print alike (Latin 'A' and Cyrillic
  'А'), after Unicode's confusables (UTS #39) as the ``confusable-homoglyphs`` package ships
  them (its data file is part of the package: nothing is downloaded at run time).

Only letters outside ASCII are mapped to their look-alikes: 'Al' and 'AI' are two names a
table writes apart, 'Anna' and 'Аnna' (Cyrillic А) are not.
"""

from __future__ import annotations

import difflib
import unicodedata
from functools import lru_cache
from typing import Optional

__all__ = ["table_name", "name_key", "lookalike_key", "lookalike_letters", "seat_hint"]


def table_name(text: str) -> str:
    """``text`` stripped, in Unicode normal form C."""
    text = text.strip()
    return text if text.isascii() or unicodedata.is_normalized("NFC", text) else unicodedata.normalize("NFC", text)


def name_key(name: str) -> str:
    """The name without case and invisible formatting characters (category Cf)."""
    if name.isascii():
        return name.casefold()
    return "".join(ch for ch in name if unicodedata.category(ch) != "Cf").casefold()


def lookalike_key(name: str) -> str:
    """:func:`name_key` with every letter outside ASCII replaced by the one of its look-alikes
    that sorts first (Cyrillic 'а' by Latin 'a'), after decomposing accents (NFD), so that two
    names with the same key print alike."""
    key = name_key(name)
    if key.isascii():
        return key
    return "".join(_lookalike(ch) for ch in unicodedata.normalize("NFD", key))


def lookalike_letters(name: str, other: str) -> str:
    """The letters that tell ``name`` from ``other`` (of equal :func:`lookalike_key`), each with
    its Unicode name: "'А' (CYRILLIC CAPITAL LETTER A) for 'A'"; '' if none is found letter
    by letter."""
    if len(name) != len(other):
        return ""
    found = [f"{a!r} ({unicodedata.name(a, 'U+%04X' % ord(a))}) for {b!r}"
             for a, b in zip(name, other) if a != b and a.casefold() != b.casefold()]
    return ", ".join(found[:3])


def seat_hint(name: str, players: list[str]) -> str:
    """What to say of a name that is not seated: the player it looks like, with the letters
    that differ ("; 'Anna' looks the same but is written with other letters (...)"), else the
    nearest name ("; did you mean 'Bruno'?"), else ''.  A name longer than the schema's 40
    characters gets no hint: difflib compares two long strings in quadratic time."""
    if len(name) > 40:
        return ""
    look = lookalike_key(name)
    alike = next((p for p in players if lookalike_key(p) == look), None)
    if alike is not None:
        letters = lookalike_letters(name, alike)
        return f"; {alike!r} looks the same but is written with other letters" + (f" ({letters})" if letters else "")
    near = difflib.get_close_matches(name, players, n=1)
    return f"; did you mean {near[0]!r}?" if near else ""


@lru_cache(maxsize=4096)
def _lookalike(ch: str) -> str:
    if ch.isascii():
        return ch
    glyphs = _confusables().get(ch)
    if not glyphs:
        return ch
    return min([ch] + [g["c"] for g in glyphs if len(g["c"]) == 1])


_DATA: Optional[dict[str, list[dict[str, str]]]] = None


def _confusables() -> dict[str, list[dict[str, str]]]:
    global _DATA
    if _DATA is None:
        # cold start: confusable_homoglyphs costs 75 ms (it loads its 9,600-entry table), used
        # only by names with letters outside ASCII
        from confusable_homoglyphs import confusables

        _DATA = confusables.confusables_data
    return _DATA
