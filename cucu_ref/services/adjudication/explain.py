"""Explanations: the ruling's steps as a person reads them, each citing its rule and source.

Every engine event becomes a line in the words of the ruleset's own source (the Coucou
dealer keeps 'the card he chose', never 'sto bene'); the showdown's reasoning comes from
:mod:`cucu_ref.game.scoring`; a mark the showdown's reasoning already names is not said twice.
Each step carries the JSON path of the history entry that led to it (``at``) and a heading
a person reads (``heading``: "Anna offers").
"""

from __future__ import annotations

import re
from typing import Any, Optional

from ...game import cards as _cards
from ...game.cards import Card
from ...formats.position import ROLE_CALL, HistoryEvent, Position
from ...game.rulesets import by_identity
from ...game.scoring import evaluate
from ...game.state import EventKind
from ...formats.sources import RULES, cite
from ...formats.vocabulary import call, counter_words, display_label, say
from .model import is_placeholder

__all__ = ["steps_of", "heading", "EVENT_TEXT", "EVENT_TEXT_BY_RULE"]


EVENT_TEXT = {
    "shuffle": "{seat} deals: one card at a time to the right, starting right of the dealer",
    "deal": "{seat} is dealt {card}",
    "keep": "{seat} keeps the card",
    "offer": "{seat} offers the card to the next player",
    "exchange": "{seat} and {other} exchange cards",
    "arresto": "{seat} holds {card}: the offer from {other} stops there",
    "skip": "the offer from {other} jumps over {seat}'s horse to the next player",
    "exchange-with-stack": "{seat} exchanges the card with the stack",
    "mark-lost": "{seat} loses a {mark}",
    "mark-gained": "{seat} gains a {mark}",
    "out": "{seat} has no {marks} left: out",
    "undo": "exchange undone: {seat} takes back the {held} from {other}",
    "fermatevi": "{seat} says 'fermatevi aliquanto' to {other}",
    "keep-after-fermatevi": "{seat} keeps the card after all",
    "ask-pagherai-se-null": "{seat} asks the innkeeper {other}: '{ask}'",
    "accept": "the innkeeper {seat} accepts: no exchange; {seat} pays if {other} loses with a nulla",
    "refuse": "the innkeeper {seat} refuses and must exchange with {other}",
    "showdown": "showdown: the live cards are compared",
    "buy-back-offer": "{seat} may buy back in for {stakes}",
    "buy-back": "{seat} buys back in for {stakes}",
    "decline-buy-back": "{seat} does not buy back",
    "restart": "everybody went out in this deal: all get their marks again",
    "draw": "everybody went out in this deal: a draw, all play again",
    "next-dealer": "{seat} deals next",
    "winner": "{seat} wins the match and the pot ({stakes})",
    "dead-card-under-stack": "{seat}'s dead card goes under the stack",
    "inn-bargain": "{seat} has the inn and asks {other} what he offers",
    "hint": "{seat} hinted at holding a fool",
    "offer-back": "{seat} must offer the card back to the left, to {other} ('cart'arrit')",
    "way-back-ends": "the way back ends at {seat}",
    "exchange-with-talon": "{seat} exchanges the card with the talon",
    "talon-king": "the card on the talon is {card}: {seat} may not exchange with it",
    "dealer-keeps-highest": "{seat}, the dealer, takes three cards, keeps the highest ({card}) and puts the other two "
                            "under the talon",
    "refuse-and-pay": "{seat} refuses the exchange and pays a {mark}",
    "stack-king": "{seat} cuts a {card} from the stock: it goes back and {seat} keeps the card held",
    "joint-winner": "{seat} is a joint winner: the last players went out together and share the pot "
                    "({stakes})",
    "keep-last-life": "{seat} keeps a last life: the last players went out together",
}
# Where a ruleset's own rule gives an event another meaning (kind, rule) -> text.
EVENT_TEXT_BY_RULE = {
    # L7: Lu Stù's innkeeper answers the offerer's bargain; there is no second offer
    ("accept", "L7"): "the innkeeper {seat} accepts {other}'s bargain: they exchange cards",
    ("refuse", "L7"): "the innkeeper {seat} turns down {other}'s bargain ('fatt nu bicchijr'): {seat} keeps the inn "
                      "and pays if {other} loses with the nulla",
    ("arresto", "F3"): "{seat} holds the {card} and says 'Coucou!': no exchange with {other}",
    ("arresto", "A1"): "{seat} shows the {card}: no exchange with {other}",
    ("arresto", "H2"): "{seat} holds the {card} and says 'Her!': no exchange with {other}",
    # As Qui Court (Q18 'keeps-own'): Coucou's talon rule met by the dealer
    ("stack-king", "F4"): "the talon's card is a king: the dealer {seat} may not exchange with it and keeps his card",
    # D6: the digital game's inn is shown, and pauses the request; nobody says 'fermatevi'
    ("fermatevi", "D6"): "the inn pauses the request: {other} may keep the card or ask {seat} to pay if a nulla "
                         "loses",
    ("mark-lost", "Q9"): "{seat} refuses the exchange and puts a {mark} in the cup",
    # the ordinary-pack games: their own words, and every card dealt before play begins
    ("shuffle", "F2"): "{seat} deals one card to each player, starting right of the dealer, before play begins",
    ("shuffle", "H1"): "{seat} deals one card to each player, starting right of the dealer, before play begins",
    ("shuffle", "R2"): "{seat} deals one card to each player before play begins",
    ("shuffle", "Z3"): "{seat} deals one card to each player before the requests travel ('passare alla stafetta')",
    ("keep", "F3"): "{seat} keeps the card ('je garde')",
    ("offer", "F3"): "{seat} asks the right neighbour to exchange ('je change')",
    ("keep", "H1"): "{seat} keeps the card",
    ("offer", "H1"): "{seat} asks the neighbour to exchange",
    ("keep", "R2"): "{seat} keeps the card",
    ("offer", "R2"): "{seat} asks the neighbour to change",
    ("arresto", "S3"): "{seat} exposes the {card}: no exchange with {other}",
    ("shuffle", "S2"): "{seat} deals one card to each player before play begins",
    ("keep", "S2"): "{seat} keeps the card",
    ("offer", "S2"): "{seat} tries to exchange with the next player",
    ("keep", "S4"): "{seat}, the dealer, keeps the card",
    ("exchange-with-stack", "S4"): "{seat}, the dealer, exchanges the card for one cut from the stock",
    # Campli's words (K5, K8) and the rulesets that cite them
    ("keep", "K5"): "{seat} keeps the card ('sto bene')",
    ("offer", "K5"): "{seat} offers the card to the next player ('passo')",
    ("keep", "K8"): "{seat}, the dealer, keeps the card",
    ("keep", "D3"): "{seat} keeps the card",
    ("offer", "D3"): "{seat} asks the next player to exchange",
    ("keep", "F4"): "{seat}, the dealer, keeps the card chosen from the three",
    ("keep", "A4"): "{seat}, the dealer, keeps the card",
    ("keep", "L8"): "{seat} keeps the card",
}


