"""Input of the trick table: clicks, drags and keys on your hand, the choice panel and
the buttons. Mixed into TrickTable; every decision is the engine's (legal actions,
refusal reasons)."""

from __future__ import annotations

import pygame

from game.ui import cards


class TrickInput:
    def hand_hit(self, pos) -> int | None:
        w, h = cards.card_size(self.hand_h)
        for i in range(len(self.slots) - 1, -1, -1):
            x, y = self.slots[i][1]
            if pygame.Rect(x - w / 2, y - h / 2 - h * 0.08, w, h * 1.08).collidepoint(pos):
                return i
        return None

    def handle(self, ev) -> bool:
        if self.show_last and ev.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            if not (ev.type == pygame.MOUSEBUTTONUP and self.last_button.rect.collidepoint(ev.pos)):
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
            if self.press is not None:
                p = self.press
                p["pos"] = ev.pos
                if not p["drag"] and abs(ev.pos[0] - p["start"][0]) + abs(
                    ev.pos[1] - p["start"][1]
                ) > self.m.px(10):
                    p["drag"] = True
                return True
            hover = self.hand_hit(ev.pos)
            changed, self.hover = hover != self.hover, hover
            return changed
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            i = self.hand_hit(ev.pos)
            if i is not None and self.ctx.can_act and self.panel is None:
                c = self.slots[i][1]
                self.press = {
                    "index": i,
                    "start": ev.pos,
                    "pos": ev.pos,
                    "drag": False,
                    "grab": (ev.pos[0] - c[0], ev.pos[1] - c[1]),
                }
                return True
            return False
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and self.press is not None:
            p, self.press = self.press, None
            at = (ev.pos[0] - p["grab"][0], ev.pos[1] - p["grab"][1])
            if not p["drag"]:
                self.try_play(p["index"])
            elif self.trick_rect.collidepoint(ev.pos):
                if not self.try_play(p["index"], at):
                    self.spring_back(p["index"], at)
            else:
                self.spring_back(p["index"], at)
            return True
        if ev.type == pygame.KEYDOWN:
            return self.key(ev.key)
        return False

    def spring_back(self, index: int, at) -> None:
        card, home, _ = self.slots[index]
        self.fly(
            self.face(card, self.hand_h),
            at,
            home,
            tag=("hand", index),
            hold=False,
            after=self.anim.now,
            duration=0 if self.move_ms == 0 else 150,
        )

    def key(self, key: int) -> bool:
        if key == pygame.K_ESCAPE and self.press is not None:
            p, self.press = self.press, None
            if p["drag"]:
                self.spring_back(
                    p["index"], (p["pos"][0] - p["grab"][0], p["pos"][1] - p["grab"][1])
                )
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
            if self.focus is None:
                legal = self.legal()
                playable = [i for i, s in enumerate(self.slots) if self.card_actions(s[0], legal)]
                self.focus = playable[0] if playable else 0
            else:
                self.focus = (self.focus + (1 if key == pygame.K_RIGHT else -1)) % n
            return True
        if (
            key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            and self.focus is not None
            and self.focus < n
        ):
            self.try_play(self.focus)
            return True
        return False
