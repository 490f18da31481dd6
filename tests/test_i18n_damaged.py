"""A damaged language catalogue: Parlour starts in English, says once that the language
could not be loaded, and never crashes on it (not at start, not from Settings)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from ui_helpers import click, make_app

from game.services import i18n
from game.services.paths import assets_dir
from game.ui.app import App
from game.ui.scenes.menu import MenuScene

ROOT = Path(__file__).resolve().parent.parent

DAMAGE = {
    "garbage": lambda good: b"this is no catalogue at all\n" * 40,
    "cut": lambda good: good[:100],
    "empty": lambda good: b"",
    # the right magic number, then a message table pointing past the end of the file
    "bad_table": lambda good: good[:8] + (10**6).to_bytes(4, "little") + good[12:200],
}


@pytest.fixture
def locale_copy(tmp_path, monkeypatch):
    """A private copy of the catalogues the test may break; English again afterwards."""
    folder = tmp_path / "locale"
    shutil.copytree(assets_dir() / "locale", folder)
    monkeypatch.setattr(i18n, "locale_dir", lambda: folder)
    yield folder
    i18n.set_language("en")


def damage(folder: Path, code: str, how: str) -> Path:
    target = folder / code / "LC_MESSAGES" / "parlour.mo"
    target.write_bytes(DAMAGE[how](target.read_bytes()))
    return target


@pytest.mark.parametrize("how", list(DAMAGE))
def test_a_damaged_catalogue_leaves_english_and_says_why(locale_copy, how):
    target = damage(locale_copy, "de", how)
    assert i18n.set_language("de") == "en"
    assert i18n.language() == "en" and i18n._("New game") == "New game"
    assert "Deutsch" in i18n.problem() and str(target) in i18n.problem()
    assert "English" in i18n.problem()
    # the good catalogue is still used, and the problem is forgotten with it
    assert i18n.set_language("sv") == "sv" and i18n._("Settings") == "Inställningar"
    assert i18n.problem() is None


def test_a_catalogue_larger_than_any_is_not_read(locale_copy, monkeypatch):
    monkeypatch.setattr(i18n, "MAX_CATALOGUE_BYTES", 1000)
    assert i18n.set_language("de") == "en"
    assert "bytes" in i18n.problem()


def test_a_missing_catalogue_is_said_too(locale_copy):
    (locale_copy / "de" / "LC_MESSAGES" / "parlour.mo").unlink()
    assert i18n.set_language("de") == "en" and "could not be read" in i18n.problem()


def test_a_german_system_with_a_damaged_catalogue_starts_in_english_and_tells(
    locale_copy, monkeypatch
):
    monkeypatch.setenv("LANGUAGE", "de")
    damage(locale_copy, "de", "garbage")
    app = App((1600, 900), headless=True)
    menu = MenuScene(app)
    app.set_scene(menu)
    app.pump()
    assert i18n.language() == "en"
    titles = [d.title for d in menu.modals]
    assert titles == ["The language could not be loaded"]
    assert "Deutsch" in menu.modals[0].body
    assert any(b.label == "Settings" for b in menu.buttons)  # the menu is in English
    app.render()


def test_choosing_a_damaged_language_in_settings_says_so_and_stays_english(locale_copy):
    from game.ui.scenes.settings import SettingsScene

    damage(locale_copy, "de", "cut")
    app = make_app()
    app.settings["language"] = "en"
    i18n.set_language("en")
    app.set_scene(SettingsScene(app))
    app.pump()
    scene = app.scene
    row = next(i for i, r in enumerate(scene.rows) if r[0] == "Language")
    click(app, scene.buttons[row].rect.center)  # English -> Deutsch
    assert app.settings["language"] == "de" and i18n.language() == "en"
    assert any("Deutsch" in t for t in app.toasts.messages())
    assert any(r[0] == "Language" for r in scene.rows)
    app.render()


def test_the_real_start_with_a_damaged_catalogue_never_crash_loops(tmp_path):
    """Twice in a row through the real entry point, as a German player starts it."""
    locale = tmp_path / "locale"
    shutil.copytree(assets_dir() / "locale", locale)
    damage(locale, "de", "garbage")
    home = tmp_path / "home"
    home.mkdir()
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "import game.services.i18n as i18n\n"
        f"i18n.locale_dir = lambda: Path({str(locale)!r})\n"
        "from game.ui import app as a, startup\n"
        "import game.ui.scenes.menu as m\n"
        "orig = m.MenuScene.first_look\n"
        "def look(self):\n"
        "    orig(self)\n"
        "    print('TITLES', [d.title for d in self.modals], i18n.language())\n"
        "m.MenuScene.first_look = look\n"
        "a.App.loop = lambda self: self.pump()\n"
        "class Args: size = None\n"
        "sys.exit(startup.run(Args()))\n"
    )
    env = {
        **__import__("os").environ,
        "PARLOUR_HOME": str(home),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "LANGUAGE": "de",
    }
    for _ in range(2):
        done = subprocess.run(
            [sys.executable, "-c", script],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        assert "TITLES ['The language could not be loaded'] en" in done.stdout
    assert not list(home.glob("crash-*.log"))
