"""Play the same random deals through two engines and compare them at every step.

Issue 13 (Checks): the rewritten engine must agree with the engine it replaced on at least
100,000 random deals over every preset and table sizes 2 to 20, compared on events, hands,
stack, marks and legal actions at every step.  The reference is the frozen copy in
``tests/reference/frozen_engine.py``; :func:`compare` drives both with one seeded stream and
raises :class:`Disagreement` at the first difference.

What is compared, at every step, is more than the issue asks:

* ``legal_actions`` and ``is_chance`` of the state before the step;
* the whole new :class:`~cucu_ref.game.state.State` (every field: hands, stack, marks, custody,
  virgins, dead, pot, pending buy-backs, guarantees ...) and the whole tuple of events;
* for a share of the steps, an action the rules forbid (a wrong seat, a wrong kind, a shuffle
  during the deal, a bad stack): both must refuse it with the same message and rule, and
  ``rule_forbidding`` must name the same rule;
* for a share of the deal steps, ``note_hint`` (Z7) for a random seat: same state, events or
  refusal.

Where the deals come from: matches at every (preset, table size) the preset allows, sizes
2..20, in turn, three in ten of them started from a random point of a match (oracle's
``start_deal``: some players out, some above the starting marks, random virgins and price
counters); each match also takes one option reading from the list of every (option,
reading) pair, in turn, and sometimes a second one at random, so every reading of every option
is played.  A share of the stacks is biased, with event cards and fools moved to where they are
dealt first, so rare meetings (two fools, a cat after a chain of exchanges, an inn at the
dealer) come up often.  Decisions are uniform among the legal ones, or biased towards offers.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Callable, Optional

from cucu_ref.game.cards import PACKS, Card
from cucu_ref.game.deal import start_deal
from cucu_ref.game.rulesets import OPTIONS, PRESETS, RulesetError, Rules
from cucu_ref.game.state import Action, ActionKind, Phase, State

A = ActionKind
NAMES = tuple(f"p{i}" for i in range(20))

# Readings that are new behaviour, which the frozen reference engine does not have: compared
# there they would differ by design.  Q7's 'fresh-card' (round 5): a player who buys back during
# a Lu Stù deal is dealt a new card (rulebook.match.reenter_during_deal); the frozen engine knows
# only the default, 'next-deal', which stays in the comparison.  The reading has its own tests
# (tests/rules/test_q7_buy_back_card.py).  L5's 'without_fools = yes' (issue 25: the table
# plays without the fools) is new too: the frozen engine deals the fools whatever the option;
# it has its own tests (tests/rules/test_l5_without_fools.py and the L5 vectors).  P3's
# 'not-counted' and K18's 'new-stake' (issue 28's leftover: readings once chosen silently) are new
# as well: tests/rules/test_p3_kept_life_eliminations.py, tests/rules/test_k18_restart_stake.py; and
# P4's 'continue' (the counts run on over a restart): tests/rules/test_p4_restart_counts.py.
NEW_BEHAVIOUR = frozenset({("buy_back_card", "fresh-card"), ("without_fools", "yes"),
                           ("kept_life_eliminations", "not-counted"), ("restart_stake", "new-stake"),
                           ("restart_counts", "continue")})

# Citations changed on purpose since the frozen copy (issue 29, issue 24 §2): (preset, event
# kind, the frozen engine's rule) -> today's rule.  Only the rule an event names changed; what
# happened did not.  As Qui Court's dealer meeting a king on the talon cites Coucou's F4, which
# Méry does not change (Q18), not pagat's S4: the frozen engine writes S4 itself.  (Hère's
# 'Her!', now Lebrun's H2, needs no entry: both engines read it from the ruleset's citations.)
RECITED = {
    ("as-qui-court", "stack-king", "S4"): "F4",
    # the frozen engine cites Campli's K12 for the horse at the dealer in every game; the digital
    # game's own is D4 (issue 24 §2); its dealer's own exchange with the stack cites D3
    ("digital-4p", "exchange-with-stack", "K12"): "D4",
    # everybody out in one deal, in the games whose source describes no such case: the project's
    # reading P5, whatever the reading of all_out (issue 24 §2: not the digital game's D8,
    # Campli's K18 or Zeh's Z11)
    **{(name, kind, rule): "P5" for name in ("coucou", "as-qui-court", "here", "ranter-go-round")
       for kind, rule in (("restart", "D8"), ("restart", "K18"), ("draw", "Z11"))},
}


def recited_refusal(rules: Rules, rule: Any) -> Any:
    """The frozen engine's rule for a refusal, as today's engine names it: the frozen engine
    writes Campli's K8 for the dealer's last say (an offer by the dealer, the stack taken by
    another seat) in every game; today's cites each game's own, ``dealer-last`` (F4, A4, H1,
    R2, S2; K8 where the game names none; issue 24 §4)."""
    return rules.cites("dealer-last") if rule == "K8" else rule


def _recited_outcome(rules: Rules, outcome: tuple[str, Any]) -> tuple[str, Any]:
    """An outcome of the frozen engine (:func:`_outcome`) with its rules as today's names them:
    a refusal's rule, or, where the action meant to be wrong was legal after all, its events'
    (:func:`recited`, as the step's own comparison reads them)."""
    if outcome[0] == "ok":
        after, events = outcome[1]
        return "ok", (after, recited(rules.name, events))
    if outcome[1][1] != "K8":
        return outcome
    message, rule = outcome[1]
    new = recited_refusal(rules, rule)
    return outcome[0], (message.replace(f"[{rule}]", f"[{new}]"), new)


def recited(preset_name: str, events: Any) -> Any:
    """The frozen engine's events with the rules :data:`RECITED` names changed to today's."""
    if not any((preset_name, e.kind, e.rule) in RECITED for e in events):
        return events
    return tuple(e._replace(rule=RECITED.get((preset_name, e.kind, e.rule), e.rule)) for e in events)


# every (option, reading) pair but those, in the order of OPTIONS: match k plays pair k mod len
READINGS = tuple((name, reading.value) for name, spec in OPTIONS.items() for reading in spec.readings
                 if (name, reading.value) not in NEW_BEHAVIOUR)

# (preset, players) in turn: every table size 2..20 each preset allows
TABLES = tuple((name, n) for name, rules in PRESETS.items()
               for n in range(2, 21) if rules.min_players <= n <= rules.max_players)


class Disagreement(AssertionError):
    """The two engines differ; the message says where (seed, ruleset, step) and how."""


@dataclass
class Tally:
    """What a comparison played: deals, steps, refusals compared, event kinds seen."""

    deals: int = 0
    steps: int = 0
    refusals: int = 0
    hints: int = 0
    matches: int = 0
    started_anywhere: int = 0
    event_kinds: Counter[str] = field(default_factory=Counter)
    readings: set[tuple[str, str]] = field(default_factory=set)
    tables: set[tuple[str, int]] = field(default_factory=set)


def _outcome(call: Callable[..., Any], *args: Any) -> tuple[str, Any]:
    """The result of ``call(*args)`` or the refusal it raised, in a form two engines can compare."""
    try:
        return "ok", call(*args)
    except ValueError as error:  # IllegalActionError is a ValueError; each engine has its own class
        return type(error).__name__, (str(error), getattr(error, "rule", None))


def _rules_for(k: int, rng: random.Random) -> tuple[str, int, Rules, dict[str, str]]:
    name, players = TABLES[k % len(TABLES)]
    overrides = dict([READINGS[k % len(READINGS)]])
    if rng.random() < 0.3:
        option, reading = rng.choice(READINGS)
        overrides.setdefault(option, reading)
    try:
        rules = PRESETS[name].with_options(overrides)
    except RulesetError:  # a combination the ruleset refuses: play the preset as it is
        overrides, rules = {}, PRESETS[name]
    return name, players, rules, overrides


def _anywhere(rules: Rules, players: int, rng: random.Random) -> State:
    """A deal about to be shuffled somewhere in a match: random marks (some out, some above the
    start), the virgins they allow, a dealer still in, random pot and price counters."""
    last_lives = rng.random() < 0.3  # everybody in on his last mark: K18/S6 (all out at once) comes up
    while True:
        marks = [rng.choice((0, 1) if last_lives else (0, 1, 1, 2, rules.initial_marks, rules.initial_marks + 1))
                 for _ in range(players)]
        if sum(1 for m in marks if m > 0) >= 2:
            break
    dealer = rng.choice([seat for seat, m in enumerate(marks) if m > 0])
    virgins = [m >= rules.initial_marks and rng.random() < 0.7 for m in marks]
    return start_deal(rules, NAMES[:players], marks, dealer, virgins=virgins, pot=rng.randrange(3 * players),
                      eliminations=rng.randrange(4), reentries=rng.randrange(3), deals_played=rng.randrange(9))


def _stack(rules: Rules, rng: random.Random, engine: ModuleType) -> tuple[Card, ...]:
    stack = list(engine.shuffled_stack(rules, rng))
    if rng.random() < 0.35:
        # biased: event cards and fools to where the first cards are dealt (both ends: the
        # bottom under K4, the top under L2), so they meet each other often
        special = [c for c in stack if c.value in rules.role_of or c.is_fool]
        plain = [c for c in stack if not (c.value in rules.role_of or c.is_fool)]
        rng.shuffle(special)
        cut = rng.randrange(len(special) + 1)
        stack = special[:cut] + plain + special[cut:]
    return tuple(stack)


def _illegal(state: State, rng: random.Random) -> Action:
    """An action that is (most likely) not legal now: a wrong seat, kind or stack."""
    n = len(state.players)
    kinds = [v for k, v in vars(A).items() if k.isupper()]
    pick = rng.randrange(4)
    if pick == 0:
        return Action(rng.choice(kinds), rng.randrange(-1, n + 1))
    if pick == 1:
        return Action(rng.choice(kinds), state.actor)
    if pick == 2:
        return Action(A.SHUFFLE, stack=tuple(PACKS[state.rules.pack].cards[1:]))
    return Action(A.KEEP, state.actor, stack=())


def _without_events(engine: ModuleType, state: State, action: Action) -> Optional[tuple[str, Any]]:
    """The outcome of ``engine.advance`` (the step without events, issue 26), where the engine
    has one; it must be ``step``'s state, or its refusal."""
    advance = getattr(engine, "advance", None)
    return None if advance is None else _outcome(advance, state, action)


def _diff(a: State, b: State) -> str:
    fields = [f"{name}: {x!r} != {b.as_fields()[name]!r}" for name, x in a.as_fields().items()
              if x != b.as_fields()[name]]
    return "; ".join(fields) or "(equal)"


def compare(new: ModuleType, old: ModuleType, deals: int, seed: int, max_deals_per_match: int = 12) -> Tally:
    """Play ``deals`` deals through engines ``new`` and ``old`` (modules with the engine API)
    from one seeded stream; raise :class:`Disagreement` at the first difference."""
    rng = random.Random(seed)
    tally = Tally()
    k = 0
    while tally.deals < deals:
        name, players, rules, overrides = _rules_for(k, rng)
        where = f"seed {seed}, match {k}: {name} with {overrides or 'no overrides'}, {players} players"
        k += 1
        tally.matches += 1
        tally.tables.add((name, players))
        tally.readings.update(overrides.items())
        dealer = rng.randrange(players)
        states = [engine.new_match(rules, NAMES[:players], dealer) for engine in (new, old)]
        if states[0] != states[1]:
            raise Disagreement(f"{where}: new_match differs: {_diff(*states)}")
        state = states[0]
        if rng.random() < 0.3:
            state = _anywhere(rules, players, rng)  # a match already under way (oracle's start_deal)
            tally.started_anywhere += 1
        offer_bias = rng.choice((0.0, 0.5, 0.8))
        match_deals = 0
        for step_no in range(10_000):
            at = f"{where}, step {step_no}"
            if state.phase == Phase.MATCH_OVER:
                break
            chance = [engine.is_chance(state) for engine in (new, old)]
            legal = [engine.legal_actions(state) for engine in (new, old)]
            if chance[0] != chance[1] or legal[0] != legal[1]:
                raise Disagreement(f"{at}: legal actions differ: {legal[0]} / {legal[1]} (chance {chance})")
            if rng.random() < 0.15:
                wrong = _illegal(state, rng)
                outcomes = [_outcome(engine.step, state, wrong) for engine in (new, old)]
                outcomes[1] = _recited_outcome(state.rules, outcomes[1])
                if outcomes[0] != outcomes[1]:
                    raise Disagreement(f"{at}: {wrong!r} gives {outcomes[0]} / {outcomes[1]}")
                alone = _without_events(new, state, wrong)
                stepped = ("ok", outcomes[0][1][0]) if outcomes[0][0] == "ok" else outcomes[0]
                if alone is not None and alone != stepped:
                    raise Disagreement(f"{at}: advance({wrong!r}) gives {alone}, step {outcomes[0]}")
                rules_named = [new.rule_forbidding(state, wrong),
                               recited_refusal(state.rules, old.rule_forbidding(state, wrong))]
                if rules_named[0] != rules_named[1]:
                    raise Disagreement(f"{at}: rule_forbidding({wrong!r}) is {rules_named}")
                tally.refusals += 1
            if rng.random() < 0.05:
                seat = rng.randrange(-1, players + 1)
                outcomes = [_outcome(engine.note_hint, state, seat) for engine in (new, old)]
                if outcomes[0] != outcomes[1]:
                    raise Disagreement(f"{at}: note_hint(seat {seat}) gives {outcomes[0]} / {outcomes[1]}")
                if outcomes[0][0] == "ok" and rng.random() < 0.5:
                    state = outcomes[0][1][0]  # play on from the noted hint
                tally.hints += 1
            if chance[0]:
                if match_deals == max_deals_per_match or tally.deals == deals:
                    break
                action = Action(A.SHUFFLE, stack=_stack(state.rules, rng, old))
                match_deals += 1
                tally.deals += 1
            else:
                actions = legal[0]
                offers = [a for a in actions if a.kind in (A.OFFER, A.INN_ASK, A.EXCHANGE)]
                if offers and rng.random() < offer_bias:
                    action = rng.choice(offers)
                else:
                    action = actions[rng.randrange(len(actions))]
            results = [_outcome(engine.step, state, action) for engine in (new, old)]
            if results[0][0] != "ok" or results[1][0] != "ok":
                raise Disagreement(f"{at}: {action!r} gives {results[0]} / {results[1]}")
            (after_new, events_new), (after_old, events_old) = results[0][1], results[1][1]
            alone = _without_events(new, state, action)
            if alone is not None and alone != ("ok", after_new):
                raise Disagreement(f"{at}: {action!r}: advance gives {alone}, step {after_new}")
            events_old = recited(rules.name, events_old)
            if events_new != events_old:
                raise Disagreement(f"{at}: {action!r}: events differ:\n  new {events_new}\n  old {events_old}")
            if after_new != after_old:
                raise Disagreement(f"{at}: {action!r}: states differ: {_diff(after_new, after_old)}")
            if type(events_new) is not tuple:
                raise Disagreement(f"{at}: events are a {type(events_new).__name__}, not a tuple")
            tally.event_kinds.update(e.kind for e in events_new)
            tally.steps += 1
            state = after_new
        else:
            raise Disagreement(f"{where}: no end after 10,000 steps")
    return tally


def summary(tally: Tally) -> str:
    return (f"{tally.deals} deals, {tally.steps} steps, {tally.matches} matches ({tally.started_anywhere} started "
            f"anywhere), {tally.refusals} refusals, "
            f"{tally.hints} hints, {len(tally.tables)} tables, {len(tally.readings)} readings, "
            f"{len(tally.event_kinds)} event kinds")

