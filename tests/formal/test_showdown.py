"""One showdown: the engine's scoring (cucu_ref.game.scoring.decide) is the one z3 reasons about.

* The operations it is written in agree on plain values and on z3 terms (PlainOps, Z3Ops).
* The same code run both ways gives the same marks; and the engine's path agrees with the
  seeds' showdown written as a specification (cucu_ref.assurance.formal.showdown.spec).
* z3 proves, stage by stage, that the engine's showdown IS the specification, for every
  showdown of each size (CI: a few sizes; the long run: 2-20); a bug put into scoring fails it,
  with a counterexample.
"""

from __future__ import annotations

import random

import pytest
import z3
from hypothesis import given, note
from hypothesis import strategies as st

from cucu_ref.game import scoring
from cucu_ref.game.cards import PACKS
from cucu_ref.assurance.formal import showdown as S
from cucu_ref.game.rulesets import PRESETS, preset

# every showdown option reading beside the presets' own
VARIANTS = [
    preset("campli", {"cuckoo_at_showdown": "compared"}),
    preset("campli", {"cuckoo_at_showdown": "compared", "cuckoo_pair_exception": "two-live-cards"}),
    preset("campli", {"inn_keeper_cannot_pay": "nobody", "inn_guarantee_covers": "zero-or-below"}),
    preset("campli", {"fools_in_play": "any-hand", "two_fools_alone": "exempt", "ties": "last"}),
    preset("zeh-1769", {"fools_in_play": "any-hand", "two_fools_alone": "compared"}),
    preset("lu-stu", {"two_fools": "between-xv-and-xiiii", "ties": "all", "all_equal": "nobody-loses"}),
]
ALL = [PRESETS[name] for name in sorted(PRESETS)] + VARIANTS


def _z(x):
    return z3.BoolVal(x) if isinstance(x, bool) else z3.IntVal(x)


def _value(term):
    if isinstance(term, (bool, int)):
        return term
    t = z3.simplify(term)
    return z3.is_true(t) if z3.is_bool(t) else t.as_long()


# ---- the operations, both ways

@given(st.lists(st.tuples(st.integers(-8, 32), st.booleans()), min_size=1, max_size=8), st.integers(-2, 9))
def test_the_operations_agree_on_plain_values_and_z3_terms(items, i):
    vals = [v for v, _ in items]
    mask = [m for _, m in items]
    zv, zm = [_z(v) for v in vals], [_z(m) for m in mask]
    P, Z = scoring.PlainOps, S.Z3Ops
    assert P.count(mask) == _value(Z.count(zm))
    assert P.lowest(vals, mask) == _value(Z.lowest(zv, zm))
    assert P.first(mask) == [_value(x) for x in Z.first(zm)]
    assert P.last(mask) == [_value(x) for x in Z.last(zm)]
    assert P.get(vals, i, 0) == _value(Z.get(zv, z3.IntVal(i), 0)) == _value(Z.get(zv, i, 0))
    for c in (True, False):
        assert P.ite(c, vals[0], 99) == _value(Z.ite(_z(c), zv[0], 99))
        assert P.AND(c, mask[0]) == _value(Z.AND(_z(c), zm[0]))
        assert P.OR(c, mask[0]) == _value(Z.OR(_z(c), zm[0]))
        assert P.NOT(c) == _value(Z.NOT(_z(c)))
    other = [not m for m in mask]
    zo = [_z(x) for x in other]
    assert P.both(mask, other) == [_value(x) for x in Z.both(zm, zo)]
    assert P.but(mask, other) == [_value(x) for x in Z.but(zm, zo)]
    for c in (True, False):
        assert P.only_if(c, mask) == [_value(x) for x in Z.only_if(_z(c), zm)]
    assert P.where_else(mask, 99, vals) == [_value(x) for x in Z.where_else(zm, 99, zv)]
    # where(): the plain path skips the positions where the mask is false; the z3 path only
    # those where it is false for every showdown
    assert P.where(mask) == [j for j, m in enumerate(mask) if m]
    assert Z.where([z3.Bool("x"), False, _z(False), _z(True)]) == [0, 3]


