"""Rage hard bot: flat Monte Carlo over sampled worlds.

For every decision it samples worlds consistent with its own view (see
``game.ai.rage.worlds``: hidden hands dealt from the unseen cards, respecting the
voids players have shown), tries each legal action in each world and plays the
round out with the normal policy for every seat. An action is worth the seat's
round points minus the mean of the other seats' round points; the best mean
wins. A prediction comes from the simulated trick distribution: the round is
played out over many sampled deals with the normal bot's estimate announced,
and the count of tricks the seat most often takes is predicted (an exact
prediction is worth 15 points more than a missed one, so the most likely count
scores best). Every decision is bounded by a time budget.
"""

from __future__ import annotations

from game.ai.rage.inference import PlayHistory
from game.ai.rage.normal import NormalBot
from game.ai.rage.playout import PlayoutPolicy, round_margin
from game.ai.rage.worlds import sample_state
from game.ai.search import SearchBot, resampled, search

BUDGET_S = 0.15  # search time per decision
PREDICT_S = 0.25  # a prediction sets the whole round: it gets more of the time
PREDICT_REACH = 2  # the counts tried: the normal bot's estimate and up to 2 either side
POOL = 40  # candidate deals weighed together by the rivals' plays
DRAWS = 12  # deals drawn from each pool (in proportion to their weights) for the search


class HardBot(SearchBot):
    policy_class = NormalBot
    budget_s = BUDGET_S
    predict_s = PREDICT_S

    def __init__(self, seed=None, budget_s=None, max_worlds=400, predict_s=None):
        super().__init__(seed, budget_s, max_worlds)
        self.playout = PlayoutPolicy(self.rng.randrange(1 << 30))
        if predict_s is not None:
            self.predict_s = predict_s

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
            world._predict(int(action.partition(":")[2]))
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
        playout = self.playout
        sample = self._sampler(view)

        def evaluate(world, action):
            world.apply(action)
            return round_margin(world, me, playout)

        # the normal bot's move stands unless the search clearly beats it
        floor = self.policy.choose(view, actions)
        best, _, _ = search(
            actions, sample, evaluate, self.budget_s, max_worlds=self.max_worlds, baseline=floor
        )
        return best

    infer = True  # weigh the sampled deals by what the rivals' plays say (inference.py)

    def _sampler(self, view):
        """Sampled worlds for a card to play: dealt within the shown voids, and once
        rivals have played this round, drawn from pools of candidate deals in
        proportion to how well each deal explains those plays (importance resampling:
        a deal that fits may be drawn more than once)."""
        rng, policy = self.rng, self.policy

        def plain():
            return sample_state(view, rng, policy)

        history = PlayHistory(view, self.playout) if self.infer else None
        if history is None or not history.past:
            return plain
        return resampled(plain, history.weight, rng, POOL, DRAWS)
