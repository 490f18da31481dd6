"""What the other seats' plays say about their hands and plus colours: sampled worlds
weighed by them.

Every card a rival has played this round was chosen from the hand it held then,
for the plus colour it had picked. A sampled world gives both (the rival's sampled
cards plus those it has played since, and its guessed plus colour), so the world
can be asked: would a sensible player, holding that, have played this card here?
Worlds in which the rivals' plays make sense are likelier than worlds in which they
look like mistakes. The model of a sensible player is the normal bot; a play it
would not have made keeps a small weight (``SURPRISE``), since people and other
bots play differently and nothing is ruled out.
"""

from __future__ import annotations

from types import SimpleNamespace

from game.ai.crazy_lab.normal import NormalBot
from game.engine.crazy_lab import deck

SURPRISE = 0.15  # the weight of a play the model would not have made


class PlayHistory:
    """The rivals' plays of the current round, ready to be checked against worlds."""

    def __init__(self, view, policy: NormalBot | None = None, limit: int = 16):
        self.d = deck()
        self.me = view.seat
        self.players = view.players
        self.minus = view.minus
        self.policy = policy or NormalBot(0)
        tricks = [(t["plays"], t["trump"]) for t in view.round_tricks]
        tricks.append((view.trick, view.trump))
        mine = sum(1 for plays, _ in tricks for seat, _ in plays if seat == view.seat)
        n = len(view.hand) + mine  # the cards each seat was dealt this round
        self.past: list[tuple] = []
        played = [0] * view.players
        seen: list[str] = []  # trick cards played so far this round, in order
        by_seat: list[list[str]] = [[] for _ in range(view.players)]
        for plays, trump in tricks:
            for k, (seat, name) in enumerate(plays):
                if seat != self.me:
                    counts = [n - c for c in played]
                    self.past.append(
                        (seat, name, list(plays[:k]), trump, counts, len(seen), len(by_seat[seat]))
                    )
                by_seat[seat].append(name)
                seen.append(name)
                played[seat] += 1
        self.by_seat = by_seat
        self.seen = seen
        self.all_names = set(view.unseen) | set(view.hand) | set(seen)
        self.past = self.past[-limit:]  # the latest plays say most about the hands now

    def weight(self, world) -> float:
        """How well the rivals' plays fit the hands and plus colours ``world`` gives them."""
        w = 1.0
        for past in self.past:
            if self._would_play(world, past) != past[1]:
                w *= SURPRISE
        return w

    def _would_play(self, world, past) -> str:
        d = self.d
        seat, _, trick, trump, counts, seen_before, later = past
        hand = [d.names[c] for c in world.hands[seat]] + self.by_seat[seat][later:]
        out = set(hand) | set(self.seen[:seen_before])
        view = SimpleNamespace(
            seat=seat,
            players=self.players,
            plus=d.colours[world.plus[seat]],
            minus=self.minus,
            trump=trump,
            trick=trick,
            hand_counts=counts,
            unseen=[c for c in self.all_names if c not in out],
        )
        return self.policy._play(view, sorted(hand, key=d.parse))
