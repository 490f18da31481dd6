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


def _bar_texts(app: App, scene: ReplayScene) -> list:
    return [d for d in _drawn(app) if d.rect.colliderect(scene.bar)]


@pytest.mark.parametrize(("size", "lang"), [((1280, 720), "en"), ((3840, 2160), "sv")])
def test_every_open_rack_is_whole_tiles_none_over_another(size, lang):
    """Each other seat's rack in the bar: every tile's number (or a Draw Three's "+3")
    drawn once, whole, at the readable floor, inside the bar and clear of every other
    text; the bar grows by a row when a rack needs one."""
    i18n.set_language(lang)
    try:
        app, scene = _replay("cross_rummy", size)
        floor = theme.readable_px(size)
        heights = set()
        for k in (0, len(scene.replay) // 2, len(scene.replay)):
            scene.jump(k)
            app.pump()
            others = [s for s in range(4) if s != scene.ctx.viewer]
            racks = [scene.hand_of(s) for s in others]
            numbers = sorted(
                "+3" if t == "DRAW3" else t[1:] for rack in racks for t in rack if t != "SWAP"
            )
            texts = _bar_texts(app, scene)
            names = {scene.session.name(s) for s in others}
            faces = [d for d in texts if d.words not in names and d.rect.y >= scene.hands_y]
            assert sorted(d.words for d in faces) == numbers, k
            for i, d in enumerate(texts):
                assert scene.bar.contains(d.rect) and not d.cut and not d.clipped, d
                assert d.px >= floor, d
                for other in texts[i + 1 :]:
                    assert not d.rect.colliderect(other.rect), (k, d, other)
            heights.add(scene.bar.h)
            assert scene.table.area.bottom <= scene.bar.top
        assert min(heights) >= scene.m.px(190)
    finally:
        i18n.set_language("en")
