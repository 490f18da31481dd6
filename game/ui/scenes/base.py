"""The scene contract and a modal stack every scene shares."""

from __future__ import annotations

import pygame

import game.ui.theme as theme


class Scene:
    """One screen. The app calls resize, handle, update and draw; a scene swaps itself
    out with ``self.app.set_scene(other)``. Modal dialogs stack in ``self.modals``: the
    top one gets every input event and is drawn last."""

    def __init__(self, app):
        self.app = app
        self.modals: list = []
        self.size = app.size
        self.m = theme.Metrics(self.size)

    # called by the app
    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.m = theme.Metrics(size)
        for d in self.modals:
            d.layout(size)
        self.layout()

    def handle(self, ev) -> None:
        if self.modals:
            self.modals[-1].handle(ev)
            self._prune()
            return
        self.handle_input(ev)

    def update(self, dt_ms: float) -> bool:
        """Advance time; True while something animates (the app then draws at 60 fps)."""
        self._prune()
        return False

    def draw(self, surface: pygame.Surface) -> list | None:
        """Draw the whole frame; return the rectangles that differ from the last frame
        drawn, or None when that is not known (the app then pushes the whole window)."""
        self.draw_scene(surface)
        for d in self.modals:
            d.draw(surface)
        return None

    def deadline(self) -> float | None:
        """App time (ms) when this scene next needs an update even without input."""
        return None

    def toast_anchor(self) -> tuple[int, int] | None:
        """Where toasts appear (centre x, top y); None: top centre of the window."""
        return None

    # for subclasses
    def layout(self) -> None:
        pass

    def handle_input(self, ev) -> None:
        pass

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(theme.felt(surface.get_size()), (0, 0))

    def draw_title(self, surface: pygame.Surface, title: str) -> None:
        """A full screen's heading (Settings, Statistics, Replays), centred at the top."""
        m = self.m
        theme.blit_text(
            surface, title, m.font_px(56), (self.size[0] // 2, m.px(50)), theme.TEXT, True, "midtop"
        )

    def open_dialog(self, dialog) -> None:
        dialog.layout(self.size)
        self.modals.append(dialog)
        self.app.dirty = True

    def _prune(self) -> None:
        if any(d.closed for d in self.modals):
            self.modals = [d for d in self.modals if not d.closed]
            self.app.dirty = True
