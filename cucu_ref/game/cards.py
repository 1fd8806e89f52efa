"""Cards and packs: values with a parse/format pair.

Two families of pack are used by the Cucù games:

* the Cuccù pack (C1): 20 ranks, two copies each, from ``XV`` (cuckoo) down to
  ``matto`` (fool); Zeh 1769 plays it without the two lions (C4, Z1);
* the ordinary French pack (F1): ``K`` high down to ``A`` low, suits ignored,
  52 cards, or 32 (the piquet pack without 2-6).

A :class:`Card` is only its pack and rank value: two copies of a rank are the
same card for every rule, so a hand or a stack is a multiset of cards.  Canonical
tokens are what :func:`format` gives and what every output uses; :func:`parse`
accepts the canonical token and the usual aliases (Italian, German, Danish and
English names, modern Roman and Arabic numerals).
"""

from __future__ import annotations

import difflib
import functools
import operator
import unicodedata
from collections import Counter
from typing import Iterable, NamedTuple, Optional, Sequence, cast

__all__ = [
    "CUCCU",
    "FRENCH",
    "Card",
    "CardNameError",
    "Pack",
    "PACKS",
    "Alias",
    "ALIASES",
    "NAME_SOURCES",
    "parse",
    "format",
    "aliases",
    "meanings",
]

CUCCU = "cuccu"
FRENCH = "french"


class CardNameError(ValueError):
    """A card name that a pack does not know, or knows as several cards.

    ``suggestions``: the canonical tokens of the nearest known names (of the pack parsed);
    ``candidates``: for an ambiguous name, the :class:`Alias` entries it stands for (each with
    its card, region and source); ``card``: a card of the family that this pack lacks.
    """

    def __init__(self, text: str, pack: str, suggestions: tuple[str, ...],
                 candidates: tuple["Alias", ...] = (), card: Optional["Card"] = None):
        self.text = text
        self.pack = pack
        self.suggestions = suggestions
        self.candidates = candidates
        self.card = card
        if candidates:
            each = " or ".join(f"{c.token} ({c.region or c.language}, {c.source})" for c in candidates)
            message = f"ambiguous {pack} card name {text!r}: {each}; write the card's numeral"
        elif card is not None:
            message = f"{format(card)} is not a card of the {pack} pack"
        else:
            hint = f"; did you mean {' or '.join(repr(s) for s in suggestions)}?" if suggestions else ""
            message = f"unknown {pack} card name {text!r}{hint}"
        super().__init__(message)


class Card(NamedTuple):
    """One card: the pack family and the rank's natural value.

    Cuccù values follow the digital game's table (C1): ``XV`` = 15 … ``I`` = 1,
    ``0`` = 0, secchia −1, mascherone −2, leone −3; the fool, whose rank depends
    on how many fools are in play (C3), is stored as −4, below everything, and the
    scoring module gives it its real rank.  French values: ``K`` = 13 … ``A`` = 1.
    """

    pack: str
    value: int

    def __str__(self) -> str:
        return format(self)

    def __repr__(self) -> str:
        token = _TOKENS.get(self.pack, {}).get(self.value)
        if token is None:  # no card of its pack (the adjudicator's placeholders): the fields
            return f"Card({self.pack!r}, {self.value!r})"
        if self.pack == CUCCU:
            return f"Card.parse({token!r})"
        return f"Card.parse({token!r}, {self.pack!r})"

    @staticmethod
    def parse(text: str, pack: str = CUCCU) -> "Card":
        return parse(text, pack)

    @property
    def is_fool(self) -> bool:
        return self.pack == CUCCU and self.value == FOOL_VALUE


FOOL_VALUE = -4

# Canonical tokens, high to low (C1).  Additive numerals as printed on the cards.
_CUCCU_TOKENS: dict[int, str] = {
    15: "XV", 14: "XIIII", 13: "XIII", 12: "XII", 11: "XI", 10: "X", 9: "VIIII",
    8: "VIII", 7: "VII", 6: "VI", 5: "V", 4: "IIII", 3: "III", 2: "II", 1: "I",
    0: "0", -1: "secchia", -2: "mascherone", -3: "leone", FOOL_VALUE: "matto",
}

_FRENCH_TOKENS: dict[int, str] = {
    13: "K", 12: "Q", 11: "J", 10: "10", 9: "9", 8: "8", 7: "7", 6: "6", 5: "5",
    4: "4", 3: "3", 2: "2", 1: "A",
}

