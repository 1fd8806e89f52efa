"""The match model's proofs (issue 28): z3 over :mod:`~cucu_ref.assurance.formal.match` at each table size.

* ``match-invariant`` (induction): an invariant of the match between steps, preserved by every
  transition of :class:`.match.Match` (a mark lost or gained, going out, the deal's end, an
  offer asked, a buy-back decided, the next deal settled, a shuffle) from any state that
  satisfies it, under the transition's precondition.  Its parts:

  - ``counts``: 0 <= re-entries <= eliminations, the dealer a seat (K17, L11);
  - ``queue``: each pending offer's place in the order of going out is its own, below the
    eliminations and not below the re-entries (so L11's price, two to the re-entries when
    asked, is never above K17's, two to the place: L11 'nur mit jedem Spieler der wiedereintritt');
  - ``offers-to-the-out``: only a player out (no marks) is owed an offer, only where the rules
    give buy-backs (K16, K17, L11);
  - ``prices``: a price fixed before he is asked is at most two to his place (K17, Q1);
  - ``virgins``: a virgin holds his starting marks (K17 'noch seine anfangs erhaltenen drei
    Marken'; Q8: at least them, where a gain leaves him one);
  - ``k18``: after K18's restart nobody is a virgin ('Es gilt allerdings niemand als Jungfrau');
  - ``winner``: a match over has one winner holding the only marks (K3), or S6's joint winners.

* Step properties, each proved (unsat of its negation) under the invariant:

  - ``q1-prices-of-a-group``: two going out together at a showdown: under K17 McLeod's order
    doubles from the first right of the dealer, Martin's gives them one price, the next in the
    doubling (Q1); under L11 each is priced when asked (a Martin group: its one price, now);
  - ``k2-next-dealer``: the next dealer holds marks and every seat passed over on his right
    holds none (K2, D2);
  - ``k17-needs-a-virgin``: after the deal (K17) or on going out (L11) an offer is owed only while
    a virgin holds marks ('Solange es eine oder mehrere Jungfrauen gibt');
  - ``k18-restart``: everybody out in one deal: K18 all get the starting marks, nobody a virgin,
    no offer, the counts start again (P4: or run on), the pot stays; D8 and Z11 (a new game) everybody a virgin
    again; S6 joint winners end the match;
  - ``price-after-a-buy-back``: two or more go out together at a showdown and are owed offers;
    the second's price after the first buys back, against after he declines: the same under K17
    ('nicht danach, ob ein ausscheidender Spieler sich entscheidet sich wieder zurückzukaufen'),
    doubled under L11 (fixed when he is asked, 'verdoppelt sich ... mit jedem Spieler der
    wiedereintritt'), the same for a Martin group (its one price, Q1).

Each check has a vacuity check: its premises are satisfiable with the state pinned to one the
match model reached beside the engine in a seeded match (a known concrete run), so a proof
cannot pass on premises nothing satisfies; ``unknown`` (and a timeout) is a failure.
"""

from __future__ import annotations

import dataclasses
import random
import time
from typing import Any, Callable, Iterator, Optional, Sequence

import z3

from ...game.deal import start_deal
from ...game.engine import is_chance, step
from ...game.playout import random_action
from ...game.rulesets import PRESETS, Rules, preset
from ...game.state import Action, ActionKind, Phase
from ..stacks import biased_stack
from .match import (
    FIELDS, JOINT, SCALARS, UNPRICED, Follower, Match, MSt, count, differences, price_axioms, virgin_in,
)
from .model import AND, EQ, IMPLIES, NOT, OR
from .props import Result

Term = Any


