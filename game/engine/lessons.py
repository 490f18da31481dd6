"""Loading and checking ``assets/lessons/<game id>.toml``: a game's "Learn to play".

A lesson is data, played through the engine: its options, seed and prepared deal make
a real game state (``new_game(options, seed, deal=...)``), and each step either
explains one idea (a Continue step) or waits for a move the player makes at the table
(``expect``), after which the opponents' moves of ``then`` follow. ``parse_lesson``
knows every field and plays the whole lesson through the engine before a player sees
it: a move that is not legal where it is asked for, an opponent's move on the player's
turn, a ring on a card the player does not hold, a text naming a card the player
cannot see at that moment, a round scored otherwise than the text says: each is a
``LessonError`` naming the file, the step (number and id, with its line) and the
problem. A rule change that breaks a lesson thus breaks a test, never a player's lesson.

What the next lessons may need is already here: ``expect`` holds any action the
engine takes in its notation (a prediction ``predict:2``, a secret colour, a Cross
Rummy lay), compared after the engine's own ``lesson_action`` when it has one (a lay
written in words of its notation); ``ring`` names parts of the table the UI resolves
(``hand``, ``hand:<card>``, ``pile``, ``stock``, ``seat:<n>``, a table's own names);
``mentions`` says how the texts write cards, so the secret check can read them.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli

from game.engine.core import IllegalAction
from game.engine.levels import LevelError, find_line
from game.engine.resources import assets_dir, resource_root
from game.engine.rounds import position_before_next_deal

LESSON_KEYS = {
    "game",
    "title",
    "seed",
    "seat",
    "opponents",
    "mentions",
    "options",
    "free_play",
}
STEP_KEYS = {"id", "text", "ring", "expect", "other", "wrong", "then", "points", "continue"}
FREE_PLAY_LEVELS = ("easy", "normal")  # the issue: a lesson ends against easy or normal
MAX_TEXT = 600  # characters: a step says one idea, the coach panel shows it whole
# a part of the table, and maybe which one: a seat, a card in the notation (Crazy Lab's
# G5/P1/O1 has slashes)
RING = re.compile(r"[a-z_]{1,20}(:[A-Za-z0-9_/+-]{1,20})?")  # hand:-5 names a Rage card

# How texts write cards, per ``mentions``: a pattern and its notation. "standard": the
# 52-card deck as the log writes it (K♠, 10♥), notation KS, 10H. A game whose cards are
# written otherwise names its own ways in its engine package's ``LESSON_MENTIONS``
# (the same shape: a name -> a compiled pattern and a function from a match to notation).
_SUIT_LETTERS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
MENTIONS = {
    "standard": (
        re.compile(r"(?<![\w])(10|[2-9AJQK])([♠♥♦♣])"),
        lambda m: m.group(1) + _SUIT_LETTERS[m.group(2)],
    ),
}


class LessonError(LevelError):
    """A problem in a lesson file: the file, where (a step, a key) and what."""


@dataclass
class Step:
    number: int  # from 1, as the coach counts them
    id: str
    text: str
    ring: list[str] = field(default_factory=list)
    expect: list = field(default_factory=list)  # empty: a Continue step
    other: str = ""  # a legal move that is not the one asked for
    wrong: str = ""  # after the engine's reason, for an illegal move
    then: list = field(default_factory=list)  # the opponents' moves that follow
    points: list[int] | None = None  # the round just scored, seat by seat
    continue_label: str = ""  # the Continue button's own words, when not "Continue"

    @property
    def waits_for_move(self) -> bool:
        return bool(self.expect)

    def texts(self) -> list[str]:
        return [t for t in (self.text, self.other, self.wrong, self.continue_label) if t]


@dataclass
class Lesson:
    game_id: str
    path: Path
    title: str
    seed: int
    seat: int
    opponents: list[str]
    options: dict  # resolved by the game's level: every option, ``players`` too
    deal: dict
    free_level: str
    free_options: dict  # resolved too
    steps: list[Step]

    @property
    def file(self) -> str:
        return display_name(self.path)

    def engine(self):
        return importlib.import_module(f"game.engine.{self.game_id}")

    def start(self):
        """The lesson's first position: a real game state from the engine."""
        return self.engine().new_game(dict(self.options), self.seed, deal=self.deal)

    def matches(self, step: Step, action) -> bool:
        """Is ``action`` one of the moves ``step`` waits for? (An engine whose actions
        are not plain notation says how its notation reads with ``lesson_action``.)"""
        read = getattr(self.engine(), "lesson_action", None)
        if read is None:
            return action in step.expect
        try:
            made = read(action)  # the same notation however the move was written
        except (ValueError, TypeError):
            return False
        return any(read(expected) == made for expected in step.expect)

    def action(self, move):
        """A move of the file (``expect``, ``then``) in the engine's notation: read by
        the engine's ``lesson_action`` when it has one (a Cross Rummy lay's picture)."""
        read = getattr(self.engine(), "lesson_action", None)
        return move if read is None else read(move)


