"""Cross Rummy tile faces, drawn by the program and cached per size.

Number tiles: ivory face, the number in the tile's colour with a dark outline, the
colour's symbol small below it (colour-blind safe). Event tiles: a deep blue face
with a gold frame, an icon and the name, so they never pass for number tiles.
"""

from __future__ import annotations

import math

import pygame

from game.services.i18n import _, language
from game.ui import cards, symbols, textlog, theme

COLOUR_OF = {"R": "red", "Y": "yellow", "B": "blue", "G": "green"}
# Number ink: the palette colour, darkened where needed to read on ivory.
INK_OF = {
    "R": theme.COLOURS["red"][0],
    "Y": (0xD9, 0xAE, 0x1E),
    "B": (0x00, 0x72, 0xB2),
    "G": (0x00, 0x9E, 0x73),
}
OUTLINE = (0x22, 0x1E, 0x18)
EVENT_FACE = (0x1E, 0x35, 0x57)


def tile_size(height: int) -> tuple[int, int]:
    """Tiles are 4:5 (width:height)."""
    height = max(12, int(height))
    return max(10, round(height * 0.8)), height


def _body(size, fill, edge, edge_px=1) -> pygame.Surface:
    w, h = size
    k = 3
    big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
    r = max(2, round(w * 0.14)) * k
    pygame.draw.rect(big, edge, big.get_rect(), border_radius=r)
    e = max(1, edge_px) * k
    pygame.draw.rect(big, fill, big.get_rect().inflate(-2 * e, -2 * e), border_radius=max(1, r - e))
    return pygame.transform.smoothscale(big, size)


def _outlined(text: str, px: int, colour, outline, width: int) -> pygame.Surface:
    fg = theme.text(text, px, colour, True)
    bg = theme.text(text, px, outline, True)
    w, h = fg.get_size()
    out = pygame.Surface((w + 2 * width, h + 2 * width), pygame.SRCALPHA)
    for dx in range(-width, width + 1):
        for dy in range(-width, width + 1):
            if dx * dx + dy * dy <= width * width + 1 and (dx or dy):
                out.blit(bg, (width + dx, width + dy))
    out.blit(fg, (width, width))
    # the outline is the same number stamped around it: one text on the tile
    textlog.tag(out, text, px)
    return out


