"""Q7, Lu Stù: a player who goes out during the deal and buys back at once (L11): is he dealt a
card this deal?  The named option ``buy_back_card``: 'next-deal' (the default, L10: his card
went under the stack and is not compared) and 'fresh-card' (he is dealt the top card at once,
L2, and plays on).  Each outcome below is worked out by hand from the rules, not read off the
engine."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cucu_ref.game.deal import start_deal
from cucu_ref.game.engine import is_chance, legal_actions, shuffled_stack, step
from cucu_ref.game.rulesets import OPEN_POINTS, OPTIONS, PRESET_REASONS, PRESETS, other_readings, preset
from cucu_ref.game.state import Action, ActionKind, Event, Phase, Via

from helpers import card, cards_in_play, check_invariants, low_marks_start, pack_multiset, play, run, table

A = ActionKind
NEXT, FRESH = "next-deal", "fresh-card"


def lu(reading: str, **more: str):
    return preset("lu-stu", {"buy_back_card": reading, **more})


def test_the_option_is_declared_with_its_readings_sources_and_default():
    spec = OPTIONS["buy_back_card"]
    assert spec.settles == "Q7"
    assert [(r.value, r.source) for r in spec.readings] == [(NEXT, "L10"), (FRESH, "Q7")]
    # the default is today's behaviour, in every preset: nobody is dealt again in mid-deal
    assert {rules.buy_back_card for rules in PRESETS.values()} == {NEXT}
    # an open point of Lu Stù only, the one preset that buys back at once (L11), with its reason
    assert [name for name, points in OPEN_POINTS.items() if "buy_back_card" in points] == ["lu-stu"]
    assert "L11" in PRESET_REASONS["lu-stu"]["buy_back_card"]
    assert [(s.name, r.value) for s, r, _ in other_readings(PRESETS["lu-stu"], "lu-stu")
            if s.name == "buy_back_card"] == [("buy_back_card", FRESH)]


def test_the_option_is_in_play_only_where_a_buy_back_comes_during_a_deal():
    # Q7 is read only where a player can go out during the deal (a hunter, a cat, or paying to
    # refuse, Q9), buys back at once (L11) and has lost his card under the stack (L10)
    from cucu_ref.game.rulesets import CAT, CUCKOO, HUNTER, options_in_play

    def reads(rules) -> bool:
        return "buy_back_card" in options_in_play(rules)

    lu_stu = PRESETS["lu-stu"]
    assert reads(lu_stu)
    assert not reads(lu_stu.with_options({"buy_back": "after-deal"}))
    assert not reads(lu_stu.with_options({"buy_back": "none"}))
    assert not reads(lu_stu.with_options({"dead_cards": "stay"}))
    assert not reads(PRESETS["campli"].with_options({"dead_cards": "under-stack"}))  # K17: after the deal
    cuckoo_only = lu_stu.with_options({"roles": ((15, CUCKOO),)})
    assert not reads(cuckoo_only)  # nobody can go out before the showdown
    assert reads(cuckoo_only.with_options({"refuse_by_paying": "yes"}))  # Q9: out by paying to refuse
    assert reads(lu_stu.with_options({"roles": ((14, HUNTER),)}))
    assert reads(lu_stu.with_options({"roles": ((12, CAT),)}))
    # and the dead cards' own option (K15/L10) on the same grounds
    assert "dead_cards" not in options_in_play(cuckoo_only)
    assert "dead_cards" in options_in_play(cuckoo_only.with_options({"refuse_by_paying": "yes"}))
    assert "dead_cards" in options_in_play(lu_stu.with_options({"roles": ((12, CAT),)}))


# Andrea (seat 0, on his last mark) holds VI and offers to Beatrice's hunter: shot (K11), out
# (K16), his VI under the stack (L10).  Play goes on right of the hunter: Chiara is dealt VIIII
# (L2, the top) and then Andrea decides at once (L11): he buys back for one stake, the first to
# re-enter.  Chiara keeps, the dealer Dario keeps.  The stack's next two cards are II, VIII.
DEAL = "VI XIIII VIIII II VIII"


def _deal(reading: str):
    state = table(lu(reading), 4, marks=(1, 3, 3, 3))
    return play(state, DEAL, ["offer", "buy", "keep", "keep"])


def test_next_deal_he_takes_no_further_part_and_the_dealer_gets_the_next_card():
    state, events = _deal(NEXT)
    # L2: Dario is dealt the next card from the top, II; live cards XIIII, VIIII, II: Dario is
    # lowest (L3) and loses one; Andrea, dead, is not compared (L10) and keeps his bought three
    assert Event("deal", "L2", 3, None, card("II"), 0) in events
    assert [e.seat for e in events if e.kind == "deal"] == [0, 1, 2, 3]
    assert [(e.seat, e.rule) for e in events if e.kind == "mark-lost"] == [(0, "K11"), (3, "K15")]
    assert state.marks == (3, 3, 3, 2) and state.pot == 4 + 1  # four stakes, one bought


def test_fresh_card_he_is_dealt_the_top_card_at_once_and_is_compared():
    state, events = _deal(FRESH)
    # at the buy-back Andrea is dealt the top card, II (L2), before anyone decides again; Dario
    # then gets VIII.  Andrea's turn has passed: he holds II to the showdown, where the live
    # cards II, XIIII, VIIII, VIII make him lowest (L3): he loses one of his three again
    at = events.index(Event("buy-back", "L11", 0, None, None, 1))
    assert events[at + 1] == Event("deal", "L2", 0, None, card("II"), 0)
    assert Event("deal", "L2", 3, None, card("VIII"), 0) in events
    assert [(e.seat, e.rule) for e in events if e.kind == "mark-lost"] == [(0, "K11"), (0, "K15")]
    assert state.marks == (2, 3, 3, 3) and state.pot == 4 + 1


def test_fresh_card_he_does_not_decide_again_when_his_turn_has_passed():
    state = table(lu(FRESH), 4, marks=(1, 3, 3, 3))
    state, _ = play(state, DEAL, ["offer"])
    bought, _ = run(state, ["buy"])
    assert bought.hands[0] == card("II") and bought.custody[0] == ((0, Via.DEALT),)
    assert bought.dead == (False,) * 4  # alive again: False, as every seat that is not out
    assert bought.phase == Phase.DECIDE and bought.actor == 2 and bought.suspended is None
    actors = []
    while bought.phase != Phase.SHUFFLE:
        actors.append(bought.actor)
        bought, _ = step(bought, legal_actions(bought)[0])
    assert actors == [2, 3]  # Chiara, then the dealer: Andrea is never asked again


def test_declining_is_the_same_under_both_readings():
    # only a buy-back deals a card: a player who declines stays out, card or no card
    outs = []
    for reading in (NEXT, FRESH):
        state = table(lu(reading), 4, marks=(1, 3, 3, 3))
        outs.append(play(state, DEAL, ["offer", "decline", "keep", "keep"]))
    assert outs[0][1] == outs[1][1] and outs[0][0].marks == outs[1][0].marks


def test_a_dead_card_kept_in_the_hand_is_not_replaced():
    # K15 (dead_cards = stay): the dead card stays in his hand, so he has a card, dead, and the
    # fresh-card reading deals nothing; the option is not in play there (options_in_play)
    outs = []
    for reading in (NEXT, FRESH):
        state = table(lu(reading, dead_cards="stay"), 4, marks=(1, 3, 3, 3))
        outs.append(play(state, DEAL, ["offer", "buy", "keep", "keep"]))
    assert outs[0][1] == outs[1][1]
    assert [e.seat for e in outs[1][1] if e.kind == "deal"] == [0, 1, 2, 3]


def test_l8_the_way_back_after_a_re_entry_stops_where_it_did():
    # Lu Stù, five players, dealer Elena (4).  Andrea (1 mark) offers to Beatrice's hunter and is
    # shot; he buys back and is dealt V (the top).  Chiara (III) offers to Dario's cat: she
    # loses a mark (L8) and must offer to her left, Beatrice's hunter: the way back ends there and
    # she, the last to offer, pays a second (L8).  Elena keeps.  Andrea's V is live; Chiara's III
    # is lowest (L3), a third mark: she goes out and decides at once (L11)
    state = table(lu(FRESH), 5, marks=(1, 3, 3, 3, 3))
    state, events = play(state, "VI XIIII III V XII X", ["offer", "buy", "offer"])
    assert Event("deal", "L2", 0, None, card("V"), 0) in events
    assert [(e.seat, e.rule) for e in events if e.kind == "mark-lost"] == [(0, "K11"), (2, "L8"), (2, "L8")]
    assert ("way-back-ends", 2) in [(e.kind, e.seat) for e in events]
    assert state.hands[0] == card("V") and state.hands[1] == card("XIIII")
    state, events = run(state, ["keep"])
    assert [(e.seat, e.rule) for e in events if e.kind == "mark-lost"] == [(2, "K15")]
    assert state.phase == Phase.BUY_BACK and state.actor == 2


def test_k13_the_cat_s_undo_after_a_re_entry():
    # A Campli table that buys back at once, with dead cards under the stack and dealt from the
    # top (custom rules, so the option is read; from the bottom the dead card would be dealt next).
    # Anna (1 mark) is shot by Bruno's hunter; Carla is dealt II; Anna buys back and is dealt the
    # next card, V.  Carla (II) offers to Dora (VIII) and they exchange; Dora,
    # now with II, offers to the dealer Ezio's cat: she loses a mark and the exchange is undone
    # (K13): Carla holds II again and Dora VIII; Anna's V is untouched.
    rules = preset("campli", {"buy_back": "immediate", "dead_cards": "under-stack", "deal_from": "top",
                              "buy_back_card": FRESH})
    state = table(rules, 5, marks=(1, 3, 3, 3, 3))
    state, events = play(state, "VI XIIII II V VIII XII", ["offer", "buy", "offer", "offer"])
    assert Event("deal", "K4", 0, None, card("V"), 0) in events
    undone = [e for e in events if e.kind == "undo"]
    assert [(e.seat, e.other, e.card) for e in undone] == [(2, 3, card("II"))]  # Carla has her II again
    # play goes on right of the cat, the dealer's: the round is over (K13, K10-K14); II is the
    # lowest of V, XIIII, II, VIII, XII (K15): Carla loses, Anna's V is compared and does not
    assert [(e.seat, e.rule) for e in events if e.kind == "mark-lost"] == [(0, "K11"), (3, "K13"), (2, "K15")]


def seeded_steps(rules, seed: int, matches: int, most: int, steps_per_match: int, buy: float):
    """Seeded matches of ``rules`` at 3..``most``-1 seats on low marks (virgins among them, so
    buy-backs are offered), each decision random, a buy-back taken with chance ``buy``: yields
    (state, action, (state after, events)) for every step."""
    rng = random.Random(seed)
    for _ in range(matches):
        n = rng.randrange(3, most)
        state = start_deal(rules, [f"p{i}" for i in range(n)], [rng.choice((1, 1, 2, 3)) for _ in range(n)],
                           rng.randrange(n))
        for _ in range(steps_per_match):
            if state.phase == Phase.MATCH_OVER:
                break
            if is_chance(state):
                action = Action(A.SHUFFLE, stack=shuffled_stack(rules, rng.randrange(2**32)))
            else:
                legal = legal_actions(state)
                buys = [a for a in legal if a.kind == A.BUY_BACK]
                action = buys[0] if buys and rng.random() < buy else rng.choice(legal)
            after = step(state, action)
            yield state, action, after
            state = after[0]


@pytest.mark.parametrize("reading", [NEXT, FRESH])
def test_seeded_lu_stu_matches_keep_the_invariants_and_deal_fresh_cards(reading):
    # many seeded Lu Stù matches on low marks: every step keeps the invariants (the fresh card
    # comes from the stack: hands + stack stay the whole pack, C1), and mid-deal re-entries are
    # dealt under 'fresh-card' only
    fresh = reentries = 0
    for state, action, (after, events) in seeded_steps(lu(reading), 7, 150, 9, 200, buy=0.8):
        check_invariants(state, action, after, events)
        if action.kind == A.BUY_BACK and state.suspended is not None:
            reentries += 1
            fresh += any(e.kind == "deal" and e.seat == action.seat for e in events)
    assert reentries > 20
    assert fresh == (reentries if reading == FRESH else 0)


def test_fresh_card_the_step_without_events_agrees():
    # after a re-entry the deal goes on (keeps, offers, the dealer's showdown) with one more
    # live hand; the step without events (engine.advance, issue 26) reaches the same states
    from cucu_ref.game import engine

    steps = list(seeded_steps(lu(FRESH), 11, 250, 8, 120, buy=1.0))
    revived = sum(1 for before, action, (after, _) in steps
                  if action.kind == A.BUY_BACK and before.suspended is not None and after.hands[action.seat])
    assert revived > 10
    assert all(step(before, action) == after for before, action, after in steps)
    assert all(engine.advance(before, action) == after[0] for before, action, after in steps)


@settings(max_examples=60, deadline=None)
@given(st.data(), st.sampled_from([NEXT, FRESH]))
def test_cards_are_conserved_under_both_readings(data, reading):
    rules = lu(reading)
    state = low_marks_start(data.draw, rules, 8)
    for _ in range(60):
        if state.phase == Phase.MATCH_OVER:
            break
        if is_chance(state):
            action = Action(A.SHUFFLE, stack=shuffled_stack(rules, data.draw(st.integers(0, 2**32))))
        else:
            legal = legal_actions(state)
            action = legal[data.draw(st.integers(0, len(legal) - 1))]
        after, events = step(state, action)
        check_invariants(state, action, after, events)
        if after.deal_number:
            assert cards_in_play(after) == pack_multiset(rules)
        state = after