# ---- one function, two runs; and the specification

@st.composite
def showdowns(draw):
    rules = draw(st.sampled_from(ALL))
    pack = PACKS[rules.pack]
    n = draw(st.integers(2, 8))
    cards = draw(st.permutations(pack.cards))[:n]
    live = [draw(st.booleans()) or j == 0 for j in range(n)]  # at least one live card
    dead_hand = [not x and draw(st.booleans()) for x in live]
    hinted = [draw(st.booleans()) for _ in range(n)]
    keeper = [draw(st.sampled_from([scoring.NO_SEAT] + [k for k in range(n) if k != j])) if draw(st.booleans())
              else scoring.NO_SEAT for j in range(n)]
    marks = [draw(st.integers(1 if x else 0, 3)) for x in live]
    return rules, [c.value for c in cards], live, dead_hand, hinted, keeper, marks


@given(showdowns())
def test_the_engines_showdown_is_one_function_run_two_ways(sd):
    rules, vals, live, dead_hand, hinted, keeper, marks = sd
    family = PACKS[rules.pack].family
    n = len(vals)
    plain = scoring.decide(scoring.PlainOps, rules, family, vals, live, dead_hand, hinted, keeper, marks, n)
    terms = S.engine_decision(rules, family, [_z(v) for v in vals], [_z(x) for x in live], [_z(x) for x in dead_hand],
                              [_z(x) for x in hinted], [_z(k) for k in keeper], [_z(m) for m in marks], n)
    lost, gained = S.marks_moved(terms, n)
    assert [sum(1 for c, p, _ in plain.payments if c and p == j) for j in range(n)] == [_value(x) for x in lost]
    assert [int(g) for g in plain.gains] == [_value(x) for x in gained]
    assert [bool(x) for x in plain.by_rank] == [_value(x) for x in terms.by_rank]


@given(showdowns())
def test_evaluate_agrees_with_the_specification_from_the_seeds(sd):
    # the engine's own entry point, scoring.evaluate, on seats given as a table would, against
    # the specification written from the seeds (evaluated on z3 constants)
    rules, vals, live, dead_hand, hinted, keeper, marks = sd
    family = PACKS[rules.pack].family
    n = len(vals)
    card = lambda v: next(c for c in PACKS[rules.pack].cards if c.value == v)  # noqa: E731
    result = scoring.evaluate(rules, [(j, card(vals[j])) for j in range(n) if live[j]],
                              [(j, card(vals[j])) for j in range(n) if dead_hand[j]],
                              [(j, k) for j, k in enumerate(keeper) if k >= 0 and live[j]],
                              [j for j in range(n) if hinted[j]], marks=marks, table=n)
    keeper = [k if live[j] else scoring.NO_SEAT for j, k in enumerate(keeper)]
    lost, gained = S.spec(rules, family, [_z(v) for v in vals], [_z(x) for x in live], [_z(x) for x in dead_hand],
                          [_z(x) for x in hinted], [_z(k) for k in keeper], [_z(m) for m in marks], _z(n))
    note(f"{rules.name} {result}")
    assert [sum(1 for s, _ in result.losers if s == j) for j in range(n)] == [_value(x) for x in lost]
    assert [sum(1 for s, _ in result.gainers if s == j) for j in range(n)] == [_value(x) for x in gained]
    # nobody pays more than he holds
    assert all(sum(1 for s, _ in result.losers if s == j) <= marks[j] for j in range(n))


@st.composite
def plain_showdowns(draw):
    # the engine's usual showdown, scoring.evaluate's fast path: no guarantee; here no dead
    # hand either, but up to 20 live cards (the other test has dead hands and guarantees)
    rules = draw(st.sampled_from(ALL))
    n = draw(st.integers(1, 20))
    cards = draw(st.permutations(PACKS[rules.pack].cards))[:n]
    return rules, [(draw(st.integers(0, 40)), c) for c in cards], draw(st.integers(max(2, n), 20))


