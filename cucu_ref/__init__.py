"""cucu-ref: the reference implementation and rules adjudicator for the Cucù family."""

from .game.cards import PACKS, Card, CardNameError, Pack
from .game.deal import DealSetupError, deal_order, deal_stack, start_deal
from .game.engine import (
    IllegalActionError, is_chance, legal_actions, new_match, seat_by_draw, shuffled_stack, step,
)
from .game.rulesets import OPTIONS, PRESETS, Rules, RulesetError, preset
from .game.state import Action, ActionKind, Event, Phase, State

__version__ = "0.2.0"

__all__ = [
    "Action", "ActionKind", "Card", "CardNameError", "DealSetupError", "Event", "IllegalActionError", "OPTIONS",
    "PACKS", "Pack", "PRESETS", "Phase", "Rules", "RulesetError", "State", "deal_order", "deal_stack", "is_chance",
    "legal_actions", "new_match", "preset", "seat_by_draw", "shuffled_stack", "start_deal", "step",
]
