"""Where the dealing depends on play (``deal.fixed_deal_places``: Q7's ``fresh-card``, K4 with
L10's dead cards put under the stack, F4's talon before an undealt dealer) a table that writes
who was dealt what, and not the stack's order, gets every reading ruled: the replay lays each
named dealt card where the engine deals its seat (``replay.Search.lay_named``), and refuses it
where that place holds another card, naming both places and the rule.

Every ruling below is checked against the engine's own play of a fully known deal with the
same cards: the whole stack is built by hand (``helpers.stack_for``: the cards in the order
the engine draws them) and played with the same decisions; where the ruling splits cases over
an unknown card, every card of every case is played so.  On the code before this change the
layout put each named card at the place the seat would be dealt from without play, so a later
seat was ruled with another seat's card (or the reading left 'not-built'), and the refusals
below were not made."""

from __future__ import annotations

import json
from typing import Any, Optional

import pytest

from cucu_ref.services.adjudication import adjudicate
from cucu_ref.cli.adjudicate import adjudicate_document
from cucu_ref.game.engine import step
from cucu_ref.formats.position import parse, start_state
from cucu_ref.game.state import Action, ActionKind

from helpers import card, marks_lost, run, stack_for

FRESH = "fresh-card"


def _record(doc: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    code, record = adjudicate_document(json.dumps(doc), "position.json")[:2]
    return code, record


def _ruled(doc: dict[str, Any]) -> list[dict[str, Any]]:
    code, record = _record(doc)
    assert code == 0, record
    return record["outcomes"]


def _refused(doc: dict[str, Any]) -> list[tuple[str, str, str]]:
    code, record = _record(doc)
    assert code != 0 and record["status"] == "invalid", record
    return [(p["path"], p["rule"], p["message"]) for p in record["problems"]]


def _engine(doc: dict[str, Any], drawn: list[str], moves: list[str]) -> tuple[dict[str, int], list[tuple[str, str]]]:
    """The engine's own play of ``doc``'s deal with the whole stack that deals ``drawn`` in the
    order the engine draws it (its seats' cards, fresh cards and the talon's included), and
    ``moves`` (each by whoever is to act): the marks after it and the marks lost, by name."""
    pos, problems = parse(doc)
    assert pos is not None, problems
    state = start_state(pos, pos.rules)
    state, first = step(state, Action(ActionKind.SHUFFLE, stack=stack_for(pos.rules, drawn)))
    state, events = run(state, moves)
    names = pos.players
    lost = [(names[s], rule) for s, rule in marks_lost([*first, *events])]
    return dict(zip(names, state.marks)), lost


def _result(outcome: dict[str, Any]) -> tuple[dict[str, int], list[tuple[str, str]]]:
    result = outcome["result"]
    return result["marks"], [(x["player"], x["rule"]) for x in result["marks_lost"]]


def _cases(outcomes: list[dict[str, Any]], label: str) -> dict[str, tuple[dict[str, int], list[tuple[str, str]]]]:
    """Each card the unknown card ``label`` may be, with its case's result."""
    out = {}
    for outcome in outcomes:
        (when,) = [w for w in outcome["when"] if label in w] or [{label: [None]}]
        for c in when[label]:
            assert c not in out, c
            out[c] = _result(outcome)
    return out


# ---------------------------------------------------------------- Q7 'fresh-card' (Lu Stù, L2)

# Andrea (on his last mark) offers to Beatrice's hunter (XIIII): shot (K11), out, his VI under
# the stack (L10); Chiara is dealt next, then Andrea buys back and, under fresh-card, is dealt
# the next card from the top at once (L11, L2): the 4th, so Dario the 5th
LU = [{"name": "Andrea", "marks": 1}, "Beatrice", "Chiara", "Dario"]
LU_HISTORY = [{"offer": "Andrea"}, {"pays": "Andrea"}, {"buy-back": "Andrea"}, {"keep": "Chiara"},
              {"keep": "Dario"}]
LU_MOVES = ["offer", "buy", "keep", "keep"]
LU_DEALT = {"Andrea": "VI", "Beatrice": "XIIII", "Chiara": "VIIII", "Dario": "II"}
FOURTH = "the 4th card from the top of the stack as shuffled"


def _lu(ruleset: Any = None, **fields: Any) -> dict[str, Any]:
    doc = {"format": "cucu-position/1",
           "ruleset": ruleset or {"preset": "lu-stu", "options": {"buy_back_card": FRESH}},
           "players": LU, "dealer": "Dario", "history": LU_HISTORY, "dealt": LU_DEALT}
    doc.update(fields)
    return doc


def _lu_drawn(fresh: str) -> list[str]:
    return ["VI", "XIIII", "VIIII", fresh, "II"]


@pytest.mark.parametrize("order", [None, ["VI", "XIIII"], ["VI", "XIIII", "VIIII"]])
def test_q7_a_later_seat_s_named_card_is_laid_where_the_fresh_card_moved_it(order: Optional[list[str]]):
    extra = {"stack": {"order": order}} if order else {}
    # Andrea's fresh card given at the end: one outcome, the engine's with that card
    outcomes = _ruled(_lu(hands={"Andrea": "V"}, **extra))
    assert [_result(o) for o in outcomes] == [_engine(_lu(), _lu_drawn("V"), LU_MOVES)]
    # not given: one case per group of cards, each card's the engine's
    outcomes = _ruled(_lu(**extra))
    cases = _cases(outcomes, FOURTH)
    # four outcomes: Dario lowest (K15); Andrea's II tied with Dario's, only the first loses (L3);
    # Andrea lower alone (K15); Andrea's lone Matto (L4) and Dario (K15).  The tie is its own case:
    # another rule decides it (seed 000 §Lu Stù, L3)
    assert len(outcomes) == 4 and len(cases) > 10
    for fresh, result in cases.items():
        assert result == _engine(_lu(), _lu_drawn(fresh), LU_MOVES), fresh


def test_q7_fresh_card_is_ruled_as_lu_stu_s_open_question():
    doc = _lu(ruleset="lu-stu")
    ruling = adjudicate(parse(doc)[0])  # type: ignore[arg-type]
    (q7,) = [q for q in ruling.readings if q["option"] == "buy_back_card"]
    fresh = next(r for r in q7["readings"] if r["reading"] == FRESH)
    assert fresh["status"] == "ruling"
    cases = _cases(fresh["outcomes"], FOURTH)
    assert len(cases) > 10
    for c, result in cases.items():
        assert result == _engine(_lu(), _lu_drawn(c), LU_MOVES), c


def test_q7_a_named_card_the_order_puts_elsewhere_is_refused():
    # the order gives the 5th card (VIII), the 4th is unknown: under fresh-card Dario is dealt the
    # 5th, not the II the table names
    order = {"order": ["VI", "XIIII", "VIIII", "?", "VIII"]}
    found = _refused(_lu(stack=order))
    assert found == [('$.dealt["Dario"]', "L2", "Dario is dealt II, but the stack's order holds VIII "
                      "($.stack.order[4]) where Dario's card is dealt from")]
    # as Lu Stù's open point, that reading cannot play the history: it is listed nowhere (it was
    # 'not-built' before, since the order does not give the place the default deals Dario from)
    ruling = adjudicate(parse(_lu(ruleset="lu-stu", stack=order))[0])  # type: ignore[arg-type]
    assert ruling.outcomes and not [q for q in ruling.readings if q["option"] == "buy_back_card"]


def test_q7_a_named_card_no_copy_is_left_of_is_refused():
    # Beatrice's card is not named but says 'bragon' (the hunter, K11): one XIIII; the other is
    # in the stack (its 'cards'), so Dario, dealt after the buy-back, cannot be dealt a third
    history = [LU_HISTORY[0], {"announce": "bragon", "by": "Beatrice"}, *LU_HISTORY[1:]]
    doc = _lu(history=history, dealt={"Andrea": "VI", "Chiara": "VIIII", "Dario": "XIIII"},
              stack={"cards": ["XIIII"]})
    assert _refused(doc) == [('$.dealt["Dario"]', "C1", "Dario cannot hold XIIII (the card Dario is dealt): every "
                              "copy of it is accounted for elsewhere: $.stack.cards[0], Beatrice's dealt card (the "
                              "table's record) (C1: the pack holds each card twice)")]
    # with another card for Dario the same position is ruled, as the engine plays it
    doc["dealt"] = {"Andrea": "VI", "Chiara": "VIIII", "Dario": "II"}
    (outcome,) = _ruled(dict(doc, hands={"Andrea": "V"}))
    assert _result(outcome) == _engine(_lu(), _lu_drawn("V"), LU_MOVES)


def test_q7_the_top_left_after_the_deal_is_not_built():
    # the card left on top after the deal lies one place further down for each fresh card:
    # laid where no play moved it, it could be dealt to a later seat; so the ruling says so
    code, record = _record(_lu(stack={"top": "X"}))
    assert code == 1 and record["status"] == "invalid"
    assert [(p["path"], p["rule"], p["source"]) for p in record["problems"]] == [
        ("$.stack.top", "Q7",
         "Q7 (this project's reading of an open question: G. Di Luigi & D. Mazza 2009, after the German "
         "account 'Cucù und Lu Stù', section Lu Stù)")]
    assert "from the top, L2, under Q7 'fresh-card'" in record["problems"][0]["message"]
    assert "give the stack's 'order' instead of 'top'" in record["problems"][0]["message"]
    # as Lu Stù's open point it is listed, not ruled, with what would settle it
    ruling = adjudicate(parse(_lu(ruleset="lu-stu", stack={"top": "X"}))[0])  # type: ignore[arg-type]
    (q7,) = [q for q in ruling.readings if q["option"] == "buy_back_card"]
    fresh = next(r for r in q7["readings"] if r["reading"] == FRESH)
    assert fresh["status"] == "not-built" and "give the stack's 'order' instead of 'top'" in fresh["message"]


# ---------------------------------------------------------------- K4 with L10 (Campli, custom)

# Anna (one mark) offers to Bruno's cat (XII): she loses her last mark (K13), her VI goes under
# the stack (L10), and K4 deals Carla that VI from the bottom; Dora is dealt the third card
CAMPLI_L10 = {"preset": "campli", "options": {"dead_cards": "under-stack"}}
FOUR = [{"name": "Anna", "marks": 1}, {"name": "Bruno", "marks": 3}, {"name": "Carla", "marks": 3},
        {"name": "Dora", "marks": 3}]
L10_HISTORY = [{"offer": "Anna"}, {"keep": "Carla"}, {"keep": "Dora"}]
L10_MOVES = ["offer", "keep", "keep"]


def _l10(dealt: dict[str, str], **fields: Any) -> dict[str, Any]:
    doc = {"format": "cucu-position/1", "ruleset": CAMPLI_L10, "players": FOUR, "dealer": "Dora",
           "history": L10_HISTORY, "dealt": dealt}
    doc.update(fields)
    return doc


def test_l10_the_seat_after_the_dead_card_is_dealt_it_and_the_next_the_next_place():
    dealt = {"Anna": "VI", "Bruno": "XII", "Carla": "VI", "Dora": "X"}
    outcomes = _ruled(_l10(dealt))
    assert [_result(o) for o in outcomes] == [_engine(_l10(dealt), ["VI", "XII", "X"], L10_MOVES)]
    # Anna's card not named: Carla's VI is what Anna was dealt (the card under the stack)
    partial = {"Bruno": "XII", "Carla": "VI", "Dora": "X"}
    assert [_result(o) for o in _ruled(_l10(partial))] == [_engine(_l10(dealt), ["VI", "XII", "X"], L10_MOVES)]
    # a partial order (the top of the stack) changes nothing
    assert [_result(o) for o in _ruled(_l10(dealt, stack={"order": ["V"]}))] == \
        [_engine(_l10(dealt), ["VI", "XII", "X"], L10_MOVES)]


def test_l10_dora_unnamed_is_every_card_but_the_dealt_ones():
    outcomes = _ruled(_l10({"Anna": "VI", "Bruno": "XII", "Carla": "VI"}))
    cases = _cases(outcomes, "the 3rd card from the bottom of the stack as shuffled")
    assert len(cases) > 10
    for c, result in cases.items():
        assert result == _engine(_l10({}), ["VI", "XII", c], L10_MOVES), c


def test_l10_a_named_card_other_than_the_dead_card_is_refused():
    found = _refused(_l10({"Anna": "VI", "Bruno": "XII", "Carla": "III"}))
    assert found == [('$.dealt["Carla"]', "L10", "Carla is dealt III, but play changed the stack (Anna's dead card "
                      "went under the stack, L10): its bottom gives Carla VI ($.dealt[\"Anna\"])")]


# ---------------------------------------------------------------- F4 (Lu Stù's dealing from the top, custom)

# Anna and Bruno keep; Carla, the last player, offers: she exchanges with the talon's top card
# (F4), which is the card the dealer would have been dealt, and Dora is dealt Carla's card
TALON = {"preset": "lu-stu", "options": {"last_request_to": "talon"}}
F4_HISTORY = [{"keep": "Anna"}, {"keep": "Bruno"}, {"offer": "Carla"}, {"keep": "Dora"}]
F4_MOVES = ["keep", "keep", "offer", "keep"]


def _f4(dealt: dict[str, str], **fields: Any) -> dict[str, Any]:
    doc = {"format": "cucu-position/1", "ruleset": TALON, "players": ["Anna", "Bruno", "Carla", "Dora"],
           "dealer": "Dora", "history": F4_HISTORY, "dealt": dealt}
    doc.update(fields)
    return doc


def test_f4_the_dealer_is_dealt_the_card_the_last_player_put_on_the_talon():
    dealt = {"Anna": "VIII", "Bruno": "VIIII", "Carla": "V", "Dora": "V"}
    # Carla ends with the talon's card, given: the engine's play with it where Dora's card lay
    outcomes = _ruled(_f4(dealt, hands={"Carla": "X"}))
    assert [_result(o) for o in outcomes] == [_engine(_f4(dealt), ["VIII", "VIIII", "V", "X"], F4_MOVES)]
    # not given: every card it may be, each the engine's
    cases = _cases(_ruled(_f4(dealt)), "the 4th card from the top of the stack as shuffled")
    assert len(cases) > 10
    for c, result in cases.items():
        assert result == _engine(_f4(dealt), ["VIII", "VIIII", "V", c], F4_MOVES), c


def test_f4_a_dealer_s_card_other_than_the_last_player_s_is_refused():
    found = _refused(_f4({"Anna": "VIII", "Bruno": "VIIII", "Carla": "V", "Dora": "XIII"}))
    assert found == [('$.dealt["Dora"]', "F4", "Dora is dealt XIII, but play changed the stack (Carla exchanged "
                      "with the talon, F4): its top gives Dora V ($.dealt[\"Carla\"])")]


def test_the_engine_helper_plays_what_it_is_given():
    # (the comparison's own check: another card for Andrea's fresh card is another result)
    assert _engine(_lu(), _lu_drawn("I"), LU_MOVES) != _engine(_lu(), _lu_drawn("V"), LU_MOVES)


def test_the_places_are_named_in_english_ordinals():
    # (a fresh card a seat may be dealt lies as far as twice the table down the stack)
    from cucu_ref.formats.i18n import english_ordinal as _ordinal  # (layout's labels use it)

    assert [_ordinal(n) for n in (1, 2, 3, 4, 10, 11, 12, 13, 14, 20, 21, 22, 23, 24, 101, 111, 112, 113, 1021)] == [
        "1st", "2nd", "3rd", "4th", "10th", "11th", "12th", "13th", "14th", "20th", "21st", "22nd", "23rd",
        "24th", "101st", "111th", "112th", "113th", "1021st"]


def test_the_places_a_deal_may_reach():
    from cucu_ref.game.deal import deal_places, reach_places
    from cucu_ref.game.rulesets import preset

    lu_stu = preset("lu-stu")
    fresh = preset("lu-stu", {"buy_back_card": FRESH})
    # a fixed deal reaches its own places; Q7's fresh cards from the top (L2) one more a seat
    assert reach_places(lu_stu, 4, 40) == deal_places(lu_stu, 4, 40) == (0, 1, 2, 3)
    assert reach_places(fresh, 4, 40) == tuple(range(8))
    assert reach_places(fresh, 3, 5) == tuple(range(5))  # never beyond the stack
    # from the bottom (K4) the re-entrant is dealt his own dead card back: no place more
    campli = preset("campli", {"dead_cards": "under-stack", "buy_back": "immediate", "buy_back_card": FRESH})
    assert reach_places(campli, 4, 40) == deal_places(campli, 4, 40) == (39, 38, 37, 36)
    # and all dealt first (Z3) nobody is dealt in mid-deal
    assert reach_places(fresh.with_options({"dealing": "all-first"}), 4, 40) == (0, 1, 2, 3)


# two buy-backs in one Lu Stù deal: Andrea shot by Beatrice's hunter, Chiara (one mark) scratched
# by Dario's cat; under fresh-card each is dealt the next card from the top at once, so Chiara's
# is the 7th, a place the default's deal does not reach and the order leaves unknown
FIVE = [{"name": "Andrea", "marks": 1}, "Beatrice", {"name": "Chiara", "marks": 1}, "Dario", "Elena"]
TWICE = [{"offer": "Andrea"}, {"pays": "Andrea"}, {"buy-back": "Andrea"}, {"offer": "Chiara"}, {"pays": "Chiara"},
         {"buy-back": "Chiara"}, {"keep": "Elena"}]
# every card the default reaches is given (the five dealt, the top left, the bottom): no unknown card
GAPPED = ["VI", "XIIII", "VIIII", "XII", "XII", "X", *["?"] * 33, "I"]


def test_q7_a_second_fresh_card_from_a_place_the_order_leaves_unknown_is_unknown():
    doc = {"format": "cucu-position/1", "ruleset": "lu-stu", "players": FIVE, "dealer": "Elena",
           "stack": {"order": GAPPED}, "history": TWICE}
    ruling = adjudicate(parse(doc)[0])  # type: ignore[arg-type]
    assert [o.when for o in ruling.outcomes] == [[]]  # the default's ruling knows every card
    (q7,) = [q for q in ruling.readings if q["option"] == "buy_back_card"]
    fresh = next(r for r in q7["readings"] if r["reading"] == FRESH)
    # (the re-run does not start from the default's checkpoint, whose stack lays an arbitrary
    # card, not an unknown one, where Chiara's fresh card comes from)
    cases = _cases(fresh["outcomes"], "the 7th card from the top of the stack as shuffled")
    assert len(cases) > 10
    drawn = ["VI", "XIIII", "VIIII", "XII", "XII", "X"]
    under_fresh = dict(doc, ruleset={"preset": "lu-stu", "options": {"buy_back_card": FRESH}})
    for c, result in cases.items():
        assert result == _engine(under_fresh, [*drawn, c], ["offer", "buy", "offer", "buy", "keep"]), c


# ---------------------------------------------------------------- where the refusals point

def test_l10_a_refusal_names_the_history_entry_and_every_place_of_the_dead_card():
    history = [{"deal": "Anna", "card": "VI"}, {"offer": "Anna"}, {"deal": "Carla", "card": "III"},
               *L10_HISTORY[1:]]
    found = _refused(_l10({"Anna": "VI", "Bruno": "XII"}, history=history))
    assert found == [("$.history[2].card", "L10", "Carla is dealt III, but play changed the stack (Anna's dead card "
                      "went under the stack, L10): its bottom gives Carla VI ($.history[0].card, $.dealt[\"Anna\"])")]


def test_l10_a_refusal_in_one_branch_of_several():
    # Bruno's card is not named but says 'gnaf' (the cat, K13): the branch where it is a plain
    # card dies at the call, the cat's at Carla's named card, which is the one reported
    history = [L10_HISTORY[0], {"announce": "gnaf", "by": "Bruno"}, *L10_HISTORY[1:]]
    found = _refused(_l10({"Anna": "VI", "Carla": "III"}, history=history))
    assert [(path, rule) for path, rule, _ in found] == [('$.dealt["Carla"]', "L10")]


def test_k4_before_play_moved_the_stack_the_order_s_place_is_checked():
    # the order gives only the bottom card (Anna's, K4) and names Anna another
    order = ["?"] * 39 + ["VI"]
    found = _refused(_l10({"Anna": "V"}, stack={"order": order}))
    assert found == [('$.dealt["Anna"]', "K4", "Anna is dealt V, but the stack's order holds VI ($.stack.order[39]) "
                      "where Anna's card is dealt from")]


def test_a_deal_without_its_card_names_nothing_and_names_keep_their_letters():
    players = [dict(p) for p in FOUR]
    players[2]["name"] = "Niccolò"
    history = [L10_HISTORY[0], {"deal": "Niccolò"}, {"keep": "Niccolò"}, {"keep": "Dora"}]
    dealt = {"Anna": "VI", "Bruno": "XII", "Niccolò": "VI", "Dora": "X"}
    outcomes = _ruled(_l10(dealt, players=players, history=history))
    assert [_result(o) for o in outcomes] == [_engine(_l10(dealt, players=players, history=history), ["VI", "XII", "X"],
                                                      L10_MOVES)]
    found = _refused(_l10({**dealt, "Niccolò": "III"}, players=players, history=history))
    assert [path for path, _, _ in found] == ['$.dealt["Niccolò"]']


def test_a_named_card_an_asked_unknown_card_cannot_be_is_refused_for_its_role():
    # (directly: an unknown card the replay knows to be plain, C2, dealt to a seat named the cat)
    from cucu_ref.services.adjudication.layout import layout
    from cucu_ref.services.adjudication.replay import Search
    from cucu_ref.services.adjudication.unknowns import Know
    from cucu_ref.game.state import Event

    pos, problems = parse(_l10({"Carla": "XII"}))
    assert pos is not None, problems
    lay = layout(pos, pos.rules)
    search = Search(pos, pos.rules, lay)
    third = "the 3rd card from the bottom of the stack as shuffled"
    ph = next(ph for ph, label in lay.labels.items() if label == third)
    know = Know({}, {ph: search.reasoner.plain}, ())
    dealt = (Event("deal", "K4", 2, card=ph),)
    assert search.lay_named(start_state(pos, pos.rules), know, dealt, ()) is None
    ((_, problem),) = search.failures
    assert (problem.path, problem.rule) == ('$.dealt["Carla"]', "C2")
    assert f"it is {third}, which was exchanged when asked" in problem.message
    # a plain card named there is bound to it, and the state before the step gets it
    pos, _ = parse(_l10({"Carla": "V"}))
    assert pos is not None
    search = Search(pos, pos.rules, layout(pos, pos.rules))
    state, bound, rebound = search.lay_named(start_state(pos, pos.rules), know, dealt, ())  # type: ignore[misc]
    assert rebound and bound.subst == {ph: card("V")}


# ---------------------------------------------------------------- the copies of a card (C1)

def test_l10_a_dead_card_named_for_both_its_holders_is_one_card():
    # Anna's VI, dealt again to Carla, is written twice; the other VI is in the stack: no third
    dealt = {"Anna": "VI", "Bruno": "XII", "Carla": "VI", "Dora": "X"}
    outcomes = _ruled(_l10(dealt, stack={"cards": ["VI"]}))
    assert [_result(o) for o in outcomes] == [_engine(_l10(dealt), ["VI", "XII", "X"], L10_MOVES)]
    # but a card dealt to two seats from the stack is two copies
    found = _refused(_l10(dealt, stack={"cards": ["VI", "X", "X"]}))
    assert [(path, rule) for path, rule, _ in found] == [('$.dealt["Dora"]', "C1")]


def test_the_card_named_for_a_seat_the_history_does_not_reach_is_counted():
    found = _refused(_l10({"Anna": "VI", "Dora": "X"}, history=L10_HISTORY[:1], stack={"cards": ["X", "X"]}))
    assert found == [('$.dealt["Dora"]', "C1", "Dora cannot be dealt X: every copy of it is accounted for elsewhere: "
                      "$.stack.cards[0], $.stack.cards[1] (C1: the pack holds each card twice)")]
    # the other X left for her: ruled (Bruno's card named, so no reading of the calls deals Dora)
    assert _ruled(_l10({"Anna": "VI", "Bruno": "III", "Dora": "X"}, history=L10_HISTORY[:1], stack={"cards": ["X"]}))
    # the French pack holds each card four times (F4's talon before the undealt dealer, coucou
    # dealt one card at a time)
    doc = {"format": "cucu-position/1",
           "ruleset": {"preset": "coucou", "options": {"dealing": "interleaved", "dealer_takes": 1}},
           "players": ["Anna", "Bruno", "Carla", "Dora", "Emil", "Fritz", "Gus"], "dealer": "Gus",
           "history": [{"keep": "Anna"}], "dealt": {"Anna": "5", "Bruno": "6", "Gus": "9"},
           "stack": {"cards": ["9", "9", "9", "9"]}}
    # (Coucou's own pack rule, F1: 52 or 32 cards, so four of each rank; never Campli's C1, issue 24 §4)
    assert _refused(doc) == [('$.dealt["Gus"]', "F1", "Gus cannot be dealt 9: every copy of it is accounted for "
                              "elsewhere: $.stack.cards[0], $.stack.cards[1], $.stack.cards[2], $.stack.cards[3] (F1: "
                              "the pack holds each card four times)")]
    doc["stack"] = {"cards": ["9", "9", "9"]}
    assert _ruled(doc)
