"""Drawing the Crazier Eights table (the Table class in crazier_eights.py holds the state)."""

from __future__ import annotations

import pygame

import game.ui.tables.crazier_eights.art as art
import game.ui.tables.crazier_eights.layout as layout
from game.engine.crazier_eights.deck import COLOUR_WORDS
from game.services.i18n import N_, _, msg, ngettext, say
from game.ui import cards, symbols, theme
from game.ui.tables.seats import detail_room, draw_seat_plate, plate_height

PHASES = (
    ("beginning", msg("Beginning")),
    ("draw", msg("Draw")),
    ("main", msg("Main")),
    ("end", msg("End")),
)
# what a hand card can do, by (both, can discard)
_TAGS = {
    (True, True): N_("play · discard"),
    (False, True): N_("discard"),
    (False, False): N_("play"),
}
TEAM_TINT = ((0x6C, 0xC7, 0x8A), (0xE0, 0xB0, 0x4B), (0x7F, 0xB2, 0xE5), (0xD9, 0x8C, 0xC4))


def _tags(t, kind: str) -> set:
    return {tag[1] for tag in t.anim.tags() if isinstance(tag, tuple) and tag[0] == kind}


def _glow(surface, t, rect: pygame.Rect, strong: bool = False) -> None:
    m = t.m
    pygame.draw.rect(
        surface,
        theme.GOLD,
        rect.inflate(m.px(12), m.px(12)),
        width=m.px(6 if strong else 4),
        border_radius=m.px(12),
    )


def _seat_detail(t, seat: int) -> tuple[str, str]:
    v = t.view
    if not v.alive[seat]:
        return _("out of the game"), ""
    n = v.hand_counts[seat]
    k = len(v.assets[seat])
    detail = (
        ngettext("{n} card", "{n} cards", n).format(n=n)
        + " · "
        + ngettext("{n} asset", "{n} assets", k).format(n=k)
    )
    if v.games > 1:
        detail += " · " + _("{n} pts").format(n=t.points(seat))
    notes = []
    if v.skips[seat] > 1:
        notes.append(_("skips a turn ×{n}").format(n=v.skips[seat]))
    elif v.skips[seat]:
        notes.append(_("skips a turn"))
    if v.teams.count(v.teams[seat]) > 1:
        notes.append(
            _("ally")
            if v.teams[seat] == v.teams[t.anchor] and seat != t.anchor
            else _("team {n}").format(n=v.teams[seat] + 1)
        )
    p = v.pending
    # a replay shows what was asked by what follows: nobody thinks or chooses in it
    live = t.ctx.live and not t.replaying() and not t.nobody_to_move()
    if p and p["seat"] == seat and not v.over and live:
        if not t.session.seats[seat].human:
            notes.append(_("thinking…"))
        elif p["kind"] != "main":
            notes.append(_("choosing…"))
    return detail, " · ".join(notes)


