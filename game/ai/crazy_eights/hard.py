"""Crazy Eights hard bot: flat Monte Carlo over worlds sampled from what the table showed.

Every decision with a real choice samples worlds from its view (``worlds``: the
hidden hands avoid what each player's draws and passes proved they lacked), tries
each legal action in the same worlds, and plays the round out with the normal
policy for every seat (``policy`` below, on the engine's ints). Under penalty scoring
an action is worth the mean of the other seats' round points minus its own, so an
eight is spent when it wins the round, kept when it is worth more later, and the
suit it names is the one that plays out best. Under collect scoring, a race to the
target, it is worth the chance of winning the match from the totals each played-out
round leaves (``match_chance``): a rival about to cross the target is stopped first.
The normal bot's move stands unless the search shows another is better by more
than its own noise (one standard error, paired world by world).
"""

from __future__ import annotations

from game.ai.crazy_eights.match_chance import collect_chance
from game.ai.crazy_eights.normal import NormalBot
from game.ai.crazy_eights.worlds import sample_state, slot_constraints
from game.ai.search import Adapter, SearchBot, playout_search
from game.engine.cards import NAMES
from game.engine.crazy_eights.notation import (
    CARD_POINTS,
    DRAW_LIMIT,
    EIGHT,
    EIGHT_ACTIONS,
    PLAYABLE,
)

BUDGET_S = 0.25  # search time per decision
# Worlds a decision at most: the clock ends a search long before on today's machines
# (~1,300 worlds in 250 ms on one core), and more worlds keep paying here: scored with
# the true hands known (docs/opponents.md), 1,500 worlds a decision choose better than 400 did.
MAX_WORLDS = 5000


def policy(world) -> str:
    """The normal bot's move on a world's ints, in the notation (``choose_card`` decides
    among the cards that fit; with none, it draws while it may, else passes)."""
    top = world.discard[-1]
    suit = top // 13 if world.named_suit is None else world.named_suit
    ok = PLAYABLE[suit * 13 + top % 13]
    playable = [c for c in world.hands[world.current] if ok[c]]
    if not playable:
        return "draw" if world.stock and world.drawn < DRAW_LIMIT else "pass"
    card, named = choose_card(world, playable)
    if named is None or len(world.hands[world.current]) == 1:
        return NAMES[card]  # a last eight names no suit: the engine lists it so
    return EIGHT_ACTIONS[card][named]


def choose_card(world, playable: list) -> tuple:
    """The normal bot's play among the cards that fit, as ``(card, named suit or None)``:
    shed points in the suit held most, keep eights for when nothing else fits (or an
    opponent is about to go out), and name the suit the rest of the hand is strongest
    in. ``State.play_round_out`` plays whole rounds with it."""
    seat = world.current
    hand = world.hands[seat]
    plain = [c for c in playable if c % 13 != EIGHT]
    if plain and (
        len(plain) == len(playable)
        or min(len(h) for s, h in enumerate(world.hands) if s != seat) > 1
    ):
        if len(plain) == 1:
            return plain[0], None
        counts = [0, 0, 0, 0]
        for c in hand:
            if c % 13 != EIGHT:
                counts[c // 13] += 1
        best, value = -1, -1.0
        for c in plain:
            v = CARD_POINTS[c % 13] + 3 * counts[c // 13] + c * 1e-4
            if v > value:
                best, value = c, v
        return best, None
    # the lowest eight, as the legal actions list it first; the suit weighed as the
    # normal bot weighs it, a tie going to the suit first met in the hand
    eight = min(c for c in playable if c % 13 == EIGHT)
    weight = [0, 0, 0, 0]
    met = []
    for c in hand:
        if c % 13 != EIGHT:
            weight[c // 13] += 10 + CARD_POINTS[c % 13]
            if c // 13 not in met:
                met.append(c // 13)
    if met:
        named = max(met, key=lambda s: weight[s])
    else:  # nothing but eights: the suit most seen on the discard pile
        seen = [0, 0, 0, 0]
        for c in world.discard:
            seen[c // 13] += 1
        named = max(range(4), key=lambda s: seen[s])
    return eight, named


class HardBot(SearchBot):
    policy_class = NormalBot
    budget_s = BUDGET_S

    def __init__(self, seed=None, budget_s=None, max_worlds=MAX_WORLDS):
        super().__init__(seed, budget_s, max_worlds)

    def choose(self, view, actions):
        actions = list(actions)
        if len(actions) == 1:
            return actions[0]
        me = view.seat
        slots = slot_constraints(view)
        collect = view.scoring == "collect"
        rounds_left = view.rounds - view.round
        before = list(view.totals)

        def result(world) -> float:
            points = world.history[-1]["points"]
            if collect:
                totals = [t + p for t, p in zip(before, points)]
                return collect_chance(totals, me, rounds_left, view.target)
            return (sum(points) - points[me]) / (len(points) - 1) - points[me]

        game = Adapter(
            sample=lambda: sample_state(view, self.rng, slots),
            policy=policy,
            done=lambda world: world.over,  # the world's match ends with this round
            result=result,
            playout=lambda world: world.play_round_out(choose_card),
        )
        floor = self.policy.choose(view, actions)
        best, _, _ = playout_search(
            actions, game, self.budget_s, max_worlds=self.max_worlds, baseline=floor
        )
        return best
