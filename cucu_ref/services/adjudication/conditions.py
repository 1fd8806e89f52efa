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

import re
from itertools import combinations, product
from typing import Callable, Iterable, NamedTuple, Optional, Sequence

from ...formats.i18n import N_, gettext as _, language, ordinal
from ...game.cards import Card

__all__ = ["Fact", "cases_of", "shortest", "noun", "spoken", "MAX_CASES"]

Row = tuple[frozenset[Card], ...]
Cards = tuple[Card, ...]

# Beyond this many combinations of the unknown cards the chain is kept (the check enumerates them)
MAX_CASES = 20000
# Up to this many the chosen facts are also tested one combination at a time (beyond, their bit
# sets, built from the same combinations, decide alone; the tests enumerate every case)
MAX_CHECKED = 2000


class Fact(NamedTuple):
    """One fact about the unknown cards: its words, its test on a combination of them, and the
    combinations it holds in (a bit set over :class:`_Space`'s combinations)."""

    text: str
    holds: Callable[[Cards], bool]
    rank: int  # the order facts are said in: each card's own first, then shared ones, then comparisons
    mask: int


Test = Callable[[Cards], bool]


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


class _Space:
    """Every combination of the unknown cards the position allows, numbered, with the bit set of
    the combinations where card ``d`` is ``card`` and where two cards compare one way (a fact's
    combinations are a few unions of these: thousands of combinations cost little)."""

    def __init__(self, everything: set[Cards], width: int) -> None:
        self.combos = sorted(everything, key=lambda combo: tuple(-c.value for c in combo))
        self.all = (1 << len(self.combos)) - 1
        self.at: list[dict[Card, int]] = [{} for _ in range(width)]
        self.pairs: dict[tuple[int, int], dict[str, int]] = {
            pair: {"lower": 0, "same": 0, "higher": 0} for pair in combinations(range(width), 2)}
        for n, combo in enumerate(self.combos):
            bit = 1 << n
            for d, card in enumerate(combo):
                self.at[d][card] = self.at[d].get(card, 0) | bit
            for (i, j), masks in self.pairs.items():
                a, b = combo[i].value, combo[j].value
                masks["lower" if a < b else "same" if a == b else "higher"] |= bit

    def mask(self, combos: set[Cards]) -> int:
        out = 0
        for n, combo in enumerate(self.combos):
            if combo in combos:
                out |= 1 << n
        return out

    def one_of(self, d: int, cards: Iterable[Card]) -> int:
        out = 0
        for card in cards:
            out |= self.at[d].get(card, 0)
        return out


def _each_card(d: int, seen: set[Card], space: _Space, universe: Sequence[Card],
               say: Callable[[int, Sequence[Card]], str]) -> list[Fact]:
    """Facts about card ``d`` alone: the cards it is in this case (``seen``), or a threshold."""
    possible = set(space.at[d])
    if seen >= possible:
        return []
    low, high = min(c.value for c in seen), max(c.value for c in seen)
    sets = {frozenset(seen), frozenset(c for c in universe if c.value <= high),
            frozenset(c for c in universe if c.value >= low)}
    return [Fact(say(d, sorted(s, key=lambda c: -c.value)), _one_of(d, s), 0, space.one_of(d, s))
            for s in sets if s & possible != possible]


def _one_of(d: int, cards: frozenset[Card]) -> Test:
    return lambda combo: combo[d] in cards


def _none_of(group: Sequence[int], cards: frozenset[Card]) -> Test:
    return lambda combo: all(combo[d] not in cards for d in group)


def _exactly_one(group: Sequence[int], card: Card) -> Test:
    return lambda combo: sum(1 for d in group if combo[d] == card) == 1


def _pair(test: Callable[[Card, Card], bool], i: int, j: int) -> Test:
    return lambda combo: test(combo[i], combo[j])


