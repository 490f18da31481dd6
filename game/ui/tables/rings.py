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
    or only ``card`` in it; None when it is not there. The rings stay upright. One card
    is ringed as far as it shows: the next card of the fan covers its right part, and a
    ring round the whole card would take in most of that neighbour too."""
    size = cards.card_size(table.hand_h)
    placed = []
    for name, (x, y), _angle in table.slots:
        r = pygame.Rect(0, 0, *size)
        r.center = (round(x), round(y))
        placed.append((name, r))
    if not card:
        return union(r for _name, r in placed)
    for i, (name, r) in enumerate(placed):
        if name != card:
            continue
        if i + 1 < len(placed) and r.left < placed[i + 1][1].left < r.right:
            r.width = placed[i + 1][1].left - r.left
        return r
    return None


def plate(table, detail: str, opponent: Callable[[int], pygame.Rect | None]) -> pygame.Rect | None:
    """``seat:<detail>``'s plate: the player's own (``table.plate_rect``) for the anchor,
    else what ``opponent(seat)`` finds; None when ``detail`` is not a seat number."""
    if not detail.isdigit():
        return None
    seat = int(detail)
    if seat == table.anchor:
        return table.plate_rect.copy()
    return opponent(seat)
