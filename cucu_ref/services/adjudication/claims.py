"""The claim: what someone at the table says the outcome is, upheld or overruled.

Each field claimed is compared with every outcome; a difference names the field, what was
claimed, what the rules say and, where the outcome depends on unknown cards, in which case.
``net`` (the net change of each listed player's marks in this deal: marks gained minus
marks lost by play, buy-backs and restarts not counted) is checked only for the players
listed.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Optional

from ...formats.position import Position
from .model import CaseOutcome
from .outcomes import settled_next_dealer

__all__ = ["judge_claim", "ruled_fields"]


def ruled_fields(r: dict[str, Any]) -> dict[str, Any]:
    """An outcome's result in the claim's terms."""
    lost = Counter(x["player"] for x in r["marks_lost"])
    gained = Counter(x["player"] for x in r["marks_gained"])
    return {
        "loses": sorted(x["player"] for x in r["marks_lost"]),
        "gains": sorted(x["player"] for x in r["marks_gained"]),
        "out": sorted(set(r["out"])),
        "holds": r["holds"],
        "next": r["next"]["player"] if r["next"] else None,
        "next_dealer": settled_next_dealer(r),
        "winner": r["winner"],
        "net": {n: gained[n] - lost[n] for n in r["marks"]},
    }


def _with_out_losses(claimed: dict[str, Any], ruled: dict[str, Any]) -> Any:
    """The losers a claim means: those it lists, and each player it says went out whom it does
    not list, with the marks he lost (going out is losing the last mark, K16; a table that says
    'Eve out' says Eve lost).  A loser the claim names nowhere stays left out."""
    listed = list(claimed["loses"])
    for player in claimed.get("out") or ():
        if player not in listed:
            listed += [player] * max(1, ruled["loses"].count(player) if player in ruled["out"] else 1)
    return sorted(listed)


def judge_claim(pos: Position, outcomes: list[CaseOutcome]) -> Optional[dict[str, Any]]:
    if pos.claim is None:
        return None
    diffs: list[dict[str, Any]] = []
    upheld_if: list[str] = []
    for o in outcomes:
        before = len(diffs)
        _differences(pos.claim.fields, o, diffs)
        if len(diffs) == before and o.condition:
            upheld_if.append(o.condition)
    for d in diffs:
        if d["field"] in ("loses", "gains"):
            # the players the claim leaves out, and those it names wrongly (K15, K16)
            d["left_out"] = _minus(d["ruled"], d["claimed"])
            d["not_ruled"] = _minus(d["claimed"], d["ruled"])
    verdict = "upheld" if not diffs else "overruled"
    judged: dict[str, Any] = {"by": pos.claim.by, "claimed": pos.claim.fields, "verdict": verdict,
                              "differences": diffs}
    if diffs and upheld_if:
        # overruled, but right in some cases of the unknown cards: which (a table that reads only
        # 'OVERRULED' takes the claim for wrong whatever the cards)
        judged["upheld_if"] = upheld_if
    return judged


def _differences(fields: dict[str, Any], o: CaseOutcome, diffs: list[dict[str, Any]]) -> None:
    """The differences of a claim's ``fields`` from one case's outcome, appended to ``diffs``."""
    ruled = ruled_fields(o.result)
    for field, claimed in fields.items():
        if field == "loses":
            claimed = _with_out_losses(fields, ruled)
        actual = ruled[field]
        if field in ("holds", "net"):
            actual = {n: actual.get(n) for n in claimed}
        if claimed != actual:
            diff = {"field": field, "claimed": claimed, "ruled": actual, "when": o.when}
            if o.condition:
                diff["if"] = o.condition
            if field == "next_dealer" and actual is None:
                diff.update(_both_ways(claimed, o.result))
            if field == "winner" and actual is None and o.result.get("winners"):
                # no single winner because the last players went out together (S6): say so,
                # not 'nobody'
                diff["ruled_joint"] = list(o.result["winners"])
            diffs.append(diff)


def _both_ways(claimed: Any, result: dict[str, Any]) -> dict[str, Any]:
    """Where the next dealer waits on a buy-back (K17, L11: the out player right of the dealer
    deals if he buys back, the next one if not), the dealer each way and the way the claimed
    one holds in ('none_buys_back', 'all_buy_back'; None: neither way)."""
    ways = {way: result.get(f"next_dealer_if_{way}") for way in ("none_buys_back", "all_buy_back")}
    if all(dealer is None for dealer in ways.values()):
        return {}
    out: dict[str, Any] = {f"ruled_if_{way}": dealer for way, dealer in ways.items()}
    out["holds_if"] = next((way for way, dealer in ways.items() if dealer == claimed), None)
    # who may buy back: with one player the ways are said by name, not 'if all do'
    out["may_buy_back"] = [x["player"] for x in result.get("buy_back_offers") or []]
    return out


def _minus(a: list[str], b: list[str]) -> list[str]:
    """``a`` less ``b``, as multisets (a player named twice lost two marks)."""
    rest = list(b)
    out = []
    for x in a:
        if x in rest:
            rest.remove(x)
        else:
            out.append(x)
    return out
