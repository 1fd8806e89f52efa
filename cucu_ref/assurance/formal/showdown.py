"""The engine's showdown in z3, and the seeds' showdown as a specification to hold it to.

:func:`cucu_ref.game.scoring.decide` is the one showdown: the engine runs it on plain values
(:class:`cucu_ref.game.scoring.PlainOps`), and
:class:`~cucu_ref.assurance.formal.z3scoring.Z3Ops` runs the same code on z3 terms.
So every z3 check that scores a showdown (the step model's deals, the cuckoo
checks, the marks accounting) scores it with the engine's own rules, and a bug put into
``scoring.decide`` changes what z3 proves.

:func:`spec` is the showdown written a second time, directly from the seeds, in a
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
    CUCKOO_VALUE, NO_SEAT, NULLA_CARDS, Losers, Ranked, decide, decide_plain, find_lowest,
    pay, rank_cards, spare_cuckoos, without_cuckoos, without_fools, without_guarantees,
)
from .model import AND, B2I, EQ, IMPLIES, NOT, OR, ite
from .invariants import card_domain
from .model import NONE, Model
from .props import Result, _solve, known_runs
from .z3scoring import Z3Ops as Z3Ops
from .z3scoring import _z as _z
from .z3scoring import engine_decision as engine_decision
from .z3scoring import engine_showdown as engine_showdown
from .z3scoring import marks_moved as marks_moved

if TYPE_CHECKING:
    import cucu_ref.assurance.formal.props

Term = Any



# --------------------------------------------------------------------------- the specification
#
# The showdown as seed 000 (§Das Ergebnis, §Endspiel zu zweit, Lu Stù, Zeh), seed 003 (F5, R4) and
# seed 004 (D7) state it, written apart from cucu_ref.game.scoring, statement by statement, in the
# same four stages so that each can be proved equal to the engine's on its own (the whole showdown
# at 20 seats is too big for one query; a stage is small).  Every quantity is a statement over the
# other seats ("no compared card is lower"), where the engine keeps a running minimum.


def spec_rank(rules: Rules, family: str, vals: Sequence[Any], live: Sequence[Any], dead_hand: Sequence[Any],
              hinted: Sequence[Any]) -> dict[str, Any]:
    """C3: a single fool ranks with the lowest other card, so he loses (L4: 'der Narr zahlt und
    lässt zahlen'), and the others are compared without him; two fools rank 14½ (L4, Z6: above XV,
    and each gains a mark, Z7: unless he hinted at it); Q10 'exempt': two fools are not compared;
    Q4 'any-hand': a fool in a dead hand counts towards the two.  Ranks are doubled (14½ is 29)."""
    seats = range(len(vals))
    cuccu = family == "cuccu"
    fl = [AND(live[j], EQ(vals[j], FOOL_VALUE)) if cuccu else False for j in seats]
    live_fools = sum(B2I(x) for x in fl)
    dead_fools = sum(B2I(AND(dead_hand[j], EQ(vals[j], FOOL_VALUE))) for j in seats) if cuccu else 0
    fools = live_fools + (dead_fools if rules.fools_in_play == "any-hand" else 0)
    pair_rank = 32 if rules.two_fools == "above-xv-and-gain" else 29
    rank = [ite(AND(fl[j], fools >= 2), pair_rank, 2 * vals[j]) for j in seats]
    single = AND(EQ(fools, 1), live_fools >= 1)
    exempt = AND(fools >= 2, rules.two_fools_alone == "exempt")
    compared = [AND(live[j], IMPLIES(OR(single, exempt), NOT(fl[j]))) for j in seats]
    gaining = AND(fools >= 2, rules.two_fools == "above-xv-and-gain")
    forfeit = rules.fool_hint == "forfeits-gain"
    gains = [AND(gaining, fl[j], NOT(AND(forfeit, hinted[j]))) for j in seats]
    return {"fool": fl, "fools": fools, "single": single, "exempt": exempt, "rank": rank, "gains": gains,
            "compared": compared}


def spec_lowest(rules: Rules, rank: Sequence[Any], live: Sequence[Any], compared: Sequence[Any]) -> dict[str, Any]:
    """K15: the lowest compared card loses, every tied lowest (L3: only the first in play order,
    R4: only the last); F5 (Q11 'nobody-loses'): nobody, when every live card has the same rank
    and none is set aside."""
    seats = range(len(rank))
    if rules.all_equal == "nobody-loses":
        n_live = sum(B2I(x) for x in live)
        alike = AND(*[IMPLIES(AND(live[j], live[t]), EQ(rank[j], rank[t])) for j in seats for t in seats if t < j])
        set_aside = OR(*[AND(live[j], NOT(compared[j])) for j in seats])
        nobody = AND(n_live >= 2, NOT(set_aside), alike)
        compared = [AND(c, NOT(nobody)) for c in compared]
    else:
        nobody = False
    low = [AND(compared[j], *[IMPLIES(compared[t], rank[j] <= rank[t]) for t in seats if t != j]) for j in seats]
    if rules.ties == "first":
        chosen = [AND(low[j], *[NOT(low[t]) for t in seats if t < j]) for j in seats]
    elif rules.ties == "last":
        chosen = [AND(low[j], *[NOT(low[t]) for t in seats if t > j]) for j in seats]
    else:
        chosen = low
    return {"nobody": nobody, "compared": list(compared), "tied": low, "chosen": chosen}


def spec_cuckoos(rules: Rules, family: str, vals: Sequence[Any], live: Sequence[Any], fool: Sequence[Any],
                 single: Term, chosen: Sequence[Any],
                 table: Term) -> dict[str, Any]:
    """Q3 'never-loses' (D7, Z9): a live XV never loses; 'compared': K19 (§Endspiel zu zweit), at
    a table of two, two XV lose nothing ('two-live-cards', D7: whenever they are the only live
    cards); L6 'no': they lose like any tied cards."""
    seats = range(len(vals))
    ck = [AND(live[j], EQ(vals[j], CUCKOO_VALUE)) if family == "cuccu" else False for j in seats]
    spared = [AND(ck[j], chosen[j]) if rules.cuckoo_at_showdown == "never-loses" else False for j in seats]
    neither: Term = False
    if rules.cuckoo_at_showdown == "compared" and rules.cuckoo_pair_exception != "no":
        neither = AND(EQ(sum(B2I(x) for x in live), 2), EQ(sum(B2I(x) for x in ck), 2),
                      EQ(table, 2) if rules.cuckoo_pair_exception == "yes" else True)
    by_fool = [AND(single, fool[j], NOT(neither)) for j in seats]
    by_rank = [AND(chosen[j], NOT(spared[j]), NOT(neither)) for j in seats]
    return {"spared": spared, "pair": neither, "by_fool": by_fool, "by_rank": by_rank}


def spec_pay(rules: Rules, family: str, vals: Sequence[Any], by_fool: Sequence[Any], by_rank: Sequence[Any],
             keeper: Sequence[Any], marks: Sequence[Any]) -> list[Any]:
    """Marks lost per seat.  K14/L7: an offerer who loses with the nulla (Q12: or with any card
    worth nothing or less) and holds an innkeeper's guarantee has his mark paid by the innkeeper.
    Nobody pays more marks than he holds: the innkeeper pays his own loss first, then as many of
    the guarantees he gave as he has marks left, the first in play order first; one he cannot
    pay is paid by the offerer if he has a mark left (Q12 'offerer') or by nobody (Q12 'nobody')."""
    seats = range(len(vals))
    covered = sorted(NULLA_CARDS[rules.inn_guarantee_covers]) if family == "cuccu" else []
    cov = [AND(by_rank[j], keeper[j] >= 0, OR(*[EQ(vals[j], v) for v in covered])) for j in seats]
    own = [B2I(OR(by_fool[j], AND(by_rank[j], NOT(cov[j])))) for j in seats]

    def guaranteed_by(k: Term, upto: int) -> Term:
        return sum(B2I(AND(cov[o], EQ(keeper[o], k))) for o in seats if o <= upto)

    # the innkeeper k pays offerer j's mark when j is among the first (marks[k] - own[k]) he guaranteed
    by_keeper = [AND(cov[j], guaranteed_by(keeper[j], j) <= ite_get(marks, keeper[j]) - ite_get(own, keeper[j]))
                 for j in seats]
    paid_as_keeper = [sum(B2I(AND(by_keeper[o], EQ(keeper[o], j))) for o in seats) for j in seats]
    if rules.inn_keeper_cannot_pay == "offerer":
        by_offerer = [AND(cov[j], NOT(by_keeper[j]), marks[j] - paid_as_keeper[j] >= 1) for j in seats]
    else:
        by_offerer = [False for _ in seats]
    return [own[j] + B2I(by_offerer[j]) + paid_as_keeper[j] for j in seats]


def spec(rules: Rules, family: str, vals: Sequence[Term], live: Sequence[Term], dead_hand: Sequence[Term],
         hinted: Sequence[Term], keeper: Sequence[Term], marks: Sequence[Term],
         table: Term) -> tuple[list[Any], list[Any]]:
    """The whole showdown by the specification: (marks lost, marks gained) per position."""
    r = spec_rank(rules, family, vals, live, dead_hand, hinted)
    low = spec_lowest(rules, r["rank"], live, r["compared"])
    los = spec_cuckoos(rules, family, vals, live, r["fool"], r["single"], low["chosen"], table)
    lost = spec_pay(rules, family, vals, los["by_fool"], los["by_rank"], keeper, marks)
    return lost, [B2I(g) for g in r["gains"]]


def ite_get(xs: Sequence[Any], i: Term) -> Term:
    if not isinstance(i, z3.ExprRef):
        return xs[i] if 0 <= i < len(xs) else 0
    r: Term = 0
    for k, x in enumerate(xs):
        r = ite(EQ(i, k), x, r)
    return r


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
