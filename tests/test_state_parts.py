"""Issue 26: the State's parts.  A step reuses what it does not change by reference (the deal's
constants, the match's standing, the deal's notes), every documented field still reads by
name, and ``State.replace`` changes any of them by name.

The deal worked by hand (Campli, seed 000 §Geben und Kartentausch, K4: the dealer deals the
bottom card, one card at a time; K5 'sto bene'): Andrea, Beatrice and the dealer Chiara; Andrea
is dealt the V and keeps.  Nothing but whose decision it is and the cards change: no mark moves
(K5), nobody is out, nobody hinted; Beatrice is dealt her card (the VIII) as play reaches her.
"""

from __future__ import annotations

import pytest

from cucu_ref.game.engine import new_match, step
from cucu_ref.game.state import FIELDS, Action, ActionKind, Phase, State, between_deals
from helpers import CAMPLI, card, stack_for

NAMES = ("Andrea", "Beatrice", "Chiara")


def _dealt() -> State:
    state = new_match(CAMPLI, NAMES, dealer=2)
    state, _ = step(state, Action(ActionKind.SHUFFLE, stack=stack_for(CAMPLI, "V VIII")))
    return state


def test_a_keep_shares_the_parts_it_does_not_change():
    before = _dealt()
    after, events = step(before, Action(ActionKind.KEEP, 0))
    assert [e.kind for e in events] == ["keep", "deal"]  # K5, then K4: Beatrice is dealt
    assert after.deal is before.deal  # rules, players, dealer, deal number, order: the same value
    assert after.match is before.match  # no mark moved (K5)
    assert after.notes is before.notes  # nobody dead, no guarantee, no hint
    assert (after.actor, after.hands[1]) == (1, card("VIII"))


def test_every_documented_field_reads_and_replaces_by_name():
    state = _dealt()
    fields = state.as_fields()
    assert tuple(fields) == FIELDS and len(FIELDS) == 24
    assert fields["marks"] == (3, 3, 3) and fields["dealer"] == 2 and fields["order"] == (0, 1, 2)
    for name in FIELDS:
        assert getattr(state, name) == fields[name]
    changed = state.replace(marks=(1, 3, 3), dead=(True, False, False), phase=Phase.DECIDE, dealer=1)
    assert (changed.marks, changed.dead, changed.dealer) == ((1, 3, 3), (True, False, False), 1)
    assert changed.hands is state.hands and changed.virgins == state.virgins  # the rest as it was
    assert state.marks == (3, 3, 3)  # a value: the original is untouched
    with pytest.raises(ValueError, match="no field 'mark'"):
        state.replace(mark=(1, 1, 1))


def test_between_deals_is_a_new_matchs_state():
    # K1: everybody holds the starting marks and has paid his stake into the pot
    made = between_deals(CAMPLI, NAMES, (3, 3, 3), (True, True, True), dealer=2, pot=3)
    assert made == new_match(CAMPLI, NAMES, dealer=2)
