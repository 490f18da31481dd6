"""A replay at 1280x720 shows the live table's own layout above its bar, labels whole,
and never asks the viewer to move as if the game were being played."""

from __future__ import annotations

import pygame
import pytest
from test_replays import finish_a_game

from game import games
from game.services import replays
from game.ui import textlog, theme
from game.ui.app import App
from game.ui.scenes.replay import ReplayScene


def _replay(game_id: str, size=(1280, 720)) -> tuple[App, ReplayScene]:
    finish_a_game(game_id, seed=3, players=4)
    app = App(size, headless=True)
    app.settings["speed"] = "instant"
    scene = ReplayScene(app, replays.Replay(replays.listing()[0][0].saved))
    app.set_scene(scene)
    app.pump()
    return app, scene


@pytest.mark.parametrize("game_id", list(games.GAMES))
def test_the_table_is_laid_out_as_a_live_table_above_the_bar(game_id):
    app, scene = _replay(game_id)
    table = scene.table
    # the table is laid out in the room above the bar, its lengths scaled to that room
    # as in a window of its size, and no text under the whole window's readable floor
    assert table.area.bottom <= scene.bar.top
    assert scene.log.rect.bottom <= scene.bar.top
    assert table.area.h == scene.bar.top
    assert table.m.scale == theme.Metrics((app.size[0], scene.bar.top)).scale
    assert table.m.floor_px() == theme.readable_px(app.size)
    assert table.m.font_px(1) == theme.readable_px(app.size)


@pytest.mark.parametrize("lang", ["en", "de", "sv"])
def test_the_replay_bar_shows_every_label_whole(lang):
    from game.services import i18n

    i18n.set_language(lang)
    try:
        app, scene = _replay("crazy_eights")
        buttons = [*scene.controls, scene.seat_button]
        for b in buttons:
            need = theme.font(b.text_px, True).size(theme.spoken(b.label))[0]
            assert need <= b.rect.w - 2 * max(6, b.rect.h // 6) + 2, (b.label, b.rect)
            assert scene.bar.contains(b.rect)
            assert b.text_px >= scene.m.floor_px()
        rects = [b.rect for b in buttons]
        assert not any(r.colliderect(o) for i, r in enumerate(rects) for o in rects[i + 1 :])
        textlog.start()
        try:
            surface = textlog.RecordingSurface(app.size)
            app.render(surface)
            drawn = textlog.drawn(surface)[0]
        finally:
            textlog.stop()
        names = {scene.session.name(i) for i in range(1, 4)}
        bar_texts = [d for d in drawn if scene.bar.contains(d.rect)]
        assert names <= {d.words for d in bar_texts}  # every open hand's name whole
        assert not [d.words for d in bar_texts if d.cut]
    finally:
        i18n.set_language("en")


def test_a_replay_never_prompts_the_viewer_as_if_it_were_their_turn():
    app, scene = _replay("crazy_eights")
    k = next(k for k in range(len(scene.replay)) if scene.replay.movers[k] == 0)
    scene.jump(k)
    app.pump()
    assert scene.session.current() == 0 == scene.ctx.viewer
    assert not scene.table.own_turn()
    textlog.start()
    try:
        surface = textlog.RecordingSurface(app.size)
        app.render(surface)
        words = [d.words for d in textlog.drawn(surface)[0]]
    finally:
        textlog.stop()
    assert words and not [w for w in words if w.startswith("Your turn")]


def test_the_replay_layout_follows_a_resize():
    _app, scene = _replay("crazier_eights")
    scene.resize((1920, 1080))
    assert scene.bar.bottom == 1080 and scene.table.area.bottom <= scene.bar.top
    assert pygame.Rect(scene.table.area).w > 0
