"""The sources and the rule IDs that cite them.

Every event the engine emits and every step of a ruling names a rule ID from
``shared/RULES-DIGEST.md`` (K13, L8, Q3 …).  This module maps each ID to a short
statement and to where it stands in the sources: the author and year of the
source, the account that reports it (our seed documents are German accounts of
older texts, so a rule of Farina's is cited as Farina's *after* the account, in
the account's section, where a reader can find it), and the section.  The seeds
are the authority; the statements here are our own summaries, written from the
seeds.  The passages the project quotes from them are kept, word for word, in
``quotations.json`` beside this module, which ``tests/test_quotations.py`` keeps in
step with the docs, the package and the seeds.
"""

from __future__ import annotations

from typing import NamedTuple

from .i18n import N_, gettext as _, pgettext

__all__ = ["Source", "Rule", "SOURCES", "RULES", "rule", "cite", "reference", "is_open_question"]


class Source(NamedTuple):
    key: str
    author: str
    year: int | None  # None: the source gives no date
    title: str
    seed: str  # the seed file that reports it ("-": none)
    url: str = ""  # a public page the rules were read from, for a source that no seed reports
    # the key of the account (a seed document, itself a Source) through which we read this
    # source, when we have not its own text: Farina's rules are read in the German account
    via: str = ""


class Rule(NamedTuple):
    id: str
    source: str  # key into SOURCES
    section: str  # section heading of the seed where the rule stands
    text: str


_ACCOUNT, _ARTICLE = "cucu-und-lu-stu", "coucou-article"

SOURCES: dict[str, Source] = {s.key: s for s in (
    # The two German accounts the project reads (seeds 000 and 003).  Every rule of an older
    # author they report is cited "after" them: their section names are theirs, not the author's.
    Source(_ACCOUNT, "the German account 'Cucù und Lu Stù'", None,
           "Cucù und Lu Stù (c. 2020; it speaks of 'anno 2020'): Campli after Farina, Lu Stù after Di Luigi and "
           "Mazza, Zeh's Cucuspiel, and its own filling of Zeh's gaps", "000_6711ce09d0d66b29.txt"),
    Source(_ARTICLE, "the German article 'Coucou (Kartenspiel)'", None,
           "Coucou (Kartenspiel): the French game's rules, which its rules sections give without naming a source, "
           "with As Qui Court (after Méry) and Hère (after Furetière and Lebrun)", "003_17ad0eab99b303d8.txt"),
    Source("farina-2010", "N. Farina", 2010, "Cucù Antico Gioco di Carte (Campli)", "000_6711ce09d0d66b29.txt",
           via=_ACCOUNT),
    Source("di-luigi-mazza-2009", "G. Di Luigi & D. Mazza", 2009,
           "Lu Stù: Regolamento del gioco del Cucco praticato a Montorio al Vomano", "000_6711ce09d0d66b29.txt",
           via=_ACCOUNT),
    # The seed names "Zeh, Johann Eberhard, Verlag (1769)": the publisher of the collection; the
    # description's author ("der Autor") is not named.
    Source("zeh-1769", "Zeh", 1769,
           "Das Cucuspiel, in: Die Kunst, die Welt erlaubt mitzunehmen in den verschiedenen Arten der Spiele, "
           "Zweyter Theil, Nürnberg: Johann Eberhard Zeh", "000_6711ce09d0d66b29.txt", via=_ACCOUNT),
    Source("mcleod", "J. McLeod", None, "proposal reported in 'Cucù und Lu Stù'", "000_6711ce09d0d66b29.txt",
           via=_ACCOUNT),
    Source("martin", "U. Martin", None, "proposal reported in 'Cucù und Lu Stù'", "000_6711ce09d0d66b29.txt",
           via=_ACCOUNT),
    Source("digital-cuccu", "digital Cuccù rules page", None, "Cuccù: four players, three lives",
           "004_1c83c6006b8f6158.txt"),
    Source("academie-1725", "Académie universelle des jeux", 1725, "Coucou", "003_17ad0eab99b303d8.txt",
           via=_ARTICLE),
    Source("lacombe-1792", "J. Lacombe", 1792, "Dictionnaire des jeux", "003_17ad0eab99b303d8.txt", via=_ARTICLE),
    Source("mery-1847", "J. Méry", 1847, "L'Arbitre des jeux: As Qui Court", "003_17ad0eab99b303d8.txt",
           via=_ARTICLE),
    Source("furetiere-1690", "A. Furetière", 1690, "Dictionnaire universel: Here", "003_17ad0eab99b303d8.txt",
           via=_ARTICLE),
    Source("lebrun-1828", "M. Lebrun", 1828, "Manuel des jeux de calcul et de hasard", "003_17ad0eab99b303d8.txt",
           via=_ARTICLE),
    # Seed 003 only names Ranter-Go-Round (Cassell 1881, pp. 125-126); the R rules are read from the
    # 1881 text itself, in a public copy.
    Source("cassell-1881", "Cassell", 1881, "Cassell's Book of In-door Amusements: Ranter-Go-Round",
           "003_17ad0eab99b303d8.txt"),
    # The modern Screw Your Neighbour / Chase the Ace: no seed reports it.  Read from the rules page
    # of pagat.com's Cuckoo group (J. McLeod), whose text was consulted in a public copy
    # (gambiter.com/cards/cuckoo/cuckoo.html); the S rules below summarise it.
    Source("pagat-cuckoo", "J. McLeod, pagat.com", None,
           "Cuckoo (Chase the Ace, Ranter Go Round; in the USA Screw Your Neighbor)", "-",
           "https://www.pagat.com/cuckoo/"),
    Source("cucu-ref", "cucu-ref", 2026, "reading chosen by this project where every source is silent", "-"),
)}

