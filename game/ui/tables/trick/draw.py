"""Drawing the trick table (the TrickTable class in trick/table.py holds the state;
where its plates and trump card sit is trick/geometry.py)."""

from __future__ import annotations

import pygame

import game.ui.tables.trick.geometry as geometry
from game.services.i18n import _, msg
from game.ui import cards, symbols, theme
from game.ui.tables.seats import draw_own_plate, draw_seat_plate


def _fan(surface, m, centre, count: int, height: int) -> pygame.Rect:
    """An opponent's hand of backs, drawn once per (count, size) and blitted whole."""
    img = geometry.fan_image(m, count, height)
    pad = m.px(24)
    rect = img.get_rect(center=centre)
    surface.blit(img, rect)
    return rect.inflate(-2 * pad, -2 * pad)


def draw_table(t, surface: pygame.Surface) -> None:
    v, m = t.view, t.m
    if v is None:
        return
    a = t.area
    t.ensure_panel()
    ring = pygame.Rect(t.trick_rect)  # the trick area, under everything else
    pygame.draw.ellipse(surface, (0x24, 0x57, 0x42), ring)
    pygame.draw.ellipse(surface, (0x2F, 0x6A, 0x51), ring, max(1, m.px(3)))
    # the round's title and subtitle end before the plate of the seat across the table
    x0 = a.x + m.px(28)
    plates = list(geometry.plate_rects(t).values())
    ahead = [p.left for p in plates if p.top < a.y + m.px(100) and p.left > x0]
    room = min(ahead, default=a.right) - x0 - m.px(12)
    title = theme.fit_text(t.round_title(), m.font_px(26), room, True)
    theme.blit_text(surface, title, m.font_px(26), (x0, a.y + m.px(22)), theme.TEXT, True)
    sub = t.round_subtitle()
    if sub:
        sub_px = m.font_px(20)
        lines = theme.wrap(sub, sub_px, room)
        if len(lines) > 2:
            lines = [lines[0], theme.fit_text(" ".join(lines[1:]), sub_px, room)]
        for k, line in enumerate(lines):
            y = a.y + m.px(58) + k * theme.font(sub_px).get_linesize()
            theme.blit_text(surface, line, sub_px, (x0, y), theme.TEXT_DIM)
    cur = t.on_move()
    for seat, (x, y), __ in t.opponents():
        count = geometry.hand_count(t, seat)
        fan = _fan(surface, m, (x, y - m.px(58)), count, t.opp_h)
        detail = t.plate_detail(seat)
        plate = geometry.plate_rect(t, seat, x, y, fan.bottom)
        active = seat == cur and not v.over
        note = _("thinking…") if active and not t.session.seats[seat].human else t.plate_note(seat)
        draw_seat_plate(
            surface,
            m,
            plate,
            t.session.name(seat),
            detail,
            active,
            t.is_dealer(seat),
            note,
        )
        t.seat_points[seat] = (x, y)
    _draw_trick(t, surface, plates)
    t.draw_trump(surface)
    t.draw_info(surface)
    t.sort_button.draw(surface)
    if v.last_trick:
        t.last_button.primary = t.show_last
        t.last_button.draw(surface)
    _draw_status(t, surface)
    _draw_hand(t, surface)
    me = t.anchor
    # your plate keeps its width (the hand fans out right of it); a detail too long for
    # it (German at a replay's shorter room) takes a second line, the plate growing up
    draw_own_plate(
        surface,
        m,
        t.plate_rect,
        t.session.name(me),
        t.plate_detail(me),
        me == cur and not v.over,
        t.is_dealer(me),
    )
    if t.panel is not None and t.ctx.can_act:
        t.panel.draw(surface, t)
    _draw_win_label(t, surface)
    for f in t.anim.flights:
        if isinstance(f.tag, tuple) and f.tag[0] == "banner" and f.start <= t.anim.now:
            img = theme.text(f.tag[1], m.font_px(30), theme.INK, True)
            box = img.get_rect(center=(t.centre[0], t.trick_rect.y + m.px(20)))
            box = box.inflate(m.px(40), m.px(18))
            pygame.draw.rect(surface, theme.GOLD, box, border_radius=box.h // 2)
            surface.blit(img, img.get_rect(center=box.center))
    if t.show_last and v.last_trick:
        _draw_last_trick(t, surface, v.last_trick)


def _slot_outline(t, surface, centre, colour, width) -> pygame.Rect:
    w, h = cards.card_size(t.trick_h)
    rect = pygame.Rect(0, 0, w, h)
    rect.center = centre
    pygame.draw.rect(surface, colour, rect, width=width, border_radius=cards.radius_for(w))
    return rect


def draw_trump_heading(t, surface, title: str, colour: str | None) -> None:
    """The trump panel with its title and, for a trump colour, its symbol at the right."""
    m, r = t.m, t.trump_rect
    theme.draw_panel(surface, r, m.px(14), alpha=200)
    theme.blit_text(
        surface, title, m.font_px(24), (r.x + m.px(20), r.y + m.px(14)), theme.GOLD, True
    )
    if colour:
        s = symbols.colour_symbol(colour, m.px(30))
        surface.blit(s, (r.right - m.px(20) - s.get_width(), r.y + m.px(12)))


def draw_pile_label(t, surface, words: str, pile: tuple[int, int]) -> pygame.Rect:
    """The count under the draw pile centred at ``pile``, moved left where it would
    cross the trump panel's right edge."""
    m = t.m
    half = theme.font(m.font_px(19)).size(words)[0] // 2
    return theme.blit_text(
        surface,
        words,
        m.font_px(19),
        (min(pile[0], t.trump_rect.right - m.px(12) - half), pile[1] + m.px(54)),
        theme.TEXT_DIM,
        False,
        "midtop",
    )


def draw_empty_trump(t, surface) -> None:
    """The outline of the turned card's place while no trump card lies there."""
    c = geometry.trump_card_centre(t)
    w, h = cards.card_size(t.trump_h)
    pygame.draw.rect(
        surface,
        (0x3A, 0x78, 0x5C),
        pygame.Rect(c[0] - w // 2, c[1] - h // 2, w, h),
        width=t.m.px(2),
        border_radius=cards.radius_for(w),
    )


def _draw_win_label(t, surface) -> None:
    """ "Ana wins" on a gold chip under the winning card, kept inside the trick's oval
    and drawn over the panels beside it, so the name is whole."""
    label = getattr(t, "win_label", None)
    if label is None:
        return
    chip, box = _win_chip(t, *label)
    pygame.draw.rect(surface, theme.GOLD, box, border_radius=box.h // 2)
    surface.blit(chip, chip.get_rect(center=box.center))


def _win_chip(t, seat: int, rect: pygame.Rect) -> tuple[pygame.Surface, pygame.Rect]:
    """The winner's words and their chip, across the foot of the winning card ``rect``
    (below the ring, so the card's lowest band stays readable)."""
    m = t.m
    chip = theme.text(
        msg("{player} wins", player=t.session.name(seat)), m.font_px(22), theme.INK, True
    )
    box = chip.get_rect().inflate(m.px(20), m.px(8))
    box.midtop = (rect.centerx, rect.bottom + m.px(2))
    oval = t.trick_rect
    box.x = max(oval.x, min(box.x, oval.right - box.w))
    return chip, box


def _lead_chip_box(t, leader: int, chip: pygame.Surface, plates: list) -> pygame.Rect:
    """Where the 'leads' chip goes: above the leader's slot, else below, left or right of
    it; the first place that covers no plate (nor its note line) and no other slot (at
    six or more players the slots stand close, and a chip above one lay on the corner
    index of the card in the next)."""
    m = t.m
    c = t.slot_centre(leader)
    w, h = cards.card_size(t.trick_h)
    box = chip.get_rect().inflate(m.px(14), m.px(6))
    gap = m.px(6)
    slots = [
        pygame.Rect(0, 0, w, h).move(t.slot_centre(s)[0] - w // 2, t.slot_centre(s)[1] - h // 2)
        for s in range(t.view.players)
        if s != leader
    ]
    places = (
        ("midbottom", (c[0], c[1] - h // 2 - gap)),
        ("midtop", (c[0], c[1] + h // 2 + gap)),
        ("midright", (c[0] - w // 2 - gap, c[1])),
        ("midleft", (c[0] + w // 2 + gap, c[1])),
    )
    spots = []
    for anchor, point in places:
        spot = box.copy()
        setattr(spot, anchor, point)
        spots.append(spot)
    clear_of_plates = [s for s in spots if s.collidelist(plates) < 0 and t.area.contains(s)]
    clear = [s for s in clear_of_plates if s.collidelist(slots) < 0]
    return (clear or clear_of_plates or spots)[0]


def _draw_trick(t, surface, plates: list) -> None:
    """The trick slots, the cards in them, 'wins' and the 'leads' chip (kept clear of
    ``plates``, the opponents' plates with their note lines)."""
    v, m = t.view, t.m
    if t.panel is not None and t.ctx.can_act:
        return
    winner = next(
        (
            f.tag[1]
            for f in t.anim.flights
            if isinstance(f.tag, tuple) and f.tag[0] == "winner" and f.start <= t.anim.now
        ),
        None,
    )
    seated = {s for s, _ in t.shown}
    t.win_label = None
    leader = v.leader if getattr(v, "leader", None) is not None and v.phase == "play" else None
    for seat in range(v.players):
        c = t.slot_centre(seat)
        if seat not in seated:
            _slot_outline(t, surface, c, (0x3A, 0x78, 0x5C), max(1, m.px(2)))
            label = t.session.name(seat)
            theme.blit_text(
                surface, label[:10], m.font_px(18), c, (0x7F, 0xA8, 0x94), False, "center"
            )
    for seat, card in t.shown:
        c = t.slot_centre(seat)
        rect = t.blit_card(surface, t.face(card, t.trick_h), c)
        if seat == winner:
            pygame.draw.rect(
                surface,
                theme.GOLD,
                rect.inflate(m.px(14), m.px(14)),
                width=m.px(6),
                border_radius=cards.radius_for(rect.w) + m.px(7),
            )
            t.win_label = (seat, rect)
    if leader is not None and winner is None:
        chip = theme.text(msg("leads"), m.font_px(18), theme.INK, True)
        box = _lead_chip_box(t, leader, chip, plates)
        pygame.draw.rect(surface, theme.GOLD, box, border_radius=box.h // 2)
        surface.blit(chip, chip.get_rect(center=box.center))
    lead = t.lead_label()
    if lead:
        text, colour = lead
        size = m.font_px(22)
        img = theme.text(text, size, theme.TEXT, True)
        sym = symbols.colour_symbol(colour, round(size * 1.1)) if colour else None
        wtot = img.get_width() + (sym.get_width() + m.px(8) if sym else 0)
        x = t.centre[0] - wtot // 2
        y = t.trick_rect.bottom + m.px(2)
        if t.win_label is not None:  # below the winner's chip, never under it
            y = max(y, _win_chip(t, *t.win_label)[1].bottom + m.px(8))
        box = pygame.Rect(x - m.px(12), y - m.px(4), wtot + m.px(24), img.get_height() + m.px(8))
        theme.draw_panel(surface, box, m.px(10), alpha=170)
        surface.blit(img, (x, y))
        if sym:
            surface.blit(
                sym, (x + img.get_width() + m.px(8), y + (img.get_height() - sym.get_height()) // 2)
            )


def _draw_status(t, surface) -> None:
    v, m = t.view, t.m
    if v.over:
        return
    cur = t.on_move()
    if t.ctx.can_act or t.own_turn():  # also while a refused card springs back
        text, colour, bold = t.status_text() or _("Your turn"), theme.GOLD, True
    elif cur is not None:
        who = t.session.name(cur)
        doing = t.waiting_text(cur)
        text = (
            f"{who} {doing}"
            if not t.session.seats[cur].human
            else _("{player}'s turn").format(player=who)
        )
        colour, bold = theme.TEXT_DIM, False
    else:
        return
    # between the trump panel and your facts: a long line shrinks to the room there
    room = t.info_rect.x - t.trump_rect.right - m.px(24) - m.px(36)
    px = m.font_px(25)
    while px > m.font_px(18) and theme.font(px, bold).size(text)[0] > room:
        px -= 1
    img = theme.text(text, px, colour, bold)
    cx = (t.trump_rect.right + t.info_rect.x) // 2
    rect = img.get_rect(midbottom=(cx, t.status_y))
    theme.draw_panel(surface, rect.inflate(m.px(36), m.px(14)), m.px(12), alpha=170)
    surface.blit(img, rect)


def _draw_hand(t, surface) -> None:
    m = t.m
    visible = t.viewer == t.anchor
    # your turn stays your turn while a refused card springs back: the hand stays dimmed
    playing = (t.ctx.can_act or t.own_turn()) and t.panel is None
    legal = t.session.legal() if visible and playing else []
    flying = set(t.anim.tags())
    dragged = t.dragged()
    lift = round(t.hand_h * 0.08)
    for i, (card, (x, y), angle) in enumerate(t.slots):
        if ("hand", i) in flying or i == dragged or i in t.gone:
            continue
        if not visible:
            t.blit_card(surface, cards.back(t.hand_h), (x, y), angle=angle, key=("back", t.hand_h))
            continue
        img = t.face(card, t.hand_h, hand=True)
        key = (t.game_id, card, t.hand_h)
        ok = bool(t.card_actions(card, legal)) if playing else True
        if playing and not ok:
            img = cards.dimmed(img, key)
            key = ("dim", *key)
        if playing and ok and (i == t.hover or i == t.focus):
            y -= lift
        rect = t.blit_card(surface, img, (x, y), angle=angle, key=key)
        if i == t.focus and playing:
            theme.draw_ring(surface, rect, m)


def _draw_last_trick(t, surface, last: dict) -> None:
    m = t.m
    plays = last["plays"]
    h = m.px(170)
    w = cards.card_size(h)[0]
    gap = m.px(18)
    width = len(plays) * (w + gap) - gap + m.px(60)
    box = pygame.Rect(0, 0, max(width, m.px(520)), h + m.px(150))
    box.center = t.centre
    theme.draw_panel(surface, box, m.px(14), alpha=245, border=theme.GOLD)
    title = _("Last trick: {player} won it").format(player=t.session.name(last["winner"]))
    theme.blit_text(
        surface, title, m.font_px(26), (box.centerx, box.y + m.px(16)), theme.GOLD, True, "midtop"
    )
    x = box.centerx - (len(plays) * (w + gap) - gap) // 2 + w // 2
    for seat, card in plays:
        c = (x, box.y + m.px(62) + h // 2)
        rect = t.blit_card(surface, t.face(card, h), c)
        if seat == last["winner"]:
            pygame.draw.rect(
                surface,
                theme.GOLD,
                rect.inflate(m.px(10), m.px(10)),
                width=m.px(5),
                border_radius=cards.radius_for(w) + m.px(5),
            )
        theme.blit_text(
            surface,
            t.session.name(seat)[:10],
            m.font_px(19),
            (x, rect.bottom + m.px(10)),
            theme.TEXT,
            seat == last["winner"],
            "midtop",
        )
        x += w + gap
    extra = t.last_trick_note(last)
    if extra:
        theme.blit_text(
            surface,
            extra,
            m.font_px(19),
            (box.centerx, box.bottom - m.px(26)),
            theme.TEXT_DIM,
            False,
            "midtop",
        )


def draw_overlay(t, surface) -> None:
    p = t.press
    if p is None or not p["drag"] or t.viewer != t.anchor or p["index"] >= len(t.slots):
        return
    img = t.face(t.slots[p["index"]][0], t.hand_h, hand=True)
    if t.trick_rect.collidepoint(p["pos"]) and t.card_actions(t.slots[p["index"]][0]):
        pygame.draw.ellipse(surface, theme.GOLD, t.trick_rect, max(2, t.m.px(4)))
    cards.blit_lifted(surface, img, t.drag_centre(), (t.m.px(10), t.m.px(16)))
