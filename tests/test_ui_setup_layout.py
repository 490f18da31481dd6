"""The setup screen of every game, with the most seats, at the smallest window, at a
laptop's window (a 1280x720 screen leaves 1177x633) and at 1280x720: every label,
control and text field lies inside the window, above Back/Start, clear of the others."""

from __future__ import annotations

import pygame
import pytest

from game import games
from game.engine.limits import MIN_WINDOW
from game.ui import theme
from game.ui.app import App
from game.ui.scenes.setup import SetupScene


@pytest.mark.parametrize("size", [MIN_WINDOW, (1177, 633), (1280, 720)])
@pytest.mark.parametrize("game_id", list(games.GAMES))
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


@pytest.mark.parametrize("size", [MIN_WINDOW, (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("game_id", ["crazier_eights", "cross_rummy"])
def test_the_setup_says_what_each_ai_level_plays_like(game_id, size):
    from game.services.i18n import LEVEL_HINTS, LEVEL_NAMES, say

    app = App(size, headless=True)
    scene = SetupScene(app, game_id)
    app.set_scene(scene)
    for players in (scene.level.min_players, scene.level.max_players):
        scene.set_players(players)
        app.pump(16.0)
        texts = [str(t) for t, *_ in scene.labels]
        for level in scene.levels:
            line = say(LEVEL_NAMES[level]) + ": " + say(LEVEL_HINTS[level])
            assert line in texts, (level, players)
        legend = next(
            pos for t, pos, *_ in scene.labels if str(t).startswith(say(LEVEL_NAMES["random"]))
        )
        on_left = legend[0] < size[0] // 2  # under the seats, or under the options
        rects = [
            w.rect for w in scene.widgets if w not in (scene.back_button, scene.start_button)
        ] + [r for r, _ in scene.fields]
        side_bottom = max(r.bottom for r in rects if (r.left < size[0] // 2) == on_left)
        assert legend[1] > side_bottom  # below the column's last control, never on one
