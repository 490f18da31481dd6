"""Shared pieces for the UI tests: a headless app, a table scene, real pygame events."""

from __future__ import annotations

import pygame

from game.engine import crazy_eights as ce
from game.ui import textlog, theme
from game.ui.app import App
from game.ui.scenes.table import TableScene
from game.ui.session import Seat, Session

SIZE = (1600, 900)


def make_app(speed: str = "instant") -> App:
    app = App(SIZE, headless=True)
    app.settings["speed"] = speed
    return app


def table_scene(app: App, seed: int, humans=(0,), players: int = 4, options=None) -> TableScene:
    seats = [Seat(f"P{i}", "human" if i in humans else "ai", "normal") for i in range(players)]
    session = Session("crazy_eights", dict(options or {}), seed, seats)
    scene = TableScene(app, session)
    app.set_scene(scene)
    app.pump()
    return scene


def find_seed(test, players: int = 4, options=None, limit: int = 500) -> int:
    """The first seed whose opening position (seat 0 to play) satisfies ``test(state)``."""
    for seed in range(1, limit):
        state = ce.new_game({"players": players, **(options or {})}, seed)
        if state.current_player() == 0 and test(state):
            return seed
    raise AssertionError("no seed found")


def post(kind, **attrs) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def click(app: App, pos, dt: float = 16.0) -> None:
    pos = (int(pos[0]), int(pos[1]))
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.pump(dt)


def drag(app: App, start, end, steps: int = 4) -> None:
    """Press at ``start``, move in steps to ``end`` (pumping between), release there."""
    sx, sy = int(start[0]), int(start[1])
    ex, ey = int(end[0]), int(end[1])
    post(pygame.MOUSEMOTION, pos=(sx, sy), rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=(sx, sy), button=1)
    app.pump()
    for k in range(1, steps + 1):
        x = sx + (ex - sx) * k // steps
        y = sy + (ey - sy) * k // steps
        post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
        app.pump()
    post(pygame.MOUSEBUTTONUP, pos=(ex, ey), button=1)
    app.pump()


def key(app: App, k: int) -> None:
    post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
    app.pump()


def settle(app: App, until=None, frames: int = 400, dt: float = 50.0) -> None:
    """Pump frames until ``until()`` is true (or the frame budget runs out)."""
    for _ in range(frames):
        if until is not None and until():
            return
        app.pump(dt)


def toast_messages(app: App) -> list[str]:
    """Every toast on screen: the app's own and those of the table's seat at the screen."""
    layer = getattr(app.scene, "seat_layer", None)
    return app.toasts.messages() + (layer.toasts.messages() if layer is not None else [])


def recorded_frame(app: App, size=None) -> textlog.RecordingSurface:
    """One frame of ``app`` drawn on a surface that keeps what text went where (the
    ``recording`` fixture of conftest.py records from the test's start)."""
    surface = textlog.RecordingSurface(size or app.size)
    app.render(surface)
    return surface


def drawn_words(app: App) -> list[str]:
    """The words of one frame of ``app``, in the order they were drawn."""
    return [str(d.words) for d in textlog.drawn(recorded_frame(app))[0]]


def texts_drawn(app: App, monkeypatch, fresh: bool = True) -> list[str]:
    """Every text laid out (``theme.text``) in one render of ``app``. ``fresh``: the
    table's and the log's cached layers are drawn again, so the texts they hold are seen
    (without it, only what this frame draws anew)."""
    drawn: list[str] = []
    real_text = theme.text

    def record(s, *args, **kwargs):
        drawn.append(s)
        return real_text(s, *args, **kwargs)

    monkeypatch.setattr(theme, "text", record)
    try:
        table, log = getattr(app.scene, "table", None), getattr(app.scene, "log", None)
        if fresh and table is not None:
            table._layer_key = None
        if fresh and log is not None:
            log.layer_key = None
        app.dirty = True
        app.render()
    finally:
        monkeypatch.setattr(theme, "text", real_text)
    return drawn
