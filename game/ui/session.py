"""A match in progress: the engine state, who sits where, the AI worker, the save file.

The session is the only place the UI changes the game: ``act(action)`` applies an
action (raising ``IllegalAction`` with the engine's reason), records it, and saves the
game atomically. AI seats think off the render loop (``start_ai``): the bot gets a copy of its
seat's view and the legal actions — search bots in a worker process of their own
(``game.ai.worker``), quick bots on a thread — the answer comes back through a queue
and ``wake()`` (set by the app) nudges the render loop. A worker that dies, or stays
silent past ``ANSWER_DEADLINE_S`` with a question, is killed and the question goes to a
thread; the table's close ends its worker for certain. With ``think_inline`` (the tests)
an AI seat answers at once on the calling thread with an untimed bot, so a game goes the
same way however busy the machine is.

A player's hint (``ask_hint``, then ``hint_result`` every frame) is thought in the same
worker process, never on the window's interpreter: the strongest bot on the player's own
view. The worker's deadlines hold for it too: a worker that dies or stays silent with a
hint is let go and the hint asked of a fresh one; where no worker can run, there is no
hint this time.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import queue
import threading
import time
from dataclasses import asdict, dataclass

from game import games
from game.ai import SEARCH_LEVELS
from game.engine.core import IllegalAction
from game.engine.limits import clip
from game.services import saves
from game.services.i18n import msg, say

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


def opening(state) -> list:
    """The events of a new game's deal (and whatever happened before its first decision),
    which the engine keeps: the log starts with them, not with the first action."""
    return list(getattr(state, "opening", None) or [])


@dataclass
class Seat:
    name: str
    kind: str = "ai"  # "human" or "ai"
    level: str = "normal"

    @property
    def human(self) -> bool:
        return self.kind == "human"


class Session:
    # True: ``start_ai`` works the move out on the calling thread (no worker, no thread)
    # with bots that search a fixed amount and never read the clock (``untimed``). The
    # tests set it; the app never does.
    think_inline = False

    def __init__(
        self,
        game_id: str,
        options: dict,
        seed: int | None,
        seats: list[Seat],
        state=None,
        autosave: bool = True,
    ):
        self.game_id = game_id
        self.info = games.get(game_id)
        self.module = self.info.engine()
        self.seed = seed
        self.seats = seats
        opts = dict(options)
        opts["players"] = len(seats)
        self.state = state if state is not None else self.module.new_game(opts, seed)
        self.options = dict(getattr(self.state, "options", opts))
        self.autosave = autosave
        # every engine event from the deal on, in order (shown as seen by the viewer)
        self.log: list = opening(self.state) if state is None else []
        self.wake = lambda: None
        self.notify = lambda message: None  # the table shows what the player must know
        self.save_failing = False  # told once per streak of failed writes
        self._bots: dict[int, object] = {}
        self._results: queue.Queue = queue.Queue()
        self._thinking: tuple | None = None  # the position (epoch, actions) a bot thinks about
        self.last_think_ms = 0.0
        self._process = None  # the search bots' worker process (started on first need)
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
        self._epoch = 0  # bumped by undo/redo: an answer for an older line is dropped
        self._movers: list = []  # the seat that made each action of the log
        self._future: list = []  # the undone line (redo replays it) while it still applies
        self.undos = 0  # how often this game was taken back (the statistics say so)
        self._hints: queue.Queue = queue.Queue()  # (stamp, action or None) for hints
        self._hint_asked: dict | None = None  # the hint the worker has: stamp, worker, time
        self.hints_by_worker = 0  # hints the worker process answered (the tests look)

    # -- seats

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    @property
    def hotseat(self) -> bool:
        return len(self.humans) >= 2

    def name(self, seat: int | None) -> str:
        return self.seats[seat].name if seat is not None and 0 <= seat < len(self.seats) else "—"

    def names(self) -> dict[str, str]:
        return {f"P{i}": s.name for i, s in enumerate(self.seats)}

    def words(self, event, viewer: int | None) -> str:
        """The log line of ``event`` as ``viewer`` may see it, names filled in."""
        return self.say(event.seen_by(viewer).text)

    def say(self, text) -> str:
        """An engine text (a log line, a prompt, an option) in the player's language,
        the seats' names filled in for ``{P0}``…"""
        said = say(text)
        try:
            return said.format_map(self.names())
        except (KeyError, ValueError, IndexError):
            return said

    # -- the game

    def current(self) -> int | None:
        return self.state.current_player()

    def is_over(self) -> bool:
        return self.state.is_over()

    def view(self, seat: int):
        return self.state.view(seat)

    def legal(self) -> list:
        return list(self.state.legal_actions())

    def refusal(self, action) -> str | None:
        """The engine's reason ``action`` is refused now, or None when it is legal."""
        if hasattr(self.state, "refusal"):
            return self.state.refusal(action)
        try:
            self.state.copy().apply(action)
        except IllegalAction as exc:
            return exc.reason
        return None

    def act(self, action) -> list:
        """Apply an action for the current seat; returns its events (IllegalAction if refused)."""
        movers = self.movers()
        seat = self.state.current_player()
        events = self.state.apply(action)
        movers.append(seat)
        n = len(self.state.actions)
        if not (len(self._future) >= n and self._future[n - 1] == self.state.actions[n - 1]):
            self._future = []  # a new move: the undone line is gone
        self.log.extend(events)
        self._thinking = None
        self._drain()
        if self.autosave:
            self.save()
            if self.state.is_over():
                from game.services import replays, stats

                for problem in (stats.record(self), replays.record(self)):  # once: the game is over
                    if problem:
                        self.notify(problem)
        return events

    # -- undo and redo: the log replayed without the undone actions

    def movers(self) -> list:
        """The seat that made each action of the log (rebuilt by replay when unknown)."""
        actions = self.state.actions
        if len(self._movers) != len(actions):
            self._movers = []
            try:
                again = self.module.new_game(dict(self.options), self.seed)
                for action in actions:
                    self._movers.append(again.current_player())
                    again.apply(action)
            except Exception:  # a state not from this seed's log: nothing to take back
                self._movers = [None] * len(actions)
        return self._movers

    @property
    def undo_allowed(self) -> bool:
        """Undo is for one human against AI: with two humans at the screen one player's undo
        would show the other's hand."""
        return len(self.humans) == 1

    def _back_to(self) -> int | None:
        """How many actions stay after an undo: the log up to the human's previous decision."""
        if not self.undo_allowed or self.is_over():
            return None
        me = self.humans[0]
        movers = self.movers()
        for i in range(len(movers) - 1, -1, -1):
            if movers[i] == me:
                return i
        return None

    def can_undo(self) -> bool:
        return self._back_to() is not None

    def can_redo(self) -> bool:
        n = len(self.state.actions)
        return self.undo_allowed and len(self._future) > n and not self.is_over()

    def undo(self) -> bool:
        """Take the game back to before the human's last decision (the AI moves after it
        go too). The seed deals the same cards, so nothing new is revealed."""
        keep = self._back_to()
        if keep is None:
            return False
        actions = list(self.state.actions)
        if len(self._future) < len(actions) or self._future[: len(actions)] != actions:
            self._future = actions
        self.undos += 1
        self._rewind(actions[:keep])
        return True

    def redo(self) -> bool:
        """Replay the undone line on the current state, up to the human's next decision."""
        if not self.can_redo():
            return False
        me = self.humans[0]
        movers = self.movers()
        start = len(self.state.actions)
        for action in self._future[start:]:
            seat = self.state.current_player()
            if seat == me and len(self.state.actions) > start:
                break
            self.log.extend(self.state.apply(action))
            movers.append(seat)
        self._moved_on()
        return True

    def _rewind(self, actions: list) -> None:
        """Rebuild the state from the seed and ``actions``."""
        state = self.module.new_game(dict(self.options), self.seed)
        log, movers = opening(state), []
        for action in actions:
            movers.append(state.current_player())
            log.extend(state.apply(action))
        self.set_position(state, log, movers)

    def set_position(self, state, log: list, movers: list) -> None:
        """Show another position of this game (undo, redo, a replay's jump): its state,
        the events that led to it and the seat that made each action."""
        self.state, self.log, self._movers = state, log, movers
        self._moved_on()

    def _moved_on(self) -> None:
        """The position changed by undo or redo: a thinking bot's answer is void."""
        self._epoch += 1
        self._thinking = None
        self._drain()
        if self.autosave:
            self.save()

    # -- saving

    def saved(self) -> saves.SavedGame:
        return saves.SavedGame(
            self.game_id,
            self.options,
            self.seed,
            [asdict(s) for s in self.seats],
            list(self.state.actions),
            undos=self.undos,
        )

    def save(self) -> bool:
        """Write the save (or clear it once the game is over); False when that failed.

        A full disk or a read-only folder must not stop play: the player is told once
        per streak of failures, the last good save stays intact and no temporary file
        is left (``write_json_atomic``); the next successful write says so.
        """
        try:
            if self.state.is_over():
                saves.clear()
            else:
                saves.write(self.saved())
        except (OSError, ValueError, TypeError) as exc:
            if not self.save_failing:
                self.save_failing = True
                why = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
                self.notify(
                    msg(
                        "The game could not be saved ({why}). Play goes on; "
                        "the last good save is kept.",
                        why=clip(why, 120),
                    )
                )
            return False
        if self.save_failing:
            self.save_failing = False
            self.notify(msg("The game is saved again."))
        return True

    @classmethod
    def resume(cls, saved: saves.SavedGame, state) -> Session:
        # the seats were checked by saves.validate: names printable, AI levels offered
        seats = [Seat(s["name"], s["kind"], s["level"] or "normal") for s in saved.seats]
        session = cls(saved.game, saved.options, saved.seed, seats, state=state)
        session.undos = saved.undos
        session.rebuild_log(saved.actions)
        return session

    def rebuild_log(self, actions: list) -> None:
        """Replay the action log once more to recover the event log shown in the panel."""
        try:
            again = self.module.new_game(dict(self.options), self.seed)
            log = opening(again)
            for action in actions:
                log.extend(again.apply(action))
        except Exception:  # the state itself is already checked; the log is a nicety
            return
        self.log = log

    # -- AI

    def bot_seed(self, seat: int) -> int:
        base = self.seed if self.seed is not None else 0
        return base * 1009 + seat * 7919 + 17

    def bot(self, seat: int):
        bot = self._bots.get(seat)
        if bot is None:
            from game.ai.worker import build_bot

            level = self.seats[seat].level
            bot = build_bot(self.game_id, level, self.bot_seed(seat), self.bot_recipe)
            if self.think_inline and hasattr(bot, "untimed"):
                bot.untimed()
            self._bots[seat] = bot
        return bot

    def _worker(self):
        """The search bots' process, started on first need (again after one was let go,
        up to ``MAX_WORKER_RESTARTS`` times); None where none can run."""
        worker = self._process
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
            self._process = ThinkingProcess(functools.partial(self._answer, generation))
        except Exception:  # no process here (a locked-down system): think on a thread
            self._process_failed = True
            self._process, self._process_generation = None, None
        return self._process

    def _retire(self, worker) -> None:
        """Let go of a worker that died or stopped answering: it is killed and reaped
        (nothing it says counts any more), and the next question gets a fresh one — or,
        after ``MAX_WORKER_RESTARTS``, a thread: a machine that keeps losing its workers
        should not keep paying their start-up."""
        if worker is self._process:
            self._process, self._process_generation = None, None
        worker.kill()
        self.workers_lost += 1
        if self.workers_lost > MAX_WORKER_RESTARTS:
            self._process_failed = True

    def prepare_ai(self) -> None:
        """Start the search bots' process as the table opens and have it build this
        table's search bots, so a hard bot's first decision costs no start-up."""
        search = [
            s for s, seat in enumerate(self.seats) if not seat.human and seat.level in SEARCH_LEVELS
        ]
        if not search or self.think_inline:
            return
        worker = self._worker()
        if worker is None:
            return
        bots = [(self.game_id, self.seats[s].level, self.bot_seed(s), s) for s in search]
        # a worker that died here is found out by the first decision
        with contextlib.suppress(OSError, ValueError):
            worker.warm(bots, self.bot_recipe)

    def _answer(self, generation: int, answer) -> None:
        """The worker's answer (None: it died), on its reader thread."""
        if generation != self._process_generation:
            return  # a worker already let go of: its answers and its death are old news
        if answer is None:  # the worker died: its question goes to a thread instead
            self._results.put(("died", None, None, generation))
            self.wake()
            return
        stamp, choice, error, ms = answer
        if isinstance(stamp, tuple) and stamp[:1] == (HINT,):
            self._hints.put((stamp, None if error is not None else choice))
            self.wake()
            return
        if error is not None:
            self._results.put(("error", stamp, RuntimeError(error), generation))
            choice = self._fallback.get(stamp)
        self.last_think_ms = ms
        self._results.put(("move", stamp, choice, generation))
        self.wake()

    def close(self) -> None:
        """The table is closing: stop the search bots' process (ended for certain, a
        stuck one too)."""
        process, self._process, self._process_generation = self._process, None, None
        if process is not None:
            process.close()

    def ai_turn(self) -> bool:
        seat = self.current()
        return seat is not None and not self.seats[seat].human

    def start_ai(self) -> None:
        """Start the current AI seat thinking, off the render loop (once per position)."""
        if not self.ai_turn():
            return
        stamp = (self._epoch, len(self.state.actions))
        if self._thinking == stamp:
            return
        self._thinking = stamp
        seat = self.current()
        if (
            self.seats[seat].level in SEARCH_LEVELS
            and not self.think_inline
            and self._ask_worker(stamp, seat)
        ):
            return
        self._think_on_thread(stamp, seat)

    def _ask_worker(self, stamp, seat: int) -> bool:
        """Put the question to the worker process; False when there is none to ask."""
        worker = self._worker()
        if worker is None:
            return False
        actions = self.legal()
        self._fallback = {stamp: actions[0] if actions else None}
        self._asked = (stamp, self._process_generation, time.monotonic())
        try:
            worker.ask(
                stamp,
                self.game_id,
                self.seats[seat].level,
                self.bot_seed(seat),
                seat,
                self.state.view(seat),
                actions,
                self.bot_recipe,
            )
        except (OSError, ValueError):  # the worker died: a thread this time
            self._retire(worker)
            return False
        return True

    def _think_on_thread(self, stamp, seat: int) -> None:
        view, actions, bot = copy.deepcopy(self.state.view(seat)), self.legal(), self.bot(seat)
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
            self.wake()

        if self.think_inline:
            work()
        else:
            threading.Thread(target=work, name=f"ai-seat-{seat}", daemon=True).start()

    def thinking(self) -> bool:
        return self._thinking is not None

    def ai_result(self):
        """The move for the current position, or None while the bot thinks. Called by
        the render loop every frame, it also lets go of a worker that died or has been
        silent past its deadline, and asks the question again on a thread."""
        while True:
            try:
                kind, stamp, value, source = self._results.get_nowait()
            except queue.Empty:
                self._watch_worker()
                return None
            now = (self._epoch, len(self.state.actions))
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
                self._retire(self._process)
                if asked is not None and asked[1] == source and self._thinking == asked[0] == now:
                    self._think_on_thread(now, self.current())

    def _watch_worker(self) -> None:
        """Let go of the worker when the question it has is past its deadline: the
        question goes to a thread, so a stopped or swapped-out worker costs the player
        one deadline and the game goes on."""
        asked, worker = self._asked, self._process
        if asked is None or worker is None or asked[1] != self._process_generation:
            return
        stamp, _, asked_at = asked
        now = (self._epoch, len(self.state.actions))
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
            self._think_on_thread(stamp, self.current())

    # -- hints: the strongest bot's move for a player's own view, thought in the worker

    def ask_hint(self, seat: int) -> tuple:
        """Ask for ``seat``'s hint in the current position; returns the hint's stamp,
        which ``hint_result`` hands back with the move (None: no hint this time)."""
        stamp = (HINT, self._epoch, len(self.state.actions), seat)
        view, legal = self.state.view(seat), self.legal()
        if self.think_inline:  # the tests: the same hint at once, with an untimed bot
            import game.ui.hints as hints

            try:
                choice = hints.choose(self.game_id, view, legal, self.bot_seed(seat), True)
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
        import game.ui.hints as hints

        asked = self._hint_asked
        stamp = asked["stamp"]
        worker = self._worker()
        if worker is not None:
            asked["worker"], asked["at"] = self._process_generation, time.monotonic()
            try:
                worker.hint(
                    stamp,
                    self.game_id,
                    hints.best_level(self.game_id),
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
        self.wake()

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
        if asked["stamp"][1:3] != (self._epoch, len(self.state.actions)):
            self._hint_asked = None  # the position moved on: that hint is wanted no more
            return
        worker, generation = self._process, asked.get("worker")
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

    def ai_move_now(self):
        """Choose synchronously (screenshots, tests, benchmarks)."""
        seat = self.current()
        return self.bot(seat).choose(self.state.view(seat), self.legal())

    def _drain(self) -> None:
        while not self._results.empty():
            try:
                self._results.get_nowait()
            except queue.Empty:
                break
