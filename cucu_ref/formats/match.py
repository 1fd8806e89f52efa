"""Deals in a row: a trace (``cucu-trace/1``) with ``then``, the deals that follow it (issue 25).

A program's state across deals is part of its behaviour: the marks, virgins, pot and price
counters it carries, whom it passes the deal to (:rule:`K2`, :rule:`D2`), the deck it deals
from.  A trace's optional ``then`` lists further deals, each ``{"deal": ...}`` or ``{"stack":
...}`` with its ``decisions`` (and ``policies``), in the trace format's own terms.  Each is
played from the state the one before left: nothing of the match state is restated; the
program carries it.  The ``outcome`` is that of the last deal (its ``net``, the ``marks``
after it, its ``next_dealer`` ...); a deal before it that ends the match or is refused ends the
row there.

:func:`replay_row` plays the row on the engine; :func:`answer` is cucu-ref's answer to it (the
runner's ``--self`` and ``serve``).
"""

from __future__ import annotations

from typing import Any, NamedTuple, Optional

from ..game.state import Phase
from . import trace as T

__all__ = ["Row", "replay_row", "last_deal", "answer", "FOLLOWING"]

# What a following deal gives; the rest of its trace is the state the deal before it left.
FOLLOWING = ("deal", "stack", "decisions", "policies")


class Row(NamedTuple):
    """The deals of a row as played: each parsed trace with its replay; ``problem`` says why
    the row stopped early (a deal refused, the match over, a following deal not a trace)."""

    deals: list[tuple[T.Trace, T.Replay]]
    problem: Optional[str]
    docs: list[dict[str, Any]]  # each deal's own trace document, the match state carried into it


def _following(doc: dict[str, Any], trace: T.Trace, rep: T.Replay, then: dict[str, Any]) -> dict[str, Any]:
    """The trace of the deal after ``trace``: its header with the match state ``rep`` left."""
    final = rep.final
    n = len(trace.names)
    marks = [0] * n
    virgins = [False] * n
    for e in range(n):
        marks[trace.client[e]] = final.marks[e]
        virgins[trace.client[e]] = bool(final.virgins[e])
    seats = [{**seat, "marks": marks[c], "virgin": virgins[c]} for c, seat in enumerate(doc["seats"])]
    header = {k: v for k, v in doc.items() if k not in FOLLOWING + ("then", "outcome", "vector", "first")}
    return {**header, "seats": seats, "dealer": trace.client[final.dealer], "pot": final.pot,
            "eliminations": final.eliminations, "reentries": final.reentries, "deals_played": final.deal_number,
            **{k: then[k] for k in FOLLOWING if k in then}}


def replay_row(doc: dict[str, Any]) -> Row:
    """Every deal of the row played on the engine, each from the state the one before left."""
    first = {k: v for k, v in doc.items() if k != "then"}
    trace, problems = T.parse(first)
    if trace is None:
        return Row([], "; ".join(f"{p.path}: {p.message}" for p in problems), [])
    deals = [(trace, T.replay(trace))]
    docs = [first]
    previous = first
    for k, then in enumerate(doc.get("then") or ()):
        trace, rep = deals[-1]
        if rep.outcome.illegal is not None:
            return Row(deals, f"deal {k} is refused; the deals after it are not played", docs)
        if rep.final.phase != Phase.SHUFFLE:
            return Row(deals, f"the match is over after deal {k}; $.then[{k}] is not played", docs)
        current = _following(previous, trace, rep, then)
        nxt, problems = T.parse(current)
        if nxt is None:
            return Row(deals, f"$.then[{k}]: " + "; ".join(f"{p.path}: {p.message}" for p in problems), docs)
        previous = current
        docs.append(current)
        deals.append((nxt, T.replay(nxt)))
    return Row(deals, None, docs)


def last_deal(doc: dict[str, Any]) -> Optional[dict[str, Any]]:
    """The trace document of a row's last deal played, the match state carried into it (None
    when the row cannot be played): what a diagnosis of the row's outcome replays."""
    row = replay_row({k: v for k, v in doc.items() if k not in ("outcome", "vector")})
    return row.docs[-1] if row.docs else None


def answer(doc: dict[str, Any]) -> dict[str, Any]:
    """cucu-ref's answer to a trace, with ``then`` or without: the last deal's outcome."""
    if not doc.get("then"):
        return T.answer(doc)
    row = replay_row({k: v for k, v in doc.items() if k not in ("outcome", "vector")})
    if not row.deals or (row.problem and "refused" not in row.problem):
        return {"id": doc.get("id"), "error": row.problem or "no deal"}
    trace, rep = row.deals[-1]
    return {"id": doc.get("id"), "outcome": T.outcome_json(trace, rep.outcome)}
