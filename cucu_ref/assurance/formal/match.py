"""A model of the match beyond one deal, written from the sources, run two ways (issue 28).

The deal models (:mod:`.model`, :mod:`.parametric`) end at the showdown's marks.  This one holds
what a match keeps from deal to deal, and states each rule about it once:

* K16 (seed 000 §Spieler): "Wer seine letzte Marke verloren hat, scheidet aus";
* K17 (§Wiedereintritt): a virgin is "Ein Spieler, der noch seine anfangs erhaltenen drei Marken
  hat"; "Solange es eine oder mehrere Jungfrauen gibt" the players out may buy back "nach Ende des
  Spiels"; "Der erste ausscheidende Spieler zahlt ... einen einfachen Einsatz ..., der zweite den
  doppelten, der dritte den vierfachen", "nach der Reihenfolge des Ausscheidens ..., nicht danach,
  ob ein ausscheidender Spieler sich entscheidet sich wieder zurückzukaufen"; they get three marks
  "gelten aber nicht als Jungfrau".  Q1, players out together: "der erste rechts vom Geber dann
  als erster" (McLeod) or "alle den gleichen Wiedereintrittstarif" (Martin);
* L11 (§Lu Stù): "sofort und nicht erst nach Spielende"; "verdoppelt sich der Tarif allerdings
  nur mit jedem Spieler der wiedereintritt": the price is what the re-entries so far make it when
  the player is asked (a group under Martin's reading: the group's one price, as it goes out);
* K18: "erhalten alle Spieler, auch die früher ausgeschiedenen, erneut drei Marken ... Es gilt
  allerdings niemand als Jungfrau"; D8 (seed 004): "vender alle fire spillere tilbage med tre
  liv"; Z11: "ein neues Spiel mit allen Spielern ..., ohne dass ein neuer Einsatz gezahlt werden
  muss"; S6 (pagat): joint winners, or the last life kept, and then K17's count either way (P3,
  the project's readings: S6 is silent);
* K2: "Nach jedem Spiel gibt der Spieler rechts vom Geber" (D2: "den næste overlevende plads");
* K3: "wer am Ende übrig bleibt, gewinnt den Pott".

Seats are the engine's seat numbers (play order: seat ``i + 1`` sits right of seat ``i``).  The
functions take plain ints and bools (a concrete run, :class:`Follower` keeps one beside the
engine's State) or z3 terms (the proofs of :mod:`.matchproofs`), through :mod:`.model`'s
dual-mode helpers.  A price is kept as its exponent (the price is ``2 ** exponent`` stakes);
``UNPRICED`` marks an L11 offer whose price is fixed when the player is asked.  Nothing here
reads the engine's code: only ``Rules`` options (``initial_marks``, ``stake``, ``buy_back``,
``buy_back_price``, ``simultaneous_buy_back``, ``all_out``, ``kept_life_eliminations``,
``restart_stake``, ``restart_counts``, ``virgin_after_gain``).
"""

from __future__ import annotations

from typing import Any, Sequence

import z3

from ...game.rulesets import Rules
from .model import AND, B2I, EQ, NOT, OR, ite

Term = Any
UNPRICED = -1  # an L11 offer, its price fixed when the player is asked
NOBODY = -1  # no winner yet
JOINT = -2  # S6: the players of the last deal share the pot
RESTARTS = ("restart-no-virgins", "all-return", "draw-replay")  # K18, D8, Z11: everybody's marks again

FIELDS = ("marks", "virgin", "owed", "pexp", "qpos", "in_deal")
SCALARS = ("pot", "gone", "back", "dealer", "winner", "over", "no_virgins", "gone_at_deal")


