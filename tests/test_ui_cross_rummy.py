"""The Cross Rummy table driven by real pygame events under the dummy video driver."""

from __future__ import annotations

import pygame
from cr_helpers import rigged
from ui_helpers import click, drag, make_app, post, settle, toast_messages

from game.engine import cross_rummy as cr
from game.engine.cross_rummy.search import rack_lines
from game.engine.cross_rummy.tiles import face_of, label
from game.ui.scenes.table import TableScene
from game.ui.session import Seat, Session
from game.ui.widgets import Chooser, HandOff


def scene_for(app, state=None, seed=1, humans=(0,), players=3):
    seats = [Seat(f"P{i}", "human" if i in humans else "ai", "normal") for i in range(players)]
    session = Session("cross_rummy", {"start_seat": 0}, seed, seats, state=state, autosave=False)
    scene = TableScene(app, session)
    app.set_scene(scene)
    app.pump()
    return scene


def opening_seed(players=3):
    """A seed whose seat 0 can open with three tiles of a run or set."""
    from collections import Counter

    for seed in range(1, 300):
        s = cr.new_game({"players": players, "start_seat": 0}, seed)
        lines = rack_lines(Counter(face_of(t) for t in s.racks[0] if t < 112))
        if lines:
            return seed, [label(f * 2) for f in lines[0][:3]]
    raise AssertionError("no seed")


def rack_pos(table, name):
    for n, rect in table.rack_slots:
        if n == name:
            return rect.center
    raise AssertionError(f"{name} not on the rack")


def test_drag_tiles_from_the_rack_and_press_done_opens():
    seed, line = opening_seed()
    app = make_app()
    scene = scene_for(app, seed=seed)
    table, state = scene.table, scene.session.state
    assert scene.ctx.can_act
    before = len(state.racks[0])
    for i, name in enumerate(line):
        drag(app, rack_pos(table, name), table.cell_rect((i, 0)).center)
    assert table.draft.cells == {(0, 0): line[0], (1, 0): line[1], (2, 0): line[2]}
    assert table.draft.problems == []  # the engine finds nothing wrong while building
    click(app, table.done_button.rect.center)
    assert state.actions[0].startswith("lay:")
    assert state.opened[0]
    assert sorted(cr.decode_lay(state.actions[0]).values()) == sorted(line)
    assert sum(1 for a in state.actions if a.startswith("lay:")) >= 1 and before - 3 >= 0


def test_invalid_line_is_marked_live_and_done_shows_the_engines_reason():
    seed, line = opening_seed()
    app = make_app()
    scene = scene_for(app, seed=seed)
    table, state = scene.table, scene.session.state
    drag(app, rack_pos(table, line[0]), table.cell_rect((0, 0)).center)
    drag(app, rack_pos(table, line[1]), table.cell_rect((1, 0)).center)
    assert table.draft.problems and "only two tiles" in table.draft.problems[0].text
    assert set(table.draft.bad) == {(0, 0), (1, 0)}
    click(app, table.done_button.rect.center)
    assert state.actions == []
    assert any("only two tiles" in m for m in toast_messages(app))
    # a placed tile goes back to the rack by dragging it there
    drag(app, table.cell_rect((1, 0)).center, table.rack_rect.center)
    assert table.draft.cells == {(0, 0): line[0]} and line[1] in table.draft.rack
    click(app, table.reset_button.rect.center)
    assert table.draft.cells == {}
    assert sorted(table.draft.rack) == sorted(label(t) for t in state.racks[0])


def test_rearranging_table_tiles_in_a_turn():
    s = rigged(
        2,
        ["R1 R2 R3 R4", ". . . .", ". . . ."],
        racks=[["B4", "G4", "Y12"], ["B9", "B10"]],
        opened=[True, True],
        bag=["G9", "G10"],
    )
    app = make_app()
    scene = scene_for(app, state=s, players=2)
    table = scene.table
    # lift the red 4 from the end of the run and build R4 B4 G4 below the red 1
    drag(app, table.cell_rect((3, 0)).center, table.cell_rect((0, 1)).center)
    assert table.draft.cells[(0, 1)] == "R4"
    assert table.draft.problems  # R4 alone under R1 for now: the engine says what is wrong
    drag(app, rack_pos(table, "B4"), table.cell_rect((0, 2)).center)
    drag(app, rack_pos(table, "G4"), table.cell_rect((0, 3)).center)
    # the column R1 R4 B4 G4 is not a line; the engine says so
    assert any("column" in p.text for p in table.draft.problems)
    drag(app, table.cell_rect((0, 1)).center, table.cell_rect((1, 1)).center)  # still touches R2
    drag(app, table.cell_rect((1, 1)).center, table.cell_rect((0, -2)).center)
    drag(app, table.cell_rect((0, 2)).center, table.cell_rect((1, -2)).center)
    drag(app, table.cell_rect((0, 3)).center, table.cell_rect((2, -2)).center)
    assert table.draft.problems == []
    click(app, table.done_button.rect.center)
    assert s.actions and s.actions[0].startswith("lay:")
    assert {label(t) for t in s.racks[0]} == {"Y12"}
    assert s.view(0).groups == 2