def match_rulesets() -> list[Rules]:
    """Every match-level reading: Campli (K17, K18), Lu Stù (L11), the digital game (D8, no
    buy-back), Zeh (Z11), Q1's Martin under both prices, L11's price with Campli's timing, S6, and P4's
    counts run on over D8's return beside K17's buy-back."""
    return [preset("campli"), PRESETS["lu-stu"], PRESETS["digital-4p"], PRESETS["zeh-1769"],
            preset("campli", {"simultaneous_buy_back": "same-price"}),
            preset("lu-stu", {"simultaneous_buy_back": "same-price"}),
            preset("campli", {"buy_back_price": "by-reentry-order"}),
            preset("campli", {"all_out": "joint-winners"}), preset("campli", {"all_out": "keep-last-life"}),
            preset("campli", {"all_out": "keep-last-life", "kept_life_eliminations": "not-counted"}),
            preset("campli", {"restart_stake": "new-stake"}),
            preset("campli", {"all_out": "all-return", "restart_counts": "continue"})]


def _label(rules: Rules) -> str:
    base = PRESETS.get(rules.name)
    changed = [f"{f.name}={getattr(rules, f.name)}" for f in dataclasses.fields(rules)
               if base is not None and f.name != "name" and getattr(base, f.name) != getattr(rules, f.name)]
    return rules.name + (f"[{','.join(changed)}]" if changed else "")


# --------------------------------------------------------------------------- symbolic states


def symbolic(n: int, tag: str) -> MSt:
    s = MSt()
    s.marks = [z3.Int(f"{tag}marks{j}") for j in range(n)]
    s.virgin = [z3.Bool(f"{tag}virgin{j}") for j in range(n)]
    s.owed = [z3.Bool(f"{tag}owed{j}") for j in range(n)]
    s.pexp = [z3.Int(f"{tag}pexp{j}") for j in range(n)]
    s.qpos = [z3.Int(f"{tag}qpos{j}") for j in range(n)]
    s.in_deal = [z3.Bool(f"{tag}indeal{j}") for j in range(n)]
    s.pot, s.gone, s.back = z3.Int(f"{tag}pot"), z3.Int(f"{tag}gone"), z3.Int(f"{tag}back")
    s.dealer, s.winner = z3.Int(f"{tag}dealer"), z3.Int(f"{tag}winner")
    s.over, s.no_virgins = z3.Bool(f"{tag}over"), z3.Bool(f"{tag}novirgins")
    s.gone_at_deal = z3.Int(f"{tag}gonedeal")
    return s


def pin(sym: MSt, known: MSt) -> list[Term]:
    """``sym`` equal to the concrete state ``known``, field by field."""
    out = []
    for f in FIELDS:
        out += [a == b for a, b in zip(getattr(sym, f), getattr(known, f))]
    out += [getattr(sym, f) == getattr(known, f) for f in SCALARS]
    return out


def invariant(m: Match, s: MSt) -> dict[str, Term]:
    """The parts of the match invariant (see the module's docstring), by name."""
    n, rules = m.n, m.rules
    owed = s.owed
    gains_keep = rules.virgin_after_gain == "still-virgin"
    alive = [x > 0 for x in s.marks]
    return {
        "counts": AND(s.back >= 0, s.back <= s.gone, s.dealer >= 0, s.dealer < n),
        "queue": AND(*[IMPLIES(owed[j], AND(s.back <= s.qpos[j], s.qpos[j] < s.gone)) for j in range(n)],
                     *[IMPLIES(AND(owed[i], owed[j]), NOT(EQ(s.qpos[i], s.qpos[j])))
                       for i in range(n) for j in range(i + 1, n)]),
        "offers-to-the-out": AND(*[IMPLIES(o, AND(EQ(x, 0), rules.buy_back != "none")) for o, x in zip(owed, s.marks)]),
        "prices": AND(*[IMPLIES(AND(o, NOT(EQ(p, UNPRICED))), AND(p >= 0, p <= q))
                        for o, p, q in zip(owed, s.pexp, s.qpos)],
                      # K17: priced on going out, by the order of going out
                      *[IMPLIES(o, NOT(EQ(p, UNPRICED))) for o, p in zip(owed, s.pexp)
                        if rules.buy_back_price == "by-elimination-order"]),
        "virgins": AND(*[IMPLIES(v, x >= rules.initial_marks if gains_keep else EQ(x, rules.initial_marks))
                         for v, x in zip(s.virgin, s.marks)]),
        "k18": IMPLIES(s.no_virgins, AND(*[NOT(v) for v in s.virgin])),
        "winner": IMPLIES(s.over, OR(EQ(s.winner, JOINT), AND(
            s.winner >= 0, s.winner < n,
            *[EQ(EQ(s.winner, j), alive[j]) for j in range(n)]))),
    }


