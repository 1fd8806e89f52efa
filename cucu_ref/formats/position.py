"""The position format (``cucu-position/1``): read, check, write.

A position is what a table can tell an adjudicator: the ruleset, the players in
seat order with their marks, the dealer, what is known of the cards, and the
history of the current deal as the table saw it (see ``specs/position-1.schema.json``
and ``docs/position-format.rst``).

Checking has three layers, each collecting *all* its problems with their JSON paths:

1. the input: size, encoding, strict JSON syntax, nesting, duplicate fields, surrogates
   (:mod:`cucu_ref.formats.inputs`, re-exported here: :func:`~cucu_ref.formats.inputs.load`,
   :class:`~cucu_ref.formats.inputs.InputError`);
2. the schema (:func:`schema_problems`);
3. the meaning (:func:`parse`): names, cards, the ruleset, counts of cards and players.

Replaying the history (the fourth layer) belongs to :mod:`cucu_ref.services.adjudication`.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import json
import re
from collections import Counter
from types import MappingProxyType
from typing import Any, Callable, Mapping, NamedTuple, Optional

from ..game import cards as _cards
from ..game.cards import PACKS, Card, CardNameError
from ..game.deal import deal_places, fixed_deal_places, seats_around
from .i18n import N_
from .inputs import MAX_BYTES, MAX_DEPTH, InputError, load
from .names import lookalike_key, lookalike_letters, name_key, seat_hint, table_name
from ..game.rulesets import DEFAULT_CITATIONS, OPTIONS, PRESETS, Rules, RulesetError, by_identity, preset, table_pack
from ..game.state import Action, ActionKind, Phase, State, between_deals

# The calls (announcement words -> event role, C2, K10-K14) live in cucu_ref.formats.vocabulary with
# their languages and sources; re-exported here, where they were first defined.
from . import validation
from .sources import RULES, cite
from .vocabulary import ROLE_CALL, ROLE_RULE, ROLE_WORDS, counter_words, fold, lookup

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
    "DECISIONS",
    "VERB_OF",
]

FORMAT = "cucu-position/1"
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


class Problem(NamedTuple):
    layer: str  # 'input', 'schema', 'meaning', 'history'
    path: str  # JSON path, '$' for the document
    message: str
    rule: Optional[str] = None  # the rule ID that makes it a problem

    def as_json(self) -> dict[str, Any]:
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
    # the card each was dealt, where known ('dealt'; a history 'deal' with a card says the same)
    dealt: Mapping[int, Card] = MappingProxyType({})
    shown: Mapping[int, Card] = MappingProxyType({})  # the cards shown at the showdown ('shown')
    warnings: tuple[Problem, ...] = ()  # readings of the position that may not be what the table meant

    @property
    def order(self) -> tuple[int, ...]:
        """This deal's seats in play order, right of the dealer first, the dealer last (K4)."""
        return seats_around(self.marks, self.dealer)

    @property
    def hinted(self) -> tuple[int, ...]:
        """The seats that hinted at holding a fool (Z7, table talk the history notes), each once,
        in the order they hinted."""
        return tuple(dict.fromkeys(e.seat for e in self.history if e.verb == "hint"))


# --------------------------------------------------------------------------- layer 1: input
# in cucu_ref.formats.inputs (load, InputError, MAX_BYTES, MAX_DEPTH), imported above


# --------------------------------------------------------------------------- layer 2: schema

def schema(name: str = "position-1") -> dict[str, Any]:
    """A schema shipped as package data: 'position-1' or 'ruling-1' (see :mod:`cucu_ref.formats.validation`)."""
    return validation.schema(name)


def schema_problems(doc: Any, name: str = "position-1") -> list[Problem]:
    """Every way ``doc`` breaks the shipped schema ``name`` (see :func:`schema`), each with its
    JSON path, all collected; [] when it is valid.  Checked by jsonschema-rs
    (:mod:`cucu_ref.formats.validation`)."""
    return [Problem("schema", path, message) for path, message in validation.problems(doc, name)]


# What a table may write for a history verb it does not know ('pass' for 'offer'): the vocabulary's
# decision words in every language (cucu_ref.formats.vocabulary), and these English near-misses.
_VERB_NEAR = {"pass": "offer", "swap": "offer", "trade": "offer", "stay": "keep", "stand": "keep", "hold": "keep",
              "show": "shows", "pay": "pays", "call": "announce", "say": "announce", "says": "announce",
              "deals": "deal", "keeps": "keep", "offers": "offer", "exchanges": "exchange"}
_MEANING_VERB = {"stack": "dealer-exchange"}