def _shared(keys: Sequence[int], seen_at: Sequence[set[Card]], bits: int, nouns: Sequence[str],
            universes: Sequence[Sequence[Card]], name_set: Callable[[Sequence[Card], Sequence[Card]], str],
            space: _Space) -> list[Fact]:
    """Facts that several cards share in this case (``bits``; ``seen_at``: the cards each is in
    it): none of them is (one card, or a threshold), or how many of them are one card."""
    out = []
    for size in range(2, len(keys) + 1):
        for group in combinations(keys, size):
            who = [nouns[d] for d in group]
            universe = sorted({c for d in group for c in universes[d]}, key=lambda c: -c.value)
            seen = set().union(*(seen_at[d] for d in group))
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
                    hit = 0
                    for d in group:
                        hit |= space.one_of(d, bar)
                    out.append(Fact(text, _none_of(group, bar), 1, space.all & ~hit))
            for card in seen:
                once = twice = 0
                for d in group:
                    m = space.at[d].get(card, 0)
                    twice |= once & m
                    once |= m
                if (once & ~twice) & bits != bits:
                    continue
                text = f"exactly one of {_together(who, 'and')} is {name_set([card], universe)}"
                out.append(Fact(text, _exactly_one(group, card), 1, once & ~twice))
    return out


def _lone_fool(keys: Sequence[int], space: _Space, fool: Optional[Card], known: Optional[int]) -> list[Fact]:
    """'there is a lone fool' and 'there is no lone fool' (C3, K15: 'wenn nur einer der beiden
    Narren im Spiel ist', the single fool ranks with the lowest card and its holder loses too):
    the fools in play are the ``known`` ones (outside the unknown cards) and those among the
    unknown cards; None (no fact) where the pack has no fool or the known ones are not known."""
    if fool is None or known is None or known > 1:
        return []
    once = twice = 0
    for d in keys:
        m = space.at[d].get(fool, 0)
        twice |= once & m
        once |= m
    lone = once & ~twice if known == 0 else space.all & ~once  # (the pack holds two, C1)

    def lone_in(combo: Cards) -> bool:
        return known + sum(1 for d in keys if combo[d] == fool) == 1

    return [Fact("there is a lone fool", lone_in, 1, lone),
            Fact("there is no lone fool", lambda combo: not lone_in(combo), 1, space.all & ~lone)]


def _alternatives(text: str) -> int:
    """How many 'or's a wording joins beyond a threshold's ('Secchia or lower'): the fewer, the
    plainer ('none of them is Secchia or lower' before 'all are Nulla or higher or Matto')."""
    # ('none of them is anything but ...' is a double negative: counted as worse than any)
    return text.replace(" or lower", "").replace(" or higher", "").count(" or ") + 9 * (" is anything but " in text)


_COMPARE: dict[str, tuple[Callable[[Card, Card], bool], str, tuple[str, ...]]] = {
    "lower": (lambda a, b: a.value < b.value, "{a} is lower than {b}", ("lower",)),
    "higher": (lambda a, b: a.value > b.value, "{a} is higher than {b}", ("higher",)),
    "same": (lambda a, b: a.value == b.value, "{a} ranks the same as {b}", ("same",)),
    "not-higher": (lambda a, b: a.value <= b.value, "{a} is not higher than {b}", ("lower", "same")),
    "not-lower": (lambda a, b: a.value >= b.value, "{a} is not lower than {b}", ("higher", "same")),
    "other": (lambda a, b: a.value != b.value, "{a} does not rank the same as {b}", ("lower", "higher")),
}


def _compared(keys: Sequence[int], nouns: Sequence[str], space: _Space) -> list[Fact]:
    """Comparisons of two unknown cards (K15's and C3's comparisons said as such)."""
    out = []
    for i, j in combinations(keys, 2):
        masks = space.pairs[(i, j)]
        for test, words, parts in _COMPARE.values():
            mask = 0
            for part in parts:
                mask |= masks[part]
            out.append(Fact(words.format(a=nouns[i], b=nouns[j]), _pair(test, i, j), 2, mask))
    return out


def _cover(case: int, everything: int, facts: list[Fact], within: Optional[int] = None) -> Optional[list[Fact]]:
    """The few facts that hold in exactly ``case`` (bit sets) within ``everything`` (in ``case``
    and nowhere outside ``within``, where given: one part of a case said in two ways): greedily the
    fact that rules out the most other combinations (the shorter on a tie), then each fact the
    others make needless left out; None where no conjunction of ``facts`` is exact."""
    bound = case if within is None else within
    rest = everything & ~bound
    chosen: list[Fact] = []
    while rest:
        best = max(facts, key=lambda f: ((rest & ~f.mask).bit_count(), -len(f.text)), default=None)
        if best is None or not rest & ~best.mask:
            return None
        chosen.append(best)
        rest &= best.mask
    for fact in list(chosen):
        others = [f for f in chosen if f is not fact]
        if others and _together_mask(others, everything) & ~bound == 0:
            chosen = others
    return sorted(chosen, key=lambda f: f.rank)


