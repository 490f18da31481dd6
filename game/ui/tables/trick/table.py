"""The trick table shared by Rage and Crazy Lab (and any later trick game).

Opponents sit on the upper half of an ellipse, each with a fan of backs and a name
plate; the trick is in the middle with a fixed slot per seat (yours at the bottom);
the trump is shown at the left, your own secrets and the buttons at the right; your
hand is fanned at the bottom, sorted by colour or by value. The leader's slot is
marked, the winner's card glows before the trick flies to its winner.

A game module subclasses ``TrickTable`` and supplies the faces, the sort order,
the words on the plates, the trump widget, the choice panels (prediction, plus
colour …) and the score sheet. Every decision comes from the engine: the legal
actions and the refusal reasons.

The package by job: this module is the TrickTable (what it holds, the hooks a game
fills, its layout's rectangles, its input and the choice panel it opens);
``animation.py`` is what it does when the engine reports an event (the flights, the
held trick, banners), functions of the table, which takes ``on_event`` from it at module
level; ``draw.py`` paints it, reading the table it is handed and importing nothing of
this module, which takes its ``draw_table``/``draw_overlay`` at module level;
``geometry.py`` measures what painting and layout both need (the plates, the trump
panel's spots); ``panels.py`` holds the choice panels and the score sheet; ``art.py``
the faces. Presses on the hand are ``HandInput``'s, the behaviour every card table
shares.
"""

from __future__ import annotations

import math
from typing import ClassVar

import pygame

import game.ui.tables.trick.animation as animation
import game.ui.tables.trick.draw as painting
import game.ui.tables.trick.geometry as geometry
from game.services.i18n import SORT_LABELS, _, language, msg
from game.ui import cards, theme
from game.ui.tables.base import BaseTable
from game.ui.tables.fan import fan_slots
from game.ui.tables.hand_input import HandInput
from game.ui.tables.trick.panels import ChoicePanel
from game.ui.widgets import Button, button_width

# What moves on from a held trick before its time is up
_SKIP_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)


