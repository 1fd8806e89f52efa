"""Issue 24 §2: wording slips found by filing the issue again, point by point (helper slips6).

Each expected text is worked by hand from the seeds, with the rule ID and the seed section; each
test fails on main before slips6's change (2a21caf).
"""

from __future__ import annotations

import json

from tests.cli.test_issue24_full_slips import EXAMPLES, LANGUAGES, ruled

# F4 (seed 003, 'Spielverlauf'): «Der letzte Spieler links vom Geber tauscht keine Karte mit dem
# Geber, sondern die Karte auf dem Talon.  Sollte diese Karte ein König sein, ist kein
# Kartentausch erlaubt.»  Dora, last before Emil the dealer, says 'Ich tausche' (F3): her
# request goes to the talon, not to her right neighbour Emil.  The account said "Dora asks the
# right neighbour to exchange ('je change'); Dora exchanges the card with the talon", and, the
# talon's card a king, "...; the card on the talon is a roi: Dora may not exchange with it".
# Anna's request (F3) still goes to her right neighbour Bruno.
TALON = {
    "en": ("Dora asks to exchange with the talon", "asks the right neighbour"),
    "de": ("Dora bittet um Tausch mit dem Talon", "Nachbarn"),
    "fr": ("Dora demande à échanger avec le talon", "voisin"),
    "it": ("Dora chiede di scambiare con il tallone", "vicino"),
    "da": ("Dora beder om at bytte med talonen", "naboen"),
}


def _dora(text: str) -> str:
    # (the step of Dora's request: it names the talon, 'tallone' in Italian)
    return next(line for line in text.splitlines()
                if line.lstrip().startswith("Dora ") and ("talon" in line.lower() or "tallone" in line))


def test_the_last_player_s_request_goes_to_the_talon_in_every_language():
    for lang in LANGUAGES:
        said, wrong = TALON[lang]
        for name in ("coucou-talon-king.json", "notation/coucou-king.txt"):
            line = _dora(ruled("--language", lang, str(EXAMPLES / name)))
            assert said in line and wrong not in line, (lang, name, line)
    # the table's own word is still quoted (K5/F3 words as written, issue 24 §2)
    assert "Dora asks to exchange with the talon ('je change'); Dora exchanges the card with the talon (F3, F4" \
        in ruled(str(EXAMPLES / "notation" / "coucou-king.txt"))
    # the first player's request goes to the right neighbour, as before (F3)
    assert "Anna asks the right neighbour to exchange ('je change'); Bruno holds the roi" in ruled(
        str(EXAMPLES / "notation" / "coucou-king.txt"))
    # --steps and the JSON steps say it alike
    assert "Dora asks to exchange with the talon ('Ich tausche')" in ruled(
        "--steps", str(EXAMPLES / "coucou-talon-king.json"))
    record = json.loads(ruled("--format", "json", str(EXAMPLES / "coucou-talon-king.json")))
    texts = [s["text"] for o in record["outcomes"] for s in o["steps"]]
    assert "Dora asks to exchange with the talon ('Ich tausche')" in texts, texts
