"""Replays: the finished games kept in the user folder, newest first; one click opens
a game to watch again. Files that cannot be used are set aside and named."""

from __future__ import annotations

import pygame

from game import games
from game.services import replays
from game.services.i18n import _
from game.ui import theme
from game.ui.scenes.base import Scene
from game.ui.widgets import Button


def describe(entry: replays.ReplayFile) -> str:
    """One line: game, when, and each player's final total (the winners starred)."""
    saved = entry.saved
    scores = ", ".join(
        ("★ " if i in entry.winners else "") + f"{seat['name']} {entry.totals[i]:g}"
        for i, seat in enumerate(saved.seats)
    )
    return f"{_(games.get(saved.game).name)} · {entry.finished} · {scores}"


class ReplaysScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.entries, problems = replays.listing()
        for problem in problems:
            app.toast(problem)
        self.back_button = Button(_("Back"), self.back, key=pygame.K_ESCAPE)
        self.rows = [Button(describe(e), lambda e=e: self.open(e)) for e in self.entries]
        self.focus = 0
        self.layout()

    def back(self) -> None:
        self.app.go("menu")

    def open(self, entry: replays.ReplayFile) -> None:
        try:
            replay = replays.Replay(entry.saved)
        except replays.ReplayError as exc:
            self.app.toast(replays.reject(entry, str(exc)))
            self.app.go("replays")
            return
        self.app.go("replay", replay)

    def layout(self) -> None:
        m = self.m
        w, h = self.size
        self.back_button.place((m.px(40), h - m.px(100), m.px(200), m.px(64)), m.font_px(26))
        top, bottom = m.px(150), h - m.px(130)
        pitch = min(m.px(54), (bottom - top) // max(1, len(self.rows)))
        width = min(w - 2 * m.px(60), m.px(1500))
        for i, b in enumerate(self.rows):
            b.place((w // 2 - width // 2, top + i * pitch, width, pitch - m.px(8)), m.font_px(21))
            b.focus = i == self.focus
        self.app.dirty = True

    def handle_input(self, ev) -> None:
        for b in [self.back_button, *self.rows]:
            if b.handle(ev):
                return
        if ev.type == pygame.KEYDOWN and self.rows:
            if ev.key in (pygame.K_DOWN, pygame.K_TAB):
                self.focus = (self.focus + 1) % len(self.rows)
            elif ev.key == pygame.K_UP:
                self.focus = (self.focus - 1) % len(self.rows)
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.rows[self.focus].on_click()
                return
            self.layout()

    def draw_scene(self, surface) -> None:
        super().draw_scene(surface)
        m = self.m
        w = self.size[0]
        self.draw_title(surface, _("Replays"))
        if not self.rows:
            theme.blit_text(
                surface,
                _("Finished games are kept here (the last {count}) to watch again.").format(
                    count=replays.KEEP
                ),
                m.font_px(26),
                (w // 2, m.px(240)),
                theme.TEXT_DIM,
                False,
                "midtop",
            )
        for b in self.rows:
            b.draw(surface)
        self.back_button.draw(surface)
