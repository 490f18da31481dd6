"""Crazier Eights: a card's large copy (shown while the pointer rests on a card) goes
when a drag ends, whether the card was played, discarded or refused, and comes back
only when the pointer moves onto a card again: it never stays up over End turn."""

from __future__ import annotations

import pygame
import pytest
from crazier_eights_helpers import rig
from test_ui_crazier_eights import _slot
from ui_helpers import drag, drawn_words, post

from game.services import i18n
from game.ui.app import App
from game.ui.scenes.table import TableScene
from game.ui.session import Seat, Session


def table_for(state):
    app = App((1280, 720), headless=True)
    app.settings["speed"] = "instant"
    seats = [Seat(f"P{i}", "human" if i == 0 else "ai", "normal") for i in range(state.players)]
    session = Session("crazier_eights", dict(state.options), 0, seats, state=state, autosave=False)
    scene = TableScene(app, session)
    app.set_scene(scene)
    for _ in range(3):
        app.pump(16)
    return app, scene.table


def move_to(app, pos) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    app.pump(16)


@pytest.mark.parametrize("how", ["played", "discarded", "refused"])
def test_the_large_copy_goes_when_a_drag_ends(how, recording):
    state = rig(
        [["castle", "joust", "feast"], ["tribute"]],
        [["merlin"], []],
        draw=["prophecy", "ride_out"],
        discard=["pilgrimage"],
    )
    app, table = table_for(state)
    card = {"played": "castle", "discarded": "joust", "refused": "feast"}[how]
    start = _slot(table, card)
    move_to(app, start)
    assert table.hover == card  # the pointer rests on the card: its large copy is up
    # let go left of the table's middle (the copy would stand on the right, over End turn)
    drop = {
        "played": (table.zone_rect.x + table.m.px(40), table.zone_rect.centery),
        "discarded": table.discard_rect.center,
        "refused": table.discard_rect.center,
    }[how]
    drag(app, start, drop)
    for _ in range(6):
        app.pump(16)
    assert (card in state.hands[0]) == (how == "refused")
    assert table.hover is None and table.zoom is None
    assert i18n._("End turn") in drawn_words(app)  # nothing drawn over it
    move_to(app, _slot(table, table.slots[0][0]))
    assert table.hover == table.slots[0][0]  # resting on a card again: its copy is back
