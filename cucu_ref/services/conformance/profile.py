"""Judging a program under its own readings and capabilities (issue 25, §1; ``docs/oracle.rst``).

A *profile* says what the program under test reads where the sources leave a point open, and
what it does not model at all:

* ``options``: named rule options (``cucu_ref.game.rulesets.OPTIONS``) and the reading the
  program takes of each, e.g. ``{"dealer_exchange": "stack-top", "dead_cards": "stay"}``.
  Every vector is *re-ruled* under them: its trace is replayed by cucu-ref under the preset
  with those readings, so the expected outcome follows the program's readings.  A vector made
  for another reading of the same option, or whose decisions cannot all be taken under the
  program's readings, is skipped with the reason.
* ``lacks``: capabilities (:data:`CAPABILITIES`) the program does not have; a vector that needs
  one is skipped, counted and listed with the reason, instead of failing on a missing field.

A profile comes from ``--options name=value,...`` and ``--lacks a,b`` on the command line or from
a JSON file (``--profile FILE``, format ``cucu-conformance-profile/1``,
``specs/conformance-profile-1.schema.json``).  When a vector still fails,
:func:`agreeing_readings` looks for a named reading of any option in play under which the
program's answer is right (or two at once, as a program that takes the top card and keeps the
dead cards differs by two), so that a reading difference is told apart from a bug.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Iterable, Iterator, Mapping, NamedTuple, Optional

from ...formats import trace as T
from ...formats.match import replay_row
from ...game.rulesets import OPTIONS, RulesetError, options_in_play, preset
from .names import NameMap
from .runner import Result, judge, judge_with_rule, translate
from .vectors import Vector

__all__ = ["CAPABILITIES", "FORMAT", "MAX_PAIRED", "NO_PROFILE", "Profile", "ProfileError", "parse_options",
           "parse_lacks", "load_profile", "needs", "under", "agreeing_readings", "run_under"]

FORMAT = "cucu-conformance-profile/1"

# What a program may declare it lacks, and what a vector needing it does (issue 25, §1).
CAPABILITIES: dict[str, str] = {
    "buy-back": "a player who went out buys back in (K17, L11)",
    "inn-accept": "an innkeeper accepts the offerer's bargain (K14, L7); a program whose innkeeper always refuses "
                  "lacks it",
    "pot": "the pot is kept and answered: stakes and buy-back prices paid in (K1, K17)",
    "virgins": "who is still a virgin is kept and answered (K17, Q8)",
    "fool-hint": "a fool holder's hint at his fool is a decision (Z7)",
}


class ProfileError(ValueError):
    """A profile the runner cannot use: an unknown option, reading or capability, a bad file."""


class Profile(NamedTuple):
    """The program's readings (option -> reading) and the capabilities it lacks."""

    options: Mapping[str, str]
    lacks: tuple[str, ...] = ()

    def merged(self, other: "Profile") -> "Profile":
        """This profile with ``other``'s options and capabilities added (``other`` wins)."""
        return Profile({**self.options, **other.options}, tuple(dict.fromkeys(self.lacks + other.lacks)))


NO_PROFILE = Profile({})


def _check_option(name: str, value: Any) -> str:
    spec = OPTIONS.get(name)
    if spec is None:
        raise ProfileError(f"unknown rule option {name!r}; options: {', '.join(OPTIONS)}")
    if value not in spec.values():
        raise ProfileError(f"option {name!r} has no reading {value!r}; readings: {', '.join(spec.values())}")
    return str(value)


def parse_options(text: str) -> dict[str, str]:
    """``'dealer_exchange=stack-top,dead_cards=stay'`` as a dict, every name and reading checked."""
    out: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, sep, value = part.partition("=")
        if not sep:
            raise ProfileError(f"{part!r}: write an option as name=reading")
        out[name.strip()] = _check_option(name.strip(), value.strip())
    return out


