"""Two real app processes on one user folder, and a writer killed mid-save: neither window
calls the other a crash, the second leaves the first one's game and settings alone, and
no temporary file outlives its writer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.services.crashguard import Guard
from game.services.paths import user_dir
from game.tools import instances_probe


@pytest.mark.slow
def test_the_two_window_probe_passes(tmp_path):
    # a short pass of python -m game.tools.instances_probe (a few seconds: four starts)
    assert instances_probe.probe(tmp_path / "probe" / "home") == []


@pytest.mark.parametrize("phase", ["starting", "game"])
def test_a_second_window_neither_asks_nor_moves_a_live_windows_files(tmp_path, phase):
    home = user_dir()
    (home / "settings.json").write_text(json.dumps({"four_colour": True}), encoding="utf-8")
    (home / "current_game.json").write_text('{"a live game": 1}', encoding="utf-8")
    first = Guard(home)  # the first window, alive in this process (its lock held)
    first.begin()
    first.phase(phase, "crazy_eights" if phase == "game" else None)
    try:
        control = tmp_path / "control"
        control.mkdir()
        second = instances_probe.window(home, control, "write")
        seen = second.report()
        (control / "stop").write_text("")
        assert second.finish() == 0, second.stderr()
    finally:
        marker = first.path.read_text() if first.path.exists() else "{}"
        first.end()
    assert seen == {"owner": False, "dialogs": ["Another Parlour window is open"], "resume": False}
    assert json.loads(marker)["phase"] == phase  # the second's exit left the first's marker
    names = sorted(p.name for p in home.iterdir() if not p.name.startswith("running"))
    assert names == ["current_game.json", "settings.json"]  # nothing moved aside or added
    assert (home / "current_game.json").read_text() == '{"a live game": 1}'
    assert json.loads((home / "settings.json").read_text()) == {"four_colour": True}
    assert not list(Path(home, "running").glob("*.json"))
