"""The invariants matrix: which property holds under which ruleset, and how we know.

Each :class:`Property` is a claim about every step of play (cards are conserved, a cuckoo
never loses …).  For every preset, and for the option readings that decide a claim, it is
*tested* by seeded random playouts over biased deals (event cards, fools, low marks are
dealt far more often than chance would, so rare positions turn up), and where a claim
fails the first counterexample is kept: the match state at the start of the deal and the
actions that break it.  The formal module adds what z3 proves; see :mod:`cucu_ref.assurance.formal`.

Everything here is deterministic for a given seed and budget, so the table in the docs
can be checked for being current.
"""

from __future__ import annotations

import argparse
import builtins
import json
import os
import random
import re
from collections import Counter
from typing import Any, Callable, Iterator, NamedTuple, Optional, Sequence, cast

from ..game.cards import PACKS, Card
from ..game.engine import is_chance, legal_actions, new_match, step
from ..game.rulesets import CAT, CUCKOO, HUNTER, PRESETS, Rules
from ..game.scoring import TIE_RULES
from ..game.state import Action, ActionKind, Event, EventKind, Phase, State, Via
from .stacks import biased_stack

__all__ = ["Property", "PROPERTIES", "Variant", "VARIANTS", "Finding", "search", "matrix"]

# (before, action, after, events, steps taken so far in this deal)
Step = tuple[State, Action, State, tuple[Event, ...], int]


class Property(NamedTuple):
    id: str
    title: str
    rule: str  # the rule or question the claim comes from
    applies: Callable[[Rules], bool]  # the property makes sense under this ruleset
    claimed: Callable[[Rules], bool]  # the ruleset's sources claim it holds
    violated: Callable[[Step], Optional[str]]  # a description of the violation, or None


def _cards_in_play(state: State) -> Counter[Card]:
    return Counter([c for c in state.hands if c is not None] + list(state.stack))


def _conservation(s: Step) -> Optional[str]:
    _, _, after, _ = s[:4]
    if after.deal_number and _cards_in_play(after) != Counter(PACKS[after.rules.pack].cards):
        return "hands and stack are not the pack"
    return None


def _marks_nonnegative(s: Step) -> Optional[str]:
    after = s[2]
    return f"marks {after.marks}" if min(after.marks) < 0 else None


def _marks_only_by_rule(s: Step) -> Optional[str]:
    before, _, after, events = s[:4]
    if any(e.kind in (EventKind.RESTART, EventKind.DRAW) for e in events):
        return None  # K18/D8/Z11 reset every player's marks
    delta = [0] * len(before.marks)
    for e in events:
        if e.kind in (EventKind.MARK_LOST, EventKind.MARK_GAINED, EventKind.BUY_BACK) and e.seat is None:
            return f"a {e.kind} event without a seat"
        if e.seat is None:
            continue
        if e.kind == EventKind.MARK_LOST:
            delta[e.seat] -= 1
        elif e.kind == EventKind.MARK_GAINED:
            delta[e.seat] += 1
        elif e.kind == EventKind.BUY_BACK:
            delta[e.seat] += after.rules.initial_marks
    if not all(e.rule for e in events):
        return "an event without a rule"
    for seat, (b, a) in enumerate(zip(before.marks, after.marks)):
        if a != b + delta[seat]:
            return f"seat {seat}: marks {b} -> {a} but the events account for {delta[seat]:+d}"
    return None


def _cuckoo_never_loses(s: Step) -> Optional[str]:
    before, _, after, events = s[:4]
    if not any(e.kind == EventKind.SHOWDOWN for e in events):
        return None
    live = {seat for seat in after.order if not after.dead[seat]}
    at_showdown = (after.rules.showdown_rule, *TIE_RULES.values())  # (a lowest card, or one of the tied)
    for e in events:
        if e.kind == EventKind.MARK_LOST and e.rule in at_showdown and e.seat in live:
            card = after.hands[e.seat]
            if card is not None and card.pack == "cuccu" and card.value == 15:
                return f"seat {e.seat} loses a mark at the showdown holding XV"
    return None


