"""Rulesets as data: one frozen options object, named presets, and the readings.

A ruleset is a :class:`Rules` value.  Its fields are either plain settings
(pack, marks, player limits) or *named options*: points where the sources differ
or are silent.  Every named option is described once in :data:`OPTIONS` with
its readings, the source of each reading, and the rule or question ID it
settles; every preset states, in :data:`PRESET_REASONS`, why it takes the
reading it takes.  The engine reads options, never preset names.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Iterator, Mapping, NamedTuple, Optional, TypeVar

from .cards import PACKS, Card

__all__ = [
    "Rules",
    "Reading",
    "OptionSpec",
    "OPTIONS",
    "PRESETS",
    "PRESET_REASONS",
    "RulesetError",
    "preset",
    "table_pack",
    "table_rules",
    "open_options",
    "page_open_points",
    "other_readings",
    "OWN_READINGS",
    "own_reading",
    "OPEN_POINTS",
    "COUNTED",
    "PresetInfo",
    "PRESET_INFO",
    "options_in_play",
    "CUCKOO",
    "HUNTER",
    "HORSE",
    "CAT",
    "INN",
]

# Event roles a card can have in a ruleset (C2).
CUCKOO, HUNTER, HORSE, CAT, INN = "cuckoo", "hunter", "horse", "cat", "inn"
ROLES = (CUCKOO, HUNTER, HORSE, CAT, INN)


class RulesetError(ValueError):
    """An unknown preset, an unknown option or a reading the option does not have."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.field = field


class Reading(NamedTuple):
    value: str
    source: str  # a rule or question ID, or a source key, in cucu_ref.formats.sources
    text: str


class OptionSpec(NamedTuple):
    name: str
    settles: str  # rule or open-question ID
    question: str
    readings: tuple[Reading, ...]

    def values(self) -> tuple[str, ...]:
        return tuple(r.value for r in self.readings)


def _spec(name: str, settles: str, question: str, *readings: tuple[str, str, str]) -> OptionSpec:
    return OptionSpec(name, settles, question, tuple(Reading(*r) for r in readings))


OPTIONS: dict[str, OptionSpec] = {o.name: o for o in (
    _spec("dealing", "K4", "Are cards dealt one at a time with a decision after each, or all first?",
          ("interleaved", "K4", "one card at a time, each recipient deciding before the next is dealt (Farina 2010)"),
          ("all-first", "Z3", "every player gets his card first, then the requests travel (Zeh 1769)")),
    _spec("deal_from", "K4", "Which end of the stack are cards dealt from?",
          ("bottom", "K4", "always the bottom card (Farina 2010; digital D2)"),
          ("top", "L2", "the top card (Di Luigi & Mazza 2009)")),
    _spec("dealer_exchange", "K8", "Which card may the dealer exchange his own with?",
          ("stack-bottom", "K8", "the bottom card of the stack; event cards play no role (Farina 2010)"),
          ("stack-top", "Q6", "the top card of the stack (a reading of Lu Stù, which deals from the top)"),
          ("none", "F4", "the dealer keeps his card (Coucou)"),
          ("talon-top-if-received-ace", "A4",
           "the top card of the talon, and only if he received an ace from the previous player (Méry 1847)")),
    _spec("dealer_draws_king", "Q18",
          "The dealer's exchange with the stack or the talon finds a king (a card that refuses): what then?",
          ("exchanges", "K8", "he takes it like any card: 'event cards play no role there' (Farina 2010; Cassell "
           "1881 R2); for As Qui Court, A4 read alone, naming no exception for a king"),
          ("keeps-own", "S4", "he must keep his original card and the king stays (pagat, Cuckoo, S4); for As Qui "
           "Court, Coucou's talon rule 'Sollte diese Karte ein König sein, ist kein Kartentausch erlaubt' (F4), "
           "which Méry does not change, met by the dealer who now goes to the talon (A4)")),
    _spec("horse_at_dealer", "K12", "A request reaching a dealer who holds the horse is exchanged with which card?",
          ("stack-top", "K12", "the top card of the stack (Farina 2010; digital D4)"),
          ("stack-bottom", "Q6", "the bottom card (a reading of Lu Stù, which deals from the top)")),
    _spec("cat", "K13", "What does a targeted cat do besides refusing?",
          ("undo", "K13", "the offerer loses a mark and the exchanges that brought his card are undone (Farina 2010)"),
          ("backward", "L8", "the offerer loses a mark and must offer his card to the left (Di Luigi & Mazza 2009)"),
          ("pay-holder", "Z5", "the offerer pays a mark to the cat's holder; nothing is undone (Zeh 1769)")),
    _spec("targeted_holder_acts", "Q2", "Does the holder of a targeted event card act afterwards?",
          ("never", "K14", "no: the holder keeps the card and decides nothing; play goes on with the player right of "
           "the event card (Farina 2010, K10-K14)"),
          ("after-refused-inn", "D6", "only a former innkeeper who had to exchange then acts normally, keep or offer; "
           "any other holder decides nothing (digital D6)"),
          ("always", "S3",
           "yes: the holder of a card that stopped a request (not a horse, over which it travels on, K12) then "
           "takes his own turn, keep or offer, as 'each player has one turn' (pagat, Cuckoo; a reading of the "
           "German Coucou article's 'Jeder Spieler tauscht nacheinander nach rechts', F3)")),
    _spec("targeted_dealer_decides", "Q2", "Does a dealer whose event card was targeted still make his last decision?",
          ("no", "K10", "no: the dealer's event card ends the round: play would go on with the player right of it "
           "(Farina 2010, K10-K14), and right of the dealer every player has decided already"),
          ("yes", "K8", "yes: the dealer still decides last, after his card has refused the offer: keep, or exchange "
           "with the stack (K8)")),
    _spec("cuckoo_at_showdown", "Q3", "Can a live XV lose a mark at the showdown?",
          ("never-loses", "Z9",
           "no: a cuckoo never loses, even tied with a lone fool or as the only live card (digital D7; Zeh's "
           "principle Z9; Farina's K19 'both hold a cuckoo, neither loses')"),
          ("compared", "K15",
           "yes: the XV is compared like any card; only two XV as the only live cards lose nothing (Farina 2010 "
           "as written, K15 and K19; Lu Stù L4/L6 without even that exception)")),
    _spec("cuckoo_pair_exception", "K19", "Do two XV that are the only live cards lose nothing?",
          ("yes", "K19", "at a table of two: 'Wenn beide einen Kuckuck halten, verliert keiner eine Marke', a rule "
           "of §Endspiel zu zweit (Farina 2010); at a larger table two XV left live tie lowest like any cards"),
          ("no", "L6", "two equal cards: the non-dealer loses, cuckoos included (Di Luigi & Mazza 2009)"),
          ("two-live-cards", "D7", "at any table, when the two XV are the only live cards: 'To gøger mister ingen "
           "liv' (two cuckoos lose no lives, digital D7, which names no table size)")),
    _spec("fools_in_play", "Q4", "Which fools count toward 'both fools in play'?",
          ("live", "K15", "only fools in live hands: dead cards play no role in the comparison (Farina 2010)"),
          ("any-hand", "Q4", "a fool in a dead hand counts too")),
    _spec("two_fools", "C3", "Where do two fools in play rank, and do they gain?",
          ("between-xv-and-xiiii", "C3", "they rank 14½, just below XV; no gain (Farina 2010; digital D7)"),
          ("above-xv-and-gain", "L4",
           "each holder gains a mark: in Lu Stù they are «die höchsten Karten, über der XV» (Di Luigi & Mazza "
           "2009, L4); in Zeh's game «verlieren die Narren nicht nur nichts, sondern erhalten jeder eine Marke "
           "aus der Tasse» (Zeh 1769, Z6)")),
    _spec("two_fools_alone", "Q10", "With two fools and no other live card, do the fools also lose as lowest?",
          ("compared", "L6", "yes: they gain and are compared as the lowest cards too: where all tied lowest lose, "
           "both end with nothing (Zeh Z9's second reading, «oder nichts»); where only the first loses, only the "
           "non-dealer loses his gain again, 'n llev e n matt' (Lu Stù L6)"),
          ("exempt", "Z9", "no: both simply gain (Zeh Z9 first reading)")),
    _spec("ties", "K15", "Of several tied lowest cards, which lose?",
          ("all", "K15", "all of them (Farina 2010; digital D7; Coucou F5)"),
          ("first", "L3", "only the first in play order, starting right of the dealer (Di Luigi & Mazza 2009)"),
          ("last", "R4", "only the one turned up last (Cassell 1881)")),
    _spec("inn", "K14", "How does the inn's bargain go?",
          ("campli", "K14",
           "the offerer keeps or asks 'pagherai se null?'; accepted: guarantee, no exchange; refused: exchange "
           "(Farina 2010; digital D6)"),
          ("lu-stu", "L7", "accepted bargain: exchange; refused: guarantee (Di Luigi & Mazza 2009)")),
    _spec("inn_guarantee_covers", "Q12", "Which card of the offerer does the innkeeper's guarantee cover?",
          ("nulla", "K14", "exactly the nulla, 0 ('wenn's 'ne Null ist', Farina 2010)"),
          ("zero-or-below", "Q12", "any card worth nothing or less: 0, secchia, mascherone, leone")),
    _spec("inn_keeper_cannot_pay", "Q12",
          "The innkeeper who guaranteed an offerer's nulla has no {counter} left to pay it with (he lost his last "
          "one as lowest himself, or went out during the deal): who pays the offerer's {counter}?",
          ("offerer", "K15", "the offerer himself: the innkeeper pays 'an seiner statt' only what he can, and the "
           "lowest card still loses its {counter} (K15); an innkeeper who can pays his own loss and the offerer's"),
          ("nobody", "K14", "nobody: the accepted bargain took the {counter} off the offerer ('an seiner statt', "
           "K14), and a player without {counters} pays nothing more")),
    _spec("cat_undo_through_inn", "Q14", "Does the cat's undo pass back through a refused inn's exchange?",
          ("undo", "K13", "yes: it was an exchange like any other, undone back to the dealt owner"),
          ("stop", "Q14", "no: the bargain stands and the undo stops there")),
    _spec("seating_fool", "Q15", "Where does the fool rank in the seating draw (K2)?",
          ("lowest", "C1", "lowest of all, the pack's order (a single fool is never above another card, C3)"),
          ("fourteen-and-a-half", "Q15", "between XV and XIIII, the rank of a fool paired in play")),
    _spec("without_fools", "L5", "Has the table agreed to play on without the fools?",
          ("no", "C1", "no: the whole pack is dealt, both fools included (Farina 2010; Lu Stù L4)"),
          ("yes", "L5", "yes: 'with many players ... one agrees to play on without the fools' (Di Luigi & Mazza "
           "2009): both fools are taken out of the pack, fixed for the match")),
    _spec("buy_back", "K17", "When may a player who went out buy back in?",
          ("after-deal", "K17", "after the deal, while a virgin remains (Farina 2010)"),
          ("immediate", "L11", "at once on going out (Di Luigi & Mazza 2009)"),
          ("none", "D8", "never: players out sit out (digital D8); the French games describe no buy-back (F5); "
           "for Zeh, who does not mention one (Z10), the project's reading")),
    _spec("buy_back_price", "K17", "What does the price double with?",
          ("by-elimination-order", "K17", "each player who went out, whether he bought back or not (Farina 2010)"),
          ("by-reentry-order", "L11", "each player who re-entered (Di Luigi & Mazza 2009)")),
    _spec("simultaneous_buy_back", "Q1", "Several go out in the same showdown: in what order do they pay?",
          ("first-right-of-dealer", "mcleod", "the first right of the dealer counts first, and so on (J. McLeod)"),
          ("same-price", "martin", "all pay the same price, the next in the doubling (U. Martin)")),
    _spec("all_out", "K18", "What happens when all remaining players go out in the same deal?",
          ("restart-no-virgins", "K18", "everybody gets {starting} again; nobody is a virgin (Farina 2010)"),
          ("all-return", "D8", "everybody returns with {starting} (digital D8)"),
          ("draw-replay", "Z11", "a draw: all play again without a new stake (Zeh's gap as the German account "
           "'Cucù und Lu Stù' fills it)"),
          ("joint-winners", "S6", "they are declared joint winners and split the pot (pagat, Cuckoo, first rule)"),
          ("keep-last-life", "S6", "they keep their last life and play on; those out before stay out (pagat, "
           "Cuckoo, second rule)")),
    # ({restart}: the ruleset's own rule for the restart, {marks}: its starting marks, each read
    # where the text is said, vocabulary.option_words: Coucou restarts with five marks under P5, not
    # with K18's three; issue 24 §2)
    _spec("restart_stake", "K18",
          "When everybody gets the starting marks again after all went out in one deal ({restart}), does everybody "
          "pay the stake into the pot again?",
          ("none", "K18", "no: everybody gets {marks} again and the pot stays as it is; K18 names no payment, and "
           "the German account, filling Zeh's gap in the sense of Cucù and Lu Stù, has the new game played without "
           "a new stake (Z11, whose draw this option does not touch)"),
          ("new-stake", "K1", "yes: every player, those out before too, pays the agreed stake again, the price of "
           "his {marks} at the start (K1), as the game 'geht sozusagen von vorn los' (K18); a reading, no source "
           "states it")),
    _spec("restart_counts", "P4",
          "After everybody got the starting marks again (K18, D8, Z11), do K17's count of players out and L11's "
          "count of re-entries start again (a restart that leaves virgins, with a buy-back: no source has both)?",
          ("reset", "P4", "yes: the counts start again with the game, which 'geht sozusagen von vorn los' (K18); "
           "the first to go out after it pays a single stake again (K17) (the project's reading: K18 leaves no "
           "virgin, so no price after it, and the games whose restart leaves virgins, D8 and Z11, have no "
           "buy-back)"),
          ("continue", "P4", "no: the counts run on over the restart, as K17's price 'verdoppelt sich mit jedem "
           "ausgeschiedenen Spieler' of the match, and L11's with each re-entrant (the project's reading; no "
           "source has a restart that leaves virgins with a buy-back)")),
    _spec("kept_life_eliminations", "P3",
          "All remaining players went out in one deal and keep their last life (S6, all_out = keep-last-life): does "
          "one of them who went out during that deal, before its showdown, still count among K17's eliminations?",
          ("counted", "P3", "yes: he went out when he lost his last mark (K16), and K17 counts every player who "
           "went out, 'whether he bought back or not'; the players who went out at the showdown itself are not "
           "counted, S6 keeping them in (the project's reading; S6 is silent)"),
          ("not-counted", "P3", "no: S6's last life takes his going out back, so the deal adds nothing to K17's "
           "count, which never falls below the re-entries (one who bought back at once, L11, stays counted; the "
           "project's reading; S6 is silent)")),
    _spec("backward_chain_end", "Q5", "Where does Lu Stù's way back (L8) end?",
          ("first-hand", "Q5", "with the first player right of the dealer: under dealing one at a time the dealer "
           "has no card yet"),
          ("dealer", "Q5", "past the first hand: the dealer is dealt a card and asked like anyone, then the way "
           "back ends")),
    _spec("backward_offer", "Q5", "On Lu Stù's way back, is each further offer forced?",
          ("forced", "L8", "yes: 'the exchange goes on leftwards' until an event card stops it (Di Luigi & Mazza)"),
          ("optional", "Q5", "no: only the shot offerer must offer back; each later holder may keep")),
    _spec("virgin_after_gain", "Q8", "Is a player who gained marks but never lost one still a virgin?",
          ("still-virgin", "K17", "yes: a virgin is a player who never lost a mark"),
          ("not-virgin", "Q8", "no: a virgin holds exactly his original marks")),
    _spec("refuse_by_paying", "Q9", "May a player holding a plain card refuse an exchange by paying a mark?",
          ("no", "Z4", "no: plain cards 'must necessarily be exchanged when requested' (Zeh, fourth paragraph)"),
          ("yes", "Q9", "yes: 'who will not exchange puts a mark into the cup' (Zeh, third paragraph)")),
    _spec("fool_hint", "Z7", "Does a fool holder who hints at his fool lose his gain?",
          ("no-effect", "K20", "no: talk is free (Farina 2010)"),
          ("forfeits-gain", "Z7", "yes: he gets no mark if both fools are in play (Zeh 1769)")),
    _spec("last_request_to", "F4", "Whom does the last player before the dealer ask to exchange?",
          ("dealer", "K7", "the dealer, like anyone (Farina 2010; Méry 1847 A3)"),
          ("talon", "F4", "the talon, not the dealer; a king there forbids the exchange (Coucou, F4)")),
    _spec("talon_card", "Q16", "Which talon card does the last player take (F4)?",
          ("top", "F4", "the card on the talon, its top card: «die Karte auf dem Talon» (F4); the dealer's two "
           "discards went «verdeckt unter den Talon» (F2)"),
          ("bottom-skipping-kings", "Q16",
           "the bottom card, or the next one if it is a king: a reading this project keeps as the alternative; "
           "no source gives it")),
    _spec("may_offer_after_receiving", "R2", "May a player who was given a card by exchange offer it on?",
          ("yes", "K7", "yes: he decides about the card received (Farina 2010)"),
          ("no", "R2", "no: 'no player may exchange more than once' (Cassell 1881)")),
    _spec("all_equal", "Q11", "If every live card is of the same rank, who loses?",
          ("all-lose", "K15", "all of them, as tied lowest (Farina 2010; Zeh Z9 'beide zahlen')"),
          ("nobody-loses", "F5", "nobody: the count of players falls 'except when all players have the same "
           "value' (Coucou)")),
    _spec("piquet_below_seven", "F1", "Is the 32-card piquet pack used below seven players?",
          ("no", "C1", "no: the ruleset's pack is used whatever the table"),
          ("yes", "F1", "yes: 32 cards (no 2-6) with fewer than seven players (Coucou)")),
    _spec("dead_cards", "K15", "Where does the card of a player put out during the deal go?",
          ("stay", "K15", "it stays face down in his hand, dead (Farina 2010)"),
          ("under-stack", "L10", "it goes under the stack (Di Luigi & Mazza 2009): the bottom card, a stack card "
           "like any other from then on")),
    _spec("buy_back_card", "Q7",
          "A player who goes out during the deal and buys back at once (L11): does he get a card this deal?",
          ("next-deal", "L10", "no: his card went under the stack and 'is not compared' (L10); he plays again from "
           "the next deal (Di Luigi & Mazza 2009 as the German account gives it)"),
          ("fresh-card", "Q7", "yes: he is dealt a fresh card at once, from where the deal comes (L2: the top), and "
           "plays on as any player: if his turn is still to come he decides as usual, if it has passed he holds the "
           "card to the showdown (a reading of L11's 'sofort'; no source states it)")),
)}


