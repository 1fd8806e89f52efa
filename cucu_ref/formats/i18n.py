"""The language a ruling speaks (issue 30): gettext catalogs for Italian, German, French and Danish.

The messages are English in the code (gettext's msgids); each other language has a catalog,
``cucu_ref/locale/<lang>/LC_MESSAGES/cucu_ref.po``, the source kept in the repository.  Babel
extracts the messages (``babel.cfg``: ``pybabel extract -F babel.cfg -k N_ -o
cucu_ref/locale/cucu_ref.pot cucu_ref``) and gives each language its plural rule.

Where the compiled catalogs come from (the choice, written down for issue 30): a wheel or an
install from the sdist compiles each ``.po`` into ``.mo`` at build time (``setup.py``'s
``build_py`` step, with Babel); a source checkout or an editable install has no ``.mo`` beside
the ``.po`` (or an older one), so the ``.po`` is compiled into memory on first use, with
Babel's own reader and writer, and the result kept beside it for the next process where the
folder can be written (ignored by git).  Either way a fuzzy entry is not used: its message stays
English, and ``tests/test_i18n.py`` fails on it.

English is no catalog at all: a message is its own msgid, so nothing is loaded and the
English ruling is byte for byte what it was before the catalogs.  The language is a setting
of the process (:func:`speaking`); one input is ruled in one language at a time.
"""

from __future__ import annotations

import gettext as _gettext
import re
import os
from contextlib import contextmanager, suppress
from functools import cached_property
from io import BytesIO
from keyword import iskeyword
from string import Formatter
from pathlib import Path
from typing import Callable, Iterable, Iterator, Mapping, Optional, Union

__all__ = ["LANGUAGES", "DOMAIN", "LOCALE_DIR", "N_", "gettext", "pgettext", "ngettext", "speaking", "language",
           "translations", "catalog_path", "fmt", "Templates", "polished", "keeping", "ordinal",
           "english_ordinal", "npgettext", "reading_words", "after_a_colon"]

LANGUAGES = ("en", "it", "de", "fr", "da")
DOMAIN = "cucu_ref"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

# the active catalog (None: English, no lookup) and its language
_ACTIVE: list[Optional[_gettext.GNUTranslations]] = [None]
_LANGUAGE = ["en"]
_LOADED: dict[str, Optional[_gettext.GNUTranslations]] = {}


def N_(message: str) -> str:
    """Marks a message for extraction where it is translated later (a table of texts)."""
    return message


def gettext(message: str) -> str:
    """``message`` in the active language (itself in English, or where the catalog lacks it)."""
    active = _ACTIVE[0]
    return message if active is None else active.gettext(message)


