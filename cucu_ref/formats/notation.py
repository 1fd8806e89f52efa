"""The deal notation: a deal written down as a table tells it, as PGN is for chess.

A few header lines (the ruleset, the players in seat order with their marks, the dealer), then
one line per thing said or done, in the words the table used, then what was shown and an
optional claim::

    # Carla's cat undoes the exchange (K13)
    Ruleset: campli
    Players: Anna, Bruno, Carla, Dora
    Dealer: Dora

    Anna: V, passo
    Bruno: II, passo
    Carla: gnaf!
    Bruno: paga
    Dora: sto bene
    shown: Anna V, Bruno II, Carla XII, Dora X
    claim by Anna: Bruno loses 2

:func:`parse` reads it into a ``cucu-position/1`` document (a JSON-ready dict) that then goes
through the position format's layers like any other (:mod:`cucu_ref.formats.position`); :func:`format`
writes a position document as notation.  ``parse(format(d)) == normalise(d)`` and
``format(parse(t))`` is stable.  The grammar, with examples, is ``docs/notation.rst``.

The choices the notation makes (the grammar documents each):

* a card on a player's line is the card he was **dealt** (``{"deal": P, "card": C}``); the
  notation names no other card of the deal but the one taken from the stack (``stack XV``) and
  those **shown** (``shown:``);
* a call is marked with ``!`` where its word is also a card's name: ``Carla: gnaf!`` is the
  cat announced, ``Carla: gnaf`` the cat dealt; words that name no card ('fermatevi',
  'Coucou', 'tingh la cas') are calls with or without it;
* the words of every language are read under every ruleset (a table may speak as it likes);
  an unknown word is answered with the nearest word of the notation's language;
* structural words (the header keys, ``shown``, ``claim``, the claim's ``loses`` ...) are
  English, with a few Italian, German and French aliases; the table's words are the table's;
* a comment (``# ...``) on a line that says something becomes that event's ``note``; other
  comments are dropped.

Errors are :class:`NotationError` with line and column; all those found are collected in
``errors``.  Problems the later layers find in the document (an unknown player, a history
that cannot have happened) point back to a line through :func:`parse_with_locations`.
"""

from __future__ import annotations

import contextlib
import copy
import difflib
import itertools
import json
import re
import unicodedata
from typing import Any, Callable, Iterator, NamedTuple, Optional

from ..game import cards as _cards
from . import vocabulary as V
from ..game.cards import CUCCU, CardNameError
from ..game.rulesets import CUCKOO, PRESETS
from .inputs import MAX_BYTES, MAX_INT_DIGITS, TOO_LARGE, InputError, decode
from .names import seat_hint, table_name
from .position import schema
from .sources import RULES, cite
from .i18n import N_, Templates, language, ngettext

__all__ = [
    "NotationError",
    "Locations",
    "parse",
    "parse_with_locations",
    "format",
    "normalise",
    "looks_like_notation",
    "HEADER_KEYS",
]

FORMAT = "cucu-position/1"


class NotationError(ValueError):
    """A line of the notation that cannot be read: ``line`` and ``column`` (1-based), the
    ``message``, the ``rule`` that makes it a problem if one does; ``errors`` holds every error
    found in the text (this one first)."""

    def __init__(self, line: int, column: int, message: str, rule: Optional[str] = None,
                 errors: tuple["NotationError", ...] = ()):
        super().__init__(f"{line}:{column}: {message}")
        self.line = line
        self.column = column
        self.message = message
        self.rule = rule
        self.errors: tuple[NotationError, ...] = errors or (self,)
        # the language the deal says it is written in, where its 'Language:' line was read
        # (issue 30: a deal that cannot be read is told so in its own language), and its ruleset
        # where one was read (its words for the hints)
        self.language: Optional[str] = None
        self.rules: Any = None


class Locations(dict[str, tuple[int, int]]):
    """JSON path of the document -> (line, column) of the notation that wrote it; ``language``:
    the language the deal says it is written in (its ``Language:`` line, else the language of its
    header words where all are of one other than English: 'Regole:', 'Giocatori:'; None without
    either), the ruling's by default (issue 30).  The table's words alone do not say it: 'passo',
    'gnaf' and 'sto bene' are the game's own words, which an English table writes as well."""

    language: Optional[str] = None
    # each decision's word as the table wrote it (meaning -> (the word, its language)), the first
    # time: a problem quotes the table's own word ('sto bene' in a French ruling, issue 24 §2)
    words: dict[str, tuple[str, str]]
    # each decision's or call's word as the table wrote it on its line (the history entry's JSON
    # path -> (meaning, or a call's role, the words as written, their language)): the ruling's
    # steps quote it (issue 24 §2)
    said: dict[str, tuple[str, str, str]]

    def __init__(self) -> None:
        super().__init__()
        self.words = {}
        self.said = {}

    def of(self, path: str) -> Optional[tuple[int, int]]:
        """The place of ``path`` or of the nearest enclosing value that has one."""
        while path:
            if path in self:
                return self[path]
            cut = max(path.rfind("."), path.rfind("["))
            if cut <= 0:
                break
            path = path[:cut]
        return self.get("$")


# --------------------------------------------------------------------------- structural words

# header key -> the document field; each key in English first, then its aliases
HEADER_KEYS: dict[str, tuple[str, ...]] = {
    "ruleset": ("Ruleset", "Rules", "Regole", "Regeln", "Règles", "Regler"),
    "options": ("Options", "Opzioni", "Optionen"),
    "players": ("Players", "Giocatori", "Spieler", "Joueurs", "Spillere"),
    "dealer": ("Dealer", "Mazziere", "Geber", "Donneur", "Giver"),
    "pot": ("Pot", "Piatto", "Pott", "Pulje"),
    # the match's bookkeeping in each language too (a German table's 'Ausgeschieden: 1' beside its
    # 'Pott: 8' was an unknown header)
    "eliminations": ("Eliminations", "Eliminati", "Ausgeschieden", "Éliminés", "Udgået"),
    "reentries": ("Reentries", "Re-entries", "Rientri", "Wiedereintritte", "Rachats", "Genindkøb"),
    "deals_played": ("Deals", "Deals played", "Mani giocate", "Spiele", "Donnes", "Runder"),
    "stack": ("Stack", "Stapel", "Mazzo", "Talon", "Bunke"),
    "dealt": ("Dealt", "Carte date", "Gegeben", "Données", "Givet"),
    "hands": ("Hands", "Held", "In mano", "Hände", "Mains", "Hænder"),
    "description": ("Description", "Descrizione", "Beschreibung"),
    "language": ("Language", "Lingua", "Sprache", "Langue", "Sprog"),
}
_HEADER_OF = {V.fold(alias): key for key, aliases in HEADER_KEYS.items() for alias in aliases}
# the language each header word is of, where it is of one only ('Pot' is English and French,
# 'Options' English and French): a deal whose headers are all in one language other than
# English speaks it (issue 30: 'Regole:', 'Giocatori:', 'Mazziere:' are no English table's words,
# where the game's own words, 'passo', 'sto bene', are)
_HEADER_LANGUAGE = {V.fold(word): lang for lang, words in {
    "en": ("Ruleset", "Rules", "Players", "Dealer", "Eliminations", "Reentries", "Re-entries", "Deals",
           "Deals played", "Stack", "Dealt", "Hands", "Held", "Description", "Language"),
    "it": ("Regole", "Opzioni", "Giocatori", "Mazziere", "Piatto", "Descrizione", "Lingua", "Eliminati", "Rientri",
           "Mani giocate", "Mazzo", "Carte date", "In mano"),
    "de": ("Regeln", "Optionen", "Spieler", "Geber", "Pott", "Stapel", "Beschreibung", "Sprache", "Ausgeschieden",
           "Wiedereintritte", "Spiele", "Gegeben", "Hände"),
    "fr": ("Règles", "Joueurs", "Donneur", "Langue", "Éliminés", "Rachats", "Donnes", "Talon", "Données", "Mains"),
    "da": ("Regler", "Spillere", "Giver", "Sprog", "Pulje", "Udgået", "Genindkøb", "Runder", "Bunke", "Givet",
           "Hænder"),
}.items() for word in words}
# the three headers a deal must have, as each language writes them
_HEADER_WORDS = {"en": {"ruleset": "Ruleset", "players": "Players", "dealer": "Dealer"},
                 "it": {"ruleset": "Regole", "players": "Giocatori", "dealer": "Mazziere"},
                 "de": {"ruleset": "Regeln", "players": "Spieler", "dealer": "Geber"},
                 "fr": {"ruleset": "Règles", "players": "Joueurs", "dealer": "Donneur"},
                 "da": {"ruleset": "Regler", "players": "Spillere", "dealer": "Giver"}}
# the words of the five languages the notation reads (issue 24): 'shown:', 'mostrate:', 'vist:' ...
_SHOWN = {"shown", "showdown", "scoperte", "mostrate", "gezeigt", "aufgedeckt", "montrees", "montre", "vist", "viste"}
# a claim's head: 'claim:', 'claim by NAME:' or 'NAME claims:', in each language ('Behauptung:',
# 'påstand fra Dora:', 'Dora behauptet:', 'Anna sostiene:', 'Emil prétend:')
_CLAIM_NOUNS = {"claim", "dichiarazione", "reclamo", "behauptung", "reclamation", "pastand"}
_CLAIM_BY = {"claim by", "dichiarazione di", "reclamo di", "behauptung von", "reclamation de", "pastand fra"}
_CLAIM_SAYS = {"claims", "dichiara", "sostiene", "behauptet", "pretend", "reclame", "pastar"}
_VIRGIN = {"virgin": True, "vergine": True, "jungfrau": True, "vierge": True,
           "not virgin": False, "non vergine": False, "keine jungfrau": False, "pas vierge": False}
