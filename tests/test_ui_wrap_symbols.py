"""A suit or colour symbol never starts a line alone: "…und nennt / ♠." in the log and
"Minus: lila / ★." in the Crazy Lab chooser read as a word cut from its colour. Every
wrapped text goes through theme.wrap, so it keeps a bare symbol with the word before it."""

from __future__ import annotations

import pytest

from game.ui import theme

TEXTS = [
    "Ana spielt 8♣ und nennt ♠.",
    "Minus: lila ★. Plus: blau ■ (geheim)",
    "Trumpf für den nächsten Stich ist orange ▲.",
    "Chloé spielt ■1 ●2 ★2 und gewinnt den Stich mit grün ⬢, rot ◆ und gelb ●.",
]


@pytest.mark.parametrize("text", TEXTS)
def test_no_line_starts_with_a_bare_symbol_at_any_width(text):
    size = 20
    widest = theme.font(size).size(text)[0]
    broke_before_symbol = 0
    longest = max(theme.font(size).size(w)[0] for w in text.split(" "))
    for width in range(2 * longest, widest + 10, 3):  # no word cut across lines
        lines = theme.wrap(text, size, width)
        assert " ".join(lines) == text  # nothing lost or added
        for line in lines[1:]:
            assert not theme.bare_symbol(line.split(" ")[0]), (width, lines)
        broke_before_symbol += any(
            theme.bare_symbol(line.split(" ")[1]) for line in lines[1:] if " " in line
        )
    assert broke_before_symbol  # the symbol went down together with its word


def test_a_card_is_not_a_bare_symbol():
    assert theme.bare_symbol("♠.") and theme.bare_symbol("★") and theme.bare_symbol("▲),")
    assert not theme.bare_symbol("■1") and not theme.bare_symbol("8♣") and not theme.bare_symbol("")


def test_the_audit_finds_a_symbol_cut_from_its_word(recording):
    """The layout audit sees the class of defect: a drawn line begun by "♠."."""

    from game.tools.audit import Findings, inspect
    from game.ui import textlog

    surface = textlog.RecordingSurface((800, 200))
    theme.blit_text(surface, "Ana spielt 8♣ und nennt", 20, (10, 10))
    theme.blit_text(surface, "♠.", 20, (10, 40))
    theme.blit_text(surface, "★ won the round · gold: leading on total", 20, (10, 70))
    found = Findings()
    inspect(surface, "probe", found)
    assert found.problems.get("stranded") == ["probe: '♠.' starts a line"]
