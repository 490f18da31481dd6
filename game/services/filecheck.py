"""The one safe way Parlour reads a file it did not just write, and the shared pieces of
the file checks: wording a problem, writing atomically, setting a file aside, locking.

Every file kind has one validating function that knows every field (``settings.validate``,
``saves.validate``, ``stats.validate``, ``replays.validate``); this module gives them one
reader for a file that may be anything. ``read_bytes`` reads at most a bounded number of
bytes; ``read_json`` parses UTF-8 JSON with bounded nesting and bounded numbers: a number
too long to be real, NaN or Infinity is read as a ``BadNumber`` (never an int or a float),
which every validator refuses as it refuses any value of the wrong type, naming its key;
so one bad count costs its record, not the whole file. Whatever the damage, the reader
raises ``FileProblem`` and nothing else. ``displayable`` is the check of text a screen
will draw. No pygame here.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import time
from pathlib import Path

from game.engine.limits import excerpt

MAX_BYTES = 20_000_000  # a save of a very long game is far below this; anything bigger is damage
MAX_DEPTH = 64  # nesting of lists and objects; Parlour's own files nest a handful deep
MAX_DIGITS = 30  # digits in a whole number; counts, scores and seeds have at most a dozen
MAX_NUMBER_CHARS = 40  # characters of a decimal number (a float's repr is at most 24)
LOCK_WAIT = 5.0  # seconds to wait for another Parlour to finish with a file


class FileProblem(ValueError):
    """One field (or the whole file) that cannot be used, in words a player can act on."""

    def __init__(self, key: str, problem: str, value=None, *, has_value: bool = False):
        shown = f" ({excerpt(value)})" if has_value else ""
        super().__init__(f"{key}: {problem}{shown}" if key else f"{problem}{shown}")
        self.key, self.problem = key, problem


class NewerFile(FileProblem):
    """A file written by a newer Parlour in a format this one cannot read: refused in
    words that say so, and never set aside as damaged (that version can still use it)."""


def check_format(doc: dict, version: int) -> None:
    """The file's format ``version`` (a whole number this Parlour writes as ``version``).

    Raises NewerFile for a newer format, naming the Parlour that wrote it (``parlour``,
    written beside the format since 0.1), and FileProblem for a missing or unknown one."""
    found = doc.get("version")
    if "version" not in doc:
        raise FileProblem("version", "is missing")
    if not is_int(found):
        raise FileProblem("version", "should be a whole number", found, has_value=True)
    if found > version:
        import game

        writer = doc.get("parlour")
        by = f"Parlour {writer}" if displayable(writer, 40) is None else "a newer Parlour"
        raise NewerFile(
            "version",
            f"it was written by {by}, newer than this one ({game.__version__}), "
            "in a format this version cannot read",
        )
    if found != version:
        raise FileProblem("version", f"{found} is no format Parlour has written ({version})")


def stamp(doc: dict, version: int) -> dict:
    """``doc`` with the format version and the Parlour version that writes it, first."""
    import game

    return {"version": version, "parlour": game.__version__, **doc}


class BadNumber:
    """A number in a file that cannot be used (too long, NaN, Infinity), kept as its words.

    Not an int or a float, so every type check refuses it; its repr says what it was
    without quoting thousands of digits."""

    __slots__ = ("what",)

    def __init__(self, what: str):
        self.what = what

    def __repr__(self) -> str:
        return self.what

    def __eq__(self, other) -> bool:  # never equal to a number a check compares it with
        return False

    __hash__ = None


def _number_words(literal: str) -> str:
    return f"a number too long ({len(literal):,} characters)"


def _whole(literal: str):
    digits = len(literal) - literal.startswith("-")
    return int(literal) if digits <= MAX_DIGITS else BadNumber(_number_words(literal))


def _decimal(literal: str):
    if len(literal) > MAX_NUMBER_CHARS:
        return BadNumber(_number_words(literal))
    value = float(literal)
    return value if math.isfinite(value) else BadNumber(f"a number too large ({literal})")


def _constant(name: str):
    return BadNumber(f"{name}, which is not a number")  # NaN, Infinity, -Infinity


def read_bytes(target: Path, limit: int = MAX_BYTES) -> bytes:
    """At most ``limit`` bytes of ``target``; FileProblem when it holds more or cannot be read.

    The size is found by reading one byte past the limit, not from ``stat``, so a file
    that grows while it is read is still refused."""
    try:
        with open(target, "rb") as f:
            data = f.read(limit + 1)
    except OSError as exc:
        raise FileProblem("", f"it cannot be read ({exc.strerror or exc})") from None
    if len(data) > limit:
        raise FileProblem("", f"the file is more than {limit:,} bytes, far more than it can hold")
    return data


def _too_deep(value) -> bool:
    """Does ``value`` nest lists and objects more than MAX_DEPTH deep? (no recursion)"""
    stack = [(value, 1)]
    while stack:  # ends: every item is taken once, and parsed JSON has no cycles
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = item.values()
        elif not isinstance(item, list):
            continue
        if depth > MAX_DEPTH:
            return True
        stack.extend((child, depth + 1) for child in item if isinstance(child, (dict, list)))
    return False


def parse_json(text: str):
    """JSON text parsed with bounded numbers and nesting; raises FileProblem on damage."""
    try:
        value = json.loads(text, parse_int=_whole, parse_float=_decimal, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise FileProblem("", f"it is not valid JSON ({exc.msg}, line {exc.lineno})") from None
    except RecursionError:
        raise FileProblem("", "it is nested too deeply to read") from None
    except (ValueError, TypeError, MemoryError) as exc:  # never a raw error from the parser
        raise FileProblem("", f"it cannot be read as JSON ({excerpt(str(exc), 80)})") from None
    if _too_deep(value):
        raise FileProblem("", f"it is nested more than {MAX_DEPTH} levels deep")
    return value


def read_json(target: Path, limit: int = MAX_BYTES) -> tuple[object, str]:
    """The parsed JSON and the text it came from; raises FileProblem on any damage."""
    try:
        text = read_bytes(target, limit).decode("utf-8")
    except UnicodeDecodeError:
        raise FileProblem("", "it is not UTF-8 text") from None
    return parse_json(text), text


_UNSHOWABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


def displayable(text, limit: int) -> str | None:
    """None when ``text`` can be drawn on a screen as it is, else the problem in words:
    text of 1 to ``limit`` characters with no control character (a NUL stops pygame)
    and nothing that cannot be written as UTF-8."""
    if not isinstance(text, str):
        return "should be text"
    if not text.strip():
        return "is empty"
    if len(text) > limit:
        return f"is longer than {limit} characters"
    if _UNSHOWABLE.search(text):
        return "holds a character that cannot be shown"
    return None


def holds_bad_number(value) -> bool:
    """Does a parsed value hold a BadNumber anywhere inside? (no recursion; depth is bounded)"""
    stack = [value]
    while stack:  # ends: parsed JSON is a finite tree
        item = stack.pop()
        if isinstance(item, BadNumber):
            return True
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def key_line(text: str, key: str) -> int | None:
    """The first line of ``text`` where ``"key":`` appears (for messages), if any."""
    needle = json.dumps(key) + ":"
    at = text.find(needle)
    return None if at < 0 else text.count("\n", 0, at) + 1


def where(target: Path, text: str, key: str) -> str:
    """``file, line N`` for a key of a JSON file (the line only when it can be found)."""
    line = key_line(text, key.split(".")[0].split("[")[0]) if key else None
    return f"{target}" + (f", line {line}" if line else "")


def is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value, bound: float) -> bool:
    """A whole or decimal number, finite, at most ``bound`` either side of zero."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return math.isfinite(value) and abs(value) <= bound


