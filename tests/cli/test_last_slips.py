"""Issue 24 §2, the last wording slips of the ruling (helper 'slips', stop 36): the pot with its
unit, a position's own settings in words, the pictures in the game's own card names.  Each
expectation is worked out by hand from the source (rule ID and seed section in the comments),
not copied from an output; each fails on the code before the change (c1f6710)."""

from __future__ import annotations

import os

import pytest

from test_reviewer_slips import EXAMPLES, example, run


def notation(tmp_path, text: str, *args: str) -> list[str]:
    path = tmp_path / "deal.txt"
    path.write_text(text, encoding="utf-8")
    return run(*args, str(path)).splitlines()


# --------------------------------------------------------------------------- 1. the pot with its unit

@pytest.mark.parametrize("language, line", [
    ("en", "Marks now: Anna 3, Bruno 1, Carla 3, Dora 3; pot 4 stakes"),
    ("it", "Segni ora: Anna 3, Bruno 1, Carla 3, Dora 3; piatto 4 poste"),
    ("de", "Marken jetzt: Anna 3, Bruno 1, Carla 3, Dora 3; Pott 4 Einsätze"),
    ("fr", "Marques maintenant : Anna 3, Bruno 1, Carla 3, Dora 3 ; pot 4 mises"),
    ("da", "Mærker nu: Anna 3, Bruno 1, Carla 3, Dora 3; pulje 4 indsatser"),
])
def test_the_marks_line_gives_the_pot_its_unit(language: str, line: str):
    # campli-cat-undo: four players, each paid the agreed stake into the pot (K1, seed 000
    # §Spielvorbereitung «Jeder Spieler zahlt einen vereinbarten Einsatz»): 4 stakes.  Bruno pays
    # the cat's mark (K13) and loses the lowest card's (K15): 3 - 2 = 1
    assert line in example("campli-cat-undo.json", "--language", language)


def test_a_game_of_lives_with_a_stake_says_the_pot_in_stakes_and_the_digital_game_none():
    # Screw Your Neighbour counts lives (S5) and keeps Coucou's stake of one (K1's pot): four
    # players, 4 stakes; Anna's lowest card costs a life (S5)
    assert "Lives now: Anna 2, Bruno 3, Carla 3, Dora 3; pot 4 stakes" in example(
        "screw-your-neighbour-king-then-her-turn.json")
    # the digital game: «uden pengeværdi» (D1), no stake, so no pot line at all
    lives = [x for x in example("digital-4p-refused-inn.json") if x.startswith("Lives now")]
    assert lives == ["Lives now: Anna 3, Bruno 3, Carla 2, Dora 3"]


def test_the_pot_of_every_case_and_of_another_reading_says_its_unit():
    # campli-unknown-card: four players, one stake each (K1): 4 stakes in every case
    assert "Marks now in every case: Bruno 3, Dora 3; pot 4 stakes" in example("campli-unknown-card.json")
    # campli-two-player-end: all go out together (K18); restart_stake = new-stake (K1) has the
    # four pay again, 4 + 4 = 8 stakes, where the chosen reading (none) leaves 4
    text = "\n".join(example("campli-two-player-end.json"))
    assert "the same marks, but the pot: 8 stakes (this ruling: 4 stakes)" in text


def test_a_stake_of_two_units_says_the_units_and_the_stakes(tmp_path):
    # coucou-king with `stake=2` (K1: «einen vereinbarten Einsatz»; the option counts units per
    # stake): five players pay 2 each, 10 units in the pot, which are 5 stakes.  Anna's ace is the
    # lowest card (F5): 5 - 1 = 4 marks (F1: five marks each)
    with open(os.path.join(EXAMPLES, "notation", "coucou-king.txt"), encoding="utf-8") as f:
        deal = f.read().replace("Ruleset: coucou\n", "Ruleset: coucou\nOptions: stake=2\n")
    lines = notation(tmp_path, deal)
    assert "Marks now: Anna 4, Bruno 5, Carla 5, Dora 5, Emil 5; pot 10 (5 stakes)" in lines


# --------------------------------------------------------------------------- 2. a position's own settings in words

def _coucou_king(options: str) -> str:
    with open(os.path.join(EXAMPLES, "notation", "coucou-king.txt"), encoding="utf-8") as f:
        return f.read().replace("Ruleset: coucou\n", f"Ruleset: coucou\nOptions: {options}\n")


def test_a_pack_the_position_sets_is_said_in_words(tmp_path):
    # F1 (seed 003 §Karten): «ein Piquetblatt mit 32 Karten»: the pack a position sets
    # (pack=french-32) is said as a table says it, in the ruling's language
    lines = notation(tmp_path, _coucou_king("pack=french-32"))
    assert lines[0].endswith(": ruling under coucou, as agreed at this table: the 32-card piquet pack")
    assert not any("french-32" in line for line in lines)
    it = notation(tmp_path, _coucou_king("pack=french-32"), "--language", "it")
    assert it[0].endswith(": decisione secondo coucou, come concordato a questo tavolo: il mazzo da piquet di "
                          "32 carte")


def test_settings_said_once_and_a_setting_the_preset_has_not_said_at_all(tmp_path):
    # min_players and max_players are one count of players; initial_marks = 5 is Coucou's own (F1:
    # «Jeder Spieler erhält 5 Marken»): nothing agreed otherwise, nothing said
    lines = notation(tmp_path, _coucou_king("min_players=3, max_players=8, initial_marks=5, stake=2"))
    assert lines[0].endswith(": ruling under coucou, as agreed at this table: 3 to 8 players; a stake of 2")


