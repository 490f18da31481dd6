"""Crazier Eights card faces, drawn from the deck data and cached per size.

A face shows the rank and the colour symbols on a band of the card's colour(s), the
name, and a symbol for its kind (a shield for an asset, a bolt for an event, ringed in
gold on the wild eights). The large hover copy adds the words: ASSET/EVENT, when the
ability works and its whole text. No word is drawn below the window's size floor: what
would be smaller is left to the hover copy.
"""

from __future__ import annotations

import pygame

from game.services.i18n import language, msg
from game.ui import cards, symbols, theme

EVENT_FILL = (0xF4, 0xEE, 0xDE)
ASSET_FILL = (0xFB, 0xFA, 0xF5)

WHEN = {
    "on_play": msg("When played"),
    "begin_turn": msg("Start of your turn"),
    "end_turn": msg("End of your turn"),
    "static": msg("While in play"),
    "sub": msg("Replacement"),
}


def card_def(cid: str):
    from game.engine.crazier_eights.deck import card

    return card(cid)


def when_line(cid: str) -> str:
    d = card_def(cid)
    words = []
    for ab in d.abilities:
        if ab.trigger == "sub" and ab.steps[0][1][1] == "destroy_prevention":
            w = msg("Protector")
        elif ab.trigger == "end_turn" and ab.trigger_arg == "opp":
            w = msg("End of each opponent's turn")
        elif ab.trigger == "on_play" and ab.steps[0][1][1] == "none":
            w = msg("No ability")
        else:
            w = WHEN.get(ab.trigger, ab.trigger)
        if w not in words:
            words.append(w)
    return " · ".join(theme.spoken(w) for w in words)


_KINDS = {
    ("asset", False): msg("asset"),
    ("asset", True): msg("asset · wild"),
    ("event", False): msg("event"),
    ("event", True): msg("event · wild"),
}


def colour_rgb(colour: str):
    return theme.COLOURS[colour][0]


def face(cid: str, height: int, floor: int | None = None) -> pygame.Surface:
    """The face of ``cid`` at ``height`` px. ``floor``: the smallest text a player reads
    in the window it is drawn in (``Metrics.floor_px``); a word that would be smaller is
    left to the large hover copy, and a symbol says what kind of card it is."""
    height = max(40, int(height))
    floor = floor or _window_floor()
    # the face's words are translated, and which of them fit depends on the floor
    key = ("ce8", cid.rsplit(":", 1)[-1], height, floor, language())
    return cards.cached(key, lambda: _build(cid, height, floor))


def _window_floor() -> int:
    shown = pygame.display.get_surface()
    return theme.readable_px(shown.get_size()) if shown is not None else theme.FLOOR_PX


def _font(px: int, bold: bool = False):
    return theme.font(max(8, int(px)), bold)


TYPE_INK = {"event": (0x6A, 0x5A, 0x3A), "asset": (0x2E, 0x5A, 0x88)}


