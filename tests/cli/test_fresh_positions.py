"""Twelve fresh positions written as a table remembers a deal (issue 24, the outside measure
again): what was said aloud, the cards shown at the end, a claim, in Italian, German, French,
English and Danish, under nine rulesets, from 2 to 20 players.  None is an example's or another
test's.  Each expected outcome was worked out by hand from the seeds BEFORE any run (the hand
working is the comment above each position: rule IDs of /work/shared/RULES-DIGEST.md and the
seed's section); the run agreed in every case on marks, next dealer and the claim.  The tests
also read the ruling as a table does: the first line is the answer, the words are the game's and
the table's language, a claim is read as it is meant, an error points at its line and rule.

Seeds: 000 'Cucù und Lu Stù' (Campli after Farina 2010, Lu Stù after Di Luigi & Mazza 2009,
Zeh 1769); 003 'Coucou (Kartenspiel)' (Coucou, As Qui Court, Hère); 004 the Danish rules page
of the digital four-player Cuccù.  Ranter-Go-Round follows Cassell 1881 (R1-R4) and Screw Your
Neighbour pagat.com's Cuckoo (S1-S6), both as cucu_ref.formats.sources quotes them."""

from __future__ import annotations

import io
import json
from collections import Counter

import pytest

from cucu_ref.cli.adjudicate import main
from cucu_ref.formats.notation import NotationError, parse


def run(tmp_path, text: str, *args: str) -> tuple[int, str]:
    path = tmp_path / "deal.txt"
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    code = main([*args, str(path)], stdout=out, stderr=io.StringIO())
    return code, out.getvalue()


def rule(tmp_path, text: str) -> dict:
    code, out = run(tmp_path, text, "--format", "json")
    assert code == 0, out
    return json.loads(out)


def lost(result: dict) -> Counter:
    return Counter(x["player"] for x in result["marks_lost"])


def gained(result: dict) -> Counter:
    return Counter(x["player"] for x in result["marks_gained"])


# --------------------------------------------------------------------------- 1. Campli, Italian, 6

# Campli (seed 000, §Geben und Kartentausch, §Ereigniskarten), six players, Zeno deals; the list
# is the order of play, starting right of the dealer (K4).
#   Ugo is dealt III and offers (K5); Vera is dealt VII, no event card: they exchange (K7): Ugo
#   VII, Vera III.  Vera offers; Walter's XIII says 'salta': the offer jumps over him (K12) to
#   Xenia, dealt I, who must exchange (K7): Vera I, Xenia III.  Xenia offers to Ylenia's XII: the
#   cat (K13): Xenia loses a mark at once; her exchange is undone (Xenia I, Vera III), and Vera's
#   too, since she got the III by exchange (Vera VII, Ugo III): 'bis die Karte an ihren
#   ursprünglichen Eigentümer zurückgefallen ist'; the horse is skipped again.  Play goes on right
#   of the cat: Zeno, the dealer, keeps his IX (K8).
#   §Das Ergebnis: Ugo III, Vera VII, Walter XIII, Xenia I, Ylenia XII, Zeno IX: Xenia's I is the
#   lowest (K15): her second mark.  §Spieler: 'der Spieler rechts vom Geber' deals next: Ugo (K2).
CAMPLI_IT = """\
Regole: campli
Giocatori: Ugo, Vera, Walter, Xenia, Ylenia, Zeno
Mazziere: Zeno

Ugo: III, passo
Vera: VII, passo
Walter: salta!
Xenia: I, passo
Ylenia: gnaf!
Xenia: paga
Zeno: IX, sto bene
mostrate: Ugo III, Vera VII, Walter XIII, Xenia I, Ylenia XII, Zeno IX
Ugo sostiene: Xenia perde 2, prossimo mazziere Ugo
"""


