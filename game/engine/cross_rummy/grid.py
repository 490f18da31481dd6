"""The table grid: lines, groups and what is wrong with a layout.

A layout maps cells ``(x, y)`` (x grows to the right, y grows downwards, any
integers: the grid is unbounded) to tile faces (see ``tiles``). A *line* is a
maximal run of two or more horizontally or vertically adjacent occupied cells; a
*group* is a connected component (4-neighbourhood). Every line must be a set
(3–4 tiles, one number, all colours different) or a run (3–14 tiles, one colour,
numbers stepping by exactly 1 up or down, no wrap from 14 to 1), and no tile may
stand alone.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from game.engine.core import MsgList, Sentence, msg
from game.engine.cross_rummy.tiles import (
    COLOUR_NAMES,
    FACE_LABELS,
    NUMBERS,
    parse_face,
    pretty,
)

Cell = tuple[int, int]


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a layout: ``kind`` is "line", "alone", "groups" or "rule";
    ``cells`` are the cells to mark (empty for rules about the whole lay)."""

    kind: str
    text: str
    cells: tuple[Cell, ...] = ()


# ---------------------------------------------------------------- lines


def line_reason(faces) -> str | None:
    """Why the faces along one line (in reading order) are not a valid line; None if valid."""
    n = len(faces)
    if n < 2:
        return None
    if n == 2:
        return msg("is only two tiles: a line needs at least 3")
    numbers = [f % NUMBERS + 1 for f in faces]
    colours = [f // NUMBERS for f in faces]
    if len(set(numbers)) == 1:
        if n > 4:
            return msg(
                "has {n} tiles of the same number: a set holds at most 4, one of each colour", n=n
            )
        seen: set[int] = set()
        for c in colours:
            if c in seen:
                return msg(
                    "repeats {colour}: the tiles of a set must all be different colours",
                    colour=COLOUR_NAMES[c],
                )
            seen.add(c)
        return None
    if len(set(colours)) == 1:
        step = numbers[1] - numbers[0]
        for a, b in itertools.pairwise(numbers):
            if {a, b} == {1, NUMBERS} and abs(a - b) == NUMBERS - 1:
                return msg(
                    "wraps from {a} to {b}: a run does not go round from {top} to 1",
                    a=a,
                    b=b,
                    top=NUMBERS,
                )
            if b - a not in (1, -1):
                return msg(
                    "goes from {a} to {b}: the numbers of a run must step by exactly 1", a=a, b=b
                )
            if b - a != step:
                return msg("turns back at {a} to {b}: a run goes only up or only down", a=a, b=b)
        return None
    return msg(
        "is neither a set (one number, all colours different) "
        "nor a run (one colour, numbers going up or down by 1)"
    )


def line_ok(faces) -> bool:
    """``line_reason(faces) is None``, without wording a reason (the lay search asks
    this hundreds of thousands of times)."""
    n = len(faces)
    if n < 3:
        return n < 2
    first = faces[0]
    step = faces[1] - first
    if step == 1 or step == -1:
        # a run: each face one step from the last, and (the faces of one colour being
        # consecutive) the last tile the first one's colour
        if faces[-1] // NUMBERS != first // NUMBERS:
            return False
        a = first
        for b in faces[1:]:
            if b - a != step:
                return False
            a = b
        return True
    if n > 4 or step % NUMBERS:
        return False
    number = first % NUMBERS  # a set: one number, every colour different
    return all(f % NUMBERS == number for f in faces) and len(set(faces)) == n


def line_cells(cells: dict, start: Cell, horizontal: bool) -> list[Cell]:
    """The maximal line through ``start`` in one direction (just ``[start]`` if none)."""
    x, y = start
    dx, dy = (1, 0) if horizontal else (0, 1)
    a = 0
    while (x - (a + 1) * dx, y - (a + 1) * dy) in cells:
        a += 1
    out = []
    i = -a
    while (x + i * dx, y + i * dy) in cells:
        out.append((x + i * dx, y + i * dy))
        i += 1
    return out


def all_lines(cells: dict):
    """Every line of 2+ tiles: yields ``(horizontal, [cells in reading order])``."""
    for x, y in cells:
        if (x - 1, y) not in cells and (x + 1, y) in cells:
            yield True, line_cells(cells, (x, y), True)
        if (x, y - 1) not in cells and (x, y + 1) in cells:
            yield False, line_cells(cells, (x, y), False)


def groups(cells) -> list[list[Cell]]:
    """Connected components (4-neighbourhood), each a list of cells."""
    seen: set[Cell] = set()
    out = []
    for start in cells:
        if start in seen:
            continue
        seen.add(start)
        stack = [start]
        comp = []
        while stack:
            x, y = stack.pop()
            comp.append((x, y))
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if n in cells and n not in seen:
                    seen.add(n)
                    stack.append(n)
        out.append(comp)
    return out


def group_count(cells) -> int:
    """How many groups ``cells`` form (``len(groups(cells))``, without building them)."""
    left = set(cells)
    n = 0
    while left:
        n += 1
        stack = [left.pop()]
        while stack:
            x, y = stack.pop()
            for c in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if c in left:
                    left.remove(c)
                    stack.append(c)
    return n


def _where(line: list[Cell], cells: dict) -> str:
    """A rough place on the table, for messages: "at the top left", "in the middle"."""
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    cx = sum(x for x, _ in line) / len(line)
    cy = sum(y for _, y in line) / len(line)
    parts = []
    for c, lo, hi, names in (
        (cy, min(ys), max(ys), ("top", "bottom")),
        (cx, min(xs), max(xs), ("left", "right")),
    ):
        if hi - lo < 4:
            parts.append("")
            continue
        third = (hi - lo) / 3
        parts.append(names[0] if c < lo + third else names[1] if c > hi - third else "")
    return _PLACES[tuple(parts)]


_PLACES: dict[tuple[str, ...], str] = {
    ("", ""): "",
    ("top", ""): msg(" at the top"),
    ("bottom", ""): msg(" at the bottom"),
    ("", "left"): msg(" on the left"),
    ("", "right"): msg(" on the right"),
    ("top", "left"): msg(" at the top left"),
    ("top", "right"): msg(" at the top right"),
    ("bottom", "left"): msg(" at the bottom left"),
    ("bottom", "right"): msg(" at the bottom right"),
}


def describe(horizontal: bool, line: list[Cell], cells: dict) -> str:
    tiles = MsgList(pretty(FACE_LABELS[cells[c]]) for c in line)
    where = _where(line, cells)
    if horizontal:
        return msg("The row {tiles}{where}", tiles=tiles, where=where)
    return msg("The column {tiles}{where}", tiles=tiles, where=where)


def line_problems(cells: dict) -> list[Problem]:
    out = []
    for horizontal, line in all_lines(cells):
        faces = [cells[c] for c in line]
        reason = None if line_ok(faces) else line_reason(faces)
        if reason:
            out.append(
                Problem(
                    "line",
                    msg("{line} {reason}.", line=describe(horizontal, line, cells), reason=reason),
                    tuple(line),
                )
            )
    return out


def lone_problems(cells: dict) -> list[Problem]:
    out = []
    for (x, y), face in cells.items():
        if not any(n in cells for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))):
            out.append(
                Problem(
                    "alone",
                    Sentence(  # "Red 6 stands alone", as the tile's name opens it
                        msg(
                            "{tile} stands alone: every tile must be part of a set or a run",
                            tile=pretty(FACE_LABELS[face]),
                        )
                    ),
                    ((x, y),),
                )
            )
    return out


