"""Outcomes: each branch's result, grouped where they agree, each group described by the
unknown cards that lead to it ("if Bruno was dealt V or lower").

Cases are ordered by their cards' ranks (highest first), keyed in deal order; the same
input gives the same output under any hash seed (issue 12).
"""

from __future__ import annotations

import functools
from itertools import compress, product
from typing import Any, Callable, Iterable, Mapping, NamedTuple, Optional, Sequence

from ...game import cards as _cards
from ...game.cards import PACKS, Card
from ...game.engine import legal_actions, step
from ...formats.position import Position
from ...formats.vocabulary import display_name
from ...game.history import fold
from ...game.state import Action, ActionKind, EventKind, Phase, State
from .explain import steps_of
from ...formats.i18n import gettext
from .conditions import shortest, spoken
from .model import CaseOutcome, is_placeholder, per_position
from .replay import VERB_NAMES, Leaf, Run

__all__ = ["result_of", "group", "grouped", "Grouping", "certain_of", "common_items", "essence", "outcome_key",
           "unknown_labels", "describe", "card_range", "settled_next_dealer", "plays_of"]

Row = tuple[frozenset[Card], ...]


# every card's canonical token (cards.format), read by one look-up; a placeholder (an unknown
# card, model.PLACEHOLDER) has none
_TOKEN_OF: dict[Card, str] = {c: _cards.format(c) for pack in PACKS.values()
                              for c in (Card(pack.family, v) for v in pack.values)}


# The kinds of event a result reads from the fold (the marks, the showdown, who went out, the
# buy-backs, a restart, the next dealer): only these are folded.  The card moves and the stops,
# which a result does not read, are most of a deal's events, and every branch is folded.
_READ_KINDS = frozenset({EventKind.MARK_LOST, EventKind.MARK_GAINED, EventKind.SHOWDOWN, EventKind.OUT,
                         EventKind.BUY_BACK_OFFER, EventKind.BUY_BACK, EventKind.RESTART, EventKind.DRAW,
                         EventKind.KEEP_LAST_LIFE, EventKind.NEXT_DEALER})


def result_of(pos: Position, leaf: Leaf, subst: dict[Card, Card]) -> dict[str, Any]:
    """A branch's result (the ``cucu-ruling/1`` fields, in their order): what its events did,
    folded once (:func:`~cucu_ref.game.history.fold`), and where its final state stands."""
    names = pos.players
    final = leaf.state
    record = fold([ev for _, evs in leaf.steps for ev in evs if ev.kind in _READ_KINDS])
    over = record.showdown is not None
    out: dict[str, Any] = {"deal_over": over, "next": _next_decision(final, names)}
    lost: list[dict[str, Any]] = []
    gained: list[dict[str, Any]] = []
    for m in record.marks:  # (one entry a mark lost; record.lost and record.gained, in one pass)
        if m.amount < 0:
            lost += [{"player": names[m.seat], "rule": m.rule} for _ in range(-m.amount)]
        elif m.amount > 0:
            gained.append({"player": names[m.seat], "rule": m.rule})
    out["marks_lost"], out["marks_gained"] = lost, gained
    # (each list built only where the record has something for it: most hold nothing)
    out["out"] = [names[s] for s in record.went_out] if record.went_out else []
    _cards_held(out, final, leaf, subst, over)
    stake = pos.rules.stake
    out["buy_back_offers"] = [{"player": names[e.seat], "stakes": e.amount, "amount": e.amount * stake}
                              for e in record.buy_back_offers if e.seat is not None] if record.buy_back_offers else []
    out["bought_back"] = [names[e.seat] for e in record.bought_back if e.seat is not None] if record.bought_back else []
    restart = record.restart
    out["restart"] = {"kind": str(restart.kind), "rule": restart.rule} if restart is not None else None
    out["kept_last_life"] = [names[s] for s in record.kept_last_life] if record.kept_last_life else []
    out["next_dealer"] = names[record.next_dealer] if record.next_dealer is not None else None
    if final.phase == Phase.BUY_BACK:
        out.update(_after_buy_backs(final, names))
    winner = final.winner if final.phase == Phase.MATCH_OVER else None
    out["winner"] = names[winner] if winner is not None else None
    # S6's joint winners have no single winner: list every winner (K3's one, or S6's several)
    winners = final.winners
    out["winners"] = [names[s] for s in winners] if winners else []
    out["marks"] = dict(zip(names, final.marks))
    out["virgins"] = list(compress(names, final.virgins))
    out["pot"] = final.pot
    if pos.hinted:  # Z7: who hinted at holding a fool (present where somebody did)
        out["hinted"] = [names[s] for s in pos.hinted]
    return out


