"""Issue 24: the last slips in what a table reads (session 39).

Each expected text is worked by hand from the seeds, with the rule ID and the seed section.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

from cucu_ref.cli.adjudicate import main
from cucu_ref.game.cards import parse as card
from cucu_ref.game.rulesets import preset
from cucu_ref.game.scoring import evaluate

LU = preset("lu-stu")
ZEH = preset("zeh-1769")


def ruled(tmp_path: Path, doc: dict, *args: str) -> str:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = io.StringIO()
    assert main([*args, str(path)], stdout=out, stderr=io.StringIO()) == 0
    return out.getvalue()


def showdown_line(text: str) -> str:
    return next(line for line in text.splitlines() if line.strip().startswith("Showdown:"))


# ------------------------------------------------------------------ 1. a step cites what decides it


def _live(tokens: str):
    return [(seat, card(t, "cuccu")) for seat, t in enumerate(tokens.split())]


def test_lu_stu_a_lowest_card_alone_is_k15_s_and_a_tie_l3_s():
    # Lu Stù is Campli «mit folgenden Abweichungen»; L3 (seed 000 §Lu Stù): «Haben mehrere Spieler
    # die gleichniedrigste Karte, dann verliert nur der der Reihe nach erste»: a rule for a tie only.
    # V II VIII: seat 1's II is lowest alone: Campli's K15 («Wer die niedrigste Karte hat,
    # verliert eine Marke») decides it
    assert evaluate(LU, _live("V II VIII")).losers == ((1, "K15"),)
    # II V II: seats 0 and 2 tie; only the first in play order, seat 0, loses: L3
    result = evaluate(LU, _live("II V II"))
    assert result.losers == ((0, "L3"),)
    assert [rule for rule, _ in result.notes] == ["L3"]


def test_lu_stu_showdown_step_cites_k15_where_nobody_ties(tmp_path):
    # Anna V, Bruno II, Carla VIII (dealer), all keep: Bruno's II alone is lowest (K15); no tie, so
    # L3 (seed 000 §Lu Stù) is not in play and not cited anywhere in the ruling
    doc = {"format": "cucu-position/1", "ruleset": "lu-stu", "players": ["Anna", "Bruno", "Carla"],
           "dealer": "Carla", "dealt": {"Anna": "V", "Bruno": "II", "Carla": "VIII"},
           "history": [{"keep": "Anna"}, {"keep": "Bruno"}, {"keep": "Carla"}]}
    text = ruled(tmp_path, doc)
    assert "Bruno loses a mark: the lowest card, II (K15)." in text, text
    assert "L3" not in text, text



def test_zeh_two_fools_at_five_players_cite_z6_not_the_two_player_gap(tmp_path):
    # Z6 (seed 000 §Das Cucuspiel): «Wenn zwei Narren im Spiel sind, dann verlieren die Narren nicht
    # nur nichts, sondern erhalten jeder eine Marke aus der Tasse»; Z9's gap «Zwei Spieler, zwei
    # Narren» (Q10) is a rule of a table of two with nothing but the fools: at five players with
    # V, VIII and X live it decides nothing.  Bruno's V is lowest (Z6); Anna and Carla gain (Z6).
    doc = {"format": "cucu-position/1", "ruleset": "zeh-1769", "players": ["Anna", "Bruno", "Carla", "Dora", "Emil"],
           "dealer": "Emil", "history": [{"deal": "Anna", "card": "Narr"}, {"deal": "Bruno", "card": "V"},
                                         {"deal": "Carla", "card": "Narr"}, {"deal": "Dora", "card": "VIII"},
                                         {"deal": "Emil", "card": "X"}, {"hint": "Anna", "note": "'not for anything'"},
                                         *[{"keep": p} for p in ("Anna", "Bruno", "Carla", "Dora", "Emil")]]}
    text = ruled(tmp_path, doc)
    line = showdown_line(text)
    assert "Q10" not in line and "Z9" not in text, text
    assert line.endswith("(Z6, Z7, K2)"), line
    # a table of two with the two fools alone: there Z9's gap (Q10) decides, and is cited
    doc = {"format": "cucu-position/1", "ruleset": "zeh-1769", "players": ["Anna", "Bruno"], "dealer": "Bruno",
           "history": [{"deal": "Anna", "card": "Narr"}, {"deal": "Bruno", "card": "Narr"},
                       {"keep": "Anna"}, {"keep": "Bruno"}]}
    line = showdown_line(ruled(tmp_path, doc))
    assert "with two fools in play the fools never lose (the reading taken of Q10)" in line and "Z9" in line, line
