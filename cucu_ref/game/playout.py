"""Seeded random playouts: every decision drawn uniformly from the legal ones.

Used by the tests (OpenSpiel-style random games) and the benchmarks.  All
randomness comes from the ``seed`` argument.  Where nobody reads the events or the states
between the steps (:func:`play_deal`, :func:`play_match`) the deal is played by
:func:`~cucu_ref.game.engine.play_out`, which builds neither; :func:`trajectory` hands each
step's state and events on.
"""

from __future__ import annotations

import random
from typing import Callable, Iterator, Optional

from .engine import Seen, is_chance, legal_actions, play_out, shuffled_stack, step
from .state import Action, ActionKind, Event, Phase, State

__all__ = ["random_action", "play_deal", "play_match", "trajectory"]


def random_action(state: Seen, rng: random.Random) -> Action:
    """A uniformly random legal action, or a random shuffle at a chance node (``state``: a
    State, or the table :func:`~cucu_ref.game.engine.play_out` hands its policy)."""
    if is_chance(state):
        return Action(ActionKind.SHUFFLE, stack=shuffled_stack(state.rules, rng))
    actions = legal_actions(state)
    return actions[rng.randrange(len(actions))]


Step = tuple[State, Action, State, tuple[Event, ...]]


def trajectory(state: State, seed: int, max_steps: int = 100_000,
               stop: Optional[Callable[[State], bool]] = None) -> Iterator[Step]:
    """Yield (before, action, after, events) until the match ends, ``stop`` says so, or
    ``max_steps`` is reached (then RuntimeError: a match that does not end is a bug)."""
    rng = random.Random(seed)
    for _ in range(max_steps):
        if state.phase == Phase.MATCH_OVER or (stop is not None and stop(state)):
            return
        action = random_action(state, rng)
        after, events = step(state, action)
        yield state, action, after, events
        state = after
    raise RuntimeError(f"no end after {max_steps} steps (seed {seed})")


def play_deal(state: State, seed: int) -> tuple[State, int]:
    """Play one deal from a SHUFFLE state to the next SHUFFLE (or the end of the match).
    Returns the final state and the number of steps taken."""
    rng = random.Random(seed)

    def over(table: Seen, steps: int) -> bool:
        return table.phase == Phase.MATCH_OVER or (steps > 0 and table.phase == Phase.SHUFFLE)

    return play_out(state, lambda table: random_action(table, rng), over)


def play_match(state: State, seed: int, max_steps: int = 100_000) -> tuple[State, int]:
    """Play to the end of the match; return the final state and the number of steps.  The
    same decisions as :func:`trajectory` with the same seed, played without events."""
    rng = random.Random(seed)
    return play_out(state, lambda table: random_action(table, rng),
                    lambda table, steps: table.phase == Phase.MATCH_OVER, max_steps)
