"""Undo and redo against AI: Ctrl+Z takes the game back to the human's previous
decision (the AI moves after it go too), Ctrl+Y replays the undone line, a new move
ends redo, and with two humans at the table there is no undo."""

from __future__ import annotations

import pygame
from ui_helpers import find_seed, make_app, post, settle, table_scene

from game.ui.session import Seat, Session


def ctrl(app, k) -> None:
    post(pygame.KEYDOWN, key=k, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)
    app.pump()


def human_turn(scene) -> bool:
    s = scene.session
    return s.current() == 0 and not scene.steps and not scene.table.busy()


def play_first_legal(scene) -> None:
    assert scene.submit(scene.session.legal()[0])


def test_undo_takes_back_the_human_move_and_the_ai_moves_after_it():
    app = make_app()
    scene = table_scene(app, seed=3)
    settle(app, lambda: human_turn(scene))
    s = scene.session
    before = list(s.state.actions)
    hand_before = sorted(s.view(0).hand)
    play_first_legal(scene)
    settle(app, lambda: human_turn(scene) and len(s.state.actions) > len(before) + 1)
    after = list(s.state.actions)
    assert len(after) >= len(before) + 2  # the human's move and at least one AI move

    ctrl(app, pygame.K_z)
    assert s.state.actions == before
    assert sorted(s.view(0).hand) == hand_before
    assert s.current() == 0 and s.undos == 1
    assert scene.table.view.hand == s.view(0).hand  # the screen shows the rebuilt position

    ctrl(app, pygame.K_y)  # redo: the same line again, up to the human's next decision
    assert s.state.actions == after
    assert s.current() == 0

    ctrl(app, pygame.K_z)
    play_first_legal(scene)  # the same move made anew keeps the line; a different one ends it
    assert s.state.actions[: len(before) + 1] == after[: len(before) + 1]


def test_a_new_move_after_undo_ends_redo():
    app = make_app()
    scene = table_scene(app, seed=find_seed(lambda st: len(st.legal_actions()) >= 2))
    settle(app, lambda: human_turn(scene))
    s = scene.session
    legal = s.legal()
    scene.submit(legal[0])
    settle(app, lambda: human_turn(scene))
    ctrl(app, pygame.K_z)
    assert s.can_redo()
    scene.submit(legal[1])
    n = len(s.state.actions)
    assert not s.can_redo()
    ctrl(app, pygame.K_y)  # nothing to redo: the human's new move stands
    assert s.state.actions[n - 1] == legal[1]


def test_undo_at_the_first_decision_changes_nothing():
    app = make_app()
    scene = table_scene(app, seed=3)
    settle(app, lambda: human_turn(scene))
    s = scene.session
    before = list(s.state.actions)
    if not any(m == 0 for m in s.movers()):
        ctrl(app, pygame.K_z)
        assert s.state.actions == before and s.undos == 0


def test_no_undo_with_two_humans():
    seats = [Seat("A", "human"), Seat("B", "human"), Seat("C", "ai")]
    s = Session("crazy_eights", {}, 4, seats, autosave=False)
    for _ in range(6):
        if s.is_over():
            break
        s.act(s.legal()[0])
    assert not s.undo_allowed and not s.can_undo() and not s.undo()


# -- hints


def wait_hint(app, scene):
    """A table that thinks inline (``Session.think_inline``, every UI test) works the
    hint out as it is asked, with an untimed bot: one frame handles the key that asks,
    the next takes the answer. No thread, no sleeping, no frame budget."""
    app.pump(16.0)
    app.pump(16.0)
    assert scene.seat_layer.hint is not None, "no hint arrived"
    return scene.seat_layer.hint


def test_h_shows_a_legal_hint_and_plays_nothing():
    app = make_app()
    scene = table_scene(app, seed=find_seed(lambda st: len(st.legal_actions()) >= 2))
    settle(app, lambda: human_turn(scene))
    s = scene.session
    before = list(s.state.actions)
    post(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0)
    hint = wait_hint(app, scene)
    assert s.state.actions == before  # shown, not played
    assert hint["text"].startswith("Hint: ")
    legal_cards = {a.split(":")[0] for a in s.legal()}
    assert hint["card"] is None or hint["card"] in legal_cards
    if hint["card"]:  # the hinted card has the keyboard focus (its ring; Enter plays it)
        table = scene.table
        assert table.focus is not None and table.slots[table.focus][0] == hint["card"]
    assert scene.submit(s.legal()[0])
    assert scene.seat_layer.hint is None  # a new position: the hint is gone


def test_a_hint_belongs_to_its_seat_and_goes_before_the_cover():
    app = make_app()
    scene = table_scene(app, seed=3, humans=(0, 1))
    for _ in range(100):  # through the first hand-off cover
        app.pump(16.0)
        if scene.modals and hasattr(scene.modals[-1], "on_reveal"):
            break
    settle(app, lambda: scene.ctx.viewer is not None or bool(scene.modals), frames=50)
    if scene.ctx.viewer is None:
        for d in list(scene.modals):
            for b in getattr(d, "buttons", []):
                b.on_click()
                break
        app.pump(16.0)
    seat = scene.ctx.viewer
    assert seat is not None
    scene.ask_hint()
    wait_hint(app, scene)
    scene.set_viewer(None)  # what every hand-off does first
    assert scene.seat_layer.hint is None


def test_settings_from_the_pause_menu_and_back_to_the_same_table():
    from game.ui.scenes.settings import SettingsScene

    app = make_app()
    scene = table_scene(app, seed=3)
    settle(app, lambda: human_turn(scene))
    actions = list(scene.session.state.actions)
    scene.pause()
    pause = scene.modals[-1]
    button = next(b for b in pause.buttons if b.label == "Settings")
    button.on_click()
    app.pump()
    assert isinstance(app.scene, SettingsScene)
    four = bool(app.settings.get("four_colour"))
    next(
        b for b in app.scene.buttons if b.label in ("On", "Off") and b is app.scene.buttons[2]
    ).on_click()
    assert bool(app.settings.get("four_colour")) != four
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    app.pump()
    assert app.scene is scene and scene.session.state.actions == actions
    assert not scene.modals


def test_the_undo_count_is_kept_in_the_save():
    from game.services import saves

    seats = [Seat("Me", "human")] + [Seat(f"Bot {i}", "ai", "normal") for i in (1, 2, 3)]
    s = Session("crazy_eights", {}, 21, seats)
    for _ in range(12):
        s.act(s.legal()[0])
    assert s.undo()
    saved, state = saves.load()
    assert saved.undos == 1
    assert Session.resume(saved, state).undos == 1