def verb_hints(doc: Any, problems: list[Problem]) -> list[Problem]:
    """Schema problems of history entries with an unknown verb, each with the verb meant: 'pass'
    suggests 'offer', 'sto bene' 'keep' (issue 10 §5)."""
    history = doc.get("history") if isinstance(doc, dict) else None
    if not isinstance(history, list):
        return problems
    out = []
    for p in problems:
        m = re.fullmatch(r"\$\.history\[(\d+)\]", p.path)
        item = history[int(m.group(1))] if m and int(m.group(1)) < len(history) else None
        if isinstance(item, dict) and "not a known form" in p.message and not any(v in item for v in VERBS):
            meant = []
            for key in item:
                if not isinstance(key, str) or key in ("card", "by", "amount", "note"):
                    continue
                verb = _VERB_NEAR.get(_fold(key))
                if verb is None:
                    words = [w for w in lookup(key) if w.kind == "decision"]
                    verb = _MEANING_VERB.get(words[0].meaning, words[0].meaning) if words else None
                if verb is None:
                    near = difflib.get_close_matches(key, list(VERBS), n=1)
                    verb = near[0] if near else None
                if verb is not None and verb in VERBS:
                    meant.append(f"{{\"{verb}\": ...}} for {key!r}")
            if meant:
                p = p._replace(message=f"{p.message}; did you mean {' or '.join(meant)}?")
        out.append(p)
    return out


# --------------------------------------------------------------------------- layer 3: meaning


def _is_unknown(value: Any) -> bool:
    return value is None or (isinstance(value, str) and value.strip() == UNKNOWN)


class _Checker:
    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, path: str, message: str, rule: Optional[str] = None) -> None:
        self.problems.append(Problem("meaning", path, message, rule))


_CARD_MEMO: dict[str, dict[str, Card]] = {}  # pack name -> text -> card (parsing is pure)


class _Reading:
    """One document as :func:`parse` reads it: its problems, its ruleset and pack, and the seats
    once the players are read.  :meth:`card` and :meth:`seat` read a card's and a player's name
    against them, each problem at its JSON path."""

    def __init__(self, doc: dict[str, Any], chk: _Checker, rules: Optional[Rules], pack: Any) -> None:
        self.doc, self.chk, self.rules, self.pack = doc, chk, rules, pack
        self.memo = _CARD_MEMO.setdefault(pack.name, {})
        self.names: list[str] = []
        self.marks: list[int] = []
        self.seat_of: dict[str, int] = {}

    def card(self, value: Any, path: Any) -> Optional[Card]:
        """The card named ``value`` in this pack, or None (unknown, or a problem at ``path``:
        a string, or (prefix, index), built only when needed)."""
        known = self.memo.get(value) if type(value) is str else None
        if known is not None:
            return known
        if _is_unknown(value):
            return None
        if isinstance(path, tuple):
            path = f"{path[0]}[{path[1]}]"
        try:
            parsed: Card = self.pack.parse(value)
            if len(self.memo) < 4096:
                self.memo[value] = parsed
            return parsed
        except CardNameError as err:
            if err.candidates:  # a regional name of two cards (cucu_ref.game.cards.ALIASES)
                self.chk.add(path, str(err), "C1")
                return None
            message, rule = _card_problem(value, err, self.pack, self.rules, len(self.doc.get("players", [])))
            self.chk.add(path, message, rule)
            return None

    def seat(self, value: Any, path: str, what: str = "player") -> int:
        """The seat of the player named ``value``, or -1 (a problem at ``path``)."""
        if type(value) is str:
            # a name written as seated (stripped, NFC) is its own normal form: one lookup
            found = self.seat_of.get(value)
            if found is not None:
                return found
        name = _name(value) if isinstance(value, str) else value
        if name in self.seat_of:
            return self.seat_of[name]
        hint = seat_hint(name, self.names) if isinstance(name, str) else ""
        self.chk.add(path, f"{what} {name!r} is not seated at this table{hint} (players: {', '.join(self.names)})")
        return -1


class _Stack(NamedTuple):
    """What a document says of the stack: the whole order, or its top, bottom and other cards."""

    order: Optional[tuple[Optional[Card], ...]]
    top: Optional[Card]
    bottom: Optional[Card]
    extra: tuple[Card, ...]
    extra_at: list[tuple[Optional[Card], str]]


def parse(doc: dict[str, Any]) -> tuple[Optional[Position], list[Problem]]:
    """Check the meaning of a schema-valid position; return it with every problem found.

    The position is None when a problem makes it unusable.  The steps, in the order their
    problems are reported: the ruleset and its pack (F1), the players (K1, K17), the dealer
    and the table (K2, K3), the stack (C1), the cards held at the end (K16), the history, the
    cards dealt (K4) and shown (K15), the copies of each card (C1), the claim."""
    chk = _Checker()
    rules, preset_name, overrides = _ruleset(doc.get("ruleset"), chk)
    rules = _piquet_pack(rules, doc)
    rd = _Reading(doc, chk, rules, PACKS[rules.pack] if rules is not None else PACKS["cuccu-40"])
    virgins = _players(rd)
    dealer = _table(rd)
    stake = rules.stake if rules is not None else 1
    pot = int(doc.get("pot", stake * len(rd.names)))
    stack = _stack(rd)
    hands, hand_at = _hands(rd)
    history = _history(doc.get("history", []), rd.seat, rd.card, rd.marks, rd.names, chk, rd.rules)
    dealt = _dealt(rd, history)
    shown = _shown(rd, history, hands)
    if rules is not None:
        _copies_laid(rd, rules, history, stack, dealt, dealer)
        _copies_held(rd, history, hands, hand_at, shown)
    claim = _claim(doc["claim"], rd.seat, rd.card, chk, rd.names) if "claim" in doc else None
    if chk.problems or rules is None or dealer < 0:
        return None, chk.problems
    return Position(
        rules=rules, preset=preset_name, overrides=overrides, players=tuple(rd.names), marks=tuple(rd.marks),
        virgins=tuple(virgins), dealer=dealer, pot=pot, eliminations=int(doc.get("eliminations", 0)),
        reentries=int(doc.get("reentries", 0)), deals_played=int(doc.get("deals_played", 0)),
        stack_order=stack.order, stack_top=stack.top, stack_bottom=stack.bottom, stack_cards=stack.extra,
        hands=hands, history=tuple(history), claim=claim, description=doc.get("description", ""), dealt=dealt,
        shown=shown,
    ), []


