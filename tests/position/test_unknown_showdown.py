"""A ruling even when cards are missing (issue 24 §5): what is certain whatever the missing
cards are, then the outcomes they decide, worked out by hand from the sources.

Campli (Farina 2010, after the German account 'Cucù und Lu Stù'): K13 (the cat: the offerer
loses a mark at once), K15 (the lowest live card loses, all tied lowest lose), C1 (two copies
of each card), C3 (a single fool ranks with the lowest other card and its holder loses too;
two fools rank 14½).
"""

from __future__ import annotations

import json

import pytest

from cucu_ref.formats.position import parse
from cucu_ref.game.cards import Card
from cucu_ref.services.adjudication import Underdetermined, adjudicate, symbolic, unknowns
from cucu_ref.services.render import ruling_json
from tests.natural_positions import NAMES, natural_deal

# K13: Anna offers to Bruno, who holds the cat (XII): Anna loses a mark at once, whatever the
# cards; everybody after keeps (K5, K6), the dealer Zeno too (K8)
CAT = [{"offer": "Anna"}, {"announce": "gnaf", "by": "Bruno"}, {"pays": "Anna"}]
SHOWN_20 = {"Anna": "VII", "Bruno": "XII", "Carla": "XV", "Dora": "XIIII", "Emil": "XIII", "Fabio": "XI",
            "Gina": "X", "Ida": "I", "Marta": "IX", "Nino": "VIII", "Olga": "VI", "Rita": "V", "Tino": "IIII",
            "Ugo": "III", "Vera": "II", "Zeno": "X"}
UNSHOWN_20 = ("Hugo", "Luca", "Pia", "Sara")
ANNA_CAT = {"player": "Anna", "rule": "K13"}


def _twenty() -> dict:
    players = list(NAMES)
    assert sorted(SHOWN_20) + list(UNSHOWN_20) and set(SHOWN_20) | set(UNSHOWN_20) == set(players)
    keeps = [{"keep": p} for p in players[2:]]
    return {"format": "cucu-position/1", "ruleset": "campli", "players": players, "dealer": "Zeno",
            "history": CAT + keeps, "shown": SHOWN_20}


def _rule(doc: dict):
    pos, problems = parse(doc)
    assert pos is not None, problems
    return adjudicate(pos)


def test_twenty_players_four_unshown_say_what_is_certain_and_the_cases():
    ruling = _rule(_twenty())  # (under-specified, and nothing else, before issue 24)
    assert ruling.ok
    # certain (K13): Anna's mark for offering to the cat; nobody's showdown mark is certain,
    # since any of the four unshown cards may be below Ida's I (0 .. leone, C1) or the fool (C3)
    assert ruling.certain == {"marks_lost": [ANNA_CAT], "marks_gained": [], "out": []}
    results = [o.result["marks_lost"] for o in ruling.outcomes]
    # K15: the four unshown cards all II or higher (and no fool): Ida's I is the lowest, she alone loses
    ida = [o for o in ruling.outcomes if o.result["marks_lost"] == [ANNA_CAT, {"player": "Ida", "rule": "K15"}]]
    assert len(ida) == 1
    # ... and in the case where only Ida loses, some unshown card may be the other fool (two
    # fools rank 14½, C3) but none is I or lower
    for alt in ida[0].when:
        for cards in alt.values():
            assert all(Card.parse(c).value >= 2 or Card.parse(c).is_fool for c in cards), alt
    # K15: Hugo's card below I (one of 0 .. leone) makes him the lowest: he loses, Ida does not
    assert [ANNA_CAT, {"player": "Hugo", "rule": "K15"}] in results
    # K15: the other I (C1: two copies) ties Ida's: both lose
    assert any(r[0] == ANNA_CAT and {"player": "Ida", "rule": "K15"} in r and len(r) == 3 for r in results)
    # C3: a single fool loses with the lowest other card
    assert any(x["rule"] == "C3" for r in results for x in r)
    assert len(ruling.outcomes) >= 5
    assert ruling_json(ruling, "x")["certain"] == ruling.certain
    labels = ruling.unknown
    assert len(labels) == 4 and all(any(n in lab for lab in labels) for n in UNSHOWN_20)


