"""Pictures of a deal: an SVG drawn from the engine's own values.

A deal is drawn from three things the engine gives: the state it started from, the
events :func:`cucu_ref.game.engine.step` emitted, and the state it ended in.  Nothing else is
consulted (not the adjudicator, not a preset's name), so a picture says exactly what the
engine did, rule by rule.

The table is a circle of seats seen from above.  The dealer sits at the bottom; play goes
to each player's *right* (K4), which seen from above is counter-clockwise, so the first
hand sits to the dealer's right on the page and the seats follow round to the dealer, who
is last.  Each seat shows the player's name, the card he was dealt and the card he ends
with, and his marks before and after.  Numbered arrows show what moved, in order, each
with its rule ID:

* exchanges (K7), and those on Lu Stù's way back to the left (L8);
* requests stopped by an event card, the *arresto* (K10-K14), and requests that jump a
  horse (K12);
* the cat's undo, card by card back to the player it was dealt to (K13);
* exchanges with the stack (K8, K12) and the talon (F4), the Coucou dealer's three cards
  (F2), a king cut from the stock and put back (S4), a dead card put under the stack (L10);
* a mark paid from one player to another (Z5) and the innkeeper's guarantee (K14, L7).

Marks lost and gained are badges beside the seat (``−1 K11``, ``+1 L4``).  Below the
circle a numbered list says in words what each arrow shows.

The output is deterministic (the same deal gives the same bytes), uses no library beyond
the standard one, and is a complete SVG document (:func:`deal_svg`) or a fragment for
inlining in HTML (``standalone=False``).  :func:`describe` gives the picture as plain
values, for tests and for other renderers.

A three-player Campli deal, dealt from the bottom of the stack (K4): Anna is dealt the XV,
Bruno the VI and Carla, the dealer, the II.  Anna offers (she may: the XV acts only when
it is asked for, C2), Bruno must exchange, and Carla's II loses at the showdown.

>>> from cucu_ref import Action, new_match, preset
>>> from cucu_ref.game.engine import play
>>> from cucu_ref.game.cards import PACKS, parse
>>> rules = preset("campli")
>>> start = new_match(rules, ["Anna", "Bruno", "Carla"], dealer=2)
>>> dealt = [parse(c) for c in ("XV", "VI", "II")]
>>> rest = list(PACKS["cuccu-40"].cards)
>>> for card in dealt:
...     rest.remove(card)
>>> stack = tuple(rest) + tuple(reversed(dealt))  # top first: the first card dealt is the bottom one
>>> final, events = play(start, [Action("shuffle", stack=stack), Action("offer", 0), Action("keep", 1),
...                             Action("keep", 2)])
>>> picture = describe(start, events, final)
>>> [(a.kind, a.source, a.target, a.rule) for a in picture.arrows]
[('exchange', 0, 1, 'K7')]
>>> [(s.name, s.dealt, s.final, s.marks_before, s.marks_after) for s in picture.seats]
[('Anna', 'XV Cucù', 'VI', 3, 3), ('Bruno', 'VI', 'XV Cucù', 3, 3), ('Carla', 'II', 'II', 3, 2)]
>>> deal_svg(start, events, final).startswith('<?xml version="1.0" encoding="UTF-8"?>')
True
"""

from __future__ import annotations

import hashlib
import math
import textwrap
from typing import NamedTuple, Optional, Sequence
from xml.sax.saxutils import escape, quoteattr

from ..formats.i18n import N_, gettext as _, ngettext
from ..formats.vocabulary import counter_words, display_label
from ..game.cards import PACKS, Card
from ..game.deal import seats_around
from ..game.rulesets import CAT, CUCKOO, HORSE, HUNTER, INN, Rules
from ..game.history import DealRecord, fold, up_to_next_dealer
from ..game.state import DEAL_PHASES, Event, EventKind, Phase, State
from .adjudication.explain import pot_words, restart_words, share_words

__all__ = ["Seat", "Arrow", "Badge", "Picture", "describe", "render_svg", "deal_svg", "STACK", "ARROW_KINDS"]

# Pseudo-seats for the arrows that go to or come from the pile in the middle of the table.
STACK = -1

# The arrow kinds, and how each is drawn: colour, dash pattern, heads at the start and end
# ("arrow", "bar" for a request that is stopped, "" for none).
_STYLE: dict[str, tuple[str, str, str, str]] = {
    "exchange": ("#1f5fbf", "", "arrow", "arrow"),
    "way-back": ("#b35900", "7 4", "arrow", "arrow"),
    "request": ("#6b7280", "", "", "bar"),
    "shot": ("#c8102e", "", "", "bar"),
    "horse": ("#6b7280", "3 3", "", "arrow"),
    "inn": ("#9a6700", "", "", "bar"),
    "undo": ("#7b3fbf", "5 3", "arrow", "arrow"),
    "stack": ("#18794e", "", "arrow", "arrow"),
    "stack-refused": ("#18794e", "3 3", "", "bar"),
    "from-stack": ("#18794e", "", "", "arrow"),
    "to-stack": ("#6b7280", "3 3", "", "arrow"),
    "mark": ("#c8102e", "2 3", "", "arrow"),
    "guarantee": ("#9a6700", "1 3", "", ""),
}
ARROW_KINDS = tuple(_STYLE)

# where a picture names who decides next: in a deal, or on buying back (K17, L11)
_DECISION_PHASES = DEAL_PHASES | {Phase.BUY_BACK}

