"""Issue 24 §1 and §5 (stop 37): a case's condition said in two ways where one card decides it,
as a table says it: 'if the top card of the talon is a king, ...; otherwise ...' (F4), and a
fool apart (Z6), in place of long lists of every way the cards fall.  The positions are natural
ones (tests/natural_positions.py) as a table writes them; each expectation is worked out by hand
from the seed (rule ID and section in the comments) and fails on the code before (5821610)."""

from __future__ import annotations

from tests.cli.test_dealt_conditions import ruled  # a deal in the notation, ruled as the CLI does


# natural_deal('zeh-1769', 6, 1674216077, unshown=4), the last position over 1 s of issue 24 §5
# (stop 36: 1.0-1.2 s CPU).  Anna passes to Bruno and they exchange (Z3 after K7, seed 000 §Das
# Cucuspiel, §Geben und Kartentausch): Anna ends with the card Bruno was dealt, Bruno with
# Anna's; the others keep.  Fabio and Carla show VIII, so no VIII is left (C1: two of each).
ZEH_SIX = """\
Ruleset: zeh-1769
Players: Anna 3 virgin, Bruno 1 not virgin, Carla 2 not virgin, Dora 3 virgin, Emil 2 not virgin, Fabio 3 virgin
Dealer: Emil
Pot: 6
Deals: 1

Fabio: es ist gut
Anna: ich gebe weiter
Bruno: es ist gut
Carla: es ist gut
Dora: es ist gut
Emil: es ist gut
shown: Fabio VIII, Carla VIII
"""


def test_zeh_six_players_a_fool_apart(tmp_path):
    text = ruled(tmp_path, ZEH_SIX)
    # Z6 (seed 000 §Das Cucuspiel: 'Ein einzelner Narr verliert ... eine Marke zusammen mit dem
    # oder den Spielern mit der niedrigsten Karte. Wenn zwei Narren im Spiel sind, ... erhalten
    # jeder eine Marke'): Anna, holding Bruno's dealt card, loses where it is the lone Narr, or a
    # card below VIII (Larvengesicht to VII) that no other card but a fool undercuts (ties each
    # lose, Z9 'beide zahlen'); she gains where it is a Narr with the other Narr in play.  It was
    # "Bruno was dealt VII or lower and at least one of Anna and Bruno was dealt anything but Narr
    # and at least one of Bruno and Dora ... and at least one of Bruno and Emil ... and ..."
    assert ("  If Bruno was dealt Narr and there is a lone fool; or Bruno was dealt a card from Larvengesicht to "
            "VII and Bruno's dealt card is not higher than any of Anna's dealt card, Dora's dealt card and Emil's "
            "dealt card that is not a fool: Anna loses a mark (the lowest card, Z6); if Bruno was dealt Narr and "
            "there is no lone fool: Anna gains a mark (Narr, with the other one in play, Z6).") in text, text
    # Carla's VIII is the lowest card (with Fabio's) unless a card below it is dealt to one of the
    # four; a Narr alone ranks with the lowest and loses with it (Z6), a pair ranks high
    assert ("  If none of Anna, Bruno, Dora and Emil was dealt a card from Larvengesicht to VII: Carla loses a mark "
            "(the lowest card, VIII, Z6).") in text, text
    assert "at least one of" not in text, text


# natural_deal('coucou', 5, 1992583342, unshown=2) with the 32-card piquet pack (F1: no 2 to 6,
# fewer than seven players; seed 003 §Spielkarten: the ace lowest, the king highest).  Carla
# exchanges with Dora (F3, seed 003 §Spielverlauf): no "Coucou!", so Dora was not dealt a king;
# Carla ends with Dora's dealt card.  Dora, the last player, exchanges with the top card of the
# talon unless it is a king (F4, seed 003 §Spielverlauf: 'Sollte diese Karte ein König sein, ist
# kein Kartentausch erlaubt'): she ends with it, or with Carla's dealt card where it is a king.
COUCOU_FIVE = """\
Ruleset: coucou
Options: pack=french-32
Players: Anna 5 virgin, Bruno 0 not virgin, Carla 5 virgin, Dora 2 not virgin, Emil 5 virgin
Dealer: Emil
Pot: 5
Eliminations: 1
Deals: 2

Anna: je garde
Carla: je change
Dora: je change
Emil: je garde
shown: Anna 7, Emil valet
"""


def test_coucou_the_talon_king_decides(tmp_path):
    text = ruled(tmp_path, COUCOU_FIVE)
    # F5 (seed 003 §Spielverlauf: 'die Spieler mit dem niedrigsten Kartenwert verlieren'; ties
    # each lose).  Anna's 7 loses unless an ace is held: Dora's dealt card (Carla's now), the
    # talon's top card (Dora's now, not a king), or, where the talon's card is a king, Carla's
    # dealt card (Dora's then)
    # (Coucou's stack is the talon, seed 003 'die Karte auf dem Talon' (F4): 'the card on the talon')
    # (said where she loses since stop 41, her marks staying 'otherwise': Dora's dealt card no ace,
    # and the talon's card one from 7 to dame, or no ace where it is a king and Dora keeps Carla's
    # dealt card; it was 'Anna loses a mark ...; but if at least one of Dora's dealt card and the card
    # on the talon is as; or ...: Anna's marks stay as they are', two ways in a 'but if')
    assert ("  If Dora's dealt card and the card on the talon are both a card from 7 to dame; or none of Carla's "
            "dealt card, Dora's dealt card and the card on the talon is an as: Anna loses a mark (the lowest card, 7, "
            "F5).") in text, text
    # Carla, holding Dora's dealt card, loses where it is 7 or lower and not above Dora's card:
    # the talon's top card, or, where that is a king, Carla's dealt card
    assert ("  If Dora was dealt 7 or lower and neither Dora's dealt card nor the card on the talon is a roi and "
            "Dora's dealt card is not higher than the card on the talon; or Dora was dealt 7 or lower and the "
            "card on the talon is a roi and Carla's dealt card is not lower than Dora's dealt card: Carla loses "
            "a mark (the lowest card, F5).") in text, text
    # Dora loses where the card she ends with is 7 or lower and not above Carla's (Dora's dealt card)
    assert ("  If the card on the talon is 7 or lower and Dora's dealt card is not lower than the card on "
            "the talon; or Carla was dealt 7 or lower and the card on the talon is a roi and Carla's dealt card "
            "is not higher than Dora's dealt card: Dora loses a mark (the lowest card, F5).") in text, text
