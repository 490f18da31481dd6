"""Card art drawn by the program at any size, each face built once per size and cached.

- ``card_size(height)``: (width, height) at 5:7.
- ``face(name, height, four_colour=False)``: a standard card (``"10H"``, ``"QS"``…).
- ``back(height)``: the one back every game uses (deep blue lattice, gold frame).
- ``blank(height, fill)``: an empty card body (rounded, hairline border) for other
  games to paint their own faces on; copy it, draw, and cache your result with
  ``cached(key, build)``.
- ``card_shadow(size)``: the soft shadow to blit under a card (offset by ``shadow_offset``).

Every cached surface is kept per language (a face, or a rotated or dimmed copy of one,
may carry words), and ``forget()`` drops them all when the language changes: no card
drawn in one language is ever shown in another.
"""

from __future__ import annotations

import math

import pygame

import game.ui.symbols as symbols
import game.ui.textlog as textlog
import game.ui.theme as theme
from game.services.i18n import language

_CACHE: dict[tuple, pygame.Surface] = {}
RANK_WORDS = {"J": "J", "Q": "Q", "K": "K", "A": "A"}


def card_size(height: int) -> tuple[int, int]:
    height = max(14, int(height))
    return max(10, round(height * 5 / 7)), height


def cached(key: tuple, build) -> pygame.Surface:
    """Memoise a surface by key (callers include the size in the key). The language is
    part of every key: a derived copy (rotated, dimmed) keyed by a card's name alone
    would otherwise outlive a face whose words changed language."""
    key = (language(), *key)
    surf = _CACHE.get(key)
    if surf is None:
        if len(_CACHE) > 1500:
            _CACHE.clear()
        surf = build()
        if pygame.display.get_surface() is not None and surf.get_flags() & pygame.SRCALPHA:
            surf = surf.convert_alpha()  # the display's pixel format blits fastest
        if textlog.ON:
            textlog.solid(surf)
        _CACHE[key] = surf
    return surf


def forget() -> None:
    """Drop every cached face and copy (the language changed, or recording started)."""
    _CACHE.clear()


textlog.forget_on_start(forget)


def radius_for(width: int) -> int:
    return max(2, round(width * 0.06))


def _body(size: tuple[int, int], fill, edge, edge_px: int = 1) -> pygame.Surface:
    """Rounded card body, smoothed by drawing at 3x and scaling down."""
    w, h = size
    k = 3
    big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
    r = radius_for(w) * k
    pygame.draw.rect(big, edge, big.get_rect(), border_radius=r)
    e = max(1, edge_px) * k
    pygame.draw.rect(big, fill, big.get_rect().inflate(-2 * e, -2 * e), border_radius=max(1, r - e))
    return pygame.transform.smoothscale(big, size)


def blank(height: int, fill=theme.CARD_FACE, edge=theme.CARD_EDGE) -> pygame.Surface:
    size = card_size(height)
    return cached(("blank", size, fill, edge), lambda: _body(size, fill, edge))


