"""Where a program went wrong: the first step, what each side did there, and the rule (issue 25 §2).

Three diagnoses, in the order the runner tries them:

* the program answered with its own ``log`` (the trace format's events: exchanges, arrests,
  undos, marks, in order): :func:`first_step_apart` names the first event where the two logs
  part, what each side did there and the rule that governs cucu-ref's event;
* the program asks for a decision after the trace has ended (an answer with ``asks``):
  :func:`asks_after_end` names the step after which the deal is over, with its rule;
* no log: :func:`inferred_cause` names the rule of the *cause* cucu-ref can infer, the first
  of its own events whose effect the answer contradicts, not the rule of the first field
  that differs (a dealer who takes the wrong end of the stack shows first in ``net``, but the
  exchange, :rule:`K8`, is the cause).

The replay, the comparison and the card names are :mod:`cucu_ref.formats.trace`'s.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple, Optional, Sequence

from ...formats import trace as T
from ...formats.sources import RULES, cite
from ...game.cards import format as card_name
from ...game.state import Event
from ...game.state import EventKind as E
from .names import NameMap

__all__ = ["Diagnosis", "first_step_apart", "asks_after_end", "inferred_cause", "ALWAYS_LOGGED", "rule_text"]


class Diagnosis(NamedTuple):
    """What went wrong, in words (ending with the rule cited, where there is one), and the rule's
    ID alone, for the runner's ``--json`` records (``rule``; None where no rule governs)."""

    text: str
    rule: Optional[str] = None

# Events a log is always compared on; any other kind (keep, offer, skip, showdown ...) only
# when the program logs that kind at least once.  A program without a rule cannot log its
# event (a dealer who takes a cut king has no 'stack-king'), so the moves are always compared.
ALWAYS_LOGGED = frozenset({E.EXCHANGE, E.EXCHANGE_WITH_STACK, E.EXCHANGE_WITH_TALON, E.STACK_KING, E.TALON_KING,
                           E.ARRESTO, E.UNDO, E.DEAD_CARD_UNDER_STACK, E.MARK_LOST, E.MARK_GAINED, E.OUT, E.RESTART,
                           E.BUY_BACK})
_CARD_MOVES = (E.EXCHANGE, E.UNDO, E.EXCHANGE_WITH_STACK, E.EXCHANGE_WITH_TALON, E.DEALER_KEEPS_HIGHEST,
               E.DEAD_CARD_UNDER_STACK, E.DEAL, E.STACK_KING, E.TALON_KING)
# what decides a seat's card at the end: the moves, and the events that stop one (an arrest,
# a skipped horse): a program that exchanges with a king holder contradicts the arrest (S3)
_CARD_FATE = _CARD_MOVES + (E.ARRESTO, E.SKIP)
_MARK_MOVES = (E.MARK_LOST, E.MARK_GAINED, E.BUY_BACK, E.RESTART, E.KEEP_LAST_LIFE)
_SEAT_IN_PATH = re.compile(r"\[(\d+)\]$")


def rule_text(rule: Optional[str]) -> str:
    return f" [{cite(rule)}]" if rule in RULES else ""


def _known(rule: Optional[str]) -> Optional[str]:
    """``rule`` where it is a rule ID the sources know (the one :func:`rule_text` cites), else None."""
    return rule if rule in RULES else None


_MARKS = (E.MARK_LOST, E.MARK_GAINED)


def _event(trace: T.Trace, e: Event) -> dict[str, Any]:
    """An event in the program's seats and canonical card names, the fields a log compares
    (a mark event's amount 0 is one mark, as in the trace's ``net``)."""
    return {"kind": e.kind, "seat": None if e.seat is None else trace.client[e.seat],
            "other": None if e.other is None else trace.client[e.other],
            "card": None if e.card is None else card_name(e.card),
            "amount": max(e.amount, 1) if e.kind in _MARKS else e.amount}


def _theirs(entry: dict[str, Any], mine: Optional[dict[str, Any]], names: NameMap, family: str) -> dict[str, Any]:
    """A log entry as compared: ``kind`` and ``seat`` always; ``other``, ``card`` and ``amount``
    only where the entry gives them (a field it leaves out is taken as cucu-ref's)."""
    default = mine or {}
    amount = entry.get("amount", default.get("amount", 0))
    return {"kind": entry.get("kind"), "seat": entry.get("seat"),
            "other": entry.get("other") if "other" in entry else default.get("other"),
            "card": names.token(entry["card"], family) if "card" in entry else default.get("card"),
            "amount": max(amount, 1) if entry.get("kind") in _MARKS else amount}


