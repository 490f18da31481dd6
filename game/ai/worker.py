"""Search bots think in a process of their own, so a table's render loop never waits
for them: the bot uses the second core, and the window's interpreter stays free.

One ``ThinkingProcess`` serves one table. The table sends what a bot may know — the
game, the level, the seat's view and the legal actions — and gets back the action.
A player's hint is thought here too (``hint``): the strongest bot, built afresh for
each hint, on the asking player's own view, so a hint never stalls the window either.
Bots live in the worker from the first question to the table's close, keyed by
game, level, seed and seat, so a bot that remembers earlier decisions goes on
remembering. No pygame here: the worker imports only the AI and the engines.

The worker says when it is up and when it takes a question (``heard_at``), so the
table can tell a worker that thinks from one that is stuck (stopped, swapped out);
the table decides how long it waits. A worker that will not end is ended: asked,
then terminated (continued first: a stopped process acts on no signal but a kill),
then killed — on close and at interpreter exit alike, so nothing ever joins a stuck
worker for ever.
"""

from __future__ import annotations

import atexit
import contextlib
import importlib
import os
import signal
import sys
import threading
import time
from dataclasses import dataclass

# the table to the worker
WARM = "warm"  # a message that only builds bots (their imports, level files, tables)
ASK = "ask"
HINT = "hint"  # a hint's question: a bot built for it alone, remembering nothing
# the worker to the table
READY = "ready"  # the worker's interpreter is up and reads questions
TAKEN = "taken"  # the worker has begun a question (its stamp follows)
ANSWER = "answer"

NO_CLOCK_S = 3600.0  # a bot given a number of worlds thinks until it has searched them all
TERM_GRACE_S = 0.5  # a terminated worker's time to end before it is killed
REAP_S = 5.0  # waiting for a killed process to be gone: only a machine in trouble needs it


@dataclass(frozen=True)
class BotRecipe:
    """How a table's bots are built where the app's defaults do not apply.

    ``worlds``: a search bot searches exactly this many sampled worlds with no clock,
    so the same position gets the same answer in any process on any machine (tests,
    probes; a bot without worlds, such as Cross Rummy's planner, keeps its clock).
    ``worker_maker``: ``"module:callable"``, called as ``make_bot`` is, builds the bot
    in the worker process instead (a probe's slow or stuck worker); a question that
    falls back to the table's own thread gets the real bot."""

    worlds: int | None = None
    worker_maker: str | None = None


def build_bot(
    game_id: str, level: str, seed, recipe: BotRecipe | None = None, in_worker: bool = False
):
    """The bot for a seat, as the app builds it, or as ``recipe`` says."""
    if recipe is not None and recipe.worker_maker and in_worker:
        module, _, name = recipe.worker_maker.partition(":")
        bot = getattr(importlib.import_module(module), name)(game_id, level, seed)
    else:
        from game.ai.levels import make_bot

        bot = make_bot(game_id, level, seed)
    if recipe is not None and recipe.worlds and hasattr(bot, "max_worlds"):
        bot.hurry(NO_CLOCK_S, recipe.worlds)
    return bot


def _serve(conn) -> None:
    """The worker's loop: one question in, one answer out, until told to stop."""
    import game.ai.levels  # noqa: F401  (the bots' registry, imported before the worker is up)

    bots: dict[tuple, object] = {}
    try:
        conn.send((READY,))
    except (OSError, ValueError):
        return
    while True:
        try:
            question = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        if question is None:
            return
        if question[0] == WARM:  # the table's search bots, built before their first turn
            _, seats, recipe = question
            for game_id, level, seed, seat in seats:
                key = (game_id, level, seed, seat, recipe)
                if key not in bots:
                    bots[key] = build_bot(game_id, level, seed, recipe, in_worker=True)
            continue
        _, stamp, game_id, level, seed, seat, view, actions, recipe = question
        try:
            conn.send((TAKEN, stamp))
        except (OSError, ValueError):
            return
        t0 = time.perf_counter()
        error = None
        try:
            if question[0] == HINT:  # as a hint on the table's thread was: a fresh bot
                bot = build_bot(game_id, level, seed, recipe, in_worker=True)
            else:
                key = (game_id, level, seed, seat, recipe)
                bot = bots.get(key)
                if bot is None:
                    bot = bots[key] = build_bot(game_id, level, seed, recipe, in_worker=True)
            choice = bot.choose(view, actions)
        except Exception as exc:  # a bot bug must not end the worker: report it
            choice, error = None, f"{type(exc).__name__}: {exc}"
        try:
            conn.send((ANSWER, stamp, choice, error, (time.perf_counter() - t0) * 1000))
        except (OSError, ValueError):
            return


# Every worker process started and not yet seen gone: ended at interpreter exit,
# before multiprocessing's own exit handler, which would join a stopped one for ever.
_running: set = set()
_running_lock = threading.Lock()
_exit_hook_set = False


def _end_process(process, grace: float = TERM_GRACE_S) -> bool:
    """End ``process`` whatever its state: continued (a stopped process holds every
    signal but a kill until then), terminated, killed if it has not ended after
    ``grace``. True once it is gone and reaped."""
    if process.is_alive():
        if hasattr(signal, "SIGCONT") and process.pid is not None:
            with contextlib.suppress(OSError):  # already gone
                os.kill(process.pid, signal.SIGCONT)
        process.terminate()
        process.join(grace)
        if process.is_alive():
            process.kill()
    process.join(REAP_S)
    gone = not process.is_alive()
    if gone:
        with _running_lock:
            _running.discard(process)
    return gone