class MSt:
    """The match between two steps.  Per seat: ``marks``; ``virgin`` (K17); ``owed``: a buy-back
    offer pending; ``pexp``: its price's exponent (or UNPRICED); ``qpos``: his place in the order
    of going out (who is asked first); ``in_deal``: held marks at this deal's shuffle (S6).
    ``gone``/``back``: players out / bought back since the match (re)started (K17's and L11's
    counts); ``gone_at_deal``: ``gone`` at this deal's shuffle (P3); ``no_virgins``: a ghost, set by
    K18's restart and by S6's last life (nobody a virgin from then on)."""

    __slots__ = FIELDS + SCALARS

    def copy(self) -> "MSt":
        s = MSt()
        for f in FIELDS:
            setattr(s, f, list(getattr(self, f)))
        for f in SCALARS:
            setattr(s, f, getattr(self, f))
        return s


def merge(c: Term, a: MSt, b: MSt) -> MSt:
    """``a`` if ``c`` else ``b``, field by field."""
    if isinstance(c, bool):
        return a if c else b
    s = MSt()
    for f in FIELDS:
        setattr(s, f, [ite(c, x, y) for x, y in zip(getattr(a, f), getattr(b, f))])
    for f in SCALARS:
        setattr(s, f, ite(c, getattr(a, f), getattr(b, f)))
    return s


_POW2 = z3.Function("pow2", z3.IntSort(), z3.IntSort())


def pow2(e: Term) -> Term:
    """2 ** e stakes: exact on ints; on z3 terms an uninterpreted function (the proofs need only
    that a price is at least one stake, which :func:`price_axioms` states)."""
    return 2 ** e if isinstance(e, int) else _POW2(e)


def price_axioms(exps: Sequence[Term]) -> list[Term]:
    """What the proofs may assume of ``pow2`` at the exponents they use: a price of at least one
    stake, doubling with the exponent."""
    out = [_POW2(e) >= 1 for e in exps]
    out += [z3.Implies(a < b, _POW2(a) < _POW2(b)) for a in exps for b in exps if not a.eq(b)]
    return out


def count(xs: Sequence[Term]) -> Term:
    total: Term = 0
    for x in xs:
        total = total + B2I(x)
    return total


def virgin_in(s: MSt) -> Term:
    """K17 'solange es eine oder mehrere Jungfrauen gibt': a virgin still holding marks."""
    return OR(*[AND(v, m > 0) for v, m in zip(s.virgin, s.marks)])


