"""The engine's one comparison for the showdown (issue 13, fourth round; since issue 26
``rulebook.showdown.compare``) and the buy-back pricing, on the cases random deals rarely reach.

* ``showdown.compare`` scores a showdown with a guarantee or a hint by ``scoring.evaluate`` at
  the table of the deal (K19, L6 are rules of the table of two), also when a dead player's card
  has gone under the stack (L10) and his hand is no longer counted;
* the showdown (``rulebook.showdown.showdown``) hands ``compare`` the hints (Z7: a fool
  holder who hinted gains nothing) and the marks (Q12: an innkeeper pays only the marks he has);
* ``rulebook.match.went_out`` prices a same-price group under L11 by the re-entries so far.
"""

from __future__ import annotations

from cucu_ref.game import engine
from cucu_ref.game.cards import FOOL_VALUE, Card
from cucu_ref.game.rulebook import match, showdown
from cucu_ref.game.rulebook.table import Table
from cucu_ref.game.rulesets import preset
from cucu_ref.game.scoring import evaluate
from cucu_ref.game.state import Phase, Via

NAMES = ("Ada", "Bo", "Cy")


def _dealt(rules, hands, **fields):
    """A deal of three at its showdown: the dealer is seat 0, play order 1, 2, 0."""
    state = engine.new_match(rules, NAMES)
    custody = tuple(((s, Via.DEALT),) if card is not None else () for s, card in enumerate(hands))
    return state.replace(phase=Phase.DECIDE, actor=0, order=(1, 2, 0), cursor=2, hands=tuple(hands),
                          custody=custody, dead=(False,) * 3, **fields)


def test_a_guarantee_is_scored_at_the_table_of_the_deal_when_a_dead_card_is_under_the_stack():
    # Lu Stù (L10: a dead card goes under the stack; L6: two left alike at a table of two, the
    # non-dealer loses): seat 0 is dead without a card; two live fives, and a guarantee (L7)
    lu = preset("lu-stu")
    five = Card("cuccu", 5)
    hands, dead, marks = [None, five, five], (True, False, False), (0, 3, 3)
    moved = showdown.compare(lu, (1, 2, 0), hands, dead, ((1, 2),), (), marks)
    at_three = evaluate(lu, [(1, five), (2, five)], [], ((1, 2),), (), explain=False, marks=marks, table=3)
    at_two = evaluate(lu, [(1, five), (2, five)], [], ((1, 2),), (), explain=False, marks=marks, table=2)
    assert at_three.losers != at_two.losers  # (the case tells the tables apart: L6 at two)
    assert moved == (at_three.losers, at_three.gainers)
    # the same without the guarantee (scoring.live_marks): the table of three too
    assert showdown.compare(lu, (1, 2, 0), hands, dead, (), (), marks) == (list(at_three.losers), ())


def test_the_general_showdown_reads_the_hints():
    # Zeh: two fools rank above XV and each gains a mark (Z6), but a holder who hinted at his
    # fool gains nothing (Z7 'forfeits-gain')
    zeh = preset("zeh-1769")
    fool = Card("cuccu", FOOL_VALUE)
    w = Table(_dealt(zeh, [Card("cuccu", 5), fool, fool], hinted=(1,)))
    showdown.showdown(w)
    gained = [e.seat for e in w.events if e.kind == "mark-gained"]
    assert gained == [2]


def test_the_general_showdown_limits_an_innkeeper_to_his_marks():
    # K14: seat 1 loses with the nulla, guaranteed by innkeeper seat 2, who loses his own last
    # mark with the nulla too and cannot pay: Q12 ('offerer', Campli's reading) makes seat 1 pay
    campli = preset("campli")
    nulla = Card("cuccu", 0)
    state = _dealt(campli, [Card("cuccu", 9), nulla, nulla], guarantees=((1, 2),), marks=(3, 3, 1))
    limited = evaluate(campli, [(1, nulla), (2, nulla), (0, Card("cuccu", 9))], (), ((1, 2),), explain=False,
                       marks=(3, 3, 1), table=3)
    unlimited = evaluate(campli, [(1, nulla), (2, nulla), (0, Card("cuccu", 9))], (), ((1, 2),), explain=False,
                         table=3)
    assert limited.losers != unlimited.losers  # (the case tells the two apart)
    w = Table(state)
    showdown.showdown(w)
    assert [(e.seat, e.rule) for e in w.events if e.kind == "mark-lost"] == list(limited.losers)


def test_l11_prices_a_same_price_group_by_the_reentries_so_far():
    rules = preset("lu-stu", {"simultaneous_buy_back": "same-price"})
    assert rules.buy_back == "immediate" and rules.buy_back_price == "by-reentry-order"
    w = Table(engine.new_match(rules, NAMES).replace(reentries=2, eliminations=1))
    match.went_out(w, (1, 2))
    assert w.pending == ((1, 4), (2, 4)) and w.eliminations == 3 and w.out_this_deal == ((1, 2),)
    w = Table(engine.new_match(rules, NAMES).replace(reentries=2, eliminations=1))
    match.went_out(w, (1,))  # alone: fixed when it is asked (0 until then), then 2 ** re-entries
    assert w.pending == ((1, 0),)
    match.ask_next_buy_back(w)
    assert w.pending == ((1, 4),) and w.phase == Phase.BUY_BACK and w.actor == 1
