"""The Rage playout: the normal policy playing every seat of a sampled world, reading
the world directly (no View built, the unseen cards counted without names)."""

from __future__ import annotations

from game.ai.rage.normal import NormalBot
from game.ai.search import MAX_PLAYOUT_STEPS, margin


class _FastView:
    """The few View fields the normal policy reads, built straight from a sampled world."""

    __slots__ = (
        "seat",
        "players",
        "phase",
        "hand",
        "hand_counts",
        "predictions",
        "tricks",
        "trump",
        "trick",
        "unseen",
        "hidden",
    )


class PlayoutPolicy(NormalBot):
    """The normal policy, reading the unseen cards of a sampled world without names."""

    def _unseen_colour_cards(self, view):
        return view.hidden


def fast_view(world, seat: int) -> _FastView:
    """What ``seat`` sees in a sampled world, for the playout policy (the world is the bot's own)."""
    d = world.d
    v = _FastView()
    v.seat, v.players, v.phase = seat, world.players, world.phase
    v.hand = [d.names[c] for c in world.hands[seat]]
    v.hand_counts = [len(h) for h in world.hands]
    v.predictions, v.tricks = world.predictions, world.tricks
    v.trump = None if world.trump is None else d.colours[world.trump]
    v.trick = world._trick_notation()
    by_colour: list[list[int]] = [[] for _ in d.colours]
    jokers = 0
    count = len(world.deck)
    colour_of, value_of, kind_of = d.colour_of, d.value_of, d.kind_of
    for p, hand in enumerate(world.hands):
        if p == seat:
            continue
        count += len(hand)
        for c in hand:
            col = colour_of[c]
            if col >= 0:
                by_colour[col].append(value_of[c])
            elif kind_of[c] == "J":
                jokers += 1
    for c in world.deck:
        col = colour_of[c]
        if col >= 0:
            by_colour[col].append(value_of[c])
        elif kind_of[c] == "J":
            jokers += 1
    v.unseen = range(count)  # only its length is read
    v.hidden = (by_colour, jokers)
    return v


def round_margin(world, me: int, playout) -> float:
    """The round played out by ``playout`` for every seat; its worth to ``me``."""
    for _ in range(MAX_PLAYOUT_STEPS):
        if world.history:
            break
        world.apply(playout.choose(fast_view(world, world.current), world.legal_actions()))
    return margin(world.history[-1]["points"], me)
