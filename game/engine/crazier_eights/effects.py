"""The effect interpreter: gives each word of the vocabulary its meaning, once.

``resolve_ability`` runs a parsed ability (see ``deck.py``) for its controller
("you"). Every choice is a ``Decision`` yielded to the driver; the answer comes
back as the chosen action string. Nothing here knows any card by id.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.core import msg, seat_ref
from game.engine.crazier_eights.deck import card
from game.engine.crazier_eights.primitives import Declined, PrimitivesMixin, forced_pick
from game.engine.crazier_eights.timing import Decision, name


@dataclass
class Ctx:
    you: int
    source: str
    bind: dict = field(default_factory=dict)
    may: bool = False  # the next choice may be declined


# primitives whose own choice carries the "may" (the decline option sits beside the targets)
_MAY_ABSORBING = {"tuck", "name_colour"}


def _has_pick(call) -> bool:
    for a in call[2]:
        if a[0] == "call" and a[1] == "pick":
            return True
        if a[0] == "kw" and _has_pick(("call", "", [a[2]])):
            return True
    return False


class EffectsMixin(PrimitivesMixin):
    def resolve_ability(self, you: int, source: str, ability, bind: dict | None = None):
        ctx = Ctx(you, source, dict(bind or {}))
        if ability.trigger != "on_play":  # a played event is already in the log
            start = ability.trigger == "begin_turn"
            # each text its own literal, so the catalogue tooling finds both
            args = {"card": name(source), "player": seat_ref(you)}
            if "active" in ctx.bind:
                args["other"] = seat_ref(ctx.bind["active"])
                text = (
                    msg(
                        "{card} ({player}) triggers at the start of the turn, checking {other}.",
                        **args,
                    )
                    if start
                    else msg(
                        "{card} ({player}) triggers at the end of the turn, checking {other}.",
                        **args,
                    )
                )
            else:
                text = (
                    msg("{card} ({player}) triggers at the start of the turn.", **args)
                    if start
                    else msg("{card} ({player}) triggers at the end of the turn.", **args)
                )
            self.emit("ability", you, {"card": source, "trigger": ability.trigger}, text)
        yield from self.run_steps(ability.steps, ctx)
        if self.revealed:
            self._revealed_to_bottom()

    def run_steps(self, steps, ctx: Ctx):
        """Run a sequence; returns False if a "may" in it was not done (the rest is skipped)."""
        for step in steps:
            kind = step[0]
            if kind == "do":
                yield from self.do(step[1], ctx)
            elif kind == "may":
                first = step[1][0]
                absorbed = first[0] == "do" and (
                    first[1][1] in _MAY_ABSORBING or _has_pick(first[1])
                )
                if not absorbed:
                    ans = yield Decision(
                        ctx.you,
                        "may",
                        msg("{card}: do it?", card=name(ctx.source)),
                        [("choose:yes", msg("Yes")), ("choose:no", msg("No"))],
                        source=ctx.source,
                    )
                    if ans != "choose:yes":
                        return False
                ctx.may = absorbed
                try:
                    done = yield from self.run_steps(step[1], ctx)
                except Declined:
                    done = False
                ctx.may = False
                if not done:
                    return False
            elif kind == "if":
                if not self.cond(step[1], ctx, None):
                    self.emit(
                        "condition",
                        ctx.you,
                        {"card": ctx.source},
                        msg(
                            "{card}: the condition does not hold, nothing happens.",
                            card=name(ctx.source),
                        ),
                    )
                    return True
                done = yield from self.run_steps(step[2], ctx)
                if not done:
                    return False
        return True

    def do(self, call, ctx: Ctx):
        handler = getattr(self, "p_" + call[1])
        yield from handler(call[2], ctx)

    # ---------------------------------------------------------------- values

    def num(self, e, ctx: Ctx) -> int:
        if e[0] == "num":
            return e[1]
        if e[0] == "call" and e[1] == "asset_count":
            who = self.players_of(e[2][0], ctx)
            return sum(len(self.assets[s]) for s in who)
        if e[0] == "call" and e[1] == "hand":
            who = self.players_of(e[2][0], ctx)
            return sum(len(self.hands[s]) for s in who)
        raise ValueError(f"not a count: {e!r}")

    def players_of(self, e, ctx: Ctx, candidate: int | None = None) -> list[int]:
        """Player selector without a choice (you, active, each_opp, P, hand of candidate)."""
        if e[0] == "id":
            if e[1] == "you":
                return [ctx.you]
            if e[1] == "active":
                return [ctx.bind["active"]] if "active" in ctx.bind else list(self.actives)
            if e[1] == "each_opp":
                return self.opponents(ctx.you)
            if e[1] == "P":
                return [ctx.bind["P"]] if "P" in ctx.bind else []
        if e[0] == "filt":
            opps = self.opponents(ctx.you)
            return [s for s in opps if self.cond(e[2], ctx, s)]
        raise ValueError(f"not a player selector: {e!r}")

    def values(self, e, ctx: Ctx, candidate: int | None) -> list[int]:
        if e[0] == "num":
            return [e[1]]
        if e[0] == "id" and e[1] == "hand":
            assert candidate is not None, e  # a hand size is always asked of a candidate
            return [len(self.hands[candidate])]
        if e[0] == "id" and e[1] == "min_opp_hand":
            return [min((len(self.hands[s]) for s in self.opponents(ctx.you)), default=0)]
        if e[0] == "call" and e[1] in ("hand", "asset_count"):
            who = self.players_of(e[2][0], ctx)
            count = (
                (lambda s: len(self.hands[s]))
                if e[1] == "hand"
                else (lambda s: len(self.assets[s]))
            )
            return [count(s) for s in who]
        raise ValueError(f"not a value: {e!r}")

    def cond(self, e, ctx: Ctx, candidate: int | None) -> bool:
        if e[0] == "call" and e[1] == "all_assets_colour":
            who = self.players_of(e[2][0], ctx)
            colour = e[2][1][1]
            return all(colour in card(c).colours for s in who for c in self.assets[s])
        if e[0] == "cmp":
            op, left, right = (
                e[1],
                self.values(e[2], ctx, candidate),
                self.values(e[3], ctx, candidate),
            )
            test = {
                ">=": lambda a, b: a >= b,
                "=": lambda a, b: a == b,
                "<": lambda a, b: a < b,
                ">": lambda a, b: a > b,
            }[op]
            return all(test(a, b) for a in left for b in right)
        raise ValueError(f"not a condition: {e!r}")

    # ---------------------------------------------------------------- choices

    def choose_players(self, e, ctx: Ctx, verb: str):
        """Players chosen by a selector, asking when it is a pick."""
        if e[0] == "kw":  # P = pick(...)
            chosen = yield from self.choose_players(e[2], ctx, verb)
            if chosen:
                ctx.bind[e[1]] = chosen[0]
            return chosen
        if e[0] == "call" and e[1] == "pick":
            kind = e[2][-1][2]
            cands = self.clockwise_from(ctx.you) if kind == "any" else self.opponents(ctx.you)
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
            ans = yield from self.ask_or_decline(
                ctx,
                "pick_player",
                msg("{card}: choose a player who {verb}.", card=name(ctx.source), verb=verb),
                opts,
                cands,
                optional,
            )
            return [int(ans.split(":p")[1])]
        return self.players_of(e, ctx)

    def asset_candidates(self, flt: str, chooser: int) -> list[str]:
        out = []
        for s in self.clockwise_from(chooser):
            if (
                flt == "any"
                or (flt == "own" and s == chooser)
                or (flt == "opp" and self.is_opp(chooser, s))
                or (flt == "other" and s != chooser)
            ):
                out.extend(self.assets[s])
        return out

    def _asset_label(self, c: str) -> str:
        return msg("{card} ({player})", card=name(c), player=seat_ref(self.asset_controller(c)))

    def choose_assets(self, e, ctx: Ctx, verb: str):
        if e[0] == "call" and e[1] == "all":
            return self.asset_candidates(e[2][0][2], ctx.you)
        if e[0] == "picks":  # each opponent in turn order picks one of their own
            chosen = []
            for o in self.opponents(ctx.you):
                own = self.asset_candidates(e[3], o)
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
            cands = self.asset_candidates(flt, ctx.you)
            optional, ctx.may = ctx.may, False
            if rng is None:
                forced = forced_pick(cands, optional)
                if forced is not None:
                    return forced
                opts = [(f"choose:{c}", self._asset_label(c)) for c in cands]
                ans = yield from self.ask_or_decline(
                    ctx,
                    "pick_asset",
                    msg("{card}: choose an asset to be {verb}.", card=name(ctx.source), verb=verb),
                    opts,
                    cands,
                    optional,
                )
                return [ans.split(":", 1)[1]]
            chosen = yield from self.ask_up_to(
                ctx,
                "pick_asset",
                cands,
                rng[1],
                rng[2],
                self._asset_label,
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

    def choose_cards(self, ctx: Ctx, seat: int, low: int, high: int, kind: str, prompt):
        """Up to ``high`` (at least ``low``) cards from ``seat``'s hand, one at a time, in
        order; ``prompt(k)`` is the question while ``k`` more may be chosen."""
        chosen: list[str] = []
        while len(chosen) < high:
            left = [c for c in self.hands[seat] if c not in chosen]
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
