"""What is certain where the cases are too many to split (issue 24 §5): a partial ruling.

Where a showdown leaves more combinations of unknown cards than the reasoning splits into cases
(:class:`~.model.Underdetermined`), the ruling still says what holds *whatever the cards*,
without enumerating them.  Every claim here is proved for every combination, never sampled:

* **before the showdown** the branch was stepped by the engine with the unknown cards as they
  were: the marks lost and gained on the way (event cards, K9-K14; Q9's payments; L7's inn), and
  who went out then, are the same in every combination of the showdown's cards;
* **after it** the table's record speaks: a buy-back or a decline written after the showdown is
  a decision only a player who went out in the deal can make (K16, K17, L11), so he is out in
  every case the record allows;
* **the next dealer** (K2, D2: the first seat right of the dealer still holding marks) is
  certain where it depends on nobody's going out: the seats before him hold no mark in any
  case, and he and another player hold more marks than the showdown can take from them (or
  wrote their buy-back); the same whether or not a player who may go out buys back (K17).  A showdown
  takes at most one mark of a player's own (the lowest card, K15; or the single fool, C3: never
  both, the fool is set aside) and one for each offerer his inn guaranteed (K14, L7); a player
  holding more keeps a mark in every case.  (A bound, not the scoring: the scoring is run on
  every case where the cases are few, and tests/cli/test_partial_ruling.py checks each claim
  against every case of positions just under the limit.)

A position the walk left with several branches (an asked card's role, C2) is certain only of
what every branch agrees on, the branches that reached the end (:class:`~.replay.Leaf`) included.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Optional, Sequence

from ...formats.position import Position
from ...game.deal import seats_around
from ...game.history import fold
from ...game.state import Event, EventKind
from .model import Underdetermined
from .outcomes import common_items, result_of, settled_next_dealer
from .replay import Leaf, Stuck, with_rules

__all__ = ["certain_part"]

# what a leaf's result and a stuck branch's facts both give (the fields of Ruling.certain)
_FIELDS = ("marks_lost", "marks_gained", "out")


def certain_part(pos: Position, err: Underdetermined) -> Optional[dict[str, Any]]:
    """What every branch of ``err`` (stuck at its showdown, or at the end) agrees on: the marks
    lost and gained (each with its rule) and who is out, as :attr:`.model.Ruling.certain`, and
    ``next_dealer`` where it is certain; None where nothing is (or no branch got stuck)."""
    if not err.stuck:
        return None
    facts = [_stuck_facts(pos, s) for s in err.stuck] + [_leaf_facts(pos, leaf) for leaf in err.leaves]
    common: dict[str, Any] = {field: common_items([f[field] for f in facts]) for field in _FIELDS}
    dealers = {f["next_dealer"] for f in facts}
    if len(dealers) == 1 and None not in dealers:
        common["next_dealer"] = dealers.pop()
    return common if any(common.values()) else None


def _leaf_facts(pos: Position, leaf: Leaf) -> dict[str, Any]:
    # (a leaf of a recorded run still plays under the adjudicator's Recorder: under the rules)
    leaf = leaf._replace(state=with_rules(leaf.state, pos.rules))
    r = result_of(pos, leaf, leaf.know.subst)
    return {**{field: r[field] for field in _FIELDS}, "next_dealer": settled_next_dealer(r)}


def _before_showdown(steps: Iterable[tuple[Any, tuple[Event, ...]]]) -> list[Event]:
    """The events of ``steps`` up to the showdown's own."""
    out: list[Event] = []
    for _i, events in steps:
        for ev in events:
            if ev.kind == EventKind.SHOWDOWN:
                return out
            out.append(ev)
    return out


def _stuck_facts(pos: Position, s: Stuck) -> dict[str, Any]:
    """What a stuck branch is certain of: the marks moved and the players out before its
    showdown, the players whose buy-back decision the record writes after it (K16, K17, L11),
    and the next dealer where nobody's going out depends on the cards (:func:`_next_dealer`)."""
    names = pos.players
    before = _before_showdown(s.steps)
    record = fold(before)
    decided = {e.seat: e.verb for e in pos.history[s.i + 1:] if e.verb in ("buy-back", "decline")}
    out = [names[seat] for seat in record.went_out]
    out += [names[seat] for seat in decided if names[seat] not in out]
    return {"marks_lost": [{"player": names[m.seat], "rule": m.rule} for m in record.lost for _ in range(-m.amount)],
            "marks_gained": [{"player": names[m.seat], "rule": m.rule} for m in record.gained],
            "out": out,
            "next_dealer": _next_dealer(s, record.went_out, decided, names)}


def _next_dealer(s: Stuck, went_out: Sequence[int], decided: dict[int, str],
                 names: Sequence[str]) -> Optional[str]:
    """The next dealer (K2, D2: the first seat right of the dealer still holding marks) where it
    is the same for every card the showdown may see, whether or not a player who may go out
    buys back (K17, as the verdict says it): the seats before him hold no mark whatever the
    cards, he keeps one, and so does another (else the match may end, K3, or start again, K18)."""
    last = _before_showdown(s.steps[-1:])  # (the step that reached it: what it did before)
    if any(ev.kind in (EventKind.BUY_BACK, EventKind.RESTART) for ev in last):
        return None  # (marks given back during the step: not read here)
    marks = list(s.state.marks)
    for ev in last:
        if ev.kind == EventKind.MARK_LOST and ev.seat is not None:
            marks[ev.seat] -= max(ev.amount, 1)
        elif ev.kind == EventKind.MARK_GAINED and ev.seat is not None:
            marks[ev.seat] += max(ev.amount, 1)
    # the most a showdown can take from each seat: one mark of his own (K15, or C3's single fool,
    # never both) if his card is live, and one for each offerer his inn guaranteed (K14, L7)
    most = Counter(keeper for _offerer, keeper in s.after.guarantees)
    for seat in s.after.order:
        if not s.after.dead[seat] and s.after.hands[seat] is not None:
            most[seat] += 1
    # each seat: 1 keeps a mark, 0 holds none, None either, as the cards fall (his buy-back
    # decision then waits: K17, L11)
    keeps: list[Optional[int]] = []
    for seat, m in enumerate(marks):
        if seat in decided:
            keeps.append(1 if decided[seat] == "buy-back" else 0)
        elif seat in went_out or 0 < m <= most[seat]:
            keeps.append(None)
        else:
            keeps.append(1 if m > 0 else 0)
    if sum(k == 1 for k in keeps) < 2:
        return None  # (one may be left alone, K3, or nobody, K18)
    for seat in seats_around([1] * len(keeps), s.state.dealer):
        if keeps[seat] is None:
            return None
        if keeps[seat]:
            return names[seat]
    return None  # pragma: no cover - two seats keep marks
