"""Errors of the deal notation: each a NotationError with its line and column, all collected,
unknown words answered with the nearest word of the notation's language and ruleset."""

from __future__ import annotations

import pytest

from cucu_ref.formats.notation import NotationError, parse

HEAD = "Ruleset: campli\nPlayers: Anna, Bruno, Carla, Dora\nDealer: Dora\n"


def errors(text: str) -> list[tuple[int, int, str]]:
    with pytest.raises(NotationError) as err:
        parse(text)
    e = err.value
    assert (e.line, e.column, e.message) == (e.errors[0].line, e.errors[0].column, e.errors[0].message)
    return [(x.line, x.column, x.message) for x in e.errors]


def one(text: str) -> tuple[int, int, str]:
    found = errors(text)
    assert len(found) == 1, found
    return found[0]


def test_an_unknown_word_suggests_the_nearest_of_its_language():
    line, col, msg = one(HEAD + "Anna: V, pasos\n")
    assert (line, col) == (4, 10)
    assert "unknown word 'pasos'" in msg and "did you mean 'passo'?" in msg


@pytest.mark.parametrize("head, word, near", [
    # a German table: the nearest German word, not an Italian one
    ("Ruleset: campli\nPlayers: Anna, Bruno\nDealer: Bruno\nLanguage: de\n", "ich bleib", "ich bleibe"),
    # the language of the words already read decides when no header says it
    ("Ruleset: campli\nPlayers: Anna, Bruno\nDealer: Bruno\nBruno: je garde\n", "je gard", "je garde"),
    # a French ruleset speaks French by default (Coucou, F3)
    ("Ruleset: coucou\nPlayers: A, B, C, D, Anna\nDealer: D\n", "je chang", "je change"),
])
def test_suggestions_come_from_the_notations_language(head, word, near):
    line, col, msg = errors(head + f"Anna: {word}\n")[-1]
    assert f"did you mean {near!r}?" in msg


def test_a_missing_comma_is_named():
    assert one(HEAD + "Anna: V passo\n") == (
        4, 7, "'V passo' reads as two items: write a comma between them ('V, passo')")


def test_an_unknown_card_suggests_from_the_rulesets_pack():
    _, col, msg = one(HEAD + "Anna: IIIIII\n")
    assert col == 7 and "did you mean" in msg and "IIII" in msg
    # a French ruleset: no Cuccù card is ever suggested
    _, _, msg = one("Ruleset: coucou\nPlayers: A, B, C, D, E\nDealer: E\nshown: A valett\n")
    assert "unknown card 'valett' of the French pack; did you mean 'J'?" in msg


def test_an_ambiguous_card_name_lists_its_candidates():
    line, col, msg = one(HEAD + "shown: Anna Kille\n")
    assert (line, col) == (4, 13)
    assert "ambiguous" in msg and "matto" in msg and "XV" in msg


def test_pass_is_ambiguous():
    _, col, msg = one(HEAD + "Anna: pass\n")
    assert col == 7 and "'pass' is ambiguous" in msg and "'passo'" in msg and "'sto bene'" in msg


def test_a_card_with_a_bang_asks_for_the_call():
    _, _, msg = one(HEAD + "Carla: XII!\n")
    assert "'XII' is a card" in msg and "'gnaf!'" in msg


def test_a_name_not_seated_suggests_the_nearest_player():
    assert one(HEAD + "Dorra: sto bene\n") == (
        4, 1, "'Dorra' is not seated at this table; did you mean 'Dora'? (players: Anna, Bruno, Carla, Dora)")
    line, col, _ = one(HEAD + "shown: Anna V, Brno II\n")
    assert (line, col) == (4, 16)


def test_missing_headers():
    found = errors("Anna: sto bene\n")
    assert [m for _, _, m in found][:3] == [
        "no 'Ruleset:' line: a deal names its ruleset, its players in seat order and its dealer",
        "no 'Players:' line: a deal names its ruleset, its players in seat order and its dealer",
        "no 'Dealer:' line: a deal names its ruleset, its players in seat order and its dealer",
    ]


def test_an_unknown_ruleset_suggests_the_nearest():
    _, col, msg = errors("Ruleset: campi\nPlayers: Anna, Bruno\nDealer: Bruno\n")[0]
    assert col == 10 and "unknown ruleset 'campi'; did you mean 'campli'?" in msg


def test_a_header_given_twice():
    assert one(HEAD + "Dealer: Anna\n") == (4, 1, "a second 'Dealer:' line (the first is line 3)")


def test_bad_numbers_and_options():
    assert one(HEAD + "Pot: many\n")[2] == "Pot must be a whole number of at least 0, not 'many'"
    assert one(HEAD + "Bruno: paga 0\n")[2] == "the marks paid must be a whole number of at least 1, not '0'"
    assert "name=reading" in one(HEAD + "Options: ties first\n")[2]


def test_a_line_that_is_nothing():
    line, col, msg = one(HEAD + "sto bene\n")
    assert (line, col) == (4, 1) and "expected 'NAME: what he said or did'" in msg


def test_an_unclosed_quote():
    assert one('Ruleset: campli\nPlayers: "Anna, Bruno\nDealer: Bruno\n')[2] == "a quoted name has no closing '\"'"


def test_claim_errors():
    assert one(HEAD + "claim: Bruno loose 2\n") == (4, 14, "unknown claim 'loose'; did you mean 'loses'?")
    assert one(HEAD + "claim: Bruno\n")[1] == 8
    assert one(HEAD + "claim: Bruno holds\n")[2] == "'holds' names a card"
    assert "a second claim" in one(HEAD + "claim: Bruno loses\nclaim: Anna loses\n")[2]


def test_every_error_is_collected_in_line_order():
    text = (HEAD + "Anna: V, pasos\nCarla: Kille\nDorra: sto bene\nCarla: XII!\nAnna: pass\n"
            "shown: Anna V, Bruno IIIIII\nclaim: Bruno loose 2\n")
    assert [(line, col) for line, col, _ in errors(text)] == [
        (4, 10), (5, 8), (6, 1), (7, 8), (8, 7), (9, 22), (10, 14)]


def test_a_notation_error_is_a_value_error_naming_its_place():
    with pytest.raises(ValueError) as err:
        parse(HEAD + "Anna: V, pasos\n")
    assert str(err.value).startswith("4:10: unknown word 'pasos'")
    assert err.value.rule is None  # type: ignore[attr-defined]
    with pytest.raises(NotationError) as err:
        parse(HEAD + "Anna: Kille\n")
    assert err.value.rule == "C1"
