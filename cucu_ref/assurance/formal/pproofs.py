"""Proofs over the small-step model of :mod:`.parametric`, for every table size at once.

The method is induction over micro-steps.  ``Inv`` is a conjunction of named parts:
well-formedness, the dealing frontier, conservation, the exchange chain (rulesets whose
cat undoes, K13), the undo's progress (while it walks back) and the inn's guarantee.
The proofs are:

* base case: the state after the shuffle satisfies ``Inv`` (any ``n >= 2``, any ``k > n``);
* one lemma per part and per phase: from ANY state satisfying all of ``Inv`` in that phase,
  one micro-step gives a state satisfying that part (the parts are proved together, so
  none of them is assumed without being proved);
* the properties, each a one-step lemma from ``Inv``: termination (a bounded lexicographic
  measure rises), a blocked request moves no card, and K13's undo leaves every card where the
  issue says when the walk back ends.

With ``n`` and ``k`` symbolic the parts are quantified over seats, cards and stack slots and
one ``unsat`` covers every size; with ``n`` a number the same constraints are built without
quantifiers (a conjunction over the seats), which is how each size 2-20 is checked on its
own and how the vacuity check pins them to a state of a known concrete run.
"""

from __future__ import annotations

import time
from typing import Callable, Iterator, Optional

import z3

from ...game.rulesets import Rules
from .model import (
    DECIDE, DONE, INN_KEEP, INN_OFF, NONE, R_CAT, R_CUCKOO, R_HUNTER, R_INN, AND, B2I, EQ, IMPLIES, NOT, OR,
    ite,
)
from .parametric import (
    ADV, BACK, DEALALL, LIVE_PHASES, PHASE_NAMES, SEEK, UNDO, Arr, PModel, PSt, every, play, sel,
    symbolic_state,
)
from .props import Result, known_runs

# --------------------------------------------------------------------------- the invariant, in parts


class Ctx:
    """A model and the ranges the parts quantify over."""

    def __init__(self, model: PModel):
        self.m = model
        self.n, self.k = model.n, model.k

    def seats(self, body, name="j"):
        return every(0, self.n, body, name)

    def cards(self, body, name="c"):
        return every(0, self.k, body, name)

    def window(self, s: PSt, body, name="i"):
        return every(s.lo, s.hi + 1, body, name)


def _in(x, lo, hi):
    return AND(lo <= x, x < hi)


