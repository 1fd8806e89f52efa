"""The problems the replay finds in a history, each one whole message with named placeholders
(issue 30).

A message is written here once, marked for extraction (``N_``), and said by the replay with
``.format``: the English is the problem's ``message`` in the JSON, as it always was, and the
ruling's text (and the JSON's ``message_local``) says the same message in the table's language
(:data:`cucu_ref.services.render.problem_message` matches it whole).  Never built from English
pieces: the word order of a sentence differs between the languages (a German verb goes last,
an Italian 'non può' comes first), so each sentence a translator sees is a whole one.  Where a
part of a message is itself a whole clause said in several messages (what a card was, what
happened at that point), it is a message of its own, said inside the other (``{what}``,
``{happened}``, ``{reason}``): the translation says it in its own words too.

The English keeps its words byte for byte (the JSON's promise); its 'he' and 'him' are the
English rulings' and stay until their wording changes: a translation says them without a
gender where its language can.
"""

from __future__ import annotations

from ...formats.i18n import N_

__all__ = ["MESSAGES"]  # (the replay says each message by its name: problems.HOLDS_NO_CARD ...)

# --- what the table says a seat holds, and where it says it (replay._Table.end_card, bind's ``what``)
WHAT_SHOWN = N_("shown at the showdown")
WHAT_SHOWN_FIELD = N_("shown at the showdown ('shown')")
WHAT_HAND = N_("the hand given for {player}")
WHAT_TAKEN = N_("the card taken from the stack")
WHAT_DEALT = N_("the card {player} is dealt")

# --- a card the table saw that the seat cannot hold there (replay._Table.bind, why_not)
HOLDS_NO_CARD = N_("{player} holds no card here ({what})")
DEALER_KEEPS_HIGHEST = N_("{player} keeps the highest of the three cards the dealer takes (F2): with the cards "
                          "accounted for elsewhere {player} cannot hold {card} ({what})")
HOLDS_OTHER = N_("{player} holds {held} here, not {card} ({what})")
NOT_AN_EVENT_CARD = N_("{player} cannot hold {card} ({what}): it is {label}, which was exchanged when asked, so it "
                       "was no event card (C2, K7)")
NOT_ABOVE_THE_DEALERS = N_("{player} cannot hold {card} ({what}): it is {label}, no higher than the card the dealer "
                           "keeps (F2)")
CANNOT_HOLD = N_("{player} cannot hold {card} ({what}): {why}")
# C1's (F1's) reason: every copy of the card is at another place; by the pack's copies of a card
ELSEWHERE = {
    (True, 2): N_("every copy of it is accounted for elsewhere: {places} ({rule}: the pack holds each card twice)"),
    (False, 2): N_("every copy of it is accounted for elsewhere ({rule}: the pack holds each card twice)"),
    (True, 4): N_("every copy of it is accounted for elsewhere: {places} ({rule}: the pack holds each card four "
                  "times)"),
    (False, 4): N_("every copy of it is accounted for elsewhere ({rule}: the pack holds each card four times)"),
}
ON_RECORD = N_("{label} (the table's record)")  # (an unknown card bound to the card: one of the {places})
CANNOT_BE_DEALT = N_("{player} cannot be dealt {card}: {why}")

# --- a dealt card the position names where the stack gives another (replay._Deals; K4, L2, L10, F2, F4)
ORDER_HOLDS = N_("{player} is dealt {card}, but the stack's order holds {other} ($.stack.order[{at}]) where "
                 "{player}'s card is dealt from")
# by the end of the stack the deal comes from ('top' or 'bottom': Q's deal_from)
PLAY_CHANGED = {
    "top": N_("{player} is dealt {card}, but play changed the stack ({how}, {rule}): its top gives {player} {other} "
              "({places})"),
    "bottom": N_("{player} is dealt {card}, but play changed the stack ({how}, {rule}): its bottom gives {player} "
                 "{other} ({places})"),
}
KEEPS_OF_THREE = {
    "top": N_("{player} is dealt {card}, but of the three cards the stack's order ($.stack.order) gives the dealer "
              "from its top {player} keeps the highest, {other} ({rule})"),
    "bottom": N_("{player} is dealt {card}, but of the three cards the stack's order ($.stack.order) gives the dealer "
                 "from its bottom {player} keeps the highest, {other} ({rule})"),
}
ORDER_AS_CHANGED = {
    "top": N_("{player} is dealt {card}, but the stack's order ($.stack.order), as play changed it ({how}, {rule}), "
              "gives {player} {other} from its top"),
    "bottom": N_("{player} is dealt {card}, but the stack's order ($.stack.order), as play changed it ({how}, "
                 "{rule}), gives {player} {other} from its bottom"),
}
DEAD_CARD_UNDER = N_("{who}'s dead card went under the stack")
WITH_THE_TALON = N_("{who} exchanged with the talon")

