"""Input of the trick table: clicks, drags and keys on your hand, the choice panel and
the buttons. Mixed into TrickTable; every decision is the engine's (legal actions,
refusal reasons)."""

from __future__ import annotations

import pygame

from game.ui.tables.hand_input import HandInput


class TrickInput(HandInput):
    press_item = "index"  # a press names the hand slot

    def hand_hit(self, pos) -> int | None:
        return self.slot_hit(pos)

    def handle(self, ev) -> bool:
        # a click or a key closes the last trick shown, except a click on its own button
        if (
            self.show_last
            and ev.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN)
            and not (ev.type == pygame.MOUSEBUTTONUP and self.last_button.rect.collidepoint(ev.pos))
        ):
            self.show_last = False
            return True
        if self.sort_button.handle(ev) or self.last_button.handle(ev):
            return True
        if self.viewer != self.anchor:
            return False
        self.ensure_panel()
        if self.panel is not None and self.panel.handle(ev, self):
            return True
        if ev.type == pygame.MOUSEMOTION:
            return self.move_press(ev.pos) or self.set_hover(self.hand_hit(ev.pos))
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            i = self.hand_hit(ev.pos)
            if i is not None and self.ctx.can_act and self.panel is None:
                return self.start_press(ev.pos, i, self.slots[i][1])
            return False
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and self.press is not None:
            return self.release_press(ev.pos, self.try_play, [((self.trick_rect,), self.try_play)])
        if ev.type == pygame.KEYDOWN:
            return self.key(ev.key)
        return False

    def spring_back(self, index: int, at) -> None:
        card, home, _ = self.slots[index]
        self.fly_home(self.face(card, self.hand_h), at, home, ("hand", index))

    def key(self, key: int) -> bool:
        if key == pygame.K_ESCAPE and self.cancel_press():
            return True
        if key == pygame.K_s:
            self.toggle_sort()
            return True
        if key == pygame.K_l:
            self.toggle_last()
            return True
        if not self.ctx.can_act or self.viewer != self.anchor:
            return False
        n = len(self.slots)
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and n:
            self.step_focus(key)
            return True
        if (
            key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            and self.focus is not None
            and self.focus < n
        ):
            self.try_play(self.focus)
            return True
        return False
