"""Crazy Eights and Crazy Lab in a replay: the table is laid out in the room above the
replay bar (shorter than a live window of the same width) with the window's readable
text size, so plates, pile labels and small faces must make room for their words."""

from __future__ import annotations

import pygame
import pytest

from game.services import i18n
from game.tools.audit import Auditor, Findings, settle
from game.ui import textlog


@pytest.fixture
def lang(monkeypatch):
    """The app takes its language from the system's, as the layout audit sets it."""

    def use(code: str) -> None:
        monkeypatch.setenv("LANGUAGE", code)

    yield use
    textlog.stop()
    i18n.set_language("en")


def replay_frame(game_id: str, size, moment: str):
    """The replay of the audit's finished game at ``moment``: (scene, what was drawn)."""
    from game.ui.app import App
    from game.ui.scenes.replay import ReplayScene

    auditor = Auditor(Findings())
    replay = auditor.replay_of(game_id)
    app = App(size, headless=True)
    app.settings["speed"] = "instant"
    scene = ReplayScene(app, replay)
    app.set_scene(scene)
    scene.jump({"first": 0, "mid": len(replay) // 2, "end": len(replay)}[moment])
    for _ in range(3):
        app.pump(16.0)
    settle(app, scene)
    surface = textlog.RecordingSurface(size)
    app.render(surface)
    return scene, textlog.drawn(surface)[0]


def test_a_plate_too_narrow_for_its_detail_gives_it_two_whole_lines():
    from game.ui import theme
    from game.ui.tables.seats import detail_room, fit_plate_detail, plate_height

    pygame.font.init()
    m = theme.Metrics((1177, 633))
    detail = "− ● · 10 Karten · gew. 12 · -11 Pkt."
    wide = pygame.Rect(10, 500, 900, m.px(92))
    assert fit_plate_detail(m, wide, detail) == (wide, detail)
    narrow = pygame.Rect(10, 500, m.px(250), m.px(92))
    assert not m.fits(detail, detail_room(m, narrow.w))
    rect, two = fit_plate_detail(m, narrow, detail, grow_up=True)
    assert two.replace("\n", " · ") == detail and two.count("\n") == 1
    assert all(m.fits(line, detail_room(m, rect.w)) for line in two.split("\n"))
    assert rect.h == max(narrow.h, plate_height(m, 2)) and rect.bottom == narrow.bottom
    below, __ = fit_plate_detail(m, narrow, detail)
    assert below.top == narrow.top and below.h == rect.h


@pytest.mark.parametrize("size", [(1177, 633), (1256, 675), (1280, 720)])
@pytest.mark.parametrize("code", ["en", "de", "sv"])
def test_crazy_eights_replay_reads_whole(lang, size, code):
    """Every seat's cards and points whole on its plate, no text under the floor (a court
    card's letter on a small open-hand face), no label over another."""
    lang(code)
    found = Findings()
    Auditor(found).replays("crazy_eights", [size])
    assert found.frames == 3
    assert found.count() == 0, found.problems


def test_crazy_eights_replay_plate_shows_cards_and_points(lang):
    lang("de")
    scene, drawn = replay_frame("crazy_eights", (1177, 633), "end")
    words = [d.words for d in drawn]
    points = scene.session.state.totals
    for seat in range(1, len(points)):
        n = scene.session.state.view(seat).hand_counts[seat]
        cards_words = "1 Karte" if n == 1 else f"{n} Karten"
        assert cards_words in words and f"{points[seat]} Pkt." in words, words
    assert not [d for d in drawn if d.cut]


@pytest.mark.parametrize("code", ["en", "sv"])
def test_crazy_eights_pile_labels_stay_apart_under_their_piles(lang, code):
    lang(code)
    scene, drawn = replay_frame("crazy_eights", (1177, 633), "end")
    table = scene.table
    assert table.session.state.view(0).stock_count == 0
    stock_words = i18n._("Stock empty")
    discard_words = i18n._("Discard · {n}").format(n=len(table.view.discard))
    [stock] = [d.rect for d in drawn if d.words == stock_words]
    [discard] = [d.rect for d in drawn if d.words == discard_words]
    assert stock.right < discard.left, (stock, discard)
    assert abs(stock.centerx - table.stock_rect.centerx) <= 1
    assert abs(discard.centerx - table.discard_rect.centerx) <= 1


@pytest.mark.parametrize("size", [(1177, 633), (1920, 1080), (3840, 2160)])
def test_crazy_lab_replay_reads_whole_in_german(lang, size):
    """Your plate's detail on two whole lines; each number on the small open-hand faces
    whole on its card."""
    lang("de")
    found = Findings()
    Auditor(found).replays("crazy_lab", [size])
    assert found.frames == 3
    assert found.count() == 0, found.problems


def test_crazy_lab_used_trumps_stay_in_their_panel(lang, monkeypatch):
    lang("de")
    scene, __ = replay_frame("crazy_lab", (1920, 1080), "end")
    table = scene.table
    assert len(table.disp["used"]) >= 9  # as many as the panel showed before
    from game.ui.tables.crazy_lab import table as lab_table

    symbols_made: list = []
    real = lab_table.symbols.colour_symbol

    def record(colour, size):
        img = real(colour, size)
        symbols_made.append(img)
        return img

    monkeypatch.setattr(lab_table.symbols, "colour_symbol", record)

    placed: list[pygame.Rect] = []

    class Probe(pygame.Surface):
        def blit(self, source, dest, area=None, special_flags=0):
            done = super().blit(source, dest, area, special_flags)
            if any(source is s for s in symbols_made):
                placed.append(pygame.Rect(dest, source.get_size()))
            return done

    probe = Probe(scene.app.size)
    table.draw_trump(probe)
    assert placed
    assert all(table.trump_rect.contains(r) for r in placed), (table.trump_rect, placed)
