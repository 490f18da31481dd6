"""The rules help (F1) opened over the pause menu hides it: its panel is opaque, so the
help reads the same whatever is under it."""

from __future__ import annotations

import pygame
from ui_helpers import key, make_app, table_scene


def help_pixels(app, rect) -> bytes:
    app.render()
    return pygame.image.tobytes(app.screen.subsurface(rect).copy(), "RGB")


def test_the_help_over_the_pause_menu_hides_it():
    app = make_app()
    scene = table_scene(app, seed=3, humans=(0,), players=3)
    key(app, pygame.K_F1)
    assert app.help is not None
    rect = app.help.rect.inflate(-40, -40)  # inside its rounded corners
    alone = help_pixels(app, rect)
    key(app, pygame.K_F1)  # closed again
    assert app.help is None
    key(app, pygame.K_ESCAPE)  # the pause menu
    assert scene.modals
    key(app, pygame.K_F1)
    assert app.help is not None and app.help.rect.inflate(-40, -40) == rect
    assert help_pixels(app, rect) == alone  # nothing of the pause menu shows through
