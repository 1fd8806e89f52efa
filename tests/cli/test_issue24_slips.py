"""Issue 24: the last slips in what a table reads (session 39).

Each expected text is worked by hand from the seeds, with the rule ID and the seed section.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

from cucu_ref.cli.adjudicate import main
from cucu_ref.game.cards import parse as card
from cucu_ref.game.rulesets import preset
from cucu_ref.game.scoring import evaluate

LU = preset("lu-stu")
ZEH = preset("zeh-1769")


def ruled(tmp_path: Path, doc: dict, *args: str) -> str:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = io.StringIO()
    assert main([*args, str(path)], stdout=out, stderr=io.StringIO()) == 0
    return out.getvalue()


def showdown_line(text: str) -> str:
    return next(line for line in text.splitlines() if line.strip().startswith("Showdown:"))


# ------------------------------------------------------------------ 1. a step cites what decides it


def _live(tokens: str):
    return [(seat, card(t, "cuccu")) for seat, t in enumerate(tokens.split())]


def test_lu_stu_a_lowest_card_alone_is_k15_s_and_a_tie_l3_s():
    # Lu Stù is Campli «mit folgenden Abweichungen»; L3 (seed 000 §Lu Stù): «Haben mehrere Spieler
    # die gleichniedrigste Karte, dann verliert nur der der Reihe nach erste»: a rule for a tie only.
    # V II VIII: seat 1's II is lowest alone: Campli's K15 («Wer die niedrigste Karte hat,
    # verliert eine Marke») decides it
    assert evaluate(LU, _live("V II VIII")).losers == ((1, "K15"),)
    # II V II: seats 0 and 2 tie; only the first in play order, seat 0, loses: L3
    result = evaluate(LU, _live("II V II"))
    assert result.losers == ((0, "L3"),)
    assert [rule for rule, _ in result.notes] == ["L3"]


def test_lu_stu_showdown_step_cites_k15_where_nobody_ties(tmp_path):
    # Anna V, Bruno II, Carla VIII (dealer), all keep: Bruno's II alone is lowest (K15); no tie, so
    # L3 (seed 000 §Lu Stù) is not in play and not cited anywhere in the ruling
    doc = {"format": "cucu-position/1", "ruleset": "lu-stu", "players": ["Anna", "Bruno", "Carla"],
           "dealer": "Carla", "dealt": {"Anna": "V", "Bruno": "II", "Carla": "VIII"},
           "history": [{"keep": "Anna"}, {"keep": "Bruno"}, {"keep": "Carla"}]}
    text = ruled(tmp_path, doc)
    assert "Bruno loses a mark: the lowest card, II (K15)." in text, text
    assert "L3" not in text, text



def test_zeh_two_fools_at_five_players_cite_z6_not_the_two_player_gap(tmp_path):
    # Z6 (seed 000 §Das Cucuspiel): «Wenn zwei Narren im Spiel sind, dann verlieren die Narren nicht
    # nur nichts, sondern erhalten jeder eine Marke aus der Tasse»; Z9's gap «Zwei Spieler, zwei
    # Narren» (Q10) is a rule of a table of two with nothing but the fools: at five players with
    # V, VIII and X live it decides nothing.  Bruno's V is lowest (Z6); Anna and Carla gain (Z6).
    doc = {"format": "cucu-position/1", "ruleset": "zeh-1769", "players": ["Anna", "Bruno", "Carla", "Dora", "Emil"],
           "dealer": "Emil", "history": [{"deal": "Anna", "card": "Narr"}, {"deal": "Bruno", "card": "V"},
                                         {"deal": "Carla", "card": "Narr"}, {"deal": "Dora", "card": "VIII"},
                                         {"deal": "Emil", "card": "X"}, {"hint": "Anna", "note": "'not for anything'"},
                                         *[{"keep": p} for p in ("Anna", "Bruno", "Carla", "Dora", "Emil")]]}
    text = ruled(tmp_path, doc)
    line = showdown_line(text)
    assert "Q10" not in line and "Z9" not in text, text
    assert line.endswith("(Z6, Z7, K2)"), line
    # a table of two with the two fools alone: there Z9's gap (Q10) decides, and is cited
    doc = {"format": "cucu-position/1", "ruleset": "zeh-1769", "players": ["Anna", "Bruno"], "dealer": "Bruno",
           "history": [{"deal": "Anna", "card": "Narr"}, {"deal": "Bruno", "card": "Narr"},
                       {"keep": "Anna"}, {"keep": "Bruno"}]}
    line = showdown_line(ruled(tmp_path, doc))
    assert "with two fools in play the fools never lose (the reading taken of Q10)" in line and "Z9" in line, line


# ------------------------------------------------------------------ 2. a refusal in plain words

# K17 (seed 000 §Wiedereintritt ins Spiel): only a player who went out may buy back; nobody went
# out before Bruno's buy-back here.  K8 (§Geben und Kartentausch): only the dealer, last,
# exchanges with the stack; Anna, first to decide, may keep or offer.
BUY_BACK = {"format": "cucu-position/1", "ruleset": "campli", "players": ["Anna", "Bruno", "Carla"], "dealer": "Carla",
            "dealt": {"Anna": "V", "Bruno": "II", "Carla": "VIII"},
            "history": [{"keep": "Anna"}, {"buy-back": "Bruno"}, {"keep": "Bruno"}, {"keep": "Carla"}]}
STACK = dict(BUY_BACK, history=[{"dealer-exchange": "Anna"}, {"keep": "Bruno"}, {"keep": "Carla"}])
PLAIN = {
    "en": ("Bruno cannot buy back:", "Anna cannot exchange with the stack now; the decisions open to Anna are: "
                                     "keep, offer"),
    "it": ("Bruno non può rientrare pagando:", "Anna non può scambiare con il mazzo ora; le decisioni possibili per "
                                               "Anna sono: tenere, passare"),
    "de": ("Bruno kann nicht zurückkaufen:", "Anna kann jetzt nicht mit dem Stapel tauschen; Anna kann: behalten, "
                                             "anbieten"),
    "fr": ("Bruno ne peut pas se racheter :", "Anna ne peut pas échanger avec le paquet maintenant ; les décisions "
                                              "possibles pour Anna sont : garder, offrir"),
    "da": ("Bruno kan ikke købe sig ind igen:", "Anna kan ikke bytte med bunken nu; de mulige beslutninger for Anna "
                                                "er: beholde, tilbyde"),
}


def test_a_refused_decision_is_said_in_plain_words(tmp_path):
    for lang, (buy_back, stack) in PLAIN.items():
        text = ruled_refused(tmp_path, BUY_BACK, lang)
        assert f"$.history[1]: {buy_back}" in text, text
        assert "buy-back" not in text.split("[")[0], text
        text = ruled_refused(tmp_path, STACK, lang)
        assert f"$.history[0]: {stack} [K8" in text, text
    # the JSON message, beside its field's path, keeps the position's verb
    out = json.loads(ruled_refused(tmp_path, BUY_BACK, "en", "--format", "json"))
    assert out["problems"][0]["path"] == "$.history[1]"
    assert out["problems"][0]["message"].startswith("Bruno cannot buy-back: ")


def test_a_refused_word_of_the_table_is_quoted_as_said(tmp_path):
    # the table wrote 'rientro' (Campli's Italian for the buy-back): the refusal quotes it as said
    deal = ("Ruleset: campli\nPlayers: Anna, Bruno, Carla\nDealer: Carla\n\nAnna: V, sto bene\nBruno: rientro\n"
            "Bruno: II, sto bene\nCarla: VIII, sto bene\n")
    path = tmp_path / "deal.txt"
    path.write_text(deal, encoding="utf-8")
    for lang, said in (("it", "Bruno non può dire 'rientro':"),
                       ("de", "Bruno kann nicht 'rientro' sagen:")):  # (the table's own word, issue 24 §2)
        out = io.StringIO()
        assert main(["--language", lang, str(path)], stdout=out, stderr=io.StringIO()) == 1
        assert said in out.getvalue(), out.getvalue()


def ruled_refused(tmp_path: Path, doc: dict, lang: str, *args: str) -> str:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = io.StringIO()
    assert main(["--language", lang, *args, str(path)], stdout=out, stderr=io.StringIO()) == 1
    return out.getvalue()


# ------------------------------------------------------------------ 3. Z7's hint as data

def test_the_result_names_who_hinted_and_the_claim_reads_it(tmp_path):
    # Z7 (seed 000 §Das Cucuspiel): «Ein Besitzer des Narren darf in keiner Weise andeuten, dass er
    # die Karte hält ... Wer es doch tut, erhält keine Marke, falls beide Narren im Spiel sein
    # sollten».  Anna and Carla hold the two fools (Z6: each gains), Anna hinted: only Carla gains;
    # Anna's claim that both gain is overruled by the hint, in every language
    doc = json.loads((Path(__file__).parents[2] / "examples" / "zeh-1769-hint-forfeits-gain.json").read_text())
    (outcome,) = json.loads(ruled(tmp_path, doc, "--format", "json"))["outcomes"]
    assert outcome["result"]["hinted"] == ["Anna"]
    assert [g["player"] for g in outcome["result"]["marks_gained"]] == ["Carla"]
    for lang, said in (("en", "Anna hinted at holding a fool and gains nothing (Z7;"),
                       ("de", "Anna spielte darauf an, einen Narren zu halten, und gewinnt nichts (Z7;")):
        assert said in ruled(tmp_path, doc, "--language", lang)
    # nobody hinted: no field (the result only gains it where somebody did)
    quiet = {k: v for k, v in doc.items() if k != "claim"}
    quiet["history"] = [e for e in doc["history"] if "hint" not in e]
    (outcome,) = json.loads(ruled(tmp_path, quiet, "--format", "json"))["outcomes"]
    assert "hinted" not in outcome["result"]
    # a hint with one fool in play costs nothing (C3: the lone fool loses): the claim's gain is
    # refused as a plain 'gains none', never with the hint's reason
    lone = dict(doc, history=[{"deal": "Anna", "card": "matto"}, {"deal": "Bruno", "card": "V"},
                              {"deal": "Carla", "card": "X"}, {"deal": "Dora", "card": "VIII"},
                              *doc["history"][4:]], claim={"by": "Anna", "gains": ["Anna"]})
    text = ruled(tmp_path, lone)
    assert "hinted at holding a fool and gains nothing" not in text and "Anna gains none" in text, text


# ------------------------------------------------------------------ 4. a game of lives: each text once

def test_an_open_point_is_written_once_and_said_by_the_game_s_counter():
    from cucu_ref.formats.i18n import speaking
    from cucu_ref.formats.vocabulary import option_text
    from cucu_ref.game import rulesets

    # Q12 (seed 000 §Ereigniskarten, K14: the innkeeper pays «an seiner statt»): one text, with the
    # counter's word in it; the digital game plays with lives (D1 «tre liv»), Campli with marks (K1)
    q12 = rulesets.OPTIONS["inn_keeper_cannot_pay"]
    assert "{counter}" in q12.question and not hasattr(rulesets, "IN_LIVES")
    campli, digital = rulesets.PRESETS["campli"], rulesets.PRESETS["digital-4p"]
    assert option_text(q12.question, campli).endswith("who pays the offerer's mark?")
    assert option_text(q12.question, digital).endswith("who pays the offerer's life?")
    assert option_text(q12.readings[1].text, digital).endswith("and a player without lives pays nothing more")
    # K18/D8: everybody gets the starting count again: Campli's words, the digital game's '3 lives'
    all_out = rulesets.OPTIONS["all_out"].readings[1].text
    assert option_text(all_out, campli) == "everybody returns with the starting marks (digital D8)"
    assert option_text(all_out, digital) == "everybody returns with 3 lives (digital D8)"
    # a language whose words agree with the counter: 'la sua vita', 'il suo segno'
    with speaking("it"):
        assert "perde comunque la sua vita (K15)" in option_text(q12.readings[0].text, digital)
        assert "perde comunque il suo segno (K15)" in option_text(q12.readings[0].text, campli)
    with speaking("de"):
        assert option_text(q12.question, digital).endswith("wer zahlt das Leben des Anbietenden?")
        assert option_text(q12.question, campli).endswith("wer zahlt die Marke des Anbietenden?")


# ------------------------------------------------------------------ 5. slips read as a table reads them

def test_a_buy_back_is_said_without_a_gender(tmp_path):
    # K17 (seed 000 §Wiedereintritt ins Spiel): Carla, out with the lowest card, buys back for two
    # stakes (campli-buy-back).  Carla is a woman: Italian said 'Carla è rientrato', French 'Carla
    # s'est racheté'; the line now names the price paid, which has no gender
    doc = json.loads((Path(__file__).parents[2] / "examples" / "campli-buy-back.json").read_text())
    assert "Carla ha pagato 2 poste per rientrare" in ruled(tmp_path, doc, "--language", "it")
    assert "Carla a payé 2 mises pour se racheter" in ruled(tmp_path, doc, "--language", "fr")


def said_in_each_language(tmp_path: Path, example: str, said: dict[str, str]) -> None:
    """Each language's words are in the ruling of the shipped ``example`` told in that language."""
    doc = json.loads((Path(__file__).parents[2] / "examples" / example).read_text())
    for lang, words in said.items():
        assert words in ruled(tmp_path, doc, "--language", lang), (lang, words)


