# FROZEN COPY, do not edit: cucu_ref/game/engine.py as of commit 33dfe7d, the engine on main before
# issue 13's rewrite was merged (2c552f0 with oracle's S4, S6 and Q2 'always' pieces, the
# ruleset's own rule for whose turn it is, and assurance's marks and table for the showdown),
# its relative imports made absolute.  It is the reference the rewritten engine is checked
# against (tests/equivalence/), so a clean clone needs no git history.  It shares the value
# types (cards, rulesets, state) and the showdown (scoring) with the package: what is compared
# is the engine's own logic.  Since issue 26 it keeps its own State (frozen_state.py: the package's
# State changed shape); frozen_as_new.py hands it the package's States and takes them back.
# ruff: noqa
"""The pure engine: ``step(state, action) -> (state, events)`` and ``legal_actions``.

No I/O, no globals, no randomness: the shuffle is an action that carries the
stack (see :func:`shuffled_stack` for a seeded one).  Every event names the rule
that caused it.  Options of the ruleset steer every branch; preset names never do.
"""

from __future__ import annotations

import random
from typing import Iterable, Optional, Sequence

from cucu_ref.game.cards import PACKS, Card
from cucu_ref.game.rulesets import CAT, CUCKOO, HORSE, HUNTER, INN, Rules
from cucu_ref.game.scoring import evaluate
from cucu_ref.game.state import Action, ActionKind, Event, Phase, Via

from reference.frozen_state import State  # (issue 26: the package's State changed shape; this is the one this engine was written for)

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


class IllegalActionError(ValueError):
    """An action the rules do not allow in this state; names the rule."""

    def __init__(self, message: str, rule: str):
        super().__init__(f"{message} [{rule}]")
        self.rule = rule
        self.reason = message


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
    if rules.piquet_below_seven == "yes" and n < 7 and rules.pack == "french-52":
        # F1: the 32-card piquet pack with fewer than seven players, fixed for the match
        rules = rules.with_options({"pack": "french-32"})
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

    def draw_rank(card: Card) -> float:
        if card.is_fool and rules.seating_fool == "fourteen-and-a-half":
            return 14.5
        return float(card.value)

    ranked = sorted(zip(names, drawn), key=lambda nc: -draw_rank(nc[1]))
    # the dealer (highest) then the rest in descending order to his right: in play order the
    # dealer's right neighbour is the next seat, so the dealer sits last and the rest follow
    # from the second highest; we put the dealer at seat n-1.
    seated = ranked[1:] + ranked[:1]
    return tuple(n for n, _ in seated), len(names) - 1, tuple(c for _, c in seated)


