"""The match model (cucu_ref.assurance.formal.match, issue 28): the seeds' worked examples run
through it by hand, and the model beside the engine over whole seeded matches (the cross-check
and the lockstep machine compare the State's match-level fields with it)."""

from __future__ import annotations

from cucu_ref.assurance.formal.crosscheck import check_match
from cucu_ref.assurance.formal.match import Follower, Match, differences, offers
from cucu_ref.assurance.ledger import MATCHES, seeded_start
from cucu_ref.game.engine import legal_actions, step
from cucu_ref.game.playout import random_action
from cucu_ref.game.rulesets import preset
from cucu_ref.game.state import Phase

A, B, C, D = range(4)


def _goes_out_at_the_showdown(m, s, seat):
    s = m.shuffle(s)
    s = m.change(s, seat, -1)
    return m.deal_over(s, [j == seat for j in range(m.n)])


def _worked_example(rules):
    """Seed 000 §Wiedereintritt: Andrea, Beatrice and Chiara go out in that order (one deal
    each, on their last mark), Andrea buys back, Beatrice does not; Dora stays a virgin.  The
    price Chiara is asked."""
    m = Match(rules, 4)
    s = m.start([1, 1, 1, 3], [False, False, False, True], dealer=D, pot=4)
    s = m.ask(_goes_out_at_the_showdown(m, s, A))
    assert offers(s) == [(A, 1)]  # 'Der erste ausscheidende Spieler zahlt ... einen einfachen Einsatz'
    s = m.settle(m.decide(s, True))
    assert s.marks[A] == 3 and not s.virgin[A] and s.pot == 5  # 'gelten aber nicht als Jungfrau'
    s = m.ask(_goes_out_at_the_showdown(m, s, B))
    assert offers(s) == [(B, 2)]  # the second: 'den doppelten' under both readings (one re-entry so far)
    s = m.settle(m.decide(s, False))
    s = m.ask(_goes_out_at_the_showdown(m, s, C))
    return offers(s), s


def test_k17_chiara_pays_four_stakes_as_the_third_out():
    # K17: 'dann müsste Chiara als Drittausgeschiedene den vierfachen Einsatz zahlen'
    asked, s = _worked_example(preset("campli"))
    assert asked == [(C, 4)] and s.gone == 3 and s.back == 1


def test_l11_chiara_pays_two_stakes_as_the_second_to_re_enter():
    # L11: 'dann müsste Chiara als zweite Wiedereinsteigerin nur den doppelten Einsatz zahlen'
    # (Lu Stù's price, here with Campli's timing: the price reading alone decides)
    asked, _ = _worked_example(preset("campli", {"buy_back_price": "by-reentry-order"}))
    assert asked == [(C, 2)]


def test_q1_two_out_together_mcleod_doubles_martin_one_price():
    # Q1: 'der erste rechts vom Geber dann als erster' (McLeod) against 'alle den gleichen
    # Wiedereintrittstarif' (Martin); dealer D, so A is first right of him, then B
    for reading, want in (("first-right-of-dealer", [(A, 1), (B, 2)]), ("same-price", [(A, 1), (B, 1)])):
        m = Match(preset("campli", {"simultaneous_buy_back": reading}), 4)
        s = m.start([1, 1, 3, 3], [False, False, True, True], dealer=D, pot=4)
        s = m.change(m.change(m.shuffle(s), A, -1), B, -1)
        s = m.deal_over(s, [True, True, False, False])
        assert offers(s) == want, reading


def test_k18_restart_nobody_a_virgin_d8_everybody_back():
    # K18: 'erhalten alle Spieler, auch die früher ausgeschiedenen, erneut drei Marken ... Es gilt
    # allerdings niemand als Jungfrau'; D8: 'vender alle fire spillere tilbage med tre liv'
    for all_out, virgins in (("restart-no-virgins", False), ("all-return", True), ("draw-replay", True)):
        m = Match(preset("campli", {"all_out": all_out}), 4)
        s = m.start([0, 1, 1, 3], [False, False, False, True], dealer=B, pot=4)
        s = m.shuffle(s)
        s = m.change(m.change(m.change(s, B, -1), C, -1), D, -3)
        s = m.deal_over(s, [False, True, True, True])
        assert s.marks == [3, 3, 3, 3] and s.virgin == [virgins] * 4, all_out
        assert not any(s.owed) and s.pot == 4 and s.dealer == C and not s.over  # Z11: no new stake


def test_no_offer_once_no_virgin_is_left_and_the_last_in_wins():
    # K17 'Solange es eine oder mehrere Jungfrauen gibt'; K3 'wer am Ende übrig bleibt, gewinnt'
    m = Match(preset("campli"), 3)
    s = m.start([1, 2, 2], [False, False, False], dealer=2, pot=3)
    s = m.settle(_goes_out_at_the_showdown(m, s, 0))
    assert offers(s) == [] and not s.over and s.dealer == 1  # K2: right of the dealer, seat 0 out
    s = m.change(m.change(m.shuffle(s), 1, -1), 1, -1)
    s = m.settle(m.deal_over(s, [False, True, False]))
    assert s.over and s.winner == 2


