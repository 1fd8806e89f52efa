"""State predicates for the proofs: well-formedness, conservation, the undo chain, the inn's
guarantee, the termination measure, and a generic symbolic state to state them over."""

from __future__ import annotations

from typing import Sequence

import z3

from ...game.cards import PACKS
from .model import (
    DECIDE, INN_KEEP, INN_OFF, NONE, R_INN, AND, EQ, IMPLIES, NOT, OR, B2I, Model, St, get,
)


def Z(x) -> z3.BoolRef:
    """A Python bool as a z3 Bool (z3 lists take only terms)."""
    return z3.BoolVal(x) if isinstance(x, bool) else x


def sym_state(model: Model, k: int, m: int, tag: str) -> St:
    """A state whose every field is a fresh z3 variable: 'any state' of the one-step lemmas."""
    n = model.n
    s = St()
    ints = ("hid", "hval", "inc", "dealt", "off", "marks", "loss", "gain", "guar")
    bools = ("incinn", "byx", "dead", "fromstack")
    for f in ints:
        setattr(s, f, [z3.Int(f"{tag}_{f}{j}") for j in range(n)])
    for f in bools:
        setattr(s, f, [z3.Bool(f"{tag}_{f}{j}") for j in range(n)])
    s.sid = [z3.Int(f"{tag}_sid{i}") for i in range(m)]
    s.sval = [z3.Int(f"{tag}_sval{i}") for i in range(m)]
    for f in ("phase", "actor", "target", "cursor", "lo", "hi"):
        setattr(s, f, z3.Int(f"{tag}_{f}"))
    s.ev_req, s.ev_role, s.ev_off, s.ev_tgt = False, NONE, NONE, NONE
    return s


def card_domain(rules, vals: Sequence) -> list:
    """Each value is a card of the pack, no rank more often than the pack holds it (C1)."""
    pack = PACKS[rules.pack]
    out = [Z(OR(*[EQ(v, x) for x in pack.values])) for v in vals]
    if any(isinstance(v, z3.ExprRef) for v in vals):
        for x in pack.values:
            out.append(z3.Sum([z3.If(v == x, 1, 0) if isinstance(v, z3.ExprRef) else int(v == x) for v in vals])
                       <= pack.copies)
    return out


def in_window(s: St, i: int):
    return AND(s.lo <= i, i <= s.hi)


def conservation(s: St, vals: Sequence, k: int) -> list:
    """The cards in hands and in the stack window are exactly the ``k`` cards of the start, each
    once, and every card carries its own value (a permutation of the initial holdings).
    Stated as: every held card is one of the ``k``, no card is held twice, and ``k`` places hold
    a card (``k`` distinct cards out of ``k`` are all of them)."""
    n, m = len(s.hid), len(s.sid)
    out = []
    places = []  # (holds a card, its identity)
    for j in range(n):
        out.append(OR(AND(EQ(s.hid[j], NONE), EQ(s.hval[j], NONE)),
                      AND(s.hid[j] >= 0, s.hid[j] < k, EQ(s.hval[j], get(vals, s.hid[j])))))
        places.append((NOT(EQ(s.hid[j], NONE)), s.hid[j]))
    for i in range(m):
        occupied = in_window(s, i)
        out.append(IMPLIES(occupied, AND(s.sid[i] >= 0, s.sid[i] < k, EQ(s.sval[i], get(vals, s.sid[i])))))
        places.append((occupied, s.sid[i]))
    for a in range(len(places)):
        for b in range(a):
            out.append(IMPLIES(AND(places[a][0], places[b][0]), NOT(EQ(places[a][1], places[b][1]))))
    out.append(EQ(sum(B2I(NOT(EQ(h, NONE))) for h in s.hid) + (s.hi - s.lo + 1), k))
    return [Z(x) for x in out]


def count_of(s: St, c) -> object:
    """How many places (hands, the stack window) hold card ``c``."""
    return (sum(B2I(EQ(h, c)) for h in s.hid)
            + sum(B2I(AND(in_window(s, i), EQ(s.sid[i], c))) for i in range(len(s.sid))))


def placed(s: St, vals: Sequence, k: int) -> list:
    """Every place holds one of the ``k`` cards (or, a hand, none) with that card's value."""
    out = []
    for j in range(len(s.hid)):
        out.append(OR(AND(EQ(s.hid[j], NONE), EQ(s.hval[j], NONE)),
                      AND(s.hid[j] >= 0, s.hid[j] < k, EQ(s.hval[j], get(vals, s.hid[j])))))
    for i in range(len(s.sid)):
        out.append(IMPLIES(in_window(s, i), AND(s.sid[i] >= 0, s.sid[i] < k, EQ(s.sval[i], get(vals, s.sid[i])))))
    return [Z(x) for x in out]


