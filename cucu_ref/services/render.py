"""Rulings as JSON (``cucu-ruling/1``, see ``specs/ruling-1.schema.json``) and as readable text."""

from __future__ import annotations

import re
from contextlib import contextmanager
from itertools import repeat
from operator import contains
from typing import Any, Callable, Iterator, Mapping, Optional, Sequence

from .adjudication import Ruling, problems
from .adjudication.conditions import spoken
from .adjudication.explain import pot_words, restart_words, share_words, stakes_words
from .adjudication.summary import BUY_BACK_OR_NOT, many, next_beyond, unsaid
from ..formats.i18n import N_, Templates, after_a_colon, fmt, gettext as _, ngettext, npgettext, reading_words
from ..formats.position import CARD_PROBLEMS, Problem
from ..formats.sources import RULES, SOURCES, author_name, cite, is_open_question, reference
from ..formats.vocabulary import counter_words, display_label, option_text, option_words
from ..game.cards import PACKS, Card, format as card_token, parse as parse_card
from ..game.rulesets import (
    CUCKOO, OPTIONS, PRESET_INFO, PRESET_REASONS, PRESETS, by_identity, open_options, options_in_play,
    page_open_points,
    own_reading,
)

__all__ = ["RULING_FORMAT", "ruling_json", "problems_json", "error_json", "ruling_text", "problems_text",
           "problem_message", "table_words", "rulesets_json", "rulesets_text", "citation", "printable",
           "json_printable", "full_steps", "NoRecord"]

RULING_FORMAT = "cucu-ruling/1"


# --------------------------------------------------------------------------- safe characters
# Names, notes and any text quoted from the input reach the output.  A character that is not
# printable (a control such as ESC or NUL, a line or paragraph separator, a bidirectional
# control, a non-breaking or zero-width space ...: str.isprintable() says which) could clear the
# terminal or forge a line such as 'Claim by Anna: UPHELD' (issue 12, finding 9), so every
# output escapes it.  Names with controls are refused by the schema; this is the second wall.


def _escape_text(ch: str) -> str:
    n = ord(ch)
    return f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}" if n < 0x10000 else f"\\U{n:08x}"


def _escape_json(ch: str) -> str:
    n = ord(ch)
    if n < 0x10000:
        return f"\\u{n:04x}"
    n -= 0x10000
    return f"\\u{0xD800 + (n >> 10):04x}\\u{0xDC00 + (n & 0x3FF):04x}"


# The Latin-1 characters str.isprintable() refuses, but the line feed (a line of its own below):
# C0 and C1 controls, DEL, the no-break space, the soft hyphen
_UNPRINTABLE_LATIN1 = bytes(c for c in range(256) if c != 10 and not chr(c).isprintable())


def _escaped(text: str, escape: Any) -> str:
    try:
        # the common case: text of Latin-1 characters only (a record's sources, 'Cuccù'), all
        # printable but line feeds; one table lookup per byte, in C (isprintable looks each
        # character up in the Unicode database)
        raw = text.encode("latin-1")
    except UnicodeEncodeError:
        raw = None
    if raw is not None and len(raw.translate(None, _UNPRINTABLE_LATIN1)) == len(raw):
        return text
    if text.isprintable():  # checked in C
        return text
    return "\n".join(line if line.isprintable() else "".join(ch if ch.isprintable() else escape(ch) for ch in line)
                     for line in text.split("\n"))


def printable(text: str) -> str:
    """``text`` with every non-printable character but the line feed escaped as Python writes
    it (``\\x1b``, ``\\u202e``): what a text output may carry."""
    return _escaped(text, _escape_text)


def json_printable(text: str) -> str:
    """JSON text (from ``json.dumps``) with every non-printable character escaped as ``\\uXXXX``:
    the same JSON value, and a record stays one line for every line splitter (U+2028, U+0085).
    Outside strings JSON text has only ASCII and, when indented, line feeds."""
    return _escaped(text, _escape_json)


_NOT_SAID = ("this ruling was made with adjudicate(..., every_condition=False): another reading's cases have no "
             "worded conditions; its JSON and its --steps text need every_condition=True")


def _every_condition(ruling: Ruling) -> None:
    """A ruling made for its text alone (``adjudicate(..., every_condition=False)``) has not put
    another reading's many cases in words: what gives each case (its JSON, its --steps text)
    refuses it, never giving those cases with other words than a full ruling's."""
    if not ruling.conditions_said:
        raise ValueError(_NOT_SAID)


class NoRecord(Mapping[str, Any]):
    """In place of the JSON record of a ruling made for its text alone (``every_condition=False``,
    services.documents): it has none, and any read of it refuses (ValueError naming the keyword;
    ``json.dumps`` a TypeError), so no caller writes a record whose cases lack their conditions."""

    def __getitem__(self, key: str) -> Any:
        raise ValueError(_NOT_SAID)

    def __iter__(self) -> Iterator[str]:
        raise ValueError(_NOT_SAID)

    def __len__(self) -> int:
        raise ValueError(_NOT_SAID)


def ruling_json(ruling: Ruling, source: str) -> dict[str, Any]:
    _every_condition(ruling)
    outcomes = []
    for o in ruling.outcomes:
        entry: dict[str, Any] = {"when": o.when}
        if o.condition:
            entry["if"] = o.condition
        entry["verdict"] = verdict_text(o.result, ruling.rules, o.steps, ruling.unknown, o.when)
        entry["steps"] = o.steps
        if o.shared is not None:
            # (issue 24 §1/§5: the cases play differently; the first shared steps hold in all of them)
            entry["shared_steps"] = o.shared
            entry["plays"] = list(o.plays)
        entry["result"] = o.result
        outcomes.append(entry)
    out = {
        "format": RULING_FORMAT,
        "input": source,
        "status": "ruling",
        "exit_code": 0,
        "problems": [],
        "warnings": [p.as_json() for p in ruling.warnings],
        "ruleset": {"preset": ruling.preset, "options": ruling.overrides},
        "unknown_cards": ruling.unknown,
        "outcomes": outcomes,
        "open_questions": ruling.readings,
        "claim": ruling.claim,
    }
    if ruling.certain is not None:
        out["certain"] = ruling.certain  # (issue 24 §5: only where unknown cards decide the outcome)
    if ruling.by_player is not None:
        out["by_player"] = ruling.by_player  # (issue 24 §5: only where they decide among many outcomes)
    return out


def problems_json(problems: list[Problem], source: str, verdict: Optional[str] = None,
                  valid_under: Sequence[dict[str, Any]] = (), warnings: Sequence[Problem] = (),
                  certain: Optional[dict[str, Any]] = None, cards: Sequence[str] = ()) -> dict[str, Any]:
    """The record of a position given no ruling.  ``verdict``: 'illegal' (a history the chosen
    reading rejects and another reading of an open point allows: ``valid_under``), 'impossible'
    (under every reading), 'under-specified' (it depends on too many unknown cards).

    ``certain``: where an under-specified position is still certain of something (issue 24 §5),
    status 'partial' (exit code 1 still: no whole ruling), with what is certain and the unknown
    ``cards`` that would decide the rest."""
    out: dict[str, Any] = {"format": RULING_FORMAT, "input": source, "status": "partial" if certain else "invalid",
                           "exit_code": 1, "problems": [p.as_json() for p in problems]}
    if certain:
        out["unknown_cards"] = list(cards)
        out["certain"] = certain
    if verdict:
        out["verdict"] = verdict
        if verdict in ("illegal", "impossible"):
            out["valid_under"] = list(valid_under)
    if warnings:
        out["warnings"] = [p.as_json() for p in warnings]
    return out


def error_json(message: str, source: str, code: int) -> dict[str, Any]:
    status = {2: "usage-error", 3: "internal-error"}.get(code, "invalid")
    return {"format": RULING_FORMAT, "input": source, "status": status, "exit_code": code,
            "problems": [{"layer": "input" if code == 1 else "internal", "path": "$", "message": message,
                          "rule": None, "source": None}]}


# --------------------------------------------------------------------------- text


def _rule_text(rule: Optional[str]) -> str:
    return f" [{cite(rule)}]" if rule in RULES else (f" [{rule}]" if rule else "")


def problems_text(problems: list[Problem], source: str, verdict: Optional[str] = None,
                  valid_under: Sequence[dict[str, Any]] = (), warnings: Sequence[Problem] = (),
                  certain: Optional[dict[str, Any]] = None, rules: Any = None) -> str:
    """The text of a position given no ruling (:func:`problems_json`): the head, what is certain
    whatever the cards where an under-specified position is still certain of something (issue
    24 §5, one line, in the words of ``rules``' source: marks or lives), each problem at its
    place, then the readings and warnings."""
    layers = {p.layer for p in problems}
    n = len(problems)
    if verdict == "under-specified":
        head = _("{source}: under-specified: the ruling depends on cards the position does not give")
    elif verdict == "illegal":
        head = _("{source}: the history cannot have happened under {readings}")
    elif layers == {"history"}:
        head = (_("{source}: the history cannot have happened under any reading of the open points")
                if verdict == "impossible" else _("{source}: the history cannot have happened"))
    elif "schema" in layers:
        head = ngettext("{source}: not a valid position ({n} problem)", "{source}: not a valid position ({n} problems)",
                        n)
    elif "input" in layers:
        head = _("{source}: cannot read the position")
    else:
        head = ngettext("{source}: impossible position ({n} problem)", "{source}: impossible position ({n} problems)",
                        n)
    lines = [head.format(source=source, n=n, readings=_readings_phrase(valid_under, False))]
    if certain:
        lines.append(certain_text(certain, rules))
    for p in problems:
        lines.append(f"  {p.path}: {problem_message(p.message)}{_rule_text(p.rule)}")
    if verdict == "illegal":
        # in plain words: the question and what the other reading does, no option's identifier (issue 24 §1)
        lines.append(_("It is valid if {question} is read otherwise: {reading}.").format(
            question=valid_under[0]["settles"], reading=after_a_colon(_reading_words(valid_under[0])))
            if len(valid_under) == 1
            else _("It is valid if an open question is read otherwise: {readings}.").format(readings=_("; or ").join(
                _("{question}: {reading}").format(question=v["settles"], reading=after_a_colon(_reading_words(v)))
                for v in valid_under)))
    for w in warnings:
        lines.append(_warning(w))
    return printable("\n".join(lines))


def _warning(w: Problem) -> str:
    return _("Warning: {path}: {message}").format(path=w.path, message=problem_message(w.message))


def _places(value: str) -> str:
    """Where the copies of a card are (replay's ``{places}``): JSON paths, which stay, and the
    labels of unknown cards bound to it, in the language; ', ' between them (a label's own
    ', ' stands inside its parentheses)."""
    parts: list[str] = []
    for piece in value.split(", "):
        if parts and parts[-1].count("(") > parts[-1].count(")"):
            parts[-1] += ", " + piece
        else:
            parts.append(piece)
    return ", ".join(problem_message.said(p) or spoken(p) for p in parts)


# the words a table wrote its decisions in (a deal in the notation, issue 30): a problem said in
# the table's language names a decision as the table says it ('passo', not the position's verb
# 'offer'); None: the position's verbs, as a JSON position writes them
_TABLE_WORDS: list[Optional[Callable[[str], Optional[str]]]] = [None]


@contextmanager
def table_words(say: Optional[Callable[[str], Optional[str]]]) -> Iterator[None]:
    """Within it, a problem's decision is said by ``say`` (a position verb -> the table's word,
    None where the table has none)."""
    before = _TABLE_WORDS[0]
    _TABLE_WORDS[0] = say
    try:
        yield
    finally:
        _TABLE_WORDS[0] = before


def _verb(value: str) -> str:
    say = _TABLE_WORDS[0]
    return (say(value) or value) if say is not None else value


def _decision(value: str) -> str:
    """A decision a refusal names (``{verb}``, the position's verb in the JSON message): the
    table's word, quoted, where it wrote its deal in the notation ('dire 'rientro''), else in
    plain words ('buy back', 'exchange with the stack': issue 24, not the verb 'buy-back')."""
    say = _TABLE_WORDS[0]
    word = say(value) if say is not None else None
    if word:
        return fmt(_("say '{word}'"))(word=word)
    plain = _REFUSED.get(value) or _CHOICES.get(value)
    return _(plain) if plain else value


# a decision refused, where its words differ from those of a decision open (_CHOICES: 'not buy back')
_REFUSED = {"decline": N_("decline to buy back")}


def _options(value: str) -> str:
    """The decisions open ('keep or offer', 'keep, dealer-exchange'), joined by the language's
    'or'; each in the table's words and quotes where it wrote its deal in the notation, else in
    plain words ('exchange with the stack')."""
    say = _TABLE_WORDS[0]
    joint = " or " if " or " in value else ", "
    if say is None:
        return (_(" or ") if joint == " or " else ", ").join(
            _(_CHOICES[v]) if v in _CHOICES else v for v in value.split(joint))
    return (_(" or ") if joint == " or " else ", ").join(f"'{say(v) or v}'" for v in value.split(joint))


def _said(message: str) -> str:
    """A problem's part (what happened at that point) in the language: one of the messages."""
    return problem_message(message)


def _each(separator: str, say: Callable[[str], str]) -> Callable[[str], str]:
    """A value that lists items with ``separator`` between them, each said by ``say``."""
    return lambda value: separator.join(say(item) for item in value.split(separator))


# the shapes of the problems' values: a rule ID ('K12', 'C1': so a place's '(' before a message's
# '({rule}: ...)' is not read as its rule's), a player's name and a card as a message says them
# (no ':' or ';' in them: so a short message, '{player} showed {card}', cannot stand for a long one)
_RULE_ID = r"[A-Z]{1,2}\d+[a-z]?"
_NAME = r"[^:;]+?"
_CARD = r"[^:;()]+?"


