"""Trick table layout at small windows: panels, plates, buttons and the hand stay apart."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import settle

from game.ui import cards
from game.ui.app import App
from game.ui.scenes.table import TableScene
from game.ui.session import Seat, Session
from game.ui.tables.trick.geometry import plate_rects


def _scene(game_id, size, seed=3, players=4):
    app = App(size, headless=True)
    app.settings["speed"] = "instant"
    seats = [Seat(f"P{i}", "human" if i == 0 else "ai", "normal") for i in range(players)]
    scene = TableScene(app, Session(game_id, {}, seed, seats, autosave=False))
    app.set_scene(scene)
    settle(app, lambda: scene.ctx.can_act and not scene.modals, frames=300, dt=20)
    app.pump(20)
    return app, scene.table


def _hand_rects(t):
    w, h = cards.card_size(t.hand_h)
    return [pygame.Rect(round(x - w / 2), round(y - h / 2), w, h) for _, (x, y), _ in t.slots]


@pytest.mark.parametrize("game_id", ["rage", "crazy_lab"])
@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (1920, 1080)])
def test_choice_panel_plates_and_hand_do_not_overlap(game_id, size):
    _app, t = _scene(game_id, size)
    assert t.panel is not None
    plates = plate_rects(t)
    for seat, rect in plates.items():
        assert not t.panel.rect.colliderect(rect), (seat, rect, t.panel.rect)
    for tile in t.panel.tiles:
        assert t.panel.rect.contains(tile)
    hand = _hand_rects(t)
    assert hand
    for r in hand:
        assert not r.colliderect(t.plate_rect)
        assert not r.colliderect(t.trump_rect)
        assert not r.colliderect(t.info_rect)
        assert not r.colliderect(t.sort_button.rect)
        assert not r.colliderect(t.last_button.rect)
        assert r.top >= t.hand_top
    assert t.panel.rect.bottom <= min(r.top for r in hand)


def test_six_player_prediction_panel_title_and_status_fit_at_1280():
    from game.ui import theme
    from game.ui.tables.trick.geometry import plate_rects as rects

    _app, t = _scene("rage", (1280, 720), seed=4, players=6)
    assert t.panel is not None
    for rect in rects(t).values():
        assert not t.panel.rect.colliderect(rect)
    m = t.m
    room = t.info_rect.x - t.trump_rect.right - m.px(24) - m.px(36)
    assert theme.font(m.font_px(18), True).size(t.status_text())[0] <= room
    for r in _hand_rects(t):
        assert not r.colliderect(t.plate_rect)
