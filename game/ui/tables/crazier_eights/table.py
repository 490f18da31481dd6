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

The package by job: this module is the Table: what it holds (the view, the press, the
hover and focus, the rectangles of the layout now), its input and animations.
``layout.py`` says where things go, computed from sizes (the window's fixed parts as a
frozen ``TableLayout``, the hand's fan, the zones, plates and answers a view brings),
and holds the hand's order and the prompt's answer buttons; ``draw.py`` paints the
table, reading the table it is handed and importing nothing of this module, which
takes ``draw_table``/``draw_overlay`` at module level; ``art.py`` the faces;
``rings.py`` what a lesson's coach rings. Presses on the hand are ``HandInput``'s, the
behaviour every card table shares.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

import game.ui.tables.crazier_eights.art as art
import game.ui.tables.crazier_eights.draw as painting
import game.ui.tables.crazier_eights.layout as layout
import game.ui.tables.crazier_eights.rings as rings
from game.engine.crazier_eights.deck import COLOUR_TITLES
from game.services.i18n import _, msg
from game.ui import cards, symbols
from game.ui.tables.base import BaseTable
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
        # answers that do not fit the panel come in pages: the question they belong
        # to, the page shown, each page's answers, and the buttons that turn them
        self.option_page = (None, 0)
        self.option_pages: list[range] = []
        self.pager_buttons: list[Button] = []
        self.end_button = Button(msg("End turn"), lambda: self.submit("end"), primary=True)

    # ---------------------------------------------------------------- layout

    def layout(self) -> None:
        lay = self.fixed = layout.fixed_layout(self.area, self.m, self.end_button.label)
        self.opp_band, self.pile_h = lay.opp_band, lay.pile_h
        self.draw_rect, self.discard_rect, self.event_rect = (
            lay.draw_rect,
            lay.discard_rect,
            lay.event_rect,
        )
        self.hand_h, self.hand_base, self.zone_card_h = lay.hand_h, lay.hand_base, lay.zone_card_h
        self.zone_rect, self.plate_rect, self.side_rect = (
            lay.zone_rect,
            lay.plate_rect,
            lay.side_rect,
        )
        # the prompt panel, your zone and plate as laid out; an answer that needs more
        # room grows the panel down, moving your plate beside it (layout_view)
        self.panel_rect, self.panel_base = lay.panel_rect.copy(), lay.panel_rect
        self.end_button.place(lay.end_button, lay.end_text_px)
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
        """Where the view's cards go: the hand first (the prompt panel may grow down
        beside it), then the panel and your zone, the zones, the answers."""
        self.hand_h, self.slots = layout.hand_fan(
            self.area, self.m, self.hand_cards(), self.fixed.hand_base
        )
        self.panel_rect, self.zone_rect, self.plate_rect = layout.fitted_panel(
            self.m,
            self.fixed,
            self.option_texts(),
            self.prompt_height(),
            (self.hand_h, self.slots),
            self.area,
        )
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
        slot_w = band.w // max(1, len(opps))
        self.narrow_plates, plate_h = layout.plate_shape(m, slot_w)
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
            self.asset_rects |= layout.place_assets(m, v.assets[seat], area, max_h=m.px(118))
        self.plate_rects[self.anchor] = self.plate_rect
        mine = self.zone_rect.inflate(-m.px(16), -m.px(30)).move(0, m.px(10))
        self.asset_rects |= layout.place_assets(
            m, v.assets[self.anchor], mine, max_h=self.zone_card_h
        )
        self.extra_rects = {}
        if v.discard:
            self.extra_rects[v.top] = self.discard_rect
        self.extra_rects |= layout.shown_rects(m, [*v.resolving, *v.revealed], self.fixed)

    def hand_cards(self) -> list[str]:
        if self.view is None:
            return []
        if self.viewer == self.anchor:
            return sorted(self.view.hand, key=layout.sort_key)
        return [f"?{i}" for i in range(self.view.hand_counts[self.anchor])]

    def layout_options(self) -> None:
        self.option_buttons, self.pager_buttons, self.option_pages = [], [], []
        texts = self.option_texts()
        if not texts:
            return
        top = self.panel_rect.y + self.m.px(20) + self.prompt_height()
        self.option_pages = layout.option_pages(self.m, texts, self.panel_rect, top)
        asked = (self.pending()["prompt"], tuple(texts))
        if self.option_page[0] != asked or self.option_page[1] >= len(self.option_pages):
            self.option_page = (asked, 0)  # a new question starts on its first page
        shown = self.option_pages[self.option_page[1]]
        room = self.panel_rect.copy()
        if len(self.option_pages) > 1:
            room.h -= layout.pager_height(self.m) + self.m.px(6)
            earlier, __, later = layout.pager_rects(self.m, self.panel_rect)
            px = self.m.font_px(22)
            for rect, label, step in ((earlier, "◀", -1), (later, "▶", 1)):
                b = Button(label, lambda s=step: self.turn_option_page(s))
                b.enabled = 0 <= self.option_page[1] + step < len(self.option_pages)
                self.pager_buttons.append(b.place(rect, px))
        options = self.pending()["options"]
        places, px = layout.option_places(self.m, [texts[i] for i in shown], room, top)
        for i, rect in zip(shown, places):
            action = options[i][0]
            b = layout.OptionButton(texts[i], lambda a=action: self.submit(a))
            b.decline = action in layout.DECLINE
            b.place(rect, px)
            self.option_buttons.append(b)

    def turn_option_page(self, step: int) -> bool:
        """Show the answers' next (``step`` 1) or earlier (-1) page, if there is one."""
        asked, page = self.option_page
        if not 0 <= page + step < len(self.option_pages):
            return False
        self.option_page = (asked, page + step)
        self.layout_options()
        return True

    def covered_parts(self) -> list[str]:
        """What the prompt panel covers of what the player needs in view: their plate
        and zone, the hand, the piles and the centre, the phase track, End turn and the
        opponents' plates (the layout audit reports any)."""
        cw, ch = cards.card_size(self.hand_h)
        parts = {
            "your plate": self.plate_rect,
            "your assets": self.zone_rect,
            "draw pile": self.draw_rect,
            "discard pile": self.discard_rect,
            "table centre": self.event_rect,
            "phase track": self.side_rect,
        }
        p = self.pending()
        if p and p["kind"] == "main":  # End turn is offered only in the main phase
            parts["End turn"] = self.end_button.rect
        for seat, plate in self.plate_rects.items():
            if seat != self.anchor:
                parts[f"{self.session.name(seat)}'s plate"] = plate
        for cid, (x, y), __ in self.slots:
            parts[f"hand card {cid}"] = pygame.Rect(x - cw // 2, y - ch // 2, cw, ch)
        return layout.covered(self.panel_rect, parts)

    def prompt_height(self) -> int:
        p = self.pending()
        if not p:
            return 0
        return layout.prompt_height(self.m, self.words(p["prompt"]), self.panel_rect.w)

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
            if a.startswith("choose:") and a not in layout.DECLINE:
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
            or (a.startswith(f"discard:{cid}:") and a[len(f"discard:{cid}:") :] in layout.COLOURS)
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
                    for c in layout.COLOURS
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
                for b in [*self.option_buttons, *self.pager_buttons]:
                    if b.enabled and b.handle(ev):
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
            if self.press["drag"]:
                # a drag ended (played, discarded or refused): the large copy goes until
                # the pointer moves onto a card again, never left over End turn
                self.hover = None
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
                self.hover = None  # as when a drag ends: the large copy waits for the pointer
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
        if key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP) and self.my_decision():
            return self.turn_option_page(1 if key == pygame.K_PAGEDOWN else -1)
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
            tuple((b.hover, b.focus) for b in [*self.option_buttons, *self.pager_buttons]),
            id(self.option_buttons),
            tuple(self.area),
            self.m.scale,
        )

    draw_table = painting.draw_table
    draw_overlay = painting.draw_overlay
