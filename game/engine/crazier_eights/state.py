"""The Crazier Eights State: the table (hands, assets, piles, seats), its deal, scoring
and the engine contract.

Actions (strings):
  ``play:<id>``                 play a card from hand (asset into play, event resolves)
  ``discard:<id>``              discard a card on the pile; an eight names a colour:
  ``discard:<id>:<colour>``     colour one of blue, green, red, purple
  ``end``                       end your main phase
  ``choose:<answer>``           answer the pending decision: a card id, ``p<seat>``,
                                a colour, ``yes``/``no``, ``none``, ``done``, ``keep``
                                or, when ordering abilities, ``1``, ``2`` …
Card ids are those of ``levels/crazier_eights.toml``; with two decks (5–8 players)
they carry a deck prefix, ``a:castle`` / ``b:castle``.

The turn flow (``flow``) is one generator over the State that yields a ``Decision``
whenever a seat must choose; the State drives it: ``apply`` checks the action against
the decision and sends it back in, and a decided game (``GameEnd``) is scored here. The
State holds the table and answers the questions about seats the rules ask; the order
things happen in and the rules it runs are functions of it, each in the module of its
job (``flow``, ``timing``, ``reactions``, ``abilities``, ``effects``: see the package
docstring).
"""

from __future__ import annotations

import random

import game.engine.crazier_eights.flow as flow
from game.engine.core import (
    Event,
    IllegalAction,
    MsgList,
    leaders,
    msg,
    nmsg,
    seat_ref,
    shared_ranking,
)
from game.engine.crazier_eights.deck import (
    COLOUR_WORDS,
    COLOURS,
    EIGHT,
    HAND_SIZE,
    card,
    deck_ids,
    level,
)
from game.engine.crazier_eights.lesson import place_deal
from game.engine.crazier_eights.options import can_discard, current_colours
from game.engine.crazier_eights.protocol import Decision, GameEnd, TurnEnd
from game.engine.crazier_eights.view import View, make_view, pending_view
from game.engine.crazier_eights.words import name, names
from game.engine.levels import LevelError
from game.engine.limits import excerpt

TEAM_SIZES = {"none": 1, "pairs": 2, "threes": 3}


