"""The effect interpreter: gives each word of the vocabulary its meaning, once.

``resolve_ability`` runs a parsed ability (see ``deck.py``) for its controller
("you"). Every choice is a ``Decision`` yielded to the driver; the answer comes
back as the chosen action string. Nothing here knows any card by id.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.crazier_eights.deck import COLOURS, card
from game.engine.crazier_eights.timing import Decision, name, names


class Declined(Exception):
    """A "may" was refused (or its choice had no legal target)."""


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


class EffectsMixin:
    def resolve_ability(self, you: int, source: str, ability, bind: dict | None = None):
        ctx = Ctx(you, source, dict(bind or {}))
        self.emit(
            "ability",
            you,
            {"card": source, "trigger": ability.trigger},
            f"{name(source)} ({{P{you}}}): {card(source).text}",
        )
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
                        f"{name(ctx.source)}: do it?",
                        [("choose:yes", "Yes"), ("choose:no", "No")],
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
                        f"{name(ctx.source)}: the condition does not hold, nothing happens.",
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
            if not cands:
                if optional:
                    raise Declined()
                return []
            if len(cands) == 1 and not optional:
                return cands
            opts = [
                (f"choose:p{s}", f"{{P{s}}}" + (" (yourself)" if s == ctx.you else ""))
                for s in cands
            ]
            if optional:
                opts.append(("choose:none", "Do not use it"))
            ans = yield Decision(
                ctx.you,
                "pick_player",
                f"{name(ctx.source)}: choose a player who {verb}.",
                opts,
                targets=cands,
                source=ctx.source,
            )
            if ans == "choose:none":
                raise Declined()
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
        return f"{name(c)} ({{P{self.controller(c)}}})"

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
                        f"{name(ctx.source)}: choose one of your assets to be {verb}.",
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
                if not cands:
                    if optional:
                        raise Declined()
                    return []
                if len(cands) == 1 and not optional:
                    return cands
                opts = [(f"choose:{c}", self._asset_label(c)) for c in cands]
                if optional:
                    opts.append(("choose:none", "Do not use it"))
                ans = yield Decision(
                    ctx.you,
                    "pick_asset",
                    f"{name(ctx.source)}: choose an asset to be {verb}.",
                    opts,
                    targets=cands,
                    source=ctx.source,
                )
                if ans == "choose:none":
                    raise Declined()
                return [ans.split(":", 1)[1]]
            chosen: list[str] = []
            while len(chosen) < rng[2]:
                left = [c for c in cands if c not in chosen]
                if not left:
                    break
                opts = [(f"choose:{c}", self._asset_label(c)) for c in left]
                if len(chosen) >= rng[1]:
                    opts.append(("choose:done", "Done" if chosen else "None"))
                ans = yield Decision(
                    ctx.you,
                    "pick_asset",
                    f"{name(ctx.source)}: choose up to {rng[2] - len(chosen)} more asset(s) to be {verb}.",
                    opts,
                    targets=left,
                    source=ctx.source,
                )
                if ans == "choose:done":
                    break
                chosen.append(ans.split(":", 1)[1])
            if optional and not chosen:
                raise Declined()
            return chosen
        raise ValueError(f"not an asset selector: {e!r}")

    def choose_cards(self, ctx: Ctx, seat: int, low: int, high: int, kind: str, prompt: str):
        """Up to ``high`` (at least ``low``) cards from ``seat``'s hand, one at a time, in order."""
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
                opts.append(("choose:done", "Done" if chosen else "None"))
            ans = yield Decision(
                seat,
                kind,
                prompt.replace("{n}", str(high - len(chosen))),
                opts,
                targets=left,
                secret=True,
                source=ctx.source,
            )
            if ans == "choose:done":
                break
            chosen.append(ans.split(":", 1)[1])
        return chosen

    # ---------------------------------------------------------------- primitives

    def p_none(self, args, ctx):
        return
        yield

    def p_draw(self, args, ctx):
        who = yield from self.choose_players(args[0], ctx, "draws")
        n = self.num(args[1], ctx)
        order = [s for s in self.clockwise_from(ctx.you) if s in who]
        for s in order:
            yield from self.draw_cards(s, n, cause=ctx.you, why=name(ctx.source))

    def p_destroy(self, args, ctx):
        chosen = yield from self.choose_assets(args[0], ctx, "destroyed")
        yield from self.destroy(chosen, ctx.source)

    def p_return_to_hand(self, args, ctx):
        chosen = yield from self.choose_assets(args[0], ctx, "returned to its controller's hand")
        for c in chosen:
            s = self.controller(c)
            self.assets[s].remove(c)
            self.hands[s].append(c)
        if chosen:
            self.emit(
                "return",
                ctx.you,
                {"cards": chosen},
                f"{name(ctx.source)} returns {names(chosen)} to {'its controller' if len(chosen) == 1 else 'their controllers'}' hand.".replace(
                    "its controller'", "its controller's"
                ),
            )

    def p_gain_control(self, args, ctx):
        chosen = yield from self.choose_assets(args[0], ctx, "taken")
        for c in chosen:
            s = self.controller(c)
            self.assets[s].remove(c)
            self.assets[ctx.you].append(c)
            self.emit(
                "control",
                ctx.you,
                {"card": c, "from": s},
                f"{name(ctx.source)}: {{P{ctx.you}}} gains control of {name(c)} from {{P{s}}}.",
            )

    def p_skip_turn(self, args, ctx):
        who = yield from self.choose_players(args[0], ctx, "skips their next turn")
        for s in who:
            self.skips[s] += 1
            self.emit(
                "skip_set",
                s,
                {"card": ctx.source},
                f"{name(ctx.source)}: {{P{s}}} will skip their next turn.",
            )

    def _grant(self, args, ctx, which: int, word: str):
        n = self.num(args[0], ctx)
        self.grants.setdefault(ctx.you, [0, 0])[which] += n
        self.emit(
            "grant",
            ctx.you,
            {"kind": word, "n": n},
            f"{name(ctx.source)}: {{P{ctx.you}}} may {word} {n} more card{'s' if n != 1 else ''} this turn.",
        )
        return
        yield

    def p_extra_play(self, args, ctx):
        yield from self._grant(args, ctx, 0, "play")

    def p_extra_discard(self, args, ctx):
        yield from self._grant(args, ctx, 1, "discard")

    def p_tuck(self, args, ctx):
        n = self.num(args[0], ctx)
        optional, ctx.may = ctx.may, False
        chosen = yield from self.choose_cards(
            ctx,
            ctx.you,
            0,
            n,
            "tuck",
            f"{name(ctx.source)}: put up to {{n}} card(s) on the bottom of the draw pile.",
        )
        for c in chosen:
            self.hands[ctx.you].remove(c)
            self.draw.insert(0, c)
        k = len(chosen)
        self.emit(
            "tuck",
            ctx.you,
            {"count": k},
            f"{name(ctx.source)}: {{P{ctx.you}}} puts {k} card{'s' if k != 1 else ''} on the bottom of the draw pile.",
        )
        if optional and not chosen:
            raise Declined()

    def p_give(self, args, ctx):
        who = yield from self.choose_players(args[0], ctx, "receives cards")
        n = self.num(args[1], ctx)
        for s in who:
            k = min(n, len(self.hands[ctx.you]))
            chosen = yield from self.choose_cards(
                ctx,
                ctx.you,
                k,
                k,
                "give",
                f"{name(ctx.source)}: choose {{n}} card(s) to give to {{P{s}}}.",
            )
            for c in chosen:
                self.hands[ctx.you].remove(c)
                self.hands[s].append(c)
            from game.engine.core import Event

            pub = Event(
                "give",
                ctx.you,
                {"to": s, "count": len(chosen)},
                f"{name(ctx.source)}: {{P{ctx.you}}} gives {{P{s}}} {len(chosen)} card(s).",
            )
            self.emit(
                "give",
                ctx.you,
                {"to": s, "cards": chosen},
                f"{name(ctx.source)}: {{P{ctx.you}}} gives {{P{s}}} {names(chosen)}.",
                secret_to=ctx.you,
                public=pub,
            )

    def p_look_top(self, args, ctx):
        n = self.num(args[0], ctx)
        if len(self.draw) < n:
            self.reshuffle()
        k = min(n, len(self.draw))
        top = list(reversed(self.draw[len(self.draw) - k :]))  # top first
        new: list[str] = []
        while len(top) - len(new) > 1:
            left = [c for c in top if c not in new]
            opts = [(f"choose:{c}", f"{name(c)} next from the top") for c in left]
            opts.append(
                ("choose:keep", "Keep the rest in this order: " + ", ".join(name(c) for c in left))
            )
            ans = yield Decision(
                ctx.you,
                "look",
                f"{name(ctx.source)}: the top cards are {names(left)} (top first). "
                "Choose the next card from the top.",
                opts,
                targets=left,
                secret=True,
                source=ctx.source,
            )
            if ans == "choose:keep":
                break
            new.append(ans.split(":", 1)[1])
        new += [c for c in top if c not in new]
        if k:
            del self.draw[len(self.draw) - k :]
            self.draw.extend(reversed(new))
        from game.engine.core import Event

        pub = Event(
            "look",
            ctx.you,
            {"count": k},
            f"{name(ctx.source)}: {{P{ctx.you}}} looks at the top {k} cards of the draw pile and puts them back.",
        )
        self.emit(
            "look",
            ctx.you,
            {"cards": new},
            f"{name(ctx.source)}: {{P{ctx.you}}} puts back {names(new)} (top first).",
            secret_to=ctx.you,
            public=pub,
        )

    def p_reveal_until(self, args, ctx):
        want = self.num(args[1], ctx)
        found = 0
        shuffled = False
        while found < want:
            if not self.draw and not shuffled:
                shuffled = True
                self.reshuffle()
            if not self.draw:
                break
            c = self.draw.pop()
            self.revealed.append(c)
            if card(c).type == "asset":
                found += 1
        self.emit(
            "reveal",
            ctx.you,
            {"cards": list(self.revealed)},
            f"{name(ctx.source)} reveals {names(self.revealed)}.",
        )
        return
        yield

    def p_put_into_play(self, args, ctx):
        low, high = args[0][1], args[0][2]
        assets = [c for c in self.revealed if card(c).type == "asset"]
        chosen: list[str] = []
        while len(chosen) < high:
            left = [c for c in assets if c not in chosen]
            if not left:
                break
            opts = [(f"choose:{c}", f"Put {name(c)} into play") for c in left]
            if len(chosen) >= low:
                opts.append(("choose:done", "Done" if chosen else "None"))
            ans = yield Decision(
                ctx.you,
                "put",
                f"{name(ctx.source)}: put up to {high - len(chosen)} revealed asset(s) into play.",
                opts,
                targets=left,
                source=ctx.source,
            )
            if ans == "choose:done":
                break
            chosen.append(ans.split(":", 1)[1])
        for c in chosen:
            self.revealed.remove(c)
            self.assets[ctx.you].append(c)
        self.emit(
            "put",
            ctx.you,
            {"cards": chosen},
            f"{name(ctx.source)}: {{P{ctx.you}}} puts {names(chosen)} into play.",
        )
        self._revealed_to_bottom()

    def _revealed_to_bottom(self):
        rest = self.revealed
        self.rng.shuffle(rest)
        self.draw[0:0] = rest
        if rest:
            self.emit(
                "bottom",
                None,
                {"count": len(rest)},
                f"{names(rest)} go{'es' if len(rest) == 1 else ''} to the bottom of the draw pile.",
            )
        self.revealed = []

    def p_shuffle_hands_and_redeal(self, args, ctx):
        pool = [c for s in range(self.players) for c in self.hands[s]]
        for s in range(self.players):
            self.hands[s] = []
        self.rng.shuffle(pool)
        order = self.clockwise_from(ctx.you, include=False) + [ctx.you]
        order = [s for s in order if self.alive[s]]
        for i, c in enumerate(pool):
            self.hands[order[i % len(order)]].append(c)
        self.emit(
            "redeal",
            ctx.you,
            {"count": len(pool)},
            f"{name(ctx.source)}: all hands ({len(pool)} cards) are shuffled and dealt out again from {{P{order[0]}}}.",
        )
        return
        yield

    def p_name_colour(self, args, ctx):
        optional, ctx.may = ctx.may, False
        opts = [(f"choose:{c}", c.capitalize()) for c in COLOURS]
        if optional:
            opts.append(("choose:none", "Do not name a colour"))
        ans = yield Decision(
            ctx.you,
            "colour",
            f"{name(ctx.source)}: name a colour for the top card of the discard pile.",
            opts,
            source=ctx.source,
        )
        if ans == "choose:none":
            raise Declined()
        self.named = ans.split(":", 1)[1]
        self.emit(
            "name_colour",
            ctx.you,
            {"colour": self.named},
            f"{name(ctx.source)}: {{P{ctx.you}}} names {self.named}; the top card is now only {self.named}.",
        )

    def p_lose_if(self, args, ctx):
        who = self.players_of(args[1], ctx)
        if self.cond(args[0], ctx, None):
            for s in who:
                if self.alive[s]:
                    self.lose(s, f"{name(ctx.source)}: {len(self.assets[s])} assets in play")
        return
        yield