_CLAIM_VERBS = {
    "loses": "loses", "perde": "loses", "verliert": "loses", "perd": "loses", "taber": "loses",
    "gains": "gains", "guadagna": "gains", "gewinnt": "gains", "gagne": "gains", "vinder": "gains",
    "out": "out", "fuori": "out", "raus": "out", "elimine": "out", "ude": "out",
    "holds": "holds", "tiene": "holds", "halt": "holds", "tient": "holds", "har": "holds",
    "net": "net",
}
# a claim's items that open with their word, in each language ('next dealer Anna', 'prossimo mazziere
# Anna', 'nächster Geber Anna' ...; 'nobody loses', 'nessuno perde', 'personne ne perd' ...): the
# words (folded) -> the claim's field.  Longest first, so that 'next dealer' is not read as 'next'.
_CLAIM_OPENERS: tuple[tuple[tuple[str, ...], str], ...] = tuple(sorted((
    (tuple(V.fold(w) for w in words.split()), key) for words, key in (
        ("next dealer", "next_dealer"), ("prossimo mazziere", "next_dealer"), ("nächster Geber", "next_dealer"),
        ("prochain donneur", "next_dealer"), ("næste giver", "next_dealer"),
        ("next", "next"), ("prossimo", "next"), ("nächster", "next"), ("prochain", "next"), ("næste", "next"),
        ("winner", "winner"), ("vincitore", "winner"), ("Gewinner", "winner"), ("gagnant", "winner"),
        ("nobody", "nobody"), ("nessuno", "nobody"), ("niemand", "nobody"), ("personne ne", "nobody"),
        ("personne", "nobody"), ("ingen", "nobody"))), key=lambda item: -len(item[0])))
_STACK_PARTS = ("order", "top", "bottom", "cards")
# words a plain name may not be (it would read as structure): quote such a name
_RESERVED = (set(_HEADER_OF) | _SHOWN | set(_VIRGIN) | set(_CLAIM_VERBS) | set(_STACK_PARTS) | _CLAIM_NOUNS
             | _CLAIM_SAYS | {w for by in _CLAIM_BY for w in by.split()}
             | {"claim", "claims", "by", "not", "non", "keine", "pas", "act"}
             | {w for words, _key in _CLAIM_OPENERS for w in words if w != "ne"})
_ARROWS = ("<->", "<>", "↔")
_QUOTES = {"«": "»", "“": "”", "„": "“", "‘": "’", '"': '"', "'": "'"}
_PLAIN_WORD = re.compile(r"[^\W\d_][\w'’.\-]*\Z")
_OPTION_VALUE = re.compile(r"[A-Za-z][A-Za-z0-9_\-]*\Z")


# --------------------------------------------------------------------------- bounds

# The bounds are the JSON path's (issue 27): the schema's for what it bounds, read from it, and
# inputs' digit guard for every integer, so that a hostile text costs time linear in its length
# and bounded memory, and every integer can be printed back.
MAX_PROBLEMS = 100  # problems reported for one text; reading stops after them
_LISTED = 20  # players named in a message before 'and N more'


def _bound(*path: str, of: str = "maxItems") -> int:
    """A bound of the position schema: ``_bound('players')``, ``_bound('claim', 'loses')``,
    ``_bound('dealt', of='maxProperties')``."""
    node = schema()
    for key in path:
        node = node["properties"][key]
    return int(node[of])


def _listing(names: list[str]) -> str:
    """Names for a message: at most _LISTED, each at most 40 characters (the schema's bound)."""
    shown = [n if len(n) <= 40 else n[:39] + "…" for n in names[:_LISTED]]
    more = f" and {len(names) - _LISTED} more" if len(names) > _LISTED else ""
    return ", ".join(shown) + more


# --------------------------------------------------------------------------- lexing

class _Span(NamedTuple):
    text: str
    column: int  # 1-based column of text[0]


_ESCAPES = {"n": "\n", "r": "\r", "t": "\t"}


def _unquote(text: str, column: int, start: int = 0) -> tuple[str, int]:
    """A double-quoted string at ``text[start]``: (its value, length consumed).  Linear in the
    string's own length: the text is never sliced from ``start`` (a line of many quoted words
    was quadratic, issue 27)."""
    out: list[str] = []
    i = start + 1
    end = len(text)
    while i < end:
        ch = text[i]
        if ch == "\\" and i + 1 < end:
            code = _ESCAPE_CODE.match(text, i)
            if code is not None:  # '\u200d', '\U0001f600': a character no text shows as itself
                point = int(code.group(1) or code.group(2), 16)
                if point > 0x10FFFF or 0xD800 <= point <= 0xDFFF:
                    raise _Fail(column + i - start, f"{code.group()!r} is not a character (a surrogate or beyond "
                                                    "U+10FFFF)")
                out.append(chr(point))
                i = code.end()
                continue
            out.append(_ESCAPES.get(text[i + 1], text[i + 1]))
            i += 2
            continue
        if ch == '"':
            return "".join(out), i + 1 - start
        out.append(ch)
        i += 1
    raise _Fail(column, "a quoted name has no closing '\"'")


_ESCAPE_CODE = re.compile(r"\\(?:u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8}))")


def _quote(text: str) -> str:
    """``text`` in double quotes, written so that it reads back as itself in any text output:
    a backslash, a quote and the line ends escaped, and every other character that is not
    printable (a zero-width joiner, U+2028 ...) as ``\\uXXXX`` (issue 27: round trip)."""
    body = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r")
    body = body.replace("\t", "\\t")
    if not body.isprintable():
        body = "".join(ch if ch.isprintable() else (f"\\u{ord(ch):04x}" if ord(ch) < 0x10000
                                                      else f"\\U{ord(ch):08x}") for ch in body)
    return '"' + body + '"'


def _outside(text: str) -> Iterator[int]:
    """The indexes of the characters of ``text`` outside double quotes (a backslash escapes
    the character after it inside them)."""
    inside = False
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "\\" and inside:
            i += 2
            continue
        if ch == '"':
            inside = not inside
        elif not inside:
            yield i
        i += 1


def _find(text: str, needle: str) -> int:
    """Where ``needle`` first stands outside double quotes, or -1."""
    first = text.find(needle)
    if first < 0 or '"' not in text[:first]:
        return first  # the common case, in C: no quote before it
    return next((i for i in _outside(text) if text.startswith(needle, i)), -1)


def _split(span: _Span, sep: str = ",") -> list[_Span]:
    """Split at ``sep`` outside double quotes; each part stripped, with its column."""
    text = span.text
    if '"' not in text:  # the common case, in C
        cuts = [i for i, ch in enumerate(text) if ch == sep] if sep in text else []
    else:
        cuts = [i for i in _outside(text) if text[i] == sep]
    starts = [0] + [i + 1 for i in cuts]
    ends = cuts + [len(text)]
    return [_strip(_Span(text[a:b], span.column + a)) for a, b in zip(starts, ends)]


def _strip(span: _Span) -> _Span:
    lead = len(span.text) - len(span.text.lstrip())
    return _Span(span.text.strip(), span.column + lead)


_BLANKS = re.compile(r"\s*")
_WORD = re.compile(r"\S+")


def _iter_words(span: _Span) -> Iterator[_Span]:
    """Whitespace-separated words, a double-quoted string being one word (kept quoted); each
    word found by a regular expression (in C), so that a caller that stops early (at a bound)
    reads no further."""
    text = span.text
    end = len(text)
    i = len(text) - len(text.lstrip())
    while i < end:
        start = i
        if text[i] == '"':
            _, used = _unquote(text, span.column + i, i)
            i += used
        else:
            i = _WORD.match(text, i).end()  # type: ignore[union-attr]  # text[i] is no blank
        yield _Span(text[start:i], span.column + start)
        i = _BLANKS.match(text, i).end()  # type: ignore[union-attr]  # matches the empty string


def _words(span: _Span) -> list[_Span]:
    """Whitespace-separated words, a double-quoted string being one word (kept quoted)."""
    return list(_iter_words(span))


def _unprintable(raw: str) -> Optional[int]:
    """The index of the first character of a line that no text output writes as itself (a
    control character, U+2028, a byte order mark inside the text ...; what
    ``render.printable`` escapes), or None.  A tab is white space.  One C-level test per line;
    a character-by-character search only in a line that fails it."""
    if raw.isprintable():
        return None
    return next((i for i, ch in enumerate(raw) if not ch.isprintable() and ch != "\t"), None)


def _char_name(ch: str) -> str:
    return unicodedata.name(ch, "a control character")


class _Enough(Exception):
    """MAX_PROBLEMS problems are reported: reading stops."""


class _Fail(Exception):
    def __init__(self, column: int, message: str, rule: Optional[str] = None):
        super().__init__(message)
        self.column = column
        self.message = message
        self.rule = rule


# --------------------------------------------------------------------------- the reader

class _Line(NamedTuple):
    number: int
    content: _Span  # without the comment
    comment: Optional[str]  # the comment's text, stripped; None without one
    raw: str


def looks_like_notation(data: bytes | str) -> bool:
    """What ``cucu-adjudicate`` reads as notation: text that is not JSON (its first character,
    past blanks and a byte-order mark, opens no object or array) and is written in lines (more
    than one, or one that starts with a comment or a header such as 'Ruleset:').  A single line
    of anything else stays JSON's to refuse, as ``--batch`` (JSON Lines only) wants."""
    head = data[:4096]
    if isinstance(head, bytes):
        head = head.decode("utf-8", "replace")
    text = head.lstrip("\ufeff \t\r\n")
    if not text or text.startswith(("{", "[")):
        return False
    if "\n" in text.rstrip():
        return True
    return text.startswith("#") or (":" in text and V.fold(text.split(":", 1)[0]) in _HEADER_OF)


