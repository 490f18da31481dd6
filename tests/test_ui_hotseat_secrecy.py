"""Hot-seat secrecy, for every game: nothing drawn for one player outlives their turn.

Two humans share the screen. The first makes a move the engine refuses (its toast names
the card), then ends the turn; when the second player's hand-off cover is up, the frame
must be exactly the bare cover: no toast, no card face, no text of the previous turn.
The pause menu, the score sheet and the rules help never show a hand behind them.
"""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import key, make_app, settle, texts_drawn

from game import games
from game.ui.scenes.table import TableScene
from game.ui.session import Seat, Session
from game.ui.widgets import HandOff

GAMES = list(games.GAMES)


def _hotseat(game_id: str, seed: int = 4):
    info = games.get(game_id)
    players = max(info.min_players, 3) if info.min_players > 2 else 2
    seats = [Seat(f"Human {i + 1}", "human") for i in range(2)]
    seats += [Seat(f"Bot {i}", "ai", "normal") for i in range(2, players)]
    app = make_app()  # instant speed: AI seats answer without pacing
    session = Session(game_id, {}, seed, seats, autosave=False)
    scene = TableScene(app, session)
    app.set_scene(scene)
    app.pump()
    return app, session, scene


def _cover(scene) -> HandOff | None:
    return next((d for d in scene.modals if isinstance(d, HandOff)), None)


def _take_seat(app, scene) -> int:
    """Wait for a human's cover, click through it; the seat now at the screen."""
    settle(app, lambda: _cover(scene) is not None, dt=16)
    assert _cover(scene) is not None
    key(app, pygame.K_RETURN)
    settle(app, lambda: scene.ctx.can_act, dt=16)
    assert scene.ctx.can_act
    return scene.ctx.viewer


def _hand(view) -> list[str]:
    for attr in ("hand", "rack"):
        if hasattr(view, attr):
            return [str(c) for c in getattr(view, attr)]
    return []


def _refuse_something(app, scene, seat: int) -> str:
    """Submit, as the seat at the screen, a move naming one of its cards that the engine
    refuses; the refusal's toast is then on screen for that seat."""
    session = scene.session
    hand = _hand(session.view(seat))
    candidates = [f"{p}{c}" for c in hand for p in ("", "play:", "take:", "discard:")]
    candidates += ["draw", "pass", "end", "not-a-move"]
    action = next(a for a in candidates if session.refusal(a) is not None)
    assert scene.submit(action) is False
    app.pump(16)
    assert scene.seat_layer.toasts.messages(), "the refusal should show for its seat"
    return action


def _end_turn(app, scene, seat: int) -> None:
    session = scene.session
    for _ in range(60):
        if session.current() != seat or session.is_over():
            return
        settle(app, lambda: scene.ctx.can_act or scene.modals, dt=16)
        if scene.modals:  # a seat's own chooser: take its first answer
            key(app, pygame.K_RETURN)
            continue
        legal = session.legal()
        pick = next((a for a in ("end", "pass", "draw") if a in legal), legal[0])
        scene.submit(pick)
        app.pump(16)
    raise AssertionError("the turn did not end")


def _bare_cover(name_owner: HandOff, size) -> pygame.Surface:
    bare = HandOff(name_owner.name, lambda: None, "turn", lambda: None)
    bare.title = name_owner.title
    bare.body = name_owner.body
    bare.layout(size)
    surface = pygame.Surface(size)
    bare.draw(surface)
    return surface


@pytest.mark.parametrize("game_id", GAMES)
def test_the_next_players_cover_shows_nothing_of_the_previous_turn(game_id, monkeypatch):
    app, session, scene = _hotseat(game_id)
    first = _take_seat(app, scene)
    _refuse_something(app, scene, first)
    toast_text, expires, _ = scene.seat_layer.toasts.items[-1]
    _end_turn(app, scene, first)
    settle(
        app,
        lambda: _cover(scene) is not None and session.current() != first,
        dt=16,
    )
    cover = _cover(scene)
    assert cover is not None and session.current() != first
    assert app.now < expires  # the toast's time is not over: only the seat layer removed it
    drawn = texts_drawn(app, monkeypatch, fresh=False)
    frame = pygame.image.tobytes(app.screen, "RGB")
    assert toast_text not in drawn
    assert scene.table.faces_drawn == [] and scene.table.hand_faces_drawn == []
    assert app.toasts.messages() == [] and scene.seat_layer.toasts.messages() == []
    # the frame is the cover and nothing else, pixel for pixel
    bare = _bare_cover(cover, app.screen.get_size())
    assert frame == pygame.image.tobytes(bare, "RGB")


@pytest.mark.parametrize("game_id", GAMES)
def test_pause_sheet_and_help_show_no_hand_in_hotseat(game_id):
    app, _session, scene = _hotseat(game_id, seed=7)
    seat = _take_seat(app, scene)
    app.render()
    assert scene.table.hand_faces_drawn or scene.table.faces_drawn or game_id == "cross_rummy"
    key(app, pygame.K_ESCAPE)  # the pause menu
    assert scene.modals and scene.modals[-1].title == "Paused"
    app.render()
    assert scene.table.faces_drawn == [] and scene.table.hand_faces_drawn == []
    key(app, pygame.K_ESCAPE)  # back to the turn
    assert not scene.modals and scene.ctx.viewer == seat
    scene.show_sheet()
    app.render()
    assert scene.table.faces_drawn == [] and scene.table.hand_faces_drawn == []
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_F1)
    assert app.help is not None
    app.render()
    assert scene.table.faces_drawn == [] and scene.table.hand_faces_drawn == []


def test_a_single_human_keeps_the_table_behind_the_pause_menu():
    app = make_app()
    seats = [Seat("Me", "human")] + [Seat(f"Bot {i}", "ai") for i in range(1, 4)]
    scene = TableScene(app, Session("crazy_eights", {}, 5, seats, autosave=False))
    app.set_scene(scene)
    app.pump()
    key(app, pygame.K_ESCAPE)
    app.render()
    assert scene.table.hand_faces_drawn  # nobody else is at the screen


def test_a_change_of_viewer_clears_the_seats_layer():
    app, _session, scene = _hotseat("crazy_eights")
    seat = _take_seat(app, scene)
    scene.table.hover = "X"
    scene.table.focus = 2
    scene.toast("only for this seat")
    scene.set_viewer(None)
    assert scene.seat_layer.toasts.messages() == []
    assert scene.table.hover is None and scene.table.focus is None
    assert scene.seat_layer.owner is None and seat is not None
