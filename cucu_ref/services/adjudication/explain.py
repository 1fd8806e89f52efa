"""Explanations: the ruling's steps as a person reads them, each citing its rule and source.

Every engine event becomes a line in the words of the ruleset's own source (the Coucou
dealer keeps 'the card he chose', never 'sto bene'); the showdown's reasoning comes from
:mod:`cucu_ref.game.scoring`; a mark the showdown's reasoning already names is not said twice.
Each step carries the JSON path of the history entry that led to it (``at``) and a heading
a person reads (``heading``: "Anna offers").
"""

from __future__ import annotations

import re
from functools import cache
from math import gcd
from typing import Any, Callable, Iterator, NamedTuple, Optional

from ...game import cards as _cards
from ...game.cards import Card
from ...game.history import fold
from ...formats.position import ROLE_CALL, HistoryEvent, Position
from ...game.rulesets import by_identity
from ...game.scoring import evaluate
from ...game.state import EventKind
from ...formats.sources import RULES, cite
from ...formats.vocabulary import call, counter_words, display_label, say
from ...formats.i18n import N_, gettext as _, language, ngettext, pgettext
from .model import is_placeholder

__all__ = ["steps_of", "heading", "EVENT_TEXT", "EVENT_TEXT_BY_RULE"]


EVENT_TEXT = {
    "shuffle": N_("{seat} deals: one card at a time to the right, starting right of the dealer"),
    "deal": N_("{seat} is dealt {card}"),
    "keep": N_("{seat} keeps the card"),
    "offer": N_("{seat} offers the card to the next player"),
    "exchange": N_("{seat} and {other} exchange cards"),
    "arresto": N_("{seat} holds {card}: the offer from {other} stops there"),
    "skip": N_("the offer from {other} jumps over {seat}'s horse to the next player"),
    "exchange-with-stack": N_("{seat} exchanges the card with the stack"),
    "mark-lost": N_("{seat} loses a mark"),
    "mark-gained": N_("{seat} gains a mark"),
    "out": N_("{seat} has no marks left: out"),
    "undo": N_("exchange undone: {seat} takes back the {held} from {other}"),
    "fermatevi": N_("{seat} says 'fermatevi aliquanto' to {other}"),
    "keep-after-fermatevi": N_("{seat} keeps the card after all"),
    "ask-pagherai-se-null": N_("{seat} asks the innkeeper {other}: '{ask}'"),
    "accept": N_("the innkeeper {seat} accepts: no exchange; {seat} pays if {other} loses with a nulla"),
    "refuse": N_("the innkeeper {seat} refuses and must exchange with {other}"),
    "showdown": N_("showdown: the live cards are compared"),
    "buy-back-offer": N_("{seat} may buy back in for {stakes}"),
    "buy-back": N_("{seat} buys back in for {stakes}"),
    "decline-buy-back": N_("{seat} does not buy back"),
    "draw": N_("everybody went out in this deal: a draw, all play again"),
    "next-dealer": N_("{seat} deals next"),
    "winner": N_("{seat} wins the match and the pot ({stakes})"),
    # a game played for no stake (D1's lives «uden pengeværdi»; Cassell's winner 'is declared the
    # winner', R4): the winner takes no pot, and the step names none
    "winner-no-stake": N_("{seat} wins the match"),
    "dead-card-under-stack": N_("{seat}'s dead card goes under the stack"),
    "inn-bargain": N_("{seat} asks {other}: 'che mi dai in cambio?' (what do you offer in exchange?)"),
    "hint": N_("{seat} hinted at holding a fool"),
    "offer-back": N_("{seat} must offer the card back to the left, to {other} ('cart'arrit')"),
    "way-back-ends": N_("the way back ends at {seat}"),
    "exchange-with-talon": N_("{seat} exchanges the card with the talon"),
    "talon-king": N_("the card on the talon is a {card}: {seat} may not exchange with it"),  # (F4: a king, roi)
    # F2 («Er gibt jedem eine Karte und bekommt als Geber drei Karten selbst»): the card the dealer
    # is dealt in the round is the first of his three, so the step says the two more he takes
    "dealer-keeps-highest": N_("{seat}, the dealer, takes two more cards, keeps the highest of the three ({card}) and "
                               "puts the other two under the talon"),
    "refuse-and-pay": N_("{seat} refuses the exchange and pays a mark"),
    "stack-king": N_("{seat} cuts a {card} from the stock: it goes back and {seat} keeps the card held"),
    "joint-winner": N_("{seat} is a joint winner: the last players went out together and share the pot "
                       "({stakes})"),
    "keep-last-life": N_("{seat} keeps a last life: the last players went out together"),
}
# L8's way back: the card that goes back ('cart'arrit') named, as the table argues about it (issue
# 24 §2); and where the position does not give the card that comes back
_WAY_BACK = N_("{seat} gives the {card} to {other} for the {took}")
_WAY_BACK_UNKNOWN = N_("{seat} gives the {card} to {other} for {other}'s card")
# Where a ruleset's own rule gives an event another meaning (kind, rule) -> text.
EVENT_TEXT_BY_RULE = {
    # L7: Lu Stù's innkeeper answers the offerer's bargain; there is no second offer
    # (the exchange that follows is its own line, '{seat} and {other} exchange cards': said once)
    ("accept", "L7"): N_("the innkeeper {seat} accepts {other}'s bargain"),
    ("refuse", "L7"): N_("the innkeeper {seat} turns down {other}'s bargain ('fatt nu bicchijr'): {seat} keeps the "
                         "inn and pays if {other} loses with the nulla"),
    ("arresto", "F3"): N_("{seat} holds the {card} and says 'Coucou!': no exchange with {other}"),
    ("arresto", "A1"): N_("{seat} shows the {card}: no exchange with {other}"),
    ("arresto", "H2"): N_("{seat} holds the {card} and says 'Her!': no exchange with {other}"),
    # As Qui Court (Q18 'keeps-own'): Coucou's talon rule met by the dealer
    ("stack-king", "F4"): N_("the talon's card is a king: the dealer {seat} may not exchange with it and keeps the "
                             "card held"),
    # D6: the digital game's inn is shown, and pauses the request; nobody says 'fermatevi'
    # (the digital game's 0 is 'nul': «betal hvis nul», D6)
    ("fermatevi", "D6"): N_("the inn pauses the request: {other} may keep the card or ask {seat} to pay if a nul "
                            "loses"),
    ("mark-lost", "Q9"): N_("{seat} refuses the exchange and puts a mark in the cup"),
    # the ordinary-pack games: their own words, and every card dealt before play begins
    ("shuffle", "F2"): N_("{seat} deals one card to each player, starting right of the dealer, before play begins"),
    ("shuffle", "H1"): N_("{seat} deals one card to each player, starting right of the dealer, before play begins"),
    ("shuffle", "R2"): N_("{seat} deals one card to each player before play begins"),
    ("shuffle", "Z3"): N_("{seat} deals one card to each player before the requests travel ('passare alla stafetta')"),
    # F3's words as the German article, the French games' account, gives them (a table that
    # writes French says 'je garde', 'je change': the notation reads both)
    ("keep", "F3"): N_("{seat} keeps the card ('Ich behalte')"),
    ("offer", "F3"): N_("{seat} asks the right neighbour to exchange ('Ich tausche')"),
    # F4: «Der letzte Spieler links vom Geber tauscht keine Karte mit dem Geber, sondern die Karte
    # auf dem Talon»: the last player's 'Ich tausche' asks the talon (_Telling.step)
    ("offer", "F4"): N_("{seat} asks to exchange with the talon ('Ich tausche')"),
    ("keep", "H1"): N_("{seat} keeps the card"),
    ("offer", "H1"): N_("{seat} asks the neighbour to exchange"),
    ("keep", "R2"): N_("{seat} keeps the card"),
    ("offer", "R2"): N_("{seat} asks the neighbour to change"),
    ("arresto", "S3"): N_("{seat} exposes the {card}: no exchange with {other}"),
    ("shuffle", "S2"): N_("{seat} deals one card to each player before play begins"),
    ("keep", "S2"): N_("{seat} keeps the card"),
    ("offer", "S2"): N_("{seat} tries to exchange with the next player"),
    ("keep", "S4"): N_("{seat}, the dealer, keeps the card"),
    ("exchange-with-stack", "S4"): N_("{seat}, the dealer, exchanges the card for one cut from the stock"),
    # Campli's words (K5, K8) and the rulesets that cite them
    ("keep", "K5"): N_("{seat} keeps the card ('sto bene')"),
    ("offer", "K5"): N_("{seat} offers the card to the next player ('passo')"),
    ("keep", "K8"): N_("{seat}, the dealer, keeps the card"),
    ("keep", "D3"): N_("{seat} keeps the card"),
    ("offer", "D3"): N_("{seat} asks the next player to exchange"),
    ("keep", "F4"): N_("{seat}, the dealer, keeps the card chosen from the three"),
    ("keep", "A4"): N_("{seat}, the dealer, keeps the card"),
    ("keep", "L8"): N_("{seat} keeps the card"),
}
# The same where the ruleset's source counts lives, not marks (D1, R1, S5)
_LIVES = {
    "{seat} loses a mark": N_("{seat} loses a life"),
    "{seat} gains a mark": N_("{seat} gains a life"),
    "{seat} has no marks left: out": N_("{seat} has no lives left: out"),
    "{seat} refuses the exchange and pays a mark": N_("{seat} refuses the exchange and pays a life"),
    "{seat} refuses the exchange and puts a mark in the cup":
        N_("{seat} refuses the exchange and puts a life in the cup"),
}


