"""Crazy Eights: match the top card's suit or rank, or play a wild eight and name a suit.

Actions (strings): a card to play (``"7H"``), an eight with the suit it names
(``"8C:H"``), ``"draw"`` and ``"pass"``. One State covers the whole match of
several rounds; a finished round is scored and the next one dealt at once, with a
``round_end`` event carrying the score sheet row.
"""

from __future__ import annotations

import random

from game.engine.cards import NAMES, SUITS, parse
from game.engine.core import (
    Event,
    IllegalAction,
    MsgList,
    kept,
    msg,
    nmsg,
    seat_ref,
)
from game.engine.core import game_end as game_end  # the package re-exports these
from game.engine.core import leaders as leaders
from game.engine.core import shared_ranking as shared_ranking
from game.engine.crazy_eights.lesson import prepared_deck
from game.engine.crazy_eights.notation import (  # the tables, and what others read of them
    _ACTIONS_OF,
    _DEALS,
    _DRAW,
    _DRAWS,
    _DRAWS_HIDDEN,
    _EIGHT_PLAYS,
    _LAST_EIGHT,
    _PASS,
    _PASSES,
    _PLAY_CARD,
    _PLAYS,
    _PRETTY,
    _STARTERS,
    _SUIT_CODES,
    CARD_POINTS,
    DRAW_CARD,
    DRAW_LIMIT,
    EIGHT,
    EIGHT_ACTIONS,
    PLAYABLE,
    SUIT_INDEX,
    _event,
    shuffled_deck,
)
from game.engine.crazy_eights.refusal import why_refused
from game.engine.crazy_eights.view import View, make_view
from game.engine.levels import Level, LevelError, load_level
from game.engine.limits import excerpt
from game.engine.rounds import add_round, final_scores, next_round

GAME_ID = "crazy_eights"
# ---------------------------------------------------------------- rules oracle


def can_play(card: str, top: str, named_suit: str | None = None) -> bool:
    """May ``card`` go on ``top``? An eight always may; after an eight, ``named_suit`` rules."""
    c, t = parse(card), parse(top)
    suit = t // 13 if named_suit is None else SUITS.index(named_suit.upper())
    return bool(PLAYABLE[suit * 13 + t % 13][c])


def hand_points(cards) -> int:
    """Value of a hand: eights 50, K Q J 10 are 10, aces 1, others their pips."""
    return sum(CARD_POINTS[parse(c) % 13] for c in cards)


# ---------------------------------------------------------------- state


def level() -> Level:
    return load_level(GAME_ID)


def check_level() -> Level:
    """The level file with everything the game reads from it checked (its deck too):
    the setup screen calls this, so a broken file is named before a game starts."""
    return level()


