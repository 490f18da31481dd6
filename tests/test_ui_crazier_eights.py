"""The Crazier Eights table driven by real pygame events."""

import itertools

import pygame
from crazier_eights_helpers import rig
from ui_helpers import toast_messages

from game.ui.app import App
from game.ui.scenes.table import TableScene
from game.ui.session import Seat, Session
from game.ui.widgets import Chooser, HandOff


def _table(state, humans=(0,)):
    app = App((1600, 900), headless=True)
    app.settings["speed"] = "instant"
    seats = [
        Seat(f"P{i}", "human" if i in humans else "ai", "normal") for i in range(state.players)
    ]
    session = Session("crazier_eights", dict(state.options), 0, seats, state=state, autosave=False)
    scene = TableScene(app, session, live=True)
    app.set_scene(scene)
    for _ in range(3):
        app.pump(16)
    return app, session, scene, scene.table


def _post(kind, pos, **extra):
    pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))


def _click(app, pos):
    _post(pygame.MOUSEMOTION, pos, rel=(0, 0), buttons=(0, 0, 0))
    _post(pygame.MOUSEBUTTONDOWN, pos, button=1)
    _post(pygame.MOUSEBUTTONUP, pos, button=1)
    for _ in range(4):
        app.pump(16)


def _drag(app, start, end):
    _post(pygame.MOUSEBUTTONDOWN, start, button=1)
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    _post(pygame.MOUSEMOTION, mid, rel=(0, 0), buttons=(1, 0, 0))
    _post(pygame.MOUSEMOTION, end, rel=(0, 0), buttons=(1, 0, 0))
    _post(pygame.MOUSEBUTTONUP, end, button=1)
    for _ in range(4):
        app.pump(16)


def _slot(table, cid):
    """A point on the visible part of a hand card (the next card overlaps its right side)."""
    from game.ui import cards

    names = [c for c, _, _ in table.slots]
    i = names.index(cid)
    x, y = table.slots[i][1]
    if i + 1 < len(names):
        w = cards.card_size(table.hand_h)[0]
        x = (x + table.slots[i + 1][1][0]) / 2 - w / 2
    return round(x), round(y)


def test_play_an_asset_then_answer_a_target_prompt():
    state = rig(
        [["castle", "death", "joust"], ["tribute"], ["feast"], ["ride_out"]],
        [["merlin"], ["sir_galahad", "camelot"], [], []],
        draw=["prophecy"],
        discard=["pilgrimage"],
    )
    app, session, _scene, table = _table(state)
    assert table.ctx.can_act and "castle" in table.hand_faces_drawn
    # drag Castle onto my asset zone
    _drag(app, _slot(table, "castle"), table.zone_rect.center)
    assert session.state.assets[0] == ["merlin", "castle"]
    # click Death (it cannot be discarded on Pilgrimage, so a click plays it)
    _click(app, _slot(table, "death"))
    assert session.state.pending.kind == "pick_asset" and table.my_decision()
    assert {"sir_galahad", "camelot"} <= table.targets()
    # click the highlighted Sir Galahad on the opponent's zone
    _click(app, table.asset_rects["sir_galahad"].center)
    assert session.state.assets[1] == ["camelot"] and "sir_galahad" in session.state.discard
    assert any("Death destroys Sir Galahad" in session.words(e, 0) for e in session.log)


def test_discard_an_eight_by_dragging_names_a_colour():
    state = rig([["green_chapel", "joust"], ["tribute"]], draw=["prophecy"], discard=["castle"])
    app, session, scene, table = _table(state)
    _drag(app, _slot(table, "green_chapel"), table.discard_rect.center)
    chooser = scene.modals[-1]
    assert isinstance(chooser, Chooser)
    _click(app, chooser.choice_rects[2].center)  # red
    assert session.state.named == "red" and session.state.discard[-1] == "green_chapel"


def test_refused_discard_shows_the_engine_reason():
    state = rig([["joust", "feast"], ["tribute"]], draw=["prophecy"], discard=["castle"])
    app, session, _scene, table = _table(state)
    _drag(app, _slot(table, "joust"), table.discard_rect.center)
    assert any("matches neither" in m for m in toast_messages(app))
    assert "joust" in session.state.hands[0]


def test_may_prompt_buttons_and_end_turn():
    state = rig([["joust"], ["tribute"]], [["morgan_le_fay"], ["castle"]], draw=["prophecy"])
    app, session, _scene, table = _table(state)
    labels = [b.label for b in table.option_buttons]
    assert any("Do not use it" in s for s in labels)
    decline = next(b for b in table.option_buttons if "Do not use it" in b.label)
    _click(app, decline.rect.center)
    assert session.state.pending.kind == "main" and "castle" in session.state.assets[1]
    _click(app, table.end_button.rect.center)
    assert session.state.current_player() != 0 or session.state.actives != [0]


