"""Cross Rummy lays that move no table tile, searched deeper than one greedy line.

The planners grow the table one move at a time, each move leaving a valid table,
and take the most valuable move at every step. Two kinds of lay escape that:

- a move that is only valid with a tile beside it: ``B4 B5`` run on from a table
  ``B6`` puts ``B5`` on top of a table ``Y5``, a pair no rule allows, unless ``R5``
  goes on the other side of it (``R5 B5 Y5``, a set). ``completed`` finishes such a
  move: every pair it leaves across its line is made a set or run of three with a
  rack tile at either end;
- a lay whose first steps are not the most valuable ones: ``R2 Y2 G2`` and then
  ``B2 R2 Y2`` crossing it lay both red twos, where ``R2 Y2 B2 G2`` at once lays more
  in one step and leaves no room for the second ``R2``. ``DeepPlanner`` keeps a beam
  of whole tables for each number of tiles laid instead of one table.
"""

from __future__ import annotations

from collections import Counter

from game.ai.cross_rummy.tile_solver import Plan, Planner, neighbours, tiles_value
from game.engine.cross_rummy import search
from game.engine.cross_rummy.grid import groups, line_ok
from game.engine.cross_rummy.tiles import NUMBERS

BEAM = 8  # tables kept for each number of tiles laid
COMPLETIONS = 2  # pairs a move may complete


def anchors(cells: dict) -> set:
    """The empty cells beside the table's tiles."""
    return {n for c in cells for n in neighbours(c) if n not in cells}


def _pair_across(cells: dict, placed: dict):
    """The first line of exactly two tiles through a placed tile, as ((that tile, its
    neighbour), direction), or None."""
    for x, y in placed:
        for dx, dy in ((1, 0), (0, 1)):
            back, on = (x - dx, y - dy), (x + dx, y + dy)
            ends = [c for c in (back, on) if c in cells or c in placed]
            if len(ends) != 1:
                continue
            other = ends[0]
            ox, oy = other
            beyond = (2 * ox - x, 2 * oy - y)  # the cell past the neighbour
            if beyond in cells or beyond in placed:
                continue
            return ((x, y), other), (dx, dy)
    return None


def _thirds(a: int, b: int) -> list[tuple[int, int]]:
    """Faces that make the pair ``a b`` (in line order) a valid line of three, with the
    end they go on: -1 before ``a``, +1 after ``b``."""
    out = []
    if a % NUMBERS == b % NUMBERS and a != b:
        n = a % NUMBERS
        for c in range(4):
            f = c * NUMBERS + n
            if f != a and f != b:
                out += [(f, -1), (f, 1)]
        return out
    step = b - a
    if (step == 1 or step == -1) and a // NUMBERS == b // NUMBERS:
        colour = a // NUMBERS
        if a - step >= 0 and (a - step) // NUMBERS == colour:
            out.append((a - step, -1))
        if (b + step) // NUMBERS == colour and b + step < NUMBERS * 4:
            out.append((b + step, 1))
    return out


def completed(cells: dict, placed: dict, hand: Counter, depth: int = COMPLETIONS):
    """``placed`` with rack tiles added to finish the pairs it leaves, each placement
    valid as a whole and within ``hand`` (``placed`` itself first, if it is valid)."""
    if not search.hand_holds(hand, placed.values()):
        return
    if search.placement_ok(cells, placed):
        yield placed
        return
    if depth == 0:
        return
    found = _pair_across(cells, placed)
    if found is None:
        return
    (p, q), (dx, dy) = found
    first, second = (p, q) if (q[0] - p[0], q[1] - p[1]) == (dx, dy) else (q, p)
    fa = placed[first] if first in placed else cells[first]
    fb = placed[second] if second in placed else cells[second]
    used = list(placed.values())
    for face, end in _thirds(fa, fb):
        if hand.get(face, 0) <= used.count(face):
            continue
        x, y = first if end < 0 else second
        cell = (x + end * dx, y + end * dy)
        if cell in cells or cell in placed:
            continue
        yield from completed(cells, {**placed, cell: face}, hand, depth - 1)


