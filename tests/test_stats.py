"""Statistics: a finished game against AI is counted once for its one human player; the
Statistics screen shows it; a damaged file is named and set aside, a bad record is
dropped without costing the good ones; reset asks first."""

from __future__ import annotations

import json

import pygame
from ui_helpers import make_app

from game.services import stats
from game.ui.scenes.statistics import StatisticsScene, rows
from game.ui.session import Seat, Session


def finish(session) -> None:
    for _ in range(5000):
        if session.is_over():
            return
        session.act(session.legal()[0])
    raise AssertionError("the game did not end")


def test_a_finished_game_is_counted_once_for_the_human():
    seats = [Seat("Me", "human")] + [Seat(f"Bot {i}", "ai", "normal") for i in (1, 2, 3)]
    s = Session("crazy_eights", {"rounds": 1}, 11, seats)
    finish(s)
    rec = stats.load()["crazy_eights/4/normal"]
    assert rec["games"] == 1 and rec["wins"] in (0, 1)
    assert rec["best_score"] is not None and rec["lower_wins"] in (True, False)
    won = s.state.scores()[0] == max(s.state.scores()) and s.state.scores()[0] > 0
    assert rec["wins"] == int(won) and rec["streak"] == int(won)


def test_hot_seat_games_are_not_counted():
    seats = [Seat("A", "human"), Seat("B", "human"), Seat("C", "ai", "normal")]
    finish(Session("crazy_eights", {"rounds": 1}, 12, seats))
    assert stats.load() == {}


def test_streaks_best_scores_and_undo_games():
    book: dict = {}
    for won, score, undone in [(True, 10, False), (True, 4, True), (False, 30, False)]:
        stats.add_game(book, "rage/4/hard", won, score, False, undone)
    rec = book["rage/4/hard"]
    assert (rec["games"], rec["wins"], rec["streak"], rec["best_streak"]) == (3, 2, 0, 2)
    assert rec["best_score"] == 30 and rec["score_sum"] == 44 and rec["undo_games"] == 1
    low: dict = {}
    for score in (12, 5, 9):
        stats.add_game(low, "cross_rummy/3/normal", False, score, True, False)
    assert low["cross_rummy/3/normal"]["best_score"] == 5


def test_a_bad_record_is_dropped_and_named_the_good_ones_kept():
    good = {
        "games": 2,
        "wins": 1,
        "streak": 1,
        "best_streak": 1,
        "undo_games": 0,
        "score_sum": 12,
        "best_score": 8,
        "lower_wins": False,
    }
    bad = dict(good, wins=5)
    stats.path().parent.mkdir(parents=True, exist_ok=True)
    stats.path().write_text(
        json.dumps(
            {
                "version": 1,
                "records": {"rage/4/normal": good, "crazy_lab/4/hard": bad, "chess/2/normal": good},
            },
            indent=1,
        )
    )
    loaded = stats.load()
    assert list(loaded) == ["rage/4/normal"]
    assert "crazy_lab/4/hard" in loaded.problem and "statistics.json" in loaded.problem
    assert list(stats.load()) == ["rage/4/normal"] and stats.load().problem is None


def test_a_damaged_file_is_set_aside_and_play_goes_on():
    stats.path().parent.mkdir(parents=True, exist_ok=True)
    stats.path().write_text("{not json")
    loaded = stats.load()
    assert loaded == {} and "not valid JSON" in loaded.problem
    assert list(stats.path().parent.glob("statistics.json.corrupt-*"))


def test_the_screen_shows_the_records_and_reset_asks_first():
    book: dict = {}
    stats.add_game(book, "rage/4/normal", True, 41, False, False)
    stats.save(book)
    assert rows(book)[0][:3] == ("Rage", "4", "Normal")
    app = make_app()
    scene = StatisticsScene(app)
    app.set_scene(scene)
    app.pump()
    scene.reset_button.on_click()
    dialog = scene.modals[-1]
    assert stats.load()  # asked, not yet done
    next(b for b in dialog.buttons if b.label == "Reset").on_click()
    assert stats.load() == {}
    surf = pygame.Surface(app.size)
    app.render(surf)
