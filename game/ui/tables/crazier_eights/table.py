"""The Crazier Eights table.

Your hand is fanned at the bottom with your asset zone above it; every opponent
has a plate and an asset zone across the top, clockwise from left to right. In
the middle: the draw pile, the discard pile (with its colours) and the table
centre where events resolve. Hover any card (or press Z on the focused hand card)
to see it large with its whole text.

Input: drag a hand card onto your zone or the table centre to play it, onto the
discard pile to discard it (an eight asks for a colour), or click it. "End turn"
(or E) ends your main phase. Every pending decision shows as a prompt with a
button per answer; its targets (assets, players, hand cards) glow on the table
and can be clicked. Keys: arrows move the focus, Enter acts on the focused card,
1–9 pick a prompt answer, Z enlarges, Esc cancels a drag.

The package by job: this module is the Table (what it holds, where everything sits,
its input and animations; the layout was once a mixin that only cut this class into
two files); ``draw.py`` paints it, reading the table it is handed and importing
nothing of this module, which takes ``draw_table``/``draw_overlay`` at module level;
``layout.py`` holds the hand's order and the prompt's answer buttons; ``art.py`` the
faces. Presses on the hand are ``HandInput``'s, the behaviour every card table shares.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

import game.ui.tables.crazier_eights.art as art
import game.ui.tables.crazier_eights.draw as painting
import game.ui.tables.crazier_eights.rings as rings
from game.engine.crazier_eights.deck import COLOUR_TITLES
from game.services.i18n import _, msg, ngettext
from game.ui import cards, symbols, theme
from game.ui.tables.base import BaseTable
from game.ui.tables.crazier_eights.layout import COLOURS, DECLINE, OptionButton, sort_key
from game.ui.tables.hand_input import HandInput
from game.ui.widgets import Button, Chooser, Dialog


class Table(HandInput, BaseTable):
    game_id = "crazier_eights"
    sheet_unit = "game"  # a match of games: its score sheet counts games, not rounds
    seat_state: ClassVar[dict] = {**HandInput.seat_state, "zoom": None, "hinted": None}
    lesson_ring = rings.lesson_ring  # the parts a lesson's coach rings

    def __init__(self, ctx):
        super().__init__(ctx)
        self.slots: list[tuple[str, tuple[float, float], float]] = []
        self.press: dict | None = None
        self.hover: str | None = None
        self.hover_pos = (0, 0)
        self.zoom: str | None = None
        self.focus: int | None = None
        # the hint's move for the focused card: (position, viewer, card, action)
        self.hinted: tuple | None = None
        self.asset_rects: dict[str, pygame.Rect] = {}
        self.ally_rects: dict[str, pygame.Rect] = {}  # allies' hand cards, set while drawing
        self.plate_rects: dict[int, pygame.Rect] = {}
        self.extra_rects: dict[str, pygame.Rect] = {}  # top of the pile, revealed cards
        self.option_buttons: list[Button] = []
        self.end_button = Button(msg("End turn"), lambda: self.submit("end"), primary=True)

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

    # ---------------------------------------------------------------- decisions

    def pending(self) -> dict | None:
        return self.view.pending if self.view is not None else None

    def my_decision(self) -> bool:
        p = self.pending()
        return bool(self.ctx.can_act and p and p["kind"] != "main" and p["seat"] == self.anchor)

    def words(self, text: str) -> str:
        return self.session.say(text)

    def targets(self) -> set:
        if not self.my_decision():
            return set()
        legal = set(self.session.legal())
        if self.pending()["kind"] == "order":  # the abilities to order sit on the table
            return set(self.pending()["targets"])
        out = set()
        for a in legal:
            if a.startswith("choose:") and a not in DECLINE:
                out.add(a[7:])
        return out

    # ---------------------------------------------------------------- actions

    def legal(self) -> list:
        return self.session.legal() if self.ctx.can_act else []

    def submit(self, action) -> bool:
        return self.ctx.submit(action)

    def card_actions(self, cid: str, legal: list | None = None) -> tuple[list[str], list[str]]:
        """(play actions, discard actions) for a hand card, from the legal actions."""
        legal = self.legal() if legal is None else legal
        plays = [a for a in legal if a == f"play:{cid}"]
        discards = [
            a
            for a in legal
            if a == f"discard:{cid}"
            or (a.startswith(f"discard:{cid}:") and a[len(f"discard:{cid}:") :] in COLOURS)
        ]
        return plays, discards

    def do_play(self, cid: str) -> bool:
        plays, __ = self.card_actions(cid, self.session.legal())  # a closing dialog may call this
        if plays:
            return self.submit(plays[0])
        self.ctx.toast(self.session.refusal(f"play:{cid}") or msg("You cannot play that now."))
        return False

    def do_discard(self, cid: str) -> bool:
        _, discards = self.card_actions(cid, self.session.legal())
        if not discards:
            self.ctx.toast(
                self.session.refusal(f"discard:{cid}") or msg("You cannot discard that now.")
            )
            return False
        if len(discards) == 1:
            return self.submit(discards[0])
        name = art.card_def(cid).name
        self.ctx.open_dialog(
            Chooser(
                msg("Name a colour"),
                [
                    (COLOUR_TITLES[c], c, lambda size, c=c: symbols.colour_symbol(c, size))
                    for c in COLOURS
                ],
                lambda c: self.submit(f"discard:{cid}:{c}"),
                body=msg("{card} is wild: which colour must the next discard match?", card=name),
            )
        )
        return True

    def click_card(self, cid: str) -> bool:
        if self.my_decision():
            if f"choose:{cid}" in self.session.legal():
                return self.submit(f"choose:{cid}")
            self.ctx.toast(
                _("Answer the prompt first: {prompt}").format(
                    prompt=self.words(self.pending()["prompt"])
                )
            )
            return False
        plays, discards = self.card_actions(cid)
        if plays and discards:
            name = art.card_def(cid).name
            d = Dialog(
                name,
                msg("Play it (asset to your zone, event resolves) or discard it on the pile?"),
                [],
            )
            d.buttons = [
                Button(msg("Play"), lambda: (d.close(), self.do_play(cid)), primary=True),
                Button(msg("Discard"), lambda: (d.close(), self.do_discard(cid))),
                Button(msg("Cancel"), d.close),
            ]
            self.ctx.open_dialog(d)
            return True
        if discards:
            return self.do_discard(cid)
        return self.do_play(cid)

    def click_target(self, value: str) -> bool:
        if not self.my_decision():
            return False
        p = self.pending()
        if p["kind"] == "order" and value in p["targets"]:
            return self.submit(f"choose:{p['targets'].index(value) + 1}")
        if f"choose:{value}" in self.session.legal():
            return self.submit(f"choose:{value}")
        return False

    # ---------------------------------------------------------------- events -> animation

    def seat_point(self, seat: int):
        if seat == self.anchor:
            return (self.area.centerx, self.hand_base)
        r = self.plate_rects.get(seat)
        return r.center if r else self.discard_rect.center

    def on_event(self, ev) -> None:
        kind, seat, data = ev.kind, ev.seat, ev.data
        if kind in ("play", "discard") and data.get("card"):
            cid = data["card"]
            mine = seat == self.anchor and self.viewer == self.anchor
            src = (self.slot_of(cid) if mine else None) or self.seat_point(seat)
            if kind == "discard":
                dst = self.discard_rect.center
            elif data.get("type") == "asset":
                zone = (
                    self.zone_rect
                    if seat == self.anchor
                    else self.opp_slots.get(seat, self.zone_rect)
                )
                dst = zone.center
            else:
                dst = self.event_rect.center
            tag = ("card", cid) if mine else ("out", seat)
            self.fly(art.face(cid, self.pile_h, self.m.floor_px()), src, dst, tag=tag)
        elif kind == "draw":
            back = cards.back(self.m.px(110))
            self.fly(
                back, self.draw_rect.center, self.seat_point(seat), tag=("in", seat), hold=False
            )
        elif kind == "destroy":
            for cid in data.get("cards", []):
                r = self.asset_rects.get(cid)
                if r:
                    self.fly(
                        art.face(cid, r.h, self.m.floor_px()),
                        r.center,
                        self.discard_rect.center,
                        tag=("asset", cid),
                        hold=True,
                        after=self.anim.after(),
                    )

    # ---------------------------------------------------------------- input

    def card_at(self, pos) -> str | None:
        """Any face-up card under the mouse (hand, assets, pile, revealed)."""
        cid = self.hand_hit(pos) if self.viewer == self.anchor else None
        if cid:
            return cid
        for table in (self.extra_rects, self.asset_rects, self.ally_rects):
            for c, r in table.items():
                if r.collidepoint(pos):
                    return c
        return None

    def handle(self, ev) -> bool:
        if self.ctx.can_act:
            p = self.pending()
            if p and p["kind"] == "main" and "end" in self.legal() and self.end_button.handle(ev):
                return True
            if self.my_decision():
                for b in self.option_buttons:
                    if b.handle(ev):
                        return True
        if ev.type == pygame.MOUSEMOTION:
            self.hover_pos = ev.pos
            return self.move_press(ev.pos) or self.set_hover(self.card_at(ev.pos))
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            if not self.ctx.can_act:
                return False
            cid = self.hand_hit(ev.pos) if self.viewer == self.anchor else None
            if cid:
                return self.start_press(ev.pos, cid, self.slot_of(cid))
            for cid, r in self.asset_rects.items():
                if r.collidepoint(ev.pos) and self.click_target(cid):
                    return True
            for seat, r in self.plate_rects.items():
                if r.collidepoint(ev.pos) and self.click_target(f"p{seat}"):
                    return True
            return False
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and self.press is not None:
            pad = self.m.px(60)
            drops = [
                ((self.discard_rect.inflate(pad, pad),), lambda cid, at: self.do_discard(cid)),
                (
                    (self.zone_rect, self.event_rect.inflate(pad, pad)),
                    lambda cid, at: not self.my_decision() and self.do_play(cid),
                ),
            ]
            return self.release_press(ev.pos, self.click_card, drops)
        if ev.type == pygame.KEYDOWN:
            return self.key(ev.key)
        return False

    def focus_hint(self, cid: str, action: str) -> bool:
        """A hint names ``action`` on the hand card ``cid``: the keyboard focus moves onto
        it, and Enter makes that very move while the position lasts."""
        index = next((i for i, slot in enumerate(self.slots) if slot[0] == cid), None)
        if index is None:
            return False
        self.focus = index
        self.hinted = (len(self.session.state.actions), self.viewer, cid, action)
        return True

    def hinted_action(self, cid: str) -> str | None:
        if self.hinted is None:
            return None
        at, viewer, card, action = self.hinted
        now = (len(self.session.state.actions), self.viewer, cid)
        if (at, viewer, card) != now or action not in self.session.legal():
            return None
        return action

    def spring_back(self, cid: str, at) -> None:
        home = self.slot_of(cid)
        if home:
            self.fly_home(art.face(cid, self.hand_h, self.m.floor_px()), at, home, ("card", cid))

    def key(self, key: int) -> bool:
        if key == pygame.K_ESCAPE:
            if self.cancel_press():
                return True
            if self.zoom:
                self.zoom = None
                return True
            return False
        n = len(self.slots)
        if key == pygame.K_z:
            if self.focus is not None and self.focus < n and self.viewer == self.anchor:
                cid = self.slots[self.focus][0]
                self.zoom = None if self.zoom == cid else cid
            else:
                self.zoom = None if self.zoom else self.hover
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and n:
            self.focus = (
                0 if self.focus is None else (self.focus + (1 if key == pygame.K_RIGHT else -1)) % n
            )
            if self.zoom:
                self.zoom = self.slots[self.focus][0]
            return True
        if not self.ctx.can_act:
            return False
        if (
            key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            and self.focus is not None
            and self.focus < n
        ):
            cid = self.slots[self.focus][0]
            action = self.hinted_action(cid)
            if action is not None:  # the hinted move itself, not the play/discard question
                return self.submit(action)
            self.click_card(cid)
            return True
        if key == pygame.K_e:
            if "end" in self.legal():
                self.submit("end")
            else:
                self.ctx.toast(self.session.refusal("end") or msg("You cannot end your turn now."))
            return True
        if pygame.K_1 <= key <= pygame.K_9 and self.my_decision():
            i = key - pygame.K_1
            opts = self.pending()["options"]
            if i < len(opts):
                self.submit(opts[i][0])
            return True
        return False

    def handoff_reason(self, seat: int) -> str:
        """Hot-seat cover: "turn" for the active players, "choice" for a decision on another's turn."""
        return "turn" if seat in getattr(self.session.state, "actives", [seat]) else "choice"

    def score_notes(self, row: dict) -> str:
        return row.get("why", "")

    # ---------------------------------------------------------------- drawing

    def signature(self):
        """Everything draw_table and draw_overlay read (the framework caches the layer by it)."""
        if self.press is not None and self.press["drag"]:
            return None  # the dragged card follows the mouse and lights the drop zones
        # the enlarged card sits on the side away from the mouse
        zoom_side = self.hover_pos[0] > self.area.centerx if self.hover and not self.zoom else None
        return (
            self.view_serial,
            tuple(self.anim.tags()),
            self.replaying(),
            self.hover,
            zoom_side,
            self.zoom,
            self.focus,
            self.ctx.can_act,
            self.ctx.viewer,
            self.ctx.anchor,
            len(self.session.log),
            len(getattr(self.session.state, "actions", ())),
            (self.end_button.hover, self.end_button.focus),
            tuple((b.hover, b.focus) for b in self.option_buttons),
            id(self.option_buttons),
            tuple(self.area),
            self.m.scale,
        )

    draw_table = painting.draw_table
    draw_overlay = painting.draw_overlay
