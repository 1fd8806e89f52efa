"""Acceptance tests of cucu-adjudicate on the examples of the presets other than Campli.

Each expected ruling is worked out by hand from the seed text and cited per test, never
copied from the program's output:

* seed 000 ("Cucù und Lu Stù"): §Lu Stù (Di Luigi & Mazza 2009, L1-L13) and §«Das
  Cucuspiel» (Zeh 1769, Z1-Z11);
* seed 003 ("Coucou (Kartenspiel)"): §Kartengeben, §Spielverlauf (Académie universelle des
  jeux 1725, F1-F6), §As Qui Court (Méry 1847, A1-A4), §Hère (H1);
* seed 004: the digital four-player game (D1-D8);
* Ranter-Go-Round (R1-R4): Cassell 1881, which seed 003 only names; the rules are the
  digest's reading of the 1881 text.

The history verbs added for these rulesets (``hint``, ``agree``, ``pay-to-refuse``, Lu Stù's
inn without 'fermatevi', ``keep``/``offer`` on the way back) are exercised here too.
"""

from __future__ import annotations

import copy
import json
import os
from collections import Counter
from typing import Any, Optional

import pytest

from cucu_ref.cli.adjudicate import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(ROOT, "examples")


def load(name: str) -> dict:
    with open(os.path.join(EXAMPLES, name), encoding="utf-8") as f:
        return json.load(f)


def rule(capsys, name: str) -> tuple[int, dict]:
    code = main(["--format", "json", os.path.join(EXAMPLES, name)])
    return code, json.loads(capsys.readouterr().out)


def rule_doc(capsys, tmp_path, doc: dict, *extra: str) -> tuple[int, dict]:
    path = tmp_path / "position.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code = main(["--format", "json", *extra, str(path)])
    return code, json.loads(capsys.readouterr().out)


def variant(name: str, history: Optional[list] = None, ruleset: Any = None, drop_claim: bool = True,
            **fields: Any) -> dict:
    doc = copy.deepcopy(load(name))
    if history is not None:
        doc["history"] = history
    if ruleset is not None:
        doc["ruleset"] = ruleset
    if drop_claim:
        doc.pop("claim", None)
    doc.update(fields)
    return doc


def result_of(out: dict) -> dict:
    assert out["status"] == "ruling", out
    assert len(out["outcomes"]) == 1, out["outcomes"]
    return out["outcomes"][0]["result"]


def lost(result: dict) -> Counter:
    return Counter(x["player"] for x in result["marks_lost"])


def gained(result: dict) -> Counter:
    return Counter(x["player"] for x in result["marks_gained"])


def problem(out: dict) -> dict:
    assert out["status"] == "invalid", out
    return out["problems"][0]


def reading(out: dict, option: str) -> dict:
    found = [q for q in out["open_questions"] if q["option"] == option]
    assert found, [q["option"] for q in out["open_questions"]]
    return {r["reading"]: r for r in found[0]["readings"]}


def test_every_preset_has_at_least_two_described_examples():
    from cucu_ref.game.rulesets import PRESETS

    names = [n for n in os.listdir(EXAMPLES) if n.endswith(".json")]
    for preset_name in PRESETS:
        mine = [n for n in names if n.startswith(preset_name + "-")]
        assert len(mine) >= 2, (preset_name, mine)
        for n in mine:
            doc = load(n)
            assert doc["description"].strip(), n
            ruleset = doc["ruleset"] if isinstance(doc["ruleset"], str) else doc["ruleset"]["preset"]
            assert ruleset == preset_name, n


# --------------------------------------------------------------------------- Lu Stù (seed 000, §Lu Stù)


def test_L8_the_cat_sends_the_card_back_to_the_left(capsys, tmp_path):
    # L8: "der Anbieter verliert eine Marke ... und muss jetzt dem Spieler links die Karte zum Tausch
    # anbieten. Hat der Angefragte keine Ereigniskarte muss er tauschen, egal ob er seine Karte per Tausch
    # oder vom Geber erhalten hat".  Bruno pays for Carla's cat and passes his II to Anna, who kept her V
    # as dealt: Anna II, Bruno V.  The way back stops at Anna, the first hand (Q5, the preset's reading).
    # K15: the lowest card (Anna's II among II, V, XII, VIII, no tie: not L3's case) loses.
    code, out = rule(capsys, "lu-stu-cat-way-back.json")
    assert code == 0
    result = result_of(out)
    assert [(x["player"], x["rule"]) for x in result["marks_lost"]] == [("Bruno", "L8"), ("Anna", "K15")]
    assert result["shown"] == {"Anna": "II", "Bruno": "V", "Carla": "XII", "Dora": "VIII"}
    assert result["next_dealer"] == "Anna"  # K2: right of the dealer Dora
    # Anna argued from Campli: there (K13) Bruno's II was dealt to him, nothing is undone, he loses twice
    assert out["claim"]["verdict"] == "overruled"
    campli = variant("lu-stu-cat-way-back.json", ruleset="campli",
                     history=[h for h in load("lu-stu-cat-way-back.json")["history"] if "exchange" not in h])
    code, out = rule_doc(capsys, tmp_path, campli)
    assert code == 0 and lost(result_of(out)) == Counter({"Bruno": 2})


