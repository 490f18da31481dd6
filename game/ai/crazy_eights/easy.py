"""Crazy Eights easy bot: a beginner who knows to keep an eight.

It plays any card that fits (chosen at random, not for its points or the suit it
leaves), keeps its eights for when nothing else fits, and names the suit it holds
most cards of. It never looks at the other players' hands or at who is about to
go out.
"""

from __future__ import annotations

from collections import Counter

from game.ai.base import SeededBot
from game.engine.cards import SUITS, parse
from game.engine.crazy_eights import EIGHT


class EasyBot(SeededBot):
    level = "easy"

    def choose(self, view, actions):
        actions = list(actions)
        plays = [a for a in actions if a not in ("draw", "pass")]
        if not plays:
            return "draw" if "draw" in actions else actions[0]
        plain = [a for a in plays if ":" not in a]
        if plain:
            return self.rng.choice(plain)
        eight = plays[0].split(":")[0]
        rest = [parse(c) for c in view.hand if c != eight]
        held = Counter(c // 13 for c in rest if c % 13 != EIGHT)
        if not held:
            return self.rng.choice(plays)
        suit = SUITS[max(range(4), key=lambda s: (held[s], self.rng.random()))]
        named = f"{eight}:{suit}"
        return named if named in actions else self.rng.choice(plays)
