"""The pure engine: ``step(state, action) -> (state, events)``, ``advance(state, action) ->
state`` and ``legal_actions``.

No I/O, no globals, no randomness: the shuffle is an action that carries the stack (see
:func:`~.rulebook.dealing.shuffled_stack` for a seeded one).  Every event names the rule that caused it.
Options of the ruleset steer every branch; preset names never do.

How a step works: :func:`step` checks the action against ``_legal_kinds`` (the one place
that says what the actor may do) and the phase, copies the state into a
:class:`~cucu_ref.game.rulebook.table.Table`, runs the decision's rule function, and freezes
the table into the new :class:`~cucu_ref.game.state.State`.  The rules themselves live in
:mod:`cucu_ref.game.rulebook`, one module for each part of the game as a rulebook groups them
(the deal, turn order and a turn; the cuckoo, the hunter, the horse, the cat, the inn; the
showdown; the match); each decision's function is named in that module's ``DECISIONS``.
``docs/engine.rst`` has the table of rule ID -> function.

:func:`advance` is the same step without building events, for playouts and search.

The facts the cat's undo (K13) and the way back (L8) need are the cards' custody
(``State.custody``): per seat, who held the card he holds now and how it came.  Nothing
derived from card values is kept in a State, so a caller may substitute cards in ``hands``
and ``stack`` (``State._replace``) and play on.
"""

from __future__ import annotations

from typing import Callable, Iterable, Optional, Sequence, Union

from .cards import PACKS
from .rulebook import cat, inn, match, turns
from .rulebook.dealing import is_shuffled, seat_by_draw, shuffled_stack, start_deal
from .rulebook.match import suspend_for_buy_back
from .rulebook.table import Table
from .rulebook.turn_order import turn_to
from .rulesets import Rules, table_rules
from .state import DEAL_PHASES, Action, ActionKind, Event, EventKind, Phase, State, Via, between_deals

# What the queries and the checks read: a State, or the live table of a playout (play_out), which
# has the same fields
Seen = Union[State, Table]

__all__ = [
    "IllegalActionError",
    "new_match",
    "seat_by_draw",
    "shuffled_stack",
    "step",
    "advance",
    "play_out",
    "legal_actions",
    "is_chance",
    "note_hint",
    "rule_forbidding",
    "play",
]

A = ActionKind
_EV_HINT = EventKind.HINT
# The constants the step and the queries read at every decision, bound once: on Python 3.11 a read
# of a class's attribute (``Phase.DECIDE``) is not specialised and costs about six times a
# global's (as the event kinds in the rulebook's modules)
_SHUFFLE, _DECIDE, _MATCH_OVER = Phase.SHUFFLE, Phase.DECIDE, Phase.MATCH_OVER
_KEEP, _SHUFFLE_ACTION = A.KEEP, A.SHUFFLE
_DEALT = Via.DEALT


class IllegalActionError(ValueError):
    """An action the rules do not allow in this state; names the rule."""

    def __init__(self, message: str, rule: str):
        super().__init__(f"{message} [{rule}]")
        self.rule = rule
        self.reason = message


# --------------------------------------------------------------------------- set-up


def new_match(rules: Rules, players: Sequence[str], dealer: int = 0) -> State:
    """A match about to begin: everybody has paid the stake and holds the starting marks (K1)."""
    n = len(players)
    if not rules.min_players <= n <= rules.max_players:
        raise ValueError(f"{rules.name} is played by {rules.min_players} to {rules.max_players} players, not {n}")
    if len(set(players)) != n:
        raise ValueError("player names must be distinct")
    if not 0 <= dealer < n:
        raise ValueError(f"dealer seat {dealer} is not at the table")
    rules = table_rules(rules, n)  # F1's piquet pack below seven, L5's pack without fools
    return between_deals(rules, tuple(players), (rules.initial_marks,) * n, (True,) * n, dealer, rules.stake * n)


# --------------------------------------------------------------------------- queries


def is_chance(state: Seen) -> bool:
    """True when the next action is the shuffle (chance), not a player's decision."""
    return state.phase == _SHUFFLE


def legal_actions(state: Seen) -> tuple[Action, ...]:
    """Every legal decision now.  Empty for a chance node (see :func:`is_chance`) and
    at the end of the match.  The tuples are shared constants: equal decisions are one value."""
    kinds = _legal_kinds(state)
    if not kinds:
        return ()
    by_seat = _ACTIONS[kinds]
    seat = state.actor
    assert seat is not None  # a phase with decisions has an actor
    return by_seat[seat] if seat < len(by_seat) else tuple(Action(kind, seat) for kind in kinds)


