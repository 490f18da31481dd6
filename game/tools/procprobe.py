"""``python -m game.tools.procprobe``: a table's AI worker process in trouble, at a real table.

A ``Session`` with a search bot is driven the way the window drives it (``session.ai.start()``,
then ``session.ai.result()`` every frame) while its worker process

- is stopped (SIGSTOP) with a question: the table lets it go after the deadline, the
  question is answered on a thread, the stopped process is gone, and the next question
  gets a fresh worker;
- never answers (its bot is stuck): the same, on every system;
- is killed (SIGKILL) in the middle of a thought: the question goes to a thread, and
  the next question gets a fresh worker, not the dead pipe;
- answers slowly, within the deadline: that answer is used, from the same worker;
- is stopped, or stuck, when the table closes: after ``close()`` it is gone;
- is stopped when the interpreter exits without closing it: the interpreter ends.

Each case checks that a legal move arrives and that no worker let go of is left. The
deadline is short (``PROBE_DEADLINE_S``) where a case wants the table to give up, and
long where it must not; a wait for a move is bounded by ``WAIT_S``, which only a
failing case reaches. Bots search a fixed number of worlds, never a clock.

  --short   each case once, at one game (a few seconds; run by tests/test_worker_stuck.py)
  --long    each case at every game with a search level, over several seeds
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

from game import games as registry
from game.ai import SEARCH_LEVELS
from game.ai.worker import BotRecipe, build_bot

PROBE_DEADLINE_S = 0.2  # the deadline where a case wants the table to give up on its worker
PATIENT_DEADLINE_S = 120.0  # the deadline where a case needs the worker's own answer
WAIT_S = 30.0  # the longest wait for a move, a message or an exit: reached only by a failure
SLOW_S = 0.3  # the slow bot's extra thought: far inside PATIENT_DEADLINE_S
STALL_S = 600.0  # the stuck bot's sleep: past any case, which kills its worker first
WORLDS = 4  # worlds a search bot searches: its answer costs milliseconds, with no clock
MOVES_CAP = 2000  # actions played to reach a search bot's turn before a case gives up
FRAME_S = 0.02  # the probe's frame while it waits for a move, as the window's loop polls
POSIX = hasattr(signal, "SIGSTOP")


# -- bots the worker builds instead (BotRecipe.worker_maker)


class _Stuck:
    """A bot that does not answer (within any case: it is killed first)."""

    def choose(self, view, actions):
        time.sleep(STALL_S)
        return next(iter(actions))


class _Slow:
    """The real bot, a little late."""

    def __init__(self, bot):
        self.bot = bot

    def choose(self, view, actions):
        time.sleep(SLOW_S)
        return self.bot.choose(view, actions)


def stuck_bot(game_id: str, level: str, seed):
    return _Stuck()


def slow_bot(game_id: str, level: str, seed):
    return _Slow(build_bot(game_id, level, seed, BotRecipe(worlds=WORLDS)))


QUICK = BotRecipe(worlds=WORLDS)
STUCK = BotRecipe(worlds=WORLDS, worker_maker="game.tools.procprobe:stuck_bot")
SLOW = BotRecipe(worlds=WORLDS, worker_maker="game.tools.procprobe:slow_bot")


# -- a table


class Failed(Exception):
    """A case's check that did not hold."""


def check(condition: bool, what: str) -> None:
    if not condition:
        raise Failed(what)


def table(game_id: str, seed: int, recipe: BotRecipe, deadline_s: float):
    """A session of one search bot and quick bots, at the search bot's first turn."""
    from game.ui.session import Seat, Session

    players = registry.get(game_id).min_players
    seats = [Seat("Hard", "ai", "hard")] + [
        Seat(f"Normal {i}", "ai", "normal") for i in range(1, max(players, 3))
    ]
    session = Session(game_id, {}, seed, seats, autosave=False)
    session.ai.bot_recipe = recipe
    session.ai.answer_deadline_s = deadline_s
    session.ai.startup_deadline_s = PATIENT_DEADLINE_S  # each case waits for its worker first
    woken = threading.Event()
    session.wake = woken.set
    session.woken = woken
    to_search_turn(session)
    return session


def to_search_turn(session) -> None:
    """Play quick seats' moves (and search moves in this process) up to a search turn
    put to the table's worker, or the game's end."""
    for _ in range(MOVES_CAP):
        if session.is_over():
            raise Failed("the game ended before a search bot's turn")
        if session.seats[session.current()].level in SEARCH_LEVELS and len(session.legal()) > 1:
            return
        session.act(session.ai.move_now())
    raise Failed(f"no search bot's turn with a choice within {MOVES_CAP} actions")


def next_search_turn(session, move) -> None:
    session.act(move)
    to_search_turn(session)


