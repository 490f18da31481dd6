"""Presses on the cards of a fanned hand, shared by the card tables.

A press on a hand card becomes a click, or a drag once the mouse has moved past a
small threshold; a card that is dropped where it may not go springs back to its
place; Esc during a press cancels it; the arrow keys move a keyboard focus.

Mixed into a table (before BaseTable) that keeps ``self.slots`` (one
``(name, centre, angle)`` per hand card), ``self.hand_h``, ``self.press`` (None or
the press dict), ``self.hover`` and ``self.focus``. The press dict names what was
pressed under the key ``press_item`` ("card": the card's name, "index": its slot).

Why a mixin: it is one behaviour that three tables share by job (Crazy Eights,
Crazier Eights and the trick table), not one class cut into files. Its state is the
table's own per-seat state (``seat_state``, cleared by ``reset_seat_state``; the
signature, the painting module and the tests read ``press``, ``hover`` and ``focus``
on the table), and it answers through the table's ``fly``, ``legal``,
``card_actions``, ``try_play`` and ``spring_back``: a composed object would need all of
those handed to it and would hold nothing of its own.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.ui import cards


class HandInput:
    seat_state: ClassVar[dict] = {"hover": None, "focus": None, "press": None}
    press_item = "card"  # the key of the press dict naming the pressed card or slot

    def slot_hit(self, pos) -> int | None:
        """The index of the topmost hand slot under ``pos`` (cards overlap to the right)."""
        w, h = cards.card_size(self.hand_h)
        for i in range(len(self.slots) - 1, -1, -1):
            x, y = self.slots[i][1]
            if pygame.Rect(x - w / 2, y - h / 2 - h * 0.08, w, h * 1.08).collidepoint(pos):
                return i
        return None

    def hand_hit(self, pos) -> str | None:
        """The name of the topmost hand card under ``pos``."""
        i = self.slot_hit(pos)
        return None if i is None else self.slots[i][0]

    def slot_of(self, name: str):
        """The centre of the hand card ``name`` (None if it is not in the hand)."""
        for card, centre, _ in self.slots:
            if card == name:
                return centre
        return None

    def set_hover(self, hover) -> bool:
        """Remember what the mouse is over; True if that changed (a redraw is due)."""
        changed = hover != self.hover
        self.hover = hover
        return changed

    def start_press(self, pos, item, centre) -> bool:
        """A mouse press on a hand card whose centre is ``centre``."""
        self.press = {
            self.press_item: item,
            "start": pos,
            "pos": pos,
            "drag": False,
            "grab": (pos[0] - centre[0], pos[1] - centre[1]),
        }
        return True

    def move_press(self, pos) -> bool:
        """Follow the mouse during a press (a drag once it moved far enough); False if
        there is no press."""
        p = self.press
        if p is None:
            return False
        p["pos"] = pos
        moved = abs(pos[0] - p["start"][0]) + abs(pos[1] - p["start"][1])
        if not p["drag"] and moved > self.m.px(10):
            p["drag"] = True
        return True

    def dragged(self):
        """What is being dragged (the press's item), or None."""
        p = self.press
        return p[self.press_item] if p is not None and p["drag"] else None

    def drag_centre(self) -> tuple[int, int]:
        """The centre of the card under a press: it keeps where it was grabbed."""
        p = self.press
        return (p["pos"][0] - p["grab"][0], p["pos"][1] - p["grab"][1])

    def end_press(self, pos):
        """Release the press: (what was pressed, whether it was dragged, the centre where
        the dragged card was let go)."""
        p, self.press = self.press, None
        return p[self.press_item], p["drag"], (pos[0] - p["grab"][0], pos[1] - p["grab"][1])

    def release_press(self, pos, click, drops) -> bool:
        """Release the press at ``pos``. Without a drag, ``click(item)``. A drag let go on
        one of the rects of a ``(rects, drop)`` pair of ``drops`` (the first such pair)
        calls ``drop(item, at)``: the card springs back unless that returns True. Let go
        anywhere else, it springs back."""
        item, dragged, at = self.end_press(pos)
        if not dragged:
            click(item)
            return True
        for rects, drop in drops:
            if any(r.collidepoint(pos) for r in rects):
                if not drop(item, at):
                    self.spring_back(item, at)
                return True
        self.spring_back(item, at)
        return True

    def cancel_press(self) -> bool:
        """Esc: drop the press (a dragged card springs back); False if there was none."""
        if self.press is None:
            return False
        at, item = self.drag_centre(), self.dragged()
        self.press = None
        if item is not None:
            self.spring_back(item, at)
        return True

    def fly_home(self, image, at, home, tag) -> None:
        """The quick flight of a refused card from where it was let go back to its slot."""
        self.fly(
            image,
            at,
            home,
            tag=tag,
            hold=False,
            after=self.anim.now,
            duration=0 if self.move_ms == 0 else 150,
        )

    def step_focus(self, key: int) -> None:
        """Left/right arrow over a non-empty hand: the first press focuses the first
        playable card (or the first card), later ones move and wrap around."""
        if self.focus is None:
            legal = self.legal()
            playable = [i for i, s in enumerate(self.slots) if self.card_actions(s[0], legal)]
            self.focus = playable[0] if playable else 0
        else:
            self.focus = (self.focus + (1 if key == pygame.K_RIGHT else -1)) % len(self.slots)

    def focus_key(self, key: int) -> bool:
        """The hand's keys while the player may act: the arrows move the focus
        (``step_focus``), Enter plays the focused card as a click would (``try_play`` of
        what a press names); False for any other key."""
        n = len(self.slots)
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and n:
            self.step_focus(key)
            return True
        if (
            key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            and self.focus is not None
            and self.focus < n
        ):
            self.try_play(self.focus if self.press_item == "index" else self.slots[self.focus][0])
            return True
        return False