def _dealt(state: State, seat: int) -> Optional[Card]:
    path = state.custody[seat]
    return state.hands[seat] if path == ((seat, Via.DEALT),) else None


def _cat_undo_restores(s: Step) -> Optional[str]:
    before, action, after, events = s[:4]
    cat_marks = [e for e in events if e.kind == EventKind.MARK_LOST and e.rule == "K13"]
    if not cat_marks or after.rules.dead_cards != "stay":
        return None
    undone = [e for e in events if e.kind == EventKind.UNDO]
    seats = {cat_marks[0].seat} | {e.seat for e in undone} | {e.other for e in undone}
    for seat in seats:
        if seat is None:
            return "the cat's undo names no seat"
        if after.custody[seat] != ((seat, Via.DEALT),):
            return f"seat {seat} does not hold the card dealt to him after the cat's undo"
    return None


# what ends a blocked request's moment (the next request, a decision, the showdown) and what moves a card
_REQUEST_ENDS = (EventKind.ARRESTO, EventKind.OFFER, EventKind.KEEP, EventKind.SHOWDOWN)
_EXCHANGES = (EventKind.EXCHANGE, EventKind.EXCHANGE_WITH_STACK, EventKind.EXCHANGE_WITH_TALON)


def _blocked_moves_no_card(s: Step) -> Optional[str]:
    before, action, after, events = s[:4]
    for i, e in enumerate(events):
        blocking = e.card is not None and after.rules.role_of.get(e.card.value) in (CUCKOO, HUNTER, CAT)
        if e.kind == EventKind.ARRESTO and blocking:
            later = events[i + 1:]
            nxt = next((k for k, x in enumerate(later) if x.kind in _REQUEST_ENDS), len(later))
            if any(x.kind in _EXCHANGES for x in later[:nxt]):
                return f"a request blocked by {e.card} moved a card"
    return None


def _marks_accounting(s: Step) -> Optional[str]:
    """Every mark lost or gained in a step has its cause in the step's events, and every cause
    moves exactly its marks: an arresto by a hunter or a cat costs the seat it names as
    ``other`` one mark (the offerer, K11, K13, Z5; on Lu Stù's way back the last who exchanged,
    L8), and under Z5 the cat's holder gains it; a refusal by paying costs the target one (Q9);
    the showdown's marks are those of the seeds' showdown (cucu_ref.assurance.formal.showdown.spec, not
    the engine's scoring); nothing else moves a mark within a deal (a cuckoo's arrest, K10, costs
    nothing).  Buy-backs and restarts are counted by 'marks-by-rule'."""
    before, action, after, events = s[:4]
    rules = after.rules
    n = len(before.marks)
    expected: Counter[tuple[str, int]] = Counter()
    got: Counter[tuple[str, int]] = Counter()
    marks = list(before.marks)  # as the step goes, to score the showdown with what was held then
    shown = False
    for e in events:
        if e.kind == EventKind.ARRESTO and e.card is not None:
            role = rules.role_of.get(e.card.value) if e.card.pack == PACKS[rules.pack].family else None
            if role in (HUNTER, CAT) and e.other is not None:
                expected["lost", e.other] += 1
                if role == CAT and rules.cat == "pay-holder" and e.rule == "Z5" and e.seat is not None:
                    expected["gained", e.seat] += 1
        elif e.kind == EventKind.SHOWDOWN:
            shown = True
            lost, gained = _showdown_by_the_seeds(after, marks)
            for seat in range(n):
                expected["lost", seat] += lost.get(seat, 0)
                expected["gained", seat] += gained.get(seat, 0)
        elif e.kind in (EventKind.MARK_LOST, EventKind.MARK_GAINED) and e.seat is not None:
            got["lost" if e.kind == EventKind.MARK_LOST else "gained", e.seat] += 1
            marks[e.seat] += -1 if e.kind == EventKind.MARK_LOST else 1
            if marks[e.seat] < 0:
                return f"seat {e.seat} pays a mark he does not hold ({e.rule})"
    if action.kind == ActionKind.REFUSE_BY_PAYING and action.seat is not None:
        expected["lost", action.seat] += 1
    if any(e.kind in (EventKind.RESTART, EventKind.DRAW) for e in events) and not shown:
        return None
    if got != expected:
        wrong = sorted(set(got) | set(expected))
        diff = [f"seat {seat} {what} {got[what, seat]} (its causes: {expected[what, seat]})" for what, seat in wrong
                if got[what, seat] != expected[what, seat]]
        return "; ".join(diff)
    return None


