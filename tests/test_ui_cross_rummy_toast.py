"""A refusal's toast over Cross Rummy's table stands over the status line between the
board and the rack, never over a tile of the board."""

from __future__ import annotations

import pytest
from test_ui_cross_rummy import opening_seed, rack_pos, scene_for
from ui_helpers import click, drag, recorded_frame, toast_messages

from game.ui import textlog
from game.ui.app import App


@pytest.mark.parametrize("size", [(1280, 720), (1177, 633), (1920, 1080)])
def test_a_refusal_toast_covers_no_board_tile(recording, size):
    app = App(size, headless=True)
    app.settings["speed"] = "instant"
    seed, line = opening_seed()
    scene = scene_for(app, seed=seed)
    table = scene.table
    for i, name in enumerate(line[:2]):  # two tiles: not a line yet
        drag(app, rack_pos(table, name), table.cell_rect((i, 0)).center)
    click(app, table.done_button.rect.center)  # the engine refuses
    said = toast_messages(app)
    assert said
    drawn = textlog.drawn(recorded_frame(app))[0]
    toast = [d for d in drawn if len(d.words) > 8 and d.words in said[-1]]  # not a tile
    assert toast
    for d in toast:
        assert not d.rect.colliderect(table.board), (d.words, d.rect, table.board)