def card_shadow(size: tuple[int, int]) -> pygame.Surface:
    blur = max(2, size[0] // 14)
    return cached(("shadow", size), lambda: theme.shadow(size, radius_for(size[0]), blur, 95))


def shadow_offset(size: tuple[int, int]) -> tuple[int, int]:
    """Top-left of the shadow surface relative to the card's top-left."""
    blur = max(2, size[0] // 14)
    return -blur * 2 + max(1, size[0] // 40), -blur * 2 + max(2, size[1] // 30)


def blit_lifted(surface, img: pygame.Surface, centre, lift: tuple[int, int]) -> None:
    """A card held above the table (being dragged), its shadow ``lift`` px from its
    top-left."""
    rect = img.get_rect(center=centre)
    surface.blit(card_shadow(img.get_size()), (rect.x + lift[0], rect.y + lift[1]))
    surface.blit(img, rect)


def split(name: str) -> tuple[str, str]:
    name = name.strip().upper()
    return name[:-1], name[-1]


def window_floor() -> int:
    """The smallest text a player reads in the window faces are drawn for (14 px at
    1280x720, 16 at 1920x1080): no rank or word on a face is drawn smaller."""
    shown = pygame.display.get_surface()
    return theme.readable_px(shown.get_size()) if shown is not None else theme.FLOOR_PX


def face(
    name: str, height: int, four_colour: bool = False, floor: int | None = None
) -> pygame.Surface:
    """A standard card; its corner rank is never below ``floor`` (the window's size floor
    by default), so a small card such as the menu's fan still reads."""
    size = card_size(height)
    floor = floor or window_floor()
    return cached(
        ("face", name, size, four_colour, floor),
        lambda: _draw_face(name, size, four_colour, floor),
    )


def _draw_face(name: str, size: tuple[int, int], four_colour: bool, floor: int) -> pygame.Surface:
    rank, suit = split(name)
    w, h = size
    ink = theme.suit_colour(suit, four_colour)
    surf = blank(h).copy()
    # Corner index: rank above suit, about 18 % of the card height in all, the rank
    # never below the size floor.
    rank_px = max(floor, round(h * 0.125))
    f = theme.font(rank_px, bold=True)
    label = f.render("10" if rank == "10" else rank, True, ink)
    if rank == "10":
        label = pygame.transform.smoothscale(
            label, (round(label.get_width() * 0.82), label.get_height())
        )
    pad_x = max(2, round(w * 0.075))
    pad_y = max(1, round(h * 0.025))
    sym_px = max(4, round(h * 0.085))
    pip = symbols.suit(suit, sym_px, ink)
    corner = pygame.Surface(
        (max(label.get_width(), pip.get_width()), label.get_height() + pip.get_height()),
        pygame.SRCALPHA,
    )
    cw = corner.get_width()
    corner.blit(label, ((cw - label.get_width()) // 2, 0))
    corner.blit(pip, ((cw - pip.get_width()) // 2, label.get_height() - round(rank_px * 0.12)))
    # keep the column centred on the same axis for one- and two-character ranks
    axis = pad_x + round(h * 0.05)
    surf.blit(corner, (axis - cw // 2, pad_y))
    rotated = pygame.transform.rotate(corner, 180)
    surf.blit(rotated, (w - axis - cw // 2, h - pad_y - rotated.get_height()))
    # Centre: a large suit symbol, or the court letter framed for J Q K.
    cx, cy = w // 2, h // 2
    if rank in ("J", "Q", "K"):
        frame = pygame.Rect(0, 0, round(w * 0.52), round(h * 0.58))
        frame.center = (cx, cy)
        tint = tuple(round(c * 0.12 + 255 * 0.88) for c in ink)
        pygame.draw.rect(surf, tint, frame, border_radius=max(2, w // 20))
        pygame.draw.rect(surf, ink, frame, width=max(1, w // 70), border_radius=max(2, w // 20))
        big_px = round(h * 0.26)
        if big_px >= floor:
            big = theme.font(big_px, bold=True).render(rank, True, ink)
            surf.blit(big, big.get_rect(center=(cx, cy - round(h * 0.06))))
            s = symbols.suit(suit, round(h * 0.14), ink)
            surf.blit(s, s.get_rect(center=(cx, cy + round(h * 0.15))))
        else:  # a letter under the floor is not read (the corner index says the rank)
            s = symbols.suit(suit, round(h * 0.26), ink)
            surf.blit(s, s.get_rect(center=(cx, cy)))
    else:
        big_px = round(w * (0.58 if rank == "A" else 0.46))
        s = symbols.suit(suit, big_px, ink)
        surf.blit(s, s.get_rect(center=(cx, cy)))
        if rank == "8":  # the wild card: a thin gold ring around the symbol
            theme.circle(surf, theme.GOLD, (cx, cy), round(big_px * 0.72), max(1, w // 60))
    return surf


def back(height: int) -> pygame.Surface:
    size = card_size(height)
    return cached(("back", size), lambda: _draw_back(size))


def _draw_back(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    k = 3
    W, H = w * k, h * k
    big = pygame.Surface((W, H), pygame.SRCALPHA)
    r = radius_for(w) * k
    pygame.draw.rect(big, theme.CARD_FACE, big.get_rect(), border_radius=r)
    inset = max(2, round(w * 0.06)) * k
    inner = big.get_rect().inflate(-2 * inset, -2 * inset)
    pattern = pygame.Surface(inner.size, pygame.SRCALPHA)
    pattern.fill(theme.BACK_BLUE)
    light = (0x35, 0x55, 0x82)
    step = max(6, inner.w // 7)
    lw = max(1, k)
    for i in range(-inner.h // step - 2, inner.w // step + inner.h // step + 3):
        x = i * step
        pygame.draw.line(pattern, light, (x, 0), (x + inner.h, inner.h), lw)
        pygame.draw.line(pattern, light, (x, 0), (x - inner.h, inner.h), lw)
    cx, cy = inner.w // 2, inner.h // 2
    rr = round(inner.w * 0.34)
    pygame.draw.circle(pattern, theme.BACK_BLUE, (cx, cy), rr + lw * 3)
    for j in range(8):
        a = math.radians(j * 45)
        px, py = cx + rr * 0.5 * math.cos(a), cy + rr * 0.5 * math.sin(a)
        pygame.draw.circle(pattern, light, (round(px), round(py)), round(rr * 0.5), lw)
    pygame.draw.circle(pattern, theme.GOLD, (cx, cy), rr, lw * 2)
    pygame.draw.circle(pattern, theme.GOLD, (cx, cy), round(rr * 0.16))
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(1, r - inset))
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(pattern, inner.topleft)
    pygame.draw.rect(
        big,
        theme.GOLD,
        inner.inflate(-6 * k, -6 * k),
        width=max(1, k),
        border_radius=max(1, r - inset - 3 * k),
    )
    pygame.draw.rect(big, theme.CARD_EDGE, big.get_rect(), width=k, border_radius=r)
    return pygame.transform.smoothscale(big, size)


def dimmed(surf: pygame.Surface, key: tuple, strength: float = 0.45) -> pygame.Surface:
    """The card at 45 % over the felt, but opaque (cards under it never show through)."""

    def build():
        out = surf.copy()
        k = round(255 * strength)
        out.fill((k, k, k), special_flags=pygame.BLEND_RGB_MULT)
        out.fill(
            tuple(round(c * (1 - strength)) for c in theme.FELT_EDGE),
            special_flags=pygame.BLEND_RGB_ADD,
        )
        return out

    return cached(("dim", strength, *key), build)


def rotated(surf: pygame.Surface, key: tuple, angle: float) -> pygame.Surface:
    """A rotated copy (angle in degrees, quantised to 0.5°), cached."""
    q = round(angle * 2) / 2
    if q == 0:
        return surf
    return cached(("rot", q, *key), lambda: pygame.transform.rotozoom(surf, q, 1.0))
