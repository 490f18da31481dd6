"""AI seats. Bots see only ``view(seat)`` and the legal actions; never the state.

``make_bot(game_id, level, seed)`` returns an object with ``choose(view, actions)``.
Every game has a package ``game.ai.<game_id>`` (``normal``, ``hard``, ``worlds``, …);
``BOTS`` below is the one place that says which class plays which level, so no
game's modules need to know each other's. Levels are ``random`` (uniform legal
moves, the baseline), ``easy``, ``normal`` and ``hard`` (where a game has them).
"""

from __future__ import annotations

import importlib

LEVELS = ("random", "easy", "normal", "hard")
# Levels whose bots search (sampled worlds, playouts): the app runs them in a worker
# process (game.ai.worker); the others answer in milliseconds on a thread.
SEARCH_LEVELS = frozenset({"hard"})

_RANDOM = "game.ai.base:RandomBot"
BOTS: dict[str, dict[str, str]] = {
    "crazy_eights": {
        "random": _RANDOM,
        "easy": "game.ai.crazy_eights.easy:EasyBot",
        "normal": "game.ai.crazy_eights.normal:NormalBot",
        "hard": "game.ai.crazy_eights.hard:HardBot",
    },
    "crazier_eights": {
        "random": _RANDOM,
        "easy": "game.ai.crazier_eights.easy:EasyBot",
        "normal": "game.ai.crazier_eights.normal:NormalBot",
        "hard": "game.ai.crazier_eights.hard:HardBot",
    },
    "rage": {
        "random": _RANDOM,
        "easy": "game.ai.rage.easy:EasyBot",
        "normal": "game.ai.rage.normal:NormalBot",
        "hard": "game.ai.rage.hard:HardBot",
    },
    "crazy_lab": {
        "random": _RANDOM,
        "easy": "game.ai.crazy_lab.easy:EasyBot",
        "normal": "game.ai.crazy_lab.normal:NormalBot",
        "hard": "game.ai.crazy_lab.hard:HardBot",
    },
    "cross_rummy": {
        "random": "game.ai.cross_rummy.normal:CrossRandomBot",
        "easy": "game.ai.cross_rummy.easy:EasyBot",
        "normal": "game.ai.cross_rummy.normal:NormalBot",
        "hard": "game.ai.cross_rummy.hard:HardBot",
    },
}


def bot_class(game_id: str, level: str):
    """The class that plays ``level`` in ``game_id`` (imported on first use)."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; levels are {', '.join(LEVELS)}")
    levels = BOTS.get(game_id)
    if levels is None:
        raise ValueError(f"no AI for the game {game_id!r}")
    if level not in levels:
        raise ValueError(f"{game_id} has no {level!r} AI; levels: {', '.join(levels)}")
    module, _, name = levels[level].partition(":")
    return getattr(importlib.import_module(module), name)


def make_bot(game_id: str, level: str, seed: int | None = None):
    return bot_class(game_id, level)(seed)


def available_levels(game_id: str) -> tuple[str, ...]:
    levels = BOTS.get(game_id, {})
    return tuple(level for level in LEVELS if level in levels) or ("random",)