def test_L8_Q5_optional_way_back_keep_and_offer(capsys, tmp_path):
    # Q5 read 'optional': after each exchange on the way back the holder keeps or offers on.  Bruno
    # had to take Carla's II (L8: a plain card must be exchanged) and keeps it: Bruno's II is lowest
    # among VIIII, II, VI, XII, VII (K15: no tie).  Carla paid for Dora's cat (L8).
    code, out = rule(capsys, "lu-stu-way-back-optional.json")
    assert code == 0
    result = result_of(out)
    assert [(x["player"], x["rule"]) for x in result["marks_lost"]] == [("Carla", "L8"), ("Bruno", "K15")]
    assert result["shown"]["Bruno"] == "II" and result["shown"]["Carla"] == "VI"
    # Bruno offers on instead: Anna must exchange (L8) and, at the first hand, may keep (Q5)
    history = load("lu-stu-way-back-optional.json")["history"]
    offered = history[:10] + [{"offer": "Bruno"}, {"exchange": ["Bruno", "Anna"]}, {"keep": "Anna"}] + history[11:]
    code, out = rule_doc(capsys, tmp_path, variant("lu-stu-way-back-optional.json", history=offered))
    assert code == 0
    result = result_of(out)
    assert lost(result) == Counter({"Carla": 1, "Anna": 1}) and result["shown"]["Anna"] == "II"
    # stopping on the way back: the ruling names Bruno's decision and its verbs
    code, out = rule_doc(capsys, tmp_path, variant("lu-stu-way-back-optional.json", history=history[:10]))
    nxt = result_of(out)["next"]
    assert code == 0 and nxt == {"player": "Bruno", "phase": "decide-backward", "legal": ["keep", "offer"]}
    # under the preset's reading (forced) nobody decides on the way back: the II travels on to Anna,
    # and Bruno's 'keep' cannot have happened
    forced = variant("lu-stu-way-back-optional.json", ruleset="lu-stu")
    code, out = rule_doc(capsys, tmp_path, forced)
    assert code == 1 and problem(out)["path"] == "$.history[10]"


def test_L13_three_marks_in_one_deal(capsys, tmp_path):
    # L13: "Wenn Beatrice mit Chiara zu tauschen versucht, verliert sie eine Marke wegen deren Katze.
    # Beatrice muss nun einen Rückwärtstausch mit Andrea versuchen und verliert eine weitere Marke wegen
    # seiner Katze. Und am Ende verliert Beatrice ein dritte Marke, wenn sie die niedrigste Karte hält."
    # From three marks she is out; L11: she decides at once whether to buy back, for one stake as the
    # first re-entrant ('verdoppelt sich der Tarif allerdings nur mit jedem Spieler der wiedereintritt').
    code, out = rule(capsys, "lu-stu-three-marks.json")
    assert code == 0
    result = result_of(out)
    assert [(x["player"], x["rule"]) for x in result["marks_lost"]] == [
        ("Beatrice", "L8"), ("Beatrice", "L8"), ("Beatrice", "K15")]
    assert result["out"] == ["Beatrice"]
    assert result["buy_back_offers"] == [{"player": "Beatrice", "stakes": 1, "amount": 1}]
    assert result["next"]["player"] == "Beatrice" and result["next"]["phase"] == "buy-back"
    assert out["claim"]["verdict"] == "upheld"
    # "Hätte sie keinen Tausch angeboten, wäre sie mit einer Verlustmarke davongekommen."
    kept = [{"deal": "Andrea", "card": "XII"}, {"keep": "Andrea"}, {"deal": "Beatrice", "card": "III"},
            {"keep": "Beatrice"}, {"deal": "Chiara", "card": "XII"}, {"keep": "Chiara"},
            {"deal": "Dario", "card": "VI"}, {"keep": "Dario"}]
    code, out = rule_doc(capsys, tmp_path, variant("lu-stu-three-marks.json", history=kept))
    assert code == 0 and lost(result_of(out)) == Counter({"Beatrice": 1})


