"""A finished trick (Rage, Crazy Lab) is held on the table, its winning card ringed and
its winner named, long enough to take in at every speed, instant included; a click
moves on sooner."""

from __future__ import annotations

import pytest
from ui_helpers import click, make_app

from game.ui import textlog
from game.ui.scenes.table import TableScene
from game.ui.session import Seat, Session
from game.ui.tables.trick.animation import held_trick

FRAME_MS = 50.0


def bots_table(game_id: str, speed: str):
    app = make_app(speed)
    seats = [Seat(f"P{i}", "ai", "random") for i in range(3)]
    scene = TableScene(app, Session(game_id, {}, 4, seats, autosave=False))
    app.set_scene(scene)
    app.pump()
    return app, scene


def until_a_trick_is_held(app, scene, frames: int = 20000):
    for _ in range(frames):
        hold = held_trick(scene.table)
        if hold is not None:
            return hold
        app.pump(FRAME_MS)
    raise AssertionError("no trick was won")


def drawn_words(app) -> list[str]:
    textlog.start()
    try:
        surface = textlog.RecordingSurface(app.size)
        app.render(surface)
        return [str(d.words) for d in textlog.drawn(surface)[0]]
    finally:
        textlog.stop()


@pytest.mark.parametrize("speed", ["instant", "fast", "normal"])
@pytest.mark.parametrize("game_id", ["rage", "crazy_lab"])
def test_the_won_trick_is_held_with_its_winner_named(game_id, speed):
    app, scene = bots_table(game_id, speed)
    table = scene.table
    hold = until_a_trick_is_held(app, scene)
    winner = hold.tag[1]
    began = table.anim.now
    app.pump(FRAME_MS)  # the trick's last card lands in the frame the hold begins
    trick = list(table.shown)
    assert len(trick) == 3 and winner in {s for s, _ in trick}
    assert f"{scene.session.name(winner)} wins" in drawn_words(app)
    while held_trick(table) is hold:
        assert table.shown == trick  # the whole trick stays while it is held
        app.pump(FRAME_MS)
    assert table.anim.now - began >= 1500 - FRAME_MS  # at least a second and a half


def test_a_click_moves_on_from_a_held_trick():
    app, scene = bots_table("rage", "normal")
    table = scene.table
    hold = until_a_trick_is_held(app, scene)
    began = table.anim.now
    click(app, table.centre)
    app.pump(FRAME_MS)
    assert held_trick(table) is not hold
    assert table.anim.now - began < 500
    for _ in range(200):  # the trick then goes to its winner as usual
        if not table.shown:
            break
        app.pump(FRAME_MS)
    assert not table.shown
