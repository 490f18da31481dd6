"""The tile solver: plans a whole Cross Rummy lay for one turn, bounded by time (or by
a count of steps: ``Steps``).

It works on faces (see ``game.engine.cross_rummy.tiles``) and grows the table
greedily: an opening line if the player has not opened (the best few are tried),
then, move by move, the most valuable of

- a new set or run from the rack (when a new group is allowed),
- an extension of a line at one or both ends, or a crossing line through a tile,
- a rearrangement: a table tile freed from the end of a long run or a set of four
  (or from the middle of a run long enough to split) is used with rack tiles in a
  new line, extension or crossing.

Move generation is the engine's (``search``); rearrangement and the choice between
moves are here. Every step keeps the table valid, and the final layout is checked by
the engine's own lay validation before it is returned.
"""

from __future__ import annotations

import contextlib
import time
from collections import Counter
from dataclasses import dataclass

from game.engine.cross_rummy import lay as laymod
from game.engine.cross_rummy import search
from game.engine.cross_rummy.grid import groups
from game.engine.cross_rummy.rearrange import removal_ok
from game.engine.cross_rummy.tiles import FACE_LABELS, NUMBERS, parse_face

# Steps a planning run of an untimed bot (``NormalBot.untimed``): every kept position
# (tests/data/cross_rummy_positions.json) is planned to the end within it (measured: the
# wide planner needs up to ~3,700 steps, the deep one ~2,100, the normal one ~400).
UNTIMED_STEPS = 4000


@dataclass(frozen=True)
class Steps:
    """A planner's budget counted in steps instead of seconds: it never reads the clock,
    so the same position gets the same plan on any machine, however busy (tests). A
    step is one look at whether it may go on: at each candidate move, lifted tile or
    beam entry."""

    count: int


class Budget:
    """What one planning run may still spend: seconds on the clock (a float, the app's
    bots) or ``Steps``. Once spent it stays spent."""

    deadline: float | None  # on the clock's reading, for seconds; None for Steps
    steps_left: int  # for Steps (unread on the clock)

    def __init__(self, limit: float | Steps):
        if isinstance(limit, Steps):
            self.deadline, self.steps_left = None, limit.count
        else:
            self.deadline, self.steps_left = time.perf_counter() + limit, 0

    def spent(self) -> bool:
        if self.deadline is None:
            self.steps_left -= 1
            return self.steps_left < 0
        return time.perf_counter() > self.deadline


@dataclass
class Plan:
    cells: dict  # the whole table afterwards, {(x, y): face}
    used: Counter  # rack faces laid
    value: float

    @property
    def count(self) -> int:
        return sum(self.used.values())


def tile_value(face: int) -> float:
    """What laying a tile is worth: its points plus a bonus per tile."""
    return face % NUMBERS + 1 + 4


def tiles_value(faces) -> float:
    """What laying ``faces`` is worth: the sum of their ``tile_value``."""
    return sum(tile_value(f) for f in faces)


def neighbours(c):
    """The four cells beside cell ``c``."""
    x, y = c
    return ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))


