"""The Cross Rummy table's moves other than a lay: draw, take from the market (choose a
tile, then Take), play an event tile (Draw Three asks for the opponent), pass two tiles in a Swap; each
refused move says the engine's reason, and a move that ends the turn unexpectedly
(drawing with tiles placed, Swap) asks first. Mixed into ``cross_rummy.Table``."""

from __future__ import annotations

from game.services.i18n import CANCEL, _, msg, ngettext, nmsg
from game.ui.tables.cross_rummy.art import tile_back
from game.ui.widgets import Button, Chooser, Dialog


class TurnMoves:
    def draw_tile(self) -> None:
        if "draw" not in self.legal():
            self.ctx.toast(self.session.refusal("draw") or msg("You cannot draw now."))
            return
        if not self.own:
            self.submit("draw")
            return
        n = len(self.own)
        self.confirm(
            msg("Draw a tile?"),
            nmsg(
                "The {n} tile you placed goes back to your rack, you draw one tile from the bag "
                "and your turn ends.",
                "The {n} tiles you placed go back to your rack, you draw one tile from the bag "
                "and your turn ends.",
                n,
            ),
            msg("Draw"),
            lambda: self.submit("draw"),
            msg("Keep laying"),
        )

    def confirm(self, title: str, body: str, yes: str, action, no: str = CANCEL) -> None:
        """Ask before a move that ends the turn in a way the player may not expect."""
        d = Dialog(
            title,
            body,
            [
                Button(yes, lambda: (d.close(), action()), primary=True),
                Button(no, lambda: d.close()),
            ],
        )
        self.ctx.open_dialog(d)

    def take(self, name: str) -> None:
        action = f"take:{name}"
        if action in self.legal():
            self.submit(action)
        else:
            self.ctx.toast(
                self.session.refusal(action) or msg("You cannot take from the market now.")
            )

    def pick_market(self, name: str) -> None:
        """A click on a market tile chooses it (a second click puts the choice down);
        Take or Enter then takes it. Only a tile the engine lets you take is chosen."""
        action = f"take:{name}"
        if action not in self.legal():
            self.ctx.toast(
                self.session.refusal(action) or msg("You cannot take from the market now.")
            )
            return
        self.market_pick = None if self.market_pick == name else name

    def take_picked(self) -> None:
        name, self.market_pick = self.market_pick, None
        if name is not None:
            self.take(name)

    def why_not_pass(self) -> None:
        """Only a lay is left: say the engine's reason a pass is refused."""
        self.ctx.toast(self.session.refusal("pass") or msg("You cannot pass now."))

    def play_event(self, name: str) -> None:
        legal = self.legal()
        if name == "SWAP":
            if "play:SWAP" not in legal:
                self.ctx.toast(
                    self.session.refusal("play:SWAP") or msg("You cannot play Swap now.")
                )
                return
            left = len(self.view.rack) - 1
            body = msg(
                "Every player, you first, chooses 2 tiles and passes them face down to the "
                "player on their left; nobody sees what they get until all have chosen. "
                "Your turn ends."
            )
            if left == 0:
                body = msg("It is your last tile: playing it empties your rack and wins the round.")
            self.confirm(
                msg("Play Swap?"), body, msg("Play Swap"), lambda: self.submit("play:SWAP")
            )
            return
        targets = [int(a.rsplit(":", 1)[1]) for a in legal if a.startswith("play:DRAW3:")]
        if not targets:
            self.ctx.toast(
                self.session.refusal("play:DRAW3:0") or msg("You cannot play Draw Three now.")
            )
            return
        k = min(3, self.view.bag_count)
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
        self.ctx.open_dialog(
            Chooser(
                msg("Draw Three: who draws?"),
                [
                    (
                        self.session.name(s)
                        + "\n"
                        + ngettext("{n} tile", "{n} tiles", self.view.rack_counts[s]).format(
                            n=self.view.rack_counts[s]
                        ),
                        s,
                        tile_back,
                    )
                    for s in targets
                ],
                lambda s: self.submit(f"play:DRAW3:{s}"),
                body=what,
            )
        )

    def give(self) -> None:
        if not self.swap_choice():
            return
        names = [self.rack_slots[i][0] for i in self.selected if i < len(self.rack_slots)]
        need = min(2, len(self.rack_slots))
        if len(names) != need:
            self.ctx.toast(
                nmsg(
                    "Choose {n} tile to pass to the left.",
                    "Choose {n} tiles to pass to the left.",
                    need,
                )
            )
            return
        self.submit("give:" + ",".join(names))
