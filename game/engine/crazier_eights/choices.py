"""The choices an ability asks for: players, assets and hand cards picked by a seat.

Generator functions of the state: each question is a ``Decision`` yielded to the turn
flow, the answer comes back as the chosen action string, and the function returns what
was chosen. A "may" carried by a choice offers "Do not use it" (or "None") beside the
targets, and a refusal raises ``Declined`` for the ability to stop there.
"""

from __future__ import annotations

from game.engine.core import msg, seat_ref
from game.engine.crazier_eights.protocol import Ctx, Decision, Declined, Table
from game.engine.crazier_eights.selectors import players_of
from game.engine.crazier_eights.words import name


def forced_pick(cands: list, optional: bool) -> list | None:
    """A pick that needs no question: with nothing to pick, an optional ability is
    declined (raises Declined) and a required one picks nothing ([]); a lone candidate of
    a required pick is taken. None when the player must be asked."""
    if not cands:
        if optional:
            raise Declined()
        return []
    if len(cands) == 1 and not optional:
        return cands
    return None


def ask_or_decline(ctx: Ctx, kind: str, prompt: str, opts: list, targets: list, optional):
    """Ask ``ctx.you`` to pick one of ``opts``; an optional pick adds "Do not use it",
    which declines the ability (raises Declined). Returns the answer."""
    if optional:
        opts = [*opts, ("choose:none", msg("Do not use it"))]
    ans = yield Decision(ctx.you, kind, prompt, opts, targets=targets, source=ctx.source)
    if ans == "choose:none":
        raise Declined()
    return ans


def ask_up_to(ctx: Ctx, kind: str, cands: list[str], low: int, high: int, label, prompt):
    """Ask ``ctx.you`` for up to ``high`` of ``cands``, one at a time (``label(c)`` names
    each option; "Done" is offered once ``low`` are chosen, "None" before any);
    ``prompt(k)`` is the question while ``k`` more may be chosen. Returns the chosen."""
    chosen: list[str] = []
    while len(chosen) < high:
        left = [c for c in cands if c not in chosen]
        if not left:
            break
        opts = [(f"choose:{c}", label(c)) for c in left]
        if len(chosen) >= low:
            opts.append(("choose:done", msg("Done") if chosen else msg("None")))
        ans = yield Decision(
            ctx.you, kind, prompt(high - len(chosen)), opts, targets=left, source=ctx.source
        )
        if ans == "choose:done":
            break
        chosen.append(ans.split(":", 1)[1])
    return chosen


def choose_players(state: Table, e, ctx: Ctx, verb: str):
    """Players chosen by a selector, asking when it is a pick."""
    if e[0] == "kw":  # P = pick(...)
        chosen = yield from choose_players(state, e[2], ctx, verb)
        if chosen:
            ctx.bind[e[1]] = chosen[0]
        return chosen
    if e[0] == "call" and e[1] == "pick":
        kind = e[2][-1][2]
        cands = state.clockwise_from(ctx.you) if kind == "any" else state.opponents(ctx.you)
        optional, ctx.may = ctx.may, False
        forced = forced_pick(cands, optional)
        if forced is not None:
            return forced
        opts = [
            (
                f"choose:p{s}",
                msg("{player} (yourself)", player=seat_ref(s)) if s == ctx.you else seat_ref(s),
            )
            for s in cands
        ]
        ans = yield from ask_or_decline(
            ctx,
            "pick_player",
            msg("{card}: choose a player who {verb}.", card=name(ctx.source), verb=verb),
            opts,
            cands,
            optional,
        )
        return [int(ans.split(":p")[1])]
    return players_of(state, e, ctx)


def asset_candidates(state: Table, flt: str, chooser: int) -> list[str]:
    """The assets in play that ``flt`` (any, own, opp, other) lets ``chooser`` pick,
    clockwise from the chooser."""
    out = []
    for s in state.clockwise_from(chooser):
        if (
            flt == "any"
            or (flt == "own" and s == chooser)
            or (flt == "opp" and state.is_opp(chooser, s))
            or (flt == "other" and s != chooser)
        ):
            out.extend(state.assets[s])
    return out


def choose_assets(state: Table, e, ctx: Ctx, verb: str):
    """Assets chosen by a selector: all of a kind, one picked by each opponent, or a pick
    of one (or a range) by ``ctx.you``."""
    if e[0] == "call" and e[1] == "all":
        return asset_candidates(state, e[2][0][2], ctx.you)
    if e[0] == "picks":  # each opponent in turn order picks one of their own
        chosen = []
        for o in state.opponents(ctx.you):
            own = asset_candidates(state, e[3], o)
            if len(own) == 1:
                chosen.append(own[0])
            elif own:
                ans = yield Decision(
                    o,
                    "pick_asset",
                    msg(
                        "{card}: choose one of your assets to be {verb}.",
                        card=name(ctx.source),
                        verb=verb,
                    ),
                    [(f"choose:{c}", name(c)) for c in own],
                    targets=own,
                    source=ctx.source,
                )
                chosen.append(ans.split(":", 1)[1])
        return chosen
    if e[0] == "call" and e[1] == "pick":
        rng = e[2][0] if e[2][0][0] == "range" else None
        flt = e[2][-1][2]
        cands = asset_candidates(state, flt, ctx.you)
        optional, ctx.may = ctx.may, False

        def label(c: str) -> str:
            return msg(
                "{card} ({player})", card=name(c), player=seat_ref(state.asset_controller(c))
            )

        if rng is None:
            forced = forced_pick(cands, optional)
            if forced is not None:
                return forced
            opts = [(f"choose:{c}", label(c)) for c in cands]
            ans = yield from ask_or_decline(
                ctx,
                "pick_asset",
                msg("{card}: choose an asset to be {verb}.", card=name(ctx.source), verb=verb),
                opts,
                cands,
                optional,
            )
            return [ans.split(":", 1)[1]]
        chosen = yield from ask_up_to(
            ctx,
            "pick_asset",
            cands,
            rng[1],
            rng[2],
            label,
            lambda k: msg(
                "{card}: choose up to {n} more asset(s) to be {verb}.",
                card=name(ctx.source),
                n=k,
                verb=verb,
            ),
        )
        if optional and not chosen:
            raise Declined()
        return chosen
    raise ValueError(f"not an asset selector: {e!r}")


def choose_cards(state: Table, ctx: Ctx, seat: int, low: int, high: int, kind: str, prompt):
    """Up to ``high`` (at least ``low``) cards from ``seat``'s hand, one at a time, in
    order; ``prompt(k)`` is the question while ``k`` more may be chosen."""
    chosen: list[str] = []
    while len(chosen) < high:
        left = [c for c in state.hands[seat] if c not in chosen]
        if not left:
            break
        need = low - len(chosen)
        if need > 0 and len(left) <= need:
            chosen.extend(left)
            break
        opts = [(f"choose:{c}", name(c)) for c in left]
        if need <= 0:
            opts.append(("choose:done", msg("Done") if chosen else msg("None")))
        ans = yield Decision(
            seat,
            kind,
            prompt(high - len(chosen)),
            opts,
            targets=left,
            secret=True,
            source=ctx.source,
        )
        if ans == "choose:done":
            break
        chosen.append(ans.split(":", 1)[1])
    return chosen
