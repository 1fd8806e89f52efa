"""The match: marks lost and gained, going out, buying back, everybody out, the winner and the
next dealer.

* marks during a deal: :func:`lose_mark` (K15/K16: out at no marks, the card dead; L10: under
  the stack), :func:`gain_mark` (Q8);
* going out and buying back: :func:`went_out`, :func:`buy_back_offers` (K17, L11, Q1),
  :func:`ask_next_buy_back`, :func:`suspend_for_buy_back` (L11), :func:`buy_back_decision`,
  :func:`reenter_during_deal` (Q7);
* the end of a deal: :func:`everybody_out` (K18, D8, Z11, S6; :func:`counts_after_restart`, P4),
  :func:`after_buy_backs` (K3), :func:`next_deal` (K2, D2).
"""

from __future__ import annotations

from typing import Callable, Optional, Sequence

from ..deal import seats_around
from ..rulesets import Rules
from ..state import DEAL_PHASES, ActionKind, EventKind, Phase
from .dealing import deal_to
from .table import Table, put

__all__ = [
    "lose_mark", "gain_mark", "went_out", "buy_back_offers", "first_offer", "virgin_remains", "last_in_match",
    "next_dealer", "ask_next_buy_back", "suspend_for_buy_back", "buy_back_decision", "reenter_during_deal",
    "everybody_out", "counts_after_restart", "after_buy_backs", "next_deal", "DECISIONS", "WHOSE_TURN",
]

_EV_MARK_LOST = EventKind.MARK_LOST
_EV_MARK_GAINED = EventKind.MARK_GAINED
_EV_OUT = EventKind.OUT
_EV_DEAD_CARD_UNDER_STACK = EventKind.DEAD_CARD_UNDER_STACK
_EV_BUY_BACK_OFFER = EventKind.BUY_BACK_OFFER
_EV_BUY_BACK = EventKind.BUY_BACK
_EV_DECLINE_BUY_BACK = EventKind.DECLINE_BUY_BACK
_EV_JOINT_WINNER = EventKind.JOINT_WINNER
_EV_KEEP_LAST_LIFE = EventKind.KEEP_LAST_LIFE
_EV_RESTART = EventKind.RESTART
_EV_DRAW = EventKind.DRAW
_EV_WINNER = EventKind.WINNER
_EV_NEXT_DEALER = EventKind.NEXT_DEALER
_SHUFFLE = Phase.SHUFFLE  # (bound once, as the event kinds: read at every deal's end)


# --------------------------------------------------------------------------- marks during a deal


def lose_mark(t: Table, seat: int, rule: str) -> None:
    """``seat`` pays a mark by ``rule``.  K15/K16: paying his last one during the deal puts
    him out, his card dead (not compared); L10: it goes under the stack."""
    t.marks = put(t.marks, seat, t.marks[seat] - 1)
    t.virgins = put(t.virgins, seat, False)
    t.emit(_EV_MARK_LOST, rule, seat, amount=1)
    if t.marks[seat] == 0:
        t.dead = put(t.dead, seat, True)
        t.emit(_EV_OUT, t.cite["out"], seat)
        if t.rules.dead_cards == "under-stack":
            t.stack += (t.hands[seat],)
            t.hands[seat] = None
            t.custody[seat] = ()
            t.emit(_EV_DEAD_CARD_UNDER_STACK, "L10", seat)
        went_out(t, (seat,))


def gain_mark(t: Table, seat: int, rule: str, other: Optional[int] = None) -> None:
    """``seat`` gains a mark by ``rule`` (from ``other``); Q8 'not-virgin': a gain ends his
    virginity."""
    t.marks = put(t.marks, seat, t.marks[seat] + 1)
    if t.rules.virgin_after_gain == "not-virgin":
        t.virgins = put(t.virgins, seat, False)
    t.emit(_EV_MARK_GAINED, rule, seat, other, None, 1)


# --------------------------------------------------------------------------- going out, buying back


def went_out(t: Table, group: tuple[int, ...]) -> None:
    """K16: ``group`` went out together; their buy-back is priced by the ruleset (K17 decided
    after the deal, if a virgin remains then; L11 at once, while a virgin remains)."""
    t.out_this_deal += (group,)
    rules = t.rules
    offers = buy_back_offers(rules, group, t.eliminations, t.reentries)
    t.eliminations += len(group)
    if rules.buy_back == "immediate" and virgin_remains(t.virgins, t.marks):
        t.pending += offers  # L11: decided at once (see suspend_for_buy_back)
    elif rules.buy_back == "after-deal":
        t.pending += offers  # K17: decided after the deal, if a virgin remains then


