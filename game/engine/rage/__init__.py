"""Rage: trick-taking with predictions, trump revealed from the deck, and action cards.

The rules module: ``new_game(options, seed)``, the ``State`` and its ``View``, and
the rules oracle ``trick_winner(plays, trump)`` and ``round_points(prediction,
tricks, bonus, *, all_tricks_bonus=False)``. Notation and the deck are in
``game.engine.rage.cards``; the match state in ``game.engine.rage.state``; a lesson's
prepared deal in ``game.engine.rage.lesson``.
"""

from game.engine.rage.cards import (
    ACTION_KINDS,
    GAME_ID,
    Deck,
    build_deck,
    check_level,
    deck,
    level,
    round_points,
    trick_winner,
)
from game.engine.rage.lesson import LESSON_MENTIONS
from game.engine.rage.state import State, View, new_game

__all__ = [
    "ACTION_KINDS",
    "GAME_ID",
    "LESSON_MENTIONS",
    "Deck",
    "State",
    "View",
    "build_deck",
    "check_level",
    "deck",
    "level",
    "new_game",
    "round_points",
    "trick_winner",
]
