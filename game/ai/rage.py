"""Rage bots.

normal: predicts the sum of each card's chance to take a trick, estimated from the
cards it cannot see (how many higher cards of the colour, and Jokers, are still
out, and whether the card is trump); then plays to make exactly that prediction:
while it still needs tricks it wins them as cheaply as it can, once it has enough
it ducks, sheds its high cards and gives away −5 cards to the trick's winner.
"""

from __future__ import annotations

import math
import random

from game.ai.base import RandomBot
from game.engine.rage import deck
from game.engine.rage.cards import winner_of

LEVELS = ("random", "normal")
SCALE = 0.04  # big hands take more tricks than the per-card chances suggest
HOLD = 1.0  # how strongly unseen higher cards threaten a card


def _entry(d, text: str):
    """(kind, colour, value) of a played card in notation, as the engine's winner_of wants."""
    head, _, named = text.partition(":")
    if head == "J":
        return ("J", d.colours.index(named) if named else None, d.max_value + 1)
    card = d.ids_named(head)[0]
    kind = d.kind_of[card]
    if kind == "C":
        return ("C", d.colour_of[card], d.value_of[card])
    return (kind, None, -1)


class NormalBot:
    level = "normal"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        self.d = deck()

    # ------------------------------------------------------------ knowledge

    def _unseen_colour_cards(self, view):
        """Unseen colour cards by colour (values), and unseen Jokers."""
        d = self.d
        by_colour: list[list[int]] = [[] for _ in d.colours]
        jokers = 0
        for name in view.unseen:
            if name == "J":
                jokers += 1
                continue
            ids = d.ids_named(name)
            if ids and d.kind_of[ids[0]] == "C":
                by_colour[d.colour_of[ids[0]]].append(d.value_of[ids[0]])
        return by_colour, jokers

    def _out_fraction(self, view) -> float:
        """Share of the unseen cards that sit in other players' hands."""
        others = sum(n for s, n in enumerate(view.hand_counts) if s != view.seat)
        return min(1.0, others / max(1, len(view.unseen)))

    def _hold_chance(
        self, view, colour: int, value: int, opponents: int, trump: int | None, by_colour, jokers
    ) -> float:
        """Chance that a card of ``colour``/``value`` is not beaten by ``opponents`` later players."""
        if opponents <= 0:
            return 1.0
        frac = self._out_fraction(view) * opponents / max(1, view.players - 1)
        higher = sum(1 for v in by_colour[colour] if v > value) + (
            0.5 * jokers if value <= self.d.max_value else 0
        )
        p = math.exp(-HOLD * higher * frac) if higher else 1.0
        if trump is not None and colour != trump:
            n_trump = len(by_colour[trump])
            # someone void in the led colour may trump it; likelier with many cards of the colour out
            void_risk = min(
                0.9, 0.08 * opponents * (1 + sum(1 for v in by_colour[colour] if v < value) / 6)
            )
            p *= 1 - void_risk * min(1.0, n_trump / 4)
        return max(0.0, min(1.0, p))

    # ------------------------------------------------------------ predicting

    def predict(self, view, actions):
        total = self._expected_tricks(view)
        want = int(total * (1 + SCALE * (len(view.hand) - 1)) + 0.5)
        allowed = [int(a.partition(":")[2]) for a in actions]
        return f"predict:{min(allowed, key=lambda x: (abs(x - want), x))}"

    def _expected_tricks(self, view) -> float:
        d = self.d
        trump = None if view.trump is None else d.colours.index(view.trump)
        by_colour, jokers = self._unseen_colour_cards(view)
        n = len(view.hand)
        opponents = view.players - 1
        counts = [0] * len(d.colours)
        for name in view.hand:
            ids = d.ids_named(name)
            if d.kind_of[ids[0]] == "C":
                counts[d.colour_of[ids[0]]] += 1
        total = 0.0
        for name in view.hand:
            card = d.ids_named(name)[0]
            kind = d.kind_of[card]
            if kind == "J":
                total += 0.85 if jokers == 0 else 0.7
            elif kind == "C":
                colour, value = d.colour_of[card], d.value_of[card]
                p = self._hold_chance(view, colour, value, opponents, trump, by_colour, jokers)
                if colour == trump:
                    p = max(p, min(0.9, 0.12 * counts[colour] * (n / 10) ** 0.5 + 0.05 * value / 3))
                else:
                    # off-colour cards rarely win once the colour has been led a few times
                    p *= 0.9 if n <= 3 else 0.75
                total += p
            elif kind in ("NT", "CT"):
                total += 0.05
        return total

    # ------------------------------------------------------------ playing

    def choose(self, view, actions):
        if view.phase == "predict":
            return self.predict(view, actions)
        d = self.d
        need = view.predictions[view.seat] - view.tricks[view.seat]
        left = len(view.hand)
        want_win = need > 0
        trump = None if view.trump is None else d.colours.index(view.trump)
        by_colour, jokers = self._unseen_colour_cards(view)
        trick = [_entry(d, c) for _, c in view.trick]
        opponents_after = view.players - len(view.trick) - 1
        bonus_now = sum({"+5": 5, "-5": -5}.get(k, 0) for k, _, _ in trick)
        excess = self._expected_tricks(view) - need if want_win else 1.0
        best, best_score = actions[0], -1e9
        for action in actions:
            e = _entry(d, action)
            kind, colour, value = e
            t = None if kind == "NT" else trump
            entries = trick + [e]
            winning_now = winner_of(entries, t) == len(trick)
            if not winning_now:
                p_win = 0.0
            elif kind == "C" or kind == "J":
                p_win = self._hold_chance(
                    view, colour, value, opponents_after, t, by_colour, jokers
                )
                if kind == "J":
                    p_win = max(p_win, 0.9 if colour == t or t is None else 0.6)
            else:  # an action card leading or in an only-action trick: a later colour card takes it
                p_win = 0.02 if opponents_after else 1.0
            strength = self._strength(kind, colour, value, trump)
            bonus = bonus_now + {"+5": 5, "-5": -5}.get(kind, 0)
            if want_win:
                urgency = min(1.0, need / max(1, left))
                sign = 1 if excess <= 0.3 else -1  # spare strength: spend it
                score = 10 * p_win - sign * (1 - urgency) * 4 * strength
                if p_win < 0.3:  # cannot win: throw the least useful card (or a spare strong one)
                    score = -sign * 4 * strength + 0.5 * p_win
            else:
                score = 10 * (1 - p_win) + 2 * strength
                if kind == "J" and colour != trump and p_win < 0.1:
                    score += 1  # a Joker is a safe dump of a strong card
            if kind in ("+5", "-5") or bonus:
                score += 0.4 * bonus * (p_win - 0.5) * 2
            if kind == "J" and colour != trump and want_win and trump is not None:
                score -= 3  # a winning Joker names trump
            score += self.rng.random() * 0.01
            if score > best_score:
                best, best_score = action, score
        return best

    def _strength(self, kind, colour, value, trump) -> float:
        """0..1: how likely a card is to win a trick later (what is lost by spending it)."""
        if kind == "J":
            return 1.0
        if kind != "C":
            return 0.1
        base = value / (self.d.max_value + 1)
        return min(1.0, base * (1.6 if colour == trump else 0.8))


def make_bot(level: str, seed: int | None = None):
    if level == "random":
        return RandomBot(seed)
    if level == "normal":
        return NormalBot(seed)
    raise ValueError(f"Rage has no {level!r} AI; levels: {', '.join(LEVELS)}")
