"""The setup screen: a choice that cannot apply at the player count adapts, or greys
out, with a plain sentence instead of an error at Start; every seat, level and option
is reached and changed from the keyboard alone; a team game shows who sits with whom.
Everything here is driven by real pygame key events and read from what was drawn."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import key, post

from game.services import i18n
from game.ui import textlog
from game.ui.app import App
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.table import TableScene


@pytest.fixture
def recording():
    textlog.start()
    yield
    textlog.stop()
    i18n.set_language("en")


def _setup(game_id: str = "crazier_eights") -> tuple[App, SetupScene]:
    app = App((1280, 720), headless=True)
    scene = SetupScene(app, game_id)
    app.set_scene(scene)
    app.pump()
    return app, scene


def _drawn(app) -> list[str]:
    surface = textlog.RecordingSurface(app.size)
    app.render(surface)
    return [d.words for d in textlog.drawn(surface)[0]]


def _focus(app, scene, stop_id, limit: int = 60) -> None:
    """Tab until the control ``stop_id`` has the focus (its ring drawn)."""
    for _ in range(limit):
        if scene.focus_id == stop_id:
            return
        key(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {stop_id}")


def _shift_tab(app) -> None:
    post(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_SHIFT, unicode="", scancode=0)
    app.pump()


def test_teams_of_three_adapt_to_four_players_with_a_plain_sentence(recording):
    app, scene = _setup()
    scene.set_players(6)
    _focus(app, scene, ("option", "teams"))
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scene.options["teams"] == "threes"
    _focus(app, scene, ("players", -1))
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)  # 4 players: threes cannot be played
    assert scene.players == 4 and scene.options["teams"] == "pairs"
    assert "Threes cannot be played by 4 players: pairs instead." in _drawn(app)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)  # back at 6: the player's own choice again
    assert scene.players == 6 and scene.options["teams"] == "threes"
    scene.set_players(4)
    session = scene.start()  # before: "options for crazier_eights: teams: ..." over the title
    assert session is not None and session.options["teams"] == "pairs"
    assert isinstance(app.scene, TableScene)


def test_an_option_with_no_other_choice_is_greyed_out_and_says_why(recording):
    app, scene = _setup()
    scene.set_players(3)  # no teams at all at three
    app.pump()
    teams = next(b for b in scene.widgets if b.label == "None")
    assert not teams.enabled  # greyed out, and the keyboard passes it by
    assert ("option", "teams") not in [stop[0] for stop in scene.stops]
    assert "The other choices need another number of players." in _drawn(app)


def test_every_control_is_reached_and_changed_from_the_keyboard():
    app, scene = _setup("crazy_eights")
    players = scene.players
    _focus(app, scene, ("players", 1))
    key(app, pygame.K_RETURN)
    assert scene.players == players + 1
    _focus(app, scene, ("kind", 1))
    key(app, pygame.K_SPACE)
    assert scene.seats[1]["kind"] == "human"
    key(app, pygame.K_SPACE)
    _shift_tab(app)  # back to the seat's name: Enter opens it for typing
    assert scene.focus_id == ("name", 1)
    key(app, pygame.K_RETURN)
    assert scene.editing == ("name", 1)
    key(app, pygame.K_RETURN)
    assert scene.editing is None
    _focus(app, scene, ("level", 2))
    before = scene.seats[2]["level"]
    key(app, pygame.K_RIGHT)
    assert scene.seats[2]["level"] != before
    _focus(app, scene, ("option", "scoring"))
    scoring = scene.options["scoring"]
    key(app, pygame.K_RIGHT)
    assert scene.options["scoring"] != scoring
    _focus(app, scene, ("start",))
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, TableScene)
    assert len(app.scene.session.seats) == players + 1


def test_enter_with_nothing_focused_still_starts():
    app, _scene = _setup("crazy_eights")
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, TableScene)


def test_a_team_game_shows_who_sits_with_whom(recording):
    app, scene = _setup()
    scene.set_players(4)
    _focus(app, scene, ("option", "teams"))
    key(app, pygame.K_RIGHT)
    assert scene.options["teams"] == "pairs"
    names = [s.name for s in scene.seat_list()]
    line = f"Teams: {names[0]} & {names[2]} · {names[1]} & {names[3]}"
    assert line in _drawn(app)
    key(app, pygame.K_LEFT)  # no teams: no such line
    assert not any(w.startswith("Teams:") for w in _drawn(app))


@pytest.mark.parametrize("size", [(960, 600), (1177, 633), (1280, 720)])
def test_the_teams_line_is_shown_with_the_most_seats_at_every_size(size, recording):
    app = App(size, headless=True)
    scene = SetupScene(app, "crazier_eights")
    app.set_scene(scene)
    scene.set_players(8)
    scene.change_option("teams", 1)
    app.pump()
    drawn = _drawn(app)
    assert scene.options["teams"] == "pairs"
    assert any(w.startswith("Teams: ") for w in drawn), drawn
