"""Deal traces (``cucu-trace/1``): one deal as another program records it, checked on the engine.

A trace (``specs/trace-1.schema.json``) gives the ruleset, the seats with their marks in the
program's own numbering, the dealer (or the seat it deals to first), the cards dealt by seat
(or the whole stack) with as much of the rest of the stack as is known, the decisions in
order with the seat that took each, policies for decisions the program does not model, and
the program's outcome.  :func:`check` replays it straight on the engine
(:func:`~cucu_ref.game.deal.start_deal`, :func:`~cucu_ref.game.deal.deal_stack`, :func:`~cucu_ref.game.engine.step`)
and answers with a :class:`Verdict`: cucu-ref's own outcome, the first divergence (the step,
what each side says, the rule and its source) and, where the divergence disappears under
another reading of an open point of the preset (:func:`~cucu_ref.game.rulesets.other_readings`),
that reading.

Choices where the issue (11) is silent, written down here and in ``docs/oracle.rst``:

* the outcome's ``net`` counts the marks the play and the showdown move (``mark-lost``,
  ``mark-gained``), not the new marks of a buy-back or a restart; ``marks`` gives the marks
  once the deal is over, those included; ``out`` is every seat with no marks then; ``pot``
  the stakes in the pot then (a buy-back's price paid in, K17, L11); ``virgins`` who has
  never lost a mark then (K17, Q8);
* only the outcome fields a trace gives are checked, and of ``net``, ``marks`` and ``hands``
  only the seats it gives;
* a policy applies when cucu-ref waits for a decision of its phase and the trace's next
  decision is not one that seat may take now; decisions a trace lists for seats that
  cucu-ref does not ask (a skipped king holder's 'keep') are divergences, which another
  reading may remove (Q2 ``targeted_holder_acts = always``);
* the deal ends with the next shuffle or the end of the match: buy-backs after the showdown
  (K17) belong to it.
"""

from __future__ import annotations

import difflib
from typing import Any, Iterable, NamedTuple, Optional, Sequence

from ..game.cards import PACKS, Card, CardNameError
from ..game.cards import format as card_name
from ..game.deal import DealSetupError, deal_stack, seating_by_draw, seats_around, start_deal
from ..game.engine import IllegalActionError, legal_actions, note_hint, rule_forbidding, step
from .position import DECISIONS as _POSITION_DECISIONS
from .position import Problem, schema_problems
from ..game.rulesets import OPTIONS, PRESETS, OptionSpec, Reading, Rules, RulesetError, other_readings, preset
from .sources import RULES, cite
from .i18n import N_, Templates, after_a_colon, gettext as _, ngettext, reading_words
from .vocabulary import display_label, option_words
from ..game.history import MOVES, fold
from ..game.state import Action, ActionKind, Event, EventKind, Phase, State

__all__ = [
    "FORMAT",
    "RESULT_FORMAT",
    "Trace",
    "Decision",
    "DealOutcome",
    "Outcome",
    "Divergence",
    "Step",
    "Replay",
    "Verdict",
    "parse",
    "replay",
    "compare",
    "check",
    "check_document",
    "outcome_json",
    "verdict_json",
    "verdict_text",
    "answer",
    "WORDS",
]

FORMAT = "cucu-trace/1"
RESULT_FORMAT = "cucu-trace-result/1"
A = ActionKind
HINT = "hint"

# Decision words -> the engine action kinds each may stand for; the phase picks one.  The
# engine's own kinds, the position format's verbs, and a few short forms.
WORDS: dict[str, tuple[str, ...]] = {
    **{k: (k,) for k in (A.KEEP, A.OFFER, A.EXCHANGE_WITH_STACK, A.INN_KEEP, A.INN_ASK, A.INN_ACCEPT,
                         A.INN_REFUSE, A.EXCHANGE, A.REFUSE_BY_PAYING, A.BUY_BACK, A.DECLINE)},
    **_POSITION_DECISIONS,
    "stack": (A.EXCHANGE_WITH_STACK,),
    "decline": (A.DECLINE,),
    HINT: (),
}

# The phases a policy may answer, and the words it may use there.
POLICY_PHASES: dict[str, dict[str, str]] = {
    Phase.INN_OFFERER: {"keep": A.INN_KEEP, "ask": A.INN_ASK},
    Phase.INN_KEEPER: {"accept": A.INN_ACCEPT, "refuse": A.INN_REFUSE},
    Phase.DECIDE_BACKWARD: {"keep": A.KEEP, "offer": A.OFFER},
    Phase.TARGET_DECIDE: {"exchange": A.EXCHANGE, "refuse-and-pay": A.REFUSE_BY_PAYING},
    Phase.BUY_BACK: {"buy-back": A.BUY_BACK, "decline": A.DECLINE},
}

_UNSET: Any = object()  # an outcome field the trace does not give


class Decision(NamedTuple):
    seat: int  # engine seat
    word: str
    kinds: tuple[str, ...]  # () for a hint
    path: str


class DealOutcome(NamedTuple):
    """A deal's outcome in engine seats (a ``cucu-trace/1``'s ``outcome``).  In a trace's
    claimed outcome a field the trace does not give is ``None`` (``net``, ``marks``, ``hands``:
    only the seats given are present)."""

    net: Optional[dict[int, int]] = None
    marks: Optional[dict[int, int]] = None
    out: Optional[frozenset[int]] = None
    hands: Optional[dict[int, Optional[Card]]] = None
    next_dealer: Any = _UNSET  # a seat, None (match over) or _UNSET
    winners: Optional[tuple[int, ...]] = None  # () while the match goes on
    illegal: Optional[tuple[int, Optional[str], str]] = None  # (decision index, rule, message)
    pot: Optional[int] = None  # the pot once the deal is over (buy-backs paid in, K17/L11)
    virgins: Optional[frozenset[int]] = None  # who is a virgin once the deal is over (K17, Q8)


