"""The hand-checked conformance vectors, as written: each scenario with the outcome worked out
by hand from its source (quoted).  ``python conformance/hand-checked.py`` writes them, with the
cards laid out in full, into ``conformance/v1/hand-checked.json`` and the package's copy.

A virgin (K17) is a player who never lost a mark; gaining marks keeps him one (K17, Q8
'still-virgin', the default of every preset).  Only the layout of the cards (the rest of the
stack, filled in the pack's order where the scenario leaves it open) is computed; every
expected outcome below is the author's, and ``tests/conformance/test_vectors.py`` checks that
the engine agrees with each.
"""

from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from cucu_ref.game.cards import format as card_name
from cucu_ref.services.conformance import PACKAGE_DATA, REPOSITORY_DATA
from cucu_ref.services.conformance.generate import (_checks, _observable, dealt_and_rest, deciding_readings, features,
                                                    reading_sources)
from cucu_ref.formats.trace import outcome_json, parse, replay
from cucu_ref.game.deal import deal_stack, start_deal
from cucu_ref.game.rulesets import preset

# Where each scenario's rule is read: the source's author after the account that reports it (our
# seeds are German accounts of older texts, and their section names are the accounts'), never a
# seed's file number (issue 24 §2: "never 'seed 000' in anything a user reads").
_ACCOUNT, _ARTICLE = "the German account 'Cucù und Lu Stù'", "the German article 'Coucou (Kartenspiel)'"
FARINA = f"N. Farina 2010 (Campli), after {_ACCOUNT}"
DI_LUIGI_MAZZA = f"G. Di Luigi & D. Mazza 2009 (Lu Stù), after {_ACCOUNT}"
ZEH = f"Zeh 1769, after {_ACCOUNT}"
COUCOU = _ARTICLE
MERY = f"J. Méry 1847, after {_ARTICLE}"
HERE = f"A. Furetière 1690 and M. Lebrun 1828, after {_ARTICLE}"
DIGITAL = "the Danish rules page of the digital four-player Cuccù"
PAGAT = "pagat.com, Cuckoo (J. McLeod)"

