"""The showdown: who loses and who gains marks, as a pure function of the live cards.

Kept apart from the engine so the adjudicator, the docs and the formal model can
ask "what does this table of cards score?" without playing a deal.

One showdown, two ways of running it.  The rules live in :func:`decide`, written once over
a small set of operations (``ops``): :class:`PlainOps` computes on Python values (the
engine's path, :func:`evaluate`), and :class:`cucu_ref.assurance.formal.z3scoring.Z3Ops` builds z3
terms from the very same code, so the z3 proofs about the showdown are proofs about this
module (``python -m cucu_ref.assurance.formal``, ``tests/formal/test_showdown.py``), not about a copy
of it.  Each operation is a few lines with the same meaning both ways (tested against each
other, ``tests/formal/test_showdown.py``); :func:`evaluate` only turns the decision into
rule-cited marks and notes.  The engine's showdowns without a guarantee or a hint (nearly all)
take :func:`live_marks`, the same stages over seats instead of rows, which returns only the
cited marks: z3 proves it equal to :func:`decide_plain` by running it on symbolic values,
path by path, up to 6 cards (``cucu_ref.assurance.formal.livemarks``), and it is tested equal to
:func:`evaluate` beyond (``tests/equivalence/test_live_marks.py``).

Seats are *positions* ``0 .. m-1`` in :func:`decide`: the live seats in play order, then the
dead hands, then any innkeeper who is neither (his marks still matter, K14).  Ranks are
doubled so that every rank is an integer (the pair of fools' 14½ is 29).
"""

from __future__ import annotations

from itertools import compress
from operator import and_, gt
from typing import Any, Iterable, Mapping, NamedTuple, Optional, Sequence, Union

from .cards import FOOL_VALUE, PACKS, Card
from .rulesets import Rules

__all__ = ["Showdown", "evaluate", "live_marks", "effective_rank", "decide", "decide_plain", "Plain",
           "Decision", "PlainOps", "rank_cards", "Ranked", "without_fools", "find_lowest", "Lowest", "spare_cuckoos",
           "Losers", "without_cuckoos", "pay", "Paid", "without_guarantees", "NULLA_CARDS", "CUCKOO_VALUE", "NO_SEAT"]

CUCKOO_VALUE = 15
# 'zero-or-below' reading of Q12: the cards worth nothing or less (C1), the fool excluded
NULLA_CARDS = {"nulla": frozenset({0}), "zero-or-below": frozenset({0, -1, -2, -3})}
# the cards covered are a run of values, the nulla alone or the nulla and the cards below it (C1)
_NULLA_RUN = {name: (min(cards), max(cards)) for name, cards in NULLA_CARDS.items()}
assert all(set(range(lo, hi + 1)) == NULLA_CARDS[name] for name, (lo, hi) in _NULLA_RUN.items())
NO_SEAT = -1  # no innkeeper, no payer
# the showdown's NamedTuples are built without their Python-level __new__ (twice as fast)
_new = tuple.__new__
# doubled ranks of two fools in play (C3: 14½; L4/Z6: above XV)
PAIR_RANK = {"between-xv-and-xiiii": 29, "above-xv-and-gain": 32}
HIGH = 1000  # above every doubled rank: the lowest of no cards

Term = Any  # a Python value, or a z3 term under Z3Ops


class Showdown(NamedTuple):
    """Marks lost and gained at a showdown, each with the rule that moves it."""

    ranks: tuple[tuple[int, float], ...]  # (seat, effective rank) of every live card, play order
    losers: tuple[tuple[int, str], ...]  # (seat, rule) for each mark lost
    gainers: tuple[tuple[int, str], ...]  # (seat, rule) for each mark gained
    notes: tuple[tuple[str, str], ...]  # (rule, explanation) of each step, for rulings


def effective_rank(rules: Rules, card: Card, fools_in_play: int) -> float:
    """The rank a card is compared at.  A single fool has no rank of its own (C3): it is
    handled apart, so it gets the lowest rank here."""
    if card.is_fool and fools_in_play >= 2:
        return PAIR_RANK[rules.two_fools] / 2
    return float(card.value)


# --------------------------------------------------------------------------- the operations


