"""The engine's check of the shuffle (C1), F2's dealer dealt three as play reaches him, the
showdown's scoring paths, and the step without events.

This file held the tests of the engine's seven fast paths (issue 13), which restated K4-K8,
K10, K14 and K15-K17 beside the general path.  Issue 26 removed them: every rule is written
once, in :mod:`cucu_ref.game.rulebook`, so the tests that the comparison took each fast path and
its fallbacks, and that the general path alone played the same deals, guard nothing any
more and went with them.  What they guarded besides stays here: the cheaper check of a
shuffle still refuses every stack that is not the pack (C1: 'Das Spiel besteht aus 40
Karten', two of each rank; the digest's C1); F2's dealer, reached before his card is dealt, is
dealt three (as the frozen engine does); the comparison exercises every way the showdown is
scored, and sees a fault in the scoring; and :func:`~cucu_ref.game.engine.advance` gives the
state :func:`~cucu_ref.game.engine.step` gives.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from engine_pair import compare
from reference import frozen_as_new as frozen_engine  # (the frozen engine taking and giving the package's States)

from cucu_ref.game import engine
from cucu_ref.game.cards import PACKS, Card
from cucu_ref.game.engine import IllegalActionError, step
from cucu_ref.game.rulebook import dealing, showdown
from cucu_ref.game.rulesets import PRESETS, preset
from cucu_ref.game.state import Action, ActionKind, Phase

from helpers import card, table

A = ActionKind
CAMPLI = preset("campli")


# --------------------------------------------------------------------------- C1


def _refused(stack: object) -> str:
    with pytest.raises(IllegalActionError) as err:
        step(table(CAMPLI, 4), Action(A.SHUFFLE, stack=stack))  # type: ignore[arg-type]
    assert err.value.reason == "the shuffle must hold exactly the 40 cards of cuccu-40"
    return err.value.rule


def test_c1_refuses_every_stack_that_is_not_the_pack():
    cards = list(PACKS["cuccu-40"].cards)  # XV XV XIIII XIIII ... matto matto
    xv, v = card("XV"), card("V")
    third_xv = [xv if c == v else c for c in cards]  # a third and fourth XV, no V
    assert len(third_xv) == 40
    assert _refused(third_xv) == "C1"
    # the right values, one card of another family: a French 5 for the Cuccù V
    french = [Card("french", 5) if c == v else c for c in cards]
    assert sorted(c.value for c in french) == sorted(c.value for c in cards)
    assert _refused(french) == "C1"
    assert _refused([*cards, xv]) == "C1"  # 41 cards
    assert _refused(cards[1:]) == "C1"  # 39
    assert _refused([]) == "C1"
    # 38 cards of the 40 without the lions (the cuccu-38 pack) in a game of 40
    assert _refused([c for c in cards if c.value != -3]) == "C1"
    for junk in (None, 7, "XV" * 20, [None] * 40, [(1,)] * 40, [object()] * 40, dict.fromkeys(cards, 1)):
        assert _refused(junk) == "C1"


def test_c1_accepts_the_pack_in_any_order_and_shape():
    rng = random.Random(13)
    for name, rules in sorted(PRESETS.items()):
        state = table(rules, rules.min_players)
        pack = PACKS[state.rules.pack]  # F1 may have changed the pack for a small table
        cards = list(pack.cards)
        rng.shuffle(cards)
        by_tuple, events = step(state, Action(A.SHUFFLE, stack=tuple(cards)))
        by_list, events_list = step(state, Action(A.SHUFFLE, stack=cards))  # a list is read the same
        assert by_tuple == by_list and events == events_list, name
        # parsed cards (new objects, equal values) are the same cards
        parsed = tuple(Card.parse(str(c), c.pack) for c in cards)
        assert step(state, Action(A.SHUFFLE, stack=parsed)) == (by_tuple, events), name
        assert Counter(by_tuple.stack) + Counter(h for h in by_tuple.hands if h is not None) == Counter(pack.cards)


def test_c1_is_not_checked_again_for_a_stack_shuffled_stack_made_and_is_for_any_other(monkeypatch):
    """A stack from ``shuffled_stack`` is the pack by construction: ``step`` takes it without
    ``whole_pack``.  Every other stack is checked: the same cards as a plain tuple or a list,
    after a pickle round trip or parsed again, or made for another pack (F1: the piquet pack
    of a small French table) -- a hostile one is still refused with C1, never a crash."""
    import pickle

    checked: list[object] = []
    whole_pack = dealing.whole_pack
    monkeypatch.setattr(dealing, "whole_pack", lambda pack, stack: checked.append(stack) or whole_pack(pack, stack))
    state = table(CAMPLI, 4)
    made = engine.shuffled_stack(CAMPLI, 5)
    plain = tuple(made)
    assert made == plain and repr(made) == repr(plain) and hash(made) == hash(plain) and str(made) == str(plain)
    assert Action(A.SHUFFLE, stack=made) == Action(A.SHUFFLE, stack=plain)
    after = step(state, Action(A.SHUFFLE, stack=made))
    assert checked == []
    assert type(after[0].stack) is tuple  # no State holds the marked stack
    for other in (plain, list(made), pickle.loads(pickle.dumps(made)), tuple(Card.parse(str(c)) for c in made)):
        assert step(state, Action(A.SHUFFLE, stack=other)) == after
    assert len(checked) == 4 and type(pickle.loads(pickle.dumps(made))) is tuple
    # a stack of another pack, however made, is refused
    french = preset("here")
    small = table(french, 4)
    assert small.rules.pack == "french-52"
    piquet = french.with_options({"pack": "french-32"})
    with pytest.raises(IllegalActionError) as err:
        step(small, Action(A.SHUFFLE, stack=engine.shuffled_stack(piquet, 1)))
    assert err.value.rule == "C1"
    # the 40 cards of one pack in a game of the 38
    zeh = preset("zeh-1769")
    with pytest.raises(IllegalActionError) as err:
        step(table(zeh, 4), Action(A.SHUFFLE, stack=engine.shuffled_stack(CAMPLI, 1)))
    assert err.value.rule == "C1"
    assert step(table(zeh, 4), Action(A.SHUFFLE, stack=engine.shuffled_stack(zeh, 1)))[0].phase == Phase.DECIDE


def test_c1_refuses_the_cards_fields_without_the_cards():
    """The cards' fields as JSON gives them back (lists) or as plain tuples, equal to the Cards
    but not Cards, are refused with C1 (they were taken, and a later request crashed on them)."""
    import json

    made = engine.shuffled_stack(CAMPLI, 5)
    for other in (json.loads(json.dumps(made)), [tuple(c) for c in made], [*made[:-1], tuple(made[-1])]):
        assert _refused(other) == "C1"


# --------------------------------------------------------------------------- F2, dealt one at a time


@pytest.mark.parametrize("moves", [["keep", "keep"], ["offer", "keep"], ["keep", "offer"]])
def test_f2_the_dealer_dealt_three_at_his_turn(moves):
    """F2 (the dealer takes three cards and keeps the highest) with cards dealt one at a time:
    a keep or an offer that reaches the dealer before his card is dealt deals him three, as
    the frozen engine does."""
    # K4: dealt from the bottom: Ada V, Bo VI, then the dealer Cy VII, II and XIIII (F2)
    fast = _play_f2(engine, ("V", "VI", "VII", "II", "XIIII"), moves)
    assert fast == _play_f2(frozen_engine, ("V", "VI", "VII", "II", "XIIII"), moves)
    kept = [e for events in fast[1] for e in events if e.kind == "dealer-keeps-highest"]
    assert [(e.rule, e.seat, str(e.card)) for e in kept] == [("F2", 2, "XIIII")]


def _play_f2(engine_module, bottom_up, moves):
    """Campli with F2 (the dealer takes three, ``dealer_takes = 3``), Ada, Bo and the dealer Cy:
    the stack holds ``bottom_up`` at its bottom (K4 deals from there: Ada's card, Bo's, then
    Cy's three), the rest of the pack above in the pack's order; the shuffle, then ``moves``
    by whoever is to act.  Returns the last state and the events of each step."""
    rules = CAMPLI.with_options({"dealer_takes": 3})
    dealt = [card(c) for c in bottom_up]
    rest = list(PACKS["cuccu-40"].cards)
    for c in dealt:
        rest.remove(c)
    state = engine_module.new_match(rules, ["Ada", "Bo", "Cy"], dealer=2)
    state, events = engine_module.step(state, Action(A.SHUFFLE, stack=(*rest, *reversed(dealt))))
    seen = [events]
    for move in moves:
        state, events = engine_module.step(state, Action(move, state.actor))
        seen.append(events)
    return state, seen


# --------------------------------------------------------------------------- the scoring's fast path


def test_the_equivalence_run_scores_by_the_live_path_and_falls_back(monkeypatch):
    """Vacuity check for the scoring: in the CI-sized comparison (whose frozen side scores by
    the long way, conftest.py) the engine's showdowns take ``scoring.live_marks`` in each of
    its ways (a fool or not, a XV or not; dead hands, with a fool among them or not) and
    ``evaluate`` where a player hinted or holds a guarantee."""
    from cucu_ref.game.cards import FOOL_VALUE

    ways: Counter[str] = Counter()
    live, plain = showdown.live_marks, showdown.evaluate

    def counted_live(rules, seats, vals, table, dead=()):
        ways[f"live fool={FOOL_VALUE in vals} xv={15 in vals}"] += 1
        if dead:
            ways[f"dead hands, a fool there={FOOL_VALUE in dead}"] += 1
        return live(rules, seats, vals, table, dead)

    def counted_plain(*args, **kwargs):
        ways["plain"] += 1
        return plain(*args, **kwargs)

    monkeypatch.setattr(showdown, "live_marks", counted_live)
    monkeypatch.setattr(showdown, "evaluate", counted_plain)
    compare(engine, frozen_engine, deals=1_000, seed=7)
    for fool in (False, True):
        for xv in (False, True):
            assert ways[f"live fool={fool} xv={xv}"] > 20, ways
        assert ways[f"dead hands, a fool there={fool}"] >= 3, ways  # (test_live_marks.py tries every case)
    assert ways["plain"] > 20, ways


def test_a_fault_in_the_live_path_is_caught_by_the_comparison(monkeypatch):
    """The comparison sees a fault in the engine's scoring (its frozen side scores by the long
    way): here K15's ties, only the first of the lowest losing."""
    from engine_pair import Disagreement

    live = showdown.live_marks
    monkeypatch.setattr(showdown, "live_marks", lambda rules, seats, vals, table, dead=(): live(
        rules.with_options({"ties": "first"}), seats, vals, table, dead))
    with pytest.raises(Disagreement, match=r"(states|events) differ"):
        compare(engine, frozen_engine, deals=1_000, seed=7)


