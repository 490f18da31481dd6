"""What one Rage seat may see: the View and how a State builds it."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.core import detached


@dataclass
class View:
    """What one seat may know."""

    seat: int
    players: int
    phase: str  # "predict", "play" or "over"
    round: int
    rounds: int
    cards_this_round: int
    dealer: int
    first_predictor: int
    hand: list[str]
    hand_counts: list[int]
    predictions: list[int | None]  # None: not made yet, or not visible to this seat
    predicted: list[bool]  # who has predicted (public)
    predictions_visible: bool  # False while hidden/secret predictions are concealed
    tricks: list[int]  # tricks won this round
    bonus: list[int]  # +5/-5 points in tricks won this round (those cards lie face up)
    trump: str | None
    trump_card: str | None  # the face-up colour card that fixed trump
    set_aside: list[str]  # action cards revealed from the deck this round
    deck_count: int
    leader: int | None
    trick: list[tuple[int, str]]  # (seat, card) in play order; Jokers as J:R
    lead: str | None  # lead colour letter once a colour card is in the trick
    no_trump: bool  # a No Trump in this trick has cancelled trump
    last_trick: dict | None  # {"plays": [(seat, card)], "winner": seat, "trump": letter|None}
    round_tricks: list[dict]  # every finished trick of this round, in order
    current_player: int | None
    totals: list[int]
    round_history: list[dict]
    options: dict
    over: bool
    unseen: list[str] = field(default_factory=list)  # cards this seat has not seen this round


def make_view(self, seat: int) -> View:  # self: the State
    d = self.d
    seen = (
        set(self.hands[seat])
        | set(self.revealed)
        | set(self.set_aside)
        | {c for _, c, _ in self.trick}
    )
    for w in self.won:
        seen.update(w)
    lead = self.lead_colour()
    visible = self.predictions_visible_to(seat)
    return View(
        seat=seat,
        players=self.players,
        phase="over" if self.over else self.phase,
        round=self.round,
        rounds=d.rounds,
        cards_this_round=self.cards_this_round,
        dealer=self.dealer,
        first_predictor=(self.dealer + 1) % self.players,
        hand=[d.names[c] for c in self.hands[seat]],
        hand_counts=[len(h) for h in self.hands],
        predictions=visible,
        predicted=[p is not None for p in self.predictions],
        predictions_visible=not self.predictions_concealed(),
        tricks=self.tricks[:],
        bonus=self.bonus[:],
        trump=None if self.trump is None else d.colours[self.trump],
        trump_card=d.names[self.revealed[-1]] if self.revealed else None,
        set_aside=[d.names[c] for c in self.set_aside],
        deck_count=len(self.deck),
        leader=self.leader,
        trick=self.trick_notation(),
        lead=None if lead is None else d.colours[lead],
        no_trump=self.no_trump,
        last_trick=detached(self.last_trick),
        round_tricks=[detached(t) for t in self.round_tricks],
        current_player=self.current_player(),
        totals=self.totals[:],
        round_history=[detached(r) for r in self.history],
        options={
            k: self.options.get(k, False)
            for k in (
                "plus_minus_one",
                "hidden_predictions",
                "secret_predictions",
                "winner_takes_all",
            )
        },
        over=self.over,
        unseen=[d.names[c] for c in range(d.size) if c not in seen],
    )