class Planner:
    def __init__(
        self,
        cells: dict,
        hand: list[int],
        *,
        opened: bool,
        opened_all: list[bool],
        seat: int,
        limit: int,
        budget: Budget,
        rearrange: bool = True,
    ):
        self.start = dict(cells)
        self.hand = Counter(hand)
        self.opened = opened
        self.everyone_after = all(o or s == seat for s, o in enumerate(opened_all))
        self.limit = limit
        self.budget = budget
        self.rearrange = rearrange
        self.groups_before = len(groups(cells))

    def out_of_time(self) -> bool:
        return self.budget.spent()

    def max_groups(self, opening: bool) -> int:
        if self.everyone_after:
            return self.limit
        return min(self.limit, self.groups_before + (1 if opening else 0))

    # -- one step

    def _moves(self, cells: dict, hand: Counter, frozen: set, cap: int):
        """(placed, rack faces used, cells after) for every valid move from ``cells``."""
        n_groups = len(groups(cells))
        if n_groups < cap:
            for line in search.rack_lines(hand):
                placed = search.place_line(cells, line)
                yield placed, Counter(line), None
        for placed in search.valid_moves(cells, hand):
            if frozen and any(c in frozen for c in placed):
                continue
            if search.hand_holds(hand, placed.values()):
                yield placed, Counter(placed.values()), None
        if not self.rearrange:
            return
        for cell, face in list(cells.items()):
            if self.out_of_time():
                return
            if cell in frozen or not removal_ok(cells, cell):
                continue
            rest = dict(cells)
            del rest[cell]
            if len(groups(rest)) > cap:
                continue
            extra = hand.copy()
            extra[face] += 1
            options = []
            if len(groups(rest)) < cap:
                options += [
                    search.place_line(rest, line)
                    for line in search.rack_lines(extra)
                    if face in line
                ]
            options += [
                p
                for p in search.valid_moves(rest, extra)
                if face in p.values() and not (frozen and any(c in frozen for c in p))
            ]
            for placed in options:
                used = Counter(placed.values())
                used[face] -= 1
                if used[face] == 0:
                    del used[face]
                if not used or not search.hand_holds(hand, used.elements()):
                    continue
                if placed.get(cell) == face:
                    continue  # put back where it was: no rearrangement
                yield placed, used, rest

    def _greedy(self, cells: dict, hand: Counter, frozen: set, cap: int) -> tuple[dict, Counter]:
        used_total: Counter[int] = Counter()
        while not self.out_of_time():
            best = None
            for placed, used, base in self._moves(cells, hand, frozen, cap):
                v = tiles_value(used.elements())
                if base is not None:
                    v -= 0.5  # prefer the same gain without moving table tiles
                if best is None or v > best[0]:
                    best = (v, placed, used, base)
                if self.out_of_time():
                    break
            if best is None:
                break
            _, placed, used, base = best
            after = dict(cells if base is None else base)
            after.update(placed)
            if len(groups(after)) > cap:
                break  # never expected: moves are generated within the group limit
            cells = after
            hand = hand - used
            used_total += used
        return cells, used_total

    def plan(self) -> Plan | None:
        if not self.opened:
            lines = sorted(search.rack_lines(self.hand), key=lambda ln: -tiles_value(ln))
            best = None
            for line in lines[:6]:
                placed = search.place_line(self.start, line)
                cells = dict(self.start)
                cells.update(placed)
                hand = self.hand - Counter(line)
                frozen = set(placed) | {n for c in placed for n in neighbours(c)}
                cap = self.max_groups(True)
                cells, used = (
                    self._greedy(cells, hand, frozen, cap)
                    if not self.out_of_time()
                    else (cells, Counter())
                )
                used = used + Counter(line)
                plan = Plan(cells, used, tiles_value(used.elements()))
                if best is None or plan.value > best.value:
                    best = plan
                if self.out_of_time():
                    break
            return best
        cells, used = self._greedy(
            dict(self.start), self.hand.copy(), set(), self.max_groups(False)
        )
        if not used:
            return None
        return Plan(cells, used, tiles_value(used.elements()))


# ---------------------------------------------------------------- talking to the engine


def fake_ids(table_labels: dict, rack_labels: list[str]):
    """Tile ids consistent with what a seat sees (copies numbered in order), for checks."""
    taken: Counter[int] = Counter()
    table = {}
    for cell, name in table_labels.items():
        face = parse_face(name)
        table[cell] = face * 2 + taken[face]
        taken[face] += 1
    rack = []
    for name in rack_labels:
        try:
            face = parse_face(name)
        except ValueError:
            continue
        rack.append(face * 2 + min(taken[face], 1))
        taken[face] += 1
    return table, rack


def validate_for_view(view, layout: dict):
    """The engine's check of ``layout`` ({cell: "R7"}) for ``view``'s seat, on tile ids
    made up from what the view shows: ``(problems, new_table, laid, table_before)``."""
    table_ids, rack_ids = fake_ids(view.table, view.rack)
    problems, new, laid = laymod.validate(
        table_ids,
        rack_ids,
        layout,
        seat=view.seat,
        opened=view.opened,
        players=view.players,
        max_groups=view.group_limit,
    )
    return problems, new, laid, table_ids


def rack_faces(names) -> list[int]:
    """The number tiles of a rack as faces (event tiles are never laid)."""
    out = []
    for name in names:
        with contextlib.suppress(ValueError):
            out.append(parse_face(name))
    return out


def plan_lay(
    view, budget: float | Steps = 0.2, rearrange: bool = True, planner_class=Planner
) -> tuple[str, Plan] | None:
    """The best lay found for ``view``'s seat within ``budget`` (seconds, or ``Steps``),
    as (action, plan)."""
    cells = {c: parse_face(t) for c, t in view.table.items()}
    hand = rack_faces(view.rack)
    planner = planner_class(
        cells,
        hand,
        opened=view.opened[view.seat],
        opened_all=view.opened,
        seat=view.seat,
        limit=view.group_limit,
        budget=Budget(budget),
        rearrange=rearrange,
    )
    plan = planner.plan()
    if plan is None or not plan.used:
        return None
    layout = {c: FACE_LABELS[f] for c, f in plan.cells.items()}
    problems, _, _, _ = validate_for_view(view, layout)
    if problems:
        return None
    return laymod.encode_lay(layout), plan
