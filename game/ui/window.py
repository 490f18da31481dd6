"""The window: SDL's settings, opening it at a size from the screen, holding its
minimum size, and the size asked for on the command line.

The display module's window throughout (``set_mode``, ``update(rects)``); the app
(``game.ui.app``) keeps its surface and size.
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if sys.platform.startswith("linux"):
    # X11's own shared-memory window surface instead of SDL's default, a texture on an
    # OpenGL renderer: without a GPU (Mesa's software GL, Xvfb, many VMs) the default
    # costs ~9 ms to push a 1920x1080 frame and ~6 ms even for a 10x10 rectangle; this
    # costs ~0.5 ms and ~0.03 ms (python -m game.bench, real-window section)
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
from game.engine.limits import MIN_WINDOW

WAKE = None  # the user event type the AI worker posts (set once pygame is up)
# The first window (no size remembered, none asked for) covers this share of the screen
# in each direction, at the 16:9 of the reference layout: 1600x900 on a 1920x1080 screen,
# 3200x1800 on a 4K one — the same look on every screen, never a fixed size.
FIRST_WINDOW_SHARE = 5 / 6
REFERENCE_SIZE = (1920, 1080)
FALLBACK_SIZE = (1600, 900)  # no screen to measure (headless, or SDL cannot say)


def first_window_size(desktop: tuple[int, int]) -> tuple[int, int]:
    """The first window's size on a screen of ``desktop`` pixels, from the screen alone."""
    scale = min(desktop[0] / REFERENCE_SIZE[0], desktop[1] / REFERENCE_SIZE[1])
    scale *= FIRST_WINDOW_SHARE
    return round(REFERENCE_SIZE[0] * scale), round(REFERENCE_SIZE[1] * scale)


def open_window(size: tuple[int, int] | None, headless: bool, fullscreen: bool = False):
    """Open the window at ``size``, or sized from the screen when ``size`` is None;
    returns the screen and the windowed size chosen (fullscreen goes back to it)."""
    global WAKE
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.display.init()
    if not pygame.font.get_init():
        pygame.font.init()
        import game.ui.theme as theme

        theme.forget_fonts()
    if WAKE is None:
        WAKE = pygame.event.custom_type()
    flags = pygame.RESIZABLE
    asked = size
    size = size or FALLBACK_SIZE
    if not headless:
        try:  # a window that fits the screen (leave room for the title bar and task bar)
            dw, dh = pygame.display.get_desktop_sizes()[0]
            if dw > 0 and dh > 0:
                if asked is None:
                    size = first_window_size((dw, dh))
                size = (min(size[0], int(dw * 0.92)), min(size[1], int(dh * 0.88)))
        except (pygame.error, IndexError):
            pass
    if not headless:
        # before the window opens: a window without an icon gets pygame's own, read through
        # importlib.resources (~7 ms of imports before the first frame)
        try:
            import game.ui.cards as cards

            pygame.display.set_icon(cards.face("8H", 64))
        except pygame.error:
            pass
    if fullscreen and not headless:
        screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    else:
        screen = pygame.display.set_mode(at_least_minimum(size), flags)
    pygame.display.set_caption("Parlour")
    pygame.key.set_repeat(300, 40)
    return screen, size


def at_least_minimum(size) -> tuple[int, int]:
    """``size`` grown to MIN_WINDOW where it is smaller: every table is laid out and
    checked down to that size, so the window never opens or stays smaller."""
    return max(int(size[0]), MIN_WINDOW[0]), max(int(size[1]), MIN_WINDOW[1])


def keep_minimum_size():
    """The window surface, after growing a window made smaller than MIN_WINDOW back to it.

    The window is the display module's throughout (``set_mode``, ``update(rects)``):
    ``pygame.Window`` can give the window manager a minimum size, but only a window it
    made itself, and such a window can only push whole frames (``Window.flip``). So the
    app holds the minimum itself, when the window reports its new size."""
    import pygame

    surface = pygame.display.get_surface()
    if surface is None or pygame.display.is_fullscreen():
        return surface
    size = surface.get_size()
    if at_least_minimum(size) == size:
        return surface
    return pygame.display.set_mode(at_least_minimum(size), pygame.RESIZABLE)


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in str(text).lower().split("x"))
    except ValueError:
        raise SystemExit(f"--size {text!r}: write WIDTHxHEIGHT, like 1920x1080") from None
    return max(MIN_WINDOW[0], min(w, 16384)), max(MIN_WINDOW[1], min(h, 16384))
