"""The keyboard's focus ring stays visible where a player can only use the keyboard: on
the setup screen when a stepper is pressed to its end (the button greys out under the
ring), in Settings, and on the final results. Driven by real pygame key events; the ring
is read from the drawn frame (gold pixels just outside the focused button)."""

from __future__ import annotations

import pygame
from ui_helpers import key

from game.ui import theme
from game.ui.app import App
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.table import TableScene


def _ring_drawn(app: App, button) -> bool:
    """Is the gold focus ring drawn around ``button`` in the frame on screen?"""
    app.render()
    ring = button.rect.inflate(8, 8)  # Button.draw: a 3 px gold outline, 4 px outside
    y = button.rect.centery
    return all(tuple(app.screen.get_at((x, y)))[:3] == theme.GOLD for x in (ring.x, ring.right - 1))


def _setup(game_id: str) -> tuple[App, SetupScene]:
    app = App((1280, 720), headless=True)
    scene = SetupScene(app, game_id)
    app.set_scene(scene)
    app.pump()
    return app, scene


def _button(scene: SetupScene, stop_id: tuple):
    return next(stop[1] for stop in scene.stops if stop[0] == stop_id)


def test_the_ring_moves_to_plus_when_minus_reaches_the_fewest_players():
    app, scene = _setup("crazy_eights")
    scene.set_players(3)
    key(app, pygame.K_TAB)  # the first control: Players −
    assert scene.focus_id == ("players", -1)
    key(app, pygame.K_SPACE)  # 2 players, the fewest: − greys out under the ring
    assert scene.players == 2
    assert scene.focus_id == ("players", 1)
    assert _ring_drawn(app, _button(scene, ("players", 1)))
    key(app, pygame.K_RETURN)  # before: nothing focused, and this Enter started the game
    assert not isinstance(app.scene, TableScene)
    assert scene.players == 3


def test_the_ring_moves_to_minus_when_plus_reaches_the_most_players():
    app, scene = _setup("crazy_lab")  # 3 to 5 players
    scene.set_players(4)
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    assert scene.focus_id == ("players", 1)
    key(app, pygame.K_RETURN)
    assert scene.players == 5
    assert scene.focus_id == ("players", -1)
    assert _ring_drawn(app, _button(scene, ("players", -1)))


def test_an_option_stepper_at_its_end_hands_the_ring_to_its_other_button():
    app, scene = _setup("cross_rummy")
    scene.options["rounds"] = 2
    scene.layout()
    for _ in range(40):
        if scene.focus_id == ("option", "rounds", -1):
            break
        key(app, pygame.K_TAB)
    key(app, pygame.K_SPACE)  # 1 round, the fewest
    assert scene.options["rounds"] == 1
    assert scene.focus_id == ("option", "rounds", 1)
    assert _ring_drawn(app, _button(scene, ("option", "rounds", 1)))
    key(app, pygame.K_RETURN)
    assert not isinstance(app.scene, TableScene)
    assert scene.options["rounds"] == 2


def test_settings_are_reached_and_changed_from_the_keyboard():
    from game.services import i18n
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.settings import SettingsScene

    app = App((1280, 720), headless=True)
    scene = SettingsScene(app)
    app.set_scene(scene)
    app.pump()
    assert not any(b.focus for b in scene.buttons)  # no ring until a key asks for one
    try:
        for _ in range(6):  # AI speed, motion, four colours, full screen, sound, language
            key(app, pygame.K_TAB)
        language = scene.buttons[5]
        assert _ring_drawn(app, language)
        before = app.settings.get("language", "system")
        key(app, pygame.K_RETURN)
        assert app.settings["language"] != before
        assert _ring_drawn(app, scene.buttons[5])  # the ring stays on the new label
        key(app, pygame.K_UP)
        speed = app.settings.get("speed")
        for _ in range(4):
            key(app, pygame.K_UP)  # up to AI speed
        assert _ring_drawn(app, scene.buttons[0])
        key(app, pygame.K_SPACE)
        assert app.settings["speed"] != speed
        key(app, pygame.K_UP)  # round to Back, at the bottom
        assert _ring_drawn(app, scene.buttons[-1])
        key(app, pygame.K_RETURN)
        assert isinstance(app.scene, MenuScene)
    finally:
        i18n.set_language("en")


def _results(app: App):
    from game.ui.scenes.results import ResultsScene
    from game.ui.session import Seat, Session

    seats = [Seat("Me", "human"), Seat("Ana", "ai", "easy")]
    session = Session("crazy_eights", {"rounds": 1}, 5, seats, autosave=False)
    while not session.is_over():
        session.act(session.legal()[0])
    scene = ResultsScene(app, session)
    app.set_scene(scene)
    app.pump()
    return scene


def test_the_final_results_show_the_ring_and_reach_the_menu_by_keyboard():
    from game.ui.scenes.menu import MenuScene

    app = App((1280, 720), headless=True)
    scene = _results(app)
    play_again, menu = scene.buttons
    assert not _ring_drawn(app, play_again) and not _ring_drawn(app, menu)
    key(app, pygame.K_TAB)
    assert _ring_drawn(app, play_again)
    key(app, pygame.K_RIGHT)
    assert _ring_drawn(app, menu) and not _ring_drawn(app, play_again)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, MenuScene)


def test_enter_on_the_results_still_asks_before_a_new_deal():
    app = App((1280, 720), headless=True)
    scene = _results(app)
    key(app, pygame.K_RETURN)  # nothing focused: the question, never a new game at once
    assert app.scene is scene and scene.modals
    key(app, pygame.K_ESCAPE)
    assert not scene.modals
    key(app, pygame.K_TAB)  # Play again focused: the same question
    key(app, pygame.K_SPACE)
    assert app.scene is scene and scene.modals