def type_symbol(kind: str, wild: bool, size: int) -> pygame.Surface:
    """What kind of card, without a word: an asset is a shield (it stays in play), an
    event a lightning bolt (it happens once); a wild card's symbol is ringed in gold."""
    size = max(8, int(size))
    ink = TYPE_INK[kind]
    k = 4
    n = size * k
    big = pygame.Surface((n, n), pygame.SRCALPHA)
    if wild:
        pygame.draw.circle(big, theme.GOLD, (n // 2, n // 2), n // 2, max(2, n // 10))
    m = n * (0.22 if wild else 0.06)
    span = n - 2 * m

    def at(x: float, y: float) -> tuple[float, float]:
        return (m + x * span, m + y * span)

    if kind == "asset":
        points = [
            at(0.5, 0.0),
            at(0.95, 0.15),
            at(0.88, 0.6),
            at(0.5, 1.0),
            at(0.12, 0.6),
            at(0.05, 0.15),
        ]
    else:
        points = [
            at(0.62, 0.0),
            at(0.15, 0.58),
            at(0.48, 0.58),
            at(0.36, 1.0),
            at(0.85, 0.4),
            at(0.52, 0.4),
        ]
    pygame.draw.polygon(big, ink, points)
    return pygame.transform.smoothscale(big, (size, size))


def _build(cid: str, height: int, floor: int) -> pygame.Surface:
    d = card_def(cid)
    w, h = cards.card_size(height)
    # the large hover copy shows every word of the card; a face is one when it is 300 px
    # tall at 1920x1080, in proportion to the window's size floor elsewhere (at 4K a hand
    # card is 408 px: still a hand card, its words kept clear of the next card)
    zoomed = is_zoomed(h, floor)
    fill = ASSET_FILL if d.type == "asset" else EVENT_FILL
    surf = cards.blank(h, fill).copy()
    r = cards.radius_for(w)
    band_h = max(12, round(h * (0.16 if h >= 160 else 0.22)))
    rank_px = max(floor, round(band_h * 0.78))
    band_h = max(band_h, round(_font(rank_px, True).get_height() * 0.92))
    pad = max(3, round(w * 0.06))
    n = len(d.colours)
    rank_w = _font(rank_px, True).size(d.rank)[0]
    sym = max(8, round(band_h * 0.62))
    gap = max(2, sym // 5)
    pill_w = n * sym + (n + 1) * gap
    # a narrow card keeps its colour symbols under the band, never over the rank
    pill_in_band = pad + rank_w + gap + pill_w + pad <= w
    band = pygame.Surface((w, band_h + r), pygame.SRCALPHA)
    for i, col in enumerate(d.colours):
        pygame.draw.rect(band, colour_rgb(col), (round(i * w / n), 0, round(w / n) + 1, band_h + r))
    mask = pygame.Surface((w, band_h + r), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, w, band_h + 2 * r), border_radius=r)
    band.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(band.subsurface((0, 0, w, band_h)), (0, 0))
    pygame.draw.rect(surf, theme.CARD_EDGE, surf.get_rect(), width=1, border_radius=r)
    # rank, white on the band
    rank = _font(rank_px, True).render(d.rank, True, (255, 255, 255))
    outline = _font(rank_px, True).render(d.rank, True, (0x14, 0x14, 0x14))
    rank_y = max(1, (band_h - rank.get_height()) // 2)  # its outline inside the card too
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        surf.blit(outline, (pad + dx, rank_y + dy))
    surf.blit(rank, (pad, rank_y))
    # colour symbols, right of the band (or under it on a narrow card)
    y = band_h + max(2, round(h * 0.02))
    pill = pygame.Rect(w - pad - pill_w, (band_h - sym) // 2 - gap, pill_w, sym + 2 * gap)
    if not pill_in_band:
        pill.midtop = (w // 2, y)
        y = pill.bottom + max(1, round(h * 0.01))
    pygame.draw.rect(surf, (0xFB, 0xFA, 0xF5), pill, border_radius=pill.h // 2)
    x = pill.x + gap
    for col in d.colours:
        img = symbols.colour_symbol(col, sym)
        surf.blit(img, (x, pill.y + gap))
        x += sym + gap
    # In a hand the next card covers the right edge of this one: below zoom size the
    # words stay in the left 80 % of the card (the hand keeps that much in view).
    text_w = text_width(w, h, floor)
    mid_x = pad + text_w // 2
    bottom = h - pad - round(h * 0.03)
    name_px, lines = title_lines(d.name, h, text_w, floor)
    line_h = _font(name_px, True).get_linesize() - max(1, round(name_px * 0.1))
    if name_px >= floor and y + line_h * len(lines) <= bottom:
        for line in lines:
            img = _font(name_px, True).render(line, True, theme.INK)
            surf.blit(img, (mid_x - img.get_width() // 2, y))
            y += line_h
    kind = theme.spoken(_KINDS[d.type, d.rank == "8"]).upper()
    tag_px = round(h * 0.05)
    tag_font = _font(tag_px, True)
    if zoomed and tag_px >= floor and tag_font.size(kind)[0] <= text_w:
        img = tag_font.render(kind, True, TYPE_INK[d.type])
        surf.blit(img, (mid_x - img.get_width() // 2, y + 1))
        y += img.get_height() + max(1, round(h * 0.01))
    else:  # too small to read as a word: the kind as a symbol
        size = max(floor, round(h * 0.11))
        if y + size <= bottom:
            img = type_symbol(d.type, d.rank == "8", size)
            surf.blit(img, (mid_x - size // 2, y + 1))
            y += size + max(1, round(h * 0.01))
    if zoomed and tag_px >= floor:
        pygame.draw.line(surf, (0xC9, 0xC2, 0xAE), (pad, y), (w - pad, y), 1)
        y += max(2, round(h * 0.012))
        for line in _wrap(when_line(cid), tag_font, text_w)[:2]:
            img = tag_font.render(line, True, (0x5A, 0x3E, 0x8A))
            surf.blit(img, (mid_x - img.get_width() // 2, y))
            y += img.get_height()
        f = _font(max(floor, round(h * 0.042)))
        lines = _wrap(d.text, f, text_w)
        for i, line in enumerate(lines):
            if y + f.get_linesize() > bottom:
                break
            if y + 2 * f.get_linesize() > bottom and i < len(lines) - 1:
                line = line.rstrip(".") + "…"
            img = f.render(line, True, (0x2A, 0x2A, 0x2A))
            surf.blit(img, (pad, y))
            y += f.get_linesize()
    # a thin stripe of the colours at the foot
    foot = max(3, round(h * 0.025))
    for i, col in enumerate(d.colours):
        pygame.draw.rect(
            surf,
            colour_rgb(col),
            (r + round(i * (w - 2 * r) / n), h - foot - 2, round((w - 2 * r) / n), foot),
        )
    return surf


def is_zoomed(h: int, floor: int = theme.FLOOR_PX) -> bool:
    """Is a face ``h`` px tall the large hover copy (every word of the card), in a window
    whose size floor is ``floor``?"""
    return h * 16 >= 300 * max(floor, 16)


def text_width(w: int, h: int, floor: int = theme.FLOOR_PX) -> int:
    """Room for a face's words. In a hand the next card covers the right edge of this
    one: below zoom size the words stay in the left 80 % of the card (the hand keeps
    that much in view)."""
    pad = max(3, round(w * 0.06))
    return w - 2 * pad if is_zoomed(h, floor) else round(w * 0.8) - pad - max(2, pad // 2)


def title_lines(name: str, h: int, width: int, floor: int = 8) -> tuple[float, list[str]]:
    """(font px, lines) of a card's title: wrapped, shrunk until it fits on two lines,
    never below ``floor`` (three lines at the floor; when even that does not fit, the
    px returned is below the floor and the face leaves the name to its hover copy)."""
    base = max(h * (0.1 if h < 150 else 0.075), min(floor, h * 0.16))
    px = base
    lines = _wrap(name, _font(px, True), width)
    for k in range(1, 9):
        if len(lines) <= 2 and all(_font(px, True).size(x)[0] <= width for x in lines):
            return px, lines
        px = base * (1 - 0.06 * k)
        if px < floor:
            break
        lines = _wrap(name, _font(px, True), width)
    lines = _wrap(name, _font(floor, True), width)
    if len(lines) <= 3 and all(_font(floor, True).size(x)[0] <= width for x in lines):
        return floor, lines
    return floor - 1, lines


def _wrap(text: str, f, width: int) -> list[str]:
    words = theme.spoken(text).split()
    return theme.fill_lines(words, f, width) if words else []


def colour_badge(colour: str, size: int) -> pygame.Surface:
    return symbols.colour_symbol(colour, size)
