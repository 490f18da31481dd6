"""Painting the Crazy Eights table: every function reads the ``Table`` it is handed
(table.py holds the state and the layout) and draws; nothing here changes it, and this
module imports nothing of table.py, which takes ``draw_table`` and ``draw_overlay`` as
its own at module level."""

from __future__ import annotations

import pygame

from game.engine.cards import SUIT_NAMES, SUIT_SYMBOLS
from game.engine.crazy_eights import DRAW_LIMIT
from game.services.i18n import _, capitalised, msg, ngettext
from game.ui import cards, symbols, theme
from game.ui.tables.seats import (
    draw_back_fan,
    draw_own_plate,
    draw_seat_plate,
    fit_plate_detail,
)


def _count_tags(t, kind: str, seat=None) -> int:
    return sum(
        1
        for tag in t.anim.tags()
        if isinstance(tag, tuple) and tag[0] == kind and (seat is None or tag[1] == seat)
    )


def draw_table(t, surface: pygame.Surface) -> None:
    v, m = t.view, t.m
    if v is None:
        return
    cur = t.on_move()
    names = t.session
    # round and scoring, top left
    info = _("Round {round} of {rounds}").format(round=v.round, rounds=v.rounds)
    theme.blit_text(
        surface, info, m.font_px(26), (t.area.x + m.px(30), t.area.y + m.px(24)), theme.TEXT, True
    )
    theme.blit_text(
        surface,
        msg("lowest total wins") if v.scoring == "penalty" else msg("highest total wins"),
        m.font_px(20),
        (t.area.x + m.px(30), t.area.y + m.px(60)),
        theme.TEXT_DIM,
    )

    # opponents on the ellipse
    for seat, (x, y) in t.opponents():
        count = 0 if t.dealing else v.hand_counts[seat] - _count_tags(t, "out", seat)
        fan = draw_back_fan(surface, m, (x, y - m.px(50)), count, t.opp_h)
        plate = pygame.Rect(0, 0, m.px(250), m.px(84))
        plate.midtop = (x, fan.bottom - m.px(10))
        active = seat == cur and not v.over
        thinking = active and not names.seats[seat].human and not t.anim.busy()
        note = _("thinking…") if thinking else ""
        # a plate narrower than its line (a replay's shorter room, a long language)
        # gives cards and points a line each
        plate, detail = fit_plate_detail(m, plate, _cards_points(count, t.points(seat)))
        draw_seat_plate(surface, m, plate, names.name(seat), detail, active, seat == v.dealer, note)
        t.seat_points[seat] = (x, y)

    # stock
    stock = max(0, v.stock_count - _count_tags(t, "in"))
    can_draw = t.ctx.can_act and "draw" in t.legal()
    if stock:
        back = cards.back(t.pile_h)
        layers = min(3, 1 + stock // 12)
        for i in range(layers - 1, -1, -1):
            t.blit_card(
                surface,
                back,
                (t.stock_c[0] - i * m.px(3), t.stock_c[1] - i * m.px(3)),
                shadow=i == layers - 1,
            )
    else:
        pygame.draw.rect(
            surface,
            (0x2B, 0x5E, 0x48),
            t.stock_rect,
            width=m.px(3),
            border_radius=cards.radius_for(t.stock_rect.w),
        )
    if can_draw:
        pygame.draw.rect(
            surface,
            theme.GOLD,
            t.stock_rect.inflate(m.px(14), m.px(14)),
            width=m.px(4),
            border_radius=cards.radius_for(t.stock_rect.w) + m.px(7),
        )
    label = _("Stock · {n}").format(n=stock) if stock else _("Stock empty")
    label_rect = theme.blit_text(
        surface,
        label,
        m.font_px(22),
        (t.stock_c[0], t.stock_rect.bottom + m.px(14)),
        theme.GOLD if can_draw else theme.TEXT_DIM,
        can_draw,
        "midtop",
    )
    if can_draw:
        theme.blit_text(
            surface,
            msg("click to draw"),
            m.font_px(18),
            (t.stock_c[0], max(t.stock_rect.bottom + m.px(42), label_rect.bottom)),
            theme.TEXT_DIM,
            False,
            "midtop",
        )

    # discard pile: a card under the top peeks out, turned a little; it shows no index
    # (only its edge shows, and a rank peeking past the top card's would read as one
    # with it); the card played before is in the log
    if not t.dealing:
        if len(v.discard) >= 2:
            t.blit_card(
                surface,
                cards.blank(t.pile_h),
                (t.discard_c[0] - m.px(6), t.discard_c[1] + m.px(4)),
                angle=7,
                key=("pile-under", t.pile_h),
            )
        t.blit_card(surface, t.face(v.top, t.pile_h), t.discard_c)
    dragging = t.press is not None and t.press["drag"]
    if dragging and t.card_actions(t.press["card"]):
        over = t.drop_rect.collidepoint(t.press["pos"])
        pygame.draw.rect(
            surface,
            theme.GOLD,
            t.discard_rect.inflate(m.px(18), m.px(18)),
            width=m.px(6 if over else 3),
            border_radius=cards.radius_for(t.discard_rect.w) + m.px(9),
        )
    theme.blit_text(
        surface,
        _("Discard · {n}").format(n=len(v.discard)),
        m.font_px(22),
        (t.discard_c[0], t.discard_rect.bottom + m.px(14)),
        theme.TEXT_DIM,
        False,
        "midtop",
    )

    # the suit named by the last eight
    if v.named_suit and not t.dealing:
        r = m.px(66)
        c = t.badge_c
        blur = m.px(10)
        sh = cards.cached(
            ("badge-shadow", r, blur), lambda: theme.shadow((2 * r, 2 * r), r, blur, 110)
        )
        surface.blit(sh, sh.get_rect(center=(c[0] + m.px(3), c[1] + m.px(7))))
        theme.circle(surface, theme.CARD_FACE, c, r)
        theme.circle(surface, theme.GOLD, c, r, m.px(5))
        ink = theme.suit_colour(v.named_suit, t.four_colour)
        sym = symbols.suit(v.named_suit, round(r * 1.1), ink)
        surface.blit(sym, sym.get_rect(center=c))
        theme.blit_text(
            surface,
            _("{suit} named").format(suit=capitalised(SUIT_NAMES[v.named_suit])),
            m.font_px(22),
            (c[0], c[1] + r + m.px(12)),
            theme.GOLD,
            True,
            "midtop",
        )

    _draw_status(t, surface, cur)
    _draw_hand(t, surface)
    # own plate
    plate_top = t.plate_rect.y
    if t.viewer == t.anchor or t.session.hotseat:
        me = t.anchor
        count = v.hand_counts[me]
        plate = draw_own_plate(
            surface,
            m,
            t.plate_rect,
            t.session.name(me),
            _cards_points(count, t.points(me)),
            me == cur and not v.over,
            me == v.dealer,
        )
        plate_top = plate.y
    if t.ctx.can_act:  # how to play, beside the hand on your turn, where the hand leaves room
        hints = (
            _("Drag a card to the pile, or click it"),
            _("D draws · P passes"),
            _("← → and Enter play · F1 rules"),
        )
        hp = m.font_px(18)
        width = max(theme.font(hp).size(h)[0] for h in hints)
        hand_left = (
            min((x for _, (x, _), _ in t.slots), default=t.area.centerx)
            - cards.card_size(t.hand_h)[0]
        )
        if t.plate_rect.x + m.px(4) + width < hand_left:
            y = plate_top - m.px(14)
            for line in reversed(hints):
                rect = theme.blit_text(
                    surface,
                    line,
                    hp,
                    (t.plate_rect.x + m.px(4), y),
                    theme.TEXT_DIM,
                    False,
                    "bottomleft",
                )
                y = rect.y - m.px(2)
    if t.ctx.can_act and "pass" in t.legal():
        t.pass_button.primary = True
        t.pass_button.draw(surface)


def _cards_points(count: int, points) -> str:
    """A seat plate's line: "7 cards · 12 pts"."""
    cards_text = ngettext("{n} card", "{n} cards", count).format(n=count)
    return cards_text + " · " + _("{n} pts").format(n=points)


def _turn_of(name: str) -> str:
    return _("{player}'s turn").format(player=name)


def _thinking(name: str) -> str:
    return _("{player} is thinking…").format(player=name)


def _last_move(t) -> str:
    for ev in reversed(t.session.log):
        if ev.kind in ("play", "draw", "pass"):
            return t.session.words(ev, t.viewer)
    return ""


def _draw_status(t, surface, cur) -> None:
    v, m = t.view, t.m
    if v.over:
        return
    if t.ctx.can_act or t.own_turn():
        legal = t.session.legal()
        plays = [a for a in legal if a not in ("draw", "pass")]
        if plays:
            text = (
                _("Your turn: play a card on the pile or draw")
                if "draw" in legal
                else _("Your turn: play a card on the pile")
            )
        elif "draw" in legal:
            text = _(
                "Your turn: nothing fits, draw from the stock ({drawn} of {limit} drawn)"
            ).format(drawn=v.drawn_this_turn, limit=DRAW_LIMIT)
        else:
            text = _("Your turn: nothing fits, so pass")
        colour, bold = theme.GOLD, True
    elif cur is not None and cur == t.viewer and t.session.seats[cur].human:
        return  # your own move is still flying to the pile: no "<your name>'s turn" flash
    elif cur is not None and cur == t.anchor and t.viewer != t.anchor:
        text, colour, bold = _turn_of(t.session.name(cur)), theme.TEXT, False
    elif cur is not None:
        who = t.session.name(cur)
        ai = not t.session.seats[cur].human
        text = _thinking(who) if ai and not t.anim.busy() else _turn_of(who)
        colour, bold = theme.TEXT_DIM, False
    else:
        return
    size = m.font_px(26)
    img = theme.text(text, size, colour, bold)
    rect = img.get_rect(midbottom=(t.area.centerx, t.status_y))
    theme.draw_panel(surface, rect.inflate(m.px(36), m.px(16)), m.px(12), alpha=170)
    surface.blit(img, rect)
    last = _last_move(t)
    if last:
        theme.blit_text(
            surface,
            last,
            m.font_px(22),
            (t.centre[0], t.stock_rect.bottom + m.px(96)),
            theme.TEXT,
            False,
            "midtop",
        )


def _draw_hand(t, surface) -> None:
    _v, m = t.view, t.m
    if t.dealing:
        return
    visible = t.viewer == t.anchor
    own = visible and (t.ctx.can_act or t.own_turn())  # dim on your turn, never otherwise
    legal = t.session.legal() if own else []
    flying = set(t.anim.tags())
    dragged = t.dragged()
    lift = round(t.hand_h * 0.08)
    for i, (card, (x, y), angle) in enumerate(t.slots):
        if ("card", card) in flying or card == dragged:
            continue
        if not visible:  # somebody else's eyes: backs only, never a face
            t.blit_card(surface, cards.back(t.hand_h), (x, y), angle=angle, key=("back", t.hand_h))
            continue
        playable = bool(t.card_actions(card, legal))
        img = t.face(card, t.hand_h, hand=True)
        key = ("hand", card, t.hand_h, t.four_colour)
        if own and not playable:
            img = cards.dimmed(img, key)
            key = ("dim", *key)
        if t.ctx.can_act and playable and (card == t.hover or i == t.focus):
            y -= lift
        rect = t.blit_card(surface, img, (x, y), angle=angle, key=key)
        if i == t.focus and t.ctx.can_act:
            theme.draw_ring(surface, rect, m)


def draw_overlay(t, surface) -> None:
    p = t.press
    if p is None or not p["drag"] or t.viewer != t.anchor:
        return
    img = t.face(p["card"], t.hand_h, hand=True)
    ox, oy = cards.shadow_offset(img.get_size())
    lift = (ox + t.m.px(8), oy + t.m.px(14))  # lifted: a longer shadow
    cards.blit_lifted(surface, img, t.drag_centre(), lift)


__all__ = ["SUIT_SYMBOLS", "draw_overlay", "draw_table"]
