"""The setup screen of every game, with the most seats, at the smallest window, at a
laptop's window (a 1280x720 screen leaves 1177x633) and at 1280x720: every label,
control and text field lies inside the window, above Back/Start, clear of the others."""

from __future__ import annotations

import pygame
import pytest

from game import registry
from game.limits import MIN_WINDOW
from game.ui import theme
from game.ui.app import App
from game.ui.scenes.setup import SetupScene


@pytest.mark.parametrize("size", [MIN_WINDOW, (1177, 633), (1280, 720)])
@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_setup_controls_fit_and_never_overlap(game_id, size):
    app = App(size, headless=True)
    scene = SetupScene(app, game_id)
    app.set_scene(scene)
    scene.set_players(scene.level.max_players)
    for i in range(1, scene.players):  # AI seats show a level button as well
        if scene.seats[i]["kind"] != "ai":
            scene.toggle_kind(i)
    app.pump(16.0)
    ends = (scene.back_button, scene.start_button)
    boxes = [w.rect for w in scene.widgets if w not in ends] + [r for r, _ in scene.fields]
    for text, pos, _colour, bold, px in scene.labels:
        img = theme.text(text, px, theme.TEXT, bold)
        rect = img.get_rect(midleft=pos)
        if text.isdigit() or text == str(scene.players):
            rect = img.get_rect(center=pos)
        boxes.append(rect)
    floor = min(scene.back_button.rect.top, scene.start_button.rect.top)
    window = pygame.Rect((0, 0), size)
    for b in boxes:
        assert window.contains(b), (b, size)
        assert b.bottom <= floor, (b, floor)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not a.colliderect(b), (a, b)


def test_a_seat_option_is_shown_by_name_and_follows_the_player_count():
    app = App((1280, 720), headless=True)
    scene = SetupScene(app, "cross_rummy")
    app.set_scene(scene)
    scene.set_players(4)
    scene.options["start_seat"] = 3
    scene.layout()
    names = [s.name for s in scene.seat_list()]
    labels = [getattr(w, "label", None) for w in scene.widgets]
    assert names[3] in labels
    scene.change_option("start_seat", 1)  # cycles round to the first seat
    assert scene.options["start_seat"] == 0
    scene.options["start_seat"] = 3
    scene.set_players(2)  # the chosen seat left the table: the last seat starts
    assert scene.options["start_seat"] == 1