def singles(cells: dict, faces: list[int]):
    """Every rack face alone on every empty cell beside the table where it leaves each
    line through it valid (the cell's lines read once for all the faces)."""
    held = frozenset(faces)
    for cell in sorted(anchors(cells)):
        parts = []
        fits = held
        for dx, dy in ((1, 0), (0, 1)):
            before, after = [], []
            x, y = cell[0] - dx, cell[1] - dy
            while (x, y) in cells:
                before.append(cells[(x, y)])
                x, y = x - dx, y - dy
            x, y = cell[0] + dx, cell[1] + dy
            while (x, y) in cells:
                after.append(cells[(x, y)])
                x, y = x + dx, y + dy
            if before:
                fits = fits & _BESIDE[before[0]]
            if after:
                fits = fits & _BESIDE[after[0]]
            if before or after:
                parts.append((before[::-1], after))
        for f in sorted(fits):
            if all(line_ok([*before, f, *after]) for before, after in parts):
                yield {cell: f}


def _beside(a: int, b: int) -> bool:
    """Can faces ``a`` and ``b`` sit side by side in a line (a set, or a run)?"""
    if a % NUMBERS == b % NUMBERS:
        return a != b
    return a // NUMBERS == b // NUMBERS and (b - a == 1 or a - b == 1)


_BESIDE = tuple(
    frozenset(b for b in range(NUMBERS * 4) if _beside(a, b)) for a in range(NUMBERS * 4)
)


class DeepPlanner(Planner):
    """Lays that move no table tile, for a player who has opened: every move the
    planners know, the single tiles on the cells beside the table, and the moves
    ``completed`` finishes, searched by a beam of whole tables for each number of
    tiles laid (most tiles, then most points)."""

    def _moves(self, cells: dict, hand: Counter, frozen: set, cap: int):
        seen = set()
        n_groups = len(groups(cells))
        if n_groups < cap:
            for line in search.rack_lines(hand):
                placed = search.place_line(cells, line)
                yield placed, Counter(line), None
        faces = sorted(f for f in hand if hand[f] > 0)
        for placed in singles(cells, faces):
            if frozen and any(c in frozen for c in placed):
                continue
            seen.add(frozenset(placed.items()))
            yield placed, Counter(placed.values()), None
        for move in search.table_moves(cells, hand):
            for placed in completed(cells, move, hand):
                key = frozenset(placed.items())
                if key in seen:
                    continue
                seen.add(key)
                if frozen and any(c in frozen for c in placed):
                    continue
                yield placed, Counter(placed.values()), None
            if self.out_of_time():
                return

    def plan(self) -> Plan | None:
        if not self.opened:
            return None  # an opening is the other planners' to find
        cap = self.max_groups(False)
        # one beam for each number of tiles laid: a table that lays fewer tiles now
        # competes only with tables that lay as many, so a short first step that
        # leaves room for more is not crowded out by a long one
        layers: dict = {0: {frozenset(): (dict(self.start), self.hand.copy(), Counter())}}
        best = None
        count = 0
        while layers and not self.out_of_time():
            layer = layers.pop(count, {})
            count += 1
            for cells, hand, used in sorted(layer.values(), key=_worth, reverse=True)[:BEAM]:
                best = _better(best, cells, used)
                for placed, more, _ in self._moves(cells, hand, set(), cap):
                    after = {**cells, **placed}
                    total = used + more
                    into = layers.setdefault(total.total(), {})
                    key = frozenset(after.items())
                    if key in into:
                        continue
                    # a move touching the table can only join groups; a line of its own
                    # adds one
                    touches = any(a in cells for c in placed for a in neighbours(c))
                    if not touches and len(groups(after)) > cap:
                        continue
                    into[key] = (after, hand - more, total)
                    if self.out_of_time():
                        break
                if self.out_of_time():
                    break
        for layer in layers.values():  # tables reached but not expanded in time
            for cells, _, used in layer.values():
                best = _better(best, cells, used)
        return best


def _worth(state) -> float:
    return tiles_value(state[2].elements())


def _better(best: Plan | None, cells: dict, used: Counter) -> Plan | None:
    """``best``, or the plan laying ``used`` if that lays more tiles (then more points)."""
    if not used:
        return best
    plan = Plan(cells, used, tiles_value(used.elements()))
    if best is None or (plan.count, plan.value) > (best.count, best.value):
        return plan
    return best
