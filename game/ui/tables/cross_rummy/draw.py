"""Drawing the Cross Rummy table (the Table class in cross_rummy.py holds the state)."""

from __future__ import annotations

import pygame

from game.engine.cross_rummy.tiles import pretty
from game.services.i18n import APPLY_HINT, HINT_LABEL, _, capitalised, msg, ngettext, say
from game.ui import cards, theme
from game.ui.tables.cross_rummy.art import tile, tile_back, tile_size
from game.ui.tables.cross_rummy.board_draw import MOVED, badge_spots, blit_tile, draw_board
from game.ui.tables.seats import detail_room, draw_seat_plate, plate_height


def draw_table(t, surface: pygame.Surface) -> None:
    v = t.view
    if v is None:
        return
    draw_board(t, surface)
    _draw_top(t, surface)
    _draw_side(t, surface)
    _draw_rack(t, surface)
    _draw_status(t, surface)
    hint = t.hint or {}
    _draw_problem_tip(t, surface)
    for b in t.buttons():
        if b is t.hint_button:
            b.label = APPLY_HINT if hint.get("kind") in ("lay", "give") else HINT_LABEL
            b.primary = bool(hint)
        if b is t.draw_button:
            b.enabled = "draw" in t.legal()
            if hint.get("kind") == "draw":
                b.primary = True
                theme.draw_ring(surface, b.rect, t.m, radius=10)
        if b is t.done_button:
            b.enabled = t.draft.changed()
            # gold only when the engine finds nothing wrong and a rack tile is down;
            # otherwise neutral (a click still shows the engine's reasons)
            b.primary = b.enabled and bool(t.draft.own) and not t.draft.problems
        if b is t.reset_button:
            b.enabled = t.draft.changed()
        b.draw(surface)


# ---------------------------------------------------------------- the problems, in words


def _tip_numbers(t) -> tuple[list[int], pygame.Rect | None]:
    """The problems whose whole reasons show now, and the rect the tip goes beside (None:
    beside the side panel's list): those naming the tile under the pointer (or under the
    keyboard cursor), the one whose badge is pointed at, or all of them while the
    pointer is on the list."""
    if not t.draft.problems or not t.my_turn() or t.press is not None:
        return [], None
    if t.hover_list:
        return list(range(1, len(t.draft.problems) + 1)), None
    if t.hover_badge is not None:
        return list(t.hover_badge), _badge_rect(t, t.hover_badge[0])
    for cell in (t.hover_cell, t.cursor):
        if cell is not None and cell in t.draft.problem_cells:
            return t.draft.problem_cells[cell], t.cell_rect(cell)
    return [], None


def _badge_rect(t, number: int) -> pygame.Rect:
    for centre, radius, n in badge_spots(t):
        if n == number:
            return pygame.Rect(centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius)
    return pygame.Rect(t.board.center, (0, 0))


def _draw_problem_tip(t, surface) -> None:
    """The whole reasons of the problems pointed at: beside the tile or badge, or left of
    the side panel's list (where a reason may have been shortened)."""
    numbers, near = _tip_numbers(t)
    numbers = [n for n in numbers if n - 1 < len(t.draft.problems)]
    if not numbers:
        return
    m = t.m
    size = m.font_px(19)
    width = min(m.px(560), t.board.w - m.px(40))
    line_h = theme.font(size).get_linesize()
    reasons = [
        theme.wrap(f"{n}. {say(t.draft.problems[n - 1].text)}", size, width - m.px(18))
        for n in numbers
    ]
    gap = m.px(8)
    height = sum(len(r) for r in reasons) * line_h + gap * (len(reasons) - 1) + m.px(18)
    box = pygame.Rect(0, 0, width + m.px(24), height)
    area = t.board.union(t.side)
    if near is None:  # beside the list: left of the side panel, level with the list
        lst = t.problem_list_rect or t.side
        box.topright = (t.side.x - m.px(10), lst.y)
    else:
        box.midtop = (near.centerx, near.bottom + m.px(8))
        if box.bottom > t.board.bottom:
            box.midbottom = (near.centerx, near.top - m.px(8))
    box.clamp_ip(area)
    theme.draw_panel(surface, box, m.px(10), alpha=245, border=theme.ERROR)
    y = box.y + m.px(9)
    for lines in reasons:
        for k, line in enumerate(lines):
            x = box.x + m.px(12) + (m.px(18) if k else 0)
            theme.blit_text(surface, line, size, (x, y), theme.TEXT)
            y += line_h
        y += gap


