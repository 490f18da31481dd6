"""Statistics of finished games, persisted as JSON in the user folder (no pygame here).

One record per game, player count and opponents ("normal", "hard", "mixed" when the
AI seats differ, "humans" when there are none) and, for a team game, the teams and the
player's allies ("pairs-normal": kept apart from the solo games at the same table, the
allies never counted among the opponents; a file from before teams, whose keys have no
fourth part, loads as it is): games, wins, the player's best and
summed final score, the current and best winning streak, and how many of the games
used undo. ``validate(raw)`` is the one check that knows every field: a bad record
is named and dropped, the others kept; a file that is not a statistics object is
moved aside whole. ``load()`` never fails; ``record()`` and ``reset()`` write
atomically and return the problem in words when they cannot.

Lessons ("Learn to play") are kept apart from the game records, under ``lessons``:
per game, how often its lesson was finished and whether it was offered on the game's
first start. Nothing a lesson plays is a game record (its sessions never save or count),
a reset of the records keeps them, and a file without ``lessons`` (every file before
them) loads as it is.

Two Parlour windows may share one user folder: every read-modify-write of the file
holds an OS lock on ``statistics.json.lock`` (``filecheck.locked``), so two games
ending at once are both counted. A lock is simpler than a journal merged on read:
the file stays one small object that every version of Parlour reads, and a game's
end already writes it once.
"""

from __future__ import annotations

import contextlib
import re
from pathlib import Path

from game.engine.core import lowest_total_leads
from game.engine.limits import excerpt
from game.services.filecheck import (
    FileProblem,
    NewerFile,
    check_format,
    is_int,
    is_number,
    locked,
    move_aside,
    read_json,
    stamp,
    where,
    write_json_atomic,
)

VERSION = 1
COUNTS = ("games", "wins", "streak", "best_streak", "undo_games")
MAX_COUNT = 10**9
MAX_SCORE = 10**9


def path() -> Path:
    from game.services.paths import user_dir

    return user_dir() / "statistics.json"


def opponents(levels: list[str]) -> str:
    """The opponents' name in the records: their common AI level, or mixed, or humans."""
    kinds = sorted(set(levels))
    if not kinds:
        return "humans"
    return kinds[0] if len(kinds) == 1 else "mixed"


def winners(shares: list) -> list[int]:
    """The seats that won, from the engine's win shares (``scores()``): the largest
    positive share (a tie shares it)."""
    top = max(shares)
    return [i for i, v in enumerate(shares) if v > 0 and v == top]


def key(game_id: str, players: int, against: str, team: str = "") -> str:
    """A record's name; ``team`` ("pairs-normal": the teams, then the allies' level) is
    given for a team game only."""
    return f"{game_id}/{players}/{against}" + (f"/{team}" if team else "")


def team_part(teams: str, ally_levels: list[str]) -> str:
    """A team game's fourth key part: the teams option and what the allies are."""
    return f"{teams}-{opponents(ally_levels)}"


# ---------------------------------------------------------------- the one check


# ASCII digits: "²" is none; the fourth part (teams-allies) only in a team game's record
KEY = re.compile(r"([a-z_]{1,40})/([0-9]{1,2})/([a-z]{1,10})(?:/([a-z]{1,10})-([a-z]{1,10}))?")
OPPONENTS = ("humans", "mixed", "random", "easy", "normal", "hard")
TEAM_SIZES = {"pairs": 2, "threes": 3}  # the teams options a record may name


def _number(value, name: str):
    """A finite score (NaN and Infinity are no score) of at most MAX_SCORE either way."""
    if not is_number(value, MAX_SCORE):
        raise FileProblem(name, "should be a number", value, has_value=True)
    return value


def _record(name: str, raw) -> dict:
    from game import games

    parts = KEY.fullmatch(name)
    if parts is None or parts[1] not in games.GAMES:
        raise FileProblem(excerpt(name), "is not game/players/opponents")
    info = games.get(parts[1])
    if not info.min_players <= int(parts[2]) <= info.max_players:
        raise FileProblem(name, f"{parts[1]} is not played by {parts[2]}")
    if parts[3] not in OPPONENTS:
        raise FileProblem(name, "names no opponents Parlour has")
    if parts[4] is not None:
        size = TEAM_SIZES.get(parts[4])
        if size is None or int(parts[2]) % size or int(parts[2]) < 2 * size:
            raise FileProblem(name, f"names teams {parts[2]} players cannot form")
        if parts[5] not in OPPONENTS:
            raise FileProblem(name, "names no allies Parlour has")
    if not isinstance(raw, dict):
        raise FileProblem(name, "should be an object", raw, has_value=True)
    out: dict = {}
    for field in COUNTS:
        value = raw.get(field, 0)
        if not is_int(value) or not 0 <= value <= MAX_COUNT:
            raise FileProblem(f"{name}.{field}", "should be a count", value, has_value=True)
        out[field] = value
    if out["wins"] > out["games"] or out["undo_games"] > out["games"]:
        raise FileProblem(name, "counts more wins or undos than games")
    if out["streak"] > out["best_streak"] or out["best_streak"] > out["wins"]:
        raise FileProblem(name, "has a streak longer than its wins")
    out["score_sum"] = _number(raw.get("score_sum", 0), f"{name}.score_sum")
    best = raw.get("best_score")
    out["best_score"] = None if best is None else _number(best, f"{name}.best_score")
    lower = raw.get("lower_wins", False)
    if not isinstance(lower, bool):
        raise FileProblem(f"{name}.lower_wins", "should be true or false", lower, has_value=True)
    out["lower_wins"] = lower
    return out


