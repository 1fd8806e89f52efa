"""Issue 10 §2, §4, §5 and issue 12 findings 2 and 5: the position format's new fields, rulings
that lead with the verdict, rejected histories re-run under the other readings, and every
problem with its place and its rule.  Each expected outcome is worked out by hand from the
seeds (cited per test)."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys

import pytest

from cucu_ref.cli.adjudicate import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(ROOT, "examples")


def load(name: str) -> dict:
    with open(os.path.join(EXAMPLES, name), encoding="utf-8") as f:
        return json.load(f)


def rule(capsys, tmp_path, doc: dict, *extra: str) -> tuple[int, dict]:
    path = tmp_path / "position.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code = main(["--format", "json", *extra, str(path)])
    return code, json.loads(capsys.readouterr().out)


def text(capsys, tmp_path, doc: dict) -> tuple[int, str]:
    path = tmp_path / "position.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code = main([str(path)])
    return code, capsys.readouterr().out


def campli(players, dealer, history, **fields) -> dict:
    doc = {"format": "cucu-position/1", "ruleset": "campli", "players": players, "dealer": dealer,
           "history": history}
    doc.update(fields)
    return doc


ABC = ["Anna", "Bruno", "Carla"]


# --------------------------------------------------------------------------- §5: places and rules


def test_a_third_copy_names_every_entry_holding_one(capsys, tmp_path):
    # C1 (seed 000, §Karten): 'Jede Karte kommt zweimal vor'
    doc = campli(ABC, "Carla", [{"deal": "Anna", "card": "XV"}, {"keep": "Anna"}],
                 stack={"top": "XV", "bottom": "cucù"})
    code, out = rule(capsys, tmp_path, doc)
    assert code == 1
    [p] = out["problems"]
    assert p["rule"] == "C1" and p["path"] != "$"
    # the problem stands at one copy and names the places of the others
    for place in ("$.history[0].card", "$.stack.top", "$.stack.bottom"):
        assert place in p["message"] or place == p["path"]


def test_a_third_copy_split_between_hands_and_stack_is_a_problem_not_an_internal_error(capsys, tmp_path):
    # issue 12 finding 5.  Both XV lie in the stack (top and bottom) and nobody went to the stack
    # (every player keeps, the dealer too, K8), so Anna cannot hold a third XV at the end (C1)
    doc = campli(ABC, "Carla", [{"keep": "Anna"}, {"keep": "Bruno"}, {"keep": "Carla"}],
                 stack={"top": "XV", "bottom": "XV"}, hands={"Anna": "XV"})
    code, out = rule(capsys, tmp_path, doc)
    assert code == 1 and out["status"] == "invalid"
    [p] = out["problems"]
    assert p["path"] == '$.hands["Anna"]' and p["rule"] == "C1"
    assert "$.stack.top" in p["message"] and "$.stack.bottom" in p["message"]
    # had the dealer exchanged with the bottom card (K8), he would hold that XV, and Anna could not
    doc["history"][-1] = {"dealer-exchange": "Carla"}
    doc["hands"] = {"Carla": "XV"}
    code, out = rule(capsys, tmp_path, doc)
    assert code == 0, out


def test_a_five_at_a_five_player_coucou_table_explains_the_piquet_pack(capsys, tmp_path):
    # F1 (seed 003, §Spielkarten): 'ein Piquet-Blatt mit 32 Karten (ohne 2er bis 6er), wenn weniger als
    # sieben Spieler spielen'
    doc = load("coucou-king-says-coucou.json")
    doc.pop("claim", None)
    doc["hands"] = {"Anna": "5"}
    code, out = rule(capsys, tmp_path, doc)
    [p] = out["problems"]
    assert code == 1 and p["rule"] == "F1" and p["path"] == '$.hands["Anna"]'
    assert "piquet" in p["message"] and "seven" in p["message"]
    assert "unknown card '5' in the french-32 pack" not in p["message"]


@pytest.mark.parametrize("ruleset, card, words, not_words, rule_id", [
    ("campli", "A", "card of the French pack", "XII", "C1"),  # an ace in a Cuccù game
    ("coucou", "XV", "card of the Cuccù pack", "'J'", "F1"),  # a Cuccù card in a French game
    ("zeh-1769", "leone", "no lions", "did you mean", "C4"),  # C4: Zeh's 38 cards
    ("zeh-1769", "leon", "", "leone", "C1"),  # suggestions only from the ruleset's own pack
])
def test_card_problems_speak_of_the_rulesets_own_pack(capsys, tmp_path, ruleset, card, words, not_words, rule_id):
    players = ["Anna", "Bruno", "Carla", "Dora", "Emil"]
    doc = {"format": "cucu-position/1", "ruleset": ruleset, "players": players, "dealer": "Emil",
           "hands": {"Anna": card}}
    code, out = rule(capsys, tmp_path, doc)
    [p] = out["problems"]
    assert code == 1 and p["rule"] == rule_id
    assert words in p["message"] and not_words not in p["message"]


def test_pass_suggests_offer(capsys, tmp_path):
    doc = campli(ABC, "Carla", [{"pass": "Anna"}])
    code, out = rule(capsys, tmp_path, doc)
    assert code == 1
    [p] = out["problems"]
    assert p["path"] == "$.history[0]" and "did you mean {\"offer\": ...} for 'pass'" in p["message"]
    doc = campli(ABC, "Carla", [{"sto bene": "Anna"}])
    code, out = rule(capsys, tmp_path, doc)
    assert "did you mean {\"keep\": ...}" in out["problems"][0]["message"]


def test_an_offer_meeting_the_dealers_horse_cites_K12(capsys, tmp_path):
    # K12 (seed 000, §Ereigniskarten, XIII): 'Falls der Angefragte der Geber ist, tauscht der Anbieter
    # mit der obersten Karte vom Stapel'; the round is then over (K10-K14: play goes on right of the
    # horse, and right of the dealer there is nobody), so the dealer makes no decision (K8)
    history = [{"keep": "Anna"}, {"offer": "Bruno"}, {"deal": "Carla", "card": "XIII"},
               {"announce": "salta", "by": "Carla"}]
    code, out = rule(capsys, tmp_path, campli(ABC, "Carla", history + [{"dealer-exchange": "Carla"}]))
    [p] = out["problems"]
    assert code == 1 and p["rule"] == "K12" and p["path"] == "$.history[4]"
    code, out = rule(capsys, tmp_path, campli(ABC, "Carla", history + [{"exchange": ["Bruno", "Carla"]}]))
    [p] = out["problems"]
    assert code == 1 and p["rule"] == "K12"


def test_two_fools_alone_losing_under_lu_stu_cites_L6(capsys, tmp_path):
    # L6 (seed 000, §Lu Stù): 'Sind beide Karten Narren, dann gewinnen zwar beide eine Marke, der
    # Nichtgeber verliert diese aber gleich wieder': Anna (non-dealer) loses, Bruno (dealer) does not
    doc = {"format": "cucu-position/1", "ruleset": "lu-stu", "players": ["Anna", "Bruno"], "dealer": "Bruno",
           "dealt": {"Anna": "matto", "Bruno": "matto"},
           "history": [{"keep": "Anna"}, {"keep": "Bruno"}, {"pays": "Bruno"}]}
    code, out = rule(capsys, tmp_path, doc)
    [p] = out["problems"]
    assert code == 1 and p["rule"] == "L6" and p["path"] == "$.history[2]"
    doc["history"][-1] = {"pays": "Anna"}
    code, out = rule(capsys, tmp_path, doc)
    assert code == 0
    result = out["outcomes"][0]["result"]
    assert sorted(x["player"] for x in result["marks_gained"]) == ["Anna", "Bruno"]
    assert [x["player"] for x in result["marks_lost"]] == ["Anna"]


def test_a_buy_back_with_no_virgin_left_cites_K17(capsys, tmp_path):
    # K17 (seed 000, §Wiedereintritt): 'Solange es eine oder mehrere Jungfrauen gibt, können sich
    # Spieler ... zurückkaufen'.  Nobody here holds his three original marks; Anna's 0 is lowest and
    # takes her last mark, so she is out with no buy-back offered.
    players = [{"name": "Anna", "marks": 1}, {"name": "Bruno", "marks": 2}, {"name": "Carla", "marks": 2}]
    doc = campli(players, "Carla", [{"keep": "Anna"}, {"keep": "Bruno"}, {"keep": "Carla"}, {"buy-back": "Anna"}],
                 dealt={"Anna": "0", "Bruno": "V", "Carla": "X"})
    code, out = rule(capsys, tmp_path, doc)
    [p] = out["problems"]
    assert code == 1 and p["rule"] == "K17" and p["path"] == "$.history[3]" and "virgin" in p["message"]


def test_a_wrong_pays_after_a_hunter_cites_K11(capsys, tmp_path):
    # K11 (seed 000, XIIII): 'Der Anbieter ... verliert jedoch eine Marke' -- one mark, the offerer's
    history = [{"deal": "Anna", "card": "V"}, {"offer": "Anna"}, {"deal": "Bruno", "card": "XIIII"},
               {"announce": "bum", "by": "Bruno"}]
    for wrong in ({"pays": "Anna", "amount": 2}, {"pays": "Bruno"}):
        code, out = rule(capsys, tmp_path, campli(ABC, "Carla", history + [wrong]))
        [p] = out["problems"]
        assert code == 1 and p["rule"] == "K11" and p["path"] == "$.history[4]", p


# --------------------------------------------------------------------------- §4: readings of a rejected history


def test_a_rejected_history_says_under_which_reading_it_is_valid(capsys, tmp_path):
    # Q2 (targeted_dealer_decides): under Campli's reading the offer that met the dealer's horse ends
    # the round (K12), so the dealer's 'keep' cannot have happened; under the reading 'yes' (the round
    # always ends with the dealer's decision, K8) it is valid.
    history = [{"keep": "Anna"}, {"offer": "Bruno"}, {"deal": "Carla", "card": "XIII"},
               {"announce": "salta", "by": "Carla"}, {"keep": "Carla"}]
    doc = campli(ABC, "Carla", history)
    code, out = rule(capsys, tmp_path, doc)
    assert code == 1 and out["verdict"] == "illegal"
    assert [(v["option"], v["reading"], v["settles"]) for v in out["valid_under"]] == [
        ("targeted_dealer_decides", "yes", "Q2")]
    code, said = text(capsys, tmp_path, doc)
    assert "It is valid if Q2 is read otherwise: the dealer still decides last" in said


def test_the_digital_horse_at_the_dealer_is_refused_by_its_own_rule_in_its_words(capsys, tmp_path):
    # D4: "if the dealer holds the horse, the requester exchanges with the top of the stack": the
    # round is over (Q2's default reading), so the dealer's 'keep' is refused, citing D4 both in
    # the problem's rule and in its text (never Campli's K12 in a digital ruling, issue 24 §2)
    doc = {"format": "cucu-position/1", "ruleset": "digital-4p", "players": ["Anna", "Bruno", "Carla", "Dora"],
           "dealer": "Dora", "history": [{"keep": "Anna"}, {"keep": "Bruno"}, {"offer": "Carla"},
                                         {"deal": "Dora", "card": "XIII"}, {"keep": "Dora"}]}
    code, out = rule(capsys, tmp_path, doc)
    [p] = out["problems"]
    assert code == 1 and p["rule"] == "D4" and p["path"] == "$.history[4]"
    assert p["message"].endswith("so Dora cannot keep (D4)") and "K12" not in p["message"]


def test_a_history_impossible_under_every_reading_says_so(capsys, tmp_path):
    # K10/C2: a VII never says 'cucù', whatever the reading of any open point
    doc = load("campli-illegal-history.json")
    code, out = rule(capsys, tmp_path, doc)
    assert code == 1 and out["verdict"] == "impossible" and out["valid_under"] == []
    code, said = text(capsys, tmp_path, doc)
    assert "under any reading of the open points" in said.splitlines()[0]


# --------------------------------------------------------------------------- §4: the verdict first


def test_the_text_ruling_leads_with_the_verdict_then_the_claim_then_the_steps(capsys):
    # K13 + K15 (campli-cat-undo.json, worked in test_examples.py): Bruno loses two marks, one for
    # offering to Carla's cat (K13), one for the lowest card, his II (K15); Anna, right of the
    # dealer Dora, deals next (K2).  Issue 24 §1: the first lines are the whole answer, with why
    assert main([os.path.join(EXAMPLES, "campli-cat-undo.json")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == ("Verdict: Bruno loses 2 marks: offered to Carla's XII Gnaf (K13); the lowest card, II (K15). "
                        "Next dealer: Anna.")
    assert lines[2] == "Claim by Anna: UPHELD"
    assert lines[3] == "How it went:"
    # one line per thing done, in the table's order, the rule IDs beside it
    assert "  Anna offers the card to the next player ('passo'); Bruno is dealt II; Anna and Bruno exchange " \
           "cards (K5, K4, K7)" in lines
    # no doubled lines: the showdown's 'lowest card: Bruno loses a mark' is not followed by 'Bruno loses a mark'
    showdown = next(x for x in lines if x.startswith("  Showdown"))
    assert "lowest card: Bruno loses a mark; Anna deals next (K15, K2)" in showdown
    # each source once, at the end
    # issue 24 §2: the source names the account it is read in
    assert lines[-1] == ("Sources: N. Farina (2010), in the German account 'Cucù und Lu Stù': K2, K4, K5, K7, K8, "
                         "K13, K15")
    assert sum("Farina" in x for x in lines) == 1
    # --steps: today's full list, headings a person reads (a JSON path is not one)
    assert main(["--steps", os.path.join(EXAMPLES, "campli-cat-undo.json")]) == 0
    full = capsys.readouterr().out.splitlines()
    assert "  Anna offers:" in full  # the JSON path stays in the JSON's "at" (issue 24 §2)
    assert ("    Anna offers the card to the next player ('passo') -- K5 (N. Farina 2010, after the German account "
            "'Cucù und Lu Stù', section Geben und Kartentausch)") in full


def test_the_ordinary_pack_games_speak_their_own_words(capsys):
    # F2-F4: the Coucou dealer keeps the card chosen from his three; no 'sto bene' there
    assert main([os.path.join(EXAMPLES, "coucou-talon-king.json")]) == 0
    said = capsys.readouterr().out
    assert "sto bene" not in said and "passo" not in said
    assert "Emil, the dealer, keeps the card chosen from the three (F4)" in said
    # the dealer's two discards named where the position gives them (the whole stack here)
    assert "under the talon (" in said


def test_identical_reading_lines_are_merged():
    from cucu_ref.services.render import _reading_lines

    same = {"marks_lost": [{"player": "Anna", "rule": "K15"}], "marks_gained": [], "out": [], "buy_back_offers": [],
            "bought_back": [], "restart": None, "winner": None, "next": None, "next_dealer": "Bruno",
            "deal_over": True}
    other = {**same, "marks_lost": [{"player": "Bruno", "rule": "K15"}], "next_dealer": "Carla"}

    def question(*results):
        return {"option": "all_out", "settles": "K18", "question": "?", "why_chosen": None, "readings": [
            {"reading": name, "chosen": name == "a", "status": "ruling", "text": f"reading {name}", "source": "",
             "outcomes": [{"result": result}]} for name, result in zip("abc", results)]}

    # b and c alike, not a's (the chosen reading): one verdict line names both, one outcome line
    brief = _reading_lines(question(same, other, other), "campli", brief=True)
    # (the open question by its name, each reading in its words: issue 24 §1)
    assert len(brief) == 1 and "(K18: reading b; or reading c)" in brief[0] and "Bruno" in brief[0]
    full = _reading_lines(question(same, other, other), "campli", brief=False)
    assert sum("->" in x for x in full) == 2
    # c comes out as a does: the verdict names only b, and the block merges a and c
    brief = _reading_lines(question(same, other, same), "campli", brief=True)
    assert len(brief) == 1 and "(K18: reading b)" in brief[0]
    full = _reading_lines(question(same, other, same), "campli", brief=False)
    # (each reading by its words, not its value: issue 24 §1)
    assert [x[:15] for x in full[1:6]] == ["   * reading a ", "     reading c ", "       -> loses", "     reading b ",
                                          "       -> loses"]
    # all three alike: no verdict line, one outcome line
    assert _reading_lines(question(same, same, same), "campli", brief=True) == []
    assert sum("->" in x for x in _reading_lines(question(same, same, same), "campli", brief=False)) == 1


# --------------------------------------------------------------------------- §2: the format's new fields


def test_hands_of_a_player_whose_card_moved_get_a_warning(capsys, tmp_path):
    # 'hands' are the cards held at the end: Anna's VI went to Bruno (K7), so what she holds at the
    # end is Bruno's dealt card; a table that wrote her dealt card there is warned
    doc = load("campli-unknown-card.json")
    doc["hands"] = {"Anna": "V"}
    code, out = rule(capsys, tmp_path, doc)
    assert code == 0
    assert [w["path"] for w in out["warnings"]] == ['$.hands["Anna"]']
    # Bruno was dealt the V Anna holds: V is above Carla's IIII, so Carla loses (K15)
    assert [x["player"] for x in out["outcomes"][0]["result"]["marks_lost"]] == ["Carla"]
    code, said = text(capsys, tmp_path, doc)
    assert 'Warning: $.hands["Anna"]' in said


def test_dealt_is_the_history_deal(capsys, tmp_path):
    doc = load("campli-unknown-card.json")
    as_field = copy.deepcopy(doc)
    as_field["history"] = [e for e in doc["history"] if "deal" not in e]
    as_field["dealt"] = {"Anna": "VI", "Carla": "IIII", "Dora": "VIII"}
    def cases(out):
        return [(o["when"], o["result"]) for o in out["outcomes"]]

    assert cases(rule(capsys, tmp_path, doc)[1]) == cases(rule(capsys, tmp_path, as_field)[1])
    as_field["dealt"]["Anna"] = "V"
    as_field["history"].insert(0, {"deal": "Anna", "card": "VI"})
    code, out = rule(capsys, tmp_path, as_field)
    assert code == 1 and out["problems"][0]["path"] == '$.dealt["Anna"]' and out["problems"][0]["rule"] == "K4"


def test_shown_binds_the_card_wherever_it_was_dealt(capsys, tmp_path):
    # Anna shows the card she got from Bruno (K7): so Bruno was dealt it; with II, Anna is lowest (K15)
    doc = load("campli-unknown-card.json")
    doc["shown"] = {"Anna": "II"}
    code, out = rule(capsys, tmp_path, doc)
    assert code == 0 and len(out["outcomes"]) == 1
    assert [x["player"] for x in out["outcomes"][0]["result"]["marks_lost"]] == ["Anna"]
    # an event card cannot be what an exchanged card was (C2, K7)
    doc["shown"] = {"Anna": "XV"}
    code, out = rule(capsys, tmp_path, doc)
    assert code == 1 and out["problems"][0]["rule"] == "C2"
    # nothing is shown before the showdown
    doc["history"] = doc["history"][:3]
    doc["shown"] = {"Anna": "II"}
    code, out = rule(capsys, tmp_path, doc)
    assert code == 1 and out["problems"][0]["rule"] == "K15"


def test_a_partial_stack_order_gives_the_top_of_the_stack(capsys, tmp_path):
    # coucou-talon-king.json with only its first eight cards: the four players' cards, the dealer's
    # three (F2) and the talon's top king (F4) -- the same ruling as the whole stack
    doc = load("coucou-talon-king.json")
    full = rule(capsys, tmp_path, doc)[1]
    doc["stack"]["order"] = doc["stack"]["order"][:8]
    code, part = rule(capsys, tmp_path, doc)
    assert code == 0
    assert [o["result"] for o in part["outcomes"]] == [o["result"] for o in full["outcomes"]]
    assert part["claim"]["verdict"] == full["claim"]["verdict"] == "overruled"


def test_a_claim_of_net_marks(capsys, tmp_path):
    # K13 then K15: Bruno is two marks down in this deal, the others even
    doc = load("campli-cat-undo.json")
    doc["claim"] = {"by": "Anna", "net": {"Bruno": -2, "Carla": 0}}
    code, out = rule(capsys, tmp_path, doc)
    assert code == 0 and out["claim"]["verdict"] == "upheld"
    doc["claim"] = {"by": "Anna", "net": {"Bruno": -1}}
    code, out = rule(capsys, tmp_path, doc)
    assert out["claim"]["verdict"] == "overruled"
    assert out["claim"]["differences"] == [{"field": "net", "claimed": {"Bruno": -1}, "ruled": {"Bruno": -2},
                                            "when": []}]


# --------------------------------------------------------------------------- issue 12 finding 2


def test_output_does_not_depend_on_the_hash_seed(tmp_path):
    # three unknown dealt cards at a 3-player Hère table, the showdown depending on all of them
    doc = {"format": "cucu-position/1", "ruleset": "here", "players": ABC, "dealer": "Carla",
           "history": [{"keep": "Anna"}, {"offer": "Bruno"}, {"keep": "Carla"}]}
    path = tmp_path / "here.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    outputs = set()
    for seed in ("0", "1", "2", "12345"):
        env = dict(os.environ, PYTHONPATH=ROOT, PYTHONHASHSEED=seed)
        for fmt in ("text", "json"):
            run = subprocess.run([sys.executable, "-m", "cucu_ref", "--format", fmt, str(path)], capture_output=True,
                                 cwd=ROOT, env=env, timeout=120)
            assert run.returncode == 0, run.stdout
            outputs.add((fmt, run.stdout))
    assert len(outputs) == 2  # one text, one JSON, byte-identical under every seed


def test_the_card_a_decision_takes_from_the_stack_binds_the_unknown_card_it_is(capsys, tmp_path):
    # R2 (Cassell 1881): the dealer 'may take the top card of the pack instead'; the position names the
    # card he took (Q), which was the stack's unknown top card; the showdown comes in the same step:
    # 4, 9, Q -> Anne's 4 is lowest (R4)
    doc = {"format": "cucu-position/1", "ruleset": "ranter-go-round", "players": ["Anne", "Bernard", "Claire"],
           "dealer": "Claire", "history": [{"deal": "Anne", "card": "4"}, {"keep": "Anne"},
                                           {"deal": "Bernard", "card": "9"}, {"keep": "Bernard"},
                                           {"deal": "Claire", "card": "A"}, {"dealer-exchange": "Claire", "card": "Q"}]}
    code, out = rule(capsys, tmp_path, doc)
    assert code == 0 and len(out["outcomes"]) == 1
    result = out["outcomes"][0]["result"]
    assert [x["player"] for x in result["marks_lost"]] == ["Anne"] and result["shown"]["Claire"] == "Q"


def test_the_case_split_scores_each_case_at_the_deal_s_table(monkeypatch):
    # the cases of an unseen card are grouped by evaluate's losers and gainers; they must be the
    # engine's (rulebook.showdown.compare): at the table of everybody dealt, a hand put under the stack (L10)
    # included (K19, L6).  Without it a dead hand under the stack made a table of three one of two,
    # and cases the engine tells apart could be merged.
    from cucu_ref.services.adjudication import unknowns
    from cucu_ref.cli.adjudicate import adjudicate_document

    calls, real, real_marks = [], unknowns.evaluate, unknowns.live_marks

    def spy(rules, live, dead, *args, **kwargs):
        calls.append((len(live) + len(dead), kwargs.get("table")))
        return real(rules, live, dead, *args, **kwargs)

    def spy_marks(rules, seats, vals, table, dead=()):  # (the marks alone, where nobody holds a guarantee)
        calls.append((len(seats) + len(dead), table))
        return real_marks(rules, seats, vals, table, dead)

    monkeypatch.setattr(unknowns, "evaluate", spy)
    monkeypatch.setattr(unknowns, "live_marks", spy_marks)
    path = os.path.join(EXAMPLES, "campli-unknown-card.json")
    with open(path, "rb") as f:
        adjudicate_document(f.read(), path)
    # one per card the unseen card may be: Bruno's dealt card went to Anna in an exchange, so it is
    # no event card (C2, K7: XV-XI answer a request instead): of C1's twenty ranks the fifteen from
    # X down to Matto.  (Q4's readings are not re-run: no dead hand here, so nothing reads Q4)
    assert len(calls) >= 15
    assert all(table == 4 for _, table in calls), calls[:3]


def test_a_reading_with_cases_gives_each_case_its_own_line_and_sentence():
    # a reading whose outcome depends on an unknown card (cases): in the block each case is its
    # own '->' line; in the verdict each case's sentences end and the next case begins with 'If';
    # a player losing two marks in one outcome (K11's shot and K15's lowest) is counted, not
    # named twice, and every mark lost or gained names its rule (cases that differ only by the
    # rule, C3's fool against K15's lowest, read apart)
    from cucu_ref.services.render import _reading_lines, verdict_text

    base = {"marks_lost": [{"player": "Anna", "rule": "K15"}], "marks_gained": [], "out": [], "buy_back_offers": [],
            "bought_back": [], "restart": None, "winner": None, "next": None, "next_dealer": "Bruno",
            "deal_over": True}
    twice = {**base, "marks_lost": [{"player": "Anna", "rule": "K11"}, {"player": "Anna", "rule": "K15"},
                                    {"player": "Carla", "rule": "K15"}],
             "marks_gained": [{"player": "Bruno", "rule": "Z6"}, {"player": "Bruno", "rule": "Z6"}]}
    question = {"option": "buy_back_card", "settles": "Q7", "question": "?", "why_chosen": None, "readings": [
        {"reading": "a", "chosen": True, "status": "ruling", "text": "", "source": "",
         "outcomes": [{"result": base}]},
        {"reading": "b", "chosen": False, "status": "ruling", "text": "", "source": "",
         "outcomes": [{"if": "the top card is X or higher", "result": base},
                      {"if": "the top card is lower", "result": twice}]}]}
    full = _reading_lines(question, "lu-stu", brief=False)
    arrows = [x for x in full if x.startswith("       -> ")]
    assert arrows == ["       -> loses a mark: Anna (K15)",
                      "       -> if the top card is X or higher: loses a mark: Anna (K15)",
                      "       -> if the top card is lower: loses marks: Anna 2 (K11, K15), Carla (K15); "
                      "gains: Bruno 2 (Z6)"]
    (brief,) = _reading_lines(question, "lu-stu", brief=True)
    first, second = verdict_text(base), verdict_text(twice)
    assert first.endswith(".") and second.endswith(".")
    assert brief.endswith(f"if the top card is X or higher: {first} If the top card is lower: {second}")
