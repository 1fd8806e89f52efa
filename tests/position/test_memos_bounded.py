"""The adjudicator's memos hold one position's work, never the positions ruled before it (issue 24
§5: every position of up to 20 players with up to 4 unshown cards ruled in under 1 s, measured
by ``benchmarks/bench_adjudicate.py --natural``, which rules them one after another in one
process, as ``cucu-adjudicate --batch`` does).  Kept from position to position, the showdowns'
runs, the matchings of the unknown cards and the comparisons of the symbolic cards grew to
hundreds of thousands of objects, rescanned by every full collection of the garbage collector:
a third of the CPU of the wide sample, and positions of 0.8 s ruled alone took 1.2 s there.
"""

from __future__ import annotations

import gc

import pytest

from cucu_ref.formats.position import parse
from cucu_ref.services.adjudication import Underdetermined, adjudicate, outcomes, symbolic, unknowns
from tests.natural_positions import natural_deal


def _rule(preset: str, players: int, seed: int, unshown: int) -> None:
    pos, problems = parse(natural_deal(preset, players, seed, unshown=unshown)[0])
    assert pos is not None, problems
    assert adjudicate(pos).ok


def _memos() -> dict[str, int]:
    return {"fits": len(unknowns._FITS), "answers": len(symbolic._ANSWERS), "both": len(symbolic._BOTH),
            "explored": unknowns._EXPLORED.store.kept, "showdowns": unknowns._SHOWDOWNS.kept,
            "when": outcomes._when_items.cache_info().currsize, "sorted": len(unknowns._SORTED)}


def test_a_ruling_keeps_nothing_of_the_positions_ruled_before_it(monkeypatch):
    """Eight Campli players, four live cards never shown (a natural position whose showdown
    runs on symbolic cards and whose open questions re-run it): after it, a two-player position
    leaves the memos as that position alone does, and the heap (the objects the collector
    tracks) within a few thousand objects of it (the texts kept by ruleset and names, a few
    rulesets' derived values).  Before: 80,000 objects more, all of the eight players' work."""
    import cucu_ref.services.adjudication as adjudication

    small = ("campli", 2, 5, 1)
    _rule(*small)
    gc.collect()
    alone, heap = _memos(), len(gc.get_objects())
    at_the_end = []
    real = adjudication.new_position

    def spy() -> None:  # (called as a ruling starts and as it ends: the memos as they are then)
        at_the_end.append(sum(_memos().values()))
        real()

    monkeypatch.setattr(adjudication, "new_position", spy)
    _rule("campli", 8, 3960769716, 4)
    monkeypatch.undo()
    assert at_the_end[-1] > sum(alone.values()) + 1000  # (the big one filled them)
    # emptied as the ruling ends, before the collector runs again: its first pass would scan every
    # object they hold (issue 24 §5); before, they stayed until the next ruling started
    assert sum(_memos().values()) == 0
    _rule(*small)
    gc.collect()
    assert _memos() == alone
    assert len(gc.get_objects()) - heap < 15_000


def test_the_collector_is_paused_during_a_ruling_and_running_after_it(monkeypatch):
    # A ruling makes no reference cycle (tests/cli/test_batch_paths.py), so the collector is paused
    # while it runs: its full passes over a big position's live objects were a third of that
    # position's CPU.  After the ruling it runs again, also where the ruling stops short
    # (Underdetermined), and a caller who paused it keeps it paused.
    import cucu_ref.services.adjudication as adjudication

    seen = []
    real = adjudication.new_position

    def spy() -> None:  # (the first thing a ruling does: whether the collector runs then)
        seen.append(gc.isenabled())
        real()

    monkeypatch.setattr(adjudication, "new_position", spy)
    assert gc.isenabled()
    _rule("campli", 4, 7, 2)
    assert seen and not any(seen)  # (paused inside)
    assert gc.isenabled()
    # four players, none of the four cards ever shown: nothing useful can be said (issue 24 §5)
    under, problems = parse(natural_deal("campli", 4, 577090037, unshown=4)[0])
    assert under is not None, problems
    with pytest.raises(Underdetermined):
        adjudicate(under)
    assert not seen[-1] and gc.isenabled()  # (paused in it, running again after it)
    gc.disable()
    try:
        _rule("campli", 4, 7, 2)
        assert not gc.isenabled()  # (the caller's pause kept)
    finally:
        gc.enable()
