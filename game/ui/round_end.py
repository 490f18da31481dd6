"""A round's end on screen: the position the round ended in, which the table shows under
the round's score sheet, and that sheet.

The position is the engine's (``rounds.position_before_next_deal``): the round's last
move played with the next deal withheld, so the sheet goes over the last trick, the
emptied hands and the board, not over the next deal. The session holds only the state
after the move, so the game is replayed from its seed up to the move before.
"""

from __future__ import annotations

from game.engine.core import replay
from game.engine.rounds import position_before_next_deal
from game.ui.score_sheet import ScoreSheet


def round_end_position(session):
    """The position the session's last move ended its round in; the game's own state
    once the match is over. None when the log does not replay to the same round (a
    position set up by hand), so the sheet never shows another game's cards."""
    state = session.state
    if state.is_over():
        return state
    actions = state.actions
    try:
        before = replay(session.module, dict(session.options), session.seed, actions[:-1])
        ended = position_before_next_deal(before, actions[-1])
    except Exception:  # not this seed's log
        return None
    history = getattr(state, "history", None)
    if not history or ended.history[-1:] != history[-1:]:
        return None
    return ended


def sheet_dialog(table, names: list[str], rows: list[dict], words: str, over: bool):
    """The score sheet of ``rows`` under the heading ``words``: the table's own sheet when
    it draws one (``score_sheet``), else the shared ``ScoreSheet``."""
    own = getattr(table, "score_sheet", None)
    if own is not None:
        return own(names, rows, words, over)
    unit = getattr(table, "sheet_unit", "round")  # the sheet's rows: rounds or games
    return ScoreSheet(names, rows, table.score_notes, words, over, lambda: None, unit)
