"""A program under test with one deliberate bug, for measuring which bugs the vectors catch
(issue 25, 'Measure and report').

    cucu-conformance run -- python tests/conformance/clients/broken.py BUG

It answers every trace as cucu-ref does (``cucu_ref.formats.trace.answer``) except where its
bug applies, as a program with that bug would.  The bugs are the classes issue 25 reports of a
browser Lu Stù game and a Screw Your Neighbour program, and two reading differences:

``lone-fool``            one fool in play: only the fool loses; the first lowest other card
                         does not ('lu matt paga e fa pagare', L4; C3 in Campli)
``stale-seat-ids``       with a player out of the match, the program numbers only the seats
                         still in: its arrays are shifted past the missing seat
``dealer-rotation``      the deal passes to the next seat whether or not its player is still
                         in (K2, D2: the next seat still in)
``horse-skip-to-dealer`` a request that jumps a horse (K12) onto a dealer holding a plain card
                         is not exchanged: the offerer keeps his card
``deck-carried``         the dealer's exchange with the stack takes the card the previous
                         deal's stack had there: the program keeps its deck between deals
``stake``                a player who loses his last life is charged a second one (the Screw
                         Your Neighbour program's stake bug, S5): 'net' of -2
``top-of-stack``         a reading, not a bug: the dealer takes the top card of the stack (Q6)
``dead-cards-stay``      a reading, not a bug: the cards of players put out stay with them
                         (K15's 'stay', against L10)
``both-readings``        the two readings at once, as the browser Lu Stù game of issue 25
"""

from __future__ import annotations

import json
import sys
from typing import Any, Optional

from cucu_ref.formats.match import answer as row_answer
from cucu_ref.formats.match import replay_row

BUGS = ("lone-fool", "stale-seat-ids", "dealer-rotation", "horse-skip-to-dealer", "deck-carried", "stake",
        "top-of-stack", "dead-cards-stay", "both-readings")
READINGS = {"top-of-stack": {"dealer_exchange": "stack-top"}, "dead-cards-stay": {"dead_cards": "stay"},
            "both-readings": {"dealer_exchange": "stack-top", "dead_cards": "stay"}}


def _replay(doc: dict[str, Any], options: Optional[dict[str, str]] = None) -> Any:
    if options:
        ruleset = doc["ruleset"]
        base = {"preset": ruleset, "options": {}} if isinstance(ruleset, str) else dict(ruleset)
        doc = {**doc, "ruleset": {"preset": base["preset"], "options": {**base.get("options", {}), **options}}}
    row = replay_row({k: v for k, v in doc.items() if k != "outcome"})
    return row.deals[-1] if row.deals else (None, None)  # the last deal of a row (its 'then')


def lone_fool(doc: dict[str, Any], out: dict[str, Any]) -> None:
    trace, rep = _replay(doc)
    if rep is None or not isinstance(out.get("net"), list):
        return
    final = rep.final
    fools = [s for s in final.order if not final.dead[s] and final.hands[s] is not None and final.hands[s].is_fool]
    showdown = next((i for i, e in enumerate(rep.events) if e.kind == "showdown"), None)
    if len(fools) != 1 or showdown is None:
        return
    for e in rep.events[showdown:]:
        if e.kind == "mark-lost" and e.seat is not None and e.seat != fools[0]:
            out["net"][trace.client[e.seat]] += 1  # only the fool pays


def stale_seat_ids(doc: dict[str, Any], out: dict[str, Any]) -> None:
    gone = [s for s, seat in enumerate(doc["seats"]) if seat["marks"] == 0]
    if not gone or "net" not in out:
        return
    keep = [s for s in range(len(doc["seats"])) if s not in gone]
    for field in ("net", "hands", "marks"):
        if isinstance(out.get(field), list):
            out[field] = [out[field][s] for s in keep] + [out[field][s] for s in gone]
    if isinstance(out.get("next_dealer"), int) and out["next_dealer"] in keep:
        out["next_dealer"] = keep.index(out["next_dealer"])


