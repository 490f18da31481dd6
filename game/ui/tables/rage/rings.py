"""The parts of the Rage table a lesson's coach can ring (``assets/lessons/rage.toml``)."""

from __future__ import annotations

import pygame

import game.ui.tables.rings as rings
import game.ui.tables.trick.geometry as trick_geometry
from game.ui import cards


def lesson_ring(table, target: str) -> pygame.Rect | None:
    """Where ``target`` is on the table now: ``hand`` (or ``hand:<card>``), ``trick`` (the
    trick's slots), ``trump`` (the trump card and the deck), ``predict`` (the
    prediction panel, while it asks), ``info`` (your round: prediction and tricks won),
    ``last`` (the Last trick button, once a trick was taken), ``seat:<n>`` (a name
    plate); else None."""
    part, _, detail = target.partition(":")
    if part == "hand":
        return rings.hand(table, detail)
    if part == "trick":  # the slots, not the oval: the lead colour's label sits under it
        size = cards.card_size(table.trick_h)
        slots = []
        for seat in range(table.view.players):
            r = pygame.Rect(0, 0, *size)
            r.center = table.slot_centre(seat)
            slots.append(r)
        return rings.union(slots)
    if part == "trump":
        return table.trump_rect.copy()
    if part == "predict":
        return table.panel.rect.copy() if table.panel is not None else None
    if part == "info":
        return table.info_rect.copy()
    if part == "last":
        return table.last_button.rect.copy() if table.view.last_trick else None
    if part == "seat":
        return rings.plate(table, detail, lambda seat: trick_geometry.plate_rects(table).get(seat))
    return None
