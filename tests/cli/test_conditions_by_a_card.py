"""Cases whose cards combine in too many ways to be said at once are said on each side of the
card that decides the play (conditions._by_a_card; F4: the talon's king).  Issue 24 §5: a case is
no longer sought on a side where the sides sought before left it without words or said it in no
fewer letters than its chain, which shortest then keeps.  The conditions must be those of the
search that seeks every case on every side (the chains never said: nothing left out)."""

from __future__ import annotations

from cucu_ref.formats.position import parse
from cucu_ref.services.adjudication import adjudicate, conditions
from natural_positions import natural_deal

# Coucou, five players, four cards unshown (a 32-card pack): under Q16's other reading (the talon's bottom card, F4)
# its 22 cases are worded on each side of the talon card's king
DEAL = ("coucou", 5, 2547704717, 4)


def _asked(monkeypatch) -> list[tuple]:
    """The calls of _by_a_card the ruling of DEAL makes (their arguments)."""
    preset, players, seed, unshown = DEAL
    doc, _ = natural_deal(preset, players, seed, seen=False, unshown=unshown)
    pos, problems = parse(doc)
    assert pos is not None, problems
    asked = []
    real = conditions._by_a_card

    def noted(rows, todo, chains, words):
        asked.append((rows, list(todo), list(chains), words))
        return real(rows, todo, chains, words)

    monkeypatch.setattr(conditions, "_by_a_card", noted)
    adjudicate(pos)
    monkeypatch.setattr(conditions, "_by_a_card", real)
    return asked


def _said(found: dict, todo: list[int], chains: list[str]) -> list[str]:
    """Each case's words as shortest keeps them: its ways where fewer letters than its chain."""
    out = []
    for k in todo:
        text = conditions._said(found[k]) if k in found else chains[k]
        out.append(text if len(text) < len(chains[k]) else chains[k])
    return out


def test_each_case_is_said_as_when_every_case_is_sought_on_every_side(monkeypatch):
    asked = [a for a in _asked(monkeypatch) if a[2][0] != conditions._UNSAID]
    assert asked, "the ruling says some cases on each side of a card"
    pruned = 0
    for rows, todo, chains, words in asked:
        kept = conditions._by_a_card(rows, todo, chains, words)
        every = conditions._by_a_card(rows, todo, [conditions._UNSAID] * len(rows), words)
        assert _said(kept, todo, chains) == _said(every, todo, chains)
        pruned += len(every) - len(kept)
    assert pruned > 0, "some case was left out of a side"
    # (the other reading's 22 cases, every one a chain of alternatives: each is sought)
    assert sorted(asked[0][1]) == list(range(len(asked[0][0]))) and len(asked[0][0]) == 22
