"""The showdown: who loses and who gains marks, as a pure function of the live cards.

Kept apart from the engine so the adjudicator, the docs and the formal model can
ask "what does this table of cards score?" without playing a deal.

The showdown is stated once, in :func:`decide`, in four stages, each one function citing its
rules: :func:`rank_cards` (the fools: C3, L4, Z6, Z7, Z9, Q4, Q10), :func:`find_lowest` (K15,
L3, R4, F5/Q11), :func:`spare_cuckoos` (K19, Q3, D7, Z9) and :func:`pay` (K14, L7, K16, Q12);
L6's two players left alike is a citation of :func:`evaluate`'s (the marks are K15's or L3's).
Its data is shaped for the commonest showdown: the *positions* ``0 .. m-1`` are the live seats
in play order, then the dead hands, then any innkeeper who holds neither (his marks still
matter, K14); a stage returns the positions it picks (who is lowest, who loses, who pays), not a
row of flags, so a showdown where nobody holds
a fool, a XV or a guarantee costs a ``min`` and a few membership tests.  Ranks are doubled so
that every rank is an integer (the pair of fools' 14½ is 29).

The engine calls :func:`live_marks` (marks only) or :func:`evaluate` (the ranks, the marks
with their rules, and the notes of a ruling); both are :func:`decide`, cited.  The adjudicator
runs :func:`evaluate` on stand-in values (``cucu_ref.services.adjudication.symbolic``): a
card's value is only compared, with another's or with a value the rules name, or doubled;
never hashed, never added to.  The formal model does not share this code: it scores by the
seeds' showdown written apart (:mod:`cucu_ref.assurance.formal.z3scoring`), and z3 runs
:func:`decide` itself on symbolic values, path by path, to prove the two equal
(``cucu_ref.assurance.formal.livemarks``).

The options a showdown reads are read through the ruleset's fields, and only where they can
change its result (the adjudicator's ``Recorder``, ``cucu_ref.services.adjudication.replay``,
re-runs a position under each reading of the options read): Z7's ``fool_hint`` only where a
fool holder hinted, Q12's only where a guarantee covers a loss.
"""

from __future__ import annotations

from itertools import repeat
from typing import Any, Mapping, NamedTuple, Optional, Sequence, Union

from .cards import FOOL_VALUE, PACKS, Card
from .rulesets import Rules

__all__ = ["Showdown", "evaluate", "live_marks", "effective_rank", "decide", "Decision", "rank_cards", "Ranked",
           "ranked_values", "find_lowest", "Lowest", "spare_cuckoos", "Losers", "pay", "Paid", "NULLA_CARDS",
           "CUCKOO_VALUE", "NO_SEAT", "PAIR_RANK", "HIGH", "TIE_RULES"]

CUCKOO_VALUE = 15  # C1: the cuckoo, XV
# K14 'pagherai se null?': the nulla; Q12 'zero-or-below': the cards worth nothing or less (C1),
# the fool excluded
NULLA_CARDS = {"nulla": frozenset({0}), "zero-or-below": frozenset({0, -1, -2, -3})}
# the cards covered are a run of values, the nulla alone or the nulla and the cards below it (C1):
# a card is tested by comparing (a stand-in value is never hashed)
_NULLA_RUN = {name: (min(cards), max(cards)) for name, cards in NULLA_CARDS.items()}
assert all(set(range(lo, hi + 1)) == NULLA_CARDS[name] for name, (lo, hi) in _NULLA_RUN.items())
NO_SEAT = -1  # no innkeeper, no payer
# doubled ranks of two fools in play (C3: 14½; L4/Z6: above XV)
PAIR_RANK = {"between-xv-and-xiiii": 29, "above-xv-and-gain": 32}
HIGH = 1000  # above every doubled rank: the lowest of no cards
_NONE: tuple[int, ...] = ()
# the showdown's NamedTuples are built without their Python-level __new__ (twice as fast)
_new = tuple.__new__
_RANK = repeat("rank")  # a payment's reason, paired with each loser by rank


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


