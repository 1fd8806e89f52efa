"""A showdown's boxes merged into its cases' rows (unknowns.merge_rows, issue 24 §5): a pass along
one key that merges no two rows is not made, the rest of each row found in C.  (A speed change:
the rows, their order and each card set as built, are those of every pass made in turn; this
pins them against that plain greedy merge.)"""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from cucu_ref.game.cards import Card
from cucu_ref.services.adjudication.unknowns import merge_rows

CARDS = [Card("french", v) for v in range(1, 7)]


def _every_pass(keys, given):
    """The greedy merge with every pass made: the keys in turn until none of the last n merges."""
    rows = set(given)
    n = len(keys)
    d, still = 0, 0
    while still < n and len(rows) > 1:
        merged = {}
        for full in rows:
            rest = full[:d] + full[d + 1:]
            got = merged.get(rest)
            merged[rest] = full[d] if got is None else got | full[d]
        if len(merged) < len(rows):
            rows = {rest[:d] + (vals,) + rest[d:] for rest, vals in merged.items()}
            still = 1
        else:
            still += 1
        d = (d + 1) % n
    return sorted(rows, key=lambda row: [-max(c.value for c in vals) for vals in row])


card_set = st.frozensets(st.sampled_from(CARDS), min_size=1, max_size=3)


@settings(max_examples=400, deadline=None)
@given(st.integers(1, 5).flatmap(lambda n: st.lists(st.tuples(*[card_set] * n), max_size=14)))
def test_merge_rows_is_the_greedy_merge_with_every_pass_made(rows):
    n = len(rows[0]) if rows else 3
    keys = [Card("french", 1000 + i) for i in range(n)]
    got = [tuple(box[k] for k in keys) for box in merge_rows(keys, rows)]
    want = _every_pass(keys, rows)
    assert got == want
    # (each card set as the merge built it: a set's order of iteration follows how it was made)
    assert [[list(vals) for vals in row] for row in got] == [[list(vals) for vals in row] for row in want]


def test_rows_alike_but_for_one_key_merge_along_it_and_no_pass_merges_the_rest():
    two, three, four = CARDS[1], CARDS[2], CARDS[3]
    keys = [Card("french", 1000), Card("french", 1001), Card("french", 1002)]
    rows = [(frozenset([two]), frozenset([three]), frozenset([four])),
            (frozenset([three]), frozenset([three]), frozenset([four])),
            (frozenset([two]), frozenset([four]), frozenset([two]))]
    assert merge_rows(keys, rows) == [
        {keys[0]: frozenset([two, three]), keys[1]: frozenset([three]), keys[2]: frozenset([four])},
        {keys[0]: frozenset([two]), keys[1]: frozenset([four]), keys[2]: frozenset([two])},
    ]