def test_one_outcome_has_no_certain_field():
    doc = _twenty()
    doc["shown"] = {**SHOWN_20, "Hugo": "IX", "Luca": "VIII", "Pia": "VII", "Sara": "VI"}
    ruling = _rule(doc)
    # K13 and K15: Anna's cat mark and Ida's I, the lowest of twenty known cards
    assert [o.result["marks_lost"] for o in ruling.outcomes] == [[ANNA_CAT, {"player": "Ida", "rule": "K15"}]]
    assert ruling.certain is None and "certain" not in ruling_json(ruling, "x")


def _results(ruling) -> list[str]:
    # (the marks in each outcome as a set: a group's first case gives their order, K15's play
    # order after C3's fool, and the two ways may find another case of the group first)
    return sorted(json.dumps([sorted(o.result[f], key=json.dumps) for f in ("marks_lost", "marks_gained", "out")],
                             sort_keys=True) for o in ruling.outcomes)


@pytest.mark.parametrize("preset,players,seed,unshown", [
    ("campli", 6, 11, 2), ("lu-stu", 6, 12, 2), ("zeh-1769", 5, 13, 2), ("as-qui-court", 6, 14, 2),
    ("here", 5, 15, 2), ("screw-your-neighbour", 6, 16, 2), ("ranter-go-round", 6, 17, 2), ("coucou", 5, 18, 2),
    ("campli", 8, 19, 3), ("zeh-1769", 6, 20, 3),
])
def test_symbolic_cards_give_the_cases_scoring_each_combination_gives(monkeypatch, preset, players, seed, unshown):
    """The scoring run on symbolic cards (symbolic.explore) finds the same outcomes and the
    same certain marks as scoring every combination one by one."""
    doc, _ = natural_deal(preset, players, seed, unshown=unshown)
    pos, problems = parse(doc)
    assert pos is not None, problems
    monkeypatch.setattr(unknowns, "SMALL_CASES", 10 ** 9)
    each = adjudicate(pos, readings=False)
    monkeypatch.setattr(unknowns, "SMALL_CASES", 0)
    symbolic = adjudicate(pos, readings=False)
    assert _results(symbolic) == _results(each)
    def as_sets(certain):
        return None if certain is None else {f: sorted(v, key=json.dumps) for f, v in certain.items()}

    assert as_sets(symbolic.certain) == as_sets(each.certain)


def test_nothing_shown_at_all_is_under_specified_naming_the_cards():
    """Four players who all keep (K5, K6, K8) and show nothing: every live card decides (K15),
    nothing moved before the showdown, so nothing is certain: the ruling names the four cards."""
    doc = {"format": "cucu-position/1", "ruleset": "campli", "players": ["Anna", "Bruno", "Carla", "Dora"],
           "dealer": "Dora", "history": [{"keep": p} for p in ("Anna", "Bruno", "Carla", "Dora")]}
    pos, problems = parse(doc)
    assert pos is not None, problems
    with pytest.raises(Underdetermined) as err:
        adjudicate(pos)
    assert sorted(err.value.cards) == sorted(f"{n}'s dealt card" for n in ("Anna", "Bruno", "Carla", "Dora"))


def test_symbolic_boxes_cover_the_domains_once_and_score_as_plain_values():
    """symbolic.explore on a small function of the scoring's kind (the lowest of four, a fool's
    value named): its boxes cover every combination once, each scoring as its plain values."""
    domains = {0: frozenset(range(-4, 6)), 1: frozenset(range(-4, 6)), 2: frozenset([3])}

    def score(value_of):
        vals = [value_of(0), 7, value_of(1), value_of(2)]
        low = min(vals)
        return (tuple(v == low for v in vals), -4 in vals, 2 * vals[0] > 3)

    boxes = symbolic.explore(domains, score, 10_000)
    seen = set()
    for box, key in boxes:
        for a in box[0]:
            for b in box[1]:
                for c in box[2]:
                    assert (a, b, c) not in seen
                    seen.add((a, b, c))
                    assert score({0: a, 1: b, 2: c}.__getitem__) == key
    assert len(seen) == 10 * 10 * 1
    assert len(boxes) < 100  # (fewer boxes than combinations: the parts answered alike stay whole)

    with pytest.raises(symbolic.Untraceable):
        symbolic.explore(domains, lambda value_of: value_of(0) + 1 > 2, 10)


