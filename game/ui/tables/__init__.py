"""One table module per game: ``game/ui/tables/<game_id>.py`` defining ``Table``.

A game is playable in the UI when its engine module and its table module both exist.
"""

from __future__ import annotations

import importlib
import importlib.util


def table_available(game_id: str) -> bool:
    try:
        return importlib.util.find_spec(f"game.ui.tables.{game_id}") is not None
    except (ImportError, ValueError):
        return False


def load_table(game_id: str):
    """The ``Table`` class of a game's table module."""
    return importlib.import_module(f"game.ui.tables.{game_id}").Table
