"""Open points: the position re-run under the other readings of its ruleset's open points
(:func:`cucu_ref.game.rulesets.other_readings`), for a ruling whose outcome a reading changes, and
for a rejected history, to say under which reading it would be valid ("valid if the dealer
decides after his horse, Q2").

Only options the engine read while replaying are re-run (:class:`.replay.Recorder`), and a
cheap screen per known option skips readings that cannot change this position.
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Iterable, Iterator, Mapping, Optional, Sequence

from ...game.cards import Card
from ...game.engine import legal_actions
from ...formats.i18n import N_, gettext as _, language
from ...formats.vocabulary import option_text
from ...formats.position import Position, Problem
from ...game.rulesets import (PRESET_REASONS, PRESETS, Rules, by_identity, open_specs, other_readings,
                               own_reading)
from ...game.scoring import CUCKOO_VALUE
from ...formats.sources import RULES, cite
from ...game.state import EventKind, Phase
from .model import CaseOutcome, Unsupported
from .outcomes import WordedIf, group, outcome_key
from .summary import many
from .replay import (
    Leaf, Run, fails_at_next_decision, lays_otherwise, rerun_from, run_position,
)

__all__ = ["open_questions", "rejected_readings", "best_failure", "fingerprint"]

# why_chosen where the position's own options set the reading (issue 24 §2)
_AGREED = N_("the reading agreed at this table (the position's options); {preset} reads otherwise")

# The kinds read in the loops over every event of a run, as module constants: on Python 3.11 each
# read of an enum's class attribute goes through EnumType's __getattr__ hook (as in game.history)
_REFUSE, _MARK_LOST, _MARK_GAINED = EventKind.REFUSE, EventKind.MARK_LOST, EventKind.MARK_GAINED
_SHOWDOWN, _OUT = EventKind.SHOWDOWN, EventKind.OUT
_FINGERPRINTED = frozenset({EventKind.OUT, EventKind.BUY_BACK_OFFER, EventKind.BUY_BACK, EventKind.RESTART,
                            EventKind.DRAW})


def best_failure(failures: list[tuple[int, Problem]]) -> Problem:
    """The problem of the branch that got furthest (the first of them)."""
    best = max(i for i, _ in failures)
    return next(p for i, p in failures if i == best)


def _cards_of(run: Run, leaf: Leaf, dead: bool) -> list[Card]:
    st = leaf.state
    out = []
    for s in st.order:
        c = st.hands[s]
        if c is None or st.dead[s] != dead:
            continue
        out.append(leaf.know.subst.get(c, c))
    return out


class _Ran:
    """What the screens read of a run whose cards are all known: its events and their kinds, the
    dealer, the last step's events, the live and dead cards of each leaf."""

    __slots__ = ("pos", "run", "evs", "kinds", "showdown", "dealer", "last")

    def __init__(self, pos: Position, run: Run) -> None:
        assert not run.lay.labels, "a screen reads a run whose cards are all known"
        self.pos, self.run, self.dealer = pos, run, pos.dealer
        self.evs = [ev for leaf in run.leaves for _, es in leaf.steps for ev in es]
        self.kinds = {ev.kind for ev in self.evs}
        self.showdown = _SHOWDOWN in self.kinds
        self.last = run.leaves[0].steps[-1][1] if run.leaves else ()

    def live_cards(self) -> Iterable[list[Card]]:
        for leaf in self.run.leaves:
            yield _cards_of(self.run, leaf, dead=False)

    def dead_cards(self) -> Iterable[list[Card]]:
        for leaf in self.run.leaves:
            yield _cards_of(self.run, leaf, dead=True)

    def maybe(self, pred: Callable[[list[Card]], bool], cards: Iterable[list[Card]]) -> bool:
        return any(map(pred, cards))


