"""Each round's row names the leaders of the totals, the same way the match is decided:
the last row's leaders are exactly the match's winners."""

from __future__ import annotations

import random

import pytest

from game import games

GAMES = list(games.GAMES)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_last_rounds_leaders_are_the_matchs_winners(game_id):
    engine = games.get(game_id).engine()
    info = games.get(game_id)
    for seed in range(3):
        rng = random.Random(seed)
        state = engine.new_game({"players": info.min_players + seed % 2}, seed)
        for _ in range(20000):
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_actions()))
        assert state.is_over()
        rows = state.history
        winners = [i for i, share in enumerate(state.scores()) if share > 0]
        assert rows[-1]["leaders"] == winners
        for row in rows:  # every round's leaders hold its best total
            assert set(row["leaders"]) <= set(range(len(row["totals"])))
            assert len({row["totals"][s] for s in row["leaders"]}) == 1
