"""Crazier Eights turn flow: whose turn it is, and a team's turn through its phases.

The flow is one generator over the State: the table's turns team after team
(``table_turns``), each through its phases (``team_turn``: the beginning's triggers,
the draw phase, every ally's main phase, the end's triggers). It yields a ``Decision``
whenever a seat must choose and receives the chosen action back; the State drives it
(``State.start_flow``, ``State.apply``) and ends it when the game is decided
(``GameEnd``). ``resume_main`` is the same flow entered in the middle of a main phase,
for a table rebuilt from a view (``State.from_view``). ``main_options`` and
``main_action`` are a main phase's choices and what each does.

Functions of the State, like the rules they run (``timing``, ``reactions``,
``abilities``): the State holds the table and the engine contract, this module the
order things happen in.
"""

from __future__ import annotations

import contextlib

import game.engine.crazier_eights.abilities as abilities
import game.engine.crazier_eights.reactions as reactions
import game.engine.crazier_eights.timing as timing
from game.engine.core import MsgList, msg, seat_ref
from game.engine.crazier_eights.deck import COLOUR_WORDS, COLOURS, EIGHT, card
from game.engine.crazier_eights.options import (
    END_OPTION,
    discard_option,
    eight_options,
    matches,
    play_option,
)
from game.engine.crazier_eights.protocol import Decision, TurnEnd
from game.engine.crazier_eights.words import name, said

_DRAW_PHASE = msg("draw phase")
_MAIN_PROMPT = msg("Play or discard a card, or end your turn.")


def table_turns(state):
    """The table's turns from ``state.first`` on, team after team, until the game ends."""
    seat = state.first
    while True:
        actives = []
        ally = state.team_of[seat]
        for s in state.clockwise_from(seat):
            if state.team_of[s] != ally:
                continue
            if not state.alive[s]:
                continue
            if state.skips[s] > 0:
                state.skips[s] -= 1
                state.emit("skip", s, {}, msg("{player} skips this turn.", player=seat_ref(s)))
                continue
            actives.append(s)
        state.turn_seat = seat
        if actives:
            state.actives = actives
            with contextlib.suppress(TurnEnd):
                yield from team_turn(state)
        state.actives = []
        state.phase = "between"
        seat = next_team_seat(state, seat)


def next_team_seat(state, seat: int) -> int:
    """The first seat clockwise after ``seat`` of another team (the next team's turn)."""
    for s in state.clockwise_from(seat, include=False):
        if state.team_of[s] != state.team_of[seat]:
            return s
    return seat


def team_turn(state):
    """One team's turn: its beginning, the draw phase, each ally's main phase, its end."""
    actives = tuple(state.actives)
    state.emit(
        "turn",
        actives[0],
        {"actives": list(actives)},
        said(
            ("turn", actives),
            lambda: msg(
                "— {players}'s turn —",
                players=MsgList([seat_ref(s) for s in actives], conjoined=True),
            ),
        ),
    )
    state.grants = {s: [0, 0] for s in state.actives}
    state.used = {s: [0, 0] for s in state.actives}
    state.once_used = set()
    state.phase = "beginning"
    yield from timing.fire(state, "begin_turn")
    state.phase = "draw"
    for s in list(state.actives):
        if not state.alive[s]:
            continue
        first_turn = state.turns_taken[s] == 0
        state.turns_taken[s] += 1
        if (
            state.options["two_player_rule"]
            and state.players == 2
            and first_turn
            and s != state.first
        ):
            ans = yield Decision(
                s,
                "skip_draw",
                msg("Two-player rule: skip your first draw?"),
                [("choose:yes", msg("Skip the draw")), ("choose:no", msg("Draw a card"))],
            )
            if ans == "choose:yes":
                state.emit(
                    "no_draw",
                    s,
                    {},
                    msg("{player} skips their first draw (two-player rule).", player=seat_ref(s)),
                )
                continue
        yield from reactions.draw_cards(state, s, 1, cause=None, why=_DRAW_PHASE)
    state.phase = "main"
    yield from main_phases(state, list(state.actives))
    state.phase = "end"
    yield from timing.fire(state, "end_turn")


def main_phases(state, seats: list[int]):
    """The main phases of ``seats`` in turn: each plays and discards until it ends its own
    (or leaves the game)."""
    for s in seats:
        while state.alive[s]:
            ans = yield Decision(
                s,
                "main",
                _MAIN_PROMPT,
                main_options(state, s),
                secret=True,  # the options name the cards in this hand
            )
            if ans == "end":
                break
            yield from main_action(state, s, ans)


def resume_main(state, seat: int):
    """The flow from the middle of ``seat``'s main phase (a table rebuilt from a view): the
    rest of the team's turn from there, then the table's turns from the next team."""
    try:
        yield from main_phases(state, state.actives[state.actives.index(seat) :])
        state.phase = "end"
        yield from timing.fire(state, "end_turn")
    except TurnEnd:
        pass
    state.actives = []
    state.phase = "between"
    state.first = next_team_seat(state, state.turn_seat)
    yield from table_turns(state)


def main_options(state, seat: int) -> list:
    """The options of ``seat``'s main phase: its plays and discards left, and ending it."""
    plays, discards = state.allowance(seat)
    hand = state.hands[seat]
    opts: list[tuple] = []
    if plays > 0:
        opts.extend(play_option(c) for c in hand)
    if discards > 0:
        # the discard rule, with the top card looked up once for the whole hand
        top = card(state.discard[-1])
        colours = (state.named,) if state.named else top.colours
        for c in hand:
            d = card(c)
            if not matches(d, top.rank, colours):
                continue
            if d.rank == EIGHT:
                opts.extend(eight_options(c))
            else:
                opts.append(discard_option(c))
    opts.append(END_OPTION)
    return opts


def main_action(state, seat: int, action: str):
    """A play or a discard of the main phase; an event played resolves its abilities."""
    kind, _, rest = action.partition(":")
    colour = None
    if kind == "discard" and rest.rsplit(":", 1)[-1] in COLOURS:
        rest, colour = rest.rsplit(":", 1)
    cid = rest
    state.hands[seat].remove(cid)
    if kind == "discard":
        state.used[seat][1] += 1
        state.discard.append(cid)
        state.named = colour
        if colour:
            text = said(
                ("discard", seat, cid, colour),
                lambda: msg(
                    "{player} discards {card}, naming {colour}.",
                    player=seat_ref(seat),
                    card=name(cid),
                    colour=COLOUR_WORDS[colour],
                ),
            )
        else:
            text = said(
                ("discard", seat, cid),
                lambda: msg("{player} discards {card}.", player=seat_ref(seat), card=name(cid)),
            )
        state.emit("discard", seat, {"card": cid, "colour": colour}, text)
        state.check_win()
        return
    state.used[seat][0] += 1
    d = card(cid)
    if d.type == "asset":
        state.assets[seat].append(cid)
        state.emit(
            "play",
            seat,
            {"card": cid, "type": "asset"},
            msg("{player} plays {card} into play.", player=seat_ref(seat), card=d.name),
        )
        state.check_win()
        return
    state.resolving.append(cid)
    state.emit(
        "play",
        seat,
        {"card": cid, "type": "event"},
        msg("{player} plays the event {card}.", player=seat_ref(seat), card=d.name),
    )
    state.check_win()
    for ab in d.of("on_play"):
        yield from abilities.resolve_ability(state, seat, cid, ab)
    state.resolving.remove(cid)
    state.discard.insert(0, cid)
    state.check_win()
