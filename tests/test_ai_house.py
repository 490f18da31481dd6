"""The AI's house: one dispatch table, one package per game that reaches into no other
(import circles and pygame: tests/test_layers.py, over the whole house)."""

from __future__ import annotations

import pytest

import game.tools.imports as graph
from game.ai import LEVELS, available_levels, bot_class, make_bot
from game.games import GAMES

BOTS = {game_id: g.bots for game_id, g in GAMES.items()}  # each game's levels and classes


def test_every_level_in_the_table_is_a_bot_class():
    for game_id, levels in BOTS.items():
        assert set(levels) <= set(LEVELS)
        assert available_levels(game_id)[0] == "random"
        for level in levels:
            cls = bot_class(game_id, level)
            assert callable(getattr(cls, "choose", None)), (game_id, level)
    assert make_bot("rage", "normal", 3).choose is not None
    with pytest.raises(ValueError):
        make_bot("rage", "wizard")


def test_a_games_bots_never_reach_into_another_games_package():
    """Circles and pygame are test_layers' business (the same graph, the whole house);
    here: a game's bots import no other game's bots."""
    games = set(BOTS)

    def game_of(module: str) -> str | None:
        parts = module.split(".")
        return parts[2] if len(parts) > 2 and parts[2] in games else None

    crossing = [
        edge.describe()
        for edge in graph.all_edges()
        if edge.source.startswith("game.ai.")
        and edge.target.startswith("game.ai.")
        and game_of(edge.target) not in (None, game_of(edge.source))
    ]
    assert not crossing, crossing
