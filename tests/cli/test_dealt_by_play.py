"""Where the dealing depends on play (K4 one card at a time from the bottom with L10's dead
cards put under the stack; F4's talon exchange before an undealt dealer), no deal place is
fixed before play (``deal.fixed_deal_places``), so the position's parse cannot check a named
dealt card against the stack's order.  The replay does: with the stack known where the card
is dealt from, a different named card is refused, citing the rule that put the card there and
naming both places; the right one is ruled as if it were not named."""

from __future__ import annotations

import json

from cucu_ref.cli.adjudicate import adjudicate_document

# the Campli deal of tests/cli/test_stack_and_dealt.py, top first
STACK = ("VII mascherone II XIII leone 0 X secchia XI mascherone XV 0 leone II VIIII VIII I VIII IIII I VIIII "
         "matto XIIII III V X XII IIII XIII VII secchia XI XV matto VI III V VI XIIII XII").split()


def _stack_with_bottom(*bottom: str) -> list[str]:
    """STACK with its last cards (dealt first under K4) swapped to ``bottom``, top first."""
    st = STACK[:]
    low = len(st) - len(bottom)
    for i, card in enumerate(bottom, low):
        j = next(k for k in range(low) if st[k] == card) if st[i] != card else i
        st[i], st[j] = st[j], st[i]
    return st


# K4 deals Anna the bottom card (VI), Bruno the next (XII, the cat), Carla the next (III)
L10_STACK = _stack_with_bottom("V", "III", "XII", "VI")


def _l10(history, **fields):
    doc = {"format": "cucu-position/1", "ruleset": {"preset": "campli", "options": {"dead_cards": "under-stack"}},
           "dealer": "Dora", "stack": {"order": L10_STACK},
           "players": [{"name": "Anna", "marks": 1}, {"name": "Bruno", "marks": 3}, {"name": "Carla", "marks": 3},
                       {"name": "Dora", "marks": 3}],
           "history": history}
    doc.update(fields)
    return doc


def _talon(preset, history, **fields):
    doc = {"format": "cucu-position/1", "ruleset": {"preset": preset, "options": {"last_request_to": "talon"}},
           "dealer": "Dora", "stack": {"order": STACK}, "players": ["Anna", "Bruno", "Carla", "Dora"],
           "history": history}
    doc.update(fields)
    return doc


def _record(doc):
    return adjudicate_document(json.dumps(doc), "position.json")[:2]


def _ruled(doc):
    code, record = _record(doc)
    assert code == 0, record
    return record["outcomes"]


def _refused(doc):
    code, record = _record(doc)
    assert code != 0 and record["status"] == "invalid", record
    return [(p["path"], p["rule"], p["message"]) for p in record["problems"]]


# Anna (one mark) offers to Bruno, who holds the cat: she loses her last mark (K13), her VI goes
# under the stack (L10), and K4 deals Carla that VI from the bottom, not the III above it
OUT = [{"offer": "Anna"}]


def test_l10_a_dead_card_dealt_next_is_ruled_as_named():
    plain = _ruled(_l10(OUT))
    assert "Anna is out" in plain[0]["verdict"]
    told = _ruled(_l10([*OUT, {"deal": "Carla", "card": "VI"}]))
    assert [o["verdict"] for o in told] == [o["verdict"] for o in plain]
    assert _ruled(_l10(OUT, dealt={"Carla": "VI", "Anna": "VI"})) == plain


def test_l10_the_card_the_fixed_place_would_give_is_refused():
    found = _refused(_l10([*OUT, {"deal": "Carla", "card": "III"}]))
    assert found == [("$.history[1].card", "L10",
                      "Carla is dealt III, but the stack's order ($.stack.order), as play changed it (Anna's dead "
                      "card went under the stack, L10), gives Carla VI from its bottom")]
    found = _refused(_l10(OUT, dealt={"Carla": "III"}))
    assert [(p, r) for p, r, _ in found] == [('$.dealt["Carla"]', "L10")]


def test_l10_a_card_dealt_before_play_moved_the_stack_is_checked_at_its_place():
    found = _refused(_l10([{"deal": "Anna", "card": "V"}, *OUT]))
    assert found == [("$.history[0].card", "K4", "Anna is dealt V, but the stack's order holds VI "
                      "($.stack.order[39]) where Anna's card is dealt from")]
    found = _refused(_l10(OUT, dealt={"Bruno": "V"}))
    assert found == [('$.dealt["Bruno"]', "K4", "Bruno is dealt V, but the stack's order holds XII "
                      "($.stack.order[38]) where Bruno's card is dealt from")]
    told = _ruled(_l10([{"deal": "Anna", "card": "VI"}, *OUT], dealt={"Bruno": "XII"}))
    assert [o["verdict"] for o in told] == [o["verdict"] for o in _ruled(_l10(OUT))]