_F, _L, _Z, _D = "farina-2010", "di-luigi-mazza-2009", "zeh-1769", "digital-cuccu"

RULES: dict[str, Rule] = {r.id: r for r in (
    Rule("C1", _F, "Karten", "40 cards, 20 ranks, two copies each: XV high … I, 0, secchia, mascherone, leone, matto."),
    Rule("C2", _F, "Ereigniskarten", "XV–XI act only when their holder is the target of a request (arresto)."),
    Rule("C3", _F, "Das Ergebnis", "One fool ranks with the lowest other card; both fools rank between XV and XIIII."),
    Rule("C4", _Z, "Das Cucuspiel", "Zeh's pack has 38 cards: no lions."),
    Rule("K1", _F, "Spieler, Einsatz, Spielrunde", "2 to 20 players; each pays the stake into the pot for 3 marks."),
    Rule("K2", _F, "Spieler, Einsatz, Spielrunde",
         "First dealer by draw from one card of each rank; others sit in descending order to his right; "
         "the deal passes to the right."),
    Rule("K3", _F, "Spieler, Einsatz, Spielrunde",
         "The last player with marks takes the pot and deals first next match."),
    Rule("K4", _F, "Geben und Kartentausch",
         "The dealer deals one card at a time to the right, always the bottom card of the stack, "
         "pausing after each card."),
    Rule("K5", _F, "Geben und Kartentausch", "Keep ('sto bene') or offer to the next player ('passo')."),
    Rule("K6", _F, "Geben und Kartentausch", "After a keep the next player is dealt his card and decides."),
    Rule("K7", _F, "Geben und Kartentausch",
         "After an offer the next player is dealt his card; unless it is an event card he must exchange, "
         "then decides about the card received."),
    Rule("K8", _F, "Geben und Kartentausch",
         "The dealer decides last: keep, or exchange with the bottom card of the stack; event cards play no role."),
    Rule("K9", _F, "Geben und Kartentausch", "Cards are never shown, except an event card targeted by a request."),
    Rule("K10", _F, "Ereigniskarten", "XV Cucù: no exchange, no cost; play goes on right of the cuckoo."),
    Rule("K11", _F, "Ereigniskarten",
         "XIIII Bragon: no exchange; the offerer loses one mark at once; play goes on right of the Bragon."),
    Rule("K12", _F, "Ereigniskarten",
         "XIII horse: the request jumps to the next player; at the dealer the offerer exchanges with the top card "
         "of the stack."),
    Rule("K13", _F, "Ereigniskarten",
         "XII cat: the offerer loses one mark at once and every exchange that brought his card is undone back to "
         "the player it was dealt to, skipping the same horses; play goes on right of the cat."),
    Rule("K14", _F, "Ereigniskarten",
         "XI inn: 'fermatevi aliquanto'; the offerer keeps or asks 'pagherai se null?'; the innkeeper refuses "
         "(exchange) or accepts (pays the offerer's mark if he loses with a nulla); play goes on right of the inn."),
    Rule("K15", _F, "Das Ergebnis",
         "Players put out during the deal hold dead cards; the lowest live card loses one mark, all tied lowest "
         "too; one fool ranks with the lowest other card; two fools rank 14½."),
    Rule("K16", _F, "Das Ergebnis", "A player who loses his last mark is out, but may buy back."),
    Rule("K17", _F, "Wiedereintritt ins Spiel",
         "While a virgin (a player with his original three marks) remains, players out may buy back after the "
         "deal: 1, 2, 4 … stakes by order of going out; they get three marks and are no virgins."),
    Rule("K18", _F, "Wiedereintritt ins Spiel",
         "If all remaining players go out in the same deal, everybody gets three marks again; nobody is a virgin."),
    Rule("K19", _F, "Endspiel zu zweit",
         "Two left: if both hold a cuckoo neither loses; both can go out in one deal (Andrea and Beatrice)."),
    Rule("K20", _F, "Reden über das Spiel", "Talk and bluff are free; showing one's card is not allowed."),
    Rule("L1", _L, "Lu Stù", "Everyone counts as holding three marks; marks can be gained."),
    Rule("L2", _L, "Lu Stù", "Cards are dealt from the top of the stack."),
    Rule("L3", _L, "Lu Stù", "Of tied lowest cards only the first in play order loses."),
    Rule("L4", _L, "Lu Stù",
         "One fool: the fool loses and the first lowest other card loses; two fools rank above XV and each "
         "gains a mark."),
    Rule("L5", _L, "Lu Stù", "With many players the table may agree to play without the fools."),
    Rule("L6", _L, "Lu Stù", "Two left with equal cards: the non-dealer loses, cuckoos included."),
    Rule("L7", _L, "Lu Stù",
         "XI inn: the offerer bargains; accepted, they exchange; refused ('fatt nu bicchijr'), the innkeeper pays "
         "the offerer's mark if he loses with the nulla."),
    Rule("L8", _L, "Lu Stù",
         "XII cat ('Gnaf, cart’arrit'): the offerer loses a mark and must offer his card to the left; a plain card "
         "there must exchange, however it was got, and the exchange goes on leftwards.  On the way a horse is "
         "skipped as usual; XV ends it without penalty; XII or XIIII end it and the last to exchange pays a mark; "
         "an inn dealt to its holder ends it without penalty, but an inn got by exchange must be exchanged and "
         "the way back goes on."),
    Rule("L9", _L, "Lu Stù", "XIII horse is announced 'zumb'."),
    Rule("L10", _L, "Lu Stù", "Cards of players who go out go under the stack and are not compared."),
    Rule("L11", _L, "Lu Stù", "Buy back at once; the price doubles with each player who re-enters."),
    Rule("L12", _L, "Lu Stù", "All remaining players go out together only in the two narrow cases the source names."),
    Rule("L13", _L, "Lu Stù", "A player can lose three marks in one deal."),
    Rule("Z1", _Z, "Das Cucuspiel", "38 cards, no lions."),
    Rule("Z2", _Z, "Das Cucuspiel", "Marks per player are agreed; lost marks go into the cup, gained come out."),
    Rule("Z3", _Z, "Das Cucuspiel", "Every player is dealt his card first; then the requests travel right."),
    Rule("Z4", _Z, "Das Cucuspiel", "XI, XIII, XIIII and XV as in Campli."),
    Rule("Z5", _Z, "Das Cucuspiel", "XII cat ('Gnau'): no exchange; the offerer pays a mark to the cat's holder."),
    Rule("Z6", _Z, "Das Cucuspiel", "One fool loses with the lowest; two fools lose nothing and each gains a mark."),
    Rule("Z7", _Z, "Das Cucuspiel", "A fool holder who hints gets no mark if both fools are in play."),
    Rule("Z8", _Z, "Das Cucuspiel",
         "Two players, one fool: both lose a mark, unless the other card is the Cucu; then only the fool loses."),
    Rule("Z9", _ACCOUNT, "Das Cucuspiel", "Gaps filled by 'cucus never lose, two fools gain'."),
    Rule("Z10", _Z, "Das Cucuspiel",
         "Out when all marks are lost; buying back is not mentioned ('nicht angedeutet'), neither allowed nor "
         "forbidden."),
    Rule("Z11", _ACCOUNT, "Das Cucuspiel",
         "All remaining out together: a draw; all play again without a new stake."),
    Rule("D1", _D, "Regler", "Exactly four players, three lives, no money."),
    Rule("D2", _D, "Opsætning", "Whole pack shuffled each deal, dealt from the bottom to the right, one at a time."),
    Rule("D3", _D, "At spille en tur",
         "Keep or request an exchange; the dealer acts last with the bottom of the stack."),
    Rule("D4", _D, "At spille en tur", "Cuckoo refuses and never loses; hunter costs a life; horse skipped."),
    Rule("D5", _D, "At spille en tur", "Cat costs a life and undoes the chain of the requester's card."),
    Rule("D6", _D, "At spille en tur", "Inn: accepted, both keep; refused, exchange and the former innkeeper acts."),
    Rule("D7", _D, "Score og afslutning",
         "All tied lowest lose; dead cards excluded; a cuckoo never loses; fool ties with the lowest; two fools 14½."),
    Rule("D8", _D, "Score og afslutning",
         "If everyone still in reaches zero together, all four return with three lives."),
    Rule("F1", _ARTICLE, "Spielkarten", "52 or 32 cards, king high, ace low, suits ignored; 5 to 20 players."),
    Rule("F2", _ARTICLE, "Kartengeben",
         "The dealer takes three cards, keeps the highest, puts two under the talon."),
    Rule("F3", _ARTICLE, "Spielverlauf",
         "Keep ('Ich behalte') or exchange with the right neighbour ('Ich tausche'); a king says 'Kuckuck!' "
         "without showing it, and there is no exchange."),
    Rule("F4", _ARTICLE, "Spielverlauf",
         "The last player exchanges with the talon's top card unless it is a king; the dealer keeps his card."),
    Rule("F5", _ARTICLE, "Spielverlauf", "The lowest loses a mark, all tied lowest; out at no marks."),
    Rule("F6", _ARTICLE, "Gewinn", "The last one left wins the pool."),
    Rule("A1", "mery-1847", "As Qui Court", "A king refuses by showing it."),
    Rule("A2", "mery-1847", "As Qui Court", "The dealer takes one card."),
    Rule("A3", "mery-1847", "As Qui Court", "The last player exchanges with the dealer."),
    Rule("A4", "mery-1847", "As Qui Court",
         "The dealer may exchange his card only with the talon, and only if he received an ace from the previous "
         "player."),
    Rule("H1", "furetiere-1690", "Hère",
         "One card each, exchange with the neighbour, the lowest loses; an ace kept to the end is itself a 'Here'."),
    Rule("H2", "lebrun-1828", "Hère",
         "Lebrun gives Coucou by the traditional rules, also called 'Her': a player who receives a king says "
         "not 'Kuckuck!' but 'Her!'."),
    Rule("R1", "cassell-1881", "Ranter-Go-Round", "52 cards, ace low; three counters, 'lives', each; no stake is "
         "named."),
    Rule("R2", "cassell-1881", "Ranter-Go-Round", "Play goes left; the dealer may take the top card of the pack."),
    Rule("R3", "cassell-1881", "Ranter-Go-Round", "No card has any privilege."),
    Rule("R4", "cassell-1881", "Ranter-Go-Round", "The lowest card loses a life, of equal lowest only the one turned "
         "up last; lost lives go to the pool; the last player left is declared the winner."),
    Rule("S1", "pagat-cuckoo", "Cuckoo", "52 cards, king high, ace low, suits irrelevant; an equal number of "
         "lives each, 'say 3', and a stake each in the pot for the winner."),
    Rule("S2", "pagat-cuckoo", "Cuckoo", "One card each; each player has one turn, from the dealer's left round to "
         "the dealer: keep, or try to exchange with the next player."),
    Rule("S3", "pagat-cuckoo", "Cuckoo", "The neighbour must accept the exchange unless holding a king: it is "
         "exposed and the offerer keeps his card."),
    Rule("S4", "pagat-cuckoo", "Cuckoo", "The dealer, last, may exchange with a card cut from the undealt stock; "
         "if it is a king he must keep his original card."),
    Rule("S5", "pagat-cuckoo", "Cuckoo", "All expose; the lowest loses a life, all tied lowest one each; out with "
         "no lives; the last left wins."),
    Rule("S6", "pagat-cuckoo", "Cuckoo", "All remaining players tie for lowest on their last life: at least four "
         "rules, among them joint winners sharing the pot, or keeping their last life."),
    Rule("Q1", "mcleod", "Wiedereintritt ins Spiel", "Buy-back order when several go out in the same deal."),
    Rule("Q2", _F, "Ereigniskarten", "Does a targeted blocker's holder act afterwards?"),
    Rule("Q3", _F, "Das Ergebnis", "Does a cuckoo ever lose at the showdown?"),
    Rule("Q4", _F, "Das Ergebnis", "Do dead fools count toward 'both fools in play'?"),
    Rule("Q5", _L, "Lu Stù", "Where does Lu Stù's way back end, and is each backward offer forced?"),
    Rule("Q6", _L, "Lu Stù", "Lu Stù deals from the top: which end do the dealer's and the horse's exchanges use?"),
    Rule("Q7", _L, "Lu Stù", "Does a player who buys back during the deal get a card this deal?"),
    Rule("Q8", _L, "Lu Stù", "Is a player who gained marks but never lost one still a virgin?"),
    Rule("Q9", _Z, "Das Cucuspiel", "May a player refuse an exchange of a plain card by paying a mark?"),
    Rule("Q10", _ACCOUNT, "Das Cucuspiel", "Two players with two fools: both gain, or nothing?"),
    Rule("Q11", _ARTICLE, "Spielverlauf", "All cards equal: does nobody lose, or all?"),
    Rule("Q12", _F, "Ereigniskarten", "Which cards does the innkeeper's guarantee cover?"),
    Rule("Q13", _Z, "Das Cucuspiel", "Does dealing everything first change who may be targeted?"),
    Rule("Q14", _F, "Ereigniskarten", "Does the cat undo pass back through an inn exchange?"),
    Rule("Q15", _F, "Spieler, Einsatz, Spielrunde", "Where does the fool rank in the seating draw?"),
    Rule("Q16", _ARTICLE, "Spielverlauf", "Which talon card does the last player take: the one on top, or (a "
         "reading this project keeps as the alternative; no source gives it) the bottom one, or the next if "
         "that is a king?"),
    Rule("Q18", "mery-1847", "As Qui Court",
         "The dealer's exchange with the stack or the talon finds a king: may he take it?  As Qui Court's dealer "
         "goes to the talon (A4), which names no king, where Coucou's 'ist kein Kartentausch erlaubt' (F4) forbids "
         "the exchange; pagat's dealer must keep his own card (S4)."),
    Rule("Q17", _Z, "Das Cucuspiel", "How many marks where the source says 'agreed'?"),
    Rule("R5", "cassell-1881", "Ranter-Go-Round", "An optional rule whose wording is cut off in the copy: unknown."),
    Rule("ENGINE", "cucu-ref", "-", "Bookkeeping of the reference engine (dealing the next card, turn order)."),
    # The project's readings where a game's own source says nothing (issue 24 §2: cited as such,
    # never as another game's rule)
    Rule("P1", "cucu-ref", "-",
         "Who deals next, where the game's source does not say: the first hand, the next player in the direction "
         "of play still in the match, as Coucou's dealer is followed by «die Vorhand, die der nächste Geber wird» "
         "(F2) and Campli's by the player on his right (K2)."),
    Rule("P2", "cucu-ref", "-",
         "How many may play, where the game's source gives no count: from two, the least that can play, to twenty, "
         "Coucou's most (F1)."),
    Rule("P3", "cucu-ref", "-",
         "K17's count of eliminations after a deal in which all remaining players went out and kept their last "
         "life (S6's second rule), where no source says: a player who went out during that deal, before its "
         "showdown, still counts (option kept_life_eliminations; the other reading takes his going out back)."),
    Rule("P4", "cucu-ref", "-",
         "K17's count of players out and L11's count of re-entries once everybody got the starting marks again "
         "(K18, D8, Z11), where no source says (K18 leaves no virgin, so no buy-back after it; D8 and Z11 leave "
         "virgins but have no buy-back): they start again with the game (option restart_counts; the other "
         "reading lets them run on)."),
    Rule("P5", "cucu-ref", "-",
         "Everybody still in goes out in the same deal, where the game's source describes no such case (the French "
         "games, Ranter-Go-Round): the table's reading of option all_out decides; by default all return with the "
         "starting marks and nobody pays a stake again (restart_stake = none)."),
)}


