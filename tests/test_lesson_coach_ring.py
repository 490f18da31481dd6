"""The coach's ring is not the keyboard focus ring: sky blue (theme.COACH) and double,
two thin lines with a dark band between them, where the focus ring is one solid gold
line; so a player tells them apart by shape as well as colour. Drawn on the first step
of the Crazy Eights lesson (the hand ringed)."""

from __future__ import annotations

import pygame
from ui_helpers import make_app, recorded_frame

from game.ui import theme
from game.ui.scenes.lesson import LessonScene, ring_rect


def near(colour, want, slack: int = 24) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(colour[:3], want))


def runs(colours: list, want) -> int:
    """How many separate stretches of ``want`` a line of pixels crosses."""
    out, inside = 0, False
    for c in colours:
        hit = near(c, want)
        out += hit and not inside
        inside = hit
    return out


def test_the_coachs_ring_differs_from_the_focus_ring_in_colour_and_shape():
    app = make_app()
    scene = LessonScene(app, "crazy_eights")
    app.set_scene(scene)
    app.pump()
    assert "hand" in scene.step.ring
    m = scene.m
    frame = recorded_frame(app)
    ringed = ring_rect(scene, "hand").inflate(m.px(14), m.px(14)).inflate(m.px(6), m.px(6))
    # a line of pixels down through the ring's top edge, above the hand's middle card
    x = ringed.centerx
    across = [frame.get_at((x, y)) for y in range(ringed.top - m.px(4), ringed.top + m.px(16))]
    assert runs(across, theme.COACH) == 2  # two lines: a double ring
    assert runs(across, theme.GOLD) == 0  # never the focus ring's gold
    # the keyboard focus ring as every table draws it: one solid gold line
    felt = pygame.Surface((200, 200))
    felt.fill(theme.FELT)
    theme.draw_ring(felt, pygame.Rect(50, 50, 100, 100), m)
    across = [felt.get_at((100, y)) for y in range(30, 60)]
    assert runs(across, theme.GOLD) == 1 and runs(across, theme.COACH) == 0
