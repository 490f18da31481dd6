"""Finished games kept for watching again (no pygame).

A replay is a save of a finished game — options, seed, seats, action log — with when
it ended and the final totals: ``replays/<time>-<pid>-<token>-<game>.json`` in the user
folder (older Parlours wrote ``<time>-<game>.json``, still read), the newest ``KEEP``
kept. Two Parlours on one user folder may keep games in the same second: the process
id and a random token make every name unique, and pruning tolerates a file the other
has already removed. ``validate(doc)`` is the one check of a replay's fields (the
save's own check plus ``finished``, ``totals`` and ``winners``); ``listing()`` reads them all and
sets a bad one aside, named. ``Replay`` rebuilds every position of the game from the
log: forward, back, a round's start, the end.
"""

from __future__ import annotations

import os
import secrets
import time
from dataclasses import dataclass
from pathlib import Path

import game.services.saves as saves
import game.services.stats as stats
from game.engine.limits import clip, excerpt
from game.services.filecheck import (
    FileProblem,
    NewerFile,
    displayable,
    is_int,
    is_number,
    move_aside,
    read_json,
    where,
    write_json_atomic,
)
from game.services.paths import user_dir

KEEP = 20
FINISHED_MAX = 40  # characters of the time a game ended ("2026-11-25 14:03")
CHECKPOINT = 24  # a copy of the state every this many actions: stepping back is cheap


def folder() -> Path:
    return user_dir() / "replays"


@dataclass
class ReplayFile:
    path: Path
    saved: saves.SavedGame
    finished: str  # "2026-11-25 14:03"
    totals: list  # the final totals (or scores) by seat
    winners: list  # the seats that won (ties share)


def _totals(state) -> list:
    rows = list(getattr(state, "history", []))
    if rows and rows[-1].get("totals"):
        return list(rows[-1]["totals"])
    return list(state.scores())


def record(session) -> str | None:
    """Keep a finished game; the oldest beyond ``KEEP`` go. The problem in words, or None."""
    state = session.state
    if not state.is_over():
        return None
    doc = session.saved().to_json()
    doc["finished"] = time.strftime("%Y-%m-%d %H:%M")
    doc["totals"] = [v if isinstance(v, (int, float)) else 0 for v in _totals(state)]
    doc["winners"] = stats.winners(state.scores())
    return keep(doc, session.game_id)


def keep(doc: dict, game_id: str) -> str | None:
    """Write one replay under a name no other Parlour can pick, then prune the oldest
    beyond ``KEEP``. The problem in words when the replay could not be written, or None
    (a file that could not be pruned costs nothing: the next game prunes it)."""
    target_dir = folder()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    try:
        target_dir.mkdir(parents=True, exist_ok=True)
        # the time first (names sort oldest first), then this process and a random token:
        # another Parlour in the same second has another pid, and a reused pid a new token
        target = target_dir / f"{stamp}-{os.getpid()}-{secrets.token_hex(4)}-{game_id}.json"
        for _ in range(100):  # ends: a bounded number of fresh tokens
            if not target.exists():
                break
            target = target_dir / f"{stamp}-{os.getpid()}-{secrets.token_hex(4)}-{game_id}.json"
        write_json_atomic(target, doc)
    except (OSError, ValueError, TypeError) as exc:
        why = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        return f"The replay of this game could not be kept ({clip(why, 120)})."
    _prune(target_dir)
    return None


def _prune(target_dir: Path) -> None:
    """Remove the oldest replays beyond ``KEEP``; another Parlour may be pruning too."""
    try:
        for old in sorted(target_dir.glob("*.json"))[:-KEEP]:
            old.unlink(missing_ok=True)
    except OSError:
        pass  # a replay left over is pruned after the next game


def validate(doc) -> ReplayFile:
    """The one check of a replay's fields: the save's fields, then ``finished`` (text),
    ``totals`` (a number per seat) and ``winners`` (seats). Raises FileProblem naming the key."""
    saved = saves.validate(doc)
    finished = doc.get("finished")
    if displayable(finished, FINISHED_MAX):  # the Replays screen draws it
        raise FileProblem("finished", "should be the time the game ended", finished, has_value=True)
    totals = doc.get("totals")
    if (
        not isinstance(totals, list)
        or len(totals) != len(saved.seats)
        or not all(is_number(v, stats.MAX_SCORE) for v in totals)
    ):
        raise FileProblem("totals", "should be a number for each seat", totals, has_value=True)
    winners = doc.get("winners")
    if (
        not isinstance(winners, list)
        or not winners
        or not all(is_int(i) and 0 <= i < len(saved.seats) for i in winners)
    ):
        raise FileProblem("winners", "should list the winning seats", winners, has_value=True)
    return ReplayFile(Path(), saved, finished, list(totals), list(winners))


