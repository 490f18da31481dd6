"""Learn to play Cross Rummy: the lesson file loads, and the lesson is played through
real pygame events (tiles dragged from the rack and across the board, the market's
select-then-Take, the event tiles' chooser and confirmation, a Swap's tiles picked by
keys) to its free play, with a wrong move at every step, in each language and laid out
whole at 1280×720 and 4K."""

from __future__ import annotations

import lesson_helpers
import pygame
import pytest
from lesson_helpers import (
    LANGS,
    assert_lesson_counted,
    assert_step_shown,
    audit_every_step,
    continue_through,
    free_play_after,
    leave_from_pause_menu,
    steps_asking_moves,
    wait_for_step,
)
from ui_helpers import click, drag, key, post, settle

from game.engine.cross_rummy.lesson import lesson_action, read_picture
from game.engine.lessons import load_lesson
from game.ui.scenes.lesson import ring_rect

GAME = "cross_rummy"
after_move = lesson_helpers.finish_step  # the move's script plays, the score sheet is closed


def lesson_app(size=(1280, 720)):
    """The lesson in a window of ``size`` (the faces drawn for that window's size floor)."""
    return lesson_helpers.lesson_app(GAME, size)


# ---------------------------------------------------------------- moves as a player makes them


def shift_key(app, k: int) -> None:
    post(pygame.KEYDOWN, key=k, mod=pygame.KMOD_SHIFT, unicode="", scancode=0)
    app.pump()


def slot(table, name: str) -> pygame.Rect:
    return next(r for n, r in table.rack_slots if n == name)


def focus_rack(app, table, name: str) -> None:
    """Tab to the rack tile ``name``."""
    for _ in range(len(table.rack_slots) + 1):
        if table.focus is not None and table.rack_slots[table.focus][0] == name:
            return
        key(app, pygame.K_TAB)
    raise AssertionError(f"{name} is not on the rack")


def lay_parts(table, layout: dict):
    """What turns the table shown into ``layout``: the table tiles to move (from, to)
    and the rack tiles to put down (tile, cell)."""
    before = table.view.table
    vacated = {c: n for c, n in before.items() if layout.get(c) != n}
    arriving = {c: n for c, n in layout.items() if before.get(c) != n}
    moves = []
    for cell, name in vacated.items():
        target = next(c for c, n in arriving.items() if n == name)
        arriving.pop(target)
        moves.append((cell, target))
    return moves, sorted(arriving.items(), key=lambda item: (item[0][1], item[0][0]))


def lay(app, scene, layout: dict, by_keys: bool = False) -> None:
    """Drag (or with ``by_keys`` move the cell cursor and press Space) tiles into
    ``layout``, then Done (Enter with keys)."""
    table = scene.table
    moves, placed = lay_parts(table, layout)
    for src, dst in moves:
        drag(app, table.cell_rect(src).center, table.cell_rect(dst).center)
    for cell, name in placed:
        if by_keys:
            focus_rack(app, table, name)
            if table.cursor is None:
                key(app, pygame.K_SPACE)  # the cursor appears in the board's middle
            while table.cursor[0] != cell[0]:
                shift_key(app, pygame.K_RIGHT if table.cursor[0] < cell[0] else pygame.K_LEFT)
            while table.cursor[1] != cell[1]:
                shift_key(app, pygame.K_DOWN if table.cursor[1] < cell[1] else pygame.K_UP)
            key(app, pygame.K_SPACE)
        else:
            drag(app, slot(table, name).center, table.cell_rect(cell).center)
        assert table.draft.cells.get(cell) == name, (cell, name)
    if by_keys:
        key(app, pygame.K_RETURN)
    else:
        click(app, table.done_button.rect.center)