@given(plain_showdowns())
def test_the_fast_path_scores_plain_showdowns_as_the_long_way_and_the_seeds(sd):
    rules, live, table = sd
    live = list({s: (s, c) for s, c in live}.values())  # (distinct seats)
    n = len(live)
    hinted = [s for s, _ in live[::2]]
    fast = scoring.evaluate(rules, live, hinted=hinted, explain=False, table=table)  # decide_plain
    long = scoring.evaluate(rules, live, hinted=hinted, explain=True, table=table)  # decide
    note(f"{rules.name} {fast} {long}")
    assert (fast.ranks, fast.losers, fast.gainers) == (long.ranks, long.losers, long.gainers)
    assert fast.notes == () and long.notes
    lost, gained = S.spec(rules, PACKS[rules.pack].family, [_z(c.value) for _, c in live], [_z(True)] * n,
                          [_z(False)] * n, [_z(s in hinted) for s, _ in live], [_z(-1)] * n, [_z(9)] * n, _z(table))
    assert sorted(s for (s, _), x in zip(live, lost) for _ in range(_value(x))) == sorted(s for s, _ in fast.losers)
    assert [s for (s, _), x in zip(live, gained) if _value(x)] == [s for s, _ in fast.gainers]


@given(showdowns())
def test_the_engines_call_scores_as_the_explained_one(sd):
    # explain=False (the engine's call, by the fast path where it can) and explain=True (the
    # long way, for the notes) move the same marks on every showdown, plain or not
    rules, vals, live, dead_hand, hinted, keeper, marks = sd
    n = len(vals)
    card = lambda v: next(c for c in PACKS[rules.pack].cards if c.value == v)  # noqa: E731
    args = (rules, [(j, card(vals[j])) for j in range(n) if live[j]],
            [(j, card(vals[j])) for j in range(n) if dead_hand[j]],
            [(j, k) for j, k in enumerate(keeper) if k >= 0 and live[j]], [j for j in range(n) if hinted[j]])
    fast = scoring.evaluate(*args, explain=False, marks=marks, table=n)
    long = scoring.evaluate(*args, explain=True, marks=marks, table=n)
    assert (fast.ranks, fast.losers, fast.gainers) == (long.ranks, long.losers, long.gainers)


# ---- the proof: the engine's showdown is the seeds'

@pytest.mark.parametrize("rules", ALL, ids=lambda r: r.name + ("" if r in PRESETS.values() else "+variant"))
def test_z3_proves_the_engines_showdown_is_the_specification(rules):
    sizes = sorted({rules.min_players, min(rules.max_players, max(rules.min_players, 4))})
    for n in sizes:
        result = S.equivalence(rules, n)
        assert result.ok, result.as_dict()
        assert result.vacuity == "sat"


def test_the_pair_of_fools_rank_table_is_the_seeds():
    # scoring.PAIR_RANK is shared by the engine and the z3 models that run its code (issue 28 §3),
    # so it is checked here against the seeds, not against either side.  Seed 000, Campli
    # (§Das Spielergebnis): «Wenn beide Narren im Spiel sind, dann rangieren sie unmittelbar unter
    # der XV und über der XIIII (haben sozusagen den Wert 14½)» (C3); Lu Stù: «Haben zwei Spieler
    # Narren, dann sind diese die höchsten Karten, über der XV» (L4).
    xiiii, xv = float(PACKS["cuccu-40"].parse("XIIII").value), float(PACKS["cuccu-40"].parse("XV").value)
    fool = next(c for c in PACKS["cuccu-40"].cards if c.is_fool)
    campli_pair = scoring.effective_rank(preset("campli"), fool, 2)
    assert xiiii < campli_pair < xv and campli_pair == 14.5
    assert scoring.effective_rank(preset("lu-stu"), fool, 2) > xv
    assert set(scoring.PAIR_RANK) == {"between-xv-and-xiiii", "above-xv-and-gain"}  # every reading checked
    assert preset("lu-stu").two_fools == "above-xv-and-gain"
    # one fool alone has no rank of its own (C3: he loses with the lowest card): not this table
    assert scoring.effective_rank(preset("campli"), fool, 1) < 0


