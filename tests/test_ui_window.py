"""The window: the display module's alone (no deprecated pygame.Window bridge), never
smaller than the size every table is laid out down to, pushing only what changed."""

from __future__ import annotations

import warnings

import pygame
from ui_helpers import make_app

from game.engine.limits import MIN_WINDOW
from game.ui.app import App


class _WindowClassWatch:
    """Stands in for pygame.Window and records every attribute the app asks it for."""

    def __init__(self):
        self.asked: list[str] = []

    def __getattr__(self, name):
        self.asked.append(name)
        raise AttributeError(name)

    def __call__(self, *args, **kwargs):
        self.asked.append("Window(...)")
        raise AssertionError("the app made a pygame.Window")


def _resize_to(size) -> None:
    """What a window manager does: a smaller window, then the event that says so."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))


def test_the_app_uses_the_display_module_alone_and_warns_of_nothing(monkeypatch):
    watch = _WindowClassWatch()
    monkeypatch.setattr(pygame, "Window", watch)
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        app = make_app()
        app.go("menu")
        app.pump()
        _resize_to((1280, 720))
        app.pump()
        app.toggle_fullscreen()
        app.toggle_fullscreen()
    assert watch.asked == []
    assert app.size == (1280, 720)
    assert pygame.display.get_surface().get_size() == (1280, 720)


def test_a_window_asked_smaller_than_the_minimum_opens_at_it():
    app = App((320, 240), headless=True)
    assert pygame.display.get_surface().get_size() == MIN_WINDOW
    assert app.screen.get_size() == MIN_WINDOW and app.size == MIN_WINDOW


def test_a_window_made_smaller_than_the_minimum_grows_back_to_it():
    app = make_app()
    app.go("menu")
    app.pump()
    _resize_to((800, 500))
    assert pygame.display.get_surface().get_size() == (800, 500)
    app.pump()
    assert pygame.display.get_surface().get_size() == MIN_WINDOW
    assert app.screen.get_size() == MIN_WINDOW and app.size == MIN_WINDOW
    # one side too small: only that side grows
    _resize_to((1400, 480))
    app.pump()
    assert pygame.display.get_surface().get_size() == (1400, MIN_WINDOW[1])
    assert app.size == (1400, MIN_WINDOW[1])


def test_a_window_at_or_above_the_minimum_keeps_its_size():
    app = make_app()
    app.go("menu")
    app.pump()
    for size in (MIN_WINDOW, (1000, 640), (1920, 1080)):
        _resize_to(size)
        app.pump()
        assert pygame.display.get_surface().get_size() == size
        assert app.size == size


def test_a_changed_part_of_the_frame_is_pushed_alone():
    app = make_app()
    app.go("menu")
    app.pump()
    assert app.present(None) == -1  # the whole window
    assert app.present([pygame.Rect(10, 10, 40, 20), pygame.Rect(100, 50, 8, 8)]) == 2
    assert app.present([]) == 0