# For each option we know, a cheap test of a run (:class:`_Ran`): can its reading change this
# ruling?  Written once here, not as closures made again for every ruling (a batch asks them of
# one position after another)
_SCREENS: dict[str, Callable[[_Ran], bool]] = {
    "dealing": lambda r: False,  # the same cards reach the same seats either way
    "seating_fool": lambda r: False,  # seating happens before any deal
    "deal_from": lambda r: r.pos.stack_order is not None and EventKind.EXCHANGE_WITH_STACK in r.kinds,
    "dealer_exchange": lambda r: any(ev.kind == EventKind.EXCHANGE_WITH_STACK
                                     and ev.rule != r.pos.rules.cites("horse-at-dealer") for ev in r.evs)
    or any(l.state.actor == l.state.dealer and l.state.phase == Phase.DECIDE for l in r.run.leaves),
    "horse_at_dealer": lambda r: any(ev.kind == EventKind.EXCHANGE_WITH_STACK
                                     and ev.rule == r.pos.rules.cites("horse-at-dealer") for ev in r.evs),
    "cat": lambda r: any(ev.kind == EventKind.ARRESTO and ev.card is not None and ev.card.value == 12
                         for ev in r.evs),
    # (no screen: the engine reads it only where a targeted card's holder other than the dealer,
    # K10-K14, or a refused innkeeper, D6, would act next, and there Q2's readings differ)
    "targeted_holder_acts": lambda r: True,
    "cuckoo_at_showdown": lambda r: r.showdown and r.maybe(_cuckoo_may_be_lowest, r.live_cards()),
    "cuckoo_pair_exception": lambda r: r.showdown and r.maybe(
        lambda cs: len(cs) == 2 and all(c.value == CUCKOO_VALUE for c in cs), r.live_cards()),
    "fools_in_play": lambda r: r.showdown and r.maybe(lambda cs: any(c.is_fool for c in cs), r.dead_cards()),
    "two_fools": lambda r: r.showdown and (any(
        sum(c.is_fool for c in a) + sum(c.is_fool for c in b) >= 2
        for a, b in zip(r.live_cards(), r.dead_cards()))),
    "ties": lambda r: r.showdown and r.maybe(_tied, r.live_cards()),
    "inn": lambda r: EventKind.FERMATEVI in r.kinds or EventKind.INN_BARGAIN in r.kinds,
    "inn_guarantee_covers": lambda r: any(l.state.guarantees for l in r.run.leaves),
    "cat_undo_through_inn": lambda r: EventKind.UNDO in r.kinds and EventKind.REFUSE in r.kinds,
    "buy_back": lambda r: _OUT in r.kinds,
    "buy_back_price": lambda r: _OUT in r.kinds,
    # Q1 orders the players who go out together (engine: ``len(gone) > 1``), each of whom
    # has his own 'out' in the step that put them out
    "simultaneous_buy_back": lambda r: any(sum(ev.kind == _OUT for ev in es) >= 2
                                           for leaf in r.run.leaves for _, es in leaf.steps),
    # K18 / D8 / Z11 / S6: each reading's own event says that everybody still in went out
    "all_out": lambda r: not r.kinds.isdisjoint((EventKind.RESTART, EventKind.DRAW, EventKind.JOINT_WINNER,
                                                 EventKind.KEEP_LAST_LIFE)),
    "dead_cards": lambda r: any(any(l.state.dead) for l in r.run.leaves),
    "all_equal": lambda r: r.showdown and r.maybe(lambda cs: len(cs) >= 2 and len({c.value for c in cs}) == 1,
                                                  r.live_cards()),
    "may_offer_after_receiving": lambda r: any(_offered_after_receiving(l) for l in r.run.leaves),
    "refuse_by_paying": lambda r: r.pos.rules.refuse_by_paying != "no"
    or any(ev.kind == EventKind.EXCHANGE and ev.rule == "K7" for ev in r.last),
    "last_request_to": lambda r: EventKind.EXCHANGE_WITH_TALON in r.kinds or EventKind.TALON_KING in r.kinds or any(
        (ev.kind == EventKind.EXCHANGE and ev.other == r.dealer)
        or (ev.kind == EventKind.ARRESTO and ev.seat == r.dealer)
        for ev in r.evs),
    "talon_card": lambda r: EventKind.EXCHANGE_WITH_TALON in r.kinds or EventKind.TALON_KING in r.kinds,
    "backward_chain_end": lambda r: any(ev.rule == "L8" for ev in r.evs),
    "backward_offer": lambda r: any(ev.rule == "L8" for ev in r.evs),
    "virgin_after_gain": lambda r: EventKind.MARK_GAINED in r.kinds,
    "fool_hint": lambda r: any(l.state.hinted for l in r.run.leaves),
    # the pack is settled before the deal: the position's cards already say which it is
    "piquet_below_seven": lambda r: False,
    "without_fools": lambda r: False,  # L5: the same, agreed for the match
}
_SCREENS["two_fools_alone"] = _SCREENS["two_fools"]


