"""Generate the golden conformance vectors from today's engine, and show what changed.

    python -m cucu_ref.services.conformance.generate            # regenerate in memory, print the diff
    python -m cucu_ref.services.conformance.generate --write    # ... and write both copies

The generation is deterministic (every random draw is seeded by the vector family's name), so
running it on an unchanged engine reproduces the stored files byte for byte.  A rules change
shows as a diff of expected outcomes, vector by vector, to be reviewed before ``--write``.

How the vectors are chosen (issue 11, §Build 3):

* for every preset, random deals from random match states (2 to 20 players, marks, virgins,
  pot, the K17/L11 price counters), decided by a biased random player; a deal is kept when it
  takes a branch (a *feature*) no kept deal of its preset took: every event and its rule, each
  event card met going forwards, on Lu Stù's way back, at the dealer, after a skipped horse,
  after an undo, by a player on his last mark, with two players; ties, fools, buy-back prices,
  restarts, draws, winners;
* for every reading of every named option, deals under a ruleset taking that reading in which
  the reading *decides*: under another reading of the option the outcome differs;
* illegal traces: a legal deal with one decision replaced by one the rules forbid (out of turn,
  a kind the phase does not allow, R2's second exchange, the dealer's offer ...).

Each vector names the rules it exercises: the rules of its events, of the showdown's notes,
the readings that decide it of the preset's open points and of the options it overrides (the
option's question and the reading's source), and the set-up rules of its preset.  Its
``readings`` list every option whose reading decides it, settled ones included.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from typing import Any, Iterable, Iterator, Optional, Sequence

from ...game.cards import PACKS, Card
from ...game.cards import format as card_name
from ...game.deal import DealSetupError, deal_order, deal_stack, seating_by_draw, start_deal
from ...game.engine import IllegalActionError, legal_actions, note_hint, step
from ...game.rulesets import CUCKOO, HORSE, HUNTER, INN, OPEN_POINTS, OPTIONS, PRESETS, Rules
from ...game.scoring import evaluate
from ...game.state import Action, ActionKind, Event, EventKind, Phase, State
from ...formats.sources import RULES
from ...formats.trace import WORDS, Decision, Trace, outcome_json, replay
from ...formats.match import answer as row_answer
from . import PACKAGE_DATA, REPOSITORY_DATA
from .coverage import GAPS, model

__all__ = ["generate", "main", "NAMES", "SETUP_RULES", "UNOBSERVABLE"]

A = ActionKind
NAMES = ("Andrea", "Beatrice", "Chiara", "Dario", "Elena", "Fabio", "Giulia", "Hugo", "Ilaria", "Luca",
         "Marta", "Nino", "Olga", "Paolo", "Rita", "Sara", "Tino", "Ugo", "Vera", "Zeno")

# Rules every deal of a preset exercises by its set-up: the pack, the players and marks.
SETUP_RULES: dict[str, tuple[str, ...]] = {
    "campli": ("C1", "K1"), "lu-stu": ("C1", "K1"), "zeh-1769": ("C4", "Z1", "Z2"), "digital-4p": ("C1", "D1"),
    "coucou": ("F1",), "as-qui-court": ("F1",), "here": ("F1", "P2"), "ranter-go-round": ("R1", "P2"),
    "screw-your-neighbour": ("S1", "P2"),  # P2: how many may play, where the source gives no count
}
# Rule IDs no deal trace can exercise, and why (docs/oracle.rst, "The conformance vectors").
UNOBSERVABLE: dict[str, str] = {
    "R5": "Cassell's optional rule is cut off in the copy: its wording is unknown",
    "ENGINE": "the engine's own bookkeeping, cited by no event",
    "P3": "K17's count after S6's last life: a trace's outcome holds no count of eliminations, and no price can "
          "follow (no virgin is left)",
    "P4": "K17's and L11's counts after a restart: a trace's outcome holds no count, and the price counted from "
          "them comes in a later deal",
    "P5": "the restart of the games whose source describes none (the French games, Ranter-Go-Round): their own "
          "readings never put everybody out in one deal (F5: all cards equal, nobody loses; R4: one loser); it needs "
          "all_equal = all-lose and every card left equal, a deal no generated vector holds",
}

PER_PRESET = {"campli": 70, "lu-stu": 60, "zeh-1769": 45, "digital-4p": 40, "coucou": 30, "as-qui-court": 25,
              "here": 22, "ranter-go-round": 22, "screw-your-neighbour": 35}
TRIES_PER_PRESET = 4000
PER_READING = 2
TRIES_PER_READING = 500
ILLEGAL_PER_PRESET = 10


# --------------------------------------------------------------------------- random deals


def random_start(rules: Rules, rng: random.Random) -> State:
    """A random match state at a deal's shuffle."""
    hi = min(rules.max_players, 20)
    n = rng.choice([rules.min_players] * 3 + list(range(rules.min_players, min(hi, 6) + 1)) * 2
                   + list(range(rules.min_players, hi + 1)))
    gains = rules.two_fools == "above-xv-and-gain" or rules.cat == "pay-holder"
    top = rules.initial_marks + (2 if gains else 0)
    marks = [0 if rng.random() < 0.12 else rng.randint(1, top) for _ in range(n)]
    if rng.random() < 0.25:  # late in a match: many on their last mark
        marks = [min(m, 1) for m in marks]
    while sum(m > 0 for m in marks) < 2:
        marks[rng.randrange(n)] = rng.randint(1, rules.initial_marks)
    dealer = rng.choice([s for s in range(n) if marks[s] > 0])
    virgins = [m >= rules.initial_marks and rng.random() < 0.6 for m in marks]
    out = sum(m == 0 for m in marks)
    return start_deal(rules, NAMES[:n], marks, dealer, virgins=virgins,
                      pot=rules.stake * (n + rng.randint(0, 3)), eliminations=out + rng.randint(0, 2),
                      reentries=rng.randint(0, min(out, 2)), deals_played=rng.randint(0, 30))


