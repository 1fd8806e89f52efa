"""What a table says, and how each source names the cards.

Three vocabularies, each word with its language and its source:

* the **calls** a targeted player makes (C2, K10-K14): 'cucù', 'bum', 'salta', 'gnaf',
  'fermatevi', and their regional and foreign forms ('zumb', L9; 'Gnau', Z5; 'Coucou!', F3;
  'Her!', H2; the Danish page's cards shown, D4-D6).  :data:`ROLE_WORDS` maps each (folded)
  to its role; :func:`call` gives the call of a ruleset's own source;
* the **decision words** ('sto bene' / 'passo', K5; 'pagherai se null?', K14; 'fatt nu
  bicchijr', L7; 'je garde' / 'je change' ...) in Italian, German, French, English and Danish:
  :data:`WORDS`, :func:`lookup`, :func:`say`;
* the **printed names** of the cards, as each source prints them (Farina's Cucù, Bragon,
  Salta, Gnaf, Taverna; Lu Stù's zumb; Zeh's Eymer, Larvengesicht, Narr; the French roi,
  dame, valet, as; the Danish page's kukku ... løve): :func:`display_name`.  The names a
  card may be *written* with, with their regions and sources, are :data:`cucu_ref.game.cards.ALIASES`.

A word's ``source`` is a rule ID of :mod:`cucu_ref.formats.sources` (the seed section that prints the
word: ``cite("K5")``) or ``USAGE``: ordinary usage of the language, where no source gives
the word (the English 'keep', the Italian 'accetto' ...).  Words come from the seeds' own
quotations and from the German seeds' glosses of them (the German account renders 'sto bene' as 'es ist
gut', 'passo' as 'ich gebe weiter').

Which source a ruleset speaks for is read from the ruleset itself, never from its name: the
rule it cites for a mechanism (``Rules.cites``) names the source, and the source its language
(:data:`SOURCE_LANGUAGE`).  So Lu Stù's horse is called 'zumb' because Lu Stù cites L9 for the
horse, and the Coucou dealer keeps with 'je garde' because Coucou cites F3 for keeping (French usage
for the German article's „Ich behalte“, which the ruling quotes).
"""

from __future__ import annotations

import difflib
from typing import Iterable, NamedTuple, Optional

from ..game import cards as _cards
from ..game.cards import CUCCU, FRENCH, PACKS, Card
from ..game.rulesets import COUNTED, Rules
from .sources import RULES
from .i18n import gettext, ngettext, pgettext

__all__ = [
    "USAGE",
    "LANGUAGES",
    "Word",
    "WORDS",
    "AMBIGUOUS_WORDS",
    "ROLE_WORDS",
    "ROLE_CALL",
    "ROLE_RULE",
    "SOURCE_LANGUAGE",
    "PRINTED_NAMES",
    "fold",
    "source_of",
    "language_of",
    "display_name",
    "display_label",
    "call",
    "counter_words",
    "COUNTER_WORDS",
    "option_text",
    "say",
    "lookup",
    "words_for",
    "suggest",
]

USAGE = "usage"  # ordinary usage of the language: no source prints the word
LANGUAGES = ("it", "de", "fr", "en", "da")

# The history verbs a word can stand for.  'stack' is the dealer's exchange with the stack
# (K8, a decision) when the dealer says it, and the offerer's exchange with the stack or talon
# (K12, F4, an observation) when another player does.
DECISION_MEANINGS = ("keep", "offer", "ask", "accept", "refuse", "agree", "pay-to-refuse", "stack", "buy-back",
                     "decline")
OTHER_MEANINGS = ("pays", "hint")
ROLES = ("cuckoo", "hunter", "horse", "cat", "inn")


class Word(NamedTuple):
    """One thing a table says.

    ``kind``: 'decision' (drives the deal), 'call' (a targeted event card announced, C2),
    'observation' (a mark paid) or 'talk' (a hint, K20/Z7).  ``meaning``: the history verb
    (``keep``, ``offer`` ...; ``stack``, see ``DECISION_MEANINGS``) or, for a call, the role.
    ``families``: the packs whose games use the word (the French king's 'Coucou!' is no call of
    the Cuccù pack).  ``argument``: what may follow the word ('card' after 'stack', 'count'
    after 'pays')."""

    text: str
    kind: str
    meaning: str
    language: str
    source: str
    region: str = ""
    note: str = ""
    families: tuple[str, ...] = (CUCCU, FRENCH)
    argument: str = ""


