"""Issue 24 §5 (stop 46): the wording's space keeps only the points some case reaches.

The natural Coucou positions of 5 and 6 players with four cards unshown were the last over 1 s: the
other reading of Q16 ('the bottom card, or the next if a king') has six unknown cards whose atoms
make 175,616 points, of which its cases reach 69,833, and every pass over a bit set costs by its
length.  conditions._Space now drops the points no case reaches (_Space._drop): each bit set of the
atoms, the cases and the comparisons is the whole product's with those points left out, in order.
Every fact is judged only within the points reached; the one choice that told points of the whole
product apart, the cuts the search tries in turn (conditions._cuts, _by_cuts: two cuts that differ
only at points no case reaches were two tries), still tells them apart there.  The words are the
same, dropped or not."""

from __future__ import annotations

import io
import json
from contextlib import contextmanager, redirect_stdout
from typing import Iterator

import pytest
from hypothesis import given, strategies as st

from cucu_ref.cli.adjudicate import main
from cucu_ref.game.cards import Card
from cucu_ref.services.adjudication import conditions
from natural_positions import natural_deal

V = {value: Card("cuccu", value) for value in range(-4, 16)}


@contextmanager
def dropping(always: bool) -> Iterator[None]:
    """Every space drops the points no case reaches (``always``), or none does."""
    before = conditions._DROPPED_FROM, conditions._DROPPED_BELOW
    conditions._DROPPED_FROM, conditions._DROPPED_BELOW = (0, 2.0) if always else (1 << 60, 0.0)
    conditions._SPACES.clear()
    try:
        yield
    finally:
        conditions._DROPPED_FROM, conditions._DROPPED_BELOW = before
        conditions._SPACES.clear()


def kept(whole: conditions._Space, mask: int) -> int:
    """``mask`` of the whole product at the points some case reaches only, in their order."""
    points = [p for p in range(whole.size) if whole.everything >> p & 1]
    return sum(1 << k for k, p in enumerate(points) if mask >> p & 1)


@st.composite
def spaces(draw: st.DrawFn) -> list[tuple[frozenset[Card], ...]]:
    """Three unknown cards, a few boxes of them (C1's two copies of a card: some combinations
    reached by no box)."""
    universe = [V[v] for v in draw(st.sets(st.sampled_from(sorted(V)), min_size=2, max_size=6))]
    return [tuple(frozenset(draw(st.sets(st.sampled_from(universe), min_size=1, max_size=3))) for _ in range(3))
            for _ in range(draw(st.integers(1, 4)))]


@given(spaces())
def test_a_space_keeps_the_points_reached_in_their_order(boxes: list[tuple[frozenset[Card], ...]]) -> None:
    """Each atom's points, the cases', the comparisons' are the whole product's at the points
    reached, in order, and each point's atoms are those of the point it was."""
    with dropping(True):
        space = conditions._Space([boxes[:1], boxes[1:]], 3)
    whole = space.whole
    assert whole is not None and whole.digits is None
    assert space.everything == space.all == kept(whole, whole.everything)
    assert space.size == whole.size and space.points == whole.everything.bit_count()
    for d in range(3):
        assert {a: kept(whole, m) for a, m in whole.at[d].items()} == space.at[d]
    assert [kept(whole, m) for m in whole.cases] == space.cases
    assert {pair: {a: kept(whole, m) for a, m in answers.items()} for pair, answers in whole.pairs.items()} == \
        space.pairs
    points = [p for p in range(whole.size) if whole.everything >> p & 1]
    assert [[space.atom_at(d, k) for d in range(3)] for k in range(space.points)] == \
        [[whole.atom_at(d, p) for d in range(3)] for p in points]
    assert [combo for _, combo in space.reached()] == [combo for _, combo in whole.reached()]


def test_the_cuts_are_told_apart_on_the_whole_product() -> None:
    """Anna's and Bruno's cards are V and VII, one each: at the two points reached, 'Anna's is VII',
    'Bruno's is V' and 'Anna's is higher than Bruno's' are one set, on the whole product three (and
    so on): eight cuts to try in turn, as before the points were dropped, not two."""
    five, seven = frozenset([V[5]]), frozenset([V[7]])
    with dropping(True):
        space = conditions._Space([[(five, seven)], [(seven, five)]], 2)
    whole = space.whole
    assert whole is not None and space.points == 2
    assert len(conditions._cuts(whole)) == 8
    assert conditions._cuts(space) == [kept(whole, c) for c in conditions._cuts(whole)]
    assert len(set(conditions._cuts(space))) == 2


DEALS = [("coucou", 5, 2547704717, 4), ("coucou", 6, 41, 3), ("campli", 4, 5, 3), ("zeh-1769", 6, 3, 3),
         ("lu-stu", 8, 7, 3), ("digital-4p", 4, 2779397249, 3)]


@pytest.mark.parametrize("deal", DEALS, ids=lambda deal: "-".join(map(str, deal)))
def test_dropping_the_points_changes_no_words(tmp_path, deal: tuple[str, int, int, int]) -> None:
    """Each case's condition (--steps) and the JSON ruling, every space dropped to the points some
    case reaches, and none: byte for byte the same (the first, Coucou 5p seed 2547704717, drops
    its other reading's space by itself: 69,833 of 175,616 points)."""
    preset, players, seed, unshown = deal
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(natural_deal(preset, players, seed, unshown=unshown)[0]), encoding="utf-8")
    said = []
    for always in (True, False):
        with dropping(always):
            for mode in (["--steps"], ["--format", "json"]):
                out = io.StringIO()
                with redirect_stdout(out):
                    main([str(path), *mode])
                said.append(out.getvalue())
    assert said[:2] == said[2:]
    assert " if " in said[0]  # (conditions said)
