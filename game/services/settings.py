"""Player settings, persisted as JSON in the user folder (no pygame here).

``load()`` never fails. ``validate(raw)`` is the one check that knows every field:
a value of the wrong type or out of range falls back to its default and is named in
``Settings.problem`` (told once: the cleaned file is written back, the original kept
beside it); a file that is not a JSON object is moved aside whole. ``save(settings)``
writes atomically and returns the problem in words when it cannot.
"""

from __future__ import annotations

import copy
from pathlib import Path

import game.services.instances as instances
from game.engine.limits import MAX_WINDOW, MIN_WINDOW, SEED_DIGITS, SEED_MAX, excerpt, name_problem
from game.services.filecheck import (
    FileProblem,
    is_int,
    key_line,
    move_aside,
    read_json,
    write_json_atomic,
)
from game.services.paths import user_dir

SPEEDS = {"slow": 1000, "normal": 600, "fast": 250, "instant": 0}

DEFAULTS: dict = {
    "speed": "normal",  # AI pacing: slow 1000 / normal 600 / fast 250 ms / instant
    "reduce_motion": False,  # moves become short fades
    "four_colour": False,  # ♦ blue and ♣ green
    "fullscreen": False,
    "log_open": True,  # the right-side log panel
    "last_setup": {},  # game id -> {"seats": [...], "options": {...}, "seed": ...}
    "window_size": [],  # [width, height] of the window when last resized (empty: default)
    "volume": 70,  # sound effects, percent
    "muted": False,  # M at the table, or Settings
    "language": "system",  # "system" (the system locale's, when Parlour speaks it), "en", "de", "sv"
}


# The volume's steps in Settings: from silence to full in tens (70, the default, among them).
VOLUME_STEPS = tuple(range(0, 101, 10))


def volume_steps(*kept: int) -> tuple[int, ...]:
    """The volume's steps with ``kept`` among them: a level set outside the tens (an
    older version's, a hand-edited file) stays reachable while Settings is open."""
    return tuple(sorted(set(VOLUME_STEPS) | {v for v in kept if is_int(v) and 0 <= v <= 100}))


def window_size(settings: dict) -> tuple[int, int] | None:
    """The remembered window size, or None when none is stored."""
    value = settings.get("window_size")
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return int(value[0]), int(value[1])
    return None


def path() -> Path:
    return user_dir() / "settings.json"


class Settings(dict):
    """A dict of settings with defaults; ``problem`` holds a load problem in words."""

    problem: str | None = None

    @property
    def pace_ms(self) -> int:
        return SPEEDS.get(self.get("speed"), 600)


# ---------------------------------------------------------------- the one check


def _flag(value):
    if not isinstance(value, bool):
        raise FileProblem("", "should be true or false", value, has_value=True)
    return value


def _speed(value):
    if not isinstance(value, str) or value not in SPEEDS:
        raise FileProblem("", f"should be one of {', '.join(SPEEDS)}", value, has_value=True)
    return value


def _volume(value):
    if not is_int(value) or not 0 <= value <= 100:
        raise FileProblem("", "should be a whole number from 0 to 100", value, has_value=True)
    return value


def _language(value):
    from game.services.i18n import CHOICES

    if value not in CHOICES:
        raise FileProblem("", f"should be one of {', '.join(CHOICES)}", value, has_value=True)
    return value


def _window(value):
    """``[width, height]`` in pixels; a size below the minimum is raised to it."""
    if value == []:
        return []
    if not (isinstance(value, list) and len(value) == 2 and all(is_int(x) for x in value)):
        raise FileProblem("", "should be [width, height] in pixels", value, has_value=True)
    if not all(0 < x <= m for x, m in zip(value, MAX_WINDOW)):
        raise FileProblem("", "is not a size a window can have", value, has_value=True)
    return [max(value[0], MIN_WINDOW[0]), max(value[1], MIN_WINDOW[1])]