# The rule each mechanism of play cites, Campli's (Farina 2010) unless a ruleset's own source
# states the mechanism: then its ``citations`` name that rule instead.
DEFAULT_CITATIONS: dict[str, str] = {
    "shuffle": "K4", "deal": "K4", "keep": "K5", "offer": "K5", "exchange": "K7",
    "dealer-exchange": "K8", CUCKOO: "K10", HUNTER: "K11", HORSE: "K12", CAT: "K13", INN: "K14",
    # an offer that meets the dealer's horse takes a card from the stack (K12; the digital game's
    # D4); the adjudicator tells that exchange from the dealer's own by this rule
    "horse-at-dealer": "K12",
    "showdown": "K15", "fool": "C3", "two-fools": "C3", "out": "K16", "buy-back": "K17",
    "next-dealer": "K2", "winner": "K3", "players": "K1",
    # the dealer's draw meets a king and he keeps his own (dealer_draws_king = keeps-own)
    "stack-king": "S4",
    # a live XV spared at the showdown (cuckoo_at_showdown = never-loses), and the same with two
    # live cards and a single fool (Zeh's Z8); the second is the first where a ruleset names none
    "cuckoo-spared": "Q3", "cuckoo-spared-two": "Q3",
    # a card the table names where the cards' path puts another: the rule that keeps cards
    # hidden until they are shown (K9); a game whose source says only 'all show' cites that
    "held": "K9",
    # what the pack holds (C1): the rule a refusal cites for a card the pack has no more copies
    # of, or none at all; each game's own (F1, R1, S1), never another game's (issue 24 §4)
    "pack": "C1",
    # two players left with cards of one rank (Lu Stù's L6); a ruleset that names no rule of its
    # own for it cites its own showdown rule there (Rules.citation_of), K15 for Campli's
    "two-left": "K15",
    # The rules a refusal cites (issue 24 §4: each game's own, never another game's silently):
    # the deal is over once every decision is taken, and every live card is shown (K15; F5's
    # «Nach Abschluss des Kartentauschs decken die Spieler ihre Karten auf»)
    "deal-over": "K15",
    # the dealer decides last, and once: keep, or his own exchange, never an offer (K8)
    "dealer-last": "K8",
    # an event card acts, and speaks its call, only when its holder is asked to exchange (C2)
    "event-card": "C2",
    # a ruleset without buy-back refusing one: the source of the reading buy_back = none (Z10:
    # Zeh mentions none), where the game's own source has no rule that says so
    "no-buy-back": "Z10",
}

