"""Refusals on the card tables: the frame after a refused drag is whole without further
input, and a refusal toast goes with the position it was about."""

from __future__ import annotations

import random

import pygame
from ui_helpers import click, drag, find_seed, make_app, settle, table_scene, toast_messages

from game.engine import rage
from game.engine.cards import NAMES
from game.ui.scenes.table import TableScene
from game.ui.session import Seat, Session


def run_like_the_window(app, frames: int = 400, dt: float = 20.0) -> int:
    """Advance time as ``App.loop`` does with no input: a frame is drawn only while
    something moves or the app is dirty. Returns the frames it took to go idle."""
    for n in range(frames):
        moving = app.update(dt)
        if moving or app.dirty:
            app.render()
        elif not app.scene.table.busy():
            return n
    raise AssertionError("the table never went idle")


def assert_screen_is_whole(app) -> None:
    """What is on the screen equals a frame drawn afresh of the same moment."""
    shown = app.screen.copy()
    fresh = pygame.Surface(app.size)
    app.scene.table.forget_layer()
    app.render(fresh)
    assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(fresh, "RGB")


def test_a_refused_drag_on_crazy_eights_leaves_a_whole_frame_without_more_input():
    playable = lambda s: {NAMES[c] for c in s.playable_cards(0)}  # noqa: E731
    seed = find_seed(lambda s: len(s.playable_cards(0)) < len(s.hands[0]))
    app = make_app(speed="normal")
    scene = table_scene(app, seed)
    table, state = scene.table, scene.session.state
    card = next(c for c, _, _ in table.slots if c not in playable(state))
    drag(app, table.slot_of(card), table.discard_c)  # let go with no further motion
    assert state.actions == [] and table.anim.flying(("card", card))
    run_like_the_window(app)
    assert scene.ctx.can_act and not table.anim.busy()
    assert_screen_is_whole(app)


def _rage_seat_0_with_a_refusable_card(limit=400):
    for seed in range(1, limit):
        state = rage.new_game({"players": 3}, seed)
        rng = random.Random(seed)
        while state.round <= 2:
            if (
                state.current_player() == 0
                and state.phase == "play"
                and state.trick
                and len(state.playable(0)) < len(state.hands[0])
            ):
                return seed, state
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no position found")


def rage_scene(app, seed, state):
    seats = [Seat(f"P{i}", "human" if i == 0 else "ai", "normal") for i in range(3)]
    session = Session("rage", {"players": 3}, seed, seats, state=state, autosave=False)
    scene = TableScene(app, session)
    app.set_scene(scene)
    app.pump()
    settle(app, lambda: scene.ctx.can_act and not scene.modals, dt=20)
    return scene


def test_a_refused_drag_on_a_trick_table_leaves_a_whole_frame_without_more_input():
    seed, state = _rage_seat_0_with_a_refusable_card()
    app = make_app(speed="normal")
    scene = rage_scene(app, seed, state)
    table = scene.table
    bad = next(i for i, (c, _, _) in enumerate(table.slots) if not table.card_actions(c))
    count = len(state.actions)
    drag(app, table.slots[bad][1], table.trick_rect.center)
    assert len(state.actions) == count and table.anim.busy()
    run_like_the_window(app)
    assert scene.ctx.can_act
    assert_screen_is_whole(app)


def test_a_refusal_toast_is_dropped_once_the_position_changes():
    seed, state = _rage_seat_0_with_a_refusable_card()
    app = make_app(speed="instant")
    scene = rage_scene(app, seed, state)
    table = scene.table
    bad = next(i for i, (c, _, _) in enumerate(table.slots) if not table.card_actions(c))
    name = table.slots[bad][0]
    click(app, table.slots[bad][1] if bad == len(table.slots) - 1 else _left_edge(table, bad))
    reason = state.refusal(name if name != "J" else "J:R")
    assert reason in toast_messages(app)
    app.pump()
    assert reason in toast_messages(app)  # the position is the same: the reason stays
    good = next(i for i, (c, _, _) in enumerate(table.slots) if table.card_actions(c))
    count = len(state.actions)
    table.try_play(good)  # a legal card: the trick goes on
    assert len(state.actions) > count
    app.pump()
    assert reason not in toast_messages(app)


def _left_edge(table, index):
    from game.ui import cards

    (x, y) = table.slots[index][1]
    return (x - cards.card_size(table.hand_h)[0] * 0.36, y)
