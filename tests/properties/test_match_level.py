"""Match-level properties of the engine (issue 15, item 6), against the ledger
(:mod:`cucu_ref.assurance.ledger`: K17, Q1, L11, K18, D8, Z11, K3, S6 kept from the seeds' words,
not from the engine's counters; the mutation runner runs it as its ``ledger`` layer).
"""

from __future__ import annotations

import random

from hypothesis import given, note
from hypothesis import strategies as st

from cucu_ref.assurance.ledger import MATCHES, Ledger, play_against_the_ledger, search
from cucu_ref.game.deal import start_deal
from cucu_ref.game.engine import new_match
from cucu_ref.game.rulesets import PRESETS, preset
from helpers import low_marks_start


@st.composite
def matches(draw):
    rules = draw(st.sampled_from(MATCHES))
    return low_marks_start(draw, rules, 6)


@given(matches(), st.data())
def test_buy_back_prices_restarts_virgins_and_the_winner_follow_the_seeds(state, data):
    def choose(legal, label):
        top = 2**32 if legal is None else len(legal) - 1
        return data.draw(st.integers(0, top), label=label)

    kinds = play_against_the_ledger(state, choose, say=note)
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


def test_the_ledger_layer_passes_the_engine_and_catches_the_match_level_mutants():
    # the mutation runner's ledger layer (issue 28): clean on today's engine at the runner's ci
    # size, and each match-level bug the issue names caught by it, in a child process holding the
    # mutant (K17/Q1 prices swapped, L11's price fixed on going out, K18's restart making
    # virgins, a buy-back offered with no virgin left)
    from cucu_ref.assurance.formal import mutants as MU

    assert search(MU.PROFILES["ci"]["ledger_seeds"]) is None
    by_id = {m.id: m for m in MU.CATALOGUE}
    for mid in ("k17-price-swapped", "l11-price-fixed-on-going-out", "restart-everyone-virgin",
                "buy-back-without-virgin"):
        out = MU._run_child(by_id[mid], "ci", ("ledger",))
        assert out.error is None and isinstance(out.layers["ledger"], str), (mid, out)
