"""The Rage and Crazy Lab tables driven by real pygame events under the dummy video driver."""

from __future__ import annotations

import random

import pygame
from ui_helpers import click, drag, key, make_app, settle, toast_messages

from game.engine import crazy_lab, rage
from game.ui.scenes.table import TableScene
from game.ui.session import Seat, Session
from game.ui.tables.trick.panels import TrickSheet
from game.ui.widgets import Chooser, HandOff


def scene_for(app, game_id, seed=3, humans=(0,), players=4, options=None, state=None):
    seats = [Seat(f"P{i}", "human" if i in humans else "ai", "normal") for i in range(players)]
    session = Session(game_id, dict(options or {}), seed, seats, state=state, autosave=False)
    scene = TableScene(app, session)
    app.set_scene(scene)
    app.pump()
    return scene


def wait_turn(app, scene, frames=600):
    settle(app, lambda: scene.ctx.can_act and not scene.modals, frames=frames, dt=20)
    app.pump()
    assert scene.ctx.can_act


def card_point(table, index):
    """A point on the visible part of a hand card (the next card covers its right side)."""
    from game.ui import cards

    (x, y) = table.slots[index][1]
    w = cards.card_size(table.hand_h)[0]
    return (x - w * 0.36, y) if index < len(table.slots) - 1 else (x, y)


def tile_of(table, value):
    panel = table.panel
    i = next(i for i, o in enumerate(panel.options) if o.value == value)
    return panel.tiles[i].center


# ------------------------------------------------------------------ Rage


def test_rage_prediction_by_click_then_play_a_card_by_click():
    app = make_app()
    scene = scene_for(app, "rage", seed=3, players=4)
    table, state = scene.table, scene.session.state
    wait_turn(app, scene)
    assert state.phase == "predict" and table.panel is not None
    app.render()
    click(app, tile_of(table, "predict:1"))
    assert state.actions[0] == "predict:1" and state.predictions[0] == 1
    wait_turn(app, scene)  # the bots predict; seat 0 leads the first trick
    assert state.phase == "play" and state.current_player() == 0 and table.panel is None
    app.render()
    assert sorted(table.hand_faces_drawn) == sorted(rage.deck().names[c] for c in state.hands[0])
    index = next(i for i, (c, _, _) in enumerate(table.slots) if c != "J")
    card = table.slots[index][0]
    before = len(state.hands[0])
    click(app, card_point(table, index))
    assert state.actions[-1] == card and len(state.hands[0]) == before - 1
    assert state.trick[0][0] == 0 or state.last_trick is not None


def test_rage_digit_key_predicts_and_drag_plays_into_the_trick():
    app = make_app()
    scene = scene_for(app, "rage", seed=8, players=3)
    table, state = scene.table, scene.session.state
    wait_turn(app, scene)
    key(app, pygame.K_2)
    assert state.predictions[0] == 2
    wait_turn(app, scene)
    index = next(i for i, (c, _, _) in enumerate(table.slots) if c != "J")
    card = table.slots[index][0]
    drag(app, card_point(table, index), table.centre)
    assert state.actions[-1] == card


def _rage_position(test, players=3, limit=400):
    """Options and an action log reaching seat 0's turn in a position where ``test(state)``."""
    for seed in range(1, limit):
        state = rage.new_game({"players": players}, seed)
        rng = random.Random(seed)
        while state.round <= 2:
            if state.current_player() == 0 and state.phase == "play" and test(state):
                return seed, state
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no position found")


def test_rage_illegal_card_is_dimmed_refused_with_the_engines_reason():
    d = rage.deck()
    seed, state = _rage_position(lambda s: len(s.playable(0)) < len(s.hands[0]) and s.trick)
    app = make_app()
    scene = scene_for(app, "rage", seed=seed, players=3, state=state)
    table = scene.table
    wait_turn(app, scene)
    bad = next(i for i, (c, _, _) in enumerate(table.slots) if not table.card_actions(c))
    name = table.slots[bad][0]
    count = len(state.actions)
    click(app, card_point(table, bad))
    assert len(state.actions) == count
    reason = state.refusal(name if name != "J" else "J:R")
    assert reason and reason in toast_messages(app)
    good = [d.names[c] for c in state.playable(0)]
    assert good and all(table.card_actions(n) for n in good)