class State:
    def __init__(self, options: dict, seed: int | None, deal: dict | None = None):
        self.options = options
        self.seed = seed
        self.deal = deal  # a lesson's prepared first game (lesson.place_deal), else None
        self.players = options["players"]
        self.rng = random.Random(seed)
        size = TEAM_SIZES[options["teams"]]
        nteams = self.players // size
        self.team_of = [s % nteams for s in range(self.players)]
        self.teamed = size > 1
        self.totals = [0] * self.players
        self.history: list[dict] = []
        self.game_no = 0
        self.over = False
        self.winners: list[int] = []
        self.actions: list = []
        self.log: list = []
        self._events: list = []
        self._deal(deal)
        self.opening = list(self.log)  # the deal and the flow up to the first decision

    # ---------------------------------------------------------------- setup

    def _deal(self, deal: dict | None = None) -> None:
        self.game_no += 1
        cards = deck_ids(self.players)
        self.rng.shuffle(cards)
        self.hands = [[cards.pop() for _ in range(HAND_SIZE)] for _ in range(self.players)]
        self.assets: list[list[str]] = [[] for _ in range(self.players)]
        self.draw = cards
        self.discard = [self.draw.pop()]
        self.named: str | None = None  # the colour an eight or a card named, if any
        self.revealed: list[str] = []
        self.resolving: list[str] = []
        self.alive = [True] * self.players
        self.skips = [0] * self.players
        self.left_hand = [0] * self.players
        self.turns_taken = [0] * self.players
        self.first = self.rng.randrange(self.players)
        self.turn_seat = self.first
        self.actives: list[int] = []
        self.phase = "setup"
        self.grants: dict = {}
        self.used: dict = {}
        self.once_used: set = set()
        self.pending: Decision | None = None
        if deal is not None:
            place_deal(self, deal)
        self.emit(
            "deal",
            self.first,
            {"game": self.game_no},
            msg(
                "Game {game}: {size} cards each; {player} goes first. "
                "The discard pile starts with {card}.",
                game=self.game_no,
                size=len(self.hands[0]),
                player=seat_ref(self.first),
                card=name(self.discard[-1]),
            ),
        )
        self.start_flow()

    def start_flow(self, turns=None) -> None:
        """Run the turn flow to its first decision: ``turns``, a generator of ``flow``,
        by default the table's turns from ``self.first`` (a new deal; a table a test laid
        out by hand)."""
        self._flow = turns if turns is not None else flow.table_turns(self)
        self._step(None)

    def _step(self, answer) -> None:
        try:
            self.pending = self._flow.send(answer) if answer is not None else next(self._flow)
        except GameEnd as end:
            self.pending = None
            self._finish(end.winners, end.why)

    # ---------------------------------------------------------------- a table rebuilt from a view

    @classmethod
    def from_view(
        cls, view: View, hands: list[list[str]], draw: list[str], rng: random.Random
    ) -> State:
        """A one-game table rebuilt from ``view`` with the cards it hides placed as the
        caller guessed, its turn flow resumed where the view stands: ``view.seat``'s main
        phase with the plays and discards it has left, the main phases of the allies
        after it in this turn, the end of the turn, then the table's turns from the next
        team on.

        For the hard bot's search (``game.ai.crazier_eights.worlds``): the turn flow is a
        generator, so a world cannot be copied from a view; it is rebuilt. ``hands`` is
        every seat's hand (the seat's own and its allies' as the view shows them),
        ``draw`` the draw pile (top last), and ``rng`` drives the world from there (its
        reshuffles). Safe: the table reads nothing but the view and the guess, and from
        there runs the engine's own rules. The view must show its seat's own main phase
        with nothing resolving (ValueError otherwise); the first-turn rules are taken as
        long past.
        """
        me = view.seat
        pending = view.pending
        if (
            pending is None
            or pending["kind"] != "main"
            or view.phase != "main"
            or me not in view.actives
            or view.resolving
            or view.over
        ):
            raise ValueError("a table resumes only from its seat's own main phase")
        st = cls.__new__(cls)
        teams = next(t for t, n in TEAM_SIZES.items() if n == view.players // len(set(view.teams)))
        st.options = level().resolve({"players": view.players, "games": 1, "teams": teams})
        st.seed = None
        st.deal = None
        st.players = view.players
        st.rng = rng
        st.team_of = list(view.teams)
        st.teamed = len(set(view.teams)) < view.players
        st.totals = [0] * view.players
        st.history = []
        st.game_no = 1
        st.over = False
        st.winners = []
        st.actions = []
        st.log = []
        st._events = []
        st.hands = hands
        st.assets = [list(z) for z in view.assets]
        st.draw = draw
        st.discard = list(view.discard)
        st.named = view.named
        st.revealed = list(view.revealed)
        st.resolving = []
        st.alive = list(view.alive)
        st.skips = list(view.skips)
        st.left_hand = [0] * view.players
        st.turns_taken = [1] * view.players
        st.first = view.turn_seat
        st.turn_seat = view.turn_seat
        st.actives = list(view.actives)
        st.phase = "main"
        st.grants = {s: [0, 0] for s in st.actives}
        st.used = {s: [0, 0] for s in st.actives}
        st.once_used = set()
        plays, discards = st.allowance(me)
        st.used[me] = [plays - view.plays_left, discards - view.discards_left]
        st.pending = None
        st.start_flow(flow.resume_main(st, me))
        return st

    # ---------------------------------------------------------------- seats and events
    # The questions every rule asks of the table (who opposes whom, in which order
    # seats act, who controls an asset) and the one way an event is written: the
    # state's own small methods, since they read nothing but the state.

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

    def team(self, seat: int) -> list[int]:
        return [s for s in range(self.players) if self.team_of[s] == self.team_of[seat]]

    def emit(self, kind, seat=None, data=None, text="", secret_to=None, public=None):
        ev = Event(kind, seat, data or {}, text, secret_to, public)
        self._events.append(ev)
        self.log.append(ev)
        return ev

    # ---------------------------------------------------------------- the pile, losing, winning
    # The table's own changes, which no card alters: a reshuffle, a team leaving, the
    # game won. Losing and winning unwind the turn flow the State drives (TurnEnd,
    # GameEnd), so they are the State's.

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
        raise GameEnd(self.team(first), msg("no cards left in hand"))

    # ---------------------------------------------------------------- a main phase's allowance

    def allowance(self, seat: int) -> tuple[int, int]:
        """(plays left, discards left) for ``seat`` this main phase."""
        if self.phase != "main" or seat not in self.actives:
            return 0, 0
        extra = [0, 0]
        for cid in self.assets[seat]:
            for ab in card(cid).of("static"):
                call = ab.steps[0][1]
                extra[0 if call[1] == "extra_play" else 1] += call[2][0][1]
        g, u = self.grants.get(seat, [0, 0]), self.used.get(seat, [0, 0])
        return 1 + g[0] + extra[0] - u[0], 1 + g[1] + extra[1] - u[1]

    # ---------------------------------------------------------------- end of a game

    def _finish(self, winners: list[int], why: str) -> None:
        self.discard[0:0] = self.resolving + self.revealed
        self.resolving, self.revealed = [], []
        points = [
            0 if s in winners else (len(self.hands[s]) if self.alive[s] else self.left_hand[s])
            for s in range(self.players)
        ]
        for s, p in enumerate(points):
            self.totals[s] += p
        self.winners = list(winners)
        row = {
            "round": self.game_no,
            "winners": list(winners),
            "why": why,
            "points": points,
            "hands": [list(h) for h in self.hands],
            "totals": self.totals[:],
            "leaders": leaders(self.totals, higher_wins=False),
        }
        self.history.append(row)
        self.emit(
            "round_end",
            winners[0],
            row,
            nmsg(
                "{players} wins game {game} ({why}).",
                "{players} win game {game} ({why}).",
                len(winners),
                players=MsgList([seat_ref(w) for w in winners], conjoined=True),
                game=self.game_no,
                why=why,
            ),
        )
        if self.game_no >= self.options["games"]:
            self.over = True
            self.actives = []
            shares = self.scores()
            best = [s for s, v in enumerate(shares) if v == max(shares)]
            self.emit(
                "game_end",
                None,
                {"totals": self.totals[:], "winners": best},
                nmsg(
                    "{players} wins the match.",
                    "{players} win the match.",
                    len(best),
                    players=MsgList([seat_ref(w) for w in best], conjoined=True),
                ),
            )
            return
        if not getattr(self, "hold_next_deal", False):  # rounds.position_before_next_deal
            self._deal()

    # ---------------------------------------------------------------- contract

    def current_player(self) -> int | None:
        return None if self.over or self.pending is None else self.pending.seat

    def is_over(self) -> bool:
        return self.over

    def legal_actions(self) -> list[str]:
        if self.over or self.pending is None:
            return []
        return list(self.pending.actions())

    def refusal(self, action) -> str | None:
        if self.over:
            return msg("The game is over.")
        assert self.pending is not None  # a game not over always waits on a decision
        if action in self.pending.actions():
            return None
        if not isinstance(action, str):
            return msg("{action} is not a move in Crazier Eights.", action=excerpt(action))
        seat = self.pending.seat
        kind, _, rest = action.partition(":")
        if self.pending.kind != "main":
            if kind in ("play", "discard", "end"):
                return msg("First answer: {prompt}", prompt=self.pending.prompt)
            return msg(
                "{text} is not one of the answers to: {prompt}",
                text=excerpt(rest or action),
                prompt=self.pending.prompt,
            )
        if kind == "choose":
            return msg("Nothing is being asked: play, discard or end your turn.")
        cid = (
            rest.rsplit(":", 1)[0]
            if kind == "discard" and rest.rsplit(":", 1)[-1] in COLOURS
            else rest
        )
        if kind not in ("play", "discard"):
            return msg("{action} is not a move in Crazier Eights.", action=excerpt(action))
        if cid not in self.hands[seat]:
            try:
                return msg("{card} is not in your hand.", card=name(cid))
            except KeyError:
                return msg("{text} is not a card in this deck.", text=excerpt(cid))
        _plays, discards = self.allowance(seat)
        if kind == "play":
            return msg("You have no plays left this turn.")
        if discards <= 0:
            return msg("You have no discards left this turn.")
        if card(cid).rank == EIGHT:
            return msg(
                "Name a colour for your eight ({colours}).",
                colours=MsgList(COLOUR_WORDS[c] for c in COLOURS),
            )
        top = self.discard[-1]
        return msg(
            "{card} matches neither a colour ({colours}) nor the rank ({rank}) of {top}.",
            card=name(cid),
            colours=MsgList(COLOUR_WORDS[c] for c in current_colours(top, self.named)),
            rank=card(top).rank,
            top=name(top),
        )

    def apply(self, action) -> list:
        reason = self.refusal(action)
        if reason:
            raise IllegalAction(reason)
        self.actions.append(action)
        self._events = []
        self._step(action)
        return self._events

    def scores(self) -> list[float]:
        if not self.over:
            return [0.0] * self.players
        if self.options["games"] == 1:
            return [
                1.0 / len(self.winners) if s in self.winners else 0.0 for s in range(self.players)
            ]
        return shared_ranking(self.totals, higher_wins=False)

    def copy(self) -> State:
        other = new_game(self.options, self.seed, deal=self.deal)
        for a in self.actions:
            other.apply(a)
        return other

    def all_cards(self) -> list[str]:
        return (
            [c for h in self.hands for c in h]
            + [c for z in self.assets for c in z]
            + self.draw
            + self.discard
            + self.revealed
            + self.resolving
        )

    pending_view = pending_view
    view = make_view

    def allies(self, seat: int) -> list[int]:
        return [s for s in self.team(seat) if s != seat]


def new_game(
    options: dict | None = None, seed: int | None = None, deal: dict | None = None
) -> State:
    """A new match. ``options`` may be partial; missing ones take the level's defaults.
    ``deal`` (lessons only): the first game's prepared cards (``lesson.place_deal``)."""
    opts = level().resolve(dict(options or {}))
    size = TEAM_SIZES[opts["teams"]]
    if size > 1 and (opts["players"] % size or opts["players"] // size < 2):
        raise LevelError(
            f"options for {level().game_id}",
            "teams",
            f"teams of {size} need a multiple of {size} players (at least {2 * size}), not {opts['players']}",
        )
    return State(opts, seed, deal)


__all__ = ["Decision", "State", "View", "can_discard", "current_colours", "names", "new_game"]
