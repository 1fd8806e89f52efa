"""The match model (cucu_ref.assurance.formal.match, issue 28): the seeds' worked examples run
through it by hand, and the model beside the engine over whole seeded matches (the cross-check
and the lockstep machine compare the State's match-level fields with it)."""

from __future__ import annotations

from cucu_ref.assurance.formal.crosscheck import check_match
from cucu_ref.assurance.formal.match import Match, offers
from cucu_ref.assurance.ledger import MATCHES
from cucu_ref.game.rulesets import preset

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
