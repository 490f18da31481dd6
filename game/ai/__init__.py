"""AI seats. Bots see only ``view(seat)`` and the legal actions; never the state.

``make_bot(game_id, level, seed)`` returns an object with ``choose(view, actions)``.
Every game has a package ``game.ai.<game_id>`` (``normal``, ``hard``, ``worlds``, …);
which class plays which level is declared with the game in ``game.games`` (its
``GameDef.bots``), so no game's modules need to know each other's. Levels are
``random`` (uniform legal moves, the baseline), ``easy``, ``normal`` and ``hard``
(where a game has them).
"""

from __future__ import annotations

from game import games
from game.games import LEVELS

__all__ = ["LEVELS", "SEARCH_LEVELS", "available_levels", "bot_class", "make_bot"]

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
