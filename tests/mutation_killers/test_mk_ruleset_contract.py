"""The documented contract of ``cucu_ref.game.rulesets``: every inconsistent ruleset is refused
with a :class:`RulesetError` that names the offending field, and the helpers (``preset``,
``with_options``, ``open_options``, ``cites``) do what their docstrings say.

Written to kill the mutants that survived the first mutation run (docs/dev/mutation-report.md).
Expected values come from the rules: player counts from K1/D1/F1, the pack sizes from C1/C4/F1,
the dealer's one or three cards from F2; the rest from the docstrings of the module.
"""

from __future__ import annotations

import pytest

from cucu_ref.game.rulesets import (
    DEFAULT_CITATIONS, OPTIONS, PRESETS, Rules, RulesetError, open_options, other_readings, preset,
)


def refusal(**fields) -> RulesetError:
    with pytest.raises(RulesetError) as err:
        Rules(name="probe", **fields)
    return err.value


# --------------------------------------------------------------------------- Rules.problems


def test_a_reading_an_option_does_not_have_is_refused_naming_the_option_and_its_readings():
    err = refusal(cat="eat-the-mouse")
    assert err.field == "cat"
    # K13/L8/Z5 are the three readings of the cat (OPTIONS['cat'])
    assert str(err) == "option 'cat' has no reading 'eat-the-mouse'; readings: undo, backward, pay-holder"


def test_an_unknown_pack_is_refused_naming_the_known_packs():
    err = refusal(pack="tarot-78")
    assert err.field == "pack"
    # C1 (40 and, per C4, 38 Cuccù cards; each without its two fools, L5) and F1 (52 or 32 French cards)
    assert str(err) == ("unknown pack 'tarot-78'; known: cuccu-40, cuccu-38, cuccu-40-no-fools, cuccu-38-no-fools, "
                        "french-52, french-32")


@pytest.mark.parametrize("low, high", [(1, 20), (5, 4), (0, 0)])
def test_fewer_than_two_players_or_a_minimum_above_the_maximum_is_refused(low, high):
    # K1: 'von 2 bis 20 Spieler'; nobody plays Cucù alone
    err = refusal(min_players=low, max_players=high)
    assert err.field == "min_players"
    assert str(err) == "need 2 <= min_players <= max_players"


@pytest.mark.parametrize("pack, most", [("cuccu-40", 38), ("cuccu-38", 36), ("french-52", 50), ("french-32", 30)])
def test_the_pack_must_serve_every_player_and_leave_a_stack(pack, most):
    # Each player gets one card (K4) and the dealer must still find a stack to exchange with
    # (K8, K12): the ruleset needs at least max_players + 2 cards.  40 cards (C1) serve 38,
    # Zeh's 38 (C4) serve 36, 52 and 32 French cards (F1) serve 50 and 30.
    assert Rules(name="probe", pack=pack, max_players=most).max_players == most
    err = refusal(pack=pack, max_players=most + 1)
    assert err.field == "max_players"
    assert str(err) == f"{pack} cannot serve {most + 1} players and a stack"


def test_at_least_one_starting_mark():
    # K1 gives three marks, F1/Q17 'agreed': one is the least a player can be out with losing
    assert Rules(name="probe", initial_marks=1).initial_marks == 1
    err = refusal(initial_marks=0)
    assert err.field == "initial_marks"
    assert str(err) == "each player needs at least one mark"


@pytest.mark.parametrize("takes", [0, 2, 4])
def test_the_dealer_takes_one_card_or_three(takes):
    # F2: the Coucou dealer takes three and keeps the highest; everywhere else one (K4, A2)
    err = refusal(dealer_takes=takes)
    assert err.field == "dealer_takes"
    assert str(err) == "the dealer takes one card or three (F2)"


def test_a_stake_of_zero_is_allowed_a_negative_one_is_not():
    # D1: the digital game is played 'no money'; a stake below zero has no meaning (K1)
    assert Rules(name="probe", stake=0).stake == 0
    err = refusal(stake=-1)
    assert err.field == "stake"
    assert str(err) == "the stake cannot be negative"


def test_an_unknown_event_role_is_refused():
    # C2: the event roles are cuckoo, hunter, horse, cat and inn
    err = refusal(roles=((15, "dragon"),))
    assert err.field == "roles"
    assert str(err) == "unknown role 'dragon'"


def test_a_citation_for_an_unknown_mechanism_is_refused():
    err = refusal(citations=(("teleport", "K4"),))
    assert err.field == "citations"
    assert str(err) == "unknown mechanism 'teleport'"


def test_the_first_problem_found_is_the_one_raised():
    # the options are checked first, then the settings (Rules.problems); __post_init__ raises
    # the first of them
    err = refusal(cat="nope", stake=-1)
    assert err.field == "cat"
    assert [f for f, _ in Rules.problems(PRESETS["campli"])] == []


# --------------------------------------------------------------------------- with_options


def test_with_options_refuses_an_unknown_option_naming_it():
    with pytest.raises(RulesetError) as err:
        PRESETS["campli"].with_options({"cuckoo_flies": "yes"})
    assert err.value.field == "cuckoo_flies"
    assert str(err.value) == "unknown rule option 'cuckoo_flies'"


