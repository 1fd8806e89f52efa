"""The fold of a deal's events (cucu_ref.game.history, issue 23): hand-worked deals.

Each deal is laid card by card (the stack built so the named cards are dealt in order) and
played with the engine; what the fold must say is worked out from the sources, not from
the engine's output: Campli (Farina 2010, «Cucù und Lu Stù», §Ereigniskarten, seed 000)
deals from the bottom (K4), Lu Stù from the top (L2).  Seats: Anna 0, Bruno 1, Carla 2,
Dario 3, the dealer (he decides last, K8).
"""

from __future__ import annotations

from typing import Optional

from cucu_ref import Action, new_match, preset
from cucu_ref.game.cards import PACKS, Card, parse
from cucu_ref.game.engine import play
from cucu_ref.game.history import DealRecord, fold, up_to_next_dealer
from cucu_ref.game.rulesets import Rules
from cucu_ref.game.state import Event, EventKind, State

ANNA, BRUNO, CARLA, DARIO = range(4)
NAMES = ["Anna", "Bruno", "Carla", "Dario"]


def _deal(rules: Rules, dealt: list[str], decisions: list[tuple[str, int]],
          marks: Optional[tuple[int, ...]] = None) -> tuple[State, State, list[Event]]:
    start = new_match(rules, NAMES, dealer=DARIO)
    if marks is not None:
        start = start.replace(marks=marks)
    cards = [parse(c) for c in dealt]
    rest = list(PACKS[rules.pack].cards)
    for card in cards:
        rest.remove(card)
    stack = (tuple(rest) + tuple(reversed(cards)) if rules.deal_from == "bottom"
             else tuple(cards) + tuple(rest))  # top first
    final, events = play(start, [Action("shuffle", stack=stack)] + [Action(k, s) for k, s in decisions])
    return start, final, events


def _c(name: str) -> Card:
    return parse(name)


def _hands(record: DealRecord) -> dict[int, Optional[str]]:
    return {seat: str(card) if card is not None else None for seat, card in enumerate(record.hands)}


def test_cat_undoes_the_exchange_k13() -> None:
    # Anna V, Bruno III, Carla XII (the cat), Dario II.  Anna offers: Bruno's III is no event
    # card, so they exchange (K7): Anna III, Bruno V.  Bruno offers to Carla's cat (K13): he
    # loses a mark at once, and as he got his card by exchange, that exchange is undone: Anna V
    # again, Bruno III.  Dario keeps (K8); at the showdown his II is the lowest (K15).
    _, _, events = _deal(preset("campli"), ["V", "III", "XII", "II"], [("offer", ANNA), ("offer", BRUNO),
                                                                         ("keep", DARIO)])
    record = fold(events)
    assert [(m.seat, m.other, m.gave, m.took, m.rule) for m in record.exchanges] == [
        (ANNA, BRUNO, _c("V"), _c("III"), "K7")]
    assert [(m.seat, m.other, m.gave, m.took, m.rule) for m in record.undone] == [
        (ANNA, BRUNO, _c("III"), _c("V"), "K13")]
    assert [(s.seat, s.asker, s.card, s.rule) for s in record.arrested] == [(CARLA, BRUNO, _c("XII"), "K13")]
    assert record.skipped == ()
    assert [(m.seat, m.amount, m.rule) for m in record.marks] == [(BRUNO, -1, "K13"), (DARIO, -1, "K15")]
    assert _hands(record) == {ANNA: "V", BRUNO: "III", CARLA: "XII", DARIO: "II"}
    assert [record.net(s) for s in range(4)] == [0, -1, 0, -1]
    assert record.showdown is not None and record.showdown.rule == "K15"
    assert record.went_out == () and record.restart is None


def test_horse_is_skipped_k12() -> None:
    # Anna V, Bruno XIII (the horse), Carla VII, Dario II.  Anna offers: the request jumps over
    # Bruno, who keeps the horse, to Carla (K12), whose VII must be exchanged (K7).
    _, _, events = _deal(preset("campli"), ["V", "XIII", "VII", "II"], [("offer", ANNA), ("keep", CARLA),
                                                                          ("keep", DARIO)])
    record = fold(events)
    assert [(s.seat, s.asker) for s in record.skipped] == [(BRUNO, ANNA)]
    assert [(m.seat, m.other, m.gave, m.took) for m in record.exchanges] == [(ANNA, CARLA, _c("V"), _c("VII"))]
    assert not any(BRUNO in (m.seat, m.other) for m in record.moves if m.kind != EventKind.DEAL)
    assert _hands(record) == {ANNA: "VII", BRUNO: "XIII", CARLA: "V", DARIO: "II"}
    assert record.dealt == ((ANNA, _c("V")), (BRUNO, _c("XIII")), (CARLA, _c("VII")), (DARIO, _c("II")))
    assert [(m.seat, m.amount) for m in record.lost] == [(DARIO, -1)]  # the II is the lowest (K15)


