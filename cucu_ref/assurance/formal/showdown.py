"""The engine's showdown in z3, held to the seeds' showdown.

:func:`cucu_ref.game.scoring.decide` is the engine's showdown: the engine runs it on plain
values (:class:`cucu_ref.game.scoring.PlainOps`), and :class:`Z3Ops` runs the same code on z3
terms here, to prove it.  The step model scores its deals by the seeds' showdown instead
(:mod:`.z3scoring`, written apart from the engine's scoring: issue 28 item 3), so the
model's comparisons with the engine compare two showdowns written apart.

:func:`spec` (:mod:`.z3scoring`) is the showdown written a second time, directly from the seeds, in a
different style (each seat's fate as a statement over all other seats, rather than a
running minimum), and :func:`equivalence` proves, for one ruleset and one table size,
that the engine's showdown and the specification agree on every showdown: any cards of the
pack (no rank more often than the pack holds it), any seats live or dead, any hints, any
inn guarantees, any marks.  ``python -m cucu_ref.assurance.formal`` runs it at every size 2-20.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Optional, Sequence

import z3

from ...game.cards import FOOL_VALUE, PACKS
from ...game.engine import new_match
from ...game.playout import trajectory
from ...game.rulesets import Rules
from ...game.state import EventKind
from ...game.scoring import PlainOps
from ...game.scoring import (
    CUCKOO_VALUE, HIGH, NO_SEAT, Decision, Losers, Ranked, decide, decide_plain, find_lowest,
    pay, rank_cards, spare_cuckoos, without_cuckoos, without_fools, without_guarantees,
)
from .model import AND, B2I, EQ, IMPLIES, NOT, OR, ite
from .invariants import card_domain
from .model import NONE, Model
from .props import Result, _solve, known_runs
from .z3scoring import _z as _z
from .z3scoring import spec as spec
from .z3scoring import spec_cuckoos, spec_lowest, spec_pay, spec_rank

if TYPE_CHECKING:
    import cucu_ref.assurance.formal.props

Term = Any



# --------------------------------------------------------------------------- the engine's showdown on z3 terms


class Z3Ops:
    """:class:`cucu_ref.game.scoring.PlainOps` on z3 terms (Python values pass through, simplified)."""

    ite = staticmethod(ite)
    AND = staticmethod(AND)
    OR = staticmethod(OR)
    NOT = staticmethod(NOT)

    @staticmethod
    def both(a: Sequence[Term], b: Sequence[Term]) -> list[Any]:
        return [AND(x, y) for x, y in zip(a, b)]

    @staticmethod
    def but(a: Sequence[Term], b: Sequence[Term]) -> list[Any]:
        return [AND(x, NOT(y)) for x, y in zip(a, b)]

    @staticmethod
    def only_if(c: Term, a: Sequence[Term]) -> list[Any]:
        return [AND(c, x) for x in a]

    @staticmethod
    def where_else(c: Sequence[Term], a: Term, b: Sequence[Term]) -> list[Any]:
        return [ite(x, a, y) for x, y in zip(c, b)]

    @staticmethod
    def where(mask: Sequence[Term]) -> list[int]:
        return [j for j, x in enumerate(mask) if not (x is False or (isinstance(x, z3.ExprRef) and z3.is_false(x)))]

    @staticmethod
    def holds_any(values: Sequence[Term], value: int, mask: Optional[Sequence[Term]] = None) -> bool:
        rows = [EQ(v, value) for v in values]
        return Z3Ops.possible(rows if mask is None else Z3Ops.both(mask, rows))

    @staticmethod
    def some_at_least(values: Sequence[Term], bound: int) -> bool:
        return Z3Ops.possible([v >= bound for v in values])

    @staticmethod
    def lowest_tied(values: Sequence[Term], mask: Sequence[Term]) -> tuple[Term, list[Any]]:
        low = Z3Ops.lowest(values, mask)
        return low, [AND(m, EQ(v, low)) for v, m in zip(values, mask)]

    @staticmethod
    def possible(mask: Sequence[Term]) -> bool:
        return bool(Z3Ops.where(mask))

    @staticmethod
    def count(xs: Sequence[Term]) -> Term:
        return sum(B2I(x) for x in xs)

    @staticmethod
    def lowest(values: Sequence[Term], mask: Sequence[Term]) -> Term:
        low: Term = HIGH
        for v, m in zip(values, mask):
            if m is False:
                continue
            low = ite(AND(m, v < low), v, low)
        return low

    @staticmethod
    def first(mask: Sequence[Term]) -> list[Any]:
        seen: Term = False
        out = []
        for m in mask:
            out.append(AND(m, NOT(seen)))
            seen = OR(seen, m)
        return out

    @staticmethod
    def last(mask: Sequence[Term]) -> list[Any]:
        return Z3Ops.first(list(mask)[::-1])[::-1]

    @staticmethod
    def get(values: Sequence[Term], i: Term, default: Term) -> Term:
        if not isinstance(i, z3.ExprRef):
            return values[i] if 0 <= i < len(values) else default
        r = default
        for k, v in enumerate(values):
            r = ite(EQ(i, k), v, r)
        return r



def engine_decision(rules: Rules, family: str, vals: Sequence[Any], live: Sequence[Any], dead_hand: Sequence[Any],
                    hinted: Sequence[Any], keeper: Sequence[Any], marks: Optional[Sequence[Any]],
                    table: Term) -> Decision:
    """:func:`cucu_ref.game.scoring.decide`, the engine's showdown, on z3 terms."""
    return decide(Z3Ops, rules, family, vals, live, dead_hand, hinted, keeper, marks, table)


