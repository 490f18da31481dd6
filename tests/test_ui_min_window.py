"""Every table draws at the minimum window, at every stage a player can reach: no
panel is squeezed to a negative size, nothing raises, the hand stays on screen."""

from __future__ import annotations

import random

import pygame
import pytest

from game import games
from game.engine.limits import MIN_WINDOW
from game.tools.soak import advance
from game.ui.app import App
from game.ui.scenes.table import TableScene
from game.ui.session import Seat, Session

GAMES = list(games.GAMES)


def advanced(game_id: str, players: int, seed: int, moves: int):
    state = games.get(game_id).engine().new_game({"players": players}, seed)
    return advance(state, random.Random(seed), moves)


def draw_at(size, game_id: str, state, humans: int = 1) -> App:
    players = state.players
    seats = [
        Seat(f"Human {i + 1}", "human") if i < humans else Seat(f"Bot {i}", "ai", "normal")
        for i in range(players)
    ]
    app = App(size, headless=True)
    app.settings["speed"] = "instant"
    session = Session(game_id, {}, 1, seats, state=state, autosave=False)
    scene = TableScene(app, session)
    app.set_scene(scene)
    for _ in range(3):
        app.pump(16.0)
    return app


@pytest.mark.parametrize("game_id", GAMES)
def test_every_player_count_and_stage_draws_at_the_minimum_window(game_id):
    info = games.get(game_id)
    for players in range(info.min_players, info.max_players + 1):
        for moves in (0, 40, 400):
            state = advanced(game_id, players, 7 + players, moves)
            app = draw_at(MIN_WINDOW, game_id, state)
            assert app.size == MIN_WINDOW
            table, where = app.scene.table, f"{game_id} {players}p after {moves}"
            view = state.view(0)
            hand = getattr(view, "hand", None) or getattr(view, "rack", None)
            if hand and not state.is_over() and app.scene.ctx.viewer == 0:
                assert table.hand_faces_drawn, f"{where}: the hand was not drawn"
            screen = pygame.Rect((0, 0), MIN_WINDOW)
            for _card, centre, *_ in getattr(table, "slots", []):
                assert screen.collidepoint(centre), f"{where}: a hand card off screen"


def test_rage_five_players_predicting_in_round_four_fits_a_small_window():
    state = rage_round(5, 4)
    assert state.legal_actions()[0].startswith("predict:")
    for size in ((800, 600), MIN_WINDOW):
        app = draw_at(size, "rage", state)
        assert app.size == MIN_WINDOW  # a smaller window is laid out at the minimum


def rage_round(players: int, wanted: int):
    state = games.get("rage").engine().new_game({"players": players}, 3)
    rng = random.Random(3)
    while not (state.round == wanted and state.legal_actions()[0].startswith("predict:")):
        state.apply(rng.choice(state.legal_actions()))
    return state
