"""Flows a player walks through around the table: leaving from the hand-off cover,
long score-sheet headlines, and where refusal toasts appear."""

from __future__ import annotations

import pygame
from ui_helpers import click, drag, find_seed, key, make_app, table_scene

from game.engine.cards import NAMES
from game.services import saves
from game.ui import cards, theme
from game.ui.scenes.menu import MenuScene
from game.ui.score_sheet import ScoreSheet
from game.ui.widgets import Dialog, HandOff, Toasts


def test_escape_on_the_hand_off_cover_opens_the_menu_without_showing_a_hand():
    app = make_app()
    scene = table_scene(app, seed=3, humans=(0, 1), players=3)
    table = scene.table
    assert isinstance(scene.modals[-1], HandOff)
    key(app, pygame.K_ESCAPE)
    assert len(scene.modals) == 2 and scene.modals[-1].title == "Paused"
    cover = scene.modals[0]
    drawn = []
    cover.draw = lambda surface: drawn.append("panel")  # the cover's own panel and title
    app.render()
    assert table.hand_faces_drawn == [] and table.faces_drawn == []  # still covered
    assert drawn == []  # only its backdrop: its title does not show through the pause menu
    del cover.draw
    # the pause menu is drawn over the cover: its Continue button shows in the frame
    cont = scene.modals[-1].buttons[0]
    assert app.screen.get_at(cont.rect.center)[:3] != app.screen.get_at((5, 5))[:3]
    click(app, cont.rect.center)  # Continue: back to the cover, nobody revealed
    assert isinstance(scene.modals[-1], HandOff) and scene.ctx.viewer is None
    key(app, pygame.K_ESCAPE)
    leave = next(b for b in scene.modals[-1].buttons if b.label == "Leave table")
    click(app, leave.rect.center)
    assert isinstance(app.scene, MenuScene)
    assert saves.load() is not None  # the game can be resumed


def test_menu_button_on_the_hand_off_cover():
    app = make_app()
    scene = table_scene(app, seed=3, humans=(0, 1), players=3)
    cover = scene.modals[-1]
    menu = next(b for b in cover.buttons if b.label.startswith("Menu"))
    click(app, menu.rect.center)
    assert scene.modals[-1].title == "Paused" and cover in scene.modals
    assert scene.ctx.viewer is None


def test_long_score_sheet_headline_stays_inside_the_dialog():
    headline = "Chloé wins round 1 (out of cards), a haul of 71."
    rows = [{"round": 1, "winners": [2], "points": [60, 11, 0], "totals": [60, 11, 0]}]
    for size in ((1600, 900), (1280, 720), (1920, 1080)):
        sheet = ScoreSheet(["Player 1", "Ana", "Chloé"], rows, None, headline, True, lambda: None)
        sheet.layout(size)
        width = theme.font(sheet.title_px(), True).size(headline)[0]
        assert width <= sheet.rect.w - sheet.m.px(80), size
        assert sheet.title_px() >= 16


def test_generic_dialog_title_shrinks_to_fit():
    d = Dialog("A very long title " * 6, "body", [])
    d.layout((1280, 720))
    assert d.title_px() < d.m.font_px(34)
    short = Dialog("Paused", "body", [])
    short.layout((1280, 720))
    assert short.title_px() == short.m.font_px(34)


def test_toasts_move_off_the_table_while_a_dialog_is_open():
    app = make_app()
    scene = table_scene(app, seed=3, humans=(0,), players=3)
    assert scene.toast_anchor() is not None  # over the table, near the hand
    scene.show_sheet()
    assert scene.modals and scene.toast_anchor() is None  # top centre, clear of the buttons


def test_over_a_table_only_the_newest_toast_is_drawn(monkeypatch):
    t = Toasts()
    for i in range(3):
        t.show(f"refusal {i}", 0)
    panels = []
    monkeypatch.setattr(theme, "draw_panel", lambda surface, rect, *a, **k: panels.append(rect))
    surface = pygame.Surface((1600, 900))
    m = theme.Metrics((1600, 900))
    t.draw(surface, m, (800, 500))
    assert len(panels) == 1
    panels.clear()
    t.draw(surface, m, None)  # top centre (menus, dialogs): the whole stack
    assert len(panels) == 3
    assert t.messages() == ["refusal 0", "refusal 1", "refusal 2"]


def test_hand_stays_dimmed_and_prompt_says_your_turn_while_a_refused_card_springs_back(
    monkeypatch,
):
    seed = find_seed(lambda s: len(s.playable_cards(0)) < len(s.hands[0]))
    app = make_app(speed="normal")
    scene = table_scene(app, seed)
    table, state = scene.table, scene.session.state
    playable = {NAMES[c] for c in state.playable_cards(0)}
    card = next(c for c, _, _ in table.slots if c not in playable)
    drag(app, table.slot_of(card), table.discard_c)
    assert table.anim.flying(("card", card)) and not scene.ctx.can_act  # springing back
    dimmed, texts = [], []
    real_dimmed, real_text = cards.dimmed, theme.text
    monkeypatch.setattr(
        cards, "dimmed", lambda img, key: dimmed.append(key) or real_dimmed(img, key)
    )
    monkeypatch.setattr(theme, "text", lambda s, *a, **k: texts.append(s) or real_text(s, *a, **k))
    table.draw_table(app.screen)
    others = [c for c, _, _ in table.slots if c not in playable and c != card]
    assert {k[1] for k in dimmed} >= set(others)  # still dimmed: it is still your turn
    assert any(s.startswith("Your turn") for s in texts)
    assert not any(s.endswith("'s turn") for s in texts)


