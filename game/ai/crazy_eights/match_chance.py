"""The chance of winning the match from the totals a round leaves.

A hard bot that values a played-out round by its points plays for the round; the
match is what it wants to win. This turns the totals after the round into the
chance of winning the match from there, with the rounds still to come modelled
simply: each is won by a player chosen at random, and every other player is left
holding cards worth a value from the spread measured over normal bots' rounds
(a loser's hand: mean 17.9 points, standard deviation 12.7, at two to seven
players and five or seven cards each).

- Penalty scoring: each loser adds their hand's value; after the last round the
  lowest total wins. The rounds to come add to each total a sum that is close to
  normal, so the chance is one integral over the seat's own final total.
- Collect scoring: the winner collects the losers' values; the first to the target
  wins (the highest total once the rounds run out). A race to a line is played out
  a few hundred times, once per distinct position (the totals rounded to 5 points),
  and kept.

When the round just played ends the match, the chance is the seat's share of the
win, as the engine ranks it.
"""

from __future__ import annotations

import math
import random
from statistics import NormalDist

from game.engine.core import shared_ranking

LOSER_MEAN = 17.9  # a round loser's hand value, over normal bots' rounds
LOSER_SD = 12.7
RACES = 400  # played-out races a collect position is judged by
_STEP = 5  # collect totals are judged to the nearest 5 points

# the standard normal cut into 32 slices of equal chance, each stood for by its median:
# E[f(Z)] ~ the mean of f over these
_NODES = tuple(NormalDist().inv_cdf((k + 0.5) / 32) for k in range(32))


def _above(x: float) -> float:
    """P(Z > x) for a standard normal Z."""
    return 0.5 * math.erfc(x / math.sqrt(2))


def penalty_chance(totals: list[int], me: int, rounds_left: int) -> float:
    """The chance that ``me`` ends with the lowest total (a tie shared) after
    ``rounds_left`` more rounds of penalty scoring."""
    if rounds_left <= 0:
        return shared_ranking(totals, higher_wins=False)[me]
    n = len(totals)
    lose = 1 - 1 / n  # a round adds a hand's value to everyone but its winner
    mean = lose * LOSER_MEAN
    var = lose * (LOSER_SD**2 + LOSER_MEAN**2) - mean * mean
    spread = math.sqrt(rounds_left * var)
    gaps = [(t - totals[me]) / spread for s, t in enumerate(totals) if s != me]
    # each rival's final total minus the seat's own: both normal, same spread
    chance = 0.0
    for z in _NODES:
        p = 1.0
        for g in gaps:
            p *= _above(z - g)
        chance += p
    return chance / len(_NODES)


_RACE_MEMO: dict = {}


def collect_chance(totals: list[int], me: int, rounds_left: int, target: int) -> float:
    """The chance that ``me`` wins a collect match from these totals: the first to
    ``target`` wins, or the highest total once ``rounds_left`` more rounds are played."""
    if max(totals) >= target or rounds_left <= 0:
        return shared_ranking(totals, higher_wins=True)[me]
    mine = _STEP * round(totals[me] / _STEP)
    rivals = tuple(sorted(_STEP * round(t / _STEP) for s, t in enumerate(totals) if s != me))
    key = (mine, rivals, rounds_left, target)
    chance = _RACE_MEMO.get(key)
    if chance is None:
        chance = _RACE_MEMO[key] = _race(mine, rivals, rounds_left, target)
        if len(_RACE_MEMO) > 200_000:  # a long session: start afresh
            _RACE_MEMO.clear()
    return chance


def _race(mine: int, rivals: tuple, rounds_left: int, target: int) -> float:
    rng = random.Random(hash((mine, rivals, rounds_left, target)))
    n = len(rivals) + 1
    mean = (n - 1) * LOSER_MEAN
    sd = math.sqrt(n - 1) * LOSER_SD
    won = 0.0
    for _ in range(RACES):
        totals = [mine, *rivals]
        for _ in range(rounds_left):
            s = int(rng.random() * n)
            totals[s] += max(0.0, rng.gauss(mean, sd))
            if totals[s] >= target:
                break
        won += shared_ranking(totals, higher_wins=True)[0]
    return won / RACES


def match_chance(
    totals: list[int], me: int, rounds_left: int, *, collect: bool, target: int
) -> float:
    """The chance that ``me`` wins the match from ``totals`` with ``rounds_left`` rounds
    still to play (0: the match is over and ranked as the engine ranks it)."""
    if collect:
        return collect_chance(totals, me, rounds_left, target)
    return penalty_chance(totals, me, rounds_left)
