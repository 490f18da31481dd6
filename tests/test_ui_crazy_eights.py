"""The Crazy Eights table driven by real pygame events under the dummy video driver."""

from __future__ import annotations

import pygame
from ui_helpers import click, drag, find_seed, key, make_app, settle, table_scene, toast_messages

from game.engine.cards import NAMES
from game.services import saves
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.table import TableScene
from game.ui.score_sheet import ScoreSheet
from game.ui.widgets import Chooser, HandOff, reading_seconds


def playable_names(state, seat=0):
    return {NAMES[c] for c in state.playable_cards(seat)}


def test_drag_a_legal_card_onto_the_pile_plays_it():
    seed = find_seed(lambda s: any(c % 13 != 7 for c in s.playable_cards(0)))
    app = make_app()
    scene = table_scene(app, seed)
    table, state = scene.table, scene.session.state
    card = next(
        c for c, _, _ in table.slots if c in playable_names(state) and not c.startswith("8")
    )
    before = len(state.hands[0])
    drag(app, table.slot_of(card), table.discard_c)
    assert state.actions[0] == card
    assert state.discard[-1] == NAMES.index(card)
    assert len(state.hands[0]) == before - 1


def test_illegal_drop_springs_back_with_the_engines_reason():
    seed = find_seed(lambda s: len(s.playable_cards(0)) < len(s.hands[0]))
    app = make_app(speed="normal")
    scene = table_scene(app, seed)
    table, state = scene.table, scene.session.state
    card = next(c for c, _, _ in table.slots if c not in playable_names(state))
    home = table.slot_of(card)
    drag(app, home, table.discard_c)
    assert state.actions == []  # unchanged
    reason = state.refusal(card)
    assert reason and reason in toast_messages(app)
    assert table.anim.flying(("card", card))  # the card is springing back home
    flight = next(f for f in table.anim.flights if f.tag == ("card", card))
    assert flight.dst == home and flight.duration == 150
    settle(app, lambda: not table.anim.busy(), dt=50)
    assert not table.anim.flying(("card", card))
    app.now += reading_seconds(reason) * 1000 - 200
    app.pump()
    assert toast_messages(app) == [reason]  # up for as long as it takes to read
    app.now += 400
    app.pump()
    assert toast_messages(app) == []  # then gone


def test_click_on_the_stock_draws():
    seed = find_seed(lambda s: True, options={"draw_when_able": True})
    app = make_app()
    scene = table_scene(app, seed, options={"draw_when_able": True})
    state = scene.session.state
    hand = len(state.hands[0])
    stock = len(state.stock)
    click(app, scene.table.stock_c)
    assert state.actions == ["draw"]
    assert len(state.hands[0]) == hand + 1 and len(state.stock) == stock - 1


def test_clicking_a_card_plays_it_and_the_hand_shrinks_on_screen():
    seed = find_seed(lambda s: any(c % 13 != 7 for c in s.playable_cards(0)))
    app = make_app()
    scene = table_scene(app, seed)
    table, state = scene.table, scene.session.state
    card = next(
        c for c, _, _ in table.slots if c in playable_names(state) and not c.startswith("8")
    )
    click(app, table.slot_of(card))
    assert state.actions[:1] == [card]
    settle(app, lambda: not scene.steps and not table.busy())
    assert card not in [c for c, _, _ in table.slots]


def test_an_eight_opens_the_suit_chooser_and_names_the_suit():
    seed = find_seed(lambda s: any(c % 13 == 7 for c in s.hands[0]))
    app = make_app()
    scene = table_scene(app, seed)
    table, state = scene.table, scene.session.state
    eight = next(c for c, _, _ in table.slots if c.startswith("8"))
    drag(app, table.slot_of(eight), table.discard_c)
    assert state.actions == []
    chooser = scene.modals[-1]
    assert isinstance(chooser, Chooser)
    assert [o[1] for o in chooser.options] == ["S", "H", "D", "C"]
    hearts = chooser.choice_rects[1]
    click(app, hearts.center)
    assert state.actions[0] == f"{eight}:H"
    assert not scene.modals
    settle(app, lambda: not scene.steps and not table.busy())
    assert table.view.named_suit == "H" or len(state.actions) > 1