def _next_decision(final: State, names: Sequence[str]) -> Optional[dict[str, Any]]:
    """Who decides next, in which phase, choosing among which decisions (None: nobody)."""
    if final.phase in (Phase.SHUFFLE, Phase.MATCH_OVER):
        return None
    assert final.actor is not None
    return {"player": names[final.actor], "phase": final.phase,
            "legal": sorted({VERB_NAMES.get(a.kind, a.kind) for a in legal_actions(final)})}


def _cards_held(out: dict[str, Any], final: State, leaf: Leaf, subst: dict[Card, Card], over: bool) -> None:
    """``shown``, ``dead`` and ``holds`` into ``out``, in one pass over the seats: each card held
    named once: 'holds' names every one, 'shown' the live ones again (a live seat holding no card
    shows none)."""
    names, hands, dead = final.players, final.hands, final.dead
    # the seats whose showdown card stands for several cases: no single card to name
    unsure = {seat for seat, ph in leaf.know.held if ph not in subst} if leaf.know.held else ()
    shown: Optional[dict[str, Optional[str]]] = {} if over else None
    holds: dict[str, Optional[str]] = {}
    out_of_play = []
    for s in final.order:
        c, name, token = hands[s], names[s], None
        if c is not None:
            # (a card's token by one look-up, the case's binding first; a placeholder has none)
            token = holds[name] = None if s in unsure else _TOKEN_OF.get(subst.get(c, c) if subst else c)
        if dead[s]:
            out_of_play.append(name)
        elif shown is not None:
            shown[name] = token
    out["shown"], out["dead"], out["holds"] = shown, out_of_play, holds
    if out_of_play:
        out["dead_cards"] = _dead_cards(final, leaf, subst, unsure)


def _dead_cards(final: State, leaf: Leaf, subst: dict[Card, Card], unsure: Any) -> dict[str, Optional[str]]:
    """The card each dead player went out with (K15), also where it went under the stack (L10):
    read off the hands the events move (no event names the card under the stack); None where the
    position does not give it."""
    names, hands = final.players, final.hands
    gone = {}
    if any(final.dead[s] and hands[s] is None for s in final.order):
        record = fold([ev for _, evs in leaf.steps for ev in evs], leaf.start.hands, hands)
        gone = {m.seat: m.gave for m in record.moves if m.kind == EventKind.DEAD_CARD_UNDER_STACK}
    cards: dict[str, Optional[str]] = {}
    for s in final.order:
        if final.dead[s]:
            c = hands[s] if hands[s] is not None else gone.get(s)
            cards[names[s]] = None if c is None or s in unsure else _TOKEN_OF.get(subst.get(c, c) if subst else c)
    return cards


def _after_buy_backs(final: State, names: Sequence[str]) -> dict[str, Any]:
    """Where a match waits on buy-back decisions between deals (K17, L11), the next dealer and
    the winner both ways: if nobody buys back, and if everybody does."""
    out: dict[str, Any] = {}
    if final.phase != Phase.BUY_BACK or final.suspended is not None:
        return out
    for key, decision in (("if_none_buys_back", ActionKind.DECLINE), ("if_all_buy_back", ActionKind.BUY_BACK)):
        s = final
        while s.phase == Phase.BUY_BACK:
            s, _ = step(s, Action(decision, s.actor))
        out[f"next_dealer_{key}"] = names[s.dealer] if s.phase == Phase.SHUFFLE else None
        out[f"winner_{key}"] = names[s.winner] if s.phase == Phase.MATCH_OVER and s.winner is not None else None
    return out


def settled_next_dealer(r: dict[str, Any]) -> Optional[str]:
    """The next dealer of the result ``r`` where the buy-backs do not change it (K2, K17: the
    first seat right of the dealer still in, whether or not the player out buys back): the
    deal's ``next_dealer``, or where the match waits on buy-backs the one both ways lead to;
    None where it depends on them (or nobody deals next)."""
    either = r.get("next_dealer_if_none_buys_back")
    return r["next_dealer"] or (either if either == r.get("next_dealer_if_all_buy_back") else None)


# (kept_last_life, S6, adds no decision: the players out this deal with a mark again that neither a
# buy-back nor a restart gave them; left out, an outcome's essence is what it was before the field)
_NOT_ESSENTIAL = frozenset({"shown", "holds", "dead_cards", "marks_lost", "marks_gained", "restart", "kept_last_life"})


def essence(result: dict[str, Any]) -> str:
    """What an outcome decides, without the cards shown and the rule IDs that got there."""
    core = {k: v for k, v in result.items() if k not in _NOT_ESSENTIAL}
    core["restart"] = result["restart"]["kind"] if result["restart"] else None
    core["marks_lost"] = sorted(x["player"] for x in result["marks_lost"])
    core["marks_gained"] = sorted(x["player"] for x in result["marks_gained"])
    return repr(core)  # result_of builds every dict in the same key order


