"""A showdown of few combinations is scored combination by combination
(unknowns._ShowdownGroups._scored_groups): each possible combination (C1: no card more often than
the pack holds it, and the other unknown cards still dealt) grouped by who loses and gains (K15,
C3 ...).  Issue 24 §5 made it cheaper (the possible combinations asked once per multiset of
cards, the scoring laid out once per choice of the dead cards, as the symbolic cards are scored);
this pins its groups, in order, to the plain loop it replaced: every combination checked against
the copies left and the other cards, and scored by :meth:`_score` (the engine's
``scoring.evaluate``)."""

from __future__ import annotations

import contextlib
import itertools
from collections import Counter

import pytest

from cucu_ref.formats.position import parse
from cucu_ref.services.adjudication import adjudicate, unknowns
from cucu_ref.services.adjudication.model import Underdetermined
from natural_positions import natural_deal


def _plain_groups(r, k, after, keys, choices, rules):
    """The groups as every combination scored afresh finds them (the loop before issue 24 §5's change)."""
    left = r.left(k)
    groups: dict = {}
    for combo in itertools.product(*choices):
        used = Counter(c for c in combo if c is not None)
        if any(left[c] < n for c, n in used.items()):
            continue
        value = dict(zip(keys, combo))
        if used and not r._combo_feasible(k, value):
            continue
        groups.setdefault(r._score(after, value, rules), []).append(combo)
    universes = [r.possible(k, ph) for ph in keys]
    return [(combos[0], [unknowns._row(combo, universes) for combo in combos]) for combos in groups.values()]


# (preset, players, seed, unshown, options, what the deal's small showdowns exercise): Coucou's
# lowest card (F5); Campli's and Lu Stù's inn (K14, L7: a guarantee, scored by _score); a dead
# hand's unknown card as the fool or not (Q4 'any-hand', C3: a dead choice); Zeh's (Z6, Z9)
DEALS = [("coucou", 5, 4, 3, {}, "live"), ("coucou", 6, 13, 2, {}, "live"), ("campli", 5, 5, 3, {}, "guarantee"),
         ("campli", 6, 9, 3, {"fools_in_play": "any-hand"}, "dead"), ("zeh-1769", 6, 12, 3, {}, "dead"),
         ("lu-stu", 6, 1, 3, {}, "guarantee")]


@pytest.mark.parametrize("preset, players, seed, unshown, options, exercised", DEALS)
def test_the_groups_are_the_plain_loops(monkeypatch, preset, players, seed, unshown, options, exercised):
    doc, _ = natural_deal(preset, players, seed, seen=False, unshown=unshown)
    if options:
        doc = {**doc, "ruleset": {"preset": preset, "options": options}}
    pos, problems = parse(doc)
    assert pos is not None, problems
    asked = []
    real = unknowns._ShowdownGroups._scored_groups

    def checked(self, k, after, keys, choices, rules, live):
        got = real(self, k, after, keys, choices, rules, live)
        asked.append("dead" if len(keys) > live else
                     "guarantee" if after.guarantees else "live")
        assert got == _plain_groups(self, k, after, keys, choices, rules)
        return got

    monkeypatch.setattr(unknowns._ShowdownGroups, "_scored_groups", checked)
    with contextlib.suppress(Underdetermined):  # (what is certain is worked out from the groups too)
        adjudicate(pos)
    assert exercised in asked, asked