Outcome = DealOutcome  # the name before issue 23 (three classes were called Outcome)


class Trace(NamedTuple):
    rules: Rules
    preset: str
    overrides: dict[str, Any]
    names: tuple[str, ...]  # engine seat order
    client: tuple[int, ...]  # engine seat -> the program's seat index
    marks: tuple[int, ...]
    virgins: Optional[tuple[bool, ...]]
    dealer: int
    pot: Optional[int]
    eliminations: int
    reentries: int
    deals_played: int
    dealt: Optional[dict[int, str]]  # engine seat -> card name
    rest: tuple[Optional[str], ...]
    stack: Optional[tuple[str, ...]]
    decisions: tuple[Decision, ...]
    policies: dict[str, str]  # phase -> action kind
    claimed: Optional[DealOutcome]
    id: Optional[str]
    description: str

    def start(self, rules: Optional[Rules] = None) -> tuple[State, tuple[Card, ...]]:
        """The state before the shuffle and the stack, under ``rules`` (default the trace's)."""
        rules = rules or self.rules
        state = start_deal(rules, self.names, self.marks, self.dealer, virgins=self.virgins, pot=self.pot,
                           eliminations=self.eliminations, reentries=self.reentries,
                           deals_played=self.deals_played)
        if self.stack is not None:
            pack = PACKS[state.rules.pack]
            try:
                cards = tuple(pack.parse(c) for c in self.stack)
            except CardNameError as err:
                raise DealSetupError("stack", str(err)) from None
            if not pack.is_permutation(cards):
                raise DealSetupError("stack", f"must hold exactly the {pack.size} cards of {pack.name} (C1)")
            return state, cards
        assert self.dealt is not None
        return state, deal_stack(state, self.dealt, self.rest)


class Divergence(NamedTuple):
    step: Optional[int]  # index in 'decisions'; None for the outcome
    path: str  # JSON path in the trace
    what: str  # 'decision', 'missing-decision', 'extra-decision', 'illegal', or an outcome field
    trace: Any  # what the trace says (JSON)
    engine: Any  # what cucu-ref says (JSON)
    rule: Optional[str]
    message: str


class Step(NamedTuple):
    at: Optional[int]  # decision index, None when a policy decided (or for the shuffle)
    seat: int
    kind: str
    events: tuple[Event, ...]


class Replay(NamedTuple):
    outcome: DealOutcome
    steps: tuple[Step, ...]
    events: tuple[Event, ...]
    divergence: Optional[Divergence]  # in play: a decision refused, missing or extra
    final: State


class Verdict(NamedTuple):
    status: str  # 'agrees', 'diverges', 'invalid'
    trace: Optional[Trace]
    replay: Optional[Replay]
    divergence: Optional[Divergence]
    differences: tuple[Divergence, ...]
    readings: tuple[tuple[OptionSpec, Reading], ...]  # readings under which the trace agrees
    problems: tuple[Problem, ...]


# --------------------------------------------------------------------------- parsing


class _Problems:
    def __init__(self) -> None:
        self.items: list[Problem] = []

    def add(self, path: str, message: str, rule: Optional[str] = None) -> None:
        self.items.append(Problem("meaning", path, message, rule))


def _ruleset(value: Any, chk: _Problems) -> tuple[Optional[Rules], str, dict[str, Any]]:
    name, options = (value, {}) if isinstance(value, str) else (value["preset"], dict(value.get("options", {})))
    try:
        return preset(name, options), name, options
    except RulesetError as err:
        where = "$.ruleset" if err.field in (None, "ruleset") else f"$.ruleset.options.{err.field}"
        spec = OPTIONS.get(err.field or "")
        chk.add(where, str(err), spec.settles if spec else None)
    except (TypeError, ValueError) as err:
        chk.add("$.ruleset", str(err))
    return None, name if isinstance(name, str) else "", options


class _Seats:
    """A trace's seats: the client's order (``seat_order``: ``play`` or ``reverse``; or the
    ``seating`` draw's, K2) and the engine's, and the seat a reference (an index or a name)
    names."""

    def __init__(self, doc: dict[str, Any], chk: _Problems, rules: Optional[Rules] = None):
        seats = doc["seats"]
        self.n = n = len(seats)
        self.chk = chk
        self.names_c = [s.get("name") or f"seat {k}" for k, s in enumerate(seats)]
        reverse = doc.get("seat_order", "play") == "reverse"
        self.client = tuple(n - 1 - e if reverse else e for e in range(n))  # engine seat -> client seat
        self.drawn = "seating" in doc and rules is not None and self.seat_by_draw(doc, rules)
        self.engine_of = {c: e for e, c in enumerate(self.client)}

    def seat_by_draw(self, doc: dict[str, Any], rules: Rules) -> bool:
        """``seating``: the players sit as their draw says (K2; the fool's rank there is Q15), in
        place of ``seat_order``.  True when the draw seats them."""
        drawn = doc["seating"]["drawn"]
        if "seat_order" in doc:
            self.chk.add("$.seat_order", "give either 'seat_order' or the 'seating' draw, which seats the players "
                                         "(K2)", "K2")
        elif PACKS[rules.pack].family != "cuccu":
            self.chk.add("$.seating", f"{rules.name} seats nobody by the draw of one card per rank (K2, Campli's): "
                                      f"its first dealer is drawn as the table agrees", rules.cites("next-dealer"))
        elif len(drawn) != self.n:
            self.chk.add("$.seating.drawn", f"one card drawn for each of the {self.n} seats, not {len(drawn)}", "K2")
        else:
            try:
                self.client = seating_by_draw(rules, drawn)
                return True
            except DealSetupError as err:
                self.chk.add("$.seating.drawn", err.reason, "K2")
        return False

    def __call__(self, ref: Any, path: str) -> Optional[int]:
        chk, n = self.chk, self.n
        if isinstance(ref, bool):
            chk.add(path, "a seat is an index or a name")
            return None
        if isinstance(ref, int):
            if ref >= n:
                chk.add(path, f"no seat {ref}: the trace has {n} seats (0 to {n - 1})")
                return None
            return self.engine_of[ref]
        if ref in self.names_c:
            return self.engine_of[self.names_c.index(ref)]
        near = difflib.get_close_matches(str(ref), self.names_c, n=1)
        chk.add(path, f"no player {ref!r} at this table" + (f"; did you mean {near[0]!r}?" if near else ""))
        return None


