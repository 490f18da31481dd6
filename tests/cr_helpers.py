"""Helpers for the Cross Rummy tests: rigged positions and layouts in notation."""

from collections import Counter

from game.engine import cross_rummy as cr
from game.engine.cross_rummy.grid import parse_rows
from game.engine.cross_rummy.tiles import ALL_TILES, DRAW3_IDS, SWAP_IDS, label, parse_face


def _take(pool: list, name: str) -> int:
    if name == "SWAP":
        tile = next(t for t in SWAP_IDS if t in pool)
    elif name == "DRAW3":
        tile = next(t for t in DRAW3_IDS if t in pool)
    else:
        face = parse_face(name)
        tile = next(t for t in (face * 2, face * 2 + 1) if t in pool)
    pool.remove(tile)
    return tile


def rigged(
    players, table_rows=(), racks=None, opened=None, market=(), bag=None, current=0, **options
):
    """A state mid-round: table from rows, racks and market in notation; the rest in the bag."""
    state = cr.new_game({"players": players, "start_seat": 0, **options}, seed=0)
    pool = list(ALL_TILES)
    table = {}
    for cell, face in parse_rows(list(table_rows)).items():
        table[cell] = _take(pool, label(face * 2))
    state.table = table
    state.racks = [[_take(pool, n) for n in (racks[s] if racks else [])] for s in range(players)]
    state.market = [_take(pool, n) for n in market]
    state.bag = [_take(pool, n) for n in bag] if bag is not None else pool[:]
    state.removed = [] if bag is None else pool[:]  # tiles not in play sit out of the game
    state.opened = list(opened) if opened else [False] * players
    state.current = current
    state.phase = "turn"
    state.asking = []
    state.giving = {}
    state.passes = 0
    return state


def layout(rows, dx=0, dy=0) -> dict:
    """{cell: "R7"} from rows, shifted by (dx, dy)."""
    return {(x + dx, y + dy): label(f * 2) for (x, y), f in parse_rows(list(rows)).items()}


def lay_action(rows, dx=0, dy=0) -> str:
    return cr.encode_lay(layout(rows, dx, dy))


def rack_names(state, seat) -> Counter:
    return Counter(label(t) for t in state.racks[seat])
