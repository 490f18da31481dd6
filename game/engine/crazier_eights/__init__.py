"""Crazier Eights: assets, events and wild eights, with the deck written as data.

Modules by job: ``deck`` (loading the cards and the effect vocabulary), ``effects``
(the interpreter of that vocabulary), ``timing`` (triggers, ordering, draws,
destruction, losing and winning) and ``state`` (setup, phases, actions, views).
"""

from game.engine.crazier_eights.deck import (
    COLOURS,
    EIGHT,
    GAME_ID,
    CardDef,
    card,
    cards,
    check_level,
    level,
    load_cards,
)
from game.engine.crazier_eights.lesson import LESSON_MENTIONS, lesson_unseen
from game.engine.crazier_eights.state import State, View, can_discard, current_colours, new_game
from game.engine.crazier_eights.timing import Decision

__all__ = [
    "COLOURS",
    "EIGHT",
    "GAME_ID",
    "LESSON_MENTIONS",
    "CardDef",
    "Decision",
    "State",
    "View",
    "can_discard",
    "card",
    "cards",
    "check_level",
    "current_colours",
    "lesson_unseen",
    "level",
    "load_cards",
    "new_game",
]