def shuffled_stack(rules: Rules, seed: "int | random.Random") -> tuple[Card, ...]:
    """The whole pack in an order fixed by ``seed`` (an int, or a ``random.Random`` to draw
    from), top first."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    draw = rng.random
    # a uniform permutation: sort by independent uniform keys (ties have probability ~2^-53);
    # about twice as fast as random.shuffle, whose Python loop was a fifth of a deal's time
    return tuple(sorted(PACKS[rules.pack].cards, key=lambda _card: draw()))


# --------------------------------------------------------------------------- queries


def is_chance(state: State) -> bool:
    """True when the next action is the shuffle (chance), not a player's decision."""
    return state.phase == Phase.SHUFFLE


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal decision now.  Empty for a chance node (see :func:`is_chance`) and
    at the end of the match."""
    seat = state.actor
    return tuple(Action(kind, seat) for kind in _legal_kinds(state))


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


def _legal_kinds(state: State) -> tuple[str, ...]:
    """The kinds of decision the actor may take now: the single place the rules of whose
    decision it is are written (``legal_actions`` and ``step`` both ask it)."""
    if state.phase != Phase.DECIDE:
        return _PHASE_KINDS.get(state.phase, ())
    rules, seat = state.rules, state.actor
    received = state.custody[seat][-1][1] != Via.DEALT
    if received and rules.may_offer_after_receiving == "no":
        return _KEEP_ONLY  # R2: no player may exchange more than once
    if seat == state.dealer:
        if rules.dealer_exchange == "none" or (
            rules.dealer_exchange == "talon-top-if-received-ace"
            and not (received and state.hands[seat].value == 1)  # A4: only after receiving an ace
        ):
            return _KEEP_ONLY
        return _KEEP_OR_STACK
    return _KEEP_OR_OFFER


# --------------------------------------------------------------------------- table talk


def note_hint(state: State, seat: int) -> tuple[State, tuple[Event, ...]]:
    """Z7: record that ``seat`` hinted at holding a fool.  Table talk is not a decision of
    the deal (K20), so :func:`legal_actions` never offers it; it may be noted at any point
    of a deal, and only matters where ``fool_hint = forfeits-gain``."""
    if state.phase not in _DEAL_PHASES:
        raise IllegalActionError("a hint is noted during a deal", "Z7")
    if not 0 <= seat < len(state.players) or seat not in state.order:
        raise IllegalActionError(f"seat {seat} takes no part in this deal", "Z7")
    if seat in state.hinted:
        return state, ()
    return state._replace(hinted=state.hinted + (seat,)), (Event("hint", "Z7", seat),)


# --------------------------------------------------------------------------- the step


def step(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Apply ``action``; return the new state and what happened.  ``state`` is untouched."""
    if state.phase == Phase.MATCH_OVER:
        raise IllegalActionError("the match is over", "K3")
    if state.phase == Phase.SHUFFLE:
        if action.kind != A.SHUFFLE:
            raise IllegalActionError(f"the next deal must be shuffled first, not {action.kind!r}", "K4")
        return _start_deal(state, action.stack)
    if action.kind == A.SHUFFLE:
        raise IllegalActionError("the deal is in progress; no shuffle now", "K4")
    if action.seat != state.actor:
        who = state.players[state.actor] if state.actor is not None else "nobody"
        raise IllegalActionError(f"it is {who}'s decision (seat {state.actor}), not seat {action.seat}'s", rule_forbidding(state))
    if action.kind not in _legal_kinds(state) or action.stack is not None:
        raise IllegalActionError(f"{action.kind!r} is not a decision open in phase {state.phase!r}",
                                 rule_forbidding(state, action))
    w = _Work(state)
    kind = action.kind
    if state.phase == Phase.DECIDE_BACKWARD:
        w.backward_decision(offer=kind == A.OFFER)
    elif state.phase == Phase.TARGET_DECIDE:
        w.target_decision(exchange=kind == A.EXCHANGE)
    elif kind == A.KEEP:
        w.emit("keep", state.rules.cites("dealer-exchange" if w.seat_is_dealer(w.actor) else "keep"), w.actor)
        if w.seat_is_dealer(w.actor):
            w.showdown()
        else:
            w.advance(w.cursor + 1)
    elif kind == A.OFFER:
        w.emit("offer", state.rules.cites("offer"), w.actor)
        w.request(w.actor, w.cursor + 1)
    elif kind == A.EXCHANGE_WITH_STACK:
        bottom = state.rules.dealer_exchange == "stack-bottom"
        drawn = state.stack[-1 if bottom else 0]
        if state.rules.dealer_draws_king == "keeps-own" and w.refuses(drawn):
            w.emit("stack-king", "S4", w.actor, card=drawn)  # S4: a king cut from the stock goes back
        else:
            w.exchange_with_stack(w.actor, bottom=bottom, rule=state.rules.cites("dealer-exchange"))
        w.showdown()
    elif kind == A.INN_KEEP:
        w.emit("keep-after-fermatevi", state.rules.cites(INN), w.actor, w.target)
        w.play_on_after_arresto(w.order.index(w.target))
    elif kind == A.INN_ASK:
        w.emit("ask-pagherai-se-null", state.rules.cites(INN), w.actor, w.target)
        w.phase, w.actor, w.target = Phase.INN_KEEPER, w.target, w.actor
    elif kind in (A.INN_ACCEPT, A.INN_REFUSE):
        w.inn_answer(keeper=w.actor, offerer=w.target, accepted=kind == A.INN_ACCEPT)
    elif kind in (A.BUY_BACK, A.DECLINE):
        w.buy_back_decision(kind == A.BUY_BACK)
    w.suspend_for_buy_back()
    return w.freeze(), tuple(w.events)


