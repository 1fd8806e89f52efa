"""Every rule ID the code cites can be cited: it has an entry in ``cucu_ref.formats.sources``.

The docs render rule IDs as links and ``cucu_ref.formats.sources.cite`` turns an event's rule into
"K13 (N. Farina 2010, after the German account 'Cucù und Lu Stù', section Ereigniskarten)"; an ID
with no entry breaks both (``cite`` raises KeyError).  Open questions (Q…) are listed in the rules
digest, section 8, and must be listed in ``RULES`` too once an option or an event cites them.
"""

from __future__ import annotations


from cucu_ref import Action, new_match, step
from cucu_ref.game.cards import PACKS, parse
from cucu_ref.game.playout import trajectory
from cucu_ref.game.rulesets import OPTIONS, PRESETS
from cucu_ref.game.scoring import evaluate
from cucu_ref.formats.sources import RULES, SOURCES, cite


def _option_citations() -> set[tuple[str, str]]:
    cited = set()
    for option in OPTIONS.values():
        cited.add((option.name, option.settles))
        cited.update((option.name, reading.source) for reading in option.readings)
    return cited


def test_every_option_cites_a_known_rule_or_source() -> None:
    unknown = sorted((name, key) for name, key in _option_citations() if key not in RULES and key not in SOURCES)
    assert unknown == []


def test_presets_cite_known_showdown_and_fool_rules() -> None:
    for rules in PRESETS.values():
        assert rules.showdown_rule in RULES and rules.fool_rule in RULES, rules.name


def test_every_event_of_a_random_match_names_a_citable_rule() -> None:
    unknown = set()
    for name, rules in PRESETS.items():
        for players in sorted({rules.min_players, min(rules.max_players, 5)}):
            for seed in range(15):
                start = new_match(rules, [f"player-{i}" for i in range(players)])
                for _, _, _, events in trajectory(start, seed, max_steps=20_000):
                    unknown.update((name, e.kind, e.rule) for e in events if e.rule not in RULES)
    assert unknown == set()


def test_ranter_go_round_dealer_taking_the_top_card_cites_r2() -> None:
    rules = PRESETS["ranter-go-round"]
    state = new_match(rules, ["Anne", "Bernard"], dealer=1)
    # any full stack will do: Anne keeps, the dealer Bernard takes the top card (R2)
    state, _ = step(state, Action("shuffle", stack=PACKS[state.rules.pack].cards))
    state, _ = step(state, Action("keep", 0))
    _, events = step(state, Action("exchange-with-stack", 1))
    taken = [e for e in events if e.kind == "exchange-with-stack"]
    assert [e.rule for e in taken] == ["R2"]


def test_zeh_two_fools_gain_cites_z6() -> None:
    rules = PRESETS["zeh-1769"]
    live = [(0, parse("matto")), (1, parse("matto")), (2, parse("III"))]
    assert {rule for _, rule in evaluate(rules, live).gainers} == {"Z6"}


def test_cite_formats_a_rule_with_its_source() -> None:
    # K13 stands in seed 000 under the heading 'Ereigniskarten' of Farina's rules: the heading is the
    # German account's, so the citation names the account Farina is read in (issue 24 §2)
    assert cite("K13") == "K13 (N. Farina 2010, after the German account 'Cucù und Lu Stù', section Ereigniskarten)"
    # seed 003's rules sections ("Spielverlauf") name no source: F3 is the article's own
    assert cite("F3") == "F3 (the German article 'Coucou (Kartenspiel)', section Spielverlauf)"
    assert cite("A4") == "A4 (J. Méry 1847, after the German article 'Coucou (Kartenspiel)', section As Qui Court)"


def test_no_citation_names_a_seed_file_or_an_uncheckable_source() -> None:
    # issue 24 §2, issue 29 §9: a reader never sees 'seed 000'; no source nobody can check (Meyers)
    for rule_id in RULES:
        text = cite(rule_id) + " " + RULES[rule_id].text
        assert "seed" not in text and "Meyers" not in text, rule_id
    for spec in OPTIONS.values():
        for reading in spec.readings:
            assert "Meyers" not in reading.text and "as the Académie" not in reading.text, (spec.name, reading)


def test_lebrun_has_his_own_rule_for_her() -> None:
    # seed 003 §Hère: "Lebrun (1828) ... Er gibt an, dass ein Spieler, wenn er einen König erhält, nicht
    # „Kuckuck!“, sondern „Her!“ sagt" -- Lebrun's, not Furetière's (1690)
    assert SOURCES[RULES["H2"].source].author == "M. Lebrun"
    assert PRESETS["here"].cites("cuckoo") == "H2"



def test_every_preset_names_its_open_points_and_explains_each():
    # Every open point of a preset is a named option whose chosen reading the preset explains
    # (PRESET_REASONS), so a ruling that gives every reading can also say why this one.
    from cucu_ref.game.rulesets import OPEN_POINTS, OPTIONS, PRESET_REASONS, PRESETS

    assert set(OPEN_POINTS) == set(PRESETS)
    for name, points in OPEN_POINTS.items():
        for option in points:
            assert option in OPTIONS, (name, option)
            assert option in PRESET_REASONS.get(name, {}), (name, option)


def test_gaps_the_account_fills_are_not_zehs():
    # seed 000 §Das Cucuspiel: Z9 and Z11 are the German account's own fill of Zeh's gaps
    # ("lassen sich die Lücken wie folgt füllen", "würde man das wohl … werten"), and Q10 is one of
    # its two readings; Z8 is Zeh's own rule
    from cucu_ref.formats.sources import RULES, SOURCES, cite

    for rule_id in ("Z9", "Z11", "Q10"):
        assert RULES[rule_id].source == "cucu-und-lu-stu"
        assert "Zeh" not in cite(rule_id)
    # the seed names "Zeh, Johann Eberhard, Verlag (1769)", the publisher, and cites "(Zeh 1769)"
    assert SOURCES[RULES["Z8"].source].author == "Zeh"
