"""F1 rules help: the game's rules in the project's own words, from assets/help/<game_id>.md."""

from __future__ import annotations

import pygame

import game.ui.theme as theme
from game import games
from game.services.i18n import _, language, msg
from game.services.paths import assets_dir
from game.ui.widgets import Button, Dialog


def help_text(game_id: str | None, lang: str | None = None) -> str:
    """The rules page of ``game_id`` (None: Parlour's own page) in the player's language:
    ``assets/help/<lang>/<page>.md``, the English ``assets/help/<page>.md`` where a
    language lacks it."""
    page = game_id or "parlour"
    file = games.get(game_id).help_file if game_id in games.GAMES else f"{page}.md"
    lang = lang or language()
    folder = assets_dir() / "help"
    for path in ([folder / lang / file] if lang != "en" else []) + [folder / file]:
        try:
            return path.read_text(encoding="utf-8")
        except OSError:
            continue
    return "# {page}\n{text}".format(
        page=page, text=_("The rules for this game are not written yet.")
    )


class HelpDialog(Dialog):
    """A scrolling panel of rules text (mouse wheel, arrows, Page Up/Down)."""

    panel_alpha = 255  # opened over anything (a pause menu, a sheet): nothing shows through

    def __init__(self, game_id: str | None, tabs: bool = False):
        """``tabs``: a row of tabs (Parlour and every game) to read any game's rules."""
        self.scroll = 0
        self.tabs: list[tuple[str | None, Button]] = []
        if tabs:
            pages = [("Parlour", None)] + [(msg(g.name), g.id) for g in games.GAMES.values()]
            self.tabs = [(gid, Button(name, lambda g=gid: self.show(g))) for name, gid in pages]
        super().__init__(
            msg("Rules"), "", [Button(msg("Close"), self.close, primary=True)], width=1100
        )
        self.page = game_id
        self._load(game_id)

    def _load(self, game_id: str | None) -> None:
        self.page = game_id
        self.source = help_text(game_id)
        first, __, rest = self.source.partition("\n")
        self.title = first.lstrip("# ").strip() or _("Rules")
        self.lines_src = rest
        self.scroll = 0
        for gid, b in self.tabs:
            b.primary = gid == game_id

    def show(self, game_id: str | None) -> None:
        """Switch to another game's rules (a tab)."""
        self._load(game_id)
        if hasattr(self, "m_h"):
            self.layout(self.size)

    def tab_height(self, m) -> int:
        rows = getattr(self, "tab_rows", 1)
        return rows * m.px(54) + m.px(8) if self.tabs else 0

    def content_height(self, m):
        return min(m.px(760), round(self.m_h * 0.72)) if hasattr(self, "m_h") else m.px(700)

    def layout(self, size):
        self.m_h = size[1]
        self.size = size
        super().layout(size)
        m = self.m
        if self.tabs:
            room = self.rect.w - m.px(80)
            gap = m.px(8)
            f = theme.font(m.font_px(19), True)
            widest = max(f.size(b.label)[0] for _g, b in self.tabs) + m.px(16)
            per_row = len(self.tabs)
            if widest * per_row + gap * (per_row - 1) > room:  # narrow window: two rows
                per_row = -(-len(self.tabs) // 2)
            bw = (room - gap * (per_row - 1)) // per_row
            for i, (_gid, b) in enumerate(self.tabs):
                r, c = divmod(i, per_row)
                x = self.rect.x + m.px(40) + c * (bw + gap)
                y = self.rect.y + m.px(88) + r * (m.px(46) + gap)
                b.place((x, y, bw, m.px(46)), m.font_px(19))
            self.tab_rows = -(-len(self.tabs) // per_row)
        size_px = m.font_px(22)
        width = self.rect.w - m.px(80)
        self.rendered: list[tuple[str, int, bool, int]] = []  # text, size, bold, indent
        for raw in self.lines_src.split("\n"):
            line = raw.rstrip()
            if not line:
                self.rendered.append(("", size_px, False, 0))
                continue
            if line.startswith("#"):
                self.rendered.append((line.lstrip("# "), m.font_px(26), True, 0))
                continue
            indent = m.px(26) if line.startswith("- ") else 0
            text = ("•  " + line[2:]) if indent else line
            for i, part in enumerate(theme.wrap(text, size_px, width - 2 * indent)):
                self.rendered.append(
                    (part, size_px, False, indent + (m.px(26) if i and indent else 0))
                )

    def draw_content(self, surface, top):
        m = self.m
        for _gid, b in self.tabs:
            b.draw(surface)
        top += self.tab_height(m)
        area = pygame.Rect(
            self.rect.x + m.px(40),
            top,
            self.rect.w - m.px(80),
            self.content_height(m) - self.tab_height(m),
        )
        clip = surface.get_clip()
        surface.set_clip(area)
        y = area.y - self.scroll
        for text, size, bold, indent in self.rendered:
            h = int(size * 1.45)
            if y + h >= area.y and y <= area.bottom and text:
                theme.blit_text(
                    surface,
                    text,
                    size,
                    (area.x + indent, y),
                    theme.GOLD if bold else theme.TEXT,
                    bold,
                )
            y += h
        surface.set_clip(clip)
        total = y + self.scroll - area.y
        self.max_scroll = max(0, total - area.h)
        self.scrollbar = None
        if self.max_scroll > 0:  # a scrollbar says there is more, and where you are
            track = pygame.Rect(self.rect.right - m.px(24), area.y, max(3, m.px(6)), area.h)
            thumb_h = max(m.px(40), round(area.h * area.h / total))
            top = track.y + round((track.h - thumb_h) * self.scroll / self.max_scroll)
            pygame.draw.rect(surface, (0x2A, 0x40, 0x35), track, border_radius=track.w // 2)
            thumb = pygame.Rect(track.x, top, track.w, thumb_h)
            pygame.draw.rect(surface, theme.TEXT_DIM, thumb, border_radius=track.w // 2)
            self.scrollbar = thumb
            if self.scroll < self.max_scroll:
                theme.blit_text(
                    surface,
                    msg("more below: wheel or ↓"),
                    m.font_px(18),
                    (area.right, self.buttons[0].rect.centery)
                    if self.buttons
                    else area.bottomright,
                    theme.TEXT_DIM,
                    False,
                    "midright",
                )

    def handle(self, ev) -> bool:
        for _gid, b in self.tabs:
            if b.handle(ev):
                return True
        if self.tabs and ev.type == pygame.KEYDOWN and ev.key in (pygame.K_LEFT, pygame.K_RIGHT):
            ids = [gid for gid, _ in self.tabs]
            i = ids.index(self.page) if self.page in ids else 0
            self.show(ids[(i + (1 if ev.key == pygame.K_RIGHT else -1)) % len(ids)])
            return True
        step = self.m.px(60)
        if ev.type == pygame.MOUSEWHEEL:
            self.scroll -= ev.y * step
        elif ev.type == pygame.KEYDOWN and ev.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.scroll += step * (1 if ev.key == pygame.K_DOWN else 8)
        elif ev.type == pygame.KEYDOWN and ev.key in (pygame.K_UP, pygame.K_PAGEUP):
            self.scroll -= step * (1 if ev.key == pygame.K_UP else 8)
        else:
            return super().handle(ev)
        self.scroll = max(0, min(self.scroll, getattr(self, "max_scroll", 0)))
        return True