# Seat box and page geometry, in SVG user units (pixels at 100 %).  The drawing is made to be
# shown anywhere from a phone's 390 px screen (about 360 px of it for the drawing) to a desktop:
# it is as narrow as its table allows (:func:`_radius`), at least _MIN_WIDTH, and its text is
# large enough for that (issue 31: a 700-unit drawing shrank its 12-unit legend to 5 px).
_TEXT, _SMALL, _TITLE = 13.0, 12.0, 15.0  # font sizes: seats and legend, the lesser lines, the title
_EM = 0.6  # a character's width over its font size, generously (DejaVu Sans, Verdana, a phone's sans)
_PROSE = 0.56  # the same for a line of prose, mostly lower case
_BOX_H = 60.0
_MIN_BOX_W = 96.0
_MARGIN = 14.0
_BADGE_W = 52.0
_PILE_W, _PILE_H = 68.0, 44.0
_LANE = 32.0  # the room left between two boxes for the arrows between them
_MIN_RADIUS = 70.0
_MIN_WIDTH = 380.0
_STRETCH = 1.2  # the table's width over its height
# A phone: a 390 px screen leaves a documentation page's drawing about 358 px.  The legend is
# wrapped to the drawing's width, so a wide drawing (many players) gets a larger legend font
# that still shows at _PHONE_LEGEND px there.
_PHONE_COLUMN, _PHONE_LEGEND = 358.0, 11.5


class Seat(NamedTuple):
    """One seat of the table as the picture shows it."""

    seat: int
    name: str
    in_deal: bool  # dealt into this deal (a player out of the match sits it out)
    dealer: bool
    dealt: Optional[str]  # the card dealt to him (for the Coucou dealer: the one he kept, F2)
    final: Optional[str]  # the card he holds at the end (None: no card, e.g. under the stack)
    marks_before: int
    marks_after: int
    dead: bool  # put out during the deal: his card is not compared (K15)
    out: bool  # out of the match at the end of the deal
    note: str = ""  # "to decide" when the deal stops at his decision, "bought back" ...


class Arrow(NamedTuple):
    """One numbered arrow: what moved from ``source`` to ``target`` (a seat, or :data:`STACK`)."""

    step: int
    kind: str  # one of ARROW_KINDS
    source: int
    target: int
    rule: str
    text: str  # the legend's words


class Badge(NamedTuple):
    """A mark lost (``amount`` < 0) or gained at ``seat``, with the rule that moved it."""

    seat: int
    amount: int
    rule: str


class Picture(NamedTuple):
    title: str
    seats: tuple[Seat, ...]
    arrows: tuple[Arrow, ...]
    badges: tuple[Badge, ...]
    notes: tuple[str, ...]  # legend lines that are not arrows: the showdown, the next dealer ...
    stack_label: str  # "stack", or "talon" where the ordinary-pack games call it so (F2)
    uses_stack: bool
    clockwise: bool = False  # play goes to the left (Ranter-Go-Round, R2), clockwise from above
    lives: bool = False  # the game counts lives, not marks (D1, R1, S5): the seats and notes say so


# --------------------------------------------------------------------------- describing


def _token(card: Optional[Card]) -> Optional[str]:
    """The card's token; ``"?"`` for a card its pack has no name for (a card the position
    leaves unknown, which the adjudicator moves as a placeholder); None for no card."""
    if not isinstance(card, Card):
        return None
    try:
        return str(card)
    except (KeyError, ValueError):
        return "?"


def _role(rules: Rules, card: Optional[Card]) -> Optional[str]:
    if card is None or card.pack != PACKS[rules.pack].family:
        return None
    return rules.role_of.get(card.value)


def _role_word(rules: Rules, role: str) -> str:
    if PACKS[rules.pack].family != "cuccu":
        return _("king")  # the ordinary pack's only privileged card (F3, A1, H1)
    return _({CUCKOO: N_("cuckoo"), HUNTER: N_("hunter"), HORSE: N_("horse"), CAT: N_("cat"), INN: N_("inn")}[role])


# what happened to a player at the showdown: by the showdown's own rule (said once, in the note's
# head), and by another rule (cited beside it: 'Dora loses a mark (C3)')
_SHOWDOWN_WORDS = {"lost": N_("{a} loses a mark"), "gained": N_("{a} gains a mark"), "out": N_("{a} is out")}
_SHOWDOWN_CITED = {"lost": N_("{a} loses a mark ({rule})"), "gained": N_("{a} gains a mark ({rule})"),
                   "out": N_("{a} is out ({rule})")}
# the same words where the game's source counts lives (the digital page's 'liv', D1; Cassell's three
# lives, R1; pagat's, S5): the picture says what the text ruling says (issue 24 §2)
_LIVES = {
    N_("{a} loses a mark"): N_("{a} loses a life"), N_("{a} gains a mark"): N_("{a} gains a life"),
    N_("{a} loses a mark ({rule})"): N_("{a} loses a life ({rule})"),
    N_("{a} gains a mark ({rule})"): N_("{a} gains a life ({rule})"),
    N_("nobody loses a mark"): N_("nobody loses a life"),
    N_("{b} asks {a}, who shoots with the hunter ({card}): no exchange, and {b} loses a mark at once"):
        N_("{b} asks {a}, who shoots with the hunter ({card}): no exchange, and {b} loses a life at once"),
    N_("{b} asks {a}, who holds the cat ({card}): no exchange, and {b} loses a mark; the exchanges that brought "
       "{b} the card are undone"):
        N_("{b} asks {a}, who holds the cat ({card}): no exchange, and {b} loses a life; the exchanges that "
           "brought {b} the card are undone"),
    N_("{b} asks {a}, who holds the cat ({card}): no exchange, and {b} loses a mark"):
        N_("{b} asks {a}, who holds the cat ({card}): no exchange, and {b} loses a life"),
    N_("marks {n}"): N_("lives {n}"), N_("marks {n} \u2192 {m}"): N_("lives {n} \u2192 {m}"),
}


def _said(template: str, lives: bool) -> str:
    """``template`` translated, in lives where the game counts them (:data:`_LIVES`)."""
    return _(_LIVES[template] if lives else template)


