"""P4, option ``restart_counts``: once everybody has the starting marks again after all went out
in one deal (K18, D8, Z11), do K17's count of players out and L11's count of re-entries start
again?

No source meets the question: K18 leaves no virgin ('Es gilt allerdings niemand als Jungfrau, d.h.
niemand kann sich bei erneutem Ausscheiden zurückkaufen'), so no price follows its restart, and the
games whose restart leaves virgins (D8, Z11) have no buy-back.  A table that plays Campli's buy-back
(K17) with D8's return meets it; the engine reset the counts, a reading chosen silently until now:
'reset' (the default, the old behaviour) or 'continue'.

The match, worked by hand (seed 000): three players, one starting mark each (an agreed number,
Z2), all_out = all-return (D8).  Chiara went out earlier, bought back (K17: one re-entry) and went
out again, declining: two players out, one re-entry.
  * Deal 1 is K19's worked example (§Endspiel zu zweit): non-dealer Andrea holds V, dealer
    Beatrice XIIII; Andrea offers, is shot (K11: a mark at once) and goes out with a dead card
    (K16: three players out now); Beatrice's card is the only live card, the lowest, and she goes
    out too.  Everybody is out: all three return with their mark (D8), virgins again.
  * Deal 2: the player right of Beatrice deals, Chiara (K2).  Andrea holds I, Beatrice X, Chiara
    V; all keep; Andrea's I is the lowest and she goes out (K15, K16).  Beatrice and Chiara lost
    no mark since the return: virgins, so Andrea may buy back after the deal (K17).
  * Her price, 'der erste ausscheidende Spieler zahlt ... einen einfachen Einsatz ..., der
    Rückkaufpreis verdoppelt sich mit jedem ausgeschiedenen Spieler' (K17): under 'reset' she is
    the first out: one stake; under 'continue' the fifth (Chiara twice, Andrea and Beatrice in
    deal 1, where 'alle im selben Spiel ausscheiden', K18): 2**4 = 16 stakes.  Under L11's
    price, doubling 'mit jedem Spieler der wiedereintritt': one stake after 'reset', two after
    'continue' (Chiara's one re-entry)."""

from __future__ import annotations

import pytest

from cucu_ref.game.rulesets import OPTIONS, PRESETS, options_in_play, preset
from cucu_ref.game.state import Phase
from tests.helpers import kinds, of_kind, play, table

RETURN = {"all_out": "all-return", "initial_marks": 1}


def _after_the_return(options: dict):
    rules = preset("campli", {**RETURN, **options})
    state = table(rules, ["Andrea", "Beatrice", "Chiara"], dealer=1, marks=[1, 1, 0],
                  virgins=[False, False, False], pot=4, eliminations=2, reentries=1)
    state, first = play(state, "V XIIII", ["offer"])  # K19
    assert "restart" in kinds(first) and state.marks == (1, 1, 1) and all(state.virgins)  # D8
    assert state.dealer == 2  # K2: Chiara, right of Beatrice
    state, second = play(state, "I X V", ["keep", "keep", "keep"])
    return state, second


@pytest.mark.parametrize("options, price", [
    ({}, 1),
    ({"restart_counts": "reset"}, 1),
    ({"restart_counts": "continue"}, 16),
    ({"buy_back_price": "by-reentry-order"}, 1),
    ({"buy_back_price": "by-reentry-order", "restart_counts": "continue"}, 2),
])
def test_the_first_out_after_d8s_return_pays(options: dict, price: int) -> None:
    state, events = _after_the_return(options)
    assert [(e.seat, e.rule) for e in of_kind(events, "mark-lost")] == [(0, "K15")]
    assert state.phase == Phase.BUY_BACK and state.actor == 0
    assert [(e.seat, e.amount) for e in of_kind(events, "buy-back-offer")] == [(0, price)]


def test_the_default_is_the_old_behaviour_reset() -> None:
    assert PRESETS["campli"].restart_counts == "reset"
    assert OPTIONS["restart_counts"].values() == ("reset", "continue")
    assert all(r.source == "P4" for r in OPTIONS["restart_counts"].readings)


def test_in_play_only_where_a_restart_leaves_virgins_and_someone_buys_back() -> None:
    # K18 leaves no virgin (no price after it); the digital game, Zeh and the French games have no
    # buy-back (D8, Z10, F5); pagat's games end or keep the last life (S6)
    for rules in PRESETS.values():
        assert "restart_counts" not in options_in_play(rules)
    assert "restart_counts" in options_in_play(preset("campli", {"all_out": "all-return"}))
    assert "restart_counts" in options_in_play(preset("campli", {"all_out": "draw-replay"}))
    assert "restart_counts" not in options_in_play(preset("zeh-1769"))
