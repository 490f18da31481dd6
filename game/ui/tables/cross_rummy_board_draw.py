"""Drawing the Cross Rummy board: the grid, the tiles laid (yours and on the table),
the engine's problem badges and the pan/zoom hint (the rest of the table is drawn by
cross_rummy_draw.py)."""

from __future__ import annotations

import pygame

from game.ui import cards, theme
from game.ui.tables.cross_rummy_art import tile

GRID = (0x2A, 0x5C, 0x47)
GRID_AXIS = (0x31, 0x68, 0x51)
BOARD = (0x1A, 0x45, 0x34)


def blit_tile(surface, img, rect: pygame.Rect, shadow: bool = True) -> None:
    if shadow:
        sh = cards.card_shadow(img.get_size())
        ox, oy = cards.shadow_offset(img.get_size())
        surface.blit(sh, (rect.x + ox, rect.y + oy))
    surface.blit(img, rect)


def draw_board(t, surface) -> None:
    m, board = t.m, t.board
    theme.draw_panel(surface, board.inflate(m.px(8), m.px(8)), m.px(14), colour=BOARD, alpha=200)
    dragged = t.press["cell"] if t.press and t.press["kind"] == "cell" and t.press["drag"] else None
    key = (
        tuple(board),
        t.cell_size(),
        tuple(t.cam),
        tuple(sorted(t.work.items())),
        frozenset(t.own),
        tuple(sorted(t.bad)),
        frozenset(t.fresh) if not t.changed() else None,
        dragged,
    )
    if getattr(t, "_board_key", None) != key:
        layer = pygame.Surface(board.size)
        layer.blit(surface, (0, 0), board)  # the felt and panel underneath
        _render_board(t, layer, dragged)
        t._board_layer, t._board_key = layer, key
    surface.blit(t._board_layer, board)
    cw, _ = t.cell_size()
    surface.set_clip(board)
    if t.my_turn():
        radius = max(3, cw // 7)
        if t.held is not None:
            rect = t.cell_rect(t.held)
            pygame.draw.rect(
                surface,
                theme.GOLD,
                rect.inflate(4, 4),
                width=max(3, cw // 12),
                border_radius=radius,
            )
        if t.cursor is not None:
            rect = t.cell_rect(t.cursor)
            pygame.draw.rect(
                surface, theme.TEXT, rect, width=max(2, cw // 16), border_radius=radius
            )
    _draw_problem_badges(t, surface)
    # the landing cell while dragging
    p = t.press
    if (
        p
        and p["drag"]
        and p["kind"] in ("rack", "cell")
        and board.collidepoint(p["pos"])
        and t.my_turn()
    ):
        target = t.cell_at(p["pos"])
        free = target not in t.work or (p["kind"] == "cell" and target == p["cell"])
        colour = theme.GOLD if free else theme.ERROR
        pygame.draw.rect(
            surface,
            colour,
            t.cell_rect(target),
            width=max(2, cw // 18),
            border_radius=max(3, cw // 7),
        )
    surface.set_clip(None)
    if not t.work:
        msg = "The table is empty: the first player opens with a set or run of 3+ tiles"
        theme.blit_text(surface, msg, m.font_px(24), board.center, theme.TEXT_DIM, False, "center")
    _draw_zoom_hint(t, surface)


def _render_board(t, layer, dragged) -> None:
    """Grid lines and tiles into a board-sized layer (cached until something changes)."""
    board = t.board
    ox, oy = -board.x, -board.y
    w, h = board.size
    cw, ch = t.cell_size()
    x0, y0 = t.cell_at(board.topleft)
    x1, y1 = t.cell_at(board.bottomright)
    for x in range(x0, x1 + 2):
        sx = t.cell_rect((x, 0)).x + ox
        pygame.draw.line(layer, GRID, (sx, 0), (sx, h), 1)
    for y in range(y0, y1 + 2):
        sy = t.cell_rect((0, y)).y + oy
        pygame.draw.line(layer, GRID, (0, sy), (w, sy), 1)
    gap = max(1, cw // 20)
    th = ch - 2 * gap
    fresh = t.fresh if not t.changed() else ()
    radius = max(3, cw // 7)
    for cell, name in t.work.items():
        if cell == dragged:
            continue
        r = t.cell_rect(cell).move(ox, oy)
        if not r.colliderect(layer.get_rect()):
            continue
        img = tile(name, th)
        rect = img.get_rect(center=r.center)
        if cell in fresh:
            pygame.draw.rect(
                layer, theme.GOLD, rect.inflate(gap * 2 + 2, gap * 2 + 2), border_radius=radius
            )
        blit_tile(layer, img, rect, shadow=cw >= 30)
        if cell in t.own:
            pygame.draw.rect(
                layer,
                theme.SUCCESS,
                rect.inflate(2, 2),
                width=max(2, cw // 22),
                border_radius=radius,
            )
        if cell in t.bad:
            pygame.draw.rect(
                layer,
                theme.ERROR,
                rect.inflate(gap * 2, gap * 2),
                width=max(2, cw // 14),
                border_radius=radius,
            )


def _draw_problem_badges(t, surface) -> None:
    """A numbered red badge at the first cell of every problem that marks cells."""
    m = t.m
    r = max(9, m.px(13))
    for i, p in enumerate(t.problems):
        if not p.cells or p.kind == "groups":
            continue
        first = min(p.cells, key=lambda c: (c[1], c[0]))
        rect = t.cell_rect(first)
        c = (rect.x + m.px(2), rect.y + m.px(2))
        pygame.draw.circle(surface, theme.ERROR, c, r)
        pygame.draw.circle(surface, theme.TEXT, c, r, max(1, r // 6))
        theme.blit_text(surface, str(i + 1), max(12, round(r * 1.2)), c, theme.TEXT, True, "center")


def _draw_zoom_hint(t, surface) -> None:
    m = t.m
    size = m.font_px(17)
    text = "drag the felt or arrows to pan · wheel or +/− to zoom · C centres"
    room = t.board.w - m.px(30)
    if theme.font(size).size(text)[0] > room:
        text = "pan: drag · zoom: wheel, +/−"
        if theme.font(size).size(text)[0] > room:
            return
    pos = (t.board.right - m.px(10), t.board.bottom - m.px(6))
    theme.blit_text(surface, text, size, pos, theme.TEXT_DIM, False, "bottomright")
