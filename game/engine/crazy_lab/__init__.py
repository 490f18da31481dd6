"""Crazy Lab: a secret plus colour, a public minus colour, and a pile of trump cards.

The rules module: ``new_game(options, seed)``, the ``State`` and its ``View``, and the
rules oracle ``trick_winner(...)`` and ``round_points(...)``. The cards and the deck are
in ``game.engine.crazy_lab.cards``, the reasons a move is refused in
``game.engine.crazy_lab.refusal``, the match state in ``game.engine.crazy_lab.state``.
"""

from game.engine.crazy_lab.cards import (
    GAME_ID,
    Deck,
    build_deck,
    check_level,
    deck,
    level,
    round_points,
    trick_winner,
    winner_index,
)
from game.engine.crazy_lab.lesson import LESSON_MENTIONS
from game.engine.crazy_lab.state import State, View, new_game

__all__ = [
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
    "winner_index",
]