class _ReaderState:
    """What the parts of the reader share: the document and its places, the errors, the
    players, the ruleset and its pack, and the reading of names, cards and integers."""

    def __init__(self, text: str):
        self.text = text
        self.errors: list[NotationError] = []
        self.doc: dict[str, Any] = {"format": FORMAT}
        self.where = Locations()
        self.history: list[dict[str, Any]] = []
        self.seen: dict[str, int] = {}  # header key -> line
        self.players: list[str] = []
        self.dealer: Optional[str] = None
        self.family: Optional[str] = None
        self.rules: Any = None
        self.language: Optional[str] = None
        self.header_languages: set[str] = set()  # the languages of the header words written
        self.spoken: dict[str, int] = {}  # languages of the words read, for suggestions
        self.description: list[str] = []
        self.max_events = _bound("history")
        self.seated_set: set[str] = set()
        self.by_length: list[str] = []  # the players, longest name first (read once)
        self.line_first = 0  # the first event of the player's line being read

    def fail(self, line: int, column: int, message: str, rule: Optional[str] = None) -> None:
        if len(self.errors) < MAX_PROBLEMS:
            self.errors.append(NotationError(line, column, message, rule))
        elif len(self.errors) == MAX_PROBLEMS:
            self.errors.append(NotationError(line, column, f"more than {MAX_PROBLEMS} problems: reading stops here"))
        if len(self.errors) > MAX_PROBLEMS:
            raise _Enough

    def event(self, n: int, column: int, event: dict[str, Any], card_column: Optional[int] = None) -> None:
        i = len(self.history)
        if i == self.max_events:  # one line of many cards shown stops here too, not at its end
            self.fail(n, column, f"more than {self.max_events} events in the history (the format's bound): "
                                 "reading stops here")
            raise _Enough
        self.history.append(event)
        self.where[f"$.history[{i}]"] = (n, column)
        if card_column is not None:
            self.where[f"$.history[{i}].card"] = (n, card_column)

    def note(self, line: _Line, first: int) -> None:
        """The line's comment becomes the note of the last event it wrote."""
        if line.comment and len(self.history) > first:
            self.history[-1]["note"] = line.comment

    def name(self, span: _Span) -> str:
        """A player's name as written: quoted, or plain text (compared with the players in Unicode
        normal form C by :meth:`seated`, and by the position's layers)."""
        text = span.text
        if text.startswith('"'):
            value, used = _unquote(text, span.column)
            if text[used:].strip():
                raise _Fail(span.column + used, f"unexpected {_shown(text[used:].strip())} after the quoted name")
            return value
        if not text:
            raise _Fail(span.column, "a name is missing")
        return text

    def name_then(self, span: _Span) -> tuple[str, _Span]:
        """A seated player's name at the start of ``span`` and what follows it.  The name is
        quoted, or the longest seated name the text starts with, or every word but the last."""
        text = span.text
        if text.startswith('"'):
            value, used = _unquote(text, span.column)
            return value, _strip(_Span(text[used:], span.column + used))
        for name in self.by_length:
            if text.startswith(name) and (len(text) == len(name) or text[len(name)].isspace()):
                return name, _strip(_Span(text[len(name):], span.column + len(name)))
        words = _words(span)
        if len(words) < 2:
            return text, _Span("", span.column + len(text))
        last = words[-1]
        return text[: last.column - span.column].rstrip(), last

    def seated(self, name: str, span: _Span) -> None:
        """A name in the body must be one of the players (when the players are known); the
        message names at most _LISTED of them, and a name that only looks like a player's says
        which letters differ (issue 27)."""
        if not self.players or name in self.seated_set or table_name(name) in self.seated_set:
            return
        hint = seat_hint(table_name(name), self.players)
        raise _Fail(span.column, f"{_shown(name)} is not seated at this table{hint} "
                                 f"(players: {_listing(self.players)})")

    def card(self, span: _Span) -> str:
        """A card name of the ruleset's pack, as its canonical token ('?' stays unknown)."""
        text = span.text
        if text.startswith('"'):
            text = self.name(span)
        if text.strip() in ("?", ""):
            if not text.strip():
                raise _Fail(span.column, "a card is missing")
            return "?"
        if self.family is None:
            return text  # the ruleset is unknown (reported on its line): no pack to read it with
        try:
            return _cards.format(_cards.parse(text, self.family))
        except CardNameError as err:
            if err.candidates:
                raise _Fail(span.column, str(err), "C1") from None
            hint = f"; did you mean {' or '.join(repr(s) for s in err.suggestions)}?" if err.suggestions else ""
            what = "Cuccù" if self.family == CUCCU else "French"
            raise _Fail(span.column, f"unknown card {text!r} of the {what} pack{hint}", "C1") from None

    def try_card(self, text: str) -> Optional[str]:
        if self.family is None or not text:
            return None
        try:
            return _cards.format(_cards.parse(text, self.family))
        except CardNameError:
            return None

    @staticmethod
    def integer(span: _Span, what: str, low: int = 0) -> int:
        text = span.text.strip()
        value = _whole(text, span.column, what)
        if value is None or value < low:
            raise _Fail(span.column, f"{what} must be a whole number{'' if low < 0 else f' of at least {low}'}, "
                                     f"not {_shown(text)}")
        return value

    def written_in(self) -> Optional[str]:
        """The language the deal is written in: its 'Language:' line, else that of its header
        words where they are all of one language other than English (None: English, or mixed)."""
        if self.language or len(self.header_languages) != 1:
            return self.language
        (lang,) = self.header_languages
        return None if lang == "en" else lang

    def lang(self) -> str:
        if self.language:
            return self.language
        if self.spoken:
            return max(self.spoken, key=lambda k: self.spoken[k])
        return V.language_of(self.rules) if self.rules is not None else "en"

    def say(self, meaning: str) -> str:
        if self.rules is None:
            return meaning
        return V.say(self.rules, meaning, self.lang())

    def call_hint(self, token: str) -> str:
        if self.rules is None:
            return "cucù"
        role = self.rules.role_of.get(_cards.parse(token, self.family or CUCCU).value)
        return V.call(self.rules, role, self.lang()) if role else "no call: the card has no role here"