def test_rage_joker_asks_for_a_colour():
    seed, state = _rage_position(lambda s: any(rage.deck().names[c] == "J" for c in s.playable(0)))
    app = make_app()
    scene = scene_for(app, "rage", seed=seed, players=3, state=state)
    table = scene.table
    wait_turn(app, scene)
    index = next(i for i, (c, _, _) in enumerate(table.slots) if c == "J")
    click(app, card_point(table, index))
    chooser = scene.modals[-1]
    assert isinstance(chooser, Chooser) and [o[1] for o in chooser.options] == list("YORPBG")
    click(app, chooser.choice_rects[4].center)
    assert state.actions[-1] == "J:B"


def test_rage_hidden_predictions_in_hot_seat():
    app = make_app()
    scene = scene_for(
        app, "rage", seed=4, humans=(0, 1), players=3, options={"hidden_predictions": True}
    )
    table, state = scene.table, scene.session.state
    assert isinstance(scene.modals[-1], HandOff)
    app.render()
    assert table.hand_faces_drawn == []
    click(app, (10, 10))
    wait_turn(app, scene)
    click(app, tile_of(table, "predict:3"))
    assert state.predictions[0] == 3
    settle(app, lambda: scene.modals and isinstance(scene.modals[-1], HandOff), dt=20)
    click(app, (10, 10))
    wait_turn(app, scene)
    assert scene.ctx.viewer == 1
    assert table.prediction_of(0) == "?"  # P1 cannot see P0's hidden prediction
    app.render()
    assert set(table.hand_faces_drawn) <= {rage.deck().names[c] for c in state.hands[1]}


def test_rage_last_trick_can_be_viewed():
    seed, state = _rage_position(lambda s: s.last_trick is not None)
    app = make_app()
    scene = scene_for(app, "rage", seed=seed, players=3, state=state)
    table = scene.table
    wait_turn(app, scene)
    click(app, table.last_button.rect.center)
    assert table.show_last
    app.render()
    click(app, (table.area.x + 5, table.area.bottom - 5))
    assert not table.show_last


# ------------------------------------------------------------------ Crazy Lab


def test_crazy_lab_secret_choices_then_play_a_card():
    app = make_app()
    scene = scene_for(app, "crazy_lab", seed=5, players=4)
    table, state = scene.table, scene.session.state
    wait_turn(app, scene)
    plus = table.panel.options[1].value
    click(app, tile_of(table, plus))
    assert state.plus[0] == crazy_lab.deck().colours.index(plus[-1])
    wait_turn(app, scene)
    assert table.panel is not None and table.panel.key[0] == "trump"
    pick = table.panel.options[0].value
    click(app, tile_of(table, pick))
    assert sorted(p for _, p in state.my_trumps[0]) == sorted(
        crazy_lab.deck().colours.index(c) for c in pick[6:].split(",")
    )
    wait_turn(app, scene)  # the bots choose; seat 0 starts round 1
    assert state.phase == "play" and len(state.trump_pile) == 10
    key(app, pygame.K_RIGHT)
    card = table.slots[table.focus][0]
    key(app, pygame.K_RETURN)
    assert state.actions[-1] == card


def test_crazy_lab_hot_seat_keeps_plus_colours_secret():
    app = make_app()
    scene = scene_for(app, "crazy_lab", seed=6, humans=(0, 1), players=3)
    table, state = scene.table, scene.session.state
    click(app, (10, 10))
    wait_turn(app, scene)
    click(app, table.panel.tiles[0].center)
    wait_turn(app, scene)
    click(app, table.panel.tiles[0].center)
    settle(app, lambda: scene.modals and isinstance(scene.modals[-1], HandOff), dt=20)
    app.render()
    assert table.hand_faces_drawn == []
    click(app, (10, 10))
    wait_turn(app, scene)
    assert scene.ctx.viewer == 1 and table.view.plus is None  # P1's view has no plus colour yet
    assert table.panel.key[0] == "plus"
    app.render()
    assert set(table.hand_faces_drawn) <= {crazy_lab.deck().names[c] for c in state.hands[1]}


def test_crazy_lab_round_ends_with_the_score_sheet():
    app = make_app()
    scene = scene_for(app, "crazy_lab", seed=9, humans=(), players=3, options={"rounds": 1})
    settle(app, lambda: scene.modals, frames=3000, dt=20)
    sheet = scene.modals[-1]
    assert isinstance(sheet, TrickSheet)
    assert sheet.header[:3] == ["Player", "Minus", "Plus"] and len(sheet.rows) == 3
    row = scene.session.state.history[-1]
    assert [r[-1] for r in sheet.rows] == [str(t) for t in row["totals"]]
    app.render()
    key(app, pygame.K_RETURN)


