"""Issue 24 §3: 'The next dealer does not depend on the buy-back there: give it.'  Where unknown
cards decide whether a player goes out (and may buy back, K17), the next dealer is the same in
every case when that player is not the one who would deal: the ruling says it once, as certain,
instead of 'Next dealer: Anna, whether or not anybody buys back' in the cases where he goes out
and 'Next dealer: Anna' in the others (with many outcomes: a twelve-clause condition for the
same dealer).  Expectations worked out by hand from seed 000 (§Geben und Kartentausch, §Das
Ergebnis, §Wiedereintritt ins Spiel)."""

from __future__ import annotations

import io
import json

from cucu_ref.cli.adjudicate import main
from natural_positions import natural_deal

# Bruno's dealt card is never shown: Anna's VI went to him, his card to Anna (K7).  Carla holds
# her last mark.
CARLA_ON_ONE = {
    "format": "cucu-position/1", "ruleset": "campli",
    "players": ["Anna", "Bruno", {"name": "Carla", "marks": 1}, "Dora"], "dealer": "Dora",
    "history": [{"deal": "Anna", "card": "VI"}, {"offer": "Anna"}, {"exchange": ["Anna", "Bruno"]},
                {"keep": "Bruno"}, {"deal": "Carla", "card": "IIII"}, {"keep": "Carla"},
                {"deal": "Dora", "card": "VIII"}, {"keep": "Dora"}],
}


def _ruled(tmp_path, doc: dict, *args: str) -> str:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = io.StringIO()
    assert main([*args, str(path)], stdout=out, stderr=io.StringIO()) == 0, out.getvalue()
    return out.getvalue()


def test_few_cases_one_next_dealer_whether_or_not_carla_goes_out(tmp_path):
    # K15 (§Das Ergebnis): Carla's IIII is the lowest unless Anna's card (Bruno's dealt one) is
    # lower; then Carla loses her last mark and is out (K16), and may buy back while virgins
    # remain (K17, §Wiedereintritt).  K2 (§Geben): the player right of the dealer Dora deals
    # next: Anna, who holds 3 marks and loses at most one here, in every case; Carla's buy-back
    # does not move the deal (she sits after Anna).
    text = _ruled(tmp_path, CARLA_ON_ONE)
    lines = text.splitlines()
    assert lines[1] == "Certain whatever the cards: next dealer: Anna.", text
    assert "whether or not anybody buys back" not in text
    assert not [x for x in lines if x.startswith("  If ") and "Next dealer" in x], text
    # the cases still say who goes out and decides on the buy-back
    assert "Carla is out and decides next whether to buy back for 1 stake (K17)" in text


def test_a_claimed_next_dealer_is_upheld_in_every_case(tmp_path):
    # (the same: Anna deals next in every case, K2; a guard: the claim was checked before too)
    doc = {**CARLA_ON_ONE, "claim": {"next_dealer": "Anna"}}
    text = _ruled(tmp_path, doc)
    assert "Claim: UPHELD" in text, text


def test_many_cases_no_condition_for_the_same_next_dealer(tmp_path):
    # Eight seats, Dora and Fabio out before; Emil deals; Gina, Anna and Bruno's cards never
    # shown (natural_deal campli 8 seed 13, three unshown).  Anna holds her last mark and goes
    # out where her card is the lowest (K15, K16); Gina, right of the dealer Emil past Fabio who
    # is out, holds 3 marks and loses at most one: she deals next in every case (K2), whether or
    # not Anna buys back (K17).
    doc, _full = natural_deal("campli", 8, 13, unshown=3)
    assert doc["dealer"] == "Emil" and {p["name"]: p["marks"] for p in doc["players"]}["Gina"] == 3
    text = _ruled(tmp_path, doc)
    lines = text.splitlines()
    assert lines[1] == "Certain whatever the cards: next dealer: Gina.", text
    assert not [x for x in lines if x.startswith("  Next dealer")], text
    record = json.loads(_ruled(tmp_path, doc, "--format", "json"))
    assert record["by_player"]["next"] == []  # (JSON: no condition for what comes next either)


def test_many_cases_the_next_dealer_after_but_if_is_not_capitalised(tmp_path):
    # natural_deal zeh-1769 8 seed 14, four cards unshown.  Bruno deals; Carla, right of him,
    # holds a fool (shown) and her last mark.  Z6 (seed 000 §Das Cucuspiel): with both fools in
    # play each holder gains a mark; a lone fool loses one: Carla is out (Z10, no buy-back) and
    # the deal passes to the next player right of Bruno still in, Emil (Dora is out; K2 as in
    # Campli).  Said as a sentence goes on after 'but if ...:', in small letters (it read 'but if
    # there is a lone fool: Next dealer: Emil').
    doc, _full = natural_deal("zeh-1769", 8, 14, unshown=4)
    assert doc["dealer"] == "Bruno" and {p["name"]: p["marks"] for p in doc["players"]}["Carla"] == 1
    lines = _ruled(tmp_path, doc).splitlines()
    assert "  Next dealer: Carla; but if there is a lone fool: next dealer: Emil." in lines, lines