def test_inn_refuses_the_second_offer_k14() -> None:
    # Anna V, Bruno XI (the inn).  Anna offers: 'fermatevi aliquanto'; she asks 'pagherai se
    # null?'; Bruno refuses, so he must exchange with her (K14).  The deal goes on with Carla.
    _, final, events = _deal(preset("campli"), ["V", "XI", "VII", "II"], [("offer", ANNA),
                                                                            ("ask-pagherai-se-null", ANNA),
                                                                            ("refuse", BRUNO)])
    record = fold(events)
    assert [(s.kind, s.seat, s.asker, s.card) for s in record.stops] == [("arresto", BRUNO, ANNA, _c("XI"))]
    assert [(m.seat, m.other, m.gave, m.took, m.rule) for m in record.exchanges] == [
        (ANNA, BRUNO, _c("V"), _c("XI"), "K14")]
    assert record.marks == () and record.showdown is None and record.next_dealer is None
    assert final.actor == CARLA


def test_lu_stu_inn_bargain_accepted_l7() -> None:
    # Lu Stù deals from the top (L2).  Anna offers to Bruno's inn: 'Tingh la Cas, che mi dai in
    # cambio' (L7), showing the inn he holds; he accepts her offer, and they exchange.
    _, _, events = _deal(preset("lu-stu"), ["V", "XI", "VII", "II"], [("offer", ANNA), ("accept", BRUNO)])
    record = fold(events)
    bargain = [s for s in record.stops if s.kind == EventKind.INN_BARGAIN]
    assert [(s.seat, s.asker, s.card, s.rule) for s in bargain] == [(BRUNO, ANNA, _c("XI"), "L7")]
    assert [(m.seat, m.other, m.gave, m.took, m.rule) for m in record.exchanges] == [
        (ANNA, BRUNO, _c("V"), _c("XI"), "L7")]


def test_showdown_puts_the_last_mark_out_k15_k16_k17() -> None:
    # Everybody keeps.  Carla, with one mark left, holds the lowest card, the II: she loses it
    # at the showdown (K15) and is out (K16); the others still hold their three original marks,
    # so she may buy back, the first out paying one stake (K17).  Who deals next waits on her
    # decision: the buy-back comes after the deal (K17), so no next dealer is named yet.
    _, _, events = _deal(preset("campli"), ["V", "IIII", "II", "VII"],
                         [("keep", ANNA), ("keep", BRUNO), ("keep", CARLA), ("keep", DARIO)], marks=(3, 3, 1, 3))
    record = fold(events)
    assert record.moves == tuple(m for m in record.moves if m.kind == EventKind.DEAL)  # no card changed hands
    assert [(m.seat, m.amount, m.rule) for m in record.marks] == [(CARLA, -1, "K15")]
    assert record.went_out == (CARLA,)
    assert [(e.seat, e.amount) for e in record.buy_back_offers] == [(CARLA, 1)]
    assert record.next_dealer is None


def test_dealer_takes_from_the_stack_k8() -> None:
    # Dario takes the bottom card of the stack for his II (K8): no event names that card, so the
    # fold takes it from the hands after, where given.
    _, final, events = _deal(preset("campli"), ["V", "IIII", "VII", "II"],
                             [("keep", ANNA), ("keep", BRUNO), ("keep", CARLA), ("exchange-with-stack", DARIO)])
    taken = final.hands[DARIO]
    assert taken is not None and taken != _c("II")
    stack_moves = [m for m in fold(events, drawn=final.hands).moves if m.kind == EventKind.EXCHANGE_WITH_STACK]
    assert [(m.seat, m.gave, m.took) for m in stack_moves] == [(DARIO, _c("II"), taken)]
    blind = [m for m in fold(events).moves if m.kind == EventKind.EXCHANGE_WITH_STACK]
    assert [(m.gave, m.took) for m in blind] == [(_c("II"), None)]


def test_one_deal_ends_at_its_next_dealer() -> None:
    _, _, events = _deal(preset("campli"), ["V", "IIII", "VII", "II"],
                         [("keep", ANNA), ("keep", BRUNO), ("keep", CARLA), ("keep", DARIO)])
    following = [Event(EventKind.SHUFFLE, "K4", ANNA)]
    assert up_to_next_dealer(events + following) == tuple(events)
    assert events[-1].kind == EventKind.NEXT_DEALER