def case_key(result: dict[str, Any]) -> str:
    """What a case of a ruling decides and the rule of each mark: branches group into one case
    only where they agree on both, so a case's verdict cites each mark's own rule (where a
    card would make Anna lose as the fool, C3, and another as the lowest, K15, the same marks
    are two cases).  Readings are still compared on :func:`essence` alone."""
    # lost and gained apart: a loss by one rule and a gain by another are not the reverse pair
    lost = sorted((x["player"], x["rule"]) for x in result["marks_lost"])
    gained = sorted((x["player"], x["rule"]) for x in result["marks_gained"])
    return essence(result) + repr((lost, gained))


def outcome_key(outcomes: Iterable[CaseOutcome]) -> tuple[str, ...]:
    """What a ruling decides, to compare two readings' rulings (readings.open_questions): each
    outcome's essence and, where the unknown cards split the ruling into several, the cards
    each holds for.  A reading can give the same outcomes for other cards: As Qui Court's
    dealer who takes the talon unseen (A4) keeps his ace where its card is a king under Q18's
    'keeps-own' and loses, and takes the king under 'exchanges', so another player loses."""
    outcomes = list(outcomes)
    essences = tuple(sorted({essence(o.result) for o in outcomes}))
    if len(essences) < 2:
        return essences
    cards: dict[str, set[tuple[tuple[str, str], ...]]] = {}
    for o in outcomes:
        points = _points(o.when)
        if points is None:  # too many to list: the outcomes alone, as before
            return essences
        cards.setdefault(essence(o.result), set()).update(points)
    return essences + tuple(repr(sorted(cards[e])) for e in essences)


_MAX_POINTS = 4096  # the cards of a case listed one assignment at a time, at most


def _points(when: list[dict[str, list[str]]]) -> Optional[set[tuple[tuple[str, str], ...]]]:
    """Every assignment of the unknown cards a case's ``when`` stands for, or None where it
    stands for none in particular (always) or for too many to list."""
    if not when:
        return None
    out: set[tuple[tuple[str, str], ...]] = set()
    for box in when:
        labels = sorted(box)
        size = 1
        for label in labels:
            size *= len(box[label])
        if len(out) + size > _MAX_POINTS:
            return None
        out.update(tuple(zip(labels, combo)) for combo in product(*(box[label] for label in labels)))
    return out


# --------------------------------------------------------------------------- the leaves' cards


def _case_keys(leaf: Leaf) -> set[Card]:
    return {ph for box in leaf.know.cases for ph in box}


def _fixed(leaf: Leaf) -> dict[Card, Card]:
    """The bindings that hold in every case this leaf stands for (not to be changed: kept)."""
    kept = _FIXED.get(id(leaf))
    if kept is not None and kept[0] is leaf:
        return kept[1]
    cases = leaf.know.cases
    keys = _case_keys(leaf)
    got = {ph: c for ph, c in leaf.know.subst.items()
           if ph not in keys or all(box.get(ph, frozenset([c])) == frozenset([c]) for box in cases)}
    _FIXED[id(leaf)] = (leaf, got)
    return got


# id of a leaf -> (the leaf, its bindings that hold in every case, _fixed): an outcome's leaves are
# told again in each play and each player's effects that hold them (told_steps, issue 24 §5: 13,244
# calls for 600 leaves in a Coucou deal of sixteen players with four cards unshown).  The leaf is
# kept with them, so that its id is not another's while kept; one position's
_FIXED: dict[int, tuple[Leaf, dict[Card, Card]]] = per_position({})


def _boxes(run: Run, leaf: Leaf, keys: Sequence[Card]) -> list[Row]:
    r = run.reasoner
    base = {ph: frozenset(r.possible(leaf.know, ph)) for ph in keys}
    cases = leaf.know.cases or ({},)
    return [tuple(box.get(ph, base[ph]) for ph in keys) for box in cases]


def unknown_labels(run: Run) -> list[str]:
    """The unknown cards the ruling split cases on and that stay unknown in some case."""
    keys = _split_keys(run)
    r = run.reasoner
    out = []
    for ph in keys:
        values: set[Card] = set()
        for leaf in run.leaves:
            values.update(r.possible(leaf.know, ph))
            for box in leaf.know.cases:
                values.update(box.get(ph, ()))
        if len(values) > 1:
            out.append(run.lay.labels[ph])
    return out


def _split_keys(run: Run) -> list[Card]:
    split = {ph for leaf in run.leaves for ph in leaf.know.split}
    return [ph for ph in run.lay.labels if ph in split]