class Alias(NamedTuple):
    """One name a source or a table gives a card, with where it comes from.

    ``name`` is written as the source writes it (accents and all; parsing folds case and
    accents); ``language`` is a BCP 47 tag (``it``, ``de``, ``da``, ``nb``, ``sv``, ``fr``,
    ``en``); ``region`` is where the name is used, "" for the language at large; ``source`` is
    a key of :data:`NAME_SOURCES`; ``note`` says why the name means this card where that takes
    an argument (a figure of a related pack, a name reported without its card).
    """

    name: str
    family: str
    value: int
    language: str
    region: str
    source: str
    note: str = ""

    @property
    def token(self) -> str:
        return _TOKENS[self.family][self.value]


# Where each card name comes from.  The seeds come first (they are the authority); the
# others are public pages found while researching the regional names (issue 10 §5, issue 11).
NAME_SOURCES: dict[str, str] = {
    "seed-000": "the German account 'Cucù und Lu Stù' (Farina 2010, Di Luigi & Mazza 2009, Zeh 1769)",
    "seed-003": "the German article 'Coucou (Kartenspiel)' "
                "(Académie universelle des jeux 1725, Méry 1847, Furetière 1690)",
    "seed-004": "the Danish rules page of the digital Cuccù",
    "7bello": "7bellonline.it, 'I mazzi standard: Cuccù' (the pack's figures and their inscriptions)",
    "fitp-2022": "L. Fumagalli, 'Gioco del Cucco', FolkNews (lombardia.fitp.org), April 2022 (Bergamo)",
    "farina-2023": "N. Farina's 7bello pack of 2023 (sites.google.com/view/ezo-playingcards): 'Bressa' (Brescia)",
    "ekuonews-2019": "ekuonews.it, 2 January 2019: N. Farina presents 'Tre Mazzi da Cucù' (Campli)",
    "goblins-2011": "goblins.net, 2011: presentation of Farina's 'Cucù antico gioco di carte' (Campli)",
    "primadanoi-2018": "primadanoi.it, 2018: 'A Campli il gioco del Cucù' (the cards Gaff, Bum, Cucù, Matto, Cacaccio)",
    "steve-p": "steve-p.org, 'Cuccù' (the Masenghini pack with its English names)",
    "wikipedia-cuccu": "en.wikipedia.org, 'Cuccù' (card ranks XV – I, 0, Pail, Mask, Lion, Fool)",
    "pagat-gnav": "J. McLeod, pagat.com, 'Gnav' (Norway): Gjøk, Dragon, Katt, Hest, Hus ... Potte, Ugle, Narr",
    "wikipedia-kille": "en.wikipedia.org, 'Kille (card game)' (Sweden): the Inn, Cavalier, Pig, Hussar, Cuckoo, "
                       "Harlequin; the Fool, 'the precursor of Kille's Harlequin'",
    "uu-kille": "user.it.uu.se/~joachim/kille.html: Värdshus, Kavall, Husu, Husar, Kuku, Harlekin (aka Kille)",
    "wikipedia-it-cucu": "it.wikipedia.org, 'Cucù (gioco di carte)' (the ordinary pack: Re, Cavallo, Fante)",
    "issue-11": "issue 11: names another implementation gives the cards ('Casa', 'Rattaculo')",
    "usage": "ordinary usage of the language (no source needed: the everyday name of the figure)",
}

_A = Alias
_CU, _FR = CUCCU, FRENCH

