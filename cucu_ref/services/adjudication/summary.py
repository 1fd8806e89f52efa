"""A ruling with many outcomes said player by player (issue 24 §5).

Where unknown cards decide the outcome and the outcomes are few (at most :data:`FEW`), the
ruling says each case with its condition and only what differs, and tells the deal once
(:func:`plays`; the text is :mod:`cucu_ref.services.render`'s).  Where they are many (twenty players, four
cards never shown: some fifty cases), a table reads it as it would say it: what every case
agrees on (:func:`~.outcomes.certain_of`), then, for each player whose marks depend on the
cards, each thing that may happen to him with the condition that decides it, the union of the
cases where it happens, said in the fewest words exactly true of it (:mod:`.conditions`, on the
compressed space); then what comes next (the next dealer, who decides next) where that depends
on the cards.  The deal is told once (:func:`plays`): the unknown cards named as unknown, split
only where the play itself differs.

Each effect is *exact*: the condition holds in exactly the cases where the player's result is
that effect (tests/cli/test_many_outcomes.py reads every condition back over every case).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, Optional, Sequence

from ...formats.i18n import gettext, ngettext
from ...formats.position import Position
from ...game.scoring import TIE_RULES
from ...game.state import EventKind
from .model import CaseOutcome
from .outcomes import Grouping, settled_next_dealer, told_steps

__all__ = ["FEW", "MANY_PLAYS", "many", "by_player", "plays", "next_beyond", "BUY_BACK_OR_NOT", "unsaid"]

# At most this many distinct outcomes are said case by case (each with its condition, as a
# table can follow them); beyond, player by player.  Four: a player's mark that hangs on one
# unknown card and a second one reads as four cases; five and more are read more easily by
# player (docs/cli.rst, "What a ruling says").
FEW = 4
# At most this many distinct plays are told one by one in the account; beyond, the part where
# they differ is left to --steps
MANY_PLAYS = FEW
# A condition the text leaves unsaid ('otherwise', :func:`unsaid`) that is longer than this many
# words or alternatives ('; or ') is said as its cases, 'in the other 16 cases (--steps lists
# them)' (issue 24 §1: it read as a wall of up to 1,016 words, never printed, only in the JSON)
WALL_WORDS = 60
WALL_WAYS = 4


def many(outcomes: Sequence[CaseOutcome]) -> bool:
    """Are there too many outcomes to say them case by case?"""
    return len(outcomes) > FEW


def _less(items: list[str], taken: list[str]) -> list[str]:
    """``items`` without one of each of ``taken`` (a multiset difference, order kept)."""
    left = Counter(taken)
    out = []
    for x in items:
        if left[x]:
            left[x] -= 1
        else:
            out.append(x)
    return out


def _effect(r: dict[str, Any], player: str, certain: dict[str, Any]) -> dict[str, Any]:
    """What happens to ``player`` in the result ``r`` beyond what is certain: the rules of the
    marks he loses and gains (in the order they fell), whether he goes out, and if so his
    buy-back (K17, L11)."""

    def rules(items: list[dict[str, Any]]) -> list[str]:
        return [x["rule"] for x in items if x["player"] == player]

    out = player in r["out"] and player not in certain["out"]
    effect: dict[str, Any] = {"marks_lost": _less(rules(r["marks_lost"]), rules(certain["marks_lost"])),
                              "marks_gained": _less(rules(r["marks_gained"]), rules(certain["marks_gained"])),
                              "out": out}
    if out:
        offers = [x["stakes"] for x in r["buy_back_offers"] if x["player"] == player]
        effect["buy_back_stakes"] = offers[0] if offers else None
        effect["bought_back"] = player in r["bought_back"]
    return effect


# what comes next, beyond the players' own marks (the fields the verdict's last sentence reads)
_NEXT_FIELDS = ("restart", "winner", "winners", "next", "next_dealer", "kept_last_life",
                "next_dealer_if_none_buys_back", "next_dealer_if_all_buy_back", "winner_if_none_buys_back",
                "winner_if_all_buy_back")


# the two answers to a buy-back decision (K17, L11)
BUY_BACK_OR_NOT = frozenset({"buy-back", "decline"})


def next_beyond(r: dict[str, Any], certain_out: Sequence[str]) -> dict[str, Any]:
    """The result ``r`` as what comes next says it, where a player not out in every case may go
    out: his buy-back decision is said on his own line ('Carla is out and decides next whether
    to buy back', K17), so what comes next beyond it is the next dealer, where the buy-back
    does not change it (:func:`~.outcomes.settled_next_dealer`): 'next dealer: Anna' in every
    case, not 'Anna, whether or not anybody buys back' in some and 'Anna' in the others."""
    nx = r["next"]
    dealer = settled_next_dealer(r)
    if not nx or nx["player"] in certain_out or set(nx["legal"]) != BUY_BACK_OR_NOT or dealer is None:
        return r
    return {**r, "next": None, "next_dealer": dealer, "next_dealer_if_none_buys_back": None,
            "next_dealer_if_all_buy_back": None}


def _what_next(r: dict[str, Any], certain: dict[str, Any]) -> str:
    r = next_beyond(r, certain["out"])
    key = {f: r.get(f) for f in _NEXT_FIELDS}
    gone = set(certain["out"])  # (their buy-backs belong to what is certain, not to a player's line)
    key["buy_back_offers"] = [x for x in r["buy_back_offers"] if x["player"] in gone]
    key["bought_back"] = [p for p in r["bought_back"] if p in gone]
    return json.dumps(key, sort_keys=True, default=str)


def _split(keys: Sequence[str]) -> list[list[int]]:
    """The outcomes grouped by ``keys`` (one per outcome), in the order of their first outcome."""
    groups: dict[str, list[int]] = {}
    for k, key in enumerate(keys):
        groups.setdefault(key, []).append(k)
    return list(groups.values())


def _said(parts: list[list[int]], grouping: Grouping, outcomes: Sequence[CaseOutcome]) -> list[dict[str, Any]]:
    """Each part's condition and cases, every part sought in fewer words (issue 24 §1): the text
    leaves unsaid the one whose condition is longest ('otherwise'), and the JSON gives each its
    shortest exact condition, the one said 'otherwise' too (it was its outcomes' own conditions as
    alternatives, hundreds of words: 'at least one of Bruno, Carla and Dora was dealt a card from
    Leone to VI' where Anna's marks stay, L3, L4)."""
    said = grouping.conditions(parts, outcomes)
    return [{"if": condition, "when": when, "outcomes": idx} for idx, (condition, when) in zip(parts, said)]


def unsaid(said: Sequence[tuple[bool, str]]) -> int:
    """Which of a line's parts (whether it does something, its condition) the text says with no
    condition: one whose condition is a wall (:func:`_wall`: 'Anna loses a mark (the lowest card,
    H1); but if ...: Anna's marks stay as they are', where her loss was seven alternatives);
    else where one does nothing (the marks stay) and its condition has alternatives, that one;
    else the one of the most alternatives ('; or '), then the longest (a 'but if' reads one
    way).  Its condition is what holds in no other part's: 'otherwise'."""
    ways = gettext("; or ")
    return max(range(len(said)), key=lambda k: (_wall(said[k][1]), not said[k][0] and ways in said[k][1],
                                                said[k][1].count(ways), len(said[k][1])))


