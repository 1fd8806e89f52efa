"""A refusal cites the ruleset's own rules, never another game's (issue 24 §4): Coucou's
exchange with the talon that cannot be is refused under F4, not under Campli's horse (K12), and
a card the table names where another lies is refused under the game's own rule, not Campli's
K9.  A game's family is the sources its preset is built from (``PRESET_INFO``: its own and
those of the preset it restates), as ``formats/sources.py`` gives each rule ID's source; the
project's own bookkeeping (ENGINE) belongs to every game."""

from __future__ import annotations

import pytest

from cucu_ref.cli.adjudicate import adjudicate_document
from cucu_ref.formats.position import position_from_replay
from cucu_ref.formats.sources import RULES, SOURCES
from cucu_ref.game.engine import new_match
from cucu_ref.game.playout import trajectory
from cucu_ref.game.rulesets import PRESET_INFO, PRESETS
from cucu_ref.game.state import Phase

NAMES = ["Anna", "Bruno", "Carla", "Dora", "Elena"]


def family(preset: str) -> set[str]:
    """The preset's sources, those of the preset it restates, and the accounts they are read in
    (As Qui Court and Hère follow the German article's own Coucou rules, F1-F6, where their
    authors say nothing else)."""
    out = {"cucu-ref"}
    name: str | None = preset
    while name is not None:
        out |= set(PRESET_INFO[name].sources)
        name = PRESET_INFO[name].base
    return out | {SOURCES[key].via for key in out if key in SOURCES and SOURCES[key].via}


def one_deal(preset: str, seed: int) -> dict:
    """A whole deal of ``preset`` played out from a seed, as a position (every card known)."""
    rules = PRESETS[preset]
    n = max(rules.min_players, min(rules.max_players, 5))
    state = new_match(rules, NAMES[:n], dealer=seed % n)
    start, actions = None, []
    for before, action, _, _ in trajectory(state, seed):
        if before.phase == Phase.SHUFFLE:
            if start is not None:
                break
            start = before
        actions.append(action)
    return position_from_replay(start, actions)


def wrong_observations(doc: dict) -> list[dict]:
    """The deal with one observation the table cannot have made: a card taken from the stack
    after each decision, by the player who decided (a king, the top of the French packs, F1;
    the cuckoo XV in the Cuccù pack, C1), and a card shown that the player does not hold."""
    history = doc["history"]
    king = "K" if "K" in doc["stack"]["order"] else "XV"
    out = []
    for at, e in enumerate(history):
        who = next(iter(e.values()))
        for event in ({"stack-exchange": who, "card": king}, {"stack-exchange": who}):
            d = {**doc, "history": history[:at + 1] + [event] + history[at + 1:]}
            out.append(d)
    shown = {p["name"]: king for p in doc["players"]}
    out.append({**doc, "shown": shown})
    return out


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_no_refusal_cites_another_games_rule(preset):
    own = family(preset)
    cited = set()
    for seed in (1, 2):
        for doc in wrong_observations(one_deal(preset, seed)):
            code, record, _ = adjudicate_document(doc, "x", False)
            cited |= {p["rule"] for p in record.get("problems", []) if p.get("rule") in RULES}
    assert cited, "no refusal was made: the test would prove nothing"
    foreign = sorted(r for r in cited if RULES[r].source not in own)
    assert foreign == [], f"{preset} refuses under {foreign}, rules of another game"
