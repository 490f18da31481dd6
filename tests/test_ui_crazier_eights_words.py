"""Crazier Eights in German at 1280x720: the answers to a prompt are whole at the size
floor, and the empty table centre's words sit inside their box with a margin (issue 48,
item 2)."""

from __future__ import annotations

import random

import pytest
from ui_helpers import recorded_frame

from game.tools.audit import Auditor, Findings, inspect
from game.ui import textlog


def _table_at(players: int, seed: int, moves: int, size=(1280, 720)):
    """A table whose first seat (at the screen) is asked something after ``moves``
    random moves of a ``seed`` game."""
    from game import games as registry
    from game.tools.soak import advance
    from game.ui.app import App
    from game.ui.scenes.table import TableScene
    from game.ui.session import Seat, Session

    engine = registry.get("crazier_eights").engine()
    state = advance(engine.new_game({"players": players}, seed), random.Random(seed), moves)
    seats = [Seat("Ana", "human")] + [Seat(f"Bot {i}", "ai", "normal") for i in range(1, players)]
    app = App(size, headless=True)
    app.settings["speed"] = "instant"
    session = Session("crazier_eights", {}, seed, seats, state=state, autosave=False)
    scene = TableScene(app, session)
    app.set_scene(scene)
    for _ in range(4):
        app.pump(16.0)
    return app, scene


@pytest.mark.parametrize(
    ("seed", "moves", "kind"),
    [(15, 125, "pick_asset"), (29, 53, "pick_asset"), (1, 38, "pick_asset")],
)
def test_every_answer_is_whole_at_the_floor(german, seed, moves, kind):
    """Morgause's answers name a card and its owner ("5. Sir Lancelot (Bot 2)"): in two
    columns of the panel they were cut short; each is whole at the floor or above."""
    textlog.start()
    app, scene = _table_at(3, seed, moves)
    table = scene.table
    assert table.pending()["kind"] == kind and table.my_decision()
    assert table.option_buttons
    surface = recorded_frame(app)
    found = Findings()
    inspect(surface, "prompt", found)
    assert found.count() == 0, found.problems
    drawn = textlog.drawn(surface)[0]
    for b in table.option_buttons:
        inside = " ".join(d.words for d in drawn if b.rect.contains(d.rect))
        assert inside.split() == b.label.split(), (b.label, inside)
        assert b.rect.bottom <= table.panel_rect.bottom


def test_the_table_centre_words_keep_a_margin_and_their_colon(german):
    textlog.start()
    found = Findings()
    auditor = Auditor(found)
    for players in (3, 8):
        app, scene = auditor.table("crazier_eights", players, (1280, 720), 0)
        table = scene.table
        surface = recorded_frame(app)
        er, margin = table.event_rect, table.m.px(10)
        words = [d for d in textlog.drawn(surface)[0] if er.colliderect(d.rect)]
        assert words, "the empty table centre says what it is for"
        for d in words:
            assert er.inflate(-2 * margin, -2 * margin).contains(d.rect), (d.words, d.rect, er)
            assert d.px >= table.m.floor_px()
            assert d.words.strip() not in (":", "Tischmitte:"), d.words
        assert "Ereignis" in " ".join(d.words for d in words)
