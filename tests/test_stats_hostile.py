"""Hostile statistics files: a bad record is named and dropped, the good ones kept, the
end of a game and the Statistics screen never crash; two Parlours counting games into
one user folder at the same time lose none."""

from __future__ import annotations

import json
import os

import pytest
from process_helpers import run_at_once
from ui_helpers import make_app

from game.services import filecheck, replays, stats
from game.ui.scenes.statistics import StatisticsScene
from game.ui.session import Seat, Session

GOOD = {
    "games": 2,
    "wins": 1,
    "streak": 1,
    "best_streak": 1,
    "undo_games": 0,
    "score_sum": 12,
    "best_score": 8,
    "lower_wins": False,
}


def plant(text: str) -> None:
    stats.path().parent.mkdir(parents=True, exist_ok=True)
    stats.path().write_text(text, encoding="utf-8")


def with_bad_record(bad_key: str, bad_text: str) -> str:
    """A file of one good record and one bad one, the bad one written as raw JSON text."""
    good = json.dumps(GOOD)
    return (
        '{"version": 1, "records": {\n'
        f' "rage/4/normal": {good},\n'
        f" {json.dumps(bad_key)}: {bad_text}\n"
        "}}"
    )


HOSTILE = {
    "superscript_players": ("crazy_eights/²/normal", json.dumps(GOOD)),
    "long_count": (
        "crazy_lab/4/hard",
        json.dumps(GOOD).replace('"games": 2', '"games": ' + "7" * 5000),
    ),
    "nan_score": (
        "crazy_lab/4/hard",
        json.dumps(GOOD).replace('"score_sum": 12', '"score_sum": NaN'),
    ),
    "infinite_best": (
        "crazy_lab/4/hard",
        json.dumps(GOOD).replace('"best_score": 8', '"best_score": Infinity'),
    ),
    "huge_float": (
        "crazy_lab/4/hard",
        json.dumps(GOOD).replace('"best_score": 8', '"best_score": 1e999'),
    ),
    "long_key": ("rage/" + "4" * 5000 + "/normal", json.dumps(GOOD)),
}


@pytest.mark.parametrize("case", list(HOSTILE))
def test_a_hostile_record_is_dropped_and_named_the_good_one_kept(case):
    bad_key, bad_text = HOSTILE[case]
    plant(with_bad_record(bad_key, bad_text))
    loaded = stats.load()
    assert list(loaded) == ["rage/4/normal"]
    assert "statistics.json" in loaded.problem and len(loaded.problem) < 600
    assert "nan" not in json.dumps(dict(loaded)).lower()
    again = stats.load()  # told once: the file was written back without the bad record
    assert list(again) == ["rage/4/normal"] and again.problem is None


def test_a_game_ends_with_a_hostile_statistics_file_counted_and_its_replay_kept():
    bad_key, bad_text = HOSTILE["long_count"]
    plant(with_bad_record(bad_key, bad_text))
    seats = [Seat("Me", "human"), Seat("Bot", "ai", "normal")]
    s = Session("crazy_eights", {"rounds": 1}, 11, seats)
    for _ in range(5000):  # ends: a one-round game, or the assert below
        if s.is_over():
            break
        s.act(s.legal()[0])
    assert s.is_over()
    loaded = stats.load()
    assert loaded["crazy_eights/2/normal"]["games"] == 1 and "rage/4/normal" in loaded
    assert len(replays.listing()[0]) == 1


def test_the_statistics_screen_opens_on_a_hostile_file():
    bad_key, bad_text = HOSTILE["superscript_players"]
    plant(with_bad_record(bad_key, bad_text))
    app = make_app()
    app.set_scene(StatisticsScene(app))
    app.pump()
    assert any("²" in t or "could not be read" in t for t in app.toasts.messages())
    app.render()


def test_a_nan_score_is_never_counted():
    book: dict = {}
    stats.add_game(book, "rage/4/normal", True, float("nan"), False, False)
    stats.add_game(book, "rage/4/normal", True, float("inf"), False, False)
    rec = book["rage/4/normal"]
    assert rec["games"] == 2 and rec["score_sum"] == 0 and rec["best_score"] is None
    assert stats.save(book) is None and stats.load()["rage/4/normal"]["games"] == 2


def test_a_lock_held_too_long_says_so_and_counts_nothing(monkeypatch):
    stats.save({})
    before = stats.path().read_bytes()
    monkeypatch.setattr(filecheck, "LOCK_WAIT", 0.2)
    with filecheck.locked(stats.path()):  # as another Parlour that never lets go
        problem = stats.count("rage/4/normal", True, 10, False, False)
    assert problem and "could not be counted" in problem
    assert stats.path().read_bytes() == before
    assert stats.count("rage/4/normal", True, 10, False, False) is None  # free again
    assert stats.load()["rage/4/normal"]["games"] == 1


@pytest.mark.skipif(os.name == "nt", reason="flock is the POSIX lock")
def test_a_folder_that_cannot_lock_still_counts(monkeypatch):
    import errno
    import fcntl

    def no_locks(fd, how):
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(fcntl, "flock", no_locks)
    assert stats.count("rage/4/normal", True, 10, False, False) is None
    assert stats.load()["rage/4/normal"]["games"] == 1


COUNTER = """
import sys
from types import SimpleNamespace as NS
from game.services import stats

def finished(i):  # a finished three-seat Rage game as stats.record sees one
    shares = [1, 0, 0] if i % 2 == 0 else [0, 1, 0]
    state = NS(is_over=lambda: True, scores=lambda: shares, history=[{"totals": [i, 0, 0]}])
    seats = [NS(human=True, level=None)] + [NS(human=False, level="normal")] * 2
    return NS(humans=[0], state=state, seats=seats, game_id="rage", undos=0)

print("ready", flush=True)
sys.stdin.readline()  # the go signal: both processes count at the same moment
problems = [stats.record(finished(i)) for i in range({n})]
print("problems", [p for p in problems if p], flush=True)
"""


def test_two_parlours_counting_at_once_lose_no_game(tmp_path):
    """Two processes on one user folder, each counting 60 games as fast as it can."""
    n = 60
    for out in run_at_once(COUNTER.replace("{n}", str(n)), tmp_path / "home"):
        assert "problems []" in out
    rec = stats.load()["rage/3/normal"]
    assert rec["games"] == 2 * n and rec["wins"] == n
