"""Shared helpers for building Cucù positions by hand and checking engine invariants.

Seats are numbered in play order (seat i+1 sits right of seat i, see cucu_ref.game.state); a
deal's ``order`` starts right of the dealer and ends with the dealer.  Under Campli the
dealer deals the BOTTOM card of the stack (K4, seed 000 §Geben und Kartentausch: "immer
jeweils die unterste Karte des Stapels"); the stack is stored top first, so the first card
dealt is ``stack[-1]``.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Optional, Sequence, Union

from cucu_ref.game.cards import PACKS, Card, parse
from cucu_ref.game.engine import is_chance, legal_actions, new_match, step
from cucu_ref.game.rulesets import Rules, preset
from cucu_ref.game.state import Action, ActionKind, Event, Phase, State, Via

CAMPLI = preset("campli")
DIGITAL = preset("digital-4p")
NAMES = ("Andrea", "Beatrice", "Chiara", "Dario", "Elena", "Fabio", "Giulia", "Hugo", "Ilaria", "Luca",
         "Marta", "Nino", "Olga", "Paolo", "Rita", "Sara", "Tino", "Ugo", "Vera", "Zeno")

A = ActionKind

# Short names for decisions, so a test reads like the table talk.
MOVES = {
    "keep": A.KEEP,  # 'sto bene' (K5) / the dealer keeps (K8)
    "offer": A.OFFER,  # 'passo' (K5)
    "stack": A.EXCHANGE_WITH_STACK,  # the dealer takes the bottom card (K8)
    "inn-keep": A.INN_KEEP,  # the offerer keeps after 'fermatevi aliquanto' (K14)
    "ask": A.INN_ASK,  # 'pagherai se null?' (K14)
    "accept": A.INN_ACCEPT,
    "refuse": A.INN_REFUSE,
    "buy": A.BUY_BACK,  # K17
    "decline": A.DECLINE,
}

Move = Union[str, Action]


def card(token: str, pack: str = "cuccu") -> Card:
    return parse(token, pack)


def cards(tokens: Union[str, Iterable[str]], pack: str = "cuccu") -> tuple[Card, ...]:
    """``cards("V XIIII 0")`` or ``cards(["V", "XIIII"])``."""
    if isinstance(tokens, str):
        tokens = tokens.split()
    return tuple(parse(t, pack) for t in tokens)


def _as_cards(xs: Union[str, Iterable[Union[str, Card]]], pack: str) -> list[Card]:
    if isinstance(xs, str):
        xs = xs.split()
    return [x if isinstance(x, Card) else parse(x, pack) for x in xs]


def stack_for(rules: Rules, deal: Union[str, Sequence[Union[str, Card]]], then: Union[str, Sequence] = (),
              top: Union[str, Sequence] = ()) -> tuple[Card, ...]:
    """A full permutation of ``rules.pack`` (top first) such that the cards of ``deal`` are dealt in
    that order, the cards of ``then`` come next from the dealing end (the dealer's exchange takes
    the first of them, K8), and ``top`` lies on top of the stack (``top[0]`` is ``stack[0]``, the
    card a horse at the dealer gives, K12).  Every other card lies in the middle, high to low."""
    pack = PACKS[rules.pack]
    deal_c, then_c, top_c = (_as_cards(x, pack.family) for x in (deal, then, top))
    wanted = Counter(deal_c + then_c + top_c)
    have = Counter(pack.cards)
    too_many = {c: n for c, n in wanted.items() if n > have[c]}
    if too_many:
        raise ValueError(f"the pack {pack.name} does not hold {too_many}")
    rest = list((have - wanted).elements())
    rest.sort(key=lambda c: -c.value)
    if rules.deal_from == "bottom":
        stack = top_c + rest + list(reversed(then_c)) + list(reversed(deal_c))
    else:
        stack = deal_c + then_c + rest + list(reversed(top_c))
    assert sorted(stack) == sorted(pack.cards)
    return tuple(stack)


def table(rules: Rules = CAMPLI, players: Union[int, Sequence[str]] = 3, dealer: Optional[int] = None,
          marks: Optional[Sequence[int]] = None, virgins: Optional[Sequence[bool]] = None, **fields) -> State:
    """A match at the SHUFFLE of its next deal.  ``dealer`` defaults to the last seat, so that
    the deal order is simply 0, 1, …, n-1.  ``marks`` sets each seat's marks; unless ``virgins`` is
    given, a seat is a virgin exactly when it holds the starting marks (K17)."""
    names = NAMES[:players] if isinstance(players, int) else tuple(players)
    n = len(names)
    state = new_match(rules, names, dealer=n - 1 if dealer is None else dealer)
    if marks is not None:
        marks = tuple(marks)
        if virgins is None:
            virgins = tuple(m == rules.initial_marks for m in marks)
        state = state.replace(marks=marks)
    if virgins is not None:
        state = state.replace(virgins=tuple(virgins))
    return state.replace(**fields) if fields else state


def shuffle(state: State, deal, then=(), top=()) -> tuple[State, tuple[Event, ...]]:
    """Step the chance node with a stack that deals ``deal`` to the seats in deal order."""
    assert is_chance(state), state.phase
    return step(state, Action(A.SHUFFLE, stack=stack_for(state.rules, deal, then, top)))


def action_for(state: State, move: Move) -> Action:
    if isinstance(move, Action):
        return move
    return Action(MOVES[move], state.actor)


def run(state: State, moves: Iterable[Move]) -> tuple[State, list[Event]]:
    """Apply the moves in turn (each by whoever is to act); return the final state and all events."""
    events: list[Event] = []
    for move in moves:
        state, new = step(state, action_for(state, move))
        events.extend(new)
    return state, events


def play(state: State, deal, moves: Iterable[Move] = (), then=(), top=()) -> tuple[State, list[Event]]:
    """Shuffle so that ``deal`` is dealt in deal order, then play ``moves``; all events."""
    state, first = shuffle(state, deal, then, top)
    state, rest = run(state, moves)
    return state, list(first) + rest


def trace(state: State, moves: Iterable[Move]) -> list[tuple[State, Action, State, tuple[Event, ...]]]:
    steps = []
    for move in moves:
        action = action_for(state, move)
        after, events = step(state, action)
        steps.append((state, action, after, events))
        state = after
    return steps


# --------------------------------------------------------------------------- reading events


def of_kind(events: Iterable[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def marks_lost(events: Iterable[Event]) -> list[tuple[int, str]]:
    """(seat, rule) of every mark lost, in time order."""
    return [(e.seat, e.rule) for e in events if e.kind == "mark-lost"]


def losers(events: Iterable[Event]) -> list[int]:
    return [seat for seat, _ in marks_lost(events)]


def dealt_cards(events: Iterable[Event]) -> dict[int, Card]:
    """The card each seat was dealt in these events (the last deal, if several)."""
    out: dict[int, Card] = {}
    for e in events:
        if e.kind == "shuffle":
            out = {}
        elif e.kind == "deal":
            out[e.seat] = e.card
    return out


# --------------------------------------------------------------------------- invariants


def pack_multiset(rules: Rules) -> Counter:
    return Counter(PACKS[rules.pack].cards)


def cards_in_play(state: State) -> Counter:
    return Counter([c for c in state.hands if c is not None] + list(state.stack))


def check_invariants(before: State, action: Action, after: State, events: Sequence[Event]) -> None:
    """The invariants every step keeps (used by the playouts and the state machine)."""
    rules = after.rules
    # conservation: once a deal has been shuffled, hands + stack are the whole pack (C1)
    if after.deal_number > 0:
        assert cards_in_play(after) == pack_multiset(rules), "cards not conserved"
        # every hand of this deal's order holds at most one card, and the seats out hold none new
    # marks never go below zero (K16: at zero the player is out)
    assert all(m >= 0 for m in after.marks), after.marks
    # who acts: a player in the match and in this deal, not dead; in a buy-back, a player who is out
    if after.phase in (Phase.DECIDE, Phase.INN_OFFERER, Phase.INN_KEEPER):
        assert after.actor in after.order
        assert after.marks[after.actor] > 0 and not after.dead[after.actor]
        assert after.hands[after.actor] is not None
    elif after.phase == Phase.BUY_BACK:
        assert after.marks[after.actor] == 0
    elif after.phase == Phase.SHUFFLE:
        assert after.actor is None and legal_actions(after) == ()
    # the acting seat of ``before`` is the one who acted
    if before.phase != Phase.SHUFFLE:
        assert action.seat == before.actor
    # the pot only grows, and only by buy-backs (K17); the winner takes it (K3)
    bought = sum(e.amount for e in events if e.kind == "buy-back")
    assert after.pot == before.pot + bought * rules.stake
    for e in events:
        if e.kind == "winner":
            assert e.seat == after.winner and e.amount == after.pot
            assert [s for s, m in enumerate(after.marks) if m > 0] == [after.winner]
    # custody: the last step of each held card's custody is its holder
    for seat, (hand, path) in enumerate(zip(after.hands, after.custody)):
        if hand is not None and path:
            assert path[-1][0] == seat, (seat, path)
    # the cat undo (K13, D5): the offerer holds again the card dealt to him, and so does every
    # seat whose exchange was undone
    if (cat_offerer(after.rules, events) is not None and after.rules.cat == "undo"
            and after.rules.dead_cards == "stay" and after.rules.cat_undo_through_inn == "undo"):
        check_cat_undo(before, after, events)


def cat_offerer(rules: Rules, events: Sequence[Event]) -> Optional[int]:
    """The offerer a targeted cat refused in these events (an 'arresto' by a card whose role is
    the cat), or None."""
    for e in events:
        if e.kind == "arresto" and e.card is not None and rules.role_of.get(e.card.value) == "cat":
            return e.other
    return None


def original_cards(state: State) -> dict[int, Card]:
    """The card dealt to each seat that has had one this deal, read back from the custody
    records: a card's custody starts with (seat it was dealt to, DEALT)."""
    out: dict[int, Card] = {}
    for hand, path in zip(state.hands, state.custody):
        if hand is not None and path and path[0][1] == Via.DEALT:
            out[path[0][0]] = hand
    return out