def part_wellformed(cx: Ctx, s: PSt) -> list:
    """The phase's fields in range (K5-K7, K12-K14, L8), dead players left of the cursor,
    the exchange pointers pointing left (K7: cards go right), seats not reached untouched."""
    m, n = cx.m, cx.n
    ph = s.phase
    hid = lambda j: sel(s.hid, j)  # noqa: E731
    has = lambda j: NOT(EQ(hid(j), NONE))  # noqa: E731
    out = [
        # reachability: only the phases this ruleset can reach (phases_for), each of which a known
        # run reaches (the vacuity checks), so that no lemma holds vacuously in an unreachable one
        OR(*[EQ(ph, p) for p in phases_for(m.rules)]),
        IMPLIES(EQ(ph, DEALALL), AND(s.cursor >= 0, s.cursor <= n)),
        IMPLIES(NOT(EQ(ph, DEALALL)), _in(s.cursor, 0, n)),
        IMPLIES(EQ(ph, DECIDE), AND(EQ(s.actor, s.cursor), has(s.cursor))),
        IMPLIES(EQ(ph, SEEK), AND(s.actor >= 0, s.actor < s.target, EQ(s.target, s.cursor), has(s.actor))),
        # the offerer of a request still under way is in the deal (K15: only a mark lost puts him out)
        IMPLIES(OR(EQ(ph, SEEK), EQ(ph, INN_OFF)), NOT(sel(s.dead, s.actor))),
        IMPLIES(EQ(ph, INN_KEEP), NOT(sel(s.dead, s.target))),
        IMPLIES(EQ(ph, INN_OFF), AND(EQ(s.target, s.cursor), s.actor >= 0, s.actor < s.cursor, has(s.actor),
                                     EQ(m.role_of(s, s.target), R_INN))),
        IMPLIES(EQ(ph, INN_KEEP), AND(EQ(s.actor, s.cursor), s.target >= 0, s.target < s.cursor,
                                      has(s.target), EQ(m.role_of(s, s.actor), R_INN))),
        IMPLIES(EQ(ph, UNDO), AND(EQ(s.target, s.cursor), s.actor >= 0, s.actor < s.target,
                                  s.seat >= 0, s.seat <= s.actor, has(s.seat))),
        IMPLIES(EQ(ph, BACK), AND(EQ(s.target, s.cursor), s.actor >= 0, s.actor < s.target,
                                  s.seat >= 0, s.seat <= s.holder, s.holder <= s.actor, has(s.holder),
                                  NOT(sel(s.dead, s.holder)),
                                  OR(EQ(s.holder, s.actor), sel(s.byx, s.holder)))),
        cx.seats(lambda j: IMPLIES(sel(s.dead, j), j < s.cursor)),
        # Z3: while every seat is dealt his card first, nobody has played yet
        IMPLIES(EQ(ph, DEALALL), cx.seats(lambda j: AND(NOT(sel(s.dead, j)), EQ(sel(s.inc, j), NONE),
                                                        EQ(sel(s.outp, j), NONE), NOT(sel(s.byx, j)),
                                                        NOT(sel(s.fromstack, j)), EQ(sel(s.guar, j), NONE)))),
        cx.seats(lambda j: OR(EQ(sel(s.inc, j), NONE), _in(sel(s.inc, j), 0, j))),
        # seats right of the cursor (and the one asked, at the cursor) have not exchanged
        cx.seats(lambda j: IMPLIES(OR(j > s.cursor, AND(EQ(j, s.cursor), NOT(EQ(ph, DECIDE)))),
                                   AND(EQ(sel(s.inc, j), NONE), NOT(sel(s.byx, j)), NOT(sel(s.fromstack, j)),
                                       EQ(sel(s.outp, j), NONE)))),
        cx.seats(lambda j: NOT(sel(s.fromstack, j))),  # K8/K12: the stack is met only at the end
    ]
    return out


def part_frontier(cx: Ctx, s: PSt) -> list:
    """Cards are dealt in seat order (K4/L2/Z3), so a card is always there to deal: seats up to
    the frontier have one (or are out), the rest have none; the stack window and the hands hold
    the ``k`` cards between them, at most one per seat dealt."""
    n, k = cx.n, cx.k
    ph = s.phase
    f = s.frontier
    return [
        EQ(s.hi - s.lo + 1 + s.inhands, k),
        s.inhands <= f + 1,
        # the top of the window moves down by one per card dealt from the top (L2), at most one per seat
        s.lo >= 0, s.lo <= f + 1,
        f >= -1, f <= n - 1,
        cx.seats(lambda j: IMPLIES(j <= f, OR(NOT(EQ(sel(s.hid, j), NONE)), sel(s.dead, j)))),
        cx.seats(lambda j: IMPLIES(j > f, AND(EQ(sel(s.hid, j), NONE), NOT(sel(s.dead, j))))),
        IMPLIES(EQ(ph, DEALALL), EQ(f, s.cursor - 1)),
        IMPLIES(OR(EQ(ph, ADV), EQ(ph, SEEK)), f >= s.cursor - 1),
        IMPLIES(OR(EQ(ph, DECIDE), EQ(ph, INN_OFF), EQ(ph, INN_KEEP), EQ(ph, UNDO), EQ(ph, BACK)), f >= s.cursor),
    ]