def test_campli_cat_undoes_two_exchanges_past_a_horse_in_italian(tmp_path):
    out = rule(tmp_path, CAMPLI_IT)
    [o] = out["outcomes"]
    assert lost(o["result"]) == Counter({"Xenia": 2})
    assert [x["rule"] for x in o["result"]["marks_lost"]] == ["K13", "K15"]
    assert o["result"]["next_dealer"] == "Ugo"
    # the claim's next dealer, in Italian ('prossimo mazziere'), is read and checked
    assert out["claim"]["claimed"] == {"loses": ["Xenia", "Xenia"], "next_dealer": "Ugo"}
    assert out["claim"]["verdict"] == "upheld"
    code, text = run(tmp_path, CAMPLI_IT)
    first = text.splitlines()[1]
    assert first.startswith("Verdetto: Xenia perde 2 segni: offerto al XII Gnaf di Ylenia (K13)")
    assert first.endswith("Prossimo mazziere: Ugo.")
    # the undo names the card that goes back, twice (issue 24 §2)
    assert "Vera riprende il III da Xenia" in text and "Ugo riprende il III da Vera" in text


# --------------------------------------------------------------------------- 2. Lu Stù, Italian, 7

# Lu Stù (seed 000, §Lu Stù), seven players, Gina deals from the top (L2).
#   Aldo offers his nulla to Bice, whose inn says 'Tingh la Cas, che mi dai in cambio' (L7); his
#   offer does not please her: 'fatt nu bicchijr': she keeps the inn, 'muss aber anstelle des
#   Anbieters eine Marke zahlen, wenn dieser die Null halten und das Spiel verlieren sollte'.
#   Play goes on right of the inn: everybody else keeps.  Dina and Fede both hold a fool.
#   Showdown: two fools 'sind diese die höchsten Karten, über der XV, und beide Spieler erhalten
#   eine Marke' (L4): Dina +1, Fede +1; 'der erste Spieler mit der niedrigsten Karte' still loses:
#   Aldo's nulla and Gina's nulla tie, 'nur der der Reihe nach erste rechts vom Geber' loses (L3):
#   Aldo, who holds the nulla and loses: Bice pays instead (L7).  Next dealer Aldo (K2).
LU_STU_IT = """\
Regole: lu-stu
Giocatori: Aldo, Bice, Ciro, Dina, Elio, Fede, Gina
Mazziere: Gina

Aldo: 0, passo
Bice: XI, tingh la cas!
Bice: fatt nu bicchijr
Ciro: IV, sto bene
Dina: matto, sto bene
Elio: VI, sto bene
Fede: matto, sto bene
Gina: 0, sto bene
scoperte: Aldo 0, Bice XI, Ciro IV, Dina matto, Elio VI, Fede matto, Gina 0
dichiarazione di Aldo: Bice perde, Dina guadagna, Fede guadagna, prossimo mazziere Aldo
"""


def test_lu_stu_refused_inn_pays_for_the_nulla_and_two_fools_gain(tmp_path):
    out = rule(tmp_path, LU_STU_IT)
    [o] = out["outcomes"]
    assert lost(o["result"]) == Counter({"Bice": 1})
    assert gained(o["result"]) == Counter({"Dina": 1, "Fede": 1})
    assert o["result"]["next_dealer"] == "Aldo"
    assert out["claim"]["verdict"] == "upheld"


def test_lu_stus_first_of_the_tied_is_said_in_words_not_as_a_reading(tmp_path):
    # L3 is Lu Stù's own rule: the account says who of the tied loses in Italian, no 'ties =
    # first' identifier and no English 'first' (issue 24 §1: no raw identifiers)
    code, text = run(tmp_path, LU_STU_IT)
    assert code == 0
    body = text.split("\n", 1)[1]  # (the first line names the file)
    assert "ties" not in body and "first" not in body
    assert "perde solo Aldo, che viene prima degli altri nell'ordine di gioco" in text


# --------------------------------------------------------------------------- 3. Zeh, German, 2

# Zeh 1769 (seed 000, §Das Cucuspiel), two players on two marks each (Z2: marks are agreed).
#   Every card is dealt first (Z3).  Hans offers his fool to Grete, whose IX is no privileged card:
#   they exchange (Z4 as K7).  Grete, the dealer, keeps (K8).  Showdown Hans IX, Grete Narr: 'Wenn
#   zwei spielen und einer einen Narren hat, verlieren beide eine Marke, es sei denn, die andere
#   Karte ist der Cucu' (Z8): both lose one.  Next dealer: Hans, right of the dealer (K2).
ZEH_DE = """\
Regeln: zeh-1769
Spieler: Hans 2, Grete 2
Geber: Grete

Hans: Narr, ich gebe weiter
Grete: IX, es ist gut
aufgedeckt: Hans IX, Grete Narr
Grete behauptet: Hans verliert, Grete verliert, nächster Geber Hans
"""


