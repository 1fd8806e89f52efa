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
"""

from __future__ import annotations

import random

from hypothesis import given, note
from hypothesis import strategies as st

from cucu_ref import invariants
from cucu_ref.engine import is_chance, legal_actions, new_match, step
from cucu_ref.rulesets import PRESETS, preset
from cucu_ref.state import Action, ActionKind, Phase
from helpers import low_marks_start

MATCHES = [PRESETS[name] for name in ("campli", "lu-stu", "zeh-1769", "digital-4p", "coucou")] + [
    preset("campli", {"simultaneous_buy_back": "same-price"}),  # Q1, Martin
    preset("lu-stu", {"simultaneous_buy_back": "same-price"}),
    preset("campli", {"buy_back_price": "by-reentry-order"}),  # L11's price, Campli's timing
    preset("lu-stu", {"buy_back_price": "by-elimination-order", "buy_back": "after-deal"}),
    preset("campli", {"all_out": "all-return"}), preset("campli", {"all_out": "draw-replay"}),
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

    def step(self, before, events):
        rules = self.rules
        # who went out together: the showdown's losers, in play order (Q1); one put out during the
        # deal goes out alone
        at = next((i for i, e in enumerate(events) if e.kind == "showdown"), len(events))
        together = [e.seat for e in events[at:] if e.kind == "out"]
        for e in events:
            if e.kind == "shuffle":
                self.deal_outs = []
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
            assert sum(m > 0 for m in state.marks) == 1


@st.composite
def matches(draw):
    rules = draw(st.sampled_from(MATCHES))
    return low_marks_start(draw, rules, 6)


@given(matches(), st.data())
def test_buy_back_prices_restarts_virgins_and_the_winner_follow_the_seeds(state, data):
    rng = random.Random(data.draw(st.integers(0, 2**32), label="seed"))
    ledger = Ledger(state)
    kinds = set()
    for _ in range(300):
        if state.phase == Phase.MATCH_OVER:
            break
        if is_chance(state):
            action = Action(ActionKind.SHUFFLE, stack=invariants.biased_stack(state.rules, rng))
        else:
            legal = legal_actions(state)
            action = legal[data.draw(st.integers(0, len(legal) - 1), label=str(state.phase))]
        before = state
        state, events = step(state, action)
        kinds |= {e.kind for e in events}
        note(f"{action} -> {[(e.kind, e.seat, e.amount) for e in events if e.kind not in ('deal', 'keep')]}")
        ledger.step(before, events)
        if any(e.kind == "showdown" for e in events):
            ledger.deal_over()
            ledger.owed -= {e.seat for e in events if e.kind == "buy-back-offer"}
            if any(e.kind in ("restart", "draw") for e in events):
                ledger.owed = set()
        ledger.check_state(state)
        if state.phase in (Phase.SHUFFLE, Phase.MATCH_OVER):
            assert not ledger.owed, f"no buy-back offered to {sorted(ledger.owed)}"
    note(f"kinds seen: {sorted(kinds)}")


def test_the_ledger_can_fail():
    # K17's worked example (seed 000 §Wiedereintritt): Andrea, Beatrice and Chiara go out in
    # that order, Andrea buys back, Beatrice does not: Chiara pays four stakes.  A ledger told
    # the wrong price fails.
    state = new_match(PRESETS["campli"], ["A", "B", "C", "D"])
    ledger = Ledger(state)
    ledger.marks = [0, 0, 1, 3]
    ledger.virgin = [False, False, False, True]
    ledger.gone, ledger.back = 2, 1
    from cucu_ref.state import Event
    ledger.step(state, (Event("out", "K16", 2),))
    assert ledger.price[2] == 4
    try:
        ledger.step(state, (Event("buy-back-offer", "K17", 2, amount=2),))
    except AssertionError:
        return
    raise AssertionError("a wrong price passed the ledger")