# (id, ruleset, names, marks, virgins or None, dealer, cards by seat, rest prefix, decisions,
#  expected outcome, rules exercised, source and reasoning)
S = [
    ("hand/campli-K10-cuckoo", "campli", "ABCD", [3] * 4, None, 3, ["II", "XV", "V", "VII"], [],
     [(0, "offer"), (2, "keep"), (3, "keep")],
     {"net": [-1, 0, 0, 0], "out": [], "hands": ["II", "XV", "V", "VII"], "next_dealer": 0, "winner": None},
     ["K10", "K5", "K15", "K2"], FARINA + ", section Ereigniskarten, XV Cucù: 'kein Tausch, keine Kosten'; the round "
     "goes on "
     "right of the cuckoo (C keeps, D keeps); A's II is lowest (section Das Ergebnis); the player right of the "
     "dealer deals "
     "next (K2)."),
    ("hand/campli-K11-hunter", "campli", "ABCD", [3] * 4, None, 3, ["II", "XIIII", "V", "VII"], [],
     [(0, "offer"), (2, "keep"), (3, "keep")],
     {"net": [-2, 0, 0, 0], "out": [], "hands": ["II", "XIIII", "V", "VII"], "next_dealer": 0, "winner": None},
     ["K11", "K15"], FARINA + ", XIIII Bragon: 'Der Anbieter behält seine Karte ... verliert jedoch eine Marke'; "
     "then A's II is still lowest at the showdown: a second mark."),
    ("hand/campli-K12-horse-jump", "campli", "ABCD", [3] * 4, None, 3, ["II", "XIII", "V", "VII"], [],
     [(0, "offer"), (2, "keep"), (3, "keep")],
     {"net": [0, 0, -1, 0], "out": [], "hands": ["V", "XIII", "II", "VII"], "next_dealer": 0, "winner": None},
     ["K12", "K7"], FARINA + ", XIII Salta: 'springt die Anfrage über ihn hinweg zum nächsten Spieler'; C must "
     "exchange "
     "(K7) and keeps the II: lowest."),
    ("hand/campli-K12-horse-at-dealer", "campli", "ABC", [3] * 3, None, 2, ["VI", "I", "XIII"], ["X"],
     [(0, "keep"), (1, "offer")],
     {"net": [-1, 0, 0], "out": [], "hands": ["VI", "X", "XIII"], "next_dealer": 0, "winner": None},
     ["K12", "K10"], FARINA + ", XIII: 'Falls der Angefragte der Geber ist, tauscht der Anbieter mit der obersten "
     "Karte "
     "vom Stapel' (the X); the dealer was targeted, so the round is over (K10-K14: play goes on right of him); A's VI "
     "is lowest."),
    ("hand/campli-K13-cat-undo", "campli", "ABCD", [3] * 4, None, 3, ["III", "V", "XII", "X"], [],
     [(0, "offer"), (1, "offer"), (3, "keep")],
     {"net": [-1, -1, 0, 0], "out": [], "hands": ["III", "V", "XII", "X"], "next_dealer": 0, "winner": None},
     ["K13", "K7"], FARINA + ", XII Gnaf: B, who got A's III by exchange, offers to the cat: she pays a mark and "
     "'dieser "
     "Tausch wird rückgängig gemacht'; play goes on right of the cat (D); A's III is lowest."),
    ("hand/campli-K14-inn-accepted", "campli", "ABCD", [3] * 4, None, 3, ["0", "XI", "V", "VII"], [],
     [(0, "offer"), (0, "ask"), (1, "accept"), (2, "keep"), (3, "keep")],
     {"net": [0, -1, 0, 0], "out": [], "hands": ["0", "XI", "V", "VII"], "next_dealer": 0, "winner": None},
     ["K14"], FARINA + ", XI Taverna: the innkeeper accepts 'pagherai se null?': no exchange; A really holds the nulla "
     "and loses, so 'muss an seiner statt der Gastwirt eine Marke zahlen'."),
    ("hand/campli-K14-inn-refused", "campli", "ABCD", [3] * 4, None, 3, ["0", "XI", "V", "VII"], [],
     [(0, "offer"), (0, "ask"), (1, "refuse"), (2, "keep"), (3, "keep")],
     {"net": [0, -1, 0, 0], "out": [], "hands": ["XI", "0", "V", "VII"], "next_dealer": 0, "winner": None},
     ["K14"], FARINA + ", XI: refused, 'dann muss er seine Karte mit dem Anbieter tauschen'; play goes on right of the "
     "inn; B now holds the nulla, lowest."),
    ("hand/campli-K14-offerer-keeps", "campli", "ABCD", [3] * 4, None, 3, ["III", "XI", "V", "VII"], [],
     [(0, "offer"), (0, "keep"), (2, "keep"), (3, "keep")],
     {"net": [-1, 0, 0, 0], "out": [], "hands": ["III", "XI", "V", "VII"], "next_dealer": 0, "winner": None},
     ["K14"], FARINA + ", XI: after 'fermatevi aliquanto' the offerer may 'seine Karte doch ... behalten'; his III is "
     "lowest."),
    ("hand/campli-K8-dealer-bottom", "campli", "ABC", [3] * 3, None, 2, ["VI", "VII", "I"], [None] * 36 + ["X"],
     [(0, "keep"), (1, "keep"), (2, "exchange-with-stack")],
     {"net": [-1, 0, 0], "out": [], "hands": ["VI", "VII", "X"], "next_dealer": 0, "winner": None},
     ["K8"], FARINA + ", section Geben und Kartentausch: the dealer may exchange 'mit der untersten Karte des "
     "Stapels' (the X); "
     "A's VI is then lowest."),
    ("hand/campli-K19-two-cuckoos", "campli", "AB", [3, 3], None, 1, ["XV", "XV"], [], [(0, "keep"), (1, "keep")],
     {"net": [0, 0], "out": [], "hands": ["XV", "XV"], "next_dealer": 0, "winner": None},
     ["K19"], FARINA + ", section Endspiel zu zweit: 'wenn beide einen Cucù haben, verliert keiner'."),
    ("hand/campli-K19-both-out-restart", "campli", ["Andrea", "Beatrice", "Chiara", "Dario"], [1, 1, 0, 0],
     [False] * 4, 1, ["V", "XIIII", None, None], [], [(0, "offer")],
     {"net": [-1, -1, 0, 0], "marks": [3, 3, 3, 3], "out": [], "hands": ["V", "XIIII", None, None],
      "next_dealer": 2, "winner": None},
     ["K19", "K11", "K15", "K18"], FARINA + ", section Endspiel zu zweit: Andrea V offers to the dealer Beatrice's "
     "Bragon, "
     "loses his last mark, 'seine Karte ist tot'; 'Da Beatrice nunmehr der einzige Spieler ohne tote Karte ist, ist "
     "ihre Karte die niedrigste'; both out in one deal, so everybody gets three marks again (K18); the deal passes "
     "right of Beatrice."),
    ("hand/campli-C3-one-fool", "campli", "ABC", [3] * 3, None, 2, ["matto", "V", "VII"], [],
     [(0, "keep"), (1, "keep"), (2, "keep")],
     {"net": [-1, -1, 0], "out": [], "hands": ["matto", "V", "VII"], "next_dealer": 0, "winner": None},
     ["C3", "K15"], FARINA + ", section Das Ergebnis: a single fool ranks with the lowest other card (V): both lose."),
    ("hand/campli-C3-two-fools", "campli", "ABCD", [3] * 4, None, 3, ["matto", "matto", "XV", "V"], [],
     [(0, "keep"), (1, "keep"), (2, "keep"), (3, "keep")],
     {"net": [0, 0, 0, -1], "out": [], "hands": ["matto", "matto", "XV", "V"], "next_dealer": 0, "winner": None},
     ["C3"], FARINA + ", section Das Ergebnis: both fools in play rank between XV and XIIII; the V is lowest."),
    ("hand/campli-K17-buy-back-second", "campli", "ABC", [1, 3, 3], [False, True, True], 2, ["I", "V", "VI"], [],
     [(0, "keep"), (1, "keep"), (2, "keep"), (0, "buy-back")],
     {"net": [-1, 0, 0], "marks": [3, 3, 3], "out": [], "hands": ["I", "V", "VI"], "next_dealer": 0, "winner": None,
      "pot": 5, "virgins": [1, 2]},
     ["K17", "K16"], FARINA + ", section Wiedereintritt ins Spiel: A loses his last mark (K16); a virgin remains, so "
     "he may buy back, "
     "as the second out of the match (eliminations 1) for two stakes, into a pot of three; he gets three marks "
     "again, is no virgin, and deals next."),
    ("hand/campli-K17-no-virgin", "campli", "ABC", [1, 2, 2], [False, False, False], 2, ["I", "V", "VI"], [],
     [(0, "keep"), (1, "keep"), (2, "keep")],
     {"net": [-1, 0, 0], "marks": [0, 2, 2], "out": [0], "hands": ["I", "V", "VI"], "next_dealer": 1,
      "winner": None},
     ["K17", "K16", "K2"], FARINA + ", section Wiedereintritt ins Spiel: buying back needs a virgin 'solange es eine "
     "oder mehrere "
     "Jungfrauen gibt'; none is left, so A is out and B, the next seat still in, deals."),
    ("hand/campli-K3-winner", "campli", "ABC", [1, 2, 0], [False, False, False], 1, ["III", "V", None], [],
     [(0, "keep"), (1, "keep")],
     {"net": [-1, 0, 0], "out": [0, 2], "hands": ["III", "V", None], "next_dealer": None, "winner": 1},
     ["K3", "K16"], FARINA + ", section Spieler, Einsatz, Spielrunde: the last with marks takes the pot."),
    ("hand/lu-stu-L13-three-marks", "lu-stu", "ABCD", [3] * 4, [True] * 4, 3, ["XII", "III", "XII", "X"], [],
     [(0, "keep"), (1, "offer"), (3, "keep"), (1, "decline-buy-back")],
     {"net": [0, -3, 0, 0], "out": [1], "hands": ["XII", "III", "XII", "X"], "next_dealer": 0, "winner": None,
      "pot": 4, "virgins": [0, 2, 3]},
     ["L13", "L8", "L11"], DI_LUIGI_MAZZA + ", section Lu Stù: 'A hat eine Katze, B eine Karte von X oder niedriger "
     "und C eine "
     "Katze. Bietet B C an, verliert er eine Marke. Er muss A anbieten, verliert eine zweite Marke und ... eine "
     "dritte': the third at the showdown, where his III was shown; out, he may buy back at once (L11) and "
     "declines."),
    ("hand/lu-stu-L3-first-tied", "lu-stu", "ABC", [3] * 3, None, 2, ["V", "V", "VII"], [],
     [(0, "keep"), (1, "keep"), (2, "keep")],
     {"net": [-1, 0, 0], "out": [], "hands": ["V", "V", "VII"], "next_dealer": 0, "winner": None},
     ["L3"], DI_LUIGI_MAZZA + ", section Lu Stù: of tied lowest only the first in play order, right of the dealer, "
     "loses."),
    ("hand/lu-stu-L4-one-fool", "lu-stu", "ABC", [3] * 3, None, 2, ["matto", "III", "V"], [],
     [(0, "keep"), (1, "keep"), (2, "keep")],
     {"net": [-1, -1, 0], "out": [], "hands": ["matto", "III", "V"], "next_dealer": 0, "winner": None},
     ["L4"], DI_LUIGI_MAZZA + ", section Lu Stù: 'lu matt paga e fa pagare': the fool loses and so does the lowest "
     "other card."),
    ("hand/lu-stu-L4-two-fools-gain", "lu-stu", "ABCD", [3] * 4, None, 3, ["matto", "matto", "III", "V"], [],
     [(0, "keep"), (1, "keep"), (2, "keep"), (3, "keep")],
     {"net": [1, 1, -1, 0], "out": [], "hands": ["matto", "matto", "III", "V"], "next_dealer": 0, "winner": None,
      "virgins": [0, 1, 3]},
     ["L4", "L1"], DI_LUIGI_MAZZA + ", section Lu Stù: two fools are the highest cards and each holder gains a mark; "
     "the first with "
     "the lowest card still loses one."),
    ("hand/lu-stu-L7-bargain-accepted", "lu-stu", "ABCD", [3] * 4, None, 3, ["0", "XI", "V", "VII"], [],
     [(0, "offer"), (1, "accept"), (2, "keep"), (3, "keep")],
     {"net": [0, -1, 0, 0], "out": [], "hands": ["XI", "0", "V", "VII"], "next_dealer": 0, "winner": None},
     ["L7"], DI_LUIGI_MAZZA + ", section Lu Stù, XI: 'Erscheint das Angebot dem Gastwirt akzeptabel, tauschen die "
     "Spieler die Karten'; "
     "B then holds the nulla, lowest."),
    ("hand/lu-stu-L7-fatt-nu-bicchijr", "lu-stu", "ABCD", [3] * 4, None, 3, ["0", "XI", "V", "VII"], [],
     [(0, "offer"), (1, "refuse"), (2, "keep"), (3, "keep")],
     {"net": [0, -1, 0, 0], "out": [], "hands": ["0", "XI", "V", "VII"], "next_dealer": 0, "winner": None},
     ["L7"], DI_LUIGI_MAZZA + ", section Lu Stù, XI: refused, the innkeeper 'behält das Wirtshaus, muss aber "
     "anstelle des Anbieters "
     "eine Marke zahlen, wenn dieser die Null halten und das Spiel verlieren sollte'."),
    ("hand/lu-stu-L10-dead-under-stack", "lu-stu", "ABCD", [1, 3, 3, 3], [False, True, True, True], 3,
     ["III", "XIIII", "V", "VII"], [],
     [(0, "offer"), (0, "decline-buy-back"), (2, "keep"), (3, "keep")],
     {"net": [-1, 0, -1, 0], "out": [0], "hands": [None, "XIIII", "V", "VII"], "next_dealer": 1, "winner": None,
      "pot": 4, "virgins": [1, 3]},
     ["L10", "L11", "K11"], DI_LUIGI_MAZZA + ", section Lu Stù: shot on his last mark, A goes out; his card goes "
     "under the stack and "
     "is not compared (L10); he may buy back at once (L11) and declines; C's V is lowest of the rest."),
    ("hand/zeh-Z5-cat-paid", "zeh-1769", "ABCD", [3] * 4, None, 3, ["III", "XII", "V", "VII"], [],
     [(0, "offer"), (2, "keep"), (3, "keep")],
     {"net": [-2, 1, 0, 0], "out": [], "hands": ["III", "XII", "V", "VII"], "next_dealer": 0, "winner": None,
      "virgins": [1, 2, 3]},
     ["Z5"], ZEH + ", section Das Cucuspiel: XII 'Gnau': no exchange, the offerer pays a mark to the cat's holder; "
     "A's III "
     "is lowest at the showdown too."),
    ("hand/zeh-Z7-hint", "zeh-1769", "ABCD", [3] * 4, None, 3, ["matto", "matto", "V", "X"], [],
     [(0, "hint"), (0, "keep"), (1, "keep"), (2, "keep"), (3, "keep")],
     {"net": [0, 1, -1, 0], "out": [], "hands": ["matto", "matto", "V", "X"], "next_dealer": 0, "winner": None,
      "virgins": [0, 1, 3]},
     ["Z6", "Z7"], ZEH + ", section Das Cucuspiel: two fools in play each gain a mark (Z6), but one who 'irgendwie zu "
     "verstehen gibt' that he holds it gets none (Z7); the V is lowest."),
    ("hand/zeh-Z11-draw", "zeh-1769", "ABC", [1, 1, 0], [False] * 3, 1, ["V", "V", None], [],
     [(0, "keep"), (1, "keep")],
     {"net": [-1, -1, 0], "marks": [3, 3, 3], "out": [], "hands": ["V", "V", None], "next_dealer": 2,
      "winner": None},
     ["Z11"], ZEH + ", section Das Cucuspiel, as the account fills Zeh's gaps: all remaining out together is a draw; "
     "all play again "
     "without a new stake."),
    ("hand/digital-D6-innkeeper-acts", "digital-4p", "ABCD", [3] * 4, None, 3, ["0", "XI", "V", "VII"], [],
     [(0, "offer"), (0, "ask"), (1, "refuse"), (1, "offer"), (2, "keep"), (3, "keep")],
     {"net": [0, 0, -1, 0], "out": [], "hands": ["XI", "V", "0", "VII"], "next_dealer": 0, "winner": None},
     ["D6", "D3", "D7"], DIGITAL + ", 'Kroen': refused, 'skal kroen byttes; dens tidligere indehaver handler derefter "
     "normalt': B passes the nulla on to C, who must exchange (D3) and keeps it: lowest (D7)."),
    ("hand/digital-D8-all-return", "digital-4p", "ABCD", [1, 1, 0, 0], [False] * 4, 1, ["V", "V", None, None], [],
     [(0, "keep"), (1, "keep")],
     {"net": [-1, -1, 0, 0], "marks": [3, 3, 3, 3], "out": [], "hands": ["V", "V", None, None], "next_dealer": 2,
      "winner": None},
     ["D8", "D7"], DIGITAL + ": 'Hvis alle, der stadig er med i spillet, når nul i samme runde, vender alle fire "
     "spillere tilbage med tre liv'."),
    ("hand/digital-D5-undo-through-refused-inn", "digital-4p", "ABCD", [3] * 4, None, 3, ["V", "XI", "XII", "VII"],
     [], [(0, "offer"), (0, "ask"), (1, "refuse"), (1, "offer"), (3, "keep")],
     {"net": [-1, -1, 0, 0], "out": [], "hands": ["V", "XI", "XII", "VII"], "next_dealer": 0, "winner": None},
     ["D5", "D6", "Q14"], DIGITAL + ": the refused inn is exchanged and its former holder acts (D6); B offers the V he "
     "got to C's cat: a life (D5), and 'Tidligere på hinanden følgende udvekslinger med anmodningsmandens nuværende "
     "kort bliver omgjort, indtil det vender tilbage til sin oprindelige ejer': the V goes back to A and the inn to "
     "B; play goes on right of the cat; A's V is lowest."),
    # Issue 10 §6: under Q2 'targeted_dealer_decides = yes' the innkeeper at the dealer's seat, who
    # accepted the second offer, still takes the stack's bottom card (K8) and ends lowest himself
    ("hand/campli-Q12-innkeeper-without-a-mark-offerer-pays",
     {"preset": "campli", "options": {"targeted_dealer_decides": "yes"}}, "ABC", [3, 3, 1], None, 2,
     ["V", "0", "XI"], [None] * 36 + ["0"],
     [(0, "keep"), (1, "offer"), (1, "ask"), (2, "accept"), (2, "exchange-with-stack"), (2, "decline-buy-back")],
     {"net": [0, -1, -1], "out": [2], "hands": ["V", "0", "0"], "next_dealer": 0, "winner": None,
      "pot": 3, "virgins": [0]},
     ["K14", "K15", "Q12", "K8", "Q2"], FARINA + ", XI Taverna: accepted, 'wenn dann der Anbieter tatsächlich eine "
     "Null hält und verliert, dann muss an seiner statt der Gastwirt eine Marke zahlen'; both nullas tie lowest "
     "(section Das Ergebnis: 'verlieren beide eine Marke'); C pays his own, his last (out), and has none left for B's: "
     "under Q12's reading 'offerer' (the source is silent) B pays it himself; C declines to buy back (K17: A is "
     "still a virgin), so the pot keeps its three stakes."),
    ("hand/campli-Q12-innkeeper-without-a-mark-nobody-pays",
     {"preset": "campli", "options": {"targeted_dealer_decides": "yes", "inn_keeper_cannot_pay": "nobody"}}, "ABC",
     [3, 3, 1], None, 2, ["V", "0", "XI"], [None] * 36 + ["0"],
     [(0, "keep"), (1, "offer"), (1, "ask"), (2, "accept"), (2, "exchange-with-stack"), (2, "decline-buy-back")],
     {"net": [0, 0, -1], "out": [2], "hands": ["V", "0", "0"], "next_dealer": 0, "winner": None,
      "pot": 3, "virgins": [0, 1]},
     ["K14", "K15", "Q12", "K8", "Q2"], FARINA + ", XI Taverna: as the vector before, under Q12's reading 'nobody': "
     "the accepted bargain took B's mark off him ('an seiner statt'), and C, out, pays nothing more; B, who lost no "
     "mark, is still a virgin (K17)."),
    ("hand/campli-Q3-compared-K19-pair", {"preset": "campli", "options": {"cuckoo_at_showdown": "compared"}}, "AB",
     [3, 3], None, 1, ["XV", "XV"], [], [(0, "keep"), (1, "keep")],
     {"net": [0, 0], "out": [], "hands": ["XV", "XV"], "next_dealer": 0, "winner": None},
     ["K19", "Q3"], FARINA + ", section Endspiel zu zweit: even where a cuckoo is compared like any card (Q3), 'wenn "
     "beide "
     "einen Cucù haben, verliert keiner' (K19)."),
    ("hand/lu-stu-L6-two-cuckoos", "lu-stu", "AB", [3, 3], None, 1, ["XV", "XV"], [], [(0, "keep"), (1, "keep")],
     {"net": [-1, 0], "out": [], "hands": ["XV", "XV"], "next_dealer": 0, "winner": None},
     ["L6", "L3"], DI_LUIGI_MAZZA + ", section Lu Stù: two left with equal cards, the non-dealer loses, 'auch wenn "
     "es sich um "
     "Kuckucke handeln sollte'."),
    ("hand/coucou-F3-coucou", "coucou", "ABCDE", [5] * 5, None, 4, ["7", "K", "8", "9", "Q"], ["10"],
     [(0, "offer"), (2, "keep"), (3, "keep"), (4, "keep")],
     {"net": [-1, 0, 0, 0, 0], "out": [], "hands": ["7", "K", "8", "9", "Q"], "next_dealer": 0, "winner": None},
     ["F3", "F5", "F2"], COUCOU + ", section Spielverlauf: 'es sei denn, er hat einen König. In diesem Fall sagt er "
     "... "
     "„Kuckuck!“ ... und es findet kein Tausch statt'; the 7 is lowest (F5); the first hand deals next (F2)."),
    ("hand/coucou-F4-talon-king", "coucou", "ABCDE", [5] * 5, None, 4, ["7", "8", "9", "A", "Q"], ["K"],
     [(0, "keep"), (1, "keep"), (2, "keep"), (3, "offer"), (4, "keep")],
     {"net": [0, 0, 0, -1, 0], "out": [], "hands": ["7", "8", "9", "A", "Q"], "next_dealer": 0, "winner": None},
     ["F4"], COUCOU + ", section Spielverlauf: the last player exchanges with 'die Karte auf dem Talon. Sollte diese "
     "Karte ein "
     "König sein, ist kein Kartentausch erlaubt'; D keeps the ace, lowest."),
    ("hand/coucou-F5-all-equal", "coucou", "ABCDE", [2, 0, 0, 0, 1], [False] * 5, 4, ["7", None, None, None, "7"],
     [None] * 28 + ["A", "A"], [(0, "keep"), (4, "keep")],
     {"net": [0, 0, 0, 0, 0], "out": [1, 2, 3], "hands": ["7", None, None, None, "7"], "next_dealer": 0,
      "winner": None},
     ["F5", "Q11"], COUCOU + ", section Spielverlauf: the count of players falls 'außer wenn alle Spieler den gleichen "
     "Kartenwert haben': two sevens, nobody loses."),
    ("hand/as-qui-court-A4-running-ace", "as-qui-court", ["Anne", "Bernard", "Claire", "Denis", "Estelle"], [5] * 5,
     None, 4, ["A", "8", "10", "9", "Q"], ["J"],
     [(0, "offer"), (1, "offer"), (2, "offer"), (3, "offer"), (4, "exchange-with-stack")],
     {"net": [-1, 0, 0, 0, 0], "out": [], "hands": ["8", "10", "9", "Q", "J"], "next_dealer": 0, "winner": None},
     ["A2", "A3", "A4"], MERY + ", section As Qui Court: the ace runs to the dealer, who 'kann diese Karte nur mit "
     "dem Talon "
     "tauschen und nur, wenn er vom vorherigen Spieler ein Ass erhalten hat' (the J); Anne, left with the 8, is "
     "lowest."),
    ("hand/as-qui-court-A1-king-shown", "as-qui-court", "ABCDE", [5] * 5, None, 4, ["7", "K", "8", "9", "Q"], [],
     [(0, "offer"), (2, "keep"), (3, "keep"), (4, "keep")],
     {"net": [-1, 0, 0, 0, 0], "out": [], "hands": ["7", "K", "8", "9", "Q"], "next_dealer": 0, "winner": None},
     ["A1"], MERY + ", section As Qui Court: the king holder refuses 'wie bei Coucou', showing the king; the dealer "
     "received "
     "no ace and keeps (A4)."),
    ("hand/here-H1", "here", "ABC", [5] * 3, None, 2, ["2", "K", "5"], [],
     [(0, "offer"), (2, "keep")],
     {"net": [-1, 0, 0], "out": [], "hands": ["2", "K", "5"], "next_dealer": 0, "winner": None},
     ["H1"], HERE + ", section Hère: one card each, exchange with the neighbour; the king holder says 'Her!' "
     "(Lebrun); the "
     "lowest loses."),
    ("hand/ranter-go-round-R4-last-turned-up", "ranter-go-round", ["Anne", "Bernard", "Claire", "Denis"], [3] * 4,
     None, 3, ["3", "K", "3", "5"], ["3"],
     [(0, "offer"), (1, "keep"), (2, "keep"), (3, "exchange-with-stack")],
     {"net": [0, 0, 0, -1], "out": [], "hands": ["K", "3", "3", "3"], "next_dealer": 0, "winner": None},
     ["R2", "R3", "R4"], "Cassell 1881, Cassell's Book of In-door Amusements, Ranter-Go-Round: no card has any "
     "privilege, so Bernard must take the 3; the "
     "dealer takes the top card, a 3; of three equal lowest only the one turned up last, the dealer's, loses."),
    ("hand/syn-S3-king-then-her-turn", "screw-your-neighbour", ["Anne", "Bob", "Cleo", "Dan"], [3] * 4, None, 3,
     ["2", "K", "5", "9"], ["K"],
     [(0, "offer"), (1, "keep"), (2, "keep"), (3, "exchange-with-stack")],
     {"net": [-1, 0, 0, 0], "out": [], "hands": ["2", "K", "5", "9"], "next_dealer": 0, "winner": None},
     ["S2", "S3", "S4", "S5"], PAGAT + ": 'she exposes the king and you keep your card'; 'Each player has one turn'; "
     "the dealer's card cut from the stock is a king, so 'the dealer must keep her original card'; the 2 is lowest."),
    ("hand/syn-S5-all-tied-lose", "screw-your-neighbour", "ABC", [3] * 3, None, 2, ["3", "3", "3"], [],
     [(0, "keep"), (1, "keep"), (2, "keep")],
     {"net": [-1, -1, -1], "out": [], "hands": ["3", "3", "3"], "next_dealer": 0, "winner": None},
     ["S5"], PAGAT + ": 'If several players tie for lowest they all lose a life.'"),
    ("hand/syn-S6-joint-winners", "screw-your-neighbour", ["Anna", "Bruno", "Carla"], [1, 1, 0], [False] * 3, 1,
     ["5", "5", None], [], [(0, "keep"), (1, "keep")],
     {"net": [-1, -1, 0], "out": [0, 1, 2], "hands": ["5", "5", None], "next_dealer": None, "winner": [0, 1]},
     ["S5", "S6"], PAGAT + ": the last two tie on their last life; '1. These players are declared joint winners and "
     "split the pot equally between them.'"),
]


