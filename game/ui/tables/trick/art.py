"""Card faces for the trick games, drawn by the program and cached per size.

Rage colour cards: a cream card with a thick frame in the card's colour, the value
and the colour's symbol in two corners, and a large symbol with the value in the
middle. Rage action cards have their own dark frame (Joker, No Trump, Change Trump,
+5, −5); a Joker played with a named colour carries that colour's badge.
Crazy Lab cards: one band per printed colour, each with its symbol and number on
the left (readable when the hand overlaps) and a large faint symbol on the right.
"""

from __future__ import annotations

import math

import pygame

from game.services.i18n import _, language
from game.ui import cards, symbols, textlog, theme

RAGE_COLOURS = {"Y": "yellow", "O": "orange", "R": "red", "P": "purple", "B": "blue", "G": "green"}
LAB_COLOURS = {"P": "purple", "B": "blue", "Y": "yellow", "O": "orange", "G": "green"}
ACTION_FILL = (0x26, 0x2B, 0x33)
WHITE = (0xFF, 0xFF, 0xFF)


def rgb(colour_name: str):
    return theme.COLOURS[colour_name][0]


def ink_on(colour_name: str):
    """Text colour that reads on a band of this colour."""
    return theme.INK if colour_name in ("yellow", "orange") else WHITE


def dark(colour_name: str):
    r, g, b = rgb(colour_name)
    return (round(r * 0.62), round(g * 0.62), round(b * 0.62))