def _blank_tile(size) -> pygame.Surface:
    w, h = size
    surf = _body(size, theme.TILE_FACE, (0x9A, 0x92, 0x7C), max(1, w // 40)).copy()
    # a faint bevel at the bottom
    pygame.draw.line(
        surf,
        (0xE2, 0xD9, 0xC3),
        (w * 0.14, h - max(2, h // 14)),
        (w * 0.86, h - max(2, h // 14)),
        max(1, h // 30),
    )
    return surf


def _number_tile(name: str, size) -> pygame.Surface:
    w, h = size
    surf = _blank_tile(size)
    letter, number = name[0], name[1:]
    px = max(10, round(h * (0.50 if len(number) == 1 else 0.44)))
    num = _outlined(number, px, INK_OF[letter], OUTLINE, max(1, round(h / 48)))
    surf.blit(num, num.get_rect(center=(w / 2, h * 0.38)))
    sym = symbols.colour_symbol(COLOUR_OF[letter], max(6, round(h * 0.22)), OUTLINE)
    surf.blit(sym, sym.get_rect(center=(w / 2, h * 0.79)))
    return surf


def _event_tile(name: str, size, floor: int) -> pygame.Surface:
    w, h = size
    surf = _body(size, EVENT_FACE, theme.GOLD, max(2, w // 18)).copy()
    inner = pygame.Rect(0, 0, w, h).inflate(-max(4, w // 5), -max(4, h // 6))
    pygame.draw.rect(surf, (0x2C, 0x4A, 0x75), inner, border_radius=max(2, w // 10))
    cx, cy = w / 2, h * 0.40
    r = h * 0.17
    lw = max(2, round(h / 22))
    if name == "SWAP":
        # two arrows chasing each other
        for sign in (1, -1):
            y = cy - sign * r * 0.45
            x0, x1 = cx - sign * r, cx + sign * r
            pygame.draw.line(surf, theme.GOLD, (x0, y), (x1, y), lw)
            head = [
                (x1, y),
                (x1 - sign * r * 0.45, y - r * 0.35),
                (x1 - sign * r * 0.45, y + r * 0.35),
            ]
            pygame.draw.polygon(surf, theme.GOLD, head)
        word = _("Swap").upper()
    else:
        # "+3" names the event on a tile too small for its word: never below the floor
        px = round(h * 0.34)
        img = theme.text("+3", min(max(floor, px), round(h * 0.5)), theme.GOLD, True)
        surf.blit(img, img.get_rect(center=(cx, cy)))
        # three little tiles fanned above, where the "+3" has not grown to fill the tile
        for i in range(3 if px >= floor else 0):
            a = math.radians(-20 + 20 * i)
            tx, ty = cx + math.sin(a) * r * 1.2, cy - r * 1.05
            pygame.draw.rect(
                surf,
                theme.TILE_FACE,
                (tx - r * 0.18, ty - r * 0.22, r * 0.36, r * 0.44),
                border_radius=2,
            )
        word = _("DRAW 3")
    # the word under the icon only where it reads whole at the size floor; on a small
    # tile the icon (two arrows, "+3" over three tiles) names the event alone
    px = max(floor, round(h * 0.15))
    img = theme.text(word, px, theme.TEXT, True)
    if img.get_width() <= w * 0.86 and img.get_height() <= h * 0.3:
        surf.blit(img, img.get_rect(center=(cx, h * 0.78)))
    return surf


def tile(name: str, height: int) -> pygame.Surface:
    """The face of a tile in notation (``R7``, ``SWAP``, ``DRAW3``) at a given height."""
    size = tile_size(height)
    if name in ("SWAP", "DRAW3"):
        floor = cards.window_floor()  # its word is shown only where it reads
        key = ("crtile", name, size, floor, language())  # an event tile carries a word
        return cards.cached(key, lambda: _event_tile(name, size, floor))
    return cards.cached(("crtile", name, size), lambda: _number_tile(name, size))


def tile_edge(name: str, height: int) -> pygame.Surface:
    """A tile partly past the edge of the board: its face and colour symbol without its
    number (a number cut by the edge is not read; panning brings the tile in whole)."""
    size = tile_size(height)
    if name in ("SWAP", "DRAW3"):
        return cards.cached(("credge", name, size), lambda: _event_edge(size))

    def build():
        w, h = size
        surf = _blank_tile(size)
        sym = symbols.colour_symbol(COLOUR_OF[name[0]], max(6, round(h * 0.22)), OUTLINE)
        surf.blit(sym, sym.get_rect(center=(w / 2, h * 0.79)))
        return surf

    return cards.cached(("credge", name[0], size), build)


def _event_edge(size) -> pygame.Surface:
    w, h = size
    surf = _body(size, EVENT_FACE, theme.GOLD, max(2, w // 18)).copy()
    inner = pygame.Rect(0, 0, w, h).inflate(-max(4, w // 5), -max(4, h // 6))
    pygame.draw.rect(surf, (0x2C, 0x4A, 0x75), inner, border_radius=max(2, w // 10))
    return surf


def tile_back(height: int) -> pygame.Surface:
    size = tile_size(height)

    def build():
        surf = _body(size, (0x2A, 0x3F, 0x5E), (0x9A, 0x92, 0x7C), 1).copy()
        pygame.draw.rect(
            surf,
            (0x35, 0x50, 0x77),
            pygame.Rect(0, 0, *size).inflate(-size[0] // 3, -size[1] // 3),
            border_radius=3,
        )
        return surf

    return cards.cached(("crback", size), build)


def shadow(size) -> pygame.Surface:
    return cards.card_shadow(size)