def test_L6_two_left_with_equal_cuckoos_the_non_dealer_loses(capsys, tmp_path):
    # L6: "Sollten am Ende zwei Spieler übrig bleiben und beide haben die gleiche Karte, dann verliert der
    # Nichtgeber ... eine Marke, auch wenn es sich um Kuckucke handeln sollte."  Anna (non-dealer) loses.
    code, out = rule(capsys, "lu-stu-two-left-equal.json")
    assert code == 0
    result = result_of(out)
    assert lost(result) == Counter({"Anna": 1}) and result["marks"]["Anna"] == 1
    assert out["claim"]["verdict"] == "overruled"
    # Campli (K19, §Endspiel zu zweit): "Wenn beide einen Kuckuck halten, verliert keiner eine Marke."
    code, out = rule_doc(capsys, tmp_path, variant("lu-stu-two-left-equal.json", ruleset="campli"))
    assert code == 0 and lost(result_of(out)) == Counter()


def test_L7_the_inn_bargain_refused_and_accepted(capsys, tmp_path):
    # L7: the innkeeper says 'Tingh la Cas, che mi dai in cambio'; there is no 'fermatevi' and no second
    # offer.  Turned down ('fatt nu bicchijr'): he "behält das Wirtshaus, muss aber anstelle des Anbieters
    # eine Marke zahlen, wenn dieser die Null halten und das Spiel verlieren sollte".  Anna's 0 is the
    # lowest of 0, XI, V, VI: Bruno pays in her stead.
    code, out = rule(capsys, "lu-stu-inn-bargain.json")
    assert code == 0
    result = result_of(out)
    assert [(x["player"], x["rule"]) for x in result["marks_lost"]] == [("Bruno", "L7")]
    assert result["holds"]["Anna"] == "0" and result["holds"]["Bruno"] == "XI"
    assert out["claim"]["verdict"] == "overruled"
    assert any("fatt nu bicchijr" in s["text"] for s in out["outcomes"][0]["steps"])
    history = load("lu-stu-inn-bargain.json")["history"]
    # accepted: "Erscheint das Angebot dem Gastwirt akzeptabel, tauschen die Spieler die Karten": Bruno
    # now holds the 0, the lowest, and pays for himself; no guarantee is left
    accepted = history[:4] + [{"accept": "Bruno"}, {"exchange": ["Anna", "Bruno"]}] + history[5:]
    code, out = rule_doc(capsys, tmp_path, variant("lu-stu-inn-bargain.json", history=accepted))
    assert code == 0
    result = result_of(out)
    assert lost(result) == Counter({"Bruno": 1}) and result["holds"]["Bruno"] == "0"
    # Campli's second offer does not exist here (L7)
    asked = history[:4] + [{"ask": "Anna"}] + history[4:]
    code, out = rule_doc(capsys, tmp_path, variant("lu-stu-inn-bargain.json", history=asked))
    assert code == 1 and problem(out)["rule"] == "L7" and problem(out)["path"] == "$.history[4]"


# --------------------------------------------------------------------------- Zeh 1769 (seed 000, §«Das Cucuspiel»)


def test_Z5_the_cat_is_paid_to_its_holder(capsys, tmp_path):
    # Z5: "es findet kein Tausch statt, und der Anbieter muss eine Marke an den Besitzer der Katze zahlen.
    # Von einer Rückabwicklung der Kartentausche ist keine Rede".  Anna's III stays with Bruno (no undo):
    # shown V, III, XII, X; the lowest, Bruno's III, loses too (Z6, 'wie im Cucù').
    code, out = rule(capsys, "zeh-1769-cat-paid-to-holder.json")
    assert code == 0
    result = result_of(out)
    assert [(x["player"], x["rule"]) for x in result["marks_lost"]] == [("Bruno", "Z5"), ("Bruno", "Z6")]
    assert [(x["player"], x["rule"]) for x in result["marks_gained"]] == [("Carla", "Z5")]
    assert result["shown"] == {"Anna": "V", "Bruno": "III", "Carla": "XII", "Dora": "X"}
    assert result["marks"] == {"Anna": 3, "Bruno": 1, "Carla": 4, "Dora": 3}
    assert out["claim"]["verdict"] == "overruled"  # Bruno argued from Campli's undo (K13)


