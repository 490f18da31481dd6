"""The Crazy Eights table: your hand fanned at the bottom, opponents on an ellipse,
stock and discard pile in the middle, the named suit as a badge.

Input: drag a card onto the pile or click it; click the stock to draw; Pass button;
keys: arrows move the focus, Enter plays, D draws, P passes, Esc cancels a drag.
Every decision comes from the engine's legal actions and refusal reasons.

The package by job: this module is the Table (what it holds, its layout, input and
animations); ``draw.py`` paints it, reading the table it is handed and importing
nothing of this module, so this module names its functions as the Table's
``draw_table``/``draw_overlay``; ``rings.py`` finds the parts a lesson's coach rings.
Presses on the hand are ``HandInput``'s, the behaviour every card table shares.
"""

from __future__ import annotations

import pygame

import game.ui.tables.crazy_eights.draw as painting
import game.ui.tables.crazy_eights.rings as rings
from game.engine.cards import SUIT_NAMES, SUIT_SYMBOLS
from game.services.i18n import _, capitalised, msg
from game.ui import cards, symbols, theme
from game.ui.tables.base import BaseTable
from game.ui.tables.fan import fan_slots
from game.ui.tables.hand_input import HandInput
from game.ui.widgets import Button, Chooser

SUIT_ORDER = "SHCD"  # alternate colours in the hand
RANK_ORDER = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def sort_key(card: str):
    rank, suit = card[:-1], card[-1]
    return SUIT_ORDER.index(suit), RANK_ORDER.index(rank)


