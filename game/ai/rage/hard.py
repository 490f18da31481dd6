"""Rage hard bot: flat Monte Carlo over sampled worlds.

For every decision it samples worlds consistent with its own view (see
``game.ai.rage.worlds``: hidden hands dealt from the unseen cards, respecting the
voids players have shown), tries each legal action in each world and plays the
round out with the normal policy for every seat. An action is worth the seat's
round points minus the mean of the other seats' round points; the normal move
stands unless another beats it by more than one paired standard error. A
prediction is searched the same way: each count within two of the normal bot's
estimate is announced in the same sampled deals and the round played out (every
seat, this one too, playing to its count), and the count with the best mean wins
over the estimate only when clearly better. Every decision is bounded by a time
budget.
"""

from __future__ import annotations

from game.ai.rage.fast_policy import add_by_colour, choose_card
from game.ai.rage.normal import NormalBot
from game.ai.rage.worlds import sample_state
from game.ai.search import MAX_PLAYOUT_STEPS, SearchBot, margin, search

BUDGET_S = 0.15  # search time per decision
PREDICT_S = 0.25  # a prediction sets the whole round: it gets more of the time
PREDICT_REACH = 2  # the counts tried: the normal bot's estimate and up to 2 either side


class _FastView:
    """The few View fields the normal policy reads, built straight from a sampled world."""

    __slots__ = (
        "hand",
        "hand_counts",
        "hidden",
        "phase",
        "players",
        "predictions",
        "seat",
        "trick",
        "tricks",
        "trump",
        "unseen",
    )
    seat: int
    players: int
    phase: str
    hand: list[str]
    hand_counts: list[int]
    predictions: list[int | None]
    tricks: list[int]
    trump: str | None
    trick: list
    unseen: range
    hidden: tuple[list[list[int]], int]


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
    v.trick = world.trick_notation()
    by_colour: list[list[int]] = [[] for _ in d.colours]
    jokers = add_by_colour(world.deck, d, by_colour)
    count = len(world.deck)
    for p, hand in enumerate(world.hands):
        if p != seat:
            count += len(hand)
            jokers += add_by_colour(hand, d, by_colour)
    v.unseen = range(count)  # only its length is read
    v.hidden = (by_colour, jokers)
    return v


def round_margin(world, me: int, playout) -> float:
    """The round played out by ``playout`` for every seat; its worth to ``me``. The
    predictions still to make go through ``apply``; the tricks are played by the engine
    in one call, each card chosen as ``playout`` would (``choose_card``)."""

    memo: dict = {}

    def choose(w, playable):
        return choose_card(w, playable, playout, memo)

    for _ in range(MAX_PLAYOUT_STEPS):
        if world.history:
            break
        if world.phase == "play":
            world.play_round_out(choose)
            break
        world.apply(playout.choose(fast_view(world, world.current), world.legal_actions()))
    return margin(world.history[-1]["points"], me)


class HardBot(SearchBot):
    policy_class = NormalBot
    budget_s = BUDGET_S
    predict_s: float | None = PREDICT_S

    def __init__(self, seed=None, budget_s=None, max_worlds=400, predict_s=None):
        super().__init__(seed, budget_s, max_worlds)
        self.playout = PlayoutPolicy(self.rng.randrange(1 << 30))
        if predict_s is not None:
            self.predict_s = predict_s

    def hurry(self, seconds: float | None, worlds: int = 2) -> None:
        super().hurry(seconds, worlds)
        self.predict_s = seconds

    def predict(self, view, actions):
        """The prediction worth most over sampled deals: each count near the normal bot's
        estimate is announced in the same worlds and the round played out (every seat,
        this one too, playing to its announced count), and the count with the best mean
        score against the others wins; the estimate stands unless another is clearly
        better."""
        floor = self.policy.predict(view, actions)
        base = int(floor.partition(":")[2])
        near = [a for a in actions if abs(int(a.partition(":")[2]) - base) <= PREDICT_REACH]
        if len(near) == 1:
            return near[0]
        me, playout = view.seat, self.playout

        def evaluate(world, action):
            # the engine has judged the real count legal (a world's guessed hidden
            # predictions may forbid another sum under plus/minus one)
            world.announce_prediction(int(action.partition(":")[2]))
            return round_margin(world, me, playout)

        best, _, _ = search(
            near,
            lambda: sample_state(view, self.rng, self.policy),
            evaluate,
            self.predict_s,
            max_worlds=self.max_worlds,
            baseline=floor if floor in near else None,
        )
        return best

    def choose(self, view, actions):
        actions = list(actions)
        if len(actions) == 1:
            return actions[0]
        if view.phase == "predict":
            return self.predict(view, actions)
        me = view.seat
        policy, playout = self.policy, self.playout

        def sample():
            return sample_state(view, self.rng, policy)

        def evaluate(world, action):
            world.apply(action)
            return round_margin(world, me, playout)

        # the normal bot's move stands unless the search clearly beats it
        floor = self.policy.choose(view, actions)
        best, _, _ = search(
            actions, sample, evaluate, self.budget_s, max_worlds=self.max_worlds, baseline=floor
        )
        return best
