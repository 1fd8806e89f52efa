"""The position format (``cucu-position/1``): read, check, write.

A position is what a table can tell an adjudicator: the ruleset, the players in
seat order with their marks, the dealer, what is known of the cards, and the
history of the current deal as the table saw it (see ``specs/position-1.schema.json``
and ``docs/position-format.rst``).

Checking has three layers, each collecting *all* its problems with their JSON paths:

1. the input: size, encoding, JSON syntax, nesting (:class:`InputError`, one at a time:
   nothing further can be read);
2. the schema (:func:`schema_problems`);
3. the meaning (:func:`parse`): names, cards, the ruleset, counts of cards and players.

Replaying the history (the fourth layer) belongs to :mod:`cucu_ref.adjudication`.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any, NamedTuple, Optional

from . import cards as _cards
from .cards import PACKS, Card, CardNameError
from .rulesets import PRESETS, Rules, RulesetError, preset
from .state import Action, ActionKind, Phase, State

# The calls (announcement words -> event role, C2, K10-K14) live in cucu_ref.vocabulary with
# their languages and sources; re-exported here, where they were first defined.
from .vocabulary import ROLE_CALL, ROLE_RULE, ROLE_WORDS

__all__ = [
    "FORMAT",
    "MAX_BYTES",
    "MAX_DEPTH",
    "InputError",
    "Problem",
    "Position",
    "HistoryEvent",
    "Claim",
    "load",
    "schema",
    "schema_problems",
    "parse",
    "start_state",
    "position_from_replay",
    "ROLE_WORDS",
    "ROLE_CALL",
    "ROLE_RULE",
]

FORMAT = "cucu-position/1"
MAX_BYTES = 1 << 20  # 1 MiB per position (per line with --batch)
MAX_DEPTH = 64  # nesting of arrays and objects
UNKNOWN = "?"

# History verbs that are decisions, and the engine actions each may stand for.
DECISIONS: dict[str, tuple[str, ...]] = {
    "keep": (ActionKind.KEEP, ActionKind.INN_KEEP),
    "offer": (ActionKind.OFFER,),
    "ask": (ActionKind.INN_ASK,),
    "accept": (ActionKind.INN_ACCEPT,),
    "refuse": (ActionKind.INN_REFUSE,),
    "dealer-exchange": (ActionKind.EXCHANGE_WITH_STACK,),
    "buy-back": (ActionKind.BUY_BACK,),
    "decline": (ActionKind.DECLINE,),
    # Q9 read 'yes' (Zeh 1769, third paragraph): the target of an offer of a plain card agrees
    # to exchange, or refuses and puts a mark in the cup ('wird eine Marque in die Taze setzen')
    "agree": (ActionKind.EXCHANGE,),
    "pay-to-refuse": (ActionKind.REFUSE_BY_PAYING,),
}
# Table talk (K20): not a decision of the deal, but noted where a rule reacts to it
# (Z7: a fool holder who hinted at his fool gains nothing from two fools).
TALK = ("hint",)
# What the table saw; checked against what the rules derive.
OBSERVATIONS = ("deal", "exchange", "announce", "pays", "shows", "stack-exchange")
VERBS = tuple(DECISIONS) + OBSERVATIONS + TALK + ("fermatevi", "act")


class InputError(Exception):
    """The input cannot be read as a JSON object at all (layer 1)."""

    def __init__(self, message: str, path: str = "$"):
        super().__init__(message)
        self.path = path
        self.message = message


class Problem(NamedTuple):
    layer: str  # 'input', 'schema', 'meaning', 'history'
    path: str  # JSON path, '$' for the document
    message: str
    rule: Optional[str] = None  # the rule ID that makes it a problem

    def as_json(self) -> dict[str, Any]:
        from .sources import RULES, cite

        out: dict[str, Any] = {"layer": self.layer, "path": self.path, "message": self.message}
        out["rule"] = self.rule
        out["source"] = cite(self.rule) if self.rule in RULES else None
        return out


class HistoryEvent(NamedTuple):
    verb: str  # one of VERBS ('fermatevi' is normalised to 'announce')
    seat: int
    path: str
    other: Optional[int] = None  # exchange partner
    card: Optional[Card] = None  # dealt / taken / shown card, if known
    role: Optional[str] = None  # announced role
    amount: int = 1
    kind: Optional[str] = None  # the engine action kind of a generic 'act' event


class Claim(NamedTuple):
    by: Optional[str]
    fields: dict[str, Any]  # canonical: loses/gains (sorted name lists), out (sorted), holds (name->token), ...


class Position(NamedTuple):
    rules: Rules
    preset: str
    overrides: dict[str, Any]
    players: tuple[str, ...]
    marks: tuple[int, ...]
    virgins: tuple[bool, ...]
    dealer: int
    pot: int
    eliminations: int
    reentries: int
    deals_played: int
    stack_order: Optional[tuple[Optional[Card], ...]]  # whole stack before the deal, top first
    stack_top: Optional[Card]
    stack_bottom: Optional[Card]
    stack_cards: tuple[Card, ...]
    hands: dict[int, Card]  # known cards held at the end of the history
    history: tuple[HistoryEvent, ...]
    claim: Optional[Claim]
    description: str

    @property
    def order(self) -> tuple[int, ...]:
        """This deal's seats in play order, right of the dealer first, the dealer last (K4)."""
        n = len(self.players)
        return tuple(s for s in ((self.dealer + k) % n for k in range(1, n + 1)) if self.marks[s] > 0)


