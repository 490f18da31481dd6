"""Every engine, replayed over 300 seeded random games (60 each, all player counts):
the same actions, events and scores as the recorded digests. Engine speed-ups must
not change a single event."""

from __future__ import annotations

import json

import pytest
from engine_replays import DATA, GAMES_PER_ENGINE, digest

from game import games

RECORDED = json.loads(DATA.read_text())


@pytest.mark.parametrize("game_id", list(games.GAMES))
def test_replays_match_the_recorded_games(game_id):
    want = RECORDED[game_id]
    assert len(want) == GAMES_PER_ENGINE
    got = [digest(game_id, k) for k in range(GAMES_PER_ENGINE)]
    assert sum(n for _, n in got) > 20 * GAMES_PER_ENGINE  # real games, not empty ones
    mismatched = [k for k, (d, _) in enumerate(got) if d != want[k]]
    assert not mismatched, f"games {mismatched[:10]} differ from the recording"
