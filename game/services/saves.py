"""The game in progress, saved after every action and offered for resuming (no pygame).

A save is JSON: ``{"version": 1, "game", "options", "seed", "seats": [{"name",
"kind": "human"|"ai", "level"}], "actions": [...]}``, written atomically into the
user folder. ``validate(doc)`` is the one check that knows every field; ``load()``
then replays the action log through the engine. A damaged save is moved aside as
``current_game.json.corrupt-<time>`` and reported by a ``SaveProblem`` naming the
file and what is wrong; it is never overwritten. A save is judged on its own
content only: when the game's level file is broken, that is reported as the level
file's problem and the save stays where it is, to be resumed once the file is fixed.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from pathlib import Path

import game.services.instances as instances
from game.engine.limits import OPTION_MAX, SEED_MAX, clip, excerpt, name_problem
from game.services.filecheck import (
    FileProblem,
    NewerFile,
    check_format,
    displayable,
    holds_bad_number,
    is_int,
    move_aside,
    read_json,
    stamp,
    where,
    write_json_atomic,
)
from game.services.paths import user_dir

VERSION = 1
NAME = "current_game.json"
MAX_ACTIONS = 100_000  # far beyond the longest game any option allows
MAX_ACTION_CHARS = 20_000  # a Cross Rummy lay of every tile is well below this


class SaveProblem(Exception):
    """A save that cannot be used; ``message`` names the file and the problem.

    ``moved_to`` is where the damaged save was set aside; ``level_file`` is True when
    the save is fine but its game's level file is not (the save is then kept);
    ``newer`` when a newer Parlour wrote it (kept whole, beside, for that version).
    """

    def __init__(
        self,
        message: str,
        moved_to: Path | None = None,
        level_file: bool = False,
        newer: bool = False,
    ):
        super().__init__(message)
        self.message = message
        self.moved_to = moved_to
        self.level_file = level_file
        self.newer = newer


@dataclass
class SavedGame:
    game: str
    options: dict
    seed: int | None
    seats: list[dict]
    actions: list
    notes: list[str] = field(default_factory=list)  # what was repaired on loading, in words
    undos: int = 0  # how often the game was taken back (the statistics say so)

    def to_json(self) -> dict:
        return stamp(
            {
                "game": self.game,
                "options": self.options,
                "seed": self.seed,
                "seats": self.seats,
                "actions": self.actions,
                "undos": self.undos,
            },
            VERSION,
        )

    def replay(self):
        """The engine state this save describes (raises IllegalAction/LevelError/ValueError)."""
        from game import games
        from game.engine.core import replay

        return replay(games.get(self.game).engine(), self.options, self.seed, self.actions)


def path() -> Path:
    return user_dir() / NAME


def exists() -> bool:
    return not instances.is_guest() and path().exists()


def write(saved: SavedGame) -> None:
    if instances.is_guest():
        return  # the game in progress belongs to the window that owns the user folder
    write_json_atomic(path(), saved.to_json())


def clear() -> None:
    if instances.is_guest():
        return
    with contextlib.suppress(FileNotFoundError):
        path().unlink()


def _seat(i: int, seat, levels: tuple[str, ...], notes: list[str]) -> dict:
    key = f"seats[{i}]"
    if not isinstance(seat, dict) or seat.get("kind") not in ("human", "ai"):
        raise FileProblem(key, "is not a seat (a name, human or ai, a level)", seat, has_value=True)
    name = seat.get("name")
    bad = name_problem(name)
    if bad:
        name = f"Player {i + 1}"
        notes.append(f"seat {i + 1}'s name could not be used ({bad}); it is now {name}")
    level = seat.get("level")
    if seat["kind"] == "ai" and level not in levels:
        fallback = "normal" if "normal" in levels else levels[-1]
        notes.append(
            f"seat {i + 1}'s level {excerpt(level)} is not offered for this game; "
            f"it plays at {fallback}"
        )
        level = fallback
    elif seat["kind"] == "human" and not (level is None or level in levels):
        level = None  # a human's level is only what the setup screen last showed
    return {"name": name, "kind": seat["kind"], "level": level}


def option_value_ok(value) -> bool:
    """A game option's value as files may hold it: true/false, a bounded whole number,
    or short text a screen can show."""
    if isinstance(value, bool):
        return True
    if is_int(value):
        return -OPTION_MAX <= value <= OPTION_MAX
    return value == "" or (isinstance(value, str) and displayable(value, 40) is None)


def validate(doc) -> SavedGame:
    """The one check of a save's fields (before its log is replayed).

    Raises FileProblem naming the key and the problem; repairs that keep the game
    playable (a seat's name or level) are listed in ``SavedGame.notes``.
    """
    from game import games
    from game.ai import available_levels

    if not isinstance(doc, dict):
        raise FileProblem("", "it does not hold a JSON object", doc, has_value=True)
    check_format(doc, VERSION)
    kinds = (("game", str), ("options", dict), ("seed", int), ("seats", list), ("actions", list))
    for key, kind in kinds:
        if key not in doc:
            raise FileProblem(key, "is missing")
        value = doc[key]
        if not isinstance(value, kind) or isinstance(value, bool):
            what = {"str": "text", "dict": "an object", "int": "a whole number", "list": "a list"}
            raise FileProblem(key, f"should be {what[kind.__name__]}", value, has_value=True)
    if doc["game"] not in games.GAMES:
        raise FileProblem("game", "is not a game of Parlour", doc["game"], has_value=True)
    if not -SEED_MAX <= doc["seed"] <= SEED_MAX:
        raise FileProblem(
            "seed", f"should have at most {len(str(SEED_MAX))} digits", doc["seed"], has_value=True
        )
    for name, value in doc["options"].items():
        if not option_value_ok(value) or displayable(name, 40):
            raise FileProblem(
                f"options.{excerpt(name)}", "is not an option value", value, has_value=True
            )
    if not 1 <= len(doc["seats"]) <= 8:
        raise FileProblem("seats", f"lists {len(doc['seats'])} seats", doc["seats"], has_value=True)
    actions = doc["actions"]
    if len(actions) > MAX_ACTIONS:
        raise FileProblem("actions", f"holds {len(actions):,} actions, more than any game has")
    for i, action in enumerate(actions):
        if not isinstance(action, (str, dict, list)):
            raise FileProblem(f"actions[{i}]", "is not an action", action, has_value=True)
        if isinstance(action, str) and len(action) > MAX_ACTION_CHARS:
            raise FileProblem(
                f"actions[{i}]", "is far too long for an action", action, has_value=True
            )
        if not isinstance(action, str) and holds_bad_number(action):
            raise FileProblem(f"actions[{i}]", "holds a number that is not one", action)
    undos = doc.get("undos", 0)  # optional: saves from before undo have none
    if not is_int(undos) or not 0 <= undos <= MAX_ACTIONS:
        raise FileProblem("undos", "should be a count", undos, has_value=True)
    levels = tuple(available_levels(doc["game"]))
    notes: list[str] = []
    seats = [_seat(i, seat, levels, notes) for i, seat in enumerate(doc["seats"])]
    return SavedGame(doc["game"], doc["options"], doc["seed"], seats, list(actions), notes, undos)


def _level_broken(game_id: str) -> str | None:
    """The level file's problem when the game cannot start even with its defaults."""
    from game import games
    from game.engine.levels import LevelError

    try:
        games.get(game_id).engine().new_game({}, 1)
    except LevelError as exc:
        return str(exc)
    return None


def load() -> tuple[SavedGame, object] | None:
    """The saved game and its replayed state, or None when there is no save.

    Raises SaveProblem: after moving the file aside when the save is damaged; without
    touching it when the game's level file is what fails.
    """
    from game.engine.core import IllegalAction
    from game.engine.levels import LevelError

    if instances.is_guest():
        return None  # another live window has this game open: nothing to resume here
    target = path()
    if not target.exists():
        return None
    text = ""
    try:
        doc, text = read_json(target)
        saved = validate(doc)
        try:
            state = saved.replay()
        except LevelError as exc:
            broken = _level_broken(saved.game)
            if broken:
                raise SaveProblem(
                    f"The saved game cannot be resumed until its rules file is fixed: {broken}. "
                    f"The save is kept: {target}.",
                    level_file=True,
                ) from None
            raise FileProblem("options", exc.problem or str(exc)) from None
        except IllegalAction as exc:
            raise FileProblem("actions", f"its log does not fit the game: {exc.reason}") from None
        if len(saved.seats) != state.players:
            raise FileProblem(
                "seats", f"{len(saved.seats)} seats for a {state.players}-player game"
            )
        if state.is_over():
            raise FileProblem("actions", "the saved game is already over")
    except SaveProblem:
        raise
    except NewerFile as exc:
        # not damaged: kept whole under a name of its own, so this version's next game
        # does not overwrite it; the newer Parlour resumes it once renamed back
        try:
            moved = move_aside(target, tag="newer")
            kept = f" It is kept as {moved.name} (rename it back to {NAME} for that version)."
        except OSError:
            moved, kept = None, ""
        raise SaveProblem(
            f"The saved game {target} cannot be resumed here: {exc.problem}.{kept}",
            moved,
            newer=True,
        ) from None
    except Exception as exc:  # every damage is reported the same way, never raised raw
        if isinstance(exc, FileProblem):
            key, reason = exc.key, str(exc)
        else:  # an engine that failed on a log it should have refused: still the save's fault
            key, reason = "actions", f"{type(exc).__name__}: {excerpt(str(exc), 200)}"
        reason = clip(reason)
        try:
            moved = move_aside(target)
            kept = f"; it was moved to {moved.name}"
        except OSError:
            moved, kept = None, ""
        raise SaveProblem(
            f"The saved game {where(target, text, key)} could not be resumed: {reason}{kept}.",
            moved,
        ) from None
    return saved, state
