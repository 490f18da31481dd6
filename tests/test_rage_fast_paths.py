"""Rage's fast paths for search playouts give exactly the answers of the plain ones:
the engine's rounds played out in one call, and the normal play on a world's ints."""

from __future__ import annotations

import random

import pytest

from game.ai.rage.fast_policy import choose_card
from game.ai.rage.hard import PlayoutPolicy, fast_view, round_margin
from game.ai.rage.normal import NormalBot
from game.ai.rage.worlds import sample_state
from game.ai.search import MAX_PLAYOUT_STEPS, margin
from game.engine import rage
from game.engine.core import IllegalAction, replay


def _snapshot(s) -> tuple:
    return (
        s.actions,
        s.hands,
        s.deck,
        s.revealed,
        s.set_aside,
        s.trump,
        s.phase,
        s.predictions,
        s.current,
        s.leader,
        s.trick,
        s.no_trump,
        s.tricks,
        s.won,
        s.bonus,
        s.totals,
        s.history,
        s.round,
        s.dealer,
        s.over,
        s.round_tricks,
        s.last_trick,
        s.rng.getstate(),
    )


def _random_chooser(rng):
    """Any card the rules allow, a Joker naming any colour."""

    def choose(state, playable):
        card = rng.choice(playable)
        named = rng.randrange(len(state.d.colours)) if state.d.kind_of[card] == "J" else None
        return card, named

    return choose


def _as_action(state, choice) -> str:
    card, named = choice
    d = state.d
    return f"J:{d.colours[named]}" if d.kind_of[card] == "J" else d.names[card]


def _predict_all(state, rng) -> None:
    while not state.is_over() and state.phase == "predict":
        state.apply(rng.choice(state.legal_actions()))


def test_a_round_played_out_is_the_round_apply_plays():
    """``play_round_out`` leaves the state ``apply`` leaves for the same choices: the
    log, hands, deck, trump turned and set aside (No Trump and Change Trump included),
    tricks, points, the next deal, the match's end."""
    compared = 0
    for game in range(24):
        options = {"players": 3 + game % 6, "winner_takes_all": game % 3 == 0}
        state = rage.new_game(options, 300 + game)
        rng = random.Random(game)
        while not state.is_over():
            _predict_all(state, rng)
            if state.is_over():
                break
            twin = state.copy()
            seed = rng.getrandbits(32)
            state.play_round_out(_random_chooser(random.Random(seed)))
            slow = _random_chooser(random.Random(seed))
            start = twin.round
            while not twin.is_over() and twin.round == start:
                playable = twin.playable(twin.current)
                twin.apply(_as_action(twin, slow(twin, playable)))
            assert _snapshot(state) == _snapshot(twin)
            compared += 1
    assert compared == 240


def test_a_round_played_out_replays_from_its_log():
    state = rage.new_game({"players": 4}, 21)
    _predict_all(state, random.Random(2))
    state.play_round_out(_random_chooser(random.Random(1)))
    twin = replay(rage, state.options, 21, list(state.actions))
    assert _snapshot(twin) == _snapshot(state)
    assert len(state.history) == 1 and state.round == 2 and state.phase == "predict"


def test_a_round_still_predicting_is_left_as_it_is():
    state = rage.new_game({"players": 4}, 8)
    before = _snapshot(state)
    state.play_round_out(_random_chooser(random.Random(1)))
    assert _snapshot(state) == before


@pytest.mark.parametrize(
    "choice",
    [
        lambda s, p: (next(c for c in range(s.d.size) if c not in p), None),  # not allowed now
        lambda s, p: (p[0], 0 if s.d.kind_of[p[0]] != "J" else None),  # a colour for a non-Joker
        lambda s, p: (p[0], 9 if s.d.kind_of[p[0]] == "J" else "R"),  # a bad colour / not None
        lambda s, p: (s.d.names[p[0]], None),  # notation, not a card
    ],
)
def test_a_round_played_out_refuses_a_choice_the_rules_do_not_allow(choice):
    state = rage.new_game({"players": 4}, 5)
    _predict_all(state, random.Random(3))
    with pytest.raises(IllegalAction):
        state.play_round_out(choice)


def test_a_joker_without_a_colour_is_refused():
    state = rage.new_game({"players": 4}, 5)
    _predict_all(state, random.Random(3))
    joker = next(c for c in range(state.d.size) if state.d.kind_of[c] == "J")
    state.hands[state.current].append(joker)
    state.trick = []
    with pytest.raises(IllegalAction):
        state.play_round_out(lambda s, p: (joker, None))


def _plain_round_margin(world, me, playout) -> float:
    """The hard bot's playout as it was written first: a view and the normal bot's
    ``choose`` for every move, each applied as notation."""
    for _ in range(MAX_PLAYOUT_STEPS):
        if world.history:
            break
        world.apply(playout.choose(fast_view(world, world.current), world.legal_actions()))
    return margin(world.history[-1]["points"], me)


def test_the_fast_normal_play_is_the_normal_bots_in_every_playout():
    """``choose_card`` makes the normal bot's choice (with its random tie-breaks drawn
    alike) on what the seat sees in a sampled world: whole playouts from positions of
    normal bots' games, predictions still to make included, end the same."""
    compared = 0
    for game in range(6):
        players = 3 + game % 4
        state = rage.new_game({"players": players}, 700 + game)
        bots = [NormalBot(game * 10 + s) for s in range(players)]
        rng = random.Random(game)
        moves = 0
        while not state.is_over() and moves < 160:
            seat = state.current_player()
            actions = state.legal_actions()
            if moves % 4 == 0:
                world = sample_state(state.view(seat), rng, bots[seat])
                for action in world.legal_actions()[:3]:
                    fast, slow = world.copy(), world.copy()
                    fast.apply(action)
                    slow.apply(action)
                    p_fast, p_slow = PlayoutPolicy(moves), PlayoutPolicy(moves)
                    worth = round_margin(fast, seat, p_fast)
                    assert worth == _plain_round_margin(slow, seat, p_slow)
                    assert _snapshot(fast) == _snapshot(slow)
                    assert p_fast.rng.getstate() == p_slow.rng.getstate()
                    compared += 1
            state.apply(bots[seat].choose(state.view(seat), actions))
            moves += 1
    assert compared > 200


def test_choose_card_reads_the_world_it_is_given():
    """One move, chosen alike from the world's ints and from its view."""
    state = rage.new_game({"players": 5}, 41)
    _predict_all(state, random.Random(4))
    for _ in range(12):
        playable = state.playable(state.current)
        fast, slow = PlayoutPolicy(9), PlayoutPolicy(9)
        choice = choose_card(state, playable, fast)
        expected = slow.choose(fast_view(state, state.current), state.legal_actions())
        assert _as_action(state, choice) == expected
        state.apply(expected)
