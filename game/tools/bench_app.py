"""App measurements for ``python -m game.tools.bench``: frame times on the fullest table of
each game with a table, start to first frame (from source and from the built
executable), and CPU use while the app sits idle on a table."""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from game import games

ROOT = Path(__file__).resolve().parents[2]  # the checkout: game/tools/ is two levels down


def available_tables() -> list[tuple[str, int]]:
    """(game id, most seats) for every game whose engine and UI table both exist."""
    return [(gid, info.max_players) for gid, info in games.GAMES.items() if info.playable()]


class Thinker(threading.Thread):
    """Keeps the hardest bot of a game deciding in the background, where the app runs
    it while a seat thinks — a search bot in its worker process, a quick bot on a
    thread — here without pause, the worst case."""

    def __init__(self, game_id: str, players: int):
        super().__init__(daemon=True, name="bench-thinker")
        from game.ai import make_bot
        from game.tools.bench_engines import hardest_level

        self.engine = games.get(game_id).engine()
        self.game_id = game_id
        self.players = players
        self.level = hardest_level(game_id)
        self.bot = make_bot(game_id, self.level, 1)
        self.stop = threading.Event()
        self.decisions = 0
        self.times: list[float] = []  # ms from asking to the answer, every decision

    def run(self) -> None:
        import queue

        from game.ai import SEARCH_LEVELS
        from game.ai.worker import ThinkingProcess

        rng = random.Random(5)
        state = self.engine.new_game({"players": self.players}, 5)
        answers: queue.Queue = queue.Queue()
        worker = ThinkingProcess(answers.put) if self.level in SEARCH_LEVELS else None
        if worker is not None:  # as a table does when it opens
            worker.warm([(self.game_id, self.level, 1, s) for s in range(self.players)])
        try:
            while not self.stop.is_set():
                if state.current_player() is None:
                    state = self.engine.new_game({"players": self.players}, rng.getrandbits(30))
                seat = state.current_player()
                view, legal = state.view(seat), state.legal_actions()
                t0 = time.perf_counter()
                if worker is None:
                    choice = self.bot.choose(view, legal)
                else:
                    worker.ask(self.decisions, self.game_id, self.level, 1, seat, view, legal)
                    answer = answers.get(timeout=60)  # a dead worker ends the run (queue.Empty)
                    if answer is None:
                        raise RuntimeError("the AI worker process died")
                    choice = legal[0] if answer[1] is None else answer[1]
                self.times.append((time.perf_counter() - t0) * 1000)
                state.apply(choice)
                self.decisions += 1
        finally:
            if worker is not None:
                worker.close()


@contextmanager
def thinking_meanwhile(game_id: str, players: int, thinking: bool) -> Iterator[Thinker | None]:
    """With ``thinking``, a Thinker deciding through the block (started a moment before it,
    so the frames are timed while it works) and stopped after it; else None."""
    thinker = Thinker(game_id, players) if thinking else None
    try:
        if thinker:
            thinker.start()
            time.sleep(0.05)
        yield thinker
    finally:
        if thinker:
            thinker.stop.set()
            thinker.join()


def thinker_summary(thinker: Thinker | None) -> dict:
    """What a frame measurement reports of the bot that decided meanwhile."""
    return {
        "decisions": thinker.decisions if thinker else 0,
        "level": thinker.level if thinker else None,
    }


def frame_times(
    game_id: str, players: int, frames: int, size: tuple[int, int], thinking: bool, seed: int = 3
) -> dict:
    """Milliseconds to update and draw one whole frame of a full table (all seats AI,
    a few moves in), ``frames`` times; with ``thinking`` a bot decides meanwhile."""
    from game.ui.headless import make_headless_table

    table = make_headless_table(game_id, players, seed, autoplay=players * 2, size=size)
    for _ in range(10):  # warm caches (card faces, text)
        table.update(16.0)
        table.draw_frame()
    times = []
    with thinking_meanwhile(game_id, players, thinking) as thinker:
        for _ in range(frames):
            t0 = time.perf_counter()
            table.update(16.0)
            table.draw_frame()
            times.append((time.perf_counter() - t0) * 1000)
    return {"times": times, **thinker_summary(thinker)}