# The problems the replay and the position's checks find, as messages to translate (the JSON
# keeps each problem's English message; the text says it in the ruling's language); the values
# that are no messages: an unknown card's label (a condition's words), and the lists of them
problem_message = Templates(
    # the replay's (adjudication.problems: each a whole message, what it says inside it too)
    *problems.MESSAGES,
    N_("the cards held at the end hold a third {card}: the {pack} pack has {n} copies (the others at {places})"),
    N_("the cards held at the end hold a fourth {card}: the {pack} pack has {n} copies (the others at {places})"),
    N_("the cards held at the end hold {have} copies of {card}: the {pack} pack has {n} copies (the others at "
       "{places})"),
    N_("the dealt cards and the stack hold a third {card}: the {pack} pack has {n} copies (the others at {places})"),
    N_("the dealt cards and the stack hold a fourth {card}: the {pack} pack has {n} copies (the others at {places})"),
    N_("the dealt cards and the stack hold {have} copies of {card}: the {pack} pack has {n} copies (the others at "
       "{places})"),
    N_("the whole stack holds the {n} cards of {pack}, not {m}"),
    N_("{player} keeps the highest of the three cards the dealer takes, and the stack's order gives {player} {card} "
       "($.stack.order[{at}]), above {other}"),
    N_("{player} is dealt {card}, but the stack's order holds {shown} where {owner}'s card is dealt from"),
    N_("setting {key} takes a whole number, not {reading}"),
    N_("setting {key} takes a name, not {reading}"),
    N_("{player} cannot exchange with himself"),
    N_("unknown announcement {word}; did you mean {near}? (known: {known})"),
    N_("unknown announcement {word} (known: {known})"),
    N_("{player} is out of the match (0 marks) and takes no part in this deal"),
    N_("{player} is out of the match (0 lives) and takes no part in this deal"),
    N_("player name {name} differs from {other} ($.players[{i}]) only by case: a table cannot tell them apart"),
    N_("player name {name} differs from {other} ($.players[{i}]) only by invisible formatting characters: a table "
       "cannot tell them apart"),
    N_("player name {name} looks like {other} ($.players[{i}]) but is written with other letters ({letters}): a "
       "table cannot tell them apart"),
    N_("player name {name} looks like {other} ($.players[{i}]) but is written with other letters: a table cannot "
       "tell them apart"),
    # the position's checks (formats.position)
    *CARD_PROBLEMS,
    N_("duplicate player name {name} (also {path})"),
    N_("{player} holds {n} marks, not the original {initial}, so is no virgin"),
    N_("{game} is played by {low} to {high} players, not {n}"),
    N_("only {player} holds marks: the match is over, there is no deal"),
    N_("no player holds marks: the match is over, there is no deal"),
    N_("the dealer {player} is out of the match (0 marks) and cannot deal"),
    # the same in a game of lives (D1, R1, S5)
    N_("only {player} holds lives: the match is over, there is no deal"),
    N_("no player holds lives: the match is over, there is no deal"),
    N_("the dealer {player} is out of the match (0 lives) and cannot deal"),
    N_("give either the whole 'order' or 'top'/'bottom'/'cards', not both"),
    N_("{player} is out of the match and holds no card"),
    N_("{player} is out of the match and is dealt no card"),
    N_("{player} is out of the match and shows no card"),
    N_("{player} was dealt {card} ({path}), not {other}"),
    N_("{player} shows {card} ({path}), not {other}"),
    N_("{player} holds {card} at the end ($.hands), so cannot show {other}"),
    N_("unknown rule option {key}; did you mean {near}? (cucu-adjudicate --rulesets lists them)"),
    N_("unknown rule option {key} (cucu-adjudicate --rulesets lists them)"),
    N_("option {key} has no reading {reading}; readings: {readings}"),
    # hostile or broken input refused before it is read (formats.inputs)
    N_("input is larger than the {n} KiB limit"),
    N_("not UTF-8 text (byte {byte}: line {line}, column {column})"),
    N_("empty input: expected a JSON object"),
    N_("not JSON: {error} at line {line}, column {column}"),
    N_("expected a JSON object (a position), got an array"),
    N_("expected a JSON object (a position), got a string"),
    N_("expected a JSON object (a position), got a number"),
    N_("expected a JSON object (a position), got a boolean"),
    N_("expected a JSON object (a position), got null"),
    N_("nesting deeper than {n} levels at {where} (line {line}, column {column})"),
    N_("nesting deeper than {n} levels"),
    N_("the field {key} is given more than once in its object (JSON keeps only the last: ambiguous)"),
    N_("the field name {key} holds a lone surrogate {code}, which is not a character"),
    N_("a lone surrogate {code} is not a character (no UTF-8 text can hold it)"),
    N_("{literal} is not a JSON number"),
    N_("an integer of {n} digits: at most {most} digits are read"),
    # the position schema's problems (formats.validation; JSON's type names stay as they are)
    N_("missing required field {field}"),
    N_("unknown field {field}; did you mean {near}?"),
    N_("unknown field {field}"),
    N_("expected {types}, got {value}"),
    N_("must be {expected}, got {value}"),
    N_("{value} is not one of {options}"),
    N_("must have at least {n} character"),
    N_("must have at least {n} characters"),
    N_("must have at most {n} characters, has {m}"),
    N_("must be at least {n}, got {value}"),
    N_("must be at most {n}, got {value}"),
    N_("must have at least {n} item, has {m}"),
    N_("must have at least {n} items, has {m}"),
    N_("must have at most {n} items, has {m}"),
    N_("must have at least {n} field"),
    N_("must have at least {n} fields"),
    N_("must have at most {n} fields, has {m}"),
    N_("matches more than one of the allowed forms"),
    N_("dealer {name} is not seated at this table; did you mean {near}? (players: {players})"),
    N_("dealer {name} is not seated at this table (players: {players})"),
    values={"label": spoken, "labels": _each("; ", spoken), "places": _places, "verb": _decision, "options": _options,
            "call": _verb, "says": _verb,
            "events": lambda events: "; ".join(_said(event) for event in events.split("; "))},
    shapes={"rule": _RULE_ID, **dict.fromkeys(("player", "who", "a", "b", "c"), _NAME),
            **dict.fromkeys(("card", "held", "other"), _CARD)},
    # English too says a decision refused in words, not the position's verb ('cannot buy back')
    english=re.compile(r"\b(?:buy-back|dealer-exchange|pay-to-refuse)\b"),
)


def _readings_phrase(valid_under: Sequence[dict[str, Any]], _unused: bool) -> str:
    # the open questions by their names (Q2), not the options' identifiers (issue 24 §1)
    chosen = sorted({v["settles"] for v in valid_under}, key=_rule_order)
    return _("this ruling's reading of {questions}").format(questions=", ".join(chosen)) if chosen else _(
        "the chosen reading")


def _count(n: int, words: tuple[str, str] = ("mark", "marks")) -> str:
    """'a mark', '2 marks' (or lives, D1, R1, S5), in the language's own plural and gender."""
    if words[0] == "life":
        return fmt(ngettext("a life", "{n} lives", n))(n=n)
    return fmt(ngettext("a mark", "{n} marks", n))(n=n)


def _names(names: Sequence[str], joined: str = N_("{names} and {last}")) -> str:
    """'Anna, Bruno and Carla'; ``joined`` another template for the last two ('... or ...')."""
    if len(names) == 1:
        return names[0]
    return fmt(_(joined))(names=", ".join(names[:-1]), last=names[-1])


def _counted(names: Sequence[str]) -> str:
    """Players named once each, with a count where one is named more than once: 'Anna, Dora 2'."""
    counts: dict[str, int] = {}
    for n in names:
        counts[n] = counts.get(n, 0) + 1
    return ", ".join(n if k == 1 else f"{n} {k}" for n, k in counts.items())


# (id of the rules, None) -> (the rules, their counter words): every verdict asks them
_WORDS: dict[Any, tuple[Any, tuple[str, str]]] = {}


def _words(rules: Any) -> tuple[str, str]:
    if rules is None:
        return ("mark", "marks")
    last = _LAST_WORDS
    if last[0] is not rules:  # (a batch asks them of one ruleset in verdict after verdict)
        last[:] = rules, by_identity(_WORDS, rules, None, lambda: counter_words(rules), 64)
    return last[1]  # type: ignore[no-any-return]


# the ruleset _words was last asked for, and its words
_LAST_WORDS: list[Any] = [None, None]


# the rules a showdown's lowest card loses by (K15, L3, L6, F5, D7, Z6, Z8, Z9, S5, R4 ...): read
# from the steps, the showdown's line and its notes
def _showdown_text() -> str:
    """The showdown's step begins so (explain.EVENT_TEXT['showdown']), in the active language."""
    return _("showdown: the live cards are compared")




# showdown marks whose reason is not the lowest card: the innkeeper's guarantee (K14, L7, D6),
# two left with equal cards (L6), two players and one fool (Z8)
_SHOWDOWN_REASONS = {
    "K14": N_("the innkeeper pays for the nulla"), "L7": N_("the innkeeper pays for the nulla"),
    "D6": N_("the innkeeper pays for the nul"), "L6": N_("two left with equal cards, the one not dealing loses"),
    "Z8": N_("two players and one fool"),
}


def _reasons(r: dict[str, Any], steps: Sequence[dict[str, Any]], rules: Any,
             unknown: Sequence[str] = (),
             when: Sequence[dict[str, list[str]]] = ()) -> dict[tuple[str, str, str], list[str]]:
    """(lose or gain, player, rule) -> why, in words, one per mark in the order they fell: 'offered
    to Carla's XII Gnaf' (the step's own reason, explain._why; L8's way back can cost a second
    mark by the same rule, L13), 'the lowest card, II' (the showdown, K15 ...)."""
    out: dict[tuple[str, str, str], list[str]] = {}
    lost, gained = r["marks_lost"], r["marks_gained"]
    if not lost and not gained:
        return out  # (no mark, no reason: verdict_text asks for none)
    if any(map(contains, steps, repeat("why"))):  # (asked in C: few steps give a reason of their own)
        _steps_reasons(r, steps, out)
    shown = r.get("shown")
    if not shown:
        return out
    at_showdown = _showdown_rules(steps)
    for verb, marks in (("lose", lost), ("gain", gained)):
        for x in marks:
            player, rule = x["player"], x["rule"]
            k = (verb, player, rule)
            if k in out or rule not in at_showdown or player not in shown:
                continue
            token = shown[player]
            # a card the case leaves open (shown as None) is named as the position's unknown card
            # ('the card dealt to Bruno'), where it has only one; the case's condition says which
            card = _named(token, rules) if token else (spoken(unknown[0], rules) if len(unknown) == 1 else
                                                       _("one the position does not give") if unknown else None)
            if rule in _SHOWDOWN_REASONS:
                out[k] = [_(_SHOWDOWN_REASONS[rule])]
            elif token == "matto":
                # the card named once, by the game's name (Zeh's Narr is no 'matto' too)
                other = _("{card}, with the other one in play")
                out[k] = [_the_fool(card) if verb == "lose" else fmt(other)(card=card)]
            elif verb == "lose" and not token and len(unknown) == 1 and _may_be_fool(when):
                # a case whose open card may be the fool: the fool is not the lowest card, it ties
                # with it (D7: 'En tåbe har uafgjort med det laveste kort'; C3, L4)
                out[k] = [fmt(_("the lowest card or the {fool} tying with it, {card}"))(
                    fool=_named("matto", rules), card=card or "?")]
            elif verb == "lose":
                out[k] = [fmt(_("the lowest card, {card}"))(card=card) if card else _("the lowest card")]
    return out


def _may_be_fool(when: Sequence[dict[str, list[str]]]) -> bool:
    """Whether a case's unknown cards may include a fool ('matto', the token of every game's)."""
    return any("matto" in cards for alt in when for cards in alt.values())


def _showdown_rules(steps: Sequence[dict[str, Any]]) -> set[str]:
    """The rules of the steps from the showdown's on that give no reason of their own (its line,
    its notes, the marks; K15: its step says first that the live cards are compared); none where
    there is no showdown.  Read from the end: a position is one deal, so it has at most one, and
    only its notes, the marks and the next dealer follow it."""
    showdown = _showdown_text()
    rules: set[str] = set()
    for s in reversed(steps):
        if "why" not in s:
            rules.add(s["rule"])
        if s["text"].startswith(showdown):
            return rules
    return set()


def _steps_reasons(r: dict[str, Any], steps: Sequence[dict[str, Any]],
                   out: dict[tuple[str, str, str], list[str]]) -> None:
    """The steps' own reasons (explain._why), into ``out`` in the steps' order: a step names its
    player first; a gain's reason is who paid it (Z5)."""
    paid_by = _("paid by {player}, whose offer met the {card}").split("{player}")[0]
    players = sorted(r.get("marks") or {x["player"] for x in r["marks_lost"] + r["marks_gained"]},
                     key=len, reverse=True)  # (a name that begins another is tried last)
    for s in steps:
        if "why" in s:
            verb = "gain" if s["why"].startswith(paid_by) else "lose"
            player = next((p for p in players if s["text"].startswith(p + " ")), None)
            if player is not None:
                out.setdefault((verb, player, s["rule"]), []).append(s["why"])


def _each_mark(reasons: dict[tuple[str, str, str], list[str]], verb: str, player: str,
               cited: Sequence[str]) -> list[tuple[Optional[str], str]]:
    """(why, rule) for each of ``player``'s marks, each reason said once: a verdict names every
    mark lost (L13: two cats and the lowest card are three marks and three reasons)."""
    if len(cited) == 1:  # (the commonest: one mark)
        said = reasons.get((verb, player, cited[0]))
        return [(said[0] if said else None, cited[0])]
    used: dict[str, int] = {}
    out: list[tuple[Optional[str], str]] = []
    for rule in cited:
        said = reasons.get((verb, player, rule))
        if said:
            k = used[rule] = used.get(rule, -1) + 1
            out.append((said[min(k, len(said) - 1)], rule))
        else:
            out.append((None, rule))
    return list(dict.fromkeys(out)) if len(out) > 1 else out


def _the_fool(card: Optional[str]) -> str:
    """'the fool, Matto': the fool's reason with the card's printed name, said once where the
    language's word for the fool is the name ('il Matto', not 'il Matto, Matto'; Zeh's 'der
    Narr'; issue 30)."""
    message = _("the fool, {card}")
    head = message.split("{card}")[0].rstrip(", ")
    if card and head.casefold().endswith(" " + card.casefold()):
        # the word said as the card is printed ('il Matto' in Campli, where Italian's common noun,
        # 'il matto', is the card's name; another game's fool keeps its own: 'il matto, fjols')
        return head[:len(head) - len(card)] + card
    return fmt(message)(card=card)