# Mechanisms only some sources state, with no rule to cite elsewhere: a ruleset names them in its
# ``citations``, and where none does the payments cite as at any other table.
#   two-left-fool: a table of two with a single fool in play (Zeh's Z8: both lose, unless the
#   other card is the Cucu; Campli states no rule of its own for it)
#   all-out: everybody still in went out in one deal and all return, or replay (K18, D8, Z11): where
#   a ruleset names none, the rule of the reading it takes of all_out; a game whose source
#   describes no such case cites the project's reading (P5), never another game's rule (issue 24 §2)
OWN_CITATIONS = frozenset({"two-left-fool", "all-out"})


# Bounds of the whole-number settings (issue 12).  With them (and the position schema's bounds:
# marks <= 1000, pot <= 10**9, eliminations and re-entries <= 1000) every count or amount a ruling
# prints stays far below Python's int-to-string limit of 4,300 digits: the largest is a buy-back
# price, stake * 2**(eliminations + players) (K17), about 330 digits.  The sources name no stake
# or number of marks beyond a few (K1: three marks; F1/Q17: five, 'zum Beispiel').
MAX_MARKS = 1000
MAX_STAKE = 1_000_000


@dataclass(frozen=True)
class Rules:
    """One ruleset: settings plus a reading for every named option (see :data:`OPTIONS`)."""

    name: str
    pack: str = "cuccu-40"
    min_players: int = 2
    max_players: int = 20
    initial_marks: int = 3
    stake: int = 1
    # card value -> event role (C2); a tuple of pairs so the value stays hashable
    roles: tuple[tuple[int, str], ...] = ((15, CUCKOO), (14, HUNTER), (13, HORSE), (12, CAT), (11, INN))
    dealing: str = "interleaved"
    deal_from: str = "bottom"
    dealer_exchange: str = "stack-bottom"
    dealer_draws_king: str = "exchanges"
    horse_at_dealer: str = "stack-top"
    cat: str = "undo"
    targeted_holder_acts: str = "never"
    targeted_dealer_decides: str = "no"
    cuckoo_at_showdown: str = "never-loses"
    cuckoo_pair_exception: str = "yes"
    fools_in_play: str = "live"
    two_fools: str = "between-xv-and-xiiii"
    two_fools_alone: str = "compared"
    ties: str = "all"
    inn: str = "campli"
    inn_guarantee_covers: str = "nulla"
    inn_keeper_cannot_pay: str = "offerer"
    cat_undo_through_inn: str = "undo"
    seating_fool: str = "lowest"
    buy_back: str = "after-deal"
    buy_back_price: str = "by-elimination-order"
    simultaneous_buy_back: str = "first-right-of-dealer"
    all_out: str = "restart-no-virgins"
    kept_life_eliminations: str = "counted"
    restart_stake: str = "none"
    restart_counts: str = "reset"
    dead_cards: str = "stay"
    buy_back_card: str = "next-deal"
    backward_chain_end: str = "first-hand"
    backward_offer: str = "forced"
    virgin_after_gain: str = "still-virgin"
    refuse_by_paying: str = "no"
    fool_hint: str = "no-effect"
    dealer_takes: int = 1  # F2: the Coucou dealer takes three and keeps the highest
    last_request_to: str = "dealer"
    talon_card: str = "top"
    may_offer_after_receiving: str = "yes"
    all_equal: str = "all-lose"
    piquet_below_seven: str = "no"
    without_fools: str = "no"
    # (mechanism, rule ID) where this ruleset's own source states a mechanism; see DEFAULT_CITATIONS
    citations: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        problems = self.problems()
        if problems:
            field, message = problems[0]
            raise RulesetError(message, field)

    def problems(self) -> list[tuple[str, str]]:
        """Every inconsistency of this ruleset, as (field, message) pairs."""
        found: list[tuple[str, str]] = []
        for name, spec in OPTIONS.items():
            value = getattr(self, name)
            if value not in spec.values():
                found.append((name, f"option {name!r} has no reading {value!r}; readings: {', '.join(spec.values())}"))
        if self.pack not in PACKS:
            found.append(("pack", f"unknown pack {self.pack!r}; known: {', '.join(PACKS)}"))
        if not 2 <= self.min_players <= self.max_players:
            found.append(("min_players", "need 2 <= min_players <= max_players"))
        elif self.pack in PACKS and self.max_players + 2 > PACKS[self.pack].size:
            found.append(("max_players", f"{self.pack} cannot serve {self.max_players} players and a stack"))
        if self.initial_marks < 1:
            found.append(("initial_marks", "each player needs at least one mark"))
        elif self.initial_marks > MAX_MARKS:
            found.append(("initial_marks", f"at most {MAX_MARKS} starting marks"))
        if self.dealer_takes not in (1, 3):
            found.append(("dealer_takes", "the dealer takes one card or three (F2)"))
        if self.stake < 0:
            found.append(("stake", "the stake cannot be negative"))
        elif self.stake > MAX_STAKE:
            found.append(("stake", f"a stake of at most {MAX_STAKE}"))
        for _value, role in self.roles:
            if role not in ROLES:
                found.append(("roles", f"unknown role {role!r}"))
        for key, _ in self.citations:
            if key not in DEFAULT_CITATIONS and key not in OWN_CITATIONS:
                found.append(("citations", f"unknown mechanism {key!r}"))
        if self.citation_of["horse-at-dealer"] == self.citation_of["dealer-exchange"]:
            # (the adjudicator tells the two exchanges with the stack apart by their rules)
            found.append(("citations", "the horse at the dealer and the dealer's exchange cite one rule"))
        return found

    def cites(self, mechanism: str) -> str:
        """The rule ID this ruleset cites for ``mechanism`` (a key of ``DEFAULT_CITATIONS``)."""
        return self.citation_of[mechanism]

    @functools.cached_property
    def citation_of(self) -> dict[str, str]:
        """Mechanism -> the rule ID this ruleset cites for it: ``citations`` over
        ``DEFAULT_CITATIONS`` (the first entry for a mechanism counts).  Cached: the engine
        cites a rule for nearly every event.  'two-left' (L6) is, where the ruleset names no
        rule for it, the ruleset's own showdown rule (Zeh's Z6, not the table's K15)."""
        table = dict(DEFAULT_CITATIONS)
        for key, rule_id in reversed(self.citations):
            table[key] = rule_id
        if all(key != "two-left" for key, _ in self.citations):
            table["two-left"] = table["showdown"]
        if all(key != "cuckoo-spared-two" for key, _ in self.citations):
            table["cuckoo-spared-two"] = table["cuckoo-spared"]
        return table

    @functools.cached_property
    def all_out_rule(self) -> str:
        """The rule a restart or a replay after everybody went out in one deal cites: the
        ruleset's own ('all-out' in ``citations``), else the source of its reading of all_out
        (K18, D8, Z11)."""
        own = self.citation_of.get("all-out")
        if own is not None:
            return own
        return next(r.source for r in OPTIONS["all_out"].readings if r.value == self.all_out)

    # (cached, as the citations they are read from: the engine cites them at every showdown)
    @functools.cached_property
    def showdown_rule(self) -> str:
        return self.cites("showdown")

    @functools.cached_property
    def fool_rule(self) -> str:
        return self.cites("fool")

    @functools.cached_property
    def cuccu(self) -> bool:
        """The pack is of the Cuccù family (C1): its fools, XV and nulla are the cards the
        showdown's rules name (a French pack has none of them).  Cached: asked at every showdown."""
        return PACKS[self.pack].family == "cuccu"

    @functools.cached_property
    def role_of(self) -> dict[int, str]:
        # cached: the engine asks this on every request
        return dict(self.roles)

    @functools.cached_property
    def role_of_card(self) -> dict[Card, str]:
        """Card -> its event role (C2), for the cards of this ruleset's pack; a card of another
        pack family has none.  Cached: the engine asks it on every request."""
        family = PACKS[self.pack].family
        return {Card(family, value): role for value, role in self.roles}

    def options(self) -> dict[str, Any]:
        """All fields as a plain dict (for JSON output and the position format)."""
        return dataclasses.asdict(self)

    def with_options(self, overrides: Mapping[str, Any]) -> "Rules":
        """A copy with some fields replaced; unknown fields raise :class:`RulesetError`."""
        known = {f.name for f in dataclasses.fields(self)}
        for key in overrides:
            if key not in known:
                raise RulesetError(f"unknown rule option {key!r}", key)
        values = dict(overrides)
        if "roles" in values:
            values["roles"] = tuple((int(v), str(r)) for v, r in values["roles"])
        if "citations" in values:
            values["citations"] = tuple((str(k), str(i)) for k, i in values["citations"])
        return dataclasses.replace(self, **values)


# Coucou after the Académie (1725): the base of the ordinary-pack games, which the later
# sources describe by their differences from it.
_COUCOU = Rules(
    name="coucou",
    pack="french-52",
    min_players=5,
    initial_marks=5,
    roles=((13, CUCKOO),),
    dealing="all-first",
    deal_from="top",
    dealer_takes=3,
    dealer_exchange="none",
    last_request_to="talon",
    cuckoo_at_showdown="compared",
    cuckoo_pair_exception="no",
    all_equal="nobody-loses",
    piquet_below_seven="yes",
    buy_back="none",
    all_out="all-return",
    # F5: «Hat ein Spieler keine Marken mehr, muss er aus dem Spiel ausscheiden», with no way
    # back described; F4: «Der Geber muss die zu Beginn gewählte Karte behalten»; F3: only the
    # king holder asked to exchange says «Kuckuck!»
    citations=(("players", "F1"), ("shuffle", "F2"), ("next-dealer", "F2"), ("deal", "F2"), ("keep", "F3"),
               ("offer", "F3"), ("exchange", "F3"), (CUCKOO, "F3"), ("showdown", "F5"), ("dealer-exchange", "F4"),
               ("winner", "F6"), ("held", "F5"), ("pack", "F1"), ("out", "F5"), ("no-buy-back", "F5"),
               ("deal-over", "F5"), ("dealer-last", "F4"), ("event-card", "F3"), ("all-out", "P5")),
)

