"""The hint at a table: the best bot's move for the viewer's own view, worked out on a
thread, named in words and ringed in the hand. It belongs to the seat layer, so it
goes with the seat (a new position, an undo, a hot-seat cover)."""

from __future__ import annotations

import threading

import pygame

from game.services.i18n import msg
from game.ui import theme


class TableHint:
    """Mixed into ``TableScene``: uses its session, seat layer, table and toasts."""

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
        asking, stamp = layer.asking, len(s.state.actions)
        view, legal = s.view(seat), s.legal()
        names = s.names()
        game_id = s.game_id
        self.toast(msg("Working out a hint…"), theme.TEXT)

        def work():
            from game.ui import hints

            try:
                action = hints.choose(game_id, view, legal, s.bot_seed(seat))
                text, card = hints.describe(game_id, action, view, names)
            except Exception:  # a hint must never take the table down
                text, card = msg("No hint this time."), None
            self._hint_answer.append((asking, stamp, text, card))
            self.app.wake()

        threading.Thread(target=work, name="hint", daemon=True).start()

    def take_hint(self) -> None:
        """A hint worked out on its thread: shown only to the seat that asked, only for the
        position it was asked for."""
        while self._hint_answer:
            asking, stamp, text, card = self._hint_answer.pop(0)
            layer = self.seat_layer
            if asking != layer.asking or stamp != len(self.session.state.actions):
                continue
            layer.hint = {"text": text, "card": card}
            layer.toasts.items.clear()
            self.toast(text, theme.GOLD)

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