def parse_lacks(text: str) -> tuple[str, ...]:
    """``'buy-back,inn-accept'`` as a tuple, every capability checked."""
    out = tuple(filter(None, (p.strip() for p in text.split(","))))
    for cap in out:
        if cap not in CAPABILITIES:
            raise ProfileError(f"unknown capability {cap!r}; capabilities: {', '.join(CAPABILITIES)}")
    return out


def load_profile(path: str) -> Profile:
    """A profile file (``cucu-conformance-profile/1``)."""
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, json.JSONDecodeError) as err:
        raise ProfileError(f"{path}: {err}") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ProfileError(f"{path}: a profile is an object with \"format\": \"{FORMAT}\"")
    unknown = set(doc) - {"format", "description", "options", "lacks"}
    if unknown:
        raise ProfileError(f"{path}: unknown field(s) {', '.join(sorted(unknown))}")
    options = doc.get("options", {})
    lacks = doc.get("lacks", [])
    if not isinstance(options, dict) or not isinstance(lacks, list) or not all(isinstance(c, str) for c in lacks):
        raise ProfileError(f"{path}: 'options' is an object of readings, 'lacks' a list of capabilities")
    return Profile({str(k): _check_option(str(k), v) for k, v in options.items()}, parse_lacks(",".join(lacks)))


def needs(vector: Vector) -> set[str]:
    """The capabilities a vector needs: from its decisions, its events and the fields it checks."""
    words = {d.get("decision") for d in vector.doc.get("decisions", ()) if isinstance(d, dict)}
    feats = set(vector.features)
    checks = set(vector.doc["vector"].get("checks", ()))
    found = set()
    if any(f.startswith(("event:buy-back", "buy-back")) for f in feats) or any(
            isinstance(w, str) and w.startswith("buy-back") for w in words):
        found.add("buy-back")
    if "accept" in words:
        found.add("inn-accept")
    if "pot" in checks:
        found.add("pot")
    if "virgins" in checks:
        found.add("virgins")
    if "hint" in words:
        found.add("fool-hint")
    return found


def _skip_for_lacks(vector: Vector, lacks: Iterable[str]) -> Optional[str]:
    missing = sorted(needs(vector) & set(lacks))
    if not missing:
        return None
    return "needs " + "; ".join(f"{cap} ({CAPABILITIES[cap]})" for cap in missing) + ", which the program lacks"


def under(vector: Vector, profile: Profile) -> tuple[Optional[Vector], str]:
    """The vector re-ruled under the profile's readings (its expected outcome cucu-ref's under
    them), or None and why it is skipped."""
    why = _skip_for_lacks(vector, profile.lacks)
    if why:
        return None, why
    clash = [f"{name} = {vector.options[name]}" for name, value in profile.options.items()
             if name in vector.options and vector.options[name] != value]
    if clash:
        return None, f"made for {', '.join(clash)}; the program reads otherwise"
    if not profile.options:
        return vector, ""
    merged = {**vector.options, **profile.options}
    doc = json.loads(json.dumps(vector.doc))
    doc["ruleset"] = {"preset": vector.preset, "options": merged}
    doc.pop("outcome", None)
    try:
        row = replay_row({k: v for k, v in doc.items() if k != "vector"})
    except ValueError as err:
        return None, f"cannot arise under the program's readings: {err}"
    if not row.deals or (row.problem and "refused" not in row.problem):
        return None, f"cannot be stated under the program's readings: {row.problem}"
    trace, rep = row.deals[-1]
    outcome = T.outcome_json(trace, rep.outcome)
    if "illegal" in outcome and not vector.illegal:
        ill = outcome["illegal"]
        return None, (f"cannot arise under the program's readings: decision {ill['step']} is not one "
                      f"({ill.get('message', '')}{', ' + ill['rule'] if ill.get('rule') else ''})")
    if vector.illegal and outcome.get("illegal", {}).get("step") != vector.expected["illegal"]["step"]:
        return None, (f"decision {vector.expected['illegal']['step']}, refused under the preset, is "
                      "not refused under the program's readings")
    doc["outcome"] = outcome
    return Vector(vector.id, doc, vector.file), ""