def marks_moved(d: Decision, m: int) -> tuple[list[Any], list[Any]]:
    """(marks lost, marks gained) per position, from the decision's payments."""
    lost = [sum(B2I(AND(c, EQ(p, j))) for c, p, _ in d.payments) for j in range(m)]
    gained = [B2I(g) for g in d.gains]
    return lost, gained


def engine_showdown(rules: Rules, family: str, vals: Sequence[Any], live: Sequence[Any], dead_hand: Sequence[Any],
                    hinted: Sequence[Any], keeper: Sequence[Any],
                    marks: Optional[Sequence[Any]], table: Term) -> tuple[list[Any], list[Any]]:
    """(marks lost, marks gained) per position, by the engine's own scoring."""
    d = engine_decision(rules, family, vals, live, dead_hand, hinted, keeper, marks, table)
    return marks_moved(d, len(vals))


# --------------------------------------------------------------------------- the proof


def variables(rules: Rules, n: int, tag: str = "sd") -> dict[str, list[Any]]:
    """Any showdown of ``n`` seats: cards, live and dead hands, hints, guarantees, marks."""
    return {
        "vals": [z3.Int(f"{tag}_card{j}") for j in range(n)],
        "live": [z3.Bool(f"{tag}_live{j}") for j in range(n)],
        "dead_hand": [z3.Bool(f"{tag}_deadhand{j}") for j in range(n)],
        "hinted": [z3.Bool(f"{tag}_hinted{j}") for j in range(n)],
        "keeper": [z3.Int(f"{tag}_keeper{j}") for j in range(n)],
        "marks": [z3.Int(f"{tag}_marks{j}") for j in range(n)],
    }


def domain(rules: Rules, v: dict[str, list[Any]]) -> list[Any]:
    """What a showdown can be: cards of the pack, no rank more often than the pack holds it
    (C1); a dead hand is not live; a guarantee names another seat or none; nobody holds
    negative marks and a live player holds at least one (K16: at none he is out)."""

    n = len(v["vals"])
    out = card_domain(rules, v["vals"])
    for j in range(n):
        out.append(z3.Implies(v["dead_hand"][j], z3.Not(v["live"][j])))
        k = v["keeper"][j]
        out.append(z3.Or(k == NO_SEAT, z3.And(k >= 0, k < n, k != j)))
        out.append(v["marks"][j] >= 0)
        out.append(z3.Implies(v["live"][j], v["marks"][j] >= 1))
    return out