# --- a card taken from the stack where none was (replay._no_stack_exchange; F4, K12, K8 ...)
NO_TALON_HERE = N_("{who} cannot have exchanged with the talon here: only the last player's request goes to the "
                   "talon, and a king on its top allows no exchange")
NO_STACK_BUT_HORSE = N_("{who} cannot have exchanged with the stack here: only an offer to a dealer holding the horse "
                        "sends the offerer to the stack")
NO_STACK_BUT_DEALER = N_("{who} cannot have exchanged with the stack here: only the dealer does, deciding last")

# --- a decision the rules do not allow then (replay._Decisions.action_for, no_buy_back); {verb} is the
# position's verb, as the table wrote it
HORSE_ENDS_ROUND = N_("the offer met the dealer's horse: {a} exchanged with the top card of the stack in the "
                      "dealer's stead and the round is over, so {who} cannot {verb} ({rule})")
DEALER_ONCE = N_("the dealer decides once, last: {who} cannot exchange again, the deal is over")
MATCH_OVER = N_("the match is over: {who} cannot {verb}")
DEAL_OVER = N_("the deal is over: {who} cannot {verb} any more")
OUT_OF_MATCH = N_("{who} is out of the match and cannot {verb}")
NOT_NOW = N_("{who} cannot {verb} now: {reason}")  # (the reason: one of TURNS)
NOT_NOW_OPEN = N_("{who} cannot {verb} now; the decisions open to {who} are: {options}")
NOT_NOW_BECAUSE_OPEN = N_("{who} cannot {verb} now: {reason}; the decisions open to {who} are: {options}")
# the rule that forbids the decision, in words (the engine names it: R2, A4, F4, H1)
FORBIDDEN_BECAUSE = {
    "R2": N_("no player may exchange more than once (R2)"),
    "A4": N_("the dealer exchanges with the talon only after receiving an ace from the previous player (A4)"),
    "F4": N_("the dealer keeps the card chosen from the three taken (F4)"),
    "H1": N_("the dealer has nobody to exchange with and no talon (H1)"),
}
# F4's where the dealer took one card, not F2's three (as agreed at the table: dealer_takes = 1)
DEALER_KEEPS_DEALT = N_("the dealer keeps the card dealt (F4)")
# the dealer's offer, where his game's rule for his last decision is no rule above (K8, D3, R2, S2):
# he decides last, after everybody, so there is nobody left to offer to (R2's 'no player may exchange
# more than once' is not why: the dealer has not exchanged)
DEALER_NO_OFFER = N_("the dealer decides last: nobody comes after the dealer to offer the card to ({rule})")
TARGET_MAY_PAY = N_("a target agrees or pays to refuse only when offered a plain card under Zeh's third paragraph "
                    "(refuse_by_paying = yes)")
TARGET_MUST_EXCHANGE = N_("this ruleset reads Q9 'no', the target of a plain card must exchange (refuse_by_paying = "
                          "no)")
LU_STU_INN = N_("Lu Stù's inn has no second offer; the innkeeper accepts or refuses the offerer's bargain")
NO_BUY_BACK = N_("{who} cannot {verb}: this ruleset has no buy-back (buy_back = none)")
DID_NOT_GO_OUT = N_("{who} cannot {verb}: {who} did not go out in this deal, and only a player who went out may "
                    "buy back")
NO_VIRGIN = N_("{who} cannot {verb}: no virgin remains, and eliminated players may buy back only 'solange es eine "
               "oder mehrere Jungfrauen gibt' (K17)")
