"""Cross Rummy's live table in the frames the layout audit flagged: a full rack keeps
every tile whole beside its neighbours, the side panel's legend stays inside the panel,
and a tile at the board's edge never shows a number cut by the edge."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import recorded_frame

from game.tools.audit import Auditor, Findings, inspect
from game.ui import textlog


def audited(monkeypatch, lang: str, players: int, size, moves: int):
    """The audit's own frame of the table (its seed and moves), and what it found."""
    monkeypatch.setenv("LANGUAGE", lang)
    found = Findings()
    app, scene = Auditor(found).table("cross_rummy", players, size, moves)
    surface = recorded_frame(app)
    inspect(surface, "probe", found)
    return scene.table, surface, found


def test_a_full_rack_lays_its_tiles_side_by_side(monkeypatch, recording):
    """30 tiles on a 1177x633 window (German buttons narrow the rack): before, two
    squeezed rows put each tile half under the next ("10" over "11")."""
    t, surface, found = audited(monkeypatch, "de", 2, (1177, 633), 30)
    assert len(t.rack_slots) == 30
    rects = [r for __, r in t.rack_slots]
    for i, a in enumerate(rects):
        assert t.rack_rect.contains(a), (a, t.rack_rect)
        assert not any(a.colliderect(b) for b in rects[i + 1 :]), a
    numbers = [d for d in textlog.drawn(surface)[0] if d.words.isdigit()]
    in_rack = [d for d in numbers if t.rack_rect.contains(d.rect)]
    assert len(in_rack) >= 29 and min(d.px for d in in_rack) >= 14
    assert found.count() == 0, found.problems


@pytest.mark.parametrize("lang", ["en", "sv", "de"])
def test_the_legend_stays_inside_the_side_panel(monkeypatch, recording, lang):
    """Before: the legend ran below the panel ("breaks a rule" out of its box) with the
    events played, two last-lay marks and both outlines at once."""
    t, surface, found = audited(monkeypatch, lang, 2, (1177, 633), 30)
    in_panel = [d for d in textlog.drawn(surface)[0] if t.side.collidepoint(d.rect.topleft)]
    assert len(in_panel) > 8
    assert [d.words for d in in_panel if not t.side.contains(d.rect)] == []
    assert found.count() == 0, found.problems


@pytest.mark.parametrize(
    ("players", "size", "moves"), [(4, (1280, 720), 120), (3, (1256, 675), 150)]
)
def test_no_number_is_cut_at_the_board_edge(monkeypatch, recording, players, size, moves):
    # a game in play (a game over shows its whole board, fitted, nothing at an edge)
    t, surface, found = audited(monkeypatch, "en", players, size, moves)
    assert not t.all_visible()  # the table is wider than the board: it is panned
    board_box = t.board.inflate(t.m.px(8), t.m.px(8))
    for d in textlog.drawn(surface)[0]:
        if board_box.colliderect(d.rect) and d.words.isdigit():
            assert board_box.contains(d.rect) or t.rack_rect.contains(d.rect), d
    assert found.count() == 0, found.problems


def test_a_rack_of_many_tiles_grows_into_the_board(monkeypatch, recording):
    """No two rack tiles on top of each other even when two rows of readable tiles do
    not hold the rack: the rack takes room from the board."""
    t = audited(monkeypatch, "en", 2, (1177, 633), 30)[0]
    before = pygame.Rect(t.board)
    t.draft.rack = t.draft.rack + t.draft.rack  # 60 tiles
    t.layout_rack()
    rects = [r for __, r in t.rack_slots]
    assert len(rects) == 60
    assert all(t.rack_rect.contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    assert t.board.h < before.h
    t.draft.rack = t.draft.rack[:30]
    t.layout_rack()
    assert t.board == before  # the room goes back when the rack shrinks