# The Cuccù pack (C1).  Canonical tokens and numerals are indexed separately.
_CUCCU_ALIAS_TABLE: tuple[Alias, ...] = (
    # XV, the cuckoo (K10)
    _A("Cucù", _CU, 15, "it", "Campli", "seed-000", "§Karten, §Ereigniskarten: 'XV Cucù'"),
    _A("Cuccù", _CU, 15, "it", "", "wikipedia-cuccu", "'Cuccù or Cucù (\"Cuckoo\")', the pack's highest card"),
    _A("Cucco", _CU, 15, "it", "Bergamo", "fitp-2022", "'il Cucco (15)'; also steve-p's 'cucco (\"cuckoo\")'"),
    _A("Cucu", _CU, 15, "de", "", "seed-000", "§Das Cucuspiel: 'XV ist der «Cucu»' (Zeh 1769)"),
    _A("Kuckuck", _CU, 15, "de", "", "seed-000", "§Ereigniskarten: 'Der Angefragte sagt «Kuckuck»'"),
    _A("cuckoo", _CU, 15, "en", "", "usage"),
    _A("kukku", _CU, 15, "da", "", "seed-004", "Opsætning: 'kukku XV'"),
    _A("gøg", _CU, 15, "da", "", "seed-004", "'Gøgen afsløres og nægter byttet'"),
    _A("gøgen", _CU, 15, "da", "", "seed-004", "the definite form the page uses"),
    _A("gjøk", _CU, 15, "nb", "Norway (Gnav)", "pagat-gnav", "Gnav's cuckoo, its highest card, as the XV"),
    _A("kuku", _CU, 15, "sv", "Sweden (Kille)", "uu-kille", "Kille's cuckoo, as the XV"),
    # XIIII, the hunter (K11)
    _A("Bragon", _CU, 14, "it", "Campli", "seed-000", "§Ereigniskarten: 'Der angefragte Bragon'"),
    _A("Bum", _CU, 14, "it", "Campli", "seed-000", "§Ereigniskarten: 'XIIII Bum oder Tuff'"),
    _A("Tuff", _CU, 14, "it", "Campli", "seed-000", "§Ereigniskarten: 'XIIII Bum oder Tuff'"),
    _A("Tuffo", _CU, 14, "it", "", "7bello", "'in questi primi mazzi il Bragon era conosciuto anche come Tuffo'"),
    _A("hunter", _CU, 14, "en", "", "usage"),
    _A("Jäger", _CU, 14, "de", "", "seed-000", "§Ereigniskarten: 'der Jäger mit einer Knarre'"),
    _A("jæger", _CU, 14, "da", "", "seed-004", "Opsætning: 'jæger XIIII'"),
    _A("jægeren", _CU, 14, "da", "", "seed-004", "the definite form the page uses"),
    _A("dragon", _CU, 14, "nb", "Norway (Gnav)", "pagat-gnav",
       "Gnav's dragoon, second card, who costs the asker a counter: the XIIII's figure and role"),
    _A("husar", _CU, 14, "sv", "Sweden (Kille)", "uu-kille",
       "Kille's hussar, next below the cuckoo, who knocks the asker out: the XIIII's place and role"),
    # XIII, the horse (K12)
    _A("Salta", _CU, 13, "it", "Campli", "seed-000", "§Ereigniskarten: 'XIII Salta oder Cavallo'"),
    _A("Cavallo", _CU, 13, "it", "", "seed-000", "§Ereigniskarten: 'XIII Salta oder Cavallo'"),
    _A("Zumb", _CU, 13, "it", "Montorio al Vomano", "seed-000", "§Lu Stù: 'XIII Pferd. Wird hier mit «zumb» angesagt'"),
    _A("horse", _CU, 13, "en", "", "usage"),
    _A("Pferd", _CU, 13, "de", "", "seed-000", "§Ereigniskarten: '(Sprung! das Pferd)'"),
    _A("hest", _CU, 13, "da", "", "seed-004", "Opsætning: 'hest XIII'"),
    _A("hesten", _CU, 13, "da", "", "seed-004", "the definite form the page uses"),
    _A("kavall", _CU, 13, "sv", "Sweden (Kille)", "uu-kille",
       "Kille's cavalier, who sends the asker on to the next player: the horse's figure and role"),
    # XII, the cat (K13)
    _A("Gnaf", _CU, 12, "it", "Campli", "seed-000", "§Ereigniskarten: 'XII Gnaf (Miau! die Katze)'"),
    _A("Gnao", _CU, 12, "it", "Bergamo", "7bello", "'XII Gnao: Gatto'; fitp-2022 'il gnao (12)'"),
    _A("Gnau", _CU, 12, "de", "", "seed-000", "§Das Cucuspiel: 'Der Besitzer von XII Katze sagt «Gnau»' (Zeh 1769)"),
    _A("Gatto", _CU, 12, "it", "", "7bello", "'XII Gnao: Gatto'"),
    _A("Gaff", _CU, 12, "it", "Campli", "primadanoi-2018",
       "named among 'le carte Gaff, Bum, Cucù, Matto e Cacaccio'; taken as the cat, whose penalty the same "
       "page calls 'la sgaffata' beside the hunter's 'bummite' (Lu Stù's 'pij na gnaffat', L8)"),
    _A("cat", _CU, 12, "en", "", "usage"),
    _A("Katze", _CU, 12, "de", "", "seed-000", "§Ereigniskarten: '(Miau! die Katze)'"),
    _A("kat", _CU, 12, "da", "", "seed-004", "Opsætning: 'kat XII'"),
    _A("katten", _CU, 12, "da", "", "seed-004", "the definite form the page uses"),
    _A("katt", _CU, 12, "nb", "Norway (Gnav)", "pagat-gnav", "Gnav's cat (there ranked above the horse)"),
    # XI, the inn (K14)
    _A("Taverna", _CU, 11, "it", "Campli", "seed-000", "§Ereigniskarten: 'XI Taverna'"),
    _A("Osteria", _CU, 11, "it", "", "7bello", "'XI Fermatevi alquanto: Osteria'"),
    _A("Fermatevi alquanto", _CU, 11, "it", "", "7bello", "the inscription of the XI card"),
    _A("Cas", _CU, 11, "it", "Montorio al Vomano", "seed-000",
       "§Lu Stù: «Tingh la Cas, che mi dai in cambio» (Ich hab' das Wirtshaus ...), L7"),
    _A("Casa", _CU, 11, "it", "Montorio al Vomano", "seed-000",
       "the Italian of Lu Stù's 'la Cas' (L7); issue 11 reports it from another implementation"),
    _A("inn", _CU, 11, "en", "", "usage"),
    _A("tavern", _CU, 11, "en", "", "steve-p", "'tavern (\"stop for a while\")'"),
    _A("Wirtshaus", _CU, 11, "de", "", "seed-000", "§Ereigniskarten: '(Verweile ein wenig! das Wirtshaus)'"),
    _A("kro", _CU, 11, "da", "", "seed-004", "Opsætning: 'kro XI'"),
    _A("kroen", _CU, 11, "da", "", "seed-004", "the definite form the page uses"),
    _A("hus", _CU, 11, "nb", "Norway (Gnav)", "pagat-gnav",
       "Gnav's house, fifth of its matadors as the inn is fifth (a house, as Lu Stù's inn is 'la Cas'); in "
       "Gnav the house passes the asker on, as a horse does"),
    _A("värdshus", _CU, 11, "sv", "Sweden (Kille)", "wikipedia-kille", "'the Inn', lowest of Kille's high cards"),
    # numerals: the usual spellings beside the additive ones printed on the cards
    _A("XIV", _CU, 14, "", "", "usage", "the subtractive numeral"),
    _A("IX", _CU, 9, "", "", "usage", "the subtractive numeral"),
    _A("IV", _CU, 4, "", "", "usage", "the subtractive numeral"),
    # 0, the nulla
    _A("Nulla", _CU, 0, "it", "", "seed-000", "§Karten: 'die 0 (Nulla)'"),
    _A("O", _CU, 0, "", "", "wikipedia-cuccu", "the card is printed as the letter O with 'nulla' inside"),
    _A("Null", _CU, 0, "de", "", "seed-000", "§Ereigniskarten: «Zahlst du, wenn’s ’ne Null ist?»"),
    _A("zero", _CU, 0, "en", "", "usage"),
    _A("nothing", _CU, 0, "en", "", "steve-p", "'nulla (\"nothing\")'"),
    _A("nul", _CU, 0, "da", "", "seed-004", "Opsætning: 'nul 0'"),
    # -1, the bucket
    _A("Secchia", _CU, -1, "it", "", "seed-000", "§Karten: 'der Eimer (Secchia)'"),
    _A("secchio", _CU, -1, "it", "", "7bello", "'Secchia: Secchio per l'acqua'"),
    _A("Eimer", _CU, -1, "de", "", "seed-000", "§Karten: 'der Eimer (Secchia)'"),
    _A("Eymer", _CU, -1, "de", "", "seed-000", "§Das Cucuspiel: 'unter dem «Eymer»' (Zeh 1769)"),
    _A("bucket", _CU, -1, "en", "", "usage"),
    _A("pail", _CU, -1, "en", "", "wikipedia-cuccu", "'0, Pail, Mask, Lion, Fool'"),
    _A("spand", _CU, -1, "da", "", "seed-004", "Opsætning: 'spand −1'"),
    _A("potte", _CU, -1, "nb", "Norway (Gnav)", "pagat-gnav",
       "Gnav's pot, the vessel next below its 0 as the bucket is next below the nulla"),
    # -2, the mask
    _A("Mascherone", _CU, -2, "it", "", "seed-000", "§Karten: 'die grosse Maske (Mascherone)'"),
    _A("maschera", _CU, -2, "it", "", "7bello", "'Mascherone manco di secchia: Maschera'"),
    _A("Maske", _CU, -2, "de", "", "seed-000", "§Karten: 'die grosse Maske (Mascherone)'"),
    _A("Larvengesicht", _CU, -2, "de", "", "seed-000", "§Das Cucuspiel: 'das «Larvengesicht»' (Zeh 1769)"),
    _A("mask", _CU, -2, "en", "", "usage"),
    _A("maske", _CU, -2, "da", "", "seed-004", "Opsætning: 'maske −2'"),
    # -3, the lion and the figures that took its place
    _A("Leone", _CU, -3, "it", "", "seed-000", "§Karten: 'ein heraldischer Löwe (Leone)'"),
    _A("Löwe", _CU, -3, "de", "", "seed-000", "§Karten: 'ein heraldischer Löwe (Leone)'"),
    _A("lion", _CU, -3, "en", "", "usage"),
    _A("løve", _CU, -3, "da", "", "seed-004", "Opsætning: 'løve −3'"),
    _A("Cacaccio", _CU, -3, "it", "Campli", "seed-000",
       "§Karten: 'Statt des Löwen war, jedenfalls in einigen Gegenden, anfangs des 19. Jh. ... Cacaccio' "
       "(Pratesi 1990, Farina 2010)"),
    _A("Grattaculo", _CU, -3, "it", "Campli", "ekuonews-2019",
       "'una figura in più, inventata a Campli chiamata «Grattaculo» e più popolarmente «Cacaccio»'; "
       "goblins-2011: 'il Cacaccio (o Grattaculo)'"),
    _A("Rattaculo", _CU, -3, "it", "Campli", "issue-11",
       "reported by issue 11 from another implementation without its card; the sources print 'Grattaculo' "
       "(Farina, ekuonews-2019), so it is read as that figure, the Cacaccio"),
    _A("Bresa", _CU, -3, "it", "Bergamo", "fitp-2022", "'la Bresa (in dialetto bergamasco «la Brescia» per la "
       "Leonessa che raffigura)'"),
    _A("Bressa", _CU, -3, "it", "Brescia, Bergamo", "farina-2023",
       "'la carta sulla quale compare un leone blu rampante ... viene chiamata «Bressa» da tutti i giocatori'"),
    _A("Brescia", _CU, -3, "it", "Bergamo", "fitp-2022", "'la Brescia' for the lioness it shows"),
    # the fool (C3)
    _A("Matto", _CU, FOOL_VALUE, "it", "", "seed-000", "§Karten: 'zuletzt der Narr (Matto)'"),
    _A("Narr", _CU, FOOL_VALUE, "de", "", "seed-000", "§Karten and §Das Cucuspiel (Zeh 1769)"),
    _A("fool", _CU, FOOL_VALUE, "en", "", "usage"),
    _A("fjols", _CU, FOOL_VALUE, "da", "", "seed-004", "'fjols, nul- eller negativt kort'"),
    _A("tåbe", _CU, FOOL_VALUE, "da", "", "seed-004", "'En tåbe har uafgjort med det laveste kort'"),
    _A("narren", _CU, FOOL_VALUE, "da", "", "seed-004", "'Narren har særlige sammenligningsregler'"),
    # Kille's harlequin descends from the fool but is its highest card: both readings stand, so
    # the name is ambiguous and parsing it lists both (CardNameError.candidates)
    _A("Kille", _CU, FOOL_VALUE, "sv", "Sweden (Kille)", "wikipedia-kille",
       "the Harlequin, called Kille: 'the Fool, the precursor of Kille's Harlequin'"),
    _A("Kille", _CU, 15, "sv", "Sweden (Kille)", "uu-kille", "the Harlequin (aka Kille) is Kille's highest card"),
    _A("Harlekin", _CU, FOOL_VALUE, "sv", "Sweden (Kille)", "wikipedia-kille", "the fool's successor"),
    _A("Harlekin", _CU, 15, "sv", "Sweden (Kille)", "uu-kille", "Kille's highest card"),
)

