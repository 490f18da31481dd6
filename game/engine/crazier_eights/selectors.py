"""The vocabulary's selectors, counts and conditions: what an ability reads from the table
without asking anyone (``you``, ``each_opp``, ``hand(P)``, ``asset_count(you) >= 4`` …).

Plain functions of the state and the ability's ``Ctx``; the choices that do ask a seat
(``pick(...)``) are in ``choices``.
"""

from __future__ import annotations

import operator

from game.engine.crazier_eights.deck import card
from game.engine.crazier_eights.protocol import Ctx, Table

_COMPARE = {">=": operator.ge, "=": operator.eq, "<": operator.lt, ">": operator.gt}


def num(state: Table, e, ctx: Ctx) -> int:
    """A count: a number, or the assets or hand cards of the players a selector names."""
    if e[0] == "num":
        return e[1]
    if e[0] == "call" and e[1] == "asset_count":
        who = players_of(state, e[2][0], ctx)
        return sum(len(state.assets[s]) for s in who)
    if e[0] == "call" and e[1] == "hand":
        who = players_of(state, e[2][0], ctx)
        return sum(len(state.hands[s]) for s in who)
    raise ValueError(f"not a count: {e!r}")


def players_of(state: Table, e, ctx: Ctx, candidate: int | None = None) -> list[int]:
    """Player selector without a choice (you, active, each_opp, P, hand of candidate)."""
    if e[0] == "id":
        if e[1] == "you":
            return [ctx.you]
        if e[1] == "active":
            return [ctx.bind["active"]] if "active" in ctx.bind else list(state.actives)
        if e[1] == "each_opp":
            return state.opponents(ctx.you)
        if e[1] == "P":
            return [ctx.bind["P"]] if "P" in ctx.bind else []
    if e[0] == "filt":
        opps = state.opponents(ctx.you)
        return [s for s in opps if cond(state, e[2], ctx, s)]
    raise ValueError(f"not a player selector: {e!r}")


def values(state: Table, e, ctx: Ctx, candidate: int | None) -> list[int]:
    """The numbers one side of a comparison stands for (one per player it names)."""
    if e[0] == "num":
        return [e[1]]
    if e[0] == "id" and e[1] == "hand":
        assert candidate is not None, e  # a hand size is always asked of a candidate
        return [len(state.hands[candidate])]
    if e[0] == "id" and e[1] == "min_opp_hand":
        return [min((len(state.hands[s]) for s in state.opponents(ctx.you)), default=0)]
    if e[0] == "call" and e[1] in ("hand", "asset_count"):
        who = players_of(state, e[2][0], ctx)
        zone = state.hands if e[1] == "hand" else state.assets
        return [len(zone[s]) for s in who]
    raise ValueError(f"not a value: {e!r}")


def cond(state: Table, e, ctx: Ctx, candidate: int | None) -> bool:
    """A condition: every asset of the named players in a colour, or a comparison that
    holds for every pair of values."""
    if e[0] == "call" and e[1] == "all_assets_colour":
        who = players_of(state, e[2][0], ctx)
        colour = e[2][1][1]
        return all(colour in card(c).colours for s in who for c in state.assets[s])
    if e[0] == "cmp":
        test = _COMPARE[e[1]]
        left = values(state, e[2], ctx, candidate)
        right = values(state, e[3], ctx, candidate)
        return all(test(a, b) for a in left for b in right)
    raise ValueError(f"not a condition: {e!r}")
