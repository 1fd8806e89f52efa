"""The deal diagrams (cucu_ref.services.diagram): well-formed SVG, every seat and arrow there, the
same bytes every time.

The known deals are the documentation's worked examples, whose moves were worked out by
hand from the sources (cited at each); the random deals check the drawing against the
engine's own events for every preset."""

from __future__ import annotations

import hashlib
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Sequence

import pytest

from cucu_ref import PACKS, Action, new_match, preset, step
from cucu_ref.services.diagram import ARROW_KINDS, STACK, deal_svg, describe
from cucu_ref.game.engine import play
from cucu_ref.game.playout import random_action
from cucu_ref.game.rulesets import PRESETS
from cucu_ref.game.state import Event, Phase, State

SVG = "{http://www.w3.org/2000/svg}"


def stack(rules, *tokens: str) -> tuple:
    """The whole pack, top first, dealing ``tokens`` in that order (K4 bottom, L2 top)."""
    pack = PACKS[rules.pack]
    drawn = [pack.parse(t) for t in tokens]
    rest = list(pack.cards)
    for card in drawn:
        rest.remove(card)
    return tuple(drawn) + tuple(rest) if rules.deal_from == "top" else tuple(rest) + tuple(reversed(drawn))


def deal(name: str, players: Sequence[str], dealer: int, cards: Sequence[str], moves: Sequence[tuple[str, int]],
         marks: tuple[int, ...] = ()) -> tuple[State, list[Event], State]:
    start = new_match(preset(name), players, dealer=dealer)
    if marks:
        start = start.replace(marks=marks, virgins=tuple(m == start.rules.initial_marks for m in marks))
    actions = [Action("shuffle", stack=stack(start.rules, *cards))] + [Action(kind, seat) for kind, seat in moves]
    final, events = play(start, actions)
    return start, events, final


def groups(svg: str, cls: str) -> list[ET.Element]:
    root = ET.fromstring(svg.split("?>", 1)[-1])
    return [g for g in root.iter(f"{SVG}g") if cls in (g.get("class") or "").split()]


def horse_and_cat() -> tuple[State, list[Event], State]:
    # campli: Andrea's III jumps Beatrice's horse to Chiara (K12, K7), goes on to Dario (K7),
    # Emilia's cat stops it (K13) and the two exchanges are undone, skipping the horse again
    return deal("campli", ["Andrea", "Beatrice", "Chiara", "Dario", "Emilia", "Fabio"], 5,
                ["III", "XIII", "VIII", "VII", "XII", "X"], [("offer", 0), ("offer", 2), ("offer", 3), ("keep", 5)])


def test_known_deal_every_seat_arrow_and_badge() -> None:
    start, events, final = horse_and_cat()
    svg = deal_svg(start, events, final)
    ET.fromstring(svg.split("?>", 1)[1])  # well-formed XML after the declaration
    seats = groups(svg, "seat")
    assert [g.get("data-seat") for g in seats] == ["0", "1", "2", "3", "4", "5"]
    arrows = groups(svg, "arrow")
    # hand-worked: the horse's jump, two exchanges, the cat's stop, two undos, in that order
    assert [(g.get("class"), g.get("data-rule")) for g in arrows] == [
        ("arrow horse", "K12"), ("arrow exchange", "K7"), ("arrow exchange", "K7"), ("arrow shot", "K13"),
        ("arrow undo", "K13"), ("arrow undo", "K13")]
    assert [g.get("data-step") for g in arrows] == ["1", "2", "3", "4", "5", "6"]
    # drawn seat by seat: Andrea pays the lowest card (K15), Dario the cat (K13)
    assert [(g.get("class"), g.get("data-rule")) for g in groups(svg, "badge")] == [
        ("badge lost", "K15"), ("badge lost", "K13")]
    picture = describe(start, events, final)
    # (each card as the text ruling names it, by Farina's names: 'XIII Salta' K12, 'XII Gnaf' K13)
    assert [(s.dealt, s.final, s.marks_after) for s in picture.seats] == [
        ("III", "III", 2), ("XIII Salta", "XIII Salta", 3), ("VIII", "VIII", 3), ("VII", "VII", 2),
        ("XII Gnaf", "XII Gnaf", 3), ("X", "X", 3)]
    assert picture.notes[0] == "Showdown (K15): Andrea loses a mark."
    assert [a.text for a in picture.arrows][4] == "undone: Chiara takes back III from Dario (K13)"