def _wall(condition: str) -> bool:
    """Is ``condition`` too long to read (over :data:`WALL_WORDS` words or :data:`WALL_WAYS`
    alternatives)?"""
    return len(condition.split()) > WALL_WORDS or condition.count(gettext("; or ")) >= WALL_WAYS


def _otherwise(entries: list[dict[str, Any]], does: Sequence[bool]) -> list[dict[str, Any]]:
    """``entries`` (a line's parts; ``does``: whether each does something) with the part the text
    leaves unsaid (:func:`unsaid`) said as its cases where its condition is a wall (over
    :data:`WALL_WORDS` words or :data:`WALL_WAYS` alternatives): 'in the other 16 cases (--steps
    lists them)', true where no other part's condition holds (the parts split the cases), and
    marked ``otherwise`` so that the text still leaves it unsaid (issue 24 §1)."""
    k = unsaid([(d, e["if"]) for d, e in zip(does, entries)])
    if not _wall(entries[k]["if"]):
        return entries
    n = len(entries[k]["outcomes"])
    said = ngettext("in the other case (--steps lists it)", "in the other {n} cases (--steps lists them)", n)
    # (a second wall, said: its cases by their numbers in --steps, 'Case 3, if ...')
    return [{**e, "if": said.format(n=n), "otherwise": True} if j == k else _numbered(e) if _wall(e["if"]) else e
            for j, e in enumerate(entries)]


