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


# Coucou, eight players, four dealt cards and the talon's card never shown (bench_conditions'
# "coucou 8/4 seed 708506836 seen 0"): Gina's 8, after Fabio's exchange (F3), is the lowest card
# shown; she loses where no unknown card is lower, tied or not (F5: all tied lowest lose), and
# the talon's card counts only where the last player meets no king there (F4).  Her marks stay
# in the other cases: said exactly, that was 993 words and 30 alternatives.
COUCOU = ("coucou", 8, 708506836, 4)


def test_the_condition_a_line_leaves_unsaid_is_said_as_its_cases(tmp_path):
    preset, players, seed, unshown = COUCOU
    doc, _ = natural_deal(preset, players, seed, seen=False, unshown=unshown)
    record = json.loads(_ruled(tmp_path, doc, "--format", "json"))
    (gina,) = [p["effects"] for p in record["by_player"]["players"] if p["player"] == "Gina"]
    (stays,) = [e for e in gina if not e["marks_lost"]]
    # the cases where Gina loses nothing (counted from the cases' own results)
    calm = [k for k, o in enumerate(record["outcomes"])
            if not any(m["player"] == "Gina" for m in o["result"]["marks_lost"])]
    assert stays["outcomes"] == calm
    assert stays["if"] == f"in the other {len(calm)} cases (--steps lists them)"
    assert stays["otherwise"] is True
    # no condition of a line is a wall now (those the text says were at most 70 words already)
    for p in record["by_player"]["players"]:
        for e in p["effects"]:
            assert len(e["if"].split()) <= 80 and e["if"].count("; or ") < 4, e["if"]
    assert check_by_player(record, preset) >= 10
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
