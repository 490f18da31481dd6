"""Where things sit on the Crazier Eights table: zones, hand fan, prompt buttons."""

from __future__ import annotations

import pygame

import game.ui.tables.crazier_eights.art as art
from game.services.i18n import _, ngettext
from game.ui import cards, theme
from game.ui.widgets import Button

COLOURS = ("blue", "green", "red", "purple")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
DECLINE = ("choose:none", "choose:no", "choose:done", "choose:keep")


def sort_key(cid: str):
    d = art.card_def(cid)
    return COLOURS.index(d.colours[0]), RANKS.index(d.rank)


class OptionButton(Button):
    """An answer to a prompt: its label whole, on as many lines as it needs."""

    @staticmethod
    def room(width: int) -> int:
        return width - _option_inset(width)

    def draw(self, surface) -> None:
        label, self.label = self.label, ""
        try:
            super().draw(surface)  # the button without its words
        finally:
            self.label = label
        room = OptionButton.room(self.rect.w)
        lines = theme.wrap(label, self.text_px, room, True)
        step = theme.font(self.text_px, True).get_linesize()
        y = self.rect.centery - step * len(lines) // 2
        ink = theme.TEXT if self.enabled else theme.TEXT_DIM
        for line in lines:
            theme.blit_text(
                surface, line, self.text_px, (self.rect.centerx, y), ink, True, "midtop"
            )
            y += step