class Match:
    """The match's rules for ``n`` seats under ``rules``; each method one rule, citing it."""

    def __init__(self, rules: Rules, n: int):
        self.rules, self.n = rules, n

    def start(self, marks: Sequence[Term], virgins: Sequence[Term], dealer: Term, pot: Term,
              gone: Term = 0, back: Term = 0) -> MSt:
        s = MSt()
        s.marks, s.virgin = list(marks), list(virgins)
        s.owed, s.pexp, s.qpos = [False] * self.n, [UNPRICED] * self.n, [0] * self.n
        s.in_deal = [m > 0 for m in marks]
        s.pot, s.gone, s.back, s.dealer = pot, gone, back, dealer
        s.gone_at_deal = gone
        s.winner, s.over, s.no_virgins = NOBODY, False, False
        return s

    def shuffle(self, s: MSt) -> MSt:
        """A deal begins: who holds marks now plays it (K16, D8 'sidder over')."""
        s = s.copy()
        s.in_deal = [m > 0 for m in s.marks]
        s.gone_at_deal = s.gone
        return s

    def change(self, s: MSt, seat: Term, delta: Term) -> MSt:
        """Marks lost (K15, K11-K13, L8) or gained (L4, Z5, Z6): a virgin who loses one is a virgin
        no more (K17); one who gains stays one unless Q8 'not-virgin'."""
        s = s.copy()
        for j in range(self.n):
            here = EQ(seat, j)
            s.marks[j] = ite(here, s.marks[j] + delta, s.marks[j])
            loses = AND(here, delta < 0)
            if self.rules.virgin_after_gain == "not-virgin":
                loses = AND(here, NOT(EQ(delta, 0)))  # Q8: he no longer holds his original marks
            s.virgin[j] = AND(s.virgin[j], NOT(loses))
        return s

    def rank_right_of_dealer(self, s: MSt, seat: int) -> Term:
        """Q1 (McLeod): seat's place counting from the dealer's right (0 = first)."""
        return ite(seat > s.dealer, seat - s.dealer - 1, seat - s.dealer - 1 + self.n)

    def go_out(self, s: MSt, group: Sequence[Term]) -> MSt:
        """K16: the seats flagged in ``group`` go out together (one put out during the deal goes
        out alone); each is priced (K17, Q1, L11) and owed an offer where the rules give one."""
        rules, n = self.rules, self.n
        size = count(group)
        martin = AND(rules.simultaneous_buy_back == "same-price", size > 1)
        before = [count([AND(group[i], self.rank_right_of_dealer(s, i) < self.rank_right_of_dealer(s, j))
                         for i in range(n) if i != j]) for j in range(n)]
        entitled = virgin_in(s) if rules.buy_back == "immediate" else rules.buy_back == "after-deal"
        t = s.copy()
        for j in range(n):
            order = s.gone + before[j]
            if rules.buy_back_price == "by-elimination-order":  # K17, Q1
                price = ite(martin, s.gone, order)
            else:  # L11: fixed when asked, a Martin group's as it goes out
                price = ite(martin, s.back, UNPRICED)
            g = group[j]
            t.marks[j] = ite(g, 0, s.marks[j])
            t.pexp[j] = ite(g, price, s.pexp[j])
            t.qpos[j] = ite(g, order, s.qpos[j])
            t.owed[j] = OR(s.owed[j], AND(g, entitled))
        t.gone = s.gone + size
        return t

    def deal_over(self, s: MSt, group: Sequence[Term]) -> MSt:
        """After the showdown's marks: the players of the deal left without marks (``group``)
        go out together (K16, Q1), unless that is everybody still in (K18, D8, Z11, S6: nobody
        goes out, the match starts again or ends); K17's offers stand only while a virgin
        remains."""
        everybody = AND(*[m <= 0 for m in s.marks])
        t = self.go_out(s, group)
        if self.rules.buy_back == "after-deal":
            t.owed = [AND(o, virgin_in(t)) for o in t.owed]
        restarted = self.all_out(s)
        if self.rules.restart_counts == "continue" and self.rules.all_out in RESTARTS:
            restarted.gone = t.gone  # P4: they all went out in this deal ('im selben Spiel ausscheiden', K18)
        return merge(everybody, restarted, t)

    def all_out(self, s: MSt) -> MSt:
        """K18 / D8 / Z11 / S6: every player still in went out in the same deal."""
        rules, n = self.rules, self.n
        t = s.copy()
        t.owed, t.pexp = [False] * n, [UNPRICED] * n
        if rules.all_out == "joint-winners":  # S6: the players of the deal share the pot
            t.over, t.winner = True, JOINT
            return t
        if rules.all_out == "keep-last-life":  # S6: they keep their last life; the others stay out
            t.marks = [ite(d, 1, m) for d, m in zip(s.in_deal, s.marks)]
            # every player left lost his last mark in this deal: no virgin is left (K17), none comes
            t.no_virgins = True
            if rules.kept_life_eliminations == "not-counted":  # P3: the deal's going out taken back
                t.gone = ite(s.gone_at_deal >= s.back, s.gone_at_deal, s.back)  # never below re-entries
            return self.next_dealer(t)
        t.marks = [rules.initial_marks] * n  # K18 'auch die früher ausgeschiedenen'; D8; Z11
        restart_no_virgins = rules.all_out == "restart-no-virgins"
        t.virgin = [not restart_no_virgins] * n  # K18 'niemand als Jungfrau'; D8, Z11 a new game
        t.no_virgins = restart_no_virgins  # (a ghost: until the next restart)
        if rules.restart_counts == "reset":  # P4: the counts start again with the game (K18 'von vorn')
            t.gone, t.back = 0, 0
        if rules.restart_stake == "new-stake" and rules.all_out != "draw-replay":
            t.pot = s.pot + rules.stake * n  # K1: each pays the stake for his marks again
        return self.next_dealer(t)  # Z11: no new stake, the pot stays (K18, D8: restart_stake = none)

    def first_owed(self, s: MSt) -> Term:
        """The seat asked next: the first of those owed an offer in the order of going out."""
        best: Term = NOBODY
        for j in range(self.n):
            earlier = OR(*[AND(s.owed[i], s.qpos[i] < s.qpos[j]) for i in range(self.n) if i != j])
            best = ite(AND(s.owed[j], NOT(earlier)), j, best)
        return best

    def price_when_asked(self, s: MSt, seat: Term) -> Term:
        """The price's exponent when ``seat`` is asked: fixed on going out (K17, Martin's group),
        or L11's, two to the re-entries so far, fixed now."""
        fixed = s.pexp[0]
        for j in range(1, self.n):
            fixed = ite(EQ(seat, j), s.pexp[j], fixed)
        return ite(EQ(fixed, UNPRICED), s.back, fixed)

    def ask(self, s: MSt) -> MSt:
        seat = self.first_owed(s)
        t = s.copy()
        price = self.price_when_asked(s, seat)
        t.pexp = [ite(EQ(seat, j), price, p) for j, p in enumerate(s.pexp)]
        return t

    def decide(self, s: MSt, buys: Term) -> MSt:
        """K17: the first asked buys back (pays, gets the starting marks, is no virgin) or not."""
        rules, seat = self.rules, self.first_owed(s)
        price = self.price_when_asked(s, seat)
        t = s.copy()
        for j in range(self.n):
            here = EQ(seat, j)
            t.owed[j] = AND(s.owed[j], NOT(here))
            t.marks[j] = ite(AND(here, buys), rules.initial_marks, s.marks[j])
            t.virgin[j] = AND(s.virgin[j], NOT(AND(here, buys)))
            t.pexp[j] = ite(here, UNPRICED, s.pexp[j])
        t.pot = ite(buys, s.pot + rules.stake * pow2(price), s.pot)
        t.back = ite(buys, s.back + 1, s.back)
        return t

    def settle(self, s: MSt) -> MSt:
        """No offer pending after the deal: K3 the last with marks wins the pot, else K2/D2 the
        next dealer."""
        alive = [m > 0 for m in s.marks]
        one = EQ(count(alive), 1)
        t = s.copy()
        t.over = OR(s.over, one)
        last: Term = NOBODY
        for j in range(self.n):
            last = ite(alive[j], j, last)
        t.winner = ite(one, last, s.winner)
        return merge(one, t, self.next_dealer(s))

    def next_dealer(self, s: MSt) -> MSt:
        """K2: the player right of the dealer deals next; D2: the next seat still in."""
        n = self.n
        t = s.copy()
        nxt: Term = s.dealer
        for k in range(n - 1, 0, -1):  # the nearest seat on the right wins: written last
            for d in range(n):
                seat = (d + k) % n
                nxt = ite(AND(EQ(s.dealer, d), s.marks[seat] > 0), seat, nxt)
        t.dealer = nxt
        return t