def parse(doc: Any) -> tuple[Optional[Trace], list[Problem]]:
    """Check ``doc`` against the schema (``trace-1``) and for meaning; the trace, or the problems
    (each with its JSON path and, where a rule makes it one, the rule)."""
    problems = schema_problems(doc, name="trace-1")
    if problems:
        return None, problems
    chk = _Problems()
    rules, preset_name, overrides = _ruleset(doc["ruleset"], chk)
    seat = _Seats(doc, chk, rules)
    seats, client = doc["seats"], seat.client
    if len(set(seat.names_c)) != seat.n:
        chk.add("$.seats", "player names must be distinct")
    names = tuple(seat.names_c[c] for c in client)
    marks = tuple(seats[c]["marks"] for c in client)
    virgins = (tuple(seats[c].get("virgin", marks[e] >= (rules.initial_marks if rules else 3))
                     for e, c in enumerate(client)) if any("virgin" in s for s in seats) else None)
    dealer = _dealer(doc, seat, names, marks, chk)
    if seat.drawn and doc.get("deals_played", 0) == 0:
        dealer = _first_dealer(seat, dealer, names, chk)
    dealt, rest, stack = _cards(doc, seat, chk)
    decisions = _decisions(doc, seat, chk)
    policies = {phase: POLICY_PHASES[phase][word] for phase, word in doc.get("policies", {}).items()}
    claimed = _claimed(doc["outcome"], seat, chk) if "outcome" in doc else None
    if chk.items or rules is None or dealer is None:
        return None, chk.items
    trace = Trace(rules, preset_name, overrides, names, client, marks, virgins, dealer, doc.get("pot"),
                  doc.get("eliminations", 0), doc.get("reentries", 0), doc.get("deals_played", 0), dealt, rest,
                  stack, tuple(decisions), policies, claimed, doc.get("id"), doc.get("description", ""))
    try:
        trace.start()
    except DealSetupError as err:
        return None, [Problem("meaning", _setup_path(err.argument, trace), err.reason, _setup_rule(err.reason))]
    return trace, []


def _dealer(doc: dict[str, Any], seat: _Seats, names: tuple[str, ...], marks: tuple[int, ...],
            chk: _Problems) -> Optional[int]:
    """The dealer: given, or the seat before the one dealt ``first`` (K4, D2: the deal starts
    right of the dealer; a player out is dealt no card, K16)."""
    n = seat.n

    def before(first: int) -> int:
        k = (first - 1) % n
        while marks[k] == 0 and k != first:
            k = (k - 1) % n
        return k

    dealer = seat(doc["dealer"], "$.dealer") if "dealer" in doc else None
    if "first" in doc:
        first = seat(doc["first"], "$.first")
        if first is not None:
            if marks[first] == 0:
                chk.add("$.first", f"{names[first]} is out and is dealt no card (K16)")
            elif dealer is not None and before(first) != dealer:
                chk.add("$.first", f"the deal starts right of the dealer (K4, D2): after {names[dealer]} comes "
                                   f"{names[deal_order_from(marks, dealer)]}, not {names[first]}", "K4")
            else:
                dealer = before(first)
    if dealer is None and "dealer" not in doc and "first" not in doc and not (
            seat.drawn and doc.get("deals_played", 0) == 0):  # the draw's highest deals first (K2)
        chk.add("$", "give the 'dealer' or the seat dealt 'first'")
    return dealer


def _first_dealer(seat: _Seats, given: Optional[int], names: tuple[str, ...], chk: _Problems) -> Optional[int]:
    """Before the first deal (``deals_played`` 0) the seating draw's highest deals (K2): the
    engine's last seat.  A ``dealer`` or ``first`` given must agree."""
    drawn_dealer = seat.n - 1
    if given is not None and given != drawn_dealer:
        chk.add("$.dealer", f"the highest card of the seating draw deals first (K2): {names[drawn_dealer]}, not "
                            f"{names[given]}", "K2")
        return None
    return drawn_dealer


def _cards(doc: dict[str, Any], seat: _Seats, chk: _Problems
           ) -> tuple[Optional[dict[int, str]], tuple[Optional[str], ...], Optional[tuple[Any, ...]]]:
    """The cards: dealt by seat with the rest of the stack (``deal``), or the whole ``stack``."""
    dealt: Optional[dict[int, str]] = None
    rest: tuple[Optional[str], ...] = ()
    stack = tuple(doc["stack"]) if "stack" in doc else None
    if "deal" in doc:
        if stack is not None:
            chk.add("$.stack", "give either 'deal' (the cards by seat) or 'stack' (the whole stack), not both")
        dealt = {}
        for key, card, _path in _by_seat(doc["deal"]["cards"], "$.deal.cards", seat):
            if key is not None and card is not None:
                dealt[key] = card
        rest = tuple(doc["deal"].get("rest", ()))
    elif stack is None:
        chk.add("$", "give the cards dealt ('deal') or the whole stack ('stack')")
    return dealt, rest, stack


def _decisions(doc: dict[str, Any], seat: _Seats, chk: _Problems) -> list[Decision]:
    decisions: list[Decision] = []
    for i, d in enumerate(doc.get("decisions", ())):
        path = f"$.decisions[{i}]"
        who = seat(d["seat"], f"{path}.seat")
        word = d["decision"].strip().lower()
        if word not in WORDS:
            near = difflib.get_close_matches(word, list(WORDS), n=1)
            chk.add(f"{path}.decision", f"unknown decision {d['decision']!r}" +
                    (f"; did you mean {near[0]!r}?" if near else f" (known: {', '.join(sorted(WORDS))})"))
            continue
        if who is not None:
            decisions.append(Decision(who, word, WORDS[word], path))
    return decisions