def _showdown_by_the_seeds(state: State, marks: Sequence[int]) -> tuple[dict[int, int], dict[int, int]]:
    """The marks each seat of ``state``'s deal loses and gains at its showdown, by the
    specification written from the seeds (z3 is not needed: it runs on plain values)."""
    # cold start: formal.showdown costs 8 ms, used only by the seeds' showdown property
    from .formal.showdown import spec

    rules = state.rules
    order = list(state.order)
    place = {seat: j for j, seat in enumerate(order)}
    vals = [state.hands[s].value if state.hands[s] is not None else -99 for s in order]  # type: ignore[union-attr]
    live = [not state.dead[s] for s in order]
    dead_hand = [bool(state.dead[s]) and state.hands[s] is not None for s in order]
    hinted = [s in state.hinted for s in order]
    keeper = [-1] * len(order)
    for offerer, k in state.guarantees:
        if offerer in place and k in place and keeper[place[offerer]] == -1:
            keeper[place[offerer]] = place[k]
    lost, gained = spec(rules, PACKS[rules.pack].family, vals, live, dead_hand, hinted, keeper,
                        [marks[s] for s in order], len(order))
    return ({s: int(lost[j]) for j, s in enumerate(order) if lost[j]},
            {s: int(gained[j]) for j, s in enumerate(order) if gained[j]})


def _whole_table_out_needs_a_fool(s: Step) -> Optional[str]:
    # L12 (Di Luigi & Mazza): all remaining go out in one deal only with two players and one
    # fool, or three players: a low card shot, then XIIII or XII and a fool.
    before, _, after, events = s[:4]
    if not any(e.kind in (EventKind.RESTART, EventKind.DRAW) for e in events):
        return None
    players = len(after.order)
    fools = [seat for seat in after.order if not after.dead[seat] and (card := after.hands[seat]) is not None
             and card.is_fool]
    if players in (2, 3) and len(fools) == 1:
        return None
    return f"all {players} players of the deal went out together with {len(fools)} live fool(s)"


def _deal_terminates(s: Step) -> Optional[str]:
    # A deal's decisions: each seat keeps or offers once (K5), an inn adds two (K14), the L8 way
    # back and Q9 one per seat, a buy-back one per seat: 5n + 2 bounds them all.
    after, deal_steps = s[2], s[4]
    bound = 5 * len(after.order) + 2
    return f"{deal_steps} steps in one deal of {len(after.order)} seats" if deal_steps > bound else None