def _piquet_pack(rules: Optional[Rules], doc: dict[str, Any]) -> Optional[Rules]:
    """The pack fixed at the start of the match (as cucu_ref.game.engine.new_match does: every
    player listed sat down at the start): F1's 32-card piquet pack 'wenn weniger als sieben
    Spieler spielen', L5's pack without the fools (rulesets.table_pack, the one place)."""
    if rules is None:
        return None
    pack = table_pack(rules, len(doc.get("players", [])))
    return rules if pack == rules.pack else _with_options(rules, {"pack": pack})


def _players(rd: _Reading) -> list[bool]:
    """The players in seat order (K1: seat order is play order), their names and marks, into
    ``rd``; each one's virginity (K17; Q8 for marks gained) returned."""
    rules, chk = rd.rules, rd.chk
    virgins: list[bool] = []
    initial = rules.initial_marks if rules is not None else 3
    gain_keeps_virgin = rules is None or getattr(rules, "virgin_after_gain", "still-virgin") == "still-virgin"
    given = rd.doc.get("players", [])
    entries = [{"name": entry} if isinstance(entry, str) else entry for entry in given]
    names = tuple(_name(entry["name"]) for entry in entries)
    told_apart = _names_told_apart(names)
    for i, (entry, name) in enumerate(zip(entries, names)):
        path = f"$.players[{i}]"
        if i in told_apart:
            chk.add(path if isinstance(given[i], str) else path + ".name", told_apart[i])
        rd.names.append(name)
        m = int(entry.get("marks", initial))
        rd.marks.append(m)
        virgin = entry.get("virgin", m == initial)
        if virgin and (m < initial or (m > initial and not gain_keeps_virgin)):
            # K17: a virgin still holds his original marks (Q8: marks gained may not count against it)
            chk.add(path + ".virgin", f"{name} holds {m} marks, not the original {initial}, so is no virgin",
                    "K17" if m < initial else "Q8")
        if virgin and m == 0:
            virgin = False
        virgins.append(bool(virgin))
    rd.seat_of.update({n: i for i, n in enumerate(rd.names)})
    return virgins


def _table(rd: _Reading) -> int:
    """The table's size (the ruleset's players; K3: two in the match) and the dealer's seat
    (-1 if none; K2: one out of the match deals no more)."""
    rules, names, marks = rd.rules, rd.names, rd.marks
    if rules is not None and names:
        in_match = sum(1 for m in marks if m > 0)
        if not rules.min_players <= len(names) <= rules.max_players:
            rd.chk.add("$.players", f"{rules.name} is played by {rules.min_players} to {rules.max_players} players, "
                                    f"not {len(names)}", rules.cites("players"))
        if in_match < 2:  # K3: the last with marks has won; no deal is left to rule
            holders = [name for name, m in zip(names, marks) if m > 0]
            unit = _counted(rules)
            said = f"only {holders[0]} holds {unit}" if holders else f"no player holds {unit}"
            rd.chk.add("$.players", f"{said}: the match is over, there is no deal", rules.cites("winner"))
    dealer = rd.seat(rd.doc.get("dealer"), "$.dealer", "dealer") if "dealer" in rd.doc else -1
    if dealer >= 0 and marks[dealer] == 0:
        rd.chk.add("$.dealer", f"the dealer {names[dealer]} is out of the match (0 {_counted(rules)}) and "
                               "cannot deal",
                   _cites(rules, "next-dealer"))
    return dealer


def _stack(rd: _Reading) -> _Stack:
    """What is known of the stack: its whole 'order' from the top down (a shorter one gives the
    top, the rest unknown; issue 10 §2), or a 'top', a 'bottom' and other 'cards' in it (C1:
    never more than the pack)."""
    stack = rd.doc.get("stack", {})
    order: Optional[tuple[Optional[Card], ...]] = None
    if "order" in stack:
        given = stack["order"]
        # the common case first: every name a card already parsed (one C-level lookup each)
        try:
            known = tuple(map(rd.memo.get, given))  # None for a name not parsed yet, or not a string
        except TypeError:  # an array or object in the order (the schema refuses it before this)
            known = (None,)
        order = known if None not in known else tuple(rd.card(c, ("$.stack.order", i)) for i, c in enumerate(given))
        if len(order) > rd.pack.size:
            rd.chk.add("$.stack.order", f"the whole stack holds the {rd.pack.size} cards of {rd.pack.name}, not "
                                        f"{len(order)}", "C1")
        if any(k in stack for k in ("top", "bottom", "cards")):
            rd.chk.add("$.stack", "give either the whole 'order' or 'top'/'bottom'/'cards', not both")
    top = rd.card(stack.get("top"), "$.stack.top")
    bottom = rd.card(stack.get("bottom"), "$.stack.bottom")
    extra_at = [(rd.card(x, f"$.stack.cards[{i}]"), f"$.stack.cards[{i}]")
                for i, x in enumerate(stack.get("cards", []))]
    return _Stack(order, top, bottom, tuple(c for c, _ in extra_at if c), extra_at)


