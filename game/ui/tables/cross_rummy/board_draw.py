"""Drawing the Cross Rummy board: the grid, the tiles laid (yours and on the table),
the engine's problem badges and the pan/zoom hint (the rest of the table is drawn by
draw.py)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.services.i18n import _, msg
from game.ui import cards, theme
from game.ui.tables.cross_rummy.art import tile, tile_edge

GRID = (0x2A, 0x5C, 0x47)
MOVED = (0x56, 0xB4, 0xE9)  # sky blue: a table tile that moved in a player's last lay
GRID_AXIS = (0x31, 0x68, 0x51)
BOARD = (0x1A, 0x45, 0x34)


@dataclass
class BoardLayer:
    """The board drawn once into a surface and blitted each frame until what it shows
    (``key``: the grid, the camera, the tiles, the marks) changes. The table owns one."""

    key: tuple | None = None
    surface: pygame.Surface | None = None


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
        tuple(sorted(t.draft.cells.items())),
        frozenset(t.draft.own),
        tuple(sorted(t.draft.bad)),
        marks_key(t) if not t.draft.changed() and not t.hint else None,
        dragged,
    )
    cached = t.board_layer
    if cached.key != key:
        layer = pygame.Surface(board.size)
        layer.blit(surface, (0, 0), board)  # the felt and panel underneath
        _render_board(t, layer, dragged)
        cached.surface, cached.key = layer, key
    surface.blit(cached.surface, board)
    cw, __ = t.cell_size()
    surface.set_clip(board)
    _draw_hint(t, surface)
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
        free = target not in t.draft.cells or (p["kind"] == "cell" and target == p["cell"])
        colour = theme.GOLD if free else theme.ERROR
        pygame.draw.rect(
            surface,
            colour,
            t.cell_rect(target),
            width=max(2, cw // 18),
            border_radius=max(3, cw // 7),
        )
    surface.set_clip(None)
    if not t.draft.cells and not t.anim.busy():  # not under tiles flying to the table
        empty = msg("The table is empty: the first player opens with a set or run of 3+ tiles")
        theme.blit_text(
            surface, empty, m.font_px(24), board.center, theme.TEXT_DIM, False, "center"
        )
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
    marks = t.marks.values() if not t.draft.changed() and not t.hint else ()
    fresh = {c for mk in marks for c in mk["new"]}
    moved = {c: src for mk in marks for c, src in mk["moved"].items()}
    radius = max(3, cw // 7)
    for cell, name in t.draft.cells.items():
        if cell == dragged:
            continue
        r = t.cell_rect(cell).move(ox, oy)
        if not r.colliderect(layer.get_rect()):
            continue
        img = tile(name, th)
        rect = img.get_rect(center=r.center)
        if not layer.get_rect().contains(rect):
            img = tile_edge(name, th)  # partly past the edge: no number cut in two
        if cell in fresh:
            pygame.draw.rect(
                layer, theme.GOLD, rect.inflate(gap * 2 + 2, gap * 2 + 2), border_radius=radius
            )
        if cell in moved:
            pygame.draw.rect(
                layer, MOVED, rect.inflate(gap * 2 + 2, gap * 2 + 2), border_radius=radius
            )
        blit_tile(layer, img, rect, shadow=cw >= 30)
        if cell in t.draft.own:
            pygame.draw.rect(
                layer,
                theme.SUCCESS,
                rect.inflate(2, 2),
                width=max(2, cw // 22),
                border_radius=radius,
            )
        if cell in t.draft.bad:
            pygame.draw.rect(
                layer,
                theme.ERROR,
                rect.inflate(gap * 2, gap * 2),
                width=max(2, cw // 14),
                border_radius=radius,
            )

    for cell, src in moved.items():  # where each moved tile came from
        if cell in t.draft.cells and cell != dragged:
            a = t.cell_rect(src).move(ox, oy).center
            b = t.cell_rect(cell).move(ox, oy)
            arrow(layer, MOVED, a, b, max(2, cw // 14))


def marks_key(t):
    return tuple(
        (s, frozenset(mk["new"]), tuple(sorted(mk["moved"].items())))
        for s, mk in sorted(t.marks.items())
    )


def arrow(surface, colour, start, target: pygame.Rect, width: int) -> None:
    """A line from ``start`` ending in a head at the edge of ``target``."""
    end = target.center
    dx, dy = end[0] - start[0], end[1] - start[1]
    dist = math.hypot(dx, dy)
    if dist < 1:
        return
    ux, uy = dx / dist, dy / dist
    # stop at the target's edge, so the head points at the tile and does not cover it
    k = min(target.w / 2 / abs(ux) if ux else math.inf, target.h / 2 / abs(uy) if uy else math.inf)
    tip = (end[0] - ux * k, end[1] - uy * k)
    if dist - k < width * 3:
        return
    head = width * 3
    base = (tip[0] - ux * head, tip[1] - uy * head)
    pygame.draw.line(surface, colour, start, base, width)
    left = (base[0] - uy * head * 0.7, base[1] + ux * head * 0.7)
    right = (base[0] + uy * head * 0.7, base[1] - ux * head * 0.7)
    pygame.draw.polygon(surface, colour, [tip, left, right])


def _draw_hint(t, surface) -> None:
    """The hinted lay, for the seat at the screen: ghosts where rack tiles would go, and
    the table tiles it moves outlined with an arrow to their ghost."""
    h = t.hint
    if not h or h["kind"] != "lay" or not t.my_turn():
        return
    cw, ch = t.cell_size()
    gap = max(1, cw // 20)
    radius = max(3, cw // 7)
    width = max(2, cw // 12)
    leaving = {src for src, __, ___ in h["moved"]}
    for cell, name in list(h["added"].items()) + [(d, n) for __, d, n in h["moved"]]:
        r = t.cell_rect(cell)
        if cell in leaving:  # the tile there moves away: its cell shows empty under the ghost
            surface.fill(theme.FELT, r)
        img = tile(name, ch - 2 * gap)
        if not t.board.contains(img.get_rect(center=r.center)):
            img = tile_edge(name, ch - 2 * gap)  # partly past the edge: no number cut in two
        img = img.copy()
        img.set_alpha(150)
        rect = img.get_rect(center=r.center)
        surface.blit(img, rect)
        colour = theme.TEXT if cell in h["added"] else MOVED
        pygame.draw.rect(surface, colour, rect.inflate(4, 4), width=width, border_radius=radius)
    for src, dst, __ in h["moved"]:
        r = t.cell_rect(src)
        pygame.draw.rect(surface, MOVED, r.inflate(2, 2), width=width, border_radius=radius)
        arrow(surface, MOVED, r.center, t.cell_rect(dst), width)


def badge_spots(t) -> list[tuple[tuple[int, int], int, int]]:
    """(centre, radius, number) of the numbered badge at the first cell of every problem
    that names cells: drawn here, pointed at in input.py (its whole reason then shows)."""
    m = t.m
    r = max(9, m.px(13))
    out = []
    for i, p in enumerate(t.draft.problems):
        if not p.cells or p.kind == "groups":
            continue
        first = min(p.cells, key=lambda c: (c[1], c[0]))
        rect = t.cell_rect(first)
        out.append(((rect.x + m.px(2), rect.y + m.px(2)), r, i + 1))
    return out


def _draw_problem_badges(t, surface) -> None:
    """A numbered red badge at the first cell of every problem that marks cells."""
    for c, r, number in badge_spots(t):
        pygame.draw.circle(surface, theme.ERROR, c, r)
        pygame.draw.circle(surface, theme.TEXT, c, r, max(1, r // 6))
        theme.blit_text(
            surface, str(number), max(12, round(r * 1.2)), c, theme.TEXT, True, "center"
        )


def _draw_zoom_hint(t, surface) -> None:
    m = t.m
    size = m.font_px(17)
    text = _("drag the felt or arrows to pan · wheel or +/− to zoom · C centres")
    room = t.board.w - m.px(30)
    if theme.font(size).size(text)[0] > room:
        text = _("pan: drag · zoom: wheel, +/−")
        if theme.font(size).size(text)[0] > room:
            return
    img = theme.text(text, size, theme.TEXT_DIM)
    rect = img.get_rect(bottomright=(t.board.right - m.px(10), t.board.bottom - m.px(6)))
    if any(rect.colliderect(t.cell_rect(c)) for c in t.draft.cells):
        return  # never over a tile (the keys are in the rules help too)
    # on a panel of its own: tiles under it stay tiles, the words stay readable
    theme.draw_panel(surface, rect.inflate(m.px(14), m.px(6)), m.px(8), alpha=190)
    theme.blit_text(surface, text, size, rect.bottomright, theme.TEXT_DIM, False, "bottomright")