def await_move(session):
    """Poll the session as the window does, every frame, until its move arrives."""
    end = time.monotonic() + WAIT_S
    while time.monotonic() < end:
        move = session.ai.result()
        if move is not None:
            # Cross Rummy's lays are not listed: the engine says whether it takes one
            legal = move in session.legal() or session.refusal(move) is None
            check(legal, f"the move {str(move)[:80]!r} is not legal")
            return move
        session.woken.wait(FRAME_S)
        session.woken.clear()
    raise Failed(f"no move within {WAIT_S:.0f} s: the table froze")


def worker_up(session):
    """The session's worker, once it has said it is up (started if need be)."""
    session.ai.prepare()
    worker = session.ai.process
    check(worker is not None, "no worker process was started")
    up = worker.wait_heard(lambda w: w.heard_at is not None, WAIT_S)
    check(up, "the worker never said it was up")
    return worker


def worker_thinking(session, stamp):
    """The session's worker, once it has begun the question ``stamp``."""
    worker = session.ai.process
    check(worker is not None, "the question did not go to a worker process")
    took = worker.wait_heard(lambda w: w.taken == stamp, WAIT_S)
    check(took, "the worker never took the question")
    return worker


def stamp_of(session):
    return (session.ai.epoch, len(session.state.actions))


def gone(worker, what: str) -> None:
    check(not worker.alive() and worker.process.exitcode is not None, f"{what}: still running")


def fresh_worker_answers(session, old) -> None:
    """The next question goes to a new worker process, which answers it."""
    session.ai.bot_recipe = QUICK
    session.ai.answer_deadline_s = PATIENT_DEADLINE_S
    session.ai.startup_deadline_s = PATIENT_DEADLINE_S
    session.ai.start()
    worker = session.ai.process
    check(worker is not None and worker is not old, "the next question got no fresh worker")
    check(worker.pid != old.pid, "the next question went to the old process")
    await_move(session)
    check(session.ai.last_answer_by == "process", "the fresh worker did not answer")


def stopped(pid: int) -> bool:
    """True once process ``pid`` is in the stopped state. A stop takes effect when the
    process is next scheduled; until then a SIGTERM would still end it, which is not the
    case a probe means. Without /proc (not Linux) there is no way to look: True."""
    end = time.monotonic() + WAIT_S
    while time.monotonic() < end:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                state = stat.read().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            return True
        if state in ("T", "t"):
            return True
        time.sleep(0.005)
    return False


def stop(worker) -> None:
    os.kill(worker.pid, signal.SIGSTOP)
    check(stopped(worker.pid), "the worker did not stop")


def resume(worker) -> None:
    """Let a stopped process go on (a case that failed must not leave one stopped)."""
    if POSIX and worker is not None and worker.alive():
        with contextlib.suppress(OSError):
            os.kill(worker.pid, signal.SIGCONT)


# -- the cases


def case_stopped(game_id: str, seed: int) -> None:
    session = table(game_id, seed, QUICK, PROBE_DEADLINE_S)
    worker = worker_up(session)
    try:
        stop(worker)
        session.ai.start()
        move = await_move(session)
        check(session.ai.last_answer_by == "thread", "the move did not come from a thread")
        check(session.ai.workers_stuck == 1, "the stopped worker was not let go of")
        gone(worker, "the stopped worker")
        next_search_turn(session, move)
        fresh_worker_answers(session, worker)
    finally:
        resume(worker)
        session.close()


def case_stuck(game_id: str, seed: int) -> None:
    session = table(game_id, seed, STUCK, PROBE_DEADLINE_S)
    try:
        session.ai.start()
        worker = worker_thinking(session, stamp_of(session))
        await_move(session)
        check(session.ai.last_answer_by == "thread", "the move did not come from a thread")
        check(session.ai.workers_stuck == 1, "the stuck worker was not let go of")
        gone(worker, "the stuck worker")
    finally:
        session.close()


def case_killed(game_id: str, seed: int) -> None:
    session = table(game_id, seed, STUCK, PATIENT_DEADLINE_S)
    try:
        session.ai.start()
        worker = worker_thinking(session, stamp_of(session))
        worker.process.kill()  # in the middle of its thought
        move = await_move(session)
        check(session.ai.last_answer_by == "thread", "the move did not come from a thread")
        check(
            session.ai.workers_lost == 1 and session.ai.workers_stuck == 0, "the death was missed"
        )
        gone(worker, "the killed worker")
        next_search_turn(session, move)
        fresh_worker_answers(session, worker)
    finally:
        session.close()


def case_slow(game_id: str, seed: int) -> None:
    session = table(game_id, seed, SLOW, PATIENT_DEADLINE_S)
    try:
        session.ai.start()
        worker = session.ai.process
        await_move(session)
        check(session.ai.last_answer_by == "process", "the slow worker's answer was not used")
        check(session.ai.process is worker and worker.alive(), "the slow worker was let go of")
        check(session.ai.workers_lost == 0, "a worker was lost")
    finally:
        session.close()


