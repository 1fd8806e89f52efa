"""Test configuration: hypothesis profiles and the shared fixtures.

Profiles (``settings.load_profile``):

* ``ci`` — chosen when the environment variable ``CI`` is set: few examples, no deadline,
  derandomized so a CI run is reproducible;
* ``dev`` — the default for local runs;
* ``thorough`` — ``HYPOTHESIS_PROFILE=thorough``: many examples, for a long run before a release.

``HYPOTHESIS_PROFILE`` always wins over ``CI``.  Helpers for building positions live in
``tests/helpers.py`` (importable as ``helpers`` from every test module).
"""

from __future__ import annotations

import os
import sys

import pytest
from hypothesis import HealthCheck, settings

sys.path.insert(0, os.path.dirname(__file__))

import helpers

settings.register_profile(
    "ci", max_examples=25, deadline=None, derandomize=True, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=60, deadline=None)
settings.register_profile(
    "thorough", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev"))

IN_CI = bool(os.environ.get("CI"))


@pytest.fixture
def campli():
    return helpers.CAMPLI


@pytest.fixture
def digital():
    return helpers.DIGITAL


@pytest.fixture
def table():
    """``table(players=3, dealer=None, marks=None, ...)``: a match at its next shuffle."""
    return helpers.table


@pytest.fixture
def play():
    """``play(state, deal, moves, then=(), top=())``: shuffle so ``deal`` is dealt in order, then play."""
    return helpers.play


# The modules that take longest, longest first, with their seconds on two loaded cores
# (--junitxml of 2026-12-03, 80fd74a): they run first, so under xdist's work stealing (see
# below) the other worker takes the short tests and steals from the end of this one's queue,
# instead of both waiting at the end for a docs build or a z3 proof begun last.  Only the
# order changes, never what runs; a module missing from this list keeps its place.
# The two with a costly module fixture come first: a worker steals from the END of the
# other's queue, and a module split between workers builds its fixture twice (seen: the
# invariants matrix, 32 s, when it came seventh).
LONG_FIRST = (
    "tests/test_docs.py",  # 183 s, 95 of them the html build (a module fixture)
    "tests/properties/test_invariants_matrix.py",  # 32 s, its module fixture
    "tests/formal/test_parametric.py",  # 267 s
    "tests/formal/test_proofs.py",  # 108 s
    "tests/formal/test_mutants.py",  # 58 s
    "tests/formal/test_counterexample.py",  # 43 s
    "tests/conformance/test_broken_clients.py",  # 37 s
)


@pytest.hookimpl(optionalhook=True)  # a run without xdist (-p no:xdist) does not know the hook
def pytest_xdist_make_scheduler(config, log):
    """``-n`` without ``--dist`` (the README's ``python -m pytest -n auto``) schedules as
    ``--dist worksteal``: a worker out of tests takes half of what the other has not begun.
    (xdist's ``load`` hands each worker a quarter of the suite at once and never takes it back,
    so a worker given the long tests late can end alone.)  A ``--dist`` given other than
    ``load`` is kept."""
    if config.getoption("dist") == "load":
        from xdist.scheduler import WorkStealingScheduling
        return WorkStealingScheduling(config, log)
    return None


def _long_first(items):
    rank = {path: i for i, path in enumerate(LONG_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(rank)))  # stable


def _proved_beside(items):
    """``CUCU_CI_PROOFS_BESIDE=1`` (set by .ci/run, which runs ``python -m
    cucu_ref.assurance.formal --profile ci`` beside the tests and fails when it fails): the
    tests marked ``ci_proofs`` are skipped, since that command proves the same lemmas at the
    same sizes with the same timeout, vacuity checks included (tests/formal/
    test_ci_runs_the_proofs.py checks that its plan holds every one).  Any other run keeps them."""
    if os.environ.get("CUCU_CI_PROOFS_BESIDE") != "1":
        return
    skip = pytest.mark.skip(reason="proved by `python -m cucu_ref.assurance.formal --profile ci` beside the tests")
    for item in items:
        if item.get_closest_marker("ci_proofs") is not None:
            item.add_marker(skip)


def pytest_collection_modifyitems(config, items):
    """The longest modules first (:data:`LONG_FIRST`).  ``slow`` tests run only when asked for
    (``-m slow``, or ``CUCU_SLOW=1``): the default run and CI stay inside their time budget."""
    _long_first(items)
    _proved_beside(items)
    if "slow" in (config.getoption("markexpr") or "") or os.environ.get("CUCU_SLOW"):
        return
    skip = pytest.mark.skip(reason="slow: run with -m slow (or CUCU_SLOW=1)")
    for item in items:
        # (the marker, not a keyword: a checkout in a folder named 'slow' has it as a keyword of
        # every test, and skipped them all)
        if item.get_closest_marker("slow") is not None:
            item.add_marker(skip)
