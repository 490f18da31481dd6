"""Small robustness cases met by players: typing, a damaged setting, crash report names."""

from __future__ import annotations

import json

import pygame
from ui_helpers import make_app, post

from game.services import settings
from game.ui.crash_report import write_crash_report
from game.ui.scenes.setup import SetupScene


def test_the_seed_field_takes_only_ascii_digits_and_start_works():
    app = make_app()
    scene = SetupScene(app, "crazy_eights")
    app.set_scene(scene)
    scene.editing = ("seed",)
    for text in ("²", "٣", "7", "x", "4"):
        post(pygame.TEXTINPUT, text=text)
    app.pump()
    assert scene.seed_text == "74"
    session = scene.start()
    assert session is not None and session.seed == 74


def test_a_name_takes_no_unprintable_or_unsavable_character():
    app = make_app()
    scene = SetupScene(app, "crazy_eights")
    app.set_scene(scene)
    scene.seats[0]["name"] = ""
    scene.editing = ("name", 0)
    for text in ("A", "\ud800", "\n", "n", "a" * 40):
        post(pygame.TEXTINPUT, text=text)
    app.pump()
    name = scene.seats[0]["name"]
    assert name.startswith("Ana") and len(name) == 16
    name.encode("utf-8")


def test_a_speed_of_the_wrong_type_falls_back_and_the_app_starts(tmp_path, monkeypatch):
    home = tmp_path / "h"
    home.mkdir()
    monkeypatch.setenv("PARLOUR_HOME", str(home))
    (home / "settings.json").write_text(json.dumps({"speed": ["fast"], "four_colour": True}))
    loaded = settings.load()
    assert loaded["speed"] == "normal" and loaded["four_colour"] is True
    (home / "settings.json").write_text(json.dumps({"speed": {"a": 1}}))
    assert settings.load()["speed"] == "normal"


def test_two_crashes_in_one_second_keep_two_reports():
    paths = {write_crash_report(RuntimeError(f"boom {i}"), None) for i in range(3)}
    assert len(paths) == 3
