"""Random stacks for the assurance layer's samples, biased to the cards the rules are about.

Below :mod:`cucu_ref.assurance.invariants` (the property search) and
:mod:`cucu_ref.assurance.formal.crosscheck` (the model against the engine), which both draw
their deals from it; it imports only the game.
"""

from __future__ import annotations

import random

from ..game.cards import PACKS, Card
from ..game.rulesets import Rules

__all__ = ["biased_stack"]


# Cards dealt far more often than chance: the ones every rule above is about.
_FAVOURED = {"cuccu": (15, 14, 13, 12, 11, 0, -4, -1), "french": (13, 1)}


def biased_stack(rules: Rules, rng: random.Random) -> tuple[Card, ...]:
    """A full permutation of the pack whose first cards dealt (and the top card) are drawn
    with a strong bias to event cards, fools and nulla."""
    pack = PACKS[rules.pack]
    rest = list(pack.cards)
    rng.shuffle(rest)
    favoured = [c for c in rest if c.value in _FAVOURED[pack.family]]
    head: list[Card] = []
    # the first 12 cards dealt cover every hand of _random_start's tables (at most 6 players,
    # a Coucou dealer taking 3) plus the dealer's and the horse's stack cards; 70 % of them are
    # favoured, about four times their share of the pack
    for _ in range(min(12, len(rest) // 2)):
        pool = favoured if favoured and rng.random() < 0.7 else rest
        card = pool[rng.randrange(len(pool))]
        rest.remove(card)
        if card in favoured:
            favoured.remove(card)
        head.append(card)
    # dealt first from the dealing end; the top card (horse at the dealer, talon) from the head too
    if rules.deal_from == "bottom":
        return tuple([head[-1]] + rest + list(reversed(head[:-1])))
    return tuple(head + rest)
