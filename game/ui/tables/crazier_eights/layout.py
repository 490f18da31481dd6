"""What the Crazier Eights table lays out with: the hand's order, the answers to a
prompt that decline, and the prompt's answer buttons (labels on as many lines as they
need). The Table computes where everything sits (table.py, its layout section)."""

from __future__ import annotations

import game.ui.tables.crazier_eights.art as art
from game.ui import theme
from game.ui.widgets import Button

COLOURS = ("blue", "green", "red", "purple")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
DECLINE = ("choose:none", "choose:no", "choose:done", "choose:keep")


def sort_key(cid: str):
    d = art.card_def(cid)
    return COLOURS.index(d.colours[0]), RANKS.index(d.rank)


class OptionButton(Button):
    """An answer to a prompt: its label whole, on as many lines as it needs."""

    @staticmethod
    def room(width: int) -> int:
        return width - _option_inset(width)

    def draw(self, surface) -> None:
        label, self.label = self.label, ""
        try:
            super().draw(surface)  # the button without its words
        finally:
            self.label = label
        room = OptionButton.room(self.rect.w)
        lines = theme.wrap(label, self.text_px, room, True)
        step = theme.font(self.text_px, True).get_linesize()
        y = self.rect.centery - step * len(lines) // 2
        ink = theme.TEXT if self.enabled else theme.TEXT_DIM
        for line in lines:
            theme.blit_text(
                surface, line, self.text_px, (self.rect.centerx, y), ink, True, "midtop"
            )
            y += step


def _option_inset(width: int) -> int:
    """The room an answer keeps beside its label (as a button of its height does)."""
    return max(12, width // 20)