def idle_cpu(
    seconds: float,
    game_id: str = "crazy_eights",
    players: int = 4,
    settle: float = 1.0,
    headless: bool = True,
) -> dict:
    """Run the app's real main loop on a table where the human (seat 0) is to move and
    no AI is thinking; returns the process CPU time over ``seconds`` of wall time."""
    import pygame

    from game.ui.app import App
    from game.ui.scenes.table import TableScene
    from game.ui.session import Seat, Session

    app = App((1920, 1080), headless=headless)
    app.settings["speed"] = "normal"
    seats = [Seat("You", "human")] + [Seat(f"AI {i}", "ai", "normal") for i in range(1, players)]
    session = Session(game_id, {}, 11, seats, autosave=False)
    if session.ai_turn():
        raise RuntimeError("the idle table has an AI turn pending")
    app.set_scene(TableScene(app, session, live=True))
    found: dict = {}

    def timer() -> None:
        time.sleep(settle)
        found["cpu0"], found["t0"] = time.process_time(), time.perf_counter()
        time.sleep(seconds)
        found["cpu1"], found["t1"] = time.process_time(), time.perf_counter()
        found["ai_turn"] = session.ai_turn() or session.ai.thinking()
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    threading.Thread(target=timer, daemon=True).start()
    app.loop()
    cpu, wall = found["cpu1"] - found["cpu0"], found["t1"] - found["t0"]
    return {
        "cpu_s": cpu,
        "wall_s": wall,
        "pct": 100 * cpu / wall,
        "ai_pending": bool(found["ai_turn"]),
    }


# ---------------------------------------------------------------- start-up


def app_commands() -> list[tuple[str, list[str]]]:
    cmds = [("source", [sys.executable, "-m", "game"])]
    exe = ROOT / "dist" / "Parlour" / ("Parlour.exe" if sys.platform == "win32" else "Parlour")
    if exe.exists():
        cmds.append(("built executable", [str(exe)]))
    return cmds


def _env() -> dict:
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    # an installed game runs from compiled bytecode (pip and PyInstaller both ship it):
    # the warm-up run writes it even where the shell says not to
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    home = ROOT / "build" / "bench-home"
    home.mkdir(parents=True, exist_ok=True)
    env["PARLOUR_HOME"] = str(home)  # no saved game to offer: the plain menu
    return env


def time_to_first_frame(
    cmd: list[str], timeout: float = 60.0, env: dict | None = None, flag=("--benchmark-startup",)
) -> tuple[float, str]:
    """Launch the app with --benchmark-startup (it quits right after drawing its first
    frame and prints ``first frame …``); the wall time from launch to that line."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        cmd + list(flag),
        cwd=ROOT,
        env=env or _env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    elapsed, said = None, ""
    try:
        for line in proc.stdout:
            if line.startswith("first frame"):
                elapsed, said = time.perf_counter() - start, line.strip()
                break
        proc.wait(timeout=timeout)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    if elapsed is None:
        err = (proc.stderr.read() if proc.stderr else "").strip().splitlines()[-3:]
        raise RuntimeError(
            f"no 'first frame' line from {' '.join(cmd)} (exit {proc.returncode}): {' | '.join(err)}"
        )
    return elapsed, said


def startup_figures(runs: int) -> dict[str, dict]:
    out = {}
    for label, cmd in app_commands():
        try:
            time_to_first_frame(cmd)  # warm the OS file cache and .pyc files
            times = [time_to_first_frame(cmd)[0] for _ in range(runs)]
        except Exception as exc:
            out[label] = {"error": f"{type(exc).__name__}: {exc}"}
            continue
        out[label] = {"median_s": statistics.median(times), "best_s": min(times), "runs": runs}
    return out