def _said(trace: T.Trace, event: Optional[dict[str, Any]]) -> str:
    if event is None:
        return "nothing more"
    if event["seat"] is None:  # an event of the whole table (K18's restart, the showdown)
        words = [event["kind"], "(the whole table)"]
    else:
        words = [trace.names[trace.client.index(event["seat"])], event["kind"]]
    if event["other"] is not None:
        words.append(f"with {trace.names[trace.client.index(event['other'])]}")
    if event["card"] is not None:
        words.append(event["card"])
    if event["amount"] and event["kind"] in _MARKS:
        words.append(f"x{event['amount']}")
    return " ".join(str(w) for w in words)


def first_step_apart(trace: T.Trace, log: Sequence[dict[str, Any]], names: NameMap,
                     family: str) -> Optional[Diagnosis]:
    """The first event where the program's log and cucu-ref's part, or None if they agree."""
    kinds = ALWAYS_LOGGED | {entry.get("kind") for entry in log}
    rep = T.replay(trace)
    ours = [(e, _event(trace, e)) for e in rep.events if e.kind in kinds]
    for k in range(max(len(ours), len(log))):
        mine = ours[k][1] if k < len(ours) else None
        their = _theirs(log[k], mine, names, family) if k < len(log) else None
        if mine == their:
            continue
        governing = ours[k][0].rule if k < len(ours) else (ours[-1][0].rule if ours else None)
        given = _theirs(log[k], None, names, family) if k < len(log) else None  # as the program wrote it
        return Diagnosis(f"step {k} of the log: the program {_said(trace, given)}; cucu-ref {_said(trace, mine)}"
                         f"{rule_text(governing)}", _known(governing))
    return None


def asks_after_end(trace: T.Trace) -> Diagnosis:
    """The deal is over when the trace ends: the step that ended it, with its rule (K8's keep)."""
    rep = T.replay(trace)
    if rep.outcome.illegal is not None:
        refused = rep.outcome.illegal[1]
        return Diagnosis(f"decision {rep.outcome.illegal[0]} must be refused{rule_text(refused)}", _known(refused))
    last = next((s for s in reversed(rep.steps) if s.at is not None), None)
    if last is None:
        return Diagnosis("the deal should be over before any decision")
    rule = last.events[0].rule if last.events else None
    return Diagnosis(f"the deal should be over after {trace.names[last.seat]}'s '{last.kind}'{rule_text(rule)}",
                     _known(rule))


def _index(events: Sequence[Event], kinds: Sequence[str], seat: Optional[int], last: bool) -> Optional[int]:
    found = [i for i, e in enumerate(events) if e.kind in kinds and (seat is None or seat in (e.seat, e.other)
                                                                      or (e.seat is None and e.kind == E.RESTART))]
    return (found[-1] if last else found[0]) if found else None


def _engine_seat(trace: T.Trace, client: Any) -> Optional[int]:
    return trace.client.index(client) if client in trace.client else None


def _cause(trace: T.Trace, events: Sequence[Event], d: T.Divergence) -> Optional[int]:
    """The index of cucu-ref's first event whose effect the difference ``d`` contradicts."""
    match = _SEAT_IN_PATH.search(d.path)
    seat = _engine_seat(trace, int(match.group(1))) if match else None
    if d.what == "hands":
        return _index(events, _CARD_FATE, seat, last=True)
    if d.what == "net":
        first = _index(events, _MARKS, seat, last=False)
        return first if first is not None else _index(events, (E.SHOWDOWN,), None, last=False)
    if d.what == "marks":
        return _index(events, _MARK_MOVES, seat, last=True)
    if d.what in ("out", "virgins"):
        said, ours = set(d.trace or ()), set(d.engine or ())
        causes = [_index(events, (E.OUT,) if c in ours else _MARK_MOVES, _engine_seat(trace, c), last=c not in ours)
                  for c in sorted(said ^ ours, key=str)]
        return min((c for c in causes if c is not None), default=None)
    kinds = {"next_dealer": (E.NEXT_DEALER,), "winner": (E.WINNER, E.JOINT_WINNER), "pot": (E.BUY_BACK,)}
    return _index(events, kinds.get(d.what, ()), None, last=False)


def inferred_cause(verdict: T.Verdict) -> Optional[Diagnosis]:
    """The difference whose cause comes first in cucu-ref's play, with that cause's rule."""
    trace, rep = verdict.trace, verdict.replay
    if trace is None or rep is None or not verdict.differences or rep.divergence is not None:
        return None
    found = [(i, d) for d in verdict.differences if (i := _cause(trace, rep.events, d)) is not None]
    if not found:
        return None
    index, d = min(found, key=lambda pair: pair[0])
    event = rep.events[index]
    step = _said(trace, _event(trace, event))
    more = f" (and {len(verdict.differences) - 1} more)" if len(verdict.differences) > 1 else ""
    return Diagnosis(f"{d.message}: the answer contradicts cucu-ref's {step}{rule_text(event.rule)}{more}",
                     _known(event.rule))