SMALL_TABLE_FIRST = [r for r in PRESETS.values() if r.min_players > 2]  # digital-4p (D1), coucou, as-qui-court (F1)


@pytest.mark.parametrize("rules", SMALL_TABLE_FIRST, ids=lambda r: r.name)
def test_a_table_smaller_than_the_first_deals_has_a_known_showdown(rules):
    # D8 'players with no lives sit out', F5 'the count of players falls': a match that starts
    # at min_players seats reaches showdowns of 2 .. min_players - 1 seats.  The vacuity check
    # of the showdown proofs there needs one of them (issue 28 §4: 'no known showdown' failed
    # the ci profile); the accounting proof at 2 seats is the cheapest to hold it to.
    for n in range(2, rules.min_players):
        sample = S.sample_showdown(rules, n)
        assert sample is not None, n
        assert len(sample["pay"]["marks"]) == n and sample["plain"]["table"] == [n]
        # the seats of a later deal are still in: each holds a mark as the cards are shown (K16)
        assert all(m >= 1 for m in sample["pay"]["marks"])
    result = S.accounting(rules, 2)
    assert result.ok and result.vacuity == "sat", result.as_dict()
    assert S.sample_showdown(rules, rules.max_players + 1) is None


def test_z3_proves_it_at_twenty_seats():
    result = S.equivalence(preset("campli"), 20)
    assert result.ok, result.as_dict()


def test_unknown_fails_and_the_vacuity_check_can_fail(monkeypatch):
    # the premises pinned to a showdown they exclude (a live card with no marks) are unsat
    rules = preset("campli")
    sample = S.sample_showdown(rules, 3)
    sample["pay"]["by_fool"] = [True, False, False]
    sample["pay"]["by_rank"] = [True, False, False]  # the same seat losing twice: excluded
    result = S.equivalence(rules, 3, sample=sample)
    assert result.verdict == "proved" and not result.ok and "stage pay" in result.vacuity
    from cucu_ref.assurance.formal import props
    monkeypatch.setattr(props, "_solve", lambda constraints, timeout_ms: (z3.unknown, None))
    result = S.equivalence(rules, 3)
    assert result.verdict.startswith("unknown") and not result.ok  # a timeout is 'unknown': a failure


# ---- a bug in scoring fails the proof

def _mutant_lone_xv_not_spared(X, rules, family, vals, live, fool, single, chosen, table):
    # the bug of issue 15: a lone live XV (every other card dead) is not spared
    out = ORIGINAL_SPARE(X, rules, family, vals, live, fool, single, chosen, table)
    alone = X.count(live) == 1
    spared = [X.AND(s, X.NOT(alone)) for s in out.spared]
    by_rank = [X.AND(chosen[j], X.NOT(spared[j]), X.NOT(out.pair)) for j in range(len(vals))]
    return out._replace(spared=spared, by_rank=by_rank)


ORIGINAL_SPARE = scoring.spare_cuckoos


def test_a_lone_live_xv_not_spared_fails_the_proof(monkeypatch):
    monkeypatch.setattr(scoring, "spare_cuckoos", _mutant_lone_xv_not_spared)
    monkeypatch.setattr(S, "spare_cuckoos", _mutant_lone_xv_not_spared)
    result = S.equivalence(preset("campli"), 3)
    assert result.verdict.startswith("refuted (stage cuckoos"), result.as_dict()
    assert "counterexample" in result.detail
    # and the engine's own path has the bug: D7 'even as the only live card' is broken
    from helpers import card
    assert scoring.evaluate(preset("campli"), [(2, card("XV"))], dead=[(0, card("I"))]).losers == ((2, "K15"),)


