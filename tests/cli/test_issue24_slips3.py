"""Issue 24 §2-§4: the last wording slips, read as a table reads them (session 41, helper slips3).

Each expected text is worked by hand from the seeds, with the rule ID and the seed section; each
test fails on 80fd74a.
"""

from __future__ import annotations

import re

from cucu_ref.formats.i18n import speaking
from cucu_ref.services.adjudication.conditions import spoken
from tests.cli.test_issue24_full_slips import EXAMPLES, LANGUAGES, ruled


# K4/K5 (seed 000, 'Geben und Kartentausch'): each player in turn keeps ('sto bene') or offers;
# K8: the dealer decides last, and then the deal is over (K15, 'Das Ergebnis': the cards are shown).
# Anna keeps a second time after the dealer Dora has decided: the deal is over.
SAID_AGAIN = """\
Ruleset: campli
Players: Anna, Bruno, Carla, Dora
Dealer: Dora

Anna: V, sto bene
Bruno: II, sto bene
Carla: VI, sto bene
Dora: X, sto bene
Anna: sto bene
shown: Anna V, Bruno II, Carla VI, Dora X
"""

# K5: after Anna's 'sto bene' the next decision is Bruno's; Carla's 'sto bene' comes too early
OUT_OF_TURN = """\
Ruleset: campli
Players: Anna, Bruno, Carla, Dora
Dealer: Dora

Anna: V, sto bene
Carla: sto bene
"""


def test_a_problem_quotes_the_keep_word_the_table_wrote(tmp_path):
    # §2 'A deal written in the notation quotes the table's own word': the table wrote Campli's
    # 'sto bene' (K5), so no language turns it into its own keep ('je garde', 'behold', 'es ist gut')
    deal = tmp_path / "again.txt"
    deal.write_text(SAID_AGAIN, encoding="utf-8")
    for lang in ("it", "de", "fr", "da"):
        line = ruled("--language", lang, str(deal)).splitlines()[-1]
        assert line.startswith(f"{deal}:9:7: "), (lang, line)
        assert "'sto bene'" in line, (lang, line)
        assert not any(w in line for w in ("je garde", "behold", "es ist gut")), (lang, line)


def test_the_open_decisions_are_said_in_the_words_the_table_speaks(tmp_path):
    # the options open to Bruno (K5: keep or offer) in the table's words: 'sto bene' it wrote,
    # and Campli's 'passo' (K5) for the offer it did not write, not the French 'je change'
    deal = tmp_path / "early.txt"
    deal.write_text(OUT_OF_TURN, encoding="utf-8")
    expected = {"fr": "Carla ne peut pas dire 'sto bene' maintenant : la prochaine décision revient à Bruno "
                      "('sto bene' ou 'passo')",
                "da": "Carla kan ikke sige 'sto bene' nu: den næste beslutning er Brunos ('sto bene' eller 'passo')"}
    for lang, said in expected.items():
        line = ruled("--language", lang, str(deal)).splitlines()[-1]
        assert said in line, (lang, line)


def test_the_digital_inn_is_its_own_kro_in_italian_not_farinas_taverna():
    # D6 (seed 004, the digital rules page: 'kro XI'; «Kroen sætter byttet på pause»): the digital
    # game's inn is the 'kro'; 'la Taverna' is Farina's card (K14, seed 000 'XI Taverna')
    text = ruled("--language", "it", str(EXAMPLES / "digital-4p-refused-inn.json"))
    assert "Taverna" not in text, text
    assert "Bruno mostra XI kro, la kro: l'offerta di Anna aspetta; la kro sospende la richiesta" in text, text
    assert "Anna chiede a Bruno, che tiene la kro: 'betal hvis nul' (D6)" in text, text
    assert "Bruno, che tiene la kro, rifiuta e deve scambiare con Anna" in text, text
    # and Campli keeps its Taverna (K14)
    with speaking("it"):
        from cucu_ref.formats.i18n import gettext
        assert "Taverna" in gettext("the innkeeper {seat} refuses and must exchange with {other}")


