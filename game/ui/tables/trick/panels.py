"""Panels of the trick table: the in-table choice panel (prediction, plus colour, trump
cards) drawn over the empty trick area so your hand stays in view, and the round
score sheet with one line per player and one column per fact of the round."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

import game.ui.tables.trick.geometry as geometry
from game.services.i18n import N_, _, msg
from game.ui import symbols, theme
from game.ui.widgets import RoundSheet


@dataclass
class Option:
    label: str
    value: object
    icon: object = None  # icon(size) -> Surface, or None
    enabled: bool = True
    why: str = ""  # shown when a disabled option is clicked


@dataclass
class ChoicePanel:
    key: object  # identifies the decision; a new key rebuilds the panel
    title: str
    body: list[str]
    options: list[Option]
    on_pick: object  # on_pick(value)
    tile: tuple[int, int] = (92, 92)  # reference pixels
    icon_px: int = 0
    focus: int = 0
    hover: int = -1
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    tiles: list = field(default_factory=list)

    def layout(self, t) -> None:
        """Centre the panel on the trick, between the side seats' plates: the body wraps
        and the tiles go onto more rows (then shrink) rather than cover a plate."""
        m, a = t.m, t.area
        n = len(self.options)
        gap = m.px(14)
        plates = list(geometry.plate_rects(t).values()) if t.view is not None else []
        top_lim = a.y + m.px(8)
        bottom_lim = getattr(t, "status_y", a.bottom) - m.px(44)
        lo, hi = a.x + m.px(8), a.right - m.px(8)
        cx = t.centre[0]
        for p in plates:
            if p.left < cx < p.right:
                top_lim = max(top_lim, p.bottom + m.px(8))
        self.lines = list(self.body)
        for _attempt in range(4):
            for scale in (1.0, 0.85, 0.7, 0.6):
                tw, th = round(m.px(self.tile[0]) * scale), round(m.px(self.tile[1]) * scale)
                room = hi - lo
                per_row = max(1, min(n, (room - m.px(40) + gap) // (tw + gap)))
                rows = -(-n // per_row)
                per_row = -(-n // rows)
                row = per_row * tw + (per_row - 1) * gap
                fs = m.font_px(23)
                self.lines = [
                    ln for line in self.body for ln in theme.wrap(line, fs, room - m.px(40))
                ]
                longest = max((theme.font(fs).size(ln)[0] for ln in self.lines), default=0)
                width = min(room, max(row + m.px(60), longest + m.px(60), m.px(700)))
                height = (
                    m.px(78)
                    + len(self.lines) * int(fs * 1.4)
                    + rows * th
                    + (rows - 1) * gap
                    + m.px(36)
                )
                if height <= bottom_lim - top_lim:
                    break
            self.rect = pygame.Rect(0, 0, width, height)
            self.rect.center = (min(max(cx, lo + width // 2), hi - width // 2), t.centre[1])
            if self.rect.bottom > bottom_lim:
                self.rect.bottom = bottom_lim
            if self.rect.top < top_lim:
                self.rect.top = top_lim
            # side plates level with the panel narrow the room it may use
            new_lo, new_hi = lo, hi
            for p in plates:
                if p.left < cx < p.right or not p.colliderect(self.rect):
                    continue
                if p.centerx < cx:
                    new_lo = max(new_lo, p.right + m.px(10))
                else:
                    new_hi = min(new_hi, p.left - m.px(10))
            if (new_lo, new_hi) == (lo, hi) or new_hi - new_lo < m.px(400):
                break  # no narrower than a readable column: the words must not stack
            lo, hi = new_lo, new_hi
        self.tiles = []
        for r in range(rows):
            items = min(per_row, n - r * per_row)
            w = items * tw + (items - 1) * gap
            x = self.rect.centerx - w // 2
            y = self.rect.bottom - m.px(24) - (rows - r) * th - (rows - 1 - r) * gap
            self.tiles += [pygame.Rect(x + i * (tw + gap), y, tw, th) for i in range(items)]
        self.icon_scale = scale
        if not self.options[self.focus].enabled:
            self.focus = next((i for i, o in enumerate(self.options) if o.enabled), 0)

    def draw(self, surface, t) -> None:
        m = t.m
        theme.draw_panel(surface, self.rect, m.px(14), alpha=235, border=theme.GOLD)
        # a long title shrinks to the panel's width
        title, title_px = theme.shrink_to_fit(
            self.title,
            m.font_px(30),
            self.rect.w - m.px(30),
            True,
            floor=m.floor_px(),
        )
        theme.blit_text(
            surface,
            title,
            title_px,
            (self.rect.centerx, self.rect.y + m.px(20)),
            theme.GOLD,
            True,
            "midtop",
        )
        y = self.rect.y + m.px(66)
        for line in getattr(self, "lines", self.body):
            theme.blit_text(
                surface, line, m.font_px(23), (self.rect.centerx, y), theme.TEXT, False, "midtop"
            )
            y += int(m.font_px(23) * 1.4)
        for i, (rect, opt) in enumerate(zip(self.tiles, self.options)):
            lit = opt.enabled and (i == self.hover or i == self.focus)
            fill = (
                (0xFB, 0xFA, 0xF5)
                if lit
                else (0xE4, 0xE0, 0xD2)
                if opt.enabled
                else (0x4A, 0x52, 0x4D)
            )
            pygame.draw.rect(surface, fill, rect, border_radius=m.px(12))
            if i == self.focus and opt.enabled:
                theme.draw_ring(surface, rect, m, radius=15, grow=8)
            if opt.icon is not None:
                # the label takes its own line at the bottom; the icon fits in what is left
                label_px = m.font_px(21)
                label_h = theme.font(label_px, True).get_linesize() + m.px(6)
                room = rect.h - label_h - m.px(8)
                want = round(
                    m.px(self.icon_px or self.tile[1] - 40) * getattr(self, "icon_scale", 1.0)
                )
                img = opt.icon(max(8, min(want, room)))
                surface.blit(img, img.get_rect(center=(rect.centerx, rect.y + m.px(4) + room // 2)))
                label = theme.fit_text(opt.label, label_px, rect.w - m.px(8), True)
                theme.blit_text(
                    surface,
                    label,
                    label_px,
                    (rect.centerx, rect.bottom - m.px(4)),
                    theme.INK,
                    True,
                    "midbottom",
                )
            else:
                theme.blit_text(
                    surface,
                    opt.label,
                    m.font_px(38),
                    rect.center,
                    theme.INK if opt.enabled else theme.TEXT_DIM,
                    True,
                    "center",
                )

    def pick(self, i: int, t) -> None:
        opt = self.options[i]
        if not opt.enabled:
            t.ctx.toast(opt.why or msg("That choice is not allowed."))
            return
        self.on_pick(opt.value)

    def handle(self, ev, t) -> bool:
        if ev.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, r in enumerate(self.tiles) if r.collidepoint(ev.pos)), -1)
            return False
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            for i, r in enumerate(self.tiles):
                if r.collidepoint(ev.pos):
                    self.pick(i, t)
                    return True
            return self.rect.collidepoint(ev.pos)
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            return self.rect.collidepoint(ev.pos)
        if ev.type == pygame.KEYDOWN:
            n = len(self.options)
            if ev.key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = 1 if ev.key == pygame.K_RIGHT else -1
                for _ in range(n):
                    self.focus = (self.focus + step) % n
                    if self.options[self.focus].enabled:
                        break
                return True
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.pick(self.focus, t)
                return True
            name = pygame.key.name(ev.key) if ev.key < 0x110000 else ""
            name = name.strip("[]")
            for i, opt in enumerate(self.options):
                if name and opt.label == name:
                    self.focus = i
                    self.pick(i, t)
                    return True
        return False


# what the sheets' marks mean: a round's best score is starred, the overall leaders are gold
LEGEND = N_("★ best this round · gold: leading on total")


class TrickSheet(RoundSheet):
    """The round's score sheet: a header row and one row per player (cells are text)."""

    def __init__(
        self,
        title: str,
        header: list[str],
        rows: list[list[str]],
        note: str,
        last: bool,
        on_close,
        highlight=(),
    ):
        self.header, self.rows, self.note = header, rows, note
        self.highlight = set(highlight)
        super().__init__(title, last, on_close, width=min(1560, 260 + 150 * len(header)))

    @classmethod
    def for_round(
        cls, title: str, row: dict, names: list[str], columns: list[str], cells, rule: str, last
    ) -> TrickSheet:
        """The sheet of an engine's round ``row``, as every trick game shows it: a line a
        player with its name, the game's ``cells(seat)`` under ``columns`` (the last of
        them names the round's points), the points (★ on the best) and the total; the
        game's scoring ``rule`` and the legend under it, the overall leaders in gold."""
        points = row["points"]
        best = max(points)
        lines = [
            [
                name,
                *cells(s),
                ("★ " if points[s] == best else "") + f"{points[s]:+d}",
                str(row["totals"][s]),
            ]
            for s, name in enumerate(names)
        ]
        return cls(
            title,
            [_("Player"), *columns, _("Total")],
            lines,
            rule + "\n" + _(LEGEND),
            last,
            lambda: None,
            highlight=row.get("leaders", ()),
        )

    def note_lines(self, m) -> list[str]:
        """The note under the table, each of its lines wrapped to the sheet's width (a
        long scoring rule in German takes two at a laptop's window)."""
        width = m.px(self.width - 60)
        lines = []
        for line in self.note.split("\n") if self.note else ():
            lines += theme.wrap(line, m.font_px(21), width)
        return lines

    def content_height(self, m):
        lines = self.note_lines(m)
        return (
            int(m.font_px(24) * 1.6 * (len(self.rows) + 1))
            + (m.px(20) + max(m.px(30), int(m.font_px(21) * 1.3)) * len(lines) if lines else 0)
            + m.px(20)
        )

    def draw_content(self, surface, top):
        m = self.m
        size = m.font_px(24)
        x0 = self.rect.x + m.px(40)
        first = m.px(240)
        n = len(self.header) - 1
        col = (self.rect.w - m.px(80) - first) // max(1, n)
        row_h = int(size * 1.6)
        for j, h in enumerate(self.header):
            x = x0 if j == 0 else x0 + first + (j - 1) * col + col // 2
            theme.blit_text(
                surface,
                h,
                m.font_px(21),
                (x, top),
                theme.TEXT_DIM,
                True,
                "topleft" if j == 0 else "midtop",
            )
        y = top + row_h
        for i, row in enumerate(self.rows):
            if i % 2 == 0:
                band = pygame.Rect(x0 - m.px(12), y - m.px(6), self.rect.w - m.px(56), row_h)
                theme.draw_panel(surface, band, m.px(6), colour=(0x1C, 0x31, 0x27), alpha=160)
            colour = theme.GOLD if i in self.highlight else theme.TEXT
            for j, cell in enumerate(row):
                x = x0 if j == 0 else x0 + first + (j - 1) * col + col // 2
                text, sym = cell if isinstance(cell, tuple) else (cell, None)
                img = theme.text(text, size, colour, j in (0, len(row) - 1))
                icon = symbols.colour_symbol(sym, round(size * 1.05)) if sym else None
                width = img.get_width() + (icon.get_width() + m.px(8) if icon else 0)
                left = x if j == 0 else x - width // 2
                if icon:
                    surface.blit(icon, (left, y + (img.get_height() - icon.get_height()) // 2))
                    left += icon.get_width() + m.px(8)
                surface.blit(img, (left, y))
            y += row_h
        y += m.px(12)
        for line in self.note_lines(m):
            theme.blit_text(
                surface,
                line,
                m.font_px(21),
                (self.rect.centerx, y),
                theme.TEXT_DIM,
                False,
                "midtop",
            )
            y += max(m.px(30), int(m.font_px(21) * 1.3))