def test_table_tiles_cannot_go_to_the_rack():
    s = rigged(2, ["R1 R2 R3"], racks=[["R4", "Y12"], ["B9"]], opened=[True, True], bag=["G9"])
    app = make_app()
    scene = scene_for(app, state=s, players=2)
    table = scene.table
    drag(app, table.cell_rect((0, 0)).center, table.rack_rect.center)
    assert (0, 0) in table.draft.cells
    assert any("stay on the table" in m for m in toast_messages(app))


def test_a_market_tile_is_chosen_then_taken_and_draw_button_draws():
    s = rigged(
        2,
        [],
        racks=[["R1", "Y12"], ["B9"]],
        market=["G5", "B7"],
        bag=["G9", "G10", "G11", "G12", "G13", "G14", "Y1", "Y2"],
    )
    app = make_app()
    scene = scene_for(app, state=s, players=2)
    table = scene.table
    rect = next(r for n, r in table.market_slots if n == "G5")
    click(app, rect.center)
    assert s.actions == [] and table.market_pick == "G5"  # chosen, not yet taken
    click(app, rect.center)
    assert s.actions == [] and table.market_pick is None  # a second click puts it down
    click(app, rect.center)
    click(app, table.take_button.rect.center)
    assert s.actions[0] == "take:G5"
    assert "G5" in {label(t) for t in s.racks[0]}
    settle(app, lambda: scene.ctx.can_act)
    n = len(s.actions)
    click(app, table.draw_button.rect.center)
    assert s.actions[n] == "draw"


def test_draw_three_asks_for_the_target():
    s = rigged(3, [], racks=[["DRAW3", "Y12"], ["B9"], ["B10"]], bag=["G9", "G10", "G11", "G12"])
    app = make_app()
    scene = scene_for(app, state=s, players=3)
    table = scene.table
    click(app, rack_pos(table, "DRAW3"))
    chooser = scene.modals[-1]
    assert isinstance(chooser, Chooser)
    assert [o[1] for o in chooser.options] == [1, 2]
    click(app, chooser.choice_rects[1].center)
    assert s.actions[0] == "play:DRAW3:2"
    assert s.history == [] and len(s.bag) <= 1


def test_pan_and_zoom():
    s = rigged(2, ["R1 R2 R3"], racks=[["R4"], ["B9"]], opened=[True, True], bag=["G9"])
    app = make_app()
    scene = scene_for(app, state=s, players=2)
    table = scene.table
    cam = list(table.cam)
    empty = table.cell_rect((0, 4)).center
    drag(app, empty, (empty[0] + 200, empty[1]))
    assert table.cam[0] < cam[0]
    zoom = table.zoom
    pygame.mouse.set_pos(table.board.center)
    post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0, touch=False)
    app.pump()
    assert table.zoom > zoom
    post(pygame.KEYDOWN, key=pygame.K_MINUS, mod=0, unicode="-", scancode=0)
    post(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="", scancode=0)
    app.pump()
    assert table.zoom < zoom * 1.15 + 1e-6


def test_hot_seat_swap_hides_every_rack():
    s = rigged(2, [], racks=[["SWAP", "R1", "R2", "R3"], ["Y5", "Y6", "Y7"]], bag=["G9"])
    app = make_app()
    scene = scene_for(app, state=s, humans=(0, 1), players=2)
    table = scene.table
    assert isinstance(scene.modals[-1], HandOff)
    app.render()
    assert table.hand_faces_drawn == []
    click(app, scene.modals[-1].buttons[0].rect.center)
    assert table.viewer == 0
    click(app, rack_pos(table, "SWAP"))
    confirm = scene.modals[-1]  # Swap says what it does before it is played
    assert confirm.title == "Play Swap?" and s.phase == "turn"
    click(app, confirm.buttons[0].rect.center)
    assert s.phase == "swap" and s.current_player() == 0
    settle(app, lambda: scene.ctx.can_act)
    click(app, rack_pos(table, "R1"))
    click(app, rack_pos(table, "R3"))
    click(app, table.give_button.rect.center)
    assert s.giving == {0: [t for t in s.giving[0]]} and [label(t) for t in s.giving[0]] == [
        "R1",
        "R3",
    ]
    settle(app, lambda: scene.modals and isinstance(scene.modals[-1], HandOff))
    app.render()
    assert table.hand_faces_drawn == []  # seat 1 is asked: nobody's tiles show
    click(app, scene.modals[-1].buttons[0].rect.center)
    assert table.viewer == 1 and "R1" not in table.hand_faces_drawn
    app.render()
    assert set(table.hand_faces_drawn) == {"Y5", "Y6", "Y7"}
    click(app, rack_pos(table, "Y5"))
    click(app, rack_pos(table, "Y6"))
    click(app, table.give_button.rect.center)
    assert s.phase == "turn"
    assert sorted(label(t) for t in s.racks[1]) == ["R1", "R3", "Y7"]