@pytest.mark.parametrize("second", ["XV", "XI"])  # the cuckoo (K10), the inn (K14)
def test_f2_after_an_arresto_the_dealer_is_dealt_three(second):
    """An offer meets the cuckoo (K10) and play goes on with the dealer, not yet dealt: F2
    deals him three, as the frozen engine does (the inn: the offerer's decision first, then
    the dealer)."""
    bottom_up = ("V", second, "VII", "II", "XIIII")  # Ada V, Bo XV or XI, Cy VII II XIIII
    moves = ["offer"] if second == "XV" else ["offer", "keep-after-fermatevi"]
    fast = _play_f2(engine, bottom_up, moves)
    assert fast == _play_f2(frozen_engine, bottom_up, moves)
    assert [(e.kind, e.seat) for e in fast[1][1]][:3] == [("offer", 0), ("deal", 1), ("arresto", 1)]
    kept = [e for events in fast[1] for e in events if e.kind == "dealer-keeps-highest"]
    assert [(e.rule, e.seat, str(e.card)) for e in kept] == [("F2", 2, "XIIII")]
    assert fast[0].actor == 2 and fast[0].hands[2] == card("XIIII")


# --------------------------------------------------------------------------- the step without events


def test_the_comparison_checks_advance_against_step(monkeypatch):
    """engine_pair.compare checks ``advance(state, action) == step(state, action)[0]`` at
    every step (and the same refusal for a forbidden action): an ``advance`` that skips a
    rule's effect (here K11: the hunter's mark, which it records as an event too) is caught."""
    from engine_pair import Disagreement

    from cucu_ref.game.rulebook import hunter

    real, pays = engine.advance, hunter.lose_mark

    def forgets_the_hunter(state, action):
        hunter.lose_mark = lambda t, seat, rule: None  # (only while advance runs: step is whole)
        try:
            return real(state, action)
        finally:
            hunter.lose_mark = pays

    monkeypatch.setattr(engine, "advance", forgets_the_hunter)
    with pytest.raises(Disagreement, match="advance"):
        compare(engine, frozen_engine, deals=300, seed=7)


