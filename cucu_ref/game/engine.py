"""The pure engine: ``step(state, action) -> (state, events)`` and ``legal_actions``.

No I/O, no globals, no randomness: the shuffle is an action that carries the
stack (see :func:`shuffled_stack` for a seeded one).  Every event names the rule
that caused it.  Options of the ruleset steer every branch; preset names never do.

How a step works: :func:`step` checks the action against ``_legal_kinds`` (the one
place that says whose decision it is and what he may do), copies the state into a
``_Step`` scratch, runs the decision's method, and freezes the scratch into the new
:class:`~cucu_ref.game.state.State`.  The mutation never leaves the call, so every State stays
an immutable value, while the rules read as plain sequential code.  Where each rule lives:

=================================  ============================================================
the shuffle and the deal (K4, L2)  ``_start_deal``, ``_Step.deal_to``, ``_Step.advance``
keep and offer (K5, K7, K8)        ``_Step.keep``, ``_Step.offer``, ``_Step.go_to_stack``
a request and the event cards      ``_Step.request`` (K10 cuckoo, K11 hunter, K12 horse,
                                   K13 cat, K14 inn), ``_Step.request_talon`` (F4)
the cat (K13, L8, Z5)              ``_Step.cat``; K13's undo: ``_Step.undo_chain``;
                                   L8's way back: ``_Step.backward``
the inn (K14, L7, D6)              ``_Step.inn_keep``, ``_Step.inn_ask``, ``_Step.inn_answer``
marks, going out (K15, K16, L10)   ``_Step.lose_mark``, ``_Step.gain_mark``
buying back (K17, L11, Q1, Q7)     ``_Step.went_out``, ``_Step.buy_back_decision``,
                                   ``_Step.reenter_during_deal``
the showdown and the next deal     ``_Step.showdown`` (scoring: :mod:`cucu_ref.game.scoring`),
(K15, K18, K2, K3)                 ``_Step.everybody_out``, ``_Step.next_deal``
=================================  ============================================================

The facts the cat's undo (K13) and the way back (L8) need are the cards' custody
(``State.custody``): per seat, who held the card he holds now and how it came.  Nothing
derived from card values is kept in a State, so a caller may substitute cards in ``hands``
and ``stack`` (``State._replace``) and play on.
"""

from __future__ import annotations

import random
from functools import partial
from itertools import repeat, starmap
from typing import Any, Callable, Iterable, Optional, Sequence

from .cards import PACKS, Card
from .rulesets import CAT, CUCKOO, HORSE, HUNTER, INN, Rules, table_rules
from .deal import seating_by_draw, seats_around
from .scoring import evaluate, live_marks
from .state import DEAL_PHASES, Action, ActionKind, Custody, Event, EventKind, Phase, State, Via

__all__ = [
    "IllegalActionError",
    "new_match",
    "seat_by_draw",
    "shuffled_stack",
    "step",
    "legal_actions",
    "is_chance",
    "note_hint",
    "rule_forbidding",
    "play",
]

A = ActionKind

# The event kinds bound once as module constants: on Python 3.11 each read of an enum's class
# attribute goes through EnumType.__getattr__ (270 ns against 62 ns for a plain class's, measured
# here), and a step emits about three events (bench_engine: 4-8 % of a step).
_EV_SHUFFLE = EventKind.SHUFFLE
_EV_DEAL = EventKind.DEAL
_EV_DEALER_KEEPS_HIGHEST = EventKind.DEALER_KEEPS_HIGHEST
_EV_KEEP = EventKind.KEEP
_EV_OFFER = EventKind.OFFER
_EV_EXCHANGE = EventKind.EXCHANGE
_EV_ARRESTO = EventKind.ARRESTO
_EV_SKIP = EventKind.SKIP
_EV_UNDO = EventKind.UNDO
_EV_FERMATEVI = EventKind.FERMATEVI
_EV_INN_BARGAIN = EventKind.INN_BARGAIN
_EV_KEEP_AFTER_FERMATEVI = EventKind.KEEP_AFTER_FERMATEVI
_EV_ASK_PAGHERAI_SE_NULL = EventKind.ASK_PAGHERAI_SE_NULL
_EV_ACCEPT = EventKind.ACCEPT
_EV_REFUSE = EventKind.REFUSE
_EV_OFFER_BACK = EventKind.OFFER_BACK
_EV_WAY_BACK_ENDS = EventKind.WAY_BACK_ENDS
_EV_HINT = EventKind.HINT
_EV_EXCHANGE_WITH_STACK = EventKind.EXCHANGE_WITH_STACK
_EV_EXCHANGE_WITH_TALON = EventKind.EXCHANGE_WITH_TALON
_EV_STACK_KING = EventKind.STACK_KING
_EV_TALON_KING = EventKind.TALON_KING
_EV_DEAD_CARD_UNDER_STACK = EventKind.DEAD_CARD_UNDER_STACK
_EV_SHOWDOWN = EventKind.SHOWDOWN
_EV_MARK_LOST = EventKind.MARK_LOST
_EV_MARK_GAINED = EventKind.MARK_GAINED
_EV_OUT = EventKind.OUT
_EV_BUY_BACK_OFFER = EventKind.BUY_BACK_OFFER
_EV_BUY_BACK = EventKind.BUY_BACK
_EV_DECLINE_BUY_BACK = EventKind.DECLINE_BUY_BACK
_EV_JOINT_WINNER = EventKind.JOINT_WINNER
_EV_KEEP_LAST_LIFE = EventKind.KEEP_LAST_LIFE
_EV_RESTART = EventKind.RESTART
_EV_DRAW = EventKind.DRAW
_EV_WINNER = EventKind.WINNER
_EV_NEXT_DEALER = EventKind.NEXT_DEALER


class IllegalActionError(ValueError):
    """An action the rules do not allow in this state; names the rule."""

    def __init__(self, message: str, rule: str):
        super().__init__(f"{message} [{rule}]")
        self.rule = rule
        self.reason = message


# Values built from a tuple of their fields without the keyword handling of the named
# tuples' own constructors: a step builds one State and several Events.
_new_state: Callable[[tuple[Any, ...]], State] = partial(tuple.__new__, State)
_new_event: Callable[[tuple[Any, ...]], Event] = partial(tuple.__new__, Event)


# --------------------------------------------------------------------------- set-up


def new_match(rules: Rules, players: Sequence[str], dealer: int = 0) -> State:
    """A match about to begin: everybody has paid the stake and holds the starting marks (K1)."""
    n = len(players)
    if not rules.min_players <= n <= rules.max_players:
        raise ValueError(f"{rules.name} is played by {rules.min_players} to {rules.max_players} players, not {n}")
    if len(set(players)) != n:
        raise ValueError("player names must be distinct")
    if not 0 <= dealer < n:
        raise ValueError(f"dealer seat {dealer} is not at the table")
    rules = table_rules(rules, n)  # F1's piquet pack below seven, L5's pack without fools
    return State(
        rules=rules,
        players=tuple(players),
        marks=(rules.initial_marks,) * n,
        virgins=(True,) * n,
        dealer=dealer,
        pot=rules.stake * n,
        eliminations=0,
        reentries=0,
        deal_number=0,
        phase=Phase.SHUFFLE,
        actor=None,
        target=None,
        order=(),
        cursor=0,
        stack=(),
        hands=(None,) * n,
        custody=((),) * n,
        dead=(False,) * n,
        guarantees=(),
        hinted=(),
        out_this_deal=(),
        pending=(),
        winner=None,
    )


def seat_by_draw(rules: Rules, names: Sequence[str], seed: int) -> tuple[tuple[str, ...], int, tuple[Card, ...]]:
    """K2: each draws one card from a set of one card per rank; the highest deals and
    the others sit in descending order to his right.  Returns (players in play order,
    dealer seat, the cards drawn in that order).  Ties cannot happen: one card per rank."""
    pack = PACKS[rules.pack]
    deck = [Card(pack.family, v) for v in pack.values]
    rng = random.Random(seed)
    drawn = rng.sample(deck, len(names))
    # the seats as the draw gives them, the dealer last (deal.seating_by_draw: K2, Q15)
    seated = seating_by_draw(rules, drawn)
    return tuple(names[k] for k in seated), len(names) - 1, tuple(drawn[k] for k in seated)