def test_Z7_a_hint_forfeits_the_fools_gain(capsys, tmp_path):
    # Z6: "Wenn zwei Narren im Spiel sind, dann verlieren die Narren nicht nur nichts, sondern erhalten
    # jeder eine Marke"; Z7: "Ein Besitzer des Narren darf in keiner Weise andeuten, dass er die Karte
    # hält ... Wer es doch tut, erhält keine Marke".  Anna hinted: only Carla gains; Bruno's V is the
    # lowest other card and loses.
    code, out = rule(capsys, "zeh-1769-hint-forfeits-gain.json")
    assert code == 0
    result = result_of(out)
    assert gained(result) == Counter({"Carla": 1})
    assert lost(result) == Counter({"Bruno": 1})
    assert any(s["rule"] == "Z7" for s in out["outcomes"][0]["steps"])
    assert out["claim"]["verdict"] == "overruled"
    assert [d["field"] for d in out["claim"]["differences"]] == ["gains"]
    history = load("zeh-1769-hint-forfeits-gain.json")["history"]
    # without the hint both fools gain (Z6)
    code, out = rule_doc(capsys, tmp_path,
                         variant("zeh-1769-hint-forfeits-gain.json", history=[h for h in history if "hint" not in h]))
    assert code == 0 and gained(result_of(out)) == Counter({"Anna": 1, "Carla": 1})
    # a hint is table talk during a deal: after the showdown there is no deal to note it in
    late = [h for h in history if "hint" not in h] + [{"hint": "Anna"}]
    code, out = rule_doc(capsys, tmp_path, variant("zeh-1769-hint-forfeits-gain.json", history=late))
    assert code == 1 and problem(out)["rule"] == "Z7" and problem(out)["path"] == "$.history[8]"


def test_Z8_two_players_a_fool_and_the_cucu(capsys, tmp_path):
    # Z8: "Wenn zwei spielen und einer einen Narren hat, verlieren beide eine Marke, es sei denn, die
    # andere Karte ist der Cucu, dann verliert nur der Narr."  The Cucu is the dealer's, so Anna's offer
    # stops there (Z4, K10) and the round is over: only Anna loses.
    code, out = rule(capsys, "zeh-1769-two-players-fool-and-cucu.json")
    assert code == 0
    assert lost(result_of(out)) == Counter({"Anna": 1})
    assert out["claim"]["verdict"] == "upheld"
    # ... and with another card both lose
    kept = [{"deal": "Anna", "card": "matto"}, {"deal": "Bruno", "card": "X"}, {"keep": "Anna"}, {"keep": "Bruno"}]
    code, out = rule_doc(capsys, tmp_path, variant("zeh-1769-two-players-fool-and-cucu.json", history=kept))
    assert code == 0 and lost(result_of(out)) == Counter({"Anna": 1, "Bruno": 1})


def test_Q9_the_target_pays_to_refuse_or_agrees(capsys, tmp_path):
    # Q9 read 'yes' (Zeh, third paragraph): "Wer aber nicht tauschen will, wird eine Marque in die Taze
    # setzen".  Bruno refuses Anna's II for a mark and keeps his VIII; Anna's II is lowest (Z6).
    code, out = rule(capsys, "zeh-1769-pay-to-refuse.json")
    assert code == 0
    result = result_of(out)
    assert [(x["player"], x["rule"]) for x in result["marks_lost"]] == [("Bruno", "Q9"), ("Anna", "Z6")]
    assert result["holds"]["Bruno"] == "VIII"
    history = load("zeh-1769-pay-to-refuse.json")["history"]
    # the target's decision is named with its verbs when the history stops there
    code, out = rule_doc(capsys, tmp_path, variant("zeh-1769-pay-to-refuse.json", history=history[:5]))
    assert code == 0
    assert result_of(out)["next"] == {"player": "Bruno", "phase": "target-decide", "legal": ["agree", "pay-to-refuse"]}
    # agreeing: they exchange (K7) and Bruno, now holding the II, keeps it and loses
    agreed = history[:5] + [{"agree": "Bruno"}, {"exchange": ["Anna", "Bruno"]}] + history[7:]
    code, out = rule_doc(capsys, tmp_path, variant("zeh-1769-pay-to-refuse.json", history=agreed))
    assert code == 0 and lost(result_of(out)) == Counter({"Bruno": 1})
    # the preset reads the fourth paragraph ('nothwendig verwechseln muss'): no refusing by paying
    code, out = rule_doc(capsys, tmp_path, variant("zeh-1769-pay-to-refuse.json", ruleset="zeh-1769"))
    assert code == 1 and problem(out)["rule"] == "Q9" and problem(out)["path"] == "$.history[5]"