def part_conservation(cx: Ctx, s: PSt) -> list:
    """The placement is a bijection between the cards ``0..k-1`` and the occupied places (hands
    and the stack window): every held card is one of them, at the place ``at`` says, and every
    card is held where ``at`` says.  So the holdings are always a permutation of the start's."""
    n, k = cx.n, cx.k
    return [
        cx.seats(lambda j: IMPLIES(NOT(EQ(sel(s.hid, j), NONE)),
                                   AND(_in(sel(s.hid, j), 0, k), sel(s.inhand, sel(s.hid, j)),
                                       EQ(sel(s.at, sel(s.hid, j)), j)))),
        cx.window(s, lambda i: AND(_in(sel(s.sid, i), 0, k), NOT(sel(s.inhand, sel(s.sid, i))),
                                   EQ(sel(s.at, sel(s.sid, i)), i))),
        cx.cards(lambda c: OR(AND(sel(s.inhand, c), _in(sel(s.at, c), 0, n), EQ(sel(s.hid, sel(s.at, c)), c)),
                              AND(NOT(sel(s.inhand, c)), s.lo <= sel(s.at, c), sel(s.at, c) <= s.hi,
                                  EQ(sel(s.sid, sel(s.at, c)), c)))),
    ]


def _recv(s: PSt, j):
    """What ``j`` was handed: his dealt card, or the card his left partner offered."""
    p = sel(s.inc, j)
    return ite(EQ(p, NONE), sel(s.dealt, j), sel(s.off, p))


def part_chain(cx: Ctx, s: PSt) -> list:
    """The forward chain behind K13's undo (``outp`` is the inverse of ``inc``): a seat who
    passed his card on holds his partner's dealt card and offered what he had been handed;
    a seat who did not holds what he was handed; nobody points at the seat on offer."""
    m, n = cx.m, cx.n
    on_offer = m.offerer_now(s)
    return [
        cx.seats(lambda j: OR(EQ(sel(s.outp, j), NONE),
                              AND(j < sel(s.outp, j), sel(s.outp, j) < n, EQ(sel(s.inc, sel(s.outp, j)), j)))),
        cx.seats(lambda j: IMPLIES(NOT(EQ(sel(s.inc, j), NONE)), EQ(sel(s.outp, sel(s.inc, j)), j))),
        cx.seats(lambda j: IMPLIES(NOT(EQ(sel(s.outp, j), NONE)), EQ(sel(s.hid, j), sel(s.dealt, sel(s.outp, j))))),
        cx.seats(lambda j: IMPLIES(AND(EQ(sel(s.outp, j), NONE), NOT(EQ(sel(s.hid, j), NONE))),
                                   EQ(sel(s.hid, j), _recv(s, j)))),
        cx.seats(lambda j: IMPLIES(NOT(EQ(sel(s.outp, j), NONE)), EQ(sel(s.off, j), _recv(s, j)))),
        IMPLIES(on_offer >= 0, EQ(sel(s.outp, on_offer), NONE)),
        cx.seats(lambda j: IMPLIES(NOT(EQ(sel(s.hid, j), NONE)), NOT(EQ(sel(s.dealt, j), NONE)))),
        cx.seats(lambda j: IMPLIES(EQ(sel(s.dealt, j), NONE), EQ(sel(s.inc, j), NONE))),
        cx.seats(lambda j: IMPLIES(AND(EQ(sel(s.hid, j), NONE), NOT(sel(s.dead, j))), EQ(sel(s.dealt, j), NONE))),
    ]


def part_undo_progress(cx: Ctx, s: PSt) -> list:
    """While K13's undo walks back (phase UNDO): ``seat`` holds the offered card; every other
    seat whose card changed since the cat was met holds his dealt card; a seat with no exchange
    when the cat was met is untouched and not reached; the pointers left are those of then."""
    a, u = s.actor, s.seat
    snap = lambda j: sel(s.snap, j)  # noqa: E731
    body = [
        NOT(EQ(snap(a), NONE)),
        EQ(sel(s.hid, u), snap(a)),
        cx.seats(lambda j: IMPLIES(AND(NOT(EQ(j, u)), NOT(EQ(sel(s.hid, j), snap(j)))),
                                   EQ(sel(s.hid, j), sel(s.dealt, j)))),
        cx.seats(lambda j: IMPLIES(AND(EQ(sel(s.inc0, j), NONE), EQ(sel(s.outp0, j), NONE), NOT(EQ(j, a))),
                                   AND(EQ(sel(s.hid, j), snap(j)), NOT(EQ(j, u))))),
        OR(EQ(u, a), EQ(sel(s.hid, a), sel(s.dealt, a))),
        OR(EQ(u, a), NOT(EQ(sel(s.inc0, a), NONE))),  # the walk left the offerer only along his exchange
        cx.seats(lambda j: IMPLIES(NOT(EQ(sel(s.outp, j), NONE)), EQ(sel(s.outp0, j), sel(s.outp, j)))),
        cx.seats(lambda j: IMPLIES(NOT(EQ(sel(s.inc, j), NONE)), EQ(sel(s.inc0, j), sel(s.inc, j)))),
    ]
    return [IMPLIES(EQ(s.phase, UNDO), AND(*body))]