PROPERTIES: tuple[Property, ...] = (
    Property("conservation", "Cards are conserved: hands and stack always make up the pack", "C1",
             lambda r: True, lambda r: True, _conservation),
    Property("marks-nonnegative", "Marks never go below zero", "K16",
             lambda r: True, lambda r: True, _marks_nonnegative),
    Property("marks-by-rule", "Marks change only through events that name a rule", "K15",
             lambda r: True, lambda r: True, _marks_only_by_rule),
    Property("marks-accounting", "Every mark lost or gained has its cause; a cuckoo's arrest costs nothing", "K11",
             lambda r: True, lambda r: True, _marks_accounting),
    Property("cuckoo-never-loses", "A live XV never loses a mark at the showdown", "Q3",
             lambda r: r.pack.startswith("cuccu"), lambda r: r.cuckoo_at_showdown == "never-loses",
             _cuckoo_never_loses),
    Property("cat-undo-restores", "The cat's undo returns every card on the chain to its dealt owner", "K13",
             lambda r: r.cat == "undo" and any(role == CAT for _, role in r.roles), lambda r: True,
             _cat_undo_restores),
    Property("blocked-request-moves-no-card", "A request blocked by a cuckoo, hunter or cat moves no card", "K10",
             lambda r: any(role in (CUCKOO, HUNTER, CAT) for _, role in r.roles),
             lambda r: r.cat != "backward",  # L8: Lu Stù's cat sends the card back to the left
             _blocked_moves_no_card),
    Property("deal-terminates", "Every deal ends: play only moves forward through the deal order", "K6",
             lambda r: True, lambda r: True, _deal_terminates),
    Property("whole-table-out-needs-a-fool", "All remaining players go out together only in L12's two cases", "L12",
             lambda r: r.pack.startswith("cuccu"), lambda r: r.name == "lu-stu", _whole_table_out_needs_a_fool),
)


class Variant(NamedTuple):
    label: str
    rules: Rules


def _variants() -> tuple[Variant, ...]:
    out = [Variant(name, rules) for name, rules in PRESETS.items()]
    # the option readings that decide a claim get a column of their own
    out.append(Variant("campli, Q3 = compared", PRESETS["campli"].with_options({"cuckoo_at_showdown": "compared"})))
    return tuple(out)


VARIANTS = _variants()


class Finding(NamedTuple):
    property: str
    variant: str
    claimed: bool
    deals: int
    steps: int
    start: Optional[State]  # the state before the offending deal's shuffle
    actions: tuple[Action, ...]  # the actions from ``start`` up to the violation
    message: Optional[str]

    @builtins.property  # the field 'property' shadows the builtin in this class body
    def holds(self) -> bool:
        return self.message is None


def _random_start(rules: Rules, rng: random.Random) -> State:
    # small tables (at most 6) and low marks make eliminations, restarts and two-player ends common
    n = rng.randint(rules.min_players, min(rules.max_players, 6))
    state = new_match(rules, [f"P{i}" for i in range(n)], dealer=rng.randrange(n))
    marks = tuple(rng.randint(1, rules.initial_marks) for _ in range(n))
    return state.replace(marks=marks, virgins=tuple(m == rules.initial_marks for m in marks))


def search(prop: Property, variant: Variant, deals: int, seed: int = 0) -> Finding:
    """Play ``deals`` random deals (each from a random starting position, then one more deal
    when the first ends on a shuffle) and check ``prop`` after every step.  A counterexample
    is kept as the state before the offending deal's shuffle and that deal's actions."""
    rules = variant.rules
    rng = random.Random(f"{prop.id}/{variant.label}/{seed}")
    steps = 0
    for deal in range(deals):
        state = _random_start(rules, rng)
        deal_start, actions = state, list[Action]()
        shuffles = deal_steps = 0
        while state.phase != Phase.MATCH_OVER:
            if is_chance(state):
                if shuffles == 2:
                    break
                shuffles += 1
                deal_start, actions = state, []
                deal_steps = 0
                action = Action(ActionKind.SHUFFLE, stack=biased_stack(state.rules, rng))
            else:
                options = legal_actions(state)
                action = options[rng.randrange(len(options))]
            after, events = step(state, action)
            actions.append(action)
            steps += 1
            deal_steps += 1
            message = prop.violated((state, action, after, events, deal_steps))
            if message is not None:
                return Finding(prop.id, variant.label, prop.claimed(rules), deal + 1, steps, deal_start,
                               tuple(actions), message)
            state = after
    return Finding(prop.id, variant.label, prop.claimed(rules), deals, steps, None, (), None)


