"""The words a table says (cucu_ref.formats.vocabulary): calls, decision words in several languages, each
with its source or marked as ordinary usage; the ruleset's own words; the names each source prints.

Expectations are read from the seeds (cited per case), not from the tables under test.
"""

from __future__ import annotations

from collections import defaultdict

import pytest

from cucu_ref.game import cards
from cucu_ref.formats import position as P
from cucu_ref.formats import vocabulary as V
from cucu_ref.game.cards import CardNameError
from cucu_ref.game.rulesets import PRESETS
from cucu_ref.formats.sources import RULES

WORDS = V.WORDS


@pytest.mark.parametrize("word", WORDS, ids=lambda w: f"{w.meaning}:{w.text}")
def test_every_word_has_a_source_or_is_ordinary_usage(word):
    assert word.source == V.USAGE or word.source in RULES
    assert word.language in V.LANGUAGES
    assert word.kind in ("decision", "call", "observation", "talk")
    if word.kind == "call":
        assert word.meaning in V.ROLES
    else:
        assert word.meaning in V.DECISION_MEANINGS + V.OTHER_MEANINGS
    # looking the word up finds it, however it is capitalised and punctuated
    assert word in V.lookup(word.text.upper() + "!")


def test_no_two_words_fold_to_one_text():
    texts = [V.fold(w.text) for w in WORDS]
    assert sorted(t for t in set(texts) if texts.count(t) > 1) == []


def test_one_text_means_one_thing():
    meanings = defaultdict(set)
    for w in WORDS:
        meanings[V.fold(w.text)].add((w.kind, w.meaning))
    assert {t: m for t, m in meanings.items() if len(m) > 1} == {}


@pytest.mark.parametrize("word", [w for w in WORDS if w.kind != "call"], ids=lambda w: w.text)
def test_no_decision_word_is_a_card_name(word):
    # on a notation line a card name is the card dealt: a decision word must never read as one
    for family in word.families:
        with pytest.raises(CardNameError):
            cards.parse(word.text, family)


@pytest.mark.parametrize("meaning", V.DECISION_MEANINGS + V.OTHER_MEANINGS)
@pytest.mark.parametrize("language", ["it", "de", "fr", "en"])
def test_every_decision_has_a_word_in_italian_german_french_and_english(meaning, language):
    assert [w for w in WORDS if w.meaning == meaning and w.language == language]


@pytest.mark.parametrize("text, meaning, source", [
    ("sto bene", "keep", "K5"), ("passo", "offer", "K5"),  # seed 000: «sto bene» ... «passo»
    ("es ist gut", "keep", "K5"), ("ich gebe weiter", "offer", "K5"),  # the seed's German glosses
    ("Ich behalte", "keep", "F3"), ("Ich tausche", "offer", "F3"),  # seed 003 §Spielverlauf
    ("je garde", "keep", V.USAGE), ("je change", "offer", V.USAGE), ("ich bleibe", "keep", V.USAGE),
    ("Pagherai se null?", "ask", "K14"),  # «Pagherai se null?» (Zahlst du, wenn's 'ne Null ist?)
    ("Zahlst du, wenn’s ’ne Null ist?", "ask", "K14"),
    ("fatt nu bicchijr", "refuse", "L7"),  # §Lu Stù: the innkeeper keeps the inn
    ("ich will nicht tauschen", "pay-to-refuse", "Q9"),  # Zeh: 'Wer aber nicht tauschen will, ...'
    ("setzt eine Marque in die Taze", "pays", "Z2"),  # Zeh: losing a mark is 'eine Marque in die Taze setzen'
    ("behold", "keep", "D3"), ("byt", "offer", "D3"),  # seed 004: 'Behold eller byt dit ene kort'
    ("change", "offer", "R2"),  # Cassell 1881: 'may change with his left-hand neighbour'
])
def test_decision_words_and_their_sources(text, meaning, source):
    (word,) = V.lookup(text)
    assert (word.meaning, word.source) == (meaning, source)


@pytest.mark.parametrize("text, role, source", [
    ("Cucù!", "cuckoo", "K10"), ("Kuckuck", "cuckoo", "K10"), ("bum", "hunter", "K11"), ("Tuff", "hunter", "K11"),
    ("salta", "horse", "K12"), ("gnaf", "cat", "K13"), ("fermatevi aliquanto", "inn", "K14"),
    ("zumb", "horse", "L9"), ("Gnaf, cart’arrit", "cat", "L8"), ("Tingh la Cas, che mi dai in cambio", "inn", "L7"),
    ("Gnau", "cat", "Z5"), ("Coucou !", "cuckoo", "F3"), ("Her!", "cuckoo", "H2"), ("roi", "cuckoo", "A1"),
])
def test_calls_and_their_sources(text, role, source):
    (word,) = V.lookup(text)
    assert (word.kind, word.meaning, word.source) == ("call", role, source)
    assert P.ROLE_WORDS[V.fold(text)] == role