_DOING = {
    "keep": "{p} keeps", "offer": "{p} offers", "ask": "{p} asks 'pagherai se null?'", "accept": "{p} accepts",
    "refuse": "{p} refuses", "dealer-exchange": "{p} exchanges with the stack", "buy-back": "{p} buys back",
    "decline": "{p} does not buy back", "agree": "{p} agrees to exchange", "pay-to-refuse": "{p} pays to refuse",
    "hint": "{p} hints at a fool", "stack-exchange": "{p} exchanges with the stack",
}
_DOING_FRENCH = {"keep": "{p} keeps ('je garde')", "offer": "{p} asks to exchange ('je change')",
                 "stack-exchange": "{p} exchanges with the talon"}


def heading(pos: Position, e: HistoryEvent) -> str:
    """A history entry as a person reads it: 'Anna offers', 'Carla: gnaf', 'Bruno pays 2 marks'."""
    names = pos.players
    p = names[e.seat]
    french = pos.rules.pack.startswith("french")
    card = _printed(pos.rules, e.card) if e.card is not None else None
    if e.verb == "deal":
        return f"{p} is dealt {card}" if card else f"{p} is dealt a card"
    if e.verb == "exchange":
        return f"{p} and {names[e.other] if e.other is not None else '?'} exchange"
    if e.verb == "announce":
        return f"{p}: '{ROLE_CALL.get(e.role or '', e.role)}'"
    if e.verb == "pays":
        return f"{p} pays {e.amount} mark{'s' if e.amount != 1 else ''}"
    if e.verb == "shows":
        return f"{p} shows {card or 'his card'}"
    if e.verb == "act":
        return f"{p}: {e.kind}"
    text = (_DOING_FRENCH.get(e.verb) if french else None) or _DOING.get(e.verb, "{p}: " + e.verb)
    text = text.format(p=p)
    if card and e.verb in ("dealer-exchange", "stack-exchange"):
        text += f" and takes {card}"
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


