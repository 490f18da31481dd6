"""The registry: every game declared once in game.games, and its files agree with it."""

from __future__ import annotations

import tomllib

import pytest

from game import games
from game.ai import LEVELS


@pytest.mark.parametrize("game_id", list(games.GAMES))
def test_the_level_file_agrees_with_the_declaration(game_id):
    g = games.get(game_id)
    assert g.id == game_id
    data = tomllib.loads(g.level_path().read_text(encoding="utf-8"))
    assert data["game"]["id"] == g.id
    assert data["game"]["name"] == g.name
    assert data["players"]["min"] == g.min_players
    assert data["players"]["max"] == g.max_players
    # and the engine reads the same file
    level = g.engine().level()
    assert (level.game_id, level.name, level.path) == (g.id, g.name, g.level_path())
    assert (level.min_players, level.max_players) == (g.min_players, g.max_players)


@pytest.mark.parametrize("game_id", list(games.GAMES))
def test_every_part_a_game_names_exists(game_id):
    g = games.get(game_id)
    assert g.playable()
    assert callable(g.engine().new_game)
    assert g.id == g.engine().GAME_ID
    assert g.help_path().is_file()
    assert g.levels()[0] == "random" and set(g.levels()) <= set(LEVELS)
    for level in g.levels():
        assert callable(getattr(g.bot_class(level), "choose", None)), level
    assert g.kind in ("shedding", "trick", "tiles")


def test_a_table_is_a_table():
    from game.ui.tables.base import BaseTable

    for g in games.GAMES.values():
        assert issubclass(g.table(), BaseTable), g.id


def test_unknown_games_and_levels_are_named():
    with pytest.raises(KeyError, match="unknown game"):
        games.get("snap")
    with pytest.raises(ValueError, match=r"no 'easy'|unknown AI level"):
        games.get("rage").bot_class("wizard")
