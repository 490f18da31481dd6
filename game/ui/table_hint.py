"""The hint at a table: the best bot's move for the viewer's own view, worked out in
the table's worker process (``Session.ask_hint``) — never on the window's interpreter,
so asking costs no frames — named in words and ringed in the hand. It belongs to the
seat layer, so it goes with the seat (a new position, an undo, a hot-seat cover)."""

from __future__ import annotations

import pygame

from game.services.i18n import msg
from game.ui import theme


class TableHint:
    """Mixed into ``TableScene``: uses its session, seat layer, table and toasts.
    ``_hint_answer`` holds the hints asked and not yet answered, as (asking, stamp,
    view, names): the table looks for their answers every frame while it is not empty."""

    def ask_hint(self) -> None:
        seat = self.ctx.viewer
        s = self.session
        if self.own_hint or not self.live or seat is None or s.current() != seat:
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
        self._hint_answer.append((layer.asking, s.ask_hint(seat), view, names))

    def take_hint(self) -> None:
        """A hint's answer from the worker: shown only to the seat that asked, only for
        the position it was asked for."""
        from game.ui import hints

        s = self.session
        answer = s.hint_result()
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
                    try:
                        text, card = hints.describe(s.game_id, action, view, names)
                    except Exception:  # a hint must never take the table down
                        pass
                self.seat_layer.hint = {"text": text, "card": card}
                self.seat_layer.toasts.items.clear()
                self.toast(text, theme.GOLD)
        # hints for a position gone, or a seat no longer at the screen, are not waited for
        self._hint_answer[:] = [
            p for p in self._hint_answer if p[1][2] == now and p[0] == self.seat_layer.asking
        ]

    def draw_hint(self, surface) -> None:
        hint = self.seat_layer.hint
        slot_of = getattr(self.table, "slot_of", None)
        if not hint or not hint["card"] or slot_of is None:
            return
        centre = slot_of(hint["card"])
        if centre is None:
            return
        from game.ui import cards

        w, h = cards.card_size(self.table.hand_h)
        ring = pygame.Rect(0, 0, w + self.m.px(12), h + self.m.px(12))
        ring.center = (round(centre[0]), round(centre[1]))
        pygame.draw.rect(
            surface, theme.GOLD, ring, width=max(3, self.m.px(5)), border_radius=self.m.px(12)
        )
