"""Where the Crazier Eights table puts things, for a window area and the cards shown.

Pure arithmetic over sizes, no drawing and no table: ``fixed_layout`` is where the
parts that depend only on the window sit (the opponents' band, draw and discard
piles, the centre where events resolve, your zone and plate, the prompt panel, the
side panel and the End turn button), a frozen ``TableLayout``; the functions after it
place what a view brings (the hand's fan, assets in a zone, the opponents' plates,
the cards shown in the centre, the prompt's answers and the panel grown for them).
Also the hand's order and the answer button (labels on as many lines as they need).
The Table keeps the rectangles of the layout now and its state and input; the
painting reads the Table.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

import game.ui.tables.crazier_eights.art as art
from game.services.i18n import _, ngettext
from game.ui import cards, theme
from game.ui.tables.fan import fan_slots
from game.ui.tables.seats import detail_room
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


# -- the parts that depend only on the window


@dataclass(frozen=True)
class TableLayout:
    """Where the window's fixed parts sit (window pixels)."""

    opp_band: pygame.Rect  # the opponents' plates and assets across the top
    pile_h: int  # the piles' card height
    draw_rect: pygame.Rect
    discard_rect: pygame.Rect
    event_rect: pygame.Rect  # the table centre, where events resolve
    hand_h: int  # the hand's card height before a long hand shrinks it
    hand_base: int  # the y of the hand fan's middle
    zone_card_h: int  # your assets' card height
    zone_rect: pygame.Rect  # your asset zone as laid out (an answer panel may narrow it)
    plate_rect: pygame.Rect  # your plate
    panel_rect: pygame.Rect  # the prompt panel as laid out (its answers may grow it)
    side_rect: pygame.Rect  # the phase track right of the centre
    end_button: pygame.Rect
    end_text_px: int


def fixed_layout(area: pygame.Rect, m, end_label: str) -> TableLayout:
    """The fixed parts for ``area`` at metrics ``m``; ``end_label`` sizes End turn."""
    top_y = area.y + m.px(64)
    opp_band = pygame.Rect(area.x + m.px(16), top_y, area.w - m.px(32), m.px(270))
    pile_h = m.px(176)
    cw, ch = cards.card_size(pile_h)
    centre_y = opp_band.bottom + m.px(40) + ch // 2
    gap = m.px(34)
    cx = area.centerx + m.px(40)
    draw_rect = pygame.Rect(0, 0, cw, ch)
    draw_rect.center = (cx - cw - gap, centre_y)
    discard_rect = pygame.Rect(0, 0, cw, ch)
    discard_rect.center = (cx, centre_y)
    event_rect = pygame.Rect(0, 0, cw + m.px(20), ch + m.px(20))
    event_rect.center = (cx + cw + gap + m.px(10), centre_y)
    hand_h = m.px(204)
    hand_base = area.bottom - m.px(34) - hand_h // 2
    hand_top = hand_base - hand_h // 2
    zone_rect = pygame.Rect(area.x + m.px(300), hand_top - m.px(178), area.w - m.px(600), m.px(166))
    plate_rect = pygame.Rect(area.x + m.px(20), zone_rect.y + m.px(6), m.px(260), m.px(92))
    panel_rect = pygame.Rect(
        area.x + m.px(20),
        opp_band.bottom + m.px(24),
        m.px(420),
        zone_rect.y - opp_band.bottom - m.px(36),
    )
    right = event_rect.right + m.px(36)
    side_rect = pygame.Rect(
        right,
        opp_band.bottom + m.px(24),
        area.right - right - m.px(20),
        zone_rect.y - opp_band.bottom - m.px(36),
    )
    # wide enough for the label in any language, centred, and the "E" key cap at its
    # right end (the same room on the left keeps the label in the middle)
    label_w = theme.font(m.font_px(26), True).size(end_label)[0]
    end_button = pygame.Rect(0, 0, max(m.px(220), label_w + m.px(120)), m.px(60))
    # above the two lines of "play" / "discard" labels over the hand's right end
    labels = 2 * theme.font(m.font_px(16), True).get_linesize() + m.px(8)
    end_button.bottomright = (area.right - m.px(24), zone_rect.bottom - labels)
    return TableLayout(
        opp_band=opp_band,
        pile_h=pile_h,
        draw_rect=draw_rect,
        discard_rect=discard_rect,
        event_rect=event_rect,
        hand_h=hand_h,
        hand_base=hand_base,
        zone_card_h=m.px(132),
        zone_rect=zone_rect,
        plate_rect=plate_rect,
        panel_rect=panel_rect,
        side_rect=side_rect,
        end_button=end_button,
        end_text_px=m.font_px(26),
    )