def pgettext(context: str, message: str) -> str:
    """``message`` as the active language says it in ``context`` (gettext's msgctxt): where a
    language must decline or contract a name that English does not, e.g. after a preposition
    (German 'nach dem deutschen Bericht', Italian 'del resoconto tedesco'); itself in English,
    or where the catalog has no entry in that context."""
    active = _ACTIVE[0]
    return message if active is None else active.pgettext(context, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` in the active language: its own plural rule (one form in English for
    1, another for the rest; Babel writes each catalog's rule in its header)."""
    active = _ACTIVE[0]
    if active is None:
        return singular if n == 1 else plural
    return active.ngettext(singular, plural, n)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` in ``context`` (gettext's msgctxt): where a language says a count's
    words otherwise than English in that context (German 'keine' of a Marke, 'keines' of a
    Leben, where English says 'none' of both); English, or where the catalog has no entry."""
    active = _ACTIVE[0]
    if active is None:
        return singular if n == 1 else plural
    return active.npgettext(context, singular, plural, n)


def language() -> str:
    """The active language's code ('en', 'it', 'de', 'fr', 'da')."""
    return _LANGUAGE[0]


# template (as said in some language) -> the function that fills its fields (see fmt)
_FILLERS: dict[str, Callable[..., str]] = {}


def fmt(template: str) -> Callable[..., str]:
    """``template.format`` as a function compiled once per template: ``fmt(_("{player} wins
    the match"))(player="Anna")`` is ``_("{player} wins the match").format(player="Anna")``.
    ``str.format`` parses its template at every call (on this project's interpreter about 5,900
    instructions with three named fields; the filler, an f-string compiled from the template,
    about 1,700 with the look-up).  Keyed by the template as said, so it serves every language:
    a translation's fields may come in another order.  Values given for no field are ignored, as
    ``format`` ignores them; a template with a field that is no plain name ('{0}', '{a[0]}',
    '{n:{w}}') is filled by ``format`` itself."""
    filler = _FILLERS.get(template)
    if filler is None:
        filler = _filler(template)
        if len(_FILLERS) >= 4096:  # (the catalogs' messages are a few hundred: a text built anew is not kept)
            _FILLERS.clear()
        _FILLERS[template] = filler
    return filler


def _filler(template: str) -> Callable[..., str]:
    """The f-string function of ``template``'s named fields (:func:`fmt`): its literal parts
    written as string literals (``repr``, braces doubled), each field as itself."""
    parts: list[str] = []
    names: dict[str, None] = {}
    try:
        for literal, field, spec, conversion in Formatter().parse(template):
            if literal:
                parts.append("f" + repr(literal).replace("{", "{{").replace("}", "}}"))
            if field is None:
                continue
            if (not field.isidentifier() or iskeyword(field) or field.startswith("__")
                    or any(c in (spec or "") for c in "{'\\")):
                return template.format
            names[field] = None
            parts.append("f'{" + field + ("!" + conversion if conversion else "") + (":" + spec if spec else "") + "}'")
    except ValueError:  # (a template str.format would refuse: let it say so at the call)
        return template.format
    if not names:
        text = template.format()  # (str.format: '{{' is '{' even with no field)
        return lambda **_values: text
    source = f"lambda *, {', '.join(names)}, **__unused: {' '.join(parts)}"
    filler: Callable[..., str] = eval(source, {"__builtins__": {}})  # (its source is built above from the template)
    return filler


def catalog_path(lang: str, suffix: str = ".po") -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / (DOMAIN + suffix)


def translations(lang: str) -> Optional[_gettext.GNUTranslations]:
    """The compiled catalog of ``lang`` (not English): the ``.mo`` built beside the ``.po`` where
    it is not older than it, else the ``.po`` compiled into memory (a source checkout); None
    for a language with no catalog yet (its rulings are English)."""
    if lang in _LOADED:
        return _LOADED[lang]
    po, mo = catalog_path(lang), catalog_path(lang, ".mo")
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        data: Optional[bytes] = mo.read_bytes()
    else:
        data = _compiled(po) if po.exists() else None
        if data is not None:
            _keep(mo, data)
    loaded = _LOADED[lang] = _gettext.GNUTranslations(BytesIO(data)) if data is not None else None
    return loaded


def _compiled(po: Path) -> bytes:
    """A ``.po`` catalog compiled to ``.mo`` bytes in memory (fuzzy entries left out)."""
    # cold start: babel.messages.mofile costs 13 ms, used only by another language than English in a source checkout
    # (measured on the shared machine: the import 13-54 ms, the Italian catalog's compilation
    # 49 ms more; a wheel's catalogs are compiled at build time and load without Babel)
    from babel.messages.mofile import write_mo
    # cold start: babel.messages.pofile costs 1 ms, used only by another language than English in a source checkout
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        catalog = read_po(f)
    out = BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def _keep(mo: Path, data: bytes) -> None:
    """Keep a catalog compiled from its ``.po`` beside it (a source checkout: the next process
    loads it in milliseconds instead of compiling it again, which costs Babel's import and
    about 50 ms a catalog); written whole under another name and renamed, so a process reading
    it never sees half of it; where the folder cannot be written, nothing is kept
    (``.gitignore`` leaves these files out of the repository)."""
    part = mo.with_name(f"{mo.name}.{os.getpid()}.part")
    try:
        part.write_bytes(data)
        os.replace(part, mo)
    except OSError:
        with suppress(OSError):
            part.unlink()


class speaking:  # (lower case: the name of the function it replaced, used as "with speaking(lang)")
    """Within it, messages are in ``lang`` (None or 'en': English).  A class, not a generator
    made into a context manager: a batch enters one for every position."""

    __slots__ = ("lang", "before")

    def __init__(self, lang: Optional[str]) -> None:
        lang = lang or "en"
        if lang not in LANGUAGES:
            raise ValueError(f"no language {lang!r}; the languages: {', '.join(LANGUAGES)}")
        self.lang = lang
        self.before: tuple[Optional[_gettext.GNUTranslations], str] = (None, "en")

    def __enter__(self) -> None:
        lang = self.lang
        self.before = _ACTIVE[0], _LANGUAGE[0]
        _ACTIVE[0] = None if lang == "en" else translations(lang)
        _LANGUAGE[0] = lang

    def __exit__(self, *exc: object) -> None:
        _ACTIVE[0], _LANGUAGE[0] = self.before


def extract_rules_data(fileobj: object, keywords: object, comment_tags: object,
                       options: object) -> Iterator[tuple[int, Optional[str], Union[str, tuple[str, str]], list[str]]]:
    """Babel's extractor for the rules' own texts (``babel.cfg``): the presets' titles, the open
    points' questions, their readings and each preset's reasons for its readings (:mod:`cucu_ref.game.rulesets`,
    standard library only, so nothing there is marked); they are translated where a ruling or
    ``--rulesets`` says them.  The sources quoted in them stay in their own language."""
    # cold start: game.rulesets costs 0 ms, used only by pybabel
    from ..game.rulesets import COUNTED, OPTIONS, OWN_READINGS, PRESET_INFO, PRESET_REASONS

    for name, info in PRESET_INFO.items():
        yield 0, None, info.title, [f"the title of {name}"]

    counted = []
    for spec in OPTIONS.values():
        yield 0, None, spec.question, [f"open point {spec.name} ({spec.settles})"]
        counted += [spec.question] if any(c in spec.question for c in COUNTED) else []
        for r in spec.readings:
            yield 0, None, r.text, [f"reading {spec.name} = {r.value}"]
            counted += [r.text] if any(c in r.text for c in COUNTED) else []
    # the words of a game of lives (D1, R1, S1) where they agree with the counter ('la sua vita')
    for text in counted:
        yield 0, "pgettext", ("lives", text), ["the same text in a game of lives (D1, R1, S1): {counter} 'life'"]
    for word in ("mark", "marks", "life", "lives"):
        yield 0, "pgettext", ("counter", word), ["what a player loses, in an open point's text ({counter}, {counters})"]
    for (preset, option, value), (_rule, own) in OWN_READINGS.items():
        yield 0, None, own, [f"reading {option} = {value} as {preset}'s source says it"]
    for preset, reasons in PRESET_REASONS.items():
        for key, why in reasons.items():
            yield 0, None, why, [f"why {preset} takes its {key}"]


# What gettext cannot do: a word's form that depends on the word after it, and the name put there
# is only known when the message is said (issue 30).  French elides 'de'/'que' before a vowel
# ("la carte d'Anna", not "de Anna"); Italian takes the euphonic d before the same vowel ("ad
# Anna", "Bruno ed Emil").  Only before a capitalised word that goes on in small letters: a
# player's name or a card's ('d'Eymer'); never before a numeral ('de IIII' is read 'de quatre',
# so it is not elided) nor inside the catalogs' own words, which their translators elided.
_JOINS: dict[str, tuple[tuple[re.Pattern[str], str], ...]] = {
    "fr": ((re.compile(r"\b([Dd]|[Qq]u)e (?=[AEIOUYÀÂÉÈÊÎÔÛ][a-zà-ÿ])"), r"\1'"),),
    "it": ((re.compile(r"\b([Aa]) (?=A[a-zà-ù])"), r"\1d "), (re.compile(r"\b([Ee]) (?=E[a-zà-ù])"), r"\1d "),
           # the preposizioni articolate, where a sentence is put together from parts ('più alta
           # di' + 'la carta di Fabio': 'più alta della carta di Fabio'; 'data a' + 'il mazziere')
           (re.compile(r"\b([Dd])i (l[aoe]\b|l')"), r"\1el\2"), (re.compile(r"\b([Dd])i (i|gli)\b"), r"\1e\2"),
           (re.compile(r"\b([Aa]) (l[aoe]\b|l')"), r"\1l\2"), (re.compile(r"\b([Aa]) (i|gli)\b"), r"\1\2"),
           (re.compile(r"\b([Dd])a (l[aoe]\b|l')"), r"\1al\2"), (re.compile(r"\b([Dd])a (i|gli)\b"), r"\1a\2"),
           (re.compile(r"\b([Dd])i il\b"), r"\1el"), (re.compile(r"\b([Aa]) il\b"), r"\1l"),
           (re.compile(r"\b([Dd])a il\b"), r"\1al")),
}


# French typography: a space before ';' and before the ':' that follows a parenthesis, where the
# code joins parts with '; ' and '): ' (the catalogs' own French already has them); a quotation
# «...» keeps its source's punctuation, and a place ('$.hands["Anna"]:', 'deal.txt:5:7:') is
# never touched (no ')' before its colon).
_FRENCH_SPACES = ((re.compile(r"(?<=\S); "), " ; "), (re.compile(r"(?<=[)']): "), " : "))
# (the marks built with chr(): the pattern is not a quotation, and tests/test_quotations.py
# reads every «...» in the package's strings as one that must stand in the sources)
_OPEN, _CLOSE = chr(0xAB), chr(0xBB)
_QUOTATION = re.compile(f"({_OPEN}[^{_CLOSE}]*{_CLOSE})")


# the players' names of the ruling being said: a join never reaches inside one ('Jan de Abreu'
# stays so in French, where 'de Abreu' would become "d'Abreu"), though it elides before it
_NAMES: list[tuple[str, ...]] = [()]


@contextmanager
def keeping(names: Iterable[str]) -> Iterator[None]:
    """Within it, :func:`polished` keeps each of ``names`` (the players') as it is written."""
    before = _NAMES[0]
    _NAMES[0] = tuple(sorted(set(names), key=len, reverse=True))  # (a name inside another: the longer first)
    try:
        yield
    finally:
        _NAMES[0] = before


# German and Danish write the genitive of a name ending in an s sound with an apostrophe alone
# ('Jens' Karte', 'Jens' kort'), where their catalogs put '{player}s' ('Jenss kort' otherwise)
_APOSTROPHE_GENITIVE = {"de": "sßxz", "da": "sxz"}


def _genitive_apostrophes(text: str) -> str:
    """``text`` with each player's name that ends in an s sound and takes the genitive 's'
    written with the apostrophe instead ('Jenss' -> "Jens'")."""
    endings = _APOSTROPHE_GENITIVE[_LANGUAGE[0]]
    for name in _NAMES[0]:
        if name[-1:].lower() in endings:
            # (a backslash in a name doubled: the replacement is read as a template)
            text = re.sub(rf"(?<!\w){re.escape(name)}s(?!\w)", name.replace("\\", "\\\\") + "'", text)
    return text


def polished(text: str) -> str:
    """``text`` as the active language joins its words where a name follows: 'de Anna' becomes
    "d'Anna" in French, 'a Anna' 'ad Anna' and 'e Emil' 'ed Emil' in Italian; in French the
    space before ';' and '):' too; English and the other languages unchanged.  A player's name
    (:func:`keeping`) is never changed inside."""
    lang = _LANGUAGE[0]
    joins = _JOINS.get(lang, ())
    # a name a join could reach inside stands for itself by its first two letters and a mark, so
    # the word before it still joins ('de Ana de Abreu' -> "d'Ana de Abreu")
    guarded = [n for n in _NAMES[0] if len(n) > 2 and any(p.search(n) for p, _ in joins)]
    for i, name in enumerate(guarded):
        text = text.replace(name, f"{name[:2]}\x00{i}\x00")
    for pattern, join in joins:
        text = pattern.sub(join, text)
    for i, name in enumerate(guarded):
        text = text.replace(f"{name[:2]}\x00{i}\x00", name)
    if lang in _APOSTROPHE_GENITIVE:
        text = _genitive_apostrophes(text)
    if lang == "fr":
        parts = _QUOTATION.split(text)
        for i in range(0, len(parts), 2):  # (the odd parts are quotations)
            for pattern, spaced in _FRENCH_SPACES:
                parts[i] = pattern.sub(spaced, parts[i])
        text = "".join(parts)
    return text


def ordinal(n: int) -> str:
    """``n`` as the active language writes a place in a row of cards (a card is feminine in
    Italian and French): '3rd', '3ª', '3.', '3e' ('1re' for the first), '3.'."""
    lang = _LANGUAGE[0]
    if lang == "it":
        return f"{n}ª"
    if lang in ("de", "da"):
        return f"{n}."
    if lang == "fr":
        return "1re" if n == 1 else f"{n}e"
    return english_ordinal(n)


def english_ordinal(n: int) -> str:
    """'1st', '2nd', '3rd', '11th', '21st': the English the labels of unknown cards are chosen in."""
    return f"{n}{'th' if 10 <= n % 100 < 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


class Templates:
    """Messages the code writes in English with values in them (a problem found by the replay,
    a showdown note of the scoring), matched whole and said in the active language with the
    same values: where a message is built far below the ruling, the ruling translates it as it
    is said (the English is unchanged, and a message none of them matches stays English).

    A value that is itself one of the messages (a reason inside a divergence, what a card was
    in a problem: ``{what}``, ``{why}``, ``{happened}``) is said too; ``values`` gives the words
    of a value by its field's name where it is no message (an unknown card's label, a list of
    places).  A field named twice (``{player} is dealt {card} ... where {player}'s card ...``)
    holds the same value both times."""

    _FIELD = re.compile(r"\\\{(\w+)\\\}")

    def __init__(self, *messages: str, values: Optional[Mapping[str, Callable[[str], str]]] = None,
                 shapes: Optional[Mapping[str, str]] = None, english: Optional[re.Pattern[str]] = None) -> None:
        """``shapes``: the pattern of a field's values where they have one (a rule ID, a name
        with no ':' in it), so that a message cannot match a text by splitting it elsewhere
        (a place's '(' read as its rule's, a short message read as a long one); any text else.
        ``english``: the texts (those it finds something in) whose values English too says in
        its own words (a position's verb 'buy-back' as 'buy back'); any other English text stays
        as it is, and costs nothing."""
        self.messages = messages
        self.shapes = dict(shapes or {})
        self.values = dict(values or {})
        self.english = english

    @cached_property
    def patterns(self) -> tuple[tuple[re.Pattern[str], str], ...]:
        """Each message's pattern, compiled at the first text said (cold start: the problems'
        templates are about 170 patterns, 20 ms to compile, which an English ruling never reads)."""
        return tuple((self._pattern(m), m) for m in self.messages)

    def _pattern(self, message: str) -> re.Pattern[str]:
        seen: set[str] = set()

        def field(found: re.Match[str]) -> str:
            name = found.group(1)
            if name in seen:
                return f"(?P={name})"
            seen.add(name)
            return f"(?P<{name}>{self.shapes.get(name, '.+?')})"

        return re.compile("^" + self._FIELD.sub(field, re.escape(message)) + "$", re.DOTALL)

    def __call__(self, text: str) -> str:
        if _ACTIVE[0] is None and (self.english is None or self.english.search(text) is None):
            return text
        said = self.said(text)
        return text if said is None else said

    def said(self, text: str) -> Optional[str]:
        """``text`` in the active language where one of the messages matches it whole, else None."""
        for pattern, message in self.patterns:
            found = pattern.match(text)
            if found:
                return gettext(message).format(**{k: self._value(k, v) for k, v in found.groupdict().items()})
        return None

    def _value(self, key: str, value: str) -> str:
        if key in self.values:
            return self.values[key](value)
        if key == "options":  # (the decisions open: 'keep or offer')
            return value.replace(" or ", gettext(" or "))
        said = self.said(value)
        return said if said is not None else self._alternatives(value)

    @staticmethod
    def _alternatives(value: str) -> str:
        """A value that offers quoted alternatives ("'XII' or 'VII'") joined by the language's
        'or' ("'XII' o 'VII'")."""
        return value.replace("' or '", "'" + gettext(" or ") + "'")


def reading_words(value: str, text: str) -> str:
    """An open question's reading in its own words (issue 24 §1): its text (already in the active
    language) without the bare 'yes: ' / 'no: ' or '<value>: ' that repeats the option's value,
    an identifier nobody at a table says.  One source for the ruling, ``--steps`` and a trace's
    verdict."""
    for prefix in (f"{value}: ", "yes: ", "no: ", gettext("yes: "), gettext("no: ")):
        if text.startswith(prefix):
            return text[len(prefix):]
    return text


# a colon inside a reading's own words, as English and French write it ('offer: keep', 'tour :
# le jeu'), but not one inside a quotation (guillemets: \u00ab ... \u00bb) or a bracket
_OWN_COLON = re.compile(r"\s?:\s(?![^%s]*%s)(?![^(]*\))" % (chr(0xAB), chr(0xBB)))


def after_a_colon(text: str) -> str:
    """A reading's words where they follow a colon ('This ruling reads: ...', issue 24 §2): its own
    colons become dashes, so that no line reads '...: ...: ...' ('the dealer's event card ends
    the round — play would go on with the player right of it')."""
    return _OWN_COLON.sub(" — ", text)
