"""Issue 24 §1: no condition a table reads is a wall.  Where unknown cards decide among many
outcomes, each player's line says each thing that may happen to him with its condition, and
leaves the longest unsaid ('otherwise'); its JSON ``if`` was still its exact condition, up to
1,016 words and 30 alternatives in stop 42's measure (benchmarks/bench_conditions.py: Screw
Your Neighbour's and Coucou's cut or talon card with a tie; the digital game's lone fool).
Where that condition is over 60 words or 4 alternatives it is said as its cases, "in the other
15 cases (--steps lists them)", marked ``otherwise``; the text reads as before.  The meaning is
read back in tests/cli/test_many_outcomes.py (none of the line's other conditions holds)."""

from __future__ import annotations

import io
import json

from cucu_ref.cli.adjudicate import main
from natural_positions import natural_deal
from test_many_outcomes import check_by_player


def _ruled(tmp_path, doc, *options):
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = io.StringIO()
    main([*options, "--no-readings", str(path)], stdout=out, stderr=io.StringIO())
    return out.getvalue()


def _deal(tmp_path, deal):
    """A natural deal (preset, players, seed, unshown), its JSON ruling, and each player's
    effects by name; every condition of a line checked short (no wall: at most 60 words and 4
    alternatives)."""
    preset, players, seed, unshown = deal
    doc, _ = natural_deal(preset, players, seed, seen=False, unshown=unshown)
    record = json.loads(_ruled(tmp_path, doc, "--format", "json"))
    effects = {p["player"]: p["effects"] for p in record["by_player"]["players"]}
    for line in effects.values():
        for e in line:
            assert len(e["if"].split()) <= 60 and e["if"].count("; or ") < 4, e["if"]
    return doc, record, effects


# Coucou, eight players, four dealt cards and the talon's card never shown (bench_conditions'
# "coucou 8/4 seed 708506836 seen 0"): Gina's 8, after Fabio's exchange (F3), is the lowest card
# shown; she loses where no unknown card is lower, tied or not (F5: all tied lowest lose), and
# the talon's card counts only where the last player meets no king there (F4).  Her marks stay
# in the other cases: said exactly, that was 993 words and 30 alternatives.
COUCOU = ("coucou", 8, 708506836, 4)


def test_the_condition_a_line_leaves_unsaid_is_said_as_its_cases(tmp_path):
    doc, record, effects = _deal(tmp_path, COUCOU)
    (stays,) = [e for e in effects["Gina"] if not e["marks_lost"]]
    # the cases where Gina loses nothing (counted from the cases' own results)
    calm = [k for k, o in enumerate(record["outcomes"])
            if not any(m["player"] == "Gina" for m in o["result"]["marks_lost"])]
    assert stays["outcomes"] == calm
    assert stays["if"] == f"in the other {len(calm)} cases (--steps lists them)"
    assert stays["otherwise"] is True
    assert check_by_player(record, COUCOU[0]) >= 10
    # the text still says Gina's line by her loss alone, and nothing of 'the other cases'
    text = _ruled(tmp_path, doc)
    (line,) = [x for x in text.splitlines() if ": Gina loses a mark" in x]
    assert line.startswith("  If the card on the talon is ") and "other" not in line


def test_the_wall_said_as_its_cases_in_every_language(tmp_path):
    preset, players, seed, unshown = COUCOU
    doc, _ = natural_deal(preset, players, seed, seen=False, unshown=unshown)
    said = {}
    for language in ("de", "fr", "it", "da"):
        record = json.loads(_ruled(tmp_path, doc, "--format", "json", "--language", language))
        (gina,) = [p["effects"] for p in record["by_player"]["players"] if p["player"] == "Gina"]
        (stays,) = [e for e in gina if e.get("otherwise")]
        said[language] = stays["if"].replace(str(len(stays["outcomes"])), "N")
    assert said == {"de": "in den übrigen N Fällen (--steps führt sie auf)",
                    "fr": "dans les N autres cas (--steps les donne)",
                    "it": "negli altri N casi (--steps li dà)",
                    "da": "i de andre N tilfælde (--steps viser dem)"}


# Hère, four players, every dealt card unknown (bench_conditions' "here 4/4 seed 212984476 seen
# 0"): the lowest card loses, all tied lowest lose (H1, F5), and where all four rank the same
# nobody does (Q11's reading, F5: 'except when all players have the same value').  Anna loses
# where her card is the lowest, alone or tied with one or two of the others: said exactly, seven
# alternatives, which the line said ("If ...; or ...: Anna loses a mark"), leaving her marks
# staying unsaid.  Now the wall is the part said 'otherwise', and her marks staying (all four
# alike, or her card above another's) is said with its condition.
HERE = ("here", 4, 212984476, 4)


def test_a_line_says_the_wall_otherwise_and_the_short_part_with_its_condition(tmp_path):
    doc, record, effects = _deal(tmp_path, HERE)
    (loses,) = [e for e in effects["Anna"] if e["marks_lost"]]
    lost = [k for k, o in enumerate(record["outcomes"])
            if any(m["player"] == "Anna" for m in o["result"]["marks_lost"])]
    assert loses["outcomes"] == lost
    assert loses["if"] == f"in the other {len(lost)} cases (--steps lists them)" and loses["otherwise"] is True
    assert check_by_player(record, HERE[0]) >= 8
    text = _ruled(tmp_path, doc)
    (line,) = [x for x in text.splitlines() if x.startswith("  Anna loses")]
    assert line.startswith("  Anna loses a mark (the lowest card, H1); but if ")
    assert line.endswith(": Anna's marks stay as they are.") and "other" not in line


# The digital game, four players, Anna's and Bruno's dealt cards and the stack's bottom card never
# shown (bench_conditions' "digital-4p 4/3 seed 2779397249 seen 0"): Dora's last life hangs on
# the lowest card (D7) and a lone fool (C3's reading of D): both her parts were walls (167 words,
# 7 alternatives, where she loses and is out).  The one left unsaid is 'the other cases'; the one
# said is said by its cases' numbers, as --steps numbers them ('Case 3, if ...').
DIGITAL = ("digital-4p", 4, 2779397249, 3)


def test_a_second_wall_is_said_by_its_cases_numbers(tmp_path):
    doc, record, effects = _deal(tmp_path, DIGITAL)
    (out,) = [e for e in effects["Dora"] if e["out"]]
    gone = [k for k, o in enumerate(record["outcomes"]) if "Dora" in o["result"]["out"]]
    assert out["outcomes"] == gone and len(gone) >= 2
    numbers = [str(k + 1) for k in gone]
    assert out["if"] == (f"the cards are those of cases {', '.join(numbers[:-1])} and {numbers[-1]} "
                         "(--steps lists them)") and "otherwise" not in out
    assert check_by_player(record, DIGITAL[0]) >= 6
    # --steps numbers the cases in the JSON's order
    steps = _ruled(tmp_path, doc, "--steps")
    for k, o in enumerate(record["outcomes"]):
        assert f"  Case {k + 1}, if {o['if']}:" in steps
    text = _ruled(tmp_path, doc)
    assert f"  If {out['if']}: Dora loses a life (the lowest card, D7) and is out." in text.splitlines()
