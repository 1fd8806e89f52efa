"""The shape of a program's answer, checked before anything is compared (issue 25 §4; issue 27
finding 8).

A program's answer is hostile until checked: mixed types in ``out`` or ``winner``, unknown
card names, seats that do not exist.  :func:`problems` names each field that is malformed and
why, in the program's own seat numbers, so a malformed answer is a failure record that says
what to fix, never a crash of the runner.  The answer schema is ``specs/answer-1.schema.json``.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from ...game.cards import CardNameError
from .names import NameMap

__all__ = ["problems", "log_problems", "OUTCOME_FIELDS", "MAX_PROBLEMS"]

OUTCOME_FIELDS = ("net", "marks", "out", "hands", "next_dealer", "winner", "pot", "virgins", "illegal")
MAX_PROBLEMS = 5  # a malformed answer names its first few problems and counts the rest


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat(value: Any, n: int) -> Optional[str]:
    if not _is_int(value):
        return f"{_shown(value)} is not a seat number"
    if not 0 <= value < n:
        return f"seat {value} does not exist (the seats are 0 to {n - 1})"
    return None


def _by_seat(field: str, value: Any, n: int, item: Callable[[Any], Optional[str]]) -> list[str]:
    if not isinstance(value, list):
        return [f"{field}: {_shown(value)} is not an array by seat"]
    out = [] if len(value) == n else [f"{field}: {len(value)} entries for {n} seats"]
    return out + [f"{field}[{k}]: {why}" for k, x in enumerate(value) if (why := item(x))]


def _seats(field: str, value: Any, n: int) -> list[str]:
    if not isinstance(value, list):
        return [f"{field}: {_shown(value)} is not an array of seat numbers"]
    out = [f"{field}[{k}]: {why}" for k, x in enumerate(value) if (why := _seat(x, n))]
    if not out and len(set(value)) != len(value):
        out.append(f"{field}: a seat is listed twice")
    return out


def _count(value: Any) -> Optional[str]:
    return None if _is_int(value) else f"{_shown(value)} is not a whole number"


def _card(names: NameMap, family: str) -> Callable[[Any], Optional[str]]:
    def check(value: Any) -> Optional[str]:
        if value is None:
            return None
        if not isinstance(value, str):
            return f"{_shown(value)} is not a card name (or null for a player without a card)"
        try:
            names.token(value, family)
        except CardNameError as err:
            return str(err)
        return None
    return check


def _winner(value: Any, n: int) -> list[str]:
    if value is None:
        return []
    if isinstance(value, list):
        return _seats("winner", value, n)
    why = _seat(value, n)
    return [f"winner: {why}"] if why else []


def _illegal(value: Any) -> list[str]:
    if not isinstance(value, dict):
        return [f"illegal: {_shown(value)} is not an object"]
    step = value.get("step")
    if not isinstance(step, int) or isinstance(step, bool) or step < 0:
        return [f"illegal.step: {_shown(step)} is not a decision's index"]
    return []


def problems(outcome: dict[str, Any], n: int, names: NameMap, family: str) -> list[str]:
    """Each malformed outcome field of an answer, ``"field[k]: why"``, for ``n`` seats."""
    found: list[str] = []
    for field in OUTCOME_FIELDS:
        if field not in outcome:
            continue
        value = outcome[field]
        if field in ("net", "marks"):
            found += _by_seat(field, value, n, _count)
        elif field in ("out", "virgins"):
            found += _seats(field, value, n)
        elif field == "hands":
            found += _by_seat(field, value, n, _card(names, family))
        elif field == "next_dealer":
            found += [f"next_dealer: {why}"] if value is not None and (why := _seat(value, n)) else []
        elif field == "winner":
            found += _winner(value, n)
        elif field == "pot":
            found += [] if _is_int(value) and value >= 0 else [f"pot: {_shown(value)} is not a number of stakes"]
        else:
            found += _illegal(value)
    return found


_LOG_SEAT_FIELDS = ("seat", "other")


def log_problems(log: Any, n: int, names: NameMap, family: str) -> list[str]:
    """Each malformed entry of an answer's ``log`` (the trace format's events, in order)."""
    if not isinstance(log, list):
        return [f"log: {_shown(log)} is not an array of events"]
    card = _card(names, family)
    found: list[str] = []
    for k, event in enumerate(log):
        at = f"log[{k}]"
        if not isinstance(event, dict):
            found.append(f"{at}: {_shown(event)} is not an event object")
            continue
        if not isinstance(event.get("kind"), str):
            found.append(f"{at}.kind: {_shown(event.get('kind'))} is not an event kind")
        for field in _LOG_SEAT_FIELDS:
            if event.get(field) is not None and (why := _seat(event[field], n)):
                found.append(f"{at}.{field}: {why}")
        if (why := card(event.get("card"))) is not None:
            found.append(f"{at}.card: {why}")
        if "amount" in event and (why := _count(event["amount"])):
            found.append(f"{at}.amount: {why}")
        if len(found) > MAX_PROBLEMS:
            break
    return found