class PlainOps:
    """The operations :func:`decide` is written in, on plain Python values.  Each has a z3
    twin in :class:`cucu_ref.assurance.formal.z3scoring.Z3Ops`; the two are tested to agree
    (``tests/formal/test_showdown.py``).  Most work on whole rows (one value per position, a
    list never changed once made), so the engine's path makes a few calls per showdown, not a
    few per seat, and each runs in C (``map``, ``compress``, ``list.count``)."""

    @staticmethod
    def ite(c: bool, a: Term, b: Term) -> Term:
        return a if c else b

    @staticmethod
    def AND(*xs: bool) -> bool:
        return all(xs)

    @staticmethod
    def OR(*xs: bool) -> bool:
        return any(xs)

    @staticmethod
    def NOT(x: bool) -> bool:
        return not x

    # rows
    @staticmethod
    def both(a: Sequence[bool], b: Sequence[bool]) -> list[Any]:
        """Position by position, ``a`` and ``b``."""
        return list(map(and_, a, b))

    @staticmethod
    def but(a: Sequence[bool], b: Sequence[bool]) -> list[Any]:
        """Position by position, ``a`` and not ``b`` (for bools, ``a > b``)."""
        return list(map(gt, a, b))

    @staticmethod
    def only_if(c: bool, a: Sequence[bool]) -> Sequence[bool]:
        """Position by position, ``c`` and ``a``."""
        return a if c else [False] * len(a)

    @staticmethod
    def where_else(c: list[Any], a: Term, b: list[Any]) -> list[Any]:
        """Position by position, ``a`` where ``c``, else ``b``."""
        return [a if x else y for x, y in zip(c, b)] if True in c else b

    @staticmethod
    def count(xs: list[Any]) -> int:
        """How many are true."""
        return xs.count(True)

    @staticmethod
    def lowest(values: Sequence[int], mask: Sequence[bool]) -> int:
        """The least value where ``mask`` holds (HIGH where it holds nowhere)."""
        if values and False not in mask:  # every position: min in C, no mask
            return min(values)
        return min(compress(values, mask), default=HIGH)

    @staticmethod
    def first(mask: list[Any]) -> list[Any]:
        """``mask`` with only its first true entry left true."""
        out = [False] * len(mask)
        if True in mask:
            out[mask.index(True)] = True
        return out

    @staticmethod
    def last(mask: list[Any]) -> list[Any]:
        """``mask`` with only its last true entry left true."""
        out = [False] * len(mask)
        if True in mask:
            out[len(mask) - 1 - mask[::-1].index(True)] = True
        return out

    @staticmethod
    def get(values: Sequence[Term], i: int, default: Term) -> Term:
        """``values[i]``, or ``default`` for no position (i < 0)."""
        return values[i] if 0 <= i < len(values) else default

    @staticmethod
    def where(mask: Sequence[bool]) -> list[int]:
        """The positions where ``mask`` can hold (plainly: where it holds).  Lets :func:`decide`
        skip a position every effect of which is conditioned on ``mask`` there."""
        return list(compress(range(len(mask)), mask)) if True in mask else []

    @staticmethod
    def holds_any(values: list[Any], value: int, mask: Optional[list[Any]] = None) -> bool:
        """Can some position (where ``mask``, if given) hold ``value``?  (Plainly: does one.)
        Where none can, :func:`decide` takes a short way whose result z3 proves equal to the
        long way's for every showdown (the 'shortcut' goals of
        :func:`cucu_ref.assurance.formal.showdown.stages`)."""
        return value in values and (mask is None or value in compress(values, mask))

    @staticmethod
    def some_at_least(values: list[Any], bound: int) -> bool:
        """Can some position hold at least ``bound``?  (Plainly: does one.)  As :meth:`holds_any`."""
        return max(values, default=bound - 1) >= bound

    @staticmethod
    def lowest_tied(values: Sequence[int], mask: Sequence[bool]) -> tuple[int, list[Any]]:
        """The least value where ``mask`` holds (HIGH where it holds nowhere), and where it is."""
        if values and False not in mask:  # every position (the commonest showdown): min in C, no mask
            low = min(values)
            return low, [v == low for v in values]
        low = min(compress(values, mask), default=HIGH)
        return low, [m and v == low for v, m in zip(values, mask)]

    @staticmethod
    def possible(mask: list[Any]) -> bool:
        """Can ``mask`` hold anywhere?  (Plainly: does it.)  Where it cannot, :func:`decide`
        takes a short way whose result z3 proves equal to the long way's for every showdown
        (the 'shortcut' goals of :func:`cucu_ref.assurance.formal.showdown.stages`)."""
        return True in mask


class Ranked(NamedTuple):
    fool: list[Any]  # a live fool
    fools: Term  # fools in play (Q4: dead hands too under 'any-hand')
    single: Term  # exactly one fool in play, in a live hand
    exempt: Term  # two fools in play that are not compared (Q10 'exempt')
    rank: list[Any]  # doubled effective rank
    gains: list[Any]  # gains a mark
    compared: list[Any]  # compared for the lowest card (before Q11)


def rank_cards(X: Any, rules: Rules, family: str, vals: Sequence[Term], live: Sequence[Term],
               dead_hand: Sequence[Term], hinted: Sequence[Term]) -> Ranked:
    """The fools (C3, L4, Z6, Z7, Q4, Q10) and the rank each card is compared at."""
    AND, OR = X.AND, X.OR
    if family != "cuccu" or not X.holds_any(vals, FOOL_VALUE):  # no fool in the pack, or in any hand
        return without_fools(X, vals, live)
    is_fool = [v == FOOL_VALUE for v in vals]
    fool = X.both(live, is_fool)
    n_fools = X.count(fool)
    fools = n_fools
    if rules.fools_in_play == "any-hand":  # Q4: a fool in a dead hand counts
        fools = fools + X.count(X.both(dead_hand, is_fool))
    two = fools >= 2
    # C3: two fools rank 14½ (L4, Z6: above XV); a single fool keeps the lowest value of all
    rank = X.where_else(X.only_if(two, fool), PAIR_RANK[rules.two_fools], [2 * v for v in vals])
    gains = X.only_if(AND(two, rules.two_fools == "above-xv-and-gain"), fool)  # L4, Z6
    if rules.fool_hint == "forfeits-gain":  # Z7: a fool holder who hinted gains nothing
        gains = X.but(gains, hinted)
    single = AND(fools == 1, n_fools >= 1)  # C3, K15; L4 'der Narr zahlt und lässt zahlen'
    exempt = AND(two, rules.two_fools_alone == "exempt")  # Q10, Z9
    compared = X.but(live, X.only_if(OR(single, exempt), fool))  # the fools set aside
    return _new(Ranked, (fool, fools, single, exempt, rank, gains, compared))