def setup_entry(entry) -> dict:
    """One game's remembered setup: seats, options and seed, each checked."""
    if not isinstance(entry, dict):
        raise FileProblem("", "should be an object", entry, has_value=True)
    out: dict = {}
    seats = entry.get("seats", [])
    if not isinstance(seats, list) or len(seats) > 8:
        raise FileProblem("seats", "should be a list of up to 8 seats", seats, has_value=True)
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or seat.get("kind") not in ("human", "ai"):
            raise FileProblem(f"seats[{i}]", "is not a seat", seat, has_value=True)
        bad = name_problem(seat.get("name"))
        if bad:
            raise FileProblem(f"seats[{i}].name", bad)
        level = seat.get("level")
        if level is not None and not (isinstance(level, str) and len(level) <= 16):
            raise FileProblem(f"seats[{i}].level", "is not a level name", level, has_value=True)
    out["seats"] = [{"name": s["name"], "kind": s["kind"], "level": s.get("level")} for s in seats]
    from game.services.saves import option_value_ok

    options = entry.get("options", {})
    if not isinstance(options, dict) or not all(
        isinstance(k, str) and len(k) <= 40 and option_value_ok(v) for k, v in options.items()
    ):
        raise FileProblem("options", "should map option names to values", options, has_value=True)
    out["options"] = dict(options)
    seed = entry.get("seed")
    if seed is not None and not (is_int(seed) and -SEED_MAX <= seed <= SEED_MAX):
        raise FileProblem(
            "seed", f"should be a whole number of up to {SEED_DIGITS} digits", seed, has_value=True
        )
    if seed is not None:
        out["seed"] = seed
    return out


def _last_setup(value, notes: list[str]):
    """Every game's entry checked on its own: a bad one is dropped, the others kept."""
    from game import games

    if not isinstance(value, dict):
        raise FileProblem("", "should be an object", value, has_value=True)
    out = {}
    for game_id, entry in value.items():
        if game_id not in games.GAMES:
            notes.append(f"last_setup: unknown game {excerpt(game_id)}")
            continue
        try:
            out[game_id] = setup_entry(entry)
        except FileProblem as bad:
            notes.append(f"last_setup.{game_id}.{bad}")
    return out


FIELDS = {
    "speed": _speed,
    "reduce_motion": _flag,
    "four_colour": _flag,
    "fullscreen": _flag,
    "log_open": _flag,
    "last_setup": _last_setup,
    "window_size": _window,
    "volume": _volume,
    "muted": _flag,
    "language": _language,
}
assert FIELDS.keys() == DEFAULTS.keys(), "every setting has its check"


def validate(raw) -> tuple[dict, list[str]]:
    """Every known field checked; returns the clean settings and one note per problem.

    A missing field takes its default silently; a bad one takes its default with a
    note; unknown fields are dropped with a note. Raises FileProblem when ``raw`` is
    not a JSON object at all.
    """
    if not isinstance(raw, dict):
        raise FileProblem("", "the file does not hold a JSON object", raw, has_value=True)
    out, notes = copy.deepcopy(DEFAULTS), []
    for key, value in raw.items():
        check = FIELDS.get(key)
        if check is None:
            notes.append(f"{excerpt(key)}: not a setting; ignored")
            continue
        try:
            out[key] = check(value, notes) if key == "last_setup" else check(value)
        except FileProblem as bad:
            notes.append(f"{key}: {bad}")
    return out, notes


def load() -> Settings:
    """The settings from the file, checked; defaults for whatever is missing or bad."""
    target = path()
    s = Settings(copy.deepcopy(DEFAULTS))
    if not target.exists():
        return s
    text = ""
    try:
        raw, text = read_json(target)
        clean, notes = validate(raw)
    except FileProblem as bad:
        try:
            dest = move_aside(target)
            s.problem = f"{target} could not be used ({bad}); it was moved to {dest.name} and defaults are used."
        except OSError:
            s.problem = f"{target} could not be used ({bad}); defaults are used."
        return s
    s.update(clean)
    if notes:
        lines = []
        for note in notes[:6]:
            line = key_line(text, note.split(":")[0].split(".")[0])
            lines.append(f"line {line}: {note}" if line else note)
        more = f" (and {len(notes) - 6} more)" if len(notes) > 6 else ""
        try:  # told once: the original is kept aside, the cleaned file replaces it
            kept = move_aside(target, "bad-values")
            save(s)
            kept_note = f" The original is kept as {kept.name}."
        except OSError:
            kept_note = ""
        s.problem = (
            f"Some settings in {target} could not be used and are back to their defaults: "
            + "; ".join(lines)
            + more
            + "."
            + kept_note
        )
    return s


def save(settings: dict) -> str | None:
    """Write the settings; None when done, else the problem in words (nothing is lost).

    A second window (a guest) writes nothing: the window that owns the user folder
    writes its own settings, and the guest's last only while it runs."""
    if instances.is_guest():
        return None
    try:
        write_json_atomic(path(), {k: settings.get(k, v) for k, v in DEFAULTS.items()})
    except (OSError, ValueError, TypeError) as exc:  # a read-only home must not stop the game
        return f"Settings could not be saved: {getattr(exc, 'strerror', None) or exc}"
    return None
