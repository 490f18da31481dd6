"""What each word of the effect vocabulary does: one function per primitive, and
``EFFECTS``, the table that looks a primitive up by the name the level file's cards use
(``levels/crazier_eights.toml``: ``draw(P, 2)``, ``destroy(pick(asset:opp))`` …).

Data names the behaviour: a card is its effect text, parsed by ``deck``; running its
steps (``abilities``) looks each call's name up here. Every primitive is a generator
function ``(state, args, ctx)``: the ones that ask yield a ``Decision``; the rest yield
nothing. Their targets and counts come from ``choices`` and ``selectors``; a draw and a
destruction go through ``reactions``, where Castle, Camelot and the protectors change
them. Nothing here knows any card by id.
"""

from __future__ import annotations

import game.engine.crazier_eights.reactions as reactions
from game.engine.core import Event, msg, nmsg, seat_ref
from game.engine.crazier_eights.choices import (
    ask_up_to,
    choose_assets,
    choose_cards,
    choose_players,
)
from game.engine.crazier_eights.deck import COLOUR_TITLES, COLOUR_WORDS, COLOURS, card
from game.engine.crazier_eights.protocol import Ctx, Decision, Declined, Table
from game.engine.crazier_eights.selectors import cond, num, players_of
from game.engine.crazier_eights.words import name, names


def nothing(state: Table, args, ctx: Ctx):
    """``none``: an ability that does nothing (a card whose text is only flavour)."""
    return
    yield


def draw(state: Table, args, ctx: Ctx):
    """``draw(players, n)``: each chosen player draws ``n``, clockwise from you."""
    who = yield from choose_players(state, args[0], ctx, msg("draws"))
    n = num(state, args[1], ctx)
    order = [s for s in state.clockwise_from(ctx.you) if s in who]
    for s in order:
        yield from reactions.draw_cards(state, s, n, cause=ctx.you, why=name(ctx.source))


def destroy(state: Table, args, ctx: Ctx):
    """``destroy(assets)``: one destruction of the chosen assets (protectors may save)."""
    chosen = yield from choose_assets(state, args[0], ctx, msg("destroyed"))
    yield from reactions.destroy(state, chosen, ctx.source)