def test_zeh_two_players_one_fool_both_lose_in_german(tmp_path):
    out = rule(tmp_path, ZEH_DE)
    [o] = out["outcomes"]
    assert lost(o["result"]) == Counter({"Hans": 1, "Grete": 1})
    assert o["result"]["next_dealer"] == "Hans"
    assert out["claim"]["claimed"]["next_dealer"] == "Hans" and out["claim"]["verdict"] == "upheld"
    code, text = run(tmp_path, ZEH_DE)
    assert "(Z8)" in text.splitlines()[1] and text.splitlines()[1].startswith("Entscheidung:")


# --------------------------------------------------------------------------- 4. Coucou, French, 6

# Coucou (seed 003, §Spielkarten ... §Spielverlauf), six players, so the piquet pack of 32 (F1):
# ace lowest, then 7 ... king.  Gaston deals; Anne is the first hand (F2).
#   Anne's 8 to Blaise, who must exchange (F3): Anne dame, Blaise 8.  Blaise asks Claude, who says
#   'Coucou!' for his king: no exchange (F3).  Denis keeps.  François, the last player, asks for
#   the talon's top card: a king, 'ist kein Kartentausch erlaubt' (F4): he keeps his card, which
#   nobody saw.  The dealer keeps his (F4).  Shown: dame, 8, roi, 9, valet; François's unknown.
#   F5, the lowest loses, ties all: François's card from 9 up: Blaise's 8 alone; an 8: both; 7 or
#   the ace: François alone.  Next dealer, whatever the card: the first hand, Anne ('die Vorhand,
#   die der nächste Geber wird', F2).  Blaise's claim 'François perd' holds only in the third case.
COUCOU_FR = """\
Règles: coucou
Joueurs: Gaston, Anne, Blaise, Claude, Denis, François
Donneur: Gaston

Anne: 8, je change
Blaise: dame, je change
Claude: roi, Coucou !
Denis: 9, je garde
François: ?, je change, talon roi
Gaston: valet, je garde
montrées: Anne dame, Blaise 8, Claude roi, Denis 9, Gaston valet
Blaise prétend: François perd, prochain donneur Anne
"""


def test_coucou_talon_king_with_francois_card_unknown(tmp_path):
    out = rule(tmp_path, COUCOU_FR)
    by_loser = {tuple(sorted(lost(o["result"]))): o for o in out["outcomes"]}
    assert set(by_loser) == {("Blaise",), ("Blaise", "François"), ("François",)}
    assert all(o["result"]["next_dealer"] == "Anne" for o in out["outcomes"])
    assert out["claim"]["claimed"]["next_dealer"] == "Anne"
    # the claim fails where François's card was 8 or higher, on the losers only
    assert {d["field"] for d in out["claim"]["differences"]} == {"loses"}
    code, text = run(tmp_path, COUCOU_FR)
    assert "F4" in text and "K12" not in text


def test_a_claim_right_in_some_cases_says_in_which(tmp_path):
    # Blaise's 'François perd' is right if François was dealt the 7 or the ace (F5): the ruling
    # overrules it for the other cases and says where it holds, rather than a bare 'REJETÉE'
    # that a table reads as wrong whatever the card
    out = rule(tmp_path, COUCOU_FR)
    assert out["claim"]["verdict"] == "overruled"
    assert out["claim"]["upheld_if"] == ["François a reçu 7 ou plus basse"]
    code, text = run(tmp_path, COUCOU_FR)
    assert "  la réclamation ne tient que si François a reçu 7 ou plus basse" in text.splitlines()
    # a claim wrong in every case says no such thing
    out = rule(tmp_path, COUCOU_FR.replace("François perd", "Denis perd"))
    assert "upheld_if" not in out["claim"]


# --------------------------------------------------------------------------- 5. As Qui Court, French, 5

