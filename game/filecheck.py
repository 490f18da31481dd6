"""Shared pieces of the user-file checks (settings, saves): reading, wording, writing.

Each file kind has one validating function that knows every field (``settings.validate``,
``saves.validate``); this module gives them the same way to read a file that may be
anything, to word a problem (file, key, line, problem, a short excerpt) and to write
atomically without leaving a temporary file behind. No pygame here.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from game.limits import excerpt

MAX_BYTES = 20_000_000  # a save of a very long game is far below this; anything bigger is damage


class FileProblem(ValueError):
    """One field (or the whole file) that cannot be used, in words a player can act on."""

    def __init__(self, key: str, problem: str, value=None, *, has_value: bool = False):
        shown = f" ({excerpt(value)})" if has_value else ""
        super().__init__(f"{key}: {problem}{shown}" if key else f"{problem}{shown}")
        self.key, self.problem = key, problem


def read_json(target: Path) -> tuple[object, str]:
    """The parsed JSON and the text it came from; raises FileProblem on any damage."""
    try:
        size = target.stat().st_size
        if size > MAX_BYTES:
            raise FileProblem("", f"the file is {size:,} bytes, far more than it can hold")
        text = target.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        raise FileProblem("", "it is not UTF-8 text") from None
    except OSError as exc:
        raise FileProblem("", f"it cannot be read ({exc.strerror or exc})") from None
    try:
        return json.loads(text), text
    except json.JSONDecodeError as exc:
        raise FileProblem("", f"it is not valid JSON ({exc.msg}, line {exc.lineno})") from None
    except RecursionError:
        raise FileProblem("", "it is nested too deeply to read") from None


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


def write_json_atomic(target: Path, data, durable: bool = True) -> None:
    """Write JSON beside ``target`` (fsync unless ``durable`` is False), then rename it
    into place.

    On any failure the temporary file is removed and the old ``target`` is untouched;
    the error is raised for the caller to report.
    """
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        text = json.dumps(data, indent=1, ensure_ascii=False)
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            if durable:
                os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise


def move_aside(target: Path, tag: str = "corrupt") -> Path:
    """Rename a file to ``<name>.<tag>-<timestamp>`` (never over another) and return it."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    dest = target.with_name(f"{target.name}.{tag}-{stamp}")
    n = 1
    while dest.exists():
        n += 1
        dest = target.with_name(f"{target.name}.{tag}-{stamp}-{n}")
    os.replace(target, dest)
    return dest
