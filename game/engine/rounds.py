"""The end of a round, as every game played over rounds ends it (Crazy Eights, Rage,
Crazy Lab, Cross Rummy): the round's points added to the totals, the round row kept
in the history, then the next deal or the match's end.

A state using these has ``players``, ``totals``, ``history``, ``over`` and ``scores()``.

``position_before_next_deal`` is the engine's answer to "where did this round end?":
the round's last move played with the next deal withheld (the last trick, the emptied
hands, the board), which the table shows under the round's score sheet. Every game
keeps it: the round games through ``next_round``, Crazier Eights at the end of each
game of its match (``tests/test_round_end_position.py``).
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine.core import Event, game_end, leaders, shared_ranking


def add_round(state, points: list[int], *, higher_wins: bool) -> dict:
    """Add a round's ``points`` to the totals: the round row's ``points``, ``totals`` and
    ``leaders`` entries, in the order every row keeps them."""
    totals = state.totals
    for seat, p in enumerate(points):
        totals[seat] += p
    return {
        "points": points,
        "totals": totals[:],
        "leaders": leaders(totals, higher_wins=higher_wins),
    }


def position_before_next_deal(state, action):
    """The position ``action`` ends its round in, before the next deal: a ``copy()`` of
    ``state`` (which is left as it was) with ``action`` applied while its
    ``hold_next_deal`` is set, so the round is scored and its row kept but nothing is
    dealt. A move that ends the match gives the final state, as ``apply`` does; a move
    that ends no round, the position after it. The position is for showing: a state
    that withheld its deal plays no further move. Raises ``IllegalAction`` as ``apply``
    does."""
    held = state.copy()
    held.hold_next_deal = True
    held.apply(action)
    return held


def next_round(
    state,
    events: list[Event],
    match_over: bool,
    deal: Callable[[], list[Event]],
    quiet: bool = False,
) -> list[Event]:
    """After a round's ``events``: the match's end (its last event) when ``match_over``,
    else the next ``deal()``, unless the state's ``hold_next_deal`` withholds it
    (``position_before_next_deal``). ``quiet``: the same state, without the events."""
    if match_over:
        state.over = True
        if not quiet:
            events.append(game_end(state.totals, state.scores()))
        return events
    if getattr(state, "hold_next_deal", False):  # an unset slot reads as False
        return events
    dealt = deal()
    return events if quiet else events + dealt


def final_scores(state, *, higher_wins: bool) -> list[float]:
    """Win shares once the match is over (ties share); zeros until then."""
    if not state.over:
        return [0.0] * state.players
    return shared_ranking(state.totals, higher_wins)