def lessons_dir() -> Path:
    return assets_dir() / "lessons"


def lesson_path(game_id: str) -> Path:
    return lessons_dir() / f"{game_id}.toml"


def has_lesson(game_id: str) -> bool:
    return lesson_path(game_id).is_file()


def display_name(path: Path) -> str:
    try:
        return str(path.relative_to(resource_root()))
    except ValueError:
        return str(path)


# ---------------------------------------------------------------- the one check


class _Checker:
    """What ``parse_lesson`` needs at hand to name a problem."""

    def __init__(self, path: Path):
        self.path = path
        self.file = display_name(path)

    def error(self, where: str, problem: str, line_key: str = "") -> LessonError:
        return LessonError(self.file, where, problem, find_line(self.path, line_key or where))

    def step_error(self, step: Step, key: str, problem: str) -> LessonError:
        where = f"step {step.number} ({step.id})" + (f": {key}" if key else "")
        return LessonError(self.file, where, problem, self.step_line(step.id))

    def step_line(self, step_id: str) -> int | None:
        try:
            lines = self.path.read_text(encoding="utf-8").splitlines()
        except OSError:
            return None
        pattern = re.compile(rf"^\s*id\s*=\s*[\"']{re.escape(step_id)}[\"']")
        return next((n for n, line in enumerate(lines, 1) if pattern.match(line)), None)

    def expect(self, where: str, value: Any, kind: type, what: str) -> Any:
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.error(where, f"expected {what}, got {value!r}")
        return value


def _read(path: Path, check: _Checker) -> dict:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise check.error("", f"cannot be read ({exc.strerror or exc})") from None
    try:
        return tomli.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise check.error("", f"is not UTF-8 text ({exc.reason})") from None
    except (tomli.TOMLDecodeError, ValueError) as exc:
        raise check.error("", f"is not valid TOML: {str(exc)[:160]}") from None


def _text(check: _Checker, where: str, value: Any) -> str:
    text = check.expect(where, value, str, "text")
    if not text.strip():
        raise check.error(where, "is empty")
    if len(text) > MAX_TEXT:
        raise check.error(
            where, f"is {len(text)} characters; a step says one idea (at most {MAX_TEXT})"
        )
    return text


def _strings(check: _Checker, where: str, value: Any, what: str) -> list[str]:
    items = check.expect(where, value, list, f"a list of {what}")
    for item in items:
        if not isinstance(item, str) or not item:
            raise check.error(where, f"expected {what}, got {item!r}")
    return items


def _steps(check: _Checker, doc: dict) -> list[Step]:
    raw_steps = doc.get("step")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise check.error("step", "a lesson needs at least one [[step]]")
    steps: list[Step] = []
    seen: set[str] = set()
    for number, raw in enumerate(raw_steps, 1):
        if not isinstance(raw, dict):
            raise check.error(f"step {number}", "expected a [[step]] table")
        step_id = raw.get("id")
        if not isinstance(step_id, str) or not re.fullmatch(r"[a-z0-9_]{1,40}", step_id):
            raise check.error(
                f"step {number}: id", f"expected a short name (a-z, 0-9, _), got {step_id!r}", "id"
            )
        step = Step(number, step_id, "")
        if step_id in seen:
            raise check.step_error(step, "id", "is used by an earlier step")
        seen.add(step_id)
        for key in raw:
            if key not in STEP_KEYS:
                known = ", ".join(sorted(STEP_KEYS))
                raise check.step_error(step, key, f"unknown key (expected one of: {known})")
        where = f"step {number} ({step_id})"
        if "text" not in raw:
            raise check.step_error(step, "text", "is missing")
        step.text = _text(check, f"{where}: text", raw["text"])
        step.ring = _strings(check, f"{where}: ring", raw.get("ring", []), "parts of the table")
        for ring in step.ring:
            if not RING.fullmatch(ring):
                raise check.step_error(
                    step, "ring", f"{ring!r} is not a part of the table (name or name:detail)"
                )
        step.expect = check.expect(
            f"{where}: expect", raw.get("expect", []), list, "a list of moves"
        )
        step.then = check.expect(f"{where}: then", raw.get("then", []), list, "a list of moves")
        for key in ("other", "wrong", "continue"):
            if key in raw:
                setattr(
                    step,
                    "continue_label" if key == "continue" else key,
                    _text(check, f"{where}: {key}", raw[key]),
                )
        if step.expect and step.continue_label:
            raise check.step_error(
                step, "continue", "a step that waits for a move has no Continue button"
            )
        if not step.expect and (step.other or step.wrong):
            raise check.step_error(
                step,
                "other" if step.other else "wrong",
                "only a step that waits for a move judges one",
            )
        if "points" in raw:
            points = raw["points"]
            if not isinstance(points, list) or not all(
                isinstance(p, int) and not isinstance(p, bool) for p in points
            ):
                raise check.step_error(
                    step, "points", f"expected a list of whole numbers, got {points!r}"
                )
            step.points = points
        steps.append(step)
    if steps[-1].waits_for_move:
        raise check.step_error(
            steps[-1], "expect", "the last step hands over to free play: it waits for no move"
        )
    return steps


