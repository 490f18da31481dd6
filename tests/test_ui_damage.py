"""The window shows exactly the frame that was drawn, although a frame pushes only the
rectangles it says changed: a model of the screen that receives only those rectangles
must equal the full frame after every frame, with cards flying, dialogs opening and
closing and toasts coming and going. An idle frame pushes nothing."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import make_app, post, settle, table_scene

from game import games
from game.ui.scenes.table import TableScene
from game.ui.session import Seat, Session
from game.ui.tables.base import BaseTable


def _pushed_equals_drawn(app, frames: int, step=None) -> dict:
    """Run ``frames`` frames; after each, apply only the pushed rectangles to a model of
    the screen and compare it with the frame drawn. Returns counts of each kind."""
    screen = app.screen
    app.full_frame = True
    app.render()
    model = screen.copy()
    counts = {"full": 0, "partial": 0, "none": 0}
    for i in range(frames):
        if step is not None:
            step(i)
        for ev in pygame.event.get():
            app.handle(ev)
        app.update(16.0)
        damage = app.render()
        if damage is None:
            model.blit(screen, (0, 0))
            counts["full"] += 1
        else:
            for r in damage:
                model.blit(screen, r, r)
            counts["partial" if damage else "none"] += 1
        assert pygame.image.tobytes(model, "RGB") == pygame.image.tobytes(screen, "RGB"), (
            f"frame {i}: the screen would keep pixels the frame no longer has"
        )
    return counts


@pytest.mark.parametrize("game_id", list(games.GAMES))
def test_an_ai_game_on_screen_leaves_no_trails(game_id):
    app = make_app(speed="fast")
    info = games.get(game_id)
    seats = [Seat(f"AI {i}", "ai", "normal") for i in range(max(3, info.min_players))]
    scene = TableScene(app, Session(game_id, {}, 6, seats, autosave=False))
    app.set_scene(scene)
    counts = _pushed_equals_drawn(app, 160)
    if type(scene.table).signature is not BaseTable.signature:  # a table with a cached layer
        assert counts["partial"] > 0  # flights were pushed as rectangles, not whole windows


def press(k: int) -> None:
    post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def test_dialogs_toasts_and_help_clear_completely():
    app = make_app(speed="normal")
    scene = table_scene(app, seed=5)
    actions = {
        5: lambda: scene.toast("A toast that comes and goes"),
        10: lambda: press(pygame.K_ESCAPE),  # pause menu
        20: lambda: press(pygame.K_ESCAPE),  # closed again
        30: lambda: press(pygame.K_F1),  # rules help
        40: lambda: press(pygame.K_F1),
        50: lambda: app.toast("An app message"),
    }

    seen = set()

    def step(i):
        if i in actions:
            actions[i]()
        seen.add((bool(scene.modals), app.help is not None))
        if i == 60:
            app.now += 5000  # every toast expires

    _pushed_equals_drawn(app, 80, step)
    assert {(True, False), (False, True), (False, False)} <= seen  # pause, help, the table


def test_an_idle_frame_pushes_nothing():
    app = make_app()
    scene = table_scene(app, seed=5)  # seat 0 (human) to move: no AI thinking
    settle(app, lambda: scene.ctx.can_act and not scene.table.busy())
    app.render()
    app.dirty = True  # e.g. a mouse move over nothing
    assert app.render() == []
    assert app.present([]) == 0


@pytest.mark.parametrize("game_id", list(games.GAMES))
def test_pointing_around_a_human_table_leaves_no_stale_pixels(game_id):
    """Hover, lifted cards, enlarged cards and button highlights follow the pointer: each
    change redraws the cached layer or is pushed, never left off the screen."""
    app = make_app(speed="fast")
    info = games.get(game_id)
    players = max(3, info.min_players)
    seats = [Seat("Me", "human")] + [Seat(f"AI {i}", "ai", "normal") for i in range(1, players)]
    scene = TableScene(app, Session(game_id, {}, 3, seats, autosave=False))
    app.set_scene(scene)
    w, h = app.size
    # a sweep over the hand, the piles, the plates and the buttons, row by row
    points = [(x * w // 23, y * h // 9) for y in (8, 7, 6, 4, 2, 1) for x in range(1, 23)]

    def step(i):
        pos = points[i % len(points)]
        post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))

    counts = _pushed_equals_drawn(app, 2 * len(points), step)
    assert counts["full"] > 0  # the pointer changed what the table shows