def _mark_sentences(r: dict[str, Any], reasons: dict[tuple[str, str, str], list[str]], words: tuple[str, str],
                    inline: bool = False) -> list[str]:
    """The marks lost and gained, a sentence per group of players who lose (gain) alike, each
    mark with its reason and rule: 'Bruno loses 2 marks: offered to Carla's XII Gnaf (K13); the
    lowest card, II (K15)' (``inline``: the reasons in parentheses, '(the lowest card, II, K15)',
    for a sentence that goes on)."""
    sentences = []
    for verb, key in (("lose", "marks_lost"), ("gain", "marks_gained")):
        marks = r[key]
        if not marks:
            continue  # (most results gain no mark)
        table: dict[str, list[str]] = {}
        for x in marks:
            table.setdefault(x["player"], []).append(x["rule"])
        # players who lose (gain) alike, for the same reasons, are named together
        alike: dict[tuple[int, str], list[str]] = {}
        for player, cited in table.items():
            said = _why_said(_each_mark(reasons, verb, player, cited), inline)
            alike.setdefault((len(cited), said), []).append(player)
        for (n, said), players in alike.items():
            if len(players) == 1:
                said_of = _("{player} loses {count}{why}") if verb == "lose" else _("{player} gains {count}{why}")
            else:
                said_of = _("{player} each lose {count}{why}") if verb == "lose" else _(
                    "{player} each gain {count}{why}")
            sentences.append(fmt(said_of)(player=_names(players), count=_count(n, words), why=said))
    return sentences


def _why_said(why: Sequence[tuple[Optional[str], str]], inline: bool) -> str:
    """A player's marks' reasons, each with its rule: ': offered to Carla's XII Gnaf (K13); the
    lowest card, II (K15)'; ' (K15)' where no mark has a reason in words; ``inline``: ' (the
    lowest card, II, K15)'."""
    if inline:
        return " (" + _("; ").join([f"{w}, {rule}" if w else rule for w, rule in why]) + ")"
    said = []
    reasoned = False
    for w, rule in why:
        if w:
            said.append(f"{w} ({rule})")
            reasoned = True
        else:
            said.append(rule)
    return fmt(_(": {reasons}"))(reasons=_("; ").join(said)) if reasoned else f" ({', '.join(said)})"


def verdict_text(r: dict[str, Any], rules: Any = None, steps: Sequence[dict[str, Any]] = (),
                 unknown: Sequence[str] = (), when: Sequence[dict[str, list[str]]] = ()) -> str:
    """Who loses or gains what and why, each reason with its rule ('Bruno loses 2 marks: offered
    to Carla's XII Gnaf (K13); the lowest card, II (K15)'); then what comes next.  ``rules``:
    the ruleset (its marks or lives, its card names); ``steps``: the outcome's steps (the
    reasons); ``unknown``: the labels of the position's unknown cards (a case's lowest card that
    is one of them is named by its label, not left unnamed)."""
    words = _words(rules)
    if r["marks_lost"] or r["marks_gained"]:
        sentences = _mark_sentences(r, _reasons(r, steps, rules, unknown, when), words)
        text = ". ".join([x[0].upper() + x[1:] for x in sentences]) + "."
    else:
        lives = words[0] == "life"
        if r["deal_over"]:
            text = _("nobody loses a life") if lives else _("nobody loses a mark")
        else:
            text = _("no life has changed hands yet") if lives else _("no mark has changed hands yet")
        text = text[0].upper() + text[1:] + "."
    more = _what_next(r, rules)
    if more:
        tail = "; ".join(more)
        text += " " + tail[0].upper() + tail[1:] + "."
    return text


# what a player may do next, in words (the result's 'legal' names the engine's verbs)
_CHOICES = {"dealer-exchange": N_("exchange with the stack"), "stack-exchange": N_("exchange with the stack"),
            "buy-back": N_("buy back"), "decline": N_("not buy back"), "pay-to-refuse": N_("pay to refuse"),
            "ask": N_("ask 'pagherai se null?'"), "keep": N_("keep"), "offer": N_("offer"),
            "accept": N_("accept"), "refuse": N_("refuse"), "agree": N_("agree"), "hint": N_("hint")}


def _choices(nx: dict[str, Any]) -> str:
    legal = nx["legal"]
    if "decline" in legal and set(legal) == BUY_BACK_OR_NOT:
        return _("buys back or not")  # (K17, L11: the one decision, in plain words)
    return _(" or ").join([_(_CHOICES[x]) if x in _CHOICES else x for x in legal])


def _deciding_buy_back(r: dict[str, Any]) -> Optional[str]:
    """The player out whose buy-back is the next decision (K17, L11), or None."""
    nx = r["next"]
    if not nx or "decline" not in nx["legal"]:
        return None  # (the commonest: no buy-back is decided)
    if set(nx["legal"]) == BUY_BACK_OR_NOT and nx["player"] not in r["bought_back"]:
        return str(nx["player"])
    return None


def _going_out(r: dict[str, Any], rules: Any) -> list[str]:
    """Who is out, each with his buy-back in one clause, the name said once (K16, K17, L11):
    'Carla is out, may buy back for 2 stakes (K17), and buys back'; 'Beatrice is out and
    decides next whether to buy back for 1 stake (L11)'; those out with no buy-back together."""
    if not r["out"] and not r["buy_back_offers"] and not r["bought_back"]:
        return []  # (nobody out, nothing to buy back: the commonest result says none of this)
    rule = rules.cites("buy-back") if rules is not None else "K17"
    offers = {x["player"]: x["stakes"] for x in r["buy_back_offers"]}
    deciding = _deciding_buy_back(r)
    kept = _kept_last_life(r)
    gone = [p for p in r["out"] if p not in kept]
    plain = [p for p in gone if p not in offers]
    more = []
    if plain:
        more.append(fmt(ngettext("{players} is out", "{players} are out", len(plain)))(players=_names(plain)))
    for p in gone + [p for p in offers if p not in gone]:
        if p not in offers:
            continue
        said = {"player": p, "stakes": stakes_words(offers[p]), "rule": rule}
        state = _offer_state(r, p)
        if state == "bought":
            more.append(fmt(_("{player} is out, may buy back for {stakes} ({rule}), and buys back"))(**said))
        elif p == deciding:
            more.append(fmt(_("{player} is out and decides next whether to buy back for {stakes} ({rule})"))(**said))
        elif state == "declined":
            more.append(fmt(_("{player} is out, may buy back for {stakes} ({rule}), and does not"))(**said))
        else:
            more.append(fmt(_("{player} is out and may buy back for {stakes} ({rule})"))(**said))
    back = [p for p in r["bought_back"] if p not in offers]
    if back:
        more.append(fmt(_("{players} bought back"))(players=_names(back)))
    return more


def _restart_words(r: dict[str, Any], rules: Any) -> str:
    """Everybody went out in this deal, in the game's own terms: Zeh's draw (Z11), Campli's
    three marks again (K18), the digital game's three lives again (D8)."""
    restart = r["restart"]
    how = _("a draw, all play again") if restart["kind"] == "draw" else restart_words(rules)
    return fmt(_("everybody went out in this deal: {how} ({rule})"))(how=how, rule=restart["rule"])


def _what_next(r: dict[str, Any], rules: Any = None) -> list[str]:
    """Who is out, the buy-backs, the winner or what comes next and the next dealer (K2, K17)."""
    more = _going_out(r, rules)
    kept = r.get("kept_last_life")  # (_kept_last_life: a result written before it had none)
    if kept:
        more.append(fmt(_("{players}, the last players in, went out in this deal and keep their last life (S6)"))(
            players=_names(kept)))
    if r["restart"]:
        more.append(_restart_words(r, rules))
    joint = r.get("winners")
    if r["winner"]:
        more.append(fmt(_("{player} wins the match"))(player=r["winner"]))
    elif joint and len(joint) > 1:
        more.append(fmt(_("{players} are joint winners and share the pot of {stakes}: {share} each (S6)"))(
            players=_names(joint), stakes=_pot(r["pot"], rules), share=share_words(r["pot"], len(joint))))
    else:
        more += _next_words(r)
    return more


def _next_words(r: dict[str, Any]) -> list[str]:
    """What comes next where nobody has won: who decides next, and the next dealer once the deal
    is over (K2), either way where it waits on a buy-back (K17: known whatever is decided)."""
    nx = r["next"]
    a, b = r.get("next_dealer_if_none_buys_back"), r.get("next_dealer_if_all_buy_back")
    if a is None and b is None:  # (the commonest: no buy-back waits)
        if not nx:
            return [fmt(_("next dealer: {player}"))(player=r["next_dealer"])] if r["next_dealer"] else []
        if nx["player"] == _deciding_buy_back(r):
            return [_("the deal goes on")]  # (L11: at once, during the deal; the decision is said above)
        return [fmt(_("the deal goes on: {player} decides next ({choices})"))(player=nx["player"],
                                                                             choices=_choices(nx))]
    one = _one_buying_back([x["player"] for x in r["buy_back_offers"]])
    won = r.get("winner_if_none_buys_back")
    if a is None and won and b is not None:  # (nobody deals next: without the buy-back the match is won)
        ends = fmt(_("{winner} wins the match if {player} does not buy back; next dealer: {b} if {player} buys back")
                   if one else _("{winner} wins the match if nobody buys back; next dealer: {b} if all do"))(
            winner=won, b=b, player=one)
        if not nx or nx["player"] == _deciding_buy_back(r):
            return [ends]
        return [fmt(_("{player} decides next ({choices})"))(player=nx["player"], choices=_choices(nx)), ends]
    if not nx:
        return [fmt(_("next dealer: {a} if nobody buys back") if b == a
                    else _("next dealer: {a} if {player} does not buy back, {b} if {player} buys back") if one
                    else _("next dealer: {a} if nobody buys back, {b} if all do"))(a=a, b=b, player=one)]
    # K17: the buy-back waits on the player's word, the next dealer is known either way
    dealer = fmt(_("next dealer: {a}, whether or not anybody buys back") if a == b
                 else _("next dealer: {a} if {player} does not buy back, {b} if {player} buys back") if one
                 else _("next dealer: {a} if nobody buys back, {b} if all do"))(a=a, b=b, player=one)
    if nx["player"] == _deciding_buy_back(r):
        return [dealer]
    return [fmt(_("{player} decides next ({choices})"))(player=nx["player"], choices=_choices(nx)), dealer]


# (id of the rules, None) -> (the rules, token -> the name its source prints): a batch names the
# same few cards under one ruleset in every verdict (the name depends on the ruleset and the card
# only, not on the language; reading a token back costs a look-up through the aliases)
_NAMED: dict[Any, tuple[Any, dict[str, str]]] = {}
_LAST_NAMED: list[Any] = [None, None]  # (the ruleset _named was last asked for, and its names)


def _named(token: Optional[str], rules: Any) -> str:
    """A canonical card token as the ruleset's source prints it ('XII Gnaf', 'roi'); '?' for none."""
    if token is None:
        return "?"
    if rules is None:
        return token
    last = _LAST_NAMED
    if last[0] is not rules:  # (a batch names the cards of one ruleset in verdict after verdict)
        last[:] = rules, by_identity(_NAMED, rules, None, dict, 64)
    names: dict[str, str] = last[1]
    name = names.get(token)
    if name is None:
        try:
            name = display_label(rules, parse_card(token, PACKS[rules.pack].family))
        except ValueError:
            name = token
        if len(names) < 512:  # (a pack has at most 52 tokens; a claim may name anything)
            names[token] = name
    return name


def _result_text(r: dict[str, Any], indent: str, rules: Any = None, shown: bool = True) -> list[str]:
    """The result's lines: the cards shown (``shown``; the account's showdown line names them
    already), the dead cards, the buy-backs, the marks, the winner."""
    before, after = _result_parts(r, rules, shown)
    return [indent + x for x in before + [_marks_now(r, rules)] + after]


def _result_parts(r: dict[str, Any], rules: Any, shown: bool) -> tuple[list[str], list[str]]:
    """:func:`_result_text`'s lines before the marks and after them (the winner)."""
    lines = []
    if r["deal_over"]:
        if r["shown"] and shown:
            lines.append(_("Shown: ") + ", ".join(f"{n} {_named(c, rules)}" for n, c in r["shown"].items()))
        if r["dead"]:
            # each dead card by its holder and, where the position gives it, the card (K15, L10)
            held = r.get("dead_cards") or r.get("holds") or {}
            lines.append(_("Dead cards (not compared): ") + ", ".join(
                _("{player}'s {card}").format(player=p, card=_named(held[p], rules)) if held.get(p)
                else _("{player}'s card").format(player=p) for p in r["dead"]))
    if r["buy_back_offers"]:
        lines.append(_("Buy-back: ") + ", ".join(_offer_words(r, x) for x in r["buy_back_offers"]))
    if r["restart"] and (rules is None or rules.buy_back != "none"):
        # (the virgins decide a buy-back, K17: a game without one has none to list, D8)
        lines.append(_("Virgins now: ") + (", ".join(r["virgins"]) if r["virgins"] else _("nobody")))
    after = []
    wa, wb = r.get("winner_if_none_buys_back"), r.get("winner_if_all_buy_back")
    if wa and wa == wb:
        after.append(_("Winner of the match: {player}, whether or not anybody buys back").format(player=wa))
    else:
        one = _one_buying_back([x["player"] for x in r["buy_back_offers"]])  # (said by name, K17)
        if wa:
            after.append((_("Winner if {buyer} does not buy back: {player}") if one
                          else _("Winner if nobody buys back: {player}")).format(player=wa, buyer=one))
        if wb:
            after.append((_("Winner if {buyer} buys back: {player}") if one
                          else _("Winner if all buy back: {player}")).format(player=wb, buyer=one))
    return lines, after