class _Legend:
    """The arrows, badges and notes of one deal's picture, built event by event (each event
    kind has its method, :data:`_DRAWN`): the arrows are numbered in the order things happened.
    The cards each move took and gave come from the deal's :func:`~cucu_ref.game.history.fold`."""

    def __init__(self, start: State, final: State, record: DealRecord):
        self.rules, self.final, self.record = final.rules, final, record
        self.lives = counter_words(final.rules)[0] == "life"
        self.names = start.players
        self.dealer = start.dealer
        self.moves = {m.at: m for m in record.moves}
        # each seat's place in this deal's order (the dealer last): requests go up it, the way back down
        order = start.order if start.phase != Phase.SHUFFLE else seats_around(start.marks, start.dealer)
        self.place = {seat: k for k, seat in enumerate(order)}
        self.arrows: list[Arrow] = []
        self.badges: list[Badge] = []
        self.notes: list[str] = []
        self.bought: set[int] = set()
        self.after_showdown = False
        self.showdown_words: list[tuple[str, str, str]] = []  # (what, to whom, by which rule)
        self.joint: list[int] = []  # S6's joint winners, said once where the first is named
        self.joint_at, self.joint_pot = 0, 0
        self.uses_stack = False

    def name(self, seat: Optional[int]) -> str:
        return self.names[seat] if seat is not None and 0 <= seat < len(self.names) else "?"

    def add(self, kind: str, source: int, target: int, rule: str, text: str) -> None:
        self.uses_stack = self.uses_stack or STACK in (source, target)
        self.arrows.append(Arrow(len(self.arrows) + 1, kind, source, target, rule, f"{text} ({rule})"))

    def draw(self) -> None:
        for at, e in enumerate(self.record.events):
            drawn = _DRAWN.get(e.kind)
            if drawn is not None:
                drawn(self, at, e)
        if len(self.joint) > 1:
            # S6: said once, with each one's share, as the text ruling says it
            names = [self.name(s) for s in self.joint]
            players = _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])
            pot = pot_words(self.joint_pot, self.rules.stake)
            self.notes[self.joint_at] = _("{players} are joint winners and share the pot of {stakes}: {share} each "
                                          "(S6)").format(players=players, stakes=pot,
                                                         share=share_words(self.joint_pot, len(self.joint))) + "."
        showdown = self.record.showdown
        if showdown is not None:
            # (a mark by the showdown's own rule is not cited twice: 'Showdown (K15): Anna loses a mark')
            said = "; ".join(_said(_SHOWDOWN_WORDS[kind] if rule == showdown.rule else _SHOWDOWN_CITED[kind],
                                   self.lives and kind != "out").format(a=who, rule=rule)
                             for kind, who, rule in self.showdown_words) or _said("nobody loses a mark", self.lives)
            self.notes.insert(0, _("Showdown ({rule}): {said}.").format(rule=showdown.rule, said=said))
        if self.final.phase in _DECISION_PHASES and self.final.actor is not None:
            self.notes.append(_("Next: {player} decides.").format(player=self.name(self.final.actor)))

    # ---- cards moving (K4, F2, K7, L8, K13, K8, K12, F4, S4, L10)

    def dealt(self, at: int, e: Event) -> None:
        if e.kind == EventKind.DEALER_KEEPS_HIGHEST and e.seat is not None:
            self.add("from-stack", STACK, e.seat, e.rule, _("{player} takes three cards, keeps the highest, {card}, "
                                                            "and puts two under the talon").format(
                player=self.name(e.seat), card=_text(e.card, self.rules)))

    def exchange(self, at: int, e: Event) -> None:
        a, b, move = e.seat, e.other, self.moves.get(at)
        if a is None or b is None or move is None:
            return
        gave, took = _text(move.gave, self.rules), _text(move.took, self.rules)
        if e.rule == "L8":
            self.add("way-back", a, b, e.rule, _("way back: {a} offers {gave} to the left, to {b}, who must "
                                                 "exchange; {a} now holds {took}").format(
                a=self.name(a), b=self.name(b), gave=gave, took=took))
        else:
            self.add("exchange", a, b, e.rule, _("{a} and {b} exchange: {a} gives {gave} and takes {took}").format(
                a=self.name(a), b=self.name(b), gave=gave, took=took))

    def undo(self, at: int, e: Event) -> None:
        a, b = e.seat, e.other
        if a is not None and b is not None:
            self.add("undo", b, a, e.rule, _("undone: {a} takes back {card} from {b}").format(
                a=self.name(a), card=_text(e.card, self.rules), b=self.name(b)))

    def from_stack(self, at: int, e: Event) -> None:
        a, move = e.seat, self.moves.get(at)
        if a is None or move is None:
            return
        gave = _text(move.gave, self.rules)
        if e.kind == EventKind.EXCHANGE_WITH_TALON:
            self.add("stack", a, STACK, e.rule, _("{a} gives {gave} for a card of the talon").format(
                a=self.name(a), gave=gave))
            return
        talon = self.rules.dealer_exchange.startswith("talon") and a == self.dealer
        if e.amount:
            said = _("{a} gives {gave} for the bottom card of the talon") if talon else _(
                "{a} gives {gave} for the bottom card of the stack")
        else:
            said = _("{a} gives {gave} for the top card of the talon") if talon else _(
                "{a} gives {gave} for the top card of the stack")
        self.add("stack", a, STACK, e.rule, said.format(a=self.name(a), gave=gave))

    def king_refused(self, at: int, e: Event) -> None:
        a = e.seat
        if a is None:
            return
        king = _text(e.card, self.rules)
        if e.kind == EventKind.TALON_KING:
            self.add("stack-refused", a, STACK, e.rule, _("the talon's card is a king ({card}): {a} may not "
                                                          "exchange").format(card=king, a=self.name(a)))
        else:
            self.add("stack-refused", a, STACK, e.rule, _("{a} cuts a king ({card}) from the stock and must keep "
                                                          "his own card").format(card=king, a=self.name(a)))

    def under_stack(self, at: int, e: Event) -> None:
        if e.seat is not None:
            self.add("to-stack", e.seat, STACK, e.rule, _("{a} is out: the card goes under the stack and is not "
                                                          "compared").format(a=self.name(e.seat)))

    # ---- requests stopped by an event card (K9-K14), and Lu Stù's way back (L8)

    def arresto(self, at: int, e: Event) -> None:
        a, b = e.seat, e.other
        if a is None or b is None:
            return
        role = _role(self.rules, e.card)
        word = _role_word(self.rules, role) if role else _("event card")
        if self.place.get(a, 0) < self.place.get(b, 0):
            self._way_back_stopped(e, a, b, role, word)
        elif role == HORSE:
            following = self.record.events[at + 1:at + 2]
            at_dealer = a == self.dealer and any(x.kind == EventKind.EXCHANGE_WITH_STACK for x in following)
            said = (_("{b} asks {a}, who holds the horse ({card}): the dealer's horse sends the request to the stack")
                    if at_dealer else _("{b} asks {a}, who holds the horse ({card}): the request jumps over {a}"))
            self.add("horse", b, a, e.rule, said.format(a=self.name(a), b=self.name(b), card=_text(e.card, self.rules)))
        else:
            self._request_stopped(e, a, b, role, word)

    def _way_back_stopped(self, e: Event, a: int, b: int, role: Optional[str], word: str) -> None:
        """A request to the left: on Lu Stù's way back (L8), which an event card ends."""
        card = _text(e.card, self.rules)
        names = {"a": self.name(a), "b": self.name(b), "card": card, "word": word}
        if role == HORSE:
            self.add("horse", b, a, e.rule, _("way back: {a} holds the horse ({card}) and is skipped").format(**names))
        elif role in (HUNTER, CAT):
            self.add("shot", b, a, e.rule, _("way back: {b} must offer to the left, to {a}, who holds the {word} "
                                             "({card}): the way back ends and {b}, the last to exchange, pays a "
                                             "mark").format(**names))
        else:
            self.add("request", b, a, e.rule, _("way back: {b} must offer to the left, to {a}, who holds the "
                                                "{word} ({card}): the way back ends").format(**names))

    def _request_stopped(self, e: Event, a: int, b: int, role: Optional[str], word: str) -> None:
        names = {"a": self.name(a), "b": self.name(b), "card": _text(e.card, self.rules), "word": word}
        if role == HUNTER:
            self.add("shot", b, a, e.rule, _said("{b} asks {a}, who shoots with the hunter ({card}): no exchange, "
                                                 "and {b} loses a mark at once", self.lives).format(**names))
        elif role == CAT:
            # the way back's cat (L8) is Lu Stù's alone, a game of marks
            said = {"undo": _said("{b} asks {a}, who holds the cat ({card}): no exchange, and {b} loses a mark; the "
                                  "exchanges that brought {b} the card are undone", self.lives),
                    "backward": _("{b} asks {a}, who holds the cat ({card}): no exchange, and {b} loses a mark; {b} "
                                  "must now offer the card to the left")}.get(self.rules.cat) or _said(
                "{b} asks {a}, who holds the cat ({card}): no exchange, and {b} loses a mark", self.lives)
            self.add("shot", b, a, e.rule, said.format(**names))
        elif role == INN:
            self.add("inn", b, a, e.rule, _("{b} asks {a}, who holds the inn ({card}): the request pauses for a "
                                            "bargain").format(**names))
        else:
            self.add("request", b, a, e.rule, _("{b} asks {a}, who holds the {word} ({card}): no exchange").format(
                **names))

    def guarantee(self, at: int, e: Event) -> None:
        a, b = e.seat, e.other
        if a is not None and b is not None and (b, a) in self.final.guarantees:
            self.add("guarantee", a, b, e.rule, _("{a} keeps the inn and guarantees to pay the mark if {b} loses "
                                                  "with the nulla").format(a=self.name(a), b=self.name(b)))

    # ---- marks, the showdown and the match (K15, K16, K17, K18, S6, Z11, K2, K3)

    def mark(self, at: int, e: Event) -> None:
        a, b = e.seat, e.other
        if a is None:
            return
        if e.kind == EventKind.MARK_LOST:
            self.badges.append(Badge(a, -e.amount or -1, e.rule))
            if self.after_showdown:
                self.showdown_words.append(("lost", self.name(a), e.rule))
            return
        self.badges.append(Badge(a, e.amount or 1, e.rule))
        if b is not None:
            self.add("mark", b, a, e.rule, _("{b} pays the mark to {a}").format(a=self.name(a), b=self.name(b)))
        elif self.after_showdown:
            self.showdown_words.append(("gained", self.name(a), e.rule))

    def showdown(self, at: int, e: Event) -> None:
        self.after_showdown = True

    def out(self, at: int, e: Event) -> None:
        if e.seat is not None and self.after_showdown:
            self.showdown_words.append(("out", self.name(e.seat), e.rule))

    def match_note(self, at: int, e: Event) -> None:
        a = e.seat
        if e.kind == EventKind.RESTART:
            # what everybody gets back, in the words the text ruling uses (K18 'drei Marken', D8 'tre liv')
            self.notes.append(_("Everybody still in went out: {again} ({rule}).").format(
                again=restart_words(self.rules), rule=e.rule))
        elif e.kind == EventKind.DRAW:
            self.notes.append(_("Everybody still in went out: a draw, all play again ({rule}).").format(rule=e.rule))
        elif a is None:
            return
        elif e.kind == EventKind.JOINT_WINNER and e.rule == "S6":
            if not self.joint:
                self.joint_at, self.joint_pot = len(self.notes), e.amount
                self.notes.append(_("{a} is a joint winner, sharing the pot ({rule}).").format(a=self.name(a),
                                                                                               rule=e.rule))
            self.joint.append(a)
        elif e.kind == EventKind.BUY_BACK:
            self.bought.add(a)
            self.notes.append(ngettext("{a} buys back in for {n} stake ({rule}).", "{a} buys back in for {n} stakes "
                                       "({rule}).", e.amount).format(a=self.name(a), n=e.amount, rule=e.rule))
        else:
            said = {EventKind.WINNER: N_("{a} wins the match ({rule})."),
                    EventKind.JOINT_WINNER: N_("{a} is a joint winner, sharing the pot ({rule})."),
                    EventKind.KEEP_LAST_LIFE: N_("{a} keeps a last life and plays on ({rule})."),
                    EventKind.NEXT_DEALER: N_("{a} deals next ({rule}).")}[e.kind]
            self.notes.append(_(said).format(a=self.name(a), rule=e.rule))


