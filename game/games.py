"""THE registry: the five games, each declared once, and looked up by id.

A ``GameDef`` names everything a game is made of: its metadata (id, name, player counts,
tagline, the kind of table), its rules module, the bot class that plays each AI level,
its table, its level file and its help page. The parts are named by dotted strings and
imported on first use, so this module imports nothing above the engine and creates no
import circle: the engine, the bots, the services, the UI and the tools all look a game
up here. ``tests/test_games.py`` checks each ``levels/<id>.toml`` agrees with its
``GameDef``.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType, ModuleType

from game.engine.core import N_  # the taglines are said through the catalogue
from game.engine.resources import assets_dir, levels_dir

# The AI levels, weakest first; ``random`` (uniform legal moves) is every game's baseline.
LEVELS = ("random", "easy", "normal", "hard")
_RANDOM = "game.ai.base:RandomBot"


def _load(dotted: str):
    """``"package.module:Name"`` -> that attribute; ``"package.module"`` -> the module."""
    module, _, name = dotted.partition(":")
    loaded = importlib.import_module(module)
    return getattr(loaded, name) if name else loaded


@dataclass(frozen=True)
class GameDef:
    id: str
    name: str
    min_players: int
    max_players: int
    tagline: str
    kind: str  # "shedding", "trick" or "tiles": which table the UI uses
    engine_module: str  # the rules: new_game, State, check_level, …
    bots: Mapping[str, str]  # AI level -> "module:Class"
    table_module: str  # a package of game.ui.tables exporting Table
    level_file: str  # in levels/
    help_file: str  # in assets/help/ (and assets/help/<language>/)

    def engine(self) -> ModuleType:
        return importlib.import_module(self.engine_module)

    def engine_available(self) -> bool:
        """True when the game's rules module exists in this build."""
        return _found(self.engine_module)

    def bot_class(self, level: str):
        """The class that plays ``level`` (imported on first use)."""
        if level not in LEVELS:
            raise ValueError(f"unknown AI level {level!r}; levels are {', '.join(LEVELS)}")
        if level not in self.bots:
            raise ValueError(f"{self.id} has no {level!r} AI; levels: {', '.join(self.bots)}")
        return _load(self.bots[level])

    def levels(self) -> tuple[str, ...]:
        """The AI levels this game has, weakest first."""
        return tuple(level for level in LEVELS if level in self.bots) or ("random",)

    def table(self):
        """The ``Table`` class of the game's table (imports pygame: the UI's business)."""
        return _load(self.table_module + ":Table")

    def table_available(self) -> bool:
        return _found(self.table_module)

    def playable(self) -> bool:
        """The game can be started: its rules and its table are both in this build."""
        return self.engine_available() and self.table_available()

    def level_path(self) -> Path:
        return levels_dir() / self.level_file

    def help_path(self, language: str | None = None) -> Path:
        folder = assets_dir() / "help"
        return (folder / language if language else folder) / self.help_file


def _found(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def _game(
    game_id: str,
    name: str,
    players: tuple[int, int],
    tagline: str,
    kind: str,
    bots: dict[str, str] | None = None,
) -> GameDef:
    """A game laid out the house way: game.engine.<id>, game.ai.<id>, game.ui.tables.<id>,
    levels/<id>.toml and assets/help/<id>.md."""
    levels = {
        "random": _RANDOM,
        "easy": f"game.ai.{game_id}.easy:EasyBot",
        "normal": f"game.ai.{game_id}.normal:NormalBot",
        "hard": f"game.ai.{game_id}.hard:HardBot",
    }
    levels.update(bots or {})
    return GameDef(
        id=game_id,
        name=name,
        min_players=players[0],
        max_players=players[1],
        tagline=tagline,
        kind=kind,
        engine_module=f"game.engine.{game_id}",
        bots=MappingProxyType(levels),
        table_module=f"game.ui.tables.{game_id}",
        level_file=f"{game_id}.toml",
        help_file=f"{game_id}.md",
    )


GAMES: dict[str, GameDef] = {
    g.id: g
    for g in (
        _game(
            "crazy_eights",
            "Crazy Eights",
            (2, 7),
            N_("Match suit or rank; eights are wild."),
            "shedding",
        ),
        _game(
            "crazier_eights",
            "Crazier Eights",
            (2, 8),
            N_("Assets, events and wild eights."),
            "shedding",
        ),
        _game(
            "rage", "Rage", (3, 8), N_("Predict your tricks; trump can change mid-trick."), "trick"
        ),
        _game(
            "crazy_lab",
            "Crazy Lab",
            (3, 5),
            N_("A secret plus colour and a pile of trumps."),
            "trick",
        ),
        _game(
            "cross_rummy",
            "Cross Rummy",
            (2, 4),
            N_("Sets and runs laid crossword-style."),
            "tiles",
            bots={"random": "game.ai.cross_rummy.normal:CrossRandomBot"},
        ),
    )
}


def get(game_id: str) -> GameDef:
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(GAMES)}") from None


def engine_available(game_id: str) -> bool:
    """True when the game's rules module exists in this build."""
    return get(game_id).engine_available()
