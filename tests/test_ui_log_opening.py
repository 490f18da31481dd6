"""The game log starts with the deal: every event the engine logs before the first
decision (Crazier Eights' deal and first draw, Rage's turned trump) is in the panel,
in a new game, after an undo, in a resumed game and in every replay position."""

from __future__ import annotations

import pytest
from ui_helpers import make_app

from game import games
from game.services import replays
from game.ui import textlog
from game.ui.scenes.replay import ReplayScene
from game.ui.scenes.table import TableScene
from game.ui.session import Seat, Session


def _panel_words(app) -> list[str]:
    surface = textlog.RecordingSurface(app.size)
    app.render(surface)
    rect = app.scene.log.rect
    return [d.words for d in textlog.drawn(surface)[0] if rect.contains(d.rect)]


def _seats(players: int) -> list[Seat]:
    return [Seat("Me", "human")] + [Seat(f"AI{i}", "ai", "normal") for i in range(1, players)]


@pytest.mark.parametrize("game_id", list(games.GAMES))
def test_a_new_game_log_opens_with_the_deal(game_id, recording):
    session = Session(game_id, {}, 5, _seats(4), autosave=False)
    opening = session.state.opening
    assert opening and session.log[: len(opening)] == opening
    app = make_app()
    app.set_scene(TableScene(app, session, live=False))
    app.pump()
    words = _panel_words(app)
    assert "No moves yet." not in words
    first = session.words(opening[0], 0)
    assert any(first.startswith(w.rstrip("…")) for w in words if w), (first, words)


def test_rage_round_one_logs_its_turned_trump():
    session = Session("rage", {}, 5, _seats(4), autosave=False)
    assert any(e.kind == "trump" for e in session.log)
    assert "is turned: trump is" in session.words(
        next(e for e in session.log if e.kind == "trump"), 0
    )


def test_crazier_eights_opening_lines_survive_undo_resume_and_replay():
    session = Session("crazier_eights", {}, 5, _seats(3), autosave=False)
    opening = list(session.log)
    assert [e.kind for e in opening][:1] == ["deal"] and len(opening) >= 2
    while session.current() != 0 or not session.state.actions:
        cur = session.current()
        session.act(session.ai.bot(cur).choose(session.view(cur), session.legal()))
    session.undo()
    assert [e.text for e in session.log[: len(opening)]] == [e.text for e in opening]
    session.rebuild_log(list(session.state.actions))
    assert [e.text for e in session.log[: len(opening)]] == [e.text for e in opening]


def test_a_replay_shows_the_opening_at_every_position():
    session = Session("rage", {}, 3, _seats(3))
    while not session.is_over():
        cur = session.current()
        session.act(session.ai.bot(cur).choose(session.view(cur), session.legal()))
    app = make_app()
    scene = ReplayScene(app, replays.Replay(replays.listing()[0][0].saved))
    app.set_scene(scene)
    app.pump()
    for k in (0, 3):
        scene.jump(k)
        assert any(e.kind == "trump" for e in scene.session.log[:2])
