"""The chance of winning a collect-scoring match from the totals a round leaves.

Under collect scoring the round's winner takes the value of every other hand, and
the first to the target wins the match (the highest total once the rounds run out):
a race to a line, where a round's points are worth what they do for the race. A
haul that takes a rival over the target loses the match however small it is; one
that leaves everyone short matters by how close it brings them. So a hard bot
judges a played-out round by the chance of winning the match from the totals it
leaves, the rounds to come modelled simply: each won by a player chosen at random,
every other player left holding cards worth a value from the spread measured over
normal bots' rounds (a loser's hand: mean 17.9 points, standard deviation 12.7, at
two to seven players and five or seven cards each). Each position (the totals
rounded to 5 points) is judged once, by a few hundred seeded races, and kept, so it
is judged the same way every time.
"""

from __future__ import annotations

import math
import random

from game.engine.core import shared_ranking

LOSER_MEAN = 17.9  # a round loser's hand value, over normal bots' rounds
LOSER_SD = 12.7
RACES = 400  # played-out races a position is judged by
_STEP = 5  # totals are judged to the nearest 5 points
_MEMO: dict = {}
_MEMO_LIMIT = 200_000  # positions kept before the memo starts afresh


def collect_chance(totals: list[int], me: int, rounds_left: int, target: int) -> float:
    """The chance that ``me`` wins the match from these totals: the first to ``target``
    wins, or the highest total once ``rounds_left`` more rounds are played (0: the match
    is over, ranked as the engine ranks it, a tie shared)."""
    if max(totals) >= target or rounds_left <= 0:
        return shared_ranking(totals, higher_wins=True)[me]
    mine = _STEP * round(totals[me] / _STEP)
    rivals = tuple(sorted(_STEP * round(t / _STEP) for s, t in enumerate(totals) if s != me))
    key = (mine, rivals, rounds_left, target)
    chance = _MEMO.get(key)
    if chance is None:
        if len(_MEMO) >= _MEMO_LIMIT:
            _MEMO.clear()
        chance = _MEMO[key] = _race(mine, rivals, rounds_left, target)
    return chance


def _race(mine: int, rivals: tuple, rounds_left: int, target: int) -> float:
    rng = random.Random(hash((mine, rivals, rounds_left, target)))  # ints: the same every run
    n = len(rivals) + 1
    mean = (n - 1) * LOSER_MEAN  # a haul: the other hands together, close to normal
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