def outlined(text: str, px: int, fill, outline, bold: bool = True) -> pygame.Surface:
    """Text with a 1-2 px outline so it reads on any band."""
    f = theme.font(max(8, int(px)), bold)
    body = f.render(text, True, fill)
    edge = f.render(text, True, outline)
    k = max(1, int(px) // 22)
    out = pygame.Surface((body.get_width() + 2 * k, body.get_height() + 2 * k), pygame.SRCALPHA)
    for dx in (-k, 0, k):
        for dy in (-k, 0, k):
            if dx or dy:
                out.blit(edge, (k + dx, k + dy))
    out.blit(body, (k, k))
    # the outline is the same word stamped around it: one text, wherever the face is
    # scaled or turned to (the audit would otherwise read the copies as overlapping)
    textlog.tag(out, text, max(8, int(px)))
    return out


def symbol(colour_name: str, size: int, outline=theme.INK) -> pygame.Surface:
    return symbols.colour_symbol(colour_name, max(4, int(size)), outline)


# ---------------------------------------------------------------- Rage


def rage_face(
    name: str, height: int, floor: int | None = None, titled: bool = True
) -> pygame.Surface:
    """A Rage card in notation (``R13``, ``J``, ``J:B``, ``NT``, ``CT``, ``+5``, ``-5``).
    ``floor``: the smallest text a player reads in the window (by default the window's
    own); no value or word on the face is smaller, and an action card's name is left off
    when it does not fit at that size (its picture and corner code say what it is).
    ``titled=False``: no name at all, for a card whose lower part the next card in a
    fanned hand covers (the name would read "NO TRU")."""
    height = max(30, int(height))
    floor = floor or cards.window_floor()
    key = ("rage", name, height, floor, titled, language())  # action cards carry words
    return cards.cached(key, lambda: _rage_build(name, height, floor, titled))


def _rage_build(name: str, height: int, floor: int, titled: bool = True) -> pygame.Surface:
    head, _, named = name.partition(":")
    if head in ("J", "NT", "CT", "+5", "-5"):
        return _rage_action(head, named, height, floor, titled)
    colour = RAGE_COLOURS[head[0]]
    value = head[1:]
    w, h = cards.card_size(height)
    surf = cards.blank(h).copy()
    r = cards.radius_for(w)
    band = max(3, round(w * 0.07))
    inner = surf.get_rect().inflate(-2 * max(2, round(w * 0.035)), -2 * max(2, round(w * 0.035)))
    pygame.draw.rect(surf, rgb(colour), inner, width=band, border_radius=max(2, r - 1))
    # corners: value above symbol
    px = max(floor, round(h * 0.15))
    num = outlined(value, px, dark(colour), WHITE)
    sym = symbol(colour, round(h * 0.085))
    x0, y0 = inner.x + band + max(1, round(w * 0.02)), inner.y + band
    surf.blit(num, (x0, y0 - round(px * 0.08)))
    surf.blit(
        sym,
        (x0 + (num.get_width() - sym.get_width()) // 2, y0 + num.get_height() - round(px * 0.1)),
    )
    corner = pygame.Surface(
        (max(num.get_width(), sym.get_width()), num.get_height() + sym.get_height()),
        pygame.SRCALPHA,
    )
    corner.blit(num, ((corner.get_width() - num.get_width()) // 2, 0))
    corner.blit(
        sym, ((corner.get_width() - sym.get_width()) // 2, num.get_height() - round(px * 0.1))
    )
    flipped = pygame.transform.rotate(corner, 180)
    low = flipped.get_rect(
        topleft=(
            inner.right - band - flipped.get_width() - max(1, round(w * 0.02)),
            inner.bottom - band - flipped.get_height(),
        )
    )
    surf.blit(flipped, low)
    # centre: a large symbol, the value on it where it reads clear of the corners (a
    # tiny card's value is its corner's)
    big = symbol(colour, round(w * 0.56))
    surf.blit(big, big.get_rect(center=(w // 2, h // 2)))
    if round(h * 0.2) >= floor:
        label = outlined(
            value,
            round(h * 0.2),
            WHITE if colour not in ("yellow",) else theme.INK,
            theme.INK if colour not in ("yellow",) else WHITE,
        )
        at = label.get_rect(center=(w // 2, h // 2 + round(h * 0.015)))
        top = num.get_rect(topleft=(x0, y0 - round(px * 0.08)))
        if not (at.colliderect(top) or at.colliderect(low)):
            surf.blit(label, at)
    return surf


def _rage_action(
    kind: str, named: str, height: int, floor: int, titled: bool = True
) -> pygame.Surface:
    w, h = cards.card_size(height)
    surf = cards.blank(h, ACTION_FILL, theme.GOLD).copy()
    r = cards.radius_for(w)
    inset = max(3, round(w * 0.06))
    pygame.draw.rect(
        surf,
        theme.GOLD,
        surf.get_rect().inflate(-2 * inset, -2 * inset),
        width=max(1, round(w * 0.02)),
        border_radius=max(2, r - 2),
    )
    cx, cy = w // 2, h // 2
    corner_txt = {"J": "J", "NT": "NT", "CT": "CT", "+5": "+5", "-5": "−5"}[kind]
    c = theme.font(max(floor, round(h * 0.1)), True).render(corner_txt, True, theme.GOLD)
    corner = c.get_rect(topleft=(inset + max(2, round(w * 0.04)), inset + max(1, round(h * 0.015))))
    title = {"J": _("Joker"), "NT": _("No Trump"), "CT": _("Change"), "+5": "+5", "-5": "−5"}[
        kind
    ].upper()
    small = round(h * 0.085)
    if kind == "J":
        ring = round(w * 0.3)
        for i, colour in enumerate(RAGE_COLOURS.values()):
            a = math.radians(-90 + 60 * i)
            s = symbol(colour, round(w * 0.2), WHITE)
            surf.blit(s, s.get_rect(center=(cx + ring * math.cos(a), cy + ring * math.sin(a))))
        if named:  # the colour it was named: a large badge in the middle
            colour = RAGE_COLOURS[named]
            rad = round(w * 0.2)
            pygame.draw.circle(surf, theme.CARD_FACE, (cx, cy), rad)
            pygame.draw.circle(surf, rgb(colour), (cx, cy), rad, max(2, round(w * 0.03)))
            s = symbol(colour, round(rad * 1.3))
            surf.blit(s, s.get_rect(center=(cx, cy)))
        elif round(h * 0.22) >= floor:  # on a tiny card the corner's J says it
            star = outlined("J", round(h * 0.22), theme.GOLD, theme.INK)
            if not star.get_rect(center=(cx, cy)).colliderect(corner):
                surf.blit(star, star.get_rect(center=(cx, cy)))
    elif kind == "NT":
        rad = round(w * 0.28)
        pygame.draw.circle(surf, (0xE5, 0x53, 0x3D), (cx, cy), rad, max(2, round(w * 0.05)))
        s = symbol("red", round(w * 0.26), WHITE)
        surf.blit(s, s.get_rect(center=(cx, cy)))
        off = round(rad * 0.7)
        pygame.draw.line(
            surf,
            (0xE5, 0x53, 0x3D),
            (cx - off, cy + off),
            (cx + off, cy - off),
            max(2, round(w * 0.05)),
        )
    elif kind == "CT":
        rad = round(w * 0.27)
        width = max(2, round(w * 0.045))
        box = pygame.Rect(cx - rad, cy - rad, 2 * rad, 2 * rad)
        pygame.draw.arc(surf, theme.GOLD, box, math.radians(20), math.radians(160), width)
        pygame.draw.arc(surf, theme.GOLD, box, math.radians(200), math.radians(340), width)
        for ang, sign in ((20, 1), (200, -1)):
            a = math.radians(ang)
            tip = (cx + rad * math.cos(a), cy - rad * math.sin(a))
            k = rad * 0.32
            pygame.draw.polygon(
                surf,
                theme.GOLD,
                [
                    tip,
                    (tip[0] - k * sign, tip[1] - k * 0.2 * sign),
                    (tip[0] - k * 0.2 * sign, tip[1] + k * sign),
                ],
            )
        for colour, dx in (("blue", -1), ("green", 1)):
            s = symbol(colour, round(w * 0.17), WHITE)
            surf.blit(s, s.get_rect(center=(cx + dx * round(rad * 0.45), cy)))
    elif round(h * 0.3) >= floor:  # on a tiny card the corner's +5/−5 says it
        good = kind == "+5"
        ink = (0x6C, 0xC7, 0x8A) if good else (0xE5, 0x53, 0x3D)
        big = outlined(title, round(h * 0.3), ink, theme.INK)
        if not big.get_rect(center=(cx, cy)).colliderect(corner):
            surf.blit(big, big.get_rect(center=(cx, cy)))
    if titled and kind in ("J", "NT", "CT"):
        # the card's name under its picture, only where it reads: shrunk at most to the
        # floor, else left off (the picture and the corner code name the card)
        label_text = {"J": _("Joker"), "NT": _("No Trump"), "CT": _("Change Trump")}[kind].upper()
        px = max(floor, small if kind != "CT" else round(small * 0.8))
        f = theme.font(px, True)
        while f.size(label_text)[0] > w - 2 * inset - 4 and px > floor:
            px -= 1
            f = theme.font(px, True)
        bottom = h - inset - max(2, round(h * 0.03))
        picture_bottom = cy + round(w * (0.4 if kind == "J" else 0.3))  # the Joker's ring
        fits = f.size(label_text)[0] <= w - 2 * inset - 4
        if fits and bottom - f.get_height() >= picture_bottom:
            img = f.render(label_text, True, theme.GOLD)
            surf.blit(img, img.get_rect(midbottom=(cx, bottom)))
    surf.blit(c, corner)
    return surf


def rage_index_width(floor: int) -> int:
    """The widest corner code at ``floor`` px ("−5", "15"): how much of a small card must
    show for its corner to read, and so the narrowest card that holds it."""
    f = theme.font(floor, True)
    return max(f.size(t)[0] for t in ("−5", "+5", "NT", "CT", "15")) + max(2, floor // 7)


def rage_readable_height(floor: int) -> int:
    """The smallest card height whose corner code reads whole at ``floor`` px."""
    w = rage_index_width(floor)
    # the code starts at the frame's inset plus a margin, 10 % of the width in all
    width = math.ceil((w + 4) / 0.85)
    return math.ceil(width * 7 / 5)


def rage_sort_key(name: str, by: str = "colour"):
    head = name.partition(":")[0]
    order = "YORPBG"
    if head in ("J", "NT", "CT", "+5", "-5"):
        rank = ("J", "CT", "NT", "+5", "-5").index(head)
        return (1, rank, 0) if by == "colour" else (-1, rank, 0)
    colour, value = order.index(head[0]), int(head[1:])
    return (0, colour, value) if by == "colour" else (0, value, colour)


# ---------------------------------------------------------------- Crazy Lab


def lab_entries(name: str) -> list[tuple[str, int]]:
    return [(LAB_COLOURS[p[0]], int(p[1:])) for p in name.split("/")]


def lab_face(name: str, height: int, floor: int | None = None) -> pygame.Surface:
    """A Crazy Lab card; its numbers are never below ``floor`` (the window's size floor
    by default), so a small card (a replay's open hands) still reads."""
    height = max(30, int(height))
    floor = floor or cards.window_floor()
    return cards.cached(("lab", name, height, floor), lambda: _lab_build(name, height, floor))


def _lab_build(name: str, height: int, floor: int) -> pygame.Surface:
    entries = lab_entries(name)
    w, h = cards.card_size(height)
    surf = cards.blank(h).copy()
    r = cards.radius_for(w)
    pad = max(2, round(w * 0.05))
    inner = pygame.Rect(pad, pad, w - 2 * pad, h - 2 * pad)
    n = len(entries)
    gap = max(1, round(h * 0.012))
    band_h = (inner.h - gap * (n - 1)) / n
    for i, (colour, value) in enumerate(entries):
        band = pygame.Rect(inner.x, round(inner.y + i * (band_h + gap)), inner.w, round(band_h))
        pygame.draw.rect(surf, rgb(colour), band, border_radius=max(2, r - pad // 2))
        ghost = symbol(colour, min(band.h * 0.9, band.w * 0.55), None)
        ghost = ghost.copy()
        ghost.fill((255, 255, 255, 70), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(ghost, ghost.get_rect(midright=(band.right - round(w * 0.04), band.centery)))
        px = max(floor, min(round(band.h * 0.62), round(h * 0.2)))
        num = outlined(
            str(value), px, ink_on(colour), WHITE if ink_on(colour) == theme.INK else theme.INK
        )
        sym = symbols.shape(theme.COLOURS[colour][1], round(px * 0.62), ink_on(colour))
        x = band.x + max(2, round(w * 0.05))
        # a small card's band is shorter than a number at the readable floor with its
        # outline: the number stays whole on the face (the top one moves down a little,
        # the bottom one up) rather than being cut at the card's edge
        at = num.get_rect(midleft=(x, band.centery)).clamp(surf.get_rect())
        surf.blit(num, at)
        surf.blit(
            sym, sym.get_rect(midleft=(x + num.get_width() + max(1, round(w * 0.02)), band.centery))
        )
    return surf


def lab_sort_key(name: str, by: str = "colour"):
    entries = lab_entries(name)
    order = list(LAB_COLOURS.values())
    top = max(v for _, v in entries)
    if by == "colour":
        return (order.index(entries[0][0]), -entries[0][1], -top)
    return (-top, order.index(entries[0][0]))


def scoring_card(
    plus: str, height: int, minus: str | None = None, floor: int | None = None
) -> pygame.Surface:
    """A Crazy Lab scoring card, plus side up: the colour, its symbol and a big '+'; the
    '−' of a minus colour in its corner is never below ``floor`` (the window's)."""
    height = max(30, int(height))
    floor = floor or cards.window_floor()
    return cards.cached(
        ("labscore", plus, minus, height, floor),
        lambda: _score_build(plus, minus, height, floor),
    )


def _score_build(plus: str, minus: str | None, height: int, floor: int) -> pygame.Surface:
    colour = LAB_COLOURS[plus]
    w, h = cards.card_size(height)
    surf = cards.blank(h, rgb(colour)).copy()
    inset = max(3, round(w * 0.07))
    pygame.draw.rect(
        surf,
        theme.CARD_FACE,
        surf.get_rect().inflate(-2 * inset, -2 * inset),
        width=max(1, round(w * 0.03)),
        border_radius=max(2, cards.radius_for(w) - 2),
    )
    s = symbols.shape(theme.COLOURS[colour][1], round(w * 0.5), ink_on(colour))
    surf.blit(s, s.get_rect(center=(w // 2, round(h * 0.42))))
    plus_img = outlined(
        "+", round(h * 0.22), ink_on(colour), WHITE if ink_on(colour) == theme.INK else theme.INK
    )
    surf.blit(plus_img, plus_img.get_rect(center=(w // 2, round(h * 0.75))))
    if minus:
        m = symbol(LAB_COLOURS[minus], round(w * 0.2), WHITE)
        lbl = outlined("−", max(floor, round(h * 0.12)), WHITE, theme.INK)
        surf.blit(lbl, (inset + 3, inset + 2))
        surf.blit(m, (inset + 3 + lbl.get_width(), inset + 4))
    return surf
