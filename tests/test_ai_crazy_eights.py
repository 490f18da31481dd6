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
