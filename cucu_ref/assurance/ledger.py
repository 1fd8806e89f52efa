"""The match-level ledger (issue 15, item 6; a layer of its own since issue 28): the match's
bookkeeping as the seeds state it, kept from the engine's events alone, never from its counters,
and checked against the State after every step.

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

Used by tests/properties/test_match_level.py (hypothesis-drawn matches) and by the mutation
runner's ``ledger`` layer (:func:`search`: seeded matches from low marks, deterministic).
"""

from __future__ import annotations

import random
from typing import Callable, ClassVar, Optional, Sequence

from ..game.deal import start_deal
from ..game.engine import is_chance, legal_actions, step
from ..game.rulesets import PRESETS, Rules, preset
from ..game.state import Action, ActionKind, Event, Phase, State
from .stacks import biased_stack

__all__ = ["Ledger", "MATCHES", "play_against_the_ledger", "seeded_start", "search"]

# every match-level reading the engine implements, each met by the ledger
MATCHES: list[Rules] = [PRESETS[name] for name in ("campli", "lu-stu", "zeh-1769", "digital-4p", "coucou")] + [
    preset("campli", {"simultaneous_buy_back": "same-price"}),  # Q1, Martin
    preset("lu-stu", {"simultaneous_buy_back": "same-price"}),
    preset("campli", {"buy_back_price": "by-reentry-order"}),  # L11's price, Campli's timing
    preset("lu-stu", {"buy_back_price": "by-elimination-order", "buy_back": "after-deal"}),
    preset("campli", {"all_out": "all-return"}), preset("campli", {"all_out": "draw-replay"}),
    PRESETS["screw-your-neighbour"],  # S6, joint winners
    preset("screw-your-neighbour", {"all_out": "keep-last-life"}),  # S6, the last life kept
    preset("campli", {"all_out": "keep-last-life"}),  # S6 beside K17's buy-backs
    preset("campli", {"all_out": "keep-last-life", "kept_life_eliminations": "not-counted"}),  # and P3's other
    preset("campli", {"restart_stake": "new-stake"}),  # K18 with everybody's stake paid again
    preset("campli", {"all_out": "all-return"}),  # D8's return beside K17's buy-backs (P4: counts reset)
    preset("campli", {"all_out": "all-return", "restart_counts": "continue"}),  # and P4's other
]


def _virgin_in(virgin: Sequence[bool], marks: Sequence[int]) -> bool:
    """K17 'solange es eine oder mehrere Jungfrauen gibt': a virgin still holding marks."""
    return any(v and m > 0 for v, m in zip(virgin, marks))