def draw_table(t, surface: pygame.Surface) -> None:
    v, m = t.view, t.m
    if v is None:
        return
    targets = t.targets()
    flying_assets = _tags(t, "asset")
    t.ally_rects = {}
    # title row
    title = (
        _("Crazier Eights · game {game} of {games}").format(game=v.game, games=v.games)
        if v.games > 1
        else _("Crazier Eights")
    )
    heading = theme.blit_text(
        surface, title, m.font_px(24), (t.area.x + m.px(24), t.area.y + m.px(18)), theme.TEXT, True
    )
    # the piles' counts follow the title, however long it is in the player's language
    # ("Crazier Eights · Spiel 1 von 2"), and end before the buttons at the top right
    left = max(t.area.x + m.px(330), heading.right + m.px(24))
    room = t.area.right - max(m.px(160), t.ctx.extra.get("chrome_w", 0) + m.px(12)) - left
    theme.blit_fitted(
        surface,
        _("Draw pile {n} · discard pile {m}").format(n=v.draw_count, m=len(v.discard)),
        m.font_px(19),
        room,
        (left, t.area.y + m.px(22)),
        m.floor_px(),
        theme.TEXT_DIM,
    )

    theme.draw_panel(surface, t.zone_rect, m.px(14), alpha=70, border=(0x3A, 0x55, 0x47))
    # opponents: plate, ally hand, asset zone
    for seat in t.opponents():
        slot = t.opp_slots[seat]
        plate = t.plate_rects[seat]
        detail, note = _seat_detail(t, seat)
        active = seat in v.actives and not v.over and t.on_move() is not None
        if t.narrow_plates:
            parts = detail.split(" · ")
            rest = " · ".join(parts[1:])
            detail = layout.narrow_detail(m, plate.w, parts)
            if not rest:  # "out of the game": its words on the plate's two lines
                room = detail_room(m, plate.w)
                detail = "\n".join(theme.wrap(detail, m.font_px(21), room)[:2])
        draw_seat_plate(surface, m, plate, t.session.name(seat), detail, active, False, "")
        if note and t.narrow_plates:
            size = m.font_px(16)
            theme.blit_text(
                surface,
                theme.fit_text(note, size, plate.w - m.px(30)),
                size,
                (plate.x + m.px(18), plate.bottom - m.px(8)),
                theme.GOLD,
                False,
                "bottomleft",
            )
        elif note:
            theme.blit_text(
                surface,
                note,
                m.font_px(18),
                (plate.right - m.px(12), plate.y + m.px(10)),
                theme.GOLD,
                False,
                "topright",
            )
        if f"p{seat}" in targets:
            _glow(surface, t, plate, True)
        if not v.assets[seat]:
            theme.blit_text(
                surface,
                msg("no assets"),
                m.font_px(18),
                (slot.centerx, plate.bottom + m.px(30)),
                theme.TEXT_DIM,
                False,
                "midtop",
            )
        hand = v.ally_hands.get(seat) if t.viewer == t.anchor else None
        if hand:
            _draw_ally_hand(t, surface, hand, slot)
    for cid, r in t.asset_rects.items():
        if cid in flying_assets:
            continue
        img = art.face(cid, r.h, t.m.floor_px())
        surface.blit(
            cards.card_shadow(img.get_size()), r.move(*cards.shadow_offset(img.get_size()))
        )
        surface.blit(img, r)
        if cid in targets:
            _glow(surface, t, r, True)

    # my zone and plate
    zone = t.zone_rect
    label = (
        _("Your assets")
        if t.viewer == t.anchor or not t.session.hotseat
        else _("{player}'s assets").format(player=t.session.name(t.anchor))
    )
    dragging = t.press is not None and t.press["drag"]
    if dragging and t.card_actions(t.press["card"])[0]:
        _glow(surface, t, zone, zone.collidepoint(t.press["pos"]))
        label += _(" — drop here to play")
    theme.blit_text(
        surface, label, m.font_px(18), (zone.x + m.px(14), zone.y + m.px(6)), theme.TEXT_DIM
    )
    if not v.assets[t.anchor]:  # the words wrap inside the zone, centred in it
        px = m.font_px(19)
        words = msg("No assets yet: drag an asset card here to put it into play.")
        lines = theme.wrap(words, px, zone.w - m.px(28))
        step = theme.font(px).get_linesize()
        y0 = zone.centery - step * (len(lines) - 1) // 2
        for i, line in enumerate(lines):
            theme.blit_text(
                surface, line, px, (zone.centerx, y0 + i * step), theme.TEXT_DIM, False, "center"
            )
    detail, note = _seat_detail(t, t.anchor)
    plate = t.plate_rect
    if not m.fits(detail, detail_room(m, plate.w)):
        # a small window: cards, then assets (and points), each on its own line, the
        # plate as tall as that needs (at most the asset zone beside it)
        cards_part, __, rest = detail.partition(" · ")
        detail = cards_part + ("\n" + rest if rest else "")
        h = min(max(plate.h, plate_height(m, 2)), t.zone_rect.h)
        plate = pygame.Rect(plate.x, plate.y, plate.w, h)
    draw_seat_plate(
        surface,
        m,
        plate,
        t.session.name(t.anchor),
        detail,
        t.anchor in v.actives and not v.over and t.on_move() is not None,
        False,
        note,
    )
    if f"p{t.anchor}" in targets:
        _glow(surface, t, plate, True)

    _draw_centre(t, surface, targets)
    _draw_side(t, surface)
    _draw_panel(t, surface)
    _draw_hand(t, surface, targets)


