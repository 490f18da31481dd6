"""What a table draws under a round's (or a game's) score sheet is the position the
round ended in: the last card gone from its hand, every count after the last move and
the totals just scored; not the position before the last move, and not the next deal."""

from __future__ import annotations

import pytest
from ui_helpers import make_app, settle

from game.ui.round_end import round_end_position
from game.ui.scenes.table import TableScene
from game.ui.session import Seat, Session

CASES = [
    ("crazy_eights", {}),  # a round of a match
    ("crazy_eights", {"rounds": 1}),  # the match's last round
    ("crazier_eights", {}),  # a one-game match
    ("crazier_eights", {"games": 2}),  # a game of a longer match
    ("rage", {}),
    ("crazy_lab", {}),
    ("cross_rummy", {}),
    ("cross_rummy", {"rounds": 2}),
]


def first_sheet(game_id: str, options: dict, seed: int = 5):
    """A table of two or three bots (seat 0's eyes), run until the first sheet is up."""
    players = 3 if game_id in ("rage", "crazy_lab") else 2
    app = make_app()
    seats = [Seat(f"P{i}", "ai", "random") for i in range(players)]
    scene = TableScene(app, Session(game_id, dict(options), seed, seats))
    app.set_scene(scene)
    app.pump()
    settle(app, lambda: scene.modals, frames=40000, dt=50)
    assert scene.modals, "no score sheet came up"
    return app, scene


def hand_sizes(view) -> list[int]:
    return list(getattr(view, "hand_counts", None) or view.rack_counts)


@pytest.mark.parametrize("game_id, options", CASES)
def test_the_table_under_the_first_sheet_is_the_rounds_last_position(game_id, options):
    app, scene = first_sheet(game_id, options)
    state, view = scene.session.state, scene.table.view
    row = state.history[0]
    assert len(state.history) == 1
    assert view.totals == row["totals"]  # scored, as on the sheet
    assert getattr(view, "round", None) in (row["round"], None)
    assert getattr(view, "game", row["round"]) == row["round"]
    hands = row.get("hands") or row.get("racks")
    if hands is not None:
        assert hand_sizes(view) == [len(h) for h in hands]
        # drawn: seat 0's hand as the round left it, not with the card it just played
        app.pump()
        drawn = scene.table.hand_faces_drawn
        if game_id == "crazy_eights":  # its hand faces are recorded as drawn
            assert sorted(drawn) == sorted(hands[0])
    else:  # the trick games: every card of the round was played
        assert sum(hand_sizes(view)) == 0
    assert view.over == state.is_over()


def test_the_round_end_position_leaves_the_game_as_it_was():
    _app, scene = first_sheet("crazy_eights", {})
    session = scene.session
    before = session.state.view(0)
    ended = round_end_position(session)  # the log replayed, its last move with no deal after
    assert ended is not session.state
    assert ended.history[-1] == session.state.history[0]
    assert ended.actions == session.state.actions
    assert session.state.view(0) == before
    assert ended.round == session.state.round - 1  # the next round is not dealt there