# --------------------------------------------------------------------------- layer 1: input


def load(data: bytes | str) -> dict[str, Any]:
    """Read one position's bytes into a JSON object, or raise :class:`InputError`.

    Caps (documented in --help and the schema): :data:`MAX_BYTES` and :data:`MAX_DEPTH`."""
    if isinstance(data, str):
        size = len(data.encode("utf-8", "surrogatepass"))
        text = data
    else:
        size = len(data)
        if size > MAX_BYTES:
            raise InputError(f"input is larger than the {MAX_BYTES // 1024} KiB limit")
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as err:
            raise InputError(f"not UTF-8 text (byte {err.start})") from None
    if size > MAX_BYTES:
        raise InputError(f"input is larger than the {MAX_BYTES // 1024} KiB limit")
    if not text.strip():
        raise InputError("empty input: expected a JSON object")
    depth = _max_depth(text)
    if depth > MAX_DEPTH:
        raise InputError(f"nesting deeper than {MAX_DEPTH} levels")
    try:
        doc = json.loads(text, object_pairs_hook=_no_duplicates)
    except _DuplicateKey as err:
        raise InputError(f"duplicate field {err.key!r} in one object") from None
    except json.JSONDecodeError as err:
        raise InputError(f"not JSON: {err.msg} at line {err.lineno}, column {err.colno}") from None
    except RecursionError:  # pragma: no cover - _max_depth stops this first
        raise InputError(f"nesting deeper than {MAX_DEPTH} levels") from None
    if not isinstance(doc, dict):
        kind = {list: "an array", str: "a string", int: "a number", float: "a number", bool: "a boolean"}.get(
            type(doc), "null")
        raise InputError(f"expected a JSON object (a position), got {kind}")
    return doc


