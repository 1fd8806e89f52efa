"""The bindings that hold in every case of a leaf (outcomes._fixed) are kept for each leaf of a
ruling (issue 24 §5: an outcome's leaves are told again in each play and each player's effects,
told_steps): kept by the leaf itself, never by another leaf that happens to have its id."""

from __future__ import annotations

from cucu_ref.formats.position import parse
from cucu_ref.services.adjudication import outcomes
from cucu_ref.services.adjudication.model import new_position
from cucu_ref.services.adjudication.replay import run_position
from natural_positions import natural_deal


def _plain_fixed(leaf):
    keys = {ph for box in leaf.know.cases for ph in box}
    return {ph: c for ph, c in leaf.know.subst.items()
            if ph not in keys or all(box.get(ph, frozenset([c])) == frozenset([c]) for box in leaf.know.cases)}


def _leaves():
    doc, _ = natural_deal("coucou", 6, 13, seen=False, unshown=3)
    pos, problems = parse(doc)
    assert pos is not None, problems
    leaves = run_position(pos, pos.rules).leaves
    assert len({tuple(sorted(_plain_fixed(leaf).items())) for leaf in leaves}) > 1, "leaves that bind otherwise"
    return leaves


def test_each_leaf_gets_its_own_bindings():
    new_position()
    leaves = _leaves()
    for _ in range(2):  # (the second time from what is kept)
        for leaf in leaves:
            assert outcomes._fixed(leaf) == _plain_fixed(leaf)


def test_a_leaf_with_another_kept_leafs_id_is_not_given_its_bindings(monkeypatch):
    new_position()
    leaves = _leaves()
    monkeypatch.setattr(outcomes, "id", lambda _leaf: 1, raising=False)  # (every leaf the same id)
    for leaf in leaves:
        assert outcomes._fixed(leaf) == _plain_fixed(leaf)