def test_Q9_an_unknown_target_card_is_enumerated(capsys, tmp_path):
    # The target's card is unknown: refusing by paying presumes a plain card (C2), so the outcomes
    # cover the plain cards Bruno may hold and none of the event cards (XI-XV would have stopped the
    # offer, K10-K14).
    history = [h for h in load("zeh-1769-pay-to-refuse.json")["history"] if h.get("deal") != "Bruno"]
    code, out = rule_doc(capsys, tmp_path, variant("zeh-1769-pay-to-refuse.json", history=history))
    assert code == 0 and out["status"] == "ruling"
    possible = {c for o in out["outcomes"] for w in o["when"] for cs in w.values() for c in cs}
    assert possible and not possible & {"XV", "XIIII", "XIII", "XII", "XI"}
    assert all(Counter(x["player"] for x in o["result"]["marks_lost"])["Bruno"] >= 1 for o in out["outcomes"])


# --------------------------------------------------------------------------- the digital game (seed 004)


def test_D7_a_fool_among_cuckoos_loses_alone(capsys):
    # D7: "En tåbe har uafgjort med det laveste kort; hvis alle andre kort er gøger, taber kun tåbe."
    # and "En gøg mister aldrig et liv".  D4: Bruno's cuckoo refuses Anna's offer.  D2: the dealer
    # moves to the next surviving seat: Dora has no lives, so Anna deals next.
    code, out = rule(capsys, "digital-4p-fool-and-cuckoos.json")
    assert code == 0
    result = result_of(out)
    assert lost(result) == Counter({"Anna": 1})
    assert result["next_dealer"] == "Anna"
    assert out["claim"]["verdict"] == "overruled"


# --------------------------------------------------------------------------- Coucou (seed 003)


def test_F3_a_king_says_coucou_and_F4_the_talon(capsys):
    # F2: "behält der Geber die höchste" of his three (7, 10, J): Emil holds the J.  F3: "Der Nachbar
    # kann den Tausch nicht ablehnen, es sei denn, er hat einen König. In diesem Fall sagt er (ohne die
    # Karte aufzudecken) 'Kuckuck!'": Anna keeps her ace.  F4: Dora, last before the dealer, exchanges
    # with "die Karte auf dem Talon" (a Q).  F5: the lowest (Anna's ace, F1: "die niedrigste Karte immer
    # das Ass") loses a mark.
    code, out = rule(capsys, "coucou-king-says-coucou.json")
    assert code == 0
    result = result_of(out)
    assert result["shown"] == {"Anna": "A", "Bruno": "K", "Carla": "9", "Dora": "Q", "Emil": "J"}
    assert lost(result) == Counter({"Anna": 1}) and result["marks"]["Anna"] == 4  # five marks (F1, Q17)
    verdict = out["claim"]
    assert verdict["verdict"] == "overruled"
    assert {d["field"] for d in verdict["differences"]} == {"holds", "loses"}
    assert any("Coucou" in s["text"] and s["rule"] == "F3" for s in out["outcomes"][0]["steps"])


def test_F4_a_king_on_the_talon_forbids_the_exchange(capsys, tmp_path):
    # F4: "Sollte diese Karte ein König sein, ist kein Kartentausch erlaubt."  Dora keeps her ace and
    # is the lowest of 7, 10, J, A, Q (F5); the dealer kept his Q, the highest of 9, Q, 8 (F2).
    code, out = rule(capsys, "coucou-talon-king.json")
    assert code == 0
    result = result_of(out)
    assert lost(result) == Counter({"Dora": 1})
    assert result["holds"]["Dora"] == "A" and result["holds"]["Emil"] == "Q"
    assert out["claim"]["verdict"] == "overruled"
    # Q16: Meyers' bottom card would be the dealer's lower discard, the 8: then Anna's 7 is lowest
    meyers = reading(out, "talon_card")["bottom-skipping-kings"]["outcomes"][0]["result"]
    assert [x["player"] for x in meyers["marks_lost"]] == ["Anna"]
    # the table cannot have seen Dora take the king
    history = load("coucou-talon-king.json")["history"]
    took = history[:4] + [{"stack-exchange": "Dora", "card": "K"}] + history[4:]
    code, out = rule_doc(capsys, tmp_path, variant("coucou-talon-king.json", history=took))
    assert code == 1 and problem(out)["path"] == "$.history[4]"


