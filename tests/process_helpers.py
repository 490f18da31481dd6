"""Shared pieces for the tests that run processes and threads.

Every wait here is woken by what it waits for (an answer's ``wake``, a process's end,
a line on a pipe) and is bounded by ``WAIT_S`` only so that a failing test fails
instead of hanging: a passing test never reaches the bound, however busy the machine.
Nothing sleeps for a set time, and no outcome depends on how long anything took."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WAIT_S = 120.0  # the longest wait for an answer, an exit or a line: only a failure reaches it
RUN_S = 300.0  # the longest a child of run_at_once may work: only a failure reaches it


def await_answer(session, result, frame_s: float | None = None):
    """Call ``result()`` (``session.ai.result`` or ``session.ai.hint_result``) until it
    returns something, waking on the session's ``wake`` (the session calls it after every
    answer it queues, a dead worker's included); the ``wake`` set before is kept.

    ``frame_s``: also call it every ``frame_s`` seconds, as the window's loop does, for a
    case where the session must notice a silent worker past its deadline (no message
    wakes anyone then); the frame's length changes how often it looks, never what it
    finds."""
    woken = threading.Event()
    earlier = session.wake

    def wake() -> None:
        earlier()
        woken.set()

    session.wake = wake
    try:
        end = time.monotonic() + WAIT_S
        while True:
            woken.clear()  # before looking: an answer queued after the look sets it again
            answer = result()
            if answer is not None:
                return answer
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no answer within {WAIT_S:.0f} s")
            woken.wait(left if frame_s is None else min(frame_s, left))
    finally:
        session.wake = earlier


def until_or_ended(condition, procs, look_s: float = 0.05) -> bool:
    """Wait until ``condition()`` holds (True), or until one of ``procs`` ends first
    (False, at once: each process's end wakes the wait through its pidfd). For a condition
    no event announces (another process's CPU time), re-read every ``look_s`` seconds."""
    fds = [os.pidfd_open(p.pid) for p in procs]
    try:
        end = time.monotonic() + WAIT_S
        while not condition():
            left = end - time.monotonic()
            if left <= 0:
                return False
            ended, _, _ = select.select(fds, [], [], min(look_s, left))
            if ended:
                return condition()
        return True
    finally:
        for fd in fds:
            os.close(fd)


def run_at_once(script: str, home: Path, count: int = 2) -> list[str]:
    """Run ``script`` in ``count`` interpreters on the one user folder ``home``, released
    together: the script prints ``ready``, reads a line (the go signal), then works. Each
    must exit 0; returns what each printed."""
    env = {**os.environ, "PARLOUR_HOME": str(home)}
    children = [
        subprocess.Popen(
            [sys.executable, "-c", script],
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(count)
    ]
    try:
        for child in children:
            line = child.stdout.readline()
            if line.strip() != "ready":
                child.kill()
                raise AssertionError(f"not ready: {line!r} {child.stderr.read()}")
        for child in children:
            child.stdin.write("go\n")
            child.stdin.flush()
        results = [child.communicate(timeout=RUN_S) for child in children]
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()
    for (_, err), child in zip(results, children, strict=True):
        assert child.returncode == 0, err
    return [out for out, _ in results]