# The ordinary French pack (F1): the ranks' names in the languages of the sources and tables.
_FRENCH_ALIAS_TABLE: tuple[Alias, ...] = (
    _A("roi", _FR, 13, "fr", "", "usage", "the German article: 'die höchste [ist] der König'"),
    _A("R", _FR, 13, "fr", "", "usage", "the French index letter of the king"),
    _A("king", _FR, 13, "en", "", "usage"),
    _A("König", _FR, 13, "de", "", "seed-003",
       "'Wenn ein Spieler versucht, seine Karte gegen einen König einzutauschen'"),
    _A("re", _FR, 13, "it", "", "wikipedia-it-cucu", "'Re(K), Cavallo(Q), Fante(J)'"),
    _A("konge", _FR, 13, "da", "", "usage"),
    _A("dame", _FR, 12, "fr", "", "usage", "also the German name"),
    _A("D", _FR, 12, "fr", "", "usage", "the French index letter of the queen"),
    _A("queen", _FR, 12, "en", "", "usage"),
    _A("donna", _FR, 12, "it", "", "usage"),
    _A("cavallo", _FR, 12, "it", "", "wikipedia-it-cucu", "the knight of Italian-suited packs, 'Cavallo(Q)'"),
    _A("valet", _FR, 11, "fr", "", "usage"),
    _A("V", _FR, 11, "fr", "", "usage", "the French index letter of the jack"),
    _A("jack", _FR, 11, "en", "", "usage"),
    _A("knave", _FR, 11, "en", "", "usage", "the nineteenth-century English name (Cassell 1881's day)"),
    _A("Bube", _FR, 11, "de", "", "usage"),
    _A("fante", _FR, 11, "it", "", "wikipedia-it-cucu", "'Fante(J)'"),
    _A("knægt", _FR, 11, "da", "", "usage"),
    _A("as", _FR, 1, "fr", "", "usage", "the German article's 'As Qui Court'"),
    _A("ace", _FR, 1, "en", "", "usage"),
    _A("Ass", _FR, 1, "de", "", "seed-003", "'die niedrigste Karte immer das Ass'"),
    _A("asso", _FR, 1, "it", "", "usage"),
    _A("es", _FR, 1, "da", "", "usage"),
    _A("1", _FR, 1, "", "", "usage", "the ace counts one"),
    _A("Hère", _FR, 1, "fr", "", "seed-003",
       "§Hère: '„Here“ ist auch der Name eines Asses, das ein Spieler auf der Hand behält' (Furetière 1690)"),
)

