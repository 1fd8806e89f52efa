"""Issue 24 §1: where unknown cards branch, each case's condition as a person says it, in one or
two sentences, for the two games whose conditions were still chains of tens of alternatives:

- Screw Your Neighbour's dealer who cuts from the stock (S4) with four dealt cards unknown: the
  cards combine in too many ways to be said at once, so each case kept a chain of some thousands
  of words; it is now said on each side of the card cut (a king, or not), comparing one card with
  a mix of dealt cards and the stack's ('... is not higher than any of Dora's dealt card, Bruno's
  dealt card and the top card of the stack');
- the digital game's fool, who ties with the lowest card, and the pair of fools, who rank 14½
  (D7): each way of the fools said apart, a few sentences where there were up to a hundred.

The expectations are worked out by hand from the sources (rule ID and seed section in the
comments); tests/cli/test_conditions_compressed.py reads every condition back over its cases."""

from __future__ import annotations

import json

from test_conditions_compressed import check_read_back
from test_many_outcomes import check_by_player
from test_ruling_conditions import ruled  # (a deal in the notation, ruled by cucu-adjudicate)

# Everybody keeps (S2); the dealer Carla cuts a card from the stock: a king and she keeps her own
# card, else she takes the cut card (S4, pagat.com, Cuckoo: "if the card obtained is a king, the
# dealer must keep her original card").  No card is shown.
SCREW_CUT = """\
Ruleset: screw-your-neighbour
Players: Anna 3 virgin, Bruno 3 virgin, Carla 3 virgin, Dora 2 not virgin
Dealer: Carla
Pot: 4
Deals: 1

Dora: keep
Anna: keep
Bruno: keep
Carla: stock
"""


def test_screw_the_stock_card_against_the_dealt_cards(tmp_path):
    text = ruled(tmp_path, SCREW_CUT, "--no-readings")
    # S5 (pagat: "the player(s) with the lowest card lose a life", ties each): Carla holds the cut
    # card unless it is a king (S4), then her own; she loses where that card is not above the three
    # kept cards
    assert ("  If the top card of the stack is not a king and the top card of the stack is not higher than "
            "the cards dealt to Dora, Anna and Bruno; or the top card of the stack is a king and Carla's dealt card "
            "is not higher than the cards dealt to Dora, Anna and Bruno: Carla loses a life (the lowest card, "
            "S5).") in text, text
    # Anna's kept card against Dora's, Bruno's and the card Carla ends with: the cut card, or where
    # that is a king, Carla's own (S4)
    assert ("  If the top card of the stack is not a king and Anna's dealt card is not higher than any of "
            "Dora's dealt card, Bruno's dealt card and the top card of the stack; or the top card of the stack is "
            "a king and Anna's dealt card is not higher than the cards dealt to Dora, Bruno and Carla: Anna loses a "
            "life (the lowest card, S5).") in text, text
    # (it was some 180,000 words: a chain of boxes for each case)
    assert len(text.split()) < 600, len(text.split())


def test_screw_the_stock_card_conditions_hold_in_exactly_their_cases(tmp_path):
    # every player's condition read back over the cases (a sample of the 13**5 combinations of ranks)
    record = json.loads(ruled(tmp_path, SCREW_CUT, "--format", "json", "--no-readings"))
    assert check_by_player(record, "screw-your-neighbour") == 8  # (each of the four: loses, or not)


# The digital game (seed 004): Anna and Bruno keep (D3, §At spille en tur: «Behold dit kort»); the
# dealer Dora exchanges with the bottom card of the stack, no card's effect (D3: «Giveren handler
# sidst og kan beholde eller bytte med bunden af bunken uden særlige kortstraffe»).  Carla has no
# lives (D8).  No card is shown.
DIGITAL_BOTTOM = """\
Ruleset: digital-4p
Players: Anna 3 virgin, Bruno 3 virgin, Carla 0 not virgin, Dora 1 not virgin
Dealer: Dora
Eliminations: 1

Anna: behold
Bruno: behold
Dora: byt med bunken
"""


def test_digital_the_fools_said_apart(tmp_path):
    record = json.loads(ruled(tmp_path, DIGITAL_BOTTOM, "--format", "json", "--no-readings"))
    # D7 (seed 004 §Score og afslutning): «Hvert laveste kort mister ét liv, inklusive alle
    # uafgjorte»; «En tåbe har uafgjort med det laveste kort»; «To tåber har 14½, kun under gøgen»;
    # the cuckoo (kukku) never loses.  Bruno and Dora (the bottom card) lose together where: both
    # fools (14½) and Anna holds kukku; or Bruno's lone fool ties with the bottom card, the lowest
    # other card (below Anna's); or the bottom card is the lone fool and Bruno's the lowest other
    # card; or no fool, Bruno's card and the bottom card tie, lower than Anna's (Anna's kukku above
    # any tie).  The two ways of a lone fool are one (stop 42): a lone fool and Anna's card above
    # both (so hers is not the fool: a lone fool ranks lowest by its value), the fool is Bruno's or
    # the bottom card, and it ties with the other, the lowest other card
    conditions = {tuple(sorted(m["player"] for m in o["result"]["marks_lost"])): o["if"] for o in record["outcomes"]}
    assert conditions[("Bruno", "Dora")] == (
        "Anna was dealt kukku and Bruno's dealt card ranks the same as the bottom card of the stack; or there is a "
        "lone fool and Anna's dealt card is higher than Bruno's dealt card and Anna's dealt card is higher than the "
        "bottom card of the stack; or Bruno was dealt a card from løve to jæger and Bruno's dealt card ranks the same "
        "as the bottom card of the stack and Anna's dealt card is higher than Bruno's dealt card")
    # (each case was up to 54 alternatives; every one is now a few sentences)
    assert max(c.count("; or ") + 1 for c in conditions.values()) <= 4, conditions
    check_read_back(record, fools_known=0)  # (no fool outside the three unknown cards: Carla is out)


def test_digital_a_players_life_said_by_the_fools(tmp_path):
    text = ruled(tmp_path, DIGITAL_BOTTOM, "--no-readings")
    # D7: Anna loses a life where her card is no higher than the other cards that are not fools and
    # she holds neither kukku nor a fool (a lone fool ties with the lowest and loses too; as one
    # of a pair of fools she ranks 14½ and loses only beside kukku).  Said exactly, her loss is a
    # wall (over 60 words or 4 alternatives: stop 43's conds4), so the line says it with no
    # condition and her life kept with its own: kukku (never loses); a fool that is one of a pair
    # (no lone fool) with no kukku beside it (14½ above every other card); or a card above one of
    # the others that is no fool (that one, or the lone fool tied with it, is lower)
    line = next(x for x in text.splitlines() if x.startswith("  Anna loses a life"))
    assert line.startswith("  Anna loses a life (the lowest card, D7); but if "), line
    assert line.endswith(": Anna's lives stay as they are."), line
    ways = line[len("  Anna loses a life (the lowest card, D7); but if "):-len(": Anna's lives stay as they are.")]
    assert sorted(ways.split("; or ")) == sorted([
        "Anna was dealt kukku",
        "Anna was dealt fjols and Bruno was not dealt a kukku and the bottom card of the stack is not a kukku and "
        "there is no lone fool",
        "Anna's dealt card is higher than at least one of Bruno's dealt card and the bottom card of the stack that "
        "is not a fool"]), line
    assert len(line.split()) < 160, line  # (it was 2,193 words)
