"""The problems a history or a position can have, each said whole in every language (issue 30).

Each message the replay (``cucu_ref.services.adjudication.problems``) and the position's card
checks (``formats.position.CARD_PROBLEMS``) say is rendered in English with values a table would
meet, then said in Italian, German, French and Danish: no English word of it may remain (the
names of players and cards, rule IDs, JSON paths and quoted words, 'keep', 'shown', are not
English words of the message).  Two rulings are checked word for word in German and Italian.
"""

from __future__ import annotations

import re

import pytest

from cucu_ref.formats.i18n import speaking
from cucu_ref.formats.position import CARD_PROBLEMS
from cucu_ref.services.adjudication import problems as T
from cucu_ref.services.documents import rule_document
from cucu_ref.services.render import problem_message

LANGUAGES = ("it", "de", "fr", "da")

# what a table's problem says inside it: whole messages of their own, in English as the replay says them
_EVENTS = "; ".join((T.EXCHANGED.format(a="Bruno", b="Carla"), T.SHOWED.format(player="Carla", card="XV"),
                     T.LOST_A_MARK.format(player="Anna", rule="K11"), T.WITH_THE_STACK.format(player="Dora")))
SAMPLE = {
    "player": "Dora", "who": "Dora", "a": "Anna", "b": "Bruno", "c": "Carla", "offerer": "Bruno",
    "card": "XII", "held": "VII", "other": "XIII", "token": "XIII", "text": "'Q'", "near": "'XII' or 'VII'",
    "game": "lu-stu", "players": 6, "rule": "K7", "event": "C2", "exchange": "K7", "call": "cucù", "says": "gnaf",
    "horse": "XIII Zumb", "holder": "XV Cucù",
    "verb": "dealer-exchange", "options": "dealer-exchange or pay-to-refuse", "amount": 2, "n": 3, "at": 4,
    "what": T.WHAT_SHOWN_FIELD, "label": "Emil's dealt card",
    "labels": "Anna's dealt card; the top card of the stack",
    "places": "$.hands[\"Anna\"], " + T.ON_RECORD.format(label="Bruno's dealt card"),
    "why": T.ELSEWHERE[True, 2].format(places="$.shown[\"Anna\"], " + T.ON_RECORD.format(label="Carla's dealt card"),
                                       rule="C1"),
    "how": T.DEAD_CARD_UNDER.format(who="Emil"),
    "reason": T.TURNS["next"].format(who="Anna", options="dealer-exchange or pay-to-refuse"),
    "happened": T.HAPPENED.format(events=_EVENTS), "events": _EVENTS,
}
# the English a message keeps on purpose: what the table wrote ('keep'), the seeds' own words,
# JSON names, rule IDs, card tokens and the names above
_KEPT = re.compile(r"(?<![A-Za-zÀ-ÿ])'[^']*'|«[^»]*»|\$[.\w\[\]\"]+|\b[A-Z]{1,2}\d+[a-z]?\b|\b[A-Z][a-zà-ÿ]+\b|"
                   r"\b[XVIAKQJ]+\b|\w+_\w+ = [\w-]+|\b[a-z]+-[a-z0-9-]+\b")
# words spelt alike in English and the language, each checked: none is English left over (Italian
# 'a' to, 'e' and; German 'an' at, 'in'; French 'a' has, 'on' one, 'part', 'table', 'place', 'position',
# 'lions'; Danish 'at' to, 'i' in, 'over', 'for', 'er' is, 'under', 'men' but, 'top', 'han' he, 'til'
# to, 'kan' can, 'have' have, 'end' than); 'piquet' and 'talon' are the names of a pack and of the
# cards left over in each
_ALIKE = {"it": {"a", "e", "in", "no", "piquet"}, "de": {"an", "in", "talon", "piquet"},
          "fr": {"a", "on", "talon", "plus", "part", "table", "place", "position", "lions", "piquet"},
          "da": {"at", "i", "over", "for", "er", "under", "talon", "men", "top", "han", "til", "kan", "have", "end",
                 "piquet"}}


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-zÀ-ÿ]+", _KEPT.sub(" ", text))}


def _said(message: str) -> str:
    fields = set(re.findall(r"\{(\w+)\}", message))
    return message.format(**{k: v for k, v in SAMPLE.items() if k in fields})


