"""The documented contract of ``cucu_ref.game.cards.parse`` and ``Pack.parse``: names are folded
(case, accents, the Danish letters), French suits are accepted and ignored (F1), and a name no
pack knows raises :class:`CardNameError` carrying the text, the pack and the suggestions.

Written to kill mutants that survived the first mutation run (docs/dev/mutation-report.md).
"""

from __future__ import annotations

import pytest

from cucu_ref.game.cards import PACKS, Card, CardNameError, parse


@pytest.mark.parametrize("danish, value", [
    ("Løve", -3),   # seed 004 (Danish): 'løve', the lion (C1: leone, −3)
    ("LØVE", -3),
    ("Jæger", 14),  # seed 004: 'jæger', the hunter (C1: XIIII)
    ("JÆGER", 14),
])
def test_danish_letters_fold_to_their_latin_spelling(danish, value):
    # _fold: 'ø' and 'æ' do not decompose under NFKD, so they are spelt out ('o', 'ae')
    assert parse(danish) == Card("cuccu", value)


@pytest.mark.parametrize("text, value", [
    ("10♠", 10), ("♥10", 10), ("10s", 10), ("10 of hearts", 10), ("Kh", 13), ("A♦", 1),
    ("Bubeh", 11),  # German 'Bube' (the jack) followed by a one-letter suit
])
def test_a_french_suit_is_accepted_and_ignored(text, value):
    # F1: 'suits do not matter'; the rank survives whatever side the suit is written on
    assert parse(text, "french") == Card("french", value)


def test_a_letter_that_is_no_suit_is_not_stripped():
    with pytest.raises(CardNameError):
        parse("Kx", "french")


def test_a_name_that_is_not_a_string_is_refused_with_its_repr():
    with pytest.raises(CardNameError) as err:
        parse(15)  # type: ignore[arg-type]
    assert err.value.text == "15"
    assert err.value.pack == "cuccu"
    assert err.value.suggestions == ()
    assert str(err.value) == "unknown cuccu card name '15'"


def test_an_unknown_pack_names_the_known_families():
    with pytest.raises(ValueError) as err:
        parse("XV", "tarot")
    assert str(err.value) == "unknown pack 'tarot'; known: cuccu, french"


def test_an_unknown_name_carries_text_pack_and_suggestions_in_its_message():
    with pytest.raises(CardNameError) as err:
        parse("Kukuk")  # a misspelt Kuckuck (seed 000): the nearest canonical name is XV
    e = err.value
    assert (e.text, e.pack) == ("Kukuk", "cuccu")
    assert "XV" in e.suggestions
    joined = " or ".join(repr(s) for s in e.suggestions)
    assert str(e) == f"unknown cuccu card name 'Kukuk'; did you mean {joined}?"


def test_several_suggestions_are_joined_with_or():
    with pytest.raises(CardNameError) as err:
        parse("VIIIII")  # between VIIII (9) and VIII (8): more than one near name
    e = err.value
    assert len(e.suggestions) >= 2
    assert " or ".join(repr(s) for s in e.suggestions) in str(e)


def test_a_name_far_from_everything_has_no_hint():
    with pytest.raises(CardNameError) as err:
        parse("qqqqqqq")
    assert str(err.value) == "unknown cuccu card name 'qqqqqqq'"


def test_a_lion_is_not_a_card_of_zehs_pack():
    # C4/Z1: Zeh's 38 cards have no lions; the pack's own parse refuses the name
    with pytest.raises(CardNameError) as err:
        PACKS["cuccu-38"].parse("leone")
    e = err.value
    assert (e.text, e.pack, e.suggestions) == ("leone", "cuccu-38", ())
    assert PACKS["cuccu-40"].parse("leone") == Card("cuccu", -3)


def test_the_name_indexes_hold_every_canonical_token_number_and_alias():
    # The indexes are built once, at import; mutmut can only reach their builders through a
    # direct call.  C1: every canonical token and (but the fool's) its number names the card;
    # the aliases of seeds 000/004 too.  F1: the French ranks and their aliases.
    from cucu_ref.game import cards

    cuccu = cards._build_cuccu_index()
    assert cuccu == cards._INDEX[cards.CUCCU]
    assert cuccu["xv"] == 15 and cuccu["15"] == 15 and cuccu["matto"] == -4 and cuccu["secchia"] == -1
    assert "-4" not in cuccu  # the fool is named, never numbered (its rank depends on the play, C3)
    assert cuccu["kuckuck"] == 15 and cuccu["gnaf"] == 12
    french = cards._build_french_index()
    assert french == cards._INDEX[cards.FRENCH]
    assert french["k"] == 13 and french["a"] == 1 and french["10"] == 10 and french["king"] == 13