def test_side_trick_slots_clear_the_side_plates_on_a_small_window(monkeypatch):
    from game.ui.app import App
    from game.ui.scenes.table import TableScene
    from game.ui.session import Seat, Session
    from game.ui.tables import seats
    from game.ui.tables.trick import draw as trick_draw

    plates = []
    real = trick_draw.draw_seat_plate

    def record(surface, m, rect, *a, **k):
        plates.append(pygame.Rect(rect))
        return real(surface, m, rect, *a, **k)

    monkeypatch.setattr(trick_draw, "draw_seat_plate", record)
    # the player's own plate is drawn through seats.draw_own_plate, which calls seats'
    monkeypatch.setattr(seats, "draw_seat_plate", record)
    for game_id, players in (("rage", 4), ("crazy_lab", 4), ("rage", 5)):
        app = App((1280, 720), headless=True)
        names = ["Player 1", "Benedikt", "Chloé", "Dev", "Emeka"][:players]
        seats = [Seat(n, "human" if i == 0 else "ai", "normal") for i, n in enumerate(names)]
        session = Session(game_id, {}, 5, seats, autosave=False)
        scene = TableScene(app, session, live=False)
        app.set_scene(scene)
        plates.clear()
        app.pump()
        table = scene.table
        assert len(plates) == players  # every opponent's plate and yours were drawn
        w, h = cards.card_size(table.trick_h)
        for seat in range(1, players):
            slot = pygame.Rect(0, 0, w, h)
            slot.center = table.slot_centre(seat)
            assert not any(slot.colliderect(p) for p in plates), (game_id, players, seat)


def _menu_with_a_saved_game():
    app = make_app()
    scene = table_scene(app, seed=3, humans=(0,), players=3)
    scene.pause()
    leave = next(b for b in scene.modals[-1].buttons if b.label == "Leave table")
    click(app, leave.rect.center)
    menu = app.scene
    assert isinstance(menu, MenuScene)
    app.pump()  # the menu looks for the save after its first frame
    assert menu.resume_info is not None
    return app, menu


def test_new_game_with_a_saved_game_asks_first():
    from game.ui.scenes.choose import ChooseScene
    from game.ui.scenes.table import TableScene

    app, menu = _menu_with_a_saved_game()
    new = next(b for b in menu.buttons if b.label == "New game")
    click(app, new.rect.center)
    d = menu.modals[-1]
    assert d.title == "Start a new game?" and "Crazy Eights" in d.body
    click(app, next(b for b in d.buttons if b.label == "Cancel").rect.center)
    assert app.scene is menu and not menu.modals
    click(app, new.rect.center)
    click(app, next(b for b in menu.modals[-1].buttons if b.label == "New game").rect.center)
    assert isinstance(app.scene, ChooseScene)
    assert saves.load() is not None  # nothing is replaced until a new game starts

    app, menu = _menu_with_a_saved_game()
    click(app, next(b for b in menu.buttons if b.label == "New game").rect.center)
    key(app, pygame.K_RETURN)  # the default: resume the saved game
    assert isinstance(app.scene, TableScene)


def test_cross_rummy_reasons_stay_inside_the_side_panel(monkeypatch):
    from test_ui_cross_rummy import opening_seed, rack_pos, scene_for

    from game.ui.app import App
    from game.ui.tables.cross_rummy import draw as cross_rummy_draw

    for size in ((1280, 720), (1600, 900)):
        seed, line = opening_seed()
        app = App(size, headless=True)
        app.settings["speed"] = "instant"
        scene = scene_for(app, seed=seed)
        table = scene.table
        drag(app, rack_pos(table, line[0]), table.cell_rect((0, 0)).center)
        drag(app, rack_pos(table, line[1]), table.cell_rect((1, 0)).center)
        assert len(table.draft.problems) >= 2
        drawn = []
        real = theme.blit_text

        def record(surface, s, px, pos, *a, _real=real, _drawn=drawn, **k):
            rect = _real(surface, s, px, pos, *a, **k)
            _drawn.append((s, rect))
            return rect

        monkeypatch.setattr(theme, "blit_text", record)
        cross_rummy_draw._draw_problem_list(table, app.screen, table.side.y + table.m.px(420))
        monkeypatch.setattr(theme, "blit_text", real)
        side = table.side
        pad = table.m.px(10)  # the text keeps off the panel's edge
        assert drawn and all(
            r.right <= side.right - pad and r.bottom <= side.bottom for _, r in drawn
        )
        shown = " ".join(s for s, _ in drawn[1:])
        complete = all(p.text.split()[-1] in shown for p in table.draft.problems[:6])
        assert complete or drawn[-1][0].endswith("…")  # a cut list says it goes on


