"""``scoring.live_marks``, the engine's call of the showdown, against ``scoring.evaluate``, the
adjudicator's: the same marks lost and gained, each citing the same rule; and the options the
showdown reads are every option that can change it (the adjudicator's ``Recorder`` re-runs a
position under the other readings of exactly the options the engine read: an option the
showdown did not read must not change its marks under any reading).

Both calls are :func:`cucu_ref.game.scoring.decide`, cited; z3 proves ``decide`` equal to the
seeds' showdown on small showdowns (``cucu_ref.assurance.formal.livemarks``,
``tests/formal/test_live_marks_proof.py``).  These tests tie the calls together beyond: every
showdown of up to four cards drawn from the values that steer the rules (the fool, XV, two low
cards alike, a high card) under every reading of the showdown's options, and random showdowns of
1 to 22 cards of every preset."""

from __future__ import annotations

import itertools
import random

import pytest

from cucu_ref.game import scoring
from cucu_ref.game.cards import FOOL_VALUE, PACKS, Card
from cucu_ref.game.rulesets import OPTIONS, PRESETS, preset
from cucu_ref.game.scoring import CUCKOO_VALUE, live_marks
from helpers import FirstReads

# the options the showdown of live cards reads, with every reading
SHOWDOWN_OPTIONS = ("fools_in_play", "two_fools", "fool_hint", "two_fools_alone", "all_equal", "ties",
                    "cuckoo_at_showdown", "cuckoo_pair_exception")
SEATS = (3, 0, 5, 1, 4, 2)  # seats in play order, not in seat order
DEAD_SEATS = (31, 30, 32)  # the dead hands' seats (past every live one)


def _every_reading(base: str = "campli", names=tuple(name for name in SHOWDOWN_OPTIONS if name != "fool_hint")):
    for values in itertools.product(*(OPTIONS[name].values() for name in names)):
        yield preset(base, dict(zip(names, values)))


def _expected(rules, seats, vals, table):
    cards = [Card(PACKS[rules.pack].family, v) for v in vals]
    return scoring.evaluate(rules, list(zip(seats, cards)), explain=False, table=table)


_WITH: dict = {}


def _with(rules, name, value):
    """``rules`` under another reading of one option (made once: a ruleset costs more than a showdown)."""
    key = (id(rules), name, value)
    if key not in _WITH:
        _WITH[key] = (rules, rules.with_options({name: value}))
    return _WITH[key][1]


def _check(rules, seats, vals, table, dead=(), unread=False):
    family = PACKS[rules.pack].family
    live = [(seat, Card(family, v)) for seat, v in zip(seats, vals)]
    dead_hands = [(seat, Card(family, v)) for seat, v in zip(DEAD_SEATS, dead)]
    reads = FirstReads(rules)
    lost, gained = live_marks(reads, seats, list(vals), table, list(dead))
    plain = scoring.evaluate(rules, live, dead_hands, explain=False, table=table)
    long = scoring.evaluate(rules, live, dead_hands, explain=True, table=table)
    where = (rules.name, {n: getattr(rules, n) for n in SHOWDOWN_OPTIONS}, seats, vals, dead, table)
    assert (tuple(lost), tuple(gained)) == (plain.losers, plain.gainers) == (long.losers, long.gainers), where
    if unread:  # an option not read cannot change the marks, under any of its readings
        for name in SHOWDOWN_OPTIONS:
            if name not in reads.read:
                for value in OPTIONS[name].values():
                    other = live_marks(_with(rules, name, value), seats, list(vals), table, list(dead))
                    assert other == (lost, gained), (where, name, value)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_every_small_showdown_under_every_reading(n):
    # the values that steer the rules: the fool (C3), XV (Q3, K19), two low alike (K15's ties,
    # L3, R4), a high card; at most two of each, as in the pack (C1)
    values = (FOOL_VALUE, CUCKOO_VALUE, 1, 1, 14)
    hands = sorted({combo for combo in itertools.product(values, repeat=n)
                    if all(combo.count(v) <= 2 for v in set(combo))})
    rulesets = list(_every_reading())
    assert len(rulesets) == 2 * 2 * 2 * 2 * 3 * 2 * 3
    # (at four cards every other reading: the last two options varied, Q3 and K19, keep three of
    # their six pairs; K19 needs exactly two cards, so at four only Q3's own two readings matter,
    # and both stay)
    for rules in rulesets[::2] if n == 4 else rulesets:
        for vals in hands:
            for table in sorted({n, 2, n + 1}):
                _check(rules, SEATS[:n], vals, table, unread=n <= 2)


@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_every_small_showdown_with_dead_hands_under_every_reading_of_the_fools(n):
    # dead hands: only a fool there can matter (Q4 'any-hand'), as the second of a pair or alone
    # (K19 and Q3 too: a dead hand beside two live XV, the table of two counted without the dead)
    rulesets = list(_every_reading(names=("fools_in_play", "two_fools", "two_fools_alone", "all_equal", "ties",
                                          "cuckoo_at_showdown", "cuckoo_pair_exception")))
    values = (FOOL_VALUE, CUCKOO_VALUE, 1, 1, 14)
    hands = sorted({combo for combo in itertools.product(values, repeat=n) if combo.count(FOOL_VALUE) <= 2})
    for rules in rulesets:
        for vals in hands:
            for dead in ((FOOL_VALUE,), (FOOL_VALUE, 3), (FOOL_VALUE, FOOL_VALUE), (5,)):
                if vals.count(FOOL_VALUE) + dead.count(FOOL_VALUE) <= 2:
                    _check(rules, SEATS[:n], vals, n + len(dead), dead)