# --------------------------------------------------------------------------- the four stages


class Ranked(NamedTuple):
    fools: Sequence[int]  # the live positions holding a fool
    in_play: int  # fools in play (Q4: dead hands too under 'any-hand')
    single: bool  # exactly one fool in play, in a live hand: he loses (C3)
    exempt: bool  # two fools in play that are not compared (Q10 'exempt')
    rank: Optional[Sequence[Any]]  # effective rank, per position: doubled where a fool is in a hand (14½
    # is 29); None where no hand holds a fool: the values are compared as they are (:func:`ranked_values`)
    gains: Sequence[int]  # the positions that gain a mark (L4, Z6; Z7)
    aside: bool  # the live fools are set aside, not compared (single or exempt)
    doubled: bool  # the ranks are doubled


def rank_cards(rules: Rules, cuccu: bool, vals: Sequence[Any], n_live: int, n_dead: int,
               hinted: Sequence[int]) -> Ranked:
    """The fools (C3, L4, Z6, Z7, Q4, Q10) and the rank each card is compared at: its value, or,
    where two fools in play rank in a live hand, its value doubled and the pair of fools' rank
    (14½ is 29)."""
    if not cuccu or FOOL_VALUE not in vals:  # no fool in the pack, or in any hand: the values compared
        return _NO_FOOL
    is_fool = [v == FOOL_VALUE for v in vals]
    fools = [j for j in range(n_live) if is_fool[j]]
    in_play = len(fools)
    dead_fools = len([x for x in is_fool[n_live:n_live + n_dead] if x]) if n_dead else 0
    # Q4: a fool in a dead hand counts (the option read only where a dead hand holds one: the
    # adjudicator re-runs an option read, replay.Recorder)
    if dead_fools and rules.fools_in_play == "any-hand":
        in_play += dead_fools
    two = in_play >= 2
    rank: Sequence[Any] = vals  # (a single fool, set aside, keeps the lowest value: the values compared)
    if two and fools:  # C3: two fools rank 14½ (L4, Z6: above XV); a single fool keeps the lowest value
        pair = PAIR_RANK[rules.two_fools]
        rank = [2 * v for v in vals]
        for j in fools:
            rank[j] = pair
    gains: Sequence[int] = _NONE
    if two and fools and rules.two_fools == "above-xv-and-gain":  # L4, Z6: each holder gains a mark
        gains = fools
        if hinted and rules.fool_hint == "forfeits-gain":  # Z7: a holder who hinted gains nothing
            gains = [j for j in fools if j not in hinted]
    single = in_play == 1 and bool(fools)  # C3, K15; L4 'der Narr zahlt und lässt zahlen'
    exempt = two and rules.two_fools_alone == "exempt"  # Q10, Z9
    return _new(Ranked, (fools, in_play, single, exempt, rank, gains, (single or exempt) and bool(fools),
                         rank is not vals))


_NO_FOOL = _new(Ranked, (_NONE, 0, False, False, None, _NONE, False, False))  # no hand holds a fool


def ranked_values(r: Ranked, vals: Sequence[Any]) -> Sequence[Any]:
    """The rank each position's card is compared at (``r.rank``, or where no hand holds a fool,
    the values themselves)."""
    return vals if r.rank is None else r.rank


class Lowest(NamedTuple):
    nobody: bool  # every live card alike: nobody loses (Q11 'nobody-loses')
    tied: Sequence[int]  # the lowest compared positions
    chosen: Sequence[int]  # those of the lowest that lose (K15 all, L3 the first, R4 the last)