class _HeaderReader(_ReaderState):
    """The header lines: the ruleset and its options, the players with their marks, the dealer,
    the numbers, the stack and the cards dealt or held."""

    def header(self, line: _Line, key: str, head: _Span, rest: _Span) -> None:
        n = line.number
        if key == "description":
            value = line.raw.split(":", 1)[1]
            self.description.append((value[1:] if value.startswith(" ") else value).rstrip())
            self.where.setdefault("$.description", (n, head.column))
            return
        if key in self.seen:
            raise _Fail(head.column, f"a second '{head.text}:' line (the first is line {self.seen[key]})")
        self.seen[key] = n
        if V.fold(head.text) in _HEADER_LANGUAGE:
            self.header_languages.add(_HEADER_LANGUAGE[V.fold(head.text)])
        if key == "language":
            lang = V.fold(rest.text)
            if lang not in V.LANGUAGES:
                raise _Fail(rest.column, f"unknown language {rest.text!r}; known: {', '.join(V.LANGUAGES)}")
            self.language = lang
            return
        if key == "ruleset":
            self.ruleset(n, rest)
        elif key == "options":
            self.options(n, rest)
        elif key == "players":
            self.players_header(n, rest)
        elif key == "dealer":
            self.dealer = self.name(rest)
            self.doc["dealer"] = self.dealer
            self.where["$.dealer"] = (n, rest.column)
        elif key in ("pot", "eliminations", "reentries", "deals_played"):
            self.doc[key] = self.integer(rest, head.text)
            self.where["$." + key] = (n, rest.column)
        elif key == "stack":
            self.stack(n, rest)
        elif key in ("hands", "dealt"):
            self.pairs(n, key, rest)

    def ruleset(self, n: int, rest: _Span) -> None:
        name = rest.text.strip()
        self.where["$.ruleset"] = (n, rest.column)
        self.where["$.ruleset.preset"] = (n, rest.column)
        options = self.doc.get("ruleset", {}).get("options") if isinstance(self.doc.get("ruleset"), dict) else None
        self.doc["ruleset"] = {"preset": name, "options": options} if options is not None else name
        if name not in PRESETS:
            near = difflib.get_close_matches(name, list(PRESETS), n=2)
            hint = f"; did you mean {' or '.join(map(repr, near))}?" if near else ""
            raise _Fail(rest.column, f"unknown ruleset {_shown(name)}{hint} (known: {', '.join(PRESETS)})")
        self.rules = PRESETS[name]
        self.set_family()

    def set_family(self) -> None:
        if self.rules is None:
            return
        rules = self.rules
        ruleset = self.doc.get("ruleset")
        if isinstance(ruleset, dict) and ruleset.get("options"):
            # a bad pack is reported by the position's own check, with its path
            with contextlib.suppress(ValueError, TypeError):
                rules = rules.with_options({k: v for k, v in ruleset["options"].items() if k == "pack"})
        self.rules = rules
        self.family = _cards.PACKS[rules.pack].family if rules.pack in _cards.PACKS else None

    def options(self, n: int, rest: _Span) -> None:
        options: dict[str, Any] = {}
        for part in _split(rest):
            if not part.text:
                raise _Fail(part.column, "an empty option")
            key, eq, value = part.text.partition("=")
            if not eq:
                raise _Fail(part.column, f"an option is written name=reading ('ties=first'), not {part.text!r}")
            key, value = key.strip(), value.strip()
            vcol = part.column + part.text.index("=") + 1 + (len(part.text.split("=", 1)[1]) -
                                                             len(part.text.split("=", 1)[1].lstrip()))
            if value.startswith('"'):
                parsed: Any = self.name(_Span(value, vcol))
            elif _INTEGER.fullmatch(value):
                parsed = _whole(value, vcol, f"option {key!r}")
            elif value:
                parsed = value
            else:
                raise _Fail(vcol, f"option {key!r} has no reading")
            if key in options:
                raise _Fail(part.column, f"option {key!r} is given twice")
            options[key] = parsed
            self.where[f"$.ruleset.options.{key}"] = (n, part.column)
        preset_name = self.doc.get("ruleset")
        preset_name = preset_name.get("preset") if isinstance(preset_name, dict) else preset_name
        self.doc["ruleset"] = {"preset": preset_name or "", "options": options}
        self.where.setdefault("$.ruleset", (n, rest.column))
        self.set_family()

    def players_header(self, n: int, rest: _Span) -> None:
        players: list[Any] = []
        most = _bound("players")
        for i, part in enumerate(_split(rest)):
            if i == most:
                raise _Fail(part.column, f"more than {most} players (the format's bound)")
            if not part.text:
                raise _Fail(part.column, "an empty place in the players' list")
            text = part.text
            virgin: Optional[bool] = None
            folded = V.fold(text)
            for flag, value in sorted(_VIRGIN.items(), key=lambda kv: -len(kv[0])):
                if folded.endswith(" " + flag) or folded == flag:
                    words = _words(part)
                    keep = len(words) - len(flag.split())
                    if keep < 1:
                        raise _Fail(part.column, "a player's name is missing")
                    text = text[: words[keep].column - part.column].rstrip()
                    virgin = value
                    break
            marks: Optional[int] = None
            words = _words(_Span(text, part.column))
            if len(words) >= 2 and re.fullmatch(r"\d+", words[-1].text):
                marks = _whole(words[-1].text, words[-1].column, "a player's marks")
                text = text[: words[-1].column - part.column].rstrip()
            name = self.name(_Span(text, part.column))
            self.players.append(name)
            self.seated_set.add(table_name(name))
            entry: Any = name
            if marks is not None or virgin is not None:
                entry = {"name": name}
                if marks is not None:
                    entry["marks"] = marks
                if virgin is not None:
                    entry["virgin"] = virgin
            players.append(entry)
            self.where[f"$.players[{i}]"] = (n, part.column)
        self.doc["players"] = players
        self.where["$.players"] = (n, rest.column)
        self.by_length = sorted(self.players, key=len, reverse=True)

    def card_list(self, span: _Span, path: str, n: int) -> list[str]:
        out = []
        most = _bound("stack", path.rsplit(".", 1)[1])
        for i, word in enumerate(_iter_words(span)):
            if i == most:
                raise _Fail(word.column, f"more than {most} cards (the format's bound)")
            out.append(self.card(word))
            self.where[f"{path}[{i}]"] = (n, word.column)
        return out

    def stack(self, n: int, rest: _Span) -> None:
        stack: dict[str, Any] = {}
        for part in _split(rest):
            first = next(_iter_words(part), None)  # the part's first word only: a bound stops the rest
            if first is None:
                raise _Fail(part.column, "an empty part of the stack")
            kind = V.fold(first.text)
            if kind not in _STACK_PARTS:
                near = difflib.get_close_matches(kind, _STACK_PARTS, n=1)
                hint = f"; did you mean {near[0]!r}?" if near else ""
                raise _Fail(part.column, f"the stack is told as 'order ...', 'top C', 'bottom C' or 'cards ...', "
                                         f"not {_shown(first.text)}{hint}")
            if kind in stack:
                raise _Fail(part.column, f"'{kind}' is given twice")
            body = _Span(part.text[len(first.text):], first.column + len(first.text))
            self.where[f"$.stack.{kind}"] = (n, part.column)
            if kind in ("order", "cards"):
                stack[kind] = self.card_list(body, f"$.stack.{kind}", n)
            else:
                cards_ = list(itertools.islice(_iter_words(body), 2))
                if len(cards_) != 1:
                    raise _Fail(body.column, f"'{kind}' takes one card")
                stack[kind] = self.card(cards_[0])
        self.doc["stack"] = stack
        self.where["$.stack"] = (n, rest.column)

    def pairs(self, n: int, key: str, rest: _Span) -> None:
        out: dict[str, str] = {}
        most = _bound(key, of="maxProperties")
        for part in _split(rest):
            if not part.text:
                continue
            if len(out) == most:
                raise _Fail(part.column, f"more than {most} players' cards (the format's bound)")
            name, card_span = self.name_then(part)
            if not card_span.text:
                raise _Fail(part.column, f"'{part.text}' names no card (write 'NAME CARD', '?' for unknown)")
            out[name] = self.card(card_span)
            self.where[f"$.{key}[{json.dumps(name, ensure_ascii=False)}]"] = (n, part.column)
        self.doc[key] = out
        self.where[f"$.{key}"] = (n, rest.column)



class _BodyReader(_ReaderState):
    """The history: each player's line (cards dealt, decisions, calls, the stack, marks paid),
    the exchanges seen and the cards shown."""

    def body_exchange(self, line: _Line, head: _Span, rest: _Span) -> None:
        first = len(self.history)
        a, b = self.name(head), self.name(rest)
        self.seated(a, head)
        self.seated(b, rest)
        self.event(line.number, head.column, {"exchange": [a, b]})
        self.where[f"$.history[{first}].exchange[0]"] = (line.number, head.column)
        self.where[f"$.history[{first}].exchange[1]"] = (line.number, rest.column)
        self.note(line, first)

    def body_shown(self, line: _Line, head: _Span, rest: _Span) -> None:
        first = len(self.history)
        for part in _split(rest):
            if not part.text:
                raise _Fail(part.column, "an empty place in the cards shown")
            name, card_span = self.name_then(part)
            if not card_span.text:
                raise _Fail(part.column, f"'{part.text}' shows no card (write 'NAME CARD', '?' for unknown)")
            self.seated(name, part)
            self.event(line.number, part.column, {"shows": name, "card": self.card(card_span)}, card_span.column)
            self.where[f"$.history[{len(self.history) - 1}].shows"] = (line.number, part.column)
        self.note(line, first)

    def body_player(self, line: _Line, head: _Span, rest: _Span) -> None:
        name = self.name(head)
        self.seated(name, head)
        first = len(self.history)
        self.line_first = first
        if not rest.text:
            raise _Fail(rest.column, f"nothing said or done after '{head.text}:'")
        for item in self.items(rest):
            self.item(line.number, name, item)
        self.note(line, first)

    def items(self, span: _Span) -> list[_Span]:
        """The items of a player's line: comma-separated, except that a word containing a comma
        ('Gnaf, cart'arrit', 'Tingh la Cas, che mi dai in cambio') is one item."""
        parts = _split(span)
        out: list[_Span] = []
        i = 0
        while i < len(parts):
            taken = 1
            for k in (3, 2):
                if i + k <= len(parts):
                    joined = ", ".join(p.text for p in parts[i:i + k])
                    if _COMMA_WORDS.get(V.fold(_strip_quotes(joined)[0])):
                        end = parts[i + k - 1]
                        start = parts[i]
                        out.append(_Span(span.text[start.column - span.column:
                                                   end.column - span.column + len(end.text)], start.column))
                        taken = k
                        break
            else:
                out.append(parts[i])
            i += taken
        return out

    def item(self, n: int, name: str, span: _Span) -> None:
        if not span.text:
            raise _Fail(span.column, "an empty item between commas")
        text, shift = _strip_quotes(span.text)
        col = span.column + shift
        bang = text.rstrip().endswith("!")
        bare = text.rstrip().rstrip("!").rstrip()
        folded = V.fold(text)
        if bare == "?":
            self.event(n, col, {"deal": name})
            return
        if folded in V.AMBIGUOUS_WORDS:
            meant = ", or ".join(f"{self.say(m)!r} {why}" for m, why in V.AMBIGUOUS_WORDS[folded])
            raise _Fail(col, f"{text!r} is ambiguous: say {meant}")
        words = V.lookup(text)
        # a card name is tried only where it can matter: a word that names no card ('passo')
        # never pays for a card's suggestions (16,000 lines took 12 s, issue 27)
        card_value = self.try_card(bare) if not words or words[0].kind == "call" else None
        if words:
            self.word_item(n, name, words[0], col, bare, card_value if not bang else None)
            return
        if self.argument_item(n, name, text, folded, col):
            return
        if card_value is not None:
            if bang:
                raise _Fail(col, f"{bare!r} is a card: the card dealt is written without '!', and a targeted "
                                 f"card is announced by its call ('{self.call_hint(card_value)}!')",
                            self.event_card_rule())
            self.event(n, col, {"deal": name, "card": card_value}, col)
            return
        if folded in V.ROLE_WORDS:  # a call of the other pack: the adjudicator says whether it fits
            self.event(n, col, {"announce": bare, "by": name})
            return
        if self.family is not None:
            try:
                _cards.parse(bare, self.family)
            except CardNameError as err:
                if err.candidates:  # a regional name of two cards: say which
                    raise _Fail(col, str(err), "C1") from None
        raise _Fail(col, self.unknown(bare))

    def word_item(self, n: int, name: str, word: V.Word, col: int, bare: str, card_value: Optional[str]) -> None:
        """A word of the vocabulary: a decision, or a call; a call that is also a card's name
        and has no '!' (``card_value`` given) is the card dealt ('Carla: gnaf')."""
        self.spoken[word.language] = self.spoken.get(word.language, 0) + 1
        if word.kind != "call":
            self.where.words.setdefault(word.meaning, (word.text, word.language))
            self.where.said[f"$.history[{len(self.history)}]"] = (word.meaning, bare, word.language)
            self.event(n, col, self.meaning(word.meaning, name))
        elif card_value is not None:
            self.second_card(name, bare, col)
            self.event(n, col, {"deal": name, "card": card_value}, col)
        else:
            # a call too is quoted as written ('verweile ein wenig', K14): render_said.as_written
            self.where.said[f"$.history[{len(self.history)}]"] = (word.meaning, bare, word.language)
            self.event(n, col, {"announce": bare, "by": name})

    def argument_item(self, n: int, name: str, text: str, folded: str, col: int) -> bool:
        """A word with an argument ('stack XV', 'pays 2', 'act refuse-and-pay'): True if it is one."""
        for key, word in _ARGUMENT_WORDS:
            if folded.startswith(key + " "):
                arg = _argument(text, word.text, col)
                self.spoken[word.language] = self.spoken.get(word.language, 0) + 1
                self.where.words.setdefault(word.meaning, (word.text, word.language))
                event = self.meaning(word.meaning, name)
                if word.argument == "card":
                    event["card"] = self.card(arg)
                    if "stack-exchange" in event and self.talon_king(n, arg.column, event["card"]):
                        return True
                    self.event(n, col, event, arg.column)
                else:
                    event["amount"] = self.integer(arg, "the marks paid", 1)
                    self.event(n, col, event)
                return True
        if folded.startswith("act "):
            self.event(n, col, {"act": text.split(None, 1)[1].strip(), "by": name})
            return True
        return False

    def second_card(self, name: str, word: str, column: int) -> None:
        """A call word without its '!' after the card the line already dealt ('Bruno: XII, gnaf'):
        the '!' is forgotten, not a second card dealt (C2)."""
        dealt = next((e["card"] for e in self.history[self.line_first:] if e.get("deal") == name and "card" in e), None)
        if dealt is not None:
            raise _Fail(column, f"{word!r} reads as a second card dealt to {name}, after {dealt} on this line; "
                                f"a call is written with '!': {word + '!'!r}", self.event_card_rule())

    def event_card_rule(self) -> str:
        """The rule that an event card speaks only when asked: the game's own (F3, S3 ...), C2
        where the ruleset is not known yet (issue 24 §4)."""
        return self.rules.cites("event-card") if self.rules is not None else "C2"

    def talon_king(self, n: int, column: int, token: str) -> bool:
        """F4's king on the talon told on the player's line (:func:`_talon_king`): the card is
        the talon's top and nothing is exchanged: True."""
        stack = self.doc.get("stack", {})
        if self.rules is None or not _talon_king(self.rules, stack, token):
            return False
        self.doc["stack"] = {**stack, "top": token}
        self.where["$.stack.top"] = (n, column)
        self.where.setdefault("$.stack", (n, column))
        return True

    def meaning(self, meaning: str, name: str) -> dict[str, Any]:
        if meaning == "stack":
            return {"dealer-exchange" if name == self.dealer else "stack-exchange": name}
        return {meaning: name}

    def unknown(self, text: str) -> str:
        # 'V passo': two items with the comma left out
        head, _, tail = text.partition(" ")
        if tail and self.try_card(head) is not None and (V.lookup(tail) or self.try_card(tail) is not None):
            return f"{text!r} reads as two items: write a comma between them ('{head}, {tail}')"
        family = self.family
        pool = [w for w in V.WORDS if family is None or family in w.families]
        lang = self.lang()
        near = V.suggest(text, [w for w in pool if w.language == lang])
        if not near:
            near = V.suggest(text, pool)
        if not near and family is not None:
            names = [_cards.format(_cards.Card(family, v)) for v in _cards.PACKS[self.rules.pack].values] \
                if self.rules is not None else []
            names += [a.name for a in _cards.ALIASES if a.family == family]
            found = difflib.get_close_matches(V.fold(text), [V.fold(x) for x in names], n=1, cutoff=0.6)
            if found:
                near = tuple(x for x in names if V.fold(x) == found[0])[:1]
        hint = f"; did you mean {near[0]!r}?" if near else ""
        # (the words of a stack exchange and of a mark paid: 'stack' and 'pays' in the English the
        # JSON keeps; the table's own where the message is said in its language, _table_word)
        return f"unknown word {text!r}{hint} (a card dealt, a decision, a call, 'stack CARD' or 'pays N')"



