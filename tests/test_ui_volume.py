"""The volume in Settings reaches silence and comes back round to where it was: its
steps run 0-100 in tens, and the level on opening is always one of them."""

from __future__ import annotations

from ui_helpers import click, make_app

from game.ui.scenes.settings import SettingsScene


def _volume_button(scene):
    return next(b for b in scene.buttons if b.label.endswith(" %"))


def _click_round(app, scene, limit: int = 30) -> list[int]:
    """Click the volume button until it is back at the level it started from."""
    start = app.settings["volume"]
    seen = []
    for _ in range(limit):
        click(app, _volume_button(scene).rect.center)
        seen.append(app.settings["volume"])
        if seen[-1] == start:
            break
    return seen


def test_the_volume_reaches_zero_percent_and_the_default_comes_round_again():
    app = make_app()
    app.settings["volume"] = 70  # the default
    scene = SettingsScene(app)
    app.set_scene(scene)
    app.pump()
    seen = _click_round(app, scene)
    assert 0 in seen and seen[-1] == 70  # before: 80, 100, 20, ... never 0, never 70 again
    while app.settings["volume"] != 0:
        click(app, _volume_button(scene).rect.center)
    assert _volume_button(scene).label == "0 %"
    assert app.sounds.volume == 0  # silence, not the quietest step


def test_a_level_outside_the_steps_stays_reachable():
    app = make_app()
    app.settings["volume"] = 73  # an older version's level, or a hand-edited file
    scene = SettingsScene(app)
    app.set_scene(scene)
    app.pump()
    seen = _click_round(app, scene)
    assert seen[0] == 80 and 0 in seen and seen[-1] == 73
