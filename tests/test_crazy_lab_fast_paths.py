"""Crazy Lab's fast paths for search playouts give exactly the answers of the plain
ones: the normal play from running counts, and a card played without its events."""

from __future__ import annotations

import random

from game.ai.crazy_lab.fast_policy import Unplayed, choose_card
from game.ai.crazy_lab.hard import playout_card, round_lead
from game.ai.crazy_lab.normal import NormalBot
from game.ai.crazy_lab.worlds import sample_state
from game.ai.search import lead
from game.engine import crazy_lab


def _snapshot(s) -> tuple:
    return (
        s.hands,
        s.unused,
        s.trick,
        s.won,
        s.current,
        s.leader,
        s.trump_pile,
        s.trumps_used,
        s.round_tricks,
        s.last_trick,
        s.totals,
        s.history,
        s.round,
        s.over,
        s.rng.getstate(),
    )


def _play_views(games: int) -> list:
    """The views of every seat about to play a card in the first round of ``games``
    games of normal bots, three to five players."""
    views = []
    for g in range(games):
        state = crazy_lab.new_game({"players": 3 + g % 3}, 700 + g)
        bots = [NormalBot(g * 10 + s) for s in range(state.players)]
        while state.round == 1 and not state.is_over():
            seat = state.current_player()
            view = state.view(seat)
            if view.phase == "play":
                views.append(view)
            state.apply(bots[seat].choose(view, state.legal_actions()))
    return views


def test_fast_play_is_the_playout_policy_in_every_position_of_whole_playouts():
    rng, policy = random.Random(5), NormalBot(5)
    moves = 0
    for k, view in enumerate(_play_views(6)):
        plain = sample_state(view, rng, policy)
        fast = plain.copy()
        plain_noise, fast_noise = random.Random(k), random.Random(k)
        unplayed = Unplayed(fast)
        while not plain.history:
            card = playout_card(plain, plain.current, plain_noise)
            assert choose_card(fast, fast.current, fast_noise, unplayed) == card
            assert plain_noise.getstate() == fast_noise.getstate()
            plain.play_card(card)
            fast.play_card(card, quiet=True)
            unplayed.played(card)
            moves += 1
        assert _snapshot(fast) == _snapshot(plain)
    assert moves > 3000


def test_a_quiet_play_changes_the_state_as_a_play_does_and_tells_nothing():
    for g in range(8):
        loud = crazy_lab.new_game({"players": 3 + g % 3, "rounds": 2}, 40 + g)
        bots = [NormalBot(g * 10 + s) for s in range(loud.players)]
        while loud.phase == "choose":
            seat = loud.current_player()
            loud.apply(bots[seat].choose(loud.view(seat), loud.legal_actions()))
        quiet = loud.copy()
        noise = random.Random(g)
        while not loud.history:
            card = playout_card(loud, loud.current, noise)
            events = loud.play_card(card)
            assert events[0].kind == "play"
            told = quiet.play_card(card, quiet=True)
            # the round's end still scores and deals the next round, with its events
            kept = [e for e in events if e.kind not in ("play", "trick_won", "trump")]
            assert [(e.kind, e.data) for e in told] == [(e.kind, e.data) for e in kept]
            assert _snapshot(quiet) == _snapshot(loud)
        assert loud.round == 2 and loud.phase == "choose"


def test_round_lead_plays_the_round_out_with_the_policy():
    rng, policy = random.Random(9), NormalBot(9)
    for k, view in enumerate(_play_views(2)[::7]):
        world = sample_state(view, rng, policy)
        plain = world.copy()
        noise = random.Random(k)
        while not plain.history:
            plain.play_card(playout_card(plain, plain.current, noise))
        totals = [3 * s for s in range(view.players)]
        got = round_lead(world, view.seat, totals, random.Random(k))
        assert got == lead(plain.history[-1]["points"], view.seat, totals)
        assert world.history == plain.history
