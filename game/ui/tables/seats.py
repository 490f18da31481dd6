"""Seat plates and small hands of backs, shared by every table."""

from __future__ import annotations

import pygame

from game.services.i18n import msg
from game.ui import cards, theme


def detail_room(m: theme.Metrics, width: int) -> int:
    """The width a plate of ``width`` gives its detail lines (between its left margin and
    the right one): a table that splits a detail over two lines asks this."""
    return width - m.px(18) - m.px(12)


def plate_height(m: theme.Metrics, lines: int) -> int:
    """The height a plate needs for its name and ``lines`` detail lines at their full
    size (``draw_seat_plate`` lays them out so)."""
    name_h = theme.font(m.font_px(26), True).get_height()
    return m.px(14) + name_h + lines * theme.font(m.font_px(21)).get_linesize() + m.px(6)


def fit_plate_detail(
    m: theme.Metrics, rect: pygame.Rect, detail: str, grow_up: bool = False
) -> tuple[pygame.Rect, str]:
    """A plate's detail that does not fit ``rect`` on one line even at the smallest
    readable size goes onto two lines, split at the " · " that leaves the two most even,
    and the plate grows to hold them (upwards when it sits at the bottom of its area, so
    it stays where it was put): the player reads every word instead of a line cut
    short with "…". A plate whose detail fits is returned as it is."""
    parts = detail.split(" · ")
    if "\n" in detail or len(parts) < 2 or m.fits(detail, detail_room(m, rect.w)):
        return rect, detail
    f = theme.font(m.floor_px())

    def widest(k: int) -> int:
        return max(f.size(" · ".join(parts[:k]))[0], f.size(" · ".join(parts[k:]))[0])

    k = min(range(1, len(parts)), key=widest)
    detail = " · ".join(parts[:k]) + "\n" + " · ".join(parts[k:])
    h = max(rect.h, plate_height(m, 2))
    top = rect.bottom - h if grow_up else rect.y
    return pygame.Rect(rect.x, top, rect.w, h), detail


def draw_seat_plate(
    surface: pygame.Surface,
    m: theme.Metrics,
    rect: pygame.Rect,
    name: str,
    detail: str,
    active: bool = False,
    dealer: bool = False,
    note: str = "",
) -> None:
    """A name plate: gold frame and marker when it is this seat's turn; a D chip for the dealer."""
    border = theme.GOLD if active else (0x3A, 0x55, 0x47)
    theme.draw_panel(surface, rect, m.px(12), border=border)
    if active:
        theme.draw_ring(surface, rect, m, width=3, radius=15)
    x = rect.x + m.px(18)
    name_px = m.font_px(26)
    label = theme.text(name, name_px, theme.GOLD if active else theme.TEXT, bold=True)
    if label.get_width() > rect.w - m.px(70):
        label = theme.text(
            name[:14] + "…", name_px, theme.GOLD if active else theme.TEXT, bold=True
        )
    surface.blit(label, (x, rect.y + m.px(12)))
    size, room = m.font_px(21), detail_room(m, rect.w)
    lines = detail.split("\n")  # a narrow plate gives its detail several lines
    floor = m.floor_px()
    while size > floor and any(theme.font(size).size(d)[0] > room for d in lines):
        size -= 1  # a long detail shrinks to fit the plate …
    y = rect.y + m.px(14) + label.get_height()
    for line in lines:
        # … and is shortened when even the smallest readable size is too wide
        line = theme.fit_text(line, size, room)
        theme.blit_text(surface, line, size, (x, y), theme.TEXT_DIM)
        y += theme.font(size).get_linesize()
    if dealer:
        r = m.px(15)
        c = (rect.right - m.px(24), rect.y + m.px(26))
        theme.circle(surface, theme.TEXT, c, r)
        theme.blit_text(surface, msg("D"), m.font_px(18), c, theme.INK, True, "center")
    if note:
        theme.blit_text(
            surface,
            note,
            m.font_px(20),
            (rect.centerx, rect.bottom + m.px(6)),
            theme.GOLD,
            False,
            "midtop",
        )


def draw_own_plate(surface, m, rect, name, detail, active, dealer) -> pygame.Rect:
    """The player's plate at the bottom of a table (the arguments as ``draw_seat_plate``
    takes them): a detail too long for ``rect`` takes a second line and the plate grows
    upwards (``fit_plate_detail``), so it keeps its place above the table's edge.
    Returns the plate as drawn."""
    plate, detail = fit_plate_detail(m, rect, detail, grow_up=True)
    draw_seat_plate(surface, m, plate, name, detail, active, dealer)
    return plate


def draw_back_fan(
    surface: pygame.Surface,
    m: theme.Metrics,
    centre: tuple[int, int],
    count: int,
    height: int,
    max_shown: int = 9,
) -> pygame.Rect:
    """A compact overlapping row of card backs (at most ``max_shown``), centred on ``centre``."""
    shown = min(count, max_shown)
    img = cards.back(height)
    w = img.get_width()
    step = max(m.px(10), round(w * 0.28))
    total = w + step * max(0, shown - 1)
    x = centre[0] - total // 2
    y = centre[1] - img.get_height() // 2
    sh = cards.card_shadow(img.get_size())
    ox, oy = cards.shadow_offset(img.get_size())
    for i in range(shown):
        surface.blit(sh, (x + i * step + ox, y + oy))
        surface.blit(img, (x + i * step, y))
    return pygame.Rect(x, y, total, img.get_height())