class _Screens(Mapping[str, Callable[[], bool]]):
    """The screens of one run, each as a test of no arguments (made when asked)."""

    def __init__(self, ran: _Ran) -> None:
        self.ran = ran

    def __getitem__(self, name: str) -> Callable[[], bool]:
        return functools.partial(_SCREENS[name], self.ran)

    def __iter__(self) -> Iterator[str]:
        return iter(_SCREENS)

    def __len__(self) -> int:
        return len(_SCREENS)


def _screens(pos: Position, run: Run) -> Mapping[str, Callable[[], bool]]:
    """For each option we know, a cheap test: can its reading change this ruling?  Any other
    option (added later) is always re-run.  Asked only of a run whose cards are all known
    (:func:`open_questions`), so no card is a placeholder and the replay split no cases: each
    screen reads the one path the run took (:data:`_SCREENS`)."""
    return _Screens(_Ran(pos, run))


def _reading_screens(run: Run) -> dict[str, Callable[[str, str], bool]]:
    """For an option whose readings differ at different places: can reading ``other`` change
    this ruling made under ``chosen``?  (Called once the option's own screen let it through.)"""
    refused = any(ev.kind == _REFUSE for leaf in run.leaves for _, es in leaf.steps for ev in es)
    return {
        # Q2: 'always' gives a targeted card's holder his own turn (rulebook.turn_order.play_on_index), and
        # 'after-refused-inn' a refused innkeeper his (D6, after a 'refuse'): 'never' and
        # 'after-refused-inn' play alike where no innkeeper refused
        "targeted_holder_acts": lambda chosen, other: refused or "always" in (chosen, other),
    }


def _impossible_screens(pos: Position, run: Run) -> dict[str, Callable[[Rules], bool]]:
    """For an option one of whose readings mostly cannot play the history at all: does the
    re-run under ``rules`` (that reading) surely find it impossible?  Then it is not re-run: a
    reading under which the history is impossible is listed nowhere (:func:`open_questions`).
    (Called once the option's own screens let it through, of a run whose cards are all known.)"""
    return {
        # Q2 'always' (S3): the targeted card's holder takes his own turn next, where the
        # history most often has the next player decide (about 300 of the benchmark's 2,000)
        "targeted_holder_acts": lambda rules: fails_at_next_decision(pos, run, "targeted_holder_acts", rules),
    }


def _offered_after_receiving(leaf: Leaf) -> bool:
    received: set[int] = set()
    for _at, evs in leaf.steps:
        for ev in evs:
            if ev.kind == EventKind.EXCHANGE and ev.other is not None and ev.seat is not None:
                received.update((ev.seat, ev.other))
            elif ev.kind in (EventKind.OFFER, EventKind.EXCHANGE_WITH_STACK) and ev.seat in received:
                return True
    st = leaf.state
    return st.phase == Phase.DECIDE and st.actor in received


def _cuckoo_may_be_lowest(cs: list[Card]) -> bool:
    """Q3's readings (a live XV never loses, or is compared like any card) score a showdown
    alike unless a live XV is among the lowest compared cards, or K19's two XVs are the only
    live cards (``scoring.spare_cuckoos``: neither reading changes anything else).  A live card
    below XV that is no fool is always compared (only fools are set aside, C3, Q10) and ranks
    below every XV, so where one is in play no XV is among the lowest: only live cards that
    are all XVs and fools leave the question open."""
    return any(c.value == CUCKOO_VALUE for c in cs) and all(c.value == CUCKOO_VALUE or c.is_fool for c in cs)


def _tied(cs: list[Card]) -> bool:
    plain = [c.value for c in cs if not c.is_fool]
    return len(plain) >= 2 and plain.count(min(plain)) >= 2


def _summary(outcomes: list[CaseOutcome]) -> list[dict[str, Any]]:
    out = []
    for o in outcomes:
        entry: dict[str, Any] = {"when": o.when, "result": o.result}
        if o.condition:
            entry["if"] = o.condition
        out.append(entry)
    return out