def without_fools(X: Any, vals: Sequence[Term], live: Sequence[Term]) -> Ranked:
    """:func:`rank_cards` where no hand holds a fool: every card at its own rank, all compared."""
    nothing = [False] * len(vals)
    return _new(Ranked, (nothing, 0, False, False, [2 * v for v in vals], nothing, live))


class Lowest(NamedTuple):
    nobody: Term  # every live card alike: nobody loses (Q11 'nobody-loses')
    compared: list[Any]  # compared, after Q11
    tied: list[Any]  # the lowest of them
    chosen: list[Any]  # those of the lowest that lose (K15 all, L3 the first, R4 the last)


def find_lowest(X: Any, rules: Rules, rank: Sequence[Term], live: Sequence[Term],
                compared: Sequence[Term]) -> Lowest:
    """K15: the lowest compared card loses, all tied lowest (L3: the first, R4: the last);
    F5 (Q11 'nobody-loses'): nobody, when every live card is of the same rank."""
    AND, NOT = X.AND, X.NOT
    nobody: Term = False
    if rules.all_equal == "nobody-loses":  # Q11, F5: 'außer wenn alle ... den gleichen Kartenwert'
        low_all = X.lowest(rank, live)
        nobody = AND(X.count(live) >= 2, X.count(X.but(live, compared)) == 0,
                     X.count(X.but(live, [r == low_all for r in rank])) == 0)
        compared = X.only_if(NOT(nobody), compared)
    tied = X.lowest_tied(rank, compared)[1]
    chosen = X.first(tied) if rules.ties == "first" else X.last(tied) if rules.ties == "last" else tied  # L3, R4
    return _new(Lowest, (nobody, compared, tied, chosen))


class Losers(NamedTuple):
    spared: list[Any]  # would have lost, but holds a cuckoo that never loses (Q3 'never-loses')
    pair: Term  # two cuckoos, the only live cards, lose nothing (K19)
    by_fool: list[Any]  # loses a mark as the single fool (C3/L4)
    by_rank: list[Any]  # loses a mark as (chosen among) the lowest


def spare_cuckoos(X: Any, rules: Rules, family: str, vals: Sequence[Term], live: Sequence[Term],
                  fool: Sequence[Term], single: Term, chosen: Sequence[Term], table: Term) -> Losers:
    """Q3: a cuckoo never loses (D7, Z9), or, where it is compared, K19's two cuckoos."""
    AND, NOT = X.AND, X.NOT
    m = len(vals)
    if family != "cuccu" or not X.holds_any(vals, CUCKOO_VALUE, live):  # no XV in the pack, or live
        return without_cuckoos(X, fool, single, chosen)
    cuckoo = X.both(live, [v == CUCKOO_VALUE for v in vals])
    if rules.cuckoo_at_showdown == "never-loses":  # Q3: D7, Z9 'die Cucus nie verlieren'
        spared = X.both(cuckoo, chosen)  # (a cuckoo is never the fool)
        return _new(Losers, (spared, False, X.only_if(single, fool), X.but(chosen, spared)))
    pair: Term = False
    if rules.cuckoo_pair_exception != "no":
        # K19 (§Endspiel zu zweit): 'Wenn beide einen Kuckuck halten, verliert keiner eine Marke':
        # a rule of the table of two; the reading 'two-live-cards' takes it for any table (D7)
        alone = X.count(live) == 2
        if rules.cuckoo_pair_exception == "yes":
            alone = AND(alone, table == 2)
        pair = AND(alone, X.count(cuckoo) == 2)
    by_fool = X.only_if(AND(single, NOT(pair)), fool)
    return _new(Losers, ([False] * m, pair, by_fool, X.only_if(NOT(pair), chosen)))


def without_cuckoos(X: Any, fool: Sequence[Term], single: Term, chosen: Sequence[Term]) -> Losers:
    """:func:`spare_cuckoos` where no live hand holds a XV: nobody is spared."""
    return _new(Losers, ([False] * len(fool), False, X.only_if(single, fool), chosen))


