"""The engine and both z3 models in lockstep (issue 15, item 3).

A hypothesis ``RuleBasedStateMachine`` deals the same cards to the engine
(cucu_ref.game.engine), the step model (cucu_ref.assurance.formal.model) and the small-step model
(cucu_ref.assurance.formal.parametric), then takes every decision in all three at once.  After each
decision it compares everything the three hold: each seat's card, the stack, marks, dead
cards, whose turn it is and in which phase, the guarantees, and the decisions open; at the
end of the deal, the marks after the showdown.  The small-step model's micro-states between
two decisions also satisfy the invariant z3 proves for every size.  A run is a match of several
deals (issue 28): after a deal the next is dealt to the seats still in, the buy-backs between
deals are decided, and after every step the State's match-level fields (pot, marks, virgins,
eliminations, re-entries, pending offers, dealer, winner) are compared with the match model's
(:mod:`.match`, written from the sources).

The deals are biased: the ruleset's event cards, fools and nullas are dealt far more often
than chance, and players on their last mark are common (so cards go dead, an innkeeper may
have nothing left to pay, the way back fines).  Sizes: the test
(tests/properties/test_lockstep.py) runs it under the profiles of tests/conftest.py (``ci``: 25
runs; ``HYPOTHESIS_PROFILE=thorough``: 1000), the mutation runner (:mod:`cucu_ref.assurance.formal.mutants`)
by :func:`run`; tables of 2 to 8 (the z3 proofs cover every size).  Here, not in the tests,
so that the mutation runner can run it on a mutated engine.
"""

from __future__ import annotations

from hypothesis import HealthCheck, note, settings
from hypothesis import Phase as HypothesisPhase  # not the game's Phase
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine, initialize, invariant, precondition, rule, run_state_machine_as_test,
)

from .. import directed
from ...formats.trace import HINT
from ...game import cards
from ...game.engine import legal_actions, new_match, step
from ...game.rulesets import PRESETS, Rules
from . import parametric as P
from . import pproofs
from .crosscheck import ALL_OUT_EVENTS, BIT, MODEL_PHASES
from .match import Follower, differences
from .model import DONE, INN_KEEP, INN_OFF, NONE, DECIDE, Model
from .plan import readings
from .props import _engine_stack
from .z3scoring import final_marks
from ...game.state import Action, ActionKind, Phase, State
from ...services.conformance.generate import row_features

READINGS = readings()
PHASE_OF = {Phase.DECIDE: DECIDE, Phase.INN_OFFERER: INN_OFF, Phase.INN_KEEPER: INN_KEEP}


def _biased_values(draw, rules, n):
    """The k = n + 2 card values a deal of ``n`` seats can reach: event cards, fools and nullas
    drawn first and often."""
    pack = list(cards.PACKS[rules.pack].cards)
    favoured = [c for c in pack if c.value in rules.role_of or c.is_fool or c.value == 0]
    chosen: list = []
    left = list(pack)
    for _ in range(n + 2):  # six draws in ten from the favoured cards still in the pack
        pool = [c for c in left if c in favoured] if draw(st.integers(0, 9), label="favour") < 6 else left
        pool = pool or left
        card = pool[draw(st.integers(0, len(pool) - 1), label="card")]
        left.remove(card)
        chosen.append(card)
    return [c.value for c in chosen]


@st.composite
def biased_deals(draw):
    """(rules, n, the k = n + 2 card values the deal can reach, marks): event cards, fools and
    nullas drawn first and often, marks of 1 common."""
    rules = draw(st.sampled_from(READINGS), label="rules")
    n = draw(st.integers(rules.min_players, min(rules.max_players, 8)), label="seats")
    vals = _biased_values(draw, rules, n)
    marks = [draw(st.sampled_from((1, 1, 1, 2, 3)), label="marks") for _ in range(n)]
    return rules, n, vals, marks