def test_the_french_king_calls_only_in_the_french_pack():
    assert V.lookup("Coucou", "cuccu") == ()
    assert V.lookup("Coucou", "french")


def test_role_words_keep_every_word_of_the_position_format():
    # the words the position format accepted before the vocabulary moved (docs/position-format.rst)
    before = {
        "cucu": "cuckoo", "cuccu": "cuckoo", "cucco": "cuckoo", "kuckuck": "cuckoo", "cuckoo": "cuckoo",
        "gog": "cuckoo", "kukku": "cuckoo", "coucou": "cuckoo", "her": "cuckoo", "here": "cuckoo", "roi": "cuckoo",
        "king": "cuckoo", "konig": "cuckoo", "bum": "hunter", "tuff": "hunter", "bragon": "hunter", "pum": "hunter",
        "peng": "hunter", "bang": "hunter", "shot": "hunter", "hunter": "hunter", "salta": "horse", "zumb": "horse",
        "cavallo": "horse", "horse": "horse", "hop": "horse", "gnaf": "cat", "gnau": "cat", "miau": "cat",
        "miao": "cat", "cat": "cat", "gnaf, cart'arrit": "cat", "fermatevi": "inn", "fermatevi aliquanto": "inn",
        "taverna": "inn", "osteria": "inn", "inn": "inn", "tingh la cas": "inn",
        "tingh la cas, che mi dai in cambio": "inn",
    }
    assert {k: P.ROLE_WORDS[k] for k in before} == before
    assert P.ROLE_CALL is V.ROLE_CALL and P.ROLE_RULE is V.ROLE_RULE


def test_pass_is_ambiguous_between_offer_and_keep():
    assert [m for m, _ in V.AMBIGUOUS_WORDS["pass"]] == ["offer", "keep"]


@pytest.mark.parametrize("preset, meaning, word", [
    ("campli", "keep", "sto bene"), ("campli", "offer", "passo"),  # K5
    ("campli", "ask", "pagherai se null?"),  # K14
    ("lu-stu", "refuse", "fatt nu bicchijr"),  # L7
    ("coucou", "keep", "je garde"), ("coucou", "offer", "je change"),  # F3: the Coucou dealer never says 'sto bene'
    ("coucou", "stack", "talon"),  # F4: 'die Karte auf dem Talon'
    ("as-qui-court", "stack", "je prends au talon"),  # A4
    ("ranter-go-round", "offer", "change"), ("ranter-go-round", "stack", "pack"),  # R2
    ("digital-4p", "keep", "behold"), ("digital-4p", "offer", "byt"),  # D3
    ("zeh-1769", "keep", "es ist gut"),  # Zeh's account is German: the seed's gloss of 'sto bene'
    ("screw-your-neighbour", "stack", "stock"),  # S4: 'a card cut from the undealt stock'
    ("screw-your-neighbour", "keep", "keep"),
    ("digital-4p", "hint", "hint"),  # no Danish word for a hint: English, the notation's own language
])
def test_each_ruleset_says_its_own_words(preset, meaning, word):
    assert V.say(PRESETS[preset], meaning) == word


@pytest.mark.parametrize("preset, role, word", [
    ("campli", "cuckoo", "cucù"), ("campli", "cat", "gnaf"), ("campli", "inn", "fermatevi"),  # K10, K13, K14
    ("lu-stu", "horse", "zumb"), ("lu-stu", "cat", "gnaf, cart'arrit"), ("lu-stu", "inn", "tingh la cas"),  # L9 L8 L7
    ("zeh-1769", "cat", "Gnau"),  # Z5
    ("coucou", "cuckoo", "Coucou"), ("here", "cuckoo", "Her"), ("as-qui-court", "cuckoo", "roi"),  # F3, H2, A1
    ("digital-4p", "cat", "kat"),  # D5: the cat is shown
])
def test_each_ruleset_calls_in_its_own_words(preset, role, word):
    assert V.call(PRESETS[preset], role) == word


