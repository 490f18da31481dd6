"""Player settings, persisted as JSON in the user folder (no pygame here).

``load()`` never fails: a missing file gives the defaults; a damaged one is moved
aside (``settings.json.corrupt-<time>``) and reported through ``problem``.
``save(settings)`` writes atomically (temporary file, then ``os.replace``).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from game.paths import user_dir

SPEEDS = {"slow": 1000, "normal": 600, "fast": 250, "instant": 0}

DEFAULTS: dict = {
    "speed": "normal",  # AI pacing: slow 1000 / normal 600 / fast 250 ms / instant
    "reduce_motion": False,  # moves become short fades
    "four_colour": False,  # ♦ blue and ♣ green
    "fullscreen": False,
    "log_open": True,  # the right-side log panel
    "last_setup": {},  # game id -> {"seats": [...], "options": {...}, "seed": ...}
    "window_size": [],  # [width, height] of the window when last resized (empty: default)
}


def window_size(settings: dict) -> tuple[int, int] | None:
    """The remembered window size, or None when none is stored."""
    value = settings.get("window_size")
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return int(value[0]), int(value[1])
    return None


def path() -> Path:
    return user_dir() / "settings.json"


def write_json_atomic(target: Path, data) -> None:
    """Write JSON to a temporary file beside ``target``, then rename it into place."""
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, ensure_ascii=False)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, target)


def move_aside(target: Path) -> Path:
    """Rename a damaged file to ``<name>.corrupt-<timestamp>`` and return the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    dest = target.with_name(f"{target.name}.corrupt-{stamp}")
    n = 1
    while dest.exists():
        n += 1
        dest = target.with_name(f"{target.name}.corrupt-{stamp}-{n}")
    os.replace(target, dest)
    return dest


class Settings(dict):
    """A dict of settings with defaults; ``problem`` holds a load problem in words."""

    problem: str | None = None

    @property
    def pace_ms(self) -> int:
        return SPEEDS.get(self.get("speed"), 600)


def _clean(raw: dict) -> dict:
    out = {}
    for key, default in DEFAULTS.items():
        value = raw.get(key, default)
        if key == "speed":
            value = value if isinstance(value, str) and value in SPEEDS else default
        elif key == "window_size":
            ok = (
                isinstance(value, list)
                and len(value) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in value)
                and 320 <= value[0] <= 16384
                and 240 <= value[1] <= 16384
            )
            value = list(value) if ok else []
        elif isinstance(default, bool):
            value = value if isinstance(value, bool) else default
        elif isinstance(default, dict):
            value = value if isinstance(value, dict) else {}
        out[key] = value
    return out


def load() -> Settings:
    target = path()
    s = Settings(json.loads(json.dumps(DEFAULTS)))
    if not target.exists():
        return s
    try:
        raw = json.loads(target.read_text(encoding="utf-8"))
        if not isinstance(raw, dict):
            raise ValueError("the file does not hold a JSON object")
    except (OSError, ValueError) as exc:
        try:
            dest = move_aside(target)
            s.problem = f"{target} could not be read ({exc}); it was moved to {dest.name} and defaults are used."
        except OSError:
            s.problem = f"{target} could not be read ({exc}); defaults are used."
        return s
    s.update(_clean(raw))
    return s


def save(settings: dict) -> None:
    try:
        write_json_atomic(path(), {k: settings.get(k, v) for k, v in DEFAULTS.items()})
    except OSError:
        pass  # a read-only home must not stop the game