_B = (CUCCU, FRENCH)
_C = (CUCCU,)
_F = (FRENCH,)


def _d(text: str, meaning: str, language: str, source: str, note: str = "", region: str = "",
       argument: str = "") -> Word:
    return Word(text, "decision", meaning, language, source, region, note, _B, argument)


def _call(text: str, role: str, language: str, source: str, note: str = "", region: str = "",
          families: tuple[str, ...] = _C) -> Word:
    return Word(text, "call", role, language, source, region, note, families)


# The first word of each (meaning, language) is that language's word for it (what
# :func:`say` writes when the ruleset's own rule prints none).
WORDS: tuple[Word, ...] = (
    # keep (K5, K8; F3; D3)
    _d("sto bene", "keep", "it", "K5", "«sto bene» (es ist gut)", "Campli"),
    _d("sto", "keep", "it", USAGE),
    _d("ich bleibe", "keep", "de", USAGE),
    _d("es ist gut", "keep", "de", "K5", "the German account's gloss of «sto bene»"),
    _d("ich behalte", "keep", "de", "F3", "the German article: 'In diesem Fall sagt sie: „Ich behalte“'"),
    _d("je garde", "keep", "fr", USAGE, "RULES-DIGEST F3's French for the German article's „Ich behalte“"),
    _d("keep", "keep", "en", USAGE),
    _d("keeps", "keep", "en", USAGE),
    _d("stand", "keep", "en", USAGE),
    _d("behold", "keep", "da", "D3", "the Danish rules page: 'Behold eller byt dit ene kort'"),
    _d("jeg beholder", "keep", "da", USAGE, "the page's 'Behold' as a Danish table says it, as 'ich behalte'"),
    # offer (K5; F3; R2; D3)
    _d("passo", "offer", "it", "K5", "«passo» (ich gebe weiter)", "Campli"),
    _d("ich gebe weiter", "offer", "de", "K5", "the German account's gloss of «passo»"),
    _d("ich tausche", "offer", "de", "F3", "the German article: 'wobei Vorhand sagt: „Ich tausche“'"),
    _d("je change", "offer", "fr", USAGE, "RULES-DIGEST F3's French for the German article's „Ich tausche“"),
    _d("offer", "offer", "en", USAGE),
    _d("offers", "offer", "en", USAGE),
    _d("change", "offer", "en", "R2", "Cassell 1881: the player 'may change with his left-hand neighbour'"),
    _d("byt", "offer", "da", "D3", "the Danish rules page: 'Behold eller byt dit ene kort'"),
    _d("jeg bytter", "offer", "da", USAGE, "the page's 'byt' as a Danish table says it, as 'ich tausche'"),
    # the second offer to the inn (K14; D6)
    _d("pagherai se null?", "ask", "it", "K14", "«Pagherai se null?» (Zahlst du, wenn's 'ne Null ist?)", "Campli"),
    _d("zahlst du, wenn's 'ne Null ist?", "ask", "de", "K14", "the German account's gloss of «Pagherai se null?»"),
    _d("paieras-tu si nul ?", "ask", "fr", USAGE),
    _d("will you pay if nulla?", "ask", "en", USAGE),
    _d("ask", "ask", "en", USAGE),
    _d("asks", "ask", "en", USAGE),
    _d("betal hvis nul", "ask", "da", "D6", "the Danish rules page: 'bede kroejeren om at betale, hvis et nul taber'"),
    # the innkeeper's answer (K14; L7; D6)
    _d("accetto", "accept", "it", USAGE),
    _d("ich nehme an", "accept", "de", "K14", "the German account: 'Oder er nimmt das Angebot an'"),
    _d("angenommen", "accept", "de", USAGE),
    _d("j'accepte", "accept", "fr", USAGE),
    _d("accept", "accept", "en", USAGE),
    _d("accepts", "accept", "en", USAGE),
    _d("accepter", "accept", "da", "D6", "the Danish rules page: 'Hvis det accepteres'"),
    _d("rifiuto", "refuse", "it", USAGE),
    _d("fatt nu bicchijr", "refuse", "it", "L7", "«fatt nu bicchijr» (Trink was!): the innkeeper keeps the inn",
       "Montorio al Vomano"),
    _d("ich lehne ab", "refuse", "de", "K14",
        "the German account: 'Das zweite Angebot kann der Gastwirt entweder ablehnen'"),
    _d("abgelehnt", "refuse", "de", USAGE),
    _d("je refuse", "refuse", "fr", USAGE),
    _d("refuse", "refuse", "en", USAGE),
    _d("refuses", "refuse", "en", USAGE),
    _d("nægt", "refuse", "da", "D6", "the Danish rules page: 'Hvis det nægtes'"),
    # Zeh's third paragraph, read with refuse_by_paying = yes (Q9)
    _d("d'accordo", "agree", "it", USAGE),
    _d("einverstanden", "agree", "de", USAGE),
    _d("d'accord", "agree", "fr", USAGE),
    _d("agree", "agree", "en", USAGE),
    _d("agrees", "agree", "en", USAGE),
    _d("non cambio e pago", "pay-to-refuse", "it", USAGE),
    _d("ich will nicht tauschen", "pay-to-refuse", "de", "Q9",
       "Zeh 1769: 'Wer aber nicht tauschen will, wird eine Marque in die Taze setzen'"),
    _d("je refuse et paie", "pay-to-refuse", "fr", USAGE),
    _d("pay to refuse", "pay-to-refuse", "en", USAGE),
    _d("pays to refuse", "pay-to-refuse", "en", USAGE),
    # the stack: the dealer's exchange (K8; A4; R2; D3), the offerer's at a dealer's horse (K12),
    # the last player's at the talon (F4); a card may follow: the card taken
    _d("cambio col mazzo", "stack", "it", USAGE, argument="card"),
    _d("mazzo", "stack", "it", USAGE, argument="card"),
    _d("tausche mit dem Stapel", "stack", "de", "K8",
       "the German account: 'ob er die Karte behält oder mit der untersten Karte des Stapels tauscht'",
       argument="card"),
    _d("Stapel", "stack", "de", "K8", argument="card"),
    _d("talon", "stack", "fr", "F4", "the German article: 'sondern die Karte auf dem Talon'", argument="card"),
    _d("je prends au talon", "stack", "fr", "A4",
        "the German article: 'Der Geber kann diese Karte nur mit dem Talon tauschen'",
       argument="card"),
    _d("stack", "stack", "en", USAGE, argument="card"),
    _d("pack", "stack", "en", "R2", "Cassell 1881: the dealer 'may take the top card of the pack instead'",
       argument="card"),
    _d("stock", "stack", "en", "S4", "pagat.com's Cuckoo: the dealer may exchange 'with a card cut from the "
       "undealt stock'", argument="card"),
    _d("byt med bunken", "stack", "da", "D3", "the Danish rules page: 'kan beholde eller bytte med bunden af bunken'",
       argument="card"),
    _d("bunken", "stack", "da", "D3", argument="card"),
    # buying back in (K17, L11)
    _d("rientro", "buy-back", "it", USAGE),
    _d("ich kaufe mich zurück", "buy-back", "de", "K17", "the German account: 'sich wieder zurückkaufen'"),
    _d("je rachète", "buy-back", "fr", USAGE),
    _d("køber ind", "buy-back", "da", USAGE),
    _d("buys back", "buy-back", "en", USAGE),
    _d("buy back", "buy-back", "en", USAGE),
    _d("non rientro", "decline", "it", USAGE),
    _d("kein Rückkauf", "decline", "de", USAGE),
    _d("je ne rachète pas", "decline", "fr", USAGE),
    _d("køber ikke ind", "decline", "da", USAGE),
    _d("declines", "decline", "en", USAGE),
    _d("no buy-back", "decline", "en", USAGE),
    # marks paid (an observation, checked: K11, K13, K15)
    Word("paga", "observation", "pays", "it", USAGE, argument="count"),
    Word("pij na gnaffat", "observation", "pays", "it", "L8", "Montorio al Vomano",
         "«pij na gnaffat, Katzenstrafe»: the cat's mark", argument="count"),
    Word("zahlt", "observation", "pays", "de", "K14",
        note="the German account: 'muss ... der Gastwirt eine Marke zahlen'",
         argument="count"),
    Word("setzt eine Marque in die Taze", "observation", "pays", "de", "Z2",
         note="Zeh 1769: losing a mark is «eine Marque in die Taze setzen»", argument="count"),
    Word("paie", "observation", "pays", "fr", USAGE, argument="count"),
    Word("pays", "observation", "pays", "en", USAGE, argument="count"),
    Word("mister et liv", "observation", "pays", "da", "D7",
        note="the Danish rules page: 'Hvert laveste kort mister ét liv'",
         argument="count"),
    # table talk (K20) a rule reacts to: the fool's hint (Z7)
    Word("accenna", "talk", "hint", "it", USAGE),
    Word("deutet an", "talk", "hint", "de", "Z7", note="Zeh 1769: 'darf in keiner Weise andeuten, dass er die Karte "
         "hält'"),
    Word("fait allusion", "talk", "hint", "fr", USAGE),
    Word("hint", "talk", "hint", "en", USAGE),
    Word("hints", "talk", "hint", "en", USAGE),
    # the calls (C2): the cuckoo (K10, F3, A1, H2, D4)
    _call("cucù", "cuckoo", "it", "K10", "'XV Cucù (Kuckuck!)'", "Campli"),
    _call("cuccù", "cuckoo", "it", USAGE),
    _call("cucco", "cuckoo", "it", USAGE),
    _call("Kuckuck", "cuckoo", "de", "K10", "the German account: 'Der Angefragte sagt «Kuckuck»'", families=_B),
    _call("cuckoo", "cuckoo", "en", USAGE, families=_B),
    _call("kukku", "cuckoo", "da", "D4",
        "the Danish rules page: 'Gøgen afsløres og nægter byttet' (shown, not called)"),
    _call("gøg", "cuckoo", "da", "D4", "the Danish rules page: 'Gøgen afsløres'"),
    _call("Coucou", "cuckoo", "fr", "F3", "the German article: 'ruft der Besitzer des Königs „Coucou!“'", families=_F),
    _call("Her", "cuckoo", "fr", "H2",
        "the German article: Lebrun (1828): 'nicht „Kuckuck!“, sondern „Her!“'", families=_F),
    _call("here", "cuckoo", "fr", USAGE, "an English spelling of Lebrun's „Her!“", families=_F),
    _call("roi", "cuckoo", "fr", "A1", "Méry 1847: the king holder 'den König aufdeckt' (shown, not called)",
          families=_F),
    _call("king", "cuckoo", "en", "A1", "the king shown (A1)", families=_F),
    _call("König", "cuckoo", "de", "A1", "the king shown (A1)", families=_F),
    # the hunter (K11, D4)
    _call("bum", "hunter", "it", "K11", "'XIIII Bum oder Tuff (Peng!...)'", "Campli"),
    _call("tuff", "hunter", "it", "K11", "'XIIII Bum oder Tuff'", "Campli"),
    _call("bragon", "hunter", "it", "K11", "'Der angefragte Bragon mimt den Schuss'"),
    _call("pum", "hunter", "it", USAGE),
    _call("Peng", "hunter", "de", "K11", "the German account's gloss of «Bum»"),
    _call("bang", "hunter", "en", USAGE),
    _call("shot", "hunter", "en", USAGE),
    _call("hunter", "hunter", "en", USAGE),
    _call("jæger", "hunter", "da", "D4", "the Danish rules page: 'Jægeren afsløres, nægter' (shown)"),
    # the horse (K12, L9, D4)
    _call("salta", "horse", "it", "K12", "'XIII Salta oder Cavallo (Sprung!...)'", "Campli"),
    _call("cavallo", "horse", "it", "K12", "'XIII Salta oder Cavallo'"),
    _call("zumb", "horse", "it", "L9", "'XIII Pferd. Wird hier mit «zumb» (Spring!) angesagt'", "Montorio al Vomano"),
    _call("Sprung", "horse", "de", "K12", "the German account's gloss of «Salta»"),
    _call("hop", "horse", "en", USAGE),
    _call("horse", "horse", "en", USAGE),
    _call("hest", "horse", "da", "D4", "the Danish rules page: 'Hesten afsløres og springes over' (shown)"),
    # the cat (K13, L8, Z5, D5)
    _call("gnaf", "cat", "it", "K13", "'XII Gnaf (Miau! die Katze)'", "Campli"),
    _call("gnaf, cart'arrit", "cat", "it", "L8", "«Gnaf, cart’arrit» (Katze, Karte geht zurück!)",
          "Montorio al Vomano"),
    _call("miao", "cat", "it", USAGE),
    _call("Gnau", "cat", "de", "Z5", "Zeh 1769: 'Der Besitzer von XII Katze sagt «Gnau»'"),
    _call("Miau", "cat", "de", "K13", "the German account's gloss of «Gnaf»"),
    _call("miaow", "cat", "en", USAGE),
    _call("cat", "cat", "en", USAGE),
    _call("kat", "cat", "da", "D5", "the Danish rules page: 'Katten afsløres, nægter' (shown)"),
    # the inn (K14, L7, D6)
    _call("fermatevi", "inn", "it", "K14", "«fermatevi aliquanto» (verweile ein wenig)", "Campli"),
    _call("fermatevi aliquanto", "inn", "it", "K14", "'sagt «fermatevi aliquanto»'", "Campli"),
    _call("taverna", "inn", "it", USAGE),
    _call("osteria", "inn", "it", USAGE),
    _call("tingh la cas", "inn", "it", "L7", "«Tingh la Cas, che mi dai in cambio» (Ich hab' das Wirtshaus ...)",
          "Montorio al Vomano"),
    _call("tingh la cas, che mi dai in cambio", "inn", "it", "L7", "the whole of the innkeeper's answer",
          "Montorio al Vomano"),
    _call("verweile ein wenig", "inn", "de", "K14", "the German account's gloss of «fermatevi aliquanto»"),
    _call("inn", "inn", "en", USAGE),
    _call("stop a while", "inn", "en", USAGE),
    _call("kro", "inn", "da", "D6", "the Danish rules page: 'Kroen sætter byttet på pause'"),
)

