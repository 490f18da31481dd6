"""The round score sheet: a modal over the table (``ScoreSheet``) and the drawing of a
sheet (``draw_sheet``) that the final results scene shows too.

Both read the engine's history rows: ``{"round", "winners", "points", "totals", …}``;
the table adds a few words per row with ``score_notes(row)``.
"""

from __future__ import annotations

import pygame

import game.ui.theme as theme
from game.services.i18n import msg
from game.ui.widgets import RoundSheet


def unit_words(unit: str) -> dict:
    """The words of a sheet whose rows are rounds of a match (``"round"``), or games of
    a match (``"game"``, Crazier Eights): a table names its unit in ``sheet_unit``."""
    if unit == "game":
        return {
            "head": msg("Game"),
            "key": msg("★ won the game · gold: leading on total"),
            "none": msg("No game of this match has finished yet."),
        }
    return {
        "head": msg("Round"),
        "key": msg("★ won the round · gold: leading on total"),
        "none": msg("No round has finished yet."),
    }


def draw_sheet(
    surface,
    m,
    rect: pygame.Rect,
    names: list[str],
    rows: list[dict],
    notes,
    highlight=(),
    unit: str = "round",
) -> None:
    """A grid: one column per player, one row per round (or game), the running totals last."""
    n = len(names)
    size = m.font_px(22)
    # the notes column is as wide as its longest note, so no note runs out of the sheet
    note_px = m.font_px(18)
    note_w = (
        max(m.px(300), max(theme.font(note_px).size(notes(r))[0] for r in rows[-12:]) + m.px(16))
        if notes and rows
        else 0
    )
    first = m.px(110)
    col = max(m.px(90), (rect.w - first - note_w) // max(1, n))
    y = rect.y
    theme.blit_text(surface, unit_words(unit)["head"], size, (rect.x, y), theme.TEXT_DIM, True)
    for i, name in enumerate(names):
        short = name if len(name) <= 9 else name[:8] + "…"
        theme.blit_text(
            surface,
            short,
            size,
            (rect.x + first + i * col + col // 2, y),
            theme.GOLD if i in highlight else theme.TEXT,
            True,
            "midtop",
        )
    y += int(size * 1.7)
    row_h = int(size * 1.55)
    for row in rows[-12:]:
        theme.blit_text(
            surface, str(row.get("round", "")), size, (rect.x + m.px(14), y), theme.TEXT_DIM
        )
        for i in range(n):
            pts = row.get("points", [0] * n)[i]
            win = i in row.get("winners", [])
            label = ("★ " if win else "") + str(pts)
            theme.blit_text(
                surface,
                label,
                size,
                (rect.x + first + i * col + col // 2, y),
                theme.SUCCESS if win else theme.TEXT,
                win,
                "midtop",
            )
        if notes:
            theme.blit_text(
                surface,
                notes(row),
                note_px,
                (rect.x + first + n * col + m.px(10), y + m.px(3)),
                theme.TEXT_DIM,
            )
        y += row_h
    pygame.draw.line(
        surface,
        (0x3A, 0x55, 0x47),
        (rect.x, y + m.px(4)),
        (rect.right, y + m.px(4)),
        max(1, m.px(2)),
    )
    y += m.px(14)
    totals = rows[-1].get("totals") if rows else None
    theme.blit_text(surface, msg("Total"), size, (rect.x + m.px(4), y), theme.TEXT, True)
    if totals:
        for i in range(n):
            theme.blit_text(
                surface,
                str(totals[i]),
                size,
                (rect.x + first + i * col + col // 2, y),
                theme.GOLD if i in highlight else theme.TEXT,
                True,
                "midtop",
            )


def title_width(title: str) -> int:
    """A dialog title's width in reference (1920x1080) pixels."""
    return theme.font(34, True).size(title)[0]


class ScoreSheet(RoundSheet):
    """Shown on a ``round_end`` event; the table waits until it is closed."""

    def __init__(
        self,
        names: list[str],
        rows: list[dict],
        notes,
        headline: str,
        last: bool,
        on_close,
        unit: str = "round",
    ):
        self.names, self.rows, self.notes, self.unit = names, rows, notes, unit
        super().__init__(
            headline,
            last,
            on_close,
            # wide enough for the headline ("Chloé wins round 1 (out of cards), a haul of 71.")
            # and for a notes column ("blocked; lowest hand wins; haul 23")
            width=min(
                1500,
                max(420 + 150 * len(names) + (240 if notes else 0), title_width(headline) + 100),
            ),
        )
        if unit == "game" and not last:
            self.buttons[0].label = msg("Next game")

    def content_height(self, m):
        return int(m.font_px(22) * (1.7 + 1.55 * min(12, len(self.rows)) + 1.6)) + m.px(66)

    def draw_content(self, surface, top):
        m = self.m
        rect = pygame.Rect(
            self.rect.x + m.px(40), top, self.rect.w - m.px(80), self.content_height(m)
        )
        leaders = self.rows[-1].get("leaders", []) if self.rows else []
        draw_sheet(surface, m, rect, self.names, self.rows, self.notes, leaders, self.unit)
        theme.blit_text(
            surface,
            unit_words(self.unit)["key"],
            m.font_px(20),
            (rect.centerx, rect.bottom - m.px(30)),
            theme.TEXT_DIM,
            False,
            "midtop",
        )