# The decisions, by phase and kind, gathered from the rulebook's modules: a turn's (keep,
# offer, the dealer's stack; Q9's answer), the way back's (L8), the inn's (K14, L7), the
# buy-back's (K17, L11).  step() runs the one an action names once _legal_kinds admits it.
_DECISIONS: dict[str, dict[str, Callable[[Table], None]]] = {
    **turns.DECISIONS, **cat.DECISIONS, **inn.DECISIONS, **match.DECISIONS,
}
# The rule that says whose decision it is, by phase (rule_forbidding)
_WHOSE_TURN: dict[str, Callable[[Rules], str]] = {
    **turns.WHOSE_TURN, **cat.WHOSE_TURN, **inn.WHOSE_TURN, **match.WHOSE_TURN,
}

_KEEP_ONLY = (A.KEEP,)
_KEEP_OR_OFFER = (A.KEEP, A.OFFER)
_KEEP_OR_STACK = (A.KEEP, A.EXCHANGE_WITH_STACK)
# The kinds of decision open in each phase but DECIDE (whose are _legal_kinds's to say)
_PHASE_KINDS: dict[str, tuple[str, ...]] = {
    phase: tuple(by_kind) for phase, by_kind in _DECISIONS.items() if phase != Phase.DECIDE
}
# The actions of each tuple of kinds, for every seat a pack can seat (its size less two, the
# players' limit of Rules.problems): legal_actions answers from this table.
_ACTIONS: dict[tuple[str, ...], tuple[tuple[Action, ...], ...]] = {
    kinds: tuple(tuple(Action(kind, seat) for kind in kinds) for seat in range(max(p.size for p in PACKS.values())))
    for kinds in (_KEEP_ONLY, _KEEP_OR_OFFER, _KEEP_OR_STACK, *_PHASE_KINDS.values())
}


def _legal_kinds(state: Seen) -> tuple[str, ...]:
    """The kinds of decision the actor may take now: the single place the rules of whose
    decision it is are written (``legal_actions`` and ``step`` both ask it)."""
    if state.phase != _DECIDE:
        return _PHASE_KINDS.get(state.phase, ())
    deal = state.deal  # (its rules and dealer read from the part: a State's own properties cost more)
    rules, seat = deal.rules, state.actor
    assert seat is not None
    received = state.custody[seat][-1][1] != _DEALT
    if received and rules.may_offer_after_receiving == "no":
        return _KEEP_ONLY  # R2: no player may exchange more than once
    if seat == deal.dealer:
        if rules.dealer_exchange == "none" or (
            rules.dealer_exchange == "talon-top-if-received-ace"
            and not (received and state.hands[seat].value == 1)  # type: ignore[union-attr]  # A4: after an ace
        ):
            return _KEEP_ONLY
        return _KEEP_OR_STACK
    return _KEEP_OR_OFFER


# --------------------------------------------------------------------------- table talk


def note_hint(state: State, seat: int) -> tuple[State, tuple[Event, ...]]:
    """Z7: record that ``seat`` hinted at holding a fool.  Table talk is not a decision of
    the deal (K20), so :func:`legal_actions` never offers it; it may be noted at any point
    of a deal, and only matters where ``fool_hint = forfeits-gain``."""
    if state.phase not in DEAL_PHASES:
        raise IllegalActionError("a hint is noted during a deal", "Z7")
    if not 0 <= seat < len(state.players) or seat not in state.order:
        raise IllegalActionError(f"seat {seat} takes no part in this deal", "Z7")
    if seat in state.hinted:
        return state, ()
    return state.replace(hinted=state.hinted + (seat,)), (Event(_EV_HINT, "Z7", seat),)


# --------------------------------------------------------------------------- the step