def test_lu_stu_s_way_back_ends_not_the_dealer(tmp_path):
    # Q5's reading 'dealer' (L8, seed 000 §Lu Stù: «die Rücktauschaktion», the way back): past the
    # first hand the dealer is asked like anyone, then the way back ends.  German said 'dann endet
    # er' (the dealer ends), French 'puis il s'arrête'; and no 'his card' for a dealer who may be Dora
    said_in_each_language(tmp_path, "lu-stu-cat-way-back.json", {
        "en": "the dealer is dealt a card and asked like anyone, then the way back ends — Q5",
        "de": "der Geber bekommt eine Karte und wird wie jeder gefragt, dann endet der Rückweg — Q5",
        "fr": "le donneur reçoit une carte et est sollicité comme tout autre, puis le retour s'arrête — Q5",
        "it": "il mazziere riceve una carta ed è interpellato come chiunque, poi il ritorno finisce — Q5",
        "da": "giveren får et kort og spørges som alle andre, så slutter vejen tilbage — Q5"})


def test_a_spared_cuckoo_agrees_with_any_number_of_players(tmp_path):
    # D7 (seed 004: «En gøg mister aldrig et liv»): Bruno and Carla hold the two XV, lowest but
    # spared (digital-4p-fool-and-cuckoos).  Italian said 'il Cucù ... Bruno e Carla salvo' (Campli's
    # card, a singular for two), French 'épargné', Danish 'skånet': said now without agreement
    said_in_each_language(tmp_path, "digital-4p-fool-and-cuckoos.json", {
        "it": "un cuculo non perde mai: nessuna perdita per Bruno e Carla",
        "fr": "un coucou ne perd jamais : pas de perte pour Bruno et Carla",
        "da": "en gøg taber aldrig: Bruno og Carla går fri",
        "de": "ein Kuckuck verliert nie: Bruno und Carla verschont"})


