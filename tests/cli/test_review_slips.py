"""Issue 24 §2/§3, the slips the review found in the ruling's words (stop 37): the card that goes
back on Lu Stù's way back, a dead card named, the Coucou dealer's card without F2's three cards,
'he' in refusals, the readings each in its own source's words, lives not marks.  Each expectation
is worked out from the rule and its seed (rule ID and seed section in the comments), not copied
from an output."""

from __future__ import annotations

import io
import json
import os

from cucu_ref.cli.adjudicate import main

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")


def run(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main([*args], stdout=out, stderr=out)
    return code, out.getvalue()


def example(name: str, *args: str) -> str:
    code, text = run(*args, os.path.join(EXAMPLES, name))
    assert code == 0, text
    return text


def deal(tmp_path, text: str, *args: str) -> tuple[int, str]:
    path = tmp_path / "deal.txt"
    path.write_text(text, encoding="utf-8")
    code, said = run(*args, str(path))
    return code, said.replace(str(path), "deal.txt")


# --------------------------------------------------------------------------- 1. L8: the card that goes back

WAY_BACK = """Ruleset: lu-stu
Players: Anna, Bruno, Carla, Dora, Emil
Dealer: Emil

Anna: IIII, sto bene
Bruno: VI, sto bene
Carla: II, passo
Dora: XII, Gnaf, cart'arrit!
Emil: VIII, sto bene
"""


def test_the_way_back_names_the_card_that_goes_back(tmp_path):
    # L8 (seed 000 §Lu Stù, XII Katze): Carla, whose II met Dora's cat, «muss jetzt dem Spieler
    # links die Karte zum Tausch anbieten»: Bruno (VI, no event card) must exchange «egal ob er
    # seine Karte per Tausch oder vom Geber erhalten hat», «und das Tauschgeschäft geht nach links
    # weiter»: Bruno hands the II on to Anna (IIII).  The way back ends at Anna, the first hand
    # (Q5's default).  Each exchange names the card going back and the one coming in return
    code, text = deal(tmp_path, WAY_BACK, "--no-readings")
    assert code == 0, text
    assert "Carla gives the II to Bruno for the VI; Bruno gives the II to Anna for the IIII" in text
    assert "exchange cards" not in text


def test_the_way_back_names_the_card_going_back_where_the_other_is_not_given(tmp_path):
    # the same deal with Anna's card not written down: the II still goes back to her (L8); what
    # she gives for it is 'Anna's card'
    code, text = deal(tmp_path, WAY_BACK.replace("Anna: IIII, sto bene", "Anna: sto bene"), "--no-readings")
    assert code == 0, text
    assert "Bruno gives the II to Anna for Anna's card" in text
    assert "Bruno and Anna exchange cards" not in text


def test_the_way_back_example_names_the_ii():
    # examples/notation/lu-stu-way-back.txt: Bruno's II met Carla's cat; Anna kept her V as dealt
    # and must take the II (L8, seed 000 §Lu Stù)
    text = example(os.path.join("notation", "lu-stu-way-back.txt"))
    assert "Bruno gives the II to Anna for the V" in text


# --------------------------------------------------------------------------- 2. L10: the dead card named

def test_a_dead_card_under_the_stack_is_named():
    # lu-stu-buy-back-during-deal: Andrea, dealt VI, offers to Beatrice's XIIII and loses his last
    # mark (K11, K16); his card «wird nach unten unter den Kartenstapel getan und beim Vergleich nicht
    # weiter berücksichtigt» (L10, seed 000 §Lu Stù).  It is not compared, but it is the VI
    text = example("lu-stu-buy-back-during-deal.json")
    assert "Dead cards (not compared): Andrea's VI" in text
    code, said = run("--format", "json", os.path.join(EXAMPLES, "lu-stu-buy-back-during-deal.json"))
    result = json.loads(said)["outcomes"][0]["result"]
    assert result["dead"] == ["Andrea"] and result["dead_cards"] == {"Andrea": "VI"}
