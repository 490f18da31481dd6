"""The look shared by every screen: colours, fonts, scaling and drawing primitives.

Positions are designed at the 1920x1080 reference size; ``Metrics(size).px(n)`` turns a
reference length into pixels for the current window (scale = min(w/1920, h/1080)).
Fonts are the bundled DejaVu Sans (it has the suit glyphs ♠♥♦♣ the log uses).
"""

from __future__ import annotations

import pygame

import game.ui.textlog as textlog
from game.engine.core import Msg
from game.services.i18n import say
from game.services.paths import assets_dir

REF_W, REF_H = 1920, 1080

# Table and panels
FELT = (0x1F, 0x4D, 0x3A)
FELT_EDGE = (0x16, 0x3A, 0x2C)
PANEL = (0x0E, 0x1A, 0x14)
PANEL_ALPHA = 224  # 88 %
TEXT = (0xF3, 0xF1, 0xEA)
TEXT_DIM = (0xA9, 0xB8, 0xAE)
GOLD = (0xE0, 0xB0, 0x4B)
ERROR = (0xE5, 0x53, 0x3D)
SUCCESS = (0x6C, 0xC7, 0x8A)
COACH = (0x8F, 0xD8, 0xF8)  # a lesson coach's rings: sky blue, apart from the gold of focus
SHADOW = (0, 0, 0)

# Cards
CARD_FACE = (0xFB, 0xFA, 0xF5)
CARD_EDGE = (0x8A, 0x86, 0x7A)
BACK_BLUE = (0x1E, 0x35, 0x57)
TILE_FACE = (0xF6, 0xF1, 0xE3)
INK = (0x1A, 0x1A, 0x1A)
RED_SUIT = (0xC8, 0x10, 0x2E)

# The six game colours, each with its own symbol (never colour alone).
COLOURS = {
    "yellow": ((0xE8, 0xC5, 0x47), "circle"),
    "orange": ((0xE6, 0x9F, 0x00), "triangle"),
    # a true red, darker than the Okabe–Ito vermilion: told apart from orange by hue and by
    # lightness (which colour-blind players still see), and by its diamond
    "red": ((0xB8, 0x26, 0x2B), "diamond"),
    "purple": ((0x8E, 0x5B, 0xB5), "star"),
    "blue": ((0x00, 0x72, 0xB2), "square"),
    "green": ((0x00, 0x9E, 0x73), "hexagon"),
}


def suit_colour(suit: str, four_colour: bool = False) -> tuple[int, int, int]:
    """Ink for a standard suit letter S H D C."""
    if four_colour and suit == "D":
        return COLOURS["blue"][0]
    if four_colour and suit == "C":
        return COLOURS["green"][0]
    return RED_SUIT if suit in "HD" else INK


FLOOR_PX = 14  # no text a player must read is smaller, at any window size


def readable_px(size: tuple[int, int]) -> int:
    """The smallest text a player must read: 14 px at 1280×720, 16 at 1920×1080, and
    proportionally more on larger screens."""
    scale = min(size[0] / 1920, size[1] / 1080)
    return max(FLOOR_PX, round(16 * scale))


class Metrics:
    """Scale for one window size. ``px`` maps reference pixels to window pixels."""

    def __init__(self, size: tuple[int, int]):
        self.w, self.h = size
        self.scale = min(self.w / REF_W, self.h / REF_H)

    def px(self, n: float) -> int:
        return max(1, round(n * self.scale))

    def font_px(self, n: float) -> int:
        """Text size: ``n`` at 1920x1080, scaled, never below 16 px from 1280x720 up.
        A smaller window (a 1366x768 laptop's, 1256x675 inside its title and task bars)
        lets that floor sink with it, to the 14 px every text keeps, so the text
        shrinks with the panels that hold it instead of running out of them."""
        floor = max(FLOOR_PX, min(16, round(24 * self.scale)))  # 16 from 1280x720 up
        return max(floor, round(n * self.scale))

    def floor_px(self) -> int:
        """The smallest text a player must read in this window (``readable_px``): what
        a line too long for its room may shrink to before it is shortened."""
        return readable_px((self.w, self.h))

    def fits(self, s: str, width: int, bold: bool = False) -> bool:
        """Does ``s`` fit ``width`` pixels at the smallest readable size (else a layout
        gives it another line or leaves part of it out)?"""
        return font(self.floor_px(), bold).size(spoken(s))[0] <= width


_FONTS: dict[tuple[int, bool], pygame.font.Font] = {}


def forget_fonts() -> None:
    """Drop fonts made before pygame's font module was last shut down: they no longer render."""
    _FONTS.clear()
    _TEXT_CACHE.clear()


def forget_texts() -> None:
    """Drop every rendered line (the language changed: the old words are not shown again)."""
    _TEXT_CACHE.clear()


class _Font(pygame.font.Font):
    """A font that measures and renders engine and UI messages (``Msg``) in the
    player's language, so every width worked out from a label is the width drawn.
    While the layout audit records, whatever it renders is tagged with its words and
    size: words drawn straight onto a card or tile face are measured like any label."""

    px = 0  # the size it was made at (``font()`` sets it)

    def size(self, text):
        return super().size(spoken(text))

    def render(self, text, *args, **kwargs):
        words = spoken(text)
        surf = super().render(words, *args, **kwargs)
        if textlog.ON:
            textlog.tag(surf, words, self.px)
        return surf