def part_guarantee(cx: Ctx, s: PSt, final: bool = False) -> list:
    """K14/L7: an innkeeper who guaranteed an offerer's nulla still holds his inn; before the
    showdown he sits left of the cursor and nothing can reach his card (he exchanged with
    nobody, passed no card on and is not on offer)."""
    m, n = cx.m, cx.n
    on_offer = m.offerer_now(s)

    def one(o):
        g = sel(s.guar, o)
        has = NOT(EQ(g, NONE))
        clauses = [OR(EQ(g, NONE), AND(_in(g, 0, n), NOT(EQ(g, o)))), IMPLIES(has, EQ(m.role_of(s, g), R_INN))]
        if not final:
            clauses.append(IMPLIES(has, AND(g < s.cursor, NOT(sel(s.byx, g)), NOT(EQ(g, on_offer)),
                                            EQ(sel(s.outp, g), NONE), NOT(sel(s.dead, g)))))
        return AND(*clauses)

    return [cx.seats(one, "o")]


def part_marks(cx: Ctx, s: PSt) -> list:
    """K11, K13, L8, Z5, K16: every seat holds the marks he started the deal with, less those
    he lost, plus those he gained; nobody holds fewer than none; a seat out in this deal (dead,
    K15) holds none, and one still in holds at least one."""
    return [
        cx.seats(lambda j: EQ(sel(s.marks, j), sel(s.marks0, j) - sel(s.loss, j) + sel(s.gain, j))),
        cx.seats(lambda j: AND(sel(s.loss, j) >= 0, sel(s.gain, j) >= 0, sel(s.marks0, j) >= 1)),
        cx.seats(lambda j: IMPLIES(sel(s.dead, j), EQ(sel(s.marks, j), 0))),
        cx.seats(lambda j: IMPLIES(NOT(sel(s.dead, j)), sel(s.marks, j) >= 1)),
    ]


PARTS: dict[str, Callable] = {
    "well-formed": part_wellformed,
    "frontier": part_frontier,
    "conservation": part_conservation,
    "chain": part_chain,
    "undo-progress": part_undo_progress,
    "guarantee": part_guarantee,
    "marks": part_marks,
}
# the parts that hold in the showdown state too (the others describe a deal in progress)
FINAL_PARTS = ("frontier", "conservation", "marks")


def parts_for(rules: Rules) -> list[str]:
    names = ["well-formed", "frontier", "conservation", "guarantee", "marks"]
    if rules.cat == "undo":
        names += ["chain", "undo-progress"]
    return names


def invariant(cx: Ctx, s: PSt, rules: Rules, only: Optional[list] = None) -> list:
    out = []
    for name in only or parts_for(rules):
        out += PARTS[name](cx, s)
    return out


def invariant_after(cx: Ctx, s2: PSt, rules: Rules, name: str):
    """Part ``name`` of the successor state: in full before the showdown, its final form after."""
    if name in FINAL_PARTS:
        return AND(*PARTS[name](cx, s2))
    if name == "guarantee":
        return AND(*part_guarantee(cx, s2, final=True), OR(EQ(s2.phase, DONE), AND(*part_guarantee(cx, s2))))
    return OR(EQ(s2.phase, DONE), AND(*PARTS[name](cx, s2)))


