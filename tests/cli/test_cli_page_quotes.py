"""docs/cli.rst quotes rulings (issue 24 §2): each quoted ruling text of its pages on the ruling
and the pictures must be what the command line prints for some real position, as the other
pages' examples are checked (the tutorial's and the rulesets' are generated at build time by
docs/_ext/cucu_docs.py; tests/test_docs.py checks them).  The positions: every shipped example
(text, --steps, the pictures' words, and the JSON's cases as 'If <if>: <verdict>'), and the few
deals the page's paragraphs on many outcomes and partial rulings describe, built as their tests
build them.  A quote no position gives fails here with its words: the page has drifted."""

from __future__ import annotations

import glob
import io
import json
import os
import re
from functools import cache

import pytest

from cucu_ref.cli.adjudicate import main
from natural_positions import natural_deal
from test_conditions_compressed import SIX

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
PAGE = os.path.join(ROOT, "docs", "cli.rst")


def _quotes() -> list[str]:
    """Every double-quoted text of the page's sections on the ruling and the pictures (from 'What a
    ruling says' to 'Exit status'), its line breaks read as spaces."""
    with open(PAGE, encoding="utf-8") as f:
        page = f.read()
    part = page[page.index("What a ruling says"):page.index("Exit status")]
    return [" ".join(q.split()) for q in re.findall(r'"([^"]+)"', part)]


def _said(path: str, *args: str) -> str:
    out = io.StringIO()
    main([*args, path], stdout=out, stderr=io.StringIO())
    text = out.getvalue()
    if args == ("--format", "svg"):  # the pictures' words: each text element's, a wrapped line read whole
        text = " ".join(re.sub(r"<[^>]+>", "", t) for t in re.findall(r"<text[^>]*>.*?</text>", text, re.S))
    elif args[:2] == ("--format", "json"):  # each case as the case-by-case form says it
        record = json.loads(text)
        text = "\n".join(f"If {o['if']}: {o['verdict']}" for o in record.get("outcomes") or () if o.get("if"))
        # and each player's effects where many outcomes are told by player ('if' of each)
        text += "\n" + "\n".join(f"{p['player']}: {e['if']}" for p in (record.get("by_player") or {}).get("players", ())
                                  for e in p["effects"])
    return " ".join(text.split())


@cache
def _outputs(tmp: str) -> tuple[str, ...]:
    """What the command line says of every position the page's quotes are drawn from."""
    paths = sorted(glob.glob(os.path.join(ROOT, "examples", "*.json")))
    paths += sorted(glob.glob(os.path.join(ROOT, "examples", "notation", "*.txt")))
    made = {
        # the page's many outcomes (tests/cli/test_many_outcomes.py): twenty at Zeh's table, four cards unshown
        "zeh-twenty.json": json.dumps(natural_deal("zeh-1769", 20, 1674216077, seen=False, unshown=4)[0]),
        # the partial ruling (tests/cli/test_partial_ruling.py): six at Campli's table, four unshown
        "campli-six.json": json.dumps(natural_deal("campli", 6, 0, unshown=4)[0]),
        # the partial ruling's unchanged players (tests/cli/test_partial_certain.py): eight at Lu Stù's table
        "lu-stu-eight.json": json.dumps(natural_deal("lu-stu", 8, 2798570523, seen=False, unshown=4)[0]),
        # four cards never shown (tests/cli/test_conditions_compressed.py): the cases' conditions
        "six-missing.txt": SIX,
        # a line's wall said as its cases (tests/cli/test_conditions_walls.py): Coucou eight, the digital four
        "coucou-eight.json": json.dumps(natural_deal("coucou", 8, 708506836, seen=False, unshown=4)[0]),
        "digital-four.json": json.dumps(natural_deal("digital-4p", 4, 2779397249, seen=False, unshown=3)[0]),
    }
    with open(os.path.join(ROOT, "examples", "notation", "coucou-king.txt"), encoding="utf-8") as f:
        made["coucou-piquet.txt"] = f.read().replace("Ruleset: coucou\n", "Ruleset: coucou\nOptions: pack=french-32\n")
    # (the other readings of the open questions only where the default text says them)
    modes = ((), ("--steps", "--no-readings"), ("--format", "svg"), ("--format", "json", "--no-readings"))
    said = [_said(p, *args) for p in paths for args in modes]
    for name, text in made.items():  # (their text and cases: twenty seats' figures take a quarter minute)
        path = os.path.join(tmp, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        said += [_said(path), _said(path, "--format", "json", "--no-readings")]
    return tuple(said)


def test_the_page_quotes_rulings():
    quotes = _quotes()
    assert len(quotes) >= 20 and any(q.startswith("Verdict: ") for q in quotes)


@pytest.mark.parametrize("quote", _quotes())
def test_each_ruling_the_page_quotes_is_what_the_command_line_says(tmp_path_factory, quote: str):
    # (a quote may leave out the rest of a line: '...' stands for any text)
    pattern = re.compile(".*?".join(re.escape(part.strip()) for part in quote.split("...")))
    outputs = _outputs(str(tmp_path_factory.getbasetemp()))
    assert any(pattern.search(out) for out in outputs), f"no position gives: {quote}"