PRESETS: dict[str, Rules] = {
    "campli": Rules(name="campli"),
    "lu-stu": Rules(
        name="lu-stu",
        deal_from="top",
        # Q6: dealing is from the top; the dealer's own exchange and the horse at the dealer are not
        # restated for Lu Stù, so Campli's wording (bottom for the dealer, top for the horse) stands
        cat="backward",
        cuckoo_at_showdown="compared",
        cuckoo_pair_exception="no",
        two_fools="above-xv-and-gain",
        two_fools_alone="compared",
        ties="first",
        inn="lu-stu",
        buy_back="immediate",
        buy_back_price="by-reentry-order",
        dead_cards="under-stack",
        citations=(("deal", "L2"), ("two-left", "L6"), ("fool", "L4"), ("two-fools", "L4"),
                   (HORSE, "L9"), (CAT, "L8"), (INN, "L7"), ("buy-back", "L11")),
    ),
    "zeh-1769": Rules(
        name="zeh-1769",
        pack="cuccu-38",
        dealing="all-first",
        cat="pay-holder",
        two_fools="above-xv-and-gain",
        two_fools_alone="exempt",
        buy_back="none",
        all_out="draw-replay",
        fool_hint="forfeits-gain",
        citations=(("shuffle", "Z3"), ("deal", "Z3"), ("showdown", "Z6"), ("fool", "Z6"), ("two-fools", "Z6"),
                   (CAT, "Z5"), ("cuckoo-spared", "Z9"), ("cuckoo-spared-two", "Z8"), ("two-left-fool", "Z8"),
                   ("out", "Z10")),
    ),
    "coucou": _COUCOU,
    # Méry (1847): Coucou except A1-A4
    "as-qui-court": dataclasses.replace(
        _COUCOU,
        name="as-qui-court",
        dealer_takes=1,
        last_request_to="dealer",
        dealer_exchange="talon-top-if-received-ace",
        dealer_draws_king="keeps-own",
        # Méry changes only A1-A4: Coucou's going out (F5) stands; the dealer's last say is A4's
        citations=(("players", "F1"), ("shuffle", "F2"), ("next-dealer", "F2"), ("deal", "A2"), ("keep", "F3"),
                   ("offer", "F3"), ("exchange", "F3"), (CUCKOO, "A1"), ("showdown", "F5"), ("dealer-exchange", "A4"),
                   ("stack-king", "F4"), ("winner", "F6"), ("held", "F5"), ("pack", "F1"), ("out", "F5"),
                   ("no-buy-back", "F5"), ("deal-over", "F5"), ("dealer-last", "A4"), ("event-card", "A1"),
                   ("all-out", "P5")),
    ),
    # Furetière (1690): one card each, the neighbour, the lowest loses (H1); Lebrun (1828): the king
    # holder says 'Her!' (H2)
    "here": dataclasses.replace(
        _COUCOU,
        name="here",
        min_players=2,
        dealer_takes=1,
        last_request_to="dealer",
        piquet_below_seven="no",
        # Furetière says nothing of marks, going out, the next dealer or the winner; Lebrun gives
        # Coucou «nach den traditionellen Regeln» under the name Her (H2), so Coucou's rules for
        # them are cited (F2, F5, F6), as the pack's (F1).  Nobody gives Hère a count of players:
        # P2, the project's reading
        citations=(("shuffle", "H1"), ("deal", "H1"), ("keep", "H1"), ("offer", "H1"), (CUCKOO, "H2"),
                   ("showdown", "H1"), ("exchange", "H1"), ("dealer-exchange", "H1"), ("held", "H1"),
                   ("pack", "F1"), ("out", "F5"), ("no-buy-back", "F5"), ("next-dealer", "F2"), ("winner", "F6"),
                   ("players", "P2"), ("deal-over", "H1"), ("dealer-last", "H1"), ("event-card", "H2"),
                   ("all-out", "P5")),
    ),
    # Cassell (1881): no privileged card, at most one exchange, the last turned up loses
    "ranter-go-round": dataclasses.replace(
        _COUCOU,
        name="ranter-go-round",
        min_players=2,
        initial_marks=3,
        # R1, R4: three counters, 'lives', each, and lost lives go to the pool: Cassell names no
        # stake paid in, and the last player left 'is declared the winner' (PRESET_REASONS)
        stake=0,
        roles=(),
        dealer_takes=1,
        last_request_to="dealer",
        dealer_exchange="stack-top",
        may_offer_after_receiving="no",
        ties="last",
        all_equal="all-lose",
        piquet_below_seven="no",
        # R4: the lowest loses a life, lost lives go to the pool, the last player left wins (the
        # winner's step cites R4 and names no pot: stake 0 above);
        # Cassell names neither the next dealer nor a count of players: P1, P2, the project's
        citations=(("shuffle", "R2"), ("deal", "R2"), ("keep", "R2"), ("offer", "R2"), ("showdown", "R4"),
                   ("dealer-exchange", "R2"), ("exchange", "R3"), ("held", "R4"), ("pack", "R1"), ("out", "R4"),
                   ("no-buy-back", "R4"), ("winner", "R4"), ("next-dealer", "P1"), ("players", "P2"),
                   ("deal-over", "R4"), ("dealer-last", "R2"), ("event-card", "R3"), ("all-out", "P5")),
    ),
    # The modern descendant (pagat.com, Cuckoo: Chase the Ace, Screw Your Neighbor): kings block,
    # each player has one turn, the dealer's draw from the stock returns a king, all tied lowest lose
    "screw-your-neighbour": dataclasses.replace(
        _COUCOU,
        name="screw-your-neighbour",
        min_players=2,
        initial_marks=3,
        dealer_takes=1,
        last_request_to="dealer",
        dealer_exchange="stack-top",
        dealer_draws_king="keeps-own",
        targeted_holder_acts="always",
        targeted_dealer_decides="yes",
        cuckoo_at_showdown="compared",
        all_equal="all-lose",
        all_out="joint-winners",
        piquet_below_seven="no",
        # S2: each player has one turn, ending with the dealer; pagat names neither the next
        # dealer nor a count of players: P1, P2, the project's readings
        citations=(("shuffle", "S2"), ("deal", "S2"), ("keep", "S2"), ("offer", "S2"), ("exchange", "S3"),
                   (CUCKOO, "S3"), ("dealer-exchange", "S4"), ("showdown", "S5"), ("out", "S5"), ("winner", "S5"),
                   ("held", "S5"), ("pack", "S1"), ("no-buy-back", "S5"), ("next-dealer", "P1"), ("players", "P2"),
                   ("deal-over", "S5"), ("dealer-last", "S2"), ("event-card", "S3")),
    ),
    "digital-4p": Rules(
        name="digital-4p",
        min_players=4,
        max_players=4,
        stake=0,
        targeted_holder_acts="after-refused-inn",
        buy_back="none",
        all_out="all-return",
        citations=(("players", "D1"), ("shuffle", "D2"), ("deal", "D2"), ("keep", "D3"), ("offer", "D3"),
                   ("exchange", "D3"),
                   ("dealer-exchange", "D3"), (CUCKOO, "D4"), (HUNTER, "D4"), (HORSE, "D4"),
                   ("horse-at-dealer", "D4"), (CAT, "D5"),
                   (INN, "D6"), ("showdown", "D7"), ("fool", "D7"), ("two-fools", "D7"), ("cuckoo-spared", "D7"),
                   ("next-dealer", "D2"),
                   ("winner", "D1"), ("no-buy-back", "D8"), ("out", "D8"),
                   # its refusals cite its own rules (issue 24 §2): the dealer acts last, keep or
                   # the bottom of the stack (D3); once decided, all with lives show (D7); the full
                   # 40-card pack, two of each (D2); «Specials aktiveres kun, når de bliver
                   # målrettet af en børs» closes the seed's inn paragraph (D6)
                   ("dealer-last", "D3"), ("deal-over", "D7"), ("held", "D7"), ("pack", "D2"),
                   ("event-card", "D6")),
    ),
}

# The open points' texts a ruling of a game of lives (the digital game's D1 «tre liv», Cassell's
# lives R1, pagat's S1: vocabulary.counter_words) says by the counter it plays with (issue 24 §2):
# each text is written once, with the counter's word in it (vocabulary.option_words: {counter} 'mark'
# or 'life', {counters} 'marks' or 'lives', {starting} 'the starting marks' or '3 lives'); a text
# with the counter's word, whose neighbours agree with its gender in a language ('la sua vita',
# 'il suo segno'), is translated in the context 'lives' too
COUNTED = ("{counter}", "{counters}")

# A reading as a preset's own source words and cites it, where the reading is shared with games
# whose rules say it otherwise (issue 24 §2: Q18's readings cite pagat's S4 and Farina's K8; As Qui
# Court's are Méry's A1 and A4, seed 003 §As Qui Court): (preset, option, value) -> (rule, text)
OWN_READINGS: dict[tuple[str, str, str], tuple[str, str]] = {
    ("as-qui-court", "dealer_draws_king", "exchanges"): (
        "A4", "the dealer takes the king like any card: Méry's dealer «kann diese Karte nur mit dem Talon tauschen» "
              "(A4), and A4 names no exception for a king"),
    ("as-qui-court", "dealer_draws_king", "keeps-own"): (
        "A1", "the king stays on the talon and the dealer keeps the card held: Coucou's «Sollte diese Karte ein König "
              "sein, ist kein Kartentausch erlaubt» (F4) stands, Méry's «einzige Unterschied» to Coucou being the "
              "king shown (A1), and A2-A4 not lifting it"),
}


def own_reading(preset_name: str, option: str, reading: Reading) -> Reading:
    """``reading`` of ``option`` as ``preset_name``'s source words and cites it (``OWN_READINGS``),
    else as it is."""
    own = OWN_READINGS.get((preset_name, option, reading.value))
    return reading if own is None else reading._replace(source=own[0], text=own[1])


# L5's packs: the pack of each Cuccù pack once the table has agreed to play without the fools
_WITHOUT_FOOLS = {"cuccu-40": "cuccu-40-no-fools", "cuccu-38": "cuccu-38-no-fools"}


def table_pack(rules: Rules, players: int) -> str:
    """The pack a table of ``players`` plays under ``rules``, fixed at the match's start.  The
    one place the pack follows the table: F1's 32-card piquet pack with fewer than seven players
    (``piquet_below_seven``), L5's pack without the fools (``without_fools``)."""
    if rules.piquet_below_seven == "yes" and players < 7 and rules.pack == "french-52":
        return "french-32"  # F1: 'wenn weniger als sieben Spieler spielen'
    if rules.without_fools == "yes" and rules.pack in _WITHOUT_FOOLS:
        return _WITHOUT_FOOLS[rules.pack]  # L5: 'Man vereinbart dann, ohne Narren weiterzuspielen'
    return rules.pack


def table_rules(rules: Rules, players: int) -> Rules:
    """``rules`` with the pack of :func:`table_pack` (the same value when it is the same pack)."""
    pack = table_pack(rules, players)
    return rules if pack == rules.pack else rules.with_options({"pack": pack})


class PresetInfo(NamedTuple):
    """What a reader needs to know about a preset besides its rules: the game's name, the
    sources it is built from (keys of :data:`cucu_ref.formats.sources.SOURCES`, its own first), the
    preset whose rules it restates by their differences, if any, and the direction of play
    seen from above.  The engine never reads it: seats are in play order whatever the
    direction (``"right"`` is counter-clockwise, K4; Ranter-Go-Round plays to the left, R2)."""

    title: str
    sources: tuple[str, ...]
    base: str | None = None
    direction: str = "right"


