"""The exchange chain for every table size at once: a small-step model over z3 arrays.

:mod:`.model` unrolls one deal step into formulas whose size grows with the table
(the horse skips, the K13 undo and the L8 way back are loops of up to ``n``
iterations over lists of ``n`` seats), so its induction lemmas stop answering
beyond a few seats.  Here the same deal is cut into *micro-steps*, each of which
moves at most one card (one deal, one swap, one exchange with the stack, one card
put out under the stack), and the state is held in arrays indexed by seat, card
and stack slot.  The number of seats ``n`` and of cards ``k`` are then symbolic:
one z3 proof of a one-step lemma covers every table size (and, with ``n`` fixed
to a number, the same lemma is checked at that size without quantifiers).

The loops become phases that repeat: SEEK passes a request over the horses (K12),
UNDO walks the chain back one exchange per step (K13), BACK sends the card one seat
to the left per step (L8).  What :class:`.model.Model` does in one step, this model
does in a run of micro-steps ending at the next decision; :func:`run_to_decision`
and the cross-check (tests/formal/test_parametric.py) hold the two models, and so
the engine, to the same results on recorded deals.

Ghost fields carry what the proofs need and the game does not: the inverse of the
card placement (``inhand``, ``at``: conservation as a bijection between the ``k``
cards and the occupied places), the inverse of the exchange pointers (``outp``),
the cards dealt (``dealt``), the hands and pointers when a cat was
met (``snap``, ``inc0``, ``outp0``: what K13's undo must restore), the dealing
frontier with the number of cards in hands (so that a card is always there to deal), and
the marks the deal started with (``marks0``: what the marks accounting counts from).
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, Optional

import z3

from ...game.rulesets import Rules
from .model import (
    INN_KEEP, INN_OFF, DECIDE, DONE, NONE, PLAIN, R_CAT, R_CUCKOO, R_HORSE, R_HUNTER, R_INN, AND, EQ, NOT,
    OR, check_covered, ite, role_code, _z,
)

# micro phases besides the model's DECIDE, INN_OFF, INN_KEEP, DONE
SEEK, UNDO, BACK, ADV, DEALALL = 4, 5, 6, 7, 8
PHASE_NAMES = {DECIDE: "decide", INN_OFF: "inn-offerer", INN_KEEP: "inn-keeper", DONE: "done", SEEK: "seek",
               UNDO: "undo", BACK: "back", ADV: "advance", DEALALL: "deal-all"}
# the phases a micro-step leaves from
LIVE_PHASES = (DEALALL, ADV, DECIDE, SEEK, UNDO, BACK, INN_OFF, INN_KEEP)
# the phases that wait for a player's decision (the others run on their own)
DECISION_PHASES = (DECIDE, INN_OFF, INN_KEEP)

Term = Any


# --------------------------------------------------------------------------- arrays, both ways


class Arr:
    """A concrete array: a default value and the entries that differ from it."""

    __slots__ = ("default", "items")

    def __init__(self, default, items: Optional[dict] = None):
        self.default = default
        self.items = items or {}

    def __repr__(self) -> str:
        return f"Arr({self.default!r}, {self.items!r})"


def sel(a, i: Term) -> Term:
    if isinstance(a, Arr):
        return a.items.get(i, a.default)
    return z3.Select(a, i)


def sto(a, i: Term, v: Term, cond: Term = True):
    """``a`` with ``a[i] = v`` when ``cond``."""
    if isinstance(a, Arr):
        if not cond:
            return a
        items = dict(a.items)
        items[i] = v
        return Arr(a.default, items)
    if cond is True:
        return z3.Store(a, i, v)
    if cond is False:
        return a
    return z3.Store(a, i, ite(cond, v, z3.Select(a, i)))


def every(lo: Term, hi: Term, body: Callable[[Term], Term], name: str = "j") -> Term:
    """``body(i)`` for every ``lo <= i < hi``: a conjunction when the bounds are numbers (a
    concrete run), a z3 ``ForAll`` otherwise."""
    if not _z(lo) and not _z(hi):
        return AND(*[body(i) for i in range(lo, hi)])
    i = z3.Int(name)
    inner = body(i)
    inner = z3.BoolVal(inner) if isinstance(inner, bool) else inner
    return z3.ForAll([i], z3.Implies(z3.And(lo <= i, i < hi), inner))


# --------------------------------------------------------------------------- the state

SEAT_ARRAYS = ("hid", "inc", "outp", "incinn", "byx", "dealt", "off", "marks", "loss", "gain", "dead", "guar",
               "fromstack", "snap", "inc0", "outp0", "marks0")
CARD_ARRAYS = ("inhand", "at")
SLOT_ARRAYS = ("sid",)
ARRAYS = SEAT_ARRAYS + CARD_ARRAYS + SLOT_ARRAYS
BOOL_ARRAYS = ("incinn", "byx", "dead", "fromstack", "inhand")
SCALARS = ("phase", "cursor", "actor", "target", "seat", "holder", "lo", "hi", "frontier", "inhands",
           "ev_req", "ev_role", "ev_off", "ev_tgt")


class PSt:
    """One micro-state.  Per phase: DECIDE ``actor`` = ``cursor`` decides; ADV / DEALALL: play
    (dealing) goes on at ``cursor``; SEEK: ``actor`` asks, the request is at ``target`` =
    ``cursor``; UNDO: ``seat`` holds the card being walked back; BACK: ``holder`` holds the card
    going left, ``seat`` is where it stands; INN_OFF / INN_KEEP as in :mod:`.model`."""

    __slots__ = ARRAYS + SCALARS

    def copy(self) -> "PSt":
        s = PSt()
        for f in ARRAYS + SCALARS:
            setattr(s, f, getattr(self, f))
        return s

    def fields(self) -> Iterator[tuple[str, Term]]:
        for f in ARRAYS + SCALARS:
            yield f, getattr(self, f)


def pmerge(c: Term, a: PSt, b: PSt) -> PSt:
    if isinstance(c, bool):
        return a if c else b
    if z3.is_true(c):
        return a
    if z3.is_false(c):
        return b
    s = PSt()
    for f in ARRAYS + SCALARS:
        x, y = getattr(a, f), getattr(b, f)
        setattr(s, f, x if x is y else ite(c, x, y))
    return s


def symbolic_state(tag: str = "s") -> PSt:
    """Any state: every field a fresh z3 constant (arrays from Int)."""
    s = PSt()
    for f in ARRAYS:
        rng = z3.BoolSort() if f in BOOL_ARRAYS else z3.IntSort()
        setattr(s, f, z3.Array(f"{tag}_{f}", z3.IntSort(), rng))
    for f in SCALARS:
        setattr(s, f, z3.Bool(f"{tag}_{f}") if f == "ev_req" else z3.Int(f"{tag}_{f}"))
    return s


# --------------------------------------------------------------------------- the model


class _MicroSteps:
    """Each phase's micro-step (:data:`_PHASE_STEPS`), the part of :class:`PModel` that moves
    cards and marks phase by phase; apart from it so that each class stays under 250 lines."""

    def _deal_all(self, s: PSt, d: Term) -> PSt:
        """The micro-step from phase DEALALL: Z3: every seat gets his card first, then seat 0 decides."""
        n = self.n
        c = s.cursor
        more = c < n
        dealt = self.deal(s, c, more)
        dealt.cursor = ite(more, c + 1, 0)
        dealt.phase = ite(more, DEALALL, ADV)
        return dealt

    def _advance_phase(self, s: PSt, d: Term) -> PSt:
        """The micro-step from phase ADV: K4, K6: the seat at the cursor gets his card and decides."""
        a = self.deal(s, s.cursor)
        a.phase, a.actor, a.target = DECIDE, s.cursor, NONE
        return a

    def _decide(self, s: PSt, d: Term) -> PSt:
        """The micro-step from phase DECIDE: K5-K7, he keeps or offers to the next seat; K8, the
        dealer keeps or takes from the stack, then the showdown."""
        c = s.cursor
        kept = s.copy()
        kept.phase = DONE
        if self.rules.dealer_exchange == "none":
            dealer_branch = kept
        else:  # K8: the dealer keeps or exchanges with the stack; then the showdown
            ex = self.with_stack(s, c, bottom=self.rules.dealer_exchange == "stack-bottom")
            ex.phase = DONE
            dealer_branch = pmerge(d, ex, kept)
        ask = s.copy()  # K7: he offers to the next seat
        ask.phase, ask.actor, ask.target, ask.cursor = SEEK, c, c + 1, c + 1
        other = pmerge(d, ask, self.goto(s, c + 1))  # K6: or keeps
        return pmerge(EQ(c, self.dealer), dealer_branch, other)

    def _seek(self, s: PSt, d: Term) -> PSt:
        """The micro-step from phase SEEK: K4, the seat asked gets his card first; K12, a horse
        passes the request on; else the request meets his card (:meth:`_meet`)."""
        o, t = s.actor, s.target
        undealt = EQ(sel(s.hid, t), NONE)
        deal = self.deal(s, t)  # K4: the seat asked gets his card first
        skip = s.copy()  # K12: a horse passes the request on (not the dealer's)
        skip.target, skip.cursor = t + 1, t + 1
        horse_passes = AND(EQ(self.role_of(s, t), R_HORSE), NOT(EQ(t, self.dealer)))
        seek = pmerge(undealt, deal, pmerge(horse_passes, skip, self._meet(s, o, t)))
        return seek

    def _undo(self, s: PSt, d: Term) -> PSt:
        """The micro-step from phase UNDO: K13/D5: undo the newest exchange that brought the card."""
        u = s.seat
        p = sel(s.inc, u)
        through_inn = self.rules.cat_undo_through_inn == "undo"
        can = AND(p >= 0, True if through_inn else NOT(sel(s.incinn, u)))
        back = self.swap_hands(s, u, p)
        back.inc = sto(s.inc, u, NONE)
        back.outp = sto(s.outp, p, NONE)
        back.incinn = sto(s.incinn, u, False)
        back.byx = sto(sto(s.byx, u, False), p, sel(s.inc, p) >= 0)
        back.seat = p
        return pmerge(can, back, self.goto(s, s.target + 1))

    def _back(self, s: PSt, d: Term) -> PSt:
        """The micro-step from phase BACK: L8, as read in Model.backward."""
        holder, pos = s.holder, s.seat
        left = pos - 1
        live = left >= 0
        r = self.role_of(s, left)
        dead_left = sel(s.dead, left)
        passes = AND(live, OR(dead_left, EQ(r, R_HORSE)))
        exchanged = AND(live, NOT(dead_left), OR(EQ(r, PLAIN), AND(EQ(r, R_INN), sel(s.byx, left))))
        punish = AND(live, NOT(dead_left), OR(EQ(r, R_CAT), EQ(r, R_HUNTER)))
        ex = self.swap_hands(s, holder, left)
        ex.byx = sto(sto(s.byx, holder, True), left, True)
        ex.holder, ex.seat = left, left
        go_on = s.copy()
        go_on.seat = left
        stop = self.goto(self.lose_mark(s, holder, punish), s.target + 1)
        return pmerge(exchanged, ex, pmerge(passes, go_on, stop))

    def _inn_offer(self, s: PSt, d: Term) -> PSt:
        """The micro-step from phase INN_OFF: K14: the offerer keeps after all, or asks 'pagherai se null?'."""
        ask = s.copy()
        ask.phase, ask.actor, ask.target = INN_KEEP, s.target, s.actor
        return pmerge(d, ask, self.goto(s, s.target + 1))

    def _inn_keep(self, s: PSt, d: Term) -> PSt:
        """The micro-step from phase INN_KEEP: K14 / L7: the innkeeper's answer."""
        keeper, o = s.actor, s.target
        exchange = NOT(d) if self.rules.inn == "campli" else d
        g = s.copy()
        g.guar = sto(s.guar, o, keeper)
        g = self.goto(g, keeper + 1)
        x = self.forward_swap(s, o, keeper, True)
        if self.rules.targeted_holder_acts == "after-refused-inn":
            x.phase, x.actor, x.target, x.cursor = DECIDE, keeper, NONE, keeper  # D6
        else:
            x = self.goto(x, keeper + 1)
        return pmerge(exchange, x, g)


