"""The showdown: who loses and who gains marks, as a pure function of the live cards.

Kept apart from the engine so the adjudicator, the docs and the formal model can
ask "what does this table of cards score?" without playing a deal.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from .cards import Card
from .rulesets import Rules

__all__ = ["Showdown", "evaluate", "effective_rank", "NULLA_CARDS"]

CUCKOO_VALUE = 15
# 'zero-or-below' reading of Q12: the cards worth nothing or less (C1), the fool excluded
NULLA_CARDS = {"nulla": frozenset({0}), "zero-or-below": frozenset({0, -1, -2, -3})}


class Showdown(NamedTuple):
    """Marks lost and gained at a showdown, each with the rule that moves it."""

    ranks: tuple[tuple[int, float], ...]  # (seat, effective rank) of every live card, play order
    losers: tuple[tuple[int, str], ...]  # (seat, rule) for each mark lost
    gainers: tuple[tuple[int, str], ...]  # (seat, rule) for each mark gained
    notes: tuple[tuple[str, str], ...]  # (rule, explanation) of each step, for rulings


def effective_rank(rules: Rules, card: Card, fools_in_play: int) -> float:
    """The rank a card is compared at.  A single fool has no rank of its own (C3): it is
    handled apart, so it gets the lowest rank here."""
    if card.is_fool and fools_in_play >= 2:
        return 16.0 if rules.two_fools == "above-xv-and-gain" else 14.5
    return float(card.value)


def _pick_tied(rules: Rules, tied: Sequence[int]) -> tuple[int, ...]:
    # ``tied`` is in play order (first right of the dealer first)
    if rules.ties == "first":
        return (tied[0],)
    if rules.ties == "last":
        return (tied[-1],)
    return tuple(tied)


def evaluate(
    rules: Rules,
    live: Sequence[tuple[int, Card]],
    dead: Sequence[tuple[int, Card]] = (),
    guarantees: Sequence[tuple[int, int]] = (),
    hinted: Sequence[int] = (),
    explain: bool = True,
) -> Showdown:
    """Score the live cards ``live`` ((seat, card) in play order, the dealer last).

    ``dead`` holds the dead hands (only their fools can matter, Q4);
    ``guarantees`` the accepted inn bargains (offerer, innkeeper), K14/L7;
    ``hinted`` the fool holders who forfeited a gain (Z7);
    ``explain=False`` skips writing the notes (the engine's hot path needs only the marks).
    """
    rule = rules.showdown_rule
    notes: list[tuple[str, str]] = []
    fools_live = [s for s, c in live if c.is_fool]
    fools = len(fools_live) + (sum(1 for _, c in dead if c.is_fool) if rules.fools_in_play == "any-hand" else 0)
    ranks = tuple((s, effective_rank(rules, c, fools)) for s, c in live)
    gainers: list[tuple[int, str]] = []
    losers: list[int] = []
    fool_loser_rule = rule

    if fools >= 2 and rules.two_fools == "above-xv-and-gain":
        for s in fools_live:
            if s in hinted and rules.fool_hint == "forfeits-gain":
                if explain:
                    notes.append(("Z7", f"seat {s} hinted at his fool and gains nothing"))
            else:
                gainers.append((s, rules.cites("two-fools")))
        if explain:
            notes.append((rules.cites("two-fools"),
                          "both fools are in play: they rank above XV and each holder gains a mark"))
    elif fools >= 2:
        if explain:
            notes.append((rules.cites("two-fools"), "both fools are in play: they rank 14½, between XV and XIIII"))

    if fools == 1 and fools_live:
        # C3/K15: a single fool ranks with the lowest other card, so it always loses; L4: 'the
        # fool pays and makes pay'.  Either way the fool loses and the others are compared.
        losers.extend(fools_live)
        fool_loser_rule = rules.fool_rule
        if explain:
            notes.append((rules.fool_rule, f"a single fool is in play: seat {fools_live[0]} holding it loses"))
        compared = [(s, r) for s, r in ranks if s not in fools_live]
    else:
        compared = list(ranks)
        if fools >= 2 and rules.two_fools_alone == "exempt":
            compared = [(s, r) for s, r in compared if s not in fools_live]
            if len(compared) < len(ranks):
                if explain:
                    notes.append(("Z9", "with two fools in play the fools never lose (Q10 'exempt')"))

    if (rules.all_equal == "nobody-loses" and len(live) >= 2 and len(compared) == len(ranks)
            and len({r for _, r in ranks}) == 1):
        if explain:
            notes.append(("F5", "every live card is of the same rank: nobody loses (Q11 'nobody-loses')"))
        compared = []
    if compared:
        low = min(r for _, r in compared)
        tied = [s for s, r in compared if r == low]
        chosen = _pick_tied(rules, tied)
        losers.extend(chosen)
        if len(tied) > 1 and len(chosen) < len(tied):
            if explain:
                notes.append((
                    {"first": "L3", "last": "R4"}[rules.ties],
                    f"{len(tied)} cards tie lowest; only seat {chosen[0]} loses ({rules.ties} in play order)",
                ))
        else:
            if explain:
                notes.append((rule, f"lowest card: seat(s) {', '.join(map(str, chosen))} lose a mark"))

    cards = dict(live)
    cuckoos_live = [s for s, c in live if c.value == CUCKOO_VALUE and not c.is_fool and c.pack == "cuccu"]
    if rules.cuckoo_at_showdown == "never-loses":
        spared = [s for s in losers if s in cuckoos_live]
        if spared:
            losers = [s for s in losers if s not in cuckoos_live]
            if explain:
                notes.append(("Q3", f"a cuckoo never loses: seat(s) {', '.join(map(str, spared))} spared"))
    elif (
        rules.cuckoo_pair_exception == "yes"
        and len(live) == 2
        and len(cuckoos_live) == 2
    ):
        losers = []
        if explain:
            notes.append(("K19", "both hold a cuckoo: neither loses"))

    # K14/L7: the innkeeper pays instead of an offerer who loses with the nulla
    covered = NULLA_CARDS[rules.inn_guarantee_covers]
    paid: list[tuple[int, str]] = []
    for s in losers:
        keeper = next((k for o, k in guarantees if o == s), None)
        if keeper is not None and cards[s].pack == "cuccu" and cards[s].value in covered and not cards[s].is_fool:
            inn_rule = rules.cites("inn")
            paid.append((keeper, inn_rule))
            if explain:
                notes.append((inn_rule, f"seat {s} loses with the nulla: innkeeper seat {keeper} pays instead"))
        else:
            paid.append((s, fool_loser_rule if s in fools_live else rule))
    return Showdown(ranks, tuple(paid), tuple(gainers), tuple(notes))