def fingerprint(run: Run) -> frozenset[tuple[Any, ...]]:
    """A cheap summary of what a run decides, case by case (same fingerprint, same ruling;
    a different one is compared again in full by :func:`outcome_key`)."""
    out = set()
    for leaf in run.leaves:
        st = leaf.state
        evs = [ev for _, es in leaf.steps for ev in es]
        out.add((
            frozenset(leaf.know.subst.items()), st.marks, st.virgins, st.pot, st.phase, st.actor, st.dealer, st.winner,
            tuple(sorted(ev.seat for ev in evs if ev.kind == _MARK_LOST and ev.seat is not None)),
            tuple(sorted(ev.seat for ev in evs if ev.kind == _MARK_GAINED and ev.seat is not None)),
            tuple((ev.kind, ev.seat, ev.amount) for ev in evs if ev.kind in _FINGERPRINTED),
            tuple(a.kind for a in legal_actions(st)),
        ))
    return frozenset(out)


# (id of the rules, (option, reading)) -> (the rules, the rules under that reading)
_WITH_OPTION: dict[Any, tuple[Rules, Any]] = {}


def _with_option(rules: Rules, name: str, value: str) -> Rules:
    return by_identity(_WITH_OPTION, rules, (name, value), lambda: rules.with_options({name: value}), 512)


def _source(ref: str) -> str:
    return _cited(ref, language())


@functools.lru_cache(maxsize=None)
def _cited(ref: str, lang: str) -> str:
    # (sources.RULES is constant: each reading's citation is written once per language, not per
    # position)
    return cite(ref) if ref in RULES else ref


def open_questions(pos: Position, run: Run, chosen: list[CaseOutcome],
                   every_condition: bool = True) -> list[dict[str, Any]]:
    """Every open point whose readings give this position different outcomes, each reading
    with its source and outcomes.  ``every_condition`` False: a reading's outcomes past
    summary.FEW (:func:`.summary.many`: the text a table reads gives them only by their count,
    render._many_other) keep their plain chains of cards, not the fewest words (outcomes.grouped's
    ``worded_if``)."""
    asked = _Questions(pos, run, chosen, every_condition)
    found = []
    for spec in open_specs(pos.preset, pos.rules):
        if spec.name not in run.read or not hasattr(pos.rules, spec.name) or not asked.may_matter(spec.name):
            continue
        question = asked.question(spec)
        if question is not None:
            found.append(question)
    return found