def test_the_way_back_the_talon_the_paid_cat_and_the_guarantee() -> None:
    # lu-stu L8: Chiara's II goes back left through Beatrice to Andrea (two exchanges cited L8)
    start, events, final = deal("lu-stu", ["Andrea", "Beatrice", "Chiara", "Dario", "Emilia"], 4,
                                ["IIII", "VI", "II", "XII", "X"], [("keep", 0), ("keep", 1), ("offer", 2), ("keep", 4)])
    kinds = [(a.kind, a.source, a.target) for a in describe(start, events, final).arrows]
    assert kinds == [("shot", 2, 3), ("way-back", 2, 1), ("way-back", 1, 0)]
    # coucou F2, F3, F4: the dealer's three cards, the king's refusal, the exchange with the talon
    start, events, final = deal("coucou", ["Anne", "Bernard", "Claire", "Denis", "Estelle"], 4,
                                ["7", "K", "9", "A", "Q", "8", "10", "J"],
                                [("offer", 0), ("keep", 2), ("offer", 3), ("keep", 4)])
    picture = describe(start, events, final)
    assert [(a.kind, a.source, a.target, a.rule) for a in picture.arrows] == [
        ("from-stack", STACK, 4, "F2"), ("request", 0, 1, "F3"), ("stack", 3, STACK, "F4")]
    assert picture.uses_stack and picture.stack_label == "talon"
    # zeh Z5: the mark goes from the offerer to the cat's holder
    start, events, final = deal("zeh-1769", ["Andrea", "Beatrice", "Chiara"], 2, ["V", "XII", "VIII"],
                                [("offer", 0), ("keep", 2)])
    assert [(a.kind, a.source, a.target) for a in describe(start, events, final).arrows] == [
        ("shot", 0, 1), ("mark", 0, 1)]
    # campli K14: the accepted second offer is a guarantee, no exchange
    start, events, final = deal("campli", ["Andrea", "Beatrice", "Chiara"], 2, ["0", "XI", "VI"],
                                [("offer", 0), ("ask-pagherai-se-null", 0), ("accept", 1), ("keep", 2)])
    assert [(a.kind, a.source, a.target) for a in describe(start, events, final).arrows] == [
        ("inn", 0, 1), ("guarantee", 1, 0)]


def test_the_table_turns_the_way_play_goes() -> None:
    start, events, final = horse_and_cat()

    def first_hand_x(clockwise: bool) -> tuple[float, float]:
        svg = deal_svg(start, events, final, clockwise=clockwise)
        xs = {g.get("data-seat"): float(g.find(f"{SVG}rect").get("x")) for g in groups(svg, "seat")}
        return xs["0"], xs["5"]  # the first hand and the dealer

    first, dealer = first_hand_x(False)
    assert first > dealer  # to the dealer's right on the page: counter-clockwise (K4)
    first, dealer = first_hand_x(True)
    assert first < dealer  # to his left: clockwise (R2)


def test_the_same_bytes_every_time_and_in_another_process() -> None:
    start, events, final = horse_and_cat()
    svg = deal_svg(start, events, final)
    assert svg == deal_svg(start, events, final)
    code = ("import sys; sys.path.insert(0, 'tests'); from test_diagram import horse_and_cat; "
            "from cucu_ref.services.diagram import deal_svg; import hashlib; s, e, f = horse_and_cat(); "
            "print(hashlib.sha256(deal_svg(s, e, f).encode()).hexdigest())")
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONHASHSEED": "123", "PATH": ""}, cwd=str(root))
    assert out.stdout.strip() == hashlib.sha256(svg.encode()).hexdigest()


def _expected_arrows(events: Sequence[Event], final: State) -> int:
    """How many arrows the events call for, counted here independently of the module."""
    moving = ("exchange", "arresto", "undo", "exchange-with-stack", "exchange-with-talon", "talon-king",
              "stack-king", "dealer-keeps-highest", "dead-card-under-stack")
    n = 0
    for e in events:
        paid = e.kind == "mark-gained" and e.other is not None  # Z5: paid to the cat's holder
        bond = e.kind in ("accept", "refuse") and (e.other, e.seat) in final.guarantees  # K14, L7
        n += e.kind in moving or paid or bond
        if e.kind == "next-dealer":
            break
    return n


@pytest.mark.parametrize("name", list(PRESETS))
def test_random_deals_draw_what_the_engine_did(name: str) -> None:
    rules = PRESETS[name]
    for seed in range(12):
        rng = random.Random(seed)
        players = [f"P{i}" for i in range(rng.randint(rules.min_players, min(rules.max_players, 9)))]
        start = new_match(rules, players, dealer=seed % len(players))
        state, events = start, []
        while True:
            state, new = step(state, random_action(state, rng))
            events += new
            if state.phase in (Phase.SHUFFLE, Phase.MATCH_OVER) or any(e.kind == "next-dealer" for e in new):
                break
        svg = deal_svg(start, events, state)
        ET.fromstring(svg.split("?>", 1)[1])
        assert len(groups(svg, "seat")) == len(players)
        arrows = groups(svg, "arrow")
        assert len(arrows) == _expected_arrows(events, state), (name, seed)
        assert {g.get("class").split()[1] for g in arrows} <= set(ARROW_KINDS)
        marks = [e for e in events if e.kind in ("mark-lost", "mark-gained")]
        assert len(groups(svg, "badge")) == len(marks), (name, seed)