def offers(s: MSt) -> list[tuple[int, int]]:
    """A concrete state's pending offers, (seat, price in stakes; 0 = fixed when asked) in the
    order they will be asked: to compare with ``State.pending``."""
    owed = sorted((s.qpos[j], j) for j in range(len(s.owed)) if s.owed[j])
    return [(j, 0 if s.pexp[j] == UNPRICED else 2 ** s.pexp[j]) for _, j in owed]


class Follower:
    """The match model kept beside the engine: fed each step's marks lost and gained and its
    buy-back decisions (the deal models check the marks within a deal), it works out who goes
    out and when, the prices, the offers and their order, restarts, the next dealer and the
    winner, to compare with the State's public fields (:func:`differences`)."""

    def __init__(self, state: Any):
        self.model = Match(state.rules, len(state.players))
        self.s = self.model.start(list(state.marks), list(state.virgins), state.dealer, state.pot,
                                  state.eliminations, state.reentries)
        # a match taken up during a deal: the count as that deal began (P3)
        self.s.gone_at_deal = state.eliminations - sum(len(group) for group in state.out_this_deal)
        # offers already pending (a match taken up between a showdown and its buy-backs), in the
        # order they will be asked, the last of them the last to have gone out
        for k, (seat, price) in enumerate(state.pending):
            self.s.owed[seat] = True
            self.s.pexp[seat] = UNPRICED if price == 0 else price.bit_length() - 1
            self.s.qpos[seat] = state.eliminations - len(state.pending) + k
        self.dealing = False  # between a deal's shuffle and its showdown
        self.outs: set[int] = set()  # seats put out during this deal
        self.at_showdown: MSt | None = None  # the last step's state after the showdown's marks

    def follow(self, events: Sequence[Any]) -> None:
        """One engine step's events, in order."""
        m = self.model
        self.at_showdown = None
        for e in events:
            if e.kind == "shuffle":
                self.s, self.dealing, self.outs = m.shuffle(self.s), True, set()
            elif e.kind == "showdown":
                self.dealing = False
            elif e.kind in ("mark-lost", "mark-gained"):
                self._marks(e.seat, -e.amount if e.kind == "mark-lost" else e.amount)
            elif e.kind in ("buy-back", "decline-buy-back"):
                self.s = m.decide(self.s, e.kind == "buy-back")
                self._next_offer_or_settle()
        if any(e.kind == "showdown" for e in events):
            self._after_showdown()
        elif any(self.s.owed) and m.rules.buy_back == "immediate":
            self.s = m.ask(self.s)  # L11: asked at once, the deal waits

    def _marks(self, seat: int, delta: int) -> None:
        before = self.s.marks[seat]
        self.s = self.model.change(self.s, seat, delta)
        if self.dealing and before > 0 >= self.s.marks[seat]:  # K16: out during the deal, alone
            self.outs.add(seat)
            self.s = self.model.go_out(self.s, [j == seat for j in range(self.model.n)])

    def _after_showdown(self) -> None:
        m, s = self.model, self.s
        # K16, Q1: the players of the deal left without marks go out together
        group = [bool(s.in_deal[j]) and s.marks[j] <= 0 and j not in self.outs for j in range(m.n)]
        everybody = all(x <= 0 for x in s.marks)
        self.at_showdown = s.copy()
        self.s = m.deal_over(s, group)
        if not everybody:
            self._next_offer_or_settle()

    def _next_offer_or_settle(self) -> None:
        if any(self.s.owed):
            self.s = self.model.ask(self.s)
        elif not self.dealing:
            self.s = self.model.settle(self.s)


def differences(state: Any, s: MSt) -> list[str]:
    """Where the engine's State and the match model part: pot, marks, virgins, eliminations,
    re-entries, the pending buy-back offers, the dealer, the winner (read by field name)."""
    found = []
    winner = None if s.winner in (NOBODY, JOINT) else s.winner
    over = state.phase == "match-over"
    pairs = (("marks", list(state.marks), list(s.marks)), ("virgins", list(state.virgins), list(s.virgin)),
             ("pot", state.pot, s.pot), ("eliminations", state.eliminations, s.gone),
             ("reentries", state.reentries, s.back), ("pending", list(state.pending), offers(s)),
             ("dealer", state.dealer, s.dealer), ("winner", state.winner, winner), ("over", over, bool(s.over)))
    for name, engine, model in pairs:
        if engine != model:
            found.append(f"{name}: engine {engine}, match model {model}")
    return found