def test_keyboard_arrows_and_enter_play_and_d_draws():
    seed = find_seed(
        lambda s: any(c % 13 != 7 for c in s.playable_cards(0)), options={"draw_when_able": True}
    )
    app = make_app()
    scene = table_scene(app, seed, options={"draw_when_able": True})
    state = scene.session.state
    key(app, pygame.K_d)
    assert state.actions == ["draw"]
    settle(app, lambda: scene.ctx.can_act)
    key(app, pygame.K_RIGHT)
    focus = scene.table.focus
    assert focus is not None
    card = scene.table.slots[focus][0]
    if any(a.split(":")[0] == card and ":" not in a for a in state.legal_actions()):
        key(app, pygame.K_RETURN)
        assert state.actions[1] == card


def test_hand_off_covers_every_hand_in_hot_seat():
    app = make_app()
    scene = table_scene(app, seed=3, humans=(0, 1), players=3)
    table, state = scene.table, scene.session.state
    assert isinstance(scene.modals[-1], HandOff)
    app.render()
    assert table.hand_faces_drawn == [] and table.faces_drawn == []  # not drawn at all
    # the frame under the hand region is the cover, not a card
    hand_region = pygame.Rect(table.area.centerx - 300, table.hand_base - 100, 600, 200)
    colours = {
        app.screen.get_at((x, y))[:3]
        for x in range(hand_region.x, hand_region.right, 37)
        for y in range(hand_region.y, hand_region.bottom, 23)
    }
    assert all(max(c) < 0x40 for c in colours)  # dark cover pattern only; card faces are near white
    click(app, (10, 10))  # P0 arrives
    assert not scene.modals and scene.ctx.viewer == 0
    assert sorted(table.hand_faces_drawn) == sorted(NAMES[c] for c in state.hands[0])
    # P0 acts; the turn goes to P1 (human): the cover must come back before P1's hand shows
    legal = state.legal_actions()
    action = next((a for a in legal if a not in ("draw", "pass") and ":" not in a), None) or next(
        a for a in legal if ":" in a or a in ("draw", "pass")
    )
    while state.current_player() == 0:
        scene.submit(action)
        legal = state.legal_actions()
        action = legal[0]
        app.pump()
    settle(app, lambda: scene.modals)
    assert state.current_player() == 1
    assert isinstance(scene.modals[-1], HandOff)
    app.render()
    assert table.hand_faces_drawn == []
    click(app, (10, 10))
    assert scene.ctx.viewer == 1
    assert sorted(table.hand_faces_drawn) == sorted(NAMES[c] for c in state.hands[1])


def test_ai_only_round_shows_score_sheet_then_results():
    app = make_app()
    scene = table_scene(app, seed=11, humans=(), players=3, options={"rounds": 1})
    settle(app, lambda: scene.modals, frames=2000, dt=20)
    assert isinstance(scene.modals[-1], ScoreSheet)
    assert scene.session.state.is_over()
    # the score panel beside the sheet already shows the round's new totals
    drawn = []
    real_draw = scene.log.draw
    scene.log.draw = lambda surface, viewer, totals, *rest: (
        drawn.append(totals) or real_draw(surface, viewer, totals, *rest)
    )
    app.render()
    assert drawn and drawn[-1] == scene.session.state.totals and any(drawn[-1])
    key(app, pygame.K_RETURN)
    settle(app, lambda: isinstance(app.scene, ResultsScene), frames=50)
    assert isinstance(app.scene, ResultsScene)
    app.render()
    old = scene.session
    click(app, app.scene.buttons[0].rect.center)  # play again: same seats, a new deal
    again = app.scene
    assert isinstance(again, TableScene) and again.session is not old
    assert [s.name for s in again.session.seats] == [s.name for s in old.seats]
    assert again.session.options == old.options and again.session.seed is not None


