"""Cross Rummy: a player can always see a way forward and what the others did.

The hint (H or the Hint button) shows the lay the bot would make from the player's own
view and one more press puts it on the tentative layout; AI lays that move table tiles
say so in the log and mark them on the board; a turn starts with the table fitted at a
readable size; moves that end the turn in an unexpected way ask first.
"""

from __future__ import annotations

import pygame
import pytest
from cr_helpers import rigged
from test_ui_cross_rummy import rack_pos, scene_for
from ui_helpers import click, drag, key, make_app, settle

import game.ui.tables.cross_rummy.geometry as geometry
from game.ai.cross_rummy.hard import HardBot
from game.ai.cross_rummy.tile_solver import UNTIMED_STEPS, Steps
from game.engine.cross_rummy.tiles import label
from game.ui import theme
from game.ui.widgets import Chooser, Dialog, HandOff


@pytest.fixture(autouse=True)
def _hint_plans_untimed(monkeypatch):
    """The hint's hard bot plans a fixed number of steps instead of its time budget, so
    the hint a test expects is found on a loaded machine too."""
    from game.ui.tables.cross_rummy import hint

    monkeypatch.setattr(hint, "HardBot", lambda seed, budget_s: HardBot(seed).untimed())


def trapped():
    """Bag and market empty, no event tile: only a lay is left (R7 onto the 7s)."""
    return rigged(
        2,
        ["Y7 B7 G7", ". . .", "R1 R2 R3"],
        racks=[["R7", "B12"], ["Y1", "G9", "B2"]],
        opened=[True, True],
        bag=[],
    )


def test_trapped_player_gets_a_hint_and_one_press_lays_it():
    s = trapped()
    app = make_app()
    scene = scene_for(app, state=s, players=2)
    table = scene.table
    assert all(a.startswith("lay:") for a in s.legal_actions())
    assert table.hint_button in table.buttons()
    key(app, pygame.K_h)
    hint = table.hint
    assert hint["kind"] == "lay" and list(hint["added"].values()) == ["R7"]
    assert s.validate_lay(hint["layout"]) == []
    app.render()
    assert "R7" in {n for n in table.faces_drawn}
    assert table.draft.cells == s.view(0).table  # shown only, nothing placed yet
    key(app, pygame.K_h)  # the second press applies it to the tentative layout
    assert table.hint is None and table.draft.problems == [] and table.draft.cells == hint["layout"]
    assert "R7" not in table.draft.rack and table.draft.own == set(hint["added"])
    click(app, table.done_button.rect.center)
    assert s.actions[0].startswith("lay:") and [label(t) for t in s.racks[0]] == ["B12"]


def test_hint_button_and_a_click_on_a_ghost_apply_the_lay():
    s = trapped()
    app = make_app()
    scene = scene_for(app, state=s, players=2)
    table = scene.table
    click(app, table.hint_button.rect.center)
    cell = next(iter(table.hint["added"]))
    click(app, table.cell_rect(cell).center)
    assert table.draft.cells.get(cell) == "R7" and table.draft.problems == []


def test_hint_when_no_lay_exists_points_at_a_move():
    s = rigged(
        2,
        ["R1 R2 R3"],
        racks=[["B12", "Y5"], ["Y1"]],
        opened=[True, True],
        market=["G9"],
        bag=["G10", "G11"],
    )
    app = make_app()
    scene = scene_for(app, state=s, players=2)
    table = scene.table
    key(app, pygame.K_h)
    assert table.hint["kind"] in ("take", "draw")
    assert table.hint["action"] in s.legal_actions()
    app.render()
    assert s.actions == []  # a hint never plays


def test_hint_is_forgotten_when_the_seat_at_the_screen_changes():
    s = trapped()
    app = make_app()
    scene = scene_for(app, state=s, humans=(0, 1), players=2)
    table = scene.table
    click(app, scene.modals[-1].buttons[0].rect.center)  # "I am P0"
    key(app, pygame.K_h)
    assert table.hint is not None
    key(app, pygame.K_h)
    click(app, table.done_button.rect.center)
    settle(app, lambda: scene.modals and isinstance(scene.modals[-1], HandOff))
    assert table.hint is None
    app.render()
    assert table.hand_faces_drawn == []


def test_ai_lay_that_moves_table_tiles_is_named_and_marked():
    # The AI (seat 1) holds B5 and G5: with the red 5 in the middle of a crowded board,
    # they fit only with the red 5 moved off the end of the run.
    table = [". . . . Y10 Y11 Y12", "R2 R3 R4 R5 . . .", ". . . . Y7 Y8 Y9"]
    racks = [["Y13", "B12"], ["B5", "G5", "G14"], ["B2"], ["B3"]]
    s = rigged(4, table, racks=racks, opened=[True] * 4, bag=[])
    s.current = 1
    app = make_app()
    scene = scene_for(app, state=s, players=4)
    table = scene.table
    settle(app, lambda: s.current_player() == 0 and not table.busy())
    lay = next(e for e in scene.session.log if e.kind == "lay")
    assert lay.data["moved"], "the red 5 moved"
    assert "moves red 5" in lay.text
    mark = table.marks[1]
    ((src, dst),) = [((a, b), (c, d)) for a, b, c, d, _ in lay.data["moved"]]
    assert mark["moved"] == {dst: src} and table.draft.cells[dst] == "R5"
    assert {table.draft.cells[c] for c in mark["new"]} == {"B5", "G5"}


