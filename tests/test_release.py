"""One version from the package metadata, shown to the player; the release archive.

The archive test (slow) packs the PyInstaller build that tests/test_packaging.py
makes (one build per test session, tests/build_helpers.py), unpacks it into a
read-only folder and runs its --smoke from elsewhere with a fresh home.
"""

from __future__ import annotations

import os
import re
import stat
import subprocess
import sys
import tarfile
import tomllib
from pathlib import Path

import pytest

import game
from build_helpers import ROOT, build_script, built_app
from game.smoke import SMOKE_OK

PYPROJECT_VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
    "project"
]["version"]

# Modules of the developer tools that the executable must leave out.
DEV_TOOLS = ("soak", "botsoak", "uifuzz", "audit", "sim", "paired", "decisions")


def test_the_version_is_the_package_metadata():
    assert game.__version__ == PYPROJECT_VERSION


def test_the_version_is_written_in_pyproject_only():
    source = (ROOT / "game" / "__init__.py").read_text(encoding="utf-8")
    assert not re.search(r"""__version__\s*=\s*["']""", source)
    assert PYPROJECT_VERSION not in source


def test_an_uninstalled_source_tree_has_an_unknown_version():
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            "import importlib.metadata as m\n"
            "def missing(name): raise m.PackageNotFoundError(name)\n"
            "m.version = missing\n"
            "import game; print(game.__version__)",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.stdout.strip() == game.UNKNOWN_VERSION, proc.stderr


def _texts_drawn(monkeypatch) -> list[str]:
    from game.ui import theme

    drawn: list[str] = []
    real = theme.blit_text

    def recording(surface, s, *args, **kwargs):
        drawn.append(s)
        return real(surface, s, *args, **kwargs)

    monkeypatch.setattr(theme, "blit_text", recording)
    return drawn


def test_the_menu_shows_the_version_in_its_corner(monkeypatch):
    from game.ui.scenes.menu import MenuScene
    from ui_helpers import make_app

    app = make_app()
    drawn = _texts_drawn(monkeypatch)
    scene = MenuScene(app)
    app.set_scene(scene)
    app.pump()  # the first frame, then the version is looked up
    drawn.clear()
    scene.draw(app.screen)
    assert f"v{PYPROJECT_VERSION}" in drawn


def test_the_settings_screen_shows_the_version(monkeypatch):
    from game.ui.scenes.settings import SettingsScene
    from ui_helpers import make_app

    app = make_app()
    drawn = _texts_drawn(monkeypatch)
    scene = SettingsScene(app)
    app.set_scene(scene)
    scene.draw(app.screen)
    assert f"Parlour {PYPROJECT_VERSION}" in drawn