def _fresh(kind: str, name: str, n: int) -> list[Any]:
    make = z3.Bool if kind == "bool" else z3.Int
    return [make(f"{name}{j}") for j in range(n)]


def stages(rules: Rules, n: int) -> list[tuple[str, list[Any], list[Any], dict[str, list[Any]]]]:
    """The four stage lemmas at ``n`` seats: (stage, premises, goals, inputs), each goal
    ``(what, engine term, spec term[, keep])``.
    Each stage's inputs are fresh variables; what a later stage assumes of them (ranks below
    the sentinel, compared seats live) is proved of the earlier stage's outputs as part of it."""

    return [rank_stage(rules, n), lowest_stage(rules, n), cuckoo_stage(rules, n), pay_stage(rules, n),
            plain_stage(rules, n)]


def rank_stage(rules: Rules, n: int) -> tuple[str, list[Any], list[Any], dict[str, list[Any]]]:
    """A: the fools and the ranks (C3, L4, Z6, Z7, Q4, Q10): rank_cards against spec_rank, and
    the short way without fools."""
    family = PACKS[rules.pack].family
    v = variables(rules, n, "a")
    pre = card_domain(rules, v["vals"]) + [z3.Implies(d, z3.Not(x)) for d, x in zip(v["dead_hand"], v["live"])]
    e = rank_cards(Z3Ops, rules, family, v["vals"], v["live"], v["dead_hand"], v["hinted"])
    sp = spec_rank(rules, family, v["vals"], v["live"], v["dead_hand"], v["hinted"])
    goals: list[tuple[Any, ...]] = [("fools", e.fools, sp["fools"]), ("single", e.single, sp["single"]),
                                    ("exempt", e.exempt, sp["exempt"])]
    for j in range(n):
        goals += [(f"fool[{j}]", e.fool[j], sp["fool"][j]), (f"rank[{j}]", e.rank[j], sp["rank"][j]),
                  (f"gains[{j}]", e.gains[j], sp["gains"][j]), (f"compared[{j}]", e.compared[j], sp["compared"][j]),
                  # what the later stages assume of these outputs
                  (f"ranked[{j}]", IMPLIES(v["live"][j], AND(e.rank[j] >= -8, e.rank[j] <= 32)), True),
                  (f"compared-live[{j}]", IMPLIES(e.compared[j], v["live"][j]), True),
                  (f"fool-aside[{j}]", IMPLIES(AND(e.single, e.fool[j]), NOT(e.compared[j])), True)]
    # the engine's short way where no hand holds a fool is the long way (PlainOps.holds_any)
    short = without_fools(Z3Ops, v["vals"], v["live"])
    none = AND(*[NOT(EQ(x, FOOL_VALUE)) for x in v["vals"]]) if family == "cuccu" else True
    for field in Ranked._fields:
        a, b = getattr(short, field), getattr(e, field)
        pairs = list(zip(a, b)) if isinstance(a, list) else [(a, b)]
        goals += [(f"shortcut-{field}[{j}]", IMPLIES(none, EQ(x, y)), True) for j, (x, y) in enumerate(pairs)]
    return ("rank", pre, goals, {k: v[k] for k in ("vals", "live", "dead_hand", "hinted")})