def dealer_rotation(doc: dict[str, Any], out: dict[str, Any]) -> None:
    """The deal passes to the next seat in play order, out or not.  In a row ('then') a deal
    dealt by the wrong seat deals every card one seat on: its hands are not cucu-ref's."""
    row = replay_row({k: v for k, v in doc.items() if k != "outcome"})
    if not row.deals:
        return
    n = len(doc["seats"])
    for (before, _), (after, _) in zip(row.deals, row.deals[1:]):
        if after.dealer != (before.dealer + 1) % n and isinstance(out.get("hands"), list):
            out["hands"] = out["hands"][1:] + out["hands"][:1]  # dealt from the wrong seat on
            break
    trace, _ = row.deals[-1]
    if out.get("next_dealer") is not None:
        out["next_dealer"] = trace.client[(trace.dealer + 1) % n]  # in play order, out or not


def horse_skip_to_dealer(doc: dict[str, Any], out: dict[str, Any]) -> None:
    trace, rep = _replay(doc)
    if rep is None or not isinstance(out.get("hands"), list):
        return
    events = [e for e in rep.events if e.kind != "deal"]
    for a, b in zip(events, events[1:]):
        if a.kind == "skip" and b.kind == "exchange" and b.other == trace.dealer and b.seat == a.other:
            x, y = trace.client[b.seat], trace.client[b.other]
            out["hands"][x], out["hands"][y] = out["hands"][y], out["hands"][x]
            return


_LAST_REST: list[Any] = []


def deck_carried(doc: dict[str, Any], out: dict[str, Any]) -> None:
    """The dealer's exchange with the stack in a deal takes the card there in the deal before:
    within a row of deals (``then``), and from one request to the next."""
    previous = list(_LAST_REST)
    deals = [doc] + list(doc.get("then") or ())
    _LAST_REST[:] = (deals[-1].get("deal") or {}).get("rest") or []
    if len(deals) > 1:
        previous = (deals[-2].get("deal") or {}).get("rest") or []
    if not previous or not isinstance(out.get("hands"), list):
        return
    row = replay_row({k: v for k, v in doc.items() if k != "outcome"})
    if not row.deals:
        return
    trace, rep = row.deals[-1]
    if any(e.kind == "exchange-with-stack" and e.seat == trace.dealer for e in rep.events):
        end = 0 if trace.rules.dealer_exchange == "stack-top" else -1
        out["hands"][trace.client[trace.dealer]] = previous[end]


def stake(doc: dict[str, Any], out: dict[str, Any]) -> None:
    for s in out.get("out") or []:
        if isinstance(out.get("net"), list) and doc["seats"][s]["marks"] > 0:
            out["net"][s] -= 1


FIXES = {"lone-fool": lone_fool, "stale-seat-ids": stale_seat_ids, "dealer-rotation": dealer_rotation,
         "horse-skip-to-dealer": horse_skip_to_dealer, "deck-carried": deck_carried, "stake": stake}


def answer(doc: dict[str, Any], bug: str) -> dict[str, Any]:
    if bug in READINGS:
        ruleset = doc["ruleset"]
        base = {"preset": ruleset, "options": {}} if isinstance(ruleset, str) else dict(ruleset)
        doc = {**doc, "ruleset": {"preset": base["preset"], "options": {**base.get("options", {}), **READINGS[bug]}}}
    got = row_answer(doc)
    if bug in FIXES and isinstance(got.get("outcome"), dict) and "illegal" not in got["outcome"]:
        FIXES[bug](doc, got["outcome"])
    return got


def main() -> None:
    bug = sys.argv[1]
    assert bug in BUGS, f"bugs: {', '.join(BUGS)}"
    for line in sys.stdin:
        if line.strip():
            doc = json.loads(line)
            try:
                reply = answer(doc, bug)
            except Exception as err:  # a client answers every line
                reply = {"id": doc.get("id"), "error": f"{type(err).__name__}: {err}"}
            print(json.dumps(reply, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