def _draw_problem_list(t, surface, y: int) -> int:
    """The engine's reasons, numbered like the badges on the board, in the side panel."""
    if not t.draft.problems:
        t.problem_list_rect = None
        return y
    m, side = t.m, t.side
    top = y
    size = m.font_px(18)
    width = side.w - m.px(36)
    line_h = int(size * 1.28)
    theme.blit_text(
        surface, msg("Not valid yet:"), m.font_px(20), (side.x + m.px(18), y), theme.ERROR, True
    )
    y += m.px(30)
    bottom = side.bottom - m.px(8)
    # continuation lines are indented (and the last one may get " …"): wrap narrower
    width -= m.px(18) + theme.font(size).size(" …")[0]
    lines = [
        (k, line, i)
        for i, p in enumerate(t.draft.problems[:6])
        for k, line in enumerate(theme.wrap(f"{i + 1}. {say(p.text)}", size, width))
    ]
    if len(lines) * line_h > bottom - y:  # not all fit: say where the rest is
        note = theme.wrap(msg("point here to read them in full"), m.font_px(16), width)
        note_h = theme.font(m.font_px(16)).get_linesize()
        if bottom - note_h * len(note) - m.px(4) - y < line_h:  # keep a line for a reason
            note = [theme.fit_text(msg("point here"), m.font_px(16), side.w - m.px(36))]
        bottom -= note_h * len(note) + m.px(4)
        for k, line in enumerate(note):
            theme.blit_text(
                surface,
                line,
                m.font_px(16),
                (side.x + m.px(18), bottom + m.px(4) + k * note_h),
                theme.TEXT_DIM,
            )
    # pointing anywhere on the list shows every reason in full beside it
    t.problem_list_rect = pygame.Rect(side.x, top, side.w, side.bottom - top)
    for n, (k, line, i) in enumerate(lines):
        if y + line_h > bottom:
            return y
        if n + 1 < len(lines):
            gap = m.px(6) if lines[n + 1][2] != i else 0
            if y + line_h + gap + line_h > bottom:
                line += " …"  # the rest does not fit: say that it goes on
        x = side.x + m.px(18) + (0 if k == 0 else m.px(18))
        theme.blit_text(surface, line, size, (x, y), theme.TEXT)
        y += line_h
        if n + 1 == len(lines) or lines[n + 1][2] != i:
            y += m.px(6)
    return y


# ---------------------------------------------------------------- top: round and opponents


