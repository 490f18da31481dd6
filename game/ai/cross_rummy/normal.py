"""Cross Rummy bots.

random: uniform over the legal actions plus, when the engine's generator finds one,
a simple lay (an opening line, a new line, or one extension or crossing).

normal: plans the whole turn with the tile solver (openings, extensions at both
ends, crossings, rearrangement of table tiles; most tile points first) and lays
whenever it can. Otherwise it takes a market tile that would complete a line or
extend the table, keeps Draw Three for an opponent about to go out (or for when the
bag runs low) and Swap for a short rack or a leader to disrupt, and draws. In a Swap
it passes the tiles that fit its rack and the table least.
"""

from __future__ import annotations

import random
from collections import Counter

from game.ai.base import RandomBot
from game.ai.cross_rummy.tile_solver import UNTIMED_STEPS, Steps, plan_lay, rack_faces
from game.engine.cross_rummy import lay as laymod
from game.engine.cross_rummy import search
from game.engine.cross_rummy.tiles import DRAW3, FACE_LABELS, NUMBERS, SWAP, parse_face


def simple_lay(view) -> str | None:
    """One lay the engine's generator finds for ``view``'s seat (no rearranging)."""
    cells = {c: parse_face(t) for c, t in view.table.items()}
    placed = search.find_lay(
        cells,
        rack_faces(view.rack),
        opened=view.opened[view.seat],
        new_group_ok=search.new_group_allowed(
            view.opened, view.seat, view.groups, view.group_limit
        ),
    )
    if not placed:
        return None
    cells.update(placed)
    return laymod.encode_lay({c: FACE_LABELS[f] for c, f in cells.items()})


class CrossRandomBot(RandomBot):
    def choose(self, view, actions):
        options = list(actions)
        if view.phase == "turn" and not any(a.startswith("lay:") for a in options):
            lay = simple_lay(view)
            if lay:
                options.append(lay)
        return self.rng.choice(options)


def usefulness(face: int, hand: Counter, table: dict, opened: bool) -> float:
    """How much a tile helps this rack: partners for sets and runs, and fits on the table."""
    n, c = face % NUMBERS, face // NUMBERS
    same_number = sum(1 for k in range(4) if k != c and hand.get(k * NUMBERS + n))
    near = [
        hand.get(c * NUMBERS + m, 0) > 0 if 0 <= m < NUMBERS else False
        for m in (n - 2, n - 1, n + 1, n + 2)
    ]
    run = 0.0
    if (near[1] and near[2]) or (near[0] and near[1]) or (near[2] and near[3]):
        run = 3
    elif near[1] or near[2]:
        run = 1
    score = max(run, 3 if same_number >= 2 else same_number)
    if opened and table:
        single = Counter({face: 1})
        for placed in search.table_moves(table, single):
            if len(placed) == 1 and search.placement_ok(table, placed):
                score = max(score, 3)
                break
    return score


def tiles_to_pass(view, actions) -> str:
    """In a Swap, the two tiles that fit least (never an event tile if it can be helped)."""
    hand = Counter(rack_faces(view.rack))
    table = {c: parse_face(t) for c, t in view.table.items()}
    opened = view.opened[view.seat]

    def cost(name: str) -> float:
        if name in (SWAP, DRAW3):
            return 100.0
        f = parse_face(name)
        rest = hand.copy()
        rest[f] -= 1
        return usefulness(f, rest, table, opened) * 10 - (f % NUMBERS)

    def total(action: str) -> float:
        names = [n for n in action[5:].split(",") if n]
        return sum(cost(n) for n in names)

    return min(actions, key=lambda a: (total(a), a))


class NormalBot:
    level = "normal"

    def __init__(self, seed: int | None = None, budget_s: float = 0.15):
        self.rng = random.Random(seed)
        self.budget_s = budget_s
        self.steps: int | None = None  # untimed: each planning run's steps, no clock

    def hurry(self, seconds: float | None, worlds: int = 2) -> None:
        """Plan at most about ``seconds`` a decision (``worlds``: unused, no worlds here);
        ``seconds`` None: no clock, ``untimed`` at its usual steps."""
        if seconds is None:
            self.untimed()
            return
        self.budget_s = seconds
        self.steps = None

    def untimed(self, steps: int = UNTIMED_STEPS):
        """This bot, planning ``steps`` steps a run (``tile_solver.Steps``) and never
        reading the clock: its lays depend on the position alone."""
        self.steps = steps
        return self

    def budget(self, share: float = 1.0) -> float | Steps:
        """A planning run's budget: ``share`` of its time, or (untimed) its steps."""
        return Steps(self.steps) if self.steps is not None else self.budget_s * share

    def choose(self, view, actions):
        if view.phase == "swap":
            return self._give(view, actions)
        seat = view.seat
        rack = view.rack
        opponents = [s for s in range(view.players) if s != seat]
        danger = min(opponents, key=lambda s: (view.rack_counts[s], view.totals[s]))
        d3 = f"play:{DRAW3}:{danger}"
        if d3 in actions and view.rack_counts[danger] <= 2:
            return d3
        planned = self.plan(view)
        if planned:
            return planned[0]
        forced = [a for a in actions if a.startswith("lay:")]
        if forced:
            return forced[0]
        numbers = rack_faces(rack)
        if not numbers:  # only event tiles left: playing one may empty the rack
            if d3 in actions:
                return d3
            if f"play:{SWAP}" in actions:
                return f"play:{SWAP}"
        if d3 in actions and (view.rack_counts[danger] <= 5 or view.bag_count < 6):
            return d3
        if f"play:{SWAP}" in actions and (
            len(rack) <= 4 or view.rack_counts[danger] <= 3 or view.bag_count == 0
        ):
            return f"play:{SWAP}"
        hand = Counter(numbers)
        table = {c: parse_face(t) for c, t in view.table.items()}
        opened = view.opened[seat]
        takes = [a for a in actions if a.startswith("take:")]
        scored = []
        for a in takes:
            name = a[5:]
            if name == DRAW3:
                scored.append((2.5, 0, a))
            elif name == SWAP:
                scored.append((0.5, 0, a))
            else:
                f = parse_face(name)
                scored.append((usefulness(f, hand, table, opened), -(f % NUMBERS), a))
        scored.sort(reverse=True)
        if scored and scored[0][0] >= 2.5:
            return scored[0][2]
        if "draw" in actions:
            return "draw"
        if scored:
            return scored[0][2]
        for a in actions:
            if a.startswith("play:"):
                return d3 if d3 in actions else a
        return actions[0]

    def plan(self, view):
        """The lay to make this turn, as (action, plan), or None."""
        return plan_lay(view, self.budget())

    def _give(self, view, actions):
        return tiles_to_pass(view, actions)