def _way_back_costs_a_mark(s: Step) -> Optional[str]:
    # L8 (seed 000, Lu Stu): the way back ended by a XII or XIIII, 'der letzte Spieler, der
    # getauscht hat, muss eine Marke Strafe zahlen': the holder who offered back pays a mark
    after, events = s[2], s[3]
    roles = dict(after.rules.roles)
    for e in events:
        if (e.kind == EventKind.ARRESTO and e.rule == "L8" and e.card is not None
                and roles.get(e.card.value) in (HUNTER, CAT)
                and not any(x.kind == EventKind.MARK_LOST and x.seat == e.other for x in events)):
            return f"the way back ended at {e.card} costs seat {e.other} nothing"
    return None


def _restart_virgins(s: Step) -> Optional[str]:
    # K18 (seed 000): 'erhalten alle Spieler ... erneut drei Marken ... Es gilt allerdings niemand
    # als Jungfrau'; D8 and Z11: all start again as at the start (virgins)
    after, events = s[2], s[3]
    if not any(e.kind in (EventKind.RESTART, EventKind.DRAW) for e in events):
        return None
    n, rules = len(after.marks), after.rules
    virgins = (rules.all_out != "restart-no-virgins",) * n
    if after.virgins != virgins or after.marks != (rules.initial_marks,) * n:
        return f"after the restart: marks {after.marks}, virgins {after.virgins}"
    return None


def _buy_back_needs_a_virgin(s: Step) -> Optional[str]:
    # K17 (seed 000 §Wiedereintritt): a buy-back 'Solange es eine oder mehrere Jungfrauen gibt',
    # a virgin being one who still holds the marks he started with (after the deal: K17's timing)
    after, events = s[2], s[3]
    offered = [e.seat for e in events if e.kind == EventKind.BUY_BACK_OFFER]
    if offered and not any(v and m > 0 for v, m in zip(after.virgins, after.marks)):
        return f"a buy-back offered to {offered} with no virgin left"
    return None


# Properties only the directed sample (cucu_ref.assurance.directed) checks: its deals meet the
# rare situations they speak of; the random matrix of docs/invariants.rst does not run them
DIRECTED_PROPERTIES: tuple[Property, ...] = (
    Property("way-back-costs-a-mark", "The way back ended by a XII or XIIII costs the holder a mark", "L8",
             lambda r: r.cat == "backward", lambda r: r.cat == "backward", _way_back_costs_a_mark),
    Property("restart-virgins", "After all go out: everyone's marks anew, virgins as the rule says", "K18",
             lambda r: r.all_out in ("restart-no-virgins", "all-return", "draw-replay"),
             lambda r: r.all_out in ("restart-no-virgins", "all-return", "draw-replay"), _restart_virgins),
    Property("buy-back-needs-a-virgin", "A buy-back is offered only while a virgin remains", "K17",
             lambda r: r.buy_back == "after-deal", lambda r: r.buy_back == "after-deal", _buy_back_needs_a_virgin),
)


def matrix(deals: int = 300, seed: int = 0,
           properties: Sequence[Property] = PROPERTIES,
           variants: Sequence[Variant] = VARIANTS) -> Iterator[Finding]:
    for prop in properties:
        for variant in variants:
            if prop.applies(variant.rules):
                yield search(prop, variant, deals, seed)


# --------------------------------------------------------------------------- reporting


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def counterexample_name(finding: Finding) -> str:
    return f"{finding.property}--{slug(finding.variant)}.json"


def counterexample_position(finding: Finding) -> dict[str, Any]:
    """The counterexample as a position file the adjudicator accepts."""
    # cold start: formats.position costs 40 ms, used only by a counterexample's position file
    from ..formats.position import position_from_replay

    description = (f"Counterexample to '{finding.property}' under {finding.variant}: {finding.message}. "
                   f"Found by the invariants search (cucu_ref.assurance.invariants).")
    if finding.start is None:
        raise ValueError(f"'{finding.property}' holds under {finding.variant}: there is no counterexample")
    return position_from_replay(finding.start, list(finding.actions), description)