# what each event kind adds to the picture (the kinds left out draw nothing: decisions, table talk)
_DRAWN = {
    EventKind.DEALER_KEEPS_HIGHEST: _Legend.dealt, EventKind.EXCHANGE: _Legend.exchange,
    EventKind.UNDO: _Legend.undo, EventKind.EXCHANGE_WITH_STACK: _Legend.from_stack,
    EventKind.EXCHANGE_WITH_TALON: _Legend.from_stack, EventKind.TALON_KING: _Legend.king_refused,
    EventKind.STACK_KING: _Legend.king_refused, EventKind.DEAD_CARD_UNDER_STACK: _Legend.under_stack,
    EventKind.ARRESTO: _Legend.arresto, EventKind.ACCEPT: _Legend.guarantee, EventKind.REFUSE: _Legend.guarantee,
    EventKind.MARK_LOST: _Legend.mark, EventKind.MARK_GAINED: _Legend.mark, EventKind.SHOWDOWN: _Legend.showdown,
    EventKind.OUT: _Legend.out, EventKind.RESTART: _Legend.match_note, EventKind.DRAW: _Legend.match_note,
    EventKind.BUY_BACK: _Legend.match_note, EventKind.WINNER: _Legend.match_note,
    EventKind.JOINT_WINNER: _Legend.match_note, EventKind.KEEP_LAST_LIFE: _Legend.match_note,
    EventKind.NEXT_DEALER: _Legend.match_note,
}


