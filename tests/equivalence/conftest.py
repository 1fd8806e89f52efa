"""The frozen engine scores its showdowns by the long way.

``tests/reference/frozen_engine.py`` calls the package's own ``scoring.evaluate`` with
``explain=False``, as the engine under test does where someone hinted or holds a guarantee
(elsewhere it scores by ``live_marks``).  Here the frozen side asks for the explained showdown
instead (``explain=True``: the notes written, then dropped), so every showdown of the comparison
also checks the engine's call against the adjudicator's."""

from __future__ import annotations

import pytest
from reference import frozen_engine

from cucu_ref.game import scoring


def long_way(*args, **kwargs):
    kwargs["explain"] = True
    return scoring.evaluate(*args, **kwargs)._replace(notes=())


@pytest.fixture(autouse=True)
def frozen_scores_by_the_long_way(monkeypatch):
    monkeypatch.setattr(frozen_engine, "evaluate", long_way)