def test_random_showdowns_of_every_preset_and_size():
    rng = random.Random(13)
    rulesets = [PRESETS[name] for name in sorted(PRESETS)] + list(_every_reading("zeh-1769"))[::7]
    for _ in range(3_000):
        rules = rng.choice(rulesets)
        cards = list(PACKS[rules.pack].cards)
        n = rng.randint(1, 22)
        if rng.random() < 0.3:  # the fools and the XVs first: the pair, the lone fool, K19
            cards.sort(key=lambda c: (c.value not in (FOOL_VALUE, CUCKOO_VALUE), rng.random()))
        else:
            rng.shuffle(cards)
        vals = [c.value for c in cards[:n]]
        if rng.random() < 0.1:  # every card of one rank (Q11, L6)
            vals = [vals[0]] * n
        seats = rng.sample(range(n + 2), n)
        dead = [c.value for c in cards[n:n + rng.choice([0, 0, 1, 2, 3])]]
        _check(rules, seats, vals, rng.choice([n, 2, n + len(dead) + 1]), dead)


def test_the_options_read_are_only_those_that_can_change_the_showdown():
    # not vacuous: the showdowns above read each option, and some read only a few; Z7's hint
    # is read only where a fool holder hinted (evaluate), never by the engine's live_marks
    reads = set()
    per_vals = {}
    for vals in ((3, 7), (FOOL_VALUE, 7), (FOOL_VALUE, FOOL_VALUE, 5), (CUCKOO_VALUE, 4), (CUCKOO_VALUE, FOOL_VALUE),
                 (CUCKOO_VALUE, CUCKOO_VALUE)):
        for rules in (preset("campli"), preset("campli", {"cuckoo_at_showdown": "compared"})):
            recorder = FirstReads(rules)
            live_marks(recorder, SEATS[:len(vals)], list(vals), len(vals))
            reads.add(tuple(recorder.read))
            per_vals.setdefault(vals, set()).add(tuple(recorder.read))
    # a live XV above the lowest card (the 4 loses, K15): Q3 cannot change who loses, not read;
    # nor the ties (L3, R4: one lowest card loses under each reading)
    assert per_vals[(CUCKOO_VALUE, 4)] == {()}
    # a lone fool ranks with the lowest card, the XV (C3): the XV is among the lowest, Q3 read
    assert all("cuckoo_at_showdown" in r for r in per_vals[(CUCKOO_VALUE, FOOL_VALUE)])
    assert () in reads  # neither a fool nor a XV, one lowest card: neither Q11 (F5) nor the ties read
    # two XVs alike: Q11 read (F5: every live card of one rank), and K19's pair (Q3 'compared')
    assert ("all_equal", "ties", "cuckoo_at_showdown", "cuckoo_pair_exception") in reads
    # two fools in live hands, no dead hand: Q4 (fools in dead hands) not read
    assert ("two_fools", "two_fools_alone") in reads  # (the 5 lowest alone: the ties not read)
    assert not any("fools_in_play" in r for r in reads)
    assert not any("fool_hint" in r for r in reads)
    zeh = FirstReads(preset("zeh-1769"))
    fool = Card("cuccu", FOOL_VALUE)
    scoring.evaluate(zeh, [(0, fool), (1, fool), (2, Card("cuccu", 5))], hinted=[1], explain=False)
    assert "fool_hint" in zeh.read


def test_what_the_engine_relies_on():
    # L6 (Lu Stù): two players left alike, the non-dealer loses; the pair of fools gains (L4)
    lu = preset("lu-stu")
    assert live_marks(lu, (1, 0), [5, 5], 2) == ([(1, "L6")], ())
    # at a table of three the same tie is L3's, the tie rule (only the first loses); a lowest card
    # alone is K15's, Campli's, which Lu Stù keeps (seed 000 §Lu Stù)
    assert lu.ties == "first" and live_marks(lu, (1, 0), [5, 5], 3) == ([(1, "L3")], ())
    assert live_marks(lu, (1, 0), [4, 5], 3) == ([(1, lu.showdown_rule)], ()) and lu.showdown_rule == "K15"
    campli = preset("campli")
    lost, gained = live_marks(campli, (2, 0, 1), [FOOL_VALUE, 3, 9], 3)
    assert lost == [(2, campli.fool_rule), (0, "K15")] and gained == ()  # C3: the lone fool, then the lowest
    zeh = preset("zeh-1769")
    lost, gained = live_marks(zeh, (2, 0, 1), [FOOL_VALUE, FOOL_VALUE, 9], 3)
    assert gained == [(2, zeh.cites("two-fools")), (0, zeh.cites("two-fools"))]