@pytest.mark.parametrize("stage,mutant", [
    ("rank", lambda orig: lambda X, r, f, v, l, d, h: orig(X, r, f, v, l, d, h)._replace(
        single=X.AND(orig(X, r, f, v, l, d, h).fools >= 1, True))),  # a dead fool makes a 'single' one
    ("lowest", lambda orig: lambda X, r, rank, l, c: orig(X, r.with_options({"ties": "first"}), rank, l, c)),
    ("pay", lambda orig: lambda X, r, f, v, bf, br, k, m: orig(X, r, f, v, bf, br, k, None)),  # marks ignored
])
def test_other_scoring_bugs_fail_the_proof(monkeypatch, stage, mutant):
    name = {"rank": "rank_cards", "lowest": "find_lowest", "pay": "pay"}[stage]
    broken = mutant(getattr(scoring, name))
    monkeypatch.setattr(scoring, name, broken)
    monkeypatch.setattr(S, name, broken)
    rules = preset("campli", {"fools_in_play": "any-hand"})
    result = S.equivalence(rules, 3)
    assert result.verdict.startswith(f"refuted (stage {stage}"), result.as_dict()


@pytest.mark.parametrize("name,mutant,stage", [
    # the short ways the engine takes where no hand holds a fool, no XV is live, no guarantee
    ("without_fools", lambda orig: lambda X, v, l: orig(X, v, l)._replace(rank=[2 * x + 1 for x in v]), "rank"),
    ("without_cuckoos", lambda orig: lambda X, f, s, c: orig(X, f, s, c)._replace(by_fool=list(f)), "cuckoos"),
    ("without_guarantees", lambda orig: lambda X, bf, br: orig(X, [False] * len(bf), br), "pay"),
])
def test_a_bug_in_a_short_way_fails_the_proof(monkeypatch, name, mutant, stage):
    broken = mutant(getattr(scoring, name))
    monkeypatch.setattr(scoring, name, broken)
    monkeypatch.setattr(S, name, broken)
    result = S.equivalence(preset("campli"), 3)
    assert result.verdict.startswith(f"refuted (stage {stage}, shortcut-"), result.as_dict()


@pytest.mark.parametrize("mutant", [
    lambda orig: lambda X, r, f, v, l, d, h, t: orig(X, r.with_options({"ties": "first"}), f, v, l, d, h, t),
    lambda orig: lambda X, r, f, v, l, d, h, t: orig(X, r, f, v, l, d, h, 2),  # K19 at any table
    lambda orig: lambda X, r, f, v, l, d, h, t: orig(X, r, f, v, l, d, h, t)._replace(  # a XV never loses
        by_rank=[X.AND(x, X.NOT(y == 15)) for x, y in zip(orig(X, r, f, v, l, d, h, t).by_rank, v)]),
    lambda orig: lambda X, r, f, v, l, d, h, t: orig(X, r, f, v, l, [False] * len(v), h, t),  # Q4 dead fools
])
def test_a_bug_in_the_fast_path_fails_the_plain_stage(monkeypatch, mutant):
    monkeypatch.setattr(S, "decide_plain", mutant(scoring.decide_plain))
    rules = preset("campli", {"cuckoo_at_showdown": "compared", "fools_in_play": "any-hand"})
    result = S.equivalence(rules, 3)
    assert result.verdict.startswith("refuted (stage plain, lost["), result.as_dict()
    assert "counterexample" in result.detail


def test_the_plain_stage_is_proved_at_every_size_in_the_long_run():
    # what the long run checks at 2..20 (python -m cucu_ref.assurance.formal): here its premises are
    # satisfiable on a plain showdown (vacuity), at a size the CI can afford
    result = S.equivalence(preset("lu-stu"), 6)
    assert result.ok and result.vacuity == "sat" and "plain" in result.detail["stages"], result.as_dict()


def test_random_showdowns_score_the_same_as_before_except_the_two_defects():
    # a guard for the rewrite: seeded random showdowns, with no marks limit and no table given,
    # score as the specification says (the defects need marks and a table size to show)
    rng = random.Random(15)
    for _ in range(300):
        rules = rng.choice(ALL)
        cards = rng.sample(list(PACKS[rules.pack].cards), rng.randint(1, 6))
        live = list(enumerate(cards))
        result = scoring.evaluate(rules, live)
        n = len(cards)
        lost, _ = S.spec(rules, PACKS[rules.pack].family, [_z(c.value) for c in cards], [_z(True)] * n,
                         [_z(False)] * n, [_z(False)] * n, [_z(-1)] * n, [_z(9)] * n, _z(n))
        assert [sum(1 for s, _ in result.losers if s == j) for j in range(n)] == [_value(x) for x in lost]