def test_seat_plate_detail_stays_inside_the_plate(monkeypatch):
    from game.ui.tables.seats import draw_seat_plate

    drawn = []
    real = theme.blit_text

    def record(surface, s, px, pos, *a, **k):
        rect = real(surface, s, px, pos, *a, **k)
        drawn.append((s, px, rect))
        return rect

    monkeypatch.setattr(theme, "blit_text", record)
    surface = pygame.Surface((1280, 720))
    for size in ((1280, 720), (1600, 900), (1920, 1080)):
        m = theme.Metrics(size)
        plate = pygame.Rect(10, 10, m.px(250), m.px(110))  # the Cross Rummy plate
        drawn.clear()
        draw_seat_plate(surface, m, plate, "Player 1", "15 tiles · not opened yet", True)
        text, px, rect = drawn[0]
        # smaller down to the smallest readable size before anything is cut
        assert rect.right <= plate.right and px >= theme.readable_px(size)
        assert text == "15 tiles · not opened yet" or (
            text.endswith("…") and px == theme.readable_px(size)
        )
    drawn.clear()
    narrow = pygame.Rect(10, 10, 120, 70)  # too narrow even at the floor: shortened, inside
    draw_seat_plate(surface, theme.Metrics((1280, 720)), narrow, "Ana", "15 tiles · not opened yet")
    text, px, rect = drawn[0]
    assert text.endswith("…") and px == theme.readable_px((1280, 720))
    assert rect.right <= narrow.right
    drawn.clear()
    wide = pygame.Rect(10, 10, 400, 110)
    draw_seat_plate(surface, theme.Metrics((1920, 1080)), wide, "Ana", "5 cards · 0 pts")
    assert drawn[0][0] == "5 cards · 0 pts" and drawn[0][1] == 21  # room: unchanged


def test_rules_help_shows_a_scrollbar_and_says_there_is_more(monkeypatch):
    app = make_app()
    app.set_scene(MenuScene(app))
    texts = []
    real = theme.blit_text

    def record(surface, s, *a, **k):
        texts.append(s)
        return real(surface, s, *a, **k)

    monkeypatch.setattr(theme, "blit_text", record)
    key(app, pygame.K_F1)
    assert app.help is not None
    app.show_help("crazy_eights")  # F1 on the menu: the general help; switch to a game's
    app.show_help("crazy_eights")
    app.pump()
    help_dialog = app.help
    assert help_dialog.max_scroll > 0 and help_dialog.scrollbar is not None
    assert any(s.startswith("more below") for s in texts)
    top = help_dialog.scrollbar.y
    for _ in range(40):
        key(app, pygame.K_PAGEDOWN)
    texts.clear()
    app.render()
    assert help_dialog.scroll == help_dialog.max_scroll
    assert help_dialog.scrollbar.y > top  # the thumb moved down
    assert not any(s.startswith("more below") for s in texts)


def test_final_results_headline_fits_the_window(monkeypatch):
    from game.ui.app import App
    from game.ui.scenes.results import ResultsScene
    from game.ui.session import Seat, Session

    app = App((1280, 720), headless=True)
    seats = [Seat(n, "ai") for n in ("Maximiliane", "Bartholomew", "Chloé")]
    session = Session("crazy_eights", {"rounds": 1}, 5, seats, autosave=False)
    while not session.is_over():
        session.act(session.state.legal_actions()[0])
    scene = ResultsScene(app, session)
    scene.headline = "Maximiliane, Bartholomew and Chloé share the win with 0 points each."
    app.set_scene(scene)
    drawn = []
    real = theme.blit_text

    def record(surface, s, px, pos, *a, **k):
        rect = real(surface, s, px, pos, *a, **k)
        drawn.append((s, rect))
        return rect

    monkeypatch.setattr(theme, "blit_text", record)
    app.pump()
    rect = next(r for s, r in drawn if s == scene.headline)
    assert rect.left >= 0 and rect.right <= 1280


def test_no_third_person_prompt_for_yourself_while_your_card_flies(monkeypatch):
    seed = find_seed(lambda s: any(c % 13 != 7 for c in s.playable_cards(0)))
    app = make_app(speed="normal")
    scene = table_scene(app, seed)
    table, state = scene.table, scene.session.state
    card = next(NAMES[c] for c in state.playable_cards(0) if c % 13 != 7)
    click(app, table.slot_of(card))
    assert state.actions == [card] and table.anim.busy()  # the card is on its way
    texts = []
    real = theme.text
    monkeypatch.setattr(theme, "text", lambda s, *a, **k: texts.append(s) or real(s, *a, **k))
    table.draw_table(app.screen)
    assert "P0's turn" not in texts
