"""Where Cross Rummy's tiles sit: the board's cells on the screen, the rack and the market.

Pure arithmetic over sizes, no drawing and no table: the cells' pixels under a camera
(a grid point at the board's centre and a zoom), the camera that fits a set of cells or
keeps the point under the pointer still while zooming, how many rack tiles fit in a row
and how tall they are, the order rack tiles sit in, and where the last lays' marks go
when a lay moves their tiles. The Table keeps the camera and the rectangles of one
layout and asks these functions where things are; the painting reads the Table.
"""

from __future__ import annotations

import math

import pygame

from game.ui import theme
from game.ui.tables.cross_rummy.art import tile_size

COLOUR_ORDER = "RYBG"
ZOOM_MIN, ZOOM_MAX = 26, 110  # cell height in reference pixels
Cell = tuple[int, int]

# -- the board: cells and pixels


def cell_size(m, zoom: float) -> tuple[int, int]:
    """(width, height) of one cell in window pixels at ``zoom`` (reference pixels)."""
    ch = max(10, m.px(zoom))
    return max(8, round(ch * 0.8)), ch


def cell_rect(board: pygame.Rect, cam, size: tuple[int, int], cell) -> pygame.Rect:
    """The window rectangle of ``cell`` with the grid point ``cam`` at the board's centre."""
    cw, ch = size
    x = board.centerx + (cell[0] - cam[0]) * cw
    y = board.centery + (cell[1] - cam[1]) * ch
    return pygame.Rect(round(x), round(y), cw, ch)


def cell_at(board: pygame.Rect, cam, size: tuple[int, int], pos) -> Cell:
    """The cell under the window point ``pos``."""
    cw, ch = size
    return (
        math.floor((pos[0] - board.centerx) / cw + cam[0]),
        math.floor((pos[1] - board.centery) / ch + cam[1]),
    )


def readable_zoom(m) -> float:
    """The smallest zoom whose tile numbers are readable text (theme.readable_px): a
    table too big for the board at this size is panned, never shrunk below it."""
    digits = theme.readable_px((m.w, m.h))
    cell = digits / 0.44 / 0.9  # numbers are 0.44 of a tile; a tile ~0.9 of its cell
    return max(ZOOM_MIN, min(ZOOM_MAX, cell / m.scale))


def centred(cells) -> list[float]:
    """The camera centre on ``cells`` (a grid point; the empty table: just below the
    origin, where a first lay goes)."""
    if not cells:
        return [0.0, 0.5]
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    return [(min(xs) + max(xs) + 1) / 2, (min(ys) + max(ys) + 1) / 2]


def fitting_zoom(m, board: pygame.Rect, cells) -> float:
    """The zoom that shows every one of ``cells`` (some room around them) on ``board``,
    no larger than 72 and never below the readable zoom."""
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    cols, rows = max(xs) - min(xs) + 2.6, max(ys) - min(ys) + 3.2
    ch = min(board.h / rows, board.w / (cols * 0.8))
    return max(readable_zoom(m), min(72.0, ch / m.scale))


def zoomed_centre(board: pygame.Rect, cam, old: tuple, new: tuple, pos) -> list[float]:
    """The camera centre that keeps the grid point under ``pos`` still when the cell size
    changes from ``old`` to ``new``."""
    fx = (pos[0] - board.centerx) / old[0] + cam[0]
    fy = (pos[1] - board.centery) / old[1] + cam[1]
    return [
        fx - (pos[0] - board.centerx) / new[0],
        fy - (pos[1] - board.centery) / new[1],
    ]


# -- the rack and the market


def rack_tile_floor(floor_px: int) -> int:
    """The smallest tile height whose two-digit number (0.44 of the tile) is drawn at
    ``floor_px`` or more."""
    h = 12
    while round(h * 0.44) < floor_px:
        h += 1
    return h


