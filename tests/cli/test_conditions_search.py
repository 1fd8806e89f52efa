"""Issue 24 §5 (stop 43): the search for a case's wording made cheaper, its answers unchanged.

conditions.shortest spent most of two natural positions' time (Coucou at 16 players and Zeh at 8,
four cards unshown: 1.2 and 1.4 s) choosing facts: a cover counted what each fact rules out on the
space's bit sets at every step, and ran to its end before failing; a group's 'at least one of ...'
tried each threshold in turn.  Now a cover that cannot be exact fails after one pass over its facts
(all of them together still hold outside the case), the greedy choice recounts a fact only where
what it ruled out last may still be the most (what it rules out only shrinks), and the tightest
threshold is found by halving (each way's thresholds hold at ever more points).  Each must choose
exactly what the plain search chose: the plain search is written out here, as it stood before, and
both are asked the same random questions."""

from __future__ import annotations

from itertools import combinations
from typing import Optional

from hypothesis import event, given, strategies as st

from cucu_ref.game.cards import Card
from cucu_ref.services.adjudication import conditions
from cucu_ref.services.adjudication.conditions import Fact, _alternatives, _narrowed, _together_mask

# --------------------------------------------------------------------------- covers

WORDS = ["Anna was dealt V", "Anna was dealt V or lower", "Bruno was dealt X or higher",
         "neither Anna nor Bruno was dealt Matto", "Anna's dealt card is lower than Bruno's dealt card",
         "at least one of Anna and Bruno was dealt II or lower", "Bruno was dealt anything but V",
         "none of Anna, Bruno and Carla is Matto or XV", "Carla was dealt IIII", "there is no lone fool"]


def plain_cover(case: int, everything: int, facts: list[Fact], within: Optional[int] = None) -> Optional[list[Fact]]:
    """conditions._cover as it stood at 2a21caf: every fact counted at every step, to the end."""
    bound = case if within is None else within
    rest = everything & ~bound
    chosen: list[Fact] = []
    left = [(~(f.mask | f.unsure), -len(f.text), f) for f in facts]
    while rest:
        left = [x for x in left if rest & x[0]]
        if not left:
            return None
        counts = [(rest & out).bit_count() for out, _, _ in left]
        most = max(counts)
        out, _, best = max((x for x, n in zip(left, counts) if n == most), key=lambda x: x[1])
        chosen.append(best)
        rest &= ~out
    for fact in list(chosen):
        others = [f for f in chosen if f is not fact]
        if others and _together_mask(others, everything) & ~bound == 0:
            chosen = others
    return sorted(_narrowed(chosen, everything, bound, facts), key=lambda f: f.rank)


@st.composite
def questions(draw: st.DrawFn) -> tuple[int, int, list[Fact], Optional[int]]:
    """A space of up to 40 points, the points some case reaches, a case among them, facts with
    sure and unsure points (many alike, so that ties are common), and maybe a wider bound."""
    size = draw(st.integers(1, 40))
    points = st.integers(0, (1 << size) - 1)
    everything = draw(points) | 1
    case = draw(points) & everything
    facts = []
    for _ in range(draw(st.integers(0, 14))):
        mask = draw(st.sampled_from([case, everything, 0]) | points) | (case if draw(st.booleans()) else 0)
        unsure = draw(points) & ~mask if draw(st.integers(0, 3)) == 0 else 0
        text = draw(st.sampled_from(WORDS)) + (" and so" * draw(st.integers(0, 2)))
        facts.append(Fact(text, lambda combo: True, draw(st.integers(0, 2)), mask, unsure))
    within = (case | draw(points)) & everything if draw(st.booleans()) else None
    return case, everything, facts, within


@given(questions())
def test_a_cover_chooses_what_the_plain_search_chose(question: tuple[int, int, list[Fact], Optional[int]]) -> None:
    case, everything, facts, within = question
    got = conditions._cover(case, everything, facts, within)
    want = plain_cover(case, everything, facts, within)
    assert (got is None) == (want is None)
    if want is not None:
        assert [id(f) for f in got or []] == [id(f) for f in want]


def test_ties_go_to_the_shorter_then_the_first() -> None:
    """Two facts rule out the same points: the shorter is chosen, of equals the first (the order
    the facts came in, which decides the wording: it must not depend on the order they are counted)."""
    everything, case = 0b1111, 0b0011
    long, short, same = (Fact(text, lambda combo: True, 0, case) for text in
                         ("Bruno was dealt X or higher", "Anna was dealt V", "Dora was dealt V"))
    assert conditions._cover(case, everything, [long, short, same]) == [short]
    assert conditions._cover(case, everything, [long, same, short]) == [same]
    # (no conjunction rules out point 2: none, whatever the order)
    assert conditions._cover(case, everything, [Fact("Anna was dealt V", lambda c: True, 0, 0b0111)]) is None
    assert _alternatives("Anna was dealt V or lower") == 0 and _alternatives("Anna was dealt V or X") == 1