def deal_order_from(marks: Sequence[int], dealer: int) -> int:
    """The seat dealt first when ``dealer`` deals (K4, D2)."""
    return seats_around(marks, dealer)[0]


def _by_seat(value: Any, path: str, seat: Any) -> Iterable[tuple[Optional[int], Any, str]]:
    """(engine seat, value, path) of an array by the program's seats or an object keyed by
    name or seat index."""
    if isinstance(value, list):
        for k, x in enumerate(value):
            yield seat(k, f"{path}[{k}]"), x, f"{path}[{k}]"
    else:
        for key, x in value.items():
            ref: Any = int(key) if key.isdigit() else key
            yield seat(ref, f"{path}.{key}"), x, f"{path}.{key}"


def _claimed(value: dict[str, Any], seat: Any, chk: _Problems) -> DealOutcome:
    def ints(field: str) -> Optional[dict[int, int]]:
        if field not in value:
            return None
        pairs = _by_seat(value[field], f"$.outcome.{field}", seat)
        return {s: x for s, x, _ in pairs if s is not None and x is not None}

    hands = None
    if "hands" in value:
        hands = {s: x for s, x, _ in _by_seat(value["hands"], "$.outcome.hands", seat) if s is not None}
    out = None
    if "out" in value:
        out = frozenset(s for k, ref in enumerate(value["out"]) if (s := seat(ref, f"$.outcome.out[{k}]")) is not None)
    nxt = _UNSET
    if "next_dealer" in value:
        nxt = None if value["next_dealer"] is None else seat(value["next_dealer"], "$.outcome.next_dealer")
    winners = None
    if "winner" in value:
        w = value["winner"]
        refs = [] if w is None else (w if isinstance(w, list) else [w])
        winners = tuple(sorted(s for k, ref in enumerate(refs) if (s := seat(ref, "$.outcome.winner")) is not None))
    illegal = None
    if "illegal" in value:
        ill = value["illegal"]
        illegal = (ill["step"], ill.get("rule"), ill.get("message", ""))
    virgins = None
    if "virgins" in value:
        virgins = frozenset(s for k, ref in enumerate(value["virgins"])
                            if (s := seat(ref, f"$.outcome.virgins[{k}]")) is not None)
    return DealOutcome(ints("net"), ints("marks"), out, hands, nxt, winners, illegal, value.get("pot"), virgins)


_SETUP_PATHS = {"players": "$.seats", "marks": "$.seats", "dealer": "$.dealer", "pot": "$.pot",
                "eliminations": "$.eliminations", "reentries": "$.reentries", "deals_played": "$.deals_played",
                "dealt": "$.deal.cards", "rest": "$.deal.rest", "stack": "$.stack", "state": "$.ruleset",
                "virgins": "$.seats"}


def _setup_path(argument: str, trace: Trace) -> str:
    base, _, index = argument.partition("[")
    if not index:
        return _SETUP_PATHS.get(base, "$")
    key = index.rstrip("]").strip("'\"")
    if base in ("marks", "virgins") and key.isdigit():
        return f"$.seats[{trace.client[int(key)]}].{'marks' if base == 'marks' else 'virgin'}"
    if base == "dealt":
        ref = int(key) if key.isdigit() else key
        return f"$.deal.cards[{trace.client[ref]}]" if isinstance(ref, int) else f"$.deal.cards.{ref}"
    return f"{_SETUP_PATHS.get(base, '$')}[{key}]"


def _setup_rule(message: str) -> Optional[str]:
    for rule_id in ("F2", "K17", "K16", "K3", "D2", "C1", "K1", "F1", "L10", "F4"):
        if f"({rule_id})" in message or f"{rule_id}:" in message:
            return rule_id
    return None


# --------------------------------------------------------------------------- replay


def _pick(state: State, d: Decision) -> str:
    legal = {a.kind for a in legal_actions(state)} if d.seat == state.actor else set()
    return next((k for k in d.kinds if k in legal), d.kinds[0])


def _say(state: State, kind: str) -> str:
    return f"{state.players[state.actor]} {kind}" if state.actor is not None else kind


def _waits_for(state: State) -> str:
    options = ", ".join(sorted({a.kind for a in legal_actions(state)}))
    return f"{state.players[state.actor]}'s decision ({state.phase}: {options})" if state.actor is not None else "none"


