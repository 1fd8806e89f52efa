"""The open points a ruling gives follow the table's overrides of its preset (issue 24 §2; K18,
D8, S6; rulesets.open_options).

Screw Your Neighbour's page (pagat.com, Cuckoo) settles a tie of everybody still in on the last
life by one of at least four rules, the first (the preset's) making them joint winners (S6):
nobody ever starts again, so restart_stake (does everybody pay the stake again when all get the
starting marks back, K18) is no open point of the preset, and its page does not list it
(tests/test_docs.py: only what the game can meet).  A table that overrides all_out with the
digital game's return (D8) does start again, and pagat names a stake only at the start (S1): the
question is open for that table, and its ruling must give both readings.  The reverse: Coucou
lists restart_stake (P5), but a table that overrides all_out with joint winners never restarts,
and is told nothing of it.

The position, worked by hand: Anna and Bruno are the last two in, one life each; Carla went out
before.  Pot 3: a stake each of the three at the start (S1).  Bruno deals; play goes left, Anna
first (S2).  Anna keeps her 5; Bruno, the dealer, keeps his 5.  S5: 'if several players tie for
lowest they all lose a life': both lose their last life and are out, so everybody still in went
out in this deal.  all_out = all-return (D8, the table's override): all three, Carla too, return
with the starting lives, 3 each (S1's 'say 3').  restart_stake decides the pot, never the lives:
  * none (the default): nobody pays, the pot stays 3;
  * new-stake: each of the three pays his stake again (K1's price of the starting marks): 3 + 3 = 6.
"""

from __future__ import annotations

import json
from pathlib import Path

from cucu_ref.game.rulesets import OPEN_POINTS, PRESETS, open_options, open_specs, other_readings, preset
from tests.helpers import ruling_text

TIE_ON_LAST_LIVES = {
    "format": "cucu-position/1",
    "ruleset": {"preset": "screw-your-neighbour", "options": {"all_out": "all-return"}},
    "players": [{"name": "Anna", "marks": 1, "virgin": False}, {"name": "Bruno", "marks": 1, "virgin": False},
                {"name": "Carla", "marks": 0, "virgin": False}],
    "dealer": "Bruno",
    "pot": 3,
    "history": [{"deal": "Anna", "card": "5"}, {"deal": "Bruno", "card": "5"}, {"keep": "Anna"}, {"keep": "Bruno"}],
}


def test_an_override_that_brings_an_option_into_play_opens_it() -> None:
    syn = preset("screw-your-neighbour", {"all_out": "all-return"})
    # the preset's own open points: S6's joint winners never restart, so no restart_stake
    assert "restart_stake" not in open_options("screw-your-neighbour")
    assert open_options("screw-your-neighbour") == OPEN_POINTS["screw-your-neighbour"]
    # the table's: restart_stake is met (D8's return, stake 1 from S1) and open
    assert "restart_stake" in open_options("screw-your-neighbour", syn)
    assert "restart_stake" in [spec.name for spec in open_specs("screw-your-neighbour", syn)]
    others = [(spec.name, reading.value) for spec, reading, _ in other_readings(syn, "screw-your-neighbour")]
    assert ("restart_stake", "new-stake") in others
    # what the preset leaves open stays open under the override of it (all_out itself)
    assert "all_out" in open_options("screw-your-neighbour", syn)


def test_an_override_that_takes_an_option_out_of_play_closes_it() -> None:
    # Coucou's restart_stake (P5) cannot be met where everybody out are joint winners (S6)
    coucou = preset("coucou", {"all_out": "joint-winners"})
    assert "restart_stake" in open_options("coucou")
    assert "restart_stake" not in open_options("coucou", coucou)
    assert open_options("coucou", PRESETS["coucou"]) == OPEN_POINTS["coucou"]


def test_the_table_that_restarts_is_told_both_readings_of_the_new_stake(tmp_path: Path) -> None:
    record = json.loads(ruling_text(tmp_path, TIE_ON_LAST_LIVES, "--format", "json"))
    (outcome,) = record["outcomes"]
    assert outcome["result"]["marks"] == {"Anna": 3, "Bruno": 3, "Carla": 3}  # D8: all return, 3 lives
    assert outcome["result"]["pot"] == 3  # restart_stake = none: the pot stays
    (question,) = [q for q in record["open_questions"] if q["option"] == "restart_stake"]
    assert question["chosen"] == "none" and question["why_chosen"]
    pots = {r["reading"]: [o["result"]["pot"] for o in r["outcomes"]] for r in question["readings"]}
    marks = {r["reading"]: [o["result"]["marks"] for o in r["outcomes"]] for r in question["readings"]}
    assert pots == {"none": [3], "new-stake": [6]}  # 3 + a stake each of the three
    assert marks["none"] == marks["new-stake"] == [{"Anna": 3, "Bruno": 3, "Carla": 3}]


def test_the_text_ruling_says_the_open_point_with_the_tables_restartruling_text(tmp_path: Path) -> None:
    text = ruling_text(tmp_path, TIE_ON_LAST_LIVES)
    # the question cites the rule of the table's restart (D8), the answer the pot of each reading
    assert ("Open point: When everybody gets the starting marks again after all went out in one deal (D8), "
            "does everybody pay the stake into the pot again?") in text
    # S1: lives, and the pot in stakes (the same lives in both readings; D8: 3 each)
    assert "the same lives, but the pot: 6 stakes (this ruling: 3 stakes)" in text
