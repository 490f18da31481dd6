"""Crazier Eights: assets, events and wild eights, with the deck written as data.

Modules by job, from the bottom up:

- ``deck``: the cards and the effect vocabulary, parsed from the level file;
- ``protocol``: what the State and the rules share (``Table``, ``Decision``, ``Ctx``,
  the exceptions that unwind the flow); ``words``: card names in log lines;
- ``selectors`` (counts and conditions read from the table) and ``choices`` (picks a
  seat is asked for);
- ``reactions``: draws and destructions, as Castle, Camelot and the protectors change
  them;
- ``effects``: one function per primitive, looked up by its name in ``EFFECTS``;
- ``abilities``: running an ability's steps; ``timing``: when triggered abilities fire
  and in which order;
- ``options`` (the main phase's option entries), ``view`` (what a seat sees), ``lesson``;
- ``flow``: the turn flow, the table's turns through their phases, as one generator;
- ``state``: the ``State`` (the table, its deal and scoring, the engine contract, driving
  the flow) and ``new_game``.

No class inherits rules: the rules are functions taking the State first.
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
from game.engine.crazier_eights.protocol import Decision
from game.engine.crazier_eights.state import State, View, can_discard, current_colours, new_game

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
