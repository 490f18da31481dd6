"""The AI at one table: the bots of its AI seats and the player's hints, thought off the
render loop.

``start()`` puts the current AI seat's question (a copy of its seat's view and the legal
actions) to a bot: search bots in a worker process of their own (``game.ai.worker``),
quick bots on a thread; the answer comes back through a queue, ``session.wake()`` (set
by the table) nudges the render loop, and ``result()`` hands it over for the position it
was asked about. A worker that dies, or stays silent past ``ANSWER_DEADLINE_S`` with a
question, is killed and the question goes to a thread; ``close()`` ends the worker for
certain. With the session's ``think_inline`` (the tests) an AI seat answers at once on
the calling thread with an untimed bot, so a game goes the same way however busy the
machine is.

A player's hint (``ask_hint``, then ``hint_result`` every frame) is thought in the same
worker process, never on the window's interpreter: the strongest bot on the player's own
view. The worker's deadlines hold for it too: a worker that dies or stays silent with a
hint is let go and the hint asked of a fresh one; where no worker can run, there is no
hint this time.

It reads the game from its ``Session`` (the state, the seats, the seed) and never
changes it: the session applies the move.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import queue
import threading
import time

import game.ui.hints as hints
from game.ai import SEARCH_LEVELS

# How long a search bot's worker may stay silent with a question before the table lets
# it go and asks a thread. The hard bots' clocks are 0.15-0.25 s a decision (Cross
# Rummy's lay may run to twice its 0.25 s): ten times the longest, 5 s, is far beyond
# any healthy answer, yet a short wait for a player whose opponent's worker is stuck.
ANSWER_DEADLINE_S = 5.0
# A worker not yet up (a new interpreter importing the AI, on a machine maybe busy) is
# given longer: it has not been heard from, so it is not known to be stuck.
STARTUP_DEADLINE_S = 20.0
MAX_WORKER_RESTARTS = 2  # workers lost (dead or stuck) before a table thinks on threads only
ON_THREAD = "thread"  # the source of an answer thought on a thread of this process
HINT = "hint"  # the first part of a hint's stamp: its answer is a hint, not a move


class Thinking:
    def __init__(self, session):
        self.session = session
        self._bots: dict[int, object] = {}
        self._results: queue.Queue = queue.Queue()
        self._thinking: tuple | None = None  # the position (epoch, actions) a bot thinks about
        self.last_think_ms = 0.0
        self.process = None  # the search bots' worker process (started on first need)
        self._process_failed = False  # no process here (then search bots use a thread)
        self._generation = 0  # workers started; answers carry their worker's number
        self._process_generation: int | None = None  # the number of the worker asked now
        self._asked: tuple | None = None  # (stamp, worker number or ON_THREAD, monotonic)
        self.answer_deadline_s = ANSWER_DEADLINE_S  # tests and probes pass a short one
        self.startup_deadline_s = STARTUP_DEADLINE_S
        self.bot_recipe = None  # game.ai.worker.BotRecipe: bots built other than the app's
        self.workers_lost = 0  # workers let go of (died or stuck): at most a few restarts
        self.workers_stuck = 0  # of which were silent past the deadline
        self.last_answer_by = ""  # "process" or "thread": who gave the last move
        self._fallback: dict[int, object] = {}  # the move if the worker's bot fails
        self.epoch = 0  # bumped by a rewind (undo/redo): an answer for an older line is dropped
        self._hints: queue.Queue = queue.Queue()  # (stamp, action or None) for hints
        self._hint_asked: dict | None = None  # the hint the worker has: stamp, worker, time
        self.hints_by_worker = 0  # hints the worker process answered (the tests look)

    def position_changed(self, rewound: bool = False) -> None:
        """A move was made, or the game was rewound (undo, redo, a replay's jump): the
        answer being thought about is void, and after a rewind so is any answer still
        coming for the old line."""
        if rewound:
            self.epoch += 1
        self._thinking = None
        self._drain()

    def close(self) -> None:
        """The table is closing: stop the search bots' process (ended for certain, a
        stuck one too)."""
        process, self.process, self._process_generation = self.process, None, None
        if process is not None:
            process.close()

    def bot_seed(self, seat: int) -> int:
        seed = self.session.seed
        base = seed if seed is not None else 0
        return base * 1009 + seat * 7919 + 17

    def bot(self, seat: int):
        bot = self._bots.get(seat)
        if bot is None:
            from game.ai.worker import build_bot

            level = self.session.seats[seat].level
            bot = build_bot(self.session.game_id, level, self.bot_seed(seat), self.bot_recipe)
            if self.session.think_inline and hasattr(bot, "untimed"):
                bot.untimed()
            self._bots[seat] = bot
        return bot

    def _worker(self):
        """The search bots' process, started on first need (again after one was let go,
        up to ``MAX_WORKER_RESTARTS`` times); None where none can run."""
        worker = self.process
        if worker is not None and worker.alive():
            return worker
        if worker is not None:  # it died between questions
            self._retire(worker)
        if self._process_failed:
            return None
        from game.ai.worker import ThinkingProcess

        self._generation += 1
        generation = self._process_generation = self._generation  # before its first word
        try:
            self.process = ThinkingProcess(functools.partial(self._answer, generation))
        except Exception:  # no process here (a locked-down system): think on a thread
            self._process_failed = True
            self.process, self._process_generation = None, None
        return self.process

    def _retire(self, worker) -> None:
        """Let go of a worker that died or stopped answering: it is killed and reaped
        (nothing it says counts any more), and the next question gets a fresh one — or,
        after ``MAX_WORKER_RESTARTS``, a thread: a machine that keeps losing its workers
        should not keep paying their start-up."""
        if worker is self.process:
            self.process, self._process_generation = None, None
        worker.kill()
        if worker.retired:  # its death seen twice (its reader, and a question it failed)
            return
        worker.retired = True
        self.workers_lost += 1
        if self.workers_lost > MAX_WORKER_RESTARTS:
            self._process_failed = True

    def prepare(self) -> None:
        """Start the search bots' process as the table opens and have it build this
        table's search bots, so a hard bot's first decision costs no start-up."""
        search = [
            s
            for s, seat in enumerate(self.session.seats)
            if not seat.human and seat.level in SEARCH_LEVELS
        ]
        if not search or self.session.think_inline:
            return
        worker = self._worker()
        if worker is None:
            return
        bots = [
            (self.session.game_id, self.session.seats[s].level, self.bot_seed(s), s) for s in search
        ]
        # a worker that died here is found out by the first decision
        with contextlib.suppress(OSError, ValueError):
            worker.warm(bots, self.bot_recipe)

    def _answer(self, generation: int, answer) -> None:
        """The worker's answer (None: it died), on its reader thread."""
        if generation != self._process_generation:
            return  # a worker already let go of: its answers and its death are old news
        if answer is None:  # the worker died: its question goes to a thread instead
            self._results.put(("died", None, None, generation))
            self.session.wake()
            return
        stamp, choice, error, ms = answer
        if isinstance(stamp, tuple) and stamp[:1] == (HINT,):
            self._hints.put((stamp, None if error is not None else choice))
            self.session.wake()
            return
        if error is not None:
            self._results.put(("error", stamp, RuntimeError(error), generation))
            choice = self._fallback.get(stamp)
        self.last_think_ms = ms
        self._results.put(("move", stamp, choice, generation))
        self.session.wake()

    def start(self) -> None:
        """Start the current AI seat thinking, off the render loop (once per position)."""
        if not self.session.ai_turn():
            return
        stamp = (self.epoch, len(self.session.state.actions))
        if self._thinking == stamp:
            return
        self._thinking = stamp
        seat = self.session.current()
        if (
            self.session.seats[seat].level in SEARCH_LEVELS
            and not self.session.think_inline
            and self._ask_worker(stamp, seat)
        ):
            return
        self._think_on_thread(stamp, seat)

    def _ask_worker(self, stamp, seat: int) -> bool:
        """Put the question to the worker process; False when there is none to ask."""
        worker = self._worker()
        if worker is None:
            return False
        actions = self.session.legal()
        self._fallback = {stamp: actions[0] if actions else None}
        self._asked = (stamp, self._process_generation, time.monotonic())
        try:
            worker.ask(
                stamp,
                self.session.game_id,
                self.session.seats[seat].level,
                self.bot_seed(seat),
                seat,
                self.session.state.view(seat),
                actions,
                self.bot_recipe,
            )
        except (OSError, ValueError):  # the worker died: a thread this time
            self._retire(worker)
            return False
        return True

    def _think_on_thread(self, stamp, seat: int) -> None:
        view, actions, bot = (
            copy.deepcopy(self.session.state.view(seat)),
            self.session.legal(),
            self.bot(seat),
        )
        self._asked = (stamp, ON_THREAD, time.monotonic())

        def work():
            t0 = time.perf_counter()
            try:
                choice = bot.choose(view, actions)
            except Exception as exc:  # a bot bug must not freeze the table: fall back
                choice = actions[0] if actions else None
                self._results.put(("error", stamp, exc, ON_THREAD))
            self.last_think_ms = (time.perf_counter() - t0) * 1000
            self._results.put(("move", stamp, choice, ON_THREAD))
            self.session.wake()

        if self.session.think_inline:
            work()
        else:
            threading.Thread(target=work, name=f"ai-seat-{seat}", daemon=True).start()

    def thinking(self) -> bool:
        return self._thinking is not None

    def result(self):
        """The move for the current position, or None while the bot thinks. Called by
        the render loop every frame, it also lets go of a worker that died or has been
        silent past its deadline, and asks the question again on a thread."""
        while True:
            try:
                kind, stamp, value, source = self._results.get_nowait()
            except queue.Empty:
                self._watch_worker()
                return None
            now = (self.epoch, len(self.session.state.actions))
            asked = self._asked
            # the answer to the question asked now, from the thinker it was asked of
            if (
                kind == "move"
                and stamp == now
                and self._thinking == stamp
                and asked is not None
                and asked[:2] == (stamp, source)
            ):
                self.last_answer_by = "thread" if source == ON_THREAD else "process"
                return value
            if kind == "died" and source == self._process_generation:
                self._retire(self.process)
                if asked is not None and asked[1] == source and self._thinking == asked[0] == now:
                    self._think_on_thread(now, self.session.current())

    def _watch_worker(self) -> None:
        """Let go of the worker when the question it has is past its deadline: the
        question goes to a thread, so a stopped or swapped-out worker costs the player
        one deadline and the game goes on."""
        asked, worker = self._asked, self.process
        if asked is None or worker is None or asked[1] != self._process_generation:
            return
        stamp, _, asked_at = asked
        now = (self.epoch, len(self.session.state.actions))
        if self._thinking != stamp or stamp != now:
            return
        heard_at = worker.heard_at
        moment = time.monotonic()
        if heard_at is None:  # not up yet: a new interpreter, on a machine maybe busy
            overdue = moment - asked_at > self.startup_deadline_s
        else:  # silent since the question, or since its last word (it took the question)
            overdue = moment - max(asked_at, heard_at) > self.answer_deadline_s
        if overdue:
            self.workers_stuck += 1
            self._retire(worker)
            self._think_on_thread(stamp, self.session.current())

    # -- hints: the strongest bot's move for a player's own view, thought in the worker

    def ask_hint(self, seat: int) -> tuple:
        """Ask for ``seat``'s hint in the current position; returns the hint's stamp,
        which ``hint_result`` hands back with the move (None: no hint this time)."""
        stamp = (HINT, self.epoch, len(self.session.state.actions), seat)
        view, legal = self.session.state.view(seat), self.session.legal()
        if self.session.think_inline:  # the tests: the same hint at once, with an untimed bot
            try:
                choice = hints.choose(self.session.game_id, view, legal, self.bot_seed(seat), True)
            except Exception:  # a hint must never take the table down
                choice = None
            self._hints.put((stamp, choice))
            return stamp
        self._hint_asked = {"stamp": stamp, "view": view, "legal": legal}
        self._send_hint()
        return stamp

    def _send_hint(self) -> None:
        """Put the pending hint to the worker (a fresh one if the last was let go);
        with no worker to ask, the answer is that there is no hint."""
        asked = self._hint_asked
        stamp = asked["stamp"]
        worker = self._worker()
        if worker is not None:
            asked["worker"], asked["at"] = self._process_generation, time.monotonic()
            try:
                worker.hint(
                    stamp,
                    self.session.game_id,
                    hints.best_level(self.session.game_id),
                    self.bot_seed(stamp[3]),
                    stamp[3],
                    asked["view"],
                    asked["legal"],
                    self.bot_recipe,
                )
                return
            except (OSError, ValueError):  # it died as it was asked
                self._retire(worker)
                if not self._process_failed:
                    self._send_hint()
                    return
        self._hint_asked = None
        self._hints.put((stamp, None))
        self.session.wake()

    def hint_result(self):
        """``(stamp, action)`` for a hint asked, or None while it is thought about.
        Called every frame while a hint is pending; it also lets go of a worker that
        died or is past its deadline with the hint, and asks a fresh one."""
        try:
            stamp, choice = self._hints.get_nowait()
        except queue.Empty:
            self._watch_hint()
            return None
        if self._hint_asked is not None and self._hint_asked["stamp"] == stamp:
            self._hint_asked = None
            self.hints_by_worker += 1
        return stamp, choice

    def _watch_hint(self) -> None:
        asked = self._hint_asked
        if asked is None:
            return
        if asked["stamp"][1:3] != (self.epoch, len(self.session.state.actions)):
            self._hint_asked = None  # the position moved on: that hint is wanted no more
            return
        worker, generation = self.process, asked.get("worker")
        lost = worker is None or generation != self._process_generation or not worker.alive()
        overdue = False
        if not lost:
            moment, heard_at = time.monotonic(), worker.heard_at
            if heard_at is None:
                overdue = moment - asked["at"] > self.startup_deadline_s
            else:
                overdue = moment - max(asked["at"], heard_at) > self.answer_deadline_s
        if not (lost or overdue):
            return
        if worker is not None and generation == self._process_generation:
            self.workers_stuck += overdue
            self._retire(worker)
        self._send_hint()  # a fresh worker, or no hint once workers keep being lost

    def move_now(self):
        """Choose synchronously (screenshots, tests, benchmarks)."""
        seat = self.session.current()
        return self.bot(seat).choose(self.session.state.view(seat), self.session.legal())

    def _drain(self) -> None:
        while not self._results.empty():
            try:
                self._results.get_nowait()
            except queue.Empty:
                break