class _ClaimReader(_ReaderState):
    """The claim: its head in any of the five languages and its items."""

    def body_claim(self, line: _Line, head: _Span, rest: _Span) -> None:
        n = line.number
        if "claim" in self.seen:
            raise _Fail(head.column, f"a second claim (the first is line {self.seen['claim']})")
        self.seen["claim"] = n
        claim: dict[str, Any] = {}
        htext = head.text
        form = _claim_head(V.fold(htext)) if not htext.startswith('"') else "says"
        words = _words(head)
        if form == "by":  # 'claim by NAME', 'påstand fra NAME': the name from the third word on
            claim["by"] = self.name(_Span(htext[words[2].column - head.column:], words[2].column))
        elif form == "says":  # 'NAME claims', 'NAME behauptet': every word but the last
            claim["by"] = self.name(_Span(htext[: words[-1].column - head.column].rstrip(), head.column))
        self.where["$.claim"] = (n, head.column)
        for part in _split(rest):
            if not part.text:
                continue
            self.claim_item(n, part, claim)
        for key in ("loses", "gains"):
            if key in claim:
                claim[key] = sorted(claim[key])
        if "out" in claim:
            claim["out"] = sorted(claim["out"])
        self.doc["claim"] = claim

    def claim_item(self, n: int, part: _Span, claim: dict[str, Any]) -> None:
        if self.claim_opener(n, part, claim):
            return
        name, rest = self.name_then_verb(part)
        words = _words(rest)
        if not words:
            raise _Fail(part.column, f"cannot read the claim {part.text!r}: write 'NAME loses [N]', 'NAME gains [N]', "
                                     f"'NAME out', 'NAME holds CARD', 'NAME net +N', 'next NAME', 'next dealer NAME' "
                                     f"or 'winner NAME'")
        verb = V.fold(words[0].text)
        if re.fullmatch(r"[+-]\d+", words[0].text) and len(words) == 1:
            verb, words = "net", [words[0], words[0]]
        key = _CLAIM_VERBS.get(verb)
        if key is None:
            near = difflib.get_close_matches(verb, list(_CLAIM_VERBS), n=1)
            hint = f"; did you mean {near[0]!r}?" if near else ""
            raise _Fail(words[0].column, f"unknown claim {words[0].text!r}{hint}")
        args = words[1:]
        self.where[f"$.claim.{key}"] = (n, part.column)
        if key in ("loses", "gains"):
            count = self.integer(args[0], f"the marks {key[:-1]}", 1) if args else 1
            most = _bound("claim", key)
            if count + len(claim.get(key, ())) > most:
                raise _Fail(args[0].column if args else part.column,
                            f"a claim lists at most {most} marks {'lost' if key == 'loses' else 'gained'} "
                            f"(the format's bound), not {count + len(claim.get(key, ()))}")
            claim.setdefault(key, []).extend([name] * count)
        elif key == "out":
            if args:
                raise _Fail(args[0].column, f"'out' takes nothing after it, not {args[0].text!r}")
            if name not in claim.setdefault("out", []):
                claim["out"].append(name)
        elif key == "holds":
            if not args:
                raise _Fail(words[0].column, "'holds' names a card")
            span = _Span(rest.text[args[0].column - rest.column:], args[0].column)
            claim.setdefault("holds", {})[name] = self.card(span)
        else:
            if len(args) != 1:
                raise _Fail(words[0].column, "'net' takes a signed number: 'Bruno net -2'")
            claim.setdefault("net", {})[name] = self.integer(args[0], "a net change", -1000)

    def claim_opener(self, n: int, part: _Span, claim: dict[str, Any]) -> bool:
        """A claim item that opens with its words, in any of the five languages: 'next dealer
        NAME' ('prossimo mazziere', 'nächster Geber', 'prochain donneur', 'næste giver'), 'next
        NAME', 'winner NAME' ('vincitore', 'Gewinner', 'gagnant') or 'nobody loses' ('nessuno
        perde', 'niemand verliert', 'personne ne perd', 'ingen taber'): True if it is one."""
        words = _words(part)
        folded = [V.fold(w.text) for w in words]
        for opener, key in _CLAIM_OPENERS:
            k = len(opener)
            if len(words) <= k or tuple(folded[:k]) != opener:
                continue
            if key == "nobody":  # the claim that nobody loses (gains, goes out)
                key = _CLAIM_VERBS.get(" ".join(folded[k:]), "")
                if key not in ("loses", "gains", "out"):
                    raise _Fail(part.column, "write 'nobody loses', 'nobody gains' or 'nobody out'")
                claim.setdefault(key, [])
            else:
                rest = words[k]
                claim[key] = self.name(_strip(_Span(part.text[rest.column - part.column:], rest.column)))
            self.where[f"$.claim.{key}"] = (n, part.column)
            return True
        return False

    def name_then_verb(self, part: _Span) -> tuple[str, _Span]:
        """The name of a claim item and its verb: the name is quoted or seated, or the words
        before the first claim verb."""
        text = part.text
        if text.startswith('"'):
            return self.name_then(part)
        for name in self.by_length:
            if text.startswith(name) and len(text) > len(name) and text[len(name)].isspace():
                return name, _strip(_Span(text[len(name):], part.column + len(name)))
        words = _words(part)
        for word in words[1:]:
            if V.fold(word.text) in _CLAIM_VERBS or re.fullmatch(r"[+-]\d+", word.text):
                return (text[: word.column - part.column].rstrip(),
                        _Span(text[word.column - part.column:], word.column))
        return text, _Span("", part.column + len(text))