# -- what a view brings


def hand_fan(area: pygame.Rect, m, hand: list[str], base: int) -> tuple[int, list]:
    """(card height, slots) of the hand fanned along ``base``: a slot is (card, centre,
    angle). Every card keeps its left 80 % in view (its words are drawn there): a long
    hand gets smaller cards instead of covering them more."""
    n = len(hand)
    max_w = area.w - 2 * m.px(150)
    hand_h = m.px(204)
    cw = cards.card_size(hand_h)[0]
    if n > 1 and cw + (n - 1) * cw * 0.8 > max_w:
        hand_h = max(m.px(120), int(hand_h * max_w / (cw + (n - 1) * cw * 0.8)))
        cw = cards.card_size(hand_h)[0]
    step = min(cw * 0.86, (max_w - cw) / max(1, n - 1))
    tilt = min(2.0, 16 / max(1, n))
    return hand_h, fan_slots(hand, area.centerx, base, step, tilt, m.px(12))


def place_assets(m, ids: list[str], area: pygame.Rect, max_h: int) -> dict[str, pygame.Rect]:
    """Asset cards in rows centred in ``area``, as large as fits up to ``max_h``."""
    out: dict[str, pygame.Rect] = {}
    if not ids:
        return out
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
        out[cid] = pygame.Rect(x0 + col * (w + gap), area.y + row * (h + gap), w, h)
    return out


def narrow_detail(m, plate_w: int, parts: list[str]) -> str:
    """A narrow plate's detail lines from its parts (cards, assets, and in a match the
    points): the cards first; in a match the points beside them when both fit, else
    each part on a line of its own, so no part is ever cut."""
    if len(parts) < 3:
        return "\n".join([parts[0], " · ".join(parts[1:])] if len(parts) > 1 else parts)
    first = f"{parts[0]} · {parts[2]}"
    if theme.font(m.font_px(21)).size(first)[0] <= detail_room(m, plate_w):
        return f"{first}\n{parts[1]}"
    return "\n".join((parts[0], parts[1], parts[2]))


def plate_shape(m, slot_w: int) -> tuple[bool, int]:
    """(narrow, height) of an opponent's plate in a slot ``slot_w`` wide. A plate too
    narrow for "8 cards · 2 assets" and a note beside the name stacks them: cards,
    assets (and points), then the note, each on its own line."""
    f = theme.font(m.font_px(16))
    widest = " · ".join(
        (
            ngettext("{n} card", "{n} cards", 88).format(n=88),
            ngettext("{n} asset", "{n} assets", 18).format(n=18),
            _("{n} pts").format(n=188),
        )
    )
    narrow = slot_w - m.px(12) < f.size(widest)[0] + m.px(36)
    # a match's widest detail on a narrow plate: as many lines as narrow_detail gives it
    split = narrow_detail(m, slot_w - m.px(12), widest.split(" · ")).count("\n") + 1
    # one more detail line (at the plate's detail size) and the note line
    more = theme.font(m.font_px(21)).get_linesize() + f.get_linesize() + m.px(4)
    detail_line = theme.font(m.font_px(21)).get_linesize()
    plate_h = m.px(74) + (more + (split - 2) * detail_line if narrow else 0)
    # the name and detail lines never drop below the floor, so a plate in a short
    # window (a replay's, above its bar) is as tall as they need
    lines = split if narrow else 1
    need = (
        m.px(14)
        + theme.font(m.font_px(26), True).get_height()
        + lines * theme.font(m.font_px(21)).get_linesize()
        + (f.get_linesize() if narrow else 0)
        + m.px(8)
    )
    return narrow, max(plate_h, need)