# Words that name two different things a table does: they are refused with both meanings.
AMBIGUOUS_WORDS: dict[str, tuple[tuple[str, str], ...]] = {
    "pass": (("offer", "to pass the card on to the next player (K5)"),
             ("keep", "to keep it, passing one's turn as in other card games (K5)")),
}


def fold(text: str) -> str:
    """A word as it is compared: the cards' folding (case, accents, ø/æ/å), the typographic
    apostrophe as ', spaces collapsed, and the final '!', '?' or '.' dropped."""
    folded = _cards._fold(text.replace("’", "'").replace("‘", "'"))
    # one pass each (the final marks were once dropped one at a time: quadratic, issue 27):
    # after the join no space ends the text, so rstrip of marks and spaces is the old loop
    return " ".join(folded.split()).rstrip("!?. ")


# --------------------------------------------------------------------------- calls (roles)

# Announcement words -> event role (C2, K10-K14).  The position format reads 'announce' with
# it (cucu_ref.formats.position re-exports it); the words of older versions are all kept.
ROLE_WORDS: dict[str, str] = {fold(w.text): w.meaning for w in WORDS if w.kind == "call"}
ROLE_WORDS.update({
    # F3 'Coucou!', H2 'Her!' (Lebrun 1828); A1: the king shown; Campli's names of the cards
    "konig": "cuckoo", "peng": "hunter", "miau": "cat",
})
# Campli's call for each role (Farina 2010, K10-K14): the words rulings quote by default.
ROLE_CALL = {"cuckoo": "cucù", "hunter": "bum", "horse": "salta", "cat": "gnaf", "inn": "fermatevi"}
ROLE_RULE = {"cuckoo": "K10", "hunter": "K11", "horse": "K12", "cat": "K13", "inn": "K14"}


