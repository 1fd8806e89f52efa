"""The CI runs the README's proofs command and fails with it (issue 28 §4: the documented check
must pass on a clean tree, and CI must run it)."""

import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_ci_runs_the_ci_profile_and_fails_when_it_fails():
    with open(os.path.join(ROOT, ".ci", "run"), encoding="utf-8") as f:
        script = f.read()
    assert "python -m cucu_ref.assurance.formal --profile ci" in script
    # its exit status is kept and decides the run's
    assert 'proofs=$?' in script and 'if [ "$proofs" -ne 0 ]' in script
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        assert "python -m cucu_ref.assurance.formal --profile ci" in f.read()
