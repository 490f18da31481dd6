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
from build_helpers import ROOT, build_script, built_app, headless_env

import game
from game.smoke import SMOKE_OK

# one worker builds with PyInstaller and pip (they share build/ in the checkout)
pytestmark = pytest.mark.xdist_group("build")

PYPROJECT_VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
    "version"
]

# The developer tools the executable must leave out: the package game.tools and the two
# shims at the package root that run its simulator and bench.
DEV_PACKAGE = "tools"
DEV_SHIMS = ("sim", "bench")


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
    from ui_helpers import make_app

    from game.ui.scenes.menu import MenuScene

    app = make_app()
    drawn = _texts_drawn(monkeypatch)
    scene = MenuScene(app)
    app.set_scene(scene)
    app.pump()  # the first frame, then the version is looked up
    drawn.clear()
    scene.draw(app.screen)
    assert f"v{PYPROJECT_VERSION}" in drawn


def test_the_settings_screen_shows_the_version(monkeypatch):
    from ui_helpers import make_app

    from game.ui.scenes.settings import SettingsScene

    app = make_app()
    drawn = _texts_drawn(monkeypatch)
    scene = SettingsScene(app)
    app.set_scene(scene)
    scene.draw(app.screen)
    assert f"Parlour {PYPROJECT_VERSION}" in drawn


def test_archive_names_carry_version_system_and_machine():
    release = build_script("release")
    assert release.platform_tag("linux", "x86_64") == "linux-x86_64"
    assert release.platform_tag("win32", "AMD64") == "windows-x86_64"
    assert release.platform_tag("darwin", "arm64") == "macos-arm64"
    assert release.archive_name("0.1.0", "linux-x86_64") == "Parlour-0.1.0-linux-x86_64.tar.gz"
    assert release.archive_name("0.1.0", "windows-x86_64") == "Parlour-0.1.0-windows-x86_64.zip"
    assert release.archive_name("0.1.0", "macos-arm64") == "Parlour-0.1.0-macos-arm64.zip"


def _dev_tool_members(names: list[str]) -> list[str]:
    """Archive members that are a developer tool's module (game/tools/… or a shim)."""
    found = []
    for name in names:
        parts = Path(name).parts
        if "game" not in parts:
            continue
        rest = parts[parts.index("game") + 1 :]
        if not rest:
            continue
        if rest[0] == DEV_PACKAGE or (len(rest) == 1 and rest[0].split(".")[0] in DEV_SHIMS):
            found.append(name)
    return found


def _make_read_only(folder: Path) -> None:
    for path in [folder, *folder.rglob("*")]:
        if not path.is_symlink():
            path.chmod(path.stat().st_mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))


def _make_writable(folder: Path) -> None:
    for path in [folder, *folder.rglob("*")]:
        if not path.is_symlink():
            path.chmod(path.stat().st_mode | stat.S_IWUSR)


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux archive")
def test_release_archive_runs_read_only_from_elsewhere(tmp_path_factory, tmp_path):
    exe = built_app(tmp_path_factory)
    archive = build_script("release").pack(exe, tmp_path / "out", game.__version__)
    assert archive.name == f"Parlour-{game.__version__}-linux-{os.uname().machine}.tar.gz"

    with tarfile.open(archive) as tar:
        names = tar.getnames()
        assert _dev_tool_members(names) == []
        assert {
            "Parlour/Parlour",
            "Parlour/parlour.desktop",
            "Parlour/parlour.png",
            "Parlour/install-desktop-entry.sh",
            "Parlour/_internal/levels/crazy_eights.toml",
        } <= set(names)
        assert "Parlour/_internal/game/smoke.pyc" in names  # --smoke is the app's own
        tar.extractall(tmp_path / "unpacked", filter="data")
    app = tmp_path / "unpacked" / "Parlour"
    assert (app / "Parlour").stat().st_mode & stat.S_IXUSR
    home, elsewhere = tmp_path / "home", tmp_path / "elsewhere"
    elsewhere.mkdir()
    report = tmp_path / "verdict.txt"
    _make_read_only(app)
    try:
        proc = subprocess.run(
            [str(app / "Parlour"), "--smoke", "--smoke-report", str(report)],
            cwd=elsewhere,
            env=headless_env(HOME=str(home), PARLOUR_HOME=str(home / "parlour")),
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert proc.stdout.startswith(f"{SMOKE_OK}: crazy_eights 4 players")
        assert f"frozen, version {game.__version__}," in proc.stdout
        assert report.read_text(encoding="utf-8").strip() == proc.stdout.strip()

        # the menu entry the archive's script writes points at the unpacked program
        data = tmp_path / "xdg-data"
        entry = subprocess.run(
            [str(app / "install-desktop-entry.sh")],
            cwd=elsewhere,
            env=headless_env(HOME=str(home), XDG_DATA_HOME=str(data)),
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert entry.returncode == 0, entry.stdout + entry.stderr
        desktop = (data / "applications" / "parlour.desktop").read_text(encoding="utf-8")
        assert f'Exec="{app.resolve()}/Parlour"' in desktop.splitlines()
        icon = data / "icons" / "hicolor" / "256x256" / "apps" / "parlour.png"
        assert f"Icon={icon}" in desktop.splitlines()
        assert icon.read_bytes() == (ROOT / "assets" / "icon.png").read_bytes()
    finally:
        _make_writable(app)
