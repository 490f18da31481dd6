"""The search core every hard bot shares: flat Monte Carlo over determinizations.

A game supplies three things (``Adapter``): a world sampled from a seat's view
(the hidden cards dealt consistently with what the view shows), a fast playout
policy, and the result of a finished playout for the searching seat.

Each pass samples one world consistent with the seat's view, then tries every
candidate action in that same world (common random numbers: the actions are
compared on identical hidden cards) and plays the rest of the round out with a
fast policy. The action with the best mean score wins. The search stops at a
deadline, so a decision never takes much longer than its time budget; or, with no
budget (``budget_s=None``), after exactly ``max_worlds`` worlds without reading the
clock, so the same position gets the same answer on any machine, however busy.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


def search(
    actions,
    sample_world,
    evaluate,
    budget_s: float | None,
    min_worlds: int = 2,
    max_worlds=400,
    baseline=None,
    z: float = 1.0,
):
    """The best of ``actions`` by mean ``evaluate(world.copy(), action)`` over sampled worlds.

    ``sample_world()`` returns a fresh world; ``evaluate`` plays ``action`` in it and
    returns a number (higher is better). With ``baseline`` (one of ``actions``: the
    quick policy's choice), another action wins only if its advantage over the
    baseline, paired world by world, exceeds ``z`` standard errors: a search too
    short to tell two moves apart keeps the policy's move instead of a coin flip.
    ``budget_s`` None: no deadline, exactly ``max_worlds`` worlds.
    Returns (action, means, worlds sampled).
    """
    if len(actions) == 1:
        return actions[0], [0.0], 0
    deadline = None if budget_s is None else time.perf_counter() + budget_s

    def late() -> bool:
        return deadline is not None and worlds >= min_worlds and time.perf_counter() > deadline

    totals = [0.0] * len(actions)
    base = actions.index(baseline) if baseline in actions else None
    squares = [0.0] * len(actions)  # sums of squared paired differences to the baseline
    # A search on a thread (a hint, or a move when the worker process is gone) hands the
    # interpreter lock over between playouts, so the window's thread never waits a whole
    # search for it. Alone in its process (the worker, the tournaments) it does not: each
    # hand-over is a system call of ~70 us (the timer's slack), a good part of a playout,
    # and with the cores busy it can give the core away.
    hand_over = threading.active_count() > 1
    worlds = 0
    while worlds < max_worlds:
        world = sample_world()
        row = []
        for action in actions:
            row.append(evaluate(world.copy(), action))
            if hand_over:
                time.sleep(0)
            if late():
                break
        if len(row) < len(actions):
            break  # an unfinished pass is dropped so every action has the same worlds
        for i, value in enumerate(row):
            totals[i] += value
            if base is not None:
                squares[i] += (value - row[base]) ** 2
        worlds += 1
        if late():
            break
    means = [t / max(1, worlds) for t in totals]
    best = max(range(len(actions)), key=lambda i: means[i])
    if base is not None and best != base:
        gain = means[best] - means[base]
        n = max(1, worlds)
        variance = max(0.0, squares[best] / n - gain * gain)
        if worlds < 2 or gain <= z * math.sqrt(variance / (n - 1 or 1)):
            best = base
    return actions[best], means, worlds


MAX_PLAYOUT_STEPS = 2000  # every playout ends, even under a policy that loops
# Worlds a decision of an untimed bot (``SearchBot.untimed``) unless told otherwise:
# enough for the search's own code paths (the baseline test needs two), few enough that
# a test table of search bots plays in seconds.
UNTIMED_WORLDS = 6


def margin(points: list, me: int) -> float:
    """A finished round's worth to seat ``me``: its points minus the others' mean."""
    return points[me] - (sum(points) - points[me]) / (len(points) - 1)


def lead(points: list, me: int, totals: list) -> float:
    """A finished round's worth to seat ``me`` in the game (higher totals winning): its
    total after the round minus the best rival's, the totals before it given. Points
    taken from a rival who is not the one to beat are worth nothing here."""
    after = [t + p for t, p in zip(totals, points)]
    return after[me] - max(a for s, a in enumerate(after) if s != me)


def blank_record(world) -> None:
    """A trick game's world sampled from a view starts with no record of its own (no
    past rounds, actions or tricks): the round its playout finishes is the first it
    scores, and ``world.history[-1]`` is that round."""
    world.history, world.over, world.actions = [], False, []
    world.last_trick, world.round_tricks = None, []


@dataclass
class Adapter:
    """What a game gives the search: ``sample(rng)`` → a fresh world, ``policy(world)`` →
    the action of the seat to move, ``done(world)`` → has the playout ended,
    ``result(world)`` → its worth to the searching seat (higher is better). A game whose
    engine can play the rest out by itself gives ``playout(world)`` too, which does
    what applying ``policy`` until ``done`` would do, faster."""

    sample: Callable[[], Any]
    policy: Callable[[Any], Any]
    done: Callable[[Any], bool]
    result: Callable[[Any], float]
    max_steps: int = MAX_PLAYOUT_STEPS
    playout: Callable[[Any], None] | None = None


def playout_search(
    actions,
    game: Adapter,
    budget_s: float | None,
    min_worlds: int = 2,
    max_worlds=400,
    baseline=None,
):
    """``search`` with playouts: each action is applied in a copy of the world, then the
    game's policy plays every seat until ``done``; the mean result decides."""

    def evaluate(world, action):
        world.apply(action)
        if game.playout is not None:
            if not game.done(world):
                game.playout(world)
            return game.result(world)
        for _ in range(game.max_steps):
            if game.done(world):
                break
            world.apply(game.policy(world))
        return game.result(world)

    return search(actions, game.sample, evaluate, budget_s, min_worlds, max_worlds, baseline)


class SearchBot:
    """What every flat-search hard bot keeps: its own random stream, the normal bot
    (the baseline and the playout policy, seeded from that stream), a time budget per
    decision and a cap on sampled worlds. A game's bot names its ``policy_class`` and
    its ``budget_s``. ``untimed(worlds)`` takes the clock away: every decision searches
    exactly that many worlds (tests: the same answer on a loaded machine)."""

    level = "hard"
    policy_class: Any = None
    budget_s: float | None = 0.15

    def __init__(self, seed: int | None = None, budget_s: float | None = None, max_worlds=400):
        self.rng = random.Random(seed)
        self.policy = self.policy_class(self.rng.randrange(1 << 30))
        if budget_s is not None:
            self.budget_s = budget_s
        self.max_worlds = max_worlds

    def hurry(self, seconds: float | None, worlds: int = 2) -> None:
        """Think at most about ``seconds`` a decision over at most ``worlds`` worlds (the
        bot soak plays thousands of decisions; a bot with more than one clock sets each).
        ``seconds`` None: no clock, exactly ``worlds`` worlds."""
        self.budget_s = seconds
        self.max_worlds = worlds

    def untimed(self, worlds: int = UNTIMED_WORLDS):
        """This bot, searching exactly ``worlds`` worlds a decision and never reading the
        clock: its answers depend on the position and its seed alone."""
        self.hurry(None, worlds)
        return self