def _numbered(entry: dict[str, Any]) -> dict[str, Any]:
    """``entry`` (a part of a line whose condition is a wall, but not the part left unsaid) with
    its condition said as its cases' numbers: 'the cards are those of cases 1, 4 and 6 (--steps
    lists them)'."""
    numbers = [str(k + 1) for k in entry["outcomes"]]
    cases = numbers[0] if len(numbers) == 1 else gettext("{a} and {b}").format(a=", ".join(numbers[:-1]),
                                                                                b=numbers[-1])
    said = ngettext("the cards are those of case {cases} (--steps lists it)",
                    "the cards are those of cases {cases} (--steps lists them)", len(numbers))
    return {**entry, "if": said.format(cases=cases)}


def _as_lowest(effect: dict[str, Any], tie: Optional[str], lowest: str) -> dict[str, Any]:
    """``effect`` with a mark its tie rule cites (L3: of the tied lowest the first in play order
    loses; R4) as the showdown's (K15: the lowest card loses): one thing that happens to the
    player, the lowest card, whether it ties or not (issue 24 §1: two effects, each with its own
    condition, were one mark said twice in hundreds of words)."""
    if tie is None or tie not in effect["marks_lost"]:
        return effect
    return {**effect, "marks_lost": [lowest if rule == tie else rule for rule in effect["marks_lost"]]}


def _one_effect(effects: Sequence[dict[str, Any]], tie: Optional[str], lowest: str) -> dict[str, Any]:
    """The effect of a part (:func:`_as_lowest`'s alike): where some of its cases cite the tie
    rule and others the showdown's, the showdown's, and ``tie_rule`` the tie's (the lowest card,
    alone or tied, K15/L3)."""
    cited = {tie in e["marks_lost"] for e in effects}
    if tie is None or len(cited) < 2:
        return effects[0]
    return {**_as_lowest(effects[0], tie, lowest), "tie_rule": tie}


def by_player(pos: Position, outcomes: Sequence[CaseOutcome], grouping: Grouping,
              certain: dict[str, Any]) -> dict[str, Any]:
    """The ruling player by player: each player whose result depends on the unknown cards with
    each of his effects (:func:`_effect`) and its condition; what comes next, by condition,
    where it depends on them ([] where it does not: it is certain)."""
    players = []
    tie, lowest = TIE_RULES.get(pos.rules.ties), pos.rules.showdown_rule
    for player in pos.players:
        effects = [_effect(o.result, player, certain) for o in outcomes]
        keys = [json.dumps(_as_lowest(e, tie, lowest), sort_keys=True) for e in effects]
        if len(set(keys)) < 2:
            continue
        parts = _split(keys)
        entries = _said(parts, grouping, outcomes)
        does = [bool(effects[idx[0]]["marks_lost"] or effects[idx[0]]["marks_gained"] or effects[idx[0]]["out"])
                for idx in parts]
        players.append({"player": player,
                        "effects": _otherwise([{**_one_effect([effects[k] for k in idx], tie, lowest), **entry}
                                               for idx, entry in zip(parts, entries)], does)})
    nexts = [_what_next(o.result, certain) for o in outcomes]
    if len(set(nexts)) < 2:
        return {"players": players, "next": []}
    entries = _said(_split(nexts), grouping, outcomes)
    return {"players": players, "next": _otherwise(entries, [True] * len(entries))}