def test_a_seat_without_a_card_takes_no_third_copy_in_the_vacuity_sample():
    # L10: a dead card under the stack leaves its seat empty; the sample must still be a
    # showdown of the pack (C1), or every stage's vacuity check is unsat (lu-stu at 10 seats)
    rules = preset("lu-stu")
    sample = S.sample_showdown(rules, 10)
    pack = PACKS[rules.pack]
    for stage in ("rank", "plain"):
        vals = sample[stage]["vals"]
        assert all(vals.count(v) <= pack.copies for v in set(vals)) and set(vals) <= set(pack.values), vals
    assert S._fill_empty(rules, [0, 0, None, 15]) == [0, 0, 15, 15]


# ---- the commonest showdown of evaluate(explain=False): every card live, decide_plain

@st.composite
def live_showdowns(draw):
    # every card live, nobody hinted, no guarantee (the engine scores these by live_marks,
    # tests/formal/test_live_marks_proof.py; evaluate by decide_plain)
    rules = draw(st.sampled_from(ALL))
    n = draw(st.integers(1, 22))
    cards = draw(st.permutations(PACKS[rules.pack].cards))[:n]
    seats = draw(st.permutations(range(40)))[:n]
    return rules, list(zip(seats, cards)), draw(st.sampled_from([None, 2, n, 20]))


@given(live_showdowns())
def test_the_live_path_scores_as_the_long_way_and_the_seeds(sd):
    rules, live, table = sd
    n = len(live)
    fast = scoring.evaluate(rules, live, explain=False, table=table)
    long = scoring.evaluate(rules, live, explain=True, table=table)
    note(f"{rules.name} {fast} {long}")
    assert (fast.ranks, fast.losers, fast.gainers) == (long.ranks, long.losers, long.gainers)
    lost, gained = S.spec(rules, PACKS[rules.pack].family, [_z(c.value) for _, c in live], [_z(True)] * n,
                          [_z(False)] * n, [_z(False)] * n, [_z(-1)] * n, [_z(9)] * n,
                          _z(n if table is None else table))
    assert sorted(s for (s, _), x in zip(live, lost) for _ in range(_value(x))) == sorted(s for s, _ in fast.losers)
    assert [s for (s, _), x in zip(live, gained) if _value(x)] == [s for s, _ in fast.gainers]


def test_without_notes_or_a_guarantee_evaluate_takes_the_proved_plain_path(monkeypatch):
    # decide_live is retired: every showdown evaluate scores without notes and without a
    # guarantee takes decide_plain (the 'plain' stage proves it equal to decide at every size),
    # every card live included, at any number of cards
    calls = []
    original = scoring.decide_plain
    monkeypatch.setattr(scoring, "decide_plain", lambda *args: calls.append(len(args[3])) or original(*args))
    rules = preset("campli")
    cards = list(PACKS[rules.pack].cards)
    for n in (1, 2, 4, 20, 21):
        scoring.evaluate(rules, list(enumerate(cards[:n])), explain=False)
    scoring.evaluate(rules, list(enumerate(cards[:4])), explain=False, hinted=[1])  # Z7
    scoring.evaluate(rules, list(enumerate(cards[:4])), dead=[(5, cards[5])], explain=False)  # Q4
    scoring.evaluate(rules, list(enumerate(cards[:4])), guarantees=[(3, 0)], explain=False)  # K14: decide
    scoring.evaluate(rules, list(enumerate(cards[:4])), explain=True)  # the notes: decide
    assert calls == [1, 2, 4, 20, 21, 4, 5]
    assert not hasattr(scoring, "decide_live")