def group_problem(
    cells: dict, max_groups: int | None, players: int | None = None, comps=None
) -> Problem | None:
    if max_groups is None:
        return None
    comps = groups(cells) if comps is None else comps
    if len(comps) <= max_groups:
        return None
    if players:
        text = msg(
            "There are {n} groups on the table: at most {limit} are allowed with {players} players.",
            n=len(comps),
            limit=max_groups,
            players=players,
        )
    else:
        text = msg(
            "There are {n} groups on the table: at most {limit} are allowed.",
            n=len(comps),
            limit=max_groups,
        )
    return Problem(
        "groups",
        text,
        tuple(c for comp in comps for c in comp),
    )


def layout_problems(
    cells: dict, max_groups: int | None = None, players: int | None = None, comps=None
) -> list[Problem]:
    """Everything wrong with a layout (lines, lone tiles, the group limit); empty if valid.
    ``comps``: the layout's groups when the caller has them already."""
    out = line_problems(cells) + lone_problems(cells)
    g = group_problem(cells, max_groups, players, comps)
    if g:
        out.append(g)
    return out


# ---------------------------------------------------------------- oracle


def parse_rows(rows) -> dict:
    """Rows of space-separated cells (``.`` empty, tiles in notation) to a layout."""
    cells = {}
    for y, row in enumerate(rows):
        for x, token in enumerate(row.split()):
            if token != ".":
                cells[(x, y)] = parse_face(token)
    return cells


def check_table(rows, max_groups: int | None = None) -> list[str]:
    """The rules oracle: problems with a table given as rows of text; empty means valid."""
    return [p.text for p in layout_problems(parse_rows(rows), max_groups)]