def _lesson(name: str, raw) -> dict:
    from game import games

    if name not in games.GAMES:
        raise FileProblem(f"lessons.{excerpt(name)}", "is not a game of Parlour")
    if not isinstance(raw, dict):
        raise FileProblem(f"lessons.{name}", "should be an object", raw, has_value=True)
    finished, offered = raw.get("finished", 0), raw.get("offered", False)
    if not is_int(finished) or not 0 <= finished <= MAX_COUNT:
        raise FileProblem(f"lessons.{name}.finished", "should be a count", finished, has_value=True)
    if not isinstance(offered, bool):
        raise FileProblem(
            f"lessons.{name}.offered", "should be true or false", offered, has_value=True
        )
    return {"finished": finished, "offered": offered}


def validate_lessons(raw) -> tuple[dict, list[str]]:
    """The lessons part of a statistics file: the entries that can be used, and what
    was wrong with the rest (in words). No ``lessons`` at all: none finished."""
    lessons, notes = {}, []
    part = raw.get("lessons", {}) if isinstance(raw, dict) else {}
    if not isinstance(part, dict):
        return {}, [str(FileProblem("lessons", "should be an object", part, has_value=True))]
    for name, entry in part.items():
        try:
            lessons[str(name)] = _lesson(str(name), entry)
        except FileProblem as bad:
            notes.append(str(bad))
    return lessons, notes


def validate(raw) -> tuple[dict, list[str]]:
    """The records that can be used, and what was wrong with the rest (in words)."""
    if not isinstance(raw, dict) or not isinstance(raw.get("records"), dict):
        raise FileProblem("", "it is not a statistics file", raw, has_value=True)
    check_format(raw, VERSION)
    records, notes = {}, []
    for name, rec in raw["records"].items():
        try:
            records[str(name)] = _record(str(name), rec)
        except FileProblem as bad:
            notes.append(str(bad))
    return records, notes


class Statistics(dict):
    """The records by ``key()``; ``problem`` holds a load problem in words; ``newer``
    is True when a newer Parlour wrote the file (then nothing is written over it);
    ``lessons``: per game id, ``{"finished": n, "offered": bool}``."""

    problem: str | None = None
    newer: bool = False

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.lessons: dict[str, dict] = {}


def load() -> Statistics:
    """The records that can be used; never raises. A damaged file or record is named in
    ``problem`` and repaired on disk (under the lock: another Parlour may be writing)."""
    try:
        with locked(path()):
            return _read(repair=True)
    except OSError:  # the lock cannot be had (busy, or a folder that refuses it): read only
        return _read(repair=False)


def _read(repair: bool) -> Statistics:
    """The file's records; with ``repair``, a damaged file is set aside and a file with
    bad records is written back without them (so the player is told once)."""
    target = path()
    stats = Statistics()
    if not target.exists():
        return stats
    try:
        raw, text = read_json(target)
        records, notes = validate(raw)
        stats.lessons, lesson_notes = validate_lessons(raw)
        notes += lesson_notes
    except NewerFile as bad:
        stats.problem = f"The statistics {target} are from a newer Parlour: {bad.problem}."
        stats.newer = True
        return stats
    except FileProblem as bad:
        kept = ""
        if repair:
            with contextlib.suppress(OSError):
                kept = f"; it was kept as {move_aside(target).name}"
        stats.problem = f"Statistics were reset: {target}: {bad}{kept}."
        return stats
    stats.update(records)
    if notes:
        first = notes[0]
        stats.problem = (
            f"Some statistics could not be read and were left out ({where(target, text, first)}: "
            f"{excerpt(first, 160)}{' and more' if len(notes) > 1 else ''})."
        )
        if repair:
            save(stats)
    return stats