def _play_whole_game_with_the_mouse(game_id, players, options, seed):
    from game.ui.scenes.results import ResultsScene

    app = make_app()
    scene = scene_for(app, game_id, seed=seed, players=players, options=options)
    state = scene.session.state
    sheets = 0
    for _ in range(20000):
        if isinstance(app.scene, ResultsScene):
            break
        top = scene.modals[-1] if scene.modals else None
        table = scene.table
        if isinstance(top, TrickSheet):
            sheets += 1
            click(app, top.buttons[0].rect.center)
        elif isinstance(top, Chooser):
            click(app, top.choice_rects[0].center)
        elif scene.ctx.can_act and (table.ensure_panel() or table.panel is not None):
            tile = next(r for r, o in zip(table.panel.tiles, table.panel.options) if o.enabled)
            click(app, tile.center)
        elif scene.ctx.can_act:
            legal = scene.session.legal()
            index = next(
                i for i, (c, _, _) in enumerate(table.slots) if table.card_actions(c, legal)
            )
            count = len(state.actions)
            click(app, card_point(table, index))
            assert len(state.actions) == count + 1 or scene.modals
        else:
            app.pump(20)
    assert isinstance(app.scene, ResultsScene) and state.is_over()
    return state, sheets


def test_a_whole_crazy_lab_game_with_the_mouse_alone():
    state, sheets = _play_whole_game_with_the_mouse("crazy_lab", 3, {"rounds": 2}, 12)
    assert sheets == 2 and len(state.history) == 2


def test_a_whole_rage_game_with_the_mouse_alone():
    state, sheets = _play_whole_game_with_the_mouse("rage", 3, {}, 13)
    assert sheets == 10 and len(state.history) == 10


def _hot_seat_loop(game_id, names, options):
    app = make_app()
    scene = scene_for(app, game_id, seed=5, humans=(0, 2), players=3, options=options)
    table, state = scene.table, scene.session.state
    viewers = set()
    for _ in range(600):
        if scene.modals and isinstance(scene.modals[-1], HandOff):
            app.render()
            assert table.hand_faces_drawn == []  # the cover hides the whole table
            click(app, (10, 10))
        elif scene.ctx.can_act:
            scene.submit(state.legal_actions()[0])
            app.pump()
        else:
            app.pump(30)
        app.render()
        viewer = scene.ctx.viewer
        if viewer is None:
            assert table.hand_faces_drawn == []
        else:
            viewers.add(viewer)
            # faces come from the viewer's own (displayed) hand or the current trick
            assert scene.ctx.anchor == viewer and table.view.seat == viewer
            own = set(table.view.hand) | {names[c] for c in state.hands[viewer]}
            assert set(table.hand_faces_drawn) <= own
        if len(state.actions) > 40:
            break
    assert viewers == {0, 2}


def test_rage_hot_seat_never_shows_a_hand_to_the_wrong_player():
    _hot_seat_loop("rage", rage.deck().names, {"secret_predictions": True})


def test_crazy_lab_hot_seat_never_shows_a_hand_to_the_wrong_player():
    _hot_seat_loop("crazy_lab", crazy_lab.deck().names, {"rounds": 1})


def test_random_clicks_and_keys_never_break_the_tables():
    rng = random.Random(4)
    keys = [
        pygame.K_LEFT,
        pygame.K_RIGHT,
        pygame.K_RETURN,
        pygame.K_s,
        pygame.K_l,
        pygame.K_3,
        pygame.K_ESCAPE,
    ]
    for game_id, options in (("rage", {"hidden_predictions": True}), ("crazy_lab", {"rounds": 1})):
        app = make_app()
        scene = scene_for(app, game_id, seed=rng.randrange(100), players=4, options=options)
        state = scene.session.state
        for _ in range(250):
            if app.scene is not scene:
                break
            r = rng.random()
            if r < 0.5:
                click(app, (rng.randrange(app.size[0]), rng.randrange(app.size[1])))
            elif r < 0.7:
                a = (rng.randrange(app.size[0]), rng.randrange(app.size[1]))
                drag(app, a, scene.table.centre)
            elif r < 0.85:
                key(app, rng.choice(keys))
            elif scene.ctx.can_act:
                scene.submit(rng.choice(state.legal_actions()))
            else:
                app.pump(40)
            while scene.modals and not isinstance(scene.modals[-1], (TrickSheet, Chooser)):
                scene.modals[-1].close()  # the pause menu opened by Esc
                app.pump()
            assert sorted(state.all_cards()) == list(range(state.d.size))
        assert len(state.actions) > 10