def test_hot_seat_hides_hands_and_allies_see_each_other():
    state = rig(
        [["joust"], ["tribute"], ["feast"], ["ride_out"]], draw=["prophecy", "death"], teams="pairs"
    )
    app, _session, scene, table = _table(state, humans=(0, 2))
    assert any(isinstance(d, HandOff) for d in scene.modals)
    assert table.hand_faces_drawn == []
    handoff = next(d for d in scene.modals if isinstance(d, HandOff))
    _click(app, handoff.buttons[0].rect.center)
    assert table.viewer == 0 and "joust" in table.hand_faces_drawn
    assert "feast" in table.faces_drawn  # the ally's hand is face up
    assert "tribute" not in table.faces_drawn and "ride_out" not in table.faces_drawn


def test_hand_off_before_a_choice_on_another_players_turn():
    state = rig(
        [["death", "joust"], ["tribute"]],
        [[], ["sir_lancelot", "castle"]],
        draw=["feast"],
        discard=["pilgrimage"],
    )
    app, session, scene, table = _table(state, humans=(0, 1))
    handoff = next(d for d in scene.modals if isinstance(d, HandOff))
    _click(app, handoff.buttons[0].rect.center)
    _click(app, _slot(table, "death"))
    _click(app, table.asset_rects["castle"].center)
    assert session.state.pending.kind == "protect" and session.state.current_player() == 1
    cover = next(d for d in scene.modals if isinstance(d, HandOff))
    assert "choice" in cover.title and table.hand_faces_drawn == []
    _click(app, cover.buttons[0].rect.center)
    assert table.viewer == 1 and table.my_decision()
    save = next(b for b in table.option_buttons if "Castle" in b.label)
    _click(app, save.rect.center)
    assert session.state.assets[1] == ["sir_lancelot", "castle"]


def test_a_whole_game_with_the_mouse_alone():
    from game.engine import crazier_eights as ce
    from game.ui.scenes.results import ResultsScene

    app, session, scene, table = _table(ce.new_game({"players": 3}, seed=4))
    for _ in range(3000):
        if isinstance(app.scene, ResultsScene) or session.is_over():
            break
        for d in list(scene.modals):
            if isinstance(d, Chooser):
                _click(app, d.choice_rects[0].center)
            elif d.buttons:
                _click(app, d.buttons[0].rect.center)
        if not table.ctx.can_act:
            app.pump(16)
            continue
        if table.my_decision():
            _click(app, table.option_buttons[0].rect.center)
            continue
        usable = [c for c, _, _ in table.slots if any(table.card_actions(c))]
        if usable and table.view.plays_left + table.view.discards_left > 0:
            _click(app, _slot(table, usable[0]))
        else:
            _click(app, table.end_button.rect.center)
    assert session.is_over()
    assert sorted(session.state.winners) == sorted(session.state.history[-1]["winners"])


def test_ordering_abilities_by_clicking_them_on_the_table():
    state = rig(
        [["joust"], ["tribute"]],
        [["king_arthur", "green_knight"], []],
        draw=["death", "feast", "ride_out", "prophecy"],
    )
    app, session, _scene, table = _table(state)
    assert session.state.pending.kind == "order" and table.targets() == {
        "king_arthur",
        "green_knight",
    }
    _click(app, table.asset_rects["green_knight"].center)
    abilities = [e.text for e in session.state.log if e.kind == "ability"]
    assert abilities[0].startswith("Green Knight")


def test_every_card_title_fits_two_lines_in_the_visible_part_of_a_hand_card():
    from game.engine.crazier_eights.deck import cards as all_cards
    from game.ui import cards, theme
    from game.ui.tables.crazier_eights import art as art

    for size in ((1280, 720), (1600, 900), (1920, 1080)):
        m = theme.Metrics(size)
        for h in (m.px(204), m.px(176)):  # hand (up to ten cards at 1280x720) and pile
            w = cards.card_size(h)[0]
            room = art.text_width(w, h)
            assert room <= w * 0.8
            for d in all_cards().values():
                px, lines = art.title_lines(d.name, h, room)
                assert 1 <= len(lines) <= 2, (d.name, h, lines)
                for line in lines:
                    assert theme.font(max(8, int(px)), True).size(line)[0] <= room, (d.name, h)


def test_hand_cards_keep_four_fifths_in_view_and_labels_clear_end_turn():
    app = App((1280, 720), headless=True)
    app.settings["speed"] = "instant"
    seats = [Seat(f"P{i}", "human" if i == 0 else "ai", "normal") for i in range(4)]
    scene = TableScene(app, Session("crazier_eights", {}, 5, seats, autosave=False))
    app.set_scene(scene)
    for _ in range(300):
        app.pump(20)
        if scene.ctx.can_act and not scene.modals:
            break
    app.pump(20)
    t = scene.table
    from game.ui import cards

    cw = cards.card_size(t.hand_h)[0]
    xs = [x for _c, (x, _y), _a in t.slots]
    assert len(xs) >= 8
    assert min(b - a for a, b in itertools.pairwise(xs)) >= cw * 0.8 - 1
    hand_top = min(y for _c, (_x, y), _a in t.slots) - t.hand_h // 2
    from game.ui import theme

    labels = 2 * theme.font(t.m.font_px(16), True).get_linesize()
    assert t.end_button.rect.bottom <= hand_top - t.m.px(4) - labels
