"""Cross Rummy hard bot: the normal bot's turn with a wider lay search.

The normal planner grows the table greedily, one best move at a time. The wide
planner here

- also tries every single rack tile on every empty cell beside the table (anchors,
  as in Scrabble), which finds the tile that fills the gap between two table tiles
  and joins them into a new line (``G10 . B10`` + R10) — moves no line-based
  generator makes;
- also makes table edits of two tiles (``edits``): two tiles freed from different
  lines laid again with rack tiles in a new line, an extension or a crossing;
- at the group limit with a set or run on its rack, moves a small group whole onto
  another (shifted, or a lone line turned: through a tile, on a line's end, across
  one) or takes it apart onto the lines of the rest, which frees the slot its own
  line needs;
- searches a beam: the best few first moves are each followed greedily, and the
  best whole plan wins;
- keeps the normal planner's plan as its floor: it never lays less than normal;
- searches the lays that move no table tile deeper (``placing``): moves finished
  by the tile their crossing pair needs, and a beam for every number of tiles laid;
- when neither planner lays anything, asks the engine's own lay generator (one
  table tile lifted and laid again included), so it never draws, takes or passes
  while the engine knows a lay.

When it cannot lay, it looks one turn ahead over the market: each tile it could
take is added to its rack and the planner asked what it could lay next turn with
it; the take that opens the most (tiles, then points) wins over the normal bot's
take or draw. The events and the Swap are decided as the normal bot decides them.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable
from itertools import chain
from types import SimpleNamespace

from game.ai.cross_rummy.edits import double_lifts, group_moves
from game.ai.cross_rummy.normal import NormalBot
from game.ai.cross_rummy.placing import DeepPlanner, singles
from game.ai.cross_rummy.tile_solver import (
    Budget,
    Plan,
    Planner,
    Steps,
    plan_lay,
    rack_faces,
    tiles_value,
    validate_for_view,
)
from game.engine.cross_rummy import lay as laymod
from game.engine.cross_rummy import rearrange, search
from game.engine.cross_rummy.tiles import DRAW3, FACE_LABELS, SWAP, parse_face

BUDGET_S = 0.25  # planning time per decision
BEAM = 6  # first moves followed to a whole plan
LOOKAHEAD_S = 0.025  # planning time for each market tile it might take
LOOKAHEAD_SHARE = 10  # untimed, a market tile's plan gets a tenth of the steps, as on the clock


class WidePlanner(Planner):
    def _moves(self, cells: dict, hand: Counter, frozen: set, cap: int):
        yield from super()._moves(cells, hand, frozen, cap)
        for placed in singles(cells, sorted(f for f, k in hand.items() if k > 0)):
            if not placed.keys() & frozen:
                yield placed, Counter(placed.values()), None
        if self.rearrange:
            yield from double_lifts(cells, hand, frozen, cap, self.out_of_time)

    def plan(self) -> Plan | None:
        if not self.opened:
            return super().plan()
        cap = self.max_groups(False)
        first: list[tuple] = []
        for placed, used, base in self._moves(dict(self.start), self.hand.copy(), set(), cap):
            v = tiles_value(used.elements()) - (0.5 if base is not None else 0)
            first.append((v, len(first), placed, used, base))
            if self.out_of_time():
                break
        own_lines = search.rack_lines(self.hand)
        if own_lines and self.groups_before >= cap and not self.out_of_time():
            # at the group limit with a line on the rack: moving a small group onto
            # another frees the slot, worth the best line it lets it lay
            worth = max(tiles_value(line) for line in own_lines) - 0.5
            for placed, rest in group_moves(self.start):
                first.append((worth, len(first), placed, Counter(), rest))
                if self.out_of_time():
                    break
        first.sort(key=lambda m: (-m[0], m[1]))
        best = None
        for _, _, placed, used, base in first[:BEAM]:
            cells = dict(self.start if base is None else base)
            cells.update(placed)
            cells, more = self._greedy(cells, self.hand - used, set(), cap)
            total = used + more
            plan = Plan(cells, total, tiles_value(total.elements()))
            if best is None or (plan.count, plan.value) > (best.count, best.value):
                best = plan
            if self.out_of_time():
                break
        return best


def engine_lay(view, budget: float | Steps) -> tuple[str, Plan] | None:
    """A lay the engine's generator finds for ``view``'s seat, checked as the engine checks
    it; the candidates are tried for ``budget`` (seconds, or ``Steps``: one a candidate)."""
    clock = Budget(budget)
    seat = view.seat
    cells = {c: parse_face(t) for c, t in view.table.items()}
    hand = rack_faces(view.rack)
    new_group_ok = search.new_group_allowed(view.opened, seat, view.groups, view.group_limit)
    placed = search.find_lay(cells, hand, opened=view.opened[seat], new_group_ok=new_group_ok)
    candidates: Iterable[dict] = [{**cells, **placed}] if placed else []
    if view.opened[seat]:
        candidates = chain(
            candidates, rearrange.rearranged_layouts(cells, hand, new_group_ok=new_group_ok)
        )
    before = Counter(cells.values())
    for after in candidates:
        layout = {c: FACE_LABELS[f] for c, f in after.items()}
        if not validate_for_view(view, layout)[0]:
            used = Counter(after.values()) - before
            return laymod.encode_lay(layout), Plan(after, used, tiles_value(used.elements()))
        if clock.spent():
            break
    return None


class HardBot(NormalBot):
    level = "hard"

    def __init__(self, seed: int | None = None, budget_s: float = BUDGET_S):
        super().__init__(seed, budget_s)
        self.lookahead_s = LOOKAHEAD_S

    def hurry(self, seconds: float | None, worlds: int = 2) -> None:
        super().hurry(seconds, worlds)
        if seconds is not None:
            self.lookahead_s = min(LOOKAHEAD_S, seconds)

    def plan(self, view):
        if self.steps is not None:  # untimed: each planner its own steps, no clock
            return self._best(
                plan_lay(view, Steps(self.steps), rearrange=False, planner_class=DeepPlanner),
                plan_lay(view, Steps(self.steps)),
                plan_lay(view, Steps(self.steps), planner_class=WidePlanner),
                lambda: engine_lay(view, Steps(self.steps)),
            )
        start = time.perf_counter()
        deep = plan_lay(view, self.budget_s * 0.3, rearrange=False, planner_class=DeepPlanner)
        floor = plan_lay(view, self.budget_s * 0.3)
        left = self.budget_s - (time.perf_counter() - start)
        wide = plan_lay(view, max(min(0.02, self.budget_s), left), planner_class=WidePlanner)
        left = 2 * self.budget_s - (time.perf_counter() - start)
        return self._best(deep, floor, wide, lambda: engine_lay(view, left))

    @staticmethod
    def _best(deep, floor, wide, last_resort):
        """The plan laying most tiles (then points); the engine's lay when none lays any."""
        candidates = [p for p in (deep, floor, wide) if p]
        if not candidates:
            return last_resort()
        return max(candidates, key=lambda p: (p[1].count, p[1].value))

    def choose(self, view, actions):
        action = super().choose(view, actions)
        if view.phase != "turn" or not (action == "draw" or action.startswith("take:")):
            return action
        return self._best_take(view, actions) or action

    def _best_take(self, view, actions):
        """The market tile that lets it lay most next turn (None if none lets it lay)."""
        best, best_key = None, (0, 0.0)
        for action in actions:
            name = action[5:] if action.startswith("take:") else None
            if name is None or name in (SWAP, DRAW3):
                continue
            ahead = SimpleNamespace(**{**vars(view), "rack": [*view.rack, name]})
            planned = plan_lay(
                ahead,
                self.lookahead_s if self.steps is None else Steps(self.steps // LOOKAHEAD_SHARE),
            )
            if planned:
                key = (planned[1].count, planned[1].value)
                if key > best_key:
                    best, best_key = action, key
        return best