def test_F1_five_players_play_with_the_piquet_pack(capsys, tmp_path):
    # F1: "ein Piquet-Blatt mit 32 Karten (ohne 2er bis 6er), wenn weniger als sieben Spieler spielen"
    doc = variant("as-qui-court-king-shown.json")
    doc["history"][2] = {"deal": "Carla", "card": "2"}
    code, out = rule_doc(capsys, tmp_path, doc)
    assert code == 1 and problem(out)["path"] == "$.history[2].card"


# --------------------------------------------------------------------------- As Qui Court (seed 003, Méry 1847)


def test_A3_A4_the_dealer_goes_to_the_talon_after_receiving_an_ace(capsys):
    # A3: "Der Spieler links vom Geber tauscht mit dem Geber"; A4: "Der Geber kann diese Karte nur mit
    # dem Talon tauschen und nur, wenn er vom vorherigen Spieler ein Ass erhalten hat".  Emil takes the
    # talon's Q; Dora's 8 is lowest of 9, 10, J, 8, Q.
    code, out = rule(capsys, "as-qui-court-ace-to-dealer.json")
    assert code == 0
    result = result_of(out)
    assert lost(result) == Counter({"Dora": 1})
    assert result["holds"]["Emil"] == "Q"
    assert out["claim"]["verdict"] == "upheld"
    assert any(s["rule"] == "A4" for s in out["outcomes"][0]["steps"])


def test_A1_the_king_is_shown_and_A4_no_talon_without_an_ace(capsys, tmp_path):
    # A1: "statt 'Kuckuck!' zu rufen, den König aufdeckt": no exchange, Anna keeps her ace and loses.
    code, out = rule(capsys, "as-qui-court-king-shown.json")
    assert code == 0
    result = result_of(out)
    assert lost(result) == Counter({"Anna": 1}) and result["holds"]["Emil"] == "7"
    assert any(s["rule"] == "A1" for s in out["outcomes"][0]["steps"])
    # A4: Emil received a 7, not an ace: he may not go to the talon
    history = load("as-qui-court-king-shown.json")["history"][:-1] + [{"dealer-exchange": "Emil"}]
    code, out = rule_doc(capsys, tmp_path, variant("as-qui-court-king-shown.json", history=history))
    assert code == 1 and problem(out)["rule"] == "A4" and problem(out)["path"] == "$.history[10]"


# --------------------------------------------------------------------------- Hère (seed 003)


def test_H2_the_king_says_her(capsys):
    # H2 (Lebrun 1828): "wenn er einen König erhält, nicht 'Kuckuck!', sondern 'Her!' sagt": no exchange;
    # Anna's 2 is the lowest of 2, K, 5.
    code, out = rule(capsys, "here-king-says-her.json")
    assert code == 0
    assert lost(result_of(out)) == Counter({"Anna": 1})
    assert out["claim"]["verdict"] == "upheld"
    assert any("'Her!'" in s["text"] for s in out["outcomes"][0]["steps"])


def test_H1_the_ace_ends_with_the_dealer(capsys, tmp_path):
    # H1: one card each, exchange with the neighbour; the dealer is the last player's neighbour and has
    # no talon (Furetière names none): Carla holds the ace (the 'hère') at the end and loses.
    code, out = rule(capsys, "here-ace-to-the-dealer.json")
    assert code == 0
    result = result_of(out)
    assert lost(result) == Counter({"Carla": 1}) and result["holds"]["Carla"] == "A"
    assert out["claim"]["verdict"] == "upheld"
    history = load("here-ace-to-the-dealer.json")["history"][:-1] + [{"dealer-exchange": "Carla"}]
    code, out = rule_doc(capsys, tmp_path, variant("here-ace-to-the-dealer.json", history=history))
    assert code == 1 and problem(out)["path"] == "$.history[6]"


# --------------------------------------------------------------------------- Ranter-Go-Round (Cassell 1881)


def test_R4_of_equal_lowest_cards_the_last_turned_up_loses(capsys):
    # R4: cards are turned up starting next to the dealer; of equal lowest cards only the one turned up
    # LAST loses: Carla's 3, not Anna's.
    code, out = rule(capsys, "ranter-go-round-ties.json")
    assert code == 0
    assert lost(result_of(out)) == Counter({"Carla": 1})
    assert out["claim"]["verdict"] == "overruled"
    # R4 settles the tie for Ranter-Go-Round: no open question is re-run for it
    assert out["open_questions"] == []


