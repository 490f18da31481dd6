"""Timing: trigger collection and ordering, draws with substitutions, destruction with
protectors, losing, win checks and the empty draw pile.

Mixed into ``State``. Methods that may need a decision are generators: they yield a
``Decision`` and receive the chosen action string back.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.engine.core import Event, MsgList, kept, msg, nmsg, seat_ref
from game.engine.crazier_eights.deck import card


@dataclass
class Decision:
    """A choice the game waits for. ``options`` pairs each legal action with a label."""

    seat: int
    kind: str  # main, order, pick_player, pick_asset, may, colour, tuck, give, look, put, protect, draw_fewer, skip_draw
    prompt: str
    options: list  # [(action, label)]
    targets: list = field(default_factory=list)  # card ids or seats to highlight
    secret: bool = False  # options show hidden cards: only the decider sees them
    source: str | None = None  # the card whose ability asks
    public_prompt: str | None = None  # what the others read when the prompt names hidden cards
    _actions: tuple | None = field(default=None, init=False, repr=False, compare=False)

    def actions(self) -> tuple:
        """The legal actions, in the options' order (worked out once per decision)."""
        if self._actions is None:
            self._actions = tuple(a for a, _ in self.options)
        return self._actions


@dataclass
class Trigger:
    owner: int
    source: str
    ability: object
    bind: dict


class GameEnd(Exception):
    def __init__(self, winners: list[int], why: str):
        super().__init__(why)
        self.winners, self.why = winners, why


class TurnEnd(Exception):
    pass


_WORDS: dict = {}  # log lines that recur (a seat's draw, turn, discard): made once


def said(key, make):
    """The message kept under ``key``, made by ``make()`` the first time (seats and card
    ids are few, so the table stays small)."""
    return kept(_WORDS, key, make)


def name(cid: str) -> str:
    """The card's name (a message: the level file's names are catalogued for translation)."""
    return card(cid).name


def names(cids) -> str:
    cids = list(cids)
    if not cids:
        return msg("nothing")
    if len(cids) == 1:
        return name(cids[0])
    words = [name(c) for c in cids]
    return msg("{items} and {last}", items=MsgList(words[:-1]), last=words[-1])