def _together_mask(facts: Sequence[Fact], everything: int) -> int:
    out = everything
    for f in facts:
        out &= f.mask
    return out


def exact(ways: Sequence[Sequence[Fact]], case: set[Cards], everything: set[Cards]) -> bool:
    """Whether the ways (each a conjunction of facts) hold in exactly the case's combinations:
    each fact's own test on every combination (apart from the bit sets the facts were chosen by)."""
    return all(any(all(f.holds(c) for f in way) for way in ways) == (c in case) for c in everything)


def _facts(bits: int, space: _Space, keys: Sequence[int], nouns: Sequence[str], universes: Sequence[Sequence[Card]],
           say: Callable[[int, Sequence[Card]], str], name_set: Callable[[Sequence[Card], Sequence[Card]], str],
           compared: list[Fact]) -> list[Fact]:
    """The facts that hold in every combination of ``bits`` (``compared``: the comparisons and
    the other facts that do not depend on the case)."""
    seen_at = [{card for card, m in space.at[d].items() if m & bits} for d in keys]
    facts = [f for d in keys for f in _each_card(d, seen_at[d], space, universes[d], say)]
    facts += _shared(keys, seen_at, bits, nouns, universes, name_set, space) + compared
    return [f for f in facts if f.mask & bits == bits]


def _ways(bits: int, space: _Space, facts_of: Callable[[int], list[Fact]]) -> Optional[list[list[Fact]]]:
    """The case in one conjunction of facts, else in two, split on a card being the fool (C3: a
    lone fool and a pair of fools rank apart from the other cards, so a comparison of cards holds
    but for the fools); None where neither is exact."""
    one = _cover(bits, space.all, facts_of(bits))
    if one is not None:
        return [one]
    best: Optional[list[list[Fact]]] = None
    for at in space.at:
        for card, m in at.items():
            part = bits & m
            if not card.is_fool or part in (0, bits):
                continue
            ways = [_cover(p, space.all, facts_of(p), within=bits) for p in (part, bits & ~part)]
            if all(w is not None for w in ways):
                found = [w for w in ways if w is not None]
                if best is None or _length(found) < _length(best):
                    best = found
    return best


def _length(ways: Sequence[Sequence[Fact]]) -> int:
    return len(_said(ways))


def _said(ways: Sequence[Sequence[Fact]]) -> str:
    return "; or ".join(" and ".join(f.text for f in way) for way in ways)


def shortest(cases: Sequence[set[Cards]], chains: Sequence[str], labels: Sequence[str],
             universes: Sequence[Sequence[Card]], say: Callable[[int, Sequence[Card]], str],
             name_set: Callable[[Sequence[Card], Sequence[Card]], str],
             fools: Optional[int] = None) -> list[str]:
    """Each case's condition: the shortest conjunction of facts exactly true of its cards where
    its chain has alternatives ('; or') and the facts say it in fewer words; else the chain.
    ``say(d, cards)``: card ``d`` is one of ``cards`` ('Dora was dealt II or higher');
    ``name_set(cards, universe)``: the cards as a range ('Secchia or lower'); ``fools``: the
    fools in play outside the unknown cards, where the same in every case (None: not known, or
    a pack without fools), for 'there is no lone fool' (C3)."""
    if not any("; or " in chain for chain in chains):
        return list(chains)
    everything = set().union(*cases) if cases else set()
    if len(everything) > MAX_CASES:
        return list(chains)
    keys = range(len(labels))
    nouns = [noun(label) for label in labels]
    space = _Space(everything, len(labels))
    fool = next((c for u in universes for c in u if c.is_fool), None)
    compared = _compared(keys, nouns, space) + _lone_fool(keys, space, fool, fools)
    out = []
    for case, chain in zip(cases, chains):
        if "; or " not in chain:
            out.append(chain)
            continue
        bits = space.mask(case)
        ways = _ways(bits, space, lambda part: _facts(part, space, keys, nouns, universes, say, name_set, compared))
        text = _said(ways) if ways else ""
        # (each fact's own test on every combination as well, where they are few enough to be cheap)
        checked = len(everything) > MAX_CHECKED or exact(ways or [], case, everything)
        out.append(text if ways and len(text) < len(chain) and checked else chain)
    return out


# --------------------------------------------------------------------------- in the ruling's language

