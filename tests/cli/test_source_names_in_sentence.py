"""The accounts named by what they are, as each language's sentence needs them (issue 24 §2's
citations, issue 30's languages): German declines 'der deutsche Artikel' after 'nach' and
'von' (dative) but not where the name stands alone, at the head of the sources line or in a
step's citation; Italian and French contract 'di' and 'de' with an article ('del', 'du'), so
the open question's source is said after a word that does not ('secondo', 'selon').  German
rulings said "Quellen: dem deutschen Artikel ..." and "F4 (dem deutschen Artikel ...)"; the
rulesets' listing "una questione aperta di il resoconto tedesco", "une question ouverte de le
compte rendu allemand" (all four fail before this change)."""

from __future__ import annotations

from pathlib import Path

from cucu_ref.formats.i18n import speaking
from cucu_ref.services.documents import rule_document
from cucu_ref.services.render import full_steps, rulesets_text

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _ruled(name: str, language: str):  # type: ignore[no-untyped-def]
    return rule_document((EXAMPLES / name).read_bytes(), name, language=language)


def test_german_sources_line_names_the_article_in_the_nominative() -> None:
    # Hère: H1 from Furetière and H2 from Lebrun, each read in the German article (after it:
    # 'nach dem deutschen Artikel', dative); F2 the article's own rule (alone: 'der deutsche Artikel')
    lines = _ruled("here-king-says-her.json", "de").text().split("\n")
    assert lines[-1] == ("Quellen: A. Furetière (1690), nach dem deutschen Artikel 'Coucou (Kartenspiel)': H1; "
                         "M. Lebrun (1828), nach dem deutschen Artikel 'Coucou (Kartenspiel)': H2; "
                         "der deutsche Artikel 'Coucou (Kartenspiel)' (ohne Datum): F2")


def test_german_step_cites_the_article_in_the_nominative() -> None:
    # F4, a rule of the German Coucou article itself, section Spielverlauf: 'F4 (der deutsche
    # Artikel ..., Abschnitt Spielverlauf)'
    with full_steps(True):
        text = _ruled("coucou-talon-king.json", "de").text()
    assert "F4 (der deutsche Artikel 'Coucou (Kartenspiel)', Abschnitt Spielverlauf)" in text
    assert "(dem deutschen" not in text


def test_the_open_questions_source_after_a_word_that_does_not_contract() -> None:
    # Q10 is open in the German account, Q16 in the German article (the rulesets' listing)
    with speaking("it"):
        italian = " ".join(rulesets_text(width=10_000).split())
    with speaking("fr"):
        french = " ".join(rulesets_text(width=10_000).split())
    with speaking("de"):
        german = " ".join(rulesets_text(width=10_000).split())
    assert "Q10, una questione aperta secondo il resoconto tedesco 'Cucù und Lu Stù'" in italian
    assert "Q16, una questione aperta secondo l'articolo tedesco 'Coucou (Kartenspiel)'" in italian
    assert "Q10, une question ouverte selon le compte rendu allemand 'Cucù und Lu Stù'" in french
    assert "Q16, eine offene Frage nach dem deutschen Artikel 'Coucou (Kartenspiel)'" in german
    for wrong in (" di il ", " di l'", " de le "):
        assert wrong not in italian + french