# --------------------------------------------------------------------------- sources, languages

# The language each source speaks (the seeds quote the Italian tables' words in Italian).
SOURCE_LANGUAGE: dict[str, str] = {
    "farina-2010": "it", "di-luigi-mazza-2009": "it", "zeh-1769": "de", "digital-cuccu": "da",
    # the German article's rules of Coucou (F1-F6) are a French game's: its table speaks French
    "coucou-article": "fr", "academie-1725": "fr", "lacombe-1792": "fr", "mery-1847": "fr", "furetiere-1690": "fr",
    "lebrun-1828": "fr",
    "cassell-1881": "en", "pagat-cuckoo": "en", "mcleod": "en", "martin": "de", "cucu-ref": "en",
}
_FAMILY_SOURCE = {CUCCU: "farina-2010", FRENCH: "academie-1725"}

# The name each source prints for a card (the others print as the numeral on the card).
_FARINA = {15: "Cucù", 14: "Bragon", 13: "Salta", 12: "Gnaf", 11: "Taverna", 0: "Nulla", -1: "Secchia",
           -2: "Mascherone", -3: "Leone", -4: "Matto"}
_FRENCH_NAMES = {13: "roi", 12: "dame", 11: "valet", 1: "as"}
PRINTED_NAMES: dict[str, dict[int, str]] = {
    # seed 000 §Karten, §Ereigniskarten (Farina 2010)
    "farina-2010": _FARINA,
    # §Lu Stù: 'Die Namen der Bildkarten werden wie folgt angegeben:' (the list is missing from
    # the seed); the section itself names the horse by its call «zumb» (L9) and the inn 'la Cas'
    # («Tingh la Cas», L7); the rest is Farina's (the rules are 'identisch in: Farina 2010')
    "di-luigi-mazza-2009": {**_FARINA, 13: "Zumb", 11: "Cas"},
    # §Das Cucuspiel: 'XV ist der «Cucu», unter dem «Eymer» befindet sich das «Larvengesicht» ...
    # dann kommt schon der Narr'; otherwise 'im wesentlichen wie bei Cucù'.  The cat stays Gnaf:
    # 'Der Besitzer von XII Katze sagt «Gnau»' names Zeh's call (Z5), not the card, which the
    # seed calls 'XII Katze' in its own German as it does Campli's (issue 30 checked it)
    "zeh-1769": {**_FARINA, 15: "Cucu", -1: "Eymer", -2: "Larvengesicht", -4: "Narr"},
    # seed 004, Opsætning: 'løve −3, maske −2, spand −1, nul 0, I–X, kro XI, kat XII, hest XIII,
    # jæger XIIII og kukku XV'; the fool: 'fjols'
    "digital-cuccu": {15: "kukku", 14: "jæger", 13: "hest", 12: "kat", 11: "kro", 0: "nul", -1: "spand",
                      -2: "maske", -3: "løve", -4: "fjols"},
    # seed 003 names the French ranks in German (König, Ass); the French sources' own names
    "coucou-article": _FRENCH_NAMES, "academie-1725": _FRENCH_NAMES, "lacombe-1792": _FRENCH_NAMES,
    "mery-1847": _FRENCH_NAMES,
    "furetiere-1690": _FRENCH_NAMES, "lebrun-1828": _FRENCH_NAMES,
    # Cassell 1881: 'aces lowest, kings highest' (R1); knave is the English of its day
    "cassell-1881": {13: "king", 12: "queen", 11: "knave", 1: "ace"},
    # pagat.com's Cuckoo (Screw Your Neighbour, S1): 'king high, ace low'
    "pagat-cuckoo": {13: "king", 12: "queen", 11: "jack", 1: "ace"},
}
# the pack family a source's names are of: the Cuccù pack's have its XV
_PRINTED_FAMILY = {key: CUCCU if 15 in names else FRENCH for key, names in PRINTED_NAMES.items()}