PRESET_INFO: dict[str, PresetInfo] = {
    "campli": PresetInfo("Campli Cucù", ("farina-2010",)),
    "lu-stu": PresetInfo("Lu Stù of Montorio al Vomano", ("di-luigi-mazza-2009", "farina-2010"), base="campli"),
    "zeh-1769": PresetInfo("Zeh's Cucuspiel", ("zeh-1769", "farina-2010"), base="campli"),
    "coucou": PresetInfo("Coucou", ("academie-1725", "lacombe-1792")),
    "as-qui-court": PresetInfo("As Qui Court", ("mery-1847", "academie-1725"), base="coucou"),
    "here": PresetInfo("Hère", ("furetiere-1690", "lebrun-1828", "academie-1725"), base="coucou"),
    "ranter-go-round": PresetInfo("Ranter-Go-Round", ("cassell-1881",), base="coucou", direction="left"),
    "digital-4p": PresetInfo("The digital four-player Cuccù", ("digital-cuccu", "farina-2010"), base="campli"),
    # S2: 'beginning with the player to dealer's left': play goes left, as in Ranter-Go-Round
    "screw-your-neighbour": PresetInfo("Screw Your Neighbour", ("pagat-cuckoo",), base="coucou", direction="left"),
}


def options_in_play(rules: Rules) -> tuple[str, ...]:
    """The named options the engine can consult under ``rules``, in :data:`OPTIONS` order.

    The others cannot change any deal or showdown of this ruleset: the cat's options where
    no card is a cat, the fools' where the pack has none, the buy-back price where nobody
    buys back, and so on.  ``tests/rules/test_options_in_play.py`` plays seeded matches under
    every other reading of each option left out and checks that not one event changes."""
    roles = {role for _, role in rules.roles}
    cuccu = rules.cuccu  # (C1: the Cuccù family)
    fools = cuccu and rules.without_fools == "no" and not rules.pack.endswith("-no-fools")  # L5
    buys_back = rules.buy_back != "none"
    # a player goes out during the deal only shot, scratched, or paying to refuse (Q9)
    out_mid_deal = HUNTER in roles or CAT in roles or rules.refuse_by_paying == "yes"
    needs = {
        "horse_at_dealer": HORSE in roles,
        # the dealer's draw can meet a king only where he draws (S4)
        "dealer_draws_king": CUCKOO in roles and rules.dealer_exchange != "none",
        "cat": CAT in roles,
        "targeted_holder_acts": bool(roles),
        # only a request that reaches the dealer can meet his event card (not the talon's, F4)
        "targeted_dealer_decides": bool(roles) and rules.last_request_to == "dealer",
        # the showdown spares or compares the XV of the Cuccù pack (scoring.CUCKOO_VALUE)
        "cuckoo_at_showdown": cuccu,
        "cuckoo_pair_exception": cuccu,
        "fools_in_play": fools,
        "two_fools": fools,
        "two_fools_alone": fools,
        "inn": INN in roles,
        "inn_guarantee_covers": INN in roles,
        "inn_keeper_cannot_pay": INN in roles,
        "cat_undo_through_inn": CAT in roles and INN in roles and rules.cat == "undo",
        "seating_fool": cuccu,
        "buy_back_price": buys_back,
        "simultaneous_buy_back": buys_back,
        "virgin_after_gain": buys_back,
        # P3: only a deal in which all went out and kept a last life (S6), and only a player out
        # before its showdown, is counted or not
        "kept_life_eliminations": rules.all_out == "keep-last-life" and out_mid_deal,
        # K18, D8: only a restart with the starting marks, only where there is a stake (Z11's draw
        # states 'ohne dass ein neuer Einsatz gezahlt werden muss')
        "restart_stake": rules.all_out in ("restart-no-virgins", "all-return") and rules.stake > 0,
        # P4: only a restart that leaves virgins (D8, Z11; K18 leaves none, so no price after it) and
        # only where someone buys back is a price counted from the counts kept or from none
        "restart_counts": rules.all_out in ("all-return", "draw-replay") and buys_back,
        # a card goes dead only when its holder goes out during the deal
        "dead_cards": out_mid_deal,
        # Q7: only a buy-back at once (L11) comes during a deal, and only a card put under the stack
        # (L10) leaves a player who bought back without one
        "buy_back_card": rules.buy_back == "immediate" and rules.dead_cards == "under-stack" and out_mid_deal,
        "backward_chain_end": rules.cat == "backward" and CAT in roles,
        "backward_offer": rules.cat == "backward" and CAT in roles,
        "fool_hint": fools,
        "talon_card": rules.last_request_to == "talon",
        "piquet_below_seven": rules.pack == "french-52",
        "without_fools": cuccu,
    }
    return tuple(name for name in OPTIONS if needs.get(name, True))


# Why each preset takes the reading it takes: every open point (OPEN_POINTS) and every setting
# or reading the preset fixes where its source does not state it outright.  Each quotes the
# seed that reports the source (seed 000 for Farina, Di Luigi & Mazza and Zeh; 003 for the
# French and English games; 004 for the digital game), so a reader can check the choice.
# Why the games of the ordinary pack take restart_stake = none: the same for each, the sources
# of Coucou, As Qui Court, Hère and Ranter-Go-Round saying nothing of a restart (see their all_out)
_NO_NEW_STAKE = (
    "The source describes no restart after everybody went out in one deal, and so names no stake paid again: in "
    "the project's reading (P5) all return with the starting marks, nobody pays, and the pot stays as it is.")

# the same for Ranter-Go-Round, whose players hold counters, 'lives' (R1), not marks
_NO_NEW_STAKE_LIVES = (
    "Cassell describes no restart after everybody went out in one deal, and so names no stake paid again: in the "
    "project's reading (P5) all return with their three counters, 'lives' (R1), nobody pays, and the pool stays as "
    "it is.")