def find_lowest(rules: Rules, rank: Sequence[Any], n_live: int, r: Ranked) -> Lowest:
    """K15: the lowest compared card loses, all tied lowest (L3: the first, R4: the last);
    F5 (Q11 'nobody-loses'): nobody, when every live card is of the same rank."""
    live = rank[:n_live] if n_live < len(rank) else rank
    if r.aside:  # the fools set aside
        compared, ranked = list(range(n_live)), list(live)
        for j in reversed(r.fools):  # (the live fools' positions, ascending: each taken out in C)
            del compared[j], ranked[j]
        low = min(ranked) if compared else HIGH
        if ranked.count(low) == 1:  # one lowest card (as below)
            return _ONE_LOWEST[compared[ranked.index(low)]]
        tied = [j for j, x in zip(compared, ranked) if x == low]
    elif live:
        low = min(live)
        # (one lowest card, the commonest, found in C; the same questions asked of each card).  He
        # loses under every reading of the ties (L3, R4) and of Q11 (a second card is not alike):
        # neither is read, and the stage is one built once for his position
        if live.count(low) == 1:
            return _ONE_LOWEST[live.index(low)]
        tied = [j for j, x in enumerate(live) if x == low]
        # Q11, F5: 'außer wenn alle ... den gleichen Kartenwert': every live card tied lowest (the
        # option read only there, where its readings differ: the adjudicator re-runs an option read)
        if n_live >= 2 and len(tied) == n_live and rules.all_equal == "nobody-loses":
            return _NOBODY
    else:  # a showdown of dead hands only: nobody is compared
        tied = []
    ties = rules.ties
    chosen = tied[:1] if ties == "first" else tied[-1:] if ties == "last" else tied  # L3, R4
    return _new(Lowest, (False, tied, chosen))


class Losers(NamedTuple):
    spared: Sequence[int]  # would have lost, but holds a cuckoo that never loses (Q3 'never-loses')
    pair: bool  # two cuckoos, the only live cards, lose nothing (K19)
    by_fool: Sequence[int]  # lose a mark as the single fool (C3/L4)
    by_rank: Sequence[int]  # lose a mark as (chosen among) the lowest


def spare_cuckoos(rules: Rules, cuccu: bool, vals: Sequence[Any], n_live: int, r: Ranked, chosen: Sequence[int],
                  table: Any) -> Losers:
    """Q3: a cuckoo never loses (D7, Z9), or, where it is compared, K19's two cuckoos."""
    by_fool = r.fools if r.single else _NONE
    if cuccu and CUCKOO_VALUE in (vals if len(vals) == n_live else vals[:n_live]):  # a XV in the pack, and live
        cuckoo = [v == CUCKOO_VALUE for v in vals]  # (every position asked, in order: the stand-in values' splits)
        # Q3's readings differ only where a live XV is among the lowest, or K19's two XVs are all
        # that is live: the options are read only there (the adjudicator re-runs an option read,
        # replay.Recorder)
        if any(cuckoo[j] for j in chosen) or (n_live == 2 and cuckoo[0] and cuckoo[1]):
            if rules.cuckoo_at_showdown == "never-loses":  # Q3: D7, Z9 'die Cucus nie verlieren'
                spared = [j for j in chosen if cuckoo[j]]  # (a cuckoo is never the fool)
                return _new(Losers, (spared, False, by_fool,
                                     [j for j in chosen if not cuckoo[j]] if spared else chosen))
            if rules.cuckoo_pair_exception != "no":
                # K19 (§Endspiel zu zweit): 'Wenn beide einen Kuckuck halten, verliert keiner eine
                # Marke': a rule of the table of two; the reading 'two-live-cards' takes it for any
                # table (D7)
                alone = n_live == 2 and (rules.cuckoo_pair_exception != "yes" or table == 2)
                if alone and cuckoo[0] and cuckoo[1]:
                    return _new(Losers, (_NONE, True, _NONE, _NONE))
    # no cuckoo spared: the single fool and the lowest chosen lose (one lowest alone: the stage
    # built once for his position)
    if not by_fool and len(chosen) == 1 and chosen[0] < _POSITIONS:
        return _ONE_LOSER[chosen[0]]
    return _new(Losers, (_NONE, False, by_fool, chosen))


