"""Rulings as JSON (``cucu-ruling/1``, see ``specs/ruling-1.schema.json``) and as readable text."""

from __future__ import annotations

import textwrap
from typing import Any, Callable, Optional, Sequence

from .adjudication import Ruling
from ..formats.position import Problem
from ..formats.sources import RULES, SOURCES, author_name, cite, reference
from ..formats.vocabulary import display_label
from ..game.cards import PACKS, Card, format as card_token, parse as parse_card
from ..game.rulesets import CUCKOO, OPTIONS, PRESET_INFO, PRESET_REASONS, PRESETS, open_options, options_in_play

__all__ = ["RULING_FORMAT", "ruling_json", "problems_json", "error_json", "ruling_text", "problems_text",
           "rulesets_json", "rulesets_text", "citation", "printable", "json_printable"]

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


def ruling_json(ruling: Ruling, source: str) -> dict[str, Any]:
    outcomes = []
    for o in ruling.outcomes:
        entry: dict[str, Any] = {"when": o.when}
        if o.condition:
            entry["if"] = o.condition
        entry["verdict"] = verdict_text(o.result)
        entry["steps"] = o.steps
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
    return out


def problems_json(problems: list[Problem], source: str, verdict: Optional[str] = None,
                  valid_under: Sequence[dict[str, Any]] = (), warnings: Sequence[Problem] = ()) -> dict[str, Any]:
    """The record of a position given no ruling.  ``verdict``: 'illegal' (a history the chosen
    reading rejects and another reading of an open point allows: ``valid_under``), 'impossible'
    (under every reading), 'under-specified' (it depends on too many unknown cards)."""
    out: dict[str, Any] = {"format": RULING_FORMAT, "input": source, "status": "invalid", "exit_code": 1,
                           "problems": [p.as_json() for p in problems]}
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
                  valid_under: Sequence[dict[str, Any]] = (), warnings: Sequence[Problem] = ()) -> str:
    layers = {p.layer for p in problems}
    if verdict == "under-specified":
        head = f"{source}: under-specified: the ruling depends on cards the position does not give"
    elif verdict == "illegal":
        head = f"{source}: the history cannot have happened under {_readings_phrase(valid_under, False)}"
    elif layers == {"history"}:
        head = f"{source}: the history cannot have happened" + (
            " under any reading of the open points" if verdict == "impossible" else "")
    elif "schema" in layers:
        head = f"{source}: not a valid position ({len(problems)} problem{'s' if len(problems) != 1 else ''})"
    elif "input" in layers:
        head = f"{source}: cannot read the position"
    else:
        head = f"{source}: impossible position ({len(problems)} problem{'s' if len(problems) != 1 else ''})"
    lines = [head]
    for p in problems:
        lines.append(f"  {p.path}: {p.message}{_rule_text(p.rule)}")
    if verdict == "illegal":
        lines.append("It is valid under " + "; or under ".join(
            f"{v['settles']}'s reading {v['option']} = {v['reading']} ({v['text']})" for v in valid_under) + ".")
    for w in warnings:
        lines.append(f"Warning: {w.path}: {w.message}")
    return printable("\n".join(lines))


def _readings_phrase(valid_under: Sequence[dict[str, Any]], _: bool) -> str:
    chosen = sorted({v["option"] for v in valid_under})
    return "the chosen reading of " + ", ".join(chosen) if chosen else "the chosen reading"


def _count(n: int, word: str) -> str:
    return f"{'a' if n == 1 else n} {word}{'s' if n != 1 else ''}"


