"""cucu-ref: the reference implementation and rules adjudicator for the Cucù family."""

from .cards import PACKS, Card, CardNameError, Pack
from .deal import DealSetupError, deal_order, deal_stack, start_deal
from .engine import IllegalActionError, is_chance, legal_actions, new_match, seat_by_draw, shuffled_stack, step
from .rulesets import OPTIONS, PRESETS, Rules, RulesetError, preset
from .state import Action, ActionKind, Event, Phase, State

__version__ = "0.1.0"

__all__ = [
    "Action", "ActionKind", "Card", "CardNameError", "DealSetupError", "Event", "IllegalActionError", "OPTIONS",
    "PACKS", "Pack", "PRESETS", "Phase", "Rules", "RulesetError", "State", "deal_order", "deal_stack", "is_chance",
    "legal_actions", "new_match", "preset", "seat_by_draw", "shuffled_stack", "start_deal", "step",
]