def _draw_top(t, surface) -> None:
    v, m = t.view, t.m
    a = t.area
    round_words = _("Round {round} of {rounds}").format(round=v.round, rounds=v.rounds)
    theme.blit_text(
        surface,
        round_words,
        m.font_px(26),
        (a.x + m.px(24), a.y + m.px(18)),
        theme.TEXT,
        True,
    )
    theme.blit_text(
        surface,
        msg("lowest total wins"),
        m.font_px(19),
        (a.x + m.px(24), a.y + m.px(54)),
        theme.TEXT_DIM,
    )
    opponents = t.seat_order()[1:]
    gap = m.px(18)
    title_w = max(
        theme.font(m.font_px(26), True).size(round_words)[0],
        theme.font(m.font_px(19)).size(msg("lowest total wins"))[0],
    )
    x = max(a.x + m.px(260), a.x + m.px(24) + title_w + gap)
    # the plates share the width between the title and the scene's buttons; a plate
    # narrower than its detail shortens the detail (draw_seat_plate)
    chrome = max(m.px(160), t.ctx.extra.get("chrome_w", 0) + m.px(12))
    room = a.right - chrome - x - gap * (len(opponents) - 1)
    cur = t.on_move()
    for seat in opponents:
        opened = _("opened ✓") if v.opened[seat] else _("not opened")
        n = v.rack_counts[seat]
        detail = " · ".join(
            (
                ngettext("{n} tile", "{n} tiles", n).format(n=n),
                _("{n} pts").format(n=t.points(seat)),
                opened,
            )
        )
        want = max(m.px(240), theme.font(m.font_px(21)).size(detail)[0] + m.px(40))
        w = min(want, room // max(1, len(opponents)))
        h = m.px(96)
        if not m.fits(detail, detail_room(m, w)):
            # too narrow for one line even at the smallest readable size: whether the
            # seat has opened goes on a line of its own, the plate as tall as it needs
            detail = detail.rpartition(" · ")[0] + "\n" + opened
            h = max(h, plate_height(m, 2))
        rect = pygame.Rect(x, a.y + m.px(12), w, h)
        active = cur == seat and not v.over
        note = ""
        if active:
            if v.phase == "swap":
                note = _("choosing tiles to pass…")
            elif not t.session.seats[seat].human:
                note = _("thinking…")
        draw_seat_plate(surface, m, rect, t.session.name(seat), detail, active, False, note)
        t.seat_points[seat] = rect.center
        x += w + gap


# ---------------------------------------------------------------- side: market, bag, groups


def _draw_side(t, surface) -> None:
    v, m, side = t.view, t.m, t.side
    theme.draw_panel(surface, side, m.px(14), alpha=170)
    theme.blit_text(
        surface,
        msg("Market"),
        m.font_px(24),
        (side.centerx, side.y + m.px(14)),
        theme.TEXT,
        True,
        "midtop",
    )
    can_take = t.ctx.can_act and v.phase == "turn"
    legal = t.legal() if can_take else []
    for name, rect in t.market_slots:
        takeable = f"take:{name}" in legal
        img = tile(name, rect.h)
        hinted = bool(t.hint) and t.hint["kind"] == "take" and t.hint["tile"] == name
        picked = takeable and t.market_pick == name
        lift = m.px(5) if takeable and (t.hover == name or hinted) else 0
        lift = m.px(10) if picked else lift
        r = rect.move(0, -lift)
        blit_tile(surface, img, r)
        if takeable and not picked:
            theme.draw_ring(surface, r, m, width=3, radius=10)
        if hinted:  # the hinted tile stands out from the other takeable ones: a wide halo
            theme.draw_ring(surface, r.inflate(m.px(10), m.px(10)), m, width=5, radius=14)
        if picked:  # chosen, waiting for Take: a solid gold frame, like a picked rack tile
            theme.draw_ring(surface, r, m, radius=10)
    row = t.market_row
    if can_take and t.market_pick is None and any(a.startswith("take:") for a in legal):
        size = m.font_px(18)
        lines = theme.wrap(_("click a tile, then Take"), size, side.w - m.px(32))
        line_h = theme.font(size).get_linesize()
        ty = row.centery - len(lines) * line_h // 2
        for line in lines:
            theme.blit_text(surface, line, size, (side.centerx, ty), theme.GOLD, False, "midtop")
            ty += line_h
    y = row.bottom + m.px(14)
    bag = ngettext("{n} tile", "{n} tiles", v.bag_count).format(n=v.bag_count)
    _side_line(t, surface, _("Bag"), bag, y)
    y += m.px(42)
    n = t.draft.group_count()
    over = n > v.group_limit
    groups = _("{n} of {limit}").format(n=n, limit=v.group_limit)
    _side_line(t, surface, _("Groups"), groups, y, theme.ERROR if over else None)
    y += m.px(42)
    everyone = all(v.opened)
    note = _("everyone has opened") if everyone else _("new groups only by opening")
    size = m.font_px(18)
    for line in theme.wrap(note, size, side.w - m.px(40)):
        theme.blit_text(surface, line, size, (side.x + m.px(20), y), theme.TEXT_DIM)
        y += int(size * 1.3)
    y += m.px(40) - int(size * 1.3)
    # the legend: the marks of the last lays, and the outlines of the tiles being laid
    legend: list[tuple[tuple, str, bool]] = []
    if t.marks and not t.draft.changed() and not t.hint:
        legend += [(theme.GOLD, msg("laid last turn"), True), (MOVED, msg("moved last turn"), True)]
    if t.my_turn():
        # each outline only while the board shows one
        if t.draft.own:
            legend.append((theme.SUCCESS, msg("from your rack"), False))
        if t.draft.bad:
            legend.append((theme.ERROR, msg("breaks a rule"), False))
    legend_h = sum(_legend_height(t, words) for __, words, ___ in legend)
    if "SWAP" in v.removed or "DRAW3" in v.removed:
        swaps, draws = v.removed.count("SWAP"), v.removed.count("DRAW3")
        parts = [_("{n}× Swap").format(n=swaps)] if swaps else []
        if draws:
            parts.append(_("{n}× Draw Three").format(n=draws))
        size = m.font_px(17)
        played = theme.wrap(
            _("Events played: {list}").format(list=", ".join(parts)), size, side.w - m.px(40)
        )
        played_h = len(played) * int(size * 1.3) + m.px(12)
        # the events played are in the log too: on a short panel the legend has the room
        if y + played_h + legend_h <= side.bottom - m.px(8):
            for line in played:
                theme.blit_text(surface, line, size, (side.x + m.px(20), y), theme.TEXT_DIM)
                y += int(size * 1.3)
            y += m.px(12)
    for colour, words, filled in legend:
        y = _legend_line(t, surface, colour, words, y, filled)
    if t.my_turn():
        _draw_problem_list(t, surface, y + m.px(10))
    else:
        t.problem_list_rect = None


def _legend_lines(t, words) -> tuple[list[str], int, int]:
    """A legend entry's lines (wrapped beside its swatch), their size and line height."""
    m, side = t.m, t.side
    size = m.font_px(17)
    room = side.right - m.px(12) - (side.x + m.px(52))
    return theme.wrap(say(words), size, room), size, theme.font(size).get_linesize()


def _legend_height(t, words) -> int:
    lines, __, line_h = _legend_lines(t, words)
    return max(t.m.px(32), len(lines) * line_h + t.m.px(10))


def _legend_line(t, surface, colour, words, y: int, filled: bool) -> int:
    """A legend swatch and its words, wrapped inside the panel ("im letzten Zug
    verschoben" takes two lines where it must); returns the y below it."""
    m, side = t.m, t.side
    pygame.draw.rect(
        surface,
        colour,
        (side.x + m.px(20), y + m.px(3), m.px(22), m.px(22)),
        width=0 if filled else m.px(3),
        border_radius=m.px(4),
    )
    lines, size, line_h = _legend_lines(t, words)
    x = side.x + m.px(52)
    for k, line in enumerate(lines):
        theme.blit_text(surface, line, size, (x, y + m.px(3) + k * line_h), theme.TEXT_DIM)
    return y + _legend_height(t, words)


def _side_line(t, surface, label: str, value: str, y: int, colour=None) -> None:
    m, side = t.m, t.side
    theme.blit_text(surface, label, m.font_px(21), (side.x + m.px(20), y), theme.TEXT_DIM)
    theme.blit_text(
        surface,
        value,
        m.font_px(23),
        (side.right - m.px(20), y),
        colour or theme.TEXT,
        True,
        "topright",
    )


# ---------------------------------------------------------------- bottom: rack, plate, status


def _draw_rack(t, surface) -> None:
    v, m = t.view, t.m
    me = t.anchor
    theme.draw_panel(surface, t.rack_rect, m.px(14), alpha=150)
    visible = t.viewer == me
    dragged = (
        t.press["index"] if t.press and t.press["kind"] == "rack" and t.press["drag"] else None
    )
    swap = t.swap_choice()
    hinted = _hinted_rack(t) if visible else set()
    for i, (name, rect) in enumerate(t.rack_slots):
        if i == dragged:
            continue
        if not visible:
            blit_tile(surface, tile_back(rect.h), rect)
            continue
        if i in hinted:
            theme.draw_ring(surface, rect, t.m, radius=10)
        t.hand_faces_drawn.append(name)
        t.faces_drawn.append(name)
        picked = (swap and i in t.selected) or (i == t.focus and t.ctx.can_act)
        r = rect.move(0, -m.px(12)) if picked else rect
        blit_tile(surface, tile(name, rect.h), r)
        if picked:
            theme.draw_ring(surface, r, m, radius=10)
    opened = _("opened ✓") if v.opened[me] else _("not opened yet")
    n = v.rack_counts[me]
    detail = ngettext("{n} tile", "{n} tiles", n).format(n=n) + " · " + opened
    active = t.on_move() == me
    draw_seat_plate(surface, m, t.plate_rect, t.session.name(me), detail, active, False)
    theme.blit_text(
        surface,
        _("{n} pts").format(n=t.points(me)),
        m.font_px(20),
        (t.plate_rect.x + m.px(18), t.plate_rect.bottom - m.px(10)),
        theme.TEXT_DIM,
        anchor="bottomleft",
    )


def _hinted_rack(t) -> set:
    """Rack slots the hint uses: the tiles of a hinted lay, pass or event."""
    h = t.hint or {}
    names = {
        "lay": lambda: h["added"].values(),
        "give": lambda: h["tiles"],
        "event": lambda: [h["tile"]],
    }.get(h.get("kind"))
    return set(t.slots_for(names())) if names else set()


def _status_text(t) -> tuple[str, tuple]:
    v = t.view
    cur = t.on_move()
    if v.over:
        return "", theme.TEXT
    if t.hint and t.ctx.can_act:
        return t.hint["text"], theme.GOLD
    if t.swap_choice():
        left = t.session.name((t.anchor + 1) % v.players)
        need = min(2, len(t.rack_slots))
        return (
            ngettext(
                "Swap: click {n} tile to pass face down to {player}, then Pass",
                "Swap: click {n} tiles to pass face down to {player}, then Pass",
                need,
            ).format(n=need, player=left),
            theme.GOLD,
        )
    if t.ctx.can_act:
        legal = t.legal()
        if t.market_pick is not None and v.phase == "turn":
            words = say(pretty(t.market_pick))
            return (
                capitalised(  # the tile's words may open the line ("grün 5 nehmen …")
                    _("Take {tile} and end your turn? Take (Enter) · Esc cancels").format(
                        tile=words
                    )
                ),
                theme.GOLD,
            )
        if legal == ["pass"]:
            return _("Nothing is possible: pass"), theme.GOLD
        if all(a.startswith("lay:") for a in legal):
            return _("Only a lay is left: drag tiles onto the board, then Done"), theme.GOLD
        if t.draft.changed():
            n = len(t.draft.own)
            verdict = _("ready: press Done") if not t.draft.problems else _("fix the marked lines")
            return (
                ngettext(
                    "Your lay: {n} tile from your rack, {verdict}",
                    "Your lay: {n} tiles from your rack, {verdict}",
                    n,
                ).format(n=n, verdict=verdict),
                theme.GOLD,
            )
        if not v.opened[t.anchor]:
            return (
                _("Your turn: open with 3+ of your own tiles, or take, draw or play an event"),
                theme.GOLD,
            )
        return (
            _(
                "Your turn: lay tiles (drag to the board), take from the market, draw or play "
                "an event"
            ),
            theme.GOLD,
        )
    if cur is None:
        return "", theme.TEXT
    who = t.session.name(cur)
    if v.phase == "swap":
        return _("Swap: {player} is choosing two tiles to pass").format(player=who), theme.TEXT_DIM
    if t.session.seats[cur].human:
        return _("{player}'s turn").format(player=who), theme.TEXT
    return _("{player} is thinking…").format(player=who), theme.TEXT_DIM


def _draw_status(t, surface) -> None:
    m = t.m
    text, colour = _status_text(t)
    if text:
        # a long line (a hint naming its tiles) gets a smaller size before it is cut short
        # the row under the board and the side panel: a long prompt (German) is whole
        row = pygame.Rect(t.board.x, 0, t.side.right - t.board.x, 1)
        text, px = theme.shrink_to_fit(text, m.font_px(23), row.w - m.px(30), colour == theme.GOLD)
        img = theme.text(text, px, colour, colour == theme.GOLD)
        rect = img.get_rect(center=(row.centerx, t.status_y))
        theme.draw_panel(surface, rect.inflate(m.px(30), m.px(12)), m.px(10), alpha=170)
        surface.blit(img, rect)
    last = _last_move(t)
    if last:  # the whole line is in the log; here one line in its strip above the board
        strip = t.last_rect
        last = theme.fit_text(last, m.font_px(18), strip.w - m.px(28), report=False)
        img = theme.text(last, m.font_px(18), theme.TEXT_DIM)
        box = img.get_rect(midleft=(strip.x + m.px(14), strip.centery))
        theme.draw_panel(surface, box.inflate(m.px(20), m.px(6)), m.px(8), alpha=190)
        surface.blit(img, box)


def _last_move(t) -> str:
    for ev in reversed(t.session.log):
        if ev.kind in ("lay", "take", "draw", "event", "pass", "give"):
            return t.session.words(ev, t.viewer)
    return ""


def draw_overlay(t, surface) -> None:
    p = t.press
    if p is None or not p["drag"] or p["kind"] not in ("rack", "cell"):
        return
    if p["kind"] == "cell":
        _, ch = t.cell_size()
        h = ch - 2 * max(1, t.cell_size()[0] // 16)
    else:
        h = t.rack_h
    if t.board.collidepoint(p["pos"]):
        _, ch = t.cell_size()
        h = ch - 2 * max(1, t.cell_size()[0] // 16)
    img = tile(p["name"], h)
    over_board = t.board.collidepoint(p["pos"])
    centre = p["pos"] if over_board else (p["pos"][0] - p["grab"][0], p["pos"][1] - p["grab"][1])
    rect = img.get_rect(center=centre)
    sh = cards.card_shadow(img.get_size())
    surface.blit(sh, (rect.x + t.m.px(6), rect.y + t.m.px(10)))
    surface.blit(img, rect)


__all__ = ["draw_overlay", "draw_table", "tile_size"]