class Lockstep(RuleBasedStateMachine):
    """Matches of several deals: each deal in three implementations, every decision taken in
    all three; the match between deals (buy-backs, restarts, the dealer, the winner) in the
    engine and the match model (:mod:`.match`), compared after every step (issue 28)."""

    @initialize(deal=biased_deals())
    def deal(self, deal):
        self._start(deal)

    @precondition(lambda self: self.engine.phase == Phase.MATCH_OVER)
    @rule(deal=biased_deals())
    def another_match(self, deal):
        self._start(deal)

    @precondition(lambda self: self.engine.phase == Phase.SHUFFLE)
    @rule(data=st.data())
    def next_deal(self, data):
        # the match goes on: the seats still holding marks are dealt, with the engine's own marks
        rules = self.engine.rules
        vals = _biased_values(data.draw, rules, sum(m > 0 for m in self.engine.marks))
        note(f"next deal: stack={vals}")
        self._begin(self.engine, _engine_stack(rules, vals, len(vals)), self.follower)

    @precondition(lambda self: self.engine.phase == Phase.BUY_BACK and self.engine.suspended is None)
    @rule(buys=st.booleans())
    def buy_back(self, buys):
        # K17 after the deal; L11 for players who went out together at the showdown
        self._engine_step(Action(ActionKind.BUY_BACK if buys else ActionKind.DECLINE, self.engine.actor))
        self.deal_ended = False

    def _start(self, deal):
        rules, n, vals, marks = deal
        note(f"{rules.name} n={n} stack={vals} marks={marks}")
        # the engine: a whole pack holding these cards where the deal reaches them
        state = new_match(rules, [f"p{i}" for i in range(n)], dealer=n - 1)
        state = state.replace(marks=tuple(marks), virgins=tuple(m == rules.initial_marks for m in marks))
        self._begin(state, _engine_stack(rules, vals, n + 2))

    def _engine_step(self, action):
        self.engine, events = step(self.engine, action)
        self.events = list(events)
        self.follower.follow(events)

    def _begin(self, state, stack, follower=None):
        """The deal of ``state`` (before its shuffle) from ``stack``, in all three: the models
        are given the k = n + 2 cards the deal can reach (``_engine_stack``'s places), the seats
        in the deal's order (the dealer last) with their marks; the match model follows the
        match from ``state`` (``follower``: the one following it already)."""
        rules = state.rules
        self.follower = follower or Follower(state)
        self.engine, self.deal_ended, self.reentered = state, False, set()
        self._engine_step(Action(ActionKind.SHUFFLE, stack=stack))
        self.order = self.engine.order
        n = len(self.order)
        k = n + 2
        head = 1 if rules.deal_from == "bottom" else k - 1  # the top cards the deal can reach
        vals = [c.value for c in stack[:head] + stack[len(stack) - (k - head):]]
        marks = [state.marks[seat] for seat in self.order]
        self.rules, self.n, self.vals, self.k, self.stack = rules, n, vals, k, stack
        self.rest = list(stack[head:len(stack) - (k - head)])
        # the step model and the small-step model
        self.model = Model(rules, n)
        self.s = self.model.initial(list(range(self.k)), vals, marks)
        self.pm = P.PModel(rules, n, self.k, P.Arr(NONE, dict(enumerate(vals))))
        self.p, trail = P.run_to_decision(self.pm, self.pm.initial(marks))
        self.micro = [self.pm.initial(marks)] + trail

    # ---- the decision

    def _in_deal(self):
        return self.engine.phase in MODEL_PHASES

    @precondition(lambda self: self._in_deal())
    @rule(offer=st.booleans(), buys=st.booleans())
    def decide(self, offer, buys=False):
        legal = legal_actions(self.engine)
        action = next((a for a in legal if BIT[a.kind] == offer), legal[0])
        d = BIT[action.kind]
        self._engine_step(action)
        events = self.events
        while self.engine.phase == Phase.BUY_BACK and self.engine.suspended is not None:
            # L11: a buy-back in mid-deal; under Q7 'next-deal' he takes no further part in this
            # deal, so the deal models go on with him out (his marks theirs zero, see _marks_in_deal);
            # under 'fresh-card' he would be dealt again, which they do not model: declined
            seat = self.engine.actor
            again = buys and self.rules.buy_back_card == "next-deal"
            self._engine_step(Action(ActionKind.BUY_BACK if again else ActionKind.DECLINE, seat))
            self.reentered |= {seat} if again else set()
            events += self.events
        self.events = events
        self.s = self.model.step(self.s, d)
        self.p = self.pm.step(self.p, d)
        self.micro = [self.p]
        self.p, trail = P.run_to_decision(self.pm, self.p)
        self.micro += trail
        self.deal_ended = not self._in_deal()

    # ---- what all three hold

    def _between_deals(self):
        """After a buy-back, or before the next deal's shuffle: the deal models' last word was
        the deal's end, compared then."""
        return not self._in_deal() and not self.deal_ended

    @invariant()
    def same_phase_and_turn(self):
        e, s, p = self.engine, self.s, self.p
        if self._between_deals():
            return
        if self._in_deal():
            assert s.phase == p.phase == PHASE_OF[e.phase], (e.phase, s.phase, p.phase)
            assert self.order[s.actor] == self.order[p.actor] == e.actor
            if e.phase in (Phase.INN_OFFERER, Phase.INN_KEEPER):
                assert self.order[s.target] == self.order[p.target] == e.target
        else:
            assert s.phase == p.phase == DONE, (e.phase, s.phase, p.phase)

    @invariant()
    def same_cards(self):
        if self._between_deals():
            return
        e, s, p = self.engine, self.s, self.p
        for j, seat in enumerate(self.order):
            card = e.hands[seat]
            mine = None if s.hval[j] == NONE else s.hval[j]
            small = None if P.sel(p.hid, j) == NONE else self.vals[P.sel(p.hid, j)]
            assert (None if card is None else card.value) == mine == small, (j, card, mine, small)
            assert bool(e.dead[seat]) == bool(s.dead[j]) == bool(P.sel(p.dead, j)), j
            assert s.guar[j] == P.sel(p.guar, j)
            guaranteed = [k for o, k in e.guarantees if o == seat]
            assert (self.order[s.guar[j]] if s.guar[j] >= 0 else None) == (guaranteed[0] if guaranteed else None)

    @invariant()
    def same_stack(self):
        if self._between_deals():
            return
        # the engine's stack is the model's window with the untouched middle of the pack inside it
        window = [self.s.sval[i] for i in range(self.s.lo, self.s.hi + 1)]
        small = [self.vals[P.sel(self.p.sid, i)] for i in range(self.p.lo, self.p.hi + 1)]
        assert window == small
        engine = [c.value for c in self.engine.stack]
        rest = [c.value for c in self.rest]
        assert any(engine == window[:a] + rest + window[a:] for a in range(len(window) + 1)), (engine, window)

    def _marks_in_deal(self):
        """The engine's marks of the deal's seats in its order; a player who went out and bought
        back during this deal (L11, Q7 'next-deal') holds the starting marks (K17) and is out of
        the deal, his marks the deal models' zero."""
        e = self.engine
        assert all(e.marks[seat] == self.rules.initial_marks for seat in self.reentered), self.reentered
        return [0 if seat in self.reentered else e.marks[seat] for seat in self.order]

    @invariant()
    def same_marks(self):
        s, p = self.s, self.p
        if self._in_deal():
            assert self._marks_in_deal() == list(s.marks) == [P.sel(p.marks, j) for j in range(self.n)]
            return
        if self._between_deals():
            return  # buy-backs since the showdown: the match model's (same_match)
        if any(ev.kind in ALL_OUT_EVENTS for ev in self.events):
            return  # K18, D8, Z11 (S6's too): everybody's marks start again
        engine = self._marks_in_deal()
        after = final_marks(self.model, s)[0]  # the showdown by the engine's own scoring, on z3's side
        assert engine == after, (engine, after)
        assert all(m >= 0 for m in after)  # nobody pays more than he holds

    @invariant()
    def same_match(self):
        # K16-K18, L11, Q1, D8, Z11, S6, K2, K3: the State's match-level fields are the match model's
        diff = differences(self.engine, self.follower.s)
        assert not diff, diff

    @invariant()
    def same_decisions_open(self):
        if not self._in_deal():
            return
        engine = {BIT[a.kind] for a in legal_actions(self.engine)}
        at_dealer = self.s.phase == DECIDE and self.s.cursor == self.n - 1
        model = {False} if at_dealer and self.rules.dealer_exchange == "none" else {False, True}
        assert engine == model, (self.engine.phase, engine, model)

    @invariant()
    def small_steps_keep_the_invariant(self):
        cx = pproofs.Ctx(self.pm)
        for st_ in self.micro:
            if st_.phase == DONE:
                assert all(x is True for name in pproofs.FINAL_PARTS for x in pproofs.PARTS[name](cx, st_))
            else:
                assert all(x is True for x in pproofs.invariant(cx, st_, self.rules))