def save(stats: dict, lessons: dict | None = None) -> str | None:
    """Write the records (and the lessons: ``lessons``, else those ``stats`` holds)."""
    lessons = getattr(stats, "lessons", None) if lessons is None else lessons
    body = {"records": dict(stats)} | ({"lessons": dict(lessons)} if lessons else {})
    try:
        target = path()
        target.parent.mkdir(parents=True, exist_ok=True)
        write_json_atomic(target, stamp(body, VERSION))
    except (OSError, ValueError, TypeError) as exc:
        return f"The statistics could not be saved ({getattr(exc, 'strerror', None) or exc})."
    return None


def add_game(stats: dict, name: str, won: bool, score, lower_wins: bool, undone: bool) -> dict:
    """Count one finished game into ``stats[name]`` (created when new); returns the record."""
    rec = stats.setdefault(
        name,
        {f: 0 for f in COUNTS} | {"score_sum": 0, "best_score": None, "lower_wins": lower_wins},
    )
    rec["games"] = min(rec["games"] + 1, MAX_COUNT)  # a count the file check accepts back
    rec["undo_games"] = min(rec["undo_games"] + bool(undone), rec["games"])
    if won:
        rec["wins"] = min(rec["wins"] + 1, rec["games"])
        rec["streak"] = min(rec["streak"] + 1, rec["wins"])
        rec["best_streak"] = max(rec["best_streak"], rec["streak"])
    else:
        rec["streak"] = 0
    if score is not None and is_number(score, MAX_SCORE):
        total = rec["score_sum"] + score
        rec["score_sum"] = total if is_number(total, MAX_SCORE) else rec["score_sum"]
        best = rec["best_score"]
        better = best is None or (score < best if rec["lower_wins"] else score > best)
        rec["best_score"] = score if better else best
    return rec


def record(session) -> str | None:
    """Count a finished game for its one human player (hot-seat games are not counted:
    there is no one player whose record it would be). The problem in words, or None."""
    humans = session.humans
    state = session.state
    if len(humans) != 1 or not state.is_over():
        return None
    me = humans[0]
    won = me in winners(state.scores())
    rows = list(getattr(state, "history", []))
    totals = rows[-1].get("totals") if rows else None
    score = totals[me] if totals else None
    lower = bool(lowest_total_leads(rows))
    allies = set(state.allies(me)) if hasattr(state, "allies") else set()
    levels = [s.level for i, s in enumerate(session.seats) if not s.human and i not in allies]
    team = ""
    if allies:  # a team game: its own record, the allies named as allies
        ally_levels = [session.seats[i].level for i in sorted(allies)]
        team = team_part(str(session.options.get("teams", "")), ally_levels)
    name = key(session.game_id, len(session.seats), opponents(levels), team)
    return count(name, won, score, lower, session.undos > 0)


def count(name: str, won: bool, score, lower_wins: bool, undone: bool) -> str | None:
    """Count one game into the file: read, add, write, with the file locked throughout
    so a game another Parlour counts at the same moment is not lost. The problem in
    words (the game is then not counted), or None."""
    try:
        with locked(path()):
            stats = _read(repair=True)
            if stats.newer:  # counting here would write over that version's records
                return f"This game was not counted. {stats.problem}"
            add_game(stats, name, won, score, lower_wins, undone)
            return save(stats)
    except OSError as exc:
        why = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        return f"This game could not be counted in the statistics ({why})."


def lessons() -> dict[str, dict]:
    """Per game id, ``{"finished": n, "offered": bool}`` (games with no entry: neither)."""
    return load().lessons


def played(game_id: str, stats: dict | None = None) -> bool:
    """Has a game of ``game_id`` been counted (by any player count or opponents)?"""
    stats = load() if stats is None else stats
    return any(name.split("/", 1)[0] == game_id for name in stats)


def note_lesson(game_id: str, finished: bool = False) -> str | None:
    """Remember that ``game_id``'s lesson was offered (it is not offered again), and
    with ``finished`` count it as finished once more. The problem in words, or None."""
    try:
        with locked(path()):
            stats = _read(repair=True)
            if stats.newer:
                return stats.problem
            entry = stats.lessons.setdefault(game_id, {"finished": 0, "offered": False})
            entry["offered"] = True
            if finished:
                entry["finished"] = min(entry["finished"] + 1, MAX_COUNT)
            return save(stats)
    except OSError as exc:
        why = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        return f"The lesson could not be noted in the statistics ({why})."


def reset() -> str | None:
    """Forget every game record; the lessons finished are kept (they are no score)."""
    try:
        with locked(path()):
            kept = _read(repair=False).lessons
            return save({}, kept)
    except OSError as exc:
        why = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        return f"The statistics could not be reset ({why})."
