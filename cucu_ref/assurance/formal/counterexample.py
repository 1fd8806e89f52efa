"""Counterexamples, not just ``unknown``: when an every-size check of :mod:`.pproofs` fails or
z3 cannot decide it, look for the breach at fixed table sizes.

Two searches, at each size 3-8 in turn (``SIZES``):

* **a deal**: the small-step model plays seeded, biased deals (the ruleset's event cards,
  fools and nullas dealt often, players on one mark) and the very code z3 reasons about
  evaluates the invariant part or the property's goal at every micro-step.  The first breach
  is written as a position file (``cucu-position/1``) that ``cucu-adjudicate`` rules on: the
  same cards, marks and decisions on the engine's whole pack;
* **a state**: z3 with ``n`` fixed (no quantifiers left), as the lemma itself: a state that
  satisfies the invariant and whose step breaks it.  It need not be reachable, so it is
  reported, not written as a position.

Neither turns ``unknown`` into a pass: the check still fails; the search only says where.
"""

from __future__ import annotations

import random
import time
from typing import Any, Optional

import z3

from ...game import cards
from ...formats.position import position_from_replay
from ...game.engine import legal_actions, new_match, step
from ...game.state import Action, ActionKind, Phase
from .crosscheck import BIT, MODEL_PHASES
from .props import Result, _engine_stack
from ...game.rulesets import PRESETS, Rules
from . import parametric as P
from . import pproofs
from .model import NONE

SIZES = (3, 4, 5, 6, 7, 8)


def _breaks(name: str, rules: Rules, cx: pproofs.Ctx, a: P.PSt, b: P.PSt) -> bool:
    """Does the micro-step ``a -> b`` break ``name`` (a part of the invariant or a property)?"""
    if name in pproofs.PARTS:
        return pproofs.invariant_after(cx, b, rules, name) is not True
    if name == "base-case":
        return False
    return pproofs.goal(name, cx, a, b, rules) is not True


def _deal(rules: Rules, n: int, rng: random.Random) -> tuple[list[int], list[int], list[bool]]:
    pack = list(cards.PACKS[rules.pack].cards)
    favoured = [c for c in pack if c.value in rules.role_of or c.is_fool or c.value == 0]
    chosen = []
    for _ in range(n + 2):
        pool = [c for c in pack if c in favoured] if rng.random() < 0.6 else pack
        card = rng.choice(pool or pack)
        pack.remove(card)
        chosen.append(card.value)
    marks = [rng.choice((1, 1, 2, 3)) for _ in range(n)]
    return chosen, marks, [rng.random() < 0.75 for _ in range(3 * n)]


def search_deal(name: str, rules: Rules, sizes: tuple[int, ...] = SIZES, tries: int = 400,
                seed: int = 0) -> Optional[dict[str, Any]]:
    """A deal of the small-step model that breaks ``name``, at the first size of ``sizes``
    where one turns up: its cards (the stack, top first), marks, decisions and where it broke."""
    if name in ("base-case", "reachable-phases"):
        return None
    for n in sizes:
        if not rules.min_players <= n <= rules.max_players:
            continue
        rng = random.Random(f"{name}/{rules.name}/{n}/{seed}")
        for _ in range(tries):
            vals, marks, decisions = _deal(rules, n, rng)
            model = P.PModel(rules, n, len(vals), P.Arr(NONE, dict(enumerate(vals))))
            try:
                states = P.play(model, marks, decisions)
            except Exception as exc:  # a broken model may fail to run at all: that is a breach too
                return {"n": n, "stack": vals, "marks": marks, "decisions": decisions, "step": None,
                        "phase": None, "error": f"{type(exc).__name__}: {exc}"}
            cx = pproofs.Ctx(model)
            for t, (a, b) in enumerate(zip(states, states[1:])):
                if _breaks(name, rules, cx, a, b):
                    used = sum(1 for s in states[:t + 1] if s.phase in P.DECISION_PHASES)
                    return {"n": n, "stack": vals, "marks": marks, "decisions": decisions[:used + 1],
                            "step": t, "phase": P.PHASE_NAMES[a.phase]}
    return None


