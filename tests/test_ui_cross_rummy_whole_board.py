"""Cross Rummy's board in a final position (a round's end under its score sheet, a game's
end, also a replay's) is fitted to the laid grid and centred on it: whole where it fits
at a readable size, else at the readable size, centred, and panned (the sheet folds to
let the player look). A tile is never drawn too small to read."""

from __future__ import annotations

import pytest
from test_replays import finish_a_game
from ui_helpers import settle

from game.services import replays
from game.ui.app import App
from game.ui.headless import make_headless_table
from game.ui.scenes.replay import ReplayScene
from game.ui.tables.cross_rummy import geometry
from game.ui.widgets import RoundSheet

SIZE = (1177, 633)
SEED, MOVES = 7, 78  # three seats, normal bots: the round ends a few moves later, board tall


def every_tile_shown(table) -> bool:
    return all(table.board.contains(table.cell_rect(c)) for c in table.view.table)


def readable_and_centred(table) -> bool:
    """Centred on the grid, never below the readable zoom, and whole unless the grid
    needs more than the readable zoom gives (then at exactly that zoom, panned)."""
    x, y = geometry.centred(table.view.table)
    floor = geometry.readable_zoom(table.m)
    return (
        table.zoom >= floor - 1e-9
        and list(table.cam) == [x, y]
        and (every_tile_shown(table) or abs(table.zoom - floor) < 1e-9)
    )


@pytest.mark.parametrize("size", [SIZE, (1920, 1080)])
def test_a_replay_fits_its_board_at_its_end(size):
    finish_a_game("cross_rummy", seed=3, players=4)
    app = App(size, headless=True)
    app.settings["speed"] = "instant"
    scene = ReplayScene(app, replays.Replay(replays.listing()[0][0].saved))
    app.set_scene(scene)
    app.pump()
    scene.jump(len(scene.replay))
    settle(app, lambda: not scene.table.busy(), 200, 50)
    table = scene.table
    assert table.view.over and len(table.view.table) > 40
    assert readable_and_centred(table)  # a grid taller than the window pans


def test_a_round_end_fits_its_whole_board_under_the_sheet():
    t = make_headless_table("cross_rummy", 3, SEED, MOVES, size=SIZE, live=True)
    t.app.settings["speed"] = "instant"
    table = t.scene.table
    assert not every_tile_shown(table)  # in play the grid is too tall to show readable
    settle(t.app, lambda: any(isinstance(d, RoundSheet) for d in t.scene.modals), 4000, 50)
    assert any(isinstance(d, RoundSheet) for d in t.scene.modals)
    assert readable_and_centred(table)
