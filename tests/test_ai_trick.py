"""Rage and Crazy Lab bots: legal choices from their own view, and clearly better than random."""

import pytest

from game.ai import available_levels, make_bot
from game.engine import crazy_lab, rage
from game.tools.sim import run


@pytest.mark.parametrize(
    "game_id,engine,options",
    [
        ("rage", rage, {"players": 5, "hidden_predictions": True, "plus_minus_one": True}),
        ("rage", rage, {"players": 3, "secret_predictions": True}),
        ("crazy_lab", crazy_lab, {"players": 3, "rounds": 1}),
        ("crazy_lab", crazy_lab, {"players": 5, "rounds": 1}),
    ],
)
def test_bots_choose_legal_actions_from_their_view(game_id, engine, options):
    assert available_levels(game_id)[:3] == ("random", "easy", "normal")
    for level in ("random", "easy", "normal"):
        bots = [make_bot(game_id, level, i) for i in range(options["players"])]
        s = engine.new_game(options, 4)
        while not s.is_over():
            seat = s.current_player()
            legal = s.legal_actions()
            action = bots[seat].choose(s.view(seat), legal)
            assert action in legal
            s.apply(action)
        assert len(s.history) == (10 if game_id == "rage" else 1)


def test_rage_normal_predicts_tricks_for_a_strong_hand_and_none_for_a_weak_one():
    bot = make_bot("rage", "normal", 1)
    s = rage.new_game({"players": 4}, 1)
    d = rage.deck()
    strong = ["J", "J"] + [f"{d.colours[s.trump]}{v}" for v in range(15, 7, -1)]
    weak = [f"{c}{v}" for c in d.colours if c != d.colours[s.trump] for v in (0, 1)]
    v = s.view(0)
    v.hand, v.unseen = strong, [n for n in v.unseen if n not in strong]
    high = int(bot.choose(v, s.legal_actions()).partition(":")[2])
    v.hand = weak
    low = int(bot.choose(v, s.legal_actions()).partition(":")[2])
    assert high >= 6 and low == 0


def test_rage_normal_beats_random_clearly():
    result = run("rage", 4, ["normal", "random", "random", "random"], 40, 3)
    assert result["levels"]["normal"]["win_rate"] > 0.45


def test_crazy_lab_normal_beats_random_clearly():
    result = run("crazy_lab", 4, ["normal", "random", "random", "random"], 80, 3)
    assert result["levels"]["normal"]["win_rate"] > 0.5
