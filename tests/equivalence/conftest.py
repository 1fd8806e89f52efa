"""The frozen engine scores its showdowns by the long way.

``tests/reference/frozen_engine.py`` calls the package's own ``scoring.evaluate`` with
``explain=False``, which takes the scoring's fast path (``decide_plain``), as the engine under
test does where someone hinted or holds a guarantee (elsewhere it scores by ``live_marks``), so
a comparison of the two engines alone would not see a fault in the fast paths.  Here the frozen
side asks for the explained showdown instead (``explain=True``:
:func:`cucu_ref.game.scoring.decide`, the four stages and the payments, the notes dropped), so every
showdown of the comparison also checks the engine's fast scoring against the long way."""

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
