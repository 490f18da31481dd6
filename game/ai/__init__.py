"""AI seats. Bots see only ``view(seat)`` and the legal actions; never the state.

``make_bot(game_id, level, seed)`` returns an object with ``choose(view, actions)``.
Each game has a module ``game.ai.<game_id>`` with ``make_bot(level, seed)``; levels
are ``random`` (uniform legal moves, the baseline), ``easy``, ``normal``, ``hard``
(where a game has them).
"""

from __future__ import annotations

import importlib

LEVELS = ("random", "easy", "normal", "hard")
# Levels whose bots search (sampled worlds, playouts): the app runs them in a worker
# process (game.ai.worker); the others answer in milliseconds on a thread.
SEARCH_LEVELS = frozenset({"hard"})


def make_bot(game_id: str, level: str, seed: int | None = None):
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; levels are {', '.join(LEVELS)}")
    module = importlib.import_module(f"game.ai.{game_id}")
    return module.make_bot(level, seed)


def available_levels(game_id: str) -> tuple[str, ...]:
    module = importlib.import_module(f"game.ai.{game_id}")
    return tuple(getattr(module, "LEVELS", ("random",)))
