"""A round's end on screen: the position the round ended in, which the table shows under
the round's score sheet, and that sheet.

The position is the engine's (``rounds.position_before_next_deal``): the round's last
move played with the next deal withheld, so the sheet goes over the last trick, the
emptied hands and the board, not over the next deal. The session holds only the state
after the move, so the game is replayed from its seed up to the move before.
"""

from __future__ import annotations

import pygame

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
        sheet = own(names, rows, words, over)
    else:
        unit = getattr(table, "sheet_unit", "round")  # the sheet's rows: rounds or games
        sheet = ScoreSheet(names, rows, table.score_notes, words, over, lambda: None, unit)
    sheet.placement = lambda rect, folded: sheet_spot(
        rect, table.area, table.position_rect(), table.m.px(16), folded
    )
    return sheet


def sheet_spot(
    rect: pygame.Rect, area: pygame.Rect, keep: pygame.Rect, gap: int, folded: bool
) -> pygame.Rect:
    """Where a sheet of ``rect``'s size goes over a table of ``area``: clear of ``keep``,
    the part of the table its last position is read in (the pile, the trick, the board),
    below it, above it or beside it, whichever fits first inside the area; where none
    does, the spot that covers least of it (the sheet then folds to a bar, which goes at
    the bottom of the area, where the player's own hand is). A sheet wider than the area
    keeps to the window's left of the area's right edge as far as it can."""
    bounds = area.inflate(-2 * gap, -2 * gap)
    if rect.w > bounds.w:
        bounds.w = rect.w
        bounds.right = max(rect.w, area.right)
    spot = pygame.Rect(rect)
    if folded:
        spot.midbottom = (area.centerx, area.bottom - gap)
        return spot.clamp(bounds)
    tries = []
    for anchor, point in (
        ("midtop", (keep.centerx, keep.bottom + gap)),  # below
        ("midbottom", (keep.centerx, keep.top - gap)),  # above
        ("midleft", (keep.right + gap, keep.centery)),  # right of it
        ("midright", (keep.left - gap, keep.centery)),  # left of it
    ):
        spot = pygame.Rect(rect)
        setattr(spot, anchor, point)
        spot = spot.clamp(bounds)
        if not spot.colliderect(keep.inflate(gap, gap)):  # clear of it, by half the gap
            return spot
        tries.append(spot)
    return min(tries, key=lambda s: s.clip(keep).w * s.clip(keep).h)