def shuffled_stack(rules: Rules, seed: "int | random.Random") -> tuple[Card, ...]:
    """The whole pack in an order fixed by ``seed`` (an int, or a ``random.Random`` to draw
    from), top first."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    cards = _PACK_CARDS[rules.pack]
    # a uniform permutation: sort by independent uniform keys (ties have probability ~2^-53);
    # about twice as fast as random.shuffle.  The keys are drawn one per card in the pack's
    # order, by ``next(keys, card)``, which returns the next key (a lambda calling rng.random
    # gives the same keys, a third slower)
    keys = starmap(rng.random, repeat((), len(cards)))
    return _SHUFFLED[rules.pack](sorted(cards, key=partial(next, keys)))


_PACK_CARDS = {name: pack.cards for name, pack in PACKS.items()}  # (Pack.cards, without its cache's lookup)


class _Shuffled(tuple[Card, ...]):
    """A stack :func:`shuffled_stack` made: a tuple (equal to, hashed and printed like the plain
    tuple of its cards, no fields of its own) whose type says it holds exactly the cards of one
    pack, so ``_start_deal`` need not check C1 again.  One subclass per pack (``_SHUFFLED``):
    a stack made for one pack and shuffled into a game of another (F1's piquet pack) is
    checked.  Any other stack, a plain tuple, a list, one rebuilt from JSON or substituted with
    ``State._replace``, is checked as before.  Pickled or copied it becomes a plain tuple (it
    carries no promise out of the process), and slicing it gives plain tuples, so no State
    holds one."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return tuple, (tuple(self),)


_SHUFFLED: dict[str, type[_Shuffled]] = {
    name: type(f"_Shuffled[{name}]", (_Shuffled,), {"__slots__": ()}) for name in PACKS
}


# --------------------------------------------------------------------------- queries


def is_chance(state: State) -> bool:
    """True when the next action is the shuffle (chance), not a player's decision."""
    return state.phase == Phase.SHUFFLE


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal decision now.  Empty for a chance node (see :func:`is_chance`) and
    at the end of the match.  The tuples are shared constants: equal decisions are one value."""
    kinds = _legal_kinds(state)
    if not kinds:
        return ()
    by_seat = _ACTIONS[kinds]
    seat = state.actor
    assert seat is not None  # a phase with decisions has an actor
    return by_seat[seat] if seat < len(by_seat) else tuple(Action(kind, seat) for kind in kinds)


_KEEP_ONLY = (A.KEEP,)
_KEEP_OR_OFFER = (A.KEEP, A.OFFER)
_KEEP_OR_STACK = (A.KEEP, A.EXCHANGE_WITH_STACK)
_PHASE_KINDS = {
    Phase.DECIDE_BACKWARD: _KEEP_OR_OFFER,
    Phase.TARGET_DECIDE: (A.EXCHANGE, A.REFUSE_BY_PAYING),
    Phase.INN_OFFERER: (A.INN_KEEP, A.INN_ASK),
    Phase.INN_KEEPER: (A.INN_ACCEPT, A.INN_REFUSE),
    Phase.BUY_BACK: (A.BUY_BACK, A.DECLINE),
}
# The actions of each tuple of kinds, for every seat a pack can seat (its size less two, the
# players' limit of Rules.problems): legal_actions answers from this table.
_ACTIONS: dict[tuple[str, ...], tuple[tuple[Action, ...], ...]] = {
    kinds: tuple(tuple(Action(kind, seat) for kind in kinds) for seat in range(max(p.size for p in PACKS.values())))
    for kinds in (_KEEP_ONLY, _KEEP_OR_OFFER, _KEEP_OR_STACK, *_PHASE_KINDS.values())
}


def _legal_kinds(state: State) -> tuple[str, ...]:
    """The kinds of decision the actor may take now: the single place the rules of whose
    decision it is are written (``legal_actions`` and ``step`` both ask it)."""
    if state.phase != Phase.DECIDE:
        return _PHASE_KINDS.get(state.phase, ())
    rules, seat = state.rules, state.actor
    assert seat is not None
    received = state.custody[seat][-1][1] != Via.DEALT
    if received and rules.may_offer_after_receiving == "no":
        return _KEEP_ONLY  # R2: no player may exchange more than once
    if seat == state.dealer:
        if rules.dealer_exchange == "none" or (
            rules.dealer_exchange == "talon-top-if-received-ace"
            and not (received and state.hands[seat].value == 1)  # type: ignore[union-attr]  # A4: after an ace
        ):
            return _KEEP_ONLY
        return _KEEP_OR_STACK
    return _KEEP_OR_OFFER


# --------------------------------------------------------------------------- table talk


def note_hint(state: State, seat: int) -> tuple[State, tuple[Event, ...]]:
    """Z7: record that ``seat`` hinted at holding a fool.  Table talk is not a decision of
    the deal (K20), so :func:`legal_actions` never offers it; it may be noted at any point
    of a deal, and only matters where ``fool_hint = forfeits-gain``."""
    if state.phase not in DEAL_PHASES:
        raise IllegalActionError("a hint is noted during a deal", "Z7")
    if not 0 <= seat < len(state.players) or seat not in state.order:
        raise IllegalActionError(f"seat {seat} takes no part in this deal", "Z7")
    if seat in state.hinted:
        return state, ()
    return state._replace(hinted=state.hinted + (seat,)), (Event(_EV_HINT, "Z7", seat),)


# --------------------------------------------------------------------------- the step


def step(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Apply ``action``; return the new state and what happened.  ``state`` is untouched."""
    phase, kind = state.phase, action.kind
    if phase == Phase.DECIDE and action.seat == state.actor and action.stack is None and not state.pending:
        fast = _FAST_PATHS.get(kind)
        if fast is not None:
            done = fast(state)
            if done is not None:
                return done
    if phase == Phase.MATCH_OVER:
        raise IllegalActionError("the match is over", "K3")
    if phase == Phase.SHUFFLE:
        if kind != A.SHUFFLE:
            raise IllegalActionError(f"the next deal must be shuffled first, not {kind!r}", "K4")
        return _start_deal(state, action.stack)
    if kind == A.SHUFFLE:
        raise IllegalActionError("the deal is in progress; no shuffle now", "K4")
    if action.seat != state.actor:
        who = state.players[state.actor] if state.actor is not None else "nobody"
        raise IllegalActionError(f"it is {who}'s decision (seat {state.actor}), not seat {action.seat}'s",
                                 rule_forbidding(state))
    if kind not in _legal_kinds(state) or action.stack is not None:
        raise IllegalActionError(f"{kind!r} is not a decision open in phase {phase!r}",
                                 rule_forbidding(state, action))
    w = _Step(state)
    _DECISIONS[phase][kind](w)
    return w.finish()


def rule_forbidding(state: State, action: Optional[Action] = None) -> str:
    """The rule that forbids ``action`` now (or that says whose turn it is)."""
    rules, phase = state.rules, state.phase
    if phase == Phase.DECIDE and action is not None and state.actor is not None and action.seat == state.actor:
        received = state.custody[state.actor][-1][1] != Via.DEALT
        if action.kind in (A.OFFER, A.EXCHANGE_WITH_STACK) and received and rules.may_offer_after_receiving == "no":
            return "R2"
        if action.kind == A.OFFER and action.seat == state.dealer:
            return rules.cites("dealer-last")  # the dealer decides last: never an offer (K8, F4, S2 ...)
        if action.kind == A.EXCHANGE_WITH_STACK:
            if action.seat != state.dealer:
                return rules.cites("dealer-last")  # only the dealer goes to the stack
            return rules.cites("dealer-exchange")
    return {
        Phase.DECIDE: rules.cites("keep"),  # K5, or the ruleset's own rule for whose turn it is (F3, S2 ...)
        Phase.DECIDE_BACKWARD: "L8",
        Phase.TARGET_DECIDE: "Q9",
        Phase.INN_OFFERER: "K14",
        Phase.INN_KEEPER: "L7" if rules.inn == "lu-stu" else "K14",
        Phase.BUY_BACK: "L11" if rules.buy_back == "immediate" else "K17",
    }.get(phase, "K5")


# --------------------------------------------------------------------------- fast paths
#
# The commonest steps, applied without the _Step scratch: a player's keep, an offer that meets
# a plain card, the cuckoo or the inn, and the dealer's last decision followed by a showdown
# (with the buy-back offer when some but not all go out) and the next deal.  Each builds the
# new State directly from the old one's fields, or returns None (before building anything) in
# every case it does not cover, and step() then takes the general path.  A fast path is the
# general path's own sequence of events for its cases, written out (its docstring names the
# _Step methods it writes out); the rules it does not cover (the hunter, the horse, the cat and
# K13's undo, L8's way back, the inn's answer, everybody out, the buy-back decisions) live only
# in the general path.  tests/equivalence checks that the two agree at every step (legal
# actions, the whole State, the events) on 100,000 random deals.

FastPath = Callable[[State], Optional[tuple[State, tuple[Event, ...]]]]
# a showdown's marks lost and gained: (seat, rule) each, as scoring.evaluate's losers and gainers
Moved = tuple[Sequence[tuple[int, str]], Sequence[tuple[int, str]]]


def _fast_keep(state: State) -> Optional[tuple[State, tuple[Event, ...]]]:
    """K5 'sto bene' by a player who is not the dealer: the next seat of the order decides
    (K6), dealt his card first when dealing is one at a time (K4 the bottom card, L2 the top).
    What ``_Step.keep``, ``advance`` and ``deal_to`` do in this case.  Not covered: the
    dealer's keep (:func:`_fast_dealer_keep`), the end of the order, F2's dealer taking three."""
    if state.actor == state.dealer:
        return _fast_dealer_keep(state)
    (rules, players, marks, virgins, dealer, pot, eliminations, reentries, deal_number, _, seat, _, order,
     cursor, stack, hands, custody, dead, guarantees, hinted, out_this_deal, pending, winner, suspended) = state
    index = cursor + 1
    if index >= len(order):
        return None
    nxt = order[index]
    keep = _new_event((_EV_KEEP, rules.citation_of["keep"], seat, None, None, 0))
    if hands[nxt] is not None:
        events: tuple[Event, ...] = (keep,)
    elif nxt == dealer and rules.dealer_takes == 3:
        return None
    else:
        card, stack = _draw(rules, stack)
        new_hands, new_custody = list(hands), list(custody)  # (lists, as _fast_offer: cheaper than _put twice)
        new_hands[nxt], new_custody[nxt] = card, ((nxt, Via.DEALT),)
        hands, custody = tuple(new_hands), tuple(new_custody)
        events = (keep, _new_event((_EV_DEAL, rules.citation_of["deal"], nxt, None, card, 0)))
    return _new_state((rules, players, marks, virgins, dealer, pot, eliminations, reentries, deal_number,
                       Phase.DECIDE, nxt, None, order, index, stack, hands, custody, dead, guarantees, hinted,
                       out_this_deal, pending, winner, suspended)), events


def _fast_offer(state: State) -> Optional[tuple[State, tuple[Event, ...]]]:
    """K5 'passo' by a player who is not the dealer, when the next seat holds (or is dealt,
    K4/L2) a plain card: the two exchange (K7), each card's custody gains the step, and the
    target decides about the card he received.  What ``_Step.offer``, ``request``, ``swap``
    and ``decide_after_receiving`` do in this case; the cuckoo or the inn at the target goes on
    in :func:`_fast_arresto`.  Not covered (the general path refuses or applies them): the
    dealer's offer (K8) and a second offer (R2), the hunter, the horse and the cat at the
    target (K11-K13), the talon at the last request (F4), Q9's refusal by paying, F2."""
    (rules, players, marks, virgins, dealer, pot, eliminations, reentries, deal_number, _, seat, _, order,
     cursor, stack, hands, custody, dead, guarantees, hinted, out_this_deal, pending, winner, suspended) = state
    assert seat is not None  # a DECIDE state has an actor
    # the options are read in the general path's order and only where it reads them (the
    # adjudicator's Recorder re-runs a position under the other readings of what was read)
    index = cursor + 1
    if (seat == dealer or index >= len(order)
            or (custody[seat][-1][1] != Via.DEALT and rules.may_offer_after_receiving == "no")):
        return None
    target = order[index]
    if target == dealer and rules.last_request_to == "talon":
        return None
    card = hands[target]
    dealt = card is None
    if dealt:
        if target == dealer and rules.dealer_takes == 3:
            return None
        card, rest = _draw(rules, stack)
    role = rules.role_of_card.get(card)  # type: ignore[arg-type]
    if role is not None:  # an event card (K10-K14)
        if role != CUCKOO and role != INN:
            return None
        cite = rules.citation_of
        met = [_new_event((_EV_OFFER, cite["offer"], seat, None, None, 0))]
        if dealt:
            stack = rest
            hands, custody = _put(hands, target, card), _put(custody, target, ((target, Via.DEALT),))
            met.append(_new_event((_EV_DEAL, cite["deal"], target, None, card, 0)))
        return _fast_arresto(state, role, index, stack, hands, custody, met)
    if rules.refuse_by_paying == "yes":
        return None  # Q9's choice to exchange or pay
    cite = rules.citation_of
    if dealt:
        stack = rest
        events: tuple[Event, ...] = (_new_event((_EV_OFFER, cite["offer"], seat, None, None, 0)),
                                     _new_event((_EV_DEAL, cite["deal"], target, None, card, 0)),
                                     _new_event((_EV_EXCHANGE, cite["exchange"], seat, target, None, 0)))
        held: Custody = ((target, Via.DEALT),)
    else:
        events = (_new_event((_EV_OFFER, cite["offer"], seat, None, None, 0)),
                  _new_event((_EV_EXCHANGE, cite["exchange"], seat, target, None, 0)))
        held = custody[target]
    new_hands = list(hands)
    new_hands[seat], new_hands[target] = card, hands[seat]
    new_custody = list(custody)
    new_custody[seat], new_custody[target] = held + ((seat, Via.EXCHANGE),), custody[seat] + ((target, Via.EXCHANGE),)
    return _new_state((rules, players, marks, virgins, dealer, pot, eliminations, reentries, deal_number,
                       Phase.DECIDE, target, None, order, index, stack, tuple(new_hands), tuple(new_custody),
                       dead, guarantees, hinted, out_this_deal, pending, winner, suspended)), events


def _fast_arresto(state: State, role: str, index: int, stack: tuple[Card, ...], hands: tuple[Optional[Card], ...],
                  custody: tuple[Custody, ...], events: list[Event]) -> Optional[tuple[State, tuple[Event, ...]]]:
    """After :func:`_fast_offer`'s offer (``events``, and the target's card dealt into ``stack``,
    ``hands`` and ``custody``), the target at ``index`` of the order holds the cuckoo or the
    inn: 'arresto'.  K10: no exchange and no cost, play goes on right of the cuckoo (Q2: the
    holder's own turn under ``targeted_holder_acts = always``; the dealer's last decision under
    ``targeted_dealer_decides = yes``), the next seat dealt his card first.  K14: 'fermatevi',
    the offerer decides (L7, Lu Stù: the innkeeper answers the bargain).  What ``_Step.request``,
    ``play_on_after_arresto``, ``advance`` and ``deal_to`` do in these cases.  Not covered
    (None): the cuckoo at the end of the order (the showdown follows), F2's dealer taking three."""
    (rules, players, marks, virgins, dealer, pot, eliminations, reentries, deal_number, _, offerer, _, order,
     _, _, _, _, dead, guarantees, hinted, out_this_deal, pending, winner, suspended) = state
    assert offerer is not None  # a DECIDE state has an actor
    target = order[index]
    events.append(_new_event((_EV_ARRESTO, _arresto_rule(rules, role), target, offerer, hands[target], 0)))
    other: Optional[int]
    if role == INN:
        if rules.inn == "lu-stu":
            # L7: 'Tingh la Cas, che mi dai in cambio': the offerer bargains, the innkeeper answers
            events.append(_new_event((_EV_INN_BARGAIN, "L7", target, offerer, None, 0)))
            phase, actor, other = Phase.INN_KEEPER, target, offerer
        else:
            events.append(_new_event((_EV_FERMATEVI, rules.citation_of[INN], target, offerer, None, 0)))
            phase, actor, other = Phase.INN_OFFERER, offerer, target
        cursor = index
    else:
        # K10: play goes on with the player right of the cuckoo (play_on_after_arresto)
        cursor = _play_on_index(rules, order, dealer, dead, index)
        if cursor >= len(order):
            return None  # past the dealer: the showdown (the general path)
        actor = order[cursor]
        if hands[actor] is None:
            if actor == dealer and rules.dealer_takes == 3:
                return None  # F2
            card, stack = _draw(rules, stack)
            hands, custody = _put(hands, actor, card), _put(custody, actor, ((actor, Via.DEALT),))
            events.append(_new_event((_EV_DEAL, rules.citation_of["deal"], actor, None, card, 0)))
        phase, other = Phase.DECIDE, None
    return _new_state((rules, players, marks, virgins, dealer, pot, eliminations, reentries, deal_number,
                       phase, actor, other, order, cursor, stack, hands, custody, dead, guarantees, hinted,
                       out_this_deal, pending, winner, suspended)), tuple(events)


def _fast_dealer_keep(state: State) -> Optional[tuple[State, tuple[Event, ...]]]:
    """K8: the dealer keeps his card; the showdown follows (:func:`_fast_showdown`)."""
    keep = _new_event((_EV_KEEP, state.rules.citation_of["dealer-exchange"], state.dealer, None, None, 0))
    return _fast_showdown(state, state.stack, state.hands, state.custody, keep)


def _fast_go_to_stack(state: State) -> Optional[tuple[State, tuple[Event, ...]]]:
    """K8: the dealer exchanges his card for the stack's top or bottom card, or (S4,
    ``dealer_draws_king = keeps-own``) shows the king he cut and keeps his own; the showdown
    follows (:func:`_fast_showdown`).  What ``_Step.go_to_stack`` does; only when
    ``_legal_kinds`` admits the decision (the general path refuses it otherwise)."""
    if A.EXCHANGE_WITH_STACK not in _legal_kinds(state):
        return None
    rules, seat, stack, hands, custody = state.rules, state.actor, state.stack, state.hands, state.custody
    assert seat is not None  # a DECIDE state has an actor
    bottom = rules.dealer_exchange == "stack-bottom"
    index = len(stack) - 1 if bottom else 0
    drawn = stack[index]
    if rules.dealer_draws_king == "keeps-own" and rules.role_of_card.get(drawn) == CUCKOO:
        decision = _new_event((_EV_STACK_KING, rules.citation_of["stack-king"], seat, None, drawn, 0))
    else:
        stack = _put(stack, index, hands[seat])
        hands = _put(hands, seat, drawn)
        custody = _put(custody, seat, ((seat, Via.STACK),))
        decision = _new_event((_EV_EXCHANGE_WITH_STACK, rules.citation_of["dealer-exchange"], seat, None, None,
                               1 if bottom else 0))
    return _fast_showdown(state, stack, hands, custody, decision)


def _fast_showdown(state: State, stack: tuple[Card, ...], hands: tuple[Optional[Card], ...],
                   custody: tuple[Custody, ...], decision: Event) -> tuple[State, tuple[Event, ...]]:
    """The showdown (K15) after the dealer's ``decision`` (which left ``stack``, ``hands`` and
    ``custody``), when nobody is dead: the live cards are compared (``scoring.live_marks``
    where nobody hinted and nobody holds a guarantee, ``scoring.evaluate`` otherwise), marks
    lost and gained, and, when nobody is left without marks, the next dealer (K2/D2) shuffles.  What
    ``_Step.showdown``, ``after_buy_backs`` and ``next_deal`` do in this case.  When someone is
    left without marks, :func:`_fast_going_out` plays on.  Otherwise (a dead hand, a table of
    one) the general path plays the showdown, or (everybody out, K18) plays it on with the same
    comparison's marks (``_Step.showdown(moved)``)."""
    (rules, players, marks, virgins, dealer, pot, eliminations, reentries, deal_number, _, _, _, order,
     cursor, _, _, _, dead, guarantees, hinted, out_this_deal, pending, winner, suspended) = state
    moved: Optional[Moved] = None
    if True not in dead and len(order) > 1:
        moved = losers, gainers = _compare(rules, order, hands, dead, guarantees, hinted, marks)
        new_marks, new_virgins = list(marks), list(virgins)
        cite = rules.citation_of
        events = [decision, _new_event((_EV_SHOWDOWN, cite["showdown"], None, None, None, 0))]
        for seat, rule in losers:
            new_marks[seat] -= 1
            new_virgins[seat] = False
            events.append(_new_event((_EV_MARK_LOST, rule, seat, None, None, 1)))
        for seat, rule in gainers:
            new_marks[seat] += 1
            if rules.virgin_after_gain == "not-virgin":
                new_virgins[seat] = False  # Q8 'not-virgin'
            events.append(_new_event((_EV_MARK_GAINED, rule, seat, None, None, 1)))
        if min(map(new_marks.__getitem__, order)) <= 0:
            done = _fast_going_out(state, stack, hands, custody, new_marks, new_virgins, events)
            if done is not None:
                return done
        else:
            nxt = _next_dealer(new_marks, dealer)
            events.append(_new_event((_EV_NEXT_DEALER, cite["next-dealer"], nxt, None, None, 0)))
            return _new_state((rules, players, tuple(new_marks), tuple(new_virgins), nxt, pot, eliminations,
                               reentries, deal_number, Phase.SHUFFLE, None, None, order, cursor, stack, hands,
                               custody, dead, guarantees, hinted, out_this_deal, (), winner, suspended)), tuple(events)
    w = _Step(state)
    w.stack, w.hands, w.custody, w.events = stack, list(hands), list(custody), [decision]
    w.showdown(moved)
    return w.finish()


def _fast_going_out(state: State, stack: tuple[Card, ...], hands: tuple[Optional[Card], ...],
                    custody: tuple[Custody, ...], marks: list[int], virgins: list[bool],
                    events: list[Event]) -> Optional[tuple[State, tuple[Event, ...]]]:
    """After :func:`_fast_showdown`'s marks (``marks``, ``virgins``, ``events`` so far), when
    some players of the deal are left without marks but not all of them: they go out (K15,
    K16), are priced for a buy-back (K17, L11, Q1), and the first is asked (K17 'solange es eine
    oder mehrere Jungfrauen gibt': when a virgin remains), or the last player with marks wins
    (K3), or the next dealer shuffles (K2/D2).  What ``_Step.showdown``, ``went_out``,
    ``ask_next_buy_back``, ``after_buy_backs`` and ``next_deal`` do in this case.  Not covered
    (None, before anything is built): everybody out (K18, D8, Z11, S6)."""
    (rules, players, _, _, dealer, pot, eliminations, reentries, deal_number, _, _, _, order,
     cursor, _, _, _, dead, guarantees, hinted, out_this_deal, _, winner, suspended) = state
    if max(marks) <= 0:
        return None  # everybody out: _Step.everybody_out
    gone = tuple([s for s in order if marks[s] <= 0])  # (nobody is dead)
    cite = rules.citation_of
    for seat in gone:
        marks[seat] = 0
        events.append(_new_event((_EV_OUT, cite["out"], seat, None, None, 0)))
    offers = _buy_back_offers(rules, gone, eliminations, reentries)  # went_out
    eliminations += len(gone)
    # L11 decides at once, K17 after the deal, which is over here: both only while a virgin
    # remains (went_out, then after_buy_backs)
    pending: tuple[tuple[int, int], ...] = (
        offers if rules.buy_back != "none" and _virgin_remains(virgins, marks) else ())
    phase: str = Phase.SHUFFLE
    actor: Optional[int] = None
    if pending:
        seat, price, pending = _first_offer(pending, reentries)  # ask_next_buy_back
        phase, actor = Phase.BUY_BACK, seat
        events.append(_new_event((_EV_BUY_BACK_OFFER, cite["buy-back"], seat, None, None, price)))
    else:
        last = _last_in_match(marks)
        if last is not None:
            winner = last  # K3 (after_buy_backs)
            phase = Phase.MATCH_OVER
            events.append(_new_event((_EV_WINNER, cite["winner"], winner, None, None, pot)))
        else:
            nxt = _next_dealer(marks, dealer)
            events.append(_new_event((_EV_NEXT_DEALER, cite["next-dealer"], nxt, None, None, 0)))
            dealer = nxt
    return _new_state((rules, players, tuple(marks), tuple(virgins), dealer, pot, eliminations, reentries,
                       deal_number, phase, actor, None, order, cursor, stack, hands, custody, dead, guarantees,
                       hinted, out_this_deal + (gone,), pending, winner, suspended)), tuple(events)


def _compare(rules: Rules, order: Sequence[int], hands: Sequence[Any], dead: Sequence[bool],
             guarantees: tuple[tuple[int, int], ...], hinted: tuple[int, ...], marks: tuple[int, ...]) -> Moved:
    """K15: the showdown's comparison of the live cards (:mod:`cucu_ref.game.scoring`), the marks
    lost and gained with their rules: ``scoring.live_marks`` where nobody hinted or holds a
    guarantee (nearly every showdown), ``scoring.evaluate`` otherwise.  ``marks``: nobody pays
    more than he holds (Q12); the table: K19 is a rule of the table of two."""
    if True not in dead and not (guarantees or hinted):  # the commonest showdown: every card live
        return live_marks(rules, order, [hands[s].value for s in order], len(order))
    live = [(s, hands[s]) for s in order if not dead[s]]
    dead_hands = [(s, hands[s]) for s in order if dead[s] and hands[s] is not None]  # (Q4: their fools)
    if guarantees or hinted:
        result = evaluate(rules, live, dead_hands, guarantees, hinted, explain=False, marks=marks, table=len(order))
        return result.losers, result.gainers
    return live_marks(rules, [s for s, _ in live], [c.value for _, c in live], len(order),
                      [c.value for _, c in dead_hands])


def _buy_back_offers(rules: Rules, group: tuple[int, ...], eliminations: int,
                     reentries: int) -> tuple[tuple[int, int], ...]:
    """The buy-back offer (seat, price) of each seat of ``group``, the players going out
    together in play order (McLeod's order, Q1), after ``eliminations`` earlier ones: K17 the
    price doubles with each elimination (Q1 'same-price': one price for a group); L11 it
    doubles with each re-entrant, fixed when the offer is asked (0 here, see
    :func:`_first_offer`), or now for a same-price group."""
    same_price = rules.simultaneous_buy_back == "same-price" and len(group) > 1
    offers = []
    for k, seat in enumerate(group):
        index = eliminations if same_price else eliminations + k
        if rules.buy_back_price == "by-elimination-order":
            offers.append((seat, 2 ** index))
        else:
            offers.append((seat, 2 ** reentries if same_price else 0))  # L11
    return tuple(offers)


def _first_offer(pending: tuple[tuple[int, int], ...],
                 reentries: int) -> tuple[int, int, tuple[tuple[int, int], ...]]:
    """The first pending buy-back offer, its price fixed now where it is not yet (L11: 2 to
    the power of the re-entries so far): (seat, price, the offers pending)."""
    seat, price = pending[0]
    if price == 0:
        price = 2 ** reentries  # L11
        pending = ((seat, price),) + pending[1:]
    return seat, price, pending


def _virgin_remains(virgins: Sequence[bool], marks: Sequence[int]) -> bool:
    """K17: a virgin (who has lost no mark) is still in the match (the fast paths and
    ``_Step.virgin_remains`` ask this)."""
    # (a loop, not any() over a generator, which costs twice as much)
    for virgin, m in zip(virgins, marks):  # noqa: SIM110
        if virgin and m > 0:
            return True
    return False


def _last_in_match(marks: Sequence[int]) -> Optional[int]:
    """K3: the seat of the only player still holding marks, who wins the pot; None while two or
    more hold marks (or nobody does).  (A loop that stops at the second: a list of the seats in
    costs four times as much.)"""
    last = None
    for seat, m in enumerate(marks):
        if m > 0:
            if last is not None:
                return None
            last = seat
    return last


def _next_dealer(marks: Sequence[int], dealer: int) -> int:
    """K2: the player right of the dealer deals next; D2: the next seat still holding marks."""
    seats = seats_around(marks, dealer)
    if not seats:
        raise AssertionError(f"nobody holds marks to deal the next deal: {list(marks)}")  # see showdown
    return seats[0]


def _play_on_index(rules: Rules, order: Sequence[int], dealer: int, dead: Sequence[bool], index: int) -> int:
    """K10-K14: the place in ``order`` that decides after the event card held at ``index``:
    the player right of it.  When that card is the dealer's the round is over (past the
    order's end), unless Q2's 'targeted_dealer_decides' gives him his last decision all the
    same (K8); under Q2's 'targeted_holder_acts = always' (S2/S3: each player has one turn)
    the holder, if alive, takes his own turn first."""
    holder = order[index]
    if holder == dealer:
        return index if rules.targeted_dealer_decides == "yes" else index + 1
    if rules.targeted_holder_acts == "always" and not dead[holder]:
        return index
    return index + 1


_FAST_PATHS: dict[str, FastPath] = {A.KEEP: _fast_keep, A.OFFER: _fast_offer, A.EXCHANGE_WITH_STACK: _fast_go_to_stack}


def _start_deal(state: State, stack: Optional[Sequence[Card]]) -> tuple[State, tuple[Event, ...]]:
    """K4: the shuffled ``stack`` (C1: exactly the pack's cards), then the deal: the cards
    dealt first (all at once, or the first hand when dealing is one at a time) and the first
    decision.  One hand dealt at a time is built here directly; dealing all first and F2's
    dealer taking three go through ``_Step.deal_to`` and ``_Step.advance``."""
    rules = state.rules
    if type(stack) is not _SHUFFLED[rules.pack] and not _whole_pack(rules.pack, stack):  # (made by shuffled_stack)
        pack = PACKS[rules.pack]
        raise IllegalActionError(f"the shuffle must hold exactly the {pack.size} cards of {pack.name}", "C1")
    assert stack is not None  # _whole_pack refuses None
    (rules, players, marks, virgins, dealer, pot, eliminations, reentries, deal_number, _, _, _, _, _, _, _, _,
     _, _, _, _, pending, winner, suspended) = state
    n = len(players)
    # K4/D2: dealing starts right of the dealer and goes round to the dealer, who is last;
    # players out of the match (no marks) are not dealt
    order = seats_around(marks, dealer)
    cite = rules.citation_of
    shuffle = _new_event((_EV_SHUFFLE, cite["shuffle"], dealer, None, None, 0))
    if rules.dealing != "all-first" and order and not (order[0] == dealer and rules.dealer_takes == 3):
        # the first hand of the order is dealt (K4 the bottom card, L2 the top) and decides
        first = order[0]
        card, rest = _draw(rules, stack)  # type: ignore[arg-type]  # (C1 admits a list: sliced as a list)
        rest = tuple(rest)
        hands: list[Optional[Card]] = [None] * n
        hands[first] = card
        custody: list[Custody] = [()] * n
        custody[first] = ((first, Via.DEALT),)
        return _new_state((rules, players, marks, virgins, dealer, pot, eliminations, reentries, deal_number + 1,
                           Phase.DECIDE, first, None, order, 0, rest, tuple(hands), tuple(custody), (False,) * n,
                           (), (), (), pending, winner, suspended)), (
                               shuffle, _new_event((_EV_DEAL, cite["deal"], first, None, card, 0)))
    w = _Step(state)
    w.stack = tuple(stack)
    w.order = order
    w.hands = [None] * n
    w.custody = [()] * n
    w.dead = (False,) * n
    w.guarantees, w.hinted, w.out_this_deal = (), (), ()
    w.deal_number = deal_number + 1
    w.events.append(shuffle)
    if rules.dealing == "all-first":
        for seat in order:
            w.deal_to(seat)
    w.advance(0)
    return w.freeze(), tuple(w.events)


def _whole_pack(pack: str, stack: object) -> bool:
    """C1: True when ``stack`` holds exactly the cards of ``pack`` (by name), in any order
    (:meth:`~cucu_ref.game.cards.Pack.is_permutation`); anything else is refused, never a crash."""
    return PACKS[pack].is_permutation(stack)


class _Step:
    """A mutable scratch copy of one state, used inside a single ``step`` and then frozen.

    Keeping the mutation inside one call keeps the public values immutable while the
    rules read as plain sequential code.  ``hands`` and ``custody``, which nearly every
    step changes, are lists here; the other fields stay tuples and are rebuilt when they
    change (``_put``); the stack is sliced when a card leaves it."""

    __slots__ = (
        "rules", "players", "marks", "virgins", "dealer", "pot", "eliminations", "reentries", "deal_number",
        "phase", "actor", "target", "order", "cursor", "stack", "hands", "custody", "dead", "guarantees",
        "hinted", "out_this_deal", "pending", "winner", "suspended", "events", "cite",
    )
    rules: Rules
    players: tuple[str, ...]
    marks: tuple[int, ...]
    virgins: tuple[bool, ...]
    dealer: int
    pot: int
    eliminations: int
    reentries: int
    deal_number: int
    phase: str
    actor: Any  # Optional[int]; an int in every phase a decision method runs in
    target: Any  # Optional[int]; an int wherever a method reads it
    order: tuple[int, ...]
    cursor: int
    stack: tuple[Card, ...]
    hands: list[Any]  # list[Optional[Card]]; a Card wherever a method reads it
    custody: list[Custody]
    dead: tuple[bool, ...]
    guarantees: tuple[tuple[int, int], ...]
    hinted: tuple[int, ...]
    out_this_deal: tuple[tuple[int, ...], ...]
    pending: tuple[tuple[int, int], ...]
    winner: Optional[int]
    suspended: Optional[tuple[str, Optional[int], Optional[int], int]]
    events: list[Event]
    cite: dict[str, str]  # the ruleset's rule ID for each mechanism (Rules.cites)

    def __init__(self, s: State):
        (self.rules, self.players, self.marks, self.virgins, self.dealer, self.pot, self.eliminations,
         self.reentries, self.deal_number, self.phase, self.actor, self.target, self.order, self.cursor,
         self.stack, hands, custody, self.dead, self.guarantees, self.hinted, self.out_this_deal,
         self.pending, self.winner, self.suspended) = s
        self.hands = list(hands)
        self.custody = list(custody)
        self.events = []
        self.cite = self.rules.citation_of

    def freeze(self) -> State:
        return _new_state((
            self.rules, self.players, self.marks, self.virgins, self.dealer, self.pot, self.eliminations,
            self.reentries, self.deal_number, self.phase, self.actor, self.target, self.order, self.cursor,
            self.stack, tuple(self.hands), tuple(self.custody), self.dead, self.guarantees, self.hinted,
            self.out_this_deal, self.pending, self.winner, self.suspended,
        ))

    def finish(self) -> tuple[State, tuple[Event, ...]]:
        """The new State and the step's events (after a buy-back decided at once, L11)."""
        if self.pending:
            self.suspend_for_buy_back()
        return self.freeze(), tuple(self.events)

    def emit(self, kind: EventKind, rule: str, seat: Optional[int] = None, other: Optional[int] = None,
             card: Optional[Card] = None, amount: int = 0) -> None:
        self.events.append(_new_event((kind, rule, seat, other, card, amount)))

    # ---- the decisions (one method each; step() has checked that they are legal)

    def keep(self) -> None:
        """K5 'sto bene': play goes on with the next seat; the dealer's keep (K8) ends the round."""
        if self.actor == self.dealer:
            self.emit(_EV_KEEP, self.cite["dealer-exchange"], self.actor)
            self.showdown()
        else:
            self.emit(_EV_KEEP, self.cite["keep"], self.actor)
            self.advance(self.cursor + 1)

    def offer(self) -> None:
        """K5 'passo': the actor asks the next seat to exchange (K7)."""
        self.emit(_EV_OFFER, self.cite["offer"], self.actor)
        self.request(self.actor, self.cursor + 1)

    def go_to_stack(self) -> None:
        """K8: the dealer's last decision, his card for one of the stack; then the showdown."""
        rules = self.rules
        bottom = rules.dealer_exchange == "stack-bottom"
        drawn = self.stack[-1 if bottom else 0]
        if rules.dealer_draws_king == "keeps-own" and self.refuses(drawn):
            self.emit(_EV_STACK_KING, self.cite["stack-king"], self.actor, card=drawn)  # S4; F4 at the talon (Q18)
        else:
            self.exchange_with_stack(self.actor, bottom=bottom, rule=self.cite["dealer-exchange"])
        self.showdown()

    def keep_back(self) -> None:
        self.backward_decision(offer=False)

    def offer_back(self) -> None:
        self.backward_decision(offer=True)

    def agree(self) -> None:
        self.target_decision(exchange=True)

    def pay_to_refuse(self) -> None:
        self.target_decision(exchange=False)

    def inn_keep(self) -> None:
        """K14: after 'fermatevi' the offerer keeps his card after all."""
        self.emit(_EV_KEEP_AFTER_FERMATEVI, self.cite[INN], self.actor, self.target)
        self.play_on_after_arresto(self.order.index(self.target))

    def inn_ask(self) -> None:
        """K14: the second offer, 'pagherai se null?'; the innkeeper answers."""
        self.emit(_EV_ASK_PAGHERAI_SE_NULL, self.cite[INN], self.actor, self.target)
        self.phase, self.actor, self.target = Phase.INN_KEEPER, self.target, self.actor

    def inn_accept(self) -> None:
        self.inn_answer(keeper=self.actor, offerer=self.target, accepted=True)

    def inn_refuse(self) -> None:
        self.inn_answer(keeper=self.actor, offerer=self.target, accepted=False)

    def buy_back(self) -> None:
        self.buy_back_decision(True)

    def decline(self) -> None:
        self.buy_back_decision(False)

    # ---- dealing and turn order

    def deal_to(self, seat: int) -> None:
        # K4: the bottom card; L2: the top card
        card = self.draw()
        self.hands[seat] = card
        self.custody[seat] = ((seat, Via.DEALT),)
        self.emit(_EV_DEAL, self.cite["deal"], seat, card=card)
        if seat == self.dealer and self.rules.dealer_takes == 3:
            # F2: the dealer takes three, keeps the highest, puts the other two under the talon
            cards = sorted([card, self.draw(), self.draw()], key=lambda c: c.value, reverse=True)
            self.hands[seat] = cards[0]
            self.stack += tuple(cards[1:])
            self.emit(_EV_DEALER_KEEPS_HIGHEST, "F2", seat, card=cards[0], amount=2)

    def draw(self) -> Card:
        card, self.stack = _draw(self.rules, self.stack)
        return card

    def advance(self, index: int) -> None:
        """Play goes on with the seat at ``index`` of the deal order (K6, K10-K14)."""
        if index >= len(self.order):
            self.showdown()
            return
        seat = self.order[index]
        if self.hands[seat] is None:
            self.deal_to(seat)
        self.phase, self.actor, self.target, self.cursor = Phase.DECIDE, seat, None, index

    # ---- requests and event cards

    def role(self, seat: int) -> Optional[str]:
        """The event role (C2) of the card ``seat`` holds, None for a plain card or no card."""
        return self.rules.role_of_card.get(self.hands[seat])

    def refuses(self, card: Card) -> bool:
        """True for a card that refuses an exchange: the cuckoo's role (C2; the French king, F3)."""
        return self.rules.role_of_card.get(card) == CUCKOO

    def request(self, offerer: int, index: int) -> None:
        """``offerer`` asks the seat at ``index`` (and past horses) to exchange (K7, K10-K14)."""
        while True:
            target = self.order[index]
            if target == self.dealer and self.rules.last_request_to == "talon":
                self.request_talon(offerer)
                self.advance(index)
                return
            if self.hands[target] is None:
                self.deal_to(target)
            role = self.role(target)
            if role is None:
                if self.rules.refuse_by_paying == "yes":
                    # Q9 (Zeh, third paragraph): the target may pay a mark rather than exchange
                    self.phase, self.actor, self.target, self.cursor = Phase.TARGET_DECIDE, target, offerer, index
                    return
                self.swap(offerer, target, Via.EXCHANGE, self.cite["exchange"])
                self.decide_after_receiving(target, index)
                return
            self.emit(_EV_ARRESTO, _arresto_rule(self.rules, role), target, offerer, card=self.hands[target])
            if role == HORSE:
                if target == self.dealer:
                    # K12: the horse at the dealer: exchange with the top card of the stack
                    self.exchange_with_stack(offerer, bottom=self.rules.horse_at_dealer == "stack-bottom", rule="K12")
                    self.play_on_after_arresto(index)
                    return
                self.emit(_EV_SKIP, self.cite[HORSE], target, offerer)
                index += 1
                continue
            if role == CUCKOO:
                self.play_on_after_arresto(index)  # K10: no exchange, no cost
            elif role == HUNTER:
                self.lose_mark(offerer, self.cite[HUNTER])  # K11: the offerer keeps his card and pays
                self.play_on_after_arresto(index)
            elif role == CAT:
                self.cat(offerer, target)
                if self.phase != Phase.DECIDE_BACKWARD or self.target != target:
                    self.play_on_after_arresto(index)
            elif role == INN:
                if self.rules.inn == "lu-stu":
                    # L7: 'Tingh la Cas, che mi dai in cambio': the offerer bargains, the innkeeper answers
                    self.emit(_EV_INN_BARGAIN, "L7", target, offerer)
                    self.phase, self.actor, self.target, self.cursor = Phase.INN_KEEPER, target, offerer, index
                else:
                    self.emit(_EV_FERMATEVI, self.cite[INN], target, offerer)
                    self.phase, self.actor, self.target, self.cursor = Phase.INN_OFFERER, offerer, target, index
            return

    def request_talon(self, offerer: int) -> None:
        """F4: the last player exchanges with the talon, not the dealer; a king there forbids it."""
        if self.rules.talon_card == "top":
            index = 0
        else:
            # Q16 (the project's alternative reading): the bottom card, or the next one up if it is a king
            index = next((i for i in range(len(self.stack) - 1, -1, -1)
                          if self.rules.role_of.get(self.stack[i].value) != CUCKOO), len(self.stack) - 1)
        card = self.stack[index]
        if self.rules.role_of.get(card.value) == CUCKOO:
            self.emit(_EV_TALON_KING, "F4", offerer, card=card)
            return
        self.stack = _put(self.stack, index, self.hands[offerer])
        self.hands[offerer] = card
        self.custody[offerer] = ((offerer, Via.STACK),)
        self.emit(_EV_EXCHANGE_WITH_TALON, "F4", offerer, card=None)

    def play_on_after_arresto(self, index: int) -> None:
        """K10-K14: play goes on with the player right of the targeted event card, or as Q2's
        readings say (:func:`_play_on_index`, which the fast path asks too)."""
        self.advance(_play_on_index(self.rules, self.order, self.dealer, self.dead, index))

    def decide_after_receiving(self, seat: int, index: int) -> None:
        """K7: the target who had to exchange decides about the card he received."""
        self.phase, self.actor, self.target, self.cursor = Phase.DECIDE, seat, None, index

    def cat(self, offerer: int, holder: int) -> None:
        if self.rules.cat == "pay-holder":
            # Z5: the offerer pays a mark to the cat's holder; nothing is undone
            self.lose_mark(offerer, "Z5")
            self.gain_mark(holder, "Z5", offerer)
            return
        if self.rules.cat == "backward":
            # L8: 'Gnaf, cart'arrit': the offerer pays and must offer his card to the left
            self.lose_mark(offerer, "L8")
            if not self.dead[offerer]:
                self.backward(offerer, self.order.index(offerer), holder)
            return
        self.lose_mark(offerer, self.cite[CAT])
        self.undo_chain(offerer)

    def backward(self, holder: int, index: int, cat: int) -> bool:
        """L8: ``holder`` (at ``index`` of the order) offers his card to the left, and the
        exchange goes on leftwards until an event card or the first hand ends it.  Returns
        True when it paused for a holder's decision (``backward_offer = optional``)."""
        rules = self.rules
        to_dealer = rules.backward_chain_end == "dealer"
        last = len(self.order) - 1
        i = index - 1
        while True:
            if i < 0 or (i == last - 1 and not to_dealer):
                if i >= 0 or not to_dealer or self.dealer in (holder, cat):
                    self.emit(_EV_WAY_BACK_ENDS, "Q5" if i < 0 else "L8", holder)
                    return False
                i, to_dealer = last, False  # Q5 'dealer': once past the first hand, to the dealer only
            target = self.order[i]
            if self.dead[target] or target == holder:
                i -= 1
                continue
            if self.hands[target] is None:
                self.deal_to(target)
            role = self.role(target)
            if role is None or (role == INN and self.custody[target][-1][1] != Via.DEALT):
                # L8: a plain card must be exchanged however it was got; so must an inn got by exchange
                self.swap(holder, target, Via.EXCHANGE, "L8")
                holder = target
                if rules.backward_offer == "optional":
                    self.phase, self.actor, self.target, self.cursor = Phase.DECIDE_BACKWARD, holder, cat, i
                    return True
                i -= 1
                continue
            self.emit(_EV_ARRESTO, "L8", target, holder, card=self.hands[target])
            if role == HORSE:
                self.emit(_EV_SKIP, "L8", target, holder)
                i -= 1
                continue
            if role in (HUNTER, CAT):
                self.lose_mark(holder, "L8")  # 'der letzte Spieler, der getauscht hat, muss eine Marke Strafe zahlen'
            self.emit(_EV_WAY_BACK_ENDS, "L8", holder)
            return False

    def backward_decision(self, offer: bool) -> None:
        holder, cat = self.actor, self.target
        if offer:
            self.emit(_EV_OFFER_BACK, "L8", holder)
            if self.backward(holder, self.cursor, cat):
                return
        else:
            self.emit(_EV_KEEP, "Q5", holder)
        self.play_on_after_arresto(self.order.index(cat))

    def target_decision(self, exchange: bool) -> None:
        target, offerer = self.actor, self.target
        if exchange:
            self.swap(offerer, target, Via.EXCHANGE, "K7")
        else:
            self.lose_mark(target, "Q9")
        if self.dead[target]:
            self.advance(self.cursor + 1)
        else:
            self.decide_after_receiving(target, self.cursor)

    def undo_chain(self, seat: int) -> None:
        """K13/D5: undo, newest first, every exchange that brought ``seat``'s card, until it is
        back with the seat it was dealt to.  The custody records the real partners, so
        horses skipped on the way forward are skipped again."""
        undoable = {Via.EXCHANGE}
        if self.rules.cat_undo_through_inn == "undo":
            undoable.add(Via.INN)
        while True:
            path = self.custody[seat]
            if len(path) < 2 or path[-1][1] not in undoable:
                return
            partner = path[-2][0]
            other = self.custody[partner]
            if len(other) < 2 or other[-1] != (partner, path[-1][1]) or other[-2][0] != seat:
                raise AssertionError(f"custody of seats {seat} and {partner} disagree: {path} / {other}")
            self.hands[seat], self.hands[partner] = self.hands[partner], self.hands[seat]
            self.custody[seat], self.custody[partner] = other[:-1], path[:-1]
            self.emit(_EV_UNDO, self.cite[CAT], partner, seat, card=self.hands[partner])
            seat = partner

    def inn_answer(self, keeper: int, offerer: int, accepted: bool) -> None:
        index = self.order.index(keeper)
        if self.rules.inn == "lu-stu":
            # L7: an accepted bargain is an exchange; 'fatt nu bicchijr' keeps the inn and guarantees
            if accepted:
                self.emit(_EV_ACCEPT, "L7", keeper, offerer)
                self.swap(offerer, keeper, Via.INN, "L7")
            else:
                self.emit(_EV_REFUSE, "L7", keeper, offerer)
                self.guarantees += ((offerer, keeper),)
            self.play_on_after_arresto(index)
            return
        if accepted:
            # K14: no exchange; the innkeeper pays if the offerer loses with a nulla
            self.emit(_EV_ACCEPT, self.cite[INN], keeper, offerer)
            self.guarantees += ((offerer, keeper),)
            self.play_on_after_arresto(index)
            return
        self.emit(_EV_REFUSE, self.cite[INN], keeper, offerer)
        self.swap(offerer, keeper, Via.INN, self.cite[INN])
        if self.rules.targeted_holder_acts == "after-refused-inn":
            self.decide_after_receiving(keeper, index)  # D6: the former innkeeper acts normally
        else:
            self.play_on_after_arresto(index)  # K14: play goes on right of the inn

    # ---- moving cards

    def swap(self, a: int, b: int, via: str, rule: str) -> None:
        hands, custody = self.hands, self.custody
        hands[a], hands[b] = hands[b], hands[a]
        custody[a], custody[b] = custody[b] + ((a, via),), custody[a] + ((b, via),)
        self.emit(_EV_EXCHANGE, rule, a, b)

    def exchange_with_stack(self, seat: int, bottom: bool, rule: str) -> None:
        index = len(self.stack) - 1 if bottom else 0
        taken = self.stack[index]
        self.stack = _put(self.stack, index, self.hands[seat])
        self.hands[seat] = taken
        self.custody[seat] = ((seat, Via.STACK),)
        self.emit(_EV_EXCHANGE_WITH_STACK, rule, seat, amount=1 if bottom else 0)

    # ---- marks

    def lose_mark(self, seat: int, rule: str) -> None:
        self.marks = _put(self.marks, seat, self.marks[seat] - 1)
        self.virgins = _put(self.virgins, seat, False)
        self.emit(_EV_MARK_LOST, rule, seat, amount=1)
        if self.marks[seat] == 0:
            # K15: put out during the deal: his card is dead
            self.dead = _put(self.dead, seat, True)
            self.emit(_EV_OUT, self.cite["out"], seat)
            if self.rules.dead_cards == "under-stack":
                self.stack += (self.hands[seat],)
                self.hands[seat] = None
                self.custody[seat] = ()
                self.emit(_EV_DEAD_CARD_UNDER_STACK, "L10", seat)
            self.went_out((seat,))

    def gain_mark(self, seat: int, rule: str, other: Optional[int] = None) -> None:
        self.marks = _put(self.marks, seat, self.marks[seat] + 1)
        if self.rules.virgin_after_gain == "not-virgin":
            self.virgins = _put(self.virgins, seat, False)  # Q8 'not-virgin'
        self.emit(_EV_MARK_GAINED, rule, seat, other, amount=1)

    # ---- going out and buying back (K16-K18, L11, Q1)

    def went_out(self, group: tuple[int, ...]) -> None:
        """Record seats going out together; price their buy-back by the ruleset."""
        self.out_this_deal += (group,)
        rules = self.rules
        offers = _buy_back_offers(rules, group, self.eliminations, self.reentries)
        self.eliminations += len(group)
        if rules.buy_back == "immediate" and self.virgin_remains():
            self.pending += offers  # L11: decided at once (see suspend_for_buy_back)
        elif rules.buy_back == "after-deal":
            self.pending += offers  # K17: decided after the deal, if a virgin remains then

    def virgin_remains(self) -> bool:
        return _virgin_remains(self.virgins, self.marks)

    def ask_next_buy_back(self) -> None:
        seat, price, self.pending = _first_offer(self.pending, self.reentries)
        self.phase, self.actor, self.target = Phase.BUY_BACK, seat, None
        self.emit(_EV_BUY_BACK_OFFER, self.cite["buy-back"], seat, amount=price)

    def suspend_for_buy_back(self) -> None:
        """L11: a player going out during the deal decides at once; the deal waits."""
        if self.pending and self.phase in DEAL_PHASES and self.rules.buy_back == "immediate":
            self.suspended = (self.phase, self.actor, self.target, self.cursor)
            self.ask_next_buy_back()

    def buy_back_decision(self, buys: bool) -> None:
        (seat, price), self.pending = self.pending[0], self.pending[1:]
        rule = self.cite["buy-back"]
        if buys:
            self.marks = _put(self.marks, seat, self.rules.initial_marks)
            self.virgins = _put(self.virgins, seat, False)
            self.pot += price * self.rules.stake
            self.reentries += 1
            self.emit(_EV_BUY_BACK, rule, seat, amount=price)
        else:
            self.emit(_EV_DECLINE_BUY_BACK, rule, seat)
        if buys and self.suspended is not None:
            self.reenter_during_deal(seat)
        if self.pending:
            self.ask_next_buy_back()
        elif self.suspended is not None:
            self.phase, self.actor, self.target, self.cursor = self.suspended
            self.suspended = None
        else:
            self.after_buy_backs()

    def reenter_during_deal(self, seat: int) -> None:
        """Q7: ``seat`` went out during the deal and bought back at once (L11).  His card went
        under the stack (L10), so under 'next-deal' he takes no further part in this deal.
        Under 'fresh-card' he is dealt a new card now, from where the deal comes (L2: the top,
        ``deal_to``), and is a live player again: if play has not reached his place yet he
        decides when it does (``advance`` finds him dealt), if it has passed he holds the card
        to the showdown.  His custody starts afresh (dealt), so K13's undo and L8's way back
        treat him as a player dealt this card.  A dead card that stays in his hand (K15, not
        L10) leaves him a card, dead, and nothing is dealt."""
        if self.hands[seat] is not None or self.rules.buy_back_card != "fresh-card":
            return
        self.dead = _put(self.dead, seat, False)
        self.deal_to(seat)

    # ---- the end of a deal

    def showdown(self, moved: Optional[Moved] = None) -> None:
        """K15: the live cards are compared (:func:`cucu_ref.game.scoring.evaluate`); marks are lost
        and gained, players without marks go out, and the next deal or the match's end follows.
        ``moved``: the comparison's marks lost and gained, when a fast path has made it already."""
        rules, dead, order = self.rules, self.dead, self.order
        if moved is None:
            moved = _compare(rules, order, self.hands, dead, self.guarantees, self.hinted, self.marks)
        self.emit(_EV_SHOWDOWN, self.cite["showdown"])
        losers, gainers = moved
        for seat, rule in losers:
            self.marks = _put(self.marks, seat, self.marks[seat] - 1)
            self.virgins = _put(self.virgins, seat, False)
            self.emit(_EV_MARK_LOST, rule, seat, amount=1)
        for seat, rule in gainers:
            self.gain_mark(seat, rule)
        marks = self.marks
        gone = tuple([s for s in order if marks[s] <= 0 and not dead[s]])
        for seat in gone:
            self.marks = _put(self.marks, seat, 0)
            self.emit(_EV_OUT, self.cite["out"], seat)
        if max(self.marks) <= 0:
            self.everybody_out()
            return
        if gone:
            self.went_out(gone)
        if rules.buy_back == "after-deal" and not self.virgin_remains():
            self.pending = ()  # K17: 'solange es eine oder mehrere Jungfrauen gibt'
        if self.pending:
            self.ask_next_buy_back()
        else:
            self.after_buy_backs()

    def everybody_out(self) -> None:
        """K18 / D8 / Z11 / S6: everybody still in went out in this deal."""
        rules = self.rules
        if rules.all_out == "joint-winners":
            # S6, first rule: the players of this deal (all of them went out) share the pot
            for seat in self.order:
                self.emit(_EV_JOINT_WINNER, "S6", seat, amount=self.pot)
            self.phase, self.actor, self.target, self.pending = Phase.MATCH_OVER, None, None, ()
            return
        if rules.all_out == "keep-last-life":
            # S6, second rule: they keep their last life; players out before stay out
            for seat in self.order:
                self.marks = _put(self.marks, seat, 1)
                self.emit(_EV_KEEP_LAST_LIFE, "S6", seat, amount=1)
            self.pending = ()
            self.next_deal()
            return
        n = len(self.marks)
        self.marks = (rules.initial_marks,) * n
        if rules.all_out == "restart-no-virgins":
            self.virgins = (False,) * n
            self.emit(_EV_RESTART, "K18")
        elif rules.all_out == "all-return":
            self.virgins = (True,) * n
            self.emit(_EV_RESTART, "D8")
        else:
            self.virgins = (True,) * n
            self.emit(_EV_DRAW, "Z11")
        self.eliminations = self.reentries = 0
        self.pending = ()
        self.next_deal()

    def after_buy_backs(self) -> None:
        """K3: the last player with marks wins the pot; otherwise the next deal."""
        last = _last_in_match(self.marks)
        if last is not None:
            self.winner = last
            self.emit(_EV_WINNER, self.cite["winner"], self.winner, amount=self.pot)
            self.phase, self.actor, self.target = Phase.MATCH_OVER, None, None
            return
        self.next_deal()

    def next_deal(self) -> None:
        # K2: the player right of the dealer deals next; D2: the next surviving seat
        nxt = _next_dealer(self.marks, self.dealer)
        self.emit(_EV_NEXT_DEALER, self.cite["next-dealer"], nxt)
        self.dealer = nxt
        self.phase, self.actor, self.target = Phase.SHUFFLE, None, None
        self.pending = ()


# The decision methods, by phase and kind of action: step() runs the one the action names
# once _legal_kinds has admitted it.
_DECISIONS: dict[str, dict[str, Callable[[_Step], None]]] = {
    Phase.DECIDE: {A.KEEP: _Step.keep, A.OFFER: _Step.offer, A.EXCHANGE_WITH_STACK: _Step.go_to_stack},
    Phase.DECIDE_BACKWARD: {A.KEEP: _Step.keep_back, A.OFFER: _Step.offer_back},
    Phase.TARGET_DECIDE: {A.EXCHANGE: _Step.agree, A.REFUSE_BY_PAYING: _Step.pay_to_refuse},
    Phase.INN_OFFERER: {A.INN_KEEP: _Step.inn_keep, A.INN_ASK: _Step.inn_ask},
    Phase.INN_KEEPER: {A.INN_ACCEPT: _Step.inn_accept, A.INN_REFUSE: _Step.inn_refuse},
    Phase.BUY_BACK: {A.BUY_BACK: _Step.buy_back, A.DECLINE: _Step.decline},
}


def _draw(rules: Rules, stack: tuple[Card, ...]) -> tuple[Card, tuple[Card, ...]]:
    """The card dealt from ``stack`` and the stack left: K4 the bottom card, L2 the top card."""
    if rules.deal_from == "bottom":
        return stack[-1], stack[:-1]
    return stack[0], stack[1:]


def _put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``values`` with ``values[index]`` replaced (``index`` counted from the start)."""
    return values[:index] + (value,) + values[index + 1:]


def _arresto_rule(rules: Rules, role: str) -> str:
    # the cat and the inn follow the option's source unless the ruleset cites its own rule
    if any(key == role for key, _ in rules.citations):
        return rules.cites(role)
    if role == CAT:
        return {"undo": "K13", "backward": "L8", "pay-holder": "Z5"}[rules.cat]
    if role == INN and rules.inn == "lu-stu":
        return "L7"
    return rules.cites(role)


def play(state: State, actions: Iterable[Action]) -> tuple[State, list[Event]]:
    """Apply several actions in turn."""
    events: list[Event] = []
    for action in actions:
        state, new = step(state, action)
        events.extend(new)
    return state, events