def merge(rows: Iterable[Row]) -> list[Row]:
    """Rows (products of card sets) merged greedily where they differ in one place, ordered
    by their cards' ranks, highest first."""
    out = set(rows)
    width = len(next(iter(out))) if out else 0
    keys: dict[Row, tuple[list[int], tuple[tuple[int, ...], ...]]] = {}

    def order(row: Row) -> tuple[list[int], tuple[tuple[int, ...], ...]]:
        # (each row's order worked out once: the rows are sorted again after each merge)
        key = keys.get(row)
        if key is None:
            key = keys[row] = _row_order(row)
        return key

    ordered = sorted(out, key=order)
    changed = True
    while changed and len(out) > 1:
        changed = False
        for d in range(width):
            merged: dict[Row, frozenset[Card]] = {}
            for row in ordered:
                rest = row[:d] + row[d + 1:]
                merged[rest] = merged.get(rest, frozenset()) | row[d]
            if len(merged) < len(out):
                out = {rest[:d] + (vals,) + rest[d:] for rest, vals in merged.items()}
                ordered = sorted(out, key=order)
                changed = True
    return ordered


def _row_order(row: Row) -> tuple[list[int], tuple[tuple[int, ...], ...]]:
    """Rows by their cards' ranks, highest first; two rows whose cards read alike in that
    order ({V, IIII} then {III}, and {V} then {IIII, III}) by their cards column by column, so
    that no order is left to the hash of a set (issue 12: the same output under any seed)."""
    columns = tuple(tuple(sorted(-c.value for c in vals)) for vals in row)
    return [v for col in columns for v in col], columns


# --------------------------------------------------------------------------- conditions a person reads


def card_range(values: Sequence[Card], universe: Sequence[Card], pack_values: Sequence[int],
               name: Callable[[Card], str] = _cards.format, held: frozenset[Card] = frozenset()) -> str:
    """``values`` (a subset of ``universe``, the cards the unknown card may be) as a person says
    it: 'V or lower', 'a card from leone to III' (a range low to high), 'IIII or matto', 'anything
    but matto' (all the cards it may be but one), 'anything but the other fool' (the one left out
    is the other copy of a card someone else holds: the Cuccù pack has two of each, C1; the fools,
    C3).  ``name``: a card's name (the ruleset's); ``held``: the cards known in other hands."""
    uni = sorted(set(universe), key=lambda c: -c.value)
    chosen = set(values)
    if chosen >= set(uni):
        return "any card"
    missing = [c for c in uni if c not in chosen]
    if len(missing) == 1 and len(chosen) > 2:
        return f"anything but {_the_other(missing[0], held) or name(missing[0])}"
    runs: list[list[Card]] = []
    current: list[Card] = []
    for c in uni:
        if c in chosen:
            current.append(c)
        elif current:
            runs.append(current)
            current = []
    if current:
        runs.append(current)
    top, bottom = max(pack_values), min(pack_values)
    parts = []
    for run in runs:
        hi, lo = name(run[0]), name(run[-1])
        if len(run) == 1:
            parts.append(hi)
        elif run[-1] == uni[-1] and run[-1].value == bottom:
            parts.append(f"{hi} or lower")
        elif run[0] == uni[0] and run[0].value == top:
            parts.append(f"{lo} or higher")
        else:
            parts.append(f"a card from {lo} to {hi}")
    return " or ".join(parts)


def _the_other(card: Card, held: frozenset[Card]) -> Optional[str]:
    """'the other fool' ('the other XV') where someone else holds a copy of ``card`` and the pack
    has two of it (C1), so the unknown card can only be the other one; None otherwise."""
    if card not in held or card.pack not in _TWO_COPIES:
        return None
    return "the other fool" if card.is_fool else f"the other {_cards.format(card)}"


_TWO_COPIES = frozenset({_cards.CUCCU})


def _phrase(label: str, text: str) -> str:
    suffix = "'s dealt card"
    if label.endswith(suffix):
        return f"{label[: -len(suffix)]} was dealt {text}"
    kept = "'s card (the highest of the three he takes, F2)"
    if label.endswith(kept):
        return f"{label[: -len(kept)]} kept {text} (F2)"
    return f"{label} is {text}"


def describe(rows: Sequence[Row], keys: Sequence[Card], labels: Mapping[Card, str],
             universes: Mapping[Card, Sequence[Card]], pack_values: Sequence[int],
             name: Callable[[Card], str] = _cards.format, held: frozenset[Card] = frozenset()) -> str:
    alts = []
    said: dict[tuple[Card, frozenset[Card]], str] = {}  # (the same card sets come back row after row)
    for row in rows:
        parts = []
        for ph, vals in zip(keys, row):
            part = said.get((ph, vals))
            if part is None:
                part = said[(ph, vals)] = _phrase(labels[ph], card_range(
                    sorted(vals, key=lambda c: -c.value), universes[ph], pack_values, name, held))
            parts.append(part)
        parts = [p for p in parts if not p.endswith(" any card")]
        alts.append(" and ".join(parts) if parts else "any card")
    return "; or ".join(alts)


# --------------------------------------------------------------------------- grouping