def _pot(pot: int, rules: Any) -> str:
    """The pot in its unit, '4 stakes' (explain.pot_words: K1), wherever a ruling says it."""
    return pot_words(pot, rules.stake if rules is not None else 1)


def _no_pot(r: dict[str, Any], rules: Any) -> bool:
    """A game with no stake and nothing in the pot (the digital game's lives, D1: «uden
    pengeværdi») has no pot to name: the one place the marks lines ask it."""
    return not r["pot"] and rules is not None and not rules.stake


def _marks_now(r: dict[str, Any], rules: Any) -> str:
    """'Marks now: Anna 3, ...; pot 4': the marks (lives, D1, R1, S5) and the pot (none named
    where :func:`_no_pot`); S6's joint winners have shared it: each one's share, nothing left."""
    lives = _words(rules)[0] == "life"
    marks = ", ".join(f"{n} {m}" for n, m in r["marks"].items())
    joint = r.get("winners") or []
    if len(joint) > 1:
        pot = _("the pot of {pot} shared: {share} each, nothing left").format(
            pot=_pot(r["pot"], rules), share=share_words(r["pot"], len(joint)))
    elif _no_pot(r, rules):
        return (_("Lives now: {marks}") if lives else _("Marks now: {marks}")).format(marks=marks)
    else:
        pot = _("pot {pot}").format(pot=_pot(r["pot"], rules))
    return (_("Lives now: {marks}; {pot}") if lives else _("Marks now: {marks}; {pot}")).format(marks=marks, pot=pot)


def _offer_words(r: dict[str, Any], offer: dict[str, Any]) -> str:
    """A buy-back offer as it stands (K17, L11): taken, still to decide, or declined (a decline
    is final, K17), with its price in stakes (and in the pot's units where a stake is not 1):
    'Carla bought back for 2 stakes'; 'Beatrice may buy back for 1 stake: still to decide'."""
    player = offer["player"]
    price = stakes_words(offer["stakes"])
    if offer["amount"] != offer["stakes"]:
        price = _("{stakes}, {amount} into the pot").format(stakes=price, amount=offer["amount"])
    state = _offer_state(r, player)
    if state == "bought":
        return _("{player} bought back for {stakes}").format(player=player, stakes=price)
    if state == "open":
        return _("{player} may buy back for {stakes}: still to decide").format(player=player, stakes=price)
    return _("{player} did not buy back (price {stakes})").format(player=player, stakes=price)


def _offer_state(r: dict[str, Any], player: str) -> str:
    """Where ``player``'s buy-back offer stands: 'bought', 'open' (his word is next, or comes
    after the next one's: the offers are decided in their order, K17, L11), or 'declined' (a
    decline is final, K17: an offer passed over while nobody is asked, or before the one asked)."""
    if player in r["bought_back"]:
        return "bought"
    order = [x["player"] for x in r["buy_back_offers"]]
    deciding = _deciding_buy_back(r)
    if deciding is not None and deciding in order and order.index(player) >= order.index(deciding):
        return "open"
    return "declined"


def _steps_text(steps: list[dict[str, Any]], indent: str,
                place: Optional[Callable[[str], str]] = None) -> list[str]:
    lines = []
    last_at: Optional[str] = "-"
    for s in steps:
        if s["at"] != last_at:
            head = s.get("heading") or s["at"] or _("The deal")
            # where the entry was written, only where a person can read it (a notation line), as
            # the account says it: a raw JSON path stays in the JSON's ``at`` (issue 24 §2)
            where = place(s["at"]) if place is not None and s["at"] else ""
            lines.append(f"{indent}{head}:" + (f" ({where})" if where else ""))
            last_at = s["at"]
        lines.append(f"{indent}  {s['text']} -- {s['source'] or s['rule']}")
    return lines


def certain_text(certain: dict[str, Any], rules: Any = None) -> str:
    """What every case agrees on, in one line (issue 24 §5), in the verdict's words: 'Certain
    whatever the cards: Dora loses a mark (K13).'; '' where no case agrees on anything."""
    words = _words(rules)
    parts = []
    for verb, key in (("loses", "marks_lost"), ("gains", "marks_gained")):
        table: dict[str, list[str]] = {}
        for x in certain[key]:
            table.setdefault(x["player"], []).append(x["rule"])
        said = _("{player} loses {count}{why}") if verb == "loses" else _("{player} gains {count}{why}")
        parts += [said.format(player=p, count=_count(len(ids), words), why=f" ({', '.join(dict.fromkeys(ids))})")
                  for p, ids in table.items()]
    if certain.get("unchanged"):  # (only where the cases were too many to split: adjudication.partial)
        n = len(certain["unchanged"])
        said = (ngettext("{players} loses no life", "{players} lose no life", n) if words[0] == "life"
                else ngettext("{players} neither loses nor gains a mark", "{players} neither lose nor gain a mark", n))
        parts.append(said.format(players=_names(certain["unchanged"])))
    if certain["out"]:
        parts.append(ngettext("{players} is out", "{players} are out", len(certain["out"])).format(
            players=_names(certain["out"])))
    if certain.get("next_dealer"):  # (only where the cases were too many to split: adjudication.partial)
        parts.append(_("next dealer: {player}").format(player=certain["next_dealer"]))
    return _("Certain whatever the cards: {facts}.").format(facts="; ".join(parts)) if parts else ""


# --------------------------------------------------------------------------- the ruling a table reads

_FULL_STEPS = [False]


@contextmanager
def full_steps(on: bool) -> Iterator[None]:
    """Within it, :func:`ruling_text` gives every step with its source (``--steps``)."""
    before = _FULL_STEPS[0]
    _FULL_STEPS[0] = on
    try:
        yield
    finally:
        _FULL_STEPS[0] = before


def ruling_text(ruling: Ruling, source: str, place: Optional[Callable[[str], str]] = None,
                steps: Optional[bool] = None) -> str:
    """The ruling as a table reads it: first the whole answer (who loses or gains what and why,
    the claim with the fact that decides it, the next dealer), then the account of the deal one
    line per thing said or done with its rule IDs, then each source once.  ``steps`` (or
    :func:`full_steps`): every step with its source in full instead.  ``place`` names where a
    history entry was written (a deal in the notation: its line)."""
    if steps if steps is not None else _FULL_STEPS[0]:
        return _steps_ruling_text(ruling, source, place)
    if ruling.by_player is not None:
        return _many_ruling_text(ruling, source, place)
    if len(ruling.outcomes) > 1:
        return _few_ruling_text(ruling, source, place)
    (outcome,) = ruling.outcomes
    rules = ruling.rules
    lines = [_ruling_head(ruling, source),
             _("Verdict: ") + verdict_text(outcome.result, rules, outcome.steps, ruling.unknown)]
    lines += _claim_lines(ruling.claim, 1, "", rules, [outcome.result])
    for w in ruling.warnings:
        lines.append(_warning(w))
    lines += _question_lines(ruling)
    lines.append(_("How it went:"))
    lines += _account(outcome.steps, "  ", place)
    lines += _result_text(outcome.result, "", rules, shown=False)
    lines.append(_sources_line(outcome.steps))
    return printable("\n".join(lines))


# --------------------------------------------------------------------------- a few outcomes, case by case


def _few_ruling_text(ruling: Ruling, source: str, place: Optional[Callable[[str], str]] = None) -> str:
    """A ruling whose unknown cards decide among a few outcomes (2 to summary.FEW; issue 24 §1,
    §5): what every case agrees on first, then each case as a short block (its condition, then
    only what differs: the marks beyond the certain ones, what comes next where it differs, the
    players' marks that differ); the deal told once (``ruling.plays``), only the steps that
    differ given per case; the result lines every case shares once, after it."""
    rules = ruling.rules
    outcomes, other = _other_case_last(list(ruling.outcomes))
    certain = ruling.certain or {"marks_lost": [], "marks_gained": [], "out": []}
    nexts = [_what_next(_rest(o.result, certain), rules) for o in outcomes]
    varies = len({tuple(x) for x in nexts}) > 1
    lines = [_ruling_head(ruling, source)]
    facts = _certain_facts(outcomes, certain, rules, varies)
    if facts:
        lines.append(_("Certain whatever the cards: {facts}.").format(facts=_("; ").join(facts)))
    lines.append(_depends(ruling.unknown, ruling.rules))
    shared, own = _few_results(outcomes, rules)
    for o, said, more in zip(outcomes, _case_sentences(outcomes, certain, rules, varies, ruling.unknown), own):
        lines.append("  " + _colon(_if(o.condition, other), said))
        lines += ["    " + x for x in more]
    lines += _claim_lines(ruling.claim, len(outcomes), other, rules, [o.result for o in outcomes])
    for w in ruling.warnings:
        lines.append(_warning(w))
    lines += _question_lines(ruling)
    lines.append(_("How it went:"))
    lines += _few_account(ruling, outcomes, other, place)
    lines += shared
    lines.append(_sources_line([s for o in outcomes for s in o.steps]))
    return printable("\n".join(lines))


def _certain_facts(outcomes: Sequence[Any], certain: dict[str, Any], rules: Any, varies: bool) -> list[str]:
    """What every case agrees on (a few outcomes or many): the marks lost and gained (each with
    its reason where every case gives the same), who goes out, and what comes next where it is
    the same in every case (``varies``: it is not)."""
    marks = {"marks_lost": certain["marks_lost"], "marks_gained": certain["marks_gained"]}
    facts = _mark_sentences(marks, _shared_reasons(outcomes, rules), _words(rules), inline=True)
    rest = _rest(outcomes[0].result, certain)
    return facts + (_going_out(rest, rules) if varies else _what_next(rest, rules))


def _beyond(r: dict[str, Any], certain: dict[str, Any]) -> dict[str, Any]:
    """The result ``r`` without what is certain: the marks lost and gained in every case taken
    out (one of each), only the players out in this case alone as out (their buy-backs with them)."""
    def less(key: str) -> list[dict[str, Any]]:
        left = list(certain[key])
        out = []
        for x in r[key]:
            if x in left:
                left.remove(x)
            else:
                out.append(x)
        return out

    gone = [p for p in r["out"] if p not in certain["out"]]
    return {**r, "marks_lost": less("marks_lost"), "marks_gained": less("marks_gained"), "out": gone,
            "bought_back": [p for p in r["bought_back"] if p in gone],
            "buy_back_offers": [x for x in r["buy_back_offers"] if x["player"] in gone]}


def _case_sentences(outcomes: Sequence[Any], certain: dict[str, Any], rules: Any, varies: bool,
                    unknown: Sequence[str] = ()) -> list[str]:
    """Each case's verdict beyond what is certain: its own marks, each with its reason and rule
    ('Ida loses a mark: the fool, Matto (C3)'), who goes out in it alone, what comes next where
    that differs (``varies``); where two cases would read alike (they differ only in who stays
    a virgin, K17), what differs."""
    words = _words(rules)
    said = []
    for o in outcomes:
        r = _beyond(o.result, certain)
        sentences = (_mark_sentences(r, _reasons(o.result, o.steps, rules, unknown, o.when), words)
                     + _going_out(r, rules))
        if varies:
            rest = _rest(o.result, certain)
            sentences += _what_next(rest, rules)[len(_going_out(rest, rules)):]
        if not (r["marks_lost"] or r["marks_gained"]):
            sentences.insert(0, _nothing_more(o.result, certain, words))
        said.append(sentences)
    if len({tuple(x) for x in said}) < len(said):
        for sentences, more in zip(said, _what_differs(outcomes, rules)):
            sentences += more
    return [". ".join(x[0].upper() + x[1:] for x in sentences) + "." for sentences in said]


def _nothing_more(r: dict[str, Any], certain: dict[str, Any], words: tuple[str, str]) -> str:
    """A case that loses and gains no mark beyond the certain ones, in words."""
    lives = words[0] == "life"
    if certain["marks_lost"] or certain["marks_gained"]:
        return _("no other life changes hands") if lives else _("no other mark changes hands")
    if r["deal_over"]:
        return _("nobody loses a life") if lives else _("nobody loses a mark")
    return _("no life has changed hands yet") if lives else _("no mark has changed hands yet")


def _what_differs(outcomes: Sequence[Any], rules: Any) -> list[list[str]]:
    """For each case, what tells it from the others where its marks do not: who stays a virgin
    (K17: a buy-back is open while one remains) and who does not; else each field that differs
    (:data:`_DIFFERS`) with its value in this case."""
    results = [o.result for o in outcomes]
    names = list(results[0]["marks"])
    virgin = [p for p in names if len({p in r["virgins"] for r in results}) > 1]
    rule = rules.cites("buy-back") if rules is not None else "K17"
    out = []
    for r in results:
        said = [(_("{player} stays a virgin ({rule})") if p in r["virgins"] else
                 _("{player} does not stay a virgin ({rule})")).format(player=p, rule=rule) for p in virgin]
        if not said:
            said = [_("{what}: {value}").format(what=_(what), value=_shown(key, r.get(key), rules))
                    for key, what in _DIFFERS if len({repr(x.get(key)) for x in results}) > 1]
        out.append(said)
    return out


def _few_results(outcomes: Sequence[Any], rules: Any) -> tuple[list[str], list[list[str]]]:
    """The result lines every case shares (said once, after the account) and each case's own
    (the lines that differ), in :func:`_result_text`'s order; of the marks each player holds
    now, each case names only the players whose marks differ between the cases, the others
    are named once ('in every case')."""
    results = [o.result for o in outcomes]
    parts = [_result_parts(r, rules, False) for r in results]
    every = {x for x in parts[0][0] + parts[0][1] if all(x in b + a for b, a in parts[1:])}
    marks = results[0]["marks"]
    differ = [p for p in marks if len({r["marks"][p] for r in results}) > 1]
    shared: Optional[str] = None
    own: list[Optional[str]]
    if len({r["pot"] for r in results}) > 1 or len(differ) == len(marks):
        own = [_marks_now(r, rules) for r in results]  # (nothing to say once)
    else:
        lives = _words(rules)[0] == "life"
        if _no_pot(results[0], rules):  # (D1: no pot to name, as in _marks_now)
            same = _("Lives now in every case: {marks}") if lives else _("Marks now in every case: {marks}")
        else:
            same = _("Lives now in every case: {marks}; pot {pot}") if lives else _(
                "Marks now in every case: {marks}; pot {pot}")
        shared = same.format(marks=", ".join(f"{p} {m}" for p, m in marks.items() if p not in differ),
                             pot=_pot(results[0]["pot"], rules))
        mine = _("Lives now: {marks}") if lives else _("Marks now: {marks}")
        own = [mine.format(marks=", ".join(f"{p} {r['marks'][p]}" for p in differ)) if differ else None
               for r in results]
    each = [[x for x in b if x not in every] + ([m] if m else []) + [x for x in a if x not in every]
            for (b, a), m in zip(parts, own)]
    before, after = parts[0]
    return [x for x in before if x in every] + ([shared] if shared else []) + [x for x in after if x in every], each