class _DuplicateKey(ValueError):
    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for k, _ in pairs:
            if k in seen:
                raise _DuplicateKey(k)
            seen.add(k)
    return out


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def _max_depth(text: str) -> int:
    """Bracket depth outside strings, without recursion (a cheap guard before json.loads)."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return 0
    depth = best = 0
    for ch in _BRACKET.findall(_STRING.sub("", text)):
        if ch in "[{":
            depth += 1
            if depth > best:
                best = depth
                if best > MAX_DEPTH:
                    return best
        else:
            depth -= 1
    return best


# --------------------------------------------------------------------------- layer 2: schema

_SCHEMAS: dict[str, dict] = {}


def schema(name: str = "position-1") -> dict:
    """A schema shipped as package data: 'position-1' or 'ruling-1'."""
    if name not in _SCHEMAS:
        import os

        # package data next to this module (pyproject: schemas/*.json); plain open() is the
        # cheapest way to read it and works for wheels and source trees alike
        with open(os.path.join(os.path.dirname(__file__), "schemas", f"{name}.schema.json"), encoding="utf-8") as f:
            _SCHEMAS[name] = json.load(f)
    return _SCHEMAS[name]


_FAST: dict[str, Any] = {}


def schema_problems(doc: Any, name: str = "position-1") -> list[Problem]:
    """Every way ``doc`` breaks the shipped schema ``name`` (see :func:`schema`), each with its
    JSON path; [] when it is valid."""
    from .minischema import compile_validator, iter_errors

    fast = _FAST.get(name)
    if fast is None:
        fast = _FAST[name] = compile_validator(schema(name))
    if fast(doc):
        return []
    return [Problem("schema", e.path, e.message) for e in iter_errors(schema(name), doc)]


# --------------------------------------------------------------------------- layer 3: meaning


def _is_unknown(value: Any) -> bool:
    return value is None or (isinstance(value, str) and value.strip() == UNKNOWN)


class _Checker:
    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, path: str, message: str, rule: Optional[str] = None) -> None:
        self.problems.append(Problem("meaning", path, message, rule))


_CARD_MEMO: dict[str, dict[str, Card]] = {}  # pack name -> text -> card (parsing is pure)


def parse(doc: dict[str, Any]) -> tuple[Optional[Position], list[Problem]]:
    """Check the meaning of a schema-valid position; return it with every problem found.

    The position is None when a problem makes it unusable."""
    chk = _Checker()
    rules, preset_name, overrides = _ruleset(doc.get("ruleset"), chk)
    if (rules is not None and rules.piquet_below_seven == "yes" and rules.pack == "french-52"
            and len(doc.get("players", [])) < 7):
        # F1: the 32-card piquet pack 'wenn weniger als sieben Spieler spielen', fixed at the start of
        # the match (as cucu_ref.engine.new_match does): every player listed sat down at the start
        rules = rules.with_options({"pack": "french-32"})
    pack = PACKS[rules.pack] if rules is not None else PACKS["cuccu-40"]

    memo = _CARD_MEMO.setdefault(pack.name, {})

    def card(value: Any, path: Any) -> Optional[Card]:
        known = memo.get(value) if type(value) is str else None
        if known is not None:
            return known
        if _is_unknown(value):
            return None
        if isinstance(path, tuple):  # (prefix, index): built only when needed
            path = f"{path[0]}[{path[1]}]"
        try:
            parsed = pack.parse(value)
            if len(memo) < 4096:
                memo[value] = parsed
            return parsed
        except CardNameError as err:
            if err.candidates:  # a regional name of two cards (cucu_ref.cards.ALIASES)
                chk.add(path, str(err), "C1")
                return None
            if err.suggestions:
                hint = f"; did you mean {' or '.join(repr(s) for s in err.suggestions)}?"
            else:
                hint = f" in the {pack.name} pack"
            chk.add(path, f"unknown card {value!r}{hint}", "C1")
            return None

    # players (K1: seat order is play order)
    names: list[str] = []
    marks: list[int] = []
    virgins: list[bool] = []
    initial = rules.initial_marks if rules is not None else 3
    for i, entry in enumerate(doc.get("players", [])):
        path = f"$.players[{i}]"
        if isinstance(entry, str):
            entry = {"name": entry}
            name_path = path
        else:
            name_path = path + ".name"
        name = entry["name"].strip()
        if name in names:
            chk.add(name_path, f"duplicate player name {name!r} (also $.players[{names.index(name)}])")
        names.append(name)
        m = int(entry.get("marks", initial))
        marks.append(m)
        virgin = entry.get("virgin", m == initial)
        gain_keeps_virgin = rules is None or getattr(rules, "virgin_after_gain", "still-virgin") == "still-virgin"
        if virgin and (m < initial or (m > initial and not gain_keeps_virgin)):
            # K17: a virgin still holds his original marks (Q8: marks gained may not count against it)
            chk.add(path + ".virgin", f"{name} holds {m} marks, not the original {initial}, so is no virgin",
                    "K17" if m < initial else "Q8")
        if virgin and m == 0:
            virgin = False
        virgins.append(bool(virgin))
    seat_of = {n: i for i, n in enumerate(names)}

    def seat(value: Any, path: str, what: str = "player") -> int:
        name = value.strip() if isinstance(value, str) else value
        if name in seat_of:
            return seat_of[name]
        import difflib

        near = difflib.get_close_matches(str(name), names, n=1)
        hint = f"; did you mean {near[0]!r}?" if near else ""
        chk.add(path, f"{what} {name!r} is not seated at this table{hint} (players: {', '.join(names)})")
        return -1

    if rules is not None and names:
        in_match = sum(1 for m in marks if m > 0)
        if not rules.min_players <= len(names) <= rules.max_players:
            chk.add("$.players", f"{rules.name} is played by {rules.min_players} to {rules.max_players} players, "
                                 f"not {len(names)}", rules.cites("players"))
        if in_match < 2:
            chk.add("$.players", f"only {in_match} player(s) hold marks: the match is over, there is no deal", "K3")
    dealer = seat(doc.get("dealer"), "$.dealer", "dealer") if "dealer" in doc else -1
    if dealer >= 0 and marks[dealer] == 0:
        chk.add("$.dealer", f"the dealer {names[dealer]} is out of the match (0 marks) and cannot deal", "K2")

    stake = rules.stake if rules is not None else 1
    pot = int(doc.get("pot", stake * len(names)))

    # what is known of the cards
    stack = doc.get("stack", {})
    stack_order: Optional[tuple[Optional[Card], ...]] = None
    if "order" in stack:
        stack_order = tuple(card(c, ("$.stack.order", i)) for i, c in enumerate(stack["order"]))
        if len(stack_order) != pack.size:
            chk.add("$.stack.order", f"the whole stack holds the {pack.size} cards of {pack.name}, not "
                                     f"{len(stack_order)} (use 'top', 'bottom', 'cards' for what is known)", "C1")
        if any(k in stack for k in ("top", "bottom", "cards")):
            chk.add("$.stack", "give either the whole 'order' or 'top'/'bottom'/'cards', not both")
    top = card(stack.get("top"), "$.stack.top")
    bottom = card(stack.get("bottom"), "$.stack.bottom")
    extra = tuple(c for c in (card(x, f"$.stack.cards[{i}]") for i, x in enumerate(stack.get("cards", []))) if c)

    hands: dict[int, Card] = {}
    for name, value in doc.get("hands", {}).items():
        s = seat(name, f"$.hands[{json.dumps(name)}]")
        c = card(value, f"$.hands[{json.dumps(name)}]")
        if s >= 0 and c is not None:
            hands[s] = c
            if marks[s] == 0:
                chk.add(f"$.hands[{json.dumps(name)}]", f"{name} is out of the match and holds no card", "K16")

    history = _history(doc.get("history", []), seat, card, marks, names, chk)

    # too many copies of a card (C1): the dealt cards and the stack are distinct cards; so
    # are the cards held at the end
    if rules is not None:
        layout = list(stack_order or ()) + [top, bottom, *extra] + [e.card for e in history if e.verb == "deal"]
        _surplus(pack, [c for c in layout if c is not None], "the dealt cards and the stack", chk)
        held = list(hands.values())
        shown = {e.seat: e.card for e in history if e.verb == "shows" and e.card is not None}
        held += [c for s, c in shown.items() if s not in hands]
        _surplus(pack, held, "the hands", chk)

    claim = _claim(doc.get("claim"), seat, card, chk) if "claim" in doc else None
    if chk.problems or rules is None or dealer < 0:
        return None, chk.problems
    return Position(
        rules=rules, preset=preset_name, overrides=overrides, players=tuple(names), marks=tuple(marks),
        virgins=tuple(virgins), dealer=dealer, pot=pot, eliminations=int(doc.get("eliminations", 0)),
        reentries=int(doc.get("reentries", 0)), deals_played=int(doc.get("deals_played", 0)),
        stack_order=stack_order, stack_top=top, stack_bottom=bottom, stack_cards=extra, hands=hands,
        history=tuple(history), claim=claim, description=doc.get("description", ""),
    ), []


def _surplus(pack: Any, seen: list[Card], where: str, chk: _Checker) -> None:
    for c, extra in pack.surplus(seen).items():
        have = seen.count(c)
        allowed = have - extra
        word = {3: "a third", 4: "a fourth"}.get(have, f"{have} copies of")
        chk.add("$", f"{where} hold {word} {_cards.format(c)}: the {pack.name} pack has {allowed} "
                     f"{'copy' if allowed == 1 else 'copies'}" + (" (no lions in this pack, C4)" if allowed == 0 else ""),
                "C4" if allowed == 0 else "C1")


def _ruleset(value: Any, chk: _Checker) -> tuple[Optional[Rules], str, dict[str, Any]]:
    if isinstance(value, str):
        name, overrides, path = value, {}, "$.ruleset"
    elif isinstance(value, dict):
        name, overrides, path = value.get("preset", ""), dict(value.get("options", {})), "$.ruleset.preset"
    else:
        return None, "", {}
    if name not in PRESETS:
        try:
            preset(name)
        except RulesetError as err:
            chk.add(path, str(err))
        return None, name, overrides
    rules = PRESETS[name]
    from .rulesets import OPTIONS

    import dataclasses

    kinds = {f.name: f.type for f in dataclasses.fields(Rules)}
    good: dict[str, Any] = {}
    for key, reading in overrides.items():
        opath = f"$.ruleset.options.{key}"
        if key not in kinds or key in ("name", "roles"):
            import difflib

            near = difflib.get_close_matches(key, [k for k in kinds if k not in ("name", "roles")], n=1)
            hint = f"; did you mean {near[0]!r}?" if near else ""
            chk.add(opath, f"unknown rule option {key!r}{hint} (cucu-adjudicate --rulesets lists them)")
            continue
        if key in OPTIONS:
            readings = OPTIONS[key].values()
            if reading not in readings:
                chk.add(opath, f"option {key!r} has no reading {reading!r}; readings: {', '.join(readings)}",
                        OPTIONS[key].settles)
                continue
        else:
            want_int = "int" in str(kinds[key])
            if want_int != isinstance(reading, int):
                chk.add(opath, f"setting {key!r} takes {'a whole number' if want_int else 'a name'}, not {reading!r}")
                continue
        good[key] = reading
    try:
        rules = rules.with_options(good) if good else rules
    except (RulesetError, TypeError, ValueError) as err:
        field = getattr(err, "field", None)
        chk.add(f"$.ruleset.options.{field}" if field else "$.ruleset", str(err))
        return None, name, good
    return rules, name, good


def _history(items: list[dict[str, Any]], seat: Any, card: Any, marks: list[int], names: list[str],
             chk: _Checker) -> list[HistoryEvent]:
    out: list[HistoryEvent] = []
    for i, item in enumerate(items):
        path = f"$.history[{i}]"
        verb = next((v for v in VERBS if v in item), None)
        if verb is None:  # pragma: no cover - the schema guarantees a verb
            continue
        if verb == "exchange":
            a, b = (seat(x, f"{path}.exchange[{j}]") for j, x in enumerate(item["exchange"]))
            if a >= 0 and b >= 0:
                if a == b:
                    chk.add(path + ".exchange", f"{names[a]} cannot exchange with himself", "K7")
                out.append(HistoryEvent("exchange", a, path, other=b))
            continue
        if verb == "announce":
            word = _fold(item["announce"])
            role = ROLE_WORDS.get(word)
            if role is None:
                import difflib

                near = difflib.get_close_matches(word, list(ROLE_WORDS), n=1)
                hint = f"; did you mean {near[0]!r}?" if near else ""
                chk.add(path + ".announce", f"unknown announcement {item['announce']!r}{hint} "
                                            f"(known: {', '.join(ROLE_CALL.values())})", "C2")
                continue
            who = seat(item["by"], path + ".by")
            if who >= 0:
                out.append(HistoryEvent("announce", who, path, role=role))
            continue
        if verb == "act":
            who = seat(item["by"], path + ".by")
            if who >= 0:
                out.append(HistoryEvent("act", who, path, kind=item["act"]))
            continue
        who = seat(item[verb], f"{path}.{verb}")
        if who < 0:
            continue
        if verb == "fermatevi":
            out.append(HistoryEvent("announce", who, path, role="inn"))
            continue
        if marks[who] == 0 and verb not in ("buy-back", "decline"):
            chk.add(f"{path}.{verb}", f"{names[who]} is out of the match (0 marks) and takes no part in this deal",
                    "K16")
        c = card(item.get("card"), f"{path}.card") if "card" in item else None
        out.append(HistoryEvent(verb, who, path, card=c, amount=int(item.get("amount", 1))))
    return out


def _claim(value: dict[str, Any], seat: Any, card: Any, chk: _Checker) -> Claim:
    fields: dict[str, Any] = {}
    for key in ("loses", "gains"):
        if key in value:
            fields[key] = sorted(n for n in value[key] if seat(n, f"$.claim.{key}") >= 0)
    if "out" in value:
        fields["out"] = sorted(set(n for n in value["out"] if seat(n, "$.claim.out") >= 0))
    if "holds" in value:
        holds = {}
        for name, c in value["holds"].items():
            p = f"$.claim.holds[{json.dumps(name)}]"
            if seat(name, p) >= 0:
                parsed = card(c, p)
                holds[name] = _cards.format(parsed) if parsed is not None else None
        fields["holds"] = holds
    for key in ("next", "next_dealer", "winner"):
        if key in value and seat(value[key], f"$.claim.{key}") >= 0:
            fields[key] = value[key]
    return Claim(value.get("by"), fields)


def _fold(text: str) -> str:
    # the cards' folding (case, accents, ø/æ/å), plus the typographic apostrophe and a final '!'
    return _cards._fold(text.replace("’", "'")).rstrip("!")


# --------------------------------------------------------------------------- position <-> state


def start_state(pos: Position, rules: Optional[Rules] = None) -> State:
    """The state just before this deal's shuffle (phase SHUFFLE)."""
    n = len(pos.players)
    return State(
        rules=rules or pos.rules, players=pos.players, marks=pos.marks, virgins=pos.virgins, dealer=pos.dealer,
        pot=pos.pot, eliminations=pos.eliminations, reentries=pos.reentries, deal_number=pos.deals_played,
        phase=Phase.SHUFFLE, actor=None, target=None, order=(), cursor=0, stack=(), hands=(None,) * n,
        custody=((),) * n, dead=(False,) * n, guarantees=(), hinted=(), out_this_deal=(), pending=(), winner=None,
    )