def _text(card: Optional[Card], rules: Optional[Rules] = None) -> str:
    return _named(card, rules) or "?"


def _named(card: Optional[Card], rules: Optional[Rules]) -> Optional[str]:
    """The card as the picture names it: as the text ruling does, by the one source of each
    game's card names (:func:`~cucu_ref.formats.vocabulary.display_label`, issue 24 §2): the
    numeral and the name the ruleset's source prints ('XII Gnaf' K13, 'XIII Zumb' L9, 'XII Gnau'
    Z5, 'XI kro' and 'XIII hest' D, 'nul'), an ordinary pack's card by its name ('roi', 'dame',
    'as' for the French games, F1)."""
    token = _token(card)
    if token is None or token == "?" or rules is None or card is None:
        return token
    return display_label(rules, card)


def describe(start: State, events: Sequence[Event], final: State, title: str = "",
             clockwise: bool = False) -> Picture:
    """The picture of one deal: ``start`` is the state the deal began from (about to
    shuffle, or just dealt), ``events`` what :func:`~cucu_ref.game.engine.step` emitted from
    there, ``final`` the state after the last of them.  Events after the deal's
    ``next-dealer`` (a following deal) are not drawn.  ``clockwise`` draws a game that plays
    to the left (the engine's seats are in play order whichever way that goes)."""
    rules = final.rules
    names = start.players
    record = fold(up_to_next_dealer(events))
    legend = _Legend(start, final, record)
    legend.draw()
    dealt = dict(record.dealt)
    in_deal = [s for s in range(len(names)) if start.marks[s] > 0 or s in dealt]
    deciding = final.actor if final.phase in _DECISION_PHASES else None
    seats = tuple(Seat(
        seat=s, name=names[s], in_deal=s in in_deal, dealer=s == start.dealer,
        dealt=_named(dealt.get(s), rules),
        final=_named(final.hands[s], rules) if s in in_deal else None,
        marks_before=start.marks[s], marks_after=final.marks[s],
        dead=bool(final.dead[s]) and s in in_deal, out=final.marks[s] <= 0 and start.marks[s] > 0,
        note=_("to decide") if s == deciding else (_("bought back") if s in legend.bought else ""),
    ) for s in range(len(names)))
    # the ordinary-pack games that lay the dealer's discards down as a talon call the pile so (F2, F4, A4)
    talon = rules.dealer_takes == 3 or rules.last_request_to == "talon" or rules.dealer_exchange.startswith("talon")
    if not title:
        title = _("{ruleset}: {n} players, {dealer} deals").format(
            ruleset=rules.name, n=sum(1 for s in seats if s.in_deal), dealer=names[start.dealer])
    return Picture(title, seats, tuple(legend.arrows), tuple(legend.badges), tuple(legend.notes),
                   N_("talon") if talon else N_("stack"), legend.uses_stack, clockwise, legend.lives)



# --------------------------------------------------------------------------- drawing


def _f(x: float) -> str:
    """A coordinate, rounded so the same picture always gives the same bytes."""
    text = f"{x:.1f}"
    return text[:-2] if text.endswith(".0") else text


class _Geometry(NamedTuple):
    width: float
    height: float
    cx: float
    cy: float
    radius: float
    top: float  # y where the legend starts
    boxes: dict[int, float]  # each seat's box width
    heading: tuple[list[str], list[str]]  # the title's lines, the orientation's lines


def _seat_centres(picture: Picture, cx: float, cy: float, radius: float) -> dict[int, tuple[float, float]]:
    """The seats round the circle in play order, the dealer at the bottom and the first
    hand to his right, which from above is counter-clockwise (K4); to his left, clockwise,
    where play goes left (R2)."""
    n = len(picture.seats)
    dealer = next((s.seat for s in picture.seats if s.dealer), 0)
    centres = {}
    for s in range(n):
        k = (s - dealer) % n  # 0 for the dealer, 1 for the first hand ...
        turn = -1 if picture.clockwise else 1
        angle = -math.pi / 2 + turn * 2 * math.pi * k / n  # on the page: down, then right, up, left
        centres[s] = (cx + _STRETCH * radius * math.cos(angle), cy - radius * math.sin(angle))
    return centres


def _box_edge(c: tuple[float, float], toward: tuple[float, float], w: float, h: float,
              gap: float = 5) -> tuple[float, float]:
    """Where the line from ``c`` to ``toward`` leaves a w x h box centred on ``c``."""
    dx, dy = toward[0] - c[0], toward[1] - c[1]
    if dx == 0 and dy == 0:
        return c
    tx = (w / 2 + gap) / abs(dx) if dx else math.inf
    ty = (h / 2 + gap) / abs(dy) if dy else math.inf
    t = min(tx, ty, 1.0)
    return c[0] + dx * t, c[1] + dy * t