def check_cat_undo(before: State, after: State, events: Sequence[Event]) -> None:
    offerer = cat_offerer(after.rules, events)
    dealt_before = original_cards(before)
    dealt_before.update(dealt_cards(events))  # the cat's own card may be dealt in this step
    undone = {offerer} | {e.seat for e in events if e.kind == "undo"} | {e.other for e in events if e.kind == "undo"}
    for seat in undone:
        assert after.custody[seat] == ((seat, Via.DEALT),), (seat, after.custody[seat])
        assert after.hands[seat] == dealt_before[seat], (seat, after.hands[seat], dealt_before[seat])


def state_snapshot(state: State) -> tuple:
    """A deep, independent copy of every field (all fields are immutable, but check anyway)."""
    import copy

    return copy.deepcopy(tuple(state))


def offers(events: Iterable[Event]) -> list[tuple[int, int]]:
    """(seat, price in stakes) of every buy-back offer, in the order they were made (K17)."""
    return [(e.seat, e.amount) for e in events if e.kind == "buy-back-offer"]


def low_marks_start(draw, rules: Rules, most_players: int) -> State:
    """A match of ``rules`` started (``start_deal``) at 2..``most_players`` seats where the
    players often hold one mark: eliminations, dead cards, buy-backs, restarts and an innkeeper
    with nothing left to pay come within a few deals.  ``draw`` is a hypothesis ``draw``."""
    import hypothesis.strategies as st

    from cucu_ref.game.deal import start_deal

    n = draw(st.integers(rules.min_players, min(rules.max_players, most_players)))
    marks = [draw(st.sampled_from([1, 1, 2, rules.initial_marks])) for _ in range(n)]
    return start_deal(rules, [f"p{i}" for i in range(n)], marks, draw(st.integers(0, n - 1)))