# --------------------------------------------------------------------------- thresholds

V = {value: Card("cuccu", value) for value in range(-4, 16)}


def plain_at_least_one(thresholds: conditions._Thresholds, values: list[int], bits: int) -> list[Fact]:
    """conditions._at_least_one as it stood at 2a21caf: each threshold tried in turn, tightest first,
    none where one card of the group meets it alone (on the bit sets)."""
    out = []
    sides = [(0, values), (1, values[::-1])]
    if len(thresholds.ranges) > 2:
        sides.append((2, [v for v in values if v in thresholds.ranges[2]]))
    for side, ordered in sides:
        if not ordered:
            continue
        loosest = thresholds.at(side, ordered[-1])
        if loosest.hit is not None and loosest.hit & bits != bits:
            continue
        for v in ordered:
            t = thresholds.at(side, v)
            if t.hit is None or t.hit & bits != bits:
                continue
            each = [thresholds.space.one_of(d, thresholds.ranges[side][v]) or 0 for d in thresholds.group]
            if t.fact is not None and not any(m & bits == bits for m in each):
                out.append(t.fact)
            break
    return out


@st.composite
def boxes_of(draw: st.DrawFn, space: conditions._Space, width: int) -> int:
    """A union of a few boxes of the space's atoms: each card in a few of its atoms."""
    bits = 0
    for _ in range(draw(st.integers(1, 3))):
        box = space.all
        for d in range(width):
            box &= sum(draw(st.sets(st.sampled_from(list(space.at[d].values())), min_size=1)))
        bits |= box
    return bits


@st.composite
def groups(draw: st.DrawFn) -> tuple[conditions._Thresholds, list[int], int]:
    """Three unknown cards whose boxes split their cards into a few atoms (so that some thresholds
    split an atom and are not said), a group of two or three of them, the values its cards are in
    a case, and the case's points."""
    width = 3
    universe = [V[v] for v in draw(st.sets(st.sampled_from(sorted(V)), min_size=2, max_size=8))]
    boxes = [tuple(frozenset(draw(st.sets(st.sampled_from(universe), min_size=1))) for _ in range(width))
             for _ in range(draw(st.integers(1, 4)))]
    space = conditions._Space([boxes], width)
    group = draw(st.sampled_from([(0, 1), (0, 2), (1, 2), (0, 1, 2)]))
    ordered = sorted(universe, key=lambda c: -c.value)
    thresholds = conditions._Thresholds(group, conditions._Said.of(["A", "B", "C"]), ordered, space,
                                        lambda cards, _universe: " or ".join(str(c) for c in cards))
    # (a case a union of boxes of atoms, so that some thresholds hold in all of it, met by one card
    # or another: each card in a few of its atoms)
    bits = draw(boxes_of(space, width))
    values = sorted({c.value for c in draw(st.sets(st.sampled_from(universe), min_size=1))})
    return thresholds, values, bits


@given(groups())
def test_the_tightest_threshold_is_the_one_tried_in_turn(
        question: tuple[conditions._Thresholds, list[int], int]) -> None:
    thresholds, values, bits = question
    space = thresholds.space
    seen = [frozenset(card for atom, m in space.at[d].items() if m & bits for card in atom) for d in thresholds.group]
    said = conditions._at_least_one(conditions._within(thresholds.sides(values), seen), bits)
    assert said == plain_at_least_one(thresholds, values, bits)
    event("said" if said else "none said")


def test_a_card_of_the_group_that_never_meets_the_threshold() -> None:
    """Anna's card or Bruno's is II or lower (each the other's X or higher), Carla's never is: the
    tightest threshold is 'II or I' for the three of them (Carla's card counts for nothing), though
    no one of them meets it alone; 'at least one of them is X or higher' Carla's card meets alone
    (her own fact says it), so it is not said."""
    low, high = frozenset([V[1], V[2]]), frozenset([V[10], V[12]])
    space = conditions._Space([[(low, high, high), (high, low, high)]], 3)
    universe = [V[12], V[10], V[2], V[1]]
    thresholds = conditions._Thresholds((0, 1, 2), conditions._Said.of(["A", "B", "C"]), universe, space,
                                        lambda cards, _universe: " or ".join(str(c) for c in cards))
    bits = space.cases[0]
    seen = [frozenset(card for atom, m in space.at[d].items() if m & bits for card in atom) for d in range(3)]
    assert seen == [low | high, low | high, high]
    said = [f.text for f in conditions._at_least_one(conditions._within(thresholds.sides([1, 2, 10, 12]), seen), bits)]
    assert said == ["at least one of A, B and C is II or I"]
    assert said == [f.text for f in plain_at_least_one(thresholds, [1, 2, 10, 12], bits)]


