"""The engine and both z3 models in lockstep (issue 15, item 3): the machine of
:mod:`cucu_ref.assurance.formal.lockstep`, run under the hypothesis profile (tests/conftest.py: ``ci`` 25
runs, ``thorough`` 1000), each run at most ``STEPS`` decisions."""

from __future__ import annotations

from hypothesis import settings

from cucu_ref.assurance.formal.lockstep import STEPS, Lockstep

Lockstep.TestCase.settings = settings(Lockstep.TestCase.settings, stateful_step_count=STEPS)
TestLockstep = Lockstep.TestCase
