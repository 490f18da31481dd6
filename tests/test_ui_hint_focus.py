"""A hint moves the keyboard focus onto the hinted card, so Enter plays it; the one ring
in the hand is the focus ring, and it never covers the next card's badge (issue 48,
items 11 and 24). The table thinks inline with an untimed bot (tests/conftest.py): the
hint is worked out as it is asked, from a fixed number of worlds, never by the clock."""

from __future__ import annotations

import random

import pygame

from game import games as registry
from game.tools.soak import advance
from game.ui import textlog
from game.ui.app import App
from game.ui.scenes.table import TableScene
from game.ui.session import Seat, Session
from tests.ui_helpers import key


def _main_phase(players: int = 3):
    """The first seeded Crazier Eights position where the first seat, at the screen, is
    in its main phase with at least two cards it may play or discard."""
    engine = registry.get("crazier_eights").engine()
    for seed in range(1, 200):
        state = engine.new_game({"players": players}, seed)
        rng = random.Random(seed)
        for _ in range(60):
            p = state.view(0).pending
            if state.current_player() == 0 and p and p["kind"] == "main":
                cards = {a.split(":")[1] for a in state.legal_actions() if ":" in a}
                if len(cards) >= 2:
                    return seed, state
            if state.is_over():
                break
            advance(state, rng, 1)
    raise AssertionError("no main phase found")


def _table(size=(1280, 720)):
    seed, state = _main_phase()
    seats = [Seat("Ana", "human"), Seat("Ben", "ai", "normal"), Seat("Chloé", "ai", "normal")]
    app = App(size, headless=True)
    app.settings["speed"] = "instant"
    session = Session("crazier_eights", {}, seed, seats, state=state, autosave=False)
    scene = TableScene(app, session)
    app.set_scene(scene)
    app.pump(16.0)
    return app, scene


def _hint(app, scene) -> dict:
    key(app, pygame.K_h)  # the frame that asks (inline: answered at once)
    app.pump(16.0)  # the frame that takes the answer
    hint = scene.seat_layer.hint
    assert hint is not None and hint["text"].startswith("Hint: "), hint
    return hint


def test_h_then_enter_plays_the_hinted_card():
    app, scene = _table()
    table = scene.table
    assert table.focus is None  # no arrow pressed
    hint = _hint(app, scene)
    assert hint["card"] is not None, hint
    assert table.slots[table.focus][0] == hint["card"]
    before = len(scene.session.state.actions)
    key(app, pygame.K_RETURN)
    for _ in range(4):
        app.pump(16.0)
    played = scene.session.state.actions[before:]
    assert played, "Enter after H played nothing"
    assert played[0].split(":")[1] == hint["card"], (played[0], hint["card"])


def test_the_focused_cards_ring_leaves_every_badge_whole():
    """Each usable card's badge ("play", "discard") reads whole with the hinted card
    focused and ringed: the badges of the other cards are drawn pixel for pixel as they
    are with no card focused (a ring drawn over the hand crossed the next card's badge,
    which then read "d scard")."""
    from game.tools.audit import Findings, inspect

    textlog.start()
    try:
        app, scene = _table()
        table = scene.table
        _hint(app, scene)
        ringed = textlog.RecordingSurface(app.size)
        app.render(ringed)
        found = Findings()
        inspect(ringed, "hinted", found)
        assert found.count() == 0, found.problems
        focused = table.slots[table.focus][0]
        table.focus, scene.seat_layer.hint = None, None
        plain = textlog.RecordingSurface(app.size)
        app.render(plain)
        badge_words = {"play", "discard", "play · discard"}
        badges = [d for d in textlog.drawn(plain)[0] if d.words in badge_words]
        assert len(badges) >= 2, [d.words for d in textlog.drawn(plain)[0]]
        same = [
            d.rect
            for d in textlog.drawn(ringed)[0]
            if d.words in badge_words and any(b.rect == d.rect for b in badges)
        ]
        assert len(same) >= len(badges) - 2  # all but the focused card's (lifted, 2 lines)
        for rect in same:
            for x in range(rect.x, rect.right):
                for y in range(rect.y, rect.bottom):
                    assert ringed.get_at((x, y)) == plain.get_at((x, y)), (focused, rect)
    finally:
        textlog.stop()
