"""Issue 24 §2 ('a name in the wrong case or gender'): a claim that names a player who loses
nothing is answered 'Dora loses none'; German declines 'none' by what it counts: 'keine' of a
Marke (feminine), 'keines' of a Leben (neuter).  The games of lives (Ranter-Go-Round R1, the
digital game D1, Screw Your Neighbour S1) said 'Dora verliert keine', as if of marks."""

from __future__ import annotations

import io
import os

from cucu_ref.cli.adjudicate import main

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")


def _claim_lines(name: str, language: str) -> list[str]:
    out = io.StringIO()
    assert main(["--language", language, os.path.join(EXAMPLES, name)], stdout=out, stderr=io.StringIO()) == 0
    return [x for x in out.getvalue().splitlines() if x.startswith("  ") and "(" in x][:2]


def test_a_life_nobody_loses_is_neuter_in_german():
    # ranter-go-round-one-exchange: Bruno's 2 is the lowest card and costs him a life (R4,
    # Cassell 1881); Bruno claimed Dora loses: Dora loses no life ('kein Leben': 'keines')
    lines = _claim_lines("ranter-go-round-one-exchange.json", "de")
    assert lines[0] == ("  die Behauptung lässt das Leben von Bruno aus; Dora verliert keines (behauptet: Dora; "
                        "die Regeln sagen: Bruno)")
    # digital-4p-fool-and-cuckoos: the lone fool loses (D7), the cuckoos never do: 'Bruno und
    # Carla verlieren keines' (plural, still of lives)
    lines = _claim_lines("digital-4p-fool-and-cuckoos.json", "de")
    assert lines[0] == "  Bruno und Carla verlieren keines (behauptet: Anna, Bruno, Carla; die Regeln sagen: Anna)"


def test_a_mark_nobody_loses_stays_feminine_and_english_is_unchanged():
    # campli-inn-nulla: the innkeeper Bruno pays for Anna's nulla (K14): Anna loses no Marke
    lines = _claim_lines("campli-inn-nulla.json", "de")
    assert "Anna verliert keine (behauptet" in lines[0]
    lines = _claim_lines("ranter-go-round-one-exchange.json", "en")
    assert "; Dora loses none (claimed: Dora;" in lines[0]
