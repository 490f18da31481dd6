"""Every panel tells the same story: whose move the screen shows, the points, the log.

The table replays the engine's events at a pace a person can follow; the plates, the
prompt, the score panel and the game log all follow that replay, not the engine (which
is already ahead), so they never disagree with each other.
"""

from __future__ import annotations

import pygame
from ui_helpers import key, make_app, settle, table_scene, texts_drawn

from game.ui.score_sheet import ScoreSheet


def test_while_a_round_sheet_is_up_the_table_shows_that_round_only(monkeypatch):
    app = make_app()
    scene = table_scene(app, seed=11, humans=(), players=3, options={"rounds": 3})
    settle(app, lambda: scene.modals, frames=2000, dt=20)
    assert isinstance(scene.modals[-1], ScoreSheet)
    session, table = scene.session, scene.table
    row = session.state.history[0]
    # the engine has dealt round 2 already; the screen has not
    assert session.state.round == 2
    shown = session.log[: scene.log_shown]
    assert shown[-1].kind == "round_end" and len(session.log) > len(shown)
    assert table.on_move() is None  # nobody is "thinking" over a finished round
    drawn = texts_drawn(app, monkeypatch)
    for seat in range(3):
        assert any(t.endswith(f"· {row['totals'][seat]} pts") for t in drawn), seat
    assert not any("thinking" in t or t.endswith("'s turn") for t in drawn)
    assert not any(t.startswith("The starter is") for t in drawn)
    end = scene.log_shown
    key(app, pygame.K_RETURN)  # the next round starts on screen only now
    settle(app, lambda: scene.log_shown > end + 1, frames=200, dt=20)
    assert any(e.kind == "starter" for e in session.log[end : scene.log_shown])


def test_the_plate_dot_and_prompt_wait_for_the_moves_to_land():
    app = make_app(speed="normal")
    scene = table_scene(app, seed=3, humans=(), players=4)
    table = scene.table
    seen = []
    for _ in range(400):
        app.pump(16)
        if table.busy():
            seen.append(table.on_move())
        if len(seen) > 20:
            break
    assert seen and all(s is None for s in seen)  # mid-animation: nobody is shown to move
    settle(app, lambda: not table.busy() and not scene.steps, frames=200, dt=16)
    assert table.on_move() == table.view.current_player


def test_enter_on_the_final_results_asks_before_a_new_game():
    from game.ui.scenes.results import ResultsScene

    app = make_app()
    scene = table_scene(app, seed=11, humans=(), players=3, options={"rounds": 1})
    settle(app, lambda: scene.modals, frames=2000, dt=20)
    key(app, pygame.K_RETURN)  # "See the results"
    settle(app, lambda: isinstance(app.scene, ResultsScene), frames=50)
    results = app.scene
    key(app, pygame.K_RETURN)  # a second Enter: a question, not a new deal
    assert app.scene is results and results.modals
    assert results.modals[-1].title == "Play again?"
    key(app, pygame.K_ESCAPE)
    assert app.scene is results and not results.modals
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)  # confirmed
    assert app.scene is not results and app.scene.session is not scene.session