def hand_ids(s: St, vals: Sequence, k: int) -> list:
    """The lighter identity premise of the other lemmas: each hand holds one of the ``k`` cards
    (or none) with its own value, and no card is in two hands."""
    n = len(s.hid)
    out = [OR(AND(EQ(s.hid[j], NONE), EQ(s.hval[j], NONE)),
              AND(s.hid[j] >= 0, s.hid[j] < k, EQ(s.hval[j], get(vals, s.hid[j])))) for j in range(n)]
    out += [IMPLIES(NOT(EQ(s.hid[j], NONE)), NOT(EQ(s.hid[j], s.hid[q]))) for j in range(n) for q in range(j)]
    return [Z(x) for x in out]


def well_formed(model: Model, s: St) -> list:
    """What every reachable state before the showdown satisfies and the transition relies on:
    a phase and a cursor in range, the actor at the cursor (K5-K7), the innkeeper at the cursor
    (K14), dead players left of the cursor, enough cards left to deal, room under the stack."""
    n, m = model.n, len(s.sid)
    undealt = sum(B2I(AND(EQ(s.hid[j], NONE), NOT(s.dead[j]))) for j in range(n))
    alive = sum(B2I(NOT(s.dead[j])) for j in range(n))
    out = [
        OR(EQ(s.phase, DECIDE), EQ(s.phase, INN_OFF), EQ(s.phase, INN_KEEP)),
        s.cursor >= 0, s.cursor < n,
        IMPLIES(EQ(s.phase, DECIDE), AND(EQ(s.actor, s.cursor), NOT(EQ(get(s.hid, s.cursor), NONE)))),
        IMPLIES(EQ(s.phase, INN_OFF), AND(EQ(s.target, s.cursor), s.actor >= 0, s.actor < s.cursor,
                                          EQ(model.role(get(s.hval, s.target)), R_INN),
                                          NOT(EQ(get(s.hid, s.actor), NONE)),
                                          NOT(EQ(get(s.hid, s.target), NONE)))),
        IMPLIES(EQ(s.phase, INN_KEEP), AND(EQ(s.actor, s.cursor), s.target >= 0, s.target < s.cursor,
                                           EQ(model.role(get(s.hval, s.actor)), R_INN),
                                           NOT(EQ(get(s.hid, s.actor), NONE)),
                                           NOT(EQ(get(s.hid, s.target), NONE)))),
        s.lo >= 0, s.hi <= m - 1, s.lo <= s.hi + 1,
        s.hi - s.lo + 1 >= undealt + 1,
        s.hi + alive <= m - 1,
    ]
    out += [IMPLIES(s.dead[j], j < s.cursor) for j in range(n)]
    # a card is handed on rightwards only (K7), so the seat that handed j his card sits left of j
    out += [OR(EQ(s.inc[j], NONE), AND(s.inc[j] >= 0, s.inc[j] < j)) for j in range(n)]
    out += [OR(EQ(s.guar[j], NONE), AND(s.guar[j] >= 0, s.guar[j] < n)) for j in range(n)]
    # seats right of the cursor have not been asked yet; an innkeeper being asked (at the cursor)
    # has not exchanged either
    out += [IMPLIES(OR(j > s.cursor, AND(EQ(j, s.cursor), NOT(EQ(s.phase, DECIDE)))),
                    AND(EQ(s.inc[j], NONE), NOT(s.byx[j]), NOT(s.dead[j]))) for j in range(n)]
    # K4: seats up to the cursor have been dealt (Z3: all of them), unless out with L10
    dealt_upto = [OR(j < s.cursor, AND(EQ(j, s.cursor), EQ(s.phase, DECIDE)))
                  if model.rules.dealing == "interleaved" else True for j in range(n)]
    out += [IMPLIES(dealt_upto[j], OR(NOT(EQ(s.hid[j], NONE)), s.dead[j])) for j in range(n)]
    if model.rules.cat == "undo":
        # the seat that handed a card on keeps a card (only an offerer pays a mark under K11/K13)
        out += [IMPLIES(EQ(s.inc[j], p), NOT(EQ(s.hid[p], NONE))) for j in range(n) for p in range(j)]
    if model.rules.dead_cards == "stay":  # K15: a dead card stays in its hand
        out += [IMPLIES(s.dead[j], NOT(EQ(s.hid[j], NONE))) for j in range(n)]
    return [Z(x) for x in out]


