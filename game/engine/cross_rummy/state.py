"""Cross Rummy state: the bag, racks, market and table, turns and scoring; the event
tiles' rules (Swap, Draw Three) are functions of it in ``events``.

Actions (strings, tiles in notation):

- ``"take:R7"``: take that tile from the market (event tiles too: ``"take:SWAP"``).
- ``"draw"``: draw a tile from the bag.
- ``"play:SWAP"``: play a Swap tile; then every seat, from the player on, is asked in
  turn (``current_player()`` is the seat choosing) with ``"give:R7,B3"`` which 2 tiles
  to pass left (``"give:R7"`` with one tile). Nothing is revealed until all have chosen.
- ``"play:DRAW3:2"``: play a Draw Three tile on seat 2, who draws 3 tiles.
- ``"lay:x,y,R7;..."``: the whole table after the lay (see ``lay.py``).
- ``"pass"``: only when nothing else is possible.

``legal_actions()`` lists the actions other than lays (lays are checked as a whole
by ``apply`` and, live, by ``validate_lay``); when a lay is the only thing left it
lists one lay the engine found.
"""

from __future__ import annotations

import random

import game.engine.cross_rummy.events as event_tiles
import game.engine.cross_rummy.lay as laymod
import game.engine.cross_rummy.rearrange as rearrange
import game.engine.cross_rummy.search as search
from game.engine.core import (
    Event,
    IllegalAction,
    MsgList,
    Sentence,
    detached,
    msg,
    nmsg,
    seat_ref,
)
from game.engine.cross_rummy.data import GAME_ID, View, level, rules_data
from game.engine.cross_rummy.grid import Problem, group_count, groups
from game.engine.cross_rummy.tiles import (
    ALL_TILES,
    DRAW3,
    DRAW3_IDS,
    SWAP,
    SWAP_IDS,
    face_of,
    is_event,
    label,
    parse_label,
    pretty,
    rack_value,
    sort_key,
)
from game.engine.levels import LevelError
from game.engine.limits import excerpt
from game.engine.rounds import add_round, final_scores, next_round

__all__ = ["GAME_ID", "State", "View", "level", "new_game", "rules_data"]


