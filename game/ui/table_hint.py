"""The hint at a table: the best bot's move for the viewer's own view, worked out in
the table's worker process (``Thinking.ask_hint``) — never on the window's interpreter,
so asking costs no frames — named in words and ringed in the hand. It belongs to the
seat layer, so it goes with the seat (a new position, an undo, a hot-seat cover)."""

from __future__ import annotations

import contextlib

import game.ui.theme as theme
from game.services.i18n import msg


class TableHint:
    """Mixed into ``TableScene``: uses its session, seat layer, table and toasts.
    ``_hint_answer`` holds the hints asked and not yet answered, as (asking, stamp,
    view, names): the table looks for their answers every frame while it is not empty."""

    def ask_hint(self) -> None:
        seat = self.ctx.viewer
        s = self.session
        if (
            self.own_hint
            or not self.live
            or not s.hints_allowed
            or seat is None
            or s.current() != seat
        ):
            return
        if not s.seats[seat].human or self.steps or self.table.busy():
            return
        layer = self.seat_layer
        if layer.hint is not None:
            self.toast(layer.hint["text"], theme.GOLD)  # asked again: say it again
            return
        stamp = (len(s.state.actions), seat)
        if any(p[0] == layer.asking and p[1][2:] == stamp for p in self._hint_answer):
            return  # this very hint is being worked out
        self.toast(msg("Working out a hint…"), theme.TEXT)
        view, names = s.view(seat), s.names()
        self._hint_answer.append((layer.asking, s.ai.ask_hint(seat), view, names))

    def take_hint(self) -> None:
        """A hint's answer from the worker: shown only to the seat that asked, only for
        the position it was asked for."""
        import game.ui.hints as hints

        s = self.session
        answer = s.ai.hint_result()
        now = len(s.state.actions)
        if answer is not None:
            stamp, action = answer
            for pending in [p for p in self._hint_answer if p[1] == stamp]:
                self._hint_answer.remove(pending)
                asking, _, view, names = pending
                if asking != self.seat_layer.asking or stamp[2] != now:
                    continue
                text, card = msg("No hint this time."), None
                if action is not None:
                    # a hint must never take the table down
                    with contextlib.suppress(Exception):
                        text, card = hints.describe(s.game_id, action, view, names)
                self.seat_layer.hint = {"text": text, "card": card}
                self.seat_layer.toasts.items.clear()
                self.toast(text, theme.GOLD)
                self.focus_hinted(card, action)
        # hints for a position gone, or a seat no longer at the screen, are not waited for
        self._hint_answer[:] = [
            p for p in self._hint_answer if p[1][2] == now and p[0] == self.seat_layer.asking
        ]

    def focus_hinted(self, card: str | None, action) -> None:
        """The hinted hand card takes the keyboard focus, so Enter plays it: one ring in
        the hand, the focus ring, drawn by the table under its labels (a second gold
        ring like it, drawn over the hand, looked like the focus but Enter did nothing,
        and it crossed the next card's badge). A table that can make the hinted move
        itself on Enter (``focus_hint``) is told the move."""
        table = self.table
        if card is None:
            return
        if hasattr(table, "focus_hint"):
            if table.focus_hint(card, str(action)):
                self.app.dirty = True
            return
        slots = getattr(table, "slots", None)
        if not slots or not hasattr(table, "focus"):
            return
        index = next((i for i, slot in enumerate(slots) if slot[0] == card), None)
        if index is not None:
            table.focus = index
            self.app.dirty = True

    def draw_hint(self, surface) -> None:
        """A hinted hand card is shown by the table's own focus ring (``focus_hinted``);
        nothing more is drawn over the hand."""