def rule_forbidding(state: State, action: Optional[Action] = None) -> str:
    """The rule that forbids ``action`` now (or that says whose turn it is)."""
    rules, phase = state.rules, state.phase
    if phase == Phase.DECIDE and action is not None and action.seat == state.actor:
        received = state.custody[action.seat][-1][1] != Via.DEALT
        if action.kind in (A.OFFER, A.EXCHANGE_WITH_STACK) and received and rules.may_offer_after_receiving == "no":
            return "R2"
        if action.kind == A.OFFER and action.seat == state.dealer:
            return "K8"  # the dealer decides last: keep or the stack, never an offer
        if action.kind == A.EXCHANGE_WITH_STACK:
            if action.seat != state.dealer:
                return "K8"  # only the dealer goes to the stack
            return rules.cites("dealer-exchange")
    return {
        Phase.DECIDE: rules.cites("keep"),  # K5, or the ruleset's own rule for whose turn it is (F3, S2 ...)
        Phase.DECIDE_BACKWARD: "L8",
        Phase.TARGET_DECIDE: "Q9",
        Phase.INN_OFFERER: "K14",
        Phase.INN_KEEPER: "L7" if rules.inn == "lu-stu" else "K14",
        Phase.BUY_BACK: "L11" if rules.buy_back == "immediate" else "K17",
    }.get(phase, "K5")


def _start_deal(state: State, stack: Optional[Sequence[Card]]) -> tuple[State, tuple[Event, ...]]:
    rules = state.rules
    pack = PACKS[rules.pack]
    if stack is None or not pack.is_permutation(stack):
        raise IllegalActionError(f"the shuffle must hold exactly the {pack.size} cards of {pack.name}", "C1")
    w = _Work(state)
    w.stack = list(stack)
    n = len(state.players)
    in_match = [m > 0 for m in state.marks]
    # K4/D2: dealing starts right of the dealer and goes round to the dealer, who is last
    w.order = tuple(s for s in ((state.dealer + k) % n for k in range(1, n + 1)) if in_match[s])
    w.hands = [None] * n
    w.custody = [()] * n
    w.dead = (False,) * n
    w.guarantees, w.hinted, w.out_this_deal = (), (), ()
    w.deal_number = state.deal_number + 1
    w.emit("shuffle", rules.cites("shuffle"), state.dealer)
    if rules.dealing == "all-first":
        for seat in w.order:
            w.deal_to(seat)
    w.advance(0)
    return w.freeze(), tuple(w.events)


