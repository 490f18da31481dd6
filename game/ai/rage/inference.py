"""What the other seats' plays say about their hands: sampled worlds weighed by them.

Every card a rival has played this round was chosen from the hand it held then. In
a sampled world that hand is known (the rival's sampled cards plus those it has
played since), so the world can be asked: would a sensible player, holding that,
have played this card here? Worlds in which the rivals' plays make sense are
likelier than worlds in which they look like mistakes. The model of a sensible
player is the normal bot (the judgement of the playout policy); a play it would
not have made keeps a small weight (``SURPRISE``), since people and other bots
play differently and nothing is ruled out.

``PlayHistory(view)`` reads the round's plays once per decision; ``weight(world)``
scores one sampled world. Plays whose trump cannot be read from the records (a
Change Trump earlier in the same trick that was not the trick's last trump
change, or the trick's first trump after a No Trump) are left out.
"""

from __future__ import annotations

from collections import Counter

from game.ai.rage.playout import PlayoutPolicy, _FastView
from game.engine.rage import deck

SURPRISE = 0.15  # the weight of a play the model would not have made
_UNKNOWN = object()  # a trump the records do not show


class _Past:
    """One rival's play and the table as it stood: the trick so far, trump, tricks won,
    the cards each seat still held, and the cards already out of every hand."""

    __slots__ = ("seat", "played", "trick", "trump", "tricks", "counts", "out", "later", "lead")


def _trumps_in_trick(plays, start, end) -> list:
    """The trump in force before each play of a trick (``_UNKNOWN`` where unreadable)."""
    changes = [i for i, (_, name) in enumerate(plays) if name in ("NT", "CT")]
    out = []
    trump = start
    for i, (_, name) in enumerate(plays):
        out.append(trump)
        if name == "NT":
            trump = None
        elif name == "CT":
            trump = end if i == changes[-1] else _UNKNOWN
    return out


class PlayHistory:
    """The rivals' plays of the current round, ready to be checked against worlds."""

    def __init__(self, view, policy: PlayoutPolicy | None = None, limit: int = 16):
        self.d = d = deck()
        self.me = view.seat
        self.players = view.players
        self.policy = policy or PlayoutPolicy(0)
        n = view.cards_this_round
        # per card name: (colour or -1, value, is a Joker); and how many the deck holds
        self.face = {
            name: (d.colour_of[ids[0]], d.value_of[ids[0]], d.kind_of[ids[0]] == "J")
            for name, ids in d.by_name.items()
        }
        shown = Counter(view.set_aside)
        if view.trump_card:
            shown[view.trump_card] += 1
        tricks = [(t["plays"], t["trump"], t["winner"]) for t in view.round_tricks]
        tricks.append((view.trick, view.trump, None))
        self.past: list[_Past] = []
        won = [0] * view.players
        played = [0] * view.players
        out = Counter({name: len(ids) for name, ids in d.by_name.items()})
        out.subtract(shown)  # ``out``: cards not yet seen by anyone, as the play goes on
        by_seat: list[list[str]] = [[] for _ in range(view.players)]
        prev_end = _UNKNOWN
        for plays, end, winner in tricks:
            has_change = any(name in ("NT", "CT") for _, name in plays)
            start = end if not has_change else (prev_end if prev_end is not None else _UNKNOWN)
            trumps = _trumps_in_trick(plays, start, end)
            lead = None
            for k, (seat, name) in enumerate(plays):
                head, _, named = name.partition(":")
                if seat != self.me and trumps[k] is not _UNKNOWN:
                    p = _Past()
                    p.seat, p.played = seat, name
                    p.trick = list(plays[:k])
                    p.trump = trumps[k]
                    p.tricks = won[:]
                    p.counts = [n - c for c in played]
                    p.out = +out  # a copy without the used-up names
                    p.later = len(by_seat[seat])
                    p.lead = lead
                    self.past.append(p)
                by_seat[seat].append(head)
                out[head] -= 1
                played[seat] += 1
                if lead is None:
                    if head == "J":
                        lead = d.colours.index(named) if named else None
                    elif self.face[head][0] >= 0:
                        lead = self.face[head][0]
            if winner is not None:
                won[winner] += 1
            prev_end = end
        self.by_seat = by_seat
        self.past = self.past[-limit:]  # the latest plays say most about the hands now

    def weight(self, world) -> float:
        """How well the rivals' plays fit the hands ``world`` gives them (1: all as the
        model would have played)."""
        w = 1.0
        for p in self.past:
            model = self._would_play(world, p)
            if model != p.played and not (model[:2] == "J:" and p.played[:2] == "J:"):
                w *= SURPRISE  # (which colour a Joker names is left out: near ties)
        return w

    def _would_play(self, world, p: _Past) -> str:
        d = self.d
        names = d.names
        seat = p.seat
        hand = [names[c] for c in world.hands[seat]] + self.by_seat[seat][p.later :]
        v = _FastView()
        v.seat, v.players, v.phase = seat, self.players, "play"
        v.hand = hand
        v.hand_counts = p.counts
        v.predictions = world.predictions
        v.tricks = p.tricks
        v.trump = p.trump
        v.trick = p.trick
        # what the seat could not see then: the cards out of sight but its own hand
        # (counted by colour and value, as the policy reads them)
        unseen = Counter(p.out)
        unseen.subtract(hand)
        by_colour: list[list[int]] = [[] for _ in d.colours]
        jokers = count = 0
        face = self.face
        for name, k in unseen.items():
            if k <= 0:
                continue
            count += k
            col, value, joker = face[name]
            if col >= 0:
                by_colour[col].extend([value] * k)
            elif joker:
                jokers += k
        v.unseen = range(count)
        v.hidden = (by_colour, jokers)
        lead = p.lead
        face_of = self.face
        follow = [h for h in hand if lead is not None and face_of[h][0] == lead]
        actions: list[str] = []
        for name in dict.fromkeys(follow or hand):
            if name == "J":
                actions.extend("J:" + col for col in d.colours)
            else:
                actions.append(name)
        return self.policy.choose(v, actions)