def _cards_named(mentions, text: str) -> list[str]:
    pattern, notation = mentions
    return [notation(m) for m in pattern.finditer(text)]


def _unseen(engine, view) -> set:
    """The cards the seat of ``view`` may not know of: the engine's ``lesson_unseen``
    when it has one, else the view's ``unseen`` list."""
    own = getattr(engine, "lesson_unseen", None)
    if own is not None:
        return set(own(view))
    return set(getattr(view, "unseen", ()))


def _legal(state, action) -> str | None:
    """None when ``action`` is legal in ``state`` and the engine plays it, else the
    engine's reason. A listed move is played too (on a copy): a prepared deal may ask for
    what the game cannot go on to (Crazy Lab: a trump order the pile cannot hold)."""
    listed = action in state.legal_actions()
    try:
        state.copy().apply(action)
    except IllegalAction as exc:
        return str(exc.reason)
    except (ValueError, TypeError, KeyError) as exc:
        return f"{'the deal cannot go on' if listed else 'not a move of this game'} ({exc})"
    return None


def _read_move(check: _Checker, lesson: Lesson, step: Step, key: str, written):
    """``written`` (a move of ``expect`` or ``then``) in the engine's notation."""
    try:
        return lesson.action(written)
    except (ValueError, TypeError) as exc:
        raise check.step_error(step, key, f"{written!r} is not a move: {exc}") from None


def _play(state, action, play_over: bool):
    """Play ``action``. When no later step waits for a move (``play_over``) and the move
    scores a round the match goes on from, the position the lesson goes on showing: the
    round's end, its next deal withheld (the next round is no part of the lesson); else
    None."""
    if not play_over:
        state.apply(action)
        return None
    before = state.copy()
    scored = len(getattr(state, "history", ()))
    state.apply(action)
    if state.is_over() or len(getattr(state, "history", ())) == scored:
        return None
    return position_before_next_deal(before, action)


def _play_through(check: _Checker, lesson: Lesson, mentions) -> None:
    """Every step through the engine, from the prepared deal: see the module docstring."""
    engine = lesson.engine()
    try:
        state = lesson.start()
    except (LevelError, ValueError, TypeError, KeyError) as exc:
        raise check.error("deal", f"the engine refuses it: {exc}") from None
    seat = lesson.seat
    last_move = max((i for i, s in enumerate(lesson.steps) if s.waits_for_move), default=-1)
    shown = None  # the round's end the lesson stays on once its play is over (``_play``)
    for index, step in enumerate(lesson.steps):
        view = (shown or state).view(seat)
        hidden = _unseen(engine, view)
        for text in step.texts():
            secret = [c for c in _cards_named(mentions, text) if c in hidden]
            if secret:
                raise check.step_error(
                    step, "text", f"names {', '.join(secret)}, which the player cannot see here"
                )
        hand = set(getattr(view, "hand", ()) or getattr(view, "rack", ()))
        for ring in step.ring:
            part, _, detail = ring.partition(":")
            if part == "hand" and detail and detail not in hand:
                raise check.step_error(
                    step, "ring", f"{ring}: {detail} is not in the player's hand here"
                )
            if part == "seat" and detail and not (detail.isdigit() and int(detail) < state.players):
                raise check.step_error(step, "ring", f"{ring}: there is no seat {detail}")
        if step.expect:
            if state.current_player() != seat:
                raise check.step_error(
                    step,
                    "expect",
                    f"it is not the player's turn here (seat {state.current_player()} is to move)",
                )
            for written in step.expect:
                action = _read_move(check, lesson, step, "expect", written)
                why = _legal(state, action)
                if why is not None:
                    raise check.step_error(step, "expect", f"{written!r} is not legal here: {why}")
            shown = _play(state, lesson.action(step.expect[0]), index >= last_move) or shown
        for written in step.then:
            action = _read_move(check, lesson, step, "then", written)
            mover = state.current_player()
            if mover is None:
                raise check.step_error(step, "then", f"{action!r}: the game is already over")
            if mover == seat:
                raise check.step_error(
                    step, "then", f"{action!r} would be the player's move, not an opponent's"
                )
            why = _legal(state, action)
            if why is not None:
                raise check.step_error(
                    step, "then", f"{action!r} is not legal for seat {mover} here: {why}"
                )
            shown = _play(state, action, index >= last_move) or shown
        if step.points is not None:
            rows = getattr(state, "history", [])
            if not rows:
                raise check.step_error(step, "points", "no round has been scored by this step")
            if list(rows[-1].get("points", [])) != step.points:
                raise check.step_error(
                    step,
                    "points",
                    f"the engine scores the round {rows[-1].get('points')}, not {step.points}",
                )
    waiting = [s for s in lesson.steps if s.waits_for_move]
    if waiting and shown is None and not state.is_over() and state.current_player() != seat:
        last = lesson.steps[-1]
        raise check.step_error(
            last, "", "the lesson ends on an opponent's turn with no move scripted"
        )


