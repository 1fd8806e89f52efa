"""The notation examples (examples/notation/*.txt), each with its JSON twin written by hand:
the notation reads as the twin, both give the same ruling, and that ruling is the one worked
out by hand from the seed named per case."""

from __future__ import annotations

import glob
import json
import os

import pytest

from cucu_ref.cli.adjudicate import EXIT_OK, adjudicate_document
from cucu_ref.formats.notation import normalise, parse, parse_with_locations
from tests.helpers import ruled_alike

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DIR = os.path.join(ROOT, "examples", "notation")

# name -> (marks lost as (player, rule), marks gained, claim verdict or None), by hand:
EXPECTED = {
    # seed 000 §Ereigniskarten, XII: 'Der Anbieter verliert sofort eine Marke' and the exchanges are
    # 'rückabgewickelt' until the V is back with Anna; §Das Ergebnis: Bruno's II is lowest
    "campli-cat-undo": ([("Bruno", "K13"), ("Bruno", "K15")], [], "upheld"),
    # §Ereigniskarten, XI: the innkeeper accepted, Anna holds the Null and loses: 'dann muss an
    # seiner statt der Gastwirt eine Marke zahlen'
    "campli-inn-in-german": ([("Bruno", "K14")], [], "overruled"),
    # §Lu Stù, XII: Bruno 'verliert eine Marke (pij na gnaffat)' and must offer left to Anna, who
    # must exchange; Anna's II is then lowest, with no tie (K15; L3 only picks among tied lowest)
    "lu-stu-way-back": ([("Bruno", "L8"), ("Anna", "K15")], [], "overruled"),
    # §Das Cucuspiel: 'der Anbieter muss eine Marke an den Besitzer der Katze zahlen'; Andrea's V is
    # lowest ('Ein einzelner Narr verliert, wie im Cucù ...': the showdown is Campli's, Z6)
    "zeh-1769-gnau": ([("Andrea", "Z5"), ("Andrea", "Z6")], [("Beatrice", "Z5")], "upheld"),
    # seed 003 §Spielverlauf: the king's 'Kuckuck!' stops the exchange; the ace is lowest
    "coucou-king": ([("Anna", "F5")], [], "overruled"),
    # seed 004: the inn refused 'skal kroen byttes; dens tidligere indehaver handler derefter normalt';
    # Carla must take the nul, 'Hvert laveste kort mister ét liv'
    "digital-4p-refused-inn": ([("Carla", "D7")], [], None),
    # Cassell 1881 (R4): of equal lowest cards only the one turned up last loses
    "ranter-go-round-ties": ([("Carla", "R4")], [], "overruled"),
    # seed 000 §Wiedereintritt: Carla's I is lowest, her last mark (K15, K16); she buys back
    "campli-buy-back": ([("Carla", "K15")], [], "upheld"),
}


def texts():
    # the tutorial's deals (docs/tutorial.rst) include a first draft that does not read and a
    # history that cannot have happened: tests/test_tutorial.py checks them, by hand too
    return sorted(os.path.basename(p)[:-4] for p in glob.glob(os.path.join(DIR, "*.txt"))
                  if not os.path.basename(p).startswith("tutorial-"))


def test_every_example_has_a_twin_and_an_expected_ruling():
    assert texts() == sorted(EXPECTED)
    for name in texts():
        assert os.path.exists(os.path.join(DIR, name + ".json"))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_example_reads_as_its_twin_and_rules_as_worked_by_hand(name):
    with open(os.path.join(DIR, name + ".txt"), encoding="utf-8") as f:
        text = f.read()
    with open(os.path.join(DIR, name + ".json"), encoding="utf-8") as f:
        twin = json.load(f)
    assert parse(text) == normalise(twin)
    code, record, _ = adjudicate_document(text, name, True)
    # (a deal that says 'Language: de' is ruled in German, issue 30: its twin, in the same words)
    language = parse_with_locations(text)[1].language
    twin_code, twin_record, _ = adjudicate_document(twin, name, True, language=language)
    assert ruled_alike((code, record)) == ruled_alike((twin_code, twin_record))
    assert code == EXIT_OK
    lost, gained, verdict = EXPECTED[name]
    (outcome,) = record["outcomes"]  # every card is known: one outcome
    result = outcome["result"]
    assert [(m["player"], m["rule"]) for m in result["marks_lost"]] == lost
    assert [(m["player"], m["rule"]) for m in result["marks_gained"]] == gained
    assert (record["claim"] or {}).get("verdict") == verdict