class Paid(NamedTuple):
    own: list[Any]  # pays his own mark as (chosen among) the lowest
    keeper_pays: list[Any]  # the innkeeper pays this position's mark (K14/L7)
    offerer_pays: list[Any]  # the guaranteed offerer pays after all: his innkeeper has no mark left (Q12)
    unpaid: list[Any]  # nobody pays it (Q12 'nobody')
    payments: list[tuple[Term, Term, str]]  # (condition, payer position, why) in the order the marks are lost


def pay(X: Any, rules: Rules, family: str, vals: Sequence[Term], by_fool: Sequence[Term],
        by_rank: Sequence[Term], keeper: Sequence[Term], marks: Optional[Sequence[Term]]) -> Paid:
    """Who pays each mark lost.  K14/L7: the innkeeper pays instead of an offerer who loses with
    the nulla (Q12: or less; the fool is no nulla, C1).  Nobody pays more marks than he holds:
    each pays his own loss first (K15); then each innkeeper the guarantees he gave, in play
    order, while he has marks left; a guarantee he cannot pay is paid as Q12's
    ``inn_keeper_cannot_pay`` says: by the offerer, if he has a mark left, or by nobody."""
    AND, NOT, ite = X.AND, X.NOT, X.ite
    m = len(vals)
    pos = range(m)
    if family != "cuccu" or not X.some_at_least(keeper, 0):  # no nulla in the pack, or no guarantee
        return without_guarantees(X, by_fool, by_rank)
    has_keeper = [k >= 0 for k in keeper]
    if family == "cuccu":
        low, high = _NULLA_RUN[rules.inn_guarantee_covers]
        nulla = [v == high for v in vals] if low == high else X.both([v <= high for v in vals],
                                                                     [v >= low for v in vals])
        cov = X.both(X.both(has_keeper, by_rank), nulla)
    else:
        cov = [False] * m
    own = X.but(by_rank, cov)
    keeper_pays: list[Any] = [False] * m
    offerer_pays: list[Any] = [False] * m
    unpaid: list[Any] = [False] * m
    guaranteed = X.where(cov)
    if marks is None:
        keeper_pays = list(cov)
    else:
        lost_own = [X.OR(f, o) for f, o in zip(by_fool, own)] if guaranteed else []  # his own loss
        for j in guaranteed:
            k = keeper[j]
            # what he holds after his own loss, less the guarantees of the offerers before this one
            # (he paid each of them while he could, so once he cannot, he cannot for any later)
            held = X.get(marks, k, 0) - ite(X.get(lost_own, k, False), 1, 0)
            earlier = X.count([AND(cov[o], keeper[o] == k) for o in range(j)])
            keeper_pays[j] = AND(cov[j], held - earlier >= 1)
        for j in guaranteed:
            short = AND(cov[j], NOT(keeper_pays[j]))
            if rules.inn_keeper_cannot_pay == "offerer":
                # he holds his marks less what he paid as an innkeeper himself (his own loss was covered)
                left = marks[j] - X.count([AND(keeper_pays[o], keeper[o] == j) for o in pos])
                offerer_pays[j] = AND(short, left >= 1)
                unpaid[j] = AND(short, NOT(left >= 1))
            else:
                unpaid[j] = short
    # in the order the marks are lost (the events' order): the single fool's, then the lowest
    # in play order, an innkeeper's payment in the place of his offerer's
    payments = [(by_fool[j], j, "fool") for j in X.where(by_fool)]
    for j in X.where(by_rank):
        payments += [(own[j], j, "rank"), (keeper_pays[j], keeper[j], "inn"), (offerer_pays[j], j, "q12")]
    return _new(Paid, (own, keeper_pays, offerer_pays, unpaid, payments))


def without_guarantees(X: Any, by_fool: Sequence[Term], by_rank: Sequence[Term]) -> Paid:
    """:func:`pay` where nobody holds an innkeeper's guarantee: each loser pays his own mark."""
    nothing = [False] * len(by_rank)
    payments = [(by_rank[j], j, "rank") for j in X.where(by_rank)]
    if X.possible(by_fool):
        payments = [(by_fool[j], j, "fool") for j in X.where(by_fool)] + payments
    return _new(Paid, (by_rank, nothing, nothing, nothing, payments))