def _few_account(ruling: Ruling, outcomes: Sequence[Any], other: str,
                 place: Optional[Callable[[str], str]]) -> list[str]:
    """The deal told once (``ruling.plays``: the unknown cards named as unknown), then what the
    table said and did after the showdown (a buy-back declined); where the play or the cases'
    steps differ, each line the same in every one of them once, and each line that differs
    with its condition (:func:`_merged`)."""
    plays = ruling.plays or []
    if not plays:
        return _merged([o.steps for o in outcomes], [_if(o.condition, other) for o in outcomes], place)
    if len(plays) == 1:
        lines = _account(plays[0]["steps"], "  ", place) + _rest_depends(plays[0])
    else:
        lines = _merged([p["steps"] for p in plays], [_if(p["if"]) for p in plays], place)
    tails = [_after_showdown(o.steps) for o in outcomes]
    return lines + _merged(tails, [_if(o.condition, other) for o in outcomes], place)


def _merged(variants: Sequence[Sequence[dict[str, Any]]], heads: Sequence[str],
            place: Optional[Callable[[str], str]]) -> list[str]:
    """Several accounts of one deal (``variants``, each said under its condition ``heads``) as
    one: where they are told in the same lines (the same history entries in the same order),
    each line the same in all of them once, and each line that differs once per variant, its
    condition before it ('If Fabio was dealt Gnaf: Fabio is dealt XII Gnaf (L2)'); else what
    they share from the start once, and the rest of each under its condition."""
    groups = [_account_groups(v) for v in variants]
    shape = [[(g[0]["at"], g[0]["text"].startswith(_showdown_text())) for g in gs] for gs in groups]
    if all(x == shape[0] for x in shape[1:]):
        lines = []
        for row in zip(*groups):
            said = [_account_line(g, place) for g in row]
            if all(x == said[0] for x in said[1:]):
                lines.append("  " + said[0])
            else:
                lines += ["  " + _colon(head, x) for head, x in zip(heads, said)]
        return lines
    common = _common_prefix([list(v) for v in variants])
    lines = _account(common, "  ", place)
    for head, v in zip(heads, variants):
        rest = _account(v[len(common):], "    ", place)
        if rest:
            lines += ["  " + _colon(head)] + rest
    return lines


def _after_showdown(steps: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The steps after the showdown's own line (its marks, who goes out: said in the verdict):
    what the table said and did after it (a buy-back, K17)."""
    showdown = _showdown_text()
    at = next((k for k, s in enumerate(steps) if s["text"].startswith(showdown)), None)
    if at is None:
        return []
    return [s for s in steps[at + 1:] if s["at"] != steps[at]["at"]]


# --------------------------------------------------------------------------- many outcomes, player by player


def _many_ruling_text(ruling: Ruling, source: str, place: Optional[Callable[[str], str]] = None) -> str:
    """A ruling whose unknown cards decide among many outcomes (more than summary.FEW; issue 24
    §5): what every case agrees on, then one line per player whose result depends on the cards
    (each thing that may happen to him and the condition it happens in), then what comes next
    where that depends on them; the deal told once (``ruling.plays``)."""
    rules = ruling.rules
    summary = ruling.by_player
    assert summary is not None and ruling.certain is not None
    outcomes = ruling.outcomes
    lines = [_ruling_head(ruling, source)]
    certain = _certain_facts(outcomes, ruling.certain, rules, bool(summary["next"]))
    if certain:
        lines.append(_("Certain whatever the cards: {facts}.").format(facts=_("; ").join(certain)))
    lines.append(_depends(ruling.unknown, ruling.rules))
    for entry in summary["players"]:
        said = [(_effect_words(entry["player"], e, [outcomes[k] for k in e["outcomes"]], rules), e["if"])
                for e in entry["effects"]]
        lines.append("  " + _one_line(said, entry["player"], rules, _otherwise(entry["effects"])))
    if summary["next"]:
        said = [(_("; ").join(_what_next(_rest(outcomes[e["outcomes"][0]].result, ruling.certain), rules)), e["if"])
                for e in summary["next"]]
        lines.append("  " + _one_line(said, "", rules, _otherwise(summary["next"])))
    lines += _claim_lines(ruling.claim, len(outcomes), "", rules, [o.result for o in ruling.outcomes])
    for w in ruling.warnings:
        lines.append(_warning(w))
    lines += _question_lines(ruling)
    lines.append(_("How it went:"))
    lines += _told_once(ruling, place)
    lines.append(_sources_line([s for o in outcomes for s in o.steps]))
    return printable("\n".join(lines))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _rest(r: dict[str, Any], certain: dict[str, Any]) -> dict[str, Any]:
    """The result ``r`` with only the players certain to go out as out (their buy-backs with
    them): what comes next, beyond each player's own line (his buy-back decision said there,
    :func:`.summary.next_beyond`)."""
    r = next_beyond(r, certain["out"])
    gone = set(certain["out"])
    return {**r, "out": list(certain["out"]), "bought_back": [p for p in r["bought_back"] if p in gone],
            "buy_back_offers": [x for x in r["buy_back_offers"] if x["player"] in gone]}


def _shared_reasons(outcomes: Sequence[Any], rules: Any) -> dict[tuple[str, str, str], list[str]]:
    """The reasons of the marks (:func:`_reasons`) that are the same in every one of ``outcomes``
    (a reason that names a card one case gives and another does not is left out: the rule alone)."""
    each = [_reasons(o.result, o.steps, rules) for o in outcomes]
    out = {k: v for k, v in each[0].items() if all(other.get(k) == v for other in each[1:])}
    if len(out) < len(each[0]):
        # a reason that names the card shown where the cases show different ones: said without it
        # ('the lowest card', K15)
        plain = [_reasons({**o.result, "shown": dict.fromkeys(o.result["shown"] or ())}, o.steps, rules)
                 for o in outcomes]
        out.update({k: v for k, v in plain[0].items()
                    if k not in out and all(other.get(k) == v for other in plain[1:])})
    return out


def _lowest_or_tied(player: str, effect: dict[str, Any], members: Sequence[Any],
                    rules: Any) -> tuple[Sequence[Any], dict[tuple[str, str, str], list[str]], list[str]]:
    """An effect whose mark is the lowest card's in some of its cases (K15) and the tied lowest's
    the tie rule picks in the others (``tie_rule``, L3; summary.by_player): the members with the
    tie rule's mark read as the showdown's, their shared reasons, and the marks' rules with the
    showdown's said 'K15/L3'."""
    tie, lowest = effect["tie_rule"], rules.showdown_rule

    def as_lowest(result: dict[str, Any]) -> dict[str, Any]:
        lost = [{**x, "rule": lowest} if x["player"] == player and x["rule"] == tie else x
                for x in result["marks_lost"]]
        return {**result, "marks_lost": lost}

    members = [o._replace(result=as_lowest(o.result)) for o in members]
    both = f"{lowest}/{tie}"
    reasons = {(verb, p, both if rule == lowest and p == player else rule): said
               for (verb, p, rule), said in _shared_reasons(members, rules).items()}
    return members, reasons, [both if rule == lowest else rule for rule in effect["marks_lost"]]


def _effect_words(player: str, effect: dict[str, Any], members: Sequence[Any], rules: Any) -> str:
    """What happens to ``player`` in ``effect`` (summary.by_player), in the verdict's words, each
    mark with its reason where every case of it gives the same; '' for nothing beyond what is
    certain."""
    if not (effect["marks_lost"] or effect["marks_gained"] or effect["out"]):
        return ""
    first = members[0].result
    reasons, lost = _shared_reasons(members, rules), effect["marks_lost"]
    if effect.get("tie_rule"):
        # (the lowest card alone in some cases, tied in others: each reason said with both rules, K15/L3)
        members, reasons, lost = _lowest_or_tied(player, effect, members, rules)
    r = {"marks_lost": [{"player": player, "rule": rule} for rule in lost],
         "marks_gained": [{"player": player, "rule": rule} for rule in effect["marks_gained"]],
         "out": [player] if effect["out"] else [], "kept_last_life": [], "next": first["next"],
         "buy_back_offers": [x for x in first["buy_back_offers"] if x["player"] == player and effect["out"]],
         "bought_back": [player] if effect.get("bought_back") else []}
    sentences = _mark_sentences(r, reasons, _words(rules), inline=True)
    if effect["out"] and not r["buy_back_offers"] and len(sentences) == 1 and not effect["marks_gained"]:
        return _("{lost} and is out").format(lost=sentences[0])  # ('Tino loses a mark (...) and is out')
    return _("; ").join(sentences + _going_out(r, rules))


def _otherwise(entries: Sequence[dict[str, Any]]) -> Optional[int]:
    """The part of a line summary.by_player said as its cases ('in the other 16 cases'), if any."""
    return next((k for k, e in enumerate(entries) if e.get("otherwise")), None)


def _one_line(said: Sequence[tuple[str, str]], player: str, rules: Any, default: Optional[int] = None) -> str:
    """A player's line (or what comes next): each effect with its condition, the one whose
    condition is longest said first with no condition ('Anna loses a mark (...); but if ...,
    Anna gains a mark (...)'), nothing (the marks stay) before any other where its condition has
    alternatives ('; or '), then the one of the most alternatives (a 'but if' reads one way:
    summary.unsaid; ``default``: the one summary.by_player said as its cases, issue 24 §1);
    where that one is nothing, only the others, each with its own."""
    if default is None:
        default = unsaid([(bool(words), condition) for words, condition in said])
    first, _c = said[default]
    others = [x for k, x in enumerate(said) if k != default]
    if not first:
        parts = [_colon(_if(condition), words or _unchanged(player, rules)) for words, condition in others]
        return _("; ").join([parts[0]] + [_lower_first(x) for x in parts[1:]]) + "."
    parts = [_colon((_("but if {condition}") if k == 0 else _("if {condition}")).format(condition=condition),
                    words or _unchanged(player, rules)) for k, (words, condition) in enumerate(others)]
    # (the line opens with a capital: what comes next begins 'next dealer', as after 'but if ...:')
    return _("; ").join([_capital(first)] + parts) + "."


def _unchanged(player: str, rules: Any) -> str:
    lives = _words(rules)[0] == "life"
    return (_("{player}'s lives stay as they are") if lives else _("{player}'s marks stay as they are")).format(
        player=player)


def _told_once(ruling: Ruling, place: Optional[Callable[[str], str]]) -> list[str]:
    """The account of the deal told once (issue 24 §5): up to the showdown, the unknown cards
    named as unknown; where the play itself differs, each line that differs with its play's
    condition (:func:`_merged`), or, past summary.MANY_PLAYS plays, what they share and a
    pointer to --steps."""
    plays = ruling.plays or []
    if len(plays) == 1:
        return _account(plays[0]["steps"], "  ", place) + _rest_depends(plays[0])
    if plays:  # (each line the same in every play once, never a play's heading with nothing under it)
        return _merged([p["steps"] for p in plays], [_if(p["if"]) for p in plays], place)
    common = _common_prefix([o.steps for o in ruling.outcomes])
    return _account(common, "  ", place) + _rest_depends({"partial": True})


def _rest_depends(play: dict[str, Any]) -> list[str]:
    """After the steps every case shares (a play marked ``partial``, summary.plays): that the rest
    depends on the cards."""
    if not play.get("partial"):
        return []
    return ["  " + _("(from here the play depends on the cards: --steps gives each case)")]


def _ruling_head(ruling: Ruling, source: str) -> str:
    """'deal.txt: ruling under coucou', and what the position agrees otherwise than its preset, in
    words (issue 24 §2: 'as agreed at this table: the 32-card piquet pack', never
    'pack=french-32'): its settings, then each reading it takes of a named option with the question
    it answers; on the head's one line, so that the verdict stays the ruling's second."""
    head = _("{source}: ruling under {preset}").format(source=source, preset=ruling.preset)
    settings, readings = _agreed_words(ruling)
    if settings or readings:
        head += _(", as agreed at this table: {settings}").format(settings=_("; ").join(settings + readings))
    return head


def agreed_options(ruling: Ruling) -> list[str]:
    """The settings and named options a position's ``rules`` override (specs/position-1.schema.json,
    ``options``) with another value than its preset's: what the table agreed otherwise."""
    preset = PRESETS.get(ruling.preset)
    return [key for key in ruling.overrides
            if preset is None or ruling.rules is None or getattr(preset, key, None) != getattr(ruling.rules, key, None)]


def _agreed_words(ruling: Ruling) -> tuple[list[str], list[str]]:
    """What the position agrees otherwise (:func:`agreed_options`), in words: its settings as
    ``--rulesets`` says them (:func:`_setting_parts`; min_players and max_players are one count
    of players), each said once; each named option's question and the reading taken, with its
    rule ('Of several tied lowest cards, which lose? only the first in play order ... (L3)')."""
    rules = ruling.rules
    settings: list[str] = []
    readings: list[str] = []
    parts = _setting_parts(rules, every=True) if rules is not None else {}
    for key in agreed_options(ruling):
        spec = OPTIONS.get(key)
        value = getattr(rules, key, ruling.overrides[key])
        reading = next((r for r in spec.readings if r.value == value), None) if spec is not None else None
        if spec is not None and reading is not None:
            reading = own_reading(ruling.preset, key, reading)  # (its game's own rule and words)
            text = option_text(reading.text, rules)
            if value not in ("yes", "no") and text.startswith(f"{value}: "):
                text = text[len(f"{value}: "):]  # (a value's identifier; an answer's 'yes: ' reads as one)
            rule = f" ({reading.source})" if reading.source in RULES and reading.source not in text else ""
            # (the answer after its question mark opens a sentence: 'forced? No: only ...', Q5)
            readings.append(f"{option_text(spec.question, rules)} {text[:1].upper()}{text[1:]}{rule}")
            continue
        # (a field no table sets, a position cannot give: its name)
        words = parts.get(_SETTING_PART.get(key, "")) or f"{key} = {ruling.overrides[key]}"
        if words not in settings:
            settings.append(words)
    return settings, readings


