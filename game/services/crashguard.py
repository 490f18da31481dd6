"""Remember what the app was doing, so a file that crashed it is not used again blindly.

Each running instance keeps its own marker, ``running/<token>.json`` in the user folder,
saying what it is doing: still ``starting`` (settings being read, the first frame not
yet shown), at the ``menu``, or with a game open (``game``: being checked, resumed or
played). It holds an OS lock on ``running/<token>.lock`` for its whole life
(``game.services.instances``), so any other instance can tell a live run from a dead one. A clean
exit removes its own marker and nothing else.

A start reads every marker. Those of live instances are left alone. The first instance
(the owner of the settings and the game in progress) handles those of dead ones: it
removes each, and only a marker it could remove counts as a run that ended abruptly
(a crash, a kill, a freeze), so the app asks before it touches the suspect file again:
settings after a crash while starting, the saved game after a crash with it open. A
marker that cannot be removed is reported once (``running-stuck.json`` remembers it) and
never acted on. A second instance is a guest: it handles no marker. An earlier version's
single ``running.json`` is still read. No pygame here.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from game.services.filecheck import write_json_atomic
from game.services.instances import (
    OWNER,
    RUN_DIR,
    TEMP_GRACE_S,
    Lock,
    pid_alive,
    probe,
    remove_stale_temps,
)

LEGACY = "running.json"  # the single marker of earlier versions
STUCK_NOTE = "running-stuck.json"  # markers that could not be removed, already reported
PHASES = ("starting", "menu", "game")
# several runs ended abruptly: ask about the one whose suspect file matters most
SEVERITY = {"starting": 2, "game": 1, "menu": 0}


@dataclass
class LastRun:
    """How the previous run ended abruptly: its phase, the game open, its crash report."""

    phase: str
    game: str | None = None
    report: str | None = None


class Marker:
    """One run's marker found at start: where, whether its run is alive, what it says.
    (A plain class: each dataclass costs start-up time before the first frame.)"""

    __slots__ = ("alive", "lock", "path", "raw")

    def __init__(self, path: Path, alive: bool, lock: Path | None = None):
        self.path, self.alive, self.lock = path, alive, lock
        self.raw: object = None


class Guard:
    """The marker of one run; a Guard(None) (tests, screenshots) records nothing."""

    def __init__(self, folder: Path | None):
        self.folder = folder
        self.token = os.urandom(8).hex()  # os, not secrets: no imports before the window
        self.dir = folder / RUN_DIR if folder is not None else None
        self.path = self.dir / f"{self.token}.json" if self.dir is not None else None
        # the owner reads and writes the settings and the game in progress; a guest (a
        # second window on the same folder) leaves both to the owner
        self.owner = True
        self.state = {
            "pid": os.getpid(),
            "token": self.token,
            "started": time.time(),
            "phase": "starting",
            "owner": True,
        }
        # markers of dead runs that cannot be removed, reported for the first time now:
        # (path, why)
        self.stuck: list[tuple[str, str]] = []
        # the run folder cannot hold this run's marker (a file in its place, a read-only
        # user folder): (folder, why), reported the first time only
        self.unusable: tuple[str, str] | None = None
        self._unusable_why: str | None = None
        self._lock: Lock | None = None
        self._owner_lock: Lock | None = None

    def begin(self) -> LastRun | None:
        """Mark this run as alive, then read what dead runs left (only the owner acts on
        it) and clear the temporary files of writers that died mid-save."""
        if self.folder is None:
            return None
        self._hold()
        self._write()
        live_pids, dead = self._survey()
        remove_stale_temps(self.folder, live_pids)
        if not self.owner:
            return None  # the owner, alive, handled or will handle the dead runs
        return self._handle(dead)

    def phase(self, phase: str, game: str | None = None) -> None:
        if self.state.get("phase") == phase and self.state.get("game") == game:
            return
        self.state.update(phase=phase, game=game)
        self._write()

    def crashed(self, report: str | None) -> None:
        """Keep the marker (the next start asks), name the crash report in it, and let go
        of the locks: this run is over even if the process lingers."""
        self.state["report"] = report
        self._write()
        self._release(remove=False)

    def end(self) -> None:
        """A clean exit: remove this run's own marker, nothing else."""
        if self.path is None:
            return
        with contextlib.suppress(OSError):
            self.path.unlink()
        self._release(remove=True)

    # -- this run

    def _hold(self) -> None:
        """Take this run's own lock, then the owner's lock if no live instance has it."""
        try:
            self.dir.mkdir(exist_ok=True)
            self._lock = Lock.take(self.dir / f"{self.token}.lock")
        except OSError as exc:
            self._lock = None  # a read-only folder: this run cannot be seen, it still runs
            self._unusable_why = exc.strerror or str(exc)
        try:
            self._owner_lock = Lock.take(self.dir / OWNER)
            self.owner = self._owner_lock is not None
        except OSError:
            # no owner lock can be had (no folder, no locking): as before, one window
            # assumed; nothing to coordinate with
            self.owner = True
        self.state["owner"] = self.owner

    def _release(self, remove: bool) -> None:
        if self._lock is not None:
            self._lock.release(remove=remove)
            self._lock = None
        if self._owner_lock is not None:
            # owner.lock is never removed: an instance that opened it a moment ago must
            # lock the same file as the next one to come
            self._owner_lock.release()
            self._owner_lock = None

    def _write(self) -> None:
        if self.path is None:
            return
        # the guard is a courtesy: a read-only folder must not stop the game
        with contextlib.suppress(OSError, ValueError):
            # renamed into place but not synced: it tells the next start about an app
            # that stopped, which a lost power cut would not need; a sync costs every
            # start several milliseconds before the first frame
            write_json_atomic(self.path, self.state, durable=False)

    # -- the others

    def _survey(self) -> tuple[set[int], list[Marker]]:
        """The pids of live instances (this one's too) and the markers of dead runs."""
        live_pids, dead = {os.getpid()}, []
        found: list[Marker] = []
        try:
            names = sorted(os.listdir(self.dir))
        except OSError:
            names = []
        for name in names:
            path = self.dir / name
            if name.endswith(".json") and path != self.path:
                lock = path.with_suffix(".lock")
                found.append(Marker(path, _alive(probe(lock), path), lock))
            elif name.endswith(".lock") and name != OWNER and _orphan_lock(path):
                _remove(path)
        legacy = self.folder / LEGACY
        if os.path.lexists(legacy):
            found.append(Marker(legacy, _legacy_alive(legacy)))
        for marker in found:
            marker.raw = _read(marker.path)
            if marker.alive:
                pid = marker.raw.get("pid") if isinstance(marker.raw, dict) else None
                if isinstance(pid, int) and not isinstance(pid, bool):
                    live_pids.add(pid)
            else:
                dead.append(marker)
        return live_pids, dead

    def _handle(self, dead: list[Marker]) -> LastRun | None:
        """Remove each dead run's marker; those removed are the runs to ask about."""
        noted = _read_stuck_note(self.folder / STUCK_NOTE)
        still_stuck: list[list] = []
        runs: list[LastRun] = []
        if self._unusable_why is not None:
            try:
                identity = [RUN_DIR, os.lstat(self.dir).st_mtime_ns]
            except OSError:
                identity = [RUN_DIR, 0]
            still_stuck.append(identity)
            if identity not in noted:
                self.unusable = (str(self.dir), self._unusable_why)
        for marker in dead:
            try:
                identity = [marker.path.name, os.lstat(marker.path).st_mtime_ns]
            except FileNotFoundError:
                continue  # another start handled it a moment ago
            except OSError:
                identity = [marker.path.name, 0]
            try:
                if marker.path.is_dir():
                    raise IsADirectoryError(21, "it is a folder", str(marker.path))
                marker.path.unlink()
            except FileNotFoundError:
                continue  # another start handled it a moment ago
            except OSError as exc:
                still_stuck.append(identity)
                if identity not in noted:
                    self.stuck.append((str(marker.path), exc.strerror or str(exc)))
                continue
            if marker.lock is not None:
                _remove(marker.lock)
            runs.append(_last_run(marker.raw))
        if still_stuck != noted:
            # not written: reported again next time, never worse than that
            with contextlib.suppress(OSError, ValueError):
                write_json_atomic(self.folder / STUCK_NOTE, {"markers": still_stuck}, False)
        if not runs:
            return None
        worst = max(runs, key=lambda run: SEVERITY[run.phase])
        if worst.report is None:
            worst.report = next((run.report for run in runs if run.report), None)
        return worst