def lowest_stage(rules: Rules, n: int) -> tuple[str, list[Any], list[Any], dict[str, list[Any]]]:
    """B: the lowest card (K15, Q11, R4): find_lowest against spec_lowest."""
    rank, live, comp = _fresh("int", "b_rank", n), _fresh("bool", "b_live", n), _fresh("bool", "b_comp", n)
    pre = [z3.Implies(x, z3.And(r >= -8, r <= 32)) for r, x in zip(rank, live)]
    pre += [z3.Implies(c, x) for c, x in zip(comp, live)]
    e2 = find_lowest(Z3Ops, rules, rank, live, comp)
    sp2 = spec_lowest(rules, rank, live, comp)
    # first, what a running minimum is (the same term the engine's code builds): no card below it,
    # and one card at it unless there is none.  Where Q11's 'nobody' shapes the compared cards the
    # queries after them use these lemmas (10x faster at 20 seats); elsewhere they slow z3 down
    lemmas = rules.all_equal == "nobody-loses"
    goals = []
    for mask, name in ((live, "live"), (e2.compared, "compared")):
        low = Z3Ops.lowest(rank, mask)
        goals.append((f"lowest-{name}-is-a-lower-bound", AND(*[IMPLIES(x, low <= r) for r, x in zip(rank, mask)]),
                      True, lemmas))
        goals.append((f"lowest-{name}-is-attained", OR(AND(*[NOT(x) for x in mask]),
                                                      *[AND(x, EQ(low, r)) for r, x in zip(rank, mask)]), True, lemmas))
    goals.append(("nobody", e2.nobody, sp2["nobody"], True))
    for j in range(n):
        goals += [(f"compared[{j}]", e2.compared[j], sp2["compared"][j]), (f"tied[{j}]", e2.tied[j], sp2["tied"][j]),
                  (f"chosen[{j}]", e2.chosen[j], sp2["chosen"][j]),
                  (f"chosen-compared[{j}]", IMPLIES(e2.chosen[j], comp[j]), True)]
    return ("lowest", pre, goals, {"rank": rank, "live": live, "compared": comp})


def cuckoo_stage(rules: Rules, n: int) -> tuple[str, list[Any], list[Any], dict[str, list[Any]]]:
    """C: the cuckoos (K19, Q3, D7): spare_cuckoos against spec_cuckoos, and the short way without them."""
    family = PACKS[rules.pack].family
    vals, live, fool, chosen = (_fresh("int", "c_card", n), _fresh("bool", "c_live", n), _fresh("bool", "c_fool", n),
                                _fresh("bool", "c_chosen", n))
    single, table = z3.Bool("c_single"), z3.Int("c_table")
    # from the stages before: a single fool is not compared (rank), the chosen are compared (lowest)
    pre = card_domain(rules, vals) + [table >= 2] + [z3.Not(z3.And(single, f, c)) for f, c in zip(fool, chosen)]
    e3 = spare_cuckoos(Z3Ops, rules, family, vals, live, fool, single, chosen, table)
    sp3 = spec_cuckoos(rules, family, vals, live, fool, single, chosen, table)
    goals = [("pair", e3.pair, sp3["pair"])]
    for j in range(n):
        goals += [(f"spared[{j}]", e3.spared[j], sp3["spared"][j]), (f"by_fool[{j}]", e3.by_fool[j], sp3["by_fool"][j]),
                  (f"by_rank[{j}]", e3.by_rank[j], sp3["by_rank"][j]),
                  (f"one-loss[{j}]", NOT(AND(e3.by_fool[j], e3.by_rank[j])), True)]
    short3 = without_cuckoos(Z3Ops, fool, single, chosen)
    none = AND(*[NOT(AND(x, EQ(c, CUCKOO_VALUE))) for x, c in zip(live, vals)]) if family == "cuccu" else True
    for field in Losers._fields:
        a, b = getattr(short3, field), getattr(e3, field)
        pairs = list(zip(a, b)) if isinstance(a, list) else [(a, b)]
        goals += [(f"shortcut-{field}[{j}]", IMPLIES(none, EQ(x, y)), True) for j, (x, y) in enumerate(pairs)]
    return ("cuckoos", pre, goals, {"vals": vals, "live": live, "fool": fool, "single": [single],
                                        "chosen": chosen, "table": [table]})


