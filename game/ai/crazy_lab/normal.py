"""Crazy Lab bots.

normal: picks as plus colour the colour its hand is strongest in (high values it
can win tricks with, few cards that also show its minus colour); puts into the
trump pile the colours that are its rivals' minus colours and that its own hand
can win with; then plays each trick by weighing the chance its card takes the
trick against what the trick is worth to it (plus values minus minus values),
dumping cards heavy in its minus colour into tricks it will lose and keeping its
plus-colour cards for tricks it can win.
"""

from __future__ import annotations

import random

from game.engine.crazy_lab import deck, winner_index


def seat_colours(d, view) -> tuple:
    """The seat's plus and minus colours, the trump and the trick so far (each card's
    values by colour), as the deck's colour indices."""
    return (
        d.colours.index(view.plus),
        d.colours.index(view.minus[view.seat]),
        d.colours.index(view.trump),
        [d.values[d.parse(c)] for _, c in view.trick],
    )


class NormalBot:
    level = "normal"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        self.d = deck()

    def _hand(self, view):
        return [self.d.values[self.d.parse(c)] for c in view.hand]

    def choose(self, view, actions):

        if view.phase == "choose":
            if actions[0].startswith("plus:"):
                return self.pick_plus(view, actions)
            return self.pick_trumps(view, actions)
        return self._play(view, actions)

    # ------------------------------------------------------------ secret choices

    def pick_plus(self, view, actions):
        """The plus colour among ``actions`` (``plus:Y``…): also the guess the hard bot's
        sampled worlds make for a rival (``worlds``)."""
        d = self.d
        minus = d.colours.index(view.minus[view.seat])
        hand = self._hand(view)

        def worth(action):
            c = d.colours.index(action.partition(":")[2])
            high = sum(v[c] ** 2 for v in hand) / 6  # high values win the tricks they are in
            clash = sum(v[minus] for v in hand if v[c])
            return sum(v[c] for v in hand) + high - 0.7 * clash + self.rng.random() * 0.01

        return max(actions, key=worth)

    def pick_trumps(self, view, actions):
        """The two trump cards among ``actions`` (``trump:B,O``…), the plus colour
        picked: also the guess the hard bot's sampled worlds make for a rival."""
        d = self.d
        hand = self._hand(view)
        rivals_minus = [d.colours.index(m) for s, m in enumerate(view.minus) if s != view.seat]
        plus = d.colours.index(view.plus)
        minus = d.colours.index(view.minus[view.seat])

        def colour_worth(c):
            strength = sum(v[c] for v in hand) + sum(v[c] ** 2 for v in hand) / 6
            # when c is trump, tricks are full of c: good if c is close to our plus colour on the cards
            link = sum(v[plus] for v in hand if v[c]) - sum(v[minus] for v in hand if v[c])
            return 3 * rivals_minus.count(c) + 0.4 * strength + 0.3 * link

        def worth(action):
            picks = action.partition(":")[2].split(",")
            return sum(colour_worth(d.colours.index(p)) for p in picks) + self.rng.random() * 0.01

        return max(actions, key=worth)

    # ------------------------------------------------------------ tricks

    def _play(self, view, actions):
        d = self.d
        plus, minus, trump, trick = seat_colours(d, view)
        after = view.players - len(trick) - 1
        unseen = [d.values[d.parse(c)] for c in view.unseen]
        others_cards = sum(n for s, n in enumerate(view.hand_counts) if s != view.seat)
        frac = min(1.0, others_cards / max(1, len(unseen))) * after / max(1, view.players - 1)
        current = sum(v[plus] - v[minus] for v in trick)
        # each later card adds, on average, its net worth to us
        later = after * sum(v[plus] - v[minus] for v in unseen) / max(1, len(unseen))
        best, best_score = actions[0], -1e9
        for action in actions:
            v = d.values[d.parse(action)]
            net = v[plus] - v[minus]
            entries = [*trick, v]
            if winner_index(entries, trump) != len(trick):
                p_win = 0.0
            elif after == 0:
                p_win = 1.0
            else:
                p_win = self._hold(v, trump, unseen, frac, trick)
            worth = current + net + later
            score = p_win * worth
            # a card played into a lost trick is gone: keep plus cards, shed minus cards
            score += (1 - p_win) * (-0.35 * max(0, net) + 0.5 * max(0, -net))
            # strong trump-capable cards are worth keeping when they are not needed now
            score -= 0.05 * max(v) * (1 - p_win)
            score += self.rng.random() * 0.01
            if score > best_score:
                best, best_score = action, score
        return best

    @staticmethod
    def _hold(v, trump, unseen, frac, trick) -> float:
        """Chance that the card ``v`` (winning now) is not beaten by the players after us."""
        if v[trump]:
            beaters = sum(1 for u in unseen if u[trump] > v[trump])
        elif any(t[trump] for t in trick):
            return 0.0
        else:
            top = max(v)
            beaters = sum(1 for u in unseen if u[trump] or max(u) > top)
        return (1 - frac * 0.5) ** beaters if beaters else 1.0