def replay(trace: Trace, rules: Optional[Rules] = None) -> Replay:
    """Play the trace's deal on the engine (under ``rules``, default the trace's); stop at the
    first decision the engine refuses, a decision missing, or a decision too many."""
    state, stack = trace.start(rules)
    dealer = state.dealer
    state, first = step(state, Action(A.SHUFFLE, stack=stack))
    events: list[Event] = list(first)
    steps: list[Step] = [Step(None, dealer, A.SHUFFLE, first)]
    divergence: Optional[Divergence] = None
    illegal: Optional[tuple[int, Optional[str], str]] = None
    i = 0
    decisions = trace.decisions
    while state.phase not in (Phase.SHUFFLE, Phase.MATCH_OVER):
        d = decisions[i] if i < len(decisions) else None
        if d is not None and not d.kinds:  # Z7: a hint, table talk at any point of the deal
            try:
                state, new = note_hint(state, d.seat)
            except IllegalActionError as err:
                illegal = (i, err.rule, err.reason)
                break
            events += new
            steps.append(Step(i, d.seat, HINT, new))
            i += 1
            continue
        policy = trace.policies.get(state.phase)
        if policy is not None and (d is None or d.seat != state.actor
                                   or not set(d.kinds) & {a.kind for a in legal_actions(state)}):
            assert state.actor is not None
            state, new = step(state, Action(policy, state.actor))
            events += new
            steps.append(Step(None, state.actor if state.actor is not None else -1, policy, new))
            continue
        if d is None:
            divergence = Divergence(i, f"$.decisions[{i}]", "missing-decision", None, _waits_for(state),
                                    rule_forbidding(state), f"the trace ends, but the deal goes on: cucu-ref "
                                                            f"waits for {_waits_for(state)}")
            break
        kind = _pick(state, d)
        try:
            state, new = step(state, Action(kind, d.seat))
        except IllegalActionError as err:
            reason = err.reason
            if state.actor is not None and d.seat != state.actor:  # named, not numbered: the trace has its own seats
                reason = f"it is {state.players[state.actor]}'s decision, not {state.players[d.seat]}'s"
            illegal = (i, err.rule, reason)
            break
        events += new
        steps.append(Step(i, d.seat, kind, new))
        i += 1
    if illegal is None and divergence is None and i < len(decisions):
        over = "the match is over" if state.phase == Phase.MATCH_OVER else "the deal is over"
        d = decisions[i]
        divergence = Divergence(i, d.path, "extra-decision", {"seat": d.seat, "decision": d.word}, None,
                                _last_rule(events), f"{over}, but the trace goes on with {trace.names[d.seat]}'s "
                                                    f"'{d.word}'")
    if illegal is not None:
        return Replay(DealOutcome(illegal=illegal), tuple(steps), tuple(events), divergence, state)
    return Replay(_outcome(state, events), tuple(steps), tuple(events), divergence, state)


def _last_rule(events: Sequence[Event]) -> Optional[str]:
    return events[-1].rule if events else None


def _outcome(final: State, events: Sequence[Event]) -> DealOutcome:
    n = len(final.players)
    record = fold(events)
    return DealOutcome(
        net={seat: record.net(seat) for seat in range(n)},
        marks=dict(enumerate(final.marks)),
        out=frozenset(s for s, m in enumerate(final.marks) if m == 0),
        hands={s: final.hands[s] if s in final.order else None for s in range(n)},
        next_dealer=final.dealer if final.phase == Phase.SHUFFLE else None,
        winners=tuple(sorted(final.winners)),
        pot=final.pot,
        virgins=frozenset(s for s, v in enumerate(final.virgins) if v),
    )


# --------------------------------------------------------------------------- comparison


def _cards_equal(claimed: Any, ours: Optional[Card], rules: Rules) -> bool:
    if claimed is None or ours is None:
        return claimed is None and ours is None
    try:
        return PACKS[rules.pack].parse(claimed) == ours
    except CardNameError:
        return False


def _moved(events: Sequence[Event], seat: int, kinds: Iterable[str]) -> Optional[str]:
    wanted = set(kinds)
    rule = None
    for e in events:
        if e.kind in wanted and seat in (e.seat, e.other):
            rule = e.rule
    return rule


def compare(trace: Trace, rep: Replay) -> list[Divergence]:
    """Every way the trace's claimed outcome differs from cucu-ref's, the first first."""
    claimed, ours = trace.claimed, rep.outcome
    if claimed is None:
        return []
    if claimed.illegal is not None or ours.illegal is not None:
        return _illegal_divergence(trace, rep, claimed, ours)
    return _seat_divergences(trace, rep, claimed, ours) + _table_divergences(trace, rep, claimed, ours)


def _illegal_divergence(trace: Trace, rep: Replay, claimed: DealOutcome, ours: DealOutcome) -> list[Divergence]:
    """Where the trace or cucu-ref refuses a decision: whether they refuse the same one."""
    name = trace.names
    cl, us = claimed.illegal, ours.illegal
    if cl is not None and us is not None and cl[0] == us[0]:
        return []
    step_i = us[0] if us is not None else cl[0] if cl is not None else None
    said: Any = _illegal_json(cl)
    if us is not None:
        d = trace.decisions[us[0]]
        msg = f"the trace plays {name[d.seat]}'s '{d.word}'; cucu-ref forbids it: {us[2]}"
        if cl is None:
            said = {"seat": trace.client[d.seat], "decision": d.word}
        rule = us[1]
    else:
        assert cl is not None
        played = next((s for s in rep.steps if s.at == cl[0]), None)
        what = (f" ({name[played.seat]}'s '{played.kind}')" if played is not None else "")
        msg = f"the trace's program refused decision {cl[0]}{what}; cucu-ref allows it"
        rule = played.events[0].rule if played is not None and played.events else None
    return [Divergence(step_i, f"$.decisions[{step_i}]" if step_i is not None else "$.outcome.illegal",
                       "illegal", said, _illegal_json(us), rule, msg)]