# --------------------------------------------------------------------------- the transitions

Transition = Callable[[Match, MSt, str], tuple[Term, MSt]]


def _group(m: Match, s: MSt, tag: str) -> tuple[Term, list[Term]]:
    """Seats going out together: each without marks and not owed an offer already (K16)."""
    group = [z3.Bool(f"{tag}group{j}") for j in range(m.n)]
    pre = AND(*[IMPLIES(g, AND(x <= 0, NOT(o))) for g, x, o in zip(group, s.marks, s.owed)])
    return pre, group


def _change(m: Match, s: MSt, tag: str) -> tuple[Term, MSt]:
    seat, delta = z3.Int(f"{tag}seat"), z3.Int(f"{tag}delta")
    pre = AND(seat >= 0, seat < m.n, OR(EQ(delta, -1), EQ(delta, 1)),
              *[IMPLIES(EQ(seat, j), s.marks[j] > 0) for j in range(m.n)])
    return pre, m.change(s, seat, delta)


def _go_out(m: Match, s: MSt, tag: str) -> tuple[Term, MSt]:
    pre, group = _group(m, s, tag)
    return pre, m.go_out(s, group)


def _deal_over(m: Match, s: MSt, tag: str) -> tuple[Term, MSt]:
    pre, group = _group(m, s, tag)
    return pre, m.deal_over(s, group)


def _some_owed(s: MSt) -> Term:
    return OR(*s.owed)


def _ask(m: Match, s: MSt, tag: str) -> tuple[Term, MSt]:
    return _some_owed(s), m.ask(s)


def _decide(m: Match, s: MSt, tag: str) -> tuple[Term, MSt]:
    return _some_owed(s), m.decide(s, z3.Bool(f"{tag}buys"))


def _settle(m: Match, s: MSt, tag: str) -> tuple[Term, MSt]:
    return AND(NOT(_some_owed(s)), OR(*[x > 0 for x in s.marks])), m.settle(s)


def _shuffle(m: Match, s: MSt, tag: str) -> tuple[Term, MSt]:
    return True, m.shuffle(s)


TRANSITIONS: dict[str, Transition] = {
    "change": _change, "go-out": _go_out, "deal-over": _deal_over, "ask": _ask, "decide": _decide,
    "settle": _settle, "shuffle": _shuffle,
}


# --------------------------------------------------------------------------- known runs


def known_states(rules: Rules, n: int, matches: int = 40) -> list[MSt]:
    """Every state the match model passed through beside the engine in seeded matches of ``n``
    seats from low marks (each checked against the engine's State on the way, or the run stops)."""
    found: list[MSt] = []
    for seed in range(matches):
        rng = random.Random(f"matchproofs/{rules.name}/{n}/{seed}")
        marks = [rng.choice([1, 1, 2, rules.initial_marks]) for _ in range(n)]
        state = start_deal(rules, [f"p{i}" for i in range(n)], marks, seed % n)
        follower = Follower(state)
        for _ in range(300):
            if state.phase == Phase.MATCH_OVER:
                break
            action = Action(ActionKind.SHUFFLE, stack=biased_stack(state.rules, rng)) if is_chance(state) \
                else random_action(state, rng)
            state, events = step(state, action)
            follower.follow(events)
            if differences(state, follower.s):
                break  # the cross-check's business: no known run from here
            found.append(follower.s.copy())
            if follower.at_showdown is not None:
                found.append(follower.at_showdown)
    return found


def _holds(term: Term) -> bool:
    """A term over a concrete state (and no input) evaluated, or False if it is still symbolic."""
    if isinstance(term, bool):
        return term
    simple = z3.simplify(term)
    return z3.is_true(simple)