def _text_width(text: str, size: float) -> float:
    """A generous estimate of a line's width in DejaVu Sans or a phone's sans-serif."""
    return _EM * size * len(text)


Rect = tuple[float, float, float, float]  # x0, y0, x1, y1


def _badge_spots(picture: Picture, seat: int, c: tuple[float, float], cx: float, width: float) -> list[Rect]:
    """Where a seat's badges go: above its box, at the outer edge, for a seat on the left or
    right of the table (beside it, they would widen the drawing); beside the box, on the side
    away from the table's centre, for a seat at the top or the bottom."""
    count = sum(1 for b in picture.badges if b.seat == seat)
    side = 1 if c[0] >= cx else -1
    unit = _seat_centres(picture, 0.0, 0.0, 1.0)[seat]
    y = c[1] - _BOX_H / 2
    if abs(unit[0]) > 0.5 * _STRETCH:
        x = c[0] + width / 2 - _BADGE_W if side > 0 else c[0] - width / 2
        return [(x, y - 22 * (k + 1), x + _BADGE_W, y - 22 * (k + 1) + 18) for k in range(count)]
    x = c[0] + side * (width / 2 + 6) + (0 if side > 0 else -_BADGE_W)
    tops = [y + k * 20 - (count - 3) * 10 if count > 3 else y + k * 20 for k in range(count)]
    return [(x, t, x + _BADGE_W, t + 18) for t in tops]


def _footprints(picture: Picture, boxes: dict[int, float], radius: float) -> list[Rect]:
    """What each seat takes on the page (its box and its badges), round a table centred on 0, 0."""
    out = []
    for s, (x, y) in _seat_centres(picture, 0.0, 0.0, radius).items():
        rects = [(x - boxes[s] / 2, y - _BOX_H / 2, x + boxes[s] / 2, y + _BOX_H / 2)]
        rects += _badge_spots(picture, s, (x, y), 0.0, boxes[s])
        out.append((min(r[0] for r in rects), min(r[1] for r in rects), max(r[2] for r in rects),
                    max(r[3] for r in rects)))
    return out


def _radius(picture: Picture, boxes: dict[int, float]) -> float:
    """The smallest circle whose seats leave a lane for the arrows between any two of them
    (and around the pile in the middle): the drawing stays as narrow as its table allows,
    so it can be shown at a phone's width with its text still readable (issue 31)."""
    radius = _MIN_RADIUS
    while radius < 1000:
        things = _footprints(picture, boxes, radius)
        if picture.uses_stack:
            things.append((-_PILE_W / 2, -_PILE_H / 2, _PILE_W / 2, _PILE_H / 2))
        if all(max(a[0] - b[2], b[0] - a[2]) >= _LANE or max(a[1] - b[3], b[1] - a[3]) >= _LANE
               for i, a in enumerate(things) for b in things[i + 1:]):
            return radius
        radius += 4
    return radius


def _layout(picture: Picture) -> _Geometry:
    """Where everything goes: the seats' boxes round the table, the drawing's width (the
    table's, and never under :data:`_MIN_WIDTH`), the title and the legend wrapped to it."""
    boxes = {s.seat: _box_width(_seat_texts(s, picture.lives)) for s in picture.seats}
    radius = _radius(picture, boxes)
    feet = _footprints(picture, boxes, radius)
    reach = max([_STRETCH * radius] + [max(-f[0], f[2]) for f in feet])
    width = max(_MIN_WIDTH, 2 * (reach + _MARGIN))
    title = _wrap(picture.title, width - 2 * _MARGIN, _TITLE, _PROSE)
    orientation = _wrap(_("Seen from above, the dealer at the bottom: play goes to each player\u2019s left, "
                          "clockwise here.") if picture.clockwise else
                        _("Seen from above, the dealer at the bottom: play goes to each player\u2019s right, "
                          "counter-clockwise here."), width - 2 * _MARGIN, _SMALL, _PROSE)
    head = _MARGIN + _TITLE * 1.3 * len(title) + _SMALL * 1.4 * len(orientation) + 8
    cy = head + max([radius] + [-f[1] for f in feet])
    top = cy + max([radius] + [f[3] for f in feet]) + 30
    return _Geometry(width, 0.0, width / 2, cy, radius, top, boxes, (title, orientation))


