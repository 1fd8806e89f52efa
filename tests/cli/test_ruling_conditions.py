"""Issue 24 §1 and §3, the gaps left after the ruling's first rework: each case's condition as
a person says it (the shortest wording that is exactly true of its cards, checked by
enumerating them), the other copy of a card someone holds (the fools, C3), and a claimed next
dealer that waits on a buy-back (K17).  Each expectation is worked out by hand from the rules
(rule ID and seed section in the comments), not copied from an output."""

from __future__ import annotations

import io
import json

from cucu_ref.cli.adjudicate import main


def ruled(tmp_path, text: str, *args: str) -> str:
    path = tmp_path / "deal.txt"
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    assert main([*args, str(path)], stdout=out, stderr=io.StringIO()) == 0, out.getvalue()
    return out.getvalue()


# --------------------------------------------------------------------------- §3 the next dealer


BUY_BACK = """\
Ruleset: campli
Players: Anna, Bruno 1, Carla
Dealer: Anna

Bruno: I, sto bene
Carla: X, sto bene
Anna: VI, sto bene
shown: Bruno I, Carla X, Anna VI
"""


def test_a_claimed_next_dealer_is_checked_each_way_of_the_buy_back(tmp_path):
    # K15: Bruno's I is the lowest and costs his last mark: out (K16); Anna and Carla are still
    # virgins, so he may buy back (K17, seed 000 §Rückkauf).  K2: the player right of the dealer
    # Anna deals next, Bruno if he buys back; if not, he is out of the match and Carla deals.
    text = ruled(tmp_path, BUY_BACK + "claim: Bruno out, next dealer Carla\n")
    assert "  next_dealer: claimed Carla, which holds if nobody buys back; Bruno deals if all do (K17)" in text
    assert "the rules say nobody" not in text
    text = ruled(tmp_path, BUY_BACK + "claim: Bruno out, next dealer Anna\n")
    assert "  next_dealer: claimed Anna, the rules say Carla if nobody buys back, Bruno if all do (K17)" in text
    record = json.loads(ruled(tmp_path, BUY_BACK + "claim: Bruno out, next dealer Bruno\n", "--format", "json"))
    (diff,) = record["claim"]["differences"]
    assert diff["ruled"] is None  # (kept: the field's meaning does not change)
    assert (diff["ruled_if_none_buys_back"], diff["ruled_if_all_buy_back"], diff["holds_if"]) == (
        "Carla", "Bruno", "all_buy_back")
