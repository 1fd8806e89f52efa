"""The digital game's inn in its own words (issue 24 §2: "the digital game has a 'hest' and lives,
not marks"): its 0 is the 'nul' and the innkeeper pays «betal hvis nul» (D6, the digital rules page,
seed 004), never Farina's 'nulla' or 'Taverna'."""
from __future__ import annotations

import json
import subprocess
import sys

# Worked by hand from seed 004 (D2, D3, D6, D7): Dora deals; Anna is dealt the nul and asks Bruno,
# who shows the kro (D6); Anna asks him to pay if a nul loses and he accepts: no exchange.  Carla
# (III) and Dora (VIIII) keep.  Showdown: Anna nul, Bruno XI kro, Carla III, Dora VIIII; the nul is
# lowest (D7), and the innkeeper Bruno pays Anna's life instead (D6): Bruno 2 lives, the others 3.
POSITION = {
    "format": "cucu-position/1", "ruleset": "digital-4p", "players": ["Anna", "Bruno", "Carla", "Dora"],
    "dealer": "Dora",
    "history": [{"deal": "Anna", "card": "0"}, {"offer": "Anna"}, {"deal": "Bruno", "card": "XI"},
                {"fermatevi": "Bruno"}, {"ask": "Anna"}, {"accept": "Bruno"}, {"deal": "Carla", "card": "III"},
                {"keep": "Carla"}, {"deal": "Dora", "card": "VIIII"}, {"keep": "Dora"}],
}


def _ruling(tmp_path, lang: str) -> str:
    path = tmp_path / "digital-inn-nul.json"
    path.write_text(json.dumps(POSITION), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "cucu_ref.cli.adjudicate", "--lang", lang, str(path)],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    return run.stdout


def test_the_innkeeper_pays_for_the_nul_in_english(tmp_path) -> None:
    text = _ruling(tmp_path, "en")
    assert "Verdict: Bruno loses a life: the innkeeper pays for the nul (D6)." in text
    assert "Anna loses with a nul: innkeeper Bruno pays instead" in text
    assert "nulla" not in text.lower()
    assert "Lives now: Anna 3, Bruno 2, Carla 3, Dora 3" in text


def test_the_italian_ruling_says_the_kro_and_the_nul(tmp_path) -> None:
    text = _ruling(tmp_path, "it")
    assert "Taverna" not in text and "Nulla" not in text
    assert "Anna perde con un nul: paga invece Bruno, che tiene la kro" in text