class _Reader(_HeaderReader, _BodyReader, _ClaimReader):
    """A text in two passes: the headers first, wherever they stand (the body needs the ruleset,
    the players and the dealer to read its cards and names), then the body in order."""

    def lines(self) -> Iterator[_Line]:
        # lines end at '\n' (and '\r\n', '\r') only; a byte order mark may open the text
        text = self.text[1:] if self.text.startswith("\ufeff") else self.text
        for number, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
            bad = _unprintable(raw)
            if bad is not None:
                self.fail(number, bad + 1, f"the character U+{ord(raw[bad]):04X} "
                                           f"({_char_name(raw[bad])}) cannot be written back as itself: "
                                           "a deal is written in printable characters")
                continue
            head = raw.lstrip()
            if ":" in head and _HEADER_OF.get(V.fold(head.split(":", 1)[0])) == "description":
                yield _Line(number, _Span(raw.rstrip(), 1), None, raw)  # a description is text: no comment
                continue
            at = _find(raw, "#")
            comment = raw[at + 1:].strip() if at >= 0 else None
            content = raw[:at] if at >= 0 else raw
            yield _Line(number, _strip(_Span(content.rstrip(), 1)), comment, raw)

    def read(self) -> None:
        lines = list(self.lines())
        # the headers first, wherever they stand: the body needs the ruleset, the players and
        # the dealer to read its cards and names
        body: list[tuple[_Line, str, _Span, _Span]] = []
        for line in lines:
            if not line.content.text:
                continue
            try:
                kind, head, rest = self.classify(line)
            except _Fail as err:
                self.fail(line.number, err.column, err.message, err.rule)
                continue
            if kind.startswith("header:"):
                try:
                    self.header(line, kind[7:], head, rest)
                except _Fail as err:
                    self.fail(line.number, err.column, err.message, err.rule)
            else:
                body.append((line, kind, head, rest))
        # (the missing line named as the table writes its headers: 'Mazziere:' where they are Italian)
        words = _HEADER_WORDS.get(next(iter(self.header_languages)) if len(self.header_languages) == 1 else "en",
                                  _HEADER_WORDS["en"])
        for key in ("ruleset", "players", "dealer"):
            if key not in self.seen:
                self.fail(1, 1, f"no '{words[key]}:' line: a deal names its ruleset, its players in seat order and "
                                f"its dealer")
        if self.rules is None:
            return  # no pack to read the cards with: every card word would be 'unknown' (issue 24)
        for line, kind, head, rest in body:
            try:
                getattr(self, "body_" + kind)(line, head, rest)
            except _Fail as err:
                self.fail(line.number, err.column, err.message, err.rule)
        if self.description:
            self.doc["description"] = "\n".join(self.description)
        if self.history:
            self.doc["history"] = self.history

    def classify(self, line: _Line) -> tuple[str, _Span, _Span]:
        text = line.content.text
        col = line.content.column
        # an exchange seen: 'Anna <> Bruno'
        for arrow in _ARROWS:
            at = _find(text, arrow)
            if at >= 0 and _find(text[:at], ":") < 0:
                return "exchange", _strip(_Span(text[:at], col)), _strip(_Span(text[at + len(arrow):],
                                                                                col + at + len(arrow)))
        colon = _find(text, ":")
        if colon < 0:
            raise _Fail(col, f"cannot read {text!r}: expected 'NAME: what he said or did', a header "
                             f"('Ruleset: campli'), 'A <> B', 'shown: ...' or 'claim: ...'")
        head = _strip(_Span(text[:colon], col))
        rest = _strip(_Span(text[colon + 1:], col + colon + 1))
        if head.text.startswith('"'):
            _, used = _unquote(head.text, head.column)
            after = head.text[used:].strip()
            if not after:
                return "player", head, rest
            if V.fold(after) in _CLAIM_SAYS:
                return "claim", head, rest
            raise _Fail(head.column + used, f"expected ':' after the quoted name, not {after!r}")
        key = V.fold(head.text)
        if key in _HEADER_OF:
            return "header:" + _HEADER_OF[key], head, rest
        if key in _SHOWN:
            return "shown", head, rest
        if _claim_head(key) is not None:
            return "claim", head, rest
        return "player", head, rest


_INTEGER = re.compile(r"[+-]?\d+")  # \d: any decimal digit, full-width ones too (int() reads them)


def _whole(text: str, column: int, what: str) -> Optional[int]:
    """``text`` as an integer, None if it is not one; more than inputs.MAX_INT_DIGITS digits are
    refused before they are converted, as the JSON path refuses them (Python's own limit is
    4,300 digits, and a longer number could not be printed back)."""
    if not _INTEGER.fullmatch(text):
        return None
    digits = len(text.lstrip("+-"))
    if digits > MAX_INT_DIGITS:
        raise _Fail(column, f"{what}: an integer of {digits} digits: at most {MAX_INT_DIGITS} digits are read")
    return int(text)


def _shown(text: str) -> str:
    """``text`` quoted for a message, cut at 60 characters."""
    return repr(text) if len(text) <= 60 else repr(text[:59] + "…")


def _talon_king(rules: Any, stack: dict[str, Any], token: Any) -> bool:
    """F4: the last player's request meets the talon's top card, and a king there allows no
    exchange.  A table tells it on the player's line ('François: ?, je change, talon roi'):
    that card is the talon's top, the position's ``stack.top`` (as 'Stack: top roi' tells it),
    and nothing is exchanged.  True where the ruleset has F4's talon (its top card, Q16) and
    ``token`` is its king, and the stack says nothing else of its top (no order, no other top);
    else the event stays an exchange with the stack, for the position's layers to judge.  The
    reader asks it of 'talon K', and :func:`format` refuses the exchange it would misread."""
    if rules.last_request_to != "talon" or rules.talon_card != "top" or not isinstance(token, str):
        return False
    try:
        card = _cards.parse(token, _cards.PACKS[rules.pack].family)
    except (CardNameError, KeyError):
        return False
    return (rules.role_of.get(card.value) == CUCKOO and not stack.get("order")
            and stack.get("top") in (None, "?", token))


def _claim_head(folded: str) -> Optional[str]:
    """How a line's head (folded) opens a claim: '' ('claim:'), 'by' ('claim by NAME:'),
    'says' ('NAME claims:'), or None when it is no claim."""
    if folded in _CLAIM_NOUNS:
        return ""
    words = folded.split(" ")
    if len(words) > 2 and " ".join(words[:2]) in _CLAIM_BY:
        return "by"
    if len(words) > 1 and words[-1] in _CLAIM_SAYS:
        return "says"
    return None


def _strip_quotes(text: str) -> tuple[str, int]:
    """An item in quotation marks ('«sto bene»', '“passo”') without them: (text, shift)."""
    t = text.strip()
    if len(t) >= 2 and t[0] in _QUOTES:
        close = _QUOTES[t[0]]
        end = t.rstrip("!")
        bang = t[len(end):]
        if end.endswith(close) and len(end) >= 2:
            return end[1:-1].strip() + bang, 1
    return text, 0


def _argument(text: str, word: str, column: int) -> _Span:
    """What follows ``word`` (as many words as it has) at the start of ``text``."""
    n = len(word.split())
    found = list(re.finditer(r"\S+", text))
    if len(found) <= n:
        return _Span("", column + len(text))
    start = found[n].start()
    return _Span(text[start:].strip(), column + start)


_COMMA_WORDS = {V.fold(w.text): w for w in V.WORDS if "," in w.text}
# (folded text, word), the longest first
_ARGUMENT_WORDS = sorted(((V.fold(w.text), w) for w in V.WORDS if w.argument), key=lambda kw: -len(kw[0]))


def parse_with_locations(text: str) -> tuple[dict[str, Any], Locations]:
    """Read a deal written in the notation: the position document and, for each JSON path it
    wrote, the (line, column) it came from.  Raises :class:`NotationError` (with every error
    found in ``errors``)."""
    reader = _Reader(text)
    with contextlib.suppress(_Enough):
        reader.read()
    if reader.errors:
        errors = tuple(sorted(reader.errors, key=lambda e: (e.line, e.column)))
        first = errors[0]
        error = NotationError(first.line, first.column, first.message, first.rule, errors)
        error.language = reader.written_in()
        for e in (error, *errors):
            e.rules = reader.rules
        raise error
    where = reader.where
    where.language = reader.written_in()
    return reader.doc, where


def parse(text: str) -> dict[str, Any]:
    """Read a deal written in the notation into a ``cucu-position/1`` document (a JSON-ready
    dict), or raise :class:`NotationError` with the line and column of each error found."""
    return parse_with_locations(text)[0]


# --------------------------------------------------------------------------- normal form

def _family_of(doc: dict[str, Any]) -> Optional[str]:
    ruleset = doc.get("ruleset")
    name = ruleset.get("preset") if isinstance(ruleset, dict) else ruleset
    rules = PRESETS.get(name) if isinstance(name, str) else None
    if rules is None:
        return None
    pack = rules.pack
    if isinstance(ruleset, dict) and isinstance(ruleset.get("options"), dict):
        pack = ruleset["options"].get("pack", pack)
    return _cards.PACKS[pack].family if pack in _cards.PACKS else None


def _canon(card: Any, family: Optional[str]) -> Any:
    if card is None or (isinstance(card, str) and card.strip() == "?"):
        return "?"
    if family is None or not isinstance(card, str):
        return card
    try:
        return _cards.format(_cards.parse(card, family))
    except CardNameError:
        return card


def _clean_note(note: Any) -> Optional[str]:
    if not isinstance(note, str):
        return None
    text = " ".join(note.split())
    return text or None


def normalise(doc: dict[str, Any]) -> dict[str, Any]:
    """The form :func:`parse` gives for the same deal: cards as canonical tokens ('?' for an
    unknown one; an unknown dealt card is no card), a ruleset without options and a player
    without marks or virginity as plain names, ``fermatevi`` as the announcement it stands for,
    announcements without their '!', notes on one line, the claim's lists sorted, and cards given
    as top-level ``shown`` as ``shows`` events at the showdown (the notation has one way to say
    what was shown).  None of these changes a ruling.  (An exchange with the talon that takes
    its king is no form of anything legal: a king there allows no exchange, F4.  It stays as it
    is, and :func:`format` refuses to write it where the notation would read it back as the
    talon's top card.)"""
    d = copy.deepcopy(doc)
    family = _family_of(d)
    ruleset = d.get("ruleset")
    if isinstance(ruleset, dict) and not ruleset.get("options"):
        d["ruleset"] = ruleset.get("preset")
    d["players"] = [p["name"] if isinstance(p, dict) and set(p) == {"name"} else p for p in d.get("players", [])]
    if isinstance(d.get("description"), str):
        d["description"] = "\n".join(line.rstrip() for line in d["description"].replace("\r\n", "\n")
                                     .replace("\r", "\n").split("\n"))
    stack = d.get("stack")
    if isinstance(stack, dict):
        for key in ("order", "cards"):
            if isinstance(stack.get(key), list):
                stack[key] = [_canon(c, family) for c in stack[key]]
        for key in ("top", "bottom"):
            if key in stack:
                stack[key] = _canon(stack[key], family)
    for key in ("hands", "dealt"):
        if isinstance(d.get(key), dict):
            d[key] = {name: _canon(c, family) for name, c in d[key].items()}
    history = [dict(e) for e in d.get("history", [])] if isinstance(d.get("history", []), list) else None
    if history is not None:
        for e in history:
            _normal_event(e, family)
        shown = d.pop("shown", None)
        if isinstance(shown, dict) and shown:
            at = len(history)
            while at > 0 and any(k in history[at - 1] for k in ("buy-back", "decline")):
                at -= 1
            history[at:at] = [{"shows": name, "card": _canon(c, family)} for name, c in shown.items()]
        d["history"] = history
        if not history:
            del d["history"]
    if isinstance(d.get("claim"), dict):
        _normal_claim(d["claim"], family)
    if d.get("stack") == {}:
        del d["stack"]
    return d