def _hands(rd: _Reading) -> tuple[dict[int, Card], dict[int, str]]:
    """The cards held at the end ('hands'; K16: one out of the match holds none), and each
    one's key as written (the path of a surplus copy)."""
    hands: dict[int, Card] = {}
    hand_at: dict[int, str] = {}
    for name, value in rd.doc.get("hands", {}).items():
        s = rd.seat(name, f"$.hands[{json.dumps(name)}]")
        c = rd.card(value, f"$.hands[{json.dumps(name)}]")
        if s >= 0 and c is not None:
            hands[s] = c
            hand_at[s] = name
            if rd.marks[s] == 0:
                rd.chk.add(f"$.hands[{json.dumps(name)}]", f"{name} is out of the match and holds no card",
                           _cites(rd.rules, "out"))
    return hands, hand_at


def _dealt(rd: _Reading, history: list[HistoryEvent]) -> dict[int, Card]:
    """'dealt': the card each was dealt, as a history {"deal": P, "card": C} says it (K4: one
    card each; K16: none to one out of the match); a card the history deals otherwise is refused."""
    dealt_at: dict[int, tuple[Card, str]] = {}
    for e in history:
        if e.verb == "deal" and e.card is not None:
            dealt_at.setdefault(e.seat, (e.card, e.path + ".card"))
    dealt: dict[int, Card] = {}
    for name, value in rd.doc.get("dealt", {}).items():
        path = f"$.dealt[{json.dumps(name, ensure_ascii=False)}]"
        s, c = rd.seat(name, path), rd.card(value, path)
        if s < 0 or c is None:
            continue
        if rd.marks[s] == 0:
            rd.chk.add(path, f"{name} is out of the match and is dealt no card", _cites(rd.rules, "out"))
        elif s in dealt_at and dealt_at[s][0] != c:
            rd.chk.add(path, f"{name} was dealt {_cards.format(dealt_at[s][0])} ({dealt_at[s][1]}), not "
                             f"{_cards.format(c)}", "K4")
        else:
            dealt[s] = c
            dealt_at.setdefault(s, (c, path))
    return dealt


def _shown(rd: _Reading, history: list[HistoryEvent], hands: dict[int, Card]) -> dict[int, Card]:
    """'shown': the cards shown at the showdown, as a history {"shows": P, "card": C} says it
    (K15: the card one holds at the end; K16: none by one out of the match)."""
    shows_at = {e.seat: (e.card, e.path + ".card") for e in history if e.verb == "shows" and e.card is not None}
    shown: dict[int, Card] = {}
    for name, value in rd.doc.get("shown", {}).items():
        path = f"$.shown[{json.dumps(name, ensure_ascii=False)}]"
        s, c = rd.seat(name, path), rd.card(value, path)
        if s < 0 or c is None:
            continue
        if rd.marks[s] == 0:
            rd.chk.add(path, f"{name} is out of the match and shows no card", _cites(rd.rules, "out"))
        elif s in shows_at and shows_at[s][0] != c:
            rd.chk.add(path, f"{name} shows {_cards.format(shows_at[s][0])} ({shows_at[s][1]}), not "
                             f"{_cards.format(c)}", _cites(rd.rules, "deal-over"))
        elif s in hands and hands[s] != c:
            rd.chk.add(path, f"{name} holds {_cards.format(hands[s])} at the end ($.hands), so cannot show "
                             f"{_cards.format(c)}", _cites(rd.rules, "deal-over"))
        else:
            shown[s] = c
    return shown


