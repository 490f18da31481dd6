"""Real-window measurements for ``python -m game.tools.bench``: frames, start-up and idle CPU in
a window on a real X display, where pushing pixels to the screen costs what it costs a
player (the dummy driver's figures leave that out and stay as the draw-only lines).

The display is ``DISPLAY`` when one is set, else an Xvfb this module starts for the run
(when Xvfb is installed). Each figure is measured in a child process
(``python -m game.tools.bench_window …``) so SDL picks its video driver afresh, and each comes
with a reference measured in the same run on the same display: the plain full-window
flip of the same window for frames, a trivial pygame-ce window for start-up.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the checkout: game/tools/ is two levels down
XVFB_SCREEN = "4200x2460x24"  # room for a 3840x2160 window inside the desktop's margins


class Display:
    """The X display to measure on: the given one, or an Xvfb started (and stopped) here."""

    def __init__(self):
        self.proc: subprocess.Popen | None = None
        self.name: str | None = None
        self.note = ""

    def __enter__(self) -> Display:
        if sys.platform.startswith("linux") and os.environ.get("DISPLAY"):
            self.name, self.note = os.environ["DISPLAY"], "the session's display"
            return self
        xvfb = shutil.which("Xvfb")
        if not xvfb:
            self.note = "no display and no Xvfb (apt-get install xvfb)"
            return self
        read, write = os.pipe()
        self.proc = subprocess.Popen(
            [xvfb, "-displayfd", str(write), "-screen", "0", XVFB_SCREEN, "-nolisten", "tcp"],
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        number = b""
        deadline = time.monotonic() + 10
        while not number.endswith(b"\n") and time.monotonic() < deadline:
            chunk = os.read(read, 16)
            if not chunk:
                break
            number += chunk
        os.close(read)
        if not number.strip():
            self.close()
            self.note = "Xvfb did not start"
            return self
        self.name, self.note = f":{number.decode().strip()}", f"Xvfb {XVFB_SCREEN}"
        return self

    def close(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            self.proc = None

    def __exit__(self, *exc) -> None:
        self.close()

    def env(self) -> dict:
        """The environment of a child that opens a real window on this display."""
        env = dict(os.environ)
        env.pop("SDL_VIDEODRIVER", None)
        # an installed game runs from compiled bytecode (pip and PyInstaller both ship it):
        # the warm-up run writes it even where the shell says not to
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["DISPLAY"] = self.name or ""
        env.setdefault("SDL_AUDIODRIVER", "dummy")
        env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
        home = ROOT / "build" / "bench-home"
        home.mkdir(parents=True, exist_ok=True)
        env["PARLOUR_HOME"] = str(home)
        return env


def _child(display: Display, args: list[str], timeout: float = 300.0) -> dict:
    out = subprocess.run(
        [sys.executable, "-m", "game.tools.bench_window", *args],
        cwd=ROOT,
        env=display.env(),
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    for line in reversed(out.stdout.splitlines()):
        if line.startswith("{"):
            return json.loads(line)
    tail = " | ".join(out.stderr.strip().splitlines()[-3:])
    raise RuntimeError(f"no figures from the window child (exit {out.returncode}): {tail}")


def window_frames(
    display: Display,
    game_id: str,
    players: int,
    size,
    frames: int,
    thinking: bool,
    decisions: int = 0,
) -> dict:
    """Frame times of a full table in the real window; with ``thinking`` the hardest
    bot decides meanwhile, and the table goes on drawing until it has made
    ``decisions`` decisions after its first (the worker's start) or a minute passed."""
    args = ["frames", game_id, str(players), f"{size[0]}x{size[1]}", str(frames)]
    if thinking:
        args += ["--thinking", "--decisions", str(decisions)]
    return _child(display, args)


def window_idle(display: Display, seconds: float) -> dict:
    return _child(display, ["idle", str(seconds)])


TRIVIAL_WINDOW = (
    "import time; t0 = time.perf_counter(); import os, sys; "
    # the same kind of window surface as the app (see game/ui/app.py), so the two compare
    "sys.platform.startswith('linux') and os.environ.setdefault("
    "'SDL_FRAMEBUFFER_ACCELERATION', '0'); import pygame; pygame.display.init(); "
    "s = pygame.display.set_mode((1600, 900), pygame.RESIZABLE); s.fill((31, 77, 58)); "
    "pygame.display.flip(); print(f'first frame {(time.perf_counter() - t0) * 1000:.0f} ms', "
    "flush=True); pygame.quit()"
)


def window_startup(display: Display, runs: int) -> dict[str, dict]:
    """Launch to first frame in a real window: a trivial pygame-ce window, then Parlour
    from source and from the built executable, each median of ``runs`` after one warm-up.
    The runs take turns (trivial, source, executable, trivial, …) so a busy spell of a
    shared machine falls on all of them alike."""
    from game.tools.bench_app import app_commands, time_to_first_frame

    commands = [("trivial pygame-ce window", [sys.executable, "-c", TRIVIAL_WINDOW])]
    commands += app_commands()
    times: dict[str, list[float]] = {label: [] for label, _ in commands}
    out: dict[str, dict] = {}
    for turn in range(runs + 1):  # the first turn warms the file cache and the bytecode
        for label, cmd in commands:
            if label in out:
                continue
            extra = [] if label.startswith("trivial") else ["--benchmark-startup"]
            try:
                took = time_to_first_frame(cmd, env=display.env(), flag=extra)[0]
            except Exception as exc:
                out[label] = {"error": f"{type(exc).__name__}: {exc}"}
                continue
            if turn:
                times[label].append(took)
    for label, got in times.items():
        if label not in out:
            got.sort()
            out[label] = {"median_s": got[len(got) // 2], "best_s": got[0], "runs": runs}
    return out


# ---------------------------------------------------------------- in the child


def _real_table(game_id: str, players: int, size):
    import pygame

    from game.ui.headless import HeadlessTable

    table = HeadlessTable(game_id, players, 3, autoplay=players * 2, size=size, headless=False)
    app = table.app
    if app.screen.get_size() != tuple(size):  # the window was fitted to the desktop: undo that
        app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        app.resized(app.screen.get_size())
    return table


def _keep_a_card_moving(scene) -> None:
    """A card animation running all the time: a new flight across the table when the last
    one has landed (the same cost as a played card)."""
    from game.ui import cards

    t = scene.table
    if t.busy():
        return
    a, m = t.area, t.m
    face = cards.face("QH", m.px(190))
    src = (a.x + a.w * 0.25, a.bottom - m.px(150))
    dst = (a.x + a.w * 0.70, a.y + a.h * 0.40)
    t.fly(face, src, dst, hold=False, duration=400)


DECISIONS_CAP_S = 60.0  # the longest the window draws waiting for decisions


def _child_frames(
    game_id: str, players: int, size, frames: int, thinking: bool, decisions: int = 0
) -> dict:
    import pygame

    from game.tools.bench_app import thinker_summary, thinking_meanwhile

    table = _real_table(game_id, players, size)
    app, scene = table.app, table.scene
    screen = pygame.display.get_surface()
    # the reference: the plain full-window flip of this same window
    ref = []
    for _ in range(max(30, frames // 4)):
        t0 = time.perf_counter()
        screen.fill((31, 77, 58))
        pygame.display.flip()
        ref.append((time.perf_counter() - t0) * 1000)
    app.full_frame = True
    for _ in range(20):  # warm the caches (faces, text, the table's layer)
        _keep_a_card_moving(scene)
        app.update(16.0)
        app.present(app.render())
    times, full, partial = [], 0, 0
    with thinking_meanwhile(game_id, players, thinking) as thinker:
        cap = time.perf_counter() + DECISIONS_CAP_S
        while len(times) < frames or (
            thinker
            and len(thinker.times) <= decisions
            and time.perf_counter() < cap
            and thinker.is_alive()
        ):
            t0 = time.perf_counter()
            pygame.event.pump()
            _keep_a_card_moving(scene)
            app.update(16.0)
            pushed = app.present(app.render())
            times.append((time.perf_counter() - t0) * 1000)
            full += pushed < 0
            partial += pushed > 0
    return {
        "times": times,
        "ref": ref,
        "full_frames": full,
        "partial_frames": partial,
        "driver": pygame.display.get_driver(),
        **thinker_summary(thinker),
        # the first decision also waits for the worker process to start
        "first_decide_ms": thinker.times[0] if thinker and thinker.times else None,
        "decide_ms": thinker.times[1:] if thinker else [],
    }


def _child_idle(seconds: float) -> dict:
    from game.tools.bench_app import idle_cpu

    return idle_cpu(seconds, headless=False)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.tools.bench_window")
    sub = p.add_subparsers(dest="what", required=True)
    f = sub.add_parser("frames")
    f.add_argument("game")
    f.add_argument("players", type=int)
    f.add_argument("size")
    f.add_argument("frames", type=int)
    f.add_argument("--thinking", action="store_true")
    f.add_argument("--decisions", type=int, default=0)
    i = sub.add_parser("idle")
    i.add_argument("seconds", type=float)
    args = p.parse_args(argv)
    if args.what == "frames":
        size = tuple(int(x) for x in args.size.split("x"))
        result = _child_frames(
            args.game, args.players, size, args.frames, args.thinking, args.decisions
        )
    else:
        result = _child_idle(args.seconds)
    print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