# The kinds the loops over every event read, as module constants: on Python 3.11 each read of an
# enum's class attribute goes through EnumType's __getattr__ hook (about four times a plain
# attribute), and every event of every ruling passes here (as in game.history)
_ARRESTO, _SHOWDOWN, _KEEPS_HIGHEST = EventKind.ARRESTO, EventKind.SHOWDOWN, EventKind.DEALER_KEEPS_HIGHEST
_MARK_LOST, _MARK_GAINED, _BUY_BACK = EventKind.MARK_LOST, EventKind.MARK_GAINED, EventKind.BUY_BACK
_MARKS = frozenset({_MARK_LOST, _MARK_GAINED})
_EXCHANGE, _KEEP, _OFFER = EventKind.EXCHANGE, EventKind.KEEP, EventKind.OFFER
_TALON = (EventKind.EXCHANGE_WITH_TALON, EventKind.TALON_KING)  # F4: what a request to the talon meets
_WITH_STACK, _STACK_KING, _ASK = EventKind.EXCHANGE_WITH_STACK, EventKind.STACK_KING, EventKind.ASK_PAGHERAI_SE_NULL
_RESTART, _JOINT, _WINNER = EventKind.RESTART, EventKind.JOINT_WINNER, EventKind.WINNER
# the events whose amount is the pot (K3, S6): said in the pot's unit (pot_words), not in stakes
_POT_KINDS = frozenset((EventKind.WINNER, EventKind.JOINT_WINNER))

_DOING = {
    "keep": N_("{p} keeps"), "offer": N_("{p} offers"), "ask": N_("{p} asks '{ask}'"),
    "accept": N_("{p} accepts"), "refuse": N_("{p} refuses"), "dealer-exchange": N_("{p} exchanges with the stack"),
    "buy-back": N_("{p} buys back"), "decline": N_("{p} does not buy back"), "agree": N_("{p} agrees to exchange"),
    "pay-to-refuse": N_("{p} pays to refuse"), "hint": N_("{p} hints at a fool"),
    "stack-exchange": N_("{p} exchanges with the stack"),
}
_DOING_FRENCH = {"offer": N_("{p} asks to exchange"), "stack-exchange": N_("{p} exchanges with the talon")}
# where the ruleset cites F3 for the decision: the German article's words (as the steps say them)
_DOING_F3 = {"keep": N_("{p} keeps ('Ich behalte')"), "offer": N_("{p} asks to exchange ('Ich tausche')")}


