"""What the tables' lesson ring resolvers (``<game>/rings.py``, each table's
``lesson_ring``) share: the union of rectangles, the player's hand or one card of it, and
a ``seat:<n>`` plate. Each game's resolver keeps its own names and parts; this module
knows no game's table, only the attributes every fanned hand and plate has."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pygame

from game.ui import cards


def union(rects: Iterable) -> pygame.Rect | None:
    """The smallest rectangle holding them all, or None when there are none."""
    rects = [pygame.Rect(r) for r in rects]
    return rects[0].unionall(rects[1:]) if rects else None


def copy(rect: pygame.Rect | None) -> pygame.Rect | None:
    """A copy to ring (the table keeps its own), or None."""
    return rect.copy() if rect is not None else None


def hand(table, card: str = "") -> pygame.Rect | None:
    """The fanned hand (``table.slots``: card, centre, angle; cards ``table.hand_h`` high),
    or only ``card`` in it; None when it is not there. The rings stay upright."""
    size = cards.card_size(table.hand_h)
    rects = []
    for name, (x, y), _angle in table.slots:
        if not card or name == card:
            r = pygame.Rect(0, 0, *size)
            r.center = (round(x), round(y))
            rects.append(r)
    return union(rects)


def plate(table, detail: str, opponent: Callable[[int], pygame.Rect | None]) -> pygame.Rect | None:
    """``seat:<detail>``'s plate: the player's own (``table.plate_rect``) for the anchor,
    else what ``opponent(seat)`` finds; None when ``detail`` is not a seat number."""
    if not detail.isdigit():
        return None
    seat = int(detail)
    if seat == table.anchor:
        return table.plate_rect.copy()
    return opponent(seat)