def test_click_to_place_and_move():
    seed, line = opening_seed()
    app = make_app()
    scene = scene_for(app, seed=seed)
    table = scene.table
    click(app, rack_pos(table, line[0]))
    assert table.focus is not None
    click(app, table.cell_rect((2, 1)).center)
    assert table.draft.cells == {(2, 1): line[0]} and table.focus is None
    click(app, table.cell_rect((2, 1)).center)  # lift it ...
    assert table.held == (2, 1)
    click(app, table.cell_rect((0, 0)).center)  # ... and put it down elsewhere
    assert table.draft.cells == {(0, 0): line[0]} and (0, 0) in table.draft.own


def test_keyboard_lay():
    seed, line = opening_seed()
    app = make_app()
    scene = scene_for(app, seed=seed)
    table, state = scene.table, scene.session.state

    def press(k, mod=0):
        post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
        app.pump()

    press(pygame.K_SPACE)  # shows the cell cursor
    start = table.cursor
    for i, name in enumerate(line):
        while (
            table.rack_slots[table.focus if table.focus is not None else 0][0] != name
            or table.focus is None
        ):
            press(pygame.K_TAB)
        press(pygame.K_SPACE)
        assert table.draft.cells[(start[0] + i, start[1])] == name
        press(pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert table.draft.problems == []
    press(pygame.K_RETURN)
    assert state.actions[0].startswith("lay:") and state.opened[0]


def test_done_is_gold_only_when_the_engine_accepts_the_lay():
    seed, line = opening_seed()
    app = make_app()
    scene = scene_for(app, seed=seed)
    table = scene.table
    app.pump()
    assert not table.done_button.primary  # nothing placed yet
    drag(app, rack_pos(table, line[0]), table.cell_rect((0, 0)).center)
    drag(app, rack_pos(table, line[1]), table.cell_rect((1, 0)).center)
    app.pump()
    assert table.draft.problems and not table.done_button.primary  # two tiles: not a lay yet
    drag(app, rack_pos(table, line[2]), table.cell_rect((2, 0)).center)
    app.pump()
    assert table.draft.problems == [] and table.draft.own and table.done_button.primary


def test_small_window_plate_fits_its_text_and_notes_clear_the_board():
    from game.ui import theme
    from game.ui.app import App

    for size in ((1280, 720), (1600, 900)):
        app = App(size, headless=True)
        app.settings["speed"] = "instant"
        scene = scene_for(app, seed=1)
        t, m = scene.table, scene.table.m
        need = theme.font(m.font_px(21)).size("11 tiles · not opened yet")[0] + m.px(24)
        assert t.plate_rect.w >= need
        assert not t.plate_rect.colliderect(t.rack_rect)
        # the note under a top plate ("thinking…") ends above the board
        plate_bottom = t.area.y + m.px(12) + m.px(96)
        note_h = theme.font(m.font_px(20)).get_linesize()
        assert plate_bottom + m.px(6) + note_h <= t.board.y - m.px(4)


def test_the_buttons_beside_the_rack_say_their_whole_label_in_every_language():
    # "Zurücksetzen" and "Använd tipset" were cut to "Zurückse…" and "Använd …" at
    # 1280×720: the buttons are as wide as their longest label needs
    from game.services import i18n
    from game.services.i18n import APPLY_HINT
    from game.ui import theme
    from game.ui.app import App

    try:
        for lang in ("en", "de", "sv"):
            app = App((1280, 720), headless=True)  # it sets the language of its settings
            i18n.set_language(lang)
            table = scene_for(app).table
            buttons = (table.done_button, table.reset_button, table.draw_button, table.hint_button)
            for b in buttons:
                for words in {b.label, APPLY_HINT} if b is table.hint_button else {b.label}:
                    room = b.rect.w - max(6, b.rect.h // 6)
                    shown, _ = theme.shrink_to_fit(words, b.text_px, room, bold=True)
                    assert "…" not in shown, (lang, shown)
            assert table.rack_rect.right < table.done_button.rect.left
            assert table.reset_button.rect.right <= table.area.right
    finally:
        i18n.set_language("en")