def rack_key(name: str, by: str):
    """Where a rack tile sorts: by colour then number, or by number then colour; the
    event tiles last."""
    if name in ("SWAP", "DRAW3"):
        return (2, name, 0)
    c, n = COLOUR_ORDER.index(name[0]), int(name[1:])
    return (0, c, n) if by == "colour" else (0, n, c)


def rack_plan(m, count: int, width: int, height: int, largest: int) -> tuple[int, int]:
    """(tile height, tiles per row) for ``count`` rack tiles side by side, never on
    top of each other (a tile half under its neighbour hides its number), in a rack
    ``width`` by ``height``: as large as the rows allow up to ``largest``, down to the
    smallest tile whose numbers are readable text (then the rack needs more rows than
    fit)."""
    gap, row_gap, pad = m.px(6), m.px(6), m.px(14)
    smallest = rack_tile_floor(m.floor_px())
    h = max(smallest, largest)
    while True:
        w = tile_size(h)[0]
        per_row = max(1, (width - 2 * m.px(8) + gap) // (w + gap))
        rows = max(1, math.ceil(count / per_row))
        if h <= smallest or pad + rows * (h + row_gap) - row_gap + m.px(8) <= height:
            return h, per_row
        h -= 1


def rack_height_for(m, count: int, width: int, largest: int) -> int:
    """The height a rack of ``count`` tiles needs at the smallest readable tiles."""
    h, per_row = rack_plan(m, count, width, 0, largest)
    rows = max(1, math.ceil(count / per_row))
    return m.px(14) + rows * (h + m.px(6)) - m.px(6) + m.px(8)


def rack_slots(m, names: list[str], rack: pygame.Rect, largest: int) -> list:
    """[(name, rectangle)] of the rack tiles in rows centred in ``rack``."""
    h, per_row = rack_plan(m, len(names), rack.w, rack.h, largest)
    w = tile_size(h)[0]
    gap, row_gap = m.px(6), m.px(6) if h < largest else m.px(10)
    rows = [names[i : i + per_row] for i in range(0, len(names), per_row)]
    top = rack.y + m.px(14)
    slots = []
    for r, row in enumerate(rows):
        total = w * len(row) + gap * (len(row) - 1)
        x0 = rack.centerx - total // 2
        for i, name in enumerate(row):
            slots.append((name, pygame.Rect(x0 + i * (w + gap), top + r * (h + row_gap), w, h)))
    return slots


def market_slots(m, names, side: pygame.Rect) -> list:
    """[(name, rectangle)] of the market tiles, three to a row at the side panel's top."""
    h = m.px(82)
    w, __ = tile_size(h)
    gap = m.px(14)
    x0 = side.centerx - (3 * w + 2 * gap) // 2
    y0 = side.y + m.px(56)
    slots = []
    for i, name in enumerate(names):
        r, c = divmod(i, 3)
        slots.append((name, pygame.Rect(x0 + c * (w + gap), y0 + r * (h + gap), w, h)))
    return slots


# -- the last lays' marks


def remap_marks(marks: dict, seat: int, before: dict, after: dict, moved: dict) -> dict:
    """The last-lay marks after ``seat`` lays: ``seat``'s are this lay's rack tiles and
    moved tiles; the others follow their tiles when this lay moved them, and a mark
    whose tile has left its cell is dropped."""
    out = {}
    for s, mk in marks.items():
        if s == seat:
            continue
        new = {moved.get(c, c) for c in mk["new"] if after.get(moved.get(c, c)) == before.get(c)}
        shifted = {}
        for c, src in mk["moved"].items():
            if after.get(moved.get(c, c)) == before.get(c):
                shifted[moved.get(c, c)] = src if c not in moved else c
        if new or shifted:
            out[s] = {"new": new, "moved": shifted}
    came = {dst: src for src, dst in moved.items()}
    fresh = {c for c, n in after.items() if before.get(c) != n and c not in came}
    out[seat] = {"new": fresh, "moved": came}
    return out
