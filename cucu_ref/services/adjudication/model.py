"""The values a ruling is made of: :class:`Ruling`, :class:`CaseOutcome`, and the two ways a
ruling can stop short (:class:`Underdetermined`, :class:`Unsupported`)."""

from __future__ import annotations

from typing import Any, Callable, NamedTuple, Optional, TypeVar

from ...game.cards import Card
from ...formats.position import Problem
from ...game.rulesets import Rules

__all__ = ["PLACEHOLDER", "MAX_WORK", "MAX_CASES", "SMALL_CASES", "MAX_SPLITS", "CERTAIN_RUNS", "Underdetermined",
           "Unsupported", "CaseOutcome", "Outcome", "Ruling", "is_placeholder", "per_position", "new_position"]

PLACEHOLDER = 1000  # placeholder cards have values from here up: no role, never compared
MAX_WORK = 20_000  # engine steps one adjudication may spend on the branches over unknown cards
MAX_CASES = 20_000  # showdowns one adjudication may score to split the cases of unknown live cards
# combinations of a showdown's unknown cards scored one by one; past it the scoring runs on
# symbolic cards (unknowns.Reasoner.showdown_cases, symbolic.explore)
SMALL_CASES = 1_000
# runs of the scoring on symbolic cards (boxes) one showdown may spend (symbolic.explore); past it the
# cards are told apart too finely to say anything short (every card unknown, none shown: the
# ruling is under-specified, naming them, as past MAX_CASES before)
MAX_SPLITS = 4_000
# runs of the scoring on symbolic cards one position's showdowns past MAX_SPLITS may spend, all
# together, on what they may score, for what is certain whatever the cards (unknowns._possible_scores,
# issue 24 §5): a run costs about 30 µs, so at most about 0.4 s a position
CERTAIN_RUNS = 12_000


# The memos one position's ruling fills for itself (its showdowns' runs, the matchings of its
# unknown cards, the comparisons of its symbolic cards ...): emptied when the next position's
# ruling starts (:func:`new_position`), so that they never hold more than one position's work.
# Kept from position to position they grew to hundreds of thousands of objects, each rescanned by
# every full collection of the garbage collector: a third of the CPU of 420 natural positions
# ruled in one process (docs/dev/engine-speed.md, issue 24 §5); a position's re-runs (its open
# questions, its partial ruling) are what they are for, and another position rarely meets them.
_PER_POSITION: list[Callable[[], None]] = []
_Memo = TypeVar("_Memo")


def per_position(memo: _Memo) -> _Memo:
    """Register ``memo`` (a dict, an ``lru_cache``d function, anything with ``clear``) as one
    position's: :func:`new_position` empties it."""
    _PER_POSITION.append(getattr(memo, "cache_clear", None) or memo.clear)  # type: ignore[attr-defined]
    return memo


def new_position() -> None:
    """Empty the memos of the last position's ruling (:func:`per_position`)."""
    for clear in _PER_POSITION:
        clear()


def is_placeholder(card: Optional[Card]) -> bool:
    return card is not None and card.value >= PLACEHOLDER


class Underdetermined(Exception):
    """The position is under-specified: the ruling depends on more unknown cards than the
    reasoning can split into cases.  ``cards`` names them (the cards that would decide it).

    Where a showdown's combinations were too many (issue 24 §5): ``stuck``, the branches that
    got stuck there (``replay.Stuck``), and ``leaves``, those that reached the end; from them
    ``partial.certain_part`` sets ``certain``, what every case agrees on (the fields of
    ``Ruling.certain``, and ``next_dealer`` where it is certain), None where nothing is."""

    def __init__(self, message: str, cards: tuple[str, ...] = (), stuck: tuple[Any, ...] = (),
                 leaves: tuple[Any, ...] = ()):
        super().__init__(message)
        self.cards = cards
        self.stuck, self.leaves = stuck, leaves
        self.certain: Optional[dict[str, Any]] = None
        # what the showdown may score (who loses and gains, each with his rule), every score the
        # cards allow, where that was found without splitting the cases (unknowns.Reasoner), or None
        self.scores: Optional[frozenset[Any]] = None


class Unsupported(Exception):
    """The engine does not build this reading yet (NotImplementedError).  ``path`` and ``rule``:
    the field that cannot be used under it and the rule that makes it so, where one does."""

    def __init__(self, message: str, path: str = "$", rule: Optional[str] = None):
        super().__init__(message)
        self.path, self.rule = path, rule


class CaseOutcome(NamedTuple):
    """One case of a ruling: the result (``cucu-ruling/1``'s fields) when the unknown cards are
    as ``when`` says, and the steps that got there."""

    when: list[dict[str, list[str]]]  # alternatives of {unknown card: possible cards}; [] = always
    steps: list[dict[str, Any]]
    result: dict[str, Any]
    condition: str = ""  # ``when`` as a person reads it ("Bruno was dealt V or lower"); "" = always
    # where the outcome's cases do not all play alike (issue 24 §1/§5: S4's cut, F4's talon, a hidden
    # card meeting a cat): how many of ``steps`` hold in every case (None: all of them), and each
    # play's ``when`` and its own steps after those (outcomes.plays_of)
    shared: Optional[int] = None
    plays: tuple[dict[str, Any], ...] = ()


Outcome = CaseOutcome  # the name before issue 23 (three classes were called Outcome)


class Ruling(NamedTuple):
    ok: bool
    problems: list[Problem]
    preset: str
    overrides: dict[str, Any]
    unknown: list[str]  # labels of the unknown cards the ruling had to consider
    outcomes: list[CaseOutcome]
    readings: list[dict[str, Any]]
    claim: Optional[dict[str, Any]]
    players: tuple[str, ...] = ()
    warnings: tuple[Problem, ...] = ()  # readings of the position that may not be what the table meant
    # for a rejected history: 'illegal' (under the chosen reading; valid under one of
    # ``valid_under``) or 'impossible' (under every reading of the open points)
    verdict: str = ""
    valid_under: tuple[dict[str, Any], ...] = ()
    rules: Optional[Rules] = None  # the ruleset ruled under (the text names cards as its source prints them)
    # where unknown cards decide (more than one outcome): what every outcome agrees on
    # (outcomes.certain_of: marks_lost, marks_gained, out); None with one outcome
    certain: Optional[dict[str, Any]] = None
    # where the outcomes are many (more than summary.FEW): the ruling player by player (summary.by_player:
    # players, next); None otherwise.  Where unknown cards tell two or more outcomes apart, the deal
    # told once (summary.plays: [] where it cannot be); None otherwise (not in the JSON: the text's)
    by_player: Optional[dict[str, Any]] = None
    plays: Optional[list[dict[str, Any]]] = None
    # False where :func:`~cucu_ref.services.adjudication.adjudicate` was asked for the ruling a table
    # reads alone (``every_condition=False``): another reading's cases that the text gives only by
    # their count (more than summary.FEW) keep the plain chain of their cards, not the fewest words
    # (conditions.shortest), so its JSON and its --steps text, which give each, refuse it (issue 24 §5)
    conditions_said: bool = True