class _Work:
    """A mutable scratch copy of one state, used inside a single ``step`` and then frozen.

    Keeping the mutation inside one call keeps the public values immutable while the
    rules read as plain sequential code."""

    def __init__(self, s: State):
        self.s = s
        self.rules = s.rules
        self.marks = list(s.marks)
        # Fields that change rarely stay tuples and are rebuilt when they do (see _put);
        # the ones most steps change are copied into lists once.
        self.virgins = s.virgins
        self.dealer = s.dealer
        self.pot = s.pot
        self.eliminations = s.eliminations
        self.reentries = s.reentries
        self.deal_number = s.deal_number
        self.phase = s.phase
        self.actor = s.actor
        self.target = s.target
        self.order = s.order
        self.cursor = s.cursor
        self.stack = list(s.stack)
        self.hands = list(s.hands)
        self.custody = list(s.custody)
        self.dead = s.dead
        self.guarantees = s.guarantees
        self.hinted = s.hinted
        self.out_this_deal = s.out_this_deal
        self.pending = s.pending
        self.winner = s.winner
        self.suspended = s.suspended
        self.events: list[Event] = []

    def freeze(self) -> State:
        return State(
            self.rules, self.s.players, tuple(self.marks), self.virgins, self.dealer, self.pot,
            self.eliminations, self.reentries, self.deal_number, self.phase, self.actor, self.target,
            self.order, self.cursor, tuple(self.stack), tuple(self.hands), tuple(self.custody),
            self.dead, self.guarantees, self.hinted, self.out_this_deal,
            self.pending, self.winner, self.suspended,
        )

    def emit(self, kind: str, rule: str, seat: Optional[int] = None, other: Optional[int] = None,
             card: Optional[Card] = None, amount: int = 0) -> None:
        self.events.append(_new_event((kind, rule, seat, other, card, amount)))

    def seat_is_dealer(self, seat: Optional[int]) -> bool:
        return seat == self.dealer

    # ---- dealing and turn order

    def deal_to(self, seat: int) -> None:
        # K4: the bottom card; L2: the top card
        card = self.draw()
        self.hands[seat] = card
        self.custody[seat] = ((seat, Via.DEALT),)
        self.emit("deal", self.rules.cites("deal"), seat, card=card)
        if seat == self.dealer and self.rules.dealer_takes == 3:
            # F2: the dealer takes three, keeps the highest, puts the other two under the talon
            cards = sorted([card, self.draw(), self.draw()], key=lambda c: c.value, reverse=True)
            self.hands[seat] = cards[0]
            self.stack.extend(cards[1:])
            self.emit("dealer-keeps-highest", "F2", seat, card=cards[0], amount=2)

    def draw(self) -> Card:
        return self.stack.pop() if self.rules.deal_from == "bottom" else self.stack.pop(0)

    def ensure_dealt(self, seat: int) -> None:
        if self.hands[seat] is None:
            self.deal_to(seat)

    def advance(self, index: int) -> None:
        """Play goes on with the seat at ``index`` of the deal order (K6, K10-K14)."""
        if index >= len(self.order):
            self.showdown()
            return
        seat = self.order[index]
        self.ensure_dealt(seat)
        self.phase, self.actor, self.target, self.cursor = Phase.DECIDE, seat, None, index

    # ---- requests and event cards

    def role(self, seat: int) -> Optional[str]:
        card = self.hands[seat]
        return self.rules.role_of.get(card.value) if card is not None and card.pack == _family(self.rules) else None

    def refuses(self, card: Card) -> bool:
        """True for a card that refuses an exchange: the cuckoo's role (C2; the French king, F3)."""
        return card.pack == _family(self.rules) and self.rules.role_of.get(card.value) == CUCKOO

    def request(self, offerer: int, index: int) -> None:
        """``offerer`` asks the seat at ``index`` (and past horses) to exchange (K7, K10-K14)."""
        while True:
            target = self.order[index]
            if target == self.dealer and self.rules.last_request_to == "talon":
                self.request_talon(offerer)
                self.advance(index)
                return
            self.ensure_dealt(target)
            role = self.role(target)
            if role is None:
                if self.rules.refuse_by_paying == "yes":
                    # Q9 (Zeh, third paragraph): the target may pay a mark rather than exchange
                    self.phase, self.actor, self.target, self.cursor = Phase.TARGET_DECIDE, target, offerer, index
                    return
                self.swap(offerer, target, Via.EXCHANGE, self.rules.cites("exchange"))
                self.decide_after_receiving(target, index)
                return
            self.emit("arresto", _arresto_rule(self.rules, role), target, offerer, card=self.hands[target])
            if role == HORSE:
                if target == self.dealer:
                    # K12: the horse at the dealer: exchange with the top card of the stack
                    self.exchange_with_stack(offerer, bottom=self.rules.horse_at_dealer == "stack-bottom", rule="K12")
                    self.play_on_after_arresto(index)
                    return
                self.emit("skip", self.rules.cites(HORSE), target, offerer)
                index += 1
                continue
            if role == CUCKOO:
                self.play_on_after_arresto(index)  # K10: no exchange, no cost
            elif role == HUNTER:
                self.lose_mark(offerer, self.rules.cites(HUNTER))  # K11: the offerer keeps his card and pays
                self.play_on_after_arresto(index)
            elif role == CAT:
                self.cat(offerer, target)
                if self.phase != Phase.DECIDE_BACKWARD or self.target != target:
                    self.play_on_after_arresto(index)
            elif role == INN:
                if self.rules.inn == "lu-stu":
                    # L7: 'Tingh la Cas, che mi dai in cambio': the offerer bargains, the innkeeper answers
                    self.emit("inn-bargain", "L7", target, offerer)
                    self.phase, self.actor, self.target, self.cursor = Phase.INN_KEEPER, target, offerer, index
                else:
                    self.emit("fermatevi", self.rules.cites(INN), target, offerer)
                    self.phase, self.actor, self.target, self.cursor = Phase.INN_OFFERER, offerer, target, index
            return

    def request_talon(self, offerer: int) -> None:
        """F4: the last player exchanges with the talon, not the dealer; a king there forbids it."""
        if self.rules.talon_card == "top":
            index = 0
        else:
            # Q16 (Meyers): the bottom card, or the next one up if it is a king
            index = next((i for i in range(len(self.stack) - 1, -1, -1)
                          if self.rules.role_of.get(self.stack[i].value) != CUCKOO), len(self.stack) - 1)
        card = self.stack[index]
        if self.rules.role_of.get(card.value) == CUCKOO:
            self.emit("talon-king", "F4", offerer, card=card)
            return
        self.stack[index], self.hands[offerer] = self.hands[offerer], card
        self.custody[offerer] = ((offerer, Via.STACK),)
        self.emit("exchange-with-talon", "F4", offerer, card=None)

    def play_on_after_arresto(self, index: int) -> None:
        """K10-K14: play goes on with the player right of the targeted event card.  When that
        card is the dealer's, the round is over, unless Q2's 'targeted_dealer_decides' gives
        him his last decision all the same (K8).  Under Q2's 'targeted_holder_acts = always'
        (S2/S3: each player has one turn) the holder takes his own turn first."""
        holder = self.order[index]
        if holder == self.dealer:
            self.advance(index if self.rules.targeted_dealer_decides == "yes" else index + 1)
        elif self.rules.targeted_holder_acts == "always" and not self.dead[holder]:
            self.advance(index)
        else:
            self.advance(index + 1)

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
        self.lose_mark(offerer, self.rules.cites(CAT))
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
            if i < 0 or i == last - 1 and not to_dealer:
                if i >= 0 or not to_dealer or self.dealer in (holder, cat):
                    self.emit("way-back-ends", "Q5" if i < 0 else "L8", holder)
                    return False
                i, to_dealer = last, False  # Q5 'dealer': once past the first hand, to the dealer only
            target = self.order[i]
            if self.dead[target] or target == holder:
                i -= 1
                continue
            self.ensure_dealt(target)
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
            self.emit("arresto", "L8", target, holder, card=self.hands[target])
            if role == HORSE:
                self.emit("skip", "L8", target, holder)
                i -= 1
                continue
            if role in (HUNTER, CAT):
                self.lose_mark(holder, "L8")  # 'der letzte Spieler, der getauscht hat, muss eine Marke Strafe zahlen'
            self.emit("way-back-ends", "L8", holder)
            return False

    def backward_decision(self, offer: bool) -> None:
        holder, cat = self.actor, self.target
        if offer:
            self.emit("offer-back", "L8", holder)
            if self.backward(holder, self.cursor, cat):
                return
        else:
            self.emit("keep", "Q5", holder)
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
            self.emit("undo", self.rules.cites(CAT), partner, seat, card=self.hands[partner])
            seat = partner

    def inn_answer(self, keeper: int, offerer: int, accepted: bool) -> None:
        index = self.order.index(keeper)
        if self.rules.inn == "lu-stu":
            # L7: an accepted bargain is an exchange; 'fatt nu bicchijr' keeps the inn and guarantees
            if accepted:
                self.emit("accept", "L7", keeper, offerer)
                self.swap(offerer, keeper, Via.INN, "L7")
            else:
                self.emit("refuse", "L7", keeper, offerer)
                self.guarantees += ((offerer, keeper),)
            self.play_on_after_arresto(index)
            return
        if accepted:
            # K14: no exchange; the innkeeper pays if the offerer loses with a nulla
            self.emit("accept", self.rules.cites(INN), keeper, offerer)
            self.guarantees += ((offerer, keeper),)
            self.play_on_after_arresto(index)
            return
        self.emit("refuse", self.rules.cites(INN), keeper, offerer)
        self.swap(offerer, keeper, Via.INN, self.rules.cites(INN))
        if self.rules.targeted_holder_acts == "after-refused-inn":
            self.decide_after_receiving(keeper, index)  # D6: the former innkeeper acts normally
        else:
            self.play_on_after_arresto(index)  # K14: play goes on right of the inn

    # ---- moving cards

    def swap(self, a: int, b: int, via: str, rule: str) -> None:
        ca, cb = self.hands[a], self.hands[b]
        pa, pb = self.custody[a], self.custody[b]
        self.hands[a], self.hands[b] = cb, ca
        self.custody[a], self.custody[b] = pb + ((a, via),), pa + ((b, via),)
        self.emit("exchange", rule, a, b)

    def exchange_with_stack(self, seat: int, bottom: bool, rule: str) -> None:
        index = -1 if bottom else 0
        taken = self.stack[index]
        self.stack[index] = self.hands[seat]
        self.hands[seat] = taken
        self.custody[seat] = ((seat, Via.STACK),)
        self.emit("exchange-with-stack", rule, seat, amount=1 if bottom else 0)

    # ---- marks

    def lose_mark(self, seat: int, rule: str) -> None:
        self.marks[seat] -= 1
        self.virgins = _put(self.virgins, seat, False)
        self.emit("mark-lost", rule, seat, amount=1)
        if self.marks[seat] == 0:
            # K15: put out during the deal: his card is dead
            self.dead = _put(self.dead, seat, True)
            self.emit("out", self.rules.cites("out"), seat)
            if self.rules.dead_cards == "under-stack":
                self.stack.append(self.hands[seat])
                self.hands[seat] = None
                self.custody[seat] = ()
                self.emit("dead-card-under-stack", "L10", seat)
            self.went_out((seat,))

    def gain_mark(self, seat: int, rule: str, other: Optional[int] = None) -> None:
        self.marks[seat] += 1
        if self.rules.virgin_after_gain == "not-virgin":
            self.virgins = _put(self.virgins, seat, False)  # Q8 'not-virgin'
        self.emit("mark-gained", rule, seat, other, amount=1)

    # ---- going out and buying back (K16-K18, L11, Q1)

    def went_out(self, group: tuple[int, ...]) -> None:
        """Record seats going out together; price their buy-back by the ruleset."""
        self.out_this_deal += (group,)
        rules = self.rules
        same_price = rules.simultaneous_buy_back == "same-price" and len(group) > 1
        offers = []
        for k, seat in enumerate(group):  # ``group`` is in play order: McLeod's order (Q1)
            index = self.eliminations if same_price else self.eliminations + k
            if rules.buy_back_price == "by-elimination-order":
                offers.append((seat, 2 ** index))
            else:
                # L11: doubles with each re-entrant; fixed now only for a same-price group
                offers.append((seat, 2 ** self.reentries if same_price else 0))
        self.eliminations += len(group)
        if rules.buy_back == "immediate" and self.virgin_remains():
            self.pending += tuple(offers)  # L11: decided at once (see suspend_for_buy_back)
        elif rules.buy_back == "after-deal":
            self.pending += tuple(offers)  # K17: decided after the deal, if a virgin remains then

    def virgin_remains(self) -> bool:
        return any(v and m > 0 for v, m in zip(self.virgins, self.marks))

    def ask_next_buy_back(self) -> None:
        seat, price = self.pending[0]
        if price == 0:
            price = 2 ** self.reentries  # L11
            self.pending = ((seat, price),) + self.pending[1:]
        self.phase, self.actor, self.target = Phase.BUY_BACK, seat, None
        self.emit("buy-back-offer", self.rules.cites("buy-back"), seat, amount=price)

    def suspend_for_buy_back(self) -> None:
        """L11: a player going out during the deal decides at once; the deal waits."""
        if self.pending and self.phase in _DEAL_PHASES and self.rules.buy_back == "immediate":
            self.suspended = (self.phase, self.actor, self.target, self.cursor)
            self.ask_next_buy_back()

    def buy_back_decision(self, buys: bool) -> None:
        (seat, price), self.pending = self.pending[0], self.pending[1:]
        rule = self.rules.cites("buy-back")
        if buys:
            self.marks[seat] = self.rules.initial_marks
            self.virgins = _put(self.virgins, seat, False)
            self.pot += price * self.rules.stake
            self.reentries += 1
            self.emit("buy-back", rule, seat, amount=price)
        else:
            self.emit("decline-buy-back", rule, seat)
        if self.pending:
            self.ask_next_buy_back()
        elif self.suspended is not None:
            self.phase, self.actor, self.target, self.cursor = self.suspended
            self.suspended = None
        else:
            self.after_buy_backs()

    # ---- the end of a deal

    def showdown(self) -> None:
        live = [(s, self.hands[s]) for s in self.order if not self.dead[s]]
        dead = [(s, self.hands[s]) for s in self.order if self.dead[s] and self.hands[s] is not None]
        # marks: nobody pays more than he holds (Q12); table: K19 is a rule of the table of two
        result = evaluate(self.rules, live, dead, self.guarantees, self.hinted, explain=False,
                          marks=self.marks, table=len(self.order))
        self.emit("showdown", self.rules.showdown_rule)
        for seat, rule in result.losers:
            self.marks[seat] -= 1
            self.virgins = _put(self.virgins, seat, False)
            self.emit("mark-lost", rule, seat, amount=1)
        for seat, rule in result.gainers:
            self.gain_mark(seat, rule)
        gone = tuple(s for s in self.order if not self.dead[s] and self.marks[s] <= 0)
        for seat in gone:
            self.marks[seat] = 0
            self.emit("out", self.rules.cites("out"), seat)
        if not any(m > 0 for m in self.marks):
            self.everybody_out()
            return
        if gone:
            self.went_out(gone)
        if self.rules.buy_back == "after-deal" and not self.virgin_remains():
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
                self.emit("joint-winner", "S6", seat, amount=self.pot)
            self.phase, self.actor, self.target, self.pending = Phase.MATCH_OVER, None, None, ()
            return
        if rules.all_out == "keep-last-life":
            # S6, second rule: they keep their last life; players out before stay out
            for seat in self.order:
                self.marks[seat] = 1
                self.emit("keep-last-life", "S6", seat, amount=1)
            self.pending = ()
            self.next_deal()
            return
        for s in range(len(self.marks)):
            self.marks[s] = rules.initial_marks
        if rules.all_out == "restart-no-virgins":
            self.virgins = (False,) * len(self.marks)
            self.emit("restart", "K18")
        elif rules.all_out == "all-return":
            self.virgins = (True,) * len(self.marks)
            self.emit("restart", "D8")
        else:
            self.virgins = (True,) * len(self.marks)
            self.emit("draw", "Z11")
        self.eliminations = self.reentries = 0
        self.pending = ()
        self.next_deal()

    def after_buy_backs(self) -> None:
        still_in = [s for s, m in enumerate(self.marks) if m > 0]
        if len(still_in) == 1:
            self.winner = still_in[0]
            self.emit("winner", self.rules.cites("winner"), self.winner, amount=self.pot)
            self.phase, self.actor, self.target = Phase.MATCH_OVER, None, None
            return
        self.next_deal()

    def next_deal(self) -> None:
        n = len(self.marks)
        # K2: the player right of the dealer deals next; D2: the next surviving seat
        nxt = next(s for s in ((self.dealer + k) % n for k in range(1, n + 1)) if self.marks[s] > 0)
        self.emit("next-dealer", self.rules.cites("next-dealer"), nxt)
        self.dealer = nxt
        self.phase, self.actor, self.target = Phase.SHUFFLE, None, None
        self.pending = ()


def _family(rules: Rules) -> str:
    return PACKS[rules.pack].family


def _put(values: tuple, index: int, value: object) -> tuple:
    """``values`` with ``values[index]`` replaced."""
    return values[:index] + (value,) + values[index + 1:]


_new_event = Event._make  # positional construction: the hot path emits several events a step

_DEAL_PHASES = frozenset({
    Phase.DECIDE, Phase.DECIDE_BACKWARD, Phase.TARGET_DECIDE, Phase.INN_OFFERER, Phase.INN_KEEPER,
})

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
