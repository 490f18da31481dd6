"""Widgets every screen shares: buttons, toasts, modal dialogs, choosers, the hand-off cover.

Every widget has ``draw(surface)`` and ``handle(event) -> bool`` (True when it used the
event). Sizes come from a ``theme.Metrics`` so they scale with the window.
Modal dialogs (``Dialog`` and subclasses) are pushed on a scene's modal stack; the
topmost one gets every input event until it closes itself (``self.closed = True``).
"""

from __future__ import annotations

import pygame

import game.ui.theme as theme
from game.services.i18n import msg


def _inset(height: int) -> int:
    """The room a button of ``height`` keeps beside its label."""
    return max(6, height // 6)


def button_width(labels, text_px: int, height: int, margin: int = 0) -> int:
    """The width a button of ``height`` needs to show the longest of ``labels`` whole at
    ``text_px`` (bold, as it draws them), plus ``margin``."""
    f = theme.font(text_px, True)
    return max(f.size(theme.spoken(label))[0] for label in labels) + _inset(height) + margin


class Button:
    def __init__(
        self,
        label: str,
        on_click,
        primary: bool = False,
        enabled: bool = True,
        key: int | None = None,
        icon: pygame.Surface | None = None,
    ):
        self.label = label
        self.on_click = on_click
        self.primary = primary
        self.enabled = enabled
        self.key = key  # keyboard shortcut
        self.icon = icon
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hover = False
        self.focus = False
        self.text_px = 24

    def place(self, rect, text_px: int) -> Button:
        self.rect = pygame.Rect(rect)
        self.text_px = text_px
        return self

    def draw(self, surface: pygame.Surface) -> None:
        if not self.rect.w:
            return
        r = max(4, self.rect.h // 4)
        if not self.enabled:
            fill, ink, border = (0x25, 0x30, 0x2A), theme.TEXT_DIM, (0x3A, 0x48, 0x40)
        elif self.primary:
            fill = (0xEE, 0xC3, 0x62) if self.hover else theme.GOLD
            ink, border = (0x1A, 0x17, 0x10), (0xF5, 0xD9, 0x8C)
        else:
            fill = (0x2A, 0x45, 0x37) if self.hover else (0x1C, 0x31, 0x27)
            ink, border = theme.TEXT, (0x4C, 0x6E, 0x5C)
        pygame.draw.rect(surface, fill, self.rect, border_radius=r)
        pygame.draw.rect(
            surface, border, self.rect, width=max(1, self.rect.h // 30), border_radius=r
        )
        if self.focus:
            pygame.draw.rect(
                surface, theme.GOLD, self.rect.inflate(8, 8), width=3, border_radius=r + 4
            )
        # a label fits its button: smaller down to the readable floor, then shortened
        room = self.rect.w - _inset(self.rect.h)
        if self.icon is not None:
            room -= self.icon.get_width() + self.text_px // 3
        words, px = theme.shrink_to_fit(self.label, self.text_px, room, bold=True)
        label = theme.text(words, px, ink, bold=True)
        if self.icon is not None:
            gap = self.text_px // 3
            total = self.icon.get_width() + gap + label.get_width()
            x = self.rect.centerx - total // 2
            surface.blit(self.icon, self.icon.get_rect(midleft=(x, self.rect.centery)))
            surface.blit(
                label, label.get_rect(midleft=(x + self.icon.get_width() + gap, self.rect.centery))
            )
        else:
            surface.blit(label, label.get_rect(center=self.rect.center))

    def handle(self, ev) -> bool:
        if ev.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(ev.pos)
            return False
        if (
            ev.type == pygame.MOUSEBUTTONUP
            and ev.button == 1
            and self.enabled
            and self.rect.collidepoint(ev.pos)
        ):
            self.on_click()
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.rect.collidepoint(ev.pos):
            return True  # swallow the press so nothing underneath reacts
        if (
            ev.type == pygame.KEYDOWN
            and self.enabled
            and self.key is not None
            and ev.key == self.key
        ):
            self.on_click()
            return True
        return False


def layout_row(
    buttons: list[Button],
    centre: tuple[int, int],
    m: theme.Metrics,
    width: int = 240,
    height: int = 64,
    gap: int = 24,
) -> None:
    """Place buttons side by side, centred on ``centre`` (reference-pixel sizes)."""
    w, h, g = m.px(width), m.px(height), m.px(gap)
    total = len(buttons) * w + (len(buttons) - 1) * g
    x = centre[0] - total // 2
    for b in buttons:
        b.place((x, centre[1] - h // 2, w, h), m.font_px(26))
        x += w + g


def layout_column(
    buttons: list[Button],
    top_centre: tuple[int, int],
    m: theme.Metrics,
    width: int = 420,
    height: int = 72,
    gap: int = 18,
) -> None:
    w, h, g = m.px(width), m.px(height), m.px(gap)
    y = top_centre[1]
    for b in buttons:
        b.place((top_centre[0] - w // 2, y, w, h), m.font_px(28))
        y += h + g


def reading_seconds(message: str) -> float:
    """Long enough to read: about 15 characters a second, never under 2.5 s nor over 12 s."""
    return min(12.0, max(2.5, len(message) / 15))


class Toasts:
    """Short messages at the top centre; the engine's refusal reasons show here as long as
    they take to read."""

    def __init__(self):
        self.items: list[tuple[str, float, tuple]] = []  # (text, expires_at_ms, colour)

    def show(
        self, message: str, now_ms: float, colour=theme.ERROR, seconds: float | None = None
    ) -> None:
        seconds = reading_seconds(message) if seconds is None else seconds
        self.items = [t for t in self.items if t[0] != message][-2:]
        self.items.append((message, now_ms + seconds * 1000, colour))

    def update(self, now_ms: float) -> bool:
        before = len(self.items)
        self.items = [t for t in self.items if t[1] > now_ms]
        return len(self.items) != before

    def next_expiry(self) -> float | None:
        return min((t[1] for t in self.items), default=None)

    def messages(self) -> list[str]:
        return [t[0] for t in self.items]

    def draw(
        self, surface: pygame.Surface, m: theme.Metrics, anchor: tuple[int, int] | None = None
    ) -> None:
        """Stack the toasts downwards from ``anchor`` (centre x, top y); default: top centre.

        Over a table (an anchor) only the newest shows, so a burst of refusals does not
        cover the turn prompt and the hand below it; it may be as wide as the table around
        the anchor, so a refusal reason takes one line where it can."""
        cx, y = anchor if anchor is not None else (surface.get_width() // 2, m.px(24))
        size = m.font_px(24)
        for message, _, colour in self.items[-1:] if anchor is not None else self.items:
            wrap_w = m.px(900)
            if anchor is not None:  # the anchor is the table's centre: as wide as its half
                wrap_w = max(wrap_w, min(m.px(1500), 2 * cx - m.px(120)))
            lines = theme.wrap(message, size, wrap_w)
            h = len(lines) * int(size * 1.3) + m.px(28)
            w = max(theme.font(size).size(line)[0] for line in lines) + m.px(56)
            rect = pygame.Rect(0, y, w, h)
            rect.centerx = cx
            theme.draw_panel(surface, rect, m.px(12), alpha=240, border=colour)
            pygame.draw.rect(
                surface,
                colour,
                (rect.x + m.px(10), rect.y + m.px(12), m.px(6), rect.h - m.px(24)),
                border_radius=3,
            )
            ty = rect.y + m.px(14)
            for line in lines:
                theme.blit_text(surface, line, size, (rect.x + m.px(30), ty))
                ty += int(size * 1.3)
            y = rect.bottom + m.px(10)


class Dialog:
    """A modal panel with a title, body lines and buttons. Subclass for richer content."""

    modal = True
    dim = True  # darken what is behind
    panel_alpha = 240

    def __init__(
        self, title: str, body: str = "", buttons: list[Button] | None = None, width: int = 760
    ):
        self.title = title
        self.body = body
        self.buttons = buttons or []
        self.width = width
        self.closed = False
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.m = theme.Metrics((1920, 1080))
        self.focus = 0

    def close(self) -> None:
        self.closed = True

    def content_height(self, m: theme.Metrics) -> int:
        lines = theme.wrap(self.body, m.font_px(24), m.px(self.width - 80)) if self.body else []
        return len(lines) * int(m.font_px(24) * 1.35)

    def layout(self, size: tuple[int, int]) -> None:
        m = self.m = theme.Metrics(size)
        h = m.px(110) + self.content_height(m) + (m.px(110) if self.buttons else m.px(20))
        self.rect = pygame.Rect(0, 0, m.px(self.width), h)
        self.rect.center = (size[0] // 2, size[1] // 2)
        if self.buttons:
            # each label whole at the buttons' own size (layout_row's), or where the
            # window is too narrow for that, at the smallest readable size: the row, and
            # the dialog with it, widen for it (widths in reference pixels, as
            # layout_row takes them)
            n = len(self.buttons)
            labels = [b.label for b in self.buttons]
            need = button_width(labels, m.font_px(26), m.px(64))
            if m.px(n * need / m.scale + (n - 1) * 24 + 80) > size[0] - m.px(20):
                need = button_width(labels, m.floor_px(), m.px(64))
            each = max(min(260, (self.width - 80) // n - 20), need / m.scale)
            row = m.px(n * each + (n - 1) * 24)
            if row + m.px(80) > self.rect.w:
                self.rect.w = min(size[0] - m.px(20), row + m.px(80))
                self.rect.center = (size[0] // 2, size[1] // 2)
            layout_row(
                self.buttons, (self.rect.centerx, self.rect.bottom - m.px(58)), m, width=each
            )
        self.set_focus(self.focus)

    def set_focus(self, i: int) -> None:
        if self.buttons:
            self.focus = i % len(self.buttons)
            for j, b in enumerate(self.buttons):
                b.focus = j == self.focus

    def draw_content(self, surface: pygame.Surface, top: int) -> None:
        m = self.m
        size = m.font_px(24)
        for line in theme.wrap(self.body, size, m.px(self.width - 80)) if self.body else []:
            theme.blit_text(surface, line, size, (self.rect.x + m.px(40), top), theme.TEXT)
            top += int(size * 1.35)

    def title_px(self) -> int:
        """The title's font size: 34 reference px, smaller for a long title so it stays inside."""
        m = self.m
        room = self.rect.w - m.px(80)
        size = m.font_px(34)
        while (
            size > m.font_px(22) and theme.font(size, True).size(theme.spoken(self.title))[0] > room
        ):
            size -= 1
        return size

    def draw(self, surface: pygame.Surface) -> None:
        m = self.m
        if self.dim:
            _blit_dim(surface)
        theme.draw_panel(
            surface, self.rect, m.px(12), alpha=self.panel_alpha, border=(0x3A, 0x55, 0x47)
        )
        theme.blit_text(
            surface,
            self.title,
            self.title_px(),
            (self.rect.x + m.px(40), self.rect.y + m.px(30)),
            theme.TEXT,
            bold=True,
        )
        self.draw_content(surface, self.rect.y + m.px(92))
        for b in self.buttons:
            b.draw(surface)

    def handle(self, ev) -> bool:
        for b in self.buttons:
            if b.handle(ev):
                return True
        if ev.type == pygame.KEYDOWN and self.buttons:
            if ev.key in (pygame.K_LEFT, pygame.K_UP):
                self.set_focus(self.focus - 1)
            elif ev.key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
                self.set_focus(self.focus + 1)
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.buttons[self.focus].on_click()
            elif ev.key == pygame.K_ESCAPE:
                self.on_escape()
        return True  # modal: nothing below gets input

    def on_escape(self) -> None:
        self.close()


_DIM: dict[tuple[int, int], pygame.Surface] = {}


def _blit_dim(surface: pygame.Surface) -> None:
    size = surface.get_size()
    s = _DIM.get(size)
    if s is None:
        _DIM.clear()
        s = _DIM[size] = theme.dim_overlay(size, 150)
    surface.blit(s, (0, 0))


class RoundSheet(Dialog):
    """A round's score sheet: its button ("Next round", or "See the results" after the
    last round), Enter or Esc closes it and calls ``on_close``.

    It goes over the position the round ended in, so it stands where its table places it
    (``placement(rect, folded) -> rect``, beside the pile, the trick or the board) and
    leaves the table undimmed; its second button (or F) folds it to a bar and back, so
    the whole position can be read where no place beside it is free."""

    dim = False  # the round's last position stays as bright as it was played
    panel_alpha = 252  # undimmed cards under it do not show through

    def __init__(self, title: str, last: bool, on_close, width: int):
        self.on_close = on_close
        self.placement = None
        self.folded = False
        label = msg("See the results") if last else msg("Next round")
        self.fold_button = Button(msg("Look at the table"), self.toggle_fold, key=pygame.K_f)
        super().__init__(
            title,
            "",
            # Enter presses the focused button (Dialog.handle): Next round unless the
            # arrows moved the focus to the fold
            [Button(label, self.done, primary=True), self.fold_button],
            width=width,
        )

    def toggle_fold(self) -> None:
        self.folded = not self.folded
        self.fold_button.label = msg("Show the sheet") if self.folded else msg("Look at the table")
        self.layout((self.m.w, self.m.h))

    def layout(self, size) -> None:
        super().layout(size)
        m = self.m
        if self.folded:  # a bar: the title at its left, the buttons at its right
            first = self.buttons[0].rect.x
            row = self.buttons[-1].rect.right - first
            title = theme.font(m.font_px(22), True).size(theme.spoken(self.title))[0]
            wide = min(m.w - m.px(20), max(self.rect.w, row + title + m.px(100)))
            self.rect.size = (wide, m.px(96))
            shift = self.rect.right - m.px(24) - row - first
            for b in self.buttons:
                b.rect.x += shift
                b.rect.centery = self.rect.centery
        if self.placement is not None:
            spot = self.placement(pygame.Rect(self.rect), self.folded)
            dx, dy = spot.x - self.rect.x, spot.y - self.rect.y
            self.rect.topleft = spot.topleft
            for b in self.buttons:
                b.rect.move_ip(dx, dy)

    def title_px(self) -> int:
        if not self.folded:
            return super().title_px()
        m = self.m
        room = self.buttons[0].rect.x - self.rect.x - m.px(64)
        size = m.font_px(28)
        while (
            size > m.floor_px() and theme.font(size, True).size(theme.spoken(self.title))[0] > room
        ):
            size -= 1
        return size

    def draw(self, surface: pygame.Surface) -> None:
        if not self.folded:
            super().draw(surface)
            return
        m = self.m
        theme.draw_panel(
            surface, self.rect, m.px(12), alpha=self.panel_alpha, border=(0x3A, 0x55, 0x47)
        )
        left = (self.rect.x + m.px(32), self.rect.centery)
        theme.blit_text(surface, self.title, self.title_px(), left, theme.TEXT, True, "midleft")
        for b in self.buttons:
            b.draw(surface)

    def done(self) -> None:
        self.close()
        self.on_close()

    def on_escape(self) -> None:
        self.done()


class Chooser(Dialog):
    """Pick one of several options shown as large icon buttons (a suit, a colour …).

    ``options``: list of (label, value, icon_builder(size) -> Surface | None).
    ``on_choose(value)`` is called with the pick; Esc calls ``on_cancel``.
    """

    def __init__(self, title: str, options: list[tuple], on_choose, on_cancel=None, body: str = ""):
        self.options = options
        self.on_choose = on_choose
        self.on_cancel = on_cancel
        self.choice_rects: list[pygame.Rect] = []
        self.hover = -1
        super().__init__(
            title,
            body,
            [Button(msg("Cancel"), self.cancel)],
            width=max(640, 190 * len(options) + 120),
        )

    def cancel(self) -> None:
        self.close()
        if self.on_cancel:
            self.on_cancel()

    def on_escape(self) -> None:
        self.cancel()

    def pick(self, value) -> None:
        self.close()
        self.on_choose(value)

    def content_height(self, m):
        return super().content_height(m) + m.px(200)

    def layout(self, size):
        super().layout(size)
        m = self.m
        n = len(self.options)
        g = m.px(24)
        # wide enough for the longest label line at full size, as far as the dialog allows
        widest = max(
            theme.font(m.font_px(24), True).size(line)[0]
            for label, _v, _i in self.options
            for line in theme.spoken(label).split("\n")
        )
        room = (self.rect.w - m.px(48) - (n - 1) * g) // max(1, n)
        w = max(m.px(160), min(widest + m.px(24), room))
        x = self.rect.centerx - (n * w + (n - 1) * g) // 2
        top = self.rect.y + m.px(92) + super().content_height(m) + m.px(8)
        self.choice_rects = [pygame.Rect(x + i * (w + g), top, w, m.px(180)) for i in range(n)]
        self.buttons[0].focus = False

    def draw_content(self, surface, top):
        super().draw_content(surface, top)
        m = self.m
        for i, (rect, (label, _value, icon)) in enumerate(zip(self.choice_rects, self.options)):
            focus = i == self.focus
            fill = (0xFB, 0xFA, 0xF5) if (focus or i == self.hover) else (0xE9, 0xE6, 0xDA)
            pygame.draw.rect(surface, fill, rect, border_radius=m.px(12))
            if focus:
                theme.draw_ring(surface, rect, m, radius=16, grow=10)
            # a label fits its box: its lines ("\n") stack up from the bottom, each
            # shortened with "…" only when even the smallest size is too wide; the icon
            # takes the room above them
            px = m.font_px(24)
            lines = theme.spoken(label).split("\n")  # an engine's label in the language
            room = rect.w - m.px(16)
            while px > m.font_px(18) and any(theme.font(px, True).size(x)[0] > room for x in lines):
                px -= 1
            y = rect.bottom - m.px(14)
            for k, line in enumerate(reversed(lines)):
                bold = k == len(lines) - 1
                line = theme.fit_text(line, px, room, bold)
                img = theme.text(line, px, theme.INK if bold else (0x4A, 0x4A, 0x44), bold)
                surface.blit(img, img.get_rect(midbottom=(rect.centerx, y)))
                y -= img.get_height()
            if icon is not None:
                top = rect.y + m.px(10)
                size = max(8, min(m.px(96), y - m.px(8) - top))
                img = icon(size)
                surface.blit(img, img.get_rect(center=(rect.centerx, (top + y - m.px(8)) // 2)))

    def handle(self, ev) -> bool:
        if ev.type == pygame.MOUSEMOTION:
            self.hover = next(
                (i for i, r in enumerate(self.choice_rects) if r.collidepoint(ev.pos)), -1
            )
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            for rect, opt in zip(self.choice_rects, self.options):
                if rect.collidepoint(ev.pos):
                    self.pick(opt[1])
                    return True
        if ev.type == pygame.KEYDOWN:
            n = len(self.options)
            if ev.key in (pygame.K_LEFT, pygame.K_UP):
                self.focus = (self.focus - 1) % n
                return True
            if ev.key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
                self.focus = (self.focus + 1) % n
                return True
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.pick(self.options[self.focus][1])
                return True
            if ev.key == pygame.K_ESCAPE:
                self.cancel()
                return True
        return super().handle(ev)


class HandOff(Dialog):
    """An opaque cover shown before a human's turn in hot-seat play: no hand shows under it."""

    dim = False

    def __init__(self, name: str, on_ready, reason: str = "turn", on_menu=None):
        self.name = name
        self.on_ready = on_ready
        self.on_menu = on_menu  # the pause menu: leave the table without showing any hand
        buttons = [Button(msg("I am {name}", name=name), self.ready, primary=True)]
        if on_menu is not None:
            buttons.append(Button(msg("Menu (Esc)"), on_menu))
        super().__init__(
            msg("It is {name}'s turn", name=name)
            if reason == "turn"
            else msg("A secret choice for {name}", name=name),
            msg(
                "Pass the screen to {name}. Everyone else, look away. "
                "Click or press Enter when {name} is ready.",
                name=name,
            ),
            buttons,
            width=820,
        )

    def ready(self) -> None:
        self.close()
        self.on_ready()

    def on_escape(self) -> None:
        if self.on_menu is not None:  # the cover itself stays until the player shows up
            self.on_menu()

    def draw_backdrop(self, surface) -> None:
        """The opaque patterned cover alone (under a dialog opened over it)."""
        surface.fill((0x10, 0x24, 0x1B))
        w, h = surface.get_size()
        step = max(24, self.m.px(48))
        for x in range(-h, w, step):
            pygame.draw.line(surface, (0x14, 0x2C, 0x21), (x, 0), (x + h, h), max(1, step // 8))

    def draw(self, surface):
        self.draw_backdrop(surface)
        super().draw(surface)

    def handle(self, ev) -> bool:
        if (
            ev.type == pygame.MOUSEBUTTONUP
            and ev.button == 1
            and not any(b.rect.collidepoint(ev.pos) for b in self.buttons)
        ):
            self.ready()
            return True
        return super().handle(ev)
