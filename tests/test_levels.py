"""The level loader names the file, the key and the problem."""

import pytest

from game.engine import crazy_eights as ce
from game.engine import levels
from game.engine.levels import LevelError, parse_level


def write(tmp_path, text):
    path = tmp_path / "crazy_eights.toml"
    path.write_text(text, encoding="utf-8")
    return path


GOOD = """
[game]
id = "crazy_eights"
name = "Crazy Eights"
[players]
min = 2
max = 7
default = 4
[options.hand_size]
type = "int"
default = 5
min = 3
max = 10
"""


def test_shipped_level_loads():
    level = ce.level()
    assert level.min_players == 2 and level.max_players == 7
    opts = level.resolve({})
    assert opts == {
        "players": 4,
        "hand_size": 5,
        "rounds": 5,
        "scoring": "penalty",
        "target": 100,
        "draw_when_able": False,
    }


def test_good_file(tmp_path):
    level = parse_level(write(tmp_path, GOOD), "crazy_eights")
    assert level.options["hand_size"].default == 5


def test_syntax_error_names_file_and_line(tmp_path):
    with pytest.raises(LevelError) as err:
        parse_level(write(tmp_path, GOOD + "\nbroken = = 1\n"), "crazy_eights")
    assert "crazy_eights.toml" in str(err.value) and "line" in str(err.value)


def test_unknown_key(tmp_path):
    with pytest.raises(LevelError) as err:
        parse_level(write(tmp_path, GOOD + "colour = 'x'\n"), "crazy_eights")
    assert "crazy_eights.toml" in str(err.value)
    assert err.value.key == "options.hand_size.colour" and "unknown key" in str(err.value)
    assert err.value.line is not None


def test_unknown_section(tmp_path):
    with pytest.raises(LevelError, match="deck: unknown section"):
        parse_level(write(tmp_path, GOOD + "[deck]\nx=1\n"), "crazy_eights")


def test_wrong_type(tmp_path):
    with pytest.raises(LevelError) as err:
        parse_level(
            write(tmp_path, GOOD.replace("default = 5", 'default = "five"')), "crazy_eights"
        )
    assert err.value.key == "options.hand_size.default" and "whole number" in str(err.value)


def test_out_of_range_default(tmp_path):
    with pytest.raises(LevelError) as err:
        parse_level(write(tmp_path, GOOD.replace("default = 5", "default = 12")), "crazy_eights")
    assert "above the maximum 10" in str(err.value) and err.value.key == "options.hand_size.default"


def test_players_missing_and_bad_order(tmp_path):
    with pytest.raises(LevelError, match=r"players.default: is missing"):
        parse_level(write(tmp_path, GOOD.replace("default = 4\n", "")), "crazy_eights")
    with pytest.raises(LevelError, match="min <= default <= max"):
        parse_level(write(tmp_path, GOOD.replace("default = 4", "default = 9")), "crazy_eights")


def test_wrong_game_id(tmp_path):
    with pytest.raises(LevelError, match=r"game.id"):
        parse_level(write(tmp_path, GOOD), "rage")


def test_options_given_to_a_game_are_checked():
    level = ce.level()
    with pytest.raises(LevelError, match="colour: unknown option"):
        level.resolve({"colour": 1})
    with pytest.raises(LevelError, match="hand_size: 2 is below the minimum 3"):
        level.resolve({"hand_size": 2})
    with pytest.raises(LevelError, match="scoring: 'most'"):
        level.resolve({"scoring": "most"})
    with pytest.raises(LevelError, match="players"):
        level.resolve({"players": 9})
    with pytest.raises(LevelError, match="draw_when_able: expected true or false"):
        level.resolve({"draw_when_able": "yes"})


def test_not_utf8(tmp_path):
    path = tmp_path / "crazy_eights.toml"
    path.write_bytes(b"\xff\xfe[game]")
    with pytest.raises(LevelError, match="not UTF-8"):
        parse_level(path, "crazy_eights")


def test_missing_file(tmp_path):
    with pytest.raises(LevelError, match="cannot be read"):
        levels.load_level("crazy_eights", path=tmp_path / "nope.toml")
