"""The deal notation's grammar (docs/notation.rst): each construct and the document it gives.

Every expected document is written out by hand from the grammar, in the position format's
existing forms (history ``deal``/``shows`` events, claim ``loses``/``gains``).
"""

from __future__ import annotations

import pytest

from cucu_ref.formats.notation import parse

HEAD = "Ruleset: campli\nPlayers: Anna, Bruno, Carla, Dora\nDealer: Dora\n"


def history(body: str, head: str = HEAD) -> list[dict]:
    return parse(head + body)["history"]


def test_the_headers_give_the_table():
    doc = parse("Ruleset: lu-stu\nOptions: backward_offer=optional, stake=2\n"
                "Players: Anna 4 virgin, Bruno 2, \"Carla Maria\" 3 not virgin, Dora 0, Emil\n"
                "Dealer: Emil\nPot: 9\nEliminations: 1\nReentries: 2\nDeals: 17\n")
    assert doc == {
        "format": "cucu-position/1",
        "ruleset": {"preset": "lu-stu", "options": {"backward_offer": "optional", "stake": 2}},
        "players": [{"name": "Anna", "marks": 4, "virgin": True}, {"name": "Bruno", "marks": 2},
                    {"name": "Carla Maria", "marks": 3, "virgin": False}, {"name": "Dora", "marks": 0}, "Emil"],
        "dealer": "Emil", "pot": 9, "eliminations": 1, "reentries": 2, "deals_played": 17,
    }


def test_header_keys_in_other_languages():
    doc = parse("Regole: campli\nGiocatori: Anna, Bruno\nMazziere: Bruno\n")
    assert (doc["ruleset"], doc["players"], doc["dealer"]) == ("campli", ["Anna", "Bruno"], "Bruno")
    doc = parse("Regeln: zeh-1769\nSpieler: Anna, Bruno\nGeber: Anna\nPott: 2\n")
    assert (doc["ruleset"], doc["dealer"], doc["pot"]) == ("zeh-1769", "Anna", 2)


def test_the_stack_hands_and_dealt_cards():
    doc = parse(HEAD + "Stack: top Cucù, bottom nulla, cards II III\nHands: Anna V, Bruno ?\n"
                "Dealt: Anna II, Carla gnaf\n")
    assert doc["stack"] == {"top": "XV", "bottom": "0", "cards": ["II", "III"]}
    assert doc["hands"] == {"Anna": "V", "Bruno": "?"}
    assert doc["dealt"] == {"Anna": "II", "Carla": "XII"}
    order = parse("Ruleset: coucou\nPlayers: A, B, C, D, E\nDealer: E\nStack: order roi ? 7 dame\n")["stack"]
    assert order == {"order": ["K", "?", "7", "Q"]}


def test_a_players_line_as_the_brief_writes_it():
    # 'Anna: V, passo', 'Carla: gnaf!', 'Dora: sto bene' (issue 10 §3)
    assert history("Anna: V, passo\nCarla: gnaf!\nDora: sto bene\n") == [
        {"deal": "Anna", "card": "V"}, {"offer": "Anna"},
        {"announce": "gnaf", "by": "Carla"},
        {"keep": "Dora"},
    ]


def test_a_call_needs_its_bang_only_where_it_is_also_a_card():
    # 'gnaf' names the XII (seed 000 §Ereigniskarten) and is its call: the '!' says which
    assert history("Carla: gnaf\n") == [{"deal": "Carla", "card": "XII"}]
    assert history("Carla: gnaf!\n") == [{"announce": "gnaf", "by": "Carla"}]
    # 'fermatevi' names no card: a call either way (K14)
    assert history("Bruno: fermatevi\n") == history("Bruno: fermatevi!\n") == [{"announce": "fermatevi",
                                                                                 "by": "Bruno"}]


