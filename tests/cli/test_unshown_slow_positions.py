"""Issue 24 §5: the natural positions that took over a second to rule (four live cards never
shown; ``benchmarks/bench_adjudicate.py --natural``), ruled right.

The speed is measured in the benchmark, never here (docs/dev/engine-speed.md).  What is checked
here is the ruling: every combination of the unshown cards the pack allows (C1: so many copies,
less those shown) lies in exactly one of the ruling's cases (its ``when`` boxes), and that case
says who loses and gains as worked out by hand from the game's rules (rule ID and seed section in
each comment).  And the adjudicator asks an open point only where its readings can differ: a
point it reads is re-run under every other reading (readings.open_questions), the whole walk where
cards are unknown, which is what made these positions slow."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Callable

from cucu_ref.formats.position import parse
from cucu_ref.services.adjudication import adjudicate
from cucu_ref.services.adjudication.replay import run_position
from cucu_ref.services.render import ruling_json
from natural_positions import natural_deal

Combo = dict[str, str]  # unknown card ('Anna's dealt card') -> its card as the ruling writes it


def _record(doc: dict) -> dict:
    pos, problems = parse(doc)
    assert pos is not None, problems
    return ruling_json(adjudicate(pos), "position")


def _check_cases(record: dict, domains: dict[str, list[str]], copies: Counter[str],
                 score: Callable[[Combo], tuple[Counter[str], Counter[str]]]) -> None:
    """Every combination of ``domains`` that ``copies`` allows is in exactly one case, and that
    case's marks lost and gained are ``score``'s."""
    keys = sorted(domains)
    possible = {combo for combo in itertools.product(*(domains[k] for k in keys))
                if all(n <= copies[c] for c, n in Counter(combo).items())}
    seen: set[tuple[str, ...]] = set()
    for outcome in record["outcomes"]:
        result = outcome["result"]
        lost = Counter(x["player"] for x in result["marks_lost"])
        gained = Counter(x["player"] for x in result["marks_gained"])
        for row in outcome["when"]:
            assert sorted(row) == keys, row
            for combo in itertools.product(*(row[k] for k in keys)):
                if combo not in possible:
                    continue  # (a case's box may hold combinations the pack does not allow)
                assert combo not in seen, f"{combo} in two cases"
                seen.add(combo)
                assert (lost, gained) == score(dict(zip(keys, combo))), (combo, lost, gained)
    assert seen == possible


# --------------------------------------------------------------------------- Zeh, six players

ZEH = {"preset": "zeh-1769", "players": 6, "seed": 1674216077, "seen": False, "unshown": 4}
# Z1 (Zeh 1769, after the German account, §Karten): XV down to I, 0, Eymer (bucket, 'secchia'),
# Larvengesicht (mask, 'mascherone'), Narr (fool, 'matto'), two of each (no lions)
ZEH_VALUES = {"XV": 15, "XIIII": 14, "XIII": 13, "XII": 12, "XI": 11, "X": 10, "VIIII": 9, "VIII": 8, "VII": 7,
              "VI": 6, "V": 5, "IIII": 4, "III": 3, "II": 2, "I": 1, "0": 0, "secchia": -1, "mascherone": -2}


def _zeh_score(combo: Combo) -> tuple[Counter[str], Counter[str]]:
    # Who holds each dealt card at the end: Anna offered and exchanged with Bruno (K5, K7), so
    # Anna holds Bruno's dealt card and Bruno hers; Dora and Emil kept theirs (K5, K8).  Fabio
    # and Carla show VIII.
    held = {"Bruno": combo["Anna's dealt card"], "Anna": combo["Bruno's dealt card"],
            "Dora": combo["Dora's dealt card"], "Emil": combo["Emil's dealt card"], "Fabio": "VIII", "Carla": "VIII"}
    fools = [p for p, c in held.items() if c == "matto"]
    others = {p: ZEH_VALUES[c] for p, c in held.items() if c != "matto"}
    low = min(others.values())  # (the two VIIIs are never fools: someone else holds the lowest)
    lost = Counter(p for p, v in others.items() if v == low)  # K15: every lowest card loses
    gained: Counter[str] = Counter()
    if len(fools) == 1:
        lost[fools[0]] += 1  # Z6: 'one fool loses a mark together with the lowest card(s)'
    elif len(fools) == 2:
        gained.update(fools)  # Z6: 'two fools in play: they lose nothing and each gains a mark'
    return lost, gained


def test_zeh_six_players_four_unshown_each_case_as_z6_scores_it():
    # natural_deal('zeh-1769', 6, 1674216077, unshown=4) (1.62 s before, the slowest of the
    # 6-player rows): Fabio and Carla show VIII, the four other live cards are never shown.
    # Bruno's dealt card was the target of Anna's offer and exchanged, so it is no event card (C2:
    # an event card answers a request instead; Z4, Z5): X down to the fool; the others may be
    # any card but VIII (both VIIIs are shown, Z1).  Fabio deals next (K2: the player right of
    # the dealer Emil), whatever the cards: nobody else is certain to lose or gain.
    record = _record(natural_deal(**ZEH)[0])
    assert record["certain"]["marks_lost"] == [] and record["certain"]["marks_gained"] == []
    assert all(o["result"]["next_dealer"] == "Fabio" for o in record["outcomes"])
    cards = [c for c in ZEH_VALUES if c != "VIII"] + ["matto"]
    plain = cards[cards.index("X"):]
    domains = {"Anna's dealt card": cards, "Bruno's dealt card": plain, "Dora's dealt card": cards,
               "Emil's dealt card": cards}
    copies = Counter(dict.fromkeys(cards, 2))
    _check_cases(record, domains, copies, _zeh_score)


def test_zeh_six_players_q4_is_not_asked_without_a_dead_hand():
    # Q4 (which fools count: the live ones, or those in dead hands too) can change a showdown
    # only where a dead hand holds a fool; this deal has no dead hand, so the adjudicator does
    # not read it, and does not re-run the walk under its other reading
    pos, _ = parse(natural_deal(**ZEH)[0])
    run = run_position(pos, pos.rules, record=True)
    assert not any(any(leaf.state.dead) for leaf in run.leaves)
    assert "fools_in_play" not in run.read


# --------------------------------------------------------------------------- Coucou, sixteen players

COUCOU = {"preset": "coucou", "players": 16, "seed": 1095513148, "seen": True, "unshown": 4}
# F1 (Académie universelle des jeux 1725): 52 cards from 7 players on, suits do not matter, four
# of each rank; the ace lowest, the king highest
COUCOU_VALUES = {"K": 13, "Q": 12, "J": 11, "10": 10, "9": 9, "8": 8, "7": 7, "6": 6, "5": 5, "4": 4, "3": 3,
                 "2": 2, "A": 1}
COUCOU_SHOWN = {"Rita": "7", "Sara": "5", "Anna": "10", "Carla": "Q", "Dora": "A", "Fabio": "5", "Gina": "A",
                "Ida": "9"}


def _coucou_score(combo: Combo) -> tuple[Counter[str], Counter[str]]:
    # Who holds each dealt card at the end (F3: each exchange is with the right neighbour):
    # Luca kept his; Marta and Nino exchanged, so each holds the other's; Emil and Fabio
    # exchanged last, so Emil holds Fabio's dealt card (Fabio shows what Emil held)
    held = dict(COUCOU_SHOWN, Luca=combo["Luca's dealt card"], Nino=combo["Marta's dealt card"],
                Marta=combo["Nino's dealt card"], Emil=combo["Fabio's dealt card"])
    values = {p: COUCOU_VALUES[c] for p, c in held.items()}
    low = min(values.values())
    # F5: the lowest loses a mark, all tied lowest one each (Dora's and Gina's aces are always
    # among them: the cards are never all of one value, F5's exception)
    return Counter(p for p, v in values.items() if v == low), Counter()


def test_coucou_sixteen_players_four_unshown_each_case_as_f5_scores_it():
    # natural_deal('coucou', 16, 1095513148, seen=True, unshown=4) (1.97 s before): Dora and
    # Gina show aces, so they lose whatever the cards (F5, F1: the ace lowest), and so does
    # whoever holds one of the two aces left.  Nino's and Fabio's dealt cards were asked for an
    # exchange and given: no king (F3: a king's holder says 'Coucou!' and keeps it); Luca's and
    # Marta's may be any card.
    record = _record(natural_deal(**COUCOU)[0])
    assert record["certain"]["marks_lost"] == [{"player": "Dora", "rule": "F5"}, {"player": "Gina", "rule": "F5"}]
    cards = list(COUCOU_VALUES)
    no_king = cards[1:]
    domains = {"Luca's dealt card": cards, "Marta's dealt card": cards, "Nino's dealt card": no_king,
               "Fabio's dealt card": no_king}
    copies = Counter(dict.fromkeys(cards, 4))
    copies.subtract(COUCOU_SHOWN.values())
    _check_cases(record, domains, copies, _coucou_score)


def test_coucou_q11_is_not_asked_where_the_cards_differ():
    # Q11 (every live card of one rank: nobody loses, F5, or all lose) can change a showdown only
    # where every live card is of the same rank; here the shown cards already differ (Carla's Q,
    # Dora's ace), so the adjudicator does not read it, and does not re-run the walk under its
    # other reading
    pos, _ = parse(natural_deal(**COUCOU)[0])
    run = run_position(pos, pos.rules, record=True)
    assert "all_equal" not in run.read
