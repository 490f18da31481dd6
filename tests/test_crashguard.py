"""The crash guard's run markers: one per instance, live ones left alone, dead ones asked
about once, stuck ones reported once, temp files of dead writers cleared."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.services import instances
from game.services.crashguard import STUCK_NOTE, Guard, LastRun
from game.services.paths import user_dir

ROOT = Path(__file__).resolve().parent.parent
posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX pids and signals")


@pytest.fixture
def home() -> Path:
    return user_dir()


@pytest.fixture
def runs():
    """Guards begun by a test, each ended (its locks let go) when the test is over."""
    begun: list[Guard] = []
    yield begun
    for guard in begun:
        guard.end()


def start(home: Path, runs: list, phase: str | None = None, game: str | None = None) -> Guard:
    guard = Guard(home)
    guard.last = guard.begin()
    runs.append(guard)
    if phase:
        guard.phase(phase, game)
    return guard


def markers(home: Path) -> list[Path]:
    return sorted((home / "running").glob("*.json"))


def test_a_live_run_is_not_a_crash_and_keeps_the_files(home, runs):
    first = start(home, runs)  # still "starting": the old guard called this a crash
    assert first.owner and first.last is None
    second = start(home, runs)
    assert second.last is None and not second.owner
    first.phase("game", "crazy_eights")
    third = start(home, runs)
    assert third.last is None and not third.owner


def test_a_second_runs_clean_exit_keeps_the_first_runs_marker(home, runs):
    first = start(home, runs, "game", "crazy_eights")
    second = start(home, runs, "menu")
    second.end()
    assert markers(home) == [first.path]
    first.crashed("crash-1.log")  # the first dies: its marker stays, its lock is free
    after = start(home, runs)
    assert after.owner
    assert after.last == LastRun("game", "crazy_eights", "crash-1.log")
    assert markers(home) == [after.path]


def test_a_dead_run_is_asked_about_once_and_its_marker_removed(home, runs):
    start(home, runs, "menu").crashed(None)
    assert start(home, runs).last == LastRun("menu")
    assert start(home, runs).last is None


def test_a_dead_guests_marker_never_makes_the_owner_suspect_its_files(home, runs):
    owner = start(home, runs, "menu")
    guest = start(home, runs)  # dies while starting, with a game it never saved
    guest.phase("game", "rage")
    guest.crashed("crash-2.log")
    owner.end()
    assert start(home, runs).last == LastRun("menu", None, "crash-2.log")


def test_several_dead_runs_ask_about_the_settings_first(home, runs):
    # two dead owners written by hand: one in a game, one still starting
    (home / "running").mkdir()
    for token, phase in (("a" * 16, "game"), ("b" * 16, "starting")):
        (home / "running" / f"{token}.json").write_text(
            json.dumps({"phase": phase, "game": "rage"})
        )
    assert start(home, runs).last.phase == "starting"
    assert markers(home) == [runs[-1].path]


def test_an_earlier_versions_running_json_is_still_read(home, runs):
    (home / "running.json").write_text(json.dumps({"phase": "game", "game": "crazy_eights"}))
    assert start(home, runs).last == LastRun("game", "crazy_eights")
    assert not (home / "running.json").exists()


def test_a_damaged_marker_is_a_crash_while_starting(home, runs):
    (home / "running").mkdir()
    (home / "running" / f"{'c' * 16}.json").write_text("{not json")
    assert start(home, runs).last == LastRun("starting")


def test_a_marker_that_is_a_folder_is_reported_once_and_never_acted_on(home, runs):
    (home / "running.json").mkdir()  # an old marker that cannot be removed
    first = start(home, runs)
    assert first.last is None
    assert [path for path, _ in first.stuck] == [str(home / "running.json")]
    assert start(home, runs).stuck == []  # said once
    assert start(home, runs).last is None


def test_a_stale_marker_that_cannot_be_removed_is_reported_once(home, runs, monkeypatch):
    start(home, runs, "starting").crashed(None)
    stale = markers(home)[0]
    real_unlink = Path.unlink

    def read_only(self, *args, **kwargs):  # the folder turned read-only (tests run as root)
        if self == stale:
            raise PermissionError(13, "Permission denied", str(self))
        return real_unlink(self, *args, **kwargs)

    monkeypatch.setattr(Path, "unlink", read_only)
    first = start(home, runs)
    assert first.last is None and len(first.stuck) == 1 and "Permission denied" in first.stuck[0][1]
    second = start(home, runs)
    assert second.last is None and second.stuck == []
    assert json.loads((home / STUCK_NOTE).read_text())["markers"][0][0] == stale.name


def test_a_run_folder_that_is_a_file_is_reported_once(home, runs):
    from game.ui.startup import instance_notices

    (home / "running").write_text("not a folder")
    first = start(home, runs)
    assert first.owner and first.unusable is not None
    assert first.unusable[0] == str(home / "running")
    titles = [str(title) for title, _ in instance_notices(first)]
    assert "Parlour cannot notice a crash here" in titles
    first.end()
    again = start(home, runs)
    assert again.unusable is None  # said once
    assert (home / "running").read_text() == "not a folder"


def test_a_start_with_a_stuck_marker_keeps_the_settings(home, runs):
    from game.ui.startup import start_settings

    (home / "settings.json").write_text(json.dumps({"four_colour": True}))
    (home / "running.json").mkdir()
    for _ in range(2):
        guard = start(home, runs)
        assert guard.owner
        settings, kept = start_settings(guard.last)
        assert kept is None and settings["four_colour"] is True
        guard.end()
    assert sorted(p.name for p in home.iterdir() if p.name.startswith("settings")) == [
        "settings.json"
    ]


def test_a_guest_reads_the_settings_and_never_moves_them(home, runs):
    from game.ui.startup import start_settings

    (home / "settings.json").write_text("{damaged")
    settings, kept = start_settings(None, owner=False)
    assert kept is None and settings["four_colour"] is False
    assert (home / "settings.json").read_text() == "{damaged"


def test_an_old_lock_without_a_marker_is_cleared_and_a_fresh_one_kept(home, runs):
    folder = home / "running"
    folder.mkdir()
    old, fresh = folder / f"{'d' * 16}.lock", folder / f"{'e' * 16}.lock"
    old.write_text("")
    fresh.write_text("")
    hour_ago = time.time() - 3600
    os.utime(old, (hour_ago, hour_ago))
    start(home, runs)
    assert not old.exists() and fresh.exists()


# ---------------------------------------------------------------- temporary files


def a_dead_pid() -> int:
    child = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        text=True,
        capture_output=True,
        check=True,
    )
    return int(child.stdout)


def temp(folder: Path, name: str, pid: int, age_s: float = 0.0) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f".{name}.{pid}.tmp"
    path.write_text("x" * 1000)
    if age_s:
        then = time.time() - age_s
        os.utime(path, (then, then))
    return path


@posix_only
def test_temp_files_of_dead_writers_go_and_a_live_instances_stay(home, runs):
    # a live instance in another process: its pid is in its marker
    live = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys; from game.services.crashguard import Guard; from game.services.paths import user_dir\n"
            "g = Guard(user_dir()); g.begin(); print('UP', flush=True); sys.stdin.read(); g.end()",
        ],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert live.stdout.readline().strip() == "UP"
        dead = a_dead_pid()
        killed_mid_save = temp(home, "current_game.json", dead)  # fresh: its writer is gone
        in_replays = temp(home / "replays", "r1.json", dead)
        orphan = temp(home, "stats.json", os.getppid(), age_s=3600)  # pid alive, not Parlour
        too_deep = temp(home / "replays" / "deeper", "x.json", dead)
        writing = temp(home, "settings.json", live.pid, age_s=3600)  # a live instance's
        start(home, runs)
        assert not killed_mid_save.exists() and not in_replays.exists() and not orphan.exists()
        assert writing.exists() and too_deep.exists()
    finally:
        live.communicate("", timeout=60)


def test_a_fresh_temp_file_of_a_pid_that_may_be_writing_stays(tmp_path):
    path = temp(tmp_path, "settings.json", os.getppid())  # alive; under a minute old
    assert instances.remove_stale_temps(tmp_path, set()) == [] and path.exists()
    assert instances.remove_stale_temps(tmp_path, set(), now=time.time() + 3600) == [path]


# ---------------------------------------------------------------- the lock itself


def test_a_lock_held_by_another_open_file_is_alive_and_free_once_let_go(tmp_path):
    path = tmp_path / "run.lock"
    held = instances.Lock.take(path)
    assert held is not None and instances.probe(path) == "alive"
    assert instances.Lock.take(path) is None
    held.release()
    assert instances.probe(path) == "dead"
    assert instances.probe(tmp_path / "none.lock") == "missing"


@posix_only
def test_a_killed_processs_lock_is_free(tmp_path):
    path = tmp_path / "run.lock"
    child = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys; from pathlib import Path; from game.services.instances import Lock\n"
            f"lock = Lock.take(Path({str(path)!r})); print('HELD', flush=True); sys.stdin.read()",
        ],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout.readline().strip() == "HELD"
    assert instances.probe(path) == "alive"
    child.kill()  # SIGKILL: no clean exit
    child.wait(timeout=60)
    assert instances.probe(path) == "dead"


# ---------------------------------------------------------------- a user folder that is a file


def test_a_user_folder_that_is_a_file_is_told_in_a_window(tmp_path, monkeypatch, capsys):
    import pygame

    from game.ui import startup

    blocker = tmp_path / "Parlour"
    blocker.write_text("not a folder")
    monkeypatch.setenv("PARLOUR_HOME", str(blocker))
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")  # as on a desktop: a window can be shown
    shown = []
    monkeypatch.setattr(
        pygame.display, "message_box", lambda title, text, **kw: shown.append((title, text))
    )

    class Args:
        size = None

    assert startup.run(Args()) == 2
    told = capsys.readouterr().err
    assert "cannot create its folder" in told and "it is a file, not a folder" in told
    assert len(shown) == 1 and shown[0][1].strip() == told.strip()


def test_under_the_dummy_driver_no_message_box_is_opened(monkeypatch, capsys):
    import pygame

    from game.ui import startup

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setattr(pygame.display, "message_box", lambda *a, **k: pytest.fail("opened"))
    startup.tell_before_exit("Parlour cannot start", "words")
    assert capsys.readouterr().err == "words\n"


def test_a_guest_writes_neither_the_game_nor_the_settings_of_the_owner(monkeypatch):
    from game.services import instances, saves, settings
    from game.services.paths import user_dir

    settings_file, save_file = user_dir() / "settings.json", user_dir() / saves.NAME
    settings_file.write_text('{"volume": 40}', encoding="utf-8")
    save_file.write_text("{}", encoding="utf-8")  # the owner's game, as the guest sees it
    monkeypatch.setattr(instances, "_guest", False)
    instances.become_guest()
    assert instances.is_guest()
    assert saves.exists() is False and saves.load() is None
    saves.clear()
    assert settings.save(dict(settings.DEFAULTS)) is None
    assert settings_file.read_text(encoding="utf-8") == '{"volume": 40}'
    assert save_file.read_text(encoding="utf-8") == "{}"
