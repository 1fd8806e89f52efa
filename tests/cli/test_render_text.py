"""The text rendering of results that only a few positions reach (render.py)."""

from __future__ import annotations

from cucu_ref.services.render import _result_text, json_printable, printable


def result(**changes):
    base = {"deal_over": True, "shown": {"Anna": "V"}, "dead": [], "marks_lost": [], "marks_gained": [], "out": [],
            "buy_back_offers": [], "bought_back": [], "restart": None, "virgins": [], "marks": {"Anna": 3, "Bruno": 0},
            "pot": 2, "next": None, "next_dealer": None, "winner": None,
            "next_dealer_if_none_buys_back": "Anna", "next_dealer_if_all_buy_back": "Bruno",
            "winner_if_none_buys_back": None, "winner_if_all_buy_back": None}
    base.update(changes)
    return base


def test_each_way_of_the_buy_back_names_its_winner():
    # the ruling schema gives both; the text printed only the first (ruff F841 found it)
    lines = _result_text(result(winner_if_none_buys_back="Anna", winner_if_all_buy_back="Carla"), "")
    assert "Winner if nobody buys back: Anna" in lines and "Winner if all buy back: Carla" in lines
    lines = _result_text(result(winner_if_none_buys_back=None, winner_if_all_buy_back="Carla"), "")
    assert "Winner if all buy back: Carla" in lines and not any(x.startswith("Winner if nobody") for x in lines)
    lines = _result_text(result(winner_if_none_buys_back="Anna", winner_if_all_buy_back="Anna"), "")
    assert "Winner of the match: Anna, whether or not anybody buys back" in lines
    assert not any(x.startswith("Winner") for x in _result_text(result(), ""))


def test_printable_escapes_what_could_act_on_a_terminal_and_keeps_the_rest():
    assert printable("Cucù — Møller ½\nline two") == "Cucù — Møller ½\nline two"
    escaped = "a\\x1b[2Jb\\x00c\\u202ed\\u2028e\\x85f\\U000e0001"
    assert printable("a\x1b[2Jb\x00c\u202ed\u2028e\x85f\U000e0001") == escaped
    assert printable("tab\there") == "tab\\x09here"
    # JSON text keeps its value: the escapes are JSON's own
    assert json_printable('{"n": "a\u2028b\U000e0001"}') == '{"n": "a\\u2028b\\udb40\\udc01"}'


def test_the_verdict_names_only_readings_that_come_out_otherwise(tmp_path):
    # Q2 has three readings; here (Anna's offer meets the Bragon, K11) 'after-refused-inn' plays
    # as 'never' does (no inn was refused) and only 'always' gives Bruno a turn.  The verdict's
    # lines used to repeat the verdict under 'after-refused-inn'; the open questions' block still
    # shows every reading, the two alike merged under one outcome.
    import io
    import json

    from cucu_ref.cli.adjudicate import main

    # the stack, top first; K4 deals from the bottom: Anna the cat (XII), Bruno the Bragon (XIIII), Carla VI
    stack = ("VII mascherone II XIII leone 0 X secchia XI mascherone XV 0 leone II VIIII VIII I VIII IIII I VIIII "
            "matto XIIII III V X XII IIII XIII VII secchia XI XV matto VI III V VI XIIII XII").split()
    position = {"format": "cucu-position/1", "ruleset": "campli", "dealer": "Dora", "pot": 4,
                "players": [{"name": n, "marks": 3, "virgin": True} for n in ("Anna", "Bruno", "Carla", "Dora")],
                "eliminations": 0, "reentries": 0, "deals_played": 0,
                "stack": {"order": stack},
                "history": [{"offer": "Anna"}]}
    path = tmp_path / "bragon.json"
    path.write_text(json.dumps(position))
    out = io.StringIO()
    assert main([str(path)], stdout=out) == 0
    lines = out.getvalue().splitlines()
    verdict = next(line for line in lines if line.startswith("Verdict: "))
    # K11: Anna offered to Bruno's hunter and loses a mark at once; the reason in words (issue 24 §1)
    assert verdict == ("Verdict: Anna loses a mark: offered to Bruno's XIIII Bragon (K11). The deal goes on: Carla "
                       "decides next (keep or offer).")
    # the open question in plain words (issue 24 §1): the reading taken, then only the reading that
    # rules otherwise ('always': Bruno acts after his Bragon), no option name or 'value: value:'
    assert "Open question (Q2): Does the holder of a targeted event card act afterwards?" in lines
    others = [line for line in lines if line.startswith("  Read otherwise")]
    assert len(others) == 1 and others[0].endswith(
        "; S3): Anna loses a mark (K11). The deal goes on: Bruno decides next (keep or offer).")
    assert "targeted_holder_acts" not in out.getvalue() and "after-refused-inn" not in out.getvalue()
    out = io.StringIO()
    assert main(["--steps", str(path)], stdout=out) == 0
    lines = out.getvalue().splitlines()
    block = lines[lines.index("Open questions (the outcome differs by reading):"):]
    # (each reading by its words, not its value 'never' or 'after-refused-inn': issue 24 §1)
    never = next(i for i, line in enumerate(block) if line.startswith("   * the holder keeps the card"))
    assert block[never + 1].startswith("     only a former innkeeper who had to exchange then acts normally")
    assert block[never + 2] == "       -> loses a mark: Anna (K11); next: Carla"