class Paid(NamedTuple):
    keeper_pays: Sequence[int]  # the offerers whose mark their innkeeper pays (K14/L7)
    offerer_pays: Sequence[int]  # the guaranteed offerers who pay after all: the innkeeper has no mark left (Q12)
    unpaid: Sequence[int]  # the guaranteed offerers whose mark nobody pays (Q12 'nobody')
    payments: Sequence[tuple[int, str]]  # (payer position, why) in the order the marks are lost


def pay(rules: Rules, cuccu: bool, vals: Sequence[Any], by_fool: Sequence[int], by_rank: Sequence[int],
        keeper: Optional[Sequence[int]], marks: Optional[Sequence[int]]) -> Paid:
    """Who pays each mark lost, in the order lost: the single fool's, then the lowest in play
    order.  K14/L7: the innkeeper pays instead of an offerer who loses with the nulla (Q12: or
    less; the fool is no nulla, C1).  Nobody pays more marks than he holds (K16): each pays his
    own loss first (K15); then each innkeeper the guarantees he gave, in play order, while he
    has marks left; a guarantee he cannot pay is paid as Q12's ``inn_keeper_cannot_pay`` says:
    by the offerer, if he has a mark left, or by nobody.  Without ``marks``, no limit."""
    if keeper is None or not cuccu or max(keeper) < 0:  # no guarantee: each pays his own (K15)
        if not by_fool and len(by_rank) == 1 and by_rank[0] < _POSITIONS:  # (one loser: built once)
            return _ONE_PAID[by_rank[0]]
        payments = list(zip(by_rank, _RANK))  # ((j, "rank") each, built in C)
        return _new(Paid, (_NONE, _NONE, _NONE, [(j, "fool") for j in by_fool] + payments if by_fool else payments))
    low, high = _NULLA_RUN[rules.inn_guarantee_covers]
    # (every position asked, in order: the stand-in values' splits)
    if low == high:
        nulla = [v == high for v in vals]
    else:
        nulla = [a and b for a, b in zip([v <= high for v in vals], [v >= low for v in vals])]
    covered = [j for j in by_rank if keeper[j] != NO_SEAT and nulla[j]]
    if not covered:
        return _new(Paid, (_NONE, _NONE, _NONE, [(j, "fool") for j in by_fool] + [(j, "rank") for j in by_rank]))
    by_keeper = covered
    offerer_pays: list[int] = []
    unpaid: list[int] = []
    if marks is not None:
        own = set(by_fool).union(j for j in by_rank if j not in covered)  # each pays his own loss first
        paid = dict.fromkeys([keeper[j] for j in covered], 0)
        by_keeper = []
        for j in covered:  # the innkeeper pays while he has marks left, in play order
            k = keeper[j]
            if marks[k] - (k in own) - paid[k] >= 1:
                paid[k] += 1
                by_keeper.append(j)
        offerer_reads = rules.inn_keeper_cannot_pay == "offerer" if len(by_keeper) < len(covered) else False
        for j in covered:
            if j not in by_keeper:  # Q12: the offerer pays after all, if he has a mark left, or nobody
                (offerer_pays if offerer_reads and marks[j] - paid.get(j, 0) >= 1 else unpaid).append(j)
    payments = [(j, "fool") for j in by_fool]
    for j in by_rank:
        if j not in covered:
            payments.append((j, "rank"))
        elif j in by_keeper:
            payments.append((keeper[j], "inn"))
        elif j in offerer_pays:
            payments.append((j, "q12"))
    return _new(Paid, (by_keeper, offerer_pays, unpaid, payments))


