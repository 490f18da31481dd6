"""Rage bots.

normal: predicts the sum of each card's chance to take a trick (a table measured
from play, by trump or not, value, hand size and player count); then plays to make
exactly that prediction, judging each card's chance to hold the trick from the
cards it cannot see (higher cards of the colour and Jokers still out, later
players void in the colour who may trump):
while it still needs tricks it wins them as cheaply as it can, once it has enough
it ducks, sheds its high cards and gives away −5 cards to the trick's winner.
"""

from __future__ import annotations

import random

from game.ai.rage.win_chance import WIN_CHANCE
from game.engine.rage import deck
from game.engine.rage.cards import winner_of

HOLD = 1.0  # how strongly unseen higher cards threaten a card
RUFF = 1.0  # how likely a void later player with a trump takes the trick


def play_entry(d, text: str):
    """(kind, colour, value) of a played card in notation, as the engine's winner_of wants."""
    head, _, named = text.partition(":")
    if head == "J":
        return ("J", d.colours.index(named) if named else None, d.max_value + 1)
    card = d.ids_named(head)[0]
    kind = d.kind_of[card]
    if kind == "C":
        return ("C", d.colour_of[card], d.value_of[card])
    return (kind, None, -1)


def expected_tricks(d, hand: list[int], opponents: int, trump, jokers: int, hold_chance) -> float:
    """The tricks ``hand`` (card ints) should take while trying to: each card's chance,
    ``hold_chance(colour, value, opponents, trump)`` for a colour card, with ``jokers``
    Jokers unseen. The normal bot reads it from a view, the playouts' fast policy from
    a world's counts; one sum, so the two agree to the last bit."""
    n = len(hand)
    kind_of, colour_of, value_of = d.kind_of, d.colour_of, d.value_of
    counts = [0] * len(d.colours)
    for card in hand:
        if kind_of[card] == "C":
            counts[colour_of[card]] += 1
    total = 0.0
    for card in hand:
        kind = kind_of[card]
        if kind == "J":
            total += 0.85 if jokers == 0 else 0.7
        elif kind == "C":
            colour, value = colour_of[card], value_of[card]
            p = hold_chance(colour, value, opponents, trump)
            if colour == trump:
                p = max(p, min(0.9, 0.12 * counts[colour] * (n / 10) ** 0.5 + 0.05 * value / 3))
            else:
                # off-colour cards rarely win once the colour has been led a few times
                p *= 0.9 if n <= 3 else 0.75
            total += p
        elif kind in ("NT", "CT"):
            total += 0.05
    return total


class NormalBot:
    level = "normal"
    # tuning, a class attribute each so that a variant is a subclass:
    bias = 0.3  # rounding of the expected tricks: a little under (over-taking is cheaper to avoid)
    lost_below = 0.3  # a card less likely than this to hold the trick is played as lost
    bonus_weight = 0.4  # what a +5/-5 card in the trick counts, a point, for or against taking it

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

    def _hold_chance(
        self, view, colour: int, value: int, opponents: int, trump: int | None, by_colour, jokers
    ) -> float:
        """Chance that a card of ``colour``/``value`` is not beaten by ``opponents`` later players."""
        if opponents <= 0:
            return 1.0
        unseen = max(1, len(view.unseen))
        others = [n for st, n in enumerate(view.hand_counts) if st != view.seat]
        h = sum(others) / max(1, len(others))  # cards in a later player's hand
        q = min(
            1.0, HOLD * opponents * h / unseen
        )  # chance an unseen card sits with a later player
        higher = sum(1 for v in by_colour[colour] if v > value)
        if value <= self.d.max_value:
            higher += jokers
        p = (1 - q) ** higher
        if trump is not None and colour != trump:
            # a later player void in this colour who holds a trump may take it
            fc = len(by_colour[colour]) / unseen
            ft = len(by_colour[trump]) / unseen
            ruff = (1 - fc) ** h * (1 - (1 - ft) ** h)
            p *= (1 - RUFF * ruff) ** opponents
        return max(0.0, min(1.0, p))

    # ------------------------------------------------------------ predicting

    def predict(self, view, actions):
        want = int(self._table_tricks(view) + self.bias)
        allowed = [int(a.partition(":")[2]) for a in actions]
        return f"predict:{min(allowed, key=lambda x: (abs(x - want), x))}"

    def _table_tricks(self, view) -> float:
        """Expected tricks from the measured chance of each dealt card to take a trick."""
        d = self.d
        n = len(view.hand)
        size = 0 if n == 1 else 1 if n <= 3 else 2 if n <= 6 else 3
        keys = [p for p in (3, 4, 5, 6, 8) if p == view.players] or [6, 8]
        trump = None if view.trump is None else d.colours.index(view.trump)
        by_colour, jokers = self._unseen_colour_cards(view)
        total = 0.0
        for name in view.hand:
            card = d.ids_named(name)[0]
            kind = d.kind_of[card]
            if kind == "C":
                v = d.value_of[card]
                bucket = 0 if v <= 5 else 1 if v <= 9 else 2 if v <= 12 else 3 if v <= 14 else 4
                cls = (
                    "T"
                    if view.trump is not None and d.colours[d.colour_of[card]] == view.trump
                    else "O"
                )
            else:
                bucket, cls = 0, kind
            chance = sum(WIN_CHANCE.get((p, size, cls, bucket), 1 / p) for p in keys) / len(keys)
            if cls in ("T", "O") and bucket == 0:  # the widest bucket: low cards win least
                chance *= (d.value_of[card] + 1) / 3.5
            if cls == "T":  # top trumps with no higher trump out are near-certain tricks
                hold = self._hold_chance(
                    view,
                    d.colour_of[card],
                    d.value_of[card],
                    view.players - 1,
                    trump,
                    by_colour,
                    jokers,
                )
                chance = max(chance, 0.9 * hold)
            total += chance
        return total

    def _expected_tricks(self, view) -> float:
        d = self.d
        trump = None if view.trump is None else d.colours.index(view.trump)
        by_colour, jokers = self._unseen_colour_cards(view)
        return expected_tricks(
            d,
            [d.ids_named(name)[0] for name in view.hand],
            view.players - 1,
            trump,
            jokers,
            lambda colour, value, opponents, t: self._hold_chance(
                view, colour, value, opponents, t, by_colour, jokers
            ),
        )

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
        trick = [play_entry(d, c) for _, c in view.trick]
        opponents_after = view.players - len(view.trick) - 1
        bonus_now = sum({"+5": 5, "-5": -5}.get(k, 0) for k, _, _ in trick)
        excess = self._expected_tricks(view) - need if want_win else 1.0
        best, best_score = actions[0], -1e9
        for action in actions:
            e = play_entry(d, action)
            kind, colour, value = e
            t = None if kind == "NT" else trump
            entries = [*trick, e]
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
                if p_win < self.lost_below:
                    # cannot win: throw the least useful card (or a spare strong one)
                    score = -sign * 4 * strength + 0.5 * p_win
            else:
                score = 10 * (1 - p_win) + 2 * strength
                if kind == "J" and colour != trump and p_win < 0.1:
                    score += 1  # a Joker is a safe dump of a strong card
            if kind in ("+5", "-5") or bonus:
                score += self.bonus_weight * bonus * (p_win - 0.5) * 2
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
