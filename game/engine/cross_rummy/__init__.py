"""Cross Rummy: rummy tiles laid crossword-style on an unbounded grid.

Modules by job: ``tiles`` (ids and notation), ``data`` (level file, View), ``events``
(Swap and Draw Three, as functions of the state), ``grid`` (lines, groups, problems and
the ``check_table`` oracle), ``lay`` (the lay action and its validation), ``search``
(lay finding shared with the bots), ``rearrange`` (lays that move a table tile),
``lesson`` and ``state`` (the match: turns, draws and takes, lays, scoring).
See ``state`` for the actions and ``lay`` for the lay encoding.
"""

from game.engine.cross_rummy.data import check_level
from game.engine.cross_rummy.grid import (
    Problem,
    check_table,
    layout_problems,
    line_reason,
    parse_rows,
)
from game.engine.cross_rummy.lay import decode_lay, encode_lay
from game.engine.cross_rummy.lesson import LESSON_MENTIONS, lesson_action, lesson_unseen
from game.engine.cross_rummy.state import GAME_ID, State, View, level, new_game, rules_data
from game.engine.cross_rummy.tiles import DRAW3, SWAP, label, parse_face, pretty

__all__ = [
    "DRAW3",
    "GAME_ID",
    "LESSON_MENTIONS",
    "SWAP",
    "Problem",
    "State",
    "View",
    "check_level",
    "check_table",
    "decode_lay",
    "encode_lay",
    "label",
    "layout_problems",
    "lesson_action",
    "lesson_unseen",
    "level",
    "line_reason",
    "new_game",
    "parse_face",
    "parse_rows",
    "pretty",
    "rules_data",
]