# --------------------------------------------------------------------------- the facts of a case (stop 44)

@st.composite
def sieved(draw: st.DrawFn) -> tuple[int, list[Fact], list[int]]:
    """A space of up to 300 points (more than a byte's, and more than a sieve's samples), facts
    whose masks are alike or nearly so (a point apart: a sample that misses it must not decide), and
    several cases asked in turn of one sieve (its points kept from one case to the next)."""
    size = draw(st.integers(1, 300))
    points = st.integers(0, (1 << size) - 1)
    base = draw(points)
    masks = st.one_of(points, st.just(base), st.builds(lambda p: base ^ (1 << p), st.integers(0, size - 1)),
                      st.just((1 << size) - 1), st.just(0))
    facts = [Fact(f"fact {k}", lambda combo: True, 2, draw(masks), draw(points) if draw(st.booleans()) else 0)
             for k in range(draw(st.integers(0, 40)))]
    cases = draw(st.lists(st.one_of(points, st.just(base), st.builds(lambda p: base & ~(1 << p),
                                                                    st.integers(0, size - 1))), min_size=1, max_size=6))
    return size, facts, cases


@given(sieved())
def test_a_sieve_keeps_the_facts_that_hold_in_the_whole_case(question: tuple[int, list[Fact], list[int]]) -> None:
    """conditions._Sieve (issue 24 §5): the facts whose mask holds every point of a case, in their
    order, as the plain test of each one finds them, for each case asked in turn of one sieve."""
    size, facts, cases = question
    sieve = conditions._Sieve(facts, size, sampled=True)
    for bits in cases:
        assert [id(f) for f in sieve.holding(bits)] == [id(f) for f in facts if f.mask & bits == bits]


def test_a_sieve_tells_points_of_one_byte_apart() -> None:
    """Two facts that differ at one point only, asked of cases at the points next to it (the
    points the sieve keeps are its own, not their byte's)."""
    facts = [Fact("a", lambda combo: True, 2, 0b1011), Fact("b", lambda combo: True, 2, 0b0111)]
    sieve = conditions._Sieve(facts, 4, sampled=True)
    assert [f.text for f in sieve.holding(0b0011)] == ["a", "b"]
    assert [f.text for f in sieve.holding(0b1000)] == ["a"]
    assert [f.text for f in sieve.holding(0b0100)] == ["b"]
    assert [f.text for f in sieve.holding(0b1100)] == []


@given(st.lists(questions(), min_size=2, max_size=4), st.data())
def test_covers_in_turn_over_the_same_facts(asked: list[tuple[int, int, list[Fact], Optional[int]]],
                                            data: st.DataObject) -> None:
    """The same facts asked of several spaces and cases in turn (conditions._rules_out keeps what
    each fact rules out of the points some case reaches, from one cover to the next: kept by the
    fact and those points, it must not answer for other points; conditions._held keeps where each
    may hold: by the fact, not by its mask, which others share): each cover as the plain search's."""
    facts = asked[0][2]
    for case, everything, _, within in asked:
        mine = data.draw(st.lists(st.sampled_from(facts), unique_by=id)) if facts else []
        for _ in range(2):
            got = conditions._cover(case, everything, mine, within)
            want = plain_cover(case, everything, mine, within)
            assert (got is None) == (want is None)
            assert [id(f) for f in got or []] == [id(f) for f in want or []]


# --------------------------------------------------------------------------- stop 45: facts untested by construction

def named(cards: list[Card], _universe: object = None) -> str:
    return " or ".join(str(c.value) for c in cards)


@st.composite
def cases_of_a_space(draw: st.DrawFn) -> tuple[conditions._Space, list[list[Card]], list[int]]:
    """Three unknown cards (two of them may be the same card: 'exactly one' and 'at least one' then
    differ) whose boxes split their cards into a few atoms, and several cases asked in turn: unions
    of boxes of atoms, and any points some case reaches (the parts a split asks of)."""
    width = 3
    universe = [V[v] for v in draw(st.sets(st.sampled_from(sorted(V)), min_size=2, max_size=6))]
    boxes = [tuple(frozenset(draw(st.sets(st.sampled_from(universe), min_size=1, max_size=3))) for _ in range(width))
             for _ in range(draw(st.integers(1, 4)))]
    space = conditions._Space([boxes], width)
    asked = []
    for _ in range(draw(st.integers(1, 5))):
        if draw(st.booleans()):
            bits = draw(st.integers(0, space.all)) & space.everything
        else:
            bits = draw(boxes_of(space, width))
        asked.append(bits or space.everything)
    return space, [sorted(universe, key=lambda c: -c.value)] * width, asked