def _copies_laid(rd: _Reading, rules: Rules, history: list[HistoryEvent], stack: _Stack, dealt: dict[int, Card],
                 dealer: int) -> None:
    """C1, too many copies of a card among the cards dealt and the stack (distinct cards), each
    problem naming the entries that hold the copies."""
    names = rd.names
    deals = [e for e in history if e.verb == "deal"]
    field_dealt = [(c, f"$.dealt[{json.dumps(names[s], ensure_ascii=False)}]", s) for s, c in dealt.items()
                   if not any(e.seat == s and e.card is not None for e in deals)]
    if not fixed_deal_places(rules):
        # where the dealing depends on play (L10, F4, Q7's fresh card) no place is fixed: with
        # the whole stack given every card dealt is one of its cards (a dead card put under it
        # was dealt from it too), and with a part of it one card may be named twice (a dead
        # card dealt again, L10; the card put on the talon, F4).  A named dealt card is not
        # counted here: the replay checks it against the engine's deal (replay.Search.
        # dealt_as_named), or lays it where its seat is dealt, which takes its copy (C1,
        # replay.Search.lay_named; the card of a seat not dealt yet is counted at the end)
        deals, field_dealt = [], []
    elif stack.order and (field_dealt or any(e.card is not None for e in deals)):
        # a dealt card the shuffled stack's 'order' also gives, at the place K4 (L2) deals it
        # from, is the same card written twice: it must be that card, and counts once.
        # (Asked only where a dealt card is named: a program's position names none)
        given = _given_deals(rules, rd.pack.size, stack.order, dealer, rd.marks)
        deals = [e for e in deals if not _same_card(e.seat, e.card, f"{e.path}.card", given, names, rules, rd.chk)]
        field_dealt = [d for d in field_dealt if not _same_card(d[2], d[0], d[1], given, names, rules, rd.chk)]
    layout = [*(stack.order or ()), stack.top, stack.bottom, *stack.extra, *(e.card for e in deals),
              *(c for c, _, _ in field_dealt)]

    def layout_places() -> list[tuple[Optional[Card], str]]:
        # each card with its place, so that a surplus copy is reported where it is written
        # (spelt out only when there is one)
        placed = [(c, f"$.stack.order[{i}]") for i, c in enumerate(stack.order or ())]
        placed += [(stack.top, "$.stack.top"), (stack.bottom, "$.stack.bottom"), *stack.extra_at]
        return placed + [(e.card, f"{e.path}.card") for e in deals] + [(c, where) for c, where, _ in field_dealt]

    _surplus(rd.pack, [c for c in layout if c is not None], layout_places, "the dealt cards and the stack", rd.chk,
             rd.rules)


def _copies_held(rd: _Reading, history: list[HistoryEvent], hands: dict[int, Card], hand_at: dict[int, str],
                 shown: dict[int, Card]) -> None:
    """C1, too many copies of a card among the cards held or shown at the end (distinct cards)."""
    shown_seen = {s: e for s, e in ((e.seat, e) for e in history if e.verb == "shows" and e.card is not None)
                  if s not in hands and s not in shown}

    def held_places() -> list[tuple[Optional[Card], str]]:
        placed: list[tuple[Optional[Card], str]] = [(c, f"$.hands[{json.dumps(hand_at[s])}]")
                                                    for s, c in hands.items()]
        placed += [(c, f"$.shown[{json.dumps(rd.names[s], ensure_ascii=False)}]") for s, c in shown.items()
                   if s not in hands]
        return placed + [(e.card, f"{e.path}.card") for e in shown_seen.values()]

    held = [*hands.values(), *(c for s, c in shown.items() if s not in hands),
            *(e.card for e in shown_seen.values() if e.card is not None)]
    _surplus(rd.pack, held, held_places, "the cards held at the end", rd.chk, rd.rules)


_PACK_WORDS = {
    "cuccu-40": "the 40-card Cuccù pack (C1)",
    "cuccu-38": "Zeh's 38-card Cuccù pack, which has no lions (C4)",
    "french-52": "the 52-card French pack (F1)",
    "french-32": "the 32-card piquet pack (F1)",
}
# A card a pack does not hold, each a whole message by the ruleset's pack (issue 30: said in the
# table's language as one sentence; cucu_ref.services.render.problem_message matches them)
_NOT_IN_PACK = {  # a rank of the pack's family that this pack leaves out
    "cuccu-40": N_("unknown card {text}: {token} is not in the 40-card Cuccù pack (C1)"),
    "cuccu-38": N_("unknown card {text}: {token} is not in Zeh's 38-card Cuccù pack, which has no lions (C4)"),
    "french-52": N_("unknown card {text}: {token} is not in the 52-card French pack (F1)"),
}
_NOT_IN_PIQUET = N_("unknown card {text}: {token} is not in the 32-card piquet pack (A, 7 to K: no 2 to 6), which "
                    "{game} plays (F1)")
_NOT_IN_PIQUET_BELOW_SEVEN = N_("unknown card {text}: {token} is not in the 32-card piquet pack (A, 7 to K: no 2 to "
                                "6), which {game} plays with fewer than seven players ({players} here): 'wenn weniger "
                                "als sieben Spieler spielen' (F1)")
_OTHER_FAMILY = {  # a card of the other family (the Cuccù pack's numerals, the French pack's A to K)
    "cuccu-40": N_("unknown card {text}: {token} is a card of the French pack; {game} plays the 40-card Cuccù pack "
                   "(C1)"),
    "cuccu-38": N_("unknown card {text}: {token} is a card of the French pack; {game} plays Zeh's 38-card Cuccù "
                   "pack, which has no lions (C4)"),
    "french-52": N_("unknown card {text}: {token} is a card of the Cuccù pack; {game} plays the 52-card French pack "
                    "(F1)"),
    "french-32": N_("unknown card {text}: {token} is a card of the Cuccù pack; {game} plays the 32-card piquet pack "
                    "(F1)"),
}
_MISSPELT = N_("unknown card {text}; did you mean {near}?")
_NOT_A_CARD_OF = {  # no card of either family, and no spelling near one of this pack's
    "cuccu-40": N_("unknown card {text} in the 40-card Cuccù pack (C1)"),
    "cuccu-38": N_("unknown card {text} in Zeh's 38-card Cuccù pack, which has no lions (C4)"),
    "french-52": N_("unknown card {text} in the 52-card French pack (F1)"),
    "french-32": N_("unknown card {text} in the 32-card piquet pack (F1)"),
}
CARD_PROBLEMS = (*_NOT_IN_PACK.values(), _NOT_IN_PIQUET_BELOW_SEVEN, _NOT_IN_PIQUET, *_OTHER_FAMILY.values(),
                 _MISSPELT, *_NOT_A_CARD_OF.values())


