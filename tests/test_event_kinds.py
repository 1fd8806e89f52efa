"""EventKind (issue 23): the enum's values are exactly the kinds the engine emits.

Seeded playouts of every preset, under every reading of its open options, reach every kind but
two that need a setting or a call no preset's default makes: S6's ``keep-last-life`` (the
reading ``all_out = keep-last-life``) and Z7's ``hint`` (table talk, noted with
:func:`note_hint`, never a legal action, K20).  Both are added to the playouts here.
"""

from __future__ import annotations

import json
import random

from cucu_ref import new_match, preset
from cucu_ref.game.engine import note_hint, step
from cucu_ref.game.playout import random_action
from cucu_ref.game.rulesets import PRESETS, Rules, other_readings
from cucu_ref.game.state import DEAL_PHASES, Event, EventKind, Phase


def _kinds_of_playout(rules: Rules, players: int, seed: int, hint: bool = False) -> set[object]:
    state = new_match(rules, [f"p{i}" for i in range(players)])
    rng = random.Random(seed)
    kinds: set[object] = set()
    for _ in range(20_000):
        if state.phase == Phase.MATCH_OVER:
            break
        if hint and state.phase in DEAL_PHASES and state.actor is not None:
            state, noted = note_hint(state, state.actor)
            kinds.update(type(e.kind) for e in noted)
            kinds.update(e.kind for e in noted)
        state, events = step(state, random_action(state, rng))
        kinds.update(type(e.kind) for e in events)  # every kind is an EventKind, not a bare str
        kinds.update(e.kind for e in events)
    return kinds


def _all_playouts() -> set[object]:
    seen: set[object] = set()
    for name in PRESETS:
        base = preset(name)
        variants = [base, *(rules for _, _, rules in other_readings(base, name))]
        for k, rules in enumerate(variants):
            for seed in range(3):
                players = max(rules.min_players, min(rules.max_players, 3 + (seed + k) % 6))
                seen |= _kinds_of_playout(rules, players, seed, hint=name == "zeh-1769")
    # S6's second rule: the last players all out in one deal keep their last life (rare: seed 16
    # of three players is a match that reaches it)
    syn = preset("screw-your-neighbour").with_options({"all_out": "keep-last-life"})
    seen |= _kinds_of_playout(syn, 3, 16)
    return seen


def test_enum_values_are_exactly_the_kinds_emitted() -> None:
    seen = _all_playouts()
    assert {k for k in seen if isinstance(k, type)} == {EventKind}
    assert {str(k) for k in seen if not isinstance(k, type)} == {k.value for k in EventKind}


def test_kinds_read_and_serialise_as_their_strings() -> None:
    # third parties compare with strings; JSON, f-strings and reprs write the bare value
    event = Event(EventKind.EXCHANGE, "K7", 0, 1)
    assert event.kind == "exchange" and event.kind in ("offer", "exchange")
    assert {"exchange": 1}[event.kind] == 1
    assert json.dumps({event.kind: event.kind}) == '{"exchange": "exchange"}'
    assert f"{event.kind}" == "exchange" and str(event.kind) == "exchange"
    assert repr(event) == "Event(kind='exchange', rule='K7', seat=0, other=1, card=None, amount=0)"
    assert EventKind("mark-lost") is EventKind.MARK_LOST
