"""Crazy Eights bots.

normal: keeps eights for when nothing else fits (or to go out), names the suit it
holds most of (weighted by card value, so points leave the hand), prefers plays
that dump high cards and that keep the suit it is strong in, and plays to the
player closest to going out by changing suit away from what they just played.
"""

from __future__ import annotations

import random
from collections import Counter

from game.engine.cards import SUITS, parse
from game.engine.crazy_eights import CARD_POINTS, EIGHT


class NormalBot:
    level = "normal"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, view, actions):
        plays = [a for a in actions if a not in ("draw", "pass")]
        if not plays:
            return "draw" if "draw" in actions else actions[0]
        hand = [parse(c) for c in view.hand]
        non_eights = [a for a in plays if ":" not in a]
        danger = min((n for s, n in enumerate(view.hand_counts) if s != view.seat), default=99)
        if non_eights:
            # Going out or shedding value beats saving an eight, unless an opponent is
            # about to go out and the eight would let us switch away from their suit.
            best = max(non_eights, key=lambda a: self._score_plain(parse(a), hand))
            if danger > 1 or not any(":" in a for a in plays):
                return best
        eights = [a for a in plays if ":" in a]
        if not eights:
            return max(non_eights, key=lambda a: self._score_plain(parse(a), hand))
        card_text = eights[0].split(":")[0]
        rest = [c for c in hand if c != parse(card_text)]
        suit = self._best_suit(rest, view)
        return f"{card_text}:{suit}"

    @staticmethod
    def _score_plain(card: int, hand: list[int]) -> float:
        suit_counts = Counter(c // 13 for c in hand if c % 13 != EIGHT)
        # Shed points, and stay in a suit we have more of after this card.
        return CARD_POINTS[card % 13] + 3 * (suit_counts[card // 13] - 1) + card * 1e-4

    @staticmethod
    def _best_suit(rest: list[int], view) -> str:
        weight: Counter[int] = Counter()
        for c in rest:
            if c % 13 != EIGHT:
                weight[c // 13] += 10 + CARD_POINTS[c % 13]
        if not weight:
            # Nothing but eights left: name the suit most seen in the discard pile,
            # which opponents are least likely to hold.
            seen = Counter(parse(c) // 13 for c in view.discard)
            return SUITS[max(range(4), key=lambda s: seen[s])]
        return SUITS[max(weight, key=lambda s: weight[s])]
