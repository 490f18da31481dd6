"""The collapsible right-side panel: the game log in words and the running scores.

Log lines are rendered as the current viewer may see them (``Event.seen_by``), so a
card someone drew in secret never shows in words to the next player at the screen.
The panel is rendered into a cached surface that is rebuilt only when the log, the
viewer, the scores or the size change.
"""

from __future__ import annotations

import pygame

import game.ui.theme as theme
from game.services.i18n import _, language, msg
from game.ui.widgets import Button, button_width


class LogPanel:
    def __init__(self, session, open_: bool = True, on_toggle=None):
        self.session = session
        self.open = open_
        self.on_toggle = on_toggle
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.toggle = Button("⟩", self.flip)
        self._cache = None
        # what the cached layer shows (None: drawn afresh next time); the scene compares
        # it between frames to tell whether the panel changed
        self.layer_key = None

    def flip(self) -> None:
        self.open = not self.open
        if self.on_toggle:
            self.on_toggle(self.open)

    def width(self, m: theme.Metrics) -> int:
        return m.px(440) if self.open else 0

    def layout(self, size, m: theme.Metrics) -> None:
        self.m = m
        w = self.width(m)
        self.rect = pygame.Rect(size[0] - w, 0, w, size[1])
        b = m.px(46)
        self.toggle.label = "⟩" if self.open else msg("⟨ Log")
        # collapsed: as wide as its label needs at the smallest readable size ("⟨ Protokoll")
        need = button_width([self.toggle.label], m.floor_px(), b, margin=m.px(4))
        bw = b if self.open else max(m.px(110), need)
        self.toggle.place((size[0] - bw - m.px(14), m.px(14), bw, b), m.font_px(22))
        self.layer_key = None

    def handle(self, ev) -> bool:
        return self.toggle.handle(ev)

    def draw(
        self,
        surface,
        viewer: int | None,
        totals: list | None,
        current: int | None,
        shown: int | None = None,
    ) -> None:
        """``current``: the seat the table shows to move; ``shown``: how many log entries the
        table has replayed so far (the panel never runs ahead of the table)."""
        if self.open:
            shown = len(self.session.log) if shown is None else shown
            key = (shown, viewer, tuple(totals or ()), current, self.rect.size, language())
            if key != self.layer_key:
                self._cache = self._render(viewer, totals, current, shown)
                self.layer_key = key
            surface.blit(self._cache, self.rect.topleft)
        self.toggle.draw(surface)

    def _render(self, viewer, totals, current, shown) -> pygame.Surface:
        m = self.m
        surf = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        pygame.draw.rect(
            surf,
            (*theme.PANEL, theme.PANEL_ALPHA),
            surf.get_rect(),
            border_top_left_radius=m.px(12),
            border_bottom_left_radius=m.px(12),
        )
        pad = m.px(24)
        y = m.px(22)
        theme.blit_text(surf, msg("Scores"), m.font_px(26), (pad, y), theme.TEXT, True)
        y += m.px(48)
        size = m.font_px(22)
        line_h = int(size * 1.45)
        for seat, s in enumerate(self.session.seats):
            colour = theme.GOLD if seat == current else theme.TEXT
            if seat == current:
                pygame.draw.circle(
                    surf, theme.GOLD, (pad + m.px(6), y + line_h // 2 - m.px(2)), m.px(6)
                )
            theme.blit_text(surf, s.name, size, (pad + m.px(22), y), colour, seat == current)
            if totals is not None:
                theme.blit_text(
                    surf, str(totals[seat]), size, (self.rect.w - pad, y), colour, True, "topright"
                )
            y += line_h
        y += m.px(16)
        pygame.draw.line(
            surf, (0x3A, 0x55, 0x47), (pad, y), (self.rect.w - pad, y), max(1, m.px(2))
        )
        y += m.px(18)
        theme.blit_text(surf, msg("Game log"), m.font_px(26), (pad, y), theme.TEXT, True)
        y += m.px(48)
        width = self.rect.w - 2 * pad
        entries: list[tuple[list[str], tuple]] = []  # one entry per event: its wrapped lines
        for ev in self.session.log[max(0, shown - 60) : shown]:
            words = self.session.words(ev, viewer)
            if not words:
                continue
            colour = theme.GOLD if ev.kind in ("round_end", "game_end") else theme.TEXT_DIM
            wrapped = theme.wrap(words, size, width - m.px(14))
            entries.append(([wrapped[0]] + ["   " + w for w in wrapped[1:]], colour))
        if not entries:
            entries.append(([_("No moves yet.")], theme.TEXT_DIM))
        room = max(1, (self.rect.h - y - pad) // line_h)
        shown: list[tuple[list[str], tuple]] = []
        used = 0
        for lines, colour in reversed(entries):  # whole entries only, newest last
            if used + len(lines) > room:
                break
            shown.insert(0, (lines, colour))
            used += len(lines)
        for i, (lines, colour) in enumerate(shown):
            recent = i >= len(shown) - 3 and colour == theme.TEXT_DIM
            for line in lines:
                theme.blit_text(surf, line, size, (pad, y), theme.TEXT if recent else colour)
                y += line_h
        return surf
