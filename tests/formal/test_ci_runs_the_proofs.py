"""The CI runs the README's proofs command and fails with it (issue 28 §4: the documented check
must pass on a clean tree, and CI must run it)."""

import os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def test_ci_runs_the_ci_profile_and_fails_when_it_fails():
    with open(os.path.join(ROOT, ".ci", "run"), encoding="utf-8") as f:
        script = f.read()
    assert "python -m cucu_ref.assurance.formal --profile ci" in script
    # its exit status is kept and decides the run's
    assert 'proofs=$?' in script and 'if [ "$proofs" -ne 0 ]' in script
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        assert "python -m cucu_ref.assurance.formal --profile ci" in f.read()


def _ci_plan(monkeypatch):
    """What ``python -m cucu_ref.assurance.formal --profile ci`` proves, as (kind, property,
    ruleset, size, split, timeout in ms), read off ``plan.run_plan('ci')`` with the checks
    replaced by recorders (nothing is proved here)."""
    from cucu_ref.assurance.formal import counterexample, plan, pproofs
    from cucu_ref.assurance.formal.props import Result

    done = Result("p", "m", "r", 0, "proved", 0.0, "sat")
    calls = set()

    def lemma(prop, rules, n, timeout_ms=120_000, split=False):
        calls.add(("lemma", prop, rules.name, n, split, timeout_ms))
        return done

    def every_size(name, rules, timeout_ms=120_000):
        calls.add(("every-size", name, rules.name, 0, False, timeout_ms))
        return done

    monkeypatch.setattr(plan, "lemma", lemma)
    monkeypatch.setattr(counterexample, "lemma", every_size)
    monkeypatch.setattr(pproofs, "reachability", lambda *a, **k: done)
    monkeypatch.setattr(pproofs, "base_case", lambda *a, **k: done)
    monkeypatch.setattr(plan, "cuckoo_at_showdown", lambda *a, **k: done)
    monkeypatch.setattr(plan, "bounded", lambda *a, **k: [])
    monkeypatch.setattr(plan, "showdown_checks", lambda *a, **k: iter(()))
    monkeypatch.setattr(plan, "match_checks", lambda *a, **k: iter(()))
    list(plan.run_plan("ci"))
    return calls


def test_each_test_skipped_beside_the_proofs_is_in_the_ci_profile(monkeypatch):
    """.ci/run skips the tests marked ci_proofs (CUCU_CI_PROOFS_BESIDE=1, tests/conftest.py)
    because the proofs command beside them proves the same: each marked lemma, at each of its
    sizes, split the same way, with the tests' timeout (120 s), must be in the ci profile's plan."""
    with open(os.path.join(ROOT, ".ci", "run"), encoding="utf-8") as f:
        script = f.read()
    assert script.index("python -m cucu_ref.assurance.formal --profile ci") < \
        script.index("export CUCU_CI_PROOFS_BESIDE=1") < script.index("python -m pytest -n auto")
    planned = _ci_plan(monkeypatch)
    marked = _marked()
    assert len(marked) >= 30, marked  # tests/formal/test_proofs.py and test_parametric.py
    for where, (kind, prop, ruleset, sizes, split) in marked:
        for n in sizes:
            assert (kind, prop, ruleset, n, split, 120_000) in planned, (where, n)


def _marked():
    """(test, the ci_proofs marker's arguments) of every parameter so marked in this folder."""
    import importlib.util

    found = []
    for name in sorted(os.listdir(HERE)):
        if not (name.startswith("test_") and name.endswith(".py")) or name == os.path.basename(__file__):
            continue
        with open(os.path.join(HERE, name), encoding="utf-8") as f:
            if "ci_proofs" not in f.read():
                continue
        spec = importlib.util.spec_from_file_location(f"_ci_marked_{name[:-3]}", os.path.join(HERE, name))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for test, function in vars(module).items():
            for mark in getattr(function, "pytestmark", []) if test.startswith("test_") else []:
                for param in mark.args[1] if mark.name == "parametrize" else []:
                    found += [(f"{name}::{test}", m.args) for m in getattr(param, "marks", ()) if m.name == "ci_proofs"]
    return found


def test_the_plan_reader_sees_a_lemma_the_profile_lacks(monkeypatch):
    # the check above can fail: campli's termination at 6 seats is a test's, not the profile's
    planned = _ci_plan(monkeypatch)
    assert ("lemma", "termination", "campli", 4, False, 120_000) in planned
    assert ("lemma", "termination", "campli", 6, False, 120_000) not in planned
    assert ("every-size", "marks-accounting", "lu-stu", 0, False, 120_000) in planned