# A condition is chosen in English (its length and its 'or's decide which wording is plainest, the
# same choice in every language) and then said in the ruling's language (issue 30), phrase by
# phrase: the labels of unknown cards, the sets of cards, the facts, then the words that join
# them.  (English pattern, message), in the order they apply; a name or a card is one word.
_W = r"[^\s,;()]+"
_SPOKEN: tuple[tuple[str, str], ...] = (
    (rf"(?P<player>{_W})'s card \(the highest of the three he takes, F2\)",
     N_("{player}'s card (the highest of the three he takes, F2)")),
    (rf"(?P<player>{_W})'s higher discard under the talon \(F2\)",
     N_("{player}'s higher discard under the talon (F2)")),
    (rf"(?P<player>{_W})'s lower discard under the talon \(F2\)",
     N_("{player}'s lower discard under the talon (F2)")),
    (rf"(?P<player>{_W})'s dealt card", N_("{player}'s dealt card")),
    (rf"(?P<player>{_W})'s card", N_("{player}'s card")),
    (r"the bottom card of the stack above the dealer's discards", N_("the bottom card of the stack above the dealer's "
                                                                     "discards")),
    # a place that depends on play (L10, F4, Q7; layout._play_dependent): its ordinal in the language
    (r"the (?P<ordinal>\d+(?:st|nd|rd|th)) card from the top of the stack as shuffled",
     N_("the {ordinal} card from the top of the stack as shuffled")),
    (r"the (?P<ordinal>\d+(?:st|nd|rd|th)) card from the bottom of the stack as shuffled",
     N_("the {ordinal} card from the bottom of the stack as shuffled")),
    (r"the top card of the stack", N_("the top card of the stack")),
    (r"the bottom card of the stack", N_("the bottom card of the stack")),
    (rf"a card from (?P<low>{_W}) to (?P<high>{_W})", N_("a card from {low} to {high}")),
    (rf"(?P<card>{_W}) or lower", N_("{card} or lower")),
    (rf"(?P<card>{_W}) or higher", N_("{card} or higher")),
    (r"anything but the other fool", N_("anything but the other fool")),
    (rf"anything but the other (?P<card>{_W})", N_("anything but the other {card}")),
    (rf"anything but (?P<card>{_W})", N_("anything but {card}")),
    (r"any card", N_("any card")),
    (rf"(?P<player>{_W}) was dealt ", N_("{player} was dealt ")),
    (rf"(?P<player>{_W}) kept (?P<cards>.+?) \(F2\)", N_("{player} kept {cards} (F2)")),
    (r" is lower than ", N_(" is lower than ")),
    (r" is higher than ", N_(" is higher than ")),
    (r" ranks the same as ", N_(" ranks the same as ")),
    (r" is not higher than ", N_(" is not higher than ")),
    (r" is not lower than ", N_(" is not lower than ")),
    (r" does not rank the same as ", N_(" does not rank the same as ")),
    (r"there is no lone fool", N_("there is no lone fool")),
    (r"there is a lone fool", N_("there is a lone fool")),
    (r"neither (?P<a>.+?) nor (?P<b>.+?) is ", N_("neither {a} nor {b} is ")),
    (r"none of (?P<cards>.+?) is ", N_("none of {cards} is ")),
    (r"exactly one of (?P<cards>.+?) is ", N_("exactly one of {cards} is ")),
    (r" are both ", N_(" are both ")),
    (r" are all ", N_(" are all ")),
    (r" is ", N_(" is ")),
    (r"; or ", N_("; or ")),
    (r" or ", N_(" or ")),
    (r" and ", N_(" and ")),
)
_SPOKEN_PATTERNS = tuple((re.compile(pattern), message) for pattern, message in _SPOKEN)


def spoken(text: str) -> str:
    """A condition or an unknown card's label, chosen in English, in the ruling's language."""
    if language() == "en" or not text:
        return text
    out = text
    for pattern, message in _SPOKEN_PATTERNS:
        said = _(message)
        out = pattern.sub(lambda m: said.format(**_said_values(m)), out)  # noqa: B023 (used at once)
    return out


def _said_values(found: re.Match[str]) -> dict[str, str]:
    """A pattern's values as the language says them: an English ordinal ('3rd') in its form."""
    values = found.groupdict()
    if "ordinal" in values:
        values["ordinal"] = ordinal(int(values["ordinal"].rstrip("stndrh")))
    return values