# As Qui Court (seed 003, §As Qui Court), five players (piquet pack, F1), Théo deals one card to
# himself (A2).  Paul's ace goes to Quentin for his 10 (F3).  Quentin asks Rémi, who shows his
# king instead of calling (A1): no exchange.  Sophie, the last player, exchanges with the dealer
# (A3): Sophie valet, Théo 7.  The dealer received a 7, not an ace: no talon for him (A4); he
# keeps.  Shown: 10, ace, king, jack, 7: Quentin's ace is the lowest (F5): one mark of five.
# Next dealer: Paul, the first hand (F2).
AS_QUI_COURT_FR = """\
Règles: as-qui-court
Joueurs: Paul, Quentin, Rémi, Sophie, Théo
Donneur: Théo

Paul: as, je change
Quentin: 10, je change
Rémi: roi, roi!
Sophie: 7, je change
Théo: valet, je garde
montrées: Paul 10, Quentin as, Rémi roi, Sophie valet, Théo 7
réclamation de Théo: Quentin perd, prochain donneur Paul
"""


def test_as_qui_court_king_shown_and_the_ace_runs(tmp_path):
    out = rule(tmp_path, AS_QUI_COURT_FR)
    [o] = out["outcomes"]
    assert lost(o["result"]) == Counter({"Quentin": 1}) and o["result"]["marks"]["Quentin"] == 4
    assert o["result"]["next_dealer"] == "Paul"
    assert out["claim"]["claimed"]["next_dealer"] == "Paul" and out["claim"]["verdict"] == "upheld"


def test_as_qui_courts_dealer_without_an_ace_may_not_take_the_talon(tmp_path):
    # A4: 'nur, wenn er vom vorherigen Spieler ein Ass erhalten hat'; the refusal is at Théo's line
    # and cites As Qui Court's own rule
    code, text = run(tmp_path, AS_QUI_COURT_FR.replace("Théo: valet, je garde", "Théo: valet, je prends au talon"))
    assert code == 1
    assert "deal.txt:9:" in text and "A4" in text and "[K" not in text


# --------------------------------------------------------------------------- 6. Hère, English, 20

# Hère (seed 003, §Hère): Furetière's game, one card each, exchange with the neighbour, the lowest
# loses (H1); Lebrun's king says 'Her!' (H2).  Twenty players, the whole pack; five marks each as
# Coucou (F1, Q17); the last player asks the dealer (the preset's reading of H1).
#   Ben's ace to Cleo for her 9 (Ben 9, Cleo ace); Cleo asks Dan: 'Her!', no exchange.  Rex's 5 to
#   Sam for his 3 (Rex 3, Sam 5); Sam's 5 to Tess, the dealer, for her 4 (Sam 4, Tess 5).
#   Shown: aces with Cleo and Gus, the lowest: both lose (H1; ties all, F5).  Next dealer Ada.
HERE_EN = """\
Ruleset: here
Players: Ada, Ben, Cleo, Dan, Eva, Finn, Gus, Hal, Ivy, Jon, Kim, Lea, Max, Ned, Ona, Pia, Quin, Rex, Sam, Tess
Dealer: Tess

Ada: 2, keep
Ben: ace, offer
Cleo: 9, offer
Dan: king, Her!
Eva: 7, keep
Finn: 5, keep
Gus: ace, keep
Hal: queen, keep
Ivy: 3, keep
Jon: 8, keep
Kim: 10, keep
Lea: jack, keep
Max: 4, keep
Ned: 6, keep
Ona: 9, keep
Pia: 2, keep
Quin: 7, keep
Rex: 5, offer
Sam: 3, offer
Tess: 4, keep
shown: Ada 2, Ben 9, Cleo ace, Dan king, Eva 7, Finn 5, Gus ace, Hal queen, Ivy 3, Jon 8, Kim 10, \
Lea jack, Max 4, Ned 6, Ona 9, Pia 2, Quin 7, Rex 3, Sam 4, Tess 5
claim by Ben: Cleo loses, Gus loses, next dealer Ada
"""


def test_here_twenty_players_two_aces(tmp_path):
    out = rule(tmp_path, HERE_EN)
    [o] = out["outcomes"]
    assert lost(o["result"]) == Counter({"Cleo": 1, "Gus": 1})
    assert o["result"]["next_dealer"] == "Ada" and out["claim"]["verdict"] == "upheld"


# --------------------------------------------------------------------------- 7. Ranter-Go-Round, English, 3