def _low(card: Optional[Card], rules: Rules) -> bool:
    if card is None:
        return False
    values = PACKS[rules.pack].values
    return card.value <= sorted(values)[len(values) // 2]


def random_decision(state: State, rng: random.Random) -> Action:
    """A biased random player: offers low cards, keeps high ones, sometimes the other way."""
    actions = legal_actions(state)
    if len(actions) == 1:
        return actions[0]
    kinds = {a.kind: a for a in actions}
    if state.phase == Phase.DECIDE:
        low = _low(state.hands[state.actor], state.rules)  # type: ignore[index]
        change = kinds.get(A.OFFER) or kinds.get(A.EXCHANGE_WITH_STACK)
        if change is not None and rng.random() < (0.85 if low else 0.2):
            return change
        return kinds.get(A.KEEP, actions[0])
    return actions[rng.randrange(len(actions))]


def random_deal(state: State, rng: random.Random) -> tuple[tuple[Card, ...], list[tuple[int, str]]]:
    """A random stack and the decisions (seat, kind or 'hint') of one deal played on it."""
    stack = list(PACKS[state.rules.pack].cards)
    rng.shuffle(stack)
    if state.rules.roles and rng.random() < 0.6:
        # biased deals: event cards (and fools) dealt more often than a fair shuffle would, so
        # that they meet each other, the dealer, a skipped horse or an undone chain
        special = [i for i, c in enumerate(stack) if c.value in state.rules.role_of or c.is_fool]
        ends = list(range(len(stack) - 1, len(stack) - 1 - len(deal_order(state)) - 3, -1)) \
            if state.rules.deal_from == "bottom" else list(range(len(deal_order(state)) + 3))
        for j in ends:
            if special and rng.random() < 0.35:
                i = special.pop(rng.randrange(len(special)))
                stack[i], stack[j] = stack[j], stack[i]
    s, _ = step(state, Action(A.SHUFFLE, stack=tuple(stack)))
    decisions: list[tuple[int, str]] = []
    while s.phase not in (Phase.SHUFFLE, Phase.MATCH_OVER):
        if (s.phase == Phase.DECIDE and s.actor is not None
                and s.hands[s.actor] is not None and s.hands[s.actor].is_fool  # type: ignore[union-attr]
                and s.actor not in s.hinted and rng.random() < 0.3):
            s, _ = note_hint(s, s.actor)  # Z7: table talk
            decisions.append((s.actor, "hint"))  # type: ignore[arg-type]
            continue
        action = random_decision(s, rng)
        s, _ = step(s, action)
        decisions.append((action.seat, action.kind))  # type: ignore[arg-type]
    return tuple(stack), decisions


def dealt_and_rest(state: State, stack: Sequence[Card]) -> tuple[dict[int, Card], list[Card]]:
    """The card each seat is dealt and the stack once every card is dealt (top first, F2's
    discards at its bottom), as :func:`cucu_ref.game.deal.deal_stack` takes them."""
    rules = state.rules
    work = list(stack)
    dealt: dict[int, Card] = {}
    for seat in deal_order(state):
        card = work.pop() if rules.deal_from == "bottom" else work.pop(0)
        if seat == state.dealer and rules.dealer_takes == 3:
            three = [card] + [work.pop() if rules.deal_from == "bottom" else work.pop(0) for _ in range(2)]
            three.sort(key=lambda c: -c.value)
            card = three[0]
            work += three[1:]
        dealt[seat] = card
    rebuilt = deal_stack(state, dealt, work)
    if rules.dealer_takes == 1:
        assert rebuilt == tuple(stack)
    else:  # F2: the dealer's three may lie in another order; what he keeps and discards is the same
        a, _ = step(state, Action(A.SHUFFLE, stack=rebuilt))
        b, _ = step(state, Action(A.SHUFFLE, stack=tuple(stack)))
        assert (a.hands, a.stack) == (b.hands, b.stack)
    return dealt, work


# --------------------------------------------------------------------------- deals aimed at a situation


def _table_size(situation: str, rules: Rules, rng: random.Random) -> Optional[int]:
    """The number of players a situation names ('@2', ':two-players', 'players:5-7'), if any."""
    bucket = "2" if situation.endswith(":two-players") else situation.rpartition("@")[2] \
        if "@" in situation else situation.partition(":")[2] if situation.startswith("players:") else ""
    sizes = {"2": (2, 2), "3-4": (3, 4), "5-7": (5, 7), "8-12": (8, 12), "13-20": (13, 20)}.get(bucket)
    if sizes is None:
        return None
    lo, hi = max(sizes[0], rules.min_players), min(sizes[1], rules.max_players)
    return rng.randint(lo, hi) if lo <= hi else None


def aimed_start(rules: Rules, rng: random.Random, situation: str) -> State:
    """A random match state at a deal's shuffle, at the size of table the situation names and,
    for ':last-mark', with every player on his last mark."""
    n = _table_size(situation, rules, rng) or rng.randint(rules.min_players, min(rules.max_players, 7))
    last = situation.endswith(":last-mark")
    marks = [1 if last else rng.randint(1, rules.initial_marks) for _ in range(n)]
    dealer = rng.randrange(n)
    virgins = [m >= rules.initial_marks for m in marks]
    return start_deal(rules, NAMES[:n], marks, dealer, virgins=virgins, pot=rules.stake * n,
                      deals_played=rng.randint(0, 5))


def aimed_stack(state: State, rng: random.Random, situation: str) -> tuple[Card, ...]:
    """A shuffle that deals the cards a situation needs where it needs them: the event card it
    names to the dealer (':at-dealer') or to a seat on the way, a horse just before the seat met
    (':after-skip'), a cat before it (':after-undo'), and low plain cards to the seats before, so
    that requests travel (K5-K7).  Places as the engine deals them (K4 the bottom, L2 the top)."""
    rules = state.rules
    stack = list(PACKS[rules.pack].cards)
    rng.shuffle(stack)
    order = list(deal_order(state))
    by_role = {role: value for value, role in rules.roles}
    parts = situation.split(":")
    role = parts[1].partition("@")[0] if parts[0] == "arresto" else None
    met = len(order) - 1 if "at-dealer" in parts else rng.randrange(min(2, len(order) - 1), len(order))
    wanted: dict[int, Optional[int]] = {met: by_role.get(role or "")}
    if ("after-skip" in parts) and HORSE in by_role and met >= 2:
        wanted[met - 1] = by_role[HORSE]
    if ("after-undo" in parts) and "cat" in by_role and met >= 3:
        wanted[rng.randrange(1, met - 1)] = by_role["cat"]
    low = sorted(PACKS[rules.pack].values)[: len(PACKS[rules.pack].values) // 3]
    for k in range(len(order)):
        value = wanted.get(k, rng.choice(low) if k < met else None)
        if value is None:
            continue
        place = len(stack) - 1 - k if rules.deal_from == "bottom" else k
        i = next((j for j, c in enumerate(stack) if c.value == value and j != place
                  and (j >= len(order) if rules.deal_from == "top" else j < len(stack) - len(order))), None)
        if i is not None:
            stack[i], stack[place] = stack[place], stack[i]
    return tuple(stack)


def aimed_deal(state: State, rng: random.Random, situation: str) -> tuple[tuple[Card, ...], list[tuple[int, str]]]:
    """A deal played on :func:`aimed_stack` by the biased random player, who offers low cards."""
    stack = aimed_stack(state, rng, situation)
    s, _ = step(state, Action(A.SHUFFLE, stack=stack))
    decisions: list[tuple[int, str]] = []
    while s.phase not in (Phase.SHUFFLE, Phase.MATCH_OVER):
        action = random_decision(s, rng)
        s, _ = step(s, action)
        decisions.append((action.seat, action.kind))  # type: ignore[arg-type]
    return stack, decisions


# --------------------------------------------------------------------------- traces and features


def make_trace(state: State, stack: Sequence[Card], decisions: Sequence[tuple[int, str]], preset_name: str,
               options: dict[str, Any], vector_id: str = "") -> Trace:
    try:
        dealt, rest = dealt_and_rest(state, stack)
        by_seat: Optional[dict[int, str]] = {s: card_name(c) for s, c in dealt.items()}
        rest_names: tuple[Optional[str], ...] = tuple(card_name(c) for c in rest)
        whole: Optional[tuple[str, ...]] = None
    except DealSetupError:  # a ruleset whose dealing order depends on play: the whole stack
        by_seat, rest_names, whole = None, (), tuple(card_name(c) for c in stack)
    n = len(state.players)
    return Trace(state.rules, preset_name, dict(options), state.players, tuple(range(n)), state.marks,
                 state.virgins, state.dealer, state.pot, state.eliminations, state.reentries, state.deal_number,
                 by_seat, rest_names, whole,
                 tuple(Decision(s, k, WORDS[k], f"$.decisions[{i}]") for i, (s, k) in enumerate(decisions)), {},
                 None, vector_id or None, "")


def _replay_json(trace: Trace, rules: Optional[Rules] = None) -> Any:
    try:
        return outcome_json(trace, replay(trace, rules).outcome)
    except (ValueError, IllegalActionError) as err:  # DealSetupError is a ValueError
        return {"error": str(err)}


def features(trace: Trace, events: Sequence[Event], final: State) -> tuple[set[str], set[str]]:
    """The branches a deal takes (features) and the rules it exercises: the rules its events
    and its showdown's notes cite, its preset's set-up rules, and the rules a preset's source
    states for what the deal did (``_preset_rules``).  Never the source of a reading: those are
    the vector's ``reading_sources`` (issue 25)."""
    feats: set[str] = set()
    cited: set[str] = set(SETUP_RULES.get(trace.preset, ())) | {e.rule for e in events}
    in_deal = sum(m > 0 for m in trace.marks)
    feats.add(f"players:{_bucket(in_deal)}")
    feats |= _event_features(trace, events, in_deal)
    feats |= _tally_features(events, in_deal)
    cited |= _preset_rules(trace, events, final)
    if trace.rules.buy_back == "immediate" and any(e.kind == EventKind.BUY_BACK for e in _before_showdown(events)):
        cited.add("Q7")  # L11: bought back during the deal; whether he is dealt again is Q7's option
        feats.add("buy-back-during-deal")
    if any(e.kind == EventKind.SHOWDOWN for e in events):
        more_feats, more_rules = _showdown_features(trace, events, final, in_deal)
        feats |= more_feats
        cited |= more_rules
    return feats, cited


def _before_showdown(events: Sequence[Event]) -> Sequence[Event]:
    return events[:next((i for i, e in enumerate(events) if e.kind == EventKind.SHOWDOWN), len(events))]


def _event_features(trace: Trace, events: Sequence[Event], in_deal: int) -> set[str]:
    """Every event and its rule, each mechanism at each size of table, and each event card
    met where it is met (``_where``)."""
    feats: set[str] = set()
    marks = dict(enumerate(trace.marks))
    undone = backward = False
    previous: Optional[Event] = None
    for e in events:
        feats.add(f"event:{e.kind}:{e.rule}")
        undone = undone or e.kind == EventKind.UNDO
        backward = backward or e.kind == EventKind.OFFER_BACK or (e.kind == EventKind.MARK_LOST and e.rule == "L8")
        if e.kind == EventKind.ARRESTO and e.card is not None:
            role = trace.rules.role_of.get(e.card.value, "?")
            feats.add(f"arresto:{role}")
            feats.update(f"arresto:{role}:{w}" for w in _where(trace, e, previous, undone, backward, marks, in_deal))
            feats.add(f"arresto:{role}@{_bucket(in_deal)}")  # each event card at each size of table
        if e.kind == EventKind.EXCHANGE and e.rule != "K13":
            feats.update(_plain_card_met(trace, e, previous))
        if e.kind in ("mark-lost", "mark-gained") and e.seat is not None:
            marks[e.seat] = marks.get(e.seat, 0) + (1 if e.kind == EventKind.MARK_GAINED else -1)
        if e.kind == EventKind.BUY_BACK_OFFER:
            feats.add(f"buy-back-price:{e.amount}")
        if e.kind in (EventKind.RESTART, EventKind.DRAW, EventKind.WINNER, EventKind.JOINT_WINNER,
                      EventKind.KEEP_LAST_LIFE, EventKind.STACK_KING, EventKind.TALON_KING):
            feats.add(e.kind)
        if e.kind not in _PLAIN:
            feats.add(f"{e.kind}@{_bucket(in_deal)}")  # each mechanism at each size of table
        if e.kind != EventKind.DEAL:  # a card dealt on the way (K4) does not end what came before
            previous = e
    return feats


def _where(trace: Trace, e: Event, previous: Optional[Event], undone: bool, backward: bool, marks: dict[int, int],
           in_deal: int) -> list[str]:
    """Where an event card was met: at the dealer of THIS deal (``trace.dealer``; the next
    deal's dealer is another seat, issue 25), after a skipped horse (K12, L8), after an undo
    (K13), on Lu Stù's way back (L8), by an offerer on his last mark, at a table of two."""
    where = []
    if e.seat == trace.dealer:
        where.append("at-dealer")
    if previous is not None and previous.kind == EventKind.SKIP:  # the request jumped a horse (K12, L8)
        where.append("after-skip")
    if undone:
        where.append("after-undo")
    if e.rule == "L8" or backward:
        where.append("way-back")
    if e.other is not None and marks.get(e.other) == 1:
        where.append("last-mark")
    if in_deal == 2:
        where.append("two-players")
    return where


def _plain_card_met(trace: Trace, e: Event, previous: Optional[Event]) -> list[str]:
    """A request answered by an exchange with a plain card at the dealer of the deal, after a
    skipped horse (K12: the request travels on to the next player), or both: the horse skipped
    onto a dealer holding a plain card (issue 25: no vector had it, so a bug there passed)."""
    met = []
    skipped = previous is not None and previous.kind == EventKind.SKIP and previous.other == e.seat
    if skipped:
        met.append("exchange:after-skip")
    if e.other == trace.dealer:
        met.append("exchange:at-dealer")
        if skipped:
            met.append("exchange:after-skip:at-dealer")
    return met


def _tally_features(events: Sequence[Event], in_deal: int) -> set[str]:
    """Marks lost several at a time, players out, marks gained."""
    feats: set[str] = set()
    lost: dict[int, int] = {}
    for e in events:
        if e.kind == EventKind.MARK_LOST and e.seat is not None:
            lost[e.seat] = lost.get(e.seat, 0) + 1
    if any(v >= 2 for v in lost.values()):
        feats.add("loses-several-marks")
    outs = sum(1 for e in events if e.kind == EventKind.OUT)
    if outs:
        feats.add(f"out:{min(outs, 3)}")
        feats.add(f"out@{_bucket(in_deal)}")
    if any(e.kind == EventKind.MARK_GAINED for e in events):
        feats.add("gain")
    return feats


def _preset_rules(trace: Trace, events: Sequence[Event], final: State) -> set[str]:
    """Rules a preset's source states for what this deal did, which no event cites by itself."""
    rules, preset_name = trace.rules, trace.preset
    kinds = {e.kind for e in events}
    cited: set[str] = set()
    arrests = [e for e in events if e.kind == EventKind.ARRESTO and e.card is not None]
    if arrests and rules.pack.startswith("cuccu") and preset_name != "zeh-1769":
        cited.add("K9")  # the targeted event card is shown, the only card ever shown
    if preset_name == "zeh-1769" and any(rules.role_of.get(e.card.value) in (INN, HORSE, HUNTER, CUCKOO)
                                         for e in arrests if e.card is not None):
        cited.add("Z4")
    lost = [e.seat for e in events if e.kind == EventKind.MARK_LOST]
    if preset_name == "lu-stu" and any(lost.count(s) >= 3 for s in set(lost)):
        cited.add("L13")  # 'Ein Spieler kann in einer Runde drei Marken verlieren'
    if preset_name == "zeh-1769" and "out" in kinds:
        cited.add("Z10")  # out, and no buy-back
    if preset_name == "lu-stu" and "mark-gained" in kinds:
        cited.add("L1")
    if preset_name == "lu-stu" and kinds & {"restart", "draw", "joint-winner", "keep-last-life"}:
        cited.add("L12")  # the whole table out together: one of L12's two cases
    if preset_name == "as-qui-court" and len(final.order) > 1 and any(
            e.kind == EventKind.OFFER and e.seat == final.order[-2] for e in events):
        cited.add("A3")  # the player left of the dealer exchanges with the dealer
    if "hint" in kinds and rules.fool_hint == "no-effect":
        cited.add("K20")  # talk is free: the hint changes nothing
    if preset_name == "zeh-1769" and "offer" in kinds:
        cited.add("Q13")  # dealt first, the requests still go to the next player
    if preset_name in ("zeh-1769", "coucou", "screw-your-neighbour") and any(trace.virgins or ()):
        cited.add("Q17")  # the agreed starting marks
    if rules.dealing == "interleaved" and any(a.kind == EventKind.KEEP and b.kind == EventKind.DEAL
                                             for a, b in zip(events, events[1:])):
        cited.add("K6")
    return cited


def _showdown_features(trace: Trace, events: Sequence[Event], final: State, in_deal: int) -> tuple[set[str], set[str]]:
    """The showdown's shape (fools, ties, all equal, an event card kept untargeted) and the
    rules its notes cite."""
    rules = trace.rules
    feats: set[str] = set()
    live = [(s, final.hands[s]) for s in final.order if not final.dead[s] and final.hands[s] is not None]
    dead = [(s, final.hands[s]) for s in final.order if final.dead[s] and final.hands[s] is not None]
    shown = evaluate(rules, live, dead, final.guarantees, final.hinted, explain=True)  # type: ignore[arg-type]
    cited = {rule for rule, _ in shown.notes}
    fools = sum(1 for _, c in live if c is not None and c.is_fool)
    if fools:
        feats.add(f"fools:{fools}")
    ranks = [r for _, r in shown.ranks]
    if len(set(ranks)) == 1 and len(ranks) > 1:
        feats.add("all-equal")
    elif ranks and ranks.count(min(ranks)) > 1:
        feats.add("tie")
        feats.add(f"tie@{_bucket(in_deal)}")
    targeted = {e.seat for e in events if e.kind == EventKind.ARRESTO}
    if any(s not in targeted and c is not None and c in rules.role_of_card for s, c in live):
        cited.add(rules.cites("event-card"))  # an event card kept untargeted is just a high card (C2, F3 ...)
        feats.add("event-card-untargeted")
    if trace.preset == "zeh-1769" and len(live) == 2 and fools == 1:
        cited.add("Z8")
    if trace.preset == "lu-stu" and len(live) == 2 and len(set(ranks)) == 1:
        cited.add("L6")
    return feats, cited


_PLAIN = frozenset({EventKind.SHUFFLE, EventKind.DEAL, EventKind.KEEP, EventKind.OFFER, EventKind.NEXT_DEALER,
                    EventKind.SHOWDOWN, EventKind.MARK_LOST, EventKind.ARRESTO})


def _bucket(n: int) -> str:
    return "2" if n == 2 else "3-4" if n <= 4 else "5-7" if n <= 7 else "8-12" if n <= 12 else "13-20"


def deciding_readings(trace: Trace, baseline: Any, names: Iterable[str]) -> dict[str, str]:
    """The options among ``names`` whose reading decides the trace: under another reading of
    the option its outcome differs."""
    found: dict[str, str] = {}
    for name in names:
        current = getattr(trace.rules, name)
        for reading in OPTIONS[name].readings:
            if reading.value == current:
                continue
            if _replay_json(trace, trace.rules.with_options({name: reading.value})) != baseline:
                found[name] = current
                break
    return found


# --------------------------------------------------------------------------- vectors


def reading_sources(trace: Trace, readings: dict[str, str]) -> list[str]:
    """The sources of the readings a vector is decided by, kept apart from the rules it
    exercises (issue 25: K14, Campli's inn, listed for a deal without an inn because Q2's
    reading 'never' cites it): for each deciding option that is one of the preset's open
    points or that the vector overrides, the question it settles and the chosen reading's
    source.  The preset's settled readings are its own source's, which its events cite."""
    found: set[str] = set()
    for name, value in readings.items():
        if name not in OPEN_POINTS.get(trace.preset, ()) and name not in trace.overrides:
            continue
        spec = OPTIONS[name]
        found.add(spec.settles)
        found.add(next(r.source for r in spec.readings if r.value == value))
    return sorted(r for r in found if r in RULES)


def vector_doc(trace: Trace, vector_id: str, description: str, feats: Iterable[str], cited: Iterable[str],
               readings: dict[str, str], outcome: Any) -> dict[str, Any]:
    n = len(trace.names)
    doc: dict[str, Any] = {
        "format": "cucu-trace/1",
        "id": vector_id,
        "description": description,
        "ruleset": trace.preset if not trace.overrides else {"preset": trace.preset, "options": trace.overrides},
        "seats": [{"name": trace.names[s], "marks": trace.marks[s],
                   "virgin": bool(trace.virgins[s]) if trace.virgins else False} for s in range(n)],
        "dealer": trace.dealer,
        "pot": trace.pot,
        "eliminations": trace.eliminations,
        "reentries": trace.reentries,
        "deals_played": trace.deals_played,
        "deal": ({"cards": [trace.dealt.get(s) for s in range(n)], "rest": list(trace.rest)}
                 if trace.dealt is not None else None),
        "stack": list(trace.stack) if trace.stack is not None else None,
        "decisions": [{"seat": d.seat, "decision": d.word} for d in trace.decisions],
        "outcome": outcome,
        "vector": {"rules": sorted(r for r in set(cited) if r in RULES), "readings": dict(sorted(readings.items())),
                   "reading_sources": reading_sources(trace, readings), "features": sorted(feats),
                   "hand_checked": False},
    }
    return {k: v for k, v in doc.items() if v is not None}


def _describe(trace: Trace, feats: Iterable[str], outcome: Any) -> str:
    n_in = sum(m > 0 for m in trace.marks)
    branch = sorted(f for f in feats if f.startswith(("arresto:", "buy-back", "restart", "draw", "winner",
                                                      "joint-winner", "keep-last-life", "tie", "all-equal",
                                                      "fools:", "stack-king", "talon-king")))
    what = f"{n_in} players in the deal"
    if branch:
        what += "; " + ", ".join(branch[:6])
    if "illegal" in outcome:
        what += f"; decision {outcome['illegal']['step']} is illegal ({outcome['illegal'].get('rule')})"
    return f"Generated from the engine ({trace.preset}): {what}."


def _family(preset_name: str, options: dict[str, Any]) -> str:
    return preset_name + "".join(f"+{k}={v}" for k, v in sorted(options.items()))


_CACHE: dict[str, list[tuple[Trace, Any, Any]]] = {}


def _candidates(preset_name: str, options: dict[str, Any], tries: int) -> list[tuple[Trace, Any, Any]]:
    """``tries`` random deals of a family (a preset, perhaps with options), replayed: (trace,
    replay, outcome JSON).  Kept for the run, so a family is played once."""
    family = _family(preset_name, options)
    if family in _CACHE and len(_CACHE[family]) >= tries:
        return _CACHE[family][:tries]
    rules = PRESETS[preset_name].with_options(options) if options else PRESETS[preset_name]
    rng = random.Random(family)
    out = []
    for _ in range(tries):
        state = random_start(rules, rng)
        stack, decisions = random_deal(state, rng)
        trace = make_trace(state, stack, decisions, preset_name, options)
        rep = replay(trace)
        out.append((trace, rep, outcome_json(trace, rep.outcome)))
    _CACHE[family] = out
    return out


def _checks(feats: Iterable[str], readings: dict[str, str]) -> list[str]:
    """The outcome fields a program under test must answer for this vector."""
    checks = list(REQUIRED)
    if any(f.startswith(("event:buy-back", "buy-back")) for f in feats) or set(readings) & _PRICE_OPTIONS:
        checks.append("pot")  # the price paid in (K17, L11, Q1)
    if "virgin_after_gain" in readings or any(f.startswith("event:buy-back-offer") for f in feats):
        checks.append("virgins")  # who may still let the others buy back (K17, Q8)
    return checks


REQUIRED = ("net", "out", "hands", "next_dealer", "winner")
_PRICE_OPTIONS = {"buy_back_price", "simultaneous_buy_back"}
# Options whose readings no deal trace can tell apart, and why: no vector is looked for.
UNOBSERVABLE_OPTIONS = {
    "seating_fool": "the seating draw (K2, Q15) comes before the first deal: the seating vectors, made on purpose "
                    "(_seating_vectors), state it",
    "dealing": "with the cards dealt by seat, dealing one at a time (K4) or all first (Z3) gives the same deal: "
               "the requests go to the next player either way (Q13)",
    "piquet_below_seven": "the piquet pack (F1) only leaves out the 2-6: a deal of it is a deal of the whole pack "
                          "with the same outcome",
    "kept_life_eliminations": "P3 changes only K17's count of eliminations after S6's last life, which a trace's "
                              "outcome does not hold; no price follows it (every player left lost a mark: no "
                              "virgin, so no buy-back, K17)",
    "restart_counts": "P4 changes only K17's and L11's counts after everybody got the starting marks again, which "
                      "a trace's outcome does not hold; the price they count comes in a later deal, another trace",
}


def _vector(trace: Trace, rep: Any, outcome: Any, vid: str, option_names: Iterable[str],
            extra_feats: Iterable[str] = (), extra_rules: Iterable[str] = ()) -> dict[str, Any]:
    feats, cited = features(trace, rep.events, rep.final)
    feats |= set(extra_feats)
    readings = deciding_readings(trace, outcome, option_names)
    doc = vector_doc(trace._replace(id=vid), vid, _describe(trace, feats, outcome), feats, cited | set(extra_rules),
                     readings, outcome)
    doc["vector"]["checks"] = _checks(feats, readings) if "illegal" not in outcome else ["illegal"]
    return doc


# Options that settle the pack before the deal: a trace's cards already say which reading it
# takes, so every deal 'needs' one; the vectors that exercise them are made on purpose
# (_without_fools_vectors), not looked for among all.
_PACK_OPTIONS = {"without_fools": "L5"}


def _observable() -> list[str]:
    return [name for name in OPTIONS if name not in UNOBSERVABLE_OPTIONS and name not in _PACK_OPTIONS]


L5_PER_READING = 2


def _without_fools_vectors() -> list[dict[str, Any]]:
    """L5 (issue 25): Lu Stù at a table of many (eight or more) players, played without the
    fools by agreement, and played with them where a fool decides the showdown."""
    out: list[dict[str, Any]] = []
    for value, options in (("yes", {"without_fools": "yes"}), ("no", {})):
        k = 0
        for trace, rep, outcome in _candidates("lu-stu", options, TRIES_PER_READING):
            feats, _ = features(trace, rep.events, rep.final)
            if sum(m > 0 for m in trace.marks) < 8 or (value == "no" and not any(
                    f.startswith("fools:") for f in feats)):
                continue
            k += 1
            word = "without" if value == "yes" else "with"
            doc = _vector(trace, rep, outcome, f"lu-stu-l5-{word}-fools-{k}", _observable(),
                          {f"pack:{word}-fools"}, {"L5"} if value == "yes" else ())
            doc["vector"]["readings"] = dict(sorted({**doc["vector"]["readings"], "without_fools": value}.items()))
            doc["vector"]["reading_sources"] = reading_sources(trace, doc["vector"]["readings"])
            out.append(doc)
            if k >= L5_PER_READING:
                break
    return out


def _preset_vectors(preset_name: str) -> list[dict[str, Any]]:
    seen: set[str] = set()
    kept: list[dict[str, Any]] = []
    for trace, rep, outcome in _candidates(preset_name, {}, TRIES_PER_PRESET):
        feats, _ = features(trace, rep.events, rep.final)
        if not feats - seen:
            continue
        seen |= feats
        kept.append(_vector(trace, rep, outcome, f"{preset_name}-{len(kept) + 1:03d}", _observable()))
        if len(kept) >= PER_PRESET[preset_name]:
            break
    return kept


TRIES_PER_SITUATION = 400


def _coverage_vectors(preset_name: str, have: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """For every situation of the coverage model (``coverage.model``) that the random deals
    kept so far miss, and that can arise (``coverage.GAPS``), a deal aimed at it
    (:func:`aimed_deal`): the first of ``TRIES_PER_SITUATION`` that meets it."""
    seen = {f for d in have if d["ruleset"] == preset_name and "illegal" not in d["outcome"]
            for f in d["vector"]["features"]}
    rules = PRESETS[preset_name]
    out: list[dict[str, Any]] = []
    for situation in model(preset_name):
        if situation in seen or (preset_name, situation) in GAPS:
            continue
        rng = random.Random(f"{preset_name}/cover/{situation}")
        for _ in range(TRIES_PER_SITUATION):
            try:
                state = aimed_start(rules, rng, situation)
            except DealSetupError:
                continue
            stack, decisions = aimed_deal(state, rng, situation)
            trace = make_trace(state, stack, decisions, preset_name, {})
            rep = replay(trace)
            feats, _ = features(trace, rep.events, rep.final)
            if situation in feats:
                outcome = outcome_json(trace, rep.outcome)
                out.append(_vector(trace, rep, outcome, f"{preset_name}-cover-{len(out) + 1:03d}", _observable()))
                seen |= feats
                break
    return out


def _homes(name: str, value: str) -> list[tuple[str, dict[str, Any]]]:
    """Where to look for deals that a reading decides: the presets taking it, then (under that
    reading) the presets where the option is open, then Campli, then the others."""
    takers: list[tuple[str, dict[str, Any]]] = [(p, {}) for p, r in PRESETS.items() if getattr(r, name) == value]
    others = [p for p in PRESETS if getattr(PRESETS[p], name) != value]
    others.sort(key=lambda p: (name not in OPEN_POINTS.get(p, ()), p != "campli"))
    return takers + [(p, {name: value}) for p in others]


def _exercises(trace: Trace, rep: Any, outcome: Any, name: str) -> bool:
    """Whether the deal exercises the reading it takes of option ``name``, not only needs it to
    replay (issue 25: zeh-1769-open-refuse_by_paying=yes-2 never refused: under 'no' its
    'exchange' decision is simply not one): an event cites the reading's source or the question
    it settles, or under another reading the deal plays legally to another outcome."""
    spec = OPTIONS[name]
    value = getattr(trace.rules, name)
    source = next(r.source for r in spec.readings if r.value == value)
    if any(e.rule in (source, spec.settles) for e in rep.events):
        return True
    for reading in spec.readings:
        if reading.value != value:
            other = _replay_json(trace, trace.rules.with_options({name: reading.value}))
            if other != outcome and "error" not in other and "illegal" not in other:
                return True
    return False


def _deciding(family: list[tuple[Trace, Any, Any]], name: str) -> Iterator[tuple[int, tuple[Trace, Any, Any]]]:
    """The deals of a family that reading ``name`` decides, numbered from 1: those that exercise
    it as they are found, then the others (read lazily: the caller stops at enough)."""
    aside = []
    k = 0
    for c in family:
        if not deciding_readings(c[0], c[2], [name]):
            continue
        if _exercises(c[0], c[1], c[2], name):
            k += 1
            yield k, c
        else:
            aside.append(c)
    for c in aside:
        k += 1
        yield k, c


def _open_point_vectors(have: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """For every preset, every reading of each of its open points that decides some deal of it."""
    out: list[dict[str, Any]] = []
    for preset_name, points in OPEN_POINTS.items():
        for name in points:
            if name in UNOBSERVABLE_OPTIONS:
                continue
            for reading in OPTIONS[name].readings:
                options = {} if getattr(PRESETS[preset_name], name) == reading.value else {name: reading.value}
                found = sum(1 for d in have + out if _family(d["ruleset"] if isinstance(d["ruleset"], str) else
                                                             d["ruleset"]["preset"], {}) == preset_name
                            and d["vector"]["readings"].get(name) == reading.value)
                tries = TRIES_PER_PRESET if not options else TRIES_PER_READING
                for k, (trace, rep, outcome) in _deciding(_candidates(preset_name, options, tries), name):
                    if found >= PER_READING:
                        break
                    vid = f"{preset_name}-open-{name}={reading.value}-{k}"
                    out.append(_vector(trace, rep, outcome, vid, _observable()))
                    found += 1
    return out


def _reading_vectors(have: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[str]]:
    out: list[dict[str, Any]] = []
    gaps: list[str] = []
    for name in _observable():
        for reading in OPTIONS[name].readings:
            found = sum(1 for d in have + out if d["vector"]["readings"].get(name) == reading.value)
            for preset_name, options in _homes(name, reading.value)[:4]:
                if found >= PER_READING:
                    break
                tries = TRIES_PER_PRESET if not options else TRIES_PER_READING
                for k, (trace, rep, outcome) in _deciding(_candidates(preset_name, options, tries), name):
                    out.append(_vector(trace, rep, outcome, f"{preset_name}-reading-{name}={reading.value}-{k}",
                                       _observable()))
                    found += 1
                    if found >= PER_READING:
                        break
            if found < PER_READING:
                gaps.append(f"{name} = {reading.value}: {found} vector(s) it decides")
    return out, gaps


# Decisions tried in place of a legal one, to make an illegal trace.
_WRONG_KINDS = (A.OFFER, A.KEEP, A.EXCHANGE_WITH_STACK, A.BUY_BACK, A.INN_ASK, A.EXCHANGE)


def _illegal_vectors(preset_name: str) -> list[dict[str, Any]]:
    """Legal deals with one decision replaced by a forbidden one: one vector per rule that
    forbids, per kind of mistake (out of turn, a kind the phase does not allow), and per whether
    the decision is the dealer's (his last say is a rule of its own, K8; where a game states it
    in the rule that also forbids another mistake, as Cassell's R2 forbids both the dealer's
    offer and a second exchange, the two stay apart)."""
    out: list[dict[str, Any]] = []
    rng = random.Random(f"{preset_name}/illegal")
    seen: set[tuple[Optional[str], str, str]] = set()
    tried = 0
    for trace, _, _ in _candidates(preset_name, {}, TRIES_PER_PRESET):
        if len(out) >= ILLEGAL_PER_PRESET or tried > 3000:
            break
        if not trace.decisions:
            continue
        i = rng.randrange(len(trace.decisions))
        d = trace.decisions[i]
        if not d.kinds:
            continue
        # a wrong kind as its word reads back (WORDS): 'keep' also means keeping after 'fermatevi'
        wrong = [("kind", Decision(d.seat, k, WORDS[k], d.path)) for k in _WRONG_KINDS if k not in d.kinds]
        wrong += [("seat", Decision(s, d.word, d.kinds, d.path)) for s in range(len(trace.names)) if s != d.seat]
        rng.shuffle(wrong)
        for mistake, bad in wrong[:6]:
            tried += 1
            broken = trace._replace(decisions=trace.decisions[:i] + (bad,) + trace.decisions[i + 1:])
            r2 = replay(broken)
            ill = r2.outcome.illegal
            key = (ill[1] if ill else None, mistake,
                   (bad.word if mistake == "kind" else "") + ("@dealer" if bad.seat == trace.dealer else ""))
            if ill is None or ill[0] != i or key in seen:
                continue
            seen.add(key)
            outcome = outcome_json(broken, r2.outcome)
            vid = f"{preset_name}-illegal-{len(out) + 1:02d}"
            out.append(_vector(broken, r2, outcome, vid, _observable(), {f"illegal:{ill[1]}:{mistake}:{key[2]}"},
                               {ill[1] or ""}))
            break
    return out


# Deals in a row (issue 25): per preset, how many vectors and how many deals each
ROW_PRESETS = tuple(PRESETS)
ROWS_PER_PRESET = 3
ROW_TRIES = 300


def _following_deal(state: State, stack: Sequence[Card], decisions: Sequence[tuple[int, str]]) -> dict[str, Any]:
    """A deal of a row in the trace format's terms: its cards by seat and the rest, or the whole stack."""
    try:
        dealt, rest = dealt_and_rest(state, stack)
        deal: dict[str, Any] = {"deal": {"cards": [card_name(dealt[s]) if s in dealt else None
                                                   for s in range(len(state.players))],
                                         "rest": [card_name(c) for c in rest]}}
    except DealSetupError:
        deal = {"stack": [card_name(c) for c in stack]}
    return {**deal, "decisions": [{"seat": seat, "decision": kind} for seat, kind in decisions]}


def row_features(states: Sequence[State]) -> set[str]:
    """What a row of deals carries from one to the next (``states``: each deal's state at its
    shuffle): the deal passed on (K2), over a seat whose player went out (D2: the next seat
    still in deals), the pot carried."""
    feats = {f"row:{min(len(states), 3)}-deals"}
    for before, after in zip(states, states[1:]):
        n = len(before.players)
        skipped = (before.dealer + 1) % n
        if after.dealer != before.dealer:
            feats.add("row:dealer-passes")
        if after.marks[skipped] == 0 and after.dealer != skipped:
            feats.add("row:dealer-passes-over-out")
        if after.pot != before.pot:
            feats.add("row:pot-carried")
    return feats


def _row_vectors(preset_name: str) -> list[dict[str, Any]]:
    """Two or three deals in a row from a random match state: the program carries the state."""
    rules = PRESETS[preset_name]
    rng = random.Random(f"{preset_name}/row")
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for _ in range(ROW_TRIES):
        state = random_start(rules, rng)
        stack, decisions = random_deal(state, rng)
        trace = make_trace(state, stack, decisions, preset_name, {})
        rep = replay(trace)
        states, finals, then = [state], [rep.final], []
        later_feats: set[str] = set()
        later_rules: set[str] = set()
        while len(states) < rng.choice((2, 3)) and finals[-1].phase == Phase.SHUFFLE:
            nxt = finals[-1]
            stack2, decisions2 = random_deal(nxt, rng)
            then.append(_following_deal(nxt, stack2, decisions2))
            states.append(nxt)
            trace2 = make_trace(nxt, stack2, decisions2, preset_name, {})
            rep2 = replay(trace2)
            finals.append(rep2.final)
            more_feats, more_rules = features(trace2, rep2.events, rep2.final)  # every deal's labels
            later_feats |= more_feats
            later_rules |= more_rules
        if not then:
            continue
        feats = row_features(states)
        if not feats - seen:
            continue
        seen |= feats
        vid = f"{preset_name}-row-{len(out) + 1:02d}"
        doc = _vector(trace, rep, outcome_json(trace, rep.outcome), vid, _observable(), feats | later_feats,
                      later_rules)
        doc["then"] = then
        doc["outcome"] = row_answer({k: v for k, v in doc.items() if k not in ("outcome", "vector")})["outcome"]
        doc["vector"]["readings"] = {}  # decided over several deals: not looked for
        doc["vector"]["reading_sources"] = []
        doc["description"] = (f"Generated from the engine ({preset_name}): {len(states)} deals in a row; the "
                              f"program carries the match state from each to the next (K2).")
        keys = list(doc)
        doc = {k: doc[k] for k in keys[:keys.index("decisions") + 1] + ["then"] + keys[keys.index("decisions") + 1:]
               if k in doc}
        out.append(doc)
        if len(out) >= ROWS_PER_PRESET:
            break
    return out


# The seating draw before the first deal (K2, Q15): who draws what, in the seats' order (the
# program's numbering, which is not the order of play), under each reading of where the fool
# ranks.  The fool and no card above XIIII: the fool deals under 14½, sits at the dealer's left
# as the lowest otherwise.  (One draw per reading; issue 25 §3.)
SEATING_DRAW = ("V", "matto", "XII", "II", "VIII")
SEATING_PRESET = "campli"


def _seating_vectors() -> list[dict[str, Any]]:
    """Match-level vectors that start before the first deal: the seats as the draw gives them,
    the draw's highest dealing, and a second deal after it (the program carries the seating)."""
    out: list[dict[str, Any]] = []
    for k, reading in enumerate(OPTIONS["seating_fool"].values()):
        options = {} if reading == PRESETS[SEATING_PRESET].seating_fool else {"seating_fool": reading}
        rules = PRESETS[SEATING_PRESET].with_options(options) if options else PRESETS[SEATING_PRESET]
        rng = random.Random(f"{SEATING_PRESET}/seating/{reading}")
        names = NAMES[:len(SEATING_DRAW)]
        order = seating_by_draw(rules, SEATING_DRAW)  # the program's seat of each engine seat
        state = start_deal(rules, [names[c] for c in order], [rules.initial_marks] * len(order), len(order) - 1)
        stack, decisions = random_deal(state, rng)
        first = _following_deal(state, stack, decisions)
        trace = make_trace(state, stack, decisions, SEATING_PRESET, options)
        rep = replay(trace)
        nxt = rep.final
        stack2, decisions2 = random_deal(nxt, rng)
        then = [_client_deal(_following_deal(nxt, stack2, decisions2), order)]
        trace2 = make_trace(nxt, stack2, decisions2, SEATING_PRESET, options)
        rep2 = replay(trace2)
        later_feats, later_rules = features(trace2, rep2.events, rep2.final)  # a row's labels are every deal's
        vid = f"{SEATING_PRESET}-seating-{k + 1:02d}"
        doc = _vector(trace, rep, outcome_json(trace, rep.outcome), vid, (),
                      {"seating:draw", "seating:fool"} | row_features([state, nxt]) | later_feats,
                      {"K2", "Q15"} | later_rules)
        doc.update({"ruleset": SEATING_PRESET if not options else {"preset": SEATING_PRESET, "options": options},
                    "seats": [{"name": n, "marks": rules.initial_marks, "virgin": True} for n in names],
                    "seating": {"drawn": list(SEATING_DRAW)}, **_client_deal(first, order), "then": then})
        doc.pop("dealer")
        doc["outcome"] = row_answer({k2: v for k2, v in doc.items() if k2 not in ("outcome", "vector")})["outcome"]
        doc["vector"]["readings"] = {}  # decided over several deals, as every row (the reading: its ruleset)
        doc["vector"]["reading_sources"] = []
        doc["description"] = (f"Generated from the engine ({SEATING_PRESET}): the seating draw before the first "
                              f"deal (K2), the fool drawn, read as {reading} (Q15); then a second deal.")
        keys = ["format", "id", "description", "ruleset", "seats", "seating", "pot", "eliminations", "reentries",
                "deals_played", "deal", "stack", "decisions", "then", "outcome", "vector"]
        out.append({key: doc[key] for key in keys if key in doc})
    return out


def _client_deal(deal: dict[str, Any], order: Sequence[int]) -> dict[str, Any]:
    """A deal of :func:`_following_deal` (engine seats) in the program's seats: engine seat e is
    the program's ``order[e]``."""
    out = dict(deal)
    if "deal" in deal:
        cards: list[Optional[str]] = [None] * len(order)
        for e, card in enumerate(deal["deal"]["cards"]):
            cards[order[e]] = card
        out["deal"] = {**deal["deal"], "cards": cards}
    out["decisions"] = [{**d, "seat": order[d["seat"]]} for d in deal["decisions"]]
    return out


def generate() -> tuple[dict[str, list[dict[str, Any]]], list[str]]:
    """Every golden vector, by file name (``golden/<preset>.jsonl``), and the readings that
    decide fewer vectors than wanted."""
    _CACHE.clear()
    docs: list[dict[str, Any]] = []
    for preset_name in PRESETS:
        docs += _preset_vectors(preset_name)
        docs += _coverage_vectors(preset_name, docs)
        docs += _illegal_vectors(preset_name)
    docs += _open_point_vectors(docs)
    more, missing = _reading_vectors(docs)
    docs += more
    docs += _without_fools_vectors()
    for preset_name in ROW_PRESETS:
        docs += _row_vectors(preset_name)
    docs += _seating_vectors()
    _CACHE.clear()
    files: dict[str, list[dict[str, Any]]] = {f"golden/{p}.jsonl": [] for p in PRESETS}
    for doc in docs:
        ruleset = doc["ruleset"]
        files[f"golden/{ruleset if isinstance(ruleset, str) else ruleset['preset']}.jsonl"].append(doc)
    return files, missing


# --------------------------------------------------------------------------- files and the diff


def dumps(docs: Sequence[dict[str, Any]]) -> str:
    return "".join(json.dumps(d, ensure_ascii=False, sort_keys=False) + "\n" for d in docs)


def _stored(root: str) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    golden = os.path.join(root, "golden")
    if not os.path.isdir(golden):
        return out
    for name in sorted(os.listdir(golden)):
        with open(os.path.join(golden, name), encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    doc = json.loads(line)
                    out[doc["id"]] = doc
    return out


def diff(old: dict[str, dict[str, Any]], new: dict[str, dict[str, Any]]) -> list[str]:
    """What changed, vector by vector: added, removed, inputs changed, expected outcomes changed."""
    lines = []
    for vid in sorted(set(old) | set(new)):
        a, b = old.get(vid), new.get(vid)
        if a is None:
            lines.append(f"+ {vid}: new vector ({b['description'] if b else ''})")
        elif b is None:
            lines.append(f"- {vid}: removed")
        elif a != b:
            if {k: v for k, v in a.items() if k != "outcome"} != {k: v for k, v in b.items() if k != "outcome"}:
                lines.append(f"~ {vid}: input or metadata changed")
            if a.get("outcome") != b.get("outcome"):
                old_o, new_o = json.dumps(a.get("outcome")), json.dumps(b.get("outcome"))
                lines.append(f"! {vid}: expected outcome {old_o} -> {new_o}")
    return lines


def main(argv: Optional[Sequence[str]] = None) -> int:
    p = argparse.ArgumentParser(prog="python -m cucu_ref.services.conformance.generate", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--write", action="store_true", help="write the golden files into both copies")
    args = p.parse_args(argv)
    files, missing = generate()
    new = {d["id"]: d for docs in files.values() for d in docs}
    changes = diff(_stored(PACKAGE_DATA), new)
    for line in changes:
        print(line)
    print(f"{len(new)} golden vectors; {len(changes)} change(s) against the stored suite")
    for line in missing:
        print(f"note: {line}")
    if args.write:
        for root in (PACKAGE_DATA, REPOSITORY_DATA):
            os.makedirs(os.path.join(root, "golden"), exist_ok=True)
            for name, docs in files.items():
                with open(os.path.join(root, name), "w", encoding="utf-8") as f:
                    f.write(dumps(docs))
        print("written: " + ", ".join((PACKAGE_DATA, REPOSITORY_DATA)))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
