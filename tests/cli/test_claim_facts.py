"""Issue 24 §3, found in review: a claim overruled says the fact that decides it in words a
table reads: the field in words (not 'next_dealer:'), the cards held by the game's own names
(not the card codes 'K', 'A'), and joint winners as joint winners (not 'the rules say nobody').
Each expectation is worked out by hand from the sources (rule ID and seed section beside it)."""

from __future__ import annotations

import io
import json
import os

from cucu_ref.cli.adjudicate import main

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")


def ruled(name: str, *args: str) -> str:
    out = io.StringIO()
    assert main([*args, os.path.join(EXAMPLES, name)], stdout=out, stderr=io.StringIO()) == 0
    return out.getvalue()


def test_joint_winners_are_named_as_such_when_a_claim_names_one_of_them():
    # Screw Your Neighbour, S5: Anna and Bruno, the last two, each on a last life, both keep a 5:
    # tied lowest, both lose it and go out together; S6 (pagat, Cuckoo, the preset's first
    # rule): they are joint winners and split the pot.  Bruno's 'winner Bruno' is overruled,
    # but the rules do not say 'nobody' won.
    text = ruled("screw-your-neighbour-joint-winners.json")
    assert "  the winner: claimed Bruno, the rules say Anna and Bruno, joint winners (S6)\n" in text
    assert "the rules say nobody" not in text
    claim = json.loads(ruled("screw-your-neighbour-joint-winners.json", "--format", "json"))["claim"]
    assert claim["verdict"] == "overruled"
    assert claim["differences"][0]["ruled"] is None  # the JSON keeps its value; the new field adds
    assert claim["differences"][0]["ruled_joint"] == ["Anna", "Bruno"]


def test_a_winner_claimed_where_everybody_restarts_is_still_nobody():
    # Campli, K18 (seed 000, §Ende): everybody went out in this deal, all get their marks
    # again: no winner, and no joint winners either.
    text = ruled("campli-two-player-end.json")
    assert "  the winner: claimed Beatrice, the rules say nobody\n" in text


def test_the_cards_held_are_named_as_the_game_names_them():
    # Coucou (seed 003, 'Coucou (Kartenspiel)'; F1, F3): Anna was dealt the ace, Bruno the king,
    # who says 'Coucou!' and keeps it; the claim swaps them.  The game's words are roi and as.
    text = ruled("coucou-king-says-coucou.json")
    assert "  the cards held: claimed Anna roi, Bruno as; the rules say Anna as, Bruno roi\n" in text
    # Screw Your Neighbour (pagat; S4): Dora cut a king, it went back, she kept her 9
    text = ruled("screw-your-neighbour-king-then-her-turn.json")
    assert "  the cards held: claimed Dora king; the rules say Dora 9\n" in text


def test_no_claim_fact_reads_as_an_identifier():
    for name in ("coucou-king-says-coucou.json", "screw-your-neighbour-joint-winners.json",
                 "campli-two-player-end.json"):
        text = ruled(name)
        for field in ("next_dealer:", "winner:", "holds:"):
            assert f"  {field}" not in text, (name, field)
