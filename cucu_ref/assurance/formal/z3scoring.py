"""The showdown as the seeds state it, on z3 terms: what the step model scores a deal by.

Written from the sources apart from :mod:`cucu_ref.game.scoring` (issue 28 item 3): nothing
here imports the engine's scoring, its rule functions or its tables, so a bug in the engine's
showdown is not repeated on the model's side, and every comparison of the model with the engine
(the cross-check, the lockstep machine, the property checks) is a comparison of two showdowns
written apart.  The values the seeds name are stated here again, each with its rule (C1, C3,
L4, Q12); ``tests/formal/test_independent_showdown.py`` holds both sides' tables to the sources.

Seed 000 (§Das Ergebnis, §Endspiel zu zweit, Lu Stù, Zeh), seed 003 (F5, R4) and seed 004 (D7)
state the showdown; it is written in four stages (:func:`spec_rank`, :func:`spec_lowest`,
:func:`spec_cuckoos`, :func:`spec_pay`), as the engine's is, each statement by statement from the
seeds; ``cucu_ref.assurance.formal.livemarks`` proves the engine's showdown equal to it, path by path.
Every quantity is a statement over the other seats ("no compared card is lower"), where the
engine keeps a running minimum.  Ranks are doubled so that 14½ is an integer (29).
"""

from __future__ import annotations

from typing import Any, Sequence

import z3

from ...game.cards import FOOL_VALUE
from ...game.rulesets import Rules
from .model import AND, B2I, EQ, IMPLIES, NONE, NOT, OR, Model, St, ite

Term = Any

# C1: the cuckoo is XV (the digital game's values: XV = 15 ... I = 1, nulla 0, bucket -1,
# mask -2, lion -3); the fool's value is the pack's (cards.FOOL_VALUE: a placeholder, C3 gives
# him his rank)
XV = 15
# Q12: what an innkeeper's guarantee covers: 'nulla' (K14 'pagherai se null?': the nulla, 0) or
# 'zero-or-below' (any card worth nothing or less: nulla, bucket, mask, lion; the fool is no nulla)
COVERED = {"nulla": (0,), "zero-or-below": (0, -1, -2, -3)}
# C3: two fools in play rank 14½, between XV and XIIII (doubled: 29); L4, Z6: above XV (doubled: 32)
PAIR = {"between-xv-and-xiiii": 29, "above-xv-and-gain": 32}


def _z(x: Term) -> Term:
    return z3.BoolVal(x) if isinstance(x, bool) else z3.IntVal(x) if isinstance(x, int) else x


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
    pair_rank = PAIR[rules.two_fools]
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
    ck = [AND(live[j], EQ(vals[j], XV)) if family == "cuccu" else False for j in seats]
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
    covered = COVERED[rules.inn_guarantee_covers] if family == "cuccu" else ()
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


def model_showdown(model: Model, s: St) -> tuple[list[Term], list[Term]]:
    """Marks lost and gained at the showdown of the step model's state ``s``, per seat, by the
    seeds' showdown (:func:`spec`: K15, C3, K14, K19, L3, L4, Q3, Q4, Q10, Q12; no hints: the
    models record none)."""
    n = model.n
    lost, gained = spec(model.rules, model.family, s.hval, [NOT(x) for x in s.dead],
                        [AND(dd, NOT(EQ(h, NONE))) for dd, h in zip(s.dead, s.hid)], [False] * n,
                        s.guar, s.marks, n)
    return lost, gained


def final_marks(model: Model, s: St) -> tuple[list[Term], list[Term], list[Term]]:
    """(marks after the showdown, total losses, total gains).  Nobody pays more marks than he
    holds (:func:`spec_pay`, Q12), so no clamp is needed: see the 'marks-never-negative' checks."""
    lost, gained = model_showdown(model, s)
    marks, losses, gains = [], [], []
    for j in range(model.n):
        marks.append(s.marks[j] - lost[j] + gained[j])
        losses.append(s.loss[j] + lost[j])
        gains.append(s.gain[j] + gained[j])
    return marks, losses, gains