def rule(rule_id: str) -> Rule:
    return RULES[rule_id]


def author_name(source_key: str, governed: bool = False) -> str:
    """A source's name as a sentence uses it: 'N. Farina', 'the digital Cuccù rules page' (in
    the ruling's language, issue 30: the accounts' titles stay as they are).  ``governed``:
    the name follows a preposition ('after', 'in', 'of'), which in German takes the dative ('nach
    dem deutschen Bericht', beside 'Quellen: der deutsche Bericht'); msgctxt 'after a preposition'."""
    author = SOURCES[source_key].author
    name = f"the {author}" if author[:1].islower() and not author.startswith("the ") else author
    return pgettext(_GOVERNED, name) if governed else _(name)


_GOVERNED = "after a preposition"  # the msgctxt of a name that follows one (author_name)
# the sources named by what they are, not by an author (author_name), as messages to translate:
# alone ('Sources: ...') and after a preposition ('N. Farina 2010, after ...', 'an open question
# of ...'), one message in English
_NAMED_BY_WHAT = (N_("the German account 'Cucù und Lu Stù'"), N_("the German article 'Coucou (Kartenspiel)'"),
                  N_("the digital Cuccù rules page"),
                  pgettext("after a preposition", "the German account 'Cucù und Lu Stù'"),
                  pgettext("after a preposition", "the German article 'Coucou (Kartenspiel)'"),
                  pgettext("after a preposition", "the digital Cuccù rules page"))


