"""Match-level properties of the engine (issue 15, item 6), against a ledger kept from the seeds'
words, not from the engine's counters.

* K17 (seed 000 §Wiedereintritt): "Der erste ausscheidende Spieler zahlt dazu einen einfachen
  Einsatz in den Pott, der zweite den doppelten, der dritte den vierfachen usw. ... nach der
  Reihenfolge des Ausscheidens ..., nicht danach, ob ein ausscheidender Spieler sich
  entscheidet sich wieder zurückzukaufen"; only "Solange es eine oder mehrere Jungfrauen gibt",
  a virgin being "Ein Spieler, der noch seine anfangs erhaltenen drei Marken hat".
* Q1: players going out together: "der erste rechts vom Geber dann als erster" (McLeod,
  'first-right-of-dealer') or "alle den gleichen Wiedereintrittstarif" (Martin, 'same-price').
* L11 (§Lu Stù): "Spieler, die ausscheiden, müssen sich sofort ... entscheiden ... verdoppelt sich
  der Tarif allerdings nur mit jedem Spieler der wiedereintritt".
* K18: "erhalten alle Spieler, auch die früher ausgeschiedenen, erneut drei Marken ... Es gilt
  allerdings niemand als Jungfrau"; D8: "vender alle fire spillere tilbage med tre liv"; Z11:
  "ein neues Spiel mit allen Spielern ..., ohne dass ein neuer Einsatz gezahlt werden muss".
* K3 / D1: the last player with marks wins (the pot, K3).
* S6 (pagat, Cuckoo): "All remaining players tie for lowest on their last life": either
  "joint winners sharing the pot" (``all_out = joint-winners``), or "keeping their last life"
  (``keep-last-life``), those out before staying out.
"""

from __future__ import annotations

import random

from hypothesis import given, note
from hypothesis import strategies as st

from cucu_ref.assurance import stacks
from cucu_ref.game.deal import start_deal
from cucu_ref.game.engine import is_chance, legal_actions, new_match, step
from cucu_ref.game.rulesets import PRESETS, preset
from cucu_ref.game.state import Action, ActionKind, Phase
from helpers import low_marks_start

MATCHES = [PRESETS[name] for name in ("campli", "lu-stu", "zeh-1769", "digital-4p", "coucou")] + [
    preset("campli", {"simultaneous_buy_back": "same-price"}),  # Q1, Martin
    preset("lu-stu", {"simultaneous_buy_back": "same-price"}),
    preset("campli", {"buy_back_price": "by-reentry-order"}),  # L11's price, Campli's timing
    preset("lu-stu", {"buy_back_price": "by-elimination-order", "buy_back": "after-deal"}),
    preset("campli", {"all_out": "all-return"}), preset("campli", {"all_out": "draw-replay"}),
    PRESETS["screw-your-neighbour"],  # S6, joint winners
    preset("screw-your-neighbour", {"all_out": "keep-last-life"}),  # S6, the last life kept
    preset("campli", {"all_out": "keep-last-life"}),  # S6 beside K17's buy-backs
]