def test_advance_plays_a_hand_worked_deal_as_step_does():
    """K5-K8, K15: Ada (V) offers to Bo (VI), they exchange (K7); Bo keeps; the dealer Cy
    (VII) keeps; the showdown: Bo's V is the lowest, he pays a mark.  ``advance`` reaches the
    state ``step`` reaches, without building a single event."""
    dealt = [card(c) for c in ("V", "VI", "VII")]  # K4: dealt from the bottom, Ada first
    rest = list(PACKS["cuccu-40"].cards)
    for c in dealt:
        rest.remove(c)
    start = engine.new_match(CAMPLI, ["Ada", "Bo", "Cy"], dealer=2)
    moves = [Action(A.SHUFFLE, stack=(*rest, *reversed(dealt))), Action(A.OFFER, 0), Action(A.KEEP, 1),
             Action(A.KEEP, 2)]
    by_step = by_advance = start
    for move in moves:
        by_step, _ = step(by_step, move)
        by_advance = engine.advance(by_advance, move)
        assert by_advance == by_step
    assert by_step.marks == (CAMPLI.initial_marks, CAMPLI.initial_marks - 1, CAMPLI.initial_marks)
    assert by_step.phase == Phase.SHUFFLE and by_step.dealer == 0  # K2: the next dealer, right of Cy
    with pytest.raises(IllegalActionError) as err:
        engine.advance(by_step, Action(A.KEEP, 1))
    assert err.value.rule == "K4"


