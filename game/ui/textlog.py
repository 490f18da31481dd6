"""What text a frame drew, where, and at what size: the layout audit's eyes.

Off by default and free when off. ``start()`` makes every ``pygame.Surface`` the UI
creates a ``RecordingSurface``; ``theme.text`` tags each line it renders. A blit of a
tagged line onto a recording surface records it; a blit of a recording surface onto
another carries its records along (translated and clipped), so text drawn into a cached
layer or a panel image is still found on the screen. A later panel or opaque image that
covers a text hides it, and its record goes. ``theme.draw_panel`` reports its boxes.

Every line also remembers the language it was rendered in: a line on the screen in
another language than the current one is a surface drawn before a language change and
never rebuilt (``stale``). ``theme.font`` tags whatever it renders, so words drawn
straight onto card and tile faces are recorded like any label.

Text drawn inside ``fine_print()`` (the small print on card faces, which a player reads
in the card's enlarged view) is recorded as such and exempt from the size floor.
"""

from __future__ import annotations

import contextlib
import weakref
from dataclasses import dataclass

import pygame

_ORIGINAL_SURFACE = pygame.Surface
# text surface -> (words, px, whole line when shortened, language)
_TAGS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_FINE = [0]  # depth of fine_print() blocks
_CUTS: dict = {}  # a line shortened with "…" -> the whole line (while recording)
ON = False


@dataclass
class Drawn:
    words: str
    px: int
    rect: pygame.Rect
    fine: bool
    cut: str = ""  # the whole line, when it is drawn shortened with "…"
    lang: str = ""  # the language it was rendered in
    clipped: bool = False  # drawn partly outside the surface it was drawn on (a face)


@dataclass
class Box:
    rect: pygame.Rect


