"""Hypothesis properties of the engine: conservation, immutability, determinism, a state
machine that plays Campli and the digital four-player game through legal actions, and the
cat's undo (K13).

Sizes come from the profiles in tests/conftest.py (``ci``, ``dev``, ``thorough``).
"""

from __future__ import annotations

import copy

from hypothesis import event, given, note, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from cucu_ref.game.cards import PACKS
from cucu_ref.game.engine import is_chance, legal_actions, new_match, shuffled_stack, step
from cucu_ref.game.state import Action, ActionKind, Phase, Via

from helpers import CAMPLI, DIGITAL, card, cards_in_play, cat_offerer, check_invariants, pack_multiset

PACK = PACKS["cuccu-40"].cards
RULESETS = {"campli": CAMPLI, "digital-4p": DIGITAL}


def table_sizes(rules):
    return st.integers(rules.min_players, min(rules.max_players, 12))


@st.composite
def matches(draw, rulesets=("campli", "digital-4p")):
    """A fresh match: ruleset, players, dealer."""
    name = draw(st.sampled_from(rulesets))
    rules = RULESETS[name]
    n = draw(table_sizes(rules))
    dealer = draw(st.integers(0, n - 1))
    return new_match(rules, [f"p{i}" for i in range(n)], dealer=dealer)


def shuffles():
    """A shuffle: mostly one fixed by a seed (small for hypothesis to store and shrink), sometimes
    a permutation drawn element by element (which hypothesis can shrink towards sorted packs)."""
    seeded = st.integers(0, 2**32).map(lambda seed: Action(ActionKind.SHUFFLE, stack=shuffled_stack(CAMPLI, seed)))
    drawn = st.permutations(PACK).map(lambda p: Action(ActionKind.SHUFFLE, stack=tuple(p)))
    return st.one_of(seeded, seeded, drawn)


def play_steps(data, state, max_steps):
    """Play up to ``max_steps`` steps, hypothesis choosing every shuffle and decision; yield
    (before, action, after, events)."""
    for _ in range(max_steps):
        if state.phase == Phase.MATCH_OVER:
            return
        if is_chance(state):
            action = data.draw(shuffles(), label="shuffle")
        else:
            legal = legal_actions(state)
            action = legal[data.draw(st.integers(0, len(legal) - 1), label=f"{state.phase} {state.actor}")]
        after, events = step(state, action)
        yield state, action, after, events
        state = after


# --------------------------------------------------------------------------- conservation, immutability


@given(matches(), st.data())
def test_cards_are_conserved_and_marks_stay_non_negative_at_every_step(state, data):
    for before, action, after, events in play_steps(data, state, 100):
        check_invariants(before, action, after, events)
        if after.deal_number:
            assert cards_in_play(after) == pack_multiset(after.rules)


@given(matches(), st.data())
def test_step_never_modifies_its_input(state, data):
    # pyrsistent style: every state is a value; old states stay valid after any number of steps
    seen = []
    for before, action, after, events in play_steps(data, state, 80):
        seen.append((before, copy.deepcopy(before), hash(before)))
        again, again_events = step(before, action)  # stepping an old state again gives the same
        assert again == after and again_events == events
    for original, snapshot, h in seen:
        assert original == snapshot and hash(original) == h


@given(matches(), st.data())
def test_the_same_actions_give_the_same_states(state, data):
    actions, states = [], []
    for _, action, after, events in play_steps(data, state, 100):
        actions.append(action)
        states.append((after, events))
    replay = state
    for action, (after, events) in zip(actions, states):
        replay, replay_events = step(replay, action)
        assert replay == after and replay_events == events


@given(st.integers(2, 20), st.integers(0, 2**32))
def test_a_seeded_playout_is_deterministic(n, seed):
    from cucu_ref.game.playout import play_match

    state = new_match(CAMPLI, [f"p{i}" for i in range(n)])
    assert play_match(state, seed) == play_match(state, seed)


# --------------------------------------------------------------------------- the cat's undo (K13)


@st.composite
def cat_deals(draw):
    """A Campli deal rich in exchange chains and cats: a table of 3-9, a shuffle with both
    cats (and maybe horses) among the cards dealt, and mostly offers."""
    n = draw(st.integers(3, 9))
    perm = list(draw(st.permutations(PACK)))
    # the cards dealt come off the bottom (K4): put the two cats among the last n cards
    for token in ("XII", "XII", "XIII"):
        c = card(token)
        i = max(k for k, x in enumerate(perm) if x == c and k < len(perm) - n) if any(
            x == c and k < len(perm) - n for k, x in enumerate(perm)) else None
        if i is None:
            continue
        j = len(perm) - 1 - draw(st.integers(0, n - 1))
        perm[i], perm[j] = perm[j], perm[i]
    state = new_match(CAMPLI, [f"p{i}" for i in range(n)], dealer=n - 1)
    return state, Action(ActionKind.SHUFFLE, stack=tuple(perm))


