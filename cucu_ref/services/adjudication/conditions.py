"""A case's condition as a person says it (issue 24 §1): the shortest wording that is exactly
true of the case's cards, among the cards the position allows.

Where unknown cards branch over several cards, a case's cards are a union of boxes (products
of card sets) and the plain account of them is a chain ("Bruno was dealt a card from VI to X
and Carla was dealt V; or ...").  Most such unions are one plain fact about the cards: a
threshold on each card *within the cards that can happen* ("Dora was dealt II or higher"), a
threshold shared by several cards ("neither Rita's card nor Sergio's card is Secchia or
lower"), a comparison of two unknown cards ("the bottom card of the stack is lower than
Dora's card", the comparisons K15 and C3 make), or how many of them are one card ("exactly one
of Rita's card and Sergio's card is Matto").  :func:`shortest` picks, for one case, the few
such facts that together hold in exactly its cases (greedily, each fact ruling out the most
cases of the other outcomes) and keeps the chain where no conjunction of them is exact.  Every
wording is checked against every combination of cards before it is used.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Callable, Iterable, NamedTuple, Optional, Sequence

from ...game.cards import Card

__all__ = ["Fact", "cases_of", "shortest", "noun", "MAX_CASES"]

Row = tuple[frozenset[Card], ...]
Cards = tuple[Card, ...]

# Beyond this many combinations of the unknown cards the chain is kept (the check enumerates them)
MAX_CASES = 20000


class Fact(NamedTuple):
    """One fact about the unknown cards: its words and its test on a combination of them."""

    text: str
    holds: Callable[[Cards], bool]
    rank: int  # the order facts are said in: each card's own first, then shared ones, then comparisons


def cases_of(rows: Iterable[Row]) -> set[Cards]:
    """Every combination of cards the rows (products of card sets) stand for."""
    return {combo for row in rows for combo in product(*row)}


def noun(label: str) -> str:
    """An unknown card's label as a noun: "Dora's dealt card" -> "Dora's card"."""
    for suffix in ("'s dealt card", "'s card (the highest of the three he takes, F2)"):
        if label.endswith(suffix):
            return label[: -len(suffix)] + "'s card"
    return label


def _together(nouns: Sequence[str], last: str = "and") -> str:
    return nouns[0] if len(nouns) == 1 else ", ".join(nouns[:-1]) + f" {last} {nouns[-1]}"


def _each_card(d: int, case: set[Cards], everything: set[Cards], universe: Sequence[Card],
               say: Callable[[int, Sequence[Card]], str]) -> list[Fact]:
    """Facts about card ``d`` alone: the cards it is in this case, or a threshold over them."""
    seen = {c[d] for c in case}
    possible = {c[d] for c in everything}
    if seen >= possible:
        return []
    low, high = min(c.value for c in seen), max(c.value for c in seen)
    sets = {frozenset(seen), frozenset(c for c in universe if c.value <= high),
            frozenset(c for c in universe if c.value >= low)}
    return [Fact(say(d, sorted(s, key=lambda c: -c.value)), _one_of(d, s), 0) for s in sets if s & possible != possible]


Test = Callable[[Cards], bool]


def _one_of(d: int, cards: frozenset[Card]) -> Test:
    return lambda combo: combo[d] in cards


def _none_of(group: Sequence[int], cards: frozenset[Card]) -> Test:
    return lambda combo: all(combo[d] not in cards for d in group)


def _exactly_one(group: Sequence[int], card: Card) -> Test:
    return lambda combo: sum(1 for d in group if combo[d] == card) == 1


def _pair(test: Callable[[Card, Card], bool], i: int, j: int) -> Test:
    return lambda combo: test(combo[i], combo[j])


def _shared(keys: Sequence[int], case: set[Cards], nouns: Sequence[str], universes: Sequence[Sequence[Card]],
            name_set: Callable[[Sequence[Card], Sequence[Card]], str]) -> list[Fact]:
    """Facts that several cards share: none of them is (one card, or a threshold), or how many of
    them are one card."""
    out = []
    for size in range(2, len(keys) + 1):
        for group in combinations(keys, size):
            who = [nouns[d] for d in group]
            universe = sorted({c for d in group for c in universes[d]}, key=lambda c: -c.value)
            seen = {combo[d] for combo in case for d in group}
            values = {c.value for c in seen}
            barred = [frozenset(c for c in universe if c not in seen)]
            barred += [frozenset(c for c in universe if c.value < min(values)),
                       frozenset(c for c in universe if c.value > max(values))]
            for bar in barred:
                allowed = [c for c in universe if c not in bar]
                if bar and allowed:
                    subject = ("neither " + " nor ".join(who) if size == 2 else "none of " + _together(who, "and"))
                    text = min((f"{subject} is {name_set(sorted(bar, key=lambda c: -c.value), universe)}",
                                f"{_together(who)} are {'both' if size == 2 else 'all'} {name_set(allowed, universe)}"),
                               key=_alternatives)
                    out.append(Fact(text, _none_of(group, bar), 1))
            for card in seen:
                counts = {sum(1 for d in group if combo[d] == card) for combo in case}
                if counts == {1}:
                    text = f"exactly one of {_together(who, 'and')} is {name_set([card], universe)}"
                    out.append(Fact(text, _exactly_one(group, card), 1))
    return out


