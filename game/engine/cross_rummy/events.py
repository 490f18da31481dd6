"""Cross Rummy's event tiles: Draw Three and Swap (with its seat-by-seat secret choice).

Functions of the state, called by ``State.apply`` for ``play:DRAW3:<seat>``,
``play:SWAP`` and, while a Swap is asked (``phase == "swap"``), ``give:<tiles>``:
they change its racks, bag and the Swap's bookkeeping (``asking``: the seats still to
choose, in order; ``giving``: what each has set aside) and end the turn through the
State. ``Table`` names what they use of the State.
"""

from __future__ import annotations

from itertools import combinations
from typing import Protocol

from game.engine.core import Event, IllegalAction, MsgList, msg, nmsg, seat_ref
from game.engine.cross_rummy.tiles import (
    DRAW3,
    SWAP,
    label,
    parse_face,
    parse_label,
    pretty,
    sort_key,
)
from game.engine.limits import excerpt


class Table(Protocol):
    """The State as the event tiles see it."""

    players: int
    current: int
    phase: str
    racks: list[list[int]]
    bag: list[int]
    removed: list[int]
    asking: list[int]
    giving: dict[int, list[int]]

    def record(self, action) -> None: ...
    def end_turn(self) -> list[Event]: ...


def give_actions(rack: list[int]) -> list[str]:
    """The Swap's choices for a seat holding ``rack``: every two of its tiles (one when
    it holds one), each written once."""
    k = min(2, len(rack))
    names = sorted((label(t) for t in rack), key=lambda n: sort_key(_tile_of(n)))
    return sorted({"give:" + ",".join(c) for c in combinations(names, k)})


def _tile_of(name: str) -> int:
    """Some tile id with this notation (for sorting)."""
    if name == SWAP:
        return 112
    if name == DRAW3:
        return 114
    return parse_face(name) * 2


def play_event(state: Table, text: str) -> list[Event]:
    """The player to move plays an event tile (``text``: ``DRAW3:<seat>`` or ``SWAP``):
    Draw Three ends the turn at once; a Swap starts asking every seat, from the player
    on, for its two tiles (unless the player's rack is now empty)."""
    seat = state.current
    kind, _, target_text = text.partition(":")
    kind = kind.upper()
    if kind not in (SWAP, DRAW3):
        raise IllegalAction(msg("{text} is not an event tile.", text=excerpt(text)))
    tile = next((t for t in state.racks[seat] if label(t) == kind), None)
    if tile is None:
        raise IllegalAction(msg("You have no {tile} tile.", tile=pretty(kind)))
    if kind == DRAW3:
        try:
            target = int(target_text)
        except ValueError:
            raise IllegalAction(msg("Choose the opponent who draws three tiles.")) from None
        if not 0 <= target < state.players or target == seat:
            raise IllegalAction(msg("Draw Three must go to one of your opponents."))
        state.record(f"play:{DRAW3}:{target}")
        state.racks[seat].remove(tile)
        state.removed.append(tile)
        drawn = [state.bag.pop() for _ in range(min(3, len(state.bag)))]
        state.racks[target].extend(drawn)
        public = Event(
            "draw",
            target,
            {"count": len(drawn)},
            nmsg(
                "{player} draws {n} tile.",
                "{player} draws {n} tiles.",
                len(drawn),
                player=seat_ref(target),
            ),
        )
        return [
            Event(
                "event",
                seat,
                {"tile": DRAW3, "target": target},
                msg(
                    "{player} plays Draw Three on {target}.",
                    player=seat_ref(seat),
                    target=seat_ref(target),
                ),
            ),
            Event(
                "draw",
                target,
                {"count": len(drawn), "tiles": [label(t) for t in drawn]},
                msg(
                    "{player} draws {tiles}.",
                    player=seat_ref(target),
                    tiles=MsgList((pretty(label(t)) for t in drawn), conjoined=True)
                    if drawn
                    else msg("nothing"),
                ),
                secret_to=target,
                public=public,
            ),
            *state.end_turn(),
        ]
    if target_text:
        raise IllegalAction(msg("Swap has no target: every player passes two tiles to the left."))
    state.record(f"play:{SWAP}")
    state.racks[seat].remove(tile)
    state.removed.append(tile)
    events = [
        Event(
            "event",
            seat,
            {"tile": SWAP},
            msg(
                "{player} plays Swap: everyone passes two tiles to the left.",
                player=seat_ref(seat),
            ),
        )
    ]
    if not state.racks[seat]:
        return events + state.end_turn()
    state.phase = "swap"
    state.asking = [(seat + i) % state.players for i in range(state.players)]
    state.giving = {}
    return events


def give(state: Table, action) -> list[Event]:
    """The seat asked in a Swap sets its tiles aside (``give:R7,B3``); once every seat
    has, each receives what the seat before it gave and the turn ends."""
    seat = state.asking[0]
    if not isinstance(action, str) or not action.startswith("give:"):
        raise IllegalAction(msg("Choose the tiles to pass to the left first."))
    names = [n for n in action[5:].split(",") if n.strip()]
    rack = state.racks[seat]
    want = min(2, len(rack))
    if len(names) != want:
        raise IllegalAction(
            nmsg(
                "Choose {n} tile to pass to the left.",
                "Choose {n} tiles to pass to the left.",
                want,
            )
        )
    chosen = []
    pool = rack[:]
    for n in names:
        try:
            name = parse_label(n)
        except ValueError:
            raise IllegalAction(msg("{text} is not a tile.", text=excerpt(n))) from None
        tile = next((t for t in pool if label(t) == name), None)
        if tile is None:
            raise IllegalAction(msg("You have no {tile} to pass.", tile=pretty(name)))
        pool.remove(tile)
        chosen.append(tile)
    state.record("give:" + ",".join(label(t) for t in chosen))
    state.racks[seat] = pool
    state.giving[seat] = chosen
    state.asking.pop(0)
    events = [
        Event(
            "give",
            seat,
            {"count": len(chosen)},
            nmsg(
                "{player} passes {n} tile face down.",
                "{player} passes {n} tiles face down.",
                len(chosen),
                player=seat_ref(seat),
            ),
        )
    ]
    if state.asking:
        return events
    for giver, tiles in sorted(state.giving.items()):
        receiver = (giver + 1) % state.players
        state.racks[receiver].extend(tiles)
        names = [label(t) for t in tiles]
        public = Event(
            "receive",
            receiver,
            {"count": len(tiles), "from": giver},
            nmsg(
                "{player} receives {n} tile from {giver}.",
                "{player} receives {n} tiles from {giver}.",
                len(tiles),
                player=seat_ref(receiver),
                giver=seat_ref(giver),
            ),
        )
        events.append(
            Event(
                "receive",
                receiver,
                {"count": len(tiles), "from": giver, "tiles": names},
                msg(
                    "{player} receives {tiles} from {giver}.",
                    player=seat_ref(receiver),
                    tiles=MsgList((pretty(n) for n in names), conjoined=True),
                    giver=seat_ref(giver),
                ),
                secret_to=receiver,
                public=public,
            )
        )
    state.giving = {}
    state.phase = "turn"
    return events + state.end_turn()
