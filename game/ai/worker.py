"""Search bots think in a process of their own, so a table's render loop never waits
for them: the bot uses the second core, and the window's interpreter stays free.

One ``ThinkingProcess`` serves one table. The table sends what a bot may know — the
game, the level, the seat's view and the legal actions — and gets back the action.
Bots live in the worker from the first question to the table's close, keyed by
game, level, seed and seat, so a bot that remembers earlier decisions goes on
remembering. No pygame here: the worker imports only the AI and the engines.
"""

from __future__ import annotations

import sys
import threading
import time

WARM = "warm"  # a message that only builds bots (their imports, level files, tables)


def _serve(conn) -> None:
    """The worker's loop: one question in, one answer out, until told to stop."""
    from game.ai import make_bot

    bots: dict[tuple, object] = {}
    while True:
        try:
            question = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        if question is None:
            return
        if question[0] == WARM:  # the table's search bots, built before their first turn
            for game_id, level, seed, seat in question[1]:
                key = (game_id, level, seed, seat)
                if key not in bots:
                    bots[key] = make_bot(game_id, level, seed)
            continue
        stamp, game_id, level, seed, seat, view, actions = question
        t0 = time.perf_counter()
        error = None
        try:
            key = (game_id, level, seed, seat)
            bot = bots.get(key)
            if bot is None:
                bot = bots[key] = make_bot(game_id, level, seed)
            choice = bot.choose(view, actions)
        except Exception as exc:  # a bot bug must not end the worker: report it
            choice, error = None, f"{type(exc).__name__}: {exc}"
        try:
            conn.send((stamp, choice, error, (time.perf_counter() - t0) * 1000))
        except (OSError, ValueError):
            return


class ThinkingProcess:
    """A worker process and the thread that reads its answers.

    ``on_answer((stamp, action, error, ms))`` is called on the reader thread, and
    ``on_answer(None)`` once if the worker dies before it is closed."""

    def __init__(self, on_answer):
        import multiprocessing  # here, not at start-up: only a table with a search bot needs it

        if getattr(sys, "frozen", False):  # the executable is not a script to re-read
            multiprocessing.process.ORIGINAL_DIR = None
        ctx = multiprocessing.get_context("spawn")  # never fork a process that runs SDL
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_serve, args=(child,), name="parlour-ai", daemon=True)
        self.process.start()
        child.close()
        self.on_answer = on_answer
        self.closing = False
        self.lock = threading.Lock()
        self.reader = threading.Thread(target=self._read, name="parlour-ai-answers", daemon=True)
        self.reader.start()

    def ask(self, stamp, game_id: str, level: str, seed, seat: int, view, actions) -> None:
        with self.lock:
            self.conn.send((stamp, game_id, level, seed, seat, view, list(actions)))

    def warm(self, bots) -> None:
        """Build these bots ((game, level, seed, seat) each) now, while the table deals:
        the first question then costs no imports."""
        with self.lock:
            self.conn.send((WARM, [tuple(b) for b in bots]))

    def alive(self) -> bool:
        return self.process.is_alive()

    def _read(self) -> None:
        while True:
            try:
                answer = self.conn.recv()
            except (EOFError, OSError):
                if not self.closing:
                    self.on_answer(None)  # the worker died: whoever waits must not wait on
                return
            self.on_answer(answer)

    def close(self, wait: float = 0.5) -> None:
        """Stop the worker: asked to end, then ended if it is still thinking."""
        self.closing = True
        try:
            with self.lock:
                self.conn.send(None)
        except (OSError, ValueError):
            pass
        self.process.join(wait)
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(1.0)
        try:
            self.conn.close()
        except OSError:
            pass
