"""Every file Parlour writes says which Parlour wrote it, and a file from a newer
Parlour is refused in words that say so, never set aside as damaged."""

from __future__ import annotations

import json

import game
from game.services import replays, saves, stats
from game.services.paths import user_dir
from game.ui.session import Seat, Session


def finished_session() -> Session:
    seats = [Seat("Ana", "human")] + [Seat(f"P{i}", "ai", "random") for i in (1, 2)]
    session = Session("crazy_eights", {}, 5, seats, autosave=False)
    while not session.state.is_over():
        state = session.state
        state.apply(state.legal_actions()[0])
    return session


def test_saves_replays_and_statistics_carry_the_parlour_version():
    session = finished_session()
    doc = session.saved().to_json()
    assert doc["parlour"] == game.__version__ and doc["version"] == saves.VERSION
    assert replays.record(session) is None
    (kept,) = replays.folder().glob("*.json")
    assert json.loads(kept.read_text(encoding="utf-8"))["parlour"] == game.__version__
    assert stats.count("crazy_eights/3/random", True, 10, True, False) is None
    written = json.loads(stats.path().read_text(encoding="utf-8"))
    assert written["parlour"] == game.__version__ and written["version"] == stats.VERSION


def newer(doc: dict) -> dict:
    return {**doc, "version": doc["version"] + 1, "parlour": "9.0.0"}


def test_a_save_from_a_newer_parlour_is_refused_in_words_and_kept_whole():
    doc = newer(finished_session().saved().to_json())
    saves.path().write_text(json.dumps(doc), encoding="utf-8")
    try:
        saves.load()
    except saves.SaveProblem as problem:
        assert problem.newer and not problem.level_file
        assert "Parlour 9.0.0" in problem.message and "newer" in problem.message
        assert "corrupt" not in problem.message
        kept = problem.moved_to
    else:
        raise AssertionError("a newer save was resumed")
    assert kept is not None and ".newer-" in kept.name
    assert json.loads(kept.read_text(encoding="utf-8")) == doc  # whole, for that version
    assert not list(user_dir().glob("*.corrupt-*"))


def test_a_replay_from_a_newer_parlour_is_named_and_left_where_it_is():
    session = finished_session()
    assert replays.record(session) is None
    (kept,) = replays.folder().glob("*.json")
    doc = newer(json.loads(kept.read_text(encoding="utf-8")))
    kept.write_text(json.dumps(doc), encoding="utf-8")
    found, problems = replays.listing()
    assert found == [] and len(problems) == 1
    assert "Parlour 9.0.0" in problems[0] and "could not be used" not in problems[0]
    assert kept.exists() and not list(replays.folder().glob("*.corrupt-*"))


def test_statistics_from_a_newer_parlour_are_never_written_over():
    stats.path().write_text(
        json.dumps({"version": stats.VERSION + 1, "parlour": "9.0.0", "records": {}}),
        encoding="utf-8",
    )
    before = stats.path().read_bytes()
    loaded = stats.load()
    assert loaded.newer and "newer Parlour" in loaded.problem
    problem = stats.count("crazy_eights/3/random", True, 10, True, False)
    assert problem is not None and "not counted" in problem
    assert stats.path().read_bytes() == before
    assert not list(user_dir().glob("*.corrupt-*"))