class Decision(NamedTuple):
    """What :func:`decide` finds: each stage's result, and its rows and quantities by name."""

    ranked: "Ranked"
    lowest: "Lowest"
    losers: "Losers"
    paid: "Paid"

    @property
    def rank(self) -> list[Any]:
        """Doubled effective rank of each position's card."""
        return self.ranked.rank

    @property
    def fool(self) -> list[Any]:
        """A live fool."""
        return self.ranked.fool

    @property
    def fools(self) -> Term:
        """Fools in play (Q4: dead hands too under 'any-hand')."""
        return self.ranked.fools

    @property
    def single(self) -> Term:
        """One fool in play, in a live hand: he loses (C3, L4)."""
        return self.ranked.single

    @property
    def exempt(self) -> Term:
        """Two fools in play are not compared (Q10 'exempt')."""
        return self.ranked.exempt

    @property
    def gains(self) -> list[Any]:
        """Gains a mark: a fool of the pair (L4, Z6), unless hinted."""
        return self.ranked.gains

    @property
    def nobody(self) -> Term:
        """Every live card alike: nobody loses (Q11)."""
        return self.lowest.nobody

    @property
    def compared(self) -> list[Any]:
        """Compared for the lowest card (K15)."""
        return self.lowest.compared

    @property
    def tied(self) -> list[Any]:
        """Among them, the lowest."""
        return self.lowest.tied

    @property
    def chosen(self) -> list[Any]:
        """Those that lose (K15 all, L3 first, R4 last)."""
        return self.lowest.chosen

    @property
    def spared(self) -> list[Any]:
        """Would lose, but a cuckoo never loses (Q3)."""
        return self.losers.spared

    @property
    def pair(self) -> Term:
        """Two cuckoos, the only live cards, lose nothing (K19)."""
        return self.losers.pair

    @property
    def by_fool(self) -> list[Any]:
        """Loses a mark as the single fool (C3/L4)."""
        return self.losers.by_fool

    @property
    def by_rank(self) -> list[Any]:
        """Loses a mark as (chosen among) the lowest."""
        return self.losers.by_rank

    @property
    def keeper_pays(self) -> list[Any]:
        """The innkeeper pays it (K14/L7)."""
        return self.paid.keeper_pays

    @property
    def offerer_pays(self) -> list[Any]:
        """The offerer pays after all (Q12)."""
        return self.paid.offerer_pays

    @property
    def unpaid(self) -> list[Any]:
        """Nobody pays it (Q12 'nobody')."""
        return self.paid.unpaid

    @property
    def payments(self) -> list[tuple[Term, Term, str]]:
        """(condition, payer, why), in the order lost."""
        return self.paid.payments


def decide(X: Any, rules: Rules, family: str, vals: Sequence[Term], live: Sequence[Term],
           dead_hand: Sequence[Term], hinted: Sequence[Term], keeper: Sequence[Term],
           marks: Optional[Sequence[Term]], table: Term) -> Decision:
    """The showdown's rules over positions ``0 .. m-1`` (the live seats in play order first),
    in four stages: :func:`rank_cards`, :func:`find_lowest`, :func:`spare_cuckoos`, :func:`pay`.

    ``vals``: card value per position (anything for a position without a card);
    ``live``: the card is compared (not dead, K15); ``dead_hand``: a dead hand holding a card
    (only its fool can matter, Q4); ``hinted``: the fool holder hinted (Z7); ``keeper``: the
    position of the innkeeper who guaranteed this offerer (K14/L7), or ``NO_SEAT``;
    ``marks``: marks held as the cards are shown, or None for no limit; ``table``: players in
    this deal (K19's "zu zweit").  ``X`` is :class:`PlainOps` or its z3 twin."""
    r = rank_cards(X, rules, family, vals, live, dead_hand, hinted)
    low = find_lowest(X, rules, r.rank, live, r.compared)
    los = spare_cuckoos(X, rules, family, vals, live, r.fool, r.single, low.chosen, table)
    return _new(Decision, (r, low, los, pay(X, rules, family, vals, los.by_fool, los.by_rank, keeper, marks)))


class Plain(NamedTuple):
    """What :func:`decide_plain` finds, per position."""

    by_fool: list[Any]  # loses (and pays) a mark as the single fool (C3/L4)
    by_rank: list[Any]  # loses (and pays) a mark as (chosen among) the lowest
    gains: list[Any]  # gains a mark: a fool of the pair (L4, Z6), unless hinted
    rank: list[Any]  # doubled effective rank


def decide_plain(X: Any, rules: Rules, family: str, vals: Sequence[Term], live: Sequence[Term],
                 dead_hand: Sequence[Term], hinted: Sequence[Term], table: Term) -> Plain:
    """:func:`decide` for the engine's usual showdown, where nobody holds an innkeeper's
    guarantee: the same first three stages, and then each loser pays his own mark (K14 has
    nothing to do, nor has the limit of his marks: a live player holds one, K16), so
    :func:`pay` and the :class:`Decision` are skipped.  z3 proves it equal to the long way,
    marks lost and gained by each seat, for every such showdown at every size (the 'plain'
    stage of :func:`cucu_ref.assurance.formal.showdown.stages`)."""
    r = rank_cards(X, rules, family, vals, live, dead_hand, hinted)
    chosen = find_lowest(X, rules, r.rank, live, r.compared).chosen
    los = spare_cuckoos(X, rules, family, vals, live, r.fool, r.single, chosen, table)
    return _new(Plain, (los.by_fool, los.by_rank, r.gains, r.rank))


def _read(*options: str) -> None:
    """Options a short way reads though they change nothing in its case: the adjudicator's
    ``Recorder`` notes the options a showdown reads, so a short way reads what the long way
    reads (and the re-runs under other readings stay the same)."""


# --------------------------------------------------------------------------- the engine's path


