"""A symbolic model of one deal's exchange chain, written once and run two ways.

Every operation goes through the small helpers below (:func:`ite`, :func:`get`,
:func:`AND` …).  Given plain Python ints and bools they compute directly, so the
model can be *run* on a concrete deal; given z3 terms they build the formula of
the same computation.  One transition function therefore serves the induction
lemmas (any symbolic state), the bounded whole-deal unrolling, and the concrete
cross-check against :mod:`cucu_ref.game.engine`.

Seats are indexed by their place in the deal order (0 = right of the dealer,
``n - 1`` = the dealer), as in ``State.order``.  Cards are tracked by *identity*
(``hid``: an index into the initial pack/stack) and by value (``hval``), which
move together; identities make conservation a permutation statement.

The model reads the ruleset's options (``Rules`` fields), never preset names:
``dealing``, ``deal_from``, ``dealer_exchange``, ``horse_at_dealer``, ``cat``,
``targeted_holder_acts``, ``inn``, ``cat_undo_through_inn``, ``dead_cards``, and
for the showdown it runs the seeds' showdown, written apart from the engine's scoring
(:mod:`cucu_ref.assurance.formal.z3scoring`, issue 28 item 3), which reads ``cuckoo_at_showdown``,
``cuckoo_pair_exception``,
``fools_in_play``, ``two_fools``, ``two_fools_alone``, ``ties``, ``all_equal``,
``inn_guarantee_covers`` and ``inn_keeper_cannot_pay``.
"""

from __future__ import annotations

from typing import Any, Sequence

import z3

from ...game.cards import FOOL_VALUE, PACKS
from ...game.rulesets import CAT, CUCKOO, HORSE, HUNTER, INN, OPTIONS, Rules

# phases (engine Phase.DECIDE, INN_OFFERER, INN_KEEPER; DONE = the showdown is due)
DECIDE, INN_OFF, INN_KEEP, DONE = 0, 1, 2, 3
NONE = -99  # no card (a value no pack uses; -1 is the secchia) (not dealt yet, or a dead card put under the stack, L10)
# role codes of the card a request meets (C2); PLAIN = no event card
PLAIN, R_CUCKOO, R_HUNTER, R_HORSE, R_CAT, R_INN = 0, 1, 2, 3, 4, 5
ROLE_CODE = {CUCKOO: R_CUCKOO, HUNTER: R_HUNTER, HORSE: R_HORSE, CAT: R_CAT, INN: R_INN}
CUCKOO_VALUE, INN_VALUE = 15, 11

Term = Any  # a Python int/bool or a z3 expression


# --------------------------------------------------------------------------- dual-mode helpers


def _z(x: Term) -> bool:
    return isinstance(x, z3.ExprRef)


def ite(c: Term, a: Term, b: Term) -> Term:
    if isinstance(c, bool):
        return a if c else b
    if z3.is_true(c):
        return a
    if z3.is_false(c):
        return b
    if not _z(a) and not _z(b) and type(a) is type(b) and a == b:
        return a
    if _z(a) and _z(b) and a.eq(b):
        return a
    return z3.If(c, a, b)


def EQ(a: Term, b: Term) -> Term:
    if not _z(a) and not _z(b):
        return a == b
    return a == b


def AND(*xs: Term) -> Term:
    rest = []
    for x in xs:
        if x is False or (_z(x) and z3.is_false(x)):
            return False
        if x is True or (_z(x) and z3.is_true(x)):
            continue
        rest.append(x)
    if not rest:
        return True
    return rest[0] if len(rest) == 1 else z3.And(*rest)


def OR(*xs: Term) -> Term:
    rest = []
    for x in xs:
        if x is True or (_z(x) and z3.is_true(x)):
            return True
        if x is False or (_z(x) and z3.is_false(x)):
            continue
        rest.append(x)
    if not rest:
        return False
    return rest[0] if len(rest) == 1 else z3.Or(*rest)


def NOT(x: Term) -> Term:
    if isinstance(x, bool):
        return not x
    return z3.Not(x)