# The stages of the commonest showdown, one lowest card and nothing else to do, built once per
# position (a position is an index, never a card's value: the same for the stand-in values)
_POSITIONS = max(p.size for p in PACKS.values())  # a table is smaller than its pack (Rules.problems)
_ONE_LOWEST = tuple(_new(Lowest, (False, (j,), (j,))) for j in range(_POSITIONS))
_ONE_LOSER = tuple(_new(Losers, (_NONE, False, _NONE, (j,))) for j in range(_POSITIONS))
_ONE_PAID = tuple(_new(Paid, (_NONE, _NONE, _NONE, ((j, "rank"),))) for j in range(_POSITIONS))
_NOBODY = _new(Lowest, (True, _NONE, _NONE))  # Q11 'nobody-loses'


class Decision(NamedTuple):
    """What :func:`decide` finds: each stage's result."""

    ranked: Ranked
    lowest: Lowest
    losers: Losers
    paid: Paid


def decide(rules: Rules, cuccu: bool, vals: Sequence[Any], n_live: int, n_dead: int = 0,
           hinted: Sequence[int] = _NONE, keeper: Optional[Sequence[int]] = None,
           marks: Optional[Sequence[int]] = None, table: Any = None) -> Decision:
    """The showdown's rules over positions ``0 .. m-1`` (the live seats in play order first, then
    ``n_dead`` dead hands, then innkeepers without a hand), in four stages: :func:`rank_cards`,
    :func:`find_lowest`, :func:`spare_cuckoos`, :func:`pay`.

    ``cuccu``: the pack is the Cuccù pack (fools, the XV and the nulla are its cards); ``vals``:
    card value per position (anything for a position without a card); ``hinted``: the
    positions of fool holders who hinted (Z7); ``keeper``: per position, the position of the
    innkeeper who guaranteed this offerer (K14/L7), or ``NO_SEAT``; ``marks``: marks held as the
    cards are shown, by position, or None for no limit; ``table``: players in this deal (K19's
    "zu zweit"), by default the live and dead hands."""
    r = rank_cards(rules, cuccu, vals, n_live, n_dead, hinted)
    low = find_lowest(rules, vals if r.rank is None else r.rank, n_live, r)  # (ranked_values)
    los = spare_cuckoos(rules, cuccu, vals, n_live, r, low.chosen, n_live + n_dead if table is None else table)
    return _new(Decision, (r, low, los, pay(rules, cuccu, vals, los.by_fool, los.by_rank, keeper, marks)))


# --------------------------------------------------------------------------- the engine's and the adjudicator's calls


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
    seats = [s for s, _ in live] + [s for s, _ in dead]
    vals = [c[1] for _, c in live] + [c[1] for _, c in dead]  # the card's value
    n_live, n_dead = len(live), len(dead)
    keeper: Optional[list[int]] = None
    held: Optional[list[int]] = None
    if guarantees:
        index = {s: j for j, s in enumerate(seats)}
        keeper = [NO_SEAT] * len(seats)
        for offerer, k in guarantees:
            if k not in index:  # an innkeeper with no hand here: only his marks matter
                index[k] = len(seats)
                seats.append(k)
                vals.append(0)
                keeper.append(NO_SEAT)
            if offerer in index and index[offerer] < n_live and keeper[index[offerer]] == NO_SEAT:
                keeper[index[offerer]] = index[k]
        # marks are read only for a guarantee (pay): without one, none need looking up
        held = None if marks is None else [marks[s] for s in seats]
    at = [j for j, s in enumerate(seats[:n_live + n_dead]) if s in hinted] if hinted else _NONE
    table = n_live + n_dead if table is None else table
    d = decide(rules, rules.cuccu, vals, n_live, n_dead, at, keeper, held, table)
    rank = ranked_values(d.ranked, vals)
    rank_rule, fool_rule = _rank_and_fool_rules(rules, d, vals, n_live, table)
    losers = tuple([(seats[p], _cite(rules, why, rank_rule, fool_rule)) for p, why in d.paid.payments])
    gains = d.ranked.gains
    gainers = tuple([(seats[j], rules.cites("two-fools")) for j in gains]) if gains else ()
    # (halving a doubled rank is exact: 14½ is 29)
    ranks = tuple(zip(seats, map(_HALF if d.ranked.doubled else float, rank[:n_live])))
    notes = _notes(rules, d, seats, n_live, at, keeper, rank_rule) if explain else ()
    return _new(Showdown, (ranks, losers, gainers, notes))