def write_json_atomic(target: Path, data, durable: bool = True) -> None:
    """Write JSON beside ``target`` (fsync unless ``durable`` is False), then rename it
    into place.

    On any failure the temporary file is removed and the old ``target`` is untouched;
    the error is raised for the caller to report. NaN and Infinity are refused
    (ValueError): they are not JSON, and the reader would refuse them back.
    """
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        text = json.dumps(data, indent=1, ensure_ascii=False, allow_nan=False)
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            if durable:
                os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def move_aside(target: Path, tag: str = "corrupt") -> Path:
    """Rename a file to ``<name>.<tag>-<timestamp>`` (never over another) and return it."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    dest = target.with_name(f"{target.name}.{tag}-{stamp}")
    n = 1
    while dest.exists():  # ends: each name taken is a file that exists, and they are finite
        n += 1
        dest = target.with_name(f"{target.name}.{tag}-{stamp}-{n}")
    os.replace(target, dest)
    return dest


class LockBusy(OSError):
    """Another Parlour held the lock for longer than the wait allowed."""


def _try_lock(fd: int) -> bool:
    """Take the lock on the open lock file without waiting; False when another holds it
    (raises OSError when the filesystem cannot lock at all)."""
    if os.name == "nt":
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # the first byte stands for the whole file
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:  # held by another; any other OSError: this filesystem has no locks
        return False
    return True


def _unlock(fd: int) -> None:
    if os.name == "nt":
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_UN)


@contextlib.contextmanager
def locked(target: Path, wait: float | None = None):
    """Hold an OS lock on ``<target>.lock`` (beside it) for a read-modify-write of
    ``target`` that another Parlour on the same user folder may do at the same time.

    Waits at most ``wait`` seconds (LOCK_WAIT by default), then raises LockBusy (an
    OSError) rather than freeze the window; the lock goes with the process if it dies. The lock file stays
    (removing it would let a third process lock a different file of the same name).
    """
    wait = LOCK_WAIT if wait is None else wait
    fd = os.open(target.with_name(target.name + ".lock"), os.O_RDWR | os.O_CREAT, 0o644)
    try:
        deadline = time.monotonic() + wait
        while True:  # ends: the lock is had, the filesystem has none, or the deadline passes
            try:
                held = _try_lock(fd)
            except OSError:  # a filesystem without locks (some network shares): go on
                held = None  # unlocked, as one Parlour alone would, rather than never write
            if held is not False:
                break
            if time.monotonic() >= deadline:
                raise LockBusy(f"another Parlour kept {target.name} busy for {wait:g} seconds")
            time.sleep(0.01)
        try:
            yield
        finally:
            if held:
                _unlock(fd)
    finally:
        os.close(fd)