def _vacuity(premises: list[Term], sym: MSt, knowns: Sequence[MSt], timeout_ms: int,
             wanted: Callable[[MSt], Term] = lambda s: True) -> str:
    """'sat' when the premises hold with ``sym`` pinned to a known state (the first for which
    ``wanted`` holds concretely); else why not."""
    for known in knowns:
        if not _holds(wanted(known)):
            continue
        solver = z3.Solver()
        solver.set("timeout", timeout_ms)
        solver.add(premises + pin(sym, known))
        return str(solver.check())
    return "no known state"


def _prove(premises: list[Term], claim: Term, timeout_ms: int) -> tuple[str, Optional[z3.ModelRef]]:
    solver = z3.Solver()
    solver.set("timeout", timeout_ms)
    solver.add(premises)
    solver.add(NOT(claim))
    res = solver.check()
    if res == z3.unsat:
        return "proved", None
    return ("refuted" if res == z3.sat else "unknown"), (solver.model() if res == z3.sat else None)


def _axioms(*states: MSt) -> list[Term]:
    exps = [p for s in states for p in s.pexp] + [s.back for s in states]
    return price_axioms([e for e in exps if isinstance(e, z3.ExprRef)])


# --------------------------------------------------------------------------- the checks


def invariant_step(rules: Rules, n: int, name: str, knowns: Sequence[MSt], timeout_ms: int,
                   model: type[Match] = Match) -> Result:
    """``match-invariant``: transition ``name`` keeps every part of the invariant."""
    t0 = time.perf_counter()
    m = model(rules, n)
    s = symbolic(n, "s_")
    pre, t = TRANSITIONS[name](m, s, "i_")
    before, after = invariant(m, s), invariant(m, t)
    premises = [*before.values(), NOT(s.over), pre, *_axioms(s, t)]
    verdict, model = _prove(premises, AND(*after.values()), timeout_ms)
    detail: dict = {"transition": name}
    if model is not None:
        detail["parts broken"] = [k for k, v in after.items() if not z3.is_true(model.eval(v, model_completion=True))]
    vac = _vacuity(premises, s, knowns, timeout_ms, lambda k: AND(NOT(k.over), *invariant(m, k).values(),
                                                                   _concrete_pre(name, k)))
    return Result("match-invariant", f"induction/{name}", _label(rules), n, verdict, time.perf_counter() - t0,
                  vac, detail)


def _concrete_pre(name: str, k: MSt) -> Term:
    """The part of a transition's precondition a known state must meet (the inputs are free)."""
    if name in ("ask", "decide"):
        return any(k.owed)
    if name == "settle":
        return not any(k.owed) and max(k.marks) > 0
    if name == "change":
        return max(k.marks) > 0
    return True


def step_property(rules: Rules, n: int, prop: str, knowns: Sequence[MSt], timeout_ms: int,
                  model: type[Match] = Match) -> Result:
    """One of ``STEP_PROPERTIES`` at ``n`` seats, proved from any state of the invariant."""
    build, wanted, _ = STEP_PROPERTIES[prop]
    t0 = time.perf_counter()
    m = model(rules, n)
    s = symbolic(n, "s_")
    pre, claim = build(m, s)
    premises = [*invariant(m, s).values(), NOT(s.over), pre, *price_axioms(list(s.pexp) + [s.back])]
    verdict, _ = _prove(premises, claim, timeout_ms)
    vac = _vacuity(premises, s, knowns, timeout_ms, lambda k: AND(NOT(k.over), wanted(k)))
    return Result(prop, "any-state", _label(rules), n, verdict, time.perf_counter() - t0, vac)


def next_dealer(m: Match, s: MSt) -> tuple[Term, Term]:
    """K2/D2: the next dealer holds marks; every seat between the old dealer and him on the
    right holds none."""
    pre, t = _settle(m, s, "p_")
    n = m.n
    claims = []
    for d in range(n):
        for e in range(n):
            between = [(d + k) % n for k in range(1, (e - d) % n or n)]
            claims.append(IMPLIES(AND(EQ(s.dealer, d), EQ(t.dealer, e), NOT(t.over)),
                                  AND(s.marks[e] > 0, *[s.marks[b] <= 0 for b in between])))
    return pre, AND(*claims)