def is_open_question(rule_id: str) -> bool:
    """Is ``rule_id`` an open question (Q1-Q18: a point its source leaves open, read by this
    project or as a table agreed), not a rule of that source?"""
    return rule_id[:1] == "Q" and rule_id[1:].isdigit()


def reference(rule_id: str) -> str:
    """Where a reader finds ``rule_id``: the source's author and year, the account we read it in
    (our seeds are German accounts of older texts), and that account's section:
    'N. Farina 2010, after the German account 'Cucù und Lu Stù', section Ereigniskarten'.
    A rule of an account itself names the account; one of this project, the project; an open
    question (Q), that the reading is this project's (issue 24 §2)."""
    r = RULES[rule_id]
    if r.source == "cucu-ref":
        if rule_id == "ENGINE":
            return _("this project's own bookkeeping")
        return _("this project's reading; the source is silent")
    if is_open_question(rule_id):  # the reading is the project's, not the author's
        return _("this project's reading of an open question: {where}").format(where=_where(r))
    return _where(r)


def _where(r: Rule) -> str:
    """The place of a rule in its source: author and year, the account, the section."""
    s = SOURCES[r.source]
    name = author_name(r.source) + (f" {s.year}" if s.year is not None else "")
    if s.via:
        return _("{source}, after {account}, section {section}").format(
            source=name, account=author_name(s.via, governed=True), section=r.section)
    if s.url:
        return _("{source}, page {section}").format(source=name, section=r.section)
    return _("{source}, section {section}").format(source=name, section=r.section)


def cite(rule_id: str) -> str:
    """A rule ID with where to find it: 'K13 (N. Farina 2010, after the German account
    'Cucù und Lu Stù', section Ereigniskarten)' (see :func:`reference`)."""
    return f"{rule_id} ({reference(rule_id)})"
