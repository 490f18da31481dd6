"""Crazy Eights: match the top card's suit or rank, or play a wild eight and name a suit.

The rules module: ``new_game(options, seed)``, the ``State`` and its ``View``, and the
rules oracle ``can_play(card, top, named_suit)`` and ``hand_points(cards)``. The
card tables (``PLAYABLE``, ``SUIT_INDEX``, ``CARD_BY_ACTION``, ``EIGHT_ACTIONS``, which
the bots read too) and the action notation are in ``game.engine.crazy_eights.notation``; the
match state in ``game.engine.crazy_eights.state``, what a seat sees in ``view``, the
words for a refused action in ``refusal``, a lesson's prepared deal in ``lesson``.
"""

from game.engine.cards import NAMES, SUIT_NAMES, SUIT_SYMBOLS, SUITS, parse, pretty
from game.engine.core import detached
from game.engine.crazy_eights.lesson import prepared_deck
from game.engine.crazy_eights.notation import CARD_BY_ACTION, EIGHT_ACTIONS, PLAYABLE, SUIT_INDEX
from game.engine.crazy_eights.state import (
    CARD_POINTS,
    DRAW_CARD,
    DRAW_LIMIT,
    EIGHT,
    GAME_ID,
    Event,
    IllegalAction,
    Level,
    LevelError,
    MsgList,
    State,
    can_play,
    check_level,
    excerpt,
    game_end,
    hand_points,
    kept,
    leaders,
    level,
    load_level,
    msg,
    new_game,
    seat_ref,
    shared_ranking,
    shuffled_deck,
)
from game.engine.crazy_eights.view import View

__all__ = [
    "CARD_BY_ACTION",
    "CARD_POINTS",
    "DRAW_CARD",
    "DRAW_LIMIT",
    "EIGHT",
    "EIGHT_ACTIONS",
    "GAME_ID",
    "NAMES",
    "PLAYABLE",
    "SUITS",
    "SUIT_INDEX",
    "SUIT_NAMES",
    "SUIT_SYMBOLS",
    "Event",
    "IllegalAction",
    "Level",
    "LevelError",
    "MsgList",
    "State",
    "View",
    "can_play",
    "check_level",
    "detached",
    "excerpt",
    "game_end",
    "hand_points",
    "kept",
    "leaders",
    "level",
    "load_level",
    "msg",
    "new_game",
    "parse",
    "prepared_deck",
    "pretty",
    "seat_ref",
    "shared_ranking",
    "shuffled_deck",
]
