"""The adjudicator as it was before issue 10, kept as an independent oracle for the new
reasoning over unknown cards (it enumerates every value of each unknown card that matters).

Adjudication: replay a position's history through the engine and rule on it.

The history is what the table saw.  Decisions (keep, offer, ask, ...) become engine
actions; what the table saw happen (exchanges, announcements, marks paid, cards shown)
is checked against what the rules derive.  A history that cannot have happened is
rejected with the first event that breaks a rule, its JSON path and the rule's ID.

Cards the position leaves unknown are *placeholders*: stand-in cards no rule reacts to.
A placeholder is given a value only where a ruling depends on it: when its holder is
the target of an offer (is it an event card? C2, K7), at the showdown (its rank, K15),
or where the table states the card (a shown or known hand).  There the search branches
over every card still possible, and branches that contradict the history are dropped;
the outcomes that remain are grouped where they agree.

The ruling is data (:class:`Ruling`); rendering it as text or JSON is :mod:`cucu_ref.services.render`.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from typing import Any, Iterable, NamedTuple, Optional

from cucu_ref.game import cards as _cards
from cucu_ref.game.cards import PACKS, Card
from cucu_ref.game.engine import IllegalActionError, legal_actions, note_hint, step
from cucu_ref.game.engine import rule_forbidding
from cucu_ref.formats.position import DECISIONS, ROLE_CALL, ROLE_RULE, Position, Problem, start_state
from cucu_ref.game.rulesets import OPTIONS, Rules
from cucu_ref.formats.sources import RULES, cite
from cucu_ref.game.state import Action, ActionKind, Event, Phase, State, Via

__all__ = ["Ruling", "Outcome", "adjudicate", "replay_state", "Underdetermined", "MAX_WORK", "PLACEHOLDER"]

PLACEHOLDER = 1000  # placeholder cards have values from here up: no role, never compared
MAX_WORK = 20_000  # engine steps one adjudication may spend enumerating unknown cards
A = ActionKind


class Underdetermined(Exception):
    """Too many unknown cards decide the ruling to enumerate them all."""


class Unsupported(Exception):
    """The engine does not build this reading yet (NotImplementedError)."""


class Outcome(NamedTuple):
    when: list[dict[str, list[str]]]  # alternatives of {unknown card: possible cards}; [] = always
    steps: list[dict[str, Any]]
    result: dict[str, Any]


class Ruling(NamedTuple):
    ok: bool
    problems: list[Problem]
    preset: str
    overrides: dict[str, Any]
    unknown: list[str]  # labels of the unknown cards the ruling had to consider
    outcomes: list[Outcome]
    readings: list[dict[str, Any]]
    claim: Optional[dict[str, Any]]
    players: tuple[str, ...] = ()


# --------------------------------------------------------------------------- the layout of the cards


def _is_ph(card: Optional[Card]) -> bool:
    return card is not None and card.value >= PLACEHOLDER


class _Layout(NamedTuple):
    stack: tuple[Card, ...]  # top first; placeholders where unknown cards matter
    concrete: tuple[Card, ...]  # the same with placeholders replaced by fillers (for the shuffle)
    labels: dict[Card, str]
    pool: Counter  # the cards the unknown positions hold between them
    unknown_at: frozenset = frozenset()  # stack positions the position leaves unknown
    # F2: the stack positions of the three cards the dealer takes (kept, higher and lower discard
    # once sorted), when the dealer takes three and his cards are not all known; else ()
    dealer_three: tuple[int, ...] = ()


def _takes_three(rules: Rules) -> bool:
    return rules.dealer_takes == 3


def _layout(pos: Position, rules: Rules, hints: dict[str, Card]) -> _Layout:
    pack = PACKS[rules.pack]
    size = pack.size
    if pos.stack_order is not None and None not in pos.stack_order and len(pos.stack_order) == size:
        return _Layout(pos.stack_order, pos.stack_order, {}, Counter())  # every card known
    order = pos.order
    m = len(order)
    bottom_deal = rules.deal_from == "bottom"
    three = _takes_three(rules)
    drawn = m + 2 if three else m  # F2: the dealer takes three cards
    draw_at = [size - 1 - j if bottom_deal else j for j in range(drawn)]  # the j-th card dealt
    dealt_at = {seat: draw_at[j] for j, seat in enumerate(order)}
    labels_at: dict[int, str] = {i: f"{pos.players[s]}'s dealt card" for s, i in dealt_at.items()}
    dealer_three: tuple[int, ...] = ()
    if three and order:
        # F2: the dealer keeps the highest of his three and puts the other two under the talon.
        # His first card's place stands for the card he keeps ({"deal": dealer, "card": C} names it)
        dealer = pos.players[order[-1]]
        dealer_three = tuple(draw_at[m - 1:m + 2])
        labels_at[dealer_three[0]] = f"{dealer}'s card (the highest of the three he takes, F2)"
        labels_at[dealer_three[1]] = f"{dealer}'s higher discard under the talon (F2)"
        labels_at[dealer_three[2]] = f"{dealer}'s lower discard under the talon (F2)"
    top_i, bottom_i = (0, size - 1 - drawn) if bottom_deal else (drawn, size - 1)
    labels_at.setdefault(top_i, "the top card of the stack")
    labels_at.setdefault(bottom_i, "the bottom card of the stack" + (" above the dealer's discards" if three else ""))
    if pos.stack_order is not None:
        layout: list[Optional[Card]] = list(pos.stack_order)
        if three and any(layout[i] is None for i in dealer_three):
            # the places of a shuffled stack say which card the dealer takes first, not which he keeps
            raise Unsupported("the dealer takes three cards (F2): an 'order' with '?' must give the three he takes; "
                              "or leave out 'order' and give what the table knows ('deal', 'hands', 'top')")
        for i in range(size):
            labels_at.setdefault(i, f"stack card {i + 1} from the top")
    else:
        layout = [None] * size
        for e in pos.history:
            if e.verb == "deal" and e.card is not None and e.seat in dealt_at:
                layout[dealt_at[e.seat]] = e.card
        if pos.stack_top is not None:
            layout[top_i] = pos.stack_top
        if pos.stack_bottom is not None:
            layout[bottom_i] = pos.stack_bottom
        free = [i for i in range(size) if i not in labels_at and layout[i] is None]
        for i, c in zip(free, pos.stack_cards):
            layout[i] = c
    for i, label in labels_at.items():
        if layout[i] is None and label in hints:
            layout[i] = hints[label]
    if pos.stack_order is not None or not any(layout[i] is None for i in dealer_three):
        dealer_three = ()  # the dealer's cards are known: the shuffle itself settles them
    unknown_at = frozenset(i for i, c in enumerate(layout) if c is None)
    pool = Counter(pack.cards)
    pool.subtract(c for c in layout if c is not None)
    fillers = list(pool.elements())
    labels: dict[Card, str] = {}
    stack: list[Card] = []
    concrete: list[Card] = []
    k = 0
    for i, c in enumerate(layout):
        if c is None:
            filler = fillers[k]
            k += 1
            if i in labels_at:
                ph = Card(pack.family, PLACEHOLDER + i)
                labels[ph] = labels_at[i]
                stack.append(ph)
            else:
                stack.append(filler)
            concrete.append(filler)
        else:
            stack.append(c)
            concrete.append(c)
    return _Layout(tuple(stack), tuple(concrete), labels, +pool, unknown_at, dealer_three)


def _substitute(state: State, ph: Card, value: Card) -> State:
    return state.replace(
        hands=tuple(value if c == ph else c for c in state.hands),
        stack=tuple(value if c == ph else c for c in state.stack),
    )


def _deal_starts(pos: Position, rules: Rules, lay: _Layout,
                 dry: bool) -> Iterable[tuple[State, tuple[Event, ...], dict[Card, Card], frozenset]]:
    """The deal's start: one state, or under F2 with the dealer's cards unknown one state per set
    of three cards he may take (the dry run keeps them as placeholders).  Each comes with the
    unknown cards it fixes and those it enumerates."""
    if not lay.dealer_three or dry:
        yield _deal_start(pos, rules, lay) + ({}, frozenset())
        return
    pack = PACKS[rules.pack]
    places = lay.dealer_three
    known = [lay.stack[i] for i in places if not _is_ph(lay.stack[i])]
    free = [i for i in places if _is_ph(lay.stack[i])]
    kept_known = known[0] if known else None  # only the kept card can be known (see _layout)
    values = sorted(set(lay.pool), key=lambda c: -c.value)
    # the discards matter only where a rule takes a card from under the talon
    reads_bottom = (rules.talon_card != "top" or rules.dealer_exchange == "stack-bottom"
                    or rules.horse_at_dealer == "stack-bottom")
    for combo in itertools.combinations_with_replacement(values, len(free)):
        if any(combo.count(c) > lay.pool[c] for c in set(combo)):
            continue
        if kept_known is not None and any(c.value > kept_known.value for c in combo):
            continue  # F2: he keeps the highest
        subst = {Card(pack.family, PLACEHOLDER + i): c for i, c in zip(free, combo)}  # sorted: the first is kept
        concrete = list(lay.concrete)
        fixed = set(places) - set(free)
        for i, c in zip(free, combo):
            if concrete[i] != c:
                j = next(j for j in sorted(lay.unknown_at) if j not in fixed and j != i and concrete[j] == c)
                concrete[i], concrete[j] = concrete[j], concrete[i]
            fixed.add(i)
        branched = frozenset(p for p in subst if reads_bottom or p.value - PLACEHOLDER == places[0])
        yield _deal_start(pos, rules, lay._replace(concrete=tuple(concrete)), subst) + (subst, branched)


def _deal_start(pos: Position, rules: Rules, lay: _Layout,
                dealer_cards: Optional[dict[Card, Card]] = None) -> tuple[State, tuple[Event, ...]]:
    """Shuffle with the concrete stack, then put the placeholders back where they lie
    (``dealer_cards``: the values given to the dealer's three cards under F2)."""
    before = start_state(pos, rules)
    after, events = step(before, Action(A.SHUFFLE, stack=lay.concrete))
    dealt = [e for e in events if e.kind == "deal"]
    size = len(lay.stack)
    k = len(dealt)
    bottom = rules.deal_from == "bottom"
    three = any(e.kind == "dealer-keeps-highest" for e in events)
    if three and not lay.labels:
        return after, events  # every card known
    drawn = k + 2 if three else k
    if len(after.stack) != size - k or (three and k != len(after.order)):
        if lay.labels:
            # F2 with interleaved dealing: the dealer would draw his three from unknown cards later
            raise Unsupported("cards left unknown under a dealing where the dealer takes several cards (F2) "
                              "and is dealt during play; give the whole stack as 'order'")
        return after, events
    hands = list(after.hands)
    for j, e in enumerate(dealt):
        if three and e.seat == after.dealer:
            continue  # F2: he holds the highest of his three, a card already fixed
        hands[e.seat] = lay.stack[size - 1 - j] if bottom else lay.stack[j]
    stack = lay.stack[: size - drawn] if bottom else lay.stack[drawn:]
    if three:
        stack = stack + after.stack[-2:]  # F2: the two others go under the talon
        if dealer_cards is None and lay.dealer_three:  # the dry run: the dealer's three stay placeholders
            places = lay.dealer_three
            hands[after.dealer] = lay.stack[places[0]]
            stack = stack[:-2] + (lay.stack[places[1]], lay.stack[places[2]])
    events = tuple(e._replace(card=hands[e.seat]) if e.kind == "deal" and not (three and e.seat == after.dealer)
                   else e for e in events)
    return after.replace(hands=tuple(hands), stack=stack), events


# --------------------------------------------------------------------------- facts the table can see


class _Fact(NamedTuple):
    kind: str  # 'exchange', 'announce', 'skip', 'stack-exchange', 'dealer-exchange', 'pays'
    seat: int
    other: Optional[int] = None
    card: Optional[Card] = None
    rule: str = ""


def _facts(rules: Rules, before: State, action: Action, after: State, events: Iterable[Event]) -> list[_Fact]:
    out: list[_Fact] = []
    hands = list(before.hands)
    for ev in events:
        if ev.kind == "exchange":
            out.append(_Fact("exchange", ev.seat, ev.other, hands[ev.other] if ev.other is not None else None, ev.rule))
        elif ev.kind == "arresto":
            out.append(_Fact("announce", ev.seat, ev.other, ev.card, ev.rule))
        elif ev.kind == "inn-bargain":
            # L7: Lu Stù's innkeeper announces the inn ('Tingh la Cas ...') instead of 'fermatevi'
            out.append(_Fact("announce", ev.seat, ev.other, hands[ev.seat], ev.rule))
        elif ev.kind == "exchange-with-talon":
            out.append(_Fact("stack-exchange", ev.seat, None, None, ev.rule))  # F4: the last player and the talon
        elif ev.kind == "exchange-with-stack":
            kind = "dealer-exchange" if action.kind == A.EXCHANGE_WITH_STACK else "stack-exchange"
            out.append(_Fact(kind, ev.seat, None, None, ev.rule))
        elif ev.kind == "mark-lost":
            out.extend(_Fact("pays", ev.seat, None, None, ev.rule) for _ in range(max(ev.amount, 1)))
        elif ev.kind == "deal":
            hands[ev.seat] = ev.card
    return out


# --------------------------------------------------------------------------- the search


class _Leaf(NamedTuple):
    subst: dict[Card, Card]
    branched: frozenset  # the placeholders enumerated (not fixed by what the table says)
    state: State
    steps: tuple[tuple[Optional[int], tuple[Event, ...]], ...]  # (history index, events)
    start: State


class _Search:
    def __init__(self, pos: Position, rules: Rules, lay: _Layout, dry: bool):
        self.pos = pos
        self.rules = rules
        self.lay = lay
        self.dry = dry
        self.names = pos.players
        self.leaves: list[_Leaf] = []
        self.failures: list[tuple[int, Problem]] = []
        self.hints: dict[str, Card] = {}
        self.work = 0
        self.values = PACKS[rules.pack].cards

    # -- bookkeeping

    def fail(self, i: int, message: str, rule: Optional[str]) -> None:
        path = self.pos.history[i].path if i < len(self.pos.history) else "$.hands"
        self.failures.append((i, Problem("history", path, message, rule)))

    def candidates(self, subst: dict[Card, Card]) -> list[Card]:
        left = self.lay.pool.copy()
        left.subtract(subst.values())
        return [c for c in dict.fromkeys(self.values) if left[c] > 0]

    def name(self, seat: Optional[int]) -> str:
        return self.names[seat] if seat is not None and 0 <= seat < len(self.names) else "nobody"

    def card_text(self, card: Optional[Card], subst: dict[Card, Card]) -> str:
        card = subst.get(card, card) if card is not None else None
        if card is None:
            return "no card"
        if _is_ph(card):
            return "an unknown card"
        return _cards.format(card)

    def bind(self, state: State, seat: int, card: Card, subst: dict[Card, Card], i: int,
             what: str) -> Optional[tuple[State, dict[Card, Card]]]:
        """The table says ``seat`` holds ``card`` now."""
        held = state.hands[seat]
        if held is None:
            self.fail(i, f"{self.name(seat)} holds no card here ({what})", "K15")
            return None
        if _is_ph(held):
            if self.dry:
                self.hints[self.lay.labels[held]] = card
                return state, subst
            if card not in self.candidates(subst):
                self.fail(i, f"{self.name(seat)} cannot hold {_cards.format(card)}: every copy is accounted for "
                             f"elsewhere ({what})", "C1")
                return None
            return _substitute(state, held, card), {**subst, held: card}
        if held != card:
            if self.lay.dealer_three and seat == self.pos.dealer and state.custody[seat][-1][1] == Via.DEALT:
                # F2: the card he keeps is the highest of his three; the enumeration found none to match
                self.fail(i, f"{self.name(seat)} keeps the highest of the three cards he takes (F2): with the cards "
                             f"accounted for elsewhere he cannot hold {_cards.format(card)} ({what})", "F2")
                return None
            self.fail(i, f"{self.name(seat)} holds {_cards.format(held)} here, not {_cards.format(card)} ({what})",
                      "K9")
            return None
        return state, subst

    # -- the walk

    def run(self) -> None:
        for state, events, subst, branched in _deal_starts(self.pos, self.rules, self.lay, self.dry):
            self.start = state
            self.walk(state, 0, subst, ((None, events),), 0, [], branched)

    def walk(self, state: State, i: int, subst: dict[Card, Card], steps: tuple, announced: int,
             facts: list[_Fact], branched: frozenset) -> None:
        hist = self.pos.history
        order = state.order
        recorder = self.rules if isinstance(self.rules, _Recorder) else None
        while i < len(hist):
            e = hist[i]
            if recorder is not None:
                recorder.checkpoint = (i, state, subst, steps, announced, facts, branched)
            if e.verb in DECISIONS or e.verb == "act":
                action = self.action_for(state, e, i)
                if action is None:
                    return
                self.work += 1
                if self.work > MAX_WORK and not self.dry:
                    raise Underdetermined(
                        f"the ruling depends on too many unknown cards to enumerate (more than {MAX_WORK} "
                        f"engine steps); name more of the cards")
                try:
                    after, events = step(state, action)
                except IllegalActionError as err:
                    self.fail(i, err.reason, err.rule)
                    return
                except NotImplementedError as err:
                    raise Unsupported(str(err)) from None
                ph = self.observed(after, events)
                if ph is not None:
                    known = self.final_card(after, ph, events)
                    if known is not None:
                        # the table shows this card at the end: no need to enumerate it
                        if self.dry:
                            self.hints[self.lay.labels[ph]] = known
                        elif known not in self.candidates(subst):
                            self.fail(i, f"{_cards.format(known)} cannot be where the table says: every copy is "
                                         f"accounted for elsewhere", "C1")
                            return
                        self.walk(_substitute(state, ph, known), i, {**subst, ph: known}, steps, announced, facts,
                                  branched)
                        return
                    if not self.dry:
                        for value in self.candidates(subst):
                            self.walk(_substitute(state, ph, value), i, {**subst, ph: value}, steps, announced, facts,
                                      branched | {ph})
                        return
                facts = _facts(self.rules, state, action, after, events)
                state = after
                steps = steps + ((i, events),)
                if e.card is not None and e.verb in ("dealer-exchange",):
                    bound = self.bind(state, e.seat, e.card, subst, i, "the card taken from the stack")
                    if bound is None:
                        return
                    state, subst = bound
            elif e.verb == "hint":
                # Z7: table talk noted at this point of the deal (not a decision, K20); what the
                # last decision produced stays to be checked by the observations that follow
                try:
                    state, events = note_hint(state, e.seat)
                except IllegalActionError as err:
                    why = ("the deal is over" if state.phase not in _DEAL_PHASES
                           else f"{self.name(e.seat)} takes no part in this deal")
                    self.fail(i, f"{self.name(e.seat)} cannot hint at a fool here: {why} (a hint is noted "
                                 f"during a deal, for a seat of the deal)", err.rule)
                    return
                if events:
                    steps = steps + ((i, events),)
            elif e.verb == "deal":
                if e.seat not in order or order.index(e.seat) < announced:
                    where = ("takes no part in this deal" if e.seat not in order
                             else "was dealt earlier: the dealer deals round to the right, starting right of himself "
                                  "and ending with himself, one card each")
                    self.fail(i, f"{self.name(e.seat)} cannot be dealt a card here: he {where}", "K4")
                    return
                if state.hands[e.seat] is None and not state.dead[e.seat]:
                    self.fail(i, f"{self.name(e.seat)} cannot have been dealt yet: each card is dealt only after "
                                 f"the previous player's decision", "K4")
                    return
                announced = order.index(e.seat) + 1
            else:
                checked = self.check(state, e, i, facts, subst)
                if checked is None:
                    if not self.dry:
                        return
                    checked = facts  # the dry run only collects hints; the real run judges
                facts = checked
                if e.verb in ("shows", "stack-exchange") and e.card is not None:
                    if e.verb == "shows" and state.dead[e.seat]:
                        self.fail(i, f"{self.name(e.seat)} is out with a dead card, which is not shown", "K15")
                        return
                    what = "shown at the showdown" if e.verb == "shows" else "the card taken from the stack"
                    bound = self.bind(state, e.seat, e.card, subst, i, what)
                    if bound is None:
                        return
                    state, subst = bound
            i += 1
        for seat, card in self.pos.hands.items():
            if seat in state.order and state.hands[seat] is None and not state.dead[seat]:
                continue  # not dealt yet: the known card is his next one, nothing to check now
            bound = self.bind(state, seat, card, subst, len(hist), f"the hand given for {self.name(seat)}")
            if bound is None:
                return
            state, subst = bound
        self.leaves.append(_Leaf(subst, branched, state, steps, self.start))

    def final_card(self, after: State, ph: Card, events: tuple[Event, ...]) -> Optional[Card]:
        """At the showdown cards stop moving: a placeholder held by a player whose card the
        position gives (a known hand, a card shown) is that card."""
        if not any(ev.kind == "showdown" for ev in events):
            return None
        seat = after.hands.index(ph)
        if seat in self.pos.hands:
            return self.pos.hands[seat]
        for e in self.pos.history:
            if e.verb == "shows" and e.seat == seat and e.card is not None:
                return e.card
        return None

    def observed(self, after: State, events: tuple[Event, ...]) -> Optional[Card]:
        """A placeholder whose value this step depended on, if any."""
        for ev in events:
            if ev.kind == "exchange" and ev.rule not in ("K14", "L7") and _is_ph(after.hands[ev.seat]):
                return after.hands[ev.seat]  # the target's card was checked for an event card (C2, K7)
            if ev.kind == "offer" and after.phase == Phase.TARGET_DECIDE and _is_ph(after.hands[after.actor]):
                return after.hands[after.actor]  # Q9 'yes': the target's card was checked: plain (C2, K7)
            if ev.kind == "showdown":
                any_hand = self.rules.fools_in_play == "any-hand"
                for s in after.order:
                    if (any_hand or not after.dead[s]) and _is_ph(after.hands[s]):
                        return after.hands[s]
        return None

    def action_for(self, state: State, e: Any, i: int) -> Optional[Action]:
        kinds = (e.kind,) if e.verb == "act" else DECISIONS[e.verb]
        legal = legal_actions(state)
        for a in legal:
            if a.kind in kinds and a.seat == e.seat:
                return a
        who = self.name(e.seat)
        verb = e.verb if e.verb != "act" else e.kind
        if state.phase in (Phase.SHUFFLE, Phase.MATCH_OVER):
            if verb == "dealer-exchange" and e.seat == self.pos.dealer:
                self.fail(i, f"the dealer decides once, last: {who} cannot exchange again, the deal is over", "K8")
            elif state.phase == Phase.MATCH_OVER:
                self.fail(i, f"the match is over: {who} cannot {verb}", "K3")
            else:
                self.fail(i, f"the deal is over: {who} cannot {verb} any more", "K15")
            return None
        if self.pos.marks[e.seat] == 0 and state.phase != Phase.BUY_BACK:
            self.fail(i, f"{who} is out of the match and cannot {verb}", "K16")
            return None
        if e.seat != state.actor:
            self.fail(i, f"{who} cannot {verb} now: {describe_turn(state, self.names)}", rule_forbidding(state))
            return None
        options = ", ".join(_VERB_NAMES.get(a.kind, a.kind) for a in legal)
        # the engine names the rule that forbids this very action (R2, A4, F4 ...)
        rule = rule_forbidding(state, Action(kinds[0], e.seat))
        if rule == "K5" and e.seat == state.dealer and state.phase == Phase.DECIDE:
            rule = "K8"
        why = _FORBIDDEN_BECAUSE.get(rule, "")
        if kinds[0] in (A.EXCHANGE, A.REFUSE_BY_PAYING) and state.phase != Phase.TARGET_DECIDE:
            rule = "Q9"
            why = (": a target agrees or pays to refuse only when offered a plain card under Zeh's third paragraph "
                   "(refuse_by_paying = yes)" if state.rules.refuse_by_paying == "yes" else
                   ": this ruleset reads Q9 'no', the target of a plain card must exchange (refuse_by_paying = no)")
        elif kinds[0] == A.INN_ASK and state.rules.inn == "lu-stu":
            rule = "L7"
            why = ": Lu Stù's inn has no second offer; the innkeeper accepts or refuses the offerer's bargain"
        self.fail(i, f"{who} cannot {verb} now{why}; the decisions open to him are: {options}", rule)
        return None

    def check(self, state: State, e: Any, i: int, facts: list[_Fact], subst: dict[Card, Card]) -> Optional[list[_Fact]]:
        """An observation: is it among the facts the last decision produced?"""
        name = self.name
        rest = list(facts)
        if e.verb == "exchange":
            pair = {e.seat, e.other}
            for f in rest:
                if f.kind == "exchange" and {f.seat, f.other} == pair:
                    rest.remove(f)
                    return rest
            first = next((f for f in rest if f.kind == "exchange" and f.seat == e.seat), None)
            if first is not None:
                self.fail(i, f"{name(e.seat)}'s offer goes to {name(first.other)}, who had to exchange (K7), not to "
                             f"{name(e.other)}: only a horse is skipped", "K12")
            else:
                self.fail(i, f"{name(e.seat)} and {name(e.other)} cannot have exchanged here: "
                             f"{self.what_happened(rest, subst)}", "K7")
            return None
        if e.verb == "announce":
            call = ROLE_CALL[e.role]
            for f in rest:
                if f.kind == "announce" and f.seat == e.seat:
                    role = self.rules.role_of.get(f.card.value) if f.card is not None else None
                    if role == e.role:
                        rest.remove(f)
                        return rest
                    self.fail(i, f"{name(e.seat)} holds {self.card_text(f.card, subst)}, which says "
                                 f"'{ROLE_CALL.get(role, '?')}', not '{call}'", ROLE_RULE.get(role or "", "C2"))
                    return None
            target = next((f for f in rest if f.kind == "exchange" and f.other == e.seat), None)
            if target is not None:
                card = target.card
                if _is_ph(subst.get(card, card)) and self.dry:
                    return rest
                self.fail(i, f"{name(e.seat)} held {self.card_text(card, subst)}, an ordinary card: it cannot say "
                             f"'{call}' and had to exchange (C2, K7)", ROLE_RULE[e.role])
                return None
            self.fail(i, f"nobody asked {name(e.seat)} to exchange just then: an event card speaks only when its "
                         f"holder is the target of an offer", "C2")
            return None
        if e.verb == "pays":
            paid = [f for f in rest if f.kind == "pays" and f.seat == e.seat]
            if len(paid) >= e.amount:
                for f in paid[: e.amount]:
                    rest.remove(f)
                return rest
            self.fail(i, f"{name(e.seat)} pays {len(paid) or 'no'} mark{'s' if len(paid) != 1 else ''} here, not "
                         f"{e.amount}: {self.what_happened(rest, subst)}", "K15")
            return None
        if e.verb == "stack-exchange":
            for f in rest:
                if f.kind == "stack-exchange" and f.seat == e.seat:
                    rest.remove(f)
                    return rest
            self.fail(i, f"{name(e.seat)} cannot have exchanged with the stack here: only an offer to a dealer "
                         f"holding the horse sends the offerer to the stack", "K12")
            return None
        return rest  # 'shows' is checked by binding the card

    def what_happened(self, facts: list[_Fact], subst: dict[Card, Card]) -> str:
        if not facts:
            return "nothing of the kind happened at this point"
        parts = []
        for f in facts:
            if f.kind == "exchange":
                parts.append(f"{self.name(f.seat)} and {self.name(f.other)} exchanged")
            elif f.kind == "announce":
                parts.append(f"{self.name(f.seat)} showed {self.card_text(f.card, subst)}")
            elif f.kind == "pays":
                parts.append(f"{self.name(f.seat)} lost a mark")
            else:
                parts.append(f"{self.name(f.seat)} exchanged with the stack")
        return "what happened is: " + "; ".join(parts)


_VERB_NAMES = {A.KEEP: "keep", A.INN_KEEP: "keep", A.OFFER: "offer", A.EXCHANGE_WITH_STACK: "dealer-exchange",
               A.INN_ASK: "ask", A.INN_ACCEPT: "accept", A.INN_REFUSE: "refuse", A.BUY_BACK: "buy-back",
               A.DECLINE: "decline", A.EXCHANGE: "agree", A.REFUSE_BY_PAYING: "pay-to-refuse"}

_FORBIDDEN_BECAUSE = {
    "R2": ": no player may exchange more than once (R2)",
    "A4": ": the dealer exchanges with the talon only after receiving an ace from the previous player (A4)",
    "F4": ": the dealer keeps the card he chose from his three (F4)",
    "H1": ": the dealer has nobody to exchange with and no talon (H1)",
}

_DEAL_PHASES = frozenset({Phase.DECIDE, Phase.DECIDE_BACKWARD, Phase.TARGET_DECIDE, Phase.INN_OFFERER,
                          Phase.INN_KEEPER})


def describe_turn(state: State, names: tuple[str, ...]) -> str:
    who = names[state.actor] if state.actor is not None else "nobody"
    options = " or ".join(_VERB_NAMES.get(a.kind, a.kind) for a in legal_actions(state))
    if state.phase == Phase.INN_OFFERER:
        return f"after 'fermatevi' it is {who}'s decision ({options})"
    if state.phase == Phase.INN_KEEPER:
        if state.rules.inn == "lu-stu":
            return (f"the innkeeper {who} answers the offerer's bargain ({options}): Lu Stù's inn has no "
                    f"'fermatevi' and no second offer (L7)")
        return f"the innkeeper {who} answers the second offer ({options})"
    if state.phase == Phase.DECIDE_BACKWARD:
        return f"on the way back {who} keeps the card received or offers it on to the left ({options})"
    if state.phase == Phase.TARGET_DECIDE:
        offerer = names[state.target] if state.target is not None else "the offerer"
        return f"{who}, offered {offerer}'s card, exchanges or pays a mark to refuse ({options})"
    if state.phase == Phase.BUY_BACK:
        return f"{who} decides on buying back ({options})"
    return f"the next decision is {who}'s ({options})"


# --------------------------------------------------------------------------- one run under one ruleset


class _Run(NamedTuple):
    leaves: list[_Leaf]
    failures: list[tuple[int, Problem]]
    labels: dict[Card, str]
    read: frozenset  # the rule options the engine read on the way (all of them if not recorded)
    first: dict = {}  # noqa: RUF012 - option -> checkpoint where first read (linear runs only), never mutated
    lay: Optional[_Layout] = None


class _Recorder:
    """Stands in for a :class:`Rules` value and notes which options the engine reads.

    The engine is a pure function of the state and the rules: an option it never read
    while replaying a position cannot change that position's ruling, so only the options
    read are re-run under their other readings."""

    __slots__ = ("_rules", "_read", "checkpoint", "first")

    def __init__(self, rules: Rules):
        self._rules = rules
        self._read: set[str] = set()
        self.checkpoint: Optional[tuple] = None  # where the search is (set by _Search.walk)
        self.first: dict[str, Optional[tuple]] = {}  # option -> the checkpoint that first read it

    def __getattr__(self, name: str) -> Any:
        if name not in self._read:
            self._read.add(name)
            self.first[name] = self.checkpoint
        return getattr(self._rules, name)


def _run(pos: Position, rules: Rules, record: bool = False) -> _Run:
    if record:
        recorder = _Recorder(rules)
        run = _run(pos, recorder)  # type: ignore[arg-type]
        leaves = [leaf._replace(state=leaf.state.replace(rules=rules), start=leaf.start.replace(rules=rules))
                  for leaf in run.leaves]
        linear = len(leaves) == 1 and not leaves[0].branched
        return _Run(leaves, run.failures, run.labels, frozenset(recorder._read),
                    recorder.first if linear else {}, run.lay)
    has_unknowns = True
    dry_lay = _layout(pos, rules, {})
    if not dry_lay.labels:
        has_unknowns = False
    hints: dict[str, Card] = {}
    constrained = bool(pos.hands) or any(e.card is not None and e.verb != "deal" for e in pos.history)
    if has_unknowns and constrained:
        plain = rules._rules if isinstance(rules, _Recorder) else rules  # record the real run only
        dry = _Search(pos, plain, dry_lay, dry=True)
        dry.run()
        hints = dry.hints
    lay = _layout(pos, rules, hints) if hints else dry_lay
    search = _Search(pos, rules, lay, dry=False)
    search.run()
    if not search.leaves and hints:
        search = _Search(pos, rules, dry_lay, dry=False)
        search.run()
        lay = dry_lay
    return _Run(search.leaves, search.failures, lay.labels, frozenset(OPTIONS), {}, lay)


def replay_state(pos: Position) -> State:
    """The state a fully known position's history leads to (the inverse of
    :func:`cucu_ref.formats.position.position_from_replay`).  Raises ValueError if the history is illegal
    or a card is unknown."""
    run = _run(pos, pos.rules)
    if not run.leaves:
        raise ValueError("; ".join(f"{p.path}: {p.message}" for _, p in run.failures) or "no ruling")
    if len(run.leaves) != 1 or run.leaves[0].subst:
        raise ValueError("the position leaves cards unknown")
    return run.leaves[0].state


# --------------------------------------------------------------------------- results


def _card(c: Optional[Card], subst: dict[Card, Card]) -> Optional[str]:
    if c is None:
        return None
    c = subst.get(c, c)
    return None if _is_ph(c) else _cards.format(c)


def _result(pos: Position, leaf: _Leaf, subst: dict[Card, Card]) -> dict[str, Any]:
    names = pos.players
    final = leaf.state
    events = [ev for _, evs in leaf.steps for ev in evs]
    over = any(ev.kind == "showdown" for ev in events)
    out: dict[str, Any] = {"deal_over": over}
    if final.phase not in (Phase.SHUFFLE, Phase.MATCH_OVER):
        out["next"] = {"player": names[final.actor], "phase": final.phase,
                       "legal": sorted({_VERB_NAMES.get(a.kind, a.kind) for a in legal_actions(final)})}
    else:
        out["next"] = None
    out["marks_lost"] = [{"player": names[ev.seat], "rule": ev.rule} for ev in events if ev.kind == "mark-lost"
                         for _ in range(max(ev.amount, 1))]
    out["marks_gained"] = [{"player": names[ev.seat], "rule": ev.rule} for ev in events if ev.kind == "mark-gained"]
    out["out"] = [names[ev.seat] for ev in events if ev.kind == "out"]
    if over:
        out["shown"] = {names[s]: _card(final.hands[s], subst) for s in final.order if not final.dead[s]}
        out["dead"] = [names[s] for s in final.order if final.dead[s]]
    else:
        out["shown"] = None
        out["dead"] = [names[s] for s in final.order if final.dead[s]]
    out["holds"] = {names[s]: _card(final.hands[s], subst) for s in final.order if final.hands[s] is not None}
    out["buy_back_offers"] = [{"player": names[ev.seat], "stakes": ev.amount,
                               "amount": ev.amount * pos.rules.stake} for ev in events if ev.kind == "buy-back-offer"]
    out["bought_back"] = [names[ev.seat] for ev in events if ev.kind == "buy-back"]
    restart = next((ev for ev in events if ev.kind in ("restart", "draw")), None)
    out["restart"] = None if restart is None else {"kind": restart.kind, "rule": restart.rule}
    nxt = next((ev.seat for ev in reversed(events) if ev.kind == "next-dealer"), None)
    out["next_dealer"] = names[nxt] if nxt is not None else None
    winner = final.winner if final.phase == Phase.MATCH_OVER else None
    if final.phase == Phase.BUY_BACK and final.suspended is None:
        # the next dealer and the winner wait on the buy-back decisions: say both ways
        for key, kind in (("if_none_buys_back", A.DECLINE), ("if_all_buy_back", A.BUY_BACK)):
            s = final
            while s.phase == Phase.BUY_BACK:
                s, evs = step(s, Action(kind, s.actor))
            out[f"next_dealer_{key}"] = names[s.dealer] if s.phase == Phase.SHUFFLE else None
            out[f"winner_{key}"] = names[s.winner] if s.phase == Phase.MATCH_OVER else None
    out["winner"] = names[winner] if winner is not None else None
    # the field the rulings gained since this oracle was frozen (K3's winner or S6's joint
    # winners), built as cucu_ref.services.adjudication.outcomes builds it, so that results compare whole
    out["winners"] = [names[s] for s in final.winners]
    out["marks"] = dict(zip(names, final.marks))
    out["virgins"] = [n for n, v in zip(names, final.virgins) if v]
    out["pot"] = final.pot
    return out


_EVENT_TEXT = {
    "shuffle": "{seat} deals: one card at a time to the right, starting right of the dealer",
    "deal": "{seat} is dealt {card}",
    "keep": "{seat} keeps the card ('sto bene')",
    "offer": "{seat} offers the card to the next player ('passo')",
    "exchange": "{seat} and {other} exchange cards",
    "arresto": "{seat} holds {card}: arresto, the offer from {other} stops there",
    "skip": "the offer jumps over {seat}'s horse ('salta')",
    "exchange-with-stack": "{seat} exchanges the card with the stack",
    "mark-lost": "{seat} loses a mark",
    "mark-gained": "{seat} gains a mark",
    "out": "{seat} has no marks left: out",
    "undo": "exchange undone: {seat} takes back the card from {other}",
    "fermatevi": "{seat} says 'fermatevi aliquanto' to {other}",
    "keep-after-fermatevi": "{seat} keeps the card after all",
    "ask-pagherai-se-null": "{seat} asks the innkeeper {other}: 'pagherai se null?'",
    "accept": "the innkeeper {seat} accepts: no exchange; he pays if {other} loses with a nulla",
    "refuse": "the innkeeper {seat} refuses and must exchange with {other}",
    "showdown": "showdown: the live cards are compared",
    "buy-back-offer": "{seat} may buy back in for {amount} stake(s)",
    "buy-back": "{seat} buys back in for {amount} stake(s)",
    "decline-buy-back": "{seat} does not buy back",
    "restart": "everybody went out in this deal: all get their marks again",
    "draw": "everybody went out in this deal: a draw, all play again",
    "next-dealer": "{seat} deals next",
    "winner": "{seat} wins the match and the pot ({amount} stake(s))",
    "dead-card-under-stack": "{seat}'s dead card goes under the stack",
    "inn-bargain": "{seat} has the inn and asks {other} what he offers",
    "hint": "{seat} hinted at holding a fool",
    "offer-back": "{seat} must offer the card back to the left, to {other} ('cart'arrit')",
    "way-back-ends": "the way back ends at {seat}",
    "exchange-with-talon": "{seat} exchanges the card with the talon",
    "talon-king": "the talon's card is a king: {seat} may not exchange with it",
    "dealer-keeps-highest": "the dealer {seat} takes three cards and keeps the highest",
    "refuse-and-pay": "{seat} refuses the exchange and pays a mark",
    "stack-king": "{seat} cuts a king from the stock: it goes back and he keeps his own card",
    "joint-winner": "{seat} is a joint winner: the last players went out together and share the pot "
                    "({amount} stake(s))",
    "keep-last-life": "{seat} keeps his last life: the last players went out together",
}
# Where a ruleset's own rule gives an event another meaning (kind, rule) -> text.
_EVENT_TEXT_BY_RULE = {
    # L7: Lu Stù's innkeeper answers the offerer's bargain; there is no second offer
    ("accept", "L7"): "the innkeeper {seat} accepts {other}'s bargain: they exchange cards",
    ("refuse", "L7"): "the innkeeper {seat} turns down {other}'s bargain ('fatt nu bicchijr'): he keeps the inn "
                      "and pays if {other} loses with the nulla",
    ("arresto", "F3"): "{seat} holds a king and says 'Coucou!': no exchange with {other}",
    ("arresto", "A1"): "{seat} shows a king: no exchange with {other}",
    ("arresto", "H1"): "{seat} holds a king and says 'Her!': no exchange with {other}",
    ("mark-lost", "Q9"): "{seat} refuses the exchange and puts a mark in the cup",
    # the ordinary-pack games: their own words, and every card dealt before play begins
    ("shuffle", "F2"): "{seat} deals one card to each player, starting right of the dealer, before play begins",
    ("shuffle", "H1"): "{seat} deals one card to each player, starting right of the dealer, before play begins",
    ("shuffle", "R2"): "{seat} deals one card to each player before play begins",
    ("shuffle", "Z3"): "{seat} deals one card to each player before the requests travel ('passare alla stafetta')",
    ("keep", "F3"): "{seat} keeps the card ('je garde')",
    ("offer", "F3"): "{seat} asks the right neighbour to exchange ('je change')",
    ("keep", "H1"): "{seat} keeps the card",
    ("offer", "H1"): "{seat} asks the neighbour to exchange",
    ("keep", "R2"): "{seat} keeps the card",
    ("offer", "R2"): "{seat} asks the neighbour to change",
    ("arresto", "S3"): "{seat} exposes a king: no exchange with {other}",
    ("shuffle", "S2"): "{seat} deals one card to each player before play begins",
    ("keep", "S2"): "{seat} keeps the card",
    ("offer", "S2"): "{seat} tries to exchange with the next player",
    ("keep", "S4"): "the dealer {seat} keeps the card",
    ("exchange-with-stack", "S4"): "the dealer {seat} exchanges the card for one cut from the stock",
}


def _steps(pos: Position, leaf: _Leaf, subst: dict[Card, Card], masked: frozenset = frozenset(),
           shown: Optional[dict[str, Optional[str]]] = None) -> list[dict[str, Any]]:
    """The ruling's steps: every engine event with its rule and source.  ``masked`` seats' dealt
    cards and the ``shown`` cards are those of a group of cases (unknown cards that vary: '?')."""
    names = pos.players

    def nm(s: Optional[int]) -> str:
        return names[s] if s is not None and 0 <= s < len(names) else "-"

    out: list[dict[str, Any]] = []
    for i, events in leaf.steps:
        at = pos.history[i].path if i is not None else None
        for ev in events:
            if ev.kind == "exchange-with-stack":
                text = (f"{nm(ev.seat)} exchanges the card with the "
                        f"{'bottom' if ev.amount else 'top'} card of the stack")
            else:
                card = _card(ev.card, subst) if ev.card is not None else None
                if ev.kind == "deal" and ev.seat in masked:
                    card = None
                template = (_EVENT_TEXT_BY_RULE.get((ev.kind, ev.rule))
                            or _EVENT_TEXT.get(ev.kind, ev.kind + " ({seat})"))
                text = template.format(
                    seat=nm(ev.seat), other=nm(ev.other), card=card or "a card the position does not give",
                    amount=ev.amount)
            if ev.kind == "showdown":
                cards = shown if shown is not None else {
                    names[s]: _card(leaf.state.hands[s], subst) for s in leaf.state.order if not leaf.state.dead[s]}
                text += " (" + ", ".join(f"{n} {c or '?'}" for n, c in cards.items()) + ")"
            out.append({"at": at, "rule": ev.rule, "source": cite(ev.rule) if ev.rule in RULES else None,
                        "text": text})
            if ev.kind == "showdown":
                out.extend(_showdown_notes(pos, leaf, subst, at))
    return out


def _showdown_notes(pos: Position, leaf: _Leaf, subst: dict[Card, Card], at: Optional[str]) -> list[dict[str, Any]]:
    """The showdown's reasoning as the scoring module explains it (with names for seats)."""
    import re

    from cucu_ref.game.scoring import evaluate

    st = leaf.state
    live = [(s, subst.get(st.hands[s], st.hands[s])) for s in st.order if not st.dead[s]]
    dead = [(s, subst.get(st.hands[s], st.hands[s])) for s in st.order if st.dead[s] and st.hands[s] is not None]
    if any(_is_ph(c) for _, c in live):
        return []
    try:
        result = evaluate(pos.rules if leaf.start.rules is None else leaf.start.rules, live, dead, st.guarantees,
                          st.hinted)
    except Exception:  # pragma: no cover - explanations only
        return []
    names = pos.players

    def seats(m: "re.Match[str]") -> str:
        return ", ".join(names[int(x)] for x in re.findall(r"\d+", m.group(1)))

    notes = []
    for rule, text in result.notes:
        text = re.sub(r"seat\(s\) (\d+(?:, \d+)*)", seats, text)
        text = re.sub(r"seat (\d+)", lambda m: names[int(m.group(1))], text)
        text = re.sub(r"^(lowest card: [^,]+) lose a mark$", r"\1 loses a mark", text)
        notes.append({"at": at, "rule": rule, "source": cite(rule) if rule in RULES else None, "text": text})
    return notes


# --------------------------------------------------------------------------- grouping unknown cards


def _group(pos: Position, run: _Run, with_steps: bool = True) -> list[Outcome]:
    groups: dict[str, list[_Leaf]] = {}
    results: dict[str, dict[str, Any]] = {}
    for leaf in run.leaves:
        res = _result(pos, leaf, leaf.subst)
        key = _essence(res)
        groups.setdefault(key, []).append(leaf)
        results.setdefault(key, res)
    varying = _varying(run)
    outcomes = []
    for key, leaves in groups.items():
        rep = leaves[0]
        res = dict(results[key])
        if len(leaves) > 1:
            each = [_result(pos, leaf, leaf.subst) for leaf in leaves]
            for field in ("shown", "holds"):
                if res[field] is not None:
                    res[field] = {n: c if all(r[field] and r[field].get(n) == c for r in each) else None
                                  for n, c in res[field].items()}
            dealt = [{ev.seat: ev.card for _, evs in leaf.steps for ev in evs if ev.kind == "deal"} for leaf in leaves]
            masked = frozenset(s for s, c in dealt[0].items() if any(d.get(s) != c for d in dealt))
        else:
            masked = frozenset()
        when = _describe_when(leaves, run.labels, varying) if varying else []
        steps = _steps(pos, rep, rep.subst, masked, res["shown"]) if with_steps else []
        outcomes.append(Outcome(when, steps, res))
    return outcomes


def _varying(run: _Run) -> set:
    """The enumerated unknown cards that take more than one value over all cases (a card the
    history pins down, such as a card that said 'gnaf', is no longer unknown)."""
    values: dict[Card, set] = {}
    for leaf in run.leaves:
        for p in leaf.branched:
            values.setdefault(p, set()).add(leaf.subst.get(p))
        for p in values:
            if p not in leaf.branched:
                values[p].add(None)
    return {p for p, vs in values.items() if len(vs) > 1}


def _describe_when(leaves: list[_Leaf], labels: dict[Card, str],
                   varying: Optional[set] = None) -> list[dict[str, list[str]]]:
    # The unknown cards in the order of their labels (seat order, then the stack), never in the
    # iteration order of the frozensets ``leaf.branched``: that order follows str hashing and so
    # PYTHONHASHSEED, and the output must be the same under every seed (issue 12, finding 2).
    wanted = {p for leaf in leaves for p in leaf.branched if varying is None or p in varying}
    keys = [p for p in labels if p in wanted] + sorted(wanted.difference(labels), key=lambda c: c.value)
    rows = {tuple(leaf.subst.get(p) for p in keys) for leaf in leaves}
    per_key = [list(dict.fromkeys(row[j] for row in sorted(rows, key=lambda r: [(-c.value if c else 99) for c in r])))
               for j in range(len(keys))]
    size = 1
    for vals in per_key:
        size *= len(vals)
    if size == len(rows):
        alt = {labels[p]: [_cards.format(c) if c is not None else "any" for c in vals]
               for p, vals in zip(keys, per_key)}
        return [alt]
    alts = []
    for row in sorted(rows, key=lambda r: [(-c.value if c else 99) for c in r])[:100]:
        alts.append({labels[p]: [_cards.format(c) if c is not None else "any"] for p, c in zip(keys, row)})
    return alts


# --------------------------------------------------------------------------- open questions


def _screens(pos: Position, run: _Run) -> dict[str, Any]:
    """For each option we know, a cheap test: can its reading change this ruling?  Any other
    option (added later) is always re-run."""
    evs = [ev for leaf in run.leaves for _, es in leaf.steps for ev in es]
    kinds = {ev.kind for ev in evs}
    showdown = "showdown" in kinds

    def live_cards() -> Iterable[list[Card]]:
        for leaf in run.leaves:
            st = leaf.state
            yield [leaf.subst.get(st.hands[s], st.hands[s]) for s in st.order if not st.dead[s]]

    def dead_cards() -> Iterable[list[Card]]:
        for leaf in run.leaves:
            st = leaf.state
            yield [leaf.subst.get(st.hands[s], st.hands[s]) for s in st.order if st.dead[s] and st.hands[s]]

    screens = {
        "dealing": lambda: False,  # the same cards reach the same seats either way
        "seating_fool": lambda: False,  # seating happens before any deal
        "deal_from": lambda: pos.stack_order is not None and "exchange-with-stack" in kinds,
        "dealer_exchange": lambda: any(ev.kind == "exchange-with-stack" and ev.rule != "K12" for ev in evs)
        or any(l.state.actor == l.state.dealer and l.state.phase == Phase.DECIDE for l in run.leaves),
        "horse_at_dealer": lambda: any(ev.kind == "exchange-with-stack" and ev.rule == "K12" for ev in evs),
        "cat": lambda: any(ev.kind == "arresto" and ev.card is not None and ev.card.value == 12 for ev in evs),
        "targeted_holder_acts": lambda: "refuse" in kinds,
        "cuckoo_at_showdown": lambda: showdown and any(any(c.value == 15 for c in cs) for cs in live_cards()),
        "cuckoo_pair_exception": lambda: showdown and any(len(cs) == 2 and all(c.value == 15 for c in cs)
                                                          for cs in live_cards()),
        "fools_in_play": lambda: showdown and any(any(c.is_fool for c in cs) for cs in dead_cards()),
        "two_fools": lambda: showdown and any(sum(c.is_fool for c in a) + sum(c.is_fool for c in b) >= 2
                                              for a, b in zip(live_cards(), dead_cards())),
        "ties": lambda: showdown and any(_tied(cs) for cs in live_cards()),
        "inn": lambda: "fermatevi" in kinds or "inn-bargain" in kinds,
        "inn_guarantee_covers": lambda: any(l.state.guarantees for l in run.leaves),
        "cat_undo_through_inn": lambda: "undo" in kinds and "refuse" in kinds,
        "buy_back": lambda: "out" in kinds,
        "buy_back_price": lambda: "out" in kinds,
        "simultaneous_buy_back": lambda: "out" in kinds,
        "all_out": lambda: "restart" in kinds or "draw" in kinds,
        "dead_cards": lambda: any(any(l.state.dead) for l in run.leaves),
    }
    screens["two_fools_alone"] = screens["two_fools"]
    dealer = pos.dealer
    last = run.leaves[0].steps[-1][1] if run.leaves else ()
    screens.update({
        "all_equal": lambda: showdown and any(len(cs) >= 2 and len({c.value for c in cs}) == 1 for cs in live_cards()),
        "may_offer_after_receiving": lambda: any(_offered_after_receiving(l) for l in run.leaves),
        "refuse_by_paying": lambda: pos.rules.refuse_by_paying != "no"
        or any(ev.kind == "exchange" and ev.rule == "K7" for ev in last),
        "last_request_to": lambda: "exchange-with-talon" in kinds or "talon-king" in kinds or any(
            (ev.kind == "exchange" and ev.other == dealer) or (ev.kind == "arresto" and ev.seat == dealer)
            for ev in evs),
        "talon_card": lambda: "exchange-with-talon" in kinds or "talon-king" in kinds,
        "backward_chain_end": lambda: any(ev.rule == "L8" for ev in evs),
        "backward_offer": lambda: any(ev.rule == "L8" for ev in evs),
        "virgin_after_gain": lambda: "mark-gained" in kinds,
        "fool_hint": lambda: any(l.state.hinted for l in run.leaves),
        # the pack is settled before the deal: the position's cards already say which it is
        "piquet_below_seven": lambda: False,
    })
    return screens


def _offered_after_receiving(leaf: _Leaf) -> bool:
    received: set[int] = set()
    for _, evs in leaf.steps:
        for ev in evs:
            if ev.kind == "exchange" and ev.other is not None:
                received.update((ev.seat, ev.other))
            elif ev.kind in ("offer", "exchange-with-stack") and ev.seat in received:
                return True
    st = leaf.state
    return st.phase == Phase.DECIDE and st.actor in received


def _tied(cs: list[Card]) -> bool:
    plain = [c.value for c in cs if not c.is_fool]
    return len(plain) >= 2 and plain.count(min(plain)) >= 2


def _summary(outcomes: list[Outcome]) -> list[dict[str, Any]]:
    return [{"when": o.when, "result": o.result} for o in outcomes]


_NOT_ESSENTIAL = frozenset({"shown", "holds", "marks_lost", "marks_gained", "restart"})


def _essence(result: dict[str, Any]) -> str:
    """What an outcome decides, without the cards shown and the rule IDs that got there."""
    core = {k: v for k, v in result.items() if k not in _NOT_ESSENTIAL}
    core["restart"] = result["restart"]["kind"] if result["restart"] else None
    core["marks_lost"] = sorted(x["player"] for x in result["marks_lost"])
    core["marks_gained"] = sorted(x["player"] for x in result["marks_gained"])
    return repr(core)  # _result builds every dict in the same key order


def _key(outcomes: list[Outcome]) -> tuple:
    return tuple(sorted({_essence(o.result) for o in outcomes}))


def _always() -> bool:
    return True


def _fingerprint(run: _Run) -> frozenset:
    """A cheap summary of what a run decides, case by case (same fingerprint, same ruling;
    a different one is compared again in full by :func:`_key`)."""
    out = set()
    for leaf in run.leaves:
        st = leaf.state
        evs = [ev for _, es in leaf.steps for ev in es]
        out.add((
            frozenset(leaf.subst.items()), st.marks, st.virgins, st.pot, st.phase, st.actor, st.dealer, st.winner,
            tuple(sorted(ev.seat for ev in evs if ev.kind == "mark-lost")),
            tuple(sorted(ev.seat for ev in evs if ev.kind == "mark-gained")),
            tuple((ev.kind, ev.seat, ev.amount) for ev in evs
                  if ev.kind in ("out", "buy-back-offer", "buy-back", "restart", "draw")),
            tuple(a.kind for a in legal_actions(st)),
        ))
    return frozenset(out)


def _readings(pos: Position, run: _Run, chosen: list[Outcome]) -> list[dict[str, Any]]:
    from cucu_ref.game.rulesets import PRESET_REASONS, open_options

    open_points = open_options(pos.preset)
    base_key: Optional[tuple] = None
    base_fp = _fingerprint(run)
    found = []
    screens: Optional[dict[str, Any]] = None
    for name, spec in OPTIONS.items():
        if name not in open_points or name not in run.read or not hasattr(pos.rules, name):
            continue
        if screens is None:
            screens = _screens(pos, run)
        if not screens.get(name, _always)():
            continue
        current = getattr(pos.rules, name)
        alternatives: list[tuple[dict[str, Any], Optional[_Run]]] = []
        differs = False
        for reading in spec.readings:
            entry: dict[str, Any] = {"reading": reading.value, "chosen": reading.value == current,
                                     "source": cite(reading.source) if reading.source in RULES else reading.source,
                                     "text": reading.text}
            if reading.value == current:
                entry["status"] = "ruling"
                entry["outcomes"] = _summary(chosen)
                alternatives.append((entry, None))
                continue
            try:
                alt = _rerun(pos, run, name, _with_option(pos.rules, name, reading.value))
            except Unsupported as err:
                entry.update(status="not-built", message=f"the engine does not build this reading yet: {err}")
                alternatives.append((entry, None))
                continue
            except Exception as err:  # a reading the engine rejects for this position
                entry.update(status="not-built", message=str(err))
                alternatives.append((entry, None))
                continue
            if not alt.leaves:
                entry.update(status="history-impossible",
                             message=_best_failure(alt.failures).message if alt.failures else "no ruling")
                alternatives.append((entry, None))
                continue
            entry["status"] = "ruling"
            if _fingerprint(alt) != base_fp:
                if base_key is None:
                    base_key = _key(chosen)
                outcomes = _group(pos, alt, with_steps=False)
                entry["outcomes"] = _summary(outcomes)
                differs = differs or _key(outcomes) != base_key
                alternatives.append((entry, None))
            else:
                alternatives.append((entry, alt))
        if differs:
            readings = []
            for entry, alt in alternatives:
                if alt is not None:  # the same outcome as the chosen reading: summarise it now
                    entry["outcomes"] = _summary(_group(pos, alt, with_steps=False))
                if entry["status"] != "history-impossible" or entry["chosen"]:
                    readings.append(entry)
            reason = PRESET_REASONS.get(pos.preset, {}).get(name)
            found.append({"option": name, "settles": spec.settles,
                          "source": cite(spec.settles) if spec.settles in RULES else None,
                          "question": spec.question, "chosen": current, "why_chosen": reason,
                          "readings": readings})
    return found


def _rerun(pos: Position, run: _Run, name: str, rules: Rules) -> _Run:
    """The position under other rules: from the point where the engine first read option
    ``name`` when that is known (the replay before it cannot differ), else from the start."""
    checkpoint = run.first.get(name)
    if checkpoint is None or run.lay is None:
        return _run(pos, rules)
    i, state, subst, steps, announced, facts, branched = checkpoint
    search = _Search(pos, rules, run.lay, dry=False)
    search.start = run.leaves[0].start.replace(rules=rules)
    search.walk(state.replace(rules=rules), i, subst, steps, announced, facts, branched)
    return _Run(search.leaves, search.failures, run.labels, frozenset(OPTIONS), {}, run.lay)


@functools.lru_cache(maxsize=512)
def _with_option(rules: Rules, name: str, value: str) -> Rules:
    return rules.with_options({name: value})


def _best_failure(failures: list[tuple[int, Problem]]) -> Problem:
    return max(failures, key=lambda f: f[0])[1]


# --------------------------------------------------------------------------- the claim


def _claim(pos: Position, outcomes: list[Outcome]) -> Optional[dict[str, Any]]:
    if pos.claim is None:
        return None
    diffs = []
    for o in outcomes:
        r = o.result
        ruled = {
            "loses": sorted(x["player"] for x in r["marks_lost"]),
            "gains": sorted(x["player"] for x in r["marks_gained"]),
            "out": sorted(set(r["out"])),
            "holds": r["holds"],
            "next": r["next"]["player"] if r["next"] else None,
            "next_dealer": r["next_dealer"] or (
                r.get("next_dealer_if_none_buys_back")
                if r.get("next_dealer_if_none_buys_back") == r.get("next_dealer_if_all_buy_back") else None),
            "winner": r["winner"],
        }
        for field, claimed in pos.claim.fields.items():
            actual = ruled[field]
            if field == "holds":
                actual = {n: actual.get(n) for n in claimed}
            if claimed != actual:
                diffs.append({"field": field, "claimed": claimed, "ruled": actual, "when": o.when})
    verdict = "upheld" if not diffs else "overruled"
    return {"by": pos.claim.by, "claimed": pos.claim.fields, "verdict": verdict, "differences": diffs}


# --------------------------------------------------------------------------- entry point


def adjudicate(pos: Position, readings: bool = True) -> Ruling:
    """Replay ``pos`` and rule on it (see the module docstring)."""
    run = _run(pos, pos.rules, record=readings)
    if not run.leaves:
        problem = _best_failure(run.failures) if run.failures else Problem("history", "$.history", "no ruling")
        return Ruling(False, [problem], pos.preset, pos.overrides, [], [], [], None, pos.players)
    outcomes = _group(pos, run)
    unknown = sorted(run.labels[p] for p in _varying(run))
    found = _readings(pos, run, outcomes) if readings else []
    return Ruling(True, [], pos.preset, pos.overrides, unknown, outcomes, found, _claim(pos, outcomes), pos.players)
