"""A generator of *natural* positions: a random deal played by the engine, written down as a
table tells it (issue 10 §1).

The table remembers what was said aloud and what was shown: each decision (keep, offer,
the second offer, the innkeeper's answer, buy-backs), each announcement of an event card
(``cucù``, ``bum``, ``salta``, ``gnaf``, ``fermatevi``; the French king's ``coucou``), and,
at the end, the live cards shown.  No dealt card is written.  Optionally (``seen``) also the
exchanges and the marks paid as the table saw them happen.

:func:`natural_deal` returns the natural position and the fully known one (the whole stack
as ``order``, :func:`cucu_ref.formats.position.position_from_replay`), whose ruling is the engine's
own replay: the two must agree.
"""

from __future__ import annotations

import random
from typing import Any, Optional

from cucu_ref.game import cards as _cards
from cucu_ref.game.engine import new_match, step
from cucu_ref.game.playout import random_action
from cucu_ref.formats.position import _VERB_OF, ROLE_CALL, position_from_replay
from cucu_ref.game.rulesets import PRESETS, Rules
from cucu_ref.game.state import Action, Phase, State

NAMES = ("Anna", "Bruno", "Carla", "Dora", "Emil", "Fabio", "Gina", "Hugo", "Ida", "Luca", "Marta", "Nino",
         "Olga", "Pia", "Rita", "Sara", "Tino", "Ugo", "Vera", "Zeno")


def _call(rules: Rules, card_value: int) -> str:
    role = rules.role_of[card_value]
    if rules.pack.startswith("french"):
        return "coucou"
    return ROLE_CALL[role]


def random_start(rules: Rules, players: int, rng: random.Random) -> State:
    """A match at the shuffle of some deal: random marks (some players on their last mark, a
    few out), so that eliminations and buy-backs happen."""
    state = new_match(rules, list(NAMES[:players]), dealer=rng.randrange(players))
    marks = [rng.choice([rules.initial_marks, rules.initial_marks, 1, 2]) for _ in range(players)]
    if players > 3:
        for s in rng.sample(range(players), rng.randint(0, players // 4)):
            if s != state.dealer:
                marks[s] = 0
    marks = [max(0, min(m, rules.initial_marks)) for m in marks]
    if sum(m > 0 for m in marks) < 2:
        marks = [rules.initial_marks] * players
    virgins = tuple(m == rules.initial_marks for m in marks)
    return state.replace(marks=tuple(marks), virgins=virgins,
                          eliminations=sum(m == 0 for m in marks), deal_number=rng.randrange(5))


def play_deal(state: State, rng: random.Random, cut: Optional[int] = None) -> tuple[list[Action], list[tuple]]:
    """One deal from ``state`` (a shuffle), random decisions, to its end or ``cut`` decisions."""
    actions: list[Action] = []
    trace: list[tuple] = []
    while True:
        action = random_action(state, rng)
        if actions and action.kind == "shuffle":
            break
        after, events = step(state, action)
        actions.append(action)
        trace.append((state, action, after, events))
        state = after
        if state.phase in (Phase.SHUFFLE, Phase.MATCH_OVER):
            break
        if cut is not None and len(actions) > cut:
            break
    return actions, trace


def natural_deal(preset: str, players: int, seed: int, seen: bool = False, cut: Optional[int] = None,
                 shown_field: Optional[bool] = None, unshown: int = 0) -> tuple[dict[str, Any], dict[str, Any]]:
    """(natural position, fully known position) of one random deal.  ``unshown``: so many of the
    live cards at the end (chosen at random) are not written as shown, as a table forgets them
    (issue 24 §5); the rest are."""
    rng = random.Random(seed)
    rules = PRESETS[preset]
    start = random_start(rules, players, rng)
    actions, trace = play_deal(start, rng, cut)
    full = position_from_replay(start, actions)
    names = start.players
    history: list[dict[str, Any]] = []
    shown: dict[str, str] = {}
    live_at_end: list[int] = []
    for _, action, after, events in trace[1:]:
        verb = _VERB_OF.get(action.kind)
        history.append({verb: names[action.seat]} if verb else {"act": action.kind, "by": names[action.seat]})
        for ev in events:
            if ev.kind == "arresto" and ev.card is not None:
                # the event card's holder announces it (C2); Lu Stù's innkeeper says 'Tingh la Cas' (L7)
                word = _call(after.rules, ev.card.value)
                if word == "fermatevi" and after.rules.inn == "lu-stu":
                    word = "tingh la cas"
                history.append({"announce": word, "by": names[ev.seat]})
            elif seen and ev.kind == "exchange" and ev.other is not None:
                history.append({"exchange": [names[ev.seat], names[ev.other]]})
            elif seen and ev.kind == "mark-lost":
                history.append({"pays": names[ev.seat]})
            elif ev.kind == "showdown":
                live_at_end = [s for s in after.order if not after.dead[s]]
                shown = {names[s]: _cards.format(after.hands[s]) for s in live_at_end}
    doc: dict[str, Any] = {k: v for k, v in full.items() if k != "stack"}
    doc["description"] = f"natural writing of a random {preset} deal (seed {seed})"
    doc["history"] = history
    if shown and unshown:
        # (a random stream of its own: the positions without unshown cards stay as they were)
        forgotten = set(random.Random(seed + 1).sample(sorted(shown), min(unshown, len(shown))))
        shown = {n: c for n, c in shown.items() if n not in forgotten}
    if shown:
        use_field = rng.random() < 0.5 if shown_field is None else shown_field
        if use_field:
            doc["shown"] = shown
        else:
            # 'shows' right after the decision that ended the deal, in the order the cards are turned up
            at = next(i for i in range(len(history) - 1, -1, -1) if _is_decision(history[i]) and
                      _ended_at(trace, history, i))
            for k, (n, c) in enumerate(shown.items()):
                history.insert(at + 1 + k, {"shows": n, "card": c})
    return doc, full


def _is_decision(entry: dict[str, Any]) -> bool:
    return not any(k in entry for k in ("announce", "fermatevi", "exchange", "pays", "shows"))


def _ended_at(trace: list[tuple], history: list[dict[str, Any]], i: int) -> bool:
    """Is the i-th history entry the decision whose step held the showdown?"""
    decisions = [j for j, e in enumerate(history) if _is_decision(e)]
    k = decisions.index(i)
    _, _, _, events = trace[1 + k]
    return any(ev.kind == "showdown" for ev in events)