def test_R2_R3_no_privilege_and_at_most_one_exchange(capsys, tmp_path):
    # R3: "no card has any privilege": Bruno's king must be exchanged.  R2: "No player may exchange
    # more than once": Bruno keeps the 2, and the dealer, who received Carla's 5, may not take the top
    # card.  Bruno's 2 is lowest of K, 2, 8, 5.
    code, out = rule(capsys, "ranter-go-round-one-exchange.json")
    assert code == 0
    result = result_of(out)
    assert lost(result) == Counter({"Bruno": 1})
    assert result["holds"] == {"Anna": "K", "Bruno": "2", "Carla": "8", "Dora": "5"}
    assert out["claim"]["verdict"] == "overruled"
    history = load("ranter-go-round-one-exchange.json")["history"]
    second = history[:6] + [{"offer": "Bruno"}] + history[7:]
    code, out = rule_doc(capsys, tmp_path, variant("ranter-go-round-one-exchange.json", history=second))
    assert code == 1 and problem(out)["rule"] == "R2" and problem(out)["path"] == "$.history[6]"
    top = history[:-1] + [{"dealer-exchange": "Dora"}]
    code, out = rule_doc(capsys, tmp_path, variant("ranter-go-round-one-exchange.json", history=top))
    assert code == 1 and problem(out)["rule"] == "R2"


def test_F2_the_dealers_three_cards_unknown_are_enumerated(capsys, tmp_path):
    # F2: "behält der Geber die höchste und legt die beiden anderen verdeckt unter den Talon"; nobody saw
    # Emil's three cards.  F5: "die Spieler mit dem niedrigsten Kartenwert verlieren", ties all lose.
    # Anna's ace is lowest; Emil keeps an ace only if all three he took were aces, and the piquet pack
    # (F1) has four, Anna holding one: then Anna and Emil both lose.  Any other card he keeps is higher.
    code, out = rule(capsys, "coucou-dealer-cards-unknown.json")
    assert code == 0 and out["status"] == "ruling"
    label = "Emil's card (the highest of the three he takes, F2)"
    assert out["unknown_cards"] == [label]
    by_loss = {tuple(sorted(x["player"] for x in o["result"]["marks_lost"])): o["when"] for o in out["outcomes"]}
    assert set(by_loss) == {("Anna",), ("Anna", "Emil")}
    assert by_loss[("Anna", "Emil")] == [{label: ["A"]}]
    assert set(by_loss[("Anna",)][0][label]) == {"K", "Q", "J", "10", "9", "8", "7"}
    # Q16, Meyers: Dora took the bottom talon card, Emil's lower discard, which the table saw to be a
    # queen; so Emil kept a queen or a king and only Anna loses
    meyers = reading(out, "talon_card")["bottom-skipping-kings"]["outcomes"]
    assert {tuple(x["player"] for x in o["result"]["marks_lost"]) for o in meyers} == {("Anna",)}
    history = load("coucou-dealer-cards-unknown.json")["history"]
    # the card he keeps, when the table knows it, is the 'deal' of the dealer: one outcome
    named = history[:4] + [{"deal": "Emil", "card": "J"}] + history[4:]
    code, out = rule_doc(capsys, tmp_path, variant("coucou-dealer-cards-unknown.json", history=named))
    assert code == 0 and len(out["outcomes"]) == 1
    assert lost(result_of(out)) == Counter({"Anna": 1}) and result_of(out)["holds"]["Emil"] == "J"
    # with three aces held by others he cannot keep an ace: the fourth is his, and two lower cards
    # would be needed for him to keep it (C1, F2)
    aces = [{"deal": "Anna", "card": "A"}, {"deal": "Bruno", "card": "K"}, {"deal": "Carla", "card": "A"},
            {"deal": "Dora", "card": "A"}] + history[4:]
    doc = variant("coucou-dealer-cards-unknown.json", history=aces, hands={"Emil": "A"})
    code, out = rule_doc(capsys, tmp_path, doc)
    assert code == 1 and problem(out)["rule"] == "F2" and problem(out)["path"] == '$.hands["Emil"]'