class State:
    def __init__(self, options: dict, seed: int | None, data: dict):
        self.options = options
        self.players = options["players"]
        self.data = data
        self.group_limit = data["group_limits"][self.players]
        self.rng = random.Random(seed)
        self.totals = [0] * self.players
        self.history: list[dict] = []
        self.round = 0
        self.over = False
        self.actions: list = []
        self.opening = self._deal_round()  # the first deal's events: the log starts with them

    # -- setup

    def _deal_round(self) -> list[Event]:
        self.round += 1
        bag = list(ALL_TILES)
        self.rng.shuffle(bag)
        size = self.data["rack_size"]
        self.racks = [
            sorted(bag[i * size : (i + 1) * size], key=sort_key) for i in range(self.players)
        ]
        bag = bag[self.players * size :]
        m = self.data["market_size"]
        self.market = bag[:m]
        self.bag = bag[m:]
        self.table: dict = {}
        self.removed: list[int] = []
        self.opened = [False] * self.players
        self.current = self.options["start_seat"] % self.players
        self.phase = "turn"
        self.asking: list[int] = []
        self.giving: dict[int, list[int]] = {}
        self.passes = 0
        self._lay_cache: tuple | None = None  # (position key, lay found or None)
        self._offered: tuple | None = None  # (position key, lay action, layout) last offered
        self._index: tuple | None = None  # (table, faces, lines, groups) of the table as it is
        return self.deal_events(size)

    def deal_events(self, size: int) -> list[Event]:
        """The events of the round just dealt (``size`` tiles a rack): also a lesson's,
        once its prepared deal is in place."""
        return [
            Event(
                "deal",
                self.current,
                {"round": self.round, "market": [label(t) for t in self.market]},
                msg(
                    "Round {round}: everyone draws {size} tiles; {player} starts.",
                    round=self.round,
                    size=size,
                    player=seat_ref(self.current),
                ),
            )
        ]

    def copy(self) -> State:
        other = State.__new__(State)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.racks = [r[:] for r in self.racks]
        other.market = self.market[:]
        other.bag = self.bag[:]
        other.table = dict(self.table)
        other.removed = self.removed[:]
        other.opened = self.opened[:]
        other.asking = self.asking[:]
        other.giving = {k: v[:] for k, v in self.giving.items()}
        other.totals = self.totals[:]
        other.history = list(self.history)
        other.actions = list(self.actions)
        other._lay_cache = None
        other._offered = None
        other._index = None
        return other

    # -- queries

    def current_player(self) -> int | None:
        if self.over:
            return None
        return self.asking[0] if self.phase == "swap" else self.current

    def is_over(self) -> bool:
        return self.over

    def table_faces(self) -> dict:
        return dict(self._table_index()[0])

    def _table_index(self) -> tuple:
        """The table as faces, its lines and its group count, worked out once per table
        (the table is a new dict after every lay, so its identity names it)."""
        kept = self._index
        if kept is None or kept[0] is not self.table:
            faces = {c: t >> 1 for c, t in self.table.items()}  # number tiles only
            kept = self._index = (self.table, faces, search.lines_of(faces), group_count(faces))
        return kept[1:]

    def _position(self) -> tuple:
        """Names the position to move in: the lay search's cache and the offered lay
        belong to it."""
        return (len(self.actions), self.round)

    def _found_lay(self) -> dict | None:
        """The whole table after a lay the engine's generator finds for the player to move
        ({cell: face}; None if none; cached per position)."""
        key = self._position()
        if self._lay_cache and self._lay_cache[0] == key:
            return self._lay_cache[1]
        seat = self.current
        cells, lines, before = self._table_index()
        hand = [face_of(t) for t in self.racks[seat] if not is_event(t)]
        new_group_ok = search.new_group_allowed(self.opened, seat, before, self.group_limit)
        placed = search.find_lay(
            cells, hand, opened=self.opened[seat], new_group_ok=new_group_ok, lines=lines
        )
        found = {**cells, **placed} if placed else None
        if found is None and self.opened[seat]:
            # a layout with more groups than the limit, or (before everyone has opened)
            # more than the table had, fails validation: the search leaves them out
            limit = self.group_limit if all(self.opened) else min(self.group_limit, before)
            for after in rearrange.rearranged_layouts(
                cells, hand, new_group_ok=new_group_ok, max_groups=limit, lines=lines
            ):
                if not self._validate(after, faces=True)[0]:
                    found = after
                    break
        self._lay_cache = (key, found)
        return found

    def _other_actions(self) -> list[str]:
        seat = self.current
        rack = self.racks[seat]
        out = [f"take:{name}" for name in sorted({label(t) for t in self.market})]
        if self.bag:
            out.append("draw")
        if any(t in SWAP_IDS for t in rack):
            out.append(f"play:{SWAP}")
        if any(t in DRAW3_IDS for t in rack):
            out.extend(f"play:{DRAW3}:{s}" for s in range(self.players) if s != seat)
        return out

    def legal_actions(self) -> list[str]:
        if self.over:
            return []
        if self.phase == "swap":
            return event_tiles.give_actions(self.racks[self.asking[0]])
        out = self._other_actions()
        if out:
            return out
        found = self._found_lay()
        if found:
            action = laymod.encode_lay(found)
            assert self._lay_cache is not None  # filled by _found_lay
            self._offered = (self._lay_cache[0], action, found)
            return [action]
        return ["pass"]

    def validate_lay(self, layout) -> list[Problem]:
        """Problems with a proposed table for the player to move (``{cell: "R7"}`` or a lay
        action); empty if the lay is legal. Each problem names the cells to mark."""
        try:
            if not isinstance(layout, dict) or "lay" in layout:
                layout = laymod.decode_lay(layout)
            else:
                layout = laymod.check_cells(layout, parse_tiles=False)
        except ValueError as exc:
            return [Problem("rule", Sentence(exc.args[0]))]
        if self.over or self.phase != "turn":
            return [Problem("rule", msg("You cannot lay tiles now."))]
        problems, _, _ = self._validate(layout)
        return problems

    def _validate(self, layout: dict, faces: bool = False):
        return laymod.validate(
            self.table,
            self.racks[self.current],
            layout,
            seat=self.current,
            opened=self.opened,
            players=self.players,
            max_groups=self.group_limit,
            faces=faces,
        )

    # -- actions

    def apply(self, action) -> list[Event]:
        if self.over:
            raise IllegalAction(msg("The game is over."))
        if self.phase == "swap":
            return event_tiles.give(self, action)
        if isinstance(action, dict) or (
            isinstance(action, str) and action.startswith(laymod.PREFIX)
        ):
            return self._lay(action)
        if not isinstance(action, str):
            raise IllegalAction(
                msg("{action} is not a move in Cross Rummy.", action=excerpt(action))
            )
        seat = self.current
        if action == "draw":
            if not self.bag:
                raise IllegalAction(
                    msg("The bag is empty: take a tile from the market, play an event tile or lay.")
                )
            self.record(action)
            tile = self.bag.pop()
            self.racks[seat].append(tile)
            public = Event(
                "draw",
                seat,
                {"count": 1},
                msg("{player} draws a tile from the bag.", player=seat_ref(seat)),
            )
            ev = Event(
                "draw",
                seat,
                {"count": 1, "tiles": [label(tile)]},
                msg("{player} draws {tile}.", player=seat_ref(seat), tile=pretty(label(tile))),
                secret_to=seat,
                public=public,
            )
            return [ev, *self.end_turn()]
        if action.startswith("take:"):
            return self._take(action[5:])
        if action.startswith("play:"):
            return event_tiles.play_event(self, action[5:])
        if action == "pass":
            if self._other_actions():
                raise IllegalAction(
                    msg(
                        "You may pass only when you can do nothing else: you can still take, "
                        "draw or play an event tile."
                    )
                )
            if self._found_lay():
                # the rules' reading: a pass is refused only when the engine's own lay
                # finder finds a lay; a wider rearrangement it misses may still be laid
                raise IllegalAction(
                    msg(
                        "You can still lay tiles, so you may not pass: the game's own lay "
                        "finder finds a lay (Hint shows it). A pass is refused only when it "
                        "finds one."
                    )
                )
            self.record(action)
            self.passes += 1
            events = [
                Event(
                    "pass",
                    seat,
                    {},
                    msg("{player} can do nothing and passes.", player=seat_ref(seat)),
                )
            ]
            if self.passes >= self.players:
                values = [rack_value(r, self.data["event_points"]) for r in self.racks]
                low = min(values)
                return events + self._end_round(
                    [s for s, v in enumerate(values) if v == low], blocked=True
                )
            self.current = (seat + 1) % self.players
            return events
        raise IllegalAction(msg("{action} is not a move in Cross Rummy.", action=excerpt(action)))

    def record(self, action) -> None:
        """Log ``action`` as played: the lay found for the old position is void, and any
        move but a pass breaks a run of passes."""
        self.actions.append(action)
        self._lay_cache = None
        if action != "pass":
            self.passes = 0

    def _take(self, text: str) -> list[Event]:
        seat = self.current
        try:
            name = parse_label(text)
        except ValueError:
            raise IllegalAction(msg("{text} is not a tile.", text=excerpt(text))) from None
        index = next((i for i, t in enumerate(self.market) if label(t) == name), None)
        if index is None:
            raise IllegalAction(msg("There is no {tile} in the market.", tile=pretty(name)))
        self.record(f"take:{name}")
        tile = self.market.pop(index)
        self.racks[seat].append(tile)
        added = []
        while len(self.market) < self.data["market_size"] and self.bag:
            added.append(self.bag.pop())
            self.market.append(added[-1])
        events = [
            Event(
                "take",
                seat,
                {"tile": name, "refill": [label(t) for t in added]},
                msg(
                    "{player} takes {tile} from the market.",
                    player=seat_ref(seat),
                    tile=pretty(name),
                ),
            )
        ]
        return events + self.end_turn()

    def _lay(self, action) -> list[Event]:
        seat = self.current
        offered = self._offered
        if offered is not None and offered[0] == self._position() and action == offered[1]:
            # the lay legal_actions() offered for this very position: the generator built
            # it valid (the soak checks that it validates), so only its tiles are assigned
            new, laid, _ = laymod.assign_faces(self.table, self.racks[seat], offered[2])
            record = action  # the offered action is this table's encoding already
        else:
            try:
                layout = laymod.decode_lay(action)
            except ValueError as exc:
                raise IllegalAction(Sentence(exc.args[0])) from None
            problems, new, laid = self._validate(layout)
            if problems:
                raise IllegalAction(MsgList([p.text for p in problems[:3]], joiner=" "))
            record = laymod.encode_lay({c: label(t) for c, t in new.items()})
        self.record(record)
        opening = not self.opened[seat]
        self.opened[seat] = True
        moved = laymod.moves(self.table, new)
        before = {c: label(t) for c, t in self.table.items()} if moved else {}
        self.table = new
        for t in laid:
            self.racks[seat].remove(t)
        names = [label(t) for t in laid]
        said = {
            "player": seat_ref(seat),
            "tiles": MsgList((pretty(n) for n in names), conjoined=True),
            "moves": laymod.moves_text(moved, before, {c: label(t) for c, t in new.items()})
            if moved
            else "",
        }
        events = [
            Event(
                "lay",
                seat,
                {
                    "tiles": names,
                    "opened": opening,
                    "table": [[x, y, label(t)] for (x, y), t in sorted(new.items())],
                    "moved": [[a[0], a[1], b[0], b[1], name] for a, b, name in moved],
                },
                # each text its own literal, so the catalogue tooling finds both
                msg("{player} opens with {tiles}{moves}.", **said)
                if opening
                else msg("{player} lays {tiles}{moves}.", **said),
            )
        ]
        return events + self.end_turn()

    def end_turn(self) -> list[Event]:
        """The turn passes on, or the round ends when the player's rack is empty."""
        seat = self.current
        if not self.racks[seat]:
            return self._end_round([seat], blocked=False)
        self.current = (seat + 1) % self.players
        return []

    def _end_round(self, winners: list[int], blocked: bool) -> list[Event]:
        ep = self.data["event_points"]
        values = [rack_value(r, ep) for r in self.racks]
        points = [0 if s in winners else values[s] for s in range(self.players)]
        row = {
            "round": self.round,
            "winners": winners,
            "blocked": blocked,
            "rack_values": values,
            "racks": [[label(t) for t in sorted(r, key=sort_key)] for r in self.racks],
            **add_round(self, points, higher_wins=False),
        }
        self.history.append(row)
        text = nmsg(
            "{players} wins round {round} ({why}).",
            "{players} win round {round} ({why}).",
            len(winners),
            players=MsgList([seat_ref(w) for w in winners], conjoined=True),
            round=self.round,
            why=msg("everyone passed; lowest rack") if blocked else msg("rack empty"),
        )
        events = [Event("round_end", winners[0], row, text)]
        return next_round(self, events, self.round >= self.options["rounds"], self._deal_round)

    # -- results and views

    def scores(self) -> list[float]:
        """Win shares (lowest total wins; ties share); zeros until the end."""
        return final_scores(self, higher_wins=False)

    def view(self, seat: int) -> View:
        return View(
            seat=seat,
            players=self.players,
            rack=[label(t) for t in sorted(self.racks[seat], key=sort_key)],
            rack_counts=[len(r) for r in self.racks],
            table={c: label(t) for c, t in self.table.items()},
            market=[label(t) for t in self.market],
            bag_count=len(self.bag),
            opened=self.opened[:],
            group_limit=self.group_limit,
            groups=len(groups(self.table)),
            current_player=self.current_player(),
            turn_player=self.current,
            phase=self.phase,
            swap_giving=[label(t) for t in self.giving.get(seat, [])],
            swap_waiting=self.asking[:],
            round=self.round,
            rounds=self.options["rounds"],
            totals=self.totals[:],
            round_history=detached(self.history),
            over=self.over,
            event_points=self.data["event_points"],
            removed=[label(t) for t in self.removed],
        )

    def all_cards(self) -> list[int]:
        """Every tile's place (racks, bag, market, table, set aside in a Swap, played events)."""
        out = (
            [t for r in self.racks for t in r] + self.bag + self.market + list(self.table.values())
        )
        out += [t for g in self.giving.values() for t in g] + self.removed
        return out


def new_game(
    options: dict | None = None, seed: int | None = None, deal: dict | None = None
) -> State:
    """A new match. ``options`` may be partial; missing ones take the level's defaults.

    ``deal`` (lessons only): the first round's prepared racks, market and next draws
    (``lesson.place_deal``); the seed shuffles the other tiles and deals every later
    round. A game with a prepared deal is not a replay of its seed: it is never saved."""
    lvl = level()
    opts = lvl.resolve(dict(options or {}))
    data = rules_data(lvl)
    if opts["start_seat"] >= opts["players"]:
        raise LevelError(
            f"options for {GAME_ID}",
            "start_seat",
            f"seat {opts['start_seat']} does not exist with {opts['players']} players",
        )
    if opts["players"] * data["rack_size"] + data["market_size"] > len(ALL_TILES):
        raise LevelError(f"options for {GAME_ID}", "players", "not enough tiles for these racks")
    state = State(opts, seed, data)
    if deal is not None:
        from game.engine.cross_rummy.lesson import place_deal

        try:
            place_deal(state, deal)
        except ValueError as exc:
            raise LevelError(f"deal for {GAME_ID}", "", str(exc)) from None
    return state
