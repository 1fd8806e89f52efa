"""The engine's fast paths (issue 13) and its check of the shuffle (C1).

``cucu_ref.game.engine`` applies the commonest steps (a keep, an offer meeting a plain card, the
dealer's last decision with a showdown nobody goes out of, the first hand of a deal dealt one
at a time) without its ``_Step`` scratch, and falls back to the general path in every other
case.  ``tests/equivalence`` compares the engine with the frozen engine it replaced at every
step; the tests here make sure that comparison exercised the fast paths *and* their
fallbacks (otherwise it would prove nothing about them), that the general path alone gives the
same steps, and that the cheaper check of a shuffle still refuses every stack that is not the
pack (C1: 'Das Spiel besteht aus 40 Karten', two of each rank; the digest's C1).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from engine_pair import compare
from reference import frozen_engine

from cucu_ref.game import engine
from cucu_ref.game.cards import PACKS, Card
from cucu_ref.game.engine import IllegalActionError, step
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
    ``_whole_pack``.  Every other stack is checked: the same cards as a plain tuple or a list,
    after a pickle round trip or parsed again, or made for another pack (F1: the piquet pack
    of a small French table) -- a hostile one is still refused with C1, never a crash."""
    import pickle

    checked: list[object] = []
    whole_pack = engine._whole_pack
    monkeypatch.setattr(engine, "_whole_pack", lambda pack, stack: checked.append(stack) or whole_pack(pack, stack))
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


# --------------------------------------------------------------------------- the fast paths are exercised


FAST = ("_fast_keep", "_fast_offer", "_fast_go_to_stack", "_fast_dealer_keep")
GOING_OUT, ARRESTO = "_fast_going_out", "_fast_arresto"


def test_the_equivalence_run_takes_every_fast_path_and_every_fallback(monkeypatch):
    """Vacuity check of tests/equivalence for the fast paths: in its CI-sized run each fast
    path builds states, and each also hands some steps to the general path (an event card at
    the target, a showdown everybody goes out of), which then plays on with the comparison the
    fast path made."""
    taken: Counter[tuple[str, bool]] = Counter()
    for name in (*FAST, GOING_OUT, ARRESTO):
        original = getattr(engine, name)

        def counted(*args, original=original, name=name):
            result = original(*args)
            taken[name, result is not None] += 1
            return result

        monkeypatch.setattr(engine, name, counted)
    monkeypatch.setattr(engine, "_FAST_PATHS", {A.KEEP: engine._fast_keep, A.OFFER: engine._fast_offer,
                                                A.EXCHANGE_WITH_STACK: engine._fast_go_to_stack})
    showdown = engine._Step.showdown

    def general_showdown(self, result=None):
        taken["showdown after a fast path", result is not None] += 1
        return showdown(self, result)

    monkeypatch.setattr(engine._Step, "showdown", general_showdown)
    compare(engine, frozen_engine, deals=1_000, seed=7)
    for name in (*FAST, GOING_OUT, ARRESTO):
        assert taken[name, True] > 100, (name, taken)
    # (a keep's fallbacks, F2's dealer dealt three at his turn, do not come up in this run)
    for name in ("_fast_offer", "_fast_go_to_stack", GOING_OUT, ARRESTO):
        assert taken[name, False] > 0, (name, taken)
    # everybody went out (K18, S6 ...): the general path plays on with the fast path's comparison
    assert taken["showdown after a fast path", True] > 0, taken


def test_the_general_path_alone_plays_the_same_deals(monkeypatch):
    """With the fast paths switched off the engine plays the same random deals, step by step."""
    rules, names = CAMPLI, [f"p{i}" for i in range(5)]
    runs = []
    for fast in (True, False):
        if not fast:
            monkeypatch.setattr(engine, "_FAST_PATHS", {})
        rng = random.Random(2026)
        state, seen = engine.new_match(rules, names), []
        for _ in range(3_000):
            if state.phase == Phase.MATCH_OVER:
                state = engine.new_match(rules, names)
            if state.phase == Phase.SHUFFLE:
                action = Action(A.SHUFFLE, stack=engine.shuffled_stack(rules, rng))
            else:
                actions = engine.legal_actions(state)
                action = actions[rng.randrange(len(actions))]
            state, events = engine.step(state, action)
            seen.append((state, events))
        runs.append(seen)
    assert runs[0] == runs[1]


