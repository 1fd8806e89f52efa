"""Cards and packs (C1, C4, F1): parse/format round trips, aliases, suggestions, repr, surplus."""

from __future__ import annotations

from collections import Counter

import pytest

from cucu_ref.game.cards import PACKS, Card, CardNameError, format, parse


@pytest.mark.parametrize("pack_name", sorted(PACKS))
def test_every_card_of_every_pack_round_trips(pack_name):
    pack = PACKS[pack_name]
    for c in pack.cards:
        token = format(c)
        assert parse(token, pack.family) == c
        assert pack.parse(token) == c
        assert str(c) == token


@pytest.mark.parametrize("pack_name", sorted(PACKS))
def test_repr_reads_back_with_eval(pack_name):
    for c in set(PACKS[pack_name].cards):
        assert eval(repr(c), {"Card": Card}) == c


def test_repr_of_a_value_no_pack_holds_reads_back_and_does_not_raise():
    # the adjudicator's placeholders for unseen cards (values from 1000 up, never compared) are
    # Cards of no pack's table: their repr shows the fields (it raised KeyError)
    from cucu_ref.services.adjudication.model import PLACEHOLDER

    for c in (Card("cuccu", PLACEHOLDER + 51), Card("french", PLACEHOLDER), Card("cuccu", 16)):
        assert repr(c) == f"Card({c.pack!r}, {c.value!r})"
        assert eval(repr(c), {"Card": Card}) == c


@pytest.mark.parametrize("pack_name, size, copies", [
    ("cuccu-40", 40, 2),  # C1: "Es gibt insgesamt 40 Karten. Jede Karte kommt zweimal vor."
    ("cuccu-38", 38, 2),  # C4: Zeh "Es wird mit 38 Karten gespielt, die beiden Löwen sind noch nicht vorhanden."
    ("french-52", 52, 4),  # F1
    ("french-32", 32, 4),  # F1: the piquet pack without 2-6
])
def test_pack_sizes(pack_name, size, copies):
    pack = PACKS[pack_name]
    assert pack.size == size == len(pack.cards)
    assert set(Counter(pack.cards).values()) == {copies}
    assert list(pack.sorted_cards) == sorted(pack.cards)


def test_cuccu_38_has_no_lion():
    assert parse("leone") not in PACKS["cuccu-38"].cards
    with pytest.raises(CardNameError):
        PACKS["cuccu-38"].parse("leone")


def test_cuccu_order_high_to_low():
    # C1 (seed 000 §Karten): XV highest ... I, then 0 (Nulla), Eimer (Secchia), Mascherone, Leone,
    # Narr (Matto); the fool is stored lowest (its rank in play is the scoring's business, C3)
    order = [parse(t) for t in "XV XIIII XIII XII XI X VIIII VIII VII VI V IIII III II I 0".split()]
    order += [parse(t) for t in ("secchia", "mascherone", "leone", "matto")]
    assert [c.value for c in order] == sorted((c.value for c in order), reverse=True)
    assert len(set(order)) == 20


@pytest.mark.parametrize("alias, token", [
    ("XIV", "XIIII"), ("xiv", "XIIII"), ("14", "XIIII"), ("Bragon", "XIIII"), ("Bum", "XIIII"), ("Tuff", "XIIII"),
    ("XV", "XV"), ("15", "XV"), ("cuckoo", "XV"), ("Cucù", "XV"), ("Kuckuck", "XV"), ("cucco", "XV"),
    ("XIII", "XIII"), ("Salta", "XIII"), ("Cavallo", "XIII"), ("Pferd", "XIII"), ("horse", "XIII"), ("zumb", "XIII"),
    ("Gnaf", "XII"), ("Gnau", "XII"), ("Katze", "XII"), ("cat", "XII"),
    ("Taverna", "XI"), ("Wirtshaus", "XI"), ("inn", "XI"),
    ("IX", "VIIII"), ("9", "VIIII"), ("IV", "IIII"), ("4", "IIII"), ("1", "I"),
    ("Nulla", "0"), ("null", "0"), ("zero", "0"),
    ("Eimer", "secchia"), ("Eymer", "secchia"), ("Secchia", "secchia"), ("bucket", "secchia"), ("-1", "secchia"),
    ("Mascherone", "mascherone"), ("Larvengesicht", "mascherone"), ("mask", "mascherone"),
    ("Leone", "leone"), ("Löwe", "leone"), ("lion", "leone"),
    ("fool", "matto"), ("Narr", "matto"), ("Matto", "matto"),
    ("  xv  ", "XV"),
])
def test_cuccu_aliases(alias, token):
    assert format(parse(alias)) == token


