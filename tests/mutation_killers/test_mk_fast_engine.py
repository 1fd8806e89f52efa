"""The pieces the faster engine (issue 13) added keep their contracts.

* ``Rules.citation_of`` and ``Rules.role_of_card`` are caches of what ``citations`` and
  ``roles`` say (C2, DEFAULT_CITATIONS); a ruleset's own citation wins, the first entry of a
  mechanism counts, as ``cites`` always read them;
* ``legal_actions`` answers from shared constant tuples: equal decisions are one value, and
  every seat a pack can seat is in the table;
* a State keeps nothing derived from card values: a caller who substitutes a card in
  ``hands`` (as the adjudicator does, CONTRACTS §1) sees the engine play the new card.
"""

from __future__ import annotations

import pytest
from helpers import card, play, stack_for, table

from cucu_ref.game.cards import PACKS, Card
from cucu_ref.game.engine import _ACTIONS, legal_actions, step
from cucu_ref.game.rulesets import (CAT, CUCKOO, DEFAULT_CITATIONS, HORSE, HUNTER, INN, OWN_CITATIONS, PRESETS, Rules,
                                     preset)
from cucu_ref.game.state import Action, ActionKind, Phase


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_citation_of_is_cites_for_every_mechanism(name):
    rules = PRESETS[name]
    # every mechanism, plus those only some sources state (OWN_CITATIONS) where this one names them
    own_only = {key for key, _ in rules.citations if key in OWN_CITATIONS}
    assert set(rules.citation_of) == set(DEFAULT_CITATIONS) | own_only
    for mechanism, rule in rules.citation_of.items():
        own = [r for key, r in rules.citations if key == mechanism]
        if own:
            assert rule == own[0]
        elif mechanism == "two-left":  # L6's rule where the source has one, else the showdown's
            assert rule == rules.cites("showdown")
        elif mechanism == "cuckoo-spared-two":  # Z8's where the source has one, else the one-card rule's
            assert rule == rules.cites("cuckoo-spared")
        else:
            assert rule == DEFAULT_CITATIONS[mechanism]
        assert rules.cites(mechanism) == rule


def test_two_left_cites_l6_or_the_rulesets_own_showdown_rule():
    """L6 (Lu Stù) where the ruleset names it; otherwise the ruleset's own showdown rule, so
    Zeh's table cites his showdown rule, not Campli's K15."""
    assert PRESETS["lu-stu"].cites("two-left") == "L6"
    assert PRESETS["campli"].cites("two-left") == "K15"
    zeh = PRESETS["zeh-1769"]
    assert zeh.cites("showdown") != "K15" and zeh.cites("two-left") == zeh.cites("showdown")


def test_the_first_citation_of_a_mechanism_counts():
    rules = Rules(name="twice", citations=(("deal", "L2"), ("deal", "Z3")))
    assert rules.cites("deal") == "L2" and rules.citation_of["deal"] == "L2"
    assert rules.cites("offer") == "K5"  # not restated: Campli's K5
    with pytest.raises(KeyError):
        rules.cites("no-such-mechanism")


def test_role_of_card_knows_the_packs_family():
    # C2: XV cuckoo, XIIII hunter, XIII horse, XII cat, XI inn; F3: the French king is the cuckoo
    campli = preset("campli")
    assert campli.role_of_card == {card("XV"): CUCKOO, card("XIIII"): HUNTER, card("XIII"): HORSE,
                                   card("XII"): CAT, card("XI"): INN}
    assert campli.role_of_card.get(Card("french", 13)) is None  # a king is no cuckoo of the Cuccù pack
    assert campli.role_of_card.get(None) is None
    coucou = preset("coucou")
    assert coucou.role_of_card == {Card("french", 13): CUCKOO}
    assert preset("ranter-go-round").role_of_card == {}  # R3: no card has any privilege


def test_the_caches_follow_with_options():
    rules = preset("campli")
    assert rules.cites("deal") == "K4"
    other = rules.with_options({"citations": [["deal", "L2"]], "roles": [[10, "cuckoo"]]})
    assert other.cites("deal") == "L2" and rules.cites("deal") == "K4"
    assert other.role_of_card == {card("X"): CUCKOO}


def test_legal_actions_are_shared_constants():
    state, _ = play(table(players=4), ["III", "VIII", "VI", "V"])
    first = legal_actions(state)
    assert first == (Action(ActionKind.KEEP, 0), Action(ActionKind.OFFER, 0))
    assert legal_actions(state) is first  # one value, not a new tuple per call
    largest = max(pack.size for pack in PACKS.values())
    for by_seat in _ACTIONS.values():
        assert len(by_seat) == largest
        assert all(action.seat == seat for seat, actions in enumerate(by_seat) for action in actions)


