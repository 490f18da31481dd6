from game.ai import make_bot
from game.tools.sim import run


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


def test_the_collect_match_chance_ranks_positions_as_a_player_would():
    from game.ai.crazy_eights.match_chance import collect_chance

    # the match over: the engine's ranking (the highest total), ties shared
    assert collect_chance([120, 40, 0], 0, 3, 100) == 1.0
    assert collect_chance([60, 40, 0], 1, 0, 100) == 0.0
    assert collect_chance([60, 60, 0], 1, 0, 100) == 0.5
    # even totals: about an even chance; a lead helps, more the closer to the target
    assert abs(collect_chance([10, 10, 10, 10], 2, 4, 100) - 0.25) < 0.06
    assert collect_chance([70, 10, 10, 10], 0, 4, 100) > 0.4
    assert collect_chance([70, 10, 10, 10], 0, 4, 100) > collect_chance([40, 10, 10, 10], 0, 4, 100)
    # a rival one round from the target makes every other seat's chance small
    assert collect_chance([0, 95, 0, 0], 0, 4, 100) < 0.2 < collect_chance([0, 95, 0, 0], 1, 4, 100)
    # the same position judged the same way every time (a memo of seeded races)
    assert collect_chance([33, 50, 0], 2, 2, 100) == collect_chance([35, 50, 0], 2, 2, 100)


def test_the_hard_bot_plays_collect_matches_to_the_end():
    from game.engine import crazy_eights as ce

    bots = [make_bot("crazy_eights", "hard", 3)] + [
        make_bot("crazy_eights", "normal", s) for s in (4, 5)
    ]
    bots[0].untimed(3)  # a few worlds a decision: the valuation is what is tested
    s = ce.new_game({"players": 3, "scoring": "collect", "target": 60}, 9)
    while not s.is_over():
        seat = s.current_player()
        action = bots[seat].choose(s.view(seat), s.legal_actions())
        assert action in s.legal_actions()
        s.apply(action)
    assert max(s.totals) >= 60 or len(s.history) == s.options["rounds"]
