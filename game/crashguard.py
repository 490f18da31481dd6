"""Remember what the app was doing, so a file that crashed it is not used again blindly.

While the app runs, ``running.json`` in the user folder says what it is doing: still
``starting`` (settings being read, the first frame not yet shown), at the ``menu``, or
with a saved game open (``game``: being checked, resumed or played). A clean exit
removes it. If the next start finds it, the last run ended abruptly (a crash, a kill,
a freeze) while doing that, and the app asks before it touches the suspect file again:
settings after a crash while starting, the saved game after a crash with it open.
No pygame here.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from game.filecheck import write_json_atomic

NAME = "running.json"
PHASES = ("starting", "menu", "game")


@dataclass
class LastRun:
    """How the previous run ended abruptly: its phase, the game open, its crash report."""

    phase: str
    game: str | None = None
    report: str | None = None


class Guard:
    """The marker of one run; a Guard(None) (tests, screenshots) records nothing."""

    def __init__(self, folder: Path | None):
        self.path = folder / NAME if folder is not None else None
        self.state = {"pid": os.getpid(), "started": time.time(), "phase": "starting"}

    def begin(self) -> LastRun | None:
        """Read what the last run left (if it ended abruptly), then mark this one."""
        last = self._read()
        self._write()
        return last

    def phase(self, phase: str, game: str | None = None) -> None:
        if self.state.get("phase") == phase and self.state.get("game") == game:
            return
        self.state.update(phase=phase, game=game)
        self._write()

    def crashed(self, report: str | None) -> None:
        """Keep the marker (the next start asks) and name the crash report in it."""
        self.state["report"] = report
        self._write()

    def end(self) -> None:
        """A clean exit: nothing to ask next time."""
        if self.path is not None:
            try:
                self.path.unlink()
            except OSError:
                pass

    def _write(self) -> None:
        if self.path is None:
            return
        try:
            # renamed into place but not synced: it tells the next start about an app
            # that stopped, which a lost power cut would not need; a sync costs every
            # start several milliseconds before the first frame
            write_json_atomic(self.path, self.state, durable=False)
        except (OSError, ValueError):
            pass  # the guard is a courtesy: a read-only folder must not stop the game

    def _read(self) -> LastRun | None:
        if self.path is None or not self.path.exists():
            return None
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            raw = None
        if not isinstance(raw, dict) or raw.get("phase") not in PHASES:
            return LastRun("starting")  # a damaged marker: assume the worst, ask about all
        game = raw.get("game") if isinstance(raw.get("game"), str) else None
        report = raw.get("report") if isinstance(raw.get("report"), str) else None
        return LastRun(raw["phase"], game, report)


NO_GUARD = Guard(None)
