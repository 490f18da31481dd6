"""What the State and the rule functions share: the ``Table`` the rules read and change,
the ``Decision`` a rule yields when a seat must choose, the ``Ctx`` of an ability being
resolved, and the exceptions that unwind the turn flow.

The rules (``timing``, ``reactions``, ``abilities``, ``effects``, ``choices``,
``selectors``) are functions taking the State first. A rule that may need a decision is a
generator: it yields a ``Decision`` and receives the chosen action string back; the State's
turn flow drives it. ``Table`` names what the rules use of the State, so the type checker
holds the State to it without those modules importing ``state`` (which imports them).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Protocol

from game.engine.core import Event


@dataclass
class Decision:
    """A choice the game waits for. ``options`` pairs each legal action with a label."""

    seat: int
    kind: str  # main, order, pick_player, pick_asset, may, colour, tuck, give, look, put, protect, draw_fewer, skip_draw
    prompt: str
    options: list  # [(action, label)]
    targets: list = field(default_factory=list)  # card ids or seats to highlight
    secret: bool = False  # options show hidden cards: only the decider sees them
    source: str | None = None  # the card whose ability asks
    public_prompt: str | None = None  # what the others read when the prompt names hidden cards
    _actions: tuple | None = field(default=None, init=False, repr=False, compare=False)

    def actions(self) -> tuple:
        """The legal actions, in the options' order (worked out once per decision)."""
        if self._actions is None:
            self._actions = tuple(a for a, _ in self.options)
        return self._actions


@dataclass
class Ctx:
    """An ability being resolved: its controller ("you"), its card, the names it bound
    (``P``, ``active``) and whether its next choice may be declined."""

    you: int
    source: str
    bind: dict = field(default_factory=dict)
    may: bool = False  # the next choice may be declined


class GameEnd(Exception):
    """The game is decided (a hand emptied, the draw pile ran out, one team is left)."""

    def __init__(self, winners: list[int], why: str):
        super().__init__(why)
        self.winners, self.why = winners, why


class TurnEnd(Exception):
    """The team whose turn it is lost: the rest of its turn is skipped."""


class Declined(Exception):
    """A "may" was refused (or its choice had no legal target)."""


class Table(Protocol):
    """The State as the rules see it: its zones and the seat questions it answers."""

    players: int
    rng: random.Random
    team_of: list[int]
    teamed: bool
    hands: list[list[str]]
    assets: list[list[str]]
    draw: list[str]
    discard: list[str]
    revealed: list[str]
    named: str | None
    skips: list[int]
    alive: list[bool]
    turn_seat: int
    actives: list[int]
    grants: dict
    once_used: set

    def emit(self, kind, seat=None, data=None, text="", secret_to=None, public=None) -> Event: ...
    def is_opp(self, a: int, b: int) -> bool: ...
    def opponents(self, seat: int) -> list[int]: ...
    def clockwise_from(self, seat: int, include: bool = True) -> list[int]: ...
    def controller(self, cid: str) -> int | None: ...
    def asset_controller(self, cid: str) -> int: ...
    def lead(self) -> int: ...
    def trigger_order(self) -> list[int]: ...
    def team(self, seat: int) -> list[int]: ...
    def reshuffle(self) -> None: ...
    def lose(self, seat: int, why: str) -> None: ...
    def check_win(self) -> None: ...
