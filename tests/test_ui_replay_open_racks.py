"""A replay's bar lays every other Cross Rummy rack open as whole tiles that cover no
other tile's number, and a replay's panels never prompt the viewer as a live turn would."""

from __future__ import annotations

import pytest
from test_replays import finish_a_game

from game.services import i18n, replays
from game.ui import textlog, theme
from game.ui.app import App
from game.ui.scenes.replay import ReplayScene


def _replay(game_id: str, size=(1280, 720), seed: int = 3) -> tuple[App, ReplayScene]:
    finish_a_game(game_id, seed=seed, players=4)
    app = App(size, headless=True)
    app.settings["speed"] = "instant"
    scene = ReplayScene(app, replays.Replay(replays.listing()[0][0].saved))
    app.set_scene(scene)
    app.pump()
    return app, scene


def _drawn(app: App) -> list:
    textlog.start()
    try:
        surface = textlog.RecordingSurface(app.size)
        app.render(surface)
        return textlog.drawn(surface)[0]
    finally:
        textlog.stop()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_rage_replay_before_the_predictions_asks_nobody_to_predict(lang):
    i18n.set_language(lang)
    try:
        app, scene = _replay("rage")
        scene.jump(0)
        app.pump()
        view = scene.session.view(scene.ctx.viewer)
        assert view.phase == "predict" and view.predictions[scene.ctx.viewer] is None
        words = {d.words for d in _drawn(app)}
        assert theme.spoken(i18n.msg("Your round")) not in words
        assert i18n._("Predict your tricks") not in words
        # the panel still says what the seat it is seen by holds: its round, unpredicted
        assert scene.session.name(scene.ctx.viewer) in words
        assert i18n._("Prediction {p} · won {won}").format(p="–", won=0) in words
    finally:
        i18n.set_language("en")
