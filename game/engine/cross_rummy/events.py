"""Cross Rummy event tiles: Draw Three and Swap (with its seat-by-seat secret choice).

Mixed into ``State``; uses its racks, bag and the turn helpers ``_record`` and
``_end_turn``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.core import Event, IllegalAction, MsgList, msg, nmsg, seat_ref
from game.engine.cross_rummy.tiles import DRAW3, SWAP, label, parse_label, pretty
from game.engine.limits import excerpt


class EventActions:
    # the table these actions change, set up by ``State`` (annotations only)
    players: int
    current: int
    phase: str
    racks: list[list[int]]
    bag: list[int]
    removed: list[int]
    asking: list[int]
    giving: dict[int, list[int]]

    if TYPE_CHECKING:  # State's own bookkeeping

        def _record(self, action) -> None: ...
        def _end_turn(self) -> list[Event]: ...

    def _play_event(self, text: str) -> list[Event]:
        seat = self.current
        kind, _, target_text = text.partition(":")
        kind = kind.upper()
        if kind not in (SWAP, DRAW3):
            raise IllegalAction(msg("{text} is not an event tile.", text=excerpt(text)))
        tile = next((t for t in self.racks[seat] if label(t) == kind), None)
        if tile is None:
            raise IllegalAction(msg("You have no {tile} tile.", tile=pretty(kind)))
        if kind == DRAW3:
            try:
                target = int(target_text)
            except ValueError:
                raise IllegalAction(msg("Choose the opponent who draws three tiles.")) from None
            if not 0 <= target < self.players or target == seat:
                raise IllegalAction(msg("Draw Three must go to one of your opponents."))
            self._record(f"play:{DRAW3}:{target}")
            self.racks[seat].remove(tile)
            self.removed.append(tile)
            drawn = [self.bag.pop() for _ in range(min(3, len(self.bag)))]
            self.racks[target].extend(drawn)
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
                *self._end_turn(),
            ]
        if target_text:
            raise IllegalAction(
                msg("Swap has no target: every player passes two tiles to the left.")
            )
        self._record(f"play:{SWAP}")
        self.racks[seat].remove(tile)
        self.removed.append(tile)
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
        if not self.racks[seat]:
            return events + self._end_turn()
        self.phase = "swap"
        self.asking = [(seat + i) % self.players for i in range(self.players)]
        self.giving = {}
        return events

    def _give(self, action) -> list[Event]:
        seat = self.asking[0]
        if not isinstance(action, str) or not action.startswith("give:"):
            raise IllegalAction(msg("Choose the tiles to pass to the left first."))
        names = [n for n in action[5:].split(",") if n.strip()]
        rack = self.racks[seat]
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
        self._record("give:" + ",".join(label(t) for t in chosen))
        self.racks[seat] = pool
        self.giving[seat] = chosen
        self.asking.pop(0)
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
        if self.asking:
            return events
        for giver, tiles in sorted(self.giving.items()):
            receiver = (giver + 1) % self.players
            self.racks[receiver].extend(tiles)
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
        self.giving = {}
        self.phase = "turn"
        return events + self._end_turn()