# whose decision it is (replay.describe_turn), by the phase of the deal
TURNS = {
    "inn-offerer": N_("after 'fermatevi' it is {who}'s decision ({options})"),
    "lu-stu-inn": N_("the innkeeper {who} answers the offerer's bargain ({options}): Lu Stù's inn has no 'fermatevi' "
                     "and no second offer (L7)"),
    "inn-keeper": N_("the innkeeper {who} answers the second offer ({options})"),
    "way-back": N_("on the way back {who} keeps the card received or offers it on to the left ({options})"),
    "target": N_("{who}, offered {offerer}'s card, exchanges or pays a mark to refuse ({options})"),
    "buy-back": N_("{who} decides on buying back ({options})"),
    "next": N_("the next decision is {who}'s ({options})"),
}

# --- marks paid, exchanges and calls the table saw that the rules do not derive (replay._Checks.check ...)
PAYS = {  # by the marks the rules have the player pay there: none, one, more
    0: N_("{player} pays no marks here, not {amount}: {happened}"),
    1: N_("{player} pays 1 mark here, not {amount}: {happened}"),
    2: N_("{player} pays {n} marks here, not {amount}: {happened}"),
}
NOTHING = N_("nothing of the kind happened at this point")
HAPPENED = N_("what happened is: {events}")  # ({events}: '; ' between the facts below)
EXCHANGED = N_("{a} and {b} exchanged")
SHOWED = N_("{player} showed {card}")
LOST_A_MARK = N_("{player} lost a mark ({rule})")
WITH_THE_STACK = N_("{player} exchanged with the stack")
NO_CARD = N_("no card")
UNSEEN_CARD = N_("a card the table did not see")
NEXT_NOT = N_("{a}'s offer goes to {b}, the next player, who had to exchange ({rule}), not to {c}")
SKIPS_HORSE = N_("{a}'s offer goes to {b}, who had to exchange ({rule}), not to {c}: only a horse ({horse}) is jumped "
                 "over")
HORSE_MET = N_("{a} and {b} cannot have exchanged here: the offer met the dealer's horse, so {c} exchanged with the "
               "top card of the stack ({rule})")
CANNOT_HAVE_EXCHANGED = N_("{a} and {b} cannot have exchanged here: {happened}")
SAYS_OTHER = N_("{player} holds {card}, which says '{says}', not '{call}'")
# (which card, which call, which rule: as a table says it, issue 24's review; the call and its rule the game's own)
ORDINARY = N_("{player} held {card}, an ordinary card, and had to exchange with {other} ({exchange}): only {holder} "
              "says '{call}' ({rule})")
PLAIN = N_("{player} held a plain card (one the position does not give) and had to exchange with {other} "
           "({exchange}): only {holder} says '{call}' ({rule})")
CANNOT_SAY = (ORDINARY, PLAIN)
NOBODY_ASKED = N_("nobody asked {player} to exchange just then: an event card speaks only when its holder is the "
                  "target of an offer")

# --- table talk, deals and cards shown where they cannot be (replay._Checks.hint, note_deal, observe, given_at_end)
HINT_OVER = N_("{player} cannot hint at a fool here: the deal is over (a hint is noted during a deal, for a seat of "
               "the deal)")
HINT_NOT_SEATED = N_("{player} cannot hint at a fool here: {player} takes no part in this deal (a hint is noted "
                     "during a deal, for a seat of the deal)")
DEALT_NOT_SEATED = N_("{player} cannot be dealt a card here: {player} takes no part in this deal")
DEALT_EARLIER = N_("{player} cannot be dealt a card here: {player} was dealt earlier: the dealer deals round to the "
                   "right, one card each, starting with the player right of the dealer and ending with the dealer")
# the same where play goes to the left (Ranter-Go-Round's R2, Screw Your Neighbour's S2)
DEALT_EARLIER_LEFT = N_("{player} cannot be dealt a card here: {player} was dealt earlier: the dealer deals round "
                        "to the left, one card each, starting with the player left of the dealer and ending with the "
                        "dealer")
NOT_DEALT_YET = N_("{player} cannot have been dealt yet: each card is dealt only after the previous player's "
                   "decision")
