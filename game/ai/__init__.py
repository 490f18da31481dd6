"""AI seats. Bots see only ``view(seat)`` and the legal actions; never the state.

``make_bot(game_id, level, seed)`` returns an object with ``choose(view, actions)``.
Every game has a package ``game.ai.<game_id>`` (``normal``, ``hard``, ``worlds``, …);
which class plays which level is declared with the game in ``game.games`` (its
``GameDef.bots``), so no game's modules need to know each other's. Levels are
``random`` (uniform legal moves, the baseline), ``easy``, ``normal`` and ``hard``
(where a game has them).
"""

from __future__ import annotations

from game.ai.levels import LEVELS, SEARCH_LEVELS, available_levels, bot_class, make_bot

__all__ = ["LEVELS", "SEARCH_LEVELS", "available_levels", "bot_class", "make_bot"]