def _orphan_lock(path: Path) -> bool:
    """A lock file without a marker, left by a run that died between taking its lock and
    writing its marker. Only an old one is probed: probing takes the lock for a moment,
    and a run that has just created its lock file must get it."""
    if path.with_suffix(".json").exists():
        return False
    try:
        age = time.time() - path.stat().st_mtime
    except OSError:
        return False
    return age > TEMP_GRACE_S and probe(path) == "dead"


def _alive(state: str, marker: Path) -> bool:
    if state == "alive":
        return True
    if state == "unknown":  # no locking here (a network share): the pid is all there is
        raw = _read(marker)
        return isinstance(raw, dict) and pid_alive(raw.get("pid")) is True
    return False  # its lock was free, or never made: the run is gone


def _legacy_alive(path: Path) -> bool:
    """Is the earlier version that wrote ``running.json`` still running? Only its pid can
    tell: alive, and on Linux a Python or Parlour program (a recycled pid rarely is)."""
    raw = _read(path)
    pid = raw.get("pid") if isinstance(raw, dict) else None
    if pid == os.getpid() or pid_alive(pid) is not True:
        return False
    if sys.platform.startswith("linux"):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().lower()
        except OSError:
            return True
        return b"parlour" in cmdline or b"python" in cmdline
    return True


def _read(path: Path) -> object:
    """A marker's JSON, or None when it cannot be read (damaged, a folder, gone)."""
    try:
        if path.stat().st_size > 100_000:  # a marker is a few lines: anything more is damage
            return None
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _last_run(raw: object) -> LastRun:
    """What a dead run's marker says; every field checked."""
    if not isinstance(raw, dict) or raw.get("phase") not in PHASES:
        return LastRun("starting")  # a damaged marker: assume the worst, ask about all
    game = raw.get("game") if isinstance(raw.get("game"), str) else None
    report = raw.get("report") if isinstance(raw.get("report"), str) else None
    if raw.get("owner") is False:
        # a guest's run: it neither read the settings as the owner nor saved its game
        # there, so only its report is worth telling
        return LastRun("menu", None, report)
    return LastRun(raw["phase"], game, report)


def _read_stuck_note(path: Path) -> list[list]:
    """The markers already reported as stuck: ``[[name, mtime_ns], ...]``; a damaged note
    counts as empty (they are reported again)."""
    raw = _read(path)
    if not isinstance(raw, dict) or not isinstance(raw.get("markers"), list):
        return []
    return [
        entry
        for entry in raw["markers"][:1000]
        if isinstance(entry, list)
        and len(entry) == 2
        and isinstance(entry[0], str)
        and isinstance(entry[1], int)
        and not isinstance(entry[1], bool)
    ]


def _remove(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()


NO_GUARD = Guard(None)