@pytest.mark.parametrize("moves", [["keep", "keep"], ["offer", "keep"], ["keep", "offer"]])
def test_f2_the_dealer_dealt_three_at_his_turn_is_left_to_the_general_path(monkeypatch, moves):
    """F2 (the dealer takes three cards and keeps the highest) with cards dealt one at a time:
    a keep or an offer that reaches the dealer before his card is dealt is not a fast path's
    case; the engine deals him three all the same, as the frozen engine and the general path do."""
    # K4: dealt from the bottom: Ada V, Bo VI, then the dealer Cy VII, II and XIIII (F2)
    fast = _play_f2(engine, ("V", "VI", "VII", "II", "XIIII"), moves)
    assert fast == _play_f2(frozen_engine, ("V", "VI", "VII", "II", "XIIII"), moves)
    kept = [e for events in fast[1] for e in events if e.kind == "dealer-keeps-highest"]
    assert [(e.rule, e.seat, str(e.card)) for e in kept] == [("F2", 2, "XIIII")]
    monkeypatch.setattr(engine, "_FAST_PATHS", {})
    assert _play_f2(engine, ("V", "VI", "VII", "II", "XIIII"), moves) == fast


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
    live, plain = engine.live_marks, engine.evaluate

    def counted_live(rules, seats, vals, table, dead=()):
        ways[f"live fool={FOOL_VALUE in vals} xv={15 in vals}"] += 1
        if dead:
            ways[f"dead hands, a fool there={FOOL_VALUE in dead}"] += 1
        return live(rules, seats, vals, table, dead)

    def counted_plain(*args, **kwargs):
        ways["plain"] += 1
        return plain(*args, **kwargs)

    monkeypatch.setattr(engine, "live_marks", counted_live)
    monkeypatch.setattr(engine, "evaluate", counted_plain)
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

    live = engine.live_marks
    monkeypatch.setattr(engine, "live_marks", lambda rules, seats, vals, table, dead=(): live(
        rules.with_options({"ties": "first"}), seats, vals, table, dead))
    with pytest.raises(Disagreement, match=r"(states|events) differ"):
        compare(engine, frozen_engine, deals=1_000, seed=7)


@pytest.mark.parametrize("second", ["XV", "XI"])  # the cuckoo (K10), the inn (K14)
def test_f2_after_an_arresto_the_dealer_is_dealt_three(monkeypatch, second):
    """An offer meets the cuckoo (K10) and play goes on with the dealer, not yet dealt: F2
    deals him three, as the frozen engine and the general path do (the inn: the offerer's
    decision first, then the dealer)."""
    bottom_up = ("V", second, "VII", "II", "XIIII")  # Ada V, Bo XV or XI, Cy VII II XIIII
    moves = ["offer"] if second == "XV" else ["offer", "keep-after-fermatevi"]
    fast = _play_f2(engine, bottom_up, moves)
    assert fast == _play_f2(frozen_engine, bottom_up, moves)
    assert [(e.kind, e.seat) for e in fast[1][1]][:3] == [("offer", 0), ("deal", 1), ("arresto", 1)]
    kept = [e for events in fast[1] for e in events if e.kind == "dealer-keeps-highest"]
    assert [(e.rule, e.seat, str(e.card)) for e in kept] == [("F2", 2, "XIIII")]
    assert fast[0].actor == 2 and fast[0].hands[2] == card("XIIII")
    monkeypatch.setattr(engine, "_FAST_PATHS", {})
    assert _play_f2(engine, bottom_up, moves) == fast
