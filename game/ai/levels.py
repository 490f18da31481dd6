"""Which bot plays which AI level of a game: ``make_bot``, ``bot_class`` and the levels a
game has. ``game.ai`` re-exports all of it; a module inside ``game.ai`` (the worker)
imports it from here, never from its own package's ``__init__``."""

from __future__ import annotations

from game import games
from game.games import LEVELS

# Levels whose bots search (sampled worlds, playouts): the app runs them in a worker
# process (game.ai.worker); the others answer in milliseconds on a thread.
SEARCH_LEVELS = frozenset({"hard"})


def bot_class(game_id: str, level: str):
    """The class that plays ``level`` in ``game_id`` (imported on first use)."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; levels are {', '.join(LEVELS)}")
    if game_id not in games.GAMES:
        raise ValueError(f"no AI for the game {game_id!r}")
    return games.GAMES[game_id].bot_class(level)


def make_bot(game_id: str, level: str, seed: int | None = None):
    return bot_class(game_id, level)(seed)


def available_levels(game_id: str) -> tuple[str, ...]:
    found = games.GAMES.get(game_id)
    return found.levels() if found else ("random",)
