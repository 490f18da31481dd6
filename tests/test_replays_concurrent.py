"""Two Parlours on one user folder keeping replays in the same second: none is lost,
none is reported as not kept, and pruning by both leaves the newest."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from game.services import replays

ROOT = Path(__file__).resolve().parent.parent

KEEPER = """
import sys, time
from types import SimpleNamespace as NS
from game.services import replays

# both processes in the same second, whatever the clock says: the case that lost replays
replays.time.strftime = lambda fmt, *args: "2026-11-25 14:03" if ":" in fmt else "20261125-140300"
doc = {"version": 1, "game": "crazy_eights", "options": {}, "seed": 5,
       "seats": [{"name": "Me", "kind": "human", "level": None},
                 {"name": "Ana", "kind": "ai", "level": "normal"}], "actions": []}
state = NS(is_over=lambda: True, history=[{"totals": [10, 3]}], scores=lambda: [1, 0])
session = NS(state=state, saved=lambda: NS(to_json=lambda: dict(doc)), game_id="crazy_eights")
print("ready", flush=True)
sys.stdin.readline()  # the go signal: both processes keep their replays at the same moment
problems = [replays.record(session) for _ in range({n})]
print("problems", [p for p in problems if p], flush=True)
"""


def keep_in_two_processes(home: Path, n: int) -> None:
    env = {**os.environ, "PARLOUR_HOME": str(home)}
    children = [
        subprocess.Popen(
            [sys.executable, "-c", KEEPER.replace("{n}", str(n))],
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    try:
        for child in children:
            assert child.stdout.readline().strip() == "ready"
        for child in children:
            child.stdin.write("go\n")
            child.stdin.flush()
        results = [child.communicate(timeout=300) for child in children]
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()
    for (out, err), child in zip(results, children):
        assert child.returncode == 0, err
        assert "problems []" in out


def test_two_parlours_keeping_replays_in_the_same_second_lose_none(tmp_path):
    keep_in_two_processes(tmp_path / "home", 10)
    entries, problems = replays.listing()
    assert problems == [] and len(entries) == 20
    assert not any(":" in e.path.name for e in entries)  # a name Windows accepts


def test_two_parlours_pruning_at_once_keep_the_newest_and_report_nothing(tmp_path):
    keep_in_two_processes(tmp_path / "home", 15)
    entries, problems = replays.listing()
    assert problems == [] and replays.KEEP <= len(entries) <= 30