def _cites(rules: Optional[Rules], mechanism: str) -> str:
    """The rule ``rules`` cites for ``mechanism`` (the game's own: F5 for Coucou's going out,
    K16 for Campli's), Campli's where the ruleset is not known (issue 24 §4)."""
    return rules.cites(mechanism) if rules is not None else DEFAULT_CITATIONS[mechanism]


def pack_rule(pack: Any, rules: Optional[Rules] = None) -> str:
    """The rule that says what ``pack`` holds, in its own game: the ruleset's own (its
    ``pack`` citation: C1, F1, R1, S1), else by the pack's family, F1 for the French packs and
    C1 for the Cuccù pack (a refusal never cites another game's rule, issue 24 §4)."""
    if rules is not None:
        return rules.citation_of["pack"]
    return "F1" if pack.family == _cards.FRENCH else "C1"


def _card_problem(value: Any, err: CardNameError, pack: Any, rules: Optional[Rules],
                  players: int) -> tuple[str, str]:
    """Why ``value`` is no card of ``pack``, in the terms of the ruleset's own pack: a card of
    the other family, a rank this pack leaves out (the piquet pack's 2-6, F1; Zeh's lions, C4),
    or a misspelling, with suggestions from this pack only."""
    said = {"text": repr(value), "game": rules.name if rules is not None else "this ruleset", "players": players}
    family_rule = pack_rule(pack, rules)
    own = _PACK_WORDS.get(pack.name, f"the {pack.name} pack")  # (a pack of none of the tables below)
    try:
        same = _cards.parse(value, pack.family)
    except CardNameError:
        same = None
    if same is not None:  # a rank of this family that this pack leaves out
        said["token"] = _cards.format(same)
        if pack.name == "french-32":
            below_seven = rules is not None and rules.piquet_below_seven == "yes"
            return (_NOT_IN_PIQUET_BELOW_SEVEN if below_seven else _NOT_IN_PIQUET).format(**said), "F1"
        message = _NOT_IN_PACK.get(pack.name, "unknown card {text}: {token} is not in " + own)
        return message.format(**said), "C4" if pack.name == "cuccu-38" else family_rule
    for other in (_cards.CUCCU, _cards.FRENCH):
        if other == pack.family:
            continue
        try:
            theirs = _cards.parse(value, other)
        except CardNameError:
            continue
        kind = "the French pack" if other == _cards.FRENCH else "the Cuccù pack"
        message = _OTHER_FAMILY.get(pack.name, "unknown card {text}: {token} is a card of " + kind + "; {game} plays "
                                    + own)
        return message.format(**said, token=_cards.format(theirs)), family_rule
    ours = []
    for suggestion in err.suggestions:
        try:
            pack.parse(suggestion)
        except CardNameError:
            continue
        ours.append(suggestion)
    if ours:
        return _MISSPELT.format(**said, near=" or ".join(repr(x) for x in ours)), family_rule
    return _NOT_A_CARD_OF.get(pack.name, "unknown card {text} in " + own).format(**said), family_rule



def _given_deals(rules: Rules, size: int, stack_order: tuple[Optional[Card], ...], dealer: int,
                 marks: list[int]) -> dict[int, tuple[int, list[tuple[int, Card]]]]:
    """Per seat of the deal: how many places of the stack it is dealt from (F2: the dealer
    three), and those of them the stack's ``order`` gives, with their cards."""
    if not 0 <= dealer < len(marks) or not fixed_deal_places(rules):
        return {}  # (where the dealing depends on play, every dealt card is counted, C1)
    seats = seats_around(marks, dealer)
    at = deal_places(rules, len(seats), size)
    given = {}
    for j, s in enumerate(seats):
        span = at[j:] if j == len(seats) - 1 else at[j:j + 1]  # the dealer last, with F2's three
        given[s] = (len(span), [(i, c) for i in span if i < len(stack_order) and (c := stack_order[i]) is not None])
    return given


def _same_card(seat: Optional[int], card: Optional[Card], where: str,
               given: dict[int, tuple[int, list[tuple[int, Card]]]], names: list[str], rules: Rules,
               chk: "_Checker") -> bool:
    """Whether the dealt ``card`` is the card the stack's order gives where ``seat`` is dealt
    from, so not a second copy.  A different card there is a problem (K4, L2: ``deal_from``'s
    reading), reported here and not again as a copy too many.  Under F2 the dealer's card is
    the highest of his three: one of them the order gives above it is a problem; a card none
    of the places the order gives may lie at one it leaves unknown, and is counted as any other."""
    if seat is None or card is None or seat not in given:
        return False
    span, places = given[seat]
    if not places:
        return False
    shown = ", ".join(f"{_cards.format(c)} ($.stack.order[{i}])" for i, c in places)
    if span > 1:  # F2: the dealer takes three and keeps the highest
        above = [(i, c) for i, c in places if c.value > card.value]
        if above:
            i, c = above[0]
            chk.add(where, f"{names[seat]} keeps the highest of the three cards the dealer takes, and the stack's "
                           f"order gives {names[seat]} {_cards.format(c)} ($.stack.order[{i}]), above "
                           f"{_cards.format(card)}", "F2")
            return True
        if card in (c for _, c in places):
            return True
        if len(places) < span:
            return False
    elif places[0][1] == card:
        return True
    rule = next(r.source for r in OPTIONS["deal_from"].readings if r.value == rules.deal_from)
    chk.add(where, f"{names[seat]} is dealt {_cards.format(card)}, but the stack's order holds {shown} where "
                   f"{names[seat]}'s card is dealt from", rule)
    return True