# Ranter-Go-Round (Cassell 1881): no card has any privilege (R3): Ulla must take Tom's 5 for her
# king.  The dealer Vic takes the top card of the pack, a 5 (R2).  Ulla's 5 and Vic's 5 tie
# lowest; 'only the one turned up last' loses (R4): cards are turned up from the dealer's left,
# Vic's last.  Vic loses a life of three (R1).  Ulla's claim that she loses is overruled.
RANTER_EN = """\
Ruleset: ranter-go-round
Players: Tom, Ulla, Vic
Dealer: Vic

Tom: 5, change
Ulla: king, keep
Vic: 2, pack 5
shown: Tom king, Ulla 5, Vic 5
Ulla claims: Ulla loses
"""


def test_ranter_go_round_the_last_turned_up_loses(tmp_path):
    out = rule(tmp_path, RANTER_EN)
    [o] = out["outcomes"]
    assert lost(o["result"]) == Counter({"Vic": 1}) and o["result"]["marks"]["Vic"] == 2
    assert out["claim"]["verdict"] == "overruled"
    [d] = out["claim"]["differences"]
    assert d["left_out"] == ["Vic"] and d["not_ruled"] == ["Ulla"]


# --------------------------------------------------------------------------- 8. Screw Your Neighbour, English, 3

# Screw Your Neighbour (pagat.com's Cuckoo): Amy asks Ben, whose king is exposed: no exchange
# (S3); Ben still has his turn and keeps (S2).  The dealer Cole keeps.  Amy's 4 and Cole's 4 tie
# lowest: 'they all lose a life' (S5); both were on their last: out.  Ben is the last left: he wins
# (S5).  Ben's claim says it as a table does: 'Amy out, Cole out, winner Ben' (no 'loses' listed:
# going out is losing the last life, K16).
SCREW_EN = """\
Ruleset: screw-your-neighbour
Players: Amy 1, Ben 2, Cole 1
Dealer: Cole

Amy: 4, offer
Ben: king, king!
Ben: keep
Cole: 4, keep
shown: Amy 4, Ben king, Cole 4
claim by Ben: Amy out, Cole out, winner Ben
"""


def test_screw_your_neighbour_two_out_one_winner(tmp_path):
    out = rule(tmp_path, SCREW_EN)
    [o] = out["outcomes"]
    assert lost(o["result"]) == Counter({"Amy": 1, "Cole": 1})
    assert o["result"]["winner"] == "Ben" and sorted(o["result"]["out"]) == ["Amy", "Cole"]
    assert out["claim"]["verdict"] == "upheld"


# --------------------------------------------------------------------------- 9. digital, Danish, 4

# The digital game (seed 004, 'At spille en tur'): Mette's IV to Lars for his II (D3).  Lars asks
# Sofie, whose cat is shown and refuses: Lars loses a life at once, and the exchange that brought
# him the IV is undone (D5): Mette IV, Lars II again.  Jens, the dealer, exchanges his spand with
# the bottom of the stack (D3) and gets a VII.  Shown IV, II, XII, VII: Lars's II is the lowest
# (D7): his second life.  Next dealer: the next surviving seat, Mette (D2).
DIGITAL_DA = """\
Regler: digital-4p
Spillere: Mette, Lars, Sofie, Jens
Giver: Jens

Mette: IV, byt
Lars: II, byt
Sofie: kat, kat!
Lars: mister et liv
Jens: spand, byt med bunken VII
vist: Mette IV, Lars II, Sofie XII, Jens VII
påstand fra Mette: Lars taber 2, næste giver Mette
"""


def test_digital_cat_undo_in_danish(tmp_path):
    out = rule(tmp_path, DIGITAL_DA)
    [o] = out["outcomes"]
    assert lost(o["result"]) == Counter({"Lars": 2}) and o["result"]["next_dealer"] == "Mette"
    assert out["claim"]["claimed"]["next_dealer"] == "Mette" and out["claim"]["verdict"] == "upheld"
    code, text = run(tmp_path, DIGITAL_DA)
    assert "Mette tager IIII tilbage fra Lars" in text and "Liv nu:" in text


# --------------------------------------------------------------------------- 10. Campli, German, 8, buy-back