def _alternatives(text: str) -> int:
    """How many 'or's a wording joins beyond a threshold's ('Secchia or lower'): the fewer, the
    plainer ('none of them is Secchia or lower' before 'all are Nulla or higher or Matto')."""
    return text.replace(" or lower", "").replace(" or higher", "").count(" or ")


_COMPARE: dict[str, tuple[Callable[[Card, Card], bool], str]] = {
    "lower": (lambda a, b: a.value < b.value, "{a} is lower than {b}"),
    "higher": (lambda a, b: a.value > b.value, "{a} is higher than {b}"),
    "same": (lambda a, b: a.value == b.value, "{a} is the same card as {b}"),
    "not-higher": (lambda a, b: a.value <= b.value, "{a} is not higher than {b}"),
    "not-lower": (lambda a, b: a.value >= b.value, "{a} is not lower than {b}"),
    "other": (lambda a, b: a.value != b.value, "{a} is not the same card as {b}"),
}


def _compared(keys: Sequence[int], case: set[Cards], nouns: Sequence[str]) -> list[Fact]:
    """Comparisons of two unknown cards that hold in every combination of the case."""
    out = []
    for i, j in combinations(keys, 2):
        for test, words in _COMPARE.values():
            if all(test(combo[i], combo[j]) for combo in case):
                out.append(Fact(words.format(a=nouns[i], b=nouns[j]), _pair(test, i, j), 2))
    return out


def _cover(case: set[Cards], everything: set[Cards], facts: list[Fact]) -> Optional[list[Fact]]:
    """The few facts that hold in exactly ``case`` within ``everything``: greedily the fact that
    rules out the most other combinations (the shorter on a tie), then each fact the others make
    needless left out; None where no conjunction of ``facts`` is exact."""
    rest = everything - case
    chosen: list[Fact] = []
    while rest:
        best = max(facts, key=lambda f: (sum(1 for c in rest if not f.holds(c)), -len(f.text)), default=None)
        if best is None or all(best.holds(c) for c in rest):
            return None
        chosen.append(best)
        rest = {c for c in rest if best.holds(c)}
    for fact in list(chosen):
        others = [f for f in chosen if f is not fact]
        if others and all(any(not f.holds(c) for f in others) for c in everything - case):
            chosen = others
    return sorted(chosen, key=lambda f: f.rank)


def exact(facts: Sequence[Fact], case: set[Cards], everything: set[Cards]) -> bool:
    """Whether the facts together hold in exactly the case's combinations."""
    return all(all(f.holds(c) for f in facts) == (c in case) for c in everything)


def shortest(cases: Sequence[set[Cards]], chains: Sequence[str], labels: Sequence[str],
             universes: Sequence[Sequence[Card]], say: Callable[[int, Sequence[Card]], str],
             name_set: Callable[[Sequence[Card], Sequence[Card]], str]) -> list[str]:
    """Each case's condition: the shortest conjunction of facts exactly true of its cards where
    its chain has alternatives ('; or') and the facts say it in fewer words; else the chain.
    ``say(d, cards)``: card ``d`` is one of ``cards`` ('Dora was dealt II or higher');
    ``name_set(cards, universe)``: the cards as a range ('Secchia or lower')."""
    everything = set().union(*cases) if cases else set()
    if len(everything) > MAX_CASES:
        return list(chains)
    keys = range(len(labels))
    nouns = [noun(label) for label in labels]
    out = []
    for case, chain in zip(cases, chains):
        if "; or " not in chain:
            out.append(chain)
            continue
        facts = [f for d in keys for f in _each_card(d, case, everything, universes[d], say)]
        facts += _shared(keys, case, nouns, universes, name_set) + _compared(keys, case, nouns)
        facts = [f for f in facts if all(f.holds(c) for c in case)]
        chosen = _cover(case, everything, facts)
        text = " and ".join(f.text for f in chosen) if chosen else ""
        out.append(text if chosen and exact(chosen, case, everything) and len(text) < len(chain) else chain)
    return out