def pay_stage(rules: Rules, n: int) -> tuple[str, list[Any], list[Any], dict[str, list[Any]]]:
    """D: who pays (K14, L7, K16, Q12): pay against spec_pay, and the short way without guarantees."""
    family = PACKS[rules.pack].family
    vals, by_fool, by_rank = _fresh("int", "d_card", n), _fresh("bool", "d_fool", n), _fresh("bool", "d_rank", n)
    keeper, marks = _fresh("int", "d_keeper", n), _fresh("int", "d_marks", n)
    pre = card_domain(rules, vals) + [z3.Not(z3.And(f, r)) for f, r in zip(by_fool, by_rank)]  # (cuckoos)
    paid = pay(Z3Ops, rules, family, vals, by_fool, by_rank, keeper, marks)
    lost = [sum(B2I(AND(c, EQ(p, j))) for c, p, _ in paid.payments) for j in range(n)]
    lost_s = spec_pay(rules, family, vals, by_fool, by_rank, keeper, marks)
    goals = [(f"lost[{j}]", lost[j], lost_s[j]) for j in range(n)]
    short4 = without_guarantees(Z3Ops, by_fool, by_rank)
    lost_short = [sum(B2I(AND(c, EQ(p, j))) for c, p, _ in short4.payments) for j in range(n)]
    none = AND(*[k < 0 for k in keeper])
    goals += [(f"shortcut-lost[{j}]", IMPLIES(none, EQ(lost_short[j], lost[j])), True) for j in range(n)]
    return ("pay", pre, goals, {"vals": vals, "by_fool": by_fool, "by_rank": by_rank, "keeper": keeper,
                                    "marks": marks})


def plain_stage(rules: Rules, n: int) -> tuple[str, list[Any], list[Any], dict[str, list[Any]]]:
    """The engine's fast path: :func:`cucu_ref.game.scoring.decide_plain` is
    :func:`~cucu_ref.game.scoring.decide` (the whole
    long way, all four stages) on every showdown of ``n`` seats in which nobody holds a
    guarantee: the same marks lost and gained by each seat, each live card at the same rank
    (what :func:`cucu_ref.game.scoring.evaluate` reports on that path), and nobody losing twice (so
    its losers, fools first, are the long way's payments).  Any cards of the pack, any seats
    live or dead, any hints and marks, any table."""
    family = PACKS[rules.pack].family
    v = variables(rules, n, "p")
    table = z3.Int("p_table")
    pre = domain(rules, v) + [table >= 2] + [k < 0 for k in v["keeper"]]
    long = decide(Z3Ops, rules, family, v["vals"], v["live"], v["dead_hand"], v["hinted"], v["keeper"], v["marks"],
                  table)
    lost, gained = marks_moved(long, n)
    plain = decide_plain(Z3Ops, rules, family, v["vals"], v["live"], v["dead_hand"], v["hinted"], table)
    goals: list[tuple[Any, ...]] = []
    for j in range(n):
        goals += [(f"lost[{j}]", lost[j], B2I(plain.by_fool[j]) + B2I(plain.by_rank[j])),
                  (f"gained[{j}]", gained[j], B2I(plain.gains[j])),
                  (f"rank[{j}]", IMPLIES(v["live"][j], EQ(long.rank[j], plain.rank[j])), True),
                  (f"one-loss[{j}]", NOT(AND(plain.by_fool[j], plain.by_rank[j])), True),
                  (f"losers-live[{j}]", IMPLIES(OR(plain.by_fool[j], plain.by_rank[j], plain.gains[j]),
                                                v["live"][j]), True)]
    return ("plain", pre, goals, {**v, "table": [table]})


def _pins(inputs: dict[str, list[Any]], concrete: dict[str, list[Any]]) -> list[Any]:
    return [x == _z(c) for k, xs in inputs.items() for x, c in zip(xs, concrete[k])]