class Table(HandInput, BaseTable):
    game_id = "crazy_eights"
    lesson_ring = rings.lesson_ring  # the parts a lesson's coach can ring

    def __init__(self, ctx):
        super().__init__(ctx)
        self.slots: list[tuple[str, tuple[float, float], float]] = []  # (card, centre, angle)
        self.hover: str | None = None
        self.focus: int | None = None
        self.press: dict | None = None  # a mouse press on a hand card (click or drag)
        self.dealing = False
        self.pass_button = Button(msg("Pass"), lambda: self.submit("pass"), key=None)

    # -- layout

    def layout(self) -> None:
        a, m = self.area, self.m
        self.hand_h = m.px(214)
        self.pile_h = m.px(190)
        self.opp_h = m.px(112)
        cw = cards.card_size(self.pile_h)[0]
        self.centre = (a.centerx, a.y + round(a.h * 0.43))
        gap = max(m.px(36), self.pile_labels_width() - cw + m.px(16))
        self.stock_c = (self.centre[0] - cw // 2 - gap // 2, self.centre[1])
        self.discard_c = (self.centre[0] + cw // 2 + gap // 2, self.centre[1])
        size = cards.card_size(self.pile_h)
        self.stock_rect = pygame.Rect(0, 0, *size)
        self.stock_rect.center = self.stock_c
        self.discard_rect = pygame.Rect(0, 0, *size)
        self.discard_rect.center = self.discard_c
        self.drop_rect = self.discard_rect.inflate(m.px(120), m.px(90))
        self.badge_c = (self.discard_rect.right + m.px(140), self.centre[1] - m.px(14))
        self.pass_button.place((0, 0, m.px(180), m.px(60)), m.font_px(26))
        self.pass_button.rect.midright = (self.stock_rect.left - m.px(40), self.stock_c[1])
        self.hand_base = a.bottom - m.px(44) - self.hand_h // 2
        self.plate_rect = pygame.Rect(a.x + m.px(28), a.bottom - m.px(118), m.px(270), m.px(94))
        self.status_y = self.hand_base - self.hand_h // 2 - m.px(56)
        self.toast_y = self.stock_rect.bottom + m.px(80)  # over the last-move line, above the hand
        self.layout_hand()

    def pile_labels_width(self) -> int:
        """The room the stock's and the discard pile's labels need side by side, each
        centred under its pile at its widest ("Stock empty", a two-digit count): where
        the table is short (a replay's room above its bar) the cards shrink but the
        labels keep the readable size, and the piles move apart so they never meet."""
        px = self.m.font_px(22)
        stock = max(
            theme.font(px, True).size(words)[0]
            for words in (_("Stock empty"), _("Stock · {n}").format(n=88))
        )
        discard = theme.font(px).size(_("Discard · {n}").format(n=88))[0]
        return (stock + discard + 1) // 2

    def position_rect(self) -> pygame.Rect:
        # the stock, the discard pile with its labels, and the named suit's badge beside it
        badge = pygame.Rect(0, 0, self.m.px(120), self.m.px(120))
        badge.center = self.badge_c
        piles = self.stock_rect.union(self.discard_rect).union(badge)
        return piles.inflate(0, self.m.px(60))

    def view_changed(self) -> None:
        self.dealing = False
        self.layout_hand()

    def opponents(self) -> list[tuple[int, tuple[int, int]]]:
        order = self.seat_order()[1:]
        pts = self.ellipse_points(
            (self.area.centerx, self.area.y + round(self.area.h * 0.42)),
            self.area.w * 0.39,
            self.area.h * 0.28,
            len(order),
        )
        return list(zip(order, pts))

    def hand_cards(self) -> list[str]:
        if self.view is None:
            return []
        if self.viewer == self.anchor:
            return sorted(self.view.hand, key=sort_key)
        return [f"?{i}" for i in range(self.view.hand_counts[self.anchor])]  # backs only

    def layout_hand(self) -> None:
        hand = self.hand_cards()
        n = len(hand)
        cw = cards.card_size(self.hand_h)[0]
        max_w = self.area.w - 2 * self.m.px(330)
        step = min(cw * 0.70, (max_w - cw) / max(1, n - 1))
        tilt = min(2.6, 22 / max(1, n))
        self.slots = fan_slots(hand, self.area.centerx, self.hand_base, step, tilt, self.m.px(16))

    # -- what the player may do (all from the engine)

    def legal(self) -> list:
        return self.session.legal() if self.ctx.can_act else []

    def card_actions(self, card: str, legal: list | None = None) -> list[str]:
        legal = self.legal() if legal is None else legal
        return [a for a in legal if isinstance(a, str) and a.split(":")[0] == card]

    def submit(self, action) -> bool:
        return self.ctx.submit(action)

    def try_play(self, card: str, origin=None) -> bool:
        """Play ``card`` (asking for a suit after an eight); show the engine's reason if refused."""
        acts = self.card_actions(card)
        if not acts:
            self.ctx.toast(self.session.refusal(card) or msg("You cannot play that now."))
            return False
        if len(acts) == 1 and ":" not in acts[0]:
            self.origin = (card, origin)
            return self.submit(acts[0])
        suits = [a.split(":")[1] for a in acts]
        self.ctx.open_dialog(
            Chooser(
                msg("Name a suit"),
                [(capitalised(SUIT_NAMES[s]), s, self._suit_icon(s)) for s in suits],
                lambda s: self.submit(f"{card}:{s}"),
                body=msg(
                    "Your {card} is wild: which suit must follow?",
                    card=card[:-1] + SUIT_SYMBOLS[card[-1]],
                ),
            )
        )
        return True

    def _suit_icon(self, suit: str):
        return lambda size: symbols.suit(suit, size, theme.suit_colour(suit, self.four_colour))

    def draw_card(self) -> bool:
        if "draw" in self.legal():
            return self.submit("draw")
        self.ctx.toast(self.session.refusal("draw") or msg("You cannot draw now."))
        return False

    # -- events -> animation

    def seat_point(self, seat: int) -> tuple[int, int]:
        if seat == self.anchor:
            return (self.area.centerx, self.hand_base)
        return dict(self.opponents()).get(seat, self.centre)

    def on_event(self, ev) -> None:
        kind, seat, data = ev.kind, ev.seat, ev.data
        if kind == "play":
            card = data.get("card")
            origin = getattr(self, "origin", (None, None))
            src = origin[1] if origin[0] == card and origin[1] else None
            if seat == self.anchor and self.viewer == self.anchor:
                src = src or self.slot_of(card) or self.seat_point(seat)
                tag = ("card", card)
            else:
                src = src or self.seat_point(seat)
                tag = ("out", seat)
            self.origin = (None, None)
            self.fly(self.face(card, self.pile_h), src, self.discard_c, tag=tag)
        elif kind == "draw":
            card = data.get("card")
            dst = self.seat_point(seat)
            if seat == self.anchor and self.slots:
                dst = (self.slots[-1][1][0] + cards.card_size(self.hand_h)[0] * 0.5, self.hand_base)
            img = (
                self.face(card, self.hand_h)
                if card and seat == self.viewer
                else cards.back(self.opp_h if seat != self.anchor else self.hand_h)
            )
            self.fly(img, self.stock_c, dst, tag=("in", seat))
        elif kind == "deal":
            self.dealing = True
            for k, s in enumerate(self.seat_order()):
                self.fly(
                    cards.back(self.opp_h),
                    self.stock_c,
                    self.seat_point(s),
                    tag=("deal", s),
                    hold=False,
                    after=self.anim.after() if k == 0 else None,
                    duration=self.move_ms * 0.6,
                )
        elif kind == "starter":
            self.fly(
                self.face(data["card"], self.pile_h), self.stock_c, self.discard_c, tag=("starter",)
            )

    # -- input

    def handle(self, ev) -> bool:
        if self.viewer != self.anchor:
            return False
        if self.ctx.can_act and "pass" in self.legal() and self.pass_button.handle(ev):
            return True
        if ev.type == pygame.MOUSEMOTION:
            return self.move_press(ev.pos) or self.set_hover(self.hand_hit(ev.pos))
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            card = self.hand_hit(ev.pos)
            if card and self.ctx.can_act:
                return self.start_press(ev.pos, card, self.slot_of(card))
            if self.stock_rect.collidepoint(ev.pos) and self.ctx.can_act:
                self.draw_card()
                return True
            cur = self.session.current()
            if (
                (card or self.stock_rect.collidepoint(ev.pos))
                and cur is not None
                and cur != self.viewer
            ):
                self.ctx.toast(
                    msg("Wait: it is {player}'s turn.", player=self.session.name(cur)), theme.GOLD
                )
                return True
            return False
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and self.press is not None:
            return self.release_press(ev.pos, self.try_play, [((self.drop_rect,), self.drop)])
        if ev.type == pygame.KEYDOWN:
            return self.key(ev.key)
        return False

    def drop(self, card: str, at) -> bool:
        """A card dragged onto the pile; False sends it back to the hand (refused, or an
        eight waiting in the hand for its suit)."""
        if not self.try_play(card, origin=at):
            return False
        return bool(self.card_actions(card)) or not self.slot_of(card)

    def spring_back(self, card: str, at) -> None:
        home = self.slot_of(card)
        if home:
            self.fly_home(cards.face(card, self.hand_h, self.four_colour), at, home, ("card", card))

    def key(self, key: int) -> bool:
        if key == pygame.K_ESCAPE and self.cancel_press():
            return True
        if not self.ctx.can_act:
            return False
        if self.focus_key(key):
            return True
        if key == pygame.K_d:
            self.draw_card()
            return True
        if key == pygame.K_p:
            if "pass" in self.legal():
                self.submit("pass")
            else:
                self.ctx.toast(self.session.refusal("pass") or msg("You cannot pass now."))
            return True
        return False

    def signature(self):
        if self.press is not None and self.press["drag"]:
            return None  # the dragged card moves every frame and lights the pile
        return (
            self.view_serial,
            tuple(self.anim.tags()),
            self.hover,
            self.focus,
            self.ctx.can_act,
            self.ctx.viewer,
            self.ctx.anchor,
            self.dealing,
            len(self.session.log),
            len(getattr(self.session.state, "actions", ())),
            self.four_colour,
            self.pass_button.hover,
            tuple(self.area),
            self.m.scale,
        )

    def score_notes(self, row: dict) -> str:
        if self.view is not None and self.view.scoring != "collect":
            # penalty scoring: nothing is hauled; the others' hands are their points
            return _("blocked; lowest hand wins") if row.get("blocked") else _("went out")
        if row.get("blocked"):
            return _("blocked; lowest hand wins; haul {haul}").format(haul=row.get("haul", 0))
        return _("went out; haul {haul}").format(haul=row.get("haul", 0))

    # -- drawing: the painting module reads this table and never imports it
    draw_table = painting.draw_table
    draw_overlay = painting.draw_overlay
