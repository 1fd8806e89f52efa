"""cucu-trace/1: a deal as another program records it, replayed on the engine.

Every expected outcome is worked out by hand from the sources, cited per test:
seed 000 (Farina 2010: K7 "muss er tauschen", K13 the cat's undo, K14 the inn, K17 the
buy-back; Zeh 1769: Z6, Z7), seed 003 (Coucou, F3) and Cassell 1881 (R2, "No player may
exchange more than once"), pagat.com's Cuckoo (S2-S6).
"""

from __future__ import annotations

import copy
import json

import jsonschema
import pytest

from cucu_ref.cli.adjudicate import main
from cucu_ref.formats.position import schema
from cucu_ref.formats.trace import check_document, parse, verdict_json, verdict_text

CAMPLI_NAMES = ["Andrea", "Beatrice", "Chiara", "Dario"]


def trace(ruleset, cards, decisions, outcome=None, names=CAMPLI_NAMES, marks=None, **fields):
    doc = {"format": "cucu-trace/1", "ruleset": ruleset,
           "seats": [{"name": n, "marks": m} for n, m in zip(names, marks or [3] * len(names))],
           "dealer": len(names) - 1, "deal": {"cards": cards},
           "decisions": [{"seat": s, "decision": d} for s, d in decisions]}
    if outcome is not None:
        doc["outcome"] = outcome
    doc.update(fields)
    return doc


def result(doc, readings=True):
    verdict = check_document(doc, readings)
    out = verdict_json(verdict, "test")
    jsonschema.validate(out, schema("trace-result-1"), cls=jsonschema.Draft202012Validator)
    return out


# K13 (seed 000, §Ereigniskarten, XII Gnaf): Andrea (III) offers to Beatrice (V), who must exchange
# (K7); Beatrice, now holding III, offers to Chiara's cat: she loses a mark at once and her card's
# exchange is undone, so Andrea has his III back and Beatrice her V.  Play goes on right of the
# cat: Dario, the dealer, keeps his X.  Showdown: III, V, XII, X: Andrea loses (K15).
CAT = trace("campli", ["III", "V", "XII", "X"], [(0, "offer"), (1, "offer"), (3, "keep")],
            {"net": [-1, -1, 0, 0], "out": [], "hands": ["III", "V", "XII", "X"], "next_dealer": 0,
             "winner": None})


def test_a_correct_trace_agrees():
    out = result(CAT)
    assert out["status"] == "agrees" and out["divergence"] is None and out["exit_code"] == 0
    assert out["outcome"]["net"] == [-1, -1, 0, 0] and out["outcome"]["marks"] == [2, 2, 3, 3]
    kinds = [(e["kind"], e["rule"]) for s in out["steps"] for e in s["events"]]
    assert ("undo", "K13") in kinds and kinds.count(("mark-lost", "K13")) == 1


def test_a_wrong_net_is_the_first_divergence_with_rule_and_source():
    # the program forgot the cat's mark (K13)
    doc = copy.deepcopy(CAT)
    doc["outcome"]["net"] = [-1, 0, 0, 0]
    out = result(doc)
    d = out["divergence"]
    assert out["status"] == "diverges" and out["exit_code"] == 1
    assert (d["path"], d["what"], d["trace"], d["engine"], d["rule"]) == ("$.outcome.net[1]", "net", 0, -1, "K13")
    assert d["source"] == "K13 (N. Farina 2010, after the German account 'Cucù und Lu Stù', section Ereigniskarten)"


def test_a_program_that_does_not_undo_shows_in_the_hands():
    doc = copy.deepcopy(CAT)
    doc["outcome"]["hands"] = ["V", "III", "XII", "X"]
    doc["outcome"]["net"] = [0, -2, 0, 0]
    out = result(doc)
    assert out["divergence"]["path"] == "$.outcome.net[0]"
    assert {d["path"] for d in out["differences"]} >= {"$.outcome.hands[0]", "$.outcome.hands[1]"}
    assert next(d for d in out["differences"] if d["path"] == "$.outcome.hands[0]")["rule"] == "K13"


def test_claims_by_net_check_only_the_listed_players():
    doc = copy.deepcopy(CAT)
    doc["outcome"] = {"net": {"Beatrice": -1}}
    assert result(doc)["status"] == "agrees"
    doc["outcome"] = {"net": {"1": -2}}
    assert result(doc)["divergence"]["path"] == "$.outcome.net[1]"


def test_suits_are_ignored_and_seats_may_be_named():
    doc = trace("ranter-go-round", {"Andrea": "2♠", "Beatrice": "K of hearts", "Chiara": "5d", "Dario": "8c"},
                [("Andrea", "offer"), ("Beatrice", "keep"), ("Chiara", "keep"), ("Dario", "keep")],
                {"hands": {"Andrea": "K♦", "Beatrice": "2"}})
    # R3: no privilege, Beatrice must give up her king
    assert result(doc)["status"] == "agrees"


