"""Decisions scored with the hidden cards known (``game.tools.decisions``)."""

from __future__ import annotations

import random

from game.ai.crazy_eights.normal import NormalBot
from game.tools.decisions import positions, score, true_values


def test_decisions_are_scored_against_the_normal_move_with_the_hands_known():
    found = positions(2, seed=5)[:12]
    assert len(found) == 12
    rng = random.Random(1)
    values = [true_values(state, seat, 4, rng) for state, seat in found]
    for (state, seat), worth in zip(found, values):
        assert set(worth) == set(state.legal_actions()) and len(worth) > 1
        assert state.current_player() == seat and not state.is_over()  # left as found
    normal = score(lambda view, actions: NormalBot(0).choose(view, actions), found, values)
    assert normal["gain"] == 0 and normal["left_normal"] == 0
    assert normal["ceiling"] > 0  # some other move was worth more somewhere

    worth_of = iter(values)  # score asks once a position, in order: the worst move each time
    bad = score(lambda view, actions: min(actions, key=next(worth_of).get), found, values)
    assert bad["gain"] < 0 and bad["left_normal"] > 0
    assert bad["ceiling"] == normal["ceiling"]


def test_rage_decisions_are_scored_the_same_way():
    from game.ai.rage.normal import NormalBot as RageNormal
    from game.tools.decisions import rage_values

    found = positions(1, seed=7, game="rage")
    found = [p for p in found if p[0].phase == "predict"][:3] + [
        p for p in found if p[0].phase == "play"
    ][:9]
    rng = random.Random(2)
    values = [rage_values(state, seat, 2, rng) for state, seat in found]
    for (state, seat), worth in zip(found, values):
        assert set(worth) == set(state.legal_actions()) and len(worth) > 1
        assert state.current_player() == seat and not state.is_over()  # left as found
    normal = score(lambda view, actions: RageNormal(0).choose(view, actions), found, values, "rage")
    assert normal["gain"] == 0 and normal["left_normal"] == 0 and normal["ceiling"] > 0
    assert set(normal["by_kind"]) == {"prediction", "card"}
    assert normal["by_kind"]["prediction"]["n"] == 3

    worth_of = iter(values)
    bad = score(lambda view, actions: min(actions, key=next(worth_of).get), found, values, "rage")
    assert bad["gain"] < 0 and bad["left_normal"] > 0


def test_crazy_lab_decisions_are_scored_the_same_way():
    from game.ai.crazy_lab.normal import NormalBot as LabNormal
    from game.tools.decisions import crazy_lab_values

    found = positions(1, seed=7, game="crazy_lab")
    chosen = [p for p in found if p[0].phase == "choose"]
    found = chosen[:2] + chosen[-2:] + [p for p in found if p[0].phase == "play"][:8]
    rng = random.Random(2)
    values = [crazy_lab_values(state, seat, 2, rng) for state, seat in found]
    for (state, seat), worth in zip(found, values):
        assert set(worth) == set(state.legal_actions()) and len(worth) > 1
        assert state.current_player() == seat and not state.is_over()  # left as found
    seeds = iter(range(len(found)))  # the seeds ``score`` gives the normal bot (ties)
    normal = score(
        lambda view, actions: LabNormal(next(seeds)).choose(view, actions),
        found,
        values,
        "crazy_lab",
    )
    assert normal["gain"] == 0 and normal["left_normal"] == 0 and normal["ceiling"] > 0
    assert set(normal["by_kind"]) == {"plus colour", "trump pick", "card"}
    assert normal["by_kind"]["card"]["n"] == 8

    worth_of = iter(values)
    bad = score(
        lambda view, actions: min(actions, key=next(worth_of).get), found, values, "crazy_lab"
    )
    assert bad["gain"] < 0 and bad["left_normal"] > 0
