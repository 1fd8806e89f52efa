"""The replay: a position's history walked through the engine, checked against what the
table saw, branching where an unknown card decides (:mod:`.unknowns`).

Decisions (keep, offer, ask ...) become engine actions; what the table saw happen
(exchanges, announcements, marks paid, cards shown) is checked against what the rules
derive.  A branch that contradicts the history dies with a :class:`~cucu_ref.formats.position.Problem`
(its path and rule); the ruling reports the one that got furthest when every branch dies.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from types import MappingProxyType
from typing import Any, Callable, Iterable, Iterator, Mapping, NamedTuple, Optional

from ...game import cards as _cards
from ...game.cards import CUCCU, PACKS, Card
from ...game.deal import deal_places, fixed_deal_places
from ...game.engine import IllegalActionError, legal_actions, note_hint, rule_forbidding, step
from ...formats.position import DECISIONS, ROLE_CALL, VERB_OF, HistoryEvent, Position, Problem, pack_rule
from ...formats.vocabulary import call, display_label, display_name
from ...game.rulesets import HORSE, OPTIONS, PRESET_INFO, Rules, by_identity, open_options
from ...game.history import fold
from ...game.scoring import TIE_RULES
from ...game.state import DEAL_PHASES, Action, ActionKind, Event, EventKind, Phase, State, Via
from .layout import Layout, deal_starts, layout, substitute
from . import problems as T
from .model import MAX_WORK, Underdetermined, Unsupported, is_placeholder
from .unknowns import Know, Reasoner, dead_unknowns, live_unknowns

__all__ = ["Leaf", "Run", "Search", "run_position", "fails_at_next_decision", "replay_state", "describe_turn",
           "VERB_NAMES", "DEAL_PHASES", "lays_otherwise"]

A = ActionKind

Steps = tuple[tuple[Optional[int], tuple[Event, ...]], ...]  # (history index, events); None: the deal


class Fact(NamedTuple):
    kind: str  # 'exchange', 'announce', 'stack-exchange', 'dealer-exchange', 'pays'
    seat: int
    other: Optional[int] = None
    card: Optional[Card] = None
    rule: str = ""


class Leaf(NamedTuple):
    know: Know
    state: State
    steps: Steps
    start: State


Checkpoint = tuple[int, State, Know, Steps, int, Iterable[Fact]]


class Stuck(NamedTuple):
    """A branch whose showdown has too many combinations of unknown cards to split into cases
    (issue 24 §5): what it knows there, for the certain part of a partial ruling (``partial``)."""

    state: State  # before the step that reached the showdown
    after: State  # after it, as the engine stepped it (the unknown cards not yet scored)
    i: int  # the history entry of that step
    steps: Steps  # the steps through it (its events: those before the showdown's own happened)
    know: Know
    error: Underdetermined


class Run(NamedTuple):
    leaves: list[Leaf]
    failures: list[tuple[int, Problem]]
    lay: Layout
    reasoner: Reasoner
    read: frozenset[str]  # the rule options the engine read on the way (all of them if not recorded)
    first: Mapping[str, Optional[Checkpoint]] = MappingProxyType({})  # option -> checkpoint first read (linear)
    heard_all: bool = True  # were the announcements read as complete (see Search)?


def facts_of(action: Action, before: State, events: Iterable[Event]) -> list[Fact]:
    """What the table could see of one decision's events: the exchanges (with the card the
    asker got), the event cards shown (K9-K14, L7's inn), the cards taken from the stack or
    the talon (K8, K12, F4), the marks paid; in the events' order."""
    record = fold(tuple(events), before.hands)
    seen: list[tuple[int, Fact]] = []
    for m in record.moves:
        if m.kind == EventKind.EXCHANGE:
            seen.append((m.at, Fact("exchange", m.seat, m.other, m.took if m.other is not None else None, m.rule)))
        elif m.kind == EventKind.EXCHANGE_WITH_TALON:
            seen.append((m.at, Fact("stack-exchange", m.seat, None, None, m.rule)))  # F4: the last player and the talon
        elif m.kind == EventKind.EXCHANGE_WITH_STACK:
            kind = "dealer-exchange" if action.kind == A.EXCHANGE_WITH_STACK else "stack-exchange"
            seen.append((m.at, Fact(kind, m.seat, None, None, m.rule)))
    # L7: Lu Stù's innkeeper announces the inn ('Tingh la Cas ...') instead of 'fermatevi'
    seen.extend((s.at, Fact("announce", s.seat, s.asker, s.card, s.rule)) for s in record.stops
                if s.kind != EventKind.SKIP)
    seen.extend((m.at, Fact("pays", m.seat, None, None, m.rule)) for m in record.lost for _ in range(-m.amount))
    seen.sort(key=lambda timed: timed[0])  # (stable: one event's marks in their order)
    return [fact for _, fact in seen]


class _Facts:
    """:func:`facts_of` of one decision, worked out when first looked at: most histories write
    nothing the table saw between two decisions, and then nothing looks."""

    __slots__ = ("_args", "_facts")

    def __init__(self, action: Action, before: State, events: tuple[Event, ...]):
        self._args: Optional[tuple[Action, State, tuple[Event, ...]]] = (action, before, events)
        self._facts: list[Fact] = []

    def __iter__(self) -> Iterator[Fact]:
        if self._args is not None:
            self._facts = facts_of(*self._args)
            self._args = None
        return iter(self._facts)


def _at_deal_end(ev: Event, rules: Rules) -> bool:
    """Whether ``ev`` put a card into the stack at the end the next card is dealt from (K4 the
    bottom, L2 the top): L10's dead card goes under it, F4's talon card is its top (or, under Q16's
    alternative reading, near its bottom)."""
    bottom = rules.deal_from == "bottom"
    if ev.kind == EventKind.DEAD_CARD_UNDER_STACK:
        return bottom
    return ev.kind == EventKind.EXCHANGE_WITH_TALON and (rules.talon_card == "top") != bottom


def action_kinds(e: HistoryEvent) -> tuple[str, ...]:
    """The engine actions a history decision may be: its verb's (a generic 'act' names its own)."""
    return (e.kind,) if e.verb == "act" else DECISIONS[e.verb]  # type: ignore[return-value]


_ASKING = frozenset({EventKind.EXCHANGE, EventKind.EXCHANGE_WITH_STACK, EventKind.EXCHANGE_WITH_TALON})


def queried(before: State, after: State, events: tuple[Event, ...]) -> list[Card]:
    """The unknown cards whose role (C2) this step asked, in order: a card that had to be
    exchanged (K7, L8, Q9) or taken from the talon (F4) was no event card (but see
    :func:`inn_passes`)."""
    out: list[Card] = []

    def asked(card: Optional[Card]) -> None:
        if is_placeholder(card) and card not in out:
            out.append(card)  # type: ignore[arg-type]

    # a step that exchanged nothing asked nothing (most steps: the fold is left out, which the
    # search's every step would pay for)
    moved = any(ev.kind in _ASKING for ev in events)
    for m in fold(events, before.hands, after.hands).moves if moved else ():
        if m.kind == EventKind.EXCHANGE and m.other is not None:
            asked(m.took)  # the card the target gave up
        # F4: the talon's card, or S4: the card the dealer cuts from the stock, was no king
        elif m.kind == EventKind.EXCHANGE_WITH_TALON or (
                m.kind == EventKind.EXCHANGE_WITH_STACK and m.rule != before.rules.cites("horse-at-dealer")
                and _cuts_for_king(before)):
            asked(m.took)
    if after.phase == Phase.TARGET_DECIDE and events and events[-1].kind == EventKind.OFFER:
        asked(after.hands[after.actor])  # type: ignore[index]  # Q9 'yes': the target's card was checked: plain
    return out


def _cuts_for_king(state: State) -> bool:
    return getattr(state.rules, "dealer_draws_king", "") == "keeps-own"


def inn_passes(before: State, events: tuple[Event, ...]) -> set[Card]:
    """Unknown cards exchanged on Lu Stù's way back by a holder who got them by exchange: L8
    has an inn 'selbst durch Tausch erworben' exchanged too, so such a card may be the inn."""
    out: set[Card] = set()
    for ev in events:
        if ev.kind == EventKind.EXCHANGE and ev.rule == "L8" and ev.other is not None:
            path = before.custody[ev.other]
            c = before.hands[ev.other]
            if path and path[-1][1] != Via.DEALT and is_placeholder(c):
                out.add(c)  # type: ignore[arg-type]
    return out


class _Table:
    """The position and what the table saw, for the replay (:class:`Search`): the bookkeeping,
    the failures' messages and the binding of a card the table saw to the unknown card it is.
    (The replay is one class in five, each a concern and under 250 lines, issues 23 and 26:
    this, :class:`_Deals`, :class:`_Decisions`, :class:`_Checks` and :class:`Search`.)"""

    def __init__(self, pos: Position, rules: Rules, lay: Layout, heard_all: bool = True, prune: bool = True,
                 certain: bool = True):
        self.pos = pos
        self.rules = rules
        self.lay = lay
        self.reasoner = Reasoner(lay, rules, certain)  # (what a stuck showdown may score: the ruling's own run)
        self.names = pos.players
        self.leaves: list[Leaf] = []
        self.failures: list[tuple[int, Problem]] = []
        # the branches whose showdown had too many combinations to split (issue 24 §5): each
        # with what it knows up to there, for the certain part of a partial ruling (.partial)
        self.stuck: list[Stuck] = []
        # ``prune``: a branch whose showdown leaves a known card where the position gives another
        # ends there, its cases unexplored (:meth:`_Checks.held_otherwise`); ``doomed``: how many
        # so ended.  (Without it, for the failures of a position no branch of which rules: _searched)
        self.prune = prune
        self.doomed = 0
        self.work = 0
        self.starts = 0
        self.start: Optional[State] = None
        self.checkpoint: Optional[Checkpoint] = None
        # where the dealing depends on play (L10, F4), no deal place is fixed before play
        # (deal.fixed_deal_places) and the position's parse could not check a named dealt card:
        # the replay checks it against the engine's deal (:meth:`dealt_as_named`).  (Asked of
        # the rules themselves, not of a Recorder: this is no read of the engine's)
        real = rules._rules if isinstance(rules, Recorder) else rules
        self.real_rules = real  # (the deal's places and messages below ask these, never the Recorder)
        self.pack_rule = pack_rule(_cards.PACKS[real.pack], real)  # what the pack holds: C1, F1, R1, S1
        self.deal_rules: Optional[Rules] = None if fixed_deal_places(real) else real
        # with a partial order (or none) the layout left the named dealt cards to the replay:
        # each is laid where the engine deals its seat (:meth:`lay_named`), which checks it there
        self.named = lay.named
        self.laid: dict[Card, str] = {}  # an unknown card lay_named bound -> the path naming it
        if self.named:
            self.deal_rules = None
        # A targeted event card is announced (C2, K9), so an unknown card is read as an event card
        # only where the table wrote its call between the decision and the next one.  Where that
        # reading leaves no ruling, the replay is run again with the announcements taken as
        # incomplete (``heard_all = False``, self.heard None): then only what follows can tell.
        self.heard: Optional[list[frozenset[str]]] = None
        hist = pos.history
        if heard_all and lay.labels:
            # heard[j]: the calls written after entry j, before the next decision (one pass, backwards)
            heard: list[frozenset[str]] = [frozenset()] * len(hist)
            calls: frozenset[str] = frozenset()
            for j in range(len(hist) - 1, -1, -1):
                heard[j] = calls
                e = hist[j]
                if e.verb in DECISIONS or e.verb == "act":
                    calls = frozenset()
                elif e.verb == "announce" and e.role:
                    calls = calls | {e.role}
            self.heard = heard

    def fail(self, i: int, message: str, rule: Optional[str], path: Optional[str] = None) -> None:
        hist = self.pos.history
        if path is None:
            path = hist[i].path if i < len(hist) else "$.hands"
        # too many copies of a card is a fact about the position, not about the history (C1)
        layer = "meaning" if rule == self.pack_rule and "accounted for" in message else "history"
        self.failures.append((i, Problem(layer, path, message, rule)))

    def field_path(self, field: str, seat: int) -> str:
        return f"$.{field}[{json.dumps(self.name(seat), ensure_ascii=False)}]"

    def places(self, card: Card, know: Know) -> list[str]:
        """The entries of the position that hold ``card``, and the unknown cards bound to it."""
        pos = self.pos
        out = [e.path + ".card" for e in pos.history if e.card == card and e.verb in ("deal", "shows",
                                                                                       "dealer-exchange",
                                                                                       "stack-exchange")]
        out += [self.field_path("dealt", s) for s, c in pos.dealt.items() if c == card]
        if pos.stack_order is not None:
            out += [f"$.stack.order[{i}]" for i, c in enumerate(pos.stack_order) if c == card]
        out += [p for c, p in ((pos.stack_top, "$.stack.top"), (pos.stack_bottom, "$.stack.bottom")) if c == card]
        out += [f"$.stack.cards[{i}]" for i, c in enumerate(pos.stack_cards) if c == card]
        out += [self.field_path("hands", s) for s, c in pos.hands.items() if c == card]
        out += [self.field_path("shown", s) for s, c in pos.shown.items() if c == card]
        out += [T.ON_RECORD.format(label=self.lay.labels[ph]) for ph, c in know.subst.items()
                if c == card and ph in self.lay.labels and self.laid.get(ph) not in out]
        return list(dict.fromkeys(out))

    def name(self, seat: Optional[int]) -> str:
        return self.names[seat] if seat is not None and 0 <= seat < len(self.names) else "nobody"

    def card_text(self, card: Optional[Card], know: Know) -> str:
        card = know.subst.get(card, card) if card is not None else None
        if card is None:
            return T.NO_CARD
        if is_placeholder(card):
            return T.UNSEEN_CARD
        return self.word(card)

    def word(self, card: Card) -> str:
        """A card in a problem's words: the Cuccù pack's token ('VII', 'XII'); an ordinary pack's
        card as the game's source names it ('as', 'roi', F1: issue 24 §2), not its token ('A', 'K')."""
        rules = self.real_rules
        if PACKS[rules.pack].family == CUCCU:
            return _cards.format(card)
        return display_name(rules, card)

    def end_card(self, seat: int, after: int) -> Optional[tuple[Card, str, int, str]]:
        """The card the position gives for what ``seat`` holds at the showdown, where, and
        the index of the entry (``len(history)`` for the top-level fields)."""
        n = len(self.pos.history)
        if seat in self.pos.shown:
            return self.pos.shown[seat], T.WHAT_SHOWN_FIELD, n, self.field_path("shown", seat)
        if seat in self.pos.hands:
            return (self.pos.hands[seat], T.WHAT_HAND.format(player=self.name(seat)), n,
                    self.field_path("hands", seat))
        # the decision that ended the deal may name the card it took (K8's dealer-exchange), and so
        # may what the table saw it take (K12, F4: stack-exchange); cards stop moving at the showdown
        if after >= 1:
            e = self.pos.history[after - 1]
            if e.verb == "dealer-exchange" and e.seat == seat and e.card is not None:
                return e.card, T.WHAT_TAKEN, after - 1, e.path + ".card"
        for j in range(after, n):
            e = self.pos.history[j]
            if e.verb in DECISIONS or e.verb == "act":
                break
            if e.verb == "stack-exchange" and e.seat == seat and e.card is not None:
                return e.card, T.WHAT_TAKEN, j, e.path + ".card"
        for j in range(after, n):
            e = self.pos.history[j]
            if e.verb == "shows" and e.seat == seat and e.card is not None:
                return e.card, T.WHAT_SHOWN, j, e.path + ".card"
        return None

    def bind(self, state: State, seat: int, card: Card, know: Know, i: int,
             what: str, path: Optional[str] = None, rule: Optional[str] = None) -> Optional[tuple[State, Know]]:
        """The table says ``seat`` holds ``card`` now; ``rule``: the rule that put the card there
        (F4's talon, K12's horse ...), else the ruleset's own for the cards held (K9, F5 ...)."""
        held = state.hands[seat]
        if held is None:
            self.fail(i, T.HOLDS_NO_CARD.format(player=self.name(seat), what=what), self.real_rules.cites("showdown"),
                      path)
            return None
        if is_placeholder(held):
            bound = self.reasoner.bind(know, held, card)
            if bound is None:
                self.fail(i, *self.why_not(know, held, seat, card, what, path), path)
                return None
            return substitute(state, held, card), bound
        if held != card:
            if self.lay.dealer_three and seat == self.pos.dealer and state.custody[seat][-1][1] == Via.DEALT:
                self.fail(i, T.DEALER_KEEPS_HIGHEST.format(player=self.name(seat), card=self.word(card), what=what),
                          "F2", path)
                return None
            said = T.HOLDS_OTHER.format(player=self.name(seat), held=self.word(held), card=self.word(card),
                                        what=what)
            self.fail(i, said, rule or self.real_rules.cites("held"), path)
            return None
        return state, know

    def why_not(self, know: Know, ph: Card, seat: int, card: Card, what: str,
                path: Optional[str] = None) -> tuple[str, str]:
        r = self.reasoner
        said = {"player": self.name(seat), "card": self.word(card), "what": what,
                "label": self.lay.labels.get(ph, "an unknown card")}
        if card not in r.domain(know, ph):
            if card not in r.plain and r.domain(know, ph) <= r.plain:
                return T.NOT_AN_EVENT_CARD.format(**said), "C2"
            if self.lay.dealer_three:
                return T.NOT_ABOVE_THE_DEALERS.format(**said), "F2"
        return T.CANNOT_HOLD.format(**said, why=self.copies_elsewhere(card, know, path)), self.pack_rule

    def copies_elsewhere(self, card: Card, know: Know, path: Optional[str]) -> str:
        """C1's (F1's) reason a card cannot be where ``path`` puts it: every copy is at another place."""
        where = [p for p in self.places(card, know) if p != path]
        copies = 2 if self.reasoner.family == "cuccu" else 4
        return T.ELSEWHERE[bool(where), copies].format(places=", ".join(where), rule=self.pack_rule)

    def specific_rule(self, state: State, rule: str, know: Know) -> str:
        """The rule that states the case at hand, where it is more specific than the showdown's
        general one: two fools alone (Q10), whose reading's source says who loses (L6, Z9)."""
        if rule != state.rules.showdown_rule and rule not in TIE_RULES.values():  # (L3, R4: a tie)
            return rule
        live = [know.subst.get(c, c) for c in (state.hands[s] for s in state.order if not state.dead[s])
                if c is not None]
        if len(live) >= 2 and all(c is not None and c.is_fool for c in live):
            reading = next(r for r in OPTIONS["two_fools_alone"].readings if r.value == state.rules.two_fools_alone)
            return reading.source
        return rule

    def what_happened(self, facts: list[Fact], know: Know) -> str:
        if not facts:
            return T.NOTHING
        parts = []
        for f in facts:
            if f.kind == "exchange":
                parts.append(T.EXCHANGED.format(a=self.name(f.seat), b=self.name(f.other)))
            elif f.kind == "announce":
                parts.append(T.SHOWED.format(player=self.name(f.seat), card=self.card_text(f.card, know)))
            elif f.kind == "pays":
                parts.append(T.LOST_A_MARK.format(player=self.name(f.seat), rule=f.rule))
            else:
                parts.append(T.WITH_THE_STACK.format(player=self.name(f.seat)))
        return T.HAPPENED.format(events="; ".join(parts))


class _Deals(_Table):
    """Where the dealing depends on play (L10, F4, Q7's fresh card): the named dealt cards laid
    where the engine deals their seats, and checked against the engine's deal."""

    def lay_named(self, state: State, know: Know, events: tuple[Event, ...],
                  steps: Steps) -> Optional[tuple[State, Know, bool]]:
        """Where the dealing depends on play and the stack's order does not give it all
        (:attr:`Layout.named`): a seat dealt in ``events`` for the first time this deal, whose
        dealt card the position names, was dealt that card, so the place it came from held it.
        An unknown card there is bound to it (and so drawn from the unknown cards no more, C1);
        a card the position gives there (the stack's order, a dead card put under the stack,
        L10, the card put on the talon, F4), or one no copy is left of, refuses the named card.
        Returns ``state`` (the state before the step) with the bound cards put in, the knowledge,
        and whether an unknown card was bound; None if the named card cannot be there."""
        rebound = False
        for k, ev in enumerate(events):
            seat = ev.seat
            if ev.kind != EventKind.DEAL or seat is None or seat not in self.named:
                continue
            before = steps + ((None, events[:k]),)
            if any(e.kind == EventKind.DEAL and e.seat == seat for _, es in before for e in es):
                continue  # Q7: the re-entrant's fresh card, not the card he was dealt first
            card, path, i = self.named[seat]
            dealt = ev.card
            assert dealt is not None
            dealt = know.subst.get(dealt, dealt)
            if is_placeholder(dealt):
                bound = self.reasoner.bind(know, dealt, card)
                if bound is None:
                    what = T.WHAT_DEALT.format(player=self.name(seat))
                    self.fail(i, *self.why_not(know, dealt, seat, card, what, path), path)
                    return None
                know = bound
                state = substitute(state, dealt, card)
                self.laid[dealt] = path
                rebound = True
            elif dealt != card:
                self.fail(i, *self.dealt_otherwise(before, ev, card, dealt, know), path)
                return None
        return state, know, rebound

    def named_left(self, steps: Steps, know: Know) -> bool:
        """Is a copy left (C1) of each named dealt card whose seat the history does not reach
        (:meth:`lay_named` takes a copy for each seat it deals)?"""
        dealt = {ev.seat for _, evs in steps for ev in evs if ev.kind == EventKind.DEAL}
        left = self.reasoner.left(know)
        for seat, (card, path, i) in self.named.items():
            if seat in dealt:
                continue
            left[card] -= 1
            if left[card] < 0:
                self.fail(i, T.CANNOT_BE_DEALT.format(player=self.name(seat), card=self.word(card),
                                                      why=self.copies_elsewhere(card, know, path)),
                          self.pack_rule, path)
                return False
        return True

    def dealt_otherwise(self, steps: Steps, ev: Event, card: Card, dealt: Card, know: Know) -> tuple[str, str]:
        """Why ``ev``'s seat, whose dealt card the position names ``card``, was dealt the known
        card ``dealt`` instead: the place of the shuffled stack it came from, which only the
        stack's order gives where no play moved the stack (every place a deal may reach is an
        unknown card otherwise, layout; K4, L2), or the play that put it at the end the stack
        deals from (L10's dead card, F4's talon), and where the position gives that card."""
        rules = self.real_rules  # (no read of the engine's: a Recorder would log one)
        count = 0
        moved: Optional[Event] = None
        for _, evs in steps:
            for e in evs:
                if e.kind == EventKind.DEAL:
                    count += 1
                elif moved is None and _at_deal_end(e, rules):
                    moved = e
        name = self.name(ev.seat)
        if moved is None:
            at = deal_places(rules, count + 1, len(self.lay.stack))[count]
            rule = next(r.source for r in OPTIONS["deal_from"].readings if r.value == rules.deal_from)
            return T.ORDER_HOLDS.format(player=name, card=self.word(card), other=self.word(dealt), at=at), rule
        end = "bottom" if rules.deal_from == "bottom" else "top"
        return (T.PLAY_CHANGED[end].format(player=name, card=self.word(card), how=_how_moved(moved, self.name),
                                           rule=moved.rule, other=self.word(dealt),
                                           places=", ".join(self.places(dealt, know))), moved.rule)

    def dealt_as_named(self, steps: Steps, seat: int, card: Card, i: int, path: str) -> bool:
        """Where the dealing depends on play (:attr:`deal_rules`): is ``card``, which the position
        names as dealt to ``seat``, the card the engine dealt him (his last deal so far)?
        Checked only where the replay's card is evidence: the stack's order gives its place (no
        play put a card at the end it is dealt from before it, so K4's or L2's place holds), or
        the order gives the whole stack.  A seat not dealt yet is not checked (his next card)."""
        rules = self.deal_rules
        assert rules is not None
        found: Optional[tuple[Optional[Card], int, Optional[Event]]] = None  # (card, cards dealt before, moved)
        moved: Optional[Event] = None  # the first play that put a card at the end the stack deals from
        count = 0
        for _, evs in steps:
            for ev in evs:
                if ev.kind == EventKind.DEAL:
                    if ev.seat == seat:
                        found = (ev.card, count, moved)
                    count += 1
                elif ev.kind == EventKind.DEALER_KEEPS_HIGHEST and found is not None and ev.seat == seat:
                    found = (ev.card, found[1], ev)  # F2: the named card is the highest of his three
                elif moved is None and _at_deal_end(ev, rules):
                    moved = ev
        if found is None or found[0] == card:
            return True
        dealt, j, before = found
        assert dealt is not None
        order = self.pos.stack_order or ()
        at = deal_places(rules, j + 1, len(self.lay.stack))[j]
        name = self.name(seat)
        if before is None and at < len(order) and order[at] is not None:
            rule = next(r.source for r in OPTIONS["deal_from"].readings if r.value == rules.deal_from)
            self.fail(i, T.ORDER_HOLDS.format(player=name, card=self.word(card), other=self.word(dealt), at=at),
                      rule, path)
            return False
        if before is None or len(order) < len(self.lay.stack) or None in order:
            return True  # (a card the position does not place: the replay's stand-in is no evidence)
        end = "bottom" if rules.deal_from == "bottom" else "top"
        said = {"player": name, "card": self.word(card), "other": self.word(dealt), "rule": before.rule}
        if before.kind == EventKind.DEALER_KEEPS_HIGHEST:
            message = T.KEEPS_OF_THREE[end].format(**said)
        else:
            message = T.ORDER_AS_CHANGED[end].format(**said, how=_how_moved(before, self.name))
        self.fail(i, message, before.rule, path)
        return False


def _how_moved(moved: Event, name: Any) -> str:
    """How play put a card at the end of the stack the deal comes from (L10's dead card, F4's talon)."""
    how = T.DEAD_CARD_UNDER if moved.kind == EventKind.DEAD_CARD_UNDER_STACK else T.WITH_THE_TALON
    return how.format(who=name(moved.seat))


def _no_stack_exchange(rules: Rules, who: str) -> tuple[str, str]:
    """Why ``who`` took no card from the stack at this point, by the ruleset's own rule (issue
    24 §4): F4's talon takes only the last player's request, and none where its top card is a
    king; the horse at the dealer sends the offerer there (K12, L9, D4); else only the dealer
    goes to the stack, deciding last (K8, A4, R2, S4 ...).  ``rules``: the ruleset itself, not a
    Recorder (no reading of its open points is asked)."""
    if rules.last_request_to == "talon":
        return T.NO_TALON_HERE.format(who=who), "F4"
    if HORSE in rules.role_of.values():
        return T.NO_STACK_BUT_HORSE.format(who=who), rules.cites(HORSE)
    return T.NO_STACK_BUT_DEALER.format(who=who), rules.cites("dealer-exchange")


class _Decisions(_Deals):
    """A history's decisions matched to the engine's actions; where none is legal, why not, by
    the rule that forbids it (K5, K8, K17 ...)."""

    def action_for(self, state: State, e: HistoryEvent, i: int, facts: Iterable[Fact],
                   quiet: bool = False) -> Optional[Action]:
        kinds = action_kinds(e)
        legal = legal_actions(state)
        for a in legal:
            if a.kind in kinds and a.seat == e.seat:
                return a
        if quiet:
            return None
        who = self.name(e.seat)
        verb = e.verb if e.verb != "act" else (e.kind or "act")
        rules = state.rules
        if verb in ("buy-back", "decline") and state.phase != Phase.BUY_BACK:
            self.fail(i, *self.no_buy_back(state, e.seat, verb))
            return None
        if state.phase in (Phase.SHUFFLE, Phase.MATCH_OVER):
            cut = self.real_rules.cites("horse-at-dealer")
            horse = next((f for f in facts if f.kind == "stack-exchange" and f.rule == cut), None)
            if horse is not None:
                self.fail(i, T.HORSE_ENDS_ROUND.format(a=self.name(horse.seat), who=who, verb=verb, rule=cut), cut)
            elif verb == "dealer-exchange" and e.seat == self.pos.dealer:
                self.fail(i, T.DEALER_ONCE.format(who=who), rules.cites("dealer-last"))
            elif state.phase == Phase.MATCH_OVER:
                self.fail(i, T.MATCH_OVER.format(who=who, verb=verb), rules.cites("winner"))
            else:
                self.fail(i, T.DEAL_OVER.format(who=who, verb=verb), rules.cites("deal-over"))
            return None
        if self.pos.marks[e.seat] == 0 and state.phase != Phase.BUY_BACK:
            self.fail(i, T.OUT_OF_MATCH.format(who=who, verb=verb), rules.cites("out"))
            return None
        if e.seat != state.actor:
            self.fail(i, T.NOT_NOW.format(who=who, verb=verb, reason=describe_turn(state, self.names)),
                      rule_forbidding(state))
            return None
        options = ", ".join(VERB_NAMES.get(a.kind, a.kind) for a in legal)
        # the engine names the rule that forbids this very action (R2, A4, F4 ...)
        rule = rule_forbidding(state, Action(str(kinds[0]), e.seat))
        if rule == "K5" and e.seat == state.dealer and state.phase == Phase.DECIDE:
            rule = rules.cites("dealer-last")
        why = T.FORBIDDEN_BECAUSE.get(rule) if rule != "F4" or rules.dealer_takes == 3 else T.DEALER_KEEPS_DEALT
        if kinds[0] == A.OFFER and e.seat == state.dealer and rule == rules.cites("dealer-last") and (
                rule not in T.FORBIDDEN_BECAUSE or rule == "R2"):
            # (R2's dealer has not exchanged: his game's reason is that he decides last, K8, R2, S2)
            why = T.DEALER_NO_OFFER.format(rule=rule)
        if kinds[0] in (A.EXCHANGE, A.REFUSE_BY_PAYING) and state.phase != Phase.TARGET_DECIDE:
            rule = "Q9"
            why = T.TARGET_MAY_PAY if rules.refuse_by_paying == "yes" else T.TARGET_MUST_EXCHANGE
        elif kinds[0] == A.INN_ASK and rules.inn == "lu-stu":
            rule = "L7"
            why = T.LU_STU_INN
        said = {"who": who, "verb": verb, "options": options}
        self.fail(i, T.NOT_NOW_BECAUSE_OPEN.format(**said, reason=why) if why else T.NOT_NOW_OPEN.format(**said), rule)
        return None

    def no_buy_back(self, state: State, seat: int, verb: str) -> tuple[str, str]:
        """Why ``seat`` cannot decide on buying back now (K17, L11, Z10)."""
        rules = state.rules
        who = self.name(seat)
        rule = rules.cites("buy-back")
        if rules.buy_back == "none":  # the game's own rule (F5, S5 ...), else the reading's source (Z10)
            return T.NO_BUY_BACK.format(who=who, verb=verb), rules.cites("no-buy-back")
        went_out = any(seat in group for group in state.out_this_deal)
        if not went_out and state.marks[seat] > 0:
            return T.DID_NOT_GO_OUT.format(who=who, verb=verb), rule
        if rules.buy_back == "after-deal" and not any(v and m > 0 for v, m in zip(state.virgins, state.marks)):
            return T.NO_VIRGIN.format(who=who, verb=verb), "K17"
        return T.NOT_NOW.format(who=who, verb=verb, reason=describe_turn(state, self.names)), rule


class _Checks(_Decisions):
    """A history's observations (exchanges, announcements, marks paid, stack exchanges, cards
    shown) checked against what the rules derive, and the table talk (Z7) and deals it wrote
    (K4) noted."""

    def check(self, state: State, e: HistoryEvent, i: int, facts: Iterable[Fact], know: Know) -> Optional[list[Fact]]:
        """An observation: is it among the facts the last decision produced?  The facts left
        to check, or None (failed)."""
        rest = list(facts)
        if e.verb == "exchange":
            return self.check_exchange(e, i, rest, know)
        if e.verb == "announce":
            return self.check_announce(e, i, rest, know)
        if e.verb == "pays":
            paid = [f for f in rest if f.kind == "pays" and f.seat == e.seat]
            if len(paid) >= e.amount:
                for f in paid[: e.amount]:
                    rest.remove(f)
                return rest
            # the rule of the marks that were paid here (K11 after a hunter, the showdown's ...)
            rule = next((f.rule for f in paid), None) or next((f.rule for f in rest if f.kind == "pays"), "K15")
            rule = self.specific_rule(state, rule, know)
            self.fail(i, T.PAYS[min(len(paid), 2)].format(player=self.name(e.seat), n=len(paid), amount=e.amount,
                                                          happened=self.what_happened(rest, know)), rule)
            return None
        if e.verb == "stack-exchange":
            for f in rest:
                if f.kind == "stack-exchange" and f.seat == e.seat:
                    rest.remove(f)
                    return rest
            self.fail(i, *_no_stack_exchange(self.real_rules, self.name(e.seat)))
            return None
        return rest  # 'shows' is checked by binding the card

    def check_exchange(self, e: HistoryEvent, i: int, rest: list[Fact], know: Know) -> Optional[list[Fact]]:
        """An exchange the table saw (K7; K12: only a horse is skipped)."""
        name = self.name
        pair = {e.seat, e.other}
        for f in rest:
            if f.kind == "exchange" and {f.seat, f.other} == pair:
                rest.remove(f)
                return rest
        first = next((f for f in rest if f.kind == "exchange" and f.seat == e.seat), None)
        cut = self.real_rules.cites("horse-at-dealer")
        horse = next((f for f in rest if f.kind == "stack-exchange" and f.rule == cut), None)
        exchange = self.real_rules.cites("exchange")  # K7, or the game's own (F3, H1, R3, S3 ...)
        if first is not None and HORSE not in self.real_rules.role_of.values():
            self.fail(i, T.NEXT_NOT.format(a=name(e.seat), b=name(first.other), rule=exchange, c=name(e.other)),
                      exchange)
        elif first is not None:
            horse_rule = self.real_rules.cites(HORSE)  # the game's own (K12; Lu Stù's 'zumb', L9; D4)
            self.fail(i, T.SKIPS_HORSE.format(a=name(e.seat), b=name(first.other), rule=exchange, c=name(e.other),
                                              horse=self.role_card(HORSE)), horse_rule)
        elif horse is not None:
            self.fail(i, T.HORSE_MET.format(a=name(e.seat), b=name(e.other), c=name(horse.seat), rule=cut), cut)
        else:
            self.fail(i, T.CANNOT_HAVE_EXCHANGED.format(a=name(e.seat), b=name(e.other),
                                                        happened=self.what_happened(rest, know)), exchange)
        return None

    def check_announce(self, e: HistoryEvent, i: int, rest: list[Fact], know: Know) -> Optional[list[Fact]]:
        """An event card's call (C2, K9: it speaks when its holder is the target of an offer)."""
        name = self.name
        rules = self.real_rules
        role = e.role or "inn"
        call = self.call_of(role)
        for f in rest:
            if f.kind == "announce" and f.seat == e.seat:
                held_role = self.rules.role_of.get(f.card.value) if f.card is not None else None
                if held_role == e.role:
                    rest.remove(f)
                    return rest
                self.fail(i, T.SAYS_OTHER.format(player=name(e.seat), card=self.card_text(f.card, know),
                                                 says=self.call_of(held_role), call=call), self.call_rule(held_role))
                return None
        target = next((f for f in rest if f.kind == "exchange" and f.other == e.seat), None)
        if target is not None:
            card = target.card
            plain = is_placeholder(know.subst.get(card, card) if card is not None else None)
            # as a table says it: which card, which call, which rule (issue 24's review)
            self.fail(i, (T.PLAIN if plain else T.ORDINARY).format(
                player=name(e.seat), card=self.card_text(card, know), other=name(target.seat),
                exchange=rules.cites("exchange"), holder=self.role_card(role), call=call, rule=self.call_rule(role)),
                self.call_rule(role))
            return None
        self.fail(i, T.NOBODY_ASKED.format(player=name(e.seat)), self.real_rules.cites("event-card"))
        return None

    def call_of(self, role: Optional[str]) -> str:
        """The call of ``role``'s card as this game's source prints it ('zumb', L9; 'Gnau', Z5)."""
        if role is not None and role in self.real_rules.role_of.values():
            return call(self.real_rules, role)
        return ROLE_CALL.get(role or "", "?")

    def role_card(self, role: str) -> str:
        """The card that has ``role`` in this game, by its printed name ('XIII Zumb', 'roi')."""
        rules = self.real_rules
        value = next((v for v, r in rules.role_of.items() if r == role), None)
        if value is None:
            return "an event card"  # (no card of the game has it: a rule the game does not have)
        return display_label(rules, Card(PACKS[rules.pack].family, value))

    def call_rule(self, role: Optional[str]) -> str:
        """The rule of an event card's call, the game's own (K10-K14; Lu Stù's 'zumb' L9, Zeh's
        'Gnau' Z5, the digital game's D4-D6, F3's 'Kuckuck!', A1, H2, S3: issue 24 §2), else the
        rule that only an event card, when asked, says anything (C2, R3)."""
        rules = self.real_rules
        if role is not None and role in rules.role_of.values():
            return rules.cites(role)
        return rules.cites("event-card")

    def heard_after(self, i: int) -> frozenset[str]:
        assert self.heard is not None
        return self.heard[i]

    def hint(self, state: State, e: HistoryEvent, i: int, steps: Steps) -> Optional[tuple[State, Steps]]:
        """Z7: table talk noted at this point of the deal (not a decision, K20); what the last
        decision produced stays to be checked by the observations that follow."""
        try:
            state, events = note_hint(state, e.seat)
        except IllegalActionError as err:
            over = state.phase not in DEAL_PHASES
            # Z7 where the pack has fools (the hint is Zeh's rule, an option of every Cuccù game);
            # a pack without them has no rule of hints: the game's own for why not now (F5, S5 ...)
            rules = self.real_rules
            rule = (err.rule if rules.pack.startswith("cuccu")
                    else rules.cites("deal-over") if over else rules.cites("out"))
            self.fail(i, (T.HINT_OVER if over else T.HINT_NOT_SEATED).format(player=self.name(e.seat)), rule)
            return None
        return state, (steps + ((i, events),) if events else steps)

    def note_deal(self, state: State, e: HistoryEvent, i: int, steps: Steps, announced: int) -> Optional[int]:
        """A deal the table wrote (K4: round to the right, one card each, each after the previous
        player's decision; each game's own dealing rule, F2, R2, S2 ...): the seats dealt so far, or
        None if it cannot be here."""
        order = state.order
        # the game's own rule for the order of the deal (K4, D2, Z3, F2, H1, R2, S2), never
        # Campli's for another game (issue 24 §3)
        rule = self.real_rules.cites("shuffle")
        if e.seat not in order or order.index(e.seat) < announced:
            earlier = T.DEALT_EARLIER_LEFT if _plays_left(self.pos.preset) else T.DEALT_EARLIER
            where = T.DEALT_NOT_SEATED if e.seat not in order else earlier
            self.fail(i, where.format(player=self.name(e.seat)), rule)
            return None
        if state.hands[e.seat] is None and not state.dead[e.seat]:
            self.fail(i, T.NOT_DEALT_YET.format(player=self.name(e.seat)), rule)
            return None
        if (e.card is not None and self.deal_rules is not None
                and not self.dealt_as_named(steps, e.seat, e.card, i, e.path + ".card")):
            return None
        return order.index(e.seat) + 1

    def observe(self, state: State, e: HistoryEvent, i: int, facts: Iterable[Fact],
                know: Know) -> Optional[tuple[State, Know, list[Fact]]]:
        """What the table saw happen (checked against the last decision's facts), and a card it
        saw (shown, taken from the stack) bound where it is."""
        # the rule that moved the card the table saw taken from the stack (F4, K12, L9 ...)
        taken = next((f.rule for f in facts if f.kind == "stack-exchange" and f.seat == e.seat),
                     None) if e.verb == "stack-exchange" else None
        checked = self.check(state, e, i, facts, know)
        if checked is None:
            return None
        if e.verb in ("shows", "stack-exchange") and e.card is not None:
            if e.verb == "shows" and state.dead[e.seat]:
                self.fail(i, T.DEAD_NOT_SHOWN.format(player=self.name(e.seat)), self.real_rules.cites("showdown"))
                return None
            what = T.WHAT_SHOWN if e.verb == "shows" else T.WHAT_TAKEN
            bound = self.bind(state, e.seat, e.card, know, i, what, rule=taken)
            if bound is None:
                return None
            state, know = bound
        return state, know, checked

    def given_at_end(self, state: State, know: Know, steps: Steps) -> Optional[tuple[State, Know]]:
        """The cards 'shown' (K15: after the showdown, live hands only) and the 'hands' held at
        the end, bound to what this branch holds there."""
        end = len(self.pos.history)
        over = bool(self.pos.shown) and any(ev.kind == EventKind.SHOWDOWN for _, evs in steps for ev in evs)
        for seat, card in self.pos.shown.items():
            if not over:
                self.fail(end, T.NONE_SHOWN_YET.format(player=self.name(seat)), self.real_rules.cites("showdown"))
                return None
            if state.dead[seat]:
                self.fail(end, T.DEAD_NOT_SHOWN_FIELD.format(player=self.name(seat)), self.real_rules.cites("showdown"))
                return None
            bound = self.bind(state, seat, card, know, end, T.WHAT_SHOWN_FIELD,
                              self.field_path("shown", seat))
            if bound is None:
                return None
            state, know = bound
        for seat, card in self.pos.hands.items():
            if seat in state.order and state.hands[seat] is None and not state.dead[seat]:
                continue  # not dealt yet: the known card is his next one, nothing to check now
            bound = self.bind(state, seat, card, know, end, T.WHAT_HAND.format(player=self.name(seat)),
                              self.field_path("hands", seat))
            if bound is None:
                return None
            state, know = bound
        return state, know

    def bind_shown(self, state: State, after: State, i: int, know: Know,
                   live: list[Card]) -> Optional[tuple[State, Know, bool]]:
        """Bind the unknown live cards whose card the position gives at the end (K15: cards stop
        moving at the showdown), wherever that card started: the state, knowledge and whether
        any was bound; None where one cannot be there."""
        r = self.reasoner
        bound_any = False
        for ph in live:
            seat = after.hands.index(ph)
            given = self.end_card(seat, i + 1)
            if given is None:
                continue
            card, what, j, path = given
            bound = r.bind(know, ph, card)
            if bound is None:
                self.fail(j, *self.why_not(know, ph, seat, card, what, path), path)
                return None
            know = bound
            state = substitute(state, ph, card)
            bound_any = True
        return state, know, bound_any

    def held_otherwise(self, after: State, i: int) -> bool:
        """Whether a live seat holds a known card at the showdown ``after`` (step ``i``) where the
        position gives him another at the end (shown, his hand, the card he took: :meth:`end_card`).
        K15: the cards stop moving at the showdown, so no case of it can end as the position says
        (each fails when that card is bound, :meth:`given_at_end`, :meth:`observe`): a Coucou
        dealer's kept card enumerated by the layout (F2) reached the showdown once for each card,
        and each was split into its cases (issue 24 §5: 24 of the 26 showdowns of a deal of eight
        players with four cards unshown)."""
        for seat in after.order:
            card = after.hands[seat]
            if after.dead[seat] or card is None or is_placeholder(card):
                continue
            given = self.end_card(seat, i + 1)
            if given is not None and given[0] != card:
                return True
        return False


class Search(_Checks):
    """The walk: the history replayed through the engine from each way the deal may start
    (:func:`.layout.deal_starts`), branching where an unknown card decides (roles, legality,
    the showdown); its leaves are the branches that reach the end."""

    def run(self) -> None:
        for start in deal_starts(self.pos, self.rules, self.lay):
            self.starts += 1
            self.start = start.state
            know = Know(start.subst, start.domains, start.split)
            state = start.state
            if self.named:
                laid = self.lay_named(state, know, start.events, ())
                if laid is None:
                    continue
                state, know, _ = laid
            self.walk(state, 0, know, ((None, start.events),), 0, [])
        self.give_up_if_stuck()

    def give_up_if_stuck(self) -> None:
        """Every branch walked: where a showdown had too many combinations to split, the
        position is under-specified (``Underdetermined``), carrying the branches
        that got stuck and those that reached the end, for what is certain of them (.partial)."""
        if self.stuck:
            first = self.stuck[0].error
            names = tuple(dict.fromkeys(n for s in self.stuck for n in s.error.cards))
            raise Underdetermined(str(first), names, tuple(self.stuck), tuple(self.leaves))

    def tick(self) -> None:
        self.work += 1
        if self.work > MAX_WORK:
            names = tuple(self.lay.labels.values())
            raise Underdetermined(T.TOO_MUCH_WORK.format(n=MAX_WORK), names)

    def walk(self, state: State, i: int, know: Know, steps: Steps, announced: int, facts: Iterable[Fact]) -> None:
        """Replay the history from entry ``i`` on (each branch over unknown cards walks on
        from where it splits): decisions stepped through the engine, deals and hints noted,
        observations checked; a branch that reaches the end with everything the position
        gives bound is a :class:`Leaf`."""
        hist = self.pos.history
        while i < len(hist):
            e = hist[i]
            self.checkpoint = (i, state, know, steps, announced, facts)
            if e.verb in DECISIONS or e.verb == "act":
                decided = self.decide(state, e, i, know, steps, announced, facts)
                if decided is None:
                    return
                state, know, steps, facts, again = decided
                if again:
                    continue
            elif e.verb == "hint":
                hinted = self.hint(state, e, i, steps)
                if hinted is None:
                    return
                state, steps = hinted
            elif e.verb == "deal":
                dealt = self.note_deal(state, e, i, steps, announced)
                if dealt is None:
                    return
                announced = dealt
            else:
                observed = self.observe(state, e, i, facts, know)
                if observed is None:
                    return
                state, know, facts = observed
            i += 1
        self.finish(state, know, steps)

    def decide(self, state: State, e: HistoryEvent, i: int, know: Know, steps: Steps, announced: int,
               facts: Iterable[Fact]) -> Optional[tuple[State, Know, Steps, Iterable[Fact], bool]]:
        """A decision of the history stepped through the engine (branching where the step asks
        an unknown card): the state, knowledge, steps and facts after it, and whether to step
        the same decision again; None where this branch ends here (failed, or walked on)."""
        action = self.action_for(state, e, i, facts, quiet=True)
        if action is None:
            if not self.probe(state, e, i, know, steps, announced, facts):
                self.action_for(state, e, i, facts)
            return None
        self.tick()
        try:
            after, events = step(state, action)
        except IllegalActionError as err:
            self.fail(i, err.reason, err.rule)
            return None
        except NotImplementedError as err:
            raise Unsupported(str(err)) from None
        if self.named:
            laid = self.lay_named(state, know, events, steps)
            if laid is None:
                return None
            if laid[2]:
                # the engine dealt a named card's seat an unknown card and read it at once
                # (a target's role, K7): step again with the named card in its place
                return laid[0], laid[1], steps, facts, True
        if self.lay.labels:  # every card known: nothing to branch on
            branched = self.branch(state, after, events, i, know, steps, announced, facts)
            if branched is None:
                return None
            know = branched
        facts = _Facts(action, state, events)
        state = after
        steps = steps + ((i, events),)
        if e.card is not None and e.verb == "dealer-exchange":
            bound = self.bind(state, e.seat, e.card, know, i, "the card taken from the stack")
            if bound is None:
                return None
            state, know = bound
        return state, know, steps, facts, False

    def finish(self, state: State, know: Know, steps: Steps) -> None:
        """The end of the history: the named dealt cards (where the dealing depends on play) and
        the cards the position gives at the end checked and bound; what is left is a leaf."""
        hist = self.pos.history
        end = len(hist)
        if self.named and not self.named_left(steps, know):
            return
        if self.deal_rules is not None:
            named = {e.seat for e in hist if e.verb == "deal" and e.card is not None}
            for seat, card in self.pos.dealt.items():
                # (a history 'deal' naming the seat's card was checked where it stands)
                if seat not in named and not self.dealt_as_named(steps, seat, card, end,
                                                                 self.field_path("dealt", seat)):
                    return
        given = self.given_at_end(state, know, steps)
        if given is None:
            return
        state, know = given
        assert self.start is not None
        self.leaves.append(Leaf(know, state, steps, self.start))

    def branch(self, state: State, after: State, events: tuple[Event, ...], i: int, know: Know, steps: Steps,
               announced: int, facts: Iterable[Fact]) -> Optional[Know]:
        """Split the cases this step's unknown cards open.  Returns the knowledge of the branch
        that goes on with ``after`` as stepped (every asked card plain, the showdown's cards
        known), or None when every branch was walked here."""
        r = self.reasoner
        passes = inn_passes(state, events)
        # cards nobody announces: the talon's (F4) and the stock's (S4) king
        talon = {after.hands[ev.seat] for ev in events if ev.seat is not None and (
            ev.kind == EventKind.EXCHANGE_WITH_TALON
            or (ev.kind == EventKind.EXCHANGE_WITH_STACK and ev.rule != self.real_rules.cites("horse-at-dealer")))}
        for ph in queried(state, after, events):
            event_branches, plain = r.role_branches(know, ph, inn_too=ph in passes)
            for card, k2 in event_branches:
                if (self.heard is not None and ph not in talon
                        and self.rules.role_of[card.value] not in self.heard_after(i)):
                    continue  # an event card speaks when targeted (C2, K9): the table heard none
                    # (the talon's king says nothing, F4)
                self.walk(substitute(state, ph, card), i, k2, steps, announced, facts)
            if plain is None:
                return None
            know = plain
        if not any(ev.kind == EventKind.SHOWDOWN for ev in events):
            return know
        return self.showdown(state, after, i, know, steps + ((i, events),), announced, facts)

    def showdown(self, state: State, after: State, i: int, know: Know, through: Steps, announced: int,
                 facts: Iterable[Fact]) -> Optional[Know]:
        """The showdown's unknown live cards (and, under Q4 'any-hand', dead fools): bound where
        the position gives them, else split into the cases that score alike
        (:meth:`.unknowns.Reasoner.showdown_cases`), each walked on.  Returns the knowledge of
        the branch that goes on with ``after`` as stepped, or None.  ``through``: the steps with
        this one (its events), kept where the cards are too many to split (``Stuck``)."""
        r = self.reasoner
        steps = through[:-1]
        live = live_unknowns(after)
        shown = self.bind_shown(state, after, i, know, live)
        if shown is None:
            return None
        state, know, bound_any = shown
        if self.prune and self.held_otherwise(after, i):
            self.doomed += 1
            return None
        if bound_any:
            self.walk(state, i, know, steps, announced, facts)
            return None
        # Q4 'any-hand': a dead unknown card counts as the fool or not; Q4 read only where one
        # may be the fool (an option read is re-run under its other readings, Recorder)
        fools = r.fool is not None
        dead = [ph for ph in dead_unknowns(after) if fools and r.fool in r.possible(know, ph)]
        if dead and self.rules.fools_in_play != "any-hand":
            dead = []
        if not live and not dead:
            return know
        go_on: Optional[Know] = None
        try:
            cases = r.showdown_cases(know, after, live, dead)
        except Underdetermined as err:
            # a branch whose showdown comes while the history still has decisions of the deal
            # to go is not the deal the table played: it dies, however its cards would score
            later = next((j for j in range(i + 1, len(self.pos.history))
                          if self.pos.history[j].verb in DECISIONS
                          and self.pos.history[j].verb not in ("buy-back", "decline")), None)
            if later is not None:
                e = self.pos.history[later]
                self.fail(later, T.DEAL_OVER.format(who=self.name(e.seat), verb=e.verb),
                          self.real_rules.cites("deal-over"))
                return None
            # the other branches are walked on: what is certain holds in each (issue 24 §5)
            self.stuck.append(Stuck(state, after, i, through, know, err))
            return None
        for subst, _narrowed, k2 in cases:
            if not subst:
                go_on = k2  # only dead cards, none the fool: the stepped showdown scored them so
                continue
            st = state
            for ph, card in subst.items():
                st = substitute(st, ph, card)
            self.walk(st, i, k2, steps, announced, facts)
        return go_on

    def probe(self, state: State, e: HistoryEvent, i: int, know: Know, steps: Steps, announced: int,
              facts: Iterable[Fact]) -> bool:
        """A decision the actor's card forbids as an unknown card may be allowed by some cards
        (A4: the dealer exchanges with the talon only after receiving an ace): branch on those."""
        if state.actor != e.seat or state.phase != Phase.DECIDE:
            return False
        ph = state.hands[e.seat]
        if not is_placeholder(ph):
            return False
        assert ph is not None
        kinds = action_kinds(e)
        found = False
        for card in self.reasoner.possible(know, ph):
            trial = substitute(state, ph, card)
            if any(a.kind in kinds for a in legal_actions(trial)):
                bound = self.reasoner.bind(self.reasoner.split_on(know, ph), ph, card)
                if bound is not None:
                    found = True
                    self.walk(trial, i, bound, steps, announced, facts)
        return found


VERB_NAMES = VERB_OF  # each engine decision's verb, as a position writes it (formats.position.DECISIONS)


def describe_turn(state: State, names: tuple[str, ...]) -> str:
    who = names[state.actor] if state.actor is not None else "nobody"
    options = " or ".join(VERB_NAMES.get(a.kind, a.kind) for a in legal_actions(state))
    offerer = names[state.target] if state.target is not None else "the offerer"
    return T.TURNS[_turn_of(state)].format(who=who, options=options, offerer=offerer)


def _turn_of(state: State) -> str:
    """Which of :data:`.problems.TURNS` says whose decision it is, by the phase of the deal."""
    if state.phase == Phase.INN_OFFERER:
        return "inn-offerer"
    if state.phase == Phase.INN_KEEPER:
        return "lu-stu-inn" if state.rules.inn == "lu-stu" else "inn-keeper"
    if state.phase == Phase.DECIDE_BACKWARD:
        return "way-back"
    if state.phase == Phase.TARGET_DECIDE:
        return "target"
    return "buy-back" if state.phase == Phase.BUY_BACK else "next"


# --------------------------------------------------------------------------- one run under one ruleset


class _NotedOption:
    """One rule option as a :class:`Recorder` reads it: the first read notes the option (with its
    checkpoint) and keeps the value on the recorder, which shadows this descriptor from then on
    (it defines no ``__set__``), so later reads cost what a field's does."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __get__(self, recorder: Optional["Recorder"], owner: Any = None) -> Any:
        if recorder is None:
            return self
        return recorder.note(self.name)


class Recorder:
    """A :class:`Rules` value for the engine to read that notes which rule options it reads.

    The engine is a pure function of the state and the rules: an option it never read while
    replaying a position cannot change that position's ruling, so only the options read are
    re-run under their other readings.  The interface is declared, not caught: each option of
    :data:`~cucu_ref.game.rulesets.OPTIONS` that may be re-run (``watch``, by default all) is a
    :class:`_NotedOption` of the recorder's class, noted at its first read; every other field of
    the ruleset, and what the ruleset derives from its fields (``citation_of``, ``cites``,
    ``role_of`` ...), is an attribute of that class, made once per ruleset and set of options
    watched (reading it costs no call, and a recorder copies none of them: a batch makes one or
    two recorders a position); any other name is an ``AttributeError``.  Only the first read of
    an option is noted (with its checkpoint); the value is then kept on the recorder."""

    def __new__(cls, rules: Rules, watch: Optional[frozenset[str]] = None) -> "Recorder":
        watched = frozenset(OPTIONS) if watch is None else watch
        return object.__new__(by_identity(_KINDS, rules, watched, lambda: _recorder_class(cls, rules, watched), 64))

    def __init__(self, rules: Rules, watch: Optional[frozenset[str]] = None):
        self._rules = rules
        self._read: set[str] = set()
        self.search: Optional[Search] = None
        self.first: dict[str, Optional[Checkpoint]] = {}  # option -> the checkpoint that first read it

    def note(self, name: str) -> Any:
        """The first read of the option ``name``: noted, and its value kept on the recorder."""
        self._read.add(name)
        self.first[name] = self.search.checkpoint if self.search is not None else None
        value = getattr(self._rules, name)
        self.__dict__[name] = value
        return value


# (id of the rules, the options watched) -> (the rules, the Recorder class that reads them)
_KINDS: dict[Any, tuple[Rules, Any]] = {}
# the names a recorder keeps for itself (no field of a ruleset may take them)
_OWN = frozenset({"_rules", "_read", "search", "first", "note"})


def _plays_left(preset_name: str) -> bool:
    """Play goes to the left in ``preset_name`` (R2, S2: PRESET_INFO's direction)."""
    info = PRESET_INFO.get(preset_name)
    return info is not None and info.direction == "left"


_WATCHED: dict[Any, tuple[Rules, Any]] = {}


def _watched(preset_name: str, rules: Rules) -> frozenset[str]:
    """The options a ruling under ``rules`` may re-run: the preset's open points as they follow
    the position's overrides (:func:`~cucu_ref.game.rulesets.open_options`)."""
    return by_identity(_WATCHED, rules, preset_name, lambda: frozenset(open_options(preset_name, rules)), 256)


def _recorder_class(base: type[Recorder], rules: Rules, watch: frozenset[str]) -> type[Recorder]:
    """The :class:`Recorder` of ``rules`` watching ``watch``: the fields outside ``watch`` and what
    the ruleset derives from them as class attributes (a value that would bind as a method, a
    function kept in a field, as a static one), each option watched as a :class:`_NotedOption`."""
    fields = _fields_outside(rules, watch)
    clash = _OWN & (fields.keys() | watch)
    if clash:  # pragma: no cover - a ruleset's field named as the recorder's own
        raise TypeError(f"a ruleset's field shadows the Recorder's own: {sorted(clash)}")
    attrs: dict[str, Any] = {name: staticmethod(value) if hasattr(type(value), "__get__") else value
                             for name, value in fields.items()}
    attrs.update((name, _NotedOption(name)) for name in sorted(watch))
    return type("Recorder", (base,), attrs)


def _fields_outside(rules: Rules, watch: frozenset[str]) -> dict[str, Any]:
    """The fields of ``rules`` outside ``watch`` and what the engine derives from the ruleset."""
    fields = {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules) if f.name not in watch}
    # and what the engine derives from them (role_of, citation_of, cites ...): pure functions
    # of the frozen ruleset, so their values stand for them
    for name, member in vars(type(rules)).items():
        if name.startswith("_") or name in watch or name in fields:
            continue
        if isinstance(member, (property, functools.cached_property)) or callable(member):
            try:
                fields[name] = getattr(rules, name)
            except Exception:  # pragma: no cover - left to the first read, which raises it
                continue
    return fields


def run_position(pos: Position, rules: Rules, record: bool = False, heard_all: bool = True,
                 fallback: bool = True, certain: bool = True) -> Run:
    """Walk ``pos`` under ``rules``; with ``record``, note the options the engine read.
    ``heard_all = False`` takes the announcements as incomplete from the start (see :class:`Search`);
    ``fallback``: where reading them as complete leaves no ruling, read them as incomplete;
    ``certain``: a showdown with too many combinations works out what it may score (False: a
    re-run under another reading, of which only whether it rules is asked; never with ``record``,
    the ruling's own run)."""
    lay = layout(pos, rules)
    if not record:
        search = _searched(lambda prune: Search(pos, rules, lay, heard_all=heard_all, prune=prune, certain=certain))
        if not search.leaves and lay.labels and heard_all and fallback:
            heard_all = False
            search = _searched(lambda prune: Search(pos, rules, lay, heard_all=False, prune=prune, certain=certain))
        return Run(search.leaves, search.failures, lay, search.reasoner, frozenset(OPTIONS), heard_all=heard_all)
    # the options open_questions may re-run: the preset's open points as they follow the
    # position's overrides (every option for another ruleset)
    watch = _watched(pos.preset, rules)
    recorder = Recorder(rules, watch)
    search = _recorded(pos, recorder, lay, heard_all)
    if not search.leaves and lay.labels and heard_all and fallback:
        heard_all = False
        recorder = Recorder(rules, watch)
        search = _recorded(pos, recorder, lay, heard_all)
    leaves = [Leaf(leaf.know, with_rules(leaf.state, rules), leaf.steps, with_rules(leaf.start, rules))
              for leaf in search.leaves]
    linear = len(leaves) == 1 and not leaves[0].know.split and search.starts == 1
    # the checkpoints' states hold the recorder as their rules (rerun_from gives them the rules
    # it re-runs under): the recorder lets go of them, so that there is no cycle through it
    first = recorder.first if linear else {}
    recorder.first = {}
    return Run(leaves, search.failures, lay, Reasoner(lay, rules), frozenset(recorder._read),
               first, heard_all)


def _searched(make: Callable[[bool], Search], walk: Callable[[Search], None] = Search.run) -> Search:
    """The search ``make(prune)`` walked by ``walk``.  Where no branch rules and some ended at a
    showdown that leaves a known card where the position gives another (:meth:`_Checks.held_otherwise`),
    it is walked again without ending them there: the failure the position is told is chosen
    among every branch's (best_failure: the branch that got furthest), as the walk gives them.
    (A ruling's leaves are the same either way: no case of such a showdown reaches the end.)"""
    search = make(True)
    walk(search)
    if not search.leaves and search.doomed:
        search = make(False)
        walk(search)
    return search


def _recorded(pos: Position, recorder: "Recorder", lay: Layout, heard_all: bool) -> Search:
    """:func:`_searched` with the engine's reads noted by ``recorder``."""

    def make(prune: bool) -> Search:
        search = Search(pos, recorder, lay, heard_all=heard_all, prune=prune)  # type: ignore[arg-type]
        recorder.search = search
        return search

    try:
        return _searched(make)
    finally:
        recorder.search = None  # no cycle (recorder <-> search): the run is freed as soon as it is dropped


def with_rules(state: State, rules: Rules) -> State:
    """``state`` played under ``rules`` (the adjudicator's :class:`Recorder`, or the rules a
    checkpoint is re-run under)."""
    return state.replace(rules=rules)


def rerun_from(pos: Position, run: Run, name: str, rules: Rules) -> Run:
    """The position under other rules: from the point where the engine first read option
    ``name`` when that is known (the replay before it cannot differ), else from the start."""
    checkpoint = run.first.get(name)
    if checkpoint is None or not run.leaves or run.lay.labels or lays_otherwise(pos, rules):
        # the same reading of the announcements as the ruling's own run: another reading of an
        # open point is judged on the same record
        return run_position(pos, rules, heard_all=run.heard_all, fallback=False, certain=False)
    i, state, know, steps, announced, facts = checkpoint

    def make(prune: bool) -> Search:
        search = Search(pos, rules, run.lay, prune=prune, certain=False)
        search.start = with_rules(run.leaves[0].start, rules)
        search.starts = 1
        return search

    def walk(search: Search) -> None:
        search.walk(with_rules(state, rules), i, know, steps, announced, facts)
        search.give_up_if_stuck()

    search = _searched(make, walk)
    return Run(search.leaves, search.failures, run.lay, search.reasoner, frozenset(OPTIONS))


def lays_otherwise(pos: Position, rules: Rules) -> bool:
    """Whether ``rules`` lay the cards before the deal otherwise than the position's own rules,
    whose run the checkpoints were taken on: where one of the two deals from places of the
    stack that depend on play (Q7's fresh card, deal.fixed_deal_places) it lays the named dealt
    cards during the replay and keeps the places a deal may reach unknown, where the other lays
    them at places fixed before play.  Then a re-run under ``rules`` starts from the start."""
    return fixed_deal_places(rules) != fixed_deal_places(pos.rules)


def fails_at_next_decision(pos: Position, run: Run, name: str, rules: Rules) -> bool:
    """Whether :func:`rerun_from` under ``rules`` would find the history of a run whose cards
    are all known impossible by the first decision the history writes after the step that
    first read option ``name``: the step itself refused, or the next decision none the engine
    allows (Q2 'always': the targeted card's holder takes his turn, S3, where the history has
    the next player decide).  One engine step, where the re-run walks on from the same
    checkpoint; what the history writes between two decisions (deals, observations, hints)
    checks the step and changes no turn.  False where this cannot tell (no decision after
    it, a reading the engine does not build): the re-run decides."""
    assert not run.lay.labels, "every card known: the run took one path, and nothing is probed"
    checkpoint = run.first.get(name)
    if checkpoint is None:
        return False
    i, state, _, _, _, _ = checkpoint
    hist = pos.history
    kinds = action_kinds(hist[i])  # (the engine reads the rules only stepping a decision)
    state = with_rules(state, rules)
    action = next((a for a in legal_actions(state) if a.kind in kinds and a.seat == hist[i].seat), None)
    if action is None:
        return True
    try:
        after, _ = step(state, action)
    except IllegalActionError:
        return True
    except NotImplementedError:
        return False  # (the re-run reports the reading as not built)
    e = next((e for e in hist[i + 1:] if e.verb in DECISIONS or e.verb == "act"), None)
    if e is None:
        return False
    kinds = action_kinds(e)
    return not any(a.kind in kinds and a.seat == e.seat for a in legal_actions(after))


def replay_state(pos: Position) -> State:
    """The state a fully known position's history leads to (the inverse of
    :func:`cucu_ref.formats.position.position_from_replay`).  Raises ValueError if the history is illegal
    or a card is unknown."""
    run = run_position(pos, pos.rules)
    if not run.leaves:
        raise ValueError("; ".join(f"{p.path}: {p.message}" for _, p in run.failures) or "no ruling")
    if len(run.leaves) != 1 or run.lay.labels:
        raise ValueError("the position leaves cards unknown")
    return run.leaves[0].state