# K14 (seed 000, XI Taverna): the program has no inn; its policies answer for it.  Andrea (0)
# offers to Beatrice's inn: 'fermatevi'.  Policy: he asks 'pagherai se null?'; the innkeeper
# refuses, so they exchange: Andrea XI, Beatrice 0.  Play goes on right of the inn: Chiara, Dario
# keep.  Beatrice's 0 is lowest.  With 'accept' instead: no exchange, Andrea keeps the nulla and
# is lowest, and the innkeeper pays his mark: again Beatrice loses one, but the hands differ.
INN = trace("campli", ["0", "XI", "V", "VI"], [(0, "offer"), (2, "keep"), (3, "keep")],
            {"net": [0, -1, 0, 0], "hands": ["XI", "0", "V", "VI"]},
            policies={"inn-offerer": "ask", "inn-keeper": "refuse"})


def test_policies_take_the_decisions_the_program_does_not_model():
    out = result(INN)
    assert out["status"] == "agrees"
    assert [(s["decision"], s["policy"]) for s in out["steps"][:4]] == [
        ("shuffle", False), ("offer", False), ("ask-pagherai-se-null", True), ("refuse", True)]
    accepted = copy.deepcopy(INN)
    accepted["policies"]["inn-keeper"] = "accept"
    out = result(accepted)
    assert out["outcome"]["net"] == [0, -1, 0, 0] and out["outcome"]["hands"] == ["0", "XI", "V", "VI"]
    assert out["divergence"]["path"] == "$.outcome.hands[0]"


def test_without_a_policy_the_next_decision_is_out_of_turn():
    # after 'fermatevi' the decision is Andrea's (K14), not Chiara's
    doc = copy.deepcopy(INN)
    del doc["policies"]
    out = result(doc)
    d = out["divergence"]
    assert (d["what"], d["step"], d["rule"]) == ("illegal", 1, "K14")
    assert "Andrea's decision" in d["message"]
    doc["decisions"] = doc["decisions"][:1]
    d = result(doc)["divergence"]
    assert (d["what"], d["step"], d["rule"]) == ("missing-decision", 1, "K14")


def test_an_explicit_decision_wins_over_the_policy():
    doc = copy.deepcopy(INN)
    doc["decisions"][1:1] = [{"seat": 0, "decision": "ask"}, {"seat": 1, "decision": "accept"}]
    doc["outcome"] = {"hands": ["0", "XI", "V", "VI"]}
    assert result(doc)["status"] == "agrees"


def test_decisions_after_the_deal_and_a_short_trace_are_divergences():
    doc = copy.deepcopy(CAT)
    doc["decisions"].append({"seat": 0, "decision": "keep"})
    assert result(doc)["divergence"]["what"] == "extra-decision"
    doc["decisions"] = doc["decisions"][:2]
    assert result(doc)["divergence"]["what"] == "missing-decision"


def test_an_illegal_decision_refused_by_both_agrees():
    # R2: "No player may exchange more than once": Beatrice, given Andrea's 2, may not pass it on
    doc = trace("ranter-go-round", ["2", "K", "5", "8"], [(0, "offer"), (1, "offer")], {"illegal": {"step": 1}})
    assert result(doc)["status"] == "agrees"
    doc["outcome"] = {"net": [0, -1, 0, 0]}
    out = result(doc)
    d = out["divergence"]
    assert (d["what"], d["step"], d["rule"]) == ("illegal", 1, "R2")
    assert d["trace"] == {"seat": 1, "decision": "offer"}


def test_a_program_that_refuses_a_legal_decision_diverges():
    doc = trace("campli", ["III", "V", "XII", "X"], [(0, "offer"), (1, "offer"), (3, "keep")], {"illegal": {"step": 1}})
    d = result(doc)["divergence"]
    assert (d["what"], d["trace"], d["engine"]) == ("illegal", {"step": 1}, None)


# Q2 (seed 003, F3; pagat S2): under Coucou's default 'never' a king holder who said 'Coucou!'
# has no turn of his own; a program that lets him keep diverges, and the oracle names the reading
# under which the trace is valid.
def test_a_divergence_names_the_reading_that_removes_it():
    names = ["Anne", "Bernard", "Claire", "Denis", "Estelle"]
    doc = trace("coucou", ["7", "K", "8", "9", "Q"], [(0, "offer"), (1, "keep"), (2, "keep"), (3, "keep"),
                                                    (4, "keep")], names=names, marks=[5] * 5)
    doc["deal"]["rest"] = ["10"]  # the talon's top card: Denis could exchange with it (F4)
    out = result(doc)
    assert out["divergence"]["step"] == 1 and out["divergence"]["rule"] == "F3"
    assert [(r["option"], r["reading"], r["settles"]) for r in out["readings"]] == [
        ("targeted_holder_acts", "always", "Q2")]
    text = verdict_text(check_document(doc), "t.json")
    # (the question by its name and the reading in its words: issue 24 §1)
    assert "the trace agrees if Q2 is read otherwise: the holder of a card that stopped a request" in text