def test_a_symbol_made_before_a_split_of_its_card_answers_as_the_narrower_part():
    """A symbol's comparison with a plain value or another symbol is answered without the oracle
    where the answers found before for the run's domains, as narrowed so far, give it alike
    (issue 24 §5); a symbol made before its card's part was split (by a comparison of another
    symbol of it) answers as the narrower part: each box scores as its plain values, and an
    exploration with every answer found before (the second) gives the same boxes as the first."""
    domains = {0: frozenset(range(1, 9)), 1: frozenset(range(4, 12))}

    def score(value_of):
        a, b = value_of(0), value_of(1)
        a2 = value_of(0)  # (another symbol of card 0, split below while ``a`` was made before)
        return (a2 < 5, b > 6, a < 9, a < 3, a == b, b < a, a < b, 2 * a > b, min([a, b, 4]) == a)

    symbolic._ANSWERS.clear()
    symbolic._BOTH.clear()
    first = symbolic.explore(domains, score, 10_000)
    again = symbolic.explore(domains, score, 10_000)
    assert again == first
    seen = set()
    for box, key in first:
        for a in box[0]:
            for b in box[1]:
                assert (a, b) not in seen
                seen.add((a, b))
                assert score({0: a, 1: b}.__getitem__) == key, (a, b, box)
    assert len(seen) == 8 * 8
    assert len(first) < 8 * 8  # (fewer boxes than combinations)


def test_rows_whose_cards_read_alike_in_rank_order_keep_one_order():
    """({V, IIII}, {III}) and ({V}, {IIII, III}) list the same ranks in the same order: their
    order is by the cards column by column, not by the hash of a set (issue 12)."""
    from cucu_ref.services.adjudication.outcomes import merge

    v, iiii, iii = (Card.parse(t) for t in ("V", "IIII", "III"))
    a = (frozenset([v, iiii]), frozenset([iii]))
    b = (frozenset([v]), frozenset([iiii, iii]))
    assert merge([a, b]) == merge([b, a]) == [b, a]


def test_a_rerun_under_another_reading_runs_the_scoring_again_only_where_it_read_that_option():
    """issue 24 §5: the open questions' re-runs reuse the runs of the scoring (symbolic.Explored)
    that did not read the option they change; the boxes are those a fresh exploration finds,
    in the same order, and the recorder still sees every option read."""
    import dataclasses

    @dataclasses.dataclass(frozen=True)
    class Toy:  # two 'options': 'fool' is read only where a card may be the fool (C3's -4)
        fool: str
        ties: str

    calls: list[str] = []

    def score(value_of, rules):
        vals = [value_of(0), 3, value_of(1)]
        low = min(vals)
        calls.append(rules.ties)
        held = -4 in vals
        return (tuple(v == low for v in vals), rules.fool if held else None)

    domains = {0: frozenset(range(-4, 6)), 1: frozenset(range(-4, 6))}
    store = symbolic.Explored()
    first = store.run("showdown", Toy("live", "all"), Toy("live", "all"), domains, score, 10_000)
    runs = len(calls)
    assert runs == len(first)
    with_fool = sum(1 for box, _ in first if -4 in box[0] or -4 in box[1])
    assert 0 < with_fool < runs

    class Recorder:  # (as replay.Recorder: notes every name read)
        def __init__(self, rules):
            self._rules, self.read = rules, set()

        def __getattr__(self, name):
            self.read.add(name)
            return getattr(self._rules, name)

    other = Toy("any-hand", "all")
    recorder = Recorder(other)
    calls.clear()
    again = store.run("showdown", recorder, other, domains, score, 10_000)
    # only the runs that read 'fool' (a fool among the box's cards) ran again: the key says
    # 'any-hand' there, and no comparison changed, so no new part was split
    assert len(calls) == with_fool
    assert recorder.read == {"ties", "fool"}
    fresh = symbolic.explore(domains, lambda value_of: score(value_of, other), 10_000)
    assert again == fresh
    assert [box for box, _ in again] == [box for box, _ in first]
    # a reading of an option no run read: nothing runs again
    calls.clear()
    assert store.run("showdown", Toy("live", "all"), Toy("live", "all"), domains, score, 10_000) == first
    assert calls == []