_VERB_OF = {kind: verb for verb, kinds in DECISIONS.items() for kind in kinds}


def position_from_replay(start: State, actions: list[Action], description: str = "") -> dict[str, Any]:
    """The position (a JSON-ready dict) of a deal replayed from ``start`` (phase SHUFFLE):
    ``actions`` begins with the shuffle and holds this deal's decisions.  Every card is known:
    the whole stack is written as 'order'.  The inverse of :func:`cucu_ref.adjudication.replay_state`."""
    if start.phase != Phase.SHUFFLE or not actions or actions[0].kind != ActionKind.SHUFFLE:
        raise ValueError("start must be a SHUFFLE state and actions must begin with the shuffle")
    rules = start.rules
    base = PRESETS.get(rules.name)
    if base is None:
        raise ValueError(f"ruleset {rules.name!r} is not a preset")
    overrides = {k: v for k, v in rules.options().items() if k != "name" and getattr(base, k) != v}
    players: list[Any] = []
    for name, m, v in zip(start.players, start.marks, start.virgins):
        players.append({"name": name, "marks": m, "virgin": v})
    history: list[dict[str, Any]] = []
    for a in actions[1:]:
        verb = _VERB_OF.get(a.kind)
        history.append({verb: start.players[a.seat]} if verb else {"act": a.kind, "by": start.players[a.seat]})
    doc: dict[str, Any] = {"format": FORMAT}
    if description:
        doc["description"] = description
    doc["ruleset"] = {"preset": rules.name, "options": overrides} if overrides else rules.name
    doc["players"] = players
    doc["dealer"] = start.players[start.dealer]
    doc["pot"] = start.pot
    doc["eliminations"] = start.eliminations
    doc["reentries"] = start.reentries
    doc["deals_played"] = start.deal_number
    doc["stack"] = {"order": [_cards.format(c) for c in actions[0].stack]}
    doc["history"] = history
    return doc