class RecordingSurface(_ORIGINAL_SURFACE):
    """A surface that remembers the text and boxes drawn on it."""

    def records(self) -> tuple[list[Drawn], list[Box]]:
        """The texts and boxes drawn on this surface (the lists themselves, kept here)."""
        try:
            return self._drawn, self._boxes
        except AttributeError:  # a surface pygame made (a copy, a subsurface): none yet
            self._drawn, self._boxes = [], []
            return self._drawn, self._boxes

    def keep_records(self, drawn: list[Drawn], boxes: list[Box]) -> None:
        """From now on this surface shows ``drawn`` and ``boxes`` (a copy or a transform
        of another surface takes over its records)."""
        self._drawn, self._boxes = drawn, boxes

    def blit(self, source, dest, area=None, special_flags=0):
        done = super().blit(source, dest, area, special_flags)
        if ON:
            self._take(source, dest, area, done)
        return done

    def blits(self, blit_sequence, doreturn=1):
        out = []
        for item in blit_sequence:
            out.append(self.blit(*item))
        return out if doreturn else None

    def fblits(self, blit_sequence, special_flags=0):
        for source, dest in blit_sequence:
            self.blit(source, dest, None, special_flags)

    def fill(self, color, rect=None, special_flags=0):
        done = super().fill(color, rect, special_flags)
        if ON and not special_flags:
            self.cover(done if rect is not None else self.get_rect())
        return done

    def copy(self):
        out = super().copy()
        drawn, boxes = self.records()
        out.keep_records([*drawn], [*boxes])
        return out

    def convert(self, *args):
        out = super().convert(*args)
        drawn, boxes = self.records()
        out.keep_records([*drawn], [*boxes])
        return out

    def convert_alpha(self, *args):
        out = super().convert_alpha(*args)
        drawn, boxes = self.records()
        out.keep_records([*drawn], [*boxes])
        return out

    # -- records

    def cover(self, rect: pygame.Rect) -> None:
        """Whatever lies wholly under ``rect`` is hidden by what was just drawn there."""
        drawn, boxes = self.records()
        drawn[:] = [d for d in drawn if not rect.contains(d.rect)]
        boxes[:] = [b for b in boxes if not rect.contains(b.rect)]

    def box(self, rect: pygame.Rect) -> None:
        """A panel drawn here: texts it partly covers are hidden behind it."""
        drawn, boxes = self.records()
        drawn[:] = [d for d in drawn if not rect.colliderect(d.rect)]
        boxes[:] = [b for b in boxes if not rect.colliderect(b.rect)]  # now underneath
        boxes.append(Box(pygame.Rect(rect)))

    def _take(self, source, dest, area, done: pygame.Rect) -> None:
        tag = _TAGS.get(source)
        if tag is not None:
            if done.w and done.h:
                full = source.get_rect(topleft=_topleft(dest))
                clipped = not self.get_rect().contains(full)
                self.records()[0].append(
                    Drawn(tag[0], tag[1], full, _FINE[0] > 0, tag[2], tag[3], clipped)
                )
            return
        if isinstance(source, RecordingSurface):
            if getattr(source, "solid", False) and done.w and done.h:
                # a card laid on others hides the words under its middle
                corner = max(2, round(done.w * 0.06))  # its rounded corners hide nothing
                inner = done.inflate(-2 * corner, -2 * corner)
                drawn = self.records()[0]
                drawn[:] = [d for d in drawn if not _mostly_under(d.rect, inner)]
            inner_drawn, inner_boxes = source.records()
            at = _topleft(dest)
            shown = pygame.Rect(area) if area is not None else source.get_rect()
            dx, dy = at[0] - shown.x, at[1] - shown.y
            opaque = not (source.get_flags() & pygame.SRCALPHA)
            if opaque and done.w and done.h:
                self.cover(done)
            drawn, boxes = self.records()
            for d in inner_drawn:
                if shown.colliderect(d.rect):
                    fine = d.fine or _FINE[0] > 0
                    moved = d.rect.move(dx, dy)
                    drawn.append(Drawn(d.words, d.px, moved, fine, d.cut, d.lang, d.clipped))
            for b in inner_boxes:
                if shown.colliderect(b.rect):
                    boxes.append(Box(b.rect.move(dx, dy)))
            return
        big = done.w * done.h * 4 >= self.get_width() * self.get_height()
        if done.w and done.h and (not (source.get_flags() & pygame.SRCALPHA) or big):
            # an opaque picture (felt, a cached layer) hides what was under it; so does a
            # veil over much of the window (behind a dialog the table is only background)
            self.cover(done)


def _topleft(dest) -> tuple[int, int]:
    if isinstance(dest, pygame.Rect):
        return dest.topleft
    if hasattr(dest, "__len__") and len(dest) == 4:
        return (int(dest[0]), int(dest[1]))
    return (int(dest[0]), int(dest[1]))


def _mostly_under(rect: pygame.Rect, cover: pygame.Rect) -> bool:
    """Is at least half of ``rect`` under ``cover`` (a word mostly hidden is not read)?"""
    part = rect.clip(cover)
    return part.w * part.h * 2 >= rect.w * rect.h