def make_move(app, scene, move: str, by_keys: bool = False) -> None:
    """``move`` (as the lesson writes it) made as a player makes it."""
    table = scene.table
    action = lesson_action(move)
    if action.startswith("lay:"):
        lay(app, scene, read_picture(move) if "\n" in move else {}, by_keys)
    elif action.startswith("take:"):
        name = action[5:]
        click(app, next(r for n, r in table.market_slots if n == name).center)
        assert table.market_pick == name
        click(app, table.take_button.rect.center)
    elif action.startswith("play:DRAW3:"):
        click(app, slot(table, "DRAW3").center)
        chooser = scene.modals[-1]
        seats = [option[1] for option in chooser.options]
        click(app, chooser.choice_rects[seats.index(int(action.rsplit(":", 1)[1]))].center)
    elif action == "play:SWAP":
        click(app, slot(table, "SWAP").center)
        click(app, scene.modals[-1].buttons[0].rect.center)  # Play Swap
    elif action.startswith("give:"):
        for index in list(table.selected):  # a choice left from a try before: put down
            click(app, table.rack_slots[index][1].center)
        names = action[5:].split(",")
        if by_keys:
            for name in names:
                focus_rack(app, table, name)
                key(app, pygame.K_SPACE)
            key(app, pygame.K_RETURN)
        else:
            for name in names:
                click(app, slot(table, name).center)
            click(app, table.give_button.rect.center)
    elif action == "draw":
        key(app, pygame.K_d)
    else:
        raise AssertionError(f"no way to make {move!r}")


def legal_in(state, action: str) -> bool:
    if action.startswith("lay:"):
        return not state.validate_lay(action)
    if action in state.legal_actions():
        return True
    try:
        state.copy().apply(action)
    except Exception:
        return False
    return True


# ---------------------------------------------------------------- the file


def test_the_lesson_loads_and_teaches_every_idea_with_a_move():
    lesson = load_lesson(GAME)
    assert 10 <= len(lesson.steps) <= 16 and lesson.options["players"] == 2
    moves = [lesson_action(m) for s in lesson.steps for m in s.expect]
    assert sum(m.startswith("lay:") for m in moves) >= 4  # open, across, split, join, out
    assert "take:DRAW3" in moves and "play:DRAW3:1" in moves and "play:SWAP" in moves
    assert any(m.startswith("give:") for m in moves)
    ids = [s.id for s in lesson.steps]
    assert {"opening", "across", "split", "group_limit"} <= set(ids)
    assert lesson.steps[-1].continue_label and any(s.points for s in lesson.steps)
    # a picture and the engine's own lay action are one move, however it is written
    assert lesson_action("\n. R5\nR6 .\n") == "lay:1,0,R5;0,1,R6"
    assert lesson_action("give:Y2,G1") == lesson_action("give:G1,Y2")


# ---------------------------------------------------------------- played to its end


@pytest.mark.parametrize("language", LANGS, indirect=True)
def test_the_lesson_is_played_to_its_end_and_free_play_starts(language):
    app, scene = lesson_app()
    state = scene.session.state
    lesson = scene.lesson

    def shown(step) -> None:
        assert_step_shown(scene, step, app.screen.get_rect())

    for step in steps_asking_moves(app, scene, wait_for_step, shown):
        action = lesson_action(step.expect[0])
        assert state.current_player() == lesson.seat and legal_in(state, action), step.id
        before = len(state.actions)
        by_keys = step.id in ("give", "go_out")  # a Swap's tiles and a lay by keyboard
        make_move(app, scene, step.expect[0], by_keys=by_keys)
        assert lesson_action(state.actions[before]) == action, step.id
        after_move(app, scene, step)
    assert state.history[-1]["points"][0] == 0 and state.is_over()
    free = free_play_after(app, scene, state, ["easy"])
    assert len(free.session.state.racks[0]) == 15  # a fresh deal of the usual racks
    settle(app, lambda: free.ctx.can_act)
    assert free.ctx.can_act and free.session.state.current_player() == 0
    assert_lesson_counted(GAME)


# ---------------------------------------------------------------- wrong moves


def lone_tile(scene) -> str:
    """A picture of the table with one rack tile alone on a free cell of the board in
    view: never legal."""
    table = scene.table
    name = next(n for n, _ in table.rack_slots if n not in ("SWAP", "DRAW3"))
    cells = dict(table.view.table)
    taken = set(cells)
    for y in range(8):
        for x in range(12):
            around = {(x, y), (x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)}
            if not around & taken and table.board.contains(table.cell_rect((x, y))):
                return picture({**cells, (x, y): name})
    raise AssertionError("no free cell in view")


def picture(cells: dict) -> str:
    width = max(x for x, _ in cells) + 1
    height = max(y for _, y in cells) + 1
    rows = [" ".join(cells.get((x, y), ".") for x in range(width)) for y in range(height)]
    return "\n" + "\n".join(rows) + "\n"