def IMPLIES(a: Term, b: Term) -> Term:
    return OR(NOT(a), b)


def B2I(x: Term) -> Term:
    """A bool as 0/1."""
    if isinstance(x, bool):
        return int(x)
    return z3.If(x, 1, 0)


def get(lst: Sequence[Term], i: Term) -> Term:
    if not _z(i):
        # out of range only inside a guard that is false for this state (e.g. no target yet);
        # like the symbolic chain below, fall back on the first element
        return lst[i] if 0 <= i < len(lst) else lst[0]
    r = lst[0]
    for k in range(1, len(lst)):
        r = ite(i == k, lst[k], r)
    return r


def put(lst: Sequence[Term], i: Term, v: Term, cond: Term = True) -> list:
    """``lst`` with ``lst[i] = v`` when ``cond``."""
    if not _z(i) and not _z(cond):
        out = list(lst)
        if cond and 0 <= i < len(out):
            out[i] = v
        return out
    return [ite(AND(cond, EQ(i, k)), v, x) for k, x in enumerate(lst)]


def swap(lst: Sequence[Term], a: Term, b: Term, cond: Term = True) -> list:
    va, vb = get(lst, a), get(lst, b)
    out = put(lst, a, vb, cond)
    return put(out, b, va, cond)


# --------------------------------------------------------------------------- the state

LIST_FIELDS = ("hid", "hval", "inc", "incinn", "byx", "dealt", "off", "marks", "dead", "loss", "gain", "guar",
               "fromstack")
STACK_FIELDS = ("sid", "sval")
SCALARS = ("phase", "actor", "target", "cursor", "lo", "hi",
           # what the last step did (ghosts for the properties): the offerer and the seat whose card
           # settled the request, its role code, and whether the step made a request at all
           "ev_req", "ev_role", "ev_off", "ev_tgt")


class St:
    """One deal state.  ``hid``/``hval``: each seat's card (identity, value); ``inc``: the seat
    that handed him his card in a forward exchange (-1: dealt or from the stack), ``incinn``:
    that exchange was a refused inn's (K14, Q14); ``byx``: his card came by exchange (L8's inn
    test); ``dealt``/``off``: ghosts, the card dealt to him and the card he offered on;
    ``guar``: innkeeper guaranteeing his nulla (K14/L7); ``sid``/``sval``: stack slots, the
    occupied window is ``lo..hi`` (top first)."""

    __slots__ = LIST_FIELDS + STACK_FIELDS + SCALARS

    def copy(self) -> "St":
        s = St()
        for f in LIST_FIELDS + STACK_FIELDS:
            setattr(s, f, list(getattr(self, f)))
        for f in SCALARS:
            setattr(s, f, getattr(self, f))
        return s

    def fields(self):
        for f in LIST_FIELDS + STACK_FIELDS + SCALARS:
            yield f, getattr(self, f)


def merge(c: Term, a: St, b: St) -> St:
    """``a`` if ``c`` else ``b``, field by field."""
    if isinstance(c, bool):
        return a if c else b
    s = St()
    for f in LIST_FIELDS + STACK_FIELDS:
        setattr(s, f, [ite(c, x, y) for x, y in zip(getattr(a, f), getattr(b, f))])
    for f in SCALARS:
        setattr(s, f, ite(c, getattr(a, f), getattr(b, f)))
    return s


# --------------------------------------------------------------------------- the transition


# options whose every reading the models cover, and options that do not touch a deal's cards
COVERED = {"dealing", "deal_from", "horse_at_dealer", "cat", "targeted_holder_acts", "cuckoo_at_showdown",
           "cuckoo_pair_exception", "fools_in_play", "two_fools", "two_fools_alone", "ties", "inn",
           "inn_guarantee_covers", "cat_undo_through_inn", "dead_cards", "seating_fool", "buy_back",
           "buy_back_price", "simultaneous_buy_back", "all_out", "virgin_after_gain", "all_equal", "fool_hint",
           "inn_keeper_cannot_pay"}
PARTLY = {"dealer_exchange": ("stack-bottom", "stack-top", "none")}