class Grouping(NamedTuple):
    """How :func:`group` told the cases apart, kept for what is said across them (issue 24 §5,
    :mod:`.summary`): the unknown cards that tell them apart (``keys``, labelled ``labels``), each
    outcome's rows over them and its branches (in the outcomes' order), and how a set of cards
    is said (``universes``, ``pack_values``, ``named``, ``held``, ``fools``)."""

    keys: tuple[Card, ...]
    labels: tuple[str, ...]
    rows: tuple[tuple[Row, ...], ...]
    leaves: tuple[tuple[Leaf, ...], ...]
    universes: tuple[tuple[Card, ...], ...]
    pack_values: tuple[int, ...]
    named: Callable[[Card], str]
    held: frozenset[Card]
    fools: Optional[int]
    rules: Any = None  # the ruleset (its words for an unknown card: the talon's)
    whens: tuple[list[dict[str, list[str]]], ...] = ()  # each outcome's ``when`` (its rows as ``when`` gives them)

    def conditions(self, parts: Sequence[Sequence[int]],
                   outcomes: Sequence[CaseOutcome]) -> list[tuple[str, list[dict[str, list[str]]]]]:
        """Each of ``parts`` (groups of the outcomes, by index, that split the cases between
        them) as a condition and as ``when``: the fewest words exactly true of its cases
        (:func:`_shorten`), else its outcomes' own conditions as alternatives ('; or '), which
        are exact too (each outcome's is); ``when``: its outcomes' rows.  Every part is tried,
        the one a text says 'otherwise' too (issue 24 §1: its JSON condition was its outcomes'
        own, hundreds of words where a few say it)."""
        rows = [[row for k in ks for row in self.rows[k]] for ks in parts]
        # (each row's ``when`` as its outcome gives it: made once, not again for each split of the outcomes)
        when = [[w for k in ks for w in self.whens[k]] for ks in parts] if self.whens else \
            [[_when(self.labels, row) for row in box] for box in rows]
        # (every part is tried: the chain it would keep is never asked for, only its length)
        said = _shorten([(CaseOutcome([], [], {}, _UNSAID), box) for box in rows],
                        self.labels, self.universes, self.pack_values, self.named, self.held, self.fools, tied=True,
                        rules=self.rules)
        out = []
        for ks, o, w in zip(parts, _spoken(said, self.rules), when):
            condition = o.condition if o.condition not in ("", _UNSAID) else gettext("; or ").join(
                outcomes[k].condition for k in ks)
            out.append((condition, w))
        return out


def _when(labels: tuple[str, ...], row: Row) -> dict[str, list[str]]:
    """A row of card sets as ``when`` gives it: each unknown card's label with its cards by name,
    highest first."""
    return {label: list(cards) for label, cards in _when_items(labels, row)}


@per_position
@functools.lru_cache(maxsize=8192)
def _when_items(labels: tuple[str, ...], row: Row) -> tuple[tuple[str, tuple[str, ...]], ...]:
    # (kept: a ruling gives each row again in each player's effects, issue 24 §5)
    return tuple((label, tuple(_cards.format(c) for c in sorted(vals, key=lambda c: -c.value)))
                 for label, vals in zip(labels, row))


# a part's condition before it is said (long, and a chain: :func:`~.conditions.shortest` tries it)
_UNSAID = "; or " * 10_000


# which outcomes have their conditions put in the fewest words (:func:`grouped`'s ``worded_if``)
WordedIf = Callable[[Sequence[CaseOutcome]], bool]


def group(pos: Position, run: Run, with_steps: bool = True,
          worded_if: Optional[WordedIf] = None) -> list[CaseOutcome]:
    """One outcome per group of branches that decide alike, by the same rules (see
    :func:`case_key`), each with the cards that lead to it, ordered by those cards' ranks."""
    return grouped(pos, run, with_steps, worded_if)[0]