def cell(finding: Finding, counterexample_dir: str) -> str:
    if finding.holds:
        return f"tested: holds ({finding.deals} deals, {finding.steps} steps)"
    verdict = "refuted, against the sources' claim" if finding.claimed else "refuted, as the sources allow"
    return f"{verdict}: ``{counterexample_dir}/{counterexample_name(finding)}``"


def render_rst(findings: Sequence[Finding], counterexample_dir: str, deals: int, seed: int,
               formal: Sequence[dict[str, Any]] = ()) -> str:
    labels = [v.label for v in VARIANTS]
    by_cell = {(f.property, f.variant): f for f in findings}
    lines = [
        ".. This file is generated by ``python -m cucu_ref.assurance.invariants --write``; do not edit by hand.",
        "",
        "Invariants matrix",
        "=================",
        "",
        f"Each property was checked after every step of {deals} random deals per ruleset (seed {seed}),",
        "dealt from biased stacks so that event cards, fools and low marks turn up often.  A refuted",
        "property links the counterexample, written as a position file that ``cucu-adjudicate`` rules on.",
        "",
    ]
    for prop in PROPERTIES:
        rows = [(label, by_cell[(prop.id, label)]) for label in labels if (prop.id, label) in by_cell]
        if not rows:
            continue
        title = f"{prop.title} (``{prop.id}``, :rule:`{prop.rule}`)"
        lines += [title, "-" * len(title), "", ".. list-table::", "   :header-rows: 1", "   :widths: 25 15 60", "",
                  "   * - ruleset", "     - claimed", "     - result"]
        for label, finding in rows:
            lines += [f"   * - {label}", f"     - {'yes' if finding.claimed else 'no'}",
                      f"     - {cell(finding, counterexample_dir)}"]
        proofs = [r for r in formal if r.get("property") == prop.id]
        lines.append("")
        for r in proofs:
            lines.append(f"* {r['text']}")
        if proofs:
            lines.append("")
    return "\n".join(lines) + "\n"


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cucu_ref.assurance.invariants",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=DEFAULT_DEALS, help="deals per property and ruleset")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--write", action="store_true",
                        help="write docs/invariants.rst and the counterexample positions")
    parser.add_argument("--docs", default="docs/invariants.rst")
    parser.add_argument("--counterexamples", default="examples/counterexamples")
    parser.add_argument("--json", action="store_true", help="print the findings as JSON")
    args = parser.parse_args(argv)
    findings = list(matrix(args.deals, args.seed))
    if args.json:
        print(json.dumps([{"property": f.property, "ruleset": f.variant, "claimed": f.claimed, "holds": f.holds,
                           "deals": f.deals, "steps": f.steps, "message": f.message} for f in findings], indent=2))
    else:
        for f in findings:
            print(f"{f.property:32} {f.variant:24} {'holds' if f.holds else 'REFUTED'}"
                  f"{'' if f.holds else ': ' + str(f.message)}")
    if args.write:
        os.makedirs(args.counterexamples, exist_ok=True)
        for f in findings:
            if not f.holds:
                with open(os.path.join(args.counterexamples, counterexample_name(f)), "w", encoding="utf-8") as out:
                    json.dump(counterexample_position(f), out, indent=2, ensure_ascii=False)
                    out.write("\n")
        with open(args.docs, "w", encoding="utf-8") as out:
            out.write(render_rst(findings, args.counterexamples, args.deals, args.seed, formal_rows()))
    return 0


DEFAULT_DEALS = 1000


# matrix property -> the z3 property of cucu_ref.assurance.formal that stands behind it
_FORMAL_NAMES = {
    "conservation": "conservation",
    "marks-accounting": "marks-accounting",
    "cuckoo-never-loses": "cuckoo-at-showdown",
    "cat-undo-restores": "cat-undo",
    "blocked-request-moves-no-card": "blocked-request",
    "deal-terminates": "termination",
}
_EVERY_SIZE_NOTE = {"marks-accounting": "; in every micro-step of the deal the marks lost and gained are those of the "
                                        "request settled (a hunter's or cat's arrest, Z5's payment, L8's fine on the "
                                        "way back) and nothing else, with the marks part of the invariant (the marks "
                                        "of the deal's start, less the lost, plus the gained; none negative)",
                    "blocked-request": "; what z3 proves of a cat is that the cat's holder and every seat right of "
                                       "the offerer keep their cards, which Lu Stù's way back (L8) respects while "
                                       "moving cards to the offerer's left"}