_CITED: dict[str, Optional[str]] = {}  # rule ID -> its citation (sources.cite over the constant RULES)


def _source(rule: str) -> Optional[str]:
    """The rule with its source ('K13 (N. Farina 2010, §Ereigniskarten)'), None for a rule
    the sources do not hold."""
    try:
        return _CITED[rule]
    except KeyError:  # first time (a rule the sources do not hold is kept as None as well)
        cited = _CITED[rule] = cite(rule) if rule in RULES else None
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
    texts = by_names.get(names)
    if texts is None or len(texts.events) + len(texts.headings) + len(texts.notes) > _MEMO_SIZE:
        if len(by_names) > 64:
            by_names.clear()
        texts = by_names[names] = _Texts()
    return texts


# A targeted event card (C2) as its holder meets the offer, by role: the call the ruleset's source
# prints (K10-K14; 'zumb', L9; 'Gnau', Z5: vocabulary.call).  A horse does not stop the offer, it
# lets it jump (K12): its 'skip' line says where the offer goes.
ARRESTO_TEXT = {
    "cuckoo": "{seat} holds {card}: '{call}!', no exchange with {other}",
    "hunter": "{seat} holds {card}: '{call}!', no exchange with {other}",
    "horse": "{seat} holds {card}: '{call}!'",
    "cat": "{seat} holds {card}: '{call}!', no exchange with {other}",
    "inn": "{seat} holds {card}, the inn: the offer from {other} waits",
}
# The rulesets whose event cards are shown, not called (the digital game, D4-D6)
ARRESTO_SHOWN = {
    "cuckoo": "{seat} shows {card}: no exchange with {other}",
    "hunter": "{seat} shows {card}: no exchange with {other}",
    "horse": "{seat} shows {card}",
    "cat": "{seat} shows {card}: no exchange with {other}",
    "inn": "{seat} shows {card}, the inn: the offer from {other} waits",
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
    if ev.kind == EventKind.EXCHANGE_WITH_STACK:
        return f"{nm(ev.seat)} exchanges the card with the {'bottom' if ev.amount else 'top'} card of the stack"
    template = EVENT_TEXT_BY_RULE.get((ev.kind, ev.rule))
    if template is None and ev.kind == EventKind.ARRESTO:
        template = _arresto_template(ev, rules)
    if template is None:
        template = EVENT_TEXT.get(ev.kind, ev.kind + " ({seat})")
    role = rules.role_of_card.get(ev.card) if rules is not None and ev.card is not None else None
    mark, marks = counter_words(rules) if rules is not None else ("mark", "marks")
    return template.format(seat=nm(ev.seat), other=nm(ev.other), card=card or "a card the position does not give",
                           amount=ev.amount, stakes=f"{ev.amount} stake{'' if ev.amount == 1 else 's'}",
                           call=call(rules, role) if role is not None else "", mark=mark, marks=marks,
                           held=card or "card", ask=_asked(rules) if ev.kind == EventKind.ASK_PAGHERAI_SE_NULL else "")


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
    if ev.kind == EventKind.DEALER_KEEPS_HIGHEST:
        low = [_card(c, subst, rules) for c in leaf.start.stack[-2:]]
        if all(low):
            text += f" ({low[0]} and {low[1]})"
    elif ev.kind == EventKind.SHOWDOWN:
        st = leaf.state
        live = []
        for s in st.order:
            if not st.dead[s]:
                name = nm(s)
                c = card_name(st.hands[s]) if shown is None or shown.get(name) is not None else None
                live.append(f"{name} {c or '?'}")
        text += " (" + ", ".join(live) + ")"
    return text


def steps_of(pos: Position, leaf: Any, subst: dict[Card, Card],
             shown: Optional[dict[str, Optional[str]]] = None) -> list[dict[str, Any]]:
    """The ruling's steps: every engine event with its rule and source.  ``subst`` binds the
    unknown cards known in every case of the outcome ('a card the position does not give' for
    the rest); ``shown`` the cards shown at the showdown in those cases ('?' where they vary)."""
    names = pos.players
    rules = pos.rules

    def nm(s: Optional[int]) -> str:
        return names[s] if s is not None and 0 <= s < len(names) else "-"

    out: list[dict[str, Any]] = []
    # each card's printed name, looked up once; where the outcome binds no card (every fully
    # known position) a name depends on the card and the ruleset only, so it is kept for the next
    # position of the batch (the showdown's line names every live card)
    printed: dict[Card, Optional[str]] = {} if subst else _of_rules(_NAMED, rules)

    def card_name(c: Optional[Card]) -> Optional[str]:
        if c is None:
            return None
        try:
            return printed[c]
        except KeyError:
            name = printed[c] = _card(c, subst, rules)
            return name

    texts = _texts(rules, names)
    memo, headings = texts.events, texts.headings
    history = pos.history
    for i, events in leaf.steps:
        if i is not None:
            entry = history[i]
            at = entry.path
            head = headings.get(entry)
            if head is None:
                head = headings[entry] = heading(pos, entry)
        else:
            at, head = None, "The deal"
        said: set[int] = set()  # seats whose showdown mark the showdown's notes already name
        head_due = not out or out[-1]["at"] != at  # the entry's first step carries its heading
        met = None  # the entry's last targeted event card (C2): the reason of the marks it costs
        for ev in events:
            if ev.kind == EventKind.ARRESTO:
                met = ev
            elif ev.kind == EventKind.SHOWDOWN:
                met = None  # the showdown's marks have their own reasons (its notes)
            if said and ev.kind == EventKind.MARK_LOST and ev.seat in said:
                said.discard(ev.seat)
                continue
            # the common case first: a line this table's memo holds (a card the outcome's case
            # binds is named afresh: the memo's line was written without the binding)
            known = memo.get(ev)
            if known is None or (subst and ev.card in subst):
                kind = ev.kind
                if kind in (EventKind.SHOWDOWN, EventKind.DEALER_KEEPS_HIGHEST) or (
                        ev.card is not None and ev.card in subst):
                    # the showdown's cards, the F2 dealer's discards and a card bound by the outcome's
                    # case depend on more than the event: written each time
                    known = (ev.rule, _source(ev.rule), _bound_text(ev, leaf, subst, shown, rules, nm, card_name))
                else:
                    card = card_name(ev.card) if ev.card is not None else None
                    known = memo[ev] = (ev.rule, _source(ev.rule), _event_text(ev, nm, card, rules))
            rule, source, text = known
            if head_due:
                out.append({"at": at, "rule": rule, "source": source, "text": text, "heading": head})
                head_due = False
            else:
                out.append({"at": at, "rule": rule, "source": source, "text": text})
            if ev.kind == EventKind.MARK_LOST or ev.kind == EventKind.MARK_GAINED:
                why = _why(ev, met, nm, card_name)
                if why:
                    out[-1]["why"] = why
            if ev.kind == EventKind.SHOWDOWN and all(ph in subst for _, ph in leaf.know.held):
                # (a leaf standing for several cases of unknown cards gets no notes: they would
                # explain one of its cases only)
                notes, named = _showdown_notes(pos, leaf, subst, at, head, texts)
                out.extend(notes)
                said = named
    return out


def _why(ev: Any, met: Any, nm: Any, card_name: Any) -> Optional[str]:
    """Why a mark is lost or gained during the deal, in words a table says: 'offered to Carla's
    XII Gnaf' (K11, K13, L8: the offer met a hunter or a cat), 'paid by Bruno, whose offer met the
    XII Gnaf' (Z5), 'refused the exchange and paid' (Q9); None where no event card says why."""
    if ev.kind == EventKind.MARK_LOST and ev.rule == "Q9":
        return "refused the exchange and paid"
    if met is None:
        return None
    card = card_name(met.card) or "event card"
    if ev.kind == EventKind.MARK_LOST and ev.seat == met.other:
        return f"offered to {nm(met.seat)}'s {card}"
    if ev.kind == EventKind.MARK_GAINED and ev.seat == met.seat:
        return f"paid by {nm(met.other)}, whose offer met the {card}"
    return None


# the scoring module's notes name seats by number: 'seat(s) 0, 2', 'seat 1'
_NUMBER = re.compile(r"\d+")
_SEATS = re.compile(r"seat\(s\) (\d+(?:, \d+)*)")
_SEAT = re.compile(r"seat (\d+)")
_LOWEST = re.compile(r"^(lowest card: [^,]+) lose a mark$")


def _marks_at_showdown(leaf: Any) -> list[int]:
    """The marks each seat holds as the cards are shown, which the showdown's limits read (Q12:
    an innkeeper with no mark left pays no guarantee; K16): the deal's start, less the marks
    lost and plus those gained before the showdown, a buy-back's marks (K17, L11)."""
    marks = list(leaf.start.marks)
    for _, events in leaf.steps:
        for ev in events:
            kind = ev.kind
            if kind == EventKind.SHOWDOWN:
                return marks
            if kind == EventKind.MARK_LOST:
                marks[ev.seat] -= max(ev.amount, 1)
            elif kind == EventKind.MARK_GAINED:
                marks[ev.seat] += max(ev.amount, 1)
            elif kind == EventKind.BUY_BACK:
                marks[ev.seat] = leaf.start.rules.initial_marks
    return marks


def _showdown_notes(pos: Position, leaf: Any, subst: dict[Card, Card], at: Optional[str],
                    head: str, texts: Optional[_Texts] = None) -> tuple[list[dict[str, Any]], set[int]]:
    """The showdown's reasoning as the scoring module explains it (with names for seats), and
    the seats whose mark a note already says they lose."""
    st = leaf.state
    live = [(s, subst.get(st.hands[s], st.hands[s])) for s in st.order if not st.dead[s]]
    dead = [(s, subst.get(st.hands[s], st.hands[s])) for s in st.order if st.dead[s] and st.hands[s] is not None]
    if any(is_placeholder(c) for _, c in live):
        return [], set()
    try:
        # (the marks limit only a guarantee, scoring.pay: without one they are not looked up)
        marks = _marks_at_showdown(leaf) if st.guarantees else None
        result = evaluate(leaf.start.rules, live, dead, st.guarantees, st.hinted, marks=marks)
    except Exception:  # pragma: no cover - explanations only
        return [], set()
    names = pos.players
    memo = texts.notes if texts is not None else {}
    lives = counter_words(pos.rules)[0] == "life"  # the scoring module's notes count marks (D1, R1, S5)

    def seats(m: "re.Match[str]") -> str:
        return ", ".join(names[int(x)] for x in _NUMBER.findall(m.group(1)))

    def seat(m: "re.Match[str]") -> str:
        return names[int(m.group(1))]

    notes = []
    named: set[int] = set()
    for note in result.notes:
        known = memo.get(note)
        if known is None:
            rule, text = note
            lowest = text.startswith("lowest card: seat(s) ") and text.endswith(" lose a mark")
            says: frozenset[int] = frozenset()  # the seats whose mark the note says they lose
            if lowest or (text.startswith("a single fool is in play: seat ") and text.endswith(" holding it loses")):
                says = frozenset(int(x) for x in _NUMBER.findall(text))
            text = _SEATS.sub(seats, text)
            text = _SEAT.sub(seat, text)
            text = _LOWEST.sub(r"\1 loses a mark", text)
            known = memo[note] = (text, says)
        text, says = known
        if lives:
            text = text.replace(" a mark", " a life")
        named |= says
        rule = note[0]
        notes.append({"at": at, "rule": rule, "source": _source(rule), "text": text})
    return notes, named