STEPS = 24  # steps per machine run (decisions, deals and buy-backs: a few deals of a match)


# The micro-states' invariant is checked on the directed sample's tables up to this size, as on
# the random machine's (2 to 8): its cost grows with the square of the seats (a 20-seat deal
# costs 50 ms a decision), and z3 proves it for every size (pproofs)
DIRECTED_MICRO_SEATS = 8


def _check(machine: Lockstep) -> None:
    machine.same_phase_and_turn()
    machine.same_cards()
    machine.same_stack()
    machine.same_marks()
    machine.same_decisions_open()
    machine.same_match()
    if machine.n <= DIRECTED_MICRO_SEATS:
        machine.small_steps_keep_the_invariant()


def directed_rulesets() -> list[Rules]:
    """The presets the models know (:func:`~cucu_ref.assurance.formal.plan.rulesets`) under their
    own readings: those the directed sample has vectors for."""
    return [r for r in READINGS if PRESETS.get(r.name) == r]


def run_directed(rules: Rules) -> dict[str, str]:
    """The machine on every deal of ``rules``' directed sample (:mod:`cucu_ref.assurance.directed`,
    issue 28), in its order, deterministically: each deal from the state the engine starts it in,
    every decision of the deal's record taken in all three (by its bit; an L11 buy-back in mid-deal
    declined, as in :meth:`Lockstep.decide`), everything compared after each.  Raises the first
    disagreement; returns situation -> the first vector whose deal, as the machine played it,
    reaches it (the coverage model's situations, read from the engine's events)."""
    reached: dict[str, str] = {}
    row: list[State] = []
    for deal, start, steps in directed.played(rules):
        row = [start] if deal.in_row == 0 else row + [start]  # a row's deals, each from the state the last left
        machine = Lockstep()
        machine._begin(start, deal.shuffle.stack)
        events = list(machine.events)
        _check(machine)
        for before, action, *_ in steps[1:]:
            if not machine._in_deal():
                break
            if before.phase not in MODEL_PHASES or action.kind == HINT:
                continue  # a hint (Z7) or a buy-back: no decision of the models'
            machine.decide(BIT[action.kind])
            events += machine.events
            _check(machine)
        found = directed.situations_of(deal.trace, events, machine.engine)
        for situation in found | (row_features(row) if deal.in_row else set()):
            reached.setdefault(situation, deal.vector)
    return reached


def run(examples: int, seed: int = 0) -> None:
    """Run the machine ``examples`` times, derandomized from ``seed``: raises the first
    disagreement (an AssertionError naming what differs) or any error the three raise."""
    run_state_machine_as_test(Lockstep, settings=settings(
        max_examples=examples, stateful_step_count=STEPS, deadline=None, derandomize=True, database=None,
        suppress_health_check=list(HealthCheck), phases=[HypothesisPhase.generate], print_blob=False,
        report_multiple_bugs=False))
