"""Lays: the action that describes the whole table after the turn, and its validation.

A lay action is a string ``"lay:" + ";".join("x,y,TILE")`` listing every cell of
the table *after* the lay, e.g. ``"lay:0,0,R5;1,0,R6;2,0,R7"``. Cells are integer
grid coordinates (x to the right, y downwards; negative values are fine). Tiles
already on the table may be moved anywhere; the engine works out which tiles came
from the rack by comparing the layout with the table before the turn.

``validate(...)`` checks a layout as a whole and returns every problem with the
cells to mark, so the table screen can show them live while a player arranges
tiles; ``State.apply`` raises ``IllegalAction`` with the same words.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from game.engine.core import MsgList, Sentence, msg, nmsg
from game.engine.cross_rummy.grid import (
    Problem,
    groups,
    layout_problems,
    line_cells,
    line_reason,
)
from game.engine.cross_rummy.tiles import (
    COLOUR_NAMES,
    COLOURS,
    FACE_LABELS,
    face_of,
    is_event,
    label,
    parse_face,
    parse_label,
    pretty,
)
from game.engine.limits import excerpt

PREFIX = "lay:"


def encode_lay(cells) -> str:
    """A lay action from ``{(x, y): "R7"}`` or ``[(x, y, "R7"), ...]`` (labels or faces as ints)."""
    items = cells.items() if isinstance(cells, dict) else (((x, y), t) for x, y, t in cells)
    parts = []
    for (x, y), tile in sorted(items, key=_reading_order):
        text = FACE_LABELS[tile] if isinstance(tile, int) else str(tile)
        parts.append(f"{int(x)},{int(y)},{text}")
    return PREFIX + ";".join(parts)


def _reading_order(kv) -> tuple:
    return kv[0][1], kv[0][0]


# The 116 tiles can never span more than 116 cells, and every lay is laid beside the
# table that is there; a position this far out is a damaged or hostile action.
REACH = 1000
MAX_CELLS = 116


def _whole(value) -> int | None:
    """An integer cell coordinate from an int or a string of digits; None otherwise."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and len(value) <= 8:
        text = value.strip()
        body = text[1:] if text[:1] == "-" else text
        if body.isascii() and body.isdigit():
            return int(text)
    return None


def decode_lay(action) -> dict:
    """``{(x, y): "R7"}`` from a lay action; ValueError with a readable message if malformed."""
    if isinstance(action, dict) and "lay" in action:  # also accept {"lay": [[x, y, "R7"], ...]}
        cells = action["lay"]
        if not isinstance(cells, (list, tuple)):
            raise ValueError(msg("{text} is not a list of cells", text=excerpt(cells)))
        entries = list(cells)
    elif isinstance(action, str) and action.startswith(PREFIX):
        body = action[len(PREFIX) :]
        if len(body) > 40 * MAX_CELLS:
            raise ValueError(msg("{text} is too long for a lay", text=excerpt(action)))
        entries = [tuple(part.split(",")) for part in filter(None, body.split(";"))]
    else:
        raise ValueError(msg("{text} is not a lay", text=excerpt(action)))
    if len(entries) > MAX_CELLS:
        raise ValueError(
            msg(
                "a lay lists {n} cells; there are only {most} tiles", n=len(entries), most=MAX_CELLS
            )
        )
    return check_cells(entries)


def check_cells(entries, parse_tiles: bool = True) -> dict:
    """``{(x, y): label}`` from ``(x, y, TILE)`` entries or a ``{(x, y): TILE}`` layout, every
    coordinate a whole number within REACH and every tile a tile; ValueError otherwise.
    Without ``parse_tiles`` a tile only has to be short text: ``validate`` names a wrong
    tile together with its cell."""
    if isinstance(entries, dict):
        entries = [
            (*cell, tile) if isinstance(cell, tuple) else (cell, None, tile)
            for cell, tile in entries.items()
        ]
    out = {}
    for entry in entries:
        if not isinstance(entry, (list, tuple)) or len(entry) != 3:
            raise ValueError(msg("{text} is not a cell: write x,y,TILE", text=excerpt(entry)))
        x, y = _whole(entry[0]), _whole(entry[1])
        if x is None or y is None:
            raise ValueError(msg("{text} has no whole-number cell position", text=excerpt(entry)))
        if abs(x) > REACH or abs(y) > REACH:
            raise ValueError(
                msg(
                    "the cell ({x}, {y}) is off the table (positions run to ±{reach})",
                    x=x,
                    y=y,
                    reach=REACH,
                )
            )
        if (x, y) in out:
            raise ValueError(msg("two tiles are in the same cell ({x}, {y})", x=x, y=y))
        if not isinstance(entry[2], str) or len(entry[2]) > 8:
            raise ValueError(msg("{text} is not a tile", text=excerpt(entry[2])))
        out[(x, y)] = parse_label(entry[2]) if parse_tiles else entry[2]
    return out


