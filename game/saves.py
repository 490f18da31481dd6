"""The game in progress, saved after every action and offered for resuming (no pygame).

A save is JSON: ``{"version": 1, "game", "options", "seed", "seats": [{"name",
"kind": "human"|"ai", "level"}], "actions": [...]}``, written atomically into the
user folder. ``load()`` checks it fully (it replays the action log through the
engine); a damaged save is moved aside as ``current_game.json.corrupt-<time>`` and
reported by a ``SaveProblem`` naming the file and what is wrong; it is never
overwritten.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from game.paths import user_dir
from game.settings import move_aside, write_json_atomic

VERSION = 1
NAME = "current_game.json"


class SaveProblem(Exception):
    """A save that cannot be used; ``message`` names the file and the problem."""

    def __init__(self, message: str, moved_to: Path | None = None):
        super().__init__(message)
        self.message = message
        self.moved_to = moved_to


@dataclass
class SavedGame:
    game: str
    options: dict
    seed: int | None
    seats: list[dict]
    actions: list

    def to_json(self) -> dict:
        return {
            "version": VERSION,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "seats": self.seats,
            "actions": self.actions,
        }

    def replay(self):
        """The engine state this save describes (raises IllegalAction/LevelError/ValueError)."""
        from game import registry
        from game.engine.core import replay

        return replay(registry.get(self.game).engine(), self.options, self.seed, self.actions)


def path() -> Path:
    return user_dir() / NAME


def exists() -> bool:
    return path().exists()


def write(saved: SavedGame) -> None:
    write_json_atomic(path(), saved.to_json())


def clear() -> None:
    try:
        path().unlink()
    except FileNotFoundError:
        pass


def _check(doc) -> SavedGame:
    from game import registry

    if not isinstance(doc, dict):
        raise ValueError("it does not hold a JSON object")
    for key, kind in (("game", str), ("options", dict), ("seats", list), ("actions", list)):
        if key not in doc:
            raise ValueError(f"the key {key!r} is missing")
        if not isinstance(doc[key], kind):
            raise ValueError(f"{key!r} should be a {kind.__name__}, not {type(doc[key]).__name__}")
    if doc["game"] not in registry.GAMES:
        raise ValueError(f"unknown game {doc['game']!r}")
    seed = doc.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ValueError(f"'seed' should be a whole number, not {seed!r}")
    for i, seat in enumerate(doc["seats"]):
        if (
            not isinstance(seat, dict)
            or seat.get("kind") not in ("human", "ai")
            or not isinstance(seat.get("name"), str)
        ):
            raise ValueError(f"seat {i + 1} is not a valid seat ({seat!r})")
    return SavedGame(doc["game"], doc["options"], seed, doc["seats"], doc["actions"])


def load() -> tuple[SavedGame, object] | None:
    """The saved game and its replayed state, or None when there is no save.

    Raises SaveProblem (after moving the file aside) when the save is damaged.
    """
    target = path()
    if not target.exists():
        return None
    try:
        doc = json.loads(target.read_text(encoding="utf-8"))
        saved = _check(doc)
        state = saved.replay()
        if len(saved.seats) != state.players:
            raise ValueError(f"{len(saved.seats)} seats listed for a {state.players}-player game")
        if state.is_over():
            raise ValueError("the saved game is already over")
    except Exception as exc:  # every damage is reported the same way, never raised raw
        reason = getattr(exc, "reason", None) or str(exc) or type(exc).__name__
        if isinstance(exc, UnicodeDecodeError):
            reason = "it is not UTF-8 text"
        elif isinstance(exc, json.JSONDecodeError):
            reason = f"it is not valid JSON ({exc.msg}, line {exc.lineno})"
        try:
            moved = move_aside(target)
            where = f"; it was moved to {moved.name}"
        except OSError:
            moved, where = None, ""
        raise SaveProblem(
            f"The saved game {target} could not be resumed: {reason}{where}.", moved
        ) from None
    return saved, state