def listing() -> tuple[list[ReplayFile], list[str]]:
    """Every kept replay, newest first, and one line per file that could not be used
    (each such file is set aside as ``*.corrupt-<time>``, never offered again)."""
    found, problems = [], []
    target_dir = folder()
    if not target_dir.is_dir():
        return [], []
    for target in sorted(target_dir.glob("*.json"), reverse=True):
        text = ""
        try:
            doc, text = read_json(target)
            entry = validate(doc)
        except NewerFile as bad:  # kept as it is for the Parlour that wrote it
            problems.append(f"The replay {target.name} cannot be watched here: {bad.problem}.")
            continue
        except FileProblem as bad:
            if not target.exists():  # pruned by another Parlour since the folder was listed
                continue
            problems.append(_set_aside(target, text, bad.key, str(bad)))
            continue
        except OSError as exc:
            problems.append(f"{target.name} could not be read ({exc.strerror or exc}).")
            continue
        entry.path = target
        found.append(entry)
    return found, problems


def _set_aside(target: Path, text: str, key: str, reason: str) -> str:
    try:
        moved = move_aside(target)
        kept = f"; it was moved to {moved.name}"
    except OSError:
        kept = ""
    return f"The replay {where(target, text, key)} could not be used: {clip(reason)}{kept}."


def reject(entry: ReplayFile, reason: str) -> str:
    """A replay whose log does not fit its game: set aside and named."""
    return _set_aside(entry.path, "", "actions", reason)


class Replay:
    """Every position of a finished game, rebuilt from its log.

    ``state_at(k)`` is the state after the first ``k`` actions (a fresh copy);
    ``events[k]`` the events of action ``k``; ``round_starts`` the action counts at
    which each round begins. Raises ReplayError when the log does not fit the game.
    """

    def __init__(self, saved: saves.SavedGame):
        from game import games
        from game.engine.core import IllegalAction
        from game.engine.levels import LevelError

        self.saved = saved
        self.module = games.get(saved.game).engine()
        self.actions = list(saved.actions)
        self.events: list[list] = []
        self.movers: list = []
        self._checkpoints: list = []
        self.round_starts = [0]
        try:
            state = self.module.new_game(dict(saved.options), saved.seed)
            if getattr(state, "players", len(saved.seats)) != len(saved.seats):
                raise ReplayError(f"{len(saved.seats)} seats for a {state.players}-player game")
            self.options = dict(getattr(state, "options", saved.options))
            for k, action in enumerate(self.actions):  # ends: one pass over a bounded log
                if k % CHECKPOINT == 0:
                    self._checkpoints.append(state.copy())
                round_before = getattr(state, "round", None)
                self.movers.append(state.current_player())
                self.events.append(state.apply(action))
                if getattr(state, "round", None) != round_before and not state.is_over():
                    self.round_starts.append(k + 1)
        except IllegalAction as exc:
            raise ReplayError(f"its log does not fit the game: {exc.reason}") from None
        except LevelError as exc:
            raise ReplayError(str(exc)) from None
        except ReplayError:
            raise
        except Exception as exc:  # an engine that failed on a log it should have refused
            raise ReplayError(f"{type(exc).__name__}: {excerpt(str(exc), 200)}") from None
        self.final = state

    def __len__(self) -> int:
        return len(self.actions)

    def state_at(self, k: int):
        k = max(0, min(len(self.actions), k))
        if k == len(self.actions):
            return self.final.copy()
        base = k // CHECKPOINT
        state = self._checkpoints[base].copy()
        for action in self.actions[base * CHECKPOINT : k]:
            state.apply(action)
        return state

    def log_at(self, k: int) -> list:
        return [e for events in self.events[:k] for e in events]

    def round_of(self, k: int) -> int:
        """The index of the round action ``k`` is in (0 for the first)."""
        return max(i for i, start in enumerate(self.round_starts) if start <= k)


class ReplayError(Exception):
    pass