ALIASES: tuple[Alias, ...] = _CUCCU_ALIAS_TABLE + _FRENCH_ALIAS_TABLE

# Suit words and symbols a French card may carry; they are accepted and ignored (F1).
_SUIT_WORDS = (
    "of spades", "of hearts", "of diamonds", "of clubs", "de pique", "de coeur", "de carreau",
    "de trefle", "spades", "hearts", "diamonds", "clubs", "pique", "coeur", "carreau", "trefle",
)
_SUIT_SYMBOLS = "♠♥♦♣♤♡♢♧"


def _fold(text: str) -> str:
    """Lower-case, strip accents and surrounding space: 'Cucù' and 'cucu' are one name."""
    decomposed = unicodedata.normalize("NFKD", text.strip().lower())
    folded = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return folded.replace("ø", "o").replace("æ", "ae").replace("å", "a")


def _index_of(family: str) -> tuple[dict[str, int], dict[str, tuple[Alias, ...]]]:
    """The names of ``family``: folded name -> value for the names that mean one card, and
    folded name -> the aliases for the names that mean several (an ambiguous name)."""
    tokens = _TOKENS[family]
    index = {_fold(token): value for value, token in tokens.items()}
    if family == CUCCU:
        index.update({str(value): value for value in tokens if value != FOOL_VALUE})
    by_name: dict[str, list[Alias]] = {}
    for alias in ALIASES:
        if alias.family == family:
            by_name.setdefault(_fold(alias.name), []).append(alias)
    ambiguous: dict[str, tuple[Alias, ...]] = {}
    for name, found in by_name.items():
        values = {a.value for a in found}
        if name in index:
            # a canonical token or numeral always means its own card
            continue
        if len(values) == 1:
            index[name] = found[0].value
        else:
            ambiguous[name] = tuple(found)
    return index, ambiguous