def test_legal_actions_beyond_the_table_are_built():
    state, _ = play(table(players=4), ["III", "VIII", "VI", "V"])
    far = state.replace(phase=Phase.BUY_BACK, actor=99)  # no pack seats 99 players; still answered
    assert legal_actions(far) == (Action(ActionKind.BUY_BACK, 99), Action(ActionKind.DECLINE, 99))


def test_a_substituted_card_is_the_card_played():
    """CONTRACTS §1: the adjudicator substitutes cards with State._replace and plays on; the
    engine must read the card in ``hands``, never a value cached from the card dealt."""
    state, _ = play(table(players=3), ["III", "VIII"])  # seat 0 holds III, seat 1 is not dealt yet
    assert state.phase == Phase.DECIDE and state.actor == 0
    # give seat 0 the cat instead: offering it on is an ordinary offer; what stops it is the
    # next seat's card, so substitute seat 1's coming card through the stack as well
    stack = state.stack[:-1] + (card("XIIII"),)  # K4: the bottom card is dealt next
    swapped = state.replace(hands=(card("XII"),) + state.hands[1:], stack=stack)
    after, events = step(swapped, Action(ActionKind.OFFER, 0))
    kinds = [(e.kind, e.rule) for e in events]
    # K11: the hunter keeps his card and the offerer pays a mark; the cat stays with seat 0
    assert ("arresto", "K11") in kinds and ("mark-lost", "K11") in kinds
    assert after.hands[0] == card("XII") and after.hands[1] == card("XIIII")
    assert after.marks[0] == state.marks[0] - 1


def test_stack_for_helper_still_deals_in_order():
    # the engine's K4 order (bottom first) is what the helpers and deal_stack rely on
    rules = preset("campli")
    stack = stack_for(rules, ["I", "II", "III"])
    state, events = step(table(players=3), Action(ActionKind.SHUFFLE, stack=stack))
    assert [e.card for e in events if e.kind == "deal"] == [card("I")]
    assert state.hands[0] == card("I")


def test_legal_actions_at_the_first_seat_past_the_table():
    # the table holds seats 0..51 (the 52-card pack, CONTRACTS: max_players + 2 <= pack size)
    state, _ = play(table(players=4), ["III", "VIII", "VI", "V"])
    seat = len(_ACTIONS[(ActionKind.BUY_BACK, ActionKind.DECLINE)])
    edge = state.replace(phase=Phase.BUY_BACK, actor=seat)
    assert legal_actions(edge) == (Action(ActionKind.BUY_BACK, seat), Action(ActionKind.DECLINE, seat))


def test_s6_all_out_on_their_last_lives_keep_them():
    """S6 (pagat, Cuckoo), second rule, 'keep-last-life': both players in hold one life; S5:
    'If several players tie for lowest they all lose a life', so two 3s both go out; then
    they keep their last life and play on, and the deal passes to the next player (pagat names
    no next dealer: P1, the project's reading, as Coucou's F2 and Campli's K2 have it)."""
    rules = preset("screw-your-neighbour", {"all_out": "keep-last-life"})
    state, events = play(table(rules, players=2, marks=[1, 1]), ["3", "3"], ["keep", "keep"])
    tail = [(e.kind, e.rule, e.seat, e.amount) for e in events[events.index(next(e for e in events
                                                                              if e.kind == "showdown")):]]
    assert tail == [
        ("showdown", "S5", None, 0),
        ("mark-lost", "S5", 0, 1), ("mark-lost", "S5", 1, 1),
        ("out", "S5", 0, 0), ("out", "S5", 1, 0),
        ("keep-last-life", "S6", 0, 1), ("keep-last-life", "S6", 1, 1),
        ("next-dealer", "P1", 0, 0),
    ]
    assert state.marks == (1, 1) and state.phase == Phase.SHUFFLE and state.dealer == 0


def test_s6_all_out_together_are_joint_winners():
    """S6, first rule (the preset's default): the players of the last deal share the pot."""
    rules = preset("screw-your-neighbour")
    state, events = play(table(rules, players=2, marks=[1, 1]), ["3", "3"], ["keep", "keep"])
    assert [(e.kind, e.rule, e.seat, e.amount) for e in events if e.kind == "joint-winner"] == [
        ("joint-winner", "S6", 0, state.pot), ("joint-winner", "S6", 1, state.pot)]
    assert state.phase == Phase.MATCH_OVER and state.winners == (0, 1) and state.marks == (0, 0)