def shown_rects(m, shown: list[str], lay: TableLayout) -> dict[str, pygame.Rect]:
    """The cards resolving or revealed: one large in the centre, several in a strip
    under the phase track, within the centre's right."""
    out: dict[str, pygame.Rect] = {}
    if not shown:
        return out
    event_rect, side_rect = lay.event_rect, lay.side_rect
    h = m.px(96) if len(shown) > 1 else lay.pile_h
    w = cards.card_size(h)[0]
    step = min(w + m.px(6), max(m.px(20), (side_rect.w - w) // max(1, len(shown) - 1)))
    x0 = (
        event_rect.centerx - (w + step * (len(shown) - 1)) // 2 if len(shown) == 1 else event_rect.x
    )
    if len(shown) > 1:
        room = side_rect.right - event_rect.x - w
        step = min(w + m.px(6), max(m.px(20), room // (len(shown) - 1)))
    for k, cid in enumerate(shown):
        r = pygame.Rect(0, 0, w, h)
        r.bottomleft = (x0 + k * step, lay.discard_rect.bottom)
        if len(shown) == 1:
            r.center = event_rect.center
        out[cid] = r
    return out


def prompt_height(m, prompt: str, panel_w: int) -> int:
    """The height of a prompt's question (up to four lines) in a panel ``panel_w`` wide."""
    lines = theme.wrap(prompt, m.font_px(22), panel_w - m.px(32), True)
    return len(lines[:4]) * int(m.font_px(22) * 1.3) + m.px(8)


def option_grid(m, texts: list[str], avail: int, panel_w: int) -> tuple[int, int, list[int], bool]:
    """(columns, text px, each button's height, wrapped) for the answers: every label whole at
    the size floor or above. One column before two (a name with its owner, "4. König
    Artus (Chloé)", rarely fits half the panel), the largest size that fits; when no
    single-line layout fits, one column whose buttons wrap their labels."""
    n = len(texts)
    gap = m.px(6)
    floor = m.floor_px()
    for cols in (1, 2):
        per_col = -(-n // cols)
        h = min(m.px(46), avail // per_col - gap)
        w = (panel_w - m.px(32) - (cols - 1) * m.px(8)) // cols
        if h < theme.font(floor, True).get_linesize() + m.px(8):
            continue
        room = OptionButton.room(w)
        for px in range(m.font_px(20), floor - 1, -1):
            if max(theme.font(px, True).size(theme.spoken(t))[0] for t in texts) <= room:
                return cols, px, [h] * n, False
    w = panel_w - m.px(32)
    step = theme.font(floor, True).get_linesize()
    heights = [
        len(theme.wrap(t, floor, OptionButton.room(w), True)) * step + m.px(12) for t in texts
    ]
    return 1, floor, heights, True


def option_places(m, texts: list[str], panel: pygame.Rect, top: int) -> tuple[list, int]:
    """([rectangle of each answer], text px): the answers in columns under the
    question (which ends at ``top``) in ``panel``."""
    avail = panel.bottom - top - m.px(12)
    cols, px, heights, __ = option_grid(m, texts, avail, panel.w)
    per_col = -(-len(texts) // cols)
    gap = m.px(6)
    w = (panel.w - m.px(32) - (cols - 1) * m.px(8)) // cols
    y_of = [top] * cols
    places = []
    for i in range(len(texts)):
        col = i // per_col
        x = panel.x + m.px(16) + col * (w + m.px(8))
        places.append(pygame.Rect(x, y_of[col], w, heights[i]))
        y_of[col] += heights[i] + gap
    return places, px


def option_pages(m, texts: list[str], panel: pygame.Rect, top: int) -> list[range]:
    """The answers split into pages that each fit ``panel`` under the question (which
    ends at ``top``): one page when all fit, else as many answers a page as fit above a
    row kept at the panel's foot for turning pages (``pager_rects``)."""
    places, __ = option_places(m, texts, panel, top)
    if not places or max(r.bottom for r in places) <= panel.bottom - m.px(12):
        return [range(len(texts))]
    room = pygame.Rect(panel.x, panel.y, panel.w, panel.h - pager_height(m) - m.px(6))
    pages, start = [], 0
    while start < len(texts):
        end = start + 1
        while end < len(texts):
            places, __ = option_places(m, texts[start : end + 1], room, top)
            if max(r.bottom for r in places) > room.bottom - m.px(12):
                break
            end += 1
        pages.append(range(start, end))
        start = end
    return pages


def pager_height(m) -> int:
    return m.px(44)


def pager_rects(m, panel: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """(earlier button, the page's words, later button) in the row at the panel's foot."""
    h = pager_height(m)
    y = panel.bottom - m.px(12) - h
    earlier = pygame.Rect(panel.x + m.px(16), y, h * 3 // 2, h)
    later = pygame.Rect(panel.right - m.px(16) - h * 3 // 2, y, h * 3 // 2, h)
    words = pygame.Rect(earlier.right, y, later.x - earlier.right, h)
    return earlier, words, later


def fitted_panel(
    m, lay: TableLayout, texts: list[str], prompt_h: int, hand: tuple[int, list], area
) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """(prompt panel, your zone, your plate): as laid out, or, when the answers ``texts``
    need more room, the panel taller down to just above the hand (``(card height,
    slots)``), with your plate moved right of it and your zone right of the plate: the
    answers are what the screen is about until you choose, and what you hold (the
    plate's cards and assets, its "choosing…") stays in view beside them."""
    panel, zone, plate = lay.panel_rect.copy(), lay.zone_rect.copy(), lay.plate_rect.copy()
    if not texts:
        return panel, zone, plate
    top = panel.y + m.px(20) + prompt_h
    avail = panel.bottom - top - m.px(12)
    if not option_grid(m, texts, avail, panel.w)[3]:
        return panel, zone, plate  # every answer on one line in the panel as it is
    hand_h, slots = hand
    lowest = lay.hand_base - hand_h // 2 - m.px(16)
    cw = cards.card_size(hand_h)[0]
    hand_left = min((x for __, (x, __), __ in slots), default=area.right) - cw
    if hand_left > panel.right + m.px(8):
        # the hand starts right of the panel: the panel may reach the window's foot
        lowest = area.bottom - m.px(16)
    most = lowest - top - m.px(12)
    cols, __, heights, __ = option_grid(m, texts, most, panel.w)
    per_col = -(-len(texts) // cols)
    need = max(
        sum(heights[c * per_col : (c + 1) * per_col]) + m.px(6) * (per_col - 1) for c in range(cols)
    )
    panel.h += min(need, most) - avail
    if panel.bottom > plate.y - m.px(8):
        plate.x = panel.right + m.px(16)
    if panel.bottom > zone.y - m.px(8):
        # End turn is not offered while you answer: your zone takes its room on the right
        right = max(zone.right, area.right - m.px(20))
        zone.x = max(zone.x, panel.right + m.px(16), plate.right + m.px(16))
        zone.w = right - zone.x
    return panel, zone, plate


def covered(panel: pygame.Rect, parts: dict[str, pygame.Rect]) -> list[str]:
    """The names of the ``parts`` (name -> rectangle) the prompt ``panel`` covers."""
    return [name for name, r in parts.items() if r.w and r.h and panel.colliderect(r)]
