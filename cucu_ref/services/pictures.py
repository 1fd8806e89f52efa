"""The pictures of a ruling: ``cucu-adjudicate --format svg``.

A thin adapter from a ruling to :func:`cucu_ref.services.diagram.render_svg`: one figure per outcome
of the ruling, that is one picture when every card that matters is known, and one per case
when cards the position leaves unknown branch the ruling (the cases of
:class:`~cucu_ref.services.adjudication.CaseOutcome`, in the ruling's order).  Each figure is drawn from the
engine's own values for that case: the state the deal started from, the events the replay
of the position's history emitted and the state it ended in, as the adjudicator walked them
(``cucu_ref.services.adjudication.replay.run_position``).  A card the position leaves unknown is
drawn ``?``, wherever it travels; a card the position binds (shown at the end, say) is drawn
as itself from the start; in the picture of a case that stands for several cards (``a card from III to X``) the
card is ``?`` and the case's title says which cards it may be.

The figures of one ruling make one SVG document, stacked top to bottom, each titled (the
game, the table and the dealer; or ``Case 2, if Dora was dealt II``).  The bytes
are deterministic: the same position gives the same document, in any process.

>>> from cucu_ref.formats.notation import parse
>>> from cucu_ref.formats.position import parse as read
>>> from cucu_ref.services.adjudication import adjudicate
>>> doc = parse("Ruleset: campli\\nPlayers: Anna, Bruno, Carla\\nDealer: Carla\\n"
...             "Anna: II, passo\\nBruno: ?, sto bene\\nCarla: X, sto bene\\n")
>>> pos, _ = read(doc)
>>> ruling = adjudicate(pos, readings=False)
>>> [f.title for f in figures(pos, ruling)]
['Case 1, if Bruno was dealt a card from III to X', 'Case 2, if Bruno was dealt II', \
'Case 3, if Bruno was dealt a card from Leone to I', 'Case 4, if Bruno was dealt Matto']
>>> ruling_svg(pos, ruling).count('class="cucu-diagram"')
4
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import NamedTuple, Optional, Sequence
from xml.sax.saxutils import escape

from ..formats.i18n import gettext as _
from .adjudication import CaseOutcome, Ruling
from .adjudication.model import PLACEHOLDER, is_placeholder
from .adjudication.outcomes import case_key, result_of
from .adjudication.replay import Leaf, run_position
from ..game.cards import PACKS, Card
from .diagram import describe, render_svg
from ..formats.position import Position
from ..game.rulesets import PRESET_INFO
from ..game.state import Event, State

__all__ = ["Figure", "figures", "ruling_svg", "GAP"]

GAP = 18  # pixels between two figures of one document


class Figure(NamedTuple):
    """One picture of a ruling: its title and its SVG (a fragment, ``<svg ...>...</svg>``)."""

    title: str
    svg: str
    width: float
    height: float


def _fixed(leaves: Sequence[Leaf]) -> dict[Card, Card]:
    """The unknown cards bound to the same card in every combination the leaves stand for
    (the cards a case does not leave open)."""
    common: Optional[dict[Card, Card]] = None
    for leaf in leaves:
        open_here = {ph for box in leaf.know.cases for ph, cards in box.items() if len(cards) > 1}
        bound = {ph: c for ph, c in leaf.know.subst.items() if ph not in open_here}
        common = bound if common is None else {ph: c for ph, c in common.items() if bound.get(ph) == c}
    return common or {}


def _card(card: Optional[Card], subst: dict[Card, Card]) -> Optional[Card]:
    if card is None:
        return None
    return subst.get(card, card)


def _state(state: State, subst: dict[Card, Card]) -> State:
    return state.replace(hands=tuple(_card(c, subst) for c in state.hands),
                          stack=tuple(_card(c, subst) or c for c in state.stack))


def _events(leaf: Leaf, subst: dict[Card, Card]) -> list[Event]:
    return [e._replace(card=_card(e.card, subst)) if e.card is not None else e
            for _, events in leaf.steps for e in events]


def _blurred(branches: Sequence[list[Event]], unknown: Card) -> list[Event]:
    """The events of the first branch of a case, with every card that is not the same in all
    its branches (the Coucou dealer's kept card, F2, when the case stands for several) made
    unknown.  Branches of one case that do not move alike are drawn as the first."""
    first = branches[0]
    if any(len(b) != len(first) or any(x.kind != y.kind for x, y in zip(b, first)) for b in branches[1:]):
        return first
    return [e._replace(card=unknown) if e.card is not None and any(b[i].card != e.card for b in branches) else e
            for i, e in enumerate(first)]


def _members(pos: Position, leaves: Sequence[Leaf]) -> dict[str, list[Leaf]]:
    """The leaves of the replay by what they decide (as the ruling groups them into outcomes)."""
    out: dict[str, list[Leaf]] = {}
    for leaf in leaves:
        out.setdefault(case_key(result_of(pos, leaf, _fixed([leaf]))), []).append(leaf)
    return out


def _title(pos: Position, outcome: CaseOutcome, k: int, cases: int) -> str:
    if cases > 1:
        return (_("Case {k}, if {condition}") if outcome.condition else _("Case {k}")).format(
            k=k, condition=outcome.condition)
    info = PRESET_INFO.get(pos.rules.name)
    game = _(info.title) if info else pos.rules.name
    return _("{ruleset}: {n} players, {dealer} deals").format(ruleset=game, n=len(pos.order),
                                                             dealer=pos.players[pos.dealer])


def figures(pos: Position, ruling: Ruling, id_prefix: Optional[str] = None) -> list[Figure]:
    """One figure per outcome of ``ruling`` (a ruling given on ``pos``: ``ruling.ok``)."""
    if not ruling.ok:
        raise ValueError("a rejected position has no picture: its problems say why")
    run = run_position(pos, pos.rules)  # the walk the ruling made, leaf by leaf
    members = _members(pos, run.leaves)
    prefix = id_prefix or "cr" + hashlib.sha1(_fingerprint(pos).encode("utf-8")).hexdigest()[:8]
    clockwise = bool((info := PRESET_INFO.get(pos.rules.name)) and info.direction == "left")
    family = PACKS[pos.rules.pack].family
    out = []
    for k, outcome in enumerate(ruling.outcomes, 1):
        leaves = members.get(case_key(outcome.result))
        if not leaves:  # cannot happen: the ruling's outcomes are these leaves, grouped
            raise RuntimeError(f"no branch of the replay gives outcome {k}")
        leaf = leaves[0]  # the ruling's own representative of the case
        subst = _fixed(leaves)
        unknown = Card(family, PLACEHOLDER)
        start, final = _state(leaf.start, subst), _state(leaf.state, subst)
        events = _blurred([_events(m, subst) for m in leaves], unknown)
        # a card the case leaves open is drawn '?', not as the card the replay scored it with:
        # one the ruling does not name, or one that differs between the branches of the case
        holds = outcome.result.get("holds") or {}
        finals = [_state(m.state, subst).hands for m in leaves]
        hands = tuple(c if c is None or is_placeholder(c) or (holds.get(name, "") is not None
                                                             and all(f[s] == c for f in finals)) else unknown
                      for s, (name, c) in enumerate(zip(pos.players, final.hands)))
        final = final.replace(hands=hands)
        title = _title(pos, outcome, k, len(ruling.outcomes))
        picture = describe(start, events, final, title, clockwise)
        svg = render_svg(picture, standalone=False, id_prefix=f"{prefix}-{k}")
        width, height = (float(x) for x in re.findall(r'(?:width|height)="([\d.]+)"', svg)[:2])
        out.append(Figure(title, svg, width, height))
    return out


def _fingerprint(pos: Position) -> str:
    # what tells two positions' pictures apart on one page: the table and its history
    return json.dumps([pos.players, pos.dealer, repr(pos.rules), repr(pos.history)], default=str)


def ruling_svg(pos: Position, ruling: Ruling, title: str = "") -> str:
    """The SVG document of a ruling: its figures stacked, one per outcome."""
    found = figures(pos, ruling)
    width = max(f.width for f in found)
    height = sum(f.height for f in found) + GAP * (len(found) - 1)
    heading = title or _("ruling under {preset}").format(preset=pos.rules.name)
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n',
           f'<svg xmlns="http://www.w3.org/2000/svg" class="cucu-ruling-figures" width="{_n(width)}" '
           f'height="{_n(height)}" viewBox="0 0 {_n(width)} {_n(height)}" data-figures="{len(found)}">\n',
           f"<title>{escape(heading)}</title>\n"]
    y = 0.0
    for k, figure in enumerate(found, 1):
        if k > 1:  # a rule between two cases
            line = y - GAP / 2
            out.append(f'<line class="between" x1="0" y1="{_n(line)}" x2="{_n(width)}" y2="{_n(line)}" '
                       f'stroke="#d0d7de"/>\n')
        # each figure keeps its own size and viewBox, placed at its offset
        inner = figure.svg.replace("<svg ", f'<svg x="{_n((width - figure.width) / 2)}" y="{_n(y)}" '
                                   f'data-figure="{k}" ', 1)
        out.append(inner)
        y += figure.height + GAP
    out.append("</svg>\n")
    return "".join(out)


def _n(x: float) -> str:
    text = f"{x:.1f}"
    return text[:-2] if text.endswith(".0") else text
