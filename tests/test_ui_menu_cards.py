"""The menu's fan and the game tiles' suits read as cards and symbols: no card shows
through the one in front of it, and no suit is drawn black on the near-black tile, in
the two- and the four-colour deck alike."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import make_app

from game.ui import cards, theme
from game.ui.scenes import menu as menu_mod
from game.ui.scenes.choose import DECOR, ChooseScene


def _luminance(rgb) -> float:
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a, b) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _frame(app) -> pygame.Surface:
    surf = pygame.Surface(app.size)
    app.render(surf)
    return surf


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_card_behind_never_shows_through_the_front_card_of_the_menu_fan(monkeypatch, size):
    app = make_app()
    app.resized(size)
    app.go("menu")
    app.pump()
    with_faces = _frame(app)
    # the same fan with every card but the front one (10♠, drawn last) left blank: where
    # the front card lies, nothing of what is behind it may change the frame
    real_face = cards.face
    monkeypatch.setattr(
        menu_mod.cards,
        "face",
        lambda name, h, *more: real_face(name, h, *more) if name == "10S" else cards.blank(h),
    )
    cards.forget()  # the fan's rotated copies are cached by card name
    app.dirty = True
    blank_behind = _frame(app)
    m = app.scene.m
    w, h = app.size
    ch = m.px(150)
    front = pygame.transform.rotozoom(real_face("10S", ch), -18, 1.0)
    at = front.get_rect(center=(w // 2 + 2 * m.px(70), round(h * 0.16) + 2 * m.px(10)))
    inside = pygame.mask.from_surface(front, 250)  # the front card's body, not its rim
    differ = [
        (x, y)
        for x, y in _points(inside)
        if with_faces.get_at((at.x + x, at.y + y)) != blank_behind.get_at((at.x + x, at.y + y))
    ]
    assert not differ, f"the cards behind show through the front card at {differ[:5]}"


def _points(mask, rim: int = 3):
    """The mask's points at least ``rim`` px inside it (a card's antialiased edge
    blends with what is behind it, as an edge should)."""
    w, h = mask.get_size()
    near = [(dx, dy) for dx in (-rim, 0, rim) for dy in (-rim, 0, rim)]
    return [
        (x, y)
        for y in range(rim, h - rim)
        for x in range(rim, w - rim)
        if all(mask.get_at((x + dx, y + dy)) for dx, dy in near)
    ]


@pytest.mark.parametrize("four_colour", [False, True])
def test_every_suit_on_the_crazy_eights_tile_stands_out_from_the_tile(four_colour):
    app = make_app()
    app.settings["four_colour"] = four_colour
    scene = ChooseScene(app)
    app.set_scene(scene)
    app.pump()
    frame = _frame(app)
    tile = scene.rects[[g.id for g in scene.games].index("crazy_eights")]
    m = scene.m
    suits = DECOR["crazy_eights"][1]
    size = m.px(46)
    x0 = tile.centerx - (len(suits) * size + (len(suits) - 1) * m.px(8)) // 2
    backdrop = frame.get_at((tile.x + m.px(20), tile.y + m.px(40)))
    for k, suit in enumerate(suits):
        box = pygame.Rect(x0 + k * (size + m.px(8)), tile.y + m.px(40), size, size)
        best = max(
            _contrast(frame.get_at((x, y)), backdrop)
            for y in range(box.top, box.bottom)
            for x in range(box.left, box.right)
        )
        # the style's red suit ink reaches ~3:1 here; black on the tile was ~1.1:1
        assert best >= 2.5, f"{suit} is hard to see on the tile ({best:.1f}:1)"
    assert _contrast(theme.TEXT, backdrop) >= 4.5