def buy_back_offers(rules: Rules, group: tuple[int, ...], eliminations: int,
                    reentries: int) -> tuple[tuple[int, int], ...]:
    """The buy-back offer (seat, price) of each seat of ``group``, the players going out
    together in play order (McLeod's order, Q1), after ``eliminations`` earlier ones: K17 the
    price doubles with each elimination (Q1 'same-price': one price for a group); L11 it
    doubles with each re-entrant, fixed when the offer is asked (0 here, see
    :func:`first_offer`), or now for a same-price group."""
    same_price = rules.simultaneous_buy_back == "same-price" and len(group) > 1
    offers = []
    for k, seat in enumerate(group):
        index = eliminations if same_price else eliminations + k
        if rules.buy_back_price == "by-elimination-order":
            offers.append((seat, 2 ** index))
        else:
            offers.append((seat, 2 ** reentries if same_price else 0))  # L11
    return tuple(offers)


def first_offer(pending: tuple[tuple[int, int], ...],
                reentries: int) -> tuple[int, int, tuple[tuple[int, int], ...]]:
    """The first pending buy-back offer, its price fixed now where it is not yet (L11: 2 to
    the power of the re-entries so far): (seat, price, the offers pending)."""
    seat, price = pending[0]
    if price == 0:
        price = 2 ** reentries  # L11
        pending = ((seat, price),) + pending[1:]
    return seat, price, pending


def virgin_remains(virgins: Sequence[bool], marks: Sequence[int]) -> bool:
    """K17: a virgin (who has lost no mark) is still in the match."""
    # (a loop, not any() over a generator, which costs twice as much)
    for virgin, m in zip(virgins, marks):  # noqa: SIM110
        if virgin and m > 0:
            return True
    return False


def ask_next_buy_back(t: Table) -> None:
    """K17/L11: the first pending offer is put to its player."""
    seat, price, t.pending = first_offer(t.pending, t.reentries)
    t.phase, t.actor, t.target = Phase.BUY_BACK, seat, None
    t.emit(_EV_BUY_BACK_OFFER, t.cite["buy-back"], seat, amount=price)


def suspend_for_buy_back(t: Table) -> None:
    """L11: a player going out during the deal decides at once; the deal waits."""
    if t.pending and t.phase in DEAL_PHASES and t.rules.buy_back == "immediate":
        t.suspended = (t.phase, t.actor, t.target, t.cursor)
        ask_next_buy_back(t)


def buy_back_decision(t: Table, buys: bool) -> None:
    """K17/L11: the player asked buys back (the starting marks, the price into the pot) or
    declines; then the next offer, the suspended deal (L11), or the deal's end.  A decline is
    final, as the sources have it (no option): the price is fixed 'nicht danach, ob ein
    ausscheidender Spieler sich entscheidet sich wieder zurückzukaufen' (K17), one decision,
    which Lu Stù moves from the deal's end to the moment he goes out, 'sofort und nicht erst
    nach Spielende' (L11)."""
    (seat, price), t.pending = t.pending[0], t.pending[1:]
    rule = t.cite["buy-back"]
    if buys:
        t.marks = put(t.marks, seat, t.rules.initial_marks)
        t.virgins = put(t.virgins, seat, False)
        t.pot += price * t.rules.stake
        t.reentries += 1
        t.emit(_EV_BUY_BACK, rule, seat, amount=price)
    else:
        t.emit(_EV_DECLINE_BUY_BACK, rule, seat)
    if buys and t.suspended is not None:
        reenter_during_deal(t, seat)
    if t.pending:
        ask_next_buy_back(t)
    elif t.suspended is not None:
        t.phase, t.actor, t.target, t.cursor = t.suspended
        t.suspended = None
    else:
        after_buy_backs(t)


def reenter_during_deal(t: Table, seat: int) -> None:
    """Q7: ``seat`` went out during the deal and bought back at once (L11).  His card went
    under the stack (L10), so under 'next-deal' he takes no further part in this deal.
    Under 'fresh-card' he is dealt a new card now, from where the deal comes (L2: the top,
    ``deal_to``), and is a live player again: if play has not reached his place yet he
    decides when it does (``turn_to`` finds him dealt), if it has passed he holds the card
    to the showdown.  His custody starts afresh (dealt), so K13's undo and L8's way back
    treat him as a player dealt this card.  A dead card that stays in his hand (K15, not
    L10) leaves him a card, dead, and nothing is dealt."""
    if t.hands[seat] is not None or t.rules.buy_back_card != "fresh-card":
        return
    t.dead = put(t.dead, seat, False)
    deal_to(t, seat)


# --------------------------------------------------------------------------- the end of a deal