_PACK_CARDS: dict[str, tuple[Any, frozenset[Card]]] = {}  # pack name -> (the pack, its cards)


def _pack_cards(pack: Any) -> frozenset[Card]:
    """The cards of ``pack``, kept by its name (a batch checks every position's cards against
    them, C1; hashing a pack hashes its fields)."""
    entry = _PACK_CARDS.get(pack.name)
    if entry is None or entry[0] is not pack:
        entry = _PACK_CARDS[pack.name] = (pack, frozenset(pack.cards))
    return entry[1]


def _surplus(pack: Any, seen: list[Card], places: Callable[[], list[tuple[Optional[Card], str]]], where: str,
             chk: _Checker, rules: Optional[Rules] = None) -> None:
    """C1/C4: more copies of a card than the pack holds, reported at the first copy too many,
    naming where the others are (``places`` gives every card with its path, in ``seen``'s order)."""
    if not seen:
        return
    counts = Counter(seen)
    if max(counts.values()) <= pack.copies and counts.keys() <= _pack_cards(pack):
        return  # (the common case, said in C: no card more often than the pack holds each of its cards)
    surplus = pack.surplus(seen)
    if not surplus:
        return
    placed = places()
    for c, extra in surplus.items():
        have = seen.count(c)
        allowed = have - extra
        at = [path for card_, path in placed if card_ == c]
        word = {3: "a third", 4: "a fourth"}.get(have, f"{have} copies of")
        others = f" (the others at {', '.join(at[:allowed])})" if allowed else ""
        chk.add(at[allowed], f"{where} hold {word} {_cards.format(c)}: the {pack.name} pack has {allowed} "
                             f"{'copy' if allowed == 1 else 'copies'}"
                             + (" (no lions in this pack, C4)" if allowed == 0 else others),
                "C4" if allowed == 0 else pack_rule(pack, rules))


# (id of the rules, the overrides with their types) -> (the rules, the rules with them): a batch
# of positions under one ruleset with options shares one Rules value (Rules.with_options costs
# about 35 µs; the adjudicator's memos are keyed by the rules' identity).  A Rules is frozen.
_WITH_OPTIONS: dict[Any, tuple[Rules, Any]] = {}


def _counted(rules: Optional[Rules]) -> str:
    """What a player holds, as the ruleset's source counts it: 'marks', or 'lives' (D1, R1, S5)."""
    return counter_words(rules)[1] if rules is not None else "marks"


def _with_options(rules: Rules, overrides: dict[str, Any]) -> Rules:
    """``rules.with_options(overrides)``, the same value for the same overrides (each with its
    type: 1 and True are other settings); errors are raised each time, never kept."""
    try:
        key = tuple((k, type(v), v) for k, v in overrides.items())
        hash(key)
    except TypeError:  # an unhashable setting (a list of citations): not kept
        return rules.with_options(overrides)
    return by_identity(_WITH_OPTIONS, rules, key, lambda: rules.with_options(overrides), 256)


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
    kinds = {f.name: f.type for f in dataclasses.fields(Rules)} if overrides else {}
    good: dict[str, Any] = {}
    for key, reading in overrides.items():
        opath = f"$.ruleset.options.{key}"
        if key not in kinds or key in ("name", "roles"):
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
        rules = _with_options(rules, good) if good else rules
    except (RulesetError, TypeError, ValueError) as err:
        field = getattr(err, "field", None)
        chk.add(f"$.ruleset.options.{field}" if field else "$.ruleset", str(err))
        return None, name, good
    return rules, name, good


_VERB_SET = frozenset(VERBS)


def _history(items: list[dict[str, Any]], seat: Any, card: Any, marks: list[int], names: list[str],
             chk: _Checker, rules: Optional[Rules] = None) -> list[HistoryEvent]:
    out: list[HistoryEvent] = []
    for i, item in enumerate(items):
        path = f"$.history[{i}]"
        verbs = item.keys() & _VERB_SET
        verb = verbs.pop() if len(verbs) == 1 else next((v for v in VERBS if v in item), None)
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
            chk.add(f"{path}.{verb}", f"{names[who]} is out of the match (0 {_counted(rules)}) and takes no "
                                      "part in this deal",
                    _cites(rules, "out"))
        c = card(item.get("card"), f"{path}.card") if "card" in item else None
        out.append(HistoryEvent(verb, who, path, card=c, amount=int(item.get("amount", 1))))
    return out


