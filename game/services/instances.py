"""Other Parlour processes on the same user folder: which are alive, which owns the files.

Every running instance holds an OS lock on its own file ``running/<token>.lock`` for its
whole life. The OS drops a lock when its process ends, even by ``kill -9`` or a power
loss, so another instance tells a live run from a dead one by trying to take that lock:
it fails, the run is alive. Unlike a pid, a lock cannot be mistaken for a recycled
process. The first instance also holds ``running/owner.lock`` for its life: it owns the
settings and the game in progress; one that finds that lock taken is a guest and leaves
them alone (``game.services.crashguard``). A writer killed mid-save leaves ``.<name>.<pid>.tmp``
(``filecheck.write_json_atomic``); ``remove_stale_temps`` clears those of dead writers.
No pygame here.
"""

from __future__ import annotations

import errno
import os
import time
from pathlib import Path

RUN_DIR = "running"
OWNER = "owner.lock"
TEMP_GRACE_S = 60.0  # no save takes a minute: an older temp file is an orphan
TEMP_DEPTH = 2  # the user folder and its subfolders (replays/), never deeper
BUSY = {errno.EACCES, errno.EAGAIN, errno.EWOULDBLOCK, getattr(errno, "EDEADLK", errno.EAGAIN)}


class LockUnsupported(OSError):
    """The file system cannot lock (some network shares): liveness cannot be told."""


def _lock(fd: int) -> bool:
    """Take an exclusive lock on ``fd`` without waiting: True, or False if another holds it."""
    try:
        if os.name == "nt":
            import msvcrt

            # msvcrt locks are mandatory for the bytes locked: lock one byte of a file
            # nobody reads (the .lock file, not the marker)
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            # flock belongs to the open file, not the process: a second descriptor in the
            # same process is refused too, as another process would be
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        if exc.errno in BUSY:
            return False
        raise LockUnsupported(exc.errno, exc.strerror or str(exc)) from None
    return True


def _open(path: Path, create: bool) -> int:
    flags = os.O_RDWR | (os.O_CREAT if create else 0) | getattr(os, "O_BINARY", 0)
    try:
        return os.open(path, flags, 0o644)
    except PermissionError:
        if create and not path.exists():
            raise
        # a read-only file (or folder) can still be locked to probe it
        return os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0))


class Lock:
    """An exclusive OS lock on a file, held from ``take`` until ``release``."""

    def __init__(self, path: Path, fd: int):
        self.path, self.fd = path, fd

    @classmethod
    def take(cls, path: Path, create: bool = True) -> Lock | None:
        """The lock, or None when another open file holds it. Raises OSError when the
        file cannot be opened (missing, a folder) and LockUnsupported when it cannot be
        locked at all."""
        fd = _open(path, create)
        try:
            if _lock(fd):
                return cls(path, fd)
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)
        return None

    def release(self, remove: bool = False) -> None:
        """Let go (closing the file drops the lock); ``remove`` deletes the file too."""
        if self.fd < 0:
            return
        if remove and os.name != "nt":
            # removed while still held: a prober never takes the lock of a file on its way out
            _unlink(self.path)
        os.close(self.fd)
        self.fd = -1
        if remove and os.name == "nt":  # Windows removes no open file
            _unlink(self.path)


def _unlink(path: Path) -> bool:
    try:
        path.unlink()
    except FileNotFoundError:
        return True
    except OSError:
        return False
    return True


def probe(path: Path) -> str:
    """Is the run behind a lock file alive? ``"alive"``, ``"dead"`` (the lock was free:
    taken and let go at once), ``"missing"``, or ``"unknown"`` (it cannot be locked)."""
    try:
        lock = Lock.take(path, create=False)
    except FileNotFoundError:
        return "missing"
    except LockUnsupported:
        return "unknown"
    except OSError:
        return "missing" if not path.is_file() else "unknown"
    if lock is None:
        return "alive"
    lock.release()
    return "dead"


def pid_alive(pid: int) -> bool | None:
    """Does a process with this pid exist? None where that cannot be asked safely (on
    Windows ``os.kill(pid, 0)`` would terminate it)."""
    if os.name == "nt" or not isinstance(pid, int) or pid <= 0:
        return None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # it exists, owned by someone else
    except OSError:
        return None
    return True


def temp_writer(name: str) -> int | None:
    """The writer's pid in a temporary file's name, ``.<name>.<pid>.tmp``
    (``filecheck.write_json_atomic``), or None for any other name. (No regular
    expression: compiling one costs start-up time.)"""
    if not (name.startswith(".") and name.endswith(".tmp")):
        return None
    stem, _, pid = name[1:-4].rpartition(".")
    if not stem or not pid.isascii() or not pid.isdigit():
        return None
    return int(pid)


def remove_stale_temps(folder: Path, live_pids: set[int], now: float | None = None) -> list[Path]:
    """Remove the temporary files of writers that died mid-save, in ``folder`` and its
    subfolders; returns what was removed.

    A temp file stays while its pid is a live instance's (that instance may be writing
    it). Any other is removed when its writer's process is gone (POSIX can ask) or when
    it is older than a minute (no save takes that long; a recycled pid does not keep it).
    """
    now = time.time() if now is None else now
    removed: list[Path] = []
    pending = [(folder, 0)]
    while pending:  # ends: each folder once, at most TEMP_DEPTH deep, no links followed
        here, depth = pending.pop()
        try:
            entries = list(os.scandir(here))
        except OSError:
            continue
        for entry in entries:
            try:
                if entry.is_dir(follow_symlinks=False):
                    if depth + 1 < TEMP_DEPTH:
                        pending.append((Path(entry.path), depth + 1))
                    continue
                pid = temp_writer(entry.name)
                if pid is None or not entry.is_file(follow_symlinks=False):
                    continue
                if pid in live_pids or pid == os.getpid():
                    continue
                old = now - entry.stat(follow_symlinks=False).st_mtime > TEMP_GRACE_S
                if (old or pid_alive(pid) is False) and _unlink(Path(entry.path)):
                    removed.append(Path(entry.path))
            except (OSError, ValueError):
                continue
    return removed


_guest = False  # set once at start: this process is a second window on the user folder


def become_guest() -> None:
    """Another live instance owns the settings and the game in progress: for the rest of
    this process, ``saves`` offers nothing to resume and writes no game, and ``settings``
    writes nothing, so a second window never replays, sets aside or overwrites the game
    the first one is playing, nor the settings it will write on its own. The player is
    told once, at the menu (``game.ui.startup``). A guest does not become the owner later."""
    global _guest
    _guest = True


def is_guest() -> bool:
    return _guest