def test_a_danish_table_buys_back_in_danish(tmp_path):
    # K17 (seed 000 §Wiedereintritt ins Spiel): Carla, out with the lowest card, buys back.  A
    # Danish table had no word for it: its refusals quoted the German 'ich kaufe mich zurück', and
    # 'køber ind' was not read.  (campli-buy-back, told in Danish; Anna is still a virgin)
    deal = ("Ruleset: campli\nPlayers: Anna 3 virgin, Bruno 2 not virgin, Carla 1 not virgin\nDealer: Anna\n\n"
            "Bruno: X, sto bene\nCarla: I, sto bene\nAnna: VI, sto bene\nshown: Bruno X, Carla I, Anna VI\n"
            "Carla: køber ind\n")
    path = tmp_path / "deal.txt"
    path.write_text(deal, encoding="utf-8")
    out = io.StringIO()
    assert main(["--language", "da", str(path)], stdout=out, stderr=io.StringIO()) == 0
    assert "Carla er ude, må købe sig ind igen for 1 indsats (K17) og gør det" in out.getvalue(), out.getvalue()


def test_the_account_told_once_never_tells_one_case_s_cut_as_every_case_s(tmp_path):
    # S4 (pagat.com, Cuckoo: 'If the card cut is a king, the dealer must keep her original card'):
    # Carla deals, Dora, Anna and Bruno keep, Carla cuts from the stock; nobody's card and not the
    # card cut is given.  Whether she cut a king is one of the things the cards decide, so the
    # deal told once stops after the three keeps and says that the rest depends on the cards.  It
    # said "Carla cuts a king from the stock: it goes back and Carla keeps the card held" for every
    # case, the steps of the one case each outcome happened to keep.  (natural position, seed
    # 4033691631 of benchmarks/bench_adjudicate.py --natural)
    doc = {"format": "cucu-position/1", "ruleset": "screw-your-neighbour",
           "players": [{"name": "Anna", "marks": 3, "virgin": True}, {"name": "Bruno", "marks": 3, "virgin": True},
                       {"name": "Carla", "marks": 3, "virgin": True}, {"name": "Dora", "marks": 2, "virgin": False}],
           "dealer": "Carla", "pot": 4, "eliminations": 0, "reentries": 0, "deals_played": 1,
           "history": [{"keep": "Dora"}, {"keep": "Anna"}, {"keep": "Bruno"}, {"dealer-exchange": "Carla"}]}
    text = ruled(tmp_path, doc)
    account = text[text.index("How it went:"):text.index("Sources:")].splitlines()
    assert "cuts a king" not in "\n".join(account)
    assert account[-3:] == ["  Anna keeps the card (S2)", "  Bruno keeps the card (S2)",
                            "  (from here the play depends on the cards: --steps gives each case)"]
