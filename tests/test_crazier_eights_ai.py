"""Crazier Eights bots: legal answers to every decision, and normal beats random."""

from crazier_eights_helpers import rig

from game.ai import make_bot
from game.ai.crazier_eights.normal import NormalBot
from game.engine import crazier_eights as ce
from game.tools.sim import run


def test_normal_answers_every_decision_legally():
    kinds = set()
    for seed in range(6):
        s = ce.new_game(
            {"players": 4 if seed % 2 else 6, "teams": "pairs" if seed == 2 else "none"}, seed
        )
        bots = [make_bot("crazier_eights", "normal", seed * 10 + i) for i in range(s.players)]
        while not s.is_over():
            seat = s.current_player()
            kinds.add(s.pending.kind)
            action = bots[seat].choose(s.view(seat), s.legal_actions())
            assert action in s.legal_actions()
            s.apply(action)
    assert {"main", "pick_player", "pick_asset", "protect"} <= kinds


def test_normal_beats_random_clearly():
    result = run("crazier_eights", 4, ["normal", "random", "random", "random"], 40, 1)
    assert result["levels"]["normal"]["win_rate"] > 0.5


def test_attacks_the_player_closest_to_winning():
    s = rig(
        [
            ["joust", "feast", "ride_out"],
            ["tribute", "death", "prophecy"],
            ["banishment"],
            ["pilgrimage", "excalibur"],
        ],
        draw=["enchantment"],
    )
    s.apply("play:joust")
    assert NormalBot(0).choose(s.view(0), s.legal_actions()) == "choose:p2"


def test_stays_below_four_assets_with_an_opposing_mordred():
    s = rig(
        [["castle", "merlin", "joust"], ["tribute"]],
        [["sir_kay", "sir_gawain", "camelot"], ["mordred"]],
        draw=["enchantment"],
    )
    if s.pending.kind == "draw_fewer":
        s.apply("choose:yes")
    bot = NormalBot(0)
    for _ in range(4):
        action = bot.choose(s.view(0), s.legal_actions())
        assert action not in ("play:castle", "play:merlin")
        if action == "end":
            break
        s.apply(action)


def test_protects_its_own_asset():
    s = rig(
        [["death", "joust"], ["tribute"]], [["castle"], ["sir_lancelot", "camelot"]], draw=["feast"]
    )
    s.apply("play:death")
    s.apply("choose:camelot")
    assert s.pending.kind == "protect" and s.current_player() == 1
    assert NormalBot(0).choose(s.view(1), s.legal_actions()) == "choose:camelot"