def _seat_divergences(trace: Trace, rep: Replay, claimed: DealOutcome, ours: DealOutcome) -> list[Divergence]:
    """The seats' net marks, who is out, the hands and the marks, each with the rule that last
    moved them."""
    name, rules = trace.names, trace.rules
    out: list[Divergence] = []
    for field in ("net",):
        theirs: Optional[dict[int, int]] = getattr(claimed, field)
        mine: dict[int, int] = getattr(ours, field)
        for s in sorted(theirs or {}):
            if theirs is not None and theirs[s] != mine[s]:
                rule = (_moved(rep.events, s, (EventKind.MARK_LOST, EventKind.MARK_GAINED, EventKind.BUY_BACK))
                        or rules.showdown_rule)
                out.append(Divergence(None, f"$.outcome.{field}[{trace.client[s]}]", field, theirs[s], mine[s], rule,
                                      f"{name[s]}: the trace says net {theirs[s]:+d}, cucu-ref {mine[s]:+d}"))
    if claimed.out is not None and ours.out is not None and claimed.out != ours.out:
        diff = sorted(claimed.out ^ ours.out)
        rule = next((e.rule for e in rep.events if e.kind == EventKind.OUT and e.seat in diff), rules.cites("out"))
        out.append(Divergence(None, "$.outcome.out", "out", sorted(trace.client[s] for s in claimed.out),
                              sorted(trace.client[s] for s in ours.out), rule,
                              "out: the trace says " + (", ".join(name[s] for s in sorted(claimed.out)) or "nobody")
                              + "; cucu-ref " + (", ".join(name[s] for s in sorted(ours.out)) or "nobody")))
    if claimed.hands is not None and ours.hands is not None:
        for s, card in sorted(claimed.hands.items()):
            if not _cards_equal(card, ours.hands[s], rules):
                moved = _moved(rep.events, s, MOVES)
                held = ours.hands[s]
                mine_c = card_name(held) if held is not None else None
                out.append(Divergence(None, f"$.outcome.hands[{trace.client[s]}]", "hands", card, mine_c, moved,
                                      f"{name[s]} holds {mine_c or 'no card'} at the end, not {card or 'no card'}"))
    if claimed.marks is not None and ours.marks is not None:
        for s in sorted(claimed.marks):
            if claimed.marks[s] != ours.marks[s]:
                moved = _moved(rep.events, s, (EventKind.MARK_LOST, EventKind.MARK_GAINED, EventKind.BUY_BACK,
                                               EventKind.RESTART, EventKind.KEEP_LAST_LIFE))
                out.append(Divergence(None, f"$.outcome.marks[{trace.client[s]}]", "marks", claimed.marks[s],
                                      ours.marks[s], moved or rules.showdown_rule,
                                      f"{name[s]}: the trace says {claimed.marks[s]} marks, cucu-ref {ours.marks[s]}"))
    return out


def _table_divergences(trace: Trace, rep: Replay, claimed: DealOutcome, ours: DealOutcome) -> list[Divergence]:
    """The next dealer, the pot, the virgins and the winner."""
    name, rules = trace.names, trace.rules
    out: list[Divergence] = []
    if claimed.next_dealer is not _UNSET and claimed.next_dealer != ours.next_dealer:
        rule = next((e.rule for e in rep.events if e.kind == EventKind.NEXT_DEALER), rules.cites("next-dealer"))
        them = name[claimed.next_dealer] if claimed.next_dealer is not None else "nobody (the match is over)"
        # (cucu-ref names nobody where the match is over, and where the trace ended before the deal did)
        none = "nobody (the match is over)" if rep.final.phase == Phase.MATCH_OVER else "nobody yet (the deal goes on)"
        us_n = name[ours.next_dealer] if ours.next_dealer is not None else none
        out.append(Divergence(None, "$.outcome.next_dealer", "next_dealer", _client(trace, claimed.next_dealer),
                              _client(trace, ours.next_dealer), rule, f"next dealer: the trace says {them}, cucu-ref "
                                                                      f"{us_n}"))
    if claimed.pot is not None and claimed.pot != ours.pot:
        # a deal changes the pot only by a buy-back (K17, L11); a game with none cites its own rule
        # for that (F5 in the French games), never Campli's K17 (issue 24 §2)
        rule = next((e.rule for e in rep.events if e.kind == EventKind.BUY_BACK),
                    rules.cites("no-buy-back" if rules.buy_back == "none" else "buy-back"))
        out.append(Divergence(None, "$.outcome.pot", "pot", claimed.pot, ours.pot, rule,
                              f"pot: the trace says {claimed.pot}, cucu-ref {ours.pot}"))  # (stakes: no 'stake(s)')
    if claimed.virgins is not None and ours.virgins is not None and claimed.virgins != ours.virgins:
        out.append(Divergence(None, "$.outcome.virgins", "virgins", sorted(trace.client[s] for s in claimed.virgins),
                              sorted(trace.client[s] for s in ours.virgins), "K17",
                              "virgins: the trace says " + (", ".join(name[s] for s in sorted(claimed.virgins))
                                                            or "nobody") + "; cucu-ref "
                              + (", ".join(name[s] for s in sorted(ours.virgins)) or "nobody")))
    if claimed.winners is not None and claimed.winners != ours.winners:
        rule = next((e.rule for e in rep.events if e.kind in (EventKind.WINNER, EventKind.JOINT_WINNER)),
                    rules.cites("winner"))
        out.append(Divergence(None, "$.outcome.winner", "winner", _winner_json(trace, claimed.winners),
                              _winner_json(trace, ours.winners), rule,
                              f"winner: the trace says {_names(trace, claimed.winners)}, cucu-ref "
                              f"{_names(trace, ours.winners or ())}"))
    return out


def _client(trace: Trace, seat: Optional[int]) -> Optional[int]:
    return None if seat is None else trace.client[seat]


def _names(trace: Trace, seats: Sequence[int]) -> str:
    return " and ".join(trace.names[s] for s in seats) if seats else "nobody yet"


def _winner_json(trace: Trace, winners: Optional[Sequence[int]]) -> Any:
    if not winners:
        return None
    seats = sorted(trace.client[s] for s in winners)
    return seats[0] if len(seats) == 1 else seats


def _illegal_json(ill: Optional[tuple[int, Optional[str], str]]) -> Any:
    if ill is None:
        return None
    out: dict[str, Any] = {"step": ill[0]}
    if ill[1]:
        out["rule"] = ill[1]
    if ill[2]:
        out["message"] = ill[2]
    return out


def _first(rep: Replay, differences: Sequence[Divergence]) -> Optional[Divergence]:
    if rep.divergence is not None:
        return rep.divergence
    return differences[0] if differences else None


def _agrees(trace: Trace, rules: Rules) -> bool:
    try:
        rep = replay(trace, rules)
    except (DealSetupError, RulesetError, ValueError):
        return False
    return rep.divergence is None and not compare(trace, rep) and (
        rep.outcome.illegal is None or (trace.claimed is not None and trace.claimed.illegal is not None))