def evaluate(
    rules: Rules,
    live: Sequence[tuple[int, Card]],
    dead: Sequence[tuple[int, Card]] = (),
    guarantees: Sequence[tuple[int, int]] = (),
    hinted: Sequence[int] = (),
    explain: bool = True,
    marks: Union[Sequence[int], Mapping[int, int], None] = None,
    table: Optional[int] = None,
) -> Showdown:
    """Score the live cards ``live`` ((seat, card) in play order, the dealer last).

    ``dead`` holds the dead hands (only their fools can matter, Q4);
    ``guarantees`` the accepted inn bargains (offerer, innkeeper), K14/L7;
    ``hinted`` the fool holders who forfeited a gain (Z7);
    ``explain=False`` skips writing the notes (the engine's hot path needs only the marks);
    ``marks`` the marks each seat holds as the cards are shown (indexed by seat): nobody pays
    more than he holds, and an innkeeper with no mark left is covered by Q12's
    ``inn_keeper_cannot_pay``; without it, marks are not limited;
    ``table`` the players dealt in this deal (K19 holds for a table of two), by default the
    live and dead hands given.
    """
    family = PACKS[rules.pack].family
    seats = [s for s, _ in live]
    vals = [c[1] for _, c in live]  # the card's value
    n_live = m = len(seats)
    if not (explain or guarantees):
        # the engine's usual showdown, with no guarantee: decide_plain (proved equal to decide)
        if dead:
            seats += [s for s, _ in dead]
            vals += [c[1] for _, c in dead]
            m = len(seats)
            live_flags, dead_flags = [True] * n_live + [False] * (m - n_live), [False] * n_live + [True] * (m - n_live)
        else:
            live_flags, dead_flags = [True] * m, [False] * m
        table = m if table is None else table
        p = decide_plain(PlainOps, rules, family, vals, live_flags, dead_flags,
                         [s in hinted for s in seats] if hinted else dead_flags, table)
        return _plain_showdown(rules, seats[:n_live], table, p)
    if not dead and not guarantees:  # (the engine's usual showdown: only the inputs are built faster)
        nothing = [False] * m
        live_flags, dead_flags, keeper = [True] * m, nothing, [NO_SEAT] * m
        hint_flags = [s in hinted for s in seats] if hinted else nothing
        held = None
    else:
        if dead:
            seats += [s for s, _ in dead]
            vals += [c[1] for _, c in dead]
            m = len(seats)
        keeper = [NO_SEAT] * m
        if guarantees:
            index = {s: j for j, s in enumerate(seats)}
            for offerer, k in guarantees:
                if k not in index:  # an innkeeper with no hand here: only his marks matter
                    index[k] = len(seats)
                    seats.append(k)
                    vals.append(0)
                    keeper.append(NO_SEAT)
                if offerer in index and index[offerer] < n_live and keeper[index[offerer]] == NO_SEAT:
                    keeper[index[offerer]] = index[k]
            m = len(seats)
        live_flags = [True] * n_live + [False] * (m - n_live)
        dead_flags = [False] * n_live + [True] * len(dead) + [False] * (m - n_live - len(dead))
        hint_flags = [s in hinted for s in seats] if hinted else [False] * m
        # marks are read only for a guarantee (pay): without one, none need looking up
        held = None if marks is None or not guarantees else [marks[s] for s in seats]
    table = len(live) + len(dead) if table is None else table
    d = decide(PlainOps, rules, family, vals, live_flags, dead_flags, hint_flags, keeper, held, table)
    ranked = d.ranked
    rank_rule = (_two_left(rules) if n_live == 2 and table == 2 and ranked.rank[0] == ranked.rank[1]
                 else rules.showdown_rule)
    paid = tuple([(seats[p], _cite(rules, why, rank_rule)) for c, p, why in d.paid.payments if c])
    gainers = (tuple([(seats[j], rules.cites("two-fools")) for j in range(n_live) if ranked.gains[j]])
               if True in ranked.gains else ())
    rank = ranked.rank if m == n_live else ranked.rank[:n_live]
    ranks = tuple(zip(seats, map(_HALF, rank)))  # the ranks are doubled (14½ is 29); halving is exact
    notes = _notes(rules, d, seats, n_live, hint_flags, keeper, rank_rule) if explain else ()
    return Showdown(ranks, paid, gainers, notes)


_HALF = (0.5).__mul__


def _plain_showdown(rules: Rules, seats: Sequence[int], table: Term, p: Plain) -> Showdown:
    """The marks of :func:`decide_plain` for the live ``seats`` (the
    first positions), cited (:func:`_cited`); the ranks halved back (14½ is 29)."""
    # (``compress`` and ``zip`` stop at the last live seat: a dead hand's position follows it)
    lost, gained = _cited(rules, len(seats) == 2 and table == 2 and p.rank[0] == p.rank[1],
                          list(compress(seats, p.by_fool)) if True in p.by_fool else (),
                          compress(seats, p.by_rank),
                          list(compress(seats, p.gains)) if True in p.gains else ())
    return _new(Showdown, (tuple(zip(seats, map(_HALF, p.rank))), tuple(lost), tuple(gained), ()))


