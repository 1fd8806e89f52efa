"""Card names the sources and tables use (issue 10 §5, issue 11): every alias with its region and
source, ambiguous names, names a pack lacks, and suggestions from the pack being parsed.

Each expected card is read from the source named in the test, never from the table under test.
"""

from __future__ import annotations

import pytest

from cucu_ref.game import cards
from cucu_ref.game.cards import ALIASES, NAME_SOURCES, PACKS, Card, CardNameError, parse

LANGUAGES = {"", "it", "de", "da", "nb", "sv", "fr", "en"}


def _ambiguous(alias: cards.Alias) -> bool:
    return len({a.value for a in cards.meanings(alias.name, alias.family)}) > 1


@pytest.mark.parametrize("alias", ALIASES, ids=lambda a: f"{a.family}:{a.name}->{a.token}")
def test_every_alias_reads_as_its_card(alias):
    if _ambiguous(alias):
        with pytest.raises(CardNameError) as err:
            parse(alias.name, alias.family)
        assert alias in err.value.candidates
        return
    assert parse(alias.name, alias.family) == Card(alias.family, alias.value)
    # upper case, lower case and with its accents dropped: one name
    assert parse(alias.name.upper(), alias.family) == Card(alias.family, alias.value)
    assert alias in cards.aliases(Card(alias.family, alias.value))


@pytest.mark.parametrize("alias", ALIASES, ids=lambda a: f"{a.family}:{a.name}")
def test_every_alias_names_its_language_and_a_known_source(alias):
    assert alias.source in NAME_SOURCES
    assert alias.language in LANGUAGES
    # a name that is not the ordinary word of a language says where it comes from
    if alias.source != "usage":
        assert alias.note or alias.region


@pytest.mark.parametrize("name, token, source", [
    # seed 000 §Karten: 'Statt des Löwen war ... Cacaccio (Pratesi 1990, Farina 2010)'
    ("Cacaccio", "leone", "seed-000"),
    # Farina's own name for it, with the popular one: 'chiamata «Grattaculo» e più popolarmente «Cacaccio»'
    ("Grattaculo", "leone", "ekuonews-2019"),
    # issue 11's implementation; read as the Grattaculo (documented in its note)
    ("Rattaculo", "leone", "issue-11"),
    # seed 000 §Lu Stù: «Tingh la Cas, che mi dai in cambio» (Ich hab' das Wirtshaus)
    ("Casa", "XI", "seed-000"), ("Cas", "XI", "seed-000"),
    # seed 000 §Ereigniskarten: 'XIIII Bum oder Tuff', 'XIII Salta oder Cavallo', 'XII Gnaf', 'XI Taverna'
    ("Tuff", "XIIII", "seed-000"), ("Cavallo", "XIII", "seed-000"), ("Taverna", "XI", "seed-000"),
    # §Lu Stù L9 «zumb»; §Das Cucuspiel: «Gnau», «Eymer», «Larvengesicht»
    ("zumb", "XIII", "seed-000"), ("Gnau", "XII", "seed-000"), ("Eymer", "secchia", "seed-000"),
    ("Larvengesicht", "mascherone", "seed-000"),
    # seed 004, Opsætning: 'løve −3, maske −2, spand −1, nul 0, ... kro XI, kat XII, hest XIII, jæger XIIII og kukku XV'
    ("løve", "leone", "seed-004"), ("spand", "secchia", "seed-004"), ("nul", "0", "seed-004"),
    ("kro", "XI", "seed-004"), ("jæger", "XIIII", "seed-004"), ("kukku", "XV", "seed-004"),
    ("tåbe", "matto", "seed-004"), ("Gøgen", "XV", "seed-004"),
    # Bergamo and Brescia: the lion(ess) 'la Bresa' / 'Bressa'; 'il gnao (12)'; 'il Cucco (15)'
    ("Bresa", "leone", "fitp-2022"), ("Bressa", "leone", "farina-2023"), ("Gnao", "XII", "7bello"),
    ("Cucco", "XV", "fitp-2022"),
    # 7bello: 'il Bragon era conosciuto anche come Tuffo'; the XI 'Fermatevi alquanto: Osteria'
    ("Tuffo", "XIIII", "7bello"), ("Osteria", "XI", "7bello"), ("Fermatevi alquanto", "XI", "7bello"),
    # the Scandinavian descendants, figure for figure (pagat 'Gnav'; Kille)
    ("gjøk", "XV", "pagat-gnav"), ("Dragon", "XIIII", "pagat-gnav"), ("katt", "XII", "pagat-gnav"),
    ("hus", "XI", "pagat-gnav"), ("potte", "secchia", "pagat-gnav"),
    ("Kuku", "XV", "uu-kille"), ("Husar", "XIIII", "uu-kille"), ("Kavall", "XIII", "uu-kille"),
    ("Värdshus", "XI", "wikipedia-kille"),
])
def test_regional_names_of_the_cuccu_pack(name, token, source):
    assert cards.format(parse(name)) == token
    assert any(a.source == source for a in cards.meanings(name))


