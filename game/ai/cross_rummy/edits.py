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
from itertools import chain

from game.ai.cross_rummy.placing import anchors
from game.engine.cross_rummy import search
from game.engine.cross_rummy.grid import group_count, groups, line_cells
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


GROUP_MOVE_TILES = 20  # the largest group moved whole onto another (the scan stays under ~20 ms)


def group_moves(cells: dict) -> Iterator[tuple[dict, dict]]:
    """(placed, table left) for every way to move a small group whole so that it joins
    another group: shifted as it lies until one of its tiles continues or crosses a
    line of the rest, and a group that is one line also turned or reversed (laid
    across the end of a line one of its tiles continues, or on the end of a line it
    continues) or laid through a table tile (``R7 Y7 B7`` either side of a ``G7``).
    A group that cannot move whole may still be taken apart, each piece joining lines
    of the rest (``dissolved``). At the group limit this frees the slot a line from
    the rack needs; the planner lays that line next."""
    lines = search.lines_of(cells)
    seen: set = set()
    for group in groups(cells):
        if len(group) > GROUP_MOVE_TILES:
            continue
        members = set(group)
        rest = {c: f for c, f in cells.items() if c not in members}
        own = [entry[3] for entry in lines if entry[3][0] in members]
        alone = len(own) == 1 and len(own[0]) == len(group)
        shapes = [{c: cells[c] for c in group}]
        if alone:
            faces = [cells[c] for c in own[0]]
            for order in (faces, faces[::-1]):
                shapes.append({(i, 0): f for i, f in enumerate(order)})
                shapes.append({(0, i): f for i, f in enumerate(order)})
        frontier = anchors(rest)
        candidates: Iterator[dict] = (
            {(x + e[0] - s[0], y + e[1] - s[1]): f for (x, y), f in shape.items()}
            for shape in shapes
            for e in frontier
            for s in shape
        )
        if alone:
            tiles = Counter(faces)
            through = (p for p in search.valid_moves(rest, tiles) if Counter(p.values()) == tiles)
            candidates = chain(candidates, through)
        for placed in candidates:
            key = frozenset(placed.items())
            if key in seen:
                continue
            seen.add(key)
            if search.placement_ok(rest, placed):
                yield placed, rest
        pieces = dissolved(rest, Counter(cells[c] for c in group))
        if pieces:
            yield pieces, rest


def dissolved(rest: dict, tiles: Counter) -> dict | None:
    """Every tile of ``tiles`` laid on ``rest`` in extensions and crossings, one move
    after another (the first each time), or None when some are left over."""
    table = dict(rest)
    placed: dict = {}
    while tiles:
        move = next(
            (p for p in search.valid_moves(table, tiles) if Counter(p.values()) <= tiles), None
        )
        if move is None:
            return None
        table.update(move)
        placed.update(move)
        tiles = tiles - Counter(move.values())
    return placed