def parse_lesson(path: Path, game_id: str) -> Lesson:
    """Parse, check and play through one lesson file (see the module docstring)."""
    check = _Checker(path)
    doc = _read(path, check)
    for key in doc:
        if key not in ("lesson", "deal", "step"):
            raise check.error(key, "unknown section (expected lesson, deal, step)")
    head = check.expect("lesson", doc.get("lesson"), dict, "a [lesson] table")
    for key in head:
        if key not in LESSON_KEYS:
            raise check.error(
                f"lesson.{key}",
                f"unknown key (expected one of: {', '.join(sorted(LESSON_KEYS))})",
                key,
            )
    if head.get("game") != game_id:
        raise check.error(
            "lesson.game", f"is {head.get('game')!r} but the file is for {game_id!r}", "game"
        )
    title = _text(check, "lesson.title", head.get("title"))
    seed = check.expect("lesson.seed", head.get("seed"), int, "a whole number")
    seat = check.expect("lesson.seat", head.get("seat", 0), int, "a seat number from 0")
    try:
        engine = importlib.import_module(f"game.engine.{game_id}")
    except ImportError:
        raise check.error("lesson.game", f"there is no game {game_id!r}", "game") from None
    known = {**MENTIONS, **getattr(engine, "LESSON_MENTIONS", {})}
    mentions = known.get(head.get("mentions", "standard"))
    if mentions is None:
        raise check.error("lesson.mentions", f"expected one of: {', '.join(known)}", "mentions")
    options_raw = check.expect(
        "lesson.options", head.get("options", {}), dict, "a table of options"
    )
    try:
        options = engine.level().resolve(
            {k: v for k, v in options_raw.items() if k != "players"}, options_raw.get("players")
        )
    except LevelError as exc:
        raise check.error(
            "lesson.options",
            exc.problem if exc.key == "" else f"{exc.key}: {exc.problem}",
            "options",
        ) from None
    if not 0 <= seat < options["players"]:
        raise check.error(
            "lesson.seat", f"{seat} is not one of the {options['players']} seats", "seat"
        )
    opponents = _strings(check, "lesson.opponents", head.get("opponents", []), "names")
    if len(opponents) != options["players"] - 1:
        raise check.error(
            "lesson.opponents",
            f"names {len(opponents)} opponents for {options['players'] - 1} seats",
            "opponents",
        )
    free = dict(
        check.expect(
            "lesson.free_play", head.get("free_play", {}), dict, "a [lesson.free_play] table"
        )
    )
    level = free.pop("level", "easy")
    if level not in FREE_PLAY_LEVELS:
        raise check.error(
            "lesson.free_play.level",
            f"expected one of {', '.join(FREE_PLAY_LEVELS)}, got {level!r}",
            "level",
        )
    try:
        free_options = engine.level().resolve(
            {k: v for k, v in free.items() if k != "players"}, free.get("players")
        )
    except LevelError as exc:
        raise check.error("lesson.free_play", f"{exc.key}: {exc.problem}", "free_play") from None
    deal = check.expect("deal", doc.get("deal", {}), dict, "a [deal] table")
    lesson = Lesson(
        game_id,
        path,
        title,
        seed,
        seat,
        opponents,
        options,
        deal,
        level,
        free_options,
        _steps(check, doc),
    )
    _play_through(check, lesson, mentions)
    return lesson


_CACHE: dict[str, Lesson] = {}


def load_lesson(game_id: str, path: Path | None = None) -> Lesson:
    """The lesson of ``game_id`` from ``assets/lessons/``, checked once per process."""
    if path is not None:
        return parse_lesson(path, game_id)
    if game_id not in _CACHE:
        _CACHE[game_id] = parse_lesson(lesson_path(game_id), game_id)
    return _CACHE[game_id]
