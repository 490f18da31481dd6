"""What a "Learn to play" lesson needs of Cross Rummy (``assets/lessons/cross_rummy.toml``).

``place_deal``: the first round's prepared tiles (racks, market, the next draws from the
bag) put in place after the seed's shuffle; the seed still orders the rest of the bag.
"""

from __future__ import annotations

from game.engine.core import Event, msg, seat_ref
from game.engine.cross_rummy.tiles import ALL_TILES, label, parse_label, sort_key


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
    state.opening = [
        Event(
            "deal",
            state.current,
            {"round": state.round, "market": [label(t) for t in state.market]},
            msg(
                "Round {round}: everyone draws {size} tiles; {player} starts.",
                round=state.round,
                size=size,
                player=seat_ref(state.current),
            ),
        )
    ]