def case_close_stopped(game_id: str, seed: int) -> None:
    session = table(game_id, seed, QUICK, PATIENT_DEADLINE_S)
    worker = worker_up(session)
    try:
        stop(worker)
        session.ai.start()
        session.close()
        gone(worker, "a stopped worker after the table's close")
    finally:
        resume(worker)
        worker.kill()


def case_close_stuck(game_id: str, seed: int) -> None:
    session = table(game_id, seed, STUCK, PATIENT_DEADLINE_S)
    session.ai.start()
    worker = worker_thinking(session, stamp_of(session))
    try:
        session.close()
        gone(worker, "a stuck worker after the table's close")
    finally:
        worker.kill()


EXIT_SCRIPT = textwrap.dedent(
    """
    import os, queue, signal, sys
    from game.tools import procprobe
    from game import games as registry
    from game.ai.worker import ThinkingProcess

    info = registry.get(sys.argv[1])
    state = info.engine().new_game({"players": info.min_players}, int(sys.argv[2]))
    seat = state.current_player()
    answers = queue.Queue()
    worker = ThinkingProcess(answers.put)
    legal = state.legal_actions()
    worker.ask(1, sys.argv[1], "random", 1, seat, state.view(seat), legal)
    answers.get(timeout=float(sys.argv[3]))  # the worker is up and answers
    print(worker.process.pid, flush=True)
    os.kill(worker.process.pid, signal.SIGSTOP)
    if not procprobe.stopped(worker.process.pid):  # in effect, or SIGTERM would still end it
        sys.exit("the worker did not stop")
    # the interpreter ends here without closing its worker
    """
)


def case_exit_stopped(game_id: str, seed: int) -> None:
    """An interpreter whose worker is stopped exits (nothing joins the worker for ever)."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    child = subprocess.Popen(
        [sys.executable, "-c", EXIT_SCRIPT, game_id, str(seed), str(WAIT_S)],
        cwd=root,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        out, err = child.communicate(timeout=WAIT_S * 2)
    except subprocess.TimeoutExpired:
        child.kill()
        out, err = child.communicate()
        _end_pid(out)
        raise Failed("the interpreter did not exit with its worker stopped") from None
    check(child.returncode == 0, f"the interpreter failed: {err.strip()[-300:]}")
    pid = int(out.split()[0])
    check(not _pid_running(pid), f"the stopped worker {pid} outlived its interpreter")


def _pid_running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process now holds the number
        return False
    try:
        with open(f"/proc/{pid}/stat") as stat:  # a zombie is gone, only not yet reaped
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return True


def _end_pid(out: str) -> None:
    """A failed exit case leaves no stopped worker behind."""
    try:
        pid = int(out.split()[0])
        os.kill(pid, signal.SIGKILL)
    except (ValueError, IndexError, OSError):
        pass


CASES = {
    "stuck": case_stuck,
    "killed": case_killed,
    "slow": case_slow,
    "close_stuck": case_close_stuck,
}
POSIX_CASES = {
    "stopped": case_stopped,
    "close_stopped": case_close_stopped,
    "exit_stopped": case_exit_stopped,
}


def cases() -> dict:
    """The cases this system can run (stopping a process is POSIX)."""
    return {**CASES, **(POSIX_CASES if POSIX else {})}


def search_games() -> list[str]:
    from game.ai import available_levels

    return [g for g in registry.GAMES if SEARCH_LEVELS & set(available_levels(g))]


def run(games: list[str], seeds: list[int], names: list[str], out=sys.stdout) -> list[str]:
    """Every named case at every game and seed; the failures, each with how to repeat it."""
    chosen = cases()
    failures = []
    for game_id in games:
        for seed in seeds:
            for name in names:
                t0 = time.perf_counter()
                try:
                    chosen[name](game_id, seed)
                    result = "ok"
                except Failed as exc:
                    result = f"FAIL {exc}"
                except Exception as exc:  # a probe's own trouble is a failure too, not a crash
                    result = f"FAIL {type(exc).__name__}: {exc}"
                took = time.perf_counter() - t0
                line = f"{name:<14}{game_id:<16}seed {seed:<4}{took:6.2f} s  {result}"
                print(line, file=out, flush=True)
                if result != "ok":
                    failures.append(f"--case {name} --game {game_id} --seed {seed}: {result}")
    return failures


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.procprobe", description=__doc__)
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--short", action="store_true", help="each case once, one game (default)")
    mode.add_argument("--long", action="store_true", help="every search game, several seeds")
    parser.add_argument("--game", action="append", choices=search_games(), default=None)
    parser.add_argument("--case", action="append", choices=sorted(cases()), default=None)
    parser.add_argument("--seed", type=int, action="append", default=None)
    args = parser.parse_args(argv)
    if args.long:
        games, seeds = search_games(), [1, 2, 3]
    else:
        games, seeds = ["crazy_eights"], [1]
    games = args.game or games
    seeds = args.seed or seeds
    names = args.case or list(cases())
    failures = run(games, seeds, names)
    for failure in failures:
        print(failure, flush=True)
    print(f"{len(failures)} failures", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