def heading(pos: Position, e: HistoryEvent) -> str:
    """A history entry as a person reads it: 'Anna offers', 'Carla: gnaf', 'Bruno pays 2 marks'."""
    names = pos.players
    p = names[e.seat]
    french = pos.rules.pack.startswith("french")
    card = _printed(pos.rules, e.card) if e.card is not None else None
    if e.verb == "deal":
        return (_("{p} is dealt {card}") if card else _("{p} is dealt a card")).format(p=p, card=card)
    if e.verb == "exchange":
        return _("{p} and {other} exchange").format(p=p, other=names[e.other] if e.other is not None else "?")
    if e.verb == "announce":
        # the call as the game's source prints it ('zumb', L9; 'Gnau', Z5), not Campli's word for every game
        role = e.role or ""
        said = call(pos.rules, role) if role in pos.rules.role_of.values() else ROLE_CALL.get(role, e.role)
        return f"{p}: '{said}'"
    if e.verb == "pays":
        return ngettext("{p} pays {n} mark", "{p} pays {n} marks", e.amount).format(p=p, n=e.amount)
    if e.verb == "shows":
        return (_("{p} shows {card}") if card else _("{p} shows the card")).format(p=p, card=card)
    if e.verb == "act":
        return f"{p}: {e.kind}"
    template = ((_DOING_F3.get(e.verb) if e.verb in _DOING_F3 and pos.rules.cites(e.verb) == "F3" else None)
                or (_DOING_FRENCH.get(e.verb) if french else None) or _DOING.get(e.verb))
    # (the question as the ruleset's source asks it: 'pagherai se null?', K14; 'betal hvis nul', D6)
    text = _(template).format(p=p, ask=_asked(pos.rules)) if template else f"{p}: {e.verb}"
    if card and e.verb in ("dealer-exchange", "stack-exchange"):
        text += _(" and takes {card}").format(card=card)
    return text


# Printed names by ruleset: (the Rules value, card -> name); the value is kept so that an id is
# never mistaken for another ruleset's.  A few rulesets are ever in use at once.
_PRINTED: dict[Any, tuple[Any, Any]] = {}
# The same for steps_of with no card bound (card -> _card(card, {}, rules): None for a placeholder)
_NAMED: dict[Any, tuple[Any, Any]] = {}


def _of_rules(store: dict[Any, tuple[Any, Any]], rules: Any) -> dict[Any, Any]:
    """``store``'s dict for ``rules`` (:func:`~cucu_ref.game.rulesets.by_identity`; at most 64)."""
    return by_identity(store, rules, None, dict, 64)


def _printed(rules: Any, card: Card) -> str:
    names = _of_rules(_PRINTED, rules)
    name = names.get(card)
    if name is None:
        name = names[card] = display_label(rules, card)
    return name


def _card(c: Optional[Card], subst: dict[Card, Card], rules: Any = None) -> Optional[str]:
    """The card's name: as the ruleset's source prints it with ``rules`` ('XII Gnaf', 'roi'), else
    its canonical token."""
    if c is None:
        return None
    c = subst.get(c, c)
    if is_placeholder(c):
        return None
    return _printed(rules, c) if rules is not None else _cards.format(c)


# (rule ID, language) -> its citation (sources.cite over the constant RULES)
_CITED: dict[tuple[str, str], Optional[str]] = {}


def _source(rule: str) -> Optional[str]:
    """The rule with its source ('K13 (N. Farina 2010, §Ereigniskarten)'), None for a rule
    the sources do not hold."""
    key = (rule, language())  # (the citation speaks the ruling's language, issue 30)
    try:
        return _CITED[key]
    except KeyError:  # first time (a rule the sources do not hold is kept as None as well)
        cited = _CITED[key] = cite(rule) if rule in RULES else None
        return cited


# What an event or a history entry says depends only on it, the players' names and the ruleset
# (its printed card names, its words): each is written once per (ruleset, names) and then looked up
# (a batch rules many positions of one table).  Bounded: cleared past _MEMO_SIZE entries.
_MEMO: dict[Any, tuple[Any, Any]] = {}  # (id of the rules, None) -> (the rules, names -> _Texts)
_MEMO_SIZE = 8192


class _Texts:
    """The texts written for one ruleset and one table's names."""

    __slots__ = ("events", "headings", "notes")

    def __init__(self) -> None:
        self.events: dict[Any, tuple[str, Optional[str], str]] = {}  # event -> (rule, source, text)
        self.headings: dict[HistoryEvent, str] = {}
        self.notes: dict[tuple[str, str], tuple[str, frozenset[int]]] = {}  # scoring's note -> (text with names,
        # the seats whose mark it says they lose)


def _texts(rules: Any, names: tuple[str, ...]) -> _Texts:
    by_names = _of_rules(_MEMO, rules)
    key = (names, language())  # (the texts are in the language a ruling speaks, issue 30)
    texts = by_names.get(key)
    if texts is None or len(texts.events) + len(texts.headings) + len(texts.notes) > _MEMO_SIZE:
        if len(by_names) > 64:
            by_names.clear()
        texts = by_names[key] = _Texts()
    return texts