def grouped(pos: Position, run: Run, with_steps: bool = True,
            worded_if: Optional[WordedIf] = None) -> tuple[list[CaseOutcome], Optional[Grouping]]:
    """:func:`group`'s outcomes, and how it told them apart (None: one outcome, or no unknown
    card tells them apart).  ``worded_if``: where it does not hold of the outcomes, each keeps
    its condition as the plain chain of its cards (:func:`describe`: exact, but long) instead of
    the fewest words (:func:`_shorten`, most of the time of a ruling with many cases); None:
    always the fewest words.  (For another reading's cases, which the text a table reads gives
    only by their count where they are many: issue 24 §5, ``adjudicate(every_condition=False)``.)"""
    if len(run.leaves) == 1 and not run.leaves[0].know.split:
        # one branch, no case: the common path of a fully known position
        leaf = run.leaves[0]
        fixed = _fixed(leaf)
        res = result_of(pos, leaf, fixed)
        return [CaseOutcome([], steps_of(pos, leaf, fixed, res["shown"]) if with_steps else [], res, "")], None
    groups: dict[str, list[tuple[Leaf, dict[str, Any]]]] = {}
    for leaf in run.leaves:
        res = result_of(pos, leaf, _fixed(leaf))
        groups.setdefault(case_key(res), []).append((leaf, res))
    groups = _told_apart(groups)
    keys = _split_keys(run)
    rows_of = {key: [row for leaf, _ in members for row in _boxes(run, leaf, keys)] for key, members in groups.items()}
    # the unknown cards that tell the cases apart: those whose cards are not the same in every
    # case (with one outcome there is nothing to tell apart)
    distinct = [d for d in range(len(keys)) if len(groups) > 1 and len({row[d] for rows in rows_of.values()
                                                                         for row in rows}) > 1]
    dkeys = [keys[d] for d in distinct]
    universes = {ph: sorted(frozenset().union(*(row[d] for rows in rows_of.values() for row in rows)),
                            key=lambda c: -c.value) for d, ph in zip(distinct, dkeys)}
    pack_values = PACKS[pos.rules.pack].values

    def named(card: Card) -> str:  # the card as the ruleset's source names it ('as', 'Leone')
        return display_name(pos.rules, card)

    # the cards known in the players' hands (a copy someone holds: 'the other fool', C1, C3)
    # (in every branch: an unknown card a branch binds is no card someone is known to hold)
    held = frozenset.intersection(*(frozenset(c for c in leaf.state.hands if c is not None and not is_placeholder(c))
                                    for leaf in run.leaves))
    built = []
    for key, members in groups.items():
        res = _common_result(members)
        rows = merge(tuple(row[d] for d in distinct) for row in rows_of[key]) if distinct else []
        when = [_when(tuple(run.lay.labels[ph] for ph in dkeys), row) for row in rows]
        condition = describe(rows, dkeys, run.lay.labels, universes, pack_values, named, held) if rows else ""
        steps = told_steps(pos, [m for m, _ in members], res["shown"]) if with_steps else []
        shared, own = plays_of(pos, run, [m for m, _ in members], distinct, steps, res["shown"])
        built.append((_row_order(rows[0]) if rows else ([], ()), CaseOutcome(when, steps, res, condition, shared, own),
                      rows, tuple(m for m, _ in members)))
    built.sort(key=lambda x: x[0])
    if len(built) > 1 and dkeys:
        labels = tuple(run.lay.labels[ph] for ph in dkeys)
        said = Grouping(tuple(dkeys), labels, tuple(tuple(rows) for _, _, rows, _ in built),
                        tuple(leaves for *_, leaves in built), tuple(tuple(universes[ph]) for ph in dkeys),
                        tuple(pack_values), named, held, _fools_known(pos, run, keys, distinct, rows_of), pos.rules,
                        tuple(o.when for _, o, _, _ in built))
        cases = [o for _, o, _, _ in built]
        if worded_if is None or worded_if(cases):
            cases = _shorten([(o, rows) for _, o, rows, _ in built], said.labels, said.universes, pack_values,
                             named, held, said.fools, rules=pos.rules)
        return _spoken(cases, pos.rules), said
    return _spoken([o for _, o, _, _ in built], pos.rules), None


def _common_result(members: Sequence[tuple[Leaf, dict[str, Any]]]) -> dict[str, Any]:
    """The result of a group of branches that decide alike (:func:`grouped`): the first's, each
    card shown or held kept only where every branch has it (else None: the cases differ there)."""
    res = dict(members[0][1])
    if len(members) > 1:
        for field in ("shown", "holds"):
            if res[field] is not None:
                res[field] = {n: c if all(r[field] and r[field].get(n) == c for _, r in members) else None
                              for n, c in res[field].items()}
    return res


def _told_apart(groups: dict[str, list[tuple[Leaf, dict[str, Any]]]]) -> dict[str, list[tuple[Leaf, dict[str, Any]]]]:
    """The groups of branches, each split where its branches got to the same marks by different
    events AND show different cards: As Qui Court's dealer who takes the talon's 7 or ace (A4)
    loses with it, but with a king there she may not take it (F4) and loses with her ace; one
    account and one 'lowest card' cannot tell both (issue 24 §2).  Where the cards shown agree
    the outcome stays one (its verdict is one; the account tells the first branch's way)."""
    out: dict[str, list[tuple[Leaf, dict[str, Any]]]] = {}
    for key, members in groups.items():
        if len({repr(r["shown"]) for _, r in members}) > 1:
            for leaf, res in members:
                out.setdefault(key + _told(leaf), []).append((leaf, res))
        else:
            out[key] = members
    return out


def _told(leaf: Leaf) -> str:
    """What a branch's account tells beyond its result: its events' kinds and rules."""
    return repr(tuple((ev.kind, ev.rule) for _, events in leaf.steps for ev in events))


