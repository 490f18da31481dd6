"""Random clicks, drags and keys over every screen must never raise."""

from __future__ import annotations

import random

import pygame
import pytest
from ui_helpers import SIZE, make_app, post

from game.ui.scenes.menu import MenuScene

KEYS = [
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_RETURN,
    pygame.K_ESCAPE,
    pygame.K_d,
    pygame.K_p,
    pygame.K_TAB,
    pygame.K_F1,
    pygame.K_BACKSPACE,
    pygame.K_a,
]


def test_random_input_across_the_app_never_crashes():
    rng = random.Random(5)
    app = make_app()
    app.set_scene(MenuScene(app))
    app.pump()
    scenes = set()
    for step in range(500):
        r = rng.random()
        pos = (rng.randrange(SIZE[0]), rng.randrange(SIZE[1]))
        if r < 0.45:
            post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
            if rng.random() < 0.3:
                pos = (rng.randrange(SIZE[0]), rng.randrange(SIZE[1]))
                post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
            post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        elif r < 0.75:
            k = rng.choice(KEYS)
            if k == pygame.K_ESCAPE and isinstance(app.scene, MenuScene):
                continue
            post(pygame.KEYDOWN, key=k, mod=0, unicode="a" if k == pygame.K_a else "", scancode=0)
        elif r < 0.8:
            post(pygame.TEXTINPUT, text=rng.choice("ab7 é"))
        elif r < 0.85:
            post(
                pygame.MOUSEWHEEL,
                x=0,
                y=rng.choice((-1, 1)),
                flipped=False,
                precise_x=0.0,
                precise_y=0.0,
            )
        app.pump(rng.choice((5.0, 30.0, 200.0)))
        scenes.add(type(app.scene).__name__)
        if step % 100 == 99 and isinstance(app.scene, MenuScene):
            app.scene.new_game()  # keep exploring beyond the menu
    assert app.scene is not None
    assert {"MenuScene", "ChooseScene"} <= scenes


def test_random_input_on_a_crazy_eights_table_keeps_the_engine_consistent():
    from ui_helpers import table_scene

    rng = random.Random(9)
    app = make_app()
    scene = table_scene(app, seed=13, humans=(0, 2), players=4)
    state = scene.session.state
    for _ in range(400):
        if scene.modals and rng.random() < 0.5:
            post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
        else:
            pos = (rng.randrange(SIZE[0]), rng.randrange(SIZE[1]))
            if scene.ctx.can_act and rng.random() < 0.6 and scene.table.slots:
                x, y = rng.choice(scene.table.slots)[1]
                pos = (int(x), int(y))
            post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
            end = scene.table.discard_c if rng.random() < 0.5 else pos
            post(pygame.MOUSEMOTION, pos=(int(end[0]), int(end[1])), rel=(0, 0), buttons=(1, 0, 0))
            post(pygame.MOUSEBUTTONUP, pos=(int(end[0]), int(end[1])), button=1)
        app.pump(rng.choice((16.0, 120.0)))
        if app.scene is not scene:
            break
        assert sorted(state.all_cards()) == list(range(52))
        viewer = scene.ctx.viewer
        if viewer is None:
            assert scene.table.hand_faces_drawn == []
    assert len(state.actions) > 10


@pytest.mark.slow
def test_a_short_fuzz_over_every_screen_and_size_finds_nothing():
    """The project's UI fuzz (``python -m game.tools.uifuzz``), a short pass: every start
    (menu, game choice, setup, settings, each game's table at every stage, hot-seat
    included) at sizes from the minimum to 4K, with zero failures."""
    from game.tools.uifuzz import fuzz

    figures = fuzz(seconds=None, episodes=14, seed=3)
    assert figures.failures == [], "\n".join(figures.failures)
    assert figures.events == 14 * 160 and figures.resizes > 10
    assert {"TableScene", "MenuScene"} <= set(figures.scenes)
    assert sum(1 for k in figures.games if k.startswith("table")) >= 4
