"""The --smoke self-test from source and from the built one-folder executable.

The build test runs PyInstaller (about 10-30 s, reusing build/pyinstaller-test/ as
its cache between runs); it is marked ``slow`` but ``make test`` runs it.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import registry
from game.smoke import SMOKE_FAILED, SMOKE_OK, run_smoke

ROOT = Path(__file__).resolve().parent.parent


def _build_module():
    """build_scripts/build.py, loaded by path (``build`` is also a PyPI package's name)."""
    spec = importlib.util.spec_from_file_location(
        "parlour_build", ROOT / "build_scripts" / "build.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _env() -> dict:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return env


def _smoke_args(**kw) -> argparse.Namespace:
    base = dict(game="crazy_eights", players=4, seed=1, smoke=True)
    base.update(kw)
    return argparse.Namespace(**base)


def test_smoke_in_process_plays_a_full_game(capsys):
    assert run_smoke(_smoke_args(players=7, seed=3)) == 0
    out = capsys.readouterr().out
    assert f"{SMOKE_OK}: crazy_eights 7 players" in out
    assert "5 rounds" in out


@pytest.mark.parametrize("game_id", [g for g in registry.GAMES if g != "crazy_eights"])
def test_smoke_other_games(game_id, capsys):
    if not registry.engine_available(game_id):
        pytest.skip(f"{game_id} is not built yet")
    info = registry.get(game_id)
    players = max(info.min_players, min(4, info.max_players))
    assert run_smoke(_smoke_args(game=game_id, players=players, seed=2)) == 0, (
        capsys.readouterr().err
    )
    assert f"{SMOKE_OK}: {game_id} {players} players" in capsys.readouterr().out


def test_smoke_reports_a_failure_with_nonzero_exit(capsys):
    assert run_smoke(_smoke_args(players=9)) == 1
    err = capsys.readouterr().err
    assert SMOKE_FAILED in err and "9" in err


def test_smoke_from_source():
    proc = subprocess.run(
        [sys.executable, "-m", "game", "--smoke"],
        cwd=ROOT,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"{SMOKE_OK}: crazy_eights 4 players" in proc.stdout
    assert "source" in proc.stdout
    assert "(ui table)" in proc.stdout


@pytest.mark.slow
def test_built_executable_runs_smoke(tmp_path):
    exe = _build_module().build(
        dist=tmp_path / "dist", work=ROOT / "build" / "pyinstaller-test", clean=False
    )
    internal = exe.parent / "_internal"
    assert (internal / "levels" / "crazy_eights.toml").is_file()
    assert (internal / "assets" / "icon.png").is_file()
    proc = subprocess.run(
        [str(exe), "--smoke"], cwd=tmp_path, env=_env(), capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"{SMOKE_OK}: crazy_eights 4 players" in proc.stdout
    assert "frozen" in proc.stdout
    assert "(ui table)" in proc.stdout  # the UI and its table modules are bundled
