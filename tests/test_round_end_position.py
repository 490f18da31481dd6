"""``rounds.position_before_next_deal``: every game gives the position its rounds end in,
before the next deal, through the engine's public call (the table shows it under the
round's score sheet, and replays do the same).

For each game, a random match of two rounds or more (Crazier Eights: two games) is
played to its end; at each round's end the game is replayed to the move before, and the call must give
the round as it ended: the same score sheet rows and totals as the real game, the same
round number (nothing dealt), the hands as the round's row lists them (the trick games:
every card played), the log up to that move; the match's last move gives the final
state. The state given is left as it was.
"""

from __future__ import annotations

import random

import pytest

from game import games as registry
from game.engine.core import replay
from game.engine.rounds import position_before_next_deal
from game.tools.soak import action_cap

# an option that makes the match two rounds (or games) long, so a round ends inside it
TWO_ROUNDS = {"rounds": 2, "games": 2}


def two_round_match(game_id: str, seed: int):
    engine = registry.get(game_id).engine()
    options = {"players": max(2, registry.get(game_id).min_players)}
    options |= {k: v for k, v in TWO_ROUNDS.items() if k in engine.level().options}
    return engine, engine.level().resolve(options), seed


def hand_sizes(view) -> list[int]:
    return list(getattr(view, "hand_counts", None) or view.rack_counts)


def round_number(state) -> int:
    return state.game_no if hasattr(state, "game_no") else state.round


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_each_round_ends_in_its_last_position_before_the_next_deal(game_id):
    engine, options, seed = two_round_match(game_id, 11)
    rng = random.Random(f"round-end:{game_id}")
    state = engine.new_game(options, seed)
    ends = 0
    for _ in range(action_cap(options)):
        if state.is_over():
            break
        action = rng.choice(state.legal_actions())
        events = state.apply(action)
        if not any(e.kind == "round_end" for e in events):
            continue
        ends += 1
        before = replay(engine, options, seed, state.actions[:-1])
        kept = [before.view(s) for s in range(state.players)]
        ended = position_before_next_deal(before, action)
        assert [before.view(s) for s in range(state.players)] == kept  # left as it was
        row = state.history[-1]
        assert ended.history == state.history
        assert ended.totals == state.totals == row["totals"]
        assert ended.actions == state.actions
        assert round_number(ended) == row["round"]
        hands = row.get("hands") or row.get("racks")
        view = ended.view(0)
        if hands is not None:
            assert hand_sizes(view) == [len(h) for h in hands]
        else:  # the trick games: every card of the round was played
            assert sum(hand_sizes(view)) == 0
        if state.is_over():  # the match's last move: the final state itself
            assert ended.is_over()
            assert ended.scores() == state.scores()
            assert ended.view(0) == state.view(0)
        else:  # the next round was dealt in the game, not in the position given
            assert not ended.is_over()
            assert round_number(state) == row["round"] + 1
            assert ended.view(0) != state.view(0)
    assert state.is_over(), "the match did not end within the soak's bound"
    assert ends == len(state.history) >= 2


@pytest.mark.parametrize("game_id", list(registry.GAMES))
def test_a_move_that_ends_no_round_gives_the_position_after_it(game_id):
    engine, options, seed = two_round_match(game_id, 12)
    state = engine.new_game(options, seed)
    action = state.legal_actions()[0]
    after = position_before_next_deal(state, action)
    assert state.actions == []
    state.apply(action)
    assert after.actions == state.actions
    assert after.view(0) == state.view(0)
