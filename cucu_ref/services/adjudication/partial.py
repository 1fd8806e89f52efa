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
from typing import Any, Iterable, NamedTuple, Optional, Sequence

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
    ``next_dealer`` where it is certain, ``unchanged`` (the players whose marks no case
    changes) where somebody is; None where nothing is (or no branch got stuck)."""
    if not err.stuck:
        return None
    facts = [_stuck_facts(pos, s) for s in err.stuck] + [_leaf_facts(pos, leaf) for leaf in err.leaves]
    common: dict[str, Any] = {field: common_items([f[field] for f in facts]) for field in _FIELDS}
    dealers = {f["next_dealer"] for f in facts}
    if len(dealers) == 1 and None not in dealers:
        common["next_dealer"] = dealers.pop()
    # (a leaf has no 'unchanged' of its own: the players its result leaves alone, of those dealt)
    dealt = {pos.players[seat] for s in err.stuck for seat in s.after.order}
    unchanged = [p for p in pos.players if p in dealt and all(p in f.get("unchanged", _untouched(f, dealt))
                                                               for f in facts)]
    if unchanged:
        common["unchanged"] = unchanged
    return common if any(common.values()) else None


def _untouched(facts: dict[str, Any], dealt: set[str]) -> set[str]:
    """The players of ``dealt`` that the result ``facts`` neither takes a mark from nor gives one."""
    moved = {x["player"] for x in (*facts["marks_lost"], *facts["marks_gained"])} | set(facts["out"])
    return dealt - moved


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
    what the showdown does in every case (:func:`_at_showdown`), and the next dealer where
    nobody's going out depends on the cards (:func:`_next_dealer`)."""
    names = pos.players
    before = _before_showdown(s.steps)
    record = fold(before)
    decided = {e.seat: e.verb for e in pos.history[s.i + 1:] if e.verb in ("buy-back", "decline")}
    marks = _marks_at_showdown(s)
    shown = _at_showdown(s, marks)
    out = [names[seat] for seat in record.went_out]
    out += [names[seat] for seat in (*decided, *shown.out) if names[seat] not in out]
    moved = {m.seat for m in (*record.lost, *record.gained)} | set(record.went_out) | set(decided)
    return {"marks_lost": [{"player": names[m.seat], "rule": m.rule} for m in record.lost for _ in range(-m.amount)]
            + [{"player": names[seat], "rule": rule} for seat, rule in shown.lost],
            "marks_gained": [{"player": names[m.seat], "rule": m.rule} for m in record.gained]
            + [{"player": names[seat], "rule": rule} for seat, rule in shown.gained],
            "out": out,
            "unchanged": {names[seat] for seat in shown.untouched - moved},
            "next_dealer": _next_dealer(s, record.went_out, decided, names, marks, shown.most)}


class _Shown(NamedTuple):
    """What a stuck branch's showdown does in every case its cards allow (issue 24 §5)."""

    lost: list[tuple[int, str]]  # (seat, rule) of each mark lost in every case
    gained: list[tuple[int, str]]
    out: list[int]  # seats whose last mark those losses take, who gain none in any case
    untouched: set[int]  # seats no case takes a mark from or gives one
    most: Counter[int]  # the most marks any case takes from each seat


def _at_showdown(s: Stuck, marks: Optional[Sequence[int]]) -> _Shown:
    """What the stuck showdown does in every case (``s.error.scores``, every score its cards
    allow: :meth:`.unknowns.Reasoner._possible_scores`): the marks lost and gained in all of
    them, the players that none touches, and the most it takes from each; where the scores are
    not known, only the bound of the most (:func:`_most_bound`).  ``marks``: the marks held as
    the cards are shown (:func:`_marks_at_showdown`), None where not known: then no loss is said
    (nobody pays more than he holds, K16, Q12)."""
    scores = sorted(s.error.scores or (), key=repr)
    if not scores:
        return _Shown([], [], [], set(), _most_bound(s))
    most: Counter[int] = Counter()
    for lost, _gained in scores:
        for seat, n in Counter(seat for seat, _rule in lost).items():
            most[seat] = max(most[seat], n)
    touched = {seat for lost, gained in scores for seat, _rule in (*lost, *gained)}
    gains = {seat for _lost, gained in scores for seat, _rule in gained}
    lost = common_items([list(lost) for lost, _gained in scores]) if marks is not None else []
    kept: list[tuple[int, str]] = []
    for seat, rule in lost:  # (at most the marks he holds)
        if sum(x == seat for x, _rule in kept) < marks[seat]:  # type: ignore[index]
            kept.append((seat, rule))
    out = [seat for seat in dict.fromkeys(x for x, _rule in kept)
           if seat not in gains and sum(x == seat for x, _rule in kept) >= marks[seat]]  # type: ignore[index]
    return _Shown(kept, common_items([list(gained) for _lost, gained in scores]), out,
                  set(s.after.order) - touched, most)


def _most_bound(s: Stuck) -> Counter[int]:
    """The most a showdown can take from each seat: one mark of his own (K15, or C3's single fool,
    never both) if his card is live, and one for each offerer his inn guaranteed (K14, L7)."""
    most = Counter(keeper for _offerer, keeper in s.after.guarantees)
    for seat in s.after.order:
        if not s.after.dead[seat] and s.after.hands[seat] is not None:
            most[seat] += 1
    return most


def _marks_at_showdown(s: Stuck) -> Optional[list[int]]:
    """The marks each seat holds as the stuck showdown's cards are shown: as the step that
    reached it began, less and plus what it moved before; None where it gave marks back (a
    buy-back, a restart: not read here)."""
    last = _before_showdown(s.steps[-1:])  # (the step that reached it: what it did before)
    if any(ev.kind in (EventKind.BUY_BACK, EventKind.RESTART) for ev in last):
        return None
    marks = list(s.state.marks)
    for ev in last:
        if ev.kind == EventKind.MARK_LOST and ev.seat is not None:
            marks[ev.seat] -= max(ev.amount, 1)
        elif ev.kind == EventKind.MARK_GAINED and ev.seat is not None:
            marks[ev.seat] += max(ev.amount, 1)
    return marks


def _next_dealer(s: Stuck, went_out: Sequence[int], decided: dict[int, str], names: Sequence[str],
                 marks: Optional[Sequence[int]], most: Counter[int]) -> Optional[str]:
    """The next dealer (K2, D2: the first seat right of the dealer still holding marks) where it
    is the same for every card the showdown may see, whether or not a player who may go out
    buys back (K17, as the verdict says it): the seats before him hold no mark whatever the
    cards, he keeps one, and so does another (else the match may end, K3, or start again, K18).
    ``marks``: as the cards are shown (None: not known, nothing said); ``most``: the most the
    showdown takes from each seat (:func:`_at_showdown`)."""
    if marks is None:
        return None
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