# Campli (seed 000, §Ereigniskarten XIIII, §Das Ergebnis, §Wiedereintritt ins Spiel), eight seats,
# Dieter already out (one elimination so far), eight stakes in the pot.
#   Anna keeps her X.  Bernd, on his last mark, offers his III to Clara's Bragon: 'Der Anbieter ...
#   verliert jedoch eine Marke' (K11): Bernd is out, his card dead (K15).  Play goes on right of
#   the Bragon: Dieter is out, so Emma, who keeps her II.  Fritz's VII to Greta for her IV (K7).
#   The dealer keeps his VIII.  Live cards X, XIIII, II, IV, VII, VIII: Emma's II loses a mark.
#   Anna is still a virgin, so Bernd may buy back after the deal (K17), as the second out: 'der
#   zweite den doppelten' Einsatz: two stakes; he does.  Next dealer: Anna, right of Heinz (K2).
CAMPLI_DE = """\
Regeln: campli
Spieler: Anna virgin, Bernd 1, Clara 2, Dieter 0, Emma, Fritz, Greta, Heinz
Geber: Heinz
Pott: 8
Ausgeschieden: 1

Anna: X, es ist gut
Bernd: III, ich gebe weiter
Clara: bum!
Bernd: zahlt
Emma: II, es ist gut
Fritz: VII, ich gebe weiter
Greta: IV, es ist gut
Heinz: VIII, es ist gut
gezeigt: Anna X, Clara XIIII, Emma II, Fritz IV, Greta VII, Heinz VIII
Bernd: ich kaufe mich zurück
Behauptung von Emma: Bernd raus, Emma verliert, nächster Geber Anna
"""


def test_campli_out_by_the_bragon_and_buying_back_in_german(tmp_path):
    out = rule(tmp_path, CAMPLI_DE)
    [o] = out["outcomes"]
    assert lost(o["result"]) == Counter({"Bernd": 1, "Emma": 1})
    assert o["result"]["dead"] == ["Bernd"] and o["result"]["bought_back"] == ["Bernd"]
    assert o["result"]["buy_back_offers"][0]["stakes"] == 2 and o["result"]["pot"] == 10
    assert o["result"]["next_dealer"] == "Anna" and out["claim"]["verdict"] == "upheld"
    # the bookkeeping header in German keeps the deal German: the ruling is in German
    code, text = run(tmp_path, CAMPLI_DE)
    assert text.splitlines()[1].startswith("Entscheidung:")


@pytest.mark.parametrize("header, field", [
    ("Ausgeschieden: 1", "eliminations"), ("Eliminati: 1", "eliminations"), ("Éliminés: 1", "eliminations"),
    ("Udgået: 1", "eliminations"), ("Wiedereintritte: 1", "reentries"), ("Rientri: 1", "reentries"),
    ("Rachats: 1", "reentries"), ("Spiele: 4", "deals_played"), ("Donnes: 4", "deals_played"),
    ("Runder: 4", "deals_played"), ("Mani giocate: 4", "deals_played"),
])
def test_the_bookkeeping_headers_in_each_language(header, field):
    doc = parse(CAMPLI_DE.replace("Ausgeschieden: 1", header))
    assert doc[field] == int(header.rsplit(" ", 1)[1])


# --------------------------------------------------------------------------- 11. Lu Stù, Italian, 6, forgotten '!'

# Lu Stù (seed 000, §Lu Stù), six players, Fulvio deals.
#   Aldo keeps VI.  Bice offers her I; Ciro's horse is announced 'zumb' (L9): the offer jumps to
#   Dina, dealt III: they exchange (K7): Bice III, Dina I.  Dina offers to Elio's cat: 'Gnaf,
#   cart'arrit': Dina loses a mark ('pij na gnaffat') and must offer her card to the LEFT (L8): the
#   horse is skipped 'wie üblich', Bice must exchange 'egal ob er seine Karte per Tausch oder vom
#   Geber erhalten hat' (Dina III, Bice I), and 'das Tauschgeschäft geht nach links weiter': Aldo
#   must take the I for his VI.  The way back ends with Aldo, the first hand (Q5).  Fulvio keeps IX.
#   Shown I, VI, XIII, III, XII, IX: Aldo's I is the lowest (L3).  Dina 1 (the cat), Aldo 1.
#   Aldo's claim 'Dina perde 2' is overruled: Dina loses one, and Aldo's own mark is left out.
LU_STU_WAY_BACK = """\
Regole: lu-stu
Giocatori: Aldo, Bice, Ciro, Dina, Elio, Fulvio
Mazziere: Fulvio

Aldo: VI, sto bene
Bice: I, passo
Ciro: XIII, zumb
Dina: III, passo
Elio: XII, Gnaf, cart'arrit!
Dina: pij na gnaffat
Dina <> Bice
Bice <> Aldo
Fulvio: IX, sto bene
mostrate: Aldo I, Bice VI, Ciro XIII, Dina III, Elio XII, Fulvio IX
Aldo sostiene: Dina perde 2
"""