class Ledger:
    """What the seeds say the match's bookkeeping must be, kept from the events alone."""

    def __init__(self, state):
        self.rules = state.rules
        self.n = len(state.players)
        self.marks = list(state.marks)
        self.virgin = list(state.virgins)
        self.pot = state.pot
        self.restart()

    def restart(self):
        self.gone = 0  # players out since the match (re)started: K17's count
        self.back = 0  # players who bought back since: L11's count
        self.price = {}  # seat -> price fixed on going out (K17; L11 same-price groups)
        self.entitled = {}  # seat -> a virgin remained when he went out (L11)
        self.owed: set = set()  # seats owed the offer of a buy-back
        self.deal_outs: list = []  # seats out in this deal
        self.in_deal: list = []  # seats with marks when this deal was shuffled
        self.joint: list = []  # S6: the joint winners declared

    def step(self, before, events):
        rules = self.rules
        # who went out together: the showdown's losers, in play order (Q1); one put out during the
        # deal goes out alone
        at = next((i for i, e in enumerate(events) if e.kind == "showdown"), len(events))
        together = [e.seat for e in events[at:] if e.kind == "out"]
        for e in events:
            if e.kind == "shuffle":
                self.deal_outs = []
                self.in_deal = [s for s, m in enumerate(self.marks) if m > 0]
            if e.kind == "mark-lost":
                self.marks[e.seat] -= 1
                self.virgin[e.seat] = False
            elif e.kind == "mark-gained":
                self.marks[e.seat] += 1
                if rules.virgin_after_gain == "not-virgin":
                    self.virgin[e.seat] = False
            elif e.kind == "out":
                self.entitled[e.seat] = any(v and m > 0 for v, m in zip(self.virgin, self.marks))
                self._went_out(e.seat, together if e.seat in together else [e.seat])
                self.deal_outs.append(e.seat)
                if rules.buy_back == "immediate" and self.entitled[e.seat]:
                    self.owed.add(e.seat)  # L11: offered at once
            elif e.kind == "buy-back-offer":
                self.owed.discard(e.seat)
                assert e.amount == self._expected_price(e.seat), (e, self.gone, self.back, self.price)
                # K17: only while a virgin (with marks) remains after the deal; L11: he decides
                # 'sofort', so a virgin must have remained when he went out
                if rules.buy_back == "immediate":
                    assert self.entitled.pop(e.seat), "a buy-back with no virgin left when he went out"
                else:
                    assert any(v and m > 0 for v, m in zip(self.virgin, self.marks)), "a buy-back with no virgin left"
            elif e.kind == "buy-back":
                self.pot += e.amount * rules.stake
                self.marks[e.seat] = rules.initial_marks
                self.virgin[e.seat] = False  # K17: 'gelten aber nicht als Jungfrau'
                self.back += 1
            elif e.kind in ("restart", "draw"):
                self.owed = set()
                assert not any(m > 0 for m in self.marks), "a restart with a player still in"
                self.marks = [rules.initial_marks] * self.n
                # K18: nobody a virgin; D8, Z11: all start again as at the start
                self.virgin = [rules.all_out != "restart-no-virgins"] * self.n
                self.restart()
            elif e.kind == "joint-winner":
                # S6, first rule: everybody of the deal went out in it, and they share the pot
                assert rules.all_out == "joint-winners", e
                assert not any(m > 0 for m in self.marks), "a joint winner while a player is still in"
                assert e.seat in self.in_deal and e.seat in self.deal_outs, (e, self.in_deal, self.deal_outs)
                assert e.amount == self.pot
                self.joint.append(e.seat)
            elif e.kind == "keep-last-life":
                # S6, second rule: the players of the deal, all gone out in it, keep their last life;
                # those out before stay out
                assert rules.all_out == "keep-last-life", e
                kept = {x.seat for x in events if x.kind == "keep-last-life"}
                assert all(s in kept for s, m in enumerate(self.marks) if m > 0), "a kept life while a player is in"
                assert kept == set(self.in_deal) <= set(self.deal_outs), (kept, self.in_deal, self.deal_outs)
                assert self.marks[e.seat] == 0 and e.amount == 1
                self.marks[e.seat] = 1
                self.owed.discard(e.seat)
            elif e.kind == "winner":
                assert [s for s, m in enumerate(self.marks) if m > 0] == [e.seat], "the winner is not the last in"
                assert e.amount == self.pot  # K3: he takes the pot

    def deal_over(self):
        """K17: after the deal, while a virgin remains, every player out in it may buy back."""
        if self.rules.buy_back == "after-deal" and any(v and m > 0 for v, m in zip(self.virgin, self.marks)):
            self.owed |= set(self.deal_outs)
        self.deal_outs = []

    def _went_out(self, seat, group):
        rules = self.rules
        same = rules.simultaneous_buy_back == "same-price" and len(group) > 1
        if rules.buy_back_price == "by-elimination-order":
            index = self.gone - group.index(seat) if same else self.gone  # Martin: the group's first price
            self.price[seat] = 2 ** index
        elif same:
            self.price[seat] = 2 ** self.back  # fixed for the group as it goes out
        else:
            self.price.pop(seat, None)  # L11: the price at the time he decides
        self.gone += 1

    def _expected_price(self, seat):
        return self.price.get(seat, 2 ** self.back) if self.rules.buy_back_price == "by-reentry-order" \
            else self.price[seat]

    def check_state(self, state):
        assert list(state.marks) == self.marks, (state.marks, self.marks)
        assert list(state.virgins) == self.virgin, (state.virgins, self.virgin)
        assert state.pot == self.pot
        if state.phase == Phase.MATCH_OVER:
            if self.joint:  # S6: every player of the last deal, none left with marks
                assert sorted(self.joint) == sorted(self.in_deal) == sorted(state.winners), (self.joint, self.in_deal)
                assert not any(state.marks)
            else:
                assert sum(m > 0 for m in state.marks) == 1
                assert state.winners == (state.marks.index(max(state.marks)),)


@st.composite
def matches(draw):
    rules = draw(st.sampled_from(MATCHES))
    return low_marks_start(draw, rules, 6)