DEAD_NOT_SHOWN = N_("{player} is out with a dead card, which is not shown")
DEAD_NOT_SHOWN_FIELD = N_("{player} is out with a dead card, which is not shown ('shown')")
NONE_SHOWN_YET = N_("the history ends before the showdown, so no card was shown yet ('shown' gives {player}'s)")
# (a warning: adjudicate)
HANDS_NOT_DEALT = N_("'hands' gives the card {player} holds at the end of the history; {player}'s card changed "
                     "hands during it, so it is not the card dealt to {player} (give that as 'dealt')")

# --- a position the adjudicator cannot rule (replay.Search.tick; unknowns, layout: their English as
# they say it, matched here to be translated)
TOO_MUCH_WORK = N_("the position is under-specified: more than {n} engine steps branching over the cards it leaves "
                   "unknown; give the announcements and the cards shown at the end")
TOO_MANY_UNKNOWN = N_("the position is under-specified: the showdown depends on {n} cards it does not give "
                      "({labels}), too many combinations to split into cases; give the cards shown at the end")
PLACE_DEPENDS_ON_PLAY = {
    "top": N_("the card left on the top of the stack after the deal lies at a place that depends on play here (a "
              "player who buys back during the deal is dealt the next card at once from the top, L2, under Q7 "
              "'fresh-card'); give the stack's 'order' instead of 'top'"),
    "bottom": N_("the card left on the bottom of the stack after the deal lies at a place that depends on play here "
                 "(a player who buys back during the deal is dealt the next card at once from the top, L2, under Q7 "
                 "'fresh-card'); give the stack's 'order' instead of 'bottom'"),
}


# every message above, for the text to match (render.problem_message): the whole problems first, the most
# specific before a general one that could also match its English ('... cannot be dealt a card here: he
# takes ...' before '... cannot be dealt {card}: {why}'), then the parts said inside them
MESSAGES: tuple[str, ...] = (
    HOLDS_NO_CARD, DEALER_KEEPS_HIGHEST, NOT_AN_EVENT_CARD, NOT_ABOVE_THE_DEALERS, HOLDS_OTHER,
    DEALT_NOT_SEATED, DEALT_EARLIER, DEALT_EARLIER_LEFT, NOT_DEALT_YET, CANNOT_HOLD, CANNOT_BE_DEALT,
    ORDER_HOLDS, *PLAY_CHANGED.values(), *KEEPS_OF_THREE.values(), *ORDER_AS_CHANGED.values(),
    NO_TALON_HERE, NO_STACK_BUT_HORSE, NO_STACK_BUT_DEALER,
    HORSE_ENDS_ROUND, DEALER_ONCE, MATCH_OVER, DEAL_OVER, OUT_OF_MATCH,
    NO_BUY_BACK, DID_NOT_GO_OUT, NO_VIRGIN, NOT_NOW_BECAUSE_OPEN, NOT_NOW_OPEN, NOT_NOW,
    *PAYS.values(), NEXT_NOT, SKIPS_HORSE, HORSE_MET, CANNOT_HAVE_EXCHANGED, SAYS_OTHER, PLAIN, ORDINARY,
    NOBODY_ASKED, HINT_OVER, HINT_NOT_SEATED, DEAD_NOT_SHOWN_FIELD, DEAD_NOT_SHOWN, NONE_SHOWN_YET,
    HANDS_NOT_DEALT, TOO_MUCH_WORK, TOO_MANY_UNKNOWN, *PLACE_DEPENDS_ON_PLAY.values(),
    # the parts
    WHAT_SHOWN_FIELD, WHAT_SHOWN, WHAT_HAND, WHAT_TAKEN, WHAT_DEALT, *ELSEWHERE.values(), ON_RECORD,
    DEAD_CARD_UNDER, WITH_THE_TALON, *FORBIDDEN_BECAUSE.values(), DEALER_KEEPS_DEALT, DEALER_NO_OFFER, TARGET_MAY_PAY,
    TARGET_MUST_EXCHANGE, LU_STU_INN,
    *TURNS.values(), NOTHING, HAPPENED, EXCHANGED, SHOWED, LOST_A_MARK, WITH_THE_STACK, NO_CARD, UNSEEN_CARD,
)
