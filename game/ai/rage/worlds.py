"""Sampled Rage worlds: an engine State built from one seat's View plus guessed hidden cards.

``sample_state(view, rng)`` never sees the real state. The seat's own hand, the
cards in the current trick, the trump card and the public counts come from the
view; the unseen cards are dealt at random to the other seats (as many as each
holds) and to the draw deck, respecting the voids players have shown by not
following the lead colour. Predictions the view hides are filled in by the
normal bot's estimate for the sampled hand.
"""

from __future__ import annotations

import random

from game.ai.search import blank_record
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


def sample_state(view, rng: random.Random, predictor=None) -> State:
    """A State consistent with ``view`` with the hidden cards sampled."""
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
    blank_record(s)
    if predictor is not None:
        for p in range(view.players):
            if view.predicted[p] and s.predictions[p] is None:  # a concealed prediction
                v = s.view(p)
                v.phase = "predict"
                allowed = [f"predict:{n}" for n in range(view.cards_this_round + 1)]
                guess = int(predictor.predict(v, allowed).partition(":")[2])
                s.predictions[p] = min(view.cards_this_round, view.tricks[p] + guess)
    return s
