"""A replay's bar lays every other Cross Rummy rack open as whole tiles that cover no
other tile's number, and a replay's panels never prompt the viewer as a live turn would."""

from __future__ import annotations

import pytest
from test_replays import finish_a_game

from game.services import i18n, replays
from game.ui import textlog, theme
from game.ui.app import App
from game.ui.scenes.replay import ReplayScene


@pytest.fixture(autouse=True)
def recording():
    """Every text drawn is recorded from before the scene is built (a table caches layers
    it drew, and only what was drawn while recording carries its words)."""
    textlog.start()
    yield
    textlog.stop()
    i18n.set_language("en")


def _replay(game_id: str, size=(1280, 720), lang: str = "en") -> tuple[App, ReplayScene]:
    finish_a_game(game_id, seed=3, players=4)
    return _watch(replays.Replay(replays.listing()[0][0].saved), size, lang)


def _watch(replay, size, lang: str) -> tuple[App, ReplayScene]:
    app = App(size, headless=True)  # it sets the language of its settings
    i18n.set_language(lang)
    app.settings["speed"] = "instant"
    scene = ReplayScene(app, replay)
    app.set_scene(scene)
    app.pump()
    return app, scene


def _drawn(app: App) -> list:
    surface = textlog.RecordingSurface(app.size)
    app.render(surface)
    return textlog.drawn(surface)[0]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_rage_replay_before_the_predictions_asks_nobody_to_predict(lang):
    app, scene = _replay("rage", lang=lang)
    scene.jump(0)
    app.pump()
    view = scene.session.view(scene.ctx.viewer)
    assert view.phase == "predict" and view.predictions[scene.ctx.viewer] is None
    words = {d.words for d in _drawn(app)}
    assert i18n.language() == lang
    assert theme.spoken(i18n.msg("Your round")) not in words
    assert i18n._("Predict your tricks") not in words
    # the panel still says what the seat it is seen by holds: its round, unpredicted
    assert scene.session.name(scene.ctx.viewer) in words
    assert i18n._("Prediction {p} · won {won}").format(p="–", won=0) in words


def _bar_texts(app: App, scene: ReplayScene) -> list:
    return [d for d in _drawn(app) if d.rect.colliderect(scene.bar)]


@pytest.mark.parametrize(("size", "lang"), [((1280, 720), "en"), ((3840, 2160), "sv")])
def test_every_open_rack_is_whole_tiles_none_over_another(size, lang):
    """Each other seat's rack in the bar: every tile's number (or a Draw Three's "+3")
    drawn once, whole, at the readable floor, inside the bar and clear of every other
    text (no Swap's word over a Draw Three's); the table above stays above the bar."""
    app, scene = _long_replay(size, lang)
    floor = theme.readable_px(size)
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
        assert scene.table.area.bottom <= scene.bar.top
        assert scene.bar.h >= scene.m.px(190)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_short_room_above_a_grown_bar_keeps_the_board_and_side_panel_readable(lang):
    """At the smallest window the app opens, the open racks take a third row and the
    table above is laid out smaller: the board's tile numbers stay at the floor and the
    side panel's lines ("Gruppen 2 von 4") stay clear of each other."""
    from game.tools.audit import Findings, inspect

    app, scene = _long_replay((1177, 633), lang)
    k = len(scene.replay) // 2  # mid-game: three racks of 22 tiles and more
    assert max(len(r) for r in _racks_at(scene, k)) > 2 * scene.tile_plan[1]
    scene.jump(k)
    app.pump()
    assert scene.bar.h > scene.m.px(190)  # the bar grew by a row
    assert scene.table.view.table  # tiles on the board
    surface = textlog.RecordingSurface(app.size)
    app.render(surface)
    found = Findings()
    inspect(surface, "replay", found)
    assert found.count() == 0, found.problems


def _racks_at(scene: ReplayScene, k: int) -> list[list]:
    state = scene.replay.state_at(k)
    return [scene.hand_of(s, state) for s in range(4) if s != scene.ctx.viewer]


def _long_replay(size, lang: str) -> tuple[App, ReplayScene]:
    """A game of random legal moves from seed 7 (the audit's): racks grow past 24 tiles,
    and Swap and Draw Three tiles sit side by side in a rack at the start."""
    import random

    from game import games
    from game.services import saves
    from game.tools.soak import advance

    start = games.get("cross_rummy").engine().new_game({"players": 4}, 7)
    state = advance(start, random.Random(7), 3000)
    seats = [{"name": name, "kind": "ai"} for name in ("Player 1", "Ben", "Chloé", "Dev")]
    seats[0]["kind"] = "human"
    saved = saves.SavedGame("cross_rummy", {"players": 4}, 7, seats, list(state.actions))
    return _watch(replays.Replay(saved), size, lang)