def test_hot_seat_with_an_ai_between_never_shows_a_hand_to_the_wrong_player():
    app = make_app()
    scene = table_scene(app, seed=5, humans=(0, 2), players=3)
    table, state = scene.table, scene.session.state
    seen_by_frame = []
    for _ in range(300):
        if scene.modals and isinstance(scene.modals[-1], HandOff):
            click(app, (10, 10))
        elif scene.ctx.can_act:
            scene.submit(state.legal_actions()[0])
            app.pump()
        else:
            app.pump(50)
        viewer = scene.ctx.viewer
        seen_by_frame.append((viewer, list(table.hand_faces_drawn)))
        if viewer is not None:
            hand = {NAMES[c] for c in state.hands[viewer]}
            # faces belong to the viewer (or the card they just played, still flying to the pile)
            assert set(table.hand_faces_drawn) <= hand | {
                state.discard and NAMES[state.discard[-1]]
            }
        else:
            assert table.hand_faces_drawn == []
        if len(state.actions) > 12:
            break
    viewers = {v for v, faces in seen_by_frame if faces}
    assert viewers == {0, 2}
    assert any(v is None for v, _ in seen_by_frame)  # hidden while the AI played


def _position_where_seat_0_must_pass():
    from game.ai import make_bot
    from game.engine import crazy_eights as ce

    for seed in range(1, 300):
        state, bot, actions = (
            ce.new_game({"players": 3}, seed),
            make_bot("crazy_eights", "normal", 1),
            [],
        )
        while not state.is_over() and len(actions) < 200:
            if state.current_player() == 0 and "pass" in state.legal_actions():
                return seed, actions
            action = bot.choose(state.view(state.current_player()), state.legal_actions())
            state.apply(action)
            actions.append(action)
    raise AssertionError("no position found")


def test_pass_button_appears_only_when_passing_is_legal_and_passes():
    seed, actions = _position_where_seat_0_must_pass()
    app = make_app()
    scene = table_scene(app, seed, humans=(0,), players=3)
    for a in actions:
        scene.session.act(a)
    scene.table.set_view(scene.session.view(0))
    settle(app, lambda: scene.ctx.can_act)
    assert scene.session.legal() == ["pass"]
    click(app, scene.table.pass_button.rect.center)
    assert scene.session.state.actions[len(actions)] == "pass"


def test_window_resize_relays_out_the_table():
    app = make_app()
    scene = table_scene(app, seed=4)
    before = scene.table.area.size
    pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1280, 720), w=1280, h=720))
    app.pump()
    assert app.size == (1280, 720)
    assert scene.table.area.size != before and scene.table.area.right <= 1280
    assert scene.table.m.scale == min(1280 / 1920, 720 / 1080)


def test_a_whole_game_with_the_mouse_alone():
    """Five rounds against three AI seats using only clicks: cards, stock, Pass, suit
    chooser, score sheets; ends on the final results screen."""
    app = make_app()
    scene = table_scene(app, seed=21)
    table, state = scene.table, scene.session.state
    sheets = 0
    for _ in range(3000):
        if isinstance(app.scene, ResultsScene):
            break
        top = scene.modals[-1] if scene.modals else None
        if isinstance(top, ScoreSheet):
            sheets += 1
            click(app, top.buttons[0].rect.center)
        elif isinstance(top, Chooser):
            click(app, top.choice_rects[0].center)
        elif scene.ctx.can_act:
            legal = state.legal_actions()
            card = next(
                (c for c, _, _ in table.slots if any(a.split(":")[0] == c for a in legal)), None
            )
            if card is not None:
                click(app, table.slot_of(card))
            elif "draw" in legal:
                click(app, table.stock_c)
            else:
                click(app, table.pass_button.rect.center)
        else:
            app.pump(30)
    assert isinstance(app.scene, ResultsScene)
    assert state.is_over() and sheets == 5
    assert not saves.exists()  # a finished game is not offered for resuming


def test_the_sheet_button_shows_the_score_sheet_so_far():
    app = make_app()
    scene = table_scene(app, seed=4)
    click(app, scene.sheet_button.rect.center)
    sheet = scene.modals[-1]
    # before any round is scored: a sentence saying so, not an empty grid
    assert not isinstance(sheet, ScoreSheet) and "No round" in sheet.body
    key(app, pygame.K_ESCAPE)
    assert not scene.modals