@pytest.mark.parametrize("alias, token", [
    ("K", "K"), ("king", "K"), ("Kh", "K"), ("K♠", "K"), ("roi de coeur", "K"),
    ("Q", "Q"), ("queen", "Q"), ("J", "J"), ("jack", "J"), ("10", "10"), ("10s", "10"),
    ("A", "A"), ("ace", "A"), ("Ace of spades", "A"), ("1", "A"),
])
def test_french_aliases(alias, token):
    assert format(parse(alias, "french")) == token


@pytest.mark.parametrize("text, expected", [
    ("Kukuk", "XV"),  # a misspelt Kuckuck
    ("XVI", "XV"),
    ("eimr", "secchia"),
    ("mato", "matto"),
])
def test_unknown_names_suggest_the_nearest(text, expected):
    with pytest.raises(CardNameError) as err:
        parse(text)
    assert expected in err.value.suggestions
    assert expected in str(err.value)
    assert err.value.text == text


def test_unknown_name_far_from_everything_has_no_suggestion():
    with pytest.raises(CardNameError) as err:
        parse("qqqqqqq")
    assert err.value.suggestions == ()


def test_card_name_error_is_a_value_error_and_bad_pack_is_rejected():
    with pytest.raises(ValueError):
        parse("nonsense")
    with pytest.raises(ValueError):
        parse("XV", "tarot")
    with pytest.raises(CardNameError):
        parse(15)  # type: ignore[arg-type]


def test_french_pack_32_has_no_two_to_six():
    values = {c.value for c in PACKS["french-32"].cards}
    assert values == {13, 12, 11, 10, 9, 8, 7, 1}


def test_surplus_a_third_xv():
    pack = PACKS["cuccu-40"]
    cards = list(pack.cards) + [parse("XV")]
    assert pack.surplus(cards) == {parse("XV"): 1}
    assert pack.surplus(pack.cards) == {}
    assert pack.surplus([]) == {}


def test_surplus_a_lion_in_the_38_card_pack():
    # C4: Zeh's pack has no lions, so any lion is surplus
    pack = PACKS["cuccu-38"]
    assert pack.surplus(list(pack.cards) + [parse("leone")]) == {parse("leone"): 1}
    assert pack.surplus([parse("leone"), parse("leone")]) == {parse("leone"): 2}


def test_cards_are_hashable_and_comparable_values():
    assert parse("XV") == Card("cuccu", 15)
    assert len({parse("XV"), parse("cucu"), parse("15")}) == 1
    assert parse("matto").is_fool and not parse("0").is_fool


def test_a_permutation_of_the_pack_is_made_of_cards():
    """C1 (Pack.is_permutation, which the engine's shuffle, the trace oracle and deal_stack
    ask): the pack's own cards in any order pass; the same cards' fields as plain tuples or
    lists (as JSON gives them back) and junk are refused without an exception."""
    pack = PACKS["cuccu-40"]
    cards = list(reversed(pack.cards))
    assert pack.is_permutation(cards) and pack.is_permutation(tuple(cards))
    assert not pack.is_permutation([tuple(c) for c in cards])
    assert not pack.is_permutation([list(c) for c in cards])
    assert not pack.is_permutation(cards[:-1] + [tuple(cards[-1])])
    for junk in (None, 40, "x" * 40, [None] * 40):
        assert not pack.is_permutation(junk)