def play_against_the_ledger(state, choose, steps=300, say=note):
    """Play from ``state`` (``choose(legal, phase)`` picks each decision, the shuffles are biased
    stacks from a generator it seeds) with the ledger checking every step; the event kinds seen."""
    rng = random.Random(choose(None, "seed"))
    ledger = Ledger(state)
    kinds = set()
    for _ in range(steps):
        if state.phase == Phase.MATCH_OVER:
            break
        if is_chance(state):
            action = Action(ActionKind.SHUFFLE, stack=stacks.biased_stack(state.rules, rng))
        else:
            legal = legal_actions(state)
            action = legal[choose(legal, str(state.phase))]
        before = state
        state, events = step(state, action)
        kinds |= {e.kind for e in events}
        say(f"{action} -> {[(e.kind, e.seat, e.amount) for e in events if e.kind not in ('deal', 'keep')]}")
        ledger.step(before, events)
        if any(e.kind == "showdown" for e in events):
            ledger.deal_over()
            ledger.owed -= {e.seat for e in events if e.kind == "buy-back-offer"}
            if any(e.kind in ("restart", "draw") for e in events):
                ledger.owed = set()
        ledger.check_state(state)
        if state.phase in (Phase.SHUFFLE, Phase.MATCH_OVER):
            assert not ledger.owed, f"no buy-back offered to {sorted(ledger.owed)}"
    return kinds


@given(matches(), st.data())
def test_buy_back_prices_restarts_virgins_and_the_winner_follow_the_seeds(state, data):
    def choose(legal, label):
        top = 2**32 if legal is None else len(legal) - 1
        return data.draw(st.integers(0, top), label=label)

    kinds = play_against_the_ledger(state, choose)
    note(f"kinds seen: {sorted(kinds)}")


def test_both_s6_endings_are_met_and_checked():
    # S6's two rules are reached only when every player still in goes out in one deal: seeded
    # matches from low marks (the hypothesis run above may draw few of them) until each is seen
    for rules, kind in ((PRESETS["screw-your-neighbour"], "joint-winner"),
                        (preset("screw-your-neighbour", {"all_out": "keep-last-life"}), "keep-last-life"),
                        (preset("campli", {"all_out": "keep-last-life"}), "keep-last-life")):
        seen = with_buy_back = 0
        for seed in range(400):
            pick = random.Random(seed)
            n = 2 + seed % 4
            # low marks, as helpers.low_marks_start draws them: a player on the starting marks is
            # a virgin, so K17's buy-backs come beside S6 under campli
            marks = [pick.choice([1, 1, 2, rules.initial_marks]) for _ in range(n)]
            state = start_deal(rules, [f"p{i}" for i in range(n)], marks, 0)
            kinds = play_against_the_ledger(state, lambda legal, label, seed=seed, pick=pick: seed if legal is None
                                            else pick.randrange(len(legal)), say=lambda _: None)
            seen += kind in kinds
            with_buy_back += kind in kinds and "buy-back-offer" in kinds
        # seeded: each ending is met in 39 to 76 of the 400 matches (when written); a twentieth at least
        assert seen >= 20, (rules.name, kind, seen)
        if rules.buy_back != "none":
            assert with_buy_back >= 5, (rules.name, with_buy_back)  # (17 when written)


def test_the_ledger_can_fail():
    # K17's worked example (seed 000 §Wiedereintritt): Andrea, Beatrice and Chiara go out in
    # that order, Andrea buys back, Beatrice does not: Chiara pays four stakes.  A ledger told
    # the wrong price fails.
    state = new_match(PRESETS["campli"], ["A", "B", "C", "D"])
    ledger = Ledger(state)
    ledger.marks = [0, 0, 1, 3]
    ledger.virgin = [False, False, False, True]
    ledger.gone, ledger.back = 2, 1
    from cucu_ref.game.state import Event
    ledger.step(state, (Event("out", "K16", 2),))
    assert ledger.price[2] == 4
    try:
        ledger.step(state, (Event("buy-back-offer", "K17", 2, amount=2),))
    except AssertionError:
        return
    raise AssertionError("a wrong price passed the ledger")


def test_the_ledger_can_fail_on_s6():
    # S6, first rule: the joint winners share the whole pot; a ledger told half of it fails
    state = new_match(PRESETS["screw-your-neighbour"], ["A", "B", "C"])
    from cucu_ref.game.state import Event
    ledger = Ledger(state)
    ledger.step(state, (Event("shuffle", "S2"),))
    ledger.marks, ledger.deal_outs = [0, 0, 0], [0, 1, 2]
    ledger.step(state, (Event("joint-winner", "S6", 0, amount=ledger.pot),))
    try:
        ledger.step(state, (Event("joint-winner", "S6", 1, amount=ledger.pot // 2),))
    except AssertionError:
        return
    raise AssertionError("a wrong share passed the ledger")
