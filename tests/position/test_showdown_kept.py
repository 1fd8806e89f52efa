"""What the ruling over unknown cards keeps from one run to the next (issue 24 §5: every position
of up to 20 players with up to 4 unshown cards ruled in under 1 s): the scoring's symbolic runs
and a showdown's cases are kept by the fields of the ruleset the scoring read (the open
questions' re-runs reach the same showdown under rulesets that differ in one option), and a
showdown's boxes are checked against the copies of the pack (C1: two of each Cuccù card) by one
matching of the other unknown cards.  None of it may change a ruling: these tests check that
what is kept is found again, and that what is found is what working it out afresh gives.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

from hypothesis import given, strategies as st

from cucu_ref.formats.position import parse
from cucu_ref.game.cards import PACKS, Card
from cucu_ref.game.rulesets import PRESETS
from cucu_ref.game.scoring import evaluate
from cucu_ref.services.adjudication import adjudicate, symbolic, unknowns
from cucu_ref.services.adjudication.replay import run_position
from cucu_ref.services.render import ruling_json
from tests.natural_positions import natural_deal


def test_every_presets_showdown_reads_only_fields_the_store_can_key():
    """The store of symbolic runs (symbolic.Explored) keeps a run only where every name the
    scoring read is a field of the ruleset, or derived from fields it knows (symbolic._DERIVED):
    a name it does not know keeps nothing, so every open question's re-run scores every
    showdown again.  (It did, unseen, once the scoring read ``Rules.cuccu``, C1: a derived
    value the store did not know.)  Each preset's scoring, over random showdowns of its pack
    (two fools among them where the pack has them, C3), reads only names the store can key."""
    rng = random.Random(24)
    for name, rules in sorted(PRESETS.items()):
        pack = PACKS[rules.pack]
        for players in (2, 3, 5, 8):
            for _ in range(12):
                values = [rng.choice(pack.values) for _ in range(players)]
                live = [(seat, Card(pack.family, v)) for seat, v in enumerate(values)]
                reads = symbolic.Reads(rules)
                evaluate(reads, live, (), (), (), explain=False, table=players)  # type: ignore[arg-type]
                assert symbolic.fields_read(rules, tuple(reads.names)) is not None, (name, tuple(reads.names))


def _brute(domains: list[frozenset[Card]], left: Counter) -> bool:
    """Some choice of one card per domain uses no card more often than ``left`` holds (C1)."""
    return any(all(n <= left[c] for c, n in Counter(combo).items()) for combo in itertools.product(*domains))


_CARDS = [Card("cuccu", v) for v in range(1, 6)]


@given(st.lists(st.frozensets(st.sampled_from(_CARDS), min_size=1, max_size=4), max_size=5),
       st.lists(st.integers(0, 2), min_size=5, max_size=5), st.integers(0, 5))
def test_a_matching_holds_the_cards_exactly_where_some_choice_of_them_does(domains, copies, first):
    """unknowns._Matching (the cards' copies, C1) against trying every choice: the same answer
    for all the domains at once, and for the last ones added to a matching of the first."""
    left = Counter(dict(zip(_CARDS, copies)))
    assert unknowns._Matching(left).fits_all(domains) == _brute(domains, left)
    head, tail = domains[:first], domains[first:]
    base = unknowns._Matching(left)
    if base.fits_all(head):
        assert base.fits(tail) == _brute(domains, left)
        assert base.fits(tail) == _brute(domains, left)  # (fits leaves the matching as it was)
    else:
        assert not _brute(domains, left)


def _clear() -> None:
    unknowns._EXPLORED.store._found.clear()
    unknowns._SHOWDOWNS._found.clear()
    unknowns._FITS.clear()


def test_a_ruling_from_kept_showdowns_is_the_ruling_worked_out_afresh(monkeypatch):
    """A natural 6-player Zeh deal with four live cards unshown (the open questions Q4 and Q10
    re-run its showdown, Z6/Z9): ruled with every store empty, then again from what the first
    ruling kept, the JSON is the same byte for byte, and a recorded run notes the same options
    read (the open questions asked are those the engine read) from the store as afresh.  (A
    ruling empties its memos as it starts and as it ends, model.new_position: here they are
    left as the first ruling filled them, for the second to start from)"""
    import cucu_ref.services.adjudication as adjudication

    doc, _ = natural_deal("zeh-1769", 6, 1674216077, unshown=4)
    pos, problems = parse(doc)
    assert pos is not None, problems
    _clear()
    fresh_read = run_position(pos, pos.rules, record=True).read
    real = adjudication.new_position
    real()
    monkeypatch.setattr(adjudication, "new_position", lambda: None)
    fresh = json.dumps(ruling_json(adjudicate(pos), "position"))
    assert unknowns._SHOWDOWNS.kept > 0 and unknowns._EXPLORED.store.kept > 0
    kept = json.dumps(ruling_json(adjudicate(pos), "position"))
    assert kept == fresh
    assert run_position(pos, pos.rules, record=True).read == fresh_read
    monkeypatch.undo()
    real()