def test_a_card_the_position_leaves_unknown_is_drawn_as_a_question_mark() -> None:
    # the adjudicator moves an unknown card as a placeholder, a card its pack has no name for
    # (cucu_ref.services.adjudication); the drawing says '?' wherever it goes
    from cucu_ref.game.cards import Card

    rules = preset("campli")
    start = new_match(rules, ["Anna", "Bruno", "Carla"], dealer=2)
    dealt, events = step(start, Action("shuffle", stack=stack(rules, "II", "VI", "X")))
    # as the adjudicator does (CONTRACTS §1): Bruno's card, next from the bottom (K4), unknown
    dealt = dealt.replace(stack=dealt.stack[:-1] + (Card("cuccu", 1000),))
    final, more = play(dealt, [Action("offer", 0), Action("keep", 1), Action("keep", 2)])
    events = list(events) + list(more)
    picture = describe(start, events, final)
    assert [(s.name, s.dealt, s.final) for s in picture.seats] == [("Anna", "II", "?"), ("Bruno", "?", "II"),
                                                                  ("Carla", "X", "X")]
    assert picture.arrows[0].text == "Anna and Bruno exchange: Anna gives II and takes ? (K7)"
    ET.fromstring(deal_svg(start, events, final, standalone=False))


def test_a_game_that_counts_lives_is_drawn_in_lives() -> None:
    # issue 24 §2, the pictures as the ruling: the digital game counts lives (D1 "3 lives each"), so its
    # picture says lives where the text ruling does.  Anna and Bruno have a life each (Carl and Dina
    # are out, D8); Anna asks Bruno, whose hunter makes her lose a life at once (D4); Bruno's card is
    # the only live one and loses (D7); both reach zero in one deal, so all four return with three
    # lives (D8: "vender alle fire spillere tilbage med tre liv").
    start, events, final = deal("digital-4p", ["Anna", "Bruno", "Carl", "Dina"], 1, ["V", "XIIII"], [("offer", 0)],
                                marks=(1, 1, 0, 0))
    picture = describe(start, events, final)
    assert [a.text for a in picture.arrows] == [
        # (the hunter by the Danish page's own name: «jæger XIIII», D; as the text ruling says it)
        "Anna asks Bruno, who shoots with the hunter (XIIII jæger): no exchange, and Anna loses a life at once (D4)"]
    assert picture.notes[:2] == ("Showdown (D7): Bruno loses a life; Bruno is out (D8).",
                                 "Everybody still in went out: all return with 3 lives (D8).")
    svg = deal_svg(start, events, final)
    shown = re.sub(r"<[^>]+>", " ", svg.split("</defs>")[-1])  # the words a reader sees
    assert "lives 1 \u2192 3" in shown and "mark" not in shown
    # Campli counts marks (K1) and says so: everybody gets three marks again (K18, "erhält erneut drei Marken")
    start, events, final = deal("campli", ["Andrea", "Beatrice"], 1, ["V", "XIIII"], [("offer", 0)], marks=(1, 1))
    notes = describe(start, events, final).notes
    assert notes[1] == "Everybody still in went out: everybody gets 3 marks again (K18)."
    assert "marks 1 \u2192 3" in deal_svg(start, events, final)


def test_joint_winners_are_said_once_with_each_ones_share() -> None:
    # S6 (pagat): the last players going out together are joint winners and share the pot.  Anne and
    # Bob on their last life, Cleo out, three stakes in the pot; both keep a 5, tie for the lowest card
    # and lose their last life (S5): the picture says it once, with each one's share, 3/2 = 1½, as the
    # text ruling does ("Anne and Bob are joint winners and share the pot of 3 stakes: 1½ each (S6)")
    from cucu_ref import deal_stack, start_deal

    rules = preset("screw-your-neighbour")
    start = start_deal(rules, ["Anne", "Bob", "Cleo"], [1, 1, 0], 1, pot=3)
    final, events = play(start, [Action("shuffle", stack=deal_stack(start, {"Anne": "5♠", "Bob": "5♥"})),
                                 Action("keep", 0), Action("keep", 1)])
    notes = describe(start, events, final).notes
    assert [n for n in notes if "joint" in n] == [
        "Anne and Bob are joint winners and share the pot of 3 stakes: 1½ each (S6)."]
