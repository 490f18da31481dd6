"""A search bot's worker process in trouble never freezes its table, and a table's close
(or the interpreter's exit) always ends its worker.

Deadlines here are tiny (``procprobe.PROBE_DEADLINE_S``) where the table must give up
on its worker and huge where it must not; every wait is bounded by ``procprobe.WAIT_S``,
which only a failing test reaches. No test asserts how long anything took."""

from __future__ import annotations

import io
import sys

import pytest

from game.tools import procprobe
from game.tools.procprobe import PATIENT_DEADLINE_S, PROBE_DEADLINE_S, QUICK, STUCK, WAIT_S

pytestmark = pytest.mark.ai_worker  # the app's worker process and threads, not inline

posix_only = pytest.mark.skipif(not procprobe.POSIX, reason="stopping a process is POSIX")


@posix_only
def test_a_stopped_worker_is_let_go_after_the_deadline_and_the_game_goes_on():
    session = procprobe.table("rage", 3, QUICK, PROBE_DEADLINE_S)
    worker = procprobe.worker_up(session)
    try:
        procprobe.stop(worker)  # as the question comes: it is never answered
        session.ai.start()
        move = procprobe.await_move(session)  # before the fix: no move, ever
        assert session.ai.last_answer_by == "thread"
        assert session.ai.workers_stuck == 1
        assert not worker.alive() and worker.process.exitcode is not None
        procprobe.next_search_turn(session, move)
        procprobe.fresh_worker_answers(session, worker)  # a new process, not the dead pipe
    finally:
        procprobe.resume(worker)
        session.close()


def test_a_worker_whose_bot_never_answers_is_let_go():
    session = procprobe.table("crazy_lab", 2, STUCK, PROBE_DEADLINE_S)
    try:
        session.ai.start()
        worker = procprobe.worker_thinking(session, procprobe.stamp_of(session))
        procprobe.await_move(session)
        assert session.ai.last_answer_by == "thread"
        assert not worker.alive()
    finally:
        session.close()


def test_a_worker_killed_mid_thought_hands_its_question_to_a_thread_and_is_replaced():
    session = procprobe.table("rage", 5, STUCK, PATIENT_DEADLINE_S)
    try:
        session.ai.start()
        worker = procprobe.worker_thinking(session, procprobe.stamp_of(session))
        worker.process.kill()
        move = procprobe.await_move(session)
        assert session.ai.last_answer_by == "thread"
        assert session.ai.workers_lost == 1 and session.ai.workers_stuck == 0
        procprobe.next_search_turn(session, move)
        procprobe.fresh_worker_answers(session, worker)
    finally:
        session.close()


def test_a_worker_dead_between_questions_is_replaced_and_its_death_is_old_news():
    session = procprobe.table("crazy_eights", 4, QUICK, PATIENT_DEADLINE_S)
    try:
        worker = procprobe.worker_up(session)
        worker.process.kill()
        worker.process.join(WAIT_S)
        worker.reader.join(WAIT_S)  # its reader has reported the death
        session.ai.start()  # the next question: a fresh process takes it
        assert session.ai.process is not worker and session.ai.process.alive()
        procprobe.await_move(session)
        assert session.ai.last_answer_by == "process"  # the old death sent nothing to a thread
    finally:
        session.close()


def test_an_answer_from_a_worker_let_go_of_is_ignored(monkeypatch):
    session = procprobe.table("rage", 3, STUCK, PATIENT_DEADLINE_S)
    try:
        session.ai.start()
        stamp = procprobe.stamp_of(session)
        old = session.ai._process_generation
        procprobe.worker_thinking(session, stamp)
        asked_again = []
        real_think = session.ai._think_on_thread
        monkeypatch.setattr(session.ai, "_think_on_thread", lambda *a: asked_again.append(a))
        session.ai.answer_deadline_s = 0.0  # the worker is past its deadline at the next frame
        assert session.ai.result() is None
        assert session.ai.workers_stuck == 1 and asked_again == [(stamp, session.current())]
        # the let-go worker's answer arrives late: it is not the table's move
        session.ai._answer(old, (stamp, session.legal()[-1], None, 1.0))
        assert session.ai.result() is None
        real_think(*asked_again[0])
        procprobe.await_move(session)
        assert session.ai.last_answer_by == "thread"
    finally:
        session.close()


def test_a_slow_answer_within_the_deadline_is_used():
    session = procprobe.table("crazy_eights", 2, procprobe.SLOW, PATIENT_DEADLINE_S)
    try:
        session.ai.start()
        worker = session.ai.process
        procprobe.await_move(session)
        assert session.ai.last_answer_by == "process"
        assert session.ai.process is worker and worker.alive() and session.ai.workers_lost == 0
    finally:
        session.close()


@posix_only
def test_closing_a_table_ends_its_stopped_worker():
    session = procprobe.table("crazy_eights", 1, QUICK, PATIENT_DEADLINE_S)
    worker = procprobe.worker_up(session)
    try:
        procprobe.stop(worker)
        session.ai.start()
        session.close()  # before the fix: SIGTERM, which a stopped process holds
        assert not worker.alive() and worker.process.exitcode is not None
    finally:
        procprobe.resume(worker)
        worker.kill()


def test_closing_a_table_ends_its_stuck_worker():
    session = procprobe.table("rage", 1, STUCK, PATIENT_DEADLINE_S)
    session.ai.start()
    worker = procprobe.worker_thinking(session, procprobe.stamp_of(session))
    try:
        session.close()
        assert not worker.alive() and worker.process.exitcode is not None
    finally:
        worker.kill()


@posix_only
def test_an_interpreter_with_a_stopped_worker_exits():
    # before the fix multiprocessing's exit handler joined the stopped worker for ever
    procprobe.case_exit_stopped("crazy_eights", 1)


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="the short pass stops processes (POSIX)")
def test_the_process_probe_short_pass_finds_nothing():
    out = io.StringIO()
    failures = procprobe.run(["crazy_eights"], [1], list(procprobe.cases()), out=out)
    assert failures == [], out.getvalue()
    assert out.getvalue().count(" ok") == len(procprobe.cases())
