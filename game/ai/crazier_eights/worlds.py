"""Sampled Crazier Eights worlds: a table built from one seat's View in its main phase.

The engine runs its turns as a generator, so a world cannot be copied from a view;
it is rebuilt instead. Everything public (assets, the discard pile, the top colour,
skips, who is alive, the turn's allowance) comes from the view, and in team play the
allies' hands, which the seat sees; the cards the seat cannot see (the other hands
and the draw pile) are dealt at random from the cards that are not visible anywhere.
The engine rebuilds the table from the view and that guess and resumes its flow
where the view stands (``State.from_view``): the seat's main phase with the plays and
discards it has left, the main phases of the allies still to act in this turn, the
end of the turn, then the table's turns from the next team on.
"""

from __future__ import annotations

import random
from collections import Counter

from game.engine.crazier_eights.deck import deck_ids
from game.engine.crazier_eights.state import State


def searchable(view) -> bool:
    """A world can be rebuilt for this view: its own main phase, nothing resolving."""
    return (
        view.pending is not None
        and view.pending["kind"] == "main"
        and view.phase == "main"
        and view.seat in view.actives
        and not view.resolving
        and not view.over
    )


def sample_state(view, rng: random.Random) -> State:
    """A State consistent with ``view`` (which must be ``searchable``), hidden cards sampled."""
    me = view.seat
    seen = Counter(view.hand)
    for hand in view.ally_hands.values():
        seen.update(hand)
    for zone in view.assets:
        seen.update(zone)
    seen.update(view.discard)
    seen.update(view.revealed)
    pool = []
    for cid in deck_ids(view.players):
        if seen[cid]:
            seen[cid] -= 1
        else:
            pool.append(cid)
    rng.shuffle(pool)
    hands = []
    for s in range(view.players):
        if s == me:
            hands.append(list(view.hand))
        elif s in view.ally_hands:
            hands.append(list(view.ally_hands[s]))
        else:
            hands.append([pool.pop() for _ in range(min(view.hand_counts[s], len(pool)))])
    return State.from_view(view, hands, pool, rng)