def test_the_cat_penalty_name_gaff_is_documented_as_read():
    # primadanoi 2018 names 'le carte Gaff, Bum, Cucù, Matto e Cacaccio' without their numbers:
    # the alias says why Gaff is read as the cat
    (alias,) = cards.meanings("Gaff")
    assert alias.token == "XII" and "sgaffata" in alias.note


def test_an_ambiguous_name_lists_its_candidates():
    # Kille's Harlequin ('Kille') descends from the fool (en.wikipedia 'Kille') but is the highest
    # card of the Kille pack (uu-kille): in the Cuccù pack it could be either
    with pytest.raises(CardNameError) as err:
        parse("Kille")
    e = err.value
    assert {c.token for c in e.candidates} == {"matto", "XV"}
    assert e.suggestions == ()
    assert "ambiguous" in str(e) and "matto" in str(e) and "XV" in str(e)
    with pytest.raises(CardNameError):
        PACKS["cuccu-38"].parse("harlekin")  # both candidates are in Zeh's pack too


def test_the_same_name_in_two_packs_means_each_packs_card():
    # 'cavallo' is the XIII of the Cuccù pack (seed 000) and the knight, the queen's rank, of an
    # Italian-suited pack (it.wikipedia 'Cucù (gioco di carte)': 'Re(K), Cavallo(Q), Fante(J)')
    assert parse("cavallo") == Card("cuccu", 13)
    assert parse("cavallo", "french") == Card("french", 12)
    # seed 003 §Hère: '„Here“ ist auch der Name eines Asses' (Furetière 1690)
    assert parse("Hère", "french") == Card("french", 1)


@pytest.mark.parametrize("pack, name, token", [
    ("cuccu-38", "Cacaccio", "leone"),  # C4: Zeh's 38 cards have no lion, nor what replaced it
    ("cuccu-38", "Bresa", "leone"),
    ("french-32", "5", "5"),  # F1: the piquet pack has no 2-6
])
def test_a_card_the_pack_lacks_is_named_as_such(pack, name, token):
    with pytest.raises(CardNameError) as err:
        PACKS[pack].parse(name)
    assert cards.format(err.value.card) == token
    assert err.value.pack == pack
    assert str(err.value) == f"{token} is not a card of the {pack} pack"


def test_suggestions_come_from_the_pack_being_parsed():
    # 'leon' is nearest to the lion; Zeh's pack has none, so it is not suggested there
    with pytest.raises(CardNameError) as err:
        PACKS["cuccu-40"].parse("leon")
    assert "leone" in err.value.suggestions
    with pytest.raises(CardNameError) as err:
        PACKS["cuccu-38"].parse("leon")
    assert "leone" not in err.value.suggestions
    # a French name is never answered with a Cuccù card
    with pytest.raises(CardNameError) as err:
        PACKS["french-52"].parse("valett")
    assert err.value.suggestions == ("J",)


def test_a_misspelt_regional_name_suggests_its_card():
    with pytest.raises(CardNameError) as err:
        parse("Cacacio")
    assert err.value.suggestions[0] == "leone"


def test_canonical_tokens_and_numerals_win_over_aliases():
    # 'V' is the five of the Cuccù pack and the valet (jack) of the French one (its index letter)
    assert parse("V") == Card("cuccu", 5)
    assert parse("V", "french") == Card("french", 11)
    assert parse("O") == Card("cuccu", 0)  # the nulla printed as a letter O (en.wikipedia 'Cuccù')


def test_a_position_with_an_ambiguous_name_lists_its_candidates():
    from cucu_ref.formats import position as P

    doc = {"format": "cucu-position/1", "ruleset": "campli", "players": ["Anna", "Bruno"], "dealer": "Bruno",
           "hands": {"Anna": "Kille", "Bruno": "Casa"}}
    pos, problems = P.parse(doc)
    assert pos is None
    (problem,) = problems
    assert problem.path == '$.hands["Anna"]' and problem.rule == "C1"
    assert "matto" in problem.message and "XV" in problem.message
