"""``cucu-adjudicate --format svg`` (issue 14): one SVG document per ruling, one figure per
case where cards the position leaves unknown branch it; well-formed, deterministic bytes;
``--svg-dir`` for several positions; a position with no ruling gets its problems on standard
error and no picture.

The expected figures are the tutorial's deals (docs/tutorial.rst), whose outcomes are worked
out by hand from seed 000 in tests/test_tutorial.py: the dispute has every card known (one
figure); with Dora's card forgotten the ruling gives four cases (above the II, the II, below
the II, the fool: the II and the fool lose the same marks by different rules, K15 and C3), so
four figures."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from cucu_ref.cli.adjudicate import EXIT_INVALID, EXIT_OK, EXIT_USAGE, main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NOTATION = os.path.join(ROOT, "examples", "notation")
SVG = "{http://www.w3.org/2000/svg}"


def deal(name: str) -> str:
    return os.path.join(NOTATION, f"tutorial-{name}.txt")


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def parse(svg: str) -> ET.Element:
    assert svg.startswith('<?xml version="1.0" encoding="UTF-8"?>\n')
    return ET.fromstring(svg.split("?>", 1)[1])


def figures(root: ET.Element) -> list[ET.Element]:
    return [e for e in root if e.tag == f"{SVG}svg"]


def legend(figure: ET.Element) -> str:
    """The legend's lines (wrapped to the drawing's width) read as one text; not the step numbers."""
    return " ".join(t.text or "" for g in figure.iter(f"{SVG}g") if g.get("class") == "legend"
                    for t in g.iter(f"{SVG}text") if t.get("font-weight") != "bold")


def titles(figure: ET.Element) -> list[str]:
    return [t.text or "" for t in figure.iter(f"{SVG}title")]


def test_a_ruling_with_every_card_known_is_one_figure():
    code, out, err = run("--format", "svg", deal("dispute"))
    assert (code, err) == (EXIT_OK, "")
    root = parse(out)
    (figure,) = figures(root)
    assert root.get("data-figures") == "1"
    assert titles(figure)[0] == "Campli Cucù: 5 players, Emil deals"
    text = " ".join(t.text or "" for t in figure.iter(f"{SVG}text"))
    # the six moves of the deal, in order, each with its rule (K7, K12, K13), and the badges
    for words in ("Anna and Bruno exchange: Anna gives II and takes VI (K7).",
                  "Bruno asks Carla, who holds the horse (XIII Salta): the request jumps over Carla (K12).",
                  "Bruno and Dora exchange: Bruno gives II and takes VIII (K7).",
                  "undone: Bruno takes back II from Dora (K13).", "undone: Anna takes back II from Bruno (K13).",
                  "Showdown (K15): Anna loses a mark.", "\u22121 K13", "\u22121 K15"):
        assert words in text, words


def test_one_figure_per_case_where_an_unknown_card_branches_the_ruling():
    code, out, _ = run("--format", "svg", deal("forgotten-card"))
    assert code == EXIT_OK
    root = parse(out)
    found = figures(root)
    assert root.get("data-figures") == "4" and len(found) == 4
    # (the ranges low to high, the cards by Farina's names: issue 24 §1)
    assert [titles(f)[0] for f in found] == ["Case 1, if Dora was dealt a card from III to X",
                                            "Case 2, if Dora was dealt II",
                                            "Case 3, if Dora was dealt a card from Leone to I",
                                            "Case 4, if Dora was dealt Matto"]
    showdowns = [re.search(r"Showdown [^.]*\.", legend(f)).group(0) for f in found]  # type: ignore[union-attr]
    # (a mark by the showdown's own rule, K15, is not cited again; the fool's is, C3)
    assert showdowns == ["Showdown (K15): Anna loses a mark.",
                         "Showdown (K15): Anna loses a mark; Dora loses a mark.",
                         "Showdown (K15): Dora loses a mark.",
                         "Showdown (K15): Dora loses a mark (C3); Anna loses a mark."]
    # Dora's card is drawn '?' where the case leaves it open, and as the card where the case is
    # that one card: no case names a card it does not know
    for f, held in zip(found, ["holds ?", "holds II", "holds ?", "holds Matto"]):
        dora = next(g for g in f.iter(f"{SVG}g") if g.get("data-seat") == "3")
        assert [t.text for t in dora.iter(f"{SVG}text")][1] == held
    # the figures do not overlap, and every id is unique in the document
    ys = [float(f.get("y") or 0) for f in found]
    assert ys == sorted(ys) and all(ys[k + 1] >= ys[k] + float(found[k].get("height") or 0) for k in range(2))
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids))


def test_the_same_bytes_every_time_and_in_another_process():
    _, first, _ = run("--format", "svg", deal("forgotten-card"))
    _, again, _ = run("--format", "svg", deal("forgotten-card"))
    assert first == again
    other = subprocess.run([sys.executable, "-m", "cucu_ref", "--format", "svg", deal("forgotten-card")],
                           capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "7"},
                           encoding="utf-8")
    assert other.stdout == first


def test_a_position_with_no_ruling_has_no_picture_and_its_problems_on_standard_error():
    code, out, err = run("--format", "svg", deal("first-draft"))
    assert (code, out) == (EXIT_INVALID, "")
    assert "tutorial-first-draft.txt:7:12: unknown word 'pasos'" in err
    code, out, err = run("--format", "svg", deal("dealer-keeps"))
    assert (code, out) == (EXIT_INVALID, "")
    assert "It is valid if Q2 is read otherwise: the dealer still decides last" in err


def test_svg_dir_writes_one_document_per_position(tmp_path):
    target = tmp_path / "pictures"
    code, out, err = run("--format", "svg", "--svg-dir", str(target), deal("dispute"), deal("forgotten-card"),
                         deal("first-draft"))
    assert code == EXIT_INVALID  # the first draft does not read; the others are drawn
    assert sorted(p.name for p in target.iterdir()) == ["tutorial-dispute.svg", "tutorial-forgotten-card.svg"]
    assert out.splitlines() == [f"{target / 'tutorial-dispute.svg'}: 1 figure ({deal('dispute')})",
                                f"{target / 'tutorial-forgotten-card.svg'}: 4 figures ({deal('forgotten-card')})"]
    assert "tutorial-first-draft.txt:7:12:" in err
    _, alone, _ = run("--format", "svg", deal("forgotten-card"))  # the same document as on standard output
    assert (target / "tutorial-forgotten-card.svg").read_text(encoding="utf-8") == alone


@pytest.mark.parametrize("args, message", [
    (["--format", "svg", "a.txt", "b.txt"], "give one POSITION, or --svg-dir DIR for several"),
    (["--svg-dir", "out", "a.txt"], "--svg-dir goes with --format svg"),
    (["--format", "svg", "--batch", "a.jsonl"], "not with --batch"),
])
def test_usage(args, message):
    code, out, err = run(*args)
    assert (code, out) == (EXIT_USAGE, "")
    assert message in err


def test_a_trace_is_not_drawn():
    trace = os.path.join(ROOT, "examples", "traces", "syn-client-deal.json")
    code, out, err = run("--format", "svg", trace)
    assert (code, out) == (EXIT_USAGE, "")
    assert "a trace (cucu-trace/1) is not drawn" in err


def test_two_inputs_of_the_same_name_are_refused_before_anything_is_written(tmp_path):
    code, _, err = run("--format", "svg", "--svg-dir", str(tmp_path / "d"), deal("dispute"),
                       os.path.join(tmp_path, "tutorial-dispute.txt"))
    assert code == EXIT_USAGE and "would both be written to" in err
    assert not (tmp_path / "d").exists()


def test_a_deal_and_its_json_twin_keep_their_extensions(tmp_path):
    twin = os.path.join(ROOT, "examples", "campli-buy-back.json")
    code, out, _ = run("--format", "svg", "--svg-dir", str(tmp_path), os.path.join(NOTATION, "campli-buy-back.txt"),
                       twin, deal("dispute"))
    assert code == EXIT_OK
    assert sorted(p.name for p in tmp_path.iterdir()) == ["campli-buy-back.json.svg", "campli-buy-back.txt.svg",
                                                          "tutorial-dispute.svg"]


def test_a_case_that_stands_for_several_cards_names_none_of_them():
    # Coucou (seed 003, F2): the dealer takes three cards and keeps the highest, and nobody saw
    # which.  Anna's ace loses (F5) unless Emil kept an ace too, which he does only if all three
    # were aces: case 1 stands for every card from 7 up (the piquet pack of a five-player table,
    # F1), so its picture says '?', where case 2's is the ace
    code, out, _ = run("--format", "svg", os.path.join(ROOT, "examples", "coucou-dealer-cards-unknown.json"))
    assert code == EXIT_OK
    one, two = figures(parse(out))
    assert "Emil takes three cards, keeps the highest, ?, and puts two under the talon (F2)." in legend(one)
    # (the ace by the name the ruling gives it, 'as': the French games' cards as their source prints them)
    assert "Emil takes three cards, keeps the highest, as, and puts two under the talon (F2)." in legend(two)
    emil = [next(g for g in f.iter(f"{SVG}g") if g.get("data-seat") == "4") for f in (one, two)]
    assert [[t.text for t in g.iter(f"{SVG}text")][1] for g in emil] == ["holds ?", "holds as"]