def params():
    """(n, k, val, premises): any number of seats from two, any number of cards above it (the
    engine's packs have 32-52 cards for at most 20 players), any card values."""
    n, k = z3.Int("n"), z3.Int("k")
    val = z3.Array("val", z3.IntSort(), z3.IntSort())
    return n, k, val, [n >= 2, k >= n + 1]


# --------------------------------------------------------------------------- the properties' goals


def measure(cx: Ctx, s: PSt) -> tuple:
    """(stage, cursor, rank of the phase, progress within it): lexicographically rising."""
    ph = s.phase
    stage = ite(EQ(ph, DEALALL), 0, 1)
    rank = ite(EQ(ph, DECIDE), 5, ite(OR(EQ(ph, UNDO), EQ(ph, BACK)), 4, ite(EQ(ph, INN_KEEP), 3,
               ite(EQ(ph, INN_OFF), 2, ite(EQ(ph, SEEK), 1, 0)))))
    sub = ite(EQ(ph, SEEK), ite(EQ(sel(s.hid, s.target), NONE), 0, 1),
              ite(OR(EQ(ph, UNDO), EQ(ph, BACK)), cx.n - s.seat, 0))
    return stage, s.cursor, rank, sub


def _bounded(cx: Ctx, mu) -> object:
    stage, p, rank, sub = mu
    return AND(p >= 0, p <= cx.n, rank >= 0, rank <= 5, sub >= 0, sub <= cx.n + 1)


def _lex_greater(a, b):
    out = False
    for x, y in reversed(list(zip(a, b))):
        out = OR(x > y, AND(EQ(x, y), out))
    return out


def goal(prop: str, cx: Ctx, s: PSt, s2: PSt, rules: Rules):
    if prop == "termination":
        mu, mu2 = measure(cx, s), measure(cx, s2)
        return AND(_bounded(cx, mu), OR(EQ(s2.phase, DONE), AND(_lex_greater(mu2, mu), _bounded(cx, mu2))))
    if prop == "blocked-request":
        o = s2.ev_off
        role = s2.ev_role
        keeps = lambda j: EQ(sel(s2.hid, j), sel(s.hid, j))  # noqa: E731
        out_l10 = lambda j: AND(EQ(j, o), EQ(sel(s2.hid, j), NONE), sel(s2.dead, j))  # noqa: E731
        everyone = cx.seats(lambda j: OR(keeps(j), out_l10(j)))
        right_of = lambda a: cx.seats(lambda j: IMPLIES(j > a, keeps(j)))  # noqa: E731
        cat = everyone if rules.cat == "pay-holder" else right_of(o)
        return AND(IMPLIES(AND(s2.ev_req, OR(EQ(role, R_CUCKOO), EQ(role, R_HUNTER))), everyone),
                   IMPLIES(AND(s2.ev_req, EQ(role, R_CAT)), cat),
                   # the walk that follows a cat (K13 back along the chain, L8 to the left)
                   IMPLIES(OR(EQ(s.phase, UNDO), EQ(s.phase, BACK)), right_of(s.actor)))
    if prop == "cat-undo":
        a, u = s.actor, s.seat
        snap = lambda j: sel(s.snap, j)  # noqa: E731
        hid2 = lambda j: sel(s2.hid, j)  # noqa: E731
        ends = AND(EQ(s.phase, UNDO), NOT(EQ(s2.phase, UNDO)))
        return IMPLIES(ends, AND(
            EQ(hid2(a), sel(s.dealt, a)),  # the offerer holds the card dealt to him
            EQ(hid2(u), snap(a)), EQ(sel(s.dealt, u), snap(a)),  # the offered card is with its dealt seat
            cx.seats(lambda j: IMPLIES(NOT(EQ(hid2(j), snap(j))), EQ(hid2(j), sel(s.dealt, j)))),
            cx.seats(lambda j: IMPLIES(AND(EQ(sel(s.inc0, j), NONE), EQ(sel(s.outp0, j), NONE)),
                                       EQ(hid2(j), snap(j))))))
    if prop == "marks-accounting":
        return marks_accounting(cx, s, s2, rules)
    raise ValueError(prop)