def shifted(move: str, table: dict) -> str:
    """The lay of ``move`` with its new tiles one row further down: another lay."""
    layout = read_picture(move)
    new = {c: n for c, n in layout.items() if table.get(c) != n}
    kept = {c: n for c, n in layout.items() if c not in new}
    return picture({**kept, **{(x, y + 1): n for (x, y), n in new.items()}})


# a legal move that is not the one asked for, by step (where the step has one)
OTHER = {
    "across": "\n. . . G7\n. R5 R6 R7\n. . . Y7\n. . . .\n. B4 B5 B6 B7 B8\n",
    "market": "take:Y10",
    "draw_three": "draw",
    "swap": "draw",
    "give": "give:G1,Y4",
    "split": "\n. . . Y7\nR4 R5 R6 R7\n. . . G7\n. . . .\n. B4 B5 B6 B7 B8\n",
    "group_limit": "\n. . . Y7\nR4 R5 R6 R7\n. . . G7 . B6\n. . . . . B7\n. B4 B5 B6 . B8\n",
    "go_out": "\n. . . Y7\nR4 R5 R6 R7\n. . . G7 . B6\n. Y4 . . . B7\n. B4 B5 B6 . B8\n. G4\n",
}
# an illegal one that says what the step is about, by step
WRONG = {
    "give": "give:G1",  # one tile where two are passed
    # the 4s as a set of their own: a fourth group
    "group_limit": (
        "\n. . . Y7 . . . R4\n. R5 R6 R7 . . . Y4\n. . . G7 . B6 . G4\n"
        ". . . . . B7\n. B4 B5 B6 . B8\n"
    ),
}


def test_a_wrong_move_at_each_step_is_explained_and_tried_again():
    app, scene = lesson_app()
    state = scene.session.state
    judged = set()
    for step in steps_asking_moves(app, scene, wait_for_step):
        table_before = dict(scene.table.view.table)
        tries = [(WRONG.get(step.id) or lone_tile(scene), "wrong")]
        other = OTHER.get(step.id)
        if other is None and lesson_action(step.expect[0]).startswith("lay:"):
            other = shifted(step.expect[0], table_before)
        if other is not None:
            tries.append((other, "other"))
        for move, kind in tries:
            action = lesson_action(move)
            assert legal_in(state, action) == (kind == "other"), (step.id, move)
            before = list(state.actions)
            make_move(app, scene, move)
            assert state.actions == before, (step.id, move)  # nothing was played
            assert scene.feedback is not None and scene.feedback[0] == kind, (step.id, kind)
            said = scene.coach_lines()[2]
            if kind == "wrong":
                assert step.wrong in said and "Try again." in said
                if action.startswith("lay:"):
                    assert str(scene.session.refusal(action))[:30] in said  # the engine says why
            else:
                assert step.other in said and "Try again." in said
            key(app, pygame.K_r)  # Reset: the tiles go back to the rack
            settle(app, lambda: scene.ctx.can_act and not scene.modals)
            assert scene.table.draft.cells == table_before
            judged.add((step.id, kind))
        make_move(app, scene, step.expect[0])  # and the asked move still works
        after_move(app, scene, step)
    assert scene.index >= len(scene.lesson.steps) - 1 or app.scene is not scene
    assert ("group_limit", "wrong") in judged and ("give", "other") in judged
    assert sum(kind == "other" for _, kind in judged) >= 7


def test_the_lesson_can_be_left_from_the_pause_menu():
    app, scene = lesson_app()
    continue_through(app, scene, scene.lesson.steps[:2])
    wait_for_step(app, scene, scene.lesson.steps[2])
    leave_from_pause_menu(app, scene, GAME)


# ---------------------------------------------------------------- laid out whole


@pytest.mark.parametrize(
    ("language", "size"),
    [("en", (1280, 720)), ("de", (1280, 720)), ("sv", (1280, 720)), ("de", (3840, 2160))],
    indirect=["language"],
)
def test_every_step_is_whole_and_readable(language, size, recording):
    def rings_clear_of_the_coach(scene, step) -> None:
        for target in step.ring:
            rect = ring_rect(scene, target)
            assert rect is not None and not rect.colliderect(scene.coach_rect), (step.id, target)

    where = f"{size} [{language}]"
    findings = audit_every_step(GAME, size, where, make_move, check_step=rings_clear_of_the_coach)
    assert not any(findings.problems.values()), findings.problems
