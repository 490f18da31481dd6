"""The first window (no size remembered, none asked for) is sized from the screen it
opens on: 4K gets the same share of the screen as 1920x1080, never a fixed 1600x900."""

from __future__ import annotations

import pygame
import pytest

from game.engine.limits import MIN_WINDOW
from game.ui import startup
from game.ui import window as window_mod
from game.ui.app import App


def _screen_of(monkeypatch, size) -> None:
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [size])


@pytest.mark.parametrize(
    "desktop, window",
    [((1920, 1080), (1600, 900)), ((2560, 1440), (2133, 1200)), ((3840, 2160), (3200, 1800))],
)
def test_the_first_window_is_a_share_of_the_screen(desktop, window):
    assert window_mod.first_window_size(desktop) == window


def test_run_opens_the_first_window_on_a_4k_screen_sized_from_the_screen(monkeypatch):
    """run() with no remembered size and no --size: the window covers as much of a 4K
    screen as 1600x900 does of a 1920x1080 one (before: 1600x900, a sixth of it)."""
    _screen_of(monkeypatch, (3840, 2160))
    made = {}
    real = startup.App
    monkeypatch.setattr(real, "loop", lambda self: self.pump())

    def spy(*args, **kwargs):
        made["app"] = real(*args, **kwargs)
        return made["app"]

    monkeypatch.setattr(startup, "App", spy)

    class Args:
        size = None

    assert startup.run(Args()) == 0
    app = made["app"]
    assert app.size == (3200, 1800)
    assert app.windowed_size == (3200, 1800)  # leaving fullscreen comes back to it


def test_a_small_screen_still_gets_at_least_the_minimum_window(monkeypatch):
    _screen_of(monkeypatch, (1024, 640))
    app = App(None, headless=False)
    assert app.size == MIN_WINDOW


def test_a_remembered_size_still_wins_over_the_screen(monkeypatch):
    _screen_of(monkeypatch, (3840, 2160))
    app = App((1700, 1000), headless=False)
    assert app.size == (1700, 1000)
