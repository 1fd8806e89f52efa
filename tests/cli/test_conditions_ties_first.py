"""Issue 24 §1: Lu Stù's tied lowest said as a person says it.  Of the tied lowest cards only the
first in play order loses (L3), so a player's loss hangs on a tie, and each way the tie could fall
was an alternative of its own ('... or Dora was dealt a card from Leone to VI and Carla's dealt
card ranks the same as Dora's dealt card and ...; or ...': some 3,800 words for one player of a
natural six-player deal).  'Bruno's dealt card ranks the same as at least one of Carla's dealt
card and Dora's dealt card' says the tie at once.

The expectations are worked out by hand from the source (seed 000, §Lu Stù, Montorio al Vomano);
tests/cli/test_conditions_compressed.py's reader reads each condition back over its cases."""

from __future__ import annotations

import json

from test_many_outcomes import check_by_player
from test_ruling_conditions import ruled  # (a deal in the notation, ruled by cucu-adjudicate)

# Everybody keeps (K5, K8); Anna (first right of the dealer Emil) shows VII, Emil X; Bruno's,
# Carla's and Dora's cards are never shown.  Play order: Anna, Bruno, Carla, Dora, Emil.
LU_STU_TIES = """\
Ruleset: lu-stu
Players: Anna, Bruno, Carla, Dora, Emil
Dealer: Emil

Anna: sto bene
Bruno: sto bene
Carla: sto bene
Dora: sto bene
Emil: sto bene
shown: Anna VII, Emil X
"""


def test_lu_stu_the_first_of_the_tied_lowest(tmp_path):
    text = ruled(tmp_path, LU_STU_TIES, "--no-readings")
    # L3 (seed 000 §Lu Stù: "Haben mehrere Spieler die gleichniedrigste Karte, dann verliert nur der
    # der Reihe nach erste rechts vom Geber"): Bruno, after Anna's VII, loses as the first of the
    # tied lowest where his card is below VII (so no fool), no higher than Carla's and Dora's that
    # are not fools (a lone fool ranks with the lowest other card and loses as well, L4, but is no
    # other card to tie with; two Matti rank above XV), and equal to at least one of theirs (two
    # copies of each card, C1: never both)
    line = next(x for x in text.splitlines() if x.startswith("  If Bruno was dealt"))
    # Alone lowest (K15) or tied (L3), Bruno loses the same mark: one condition for both (stop 41;
    # it was two, 'ranks the same as at least one of ...' for L3 and 'is lower than each of ...' for K15)
    assert line.startswith(
        "  If Bruno was dealt a card from Leone to VI and Bruno's dealt card is not higher than any of Carla's "
        "dealt card and Dora's dealt card that is not a fool: Bruno loses a mark (the lowest card, K15/L3); "), line
    # (it was said as 'Bruno loses a mark (the lowest card, L3); but if' eleven alternatives '...: Bruno's
    # marks stay as they are', the cases where nothing happens to him)
    assert "; or " not in line, line
    # Carla is first of a tie only with Dora (Bruno is before her: a tie with him is his loss, L3;
    # three of a rank there are not, C1)
    assert ("  If Carla was dealt a card from Leone to VI and Carla's dealt card is not higher than any of Bruno's "
            "dealt card and Dora's dealt card that is not a fool and Bruno's dealt card does not rank the same as "
            "Carla's dealt card: Carla loses a mark (the lowest card, K15/L3); ") in text, text


def test_lu_stu_a_lower_card_that_is_no_fool(tmp_path):
    record = json.loads(ruled(tmp_path, LU_STU_TIES, "--format", "json", "--no-readings"))
    # Anna's VII, first in play order: she loses, alone (K15) or as the first of the tied (L3),
    # unless some other card is below VII and no fool: a lone Matto ranks with the lowest other
    # card and its holder loses with it (L4, "lu matt paga e fa pagare"), two rank above XV (L4);
    # either way the lowest other card's first holder loses, Anna where nothing else is below VII
    (anna,) = [p["effects"] for p in record["by_player"]["players"] if p["player"] == "Anna"]
    (stays,) = [e for e in anna if not e["marks_lost"]]
    assert stays["if"] == "at least one of Bruno, Carla and Dora was dealt a card from Leone to VI"
    # (it was 730 words: the cases' own conditions, the part the text says 'otherwise')
    # (her loss, alone lowest or the first of the tied, is one line since stop 41: the marks staying
    # are what happens otherwise; it was 'Anna loses a mark (the lowest card, K15); if ...: Anna loses
    # a mark (the lowest card, L3); if at least one of ...: Anna's marks stay as they are')
    text = ruled(tmp_path, LU_STU_TIES, "--no-readings")
    assert ("  If none of Bruno, Carla and Dora was dealt a card from Leone to VI: Anna loses a mark (the lowest "
            "card, VII, K15/L3).") in text, text


def test_lu_stu_ties_conditions_hold_in_exactly_their_cases(tmp_path):
    record = json.loads(ruled(tmp_path, LU_STU_TIES, "--format", "json", "--no-readings"))
    # (Anna: the lowest card, alone or tied, K15/L3, or nothing; Bruno and Carla: the lowest card, the
    # lone fool, the pair, nothing; Dora: K15, the lone fool, the pair, nothing)
    assert check_by_player(record, "lu-stu") == 2 + 4 + 4 + 4
    tied = [e["if"] for p in record["by_player"]["players"] for e in p["effects"] if e.get("tie_rule") == "L3"]
    assert len(tied) == 3 and not any("; or " in c for c in tied), tied  # (Anna's, Bruno's, Carla's)
