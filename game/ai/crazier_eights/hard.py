"""Crazier Eights hard bot: looks one table round ahead over sampled hands.

In its main phase (play, discard or end the turn) it rebuilds worlds from its view
(``worlds``: the hidden hands and the draw pile dealt from the unseen cards), tries
each of its options in the same worlds, and lets the normal bot play every seat —
its own rest of the turn included, every prompt and target — until its next main
phase or the end of the game. A world is worth 1 for a game it wins, −1 for one it
loses, and otherwise how far ahead it is in cards (the others' mean hand against
its own, plus what its assets are worth). Every other decision is the normal bot's.
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
        me = view.seat
        rng = self.rng

        def evaluate(seeded, action):
            world = sample_state(view, random.Random(seeded.seed))
            playout = NormalBot(seeded.seed)
            world.apply(action)
            left_turn = False
            for _ in range(MAX_STEPS):
                seat = world.current_player()
                if seat is None:
                    break
                if world.turn_seat != me:
                    left_turn = True
                elif left_turn and world.phase == "main":
                    break
                world.apply(playout.choose(world.view(seat), world.legal_actions()))
            return _worth(world, me)

        best, _, _ = search(
            actions,
            lambda: _Seed(rng.randrange(1 << 30)),
            evaluate,
            self.budget_s,
            max_worlds=self.max_worlds,
        )
        return best


def _worth(world, me: int) -> float:
    if world.over or world.winners:
        return 1.0 if me in world.winners else -1.0
    alive = [s for s in range(world.players) if world.alive[s] and s != me]
    if not world.alive[me]:
        return -1.0
    if not alive:
        return 1.0
    others = sum(len(world.hands[s]) for s in alive) / len(alive)
    return 0.1 * (others - len(world.hands[me])) + 0.03 * (
        len(world.assets[me]) - sum(len(world.assets[s]) for s in alive) / len(alive)
    )