# What a player loses: marks, or lives where the source counts lives (the digital page's 'liv',
# D1; Cassell's three lives, R1; pagat's lives, S5).  (singular, plural)
COUNTER_WORDS: dict[str, tuple[str, str]] = {
    "digital-cuccu": ("life", "lives"), "cassell-1881": ("life", "lives"), "pagat-cuckoo": ("life", "lives"),
}


def counter_words(rules: Rules) -> tuple[str, str]:
    """What the ruleset's source calls what a player loses, singular and plural: ('mark',
    'marks'), or ('life', 'lives') for the digital game (D1), Ranter-Go-Round (R1) and Screw
    Your Neighbour (S5)."""
    return COUNTER_WORDS.get(source_of(rules), ("mark", "marks"))


def _rules_family(rules: Rules) -> str:
    return PACKS[rules.pack].family


def source_of(rules: Rules) -> str:
    """The source a ruleset speaks for: the source of the rule it cites for dealing (Campli's
    K4 is Farina's, Lu Stù's L2 Di Luigi & Mazza's, Coucou's F2 the German article's ...); a source
    that prints no names of the ruleset's pack gives way to the pack's own (Farina's for the
    Cuccù pack, the Académie's for the French)."""
    family = _rules_family(rules)
    key = RULES[rules.cites("deal")].source
    if _PRINTED_FAMILY.get(key) != family:
        return _FAMILY_SOURCE[family]
    return key