def _draw_ally_hand(t, surface, hand, slot) -> None:
    m = t.m
    h = m.px(76)
    w = cards.card_size(h)[0]
    step = min(w * 0.6, (slot.w - w - m.px(60)) / max(1, len(hand) - 1))
    x = slot.right - m.px(8) - w - step * (len(hand) - 1)
    y = slot.bottom - h
    theme.blit_text(
        surface, "hand", m.font_px(16), (x - m.px(6), y + h // 2), theme.TEXT_DIM, False, "midright"
    )
    for i, cid in enumerate(hand):
        r = surface.blit(art.face(cid, h, t.m.floor_px()), (round(x + i * step), y))
        # hover hit area: the visible strip (the next card covers the rest)
        t.ally_rects[cid] = (
            r if i == len(hand) - 1 else pygame.Rect(r.x, r.y, max(1, round(step)), r.h)
        )
        t.faces_drawn.append(cid)


def _draw_centre(t, surface, targets) -> None:
    v, m = t.view, t.m
    # draw pile
    if v.draw_count:
        back = cards.back(t.pile_h)
        for i in range(min(3, 1 + v.draw_count // 15) - 1, -1, -1):
            t.blit_card(
                surface,
                back,
                (t.draw_rect.centerx - i * m.px(3), t.draw_rect.centery - i * m.px(3)),
                shadow=i == 0,
            )
    else:
        pygame.draw.rect(
            surface, (0x2B, 0x5E, 0x48), t.draw_rect, width=m.px(3), border_radius=m.px(10)
        )
    theme.blit_text(
        surface,
        _("Draw pile · {n}").format(n=v.draw_count),
        m.font_px(19),
        (t.draw_rect.centerx, t.draw_rect.bottom + m.px(10)),
        theme.TEXT_DIM,
        False,
        "midtop",
    )
    # discard pile
    if len(v.discard) >= 2:
        t.blit_card(
            surface,
            art.face(v.discard[-2], t.pile_h, t.m.floor_px()),
            (t.discard_rect.centerx + m.px(6), t.discard_rect.centery + m.px(4)),
            angle=6,
            key=("ce8pile", v.discard[-2], t.pile_h, t.m.floor_px()),
        )
    t.blit_card(surface, art.face(v.top, t.pile_h, t.m.floor_px()), t.discard_rect.center)
    dragging = t.press is not None and t.press["drag"]
    if dragging and t.card_actions(t.press["card"])[1]:
        _glow(
            surface,
            t,
            t.discard_rect,
            t.discard_rect.inflate(m.px(60), m.px(60)).collidepoint(t.press["pos"]),
        )
    # the colours the next discard must match
    y = t.discard_rect.bottom + m.px(44)
    cols = list(v.top_colours)
    colours = _(" or ").join(say(COLOUR_WORDS.get(c, c)) for c in cols)
    rank = art.card_def(v.top).rank
    if str(rank) == "8":  # an eight on top: "or rank 8" would say "or an 8" twice
        label = _("Named: {colours} · or an 8") if v.named else _("Match: {colours} · or an 8")
    else:
        label = (
            _("Named: {colours} · or rank {rank} · or an 8")
            if v.named
            else _("Match: {colours} · or rank {rank} · or an 8")
        )
    label = label.format(colours=colours, rank=rank)
    img = theme.text(
        label, m.font_px(19), theme.GOLD if v.named else theme.TEXT, v.named is not None
    )
    size = m.px(24)
    total = len(cols) * (size + m.px(4)) + img.get_width()
    x = t.discard_rect.centerx - total // 2
    for c in cols:
        sym = symbols.colour_symbol(c, size)
        surface.blit(sym, (x, y))
        x += size + m.px(4)
    surface.blit(img, (x, y + (size - img.get_height()) // 2))
    # table centre: events resolve here; revealed cards
    er = t.event_rect
    shown = list(v.resolving) + list(v.revealed)
    if not shown:
        pygame.draw.rect(surface, (0x2E, 0x63, 0x4C), er, width=m.px(3), border_radius=m.px(14))
        _draw_centre_words(t, surface, er)
    if dragging and t.card_actions(t.press["card"])[0]:
        _glow(surface, t, er, er.inflate(m.px(60), m.px(60)).collidepoint(t.press["pos"]))
    for cid in shown:
        r = t.extra_rects.get(cid)
        if r:
            t.blit_card(surface, art.face(cid, r.h, t.m.floor_px()), r.center)
            if cid in targets:
                _glow(surface, t, r, True)
    if v.revealed:
        top = min((t.extra_rects[c].y for c in shown if c in t.extra_rects), default=er.y)
        theme.blit_text(
            surface,
            msg("Revealed"),
            m.font_px(17),
            (er.x, top - m.px(4)),
            theme.TEXT_DIM,
            False,
            "bottomleft",
        )


def _draw_centre_words(t, surface, er: pygame.Rect) -> None:
    """What the empty table centre is for, inside its box with a margin all round: its
    name over what to do there, centred. The words are smaller (down to the floor) while
    one of them is wider than the box; the name is left off where it does not fit whole
    (the sentence says what the box is for)."""
    m = t.m
    margin = m.px(14)
    room, height = er.w - 2 * margin, er.h - 2 * margin
    name = theme.spoken(msg("Table centre"))
    body = theme.spoken(msg("Drop an event here to play it."))
    px = m.font_px(17)
    while px > m.floor_px() and max(theme.font(px).size(w)[0] for w in body.split()) > room:
        px -= 1
    step = theme.font(px).get_linesize()
    lines = [(line, False) for line in theme.wrap(body, px, room)]
    heading = theme.wrap(name, px, room, True)
    whole = all(theme.font(px, True).size(w)[0] <= room for w in name.split())
    if whole and (len(heading) + len(lines)) * step <= height:
        lines = [(line, True) for line in heading] + lines
    y = er.centery - step * len(lines) // 2
    for line, bold in lines:
        ink = theme.TEXT if bold else theme.TEXT_DIM
        theme.blit_text(surface, line, px, (er.centerx, y), ink, bold, "midtop")
        y += step


def _draw_side(t, surface) -> None:
    """Phase track, whose turn, allowances and the End turn button (right of the centre)."""
    v, m = t.view, t.m
    r = t.side_rect
    x, y = r.x, r.y
    who = " & ".join(t.session.name(s) for s in v.actives) if v.actives else "—"
    theme.blit_text(
        surface, _("Turn: {players}").format(players=who), m.font_px(22), (x, y), theme.TEXT, True
    )
    y += m.px(36)
    cx = x
    for key, word in PHASES:
        on = v.phase == key
        img = theme.text(word, m.font_px(18), (0x1A, 0x17, 0x10) if on else theme.TEXT_DIM, on)
        chip = img.get_rect(topleft=(cx, y)).inflate(m.px(16), m.px(8))
        chip.topleft = (cx, y)
        if on:
            pygame.draw.rect(surface, theme.GOLD, chip, border_radius=chip.h // 2)
        else:
            pygame.draw.rect(surface, (0x3A, 0x55, 0x47), chip, width=1, border_radius=chip.h // 2)
        surface.blit(img, img.get_rect(center=chip.center))
        cx = chip.right + m.px(6)
    y += m.px(44)
    p = v.pending
    # the allowances count the main phase's moves: while a question is open (the cards
    # it reveals or resolves in a strip below) they wait for the answer, unshown
    if t.anchor in v.actives and v.phase == "main" and not v.over and p and p["kind"] == "main":
        for label, n in ((_("Plays left"), v.plays_left), (_("Discards left"), v.discards_left)):
            theme.blit_text(
                surface,
                f"{label}: {n}",
                m.font_px(22),
                (x, y),
                theme.GOLD if n else theme.TEXT_DIM,
                True,
            )
            y += m.px(32)
    if t.ctx.can_act and p and p["kind"] == "main" and "end" in t.legal():
        t.end_button.draw(surface)
        # its key as a key cap inside the button's right end, clear of the border and label
        r, ink = t.end_button.rect, (0x1A, 0x17, 0x10)
        cap = theme.text("E", m.font_px(16), ink, True)
        box = cap.get_rect().inflate(m.px(14), m.px(6))
        box.w = max(box.w, box.h)
        box.midright = (r.right - m.px(14), r.centery)
        pygame.draw.rect(surface, ink, box, width=max(1, m.px(2)), border_radius=m.px(6))
        theme.blit_text(surface, "E", m.font_px(16), box.center, ink, True, "center")


def _draw_panel(t, surface) -> None:
    """The prompt: what is being asked, of whom, and the answers (for the seat at the screen)."""
    v, m = t.view, t.m
    p = v.pending
    r = t.panel_rect
    if v.over or not p:
        return
    x, y = r.x + m.px(16), r.y + m.px(16)
    width = r.w - m.px(32)
    if t.my_decision():
        # grown over your plate for its answers, the panel hides what it covers
        alpha = 215 if r == t.panel_base else 255
        theme.draw_panel(surface, r, m.px(14), alpha=alpha, border=theme.GOLD)
        for line in theme.wrap(t.words(p["prompt"]), m.font_px(22), width, True)[:4]:
            theme.blit_text(surface, line, m.font_px(22), (x, y), theme.GOLD, True)
            y += int(m.font_px(22) * 1.3)
        for b in t.option_buttons:
            b.draw(surface)
            if getattr(b, "decline", False):
                pygame.draw.rect(
                    surface, theme.TEXT_DIM, b.rect, width=1, border_radius=max(4, b.rect.h // 4)
                )
        if t.pager_buttons:  # more answers than the panel holds: which of them show
            for b in t.pager_buttons:
                b.draw(surface)
            shown = t.option_pages[t.option_page[1]]
            words = _("{first}–{last} of {n}").format(
                first=shown[0] + 1, last=shown[-1] + 1, n=len(t.option_texts())
            )
            spot = layout.pager_rects(m, r)[1].center
            theme.blit_text(surface, words, m.font_px(18), spot, theme.TEXT, False, "center")
        return
    theme.draw_panel(surface, r.inflate(0, 0), m.px(14), alpha=150)
    if t.ctx.can_act and p["kind"] == "main":
        lines = [
            (msg("Your main phase"), theme.GOLD, True),
            (
                msg("Play: drag a card to your zone or the table centre (any colour)."),
                theme.TEXT,
                False,
            ),
            (
                msg("Discard: drag it onto the pile (same colour or rank, or an 8)."),
                theme.TEXT,
                False,
            ),
            (msg("Or click a card. Hover a card to read it; Z enlarges."), theme.TEXT_DIM, False),
            (msg("End turn (E) when you are done."), theme.TEXT_DIM, False),
        ]
    else:
        name = t.session.name(p["seat"])
        if p["kind"] == "main":
            lines = [(msg("{player}'s main phase", player=name), theme.TEXT, True)]
        elif not t.ctx.live:  # a replay asks nobody: the question said to its seat is not shown
            lines = []
        else:
            lines = [
                (msg("Waiting for {player}:", player=name), theme.TEXT, True),
                (t.words(p["prompt"]), theme.TEXT_DIM, False),
            ]
        last = _last_lines(t, 4)
        if last:
            lines.append((msg("Last:"), theme.TEXT_DIM, True))
            lines.extend((s, theme.TEXT, False) for s in last)
    step = int(m.font_px(19) * 1.3)
    for text, colour, bold in lines:
        wrapped = theme.wrap(text, m.font_px(19), width, bold)
        if y + len(wrapped) * step > r.bottom - m.px(10):
            return  # a whole item or none: never half a sentence
        for line in wrapped:
            theme.blit_text(surface, line, m.font_px(19), (x, y), colour, bold)
            y += step
        y += m.px(4)


def _last_lines(t, n: int) -> list[str]:
    out = []
    for ev in reversed(t.session.log):
        if ev.kind in ("turn", "deal"):
            break
        text = t.session.words(ev, t.viewer)
        if text:
            out.append(text)
        if len(out) >= n:
            break
    return list(reversed(out))


def _draw_hand(t, surface, targets) -> None:
    m = t.m
    visible = t.viewer == t.anchor
    legal = t.legal() if visible else []
    flying = set(t.anim.tags())
    dragged = t.dragged()
    lift = round(t.hand_h * 0.1)
    deciding = t.my_decision()
    tags = []  # drawn after every card: no card's ring or lifted corner covers a badge
    for i, (cid, (x, y), angle) in enumerate(t.slots):
        if ("card", cid) in flying or cid == dragged:
            continue
        if not visible:
            t.blit_card(surface, cards.back(t.hand_h), (x, y), angle=angle, key=("back", t.hand_h))
            continue
        t.faces_drawn.append(cid)
        t.hand_faces_drawn.append(cid)
        if deciding:
            usable = cid in targets
        else:
            plays, discards = t.card_actions(cid, legal)
            usable = bool(plays or discards)
        img = art.face(cid, t.hand_h, t.m.floor_px())
        key = ("ce8hand", cid, t.hand_h, t.m.floor_px())
        if t.ctx.can_act and not usable:
            img = cards.dimmed(img, key)
            key = ("dim", *key)
        if t.ctx.can_act and usable and (cid == t.hover or i == t.focus):
            y -= lift
        rect = t.blit_card(surface, img, (x, y), angle=angle, key=key)
        if deciding and usable:
            _glow(surface, t, rect, True)
        elif i == t.focus and t.ctx.can_act:
            theme.draw_ring(surface, rect, m)
        if not deciding and t.ctx.can_act and usable:
            plays, discards = t.card_actions(cid, legal)
            tag = _(_TAGS[bool(plays) and bool(discards), bool(discards)])
            step = abs(t.slots[1][1][0] - t.slots[0][1][0]) if len(t.slots) > 1 else rect.w
            tags.append((tag, rect, min(step, rect.w)))
    for tag, rect, visible_w in tags:
        _action_tag(t, surface, tag, rect, visible_w)


def _action_tag(t, surface, tag: str, rect: pygame.Rect, visible_w: float) -> None:
    """What a hand card can do ("play", "discard"), on a gold chip in the blank lower
    part of the card's visible strip: it never reaches past the hand into the zone."""
    m = t.m
    size = m.font_px(16)
    f = theme.font(size, True)
    room = visible_w - m.px(10)
    # a label wider than the card's visible strip goes on two lines ("play" over "discard")
    parts = tag.split(" · ") if f.size(tag)[0] + m.px(12) > room else [tag]
    ls = f.get_linesize()
    w = max(f.size(p)[0] for p in parts) + m.px(12)
    chip = pygame.Rect(0, 0, w, ls * len(parts) + m.px(4))
    chip.midbottom = (rect.x + visible_w / 2, rect.bottom - m.px(16))
    pygame.draw.rect(surface, theme.GOLD, chip, border_radius=m.px(6))
    for k, part in enumerate(parts):
        theme.blit_text(
            surface,
            part,
            size,
            (chip.centerx, chip.y + m.px(2) + k * ls),
            (0x1A, 0x17, 0x10),
            True,
            "midtop",
        )


def draw_overlay(t, surface) -> None:
    p = t.press
    if p is not None and p["drag"] and t.viewer == t.anchor:
        img = art.face(p["card"], t.hand_h, t.m.floor_px())
        cards.blit_lifted(surface, img, t.drag_centre(), (t.m.px(10), t.m.px(16)))
        return
    cid = t.zoom or t.hover
    if not cid or cid.startswith("?") or t.view is None:
        return
    m = t.m
    # the big card sits below the opponents' plates, never over one; its text is the
    # readable copy of the small print on the cards (at least 14 px at 1280×720)
    top = t.opp_band.bottom
    h = min(m.px(560), t.area.bottom - top - m.px(16))
    img = art.face(cid, h, t.m.floor_px())
    rect = img.get_rect()
    pos = t.hover_pos if not t.zoom else (t.area.right, 0)
    if pos[0] > t.area.centerx:
        rect.topleft = (t.area.x + m.px(24), top + m.px(4))
    else:
        rect.topright = (t.area.right - m.px(24), top + m.px(4))
    surface.blit(cards.card_shadow(img.get_size()), rect.move(*cards.shadow_offset(img.get_size())))
    surface.blit(img, rect)
    theme.draw_ring(surface, rect, m, width=3)