# F4 under Lu Stù's dealing from the top (L2): Carla, the last player, exchanges her II with the
# talon's top card (XIII), so the dealer Dora is dealt Carla's II, not the XIII below Carla's card
TALON = [{"keep": "Anna"}, {"keep": "Bruno"}, {"offer": "Carla"}]


def test_f4_the_dealer_is_dealt_the_card_put_on_the_talon():
    plain = _ruled(_talon("lu-stu", TALON))
    assert _ruled(_talon("lu-stu", [*TALON, {"deal": "Dora", "card": "II"}])) == plain
    assert _ruled(_talon("lu-stu", TALON, dealt={"Dora": "II"})) == plain


def test_f4_the_talon_s_own_card_is_refused_for_the_dealer():
    found = _refused(_talon("lu-stu", [*TALON, {"deal": "Dora", "card": "XIII"}]))
    assert found == [("$.history[3].card", "F4",
                      "Dora is dealt XIII, but the stack's order ($.stack.order), as play changed it (Carla exchanged "
                      "with the talon, F4), gives Dora II from its top")]


def test_f4_dealing_from_the_bottom_keeps_the_dealer_s_place():
    # K4 deals from the bottom and the talon's card is its top: Dora's card is still the fourth
    # from the bottom (V), and a different one is refused there
    plain = _ruled(_talon("campli", TALON))
    assert _ruled(_talon("campli", [*TALON, {"deal": "Dora", "card": "V"}])) == plain
    found = _refused(_talon("campli", [*TALON, {"deal": "Dora", "card": "VI"}]))
    assert found == [("$.history[3].card", "K4", "Dora is dealt VI, but the stack's order holds V "
                      "($.stack.order[36]) where Dora's card is dealt from")]


def test_a_seat_not_dealt_yet_is_not_checked():
    # Dora is dealt only after Carla's decision: her named card is her next one
    plain = _ruled(_l10(OUT))
    assert [o["verdict"] for o in _ruled(_l10(OUT, dealt={"Dora": "XIII"}))] == [o["verdict"] for o in plain]


def test_a_partial_order_gives_no_evidence_once_play_moved_the_stack():
    # the order stops above Anna's card: Carla is dealt Anna's dead card, which the position does
    # not give (it may be the VI): counted (C1) and ruled, not refused
    doc = _l10([*OUT, {"deal": "Carla", "card": "VI"}])
    doc["stack"] = {"order": L10_STACK[:39]}
    assert _ruled(doc)


def test_the_failure_is_the_entry_s():
    from cucu_ref.services.adjudication.replay import run_position
    from cucu_ref.formats.position import parse

    for doc, at in ((_l10([*OUT, {"deal": "Carla", "card": "III"}]), 1), (_l10(OUT, dealt={"Carla": "III"}), 1),
                    (_l10([{"deal": "Anna", "card": "V"}, *OUT]), 0), (_l10(OUT, dealt={"Anna": "V"}), 1)):
        pos, found = parse(doc)
        assert pos is not None, found
        assert [i for i, _ in run_position(pos, pos.rules).failures] == [at]


# F2 with one card at a time (coucou, dealing 'interleaved'): the dealer Gus, dealt last from the
# top, takes the A, 8 and 4 and keeps the highest, the 8 (the ace is low, F1)
F2_STACK = ("10 6 K 9 6 7 A 8 4 J 5 3 Q 2 8 9 10 3 2 4 7 J Q 5 K A 6 9 3 J 8 7 K 10 4 Q 2 5 A 5 K 9 A 6 J 2 "
            "Q 10 4 7 8 3").split()
SEVEN = ["Anna", "Bruno", "Carla", "Dora", "Emil", "Fritz", "Gus"]


def _f2(**fields):
    doc = {"format": "cucu-position/1", "ruleset": {"preset": "coucou", "options": {"dealing": "interleaved"}},
           "dealer": "Gus", "stack": {"order": F2_STACK}, "players": SEVEN,
           "history": [{"keep": p} for p in SEVEN[:6]]}
    doc.update(fields)
    return doc


def test_f2_the_dealer_dealt_during_play_is_dealt_the_highest_of_his_three():
    plain = _ruled(_f2())
    assert _ruled(_f2(dealt={"Gus": "8"})) == plain
    found = _refused(_f2(dealt={"Gus": "A"}))
    # (the cards in the French games' own words, F1: 'as', not the token 'A'; issue 24 §2)
    assert found == [('$.dealt["Gus"]', "F2", "Gus is dealt as, but of the three cards the stack's order "
                      "($.stack.order) gives the dealer from its top Gus keeps the highest, 8 (F2)")]
