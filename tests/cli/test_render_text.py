"""The text rendering of results that only a few positions reach (render.py)."""

from __future__ import annotations

from cucu_ref.render import _result_text, json_printable, printable


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
