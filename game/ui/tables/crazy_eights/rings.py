"""The parts of the Crazy Eights table a lesson's coach can ring (``assets/lessons``)."""

from __future__ import annotations

import pygame

from game.ui import cards


def lesson_ring(table, target: str) -> pygame.Rect | None:
    """Where ``target`` is on the table now: ``hand`` (or ``hand:<card>``), ``pile``,
    ``stock``, ``seat:<n>`` (a plate), ``suit`` (the named suit's badge); else None."""
    part, _, detail = target.partition(":")
    m = table.m
    if part == "hand":
        size = cards.card_size(table.hand_h)
        rects = []
        for card, (x, y), _angle in table.slots:
            if not detail or card == detail:
                r = pygame.Rect(0, 0, *size)
                r.center = (round(x), round(y))
                rects.append(r)
        return rects[0].unionall(rects[1:]) if rects else None
    if part == "pile":
        return table.discard_rect.copy()
    if part == "stock":
        return table.stock_rect.copy()
    if part == "seat" and detail.isdigit():
        seat = int(detail)
        if seat == table.anchor:
            return table.plate_rect.copy()
        where = dict(table.opponents()).get(seat)
        if where is None:
            return None
        r = pygame.Rect(0, 0, m.px(270), m.px(200))
        r.midtop = (where[0], where[1] - m.px(110))
        return r
    if part == "suit":
        r = pygame.Rect(0, 0, m.px(120), m.px(120))
        r.center = table.badge_c
        return r
    return None