def test_a_lone_fool_is_said_as_such():
    """issue 24 §1: 'there is no lone fool' is one fact (C3, K15).  Twelve players of Campli;
    shown at the end: Marta V, Nino VIIII, Carla XII, Dora Secchia, Emil VI, Fabio Secchia,
    Hugo X; Anna's and Ida's cards are not shown; Dora, on her last mark, declines to buy back
    (K16, K17), so she lost a mark: her Secchia is among the lowest (K15), so nobody holds a
    card below Secchia but a fool (C3: a single fool ranks with the lowest other card).  So:
    exactly one of Anna and Ida holds Matto (a lone fool): its holder loses a mark too (C3);
    neither or both (two fools rank 14½, C3): only Dora and Fabio lose, Secchia (K15)."""
    doc = {"format": "cucu-position/1", "ruleset": "campli", "players": [
        {"name": "Anna", "marks": 3, "virgin": True}, {"name": "Bruno", "marks": 0, "virgin": False},
        {"name": "Carla", "marks": 1, "virgin": False}, {"name": "Dora", "marks": 1, "virgin": False},
        {"name": "Emil", "marks": 3, "virgin": True}, {"name": "Fabio", "marks": 2, "virgin": False},
        {"name": "Gina", "marks": 0, "virgin": False}, {"name": "Hugo", "marks": 2, "virgin": False},
        {"name": "Ida", "marks": 2, "virgin": False}, {"name": "Luca", "marks": 0, "virgin": False},
        {"name": "Marta", "marks": 1, "virgin": False}, {"name": "Nino", "marks": 3, "virgin": True}],
        "dealer": "Ida", "pot": 12, "eliminations": 3, "reentries": 0, "deals_played": 0,
        "history": [{"keep": "Marta"}, {"keep": "Nino"}, {"keep": "Anna"}, {"keep": "Carla"}, {"keep": "Dora"},
                    {"offer": "Emil"}, {"keep": "Fabio"}, {"keep": "Hugo"}, {"keep": "Ida"}, {"decline": "Dora"}],
        "shown": {"Marta": "V", "Nino": "VIIII", "Carla": "XII", "Dora": "secchia", "Emil": "VI",
                  "Fabio": "secchia", "Hugo": "X"}}
    pos, problems = parse(doc)
    assert pos is not None, problems
    ruling = adjudicate(pos, readings=False)
    by_losers = {tuple(sorted(m["player"] for m in o.result["marks_lost"])): o.condition for o in ruling.outcomes}
    assert by_losers == {
        ("Dora", "Fabio"): "there is no lone fool",
        ("Anna", "Dora", "Fabio"): "Anna was dealt Matto and Ida was not dealt a Matto",
        ("Dora", "Fabio", "Ida"): "Anna was not dealt a Matto and Ida was dealt Matto",
    }