def build() -> list[dict]:
    docs = []
    for (vid, ruleset, names, marks, virgins, dealer, cards, rest, decisions, outcome, rules, source) in S:
        names = [n if len(n) > 1 else {"A": "Andrea", "B": "Beatrice", "C": "Chiara", "D": "Dario",
                                        "E": "Elena"}[n] for n in names]
        played = preset(ruleset) if isinstance(ruleset, str) else preset(ruleset["preset"], ruleset["options"])
        state = start_deal(played, names, marks, dealer, virgins=virgins)
        dealt = {s: c for s, c in enumerate(cards) if c is not None}
        stack = deal_stack(state, dealt, rest)
        _, full_rest = dealt_and_rest(state, stack)
        out = dict(outcome)
        out.setdefault("marks", [m + d for m, d in zip(marks, out["net"])])
        docs.append({
            "format": "cucu-trace/1", "id": vid, "description": source, "ruleset": ruleset,
            "seats": [{"name": n, "marks": m, "virgin": bool(state.virgins[s])} for s, (n, m) in
                      enumerate(zip(names, marks))],
            "dealer": dealer, "pot": state.pot, "eliminations": 1 if "buy-back-second" in vid else 0,
            "reentries": 0, "deals_played": 0,
            "deal": {"cards": cards, "rest": [card_name(c) for c in full_rest]},
            "decisions": [{"seat": s, "decision": d} for s, d in decisions],
            "outcome": out,
            "vector": {"rules": sorted(set(rules)), "readings": {}, "features": [], "hand_checked": True,
                       "source": source},
        })
        # metadata only: which option readings decide the deal (under another reading its outcome
        # differs), so the suite's coverage of readings counts this vector too
        trace, problems = parse(docs[-1])
        assert trace is not None, problems
        rep = replay(trace)
        docs[-1]["vector"]["readings"] = deciding_readings(trace, outcome_json(trace, rep.outcome), _observable())
        feats, cited = features(trace, rep.events, rep.final)
        docs[-1]["vector"]["features"] = sorted(feats)
        docs[-1]["vector"]["rules"] = sorted(set(rules) | cited)
        readings = docs[-1]["vector"]["readings"]
        vector = docs[-1]["vector"]  # reading_sources after readings, the order of generated vectors
        docs[-1]["vector"] = {**{k: vector[k] for k in ("rules", "readings")},
                              "reading_sources": reading_sources(trace, readings),
                              **{k: v for k, v in vector.items() if k not in ("rules", "readings")}}
        docs[-1]["vector"]["checks"] = ["illegal"] if "illegal" in out else _checks(feats, readings)
    return docs


if __name__ == "__main__":
    text = json.dumps(build(), ensure_ascii=False, indent=1) + "\n"
    for root in (REPOSITORY_DATA, PACKAGE_DATA):
        os.makedirs(root, exist_ok=True)
        with open(os.path.join(root, "hand-checked.json"), "w", encoding="utf-8") as f:
            f.write(text)
    print(f"{len(S)} hand-checked vectors written")