def check(trace: Trace, readings: bool = True) -> Verdict:
    """Replay ``trace``, compare its outcome with cucu-ref's, and, on a divergence, name every
    other reading of the preset's open points under which the trace agrees."""
    rep = replay(trace)
    differences = tuple(compare(trace, rep))
    first = _first(rep, differences)
    if first is None and rep.outcome.illegal is not None and (trace.claimed is None or trace.claimed.illegal is None):
        # a decision cucu-ref refuses, and the trace does not say its program refused it
        ill = rep.outcome.illegal
        d = trace.decisions[ill[0]]
        first = Divergence(ill[0], d.path, "illegal", {"seat": trace.client[d.seat], "decision": d.word},
                           _illegal_json(ill), ill[1], f"the trace plays {trace.names[d.seat]}'s '{d.word}'; cucu-ref "
                                                       f"forbids it: {ill[2]}")
    found: list[tuple[OptionSpec, Reading]] = []
    if first is not None and readings and trace.preset in PRESETS:
        for spec, reading, rules in other_readings(trace.rules, trace.preset):
            if _agrees(trace, rules):
                found.append((spec, reading))
    return Verdict("agrees" if first is None else "diverges", trace, rep, first, differences, tuple(found), ())


def check_document(doc: Any, readings: bool = True) -> Verdict:
    """:func:`parse` then :func:`check`; an invalid trace gives a verdict with its problems."""
    trace, problems = parse(doc)
    if trace is None:
        return Verdict("invalid", None, None, None, (), (), tuple(problems))
    return check(trace, readings)


# --------------------------------------------------------------------------- output


def outcome_json(trace: Trace, outcome: DealOutcome) -> dict[str, Any]:
    """An outcome in the program's own seat numbering: arrays by its seats."""
    if outcome.illegal is not None:
        return {"illegal": _illegal_json(outcome.illegal)}
    n = len(trace.names)
    by_client = sorted(range(n), key=lambda e: trace.client[e])
    assert outcome.net is not None and outcome.marks is not None and outcome.hands is not None
    hands = outcome.hands
    return {
        "net": [outcome.net[e] for e in by_client],
        "marks": [outcome.marks[e] for e in by_client],
        "out": sorted(trace.client[s] for s in (outcome.out or ())),
        "hands": [card_name(c) if (c := hands[e]) is not None else None for e in by_client],
        "next_dealer": _client(trace, outcome.next_dealer),
        "winner": _winner_json(trace, outcome.winners),
        "pot": outcome.pot,
        "virgins": sorted(trace.client[s] for s in (outcome.virgins or ())),
    }


def _divergence_json(trace: Trace, d: Divergence) -> dict[str, Any]:
    return {"step": d.step, "path": d.path, "what": d.what, "trace": d.trace, "engine": d.engine,
            "rule": d.rule, "source": cite(d.rule) if d.rule in RULES else None, "message": d.message}


def _event_json(trace: Trace, e: Event) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": e.kind, "rule": e.rule}
    if e.seat is not None:
        out["seat"] = trace.client[e.seat]
    if e.other is not None:
        out["other"] = trace.client[e.other]
    if e.card is not None:
        out["card"] = card_name(e.card)
    if e.amount:
        out["amount"] = e.amount
    return out


def verdict_json(verdict: Verdict, source: str, steps: bool = True) -> dict[str, Any]:
    """The answer to a trace as JSON (``cucu-trace-result/1``, ``specs/trace-result-1.schema.json``)."""
    out: dict[str, Any] = {"format": RESULT_FORMAT, "input": source, "status": verdict.status,
                           "exit_code": 0 if verdict.status == "agrees" else 1}
    trace, rep = verdict.trace, verdict.replay
    if trace is None or rep is None:
        out["problems"] = [p.as_json() for p in verdict.problems]
        return out
    out["id"] = trace.id
    out["ruleset"] = {"preset": trace.preset, "options": trace.overrides}
    out["outcome"] = outcome_json(trace, rep.outcome)
    out["divergence"] = None if verdict.divergence is None else _divergence_json(trace, verdict.divergence)
    out["differences"] = [_divergence_json(trace, d) for d in verdict.differences]
    out["readings"] = [{"option": spec.name, "settles": spec.settles, "reading": r.value, "source": r.source,
                        "text": option_words(_(r.text))} for spec, r in verdict.readings]
    if steps:
        out["steps"] = [{"step": s.at, "seat": trace.client[s.seat] if s.seat >= 0 else None,
                         "player": trace.names[s.seat] if s.seat >= 0 else None, "decision": s.kind,
                         "policy": s.at is None and s.kind != A.SHUFFLE,
                         "events": [_event_json(trace, e) for e in s.events]} for s in rep.steps]
    return out


# a divergence's message in the verdict's language (issue 30; the JSON keeps the English); a
# {reason} that is one of these messages too is said in the language as well
_DIVERGENCES = Templates(
    N_("the trace plays {player}'s '{word}'; cucu-ref forbids it: {reason}"),
    N_("the trace's program refused decision {n} ({player}'s '{kind}'); cucu-ref allows it"),
    N_("the trace's program refused decision {n}; cucu-ref allows it"),
    N_("the trace ends, but the deal goes on: cucu-ref waits for {what}"),
    N_("it is {actor}'s decision, not {player}'s"),
    # (what cucu-ref waits for, _waits_for; {phase} and {options} are the engine's names)
    N_("{player}'s decision ({phase}: {options})"),
    N_("the deal is over, but the trace goes on with {player}'s '{word}'"),
    N_("the match is over, but the trace goes on with {player}'s '{word}'"),
    # the outcome's differences (_seat_divergences, _table_divergences)
    N_("{player}: the trace says net {theirs}, cucu-ref {mine}"),
    N_("{player}: the trace says {theirs} marks, cucu-ref {mine}"),
    N_("{player} holds {mine} at the end, not {theirs}"),
    N_("out: the trace says {theirs}; cucu-ref {mine}"),
    N_("next dealer: the trace says {theirs}, cucu-ref {mine}"),
    N_("pot: the trace says {theirs}, cucu-ref {mine}"),
    N_("virgins: the trace says {theirs}; cucu-ref {mine}"),
    N_("winner: the trace says {theirs}, cucu-ref {mine}"),
    # the engine's refusals (game.engine.validate: an illegal decision's reason)
    N_("{kind} is not a decision open in phase {phase}"),
    N_("the next deal must be shuffled first, not {kind}"),
    N_("the shuffle must hold exactly the {n} cards of {pack}"),
    N_("the deal is in progress; no shuffle now"),
    N_("the match is over"),
    N_("a hint is noted during a deal"),
    N_("seat {seat} takes no part in this deal"),
    values={"theirs": lambda value: _said_names(value), "mine": lambda value: _said_names(value)},
)
# who a difference names where it names nobody, and what a hand holds where it holds no card
_NOBODY = {"nobody": N_("nobody"), "nobody yet": N_("nobody yet"),
           "nobody (the match is over)": N_("nobody (the match is over)"),
           "nobody yet (the deal goes on)": N_("nobody yet (the deal goes on)"), "no card": N_("no card")}