PRESET_REASONS: dict[str, dict[str, str]] = {
    "campli": {
        "refuse_by_paying": (
            "A player asked must exchange unless he holds an event card: «dann muss der angefragte Spieler sie "
            "mit dem Anbieter tauschen» (K7)."),
        "two_fools_alone": (
            "Both fools rank 14½ and «verlieren also nur, wenn ausser Narren und XVern keine weiteren Karten im "
            "Spiel sind» (K15): with nothing else live they are the lowest cards, and lose."),
        "targeted_holder_acts": (
            "Each event card ends its holder's part: play goes on with the player to its right, «Die Tauschrunde "
            "wird mit dem Spieler rechts vom Kuckuck fortgesetzt» (K10), and in the same words after the Bragon "
            "(K11), the cat («rechts von der Katze», K13) and the inn («rechts vom Wirtshaus», K14)."),
        "targeted_dealer_decides": (
            "Play goes on right of the event card (K10-K14), and right of the dealer nobody is left to play; for "
            "the horse at the dealer Farina has the offerer exchange with the stack instead «Falls der Angefragte "
            "der Geber ist» (K12) and names no later decision of the dealer's."),
        "cuckoo_at_showdown": (
            "Disputed, and the default is the project's reading.  Farina's fool rule makes no exception for the "
            "XV: a lone fool «hat … den gleichen Rang wie die ansonsten rangniedrigste Karte, d.h. der oder die "
            "beiden Halter dieser Karte und des Narren verlieren eine Marke» (C3), and the account lists Zeh's "
            "exception for the Cucu (Z8) among Zeh's «Abweichungen» from Cucù.  Farina's only case where "
            "cuckoos lose nothing is two of them at a table of two, «Wenn beide einen Kuckuck halten, verliert "
            "keiner eine Marke» (K19).  The principle that a cuckoo never loses is not Farina's: it is the one "
            "the German account applies to Zeh's gaps, «dass die Cucus nie verlieren» (Z9), and the digital "
            "game's, «En gøg mister aldrig et liv, selvom det er det eneste levende kort» (D7).  The default "
            "'never-loses' follows those two; 'compared' is Farina's text as written, and every ruling that "
            "depends on the point also gives its outcome."),
        "fools_in_play": (
            "Dead cards «spielen beim Vergleich, wer letzter ist, keine Rolle» (K15): a fool in a dead hand is "
            "not in play, so it does not make «beide Narren» of a live one."),
        "inn_guarantee_covers": (
            "The second offer names the nulla, «Zahlst du, wenn’s ’ne Null ist?», and the innkeeper pays «wenn "
            "dann der Anbieter tatsächlich eine Null hält» (K14): the 0, not the secchia or the cards below it."),
        "inn_keeper_cannot_pay": (
            "Not in the source: the innkeeper pays «an seiner statt» (K14), and nothing is said of one with no mark "
            "left, which happens when he may still change his card (Q2 'targeted_dealer_decides = yes') or went "
            "out during the deal.  'offerer': the guarantee moves who pays, it does not cancel the loss, «Wer die "
            "niedrigste Karte hat, verliert eine Marke» (K15), so every loser's mark is paid; 'nobody' is the "
            "other reading.  An innkeeper who has the marks pays his own and the offerer's."),
        "cat_undo_through_inn": (
            "K13 undoes every exchange that brought the card, «Hat auch dieser seine Karte im Tausch erhalten, "
            "dann wird der ebenfalls rückabgewickelt», and the refused inn's is an exchange.  Under "
            "targeted_holder_acts = never the case cannot arise (a former innkeeper never offers again); the "
            "reading matters only under the other reading of Q2."),
        "seating_fool": (
            "The draw uses «20 Karten aus den 40, so dass jede Karte nur einmal vorkommt» (K2), so one fool, and "
            "«Ein einzelner Narr entspricht dem Rang der niedrigsten Karte» (C3); the 14½ of «beide Narren» "
            "needs two."),
        "simultaneous_buy_back": (
            "The German account proposes McLeod's order, «Vorschlagsweise gilt der erste rechts vom Geber dann als "
            "erster», and gives Martin's equal price as «Eine Alternative» (Q1)."),
        "stake": "«Jeder Spieler zahlt einen vereinbarten Einsatz» (K1): agreed; one unit, so prices read as stakes.",
        "restart_stake": (
            "K18 is silent: «erhalten alle Spieler, auch die früher ausgeschiedenen, erneut drei Marken und das "
            "Spiel geht sozusagen von vorn los», and no stake is named; the German account reads Cucù and Lu Stù "
            "as playing on «ohne dass ein neuer Einsatz gezahlt werden muss» (Z11), so the pot stays.  Open: "
            "everybody paying again, as at the start (K1), is a reading."),
    },
    "lu-stu": {
        "refuse_by_paying": (
            "As Campli: «muss der angefragte Spieler sie mit dem Anbieter tauschen» (K7); on the way back too, «Hat "
            "der Angefragte keine Ereigniskarte muss er tauschen» (L8)."),
        "deal_from": "«Die Karten vom Stapel werden von oben gegeben» (L2).",
        "dealer_exchange": (
            "Q6: Lu Stù restates only the dealing, «von oben» (L2); the dealer's own exchange is not restated, so "
            "Campli's «mit der untersten Karte des Stapels» (K8) stands.  Open: the other end is a reading."),
        "horse_at_dealer": (
            "Q6: as for the dealer's exchange, Campli's «mit der obersten Karte vom Stapel» (K12) stands; L9 "
            "changes only the horse's word, «zumb»."),
        "cuckoo_at_showdown": (
            "«Es kann in diesem Spiel passieren, dass ein Kuckuck verliert, wenn nur Kuckucke und Narren im Spiel "
            "sind» (L4)."),
        "cuckoo_pair_exception": (
            "Two left with equal cards: the non-dealer loses, «auch wenn es sich um Kuckucke handeln sollte» "
            "(L6)."),
        "two_fools_alone": (
            "Two fools alone: both gain and the non-dealer «verliert diese aber gleich wieder, weil er der erste "
            "Spieler mit der niedrigsten Karte ist» (L6): the fools are compared."),
        "targeted_holder_acts": (
            "Lu Stù is given as «Eine Variante» by its differences, and none of them touches Campli's «Die "
            "Tauschrunde wird mit dem Spieler rechts vom … fortgesetzt» (K10-K14); L7's accepted bargain is an "
            "exchange, after which play goes on right of the inn."),
        "targeted_dealer_decides": "As Campli: Lu Stù restates none of K10-K14's «rechts vom …».",
        "fools_in_play": (
            "The cards of players who go out «werden nach unten unter den Kartenstapel getan und beim Vergleich "
            "nicht weiter berücksichtigt» (L10): a dead fool is under the stack, not in play."),
        "inn_guarantee_covers": (
            "The innkeeper pays «wenn dieser die Null halten und das Spiel verlieren sollte» (L7): the nulla."),
        "inn_keeper_cannot_pay": (
            "As Campli: the innkeeper pays «anstelle des Anbieters» (L7), as silent as K14 on one with no mark left."),
        "backward_chain_end": (
            "Q5: the way back goes «nach links» (L8), to players already dealt; the dealer, left of the first "
            "hand, is dealt last (K4) and holds no card yet, so the way back ends with the first hand."),
        "backward_offer": (
            "«Hat der Angefragte keine Ereigniskarte muss er tauschen … und das Tauschgeschäft geht nach links "
            "weiter» (L8): the exchanges go on with no decision named, until an event card ends them."),
        "virgin_after_gain": (
            "Q8 is open.  Farina's virgin is «Ein Spieler, der noch seine anfangs erhaltenen drei Marken hat» "
            "(K17), which a player who has gained and never lost still is; L1's «ein Spieler ohne Marken ist "
            "also entweder ausgeschieden oder Jungfrau» says who holds no tokens, not that a player holding "
            "gained ones has lost his virginity.  Farina's definition is kept."),
        "simultaneous_buy_back": (
            "As Campli (Q1): McLeod's order, which the German account proposes first.  Lu Stù buys back «sofort» "
            "(L11), so only players going out together at the showdown (the fool's case of L12) need an order."),
        "all_out": "Campli's K18 stands: Lu Stù only narrows when it can happen (L12), «Anders als in Campli».",
        "restart_stake": (
            "As Campli: Di Luigi & Mazza say only when everybody can go out together (L12), nothing of a stake; "
            "the German account reads Lu Stù as playing on «ohne dass ein neuer Einsatz gezahlt werden muss» "
            "(Z11).  Open, as in Campli (K18)."),
        "seating_fool": "As Campli: Lu Stù does not restate the seating draw (K2).",
        "dead_cards": "L10: the dead card goes «nach unten unter den Kartenstapel».",
        "buy_back_card": (
            "Q7 is open.  The players who go out «müssen sich sofort und nicht erst nach Spielende entscheiden, ob "
            "sie sich wieder einkaufen möchten» (L11): the decision is at once, and nothing is said of a card for "
            "this deal; the cards of players who go out «werden nach unten unter den Kartenstapel getan und beim "
            "Vergleich nicht weiter berücksichtigt» (L10).  Default 'next-deal': nothing deals him another, so he "
            "waits for the next deal; 'fresh-card' reads «sofort» as a re-entry into this deal."),
    },
    "zeh-1769": {
        "initial_marks": (
            "«Die Zahl der Marken, die jeder Spieler für seinen Einsatz erhält, ist Abmachungssache, und nicht "
            "auf drei fixiert» (Z2): Zeh gives no number, so Campli's three is the default (Q17); a position "
            "states the table's own."),
        "dealing": (
            "«Jeder Spieler erhält seine Karte sogleich, danach wandert das Tauschangebot nach rechts» (Z3).  "
            "Q13: dealing all first does not change who may be asked, always the next player (K5)."),
        "cuckoo_at_showdown": "Z8 and Z9: «Im Sinne des Prinzips, dass die Cucus nie verlieren».",
        "two_fools": (
            "«Wenn zwei Narren im Spiel sind, dann verlieren die Narren nicht nur nichts, sondern erhalten jeder "
            "eine Marke aus der Tasse (wie bei Lu Stù)» (Z6)."),
        "two_fools_alone": (
            "Q10: the German account's two readings for two players with two fools are «entweder erhalten beide eine "
            "Marke; oder nichts, nach dem Prinzip: beide erhalten einerseits je eine Marke wegen des Narrenpaares "
            "und verlieren andererseits eine, weils die schlechtesten Karten sind (vgl. Lu Stù)» (Z9).  The first "
            "is taken: it is Z6's «verlieren die Narren nicht nur nichts».  The second only compares itself with "
            "Lu Stù («vgl.»): it leaves both fools with nothing, where in Lu Stù only the non-dealer loses his "
            "gain again (L6); under Zeh's ties (all tied lowest lose, K15) 'compared' gives exactly that."),
        "refuse_by_paying": (
            "Q9: the third paragraph only «deutet … an» that a refusal costs a mark («Wer aber nicht tauschen "
            "will, wird eine Marque in die Taze setzen»); the fourth states the case itself: non-privileged "
            "cards are ones a player «nothwendig verwechseln muss, wenn sie begehret werden»."),
        "all_out": (
            "Zeh is silent («Es wird nicht erläutert»); the German account fills it «Im Sinne von Cucù und Lu "
            "Stù»: «als Unentschieden … es wird ein neues Spiel mit allen Spielern gespielt, ohne dass ein neuer "
            "Einsatz gezahlt werden muss» (Z11)."),
        "targeted_holder_acts": (
            "«Die Regeln für XI Wirtshaus, XIII Pferd, XIV Bragon und XV Cucu sind exakt die gleichen wie im "
            "Cucù» (Z4): play goes on right of the event card (K10-K14)."),
        "targeted_dealer_decides": "As Campli (Z4: the event cards «exakt die gleichen wie im Cucù»).",
        "fools_in_play": (
            "As Campli: Zeh's «Wenn zwei Narren im Spiel sind» (Z6) counts the fools in play, and dead cards "
            "play no role in the comparison (K15)."),
        "inn_guarantee_covers": "As Campli: the inn is «exakt» Cucù's (Z4), whose guarantee names the nulla (K14).",
        "inn_keeper_cannot_pay": "As Campli: the inn is «exakt» Cucù's (Z4), and K14 is silent on it.",
        "seating_fool": "As Campli: Zeh describes no seating draw.",
        "buy_back": (
            "The project's reading.  The account says only «die Möglichkeit des Wiedereinkaufens wird nicht "
            "angedeutet» (Z10): not mentioned, not forbidden.  'none' is taken because a buy-back's price and "
            "time would have to be invented; a table that buys back as in Cucù, which Zeh's game «gleicht im "
            "wesentlichen», sets buy_back = after-deal."),
        "fool_hint": (
            "«Wer es doch tut, erhält keine Marke, falls beide Narren im Spiel sein sollten» (Z7)."),
    },
    "coucou": {
        "restart_stake": _NO_NEW_STAKE,
        "refuse_by_paying": "«Der Nachbar kann den Tausch nicht ablehnen, es sei denn, er hat einen König» (F3).",
        "may_offer_after_receiving": (
            "«Jeder Spieler tauscht nacheinander nach rechts» (F3): a player who received a card by exchange has "
            "his own turn with it."),
        "ties": ("«Es kann auch sein, dass zwei od. mehrere Spieler verlieren, wenn sie die gleichen Kartenwerte "
                 "haben» (F5)."),
        "targeted_holder_acts": (
            "Q2, open: the German article says only «Der Nachbar kann den Tausch nicht ablehnen, es sei denn, er hat "
            "einen König. In diesem Fall sagt er (ohne die Karte aufzudecken) „Kuckuck!“ zur Vorhand, und es "
            "findet kein Tausch statt» and «Jeder Spieler tauscht nacheinander nach rechts» (F3).  Whether the king "
            "holder then takes his own turn is not said; 'never' (he keeps, as a king holder would) is the default, "
            "'always' (every player exchanges in turn) the other reading."),
        "initial_marks": (
            "«Jeder erhält die gleiche Anzahl an Spielmarken zum Punktezählen, zum Beispiel fünf» (F1, Q17): the "
            "source's example; a position states the table's own."),
        "min_players": "«von fünf bis zwanzig Spielern gespielt» (F1).",
        "piquet_below_seven": (
            "«ein Piquet-Blatt mit 32 Karten (ohne 2er bis 6er), wenn weniger als sieben Spieler spielen» (F1).  "
            "The project's reading: the pack is fixed for the match by the table at its start; the source does "
            "not say what happens when the table shrinks below seven."),
        "dealing": (
            "The dealer deals everyone, takes his three and discards (F2); «Die Spieler sehen sich ihre Karten "
            "an; dann beginnt die Vorhand» (F3)."),
        "deal_from": "Not stated: the top card, as an ordinary pack is dealt.",
        "dealer_takes": "«Er gibt jedem eine Karte und bekommt als Geber drei Karten selbst» (F2).",
        "dealer_exchange": "«Der Geber muss die zu Beginn gewählte Karte behalten» (F4).",
        "last_request_to": (
            "«Der letzte Spieler links vom Geber tauscht keine Karte mit dem Geber, sondern die Karte auf dem "
            "Talon» (F4)."),
        "all_equal": (
            "Q11: «Die Anzahl der teilnehmenden Spieler nimmt somit mit fortschreitendem Spielverlauf ab, außer "
            "wenn alle Spieler den gleichen Kartenwert haben» (F5): the exception means nobody loses then."),
        "talon_card": (
            "Q16: «die Karte auf dem Talon» (F4) is its top card; the dealer's two discards went «verdeckt unter "
            "den Talon» (F2).  The bottom card, or the next if a king, is an alternative the project keeps; no "
            "source gives it."),
        "all_out": (
            "Unreachable while all_equal = nobody-loses: all who are left lose together only when every card "
            "ties, and then nobody loses (F5).  Under the other reading the source is silent: in the project's "
            "reading (P5) everybody returns with the starting marks; Coucou has no buy-back (F5), so no virgins "
            "arise."),
        "buy_back": ("No buy-back is described: «Hat ein Spieler keine Marken mehr, muss er aus dem Spiel "
                     "ausscheiden» (F5)."),
        "cuckoo_at_showdown": "The king refuses an exchange (F3) but is compared like any card at the showdown (F5).",
    },
    "as-qui-court": {
        "restart_stake": _NO_NEW_STAKE,
        "refuse_by_paying": "«Der Nachbar kann den Tausch nicht ablehnen, es sei denn, er hat einen König» (F3).",
        "may_offer_after_receiving": (
            "«Jeder Spieler tauscht nacheinander nach rechts» (F3): a player who received a card by exchange has "
            "his own turn with it."),
        "ties": ("«Es kann auch sein, dass zwei od. mehrere Spieler verlieren, wenn sie die gleichen Kartenwerte "
                 "haben» (F5)."),
        "dealing": "As Coucou: «Die Spieler sehen sich ihre Karten an; dann beginnt die Vorhand» (F3).",
        "deal_from": "As Coucou: not stated; the top card, as an ordinary pack is dealt.",
        "dealer_draws_king": (
            "Q18, open.  Méry's dealer «kann diese Karte nur mit dem Talon tauschen und nur, wenn er vom "
            "vorherigen Spieler ein Ass erhalten hat» (A4), and names no king; but the exchange with the talon is "
            "Coucou's, whose rule for it is «Sollte diese Karte ein König sein, ist kein Kartentausch erlaubt» "
            "(F4), and by Méry «der einzige Unterschied zwischen As Qui Court und Coucou» is the king shown (A1), "
            "with the three differences A2-A4, none of which lifts F4's.  The name says the same: the ace runs "
            "«bis es in den Talon zurückkehrt, sofern es nicht von einem König blockiert wird».  Default "
            "'keeps-own' (a king on the talon forbids the exchange); 'exchanges' reads A4 alone."),
        "targeted_dealer_decides": (
            "A dealer whose king refused the last request received no ace, so under A4 he has only his card to "
            "keep: either reading gives the same deal."),
        "buy_back": "As Coucou: no buy-back is described (F5).",
        "initial_marks": "Q17: as Coucou, the source's example of five (F1).",
        "targeted_holder_acts": (
            "Q2, open, as Coucou: Méry's king holder «den Tausch wie bei Coucou ablehnen kann, aber statt „Kuckuck!“ "
            "zu rufen, den König aufdeckt» (A1); nothing says whether he then has his turn.  Default 'never'."),
        "dealer_takes": "«Der Geber nimmt nur eine statt drei Karten» (A2).",
        "dealer_exchange": (
            "«Der Geber kann diese Karte nur mit dem Talon tauschen und nur, wenn er vom vorherigen Spieler ein Ass "
            "erhalten hat» (A4)."),
        "last_request_to": "«Der Spieler links vom Geber tauscht mit dem Geber» (A3).",
        "all_equal": (
            "Méry's differences from Coucou are the king shown and A2-A4 («die folgenden drei wesentlichen "
            "Unterschiede»); Coucou's F5 stands, read as for Coucou (Q11)."),
        "piquet_below_seven": (
            "The project's reading: the account lists only Méry's differences from Coucou (A1-A4) and names no "
            "pack, so Coucou's (F1) is kept."),
        "min_players": (
            "The project's reading: the account lists only Méry's differences from Coucou (A1-A4) and names no "
            "count of players, so Coucou's five to twenty (F1) are kept."),
        "all_out": "As Coucou: unreachable while all_equal = nobody-loses (F5).",
    },
    "here": {
        "restart_stake": _NO_NEW_STAKE,
        "refuse_by_paying": "«Der Nachbar kann den Tausch nicht ablehnen, es sei denn, er hat einen König» (F3).",
        "may_offer_after_receiving": (
            "«Jeder Spieler tauscht nacheinander nach rechts» (F3): a player who received a card by exchange has "
            "his own turn with it."),
        "ties": ("«Es kann auch sein, dass zwei od. mehrere Spieler verlieren, wenn sie die gleichen Kartenwerte "
                 "haben» (F5)."),
        "dealing": ("As Coucou, whose rules Lebrun gives under the name Her: the players are dealt, then play "
                    "begins (F3)."),
        "deal_from": "As Coucou: not stated; the top card, as an ordinary pack is dealt.",
        "targeted_dealer_decides": (
            "The dealer has no exchange of his own (H1 names no talon), so he has nothing to decide after his king "
            "refused the last request: either reading gives the same deal."),
        "buy_back": "As Coucou: no buy-back is described (F5).",
        "targeted_holder_acts": (
            "Q2, open, as Coucou: Lebrun's king holder «nicht „Kuckuck!“, sondern „Her!“ sagt» (H2); nothing says "
            "whether he then has his turn.  Default 'never'."),
        "dealer_takes": (
            "The project's reading of Furetière's sentence, «ein Spiel, bei dem jeder Spieler nur eine Karte "
            "erhält» (H1): the dealer too.  Lebrun describes «Coucou nach den traditionellen Regeln» (H2), with "
            "the three-card dealer and the talon (F2, F4): for his game play the coucou ruleset."),
        "last_request_to": (
            "The project's reading: each player may exchange «mit seinem Nachbarn» (H1); the dealer is the last "
            "player's neighbour, and Furetière names no talon."),
        "dealer_exchange": (
            "The project's reading: Furetière names no talon or stack to exchange with (H1), so the dealer keeps "
            "his card."),
        "roles": (
            "Lebrun (1828) gives Coucou's rules under the name Her: a player «wenn er einen König erhält, nicht "
            "„Kuckuck!“, sondern „Her!“ sagt» (H2): the king refuses."),
        "min_players": "Furetière gives no count: two, the least that can play.",
        "piquet_below_seven": "Furetière names no piquet pack: the whole ordinary pack.",
        "all_equal": "Lebrun describes Hère as Coucou «nach den traditionellen Regeln»: F5 stands, read as for Coucou.",
        "all_out": "As Coucou: unreachable while all_equal = nobody-loses (F5).",
    },
    "ranter-go-round": {
        "stake": (
            "Cassell names no stake: each player is given 'three counters, or lives' (R1), a counter goes to the "
            "pool with each life lost, and the one left when all others are out 'is declared the winner' (R4).  The "
            "pool holds lost lives, not stakes, and the text does not say that the winner takes it: no stake (0), "
            "and the winner's ruling names no pot.  A table that plays for money agrees a stake (setting 'stake', "
            "as Campli's K1 and the descendant's S1 have one); the winner then takes the pot of stakes by that "
            "agreement, not by Cassell's text."),
        "restart_stake": _NO_NEW_STAKE_LIVES,
        "refuse_by_paying": "R3: no card has any privilege: nobody can refuse an exchange, by paying or otherwise.",
        "dealing": "R2: each player receives one card; then the changing begins on the dealer's left.",
        "deal_from": "As Coucou: not stated; the top card, as an ordinary pack is dealt.",
        "buy_back": "Cassell describes none: lost lives go to the pool and the last player left wins (R4).",
        "last_request_to": (
            "R2: each may change with his left-hand neighbour, 'and so on'; the last player's neighbour is the "
            "dealer, who then has nobody to change with."),
        "roles": "R3: no card has any privilege; nobody can refuse an exchange.",
        "initial_marks": "R1: three counters, 'lives', each.",
        "dealer_exchange": "R2: the dealer, having nobody to change with, may take the top card of the pack instead.",
        "may_offer_after_receiving": ("R2: no player may exchange more than once, read literally: a card received "
                                      "is kept."),
        "ties": "R4: of equal lowest cards only the one turned up last loses.",
        "all_equal": "R4 names no exception: the last of the equal cards turned up loses.",
        "min_players": "Cassell gives no count: two, the least that can play.",
        "piquet_below_seven": "R1: a pack of 52 cards, whatever the table.",
        "all_out": "Unreachable: only one card loses a life in a deal (R4).",
    },
    "screw-your-neighbour": {
        "refuse_by_paying": "S3: the neighbour 'must accept the exchange unless she has a king'.",
        "dealing": "S2: one card each, then each player has one turn.",
        "buy_back": "S5: a player with no lives is out; the last one left wins.  No buy-back is described.",
        "last_request_to": ("S2: 'try to exchange with the next player', ending with the dealer: the dealer is next "
                            "for the last."),
        "piquet_below_seven": "S1: the 52-card pack, whatever the table.",
        "initial_marks": "S1: 'an equal number of lives, say 3': agreed (Q17); three is the page's example.",
        "roles": "S3: the neighbour 'must accept the exchange unless she has a king'; no other card refuses.",
        "targeted_holder_acts": (
            "S2: 'Each player has one turn, beginning with the player to dealer's left ... and ending with the "
            "dealer': a king holder who exposed her king still has hers.  Other published descriptions count the "
            "shown king as her completed turn (Wikipedia, 'Ranter-Go-Round': 'considered to have completed his/her "
            "play for the hand'): the 'never' reading."),
        "targeted_dealer_decides": "S2: the dealer's turn 'comes last'; a king that stopped the last request does not "
                                   "take it from him.",
        "may_offer_after_receiving": "S2: each player has one turn, whatever card an exchange brought him; Cassell's "
                                     "'no player may exchange more than once' (R2) is not restated.",
        "dealer_exchange": "S4: 'a card cut from the undealt stock': after the cut, its top card (a cut of a shuffled "
                           "stack deals no other chance).",
        "dealer_draws_king": "S4: 'if the card obtained is a king, the dealer must keep her original card'.",
        "ties": "S5: 'If several players tie for lowest they all lose a life' (Cassell's R4 keeps only the last).",
        "all_equal": "S5 read literally: equal cards all tie for lowest and all lose; Coucou's F5 spares them.",
        "all_out": "S6: the page lists at least four rules and prefers none; the first, joint winners, is the default.",
        # (open only for a table that overrides all_out with a restart: open_options)
        "restart_stake": (
            "Met only by a table that changes all_out to a restart with the starting lives (K18, D8): none of the "
            "page's rules for everybody out (S6) has all start again, and the page names a stake only at the start, "
            "each player's into the pot for the winner (S1).  Default 'none': the pot stays as it is, as where the "
            "source describes no restart (P5); everybody paying again is the other reading."),
        "deal_from": "Not stated; the top card, as a pack is ordinarily dealt.",
        "min_players": "The page gives no count; two is the least that can play.",
    },
    "digital-4p": {
        "refuse_by_paying": (
            "«Et mål, der får et almindeligt kort, fjols, nul- eller negativt kort, skal bytte» (D3): a target with "
            "a plain card must exchange."),
        "two_fools_alone": (
            "«To tåber har 141/2, kun under gøgen» (D7): with nothing else live the two fools are the lowest cards, "
            "and «Hvert laveste kort mister ét liv»."),
        "min_players": "«4 spillere · Dig og tre AI-modstandere» (D1).",
        "stake": "«Liv er bordscores uden pengeværdi» (D1): lives have no money value, so no stake.",
        "targeted_holder_acts": (
            "«Hvis det nægtes, skal kroen byttes; dens tidligere indehaver handler derefter normalt» (D6): after "
            "a refused inn its former holder acts normally."),
        "targeted_dealer_decides": (
            "As Campli (K10-K14).  «Giveren handler sidst» (D3) describes the ordinary end of the round; for the "
            "horse at the dealer the page has the requester exchange «med toppen af pakken uden særlige effekter» "
            "(D4) and names no later step."),
        "cuckoo_at_showdown": (
            "«Gøgen … mister aldrig et liv» (D4); «En gøg mister aldrig et liv, selvom det er det eneste levende "
            "kort» (D7)."),
        "fools_in_play": ("«Kort, der holdes af spillere, der allerede er elimineret af en kat eller jæger, er døde "
                          "og udelukket» (D7)."),
        "inn_guarantee_covers": "«hvis et nul taber» (D6): the nulla.",
        "inn_keeper_cannot_pay": (
            "As in Campli: «kroværten mister et liv i stedet for anmoderen» (D6) is as silent as K14 on an "
            "innkeeper with no life left.  Under this preset's reading of Q2 it does not arise: the innkeeper "
            "who accepts keeps the kro XI («beholder begge deres kort», D6) and decides nothing more, and at the "
            "showdown his XI is never lowest beside the nul he pays for (D7).  Under Q2's other reading the "
            "dealer still acts last («Giveren handler sidst», D3): a dealer whose kro accepted may take a nul "
            "from the bottom of the stack and lose his last life as lowest himself."),
        "cat_undo_through_inn": (
            "«Tidligere på hinanden følgende udvekslinger med anmodningsmandens nuværende kort bliver omgjort» "
            "(D5): every earlier exchange of the card, and the refused inn's («skal kroen byttes», D6) is one."),
        "seating_fool": "The page seats nobody by draw; Campli's reading is kept for K2.",
        "simultaneous_buy_back": "No buy-back in the digital game (D1, D8): the option has no effect.",
        "buy_back": "«Spillere uden liv sidder over senere uddelinger» (D8): out is out.",
        "all_out": (
            "«Hvis alle, der stadig er med i spillet, når nul i samme runde, vender alle fire spillere tilbage med "
            "tre liv gratis» (D8)."),
    },
}