# --------------------------------------------------------------------------- the account, told once


def _play(leaf: Any) -> tuple[Any, ...]:
    """A branch's play up to the showdown: each step's events without their cards (the decisions,
    exchanges, event cards met and marks paid on the way)."""
    out = []
    for i, events in leaf.steps:
        said: list[tuple[Any, ...]] = []
        for ev in events:
            if ev.kind == EventKind.SHOWDOWN:
                out.append((i, tuple(said)))
                return tuple(out)
            said.append((ev.kind, ev.seat, ev.other, ev.rule, ev.amount))
        out.append((i, tuple(said)))
    return tuple(out)


def _until_showdown(leaf: Any, steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The steps up to the showdown's own line (one step per event before it)."""
    count = 0
    for _i, events in leaf.steps:
        for ev in events:
            if ev.kind == EventKind.SHOWDOWN:
                return steps[:count + 1]
            count += 1
    return steps


def plays(pos: Position, outcomes: Sequence[CaseOutcome], grouping: Grouping) -> list[dict[str, Any]]:
    """The deal told once for all the cases (issue 24 §5): the branches grouped by their play
    (:func:`_play`), each play's steps up to the showdown with the cards that differ between its
    cases named as unknown ('a card the position does not give', '?' at the showdown), and where
    there are several plays (at most :data:`MANY_PLAYS`), each with its condition; [] where the
    plays are more (the account then gives what they share, --steps the rest)."""
    by_play: dict[tuple[Any, ...], list[tuple[int, Any]]] = {}
    for k, branches in enumerate(grouping.leaves):
        for leaf in branches:
            by_play.setdefault(_play(leaf), []).append((k, leaf))
    if len(by_play) > MANY_PLAYS:
        return _shared(pos, outcomes, list(by_play.values()))
    told: list[dict[str, Any]] = []
    for members in by_play.values():
        leaves = [leaf for _, leaf in members]
        idx = sorted({k for k, _ in members})
        rep = leaves[0]
        steps = told_steps(pos, leaves, _common_shown([outcomes[k].result for k in idx]))
        told.append({"outcomes": idx, "steps": _until_showdown(rep, steps)})
    if len(told) > 1:
        if any(set(a["outcomes"]) & set(b["outcomes"]) for a in told for b in told if a is not b):
            # (one outcome reached by two plays: no condition of the cards tells the plays apart)
            return _shared(pos, outcomes, list(by_play.values()))
        said = grouping.conditions([t["outcomes"] for t in told], outcomes)
        for t, (condition, when) in zip(told, said):
            t.update({"if": condition, "when": when})
    return told


def _shared(pos: Position, outcomes: Sequence[CaseOutcome],
            plays: Sequence[Sequence[tuple[int, Any]]]) -> list[dict[str, Any]]:
    """Where the plays are not told one by one (too many, or one outcome reached by several): the
    steps every play shares from the start, as one play marked ``partial`` (the account then
    says that the rest depends on the cards).  Never a step of one play told as every case's:
    an outcome's own steps are one of its cases', which may have cut a king where another case
    did not (issue 24 §1, S4)."""
    told = [told_steps(pos, [leaf for _, leaf in members],
                       _common_shown([outcomes[k].result for k in sorted({k for k, _ in members})]))
            for members in plays]
    shared: list[dict[str, Any]] = []
    for steps in zip(*told):
        if any(step != steps[0] for step in steps[1:]):
            break
        shared.append(steps[0])
    return [{"outcomes": list(range(len(outcomes))), "steps": shared, "partial": True}]


def _common_shown(results: Sequence[dict[str, Any]]) -> Optional[dict[str, Optional[str]]]:
    """The cards shown at the showdown that are the same in every one of ``results`` (None for
    the others), None where the deal has no showdown."""
    first = results[0]["shown"]
    if first is None:
        return None
    return {n: c if all(r["shown"] and r["shown"].get(n) == c for r in results) else None for n, c in first.items()}
