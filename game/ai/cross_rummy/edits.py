"""Cross Rummy table edits of two tiles, for the hard planner.

The planner's own rearranging lifts one table tile and lays it again with rack
tiles. A player often does more: two tiles freed from different lines (the end of
a long run, one colour of a set of four, the middle of a run long enough to split)
join rack tiles in a new line, or in an extension or crossing elsewhere, e.g.
``R5`` from a set of four and ``R6`` from the end of a run, with ``R7`` from the
rack, make a new run. Those moves are generated here, in the planner's form.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator

from game.engine.cross_rummy import search
from game.engine.cross_rummy.grid import group_count, groups, line_cells, line_ok
from game.engine.cross_rummy.rearrange import removal_ok
from game.engine.cross_rummy.tiles import NUMBERS

RUN_GAP = 3  # two lifted tiles of one colour this far apart in number can share a run


def _could_share(a: int, b: int) -> bool:
    """Can faces ``a`` and ``b`` sit in one set or one short stretch of a run?"""
    if a % NUMBERS == b % NUMBERS:
        return a // NUMBERS != b // NUMBERS
    return a // NUMBERS == b // NUMBERS and abs(a - b) <= RUN_GAP


def double_lifts(
    cells: dict,
    hand: Counter,
    frozen: set,
    cap: int,
    out_of_time: Callable[[], bool],
) -> Iterator[tuple[dict, Counter, dict]]:
    """(placed, rack faces used, table left after the lifts) for every move that lifts
    two table tiles, leaving a valid table, and lays both again with at least one rack
    tile, in a new line, an extension or a crossing; within ``cap`` groups."""
    free = [c for c in cells if c not in frozen and removal_ok(cells, c)]
    seen: set = set()
    for a in free:
        rest_a = dict(cells)
        fa = rest_a.pop(a)
        # the second tile: one free already, or one that lifting the first frees
        second = dict.fromkeys(free + line_cells(cells, a, True) + line_cells(cells, a, False))
        for b in second:
            if b == a or b in frozen or frozenset((a, b)) in seen:
                continue
            fb = cells[b]
            if not _could_share(fa, fb):
                continue
            seen.add(frozenset((a, b)))
            if out_of_time():
                return
            if not removal_ok(rest_a, b):
                continue
            rest = dict(rest_a)
            del rest[b]
            n_groups = group_count(rest)
            if n_groups > cap:
                continue
            lifted = Counter((fa, fb))
            extra = hand + lifted
            options = []
            if n_groups < cap:
                options += [
                    search.place_line(rest, line)
                    for line in search.rack_lines(extra)
                    if lifted <= Counter(line)
                ]
            options += [
                p
                for p in search.table_moves(rest, extra, must=fa)
                if fb in p.values() and search.placement_ok(rest, p)
            ]
            for placed in options:
                if placed.get(a) == fa or placed.get(b) == fb:
                    continue  # one tile put back where it was: a one-tile edit
                if frozen and any(c in frozen for c in placed):
                    continue
                faces = Counter(placed.values())
                if not lifted <= faces:
                    continue
                used = faces - lifted
                if not used or not used <= hand:
                    continue
                yield placed, used, rest


def line_moves(cells: dict) -> Iterator[tuple[dict, dict]]:
    """(placed, table left) for every way to move a line that is a group of its own
    whole so that it joins another group: through a
    table tile (``R7 Y7 B7`` crossing a ``G7``), on the end of a line it continues
    (``R8 R9 R10`` after ``R5 R6 R7``), or across the end of a line one of its tiles
    continues (a hook). At the group limit this frees the slot a line from the rack
    needs; the planner lays that line next."""
    lines = search.lines_of(cells)
    for group in groups(cells):
        own = [entry for entry in lines if entry[3][0] in group]
        if len(own) != 1 or len(own[0][3]) != len(group):
            continue
        line = own[0][3]
        faces = [cells[c] for c in line]
        rest = {c: f for c, f in cells.items() if c not in group}
        tiles = Counter(faces)
        for placed in search.valid_moves(rest, tiles):
            if Counter(placed.values()) == tiles:
                yield placed, rest
        yield from ((placed, rest) for placed in _hooks(rest, faces))


def _hooks(rest: dict, faces: list[int]) -> Iterator[dict]:
    """``faces`` laid as a line across the end of a line of ``rest`` that one of them
    continues, in either order along the line."""
    k = len(faces)
    for _, dx, dy, line in search.lines_of(rest):
        along = [rest[c] for c in line]
        for end, sign in ((line[-1], 1), (line[0], -1)):
            spot = (end[0] + sign * dx, end[1] + sign * dy)
            if spot in rest:
                continue
            for order in (faces, faces[::-1]):
                for j, face in enumerate(order):
                    if not line_ok(along + [face] if sign == 1 else [face] + along):
                        continue
                    # across: the line runs the other way, with ``face`` on the spot
                    placed = {
                        (spot[0] + (m - j) * dy, spot[1] + (m - j) * dx): order[m] for m in range(k)
                    }
                    if search.placement_ok(rest, placed):
                        yield placed
