"""A hint is thought in the table's worker process, where the hard bots think, never on
the window's interpreter: asking costs the window no frames. It is the strongest bot's
choice for the player's own view, and the worker's deadline and restart hold for it.

The hint's bot in this process is made to fail, so a hint worked out here could only
read "No hint this time"; waits are on the worker's messages (``process_helpers``),
bounded only for a failing test."""

from __future__ import annotations

import threading

import pygame
import pytest
from process_helpers import await_answer
from ui_helpers import find_seed, make_app, post, settle, table_scene

from game.ai.worker import BotRecipe, build_bot
from game.tools import procprobe
from game.tools.procprobe import PROBE_DEADLINE_S, WAIT_S
from game.ui import hints
from game.ui.session import Seat, Session

pytestmark = pytest.mark.ai_worker  # the app's worker process, not inline

FIXED_WORLDS = BotRecipe(worlds=procprobe.WORLDS)  # the same hint in any process


@pytest.fixture
def no_hint_here(monkeypatch):
    """A hint's bot built in this (the window's) process fails: only the worker can hint."""

    def refuse(*args, **kwargs):
        raise AssertionError("a hint's bot was built on the window's interpreter")

    monkeypatch.setattr(hints, "make_bot", refuse)


def _await_hint(session):
    """Look as the window does, on each wake and each frame (a stopped worker is noticed
    only by a look past its deadline), until the hint's answer arrives."""
    return await_answer(session, session.ai.hint_result, frame_s=procprobe.FRAME_S)


def human_turn(scene) -> bool:
    return scene.session.current() == 0 and not scene.steps and not scene.table.busy()


def _expected(session, seat):
    bot = build_bot(
        session.game_id, hints.best_level(session.game_id), session.ai.bot_seed(seat), FIXED_WORLDS
    )
    return bot.choose(session.view(seat), session.legal())


def test_pressing_h_thinks_the_hint_in_the_worker_process(no_hint_here):
    app = make_app()
    scene = table_scene(app, seed=find_seed(lambda st: len(st.legal_actions()) >= 2))
    s = scene.session
    s.ai.bot_recipe = FIXED_WORLDS
    try:
        settle(app, lambda: human_turn(scene))
        want = _expected(s, 0)
        threads_before = {t.ident for t in threading.enumerate()}
        post(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0)
        app.pump(16.0)
        assert s.ai.process is not None and s.ai.process.alive()  # asked of the worker
        # no thread of this process works on it (the worker's reader excepted)
        new = [t for t in threading.enumerate() if t.ident not in threads_before]
        assert all(t.name == "parlour-ai-answers" for t in new), [t.name for t in new]
        s.ai.process.wait_heard(lambda w: not s.ai._hints.empty(), WAIT_S)
        app.pump(16.0)
        hint = scene.seat_layer.hint
        assert hint is not None and hint["text"].startswith("Hint: "), hint
        assert s.ai.hints_by_worker == 1
        assert hint["card"] == str(want).split(":")[0]  # the strongest bot's own choice
    finally:
        s.close()


def test_a_stopped_worker_is_let_go_and_a_fresh_one_gives_the_hint(no_hint_here):
    if not procprobe.POSIX:
        pytest.skip("stopping a process is POSIX")
    seats = [Seat("A", "human"), Seat("B", "ai"), Seat("C", "ai")]
    s = Session("crazy_eights", {}, 5, seats, autosave=False)
    s.ai.bot_recipe = FIXED_WORLDS
    seat, worker = s.current(), None
    try:
        stamp, action = _await_hint_of(s, seat)  # the worker is up and has answered
        assert action in s.legal()
        worker = s.ai.process
        procprobe.stop(worker)
        s.ai.answer_deadline_s = PROBE_DEADLINE_S
        stamp = s.ai.ask_hint(seat)
        again, action = _await_hint(s)  # before: the window waited on a stuck thread
        assert again == stamp and action in s.legal()
        assert s.ai.workers_stuck == 1 and not worker.alive()
        assert s.ai.process is not worker and s.ai.process.alive()
        assert s.ai.hints_by_worker == 2
    finally:
        if worker is not None:
            procprobe.resume(worker)
        s.close()


def test_a_worker_killed_with_the_hint_is_replaced(no_hint_here):
    seats = [Seat("A", "human"), Seat("B", "ai"), Seat("C", "ai")]
    s = Session("rage", {}, 7, seats, autosave=False)
    s.ai.bot_recipe = FIXED_WORLDS
    seat = s.current()
    try:
        _await_hint_of(s, seat)
        worker = s.ai.process
        worker.process.kill()
        worker.process.join(WAIT_S)
        stamp = s.ai.ask_hint(seat)
        again, action = _await_hint(s)
        assert again == stamp and action in s.legal()
        assert s.ai.workers_lost == 1 and s.ai.process is not worker
    finally:
        s.close()


def _await_hint_of(session, seat):
    stamp = session.ai.ask_hint(seat)
    answer = _await_hint(session)
    assert answer[0] == stamp
    return answer


def test_a_worker_let_go_of_twice_is_counted_once(no_hint_here):
    """A dead worker is seen twice when its reader notices the end of the pipe and a
    question put to it fails as well: it is one worker lost, not two (the restarts a
    table allows must not run out at half the deaths)."""
    seats = [Seat("A", "human"), Seat("B", "ai"), Seat("C", "ai")]
    s = Session("rage", {}, 7, seats, autosave=False)
    s.ai.bot_recipe = FIXED_WORLDS
    try:
        _await_hint_of(s, s.current())
        worker = s.ai.process
        worker.process.kill()
        worker.process.join(WAIT_S)
        assert worker.wait_heard(lambda w: w.ended, WAIT_S)  # its reader saw the end
        s.ai._retire(worker)
        s.ai._retire(worker)
        assert s.ai.workers_lost == 1 and worker.retired and s.ai.process is None
    finally:
        s.close()