def _option_inset(width: int) -> int:
    """The room an answer keeps beside its label (as a button of its height does)."""
    return max(12, width // 20)


class LayoutMixin:
    # ---------------------------------------------------------------- layout

    def layout(self) -> None:
        a, m = self.area, self.m
        self.top_y = a.y + m.px(64)
        self.opp_band = pygame.Rect(a.x + m.px(16), self.top_y, a.w - m.px(32), m.px(270))
        self.pile_h = m.px(176)
        cw, ch = cards.card_size(self.pile_h)
        self.centre_y = self.opp_band.bottom + m.px(40) + ch // 2
        gap = m.px(34)
        cx = a.centerx + m.px(40)
        self.draw_rect = pygame.Rect(0, 0, cw, ch)
        self.draw_rect.center = (cx - cw - gap, self.centre_y)
        self.discard_rect = pygame.Rect(0, 0, cw, ch)
        self.discard_rect.center = (cx, self.centre_y)
        self.event_rect = pygame.Rect(0, 0, cw + m.px(20), ch + m.px(20))
        self.event_rect.center = (cx + cw + gap + m.px(10), self.centre_y)
        self.hand_h = m.px(204)
        self.hand_base = a.bottom - m.px(34) - self.hand_h // 2
        hand_top = self.hand_base - self.hand_h // 2
        self.zone_card_h = m.px(132)
        self.zone_rect = pygame.Rect(
            a.x + m.px(300), hand_top - m.px(178), a.w - m.px(600), m.px(166)
        )
        self.plate_rect = pygame.Rect(
            a.x + m.px(20), self.zone_rect.y + m.px(6), m.px(260), m.px(92)
        )
        self.panel_rect = pygame.Rect(
            a.x + m.px(20),
            self.opp_band.bottom + m.px(24),
            m.px(420),
            self.zone_rect.y - self.opp_band.bottom - m.px(36),
        )
        # the prompt panel and your zone as laid out; an answer that needs more room
        # grows the panel over your plate and narrows the zone (fit_panel)
        self.panel_base, self.zone_base = self.panel_rect.copy(), self.zone_rect.copy()
        right = self.event_rect.right + m.px(36)
        self.side_rect = pygame.Rect(
            right,
            self.opp_band.bottom + m.px(24),
            a.right - right - m.px(20),
            self.zone_rect.y - self.opp_band.bottom - m.px(36),
        )
        # wide enough for the label in any language and the "E" key mark in its corner
        label_w = theme.font(m.font_px(26), True).size(self.end_button.label)[0]
        self.end_button.place((0, 0, max(m.px(220), label_w + m.px(64)), m.px(60)), m.font_px(26))
        # above the two lines of "play" / "discard" labels over the hand's right end
        labels = 2 * theme.font(m.font_px(16), True).get_linesize() + m.px(8)
        self.end_button.rect.bottomright = (a.right - m.px(24), self.zone_rect.bottom - labels)
        self.layout_view()

    def view_changed(self) -> None:
        self.layout_view()
        # a card that left the hand (played, discarded) takes its big preview with it:
        # the preview follows whatever is under the pointer now
        if self.hover:
            self.hover = self.card_at(self.hover_pos)
        if self.zoom and not self.shown_anywhere(self.zoom):
            self.zoom = None

    def shown_anywhere(self, cid: str) -> bool:
        in_hand = self.viewer == self.anchor and any(c == cid for c, _, _ in self.slots)
        return in_hand or cid in self.asset_rects or cid in self.extra_rects

    def layout_view(self) -> None:
        self.layout_hand()  # the panel may grow down beside the hand: the hand first
        self.fit_panel()
        self.layout_zones()
        self.layout_options()

    def option_texts(self) -> list[str]:
        """The answers the seat at the screen is asked to choose from, numbered."""
        p = self.pending()
        if not p or p["kind"] == "main" or p["seat"] != self.anchor or not p["options"]:
            return []
        return [
            (f"{i + 1}. " if i < 9 else "") + self.words(label)
            for i, (_, label) in enumerate(p["options"])
        ]

    def fit_panel(self) -> None:
        """The prompt panel as laid out, or taller when its answers need it: down to just
        above the hand, over your plate, with your zone moved right of it (the answers
        are what the screen is about until you choose)."""
        m = self.m
        self.panel_rect = self.panel_base.copy()
        self.zone_rect = self.zone_base.copy()
        texts = self.option_texts()
        if not texts:
            return
        top = self.panel_rect.y + m.px(20) + self.prompt_height()
        avail = self.panel_rect.bottom - top - m.px(12)
        if not self.option_grid(texts, avail)[3]:
            return  # every answer on one line in the panel as it is
        lowest = self.hand_base - self.hand_h // 2 - m.px(16)
        cw = cards.card_size(self.hand_h)[0]
        hand_left = min((x for __, (x, __), __ in self.slots), default=self.area.right) - cw
        if hand_left > self.panel_rect.right + m.px(8):
            # the hand starts right of the panel: the panel may reach the window's foot
            lowest = self.area.bottom - m.px(16)
        most = lowest - top - m.px(12)
        cols, __, heights, __ = self.option_grid(texts, most)
        per_col = -(-len(texts) // cols)
        need = max(
            sum(heights[c * per_col : (c + 1) * per_col]) + m.px(6) * (per_col - 1)
            for c in range(cols)
        )
        self.panel_rect.h += min(need, most) - avail
        if self.panel_rect.bottom > self.zone_rect.y - m.px(8):
            right = self.zone_rect.right
            self.zone_rect.x = max(self.zone_rect.x, self.panel_rect.right + m.px(16))
            self.zone_rect.w = right - self.zone_rect.x

    def opponents(self) -> list[int]:
        return self.seat_order()[1:]

    def layout_zones(self) -> None:
        v, m = self.view, self.m
        self.asset_rects, self.plate_rects, self.opp_slots = {}, {}, {}
        self.narrow_plates = False
        if v is None:
            return
        opps = self.opponents()
        band = self.opp_band
        n = max(1, len(opps))
        slot_w = band.w // n
        # a plate too narrow for "8 cards · 2 assets" and a note beside the name stacks
        # them: cards, assets (and points), then the note, each on its own line
        f = theme.font(m.font_px(16))
        widest = " · ".join(
            (
                ngettext("{n} card", "{n} cards", 88).format(n=88),
                ngettext("{n} asset", "{n} assets", 18).format(n=18),
                _("{n} pts").format(n=188),
            )
        )
        need = f.size(widest)[0] + m.px(36)
        self.narrow_plates = slot_w - m.px(12) < need
        # one more detail line (at the plate's detail size) and the note line
        more = theme.font(m.font_px(21)).get_linesize() + f.get_linesize() + m.px(4)
        plate_h = m.px(74) + (more if self.narrow_plates else 0)
        # the name and detail lines never drop below the floor, so a plate in a short
        # window (a replay's, above its bar) is as tall as they need
        lines = 2 if self.narrow_plates else 1
        need = (
            m.px(14)
            + theme.font(m.font_px(26), True).get_height()
            + lines * theme.font(m.font_px(21)).get_linesize()
            + (f.get_linesize() if self.narrow_plates else 0)
            + m.px(8)
        )
        plate_h = max(plate_h, need)
        for i, seat in enumerate(opps):
            slot = pygame.Rect(band.x + i * slot_w, band.y, slot_w - m.px(12), band.h)
            self.opp_slots[seat] = slot
            plate = pygame.Rect(slot.x, slot.y, slot.w, plate_h)
            self.plate_rects[seat] = plate
            area = pygame.Rect(
                slot.x, plate.bottom + m.px(8), slot.w, slot.bottom - plate.bottom - m.px(8)
            )
            if v.ally_hands.get(seat) and self.viewer == self.anchor:
                area.h -= m.px(84)  # the ally's hand shows below their assets
            self._place_assets(v.assets[seat], area, max_h=m.px(118))
        self.plate_rects[self.anchor] = self.plate_rect
        self._place_assets(
            v.assets[self.anchor],
            self.zone_rect.inflate(-m.px(16), -m.px(30)).move(0, m.px(10)),
            max_h=self.zone_card_h,
        )
        self.extra_rects = {}
        if v.discard:
            self.extra_rects[v.top] = self.discard_rect
        shown = list(v.resolving) + list(v.revealed)
        if shown:
            h = m.px(96) if len(shown) > 1 else self.pile_h
            w = cards.card_size(h)[0]
            step = min(w + m.px(6), max(m.px(20), (self.side_rect.w - w) // max(1, len(shown) - 1)))
            x0 = (
                self.event_rect.centerx - (w + step * (len(shown) - 1)) // 2
                if len(shown) == 1
                else self.event_rect.x
            )
            if len(shown) > 1:  # a strip under the phase track, within the centre's right
                room = self.side_rect.right - self.event_rect.x - w
                step = min(w + m.px(6), max(m.px(20), room // (len(shown) - 1)))
            for k, cid in enumerate(shown):
                r = pygame.Rect(0, 0, w, h)
                r.bottomleft = (x0 + k * step, self.discard_rect.bottom)
                if len(shown) == 1:
                    r.center = self.event_rect.center
                self.extra_rects[cid] = r

    def _place_assets(self, ids: list[str], area: pygame.Rect, max_h: int) -> None:
        if not ids:
            return
        m = self.m
        gap = m.px(8)
        h = max_h
        rows = 1
        while True:
            w = cards.card_size(h)[0]
            per_row = max(1, (area.w + gap) // (w + gap))
            rows = -(-len(ids) // per_row)
            if rows * (h + gap) <= area.h + gap or h <= m.px(56):
                break
            h = round(h * 0.88)
        w = cards.card_size(h)[0]
        for k, cid in enumerate(ids):
            row, col = divmod(k, per_row)
            in_row = min(per_row, len(ids) - row * per_row)
            x0 = area.centerx - (in_row * (w + gap) - gap) // 2
            self.asset_rects[cid] = pygame.Rect(
                x0 + col * (w + gap), area.y + row * (h + gap), w, h
            )

    def hand_cards(self) -> list[str]:
        if self.view is None:
            return []
        if self.viewer == self.anchor:
            return sorted(self.view.hand, key=sort_key)
        return [f"?{i}" for i in range(self.view.hand_counts[self.anchor])]

    def layout_hand(self) -> None:
        hand = self.hand_cards()
        n = len(hand)
        max_w = self.area.w - 2 * self.m.px(150)
        # every card keeps its left 80 % in view (its words are drawn there): a long
        # hand gets smaller cards instead of covering them more
        self.hand_h = self.m.px(204)
        cw = cards.card_size(self.hand_h)[0]
        if n > 1 and cw + (n - 1) * cw * 0.8 > max_w:
            self.hand_h = max(self.m.px(120), int(self.hand_h * max_w / (cw + (n - 1) * cw * 0.8)))
            cw = cards.card_size(self.hand_h)[0]
        step = min(cw * 0.86, (max_w - cw) / max(1, n - 1))
        mid = (n - 1) / 2
        tilt = min(2.0, 16 / max(1, n))
        drop = self.m.px(12) / max(1.0, mid * mid)
        self.slots = []
        for i, cid in enumerate(hand):
            d = i - mid
            self.slots.append(
                (cid, (self.area.centerx + d * step, self.hand_base + d * d * drop), -d * tilt)
            )

    def layout_options(self) -> None:
        p = self.pending()
        self.option_buttons = []
        if not p or p["kind"] == "main" or p["seat"] != self.anchor or not p["options"]:
            return
        m = self.m
        opts = p["options"]
        n = len(opts)
        top = self.panel_rect.y + m.px(20) + self.prompt_height()
        avail = self.panel_rect.bottom - top - m.px(12)
        texts = self.option_texts()
        cols, px, heights, __ = self.option_grid(texts, avail)
        per_col = -(-n // cols)
        gap = m.px(6)
        w = (self.panel_rect.w - m.px(32) - (cols - 1) * m.px(8)) // cols
        y_of = [top] * cols
        for i, ((action, __), text) in enumerate(zip(opts, texts)):
            col = i // per_col
            b = OptionButton(text, lambda a=action: self.submit(a))
            b.decline = action in DECLINE
            x = self.panel_rect.x + m.px(16) + col * (w + m.px(8))
            b.place((x, y_of[col], w, heights[i]), px)
            y_of[col] += heights[i] + gap
            self.option_buttons.append(b)

    def option_grid(self, texts: list[str], avail: int) -> tuple[int, int, list[int], bool]:
        """(columns, text px, each button's height, wrapped) for the answers: every label whole at
        the size floor or above. One column before two (a name with its owner, "4. König
        Artus (Chloé)", rarely fits half the panel), the largest size that fits; when no
        single-line layout fits, one column whose buttons wrap their labels."""
        m = self.m
        n = len(texts)
        gap = m.px(6)
        floor = m.floor_px()
        for cols in (1, 2):
            per_col = -(-n // cols)
            h = min(m.px(46), avail // per_col - gap)
            w = (self.panel_rect.w - m.px(32) - (cols - 1) * m.px(8)) // cols
            if h < theme.font(floor, True).get_linesize() + m.px(8):
                continue
            room = OptionButton.room(w)
            for px in range(m.font_px(20), floor - 1, -1):
                if max(theme.font(px, True).size(theme.spoken(t))[0] for t in texts) <= room:
                    return cols, px, [h] * n, False
        w = self.panel_rect.w - m.px(32)
        step = theme.font(floor, True).get_linesize()
        heights = [
            len(theme.wrap(t, floor, OptionButton.room(w), True)) * step + m.px(12) for t in texts
        ]
        return 1, floor, heights, True

    def prompt_height(self) -> int:
        p = self.pending()
        if not p:
            return 0
        lines = theme.wrap(
            self.words(p["prompt"]), self.m.font_px(22), self.panel_rect.w - self.m.px(32), True
        )
        return len(lines[:4]) * int(self.m.font_px(22) * 1.3) + self.m.px(8)
