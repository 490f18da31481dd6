"""The score sheet's words: before any round is scored it says so in a sentence (no
empty grid with a bare "Total"), and a match of games (Crazier Eights) counts games."""

from __future__ import annotations

import pytest
from test_ui_round_end_position import first_sheet
from ui_helpers import click, drawn_words, make_app

from game.ui.scenes.table import TableScene
from game.ui.score_sheet import ScoreSheet
from game.ui.session import Seat, Session


@pytest.mark.parametrize(
    "game_id, sentence",
    [
        ("crazy_eights", "No round has finished yet."),
        ("rage", "No round has finished yet."),
        ("crazier_eights", "No game of this match has finished yet."),
    ],
)
def test_the_sheet_before_any_round_is_a_sentence(game_id, sentence, recording):
    app = make_app()
    seats = [Seat("Ana", "human", "normal")] + [Seat(f"P{i}", "ai", "normal") for i in (1, 2)]
    scene = TableScene(app, Session(game_id, {}, 3, seats, autosave=False))
    app.set_scene(scene)
    app.pump()
    assert not scene.session.state.history
    click(app, scene.sheet_button.rect.center)
    assert scene.modals and not isinstance(scene.modals[-1], ScoreSheet)
    words = drawn_words(app)
    assert sentence in words
    assert "Total" not in words  # no grid without a row


def test_a_match_of_games_counts_games_on_its_sheet(recording):
    app, scene = first_sheet("crazier_eights", {"games": 2})
    sheet = scene.modals[-1]
    assert isinstance(sheet, ScoreSheet)
    words = drawn_words(app)
    assert "Game" in words  # the first column's head
    assert "★ won the game · gold: leading on total" in words
    assert "Next game" in words and "Next round" not in words


def test_a_match_of_rounds_still_counts_rounds(recording):
    app, _scene = first_sheet("crazy_eights", {})
    words = drawn_words(app)
    assert "Round" in words and "Game" not in words
