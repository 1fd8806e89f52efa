"""CI-sized z3 proofs (cucu_ref.assurance.formal).  Each check must be 'proved' (unsat of its negation) or,
for the searches, 'found'; 'unknown' or a timeout fails.  Each also needs its premises to be
satisfiable on a known concrete run that the engine plays the same way (vacuity)."""

import pytest

from cucu_ref.game import scoring
from cucu_ref.game.cards import parse
from cucu_ref.assurance.formal.plan import rulesets
from cucu_ref.assurance.formal.props import Result, bounded, cuckoo_at_showdown, lemma
from cucu_ref.game.rulesets import preset

CAMPLI, LITERAL, DIGITAL, LU_STU = rulesets()


def _ok(result: Result) -> None:
    assert result.ok, result.as_dict()


def test_unknown_or_timeout_is_a_failure():
    assert not Result("p", "induction", "campli", 2, "unknown", 1.0, "sat").ok
    assert not Result("p", "induction", "campli", 2, "proved", 1.0, "unknown").ok  # vacuity must be sat


# ---- the showdown (K15, C3, Q3, D7, L4, L6)

@pytest.mark.parametrize("n", [2, 3, 5, 8, 20])
def test_campli_cuckoo_never_loses(n):
    # PRESET_REASONS['campli']: Q3 read as 'never-loses' (K19, Z9's principle)
    _ok(cuckoo_at_showdown(CAMPLI, n))


def test_digital_cuckoo_never_loses():
    # D7: "a cuckoo never loses a life, even as the only live card"
    _ok(cuckoo_at_showdown(DIGITAL, 4))


@pytest.mark.parametrize("rules", [LITERAL, LU_STU], ids=lambda r: r.name)
@pytest.mark.parametrize("n", [2, 3, 6])
def test_cuckoo_can_lose_is_found_and_confirmed_by_evaluate(rules, n):
    # K15 literal: a single fool ranks with the lowest other card, even a XV; L4: two fools rank
    # above XV, so a XV can be lowest ("Es kann ... passieren, dass ein Kuckuck verliert")
    result = cuckoo_at_showdown(rules, n)
    assert result.verdict == "found", result.as_dict()
    assert result.detail["evaluate_agrees"] and result.detail["cuckoo_seats_losing"]


def test_literal_q3_counterexample_by_hand():
    # Seed 000 'Das Ergebnis': one fool ranks with the lowest other card; with XV as the only
    # other card both lose.  Under the default reading the XV is spared.
    live = [(0, parse("XV")), (1, parse("matto"))]
    assert {s for s, _ in scoring.evaluate(LITERAL, live).losers} == {0, 1}
    assert {s for s, _ in scoring.evaluate(CAMPLI, live).losers} == {1}


def test_the_undo_claim_is_refuted_where_it_does_not_hold():
    """The checker can fail: with D6 (a refused innkeeper acts) and Q14 read as 'stop', an undo
    stops at the inn's exchange, so the offered card does NOT go back to the seat it was dealt to
    (K13's claim).  z3 must find such a deal at 3 seats: A offers to innkeeper B, B refuses and
    must exchange (K14), B offers on to C who holds the cat."""
    import z3

    from cucu_ref.assurance.formal.invariants import card_domain
    from cucu_ref.assurance.formal.model import EQ, R_CAT, AND, IMPLIES, Model
    from cucu_ref.assurance.formal.props import _prove, _undo_goal

    rules = preset("campli", {"targeted_holder_acts": "after-refused-inn", "cat_undo_through_inn": "stop"})
    model = Model(rules, 3)
    vals = [z3.Int(f"v{i}") for i in range(5)]
    ds = [z3.Bool(f"d{t}") for t in range(model.max_steps())]
    states = model.run(model.initial(list(range(5)), vals, [3, 3, 3]), ds)
    goal = AND(*[IMPLIES(AND(b.ev_req, EQ(b.ev_role, R_CAT)), _undo_goal(rules, model, a, b))
                 for a, b in zip(states, states[1:])])
    assert _prove(card_domain(rules, vals), goal, 60_000) == "refuted"
    # with Q14 read as 'undo' the same claim is proved
    rules = preset("campli", {"targeted_holder_acts": "after-refused-inn"})
    model = Model(rules, 3)
    states = model.run(model.initial(list(range(5)), vals, [3, 3, 3]), ds)
    goal = AND(*[IMPLIES(AND(b.ev_req, EQ(b.ev_role, R_CAT)), _undo_goal(rules, model, a, b))
                 for a, b in zip(states, states[1:])])
    assert _prove(card_domain(rules, vals), goal, 60_000) == "proved"


# ---- one-step induction lemmas (any state), small sizes in CI; all sizes in the slow run

def _in_ci_proofs(prop, rules, sizes, split=False):
    """The same lemma, sizes and timeout as ``--profile ci`` proves (tests/conftest.py: skipped
    where .ci/run runs that command beside the tests; test_ci_runs_the_proofs checks the plan
    holds each)."""
    return pytest.param(prop, sizes, marks=pytest.mark.ci_proofs("lemma", prop, rules.name, sizes, split))


@pytest.mark.parametrize("prop,sizes", [
    ("termination", (2, 3, 6)),
    _in_ci_proofs("blocked-request", CAMPLI, (2, 3, 4)),
    _in_ci_proofs("guarantee-invariant", CAMPLI, (2, 3)),
    _in_ci_proofs("chain-invariant", CAMPLI, (2, 3)),
    _in_ci_proofs("cat-undo", CAMPLI, (2, 3, 4)),
    _in_ci_proofs("conservation", CAMPLI, (2, 3), split=True),
])
def test_campli_lemmas(prop, sizes):
    for n in sizes:
        _ok(lemma(prop, CAMPLI, n, split=(prop == "conservation")))


@pytest.mark.parametrize("prop,sizes", [_in_ci_proofs("termination", DIGITAL, (4,)),
                                        _in_ci_proofs("blocked-request", DIGITAL, (4,)),
                                        _in_ci_proofs("cat-undo", DIGITAL, (4,)),
                                        ("chain-invariant", (4,))])
def test_digital_lemmas(prop, sizes):
    for n in sizes:
        _ok(lemma(prop, DIGITAL, n))


@pytest.mark.parametrize("prop,sizes", [_in_ci_proofs(prop, LU_STU, (2, 3))
                                        for prop in ("termination", "blocked-request", "guarantee-invariant")])
def test_lu_stu_lemmas(prop, sizes):
    for n in sizes:
        _ok(lemma(prop, LU_STU, n))


# ---- bounded whole deals

@pytest.mark.parametrize("n", [2, 3])
def test_campli_bounded(n):
    for result in bounded(CAMPLI, n):
        _ok(result)


def test_literal_q3_counterexample_in_a_whole_deal_confirmed_by_engine():
    results = bounded(LITERAL, 3, ("cuckoo-at-showdown",))
    (result,) = results
    assert result.verdict == "found", result.as_dict()
    assert result.detail["engine_cuckoo_loses"]


@pytest.mark.slow
def test_long_run_all_sizes():
    """The documented long run: python -m cucu_ref.assurance.formal --profile long --sizes 2-20 --json"""
    from cucu_ref.assurance.formal.__main__ import main
    assert main(["--profile", "long", "--sizes", "2-20"]) == 0