def equivalence(rules: Rules, n: int, timeout_ms: int = 120_000,
                sample: Optional[dict[str, dict[str, list[Any]]]] = None) -> "cucu_ref.assurance.formal.props.Result":
    """Prove that the engine's showdown (:func:`cucu_ref.game.scoring.decide` on z3 terms) equals
    :func:`spec` on every showdown of ``n`` seats, stage by stage (:func:`stages`), each output
    of each stage for every seat.  Vacuity: each stage's premises hold with its inputs pinned to
    what the engine computes on a real showdown (``sample``, by default one of a known run)."""

    t0 = time.perf_counter()
    sample = sample or sample_showdown(rules, n)
    verdict, vac = "proved", "sat"
    detail: dict[str, Any] = {"stages": {}}
    for stage, pre, goals, inputs in stages(rules, n):
        t1 = time.perf_counter()
        proved: list[Any] = []  # what this stage has proved so far: the later queries may use it
        for goal in goals:
            what, a, b = goal[:3]
            res, mdl = _solve(pre + proved + [z3.Not(_z(EQ(a, b)))], timeout_ms)
            # a table-wide quantity (not one seat's) helps the queries after it; so may a lemma
            keep = goal[3] if len(goal) > 3 else not what.endswith("]")
            if keep:
                proved.append(_z(EQ(a, b)))
            if res != z3.unsat:
                verdict = f"{'refuted' if res == z3.sat else 'unknown'} (stage {stage}, {what})"
                if mdl is not None:
                    detail["counterexample"] = _shown(mdl, inputs, a, b)
                break
        detail["stages"][stage] = round(time.perf_counter() - t1, 2)
        if verdict != "proved":
            break
        if sample is not None:
            res, _ = _solve(pre + _pins(inputs, sample[stage]), timeout_ms)
            if res != z3.sat:
                vac = f"stage {stage}: premises {res} on a real showdown"
    if sample is None:
        vac = "no known showdown"
    return Result("showdown-is-the-seeds", "any-showdown (staged)", rules.name, n, verdict,
                  time.perf_counter() - t0, vac, detail)


def _shown(mdl: Any, inputs: dict[str, list[Any]], a: Term, b: Term) -> dict[str, Any]:
    """A counterexample z3 found: the stage's inputs, and what the engine and the spec make of them."""
    def ev(x: Term) -> str:
        return str(mdl.eval(_z(x), model_completion=True))
    out: dict[str, Any] = {k: [ev(x) for x in xs] for k, xs in inputs.items()}
    out.update(engine=ev(a), spec=ev(b))
    return out


def sample_showdown(rules: Rules, n: int) -> Optional[dict[str, dict[str, list[Any]]]]:
    """The inputs of each stage on the showdown of a known run at ``n`` seats (the step model
    and the engine agree on it), computed by the engine's plain path."""

    if n > rules.max_players:
        return None
    if n < rules.min_players:
        return _sample_from_match(rules, n)
    try:
        Model(rules, n)
    except NotImplementedError:
        return _sample_without_model(rules, n)
    for run in known_runs(rules, n, tries=5):
        s = run.states[-1]
        family = PACKS[rules.pack].family
        vals = _fill_empty(rules, [None if v == NONE else v for v in s.hval])
        live = [not d for d in s.dead]
        dead_hand = [bool(d) and h != NONE for d, h in zip(s.dead, s.hid)]
        return _stage_inputs(rules, family, vals, live, dead_hand, [False] * n, list(s.guar), list(s.marks), n,
                             PlainOps)
    return None