def marks_accounting(cx: Ctx, s: PSt, s2: PSt, rules: Rules):
    """Every mark lost or gained in a step has its cause, and nothing else moves a mark:

    * a request that meets a hunter (K11) or a cat (K13, L8, Z5) costs the offerer one mark;
    * under Z5 the cat's holder gains it;
    * the way back (L8) that ends at a hunter or a cat costs the last who exchanged one mark;
    * a cuckoo (K10), a horse (K12), an inn (K14, L7) and a plain card cost nothing, nor does
      any other step (a deal, a swap, the undo, a decision).

    The showdown's marks (losers, the fools' gains, the inn's transfer) are the engine's own
    scoring, proved per size in :mod:`cucu_ref.assurance.formal.showdown` (``showdown_accounting``)."""
    m = cx.m
    o, t = s2.ev_off, s2.ev_tgt

    def met(code):
        return AND(s2.ev_req, EQ(s2.ev_role, code))

    left = s.seat - 1
    way_back_stopped = AND(EQ(s.phase, BACK), left >= 0, NOT(sel(s.dead, left)),
                           OR(EQ(m.role_of(s, left), R_HUNTER), EQ(m.role_of(s, left), R_CAT)))

    def one(j):
        lost = (B2I(AND(OR(met(R_HUNTER), met(R_CAT)), EQ(j, o)))
                + B2I(AND(way_back_stopped, EQ(j, s.holder))))
        won = B2I(AND(met(R_CAT), EQ(j, t))) if rules.cat == "pay-holder" else 0
        return AND(EQ(sel(s2.loss, j) - sel(s.loss, j), lost), EQ(sel(s2.gain, j) - sel(s.gain, j), won),
                   EQ(sel(s2.marks, j) - sel(s.marks, j), won - lost), EQ(sel(s2.marks0, j), sel(s.marks0, j)))

    return cx.seats(one)


PROPERTIES = ("termination", "blocked-request", "cat-undo", "marks-accounting")
METHOD = "induction (small-step, every n)"
EVERY_SIZE = "every n >= 2 (Result.n is 0)"


def applicable(name: str, rules: Rules) -> Optional[str]:
    if name in ("chain", "undo-progress") and rules.cat != "undo":
        return f"cat={rules.cat}: no undo chain"
    if name == "cat-undo" and (rules.cat != "undo" or rules.cat_undo_through_inn != "undo"):
        return f"cat={rules.cat}, cat_undo_through_inn={rules.cat_undo_through_inn}"
    return None


def phases_for(rules: Rules) -> list[int]:
    out = [p for p in LIVE_PHASES if p != DEALALL or rules.dealing == "all-first"]
    if rules.inn == "lu-stu":  # L7: the innkeeper answers the offer at once; nobody waits as offerer
        out = [p for p in out if p != INN_OFF]
    if rules.cat != "undo":
        out = [p for p in out if p != UNDO]
    if rules.cat != "backward":
        out = [p for p in out if p != BACK]
    return out


def reachability(rules: Rules, sizes=(2, 3, 4, 5, 6), seed: int = 0, tries: int = 200) -> Result:
    """Which micro-phases this ruleset reaches.  Over: the invariant's first well-formedness
    clause allows only ``phases_for`` (proved inductive with the rest of ``Inv``).  Under:
    a known run (the engine plays it the same way) reaches each of them.  Together: the lemmas
    are proved in exactly the phases the ruleset reaches, and none holds vacuously."""
    t0 = time.perf_counter()
    wanted = phases_for(rules)
    seen: dict[str, int] = {PHASE_NAMES[p]: 0 for p in wanted}
    for n in sizes:
        if not rules.min_players <= n <= rules.max_players:
            continue
        for _model, states, _run in concrete_runs(rules, n, seed, tries):
            for st in states:
                name = PHASE_NAMES[st.phase]
                if name in seen:
                    seen[name] += 1
                elif st.phase != DONE:
                    return Result("reachable-phases", METHOD, rules.name, 0, f"refuted: a known run reaches {name}",
                                  time.perf_counter() - t0, "sat", {"reached": seen})
    missing = [name for name, count in seen.items() if not count]
    excluded = [PHASE_NAMES[p] for p in LIVE_PHASES if p not in wanted]
    verdict = "proved" if not missing else f"refuted: no known run reaches {', '.join(missing)}"
    return Result("reachable-phases", METHOD, rules.name, 0, verdict, time.perf_counter() - t0,
                  "sat" if not missing else "no witness", {"reached": seen, "unreachable": excluded})