def needs_a_virgin(m: Match, s: MSt) -> tuple[Term, Term]:
    """K17 / L11: an offer newly owed only while a virgin holds marks."""
    if m.rules.buy_back == "immediate":
        pre, group = _group(m, s, "p_")
        t = m.go_out(s, group)
        fresh = OR(*[AND(o2, NOT(o1)) for o1, o2 in zip(s.owed, t.owed)])
        return pre, IMPLIES(fresh, virgin_in(s))
    pre, group = _group(m, s, "p_")
    t = m.deal_over(s, group)
    return pre, IMPLIES(OR(*t.owed), virgin_in(t))


def restart(m: Match, s: MSt) -> tuple[Term, Term]:
    """K18 / D8 / Z11 / S6: everybody still in out in the same deal."""
    rules, n = m.rules, m.n
    pre, group = _group(m, s, "p_")
    everybody = AND(*[x <= 0 for x in s.marks])
    t = m.deal_over(s, group)
    if rules.all_out == "joint-winners":
        claim = AND(t.over, EQ(t.winner, JOINT))
    elif rules.all_out == "keep-last-life":
        # S6: the players of the deal keep a last life, no offer stands, and no virgin is left, so no
        # price can follow (K17); P3: K17's count as it stands, or as the deal began (not below the
        # re-entries)
        count_after = s.gone if rules.kept_life_eliminations == "counted" else ite_(
            s.gone_at_deal >= s.back, s.gone_at_deal, s.back)
        claim = AND(*[EQ(t.marks[j], ite_(s.in_deal[j], 1, s.marks[j])) for j in range(n)], NOT(OR(*t.owed)),
                    NOT(virgin_in(t)), *[NOT(v) for v in t.virgin], EQ(t.gone, count_after), EQ(t.back, s.back))
    else:
        virgins = rules.all_out != "restart-no-virgins"  # K18 'niemand als Jungfrau'; D8, Z11 a new game
        # the pot stays (Z11 'ohne dass ein neuer Einsatz gezahlt werden muss'; K18, D8 under
        # restart_stake = none), or everybody pays the stake again (new-stake, K1)
        stakes = n * rules.stake if rules.restart_stake == "new-stake" and rules.all_out != "draw-replay" else 0
        # P4: K17's and L11's counts start again with the game, or run on over the restart, the
        # players of its showdown counted among those out (K18 'alle im selben Spiel ausscheiden')
        gone, back = (0, 0) if rules.restart_counts == "reset" else (s.gone + count(group), s.back)
        claim = AND(*[EQ(x, rules.initial_marks) for x in t.marks], *[EQ(v, virgins) for v in t.virgin],
                    NOT(OR(*t.owed)), EQ(t.gone, gone), EQ(t.back, back), EQ(t.pot, s.pot + stakes), NOT(t.over))
    return AND(pre, everybody), claim


def ite_(c: Term, a: Term, b: Term) -> Term:
    return z3.If(c, a, b)


def price_after_a_buy_back(m: Match, s: MSt) -> tuple[Term, Term]:
    """Two or more go out together at a showdown (none owed an offer before) and are owed
    offers; the first asked buys back or declines: the second's price either way (see the
    module's docstring for each reading's claim)."""
    rules = m.rules
    pre, group = _group(m, s, "p_")
    t = m.deal_over(s, group)
    bought, declined = m.ask(m.decide(m.ask(t), True)), m.ask(m.decide(m.ask(t), False))
    nxt = m.first_owed(declined)
    price_b, price_d = m.price_when_asked(bought, nxt), m.price_when_asked(declined, nxt)
    if rules.buy_back_price == "by-elimination-order" or rules.simultaneous_buy_back == "same-price":
        claim = EQ(price_b, price_d)  # K17: by the order of going out; Q1 Martin: the group's one price
    else:
        claim = EQ(price_b, price_d + 1)  # L11: two to the re-entries when he is asked
    return AND(pre, NOT(OR(*s.owed)), count(t.owed) >= 2), claim


