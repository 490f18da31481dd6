"""The one safe reader (game.services.filecheck): whatever a file holds, reading it raises
FileProblem and nothing else; numbers no file of Parlour's holds come back as BadNumber,
which every validator refuses by its key; settings with such numbers start the app."""

from __future__ import annotations

import json

import pytest
from ui_helpers import make_app

from game.engine import levels
from game.services import filecheck, settings
from game.services.filecheck import BadNumber, FileProblem, displayable, parse_json, read_json
from game.ui.app import App
from game.ui.scenes.menu import MenuScene

HOSTILE_TEXTS = {
    "long_int": '{"a": ' + "9" * 5000 + "}",
    "long_negative_int": '{"a": -' + "9" * 5000 + "}",
    "nan": '{"a": NaN}',
    "infinity": '{"a": [Infinity, -Infinity]}',
    "huge_float": '{"a": 1e999}',
    "long_float": '{"a": 0.' + "1" * 5000 + "}",
    "deep_list": "[" * 200 + "]" * 200,
    "very_deep_list": "[" * 200_000 + "]" * 200_000,
    "deep_object": '{"a": ' * 100 + "1" + "}" * 100,
    "not_json": "{not json",
    "lone_surrogate_escape": '{"a": "\\ud800"}',
}


@pytest.mark.parametrize("case", list(HOSTILE_TEXTS))
def test_reading_hostile_json_raises_file_problem_or_gives_bad_numbers(tmp_path, case):
    target = tmp_path / "f.json"
    target.write_text(HOSTILE_TEXTS[case], encoding="utf-8")
    try:
        value, _ = read_json(target)
    except FileProblem as bad:
        assert len(str(bad)) < 300
        return
    numbers = value["a"] if isinstance(value["a"], list) else [value["a"]]
    if case != "lone_surrogate_escape":
        assert numbers and all(isinstance(n, BadNumber) for n in numbers)
        assert len(repr(numbers[0])) < 80 and filecheck.holds_bad_number(value)


def test_a_bad_number_is_never_equal_to_a_good_one():
    bad = parse_json('{"a": NaN}')["a"]
    assert bad != 1 and bad not in ("system", 1, None) and not filecheck.is_int(bad)
    assert not filecheck.is_number(bad, 10) and not filecheck.is_number(float("nan"), 10)


def test_a_file_beyond_the_size_cap_and_one_not_utf8_are_file_problems(tmp_path):
    target = tmp_path / "f.json"
    target.write_text('{"a": "' + "x" * 2000 + '"}', encoding="utf-8")
    with pytest.raises(FileProblem, match="more than 1,000 bytes"):
        read_json(target, limit=1000)
    target.write_bytes(b'{"a": "\xff"}')
    with pytest.raises(FileProblem, match="not UTF-8"):
        read_json(target)
    with pytest.raises(FileProblem, match="cannot be read"):
        read_json(tmp_path / "missing.json")


def test_ordinary_numbers_read_as_they_are(tmp_path):
    value = parse_json('{"a": [0, -7, 123456789012, 2.5, -1e-3], "b": true}')
    assert value == {"a": [0, -7, 123456789012, 2.5, -0.001], "b": True}


@pytest.mark.parametrize(
    "text, ok",
    [("2026-11-25 14:03", True), ("2024\x00", False), ("a\x1b[2J", False), ("", False)],
)
def test_displayable_text(text, ok):
    assert (displayable(text, 40) is None) is ok
    assert displayable("x" * 41, 40) is not None and displayable(7, 40) is not None


def test_nothing_writes_nan():
    with pytest.raises(ValueError):
        filecheck.write_json_atomic(settings.path(), {"a": float("nan")})
    assert not settings.path().exists()


# ---------------------------------------------------------------- settings


def test_a_5000_digit_setting_starts_the_app_with_the_default_and_says_so():
    settings.path().write_text(
        '{"volume": ' + "7" * 5000 + ', "window_size": [1e999, NaN], "four_colour": true}',
        encoding="utf-8",
    )
    app = App((1600, 900), headless=True)
    menu = MenuScene(app)
    app.set_scene(menu)
    app.pump()
    assert app.settings["volume"] == 70 and app.settings["window_size"] == []
    assert app.settings["four_colour"] is True
    text = " ".join(d.body for d in menu.modals)
    assert "volume" in text and "window_size" in text and "5,000" in text
    assert len(text) < 1500
    app.render()


@pytest.mark.parametrize(
    "entry",
    [
        '{"seed": ' + "1" * 5000 + "}",
        '{"seed": 10000000000000}',
        '{"options": {"rounds": ' + "1" * 40 + "}}",
        '{"options": {"scoring": "a\\u0000"}}',
    ],
)
def test_a_remembered_setup_with_a_number_no_setup_holds_is_dropped(entry):
    settings.path().write_text('{"last_setup": {"crazy_eights": ' + entry + "}}", encoding="utf-8")
    loaded = settings.load()
    assert loaded["last_setup"] == {} and "last_setup.crazy_eights" in loaded.problem
    make_app().render()


def test_settings_with_numbers_in_bounds_load_as_they_are():
    doc = {"volume": 30, "last_setup": {"rage": {"seats": [], "options": {}, "seed": 10**12 - 1}}}
    settings.path().write_text(json.dumps(doc), encoding="utf-8")
    loaded = settings.load()
    assert loaded.problem is None and loaded["last_setup"]["rage"]["seed"] == 10**12 - 1


# ---------------------------------------------------------------- level files


def test_a_level_file_with_a_5000_digit_number_is_a_level_error(tmp_path):
    target = tmp_path / "crazy_eights.toml"
    target.write_text("[players]\nmin = " + "2" * 5000 + "\n", encoding="utf-8")
    with pytest.raises(levels.LevelError, match="number"):
        levels.parse_level(target, "crazy_eights")