def _sample_from_match(rules: Rules, n: int, seeds: int = 20) -> Optional[dict[str, dict[str, list[Any]]]]:
    """A showdown of ``n`` seats below the ruleset's smallest table: a later deal of a match,
    once players went out (K16, D8 'players with no lives sit out', F5 'the count of players
    falls'), as the engine plays it from a match of the smallest table (seeded random play).
    Its inputs are the deal's seats in play order: the cards, the dead, the guarantees, the
    hints and the marks held as the cards are shown."""

    for seed in range(seeds):
        start = new_match(rules, [f"p{i}" for i in range(rules.min_players)])
        for before, _, after, events in trajectory(start, seed):
            if len(before.order) != n or not any(e.kind == EventKind.SHOWDOWN for e in events):
                continue
            order = list(after.order)
            where = {seat: j for j, seat in enumerate(order)}
            keeper = [NO_SEAT] * n
            for offerer, innkeeper in after.guarantees:
                keeper[where[offerer]] = where[innkeeper]
            hands = [after.hands[s] for s in order]
            vals = _fill_empty(rules, [None if c is None else c.value for c in hands])
            live = [not after.dead[s] for s in order]
            dead_hand = [after.dead[s] and h is not None for s, h in zip(order, hands)]
            hinted = [s in after.hinted for s in order]
            marks = [before.marks[s] for s in order]
            return _stage_inputs(rules, PACKS[rules.pack].family, vals, live, dead_hand, hinted, keeper, marks, n,
                                 PlainOps)
    return None


def _fill_empty(rules: Rules, vals: list[Any]) -> list[Any]:
    """A seat without a card (L10: his dead card went under the stack) gets a value the pack
    still has a copy of: it is neither live nor a dead hand, so its value matters to no stage,
    but the premises hold no rank more often than the pack (C1)."""
    pack = PACKS[rules.pack]
    left = {v: pack.copies - vals.count(v) for v in pack.values}
    out = []
    for v in vals:
        if v is None:
            v = next(x for x in pack.values if left[x] > 0)
            left[v] -= 1
        out.append(v)
    return out


def _sample_without_model(rules: Rules, n: int) -> dict[str, dict[str, list[Any]]]:
    """A showdown for a ruleset the models do not play (the ordinary-pack games): the top of
    the pack in play order, every seat live, three marks each."""

    pack = PACKS[rules.pack]
    vals = [c.value for c in pack.cards[:n]]
    return _stage_inputs(rules, pack.family, vals, [True] * n, [False] * n, [False] * n, [NO_SEAT] * n, [3] * n, n,
                         PlainOps)


def _stage_inputs(rules: Rules, family: str, vals: list[Any], live: list[Any], dead_hand: list[Any], hinted: list[Any],
                  keeper: list[Any],
                  marks: list[Any], table: int, X: Any) -> dict[str, dict[str, list[Any]]]:
    r = rank_cards(X, rules, family, vals, live, dead_hand, hinted)
    low = find_lowest(X, rules, r.rank, live, r.compared)
    los = spare_cuckoos(X, rules, family, vals, live, r.fool, r.single, low.chosen, table)
    return {
        "rank": {"vals": vals, "live": live, "dead_hand": dead_hand, "hinted": hinted},
        "lowest": {"rank": r.rank, "live": live, "compared": r.compared},
        "cuckoos": {"vals": vals, "live": live, "fool": r.fool, "single": [r.single], "chosen": low.chosen,
                    "table": [table]},
        "pay": {"vals": vals, "by_fool": los.by_fool, "by_rank": los.by_rank, "keeper": keeper, "marks": marks},
        "plain": _plain_sample(rules, family, vals, live, dead_hand, hinted, keeper, marks, table),
    }


def _plain_sample(rules: Rules, family: str, vals: list[Any], live: list[Any], dead_hand: list[Any],
                  hinted: list[Any], keeper: list[Any], marks: list[Any], table: int) -> dict[str, list[Any]]:
    """The plain stage's inputs: the run's showdown without its guarantees (the engine's fast
    path scores it so)."""
    return {"vals": vals, "live": live, "dead_hand": dead_hand, "hinted": hinted, "keeper": [NO_SEAT] * len(vals),
            "marks": marks, "table": [table]}


