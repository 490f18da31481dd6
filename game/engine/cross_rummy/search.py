"""Finding lays: move generation on the grid, shared by the engine and the bots.

The engine uses it to decide whether a player who can do nothing else still has
a lay (then passing is refused and the lay found is offered); the bots use it to
build their turns. Generation is Scrabble-like: lines from the rack alone placed
where they touch nothing, extensions of existing lines at either end, and
crossings (rack tiles forming a perpendicular set or run through a table tile).
Every candidate is checked on the lines it touches, so it always leaves a valid
table. ``rearrange.rearranged_layouts`` adds the simplest rearrangement (one table
tile lifted off and laid again with rack tiles); wider rearranging is left to the bots.

Layouts here are ``{(x, y): face}``; a *placement* is the cells a move adds.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain, combinations, permutations

from game.engine.cross_rummy.grid import line_ok
from game.engine.cross_rummy.tiles import NUMBERS

_DIRS = ((1, 0), (0, 1))


def placement_ok(cells: dict, placed: dict) -> bool:
    """Would adding ``placed`` to ``cells`` keep every line valid (and no tile alone)?"""
    for c in placed:
        if c in cells:
            return False
    seen = set()  # the lines checked, by direction and first cell
    for x, y in placed:
        lonely = True
        for dx, dy in _DIRS:
            back, on = (x - dx, y - dy), (x + dx, y + dy)
            if not (back in placed or back in cells or on in placed or on in cells):
                continue  # no line this way
            lonely = False
            start, faces = _line_at(cells, placed, x, y, dx, dy)
            if (dx, start) in seen:
                continue
            seen.add((dx, start))
            if not line_ok(faces):
                return False
        if lonely:
            return False
    return True


def _line_at(cells: dict, placed: dict, x: int, y: int, dx: int, dy: int) -> tuple:
    """The first cell and the faces of the line through ``(x, y)`` along ``(dx, dy)``,
    ``placed`` laid over ``cells``."""
    while (x - dx, y - dy) in placed or (x - dx, y - dy) in cells:
        x, y = x - dx, y - dy
    start = (x, y)
    faces: list[int] = []
    while True:
        f = placed.get((x, y))
        if f is None:
            f = cells.get((x, y))
            if f is None:
                return start, faces
        faces.append(f)
        x, y = x + dx, y + dy


# ---------------------------------------------------------------- lines from the rack


def rack_lines(hand: Counter) -> list[list[int]]:
    """Every set and run the given faces can form on their own (faces in line order)."""
    out = []
    for n in range(NUMBERS):
        colours = [c for c in range(4) if hand.get(c * NUMBERS + n)]
        for k in (4, 3):
            for combo in combinations(colours, k):
                out.append([c * NUMBERS + n for c in combo])
    for c in range(4):
        n = 0
        while n < NUMBERS:
            if not hand.get(c * NUMBERS + n):
                n += 1
                continue
            m = n
            while m + 1 < NUMBERS and hand.get(c * NUMBERS + m + 1):
                m += 1
            for a in range(n, m + 1):
                for b in range(a + 2, m + 1):
                    out.append([c * NUMBERS + k for k in range(a, b + 1)])
            n = m + 1
    return out


def free_spot(cells: dict, length: int, horizontal: bool, margin: int = 2):
    """A start cell for a new line of ``length`` that keeps ``margin`` empty cells around it,
    as close to the middle of the table as possible."""
    if not cells:
        return (-(length // 2), 0) if horizontal else (0, -(length // 2))
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    w, h = (length, 1) if horizontal else (1, length)
    best: tuple[float, tuple[int, int]] | None = None
    for y in range(min(ys) - margin - h - 1, max(ys) + margin + 2):
        for x in range(min(xs) - margin - w - 1, max(xs) + margin + 2):
            d = abs(x + w / 2 - cx) + 1.3 * abs(y + h / 2 - cy)
            if best is not None and d >= best[0]:
                continue
            if any(
                (i, j) in cells
                for i in range(x - margin, x + w + margin)
                for j in range(y - margin, y + h + margin)
            ):
                continue
            best = (d, (x, y))
    assert best is not None  # the ranges always hold a free spot, beyond every tile
    return best[1]


def place_line(cells: dict, faces: list[int], margin: int = 2) -> dict:
    horizontal = True
    x, y = free_spot(cells, len(faces), horizontal, margin)
    return {(x + i, y): f for i, f in enumerate(faces)}


# ---------------------------------------------------------------- moves on the table


def hand_holds(hand: Counter, faces) -> bool:
    """Does ``hand`` hold every face of ``faces`` (as many times as it is listed)?"""
    need: dict = {}
    for f in faces:
        k = need[f] = need.get(f, 0) + 1
        if hand.get(f, 0) < k:
            return False
    return True


def lines_of(cells: dict) -> list:
    """Every line of two or more tiles as ``(start, dx, dy, [cells])``, in the order
    ``extensions`` meets them: by the position of the first cell in ``cells``, across
    before down."""
    out = []
    for start in cells:
        x, y = start
        for dx, dy in _DIRS:
            if (x - dx, y - dy) in cells or (x + dx, y + dy) not in cells:
                continue  # not where a line starts
            line = [start]
            k = 1
            while (x + k * dx, y + k * dy) in cells:
                line.append((x + k * dx, y + k * dy))
                k += 1
            out.append((start, dx, dy, line))
    return out


def _reach(one_way: list, other_way: list, must):
    """With ``must``, how many faces a move takes each way at least to place it (one of
    the two counts is reached); None when neither way holds it. Without: (0, 0)."""
    if must is None:
        return 0, 0
    a = one_way.index(must) + 1 if must in one_way else 0
    b = other_way.index(must) + 1 if must in other_way else 0
    return (a, b) if a or b else None


def extensions(cells: dict, hand: Counter, must: int | None = None, lines=None):
    """Placements that lengthen an existing line at one or both ends (with ``must``:
    lines that could never take that face are skipped). ``lines``: ``lines_of(cells)``
    when the caller has it."""
    get = hand.get
    for _, dx, dy, line in lines_of(cells) if lines is None else lines:
        # what the line's ends ask for, from its end tiles, before the whole line is read
        first, second = cells[line[0]], cells[line[1]]
        number = first % NUMBERS
        if number == second % NUMBERS:  # a set takes its number only
            if must is not None and must % NUMBERS != number:
                continue
            if not any(get(c * NUMBERS + number) for c in range(4)):
                continue
        else:  # a run takes its colour only, one step beyond either end
            colour = first // NUMBERS
            if must is not None and must // NUMBERS != colour:
                continue
            step = second - first
            if step != 1 and step != -1:
                continue  # not a line at all
            low, high = first - step, cells[line[-1]] + step
            if not (low // NUMBERS == colour and get(low)) and not (
                high // NUMBERS == colour and get(high)
            ):
                continue
        faces = [cells[c] for c in line]
        if not line_ok(faces):
            continue
        (fx, fy), (lx, ly) = line[0], line[-1]
        numbers = [f % NUMBERS for f in faces]
        if numbers[0] == numbers[1]:  # a set: add missing colours
            have = {f // NUMBERS for f in faces}
            n = numbers[0]
            for c in range(4):
                f = c * NUMBERS + n
                if c in have or not hand.get(f) or (must is not None and f != must):
                    continue
                yield {(fx - dx, fy - dy): f}
                yield {(lx + dx, ly + dy): f}
            continue
        colour = faces[0] // NUMBERS
        step = numbers[1] - numbers[0]
        down = []  # faces that can go before the first tile, nearest first
        n = numbers[0] - step
        while 0 <= n < NUMBERS and hand.get(colour * NUMBERS + n):
            down.append(colour * NUMBERS + n)
            n -= step
        up = []
        n = numbers[-1] + step
        while 0 <= n < NUMBERS and hand.get(colour * NUMBERS + n):
            up.append(colour * NUMBERS + n)
            n += step
        reach = _reach(down, up, must)
        if reach is None:
            continue
        a_min, b_min = reach
        for a in range(len(down) + 1):
            for b in range(len(up) + 1):
                if a + b == 0 or (must is not None and a < a_min and b < b_min):
                    continue
                placed = {(fx - (i + 1) * dx, fy - (i + 1) * dy): down[i] for i in range(a)}
                for i in range(b):
                    placed[(lx + (i + 1) * dx, ly + (i + 1) * dy)] = up[i]
                yield placed


def crossings(cells: dict, hand: Counter, max_perms: int = 6, must: int | None = None, spots=None):
    """Placements that start a perpendicular set or run through a table tile (with
    ``must``: only through tiles whose set or run could take that face). ``spots``:
    the ``(cell, face)`` pairs to try, in table order (all of them when None)."""
    get = hand.get
    if must is None:
        # which table faces the hand could cross at all: two more colours of the number
        # (a set), or two tiles of the colour running on from it (a run)
        held = [bool(get(f)) for f in range(NUMBERS * 4)]
        by_number = [sum(held[c * NUMBERS + n] for c in range(4)) for n in range(NUMBERS)]
        crossable = []
        for f in range(NUMBERS * 4):
            _colour, n = divmod(f, NUMBERS)
            down = n > 0 and held[f - 1]
            up = n < NUMBERS - 1 and held[f + 1]
            crossable.append(
                by_number[n] - held[f] >= 2
                or (down and up)
                or (down and n > 1 and held[f - 2])
                or (up and n < NUMBERS - 2 and held[f + 2])
            )
    for (x, y), face in cells.items() if spots is None else spots:
        if must is None and not crossable[face]:
            continue
        free = [
            (dx, dy)
            for dx, dy in _DIRS
            if (x - dx, y - dy) not in cells and (x + dx, y + dy) not in cells
        ]
        if not free:
            continue
        n = face % NUMBERS
        colour = face // NUMBERS
        sets, runs = True, True
        if must is not None:
            sets = must % NUMBERS == n and must // NUMBERS != colour
            runs = must // NUMBERS == colour
            if not (sets or runs):
                continue
        others = [c * NUMBERS + n for c in range(4) if c != colour and get(c * NUMBERS + n)]
        if len(others) < 2:
            sets = False
        below = []  # the hand's run down from the table tile, nearest first
        above = []
        reach = None
        if runs:
            m = n - 1
            while m >= 0 and get(colour * NUMBERS + m):
                below.append(colour * NUMBERS + m)
                m -= 1
            m = n + 1
            while m < NUMBERS and get(colour * NUMBERS + m):
                above.append(colour * NUMBERS + m)
                m += 1
            reach = _reach(below, above, must)
            if reach is None or len(below) + len(above) < 2:
                runs = False
        if not (sets or runs):
            continue
        for dx, dy in free:
            for k in (3, 2) if sets else ():
                for combo in combinations(others, k):
                    if must is not None and must not in combo:
                        continue
                    for perm in list(permutations(combo))[:max_perms]:
                        for at in range(k + 1):
                            yield {
                                (x + (i - at) * dx, y + (i - at) * dy): perm[i if i < at else i - 1]
                                for i in range(k + 1)
                                if i != at
                            }
            if not runs:
                continue
            a_min, b_min = reach  # type: ignore[misc]  # set whenever runs is true
            for a in range(len(below) + 1):
                for b in range(len(above) + 1):
                    if a + b < 2 or (must is not None and a < a_min and b < b_min):
                        continue
                    for sign in (1, -1):  # numbers grow along +axis, or along -axis
                        placed = {}
                        for i in range(a):
                            placed[(x - sign * (i + 1) * dx, y - sign * (i + 1) * dy)] = below[i]
                        for i in range(b):
                            placed[(x + sign * (i + 1) * dx, y + sign * (i + 1) * dy)] = above[i]
                        yield placed


def table_moves(cells: dict, hand: Counter, must: int | None = None, lines=None, spots=None):
    """Every extension and crossing the hand allows, unchecked; with ``must``, only
    those that place that face (the same moves in the same order, the rest skipped).
    ``lines`` and ``spots``: the table's lines and crossing cells when the caller has
    them (see ``extensions`` and ``crossings``)."""
    moves = chain(
        extensions(cells, hand, must, lines), crossings(cells, hand, must=must, spots=spots)
    )
    yield from moves if must is None else (p for p in moves if must in p.values())


def valid_moves(cells: dict, hand: Counter, lines=None):
    for placed in table_moves(cells, hand, lines=lines):
        if placement_ok(cells, placed):
            yield placed


def new_group_allowed(opened: list, seat: int, n_groups: int, limit: int) -> bool:
    """May ``seat`` start a group of rack tiles now? Only below the group limit, and
    then for its opening group, or for any group once everyone has opened."""
    if n_groups >= limit:
        return False
    return not opened[seat] or all(opened)


def find_lay(
    cells: dict, hand: list[int], *, opened: bool, new_group_ok: bool, lines=None
) -> dict | None:
    """Some legal placement for a player (None if the generator finds none).

    ``opened``: the player has opened (else only an opening line counts);
    ``new_group_ok``: a new group may be started (see ``new_group_allowed``);
    ``lines``: ``lines_of(cells)`` when the caller keeps it.
    """
    counts = Counter(hand)
    if new_group_ok:
        own = rack_lines(counts)
        if own:
            best = max(own, key=lambda f: (len(f), sum(x % NUMBERS for x in f)))
            return place_line(cells, best)
    if not opened:
        return None
    for placed in valid_moves(cells, counts, lines):
        if hand_holds(counts, placed.values()):
            return placed
    return None
