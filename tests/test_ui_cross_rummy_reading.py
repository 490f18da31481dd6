"""Cross Rummy: what a player reads is whole (German prompts and the market panel, the
"Not valid yet" reasons before Done, the last move above the board) and a market tile
is taken as deliberately as a lay is made."""

from __future__ import annotations

import pygame
import pytest
from cr_helpers import rigged
from ui_helpers import click, drag, key, make_app, post, toast_messages

from game.services import i18n
from game.ui import textlog
from game.ui.scenes.table import TableScene
from game.ui.session import Seat, Session
from game.ui.tables.cross_rummy import moves

SMALL = (1280, 720)


@pytest.fixture
def german():
    i18n.set_language("de")
    try:
        yield
    finally:
        i18n.set_language("en")


def scene_for(app, state, players):
    seats = [Seat(f"P{i}", "human" if i == 0 else "ai", "normal") for i in range(players)]
    session = Session("cross_rummy", {"start_seat": 0}, 1, seats, state=state, autosave=False)
    scene = TableScene(app, session)
    app.set_scene(scene)
    app.pump()
    return scene


def small_app():
    from game.ui.app import App

    app = App(SMALL, headless=True)
    app.settings["speed"] = "instant"
    return app


def drawn(app) -> list:
    """Every text of a fresh frame: words, size, rect, and the whole line if shortened."""
    textlog.start()
    try:
        surface = textlog.RecordingSurface(app.size)
        app.scene.table.forget_layer()
        app.render(surface)
        return list(textlog.drawn(surface)[0])
    finally:
        textlog.stop()


def rack_pos(table, name):
    return next(r.center for n, r in table.rack_slots if n == name)


def hover(app, pos) -> None:
    post(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(1, 1), buttons=(0, 0, 0))
    app.pump()


def opening_position():
    return rigged(
        3,
        [],
        racks=[["R1", "R2", "Y12", "B5", "G7", "SWAP"], ["B9"], ["B10"]],
        market=["G5", "B7", "R3"],
        bag=["G9", "G10", "G11", "G12"],
    )


# ---------------------------------------------------------------- item 2: German, 1280×720


def test_german_market_note_and_turn_prompt_are_whole_inside_their_boxes(german):
    s = rigged(
        3, ["R1 R2 R3"], racks=[["Y9", "B12", "G4"], ["Y1"], ["B1"]], opened=[True] * 3,
        market=["G5"], bag=["G9"],
    )  # fmt: skip
    app = small_app()
    scene = scene_for(app, s, 3)
    table = scene.table
    texts = drawn(app)
    side = [d for d in texts if d.rect.colliderect(table.side)]
    assert side and all(table.side.contains(d.rect) for d in side), [
        (d.words, d.rect) for d in side if not table.side.contains(d.rect)
    ]
    prompt = i18n._(
        "Your turn: lay tiles (drag to the board), take from the market, draw or play an event"
    )
    assert any(d.words == prompt for d in texts), [d.words for d in texts if "Zug" in d.words]
    assert not [d.words for d in texts if d.cut and d.rect.y > table.board.bottom]


def test_german_legend_of_the_last_lays_is_whole_inside_the_panel(german):
    s = rigged(2, ["R1 R2 R3 R4"], racks=[["Y9", "B12"], ["Y1"]], opened=[True, True], bag=["G9"])
    app = small_app()
    scene = scene_for(app, s, 2)
    table = scene.table
    table.marks = {1: {"new": {(3, 0)}, "moved": {(2, 0): (2, 1)}}}
    texts = drawn(app)
    legend = [d for d in texts if d.words and d.rect.colliderect(table.side)]
    words = " ".join(d.words for d in legend)
    assert i18n._("moved last turn").split()[-1] in words
    assert all(table.side.contains(d.rect) and not d.cut for d in legend), [
        (d.words, d.rect) for d in legend if not table.side.contains(d.rect) or d.cut
    ]


# ---------------------------------------------------------------- item 4: reasons before Done


def _broken_opening(app):
    scene = scene_for(app, opening_position(), 3)
    table = scene.table
    for i, name in enumerate(["R1", "R2", "Y12"]):
        drag(app, rack_pos(table, name), table.cell_rect((i, 0)).center)
    assert {p.kind for p in table.draft.problems} >= {"line", "rule"}
    return scene, table


def _words(texts) -> str:
    return " ".join(d.words for d in texts)