# A targeted event card (C2) as its holder meets the offer, by role: the call the ruleset's source
# prints (K10-K14; 'zumb', L9; 'Gnau', Z5: vocabulary.call).  A horse does not stop the offer, it
# lets it jump (K12): its 'skip' line says where the offer goes.
ARRESTO_TEXT = {
    "cuckoo": N_("{seat} holds {card}: '{call}!', no exchange with {other}"),
    "hunter": N_("{seat} holds {card}: '{call}!', no exchange with {other}"),
    "horse": N_("{seat} holds {card}: '{call}!'"),
    "cat": N_("{seat} holds {card}: '{call}!', no exchange with {other}"),
    "inn": N_("{seat} holds {card}, the inn: the offer from {other} waits"),
}
# The rulesets whose event cards are shown, not called (the digital game, D4-D6)
ARRESTO_SHOWN = {
    "cuckoo": N_("{seat} shows {card}: no exchange with {other}"),
    "hunter": N_("{seat} shows {card}: no exchange with {other}"),
    "horse": N_("{seat} shows {card}"),
    "cat": N_("{seat} shows {card}: no exchange with {other}"),
    "inn": N_("{seat} shows {card}, the inn: the offer from {other} waits"),
}
_SHOWN_RULES = frozenset({"D4", "D5", "D6"})


def _arresto_template(ev: Any, rules: Any) -> Optional[str]:
    """The line of a targeted event card by its role (None: no role known, the generic line)."""
    if rules is None or ev.card is None:
        return None
    role = rules.role_of_card.get(ev.card)
    if role is None:
        return None
    return (ARRESTO_SHOWN if ev.rule in _SHOWN_RULES else ARRESTO_TEXT).get(role)


def _event_text(ev: Any, nm: Any, card: Optional[str], rules: Any = None) -> str:
    """One engine event as a line (not the showdown's cards, nor the F2 dealer's discards), in
    the words of ``rules``' source: its calls, its marks or lives (D1, R1, S5)."""
    if ev.kind == _WITH_STACK:
        if ev.rule == "A4":  # Méry's dealer 'kann diese Karte nur mit dem Talon tauschen' (A4): the talon
            return _("{seat} exchanges the card with the talon").format(seat=nm(ev.seat))
        return (_("{seat} exchanges the card with the bottom card of the stack") if ev.amount
                else _("{seat} exchanges the card with the top card of the stack")).format(seat=nm(ev.seat))
    if ev.kind == _RESTART:
        # K18 / D8: one wording for the step and the verdict (issue 24 §1)
        return _("everybody went out in this deal: {how}").format(how=restart_words(rules))
    if ev.kind in (_STACK_KING, EventKind.TALON_KING) and card is None and rules is not None:
        # S4's cut and F4's talon card are a king by what they are: the position need not give it
        card = display_label(rules, Card(_cards.FRENCH, 13))
    template = EVENT_TEXT_BY_RULE.get((ev.kind, ev.rule))
    if ev.rule == "F4" and ev.kind == _KEEP and rules is not None and rules.dealer_takes == 1:
        # F4's dealer keeps «die zu Beginn gewählte Karte» chosen of F2's three: a dealer who takes
        # one card (as agreed, or A2) chose nothing
        template = EVENT_TEXT_BY_RULE[("keep", "K8")]
    if template is None and ev.kind == _ARRESTO:
        template = _arresto_template(ev, rules)
    if template is None:
        template = EVENT_TEXT.get(ev.kind if ev.kind != _WINNER or ev.amount else "winner-no-stake")
    if template is None:
        return f"{ev.kind} ({nm(ev.seat)})"
    if template in _LIVES and rules is not None and counter_words(rules)[0] == "life":
        template = _LIVES[template]
    role = rules.role_of_card.get(ev.card) if rules is not None and ev.card is not None else None
    said = _digital_inn(template) if ev.rule == "D6" else None
    return (said or _(template)).format(
        seat=nm(ev.seat), other=nm(ev.other), card=card or _("a card the position does not give"),
        amount=ev.amount, stakes=(pot_words(ev.amount, rules.stake) if ev.kind in _POT_KINDS and rules is not None
                                  else stakes_words(ev.amount)),
        call=call(rules, role) if role is not None else "", held=card or _("card"),
        ask=_asked(rules) if ev.kind == _ASK else "")


def _digital_inn(template: str) -> Optional[str]:
    """A line of the digital game's inn in its own word (D6, seed 004: 'kro XI', the inn that
    pauses the exchange), not Campli's card ('la Taverna', K14) where a language names that one:
    the same English, a translation of its own (issue 24 §2); None for another line."""
    if template == EVENT_TEXT["ask-pagherai-se-null"]:
        return pgettext("D6 kro", "{seat} asks the innkeeper {other}: '{ask}'")
    if template == EVENT_TEXT["accept"]:
        return pgettext("D6 kro", "the innkeeper {seat} accepts: no exchange; {seat} pays if {other} loses with a nul")
    if template == EVENT_TEXT["refuse"]:
        return pgettext("D6 kro", "the innkeeper {seat} refuses and must exchange with {other}")
    return None