MESSAGES = tuple(dict.fromkeys((*T.MESSAGES, *CARD_PROBLEMS)))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_problem_is_said_whole_with_no_english_left(lang):
    left = {}
    for message in MESSAGES:
        english = _said(message)
        with speaking(lang):
            said = problem_message(english)
        english_words = _words(english) - _words(said) if said != english else _words(english)
        leftover = (_words(english) & _words(said)) - _ALIKE[lang]
        if said == english or leftover:
            left[english] = (said, sorted(leftover or english_words))
    assert not left, "\n".join(f"{k}\n  -> {v[0]}\n  English left: {v[1]}" for k, v in left.items())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_list_of_places_keeps_each_label_whole(lang):
    # a label's own ', ' (Coucou's dealer: 'the highest of the three he takes, F2') stays inside it,
    # and the rule after the places is the rule, not the rest of a place (C1; F2)
    english = T.CANNOT_HOLD.format(player="Hugo", card="K", what=T.WHAT_SHOWN, why=T.ELSEWHERE[True, 4].format(
        places="$.history[11].card, Dora's card (the highest of the three he takes, F2) (the table's record), "
               "Anna's dealt card (the table's record)", rule="F1"))
    with speaking(lang):
        said = problem_message(english)
    assert "table's record" not in said and "dealt card" not in said and "highest" not in said
    assert said.count("F1") == 1 and said.count("F2") == 1 and "$.history[11].card" in said


# ------------------------------------------------------- two rulings, word for word, in German and Italian

_PAYS = {"format": "cucu-position/1", "ruleset": "campli", "players": ["Anna", "Bruno", "Carla", "Dora"],
         "dealer": "Dora", "history": [{"keep": "Anna"}, {"pays": "Anna"}]}
_TALON = {"format": "cucu-position/1", "ruleset": "as-qui-court", "players": ["Anna", "Bruno", "Carla", "Dora", "Emil"],
          "dealer": "Emil", "history": [{"keep": "Anna"}, {"keep": "Bruno"}, {"keep": "Carla"}, {"keep": "Dora"},
                                        {"dealer-exchange": "Emil"}]}


def _problem(doc, lang):
    (problem,) = rule_document(doc, "x.json", readings=False, language=lang).record["problems"]
    return problem["message_local"]


def test_a_mark_paid_where_none_is_in_italian_and_german():
    # K5/K15 (Farina 2010, Das Ergebnis): keeping costs nothing; marks are lost only at the showdown,
    # so the mark the table wrote after Anna's keep was not paid there
    assert _problem(_PAYS, "it") == ("qui Anna non paga nessun segno, non 1: a questo punto non è successo niente del "
                                     "genere")
    assert _problem(_PAYS, "de") == "Anna zahlt hier keine Marke, nicht 1: an dieser Stelle geschah nichts dergleichen"


def test_a_dealer_without_an_ace_keeps_in_italian_and_german():
    # A4 (Méry 1847, after the German article, As Qui Court): the dealer exchanges with the talon only
    # after receiving an ace from the previous player; all kept, so Emil received none and may only keep
    assert _problem(_TALON, "it") == (
        "Emil non può scambiare con il mazzo ora: il mazziere scambia con il tallone solo dopo aver ricevuto un asso "
        "dal giocatore precedente (A4); le decisioni possibili per Emil sono: tenere")
    # (no 'er' for a dealer who may be Dora, issue 24 §2: the giver named as the seed's «vom vorherigen
    # Spieler», the receiver as 'der Geber')
    assert _problem(_TALON, "de") == (
        "Emil kann jetzt nicht mit dem Stapel tauschen: der Geber tauscht nur dann mit dem Talon, wenn der vorherige "
        "Spieler dem Geber ein Ass gegeben hat (A4); Emil kann: behalten")


def test_the_innkeeper_s_turn_in_german_without_a_gender():
    # K14 (Farina 2010, Ereigniskarten): after 'fermatevi' and the offerer's second offer, the
    # innkeeper accepts or refuses; Dora keeps the inn, and German says it without 'der Wirt'
    english = T.NOT_NOW.format(who="Anna", verb="offer",
                               reason=T.TURNS["inn-keeper"].format(who="Dora", options="accept or refuse"))
    with speaking("de"):
        said = problem_message(english)
    assert said == ("Anna kann jetzt nicht anbieten: am Wirtshaus antwortet Dora auf das zweite Angebot (annehmen oder "
                    "ablehnen)")


def test_a_match_already_won_names_its_winner_not_a_count():
    # K3 (Farina 2010, Spieler, Einsatz, Spielrunde): the last with marks has won the match, so no
    # deal is left to rule.  With one player holding marks the problem names her, in every
    # language, never "1 player(s)" (review of this session's rulings); with none, "no player"
    deal = "Ruleset: campli\nPlayers: Anna 3, Bruno 0, Carla 0\nDealer: Anna\n\nAnna: V, sto bene\n"
    said = {lang: rule_document(deal, "won.txt", language=lang).record["problems"][0] for lang in ("en", "it", "de")}
    assert said["en"]["message"] == "only Anna holds marks: the match is over, there is no deal"
    assert said["en"]["rule"] == "K3" and "message_local" not in said["en"]
    assert said["it"]["message_local"] == "solo Anna ha segni: la partita è finita, non c'è mano"
    assert said["de"]["message_local"] == "nur Anna hat Marken: die Partie ist vorbei, es gibt kein Spiel"
    nobody = rule_document(deal.replace("Anna 3", "Anna 0"), "won.txt").record["problems"]
    assert nobody[0]["message"] == "no player holds marks: the match is over, there is no deal"