def _build_cuccu_index() -> dict[str, int]:
    return _index_of(CUCCU)[0]


def _build_french_index() -> dict[str, int]:
    return _index_of(FRENCH)[0]


_TOKENS = {CUCCU: _CUCCU_TOKENS, FRENCH: _FRENCH_TOKENS}
_INDEXES = {CUCCU: _index_of(CUCCU), FRENCH: _index_of(FRENCH)}
_INDEX = {family: pair[0] for family, pair in _INDEXES.items()}
_AMBIGUOUS = {family: pair[1] for family, pair in _INDEXES.items()}


def _strip_suit(folded: str) -> str:
    for word in _SUIT_WORDS:
        if folded.endswith(" " + word):
            return folded[: -len(word) - 1].strip()
    if folded and folded[-1] in _SUIT_SYMBOLS:
        return folded[:-1].strip()
    if folded and folded[0] in _SUIT_SYMBOLS:
        return folded[1:].strip()
    # 'Kh', '10s', 'Qd', 'Ac': a rank followed by a one-letter suit
    if len(folded) >= 2 and folded[-1] in "shdc" and folded[:-1] in _INDEX[FRENCH]:
        return folded[:-1]
    return folded


def _suggest(folded: str, family: str, values: Optional[Iterable[int]] = None) -> tuple[str, ...]:
    """The canonical tokens of the names nearest to ``folded`` (of the given values only)."""
    allowed = None if values is None else set(values)
    names = [n for n, v in _INDEX[family].items() if allowed is None or v in allowed]
    names += [n for n, found in _AMBIGUOUS[family].items() if allowed is None or any(a.value in allowed for a in found)]
    out: list[str] = []
    for name in difflib.get_close_matches(folded, names, n=3, cutoff=0.5):
        if name in _INDEX[family]:
            out.append(_TOKENS[family][_INDEX[family][name]])
        else:
            out.extend(a.token for a in _AMBIGUOUS[family][name] if allowed is None or a.value in allowed)
    return tuple(dict.fromkeys(out))


