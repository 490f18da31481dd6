"""Shared engine core: errors, events, seeded randomness, and the game-state contract.

Every game module exposes ``new_game(options, seed) -> State``. A State answers
``current_player()``, ``legal_actions()``, ``apply(action) -> list[Event]``,
``view(seat)``, ``is_over()`` and ``scores()``. Actions are JSON-serialisable values
(strings in each game's notation), so a game is fully described by
``(game id, options, seed, action log)``: saves, replays and undo all come from it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

Action = Any  # a JSON-serialisable value; every game uses strings in its notation


class IllegalAction(Exception):
    """An action the rules refuse. ``reason`` is a sentence a player can read."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Event:
    """Something that happened, for animations and the game log.

    ``kind`` names it (``"play"``, ``"draw"``, ``"trick_won"``, ``"round_end"`` …),
    ``seat`` is the player it concerns (or None), ``data`` carries the details, and
    ``text`` is the log line in words. ``secret_to`` marks events only one seat may
    see in full (a drawn card): other seats get ``public`` in its place.
    """

    kind: str
    seat: int | None = None
    data: dict = field(default_factory=dict)
    text: str = ""
    secret_to: int | None = None
    public: Event | None = None

    def seen_by(self, seat: int | None) -> Event:
        """The event as ``seat`` may see it (None: a spectator who sees no secrets)."""
        if self.secret_to is None or self.secret_to == seat:
            return self
        return self.public or Event(self.kind, self.seat, {}, "")


def detached(value):
    """A copy of ``value`` with its own lists, dicts and sets at every depth, so a view
    built from a state's records never shares anything a caller could change."""
    if isinstance(value, list):
        return [detached(v) for v in value]
    if isinstance(value, dict):
        return {k: detached(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return tuple(detached(v) for v in value)
    if isinstance(value, set):
        return {detached(v) for v in value}
    return value


def make_rng(seed: int | None) -> random.Random:
    return random.Random(seed)


def shuffled(items, rng: random.Random) -> list:
    out = list(items)
    rng.shuffle(out)
    return out


def next_seat(seat: int, players: int, step: int = 1) -> int:
    """Seats are numbered clockwise, so "left"/"next" is +1."""
    return (seat + step) % players


def shared_ranking(totals: list[float], higher_wins: bool) -> list[float]:
    """Win shares: the best total wins; a tie of k players gives each 1/k."""
    if not totals:
        return []
    best = max(totals) if higher_wins else min(totals)
    winners = [i for i, t in enumerate(totals) if t == best]
    return [1.0 / len(winners) if i in winners else 0.0 for i in range(len(totals))]


def leaders(totals: list, higher_wins: bool) -> list[int]:
    """The seats with the best total so far (more than one on a tie)."""
    return [i for i, share in enumerate(shared_ranking(totals, higher_wins)) if share > 0]


def game_end(totals: list, shares: list[float]) -> Event:
    """The match's last event: the final totals, the winners (every seat with the best
    win share) and a line naming them."""
    best = [s for s, v in enumerate(shares) if v == max(shares)]
    names = " and ".join(f"{{P{s}}}" for s in best)
    return Event(
        "game_end",
        None,
        {"totals": totals[:], "winners": best},
        f"{names} win{'s' if len(best) == 1 else ''} the game.",
    )


def replay(module, options: dict, seed: int, actions: list):
    """Rebuild a state from its log; raises IllegalAction if the log does not fit."""
    state = module.new_game(options, seed)
    for action in actions:
        state.apply(action)
    return state