def language_of(rules: Rules) -> str:
    """The language of the ruleset's source: 'it' for Campli and Lu Stù, 'de' for Zeh, 'fr'
    for the French games, 'en' for Ranter-Go-Round, 'da' for the digital game."""
    return SOURCE_LANGUAGE[source_of(rules)]


def display_name(rules: Rules, card: Card) -> str:
    """The name the ruleset's source prints for ``card``: 'Gnaf' (Campli), 'Zumb' (Lu Stù's
    horse), 'Larvengesicht' (Zeh's mask), 'kat' (the Danish page), 'roi' (Coucou), 'knave'
    (Ranter-Go-Round); the numeral for a plain card ('V', '10').  Every name reads back as the
    same card (:func:`cucu_ref.game.cards.parse`)."""
    names = PRINTED_NAMES[source_of(rules)]
    return names.get(card.value, _cards.format(card))


def display_label(rules: Rules, card: Card) -> str:
    """The numeral and the printed name together where the card has both: 'XII Gnaf',
    'XIII Zumb'; the printed name alone otherwise ('roi', 'Secchia', 'V')."""
    name = display_name(rules, card)
    token = _cards.format(card)
    if card.pack == CUCCU and card.value > 10 and name != token:
        return f"{token} {name}"
    return name


# --------------------------------------------------------------------------- the ruleset's words

