"""The parts of the Cross Rummy table a lesson's coach can ring (``assets/lessons``)."""

from __future__ import annotations

import pygame

import game.ui.tables.rings as rings
from game.services.i18n import _
from game.ui import theme


def lesson_ring(table, target: str) -> pygame.Rect | None:
    """Where ``target`` is on the table now, or None: ``hand`` (the rack) or
    ``hand:<tile>``, ``board``, ``cell:<x>_<y>`` (a cell of the grid), ``tile:<tile>`` (that
    tile on the table), ``market`` or ``market:<tile>``, ``done``, ``give`` (Pass 2 tiles
    left), ``groups`` (the group counter), ``seat:<n>`` (a plate)."""
    part, _sep, detail = target.partition(":")
    if part == "hand":
        return rings.union(r for name, r in table.rack_slots if not detail or name == detail)
    if part == "board":
        return table.board.copy()
    if part == "cell":
        x, _sep, y = detail.partition("_")
        try:
            cell = table.cell_rect((int(x), int(y)))
        except ValueError:
            return None
        return cell if table.board.contains(cell) else None
    if part == "tile":
        cells = [table.cell_rect(c) for c, name in table.draft.cells.items() if name == detail]
        return rings.union(r for r in cells if table.board.contains(r))
    if part == "market":
        return rings.union(r for name, r in table.market_slots if not detail or name == detail)
    if part == "done":
        return table.done_button.rect.copy()
    if part == "give":
        return table.give_button.rect.copy()
    if part == "groups":
        return _groups_line(table)
    if part == "seat":
        return rings.plate(table, detail, lambda seat: _opponent_plate(table, seat))
    return None


def _groups_line(table) -> pygame.Rect:
    """The "Groups  2 of 3" line of the side panel (drawn under the market and the bag)."""
    m, side = table.m, table.side
    y = table.market_row.bottom + m.px(14) + m.px(42)
    height = max(theme.font(m.font_px(23), True).get_height(), m.px(28))
    return pygame.Rect(side.x + m.px(10), y - m.px(4), side.w - m.px(20), height + m.px(8))


def _opponent_plate(table, seat: int) -> pygame.Rect | None:
    """An opponent's plate, in the top row (the player's own is beside the rack), read
    back from the centres the drawing records (``draw._draw_top`` puts the plates side by
    side from the right of the round's title, at the top of the table)."""
    if seat not in table.seat_points or table.view is None:
        return None
    m, a = table.m, table.area
    title_w = max(
        theme.font(m.font_px(26), True).size(
            _("Round {round} of {rounds}").format(round=table.view.round, rounds=table.view.rounds)
        )[0],
        theme.font(m.font_px(19)).size(_("lowest total wins"))[0],
    )
    gap = m.px(18)
    left = max(a.x + m.px(260), a.x + m.px(24) + title_w + gap)
    top = a.y + m.px(12)
    for other in table.seat_order()[1:]:
        cx, cy = table.seat_points.get(other, (left, top))
        rect = pygame.Rect(left, top, 2 * (cx - left), 2 * (cy - top))
        if other == seat:
            return rect
        left = rect.right + gap
    return None