def _cited(rules: Rules, two_alike: bool, by_fool: Sequence[int], by_rank: Iterable[int],
           gains: Sequence[int]) -> tuple[list[tuple[int, str]], Sequence[tuple[int, str]]]:
    """The marks lost and gained at a showdown, each with its rule: the single fool's mark
    (``by_fool``) first, then the lowest (``by_rank``) in play order, as the long way's
    payments; the marks gained (``gains``).  ``two_alike``: two players left, at a table of
    two, with cards of one rank (:func:`_two_left`)."""
    rule = _two_left(rules) if two_alike else rules.citation_of["showdown"]  # (Rules.showdown_rule)
    lost = [(seat, rule) for seat in by_rank]
    if by_fool:
        lost = [(seat, rules.fool_rule) for seat in by_fool] + lost
    gained = [(seat, rules.cites("two-fools")) for seat in gains] if gains else ()
    return lost, gained


def live_marks(rules: Rules, seats: Sequence[int], vals: list[int], table: int,
               dead: Sequence[int] = ()) -> tuple[list[tuple[int, str]], Sequence[tuple[int, str]]]:
    """The engine's showdown where nobody hinted and nobody holds a guarantee: the marks lost
    and gained, each with its rule, as ``evaluate(rules, live, dead, explain=False,
    table=table)`` finds them (its ``losers`` and ``gainers``, as lists), without the ranks and
    the rows the engine does not read.  ``seats``: the live seats in play order; ``vals``: the
    value of each one's card; ``table``: the players dealt (K19); ``dead``: the values of the
    cards in dead hands (only a fool there can matter, Q4).

    :func:`decide_plain`'s three stages for this case over the seats instead of rows of flags,
    reading the options they read in their order and in the same cases (the adjudicator's
    ``Recorder`` notes which a showdown reads); the cards compared on their values, doubled
    only where a fool is in play (the pair's 14½ is 29).

    **Proved** equal to :func:`decide_plain` (itself proved equal to :func:`decide` at every
    size), cited as :func:`evaluate` cites it, the options read in order included, on every
    showdown of up to 6 cards (``python -m cucu_ref.assurance.formal --profile long``; the ci profile to
    3), every split of live cards and dead hands, any table: z3 runs this very function on
    symbolic values, path by path (``cucu_ref.assurance.formal.livemarks``; its paths grow about
    threefold a card, so larger showdowns are not run).  Beyond that, tested equal to
    :func:`evaluate` (``tests/equivalence/test_live_marks.py``: up to 22 cards) and compared
    at every showdown of the engine's equivalence run with the long way."""
    n = len(vals)
    cuccu = PACKS[rules.pack].family == "cuccu"
    rank = vals  # compared as they are: doubled (2 * v) only where a fool is in play
    xv_rank = CUCKOO_VALUE
    fools: list[int] = []  # the seats of the live fools (C3)
    single = gain = aside = False
    if cuccu and (FOOL_VALUE in vals or FOOL_VALUE in dead):
        # C3: two fools rank 14½ (L4, Z6: above XV, and gain); a single fool loses and is not compared
        fools = [seat for seat, v in zip(seats, vals) if v == FOOL_VALUE]
        in_play = len(fools)
        if rules.fools_in_play == "any-hand":  # Q4: a fool in a dead hand counts
            in_play += dead.count(FOOL_VALUE)
        two = in_play >= 2
        pair_rank = PAIR_RANK[rules.two_fools]
        rank = [pair_rank if two and v == FOOL_VALUE else 2 * v for v in vals]
        xv_rank = 2 * CUCKOO_VALUE
        gain = two and rules.two_fools == "above-xv-and-gain"  # L4, Z6
        _read(rules.fool_hint)  # Z7: a holder who hinted would forfeit his gain; nobody hinted
        single = in_play == 1  # C3, K15; L4 'der Narr zahlt und lässt zahlen' (if his is live)
        exempt = rules.two_fools_alone == "exempt" and two  # Q10, Z9 (read whatever the count)
        aside = (single or exempt) and fools != []  # the live fools are not compared
    # K15: the lowest compared card loses; Q11/F5: nobody when every live card is of one rank
    nobody = rules.all_equal == "nobody-loses" and n >= 2 and not aside and rank.count(rank[0]) == n
    ties = rules.ties
    chosen: list[int] = []  # the seats that lose by rank
    low = HIGH
    if not nobody:
        if aside:
            compared = [r for r, v in zip(rank, vals) if v != FOOL_VALUE]
            low = min(compared) if compared else HIGH
            chosen = [seat for seat, r, v in zip(seats, rank, vals) if r == low and v != FOOL_VALUE]
        else:
            low = min(rank, default=HIGH)  # (a showdown of dead hands only: nobody is compared)
            chosen = [seat for seat, r in zip(seats, rank) if r == low]
        if ties == "first":  # L3
            chosen = chosen[:1]
        elif ties == "last":  # R4
            chosen = chosen[-1:]
    by_fool = fools if single else []
    if cuccu and CUCKOO_VALUE in vals:
        if rules.cuckoo_at_showdown == "never-loses":  # Q3: D7, Z9 'die Cucus nie verlieren'
            if low == xv_rank:  # (only a XV ranks as a XV: the lowest chosen all hold one)
                chosen = []
        elif rules.cuckoo_pair_exception != "no":
            # K19: two cuckoos, the only cards (at a table of two, 'yes'; at any, 'two-live-cards'), lose nothing
            alone = n == 2 and (rules.cuckoo_pair_exception != "yes" or table == 2)
            if alone and vals.count(CUCKOO_VALUE) == 2:
                by_fool = chosen = []
    return _cited(rules, n == 2 and table == 2 and rank[0] == rank[1], by_fool, chosen, fools if gain else ())