def share_words(pot: int, n: int) -> str:
    """``pot`` shared by ``n`` as a table says it: '1½', '2', '⅔', '7/5'."""
    whole, rest = divmod(pot, n)
    if not rest:
        return str(whole)
    part = _FRACTIONS.get((rest, n)) or _FRACTIONS.get((rest // gcd(rest, n), n // gcd(rest, n)))
    if part is None:
        return f"{pot}/{n}"
    return f"{whole}{part}" if whole else part


_FRACTIONS = {(1, 2): "½", (1, 3): "⅓", (2, 3): "⅔", (1, 4): "¼", (3, 4): "¾", (1, 5): "⅕", (2, 5): "⅖",
              (3, 5): "⅗", (4, 5): "⅘", (1, 6): "⅙", (5, 6): "⅚", (1, 8): "⅛", (3, 8): "⅜", (5, 8): "⅝",
              (7, 8): "⅞"}


def stakes_words(n: int) -> str:
    """An amount of the pot in its unit: '1 stake', '3 stakes' (K1: each pays the stake into it)."""
    return ngettext("{n} stake", "{n} stakes", n).format(n=n)


def pot_words(pot: int, stake: int = 1) -> str:
    """What the pot holds, in its unit (K1: each pays the stake into it): '4 stakes'; where a
    stake is not one unit of the pot (a position's ``stake`` option), the units and the stakes
    they make, '10 (5 stakes)'; a game with no stake (D1: «uden pengeværdi»), the count alone."""
    if stake == 1:
        return stakes_words(pot)
    if stake > 1 and pot % stake == 0:
        return _("{amount} ({stakes})").format(amount=pot, stakes=stakes_words(pot // stake))
    return str(pot)


def joint_winners_text(players: list[str], pot: int, stake: int = 1) -> str:
    """S6's joint winners, once for all of them: what the pot holds, each one's share, and that
    nothing is left of it ('Anna and Bruno are joint winners ... share the pot of 3 stakes: 1½
    each, nothing left')."""
    names = players[0] if len(players) == 1 else _("{a} and {b}").format(a=", ".join(players[:-1]), b=players[-1])
    return _("{players} are joint winners: the last players went out together and share the pot of {stakes}: "
             "{share} each, nothing left").format(
        players=names, stakes=pot_words(pot, stake),
        share=share_words(pot, max(1, len(players))))


def restart_words(rules: Any) -> str:
    """What everybody gets back when all went out in one deal, in the game's own terms: Campli's
    three marks again (K18), the digital game's three lives (D8: «vender alle fire spillere
    tilbage med tre liv»): the step's words and the verdict's."""
    n = rules.initial_marks if rules is not None else 3
    if rules is not None and counter_words(rules)[0] == "life":
        return ngettext("all return with {n} life", "all return with {n} lives", n).format(n=n)
    return ngettext("everybody gets {n} mark again", "everybody gets {n} marks again", n).format(n=n)


def _asked(rules: Any) -> str:
    """The offerer's question to the innkeeper in the ruleset's language (K14: 'pagherai se
    null?'; the digital page's 'betal hvis nul', D6)."""
    try:
        return say(rules, "ask") if rules is not None else "pagherai se null?"
    except ValueError:
        return "pagherai se null?"


def _bound_text(ev: Any, leaf: Any, subst: dict[Card, Card], shown: Optional[dict[str, Optional[str]]], rules: Any,
                nm: Any, card_name: Any) -> str:
    """The line of an event that depends on more than the event: the showdown's cards (``shown``:
    '?' for one that varies between the outcome's cases), the F2 dealer's discards, a card the
    outcome's case binds."""
    card = card_name(ev.card) if ev.card is not None else None
    text = _event_text(ev, nm, card, rules)
    if ev.kind == _KEEPS_HIGHEST:
        low = [_card(c, subst, rules) for c in leaf.start.stack[-2:]]
        if all(low):
            text += " (" + _("{a} and {b}").format(a=low[0], b=low[1]) + ")"
    elif ev.kind == _SHOWDOWN:
        st = leaf.state
        live = []
        for s in st.order:
            if not st.dead[s]:
                name = nm(s)
                c = card_name(st.hands[s]) if shown is None or shown.get(name) is not None else None
                live.append(f"{name} {c or '?'}")
        text += " (" + ", ".join(live) + ")"
    return text


def _line_of(ev: Any, memo: dict[Any, tuple[str, Optional[str], str]], leaf: Any, subst: dict[Card, Card],
             shown: Optional[dict[str, Optional[str]]], rules: Any, nm: Any,
             card_name: Any) -> tuple[str, Optional[str], str]:
    """One event's (rule, source, text) for the steps.  The common case first: a line this
    table's memo holds (a card the outcome's case binds is named afresh: the memo's line was
    written without the binding)."""
    known = memo.get(ev)
    if known is not None and not (subst and ev.card in subst):
        return known
    if ev.kind in (_SHOWDOWN, _KEEPS_HIGHEST) or (
            ev.card is not None and ev.card in subst):
        # the showdown's cards, the F2 dealer's discards and a card bound by the outcome's case
        # depend on more than the event: written each time
        return (ev.rule, _source(ev.rule), _bound_text(ev, leaf, subst, shown, rules, nm, card_name))
    card = card_name(ev.card) if ev.card is not None else None
    line = memo[ev] = (ev.rule, _source(ev.rule), _event_text(ev, nm, card, rules))
    return line


def steps_of(pos: Position, leaf: Any, subst: dict[Card, Card],
             shown: Optional[dict[str, Optional[str]]] = None,
             vary: frozenset[tuple[int, int]] = frozenset()) -> list[dict[str, Any]]:
    """The ruling's steps: every engine event with its rule and source.  ``subst`` binds the
    unknown cards known in every case of the outcome ('a card the position does not give' for
    the rest); ``shown`` the cards shown at the showdown in those cases ('?' where they vary);
    ``vary`` the (step, event) places whose card is not the same in every case the leaf stands
    for (F2: the dealer's kept card, 'anything but as'): said as a card the position does not
    give, not as the leaf's own card."""
    names = pos.players

    def nm(s: Optional[int]) -> str:
        return names[s] if s is not None and 0 <= s < len(names) else "-"

    out: list[dict[str, Any]] = []
    told = _Telling(pos, leaf, subst, shown, nm, _card_namer(pos.rules, subst), _texts(pos.rules, names),
                    iter(_way_back_cards(leaf)))
    for k, (i, events) in enumerate(leaf.steps):
        if vary:
            events = [ev._replace(card=None) if (k, j) in vary else ev for j, ev in enumerate(events)]
        at, head = _entry_head(pos, i, told.texts.headings)
        told.step(out, events, at, head)
    return out


def _way_back_cards(leaf: Any) -> list[tuple[Optional[Card], Optional[Card]]]:
    """The cards of each exchange on L8's way back, in order: (the card the holder gives, the
    one he takes).  No engine event names them: they are read off the hands the events move
    (:func:`~cucu_ref.game.history.fold`, from the deal's start); [] where there is no way back."""
    events = [ev for _, evs in leaf.steps for ev in evs]
    if not any(ev.kind == _EXCHANGE and ev.rule == "L8" for ev in events):
        return []
    record = fold(events, leaf.start.hands, leaf.state.hands)
    return [(m.gave, m.took) for m in record.moves if m.kind == _EXCHANGE and m.rule == "L8"]


def _card_namer(rules: Any, subst: dict[Card, Card]) -> Callable[[Optional[Card]], Optional[str]]:
    """Each card's printed name, looked up once; where the outcome binds no card (every fully
    known position) a name depends on the card and the ruleset only, so it is kept for the next
    position of the batch (the showdown's line names every live card)."""
    printed: dict[Card, Optional[str]] = {} if subst else _of_rules(_NAMED, rules)

    def card_name(c: Optional[Card]) -> Optional[str]:
        if c is None:
            return None
        try:
            return printed[c]
        except KeyError:
            name = printed[c] = _card(c, subst, rules)
            return name
    return card_name


def _entry_head(pos: Position, i: Optional[int], headings: dict[Any, str]) -> tuple[Optional[str], str]:
    """A step's place (the history entry's JSON path, None for the deal's own start) and its
    heading ('Anna offers:'; 'The deal', in the ruling's language), each entry's looked up once."""
    if i is None:
        return None, _("The deal")  # (the heading is a spoken field: in the ruling's language)
    entry = pos.history[i]
    head = headings.get(entry)
    if head is None:
        head = headings[entry] = heading(pos, entry)
    return entry.path, head


class _Telling(NamedTuple):
    """What :func:`steps_of` tells every step of one outcome with: the position, the leaf, the
    cards bound and shown, the names of seats and cards, the memo of texts."""

    pos: Position
    leaf: Any
    subst: dict[Card, Card]
    shown: Optional[dict[str, Optional[str]]]
    nm: Callable[[Optional[int]], str]
    card_name: Callable[[Optional[Card]], Optional[str]]
    texts: _Texts
    way_back: Iterator[tuple[Optional[Card], Optional[Card]]]  # L8's exchanges' cards (_way_back_cards)

    def step(self, out: list[dict[str, Any]], events: Any, at: Optional[str], head: str) -> None:
        """One step's events as lines of ``out``: the entry's first line carries its heading; a
        mark the showdown's notes already name is not said again; S6's joint winners once."""
        memo, subst, rules = self.texts.events, self.subst, self.pos.rules
        said: set[int] = set()  # seats whose showdown mark the showdown's notes already name
        head_due = not out or out[-1]["at"] != at  # the entry's first step carries its heading
        met = None  # the entry's last targeted event card (C2): the reason of the marks it costs
        for ev in events:
            kind = ev.kind
            if kind == _ARRESTO:
                met = ev
            elif kind == _SHOWDOWN:
                met = None  # the showdown's marks have their own reasons (its notes)
            if said and kind == _MARK_LOST and ev.seat in said:
                said.discard(ev.seat)
                continue
            if kind == _JOINT:  # S6: the joint winners said once (at the first), with each one's share
                if ev is next(w for w in events if w.kind == _JOINT):
                    out.append(_joint_step(ev, events, at, head if head_due else None, self.nm, rules.stake))
                    head_due = False
                continue
            known = memo.get(ev)  # (the common case, a line the memo holds, without a call)
            rule, source, text = (known if known is not None and not (subst and ev.card in subst)
                                  else _line_of(ev, memo, self.leaf, subst, self.shown, rules, self.nm,
                                                self.card_name))
            if kind == _EXCHANGE and rule == "L8":
                text = self.way_back_text(ev, text)
            elif kind == _OFFER and rule == "F3" and any(w.kind in _TALON for w in events):
                # F4: the last player's request goes to the talon, not to the dealer at his right
                text = _(EVENT_TEXT_BY_RULE[("offer", "F4")]).format(seat=self.nm(ev.seat))
            if head_due:
                out.append({"at": at, "rule": rule, "source": source, "text": text, "heading": head})
                head_due = False
            else:
                out.append({"at": at, "rule": rule, "source": source, "text": text})
            if kind in _MARKS:
                why = _why(ev, met, self.nm, self.card_name)
                if why:
                    out[-1]["why"] = why
            if kind == _SHOWDOWN and all(ph in subst for _, ph in self.leaf.know.held):
                # (a leaf standing for several cases of unknown cards gets no notes: they would
                # explain one of its cases only)
                notes, named = _showdown_notes(self.pos, self.leaf, subst, at, head, self.texts)
                out.extend(notes)
                said = named


    def way_back_text(self, ev: Any, text: str) -> str:
        """An exchange on L8's way back with its cards named ('Bruno gives the II to Anna for the
        V': the card goes back, 'cart'arrit'); ``text``, the bare exchange, where one is unknown."""
        gave, took = (self.card_name(c) for c in next(self.way_back, (None, None)))
        if gave is None:
            return text
        template = _WAY_BACK if took is not None else _WAY_BACK_UNKNOWN
        return _(template).format(seat=self.nm(ev.seat), other=self.nm(ev.other), card=gave, took=took)


def _joint_step(ev: Any, events: Any, at: Optional[str], head: Optional[str], nm: Any,
                stake: int = 1) -> dict[str, Any]:
    """S6's joint winners of a step as one line (``head``: the entry's heading, where due)."""
    winners = [nm(w.seat) for w in events if w.kind == _JOINT]
    text = joint_winners_text(winners, ev.amount, stake)
    step = {"at": at, "rule": ev.rule, "source": _source(ev.rule), "text": text}
    if head is not None:
        step["heading"] = head
    return step


def _why(ev: Any, met: Any, nm: Any, card_name: Any) -> Optional[str]:
    """Why a mark is lost or gained during the deal, in words a table says: 'offered to Carla's
    XII Gnaf' (K11, K13, L8: the offer met a hunter or a cat), 'paid by Bruno, whose offer met the
    XII Gnaf' (Z5), 'refused the exchange and paid' (Q9); None where no event card says why."""
    if ev.kind == _MARK_LOST and ev.rule == "Q9":
        return _("refused the exchange and paid")
    if met is None:
        return None
    card = card_name(met.card) or _("event card")
    if ev.kind == _MARK_LOST and ev.seat == met.other:
        return _("offered to {player}'s {card}").format(player=nm(met.seat), card=card)
    if ev.kind == _MARK_GAINED and ev.seat == met.seat:
        return _("paid by {player}, whose offer met the {card}").format(player=nm(met.other), card=card)
    return None


# the scoring module's notes name seats by number: 'seat(s) 0, 2', 'seat 1'
_NUMBER = re.compile(r"\d+")
_SEATS = re.compile(r"seat\(s\) (\d+(?:, \d+)*)")
_SEAT = re.compile(r"seat (\d+)")


# The scoring module's notes (cucu_ref.game.scoring, standard library only: English), with the
# seats named, as messages to translate: each is matched whole, its names kept
_NOTES = (
    N_("{player} hinted at holding a fool and gains nothing"),
    N_("both fools are in play: they rank above XV and each holder gains a mark"),
    N_("both fools are in play: they rank above XV and each holder gains a life"),
    N_("both fools are in play: they lose nothing and each holder gains a mark from the cup"),
    N_("both fools are in play: they rank 14½, between XV and XIIII"),
    N_("a single fool is in play: {player} holding it loses"),
    N_("with two fools in play the fools never lose (the reading taken of Q10)"),
    N_("every live card is of the same rank: nobody loses (the reading taken of Q11)"),
    # (the scoring module says the reading, 'first' (L3) or 'last' (R4), inside the note: each is
    # a message of its own, so that no English word of an option stands in a translation)
    N_("two players left with cards of one rank: only {player} loses (first in play order)"),
    N_("two players left with cards of one rank: only {player} loses (last in play order)"),
    N_("{n} cards tie lowest; only {player} loses (first in play order)"),
    N_("{n} cards tie lowest; only {player} loses (last in play order)"),
    N_("lowest card: {players} loses a mark"),
    N_("lowest card: {players} loses a life"),
    N_("lowest card: {players} lose a mark each"),
    N_("lowest card: {players} lose a life each"),
    N_("lowest card: {players}"),  # (all of them spared by a cuckoo: after the others, which it would match)
    N_("a cuckoo never loses: {players} spared"),
    N_("both hold a cuckoo: neither loses"),
    N_("{player} loses with the nulla: innkeeper {keeper} pays instead"),
    N_("{player} loses with the nulla, but the innkeeper has no mark left: {player} pays it "
       "(the reading taken of Q12)"),
    N_("{player} loses with the nulla and the innkeeper has no mark left: nobody pays it (the reading taken of Q12)"),
    # the digital game's own words: its 0 is 'nul' («betal hvis nul», D6) and it counts lives (D1).
    # Q12's notes are met there under Q2's other reading only: the dealer still acts last
    # («Giveren handler sidst», D3) after his kro accepted, takes a nul from the stack and loses
    # his last life as lowest himself (tests/cli/test_issue24_slips6.py)
    N_("{player} loses with a nul: innkeeper {keeper} pays instead"),
    N_("{player} loses with a nul, but the innkeeper has no life left: {player} pays it (the reading taken of Q12)"),
    N_("{player} loses with a nul and the innkeeper has no life left: nobody pays it (the reading taken of Q12)"),
)
# The scoring module's words where the ruling says a note otherwise: no 'his' for a player who
# may be Anna (issue 24 §2), no reading's identifier ('exempt') where the open question is meant
_SAID_FOR = {
    "{player} hinted at his fool and gains nothing": "{player} hinted at holding a fool and gains nothing",
    "with two fools in play the fools never lose (Q10 'exempt')":
        "with two fools in play the fools never lose (the reading taken of Q10)",
    "every live card is of the same rank: nobody loses (Q11 'nobody-loses')":
        "every live card is of the same rank: nobody loses (the reading taken of Q11)",
    "{player} loses with the nulla, but his innkeeper has no mark left: he pays it himself (Q12 'offerer')":
        "{player} loses with the nulla, but the innkeeper has no mark left: {player} pays it "
        "(the reading taken of Q12)",
    "{player} loses with the nulla and his innkeeper has no mark left: nobody pays it (Q12 'nobody')":
        "{player} loses with the nulla and the innkeeper has no mark left: nobody pays it (the reading taken of Q12)",
    # (the same in the digital game's words: _showdown_notes says its nul and its lives first)
    "{player} loses with a nul, but his innkeeper has no life left: he pays it himself (Q12 'offerer')":
        "{player} loses with a nul, but the innkeeper has no life left: {player} pays it (the reading taken of Q12)",
    "{player} loses with a nul and his innkeeper has no life left: nobody pays it (Q12 'nobody')":
        "{player} loses with a nul and the innkeeper has no life left: nobody pays it (the reading taken of Q12)",
}
_SCORING_SAYS = {said: note for note, said in _SAID_FOR.items()}
# the notes said otherwise in English too: 'his' or a reading's identifier in them
_RESAID = re.compile(r"\bhis\b|\(Q1[012] '")
_FIELD = re.compile(r"\\\{(\w+)\\\}")


@cache
def _note_patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each note's pattern, compiled at the first note said otherwise (cold start)."""
    return tuple((re.compile("^" + _FIELD.sub(r"(?P<\1>.+?)", re.escape(_SCORING_SAYS.get(msg, msg))) + "$"), msg)
                 for msg in _NOTES)


def _translated_note(text: str) -> str:
    """A showdown note (English, names in it) in the active language; as it is where no
    message matches it."""
    for pattern, msg in _note_patterns():
        m = pattern.match(text)
        if m:
            return _(msg).format(**m.groupdict())
    return text


def _marks_at_showdown(leaf: Any) -> list[int]:

    """The marks each seat holds as the cards are shown, which the showdown's limits read (Q12:
    an innkeeper with no mark left pays no guarantee; K16): the deal's start, less the marks
    lost and plus those gained before the showdown, a buy-back's marks (K17, L11)."""
    marks = list(leaf.start.marks)
    for _at, events in leaf.steps:
        for ev in events:
            kind = ev.kind
            if kind == _SHOWDOWN:
                return marks
            if kind == _MARK_LOST:
                marks[ev.seat] -= max(ev.amount, 1)
            elif kind == _MARK_GAINED:
                marks[ev.seat] += max(ev.amount, 1)
            elif kind == _BUY_BACK:
                marks[ev.seat] = leaf.start.rules.initial_marks
    return marks


# scoring's tie note 'N cards tie lowest; only seat 2 loses (last in play order)' (L3, R4)
_ONLY_ONE = re.compile(r"only seat \d+ loses \((?:first|last) in play order\)$")


def _showdown_scored(leaf: Any, subst: dict[Card, Card]) -> Any:
    """The scoring module's evaluation of the leaf's showdown, the placeholders given the cards
    of ``subst``; None while a live card is still unknown (nothing to explain yet)."""
    st = leaf.state
    live = [(s, subst.get(st.hands[s], st.hands[s])) for s in st.order if not st.dead[s]]
    dead = [(s, subst.get(st.hands[s], st.hands[s])) for s in st.order if st.dead[s] and st.hands[s] is not None]
    if any(is_placeholder(c) for _, c in live):
        return None
    try:
        # (the marks limit only a guarantee, scoring.pay: without one they are not looked up)
        marks = _marks_at_showdown(leaf) if st.guarantees else None
        return evaluate(leaf.start.rules, live, dead, st.guarantees, st.hinted, marks=marks)
    except Exception:  # pragma: no cover - explanations only
        return None


def _named_note(note: tuple[str, str], names: tuple[str, ...]) -> tuple[str, frozenset[int]]:
    """A scoring note (English, seats by number) with the players' names for its seats, and the
    seats whose mark it says they lose: the lowest card's (K15), a single fool's (C3), the one
    tied lowest who loses alone (L3, R4; issue 24 §2)."""

    def seats(m: "re.Match[str]") -> str:  # 'Anna and Carla', as a person lists them
        named = [names[int(x)] for x in _NUMBER.findall(m.group(1))]
        if len(named) == 1:
            return named[0]
        return _("{names} and {last}").format(names=", ".join(named[:-1]), last=named[-1])

    def seat(m: "re.Match[str]") -> str:
        return names[int(m.group(1))]

    _rule, text = note
    lowest = text.startswith("lowest card: seat(s) ") and text.endswith(" lose a mark")
    says: frozenset[int] = frozenset()  # the seats whose mark the note says they lose
    if lowest or (text.startswith("a single fool is in play: seat ") and text.endswith(" holding it loses")):
        says = frozenset(int(x) for x in _NUMBER.findall(text))
    elif (only := _ONLY_ONE.search(text)) is not None:  # L3, R4: the tied lowest who loses (issue 24 §2)
        says = frozenset(int(x) for x in _NUMBER.findall(only.group(0)))
    if lowest:
        # one loses a mark; several lose one each (K15: «dann verlieren beide eine Marke»)
        text = text[:-len(" lose a mark")] + (" loses a mark" if len(says) == 1 else " lose a mark each")
    text = _SEATS.sub(seats, text)
    text = _SEAT.sub(seat, text)
    return text, says


def _showdown_notes(pos: Position, leaf: Any, subst: dict[Card, Card], at: Optional[str],
                    head: str, texts: Optional[_Texts] = None) -> tuple[list[dict[str, Any]], set[int]]:
    """The showdown's reasoning as the scoring module explains it (with names for seats), and
    the seats whose mark a note already says they lose."""
    result = _showdown_scored(leaf, subst)
    if result is None:
        return [], set()
    memo = texts.notes if texts is not None else {}
    lives = counter_words(pos.rules)[0] == "life"  # the scoring module's notes count marks (D1, R1, S5)
    kro = pos.rules.cites("inn") == "D6"  # the digital game's inn, whose guarantee Q12's notes may name
    translating = language() != "en"
    notes = []
    named: set[int] = set()
    # the seats a cuckoo spares (Q3, D7, Z9): the lowest card's note names them without a loss
    spared = {int(x) for rule, text in result.notes if text.startswith("a cuckoo never loses: ")
              for x in _NUMBER.findall(text)}
    for note in result.notes:
        known = memo.get(note)
        if known is None:
            known = memo[note] = _named_note(note, pos.players)
        text, says = known
        if says and says <= spared and text.startswith("lowest card: "):
            text, says = text[:text.rindex(" lose")], frozenset()  # 'lowest card: Bruno and Carla'
        if lives:
            text = text.replace(" a mark", " a life")
        if note[0] == "D6" or (note[0] == "Q12" and kro):  # the digital inn: its 0 is 'nul', it counts lives (D1)
            text = text.replace("with the nulla", "with a nul").replace("no mark left", "no life left")
        if translating or _RESAID.search(text):
            text = _translated_note(text)
        named |= says
        rule = note[0]
        notes.append({"at": at, "rule": rule, "source": _source(rule), "text": text})
    return notes, named