def prices_of_a_group(m: Match, s: MSt) -> tuple[Term, Term]:
    """K17, Q1, L11: the prices of two players going out together at a showdown, i before j
    counting from the dealer's right."""
    rules, n = m.rules, m.n
    pre, group = _group(m, s, "p_")
    t = m.go_out(s, group)
    claims = []
    for i in range(n):
        for j in range(n):
            if i == j:
                continue
            both = AND(group[i], group[j], m.rank_right_of_dealer(s, i) < m.rank_right_of_dealer(s, j))
            pi, pj = t.pexp[i], t.pexp[j]
            if rules.simultaneous_buy_back == "same-price":  # Martin: one price, the next in the doubling
                want = AND(EQ(pi, pj), EQ(pi, s.gone if rules.buy_back_price == "by-elimination-order" else s.back))
            elif rules.buy_back_price == "by-elimination-order":  # McLeod: the first right of the dealer first
                want = AND(pi >= s.gone, pi < pj)
            else:  # L11: each priced when he is asked
                want = AND(EQ(pi, UNPRICED), EQ(pj, UNPRICED))
            claims.append(IMPLIES(both, want))
    return pre, AND(*claims)


STEP_PROPERTIES: dict[str, tuple[Callable[[Match, MSt], tuple[Term, Term]], Callable[[MSt], Term], str]] = {
    "q1-prices-of-a-group": (prices_of_a_group, lambda k: sum(
        bool(d) and x <= 0 for d, x in zip(k.in_deal, k.marks)) >= 2, "buy-back"),
    "k2-next-dealer": (next_dealer, lambda k: not any(k.owed) and max(k.marks) > 0, "all"),
    "k17-needs-a-virgin": (needs_a_virgin, lambda k: True, "buy-back"),
    "k18-restart": (restart, lambda k: max(k.marks) <= 0, "all"),
    "price-after-a-buy-back": (price_after_a_buy_back, lambda k: not any(k.owed) and bool(virgin_in(k)) and sum(
        bool(d) and x <= 0 for d, x in zip(k.in_deal, k.marks)) >= 2, "two-owed"),
}


def _applies(rules: Rules, scope: str, n: int) -> bool:
    """``buy-back``: only where the rules give buy-backs; ``two-owed``: and at three seats or
    more (two owed an offer at once need a third, a virgin still in, K17)."""
    return scope == "all" or (rules.buy_back != "none" and (scope == "buy-back" or n >= 3))


def sizes_for(rules: Rules, lo: int, hi: int) -> list[int]:
    """The sizes from ``lo`` to ``hi`` the ruleset seats, or its one size (the digital game's 4)."""
    return list(range(max(lo, rules.min_players), min(hi, rules.max_players) + 1)) or [rules.min_players]


PROPERTIES = ("match-invariant", *STEP_PROPERTIES)


def proofs(rules: Rules, sizes: Sequence[int], timeout_ms: int, only: set = frozenset(),
           model: type[Match] = Match) -> Iterator[Result]:
    """Every match proof for ``rules`` at each size of ``sizes`` (``only``: these properties;
    ``model``: the match model, a subclass to show a proof failing on a broken one)."""
    for n in sizes:
        knowns = known_states(rules, n)
        if not only or "match-invariant" in only:
            for name in TRANSITIONS:
                if name in ("ask", "decide") and rules.buy_back == "none":
                    continue  # no offer is ever owed (the invariant's offers-to-the-out)
                yield invariant_step(rules, n, name, knowns, timeout_ms, model)
        for prop, (_, _, scope) in STEP_PROPERTIES.items():
            if (not only or prop in only) and _applies(rules, scope, n):
                yield step_property(rules, n, prop, knowns, timeout_ms, model)