def _claim(value: dict[str, Any], seat: Any, card: Any, chk: _Checker, names: list[str]) -> Claim:
    # names as seated (stripped, NFC), so that a claim is compared with the ruling name for name
    fields: dict[str, Any] = {}
    for key in ("loses", "gains", "out"):
        if key in value:
            seats = [seat(n, f"$.claim.{key}[{i}]") for i, n in enumerate(value[key])]
            claimed = [names[s] for s in seats if s >= 0]
            fields[key] = sorted(set(claimed)) if key == "out" else sorted(claimed)
    if "holds" in value:
        holds = {}
        for name, c in value["holds"].items():
            p = f"$.claim.holds[{json.dumps(name)}]"
            s = seat(name, p)
            if s >= 0:
                parsed = card(c, p)
                holds[names[s]] = _cards.format(parsed) if parsed is not None else None
        fields["holds"] = holds
    for key in ("next", "next_dealer", "winner"):
        if key in value:
            s = seat(value[key], f"$.claim.{key}")
            if s >= 0:
                fields[key] = names[s]
    if "net" in value:
        # the net change of each listed player's marks in this deal (gained minus lost)
        net = {}
        for name, n in value["net"].items():
            s = seat(name, f"$.claim.net[{json.dumps(name, ensure_ascii=False)}]")
            if s >= 0:
                net[names[s]] = int(n)
        fields["net"] = net
    by = value.get("by")
    return Claim(_name(by) if isinstance(by, str) else by, fields)


def _name(text: str) -> str:
    """A name as the table means it: without surrounding space, in Unicode normal form C, so
    that 'Chloé' typed with a combining accent (NFD, as some keyboards write it) is 'Chloé'."""
    return table_name(text)


@functools.lru_cache(maxsize=1024)
def _names_told_apart(names: tuple[str, ...]) -> dict[int, str]:
    """Seat -> why its player cannot be told from one seated before him (the same name, or one a
    table cannot tell apart); {} for a table whose names are all told apart.  Kept for the
    table's next position (a batch rules many positions of one table; read only)."""
    seated: list[str] = []
    keys: dict[tuple[str, str], int] = {}
    out: dict[int, str] = {}
    for name in names:
        if name in seated:
            out[len(seated)] = f"duplicate player name {name!r} (also $.players[{seated.index(name)}])"
        else:
            clash = _name_collision(name, seated, keys)
            if clash:
                out[len(seated)] = clash
        seated.append(name)
    return out


def _name_collision(name: str, names: list[str], keys: dict[tuple[str, str], int]) -> Optional[str]:
    """Why ``name`` names a player a table cannot tell from one of ``names`` (None: it can;
    ``keys``: each name's :func:`name_key` and its :func:`lookalike_key`, as ('name', key) and
    ('look', key), mapped to its first seat)."""
    i = keys.setdefault(("name", name_key(name)), len(names))
    if i != len(names):
        other = names[i]
        how = "by case" if other.casefold() == name.casefold() else "by invisible formatting characters"
        return (f"player name {name!r} differs from {other!r} ($.players[{i}]) only {how}: "
                "a table cannot tell them apart")
    # an ASCII name's look-alike key is its name key: the table of look-alikes is loaded only
    # for a name with letters outside ASCII
    i = keys.setdefault(("look", lookalike_key(name)), len(names))
    if i != len(names):
        other = names[i]
        letters = lookalike_letters(name, other)
        return (f"player name {name!r} looks like {other!r} ($.players[{i}]) but is written with "
                f"other letters{' (' + letters + ')' if letters else ''}: a table cannot tell them apart")
    return None


def _fold(text: str) -> str:
    # the vocabulary's folding: the cards' (case, accents, ø/æ/å), the typographic apostrophe,
    # spaces collapsed and a final '!' dropped, with the space French puts before it ('Coucou !')
    return fold(text)


# --------------------------------------------------------------------------- position <-> state


def start_state(pos: Position, rules: Optional[Rules] = None) -> State:
    """The state just before this deal's shuffle (phase SHUFFLE)."""
    return between_deals(rules or pos.rules, pos.players, pos.marks, pos.virgins, pos.dealer, pos.pot,
                         pos.eliminations, pos.reentries, pos.deals_played)


# the other way round: the verb a position writes for each engine decision (the mapping is
# written once, in DECISIONS)
VERB_OF: dict[str, str] = {kind: verb for verb, kinds in DECISIONS.items() for kind in kinds}
_VERB_OF = VERB_OF  # (the name tests/natural_positions.py reads)


def position_from_replay(start: State, actions: list[Action], description: str = "") -> dict[str, Any]:
    """The position (a JSON-ready dict) of a deal replayed from ``start`` (phase SHUFFLE):
    ``actions`` begins with the shuffle and holds this deal's decisions.  Every card is known:
    the whole stack is written as 'order'.  The inverse of :func:`cucu_ref.services.adjudication.replay_state`."""
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
        if a.seat is None:
            raise ValueError(f"the decision {a.kind!r} names no seat")
        verb = VERB_OF.get(a.kind)
        assert a.seat is not None
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
    if actions[0].stack is None:
        raise ValueError("the shuffle must give its stack")
    doc["stack"] = {"order": [_cards.format(c) for c in actions[0].stack]}
    doc["history"] = history
    return doc
