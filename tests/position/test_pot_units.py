"""The pot is counted in the units a stake is counted in (the setting ``stake``: marks or money per
stake, K1), as the position and answer schemas now say: they called it a count of stakes, true
only where a stake is 1.  Hand-worked from examples/campli-buy-back.json with a stake of 2: Carla,
the second to go out since the match began (eliminations 1), buys back for two stakes (K17: 'der
zweite den doppelten'), 4 units; the pot of 4 units becomes 8.  Without a pot written, the pot is
one stake per player (K1): 4 players, 8 units."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _answer(tmp_path, doc):
    path = tmp_path / "p.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "cucu_ref.cli.adjudicate", str(path), "--format", "json"],
                         capture_output=True, text=True, check=False).stdout
    return json.loads(out)


def _pots(answer):
    return [o["result"]["pot"] for o in answer["outcomes"]]


def test_a_buy_back_pays_its_stakes_in_units(tmp_path):
    doc = json.loads((ROOT / "examples" / "campli-buy-back.json").read_text(encoding="utf-8"))
    doc["ruleset"] = {"preset": "campli", "options": {"stake": 2}}
    assert _pots(_answer(tmp_path, doc)) == [8]
    del doc["pot"]
    assert _pots(_answer(tmp_path, doc)) == [12]  # 8 units at the start, 4 for the buy-back


def test_the_schemas_say_units():
    for name in ("position-1", "answer-1"):
        text = (ROOT / "specs" / f"{name}.schema.json").read_text(encoding="utf-8")
        assert "Stakes in the pot" not in text and "units a stake is counted in" in text
