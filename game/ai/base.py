"""Pieces every game's bots share."""

from __future__ import annotations

import random


class SeededBot:
    """A bot with its own random stream, seeded so a game can be played again."""

    level = ""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)


class RandomBot(SeededBot):
    """Uniform over the legal actions: the baseline every level must beat."""

    level = "random"

    def choose(self, view, actions):
        return self.rng.choice(list(actions))
