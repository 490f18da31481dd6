"""Crazier Eights' question panel covers nothing a player needs: at 1280×720 the Stone
Troll's question in the lesson grows the panel down and your plate moves beside it, in
view; a question with more answers than the panel holds shows them a page at a time
(the pager's buttons and Page Down turn the pages), never past the panel."""

from __future__ import annotations

import pygame
import pytest
from test_lesson_crazier_eights import finish_step, lesson_app, make_move, wait_for_step
from ui_helpers import click, drawn_words, key, settle

from game import games as registry
from game.services import i18n
from game.tools.audit import Auditor, Findings
from game.ui.app import App
from game.ui.scenes.table import TableScene
from game.ui.session import Seat, Session


@pytest.mark.parametrize("language", ["en", "de"], indirect=True)
def test_the_stone_trolls_question_leaves_your_plate_in_view(language, recording):
    app, scene = lesson_app((1280, 720))
    for step in scene.lesson.steps:
        wait_for_step(app, scene, step)
        if step.id == "save":
            break
        if not step.expect:
            key(app, pygame.K_RETURN)
            continue
        make_move(app, scene, step.expect[0])
        finish_step(app, scene, step)
    table, state = scene.table, scene.session.state
    assert table.my_decision() and state.pending.kind == "protect"
    assert table.panel_rect.bottom > table.fixed.plate_rect.y  # the answers needed room
    assert not table.panel_rect.colliderect(table.plate_rect)
    assert table.covered_parts() == []
    drawn = drawn_words(app)
    me = scene.session.name(scene.lesson.seat)
    assert me in drawn and i18n._("choosing…") in drawn  # the plate, not hidden
    [save] = [b for b in table.option_buttons if "1." in b.label]
    click(app, save.rect.center)
    assert state.actions[-1] == "choose:king_arthur"


def many_answers(size):
    """A table at ``size`` asked a question with more answers than its panel holds."""
    auditor = Auditor(Findings())
    engine = registry.get("crazier_eights").engine()
    for _kind, players, seed, actions, seat in auditor.questions_of("crazier_eights"):
        state = engine.new_game({"players": players}, seed)
        for action in actions:
            state.apply(action)
        seats = [Seat(f"P{i}", "human" if i == seat else "ai", "normal") for i in range(players)]
        app = App(size, headless=True)
        app.settings["speed"] = "instant"
        session = Session("crazier_eights", {}, seed, seats, state=state, autosave=False)
        scene = TableScene(app, session)
        app.set_scene(scene)
        app.pump()
        if len(scene.table.option_pages) > 1:
            return app, scene
    raise AssertionError("no question needs pages")


def test_answers_beyond_the_panel_come_in_pages(recording):
    app, scene = many_answers((1177, 633))
    table, state = scene.table, scene.session.state
    options = state.pending.options
    pages = table.option_pages
    assert [i for page in pages for i in page] == list(range(len(options)))
    for number, page in enumerate(pages):
        assert [b.label for b in table.option_buttons] == [table.option_texts()[i] for i in page]
        assert all(table.panel_rect.contains(b.rect) for b in table.option_buttons)
        earlier, later = table.pager_buttons
        assert earlier.enabled == (number > 0) and later.enabled == (number < len(pages) - 1)
        words = f"{page[0] + 1}–{page[-1] + 1}"
        assert any(w.startswith(words) for w in drawn_words(app))
        if later.enabled:
            if number % 2:
                key(app, pygame.K_PAGEDOWN)
            else:
                click(app, later.rect.center)
    assert table.covered_parts() == []
    last = table.option_buttons[-1]
    before = len(state.actions)
    click(app, last.rect.center)  # an answer on the last page is answered
    settle(app, lambda: len(state.actions) > before)
    assert state.actions[before] == options[pages[-1][-1]][0]