# --------------------------------------------------------------------------- checking


def _check(constraints: list, timeout_ms: int) -> z3.CheckSatResult:
    """z3's verdict on ``constraints``, decided in a fresh context: the formulas are copied
    into it, so the answer does not depend on what this process built before (z3's search
    follows the order terms were made in; in one shared context a check that answers in a
    second alone could time out inside the whole test run)."""
    ctx = z3.Context()
    solver = z3.Solver(ctx=ctx)
    solver.set("timeout", timeout_ms)
    for c in constraints:
        solver.add((z3.BoolVal(c) if isinstance(c, bool) else c).translate(ctx))
    res = solver.check()
    return z3.sat if res == z3.sat else z3.unsat if res == z3.unsat else z3.unknown


def _statement(name: str, rules: Rules, phase: int):
    """(premises, goal, state, successor, decision, model) of the one-step lemma for ``name``
    (a part of ``Inv`` or a property) from a state in ``phase``, for any ``n`` and ``k``."""
    n, k, val, pre = params()
    model = PModel(rules, n, k, val)
    cx = Ctx(model)
    s = symbolic_state("s")
    s.phase = phase
    d = z3.Bool("d")
    premises = pre + invariant(cx, s, rules)
    s2 = model.step(s, d)
    if name in PARTS:
        g = invariant_after(cx, s2, rules, name)
    else:
        g = goal(name, cx, s, s2, rules)
    return premises, g, s, s2, d, model


def _verdict(res: z3.CheckSatResult) -> str:
    return "proved" if res == z3.unsat else "refuted" if res == z3.sat else "unknown"


# --------------------------------------------------------------------------- known concrete runs


def concrete_runs(rules: Rules, n: int, seed: int = 0, tries: int = 200) -> Iterator[tuple[PModel, list]]:
    """The small-step model playing the known runs of ``props.known_runs`` (deals the engine
    plays the same way); yields the model, every micro-state and the run."""
    for run in known_runs(rules, n, seed, tries):
        k = len(run.vals)
        model = PModel(rules, n, k, Arr(NONE, dict(enumerate(run.vals))))
        yield model, play(model, run.marks, run.decisions), run


def as_z3_array(a: Arr, sort: z3.SortRef):
    """A concrete :class:`~cucu_ref.assurance.formal.parametric.Arr` as a z3 array term (its default
    everywhere else)."""
    out = z3.K(z3.IntSort(), z3.BoolVal(a.default) if sort == z3.BoolSort() else z3.IntVal(a.default))
    for i, v in sorted(a.items.items()):
        out = z3.Store(out, i, v)
    return out


def _pins(sym: PSt, conc: PSt) -> list:
    """The symbolic state equal to a concrete one, field by field (whole arrays)."""
    out = []
    for f, v in conc.fields():
        if f.startswith("ev_") or f == "phase":
            continue
        sv = getattr(sym, f)
        out.append(sv == (as_z3_array(v, sv.range()) if isinstance(v, Arr) else v))
    return out


def vacuity(name: str, rules: Rules, phase: int, pick: Callable[[PSt, PSt], bool], timeout_ms: int,
            sizes=(4, 3, 5, 2, 6)) -> str:
    """The lemma's premises, with ``n`` fixed to a known run's size, pinned to a micro-state of
    that run in ``phase`` whose step satisfies ``pick``: they must be satisfiable."""
    for n in sizes:
        if not rules.min_players <= n <= rules.max_players:
            continue
        for model, states, run in concrete_runs(rules, n):
            for a, b in zip(states, states[1:]):
                if a.phase != phase or not pick(a, b):
                    continue
                k = len(run.vals)
                premises, _, s, _, _, smodel = _statement(name, rules, phase)
                pins = (_pins(s, a) + [smodel.val == as_z3_array(model.val, z3.IntSort())]
                        + [smodel.n == n, smodel.k == k])
                res = _check(premises + pins, timeout_ms)
                return "sat" if res == z3.sat else f"premises {res} on a known run"
    return f"no known run reaches phase {PHASE_NAMES[phase]} with this case"