def font(size: int, bold: bool = False) -> pygame.font.Font:
    key = (size, bold)
    f = _FONTS.get(key)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
        path = assets_dir() / "fonts" / name
        try:
            f = _Font(str(path), size)
        except (OSError, FileNotFoundError):
            f = _Font(None, size)
            f.bold = bold
        f.px = size
        _FONTS[key] = f
    return f


_TEXT_CACHE: dict[tuple, pygame.Surface] = {}


def spoken(s) -> str:
    """``s`` in the player's language when it is an engine message (``Msg``); other text
    is already in it (the UI translates its own words with ``_()``)."""
    return say(s) if isinstance(s, Msg) else s


def text(s: str, size: int, colour=TEXT, bold: bool = False) -> pygame.Surface:
    """A rendered line of text, cached (labels are redrawn every frame)."""
    s = spoken(s)
    key = (s, size, colour, bold)
    surf = _TEXT_CACHE.get(key)
    if surf is None:
        if len(_TEXT_CACHE) > 2000:
            _TEXT_CACHE.clear()
        surf = font(size, bold).render(s, True, colour)
        _TEXT_CACHE[key] = surf
    if textlog.ON:
        textlog.tag(surf, s, size)
    return surf


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``s`` into lines no wider than ``width`` pixels.

    A word wider than the line (a long path, a pasted excerpt) is cut across lines;
    text past 4,000 characters is not laid out at all (no message needs more).
    """
    s = spoken(s)
    f = font(size, bold)
    width = max(1, width)
    if len(s) > 4000:
        s = s[:4000] + "…"
    lines: list[str] = []
    for para in s.split("\n"):
        words: list[str] = []
        for w in para.split(" "):
            while len(w) > 1 and f.size(w)[0] > width:
                cut = max(1, len(w) * width // max(1, f.size(w)[0]))
                words.append(w[:cut])
                w = w[cut:]
            if words and bare_symbol(w):  # "names ♠.", "purple ★": never a line alone
                words[-1] += " " + w
            else:
                words.append(w)
        lines += fill_lines(words, f, width)
    return lines


SYMBOLS = frozenset("♠♥♦♣●▲◆★■⬢")  # the suits and the colours' shapes, as texts write them


def bare_symbol(word: str) -> bool:
    """A suit or colour symbol standing for its word's colour ("♠." in "names ♠."), not a
    card ("■1"): it stays on the line of the word before it."""
    core = word.rstrip(".,;:!?)»“”\"'")
    return bool(core) and all(c in SYMBOLS for c in core)


def fill_lines(words: list[str], f: pygame.font.Font, width: int) -> list[str]:
    """``words`` in lines no wider than ``width`` pixels in the font ``f``, each line as
    full as it goes (a word alone on its line may be wider); at least one line."""
    lines: list[str] = []
    line = ""
    for w in words:
        cand = w if not line else line + " " + w
        if f.size(cand)[0] <= width or not line:
            line = cand
        else:
            lines.append(line)
            line = w
    lines.append(line)
    return lines


def shrink_to_fit(
    s: str, size: int, width: int, bold: bool = False, floor: int = FLOOR_PX
) -> tuple[str, int]:
    """``(text, size)`` for one line in ``width`` pixels: the size drops towards ``floor``
    first, then the text is shortened with "…"."""
    s = spoken(s)
    while size > floor and font(size, bold).size(s)[0] > width:
        size -= 1
    return fit_text(s, size, width, bold), size


def fit_text(s: str, size: int, width: int, bold: bool = False, report: bool = True) -> str:
    """``s`` shortened with "…" to fit ``width`` pixels (whole words where possible).
    While the layout audit records, a line drawn shortened is one it reports, unless
    ``report`` is off (a line whose whole text is shown elsewhere, as in the log)."""
    s = spoken(s)
    f = font(size, bold)
    if f.size(s)[0] <= width:
        return s
    words = s.split(" ")
    while len(words) > 1 and f.size(" ".join(words) + " …")[0] > width:
        words.pop()
    out = " ".join(words).rstrip(",;:") + " …"
    while len(out) > 1 and f.size(out)[0] > width:
        out = out[:-2] + "…"
    if report:
        textlog.cut(out, s)
    return out


def blit_fitted(surface, s: str, size: int, width: int, pos, floor: int, colour=TEXT, bold=False):
    """One line in ``width`` pixels at ``pos`` (top left), smaller down to ``floor``
    (the window's ``Metrics.floor_px()``) before it is shortened, which the layout
    audit reports."""
    words, px = shrink_to_fit(s, size, width, bold, floor)
    img = text(words, px, colour, bold)
    rect = img.get_rect(topleft=(pos[0], pos[1] + (size - px) // 2))
    surface.blit(img, rect)
    return rect


def blit_text(surface, s: str, size: int, pos, colour=TEXT, bold=False, anchor="topleft"):
    img = text(s, size, colour, bold)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


def panel(
    size: tuple[int, int], radius: int, colour=PANEL, alpha=PANEL_ALPHA, border=None
) -> pygame.Surface:
    """A translucent rounded panel surface (build once per size, then blit)."""
    size = (max(1, int(size[0])), max(1, int(size[1])))  # a squeezed layout never raises
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (*colour, alpha), surf.get_rect(), border_radius=radius)
    if border:
        pygame.draw.rect(
            surf, border, surf.get_rect(), width=max(1, radius // 6), border_radius=radius
        )
    return surf


_PANELS: dict[tuple, pygame.Surface] = {}


def draw_panel(surface, rect, radius: int = 12, colour=PANEL, alpha=PANEL_ALPHA, border=None):
    """Blit a cached translucent panel at ``rect``."""
    rect = pygame.Rect(rect)
    key = (rect.size, radius, colour, alpha, border)
    surf = _PANELS.get(key)
    if surf is None:
        if len(_PANELS) > 200:
            _PANELS.clear()
        surf = panel(rect.size, radius, colour, alpha, border)
        _PANELS[key] = surf
    surface.blit(surf, rect.topleft)
    if textlog.ON:
        textlog.box(surface, rect)


def draw_ring(
    surface,
    rect,
    m,
    width: int = 4,
    radius: int = 14,
    colour=GOLD,
    grow: int = 6,
    style: str = "solid",
) -> None:
    """An outline just around ``rect`` (a keyboard focus, the seat to play), ``grow``
    wider and taller: ``width``, ``radius`` and ``grow`` are design px, scaled by the
    metrics ``m``. ``style`` "double": two thin lines of ``colour`` with a dark band
    between them (a lesson coach's ring), a shape no solid focus ring has, so the two
    differ in more than their colour and the double ring reads on the felt and on a
    light card alike."""
    outer = rect.inflate(m.px(grow), m.px(grow))
    band = max(3, m.px(width))
    if style == "double":
        line = max(2, band // 3)
        pygame.draw.rect(surface, PANEL, outer, width=band, border_radius=m.px(radius))
        pygame.draw.rect(surface, colour, outer, width=line, border_radius=m.px(radius))
        inner = outer.inflate(-2 * (band - line), -2 * (band - line))
        inner_radius = max(0, m.px(radius) - (band - line))
        pygame.draw.rect(surface, colour, inner, width=line, border_radius=inner_radius)
        return
    pygame.draw.rect(surface, colour, outer, width=m.px(width), border_radius=m.px(radius))


def shadow(size: tuple[int, int], radius: int, blur: int, alpha: int = 90) -> pygame.Surface:
    """A soft shadow: a rounded rect smoothed by down- and up-scaling."""
    w, h = size
    pad = blur * 2
    surf = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
    pygame.draw.rect(surf, (0, 0, 0, alpha), (pad, pad, w, h), border_radius=radius)
    if blur > 0:
        try:
            surf = pygame.transform.gaussian_blur(surf, max(1, blur // 2))
        except (AttributeError, ValueError, pygame.error):
            k = max(2, blur // 2)
            small = pygame.transform.smoothscale(
                surf, (max(1, surf.get_width() // k), max(1, surf.get_height() // k))
            )
            surf = pygame.transform.smoothscale(small, surf.get_size())
    return surf


_FELT: dict[tuple[int, int], pygame.Surface] = {}


def _felt_pixels() -> bytes:
    """32×18 RGB pixels of the fade (built as bytes: set_at per pixel costs ~10 ms at start)."""
    (r0, g0, b0), (r1, g1, b1) = FELT, FELT_EDGE
    out = bytearray()
    for y in range(18):
        dy2 = ((y - 8.5) / 9) ** 2
        for x in range(32):
            t = min(1.0, (((x - 15.5) / 16) ** 2 + dy2) ** 0.5 / 1.25) ** 2
            out += bytes(
                (round(r0 + (r1 - r0) * t), round(g0 + (g1 - g0) * t), round(b0 + (b1 - b0) * t))
            )
    return bytes(out)


def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table background for one window size: a radial fade centre to edge, built once."""
    surf = _FELT.get(size)
    if surf is None:
        _FELT.clear()
        w, h = size
        # scaled in the window's own 32-bit format: a 24-bit source scales ~5× slower
        # and the result would need converting (together ~13 ms of start-up at 1600×900)
        small = pygame.image.frombytes(_felt_pixels(), (32, 18), "RGB")
        small = small.convert() if pygame.display.get_surface() else small.convert(32)
        surf = pygame.transform.smoothscale(small, (w, h))
        _FELT[size] = surf
    return surf


def dim_overlay(size: tuple[int, int], alpha: int = 150) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((5, 12, 9, alpha))
    return surf


def circle(surface, colour, centre, radius: int, width: int = 0) -> None:
    """An anti-aliased circle where pygame-ce offers it (2.5+), else a plain one."""
    draw = getattr(pygame.draw, "aacircle", pygame.draw.circle)
    draw(
        surface,
        colour,
        (round(centre[0]), round(centre[1])),
        max(1, int(radius)),
        max(0, int(width)),
    )
