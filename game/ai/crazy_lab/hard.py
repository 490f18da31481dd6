"""Crazy Lab hard bot: flat Monte Carlo over sampled worlds.

For each card to play it samples worlds consistent with its own view (see
``game.ai.crazy_lab.worlds``: rivals' hands, plus colours and the trump pile
guessed), plays each legal card in each world and plays the round out with the
normal policy for every seat. The secret choices (the plus colour, then the two
trump cards) are tried the same way over whole rounds. A played-out round is worth
the seat's lead over the best rival once its points are added to the totals so far
(``search.lead``): a point taken from a rival who is not the one to beat does not
count. The normal bot's choice stands unless another is clearly better. Every
decision is bounded by a time budget (or, untimed, by a number of worlds).
"""

from __future__ import annotations

import random
from bisect import bisect_right

from game.ai.crazy_lab.fast_policy import Unplayed, choose_card
from game.ai.crazy_lab.normal import NormalBot
from game.ai.crazy_lab.worlds import sample_round, sample_state
from game.ai.search import MAX_PLAYOUT_STEPS, SearchBot, lead, search
from game.engine.crazy_lab import deck, winner_index

BUDGET_S = 0.15  # search time per card played
SECRET_SHARE = 5 / 3  # a secret choice (two a round) decides the whole round: 0.25 s


_ALWAYS = 1 << 30  # an unseen card showing the trump colour beats any card without it


def playout_card(world, seat: int, noise: random.Random) -> int:
    """The card the normal policy plays for ``seat`` in a sampled world, computed on ints.

    The same judgement as ``NormalBot._play`` (chance to take the trick against what
    the trick is worth; shed minus-heavy cards into lost tricks) without notation. The
    playouts use ``fast_policy.choose_card``, the same choice from running counts; this
    is the plain reading the tests hold it to.
    """
    values = world.d.values
    plus, minus, trump = world.plus[seat], world.minus[seat], world.trump
    trick = [values[c] for _, c in world.trick]
    after = world.players - len(trick) - 1
    unseen = [values[c] for c in world.unused]
    others_cards = 0
    for p, hand in enumerate(world.hands):
        if p != seat:
            others_cards += len(hand)
            unseen.extend(values[c] for c in hand)
    n_unseen = max(1, len(unseen))
    frac = min(1.0, others_cards / n_unseen) * after / max(1, world.players - 1)
    current = sum(v[plus] - v[minus] for v in trick)
    later = after * sum(v[plus] - v[minus] for v in unseen) / n_unseen
    trump_in_trick = any(t[trump] for t in trick)
    # how many unseen cards beat a value: sorted once, then counted by bisection
    trump_values = sorted(u[trump] for u in unseen)
    top_values = sorted(_ALWAYS if u[trump] else max(u) for u in unseen)
    best, best_score = -1, -1e9
    for card in world.hands[seat]:
        v = values[card]
        net = v[plus] - v[minus]
        if winner_index([*trick, v], trump) != len(trick):
            p_win = 0.0
        elif after == 0:
            p_win = 1.0
        else:
            if v[trump]:
                beaters = len(trump_values) - bisect_right(trump_values, v[trump])
            elif trump_in_trick:
                beaters = -1
            else:
                beaters = len(top_values) - bisect_right(top_values, max(v))
            p_win = 0.0 if beaters < 0 else (1 - frac * 0.5) ** beaters if beaters else 1.0
        score = p_win * (current + net + later)
        score += (1 - p_win) * (-0.35 * max(0, net) + 0.5 * max(0, -net))
        score -= 0.05 * max(v) * (1 - p_win)
        score += noise.random() * 0.01
        if score > best_score:
            best, best_score = card, score
    return best


def round_lead(world, me: int, totals: list, noise: random.Random) -> float:
    """The round played out by the playout policy for every seat; its worth to ``me``
    in the game whose totals before the round are ``totals``."""
    unplayed = Unplayed(world)
    for _ in range(MAX_PLAYOUT_STEPS):
        if world.history:
            break
        card = choose_card(world, world.current, noise, unplayed)
        world.play_card(card, quiet=True)
        unplayed.played(card)
    return lead(world.history[-1]["points"], me, totals)


class HardBot(SearchBot):
    policy_class = NormalBot
    budget_s = BUDGET_S
    secret_share = SECRET_SHARE

    def hurry(self, seconds: float | None, worlds: int = 2) -> None:
        super().hurry(seconds, worlds)
        self.secret_share = 1.0  # the secret choices held to the same short clock

    def choose(self, view, actions):
        actions = list(actions)
        if len(actions) == 1:
            return actions[0]
        if view.phase == "choose":
            return self._secret(view, actions)
        me, totals = view.seat, list(view.totals)
        policy = self.policy

        def sample():
            return sample_state(view, self.rng, policy)

        def evaluate(world, action):
            world.apply(action)
            return round_lead(world, me, totals, self.rng)

        floor = policy.choose(view, actions)  # stands unless the search clearly beats it
        best, _, _ = search(
            actions, sample, evaluate, self.budget_s, max_worlds=self.max_worlds, baseline=floor
        )
        return best

    def _secret(self, view, actions):
        """The plus colour, then the two trump cards: each option is tried on the same
        sampled deals (the other seats' hands and secrets guessed, the trump pile
        shuffled) and the whole round played out; the policy's pick stands unless
        another is clearly better."""
        me, policy, totals = view.seat, self.policy, list(view.totals)
        d = deck()
        picking_plus = view.plus is None

        def evaluate(deal, action):
            colours = [d.colours.index(c) for c in action.partition(":")[2].split(",")]
            if picking_plus:
                world = sample_round(view, random.Random(deal.seed), policy, colours[0])
            else:
                plus = d.colours.index(view.plus)
                world = sample_round(view, random.Random(deal.seed), policy, plus, colours)
            return round_lead(world, me, totals, random.Random(deal.seed + 1))

        floor = policy.choose(view, actions)
        best, _, _ = search(
            actions,
            lambda: _Deal(self.rng.getrandbits(40)),
            evaluate,
            None if self.budget_s is None else self.budget_s * self.secret_share,
            max_worlds=self.max_worlds,
            baseline=floor,
        )
        return best


class _Deal:
    """One sampled deal for the secret choices: the seed every option is tried with."""

    def __init__(self, seed: int):
        self.seed = seed

    def copy(self):
        return self
