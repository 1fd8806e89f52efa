"""L5 as a named option (issue 25): 'Falls es viele Mitspieler gibt ... Man vereinbart dann,
ohne Narren weiterzuspielen' (seed 000, §Lu Stù).  The option ``without_fools`` takes both fools
out of the pack for the match; the pack follows the table in one place, ``table_pack``."""

from __future__ import annotations

import pytest

from cucu_ref.formats.position import parse
from cucu_ref.game.cards import PACKS, Card
from cucu_ref.game.deal import start_deal
from cucu_ref.game.engine import new_match
from cucu_ref.game.rulesets import OPTIONS, PRESETS, options_in_play, preset, table_pack


def test_the_option_is_declared_with_its_readings_sources_and_default():
    spec = OPTIONS["without_fools"]
    assert spec.settles == "L5"
    assert [(r.value, r.source) for r in spec.readings] == [("no", "C1"), ("yes", "L5")]
    # an agreement a table may make (L5 'kann'): no preset makes it by default
    assert all(rules.without_fools == "no" for rules in PRESETS.values())


@pytest.mark.parametrize("name, size, fools", [("lu-stu", 38, 0), ("campli", 38, 0), ("zeh-1769", 36, 0)])
def test_the_pack_loses_exactly_its_two_fools(name, size, fools):
    # C1: 20 ranks twice = 40; C4: Zeh has no lions, 38; L5 takes the two fools (matto) out of either
    rules = preset(name, {"without_fools": "yes"})
    for state in (new_match(rules, [f"p{i}" for i in range(9)]),
                  start_deal(rules, [f"p{i}" for i in range(9)], [3] * 9, 0)):
        pack = PACKS[state.rules.pack]
        assert pack.size == size
        assert sum(c.is_fool for c in pack.cards) == fools
        assert pack.family == "cuccu"
        # every other card of the pack is still there, twice
        whole = PACKS[PRESETS[name].pack].cards
        assert sorted(pack.cards) == sorted(c for c in whole if not c.is_fool)


def test_the_ordinary_pack_is_untouched_and_the_fools_options_fall_silent():
    # the ordinary pack has no fools (F1): nothing to take out
    assert table_pack(preset("coucou", {"without_fools": "yes"}), 9) == "french-52"
    # with no fool in the pack, the options about fools cannot change a deal
    without = options_in_play(preset("lu-stu", {"without_fools": "yes"}))
    for name in ("two_fools", "two_fools_alone", "fools_in_play", "fool_hint"):
        assert name in options_in_play(PRESETS["lu-stu"])
        assert name not in without


def test_a_position_holding_a_fool_is_refused_under_the_agreement():
    doc = {"format": "cucu-position/1", "ruleset": {"preset": "lu-stu", "options": {"without_fools": "yes"}},
           "players": ["Andrea", "Beatrice", "Chiara", "Dario"], "dealer": "Dario",
           "history": [{"deal": "Andrea", "card": "matto"}]}
    position, problems = parse(doc)
    assert position is None or problems
    assert any("matto" in p.message for p in problems)
    # the same position without the agreement knows the fool (C1)
    doc["ruleset"] = "lu-stu"
    assert not any("matto" in p.message for p in parse(doc)[1])
    assert Card("cuccu", -4).is_fool
