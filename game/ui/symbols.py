"""Suit and colour symbols drawn from polygons and circles, at any size.

Each symbol is drawn once per (kind, size, colour) at 4x and smooth-scaled down, so it
is crisp and anti-aliased, then cached. Use:

- ``suit(letter, size, colour)``: ♠ ♥ ♦ ♣ for S H D C.
- ``shape(name, size, colour, outline=None)``: circle, triangle, diamond, star,
  square, hexagon: the six game colours' symbols (theme.COLOURS maps colour -> symbol).
- ``colour_symbol(colour_name, size)``: the colour's own symbol in its own fill.
"""

from __future__ import annotations

import math

import pygame

import game.ui.theme as theme

SS = 4  # supersampling factor
_CACHE: dict[tuple, pygame.Surface] = {}


def _finish(big: pygame.Surface, size: int) -> pygame.Surface:
    return pygame.transform.smoothscale(big, (size, size))


def _heart(s: pygame.Surface, n: int, c):
    r = n * 0.26
    pygame.draw.circle(s, c, (round(n * 0.28), round(n * 0.32)), round(r))
    pygame.draw.circle(s, c, (round(n * 0.72), round(n * 0.32)), round(r))
    pygame.draw.polygon(
        s,
        c,
        [
            (n * 0.03, n * 0.40),
            (n * 0.97, n * 0.40),
            (n * 0.5, n * 0.95),
        ],
    )
    pygame.draw.polygon(
        s, c, [(n * 0.25, n * 0.2), (n * 0.75, n * 0.2), (n * 0.85, n * 0.55), (n * 0.15, n * 0.55)]
    )


def _spade(s: pygame.Surface, n: int, c):
    r = n * 0.24
    pygame.draw.circle(s, c, (round(n * 0.29), round(n * 0.56)), round(r))
    pygame.draw.circle(s, c, (round(n * 0.71), round(n * 0.56)), round(r))
    pygame.draw.polygon(s, c, [(n * 0.06, n * 0.50), (n * 0.94, n * 0.50), (n * 0.5, n * 0.04)])
    pygame.draw.polygon(s, c, [(n * 0.5, n * 0.55), (n * 0.66, n * 0.97), (n * 0.34, n * 0.97)])


def _club(s: pygame.Surface, n: int, c):
    r = round(n * 0.205)
    pygame.draw.circle(s, c, (round(n * 0.5), round(n * 0.26)), r)
    pygame.draw.circle(s, c, (round(n * 0.26), round(n * 0.58)), r)
    pygame.draw.circle(s, c, (round(n * 0.74), round(n * 0.58)), r)
    pygame.draw.circle(s, c, (round(n * 0.5), round(n * 0.5)), round(n * 0.12))
    pygame.draw.polygon(s, c, [(n * 0.5, n * 0.5), (n * 0.66, n * 0.97), (n * 0.34, n * 0.97)])


def _diamond(s: pygame.Surface, n: int, c):
    pygame.draw.polygon(
        s, c, [(n * 0.5, n * 0.02), (n * 0.88, n * 0.5), (n * 0.5, n * 0.98), (n * 0.12, n * 0.5)]
    )


_SUITS = {"S": _spade, "H": _heart, "D": _diamond, "C": _club}


def suit(letter: str, size: int, colour) -> pygame.Surface:
    """A suit symbol of ``size`` x ``size`` pixels (transparent background)."""
    size = max(2, int(size))
    key = ("suit", letter, size, tuple(colour))
    surf = _CACHE.get(key)
    if surf is None:
        n = size * SS
        big = pygame.Surface((n, n), pygame.SRCALPHA)
        _SUITS[letter](big, n, colour)
        surf = _finish(big, size)
        _CACHE[key] = surf
    return surf


def _points(name: str, n: float) -> list[tuple[float, float]] | None:
    cx = cy = n / 2
    if name == "triangle":
        return [(cx, n * 0.06), (n * 0.96, n * 0.90), (n * 0.04, n * 0.90)]
    if name == "diamond":
        return [(cx, n * 0.02), (n * 0.90, cy), (cx, n * 0.98), (n * 0.10, cy)]
    if name == "square":
        return [
            (n * 0.12, n * 0.12),
            (n * 0.88, n * 0.12),
            (n * 0.88, n * 0.88),
            (n * 0.12, n * 0.88),
        ]
    if name == "hexagon":
        r = n * 0.47
        return [
            (
                cx + r * math.cos(math.radians(90 + 60 * i)),
                cy + r * math.sin(math.radians(90 + 60 * i)),
            )
            for i in range(6)
        ]
    if name == "star":
        pts = []
        for i in range(10):
            r = n * (0.49 if i % 2 == 0 else 0.2)
            a = math.radians(-90 + 36 * i)
            pts.append((cx + r * math.cos(a), cy + 0.04 * n + r * math.sin(a)))
        return pts
    return None


def shape(name: str, size: int, colour, outline=None) -> pygame.Surface:
    """One of the six colour symbols, filled with ``colour``, optionally outlined."""
    size = max(2, int(size))
    key = ("shape", name, size, tuple(colour), tuple(outline) if outline else None)
    surf = _CACHE.get(key)
    if surf is None:
        n = size * SS
        big = pygame.Surface((n, n), pygame.SRCALPHA)
        width = max(SS, n // 14) if outline else 0
        if name == "circle":
            if outline:
                pygame.draw.circle(big, outline, (n // 2, n // 2), n // 2 - 1)
            pygame.draw.circle(big, colour, (n // 2, n // 2), n // 2 - 1 - width)
        else:
            pts = _points(name, n)
            if pts is None:
                raise ValueError(f"unknown symbol {name!r}")
            if outline:
                pygame.draw.polygon(big, outline, pts)
                ctr = (n / 2, n / 2)
                k = 1 - 2.2 * width / n
                pts = [(ctr[0] + (x - ctr[0]) * k, ctr[1] + (y - ctr[1]) * k) for x, y in pts]
            pygame.draw.polygon(big, colour, pts)
        surf = _finish(big, size)
        _CACHE[key] = surf
    return surf


def colour_symbol(colour_name: str, size: int, outline=theme.INK) -> pygame.Surface:
    """The symbol of a game colour (``yellow`` … ``green``) in that colour's fill."""
    fill, name = theme.COLOURS[colour_name]
    return shape(name, size, fill, outline)