# The named options that are open points of each preset: where its own source is silent or
# ambiguous, so a ruling that depends on one gives every reading's outcome.  The other options
# are settled by the preset's source (Zeh's Z8 settles Q3 for Zeh; Lu Stù's L4 and L6 settle it
# for Lu Stù) and are not re-run.
OPEN_POINTS: dict[str, tuple[str, ...]] = {
    "campli": ("targeted_holder_acts", "targeted_dealer_decides", "cuckoo_at_showdown", "fools_in_play",
               "inn_guarantee_covers", "inn_keeper_cannot_pay", "cat_undo_through_inn", "seating_fool",
               "simultaneous_buy_back", "restart_stake"),
    "lu-stu": ("targeted_holder_acts", "targeted_dealer_decides", "fools_in_play", "inn_guarantee_covers",
               "inn_keeper_cannot_pay",
               "backward_chain_end", "backward_offer", "dealer_exchange", "horse_at_dealer", "virgin_after_gain",
               "simultaneous_buy_back", "seating_fool", "buy_back_card", "restart_stake"),
    "zeh-1769": ("targeted_holder_acts", "targeted_dealer_decides", "fools_in_play", "inn_guarantee_covers",
                 "inn_keeper_cannot_pay",
                 "refuse_by_paying", "two_fools_alone", "seating_fool", "all_out"),
    "digital-4p": ("targeted_dealer_decides", "cat_undo_through_inn", "inn_keeper_cannot_pay"),
    # Q2 for the king (seed 003): nothing says whether a king holder who refused acts afterwards
    "coucou": ("targeted_holder_acts", "all_equal", "talon_card", "all_out", "restart_stake"),
    # Q18: a king on the talon when the dealer goes there (A4 against Coucou's F4)
    "as-qui-court": ("targeted_holder_acts", "dealer_draws_king", "all_equal", "all_out", "restart_stake"),
    "here": ("targeted_holder_acts", "all_equal", "all_out", "restart_stake"),
    "ranter-go-round": (),
    "screw-your-neighbour": ("targeted_holder_acts", "all_equal", "all_out"),
}