class TimingMixin:
    # The table these rules read and change, set up by ``State`` (annotations only: they
    # let the type checker see the attributes; nothing is stored on the class)
    players: int
    rng: random.Random
    team_of: list[int]
    teamed: bool
    hands: list[list[str]]
    assets: list[list[str]]
    draw: list[str]
    discard: list[str]
    revealed: list[str]
    named: str | None
    alive: list[bool]
    skips: list[int]
    left_hand: list[int]
    turn_seat: int
    actives: list[int]
    grants: dict
    once_used: set
    log: list[Event]
    _events: list[Event]

    if TYPE_CHECKING:  # the effects layer (EffectsMixin), mixed into the same State

        def resolve_ability(self, you: int, source: str, ability, bind: dict | None = None): ...

    # -- who is who

    def is_opp(self, a: int, b: int) -> bool:
        return self.alive[b] and self.team_of[a] != self.team_of[b]

    def opponents(self, seat: int) -> list[int]:
        """Opponents of ``seat`` clockwise from its left."""
        n = self.players
        return [(seat + k) % n for k in range(1, n) if self.is_opp(seat, (seat + k) % n)]

    def clockwise_from(self, seat: int, include: bool = True) -> list[int]:
        n = self.players
        order = [(seat + k) % n for k in range(0 if include else 1, n)]
        alive = self.alive
        if all(alive):
            return order
        return [s for s in order if alive[s]]

    def controller(self, cid: str) -> int | None:
        for s, zone in enumerate(self.assets):
            if cid in zone:
                return s
        return None

    def asset_controller(self, cid: str) -> int:
        """The seat controlling ``cid``, an asset known to be in play."""
        seat = self.controller(cid)
        assert seat is not None, cid
        return seat

    def lead(self) -> int:
        """The "active player" of every order and tie-break: the first ally taking part.

        ``actives`` lists the allies taking part clockwise from the team's turn seat, so
        an ally who sits out (skipped) is never the one orders are counted from.
        """
        return self.actives[0] if self.actives else self.turn_seat

    def trigger_order(self) -> list[int]:
        """Players in trigger order: the allies taking part, then clockwise from the lead."""
        rest = [s for s in self.clockwise_from(self.lead()) if s not in self.actives]
        return list(self.actives) + rest

    def orders_own(self, owner: int) -> int:
        """Who orders ``owner``'s abilities when several fire at once.

        The active player orders everyone's (§5.3); with teams each player orders their
        own, also an ability firing once per ally of the team whose turn it is.
        """
        if owner in self.actives or self.teamed:
            return owner
        return self.lead()

    # -- events

    def emit(self, kind, seat=None, data=None, text="", secret_to=None, public=None):
        ev = Event(kind, seat, data or {}, text, secret_to, public)
        self._events.append(ev)
        self.log.append(ev)
        return ev

    # -- triggers

    def collect(self, trigger: str) -> list[Trigger]:
        out = []
        for s in self.actives:
            for cid in self.assets[s]:
                for ab in card(cid).of(trigger):
                    if ab.trigger_arg is None:
                        out.append(Trigger(s, cid, ab, {}))
        if trigger == "end_turn":
            for o in self.clockwise_from(self.lead()):
                for cid in self.assets[o]:
                    for ab in card(cid).of(trigger):
                        if ab.trigger_arg == "opp":
                            for a in self.actives:
                                if self.is_opp(o, a):
                                    out.append(Trigger(o, cid, ab, {"active": a}))
        return out

    def resolve_all(self, triggers: list[Trigger]):
        for owner in self.trigger_order():
            group = [t for t in triggers if t.owner == owner]
            while group and self.alive[owner]:
                if len(group) > 1:
                    orderer = self.orders_own(owner)
                    opts = [
                        (
                            f"choose:{i + 1}",
                            msg(
                                "{card} first (for {player})",
                                card=name(t.source),
                                player=seat_ref(t.bind["active"]),
                            )
                            if "active" in t.bind
                            else msg("{card} first", card=name(t.source)),
                        )
                        for i, t in enumerate(group)
                    ]
                    ans = yield Decision(
                        orderer,
                        "order",
                        msg(
                            "Choose which of {player}'s abilities resolves next.",
                            player=seat_ref(owner),
                        ),
                        opts,
                        targets=[t.source for t in group],
                    )
                    t = group.pop(int(ans.split(":")[1]) - 1)
                else:
                    t = group.pop(0)
                yield from self.resolve_ability(t.owner, t.source, t.ability, dict(t.bind))
                self.check_win()

    # -- drawing

    def reshuffle(self) -> None:
        if len(self.discard) <= 1:
            return
        top = self.discard.pop()
        pile = self.discard
        self.rng.shuffle(pile)
        self.draw = pile + self.draw
        self.discard = [top]
        self.emit(
            "reshuffle",
            None,
            {"count": len(pile)},
            msg(
                "The discard pile (all but its top card) is shuffled into a new draw pile "
                "of {n} cards.",
                n=len(self.draw),
            ),
        )

    def draw_cards(self, seat: int, n: int, cause: int | None, why: str = ""):
        """``seat`` draws ``n``, after Castle (opponent causes) then Camelot (own turn, may)."""
        if n <= 0 or not self.alive[seat]:
            return
        if cause is not None and self.is_opp(cause, seat):
            cut = 0
            castles = []
            for cid in self.assets[seat]:
                for ab in card(cid).of("sub"):
                    call = ab.steps[0][1]
                    if call[1] == "draw_reduction":
                        cut += call[2][0][1]
                        castles.append(cid)
            if cut:
                new = max(0, n - cut)
                self.emit(
                    "reduce",
                    seat,
                    {"cards": castles, "from": n, "to": new},
                    msg(
                        "{cards}: {player} draws {new} instead of {old}.",
                        cards=names(castles),
                        player=seat_ref(seat),
                        new=new,
                        old=n,
                    ),
                )
                n = new
        if n >= 1 and seat in self.actives:
            for cid in list(self.assets[seat]):
                if n < 1:
                    break
                if cid in self.once_used:
                    continue
                if not any(ab.steps[0][1][1] == "skip_draw" for ab in card(cid).of("sub")):
                    continue
                ans = yield Decision(
                    seat,
                    "draw_fewer",
                    msg(
                        "{card}: draw {fewer} instead of {n}? (once this turn)",
                        card=name(cid),
                        fewer=n - 1,
                        n=n,
                    ),
                    [
                        ("choose:yes", msg("Yes, draw {n}", n=n - 1)),
                        ("choose:no", msg("No, draw {n}", n=n)),
                    ],
                    targets=[cid],
                    source=cid,
                )
                if ans == "choose:yes":
                    self.once_used.add(cid)
                    n -= 1
                    self.emit(
                        "reduce",
                        seat,
                        {"cards": [cid]},
                        msg(
                            "{card}: {player} draws one card fewer.",
                            card=name(cid),
                            player=seat_ref(seat),
                        ),
                    )
        if n <= 0:
            return
        got: list[str] = []
        for _ in range(n):
            if not self.draw:
                self.reshuffle()
            if not self.draw:
                self.emit_drawn(seat, got, why)
                seats = self.clockwise_from(self.lead())
                low = min(len(self.hands[s]) for s in seats)
                first = next(s for s in seats if len(self.hands[s]) == low)
                raise GameEnd(self.team(first), msg("the draw pile is empty; fewest cards in hand"))
            c = self.draw.pop()
            self.hands[seat].append(c)
            got.append(c)
        self.emit_drawn(seat, got, why)

    def emit_drawn(self, seat: int, got: list[str], why: str) -> None:
        if not got:
            return
        k = len(got)
        if k == 1:
            hidden, shown = said(("drawn", seat, got[0], why), lambda: self._drawn(seat, got, why))
        else:
            hidden, shown = self._drawn(seat, got, why)
        public = Event("draw", seat, {"count": k}, hidden)
        self.emit(
            "draw",
            seat,
            {"count": k, "cards": list(got)},
            shown,
            secret_to=seat,
            public=public,
        )

    @staticmethod
    def _drawn(seat: int, got: list[str], why) -> tuple:
        """The draw's line for the others (how many) and for the drawer (which)."""
        k = len(got)
        player = seat_ref(seat)
        if why:
            hidden = nmsg(
                "{player} draws a card ({why}).",
                "{player} draws {n} cards ({why}).",
                k,
                player=player,
                why=why,
            )
            shown = msg("{player} draws {cards} ({why}).", player=player, cards=names(got), why=why)
        else:
            hidden = nmsg("{player} draws a card.", "{player} draws {n} cards.", k, player=player)
            shown = msg("{player} draws {cards}.", player=player, cards=names(got))
        return hidden, shown

    # -- destruction

    def destroy(self, instance: list[str], source: str | None):
        instance = [c for c in dict.fromkeys(instance) if self.controller(c) is not None]
        if not instance:
            return
        protected: list[tuple[str, str]] = []
        for owner in self.trigger_order():
            for pid in list(self.assets[owner]):
                for ab in card(pid).of("sub"):
                    call = ab.steps[0][1]
                    if call[1] != "destroy_prevention":
                        continue
                    for _ in range(call[2][0][1]):
                        left = [c for c in instance if c not in {p for p, _ in protected}]
                        if not left:
                            break
                        # an answer names the card (it is lit on the table, in its
                        # owner's zone); the owner only tells two cards of one name apart
                        titles = [card(c).name for c in left]
                        opts = [
                            (
                                f"choose:{c}",
                                msg(
                                    "Save {card} ({player}'s)",
                                    card=name(c),
                                    player=seat_ref(self.asset_controller(c)),
                                )
                                if titles.count(card(c).name) > 1
                                else msg("Save {card}", card=name(c)),
                            )
                            for c in left
                        ]
                        opts.append(("choose:none", msg("Save nothing")))
                        ans = yield Decision(
                            owner,
                            "protect",
                            msg(
                                "{card}: {cards} would be destroyed. You may save one of them.",
                                card=name(pid),
                                cards=names(instance),
                            )
                            if len(instance) <= 3
                            # many: the answers name them (and the cards are lit), a
                            # prompt listing them too ran past its panel
                            else nmsg(
                                "{card}: {n} asset would be destroyed. You may save one.",
                                "{card}: {n} assets would be destroyed. You may save one.",
                                len(instance),
                                card=name(pid),
                            ),
                            opts,
                            targets=left,
                            source=pid,
                        )
                        if ans != "choose:none":
                            protected.append((ans.split(":", 1)[1], pid))
        saved = {p for p, _ in protected}
        gone = [c for c in instance if c not in saved]
        for c in gone:
            self.assets[self.asset_controller(c)].remove(c)
            self.discard.insert(0, c)
        if source:
            head = msg("{card} destroys {cards}", card=name(source), cards=names(instance))
        else:
            head = msg("Destroyed: {cards}", cards=names(instance))
        parts = [head]
        for p, by in protected:
            if p == by:
                parts.append(msg("{card} protects itself", card=name(by)))
            elif len(instance) == 1:
                parts.append(msg("{card} protects it", card=name(by)))
            else:
                parts.append(msg("{card} protects {other}", card=name(by), other=name(p)))
        self.emit(
            "destroy",
            None,
            {"cards": gone, "saved": [p for p, _ in protected], "source": source},
            msg("{text}.", text=MsgList(parts, joiner="; ")),
        )

    # -- losing and winning

    def team(self, seat: int) -> list[int]:
        return [s for s in range(self.players) if self.team_of[s] == self.team_of[seat]]

    def lose(self, seat: int, why: str) -> None:
        """``seat`` (and its allies) leave the game; their cards go under the discard pile."""
        lost = [s for s in self.team(seat) if self.alive[s]]
        for s in lost:
            self.alive[s] = False
            self.left_hand[s] = len(self.hands[s])
            cards = self.hands[s] + self.assets[s]
            self.rng.shuffle(cards)
            self.discard[0:0] = cards
            self.hands[s], self.assets[s] = [], []
            self.emit(
                "lose",
                s,
                {"why": why},
                msg("{player} loses the game ({why}).", player=seat_ref(s), why=why),
            )
        teams = {self.team_of[s] for s in range(self.players) if self.alive[s]}
        if len(teams) == 1:
            last = next(s for s in range(self.players) if self.alive[s])
            raise GameEnd(self.team(last), msg("last player or team left in the game"))
        if any(s in self.actives for s in lost):
            raise TurnEnd()

    def check_win(self) -> None:
        hands, alive = self.hands, self.alive
        if all(hands[s] or not alive[s] for s in range(self.players)):
            return  # nobody has emptied their hand: the usual case, answered without the order
        empty = [s for s in self.clockwise_from(self.lead()) if not hands[s]]
        if not empty:
            return
        first = next((s for s in self.actives if s in empty), empty[0])
        raise GameEnd(self.team(first), "no cards left in hand")