class FirstReads:
    """A Rules value that notes the first read of each option, in order, as the adjudicator's
    ``Recorder`` does (only the first read of a name is noted): a short way of the scoring
    must read what its long way reads, in the same order."""

    def __init__(self, rules: Rules):
        self._rules, self.read = rules, []

    def __getattr__(self, name: str):
        from cucu_ref.game.rulesets import OPTIONS

        if name in OPTIONS and name not in self.read:
            self.read.append(name)
        return getattr(self._rules, name)


def ruling_text(tmp_path, position: dict, *args: str) -> str:
    """What ``cucu-adjudicate [args] FILE`` prints for ``position`` (a cucu-position/1 dict),
    written to a file under ``tmp_path``; the ruling must be one (exit status 0)."""
    return ruling_text_any(tmp_path, position, *args, status=0)


def ruling_text_any(tmp_path, position: dict, *args: str, status: Optional[int] = None) -> str:
    """As :func:`ruling_text`, whatever the exit status (unless ``status`` is given)."""
    import io
    import json

    from cucu_ref.cli.adjudicate import main

    path = tmp_path / "position.json"
    path.write_text(json.dumps(position), encoding="utf-8")
    out = io.StringIO()
    code = main([*args, str(path)], stdout=out, stderr=io.StringIO())
    assert status is None or code == status, out.getvalue()
    return out.getvalue()


def ruled_alike(result: tuple) -> tuple:
    """An adjudication's (exit code, record) with each quoted word a table says ('sto bene',
    'es ist gut': formats.vocabulary) as one mark: a deal in the notation has its steps quote the
    words it wrote, a JSON position the source's own (K5; issue 24 §2), and the ruling, the marks
    and every other word are the same."""
    import json
    import re

    from cucu_ref.formats.vocabulary import WORDS

    said = re.compile("'(?:" + "|".join(re.escape(t) for t in sorted({w.text for w in WORDS}, key=len, reverse=True))
                      + ")'", re.IGNORECASE)
    # (a table's own apostrophes: 'Zahlst du, wenn\u2019s \u2019ne Null ist?', as the account writes it)
    record = json.dumps(result[1], ensure_ascii=False).replace("\u2019", "'")
    return result[0], json.loads(said.sub("'\u2026'", record))