_T = TypeVar("_T")


def by_identity(store: dict[Any, tuple[Rules, Any]], rules: Rules, key: Hashable, build: Callable[[], _T],
                limit: int) -> _T:
    """A memo of what is built from a frozen ``rules`` (and ``key``), looked up by the rules'
    identity first: hashing a Rules hashes each of its fields, and a batch rules many positions
    under one Rules value.  The rules are kept beside the value, so that the id of a ruleset
    gone is never taken for another's; ``store`` holds at most ``limit`` entries (full, it is
    cleared before the next is kept); a ``build`` that raises keeps nothing."""
    entry = store.get((id(rules), key))
    if entry is None or entry[0] is not rules:
        if len(store) >= limit:
            store.clear()
        entry = store[(id(rules), key)] = (rules, build())
    return entry[1]


@functools.cache
def page_open_points(preset_name: str) -> tuple[str, ...]:
    """The open points of ``preset_name`` that its ruleset page and ``--rulesets`` ask: each of
    :func:`open_options` that the engine can consult (:func:`options_in_play`) under the preset's
    readings or under another reading of one of its open points, which the page offers a table
    too.  Derived, never listed (issue 24 §2): Q12 (``inn_keeper_cannot_pay``) in the digital game
    is met under Q2's other reading, where the dealer still acts last after his kro accepted
    («Giveren handler sidst», D3), takes a nul from the stack and loses his last life as lowest
    himself, as Campli's dealer does under K8 (tests/cli/test_issue24_slips6.py)."""
    points = open_options(preset_name)
    base = PRESETS.get(preset_name)
    if base is None:
        return points
    met = set(options_in_play(base))
    for point in points:
        for value in OPTIONS[point].values():
            try:
                met.update(options_in_play(base.with_options({point: value})))
            except RulesetError:  # (a reading this preset's settings cannot take)
                continue
    return tuple(p for p in points if p in met)


def open_options(preset_name: str, rules: Optional[Rules] = None) -> tuple[str, ...]:
    """The named options that are open points for ``preset_name`` (see ``OPEN_POINTS``);
    for a ruleset that is not a preset, every named option.

    With ``rules``, the preset as a table plays it (a position's or a trace's overrides), the
    open points follow the overrides, so that a table is told every reading that changes its
    outcome and no reading that cannot:

    * an open point of the preset that ``rules`` cannot meet (not in :func:`options_in_play`)
      is left out: Coucou's restart_stake under ``all_out = joint-winners``, where nobody
      restarts;
    * an option ``rules`` can meet and the preset itself never meets is open, whatever the
      preset's default: the preset's source settles nothing for a case its game never has.
      Screw Your Neighbour's joint winners end the match (S6), so the page names no reading of
      restart_stake; a table that overrides ``all_out = all-return`` restarts with the starting
      lives (D8), and whether everybody pays the stake again is then open for it (no source
      says: K18 names no payment, S1 only the stake at the start).

    An option the preset leaves open stays open under an override of it, as before: the
    ruling says which reading the table took and what the others give.  The preset's own open
    points (``rules`` None, or the preset itself) are ``OPEN_POINTS`` in its order, each one a
    point its game can meet (tests/test_docs.py)."""
    points = OPEN_POINTS.get(preset_name)
    if points is None:
        return tuple(OPTIONS)
    base = PRESETS[preset_name]
    if rules is None or rules is base:
        return points
    return by_identity(_OPEN_UNDER, rules, preset_name, lambda: _open_under(points, base, rules), 256)


_OPEN_UNDER: dict[Any, tuple[Rules, Any]] = {}


def _open_under(points: tuple[str, ...], base: Rules, rules: Rules) -> tuple[str, ...]:
    """``points`` of the preset ``base`` as they follow ``rules`` (see :func:`open_options`), in
    the order of :data:`OPTIONS`."""
    met = options_in_play(base)
    return tuple(name for name in options_in_play(rules) if name in points or name not in met)


_OPEN_SPECS: dict[Any, tuple[Rules, Any]] = {}


def open_specs(preset_name: str, rules: Optional[Rules] = None) -> tuple[OptionSpec, ...]:
    """The specs of the open points of ``preset_name`` (under ``rules``, see
    :func:`open_options`), in the order of :data:`OPTIONS`."""
    if rules is None:
        return _preset_specs(preset_name)
    return by_identity(_OPEN_SPECS, rules, preset_name, lambda: _specs_of(open_options(preset_name, rules)), 256)


@functools.lru_cache(maxsize=64)
def _preset_specs(preset_name: str) -> tuple[OptionSpec, ...]:
    return _specs_of(open_options(preset_name))


def _specs_of(open_points: tuple[str, ...]) -> tuple[OptionSpec, ...]:
    return tuple(spec for name, spec in OPTIONS.items() if name in open_points)


def other_readings(rules: Rules, preset_name: str) -> Iterator[tuple[OptionSpec, Reading, Rules]]:
    """Every other reading of the open points of ``preset_name`` as they follow ``rules`` (see
    :func:`open_options`): for each open option, in the order of :data:`OPTIONS`, each reading
    that ``rules`` does not take, with ``rules`` under that reading.  What a ruling re-runs, for a
    position (the adjudicator) and for a trace (the oracle), to say which reading a history is
    valid under."""
    for spec in open_specs(preset_name, rules):
        name = spec.name
        if not hasattr(rules, name):
            continue
        current = getattr(rules, name)
        for reading in spec.readings:
            if reading.value != current:
                yield spec, reading, rules.with_options({name: reading.value})


def preset(name: str, overrides: Mapping[str, Any] | None = None) -> Rules:
    """The named preset, optionally with option overrides."""
    try:
        rules = PRESETS[name]
    except KeyError:
        near = difflib.get_close_matches(name, list(PRESETS), n=2)
        hint = f"; did you mean {' or '.join(map(repr, near))}?" if near else ""
        raise RulesetError(f"unknown ruleset {name!r}{hint} (known: {', '.join(PRESETS)})", "ruleset") from None
    return rules.with_options(overrides) if overrides else rules