@pytest.mark.parametrize("line, verb", [
    # keep (K5; seed 003's German; the digest's French; English; the Danish page, D3)
    ("sto bene", "keep"), ("ich bleibe", "keep"), ("es ist gut", "keep"), ("Ich behalte", "keep"),
    ("je garde", "keep"), ("keep", "keep"), ("stand", "keep"), ("behold", "keep"),
    # offer
    ("passo", "offer"), ("ich gebe weiter", "offer"), ("ich tausche", "offer"), ("je change", "offer"),
    ("offer", "offer"), ("change", "offer"), ("byt", "offer"),
    # the inn (K14, L7, D6)
    ("pagherai se null?", "ask"), ("Zahlst du, wenn's 'ne Null ist?", "ask"), ("ask", "ask"),
    ("accetto", "accept"), ("ich nehme an", "accept"), ("j'accepte", "accept"), ("accepter", "accept"),
    ("rifiuto", "refuse"), ("fatt nu bicchijr", "refuse"), ("ich lehne ab", "refuse"), ("nægt", "refuse"),
    # Zeh's third paragraph (Q9)
    ("agree", "agree"), ("ich will nicht tauschen", "pay-to-refuse"),
    # buying back (K17)
    ("rientro", "buy-back"), ("buys back", "buy-back"), ("ich kaufe mich zurück", "buy-back"),
    ("declines", "decline"), ("non rientro", "decline"),
    # marks paid and a hint (K20, Z7)
    ("paga", "pays"), ("pays", "pays"), ("pij na gnaffat", "pays"), ("setzt eine Marque in die Taze", "pays"),
    ("hint", "hint"), ("deutet an", "hint"),
])
def test_the_words_of_each_language(line, verb):
    assert history(f"Anna: {line}\n") == [{verb: "Anna"}]


def test_words_in_quotation_marks_and_with_typographic_apostrophes():
    assert history("Anna: «sto bene»\n") == [{"keep": "Anna"}]
    assert history("Anna: “passo”\n") == [{"offer": "Anna"}]
    assert history("Anna: Zahlst du, wenn’s ’ne Null ist?\n") == [{"ask": "Anna"}]


def test_a_call_with_a_comma_is_one_item():
    # Lu Stù's cat: «Gnaf, cart'arrit» (L8); its innkeeper: «Tingh la Cas, che mi dai in cambio» (L7)
    head = "Ruleset: lu-stu\nPlayers: Anna, Bruno, Carla, Dora\nDealer: Dora\n"
    assert history("Carla: XII, Gnaf, cart'arrit!\n", head) == [
        {"deal": "Carla", "card": "XII"}, {"announce": "Gnaf, cart'arrit", "by": "Carla"}]
    assert history("Bruno: Tingh la Cas, che mi dai in cambio\n", head) == [
        {"announce": "Tingh la Cas, che mi dai in cambio", "by": "Bruno"}]


def test_the_stack_is_the_dealers_decision_and_the_offerers_observation():
    # K8: the dealer exchanges with the stack (a decision); K12/F4: another player takes
    # from the stack or the talon (an observation)
    assert history("Dora: stack XV\nBruno: stack\nDora: cambio col mazzo\n") == [
        {"dealer-exchange": "Dora", "card": "XV"}, {"stack-exchange": "Bruno"}, {"dealer-exchange": "Dora"}]
    coucou = "Ruleset: coucou\nPlayers: A, B, C, D, E\nDealer: E\n"
    assert history("D: je change, talon dame\n", coucou) == [{"offer": "D"}, {"stack-exchange": "D", "card": "Q"}]


def test_marks_paid_with_a_count_and_actions_by_kind():
    assert history("Bruno: paga 2\nBruno: pays\nAnna: act refuse-and-pay\n") == [
        {"pays": "Bruno", "amount": 2}, {"pays": "Bruno"}, {"act": "refuse-and-pay", "by": "Anna"}]


def test_an_unknown_dealt_card():
    assert history("Anna: ?, passo\n") == [{"deal": "Anna"}, {"offer": "Anna"}]


def test_an_exchange_seen_in_three_spellings():
    for arrow in ("<>", "<->", "↔"):
        assert history(f"Anna {arrow} Bruno\n") == [{"exchange": ["Anna", "Bruno"]}]


def test_the_cards_shown():
    assert history("shown: Anna V, Bruno Cucù, Carla ?\n") == [
        {"shows": "Anna", "card": "V"}, {"shows": "Bruno", "card": "XV"}, {"shows": "Carla", "card": "?"}]