class Ledger:
    """What the seeds say the match's bookkeeping must be, kept from the events alone."""

    def __init__(self, state: State):
        self.rules = state.rules
        self.n = len(state.players)
        self.marks = list(state.marks)
        self.virgin = list(state.virgins)
        self.pot = state.pot
        self.restart()

    def restart(self) -> None:
        self.gone = 0  # players out since the match (re)started: K17's count
        self.back = 0  # players who bought back since: L11's count
        self.price: dict[int, int] = {}  # seat -> price fixed on going out (K17; L11 same-price groups)
        self.entitled: dict[int, bool] = {}  # seat -> a virgin remained when he went out (L11)
        self.owed: set[int] = set()  # seats owed the offer of a buy-back
        self.deal_outs: list[int] = []  # seats out in this deal
        self.in_deal: list[int] = []  # seats with marks when this deal was shuffled
        self.joint: list[int] = []  # S6: the joint winners declared

    def step(self, before: State, events: Sequence[Event]) -> None:
        """Follow one step's events, asserting each against the seeds' bookkeeping."""
        # who went out together: the showdown's losers, in play order (Q1); one put out during the
        # deal goes out alone
        at = next((i for i, e in enumerate(events) if e.kind == "showdown"), len(events))
        together = [e.seat for e in events[at:] if e.kind == "out"]
        for e in events:
            handler = self._HANDLERS.get(e.kind)
            if handler is not None:
                handler(self, e, together, events)

    # ---- one method for each kind of event the match's bookkeeping follows

    def _shuffle(self, e: Event, together: list[Optional[int]], events: Sequence[Event]) -> None:
        self.deal_outs = []
        self.in_deal = [s for s, m in enumerate(self.marks) if m > 0]

    def _mark_lost(self, e: Event, together: list[Optional[int]], events: Sequence[Event]) -> None:
        assert e.seat is not None
        self.marks[e.seat] -= 1
        self.virgin[e.seat] = False

    def _mark_gained(self, e: Event, together: list[Optional[int]], events: Sequence[Event]) -> None:
        assert e.seat is not None
        self.marks[e.seat] += 1
        if self.rules.virgin_after_gain == "not-virgin":
            self.virgin[e.seat] = False

    def _out(self, e: Event, together: list[Optional[int]], events: Sequence[Event]) -> None:
        assert e.seat is not None
        self.entitled[e.seat] = _virgin_in(self.virgin, self.marks)
        self._went_out(e.seat, together if e.seat in together else [e.seat])
        self.deal_outs.append(e.seat)
        if self.rules.buy_back == "immediate" and self.entitled[e.seat]:
            self.owed.add(e.seat)  # L11: offered at once

    def _buy_back_offer(self, e: Event, together: list[Optional[int]], events: Sequence[Event]) -> None:
        assert e.seat is not None
        self.owed.discard(e.seat)
        assert e.amount == self._expected_price(e.seat), (e, self.gone, self.back, self.price)
        # K17: only while a virgin (with marks) remains after the deal; L11: he decides
        # 'sofort', so a virgin must have remained when he went out
        if self.rules.buy_back == "immediate":
            assert self.entitled.pop(e.seat), "a buy-back with no virgin left when he went out"
        else:
            assert _virgin_in(self.virgin, self.marks), "a buy-back with no virgin left"

    def _buy_back(self, e: Event, together: list[Optional[int]], events: Sequence[Event]) -> None:
        assert e.seat is not None
        self.pot += e.amount * self.rules.stake
        self.marks[e.seat] = self.rules.initial_marks
        self.virgin[e.seat] = False  # K17: 'gelten aber nicht als Jungfrau'
        self.back += 1

    def _restart(self, e: Event, together: list[Optional[int]], events: Sequence[Event]) -> None:
        self.owed = set()
        assert not any(m > 0 for m in self.marks), "a restart with a player still in"
        self.marks = [self.rules.initial_marks] * self.n
        # K18: nobody a virgin; D8, Z11: all start again as at the start
        self.virgin = [self.rules.all_out != "restart-no-virgins"] * self.n
        if self.rules.restart_stake == "new-stake" and e.kind == "restart":
            self.pot += self.rules.stake * self.n  # K1: the marks bought again (Z11's draw: no new stake)
        gone, back = self.gone, self.back
        self.restart()
        if self.rules.restart_counts == "continue":  # P4: K17's and L11's counts run on
            self.gone, self.back = gone, back

    def _joint_winner(self, e: Event, together: list[Optional[int]], events: Sequence[Event]) -> None:
        # S6, first rule: everybody of the deal went out in it, and they share the pot
        assert self.rules.all_out == "joint-winners", e
        assert not any(m > 0 for m in self.marks), "a joint winner while a player is still in"
        assert e.seat in self.in_deal and e.seat in self.deal_outs, (e, self.in_deal, self.deal_outs)
        assert e.amount == self.pot
        self.joint.append(e.seat)

    def _keep_last_life(self, e: Event, together: list[Optional[int]], events: Sequence[Event]) -> None:
        # S6, second rule: the players of the deal, all gone out in it, keep their last life;
        # those out before stay out
        assert self.rules.all_out == "keep-last-life", e
        assert e.seat is not None
        kept = {x.seat for x in events if x.kind == "keep-last-life"}
        assert all(s in kept for s, m in enumerate(self.marks) if m > 0), "a kept life while a player is in"
        assert kept == set(self.in_deal) <= set(self.deal_outs), (kept, self.in_deal, self.deal_outs)
        assert self.marks[e.seat] == 0 and e.amount == 1
        self.marks[e.seat] = 1
        self.owed.discard(e.seat)

    def _winner(self, e: Event, together: list[Optional[int]], events: Sequence[Event]) -> None:
        assert [s for s, m in enumerate(self.marks) if m > 0] == [e.seat], "the winner is not the last in"
        assert e.amount == self.pot  # K3: he takes the pot

    _HANDLERS: ClassVar[dict[str, Callable[["Ledger", Event, list[Optional[int]], Sequence[Event]], None]]] = {
        "shuffle": _shuffle, "mark-lost": _mark_lost, "mark-gained": _mark_gained, "out": _out,
        "buy-back-offer": _buy_back_offer, "buy-back": _buy_back, "restart": _restart, "draw": _restart,
        "joint-winner": _joint_winner, "keep-last-life": _keep_last_life, "winner": _winner,
    }

    # ---- the prices

    def deal_over(self) -> None:
        """K17: after the deal, while a virgin remains, every player out in it may buy back."""
        if self.rules.buy_back == "after-deal" and _virgin_in(self.virgin, self.marks):
            self.owed |= set(self.deal_outs)
        self.deal_outs = []

    def _went_out(self, seat: int, group: list[Optional[int]]) -> None:
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

    def _expected_price(self, seat: int) -> int:
        if self.rules.buy_back_price == "by-reentry-order":
            return self.price.get(seat, 1 << self.back)
        return self.price[seat]

    def follow(self, before: State, after: State, events: Sequence[Event]) -> None:
        """One step of play from ``before`` to ``after``: its events followed, the deal's end
        settled (K17's offers after it), and the State checked against the ledger."""
        self.step(before, events)
        if any(e.kind == "showdown" for e in events):
            self.deal_over()
            self.owed -= {e.seat for e in events if e.kind == "buy-back-offer"}
            if any(e.kind in ("restart", "draw") for e in events):
                self.owed = set()
        self.check_state(after)
        if after.phase in (Phase.SHUFFLE, Phase.MATCH_OVER):
            assert not self.owed, f"no buy-back offered to {sorted(self.owed)}"

    def check_state(self, state: State) -> None:
        assert list(state.marks) == self.marks, (state.marks, self.marks)
        assert list(state.virgins) == self.virgin, (state.virgins, self.virgin)
        assert state.pot == self.pot, (state.pot, self.pot)
        if state.phase == Phase.MATCH_OVER:
            if self.joint:  # S6: every player of the last deal, none left with marks
                assert sorted(self.joint) == sorted(self.in_deal) == sorted(state.winners), (self.joint, self.in_deal)
                assert not any(state.marks)
            else:
                assert sum(m > 0 for m in state.marks) == 1
                assert state.winners == (state.marks.index(max(state.marks)),)