def _said_names(value: str) -> str:
    """A difference's side in the language: 'nobody' (and its kinds), 'no card', or names
    joined by ' and ' (the winners) or ', ' (as they are)."""
    if value in _NOBODY:
        return _(_NOBODY[value])
    names = value.split(" and ")
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1]) if len(names) > 1 else value


def divergence_message(message: str) -> Optional[str]:
    """A divergence's (or cucu-ref's illegal decision's) message in the active language; None
    where it is none of the divergences' messages."""
    return _DIVERGENCES.said(message)


def verdict_text(verdict: Verdict, source: str) -> str:
    """The answer to a trace for people: the verdict first, then cucu-ref's outcome."""
    trace, rep = verdict.trace, verdict.replay
    if trace is None or rep is None:
        n = len(verdict.problems)
        lines = [ngettext("{source}: not a valid trace ({n} problem)", "{source}: not a valid trace ({n} problems)",
                          n).format(source=source, n=n)]
        for p in verdict.problems:
            rule = f" [{cite(p.rule)}]" if p.rule in RULES else ""
            lines.append(f"  {p.path}: {p.message}{rule}")
        return "\n".join(lines)
    options = "".join(f", {k} = {v}" for k, v in trace.overrides.items())
    said = (_("{source}: cucu-ref AGREES with the trace ({ruleset})") if verdict.status == "agrees"
            else _("{source}: cucu-ref DIVERGES from the trace ({ruleset})"))
    lines = [said.format(source=source, ruleset=trace.preset + options)]
    d = verdict.divergence
    if d is not None:
        where = _("decision {n} ({path})").format(n=d.step, path=d.path) if d.step is not None else d.path
        rule = f" [{cite(d.rule)}]" if d.rule in RULES else ""
        lines.append("  " + _("first divergence at {where}: {message}").format(where=where,
                                                                                message=_DIVERGENCES(d.message)) + rule)
        for other in verdict.differences:
            if other is not d:
                lines.append("  " + _("also {path}: {message}").format(path=other.path,
                                                                       message=_DIVERGENCES(other.message)))
        if verdict.readings:
            for spec, r in verdict.readings:
                # the open question by its name, the reading in its own words, as a ruling says
                # them (issue 24 §1: no option's identifier, no 'always (Q2): yes:')
                lines.append("  " + _("the trace agrees if {question} is read otherwise: {reading}").format(
                    question=spec.settles, reading=after_a_colon(reading_words(r.value, option_words(_(r.text)))))
                    + f" [{cite(r.source) if r.source in RULES else r.source}]")
        elif trace.preset in PRESETS:
            lines.append("  " + _("no other reading of the preset's open points removes the divergence"))
    o = outcome_json(trace, rep.outcome)
    if "illegal" in o:
        ill = rep.outcome.illegal
        assert ill is not None
        lines.append(_("cucu-ref: decision {n} is illegal: {why}").format(n=ill[0], why=_DIVERGENCES(ill[2]))
                     + (f" [{cite(ill[1])}]" if ill[1] in RULES else ""))
        return "\n".join(lines)
    names = trace.names
    by_client = sorted(range(len(names)), key=lambda e: trace.client[e])
    assert rep.outcome.net is not None
    net = ", ".join(f"{names[e]} {rep.outcome.net[e]:+d}" for e in by_client if rep.outcome.net[e])
    lines.append(_("cucu-ref's outcome: net {net}; out: {out}; next dealer: {dealer}; winner: {winner}").format(
        net=net or _("no change"),
        out=", ".join(names[e] for e in by_client if e in (rep.outcome.out or ())) or _("nobody"),
        dealer=names[rep.outcome.next_dealer] if rep.outcome.next_dealer is not None else "-",
        winner=_names(trace, rep.outcome.winners or ()) if rep.outcome.winners else "-"))
    assert rep.outcome.hands is not None
    # each card by the name the game's source prints ('roi', 'XV Cucù'), as a ruling names it
    # (issue 24 §2); the JSON keeps the canonical tokens
    lines.append("  " + _("hands: ") + ", ".join(f"{names[e]} {display_label(trace.rules, c)}" for e in by_client
                                                if (c := rep.outcome.hands[e]) is not None))
    return "\n".join(lines)



def answer(doc: Any) -> dict[str, Any]:
    """What a program under test answers to a vector's input: cucu-ref's own outcome (used by
    ``cucu-conformance run --self`` and ``cucu-conformance serve``).  ``doc`` is a trace; its
    outcome, if any, is ignored."""
    doc = {k: v for k, v in doc.items() if k not in ("outcome", "vector")}
    trace, problems = parse(doc)
    if trace is None:
        return {"id": doc.get("id"), "error": "; ".join(f"{p.path}: {p.message}" for p in problems)}
    return {"id": trace.id, "outcome": outcome_json(trace, replay(trace).outcome)}
