"""What the table draws for one seat only, and forgets when the seat at the screen changes.

In hot-seat play several people share one screen. A refusal toast names the card that
was tried, a hover lifts a card, a chooser lists what a hand holds, a drag carries a
card: each belongs to the seat whose eyes the table is drawn for (``ctx.viewer``). The
``SeatLayer`` owns all of it: toasts raised by the table, the dialogs the table opened
for that seat, and the table's own per-seat state (``BaseTable.reset_seat_state``).
``switch(seat)`` is called on every change of viewer, before anything is drawn for the
new one (the hand-off cover included), so nothing of one seat survives into another's
turn: it is cleared in one place instead of by each widget remembering to.

A toast also goes with the position it was raised in: "You must follow blue" is about
this trick, so once a move changes the position (the engine's log grows: the next card,
the next trick) the toasts raised before it are dropped.
"""

from __future__ import annotations

import game.ui.theme as theme
from game.ui.widgets import Toasts


class PositionToasts(Toasts):
    """Toasts that each remember the position they were raised in (``position()``, a
    value that changes with every move) and go once it has changed."""

    def __init__(self, position):
        super().__init__()
        self.position = position
        self.raised_in: dict[str, object] = {}  # message -> the position it was raised in

    def show(self, message: str, now_ms: float, colour=theme.ERROR, seconds=None) -> None:
        super().show(message, now_ms, colour, seconds)
        self.raised_in[message] = self.position()

    def update(self, now_ms: float) -> bool:
        changed = super().update(now_ms)
        now = self.position()
        current = [t for t in self.items if self.raised_in.get(t[0]) == now]
        if len(current) != len(self.items):
            self.items, changed = current, True
        self.raised_in = {t[0]: now for t in self.items}
        return changed


class SeatLayer:
    def __init__(self, table):
        self.table = table
        self.owner: int | None = None  # the seat these belong to (None: nobody's hand shows)
        # the position: how many engine events have happened (every move adds some)
        self.toasts = PositionToasts(lambda: len(table.session.log))
        self.dialogs: list = []  # dialogs opened for the owner (choosers), closed on a switch
        self.hint: dict | None = None  # the owner's hint: its words, the card to ring
        self.asking = 0  # bumped on every clear: a hint still being worked out is void

    def toast(self, message: str, now_ms: float, colour=theme.ERROR) -> None:
        self.toasts.show(message, now_ms, colour)

    def opened(self, dialog) -> None:
        dialog.seat_owned = True
        self.dialogs.append(dialog)

    def switch(self, seat: int | None) -> bool:
        """The screen now shows ``seat``'s eyes: drop everything of the previous owner.

        Returns True when something was cleared."""
        if seat == self.owner:
            return False
        self.owner = seat
        self.clear()
        return True

    def clear(self) -> None:
        self.hint = None
        self.asking += 1
        self.toasts.items.clear()
        for d in self.dialogs:
            d.close()
        self.dialogs.clear()
        self.table.reset_seat_state()