def search_state(name: str, rules: Rules, sizes: tuple[int, ...] = SIZES,
                 timeout_ms: int = 60_000) -> Optional[dict[str, Any]]:
    """z3 at each fixed size: a state satisfying the invariant whose one micro-step breaks
    ``name`` (the lemma, with ``n`` and ``k`` fixed), with the phase it starts in."""
    if name not in pproofs.PARTS and name not in pproofs.PROPERTIES:
        return None
    for n in sizes:
        if not rules.min_players <= n <= rules.max_players:
            continue
        for phase in pproofs.phases_for(rules):
            premises, goal, s, _s2, _d, model = pproofs._statement(name, rules, phase)
            fixed = [model.n == n, model.k == n + 2]
            negated = z3.Not(z3.BoolVal(goal) if isinstance(goal, bool) else goal)
            # decided in a fresh context, as pproofs._check decides: z3's search follows the order
            # terms were made in, and in the process's shared context (after a whole test run's
            # terms) a search that answers in seconds alone timed out (stop 44's CI)
            ctx = z3.Context()
            solver = z3.Solver(ctx=ctx)
            solver.set("timeout", timeout_ms)
            solver.add([(z3.BoolVal(c) if isinstance(c, bool) else c).translate(ctx)
                        for c in premises + fixed + [negated]])
            if solver.check() == z3.sat:
                return _state(solver.model(), s, n, P.PHASE_NAMES[phase], ctx)
    return None


def _state(mdl: Any, s: P.PSt, n: int, phase: str, ctx: z3.Context) -> dict[str, Any]:
    def ev(x: Any) -> str:
        return str(mdl.eval(x.translate(ctx), model_completion=True))
    return {"n": n, "phase": phase, "cursor": ev(s.cursor), "actor": ev(s.actor), "target": ev(s.target),
            "hands": [ev(z3.Select(s.hid, j)) for j in range(n)],
            "marks": [ev(z3.Select(s.marks, j)) for j in range(n)]}


def as_position(rules: Rules, found: dict[str, Any], what: str) -> dict[str, Any]:
    """The deal ``found`` by :func:`search_deal` as a position file: the same cards, marks and
    decisions on the engine's whole pack (:func:`cucu_ref.assurance.formal.props._engine_stack`)."""

    preset = rules if rules.name in PRESETS else rules.with_options({"name": "campli"})
    n = found["n"]
    start = new_match(preset, [f"P{i}" for i in range(n)], dealer=n - 1)
    start = start.replace(marks=tuple(found["marks"]),
                           virgins=tuple(m == preset.initial_marks for m in found["marks"]))
    shuffle = Action(ActionKind.SHUFFLE, stack=_engine_stack(preset, found["stack"], len(found["stack"])))
    actions = [shuffle]
    state, _ = step(start, shuffle)
    for d in found["decisions"]:
        if state.phase not in MODEL_PHASES:
            break
        legal = legal_actions(state)
        action = next((a for a in legal if BIT.get(a.kind) == d), legal[0])
        actions.append(action)
        state, _ = step(state, action)
        while state.phase == Phase.BUY_BACK and state.suspended is not None:
            decline = Action(ActionKind.DECLINE, state.actor)
            actions.append(decline)
            state, _ = step(state, decline)
    where = f"micro-step {found['step']} (phase {found['phase']})" if found.get("step") is not None else "its start"
    description = (f"Counterexample to '{what}' under {rules.name}, found by "
                   f"cucu_ref.assurance.formal.counterexample at "
                   f"{n} seats: the small-step model breaks it at {where} of this deal.")
    return position_from_replay(start, actions, description)


def explain(name: str, rules: Rules, timeout_ms: int = 60_000) -> dict[str, Any]:
    """Both searches for a failed or undecided every-size check ``name``: what goes into the
    check's detail.  The deal, if any, also as a position."""
    t0 = time.perf_counter()
    out: dict[str, Any] = {"sizes": f"{SIZES[0]}-{SIZES[-1]}"}
    deal = search_deal(name, rules)
    if deal is not None:
        out["deal"] = deal
        try:
            out["position"] = as_position(rules, deal, name)
        except Exception as exc:  # the engine may refuse what a broken model plays
            out["position_error"] = f"{type(exc).__name__}: {exc}"
    else:
        state = search_state(name, rules, timeout_ms=timeout_ms)
        out["state" if state else "none_found"] = state or "no deal breaks it at these sizes, nor a state z3 finds"
    out["search_seconds"] = round(time.perf_counter() - t0, 2)
    return out


def lemma(name: str, rules: Rules, timeout_ms: int = 120_000) -> Result:
    """:func:`cucu_ref.assurance.formal.pproofs.lemma`, and where it is not proved, not just
    'unknown': where does it break?  A deal at 3-8 seats (as a position), or a state z3 finds
    with n fixed (:func:`explain`), in the result's detail.  The check fails all the same."""
    result = pproofs.lemma(name, rules, timeout_ms)
    if result.verdict not in ("proved", "n/a"):
        result.detail["counterexample"] = explain(name, rules, min(timeout_ms, 60_000))
    return result