@pytest.mark.parametrize("preset,players,seed", [("coucou", 6, 4), ("lu-stu", 6, 23)])
def test_branches_share_the_runs_of_a_showdown_and_rule_as_when_kept_apart(monkeypatch, preset, players, seed):
    """issue 24 §5: the runs of the scoring on symbolic cards are kept by what they read (the
    showdown's hands with each unknown live card as its variable, unknowns._scoring_key), not by
    which unknown card it is nor by the domains the exploration began with, so two branches whose
    showdowns differ only in what an unknown card may be share them (here F4's talon card a roi
    or a plain card, C2; Lu Stù's horse or not, L9).  Kept apart, showdown by showdown, the
    scoring runs twice as often (coucou) and the ruling is the same, case for case, byte for byte."""
    doc, _ = natural_deal(preset, players, seed, unshown=4)
    pos, problems = parse(doc)
    assert pos is not None, problems
    calls = []
    real_run = symbolic.run_scoring

    def counted(*args):
        calls.append(1)
        return real_run(*args)

    monkeypatch.setattr(symbolic, "run_scoring", counted)
    shared = ruling_json(adjudicate(pos, readings=False), "position")
    shared_runs = len(calls)
    real_key = unknowns._scoring_key
    # (each showdown apart: its unknown cards and its own layout in the key, as before the change)
    monkeypatch.setattr(unknowns, "_scoring_key", lambda after, live, *rest: (real_key(after, live, *rest),
                                                                            tuple(live), id(after)))
    calls.clear()
    apart = ruling_json(adjudicate(pos, readings=False), "position")
    assert shared_runs < len(calls)
    assert json.dumps(shared, sort_keys=True) == json.dumps(apart, sort_keys=True)


def test_a_ruling_scores_each_part_of_a_showdown_once(monkeypatch):
    """issue 24 §5: the store of runs (symbolic.Explored) holds every run of a position's
    showdowns, its open question's re-run included: a Coucou deal of eight players with four
    cards unshown (1,915 runs; F4's talon card branches, Q16 re-runs it) scores no part of a
    showdown twice, and rules as with every run scored afresh.  (With room for 20,000 runs the
    store was emptied before the re-run, which scored 8,188 of its 23,355 runs again; since stop
    45 the showdowns of the dealer's other kept cards, F2, are not split: replay.held_otherwise)"""
    doc, _ = natural_deal("coucou", 8, 2547704717, unshown=4)
    pos, problems = parse(doc)
    assert pos is not None, problems
    scored: list[tuple[object, ...]] = []
    real_scoring, real_run = symbolic.run_scoring, symbolic.Explored.run

    def run(self, key, rules, plain, domains, score, limit):  # (notes each run's showdown and part)
        def noted(part, scoring):
            scored.append((self.showdowns[key], tuple(part[v] for v in sorted(part))))
            return real_scoring(part, scoring)

        monkeypatch.setattr(symbolic, "run_scoring", noted)
        try:
            return real_run(self, key, rules, plain, domains, score, limit)
        finally:
            monkeypatch.setattr(symbolic, "run_scoring", real_scoring)

    monkeypatch.setattr(symbolic.Explored, "run", run)
    kept = json.dumps(ruling_json(adjudicate(pos), "position"))
    assert len(scored) == len(set(scored)) == 1_915
    monkeypatch.setattr(unknowns._EXPLORED.store, "size", 0)  # (keeps nothing: every run afresh)
    assert json.dumps(ruling_json(adjudicate(pos), "position")) == kept


def test_a_reads_notes_every_name_read_and_reads_it_from_the_ruleset():
    """symbolic.Reads (a class of it for each ruleset's class, its names noted by descriptors,
    issue 24 §5): each read is noted in the order first read, and gives what the ruleset
    gives, read through another Reads or a recorder too; a name the ruleset's class does not
    know is noted as well."""
    from cucu_ref.game.rulesets import PRESETS

    rules = PRESETS["coucou"]
    outer = symbolic.Reads(rules)
    inner = symbolic.Reads(outer)
    assert (inner.showdown_rule, inner.cuccu, inner.showdown_rule) == (rules.showdown_rule, rules.cuccu,
                                                                       rules.showdown_rule)
    assert inner.cites("two-fools") == rules.cites("two-fools")
    assert list(inner.names) == list(outer.names) == ["showdown_rule", "cuccu", "cites"]

    class Odd:  # (a ruleset-like value whose attribute its class does not declare)
        def __init__(self):
            self.extra = 3

    odd = symbolic.Reads(Odd())
    assert odd.extra == 3 and list(odd.names) == ["extra"]
    with pytest.raises(AttributeError):
        odd.missing  # noqa: B018
