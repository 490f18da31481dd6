"""Where the trick table's parts are: the opponents' plates under their fans, how many
cards a hand shows while some are in flight, where the trump panel shows its card and
its pile.

Measuring apart from painting: the trick tables' layout, input, the lesson rings and
the painting all ask where a plate or the trump card is, and none of them should need
the painting module to know it. A fan of backs is measured by its picture (drawn once
per count and size, ``fan_image``), which the painting blits whole.
"""

from __future__ import annotations

import pygame

from game.ui import cards, theme
from game.ui.tables.seats import draw_back_fan


def _tags(t, kind: str, seat=None) -> int:
    return sum(
        1
        for tag in t.anim.tags()
        if isinstance(tag, tuple) and tag[0] == kind and (seat is None or tag[1] == seat)
    )


def fan_image(m, count: int, height: int) -> pygame.Surface:
    """An opponent's hand of ``count`` backs at ``height``, with room for its shadow."""
    key = ("trickfan", count, height, m.px(10))

    def build():
        probe = pygame.Surface((1, 1))
        rect = draw_back_fan(probe, m, (0, 0), count, height, max_shown=10)
        pad = m.px(24)
        img = pygame.Surface((max(1, rect.w + 2 * pad), rect.h + 2 * pad), pygame.SRCALPHA)
        draw_back_fan(img, m, (rect.w // 2 + pad, rect.h // 2 + pad), count, height, max_shown=10)
        return img

    return cards.cached(key, build)


def plate_rect(t, seat: int, x: int, y: int, fan_bottom: int | None = None) -> pygame.Rect:
    """An opponent's name plate, under its fan of backs (kept inside the table area)."""
    m = t.m
    if fan_bottom is None:
        img = fan_image(m, hand_count(t, seat), t.opp_h)
        fan_bottom = y - m.px(58) + img.get_height() // 2 - m.px(24)
    need = theme.font(m.font_px(21)).size(t.plate_detail(seat))[0] + m.px(40)
    plate = pygame.Rect(0, 0, max(m.px(t.plate_width()), need), m.px(84))
    plate.midtop = (x, fan_bottom - m.px(12))
    plate.x = max(t.area.x + m.px(8), min(plate.x, t.area.right - m.px(8) - plate.w))
    return plate


def plate_rects(t) -> dict[int, pygame.Rect]:
    """Every opponent's plate, with the note line below it ("thinking…")."""
    out = {}
    for seat, (x, y), __ in t.opponents():
        r = plate_rect(t, seat, x, y)
        out[seat] = r.inflate(0, t.m.px(34)).move(0, t.m.px(17))
    return out


def hand_count(t, seat: int) -> int:
    """The cards ``seat``'s hand shows: fewer by those played and still in flight."""
    return max(0, t.view.hand_counts[seat] - t.out.get(seat, 0) - _tags(t, "out", seat))


def trump_card_centre(t) -> tuple[int, int]:
    """Where the trump panel shows its turned card (height ``t.trump_h``)."""
    r, m = t.trump_rect, t.m
    return (
        r.x + m.px(22) + cards.card_size(t.trump_h)[0] // 2,
        r.y + m.px(56) + t.trump_h // 2,
    )


def trump_pile_centre(t, inset: int) -> tuple[int, int]:
    """Where the trump panel shows its face-down pile, ``inset`` px in from the right."""
    r, m = t.trump_rect, t.m
    return (r.right - m.px(inset) - cards.card_size(m.px(96))[0] // 2, r.y + m.px(56) + m.px(48))
