"""Sampled Rage worlds: an engine State built from one seat's View plus guessed hidden cards.

``sample_state(view, rng)`` never sees the real state. The seat's own hand, the
cards in the current trick, the trump card and the public counts come from the
view; the unseen cards are dealt at random to the other seats (as many as each
holds) and to the draw deck, respecting the voids players have shown by not
following the lead colour. Predictions the view hides are filled in by the
normal bot's estimate for the sampled hand.

A prediction also says something about the hand behind it: a player who announced
four tricks holds strong cards. A ``DealPool`` deals many candidate hands once per
decision and weighs each by how well every opponent's announced count fits the
trick estimate (a bot's ``_table_tricks`` reading ``view.hidden``) of the hand it
held when predicting; ``sample_state`` then draws its hidden hands from the pool in
proportion to those weights (sampling importance resampling; a normal bot's count
fits exactly, a person's roughly), the draw deck shuffled afresh each time.
"""

from __future__ import annotations

import math
import random

from game.ai.rage.normal import BIAS
from game.engine.rage import State, deck


def shown_voids(view) -> list[set[int]]:
    """Colours each seat is known to lack: it played something else while that colour was led."""
    d = deck()
    voids: list[set[int]] = [set() for _ in range(view.players)]
    tricks = [t["plays"] for t in view.round_tricks] + [view.trick]
    for plays in tricks:
        lead = None
        for seat, name in plays:
            head, _, named = name.partition(":")
            if head == "J":
                colour = d.colours.index(named) if named else None
                is_colour_card = False
            else:
                card = d.ids_named(head)[0]
                colour = d.colour_of[card] if d.kind_of[card] == "C" else None
                is_colour_card = colour is not None
            if lead is not None:
                if not (is_colour_card and colour == lead):
                    voids[seat].add(lead)  # must follow when able; an action card never follows
            elif colour is not None:
                lead = colour
    return voids


class _Ids:
    """Hands out distinct card ints for notation names (action cards share names)."""

    def __init__(self, d):
        self.free = {name: list(ids) for name, ids in d.by_name.items()}

    def take(self, name: str) -> int:
        pool = self.free[name.partition(":")[0]]
        return pool.pop()


def _deal_hidden(unseen: list[int], counts: dict[int, int], voids, d, rng) -> dict[int, list[int]]:
    """Deal ``counts[seat]`` unseen cards to each seat, avoiding its void colours where possible."""
    pool = unseen[:]
    rng.shuffle(pool)
    hands: dict[int, list[int]] = {}
    order = sorted(counts, key=lambda s: -len(voids[s]))  # the most constrained seats first
    for seat in order:
        need = counts[seat]
        bad = voids[seat]
        if bad:
            ok = [c for c in pool if d.colour_of[c] not in bad]
            if len(ok) < need:  # inconsistent information: relax the voids
                ok = ok + [c for c in pool if d.colour_of[c] in bad]
            hand = ok[:need]
        else:
            hand = pool[:need]
        taken = set(hand)
        pool = [c for c in pool if c not in taken]
        hands[seat] = hand
    hands[-1] = pool  # what is left is the draw deck
    return hands


POOL = 200  # candidate deals weighed once per decision when predictions are known
SPREAD = 0.4  # how far (in tricks) a prediction strays from the estimate of its hand
# a normal bot predicts int(estimate + BIAS): the middle of the estimates behind a count
CENTRE = BIAS - 0.5


class _EstimateView:
    """What a seat saw when it predicted, as far as a trick estimate reads it."""

    __slots__ = ("seat", "players", "hand", "hand_counts", "trump", "unseen", "hidden")