# the part of a ruleset's settings in words (_setting_parts) that each setting a position may give speaks for
_SETTING_PART = {"min_players": "players", "max_players": "players", "pack": "pack", "initial_marks": "marks",
                 "stake": "stake", "dealer_takes": "dealer", "roles": "roles"}


def _depends(unknown: Sequence[str], rules: Any = None) -> str:
    return _("Verdict: it depends on cards the position does not give ({cards}):").format(
        cards=unnested(", ".join(spoken(label, rules) for label in unknown)))


# a parenthesis of a text that is said inside parentheses (not a title's, 'Coucou (Kartenspiel)'):
# before a comma, a semicolon, a colon or the end, and elsewhere
_INNER_CLOSED = re.compile(r" \(([^()]*)\)(?!')(?=[,;:]|$)")
_INNER = re.compile(r" \(([^()]*)\)(?!')")
# two parentheses side by side, a source's and a rule's ('(pagat, Cuckoo, second rule) (S6)')
_TWO = re.compile(r"\(([^()]*)\) \(([^()]*)\)")


def unnested(text: str) -> str:
    """``text`` for a place inside parentheses, its own parentheses said with dashes instead
    ('(Q2: ... exchange with the stack — K8)', 'a request — not a horse, K12 — then takes'): no
    citation inside another bracket (issue 24 §2)."""
    text = _INNER_CLOSED.sub(r" — \1", _TWO.sub(r"(\1; \2)", text))
    return _INNER.sub(r" — \1 —", text)


def _if(condition: str, other: str = "") -> str:
    """A case's condition as its account opens: 'If Dora was dealt II'; the case put last as
    'In any other case' (``other``: its condition; see :func:`_other_case_last`)."""
    return _("If {condition}").format(condition=condition) if condition and condition != other else _(
        "In any other case")


def _colon(head: str, rest: str = "") -> str:
    """``head``, a colon as the language writes it (French ' : ') and ``rest``: 'If Dora was
    dealt II: Anna loses a mark'; a colon that ends a line has nothing after it."""
    return (head + _(": {reasons}").format(reasons=rest)).rstrip()


def _lower_first(text: str) -> str:
    return text[0].lower() + text[1:]


def _other_case_last(outcomes: list[Any]) -> tuple[list[Any], str]:
    """The outcomes in the order a person reads them, and the condition of the one that reads
    best as 'in any other case': a case whose condition is still two or more alternatives after
    :func:`~cucu_ref.services.adjudication.conditions.shortest` ('Rita was dealt I or higher and
    Sergio was dealt 0; or ...'), the longest where several are, put last (the JSON keeps its
    full condition)."""
    if len(outcomes) < 2:
        return outcomes, ""
    alternatives = [o.condition.count(_("; or ")) + 1 for o in outcomes]
    # (the cases split the cards between them: any one of them is exactly 'any other case')
    longest = max(range(len(outcomes)), key=lambda k: (alternatives[k] > 1, len(outcomes[k].condition)))
    if alternatives[longest] < 2:
        return outcomes, ""
    last = outcomes[longest]
    return outcomes[:longest] + outcomes[longest + 1:] + [last], last.condition


def _account(steps: Sequence[dict[str, Any]], indent: str, place: Optional[Callable[[str], str]]) -> list[str]:
    """The deal, one line per thing said or done (a history entry; the deal's start; the
    showdown), its steps' words joined, the rule IDs beside it."""
    return [indent + _account_line(group, place) for group in _account_groups(steps)]


