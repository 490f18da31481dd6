"""Two Parlours on one user folder keeping replays in the same second: none is lost,
none is reported as not kept, and pruning by both leaves the newest."""

from __future__ import annotations

from pathlib import Path

from process_helpers import run_at_once

from game.services import replays

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
    for out in run_at_once(KEEPER.replace("{n}", str(n)), home):
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