# --------------------------------------------------------------------------- marks accounting


def accounting(rules: Rules, n: int, timeout_ms: int = 120_000) -> "cucu_ref.assurance.formal.props.Result":
    """The showdown's marks, whoever loses (K15, C3, L3, R4), as :func:`cucu_ref.game.scoring.pay`
    moves them, for every set of losers of ``n`` seats, any cards, guarantees and marks:

    * every loser's mark is accounted for once: paid by himself, by his innkeeper (K14/L7), or,
      when the innkeeper has none left, as Q12's ``inn_keeper_cannot_pay`` says (by the
      offerer, or by nobody), and each payment is a seat's, so the marks lost are the losers
      less the marks nobody pays;
    * nobody pays more marks than he holds (K16);
    * under Q12 'offerer' a mark goes unpaid only when its loser has none left either.

    Each statement is one query per seat (the sum over the table at 20 seats is too big for
    one)."""

    t0 = time.perf_counter()
    family = PACKS[rules.pack].family
    vals, by_fool, by_rank = _fresh("int", "m_card", n), _fresh("bool", "m_fool", n), _fresh("bool", "m_rank", n)
    keeper, marks = _fresh("int", "m_keeper", n), _fresh("int", "m_marks", n)

    losers = [OR(f, r) for f, r in zip(by_fool, by_rank)]
    pre = card_domain(rules, vals) + [z3.Not(z3.And(f, r)) for f, r in zip(by_fool, by_rank)]
    # (no guarantee is any negative number: the models write none as NONE)
    pre += [z3.Or(k < 0, z3.And(k < n, k != j)) for j, k in enumerate(keeper)]
    pre += [m >= 0 for m in marks] + [z3.Implies(_z(x), m >= 1) for x, m in zip(losers, marks)]  # a loser is live
    paid = pay(Z3Ops, rules, family, vals, by_fool, by_rank, keeper, marks)
    lost = [sum(B2I(AND(c, EQ(p, j))) for c, p, _ in paid.payments) for j in range(n)]
    goals = []
    for j in range(n):
        ways = [by_fool[j], paid.own[j], paid.keeper_pays[j], paid.offerer_pays[j], paid.unpaid[j]]
        goals += [(f"paid-once[{j}]", EQ(sum(B2I(w) for w in ways), B2I(losers[j]))),
                  (f"a-seat-pays[{j}]", IMPLIES(paid.keeper_pays[j], AND(keeper[j] >= 0, keeper[j] < n))),
                  (f"held[{j}]", lost[j] <= marks[j])]
    if rules.inn_keeper_cannot_pay == "offerer":
        goals += [("nobody-unpaid-but-the-broke", AND(*[IMPLIES(u, marks[j] - lost[j] <= 0)
                                                        for j, u in enumerate(paid.unpaid)]))]
    verdict, detail = "proved", {}
    for what, goal in goals:
        res, mdl = _solve(pre + [z3.Not(_z(goal))], timeout_ms)
        if res != z3.unsat:
            verdict = f"{'refuted' if res == z3.sat else 'unknown'} ({what})"
            if mdl is not None:
                detail["counterexample"] = _shown(mdl, {"vals": vals, "by_fool": by_fool, "by_rank": by_rank,
                                                        "keeper": keeper, "marks": marks}, goal, True)
            break
    # vacuity: the premises hold on a real showdown's losers (the engine's plain path)
    sample = sample_showdown(rules, n)
    vac = "no known showdown"
    if sample is not None:
        pins = _pins({"vals": vals, "by_fool": by_fool, "by_rank": by_rank, "keeper": keeper, "marks": marks},
                     sample["pay"])
        res, _ = _solve(pre + pins, timeout_ms)
        vac = "sat" if res == z3.sat else f"premises {res} on a real showdown"
    return Result("showdown-accounting", "any-showdown", rules.name, n, verdict, time.perf_counter() - t0, vac, detail)
