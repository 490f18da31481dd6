"""The --smoke self-test from source and from the built one-folder executable.

The build test runs PyInstaller (about 10-30 s, reusing build/pyinstaller-test/ as
its cache between runs; tests/test_release.py reuses the same build); it is marked
``slow`` but ``make test`` runs it.
"""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest
from build_helpers import ROOT, built_app, headless_env

import game
from game import games
from game.__main__ import parse_args
from game.smoke import SMOKE_FAILED, SMOKE_OK, run_smoke

# one worker builds with PyInstaller and pip (they share build/ in the checkout)
pytestmark = pytest.mark.xdist_group("build")


def _env() -> dict:
    return headless_env()


def _smoke_args(**kw) -> argparse.Namespace:
    base = dict(game="crazy_eights", players=4, seed=1, smoke=True)
    base.update(kw)
    return argparse.Namespace(**base)


def test_smoke_in_process_plays_a_full_game(capsys):
    assert run_smoke(_smoke_args(players=7, seed=3)) == 0
    out = capsys.readouterr().out
    assert f"{SMOKE_OK}: crazy_eights 7 players" in out
    assert "5 rounds" in out


@pytest.mark.parametrize("game_id", [g for g in games.GAMES if g != "crazy_eights"])
def test_smoke_other_games(game_id, capsys):
    if not games.engine_available(game_id):
        pytest.skip(f"{game_id} is not built yet")
    info = games.get(game_id)
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


def test_smoke_report_option_is_parsed():
    assert parse_args(["--smoke", "--smoke-report", "verdict.txt"]).smoke_report == "verdict.txt"
    assert parse_args([]).smoke_report is None


def test_smoke_without_a_console_gives_its_verdict_in_the_report(tmp_path, monkeypatch):
    """A windowed build on Windows has sys.stdout and sys.stderr None."""
    report = tmp_path / "verdict.txt"
    report.write_text("an old run's verdict\n", encoding="utf-8")
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    code = run_smoke(_smoke_args(smoke_report=str(report)))
    monkeypatch.undo()
    lines = report.read_text(encoding="utf-8").splitlines()
    assert code == 0
    assert lines[-1].startswith(f"{SMOKE_OK}: crazy_eights 4 players")
    assert "an old run's verdict" not in lines
    assert f"version {game.__version__}" in lines[-1]


def test_smoke_failure_without_a_console_is_in_the_report(tmp_path, monkeypatch):
    report = tmp_path / "verdict.txt"
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    code = run_smoke(_smoke_args(players=9, smoke_report=str(report)))
    monkeypatch.undo()
    assert code == 1
    assert report.read_text(encoding="utf-8").splitlines()[-1].startswith(SMOKE_FAILED)


def test_smoke_report_with_a_console_holds_the_printed_line(tmp_path, capsys):
    report = tmp_path / "verdict.txt"
    assert run_smoke(_smoke_args(smoke_report=str(report))) == 0
    printed = capsys.readouterr().out.strip()
    assert printed.startswith(SMOKE_OK)
    assert report.read_text(encoding="utf-8").strip() == printed


@pytest.mark.slow
def test_built_executable_runs_smoke(tmp_path_factory, tmp_path):
    exe = built_app(tmp_path_factory)
    internal = exe.parent / "_internal"
    assert (internal / "levels" / "crazy_eights.toml").is_file()
    assert (internal / "assets" / "icon.png").is_file()
    report = tmp_path / "verdict.txt"
    proc = subprocess.run(
        [str(exe), "--smoke", "--smoke-report", str(report)],
        cwd=tmp_path,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    verdict = report.read_text(encoding="utf-8").strip() if report.exists() else ""
    assert proc.returncode == 0, proc.stdout + proc.stderr + verdict
    assert f"{SMOKE_OK}: crazy_eights 4 players" in verdict
    assert "frozen" in verdict
    assert "(ui table)" in verdict  # the UI and its table modules are bundled
    # the package metadata is bundled: the build knows its version
    assert f"version {game.__version__}," in verdict
    if sys.platform != "win32":  # a windowed build has no standard output on Windows
        assert proc.stdout.strip() == verdict