class TrickTable(HandInput, BaseTable):
    # the choice panel (prediction, plus colour, trump cards) is rebuilt for the next seat
    seat_state: ClassVar[dict] = {**HandInput.seat_state, "panel": None, "panel_key": None}
    press_item = "index"  # a press names the hand slot (a hand may hold two equal cards)
    game_id = ""
    sort_modes = ("colour", "value")

    def __init__(self, ctx):
        super().__init__(ctx)
        self.slots: list[tuple[str, tuple[float, float], float]] = []
        self.hover: int | None = None
        self.focus: int | None = None
        self.press: dict | None = None
        self.sort_by = "colour"
        self.show_last = False
        self.shown: list[tuple[int, str]] = []  # the trick as drawn (follows the animations)
        self.out: dict[int, int] = {}  # cards that left a hand during this batch
        self.gone: set[int] = set()  # your hand slots whose card landed in the trick this batch
        self.origin: tuple | None = None  # (card, slot index, centre) of the card you just played
        self.panel: ChoicePanel | None = None
        self.panel_key = None
        self.disp: dict = {}  # game state shown while a batch animates (trump …)
        self.sort_button = Button(SORT_LABELS["colour"], self.toggle_sort)
        self.last_button = Button(msg("Last trick"), self.toggle_last)

    # ------------------------------------------------------------ game hooks

    def card_face(self, name: str, height: int) -> pygame.Surface:
        raise NotImplementedError

    def sort_key(self, name: str, by: str):
        return name

    def plate_detail(self, seat: int) -> str:
        return ""

    def plate_note(self, seat: int) -> str:
        return ""

    def choice(self) -> ChoicePanel | None:
        """The panel for a decision that is not a card play (prediction, plus colour …)."""
        return None

    def play_card(self, card: str, acts: list[str]) -> bool:
        """Play ``card`` given its legal actions (override to ask for a Joker's colour)."""
        return self.submit(acts[0])

    def sync_display(self) -> None:
        """Copy what the trump widget shows from ``self.view`` into ``self.disp``."""

    def game_event(self, ev) -> None:
        """Game-specific events (trump changes …)."""

    def lead_label(self):
        """(words, colour name or None) shown under the trick, or None."""
        return None

    def round_title(self) -> str:
        return _("Round {round}").format(round=self.view.round)

    def round_subtitle(self) -> str:
        return ""

    def is_dealer(self, seat: int) -> bool:
        return False

    def plate_width(self) -> int:
        """Opponent plate width in reference pixels (narrower at a crowded table)."""
        n = self.view.players if self.view is not None else 4
        return 320 if n <= 5 else 290 if n == 6 else 250

    def waiting_text(self, seat: int) -> str:
        return _("is thinking…")

    def last_trick_note(self, last: dict) -> str:
        return ""

    def status_text(self) -> str:
        return ""

    # ------------------------------------------------------------ face helpers

    def face(self, name: str, height: int, hand: bool = False) -> pygame.Surface:
        self.faces_drawn.append(name)
        if hand:
            self.hand_faces_drawn.append(name)
        return self.card_face(name, height)

    # ------------------------------------------------------------ layout

    def layout(self) -> None:
        a, m = self.area, self.m
        n = self.view.players if self.view is not None else len(self.session.seats)
        self.hand_h = m.px(206)
        self.trick_h = m.px(150 if n <= 6 else 128)
        self.opp_h = m.px(70)
        self.centre = (a.centerx, a.y + round(a.h * 0.43))
        self.slot_ry = a.h * 0.15
        w, h = cards.card_size(self.trick_h)
        self.slot_rx = self.wanted_slot_rx()
        self.trick_rect = pygame.Rect(
            0,
            0,
            round(2 * self.slot_rx + w * 0.8 + m.px(30)),
            round(2 * self.slot_ry + h + m.px(30)),
        )
        self.trick_rect.center = self.centre
        self.hand_base = a.bottom - m.px(40) - self.hand_h // 2
        self.status_y = self.hand_base - self.hand_h // 2 - m.px(40)
        # a one-line toast ends just above the lead-colour label under the trick
        toast_h = int(m.font_px(24) * 1.3) + m.px(28)
        self.toast_y = self.trick_rect.bottom - m.px(8) - toast_h
        side = max(m.px(300), 250)  # side panels keep room for 16 px text at small sizes
        self.plate_rect = pygame.Rect(
            a.x + m.px(20), a.bottom - m.px(112), max(m.px(330), 270), m.px(92)
        )
        # The trump widget, your facts and the buttons end above the hand (whose top
        # corners they touched on small windows) and stay clear of the side trick slots.
        self.hand_top = self.hand_base - self.hand_h // 2 - round(self.hand_h * 0.08) - m.px(10)
        ph = m.px(300)
        top = min(a.y + round(a.h * 0.52), self.hand_top - m.px(12) - ph)
        if self.view is not None:
            plates = geometry.plate_rects(self).values()
            sides = [r.bottom for r in plates if r.centery > a.y + a.h * 0.3]
            top = max([top] + [b + m.px(8) for b in sides])
        ph = min(ph, self.hand_top - m.px(12) - top)
        bh = m.px(50)
        room = self.hand_top - m.px(12) - top
        stacked = room - 2 * bh - m.px(28) >= m.px(150)
        info_h = min(m.px(150), room - (2 * bh + m.px(28) if stacked else bh + m.px(16)))
        w = cards.card_size(self.trick_h)[0]
        slot_left = self.centre[0] - self.slot_rx - w / 2
        slot_right = self.centre[0] + self.slot_rx + w / 2
        left = a.x + m.px(24)
        tw = round(max(min(side, slot_left - m.px(14) - left), m.px(260)))
        self.trump_rect = pygame.Rect(left, top, tw, ph)
        self.trump_h = m.px(150)  # the card turned in the trump panel
        ix = round(max(a.right - m.px(24) - side, slot_right + m.px(14)))
        iw = max(a.right - m.px(24) - ix, m.px(260))
        self.info_rect = pygame.Rect(a.right - m.px(24) - iw, top, iw, info_h)
        bx, by = self.info_rect.x, self.info_rect.bottom + m.px(16)
        if stacked:
            self.sort_button.place((bx, by, iw, bh), m.font_px(22))
            self.last_button.place((bx, by + bh + m.px(12), iw, bh), m.font_px(22))
        else:  # side by side, so your facts keep their height
            gap = m.px(10)
            # each label whole at the size floor ("Senaste stick"): the row may reach
            # left of the panel into the free felt under the trick, and splits by need
            need_sort = button_width(SORT_LABELS.values(), theme.FLOOR_PX, bh, margin=2)
            need_last = button_width([self.last_button.label], theme.FLOOR_PX, bh, margin=2)
            row_w = min(max(iw, need_sort + need_last + gap), iw + m.px(80))
            last_w = (row_w - gap) // 2
            if need_sort + need_last + gap <= row_w:
                last_w = max(need_last, min(last_w, row_w - gap - need_sort))
            right = self.info_rect.right
            self.sort_button.place((right - row_w, by, row_w - gap - last_w, bh), m.font_px(19))
            self.last_button.place((right - last_w, by, last_w, bh), m.font_px(19))
        self.layout_hand()
        if self.panel is not None:
            self.panel.layout(self)

    def wanted_slot_rx(self) -> float:
        """How far the side trick slots sit from the centre: at most 24 % of the width, and
        clear of the side seats' name plates (on a narrow window they would cover a plate)."""
        a, m = self.area, self.m
        rx = min(a.w * 0.24, m.px(350))
        if self.view is None:
            return rx
        half_card = cards.card_size(self.trick_h)[0] * 0.5
        f = theme.font(m.font_px(21))
        for seat, (x, _y), ang in self.opponents():
            if abs(math.cos(math.radians(ang))) < 0.5:
                continue  # a seat over the top: not beside a slot
            pw = max(m.px(self.plate_width()), f.size(self.plate_detail(seat))[0] + m.px(40))
            left = max(a.x + m.px(8), min(x - pw // 2, a.right - m.px(8) - pw))
            inner = left + pw if x < a.centerx else left  # the plate's edge facing the centre
            rx = min(rx, abs(inner - a.centerx) - half_card - m.px(10))
        return max(rx, half_card * 2.2)

    def position_rect(self) -> pygame.Rect:
        return self.trick_rect  # the round's last trick

    def view_changed(self) -> None:
        self.shown = list(self.view.trick) if self.view is not None else []
        self.out = {}
        self.gone = set()
        self.origin = None
        self.sync_display()
        if self.area.w and abs(self.wanted_slot_rx() - self.slot_rx) >= 1:
            self.layout()  # the plates' text changed width: keep the slots clear of them
        self.layout_hand()
        self.panel = None
        self.panel_key = None

    def opponents(self) -> list[tuple[int, tuple[int, int], float]]:
        """(seat, plate centre, angle in degrees) for every opponent, over the upper half."""
        order = self.seat_order()[1:]
        k = len(order)
        a = self.area
        cx, cy = a.centerx, a.y + a.h * 0.45
        rx, ry = a.w * 0.39, a.h * 0.33
        if k == 1:
            angles = [270.0]
        else:
            lo, hi = {2: (215, 325), 3: (190, 350), 4: (185, 355)}.get(k, (180, 360))
            angles = [lo + (hi - lo) * i / (k - 1) for i in range(k)]
        out = []
        for seat, ang in zip(order, angles):
            r = math.radians(ang)
            out.append((seat, (round(cx + rx * math.cos(r)), round(cy + ry * math.sin(r))), ang))
        return out

    def slot_centre(self, seat: int) -> tuple[int, int]:
        """Slots spread evenly round the trick, yours at the bottom, the others clockwise."""
        cx, cy = self.centre
        n = self.view.players if self.view is not None else len(self.session.seats)
        k = (seat - self.anchor) % n
        r = math.radians(90.0 + 360.0 * k / n)
        return round(cx + self.slot_rx * math.cos(r)), round(cy + self.slot_ry * math.sin(r))

    def seat_point(self, seat: int) -> tuple[int, int]:
        if seat == self.anchor:
            return (self.area.centerx, self.hand_base)
        return next((p for s, p, _ in self.opponents() if s == seat), self.centre)

    def hand_cards(self) -> list[str]:
        if self.view is None:
            return []
        if self.viewer == self.anchor:
            return sorted(self.view.hand, key=lambda c: self.sort_key(c, self.sort_by))
        return [f"?{i}" for i in range(self.view.hand_counts[self.anchor])]

    def layout_hand(self) -> None:
        hand = self.hand_cards()
        n = len(hand)
        cw = cards.card_size(self.hand_h)[0]
        a, m = self.area, self.m
        # The fan stays right of your name plate; on a narrow window it moves right
        # (under the buttons, which end above it) rather than covering the plate.
        lo = self.plate_rect.right + m.px(16)
        hi = a.right - m.px(24)
        want = min(cw + (n - 1) * cw * 0.72, a.w - 2 * m.px(340), hi - lo)
        step = min(cw * 0.72, (want - cw) / max(1, n - 1))
        width = cw + step * max(0, n - 1) + cw * 0.1  # the tilt widens the fan a little
        cx = min(max(a.centerx, lo + width / 2), hi - width / 2)
        tilt = min(2.4, 20 / max(1, n))
        self.slots = fan_slots(hand, cx, self.hand_base, step, tilt, self.m.px(14))
        if self.focus is not None and self.focus >= n:
            self.focus = None

    # ------------------------------------------------------------ decisions (from the engine)

    def legal(self) -> list:
        return self.session.legal() if self.ctx.can_act else []

    def card_actions(self, card: str, legal: list | None = None) -> list[str]:
        legal = self.legal() if legal is None else legal
        return [
            a for a in legal if isinstance(a, str) and a.partition(":")[0] == card.partition(":")[0]
        ]

    def submit(self, action) -> bool:
        return self.ctx.submit(action)

    def try_play(self, index: int, at=None) -> bool:
        card = self.slots[index][0]
        acts = self.card_actions(card)
        if not acts:
            self.ctx.toast(self.session.refusal(card) or msg("You cannot play that now."))
            return False
        self.origin = (card, index, at or self.slots[index][1])
        ok = self.play_card(card, acts)
        if not ok:
            self.origin = None
        return ok

    def toggle_sort(self) -> None:
        i = self.sort_modes.index(self.sort_by)
        self.sort_by = self.sort_modes[(i + 1) % len(self.sort_modes)]
        self.sort_button.label = SORT_LABELS[self.sort_by]
        self.layout_hand()

    def toggle_last(self) -> None:
        if self.view is not None and self.view.last_trick:
            self.show_last = not self.show_last
        else:
            self.ctx.toast(msg("No trick has been played yet this round."))

    # ------------------------------------------------------------ events -> animation.py

    on_event = animation.on_event  # flights of the events, then the game's game_event

    # ------------------------------------------------------------ input

    def hand_hit(self, pos) -> int | None:
        return self.slot_hit(pos)

    def handle(self, ev) -> bool:
        skip = (ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1) or (
            ev.type == pygame.KEYDOWN and ev.key in _SKIP_KEYS
        )
        if skip and animation.skip_trick_hold(self):
            return True
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
        return self.focus_key(key)

    def update(self, dt_ms: float) -> bool:
        moving = super().update(dt_ms)
        self.ensure_panel()
        return moving

    def ensure_panel(self) -> None:
        """Open (or drop) the choice panel for the decision now asked of you."""
        want = self.choice() if self.ctx.can_act and self.viewer == self.anchor else None
        # a language chosen from the pause menu rewrites an open panel's words
        key = None if want is None else (want.key, language())
        if key != self.panel_key:
            self.panel, self.panel_key = want, key
            if want is not None:
                want.layout(self)

    def signature(self):
        """Everything draw_table depends on (the framework caches the static layer by it)."""
        if self.press is not None and self.press["drag"]:
            return None  # the dragged card follows the mouse
        now = self.anim.now
        timed = tuple(
            (f.tag, f.start <= now)
            for f in self.anim.flights
            if isinstance(f.tag, tuple) and f.tag[0] in ("winner", "banner")
        )
        panel = None if self.panel is None else (self.panel_key, self.panel.focus, self.panel.hover)
        return (
            self.view_serial,
            tuple(self.anim.tags()),
            timed,
            tuple(self.shown),
            tuple(sorted((k, str(v)) for k, v in self.disp.items())),
            tuple(sorted(self.out.items())),
            tuple(sorted(self.gone)),
            self.hover,
            self.focus,
            panel,
            self.show_last,
            self.sort_by,
            self.sort_button.hover,
            self.last_button.hover,
            self.ctx.can_act,
            self.ctx.viewer,
            self.ctx.anchor,
            len(self.session.log),
            len(getattr(self.session.state, "actions", ())),
            tuple(self.area),
            self.m.scale,
        )

    # ------------------------------------------------------------ drawing (trick/draw.py)

    draw_table = painting.draw_table
    draw_overlay = painting.draw_overlay

    def draw_trump(self, surface) -> None:
        """The trump widget in ``self.trump_rect`` (game-specific)."""

    def draw_info(self, surface) -> None:
        """Your own round facts in ``self.info_rect`` (prediction, colours …)."""