def return_to_hand(state: Table, args, ctx: Ctx):
    """``return_to_hand(assets)``: the chosen assets go back to their controllers' hands."""
    chosen = yield from choose_assets(state, args[0], ctx, msg("returned to its controller's hand"))
    for c in chosen:
        s = state.asset_controller(c)
        state.assets[s].remove(c)
        state.hands[s].append(c)
    if chosen:
        state.emit(
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


def gain_control(state: Table, args, ctx: Ctx):
    """``gain_control(assets)``: you take the chosen assets into your zone."""
    chosen = yield from choose_assets(state, args[0], ctx, msg("taken"))
    for c in chosen:
        s = state.asset_controller(c)
        state.assets[s].remove(c)
        state.assets[ctx.you].append(c)
        state.emit(
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


def skip_turn(state: Table, args, ctx: Ctx):
    """``skip_turn(players)``: the chosen players skip their next turn."""
    who = yield from choose_players(state, args[0], ctx, msg("skips their next turn"))
    for s in who:
        state.skips[s] += 1
        state.emit(
            "skip_set",
            s,
            {"card": ctx.source},
            msg(
                "{card}: {player} will skip their next turn.",
                card=name(ctx.source),
                player=seat_ref(s),
            ),
        )


def _grant(state: Table, args, ctx: Ctx, which: int, word: str):
    """More plays (``which`` 0) or discards (1) for you this turn."""
    n = num(state, args[0], ctx)
    state.grants.setdefault(ctx.you, [0, 0])[which] += n
    state.emit(
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


def extra_play(state: Table, args, ctx: Ctx):
    """``extra_play(n)``: you may play ``n`` more cards this turn."""
    yield from _grant(state, args, ctx, 0, "play")


def extra_discard(state: Table, args, ctx: Ctx):
    """``extra_discard(n)``: you may discard ``n`` more cards this turn."""
    yield from _grant(state, args, ctx, 1, "discard")


def tuck(state: Table, args, ctx: Ctx):
    """``tuck(n)``: you put up to ``n`` hand cards on the bottom of the draw pile."""
    n = num(state, args[0], ctx)
    optional, ctx.may = ctx.may, False
    chosen = yield from choose_cards(
        state,
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
        state.hands[ctx.you].remove(c)
        state.draw.insert(0, c)
    k = len(chosen)
    state.emit(
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


def give(state: Table, args, ctx: Ctx):
    """``give(players, n)``: you give each chosen player ``n`` cards of your hand."""
    who = yield from choose_players(state, args[0], ctx, msg("receives cards"))
    n = num(state, args[1], ctx)
    for s in who:
        k = min(n, len(state.hands[ctx.you]))
        chosen = yield from choose_cards(
            state,
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
            state.hands[ctx.you].remove(c)
            state.hands[s].append(c)
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
        state.emit(
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


def look_top(state: Table, args, ctx: Ctx):
    """``look_top(n)``: you look at the top ``n`` cards and put them back in any order."""
    n = num(state, args[0], ctx)
    if len(state.draw) < n:
        state.reshuffle()
    k = min(n, len(state.draw))
    top = list(reversed(state.draw[len(state.draw) - k :]))  # top first
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
                "{card}: the top cards are {cards} (top first). Choose the next card from the top.",
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
        del state.draw[len(state.draw) - k :]
        state.draw.extend(reversed(new))
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
    state.emit(
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


def reveal_until(state: Table, args, ctx: Ctx):
    """``reveal_until(asset, n)``: reveal cards from the top until ``n`` assets show."""
    want = num(state, args[1], ctx)
    found = 0
    shuffled = False
    while found < want:
        if not state.draw and not shuffled:
            shuffled = True
            state.reshuffle()
        if not state.draw:
            break
        c = state.draw.pop()
        state.revealed.append(c)
        if card(c).type == "asset":
            found += 1
    state.emit(
        "reveal",
        ctx.you,
        {"cards": list(state.revealed)},
        msg("{card} reveals {cards}.", card=name(ctx.source), cards=names(state.revealed)),
    )
    return
    yield


def put_into_play(state: Table, args, ctx: Ctx):
    """``put_into_play(a..b, you)``: you put some of the revealed assets into play."""
    low, high = args[0][1], args[0][2]
    assets = [c for c in state.revealed if card(c).type == "asset"]
    chosen = yield from ask_up_to(
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
        state.revealed.remove(c)
        state.assets[ctx.you].append(c)
    state.emit(
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
    revealed_to_bottom(state)


def revealed_to_bottom(state: Table) -> None:
    """The revealed cards left over go to the bottom of the draw pile, shuffled."""
    seen = list(state.revealed)  # named in the order revealed: the shuffled order is secret
    rest = state.revealed
    state.rng.shuffle(rest)
    state.draw[0:0] = rest
    if rest:
        state.emit(
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
    state.revealed = []


def shuffle_hands_and_redeal(state: Table, args, ctx: Ctx):
    """``shuffle_hands_and_redeal(start=left)``: all hands are shuffled together and
    dealt out again, from your left."""
    pool = [c for s in range(state.players) for c in state.hands[s]]
    for s in range(state.players):
        state.hands[s] = []
    state.rng.shuffle(pool)
    order = [*state.clockwise_from(ctx.you, include=False), ctx.you]
    order = [s for s in order if state.alive[s]]
    for i, c in enumerate(pool):
        state.hands[order[i % len(order)]].append(c)
    state.emit(
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


def name_colour(state: Table, args, ctx: Ctx):
    """``name_colour``: you name the colour the top of the discard pile counts as."""
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
    state.named = ans.split(":", 1)[1]
    state.emit(
        "name_colour",
        ctx.you,
        {"colour": state.named},
        msg(
            "{card}: {player} names {colour}; the top card is now only {colour}.",
            card=name(ctx.source),
            player=seat_ref(ctx.you),
            colour=COLOUR_WORDS[state.named],
        ),
    )


def lose_if(state: Table, args, ctx: Ctx):
    """``lose_if(condition, players)``: the named players lose if the condition holds."""
    who = players_of(state, args[1], ctx)
    if cond(state, args[0], ctx, None):
        for s in who:
            if state.alive[s]:
                state.lose(
                    s,
                    msg(
                        "{card}: {n} assets in play",
                        card=name(ctx.source),
                        n=len(state.assets[s]),
                    ),
                )
    else:
        for s in who:
            state.emit(
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


EFFECTS = {
    "none": nothing,
    "draw": draw,
    "destroy": destroy,
    "return_to_hand": return_to_hand,
    "gain_control": gain_control,
    "put_into_play": put_into_play,
    "skip_turn": skip_turn,
    "extra_discard": extra_discard,
    "extra_play": extra_play,
    "tuck": tuck,
    "give": give,
    "look_top": look_top,
    "reveal_until": reveal_until,
    "shuffle_hands_and_redeal": shuffle_hands_and_redeal,
    "name_colour": name_colour,
    "lose_if": lose_if,
}
"""Each primitive of the vocabulary (``deck.PRIMITIVES``) by its name in the level file."""
