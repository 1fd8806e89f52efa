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


def pytest_collection_modifyitems(config, items):
    """``slow`` tests run only when asked for (``-m slow``, or ``CUCU_SLOW=1``): the default
    run and CI stay inside their time budget."""
    if "slow" in (config.getoption("markexpr") or "") or os.environ.get("CUCU_SLOW"):
        return
    skip = pytest.mark.skip(reason="slow: run with -m slow (or CUCU_SLOW=1)")
    for item in items:
        # (the marker, not a keyword: a checkout in a folder named 'slow' has it as a keyword of
        # every test, and skipped them all)
        if item.get_closest_marker("slow") is not None:
            item.add_marker(skip)