def _two_left(rules: Rules) -> str:
    """The rule for two players left with cards of one rank, where the ruleset's source has one
    (Lu Stù, L6: 'Sollten am Ende zwei Spieler übrig bleiben und beide haben die gleiche Karte,
    dann verliert der Nichtgeber ... auch wenn es sich um Kuckucke handeln sollte'; two fools
    alike), else its showdown rule (``Rules.citation_of`` works that out)."""
    return rules.citation_of["two-left"]


def _cite(rules: Rules, why: str, rank_rule: str) -> str:
    """The rule a payment of :func:`pay` cites (``rank_rule`` for a loss by rank)."""
    if why == "rank":
        return rank_rule
    return rules.fool_rule if why == "fool" else rules.cites("inn") if why == "inn" else "Q12"


def _notes(rules: Rules, d: Decision, seats: list[int], n_live: int, hinted: list[Any],
           keeper: list[Any], rank_rule: str) -> tuple[tuple[str, str], ...]:
    """Each step of the decision, with its rule, for a ruling."""
    notes: list[tuple[str, str]] = []
    live = range(n_live)
    # each stage's rows read once (Decision's names are properties)
    ranked, lowest, losers, paid = d
    fool = ranked.fool
    fools = [j for j in live if fool[j]]
    if ranked.fools >= 2:
        two_fools = rules.cites("two-fools")
        if rules.two_fools == "above-xv-and-gain":
            for j in fools:
                if hinted[j] and rules.fool_hint == "forfeits-gain":
                    notes.append(("Z7", f"seat {seats[j]} hinted at his fool and gains nothing"))
            notes.append((two_fools, "both fools are in play: they rank above XV and each holder gains a mark"))
        else:
            notes.append((two_fools, "both fools are in play: they rank 14½, between XV and XIIII"))
    if ranked.single:
        notes.append((rules.fool_rule, f"a single fool is in play: seat {seats[fools[0]]} holding it loses"))
    elif ranked.exempt and fools:
        notes.append(("Z9", "with two fools in play the fools never lose (Q10 'exempt')"))
    if lowest.nobody:
        notes.append(("F5", "every live card is of the same rank: nobody loses (Q11 'nobody-loses')"))
    is_tied, is_chosen = lowest.tied, lowest.chosen
    tied = [j for j in live if is_tied[j]]
    chosen = [j for j in live if is_chosen[j]]
    if tied:
        if len(chosen) < len(tied) and rank_rule != rules.showdown_rule:
            notes.append((rank_rule, f"two players left with cards of one rank: only seat {seats[chosen[0]]} "
                                     f"loses ({rules.ties} in play order)"))
        elif len(chosen) < len(tied):
            notes.append(({"first": "L3", "last": "R4"}[rules.ties],
                          f"{len(tied)} cards tie lowest; only seat {seats[chosen[0]]} loses "
                          f"({rules.ties} in play order)"))
        else:
            notes.append((rank_rule,
                          f"lowest card: seat(s) {', '.join(str(seats[j]) for j in chosen)} lose a mark"))
    is_spared = losers.spared
    spared = [str(seats[j]) for j in live if is_spared[j]]
    if spared:
        # Q3 where the ruleset's source leaves it open; Zeh's Z8 decides two players with one fool
        spared_rule = rules.cites("cuckoo-spared-two" if n_live == 2 and ranked.single else "cuckoo-spared")
        notes.append((spared_rule, f"a cuckoo never loses: seat(s) {', '.join(spared)} spared"))
    if losers.pair:
        notes.append(("K19", "both hold a cuckoo: neither loses"))
    keeper_pays, offerer_pays, unpaid = paid.keeper_pays, paid.offerer_pays, paid.unpaid
    if any(keeper_pays[:n_live]) or any(offerer_pays[:n_live]) or any(unpaid[:n_live]):
        inn = rules.cites("inn")
        for j in live:
            if keeper_pays[j]:
                notes.append((inn, f"seat {seats[j]} loses with the nulla: innkeeper seat {seats[keeper[j]]} pays "
                                   "instead"))
            elif offerer_pays[j]:
                notes.append(("Q12", f"seat {seats[j]} loses with the nulla, but his innkeeper has no mark left: "
                                     "he pays it himself (Q12 'offerer')"))
            elif unpaid[j]:
                notes.append(("Q12", f"seat {seats[j]} loses with the nulla and his innkeeper has no mark left: "
                                     "nobody pays it (Q12 'nobody')"))
    return tuple(notes)