def test_play_out_reaches_the_states_step_reaches():
    """``play_out`` (a playout on one live table, no events, no State between the steps) and
    ``step`` take the same random decisions (the same seed) to the same state after every
    deal, over every preset at its smallest and a larger table, buy-backs and match ends
    included: the rules are the same functions, the checks the same."""
    from cucu_ref.game.playout import random_action

    for name, rules in sorted(PRESETS.items()):
        for n in (rules.min_players, min(rules.max_players, 7)):
            start = engine.new_match(rules, [f"p{i}" for i in range(n)])
            stepped, rng = start, random.Random(n)
            for _ in range(60):  # step by step, the state after each deal kept
                stepped, _ = step(stepped, random_action(stepped, rng))
                if stepped.phase in (Phase.SHUFFLE, Phase.MATCH_OVER):
                    break
            rng = random.Random(n)
            played, steps = engine.play_out(
                start, lambda t, rng=rng: random_action(t, rng),
                lambda t, k: k > 0 and t.phase in (Phase.SHUFFLE, Phase.MATCH_OVER))
            assert played == stepped, (name, n)
            assert type(played.hands) is tuple and type(played.custody) is tuple


def test_play_out_refuses_as_step_does():
    """A policy's illegal action is refused by ``play_out`` with ``step``'s error and rule
    (K5: Ada decides first, not Bo; C1: a shuffle must be the whole pack)."""
    start = engine.new_match(CAMPLI, ["Ada", "Bo", "Cy"], dealer=2)
    dealt, _ = step(start, Action(A.SHUFFLE, stack=engine.shuffled_stack(CAMPLI, 3)))
    for state, wrong in ((dealt, Action(A.KEEP, 1)), (start, Action(A.SHUFFLE, stack=()))):
        with pytest.raises(IllegalActionError) as by_step:
            step(state, wrong)
        with pytest.raises(IllegalActionError) as by_play_out:
            engine.play_out(state, lambda t, wrong=wrong: wrong, lambda t, k: k > 0)
        assert (str(by_play_out.value), by_play_out.value.rule) == (str(by_step.value), by_step.value.rule)