def _resolve(text: str, family: str, values: Optional[Iterable[int]], pack_name: str) -> Card:
    if not isinstance(text, str):
        raise CardNameError(repr(text), pack_name, ())
    folded = _fold(text)
    if family == FRENCH:
        folded = _strip_suit(folded)
    value = _INDEX[family].get(folded)
    if value is not None:
        return Card(family, value)
    found = _AMBIGUOUS[family].get(folded)
    if found is not None:
        allowed = None if values is None else set(values)
        meant = tuple(a for a in found if allowed is None or a.value in allowed)
        if len({a.value for a in meant}) == 1:  # the pack holds only one of its cards
            return Card(family, meant[0].value)
        if meant:
            raise CardNameError(text, pack_name, (), candidates=meant)
    raise CardNameError(text, pack_name, _suggest(folded, family, values))


def parse(text: str, pack: str = CUCCU) -> Card:
    """Parse a card name of the pack family ``pack`` (``'cuccu'`` or ``'french'``).

    Accepts the canonical token, the numerals and every name of :data:`ALIASES`; an unknown
    name raises :class:`CardNameError` with the nearest names as suggestions, an ambiguous
    one (a name that means different cards in different regions) with its ``candidates``.

    >>> parse("XIV"), parse("Cucù"), parse("fool"), parse("Kh", "french"), parse("Casa")
    (Card.parse('XIIII'), Card.parse('XV'), Card.parse('matto'), Card.parse('K', 'french'), Card.parse('XI'))
    """
    if pack not in _INDEX:
        raise ValueError(f"unknown pack {pack!r}; known: {', '.join(_INDEX)}")
    return _resolve(text, pack, None, pack)


def aliases(card: Card) -> tuple[Alias, ...]:
    """Every name of ``card`` in :data:`ALIASES`, with its language, region and source (a name
    that also means another card is among them: see :func:`meanings`)."""
    return tuple(a for a in ALIASES if a.family == card.pack and a.value == card.value)


def meanings(text: str, family: str = CUCCU) -> tuple[Alias, ...]:
    """The aliases a name stands for in ``family`` (several for an ambiguous name; () for a
    canonical token, a numeral or an unknown name)."""
    folded = _fold(text)
    return tuple(a for a in ALIASES if a.family == family and _fold(a.name) == folded)


