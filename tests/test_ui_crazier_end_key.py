"""The "E" key of Crazier Eights' End turn button sits inside the button, clear of its
rounded border and of its label, in English and German, from 1177x633 to 1920x1080."""

from __future__ import annotations

import pytest
from ui_helpers import recorded_frame

from game.tools.audit import Auditor, Findings
from game.ui import textlog, theme


@pytest.mark.parametrize("size", [(1177, 633), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_key_mark_sits_inside_end_turn(monkeypatch, recording, lang, size):
    monkeypatch.setenv("LANGUAGE", lang)
    app, scene = Auditor(Findings()).table("crazier_eights", 3, size, 1)  # your main phase
    table = scene.table
    assert table.ctx.can_act and "end" in table.legal()
    button = table.end_button.rect
    drawn = textlog.drawn(recorded_frame(app))[0]
    label = next(d for d in drawn if d.words == theme.spoken(table.end_button.label))
    keys = [d for d in drawn if d.words == "E" and d.rect.colliderect(button.inflate(40, 40))]
    assert len(keys) == 1
    inner = button.inflate(-2 * (button.h // 4), -4)  # inside the rounded corners and border
    assert inner.contains(keys[0].rect), (keys[0].rect, button)
    assert not keys[0].rect.colliderect(label.rect)
