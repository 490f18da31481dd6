"""Rage, Crazy Lab and Cross Rummy faces, and the menu's and Settings' cards, show only
what is legible at their size: no word or rank on a face below the size floor, cut by
the face or lying on another (issue 48, item 3)."""

from __future__ import annotations

import os

import pytest

from game.tools.audit import Auditor, Findings
from game.ui import textlog


@pytest.mark.parametrize("lang", ["en", "de", "sv"])
def test_rage_faces_at_a_full_table_are_readable(recording, lang):
    """Eight players at 1280x720: the trick's cards, the hand and the set-aside row."""
    os.environ["LANGUAGE"] = lang
    found = Findings()
    auditor = Auditor(found)
    for players, moves in ((8, 0), (8, 30), (6, 30), (4, 150)):
        app, __ = auditor.table("rage", players, (1280, 720), moves)
        auditor.frame(app, f"{players}p after {moves}")
    assert found.texts > 100
    assert found.count() == 0, found.problems


def test_a_small_rage_action_card_keeps_its_code_and_drops_unreadable_words(recording):
    import pygame

    from game.ui.tables.trick import art

    pygame.display.init()
    textlog.start()
    for name in ("NT", "CT", "J", "+5", "-5", "R13"):
        for height in (art.rage_readable_height(14), 85, 137):
            face = art.rage_face(name, height, 14)
            drawn = textlog.drawn(face)[0]
            assert drawn, (name, height)  # the corner code at least
            for d in drawn:
                assert d.px >= 14 and not d.clipped, (name, height, d.words, d.px)
            words = {d.words for d in drawn}
            assert not words & {"CHANGE TRUMP", "TRUMPFWECHSEL"}, (height, words)


def test_an_outlined_number_is_one_text_on_a_turned_face(recording):
    """The outline is the number stamped around it: turned in a fan, it is still one
    text, not nine overlapping ones."""
    import pygame

    from game.ui.tables.trick import art

    pygame.display.init()
    textlog.start()
    turned = pygame.transform.rotozoom(art.rage_face("P14", 137, 14), 7.5, 1.0)
    big = [d for d in textlog.drawn(turned)[0] if d.words == "14"]
    assert len(big) == 3, big  # two corners and the middle


def test_crazy_lab_minus_and_cross_rummy_event_words_reach_the_floor(recording):
    import pygame

    from game.ui.tables.cross_rummy import art as tiles
    from game.ui.tables.trick import art

    pygame.display.init()
    textlog.start()
    score = art.scoring_card("B", 100, "O", 14)
    assert [d.px for d in textlog.drawn(score)[0] if d.words == "−"] == [14]
    for name in ("SWAP", "DRAW3"):
        for height in (55, 120):
            for d in textlog.drawn(tiles.tile(name, height))[0]:
                assert d.px >= 14 and not d.clipped, (name, height, d.words, d.px)


@pytest.mark.parametrize("size", [(1177, 633), (1280, 720), (1920, 1080)])
def test_the_menu_and_settings_cards_read_at_the_floor(recording, size):
    from game.ui.app import App
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.settings import SettingsScene

    found = Findings()
    auditor = Auditor(found)
    app = App(size, headless=True)
    for name, make in (("menu", MenuScene), ("settings", SettingsScene)):
        app.set_scene(make(app))
        app.pump(16.0)
        auditor.frame(app, name)
    assert found.count() == 0, found.problems


def test_a_rage_action_card_in_the_hand_leaves_its_name_to_the_whole_card(recording):
    """In the fanned hand the next card covers an action card's lower part, where its
    name is ("NO TRU"): there the face shows its corner code and picture only; the
    same card in the trick, seen whole, shows its name."""
    import pygame

    from game.ui.tables.trick import art

    pygame.display.init()
    textlog.start()
    in_hand = {d.words for d in textlog.drawn(art.rage_face("NT", 206, 16, titled=False))[0]}
    whole = {d.words for d in textlog.drawn(art.rage_face("NT", 206, 16))[0]}
    assert in_hand == {"NT"}, in_hand
    assert "NO TRUMP" in whole, whole
