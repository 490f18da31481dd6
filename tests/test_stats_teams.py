"""Team games are counted apart from solo games, and the player's allies are named as
allies, never among the opponents; a statistics file from before teams still loads."""

from __future__ import annotations

import json

from game.services import stats
from game.services.filecheck import stamp
from game.ui.scenes.statistics import COLUMNS, rows
from game.ui.session import Seat, Session


def _finished(teams: str, seed: int = 3) -> Session:
    seats = [
        Seat("Me", "human"),
        Seat("Ben", "ai", "normal"),
        Seat("Ally", "ai", "easy"),  # seat 2 sits with seat 0 when the teams are pairs
        Seat("Dev", "ai", "normal"),
    ]
    session = Session("crazier_eights", {"teams": teams, "games": 1}, seed, seats, autosave=False)
    while not session.is_over():
        session.act(session.ai.move_now())
    return session


def test_a_team_game_has_its_own_record_with_the_allies_named_apart():
    team_game = _finished("pairs")
    assert team_game.state.allies(0) == [2]
    assert stats.record(team_game) is None
    assert stats.record(_finished("none")) is None
    records = stats.load()
    # before: both games in "crazier_eights/4/mixed", the easy ally counted an opponent;
    # alone, the easy seat is an opponent like the others
    assert set(records) == {"crazier_eights/4/normal/pairs-easy", "crazier_eights/4/mixed"}
    assert all(r["games"] == 1 for r in records.values())


def test_the_statistics_show_allies_in_their_own_column():
    stats.record(_finished("pairs"))
    stats.record(_finished("none"))
    table = {cells[COLUMNS.index("Allies")]: cells for cells in rows(stats.load())}
    assert set(table) == {"Easy · pairs", "—"}
    assert table["Easy · pairs"][COLUMNS.index("Opponents")] == "Normal"  # the ally is none
    assert table["—"][COLUMNS.index("Opponents")] == "Mixed"


def test_a_file_from_before_teams_loads_and_a_bad_team_record_is_named():
    old = {"games": 3, "wins": 1, "streak": 0, "best_streak": 1, "undo_games": 0}
    raw = stamp(
        {
            "records": {
                "crazier_eights/4/mixed": old,  # written before teams had records of their own
                "crazier_eights/6/hard/threes-normal": old,
                "crazier_eights/4/hard/threes-normal": old,  # threes at four players: none
            },
        },
        stats.VERSION,
    )
    stats.path().parent.mkdir(parents=True, exist_ok=True)
    stats.path().write_text(json.dumps(raw), encoding="utf-8")
    records = stats.load()
    assert set(records) == {"crazier_eights/4/mixed", "crazier_eights/6/hard/threes-normal"}
    assert "crazier_eights/4/hard/threes-normal" in records.problem
