# FROZEN COPY, do not edit: cucu_ref/game/state.py's State as of commit 7268ffa, the 24-field named
# tuple the frozen engine (frozen_engine.py) was written for.  Issue 26 reshaped the package's
# State into parts (deal, match, notes) and what a step changes; the frozen engine keeps the shape
# it was written for, and frozen_as_new.py converts between the two for the comparison.
# ruff: noqa
"""The frozen engine's own State: the package's before issue 26's reshape."""

from __future__ import annotations

from typing import NamedTuple, Optional

from cucu_ref.game.cards import Card
from cucu_ref.game.rulesets import Rules
from cucu_ref.game.state import Custody, Phase, Via


class State(NamedTuple):
    rules: Rules
    players: tuple[str, ...]
    marks: tuple[int, ...]
    virgins: tuple[bool, ...]  # still holding the original marks, never having lost one (K17)
    dealer: int
    pot: int
    eliminations: int  # players who went out since the match (re)started: the K17 price counter
    reentries: int  # players who bought back since the match (re)started: the L11 price counter
    deal_number: int
    phase: str
    actor: Optional[int]
    target: Optional[int]  # inn phases: the other party; decide-backward: the cat; target-decide: the offerer
    order: tuple[int, ...]  # this deal's seats in play order, the dealer last
    cursor: int  # index in ``order`` of the actor, or of the next seat to be dealt
    stack: tuple[Card, ...]  # top first
    hands: tuple[Optional[Card], ...]
    custody: tuple[Custody, ...]
    dead: tuple[bool, ...]  # put out during this deal: card not compared (K15)
    guarantees: tuple[tuple[int, int], ...]  # (offerer, innkeeper) after an accepted second offer (K14)
    hinted: tuple[int, ...]  # fool holders who hinted (Z7)
    out_this_deal: tuple[tuple[int, ...], ...]  # groups of seats going out together, in time order
    pending: tuple[tuple[int, int], ...]  # (seat, price in stakes) still to decide on buying back
    winner: Optional[int]
    # (phase, actor, target, cursor) to resume after a buy-back decided during the deal (L11)
    suspended: Optional[tuple[str, Optional[int], Optional[int], int]] = None

    @property
    def in_match(self) -> tuple[bool, ...]:
        return tuple(m > 0 for m in self.marks)

    @property
    def winners(self) -> tuple[int, ...]:
        """Who won a match that is over: the last player with marks (K3), or, when the last
        players went out together under ``all_out = joint-winners`` (S6), every seat of that
        last deal.  Empty while the match goes on."""
        if self.phase != Phase.MATCH_OVER:
            return ()
        return (self.winner,) if self.winner is not None else self.order

    @property
    def live_seats(self) -> tuple[int, ...]:
        """Seats of this deal whose cards will be compared."""
        return tuple(s for s in self.order if not self.dead[s])

    def dealt_card(self, seat: int) -> Optional[Card]:
        """The card ``seat`` holds now, if it was dealt to him and never left (or came back)."""
        path = self.custody[seat]
        return self.hands[seat] if path and path[0] == (seat, Via.DEALT) and len(path) == 1 else None
