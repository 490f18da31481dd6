"""``python -m game.tools.instances_probe``: two real app processes on one user folder, and a
writer killed mid-save (POSIX).

1. The first window starts (headless), saves a game and its settings, and stays open.
2. A second window starts on the same folder: it must not call the first one a crash,
   must not offer the first one's game, must say once that another window is open, and
   its attempts to write the settings and a game must leave both files as they were.
   It closes cleanly: the first one's marker must still be there.
3. The first window is killed (SIGKILL): the next start must call that a crash with the
   game open (the question about the save), which the second window's exit did not hide.
4. A writer is killed between writing its temporary file and renaming it: the next start
   must leave no temporary file behind.

Each window is the real entry point (``game.ui.startup.run``) under the dummy video driver;
its loop is replaced by a short script that reports what the menu showed and then waits
for the probe to tell it to close. Every wait has a generous bound that matters only
when something hangs. Exit status 0 when every check holds, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the checkout: game/tools/ is two levels down
WAIT_S = 120.0  # a bound for a hung child, never reached by a working one

# the window's loop: report the menu's first look, act as told, wait for "stop"
WINDOW = r"""
import json, sys, time
from pathlib import Path
from game.ui import app as a, startup

control, act = Path(sys.argv[1]), sys.argv[2]

def loop(self):
    self.pump()  # the menu's first look: notices and questions open as dialogs
    menu = self.scene
    report = {
        "owner": getattr(self.guard, "owner", None),
        "dialogs": [str(d.title) for d in getattr(menu, "modals", [])],
        "resume": getattr(menu, "resume_info", None) is not None,
    }
    if act == "write":  # what a player's window writes: a setting, then a game
        from game.services import settings
        from game.ui.session import Seat, Session

        self.settings["four_colour"] = not self.settings.get("four_colour")
        settings.save(self.settings)
        Session("crazy_eights", {}, 7, [Seat("P"), Seat("Q", "ai", "easy")]).save()
        self.guard.phase("game", "crazy_eights")
    print("REPORT " + json.dumps(report), flush=True)
    deadline = time.monotonic() + 120
    while not (control / "stop").exists() and time.monotonic() < deadline:
        self.pump()
        time.sleep(0.02)

a.App.loop = loop
class Args: size = None
sys.exit(startup.run(Args()))
"""

# a writer stopped between its temporary file and the rename, to be killed there
WRITER = r"""
import os, sys
from pathlib import Path
from game.services import filecheck

def stop_here(*args):
    print("WRITTEN", flush=True)
    sys.stdin.read()  # blocks until killed

filecheck.os.replace = stop_here
filecheck.write_json_atomic(Path(sys.argv[1]) / "current_game.json", {"pad": "x" * 100_000})
"""


class Child:
    """A child process whose stdout lines arrive on a queue (read by a thread)."""

    def __init__(self, script: str, home: Path, *args: str):
        env = {
            **os.environ,
            "PARLOUR_HOME": str(home),
            "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy",
            "PYTHONPATH": str(ROOT),
        }
        self.proc = subprocess.Popen(
            [sys.executable, "-c", script, *args],
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)  # end of output

    def line(self, prefix: str) -> str | None:
        """The rest of the first line starting with ``prefix`` (waits; None if the child
        ends first)."""
        while True:
            try:
                line = self.lines.get(timeout=WAIT_S)
            except queue.Empty:
                return None
            if line is None:
                return None
            if line.startswith(prefix):
                return line[len(prefix) :].strip()

    def report(self) -> dict:
        text = self.line("REPORT")
        return json.loads(text) if text else {}

    def finish(self) -> int:
        try:
            return self.proc.wait(timeout=WAIT_S)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait()

    def stderr(self) -> str:
        return self.proc.stderr.read() if self.proc.stderr else ""


def window(home: Path, control: Path, act: str = "look") -> Child:
    return Child(WINDOW, home, str(control), act)


def markers(home: Path) -> list[Path]:
    return sorted((home / "running").glob("*.json"))


def probe(home: Path) -> list[str]:
    """Run the checks on ``home`` (an empty folder); returns the failures in words."""
    failures: list[str] = []

    def check(ok: bool, what: str) -> None:
        if not ok:
            failures.append(what)

    first_ctl, second_ctl, third_ctl = (home.parent / f"control-{n}" for n in (1, 2, 3))
    for folder in (home, first_ctl, second_ctl, third_ctl):
        folder.mkdir(parents=True, exist_ok=True)

    first = window(home, first_ctl, "write")
    seen = first.report()
    check(seen.get("owner") is True, f"the first window is not the owner: {seen}")
    check(seen.get("dialogs") == [], f"the first window on a fresh folder asked: {seen}")
    save, settings = home / "current_game.json", home / "settings.json"
    check(save.exists() and settings.exists(), "the first window wrote no game or settings")
    before = (save.read_bytes(), settings.read_bytes()) if save.exists() else None

    second = window(home, second_ctl, "write")
    seen = second.report()
    check(seen.get("owner") is False, f"the second window took the files: {seen}")
    check(
        seen.get("dialogs") == ["Another Parlour window is open"],
        f"the second window showed {seen.get('dialogs')}, not one notice of the other window",
    )
    check(seen.get("resume") is False, "the second window offers the first one's game")
    (second_ctl / "stop").write_text("")
    code = second.finish()
    check(code == 0, f"the second window exited {code}: {second.stderr()[-400:]}")
    if before is not None:
        after = (save.read_bytes(), settings.read_bytes())
        check(after == before, "the second window changed the first one's game or settings")
    check(len(markers(home)) == 1, f"after the second window closed: {markers(home)}")

    first.proc.kill()  # SIGKILL where there is one: no clean exit, no report
    first.finish()
    third = window(home, third_ctl)
    seen = third.report()
    check(
        seen.get("dialogs") == ["Parlour closed unexpectedly"],
        f"the start after the first window was killed showed {seen.get('dialogs')}",
    )
    (third_ctl / "stop").write_text("")
    check(third.finish() == 0, f"the third window failed: {third.stderr()[-400:]}")

    if os.name == "posix":
        writer = Child(WRITER, home, str(home))
        check(writer.line("WRITTEN") is not None, "the writer never reached its rename")
        temps = list(home.glob(".*.tmp"))
        check(len(temps) == 1, f"the writer left {temps} before it was killed")
        os.kill(writer.proc.pid, signal.SIGKILL)
        writer.finish()
        fourth_ctl = home.parent / "control-4"
        fourth_ctl.mkdir(exist_ok=True)
        fourth = window(home, fourth_ctl)
        fourth.report()
        left = list(home.rglob("*.tmp"))
        check(not left, f"temporary files of a killed writer remain after a start: {left}")
        (fourth_ctl / "stop").write_text("")
        fourth.finish()
    return failures


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(
        prog="python -m game.tools.instances_probe", description=__doc__
    ).parse_args(argv)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="parlour-instances-") as tmp:
        failures = probe(Path(tmp) / "home")
    for failure in failures:
        print(f"FAIL {failure}")
    print(f"{'ok' if not failures else 'failed'} in {time.perf_counter() - started:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
