"""The parts of the Crazy Eights table a lesson's coach can ring (``assets/lessons``)."""

from __future__ import annotations

import pygame

import game.ui.tables.rings as rings


def lesson_ring(table, target: str) -> pygame.Rect | None:
    """Where ``target`` is on the table now: ``hand`` (or ``hand:<card>``), ``pile``,
    ``stock``, ``seat:<n>`` (a plate), ``suit`` (the named suit's badge); else None."""
    part, _, detail = target.partition(":")
    m = table.m
    if part == "hand":
        return rings.hand(table, detail)
    if part == "pile":
        return table.discard_rect.copy()
    if part == "stock":
        return table.stock_rect.copy()
    if part == "seat":
        return rings.plate(table, detail, lambda seat: _opponent_plate(table, seat))
    if part == "suit":
        r = pygame.Rect(0, 0, m.px(120), m.px(120))
        r.center = table.badge_c
        return r
    return None


def _opponent_plate(table, seat: int) -> pygame.Rect | None:
    """An opponent's plate with its fan of backs, around the point the seat sits at."""
    where = dict(table.opponents()).get(seat)
    if where is None:
        return None
    m = table.m
    r = pygame.Rect(0, 0, m.px(270), m.px(200))
    r.midtop = (where[0], where[1] - m.px(110))
    return r