def step(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Apply ``action``; return the new state and what happened, each event naming its rule.
    ``state`` is untouched.  An action the rules do not allow raises :class:`IllegalActionError`."""
    _check(state, action)
    t = Table(state, True)
    _play(t, action)
    return t.freeze(), tuple(t.events)  # type: ignore[arg-type]  # (a Table built with events)


def advance(state: State, action: Action) -> State:
    """:func:`step` without building events: the new state alone, for playouts and search.
    The same checks and the same rules; ``advance(s, a) == step(s, a)[0]`` always."""
    _check(state, action)
    t = Table(state, False)
    _play(t, action)
    return t.freeze()


def rule_forbidding(state: Seen, action: Optional[Action] = None) -> str:
    """The rule that forbids ``action`` now (or that says whose turn it is)."""
    rules, phase = state.rules, state.phase
    if phase == Phase.DECIDE and action is not None and state.actor is not None and action.seat == state.actor:
        received = state.custody[state.actor][-1][1] != Via.DEALT
        if action.kind in (A.OFFER, A.EXCHANGE_WITH_STACK) and received and rules.may_offer_after_receiving == "no":
            return "R2"
        if action.kind == A.OFFER and action.seat == state.dealer:
            return rules.cites("dealer-last")  # the dealer decides last: never an offer (K8, F4, S2 ...)
        if action.kind == A.EXCHANGE_WITH_STACK:
            if action.seat != state.dealer:
                return rules.cites("dealer-last")  # only the dealer goes to the stack
            return rules.cites("dealer-exchange")
    # every phase's rule is asked (not only this phase's): the adjudicator's Recorder sees
    # the options read, the same as when this was one table
    whose = {phase: rule_of(rules) for phase, rule_of in _WHOSE_TURN.items()}
    return whose.get(phase, "K5")


def _check(seen: Seen, action: Action) -> None:
    """Raise :class:`IllegalActionError`, naming the rule, unless ``action`` is a decision open
    now (or, at a chance node, a shuffle of the whole pack, C1): the one place a step's
    refusals are written (:func:`step`, :func:`advance` and :func:`play_out` all ask it)."""
    phase, kind = seen.phase, action.kind
    if phase in _DECISIONS and action.seat == seen.actor and action.stack is None and _is_open(seen, kind):
        return  # (the commonest case first: a decision open now)
    if phase == _SHUFFLE:
        if kind != _SHUFFLE_ACTION:
            raise IllegalActionError(f"the next deal must be shuffled first, not {kind!r}", "K4")
        if not is_shuffled(seen.rules, action.stack):
            pack = PACKS[seen.rules.pack]
            raise IllegalActionError(f"the shuffle must hold exactly the {pack.size} cards of {pack.name}", "C1")
        return
    if phase == _MATCH_OVER:
        raise IllegalActionError("the match is over", "K3")
    if kind == _SHUFFLE_ACTION:
        raise IllegalActionError("the deal is in progress; no shuffle now", "K4")
    if action.seat != seen.actor:
        who = seen.players[seen.actor] if seen.actor is not None else "nobody"
        raise IllegalActionError(f"it is {who}'s decision (seat {seen.actor}), not seat {action.seat}'s",
                                 rule_forbidding(seen))
    if not _is_open(seen, kind) or action.stack is not None:
        raise IllegalActionError(f"{kind!r} is not a decision open in phase {phase!r}",
                                 rule_forbidding(seen, action))


def _is_open(seen: Seen, kind: str) -> bool:
    """True when the actor may take a decision of ``kind`` now (``_legal_kinds``).  A keep in
    the turn's phase is open to every player, the dealer too (K5, K8: every tuple of
    ``_legal_kinds`` holds it), so it is admitted without asking the options that decide the
    others: the adjudicator's Recorder then sees, on a keep, only the options the keep's own
    rules read, and re-runs a position under no reading a keep never depended on."""
    if kind == _KEEP and seen.phase == _DECIDE:
        return True
    return kind in _legal_kinds(seen)


def _play(t: Table, action: Action) -> None:
    """Play ``action``, checked by :func:`_check`, on the table ``t``: a shuffle starts the
    deal (K4) and the first seat decides; a decision runs its rule function."""
    if t.phase == _SHUFFLE:
        start_deal(t, action.stack)  # type: ignore[arg-type]  # (_check: the whole pack)
        turn_to(t, 0)  # K4/K6: the first seat right of the dealer decides first
        return
    _DECISIONS[t.phase][action.kind](t)
    if t.pending:
        suspend_for_buy_back(t)  # L11: a player who went out during the deal decides at once


def play_out(state: State, choose: Callable[[Table], Action], until: Callable[[Table, int], bool],
        max_steps: int = 100_000) -> tuple[State, int]:
    """Play from ``state`` without events and without building a State between the steps, for
    playouts: ``choose(table)`` gives each action, until ``until(table, steps taken)`` is true;
    returns the state reached and the steps taken.  The table handed to both is the live
    :class:`~cucu_ref.game.rulebook.table.Table` the steps are played on, for reading only: it
    has a State's fields (``hands`` and ``custody`` as lists), and :func:`legal_actions`,
    :func:`is_chance` and :func:`rule_forbidding` take it as they take a State.  Each action is
    checked as :func:`step` checks it, and the rules are the same functions, so the state
    reached is the one the same actions reach through :func:`step`.  More than ``max_steps``
    steps: RuntimeError (a match that does not end is a bug)."""
    t = Table(state, False)
    steps = drive(t, choose, until, max_steps, _check_and_play)
    return t.freeze(), steps


def _check_and_play(t: Table, action: Action) -> None:
    _check(t, action)
    _play(t, action)


def drive(t: Table, choose: Callable[[Table], Action], until: Callable[[Table, int], bool], max_steps: int,
          play: Callable[[Table, Action], None]) -> int:
    """The loop of :func:`play_out` on the live table ``t``, each action played by ``play``
    (this module's checks and steps, or :mod:`~cucu_ref.game.compiled`'s generated ones);
    returns the steps taken."""
    steps = 0
    while not until(t, steps):
        if steps == max_steps:
            raise RuntimeError(f"no end after {max_steps} steps")
        play(t, choose(t))
        steps += 1
    return steps


def play(state: State, actions: Iterable[Action]) -> tuple[State, list[Event]]:
    """Apply several actions in turn."""
    events: list[Event] = []
    for action in actions:
        state, new = step(state, action)
        events.extend(new)
    return state, events
