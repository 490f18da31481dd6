"""Loading and validating ``levels/<game id>.toml``.

A level file declares the game's seats and options (with types, defaults and ranges)
and may carry game data (decks, cards) in further sections that the game's engine
declares. Every problem is reported as a ``LevelError`` naming the file, the key
(and its line where it can be found) and what is wrong.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli

from game.engine.resources import levels_dir

OPTION_TYPES = {"int", "bool", "choice", "str", "seat"}  # seat: a seat index from 0
OPTION_KEYS = {"type", "default", "min", "max", "choices", "label", "help"}
GAME_KEYS = {"id", "name", "rules"}
PLAYER_KEYS = {"min", "max", "default"}


class LevelError(ValueError):
    """A problem in a level file or in options given to a game."""

    def __init__(self, file: str, key: str, problem: str, line: int | None = None):
        where = f"{file}" + (f", line {line}" if line else "")
        super().__init__(f"{where}: {key}: {problem}" if key else f"{where}: {problem}")
        self.file, self.key, self.problem, self.line = file, key, problem, line


@dataclass
class OptionSpec:
    name: str
    type: str
    default: Any
    min: int | None = None
    max: int | None = None
    choices: list | None = None
    label: str = ""
    help: str = ""

    def check(self, value: Any) -> str | None:
        """None if ``value`` suits this option, else the problem in words."""
        if self.type in ("int", "seat"):
            if isinstance(value, bool) or not isinstance(value, int):
                return f"expected a whole number, got {value!r}"
            if self.type == "seat" and value < 0:
                return f"{value} is not a seat (seats count from 0)"
            if self.min is not None and value < self.min:
                return f"{value} is below the minimum {self.min}"
            if self.max is not None and value > self.max:
                return f"{value} is above the maximum {self.max}"
        elif self.type == "bool":
            if not isinstance(value, bool):
                return f"expected true or false, got {value!r}"
        elif self.type == "choice":
            if value not in (self.choices or []):
                return f"{value!r} is not one of {', '.join(map(repr, self.choices or []))}"
        elif self.type == "str" and not isinstance(value, str):
            return f"expected text, got {value!r}"
        return None


@dataclass
class Level:
    game_id: str
    path: Path
    name: str
    min_players: int
    max_players: int
    default_players: int
    options: dict[str, OptionSpec]
    data: dict = field(default_factory=dict)  # the game's own sections, as parsed

    @property
    def file(self) -> str:
        return display_name(self.path)

    def error(self, key: str, problem: str) -> LevelError:
        return LevelError(self.file, key, problem, find_line(self.path, key))

    def defaults(self) -> dict:
        return {name: spec.default for name, spec in self.options.items()}

    def resolve(self, overrides: dict | None = None, players: int | None = None) -> dict:
        """Full options for ``new_game``: defaults, then ``overrides``, all checked.

        The result always holds ``players``.
        """
        out = self.defaults()
        out["players"] = self.default_players if players is None else players
        for key, value in (overrides or {}).items():
            if key == "players":
                out["players"] = value
                continue
            spec = self.options.get(key)
            if spec is None:
                known = ", ".join(sorted(self.options)) or "none"
                raise LevelError(
                    f"options for {self.game_id}", key, f"unknown option (known: {known})"
                )
            problem = spec.check(value)
            if problem:
                raise LevelError(f"options for {self.game_id}", key, problem)
            out[key] = value
        p = out["players"]
        if (
            isinstance(p, bool)
            or not isinstance(p, int)
            or not (self.min_players <= p <= self.max_players)
        ):
            raise LevelError(
                f"options for {self.game_id}",
                "players",
                f"{p!r} players; this game seats {self.min_players} to {self.max_players}",
            )
        return out


def display_name(path: Path) -> str:
    try:
        return str(path.relative_to(levels_dir().parent))
    except ValueError:
        return str(path)


def find_line(path: Path, dotted_key: str) -> int | None:
    """Best-effort line of a dotted key's last part, for error messages."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return None
    parts = [p for p in re.split(r"[.\[\]]", dotted_key) if p and not p.isdigit()]
    if not parts:
        return None
    last = parts[-1]
    pattern = re.compile(rf"^\s*(\[+\s*)?([\w.]*\.)?{re.escape(last)}\b")
    for number, line in enumerate(text.splitlines(), 1):
        if pattern.match(line):
            return number
    return None


def _expect(level_file: str, path: Path, key: str, value: Any, kind: type, what: str):
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if not ok:
        raise LevelError(level_file, key, f"expected {what}, got {value!r}", find_line(path, key))
    return value