def test_german_card_names_carry_no_article_or_gender():
    # C1 (seed 000, 'Die Karten'): two of each card; 'the other XV' is the second copy.  German
    # names a card without an article ('bekam eine andere Karte als {card}'): no 'der andere XV',
    # no 'ist nicht king'
    with speaking("de"):
        assert spoken("Bruno was dealt anything but the other XV") == "Bruno bekam nicht die andere Karte XV"
        assert spoken("the top card of the stack is anything but king") == (
            "die oberste Karte des Stapels ist eine andere Karte als king")
        assert spoken("Carla's dealt card is anything but the other XV") == (
            "die an Carla gegebene Karte ist nicht die andere Karte XV")


def test_a_positive_single_card_condition_has_its_article(tmp_path):
    # S4 (pagat, Cuckoo): the dealer keeps his card where the card cut from the stock is a king;
    # the condition says 'is a king', as its negation says 'is not a king'
    from tests.cli.test_conditions_people_read import SCREW_CUT

    deal = tmp_path / "cut.txt"
    deal.write_text(SCREW_CUT, encoding="utf-8")
    text = ruled("--no-readings", str(deal))
    assert "; or the top card of the stack is a king and Carla's dealt card is not higher than" in text, text
    assert " is king" not in text, text
    with speaking("de"):  # (German: without an article, as its negation)
        assert spoken("the top card of the stack is a king") == "die oberste Karte des Stapels ist king"


def test_the_talon_s_king_is_a_roi():
    # F4 (seed 003, 'Spielverlauf'): «Sollte diese Karte ein König sein, ist kein Kartentausch erlaubt»
    expected = {"en": "the card on the talon is a roi: Dora may not exchange with it",
                "it": "la carta sul tallone è un roi: Dora non può scambiarla",
                "de": "die Karte auf dem Talon ist ein roi: Dora darf nicht mit ihr tauschen",
                "fr": "la carte du talon est un roi : Dora ne peut pas l'échanger",
                "da": "kortet på talonen er en roi: Dora må ikke bytte med det"}
    for lang, said in expected.items():
        text = ruled("--language", lang, str(EXAMPLES / "coucou-talon-king.json"))
        assert said in text, (lang, text)


# a parenthesis inside another, outside the citations' own brackets ('[K8 (N. Farina 2010, ...)]',
# '-- F4 (the German article 'Coucou (Kartenspiel)', ...)': a title's parenthesis)
_NESTED = re.compile(r"\([^()]*\([^()]*\)[^()]*\)")


def _said(text: str) -> str:
    return "\n".join(re.sub(r"\[[^\]]*\]|-- .*$", "", line) for line in text.splitlines())


def test_no_citation_sits_inside_another_bracket():
    # Q2 (the dealer still decides last, K8), Q16 (the talon's card), F2 (the dealer's three cards)
    for name in ("coucou-dealer-cards-unknown.json", "campli-event-cards.json", "lu-stu-cat-way-back.json",
                 "screw-your-neighbour-joint-winners.json"):
        for lang in LANGUAGES:
            text = _said(ruled("--language", lang, str(EXAMPLES / name)))
            assert not _NESTED.search(text), (name, lang, _NESTED.search(text))
    text = ruled(str(EXAMPLES / "coucou-dealer-cards-unknown.json"))
    assert "(the highest of the three cards Emil takes — F2):" in text, text
    text = ruled(str(EXAMPLES / "campli-event-cards.json"))
    assert ("Read otherwise (the dealer still decides last, after his card has refused the offer: keep, or exchange "
            "with the stack — K8): ") in text, text


def test_a_match_won_without_a_buy_back_names_its_winner_not_none():
    # K16/K17 (seed 000, 'Wiedereintritt'): P0 is out and may buy back; without it P1 is the last
    # player and 'wer am Ende übrig bleibt, gewinnt den Pott' (seed 000, 'Spielverlauf'), so nobody
    # deals next; with it P1 deals next (K2: the deal passes to the right of the dealer P0)
    text = ruled(str(EXAMPLES / "counterexamples" / "cuckoo-never-loses--campli-q3-compared.json"))
    assert "None" not in text, text
    assert "P1 wins the match if P0 does not buy back; next dealer: P1 if P0 buys back." in text, text
