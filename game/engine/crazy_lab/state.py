"""Crazy Lab: a secret plus colour, a public minus colour, and a pile of trump cards.

Each round: every player gets a stack of 4 scoring cards sharing one minus colour
(stacks are dealt at random each round) and 10 trick cards. Seat by seat, from the
starting player, each player secretly picks a plus colour (``plus:Y``) and then two
of the remaining three scoring cards for the trump pile (``trump:B,O``, their plus
sides are the trump colours). With 3 or 4 players, random cards from the unused
stacks fill the trump pile to 10. Then 10 tricks: any card may be played
(``G5/P1/O1``); the top of the trump pile is the trump colour of each trick.
Scores: plus-colour values minus minus-colour values on the cards won.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from game.engine.core import Event, IllegalAction, MsgList, detached, msg, nmsg, seat_ref
from game.engine.crazy_lab.cards import deck, level, winner_index
from game.engine.crazy_lab.lesson import prepare_deal, prepared_pile
from game.engine.crazy_lab.refusal import refusal
from game.engine.rounds import add_round, next_round
from game.engine.trick import TrickState, top_scorers


@dataclass
class View:
    """What one seat may know."""

    seat: int
    players: int
    phase: str  # "choose" (secret picks), "play" or "over"
    round: int
    rounds: int
    starter: int
    hand: list[str]
    hand_counts: list[int]
    minus: list[str]  # every player's minus colour (public: the stacks lie minus side up)
    plus: str | None  # this seat's own plus colour, once picked
    stack: list[str]  # plus colours of the scoring cards still in this seat's stack
    my_trumps: list[str]  # the plus colours this seat put into the trump pile
    chosen: list[bool]  # who has finished their secret choices (public)
    trump: str | None  # trump colour of the current trick
    trump_left: int  # trump cards still face down in the pile
    trumps_used: list[str]  # trump colours of finished tricks
    leader: int | None
    trick: list[tuple[int, str]]
    last_trick: dict | None
    round_tricks: list[dict]
    won: list[list[str]]  # cards each seat has taken this round (all were played face up)
    current_player: int | None
    totals: list[int]
    round_history: list[dict]
    over: bool
    unseen: list[str] = field(default_factory=list)  # trick cards this seat has not seen


class State(TrickState):
    # the slots every trick-taking state has are TrickState's
    __slots__ = (
        "minus",
        "my_trumps",
        "opening",
        "plus",
        "prepared",
        "removed",
        "stacks",
        "starter",
        "trump_pile",
        "trumps_used",
        "unused",
    )

    def __init__(self, options: dict, seed: int | None, deal: dict | None = None):
        self._start(options, seed, deck())
        self.starter = -1
        self.prepared: list[int] | None = None  # a lesson's trump colours, in turn-up order
        # the first deal's events: the log starts with them
        self.opening = self._deal_round(deal)

    # ------------------------------------------------------------ setup

    def _deal_round(self, deal: dict | None = None) -> list[Event]:
        d, n = self.d, self.players
        self.round += 1
        self.starter = (self.starter + 1) % n
        cards = list(range(d.size))
        self.rng.shuffle(cards)
        size = d.hand_size
        self.hands = [cards[i * size : (i + 1) * size] for i in range(n)]
        self.unused = cards[n * size :]
        stacks = list(range(len(d.colours)))
        self.rng.shuffle(stacks)
        self.minus = stacks[:n]
        # scoring cards are (minus, plus) pairs; a player's stack holds the plus colours left
        self.stacks = [[c for c in range(len(d.colours)) if c != m] for m in self.minus]
        self.removed: list[tuple[int, int]] = []
        for m in stacks[n:]:  # unused stacks: extra random trump cards, the rest go back in the box
            pluses = [c for c in range(len(d.colours)) if c != m]
            self.rng.shuffle(pluses)
            self.removed.extend((m, p) for p in pluses)
        self.plus: list[int | None] = [None] * n
        self.my_trumps: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        self.trump_pile: list[tuple[int, int]] = []
        self.trumps_used: list[tuple[int, int]] = []
        if deal is not None:  # a lesson: prepared hands, minus colours, trump order
            prepare_deal(self, deal)
        self.phase = "choose"
        self.current = self.leader = self.starter
        self._new_tricks()  # a trick entry: (seat, card)
        minus_text = MsgList(
            msg("{player} {colour}", player=seat_ref(s), colour=d.colour_word(m))
            for s, m in enumerate(self.minus)
        )
        return [
            Event(
                "deal",
                self.starter,
                {
                    "round": self.round,
                    "starter": self.starter,
                    "minus": [d.colours[m] for m in self.minus],
                },
                msg(
                    "Round {round}: {size} cards each; minus colours: {minus}.",
                    round=self.round,
                    size=size,
                    minus=minus_text,
                ),
            )
        ]

    def copy(self) -> State:
        o = State.__new__(State)
        self._copy_into(o)
        o.starter, o.unused = self.starter, self.unused[:]
        o.minus, o.stacks, o.plus = self.minus[:], [s[:] for s in self.stacks], self.plus[:]
        o.my_trumps, o.trump_pile = [t[:] for t in self.my_trumps], self.trump_pile[:]
        o.trumps_used, o.removed = self.trumps_used[:], self.removed[:]
        o.prepared = self.prepared
        return o

    # ------------------------------------------------------------ queries

    @property
    def trump(self) -> int | None:
        """Trump colour of the current trick: the plus side of the top of the pile."""
        return self.trump_pile[-1][1] if self.phase == "play" and self.trump_pile else None

    def legal_actions(self) -> list[str]:
        if self.over:
            return []
        d, seat = self.d, self.current
        if self.phase == "choose":
            if self.plus[seat] is None:
                return [f"plus:{d.colours[c]}" for c in self.stacks[seat]]
            return [
                f"trump:{d.colours[a]},{d.colours[b]}"
                for a, b in combinations(self.stacks[seat], 2)
            ]
        return [d.names[c] for c in sorted(self.hands[seat])]

    def refusal(self, action) -> str | None:
        """Why ``action`` is not legal now, in words; None if it is."""
        return refusal(self, action)

    # ------------------------------------------------------------ actions

    def _canonical(self, text: str) -> str:
        """A legal move as ``legal_actions`` writes it: the one notation the log keeps."""
        head, _, arg = text.partition(":")
        if head == "trump":
            picks = {p.strip() for p in arg.split(",")}
            return next(a for a in self.legal_actions() if set(a[6:].split(",")) == picks)
        if head == "plus":
            return text
        return self.d.names[self.d.parse(text)]

    def apply(self, action) -> list[Event]:
        reason = self.refusal(action)
        if reason:
            raise IllegalAction(reason)
        text = self._canonical(action.strip())
        self.actions.append(text)
        d, seat = self.d, self.current
        head, _, arg = text.partition(":")
        if head == "plus":
            c = d.colours.index(arg)
            self.plus[seat] = c
            self.stacks[seat].remove(c)
            public = Event(
                "plus", seat, {}, msg("{player} picks a secret plus colour.", player=seat_ref(seat))
            )
            return [
                Event(
                    "plus",
                    seat,
                    {"plus": arg},
                    msg("You pick {colour} as your plus colour.", colour=d.colour_word(c)),
                    secret_to=seat,
                    public=public,
                )
            ]
        if head == "trump":
            picks = sorted(d.colours.index(p.strip()) for p in arg.split(","))
            for p in picks:
                self.stacks[seat].remove(p)
                self.my_trumps[seat].append((self.minus[seat], p))
            self.removed.extend((self.minus[seat], p) for p in self.stacks[seat])
            self.stacks[seat] = []
            words = MsgList((d.colour_word(p) for p in picks), conjoined=True)
            public = Event(
                "trump_pick",
                seat,
                {},
                msg("{player} adds two cards to the trump pile.", player=seat_ref(seat)),
            )
            events = [
                Event(
                    "trump_pick",
                    seat,
                    {"trumps": [d.colours[p] for p in picks]},
                    msg("You add {colours} to the trump pile.", colours=words),
                    secret_to=seat,
                    public=public,
                )
            ]
            self.current = (seat + 1) % self.players
            if all(not s for s in self.stacks):
                events.extend(self._start_tricks())
            return events
        return self.play_card(d.parse(text))

    def _start_tricks(self) -> list[Event]:
        d = self.d
        if self.prepared is not None:  # a lesson's deal: the trump colours in its order
            pile = prepared_pile(self)
            self.prepared = None
        else:
            pile = [c for t in self.my_trumps for c in t]
            extra = d.extra_trumps
            used_stacks = sorted({m for m, _ in self.removed if m not in self.minus})
            for m in used_stacks:  # removed holds the unused stacks' cards, already shuffled
                stack = [c for c in self.removed if c[0] == m]
                for c in stack[:extra]:
                    self.removed.remove(c)
                    pile.append(c)
            self.rng.shuffle(pile)
        self.trump_pile = pile
        self.phase = "play"
        self.current = self.leader = self.starter
        return [
            Event(
                "trump",
                None,
                {"trump": d.colours[self.trump], "left": len(pile)},
                msg(
                    "The trump pile holds {n} cards; trump for the first trick is {colour}.",
                    n=len(pile),
                    colour=d.colour_word(self.trump),
                ),
            )
        ]

    def play_card(self, card: int, quiet: bool = False) -> list[Event]:
        """``card`` (an int of the deck) played by the seat to move, unchecked and
        unlogged: ``apply`` calls it once its checks pass and the action is logged.
        ``quiet``: the same change of state without the events of the play, the trick
        and the next trump.

        Public for the hard bot's playouts (``game.ai.crazy_lab.hard``), which play
        thousands of cards a decision in worlds sampled from their own view and read
        no events. Safe there: in the play phase any card in the hand of the seat to
        move is legal (there is no suit to follow), a card not in that hand raises
        ValueError, and the world is the bot's own copy, never the real game."""
        d, seat = self.d, self.current
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        events = [] if quiet else [self._play_event(seat, card)]
        if len(self.trick) < self.players:
            self.current = (seat + 1) % self.players
            return events
        trump = self.trump
        index = winner_index([d.values[c] for _, c in self.trick], trump)
        winner = self.trick[index][0]
        self.won[winner].extend(c for _, c in self.trick)
        record = {
            "plays": [(s, d.names[c]) for s, c in self.trick],
            "winner": winner,
            "leader": self.leader,
            "trump": d.colours[trump],
        }
        self.last_trick = record
        self.round_tricks.append(record)
        if not quiet:
            events.append(self._trick_event(winner, record, index))
        self.trick = []
        self.trumps_used.append(self.trump_pile.pop())
        self.leader = self.current = winner
        if not self.hands[winner]:
            return events + self._end_round()
        if not quiet:
            events.append(self._trump_event())
        return events

    def _play_event(self, seat: int, card: int) -> Event:
        d = self.d
        return Event(
            "play",
            seat,
            {"card": d.names[card]},
            d.said(
                ("play", seat, card),
                lambda: msg("{player} plays {card}.", player=seat_ref(seat), card=d.pretty(card)),
            ),
        )

    def _trick_event(self, winner: int, record: dict, index: int) -> Event:
        return Event(
            "trick_won",
            winner,
            dict(record, index=index),
            self.d.said(
                ("won", winner), lambda: msg("{player} wins the trick.", player=seat_ref(winner))
            ),
        )

    def _trump_event(self) -> Event:
        """The trump turned up for the next trick."""
        d = self.d
        return Event(
            "trump",
            None,
            {"trump": d.colours[self.trump], "left": len(self.trump_pile)},
            d.said(
                ("trump", self.trump),
                lambda: msg(
                    "Trump for the next trick is {colour}.", colour=d.colour_word(self.trump)
                ),
            ),
        )

    def _end_round(self) -> list[Event]:
        d = self.d
        plus_pts = [
            sum(d.values[c][self.plus[s]] for c in self.won[s]) for s in range(self.players)
        ]
        minus_pts = [
            sum(d.values[c][self.minus[s]] for c in self.won[s]) for s in range(self.players)
        ]
        points = [p - m for p, m in zip(plus_pts, minus_pts)]
        row = {
            "round": self.round,
            "starter": self.starter,
            "plus": [d.colours[p] for p in self.plus],
            "minus": [d.colours[m] for m in self.minus],
            "plus_points": plus_pts,
            "minus_points": minus_pts,
            **add_round(self, points, higher_wins=True),
            "cards_won": [len(w) for w in self.won],
            "tricks": [
                sum(1 for t in self.round_tricks if t["winner"] == s) for s in range(self.players)
            ],
        }
        self.history.append(row)
        best, who = top_scorers(points)
        reveal = MsgList(
            msg("{player} {colour}", player=seat_ref(s), colour=d.colour_word(p))
            for s, p in enumerate(self.plus)
        )
        events = [
            Event(
                "round_end",
                None,
                row,
                nmsg(
                    # every seat scored: the line names who has the top score, as such
                    "Round {round}: plus colours {reveal}. {players} has the top score, {best}.",
                    "Round {round}: plus colours {reveal}. {players} have the top score, {best}.",
                    points.count(best),
                    round=self.round,
                    reveal=reveal,
                    players=who,
                    best=best,
                ),
            )
        ]
        return next_round(self, events, self.round >= self.options["rounds"], self._deal_round)

    # ------------------------------------------------------------ results and views

    def view(self, seat: int) -> View:
        d = self.d
        seen = set(self.hands[seat]) | {c for _, c in self.trick}
        for w in self.won:
            seen.update(w)
        return View(
            seat=seat,
            players=self.players,
            phase="over" if self.over else self.phase,
            round=self.round,
            rounds=self.options["rounds"],
            starter=self.starter,
            hand=[d.names[c] for c in self.hands[seat]],
            hand_counts=[len(h) for h in self.hands],
            minus=[d.colours[m] for m in self.minus],
            plus=None if self.plus[seat] is None else d.colours[self.plus[seat]],
            stack=[d.colours[c] for c in self.stacks[seat]],
            my_trumps=[d.colours[p] for _, p in self.my_trumps[seat]],
            chosen=[not s for s in self.stacks],
            trump=None if self.trump is None else d.colours[self.trump],
            trump_left=len(self.trump_pile),
            trumps_used=[d.colours[p] for _, p in self.trumps_used],
            leader=self.leader if self.phase == "play" else None,
            trick=[(s, d.names[c]) for s, c in self.trick],
            last_trick=detached(self.last_trick),
            round_tricks=[detached(t) for t in self.round_tricks],
            won=[[d.names[c] for c in w] for w in self.won],
            current_player=self.current_player(),
            totals=self.totals[:],
            round_history=[detached(r) for r in self.history],
            over=self.over,
            unseen=[d.names[c] for c in range(d.size) if c not in seen],
        )

    def all_cards(self) -> list[int]:
        """Every trick card's place, for conservation checks."""
        return (
            [c for h in self.hands for c in h]
            + self.unused
            + [c for _, c in self.trick]
            + [c for w in self.won for c in w]
        )

    def all_scoring_cards(self) -> list[tuple[int, int]]:
        """Every scoring card's place: (minus, plus) pairs."""
        out = [(m, p) for m, st in zip(self.minus, self.stacks) for p in st]
        out += [(m, p) for m, p in zip(self.minus, self.plus) if p is not None]
        if self.phase == "choose":
            out += [c for t in self.my_trumps for c in t]
        return out + self.trump_pile + self.trumps_used + self.removed


def new_game(
    options: dict | None = None, seed: int | None = None, deal: dict | None = None
) -> State:
    """A new match. ``options`` may be partial; missing ones take the level's defaults.

    ``deal`` (lessons only): the first round's prepared hands, minus colours and trump
    order (``lesson.prepare_deal``); the seed decides the rest and every later round."""
    return State(level().resolve(dict(options or {})), seed, deal)
