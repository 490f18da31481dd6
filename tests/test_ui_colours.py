"""The game colours stay apart at a glance, also without their symbols' help."""

from __future__ import annotations

from game.ui import theme


def _luminance(rgb) -> float:
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_red_and_orange_differ_in_lightness_not_only_in_hue():
    red, orange = theme.COLOURS["red"][0], theme.COLOURS["orange"][0]
    lighter, darker = sorted((_luminance(red), _luminance(orange)), reverse=True)
    # a contrast ratio of 2.5 or more: told apart by lightness, which colour-blind eyes keep
    assert (lighter + 0.05) / (darker + 0.05) >= 2.5


def test_every_colour_has_its_own_symbol():
    shapes = [shape for _, shape in theme.COLOURS.values()]
    assert len(set(shapes)) == len(shapes) == 6
