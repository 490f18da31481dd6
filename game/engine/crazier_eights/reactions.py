"""Draws and destructions: the two operations other cards change as they happen.

Castle (an opponent makes you draw: draw fewer), Camelot (once in your turn: you may
draw one fewer) and the protectors (an asset about to be destroyed may be saved) are
``sub`` abilities: they never fire on their own, they substitute inside one draw or one
destruction. So each is read here, by the operation it changes, in the order the rules
give (Castle before Camelot; protectors in trigger order), and not by ``timing``.
Generator functions of the state, since Camelot and the protectors ask.
"""

from __future__ import annotations

from game.engine.core import Event, MsgList, msg, nmsg, seat_ref
from game.engine.crazier_eights.deck import card
from game.engine.crazier_eights.protocol import Decision, GameEnd, Table
from game.engine.crazier_eights.words import name, names, said

# -- drawing


def draw_cards(state: Table, seat: int, n: int, cause: int | None, why: str = ""):
    """``seat`` draws ``n``, after Castle (opponent causes) then Camelot (own turn, may)."""
    if n <= 0 or not state.alive[seat]:
        return
    if cause is not None and state.is_opp(cause, seat):
        cut = 0
        castles = []
        for cid in state.assets[seat]:
            for ab in card(cid).of("sub"):
                call = ab.steps[0][1]
                if call[1] == "draw_reduction":
                    cut += call[2][0][1]
                    castles.append(cid)
        if cut:
            new = max(0, n - cut)
            state.emit(
                "reduce",
                seat,
                {"cards": castles, "from": n, "to": new},
                msg(
                    "{cards}: {player} draws {new} instead of {old}.",
                    cards=names(castles),
                    player=seat_ref(seat),
                    new=new,
                    old=n,
                ),
            )
            n = new
    if n >= 1 and seat in state.actives:
        for cid in list(state.assets[seat]):
            if n < 1:
                break
            if cid in state.once_used:
                continue
            if not any(ab.steps[0][1][1] == "skip_draw" for ab in card(cid).of("sub")):
                continue
            ans = yield Decision(
                seat,
                "draw_fewer",
                msg(
                    "{card}: draw {fewer} instead of {n}? (once this turn)",
                    card=name(cid),
                    fewer=n - 1,
                    n=n,
                ),
                [
                    ("choose:yes", msg("Yes, draw {n}", n=n - 1)),
                    ("choose:no", msg("No, draw {n}", n=n)),
                ],
                targets=[cid],
                source=cid,
            )
            if ans == "choose:yes":
                state.once_used.add(cid)
                n -= 1
                state.emit(
                    "reduce",
                    seat,
                    {"cards": [cid]},
                    msg(
                        "{card}: {player} draws one card fewer.",
                        card=name(cid),
                        player=seat_ref(seat),
                    ),
                )
    if n <= 0:
        return
    got: list[str] = []
    for _ in range(n):
        if not state.draw:
            state.reshuffle()
        if not state.draw:
            emit_drawn(state, seat, got, why)
            seats = state.clockwise_from(state.lead())
            low = min(len(state.hands[s]) for s in seats)
            first = next(s for s in seats if len(state.hands[s]) == low)
            raise GameEnd(state.team(first), msg("the draw pile is empty; fewest cards in hand"))
        c = state.draw.pop()
        state.hands[seat].append(c)
        got.append(c)
    emit_drawn(state, seat, got, why)


def emit_drawn(state: Table, seat: int, got: list[str], why: str) -> None:
    """The draw's event: the cards for the drawer, how many for everyone else."""
    if not got:
        return
    k = len(got)
    if k == 1:
        hidden, shown = said(("drawn", seat, got[0], why), lambda: _drawn(seat, got, why))
    else:
        hidden, shown = _drawn(seat, got, why)
    public = Event("draw", seat, {"count": k}, hidden)
    state.emit(
        "draw",
        seat,
        {"count": k, "cards": list(got)},
        shown,
        secret_to=seat,
        public=public,
    )


def _drawn(seat: int, got: list[str], why) -> tuple:
    """The draw's line for the others (how many) and for the drawer (which)."""
    k = len(got)
    player = seat_ref(seat)
    if why:
        hidden = nmsg(
            "{player} draws a card ({why}).",
            "{player} draws {n} cards ({why}).",
            k,
            player=player,
            why=why,
        )
        shown = msg("{player} draws {cards} ({why}).", player=player, cards=names(got), why=why)
    else:
        hidden = nmsg("{player} draws a card.", "{player} draws {n} cards.", k, player=player)
        shown = msg("{player} draws {cards}.", player=player, cards=names(got))
    return hidden, shown


# -- destruction


def destroy(state: Table, instance: list[str], source: str | None):
    """One destruction of the assets in ``instance`` (by ``source``'s ability): each
    protector in play, its owners in trigger order, may save one of them first; the rest
    go under the discard pile."""
    instance = [c for c in dict.fromkeys(instance) if state.controller(c) is not None]
    if not instance:
        return
    protected: list[tuple[str, str]] = []
    for owner in state.trigger_order():
        for pid in list(state.assets[owner]):
            for ab in card(pid).of("sub"):
                call = ab.steps[0][1]
                if call[1] != "destroy_prevention":
                    continue
                for _ in range(call[2][0][1]):
                    left = [c for c in instance if c not in {p for p, _ in protected}]
                    if not left:
                        break
                    # an answer names the card (it is lit on the table, in its
                    # owner's zone); the owner only tells two cards of one name apart
                    titles = [card(c).name for c in left]
                    opts = [
                        (
                            f"choose:{c}",
                            msg(
                                "Save {card} ({player}'s)",
                                card=name(c),
                                player=seat_ref(state.asset_controller(c)),
                            )
                            if titles.count(card(c).name) > 1
                            else msg("Save {card}", card=name(c)),
                        )
                        for c in left
                    ]
                    opts.append(("choose:none", msg("Save nothing")))
                    ans = yield Decision(
                        owner,
                        "protect",
                        nmsg(  # one card or several: "würde" or "würden", "it" or "one"
                            "{card}: {cards} would be destroyed. You may save it.",
                            "{card}: {cards} would be destroyed. You may save one of them.",
                            len(instance),
                            card=name(pid),
                            cards=names(instance),
                        )
                        if len(instance) <= 3
                        # many: the answers name them (and the cards are lit), a
                        # prompt listing them too ran past its panel
                        else nmsg(
                            "{card}: {n} asset would be destroyed. You may save one.",
                            "{card}: {n} assets would be destroyed. You may save one.",
                            len(instance),
                            card=name(pid),
                        ),
                        opts,
                        targets=left,
                        source=pid,
                    )
                    if ans != "choose:none":
                        protected.append((ans.split(":", 1)[1], pid))
    saved = {p for p, _ in protected}
    gone = [c for c in instance if c not in saved]
    for c in gone:
        state.assets[state.asset_controller(c)].remove(c)
        state.discard.insert(0, c)
    if source:
        head = msg("{card} destroys {cards}", card=name(source), cards=names(instance))
    else:
        head = msg("Destroyed: {cards}", cards=names(instance))
    parts = [head]
    for p, by in protected:
        if p == by:
            parts.append(msg("{card} protects itself", card=name(by)))
        elif len(instance) == 1:
            parts.append(msg("{card} protects it", card=name(by)))
        else:
            parts.append(msg("{card} protects {other}", card=name(by), other=name(p)))
    state.emit(
        "destroy",
        None,
        {"cards": gone, "saved": [p for p, _ in protected], "source": source},
        msg("{text}.", text=MsgList(parts, joiner="; ")),
    )
