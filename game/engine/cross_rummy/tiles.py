"""Cross Rummy tiles: ids inside the engine, notation outside.

There are 116 tiles with ids 0..115. Number tiles are ids 0..111: two copies of
each *face*, ``face = id // 2`` (0..55), ``colour = face // 14`` in the order
R Y B G, ``number = face % 14 + 1``. Event tiles: 112 and 113 are Swap, 114 and
115 are Draw Three.

Notation: colour letter + number (``R7``, ``Y14``, ``B1``, ``G3``); events ``SWAP``
and ``DRAW3``. Two copies of a face look the same, so notation names a face, not
a particular tile.
"""

from __future__ import annotations

from game.engine.core import msg
from game.engine.limits import excerpt

COLOURS = "RYBG"
COLOUR_NAMES = (msg("red"), msg("yellow"), msg("blue"), msg("green"))
NUMBERS = 14
COPIES = 2
FACES = len(COLOURS) * NUMBERS  # 56
NUMBER_TILES = FACES * COPIES  # 112
SWAP_IDS = (112, 113)
DRAW3_IDS = (114, 115)
ALL_TILES = tuple(range(NUMBER_TILES + len(SWAP_IDS) + len(DRAW3_IDS)))  # 116
SWAP = "SWAP"
DRAW3 = "DRAW3"
EVENT_NAMES = {SWAP: msg("Swap"), DRAW3: msg("Draw Three")}

FACE_LABELS = tuple(COLOURS[f // NUMBERS] + str(f % NUMBERS + 1) for f in range(FACES))
_FACE_BY_LABEL = {label: f for f, label in enumerate(FACE_LABELS)}


def face_of(tile: int) -> int:
    """The face (0..55) of a number tile; -1 for Swap, -2 for Draw Three."""
    if tile < NUMBER_TILES:
        return tile >> 1
    return -1 if tile in SWAP_IDS else -2


def is_event(tile: int) -> bool:
    return tile >= NUMBER_TILES


def label(tile: int) -> str:
    """Notation of a tile id."""
    if tile < NUMBER_TILES:
        return FACE_LABELS[tile >> 1]
    return SWAP if tile in SWAP_IDS else DRAW3


def parse_face(text: str) -> int:
    """The face of a number tile in notation; ValueError with a readable message otherwise."""
    key = str(text).strip().upper()
    if key in _FACE_BY_LABEL:
        return _FACE_BY_LABEL[key]
    if key in (SWAP, DRAW3):
        raise ValueError(
            msg(
                "{tile} is an event tile; event tiles are never laid on the table",
                tile=EVENT_NAMES[key],
            )
        )
    raise ValueError(
        msg(
            "{text} is not a tile (write a colour R, Y, B or G and a number 1–14, e.g. R7)",
            text=excerpt(text),
        )
    )


def parse_label(text: str) -> str:
    """Normalised notation of any tile (number or event); ValueError if it is none."""
    key = str(text).strip().upper()
    if key in (SWAP, DRAW3) or key in _FACE_BY_LABEL:
        return key
    raise ValueError(msg("{text} is not a tile", text=excerpt(text)))


def points(tile: int, event_points: int = 20) -> int:
    """What a tile left on the rack costs: its number, or ``event_points`` for an event tile."""
    if tile < NUMBER_TILES:
        return (tile >> 1) % NUMBERS + 1
    return event_points


def rack_value(tiles, event_points: int = 20) -> int:
    return sum(points(t, event_points) for t in tiles)


def pretty(text: str) -> str:
    """Notation in words for log lines: ``R7`` -> ``red 7``, ``SWAP`` -> ``Swap``."""
    if text in EVENT_NAMES:
        return EVENT_NAMES[text]
    return _PRETTY[text]


_PRETTY = {
    name: msg("{colour} {number}", colour=COLOUR_NAMES[f // NUMBERS], number=f % NUMBERS + 1)
    for f, name in enumerate(FACE_LABELS)
}


def sort_key(tile: int) -> tuple:
    """Rack order: colour, then number; event tiles last."""
    return (1, tile) if tile >= NUMBER_TILES else (0, tile >> 1)
