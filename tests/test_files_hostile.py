"""Hostile and damaged files, as a player meets them: settings, saves, level files, folders.

Each test plants a file, starts the app (or the scene that reads it) as a player would,
and checks what the player sees and what is left on disk.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from ui_helpers import make_app, table_scene

from game.engine import levels
from game.services import saves
from game.services import settings as settings_store
from game.services.paths import user_dir
from game.ui.app import App
from game.ui.scenes.choose import ChooseScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.table import TableScene

ROOT = Path(__file__).resolve().parent.parent


def menu_app(app=None):
    app = app or make_app()
    menu = MenuScene(app)
    app.set_scene(menu)
    app.pump()
    return app, menu


def dialog_text(scene) -> str:
    return " ".join(f"{d.title} {d.body}" for d in scene.modals)


def a_save(**change) -> dict:
    doc = {
        "version": 1,
        "game": "crazy_eights",
        "options": {"players": 2},
        "seed": 5,
        "seats": [
            {"name": "Me", "kind": "human", "level": None},
            {"name": "Ana", "kind": "ai", "level": "normal"},
        ],
        "actions": [],
    }
    doc.update(change)
    return doc


def plant_save(doc) -> Path:
    target = saves.path()
    target.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return target


@pytest.fixture
def level_copy(tmp_path, monkeypatch):
    """A private copy of levels/ the test may break; nothing cached from the real one."""
    folder = tmp_path / "levels"
    shutil.copytree(ROOT / "levels", folder)
    monkeypatch.setattr(levels, "levels_dir", lambda: folder)
    monkeypatch.setattr(levels, "_CACHE", {})
    return folder


# ---------------------------------------------------------------- settings


@pytest.mark.parametrize(
    "value", [["fast"], {"a": 1}, 7, None, "warp"], ids=["list", "object", "int", "null", "word"]
)
def test_a_wrongly_typed_setting_falls_back_and_the_player_is_told_once(value):
    target = settings_store.path()
    target.write_text(json.dumps({"speed": value, "four_colour": True}), encoding="utf-8")
    app, menu = menu_app(App((1600, 900), headless=True))
    assert app.settings["speed"] == "normal" and app.settings["four_colour"] is True
    text = dialog_text(menu)
    assert "speed" in text and "settings.json" in text and "line 1" in text
    # told once: the next start finds a clean file and says nothing
    app2, menu2 = menu_app(App((1600, 900), headless=True))
    assert not menu2.modals and app2.settings["four_colour"] is True
    assert list(user_dir().glob("settings.json.bad-values-*"))  # the original is kept


def test_every_setting_is_checked_by_one_function_that_knows_it():
    clean, notes = settings_store.validate(
        {
            "speed": "fast",
            "reduce_motion": "yes",
            "window_size": [100, 100],
            "last_setup": {"crazy_eights": "x", "rage": {"seats": 5}, "nope": {}},
            "colour": 1,
        }
    )
    assert clean["speed"] == "fast" and clean["reduce_motion"] is False
    assert clean["window_size"] == [960, 600]  # below the minimum: raised to it
    assert clean["last_setup"] == {}
    assert len(notes) == 5 and any("not a setting" in n for n in notes)
    assert set(settings_store.FIELDS) == set(settings_store.DEFAULTS)


def test_a_corrupt_settings_file_is_reported_when_the_app_starts(monkeypatch):
    """run() loads the settings once: the message about a moved file reaches the player."""
    settings_store.path().write_text("{not json", encoding="utf-8")
    seen = {}
    from game.ui import startup

    real = startup.App
    monkeypatch.setattr(real, "loop", lambda self: self.pump())

    def spy(*args, **kwargs):
        made = real(*args, **{**kwargs, "headless": True})
        seen["app"] = made
        return made

    monkeypatch.setattr(startup, "App", spy)

    class Args:
        size = None

    assert startup.run(Args()) == 0
    app = seen["app"]
    assert any("settings.json" in t and "moved to" in t for _, t in app.notices) or any(
        "moved to" in dialog_text(app.scene) for _ in [0]
    )
    assert list(user_dir().glob("settings.json.corrupt-*"))


@pytest.mark.parametrize(
    "entry", ["x", {"seats": 5}, {"options": [1, 2]}, {"seats": [{"kind": "ai", "name": 3}]}]
)
def test_a_bad_last_setup_is_ignored_and_setup_opens_with_defaults(entry):
    app = make_app()
    app.settings["last_setup"] = {"crazy_eights": entry}  # as if typed into memory
    scene = SetupScene(app, "crazy_eights")
    app.set_scene(scene)
    app.pump()
    assert scene.players == scene.level.default_players
    assert scene.start() is not None


# ---------------------------------------------------------------- level files


def test_a_game_with_a_broken_level_file_says_where_and_the_others_start(level_copy):
    (level_copy / "crazy_eights.toml").write_text("[game\nid = 1\n", encoding="utf-8")
    app = make_app()
    choose = ChooseScene(app)
    app.set_scene(choose)
    ids = [g.id for g in choose.games]
    choose.start(ids.index("crazy_eights"))
    assert app.scene is choose and "crazy_eights.toml" in dialog_text(choose)
    assert "line 1" in dialog_text(choose)
    choose.modals.clear()
    choose.start(ids.index("rage"))  # a game never played offers its lesson first
    offer = choose.modals[-1]
    offer.buttons[-1].on_click()  # "Just play"
    assert isinstance(app.scene, SetupScene) and app.scene.game_id == "rage"


def test_a_bad_option_default_in_a_level_file_is_shown_with_file_and_key(level_copy):
    path = level_copy / "crazy_eights.toml"
    path.write_text(
        path.read_text(encoding="utf-8").replace("default = 5\n", "default = 99\n", 1),
        encoding="utf-8",
    )
    app = make_app()
    choose = ChooseScene(app)
    app.set_scene(choose)
    choose.start([g.id for g in choose.games].index("crazy_eights"))
    shown = dialog_text(choose)
    assert app.scene is choose
    assert "crazy_eights.toml" in shown and "hand_size" in shown and "line" in shown


@pytest.mark.parametrize("kept, need", [(2, "2 players need 15"), (28, "4 players need 29")])
def test_a_crazier_eights_deck_too_small_for_its_players_is_named_at_setup(level_copy, kept, need):
    path = level_copy / "crazier_eights.toml"
    head, *cards = path.read_text(encoding="utf-8").split("\n[[card]]")
    path.write_text("\n[[card]]".join([head, *cards[:kept]]), encoding="utf-8")
    app = make_app()
    choose = ChooseScene(app)
    app.set_scene(choose)
    choose.start([g.id for g in choose.games].index("crazier_eights"))
    shown = dialog_text(choose)
    assert app.scene is choose, "no game may start on a deck that cannot be dealt"
    assert "crazier_eights.toml" in shown and f"{kept} cards are too few" in shown
    assert need in shown


def test_a_broken_level_file_never_sets_a_good_save_aside(level_copy):
    target = plant_save(a_save())
    good = (level_copy / "crazy_eights.toml").read_text(encoding="utf-8")
    (level_copy / "crazy_eights.toml").write_text("[players]\nmin = 'two'\n", encoding="utf-8")
    _app, menu = menu_app()
    assert menu.resume_info is None and target.exists()
    assert "rules file" in dialog_text(menu) and "crazy_eights.toml" in dialog_text(menu)
    assert not list(user_dir().glob("current_game.json.corrupt-*"))
    # the file fixed: resume is offered again
    (level_copy / "crazy_eights.toml").write_text(good, encoding="utf-8")
    levels._CACHE.clear()
    _app, menu = menu_app()
    assert menu.resume_info is not None


# ---------------------------------------------------------------- saves


def test_a_save_from_a_newer_parlour_is_refused_in_its_words_never_as_corrupt():
    plant_save(a_save(version=999, parlour="9.0.0"))
    app, menu = menu_app()
    text = dialog_text(menu)
    assert menu.resume_info is None
    assert "newer Parlour" in text and "Parlour 9.0.0" in text and "corrupt" not in text
    assert not list(user_dir().glob("current_game.json.corrupt-*"))
    assert list(user_dir().glob("current_game.json.newer-*"))
    app.render()


@pytest.mark.parametrize(
    "change,words",
    [
        ({"version": "two"}, "version"),
        ({"seed": None}, "seed"),
        ({"seats": [{"name": "x", "kind": "robot"}]}, "seats[0]"),
        ({"actions": ["9Z"]}, "does not fit"),
        ({"actions": ["x" * 5_000_000]}, "too long"),
        # numbers no save holds, and nesting no save has: read safely, named by their key
        ({"seed": 10**40}, "seed"),
        ({"seed": 10**13}, "seed"),
        ({"actions": [{"lay": float("nan")}]}, "actions[0]"),
        ({"actions": [json.loads("[" * 100 + "]" * 100)]}, "nested"),
    ],
)
def test_a_refused_save_says_why_and_is_set_aside(change, words):
    plant_save(a_save(**change))
    app, menu = menu_app()
    text = dialog_text(menu)
    assert menu.resume_info is None and words in text
    assert len(text) < 1200  # a short excerpt, never the 5 MB action
    assert list(user_dir().glob("current_game.json.corrupt-*"))
    app.render()  # the dialog draws


def test_a_save_without_version_is_refused():
    doc = a_save()
    del doc["version"]
    plant_save(doc)
    _app, menu = menu_app()
    assert menu.resume_info is None and "version" in dialog_text(menu)


@pytest.mark.parametrize("level", ["godlike", 7, "Hard"])
def test_an_unknown_ai_level_is_replaced_by_the_default_and_said(level):
    doc = a_save()
    doc["seats"][1]["level"] = level  # levels are lower-case ids: "Hard" is none of them
    plant_save(doc)
    app, menu = menu_app()
    assert menu.resume_info is not None
    menu.resume()
    assert isinstance(app.scene, TableScene)
    assert app.scene.session.seats[1].level == "normal"
    assert any("repaired" in t for t in app.toasts.messages())
    for _ in range(30):  # the AI seat moves without raising
        app.pump(200)


def test_a_name_that_cannot_be_saved_is_replaced_at_load():
    doc = a_save()
    doc["seats"][0]["name"] = "\ud800"
    plant_save(json.dumps(doc))
    app, menu = menu_app()
    assert menu.resume_info is not None
    menu.resume()
    session = app.scene.session
    assert session.seats[0].name == "Player 1"
    assert session.save() is True
    assert not list(user_dir().glob(".*.tmp"))


def test_a_save_that_cannot_be_written_is_told_once_and_the_old_save_stays(monkeypatch):
    app = make_app()
    scene = table_scene(app, 3, humans=(0,), players=2)
    session = scene.session
    assert session.save()
    before = saves.path().read_bytes()

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("game.services.filecheck.os.fsync", full)
    assert session.save() is False and session.save() is False
    told = [t for t in app.toasts.messages() if "could not be saved" in t]
    assert len(told) == 1 and "No space left" in told[0]
    assert saves.path().read_bytes() == before
    assert not list(user_dir().glob(".*.tmp"))
    monkeypatch.undo()
    assert session.save() is True
    assert any("saved again" in t for t in app.toasts.messages())


# ---------------------------------------------------------------- crash-loop breaker


def start_app(home: Path, code: str = "") -> subprocess.CompletedProcess:
    """Run the real entry point in a child (a crash must not take the tests down)."""
    script = (
        "import sys\n"
        "from game.ui import app as a, startup\n"
        "a.App.loop = lambda self: self.pump()\n"
        f"{code}\n"
        "class Args: size = None\n"
        "sys.exit(startup.run(Args()))\n"
    )
    env = {"PARLOUR_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    import os

    env = {**os.environ, **env}
    return subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def menu_probe(*lines: str) -> str:
    """Code for start_app: run ``lines`` (as ``self``, the menu) once the menu first shows."""
    body = "".join(f"    {line}\n" for line in lines)
    return (
        "import game.ui.scenes.menu as m\n"
        "orig = m.MenuScene.first_look\n"
        "def look(self):\n"
        "    orig(self)\n" + body + "m.MenuScene.first_look = look\n"
    )


def test_a_crash_while_starting_sets_the_settings_aside_and_the_next_start_asks(tmp_path):
    home = tmp_path / "h"
    home.mkdir()
    (home / "settings.json").write_text(json.dumps({"four_colour": True}), encoding="utf-8")
    crash = (
        "a.MenuScene = None\nimport game.ui.scenes.menu as m\nm.MenuScene.__init__ = lambda *x: 1/0"
    )
    done = start_app(home, crash)
    assert done.returncode == 1 and "report" in done.stderr
    assert list(home.glob("running/*.json")) and list(home.glob("crash-*.log"))
    # the next start: default settings, the file kept, a question in the menu
    probe = menu_probe(
        "print('ASK', [d.title for d in self.modals], self.app.settings['four_colour'])"
    )
    done = start_app(home, probe)
    assert done.returncode == 0, done.stderr
    assert "ASK ['Parlour closed unexpectedly'] False" in done.stdout
    assert list(home.glob("settings.json.crashed-*")) and not list(home.glob("running/*.json"))


def test_a_crash_with_the_game_open_asks_before_the_save_is_replayed(tmp_path):
    home = tmp_path / "h"
    home.mkdir()
    (home / "current_game.json").write_text(json.dumps(a_save()), encoding="utf-8")
    (home / "running.json").write_text(json.dumps({"phase": "game", "game": "crazy_eights"}))
    probe = menu_probe(
        "print('ASK', [b.label for b in self.modals[-1].buttons], self.resume_info)",
        "self.modals[-1].buttons[1].on_click()",
    )
    done = start_app(home, probe)
    assert done.returncode == 0, done.stderr
    assert "ASK ['Resume it', 'Set it aside', 'Start afresh'] None" in done.stdout
    assert not (home / "current_game.json").exists()
    assert list(home.glob("current_game.json.crashed-*"))


def test_a_user_folder_that_cannot_be_made_gives_a_message_and_exit_code(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    done = start_app(blocker / "Parlour")
    assert done.returncode == 2
    assert "cannot create its folder" in done.stderr and "Traceback" not in done.stderr


def test_the_crash_handler_works_when_the_user_folder_is_the_problem(monkeypatch, tmp_path):
    from game.ui import crash_report

    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("PARLOUR_HOME", str(blocker / "Parlour"))
    path = crash_report.write_crash_report(RuntimeError("boom"), None)
    assert path is not None and Path(path).exists() and "boom" in Path(path).read_text()


# ---------------------------------------------------------------- small windows


def test_the_window_and_every_layout_stop_at_the_minimum_size():
    from game.engine.limits import MIN_WINDOW

    app = make_app()
    app.resized((320, 240))
    assert app.size == MIN_WINDOW
    assert settings_store.validate({"window_size": [320, 240]})[0]["window_size"] == list(
        MIN_WINDOW
    )
    assert App((320, 240), headless=True).size == MIN_WINDOW