def _normal_event(e: dict[str, Any], family: Optional[str]) -> None:
    """One history event in :func:`normalise`'s form, in place."""
    if "fermatevi" in e:
        who = e.pop("fermatevi")
        note = e.pop("note", None)
        e.clear()
        e.update({"announce": "fermatevi", "by": who})
        if note is not None:
            e["note"] = note
    if "announce" in e and isinstance(e["announce"], str):
        e["announce"] = e["announce"].strip().rstrip("!").rstrip()
    if "card" in e:
        c = _canon(e["card"], family)
        if c == "?" and "shows" not in e:
            del e["card"]
        else:
            e["card"] = c
    if "note" in e:
        note = _clean_note(e["note"])
        if note is None:
            del e["note"]
        else:
            e["note"] = note


def _normal_claim(claim: dict[str, Any], family: Optional[str]) -> None:
    """The claim in :func:`normalise`'s form, in place: its lists sorted, its cards canonical."""
    for key in ("loses", "gains"):
        if isinstance(claim.get(key), list):
            claim[key] = sorted(claim[key])
    if isinstance(claim.get("out"), list):
        claim["out"] = sorted(set(claim["out"]))
    if isinstance(claim.get("holds"), dict):
        claim["holds"] = {name: _canon(c, family) for name, c in claim["holds"].items()}
    for key in ("holds", "net"):
        if claim.get(key) == {}:
            del claim[key]  # names nobody: checks nothing


# --------------------------------------------------------------------------- the writer

def _plain(name: str) -> bool:
    words = name.split(" ")
    return (bool(name) and name == name.strip() and "  " not in name
            and all(_PLAIN_WORD.match(w) for w in words)
            and not any(V.fold(w) in _RESERVED for w in words)
            and V.fold(name) not in _RESERVED)


def _name(name: str, players: tuple[str, ...] = ()) -> str:
    """A name as written: plain where it reads back as itself, else quoted (also where another
    player's name begins with it, so that 'shown: Anna V' cannot be read as player 'Anna V')."""
    if _plain(name) and not any(p != name and p.startswith(name + " ") for p in players):
        return name
    return _quote(name)


def _card_text(card: Any) -> str:
    text = "?" if card is None else str(card)
    return text if text and not any(ch.isspace() or ch in ',#"' for ch in text) else _quote(text)


def _rules_of(doc: dict[str, Any]) -> Any:
    ruleset = doc.get("ruleset")
    name = ruleset.get("preset") if isinstance(ruleset, dict) else ruleset
    rules = PRESETS.get(name) if isinstance(name, str) else None
    if rules is not None and isinstance(ruleset, dict) and isinstance(ruleset.get("options"), dict):
        pack = ruleset["options"].get("pack")
        if pack in _cards.PACKS:
            rules = rules.with_options({"pack": pack})
    return rules


_ACTOR_VERBS = ("deal", "keep", "offer", "ask", "accept", "refuse", "agree", "pay-to-refuse", "dealer-exchange",
                "stack-exchange", "pays", "buy-back", "decline", "hint", "fermatevi")


def _actor(e: dict[str, Any]) -> Optional[str]:
    for verb in _ACTOR_VERBS:
        if verb in e:
            return str(e[verb])
    if "announce" in e or "act" in e:
        return str(e.get("by"))
    return None


def format(doc: dict[str, Any], language: Optional[str] = None) -> str:  # the parse/format pair
    """Write a position document as notation, in ``language`` ('it', 'de', 'fr', 'en', 'da') or
    the ruleset's own (Campli's Italian, Coucou's French ...).  Raises ``ValueError``, with the
    path, for what the notation cannot write so that it reads back as itself: a character no
    text output shows as itself in a note or the description, an exchange with the talon that
    takes its king (F4 allows none)."""
    d = normalise(doc)
    _check_writable(d)
    _check_talon_kings(d)
    rules = _rules_of(d)
    lang = language or (V.language_of(rules) if rules is not None else "en")

    d = _in_french(d, rules) if lang == "fr" else d

    def say(meaning: str) -> str:
        if rules is None:
            word = next((w for w in V.WORDS if w.meaning == meaning and w.language == lang), None)
            word = word or next(w for w in V.WORDS if w.meaning == meaning and w.language == "en")
            return word.text
        return V.say(rules, meaning, lang)

    seated = tuple(p if isinstance(p, str) else str(p.get("name")) for p in d.get("players", []))

    def nm(name: str) -> str:
        return _name(name, seated)

    out: list[str] = []
    if isinstance(d.get("description"), str):
        out.extend(f"Description: {line}".rstrip() for line in d["description"].split("\n"))
    out.extend(_ruleset_lines(d.get("ruleset")))
    out.append("Players: " + ", ".join(_player_text(p, nm) for p in d.get("players", [])))
    if "dealer" in d:
        out.append(f"Dealer: {nm(d['dealer'])}")
    for key, label in (("pot", "Pot"), ("eliminations", "Eliminations"), ("reentries", "Reentries"),
                       ("deals_played", "Deals")):
        if key in d:
            out.append(f"{label}: {d[key]}")
    stack = d.get("stack")
    if isinstance(stack, dict) and stack:
        parts = []
        for key in _STACK_PARTS:
            if key in stack:
                value = stack[key]
                cards_ = " ".join(_card_text(c) for c in value) if isinstance(value, list) else _card_text(value)
                parts.append(f"{key} {cards_}".rstrip())
        out.append("Stack: " + ", ".join(parts))
    if isinstance(d.get("dealt"), dict):
        out.append("Dealt: " + ", ".join(f"{nm(n)} {_card_text(c)}" for n, c in d["dealt"].items()))
    history = d.get("history")
    if history is not None:
        out.append("")
        out.extend(_body(history, say, nm))
    if isinstance(d.get("hands"), dict):
        out.append("Hands: " + ", ".join(f"{nm(n)} {_card_text(c)}" for n, c in d["hands"].items()))
    claim = d.get("claim")
    if isinstance(claim, dict):
        out.append(_claim_line(claim, nm))
    return "\n".join(out).rstrip("\n") + "\n"


def _in_french(d: dict[str, Any], rules: Any) -> dict[str, Any]:
    """The document with a French pack's cards as a French table names them, ``roi``, ``dame``,
    ``valet``, ``as`` (the French sources' names, :data:`vocabulary.PRINTED_NAMES`; Coucou's F3
    king, «Sollte diese Karte ein König sein» F4 at the talon), as the notation written in
    French promises ('talon dame', 'talon roi'); they read back as the same cards."""
    if rules is None or _cards.PACKS[rules.pack].family == CUCCU:
        return d
    pack = _cards.PACKS[rules.pack]
    words = {_cards.format(card): name for card in pack.cards
             for name in [V.PRINTED_NAMES["academie-1725"].get(card.value)] if name}

    def word(card: Any) -> Any:
        return [word(c) for c in card] if isinstance(card, list) else words.get(card, card)

    d = copy.deepcopy(d)
    for key in ("stack", "dealt", "hands"):
        if isinstance(d.get(key), dict):
            d[key] = {k: word(v) for k, v in d[key].items()}
    for e in d.get("history") or ():
        if isinstance(e, dict) and "card" in e:
            e["card"] = word(e["card"])
    if isinstance(d.get("claim"), dict) and isinstance(d["claim"].get("holds"), dict):
        d["claim"]["holds"] = {k: word(v) for k, v in d["claim"]["holds"].items()}
    return d


def _ruleset_lines(ruleset: Any) -> list[str]:
    if not isinstance(ruleset, dict):
        return [f"Ruleset: {ruleset}"]
    opts = []
    for key, value in ruleset.get("options", {}).items():
        if isinstance(value, str) and not _OPTION_VALUE.match(value):
            value = _quote(value)
        opts.append(f"{key}={value}")
    return [f"Ruleset: {ruleset.get('preset', '')}", "Options: " + ", ".join(opts)]


def _player_text(p: Any, nm: Callable[[str], str]) -> str:
    if isinstance(p, str):
        return nm(p)
    text = nm(p["name"])
    if "marks" in p:
        text += f" {p['marks']}"
    if "virgin" in p:
        text += " virgin" if p["virgin"] else " not virgin"
    return text


def _check_writable(d: dict[str, Any]) -> None:
    """The description and the notes are written as they are (names and cards are quoted and
    escaped): a character in them that no text output shows as itself (a control character,
    U+2028 ...) would read back as other text, so the document is refused (issue 27), with the
    path and the character."""
    texts = [("$.description", d.get("description"))]
    history = d.get("history")
    if isinstance(history, list):
        texts += [(f"$.history[{i}].note", e.get("note")) for i, e in enumerate(history) if isinstance(e, dict)]
    for path, text in texts:
        if not isinstance(text, str):
            continue
        for line in text.split("\n"):
            bad = _unprintable(line)
            if bad is not None:
                raise ValueError(f"{path}: the character U+{ord(line[bad]):04X} ({_char_name(line[bad])}) cannot be "
                                 "written in the notation as itself")