def assign(table: dict, rack: list, layout: dict):
    """Give every cell of ``layout`` a tile id: tiles staying in place keep theirs, moved
    table tiles come next, then rack tiles. Returns ``(new_table, laid_ids, problems)``."""
    problems: list[Problem] = []
    faces = {}
    for cell, text in layout.items():
        try:
            faces[cell] = parse_face(text)
        except ValueError as exc:
            try:
                name = pretty(parse_label(text))
                reason = msg(
                    "{tile} is an event tile: event tiles are never laid on the table.", tile=name
                )
            except ValueError:
                reason = Sentence(exc.args[0])
            problems.append(Problem("rule", reason, (cell,)))
    if problems:
        return None, [], problems
    return assign_faces(table, rack, faces)


def assign_faces(table: dict, rack: list, faces: dict):
    """``assign`` for a layout already in faces (``{cell: face}``)."""
    problems: list[Problem] = []
    new: dict = {}
    old_pool = defaultdict(list)
    for cell, tile in table.items():  # number tiles only: the face is id // 2
        if faces.get(cell) == tile >> 1:
            new[cell] = tile
        else:
            old_pool[tile >> 1].append(tile)
    rack_pool = defaultdict(list)
    for tile in rack:
        if not is_event(tile):
            rack_pool[face_of(tile)].append(tile)
    laid = []
    missing_from_rack = defaultdict(list)
    for cell in sorted((c for c in faces if c not in new), key=lambda c: (c[1], c[0])):
        face = faces[cell]
        if old_pool[face]:
            new[cell] = old_pool[face].pop()
        elif rack_pool[face]:
            new[cell] = rack_pool[face].pop()
            laid.append(new[cell])
        else:
            missing_from_rack[face].append(cell)
    for face, cells in missing_from_rack.items():
        n = len(cells)
        have = sum(1 for t in rack if face_of(t) == face)
        name = pretty(FACE_LABELS[face])
        if have:
            text = msg(
                "You have only {have} {tile} on your rack: this lay needs {need}.",
                have=have,
                tile=name,
                need=have + n,
            )
        elif n == 1:
            text = msg("You have no {tile} on your rack to lay.", tile=name)
        else:
            text = msg("You have no {tile} on your rack: this lay needs {n}.", n=n, tile=name)
        problems.append(Problem("rule", text, tuple(cells)))
    left = [t for pool in old_pool.values() for t in pool]
    if left:
        old_cells = {t: c for c, t in table.items()}
        left_faces = [FACE_LABELS[face_of(t)] for t in left]
        # a few missing tiles are named (the cells are marked too); a lay that drops most
        # of the table is told how many, not read every tile of it
        names = (
            tile_counts(left_faces)
            if len(set(left_faces)) <= MISSING_NAMED
            else nmsg("{n} tile", "{n} tiles", len(left))
        )
        problems.append(
            Problem(
                "rule",
                nmsg(
                    "Tiles on the table must stay on the table: {tiles} is missing.",
                    "Tiles on the table must stay on the table: {tiles} are missing.",
                    len(left),
                    tiles=names,
                ),
                tuple(old_cells[t] for t in left),
            )
        )
    if not problems and not laid:
        problems.append(Problem("rule", msg("Lay at least one tile from your rack.")))
    return (None if problems else new), laid, problems