def test_with_options_turns_json_lists_into_hashable_pairs():
    # roles and citations arrive as JSON lists from the position format; a Rules value is
    # hashable (its roles are 'a tuple of pairs so the value stays hashable')
    rules = PRESETS["campli"].with_options({
        "roles": [["13", "cuckoo"]],  # F3: the king refuses, as Coucou's single event card
        "citations": [["cuckoo", "F3"]],
    })
    assert rules.roles == ((13, "cuckoo"),)
    assert rules.citations == (("cuckoo", "F3"),)
    assert rules.role_of == {13: "cuckoo"}
    assert rules.cites("cuckoo") == "F3"
    hash(rules)


def test_with_options_keeps_every_other_field():
    rules = PRESETS["campli"].with_options({"stake": 5})
    assert rules.stake == 5
    assert rules.options() == {**PRESETS["campli"].options(), "stake": 5}


# --------------------------------------------------------------------------- presets


def test_preset_with_overrides_applies_them():
    rules = preset("campli", {"ties": "first"})
    assert rules.ties == "first" and rules.name == "campli"
    assert preset("campli") is PRESETS["campli"]


def test_an_unknown_preset_is_refused_with_the_nearest_names_and_every_known_name():
    with pytest.raises(RulesetError) as err:
        preset("campl")
    assert err.value.field == "ruleset"
    known = ", ".join(PRESETS)
    assert str(err.value) == f"unknown ruleset 'campl'; did you mean 'campli'? (known: {known})"


def test_an_unknown_preset_far_from_every_name_gets_no_hint():
    with pytest.raises(RulesetError) as err:
        preset("qqqqqqqqqqqq")
    assert str(err.value) == f"unknown ruleset 'qqqqqqqqqqqq' (known: {', '.join(PRESETS)})"


def test_two_near_names_are_both_offered():
    # 'camplu-stu' lies between 'campli' and 'lu-stu': both are offered, joined by 'or'
    with pytest.raises(RulesetError) as err:
        preset("camplu-stu")
    message = str(err.value)
    assert message.startswith("unknown ruleset 'camplu-stu'; did you mean ")
    hint = message[len("unknown ruleset 'camplu-stu'; did you mean "):message.index("?")]
    assert sorted(hint.split(" or ")) == ["'campli'", "'lu-stu'"]


# --------------------------------------------------------------------------- open options


def test_open_options_are_the_presets_open_points():
    # open_options: the preset's OPEN_POINTS; Q3 is open for Campli (Farina is ambiguous) but
    # settled for Zeh (Z8: "dann verliert nur der Narr") and for Lu Stù (L4, L6)
    assert "cuckoo_at_showdown" in open_options("campli")
    assert "cuckoo_at_showdown" not in open_options("zeh-1769")
    assert "cuckoo_at_showdown" not in open_options("lu-stu")
    # K4 states Campli's dealing from the bottom: not an open point for Campli
    assert "deal_from" not in open_options("campli")
    # Q6: Lu Stù deals from the top (L2) and leaves the dealer's exchange open
    assert "dealer_exchange" in open_options("lu-stu")
    # a ruleset that is no preset: every named option
    assert open_options("no-such-preset") == tuple(OPTIONS)


def test_other_readings_are_the_open_points_other_readings():
    rules = preset("campli", {"ties": "first"})
    got = [(spec.name, reading.value, alt) for spec, reading, alt in other_readings(rules, "campli")]
    # one entry per reading not taken, open points only, in the order of OPTIONS
    expected = [(name, r.value) for name, spec in OPTIONS.items() if name in open_options("campli")
                for r in spec.readings if r.value != getattr(rules, name)]
    assert [(n, v) for n, v, _ in got] == expected
    assert ("cuckoo_at_showdown", "compared") in expected and ("ties", "last") not in expected
    for name, value, alt in got:
        # each carries the ruleset under that reading, every other field as before
        assert getattr(alt, name) == value and alt.ties == "first"
        assert alt.with_options({name: getattr(rules, name)}) == rules
    # a reading taken is never offered again
    taken = preset("campli", {"cuckoo_at_showdown": "compared"})
    assert ("cuckoo_at_showdown", "never-loses") in [(s.name, r.value) for s, r, _ in other_readings(taken, "campli")]
    assert ("cuckoo_at_showdown", "compared") not in [(s.name, r.value) for s, r, _ in other_readings(taken, "campli")]


# --------------------------------------------------------------------------- citations


def test_cites_prefers_the_rulesets_own_source():
    # L2: Lu Stù deals from the top; its deal cites L2, while Campli's cites K4
    assert preset("lu-stu").cites("deal") == "L2"
    assert preset("campli").cites("deal") == "K4"
    assert preset("lu-stu").cites("offer") == DEFAULT_CITATIONS["offer"] == "K5"
    assert preset("lu-stu").showdown_rule == "K15" and preset("lu-stu").fool_rule == "L4"


def test_an_option_spec_keeps_its_name_question_and_readings():
    # OPTIONS is built once, at import, by _spec; mutmut reaches it only through a direct call
    from cucu_ref.game.rulesets import OptionSpec, Reading, _spec

    spec = _spec("ties", "K15", "Of several tied lowest cards, which lose?",
                 ("all", "K15", "all of them"), ("first", "L3", "only the first"))
    assert spec == OptionSpec("ties", "K15", "Of several tied lowest cards, which lose?",
                              (Reading("all", "K15", "all of them"), Reading("first", "L3", "only the first")))
    assert spec.values() == ("all", "first")
    # and the table built with it: Q3 has the two readings of seed 000 and seed 004
    assert OPTIONS["cuckoo_at_showdown"].values() == ("never-loses", "compared")
    assert OPTIONS["cuckoo_at_showdown"].settles == "Q3"
