"""Two small helpers for the documentation's worked examples (loaded into every doctest).

They only arrange input and print output; every rule is applied by the engine.
"""

from __future__ import annotations

from typing import Optional, Sequence

from cucu_ref import Action, Rules, State, step
from cucu_ref.game.cards import PACKS
from cucu_ref.game.state import Event

__all__ = ["stack_dealing", "tell", "act"]


def stack_dealing(rules: Rules, *tokens: str) -> tuple:
    """A whole shuffled stack (top first) from which the cards ``tokens`` are drawn in
    the order given: from the bottom where the ruleset deals from the bottom (K4), from
    the top where it deals from the top (L2).  The other cards keep the pack's order."""
    pack = PACKS[rules.pack]
    drawn = [pack.parse(token) for token in tokens]
    rest = list(pack.cards)
    for card in drawn:
        rest.remove(card)
    if rules.deal_from == "top":
        return tuple(drawn) + tuple(rest)
    return tuple(rest) + tuple(reversed(drawn))


def tell(state: State, events: Sequence[Event]) -> None:
    """Print one line per event: its rule ID, its kind, the seats by name, card, amount."""
    for event in events:
        parts = [f"{event.rule:<5}", f"{event.kind:<20}"]
        if event.seat is not None:
            parts.append(state.players[event.seat])
        if event.other is not None:
            parts.append(f"(other: {state.players[event.other]})")
        if event.card is not None:
            parts.append(str(event.card))
        if event.amount:
            parts.append(f"amount={event.amount}")
        print(" ".join(parts).rstrip())


def act(state: State, kind: str, seat: Optional[int] = None, stack: Optional[tuple] = None) -> State:
    """Apply one action with :func:`cucu_ref.step`, print its events, return the new state."""
    state, events = step(state, Action(kind, seat, stack))
    tell(state, events)
    return state