class _Questions:
    """The open points of one ruling, asked one by one.  What every question shares is computed
    once, when the first needs it: the screens that tell a reading cannot change the ruling,
    and the chosen run's fingerprint and outcome key."""

    def __init__(self, pos: Position, run: Run, chosen: list[CaseOutcome], every_condition: bool = True) -> None:
        self.pos, self.run, self.chosen = pos, run, chosen
        # (open_questions: the outcomes worded where the text says them case by case, not many)
        self.worded_if: Optional[WordedIf] = None if every_condition else _few
        self.base_key: Optional[tuple[str, ...]] = None
        self.base_fp: Optional[frozenset[tuple[Any, ...]]] = None
        self.screens: Optional[Mapping[str, Callable[[], bool]]] = None
        self.by_reading: dict[str, Callable[[str, str], bool]] = {}
        self.impossible: dict[str, Callable[[Rules], bool]] = {}

    def may_matter(self, name: str) -> bool:
        """False where a screen shows the option cannot change this ruling."""
        if self.screens is None:
            # the screens read the ruling's own run: where every card is known that is the one
            # path the replay took, and a reading that cannot change it cannot change the
            # ruling; where cards are unknown, a branch that died under the chosen reading might
            # live under another, so every open point the engine read is re-run
            known = not self.run.lay.labels
            self.screens = _screens(self.pos, self.run) if known else {}
            self.by_reading = _reading_screens(self.run) if known else {}
            self.impossible = _impossible_screens(self.pos, self.run) if known else {}
        return self.screens.get(name, lambda: True)()

    def question(self, spec: Any) -> Optional[dict[str, Any]]:
        """The open point ``spec`` with every reading's outcomes, or None where no reading
        changes them."""
        current = getattr(self.pos.rules, spec.name)
        alternatives: list[tuple[dict[str, Any], Optional[Run]]] = []
        differs = False
        for reading in spec.readings:
            reading = own_reading(self.pos.preset, spec.name, reading)  # (its game's own rule and words)
            entry: dict[str, Any] = {"reading": reading.value, "chosen": reading.value == current,
                                     "source": _source(reading.source),
                                     "text": option_text(reading.text, self.pos.rules)}
            same, changes = self.reading(spec.name, current, reading.value, entry)
            alternatives.append((entry, same))
            differs = differs or changes
        if not differs:
            return None
        readings = []
        for entry, same in alternatives:
            if same is not None:  # the same outcome as the chosen reading: summarise it now
                entry["outcomes"] = _summary(self.chosen if same is self.run
                                             else group(self.pos, same, False, self.worded_if))
            if entry["status"] != "history-impossible" or entry["chosen"]:
                readings.append(entry)
        reason = PRESET_REASONS.get(self.pos.preset, {}).get(spec.name)
        why = _(reason) if reason else reason
        preset = PRESETS.get(self.pos.preset)
        if spec.name in self.pos.overrides and preset is not None and getattr(preset, spec.name, current) != current:
            # the preset's reason argues for its own reading, not for the one this table agreed
            why = _(_AGREED).format(preset=self.pos.preset)
        return {"option": spec.name, "settles": spec.settles,
                "source": cite(spec.settles) if spec.settles in RULES else None,
                "question": option_text(spec.question, self.pos.rules), "chosen": current,
                "why_chosen": why,
                "readings": readings}

    def reading(self, name: str, current: str, value: str,
                entry: dict[str, Any]) -> tuple[Optional[Run], bool]:
        """Fill ``entry`` for the reading ``value`` of ``name``; return the run whose outcome is
        the chosen one's (summarised later, if the question is shown) or None, and whether this
        reading may change the outcome."""
        if value == current:
            entry["status"] = "ruling"
            entry["outcomes"] = _summary(self.chosen)
            return None, False
        may_differ = self.by_reading.get(name)
        if may_differ is not None and not may_differ(current, value):
            # it plays this position step for step as the chosen reading does
            entry["status"] = "ruling"
            return self.run, False
        other: Optional[Rules] = None
        try:
            other = _with_option(self.pos.rules, name, value)
            fails = self.impossible.get(name)
            if fails is not None and fails(other):
                # the re-run would find no ruling: an entry dropped below, its message unread
                entry.update(status="history-impossible", message="the next decision the history writes is not open")
                return None, False
            alt = rerun_from(self.pos, self.run, name, other)
        except Unsupported as err:
            entry.update(status="not-built", message=f"the engine does not build this reading yet: {err}")
            # one that deals from places depending on play where the position's own rules fix
            # them (Q7's fresh card, layout: a 'top' given) deals other cards: it may differ
            return None, other is not None and lays_otherwise(self.pos, other)
        except Exception as err:  # a reading the engine rejects for this position
            entry.update(status="not-built", message=str(err))
            return None, False
        return self.ruled(alt, entry)

    def ruled(self, alt: Run, entry: dict[str, Any]) -> tuple[Optional[Run], bool]:
        """The re-run ``alt`` of a reading: impossible, ruled alike (its run kept) or ruled
        otherwise (its outcomes summarised, and whether they differ from the chosen ones)."""
        if not alt.leaves:
            entry.update(status="history-impossible",
                         message=best_failure(alt.failures).message if alt.failures else "no ruling")
            return None, False
        entry["status"] = "ruling"
        if self.base_fp is None:
            self.base_fp = fingerprint(self.run)
        if fingerprint(alt) == self.base_fp:
            return alt, False
        if self.base_key is None:
            self.base_key = outcome_key(self.chosen)
        outcomes = group(self.pos, alt, False, self.worded_if)
        entry["outcomes"] = _summary(outcomes)
        return None, outcome_key(outcomes) != self.base_key


def _few(outcomes: Sequence[CaseOutcome]) -> bool:
    """Are the outcomes few enough that the text a table reads says them case by case
    (render._question_lines), each with its condition?"""
    return not many(outcomes)


def rejected_readings(pos: Position) -> list[dict[str, Any]]:
    """The other readings of the open points (one option changed at a time) under which a
    history the chosen reading rejects would be valid."""
    valid = []
    for spec, reading, rules in other_readings(pos.rules, pos.preset):
        try:
            alt = run_position(pos, rules, certain=False)
        except Exception:  # a reading the engine does not build cannot make it valid
            continue
        if alt.leaves:
            valid.append({"option": spec.name, "reading": reading.value, "settles": spec.settles,
                          "source": _source(reading.source), "question": option_text(spec.question, pos.rules),
                          "text": option_text(reading.text, pos.rules)})
    return valid