def everybody_out(t: Table) -> None:
    """K18 / D8 / Z11 / S6: everybody still in went out in this deal (P3: K17's count after S6's
    last life; restart_stake: a new stake with the new marks)."""
    rules = t.rules
    if rules.all_out == "joint-winners":
        # S6, first rule: the players of this deal (all of them went out) share the pot
        for seat in t.order:
            t.emit(_EV_JOINT_WINNER, "S6", seat, amount=t.pot)
        t.phase, t.actor, t.target, t.pending = Phase.MATCH_OVER, None, None, ()
        return
    if rules.all_out == "keep-last-life":
        # S6, second rule: they keep their last life; players out before stay out
        for seat in t.order:
            t.marks = put(t.marks, seat, 1)
            t.emit(_EV_KEEP_LAST_LIFE, "S6", seat, amount=1)
        if rules.kept_life_eliminations == "not-counted":
            # P3 (S6 is silent): the last life takes back this deal's going out; K17's count is what
            # it was when the deal began, never below the re-entries (L11: bought back at once)
            during = sum(len(group) for group in t.out_this_deal)
            t.eliminations = max(t.eliminations - during, t.reentries)
        t.pending = ()
        next_deal(t)
        return
    n = len(t.marks)
    t.marks = (rules.initial_marks,) * n
    if rules.all_out == "restart-no-virgins":
        t.virgins = (False,) * n
        t.emit(_EV_RESTART, rules.all_out_rule)  # K18
    elif rules.all_out == "all-return":
        t.virgins = (True,) * n
        t.emit(_EV_RESTART, rules.all_out_rule)  # D8; a game whose source is silent: P5
    else:
        t.virgins = (True,) * n
        t.emit(_EV_DRAW, rules.all_out_rule)  # Z11
    if rules.restart_stake == "new-stake" and rules.all_out != "draw-replay":
        t.pot += rules.stake * n  # K1: everybody pays the stake for his marks again (Z11: no new stake)
    counts_after_restart(t)
    t.pending = ()
    next_deal(t)


def counts_after_restart(t: Table) -> None:
    """K17's count of players out and L11's of re-entries once everybody has the starting marks
    again (K18, D8, Z11).  P4, option ``restart_counts`` (no source has a restart that leaves
    virgins and a buy-back: K18 leaves no virgin, D8 and Z11 no buy-back): 'reset', they start
    again with the game, which 'geht sozusagen von vorn los' (K18); 'continue', they run on, and
    the players whose cards were live at this showdown count among those out, as all of them
    went out in it ('alle im selben Spiel ausscheiden', K18; K17 counts 'jeden ausgeschiedenen')."""
    if t.rules.restart_counts == "reset":
        t.eliminations = t.reentries = 0
    else:
        t.eliminations += sum(1 for seat in t.order if not t.dead[seat])


def after_buy_backs(t: Table) -> None:
    """K3: the last player with marks wins the pot; otherwise the next deal."""
    last = last_in_match(t.marks)
    if last is not None:
        t.winner = last
        t.emit(_EV_WINNER, t.cite["winner"], last, amount=t.pot)
        t.phase, t.actor, t.target = Phase.MATCH_OVER, None, None
        return
    next_deal(t)


def last_in_match(marks: Sequence[int]) -> Optional[int]:
    """K3: the seat of the only player still holding marks, who wins the pot; None while two or
    more hold marks (or nobody does).  (A loop that stops at the second: a list of the seats in
    costs four times as much.)"""
    last = None
    for seat, m in enumerate(marks):
        if m > 0:
            if last is not None:
                return None
            last = seat
    return last


def next_deal(t: Table) -> None:
    """K2: the player right of the dealer deals next (D2: the next seat still holding marks);
    he shuffles.  'Nach jedem Spiel' (K2): after the deal in which everybody went out too, as
    the sources decide it (no option): K18's 'geht sozusagen von vorn los' gives the marks
    again and names no new draw for the first dealer; Z11's 'neues Spiel' is, in the German
    account's words, a new deal; the digital game's dealer moves on 'hver runde' (D2)."""
    nxt = next_dealer(t.marks, t.dealer)
    t.emit(_EV_NEXT_DEALER, t.cite["next-dealer"], nxt)
    t.set_deal(nxt, t.order, t.deal_number)
    t.phase, t.actor, t.target, t.pending = _SHUFFLE, None, None, ()


def next_dealer(marks: Sequence[int], dealer: int) -> int:
    """K2: the player right of the dealer deals next; D2: the next seat still holding marks.
    A player out is passed over in every game, as the sources decide it (no option): he 'scheidet
    aus' (K1, K16), so he is no 'Spieler rechts vom Geber'; D2 'den næste overlevende plads';
    Coucou's next dealer is the first hand, who is dealt a card (F2); P1 where a game names none."""
    seats = seats_around(marks, dealer)
    if not seats:
        raise AssertionError(f"nobody holds marks to deal the next deal: {list(marks)}")  # see showdown
    return seats[0]


# --------------------------------------------------------------------------- the decisions


def buy_back(t: Table) -> None:
    """K17/L11: the player asked buys back."""
    buy_back_decision(t, True)


def decline(t: Table) -> None:
    """K17/L11: the player asked declines to buy back."""
    buy_back_decision(t, False)


# The decisions of this part of the game, by phase and kind (engine.step runs the one an
# action names once it is legal), and the rule that says whose decision it is.
DECISIONS: dict[str, dict[str, Callable[[Table], None]]] = {
    Phase.BUY_BACK: {ActionKind.BUY_BACK: buy_back, ActionKind.DECLINE: decline},
}
WHOSE_TURN: dict[str, Callable[[Rules], str]] = {
    Phase.BUY_BACK: lambda rules: "L11" if rules.buy_back == "immediate" else "K17",
}
