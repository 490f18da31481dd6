"""The layout audit (``python -m game.tools.audit``), its short pass: every table with its
fewest and its most players at every stage, at 1177x633 (the smallest window the app
opens), 1280x720 and 4K, and every game's replay at 1280x720 and 4K, in each language:
no text below the size floor, cut by its box or the window, or overlapping another. The
full audit (every size and player count) is ``python -m game.tools.audit --all``."""

from __future__ import annotations

import pygame
import pytest

from game import games
from game.tools.audit import LANGUAGES, Findings, audit, floor_px, inspect
from game.ui import textlog


@pytest.mark.parametrize("game_id", list(games.GAMES))
def test_the_audit_finds_nothing(game_id, recording):
    """In English, German and Swedish: every text is laid out in each language."""
    findings = audit([game_id], langs=LANGUAGES, quick=True)
    assert findings.frames > 60 and findings.texts > 1500
    assert findings.count() == 0, findings.problems


def test_the_short_pass_covers_every_size_it_names(recording, monkeypatch):
    """The short pass sees the live table at each of its three sizes (the smallest window
    the app opens among them) with the fewest and the most players, and the replay at
    1280x720 and 4K, in every language."""
    from game.tools import audit as audit_module

    seen: list[str] = []
    real = audit_module.inspect

    def record(surface, where, findings):
        seen.append(where)
        real(surface, where, findings)

    monkeypatch.setattr(audit_module, "inspect", record)
    audit(["crazy_eights"], langs=LANGUAGES, quick=True)
    info = games.get("crazy_eights")
    fewest, most = info.min_players, info.max_players
    for lang in ("", " [de]", " [sv]"):
        for tag in ("1177x633", "1280x720", "3840x2160"):
            assert f"crazy_eights {fewest}p {tag} after 0{lang}" in seen
            assert f"crazy_eights {most}p {tag} hot-seat{lang}" in seen
            assert f"crazy_eights {most}p {tag} score sheet{lang}" in seen
        for tag in ("1280x720", "3840x2160"):
            assert f"crazy_eights replay {tag} end{lang}" in seen
    assert not any("replay 1177x633" in w or "1366x768" in w for w in seen)


def test_the_audit_sees_small_cut_and_overlapping_text(recording):
    from game.ui import theme

    textlog.start()
    surface = textlog.RecordingSurface((1280, 720))
    theme.draw_panel(surface, pygame.Rect(100, 100, 120, 40))
    theme.blit_text(surface, "a label far too long for its panel", 16, (110, 110))
    theme.blit_text(surface, "tiny", 10, (400, 400))
    theme.blit_text(surface, "first", 18, (600, 300))
    theme.blit_text(surface, "second", 18, (610, 302))
    theme.blit_text(surface, "off the edge", 18, (1250, 600))
    found = Findings()
    inspect(surface, "probe", found)
    kinds = {k: len(v) for k, v in found.problems.items()}
    assert kinds == {"cut": 2, "small": 1, "overlap": 1}, found.problems
    assert floor_px((1280, 720)) == 14 and floor_px((1920, 1080)) == 16
    assert floor_px((3840, 2160)) == 32


def test_the_audit_sees_a_button_label_cut_short(recording):
    from game.ui.widgets import Button

    textlog.start()
    surface = textlog.RecordingSurface((1280, 720))
    roomy = Button("Last trick", lambda: None).place((100, 100, 300, 40), 19)
    narrow = Button("Zurücksetzen", lambda: None).place((100, 200, 70, 40), 19)
    for button in (roomy, narrow):
        button.draw(surface)
    found = Findings()
    inspect(surface, "probe", found)
    assert list(found.problems) == ["shortened"], found.problems
    [line] = found.problems["shortened"]
    assert "'Zurücksetzen' shown as 'Zur" in line and "…" in line


def test_a_panel_line_gets_smaller_before_the_audit_sees_it_shortened(recording):
    """``theme.blit_fitted``: a line a little too wide is drawn smaller, whole; one that
    does not fit even at the floor is shortened, and the audit names it."""
    from game.ui import theme

    textlog.start()
    surface = textlog.RecordingSurface((1280, 720))
    whole = "orange (geheim)"
    wide = theme.font(21).size(whole)[0]
    roomy = theme.blit_fitted(surface, whole, 21, wide - 8, (100, 100), 14)
    assert roomy.w <= wide - 8
    theme.blit_fitted(surface, whole, 21, 60, (100, 300), 14)
    found = Findings()
    inspect(surface, "probe", found)
    assert list(found.problems) == ["shortened"], found.problems
    [line] = found.problems["shortened"]
    assert "'orange (geheim)' shown as 'or" in line and "…" in line
    shown = [d.words for d in textlog.drawn(surface)[0]]
    assert whole in shown


@pytest.mark.parametrize("game_id", ["crazy_lab", "crazier_eights"])
def test_the_audit_measures_every_replay_at_three_moments(recording, game_id):
    """The replay view: a game's replay at its first move, mid-game and at the end, the
    bar's buttons and the table above it measured like any table (a label the bar cut
    short, a card face under the floor, would be found)."""
    from game.tools.audit import Auditor

    found = Findings()
    auditor = Auditor(found)
    auditor.replays(game_id, [(1280, 720)])
    assert found.frames == 3
    assert found.count() == 0, found.problems
    replay = auditor.replay_of(game_id)
    assert len(replay) > 20
    # what the frames showed: the bar's labels and the open hands' numbers among them
    surface = textlog.RecordingSurface((1280, 720))
    from game.ui.app import App
    from game.ui.scenes.replay import ReplayScene

    app = App((1280, 720), headless=True)
    scene = ReplayScene(app, replay)
    app.set_scene(scene)
    scene.jump(len(replay) // 2)
    app.pump(16.0)
    app.render(surface)
    words = {d.words for d in textlog.drawn(surface)[0]}
    assert {"Play", "Next ▶"} <= words, words
    probe = Findings()
    inspect(surface, "probe", probe)
    assert probe.count() == 0, probe.problems


@pytest.mark.parametrize("game_id", ["rage", "crazier_eights"])
def test_a_replay_at_4k_draws_no_text_under_the_window_floor(recording, game_id):
    """The table above the replay bar takes the whole window's readable floor (32 px at
    4K), not the smaller floor of a window as short as the room above the bar."""
    from game.tools.audit import Auditor

    found = Findings()
    Auditor(found).replays(game_id, [(3840, 2160)])
    assert found.frames == 3 and found.texts > 100
    assert "small" not in found.problems, found.problems["small"][:5]