# each phase's micro-step, in the order PModel.step merges them
_PHASE_STEPS = ((DEALALL, "_deal_all"), (ADV, "_advance_phase"), (DECIDE, "_decide"), (SEEK, "_seek"),
                (UNDO, "_undo"), (BACK, "_back"), (INN_OFF, "_inn_offer"), (INN_KEEP, "_inn_keep"))


class PModel(_MicroSteps):
    """One deal of ``n`` seats (int or z3 Int) and ``k`` cards whose values are ``val``
    (card identity -> value; an :class:`Arr` or a z3 array), under ``rules``."""

    def __init__(self, rules: Rules, n: Term, k: Term, val):
        check_covered(rules)
        self.rules = rules
        self.n, self.k, self.val = n, k, val
        self.dealer = n - 1

    # ---- cards

    def value(self, s: PSt, j: Term) -> Term:
        h = sel(s.hid, j)
        return ite(EQ(h, NONE), NONE, sel(self.val, h))

    def role_of(self, s: PSt, j: Term) -> Term:
        return role_code(self.rules, self.value(s, j))

    # ---- the primitives: every card that moves, moves here

    def deal(self, s: PSt, j: Term, cond: Term = True) -> PSt:
        """K4/L2: ``j`` gets the bottom (top) card of the stack if he has none."""
        need = AND(cond, EQ(sel(s.hid, j), NONE))
        if need is False:
            return s
        s = s.copy()
        bottom = self.rules.deal_from == "bottom"
        slot = s.hi if bottom else s.lo
        c = sel(s.sid, slot)
        s.hid = sto(s.hid, j, c, need)
        s.dealt = sto(s.dealt, j, c, need)
        s.inhand = sto(s.inhand, c, True, need)
        s.at = sto(s.at, c, j, need)
        s.inc = sto(s.inc, j, NONE, need)
        s.incinn = sto(s.incinn, j, False, need)
        s.byx = sto(s.byx, j, False, need)
        s.fromstack = sto(s.fromstack, j, False, need)
        if bottom:
            s.hi = ite(need, s.hi - 1, s.hi)
        else:
            s.lo = ite(need, s.lo + 1, s.lo)
        s.inhands = ite(need, s.inhands + 1, s.inhands)
        s.frontier = ite(need, j, s.frontier)
        return s

    def swap_hands(self, s: PSt, a: Term, b: Term, cond: Term = True) -> PSt:
        if cond is False:
            return s
        s = s.copy()
        ca, cb = sel(s.hid, a), sel(s.hid, b)
        s.hid = sto(sto(s.hid, a, cb, cond), b, ca, cond)
        s.at = sto(sto(s.at, ca, b, cond), cb, a, cond)
        return s

    def forward_swap(self, s: PSt, a: Term, b: Term, via_inn: Term) -> PSt:
        """K7/K14: offerer ``a`` and target ``b`` (right of him) exchange."""
        off = sel(s.hid, a)
        s = self.swap_hands(s, a, b)
        s.off = sto(s.off, a, off)
        s.inc = sto(s.inc, b, a)
        s.outp = sto(s.outp, a, b)
        s.incinn = sto(s.incinn, b, via_inn)
        s.byx = sto(sto(s.byx, a, True), b, True)
        return s

    def with_stack(self, s: PSt, j: Term, bottom: bool) -> PSt:
        """K8/K12: ``j`` exchanges his card with the bottom (top) card of the stack."""
        s = s.copy()
        slot = s.hi if bottom else s.lo
        c, h = sel(s.sid, slot), sel(s.hid, j)
        s.sid = sto(s.sid, slot, h)
        s.hid = sto(s.hid, j, c)
        s.inhand = sto(sto(s.inhand, h, False), c, True)
        s.at = sto(sto(s.at, h, slot), c, j)
        p = sel(s.inc, j)
        s.outp = sto(s.outp, p, NONE, p >= 0)
        s.inc = sto(s.inc, j, NONE)
        s.incinn = sto(s.incinn, j, False)
        s.byx = sto(s.byx, j, False)
        s.fromstack = sto(s.fromstack, j, True)
        return s

    def lose_mark(self, s: PSt, j: Term, cond: Term = True) -> PSt:
        """K11/K13/L8: ``j`` pays a mark at once; at zero he is out and his card is dead (K15),
        put under the stack with L10.  (The exchange pointers of a seat that is out are left as
        they are: nobody can exchange with him again, so no undo reaches them.)"""
        if cond is False:
            return s
        s = s.copy()
        m = sel(s.marks, j) - 1
        s.marks = sto(s.marks, j, m, cond)
        s.loss = sto(s.loss, j, sel(s.loss, j) + 1, cond)
        out = AND(cond, EQ(m, 0))
        s.dead = sto(s.dead, j, True, out)
        if self.rules.dead_cards == "under-stack":
            h = sel(s.hid, j)
            slot = s.hi + 1
            s.sid = sto(s.sid, slot, h, out)
            s.inhand = sto(s.inhand, h, False, out)
            s.at = sto(s.at, h, slot, out)
            s.hid = sto(s.hid, j, NONE, out)
            s.hi = ite(out, slot, s.hi)
            s.inhands = ite(out, s.inhands - 1, s.inhands)
        return s

    # ---- where play goes on

    def goto(self, s: PSt, idx: Term) -> PSt:
        """K6, K10-K14: play goes on with the seat at ``idx``; past the dealer, the showdown."""
        s = s.copy()
        s.phase = ite(idx >= self.n, DONE, ADV)
        s.cursor = idx
        return s

    def _meet(self, s: PSt, o: Term, t: Term) -> PSt:
        """The request of ``o`` reaches ``t``, whose card settles it (C2)."""
        r = self.role_of(s, t)
        base = s.copy()
        base.ev_req, base.ev_role, base.ev_off, base.ev_tgt = True, r, o, t
        base.actor, base.target = o, t

        plain = self.forward_swap(base, o, t, False)
        plain.phase, plain.actor, plain.target, plain.cursor = DECIDE, t, NONE, t  # K7: he decides
        horse = self.goto(self.with_stack(base, o, bottom=self.rules.horse_at_dealer == "stack-bottom"), t + 1)
        cuckoo = self.goto(base, t + 1)  # K10
        hunter = self.goto(self.lose_mark(base, o), t + 1)  # K11
        cat = self._cat(base, o, t)
        inn = base.copy()
        if self.rules.inn == "lu-stu":
            inn.phase, inn.actor, inn.target, inn.cursor = INN_KEEP, t, o, t  # L7
        else:
            inn.phase, inn.actor, inn.target, inn.cursor = INN_OFF, o, t, t  # K14
        out = inn
        for code, branch in ((R_CAT, cat), (R_HUNTER, hunter), (R_CUCKOO, cuckoo), (R_HORSE, horse),
                             (PLAIN, plain)):
            out = pmerge(EQ(r, code), branch, out)
        return out

    def _cat(self, s: PSt, o: Term, t: Term) -> PSt:
        # the ghosts K13's undo is judged against: hands and pointers as the cat is met
        s = s.copy()
        s.snap, s.inc0, s.outp0 = s.hid, s.inc, s.outp
        s = self.lose_mark(s, o)
        kind = self.rules.cat
        if kind == "pay-holder":  # Z5: the mark goes to the cat's holder; nothing is undone
            s.marks = sto(s.marks, t, sel(s.marks, t) + 1)
            s.gain = sto(s.gain, t, sel(s.gain, t) + 1)
            return self.goto(s, t + 1)
        walk = s.copy()
        walk.phase, walk.seat, walk.holder, walk.cursor = (UNDO if kind == "undo" else BACK), o, o, t
        if kind == "undo":  # K13: walk back from the offerer, unless his card went under the stack (L10)
            can = NOT(EQ(sel(s.hid, o), NONE))
        else:  # L8: the offerer sends his card left, unless he is out
            can = AND(NOT(sel(s.dead, o)), NOT(EQ(sel(s.hid, o), NONE)))
        return pmerge(can, walk, self.goto(s, t + 1))

    # ---- one micro-step

    def step(self, s: PSt, d: Term) -> PSt:
        """One micro-step; ``d`` is the decision where the phase waits for one (True: offer /
        exchange with the stack / ask 'pagherai se null?' / accept), else ignored.  Each phase's
        step is a method of its own (``_PHASE_STEPS``); on a symbolic phase, all of them,
        merged by the phase."""
        s = s.copy()
        s.ev_req, s.ev_role, s.ev_off, s.ev_tgt = False, NONE, NONE, NONE
        ph = s.phase
        concrete = not _z(ph)
        out = s  # DONE: nothing moves
        for code, branch in _PHASE_STEPS:
            if not concrete or ph == code:
                out = pmerge(EQ(ph, code), getattr(self, branch)(s, d), out)
        return out

    # ---- the start

    def initial(self, marks) -> PSt:
        """After the shuffle: the stack holds cards ``0..k-1`` (top first), no hand has a card."""
        s = PSt()
        symbolic = _z(self.n) or _z(self.k)
        for f in ARRAYS:
            default = False if f in BOOL_ARRAYS else 0 if f in ("loss", "gain") else NONE
            if symbolic:
                setattr(s, f, z3.K(z3.IntSort(), z3.BoolVal(default) if f in BOOL_ARRAYS else z3.IntVal(default)))
            else:
                setattr(s, f, Arr(default))
        if symbolic:
            i = z3.Int("i")
            s.sid = s.at = z3.Lambda([i], i)  # card i in slot i, and slot i holds card i
            s.marks = marks
        else:
            s.sid = s.at = Arr(NONE, {i: i for i in range(self.k)})
            s.marks = marks if not isinstance(marks, (list, tuple)) else Arr(0, dict(enumerate(marks)))
        s.marks0 = s.marks  # a ghost: the marks the deal started with (what the accounting counts from)
        s.lo, s.hi = 0, self.k - 1
        s.frontier, s.inhands = -1, 0
        s.phase = DEALALL if self.rules.dealing == "all-first" else ADV
        s.cursor, s.actor, s.target, s.seat, s.holder = 0, NONE, NONE, NONE, NONE
        s.ev_req, s.ev_role, s.ev_off, s.ev_tgt = False, NONE, NONE, NONE
        return s

    def offerer_now(self, s: PSt) -> Term:
        """The seat whose card is on offer (nobody may point at him: he holds what he received)."""
        ph = s.phase
        return ite(OR(EQ(ph, DECIDE), EQ(ph, SEEK), EQ(ph, INN_OFF), EQ(ph, BACK)), s.actor,
                   ite(EQ(ph, INN_KEEP), s.target, ite(EQ(ph, UNDO), s.seat, NONE)))


# --------------------------------------------------------------------------- running it concretely


def run_to_decision(model: PModel, s: PSt, limit: int = 10_000) -> tuple[PSt, list[PSt]]:
    """Take the micro-steps that need no decision until a player must decide (or the showdown)."""
    trail = []
    while s.phase not in DECISION_PHASES and s.phase != DONE:
        s = model.step(s, False)
        trail.append(s)
        if len(trail) > limit:
            raise RuntimeError("no decision reached")
    return s, trail


def play(model: PModel, marks, decisions) -> list[PSt]:
    """Every micro-state of a deal played with ``decisions`` (one per decision point)."""
    s = model.initial(marks)
    states = [s]
    s, trail = run_to_decision(model, s)
    states += trail
    for d in decisions:
        if s.phase == DONE:
            break
        s = model.step(s, d)
        states.append(s)
        s, trail = run_to_decision(model, s)
        states += trail
    return states
