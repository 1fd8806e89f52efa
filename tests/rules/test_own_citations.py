"""Each game cites its own rules (issue 24 §2 and §4, issue 25 §3): the events of the French
games, Ranter-Go-Round and Screw Your Neighbour, and the refusals of their positions, never cite
another game's rule; where a game's source says nothing, the citation is the project's reading
(P1, P2), said as such.  Expected citations are read in the sources, not taken from a run:
seed 003 (the German article 'Coucou (Kartenspiel)'), Cassell 1881, pagat.com's Cuckoo."""

from __future__ import annotations

import copy
import json
import os

import pytest

from cucu_ref.formats.sources import RULES, SOURCES, cite
from cucu_ref.game.engine import new_match
from cucu_ref.game.playout import trajectory
from cucu_ref.game.rulesets import PRESETS
from cucu_ref.services.documents import rule_document

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# The rule families each game may cite: its own source's, Coucou's for the games the article
# describes as Coucou under another name or with a few differences (As Qui Court: Méry's A1-A4
# «Unterschiede zu den Coucou-Regeln»; Hère: Lebrun's Coucou «nach den traditionellen Regeln»,
# H2), the open questions (Q) and the project's readings (P).
OWN = {"coucou": "FQP", "as-qui-court": "AFQP", "here": "HFQP", "ranter-go-round": "RQP",
       "screw-your-neighbour": "SQP"}


@pytest.mark.parametrize("name", sorted(OWN))
def test_the_events_of_a_match_cite_the_games_own_rules(name):
    rules = PRESETS[name]
    foreign = set()
    for seed in range(12):
        players = [f"p{i}" for i in range(max(rules.min_players, 2 + seed % 5))]
        for _, _, _, events in trajectory(new_match(rules, players), seed):
            foreign.update((e.kind, e.rule) for e in events if e.rule[0] not in OWN[name])
    assert foreign == set()


@pytest.mark.parametrize("name, out, next_dealer, winner", [
    # F5: «Hat ein Spieler keine Marken mehr, muss er aus dem Spiel ausscheiden»; F2: the talon
    # lies before «die Vorhand, die der nächste Geber wird»; F6 (Gewinn): the last one left wins
    ("coucou", "F5", "F2", "F6"),
    # Méry's differences are A1-A4; Coucou's F2, F5 and F6 stand
    ("as-qui-court", "F5", "F2", "F6"),
    # Furetière's Hère says nothing of marks or dealers; Lebrun's is Coucou under the name Her (H2)
    ("here", "F5", "F2", "F6"),
    # Cassell: the lowest loses a life, the last player left wins (R4); nobody says who deals next
    ("ranter-go-round", "R4", "P1", "R4"),
    # pagat: out with no lives, the last one left wins (S5); nobody says who deals next
    ("screw-your-neighbour", "S5", "P1", "S5"),
])
def test_going_out_the_next_dealer_and_the_winner(name, out, next_dealer, winner):
    rules = PRESETS[name]
    assert (rules.cites("out"), rules.cites("next-dealer"), rules.cites("winner")) == (out, next_dealer, winner)
    seen = {}
    for _, _, _, events in trajectory(new_match(rules, [f"p{i}" for i in range(rules.min_players + 1)]), 3):
        seen.update({e.kind: e.rule for e in events if e.kind in ("out", "next-dealer", "winner")})
    assert seen == {"out": out, "next-dealer": next_dealer, "winner": winner}


def test_the_projects_readings_say_so():
    # P1, P2: no game's source; cited as the project's reading, never as another game's rule
    for rule_id in ("P1", "P2"):
        assert SOURCES[RULES[rule_id].source].key == "cucu-ref"
        assert cite(rule_id) == f"{rule_id} (this project's reading; the source is silent)"
    assert PRESETS["ranter-go-round"].cites("players") == "P2" == PRESETS["screw-your-neighbour"].cites("players")


def _problems(history, players=None):
    with open(os.path.join(ROOT, "examples", "coucou-king-says-coucou.json"), encoding="utf-8") as f:
        doc = json.load(f)
    doc = copy.deepcopy(doc)
    doc.pop("claim")
    doc["history"] = history
    if players is not None:
        doc["players"] = players
    return [(p["path"], p["rule"]) for p in rule_document(doc, "coucou.json").record.get("problems", [])]


# The example's deal (Emil deals; Anna offers, Bruno's king says 'Coucou!', Carla keeps, Dora
# exchanges with the talon's queen, Emil keeps): each refusal below is worked from seed 003.
DEAL = [{"offer": "Anna"}, {"announce": "Coucou!", "by": "Bruno"}, {"keep": "Carla"}, {"offer": "Dora"},
        {"stack-exchange": "Dora", "card": "Q"}, {"keep": "Emil"}]


@pytest.mark.parametrize("history, players, expected", [
    # «Nach Abschluss des Kartentauschs decken die Spieler ihre Karten auf» (F5): after the
    # dealer's keep the deal is over (Campli's K15 said it before)
    (DEAL + [{"keep": "Anna"}], None, [("$.history[6]", "F5")]),
    # the dealer «muss die zu Beginn gewählte Karte behalten» (F4), not offer it (K8 before)
    (DEAL[:5] + [{"offer": "Emil"}], None, [("$.history[5]", "F4")]),
    # a hint at a fool after the deal: the French pack has no fool; the deal is over (F5, not Z7)
    (DEAL + [{"hint": "Anna"}], None, [("$.history[6]", "F5")]),
    # only the neighbour asked says 'Kuckuck!' (F3), not C2
    (DEAL[:2] + [{"announce": "Coucou!", "by": "Carla"}], None, [("$.history[2]", "F3")]),
    # Coucou has no buy-back: out at no marks (F5), not Zeh's Z10
    (DEAL + [{"buy-back": "Anna"}], None, [("$.history[6]", "F5")]),
    # a player with no marks has left the game (F5), not K16 ('but may buy back')
    ([{"keep": "Anna"}] + DEAL[1:], [{"name": "Anna", "marks": 0}, "Bruno", "Carla", "Dora", "Emil", "Fritz"],
     [("$.history[0].keep", "F5")]),
])
def test_coucou_refusals_cite_coucous_rules(history, players, expected):
    assert _problems(history, players) == expected
