"""The scoring's plain operations on whole rows (``PlainOps.lowest``, ``lowest_tied``) against
their definition, where the mask is all true (their short way: ``min`` over the whole row) and
where it is not.  ``tests/formal/test_showdown.py`` checks every operation against its z3
twin; this is the quick check the mutation run reaches."""

from __future__ import annotations

import random

from cucu_ref.scoring import HIGH, PlainOps


def _lowest(values, mask):
    picked = [v for v, m in zip(values, mask) if m]
    return min(picked) if picked else HIGH


def test_lowest_and_its_ties_where_the_mask_is_all_true_and_where_it_is_not():
    rng = random.Random(11)
    for _ in range(2_000):
        n = rng.randint(0, 8)
        values = [rng.randint(-8, 32) for _ in range(n)]
        mask = [True] * n if rng.random() < 0.4 else [rng.random() < 0.5 for _ in range(n)]
        low = _lowest(values, mask)
        assert PlainOps.lowest(values, mask) == low, (values, mask)
        assert PlainOps.lowest_tied(values, mask) == (low, [m and v == low for v, m in zip(values, mask)])
    # the short way's edges: nothing at all, nothing masked in, one masked out below the rest
    assert PlainOps.lowest([], []) == HIGH and PlainOps.lowest_tied([], []) == (HIGH, [])
    assert PlainOps.lowest([3, 1], [False, False]) == HIGH
    assert PlainOps.lowest([3, 1], [True, False]) == 3
    assert PlainOps.lowest_tied([3, 1, 3], [True, False, True]) == (3, [True, False, True])
