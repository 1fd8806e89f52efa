"""Option ``restart_stake`` (K18): when all remaining players go out in one deal and everybody
gets the starting marks again, is the stake paid into the pot again?

Farina (seed 000 §Wiedereintritt) says only that 'alle Spieler, auch die früher ausgeschiedenen,
erneut drei Marken' get and that the game starts again, 'geht sozusagen von vorn los'; at the
start each player 'zahlt einen vereinbarten Einsatz in den Pott und erhält hierfür drei Marken'
(K1).  The engine kept the pot as it was, a reading chosen silently until now: 'none' (the
default, the old behaviour; the German account fills Zeh's gap in the sense of Cucù and Lu Stù
with a new game 'ohne dass ein neuer Einsatz gezahlt werden muss', Z11) or 'new-stake'.

The position is K19's worked example (seed 000 §Endspiel zu zweit): non-dealer Andrea holds V,
dealer Beatrice XIIII, both on one mark; Andrea offers and is shot (K11), out with a dead card;
Beatrice's card is then the only live card and she goes out too.  Chiara went out in an earlier
deal.  Pot 3 (three stakes of one).  Worked by hand:
  * K18: all three, Chiara too, get three marks again; nobody is a virgin.
  * 'none': the pot stays 3.  'new-stake': each of the three pays one stake: 3 + 3 = 6.
  * D8's return (all_out = all-return) the same; Z11's draw is 'ohne ... neuen Einsatz' whatever
    the option says: 3."""

from __future__ import annotations

import pytest

from cucu_ref.game.rulesets import PRESETS, options_in_play, preset
from cucu_ref.game.state import Phase
from tests.helpers import kinds, play, table


def _k19_deal(options: dict):
    rules = preset("campli", options)
    state = table(rules, ["Andrea", "Beatrice", "Chiara"], dealer=1, marks=[1, 1, 0],
                  virgins=[False, False, False], pot=3, eliminations=1)
    return play(state, "V XIIII", ["offer"])


@pytest.mark.parametrize("options, pot", [
    ({}, 3),
    ({"restart_stake": "none"}, 3),
    ({"restart_stake": "new-stake"}, 6),
    ({"restart_stake": "new-stake", "all_out": "all-return"}, 6),
    ({"restart_stake": "new-stake", "all_out": "draw-replay"}, 3),
])
def test_k19_example_then_everybody_starts_again(options: dict, pot: int) -> None:
    state, events = _k19_deal(options)
    assert ("draw" if options.get("all_out") == "draw-replay" else "restart") in kinds(events)
    assert state.phase == Phase.SHUFFLE and state.marks == (3, 3, 3)
    assert state.pot == pot


def test_in_play_where_a_restart_gives_the_marks_and_there_is_a_stake() -> None:
    assert PRESETS["campli"].restart_stake == "none"
    assert "restart_stake" in options_in_play(PRESETS["campli"])
    # the digital game's lives have no money value (D1: stake 0); Zeh's draw states it (Z11);
    # pagat's joint winners end the match (S6)
    for name in ("digital-4p", "zeh-1769", "screw-your-neighbour"):
        assert "restart_stake" not in options_in_play(PRESETS[name])