_MECHANISM = {"keep": "keep", "offer": "offer", "stack": "dealer-exchange", "buy-back": "buy-back",
              "ask": "inn", "accept": "inn", "refuse": "inn"}


def words_for(rules: Rules, language: Optional[str] = None) -> tuple[Word, ...]:
    """The words a table of this ruleset may say (those of its pack's family), in one
    language or in all."""
    family = _rules_family(rules)
    return tuple(w for w in WORDS if family in w.families and (language is None or w.language == language))


def _pick(rules: Rules, meaning: str, kind: str, rule_id: Optional[str], language: str) -> Optional[Word]:
    family = _rules_family(rules)
    candidates = [w for w in WORDS if w.kind == kind and w.meaning == meaning and family in w.families]
    # the rule's own word in the language, the language's word, the rule's word in any
    # language, then English (the notation's own language) before anything else
    for test in (lambda w: w.source == rule_id and w.language == language,
                 lambda w: w.language == language,
                 lambda w: rule_id is not None and w.source == rule_id,
                 lambda w: w.language == "en",
                 lambda w: True):
        found = [w for w in candidates if test(w)]
        if found:
            return found[0]
    return None


def call(rules: Rules, role: str, language: Optional[str] = None) -> str:
    """What the holder of a targeted event card says under this ruleset: the call printed by the
    rule the ruleset cites for the role ('gnaf' K13, 'zumb' L9, 'Gnau' Z5, 'Coucou' F3, 'Her' H2,
    'roi' A1: the king shown), else the language's own ('Kuckuck', 'cuckoo')."""
    rule_id = rules.cites(role)
    word = _pick(rules, role, "call", rule_id, language or language_of(rules))
    return word.text if word is not None else ROLE_CALL[role]


