"""Marks accounting on the engine (issue 15, item 1): in every step of every deal, the marks
lost and gained are exactly their causes (cucu_ref.assurance.invariants' 'marks-accounting'):

* an arresto by a hunter (K11) or a cat (K13, L8, Z5) costs the offerer one mark, and so does
  one on Lu Stù's way back (L8: "der letzte Spieler, der getauscht hat, muss eine Marke Strafe
  zahlen"); under Z5 the cat's holder gains it ("der Anbieter muss eine Marke an den Besitzer
  der Katze zahlen");
* a refusal by paying costs the target one (Q9);
* the showdown's marks are those of the seeds' showdown written as a specification
  (cucu_ref.assurance.formal.showdown.spec), with the inn's transfer (K14) and the fools' gains (L4, Z6);
* a cuckoo's arrest costs nothing (K10: "Für den Anbieter hat das sonst keine negativen
  Folgen"), and nobody ever pays a mark he does not hold.

Deals are drawn from biased stacks (event cards, fools, nullas) at tables of one-mark players.
"""

from __future__ import annotations

import random

from hypothesis import given, note
from hypothesis import strategies as st

from cucu_ref.assurance import invariants, stacks
from cucu_ref.game.engine import is_chance, legal_actions, step
from cucu_ref.game.rulebook import cat, cuckoo, dealing, horse, hunter, inn, match, showdown, turn_order, turns
from cucu_ref.game.rulesets import PRESETS, preset
from cucu_ref.game.state import Action, ActionKind, Phase
from helpers import low_marks_start

ACCOUNTING = next(p for p in invariants.PROPERTIES if p.id == "marks-accounting")
READINGS = [PRESETS[name] for name in sorted(PRESETS)] + [
    preset("campli", {"targeted_dealer_decides": "yes"}),  # the inn at the dealer (Q12)
    preset("campli", {"targeted_dealer_decides": "yes", "cuckoo_at_showdown": "compared"}),  # K19 at three
    preset("campli", {"cat": "pay-holder"}),  # Z5
    preset("zeh-1769", {"refuse_by_paying": "yes"}),  # Q9
    preset("lu-stu", {"backward_offer": "optional", "backward_chain_end": "dealer"}),  # Q5
    preset("campli", {"inn_guarantee_covers": "zero-or-below", "inn_keeper_cannot_pay": "nobody",
                      "targeted_dealer_decides": "yes"}),
]


@st.composite
def tables(draw):
    rules = draw(st.sampled_from(READINGS))
    return low_marks_start(draw, rules, 7)


def play_checked(state, data, steps=80):
    rng = random.Random(data.draw(st.integers(0, 2**32), label="seed"))
    deal_steps = 0
    for _ in range(steps):
        if state.phase == Phase.MATCH_OVER:
            return
        if is_chance(state):
            action = Action(ActionKind.SHUFFLE, stack=stacks.biased_stack(state.rules, rng))
            deal_steps = 0
        else:
            legal = legal_actions(state)
            action = legal[data.draw(st.integers(0, len(legal) - 1), label=f"{state.phase}")]
        after, events = step(state, action)
        deal_steps += 1
        message = ACCOUNTING.violated((state, action, after, events, deal_steps))
        if message is not None:
            note(f"{state.rules.name}: {action} -> {[tuple(e) for e in events]}")
        assert message is None, message
        assert min(after.marks) >= 0
        state = after


@given(tables(), st.data())
def test_every_mark_lost_or_gained_has_its_cause(state, data):
    play_checked(state, data)


# ---- the check can fail: engines broken on purpose


RULEBOOK = (cat, cuckoo, dealing, horse, hunter, inn, match, showdown, turn_order, turns)


def _broken_run(monkeypatch, name, wrapper, rules=PRESETS["campli"], deals=400):
    """Play seeded biased deals with the rulebook's function ``name`` replaced (in every
    rulebook module that calls it); return the first violation."""
    original = next(getattr(m, name) for m in RULEBOOK if hasattr(m, name))
    broken = wrapper(original)
    for module in RULEBOOK:
        if getattr(module, name, None) is original:
            monkeypatch.setattr(module, name, broken)
    finding = invariants.search(ACCOUNTING, invariants.Variant(rules.name, rules), deals)
    return finding.message


def test_a_cuckoo_that_costs_a_mark_is_caught(monkeypatch):
    def wrapper(original):
        def play_on(self, index):  # K10 broken: the offerer pays for the cuckoo's 'Kuckuck'
            last = next((e for e in reversed(self.events) if e.kind == "arresto"), None)
            if last is not None and last.card is not None and last.card.value == 15 and self.marks[last.other] > 1:
                match.lose_mark(self, last.other, "K10")
            return original(self, index)
        return play_on
    assert "its causes" in _broken_run(monkeypatch, "play_on_after_arresto", wrapper)


def test_a_showdown_that_charges_the_wrong_seat_is_caught(monkeypatch):
    def wrapper(original):
        def showdown(self):  # the engine's scoring is bypassed: the dealer always pays
            before = len(self.events)
            original(self)
            for i, e in enumerate(self.events[before:], before):
                if e.kind == "mark-lost" and e.seat != self.dealer and self.marks[self.dealer] > 0:
                    marks = list(self.marks)
                    marks[e.seat] += 1
                    marks[self.dealer] -= 1
                    self.marks = type(self.marks)(marks)
                    self.events[i] = e._replace(seat=self.dealer)
                    break
        return showdown
    assert "its causes" in _broken_run(monkeypatch, "showdown", wrapper)


def test_a_z5_mark_kept_by_the_offerer_is_caught(monkeypatch):
    def wrapper(original):
        def gain_mark(self, seat, rule, other=None):  # Z5 broken: the cat's holder gets nothing
            if rule != "Z5":
                return original(self, seat, rule, other)
        return gain_mark
    assert "its causes" in _broken_run(monkeypatch, "gain_mark", wrapper, rules=PRESETS["zeh-1769"])
