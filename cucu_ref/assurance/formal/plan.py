"""Which property is checked by which method for which rulesets and sizes, per profile."""

from __future__ import annotations

from typing import Iterator, Optional

from ...game.rulesets import PRESETS, Rules, preset
from . import counterexample, livemarks, matchproofs, pproofs, showdown
from .props import Result, bounded, cuckoo_at_showdown, lemma

# The Lu Stù readings the model checks while the engine has no 'lu-stu' preset (L2-L4, L6-L8,
# L10, L11).  Once ``preset('lu-stu')`` exists, it is used instead.
LU_STU_READING = {
    "deal_from": "top", "dealer_exchange": "stack-top", "horse_at_dealer": "stack-top", "cat": "backward",
    "cuckoo_at_showdown": "compared", "cuckoo_pair_exception": "no", "two_fools": "above-xv-and-gain",
    "two_fools_alone": "compared", "ties": "first", "inn": "lu-stu", "buy_back": "immediate",
    "buy_back_price": "by-reentry-order", "dead_cards": "under-stack",
}


# option readings beyond the presets' that change how cards move in a deal; both models cover
# each, and the tests run them beside the presets (tests/formal, tests/properties)
CARD_READINGS = (
    {"cat": "pay-holder"},  # Z5
    {"dealing": "all-first"},  # Z3
    {"deal_from": "top", "dealer_exchange": "stack-top", "horse_at_dealer": "stack-bottom"},  # L2, Q6
    {"dead_cards": "under-stack"},  # L10
    {"targeted_holder_acts": "after-refused-inn", "cat_undo_through_inn": "stop"},  # D6, Q14
)


# option readings the engine implements beyond the presets' (each changes a branch of step()):
# the cross-check of the model against recorded engine deals runs campli under each, in the
# tests (tests/formal/test_crosscheck.py) and in the mutation runner's cross-check layer
CROSS_READINGS = (
    {},
    *CARD_READINGS,  # Z5, Z3, L2/Q6, L10, D6/Q14
    {"ties": "first", "two_fools": "above-xv-and-gain", "cuckoo_at_showdown": "compared",  # K15, C3, Q3, K19, Q4, Q12
     "cuckoo_pair_exception": "no", "fools_in_play": "any-hand", "inn_guarantee_covers": "zero-or-below"},
    {"ties": "last", "two_fools_alone": "exempt"},  # K15, Q10
)


def rulesets() -> list[Rules]:
    """campli (default reading), campli with the literal Q3 reading, digital-4p, lu-stu."""
    out = [preset("campli"), preset("campli", {"cuckoo_at_showdown": "compared"})]
    out[1] = out[1].with_options({"name": "campli-literal-Q3"})
    out.append(preset("digital-4p"))
    if "lu-stu" in PRESETS:
        out.append(preset("lu-stu"))
    else:
        out.append(preset("campli", {**LU_STU_READING, "name": "lu-stu-model"}))
    return out


def readings() -> list[Rules]:
    """:func:`rulesets` and campli under each of :data:`CARD_READINGS`: what the small-step
    model's every-size proofs, its property suite and the lockstep machine run over."""
    return rulesets() + [preset("campli", v) for v in CARD_READINGS]


LONG_LIVE_MARKS = 6

# per profile: the largest size for each (property, method); the showdown is checked at every size
PROFILES = {
    # live_marks: the largest showdown at which scoring.decide is run path by path against the
    # seeds' (livemarks.equivalence); guarantees: the largest at which every guarantee is
    # enumerated too.  Campli, every split of live and dead: 82 paths at 2 cards with the
    # guarantees (3 s), 2,365 at 3 (97 s, load 10); without them about threefold a card
    # match: the largest table of the match model's proofs, which run up to it whatever the
    # showdown's sizes (matchproofs: about 100 checks a size; 2-4 seats about 15 s of one core,
    # 5 and 6 about 8 s more each, 7 and 8 two to five times that: measured 2026-12-02, load 9)
    "ci": {"sizes": (2, 4), "timeout": 120, "live_marks": 3, "guarantees": 2, "match": 6,
           "lemma": {"termination": 5, "blocked-request": 4, "guarantee-invariant": 3, "chain-invariant": 3,
                     "cat-undo": 4, "conservation": 3},
           "bounded": {"termination": 3, "conservation": 2, "blocked-request": 3, "cat-undo": 3,
                       "cuckoo-at-showdown": 3}},
    # the long run: every size at which each check was seen to finish (2026-11-29, 2 cores).
    # The whole-deal search for a losing cuckoo stops at 3 seats: under Campli's literal Q3 no
    # deal of 4 seats lets a XV lose (the long run of 2026-11-29 found none: a live XV is the
    # lowest other card only beside the other XV and one fool, or with everyone else dead, and
    # whoever puts a player out holds a lower live card);
    # beyond these z3 answered 'unknown' within 180-300 s, which counts as a failure
    "long": {"sizes": (2, 20), "timeout": 600, "live_marks": LONG_LIVE_MARKS, "guarantees": 3, "match": 8,
             "lemma": {"termination": 20, "blocked-request": 19, "cat-undo": 10, "guarantee-invariant": 8,
                       "chain-invariant": 6, "conservation": 5},
             "bounded": {"termination": 4, "conservation": 4, "blocked-request": 4, "cat-undo": 4,
                         "cuckoo-at-showdown": 3}},
    # everything at every size: expected to fail ('unknown') on the larger sizes; for measuring
    "exhaustive": {"sizes": (2, 20), "timeout": 1800, "live_marks": 20, "guarantees": 20, "match": 20,
                   "lemma": dict.fromkeys(("termination", "blocked-request", "guarantee-invariant",
                                           "chain-invariant", "cat-undo", "conservation"), 20),
                   "bounded": dict.fromkeys(("termination", "conservation", "blocked-request", "cat-undo",
                                             "cuckoo-at-showdown"), 20)},
}