def test_the_match_model_follows_the_engine_over_whole_matches():
    for rules in MATCHES:
        for seed in range(10):
            assert check_match(rules, seed) is None


# ---- the match model's z3 proofs (matchproofs), and each failing on a model broken on purpose


def test_the_match_proofs_hold_with_known_runs_at_three_seats():
    from cucu_ref.assurance.formal import matchproofs as MP
    from cucu_ref.game.rulesets import PRESETS

    for rules in (preset("campli"), PRESETS["lu-stu"]):
        results = list(MP.proofs(rules, [3], 60_000))
        assert {r.prop for r in results} == set(MP.PROPERTIES)
        assert all(r.ok for r in results), [(r.prop, r.method, r.verdict, r.vacuity) for r in results if not r.ok]


def _broken(base, method, patch):
    return type(f"Broken{method}", (base,), {method: patch})


def test_a_restart_making_virgins_fails_the_k18_proofs():
    # K18 'Es gilt allerdings niemand als Jungfrau': a model whose restart makes everyone a
    # virgin again is refuted by k18-restart and breaks the invariant's k18 part
    from cucu_ref.assurance.formal import matchproofs as MP

    def all_out(self, s):
        t = Match.all_out(self, s)
        t.virgin = [True] * self.n
        return t

    broken = _broken(Match, "all_out", all_out)
    wanted = {"k18-restart", "match-invariant"}
    results = {(r.prop, r.method): r for r in MP.proofs(preset("campli"), [3], 60_000, wanted, model=broken)}
    assert results[("k18-restart", "any-state")].verdict == "refuted"
    assert results[("match-invariant", "induction/deal-over")].detail["parts broken"] == ["k18"]


def test_an_l11_price_fixed_on_going_out_fails_the_price_proof():
    # L11 'verdoppelt sich der Tarif ... mit jedem Spieler der wiedereintritt': priced when he
    # goes out, the second of two out together pays the same whether the first bought back or not
    from cucu_ref.assurance.formal import matchproofs as MP
    from cucu_ref.assurance.formal.match import UNPRICED
    from cucu_ref.assurance.formal.model import AND, EQ, ite
    from cucu_ref.game.rulesets import PRESETS

    def go_out(self, s, group):
        t = Match.go_out(self, s, group)
        t.pexp = [ite(AND(g, EQ(p, UNPRICED)), s.back, p) for g, p in zip(group, t.pexp)]
        return t

    broken = _broken(Match, "go_out", go_out)
    [result] = MP.proofs(PRESETS["lu-stu"], [3], 60_000, {"price-after-a-buy-back"}, model=broken)
    assert result.verdict == "refuted", result


def test_k17_prices_swapped_fail_the_price_proof():
    # K17/Q1: McLeod's group doubling and Martin's one price swapped
    from cucu_ref.assurance.formal import matchproofs as MP

    def go_out(self, s, group):
        flipped = "first-right-of-dealer" if self.rules.simultaneous_buy_back == "same-price" else "same-price"
        return Match.go_out(Match(self.rules.with_options({"simultaneous_buy_back": flipped}), self.n), s, group)

    broken = _broken(Match, "go_out", go_out)
    for rules in (preset("campli"), preset("campli", {"simultaneous_buy_back": "same-price"})):
        [result] = MP.proofs(rules, [3], 60_000, {"q1-prices-of-a-group"}, model=broken)
        assert result.verdict == "refuted", result
    # under L11's price the swap also shows in what the second pays after the first buys back
    rules = preset("campli", {"buy_back_price": "by-reentry-order"})
    [result] = MP.proofs(rules, [3], 60_000, {"price-after-a-buy-back"}, model=broken)
    assert result.verdict == "refuted", result


def test_the_follower_takes_up_a_match_between_a_showdown_and_its_buy_backs():
    # K17: two out together after the deal while a virgin is left: a follower started from the
    # State that waits for the first decision holds the same two offers, and goes on as the engine
    for seed in range(40):
        state, rng = seeded_start(preset("campli"), seed)
        while state.phase != Phase.MATCH_OVER and not (state.phase == Phase.BUY_BACK and len(state.pending) >= 2):
            state, _ = step(state, random_action(state, rng))
        if state.phase == Phase.BUY_BACK:
            break
    else:
        raise AssertionError("no seeded match had two offers pending at once")
    follower = Follower(state)
    assert len(offers(follower.s)) == 2 and differences(state, follower.s) == []
    state, events = step(state, legal_actions(state)[0])
    follower.follow(events)
    assert differences(state, follower.s) == []
