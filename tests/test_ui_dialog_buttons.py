"""A dialog's buttons are wide enough for their labels at the buttons' own size in
every language: the lesson's and the table's pause menus at 1280×720 (and the smallest
window the app opens) show "Leave lesson" and the others whole and unshrunk, as drawn."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import key, make_app, recorded_frame, table_scene

from game.services import i18n
from game.ui import textlog
from game.ui.scenes.lesson import LessonScene
from game.ui.widgets import Dialog


def labels_drawn(app, dialog: Dialog) -> dict[str, int]:
    """Each button's words as the frame drew them, with their size in pixels."""
    drawn = textlog.drawn(recorded_frame(app))[0]
    out = {}
    for b in dialog.buttons:
        [d] = [d for d in drawn if b.rect.contains(d.rect)]
        out[d.words] = d.px
    return out


def assert_buttons_whole(app, dialog: Dialog) -> None:
    normal = dialog.m.font_px(26)  # the size layout_row gives a dialog's buttons
    drawn = labels_drawn(app, dialog)
    assert sorted(drawn) == sorted(i18n._(b.label) for b in dialog.buttons), drawn
    assert set(drawn.values()) == {normal}, drawn
    assert all(pygame.Rect((0, 0), app.size).contains(b.rect) for b in dialog.buttons)


@pytest.mark.parametrize("lang", ["en", "de", "sv"])
@pytest.mark.parametrize("size", [(1280, 720), (1177, 633)])
def test_pause_menu_buttons_fit_their_labels(lang, size, recording):
    i18n.set_language(lang)
    app = make_app()
    app.settings["language"] = lang
    app.resized(size)
    lesson = LessonScene(app, "crazy_eights")
    app.set_scene(lesson)
    app.pump()
    key(app, pygame.K_ESCAPE)
    [pause] = lesson.modals
    assert i18n._("Leave lesson") in [i18n._(b.label) for b in pause.buttons]
    assert_buttons_whole(app, pause)
    table = table_scene(app, seed=3)
    key(app, pygame.K_ESCAPE)
    [pause] = table.modals
    assert_buttons_whole(app, pause)