@given(cat_deals(), st.data())
def test_cat_undo_returns_every_card_to_the_seat_it_was_dealt_to(deal, data):
    # K13 (§Ereigniskarten): "Die Rücktauschserie geht solange weiter, bis die Karte an ihren
    # ursprünglichen Eigentümer zurückgefallen ist ... Eventuell übersprungene Pferdehalter werden
    # wieder übersprungen."  The dealt cards are read from the 'deal' events, not the custody.
    state, shuffle = deal
    state, events = step(state, shuffle)
    dealt = {e.seat: e.card for e in events if e.kind == "deal"}
    cats = 0
    skipped = set()
    while state.phase not in (Phase.SHUFFLE, Phase.BUY_BACK, Phase.MATCH_OVER):
        legal = legal_actions(state)
        offer = Action(ActionKind.OFFER, state.actor)
        if offer in legal and data.draw(st.integers(0, 4), label="offer?") > 0:
            action = offer
        else:
            action = legal[data.draw(st.integers(0, len(legal) - 1), label="other")]
        before = state
        state, events = step(state, action)
        dealt.update({e.seat: e.card for e in events if e.kind == "deal"})
        skipped |= {e.seat for e in events if e.kind == "skip"}
        check_invariants(before, action, state, events)
        for e in events:
            if e.kind == "mark-lost" and e.rule == "K13":
                cats += 1
                offerer = e.seat
                assert offerer == cat_offerer(state.rules, events)
                undone = {offerer} | {u.seat for u in events if u.kind == "undo"} | {
                    u.other for u in events if u.kind == "undo"}
                note(f"cat: offerer {offerer}, undone {sorted(undone)}")
                event(f"exchanges undone by a cat: {min(sum(u.kind == 'undo' for u in events), 3)}")
                for seat in undone:
                    assert state.hands[seat] == dealt[seat]
                    assert state.custody[seat] == ((seat, Via.DEALT),)
                # "übersprungene Pferdehalter werden wieder übersprungen": a skipped horse holder
                # takes no part in the undo and still holds his horse
                assert not undone & skipped
                assert all(state.hands[seat] == card("XIII") for seat in skipped)
                # every exchange the undo reverses was a real exchange of this deal
                assert all(u.rule == "K13" for u in events if u.kind == "undo")
    event(f"cats met: {min(cats, 2)}")


# --------------------------------------------------------------------------- the state machine


class CucuMachine(RuleBasedStateMachine):
    """Plays matches through legal actions only; every invariant is checked after every step."""

    def __init__(self):
        super().__init__()
        self.state = None
        self.steps = 0
        self.deal_steps = 0

    @initialize(start=matches())
    def start(self, start):
        self.state = start

    def _apply(self, action):
        before = self.state
        snapshot = copy.deepcopy(before)
        after, events = step(before, action)
        assert before == snapshot  # step never modifies its input
        check_invariants(before, action, after, events)
        self.state = after
        self.steps += 1
        self.deal_steps = 0 if after.phase == Phase.SHUFFLE else self.deal_steps + 1

    @precondition(lambda self: self.state is not None and is_chance(self.state))
    @rule(shuffle=shuffles())
    def shuffle(self, shuffle):
        self._apply(shuffle)

    @precondition(lambda self: self.state is not None and not is_chance(self.state)
                  and self.state.phase != Phase.MATCH_OVER)
    @rule(choice=st.integers(0, 1_000))
    def decide(self, choice):
        legal = legal_actions(self.state)
        assert legal, self.state.phase
        self._apply(legal[choice % len(legal)])

    @precondition(lambda self: self.state is not None and self.state.phase == Phase.MATCH_OVER)
    @rule()
    def rematch(self):
        # K3: the winner deals first in the next match.  S6's joint winners (all_out =
        # joint-winners) have no single winner (``winner`` is None): no source says who deals
        # then, so the test lets the first of them (``winners``, in the deal's order) deal.
        s = self.state
        self.state = new_match(s.rules, s.players, dealer=s.winner if s.winner is not None else s.winners[0])

    @invariant()
    def marks_never_negative(self):
        if self.state is not None:
            assert all(m >= 0 for m in self.state.marks)

    @invariant()
    def conservation(self):
        if self.state is not None and self.state.deal_number:
            assert cards_in_play(self.state) == pack_multiset(self.state.rules)

    @invariant()
    def somebody_can_always_move(self):
        s = self.state
        if s is not None and s.phase not in (Phase.SHUFFLE, Phase.MATCH_OVER):
            assert legal_actions(s)

    @invariant()
    def deals_are_short(self):
        if self.state is not None:
            assert self.deal_steps <= 6 * len(self.state.players) + 10

    @invariant()
    def out_players_sit_out(self):
        s = self.state
        if s is not None and s.phase in (Phase.DECIDE, Phase.INN_OFFERER, Phase.INN_KEEPER):
            # a player out before this deal holds no card in it and is not in its order
            for seat in range(len(s.players)):
                if seat not in s.order:
                    assert s.hands[seat] is None or s.marks[seat] == 0


