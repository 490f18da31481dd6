"""A round's score sheet stands beside the position the round ended in, inside the table
(never over the log panel), and folds to a bar so the whole position can be read."""

from __future__ import annotations

import pygame
from ui_helpers import key, settle, table_scene

from game.ui.app import App
from game.ui.round_end import sheet_spot
from game.ui.widgets import RoundSheet


def test_sheet_leaves_the_piles_and_the_log_free_and_folds_to_a_bar():
    app = App((1280, 720), headless=True)
    app.settings["speed"] = "instant"
    scene = table_scene(app, seed=11, humans=(), players=3, options={"rounds": 2})
    settle(app, lambda: scene.modals, frames=2000, dt=20)
    sheet = scene.modals[-1]
    assert isinstance(sheet, RoundSheet)
    table = scene.table
    piles = table.position_rect()
    assert piles.colliderect(table.discard_rect) and piles.colliderect(table.stock_rect)
    assert not sheet.rect.colliderect(piles)  # the last pile stays readable
    assert table.area.contains(sheet.rect)  # and the log panel beside the table too
    assert not sheet.dim
    key(app, pygame.K_f)  # fold: a bar at the bottom, the position above it whole
    assert sheet.folded and scene.modals[-1] is sheet
    assert sheet.rect.h < sheet.content_height(sheet.m)
    assert sheet.rect.bottom <= table.area.bottom and sheet.rect.top > piles.bottom
    assert all(sheet.rect.contains(b.rect) for b in sheet.buttons)
    key(app, pygame.K_f)  # and back
    assert not sheet.folded and not sheet.rect.colliderect(piles)
    rounds = len(scene.session.state.history)
    key(app, pygame.K_RETURN)
    assert sheet.closed and len(scene.session.state.history) == rounds


def test_spot_prefers_below_then_above_then_beside_and_else_covers_least():
    area = pygame.Rect(0, 0, 1000, 700)
    keep = pygame.Rect(400, 250, 200, 150)
    below = sheet_spot(pygame.Rect(0, 0, 600, 200), area, keep, 10, False)
    assert below.top >= keep.bottom and area.contains(below)
    low = pygame.Rect(400, 300, 200, 150)
    tall = sheet_spot(pygame.Rect(0, 0, 600, 240), area, low, 10, False)  # no room below
    assert tall.bottom <= low.top and area.contains(tall)
    side = sheet_spot(pygame.Rect(0, 0, 300, 500), area, keep, 10, False)
    assert not side.colliderect(keep) and area.contains(side)
    big = pygame.Rect(0, 0, 900, 600)
    over = sheet_spot(big, area, pygame.Rect(50, 50, 900, 400), 10, False)
    assert over.bottom == area.bottom - 10  # no free place: covers the least of it
    bar = sheet_spot(pygame.Rect(0, 0, 700, 60), area, keep, 10, True)
    assert bar.bottom == area.bottom - 10 and bar.centerx == area.centerx


def test_enter_presses_the_focused_button_of_the_sheet():
    """Arrows move the focus between "Next round" and "Look at the table"; Enter presses
    the focused one (it used to go to Next round whatever had the focus)."""
    app = App((1280, 720), headless=True)
    app.settings["speed"] = "instant"
    scene = table_scene(app, seed=11, humans=(), players=3, options={"rounds": 2})
    settle(app, lambda: scene.modals, frames=2000, dt=20)
    sheet = scene.modals[-1]
    assert isinstance(sheet, RoundSheet) and sheet.focus == 0
    key(app, pygame.K_RIGHT)
    assert sheet.buttons[sheet.focus] is sheet.fold_button
    key(app, pygame.K_RETURN)  # the focused button: the sheet folds, the round waits
    assert sheet.folded and not sheet.closed and scene.modals[-1] is sheet
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)  # Next round
    assert sheet.closed
