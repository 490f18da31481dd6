"""Where Cross Rummy's parts sit: the table's rectangles, the board's cells on the
screen, the rack and the market.

Pure arithmetic over sizes, no drawing and no table: the rectangles of the board, the
rack, the side panel, your plate and the buttons for a window area (a frozen
``TableLayout``), the cells' pixels under a camera
(a grid point at the board's centre and a zoom), the camera that fits a set of cells or
keeps the point under the pointer still while zooming, how many rack tiles fit in a row
and how tall they are, the order rack tiles sit in, and where the last lays' marks go
when a lay moves their tiles. The Table keeps the camera and the rectangles of one
layout and asks these functions where things are; the painting reads the Table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.services.i18n import _, ngettext
from game.ui import theme
from game.ui.tables.cross_rummy.art import tile_size
from game.ui.widgets import button_width

COLOUR_ORDER = "RYBG"
ZOOM_MIN, ZOOM_MAX = 26, 110  # cell height in reference pixels
Cell = tuple[int, int]

# -- the table's rectangles


@dataclass(frozen=True)
class TableLayout:
    """Where the table's parts sit for a window area (window pixels)."""

    rack_h: int  # the rack's largest tiles
    rack_base_h: int  # the rack's height for two rows of its largest tiles
    rack_rect: pygame.Rect
    board: pygame.Rect
    last_rect: pygame.Rect  # the last move's line, a strip of its own above the board
    side: pygame.Rect  # the market, the bag and the groups beside the board
    plate_rect: pygame.Rect  # your plate beside the rack
    status_y: int  # the middle of the status line under the board
    buttons: dict  # a button's name -> (rectangle, text px)


def table_layout(area: pygame.Rect, m, rack_count: int, labels: list[str]) -> TableLayout:
    """The rectangles for ``area`` at metrics ``m``, a rack of ``rack_count`` tiles and
    the buttons beside it as wide as the longest of ``labels`` needs."""
    a = area
    top_h = m.px(148)  # the top plates and the "thinking…" note under them
    # the last move's line has a strip of its own above the board: over the board
    # it would cover tiles
    last_h = theme.font(m.font_px(18)).get_linesize() + m.px(12)
    # as wide as its widest line needs ("Beutel  50 Steine"): a short window (a replay's
    # room above its bar) scales it narrower than its words
    label_font, value_font = theme.font(m.font_px(21)), theme.font(m.font_px(23), True)
    side_lines = (
        (_("Bag"), ngettext("{n} tile", "{n} tiles", 88).format(n=88)),
        (_("Groups"), _("{n} of {limit}").format(n=8, limit=8)),
    )
    words_w = max(label_font.size(a)[0] + value_font.size(b)[0] for a, b in side_lines)
    side_w = max(m.px(300), words_w + m.px(40) + m.floor_px())
    rack_h = m.px(72)
    bottom_h = rack_base_h = 2 * rack_h + m.px(40)
    # your plate is as wide as its longest line ("11 tiles · not opened yet")
    f = theme.font(m.font_px(21))
    widest = ngettext("{n} tile", "{n} tiles", 88).format(n=88) + " · " + _("not opened yet")
    plate_w = max(m.px(250), f.size(widest)[0] + m.px(40))
    left = m.px(20) + plate_w + m.px(20)
    # the buttons beside the rack are as wide as their longest label needs ("Tipp
    # anwenden", "Zurücksetzen"), the rack gives up the room
    bh, gap, fpx = m.px(50), m.px(9), m.font_px(22)
    need = button_width(labels, fpx, bh, margin=m.px(16))
    bw = max(m.px(140), min(need, m.px(220)))
    rack_w = a.w - left - 2 * bw - gap - m.px(41)
    # a rack too full for two rows of readable tiles grows upwards, into the board
    if rack_count:
        bottom_h = max(bottom_h, rack_height_for(m, rack_count, rack_w, rack_h))
    rack_rect = pygame.Rect(a.x + left, a.bottom - bottom_h, rack_w, bottom_h)
    board_top = a.y + top_h + last_h + m.px(4)
    board = pygame.Rect(
        a.x + m.px(16),
        board_top,
        a.w - side_w - m.px(40),
        rack_rect.top - board_top - m.px(56),
    )
    last_rect = pygame.Rect(board.x - m.px(4), a.y + top_h - m.px(4), board.w + m.px(8), last_h)
    side = pygame.Rect(board.right + m.px(20), a.y + top_h, side_w, board.bottom - a.y - top_h)
    # tall enough for the name, the tiles line and the points line at their sizes
    lines_h = (
        theme.font(m.font_px(26), True).get_height()
        + theme.font(m.font_px(21)).get_linesize()
        + theme.font(m.font_px(20)).get_linesize()
    )
    plate_h = min(rack_rect.h, max(m.px(110), lines_h + m.px(24)))
    plate_rect = pygame.Rect(
        a.x + m.px(20),
        min(rack_rect.y + m.px(22), rack_rect.bottom - plate_h),
        plate_w,
        plate_h,
    )
    bx = rack_rect.right + m.px(24)
    y0 = rack_rect.y + m.px(10)
    # two columns beside the rack; Pass and Pass 2 tiles left take Done's place, and
    # "why not pass" Draw's, when those are the moves
    small = m.font_px(20)
    buttons = {
        "done": ((bx, y0, bw, bh), fpx),
        "reset": ((bx + bw + gap, y0, bw, bh), fpx),
        "draw": ((bx, y0 + bh + gap, bw, bh), fpx),
        "why_pass": ((bx, y0 + bh + gap, bw, bh), fpx),
        "hint": ((bx + bw + gap, y0 + bh + gap, bw, bh), small),
        "sort": ((bx, y0 + 2 * (bh + gap), 2 * bw + gap, bh), small),
        "pass": ((bx, y0, bw, bh), fpx),
        "give": ((bx, y0, 2 * bw + gap, bh), fpx),
    }
    return TableLayout(
        rack_h=rack_h,
        rack_base_h=rack_base_h,
        rack_rect=rack_rect,
        board=board,
        last_rect=last_rect,
        side=side,
        plate_rect=plate_rect,
        status_y=board.bottom + m.px(29),
        buttons=buttons,
    )


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
    no larger than 72 and never below the readable zoom: a grid too tall for the window
    at that zoom is panned (a final position too: its sheet folds to let the player look),
    since a tile whose number cannot be read shows nothing."""
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