def say(rules: Rules, meaning: str, language: Optional[str] = None) -> str:
    """The word a table of this ruleset says for ``meaning`` (a decision: 'keep', 'offer', 'ask',
    'accept', 'refuse', 'agree', 'pay-to-refuse', 'stack', 'buy-back', 'decline'; or 'pays',
    'hint'), in ``language`` or the ruleset's own: Campli's keep is 'sto bene' (K5), Coucou's
    'je garde' (French usage for F3's „Ich behalte“: a Coucou table writes French; the ruling
    quotes the German article's words, explain), Ranter-Go-Round's offer 'change' (R2), Lu Stù's
    refusing innkeeper says 'fatt nu bicchijr' (L7), the Danish page's 'behold'/'byt' (D3)."""
    mechanism = _MECHANISM.get(meaning)
    rule_id = rules.cites(mechanism) if mechanism else None
    kind = {"pays": "observation", "hint": "talk"}.get(meaning, "decision")
    word = _pick(rules, meaning, kind, rule_id, language or language_of(rules))
    if word is None:
        raise ValueError(f"no word for {meaning!r}")
    return word.text


_BY_TEXT: dict[str, tuple[Word, ...]] = {}
for _w in WORDS:
    _BY_TEXT[fold(_w.text)] = _BY_TEXT.get(fold(_w.text), ()) + (_w,)


def lookup(text: str, family: Optional[str] = None) -> tuple[Word, ...]:
    """The word ``text`` is (folded: case, accents, a final '!' or '?' do not matter), of the
    given pack family or of any: a tuple of one word, or () if none ('Kuckuck', the call of
    the cuckoo, is one word of both families)."""
    found = _BY_TEXT.get(fold(text), ())
    return tuple(w for w in found if family is None or family in w.families)


def suggest(text: str, words: Iterable[Word], n: int = 1) -> tuple[str, ...]:
    """The nearest of ``words`` to ``text`` (their written form), best first."""
    pool: dict[str, str] = {}
    for w in words:
        pool.setdefault(fold(w.text), w.text)
    return tuple(pool[m] for m in difflib.get_close_matches(fold(text), list(pool), n=n, cutoff=0.6))


def option_words(text: str, rules: Optional[Rules] = None) -> str:
    """A named option's question or reading (already in the active language) for ``rules``
    (issue 24 §2, P5): ``{restart}`` becomes the rule ``rules`` cites for a restart after all went
    out (``Rules.all_out_rule``: Campli's K18, the digital game's D8, the French games' P5; the
    restarts' rules, 'K18, D8', for no ruleset), ``{marks}`` the starting marks in the ruleset's
    count and word ('5 marks' in Coucou, F1; '3 lives', D1; 'the starting marks' for none), and
    the counter's words (``rulesets.COUNTED``): ``{counter}`` and ``{counters}`` 'mark(s)' or
    'life'/'lives' (D1, R1, S1), ``{starting}`` 'the starting marks', or in a game of lives its
    count ('3 lives').  A text without any is returned as it is."""
    if "{" not in text:
        return text
    lives = rules is not None and counter_words(rules)[0] == "life"
    if rules is None:
        restart, marks = "K18, D8", gettext("the starting marks")
    else:
        n = rules.initial_marks
        restart = str(rules.all_out_rule)
        marks = (ngettext("{n} life", "{n} lives", n) if lives else ngettext("{n} mark", "{n} marks", n)).format(n=n)
    text = text.replace("{restart}", restart).replace("{marks}", marks)
    if "{count" in text or "{starting}" in text:
        counter, counters = ("life", "lives") if lives else ("mark", "marks")
        text = text.replace("{counter}", pgettext("counter", counter)).replace(
            "{counters}", pgettext("counter", counters)).replace(
            "{starting}", marks if lives else gettext("the starting marks"))
    return text


def option_text(text: str, rules: Optional[Rules] = None) -> str:
    """A named option's question or reading (English, as :mod:`cucu_ref.game.rulesets` holds it),
    as a ruling under ``rules`` says it: translated (in a game of lives, :func:`counter_words`,
    a text with the counter's words in the context 'lives', where a language's words agree with
    the counter: 'chi paga la vita', Q12), then ``option_words``."""
    if rules is not None and any(c in text for c in COUNTED) and counter_words(rules)[0] == "life":
        return option_words(pgettext("lives", text), rules)
    return option_words(gettext(text), rules)
