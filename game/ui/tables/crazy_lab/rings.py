"""The parts of the Crazy Lab table a lesson's coach can ring (``assets/lessons``)."""

from __future__ import annotations

import pygame

import game.ui.tables.rings as rings
from game.ui.tables.trick.geometry import plate_rects


def lesson_ring(table, target: str) -> pygame.Rect | None:
    """Where ``target`` is on the table now: ``hand`` (or ``hand:<card>``, a card in
    notation), ``trick`` (the trick area), ``trump`` (the trump pile and the card turned),
    ``colours`` (your minus and plus colours), ``choice`` (the panel of a secret choice,
    while it is open), ``seat:<n>`` (a name plate); else None."""
    part, _, detail = target.partition(":")
    if part == "hand":
        return rings.hand(table, detail)
    if part == "trick":
        return table.trick_rect.copy()
    if part == "trump":
        return table.trump_rect.copy()
    if part == "colours":
        return table.info_rect.copy()
    if part == "choice":
        panel = table.panel
        return panel.rect.copy() if panel is not None and table.ctx.can_act else None
    if part == "seat":
        return rings.plate(table, detail, lambda seat: plate_rects(table).get(seat))
    return None
