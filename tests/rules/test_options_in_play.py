"""``options_in_play``: an option it leaves out cannot change a deal of that ruleset.

The ruleset pages and the presets table show only the options a game can meet (the cat's
options where there is a cat ...).  Leaving one out is a claim about the engine, checked
here: seeded random matches under every other reading of each option left out give the
same actions and events, step for step.  The harness itself is checked on an option that
does matter (Campli's ties, K15 against L3), so a blind comparison cannot pass."""

from __future__ import annotations

import itertools

import pytest

from cucu_ref import new_match
from cucu_ref.game.playout import trajectory
from cucu_ref.game.rulesets import OPTIONS, PRESETS, Rules, options_in_play

SEEDS = range(6)


def _run(rules: Rules, players: int, seed: int) -> list:
    names = [f"P{i}" for i in range(players)]
    start = new_match(rules, names, dealer=seed % players)
    return [(action, events) for _, action, _, events in trajectory(start, seed)]


def _tables(rules: Rules) -> list[int]:
    low, high = rules.min_players, min(rules.max_players, 7)
    return sorted({low, high, (low + high) // 2})


def _same_play(a: Rules, b: Rules) -> bool:
    return all(_run(a, n, seed) == _run(b, n, seed) for n, seed in itertools.product(_tables(a), SEEDS))


@pytest.mark.parametrize("name", list(PRESETS))
def test_options_left_out_change_nothing(name: str) -> None:
    rules = PRESETS[name]
    left_out = [o for o in OPTIONS if o not in options_in_play(rules)]
    assert left_out or name in ("campli", "digital-4p"), f"{name}: every option in play?"
    for option in left_out:
        for reading in OPTIONS[option].values():
            if reading == getattr(rules, option):
                continue
            other = rules.with_options({option: reading})
            assert _same_play(rules, other), f"{name}: {option}={reading} changes play, so it is in play"


def test_the_harness_sees_an_option_that_matters() -> None:
    # Campli's ties (K15: all tied lowest lose) against Lu Stù's (L3: only the first): with
    # seven players and 40 cards, tied lowest cards come up in a few matches
    rules = PRESETS["campli"]
    assert "ties" in options_in_play(rules)
    assert not _same_play(rules, rules.with_options({"ties": "first"}))


def test_the_pages_leave_out_what_a_game_does_not_have() -> None:
    # hand-worked from the presets: the ordinary pack has no fool and its only privileged card
    # is the king (F3); Ranter-Go-Round has none (R3); Zeh's cat is paid, not undone (Z5)
    coucou = options_in_play(PRESETS["coucou"])
    assert "cat" not in coucou and "two_fools" not in coucou and "talon_card" in coucou
    assert "piquet_below_seven" in coucou
    ranter = options_in_play(PRESETS["ranter-go-round"])
    assert "targeted_holder_acts" not in ranter and "talon_card" not in ranter and "ties" in ranter
    zeh = options_in_play(PRESETS["zeh-1769"])
    assert "cat_undo_through_inn" not in zeh and "backward_offer" not in zeh and "fool_hint" in zeh
    assert "backward_chain_end" in options_in_play(PRESETS["lu-stu"])
    assert options_in_play(PRESETS["campli"]) == tuple(o for o in OPTIONS if o not in (
        "backward_chain_end", "backward_offer", "talon_card", "piquet_below_seven",
        "buy_back_card",  # Q7: Campli buys back after the deal (K17), never during it
        "kept_life_eliminations",  # P3: only under S6's last life; Campli restarts (K18)
        "restart_counts"))  # P4: K18 leaves no virgin, so no price follows its restart
    assert "buy_back_card" in options_in_play(PRESETS["lu-stu"])


def test_every_settled_reading_from_another_games_source_is_explained() -> None:
    # The ruleset pages show, for each option a game meets and does not leave open, where its
    # reading comes from: the reading's own source, unless PRESET_REASONS says more.  Where that
    # source is another game's (Zeh's fourth paragraph for Coucou's 'must exchange'), the page
    # would mislead, so the preset must give its own reason, from its own source.
    from cucu_ref.game.rulesets import OPEN_POINTS, PRESET_INFO, PRESET_REASONS
    from cucu_ref.formats.sources import RULES

    unexplained = []
    for name, rules in PRESETS.items():
        info = PRESET_INFO[name]
        own = set(info.sources) | (set(PRESET_INFO[info.base].sources) if info.base else set())
        for option in options_in_play(rules):
            if option in OPEN_POINTS[name] or option in PRESET_REASONS[name]:
                continue
            source = next(r.source for r in OPTIONS[option].readings if r.value == getattr(rules, option))
            if (RULES[source].source if source in RULES else source) not in own:
                unexplained.append((name, option, source))
    assert not unexplained


def test_every_preset_has_its_title_and_sources() -> None:
    from cucu_ref.game.rulesets import PRESET_INFO
    from cucu_ref.formats.sources import SOURCES

    assert set(PRESET_INFO) == set(PRESETS)
    for name, info in PRESET_INFO.items():
        assert info.sources and all(key in SOURCES for key in info.sources), name
        assert info.base is None or info.base in PRESETS
        assert info.direction in ("right", "left")