def render_svg(picture: Picture, standalone: bool = True, id_prefix: Optional[str] = None) -> str:
    """The picture as SVG text.  ``standalone`` adds the XML declaration (for a ``.svg``
    file); leave it out to inline the drawing in HTML.  ``id_prefix`` keeps the marker IDs of
    several drawings on one page apart (default: derived from the picture itself).

    The drawing is as narrow as its table allows and its legend is wrapped to its width, so
    that shown at a phone's width (a 390 px screen) its text is still about 12 px high."""
    geo = _layout(picture)
    size = max(_TEXT, math.ceil(_PHONE_LEGEND * geo.width / _PHONE_COLUMN))
    room = geo.width - 2 * _MARGIN - 2 * size
    legend = [(a.step, a.kind, line) for a in picture.arrows for line in _wrap(f"{a.text}.", room, size, _PROSE)] + [
        (0, "", line) for note in picture.notes for line in _wrap(note, room, size, _PROSE)]
    width, height = geo.width, geo.top + size * 1.4 * len(legend) + 16
    geo = geo._replace(height=height)
    cx, cy, radius = geo.cx, geo.cy, geo.radius
    pid = id_prefix or "cd" + hashlib.sha1(repr(picture).encode("utf-8")).hexdigest()[:8]
    centres = _seat_centres(picture, cx, cy, radius)
    out: list[str] = []
    if standalone:
        out.append('<?xml version="1.0" encoding="UTF-8"?>\n')
    out.append(f'<svg xmlns="http://www.w3.org/2000/svg" class="cucu-diagram" width="{_f(width)}" '
               f'height="{_f(height)}" viewBox="0 0 {_f(width)} {_f(height)}" role="img" '
               f'aria-labelledby="{pid}-title {pid}-desc" font-family="DejaVu Sans, Verdana, sans-serif" '
               f'font-size="{_f(_TEXT)}">\n')
    out.append(f'<title id="{pid}-title">{escape(picture.title)}</title>\n')
    summary = " ".join(a.text + "." for a in picture.arrows) + " " + " ".join(picture.notes)
    out.append(f'<desc id="{pid}-desc">{escape(summary.strip())}</desc>\n')
    out.append(_defs(pid))
    out.append(f'<rect class="background" x="0" y="0" width="{_f(width)}" height="{_f(height)}" fill="#ffffff"/>\n')
    out += _heading(geo)
    out.append(f'<ellipse class="table" cx="{_f(cx)}" cy="{_f(cy)}" rx="{_f(radius * _STRETCH)}" '
               f'ry="{_f(radius)}" fill="#f6f8fa" stroke="#d0d7de"/>\n')
    if picture.uses_stack:
        out.append(f'<g class="pile"><rect x="{_f(cx - _PILE_W / 2)}" y="{_f(cy - _PILE_H / 2)}" '
                   f'width="{_f(_PILE_W)}" height="{_f(_PILE_H)}" rx="5" fill="#e6f4ea" stroke="#18794e"/>'
                   f'<text x="{_f(cx)}" y="{_f(cy + 4)}" text-anchor="middle" '
                   f'fill="#18794e">{escape(_(picture.stack_label))}</text></g>\n')
    out += _arrows(picture, centres, geo, pid)
    for seat in picture.seats:
        out += _seat(seat, centres[seat.seat], picture, geo)
    out += _legend(legend, geo, size)
    out.append("</svg>\n")
    return "".join(out)


def _heading(geo: _Geometry) -> list[str]:
    title, orientation = geo.heading
    out, y = [], _MARGIN + _TITLE * 0.8
    for line in title:
        out.append(f'<text class="title" x="{_f(_MARGIN)}" y="{_f(y)}" font-size="{_f(_TITLE)}" '
                   f'font-weight="bold" fill="#1b1f24">{escape(line)}</text>\n')
        y += _TITLE * 1.3
    y += 2
    for line in orientation:
        out.append(f'<text class="orientation" x="{_f(_MARGIN)}" y="{_f(y)}" font-size="{_f(_SMALL)}" '
                   f'fill="#57606a">{escape(line)}</text>\n')
        y += _SMALL * 1.4
    return out


def deal_svg(start: State, events: Sequence[Event], final: State, title: str = "", standalone: bool = True,
             id_prefix: Optional[str] = None, clockwise: bool = False) -> str:
    """:func:`describe` then :func:`render_svg`: the SVG of one deal."""
    return render_svg(describe(start, events, final, title, clockwise), standalone=standalone, id_prefix=id_prefix)


def _wrap(text: str, width: float, size: float, em: float = _EM) -> list[str]:
    """``text`` in lines that fit ``width`` units at font size ``size``."""
    return textwrap.wrap(text, max(20, int(width / (em * size)))) or [""]


def _defs(pid: str) -> str:
    colours = sorted({style[0] for style in _STYLE.values()})
    parts = ["<defs>\n"]
    for colour in colours:
        key = colour.lstrip("#")
        parts.append(f'<marker id="{pid}-a{key}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
                     f'markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
                     f'fill="{colour}"/></marker>\n')
        parts.append(f'<marker id="{pid}-b{key}" viewBox="0 0 4 12" refX="3" refY="6" markerWidth="4" '
                     f'markerHeight="12" orient="auto"><rect x="0" y="0" width="4" height="12" '
                     f'fill="{colour}"/></marker>\n')
    parts.append("</defs>\n")
    return "".join(parts)


def _arrows(picture: Picture, centres: dict[int, tuple[float, float]], geo: _Geometry, pid: str) -> list[str]:
    out = []
    seen: dict[tuple[int, int], int] = {}
    pile = (geo.cx, geo.cy)
    offsets = (0.0, 30.0, -30.0, 60.0, -60.0, 90.0, -90.0)
    for arrow in picture.arrows:
        colour, dash, head_start, head_end = _STYLE[arrow.kind]
        a = centres.get(arrow.source, pile) if arrow.source != STACK else pile
        b = centres.get(arrow.target, pile) if arrow.target != STACK else pile
        pair = (min(arrow.source, arrow.target), max(arrow.source, arrow.target))
        k = seen.get(pair, 0)
        seen[pair] = k + 1
        offset = offsets[k % len(offsets)]
        if arrow.source > arrow.target:
            offset = -offset  # the same side of the chord whichever way the arrow points
        aw, ah = (_PILE_W, _PILE_H) if arrow.source == STACK else (geo.boxes.get(arrow.source, _MIN_BOX_W), _BOX_H)
        bw, bh = (_PILE_W, _PILE_H) if arrow.target == STACK else (geo.boxes.get(arrow.target, _MIN_BOX_W), _BOX_H)
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / length, dx / length
        mid = ((a[0] + b[0]) / 2 + nx * offset, (a[1] + b[1]) / 2 + ny * offset)
        p0 = _box_edge(a, mid, aw, ah)
        p2 = _box_edge(b, mid, bw, bh)
        # the control point that puts the curve's midpoint at ``mid``
        ctrl = (2 * mid[0] - (p0[0] + p2[0]) / 2, 2 * mid[1] - (p0[1] + p2[1]) / 2)
        key = colour.lstrip("#")
        heads = ""
        if head_start == "arrow":
            heads += f' marker-start="url(#{pid}-a{key})"'
        if head_end:
            heads += f' marker-end="url(#{pid}-{"a" if head_end == "arrow" else "b"}{key})"'
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<g class="arrow {arrow.kind}" data-step="{arrow.step}" data-rule={quoteattr(arrow.rule)}>'
                   f'<title>{escape(arrow.text)}</title>'
                   f'<path d="M{_f(p0[0])},{_f(p0[1])} Q{_f(ctrl[0])},{_f(ctrl[1])} {_f(p2[0])},{_f(p2[1])}" '
                   f'fill="none" stroke="{colour}" stroke-width="2"{dash_attr}{heads}/>'
                   f'<circle cx="{_f(mid[0])}" cy="{_f(mid[1])}" r="10" fill="#ffffff" stroke="{colour}"/>'
                   f'<text x="{_f(mid[0])}" y="{_f(mid[1] + 4.5)}" text-anchor="middle" font-size="{_f(_SMALL)}" '
                   f'font-weight="bold" fill="{colour}">{arrow.step}</text></g>\n')
    return out