CucuMachine.TestCase.settings = settings(CucuMachine.TestCase.settings, stateful_step_count=60)
TestCucuMachine = CucuMachine.TestCase


# --------------------------------------------------------------------------- the showdown, against an oracle


def campli_losers(live, guarantees, cuckoo_reading):
    """The Campli showdown written directly from seed 000 §Das Ergebnis and §Endspiel zu zweit,
    independent of cucu_ref.game.scoring: the seats that pay a mark (a seat may appear twice)."""
    fools = [s for s, c in live if c.is_fool]
    if len(fools) == 1:
        # "dann hat dieser den gleichen Rang wie die ansonsten rangniedrigste Karte, d.h. der oder
        # die beiden Halter dieser Karte und des Narren verlieren eine Marke"
        others = [(s, c.value) for s, c in live if not c.is_fool]
        low = min((v for _, v in others), default=None)
        lose = fools + [s for s, v in others if v == low]
    else:
        # two fools: "haben sozusagen den Wert 14½"; no fool: the lowest, all tied lowest lose
        ranked = [(s, 14.5 if c.is_fool else c.value) for s, c in live]
        low = min(v for _, v in ranked)
        lose = [s for s, v in ranked if v == low]
    xv = {s for s, c in live if c.value == 15}
    if cuckoo_reading == "never-loses":
        lose = [s for s in lose if s not in xv]
    elif len(live) == 2 and len(xv) == 2:
        lose = []  # "Wenn beide einen Kuckuck halten, verliert keiner eine Marke."
    cards = dict(live)
    keeper_of = dict(guarantees)
    # K14: "wenn dann der Anbieter tatsächlich eine Null hält und verliert, dann muss an seiner
    # statt der Gastwirt eine Marke zahlen"
    return sorted(keeper_of[s] if s in keeper_of and cards[s].value == 0 else s for s in lose)


@st.composite
def showdowns(draw):
    n = draw(st.integers(1, 20))
    hand = draw(st.permutations(PACK))[:n]
    seats = list(range(n))
    live = [(s, c) for s, c in zip(seats, hand)]
    # some inn bargains: offerer -> a different live seat as innkeeper
    guarantees = []
    if n >= 2:
        for offerer in draw(st.lists(st.sampled_from(seats), max_size=2, unique=True)):
            keeper = draw(st.sampled_from([s for s in seats if s != offerer]))
            if keeper not in [k for _, k in guarantees] and offerer not in [k for _, k in guarantees] \
                    and keeper not in [o for o, _ in guarantees]:
                guarantees.append((offerer, keeper))
    return live, guarantees


@given(showdowns(), st.sampled_from(["never-loses", "compared"]))
def test_showdown_matches_the_seed_written_out(showdown, reading):
    from cucu_ref.game.scoring import evaluate

    live, guarantees = showdown
    rules = CAMPLI.with_options({"cuckoo_at_showdown": reading})
    result = evaluate(rules, live, (), guarantees, ())
    assert sorted(s for s, _ in result.losers) == campli_losers(live, guarantees, reading)
    assert result.gainers == ()


# --------------------------------------------------------------------------- every preset


@st.composite
def any_preset_match(draw):
    """A fresh match of any preset (the ordinary-pack games too), at any table size it allows."""
    from cucu_ref.game.rulesets import PRESETS

    rules = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    n = draw(st.integers(rules.min_players, min(rules.max_players, 9)))
    return new_match(rules, [f"p{i}" for i in range(n)], dealer=draw(st.integers(0, n - 1)))


class AnyPresetMachine(CucuMachine):
    """The same invariants, over every preset: the shuffle is drawn for the match's own pack."""

    @initialize(start=any_preset_match())
    def start(self, start):
        self.state = start

    @precondition(lambda self: self.state is not None and is_chance(self.state))
    @rule(data=st.data())
    def shuffle(self, data):
        pack = PACKS[self.state.rules.pack].cards
        if data.draw(st.booleans(), label="drawn permutation"):
            stack = tuple(data.draw(st.permutations(pack), label="stack"))
        else:
            stack = shuffled_stack(self.state.rules, data.draw(st.integers(0, 2**32), label="seed"))
        self._apply(Action(ActionKind.SHUFFLE, stack=stack))


AnyPresetMachine.TestCase.settings = settings(CucuMachine.TestCase.settings, stateful_step_count=60)
TestAnyPresetMachine = AnyPresetMachine.TestCase
