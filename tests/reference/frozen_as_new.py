"""The frozen engine (``frozen_engine.py``) as the package's engine is called: it takes and gives
the package's :class:`~cucu_ref.game.state.State` (issue 26's shape), converting each to and
from the 24-field State the frozen engine was written for (``frozen_state.py``) by the
documented field names, so the equivalence harness compares the two engines field by field
without touching the reference's logic."""

from __future__ import annotations

from typing import Any, Iterable, Optional

from cucu_ref.game.state import Action, Event, State, between_deals

from reference import frozen_engine
from reference.frozen_state import State as FrozenState

IllegalActionError = frozen_engine.IllegalActionError
shuffled_stack = frozen_engine.shuffled_stack
seat_by_draw = frozen_engine.seat_by_draw


def as_frozen(state: State) -> FrozenState:
    """``state`` in the frozen engine's shape: the same value of every documented field."""
    return FrozenState(**state.as_fields())


def as_new(old: FrozenState) -> State:
    """The frozen engine's ``old`` in the package's shape: the same value of every field."""
    fields = old._asdict()
    return between_deals(old.rules, old.players, old.marks, old.virgins, old.dealer, old.pot).replace(**fields)


def new_match(rules: Any, players: Any, dealer: int = 0) -> State:
    return as_new(frozen_engine.new_match(rules, players, dealer))


def is_chance(state: State) -> bool:
    return frozen_engine.is_chance(as_frozen(state))


def legal_actions(state: State) -> tuple[Action, ...]:
    return frozen_engine.legal_actions(as_frozen(state))


def rule_forbidding(state: State, action: Optional[Action] = None) -> str:
    return frozen_engine.rule_forbidding(as_frozen(state), action)


def step(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    after, events = frozen_engine.step(as_frozen(state), action)
    return as_new(after), events


def note_hint(state: State, seat: int) -> tuple[State, tuple[Event, ...]]:
    after, events = frozen_engine.note_hint(as_frozen(state), seat)
    return as_new(after), events


def play(state: State, actions: Iterable[Action]) -> tuple[State, list[Event]]:
    after, events = frozen_engine.play(as_frozen(state), actions)
    return as_new(after), events