def _pick(name: str, phase: int) -> Callable[[PSt, PSt], bool]:
    """Which step of a known run the vacuity check pins: one where the lemma says something."""
    if name == "blocked-request" and phase == SEEK:
        return lambda a, b: bool(b.ev_req) and b.ev_role in (R_CUCKOO, R_HUNTER, R_CAT)
    if name == "cat-undo":
        return lambda a, b: a.phase == UNDO and b.phase != UNDO
    return lambda a, b: True


def lemma(name: str, rules: Rules, timeout_ms: int = 120_000) -> Result:
    """Prove ``name`` (a part of ``Inv`` or a property) for one micro-step from every phase, for
    every table size at once (``n`` and ``k`` symbolic, the parts quantified)."""
    method = METHOD
    why = applicable(name, rules)
    if why:
        return Result(name, method, rules.name, 0, "n/a", 0.0, "n/a", {"why": why})
    t0 = time.perf_counter()
    verdict, per_phase = "proved", {}
    for phase in phases_for(rules):
        t1 = time.perf_counter()
        premises, g, *_ = _statement(name, rules, phase)
        v = _verdict(_check(premises + [z3.Not(z3.BoolVal(g) if isinstance(g, bool) else g)], timeout_ms))
        per_phase[PHASE_NAMES[phase]] = round(time.perf_counter() - t1, 2)
        if v != "proved":
            verdict = f"{v} (phase {PHASE_NAMES[phase]})"
            break
    seconds = time.perf_counter() - t0
    vacs = []
    for phase in phases_for(rules):
        if name == "cat-undo" and phase != UNDO:
            continue
        if name == "blocked-request" and phase not in (SEEK, UNDO, BACK):
            continue
        vacs.append(vacuity(name, rules, phase, _pick(name, phase), timeout_ms))
    bad = [v for v in vacs if v != "sat"]
    detail: dict = {"sizes": EVERY_SIZE, "phases": per_phase}
    return Result(name, method, rules.name, 0, verdict, seconds, bad[0] if bad else "sat", detail)


def base_case(rules: Rules, timeout_ms: int = 120_000) -> Result:
    """The state after the shuffle satisfies every part of ``Inv``, for any ``n >= 2``, ``k > n``;
    vacuity: the premises hold with ``n`` and ``k`` of a known run, and the start of that run,
    built by the same :meth:`~cucu_ref.assurance.formal.parametric.PModel.initial`, satisfies every part when evaluated
    concretely."""
    t0 = time.perf_counter()
    n, k, val, pre = params()
    model = PModel(rules, n, k, val)
    marks = z3.Array("marks", z3.IntSort(), z3.IntSort())
    goals = invariant(Ctx(model), model.initial(marks), rules)
    # K16: whoever is dealt in holds at least one mark
    pre = pre + [every(0, n, lambda j: sel(marks, j) >= 1, "m")]
    verdict = _verdict(_check(pre + [z3.Not(z3.And([z3.BoolVal(x) if isinstance(x, bool) else x for x in goals]))],
                              timeout_ms))
    vac = "no known run"
    for known, states, _run in concrete_runs(rules, max(2, rules.min_players)):
        holds = all(x is True for x in invariant(Ctx(known), states[0], rules))
        sat = _check(pre + [n == known.n, k == known.k], timeout_ms) == z3.sat
        vac = "sat" if sat and holds else "premises unsat" if not sat else "the known start breaks Inv"
        break
    return Result("base-case", METHOD, rules.name, 0, verdict, time.perf_counter() - t0, vac, {"sizes": EVERY_SIZE})