def check_covered(rules: Rules) -> None:
    """Any other option must keep Campli's reading: the models (this one and
    :mod:`.parametric`) refuse what they do not model (e.g. Q5 'dealer' / 'optional', Q2
    'targeted_dealer_decides', Q9, the Coucou talon) with ``NotImplementedError``."""

    default = Rules(name="default")
    for option in OPTIONS:
        value = getattr(rules, option)
        if option in COVERED or value in PARTLY.get(option, ()) or value == getattr(default, option):
            continue
        raise NotImplementedError(f"the formal model does not cover {option}={value!r}")


def role_code(rules: Rules, v: Term) -> Term:
    """The role code (C2) of a card of value ``v`` under ``rules``; PLAIN if it has none."""
    r: Term = PLAIN
    for value, name in rules.roles:
        r = ite(EQ(v, value), ROLE_CODE[name], r)
    return r


class _EventCards:
    """The step model meeting the event cards (K9-K14, L7, L8, D4-D6, Z5): the part of
    :class:`Model` that answers a request; apart from it so that each class stays under 250 lines."""

    def request(self, s: St, o: Term, idx: Term) -> St:
        """K7, K10-K14: ``o`` asks the seat at ``idx``; horses pass the request on (K12)."""
        n = self.n
        t = idx
        searching: Term = True
        for _ in range(n):
            if isinstance(searching, bool) and not searching:
                break
            s = self.deal(s, t, searching)
            r = self.role(get(s.hval, t))
            skip = AND(searching, EQ(r, R_HORSE), NOT(EQ(t, self.dealer)))
            t = ite(skip, t + 1, t)
            searching = skip
        r = self.role(get(s.hval, t))
        base = s.copy()
        base.ev_req, base.ev_role, base.ev_off, base.ev_tgt = True, r, o, t

        plain = self.forward_swap(base, o, t, False)
        plain.phase, plain.actor, plain.target, plain.cursor = DECIDE, t, NONE, t  # K7: he decides

        horse = self.advance(self.with_stack(base, o, bottom=self.rules.horse_at_dealer == "stack-bottom"), t + 1)
        cuckoo = self.advance(base, t + 1)  # K10
        hunter = self.advance(self.lose_mark(base, o), t + 1)  # K11
        cat = self.advance(self.cat(base, o, t), t + 1)  # K13 / L8 / Z5
        inn = base.copy()
        if self.rules.inn == "lu-stu":
            # L7: 'Tingh la Cas, che mi dai in cambio': the offerer bargains, the innkeeper answers
            inn.phase, inn.actor, inn.target, inn.cursor = INN_KEEP, t, o, t
        else:
            # K14: 'fermatevi aliquanto': the offerer keeps after all or asks 'pagherai se null?'
            inn.phase, inn.actor, inn.target, inn.cursor = INN_OFF, o, t, t

        out = inn
        for code, branch in ((R_CAT, cat), (R_HUNTER, hunter), (R_CUCKOO, cuckoo), (R_HORSE, horse),
                             (PLAIN, plain)):
            out = merge(EQ(r, code), branch, out)
        return out

    def cat(self, s: St, o: Term, holder: Term) -> St:
        kind = self.rules.cat
        s = self.lose_mark(s, o, True)
        if kind == "pay-holder":  # Z5: the mark goes to the cat's holder; nothing is undone
            s = s.copy()
            s.marks = put(s.marks, holder, get(s.marks, holder) + 1)
            s.gain = put(s.gain, holder, get(s.gain, holder) + 1)
            return s
        if kind == "undo":
            return self.undo(s, o)
        return self.backward(s, o)

    def undo(self, s: St, o: Term) -> St:
        """K13/D5: undo, newest first, the forward exchanges that brought ``o``'s card, until it is
        back with the seat it was dealt to.  Partners are the real ones (``inc``), so horses
        skipped on the way forward are skipped again."""
        through_inn = self.rules.cat_undo_through_inn == "undo"
        seat = o
        walking: Term = NOT(EQ(get(s.hid, o), NONE))  # L10: a dead card under the stack has no custody
        for _ in range(self.n):
            if isinstance(walking, bool) and not walking:
                break
            p = get(s.inc, seat)
            can = AND(walking, p >= 0, True if through_inn else NOT(get(s.incinn, seat)))
            nxt = s.copy()
            pc = ite(can, p, 0)
            nxt.hid = swap(s.hid, seat, pc, can)
            nxt.hval = swap(s.hval, seat, pc, can)
            nxt.inc = put(s.inc, seat, NONE, can)
            nxt.incinn = put(s.incinn, seat, False, can)
            nxt.byx = put(put(s.byx, seat, False, can), pc, get(s.inc, pc) >= 0, can)
            s = nxt
            seat = ite(can, pc, seat)
            walking = can
        return s

    def backward(self, s: St, o: Term) -> St:
        """L8 (Di Luigi & Mazza 2009), as read here: the offerer, refused by a cat, must offer his
        card to his LEFT; a seat without an event card must exchange, however he got his card, and
        the card goes on leftwards.  On the way: XIII is skipped; XV ends it, no penalty; XII or
        XIIII end it and the last player who exchanged (the holder of the returning card) pays a
        mark; XI ends it, no penalty, if it was dealt to its holder, otherwise it is exchanged and
        the way back goes on.  Readings of the open points (Q5): every backward offer is forced;
        the way back stops at the first hand (nobody sits left of him in this deal's order); seats
        already out of the deal are passed over; an offerer put out by the cat's mark has no card
        to send back."""
        holder = o
        pos = o
        going: Term = AND(NOT(get(s.dead, o)), NOT(EQ(get(s.hid, o), NONE)))
        for _ in range(self.n):
            if isinstance(going, bool) and not going:
                break
            left = pos - 1
            live = AND(going, left >= 0)
            lc = ite(live, left, 0)
            r = self.role(get(s.hval, lc))
            dead_left = get(s.dead, lc)
            passes = AND(live, OR(dead_left, EQ(r, R_HORSE)))
            exchanged = AND(live, NOT(dead_left), OR(EQ(r, PLAIN), AND(EQ(r, R_INN), get(s.byx, lc))))
            punish = AND(live, NOT(dead_left), OR(EQ(r, R_CAT), EQ(r, R_HUNTER)))
            nxt = s.copy()
            nxt.hid = swap(s.hid, holder, lc, exchanged)
            nxt.hval = swap(s.hval, holder, lc, exchanged)
            nxt.byx = put(put(s.byx, holder, True, exchanged), lc, True, exchanged)
            nxt = self.lose_mark(nxt, holder, punish)
            s = nxt
            holder = ite(exchanged, lc, holder)
            pos = ite(OR(exchanged, passes), lc, pos)
            going = OR(exchanged, passes)
        return s

    def inn_answer(self, s: St, keeper: Term, offerer: Term, accepted: Term) -> St:
        """K14 (Campli): accepted -> guarantee, no exchange; refused -> exchange.
        L7 (Lu Stù, ``inn='lu-stu'``): accepted -> exchange; refused -> guarantee."""
        exchange = NOT(accepted) if self.rules.inn == "campli" else accepted
        g = s.copy()
        g.guar = put(g.guar, offerer, keeper)
        g = self.advance(g, keeper + 1)
        x = self.forward_swap(s, offerer, keeper, True)
        if self.rules.targeted_holder_acts == "after-refused-inn":
            x.phase, x.actor, x.target, x.cursor = DECIDE, keeper, NONE, keeper  # D6
        else:
            x = self.advance(x, keeper + 1)
        return merge(exchange, x, g)


