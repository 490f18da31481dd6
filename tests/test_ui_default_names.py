"""A remembered seat name the player never typed ("Player 1", as the setup wrote it)
follows the language shown: German setup and table say "Spieler 1", Swedish "Spelare 1".
A name the player typed stays as it is."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import key

from game.services import i18n
from game.ui import textlog
from game.ui.app import App
from game.ui.scenes.setup import SetupScene


@pytest.fixture(autouse=True)
def english_after():
    textlog.start()
    yield
    textlog.stop()
    i18n.set_language("en")


def remembered_setup(lang: str, names: list[str]) -> tuple[App, SetupScene]:
    app = App((1280, 720), headless=True)
    seats = [{"name": names[0], "kind": "human"}] + [
        {"name": name, "kind": "ai", "level": "normal"} for name in names[1:]
    ]
    app.settings["last_setup"] = {"crazy_eights": {"seats": seats}}
    app.settings["language"] = lang
    i18n.set_language(lang)
    scene = SetupScene(app, "crazy_eights")
    app.set_scene(scene)
    app.pump()
    return app, scene


def drawn(app) -> list[str]:
    surface = textlog.RecordingSurface(app.size)
    app.render(surface)
    return [d.words for d in textlog.drawn(surface)[0]]


@pytest.mark.parametrize(("lang", "shown"), [("de", "Spieler 1"), ("sv", "Spelare 1")])
def test_an_english_default_name_is_said_in_the_language_shown(lang, shown):
    app, scene = remembered_setup(lang, ["Player 1", "Ben", "Chloé"])
    assert scene.seats[0]["name"] == shown
    words = drawn(app)
    assert shown in words and "Player 1" not in words
    key(app, pygame.K_RETURN)  # start: the table seats the player under that name
    session = app.scene.session
    assert session.seats[0].name == shown


def test_a_default_name_in_another_language_follows_too_and_a_typed_name_stays():
    _app, scene = remembered_setup("en", ["Spelare 2", "Ben", "Chloé"])
    assert scene.seats[0]["name"] == "Player 2"
    _app, scene = remembered_setup("de", ["Players 1", "Ben", "Chloé"])
    assert scene.seats[0]["name"] == "Players 1"
    _app, scene = remembered_setup("sv", ["Jonas", "Ben", "Chloé"])
    assert scene.seats[0]["name"] == "Jonas"
    assert i18n.default_name_number("Spieler 12") == 12
    assert i18n.default_name_number("Spieler 1 x") is None


def test_a_lesson_seats_the_player_under_the_default_name_in_the_language_shown():
    from game.ui.scenes.lesson import player_name

    i18n.set_language("sv")
    settings = {"last_setup": {"rage": {"seats": [{"name": "Player 1", "kind": "human"}]}}}
    assert player_name(settings, "rage") == "Spelare 1"
    settings["last_setup"]["rage"]["seats"][0]["name"] = "Max"
    assert player_name(settings, "rage") == "Max"
