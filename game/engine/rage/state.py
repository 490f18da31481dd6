"""Rage match state: deal, trump, predictions, tricks with action cards, scoring.

Actions (strings): ``predict:N`` during the prediction phase; during play a card
in notation (``R13``, ``NT``, ``CT``, ``+5``, ``-5``) or a Joker with the colour it
names (``J:R``). One State covers all ten rounds.
"""

from __future__ import annotations

from typing import cast

from game.engine.core import Event, IllegalAction, msg, nmsg, seat_ref
from game.engine.levels import LevelError
from game.engine.rage.cards import BONUS, GAME_ID, deck, level, round_points, winner_of
from game.engine.rage.lesson import lesson_round, prepared_cards
from game.engine.rage.playout import play_round_out
from game.engine.rage.refusal import refusal
from game.engine.rage.view import View, make_view
from game.engine.rounds import add_round, next_round
from game.engine.trick import TrickState, top_scorers


class State(TrickState):
    # the slots every trick-taking state has are TrickState's
    __slots__ = (
        "bonus",
        "dealer",
        "deck",
        "no_trump",
        "opening",
        "predictions",
        "revealed",
        "set_aside",
        "tricks",
        "trump",
    )

    def __init__(self, options: dict, seed: int | None, deal: dict | None = None):
        self._start(options, seed, deck())
        self.dealer = self.players - 1  # so seat 0 predicts and leads first
        if deal is not None:  # a lesson's prepared deal may start at a later, shorter round
            self.round = lesson_round(self.d, deal) - 1
            self.dealer = (self.dealer + self.round) % self.players  # that round's dealer
        # the first deal's events: the log starts with them
        self.opening = self._deal_round(deal)

    # ------------------------------------------------------------ setup

    @property
    def cards_this_round(self) -> int:
        return self.d.rounds + 1 - self.round

    def _deal_round(self, deal: dict | None = None) -> list[Event]:
        self.round += 1
        n = self.cards_this_round
        cards = list(range(self.d.size))
        self.rng.shuffle(cards)
        if deal is not None:
            cards = prepared_cards(self.d, cards, deal, self.players, n)
        self.hands = [cards[i * n : (i + 1) * n] for i in range(self.players)]
        self.deck = cards[self.players * n :]  # the top is the end of the list
        self.revealed: list[int] = []
        self.set_aside: list[int] = []
        self.trump = None
        self.phase = "predict"
        self.predictions: list[int | None] = [None] * self.players
        self.current = (self.dealer + 1) % self.players
        self.leader = self.current
        self._new_tricks()  # a trick entry: (seat, card, colour it counts as or None)
        self.no_trump = False
        self.tricks = [0] * self.players
        self.bonus = [0] * self.players
        events = [
            Event(
                "deal",
                self.dealer,
                {"round": self.round, "dealer": self.dealer, "cards": n},
                nmsg(
                    "Round {round}: {player} deals {n} card each.",
                    "Round {round}: {player} deals {n} cards each.",
                    n,
                    round=self.round,
                    player=seat_ref(self.dealer),
                ),
            )
        ]
        return events + self._reveal_trump("trump")

    def _reveal_trump(self, kind: str) -> list[Event]:
        """Turn cards from the deck until a colour card: it fixes trump. Actions are set aside.

        ``kind`` is "trump" (start of round or after a trick without trump) or
        "change_trump" (a Change Trump card). An empty deck leaves trump as it is.
        """
        d = self.d
        old = self.trump
        shown, card = self._turn_trump()
        if card is not None:
            colour = self.trump
            data = {
                "card": d.names[card],
                "revealed": shown,
                "trump": d.colours[colour],
                "old": None if old is None else d.colours[old],
            }
            set_aside = [s for s in shown if s != d.names[card]]
            extra = msg(" ({cards} set aside)", cards=", ".join(set_aside)) if set_aside else ""
            if kind == "change_trump" and old == colour:
                text = msg(
                    "Change Trump turns {card}{extra}: trump stays {colour}.",
                    card=d.pretty(card),
                    extra=extra,
                    colour=d.colour_word(colour),
                )
            else:
                text = msg(
                    "{card} is turned{extra}: trump is {colour}.",
                    card=d.pretty(card),
                    extra=extra,
                    colour=d.colour_word(colour),
                )
            return [Event(kind, None, data, text)]
        data = {
            "card": None,
            "revealed": shown,
            "trump": None if self.trump is None else d.colours[self.trump],
            "old": None if self.trump is None else d.colours[self.trump],
        }
        return [
            Event(
                kind,
                None,
                data,
                msg(
                    "The draw deck is empty: trump stays {colour}.",
                    colour=d.colour_word(self.trump),
                ),
            )
        ]

    def _turn_trump(self) -> tuple[list[str], int | None]:
        """Turn cards from the deck until a colour card, which becomes trump (action cards
        turned on the way are set aside): the cards turned, in notation, and the colour
        card (None when the deck ran out first and trump stays as it is)."""
        d = self.d
        shown = []
        while self.deck:
            card = self.deck.pop()
            shown.append(d.names[card])
            if d.kind_of[card] != "C":
                self.set_aside.append(card)
                continue
            self.revealed.append(card)
            self.trump = d.colour_of[card]
            self.no_trump = False  # a Change Trump after a No Trump fixes this trick's trump
            return shown, card
        return shown, None

    def _no_trump(self) -> list[str]:
        """A No Trump: this trick has none; the cards turned for trump go under the deck
        (returned in notation)."""
        self.no_trump = True
        self.trump = None
        back = [self.d.names[c] for c in self.revealed]
        for c in self.revealed:
            self.deck.insert(0, c)
        self.revealed = []
        return back

    def copy(self) -> State:
        o = State.__new__(State)
        self._copy_into(o)
        o.dealer, o.trump, o.no_trump = self.dealer, self.trump, self.no_trump
        o.deck, o.revealed, o.set_aside = self.deck[:], self.revealed[:], self.set_aside[:]
        o.predictions, o.tricks, o.bonus = self.predictions[:], self.tricks[:], self.bonus[:]
        return o

    # ------------------------------------------------------------ queries

    def lead_colour(self) -> int | None:
        return next((col for _, _, col in self.trick if col is not None), None)

    def forbidden_prediction(self) -> int | None:
        """With plus/minus one, the value the last predictor may not announce."""
        if not self.options.get("plus_minus_one") or sum(p is None for p in self.predictions) != 1:
            return None
        rest = self.cards_this_round - sum(p for p in self.predictions if p is not None)
        return rest if 0 <= rest <= self.cards_this_round else None

    def playable(self, seat: int) -> list[int]:
        """Cards ``seat`` may play into the current trick."""
        hand = self.hands[seat]
        lead = self.lead_colour()
        if lead is None:
            return list(hand)
        follow = [c for c in hand if self.d.colour_of[c] == lead]
        return follow or list(hand)

    def legal_actions(self) -> list[str]:
        if self.over:
            return []
        if self.phase == "predict":
            bad = self.forbidden_prediction()
            return [f"predict:{n}" for n in range(self.cards_this_round + 1) if n != bad]
        names = self.d.names
        out: list[str] = []
        seen: set[str] = set()
        for card in sorted(self.playable(self.current)):  # card order: colour, value, actions
            name = names[card]
            if name in seen:
                continue
            seen.add(name)
            if name == "J":
                out.extend("J:" + col for col in self.d.colours)
            else:
                out.append(name)
        return out

    def refusal(self, action) -> str | None:
        """Why ``action`` is not legal now, in words; None when it is legal."""
        return refusal(self, action)

    # ------------------------------------------------------------ actions

    def apply(self, action) -> list[Event]:
        reason = self.refusal(action)
        if reason:
            raise IllegalAction(reason)
        self.actions.append(action)
        if self.phase == "predict":
            return self._predict(int(action.partition(":")[2]))
        return self._play(action)

    def play_round_out(self, choose) -> None:
        """The rest of this round's tricks played at once by ``choose(state, playable) ->
        (card, named colour)``: the rules and the log of ``apply``, no events (see
        ``game.engine.rage.playout``)."""
        play_round_out(self, choose)

    def announce_prediction(self, value: int) -> list[Event]:
        """The seat to move predicts ``value`` as ``apply("predict:N")`` would, except that
        the plus/minus-one rule on the sum is not checked.

        For the hard bot's search (``game.ai.rage.hard``), which announces each candidate
        count in worlds it sampled from its view: there a rival's concealed prediction is
        a guess, so the sum that rule forbids is not the real game's, and the real engine
        has already judged every candidate legal. Safe: anything else ``apply`` refuses
        (a finished game, the play phase, a count outside 0 to the cards in hand) is
        refused here too, and the prediction is logged like any other."""
        if self.over or self.phase != "predict" or not 0 <= value <= self.cards_this_round:
            raise IllegalAction(self.refusal(f"predict:{value}") or "")
        self.actions.append(f"predict:{value}")
        return self._predict(value)

    def _predictions_hidden(self) -> bool:
        return bool(
            self.options.get("hidden_predictions") or self.options.get("secret_predictions")
        )

    def _predict(self, value: int) -> list[Event]:
        seat = self.current
        self.predictions[seat] = value
        player = seat_ref(seat)
        if self._predictions_hidden():
            said = nmsg(
                "{player} predicts {n} trick (secretly).",
                "{player} predicts {n} tricks (secretly).",
                value,
                player=player,
            )
            public = Event(
                "predict",
                seat,
                {"prediction": None},
                msg("{player} makes a secret prediction.", player=player),
            )
            secrecy: dict = {"secret_to": seat, "public": public}
        else:
            said = nmsg(
                "{player} predicts {n} trick.",
                "{player} predicts {n} tricks.",
                value,
                player=player,
            )
            secrecy = {}
        events = [Event("predict", seat, {"prediction": value}, said, **secrecy)]
        self.current = (seat + 1) % self.players
        if all(p is not None for p in self.predictions):
            self.phase = "play"
            self.current = self.leader
            if self.options.get("hidden_predictions") and not self.options.get(
                "secret_predictions"
            ):
                shown = ", ".join(f"{{P{s}}} {p}" for s, p in enumerate(self.predictions))
                events.append(
                    Event(
                        "predictions",
                        None,
                        {"predictions": self.predictions[:]},
                        msg("Predictions revealed: {predictions}.", predictions=shown),
                    )
                )
        return events

    def _play(self, action: str) -> list[Event]:
        d = self.d
        seat = self.current
        head, _, named = action.partition(":")
        hand = self.hands[seat]
        card = next(c for c in hand if d.names[c] == head)
        hand.remove(card)
        kind = d.kind_of[card]
        colour = (
            d.colour_of[card] if kind == "C" else (d.colours.index(named) if kind == "J" else None)
        )
        self.trick.append((seat, card, colour))
        shown = f"J:{named}" if kind == "J" else d.names[card]
        events = [
            Event(
                "play",
                seat,
                {"card": shown, "kind": kind},
                d.said(
                    ("play", seat, card, colour if kind == "J" else None),
                    lambda: msg(
                        "{player} plays {card}.",
                        player=seat_ref(seat),
                        card=d.pretty(card, colour if kind == "J" else None),
                    ),
                ),
            )
        ]
        if kind == "NT":
            back = self._no_trump()
            events.append(
                Event(
                    "no_trump",
                    seat,
                    {"returned": back},
                    msg("No Trump: this trick has no trump (the trump cards go under the deck).")
                    if back
                    else msg("No Trump: this trick has no trump."),
                )
            )
        elif kind == "CT":
            events.extend(self._reveal_trump("change_trump"))
        if len(self.trick) == self.players:
            return events + self._finish_trick()
        self.current = (seat + 1) % self.players
        return events

    def trick_notation(self) -> list[tuple[int, str]]:
        """The trick so far as (seat, card) in notation, a Joker with the colour it names
        (``J:R``): what the view and the trick record show, and what the hard bot's
        playout policy reads of its own sampled world (``game.ai.rage.hard``). A query:
        it changes nothing."""
        d = self.d
        return [
            (s, f"J:{d.colours[col]}" if d.kind_of[c] == "J" else d.names[c])
            for s, c, col in self.trick
        ]

    def _finish_trick(self, quiet: bool = False) -> list[Event]:
        """Give the full trick to its winner, then score the round or turn trump for the
        next trick; ``quiet``: the same state, without the trick's events."""
        d = self.d
        entries = [
            (d.kind_of[c], col, d.max_value + 1 if d.kind_of[c] == "J" else d.value_of[c])
            for _, c, col in self.trick
        ]
        win_index = winner_of(entries, self.trump)
        winner = self.trick[win_index][0]
        cards = [c for _, c, _ in self.trick]
        bonus = sum(BONUS.get(d.kind_of[c], 0) for c in cards)
        self.tricks[winner] += 1
        self.bonus[winner] += bonus
        self.won[winner].extend(cards)
        record = {
            "plays": self.trick_notation(),
            "winner": winner,
            "leader": self.leader,
            "trump": None if self.trump is None else d.colours[self.trump],
            "lead": None if self.lead_colour() is None else d.colours[self.lead_colour()],
            "bonus": bonus,
        }
        self.last_trick = record
        self.round_tricks.append(record)
        self.trick = []
        self.no_trump = False
        self.leader = self.current = winner
        if quiet:
            if not self.hands[winner]:
                self._end_round()
            elif self.trump is None:
                self._turn_trump()
            return []
        if bonus:
            text = msg(
                "{player} wins the trick with {bonus} points.",
                player=seat_ref(winner),
                bonus=f"{bonus:+d}",
            )
        else:
            text = d.said(
                ("won", winner), lambda: msg("{player} wins the trick.", player=seat_ref(winner))
            )
        events = [Event("trick_won", winner, dict(record, index=win_index), text)]
        if not self.hands[winner]:
            return events + self._end_round()
        if self.trump is None:
            events.extend(self._reveal_trump("trump"))
        return events

    def _end_round(self) -> list[Event]:
        n = self.cards_this_round
        wta = bool(self.options.get("winner_takes_all"))
        predicted = cast(list[int], self.predictions)  # every seat has predicted by now
        points = [
            round_points(
                predicted[s],
                self.tricks[s],
                self.bonus[s],
                all_tricks_bonus=wta and n > 1 and self.tricks[s] == n,
            )
            for s in range(self.players)
        ]
        row = {
            "round": self.round,
            "cards": n,
            "dealer": self.dealer,
            "predictions": self.predictions[:],
            "tricks": self.tricks[:],
            "bonus": self.bonus[:],
            **add_round(self, points, higher_wins=True),
        }
        self.history.append(row)
        best, who = top_scorers(points)
        events = [
            Event(
                "round_end",
                None,
                row,
                nmsg(
                    # every seat scored: the line names who has the top score, as such
                    "Round {round} scored; {players} has the top score, {best}.",
                    "Round {round} scored; {players} have the top score, {best}.",
                    points.count(best),
                    round=self.round,
                    players=who,
                    best=best,
                ),
            )
        ]
        return next_round(self, events, self.round >= self.d.rounds, self._next_deal)

    def _next_deal(self) -> list[Event]:
        self.dealer = (self.dealer + 1) % self.players  # the first predictor deals next
        return self._deal_round()

    # ------------------------------------------------------------ results and views

    def predictions_concealed(self) -> bool:
        return bool(
            self.options.get("secret_predictions")
            or (self.options.get("hidden_predictions") and self.phase == "predict")
        )

    def predictions_visible_to(self, seat: int | None) -> list[int | None]:
        if self.predictions_concealed():
            return [p if s == seat else None for s, p in enumerate(self.predictions)]
        return self.predictions[:]

    def view(self, seat: int) -> View:
        return make_view(self, seat)

    def all_cards(self) -> list[int]:
        """Every card's place, for conservation checks."""
        return (
            [c for h in self.hands for c in h]
            + self.deck
            + self.revealed
            + self.set_aside
            + [c for _, c, _ in self.trick]
            + [c for w in self.won for c in w]
        )


def new_game(
    options: dict | None = None, seed: int | None = None, deal: dict | None = None
) -> State:
    """A new match. ``options`` may be partial; missing ones take the level's defaults.

    ``deal`` (lessons only): the first round's prepared hands and the deck's next turns,
    perhaps a later round (``game.engine.rage.lesson``); the seed shuffles the other
    cards and deals every later round. A game with a prepared deal is never saved."""
    opts = level().resolve(dict(options or {}))
    if deal is None:
        return State(opts, seed)
    try:
        return State(opts, seed, deal)
    except ValueError as exc:
        raise LevelError(f"deal for {GAME_ID}", "", str(exc)) from None