def solid(surface) -> None:
    """``surface`` is a card or tile: opaque in its middle (the middle pixel says so),
    it hides the words of what lies under it."""
    if isinstance(surface, RecordingSurface):
        w, h = surface.get_size()
        surface.solid = w > 2 and h > 2 and surface.get_at((w // 2, h // 2)).a >= 240


def tag(surface, words: str, px: int) -> None:
    """``theme`` calls this for every line it renders while recording is on."""
    if ON:
        from game.services.i18n import language

        _TAGS[surface] = (words, px, _CUTS.get(words, ""), language())


def cut(short: str, whole: str) -> None:
    """``theme.fit_text`` shortened ``whole`` to ``short``: a line drawn with those words
    is one the audit reports."""
    if ON:
        _CUTS[short] = whole


def box(surface, rect) -> None:
    if ON and isinstance(surface, RecordingSurface):
        surface.box(pygame.Rect(rect))


@contextlib.contextmanager
def fine_print():
    """Text drawn inside is small print a player reads elsewhere (a card's enlarged view)."""
    _FINE[0] += 1
    try:
        yield
    finally:
        _FINE[0] -= 1


def drawn(surface) -> tuple[list[Drawn], list[Box]]:
    if isinstance(surface, RecordingSurface):
        return surface.records()
    return [], []


_TRANSFORMS = {
    name: getattr(pygame.transform, name) for name in ("scale", "smoothscale", "rotate", "rotozoom")
}


def _recording(surface):
    """A recording copy of a surface ``pygame.transform`` made (it makes plain ones)."""
    if isinstance(surface, RecordingSurface):
        return surface
    out = RecordingSurface(surface.get_size(), surface.get_flags() & pygame.SRCALPHA, 32)
    _ORIGINAL_SURFACE.blit(out, surface, (0, 0), None, pygame.BLEND_RGBA_MAX)
    return out


def _moved(source, out, place) -> None:
    """Give ``out`` the texts and boxes of ``source``, each rectangle through ``place``."""
    drawn, boxes = source.records()
    out.keep_records(
        [Drawn(d.words, *place(d.rect, d.px), d.fine, d.cut, d.lang, d.clipped) for d in drawn],
        [Box(place(b.rect, 0)[1]) for b in boxes],
    )


def _scaled(name):
    def scaled(surface, size, *args, **kwargs):
        out = _recording(_TRANSFORMS[name](surface, size, *args, **kwargs))
        if isinstance(surface, RecordingSurface):
            sx = out.get_width() / max(1, surface.get_width())
            sy = out.get_height() / max(1, surface.get_height())

            def place(r, px):
                rect = pygame.Rect(
                    round(r.x * sx), round(r.y * sy), round(r.w * sx), round(r.h * sy)
                )
                return round(px * sy), rect

            _moved(surface, out, place)
        return out

    return scaled


def _turned(name):
    def turned(surface, angle, *args, **kwargs):
        import math

        out = _recording(_TRANSFORMS[name](surface, angle, *args, **kwargs))
        if isinstance(surface, RecordingSurface):
            zoom = float(args[0]) if args else float(kwargs.get("scale", 1.0))
            a = math.radians(angle)
            cos, sin = math.cos(a), math.sin(a)
            cx, cy = surface.get_width() / 2, surface.get_height() / 2
            ox, oy = out.get_width() / 2, out.get_height() / 2
            upright = abs(cos) >= abs(sin)

            def place(r, px):
                dx, dy = r.centerx - cx, r.centery - cy
                w, h = (r.w, r.h) if upright else (r.h, r.w)
                rect = pygame.Rect(0, 0, round(w * zoom), round(h * zoom))
                rect.center = (
                    round(ox + zoom * (cos * dx + sin * dy)),
                    round(oy + zoom * (-sin * dx + cos * dy)),
                )
                return round(px * zoom), rect

            _moved(surface, out, place)
        return out

    return turned


def start() -> None:
    """Record from now on: new surfaces record, text is tagged; caches made before go
    (a face cached before recording began would show no text to the audit)."""
    global ON
    ON = True
    pygame.Surface = RecordingSurface
    # a face scaled or turned (a card tilted in a fan, a corner index upside down) keeps
    # the words drawn on it
    pygame.transform.scale = _scaled("scale")
    pygame.transform.smoothscale = _scaled("smoothscale")
    pygame.transform.rotate = _turned("rotate")
    pygame.transform.rotozoom = _turned("rotozoom")
    for forget in _FORGET_ON_START:
        forget()


# Caches of surfaces drawn before recording began (the card faces): they hold no
# recorded text, so they go when recording starts. A cache registers itself here
# (``game.ui.cards`` does), so this low module imports none of the modules above it.
_FORGET_ON_START: list = []


def forget_on_start(forget) -> None:
    """Call ``forget()`` whenever recording starts."""
    if forget not in _FORGET_ON_START:
        _FORGET_ON_START.append(forget)


def stop() -> None:
    global ON
    ON = False
    _CUTS.clear()
    pygame.Surface = _ORIGINAL_SURFACE
    for name, original in _TRANSFORMS.items():
        setattr(pygame.transform, name, original)