def _quiet(_: str) -> None:
    return None


def play_against_the_ledger(state: State, choose: Callable[[Optional[Sequence[Action]], str], int],
                            steps: int = 300, say: Callable[[str], None] = _quiet) -> set[str]:
    """Play from ``state`` (``choose(legal, phase)`` picks each decision, ``choose(None, 'seed')``
    seeds the generator of the biased shuffles) with the ledger checking every step; the event
    kinds seen.  Raises AssertionError at the first step the ledger disputes."""
    rng = random.Random(choose(None, "seed"))
    ledger = Ledger(state)
    kinds: set[str] = set()
    for _ in range(steps):
        if state.phase == Phase.MATCH_OVER:
            break
        if is_chance(state):
            action = Action(ActionKind.SHUFFLE, stack=biased_stack(state.rules, rng))
        else:
            legal = legal_actions(state)
            action = legal[choose(legal, str(state.phase))]
        before = state
        state, events = step(state, action)
        kinds |= {e.kind for e in events}
        say(f"{action} -> {[(e.kind, e.seat, e.amount) for e in events if e.kind not in ('deal', 'keep')]}")
        ledger.follow(before, state, events)
    return kinds


def seeded_start(rules: Rules, seed: int) -> tuple[State, random.Random]:
    """A match of ``rules`` at 2 to 5 seats (its own range permitting) where players often hold
    one mark, so eliminations, groups going out together, buy-backs and restarts come within a
    few deals; and the generator that plays it."""
    pick = random.Random(f"ledger/{rules.name}/{seed}")
    lo, hi = rules.min_players, min(rules.max_players, 5)
    n = lo + seed % (hi - lo + 1)
    marks = [pick.choice([1, 1, 2, rules.initial_marks]) for _ in range(n)]
    return start_deal(rules, [f"p{i}" for i in range(n)], marks, seed % n), pick


def search(seeds: int, matches: Sequence[Rules] = tuple(MATCHES)) -> Optional[str]:
    """The mutation runner's ``ledger`` layer: ``seeds`` seeded matches of every ruleset of
    ``matches`` played against the ledger; the first disagreement, or None."""
    for i, rules in enumerate(matches):
        for seed in range(seeds):
            state, pick = seeded_start(rules, seed)

            def choose(legal: Optional[Sequence[Action]], label: str, seed: int = seed,
                       pick: random.Random = pick) -> int:
                return seed if legal is None else pick.randrange(len(legal))

            try:
                play_against_the_ledger(state, choose)
            except AssertionError as e:
                return f"{rules.name} (match reading {i}) seed {seed}: {' '.join(str(e).split())[:240]}"
    return None
