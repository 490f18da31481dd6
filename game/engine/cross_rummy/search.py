"""Finding lays: move generation on the grid, shared by the engine and the bots.

The engine uses it to decide whether a player who can do nothing else still has
a lay (then passing is refused and the lay found is offered); the bots use it to
build their turns. Generation is Scrabble-like: lines from the rack alone placed
where they touch nothing, extensions of existing lines at either end, and
crossings (rack tiles forming a perpendicular set or run through a table tile).
Every candidate is checked on the lines it touches, so it always leaves a valid
table. ``rearranged_layouts`` adds the simplest rearrangement (one table tile
lifted off and laid again with rack tiles); wider rearranging is left to the bots.

Layouts here are ``{(x, y): face}``; a *placement* is the cells a move adds.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain, combinations, permutations

from game.engine.cross_rummy.grid import line_ok
from game.engine.cross_rummy.tiles import NUMBERS

_DIRS = ((1, 0), (0, 1))


def _line_faces(cells: dict, placed: dict, start, horizontal: bool) -> list:
    """The faces of the line through ``start`` (``placed`` laid over ``cells``)."""
    x, y = start
    faces = []
    if horizontal:
        a = x - 1
        while (a, y) in placed or (a, y) in cells:
            a -= 1
        while True:
            a += 1
            f = placed.get((a, y))
            if f is None:
                f = cells.get((a, y))
                if f is None:
                    return faces
            faces.append(f)
    b = y - 1
    while (x, b) in placed or (x, b) in cells:
        b -= 1
    while True:
        b += 1
        f = placed.get((x, b))
        if f is None:
            f = cells.get((x, b))
            if f is None:
                return faces
        faces.append(f)


def placement_ok(cells: dict, placed: dict) -> bool:
    """Would adding ``placed`` to ``cells`` keep every line valid (and no tile alone)?"""
    for c in placed:
        if c in cells:
            return False
    seen = set()  # the lines checked, by direction, row or column, and first cell
    for x, y in placed:
        lonely = True
        if (
            (x - 1, y) in placed
            or (x - 1, y) in cells
            or (x + 1, y) in placed
            or (x + 1, y) in cells
        ):
            lonely = False
            a = x - 1
            while (a, y) in placed or (a, y) in cells:
                a -= 1
            if (True, y, a) not in seen:
                seen.add((True, y, a))
                faces = []
                while True:
                    a += 1
                    f = placed.get((a, y))
                    if f is None:
                        f = cells.get((a, y))
                        if f is None:
                            break
                    faces.append(f)
                if not line_ok(faces):
                    return False
        if (
            (x, y - 1) in placed
            or (x, y - 1) in cells
            or (x, y + 1) in placed
            or (x, y + 1) in cells
        ):
            lonely = False
            b = y - 1
            while (x, b) in placed or (x, b) in cells:
                b -= 1
            if (False, x, b) not in seen:
                seen.add((False, x, b))
                faces = []
                while True:
                    b += 1
                    f = placed.get((x, b))
                    if f is None:
                        f = cells.get((x, b))
                        if f is None:
                            break
                    faces.append(f)
                if not line_ok(faces):
                    return False
        if lonely:
            return False
    return True


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
    best = None
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
    return best[1]


def place_line(cells: dict, faces: list[int], margin: int = 2) -> dict:
    horizontal = True
    x, y = free_spot(cells, len(faces), horizontal, margin)
    return {(x + i, y): f for i, f in enumerate(faces)}


# ---------------------------------------------------------------- moves on the table


def _take(hand: Counter, faces) -> bool:
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
        if (x - 1, y) not in cells and (x + 1, y) in cells:
            line = [start]
            k = x + 1
            while (k, y) in cells:
                line.append((k, y))
                k += 1
            out.append((start, 1, 0, line))
        if (x, y - 1) not in cells and (x, y + 1) in cells:
            line = [start]
            k = y + 1
            while (x, k) in cells:
                line.append((x, k))
                k += 1
            out.append((start, 0, 1, line))
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
            c, n = divmod(f, NUMBERS)
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
            a_min, b_min = reach
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
        if _take(counts, placed.values()):
            return placed
    return None


# ---------------------------------------------------------------- one tile moved


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
                if groups.count_with(split, placed) > max_groups:
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
    return bool(used) and _take(counts, used)
