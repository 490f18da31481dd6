"""The files Parlour writes can live on any of its three systems: every name it gives a
file is valid on Windows, and a user folder under a home with spaces and letters
beyond ASCII (``Åsa Öberg``) works end to end."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.services import replays, saves, stats
from game.services.crashguard import Guard
from game.services.filecheck import move_aside
from game.services.paths import user_dir
from game.ui.session import Seat, Session

ROOT = Path(__file__).resolve().parent.parent
WINDOWS_RESERVED = {"CON", "PRN", "AUX", "NUL"} | {
    f"{d}{i}" for d in ("COM", "LPT") for i in range(1, 10)
}


def windows_problem(name: str) -> str | None:
    """Why Windows would refuse ``name`` as a file name, or None."""
    if re.search(r'[<>:"/\\|?*\x00-\x1f]', name):
        return "a character Windows refuses"
    if name.endswith((" ", ".")):
        return "ends in a space or a dot"
    if name.split(".")[0].upper() in WINDOWS_RESERVED:
        return "a reserved device name"
    if len(name) > 255:
        return "too long"
    return None


def play_to_the_end(session: Session) -> None:
    for _ in range(5_000):  # a 3-player Crazy Eights game ends far sooner
        if session.state.is_over():
            return
        session.act(session.state.legal_actions()[0])
    raise AssertionError("the game did not end")


def make_every_kind_of_file(home: Path) -> None:
    """A run marker, a game saved after every move, a finished game's replay and
    statistics, a crash report, and a damaged save set aside."""
    from game.ui.crash_report import write_crash_report

    guard = Guard(home)
    guard.begin()
    guard.phase("game", "crazy_eights")
    seats = [Seat("Åsa Öberg", "human")] + [Seat(f"P{i}", "ai", "random") for i in (1, 2)]
    session = Session("crazy_eights", {}, 11, seats)
    session.act(session.state.legal_actions()[0])
    assert saves.exists()
    play_to_the_end(session)
    try:
        raise RuntimeError("a crash report")
    except RuntimeError as exc:
        assert write_crash_report(exc, None)
    (home / saves.NAME).write_text("{damaged", encoding="utf-8")
    move_aside(home / saves.NAME)
    guard.crashed(None)


def test_every_file_name_parlour_writes_is_valid_on_windows():
    home = user_dir()
    make_every_kind_of_file(home)
    names = [p.name for p in home.rglob("*")]
    kinds = {"running", "statistics.json", "replays"}
    assert kinds <= set(names), names
    assert any(n.startswith("crash-") for n in names) and any(".corrupt-" in n for n in names)
    assert any(
        n.endswith(".json") and p.parent.name == "replays"
        for p in home.rglob("*")
        for n in [p.name]
    )
    bad = {n: windows_problem(n) for n in names if windows_problem(n)}
    assert not bad


def test_a_home_with_spaces_and_letters_beyond_ascii_works_end_to_end(tmp_path, monkeypatch):
    home = tmp_path / "Åsa Öberg" / "Mina spel"
    monkeypatch.setenv("PARLOUR_HOME", str(home / "Parlour"))
    make_every_kind_of_file(user_dir())
    assert user_dir() == home / "Parlour"
    found, problems = replays.listing()
    assert len(found) == 1 and not problems
    assert found[0].saved.seats[0]["name"] == "Åsa Öberg"
    records = stats.load()
    assert records.problem is None and sum(r["games"] for r in records.values()) == 1


@pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="SDL's pref path follows HOME on Linux only"
)
def test_the_app_starts_and_writes_its_files_under_such_a_home(tmp_path):
    """The real entry point, with no PARLOUR_HOME: the user folder comes from SDL's pref
    path under HOME, as on a player's machine."""
    home = tmp_path / "Åsa Öberg"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PARLOUR_HOME", "XDG_DATA_HOME")}
    env.update(HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    script = (
        "import sys\n"
        "from game.ui import app as a, startup\n"
        "from game.services import settings\n"
        "a.App.loop = lambda self: (self.pump(), settings.save(self.settings))\n"
        "class Args: size = None\n"
        "sys.exit(startup.run(Args()))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    folder = home / ".local" / "share" / "Parlour"
    assert json.loads((folder / "settings.json").read_text(encoding="utf-8"))
    assert (folder / "running").is_dir() and not list((folder / "running").glob("*.json"))
    smoke = subprocess.run(
        [sys.executable, "-m", "game", "--smoke", "--players", "3", "--seed", "2"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert smoke.returncode == 0 and "PARLOUR SMOKE OK" in smoke.stdout, smoke.stdout[-2000:]
