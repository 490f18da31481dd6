"""The Cross Rummy moves other than a lay, each asked of the engine, with the dialogs
that confirm them: drawing from the bag (tiles placed this turn go back first), taking
a market tile (picked with a click, then taken with Take or Enter), playing an event
tile (Swap; Draw Three and the opponent who draws), the two tiles a Swap passes left,
and why a pass is refused when only a lay is left.

Functions of the table: the engine's legal actions and refusal reasons decide, the table's
``submit`` plays, and what stays picked (``market_pick``, the Swap's ``selected`` rack
slots) is the table's per-seat state. The lay itself is built in ``draft.py`` and
submitted by the table's Done.
"""

from __future__ import annotations

from game.services.i18n import CANCEL, _, msg, ngettext, nmsg
from game.ui.tables.cross_rummy.art import tile_back
from game.ui.widgets import Button, Chooser, Dialog


def draw_tile(t) -> None:
    """Draw from the bag; with tiles placed this turn, only once the player confirms."""
    if "draw" not in t.legal():
        t.ctx.toast(t.session.refusal("draw") or msg("You cannot draw now."))
        return
    if not t.draft.own:
        t.submit("draw")
        return
    n = len(t.draft.own)
    confirm(
        t,
        msg("Draw a tile?"),
        nmsg(
            "The {n} tile you placed goes back to your rack, you draw one tile from the bag "
            "and your turn ends.",
            "The {n} tiles you placed go back to your rack, you draw one tile from the bag "
            "and your turn ends.",
            n,
        ),
        msg("Draw"),
        lambda: t.submit("draw"),
        msg("Keep laying"),
    )


def confirm(t, title: str, body: str, yes: str, action, no: str = CANCEL) -> None:
    """Ask before a move that ends the turn in a way the player may not expect."""
    d = Dialog(
        title,
        body,
        [
            Button(yes, lambda: (d.close(), action()), primary=True),
            Button(no, lambda: d.close()),
        ],
    )
    t.ctx.open_dialog(d)


def take(t, name: str) -> None:
    """Take the market tile ``name`` (the engine says why not)."""
    action = f"take:{name}"
    if action in t.legal():
        t.submit(action)
    else:
        t.ctx.toast(t.session.refusal(action) or msg("You cannot take from the market now."))


def pick_market(t, name: str) -> None:
    """A click on a market tile chooses it (a second click puts the choice down);
    Take or Enter then takes it. Only a tile the engine lets you take is chosen."""
    action = f"take:{name}"
    if action not in t.legal():
        t.ctx.toast(t.session.refusal(action) or msg("You cannot take from the market now."))
        return
    t.market_pick = None if t.market_pick == name else name


def take_picked(t) -> None:
    """Take or Enter: take the market tile picked."""
    name, t.market_pick = t.market_pick, None
    if name is not None:
        take(t, name)


def why_not_pass(t) -> None:
    """Only a lay is left: say the engine's reason a pass is refused."""
    t.ctx.toast(t.session.refusal("pass") or msg("You cannot pass now."))


def play_event(t, name: str) -> None:
    """Play an event tile: Swap once confirmed, Draw Three on the opponent chosen."""
    legal = t.legal()
    if name == "SWAP":
        if "play:SWAP" not in legal:
            t.ctx.toast(t.session.refusal("play:SWAP") or msg("You cannot play Swap now."))
            return
        left = len(t.view.rack) - 1
        body = msg(
            "Every player, you first, chooses 2 tiles and passes them face down to the "
            "player on their left; nobody sees what they get until all have chosen. "
            "Your turn ends."
        )
        if left == 0:
            body = msg("It is your last tile: playing it empties your rack and wins the round.")
        confirm(t, msg("Play Swap?"), body, msg("Play Swap"), lambda: t.submit("play:SWAP"))
        return
    targets = [int(a.rsplit(":", 1)[1]) for a in legal if a.startswith("play:DRAW3:")]
    if not targets:
        t.ctx.toast(t.session.refusal("play:DRAW3:0") or msg("You cannot play Draw Three now."))
        return
    k = min(3, t.view.bag_count)
    if k == 0:
        what = _("The bag is empty: the opponent you choose draws nothing.")
    elif k == 3:
        what = _("The opponent you choose draws three tiles from the bag.")
    else:
        what = ngettext(
            "The opponent you choose draws the last {n} tile from the bag.",
            "The opponent you choose draws the last {n} tiles from the bag.",
            k,
        ).format(n=k)
    what += " " + _("Your turn ends.")
    t.ctx.open_dialog(
        Chooser(
            msg("Draw Three: who draws?"),
            [
                (
                    t.session.name(s)
                    + "\n"
                    + ngettext("{n} tile", "{n} tiles", t.view.rack_counts[s]).format(
                        n=t.view.rack_counts[s]
                    ),
                    s,
                    tile_back,
                )
                for s in targets
            ],
            lambda s: t.submit(f"play:DRAW3:{s}"),
            body=what,
        )
    )


def give(t) -> None:
    """A Swap: pass the two rack tiles selected (all of them when fewer are left)."""
    if not t.swap_choice():
        return
    names = [t.rack_slots[i][0] for i in t.selected if i < len(t.rack_slots)]
    need = min(2, len(t.rack_slots))
    if len(names) != need:
        t.ctx.toast(
            nmsg(
                "Choose {n} tile to pass to the left.",
                "Choose {n} tiles to pass to the left.",
                need,
            )
        )
        return
    t.submit("give:" + ",".join(names))