_FORMAL_METHOD = {"lemma": "induction (a one-step lemma over any state)", "bounded": "bounded unrolling of whole deals"}


def formal_rows() -> list[dict[str, Any]]:
    """What the z3 model proves, per property: the method and the table sizes of the long run
    (``python -m cucu_ref.assurance.formal --profile long``) and of the CI run (``tests/formal``), read
    from the plan of :mod:`cucu_ref.assurance.formal.plan`, which both runs follow."""
    # cold start: formal.plan costs 262 ms (z3 with it), used only by the table of proofs
    from .formal.plan import PROFILES, rulesets
    # cold start: formal.pproofs costs 7 ms, used only by the table of proofs
    from .formal.pproofs import PROPERTIES as EVERY_SIZE_PROPERTIES

    # what the small-step model proves for every size: its properties and its invariant's
    # conservation part
    every_size = ("conservation",) + EVERY_SIZE_PROPERTIES

    long, ci = cast(dict[str, Any], PROFILES["long"]), cast(dict[str, Any], PROFILES["ci"])
    by_name = {p.id: p for p in PROPERTIES}

    def scope(prop: str) -> str:
        # the rulesets the model checks, where the property applies; a fixed table size is named
        names = [r.name if r.min_players != r.max_players else f"{r.name} (its {r.min_players} seats)"
                 for r in rulesets() if by_name[prop].applies(r)]
        return ", ".join(names)

    rows = []
    for prop, formal in _FORMAL_NAMES.items():
        if formal in every_size:
            rows.append({"property": prop, "text": (
                "z3, induction over the small-step model (cucu_ref.assurance.formal.pproofs): every table size n >= 2 "
                "at once, in CI and in the long run, with the base case and every part of the invariant it "
                f"rests on, each with a vacuity check ({scope(prop)}){_EVERY_SIZE_NOTE.get(formal, '')}")})
        if formal == "cuckoo-at-showdown":
            rows.append({"property": prop, "text": (
                f"z3 on the engine's own scoring (scoring.decide run on z3 terms), any showdown with all cards "
                f"symbolic, n = {long['sizes'][0]}-{long['sizes'][1]}: proved where the reading is 'never-loses'; a "
                "counterexample found, and scored the same by scoring.evaluate on plain values, where it is "
                f"'compared' ({scope(prop)}; CI: n = {ci['sizes'][0]}-{ci['sizes'][1]}); and the engine's "
                "showdown proved equal, stage by stage, to the seeds' showdown written as a specification "
                "(cucu_ref.assurance.formal.showdown), for every preset")})
            continue
        if formal == "marks-accounting":
            rows.append({"property": prop, "text": (
                f"z3, the showdown's marks over the engine's own scoring, any losers, cards, guarantees and "
                f"marks, n = {long['sizes'][0]}-{long['sizes'][1]} (CI: {ci['sizes'][0]}-{ci['sizes'][1]}): each "
                "loser's mark paid once, by himself, his innkeeper (K14) or as Q12 says, and nobody paying "
                "more than he holds (cucu_ref.assurance.formal.showdown.accounting), for every preset")})
        for kind in ("lemma", "bounded"):
            top, top_ci = long[kind].get(formal), ci[kind].get(formal)
            if top:
                rows.append({"property": prop, "text": (
                    f"z3, {_FORMAL_METHOD[kind]}: n = 2-{top} in the long run, n = 2-{top_ci or 0} in CI "
                    f"({scope(prop)}; docs/dev/formal-long-run.md)")})
    return rows

if __name__ == "__main__":
    raise SystemExit(main())