def format(card: Card) -> str:  # shadows the builtin on purpose: the parse/format pair is the API
    """The canonical token of ``card``: ``'XV'``, ``'matto'``, ``'K'`` …"""
    return _TOKENS[card.pack][card.value]


class Pack(NamedTuple):
    """A pack's composition: which ranks, how many copies of each."""

    name: str
    family: str
    values: tuple[int, ...]  # high to low
    copies: int

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the pack, high to low, copies adjacent."""
        return _pack_cards(self)

    @property
    def sorted_cards(self) -> tuple[Card, ...]:
        """Every card of the pack in ascending order: compare ``tuple(sorted(x))`` with it."""
        return _pack_sorted(self)

    @property
    def size(self) -> int:
        return len(self.values) * self.copies

    def is_permutation(self, stack: object) -> bool:
        """True when ``stack`` holds exactly the cards of this pack, in any order (C1): as many
        cards, each a :class:`Card`, the same values as a multiset, all of the pack's family.
        Anything else (None, a number, strings, other objects, the cards' fields as lists or
        plain tuples, as JSON gives them back) is refused, never a crash."""
        cards = cast("Sequence[Card]", stack)  # anything: a wrong shape is caught below
        try:
            return (len(cards) == self.size and set(map(type, cards)) == _CARD_TYPE
                    and sorted(map(_VALUE, cards)) == _pack_values(self)
                    and set(map(_FAMILY, cards)) == {self.family})
        except (TypeError, IndexError):
            return False

    def parse(self, text: str) -> Card:
        """Parse a card of this pack: suggestions and ambiguities are resolved within the
        pack's own cards; a card of the family that the pack lacks (a lion in Zeh's pack,
        C4; a 5 in the piquet pack, F1) raises :class:`CardNameError` with ``card`` set."""
        card = _resolve(text, self.family, self.values, self.name)
        if card.value not in self.values:
            raise CardNameError(text, self.name, (), card=card)
        return card

    def surplus(self, cards: Iterable[Card]) -> dict[Card, int]:
        """Cards seen more often than the pack holds them (a third XV, a lion in Zeh's pack)."""
        allowed = _pack_counts(self)
        return {card: n - allowed[card] for card, n in Counter(cards).items() if n > allowed[card]}


@functools.lru_cache(maxsize=None)
def _pack_counts(pack: Pack) -> Counter[Card]:
    # cached (read only): a batch of positions checks each one's cards against the pack (C1)
    return Counter(pack.cards)


@functools.lru_cache(maxsize=None)
def _pack_cards(pack: Pack) -> tuple[Card, ...]:
    # cached: the engine checks every shuffle against the pack
    return tuple(Card(pack.family, v) for v in pack.values for _ in range(pack.copies))


@functools.lru_cache(maxsize=None)
def _pack_sorted(pack: Pack) -> tuple[Card, ...]:
    return tuple(sorted(_pack_cards(pack)))


@functools.lru_cache(maxsize=None)
def _pack_values(pack: Pack) -> list[int]:
    return sorted(c.value for c in _pack_cards(pack))


_FAMILY, _VALUE = operator.itemgetter(0), operator.itemgetter(1)
_CARD_TYPE = {Card}


PACKS: dict[str, Pack] = {
    "cuccu-40": Pack("cuccu-40", CUCCU, tuple(_CUCCU_TOKENS), 2),
    "cuccu-38": Pack("cuccu-38", CUCCU, tuple(v for v in _CUCCU_TOKENS if v != -3), 2),
    # L5: 'Man vereinbart dann, ohne Narren weiterzuspielen': the packs without their two fools
    "cuccu-40-no-fools": Pack("cuccu-40-no-fools", CUCCU, tuple(v for v in _CUCCU_TOKENS if v != FOOL_VALUE), 2),
    "cuccu-38-no-fools": Pack("cuccu-38-no-fools", CUCCU, tuple(v for v in _CUCCU_TOKENS if v not in (-3, FOOL_VALUE)),
                              2),
    "french-52": Pack("french-52", FRENCH, tuple(_FRENCH_TOKENS), 4),
    "french-32": Pack("french-32", FRENCH, (13, 12, 11, 10, 9, 8, 7, 1), 4),
}