def plain_facts(bits: int, space: conditions._Space, universes: list[list[Card]]) -> list[Fact]:
    """conditions._facts's card and group facts as they stood at b6b10ce: each one made, then
    tested on every point of the case (its thresholds 'at least one of ...' tested by their own
    search, as then)."""
    keys = range(len(universes))
    nouns = ["A", "B", "C"]
    seen_at = [frozenset(card for atom, m in space.at[d].items() if m & bits for card in atom) for d in keys]
    facts = [f for d in keys for f in conditions._each_card(d, seen_at[d], space, universes[d], lambda d, c: named(c))]
    for size in range(2, len(keys) + 1):
        for group in combinations(keys, size):
            seen = frozenset().union(*(seen_at[d] for d in group))
            nones, counts, values = conditions._group_facts(group, seen, nouns, universes, named, space, [None] * 3)
            facts += nones + [f for _, some, one in counts for f in (some, one)]
            thresholds = conditions._Thresholds(group, conditions._Said.of([nouns[d] for d in group]),
                                                conditions._universe(group, universes), space, named)
            facts += conditions._at_least_one(conditions._within(thresholds.sides(values),
                                                                 [seen_at[d] for d in group]), bits)
    return [f for f in facts if f.mask & bits == bits]


@given(cases_of_a_space())
def test_the_facts_of_a_case_are_those_that_hold_in_it(question: tuple[conditions._Space, list[list[Card]],
                                                                       list[int]]) -> None:
    """conditions._facts (issue 24 §5, stop 45): a card's fact naming every card it is in the case,
    'none of them is' the cards they are not, are said untested; 'at least one' and 'exactly one of
    them is' a card, decided by the cards each is in where that decides them: the same facts, in the
    same order, as testing each one on the case's points, for case after case of one memo."""
    space, universes, asked = question
    memo: dict[object, object] = {}
    for bits in asked:
        got = conditions._facts(bits, space, range(3), ["A", "B", "C"], universes, lambda d, c: named(c), named,
                                conditions._Sieve([], space.size), [None] * 3, memo)
        assert [f.text for f in got] == [f.text for f in plain_facts(bits, space, universes)]
        event("counts said" if any("one of" in f.text for f in got) else "no counts")


def test_a_count_of_one_card_decided_by_the_cards_each_is_in() -> None:
    """Anna's card is V, Bruno's V or X: at least one of them is V, but not always exactly one; where
    Bruno's is X or VII, at least one is V and exactly one (no test needed, none done wrong)."""
    five, ten, seven = V[5], V[10], V[7]
    space = conditions._Space([[(frozenset([five]), frozenset([five, ten]), frozenset([seven]))],
                               [(frozenset([five]), frozenset([ten, seven]), frozenset([seven]))]], 3)
    universes = [[ten, seven, five]] * 3
    for bits, want in ((space.cases[0], {"at least one of A and B is 5"}),
                       (space.cases[1], {"at least one of A and B is 5", "exactly one of A and B is 5"})):
        got = {f.text for f in conditions._facts(bits, space, range(3), ["A", "B", "C"], universes,
                                                 lambda d, c: named(c), named, conditions._Sieve([], space.size),
                                                 [None] * 3)}
        assert {t for t in got if " of A and B is 5" in t} == want


def test_kept_answers_are_each_their_own_question() -> None:
    """conditions._inside keeps each cut's points some case reaches by the cuts asked (another
    list of cuts, on the same space, has its own counts), and _together_mask keeps a case's facts'
    conjunction by the points it is within (asked within others, it answers for those)."""
    five, ten = V[5], V[10]
    space = conditions._Space([[(frozenset([five]), frozenset([five, ten]))],
                               [(frozenset([ten]), frozenset([ten]))]], 2)
    first, second = [space.all, space.at[0][frozenset([five])]], [space.at[1][frozenset([ten])]]
    assert conditions._inside(space, first) == [3, 2]
    assert conditions._inside(space, second) == [2]
    assert conditions._inside(space, first) == [3, 2]
    facts = conditions._Facts([Fact("a", lambda combo: True, 2, 0b0110), Fact("b", lambda combo: True, 2, 0b1100)])
    assert conditions._together_mask(facts, 0b1111) == 0b0100
    assert conditions._together_mask(facts, 0b1011) == 0
    assert conditions._together_mask(facts, 0b1111) == 0b0100