def every_size(rules: Rules, timeout_ms: int, only: set = frozenset()) -> Iterator[Result]:
    """The small-step model's proofs (:mod:`.pproofs`), each for every table size at once: the
    base case, every part of the invariant, then the properties.  Run in every profile (they
    take seconds); a property stands only if the base case and all the parts are proved too."""
    names = pproofs.parts_for(rules) + list(pproofs.PROPERTIES)
    if only and not only & (set(names) | {"reachable-phases"}) and "every-size" not in only:
        return
    yield pproofs.reachability(rules)
    yield pproofs.base_case(rules, timeout_ms)
    for name in names:
        yield counterexample.lemma(name, rules, timeout_ms)


def showdown_checks(rules: Rules, sizes: list[int], timeout_ms: int, only: set = frozenset(),
                    live_marks_top: int = 20, guarantees_top: int = 20) -> Iterator[Result]:
    """The engine's showdown, scoring.decide run on symbolic values, equal to the seeds'
    (livemarks.equivalence) at each size up to ``live_marks_top`` (its paths grow with the cards
    and the guarantees enumerated: see PROFILES); the seeds' payments accounted for
    (showdown.accounting) at each size."""
    for n in sizes:
        if (not only or livemarks.PROP in only) and n <= live_marks_top:
            yield livemarks.equivalence(rules, n, timeout_ms, guarantees_top=guarantees_top)
        if not only or "showdown-accounting" in only:
            yield showdown.accounting(rules, n, timeout_ms)


def showdown_sizes(rules: Rules, lo: int, hi: int) -> list[int]:
    """The showdown sizes checked for ``rules``: from ``lo`` (not from its smallest table: a
    showdown may hold fewer live cards than the deal had players, once some went out or were
    put out during it) to ``hi`` or its largest table."""
    return list(range(lo, min(hi, rules.max_players) + 1))


def showdown_rulesets() -> list[Rules]:
    """The rulesets whose showdown is checked beside :func:`rulesets`: every other preset (the
    ordinary-pack games too: their deals are not modelled, their showdown is the engine's)."""
    modelled = {r.name for r in rulesets()}
    return [PRESETS[name] for name in sorted(PRESETS) if name not in modelled]


def run_plan(profile: str, sizes: Optional[tuple[int, int]] = None, timeout: Optional[int] = None,
             only: set = frozenset()) -> Iterator[Result]:
    spec = PROFILES[profile]
    lo, hi = sizes or spec["sizes"]
    timeout_ms = 1000 * (timeout or spec["timeout"])
    for rules in rulesets():
        yield from every_size(rules, timeout_ms, only)
        ns = list(range(max(lo, rules.min_players), min(hi, rules.max_players) + 1))
        if not only or "cuckoo-at-showdown" in only:
            for n in ns:
                yield cuckoo_at_showdown(rules, n, timeout_ms)
        yield from showdown_checks(rules, showdown_sizes(rules, lo, hi), timeout_ms, only, spec["live_marks"],
                                   spec["guarantees"])
        for prop, top in spec["lemma"].items():
            if only and prop not in only:
                continue
            for n in ns:
                if n <= top:
                    yield lemma(prop, rules, n, timeout_ms, split=(prop == "conservation"))
        for n in ns:
            wanted = tuple(p for p, top in spec["bounded"].items() if n <= top and (not only or p in only))
            if wanted:
                yield from bounded(rules, n, wanted, timeout_ms)
    for rules in showdown_rulesets():
        yield from showdown_checks(rules, showdown_sizes(rules, lo, hi), timeout_ms, only, spec["live_marks"],
                                   spec["guarantees"])
    # the match proofs to the profile's own largest table (a --sizes given caps them)
    yield from match_checks(lo, spec["match"] if sizes is None else min(hi, spec["match"]), timeout_ms, only)


def match_checks(lo: int, hi: int, timeout_ms: int, only: set = frozenset()) -> Iterator[Result]:
    """The match model's proofs (:mod:`.matchproofs`: K16-K18, L11, Q1, D8, Z11, S6, K2, K3) for
    every match-level reading at each size from ``lo`` to ``hi`` (``only``: 'match' for all)."""
    wanted = set() if not only or "match" in only else only & set(matchproofs.PROPERTIES)
    if only and not wanted and "match" not in only:
        return
    for rules in matchproofs.match_rulesets():
        yield from matchproofs.proofs(rules, matchproofs.sizes_for(rules, lo, hi), timeout_ms, wanted)