def test_turn_starts_fitted_at_a_readable_size():
    s = rigged(
        2,
        ["R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 R14"]
        + [". " * 13 + "."] * 12
        + ["B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13 B14"],
        racks=[["Y12", "Y13"], ["Y1"]],
        opened=[True, True],
        bag=["G10", "G11"],
    )
    app = make_app()
    scene = scene_for(app, state=s, players=2)
    table = scene.table
    table.zoom = 30.0
    table.user_camera = True
    table._turn_shown = None
    table.set_view(scene.session.view(0))
    px = theme.readable_px(app.size)
    _, ch = table.cell_size()
    assert round(ch * 0.9 * 0.44) >= px - 1
    assert table.zoom >= geometry.readable_zoom(table.m) - 1e-6


def test_draw_with_tiles_placed_asks_first():
    s = rigged(
        2, ["R1 R2 R3"], racks=[["R4", "Y12"], ["Y1"]], opened=[True, True], bag=["G9", "G10"]
    )
    app = make_app()
    scene = scene_for(app, state=s, players=2)
    table = scene.table
    drag(app, rack_pos(table, "R4"), table.cell_rect((3, 0)).center)
    assert table.draft.own
    key(app, pygame.K_d)
    d = scene.modals[-1]
    assert isinstance(d, Dialog) and d.title == "Draw a tile?" and s.actions == []
    click(app, d.buttons[1].rect.center)  # keep laying
    assert s.actions == [] and table.draft.own
    key(app, pygame.K_d)
    click(app, scene.modals[-1].buttons[0].rect.center)
    assert s.actions == ["draw"]


def test_draw_three_names_the_tiles_the_bag_still_has():
    s = rigged(3, [], racks=[["DRAW3", "Y12"], ["B9"], ["B10"]], bag=["G9"])
    app = make_app()
    scene = scene_for(app, state=s, players=3)
    click(app, rack_pos(scene.table, "DRAW3"))
    chooser = scene.modals[-1]
    assert isinstance(chooser, Chooser)
    assert "the last 1 tile from the bag" in chooser.body
    assert chooser.options[0][0] == "P1\n1 tile"


def test_pointing_at_a_marked_tile_shows_its_whole_reason():
    from game.ui import textlog

    s = rigged(
        2, ["R1 R2 R3"], racks=[["Y9", "B12", "G4"], ["Y1"]], opened=[True, True], bag=["G9"]
    )
    app = make_app()
    scene = scene_for(app, state=s, players=2)
    table = scene.table
    drag(app, rack_pos(table, "Y9"), table.cell_rect((3, 0)).center)
    assert table.draft.bad and (3, 0) in table.draft.bad
    reason = table.draft.problems[table.draft.bad[(3, 0)] - 1].text
    from ui_helpers import post

    post(pygame.MOUSEMOTION, pos=table.cell_rect((3, 0)).center, rel=(1, 1), buttons=(0, 0, 0))
    app.pump(16)
    assert table.hover_cell == (3, 0)
    textlog.start()
    try:
        surface = textlog.RecordingSurface(app.size)
        app.render(surface)
        words = " ".join(d.words for d in textlog.drawn(surface)[0])
    finally:
        textlog.stop()
    assert reason.split(":")[0] in words


def test_the_hints_last_resort_finds_a_lay_that_moves_a_table_tile():
    # the hint's lay comes from the hard bot, whose last resort is the engine's generator
    from game.ai.cross_rummy.hard import engine_lay

    def rearranged_lay(view):
        found = engine_lay(view, Steps(UNTIMED_STEPS))
        return found[0] if found else None

    # B5 and G5 fit only with the red 5 moved off the end of the run (four players)
    table = [". . . . Y10 Y11 Y12", "R2 R3 R4 R5 . . .", ". . . . Y7 Y8 Y9"]
    racks = [["B5", "G5", "G14"], ["B2"], ["B3"], ["B4"]]
    s = rigged(4, table, racks=racks, opened=[True] * 4, bag=["G9"])
    lay = rearranged_lay(s.view(0))
    assert lay is not None and s.validate_lay(lay) == []


def test_the_hint_frees_a_group_slot_as_the_hard_bot_would():
    # at the group limit (three with two players) G12 G13 G14 needs a slot: the hint
    # moves one red run onto the other, shows the moved tiles and lays the green run
    rows = ["R5 R6 R7 . . . . .", ". . . . . . . .", ". . . . . . . .", "R8 R9 R10 . . . . ."]
    rows += [". . . . . . . .", ". . . . . . . .", "Y1 Y2 Y3 . . . . ."]
    s = rigged(2, rows, racks=[["G12", "G13", "G14", "B2"], ["Y9"]], opened=[True, True])
    app = make_app()
    table = scene_for(app, state=s, players=2).table
    key(app, pygame.K_h)
    hint = table.hint
    assert hint["kind"] == "lay" and sorted(hint["added"].values()) == ["G12", "G13", "G14"]
    assert len(hint["moved"]) == 3 and s.validate_lay(hint["layout"]) == []
    key(app, pygame.K_h)
    click(app, table.done_button.rect.center)
    assert [label(t) for t in s.racks[0]] == ["B2"]