def test_a_forgotten_bang_on_zumb_is_reported_at_its_place(tmp_path):
    with pytest.raises(NotationError) as err:
        parse(LU_STU_WAY_BACK)
    assert (err.value.line, err.value.column) == (7, 13)
    assert "'zumb!'" in err.value.message
    code, text = run(tmp_path, LU_STU_WAY_BACK)
    assert code == 1 and "deal.txt:7:13:" in text


def test_lu_stu_way_back_past_the_horse(tmp_path):
    fixed = LU_STU_WAY_BACK.replace("Ciro: XIII, zumb\n", "Ciro: XIII, zumb!\n")
    out = rule(tmp_path, fixed)
    [o] = out["outcomes"]
    assert lost(o["result"]) == Counter({"Dina": 1, "Aldo": 1})
    assert [x["rule"] for x in o["result"]["marks_lost"]] == ["L8", "K15"]
    assert out["claim"]["verdict"] == "overruled"
    [d] = out["claim"]["differences"]
    assert d["left_out"] == ["Aldo"] and d["not_ruled"] == ["Dina"]
    # Lu Stù's horse is 'Zumb' (L9), never Campli's 'Salta', in the Italian account too
    code, text = run(tmp_path, fixed)
    assert "Salta" not in text and "XIII Zumb" in text


# --------------------------------------------------------------------------- 12. digital, Danish, 4, two unknown cards

# The digital game (seed 004): Mette's card is unknown; she asks Lars, whose cuckoo is shown and
# refuses at no cost (D4).  Sofie keeps her VI; Jens, the dealer, keeps a card nobody saw.
# 'En gøg mister aldrig et liv' (D7): Lars is safe whatever the cards.  The rest depends on the
# two unknown cards: both above VI (and no lone fool): Sofie alone; a lone fool ties with the
# lowest card (D7) ... The next dealer is Mette whatever they were (D2).  Sofie's claim that she
# alone loses holds only in some of the cases.
DIGITAL_UNKNOWN = """\
Regler: digital-4p
Spillere: Mette, Lars 1, Sofie 2, Jens
Giver: Jens

Mette: ?, byt
Lars: kukku, kukku!
Sofie: VI, behold
Jens: ?, behold
vist: Lars XV, Sofie VI
påstand: Sofie taber, næste giver Mette
"""


def test_digital_cuckoo_never_loses_with_two_cards_unknown(tmp_path):
    out = rule(tmp_path, DIGITAL_UNKNOWN)
    assert len(out["outcomes"]) > 1
    assert all("Lars" not in lost(o["result"]) for o in out["outcomes"])
    assert all(o["result"]["next_dealer"] == "Mette" for o in out["outcomes"])
    # the claim's next dealer is right in every case; only the losers differ
    assert {d["field"] for d in out["claim"]["differences"]} == {"loses"}
    code, text = run(tmp_path, DIGITAL_UNKNOWN)
    assert text.splitlines()[1] == "Sikkert, uanset kortene: næste giver: Mette."


# --------------------------------------------------------------------------- the claim's words in five languages

@pytest.mark.parametrize("item, key, value", [
    ("prossimo mazziere Ugo", "next_dealer", "Ugo"), ("nächster Geber Ugo", "next_dealer", "Ugo"),
    ("prochain donneur Ugo", "next_dealer", "Ugo"), ("næste giver Ugo", "next_dealer", "Ugo"),
    ("next dealer Ugo", "next_dealer", "Ugo"),
    ("vincitore Ugo", "winner", "Ugo"), ("Gewinner Ugo", "winner", "Ugo"), ("gagnant Ugo", "winner", "Ugo"),
    ("nessuno perde", "loses", []), ("niemand verliert", "loses", []), ("personne ne perd", "loses", []),
    ("ingen taber", "loses", []),
])
def test_a_claims_next_dealer_winner_and_nobody_in_each_language(item, key, value):
    claim = parse(CAMPLI_IT.replace("Xenia perde 2, prossimo mazziere Ugo", item))["claim"]
    assert claim == {"by": "Ugo", key: value}
