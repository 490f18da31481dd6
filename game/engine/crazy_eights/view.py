"""What one Crazy Eights seat may see: the View and how a State builds it."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.cards import NAMES, SUITS
from game.engine.core import detached


@dataclass
class View:
    """What one seat may know."""

    seat: int
    players: int
    hand: list[str]
    hand_counts: list[int]
    top: str
    named_suit: str | None
    stock_count: int
    discard: list[str]  # the whole discard pile, bottom first: it is public
    buried: list[str]  # eights buried in the stock at the deal: public knowledge
    current_player: int | None
    dealer: int
    drawn_this_turn: int
    round: int
    rounds: int
    totals: list[int]
    round_history: list[dict]
    scoring: str
    draw_when_able: bool
    over: bool
    unseen: list[str] = field(default_factory=list)  # cards this seat cannot see
    # This round's actions so far, in order, from the seat after the dealer: all
    # public (a draw shows no card). Who drew on which top card tells what they lacked.
    round_actions: list[str] = field(default_factory=list)
    target: int = 100  # collect scoring: the total that ends the match


def make_view(state, seat: int) -> View:
    """``seat``'s view of ``state``: its own hand, the counts of the others, and the
    public table (the whole discard pile, the buried eights, this round's actions)."""
    seen = set(state.hands[seat]) | set(state.discard)
    return View(
        seat=seat,
        players=state.players,
        hand=[NAMES[c] for c in state.hands[seat]],
        hand_counts=[len(h) for h in state.hands],
        top=NAMES[state.discard[-1]],
        named_suit=None if state.named_suit is None else SUITS[state.named_suit],
        stock_count=len(state.stock),
        discard=[NAMES[c] for c in state.discard],
        buried=[NAMES[c] for c in state.buried],
        current_player=state.current_player(),
        dealer=state.dealer,
        drawn_this_turn=state.drawn,
        round=state.round,
        rounds=state.options["rounds"],
        target=state.options["target"],
        totals=state.totals[:],
        round_history=detached(state.history),
        scoring=state.options["scoring"],
        draw_when_able=state.options["draw_when_able"],
        over=state.over,
        unseen=[NAMES[c] for c in range(52) if c not in seen],
        round_actions=state.actions[state.round_start :],
    )
