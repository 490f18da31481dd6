"""Crazier Eights hard bot: looks one table round ahead over sampled hands.

In its main phase (play, discard or end the turn) it rebuilds worlds from its view
(``worlds``: the hidden hands and the draw pile dealt from the unseen cards; in team
play the allies' hands as it sees them), tries each of its options in the same
worlds, and lets the normal bot play every seat — its own rest of the turn included,
every prompt and target, and the allies still to act — until its side's next main
phase or the end of the game. A world is worth 1 for a game its side wins, −1 for
one it loses, and otherwise how far ahead its side is in cards (the rivals' mean
hand against its own side's, plus what the assets are worth). Every other decision
is the normal bot's.
"""

from __future__ import annotations

import random

from game.ai.crazier_eights.normal import NormalBot
from game.ai.crazier_eights.worlds import sample_state, searchable
from game.ai.search import SearchBot, search

BUDGET_S = 0.2  # search time per decision
MAX_STEPS = 400  # engine decisions in one playout, at most


class _Seed:
    """A world to be rebuilt from a seed: every action is tried on the same hidden cards."""

    __slots__ = ("seed",)

    def __init__(self, seed: int):
        self.seed = seed

    def copy(self):
        return self


class HardBot(SearchBot):
    policy_class = NormalBot
    budget_s = BUDGET_S

    def choose(self, view, actions):
        actions = list(actions)
        if len(actions) == 1 or not searchable(view):
            return self.policy.choose(view, actions)

        def evaluate(seeded, action):
            world = sample_state(view, random.Random(seeded.seed))
            world.apply(action)
            return _played_out(world, view.seat, seeded.seed)

        rng = self.rng
        best, _, _ = search(
            actions,
            lambda: _Seed(rng.randrange(1 << 30)),
            evaluate,
            self.budget_s,
            max_worlds=self.max_worlds,
        )
        return best


def _played_out(world, me: int, seed: int) -> float:
    """The normal bot plays every seat until ``me``'s next main phase; its worth to ``me``."""
    playout = NormalBot(seed)
    team = world.team_of[me]
    left_turn = False
    for _ in range(MAX_STEPS):
        seat = world.current_player()
        if seat is None:
            break
        if world.team_of[world.turn_seat] != team:
            left_turn = True
        elif left_turn and world.phase == "main":
            break
        world.apply(playout.choose(world.view(seat), world.legal_actions()))
    return _worth(world, me)


def _worth(world, me: int) -> float:
    """1 for a game its side wins, −1 for one it loses; otherwise how far ahead its side
    is in cards (the rivals' mean hand against its own side's) and in assets. Its side
    is the seat alone, or the seat and its allies in team play."""
    if world.over or world.winners:
        return 1.0 if me in world.winners else -1.0
    team = world.team_of[me]
    ours = [s for s in range(world.players) if world.alive[s] and world.team_of[s] == team]
    rivals = [s for s in range(world.players) if world.alive[s] and world.team_of[s] != team]
    if not ours:
        return -1.0
    if not rivals:
        return 1.0

    def mean(seats, zone):
        return sum(len(zone[s]) for s in seats) / len(seats)

    return 0.1 * (mean(rivals, world.hands) - mean(ours, world.hands)) + 0.03 * (
        mean(ours, world.assets) - mean(rivals, world.assets)
    )