@pytest.mark.parametrize("preset, token, name", [
    # seed 000 §Karten, §Ereigniskarten (Farina 2010)
    ("campli", "XV", "Cucù"), ("campli", "XIIII", "Bragon"), ("campli", "XIII", "Salta"), ("campli", "XII", "Gnaf"),
    ("campli", "XI", "Taverna"), ("campli", "0", "Nulla"), ("campli", "matto", "Matto"), ("campli", "V", "V"),
    # §Lu Stù: the horse «zumb» (L9), the inn 'la Cas' (L7)
    ("lu-stu", "XIII", "Zumb"), ("lu-stu", "XI", "Cas"), ("lu-stu", "XII", "Gnaf"),
    # §Das Cucuspiel: «Cucu», «Eymer», «Larvengesicht», der Narr
    ("zeh-1769", "XV", "Cucu"), ("zeh-1769", "secchia", "Eymer"), ("zeh-1769", "mascherone", "Larvengesicht"),
    ("zeh-1769", "matto", "Narr"),
    # seed 004, Opsætning
    ("digital-4p", "XV", "kukku"), ("digital-4p", "leone", "løve"), ("digital-4p", "XI", "kro"),
])
def test_display_names_as_each_source_prints_them(preset, token, name):
    rules = PRESETS[preset]
    assert V.display_name(rules, cards.parse(token)) == name


@pytest.mark.parametrize("preset, token, name", [
    ("coucou", "K", "roi"), ("coucou", "Q", "dame"), ("coucou", "J", "valet"), ("coucou", "A", "as"),
    ("as-qui-court", "A", "as"), ("here", "K", "roi"), ("coucou", "10", "10"),
    ("ranter-go-round", "K", "king"), ("ranter-go-round", "J", "knave"), ("ranter-go-round", "A", "ace"),
    ("screw-your-neighbour", "J", "jack"),  # pagat.com's Cuckoo (S1), in today's English
])
def test_display_names_of_the_ordinary_pack(preset, token, name):
    assert V.display_name(PRESETS[preset], cards.parse(token, "french")) == name


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_printed_name_reads_back_as_its_card(preset):
    rules = PRESETS[preset]
    pack = cards.PACKS[rules.pack]
    for card in set(pack.cards):
        assert pack.parse(V.display_name(rules, card)) == card
        assert V.display_label(rules, card).endswith(V.display_name(rules, card))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_speaks_for_its_own_source(preset):
    # a preset added without its source's names and language would print another source's
    rules = PRESETS[preset]
    own = RULES[rules.cites("deal")].source
    assert V.source_of(rules) == own
    assert V.language_of(rules) in V.LANGUAGES


def test_display_label_pairs_numeral_and_name_for_the_event_cards():
    assert V.display_label(PRESETS["campli"], cards.parse("XII")) == "XII Gnaf"
    assert V.display_label(PRESETS["lu-stu"], cards.parse("XIII")) == "XIII Zumb"
    assert V.display_label(PRESETS["campli"], cards.parse("secchia")) == "Secchia"


def test_a_ruleset_built_by_hand_speaks_its_packs_default():
    # no preset name is read: a French-pack ruleset citing Campli's rules speaks French
    rules = PRESETS["campli"].with_options({"pack": "french-52", "roles": ((13, "cuckoo"),)})
    assert V.source_of(rules) == "academie-1725"
    assert V.display_name(rules, cards.parse("K", "french")) == "roi"
    assert V.language_of(PRESETS["campli"].with_options({"name": "mine"})) == "it"


def test_suggest_prefers_the_nearest_word():
    assert V.suggest("pasos", V.words_for(PRESETS["campli"], "it")) == ("passo",)
    assert V.suggest("je gard", V.words_for(PRESETS["coucou"], "fr")) == ("je garde",)


@pytest.mark.parametrize("written, preset, role", [
    ("Coucou !", "coucou", "cuckoo"),  # seed 003 prints „Coucou!“; a French table writes 'Coucou !'
    ("coucou!", "coucou", "cuckoo"),
    ("  Gnaf,  cart’arrit! ", "lu-stu", "cat"),  # L8, spaced and with the typographic apostrophe
    ("CUCÙ", "campli", "cuckoo"),
])
def test_the_position_format_reads_calls_as_the_vocabulary_folds_them(written, preset, role):
    doc = {"format": "cucu-position/1", "ruleset": preset, "players": ["A", "B", "C", "D", "E"], "dealer": "E",
           "history": [{"offer": "A"}, {"announce": written, "by": "B"}]}
    pos, problems = P.parse(doc)
    assert problems == []
    assert pos.history[1].role == role
