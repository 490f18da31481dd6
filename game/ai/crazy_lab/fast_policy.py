"""The normal bot's card play on a sampled world's ints, fast enough for playouts.

``choose_card`` makes the choice ``hard.playout_card`` makes (the normal bot's
judgement: the chance its card takes the trick against what the trick is worth;
minus-heavy cards shed into lost tricks) with the same arithmetic and the same draws
from the noise stream, but without walking the unseen cards on every call: the cards
still to be played in the round (the unused pile and every hand) are counted once by
colour and value (``Unplayed``), each card played is taken off, and a seat's unseen
cards are those counts less its own hand. A test holds the two to the same choice in
every position of whole playouts.
"""

from __future__ import annotations

import random
from itertools import chain

VALUES = 7  # a colour's value on a card: 0 (not printed) to 6
_WHOLE: dict = {}  # id(deck) -> (deck, its counts as Unplayed keeps them)


class Unplayed:
    """The cards of a world's round not yet played (the unused pile and every hand),
    counted for the policy: points by colour, cards by colour and value, and for each
    colour the cards without it by their top value."""

    def __init__(self, world):
        d = world.d
        self.values = d.values
        whole = _WHOLE.get(id(d))
        if whole is None or whole[0] is not d:
            # the whole deck counted once: a round's count is it less the cards played
            colours = len(d.colours)
            self.points = [0] * colours
            self.by_value = [[0] * VALUES for _ in range(colours)]
            self.without_by_top = [[0] * VALUES for _ in range(colours)]
            self.cards = 0
            for v in d.values:
                self._count(v, 1)
            whole = _WHOLE[id(d)] = (d, self.points, self.by_value, self.without_by_top)
        self.points = whole[1][:]
        self.by_value = [row[:] for row in whole[2]]
        self.without_by_top = [row[:] for row in whole[3]]
        self.cards = len(d.values)
        self.in_hands = sum(len(h) for h in world.hands)
        for c in chain(chain.from_iterable(world.won), (c for _, c in world.trick)):
            self._count(self.values[c], -1)

    def _count(self, v: tuple, k: int) -> None:
        self.cards += k
        top = max(v)
        for colour, x in enumerate(v):
            self.points[colour] += k * x
            self.by_value[colour][x] += k
            if not x:
                self.without_by_top[colour][top] += k

    def played(self, card: int) -> None:
        """``card`` left a hand for the trick."""
        self._count(self.values[card], -1)
        self.in_hands -= 1


def choose_card(world, seat: int, noise: random.Random, unplayed: Unplayed) -> int:
    """The card ``hard.playout_card(world, seat, noise)`` returns, from the counts."""
    values = world.d.values
    plus, minus, trump = world.plus[seat], world.minus[seat], world.trump
    hand = world.hands[seat]
    trick = [values[c] for _, c in world.trick]
    after = world.players - len(trick) - 1
    # the seat's unseen cards: the unplayed ones less its own hand
    own_points = 0
    own_by_value = [0] * VALUES
    own_without_by_top = [0] * VALUES
    for c in hand:
        v = values[c]
        own_points += v[plus] - v[minus]
        if v[trump]:
            own_by_value[v[trump]] += 1
        else:
            own_without_by_top[max(v)] += 1
    n_unseen = max(1, unplayed.cards - len(hand))
    others_cards = unplayed.in_hands - len(hand)
    frac = min(1.0, others_cards / n_unseen) * after / max(1, world.players - 1)
    current = sum(v[plus] - v[minus] for v in trick)
    unseen_points = unplayed.points[plus] - unplayed.points[minus] - own_points
    later = after * unseen_points / n_unseen
    # beats[x]: unseen cards showing more than x of the trump colour; plain_beats[x]:
    # unseen cards showing trump or, without it, a top value above x
    by_value, without = unplayed.by_value[trump], unplayed.without_by_top[trump]
    beats = [0] * VALUES
    plain = [0] * VALUES
    above = above_plain = 0
    for x in range(VALUES - 1, -1, -1):
        beats[x] = above
        plain[x] = above_plain
        above += by_value[x] - own_by_value[x] if x else 0
        above_plain += without[x] - own_without_by_top[x]
    trumped = beats[0]
    for x in range(VALUES):
        plain[x] += trumped
    trick_trump = max((t[trump] for t in trick), default=0)
    trick_top = max((max(t) for t in trick), default=-1)
    best, best_score = -1, -1e9
    for card in hand:
        v = values[card]
        net = v[plus] - v[minus]
        top = max(v)
        vt = v[trump]
        if trick and not (vt > trick_trump if (vt or trick_trump) else top > trick_top):
            p_win = 0.0
        elif after == 0:
            p_win = 1.0
        else:
            if vt:
                beaters = beats[vt]
            elif trick_trump:
                beaters = -1
            else:
                beaters = plain[top]
            p_win = 0.0 if beaters < 0 else (1 - frac * 0.5) ** beaters if beaters else 1.0
        score = p_win * (current + net + later)
        score += (1 - p_win) * (-0.35 * max(0, net) + 0.5 * max(0, -net))
        score -= 0.05 * top * (1 - p_win)
        score += noise.random() * 0.01
        if score > best_score:
            best, best_score = card, score
    return best