def test_names_with_spaces_and_quoted_names():
    head = 'Ruleset: campli\nPlayers: Anna Maria, "Player 1", "a:b, c"\nDealer: "Player 1"\n'
    doc = parse(head + 'Anna Maria: V, passo\n"Player 1": sto bene\n"a:b, c" <> Anna Maria\n'
                       'shown: Anna Maria V, "Player 1" II, "a:b, c" III\n')
    assert doc["players"] == ["Anna Maria", "Player 1", "a:b, c"]
    assert doc["dealer"] == "Player 1"
    assert doc["history"] == [
        {"deal": "Anna Maria", "card": "V"}, {"offer": "Anna Maria"}, {"keep": "Player 1"},
        {"exchange": ["a:b, c", "Anna Maria"]},
        {"shows": "Anna Maria", "card": "V"}, {"shows": "Player 1", "card": "II"}, {"shows": "a:b, c", "card": "III"},
    ]


def test_comments_become_notes_only_on_lines_that_say_something():
    doc = parse("# a whole line of comment\n" + HEAD + "Anna: V, passo  # she hesitated\n# and another\n"
                "Anna <> Bruno # face down\nshown: Anna II # at last\n")
    assert doc["history"] == [
        {"deal": "Anna", "card": "V"}, {"offer": "Anna", "note": "she hesitated"},
        {"exchange": ["Anna", "Bruno"], "note": "face down"},
        {"shows": "Anna", "card": "II", "note": "at last"},
    ]


def test_a_description_keeps_its_hashes_and_runs_over_lines():
    doc = parse("Description: Anna's #1 card\nDescription: and the second line\n" + HEAD)
    assert doc["description"] == "Anna's #1 card\nand the second line"


def test_headers_may_come_after_the_deal():
    doc = parse("Ruleset: campli\nPlayers: Anna, Bruno\nAnna: V, passo\nDealer: Bruno\nHands: Anna V\n")
    assert doc["dealer"] == "Bruno" and doc["hands"] == {"Anna": "V"}
    assert doc["history"] == [{"deal": "Anna", "card": "V"}, {"offer": "Anna"}]


@pytest.mark.parametrize("line, claim", [
    ("claim: Bruno loses 2, Dora loses", {"loses": ["Bruno", "Bruno", "Dora"]}),
    ("claim by Anna: Bruno loses", {"by": "Anna", "loses": ["Bruno"]}),
    ("Anna claims: Carla gains 2", {"by": "Anna", "gains": ["Carla", "Carla"]}),
    ('"Anna" claims: Carla out, Bruno out', {"by": "Anna", "out": ["Bruno", "Carla"]}),
    ("claim: Carla holds Cucù, Bruno holds ?", {"holds": {"Carla": "XV", "Bruno": "?"}}),
    ("claim: next Dora, next dealer Anna, winner Carla", {"next": "Dora", "next_dealer": "Anna", "winner": "Carla"}),
    ("claim: nobody loses, nobody out", {"loses": [], "out": []}),
    ("claim: Bruno net -2, Carla +1, Dora net 0", {"net": {"Bruno": -2, "Carla": 1, "Dora": 0}}),
    ("claim: Bruno perde 2, Carla verliert", {"loses": ["Bruno", "Bruno", "Carla"]}),
    ("claim by Someone Else:", {"by": "Someone Else"}),
])
def test_the_claim(line, claim):
    assert parse(HEAD + line + "\n")["claim"] == claim


def test_a_ruleset_with_options_given_first():
    doc = parse("Options: ties=first\nRuleset: campli\nPlayers: Anna, Bruno\nDealer: Bruno\n")
    assert doc["ruleset"] == {"preset": "campli", "options": {"ties": "first"}}


def test_a_pack_option_reads_the_cards_of_that_pack():
    doc = parse("Ruleset: campli\nOptions: pack=french-52\nPlayers: Anna, Bruno\nDealer: Bruno\nAnna: roi\n")
    assert doc["history"] == [{"deal": "Anna", "card": "K"}]


def test_blank_lines_crlf_and_a_byte_order_mark():
    doc = parse("\ufeffRuleset: campli\r\n\r\nPlayers: Anna, Bruno\r\nDealer: Bruno\r\n\r\nAnna: sto bene\r\n")
    assert doc["history"] == [{"keep": "Anna"}]
