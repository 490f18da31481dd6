"""The five games, each declared once with its metadata and looked up by id."""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from types import ModuleType

from game.services.i18n import N_  # the taglines are said through the catalogue


@dataclass(frozen=True)
class GameInfo:
    id: str
    name: str
    min_players: int
    max_players: int
    tagline: str
    kind: str  # "shedding", "trick" or "tiles": which table the UI uses

    @property
    def engine_module(self) -> str:
        return f"game.engine.{self.id}"

    def engine(self) -> ModuleType:
        return importlib.import_module(self.engine_module)


GAMES: dict[str, GameInfo] = {
    g.id: g
    for g in (
        GameInfo(
            "crazy_eights",
            "Crazy Eights",
            2,
            7,
            N_("Match suit or rank; eights are wild."),
            "shedding",
        ),
        GameInfo(
            "crazier_eights",
            "Crazier Eights",
            2,
            8,
            N_("Assets, events and wild eights."),
            "shedding",
        ),
        GameInfo(
            "rage", "Rage", 3, 8, N_("Predict your tricks; trump can change mid-trick."), "trick"
        ),
        GameInfo(
            "crazy_lab",
            "Crazy Lab",
            3,
            5,
            N_("A secret plus colour and a pile of trumps."),
            "trick",
        ),
        GameInfo(
            "cross_rummy", "Cross Rummy", 2, 4, N_("Sets and runs laid crossword-style."), "tiles"
        ),
    )
}


def get(game_id: str) -> GameInfo:
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(GAMES)}") from None


def engine_available(game_id: str) -> bool:
    """True when the game's rules module exists in this build."""
    return importlib.util.find_spec(get(game_id).engine_module) is not None