def validate(
    table: dict,
    rack: list,
    layout: dict,
    *,
    seat: int,
    opened: list,
    players: int,
    max_groups: int,
    faces: bool = False,
) -> tuple[list[Problem], dict | None, list]:
    """Check a proposed table ``layout`` ({cell: label}, or {cell: face} with ``faces``)
    for ``seat``.

    Returns ``(problems, new_table, laid)``: every problem found (empty if the lay is
    legal), the table as {cell: tile id} and the rack tiles laid.
    """
    new, laid, problems = (assign_faces if faces else assign)(table, rack, layout)
    if problems:
        return problems, None, laid
    cells = {c: face_of(t) for c, t in new.items()}
    comps = groups(cells)
    problems = layout_problems(cells, max_groups, players, comps)
    laid_set = set(laid)
    # Copies of a face look alike: a group counts as the player's own when the rack
    # tiles laid could fill all of it, whichever copy the assignment put there.
    laid_faces = Counter(face_of(t) for t in laid)
    opening = not opened[seat]
    if opening:
        ok = False
        for comp in comps:
            if len(comp) < 3 or Counter(cells[c] for c in comp) - laid_faces:
                continue
            xs = {x for x, _ in comp}
            ys = {y for _, y in comp}
            if len(xs) != 1 and len(ys) != 1:
                continue
            line = sorted(comp, key=lambda c: (c[1], c[0]))
            if line_reason([cells[c] for c in line]) is None:
                ok = True
                break
        if not ok:
            problems.append(
                Problem(
                    "rule",
                    msg(
                        "To open, lay at least 3 of your own tiles as a new group of their own: "
                        "one set or one run that touches no other tile."
                    ),
                    tuple(c for c in new if new[c] in laid_set),
                )
            )
    everyone = all(o or s == seat for s, o in enumerate(opened))
    if not everyone:
        before = len(groups(table))
        allowed = before + (1 if opening else 0)
        if len(comps) > allowed:
            fresh = [c for comp in comps if all(new[x] in laid_set for x in comp) for c in comp]
            problems.append(
                Problem(
                    "rule",
                    msg(
                        "Until every player has opened, nobody may start a group beyond their "
                        "own first one ({allowed} allowed now, this lay makes {n}).",
                        allowed=allowed,
                        n=len(comps),
                    ),
                    tuple(fresh),
                )
            )
    return problems, new, laid


def line_through(layout: dict, cell) -> list:
    """The longest line (two or more tiles in a row or column) through ``cell`` of
    ``layout`` ({cell: "R7"}), as its labels in order; [] if the tile stands alone."""
    lines = [line_cells(layout, cell, horizontal) for horizontal in (True, False)]
    best = max(lines, key=len)
    return [layout[c] for c in best] if len(best) >= 2 else []


def moves(table: dict, new: dict) -> list:
    """The table tiles a lay moved, as [(from, to, "Y9")] in reading order: ``table`` and
    ``new`` are the tables before and after, {cell: tile id}."""
    old = {t: c for c, t in table.items()}
    moved = [(c, t) for c, t in new.items() if t in old and old[t] != c]
    return [(old[t], c, label(t)) for c, t in sorted(moved, key=_reading_order)]


def describe_line(labels: list) -> str:
    """Words for a line of the table: "the 9s" for a set, "yellow 7–9" for a run."""
    if not labels:
        return msg("a new place")
    numbers = [t[1:] for t in labels]
    if len(set(numbers)) == 1:
        return msg("the {number}s", number=numbers[0])
    if all(t[0] == labels[0][0] for t in labels):
        values = sorted(int(n) for n in numbers)
        colour = COLOUR_NAMES[COLOURS.index(labels[0][0])]
        return msg("{colour} {low}–{high}", colour=colour, low=values[0], high=values[-1])
    return MsgList(pretty(t) for t in labels)


MISSING_NAMED = 6  # distinct tiles a "must stay on the table" refusal names at the most


def tile_counts(labels) -> str:
    """Tiles in words, a face met more than once counted: ["R5", "R5", "B8"] ->
    "2 × red 5 and blue 8"."""
    counts = Counter(labels)
    return MsgList(
        (
            pretty(name) if n == 1 else msg("{n} × {tile}", n=n, tile=pretty(name))
            for name, n in counts.items()
        ),
        conjoined=True,
    )


def moves_text(moved: list, before: dict, after: dict) -> str:
    """Words for the table tiles a lay moved: ``moved`` is [(from, to, "Y9"), ...]. Tiles
    that went from one line to one line together are named together ("red 5, red 6
    and red 7 from red 5–7 to red 5–10"), as when a whole line is moved."""
    together: dict = {}  # (was, now) -> tile names, in the order first met
    for src, dst, name in moved:
        was = describe_line(line_through(before, src))
        now = describe_line(line_through(after, dst))
        together.setdefault((str(was), str(now)), (was, now, []))[2].append(pretty(name))
    parts = []
    for was, now, names in together.values():
        tile = names[0] if len(names) == 1 else MsgList(names, conjoined=True)
        if was == now:
            parts.append(msg("{tile} to a new place in {line}", tile=tile, line=now))
        else:
            parts.append(msg("{tile} from {was} to {now}", tile=tile, was=was, now=now))
    return msg("; moves {moves}", moves=MsgList(parts)) if parts else ""