@pytest.mark.parametrize("preset_name, options", [
    ("zeh-1769", {"refuse_by_paying": "yes"}),
    ("lu-stu", {"backward_offer": "optional"}),
])
def test_the_new_verbs_round_trip_through_positions(preset_name, options):
    # position_from_replay writes the Q9 and way-back decisions with their verbs ('agree',
    # 'pay-to-refuse'; 'keep'/'offer' in phase decide-backward), and reading them back replays to the
    # very same engine state.

    from cucu_ref.services.adjudication import replay_state
    from cucu_ref.game.engine import new_match
    from cucu_ref.game.playout import trajectory
    from cucu_ref.formats.position import parse, position_from_replay
    from cucu_ref.game.rulesets import preset
    from cucu_ref.game.state import Phase

    rules = preset(preset_name, options)
    phase_of_interest = Phase.TARGET_DECIDE if preset_name == "zeh-1769" else Phase.DECIDE_BACKWARD
    seen_verbs: set = set()
    for seed in range(40):
        state = new_match(rules, ["Anna", "Bruno", "Carla", "Dora", "Elena"], dealer=seed % 5)
        start, actions, hit = None, [], False
        for before, action, after, _ in trajectory(state, seed):
            if before.phase == Phase.SHUFFLE:
                start, actions, hit = before, [], False
            actions.append(action)
            hit = hit or before.phase == phase_of_interest
            if after.phase in (Phase.SHUFFLE, Phase.MATCH_OVER):
                if hit:
                    doc = position_from_replay(start, actions)
                    doc["ruleset"] = {"preset": preset_name, "options": {**options, **(
                        doc["ruleset"]["options"] if isinstance(doc["ruleset"], dict) else {})}}
                    pos, problems = parse(doc)
                    assert problems == [], problems
                    assert replay_state(pos) == after
                    seen_verbs.update(k for h in doc["history"] for k in h if k != "by")
                break
    expected = {"agree", "pay-to-refuse"} if preset_name == "zeh-1769" else {"keep", "offer"}
    assert expected <= seen_verbs, seen_verbs
    assert "act" not in seen_verbs


# --------------------------------------------------------------------------- Screw Your Neighbour
# pagat.com (J. McLeod), Cuckoo: "Each player has one turn, beginning with the player to dealer's
# left ... and ending with the dealer" (S2); "Your neighbour must accept the exchange unless she has
# a king, in which case she exposes the king and you keep your card" (S3); "if the card obtained is
# a king, the dealer must keep her original card" (S4); "whoever has the lowest card loses a life.
# If several players tie for lowest they all lose a life" (S5); the last players eliminated
# together: "1. These players are declared joint winners and split the pot" (S6).


def test_syn_king_holder_has_her_turn_and_the_dealer_cuts_a_king(capsys):
    # Anna's 2 stays with her (Bruno's king, S3); Bruno keeps in his own turn (S2); Dora cuts a
    # king and keeps her 9 (S4).  Shown 2, K, 5, 9: Anna loses a life (S5).  The claim that
    # Dora holds the king and loses is overruled on both counts.
    code, out = rule(capsys, "screw-your-neighbour-king-then-her-turn.json")
    assert code == 0
    result = result_of(out)
    assert lost(result) == Counter({"Anna": 1}) and result["holds"]["Dora"] == "9"
    assert {x["rule"] for x in result["marks_lost"]} == {"S5"}
    assert result["next_dealer"] == "Anna"  # the deal passes on (K2)
    assert out["claim"]["verdict"] == "overruled"


def test_syn_king_holder_turn_is_illegal_under_q2_never(capsys, tmp_path):
    # 'never' (the holder of a shown king has completed his play): Bruno's keep is out of turn
    doc = variant("screw-your-neighbour-king-then-her-turn.json",
                  ruleset={"preset": "screw-your-neighbour", "options": {"targeted_holder_acts": "never"}})
    code, out = rule_doc(capsys, tmp_path, doc)
    assert code == 1 and problem(out)["path"] == "$.history[6]"


def test_syn_last_two_tie_on_their_last_life_and_are_joint_winners(capsys):
    code, out = rule(capsys, "screw-your-neighbour-joint-winners.json")
    assert code == 0
    result = next(o["result"] for o in out["outcomes"])
    assert lost(result) == Counter({"Anna": 1, "Bruno": 1}) and sorted(result["out"]) == ["Anna", "Bruno"]
    assert result["winner"] is None and result["next_dealer"] is None  # the match is over, shared (S6)
    assert out["claim"]["verdict"] == "overruled"
    # Q11 is open for this preset: 'nobody-loses' (Coucou's F5) would keep both in
    assert reading(out, "all_equal")["nobody-loses"]
