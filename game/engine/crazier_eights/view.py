"""What one Crazier Eights seat may see: the View and how a State builds it."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.core import detached
from game.engine.crazier_eights.options import current_colours


@dataclass
class View:
    """What one seat may know."""

    seat: int
    players: int
    hand: list[str]
    hand_counts: list[int]
    ally_hands: dict  # seat -> hand, for allies in team play
    assets: list[list[str]]  # per seat, in front of each player
    top: str
    top_colours: tuple
    named: str | None
    discard: list[str]  # bottom first: public
    draw_count: int
    revealed: list[str]
    resolving: list[str]
    current_player: int | None
    turn_seat: int
    actives: list[int]
    phase: str
    plays_left: int
    discards_left: int
    alive: list[bool]
    skips: list[int]
    teams: list[int]  # team number per seat
    pending: dict | None  # the decision; options only for the deciding seat
    game: int
    games: int
    totals: list[int]
    history: list[dict]
    over: bool
    winners: list[int] = field(default_factory=list)


def pending_view(self, seat: int) -> dict | None:  # self: the State
    d = self.pending
    if d is None:
        return None
    prompt = d.prompt if seat == d.seat or d.public_prompt is None else d.public_prompt
    out = {"seat": d.seat, "kind": d.kind, "prompt": prompt, "source": d.source}
    if seat == d.seat or not d.secret:
        out["options"] = list(d.options)
        out["targets"] = list(d.targets)
    else:
        out["options"], out["targets"] = [], []
    return out


def make_view(self, seat: int) -> View:  # self: the State
    plays, discards = self.allowance(seat)
    return View(
        seat=seat,
        players=self.players,
        hand=list(self.hands[seat]),
        hand_counts=[len(h) for h in self.hands],
        ally_hands={s: list(self.hands[s]) for s in self.allies(seat)},
        assets=[list(z) for z in self.assets],
        top=self.discard[-1],
        top_colours=current_colours(self.discard[-1], self.named),
        named=self.named,
        discard=list(self.discard),
        draw_count=len(self.draw),
        revealed=list(self.revealed),
        resolving=list(self.resolving),
        current_player=self.current_player(),
        turn_seat=self.turn_seat,
        actives=list(self.actives),
        phase=self.phase,
        plays_left=plays,
        discards_left=discards,
        alive=list(self.alive),
        skips=list(self.skips),
        teams=list(self.team_of),
        pending=self.pending_view(seat),
        game=self.game_no,
        games=self.options["games"],
        totals=self.totals[:],
        history=detached(self.history),
        over=self.over,
        winners=list(self.winners),
    )