def _seat_texts(seat: Seat, lives: bool = False) -> tuple[str, str, str]:
    """The three lines of a seat's box: the name, the cards, the marks (or lives, D1, R1, S5)."""
    name = seat.name + (" \u00b7 " + _("dealer") if seat.dealer else "")
    if not seat.in_deal:
        cards = _("sits this deal out")
    elif seat.dealt is None and seat.final is None:
        cards = _("not dealt yet") if not seat.dead else _("card under the stack")
    elif seat.final is None:
        cards = (_("dealt {card}, under the stack") if seat.dead else _("dealt {card}")).format(card=seat.dealt)
    elif seat.dealt is None or seat.dealt == seat.final:
        cards = _("holds {card}").format(card=seat.final)
    else:
        cards = _("dealt {card} \u2192 {final}").format(card=seat.dealt, final=seat.final)
    if seat.dead and seat.final is not None:
        cards += " " + _("(dead)")
    marks = _said("marks {n}", lives).format(n=seat.marks_before) if seat.marks_before == seat.marks_after \
        else _said("marks {n} \u2192 {m}", lives).format(n=seat.marks_before, m=seat.marks_after)
    if seat.out:
        marks += ", " + _("out")
    elif seat.note:
        marks += f", {seat.note}"
    return name, cards, marks


def _box_width(texts: tuple[str, str, str]) -> float:
    name, cards, marks = texts
    return max(_MIN_BOX_W, _text_width(name, _TEXT) * 1.08, _text_width(cards, _TEXT),  # the name is bold
               _text_width(marks, _SMALL)) + 14


def _seat(seat: Seat, c: tuple[float, float], picture: Picture, geo: _Geometry) -> list[str]:
    if not seat.in_deal:
        fill, stroke, text_fill = "#f6f8fa", "#d0d7de", "#8c959f"
    elif seat.out:
        fill, stroke, text_fill = "#eaeef2", "#8c959f", "#57606a"
    elif seat.dealer:
        fill, stroke, text_fill = "#fff8c5", "#9a6700", "#1b1f24"
    else:
        fill, stroke, text_fill = "#ffffff", "#57606a", "#1b1f24"
    classes = "seat" + (" dealer" if seat.dealer else "") + (" out" if seat.out else "") \
        + (" dead" if seat.dead else "") + ("" if seat.in_deal else " sits-out")
    name, cards, marks = _seat_texts(seat, picture.lives)
    width = geo.boxes[seat.seat]
    x, y = c[0] - width / 2, c[1] - _BOX_H / 2
    out = [f'<g class="{classes}" data-seat="{seat.seat}">'
           f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(width)}" height="{_f(_BOX_H)}" rx="7" fill="{fill}" '
           f'stroke="{stroke}" stroke-width="{2 if seat.dealer else 1.2}"/>'
           f'<text x="{_f(c[0])}" y="{_f(y + 18)}" text-anchor="middle" font-weight="bold" '
           f'fill="{text_fill}">{escape(name)}</text>'
           f'<text class="cards" x="{_f(c[0])}" y="{_f(y + 36)}" text-anchor="middle" '
           f'fill="{text_fill}">{escape(cards)}</text>'
           f'<text class="marks" x="{_f(c[0])}" y="{_f(y + 53)}" text-anchor="middle" font-size="{_f(_SMALL)}" '
           f'fill="{text_fill}">{escape(marks)}</text>']
    badges = [b for b in picture.badges if b.seat == seat.seat]
    for badge, (bx, by, _x1, _y1) in zip(badges, _badge_spots(picture, seat.seat, c, geo.cx, width)):
        colour = "#c8102e" if badge.amount < 0 else "#18794e"
        sign = "\u2212" if badge.amount < 0 else "+"
        out.append(f'<g class="badge {"lost" if badge.amount < 0 else "gained"}" data-rule={quoteattr(badge.rule)}>'
                   f'<rect x="{_f(bx)}" y="{_f(by)}" width="{_f(_BADGE_W)}" height="18" rx="8" '
                   f'fill="{colour}"/><text x="{_f(bx + _BADGE_W / 2)}" y="{_f(by + 13)}" '
                   f'text-anchor="middle" font-size="{_f(_SMALL)}" font-weight="bold" fill="#ffffff">'
                   f'{sign}{abs(badge.amount)} {escape(badge.rule)}</text></g>')
    out.append("</g>\n")
    return out


def _legend(lines: list[tuple[int, str, str]], geo: _Geometry, size: float) -> list[str]:
    """The numbered legend under the table, at font ``size`` (see :func:`render_svg`)."""
    out = [f'<g class="legend" font-size="{_f(size)}" transform="translate({_f(_MARGIN)},{_f(geo.top)})">\n']
    shown: set[int] = set()
    r = size * 0.7
    for k, (step, kind, text) in enumerate(lines):
        y = k * size * 1.4
        if step and step not in shown:
            shown.add(step)
            colour = _STYLE[kind][0]
            out.append(f'<circle cx="{_f(r)}" cy="{_f(y - size * 0.35)}" r="{_f(r)}" fill="#ffffff" stroke="{colour}"/>'
                       f'<text x="{_f(r)}" y="{_f(y)}" text-anchor="middle" '
                       f'font-weight="bold" fill="{colour}">{step}</text>')
        out.append(f'<text x="{_f(2 * size)}" y="{_f(y)}" fill="#1b1f24">{escape(text)}</text>\n')
    out.append("</g>\n")
    return out