def _account_groups(steps: Sequence[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The steps of each line of the account: a history entry's, the deal's start, the showdown's."""
    groups: list[list[dict[str, Any]]] = []
    showdown = _showdown_text()
    for s in steps:
        if not groups or s["at"] != groups[-1][0]["at"] or s["text"].startswith(showdown):
            groups.append([])
        groups[-1].append(s)
    return groups


def _account_line(group: Sequence[dict[str, Any]], place: Optional[Callable[[str], str]]) -> str:
    said = "; ".join(s["text"] for s in group)
    ids = ", ".join(dict.fromkeys(s["rule"] for s in group))
    at = group[0]["at"]
    where = f"; {place(at)}" if place is not None and at else ""
    return f"{said[0].upper()}{said[1:]} ({ids}{where})"


def _sources_line(steps: Sequence[dict[str, Any]]) -> str:
    """Each source once, with the rules of it the ruling cites: 'Sources: N. Farina (2010): K2,
    K4, K13'; the open questions it reads (Q1-Q18) apart, as what they are: no author's rule, the
    question a source leaves open ('Q5' under Di Luigi & Mazza read as their rule, issue 24 §2)."""
    by_source: dict[str, list[str]] = {}
    questions: list[str] = []
    for s in steps:
        rule_id = s["rule"]
        rule = RULES.get(rule_id)
        if rule is None:
            continue
        if is_open_question(rule_id):
            if rule_id not in questions:
                questions.append(rule_id)
        elif rule_id not in by_source.get(rule.source, ()):
            by_source.setdefault(rule.source, []).append(rule_id)
    if not by_source and not questions:
        return _("Sources: none cited")
    parts = [f"{_source_name(key)}: {', '.join(sorted(ids, key=_rule_order))}" for key, ids in by_source.items()]
    if questions:
        parts.append(_("the open questions this ruling reads: {questions}").format(
            questions=", ".join(sorted(questions, key=_rule_order))))
    return _("Sources: ") + "; ".join(parts)


def _source_name(key: str) -> str:
    """A source as the sources line names it; the project's own readings (P1, P2) as what they
    are, not as a book 'the cucu-ref (2026)'."""
    return _("this project's readings where the source is silent") if key == "cucu-ref" else citation(key)


def _rule_order(rule_id: str) -> tuple[str, int]:
    digits = "".join(ch for ch in rule_id if ch.isdigit())
    return (rule_id.rstrip("0123456789"), int(digits) if digits else 0)


def _claim_lines(c: Optional[dict[str, Any]], cases: int = 1, other: str = "", rules: Any = None,
                 results: Sequence[dict[str, Any]] = ()) -> list[str]:
    """The claim upheld, or overruled with the facts that decide it (each once, with the cases
    it holds in where it does not hold in all ``cases``).  ``results``: the outcomes' results,
    where a fact that decides is read (Z7: a claimed gain of a player who hinted at a fool)."""
    if c is None:
        return []
    by = c.get("by")
    if c["verdict"] == "upheld":
        return [(_("Claim by {player}: UPHELD") if by else _("Claim: UPHELD")).format(player=by)]
    facts: dict[str, list[str]] = {}
    for d in c["differences"]:
        facts.setdefault(_fact(d, rules, _hinted(d, results)), []).append(d.get("if") or "")
    lines = [(_("Claim by {player}: OVERRULED") if by else _("Claim: OVERRULED")).format(player=by)]
    for fact, conditions in facts.items():
        cond = ""
        if "" not in conditions and len(conditions) < cases:
            cond = " (" + _("; or ").join(_lower_first(_if(x, other)) for x in conditions) + ")"
        lines.append(f"  {fact}{cond}")
    if c.get("upheld_if"):
        # right in some cases of the unknown cards: said, so that 'OVERRULED' is not read as
        # wrong whatever the cards
        lines.append("  " + _("the claim holds only if {condition}").format(
            condition=_("; or ").join(c["upheld_if"])))
    return lines


def _hinted(d: dict[str, Any], results: Sequence[dict[str, Any]]) -> frozenset[str]:
    """The players of a claimed gain the rules do not give because they hinted at a fool (Z7:
    'Wer es doch tut, erhält keine Marke, falls beide Narren im Spiel sein sollten'): a player
    the result's ``hinted`` names who shows a fool with the other one shown too (Z6: two fools
    in play gain; a fool shown alone loses, C3, whatever was hinted)."""
    if d["field"] != "gains":
        return frozenset()
    return frozenset(p for p in d.get("not_ruled") or []
                     if any(p in r.get("hinted", ()) and _two_fools_with(r.get("shown") or {}, p) for r in results))


def _two_fools_with(shown: dict[str, Optional[str]], player: str) -> bool:
    """``player`` shows a fool ('matto', every game's token), and another player the other one."""
    return shown.get(player) == "matto" and list(shown.values()).count("matto") >= 2


_HINTED = N_("{player} hinted at holding a fool and gains nothing")  # (explain._NOTES: the note of Z7)


# a claim's field in words ('next_dealer: claimed ...' read as an identifier to a table)
_CLAIM_FIELDS = {"winner": N_("the winner"), "next_dealer": N_("the next dealer"), "out": N_("who is out"),
                 "holds": N_("the cards held"), "next": N_("who decides next"),
                 "net": N_("the change in each player's marks")}


def _none_of(loses: bool, words: tuple[str, str], n: int) -> str:
    """'{players} lose none' (of their marks, or lives: German declines 'none' by what it counts,
    'keine' Marke, 'keines' Leben, so a game of lives asks in the context 'lives')."""
    if words[0] == "life":
        return (npgettext("lives", "{players} loses none", "{players} lose none", n) if loses
                else npgettext("lives", "{players} gains none", "{players} gain none", n))
    return (ngettext("{players} loses none", "{players} lose none", n) if loses
            else ngettext("{players} gains none", "{players} gain none", n))


def _fact(d: dict[str, Any], rules: Any = None, hinted: frozenset[str] = frozenset()) -> str:
    """One difference as the fact that decides it: who loses that the claim leaves out (or
    names wrongly), else what was claimed and what the rules say, the field in words, the
    cards by the ruleset's names and joint winners as such (S6)."""
    field, claimed, ruled = d["field"], d["claimed"], d["ruled"]
    words = _words(rules)
    if field in ("loses", "gains") and isinstance(claimed, list) and isinstance(ruled, list):
        loses = field == "loses"
        left_out, wrong = d.get("left_out") or [], d.get("not_ruled") or []
        parts = []
        if left_out:
            parts.append(_("the claim leaves out {what}").format(what=", ".join(
                _("{player}'s {what}").format(player=p, what=_nth(claimed.count(p), k, words))
                for p, k in _tally(left_out).items())))
        nones = [p for p in _tally(wrong) if p not in ruled and p not in hinted]  # said together, at the first
        for p in _tally(wrong):                                                   # one's place
            n = ruled.count(p)
            if p in hinted:  # the fact that decides (Z7), not only that he gains none
                parts.append(_(_HINTED).format(player=p) + " (Z7)")
            elif n:
                said = _("{player} loses {n}, not {claimed}") if loses else _("{player} gains {n}, not {claimed}")
                parts.append(said.format(player=p, n=n, claimed=claimed.count(p)))
            elif p == nones[0]:
                parts.append(_none_of(loses, words, len(nones)).format(players=_names(nones)))
        head, tail = _("; ").join(parts), _("(claimed: {claimed}; the rules say: {ruled})").format(
            claimed=_counted(claimed) or _("nobody"), ruled=_counted(ruled) or _("nobody"))
        # one bracket where the fact ends in its rule's ('gains nothing (Z7; claimed: ...)'), not two
        return f"{head[:-1]}{_('; ')}{tail[1:]}" if head.endswith(")") and tail.startswith("(") else f"{head} {tail}"
    if field == "next_dealer" and "holds_if" in d:
        return _next_dealer_both_ways(d)
    if field == "holds":
        claimed, ruled = ({n: _named(c, rules) if c is not None else None for n, c in x.items()}
                          for x in (claimed, ruled))
    said = _show(ruled)
    if field == "winner" and d.get("ruled_joint"):
        said = _("{players}, joint winners (S6)").format(players=_names(d["ruled_joint"]))
    label = _(_CLAIM_FIELDS[field]) if field in _CLAIM_FIELDS else field
    # a list of several players' cards takes a semicolon before what the rules say
    said_so = (_("{field}: claimed {claimed}; the rules say {ruled}") if isinstance(ruled, dict)
               else _("{field}: claimed {claimed}, the rules say {ruled}"))
    return said_so.format(field=label, claimed=_show(claimed), ruled=said)


_WAYS = {"none_buys_back": N_("if nobody buys back"), "all_buy_back": N_("if all do")}
# the same ways where a single player may buy back: said by name ('if all do' is for several)
_WAYS_ONE = {"none_buys_back": N_("if {player} does not buy back"), "all_buy_back": N_("if {player} buys back")}


def _one_buying_back(players: Sequence[str]) -> Optional[str]:
    """The player who may buy back where there is only one (K17), else None."""
    return players[0] if len(players) == 1 else None


def _next_dealer_both_ways(d: dict[str, Any]) -> str:
    """A claimed next dealer where the next dealer waits on a buy-back (K17): the way the claim
    holds in and the dealer the other way, or the dealer each way where it holds in neither."""
    each = {way: d.get(f"ruled_if_{way}") or _("nobody") for way in _WAYS}
    one = _one_buying_back(d.get("may_buy_back") or [])
    said = {way: _(_WAYS_ONE[way]).format(player=one) if one else _(words) for way, words in _WAYS.items()}
    holds = d["holds_if"]
    if holds is not None:
        other = next(way for way in _WAYS if way != holds)
        return _("the next dealer: claimed {claimed}, which holds {way}; {other} deals {other_way} (K17)").format(
            claimed=d["claimed"], way=said[holds], other=each[other], other_way=said[other])
    return _("the next dealer: claimed {claimed}, the rules say {ruled} (K17)").format(
        claimed=d["claimed"], ruled=", ".join(f"{each[way]} {said[way]}" for way in _WAYS))


def _tally(names: Sequence[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for n in names:
        counts[n] = counts.get(n, 0) + 1
    return counts


def _nth(before: int, k: int, words: tuple[str, str] = ("mark", "marks")) -> str:
    """``k`` marks (``words``: or lives) after ``before`` of the same player: 'mark', '2 marks',
    'second mark'."""
    lives = words[0] == "life"
    if before == 0:
        if k == 1:
            return _("life") if lives else _("mark")
        return (ngettext("{n} life", "{n} lives", k) if lives else ngettext("{n} mark", "{n} marks", k)).format(n=k)
    if k == 1:
        if before in _ORDINALS:
            return _(_ORDINALS[before][lives])
        return (_("{n}th life") if lives else _("{n}th mark")).format(n=before + 1)
    return (ngettext("{n} more life", "{n} more lives", k) if lives
            else ngettext("{n} more mark", "{n} more marks", k)).format(n=k)


# a player's second, third, fourth mark (or life) a claim leaves out
_ORDINALS = {1: (N_("second mark"), N_("second life")), 2: (N_("third mark"), N_("third life")),
             3: (N_("fourth mark"), N_("fourth life"))}



def _question_lines(ruling: Ruling) -> list[str]:
    """Each open question the outcome depends on, in plain words: what it asks, the reading this
    ruling takes, and what each other reading rules (or, where the marks are the same, what
    differs)."""
    lines = []
    chosen_results = [o.result for o in ruling.outcomes]
    for q in ruling.readings:
        chosen = next((r for r in q["readings"] if r["chosen"]), None)
        lines.append(_question_head(q))
        if chosen is not None:
            lines.append("  " + _("This ruling reads: {reading}").format(reading=after_a_colon(_reading_words(chosen))))
        # readings that rule alike are named together, in one line (or one block of cases)
        alike: dict[tuple[str, ...], list[str]] = {}
        for r in q["readings"]:
            if r["chosen"]:
                continue
            # each colon as the language writes it (French ' : ', _colon)
            if r["status"] != "ruling":
                said: tuple[str, ...] = (_colon("", _colon(_status(r["status"]), _(r.get("message", "")))),)
            elif len(r["outcomes"]) == 1 and len(chosen_results) == 1:
                said = (_colon("", _other_verdict(chosen_results[0], r["outcomes"][0]["result"], ruling.rules)),)
            elif len(r["outcomes"]) == 1 and not r["outcomes"][0].get("if"):
                said = (_colon("", verdict_text(r["outcomes"][0]["result"], ruling.rules)),)
            elif many(r["outcomes"]):
                said = (_colon("", _many_other(ruling, r["outcomes"])),)  # (issue 24 §5: not case by case)
            else:
                every = _("In every case")
                said = (_colon(""), *("    " + _colon(_if(o["if"]) if o.get("if") else every,
                                                       verdict_text(o["result"], ruling.rules))
                                      for o in r["outcomes"]))
            if said != (_colon("", _("the same ruling")),):  # (a reading that rules as this one adds nothing)
                alike.setdefault(said, []).append(_reading_words(r))
        for said, words in alike.items():
            lines.append("  " + _("Read otherwise ({readings})").format(readings=unnested(_("; or ").join(words)))
                         + said[0])
            lines += said[1:]
    return lines


def _many_other(ruling: Ruling, others: Sequence[dict[str, Any]]) -> str:
    """Another reading's many outcomes (more than summary.FEW) in one sentence: where each case
    (the same cards) loses and gains the same marks as this ruling's, what differs; else how
    many cases it has (--steps gives each)."""
    mine = {repr(o.when): o.result for o in ruling.outcomes}
    theirs = {repr(o["when"]): o["result"] for o in others}
    if mine.keys() != theirs.keys() or any(verdict_text(mine[k], ruling.rules) != verdict_text(theirs[k], ruling.rules)
                                           for k in mine):
        return ngettext("{n} case, with other marks than this ruling's in some (--steps gives each)",
                        "{n} cases, with other marks than this ruling's in some (--steps gives each)",
                        len(others)).format(n=len(others))
    differs = [_(what) for key, what in _DIFFERS if any(mine[k].get(key) != theirs[k].get(key) for k in mine)]
    if not differs:
        return _("the same ruling")
    return _("the same marks in every case; what differs: {differences}").format(differences=_names(differs))


def _reading_words(r: dict[str, Any], cited: bool = True) -> str:
    """A reading in its own words: its text without the bare 'yes: ' / 'no: ' that repeats the
    value, and (``cited``) its rule."""
    text = reading_words(r["reading"], r["text"])
    rule = str(r.get("source") or "").split(" ")[0]
    if not cited or not rule or rule in text:
        return text
    # the rule in the text's own closing bracket ('(pagat, Cuckoo, first rule; S6)'), not a second
    # bracket beside it (issue 24 §2)
    return f"{text[:-1]}; {rule})" if text.endswith(")") else f"{text} ({rule})"


_DIFFERS = (("out", N_("who is out")), ("virgins", N_("who stays a virgin")),
            ("next_dealer", N_("the next dealer")), ("winner", N_("the winner")),
            ("bought_back", N_("who bought back")),
            ("buy_back_offers", N_("the buy-back prices")), ("marks", N_("the marks each holds")),
            ("pot", N_("the pot")))

# a reading that gives no ruling: its status in words
_STATUS = {"invalid": N_("invalid"), "impossible": N_("impossible"), "illegal": N_("illegal"),
           "under-specified": N_("under-specified"), "unsupported": N_("unsupported")}


def _status(status: str) -> str:
    return _(_STATUS[status]) if status in _STATUS else status


def _other_verdict(chosen: dict[str, Any], other: dict[str, Any], rules: Any) -> str:
    """Another reading's verdict; where it loses the same marks, what differs (Q8: who stays a
    virgin)."""
    said = verdict_text(other, rules)
    if said != verdict_text(chosen, rules):
        return said
    differs = [_("{what}: {other} (this ruling: {chosen})").format(what=_(what),
                                                                   other=_shown(key, other.get(key), rules),
                                                                   chosen=_shown(key, chosen.get(key), rules))
               for key, what in _DIFFERS if other.get(key) != chosen.get(key)]
    if not differs:
        return _("the same ruling")
    if _words(rules)[0] == "life":  # (D1, R1, S1: a game counted in lives says so)
        return _("the same lives, but {differences}").format(differences="; ".join(differs))
    return _("the same marks, but {differences}").format(differences="; ".join(differs))


def _steps_ruling_text(ruling: Ruling, source: str, place: Optional[Callable[[str], str]] = None) -> str:
    """``--steps``: the verdict, the claim, every step with its rule and source, the result."""
    _every_condition(ruling)
    lines = [_ruling_head(ruling, source)]
    outcomes = ruling.outcomes
    single = len(outcomes) == 1
    # 1. the verdict: who loses or gains what, by which rule
    if single:
        lines.append(_("Verdict: ") + verdict_text(outcomes[0].result, ruling.rules, outcomes[0].steps))
        if ruling.unknown:
            lines.append("  " + _("(the same whatever the cards the position does not give: {cards})").format(
                cards=", ".join(spoken(label, ruling.rules) for label in ruling.unknown)))
    else:
        certain = certain_text(ruling.certain, ruling.rules) if ruling.certain is not None else ""
        if certain:
            lines.append(certain)
        lines.append(_depends(ruling.unknown, ruling.rules))
        for k, o in enumerate(outcomes, 1):
            lines.append("  " + _colon(_case(k, o.condition),
                                       verdict_text(o.result, ruling.rules, o.steps, ruling.unknown, o.when)))
    if ruling.readings:
        for q in ruling.readings:
            for line in _reading_lines(q, ruling.preset, brief=True, rules=ruling.rules):
                lines.append(line)
    # 2. the claim
    lines += _claim_lines(ruling.claim, rules=ruling.rules, results=[o.result for o in ruling.outcomes])
    for w in ruling.warnings:
        lines.append(_warning(w))
    # 3. the steps, with headings a person reads
    lines += _steps_case_by_case(ruling, place)
    lines.append(_("Result:") if single else _("Result, case by case:"))
    for k, o in enumerate(outcomes, 1):
        if not single:
            lines.append("  " + _("Case {k}:").format(k=k))
        lines += _result_text(o.result, "  " if single else "    ", ruling.rules)
    if ruling.readings:
        lines.append(_("Open questions (the outcome differs by reading):"))
        for q in ruling.readings:
            lines += _reading_lines(q, ruling.preset, brief=False, rules=ruling.rules,
                                    agreed=q["option"] in agreed_options(ruling))
    return printable("\n".join(lines))


def _steps_case_by_case(ruling: Ruling, place: Optional[Callable[[str], str]]) -> list[str]:
    """``--steps``' account: the steps true in every case, then each case's own, and where the
    cases of one outcome were reached by several plays (its ``plays``, outcomes.plays_of: a king
    on the talon, F4; S4's cut), each play's own steps under the cards that lead to it, never one
    play's steps told as the whole outcome's (issue 24 §1/§5)."""
    outcomes = ruling.outcomes
    every = [o.steps if o.shared is None else o.steps[:o.shared] for o in outcomes]
    common = _common_prefix(every)
    whole = len(outcomes) == 1 and outcomes[0].shared is None
    lines = [_("How it went:") if whole or all(len(common) == len(o.steps) for o in outcomes)
             else _("How it went (in every case):")]
    lines += _steps_text(common, "  ", place)
    headed = _headings([s for o in outcomes for s in o.steps])
    for k, (o, shared) in enumerate(zip(outcomes, every), 1):
        rest, indent = shared[len(common):], "  "
        if len(outcomes) > 1 and (rest or o.plays):
            lines.append("  " + _case(k, o.condition) + ":")
            indent = "    "
        lines += _steps_text(headed(rest), indent, place)
        for j, play in enumerate(o.plays, 1):
            cards = _when_words(play["when"], ruling.rules)
            lines.append(indent + _("Play {j}, where {cards}:").format(j=j, cards=cards))
            lines += _steps_text(headed(play["steps"]), indent + "  ", place)
    return lines


def _headings(steps: Sequence[dict[str, Any]]) -> Callable[[Sequence[dict[str, Any]]], list[dict[str, Any]]]:
    """A part of an account that starts inside a history entry gets that entry's heading ('Emil
    keeps'), not its raw path."""
    heading = {s["at"]: s["heading"] for s in steps if s.get("heading")}

    def headed(part: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        out = list(part)
        if out and not out[0].get("heading") and out[0]["at"] in heading:
            out[0] = {**out[0], "heading": heading[out[0]["at"]]}
        return out
    return headed


def _when_words(when: Sequence[dict[str, list[str]]], rules: Any) -> str:
    """A play's ``when`` (the JSON rows of unknown cards) in words: 'Dora's dealt card: 8, 7 or
    as, and the card on the talon: roi'; several rows joined by 'or'."""
    rows = [_names([_("{label}: {cards}").format(label=spoken(label, rules), cards=_either(cards, rules))
                    for label, cards in row.items()]) for row in when]
    return _("; or ").join(rows)


def _either(cards: Sequence[str], rules: Any) -> str:
    """'8, 7 or as': one of the cards; 'any card' for every card of the pack."""
    if rules is not None and set(cards) >= {card_token(c) for c in PACKS[rules.pack].cards}:
        return _("any card")
    return _names([_named(card, rules) for card in cards], N_("{names} or {last}"))


def _case(k: int, condition: str) -> str:
    return _("Case {k}, if {condition}").format(k=k, condition=condition or _("any card"))


def _reading_lines(q: dict[str, Any], preset: str, brief: bool, rules: Any = None, agreed: bool = False) -> list[str]:
    """One open question: each reading's outcome, readings with identical lines merged;
    ``agreed``: the position sets the option itself (its ``options``), not the preset."""
    merged: dict[str, list[dict[str, Any]]] = {}
    for r in q["readings"]:
        if r["status"] == "ruling":
            # one line per case (a case's own summary joins its parts with '; ')
            said = "\n".join(_colon(_("if {condition}").format(condition=o["if"]), _brief(o["result"]))
                              if o.get("if") else _brief(o["result"]) for o in r["outcomes"])
        else:
            said = f"{_status(r['status'])}: {_(r.get('message', ''))}"
        merged.setdefault(said, []).append(r)
    if brief:
        # the verdict's lines: each other reading whose verdict is not the chosen reading's own
        # (a reading that comes out as the chosen one is shown with it in the open questions)
        alike: dict[str, list[tuple[bool, str]]] = {}
        for r in q["readings"]:
            if r["status"] == "ruling":
                # each case's verdict is whole sentences: the next case starts a sentence of its own
                said = " ".join(_colon((_("If {condition}") if k else _("if {condition}")).format(condition=o["if"]),
                                       verdict_text(o["result"], rules)) if o.get("if")
                                else verdict_text(o["result"], rules) for k, o in enumerate(r["outcomes"]))
            else:
                said = f"{_status(r['status'])}: {_(r.get('message', ''))}"
            # (its rule once: not where it is the question named before it, 'Q7: ... (Q7)')
            own = str(r.get("source") or "").split(" ")[0] != q["settles"]
            alike.setdefault(said, []).append((r["chosen"], _reading_words(r, cited=own)))
        # the open question by its name and each reading in its own words (issue 24 §1: no option's
        # identifier, no 'yes: yes:')
        return ["  " + _("Read otherwise ({readings})").format(readings=unnested(_("{question}: {reading}").format(
                    question=q["settles"], reading=_("; or ").join(words for _c, words in rs)))) + _colon("", said)
                for said, rs in alike.items() if not any(chosen for chosen, _w in rs)]
    # the open question by its name, each reading in its own words, as the default ruling says them
    # (issue 24 §1: no option's identifier, no reading's value)
    lines = ["  " + _question_head(q)]
    for said, rs in merged.items():
        for r in rs:
            mark = "*" if r["chosen"] else " "
            lines.append(f"   {mark} {_reading_words(r, cited=False)} [{r['source']}]")
        lines += [f"       -> {case}" for case in said.split("\n")]
    if agreed:  # (the preset's reason argues for its own reading, not the one this position agreed)
        lines.append("   " + _("(* = the reading agreed at this table; {preset} reads otherwise)").format(
            preset=preset))
    else:
        lines.append("   " + (_("(* = the reading {preset} chooses: {why})") if q.get("why_chosen")
                              else _("(* = the reading {preset} chooses)")).format(preset=preset,
                                                                                  why=unnested(str(q.get("why_chosen")))))
    return lines


def _shown(key: str, value: Any, rules: Any) -> str:
    """A result's field as :func:`_show` says it, the pot in its unit ('the pot: 6 stakes')."""
    return _pot(value, rules) if key == "pot" and isinstance(value, int) else _show(value)


def _show(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(value) if value else _("nobody")
    if isinstance(value, dict):
        return ", ".join(f"{k} {v if v is not None else '?'}" for k, v in value.items())
    return str(value) if value is not None else _("nobody")


def _kept_last_life(r: dict[str, Any]) -> list[str]:
    """S6 (all_out = keep-last-life): the last players in, all out in this deal, who keep their
    last life: the result's ``kept_last_life`` (a result written before it had none)."""
    return list(r.get("kept_last_life") or ())


def _by_player(marks: list[dict[str, Any]]) -> str:
    """Marks lost or gained (one entry per mark) by player, in order, each with its rules:
    'Dora 2 (K11, L3), Anna (L3)' (so two cases that differ only by the rule read apart)."""
    rules: dict[str, list[str]] = {}
    for x in marks:
        rules.setdefault(x["player"], []).append(x["rule"])
    return ", ".join(f"{p}{f' {len(rs)}' if len(rs) > 1 else ''} ({', '.join(dict.fromkeys(rs))})"
                     for p, rs in rules.items())


def _brief(r: dict[str, Any]) -> str:
    parts = []
    lost = r["marks_lost"]
    several = len({x["player"] for x in lost}) < len(lost)
    parts.append((_("loses marks: ") if several else _("loses a mark: ")) + (_by_player(lost) if lost else _("nobody")))
    if r["marks_gained"]:
        parts.append(_("gains: ") + _by_player(r["marks_gained"]))
    if r["out"]:
        parts.append(_("out: ") + ", ".join(r["out"]))
    if r["restart"]:  # K18, D8, Z11: everybody went out
        restart = _("a draw") if r["restart"]["kind"] == "draw" else _("all return")
        parts.append(f"{restart} ({r['restart']['rule']})")
    kept = _kept_last_life(r)
    if kept:
        parts.append(_("last life kept: {players} (S6)").format(players=", ".join(kept)))
    if r["buy_back_offers"]:
        parts.append(_("buy-back: ") + ", ".join(f"{x['player']} {x['stakes']}" for x in r["buy_back_offers"]))
    if r["next"]:
        parts.append(_("next: ") + r["next"]["player"])
    if r["winner"]:
        parts.append(_("winner: ") + r["winner"])
    elif len(r.get("winners") or []) > 1:
        parts.append(_("joint winners: ") + ", ".join(r["winners"]))
    return "; ".join(parts)


def _common_prefix(lists: list[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    if not lists:
        return []
    out = []
    for items in zip(*lists):
        if all(x == items[0] for x in items):
            out.append(items[0])
        else:
            break
    return out


# --------------------------------------------------------------------------- --rulesets


def rulesets_json() -> dict[str, Any]:
    presets = []
    for name, rules in PRESETS.items():
        info = PRESET_INFO.get(name)
        presets.append({"name": name, "settings": {k: v for k, v in rules.options().items()
                                                   if k not in OPTIONS and k != "name"},
                        "options": {k: getattr(rules, k) for k in OPTIONS if hasattr(rules, k)},
                        "reasons": PRESET_REASONS.get(name, {}),
                        "title": info.title if info else name,
                        "base": info.base if info else None,
                        "sources": [{"key": k, "author": SOURCES[k].author, "year": SOURCES[k].year,
                                     "title": SOURCES[k].title} for k in (info.sources if info else ())
                                    if k in SOURCES],
                        "open": list(open_options(name))})
    options = []
    for spec in OPTIONS.values():
        options.append({"name": spec.name, "settles": spec.settles, "question": option_words(spec.question),
                        "readings": [{"value": r.value, "text": option_words(r.text),
                                      "source": cite(r.source) if r.source in RULES else r.source}
                                     for r in spec.readings]})
    return {"format": "cucu-rulesets/1", "presets": presets, "options": options}


def citation(key: str, governed: bool = False) -> str:
    """A rule ID or source key as a reader cites it, by author and year and the account it is
    read in: ``'K13, N. Farina 2010, after the German account 'Cucù und Lu Stù', section
    Ereigniskarten'`` (:func:`cucu_ref.formats.sources.reference`); an open question says it is
    one, and whose text it is open in.  ``governed``: a source's name follows a preposition
    (``cucu_ref.formats.sources.author_name``)."""
    if key in RULES:
        rule = RULES[key]
        source = SOURCES[rule.source]
        if key.startswith("Q"):
            year = f" {source.year}" if source.year is not None else ""
            author = author_name(rule.source, governed=True) + year
            return _("{rule}, an open question of {author}").format(rule=key, author=author)
        return f"{key}, {reference(key)}"
    if key in SOURCES:
        source = SOURCES[key]
        via = _(", in {account}").format(account=author_name(source.via, governed=True)) if source.via else ""
        when = str(source.year) if source.year is not None else _("no date")
        return f"{author_name(key, governed)} ({when}){via}"
    return key



def _settled_by(settles: str, rules: Any = None) -> str:
    """' (Q2)': an open question of the sources by its ID; nothing for an open point that no source
    asks (K18's restart stake, Lu Stù's dealer's exchange): its rule need not be the ruleset's
    own (Coucou's restart is P5's, not K18's), and its question says it in words (issue 24 §2)."""
    return f" ({settles})" if settles.startswith("Q") else ""


def _question_head(q: dict[str, Any]) -> str:
    """An open point as a ruling opens it: 'Open question (Q11): If every live card ...?' for
    one the sources ask (Q), 'Open point: What happens when ...?' for the others, labelled in
    words, not by a rule of another game (P5; issue 24 §2)."""
    if str(q["settles"]).startswith("Q"):
        return _("Open question ({settles}): {question}").format(settles=q["settles"], question=q["question"])
    return _("Open point: {question}").format(question=q["question"])


def _setting_words(rules: Any) -> str:
    """A preset's settings in words, as ``--rulesets`` lists them: '5 to 20 players; the 52-card
    ordinary pack (...); 5 marks each; a stake of 1; ...'."""
    return "; ".join(_setting_parts(rules).values()) + "."


# each pack in words (C1, F1, L5): what a table calls it
_PACK_WORDS = {"cuccu-40": N_("the {n}-card Cuccù pack"), "cuccu-38": N_("the {n}-card Cuccù pack (no lions)"),
               "cuccu-40-no-fools": N_("the {n}-card Cuccù pack without the fools"),
               "cuccu-38-no-fools": N_("the {n}-card Cuccù pack without the lions and the fools"),
               "french-52": N_("the {n}-card ordinary pack"), "french-32": N_("the {n}-card piquet pack")}


def _setting_parts(rules: Any, every: bool = False) -> dict[str, str]:
    """The settings of ``rules`` in words, by part: 'players', 'pack', 'marks' (or lives: the
    ruleset's own word, D1, R1, S5), 'stake', 'dealer' (F2's three cards; with ``every``, one card
    too) and 'roles' (the event cards, C2)."""
    pack = PACKS[rules.pack]
    cards = _(_PACK_WORDS.get(rules.pack, N_("the {n}-card ordinary pack"))).format(n=pack.size)
    if rules.pack == "french-52" and rules.piquet_below_seven == "yes":
        cards = _("the {n}-card ordinary pack (the 32-card piquet pack below seven players)").format(n=pack.size)
    n = rules.initial_marks
    parts = {
        "players": (_("exactly {n} players").format(n=rules.min_players) if rules.min_players == rules.max_players
                    else _("{low} to {high} players").format(low=rules.min_players, high=rules.max_players)),
        "pack": cards,
        "marks": (ngettext("{n} life each", "{n} lives each", n) if counter_words(rules)[0] == "life"
                  else ngettext("{n} mark each", "{n} marks each", n)).format(n=n),
        "stake": _("no stake") if rules.stake == 0 else _("a stake of {n}").format(n=rules.stake)}
    if rules.dealer_takes == 3:
        parts["dealer"] = _("the dealer takes three cards and keeps the highest")
    elif every:
        parts["dealer"] = _("the dealer takes one card")
    if not rules.roles:
        parts["roles"] = _("no privileged card")
    elif pack.family != "cuccu" and [r for _r, r in rules.roles] == [CUCKOO]:
        parts["roles"] = _("the king refuses an exchange")
    else:
        parts["roles"] = _("event cards {cards}").format(
            cards=", ".join(_event_card(rules, Card(pack.family, v), r) for v, r in rules.roles))
    return parts


def _event_card(rules: Any, card: Card, role: str) -> str:
    """An event card as the ruleset's rulings name it, its source's own name ('XI kro', D6, seed
    004; 'XI Taverna', K14), with what it does in the reader's words where that name does not say
    it ('XI kro (inn)'); the numeral and the role where the source prints no name ('XI inn')."""
    label, token, does = display_label(rules, card), card_token(card), _(role)
    if label == token:
        return f"{token} {does}"
    return label if does.casefold() in label.casefold() else f"{label} ({does})"


def rulesets_text(width: int = 88) -> str:
    """``cucu-adjudicate --rulesets``: every preset with its sources by author and year, its
    settings in words, the open points with the reading it takes and why, then every named
    option with its readings, their sources and the presets that take each."""
    para = _wrapper(width)
    lines = para(_("The rulesets (presets) cucu-adjudicate knows. A position names one as "
                   '"ruleset": "campli", or changes readings with {{"preset": "campli", "options": '
                   '{{"ties": "first"}}}}. Where a source is silent or unclear, a preset takes a reading '
                   "of a named option, and every ruling that depends on it also gives the other "
                   "readings' outcomes. --rulesets --format json gives all of this as data.").format(), "")
    for name, rules in PRESETS.items():
        lines += _preset_lines(name, rules, para)
    lines.append("")
    lines += para(_("The named options: every point where the sources differ or are silent, with each reading, "
                    "its source and the presets that take it."), "")
    for spec in OPTIONS.values():
        lines += _option_lines(spec, para)
    return printable("\n".join(lines))


_Para = Callable[..., list[str]]


def _wrapper(width: int) -> _Para:
    """``para(text, indent, hang)``: ``text`` wrapped to ``width``, its first line indented by
    ``indent``, the others by ``indent + hang``; French spaces its ';', ':', '?', '!' and '»',
    and the space before one never breaks a line."""
    # cold start: textwrap costs 1.5 ms (its patterns compiled at import), used only by --rulesets
    import textwrap

    def para(text: str, indent: str, hang: str = "") -> list[str]:
        glued = text.replace(" ;", "\ue000;").replace(" :", "\ue000:").replace(" ?", "\ue000?").replace(
            " !", "\ue000!").replace(" »", "\ue000»")
        return [line.replace("\ue000", " ") for line in textwrap.wrap(
            glued, width, initial_indent=indent, subsequent_indent=indent + hang, break_on_hyphens=False)] or [indent]
    return para


def _preset_lines(name: str, rules: Any, para: _Para) -> list[str]:
    """One preset of ``--rulesets``: its title and sources, its settings in words, how it differs
    from the preset it is based on, its open points (the reading taken and why) and its other
    settings and readings with where they come from."""
    info = PRESET_INFO.get(name)
    lines = [""]
    keys = [k for k in (info.sources if info else ()) if k in SOURCES]
    after = "; ".join(citation(k, governed=True) for k in keys)
    title = _(info.title) if info else name
    lines += para(f"{name}: {title}" + (_(", after {sources}").format(sources=after) if after else ""), "", "    ")
    lines += para(_setting_words(rules), "  ", "  ")
    if info and info.base and info.base in PRESETS:
        base = PRESETS[info.base]
        changed = [f"{k} = {getattr(rules, k)}" for k in OPTIONS if getattr(rules, k) != getattr(base, k)]
        if changed:
            lines += para(_("As {base} except: {changes}.").format(base=info.base, changes=", ".join(changed)),
                          "  ", "  ")
    points = page_open_points(name)
    reasons = PRESET_REASONS.get(name, {})
    if not points:
        lines += para(_("No open point: the source settles every option this game meets."), "  ", "  ")
    else:
        lines += para(_("Open points, and the reading taken:"), "  ")
    for option in points:
        spec = OPTIONS[option]
        lines += para(f"{option} = {getattr(rules, option)}{_settled_by(spec.settles, rules)}: "
                      f"{option_text(spec.question, rules)}", "    ", "    ")
        if option in reasons:
            lines += para(_("Why: {reason}").format(reason=_(reasons[option])), "      ", "     ")
    fixed = [k for k in reasons if k not in points]
    if fixed:
        lines += para(_("Other settings and readings, and where they come from:"), "  ")
    for key in fixed:
        value = getattr(rules, key)
        if key == "roles":
            family = PACKS[rules.pack].family
            value = ", ".join(_event_card(rules, Card(family, v), r) for v, r in value) or _("none")
        lines += para(f"{key} = {value}: {_(reasons[key])}", "    ", "    ")
    return lines


def _option_lines(spec: Any, para: _Para) -> list[str]:
    """One named option of ``--rulesets``: its question, then each reading with its source and
    the presets that take it (only those that can meet the option: Coucou has no cat to read
    'undo')."""
    lines = [""]
    lines += para(f"{spec.name} ({citation(spec.settles)}): {option_words(_(spec.question))}", "", "    ")
    for r in spec.readings:
        users = [n for n, p in PRESETS.items() if getattr(p, spec.name) == r.value
                 and spec.name in options_in_play(p)]
        taken = " " + _("Taken by {presets}.").format(presets=", ".join(users)) if users else ""
        lines += para(_("{value}: {text}. Source: {source}.").format(value=r.value, text=option_words(_(r.text)),
                                                                     source=citation(r.source)) + taken,
                      "  ", "    ")
    return lines