def told_steps(pos: Position, leaves: Sequence[Leaf], shown: Any) -> list[Any]:
    """The steps of one play told once for several leaves (one outcome's, or one play's of
    :mod:`.summary`): the first leaf's steps, naming a card only where every leaf binds it alike
    and never where the leaves hold different cards (:func:`_varying`)."""
    rep = leaves[0]
    fixed = {ph: c for ph, c in _fixed(rep).items() if all(_fixed(m).get(ph) == c for m in leaves[1:])}
    return steps_of(pos, rep, fixed, shown, _varying(rep, list(leaves)))


def _play_of(leaf: Leaf) -> tuple[Any, ...]:
    """A branch's play: each step's events without their cards (who did what, by which rule)."""
    return tuple((i, tuple((ev.kind, ev.seat, ev.other, ev.rule, ev.amount) for ev in events))
                 for i, events in leaf.steps)


def plays_of(pos: Position, run: Run, leaves: Sequence[Leaf], distinct: Sequence[int], steps: list[Any],
             shown: Any) -> tuple[Optional[int], tuple[dict[str, Any], ...]]:
    """Where the cases of one outcome (its branches, ``leaves``; its ``steps``) do not all play
    alike (issue 24 §1/§5: Coucou's last player meets a king on the talon in some and exchanges
    with it in others, F4; S4's cut; a hidden card meeting a cat): how many of ``steps`` hold in
    every case (those of the history entries before the first where the plays part), and each
    play, told once for its cases (:func:`told_steps`; plays told in the same words are one),
    with its ``when`` (over the unknown cards that tell the outcomes or these plays apart:
    ``distinct`` of the split keys and those that vary between the plays) and its steps after
    the shared ones.  (None, ()) where every case plays alike (and without ``steps``)."""
    if len(leaves) < 2 or not steps:
        return None, ()
    by_play: dict[tuple[Any, ...], list[Leaf]] = {}
    for leaf in leaves:
        by_play.setdefault(_play_of(leaf), []).append(leaf)
    if len(by_play) < 2:
        return None, ()
    told: dict[str, tuple[list[Any], list[Leaf]]] = {}
    for members in by_play.values():
        own = told_steps(pos, members, shown)
        told.setdefault(repr(own), (own, []))[1].extend(members)
    if len(told) < 2:
        return None, ()
    before = _entries_before(pos, leaves[0], list(by_play))
    keys = _split_keys(run)
    rows = [[row for leaf in members for row in _boxes(run, leaf, keys)] for _, members in told.values()]
    where = [d for d in range(len(keys)) if d in distinct or len({row[d] for part in rows for row in part}) > 1]
    labels = tuple(run.lay.labels[keys[d]] for d in where)
    parts = sorted(((merge(tuple(row[d] for d in where) for row in part), own)
                    for part, (own, _) in zip(rows, told.values())), key=lambda p: _row_order(p[0][0]))
    return _shared(steps, before), tuple({"when": [_when(labels, row) for row in part],
                                          "steps": own[_shared(own, before):]} for part, own in parts)


def _entries_before(pos: Position, leaf: Leaf, plays: Sequence[tuple[Any, ...]]) -> frozenset[Optional[str]]:
    """The places (``at``: a history entry's path, None for the deal itself) of the engine steps
    every play of ``plays`` (:func:`_play_of`) takes alike before the first where they part,
    but the place of that one (an entry whose later events part is not shared)."""
    first = 0
    while all(first < len(p) for p in plays) and all(p[first] == plays[0][first] for p in plays[1:]):
        first += 1

    def at(k: int) -> Optional[str]:
        i = leaf.steps[k][0]
        return None if i is None else pos.history[i].path

    parting = at(first) if first < len(leaf.steps) else ""
    return frozenset(at(k) for k in range(first)) - {parting}


def _shared(steps: list[Any], before: frozenset[Optional[str]]) -> int:
    """How many of ``steps`` lead at the places ``before`` (:func:`_entries_before`)."""
    n = 0
    while n < len(steps) and steps[n]["at"] in before:
        n += 1
    return n


def _varying(rep: Any, leaves: list[Any]) -> frozenset[tuple[int, int]]:
    """The (step, event) places where the leaves of one outcome hold different cards (F2: a
    dealer's kept card the layout enumerates): the outcome's account must not name the
    representative's card there.  Leaves whose steps do not line up are not compared."""
    if len(leaves) < 2:
        return frozenset()
    places: set[tuple[int, int]] = set()
    for leaf in leaves[1:]:
        if len(leaf.steps) != len(rep.steps):
            continue
        for k, ((_, mine), (_, theirs)) in enumerate(zip(rep.steps, leaf.steps)):
            if len(mine) == len(theirs):
                places.update((k, j) for j, (a, b) in enumerate(zip(mine, theirs)) if a.card != b.card)
    return frozenset(places)


def _spoken(outcomes: list[CaseOutcome], rules: Any = None) -> list[CaseOutcome]:
    """The cases' conditions, chosen in English, in the ruling's language (issue 30) and the
    game's words (the talon's card, conditions.has_talon) and a table's (English too:
    conditions._as_said)."""
    return [o._replace(condition=spoken(o.condition, rules)) for o in outcomes]


