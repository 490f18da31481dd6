"""The parts of the Crazier Eights table a lesson's coach can ring (``assets/lessons``)."""

from __future__ import annotations

import pygame

import game.ui.tables.rings as rings


def lesson_ring(table, target: str) -> pygame.Rect | None:
    """Where ``target`` is on the table now, or None: ``hand`` (or ``hand:<card>``),
    ``pile`` (the discard pile), ``stock`` (the draw pile), ``centre`` (where events
    resolve), ``zone`` (your assets), ``asset:<card>`` (an asset in play), ``seat:<n>``
    (a plate), ``phases`` (the phase track with plays and discards left), ``prompt``
    (the question asked and its answers), ``end`` (the End turn button)."""
    part, _, detail = target.partition(":")
    m = table.m
    if part == "hand":
        return rings.hand(table, detail)
    simple = {
        "pile": "discard_rect",
        "stock": "draw_rect",
        "centre": "event_rect",
        "zone": "zone_rect",
        "prompt": "panel_rect",
    }
    if part in simple:
        return getattr(table, simple[part]).copy()
    if part == "asset":
        return rings.copy(table.asset_rects.get(detail))
    if part == "seat" and detail.isdigit():  # every seat's plate, the player's too
        return rings.copy(table.plate_rects.get(int(detail)))
    if part == "phases":
        # the turn's line, the phase chips and the plays and discards left under them
        side = table.side_rect
        return pygame.Rect(side.x - m.px(8), side.y - m.px(4), side.w + m.px(8), m.px(150))
    if part == "end":
        return table.end_button.rect.copy()
    return None