def test_a_reading_the_position_agrees_is_said_with_its_question(tmp_path):
    # tutorial-dealer-decides: the table agrees that the dealer still decides after his cat was
    # asked (Q2, read as K8: «Der Geber ... entscheidet zuletzt»), not Campli's K10 reading
    lines = example(os.path.join("notation", "tutorial-dealer-decides.txt"))
    assert lines[0].endswith(": ruling under campli, as agreed at this table: Does a dealer whose event card was "
                             "targeted still make his last decision? Yes: the dealer still decides last, after his "
                             "card has refused the offer: keep, or exchange with the stack (K8)")
    assert lines[1].startswith("Verdict: ")
    assert not any("targeted_dealer_decides" in line for line in lines)


def test_steps_do_not_give_the_preset_s_reason_for_a_reading_the_table_replaced(tmp_path):
    # campli-two-player-end with restart_stake = new-stake (K1: everybody pays the stake again):
    # Campli's reason for 'none' (K18 names no payment) argues for the reading not taken here
    text = run("--to-notation", os.path.join(EXAMPLES, "campli-two-player-end.json"))
    deal = text.replace("Ruleset: campli\n", "Ruleset: campli\nOptions: restart_stake=new-stake\n")
    lines = notation(tmp_path, deal, "--steps")
    assert "   (* = the reading agreed at this table; campli reads otherwise)" in lines
    assert not any("the reading campli chooses: K18 is silent" in line for line in lines)


@pytest.mark.parametrize("option", sorted(__import__("cucu_ref.game.rulesets", fromlist=["OPTIONS"]).OPTIONS))
def test_no_option_a_position_sets_leaks_its_identifier(tmp_path, option: str):
    # every named option a position may set (specs/position-1.schema.json, `options`), set to a
    # reading its preset does not take: the head and the open points say it in words
    from cucu_ref.game.rulesets import OPTIONS, PRESETS
    value = next(r.value for r in OPTIONS[option].readings if r.value != getattr(PRESETS["campli"], option))
    with open(os.path.join(EXAMPLES, "notation", "campli-cat-undo.txt"), encoding="utf-8") as f:
        deal = f.read().replace("Ruleset: campli\n", f"Ruleset: campli\nOptions: {option}={value}\n")
    lines = notation(tmp_path, deal)
    said = "\n".join(x for x in lines if not x.startswith("  "))
    assert f"{option}=" not in said and f"{option} =" not in said
    # (a history the reading makes impossible gets its problems and no head)
    assert "as agreed at this table: " in said or "cannot have happened" in said


# --------------------------------------------------------------------------- 3. the pictures in the game's own names

def _svg_words(lines: list[str]) -> str:
    """The words of an SVG document, each text element's, joined by spaces (a wrapped legend line
    read whole)."""
    import re
    return " ".join(re.sub(r"<[^>]+>", "", t) for t in re.findall(r"<text[^>]*>.*?</text>", "\n".join(lines), re.S))


def test_the_digital_game_s_picture_names_its_cards_as_the_ruling_does():
    # digital-4p-refused-inn: the Danish page names «kro XI» and «nul 0» (D, seed 004 §Kort); the
    # text ruling says 'XI kro' and 'nul', and so does the picture now (was 'the inn (XI)', '0')
    words = _svg_words(example("digital-4p-refused-inn.json", "--format", "svg"))
    assert "Anna asks Bruno, who holds the inn (XI kro): the request pauses for a bargain (D6)" in words
    assert "dealt nul → XI kro" in words and "dealt XI kro → III" in words
    assert "(XI)" not in words and "gives 0" not in words


def test_lu_stu_s_horse_is_zumb_in_the_picture_too(tmp_path):
    # L9 (seed 000 §Lu Stù): Lu Stù's horse is 'Zumb'; Bruno's II jumps Carla's horse to Dora (K7)
    deal = ("Ruleset: lu-stu\nPlayers: Anna, Bruno, Carla, Dora, Emil\nDealer: Emil\n\nAnna: II, passo\n"
            "Bruno: VI, passo\nCarla: zumb!\nDora: VIII, sto bene\nEmil: X, sto bene\n")
    words = _svg_words(notation(tmp_path, deal, "--format", "svg"))
    assert "Bruno asks Carla, who holds the horse (XIII Zumb): the request jumps over Carla (L9)" in words
    assert "holds XIII Zumb" in words


def test_zeh_s_cucu_and_narr_in_the_picture():
    # Zeh (seed 000 §Das Cucuspiel): «XV ist der 'Cucu'», the fool is the «Narr»: the two-player
    # example's seats hold them by those names, as its text ruling says
    words = _svg_words(example("zeh-1769-two-players-fool-and-cucu.json", "--format", "svg"))
    assert "holds XV Cucu" in words and "holds Narr" in words


def test_an_agreed_reading_answers_its_question_as_a_sentence(tmp_path):
    # lu-stu-way-back-optional agrees Q5 'optional': on the way back (L8, seed 000 §Lu Stù: «der
    # Austausch geht nach links weiter») only the shot offerer must offer back, each later holder may
    # keep: the answer to 'is each further offer forced?' is no, and it opens a sentence after the
    # question mark (issue 24 §1: an open question in plain words)
    lines = example("lu-stu-way-back-optional.json")
    assert lines[0].endswith(": ruling under lu-stu, as agreed at this table: On Lu Stù's way back, is each further "
                             "offer forced? No: only the shot offerer must offer back; each later holder may keep (Q5)")
