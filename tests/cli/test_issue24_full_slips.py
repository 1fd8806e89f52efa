"""Issue 24 §2: small slips in what a table reads (session 40, helper slips).

Each expected text is worked by hand from the seeds, with the rule ID and the seed section.
"""

from __future__ import annotations

import io
from pathlib import Path

from cucu_ref.cli.adjudicate import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
LANGUAGES = ("en", "it", "de", "fr", "da")


def ruled(*args: str) -> str:
    out = io.StringIO()
    main([*args], stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_step_headings_carry_no_raw_json_path():
    # campli-buy-back: Bruno and Carla keep ('sto bene', K5, seed Farina 'Geben und Kartentausch');
    # the heading a table reads is 'Bruno keeps:' alone, the path stays in the JSON's 'at'
    for lang in LANGUAGES:
        text = ruled("--steps", "--language", lang, str(EXAMPLES / "campli-buy-back.json"))
        heads = [line for line in text.splitlines() if line.startswith("  ") and not line.startswith("    ")]
        assert heads, lang
        assert not any("$.history" in h or "  (" in h for h in heads), (lang, heads)


def test_notation_step_headings_still_name_the_line():
    # a deal in the notation: the heading names the line the entry was written on, one space
    text = ruled("--steps", str(EXAMPLES / "notation" / "campli-buy-back.txt"))
    assert "  Bruno keeps: (line " in text


def test_every_open_question_is_cited_as_the_project_s_reading_never_under_an_author_alone():
    # RULES-DIGEST Q1..Q18: questions the sources leave open (e.g. Q5, Di Luigi & Mazza's 'Lu Stù'
    # section says nothing of where the way back ends); the reading a step cites is this project's,
    # so the citation says so before it names the text the question is open in, in every language
    from cucu_ref.formats.i18n import speaking
    from cucu_ref.formats.sources import RULES, cite

    said = {"en": "this project's reading of an open question: ",
            "it": "lettura di questo progetto di una questione aperta: ",
            "de": "Lesart dieses Projekts zu einer offenen Frage: ",
            "fr": "lecture de ce projet d'une question ouverte : ",
            "da": "dette projekts læsning af et åbent spørgsmål: "}
    questions = [q for q in RULES if q[:1] == "Q" and q[1:].isdigit()]
    assert len(questions) >= 18
    for lang in LANGUAGES:
        with speaking(lang):
            for q in questions:
                assert cite(q).startswith(f"{q} ({said[lang]}"), (lang, cite(q))
    # and in the ruling a table reads (lu-stu-way-back-optional settles Q5)
    text = ruled("--steps", "--language", "de", str(EXAMPLES / "lu-stu-way-back-optional.json"))
    assert "Q5 (Lesart dieses Projekts zu einer offenen Frage: G. Di Luigi & D. Mazza 2009" in text
    assert "-- Q5 (G. Di Luigi" not in text
