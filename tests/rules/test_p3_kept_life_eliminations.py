"""P3, option ``kept_life_eliminations``: K17's count of eliminations after a deal in which all
remaining players went out and kept their last life (S6's second rule, pagat's Cuckoo).

S6 gives the players of that deal their last life back and says nothing of K17's count (a Campli
table playing S6's rule meets both); the engine had counted a player shot out during that deal
and not one who went out at its showdown, a reading chosen silently (note 33).  Now it is a named
option: 'counted' (the default, the old behaviour) and 'not-counted'.

The position is K19's worked example (seed 000 §Endspiel zu zweit): non-dealer Andrea holds V,
dealer Beatrice holds XIIII, both on one mark; Andrea offers, is shot (K11: a mark at once) and
goes out with a dead card (K15, K16); Beatrice's card is then the only live card, the lowest, and
she goes out too.  Here a third player, Chiara, went out in an earlier deal (eliminations 1) and
declined to buy back.  Worked by hand:
  * S6: Andrea and Beatrice, the players of the deal, keep their last life: marks (1, 1, 0);
    Chiara, out before, stays out.
  * 'counted': Andrea went out during the deal (K16), so K17's count is 1 + 1 = 2; Beatrice went
    out at the showdown, which S6 turned into a kept life, and is not counted.
  * 'not-counted': the deal adds nothing: the count stays 1.
No price can follow in that match under either reading: every player left lost a mark in the deal,
so no virgin remains and K17 offers no buy-back again ('Solange es eine oder mehrere Jungfrauen
gibt'); the count is the match's state, as a match document or a later position gives it."""

from __future__ import annotations

import pytest

from cucu_ref.game.rulesets import OPTIONS, PRESETS, options_in_play, preset
from cucu_ref.game.state import Phase
from tests.helpers import kinds, of_kind, play, table

KEEP_LAST_LIFE = preset("campli", {"all_out": "keep-last-life"})


def _k19_deal(reading: str):
    rules = KEEP_LAST_LIFE.with_options({"kept_life_eliminations": reading})
    # seats in play order; Beatrice (seat 1) deals, so Andrea (seat 0) is dealt first; Chiara has
    # no marks and sits out (K16)
    state = table(rules, ["Andrea", "Beatrice", "Chiara"], dealer=1, marks=[1, 1, 0],
                  virgins=[False, False, False], eliminations=1)
    return play(state, "V XIIII", ["offer"])


@pytest.mark.parametrize("reading, count", [("counted", 2), ("not-counted", 1)])
def test_k19_example_under_s6_last_life(reading: str, count: int) -> None:
    state, events = _k19_deal(reading)
    # K11: Andrea is shot, out during the deal (K16); the showdown puts Beatrice out (K15)
    assert [(e.seat, e.rule) for e in of_kind(events, "mark-lost")] == [(0, "K11"), (1, "K15")]
    assert [e.seat for e in of_kind(events, "keep-last-life")] == [0, 1]
    assert "restart" not in kinds(events) and not of_kind(events, "buy-back-offer")
    assert state.phase == Phase.SHUFFLE and state.marks == (1, 1, 0)
    assert state.eliminations == count and state.reentries == 0


def test_the_default_is_the_old_behaviour_counted() -> None:
    assert KEEP_LAST_LIFE.kept_life_eliminations == "counted"
    assert OPTIONS["kept_life_eliminations"].values() == ("counted", "not-counted")
    assert all(r.source == "P3" for r in OPTIONS["kept_life_eliminations"].readings)


def test_no_virgin_is_left_so_no_price_follows() -> None:
    # K17: a player who lost a mark is no virgin; all who are left lost their last one
    for reading in ("counted", "not-counted"):
        state, _ = _k19_deal(reading)
        assert not any(v and m > 0 for v, m in zip(state.virgins, state.marks))


def test_in_play_only_with_s6_last_life_and_a_way_out_during_the_deal() -> None:
    # no preset keeps the last life where a player can go out before the showdown: Screw Your
    # Neighbour's kings neither shoot nor scratch (S3)
    assert "kept_life_eliminations" in options_in_play(KEEP_LAST_LIFE)
    for rules in PRESETS.values():
        assert "kept_life_eliminations" not in options_in_play(rules)
    syn = PRESETS["screw-your-neighbour"].with_options({"all_out": "keep-last-life"})
    assert "kept_life_eliminations" not in options_in_play(syn)
