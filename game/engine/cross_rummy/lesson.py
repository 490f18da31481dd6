"""What a "Learn to play" lesson needs of Cross Rummy (``assets/lessons/cross_rummy.toml``).

``place_deal``: the first round's prepared tiles (racks, market, the next draws from the
bag) put in place after the seed's shuffle; the seed still orders the rest of the bag.
``lesson_action``: a lesson's move read into the engine's notation (a lay written as a
picture of the table). ``LESSON_MENTIONS``: texts name tiles as the log does ("red 7").
``lesson_unseen``: the tile faces a seat's view does not show it.
"""

from __future__ import annotations

import re

from game.engine.cross_rummy.lay import PREFIX, decode_lay, encode_lay
from game.engine.cross_rummy.tiles import (
    ALL_TILES,
    DRAW3,
    FACE_LABELS,
    SWAP,
    label,
    parse_face,
    parse_label,
    sort_key,
)


def _labels(deal: dict, key: str) -> list[str]:
    value = deal.get(key, [])
    if not isinstance(value, list):
        raise ValueError(f"deal.{key}: expected a list of tiles such as R7, SWAP")
    out = []
    for text in value:
        try:
            out.append(parse_label(str(text)))
        except ValueError:
            raise ValueError(f"deal.{key}: {text!r} is not a tile (R7, Y14, SWAP, DRAW3)") from None
    return out


def place_deal(state, deal: dict) -> None:
    """Put ``deal`` in place on ``state``, just dealt from the seed's shuffle: ``racks``
    (one list of tiles per seat, all of one size up to the usual rack), ``market`` (the
    market's tiles, as many as it holds) and ``bag`` (the next tiles drawn, in order).
    A ValueError names a deal the game cannot hold."""
    players = state.players
    racks = deal.get("racks")
    if not isinstance(racks, list) or len(racks) != players:
        raise ValueError(f"deal.racks: needs one rack for each of the {players} seats")
    named_racks = [_labels({"racks": rack}, "racks") for rack in racks]
    size = len(named_racks[0])
    if any(len(rack) != size for rack in named_racks) or not 1 <= size <= state.data["rack_size"]:
        raise ValueError(
            f"deal.racks: every rack needs the same number of tiles (1–{state.data['rack_size']})"
        )
    market = _labels(deal, "market")
    if len(market) != state.data["market_size"]:
        raise ValueError(f"deal.market: needs {state.data['market_size']} tiles")
    draws = _labels(deal, "bag")
    # every tile id not yet given, in the seed's order: racks, market, then the bag
    pool = [t for rack in state.racks for t in rack] + state.market + state.bag
    if sorted(pool) != list(ALL_TILES):
        raise ValueError("deal: only a fresh deal can be prepared")

    def take(name: str, where: str) -> int:
        tile = next((t for t in pool if label(t) == name), None)
        if tile is None:
            raise ValueError(f"deal.{where}: {name} is named more often than there are tiles")
        pool.remove(tile)
        return tile

    state.racks = [sorted((take(n, "racks") for n in rack), key=sort_key) for rack in named_racks]
    state.market = [take(n, "market") for n in market]
    drawn = [take(n, "bag") for n in draws]
    state.bag = pool + drawn[::-1]  # the bag is drawn from its end
    state.opening = state.deal_events(size)


# ---------------------------------------------------------------- reading a lesson's moves

_WORDS = ("draw", "pass")


def lesson_action(expected: str) -> str:
    """A lesson's move in the engine's own notation, the same for every way of writing
    it. A lay is written as a picture of the whole table after it, one line a row, tiles
    and ``.`` (an empty cell) apart by spaces, its top-left cell (0, 0)::

        .  .  Y7
        R5 R6 R7

    and read into the lay action (``lay:0,1,R5;...``); a lay action is written as
    ``encode_lay`` writes it, and tiles passed in a Swap in rack order, so a move the
    table sends matches the lesson's however the player picked its tiles."""
    text = str(expected).strip()
    if text in _WORDS or text.startswith(("take:", "play:")):
        return text
    if text.startswith("give:"):
        names = [parse_label(n) for n in text[5:].split(",") if n.strip()]
        return "give:" + ",".join(sorted(names, key=_rack_order))
    if text.startswith(PREFIX):
        return encode_lay(decode_lay(text))
    return encode_lay(read_picture(str(expected)))


def _rack_order(name: str) -> tuple:
    return sort_key(112 if name == SWAP else 114 if name == DRAW3 else parse_face(name) * 2)


def read_picture(picture: str) -> dict:
    """``{(x, y): "R7"}`` from a picture of the table (see ``lesson_action``); a
    ValueError names the first word that is not a tile."""
    rows = picture.split("\n")
    while rows and not rows[0].strip():
        rows.pop(0)
    while rows and not rows[-1].strip():
        rows.pop()
    if not rows:
        raise ValueError("a lay picture needs at least one tile")
    cells = {}
    for y, row in enumerate(rows):
        for x, word in enumerate(row.split()):
            if word == ".":
                continue
            try:
                cells[(x, y)] = label(parse_face(word) * 2)
            except ValueError:
                raise ValueError(
                    f"{word!r} in row {y + 1} of a lay picture is not a tile (R7, Y14) or ."
                ) from None
    return cells


# ---------------------------------------------------------------- what texts may name

_COLOUR_WORDS = {"red": "R", "yellow": "Y", "blue": "B", "green": "G"}
# texts name tiles as the log does, "red 7", read back into notation (R7)
LESSON_MENTIONS = {
    "tiles": (
        re.compile(r"(?<![\w])(red|yellow|blue|green) (1[0-4]|[1-9])(?![\w])"),
        lambda m: _COLOUR_WORDS[m.group(1)] + m.group(2),
    )
}


def lesson_unseen(view) -> set[str]:
    """Every tile face ``view`` does not show its seat: a face on its rack, on the table,
    in the market or set aside in a Swap is seen (the other copy may be hidden, but
    naming the face tells nothing)."""
    seen = set(view.rack) | set(view.table.values()) | set(view.market)
    seen |= set(view.swap_giving) | set(view.removed)
    return {name for name in (*FACE_LABELS, SWAP, DRAW3) if name not in seen}