class Model(_EventCards):
    """The exchange chain of one deal at ``n`` seats under ``rules``."""

    def __init__(self, rules: Rules, n: int):
        check_covered(rules)
        self.rules = rules
        self.n = n
        self.dealer = n - 1
        self.family = PACKS[rules.pack].family

    # ---- card properties

    def role(self, v: Term) -> Term:
        return role_code(self.rules, v)

    def is_fool(self, v: Term) -> Term:
        return EQ(v, FOOL_VALUE) if self.family == "cuccu" else False

    def is_cuckoo(self, v: Term) -> Term:
        return EQ(v, CUCKOO_VALUE) if self.family == "cuccu" else False

    # ---- moving cards

    def deal(self, s: St, j: Term, cond: Term = True) -> St:
        """K4/L2: ``j`` gets the bottom (top) card of the stack if he has none yet (ensure_dealt)."""
        need = AND(cond, EQ(get(s.hid, j), NONE))
        if isinstance(need, bool) and not need:
            return s
        s = s.copy()
        slot = s.hi if self.rules.deal_from == "bottom" else s.lo
        cid, cval = get(s.sid, slot), get(s.sval, slot)
        s.hid = put(s.hid, j, cid, need)
        s.hval = put(s.hval, j, cval, need)
        s.dealt = put(s.dealt, j, cid, need)
        s.inc = put(s.inc, j, NONE, need)
        s.incinn = put(s.incinn, j, False, need)
        s.byx = put(s.byx, j, False, need)
        s.fromstack = put(s.fromstack, j, False, need)
        if self.rules.deal_from == "bottom":
            s.hi = ite(need, s.hi - 1, s.hi)
        else:
            s.lo = ite(need, s.lo + 1, s.lo)
        return s

    def forward_swap(self, s: St, a: Term, b: Term, via_inn: Term) -> St:
        """K7/K14: offerer ``a`` and target ``b`` (right of him) exchange."""
        s = s.copy()
        s.off = put(s.off, a, get(s.hid, a))
        s.hid = swap(s.hid, a, b)
        s.hval = swap(s.hval, a, b)
        s.inc = put(s.inc, b, a)
        s.incinn = put(s.incinn, b, via_inn)
        s.byx = put(put(s.byx, a, True), b, True)
        return s

    def with_stack(self, s: St, j: Term, bottom: bool) -> St:
        """K8/K12: ``j`` exchanges his card with the bottom (top) card of the stack."""
        s = s.copy()
        slot = s.hi if bottom else s.lo
        cid, cval = get(s.sid, slot), get(s.sval, slot)
        s.sid = put(s.sid, slot, get(s.hid, j))
        s.sval = put(s.sval, slot, get(s.hval, j))
        s.hid = put(s.hid, j, cid)
        s.hval = put(s.hval, j, cval)
        s.inc = put(s.inc, j, NONE)
        s.incinn = put(s.incinn, j, False)
        s.byx = put(s.byx, j, False)
        s.fromstack = put(s.fromstack, j, True)
        return s

    def lose_mark(self, s: St, j: Term, cond: Term = True) -> St:
        """K11/K13/L8: ``j`` pays a mark at once; at exactly zero he is out, his card dead (K15),
        under the stack with L10."""
        if isinstance(cond, bool) and not cond:
            return s
        s = s.copy()
        m = get(s.marks, j) - 1
        s.marks = put(s.marks, j, m, cond)
        s.loss = put(s.loss, j, get(s.loss, j) + 1, cond)
        out = AND(cond, EQ(m, 0))
        s.dead = put(s.dead, j, True, out)
        if self.rules.dead_cards == "under-stack":
            s.sid = put(s.sid, s.hi + 1, get(s.hid, j), out)
            s.sval = put(s.sval, s.hi + 1, get(s.hval, j), out)
            s.hi = ite(out, s.hi + 1, s.hi)
            s.hid = put(s.hid, j, NONE, out)
            s.hval = put(s.hval, j, NONE, out)
            s.inc = put(s.inc, j, NONE, out)
            s.byx = put(s.byx, j, False, out)
        return s

    # ---- turn order

    def advance(self, s: St, idx: Term) -> St:
        """K6, K10-K14: play goes on with the seat at ``idx``; past the dealer: the showdown."""
        done = idx >= self.n
        if isinstance(done, bool):
            if done:
                s = s.copy()
                s.phase = DONE
                return s
            s = self.deal(s, idx)
            s.phase, s.actor, s.target, s.cursor = DECIDE, idx, NONE, idx
            return s
        safe = ite(done, 0, idx)
        d = self.deal(s, safe, NOT(done))
        d.phase = ite(done, DONE, DECIDE)
        d.actor = ite(done, d.actor, safe)
        d.target = ite(done, d.target, NONE)
        d.cursor = ite(done, d.cursor, safe)
        return d

    # ---- one step

    def step(self, s: St, d: Term) -> St:
        """One decision ``d`` (True: offer / exchange with the stack / ask 'pagherai se null?' /
        accept the second offer; False: keep / keep / keep after all / refuse)."""
        s0 = s.copy()
        s0.ev_req, s0.ev_role, s0.ev_off, s0.ev_tgt = False, NONE, NONE, NONE
        s = s0
        ph = s.phase
        concrete = not _z(ph)
        out = s  # DONE: nothing moves

        def want(code: int) -> bool:
            return not concrete or ph == code

        if want(DECIDE):
            # the dealer (K8): keep, or exchange with the stack; then the showdown
            at_dealer = EQ(s.cursor, self.dealer)
            kept = s.copy()
            kept.phase = DONE
            if self.rules.dealer_exchange == "none":
                dealer_branch = kept
            else:
                ex = self.with_stack(s, self.dealer, bottom=self.rules.dealer_exchange == "stack-bottom")
                ex.phase = DONE
                dealer_branch = merge(d, ex, kept)
            if isinstance(at_dealer, bool) and at_dealer:
                decide = dealer_branch
            else:
                # any other seat (K5-K7): keep, or offer to the next
                other_branch = merge(d, self.request(s, s.cursor, s.cursor + 1), self.advance(s, s.cursor + 1))
                decide = merge(at_dealer, dealer_branch, other_branch)
            out = merge(EQ(ph, DECIDE), decide, out)
        if want(INN_OFF):
            # K14: the offerer keeps after all, or asks 'pagherai se null?'
            ask = s.copy()
            ask.phase, ask.actor, ask.target = INN_KEEP, s.target, s.actor
            out = merge(EQ(ph, INN_OFF), merge(d, ask, self.advance(s, s.target + 1)), out)
        if want(INN_KEEP):
            out = merge(EQ(ph, INN_KEEP), self.inn_answer(s, s.actor, s.target, d), out)
        return out

    # ---- start and end of the deal

    def initial(self, ids: Sequence[Term], vals: Sequence[Term], marks: Sequence[Term], room: int | None = None) -> St:
        """The state after the shuffle: the stack holds ``ids``/``vals`` (top first), nobody has a
        card; then seat 0 is dealt (or everybody, Z3 'all-first') and decides."""
        n = self.n
        k = len(ids)
        m = k + (n if room is None else room)
        s = St()
        s.hid, s.hval = [NONE] * n, [NONE] * n
        s.inc, s.incinn, s.byx = [NONE] * n, [False] * n, [False] * n
        s.dealt, s.off = [NONE] * n, [NONE] * n
        s.marks, s.dead = list(marks), [False] * n
        s.loss, s.gain, s.guar, s.fromstack = [0] * n, [0] * n, [NONE] * n, [False] * n
        s.sid = list(ids) + [NONE] * (m - k)
        s.sval = list(vals) + [NONE] * (m - k)
        s.lo, s.hi = 0, k - 1
        s.phase, s.actor, s.target, s.cursor = DECIDE, 0, NONE, 0
        s.ev_req, s.ev_role, s.ev_off, s.ev_tgt = False, NONE, NONE, NONE
        if self.rules.dealing == "all-first":
            for j in range(n):
                s = self.deal(s, j)
        return self.advance(s, 0)

    def max_steps(self) -> int:
        # each seat decides at most once (the cursor only moves right) and each request to an inn
        # adds at most two inn decisions
        return 3 * self.n

    def run(self, s: St, decisions: Sequence[Term]) -> list[St]:
        states = [s]
        for d in decisions:
            s = self.step(s, d)
            states.append(s)
        return states
