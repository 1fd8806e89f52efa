"""A ruling's steps in the words the table wrote (issue 24 §2).

A step quotes the word of the ruleset's source for a decision: Campli's keep is 'sto bene' (K5),
its offer 'passo' (K5), its question to the innkeeper 'pagherai se null?' (K14), Coucou's keep
the German article's 'Ich behalte' (F3).  A deal written in the notation says what each player
said on that line ('Carla: VII, ich bleibe'): its steps quote that, as a problem does
(render.table_words), in the account, in ``--steps`` and in the JSON steps alike.  A word of
English usage ('keep', 'offer') is the position's own verb, no table's quotation: there the
step keeps the source's word.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any, Mapping, Optional

from .adjudication import Ruling
from ..formats.vocabulary import ROLES, WORDS

__all__ = ["as_written"]

# the fields of a step that speak (explain.steps_of): its line and the heading of its entry
_SPOKEN = ("text", "heading")


@cache
def _quoted(meaning: str) -> "re.Pattern[str]":
    """Any word of ``meaning`` in quotes, as a step quotes its source's ('sto bene')."""
    words = sorted({w.text for w in WORDS if w.meaning == meaning}, key=len, reverse=True)
    return re.compile("'(?:" + "|".join(map(re.escape, words)) + ")'", re.IGNORECASE)


def as_written(ruling: Ruling, said: Mapping[str, tuple[str, str, str]]) -> Ruling:
    """``ruling`` whose steps quote each decision as the table wrote it on its line.  ``said``:
    the history entry's JSON path -> (the decision's meaning or the call's role, the words written,
    their language) (formats.notation.Locations.said).  A call ('Bruno: Wirtshaus, verweile ein
    wenig!') is told in the steps of the decision it answers, the last entry before it that has
    steps (the offer Bruno's 'fermatevi aliquanto' stops, K14): those steps quote it."""
    written = {at: (meaning, words) for at, (meaning, words, lang) in said.items() if lang != "en"}
    if not written:
        return ruling
    quotes: dict[str, list[tuple["re.Pattern[str]", str]]] = {}
    told_at = _steps_at([ruling.outcomes, ruling.plays, ruling.readings])
    for at, (meaning, words) in written.items():
        if meaning in ROLES:
            at = _answered(at, told_at)
        quotes.setdefault(at, []).append((_quoted(meaning), "'" + words + "'"))

    def told(value: Any) -> Any:
        if isinstance(value, list):
            return [told(v) for v in value]
        if isinstance(value, tuple):
            return tuple(told(v) for v in value)
        if not isinstance(value, dict):
            return value
        quote = quotes.get(str(value.get("at"))) if "text" in value else None
        if quote is None:
            return {k: told(v) for k, v in value.items()}
        return {k: _sub_all(quote, v) if k in _SPOKEN and isinstance(v, str) else v for k, v in value.items()}

    outcomes = [o._replace(steps=told(o.steps), plays=told(o.plays)) for o in ruling.outcomes]
    return ruling._replace(outcomes=outcomes, plays=told(ruling.plays), readings=told(ruling.readings))


def _sub_all(quotes: list[tuple["re.Pattern[str]", str]], text: str) -> str:
    for pattern, words in quotes:
        text = pattern.sub(words.replace("\\", "\\\\"), text)
    return text


_ENTRY = re.compile(r"\$\.history\[(\d+)\]$")


def _steps_at(value: Any, found: Optional[set[int]] = None) -> set[int]:
    """The history entries (their index) that some step of ``value`` is told at."""
    found = set() if found is None else found
    if isinstance(value, (list, tuple)):
        for v in value:
            _steps_at(v, found)
    elif isinstance(value, dict):
        m = _ENTRY.match(str(value.get("at"))) if "text" in value else None
        if m:
            found.add(int(m.group(1)))
        for v in value.values():
            _steps_at(v, found)
    elif hasattr(value, "_asdict"):
        _steps_at(list(value._asdict().values()), found)
    return found


def _answered(at: str, told_at: set[int]) -> str:
    """The entry whose steps tell the call written at ``at``: the last one at or before it."""
    m = _ENTRY.match(at)
    before = [i for i in told_at if m and i <= int(m.group(1))]
    return f"$.history[{max(before)}]" if before else at
