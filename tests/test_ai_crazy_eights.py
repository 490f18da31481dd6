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