_HALF = (0.5).__mul__


def live_marks(rules: Rules, seats: Sequence[int], vals: list[int], table: int,
               dead: Sequence[int] = ()) -> tuple[list[tuple[int, str]], Sequence[tuple[int, str]]]:
    """The engine's showdown where nobody hinted and nobody holds a guarantee: the marks lost
    and gained, each with its rule, as ``evaluate(rules, live, dead, explain=False,
    table=table)`` finds them (its ``losers`` and ``gainers``, as lists), without building the
    cards' pairs and the ranks.  ``seats``: the live seats in play order; ``vals``: the value of
    each one's card; ``table``: the players dealt (K19); ``dead``: the values of the cards in
    dead hands (only a fool there can matter, Q4).  :func:`decide`, cited."""
    n = len(seats)
    d = decide(rules, rules.cuccu, [*vals, *dead] if dead else vals, n, len(dead), _NONE, None, None,
               table)
    rule, fool_rule = _rank_and_fool_rules(rules, d, vals, n, table)
    lost = [(seats[j], rule if why == "rank" else fool_rule) for j, why in d.paid.payments]
    gains = d.ranked.gains
    return lost, [(seats[j], rules.cites("two-fools")) for j in gains] if gains else ()


def _rank_and_fool_rules(rules: Rules, d: Decision, vals: Sequence[Any], n_live: int, table: int) -> tuple[str, str]:
    """The rules a loss by rank and a loss as the single fool cite.  At a table of two with
    both cards live: a single fool in play cites the ruleset's own rule for that case where
    it has one (Zeh's Z8: 'Two players, one fool: both lose a mark, unless the other card is
    the Cucu'; issue 24 §2), and cards of one rank the two-left rule (:func:`_two_left`).
    ``vals``: the card values by position (their ranks are :func:`ranked_values`')."""
    if n_live == 2 and table == 2:
        own = rules.citation_of.get("two-left-fool") if d.losers.by_fool else None
        if own is not None:
            return own, own
        rank = ranked_values(d.ranked, vals)
        if rank[0] == rank[1]:
            return _two_left(rules), rules.fool_rule
    lowest = d.lowest
    if len(lowest.chosen) < len(lowest.tied):  # only some of the tied lowest lose: the tie rule decides
        return TIE_RULES[rules.ties], rules.fool_rule
    return rules.showdown_rule, rules.fool_rule


# the rule that picks some of several tied lowest cards (find_lowest): Lu Stù's first in play
# order (L3, seed 000 §Lu Stù), Cassell's last turned up (R4); a lowest card without a tie is
# the showdown rule's (K15), not the tie rule's (issue 24 §2: a step cites what decides it)
TIE_RULES = {"first": "L3", "last": "R4"}


def _two_left(rules: Rules) -> str:
    """The rule for two players left with cards of one rank, where the ruleset's source has one
    (Lu Stù, L6: 'Sollten am Ende zwei Spieler übrig bleiben und beide haben die gleiche Karte,
    dann verliert der Nichtgeber ... auch wenn es sich um Kuckucke handeln sollte'; two fools
    alike), else its showdown rule (``Rules.citation_of`` works that out)."""
    return rules.citation_of["two-left"]


def _cite(rules: Rules, why: str, rank_rule: str, fool_rule: str) -> str:
    """The rule a payment of :func:`pay` cites (``rank_rule`` for a loss by rank, ``fool_rule``
    for the single fool's)."""
    if why == "rank":
        return rank_rule
    return fool_rule if why == "fool" else rules.cites("inn") if why == "inn" else "Q12"


