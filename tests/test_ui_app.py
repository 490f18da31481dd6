"""App-level UI: the screenshot command, setup building a game, menus, crash reports."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
from ui_helpers import click, make_app

import game as game_package
from game.ui.crash_report import write_crash_report
from game.ui.headless import make_headless_table
from game.ui.scenes.choose import ChooseScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.table import TableScene

ROOT = Path(__file__).resolve().parent.parent


def test_screenshot_command_writes_a_png_of_the_requested_size(tmp_path):
    out = tmp_path / "shot.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PARLOUR_HOME=str(tmp_path / "home"))
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "game",
            "--screenshot",
            str(out),
            "--game",
            "crazy_eights",
            "--players",
            "4",
            "--seed",
            "7",
            "--autoplay",
            "12",
            "--size",
            "1280x720",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    img = pygame.image.load(str(out))
    assert img.get_size() == (1280, 720)


def test_headless_table_renders_frames_and_keeps_the_viewer_at_seat_0():
    t = make_headless_table("crazy_eights", 5, 3, autoplay=8, size=(1920, 1080))
    t.update(16)
    t.draw_frame()
    assert t.surface.get_size() == (1920, 1080)
    assert sorted(t.scene.table.hand_faces_drawn) == sorted(t.session.view(0).hand)
    assert len(t.session.state.actions) == 8


def test_setup_scene_builds_a_game_with_the_chosen_seats():
    app = make_app()
    app.set_scene(MenuScene(app))
    app.pump()
    app.scene.new_game()
    choose = app.scene
    assert isinstance(choose, ChooseScene)
    click(app, choose.rects[0].center)
    offer = choose.modals[-1]  # a game never played offers its lesson first: "Just play"
    click(app, offer.buttons[1].rect.center)
    setup = app.scene
    assert isinstance(setup, SetupScene)
    setup.set_players(3)
    setup.toggle_kind(1)  # seat 2 becomes human
    setup.seats[1]["name"] = "Rosa"
    setup.change_option("rounds", 1)
    setup.seed_text = "42"
    click(app, setup.start_button.rect.center)
    table = app.scene
    assert isinstance(table, TableScene)
    s = table.session
    assert [(x.name, x.kind) for x in s.seats] == [
        ("Player 1", "human"),
        ("Rosa", "human"),
        ("Chloé", "ai"),
    ]
    assert s.state.players == 3 and s.options["rounds"] == 6 and s.seed == 42
    assert app.settings["last_setup"]["crazy_eights"]["seats"][1]["name"] == "Rosa"


def test_crash_report_holds_the_traceback_and_the_game_log(tmp_path):
    app = make_app()
    t = make_headless_table("crazy_eights", 3, 9, autoplay=4, size=(800, 600))
    app.scene = t.scene
    try:
        raise RuntimeError("boom")
    except RuntimeError as exc:
        path = Path(write_crash_report(exc, app))
    text = path.read_text(encoding="utf-8")
    assert "RuntimeError: boom" in text and "game log:" in text
    assert f"parlour: {game_package.__version__}" in text
    game = next(path.parent.glob("crash-*-game.json"))
    assert '"actions"' in game.read_text(encoding="utf-8")


def test_f1_opens_rules_help_and_esc_on_table_opens_pause():
    app = make_app()
    t = make_headless_table("crazy_eights", 3, 9, autoplay=0, size=(1280, 720))
    app = t.app
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0)
    )
    app.pump()
    assert app.help is not None and "Crazy Eights" in app.help.title
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    )
    app.pump()
    assert app.help is None
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    )
    app.pump()
    assert t.scene.modals and t.scene.modals[-1].title == "Paused"


def test_settings_screen_toggles_persist():
    from game.services import settings as settings_store
    from game.ui.scenes.settings import SettingsScene

    app = make_app()
    scene = SettingsScene(app)
    app.set_scene(scene)
    app.pump()
    speed, motion, four = scene.buttons[0], scene.buttons[1], scene.buttons[2]
    click(app, four.rect.center)
    click(app, scene.buttons[1].rect.center)  # buttons are rebuilt after each change
    click(app, scene.buttons[0].rect.center)
    saved = settings_store.load()
    assert saved["four_colour"] is True and saved["reduce_motion"] is True
    assert saved["speed"] != "instant" or app.settings["speed"] == "instant"
    assert saved["speed"] == app.settings["speed"]
    assert speed.label and motion.label


def test_reduce_motion_turns_moves_into_fades():
    from ui_helpers import find_seed, table_scene

    seed = find_seed(lambda s: any(c % 13 != 7 for c in s.playable_cards(0)))
    app = make_app(speed="normal")
    app.settings["reduce_motion"] = True
    scene = table_scene(app, seed)
    legal = [a for a in scene.session.legal() if ":" not in a and a not in ("draw", "pass")]
    click(app, scene.table.slot_of(legal[0]))
    flights = scene.table.anim.flights + scene.table.anim.held
    assert flights and all(f.fade and f.duration <= 140 for f in flights)


def test_window_size_is_remembered_in_the_settings():
    from game.services import settings as settings_mod

    s = settings_mod.load()
    assert settings_mod.window_size(s) is None
    s["window_size"] = [1366, 768]
    settings_mod.save(s)
    again = settings_mod.load()
    assert settings_mod.window_size(again) == (1366, 768)
    again["window_size"] = ["big", 3]
    settings_mod.save(again)
    assert settings_mod.window_size(settings_mod.load()) is None


def test_sheet_button_stays_when_the_log_panel_is_collapsed():
    from game.ui.headless import make_headless_table

    t = make_headless_table("rage", 4, 1, 4, size=(1280, 720))
    scene = t.app.scene
    if scene.log.open:
        scene.log.flip()
    scene.layout()
    sheet, menu = scene.sheet_button.rect, scene.menu_button.rect
    assert sheet.w > 0 and sheet.h > 0
    assert not sheet.colliderect(menu) and not sheet.colliderect(scene.log.toggle.rect)


def test_f1_on_the_menu_has_a_tab_for_every_game_and_on_game_choice_shows_the_highlighted_game():
    from ui_helpers import key

    from game import games
    from game.ui import theme
    from game.ui.scenes.choose import ChooseScene
    from game.ui.scenes.menu import MenuScene

    app = make_app()
    app.set_scene(MenuScene(app))
    app.pump()
    key(app, pygame.K_F1)
    app.pump()
    assert app.help is not None and app.help.page is None
    ids = [gid for gid, _ in app.help.tabs]
    assert ids[1:] == list(games.GAMES)
    tab = dict(app.help.tabs)["rage"]
    click(app, tab.rect.center)
    assert app.help.page == "rage" and app.help.title != "Parlour"
    for _gid, b in app.help.tabs:  # every tab label fits its tab
        assert theme.font(b.text_px, True).size(b.label)[0] <= b.rect.w
    key(app, pygame.K_F1)
    app.pump()
    assert app.help is None
    scene = ChooseScene(app)
    app.set_scene(scene)
    app.pump()
    key(app, pygame.K_RIGHT)
    app.pump()
    key(app, pygame.K_F1)
    app.pump()
    assert app.help is not None and app.help.page == scene.games[scene.focus].id


def test_a_start_without_arguments_gets_the_parsers_defaults():
    from game.__main__ import parse_args

    assert vars(parse_args([])) == vars(parse_args(["--game", "crazy_eights"]))
    assert parse_args(["--benchmark-startup"]).benchmark_startup is True