# How many single readings that move cucu-ref's own outcome are paired (issue 25 §1): k of them
# give k(k-1)/2 pairs, each two replays; 8 bound a failing vector's search to 28 pairs.
MAX_PAIRED = 8


def _reading(name: str, value: str) -> str:
    return f"`{name} = {value}` ({OPTIONS[name].settles})"


def agreeing_readings(vector: Vector, answer: Any, names: NameMap, limit: int = 3) -> list[str]:
    """Named readings under which the program's answer is right: one option changed from the
    vector's ruleset, ``'`dealer_draws_king = exchanges` (S4)'`` (the question each settles),
    of every option the engine can consult under the ruleset (``options_in_play``), not only the
    preset's open points; failing that, two at once, ``'`dealer_exchange = stack-top` (K8) and
    `dead_cards = stay` (K15)'``.

    The pairs are bounded and deterministic: only readings that alone change cucu-ref's own
    outcome of the vector are paired (a reading that changes nothing cannot be half of the
    program's difference, unless it only acts with another, which is not searched), at most
    :data:`MAX_PAIRED` of them in ``OPTIONS`` order, two options apart, the pairs tried in that
    order; the first ``limit`` that agree are named."""
    try:
        rules = preset(vector.preset, vector.options)
    except RulesetError:
        return []
    found: list[str] = []
    moving: list[tuple[str, str]] = []  # readings that alone change cucu-ref's outcome
    for name in options_in_play(rules):
        if name in vector.options:
            continue  # the vector is about this option: another reading of it is another vector
        for reading in OPTIONS[name].readings:
            if reading.value == getattr(rules, name):
                continue
            other, _ = under(vector, Profile({name: reading.value}))
            if other is None:
                continue
            if judge(other, answer, names)[0] == "pass":
                found.append(_reading(name, reading.value))
                if len(found) >= limit:
                    return found
            elif other.expected != vector.expected:
                moving.append((name, reading.value))
    if found:
        return found
    return _agreeing_pairs(vector, answer, names, moving[:MAX_PAIRED], limit)


def _agreeing_pairs(vector: Vector, answer: Any, names: NameMap, moving: list[tuple[str, str]],
                    limit: int) -> list[str]:
    """Pairs of ``moving`` readings (of two options) under which the answer is right."""
    found: list[str] = []
    for i, (first, value) in enumerate(moving):
        for second, other_value in moving[i + 1:]:
            if second == first:
                continue
            both, _ = under(vector, Profile({first: value, second: other_value}))
            if both is not None and judge(both, answer, names)[0] == "pass":
                found.append(f"{_reading(first, value)} and {_reading(second, other_value)}")
                if len(found) >= limit:
                    return found
    return found


def run_under(vectors: Iterable[Vector], ask: Callable[[dict[str, Any]], Any], names: NameMap,
              profile: Optional[Profile] = None) -> Iterator[Result]:
    """Each vector re-ruled under ``profile`` (or skipped with the reason), sent through ``ask``
    and judged; a failure says which named reading, if any, removes the divergence."""
    profile = profile or NO_PROFILE
    for vector in vectors:
        ruled, why = under(vector, profile)
        if ruled is None:
            yield Result(vector, "skip", why)
            continue
        answer = ask(translate(ruled, names))
        if isinstance(answer, str):
            yield Result(ruled, "fail", answer)
            continue
        verdict, why, rule = judge_with_rule(ruled, answer, names)
        if verdict == "fail" and isinstance(answer, dict) and isinstance(answer.get("outcome"), dict):
            agree = agreeing_readings(ruled, answer, names)
            if agree:
                why += "; agrees under " + " or ".join(agree)
        yield Result(ruled, verdict, why, rule)