def parse_level(path: Path, game_id: str, extra_sections: AbstractSet[str] = frozenset()) -> Level:
    """Parse and check one level file. ``extra_sections``: top-level keys the game adds."""
    file = display_name(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise LevelError(file, "", f"cannot be read ({exc.strerror or exc})") from None
    try:
        doc = tomli.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise LevelError(file, "", f"is not UTF-8 text ({exc.reason})") from None
    except tomli.TOMLDecodeError as exc:
        raise LevelError(file, "", f"is not valid TOML: {exc}") from None
    except ValueError as exc:  # a whole number of thousands of digits: int() refuses it
        raise LevelError(
            file, "", f"holds a number Parlour cannot read ({str(exc)[:80]})"
        ) from None

    allowed = {"game", "players", "options"} | set(extra_sections)
    for key in doc:
        if key not in allowed:
            raise LevelError(
                file,
                key,
                f"unknown section (expected one of: {', '.join(sorted(allowed))})",
                find_line(path, key),
            )

    game = _expect(file, path, "game", doc.get("game", {}), dict, "a [game] table")
    for key in game:
        if key not in GAME_KEYS:
            raise LevelError(file, f"game.{key}", "unknown key", find_line(path, key))
    if game.get("id", game_id) != game_id:
        raise LevelError(
            file,
            "game.id",
            f"is {game.get('id')!r} but the file is for {game_id!r}",
            find_line(path, "id"),
        )
    name = _expect(file, path, "game.name", game.get("name", game_id), str, "text")

    players = _expect(
        file,
        path,
        "players",
        doc.get("players"),
        dict,
        "a [players] table with min, max and default",
    )
    for key in players:
        if key not in PLAYER_KEYS:
            raise LevelError(
                file, f"players.{key}", "unknown key", find_line(path, f"players.{key}")
            )
    for key in PLAYER_KEYS:
        if key not in players:
            raise LevelError(file, f"players.{key}", "is missing")
        _expect(file, path, f"players.{key}", players[key], int, "a whole number")
    if not (1 <= players["min"] <= players["default"] <= players["max"]):
        raise LevelError(
            file, "players", "needs 1 <= min <= default <= max", find_line(path, "players")
        )

    options: dict[str, OptionSpec] = {}
    for name_, table in _expect(
        file, path, "options", doc.get("options", {}), dict, "a table of options"
    ).items():
        key = f"options.{name_}"
        _expect(file, path, key, table, dict, "a table (type, default, …)")
        for sub in table:
            if sub not in OPTION_KEYS:
                raise LevelError(
                    file,
                    f"{key}.{sub}",
                    f"unknown key (expected one of: {', '.join(sorted(OPTION_KEYS))})",
                    find_line(path, f"{key}.{sub}"),
                )
        kind = table.get("type")
        if kind not in OPTION_TYPES:
            raise LevelError(
                file,
                f"{key}.type",
                f"must be one of {', '.join(sorted(OPTION_TYPES))}, got {kind!r}",
                find_line(path, key),
            )
        if "default" not in table:
            raise LevelError(file, f"{key}.default", "is missing", find_line(path, key))
        for bound in ("min", "max"):
            if bound in table:
                _expect(file, path, f"{key}.{bound}", table[bound], int, "a whole number")
        if kind == "choice":
            choices = table.get("choices")
            if not isinstance(choices, list) or not choices:
                raise LevelError(
                    file,
                    f"{key}.choices",
                    "a choice option needs a non-empty list of choices",
                    find_line(path, key),
                )
        spec = OptionSpec(
            name=name_,
            type=kind,
            default=table["default"],
            min=table.get("min"),
            max=table.get("max"),
            choices=table.get("choices"),
            label=str(table.get("label", name_.replace("_", " ").capitalize())),
            help=str(table.get("help", "")),
        )
        problem = spec.check(spec.default)
        if problem:
            raise LevelError(file, f"{key}.default", problem, find_line(path, f"{key}"))
        options[name_] = spec

    data = {k: v for k, v in doc.items() if k in extra_sections}
    return Level(
        game_id, path, name, players["min"], players["max"], players["default"], options, data
    )


_CACHE: dict[str, Level] = {}


def load_level(
    game_id: str, extra_sections: AbstractSet[str] = frozenset(), path: Path | None = None
) -> Level:
    """The level for ``game_id`` from ``levels/``, parsed once per process."""
    if path is not None:
        return parse_level(path, game_id, extra_sections)
    if game_id not in _CACHE:
        _CACHE[game_id] = parse_level(levels_dir() / f"{game_id}.toml", game_id, extra_sections)
    return _CACHE[game_id]