def _whole(reason: str, texts) -> bool:
    """Every word of ``reason`` is drawn, and no line of it is shortened."""
    said = _words(texts).split()
    return all(w in said for w in reason.split()) and not any(d.cut for d in texts)


def test_every_reason_reads_whole_when_pointing_at_the_list_before_done():
    app = small_app()
    _scene, table = _broken_opening(app)
    reasons = [f"{i + 1}. {p.text}" for i, p in enumerate(table.draft.problems)]
    before = _words(drawn(app))
    assert not all(w in before.split() for r in reasons for w in r.split())  # cut in the panel
    hover(app, table.problem_list_rect.center)
    texts = drawn(app)
    for reason in reasons:
        assert _whole(reason, texts), reason
    assert table.session.state.actions == []  # all before Done


def test_the_opening_rules_reason_shows_on_its_badge_and_its_tiles():
    from game.ui.tables.cross_rummy.board_draw import badge_spots

    app = small_app()
    _scene, table = _broken_opening(app)
    rule = next(i for i, p in enumerate(table.draft.problems) if p.kind == "rule")
    reason = table.draft.problems[rule].text
    spot = next(c for c, r, n in badge_spots(table) if n == rule + 1)
    hover(app, spot)
    assert _whole(reason, drawn(app))
    hover(app, (5, 5))
    assert reason.split(":")[0] not in _words(drawn(app))
    hover(app, table.cell_rect((2, 0)).center)  # a tile the rule names, not outlined red
    assert _whole(reason, drawn(app))


# ---------------------------------------------------------------- item 5: market take


def test_a_market_tile_is_chosen_then_taken_with_enter_and_esc_lets_go():
    app = small_app()
    scene = scene_for(app, opening_position(), 3)
    table, state = scene.table, scene.session.state
    slot = next(r for n, r in table.market_slots if n == "B7")
    click(app, slot.center)
    assert state.actions == [] and table.market_pick == "B7"
    assert table.take_button in table.buttons()
    key(app, pygame.K_ESCAPE)
    assert table.market_pick is None and table.take_button not in table.buttons()
    click(app, slot.center)
    key(app, pygame.K_RETURN)
    assert state.actions == ["take:B7"]


def test_a_market_tile_the_engine_refuses_is_not_chosen():
    s = opening_position()
    app = small_app()
    scene = scene_for(app, s, 3)
    table = scene.table
    slot = next(r for n, r in table.market_slots if n == "G5")
    scene.ctx.can_act = False  # (as while a move animates): the engine lists nothing
    moves.pick_market(table, "G5")
    assert table.market_pick is None
    scene.refresh_can_act()
    click(app, slot.center)
    assert table.market_pick == "G5" and s.actions == []


# ---------------------------------------------------------------- item 6: the last move


def test_the_last_move_line_covers_no_tile():
    from game.ui.headless import make_headless_table

    h = make_headless_table("cross_rummy", 3, 2, autoplay=90, size=SMALL)
    table = h.scene.table
    h.update(16)
    textlog.start()
    try:
        surface = textlog.RecordingSurface(SMALL)
        table.forget_layer()
        h.draw_frame(surface)
        texts = textlog.drawn(surface)[0]
    finally:
        textlog.stop()
    last = table.session.words(
        next(e for e in reversed(table.session.log) if e.kind in ("take", "lay", "draw")),
        table.viewer,
    )
    line = next(d for d in texts if d.words and last.startswith(d.words.rstrip("…").strip()))
    tiles = [table.cell_rect(c).clip(table.board) for c in table.draft.cells]
    assert not line.rect.colliderect(table.board)
    assert not any(line.rect.colliderect(r) for r in tiles if r.w and r.h)


# ---------------------------------------------------------------- item 13: why no pass


def test_pass_button_when_only_a_lay_is_left_says_the_engines_reading():
    # empty bag and market, no event: the engine's lay finder finds R4 at the run's end
    s = rigged(2, ["R1 R2 R3"], racks=[["R4", "Y12"], ["B9"]], opened=[True, True], bag=[])
    app = make_app()
    scene = scene_for(app, s, 2)
    table = scene.table
    assert all(a.startswith("lay:") for a in scene.session.legal())
    assert table.why_pass_button in table.buttons()
    click(app, table.why_pass_button.rect.center)
    reason = scene.session.refusal("pass")
    assert reason and "lay finder" in reason and reason in toast_messages(app)
    assert s.actions == []
