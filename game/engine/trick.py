"""What the two trick-taking engines (Rage, Crazy Lab) share: the state's common slots
and their copy, the round's trick records, who made a round's top score, and the level
file with the deck built from it once per process.

The engines are hot paths (a search bot copies a state for every playout and makes
millions of moves), so the shared copy is plain attribute assignment, done once for
the common slots; each engine's ``copy()`` adds its own.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from game.engine.core import MsgList, seat_ref
from game.engine.levels import Level, load_level
from game.engine.rounds import final_scores


class TrickState:
    """The slots every trick-taking match state has; ``_copy_into`` copies them."""

    __slots__ = (
        "actions",
        "current",
        "d",
        "hands",
        "history",
        "hold_next_deal",  # set only by rounds.position_before_next_deal
        "last_trick",
        "leader",
        "options",
        "over",
        "phase",
        "players",
        "rng",
        "round",
        "round_tricks",
        "totals",
        "trick",
        "won",
    )
    # the slots set outside _start and _new_tricks, by each game's deal
    phase: str
    current: int
    leader: int
    hands: list[list[int]]

    def _start(self, options: dict, seed: int | None, deck) -> None:
        """The match before its first deal."""
        self.options = options
        self.players = options["players"]
        self.rng = random.Random(seed)
        self.d = deck
        self.totals = [0] * self.players
        self.history: list[dict] = []
        self.round = 0
        self.over = False
        self.actions: list = []

    def _new_tricks(self) -> None:
        """A round's empty trick records."""
        self.trick: list = []
        self.won: list[list] = [[] for _ in range(self.players)]
        self.last_trick: dict | None = None
        self.round_tricks: list[dict] = []

    def _copy_into(self, o: TrickState) -> None:
        """Copy the common slots into ``o`` (new, of the same class): every list its own."""
        o.options, o.players, o.d = self.options, self.players, self.d
        o.rng = random.Random()
        o.rng.setstate(self.rng.getstate())
        o.round, o.phase, o.current, o.leader = self.round, self.phase, self.current, self.leader
        o.hands = [h[:] for h in self.hands]
        o.trick, o.won = self.trick[:], [w[:] for w in self.won]
        o.totals, o.history, o.over = self.totals[:], list(self.history), self.over
        o.actions, o.last_trick, o.round_tricks = (
            list(self.actions),
            self.last_trick,
            list(self.round_tricks),
        )

    def current_player(self) -> int | None:
        return None if self.over else self.current

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> list[float]:
        return final_scores(self, higher_wins=True)


def top_scorers(points: list[int]) -> tuple[int, MsgList]:
    """A round's best score and the seats that made it, joined with "and" for the
    round-end line (every seat scores in a trick-taking round)."""
    best = max(points)
    return best, MsgList([seat_ref(s) for s, p in enumerate(points) if p == best], conjoined=True)


class LevelDeck:
    """A game's level file (``levels/<game_id>.toml``) and the deck ``build`` makes from
    it, built once per process: every new game and every rules-oracle call asks for it."""

    def __init__(self, game_id: str, sections: set[str], build: Callable[[Level], object]):
        self.game_id = game_id
        self.sections = frozenset(sections)
        self.build = build
        self._deck: object = None

    def level(self, path: Path | None = None) -> Level:
        return load_level(self.game_id, extra_sections=self.sections, path=path)

    def check_level(self) -> Level:
        """The level file with everything the game reads from it checked (its deck too):
        the setup screen calls this, so a broken file is named before a game starts."""
        lvl = self.level()
        self.build(lvl)
        return lvl

    def deck(self):
        if self._deck is None:
            self._deck = self.build(self.level())
        return self._deck
