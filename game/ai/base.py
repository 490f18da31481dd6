"""Pieces every game's bots share."""

from __future__ import annotations

import random


class RandomBot:
    """Uniform over the legal actions: the baseline every level must beat."""

    level = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, view, actions):
        return self.rng.choice(list(actions))
