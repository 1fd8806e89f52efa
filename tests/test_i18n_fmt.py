"""i18n.fmt (issue 26, the adjudicator's batch): a template's filler compiled once gives what
``str.format`` gives, for every message of every catalog and its translation, and for the
templates ``format`` reads otherwise (escaped braces, quotes, specs, fields that are no name).
No rule is stated here: the expected text is ``str.format``'s own."""

from __future__ import annotations

import re
from string import Formatter

import pytest

from cucu_ref.formats.i18n import LANGUAGES, fmt, translations

_FIELD = re.compile(r"(?<!\{)\{(\w+)")


def _messages() -> list[str]:
    """Every msgid and msgstr (plural forms too) of the catalogs that has a field."""
    out: set[str] = set()
    for lang in LANGUAGES[1:]:
        catalog = translations(lang)
        assert catalog is not None, lang
        for key, text in catalog._catalog.items():  # type: ignore[attr-defined]
            msgid = key[0] if isinstance(key, tuple) else key
            for t in (msgid, text):
                if isinstance(t, str) and "{" in t:
                    out.add(t)
    return sorted(out)


def _values(template: str) -> dict[str, object]:
    """A distinct value for each field the template names (a number where a spec may ask one)."""
    names = {field for _, field, _, _ in Formatter().parse(template) if field}
    return {name: (7 if name in ("n", "amount", "count", "k", "stakes_n") else f"<{name}>") for name in names}


def test_the_catalogs_have_templates() -> None:
    assert len(_messages()) > 300  # (the catalogs' messages with fields, in five languages)


@pytest.mark.parametrize("template", _messages())
def test_every_catalog_message(template: str) -> None:
    values = _values(template)
    try:
        expected = template.format(**values)
    except (ValueError, KeyError, IndexError) as err:  # (a number spec given text: format's own error)
        with pytest.raises(type(err)):
            fmt(template)(**values)
        return
    assert fmt(template)(**values) == expected
    assert fmt(template)(**values, unused="x") == expected  # (a value for no field is ignored, as by format)


@pytest.mark.parametrize("template", [
    "", "no field", "{{literal}} {{", "{a}", "{a}{a} {b}", "it's \"q\" {a}\n\\ end\t\x00", "{n:>5}|{n!r}|{n:03d}",
    "{a!s} {a!a}", "{0} positional", "{a[0]} index", "{a.upper} attribute", "{if} keyword", "{n:{w}} nested",
    "{__class__} dunder", "d'{a}", "«{a}»", "{a}{b}{c}{d}{e}{f}{g}{h}",
])
def test_templates_format_reads_otherwise(template: str) -> None:
    values: dict[str, object] = {k: k.upper() for k in "abcdefgh"}
    values.update({"n": 3, "w": 6, "if": "IF", "__class__": "C"})
    try:
        expected = template.format(**values)
    except (IndexError, KeyError) as err:
        with pytest.raises(type(err)):
            fmt(template)(**values)
        return
    assert fmt(template)(**values) == expected


def test_a_missing_value_is_refused() -> None:
    with pytest.raises((KeyError, TypeError)):
        fmt("{player} wins the match")(winner="Anna")


def test_one_filler_per_template() -> None:
    assert fmt("{player} wins the match") is fmt("{player} wins the match")