class PredictionFit:
    """How well sampled hands fit the predictions the view shows (see the module text)."""

    def __init__(self, view, d, estimator, spread: float = SPREAD):
        self.estimator, self.d, self.spread = estimator, d, spread
        self.known = [
            p
            for p in range(view.players)
            if p != view.seat and view.predictions[p] is not None and view.predicted[p]
        ]
        self.view = view
        if not self.known:
            return
        # the cards each seat has played this round: its hand when predicting is the
        # sampled hand plus these
        played: dict[int, list[str]] = {p: [] for p in self.known}
        for plays in [t["plays"] for t in view.round_tricks] + [view.trick]:
            for seat, name in plays:
                if seat in played:
                    played[seat].append(name.partition(":")[0])
        self.played = played
        trump_card = d.ids_named(view.trump_card)[0] if view.trump_card else None
        self.trump = (
            d.colours[d.colour_of[trump_card]]
            if trump_card is not None and d.colour_of[trump_card] >= 0
            else view.trump
        )
        # every colour card's value by colour and the Jokers, the trump card left out
        by_colour: list[list[int]] = [[] for _ in d.colours]
        jokers = 0
        for c in range(d.size):
            if c == trump_card:
                continue
            if d.colour_of[c] >= 0:
                by_colour[d.colour_of[c]].append(d.value_of[c])
            elif d.kind_of[c] == "J":
                jokers += 1
        self.all_colours, self.all_jokers = by_colour, jokers
        self.total = d.size - (trump_card is not None)

    def weight(self, hands: dict) -> float:
        """The likelihood of the shown predictions if the other seats held ``hands``
        (card ints by seat)."""
        d, view = self.d, self.view
        n = view.cards_this_round
        log_w = 0.0
        for p in self.known:
            names = [d.names[c] for c in hands[p]] + self.played[p]
            by_colour = [list(v) for v in self.all_colours]
            jokers = self.all_jokers
            for name in names:
                card = d.ids_named(name)[0]
                if d.colour_of[card] >= 0:
                    by_colour[d.colour_of[card]].remove(d.value_of[card])
                elif d.kind_of[card] == "J":
                    jokers -= 1
            v = _EstimateView()
            v.seat, v.players, v.hand, v.trump = p, view.players, names, self.trump
            v.hand_counts = [n] * view.players
            v.unseen = range(self.total - len(names))  # only its length is read
            v.hidden = (by_colour, jokers)
            miss = self.estimator(v) + CENTRE - view.predictions[p]
            log_w -= miss * miss / (2 * self.spread * self.spread)
        return math.exp(log_w)


class DealPool:
    """Candidate deals of the unseen cards, each weighed by ``fit`` (see the module text)."""

    def __init__(self, view, rng: random.Random, fit: PredictionFit, size: int = POOL):
        d = deck()
        ids = _Ids(d)
        for n in view.hand:
            ids.take(n)
        for _, name in view.trick:
            ids.take(name.partition(":")[0])
        unseen = [ids.take(n) for n in view.unseen]
        counts = {p: view.hand_counts[p] for p in range(view.players) if p != view.seat}
        voids = shown_voids(view)
        self.deals = [_deal_hidden(unseen, counts, voids, d, rng) for _ in range(size)]
        weights = [fit.weight(h) for h in self.deals]
        total = sum(weights)
        self.weights = weights if total > 0 else None  # nothing fits: every deal alike

    def draw(self, rng: random.Random) -> dict:
        if self.weights is None:
            deal = self.deals[int(rng.random() * len(self.deals))]
        else:
            deal = rng.choices(self.deals, self.weights)[0]
        rest = deal[-1][:]
        rng.shuffle(rest)
        return {**deal, -1: rest}


def sample_state(view, rng: random.Random, predictor=None, pool: DealPool | None = None) -> State:
    """A State consistent with ``view`` with the hidden cards sampled; with ``pool``, the
    hidden hands are drawn from it in proportion to how well they explain the
    predictions."""
    d = deck()
    ids = _Ids(d)
    me = view.seat
    s = State.__new__(State)
    s.options = {"players": view.players, **view.options}
    s.players = view.players
    s.rng = random.Random(rng.random())
    s.d = d
    s.dealer, s.round = view.dealer, view.round
    own = [ids.take(n) for n in view.hand]
    trick = []
    for seat, name in view.trick:
        head, _, named = name.partition(":")
        card = ids.take(head)
        kind = d.kind_of[card]
        colour = d.colour_of[card] if kind == "C" else (d.colours.index(named) if named else None)
        trick.append((seat, card, colour))
    unseen = [ids.take(n) for n in view.unseen]
    counts = {p: view.hand_counts[p] for p in range(view.players) if p != me}
    if pool is not None:
        dealt = pool.draw(rng)
    else:
        dealt = _deal_hidden(unseen, counts, shown_voids(view), d, rng)
    s.hands = [own if p == me else dealt[p] for p in range(view.players)]
    s.deck = dealt[-1]
    s.revealed = [ids.take(view.trump_card)] if view.trump_card and view.trump is not None else []
    s.set_aside = []
    s.trump = None if view.trump is None else d.colours.index(view.trump)
    s.phase = view.phase
    s.predictions = list(view.predictions)
    s.current = view.current_player
    s.leader = view.leader
    s.trick = trick
    s.no_trump = view.no_trump
    s.tricks = list(view.tricks)
    s.won = [[] for _ in range(view.players)]
    s.bonus = list(view.bonus)
    s.totals = list(view.totals)
    s.history = []
    s.over = False
    s.actions = []
    s.last_trick = None
    s.round_tricks = []
    if predictor is not None:
        for p in range(view.players):
            if view.predicted[p] and s.predictions[p] is None:  # a concealed prediction
                v = s.view(p)
                v.phase = "predict"
                allowed = [f"predict:{n}" for n in range(view.cards_this_round + 1)]
                guess = int(predictor.predict(v, allowed).partition(":")[2])
                s.predictions[p] = min(view.cards_this_round, view.tricks[p] + guess)
    return s
