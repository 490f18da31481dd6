"""Search bots think in a process of their own: the answer is a legal action, made by
the same bot (same seed) as in the window's process would make, and the process ends
when the table closes. Bots compared across processes search a fixed number of worlds
(``BotRecipe``), never a clock: a clock's worlds depend on how busy the machine is."""

from __future__ import annotations

import os

import pytest
from process_helpers import WAIT_S, await_answer

from game.ai.worker import BotRecipe
from game.ui.session import Seat, Session

pytestmark = pytest.mark.ai_worker  # the app's worker process and threads, not inline

FIXED_WORLDS = BotRecipe(worlds=24)  # the same answer in any process, however busy


def _wait(session):
    """The AI's move, waited for on the session's wake (every answer, and a dead
    worker's silence, wakes it): no polling, no clock in the outcome."""
    return await_answer(session, session.ai.result)


def test_a_hard_bot_answers_from_its_own_process_and_stops_with_the_table():
    seats = [Seat("A", "ai", "hard"), Seat("B", "ai", "normal"), Seat("C", "ai", "normal")]
    session = Session("rage", {}, 11, seats, autosave=False)
    session.ai.bot_recipe = FIXED_WORLDS
    woken = []
    session.wake = lambda: woken.append(1)
    while not session.ai_turn() or session.seats[session.current()].level != "hard":
        session.act(session.ai.move_now())
    expected = Session("rage", {}, 11, seats, state=session.state.copy(), autosave=False)
    expected.ai.bot_recipe = FIXED_WORLDS
    want = expected.ai.move_now()  # the same bot, thinking in this process
    session.ai.start()
    process = session.ai.process
    assert process is not None and process.alive()
    assert process.process.pid != os.getpid()
    move = _wait(session)
    assert move in session.legal() and move == want
    assert woken  # the render loop was nudged
    session.act(move)
    session.close()
    assert not process.alive()


def test_a_normal_bot_stays_on_a_thread():
    seats = [Seat("A", "ai", "normal"), Seat("B", "ai", "normal")]
    session = Session("crazy_eights", {}, 3, seats, autosave=False)
    session.ai.start()
    assert session.ai.process is None
    assert _wait(session) in session.legal()


def test_a_worker_that_dies_mid_thought_does_not_stall_the_table():
    seats = [Seat("A", "ai", "hard"), Seat("B", "ai", "normal"), Seat("C", "ai", "normal")]
    session = Session("crazy_lab", {}, 5, seats, autosave=False)
    woken = []
    session.wake = lambda: woken.append(1)
    while session.seats[session.current()].level != "hard":
        session.act(session.ai.move_now())
    session.ai.start()  # the question is with the worker ...
    worker = session.ai.process
    worker.process.kill()  # ... which dies before it answers
    worker.process.join(WAIT_S)
    move = _wait(session)
    assert woken  # the death (or a last answer) woke the table
    assert move in session.legal()
    session.close()


def test_a_table_warms_its_search_bots_before_their_first_turn():
    seats = [Seat("A", "ai", "hard"), Seat("B", "ai", "normal"), Seat("C", "human", "hard")]
    session = Session("crazy_lab", {}, 2, seats, autosave=False)
    session.ai.bot_recipe = FIXED_WORLDS
    session.ai.prepare()  # as the table opens: the process starts and builds seat 0's bot
    process = session.ai.process
    assert process is not None and process.alive()
    while (
        session.seats[session.current()].level != "hard" or session.seats[session.current()].human
    ):
        session.act(session.ai.move_now())
    expected = Session("crazy_lab", {}, 2, seats, state=session.state.copy(), autosave=False)
    expected.ai.bot_recipe = FIXED_WORLDS
    want = expected.ai.move_now()
    session.ai.start()
    assert session.ai.process is process  # the warm process answers
    assert _wait(session) == want  # the warmed bot is the same bot
    session.close()
    assert not process.alive()


def test_a_table_without_search_bots_starts_no_process():
    seats = [Seat("A", "human", "hard"), Seat("B", "ai", "normal")]
    session = Session("crazy_eights", {}, 3, seats, autosave=False)
    session.ai.prepare()
    assert session.ai.process is None


def test_a_table_thinking_inline_answers_at_once_with_no_worker_or_thread(monkeypatch):
    """``think_inline`` (every other test's mode): each AI move is worked out inside
    ``ai.start()`` by an untimed bot, with no process and no thread to wait for."""
    from types import SimpleNamespace

    import game.ui.thinking as thinking_module

    def no_thread(*args, **kwargs):
        raise AssertionError("an inline table started a thread")

    monkeypatch.setattr(Session, "think_inline", True)
    monkeypatch.setattr(thinking_module, "threading", SimpleNamespace(Thread=no_thread))
    seats = [Seat("A", "ai", "hard"), Seat("B", "ai", "normal"), Seat("C", "ai", "normal")]
    session = Session("rage", {}, 11, seats, autosave=False)
    session.ai.prepare()
    for _ in range(12):
        session.ai.start()
        move = session.ai.result()
        assert move in session.legal()
        session.act(move)
    assert session.ai.process is None and session.ai.last_answer_by == "thread"
    assert session.ai.bot(0).budget_s is None and session.ai.bot(0).max_worlds > 0
