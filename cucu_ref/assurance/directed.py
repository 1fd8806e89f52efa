"""The directed sample (issue 28): the deals of the conformance vectors, which issue 25's coverage
model (:mod:`cucu_ref.services.conformance.coverage`) aims at every situation the engine
distinguishes (each event card forwards, on the way back, at the dealer, after a skipped horse,
after an undo, on a last mark; each showdown shape; each match transition), played on the engine
so that the property suites (:func:`search`) and the lockstep machine
(:func:`cucu_ref.assurance.formal.lockstep.run_directed`) meet each of them at least once, in CI,
with nothing left to a random search's chance.

Deterministic: the vectors are data.  What the sample *reaches* is worked out from the events
the engine emits as the deals are played (:func:`reached`, by the conformance generator's own
:func:`~cucu_ref.services.conformance.generate.features`), not from the labels the vectors carry,
so a situation the engine (or a rewrite of it) no longer reaches on its vector is reported by
:func:`unreached`, and ``tests/properties/test_directed.py`` fails on it.

A row vector (``then``, issue 25: deals in a row) is played as one match: each following deal
starts from the state the engine left, with that deal's stack and decisions, so what the engine
carries from deal to deal (marks, virgins, pot, the buy-back prices, the next dealer) is what the
properties see.

Beside the vectors, :data:`READING_DEALS`: deals written by hand for readings no preset takes,
where what a reading decides cannot arise under any preset's readings (the variants they are
played under: :data:`READING_VARIANTS`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple, Optional

from ..formats.match import replay_row
from ..formats.trace import HINT, Trace, replay
from ..formats.trace import parse as parse_trace
from ..game.engine import IllegalActionError, note_hint, step
from ..game.rulesets import PRESETS, Rules, preset
from ..game.state import Action, ActionKind, Event, Phase, State
from ..services.conformance.coverage import GAPS, model
from ..services.conformance.generate import features, row_features
from ..services.conformance.vectors import Vector, input_of
from ..services.conformance.vectors import load as load_vectors
from .invariants import Finding, Property, Step, Variant
from .ledger import Ledger

__all__ = ["DirectedDeal", "vectors", "deals", "play", "played", "search", "ledger_search", "situations_of",
           "reached", "unreached", "READING_DEALS", "READING_VARIANTS"]


class DirectedDeal(NamedTuple):
    """One deal of the directed sample: its vector (``id`` or ``id then[k]``), the trace it was
    read from (its header: dealer, marks, preset), the decisions to take after the shuffle, and
    for a following deal of a row the index in the row (0 for the first)."""

    vector: str
    trace: Trace
    shuffle: Action
    actions: tuple[Action, ...]
    in_row: int


# Campli read literally on Q3 ('compared': K15 compares the XV like any card) and taking Q2's
# other reading (the dealer whose event card was targeted still decides, K8): both are Campli's
# open points.  No preset compares XV under K19's table-of-two exception, and under Campli's Q2
# every player put out during a deal leaves the card that put him out live (the targeted holder
# never acts again, K10-K14), so two XV cannot be the only live cards at a table of three.
_Q3_COMPARED_DEALER_DECIDES = preset("campli", {"cuckoo_at_showdown": "compared", "targeted_dealer_decides": "yes"})

READING_VARIANTS: tuple[Variant, ...] = (
    Variant("campli, Q3 = compared, Q2 dealer decides", _Q3_COMPARED_DEALER_DECIDES),
)

# Deals written by hand (cucu-trace/1) for the readings of READING_VARIANTS.
READING_DEALS: tuple[dict[str, Any], ...] = (
    # K19 at a table of three: Beatrice, on her last mark, offers to the dealer Chiara, who holds
    # XIIII: she is shot (K11) and out, her card dead (K15, K16); Chiara, asked last (Q2 'yes'),
    # takes the stack's bottom card (K8), the second XV.  The only live cards are Andrea's XV and
    # Chiara's: K19's 'Wenn beide einen Kuckuck halten, verliert keiner eine Marke' is a rule of
    # the table of two (§Endspiel zu zweit), so at three they tie lowest and both lose (K15)
    {"format": "cucu-trace/1", "id": "hand:campli-q3-compared-k19-at-three",
     "ruleset": {"preset": "campli", "options": {"cuckoo_at_showdown": "compared", "targeted_dealer_decides": "yes"}},
     "seats": [{"name": "Andrea", "marks": 3, "virgin": True}, {"name": "Beatrice", "marks": 1, "virgin": False},
               {"name": "Chiara", "marks": 3, "virgin": True}],
     "dealer": 2, "pot": 3, "deal": {"cards": ["XV", "5", "XIIII"], "rest": [None] * 36 + ["XV"]},
     "decisions": [{"seat": 0, "decision": "keep"}, {"seat": 1, "decision": "offer"},
                   {"seat": 2, "decision": "exchange-with-stack"}]},
)


def _hand_deals(rules: Rules) -> list[DirectedDeal]:
    """The deals of :data:`READING_DEALS` under ``rules``."""
    out = []
    for doc in READING_DEALS:
        trace, problems = parse_trace(doc)
        if trace is None or problems or trace.rules != rules:
            continue
        _, stack = trace.start()
        out.append(DirectedDeal(doc["id"], trace, Action(ActionKind.SHUFFLE, stack=stack), _decisions(trace), 0))
    return out


def vectors(rules: Rules) -> list[Vector]:
    """The conformance vectors of ``rules``' preset under its own readings, legal deals only;
    none for a ruleset that is not a preset as shipped (its readings are not the vectors')."""
    if PRESETS.get(rules.name) != rules:
        return []
    return [v for v in load_vectors() if v.preset == rules.name and not v.options and not v.illegal]


def _decisions(trace: Trace) -> tuple[Action, ...]:
    """The decisions after the shuffle as the engine accepts them (a broken engine parts from the
    recorded deal after the step that breaks it: those steps are kept); a hint (Z7, table talk,
    not a decision) is kept as an action of kind ``hint``, which :func:`play` notes."""
    return tuple(Action(s.kind, s.seat) for s in replay(trace).steps[1:])


def _row(vector: Vector) -> list[DirectedDeal]:
    doc = input_of(vector)
    traces = [t for t, _ in replay_row(doc).deals] if doc.get("then") else []
    if not traces:
        trace, problems = parse_trace(doc)
        traces = [trace] if trace is not None and not problems else []
    out = []
    for k, trace in enumerate(traces):
        actions = _decisions(trace)
        _, stack = trace.start()
        out.append(DirectedDeal(vector.id if k == 0 else f"{vector.id} then[{k - 1}]", trace,
                                Action(ActionKind.SHUFFLE, stack=stack), actions, k))
    return out


def deals(rules: Rules) -> list[DirectedDeal]:
    """Every deal of the directed sample under ``rules`` (a preset with its own readings, or a
    variant of :data:`READING_VARIANTS`), the deals of a row in their order."""
    return [d for v in vectors(rules) for d in _row(v)] + _hand_deals(rules)


def play(deal: DirectedDeal, start: State) -> Iterator[Step]:
    """``deal`` played from ``start`` (the state before its shuffle): each step as the property
    suites read it (before, action, after, events, decisions so far in this deal; a hint, Z7, is
    noted as a step of its own but is no decision).  Stops where the engine refuses a recorded
    decision (a row's carried state the engine no longer agrees with)."""
    state, deal_steps = start, 0
    for action in (deal.shuffle, *deal.actions):
        try:
            if action.kind == HINT:
                assert action.seat is not None
                after, events = note_hint(state, action.seat)
            else:
                after, events = step(state, action)
                deal_steps += 1
        except IllegalActionError:
            return
        yield state, action, after, events, deal_steps
        state = after


def _matches(rules: Rules) -> Iterator[list[DirectedDeal]]:
    """The sample grouped by vector: a row's deals together, to be played as one match."""
    group: list[DirectedDeal] = []
    for d in deals(rules):
        if d.in_row == 0 and group:
            yield group
            group = []
        group.append(d)
    if group:
        yield group


def played(rules: Rules) -> list[tuple[DirectedDeal, State, list[Step]]]:
    """Each deal of the sample with the state it starts from and its steps; a following deal of
    a row starts from the state the deal before it left (when that deal ended at a shuffle).
    Played once per process and preset (the engine does not change under a running process; the
    mutation runner gives each mutant a process of its own)."""
    if PRESETS.get(rules.name) != rules and all(v.rules != rules for v in READING_VARIANTS):
        return []
    if rules not in _PLAYED:
        _PLAYED[rules] = list(_play_all(rules))
    return _PLAYED[rules]


_PLAYED: dict[Rules, list[tuple[DirectedDeal, State, list[Step]]]] = {}


def _play_all(rules: Rules) -> Iterator[tuple[DirectedDeal, State, list[Step]]]:
    for group in _matches(rules):
        state: Optional[State] = None
        for d in group:
            if state is None or state.phase != Phase.SHUFFLE:
                if d.in_row:
                    break  # the match ended early (or the engine parted from the record): the row stops
                state = d.trace.start()[0]
            start = state
            steps = list(play(d, start))
            yield d, start, steps
            state = steps[-1][2] if steps else None


def search(prop: Property, variant: Variant) -> Finding:
    """``prop`` after every step of every deal of the directed sample of the variant's preset
    (:func:`cucu_ref.assurance.invariants.search` over the sample instead of random deals)."""
    count = steps_taken = 0
    for d, start, steps in played(variant.rules):
        count += 1
        done: list[Action] = []
        for s in steps:
            steps_taken += 1
            done.append(s[1])
            message = prop.violated(s)
            if message is not None:
                return Finding(prop.id, variant.label, prop.claimed(variant.rules), count, steps_taken, start,
                               tuple(done), f"{message} [{d.vector}]")
    return Finding(prop.id, variant.label, prop.claimed(variant.rules), count, steps_taken, None, (), None)


def ledger_search(rules: Rules) -> Optional[str]:
    """The match-level ledger (:mod:`cucu_ref.assurance.ledger`: the pot, marks, virgins, buy-back
    prices and offers, restarts and the winner kept from the events by the seeds' words) over the
    sample of ``rules``, a row's deals as one match; the first disagreement, or None.  A vector
    starts in mid-match: the ledger takes its K17/L11 counters from the vector's header."""
    ledger: Optional[Ledger] = None
    for d, start, steps in played(rules):
        if d.in_row == 0 or ledger is None:
            ledger = Ledger(start)
            ledger.gone, ledger.back = start.eliminations, start.reentries
        for before, _, after, events, _ in steps:
            try:
                ledger.follow(before, after, events)
            except AssertionError as e:
                return f"the ledger on {d.vector}: {' '.join(str(e).split())[:240]}"
    return None


def situations_of(trace: Trace, events: list[Event], final: State) -> set[str]:
    """The coverage model's situations one played deal meets (the generator's own reading of a
    deal's events: :func:`cucu_ref.services.conformance.generate.features`)."""
    return features(trace, events, final)[0]


def reached(rules: Rules) -> dict[str, str]:
    """Situation -> the first deal of the sample (vector id) that reaches it, as the engine plays
    the sample now."""
    out: dict[str, str] = {}
    row: list[State] = []
    for d, start, steps in played(rules):
        row = [start] if d.in_row == 0 else row + [start]
        if not steps:
            continue
        events = [e for s in steps for e in s[3]]
        found = situations_of(d.trace, events, steps[-1][2])
        if d.in_row:
            found |= row_features(row)
        for situation in found:
            out.setdefault(situation, d.vector)
    return out


def unreached(preset_name: str, reach: Optional[dict[str, str]] = None) -> list[str]:
    """The situations of the preset's coverage model that can arise (not in
    :data:`~cucu_ref.services.conformance.coverage.GAPS`) and no deal of the sample reaches."""
    have = reached(PRESETS[preset_name]) if reach is None else reach
    return [s for s in model(preset_name) if s not in have and (preset_name, s) not in GAPS]
