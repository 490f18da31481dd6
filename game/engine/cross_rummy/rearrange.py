"""Lays that move one table tile: the engine's last resort before a player may pass.

``rearranged_layouts`` lifts one table tile off (where that leaves every line valid)
and lays it again with rack tiles, in a new line, an extension or a crossing built
by ``search``; the engine offers the first such layout its validation accepts, so the
order candidates come in is part of the rules' record (the recorded games in the
tests replay it move for move). Cheap tests that no candidate can pass (a rack tile
that could never join the lifted one, lines and spots that could never take it)
skip work without changing that order.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain

from game.engine.cross_rummy.grid import line_ok
from game.engine.cross_rummy.search import (
    hand_holds,
    lines_of,
    place_line,
    placement_ok,
    rack_lines,
    table_moves,
)
from game.engine.cross_rummy.tiles import NUMBERS


def _neighbours(c):
    x, y = c
    return ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))


def removal_ok(cells: dict, cell) -> bool:
    """Can the tile at ``cell`` be lifted off and leave every line valid, no tile alone?"""
    x, y = cell
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        nx, ny = x + dx, y + dy
        if (nx, ny) not in cells:
            continue
        # the neighbour keeps another neighbour, and what is left of the line the
        # lifted tile was in (from the neighbour on, away from it) is still a line
        if not any(
            m != cell and m in cells
            for m in ((nx + 1, ny), (nx - 1, ny), (nx, ny + 1), (nx, ny - 1))
        ):
            return False
        faces = []
        k = 0
        while (nx + k * dx, ny + k * dy) in cells:
            faces.append(cells[(nx + k * dx, ny + k * dy)])
            k += 1
        if len(faces) >= 2 and not line_ok(faces):
            return False
    return True


def rearranged_layouts(
    cells: dict,
    hand: list[int],
    *,
    new_group_ok: bool,
    max_groups: int | None = None,
    lines=None,
):
    """Whole layouts in which one table tile is lifted off, leaving every line valid,
    and laid again with rack tiles in a new line, an extension or a crossing; with
    ``max_groups``, only those of at most that many groups (else unchecked for the
    group rules). ``lines``: ``lines_of(cells)`` when the caller has it."""
    counts = Counter(hand)
    groups = None  # the table's groups, counted once a candidate needs them
    # the table is indexed once (its lines and the lines through each cell, each
    # tile's rank, tiles by number and colour); each lifted tile only patches the
    # lines through it
    lines = lines_of(cells) if lines is None else lines
    order = {c: i for i, c in enumerate(cells)}
    through: dict = {}
    for i, entry in enumerate(lines):
        for c in entry[3]:
            through.setdefault(c, set()).add(i)
    by_number: dict = {}
    by_colour: dict = {}
    for c, f in cells.items():
        by_number.setdefault(f % NUMBERS, []).append(c)
        by_colour.setdefault(f // NUMBERS, []).append(c)
    # what each line can take, as ``extensions`` reads it from its first two tiles: a
    # set its number, a run its colour; a lifted face is offered only the lines that
    # could take it (and the pieces of those it cuts)
    takes = []
    for _, _, _, line in lines:
        a, b = cells[line[0]], cells[line[1]]
        takes.append((True, a % NUMBERS) if a % NUMBERS == b % NUMBERS else (False, a // NUMBERS))
    near_face: dict = {}
    lines_for: dict = {}
    could_join = _joiner(cells, counts, lines)
    for cell, face in list(cells.items()):
        if not could_join(cell, face) or not removal_ok(cells, cell):
            continue
        rest = dict(cells)
        del rest[cell]
        extra = counts.copy()
        extra[face] += 1
        options = []
        if new_group_ok:
            options = [place_line(rest, line) for line in rack_lines(extra) if face in line]
        # a crossing that places the lifted face goes through a tile of its number or
        # colour: only those are tried, in table order
        near = near_face.get(face)
        if near is None:
            near = near_face[face] = _crossing_spots(
                cells, extra, face, by_number, by_colour, order
            )
        spots = [(c, cells[c]) for c in near if c != cell]
        keep = lines_for.get(face)
        if keep is None:
            wanted = ((True, face % NUMBERS), (False, face // NUMBERS))
            keep = lines_for[face] = [i for i, t in enumerate(takes) if t in wanted]
        # the moves that use the lifted tile, lazily: cheap tests first, the line check last
        moves = (
            p
            for p in table_moves(
                rest,
                extra,
                must=face,
                lines=_lines_lifting(lines, keep, through.get(cell), order, cell),
                spots=spots,
            )
            if _uses_rack(p, face, counts, cell) and placement_ok(rest, p)
        )
        split = None
        for placed in chain((p for p in options if _uses_rack(p, face, counts, cell)), moves):
            if max_groups is not None:
                if split is None:
                    groups = groups or _Groups(cells)
                    split = groups.without(cell)
                # groups is set whenever split is (mypy cannot follow the two together)
                if groups.count_with(split, placed) > max_groups:  # type: ignore[union-attr]
                    continue
            after = dict(rest)
            after.update(placed)
            yield after


def _crossing_spots(cells, extra, face: int, by_number, by_colour, order) -> list:
    """The table cells a crossing placing ``face`` (with tiles of ``extra``) could go
    through, in table order: a tile of its number in another colour, with two more
    colours of that number in hand (a set); or a tile of its colour whose number the
    hand's tiles of that colour join to the face's (a run)."""
    colour, n = divmod(face, NUMBERS)
    held = [bool(extra.get(c * NUMBERS + n)) for c in range(4)]
    out = []
    for c in by_number.get(n, ()):
        other = cells[c] // NUMBERS
        if other != colour and sum(held) - held[other] >= 2:
            out.append(c)
    base = colour * NUMBERS
    for c in by_colour.get(colour, ()):
        m = cells[c] % NUMBERS
        if m == n:
            continue
        step = 1 if n > m else -1
        if all(extra.get(base + k) for k in range(m + step, n, step)):
            out.append(c)
    return sorted(set(out), key=order.__getitem__)


def _lines_lifting(lines: list, keep: list, cut, order: dict, cell) -> list:
    """The lines ``keep`` (indices into ``lines``, a table's lines ranked by ``order``
    as ``lines_of`` gives them) and the pieces of those through ``cell`` (indices
    ``cut``) once its tile is lifted off, in the order ``lines_of`` would give them."""
    if not cut:
        return [lines[i] for i in keep]
    out = [lines[i] for i in keep if i not in cut]
    for i in cut:
        line = lines[i][3]
        k = line.index(cell)
        for piece in (line[:k], line[k + 1 :]):
            if len(piece) >= 2:
                out.append((piece[0], lines[i][1], lines[i][2], piece))
    out.sort(key=lambda e: (order[e[0]], e[2]))
    return out


class _Groups:
    """The table's groups, to count those of a layout made from it by lifting one tile
    and adding a few (what ``grid.group_count`` would say, without walking the table)."""

    def __init__(self, cells: dict):
        self.cells = cells
        self.label: dict = {}
        self.members: list = []
        for start in cells:
            if start in self.label:
                continue
            k = len(self.members)
            self.label[start] = k
            comp = [start]
            stack = [start]
            while stack:
                for n in _neighbours(stack.pop()):
                    if n in cells and n not in self.label:
                        self.label[n] = k
                        comp.append(n)
                        stack.append(n)
            self.members.append(comp)

    def without(self, cell) -> tuple:
        """The groups once the tile at ``cell`` is lifted: (count, {cell: new label} for
        the pieces its group falls into)."""
        k = self.label[cell]
        x, y = cell
        if sum(n in self.cells for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))) < 2:
            # a tile at an end never cuts its group: the rest keep their label
            return len(self.members) - (len(self.members[k]) == 1), {cell: None}
        piece: dict = {cell: None}
        pieces = 0
        for start in self.members[k]:
            if start in piece:
                continue
            pieces += 1
            piece[start] = ("piece", pieces)
            stack = [start]
            while stack:
                for n in _neighbours(stack.pop()):
                    if n in self.cells and n not in piece:
                        piece[n] = ("piece", pieces)
                        stack.append(n)
        return len(self.members) - 1 + pieces, piece

    def count_with(self, split: tuple, placed: dict) -> int:
        """How many groups the table without the lifted tile has once ``placed`` is added."""
        n, piece = split
        parent: dict = {}

        def root(a):
            while parent.get(a, a) != a:
                a = parent[a]
            return a

        n += len(placed)
        for p in placed:
            for q in _neighbours(p):
                if q in placed:
                    other = q
                elif q in self.cells and piece.get(q, 0) is not None:
                    other = piece.get(q) or self.label[q]
                else:
                    continue
                a, b = root(p), root(other)
                if a != b:
                    parent[a] = b
                    n -= 1
        return n


def _joiner(cells: dict, counts: Counter, lines: list):
    """A necessary condition for laying a lifted ``face`` again with a rack tile, as a
    function of ``(cell, face)``.

    Every candidate puts the lifted tile and a rack tile into one line, and between
    the lifted tile and the nearest rack tile in it lie only table tiles: none, the
    one tile a crossing goes through, or the whole table line an extension lengthens
    at both ends. So the rack holds a tile of the same number in another colour (a
    set), or one of the same colour next to it in number, next but one across a
    table tile, or just beyond a table run that ends next to it."""
    held = [counts.get(f, 0) > 0 for f in range(NUMBERS * 4)]
    colours_held = [sum(held[c * NUMBERS + n] for c in range(4)) for n in range(NUMBERS)]
    on_table = set(cells.values())
    runs: dict = {}  # colour -> [(low, high, cells of the line)]
    for _, _, _, line in lines:
        a, b = cells[line[0]], cells[line[1]]
        if a // NUMBERS != b // NUMBERS or a == b:
            continue
        numbers = [cells[c] % NUMBERS for c in line]
        runs.setdefault(a // NUMBERS, []).append((min(numbers), max(numbers), line))

    def could_join(cell, face: int) -> bool:
        colour, n = divmod(face, NUMBERS)
        if colours_held[n] > held[face]:
            return True  # another colour of its number
        base = colour * NUMBERS
        for d in (1, -1):
            k = n + d
            if not 0 <= k < NUMBERS:
                continue
            if held[base + k]:
                return True
            if 0 <= k + d < NUMBERS and held[base + k + d] and base + k in on_table:
                return True
        for low, high, line in runs.get(colour, ()):
            if cell in line:
                # the line is cut where the tile is lifted: its pieces are tried too
                i = line.index(cell)
                pieces = [line[:i], line[i + 1 :]]
            else:
                pieces = [line]
            for piece in pieces:
                if len(piece) < 2:
                    continue
                if piece is not line:
                    numbers = [cells[c] % NUMBERS for c in piece]
                    low, high = min(numbers), max(numbers)
                if low == n + 1 and high + 1 < NUMBERS and held[base + high + 1]:
                    return True
                if high == n - 1 and low > 0 and held[base + low - 1]:
                    return True
        return False

    return could_join


def _uses_rack(placed: dict, face: int, counts: Counter, cell) -> bool:
    """Does ``placed`` lay the lifted ``face`` somewhere new together with at least one
    rack tile the hand holds?"""
    if placed.get(cell) == face:
        return False
    used = list(placed.values())
    if face in used:
        used.remove(face)
    return bool(used) and hand_holds(counts, used)