def _check_talon_kings(d: dict[str, Any]) -> None:
    """F4: a king on the talon's top allows no exchange, so an exchange with the talon that
    takes a king cannot have happened.  The notation reads 'talon K' on the last player's line
    as the table means it (the talon's top card, and no exchange: ``_talon_king``), so such an
    exchange would read back as another, legal, deal; it is refused here with its path, as the
    position's layers refuse it (issue 24 §4).  Where the stack's own line says otherwise (an
    order, another top card) the notation writes the exchange as it is, and the layers judge it."""
    rules = _rules_of(d)
    history = d.get("history")
    if rules is None or rules.last_request_to != "talon" or not isinstance(history, list):
        return
    stack = d["stack"] if isinstance(d.get("stack"), dict) else {}
    for i, e in enumerate(history):
        if isinstance(e, dict) and "stack-exchange" in e and _talon_king(rules, stack, e.get("card")):
            raise ValueError(f"$.history[{i}].card: {e['stack-exchange']} cannot have taken {e['card']} from the "
                             f"talon: a king on its top allows no exchange (F4); a request that meets it is written "
                             f"as the request and the talon's top card ('Stack: top {e['card']}')")


def _item(e: dict[str, Any], say: Callable[[str], str]) -> str:
    if "deal" in e:
        return _card_text(e["card"]) if "card" in e else "?"
    if "announce" in e:
        return f"{e['announce']}!"
    if "act" in e:
        return f"act {e['act']}"
    if "dealer-exchange" in e or "stack-exchange" in e:
        word = say("stack")
        return f"{word} {_card_text(e['card'])}" if "card" in e else word
    if "pays" in e:
        return f"{say('pays')} {e['amount']}" if "amount" in e else say("pays")
    for verb in ("keep", "offer", "ask", "accept", "refuse", "agree", "pay-to-refuse", "buy-back", "decline",
                 "hint"):
        if verb in e:
            return say(verb)
    raise ValueError(f"no notation for {e!r}")  # pragma: no cover - the schema allows no other verb


def _body(history: list[dict[str, Any]], say: Callable[[str], str], nm: Callable[[str], str]) -> list[str]:
    lines: list[str] = []
    i = 0
    while i < len(history):
        e = history[i]
        if "exchange" in e:
            a, b = e["exchange"]
            lines.append(_with_note(f"{nm(a)} <> {nm(b)}", e))
            i += 1
            continue
        if "shows" in e:
            group = [e]
            while "note" not in group[-1] and i + len(group) < len(history) and "shows" in history[i + len(group)]:
                group.append(history[i + len(group)])
            text = "shown: " + ", ".join(f"{nm(g['shows'])} {_card_text(g['card'])}" for g in group)
            lines.append(_with_note(text, group[-1]))
            i += len(group)
            continue
        who = _actor(e)
        group = [e]
        while ("note" not in group[-1] and i + len(group) < len(history)
               and "exchange" not in history[i + len(group)] and "shows" not in history[i + len(group)]
               and _actor(history[i + len(group)]) == who and not _dealt_again(group, history[i + len(group)])):
            group.append(history[i + len(group)])
        text = f"{nm(str(who))}: " + ", ".join(_item(g, say) for g in group)
        lines.append(_with_note(text, group[-1]))
        i += len(group)
    return lines


def _dealt_again(group: list[dict[str, Any]], e: dict[str, Any]) -> bool:
    """A second card dealt to the line's player starts a line of its own: on the same line a card
    whose name is also a call ('roi' at As Qui Court) reads as the call with its '!' forgotten."""
    return "deal" in e and "card" in e and any("deal" in g and "card" in g for g in group)


def _with_note(text: str, e: dict[str, Any]) -> str:
    return f"{text}  # {e['note']}" if "note" in e else text


def _claim_line(claim: dict[str, Any], nm: Callable[[str], str]) -> str:
    head = f"claim by {nm(claim['by'])}:" if "by" in claim else "claim:"
    items: list[str] = []
    for key in ("loses", "gains"):
        names = claim.get(key, [])
        if key in claim and not names:
            items.append(f"nobody {key}")
        for name in sorted(set(names)):
            count = names.count(name)
            items.append(f"{nm(name)} {key}" + (f" {count}" if count > 1 else ""))
    for name, value in claim.get("net", {}).items():
        items.append(f"{nm(name)} net {value:+d}" if value else f"{nm(name)} net 0")
    if "out" in claim and not claim["out"]:
        items.append("nobody out")
    items.extend(f"{nm(name)} out" for name in claim.get("out", []))
    items.extend(f"{nm(name)} holds {_card_text(c)}" for name, c in claim.get("holds", {}).items())
    for key, label in (("next", "next"), ("next_dealer", "next dealer"), ("winner", "winner")):
        if key in claim:
            items.append(f"{label} {nm(claim[key])}")
    return f"{head} {', '.join(items)}".rstrip()


# --------------------------------------------------------------------------- the command line

def _text(data: bytes | str) -> str:
    """The notation's text, as the JSON path reads it (inputs.decode: the size bound, UTF-8 with
    an optional byte order mark, and a bad byte named by its line and column)."""
    if isinstance(data, str):
        if len(data.encode("utf-8", "surrogatepass")) > MAX_BYTES:
            raise InputError(TOO_LARGE)
        return data
    if len(data) > MAX_BYTES:
        raise InputError(TOO_LARGE)
    return decode(data)


# the mistakes a table makes most, as messages to translate (issue 30): the text of an error
# speaks the ruling's language, its JSON message stays English
_ERROR_MESSAGES = Templates(
    N_("unknown word {word}; did you mean {near}? (a card dealt, a decision, a call, '{stack} CARD' or '{pays} N')"),
    N_("unknown word {word} (a card dealt, a decision, a call, '{stack} CARD' or '{pays} N')"),
    N_("{name} is not seated at this table; did you mean {near}? (players: {players})"),
    N_("{name} is not seated at this table (players: {players})"),
    # (every other error a table can meet writing a deal; the most specific first)
    N_("{text} reads as two items: write a comma between them ({fixed})"),
    N_("a quoted name has no closing '\"'"),
    N_("a name is missing"),
    N_("a card is missing"),
    N_("unknown card {card} of the Cuccù pack; did you mean {near}?"),
    N_("unknown card {card} of the Cuccù pack"),
    N_("unknown card {card} of the French pack; did you mean {near}?"),
    N_("unknown card {card} of the French pack"),
    N_("a second '{head}:' line (the first is line {n})"),
    N_("unknown language {lang}; known: {known}"),
    N_("unknown ruleset {name}; did you mean {near}? (known: {known})"),
    N_("unknown ruleset {name} (known: {known})"),
    N_("an empty option"),
    N_("an option is written name=reading ('ties=first'), not {text}"),
    N_("option {key} has no reading"),
    N_("option {key} is given twice"),
    N_("an empty place in the players' list"),
    N_("a player's name is missing"),
    N_("an empty part of the stack"),
    N_("'{kind}' is given twice"),
    N_("'{kind}' takes one card"),
    N_("'{part}' names no card (write 'NAME CARD', '?' for unknown)"),
    N_("'{part}' shows no card (write 'NAME CARD', '?' for unknown)"),
    N_("nothing said or done after '{head}:'"),
    N_("an empty item between commas"),
    N_("{bare} is a card: the card dealt is written without '!', and a targeted card is announced by its call "
       "('{call}!')"),
    N_("{word} reads as a second card dealt to {name}, after {dealt} on this line; a call is written with '!': "
       "{called}"),
    N_("{text} is ambiguous: say {meant}"),
    N_("a second claim (the first is line {n})"),
    N_("write 'nobody loses', 'nobody gains' or 'nobody out'"),
    N_("unknown claim {word}; did you mean {near}?"),
    N_("unknown claim {word}"),
    N_("'out' takes nothing after it, not {text}"),
    N_("no '{label}:' line: a deal names its ruleset, its players in seat order and its dealer"),
    values={"stack": lambda _stack: _table_word("stack"), "pays": lambda _pays: _table_word("pays")},
)
# the ruleset of the deal whose errors are said (a stack exchange is 'cambio col mazzo' at Campli,
# 'talon' at Coucou): None where the deal named none that could be read
_TABLE_RULES: list[Any] = [None]


@contextlib.contextmanager
def table_rules(rules: Any) -> Iterator[None]:
    """Within it, an error names a stack exchange and a mark paid in ``rules``' words."""
    before = _TABLE_RULES[0]
    _TABLE_RULES[0] = rules
    try:
        yield
    finally:
        _TABLE_RULES[0] = before


def _table_word(meaning: str) -> str:
    """``meaning``'s word ('stack', 'pays') in the active language: the ruleset's where it is
    known, else the first of the language's words of any pack (as :func:`format` writes it)."""
    lang = language()
    if _TABLE_RULES[0] is not None:
        with contextlib.suppress(ValueError):
            return V.say(_TABLE_RULES[0], meaning, lang)
    word = next((w for w in V.WORDS if w.meaning == meaning and w.language == lang), None)
    return word.text if word is not None else meaning


def error_message(message: str) -> str:
    """A notation error's message in the active language (English where none matches it)."""
    return _ERROR_MESSAGES(message)


def errors_text(errors: tuple[NotationError, ...], source: str) -> str:
    """Notation errors as a compiler prints them: ``deal.txt:LINE:COL: message [rule]``."""
    n = len(errors)
    lines = [ngettext("{source}: not readable as a deal ({n} problem)",
                      "{source}: not readable as a deal ({n} problems)", n).format(source=source, n=n)]
    with table_rules(errors[0].rules if errors else None):
        for e in errors:
            rule = f" [{cite(e.rule)}]" if e.rule in RULES else ""
            lines.append(f"{source}:{e.line}:{e.column}: {_ERROR_MESSAGES(e.message)}{rule}")
    return "\n".join(lines)
