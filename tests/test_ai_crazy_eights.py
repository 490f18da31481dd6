from game.ai import make_bot
from game.sim import run


def test_bots_choose_legal_actions():
    from game.engine import crazy_eights as ce

    for level in ("random", "normal"):
        bot = make_bot("crazy_eights", level, 1)
        s = ce.new_game({"players": 3}, 4)
        while not s.is_over():
            seat = s.current_player()
            action = bot.choose(s.view(seat), s.legal_actions())
            assert action in s.legal_actions()
            s.apply(action)


def test_normal_beats_random_clearly():
    result = run("crazy_eights", 4, ["normal", "random", "random", "random"], 120, 3)
    assert result["levels"]["normal"]["win_rate"] > 0.35
    assert result["levels"]["normal"]["seats"] == 120


def test_the_hard_bots_playouts_play_as_the_normal_bot():
    """The hard bot's worlds model normal rivals: its playout policy (on the engine's
    ints) must answer as the normal bot does in every position, eights and the suit
    named included (ties, and a hand of nothing but eights, are where they could part)."""
    import random

    from game.ai.crazy_eights.hard import policy
    from game.ai.crazy_eights.normal import NormalBot
    from game.ai.crazy_eights.worlds import sample_state
    from game.engine import crazy_eights as ce

    bot = NormalBot(1)
    eights = 0
    for seed in range(120):
        s = ce.new_game({"players": 4}, seed)
        rng = random.Random(seed)
        while not s.is_over() and s.round == 1:
            view = s.view(s.current_player())
            action = bot.choose(view, s.legal_actions())
            assert policy(sample_state(view, rng)) == action, (seed, view.hand, action)
            eights += ":" in action
            s.apply(action)
    assert eights > 50  # the eights' choices were compared, not only plain plays


def test_the_match_chance_ranks_positions_as_a_player_would():
    from game.ai.crazy_eights.match_chance import collect_chance, match_chance, penalty_chance

    # even totals: an even chance; the match over: the engine's ranking, ties shared
    assert abs(penalty_chance([10, 10, 10, 10], 2, 3) - 0.25) < 0.01
    assert abs(penalty_chance([0, 0], 1, 4) - 0.5) < 0.01
    assert penalty_chance([30, 12, 12, 40], 1, 0) == 0.5
    assert collect_chance([120, 40, 0], 0, 3, 100) == 1.0
    assert collect_chance([60, 40, 0], 1, 0, 100) == 0.0
    # penalty: fewer points is better, and a lead counts for less with more rounds to go
    ahead_late = penalty_chance([0, 20, 20, 20], 0, 1)
    ahead_early = penalty_chance([0, 20, 20, 20], 0, 4)
    assert 0.25 < ahead_early < ahead_late < 1
    assert penalty_chance([20, 0, 0, 0], 0, 2) < 0.25
    # collect: a rival one round from the target makes every other seat's chance small
    assert collect_chance([0, 95, 0, 0], 0, 4, 100) < 0.2 < collect_chance([0, 95, 0, 0], 1, 4, 100)
    assert collect_chance([70, 10, 10, 10], 0, 4, 100) > 0.4
    # the same position judged the same way every time (a memo of seeded races)
    assert collect_chance([33, 50, 0], 2, 2, 100) == collect_chance([35, 50, 0], 2, 2, 100)
    assert match_chance([5, 0], 0, 2, collect=True, target=100) == collect_chance([5, 0], 0, 2, 100)
