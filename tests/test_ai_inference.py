"""Reading the rivals' plays: sampled worlds weighed by how well they explain them.

In games among normal bots the real deal explains every play (the model is the
normal bot), so it must weigh far more than the deals sampled from the view alone;
and the importance resampling of the search core must draw worlds in proportion
to their weights."""

from __future__ import annotations

import random
import statistics

import pytest

from game.ai.crazy_lab.inference import PlayHistory as LabHistory
from game.ai.crazy_lab.normal import NormalBot as LabNormal
from game.ai.crazy_lab.worlds import sample_state as lab_sample
from game.ai.rage.inference import PlayHistory as RageHistory
from game.ai.rage.normal import NormalBot as RageNormal
from game.ai.rage.worlds import sample_state as rage_sample
from game.ai.search import resampled
from game.engine import crazy_lab, rage

CASES = [
    ("rage", rage, RageNormal, RageHistory, rage_sample),
    ("crazy_lab", crazy_lab, LabNormal, LabHistory, lab_sample),
]


@pytest.mark.parametrize("name,engine,normal,history,sample", CASES, ids=[c[0] for c in CASES])
def test_the_real_deal_explains_the_rivals_plays_better_than_sampled_deals(
    name, engine, normal, history, sample
):
    rng = random.Random(5)
    real, sampled, exact = [], [], 0
    for game in range(3):
        state = engine.new_game({"players": 4}, 40 + game)
        bots = [normal(game * 10 + s) for s in range(4)]
        while state.current_player() is not None and len(real) < 24:
            seat = state.current_player()
            view = state.view(seat)
            if seat == 0 and view.phase == "play" and view.round_tricks and rng.random() < 0.5:
                h = history(view)
                assert h.past, "rivals have played: their plays are read"
                w = h.weight(state)  # the real state: the rivals' real hands and secrets
                real.append(w)
                exact += w == 1.0
                policy = normal(1)
                sampled.extend(h.weight(sample(view, rng, policy)) for _ in range(6))
            state.apply(bots[seat].choose(view, state.legal_actions()))
    assert len(real) >= 12
    # the model is the normal bot: it reproduces most of the real plays exactly
    assert exact >= 0.35 * len(real)
    assert statistics.mean(real) > 2.5 * statistics.mean(sampled)


def test_resampling_draws_in_proportion_to_the_weights():
    worlds = iter(["a", "b", "c", "d"] * 1000)
    weights = {"a": 3.0, "b": 1.0, "c": 0.0, "d": 0.0}
    draw = resampled(lambda: next(worlds), weights.__getitem__, random.Random(1), 4, 8)
    drawn = [draw() for _ in range(800)]
    assert drawn.count("c") == drawn.count("d") == 0
    assert drawn.count("a") == 600 and drawn.count("b") == 200  # systematic: exact shares


def test_resampling_survives_a_pool_of_zero_weights():
    draw = resampled(lambda: "w", lambda w: 0.0, random.Random(1), 3, 2)
    assert [draw() for _ in range(5)] == ["w"] * 5