def offerer_now(s: St):
    """The seat whose card is on offer: the decider, or the offerer waiting on an inn."""
    return z3.If(s.phase == INN_KEEP, s.target, s.actor) if isinstance(s.phase, z3.ExprRef) else (
        s.target if s.phase == INN_KEEP else s.actor)


def chain_invariant(model: Model, s: St) -> list:
    """The forward chain behind K13's undo.  ``inc[j]`` points left to the seat that handed j his
    card; a seat somebody points at has passed his card on and holds that seat's dealt card; a
    seat nobody points at holds what he was handed (``off`` of his partner) or, handed nothing,
    his dealt card; the card a passing seat offered is the one he had been handed, or his
    dealt card; nobody points at the seat whose card is on offer; no card came from the stack."""
    n = model.n
    out = []
    off_now = offerer_now(s)
    for j in range(n):
        pointed = [EQ(s.inc[k], j) for k in range(n) if k != j]
        somebody = OR(*pointed) if pointed else False
        out.append(OR(EQ(s.inc[j], NONE), AND(s.inc[j] >= 0, s.inc[j] < j)))
        out.append(sum(B2I(x) for x in pointed) <= 1)
        for k in range(n):
            if k != j:
                out.append(IMPLIES(EQ(s.inc[k], j), EQ(s.hid[j], s.dealt[k])))
        holds_received = AND(NOT(somebody), NOT(EQ(s.hid[j], NONE)))
        out.append(IMPLIES(AND(holds_received, EQ(s.inc[j], NONE)), EQ(s.hid[j], s.dealt[j])))
        out.append(IMPLIES(AND(holds_received, s.inc[j] >= 0), EQ(s.hid[j], get(s.off, s.inc[j]))))
        out.append(IMPLIES(somebody, EQ(s.off[j], z3.If(s.inc[j] == NONE, s.dealt[j], get(s.off, s.inc[j]))
                                      if isinstance(s.inc[j], z3.ExprRef) else
                                      (s.dealt[j] if s.inc[j] == NONE else get(s.off, s.inc[j])))))
        out.append(NOT(EQ(s.inc[j], off_now)))
        out.append(IMPLIES(j > s.cursor, EQ(s.inc[j], NONE)))  # nobody right of the cursor was handed a card
        out.append(NOT(s.fromstack[j]))
        out.append(IMPLIES(NOT(EQ(s.hid[j], NONE)), NOT(EQ(s.dealt[j], NONE))))
        out.append(IMPLIES(EQ(s.dealt[j], NONE), AND(EQ(s.hid[j], NONE), EQ(s.inc[j], NONE))))
        out.append(IMPLIES(AND(EQ(s.hid[j], NONE), NOT(s.dead[j])), EQ(s.dealt[j], NONE)))
        # dealt cards are distinct (a dead card put under the stack by L10 may be dealt again)
        out += [IMPLIES(AND(NOT(EQ(s.dealt[j], NONE)), NOT(EQ(s.hid[j], NONE)), NOT(EQ(s.hid[q], NONE))),
                        NOT(EQ(s.dealt[j], s.dealt[q]))) for q in range(j)]
    return [Z(x) for x in out]


def guarantee_invariant(model: Model, s: St, final: bool = False) -> list:
    """K14/L7: an innkeeper who guaranteed an offerer's nulla still holds his inn (he never acts
    again and nobody exchanges with him), sits left of the cursor, and nobody points at him."""
    n = model.n
    out = []
    for o in range(n):
        g = s.guar[o]
        has = g >= 0
        keeper_holds_inn = EQ(model.role(get(s.hval, g)), R_INN)
        clauses = [IMPLIES(has, keeper_holds_inn), OR(EQ(g, NONE), AND(g >= 0, g < n, NOT(EQ(g, o))))]
        if not final:
            clauses.append(IMPLIES(has, AND(g < s.cursor, NOT(get(s.byx, g)), NOT(EQ(g, offerer_now(s))),
                                            *[NOT(EQ(s.inc[j], g)) for j in range(n)])))
        out += clauses
    return [Z(x) for x in out]


def measure(s: St):
    """3 * cursor + (0 waiting on an inn's offerer, 1 on the innkeeper, 2 deciding): every step
    before the showdown raises it, and it is at most 3n - 1, so a deal ends within 3n steps."""
    rank = z3.If(s.phase == INN_OFF, 0, z3.If(s.phase == INN_KEEP, 1, 2)) if isinstance(s.phase, z3.ExprRef) \
        else {INN_OFF: 0, INN_KEEP: 1}.get(s.phase, 2)
    return 3 * s.cursor + rank
