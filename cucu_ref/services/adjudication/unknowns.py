"""Reasoning over unknown cards: what each placeholder may be, and where to split cases.

A placeholder (:mod:`.layout`) is an unknown card the engine moves like any other.  What
the ruling knows of it is its *domain*, the cards it may still be; every copy of the pack
(two of each, C1) is accounted for by a matching of the open placeholders to the cards left
(:meth:`Reasoner.feasible`), so no card appears more often than the pack holds it.

The ruling splits cases only where a rule tells cards apart:

* **roles** (C2): when the engine asks the role of an unknown card (the target of an offer,
  K7; a holder on Lu Stù's way back, L8; the talon's card, F4; a target who may pay to
  refuse, Q9), the only distinctions are *a plain card* or one of the event cards, one value
  per role in every pack.  So at most six branches; the table's record (an exchange seen, an
  announcement, a mark paid, who decides next) kills the wrong ones at once.  The plain
  branch keeps the card unknown, its domain narrowed to the plain cards;
* **legality**: a decision only some cards allow (A4: the dealer exchanges only after
  receiving an ace) binds the card to those;
* **the showdown** (K15, C3, L3-L6, Z6-Z9, D7, F5, R4): only ranks matter there.  A live
  card the position gives (shown, held at the end) is bound; the rest are scored for every
  combination of the cards still possible (:func:`scoring.evaluate`, a pure function), and the
  combinations are grouped by who loses and gains: one case per group, its cards given as
  boxes of ranges (:func:`boxes`).  A dead card counts only for Q4's 'any-hand' reading, and
  then only as a fool or not.

When a showdown leaves more combinations than :data:`~.model.MAX_CASES`, the position is
under-specified (:class:`~.model.Underdetermined`), naming the cards that would decide it.
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections import Counter
from typing import Any, Callable, Hashable, Iterable, Mapping, NamedTuple, Optional, Sequence

from ...game.cards import FOOL_VALUE, PACKS, Card
from ...game.rulesets import Rules
from ...game.scoring import evaluate, live_marks
from ...game.state import State
from .layout import Layout
from .model import CERTAIN_RUNS, MAX_CASES, MAX_SPLITS, SMALL_CASES, Underdetermined, is_placeholder, per_position
from .symbolic import ByFields, Explored, Reads, TooManySplits, Untraceable, explore

_EXPLORED = per_position(Explored())
# (the copies left and the other open cards' domains, a box's domains) -> a matching holds them
# all (_box_possible)
_FITS: dict[tuple[Hashable, tuple[frozenset[Card], ...]], bool] = per_position({})
# a showdown's cases (Reasoner.showdown_cases), kept for the open questions' re-runs: a
# position's showdowns (its branches over unknown cards), a few times over
_SHOWDOWNS = per_position(ByFields(500))
# the runs one position has spent on what its stuck showdowns may score (_possible_scores): a
# budget of CERTAIN_RUNS for all of them, so that each branch stuck adds none past it
_CERTAIN_SPENT: dict[str, int] = per_position({})

__all__ = ["Know", "Reasoner", "Box", "boxes"]

Box = dict[Card, frozenset[Card]]  # placeholder -> the cards it may be (a product of such sets)
Row = tuple[frozenset[Card], ...]  # a box as the card sets of its keys, in order


class Know(NamedTuple):
    """What one branch of the ruling knows of the unknown cards."""

    subst: dict[Card, Card]  # placeholders bound to a card
    domains: dict[Card, frozenset[Card]]  # narrowed domains of open placeholders (absent: any card left)
    split: tuple[Card, ...]  # placeholders this branch split cases on, in order of first split
    cases: tuple[Box, ...] = ()  # the showdown's unknown live cards: the combinations this branch stands for
    held: tuple[tuple[int, Card], ...] = ()  # (seat, placeholder) of the cards those cases hold at the showdown


class _Domains:
    """The unknown cards of one layout under one ruleset: what each may still be, and the
    copies of the pack (C1) they share.  (:class:`Reasoner` adds where to split cases.)"""

    def __init__(self, lay: Layout, rules: Rules):
        # cheap: a fully known position (no placeholder) never asks the rest
        self.lay = lay
        self.rules = rules
        self._feasible: dict[tuple[object, ...], bool] = {}
        # the showdown last laid out by _ShowdownGroups._hands: (the state, live hands, dead hands, slots)
        self._laid: Optional[tuple[Any, ...]] = None

    @functools.cached_property
    def family(self) -> str:
        return PACKS[self.rules.pack].family

    @functools.cached_property
    def full(self) -> frozenset[Card]:
        return frozenset(self.lay.pool)

    @functools.cached_property
    def plain(self) -> frozenset[Card]:
        roles = self.rules.role_of
        return frozenset(c for c in self.full if c.value not in roles)

    @functools.cached_property
    def event_cards(self) -> tuple[Card, ...]:
        # one card per role, highest first (C2): the event cards a plain-looking unknown may be
        return tuple(Card(self.family, v) for v, _ in sorted(self.rules.role_of.items(), reverse=True))

    @functools.cached_property
    def inns(self) -> frozenset[Card]:
        return frozenset(Card(self.family, v) for v, role in self.rules.role_of.items() if role == "inn")

    @functools.cached_property
    def fool(self) -> Optional[Card]:
        return Card(self.family, FOOL_VALUE) if self.family == "cuccu" else None

    # ---- domains and copies

    def domain(self, k: Know, ph: Card) -> frozenset[Card]:
        return k.domains.get(ph, self.full)

    def left(self, k: Know) -> Counter[Card]:
        """The copies of each card the open placeholders (and the unreachable rest) share."""
        left = self.lay.pool.copy()
        left.subtract(k.subst.values())
        return left

    def possible(self, k: Know, ph: Card) -> list[Card]:
        """The cards ``ph`` may still be, highest first."""
        if ph in k.subst:
            return [k.subst[ph]]
        left = self.left(k)
        return sorted((c for c in self.domain(k, ph) if left[c] > 0), key=lambda c: -c.value)

    def feasible(self, k: Know) -> bool:
        """Can every open placeholder still be given a card of its domain, no card more often
        than the pack holds it (C1)?"""
        left = self.left(k)
        if any(n < 0 for n in left.values()):
            return False
        open_domains = [k.domains.get(ph, self.full) for ph in self.lay.labels if ph not in k.subst]
        restricted = [d for d in open_domains if d is not self.full]
        if not restricted:
            return len(open_domains) <= sum(left.values())
        demand = Counter(open_domains)
        key = (frozenset(left.items()), frozenset(demand.items()))
        known = self._feasible.get(key)
        if known is None:
            chain = sorted(demand, key=len)
            if all(a <= b for a, b in zip(chain, chain[1:])):
                # nested domains (plain within any card, C2): Hall's condition on the chain suffices
                need = 0
                known = True
                for d in chain:
                    need += demand[d]
                    if need > sum(left[c] for c in d):
                        known = False
                        break
            else:
                known = _matchable(open_domains, left)
            self._feasible[key] = known
        return known

    def bind(self, k: Know, ph: Card, card: Card) -> Optional[Know]:
        if ph in k.subst:
            return k if k.subst[ph] == card else None
        if card not in self.domain(k, ph):
            return None
        out = k._replace(subst={**k.subst, ph: card})
        return out if self.feasible(out) else None

    def narrow(self, k: Know, ph: Card, values: frozenset[Card]) -> Optional[Know]:
        if ph in k.subst:
            return k if k.subst[ph] in values else None
        dom = self.domain(k, ph) & values
        if not dom:
            return None
        out = k._replace(domains={**k.domains, ph: dom})
        return out if self.feasible(out) else None

    @staticmethod
    def split_on(k: Know, ph: Card) -> Know:
        return k if ph in k.split else k._replace(split=k.split + (ph,))



class _ShowdownGroups(_Domains):
    """A showdown's unknown cards: the combinations they may be (C1: no card more often than
    the pack holds it), each scored (K15 and the scoring's other rules) and grouped by who
    loses and gains, one by one or on symbolic cards (:mod:`.symbolic`).  (:class:`Reasoner`
    makes the cases of the groups; apart from it so that each class stays under 250 lines,
    issue 26.)"""

    def __init__(self, lay: Layout, rules: Rules, certain: bool = True):
        super().__init__(lay, rules)
        # whether a showdown with too many combinations to split works out what it may score, for
        # the certain part of an under-specified ruling (.partial); False in the open points'
        # re-runs and the other readings' runs, of which only whether they rule is asked (issue 24 §5)
        self.certain = certain

    def _live_scoring(self, after: State, live: Sequence[Card], fixed: dict[Card, Any],
                      rules: Any = None) -> Callable[..., tuple[object, ...]]:
        """The scoring of ``after``'s showdown with the unknown ``live`` cards' values given by
        ``value_of`` (a symbol each, :func:`.symbolic.explore`), the dead ones as ``fixed``:
        ``score(value_of, rules=rules)``; where nobody holds a guarantee and nobody hinted,
        :func:`_marks_scoring`."""
        if not (after.guarantees or after.hinted):
            return _marks_scoring(after, live, fixed, rules, self.rules)

        def scored(value_of: Callable[[int], int], rules: Any = rules) -> tuple[object, ...]:
            value = {**fixed, **{ph: tuple.__new__(Card, (self.family, value_of(j))) for j, ph in enumerate(live)}}
            return self._score(after, value, rules)
        return scored

    def _choices(self, k: Know, live: Sequence[Card], dead: Sequence[Card]) -> list[list[Optional[Card]]]:
        """The cards each unknown may be: a live one any card still possible, a dead one
        (Q4 'any-hand') the fool or not (None: it stays unknown)."""
        choices: list[list[Optional[Card]]] = [list(self.possible(k, ph)) for ph in live]
        for ph in dead:
            dom = self.possible(k, ph)
            opts: list[Optional[Card]] = []
            if self.fool is not None and self.fool in dom:
                opts.append(self.fool)
            if any(c != self.fool for c in dom):
                opts.append(None)  # not the fool: it stays unknown
            choices.append(opts)
        return choices

    def _score(self, after: State, value: dict[Card, Any], rules: Any = None) -> tuple[object, ...]:
        """Who loses and gains at ``after``'s showdown with the unknown cards as ``value`` says."""
        lv, dv = self._hands(after, value)
        # at the engine's table (rulebook.showdown.compare): everybody dealt, a hand put under the stack
        # (L10) included (K19, L6).  Without the marks (``after`` holds them as the showdown
        # left them), so without Q12's and K16's limits; no ruling can differ for it
        # (tests/cli/test_case_split_marks.py checks every case against the known position):
        # each group's representative is replayed through the engine, which scores with the
        # marks, and the limit cannot tell two combinations of a group apart.  It binds only
        # a guarantee (a live player holds a mark, and pays at most his own one, K16;
        # scoring.pay reads no marks without a guarantee), and the key lists every payment:
        # each loser's own (K15, C3) and each guarantee paid as its innkeeper's (K14, L7).
        # One innkeeper answers one offer a deal (asserted in showdown_cases), so the
        # innkeeper's payment names the offerer it covers; the same payments then mean the
        # same own losses and covered guarantees, which is all the limit reads (scoring.pay)
        scored = evaluate(rules if rules is not None else self.rules, lv, dv, after.guarantees, after.hinted,
                          explain=False, table=len(after.order))
        return (scored.losers, scored.gainers)

    def _hands(self, after: State, value: dict[Card, Any]) -> tuple[list[tuple[int, Card]], list[tuple[int, Card]]]:
        """The live and the dead hands at ``after``'s showdown, (seat, card) in play order, the
        unknown cards as ``value`` gives them (the rest as they are).  (The showdown's hands
        are laid out once; a showdown is scored for many values in a row.)"""
        laid = self._laid
        if laid is None or laid[0] is not after:
            order, hands, dead = after.order, after.hands, after.dead
            lv = [(s, hands[s]) for s in order if not dead[s]]
            dv = [(s, hands[s]) for s in order if dead[s] and hands[s] is not None]
            slots = ([(i, s, c) for i, (s, c) in enumerate(lv) if is_placeholder(c)],
                     [(i, s, c) for i, (s, c) in enumerate(dv) if is_placeholder(c)])
            laid = self._laid = (after, lv, dv, slots)
        _, lv, dv, (live_slots, dead_slots) = laid
        if live_slots:
            lv = lv.copy()
            for i, seat, ph in live_slots:
                got = value.get(ph)
                if got is not None:
                    lv[i] = (seat, got)
        if dead_slots:
            dv = dv.copy()
            for i, seat, ph in dead_slots:
                got = value.get(ph)
                if got is not None:
                    dv[i] = (seat, got)
        return lv, dv

    def _scored_groups(self, k: Know, after: State, keys: Sequence[Card], choices: list[list[Optional[Card]]],
                       rules: Any, live: int) -> list[tuple[tuple[Optional[Card], ...], list[Row]]]:
        """Every combination scored, grouped by who loses and gains: (the first combination, rows).
        ``keys``: the ``live`` live unknown cards, then the dead ones."""
        left = self.left(k)
        groups: dict[tuple[object, ...], list[tuple[Optional[Card], ...]]] = {}
        # (whether a combination is possible depends only on the cards it uses, no more copies
        # than are left, and on which of its keys it leaves open, whether the other unknown cards
        # can still be dealt: asked once for each)
        possible: dict[tuple[Any, ...], bool] = {}
        # (the scoring of each choice of the dead cards, with the live cards' values laid out once,
        # as the symbolic cards are scored: _live_scoring; issue 24 §5)
        scorings: dict[tuple[Optional[Card], ...], Callable[..., tuple[object, ...]]] = {}
        for combo in itertools.product(*choices):
            used = tuple(sorted([c for c in combo if c is not None]))
            if used:
                asked = (used, tuple([c is None for c in combo]))
                fits = possible.get(asked)
                if fits is None:
                    fits = possible[asked] = (all(left[c] >= n for c, n in Counter(used).items())
                                              and self._combo_feasible(k, dict(zip(keys, combo))))
                if not fits:
                    continue
            chosen = combo[live:]
            score = scorings.get(chosen)
            if score is None:
                fixed: dict[Card, Any] = {ph: c for ph, c in zip(keys[live:], chosen) if c is not None}
                score = scorings[chosen] = self._live_scoring(after, keys[:live], fixed, rules)
            values = [c.value for c in combo[:live]]  # type: ignore[union-attr]  # (a live card is a card)
            groups.setdefault(score(values.__getitem__), []).append(combo)
        universes = [self.possible(k, ph) for ph in keys]
        return [(combos[0], [_row(combo, universes) for combo in combos]) for combos in groups.values()]

    def _symbolic_groups(self, k: Know, after: State, live: Sequence[Card], dead: Sequence[Card],
                         choices: list[list[Optional[Card]]],
                         rules: Any = None) -> list[tuple[tuple[Optional[Card], ...], list[Row]]]:
        """:meth:`_scored_groups` by the scoring run on symbolic cards (:func:`.symbolic.explore`):
        the live unknown cards are variables, the dead ones' choices (fool or not) are tried one
        by one.  Each box the scoring cannot tell apart is kept where a combination of it is
        possible (C1, :meth:`feasible`); each group's representative is a possible combination
        of its first such box."""
        n = len(live)
        by_value = [{c.value: c for c in opts if c is not None} for opts in choices[:n]]
        domains = {j: frozenset(values) for j, values in enumerate(by_value)}
        keys = list(live) + list(dead)
        universes = [self.possible(k, ph) for ph in keys]
        groups: dict[Hashable, tuple[tuple[Optional[Card], ...], list[Row]]] = {}
        base = self._others(k, keys)
        # (a box's values as cards: the same sets of values come back box after box; a value is
        # one card of the pack, Card(family, value), whichever unknown card may be it)
        card_sets = _CardsOf(self.family).__getitem__

        for dead_combo in itertools.product(*choices[n:]):
            fixed: dict[Card, Any] = {ph: c for ph, c in zip(dead, dead_combo) if c is not None}

            score = self._live_scoring(after, live, fixed)
            showdown = _scoring_key(after, live, dead, dead_combo, self.family)
            plain = getattr(self.rules, "_rules", self.rules)  # (a replay.Recorder's ruleset)
            dead_row = _row(dead_combo, universes[n:])
            dead_domains = tuple(self._dead_domains(k, dead, dead_combo))
            for box, key in _EXPLORED.run(showdown, rules if rules is not None else self.rules, plain, domains,
                                          score, MAX_SPLITS):
                cards = list(map(card_sets, box.values()))  # (the variables in order, 0 .. n-1)
                if not _box_possible(base, cards, dead_domains):
                    continue  # no combination of the box is possible (C1)
                group = groups.get(key)
                if group is None:
                    rep = self._representative(base, live, cards, dead, dead_combo, k)
                    assert rep is not None, "feasible() promised a matching"
                    group = groups[key] = (rep, [])
                group[1].append(tuple(cards) + dead_row)
        return list(groups.values())

    def _dead_domains(self, k: Know, dead: Sequence[Card],
                      dead_combo: Sequence[Optional[Card]]) -> list[frozenset[Card]]:
        """The dead unknown cards' domains as chosen: the fool, or any card but the fool (Q4)."""
        fool = frozenset([self.fool]) if self.fool is not None else frozenset()
        return [fool if c is not None else self.domain(k, ph) - fool for ph, c in zip(dead, dead_combo)]

    def _others(self, k: Know, keys: Sequence[Card]) -> Optional["_Matching"]:
        """The open unknown cards other than ``keys`` (the showdown's, whose domains each box
        narrows) matched once to the copies left (C1), for :meth:`_box_possible` and
        :meth:`_representative` to add the box's to; None where they cannot all be."""
        left = self.left(k)
        if any(n < 0 for n in left.values()):
            return None
        asked = set(keys)
        others = [self.domain(k, ph) for ph in self.lay.labels if ph not in k.subst and ph not in asked]
        base = _Matching(left, (frozenset(left.items()), frozenset(Counter(others).items())))
        return base if base.fits_all(others) else None

    def _representative(self, base: Optional["_Matching"], live: Sequence[Card], cards: list[frozenset[Card]],
                        dead: Sequence[Card], dead_combo: tuple[Optional[Card], ...],
                        k: Know) -> Optional[tuple[Optional[Card], ...]]:
        """A possible combination (C1) of the box ``cards`` (with the dead cards as chosen):
        each card bound in turn, the highest that leaves the rest possible; None if none is."""
        if base is None:
            return None
        fixed = self._dead_domains(k, dead, dead_combo)
        boxes = list(cards)
        if not base.fits([*fixed, *boxes]):
            return None
        rep: list[Optional[Card]] = []
        for j in range(len(live)):
            for c in sorted(boxes[j], key=lambda c: -c.value):
                trial = [*boxes[:j], frozenset([c]), *boxes[j + 1:]]
                if base.fits([*fixed, *trial]):
                    boxes = trial
                    rep.append(c)
                    break
            else:  # pragma: no cover - the box fits: some card of it does
                return None
        return tuple(rep) + tuple(dead_combo)

    def _combo_feasible(self, k: Know, value: dict[Card, Optional[Card]]) -> bool:
        trial = k._replace(subst={**k.subst, **{ph: c for ph, c in value.items() if c is not None}})
        return self.feasible(trial)


class Reasoner(_ShowdownGroups):
    """Where a rule tells unknown cards apart, the cases to split into: an asked card's role
    (C2) and the showdown's ranks (K15 and the scoring's other rules)."""

    def role_branches(self, k: Know, ph: Card, inn_too: bool = False) -> tuple[list[tuple[Card, Know]], Optional[Know]]:
        """The event cards ``ph`` may be (each with the branch that binds it) and the branch
        where it is a plain card (None if it cannot be).  ``inn_too``: the step exchanged it
        even were it the inn (L8), so the inn goes with the plain cards."""
        if ph in k.subst:
            return [], k
        plain = self.plain | self.inns if inn_too else self.plain
        dom = self.domain(k, ph)
        if not (dom - plain):
            return [], k  # already known to be plain: nothing to tell apart
        k = self.split_on(k, ph)
        events = []
        for c in self.event_cards:
            if c in dom and c not in plain:
                bound = self.bind(k, ph, c)
                if bound is not None:
                    events.append((c, bound))
        return events, self.narrow(k, ph, plain)

    # ---- the showdown

    def showdown_cases(self, k: Know, after: State, live: Sequence[Card],
                       dead: Sequence[Card]) -> list[tuple[dict[Card, Card], dict[Card, frozenset[Card]], Know]]:
        """Split the showdown over its unknown ``live`` cards (and, under Q4 'any-hand', the
        ``dead`` ones as fool or not).  One entry per group of combinations that score alike:
        (the representative's bindings, the dead cards' narrowed domains, the branch).

        Up to :data:`~.model.SMALL_CASES` combinations each is scored (:meth:`_scored_groups`);
        beyond, the scoring runs on symbolic cards (:mod:`.symbolic`, :meth:`_symbolic_groups`),
        which splits only where its rules compare.  The cases are kept (``_SHOWDOWNS``) for the
        open questions' re-runs, which reach the same showdown knowing the same: under a reading
        that agrees on every field the scoring read, they are the same cases."""
        key = self._showdown_key(k, after, live, dead)
        plain = getattr(self.rules, "_rules", self.rules)  # (a replay.Recorder's ruleset)
        if key is not None:
            hit, found = _SHOWDOWNS.get(key, self.rules, plain)
            # (gave up: what the showdown may score, or None, and whether that was worked out: a
            # run that needs it works it out where a re-run that did not kept the showdown)
            if hit and isinstance(found, tuple) and (found[1] or not self.certain):
                raise self._underdetermined(list(live) + list(dead), found[0])
            if hit and not isinstance(found, tuple):
                return found  # type: ignore[no-any-return]
        reads = Reads(self.rules)
        try:
            found = self._cases(k, after, live, dead, reads)
        except Underdetermined as err:
            if key is not None:
                _SHOWDOWNS.keep(key, plain, tuple(reads.names), (err.scores, self.certain))
            raise
        if key is not None:
            _SHOWDOWNS.keep(key, plain, tuple(reads.names), found)
        return found

    def _showdown_key(self, k: Know, after: State, live: Sequence[Card], dead: Sequence[Card]) -> Optional[Hashable]:
        """What :meth:`_cases` reads besides the ruleset's fields the scoring reads: the
        showdown's hands, the knowledge of the unknown cards, the layout's pool and the pack's
        roles (C1, C2), and the scoring itself (a test may stand another in); None where the
        knowledge already holds cases (not kept)."""
        if k.cases:
            return None
        plain = getattr(self.rules, "_rules", self.rules)
        return (after.hands, after.order, after.dead, after.guarantees, after.hinted, tuple(live), tuple(dead),
                frozenset(k.subst.items()), frozenset(k.domains.items()), k.split, k.held,
                frozenset(self.lay.pool.items()), tuple(self.lay.labels), plain.pack, plain.roles, evaluate)

    def _cases(self, k: Know, after: State, live: Sequence[Card], dead: Sequence[Card],
               rules: Any) -> list[tuple[dict[Card, Card], dict[Card, frozenset[Card]], Know]]:
        """:meth:`showdown_cases` worked out, the scoring reading ``rules``."""
        keys = list(live) + list(dead)
        choices = self._choices(k, live, dead)
        total = 1
        for opts in choices:
            total *= max(len(opts), 1)
        # (the grouping's argument in _score: one guarantee per innkeeper)
        assert len({keeper for _, keeper in after.guarantees}) == len(after.guarantees), after.guarantees
        groups: Optional[list[tuple[tuple[Optional[Card], ...], list[Row]]]] = None
        if total > SMALL_CASES:
            try:
                groups = self._symbolic_groups(k, after, live, dead, choices, rules)
            except Untraceable:
                groups = None
            except TooManySplits:
                # (issue 24 §5: what it may score is still worth knowing, for what is certain)
                scores = _possible_scores(self, after, live, dead, choices, rules) if self.certain else None
                raise self._underdetermined(keys, scores) from None
        if groups is None:
            if total > MAX_CASES:
                raise self._underdetermined(keys)
            groups = self._scored_groups(k, after, keys, choices, rules, len(live))
        out = []
        universes = [self.possible(k, ph) for ph in keys]
        for rep, rows in groups:
            subst = {ph: c for ph, c in zip(keys, rep) if c is not None}
            narrowed = {ph: frozenset(c for c in self.possible(k, ph) if c != self.fool)
                        for ph, c in zip(keys, rep) if c is None}
            branch = k._replace(subst={**k.subst, **subst}, domains={**k.domains, **narrowed},
                                cases=tuple(merge_rows(keys, rows, universes)),
                                held=tuple((after.hands.index(ph), ph) for ph in keys))
            for ph in keys:
                branch = self.split_on(branch, ph)
            out.append((subst, narrowed, branch))
        return out

    def _underdetermined(self, keys: Sequence[Card], scores: Optional[frozenset[Hashable]] = None) -> Underdetermined:
        names = tuple(self.lay.labels[ph] for ph in keys)
        err = Underdetermined(
            f"the position is under-specified: the showdown depends on {len(keys)} cards it does not give "
            f"({'; '.join(names)}), too many combinations to split into cases; give the cards shown at the end",
            names)
        err.scores = scores
        return err


class _CardsOf(dict[frozenset[int], frozenset[Card]]):
    """A set of values -> the set of the cards of the pack ``family`` of those values."""

    def __init__(self, family: str):
        super().__init__()
        self.family = family

    def __missing__(self, values: frozenset[int]) -> frozenset[Card]:
        got = self[values] = frozenset([tuple.__new__(Card, (self.family, v)) for v in values])
        return got


def _marks_scoring(after: State, live: Sequence[Card], fixed: dict[Card, Any], rules: Any,
                   default: Rules) -> Callable[..., tuple[object, ...]]:
    """:meth:`Reasoner._live_scoring` where nobody holds a guarantee and nobody hinted: the
    scoring's own call for that showdown (:func:`~cucu_ref.game.scoring.live_marks`, the marks
    lost and gained as :meth:`Reasoner._score` finds them), on the cards' values laid out once:
    a run only puts its symbols in their places.  ``default``: the ruleset where ``rules`` is None."""
    var = {ph: j for j, ph in enumerate(live)}
    seats = [s for s in after.order if not after.dead[s]]
    cards = [after.hands[s] for s in seats]
    values = [c.value for c in cards]  # type: ignore[union-attr]
    slots = [(i, var[c]) for i, c in enumerate(cards) if c in var]
    dead = [fixed.get(c, c).value for c in (after.hands[s] for s in after.order if after.dead[s]) if c is not None]
    table = len(after.order)

    def score(value_of: Callable[[int], int], rules: Any = rules) -> tuple[object, ...]:
        row = values.copy()
        for i, j in slots:
            row[i] = value_of(j)
        lost, gained = live_marks(rules if rules is not None else default, seats, row, table, dead)
        return (tuple(lost), tuple(gained))
    return score


def _scoring_key(after: State, live: Sequence[Card], dead: Sequence[Card], dead_combo: tuple[Optional[Card], ...],
                 family: str) -> Hashable:
    """What a run of :meth:`Reasoner._live_scoring` reads besides the part it starts from and
    the ruleset's fields (:class:`.symbolic.Explored` keeps runs by it): the showdown's hands
    with each unknown live card as its variable (the run gives it the variable's value: which
    unknown card it is does not matter), the seats, dead hands, guarantees and hints, the dead
    unknown cards as chosen, the pack (``family``), the scoring.  Not the domains the
    exploration started from: a run reads only its part.  So the same showdown comes back in
    the open questions' re-runs, and two branches whose showdowns differ only in what an
    unknown card may be (the talon's card a king or a plain card, F4, C2: Hugo's own card
    or the talon's in his hand) share the runs of every part both explore (issue 24 §5: a
    quarter of the runs of a Coucou deal of eight players with four cards unshown)."""
    var = {ph: j for j, ph in enumerate(live)}
    hands = tuple([var.get(c, c) if c is not None else None for c in after.hands])
    return (hands, after.order, after.dead, after.guarantees, after.hinted, tuple(dead), dead_combo,
            family, evaluate, live_marks)


def _possible_scores(r: "Reasoner", after: State, live: Sequence[Card], dead: Sequence[Card],
                     choices: list[list[Optional[Card]]], rules: Any) -> Optional[frozenset[Hashable]]:
    """Every score (:meth:`_score`: who loses and gains, each with his rule) the showdown may
    give over the combinations of its unknown cards too many to split into cases (issue 24
    §5), without enumerating them: the boxes of the scoring on symbolic cards
    (:func:`.symbolic.explore`), each a set of combinations scored alike, with none of the
    cases' bookkeeping (no matching of the pack's copies per box, C1: a box no combination
    of which the pack allows adds a score that cannot happen, so that less is certain,
    never more).  None past :data:`~.model.CERTAIN_RUNS` runs, or as soon as the scores
    seen leave no player a mark lost or gained in all of them, nor one who is never scored:
    then nothing the showdown does is certain.  (The runs are one position's, for all its
    stuck showdowns: ``_CERTAIN_SPENT``.)"""
    n = len(live)
    domains = {j: frozenset(c.value for c in opts if c is not None) for j, opts in enumerate(choices[:n])}
    seats = set(after.order) | {keeper for _offerer, keeper in after.guarantees}
    common: list[Optional[Counter[Any]]] = [None]  # (the losses and gains, (seat, rule), every score holds)
    untouched = set(seats)

    def enough(key: Hashable) -> bool:
        lost: tuple[tuple[int, str], ...] = key[0]  # type: ignore[index]
        gained: tuple[tuple[int, str], ...] = key[1]  # type: ignore[index]
        untouched.difference_update(seat for seat, _rule in (*lost, *gained))
        marks = Counter([("lost", *x) for x in lost] + [("gained", *x) for x in gained])
        common[0] = marks if common[0] is None else common[0] & marks
        return not (untouched or common[0])

    scores: set[Hashable] = set()
    for dead_combo in itertools.product(*choices[n:]):
        fixed: dict[Card, Any] = {ph: c for ph, c in zip(dead, dead_combo) if c is not None}
        left = CERTAIN_RUNS - _CERTAIN_SPENT.get("runs", 0)
        try:
            found = explore(domains, r._live_scoring(after, live, fixed, rules), left, enough=enough)
        except (TooManySplits, Untraceable):
            _CERTAIN_SPENT["runs"] = CERTAIN_RUNS
            return None
        _CERTAIN_SPENT["runs"] = CERTAIN_RUNS - left + len(found)
        scores.update(key for _box, key in found)
        if not (untouched or common[0]):
            return None  # (stopped early: nothing is certain)
    return frozenset(scores)


def _box_possible(base: Optional["_Matching"], cards: list[frozenset[Card]],
                  dead_domains: tuple[frozenset[Card], ...]) -> bool:
    """Is some combination of the box ``cards`` (the dead cards' domains as chosen,
    :meth:`Reasoner._dead_domains`) possible (C1)?  ``base``: the other open unknown cards matched
    (:meth:`Reasoner._others`).  (The same boxes come back in the open questions' re-runs: kept by
    the copies left and the others' domains)"""
    if base is None:
        return False
    domains = (*cards, *dead_domains)
    key = (base.key, domains)
    known = _FITS.get(key)
    if known is None:
        if len(_FITS) > 100_000:
            _FITS.clear()
        known = _FITS[key] = base.fits(domains)
    return known


def _sub(card: Optional[Card], value: dict[Card, Optional[Card]]) -> Card:
    assert card is not None
    got = value.get(card)
    return got if got is not None else card


def _row(combo: Sequence[Optional[Card]], universes: Sequence[Sequence[Card]]) -> Row:
    """One combination as a row of card sets; ``None`` (a dead card that is not the fool)
    stands for every card of that key's universe but the fool."""
    return tuple(frozenset([c]) if c is not None else frozenset(x for x in uni if not x.is_fool)
                 for c, uni in zip(combo, universes))


def boxes(keys: Sequence[Card], combos: Iterable[tuple[Optional[Card], ...]],
          universes: Iterable[Sequence[Card]]) -> list[Box]:
    """The combinations ``combos`` (tuples over ``keys``) as few boxes (products of card
    sets) as a greedy merge finds, in a deterministic order.  ``None`` in a combination (a
    dead card that is not the fool) stands for every card of that key's universe but the fool."""
    unis = [list(u) for u in universes]
    return merge_rows(keys, [_row(combo, unis) for combo in combos], unis)


def merge_rows(keys: Sequence[Card], given: Iterable[Row], universes: Iterable[Sequence[Card]] = ()) -> list[Box]:
    """Rows (products of card sets over ``keys``) merged into as few boxes as a greedy merge
    finds, in a deterministic order (the highest cards first)."""
    rows: set[Row] = set(given)
    n = len(keys)
    rests = _rests(n)
    # (the keys in turn, from the first, until none of the last n merges any: each merge along
    # one key is idempotent, so the rows then merge along none, as a whole pass more would find)
    d, still = 0, 0
    while still < n and len(rows) > 1:
        rest_of = list(map(rests[d], rows))  # (each row without key d, in C)
        if len(set(rest_of)) == len(rows):
            still += 1  # (no two rows alike but for key d: the pass would merge none, so none is made)
        else:
            # (the rest -> its row so far: a row that merges with none is kept as it is, and the
            # rows come out in the order of their first, as built before, card set for card set)
            merged: dict[Row, Row] = {}
            for full, rest in zip(rows, rest_of):
                got = merged.get(rest)
                merged[rest] = full if got is None else got[:d] + (got[d] | full[d],) + got[d + 1:]
            rows = set(merged.values())
            still = 1
        d = (d + 1) % n
    top: dict[frozenset[Card], int] = {}  # (each set's highest value, found once: sets recur row after row)
    for row in rows:
        for vals in row:
            if vals not in top:
                top[vals] = -max(c.value for c in vals)
    highest = top.__getitem__
    ordered = sorted(rows, key=lambda row: tuple(map(highest, row)))
    return [dict(zip(keys, row)) for row in ordered]


@functools.lru_cache(maxsize=None)
def _rests(n: int) -> tuple[Callable[[Row], Row], ...]:
    """For each key d of a row of ``n``, the row without it (:func:`merge_rows`)."""
    if n < 3:  # (an itemgetter of one key gives the card set, not a row)
        return tuple(functools.partial(_without, d=d) for d in range(n))
    return tuple(operator.itemgetter(*[i for i in range(n) if i != d]) for d in range(n))


def _without(row: Row, d: int) -> Row:
    return row[:d] + row[d + 1:]


def _matchable(domains: list[frozenset[Card]], left: Counter[Card]) -> bool:
    """A matching of the ``domains`` (one card each) into the copies ``left``."""
    return _Matching(left).fits_all(domains)


class _Matching:
    """Unknown cards matched to the copies of the cards left (C1: no card more often than the
    pack holds it), one at a time by augmenting paths (Kuhn): a card whose domain no path
    reaches cannot be added, whatever order they come in.  :meth:`fits` asks of more cards
    without changing the matching (a showdown's boxes each add theirs to the same others)."""

    __slots__ = ("cap", "holders", "domains", "key", "least", "free")

    def __init__(self, left: Mapping[Card, int], key: Hashable = None):
        self.key = key  # (what the matching was made of: the copies left and the domains matched)
        self.cap = {c: n for c, n in left.items() if n > 0}
        self.holders: dict[Card, list[int]] = {c: [] for c in self.cap}
        self.domains: list[list[Card]] = []  # each card's domain, highest first
        self.least: Optional[int] = None  # the fewest copies any matched card's domain holds (roomy)
        self.free: Optional[dict[Card, int]] = None  # the copies no matched card holds, by card (spare)

    def fits_all(self, domains: Sequence[frozenset[Card]]) -> bool:
        """Add every one of ``domains`` (the narrowest first); False where one cannot be."""
        if len(self.domains) + len(domains) > sum(self.cap.values()):
            return False
        return all(self.add(d) for d in sorted(domains, key=len))

    def fits(self, domains: Sequence[frozenset[Card]]) -> bool:
        """Could ``domains`` be added too?  (This matching stays as it is.)"""
        if self.spare(domains) or self.roomy(domains):
            return True
        trial = _Matching.__new__(_Matching)
        trial.cap = self.cap
        trial.holders = {c: h.copy() for c, h in self.holders.items()}
        trial.domains = self.domains.copy()
        trial.key = trial.least = trial.free = None
        return trial.fits_all(domains)

    def spare(self, domains: Sequence[frozenset[Card]]) -> bool:
        """Whether each of ``domains`` (the narrowest first) takes a copy that no matched card
        holds, a different copy each: then they fit, the matching as it is (a showdown's boxes,
        most of whose cards are one card each, below the lowest shown, of which copies are
        left).  False says nothing: :meth:`fits` then looks for augmenting paths."""
        free = self.free
        if free is None:
            free = self.free = {c: n - len(self.holders[c]) for c, n in self.cap.items()}
        taken: dict[Card, int] = {}
        for d in sorted(domains, key=len):
            # (a set of cards in an order of their values: the set's own follows the hash seed)
            for c in _SORTED.get(d) or _highest_first(d):
                n = taken.get(c, 0)
                if free.get(c, 0) > n:
                    taken[c] = n + 1
                    break
            else:
                return False
        return True

    def roomy(self, domains: Sequence[frozenset[Card]]) -> bool:
        """Whether every card, matched and of ``domains``, may be one of at least as many copies
        as there are cards: then any k of them reach k copies or more (Hall's condition), and
        a matching of them all exists, found without building it (a showdown's boxes, most of
        whose cards may still be many cards)."""
        cap = self.cap
        total = len(self.domains) + len(domains)
        if self.least is None:
            self.least = min((sum([cap.get(c, 0) for c in d]) for d in self.domains), default=total)
        return self.least >= total and all(sum([cap.get(c, 0) for c in d]) >= total for d in domains)

    def add(self, domain: frozenset[Card]) -> bool:
        self.least = self.free = None
        i = len(self.domains)
        self.domains.append(_highest_first(domain))
        return self._augment(i, set())

    def _augment(self, i: int, seen: set[Card]) -> bool:
        cap, holders = self.cap, self.holders
        mine = self.domains[i]
        for c in mine:  # a copy left free first (the commonest: copies to spare)
            if c in cap and c not in seen and len(holders[c]) < cap[c]:
                seen.add(c)
                holders[c].append(i)
                return True
        for c in mine:  # else a path that moves another card on
            if c not in cap or c in seen:
                continue
            seen.add(c)
            for j in list(holders[c]):
                if self._augment(j, seen):
                    holders[c].remove(j)
                    holders[c].append(i)
                    return True
        return False


# a domain's cards, highest first (_Matching: the same domains come back box after box).  A card
# takes the highest copy free: the other open cards of a showdown (the talon's, the discards, F2)
# then hold high copies, and the boxes, whose cards are one low card each where the lowest decides
# (K15, F5), mostly take spare copies (_Matching.spare) with no trial matching: issue 24 §5, a
# Coucou deal of eight players with four cards unshown (seed 357487890), 8,251 trial matchings
# -> 2,138 (lowest first, the others held the lowest copies).  Which copies it holds changes no
# answer of a matching.
_SORTED: dict[frozenset[Card], list[Card]] = per_position({})


def _highest_first(domain: frozenset[Card]) -> list[Card]:
    got = _SORTED.get(domain)
    if got is None:
        if len(_SORTED) > 10_000:
            _SORTED.clear()
        got = _SORTED[domain] = sorted(domain, key=lambda c: -c.value)
    return got


def live_unknowns(after: State) -> list[Card]:
    return [after.hands[s] for s in after.order  # type: ignore[misc]
            if not after.dead[s] and is_placeholder(after.hands[s])]


def dead_unknowns(after: State) -> list[Card]:
    return [after.hands[s] for s in after.order  # type: ignore[misc]
            if after.dead[s] and is_placeholder(after.hands[s])]