# Each source's words for two fools that gain: Lu Stù ranks them «die höchsten Karten, über
# der XV» (L4); Zeh says only that they «verlieren ... nicht nur nichts, sondern erhalten jeder
# eine Marke aus der Tasse» (Z6, seed 000 §Das Cucuspiel), no rank
_TWO_FOOLS_GAIN = {
    "L4": "both fools are in play: they rank above XV and each holder gains a mark",
    "Z6": "both fools are in play: they lose nothing and each holder gains a mark from the cup",
}


def _notes(rules: Rules, d: Decision, seats: list[int], n_live: int, hinted: Sequence[int],
           keeper: Optional[Sequence[int]], rank_rule: str) -> tuple[tuple[str, str], ...]:
    """Each step of the decision, with its rule, for a ruling."""
    notes: list[tuple[str, str]] = []
    ranked, lowest, losers, paid = d
    fools = ranked.fools
    if ranked.in_play >= 2:
        two_fools = rules.cites("two-fools")
        if rules.two_fools == "above-xv-and-gain":
            for j in fools:
                if j in hinted and rules.fool_hint == "forfeits-gain":
                    notes.append(("Z7", f"seat {seats[j]} hinted at his fool and gains nothing"))
            notes.append((two_fools, _TWO_FOOLS_GAIN.get(two_fools, _TWO_FOOLS_GAIN["L4"])))
        else:
            notes.append((two_fools, "both fools are in play: they rank 14½, between XV and XIIII"))
    if ranked.single:
        notes.append((rules.fool_rule, f"a single fool is in play: seat {seats[fools[0]]} holding it loses"))
    elif ranked.exempt and fools and len(fools) == n_live:
        # Q10 decides only where the fools are all that is live (Z9's two players with two fools);
        # beside another live card, the two-fools rule above (Z6: 'verlieren ... nichts') decides
        notes.append(("Z9", "with two fools in play the fools never lose (Q10 'exempt')"))
    if lowest.nobody:
        notes.append(("F5", "every live card is of the same rank: nobody loses (Q11 'nobody-loses')"))
    tied, chosen = lowest.tied, lowest.chosen
    if tied:
        if len(chosen) < len(tied) and rank_rule != TIE_RULES[rules.ties]:
            notes.append((rank_rule, f"two players left with cards of one rank: only seat {seats[chosen[0]]} "
                                     f"loses ({rules.ties} in play order)"))
        elif len(chosen) < len(tied):
            notes.append((rank_rule,
                          f"{len(tied)} cards tie lowest; only seat {seats[chosen[0]]} loses "
                          f"({rules.ties} in play order)"))
        else:
            notes.append((rank_rule,
                          f"lowest card: seat(s) {', '.join(str(seats[j]) for j in chosen)} lose a mark"))
    if losers.spared:
        # Q3 where the ruleset's source leaves it open; Zeh's Z8 decides two players with one fool
        spared_rule = rules.cites("cuckoo-spared-two" if n_live == 2 and ranked.single else "cuckoo-spared")
        notes.append((spared_rule, f"a cuckoo never loses: seat(s) {', '.join(str(seats[j]) for j in losers.spared)} "
                                   "spared"))
    if losers.pair:
        notes.append(("K19", "both hold a cuckoo: neither loses"))
    if keeper is not None and (paid.keeper_pays or paid.offerer_pays or paid.unpaid):
        inn = rules.cites("inn")
        for j in sorted([*paid.keeper_pays, *paid.offerer_pays, *paid.unpaid]):
            if j in paid.keeper_pays:
                notes.append((inn, f"seat {seats[j]} loses with the nulla: innkeeper seat {seats[keeper[j]]} pays "
                                   "instead"))
            elif j in paid.offerer_pays:
                notes.append(("Q12", f"seat {seats[j]} loses with the nulla, but his innkeeper has no mark left: "
                                     "he pays it himself (Q12 'offerer')"))
            else:
                notes.append(("Q12", f"seat {seats[j]} loses with the nulla and his innkeeper has no mark left: "
                                     "nobody pays it (Q12 'nobody')"))
    return tuple(notes)
