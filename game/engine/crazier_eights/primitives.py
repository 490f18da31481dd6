"""The effect primitives of the vocabulary (draw, destroy, tuck, look_top …), each once.

Mixed into ``State`` through ``EffectsMixin``; selectors, conditions and choices
live in ``effects.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.core import Event, msg, nmsg, seat_ref
from game.engine.crazier_eights.deck import COLOUR_TITLES, COLOUR_WORDS, COLOURS, card
from game.engine.crazier_eights.timing import Decision, TimingMixin, name, names


class Declined(Exception):
    """A "may" was refused (or its choice had no legal target)."""


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


class PrimitivesMixin(TimingMixin):
    # State's order is unchanged by this base: State, EffectsMixin, PrimitivesMixin,
    # TimingMixin, as it was when State named TimingMixin itself

    if TYPE_CHECKING:  # selectors, conditions and choices: the effects layer (EffectsMixin)

        def num(self, e, ctx) -> int: ...
        def cond(self, e, ctx, candidate: int | None) -> bool: ...
        def players_of(self, e, ctx, candidate: int | None = None) -> list[int]: ...
        def choose_players(self, e, ctx, verb: str): ...
        def choose_assets(self, e, ctx, verb: str): ...
        def choose_cards(self, ctx, seat: int, low: int, high: int, kind: str, prompt): ...

    # ---------------------------------------------------------------- primitives

    def p_none(self, args, ctx):
        return
        yield

    def p_draw(self, args, ctx):
        who = yield from self.choose_players(args[0], ctx, msg("draws"))
        n = self.num(args[1], ctx)
        order = [s for s in self.clockwise_from(ctx.you) if s in who]
        for s in order:
            yield from self.draw_cards(s, n, cause=ctx.you, why=name(ctx.source))

    def p_destroy(self, args, ctx):
        chosen = yield from self.choose_assets(args[0], ctx, msg("destroyed"))
        yield from self.destroy(chosen, ctx.source)

    def p_return_to_hand(self, args, ctx):
        chosen = yield from self.choose_assets(
            args[0], ctx, msg("returned to its controller's hand")
        )
        for c in chosen:
            s = self.asset_controller(c)
            self.assets[s].remove(c)
            self.hands[s].append(c)
        if chosen:
            self.emit(
                "return",
                ctx.you,
                {"cards": chosen},
                msg(
                    "{card} returns {cards} to its controller's hand.",
                    card=name(ctx.source),
                    cards=names(chosen),
                )
                if len(chosen) == 1
                else msg(
                    "{card} returns {cards} to their controllers' hand.",
                    card=name(ctx.source),
                    cards=names(chosen),
                ),
            )

    def p_gain_control(self, args, ctx):
        chosen = yield from self.choose_assets(args[0], ctx, msg("taken"))
        for c in chosen:
            s = self.asset_controller(c)
            self.assets[s].remove(c)
            self.assets[ctx.you].append(c)
            self.emit(
                "control",
                ctx.you,
                {"card": c, "from": s},
                msg(
                    "{card}: {player} gains control of {asset} from {other}.",
                    card=name(ctx.source),
                    player=seat_ref(ctx.you),
                    asset=name(c),
                    other=seat_ref(s),
                ),
            )

    def p_skip_turn(self, args, ctx):
        who = yield from self.choose_players(args[0], ctx, msg("skips their next turn"))
        for s in who:
            self.skips[s] += 1
            self.emit(
                "skip_set",
                s,
                {"card": ctx.source},
                msg(
                    "{card}: {player} will skip their next turn.",
                    card=name(ctx.source),
                    player=seat_ref(s),
                ),
            )

    def _grant(self, args, ctx, which: int, word: str):
        n = self.num(args[0], ctx)
        self.grants.setdefault(ctx.you, [0, 0])[which] += n
        self.emit(
            "grant",
            ctx.you,
            {"kind": word, "n": n},
            nmsg(
                "{card}: {player} may play {n} more card this turn.",
                "{card}: {player} may play {n} more cards this turn.",
                n,
                card=name(ctx.source),
                player=seat_ref(ctx.you),
            )
            if word == "play"
            else nmsg(
                "{card}: {player} may discard {n} more card this turn.",
                "{card}: {player} may discard {n} more cards this turn.",
                n,
                card=name(ctx.source),
                player=seat_ref(ctx.you),
            ),
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
            lambda k: msg(
                "{card}: put up to {n} card(s) on the bottom of the draw pile.",
                card=name(ctx.source),
                n=k,
            ),
        )
        for c in chosen:
            self.hands[ctx.you].remove(c)
            self.draw.insert(0, c)
        k = len(chosen)
        self.emit(
            "tuck",
            ctx.you,
            {"count": k},
            nmsg(
                "{card}: {player} puts {n} card on the bottom of the draw pile.",
                "{card}: {player} puts {n} cards on the bottom of the draw pile.",
                k,
                card=name(ctx.source),
                player=seat_ref(ctx.you),
            ),
        )
        if optional and not chosen:
            raise Declined()

    def p_give(self, args, ctx):
        who = yield from self.choose_players(args[0], ctx, msg("receives cards"))
        n = self.num(args[1], ctx)
        for s in who:
            k = min(n, len(self.hands[ctx.you]))
            chosen = yield from self.choose_cards(
                ctx,
                ctx.you,
                k,
                k,
                "give",
                lambda k, s=s: msg(
                    "{card}: choose {n} card(s) to give to {player}.",
                    card=name(ctx.source),
                    n=k,
                    player=seat_ref(s),
                ),
            )
            for c in chosen:
                self.hands[ctx.you].remove(c)
                self.hands[s].append(c)
            pub = Event(
                "give",
                ctx.you,
                {"to": s, "count": len(chosen)},
                msg(
                    "{card}: {player} gives {other} {n} card(s).",
                    card=name(ctx.source),
                    player=seat_ref(ctx.you),
                    other=seat_ref(s),
                    n=len(chosen),
                ),
            )
            self.emit(
                "give",
                ctx.you,
                {"to": s, "cards": chosen},
                msg(
                    "{card}: {player} gives {other} {cards}.",
                    card=name(ctx.source),
                    player=seat_ref(ctx.you),
                    other=seat_ref(s),
                    cards=names(chosen),
                ),
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
            opts = [(f"choose:{c}", msg("{card} next from the top", card=name(c))) for c in left]
            # the prompt lists the cards in their order: the option need not (a list of
            # card names made it too long for its button)
            opts.append(("choose:keep", msg("Keep the rest in this order")))
            ans = yield Decision(
                ctx.you,
                "look",
                msg(
                    "{card}: the top cards are {cards} (top first). "
                    "Choose the next card from the top.",
                    card=name(ctx.source),
                    cards=names(left),
                ),
                opts,
                targets=left,
                secret=True,
                source=ctx.source,
                public_prompt=msg(
                    "{card}: put the top {n} cards of the draw pile back in any order.",
                    card=name(ctx.source),
                    n=k,
                ),
            )
            if ans == "choose:keep":
                break
            new.append(ans.split(":", 1)[1])
        new += [c for c in top if c not in new]
        if k:
            del self.draw[len(self.draw) - k :]
            self.draw.extend(reversed(new))
        pub = Event(
            "look",
            ctx.you,
            {"count": k},
            msg(
                "{card}: {player} looks at the top {n} cards of the draw pile and puts them back.",
                card=name(ctx.source),
                player=seat_ref(ctx.you),
                n=k,
            ),
        )
        self.emit(
            "look",
            ctx.you,
            {"cards": new},
            msg(
                "{card}: {player} puts back {cards} (top first).",
                card=name(ctx.source),
                player=seat_ref(ctx.you),
                cards=names(new),
            ),
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
            msg("{card} reveals {cards}.", card=name(ctx.source), cards=names(self.revealed)),
        )
        return
        yield

    def ask_or_decline(self, ctx, kind: str, prompt: str, opts: list, targets: list, optional):
        """Ask ``ctx.you`` to pick one of ``opts``; an optional pick adds "Do not use it",
        which declines the ability (raises Declined). Returns the answer."""
        if optional:
            opts = [*opts, ("choose:none", msg("Do not use it"))]
        ans = yield Decision(ctx.you, kind, prompt, opts, targets=targets, source=ctx.source)
        if ans == "choose:none":
            raise Declined()
        return ans

    def ask_up_to(self, ctx, kind: str, cands: list[str], low: int, high: int, label, prompt):
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

    def p_put_into_play(self, args, ctx):
        low, high = args[0][1], args[0][2]
        assets = [c for c in self.revealed if card(c).type == "asset"]
        chosen = yield from self.ask_up_to(
            ctx,
            "put",
            assets,
            low,
            high,
            lambda c: msg("Put {card} into play", card=name(c)),
            lambda k: msg(
                "{card}: put up to {n} revealed asset(s) into play.", card=name(ctx.source), n=k
            ),
        )
        for c in chosen:
            self.revealed.remove(c)
            self.assets[ctx.you].append(c)
        self.emit(
            "put",
            ctx.you,
            {"cards": chosen},
            msg(
                "{card}: {player} puts {cards} into play.",
                card=name(ctx.source),
                player=seat_ref(ctx.you),
                cards=names(chosen),
            ),
        )
        self._revealed_to_bottom()

    def _revealed_to_bottom(self):
        seen = list(self.revealed)  # named in the order revealed: the shuffled order is secret
        rest = self.revealed
        self.rng.shuffle(rest)
        self.draw[0:0] = rest
        if rest:
            self.emit(
                "bottom",
                None,
                {"count": len(rest)},
                nmsg(
                    "{cards} goes to the bottom of the draw pile in random order.",
                    "{cards} go to the bottom of the draw pile in random order.",
                    len(rest),
                    cards=names(seen),
                ),
            )
        self.revealed = []

    def p_shuffle_hands_and_redeal(self, args, ctx):
        pool = [c for s in range(self.players) for c in self.hands[s]]
        for s in range(self.players):
            self.hands[s] = []
        self.rng.shuffle(pool)
        order = [*self.clockwise_from(ctx.you, include=False), ctx.you]
        order = [s for s in order if self.alive[s]]
        for i, c in enumerate(pool):
            self.hands[order[i % len(order)]].append(c)
        self.emit(
            "redeal",
            ctx.you,
            {"count": len(pool)},
            msg(
                "{card}: all hands ({n} cards) are shuffled and dealt out again from {player}.",
                card=name(ctx.source),
                n=len(pool),
                player=seat_ref(order[0]),
            ),
        )
        return
        yield

    def p_name_colour(self, args, ctx):
        optional, ctx.may = ctx.may, False
        opts = [(f"choose:{c}", COLOUR_TITLES[c]) for c in COLOURS]
        if optional:
            opts.append(("choose:none", msg("Do not name a colour")))
        ans = yield Decision(
            ctx.you,
            "colour",
            msg(
                "{card}: name a colour for the top card of the discard pile.",
                card=name(ctx.source),
            ),
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
            msg(
                "{card}: {player} names {colour}; the top card is now only {colour}.",
                card=name(ctx.source),
                player=seat_ref(ctx.you),
                colour=COLOUR_WORDS[self.named],
            ),
        )

    def p_lose_if(self, args, ctx):
        who = self.players_of(args[1], ctx)
        if self.cond(args[0], ctx, None):
            for s in who:
                if self.alive[s]:
                    self.lose(
                        s,
                        msg(
                            "{card}: {n} assets in play",
                            card=name(ctx.source),
                            n=len(self.assets[s]),
                        ),
                    )
        else:
            for s in who:
                self.emit(
                    "safe",
                    s,
                    {"card": ctx.source},
                    msg(
                        "{card}: the condition is not met; {player} stays in the game.",
                        card=name(ctx.source),
                        player=seat_ref(s),
                    ),
                )
        return
        yield