def test_reverse_seat_numbering_and_a_fixed_first_seat():
    # the program numbers its seats against the direction of play and deals from a fixed seat:
    # its seat 3 (Andrea) is dealt first, so its seat 0 (Dario) deals (K4)
    doc = {"format": "cucu-trace/1", "ruleset": "campli", "seat_order": "reverse", "first": 3,
           "seats": [{"name": n, "marks": 3} for n in reversed(CAMPLI_NAMES)],
           "deal": {"cards": ["X", "XII", "V", "III"]},
           "decisions": [{"seat": 3, "decision": "offer"}, {"seat": 2, "decision": "offer"},
                         {"seat": 0, "decision": "keep"}],
           "outcome": {"net": [0, 0, -1, -1], "next_dealer": 3}}
    out = result(doc)
    assert out["status"] == "agrees", out["divergence"]
    assert out["outcome"]["hands"] == ["X", "XII", "V", "III"]
    doc["dealer"] = 1
    problems = parse(doc)[1]
    assert [p.path for p in problems] == ["$.first"] and problems[0].rule == "K4"


def test_buy_back_after_the_deal_by_policy():
    # K17: Andrea, on his last mark, loses; a virgin remains, so he may buy back for one stake
    doc = trace("campli", ["I", "V", "VI", "VII"], [(0, "keep"), (1, "keep"), (2, "keep"), (3, "keep")],
                marks=[1, 3, 3, 3], policies={"buy-back": "decline"}, pot=4,
                outcome={"net": [-1, 0, 0, 0], "out": [0], "next_dealer": 1, "marks": [0, 3, 3, 3]})
    out = result(doc)
    assert out["status"] == "agrees", out["divergence"]
    doc["policies"]["buy-back"] = "buy-back"
    out = result(doc)
    assert out["outcome"]["marks"] == [3, 3, 3, 3] and out["outcome"]["out"] == []
    # back in, he is the next dealer again: the deal passes to the right of Dario (K2)
    assert [d["what"] for d in out["differences"]] == ["out", "marks", "next_dealer"]


def test_zeh_hint_forfeits_the_fools_gain():
    # Z6: two fools in play, each holder gains a mark; Z7: one who hinted gets none
    doc = trace("zeh-1769", ["matto", "matto", "V", "X"], [(0, "hint"), (0, "keep"), (1, "keep"), (2, "keep"),
                                                         (3, "keep")], {"net": [0, 1, -1, 0]})
    assert result(doc)["status"] == "agrees"


def test_joint_winners_are_a_list():
    doc = trace("screw-your-neighbour", ["5", "5", None], [(0, "keep"), (1, "keep")], {"winner": [0, 1]},
                names=["Anna", "Bruno", "Carla"], marks=[1, 1, 0])
    doc["dealer"] = 1
    out = result(doc)
    assert out["status"] == "agrees" and out["outcome"]["winner"] == [0, 1] and out["outcome"]["next_dealer"] is None


@pytest.mark.parametrize(("change", "path"), [
    ({"ruleset": "campl"}, "$.ruleset"),
    ({"dealer": "Dora"}, "$.dealer"),
    ({"deal": {"cards": ["XII", "V", "XII", "XII"]}}, "$.deal.cards[3]"),  # a third XII (C1: two copies)
    ({"deal": {"cards": ["III", "V", "XII"]}}, "$.deal.cards"),
    ({"decisions": [{"seat": 0, "decision": "swop"}]}, "$.decisions[0].decision"),
    ({"seats": [{"name": "A", "marks": -1}, {"name": "B", "marks": 3}]}, "$.seats[0].marks"),
    ({"format": "cucu-trace/2"}, "$.format"),
])
def test_invalid_traces_name_the_place(change, path):
    doc = copy.deepcopy(CAT)
    doc.update(change)
    out = result(doc)
    assert out["status"] == "invalid" and out["exit_code"] == 1
    assert path in [p["path"] for p in out["problems"]], out["problems"]


def test_cli_trace_flag_and_batch(tmp_path, capsys):
    path = tmp_path / "t.json"
    path.write_text(json.dumps(CAT), encoding="utf-8")
    assert main(["--trace", str(path)]) == 0
    assert "AGREES" in capsys.readouterr().out
    bad = copy.deepcopy(CAT)
    bad["outcome"]["next_dealer"] = 2
    lines = tmp_path / "t.jsonl"
    lines.write_text(json.dumps(CAT) + "\n" + json.dumps(bad) + "\n", encoding="utf-8")
    assert main(["--batch", str(lines)]) == 1
    records = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [r["status"] for r in records] == ["agrees", "diverges"]
    assert records[1]["divergence"]["rule"] == "K2"


def test_the_example_traces(capsys):
    # examples/traces: a SYN program's deal in reverse seat order from a fixed first seat (pagat
    # S3-S5: Bruno's king stops Anna's exchange, Dora's cut king goes back, Anna's 2 loses), and a
    # Coucou program letting the king's holder act (valid only under Q2 'always')
    import os

    root = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "examples",
                        "traces")
    assert main(["--trace", os.path.join(root, "syn-client-deal.json")]) == 0
    assert "AGREES" in capsys.readouterr().out
    assert main(["--format", "json", "--trace", os.path.join(root, "coucou-king-holder-acts.json")]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["divergence"]["message"].endswith("it is Claire's decision, not Bernard's")
    assert [r["reading"] for r in out["readings"]] == ["always"]
