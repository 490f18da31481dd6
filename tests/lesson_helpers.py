"""Shared pieces for the lesson tests: a lesson app at a window size, waiting for a step,
finishing a move's step, walking steps, the layout audit of every step, leaving from the
pause menu. Each game's moves (drags, clicks, keys) stay in its own test file."""

from __future__ import annotations

import pygame
from ui_helpers import SIZE, click, key, post, settle

from game.services import i18n, saves, stats
from game.ui.app import App
from game.ui.scenes.choose import ChooseScene
from game.ui.scenes.lesson import LessonScene, ring_rect

LANGS = ("en", "de", "sv")
SIZES = [(1280, 720), (3840, 2160)]


def lesson_app(game: str, size=(1280, 720), opened_at=None):
    """The lesson of ``game`` laid out at ``size``. ``opened_at``: the window opens at that
    size and is resized to ``size`` (without it, the window opens at ``size``, so the card
    faces are drawn for that window's text floor)."""
    app = App(opened_at or size, headless=True)
    app.settings["speed"] = "instant"
    if opened_at is not None:
        app.size = size
    scene = LessonScene(app, game)
    app.set_scene(scene)
    if opened_at is not None:
        app.resized(size)
    app.pump()
    return app, scene


def resized_lesson_app(game: str, size=(1280, 720)):
    """The lesson in the tests' usual window (``ui_helpers.SIZE``), resized to ``size``."""
    return lesson_app(game, size, opened_at=SIZE)


def wait_for_step(app, scene, step, dt: float = 50.0, rest_pointer: bool = False) -> None:
    """Frames until ``step`` is shown and ready: the player may move, or Continue may be
    pressed. ``rest_pointer``: the pointer then rests on the coach, as while the player
    reads (no card's large copy is up)."""
    settle(
        app,
        lambda: (
            scene.index == step.number - 1
            and (scene.ctx.can_act if step.expect else scene.continue_ready())
        ),
        dt=dt,
    )
    assert scene.index == step.number - 1, (scene.index, step.id)
    if rest_pointer:
        post(pygame.MOUSEMOTION, pos=scene.coach_rect.center, rel=(0, 0), buttons=(0, 0, 0))
        app.pump()


def finish_step(app, scene, step, dt: float = 50.0) -> None:
    """The step's move and the answers to it played out; a score sheet that opened is
    closed with Enter."""
    settle(app, lambda: bool(scene.modals) or scene.index >= step.number, dt=dt)
    if scene.modals:  # the round's (or game's) score sheet
        key(app, pygame.K_RETURN)


def play_through(
    app, scene, steps, make_move, wait=wait_for_step, finish=finish_step, on_step=None
) -> None:
    """Each of ``steps`` waited for, ``on_step(step)`` checked on it, then its asked move
    made (``make_move(app, scene, action)``) and finished, or Continue pressed (Enter)."""
    for step in steps:
        wait(app, scene, step)
        if on_step is not None:
            on_step(step)
        if step.expect:
            make_move(app, scene, step.expect[0])
            finish(app, scene, step)
        else:
            key(app, pygame.K_RETURN)


def steps_asking_moves(app, scene, wait=wait_for_step, on_step=None):
    """The lesson's steps that wait for a move, each once it is ready; ``on_step(step)``
    is checked on every step, and those that only explain are passed with Enter."""
    for step in scene.lesson.steps:
        wait(app, scene, step)
        if on_step is not None:
            on_step(step)
        if not step.expect:
            key(app, pygame.K_RETURN)
            continue
        yield step


def make_asked_move(scene, step, move) -> None:
    """The step's asked move, legal with the lesson's seat to move, made by
    ``move(action)``: it is the move played."""
    state = scene.session.state
    action = step.expect[0]
    assert action in state.legal_actions() and state.current_player() == scene.lesson.seat
    before = len(state.actions)
    move(action)
    assert state.actions[before] == action, step.id


def continue_through(app, scene, steps, wait=wait_for_step) -> None:
    """Steps that only explain, each waited for and passed with Enter (Continue)."""
    for step in steps:
        wait(app, scene, step)
        key(app, pygame.K_RETURN)


def assert_step_shown(scene, step, screen: pygame.Rect) -> None:
    """The coach says the step's text, and every part it rings is inside ``screen``."""
    assert scene.coach_lines()[1].endswith(i18n._(step.text))
    for target in step.ring:  # every part the coach rings is on the screen
        rect = ring_rect(scene, target)
        assert rect is not None and screen.contains(rect), (step.id, target, rect)


def audit_every_step(
    game: str,
    size,
    where: str,
    make_move,
    *,
    opened_at=None,
    wait=wait_for_step,
    finish=finish_step,
    check_step=None,
):
    """The lesson played through, each step's frame given to the layout audit (recorded
    as ``lesson <step> <where>``) with the coach's words inside their room, and
    ``check_step(scene, step)`` where given. Returns the audit's findings."""
    from game.tools.audit import Auditor, Findings

    findings = Findings()
    auditor = Auditor(findings)
    app, scene = lesson_app(game, size, opened_at=opened_at)

    def audited(step) -> None:
        auditor.frame(app, f"lesson {step.id} {where}")
        assert scene.text_bottom <= scene.text_room, (step.id, size)  # the coach's words fit
        if check_step is not None:
            check_step(scene, step)

    play_through(app, scene, scene.lesson.steps, make_move, wait, finish, audited)
    return findings


def free_play_after(app, scene, state, bots: list[str]):
    """The free play the finished lesson opens: a fresh game, its bots at ``bots``."""
    settle(app, lambda: app.scene is not scene)
    free = app.scene
    assert isinstance(free, LessonScene) and free.free
    assert free.session.state is not state and not free.session.state.actions
    assert [s.level for s in free.session.seats if not s.human] == bots
    return free


def assert_lesson_counted(game: str) -> None:
    assert stats.lessons()[game] == {"finished": 1, "offered": True}
    assert dict(stats.load()) == {}  # nothing the lesson played is a game record


def leave_from_pause_menu(app, scene, game: str) -> None:
    """Escape, then the pause menu's Leave lesson: the game chooser, nothing finished or
    saved."""
    key(app, pygame.K_ESCAPE)
    pause = scene.modals[-1]
    leave = next(b for b in pause.buttons if b.label == "Leave lesson")
    click(app, leave.rect.center)
    assert isinstance(app.scene, ChooseScene)
    assert game not in stats.lessons()  # not finished, and nothing was saved
    assert not saves.exists()
