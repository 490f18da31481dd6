"""Crazier Eights card faces, drawn from the deck data and cached per size.

A face shows the rank and the colour symbols on a band of the card's colour(s),
the name, ASSET/EVENT (and WILD on the eights), a line saying when the ability
works, and, at reading sizes, the whole ability text.
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


def face(cid: str, height: int) -> pygame.Surface:
    height = max(40, int(height))
    key = ("ce8", cid.rsplit(":", 1)[-1], height, language())  # the face's words are translated
    return cards.cached(key, lambda: _build(cid, height))


def _font(px: int, bold: bool = False):
    return theme.font(max(8, int(px)), bold)


def _build(cid: str, height: int) -> pygame.Surface:
    d = card_def(cid)
    w, h = cards.card_size(height)
    fill = ASSET_FILL if d.type == "asset" else EVENT_FILL
    surf = cards.blank(h, fill).copy()
    r = cards.radius_for(w)
    band_h = max(12, round(h * (0.16 if h >= 160 else 0.22)))
    band = pygame.Surface((w, band_h + r), pygame.SRCALPHA)
    n = len(d.colours)
    for i, col in enumerate(d.colours):
        pygame.draw.rect(band, colour_rgb(col), (round(i * w / n), 0, round(w / n) + 1, band_h + r))
    mask = pygame.Surface((w, band_h + r), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, w, band_h + 2 * r), border_radius=r)
    band.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(band.subsurface((0, 0, w, band_h)), (0, 0))
    pygame.draw.rect(surf, theme.CARD_EDGE, surf.get_rect(), width=1, border_radius=r)
    pad = max(3, round(w * 0.06))
    # rank, white on the band
    rank = _font(band_h * 0.78, True).render(d.rank, True, (255, 255, 255))
    outline = _font(band_h * 0.78, True).render(d.rank, True, (0x14, 0x14, 0x14))
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        surf.blit(outline, (pad + dx, (band_h - rank.get_height()) // 2 + dy))
    surf.blit(rank, (pad, (band_h - rank.get_height()) // 2))
    # colour symbols, right of the band
    sym = max(8, round(band_h * 0.62))
    gap = max(2, sym // 5)
    pill_w = n * sym + (n + 1) * gap
    pill = pygame.Rect(w - pad - pill_w, (band_h - sym) // 2 - gap, pill_w, sym + 2 * gap)
    pygame.draw.rect(surf, (0xFB, 0xFA, 0xF5), pill, border_radius=pill.h // 2)
    x = pill.x + gap
    for col in d.colours:
        img = symbols.colour_symbol(col, sym)
        surf.blit(img, (x, pill.y + gap))
        x += sym + gap
    y = band_h + max(2, round(h * 0.02))
    small = h < 150
    # In a hand the next card covers the right edge of this one: below zoom size the
    # words stay in the left 80 % of the card (the hand keeps that much in view).
    text_w = text_width(w, h)
    mid_x = pad + text_w // 2
    name_px, lines = title_lines(d.name, h, text_w)
    for line in lines[:3]:
        img = _font(name_px, True).render(line, True, theme.INK)
        surf.blit(img, (mid_x - img.get_width() // 2, y))
        y += img.get_height() - max(1, round(name_px * 0.1))
    kind = theme.spoken(_KINDS[d.type, d.rank == "8"]).upper()
    tag_px = h * (0.075 if small else 0.05)
    while tag_px > 8 and _font(tag_px, True).size(kind)[0] > text_w:
        tag_px -= 1
    img = _font(tag_px, True).render(
        kind, True, (0x6A, 0x5A, 0x3A) if d.type == "event" else (0x2E, 0x5A, 0x88)
    )
    surf.blit(img, (mid_x - img.get_width() // 2, y + 1))
    y += img.get_height() + max(1, round(h * 0.01))
    when = when_line(cid)
    if small and h >= 100:
        for line in _wrap(when, _font(tag_px, True), text_w)[:2]:
            img = _font(tag_px, True).render(line, True, (0x5A, 0x3E, 0x8A))
            surf.blit(img, (mid_x - img.get_width() // 2, y))
            y += img.get_height()
    if not small:
        pygame.draw.line(surf, (0xC9, 0xC2, 0xAE), (pad, y), (w - pad, y), 1)
        y += max(2, round(h * 0.012))
        for line in _wrap(when, _font(tag_px, True), text_w)[:2]:
            img = _font(tag_px, True).render(line, True, (0x5A, 0x3E, 0x8A))
            surf.blit(img, (mid_x - img.get_width() // 2, y))
            y += img.get_height()
        text_px = h * 0.05 if h < 300 else h * 0.042
        f = _font(text_px)
        lines = _wrap(d.text, f, text_w)
        bottom = h - pad - round(h * 0.03)
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


def text_width(w: int, h: int) -> int:
    """Room for a face's words. In a hand the next card covers the right edge of this
    one: below zoom size the words stay in the left 80 % of the card (the hand keeps
    that much in view)."""
    pad = max(3, round(w * 0.06))
    return w - 2 * pad if h >= 300 else round(w * 0.8) - pad - max(2, pad // 2)


def title_lines(name: str, h: int, width: int) -> tuple[float, list[str]]:
    """(font px, lines) of a card's title: wrapped, shrunk until it fits on two lines."""
    base = h * (0.1 if h < 150 else 0.075)
    px = base
    lines = _wrap(name, _font(px, True), width)
    for k in range(1, 9):
        if len(lines) <= 2 and all(_font(px, True).size(x)[0] <= width for x in lines):
            break
        px = base * (1 - 0.06 * k)
        lines = _wrap(name, _font(px, True), width)
    return px, lines


def _wrap(text: str, f, width: int) -> list[str]:
    out, line = [], ""
    for word in theme.spoken(text).split():
        cand = word if not line else line + " " + word
        if f.size(cand)[0] <= width or not line:
            line = cand
        else:
            out.append(line)
            line = word
    if line:
        out.append(line)
    return out


def colour_badge(colour: str, size: int) -> pygame.Surface:
    return symbols.colour_symbol(colour, size)