class State:
    __slots__ = (
        "actions",
        "buried",
        "current",
        "dealer",
        "discard",
        "drawn",
        "hands",
        "history",
        "hold_next_deal",  # set only by rounds.position_before_next_deal
        "named_suit",
        "opening",
        "options",
        "over",
        "players",
        "rng",
        "round",
        "round_start",
        "stock",
        "totals",
    )

    def __init__(self, options: dict, seed: int | None, deal: dict | None = None):
        self.options = options
        self.players = options["players"]
        self.rng = random.Random(seed)
        self.totals = [0] * self.players
        self.history: list[dict] = []
        self.round = 0
        self.dealer = self.players - 1  # so seat 0 leads the first round
        self.over = False
        self.actions: list = []
        self.round_start = 0
        # the first deal's events: the log starts with them
        self.opening = self._deal_round(deal)

    # -- setup

    def _deal_round(self, deal: dict | None = None) -> list[Event]:
        self.round += 1
        self.round_start = len(self.actions)
        deck = shuffled_deck(self.rng)
        size = self.options["hand_size"]
        if deal is not None:
            deck = prepared_deck(deck, deal, self.players, size)
        self.hands = [deck[i * size : (i + 1) * size] for i in range(self.players)]
        self.stock = deck[self.players * size :]
        self.discard = []
        self.buried = []
        self.named_suit: int | None = None
        self.drawn = 0
        events = [
            _event(
                "deal",
                self.dealer,
                {"round": self.round, "dealer": self.dealer},
                kept(
                    _DEALS,
                    (self.round, self.dealer, size),
                    lambda: msg(
                        "Round {round}: {player} deals {size} cards each.",
                        round=self.round,
                        player=seat_ref(self.dealer),
                        size=size,
                    ),
                ),
            )
        ]
        # The starter is the first card from the top that is not an eight; each eight
        # turned before it is buried in the middle of the cards still unturned. Turning
        # from the top and burying below it ends: every pass turns a new card. When only
        # eights are left to turn, the eight turned stays as the starter, and with no suit
        # named it asks for its own suit (or an eight): nobody gets a free wild start.
        turned = [self.stock.pop()]
        while turned[-1] % 13 == EIGHT and any(c % 13 != EIGHT for c in self.stock):
            turned.append(self.stock.pop())
        starter = turned.pop()
        for eight in turned:
            self.stock.insert(len(self.stock) // 2, eight)
            self.buried.append(eight)
            events.append(
                _event(
                    "bury",
                    None,
                    {"card": NAMES[eight]},
                    msg(
                        "The starter {card} is an eight: it is buried in the stock.",
                        card=_PRETTY[eight],
                    ),
                )
            )
        if starter % 13 == EIGHT:
            events.append(
                _event(
                    "eight_starter",
                    None,
                    {"card": NAMES[starter]},
                    msg(
                        "Only eights are left in the stock: {card} starts, "
                        "and its own suit counts.",
                        card=_PRETTY[starter],
                    ),
                )
            )
        self.discard.append(starter)
        events.append(
            _event(
                "starter",
                None,
                {"card": NAMES[starter]},
                _STARTERS[starter],
            )
        )
        self.current = (self.dealer + 1) % self.players
        return events

    def copy(self) -> State:
        other = State.__new__(State)
        other.options = self.options
        other.players = self.players
        other.rng = random.Random.__new__(random.Random)  # no OS entropy read: set below
        other.rng.setstate(self.rng.getstate())
        other.hands = [h[:] for h in self.hands]
        other.stock = self.stock[:]
        other.discard = self.discard[:]
        other.named_suit = self.named_suit
        other.current = self.current
        other.drawn = self.drawn
        other.dealer = self.dealer
        other.round = self.round
        other.totals = self.totals[:]
        other.history = list(self.history)
        other.over = self.over
        other.buried = self.buried[:]
        other.actions = list(self.actions)
        other.round_start = self.round_start
        return other

    # -- queries

    def current_player(self) -> int | None:
        return None if self.over else self.current

    def is_over(self) -> bool:
        return self.over

    def playable_cards(self, seat: int) -> list[int]:
        top = self.discard[-1]
        suit = top // 13 if self.named_suit is None else self.named_suit
        rank = top % 13
        ok = PLAYABLE[suit * 13 + rank]
        return [c for c in self.hands[seat] if ok[c]]

    def legal_actions(self) -> list[str]:
        if self.over:
            return []
        top = self.discard[-1]
        suit = top // 13 if self.named_suit is None else self.named_suit
        rank = top % 13
        ok = PLAYABLE[suit * 13 + rank]
        playable = [c for c in self.hands[self.current] if ok[c]]
        playable.sort()
        out: list[str] = []
        if len(self.hands[self.current]) == 1 and playable and playable[0] % 13 == EIGHT:
            # a last card that is an eight ends the round: the suit it would name
            # changes nothing, so it is played without one (``8C:H`` is still read as it)
            out.append(NAMES[playable[0]])
        else:
            for c in playable:
                out += _ACTIONS_OF[c]
        if (
            self.stock
            and self.drawn < DRAW_LIMIT
            and (not playable or self.options["draw_when_able"])
        ):
            out.append("draw")
        if not playable and (not self.stock or self.drawn >= DRAW_LIMIT):
            out.append("pass")
        return out

    def refusal(self, action) -> str | None:
        """Why ``action`` is not legal now, in words (``refusal.why_refused``); None when
        it is legal."""
        if self._checked(action) is not None:
            return None
        return why_refused(self, action)

    def _checked(self, action) -> int | None:
        """None unless ``action in self.legal_actions()`` (the same answer, without
        building the list); else the card played, or _DRAW / _PASS."""
        if self.over or not isinstance(action, str):
            return None
        top = self.discard[-1]
        suit = top // 13 if self.named_suit is None else self.named_suit
        ok = PLAYABLE[suit * 13 + top % 13]  # the matching rule, written once above
        if action == "draw" or action == "pass":
            playable = False
            for c in self.hands[self.current]:
                if ok[c]:
                    playable = True
                    break
            if action == "draw":
                may_draw = (
                    self.stock
                    and self.drawn < DRAW_LIMIT
                    and (not playable or self.options["draw_when_able"])
                )
                return _DRAW if may_draw else None
            return _PASS if not playable and (not self.stock or self.drawn >= DRAW_LIMIT) else None
        card = _PLAY_CARD.get(action)
        if card is None:
            card = _LAST_EIGHT.get(action)
            if card is None or self.hands[self.current] != [card]:
                return None
        if not ok[card] or card not in self.hands[self.current]:
            return None
        return card

    # -- actions

    def apply(self, action) -> list[Event]:
        card = self._checked(action)
        if card is None:
            raise IllegalAction(
                self.refusal(action) or msg("{action} is not legal now.", action=excerpt(action))
            )
        seat = self.current
        last_eight = card >= 0 and card % 13 == EIGHT and len(self.hands[seat]) == 1
        if last_eight:
            action = NAMES[card]  # the listed spelling: a last eight names no suit
        self.actions.append(action)
        if card == _DRAW:
            card = self.stock.pop()
            self.hands[seat].append(card)
            self.drawn += 1
            public = _event("draw", seat, {"count": 1}, _DRAWS_HIDDEN[seat])
            text = _DRAWS[seat][card]
            return [_event("draw", seat, {"count": 1, "card": NAMES[card]}, text, seat, public)]
        if card == _PASS:
            events = [_event("pass", seat, {}, _PASSES[seat])]
            return events + self._advance()
        named = action[-1] if card % 13 == EIGHT and not last_eight else ""
        self.hands[seat].remove(card)
        self.discard.append(card)
        if named:
            self.named_suit = SUIT_INDEX[named]
            text = _EIGHT_PLAYS[seat][action]
        else:
            self.named_suit = None
            text = _PLAYS[seat][card]
        events = [_event("play", seat, {"card": NAMES[card], "named_suit": named or None}, text)]
        if not self.hands[seat]:
            return events + self._end_round([seat], blocked=False)
        return events + self._advance()

    def play_round_out(self, choose) -> None:
        """Play the rest of this round at once, for simulations (a search bot's playouts):
        the same rules and the same action log as ``apply``, without events or notation.

        The moves the rules force are made here (a draw, or a pass, when no card fits);
        ``choose(state, playable)`` makes the others, given the cards that fit (in hand
        order), and returns ``(card, suit)``: the card to play (an int) and, for an
        eight, the suit it names (0–3; else None), or ``(DRAW_CARD, None)`` to draw
        where the table lets a player draw at will. Stops when the round is scored."""
        if self.over:
            return
        hands, stock, discard, log = self.hands, self.stock, self.discard, self.actions
        players, start = self.players, self.round
        at_will = self.options["draw_when_able"]
        while True:
            seat = self.current
            hand = hands[seat]
            top = discard[-1]
            suit = top // 13 if self.named_suit is None else self.named_suit
            ok = PLAYABLE[suit * 13 + top % 13]
            playable: list[int] | None = [c for c in hand if ok[c]]
            may_draw = stock and self.drawn < DRAW_LIMIT
            if playable:
                card, named = choose(self, playable)
                if card == DRAW_CARD and may_draw and at_will:
                    playable = None  # drawn below
                elif card not in playable or (
                    named not in _SUIT_CODES if card % 13 == EIGHT else named is not None
                ):
                    raise IllegalAction(msg("{action} is not legal now.", action=excerpt(card)))
            if not playable:
                if may_draw or playable is None:
                    hand.append(stock.pop())
                    self.drawn += 1
                    log.append("draw")
                    continue
                log.append("pass")
            else:
                hand.remove(card)
                discard.append(card)
                self.named_suit = named
                log.append(NAMES[card] if named is None or not hand else EIGHT_ACTIONS[card][named])
                if not hand:
                    self._end_round([seat], blocked=False, quiet=True)
                    return
            if stock:  # the turn passes on, as ``_advance`` passes it
                self.drawn = 0
                self.current = (seat + 1) % players
            else:  # where the round may be blocked
                self._advance(quiet=True)
                if self.over or self.round != start:
                    return

    def _advance(self, quiet: bool = False) -> list[Event]:
        self.drawn = 0
        self.current = (self.current + 1) % self.players
        if not self.stock and not any(self.playable_cards(s) for s in range(self.players)):
            values = [sum(CARD_POINTS[c % 13] for c in h) for h in self.hands]
            low = min(values)
            winners = [s for s, v in enumerate(values) if v == low]
            return self._end_round(winners, blocked=True, quiet=quiet)
        return []

    def _end_round(self, winners: list[int], blocked: bool, quiet: bool = False) -> list[Event]:
        """Score the round, then deal the next one or end the match; ``quiet``: the same
        state, without the events (a simulation has no one to show them to)."""
        values = [sum(CARD_POINTS[c % 13] for c in h) for h in self.hands]
        haul = sum(v for s, v in enumerate(values) if s not in winners)
        if self.options["scoring"] == "penalty":
            points = [0 if s in winners else values[s] for s in range(self.players)]
        else:
            points = [haul // len(winners) if s in winners else 0 for s in range(self.players)]
        row = {
            "round": self.round,
            "winners": winners,
            "blocked": blocked,
            "hand_values": values,
            "hands": [[NAMES[c] for c in h] for h in self.hands],
            "haul": haul,
            **add_round(self, points, higher_wins=self.options["scoring"] == "collect"),
        }
        self.history.append(row)
        events = [] if quiet else [self._round_end_event(row, winners, blocked)]
        return next_round(self, events, self._match_over(), self._next_deal, quiet)

    def _next_deal(self) -> list[Event]:
        self.dealer = (self.dealer + 1) % self.players
        return self._deal_round()

    def _round_end_event(self, row: dict, winners: list[int], blocked: bool) -> Event:
        who = MsgList([seat_ref(w) for w in winners], conjoined=True)
        why = msg("the round is blocked; lowest hand") if blocked else msg("out of cards")
        if self.options["scoring"] == "collect":  # the winners take the others' hands
            text = nmsg(
                "{players} wins round {round} ({why}), a haul of {haul}.",
                "{players} win round {round} ({why}), a haul of {haul}.",
                len(winners),
                players=who,
                round=self.round,
                why=why,
                haul=row["haul"],
            )
        else:  # penalty: nothing is hauled; the others add their hands to their totals
            text = nmsg(
                "{players} wins round {round} ({why}).",
                "{players} win round {round} ({why}).",
                len(winners),
                players=who,
                round=self.round,
                why=why,
            )
        return _event("round_end", winners[0], row, text)

    def _match_over(self) -> bool:
        if self.round >= self.options["rounds"]:
            return True
        return self.options["scoring"] == "collect" and max(self.totals) >= self.options["target"]

    # -- results and views

    def scores(self) -> list[float]:
        """Win shares (1 for a sole winner, 1/k each for a k-way tie); zeros until the end."""
        return final_scores(self, higher_wins=self.options["scoring"] == "collect")

    def view(self, seat: int) -> View:
        return make_view(self, seat)

    def all_cards(self) -> list[int]:
        """Every card's place, for conservation checks."""
        return [c for h in self.hands for c in h] + self.stock + self.discard


def new_game(
    options: dict | None = None, seed: int | None = None, deal: dict | None = None
) -> State:
    """A new match. ``options`` may be partial; missing ones take the level's defaults.

    ``deal`` (lessons only): the first round's prepared hands, starter and next draws
    (``prepared_deck``); the seed shuffles the other cards and deals every later round.
    A game with a prepared deal is not a replay of its seed: it is never saved."""
    opts = level().resolve({k: v for k, v in (options or {}).items()})
    if opts["players"] * opts["hand_size"] > 51:
        raise LevelError(
            f"options for {GAME_ID}",
            "hand_size",
            f"{opts['players']} players × {opts['hand_size']} cards leave no starter card",
        )
    if deal is not None:
        try:
            prepared_deck(list(range(52)), deal, opts["players"], opts["hand_size"])
        except ValueError as exc:
            raise LevelError(f"deal for {GAME_ID}", "", str(exc)) from None
    return State(opts, seed, deal)
