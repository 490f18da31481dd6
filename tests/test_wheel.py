"""``pip install .`` gives a working game: the wheel carries assets/ and levels/.

The slow test builds the wheel offline from a copy of the source (nothing is written
into the checkout), installs it into a fresh virtual environment and runs the
``parlour`` command's --smoke from another folder with a fresh home. The fresh
environment reaches pygame-ce and tomli through a path entry to this environment's
site-packages: a plain path entry, so this environment's editable install (a .pth
hook) does not come along and the game can only be the installed wheel.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from importlib.metadata import version
from pathlib import Path

import pytest
from build_helpers import ROOT, headless_env

from game.smoke import SMOKE_OK

# one worker builds with PyInstaller and pip (they share build/ in the checkout)
pytestmark = pytest.mark.xdist_group("build")

SOURCE_PARTS = ("pyproject.toml", "README.md", "LICENSE", "game", "assets", "levels")


def _setuptools_builds_offline() -> bool:
    major = version("setuptools").split(".")[0]
    return major.isdigit() and int(major) >= 77  # pyproject.toml's build requirement


def test_every_package_of_game_is_listed_in_pyproject():
    """pyproject.toml lists the packages (mapped data folders cannot be found by
    `find`): a new package of game/ missing from the list would be left out of the wheel."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    on_disk = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "game").rglob("__init__.py")
    }
    data = {"game._data.assets", "game._data.levels"}
    assert listed == on_disk | data
    assert config["tool"]["setuptools"]["package-dir"] == {
        "game._data.assets": "assets",
        "game._data.levels": "levels",
    }


def _copy_source(into: Path) -> Path:
    into.mkdir()
    for part in SOURCE_PARTS:
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, into / part, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, into / part)
    return into


def _fresh_paths(python: Path) -> dict:
    out = subprocess.run(
        [str(python), "-c", "import sysconfig, json; print(json.dumps(sysconfig.get_paths()))"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    return json.loads(out)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    if not _setuptools_builds_offline():
        pytest.skip("setuptools>=77 builds the wheel offline: pip install -e '.[dev]'")
    base = tmp_path_factory.mktemp("wheel")
    source = _copy_source(base / "source")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--wheel-dir",
            str(base / "out"),
            str(source),
        ],
        check=True,
        timeout=300,
        env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"},
    )
    (built,) = (base / "out").glob("parlour-*.whl")
    return built


@pytest.mark.slow
def test_the_wheel_holds_the_code_the_levels_and_the_assets(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for path in (ROOT / "game").rglob("*.py"):
        assert path.relative_to(ROOT).as_posix() in names
    for path in (ROOT / "levels").glob("*.toml"):
        assert f"game/_data/levels/{path.name}" in names
    for path in (ROOT / "assets").rglob("*"):
        if path.is_file():
            assert f"game/_data/assets/{path.relative_to(ROOT / 'assets').as_posix()}" in names


@pytest.mark.slow
def test_an_installed_wheel_plays_from_anywhere(wheel, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    fresh = _fresh_paths(python)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            str(wheel),
        ],
        check=True,
        timeout=300,
        env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"},
    )
    here = sysconfig.get_paths()
    (Path(fresh["purelib"]) / "parlour_test_deps.pth").write_text(
        "\n".join(dict.fromkeys([here["purelib"], here["platlib"]])) + "\n", encoding="utf-8"
    )
    elsewhere, home = tmp_path / "elsewhere", tmp_path / "home"
    elsewhere.mkdir()
    env = headless_env(HOME=str(home), USERPROFILE=str(home), PARLOUR_HOME=str(home / "parlour"))
    env.pop("PYTHONPATH", None)

    where = subprocess.run(
        [
            str(python),
            "-c",
            "import game, game.services.paths; print(game.__file__, game.services.paths.levels_dir(), sep='\\n')",
        ],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    module, levels = (Path(line).resolve() for line in where.stdout.splitlines())
    assert module.is_relative_to(venv.resolve()), where.stdout + where.stderr
    assert levels == (Path(fresh["purelib"]) / "game" / "_data" / "levels").resolve()

    scripts = Path(fresh["scripts"])
    parlour = scripts / ("parlour.exe" if sys.platform == "win32" else "parlour")
    report = tmp_path / "verdict.txt"
    for command in ([str(parlour)], [str(python), "-m", "game"]):
        report.unlink(missing_ok=True)
        proc = subprocess.run(
            [*command, "--smoke", "--smoke-report", str(report)],
            cwd=elsewhere,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        verdict = report.read_text(encoding="utf-8") if report.exists() else ""
        assert proc.returncode == 0, proc.stdout + proc.stderr + verdict
        assert verdict.splitlines()[-1].startswith(f"{SMOKE_OK}: crazy_eights 4 players")
        assert "5 level files" in verdict


@pytest.mark.slow
def test_the_game_runs_from_the_zipped_wheel_too(wheel, tmp_path):
    """A resource reader without files on disk (zipimport): the data is unpacked once."""
    code = (
        "import sys\n"
        "sys.meta_path[:] = [f for f in sys.meta_path if 'editable' not in repr(f).lower()]\n"
        "import game, game.services.paths\n"
        "assert game.__file__.startswith(sys.argv[1]), game.__file__\n"
        "from game import games\n"
        "print(game.services.paths.levels_dir(), games.get('rage').engine().level().name)\n"
    )
    env = headless_env(PARLOUR_HOME=str(tmp_path / "home"), PYTHONPATH=str(wheel))
    proc = subprocess.run(
        [sys.executable, "-c", code, str(wheel)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    unpacked, name = proc.stdout.split(maxsplit=1)
    assert "parlour-data-" in unpacked and name.strip() == "Rage"
    assert not Path(unpacked).exists()  # removed when the process ended
