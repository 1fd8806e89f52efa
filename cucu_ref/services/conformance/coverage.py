"""The coverage model of the conformance vectors (issue 25, §3): every situation the engine
distinguishes, per preset, and which vectors cover it.

A *situation* is a feature name as :func:`cucu_ref.services.conformance.generate.features`
writes it into a vector's ``features``:

* each event card met going forwards (``arresto:ROLE``), at the dealer of the deal
  (``:at-dealer``), after a skipped horse (``:after-skip``, K12), after an undo (``:after-undo``,
  K13), on Lu Stù's way back (``:way-back``, L8), by an offerer on his last mark
  (``:last-mark``), at a table of two (``:two-players``), and at each size of table
  (``@2``, ``@3-4``, ``@5-7``: two, three and many players);
* a plain card met where the request travels on: at the dealer (``exchange:at-dealer``), after a
  skipped horse (``exchange:after-skip``), and both (``exchange:after-skip:at-dealer``: the horse
  skipped onto a dealer holding a plain card);
* each showdown shape: a tie for lowest, all cards equal, one fool, two fools, an event card kept
  untargeted;
* each match-level transition: one and two players out, a buy-back at each of the first two
  prices, a mark gained, the whole table out together (the preset's K18 reading), a winner;
  two and three deals in a row (a trace's ``then``), the deal passed on, over a seat whose
  player went out.

:func:`model` lists them for a preset from its rules; :data:`GAPS` names the situations that
cannot arise under a preset's rules, each with the reason; :func:`report` prints the coverage
per preset with every other gap named.  ``tests/conformance/test_coverage.py`` fails when a
situation of the model loses its last vector.
"""

from __future__ import annotations

from typing import Iterable, Mapping

from ...game.cards import PACKS
from ...game.rulesets import CAT, HORSE, PRESETS, Rules
from .vectors import Vector

__all__ = ["SIZES", "GAPS", "model", "covered", "missing", "report"]

# 'at two, three and many players' (issue 25): the sizes of table the generator's buckets name
SIZES = ("2", "3-4", "5-7")

# The situations of the model that cannot arise under a preset's rules, and why.
_NOBODY_ALL_OUT = ("every player left losing his last mark needs all of them lowest, so all cards equal, and "
                   "then nobody loses (F5, all_equal = nobody-loses)")
_DIGITAL_UNDO = ("four seats, the dealer last (D1, D2): an undo needs an exchange before the cat, so the cat is "
                 "met third or later and play goes on with the dealer, whose exchange with the stack meets no "
                 "event card (K8); no request follows the undo")
GAPS: dict[tuple[str, str], str] = {
    ("coucou", "event:restart:P5"): _NOBODY_ALL_OUT,
    ("as-qui-court", "event:restart:P5"): _NOBODY_ALL_OUT,
    ("here", "event:restart:P5"): _NOBODY_ALL_OUT,
    ("ranter-go-round", "event:restart:P5"): "only the card turned up last of the lowest loses a life (R4)",
    ("ranter-go-round", "out:2"): "only the card turned up last of the lowest loses a life (R4)",
    **{("digital-4p", f"arresto:{role}:after-undo"): _DIGITAL_UNDO
       for role in ("cuckoo", "hunter", "horse", "cat", "inn")},
}

# The whole table out in one deal: the event each reading of K18's option writes
# (the rule is the ruleset's: Rules.all_out_rule, the French games' P5)
_ALL_OUT_EVENT = {"restart-no-virgins": "event:restart:{rule}", "all-return": "event:restart:{rule}",
                  "draw-replay": "event:draw:{rule}", "joint-winners": "joint-winner",
                  "keep-last-life": "keep-last-life"}


def _sizes(rules: Rules) -> list[str]:
    lowest = {"2": 2, "3-4": 3, "5-7": 5}
    highest = {"2": 2, "3-4": 4, "5-7": 7}
    return [b for b in SIZES if lowest[b] <= rules.max_players and highest[b] >= rules.min_players]


def _event_card_situations(rules: Rules) -> list[str]:
    out: list[str] = []
    roles = [role for _, role in rules.roles]
    for role in roles:
        out.append(f"arresto:{role}")
        out += [f"arresto:{role}@{b}" for b in _sizes(rules)]
        where = ["last-mark"]
        if rules.last_request_to == "dealer":
            where.append("at-dealer")  # F4's talon takes the last request instead (Coucou)
        if HORSE in roles:
            where.append("after-skip")
        if CAT in roles and rules.cat == "undo":
            where.append("after-undo")
        if CAT in roles and rules.cat == "backward":
            where.append("way-back")
        if rules.min_players == 2:
            where.append("two-players")
        out += [f"arresto:{role}:{w}" for w in where]
    if rules.last_request_to == "dealer":
        out.append("exchange:at-dealer")
    if HORSE in roles:
        out.append("exchange:after-skip")
        if rules.last_request_to == "dealer":
            out.append("exchange:after-skip:at-dealer")
    return out


def _showdown_situations(rules: Rules) -> list[str]:
    out = ["tie", "all-equal"]
    if rules.roles:
        out.append("event-card-untargeted")
    if any(c.is_fool for c in PACKS[rules.pack].cards):
        out += ["fools:1", "fools:2"]
    return out


def _match_situations(rules: Rules) -> list[str]:
    out = ["out:1", "out:2", "winner", _ALL_OUT_EVENT[rules.all_out].format(rule=rules.all_out_rule)]
    # deals in a row (a trace's 'then'): the deal passed on (K2), over a seat gone out (D2)
    out += ["row:2-deals", "row:3-deals", "row:dealer-passes", "row:dealer-passes-over-out"]
    out += [f"players:{b}" for b in _sizes(rules)]
    if rules.buy_back != "none":
        out += ["buy-back-price:1", "buy-back-price:2"]
    if rules.two_fools == "above-xv-and-gain" or rules.cat == "pay-holder":
        out.append("gain")
    return out


def model(preset_name: str) -> list[str]:
    """Every situation the engine distinguishes under the preset's own readings."""
    rules = PRESETS[preset_name]
    return _event_card_situations(rules) + _showdown_situations(rules) + _match_situations(rules)


def covered(vectors: Iterable[Vector]) -> dict[str, dict[str, list[str]]]:
    """Per preset, situation -> the ids of the vectors (under the preset's own readings) that
    meet it."""
    out: dict[str, dict[str, list[str]]] = {name: {} for name in PRESETS}
    for v in vectors:
        if v.options or v.illegal:
            continue
        for f in v.features:
            out[v.preset].setdefault(f, []).append(v.id)
    return out


def missing(vectors: Iterable[Vector]) -> dict[str, list[str]]:
    """Per preset, the situations of the model no vector meets (known gaps included)."""
    have = covered(vectors)
    return {name: [s for s in model(name) if s not in have[name]] for name in PRESETS}


def report(vectors: Iterable[Vector], gaps: Mapping[tuple[str, str], str] = GAPS) -> str:
    """Coverage per preset: situations met out of the model's, and every gap named (with the
    reason where it cannot arise)."""
    vectors = list(vectors)
    have = covered(vectors)
    lines = []
    for name in PRESETS:
        situations = model(name)
        met = [s for s in situations if s in have[name]]
        lines.append(f"{name}: {len(met)}/{len(situations)} situations")
        for s in situations:
            if s not in have[name]:
                why = gaps.get((name, s))
                lines.append(f"  gap {s}" + (f" (cannot arise: {why})" if why else ""))
    return "\n".join(lines) + "\n"
