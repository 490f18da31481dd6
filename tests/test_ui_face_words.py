"""Card faces at a large table show only what is legible at their size: no word on a
face below the size floor, cut by the face or lying on another (issue 48, items 2-3)."""

from __future__ import annotations

import os

import pytest

from game.tools.audit import Auditor, Findings
from game.ui import textlog


@pytest.mark.parametrize("lang", ["en", "de", "sv"])
def test_crazier_eights_faces_at_eight_players_are_readable(recording, lang):
    os.environ["LANGUAGE"] = lang
    found = Findings()
    auditor = Auditor(found)
    for moves in (0, 30):
        app, __ = auditor.table("crazier_eights", 8, (1280, 720), moves)
        auditor.frame(app, f"8p after {moves}")
    assert found.texts > 60
    assert found.count() == 0, found.problems


def test_a_small_face_draws_a_symbol_for_its_kind_and_no_word_under_the_floor(recording):
    import pygame

    from game.ui.tables.crazier_eights import art

    pygame.display.init()
    textlog.start()
    for cid in ("camelot", "death", "merlin"):
        face = art.face(cid, 37, 14)  # an asset card at an opponent's place at 1280x720
        for d in textlog.drawn(face)[0]:
            assert d.px >= 14 and not d.clipped, (cid, d.words, d.px)
        words = {d.words for d in textlog.drawn(face)[0]}
        assert not words & {"ASSET", "EVENT", "AUSLAGE", "EREIGNIS"}, words