def _names(names: Sequence[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def verdict_text(r: dict[str, Any]) -> str:
    """Who loses or gains what, and by which rule; then what comes next."""
    parts = []
    lost: dict[str, list[str]] = {}
    for x in r["marks_lost"]:
        lost.setdefault(x["player"], []).append(x["rule"])
    gained: dict[str, list[str]] = {}
    for x in r["marks_gained"]:
        gained.setdefault(x["player"], []).append(x["rule"])
    for verb, table in (("lose", lost), ("gain", gained)):
        # players who lose (gain) alike, by the same rules, are named together
        alike: dict[tuple[str, ...], list[str]] = {}
        for player, cited_rules in table.items():
            alike.setdefault(tuple(cited_rules), []).append(player)
        for rule_ids, players in alike.items():
            marks = _count(len(rule_ids), "mark")
            cited = ", ".join(dict.fromkeys(rule_ids))
            if len(players) == 1:
                parts.append(f"{players[0]} {verb}s {marks} ({cited})")
            else:
                parts.append(f"{_names(players)} each {verb} {marks} ({cited})")
    if not parts:
        parts.append("nobody loses a mark" if r["deal_over"] else "no mark has changed hands yet")
    text = "; ".join(parts)
    text = text[0].upper() + text[1:] + "."
    more = []
    kept = _kept_last_life(r)
    gone = [p for p in r["out"] if p not in kept]
    if gone:
        more.append(f"{_names(gone)} {'is' if len(gone) == 1 else 'are'} out")
    if kept:
        more.append(f"{_names(kept)}, the last players in, went out in this deal and keep their last life (S6)")
    if r["restart"]:
        how = "a draw, all play again" if r["restart"]["kind"] == "draw" else "everybody gets the marks again"
        more.append(f"everybody went out in this deal: {how} ({r['restart']['rule']})")
    for x in r["buy_back_offers"]:
        more.append(f"{x['player']} may buy back for {x['stakes']} stake(s)")
    if r["bought_back"]:
        more.append(f"{_names(r['bought_back'])} bought back")
    joint = r.get("winners") or []
    if r["winner"]:
        more.append(f"{r['winner']} wins the match")
    elif len(joint) > 1:
        more.append(f"{_names(joint)} are joint winners and share the pot (S6)")
    elif r["next"]:
        nx = r["next"]
        more.append(f"the deal goes on: {nx['player']} decides next ({' or '.join(nx['legal'])})")
    elif r.get("next_dealer_if_none_buys_back") is not None or r.get("next_dealer_if_all_buy_back") is not None:
        a, b = r.get("next_dealer_if_none_buys_back"), r.get("next_dealer_if_all_buy_back")
        more.append(f"next dealer: {a} if nobody buys back" + (f", {b} if all do" if b != a else ""))
    elif r["next_dealer"]:
        more.append(f"next dealer: {r['next_dealer']}")
    if more:
        tail = "; ".join(more)
        text += " " + tail[0].upper() + tail[1:] + "."
    return text


def _named(token: Optional[str], rules: Any) -> str:
    """A canonical card token as the ruleset's source prints it ('XII Gnaf', 'roi'); '?' for none."""
    if token is None:
        return "?"
    if rules is None:
        return token
    try:
        return display_label(rules, parse_card(token, PACKS[rules.pack].family))
    except ValueError:
        return token


def _result_text(r: dict[str, Any], indent: str, rules: Any = None) -> list[str]:
    lines = []
    if r["deal_over"]:
        if r["shown"]:
            lines.append("Shown: " + ", ".join(f"{n} {_named(c, rules)}" for n, c in r["shown"].items()))
        if r["dead"]:
            lines.append("Dead cards (not compared): " + ", ".join(r["dead"]))
    if r["buy_back_offers"]:
        lines.append("Buy-back: " + ", ".join(f"{x['player']} for {x['stakes']} stake(s) = {x['amount']}"
                                              for x in r["buy_back_offers"]))
    if r["restart"]:
        lines.append("Virgins now: " + (", ".join(r["virgins"]) if r["virgins"] else "nobody"))
    lines.append("Marks now: " + ", ".join(f"{n} {m}" for n, m in r["marks"].items()) + f"; pot {r['pot']}")
    wa, wb = r.get("winner_if_none_buys_back"), r.get("winner_if_all_buy_back")
    if wa and wa == wb:
        lines.append(f"Winner of the match: {wa}, whether or not anybody buys back")
    else:
        if wa:
            lines.append(f"Winner if nobody buys back: {wa}")
        if wb:
            lines.append(f"Winner if all buy back: {wb}")
    return [indent + x for x in lines]


def _steps_text(steps: list[dict[str, Any]], indent: str,
                place: Optional[Callable[[str], str]] = None) -> list[str]:
    lines = []
    last_at: Optional[str] = "-"
    for s in steps:
        if s["at"] != last_at:
            head = s.get("heading") or s["at"] or "The deal"
            where = (place or str)(s["at"]) if s["at"] else ""
            lines.append(f"{indent}{head}:" + (f"  ({where})" if where else ""))
            last_at = s["at"]
        lines.append(f"{indent}  {s['text']} -- {s['source'] or s['rule']}")
    return lines


def certain_text(certain: dict[str, Any]) -> str:
    """What every case agrees on, in one line (issue 24 §5)."""
    parts = []
    if certain["marks_lost"]:
        parts.append("marks lost: " + _by_player(certain["marks_lost"]))
    if certain["marks_gained"]:
        parts.append("marks gained: " + _by_player(certain["marks_gained"]))
    if certain["out"]:
        parts.append(_names(certain["out"]) + " out")
    said = "; ".join(parts) if parts else "no mark moves in every case"
    return f"Certain whatever the cards: {said}"


def ruling_text(ruling: Ruling, source: str, place: Optional[Callable[[str], str]] = None) -> str:
    """The ruling as text: the verdict, the claim, the steps, the result.  ``place`` names where
    a history entry was written (a deal in the notation: its line) in place of its JSON path."""
    opts = ", ".join(f"{k}={v}" for k, v in ruling.overrides.items())
    lines = [f"{source}: ruling under {ruling.preset}" + (f" ({opts})" if opts else "")]
    outcomes = ruling.outcomes
    single = len(outcomes) == 1
    # 1. the verdict: who loses or gains what, by which rule
    if single:
        lines.append("Verdict: " + verdict_text(outcomes[0].result))
        if ruling.unknown:
            lines.append(f"  (the same whatever the cards the position does not give: {', '.join(ruling.unknown)})")
    else:
        if ruling.certain is not None:
            lines.append(certain_text(ruling.certain))
        lines.append(f"Verdict: it depends on cards the position does not give ({', '.join(ruling.unknown)}):")
        for k, o in enumerate(outcomes, 1):
            lines.append(f"  Case {k}, if {o.condition or 'any card'}: {verdict_text(o.result)}")
    if ruling.readings:
        for q in ruling.readings:
            for line in _reading_lines(q, ruling.preset, brief=True):
                lines.append(line)
    # 2. the claim
    if ruling.claim is not None:
        c = ruling.claim
        who = f" by {c['by']}" if c.get("by") else ""
        if c["verdict"] == "upheld":
            lines.append(f"Claim{who}: UPHELD")
        else:
            lines.append(f"Claim{who}: OVERRULED")
            for d in c["differences"]:
                cond = f" (if {d['if']})" if d.get("if") else ""
                lines.append(f"  {d['field']}: claimed {_show(d['claimed'])}, the rules say {_show(d['ruled'])}{cond}")
    for w in ruling.warnings:
        lines.append(f"Warning: {w.path}: {w.message}")
    # 3. the steps, with headings a person reads
    common = _common_prefix([o.steps for o in outcomes])
    lines.append("How it went:" if single or len(common) == max(len(o.steps) for o in outcomes)
                 else "How it went (in every case):")
    lines += _steps_text(common, "  ", place)
    if not single:
        for k, o in enumerate(outcomes, 1):
            rest = o.steps[len(common):]
            if rest:
                lines.append(f"  Case {k}, if {o.condition or 'any card'}:")
                lines += _steps_text(rest, "    ", place)
    lines.append("Result:" if single else "Result, case by case:")
    for k, o in enumerate(outcomes, 1):
        if not single:
            lines.append(f"  Case {k}:")
        lines += _result_text(o.result, "  " if single else "    ", ruling.rules)
    if ruling.readings:
        lines.append("Open questions (the outcome differs by reading):")
        for q in ruling.readings:
            lines += _reading_lines(q, ruling.preset, brief=False)
    return printable("\n".join(lines))


def _reading_lines(q: dict[str, Any], preset: str, brief: bool) -> list[str]:
    """One open question: each reading's outcome, readings with identical lines merged."""
    merged: dict[str, list[dict[str, Any]]] = {}
    for r in q["readings"]:
        if r["status"] == "ruling":
            # one line per case (a case's own summary joins its parts with '; ')
            said = "\n".join((f"if {o['if']}: " if o.get("if") else "") + _brief(o["result"]) for o in r["outcomes"])
        else:
            said = f"{r['status']}: {r.get('message', '')}"
        merged.setdefault(said, []).append(r)
    if brief:
        # the verdict's lines: each other reading whose verdict is not the chosen reading's own
        # (a reading that comes out as the chosen one is shown with it in the open questions)
        alike: dict[str, list[str]] = {}
        for r in q["readings"]:
            if r["status"] == "ruling":
                # each case's verdict is whole sentences: the next case starts a sentence of its own
                said = " ".join((f"{'If' if k else 'if'} {o['if']}: " if o.get("if") else "")
                                + verdict_text(o["result"]) for k, o in enumerate(r["outcomes"]))
            else:
                said = f"{r['status']}: {r.get('message', '')}"
            alike.setdefault(said, []).append("" if r["chosen"] else r["reading"])
        return [f"  Under the other reading of {q['settles']} ({q['option']} = {' or '.join(rs)}): {said}"
                for said, rs in alike.items() if "" not in rs]
    lines = [f"  {q['option']} ({q['settles']}): {q['question']}"]
    for said, rs in merged.items():
        for r in rs:
            mark = "*" if r["chosen"] else " "
            lines.append(f"   {mark} {r['reading']}: {r['text']} [{r['source']}]")
        lines += [f"       -> {case}" for case in said.split("\n")]
    lines.append(f"   (* = the reading {preset} chooses" + (f": {q['why_chosen']})" if q.get("why_chosen") else ")"))
    return lines


def _show(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(value) if value else "nobody"
    if isinstance(value, dict):
        return ", ".join(f"{k} {v if v is not None else '?'}" for k, v in value.items())
    return str(value) if value is not None else "nobody"


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
    parts.append(("loses marks: " if several else "loses a mark: ") + (_by_player(lost) if lost else "nobody"))
    if r["marks_gained"]:
        parts.append("gains: " + _by_player(r["marks_gained"]))
    if r["out"]:
        parts.append("out: " + ", ".join(r["out"]))
    if r["restart"]:  # K18, D8, Z11: everybody went out
        parts.append(f"{'a draw' if r['restart']['kind'] == 'draw' else 'all return'} ({r['restart']['rule']})")
    kept = _kept_last_life(r)
    if kept:
        parts.append(f"last life kept: {', '.join(kept)} (S6)")
    if r["buy_back_offers"]:
        parts.append("buy-back: " + ", ".join(f"{x['player']} {x['stakes']}" for x in r["buy_back_offers"]))
    if r["next"]:
        parts.append(f"next: {r['next']['player']}")
    if r["winner"]:
        parts.append(f"winner: {r['winner']}")
    elif len(r.get("winners") or []) > 1:
        parts.append("joint winners: " + ", ".join(r["winners"]))
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
        options.append({"name": spec.name, "settles": spec.settles, "question": spec.question,
                        "readings": [{"value": r.value, "text": r.text,
                                      "source": cite(r.source) if r.source in RULES else r.source}
                                     for r in spec.readings]})
    return {"format": "cucu-rulesets/1", "presets": presets, "options": options}


def citation(key: str) -> str:
    """A rule ID or source key as a reader cites it, by author and year and the account it is
    read in: ``'K13, N. Farina 2010, after the German account 'Cucù und Lu Stù', section
    Ereigniskarten'`` (:func:`cucu_ref.formats.sources.reference`); an open question says it is
    one, and whose text it is open in."""
    if key in RULES:
        rule = RULES[key]
        source = SOURCES[rule.source]
        if key.startswith("Q"):
            year = f" {source.year}" if source.year is not None else ""
            return f"{key}, an open question of {author_name(rule.source)}{year}"
        return f"{key}, {reference(key)}"
    if key in SOURCES:
        source = SOURCES[key]
        return f"{author_name(key)} ({source.year if source.year is not None else 'no date'})"
    return key


def _setting_words(rules: Any) -> str:
    pack = PACKS[rules.pack]
    if pack.family == "cuccu":
        cards = f"the {pack.size}-card Cuccù pack" + (" (no lions)" if rules.pack == "cuccu-38" else "")
    else:
        cards = f"the {pack.size}-card ordinary pack"
        if rules.piquet_below_seven == "yes":
            cards += " (the 32-card piquet pack below seven players)"
    players = (f"exactly {rules.min_players} players" if rules.min_players == rules.max_players
               else f"{rules.min_players} to {rules.max_players} players")
    stake = "no stake" if rules.stake == 0 else f"a stake of {rules.stake}"
    parts = [players, cards, f"{rules.initial_marks} marks each", stake]
    if rules.dealer_takes == 3:
        parts.append("the dealer takes three cards and keeps the highest")
    if not rules.roles:
        parts.append("no privileged card")
    elif pack.family != "cuccu" and [r for _, r in rules.roles] == [CUCKOO]:
        parts.append("the king refuses an exchange")
    else:
        parts.append("event cards " + ", ".join(f"{card_token(Card(pack.family, v))} {r}" for v, r in rules.roles))
    return "; ".join(parts) + "."


def rulesets_text(width: int = 88) -> str:
    """``cucu-adjudicate --rulesets``: every preset with its sources by author and year, its
    settings in words, the open points with the reading it takes and why, then every named
    option with its readings, their sources and the presets that take each."""

    def para(text: str, indent: str, hang: str = "") -> list[str]:
        return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=indent + hang,
                             break_on_hyphens=False) or [indent]

    lines = para("The rulesets (presets) cucu-adjudicate knows. A position names one as "
                 '"ruleset": "campli", or changes readings with {"preset": "campli", "options": '
                 '{"ties": "first"}}. Where a source is silent or unclear, a preset takes a reading '
                 "of a named option, and every ruling that depends on it also gives the other "
                 "readings' outcomes. --rulesets --format json gives all of this as data.", "")
    for name, rules in PRESETS.items():
        info = PRESET_INFO.get(name)
        lines.append("")
        keys = [k for k in (info.sources if info else ()) if k in SOURCES]
        after = "; ".join(citation(k) for k in keys)
        title = info.title if info else name
        lines += para(f"{name}: {title}" + (f", after {after}" if after else ""), "", "    ")
        lines += para(_setting_words(rules), "  ", "  ")
        if info and info.base and info.base in PRESETS:
            base = PRESETS[info.base]
            changed = [f"{k} = {getattr(rules, k)}" for k in OPTIONS if getattr(rules, k) != getattr(base, k)]
            if changed:
                lines += para(f"As {info.base} except: {', '.join(changed)}.", "  ", "  ")
        points = open_options(name)
        reasons = PRESET_REASONS.get(name, {})
        if not points:
            lines += para("No open point: the source settles every option this game meets.", "  ", "  ")
        else:
            lines += para("Open points, and the reading taken:", "  ")
        for option in points:
            spec = OPTIONS[option]
            lines += para(f"{option} = {getattr(rules, option)} ({spec.settles}): {spec.question}", "    ", "    ")
            if option in reasons:
                lines += para(f"Why: {reasons[option]}", "      ", "     ")
        fixed = [k for k in reasons if k not in points]
        if fixed:
            lines += para("Other settings and readings, and where they come from:", "  ")
            for key in fixed:
                value = getattr(rules, key)
                if key == "roles":
                    family = PACKS[rules.pack].family
                    value = ", ".join(f"{card_token(Card(family, v))} {r}" for v, r in value) or "none"
                shown = value
                lines += para(f"{key} = {shown}: {reasons[key]}", "    ", "    ")
    lines.append("")
    lines += para("The named options: every point where the sources differ or are silent, with each reading, "
                  "its source and the presets that take it.", "")
    for spec in OPTIONS.values():
        lines.append("")
        lines += para(f"{spec.name} ({citation(spec.settles)}): {spec.question}", "", "    ")
        for r in spec.readings:
            # only the presets that can meet the option: Coucou has no cat to read 'undo'
            users = [n for n, p in PRESETS.items() if getattr(p, spec.name) == r.value
                     and spec.name in options_in_play(p)]
            taken = f" Taken by {', '.join(users)}." if users else ""
            lines += para(f"{r.value}: {r.text}. Source: {citation(r.source)}.{taken}", "  ", "    ")
    return printable("\n".join(lines))
