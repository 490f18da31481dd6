"""Rage easy bot: a beginner's count and a beginner's play.

It predicts one trick for each card that looks strong (a Joker, a trump of 10 or
more, a 14 or 15 of another colour) and half a trick for each middling one (a
lower trump, a 12 or 13); then, while it still needs tricks, it plays its
strongest card, and once it has enough, its weakest. It does not count the cards
already played, weigh who plays after it, or aim the +5 and −5 cards.
"""

from __future__ import annotations

from game.ai.base import SeededBot
from game.ai.rage.normal import play_entry
from game.engine.rage import deck


class EasyBot(SeededBot):
    level = "easy"

    def __init__(self, seed: int | None = None):
        super().__init__(seed)
        self.d = deck()

    def choose(self, view, actions):
        actions = list(actions)
        if view.phase == "predict":
            return self._predict(view, actions)
        need = view.predictions[view.seat] - view.tricks[view.seat]
        sign = 1 if need > 0 else -1
        return max(actions, key=lambda a: (sign * self._strength(a, view.trump), self.rng.random()))

    def _predict(self, view, actions):
        d = self.d
        count = 0.0
        for name in view.hand:
            if name == "J":
                count += 1
                continue
            card = d.ids_named(name)[0]
            if d.kind_of[card] != "C":
                continue
            value = d.value_of[card]
            if d.colours[d.colour_of[card]] == view.trump:
                count += 1 if value >= 10 else 0.5
            elif value >= 14:
                count += 1
            elif value >= 12:
                count += 0.5
        want = int(count + 0.5)
        allowed = [int(a.partition(":")[2]) for a in actions]
        return f"predict:{min(allowed, key=lambda x: (abs(x - want), x))}"

    def _strength(self, action: str, trump: str | None) -> float:
        """How likely the card looks to take a trick, to a beginner."""
        kind, colour, value = play_entry(self.d, action)
        is_trump = colour is not None and self.d.colours[colour] == trump
        if kind == "J":
            return 40 + is_trump  # named after trump when winning
        if kind != "C":
            return 0.5  # No Trump, Change Trump, +5, −5: thrown away
        return value + (20 if is_trump else 0)