def _shorten(cases: Sequence[tuple[CaseOutcome, list[Row]]], labels: Sequence[str],
             universes: Sequence[Sequence[Card]], pack_values: Sequence[int], named: Callable[[Card], str],
             held: frozenset[Card], fools: Optional[int] = None, tied: bool = False,
             rules: Any = None) -> list[CaseOutcome]:
    """Each case's condition in the fewest words exactly true of its cards (issue 24 §1:
    :func:`~.conditions.shortest`), in place of a chain of alternatives; ``fools``: the fools in
    play outside the unknown cards that tell the cases apart (:func:`_fools_known`); ``rules``: the
    ruleset ``named`` names the cards by (the facts are then kept from one call to the next)."""

    def name_set(cards: Sequence[Card], universe: Sequence[Card]) -> str:
        return card_range(cards, universe, pack_values, named, held)

    def say(d: int, cards: Sequence[Card]) -> str:
        return _phrase(labels[d], name_set(cards, universes[d]))

    # (shortest keeps a condition that is plain as it is: no chain, one or two cards; it is given
    # the boxes themselves, and compresses them whatever the number of combinations)
    # (the words depend on the cards' names, the ruleset's, and the cards known held, beyond their arguments)
    memo_key = None if rules is None else (tuple(labels), tuple(map(tuple, universes)), tuple(pack_values), rules,
                                           held)
    chains = tuple(o.condition for o, _ in cases)
    # (the same cases come back with the same words: an open question's reading that changes the
    # outcomes of the chosen reading's cases, not the cases, issue 24 §5)
    said_key = None if memo_key is None else (memo_key, fools, tied, chains, tuple(tuple(rows) for _, rows in cases))
    texts = _SAID.get(said_key) if said_key is not None else None
    if texts is None:
        texts = shortest([rows for _, rows in cases], list(chains), labels, universes, say, name_set, fools, tied,
                         memo_key)
        if said_key is not None:
            _SAID[said_key] = texts
    return [outcome._replace(condition=text) for (outcome, _), text in zip(cases, texts)]


# (the words, the cases and their chains) -> each case's condition (:func:`_shorten`: a pure function
# of its key); one position's
_SAID: dict[Any, list[str]] = per_position({})


def _fools_known(pos: Position, run: Run, keys: Sequence[Card], distinct: Sequence[int],
                 rows_of: Mapping[str, list[Row]]) -> Optional[int]:
    """The fools in play (C3; Q4: the live hands, or every hand under 'any-hand') other than the
    unknown cards that tell the cases apart (``distinct`` of ``keys``), where that count is the
    same in every case: a known card, or an unknown one whose cards are the same in every case
    (only the fool, or no fool); else None (no 'lone fool' can be said of the cases)."""
    any_hand = pos.rules.fools_in_play == "any-hand"
    counts, out_of_play = set(), set()
    for leaf in run.leaves:
        st, count = leaf.state, 0
        cased = {seat for seat, _ in leaf.know.held}  # (their cards: each case's, in the rows)
        for seat in st.order:
            card = st.hands[seat]
            if card is None or seat in cased:
                continue
            if st.dead[seat] and not any_hand:
                out_of_play.add(card)
            elif is_placeholder(card):
                if card not in keys:
                    return None  # an unknown card no case tells: it may be a fool or not
            else:
                count += card.is_fool
        counts.add(count)
    if len(counts) != 1:
        return None
    known = counts.pop()
    for d, ph in enumerate(keys):
        if ph in out_of_play:
            if d in distinct:
                return None
            continue
        if d not in distinct:
            same = next(row[d] for rows in rows_of.values() for row in rows)
            if any(c.is_fool for c in same):
                if len(same) > 1:
                    return None
                known += 1
    return known


def certain_of(outcomes: Sequence[CaseOutcome]) -> Optional[dict[str, Any]]:
    """What every case agrees on where unknown cards decide the outcome (issue 24 §5): the
    marks lost and gained (each with its rule) and the players out in every outcome, in the
    first outcome's order; None where there is one outcome (all of it is certain)."""
    if len(outcomes) < 2:
        return None
    results = [o.result for o in outcomes]
    return {field: common_items([r[field] for r in results]) for field in ("marks_lost", "marks_gained", "out")}


def common_items(lists: Sequence[Sequence[Any]]) -> list[Any]:
    """The items of the first list that every other list holds as often (a multiset
    intersection, in the first list's order): what every case agrees on (``certain_of``, and
    the partial ruling's facts, :mod:`.partial`)."""
    common = list(lists[0])
    for other in lists[1:]:
        rest = list(other)
        kept = []
        for item in common:
            if item in rest:
                rest.remove(item)
                kept.append(item)
        common = kept
    return common