def _end_all_at_exit() -> None:
    with _running_lock:
        left = list(_running)
    for process in left:
        _end_process(process)


def _register(process) -> None:
    """Keep ``process`` to be ended at exit. The hook is registered after multiprocessing
    is imported, so it runs before multiprocessing's (atexit runs the last one first)."""
    global _exit_hook_set
    with _running_lock:
        _running.add(process)
        if not _exit_hook_set:
            atexit.register(_end_all_at_exit)
            _exit_hook_set = True


class ThinkingProcess:
    """A worker process and the thread that reads its answers.

    ``on_answer((stamp, action, error, ms))`` is called on the reader thread, and
    ``on_answer(None)`` once if the worker dies before it is closed. ``heard_at`` is
    the ``time.monotonic()`` of the worker's last message (None before it is up),
    ``taken`` the stamp of the last question it began."""

    def __init__(self, on_answer):
        import multiprocessing  # here, not at start-up: only a table with a search bot needs it

        if getattr(sys, "frozen", False):  # the executable is not a script to re-read
            # a private name of multiprocessing, missing from its type stubs
            multiprocessing.process.ORIGINAL_DIR = None  # type: ignore[attr-defined]
        ctx = multiprocessing.get_context("spawn")  # never fork a process that runs SDL
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_serve, args=(child,), name="parlour-ai", daemon=True)
        self.process.start()
        _register(self.process)
        child.close()
        self.on_answer = on_answer
        self.closing = False
        self.retired = False  # the table let go of it (died or stuck): counted once
        self.heard_at: float | None = None
        self.taken = None
        self.ended = False  # the reader has seen the worker's end of the pipe close
        self.heard = threading.Condition()  # notified on every message from the worker
        self.lock = threading.Lock()
        self.reader = threading.Thread(target=self._read, name="parlour-ai-answers", daemon=True)
        self.reader.start()

    @property
    def pid(self) -> int | None:
        return self.process.pid

    def ask(
        self,
        stamp,
        game_id: str,
        level: str,
        seed,
        seat: int,
        view,
        actions,
        recipe: BotRecipe | None = None,
    ) -> None:
        self._send(ASK, stamp, game_id, level, seed, seat, view, actions, recipe)

    def hint(
        self,
        stamp,
        game_id: str,
        level: str,
        seed,
        seat: int,
        view,
        actions,
        recipe: BotRecipe | None = None,
    ) -> None:
        """A hint for ``seat``: ``level``'s bot, built for this question alone, chooses
        for ``view``; the answer comes back as any answer does, with ``stamp``."""
        self._send(HINT, stamp, game_id, level, seed, seat, view, actions, recipe)

    def _send(self, kind, stamp, game_id, level, seed, seat, view, actions, recipe) -> None:
        """A question of ``kind`` (a move or a hint): one message, in the worker's order."""
        with self.lock:
            self.conn.send((kind, stamp, game_id, level, seed, seat, view, list(actions), recipe))

    def warm(self, bots, recipe: BotRecipe | None = None) -> None:
        """Build these bots ((game, level, seed, seat) each) now, while the table deals:
        the first question then costs no imports."""
        with self.lock:
            self.conn.send((WARM, [tuple(b) for b in bots], recipe))

    def alive(self) -> bool:
        return self.process.is_alive()

    def wait_heard(self, predicate, timeout: float) -> bool:
        """Wait until ``predicate(self)`` holds, re-checked on every message from the
        worker; False if the worker ends first or after ``timeout`` seconds without it."""
        with self.heard:
            self.heard.wait_for(lambda: predicate(self) or self.ended, timeout)
            return predicate(self)

    def _read(self) -> None:
        while True:
            try:
                message = self.conn.recv()
            except TypeError:  # the pipe was closed under the read (a kill from the table)
                if not self.conn.closed:
                    raise
                message = None
            except (EOFError, OSError):
                message = None
            if message is None:
                with self.heard:
                    self.ended = True
                    self.heard.notify_all()
                if not self.closing:
                    self.on_answer(None)  # the worker died: whoever waits must not wait on
                return
            with self.heard:
                self.heard_at = time.monotonic()
                if message[0] == TAKEN:
                    self.taken = message[1]
                self.heard.notify_all()
            if message[0] == ANSWER:
                self.on_answer(message[1:])

    def close(self, wait: float = 0.5) -> bool:
        """Stop the worker: asked to end, then ended (continued, terminated, killed) if
        it has not within ``wait`` seconds. True once the process is gone."""
        self.closing = True
        if self.process.is_alive():
            try:
                with self.lock:
                    self.conn.send(None)
            except (OSError, ValueError):
                pass
            self.process.join(wait)
        gone = _end_process(self.process)
        self._close_pipe()
        return gone

    def kill(self) -> bool:
        """End a worker that no longer answers, at once (nothing it says is wanted now).
        True once the process is gone."""
        self.closing = True
        if self.process.is_alive():
            self.process.kill()
        gone = _end_process(self.process)
        self._close_pipe()
        return gone

    def _close_pipe(self) -> None:
        with contextlib.suppress(OSError):
            self.conn.close()
