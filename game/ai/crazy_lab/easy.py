"""Crazy Lab easy bot: looks at the trick on the table, never further.

It takes as plus colour the colour with the most points in its hand, puts into
the trump pile the colours its hand is strongest in, and plays each trick by what
it holds now: a card that would win the trick as it stands is worth the trick's
plus minus its minus values to it, a card that would lose it sheds its minus-colour
points. It ignores the players still to play, the cards already gone and the
rivals' minus colours.
"""

from __future__ import annotations

from game.ai.base import SeededBot
from game.ai.crazy_lab.normal import seat_colours
from game.engine.crazy_lab import deck, winner_index


class EasyBot(SeededBot):
    level = "easy"

    def __init__(self, seed: int | None = None):
        super().__init__(seed)
        self.d = deck()

    def choose(self, view, actions):
        actions = list(actions)
        if view.phase == "choose":
            return max(actions, key=lambda a: (self._choice_worth(view, a), self.rng.random()))
        return self._play(view, actions)

    def _choice_worth(self, view, action: str) -> float:
        """The plus colour or the trump pair: the points its hand shows in those colours."""
        d = self.d
        hand = [d.values[d.parse(c)] for c in view.hand]
        colours = [d.colours.index(c) for c in action.partition(":")[2].split(",")]
        return sum(v[c] for v in hand for c in colours)

    def _play(self, view, actions):
        d = self.d
        plus, minus, trump, trick = seat_colours(d, view)
        current = sum(v[plus] - v[minus] for v in trick)

        def worth(action):
            v = d.values[d.parse(action)]
            net = v[plus] - v[minus]
            if winner_index([*trick, v], trump) == len(trick):
                return current + net
            return -net / 2

        return max(actions, key=lambda a: (worth(a), self.rng.random()))
