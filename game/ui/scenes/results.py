"""The final results screen (the round score sheet is game.ui.score_sheet).

Both read the engine's history rows: ``{"round", "winners", "points", "totals", …}``;
the table adds a few words per row with ``score_notes(row)``.
"""

from __future__ import annotations

import random

import pygame

from game.services import stats
from game.services.i18n import _, msg
from game.ui import theme
from game.ui.scenes.base import Scene
from game.ui.score_sheet import draw_sheet
from game.ui.widgets import Button, Dialog, layout_row


class ResultsScene(Scene):
    """Final results: the winners, every total, the whole sheet; play again or go to the menu."""

    def __init__(self, app, session, table=None):
        super().__init__(app)
        self.session = session
        self.notes = table.score_notes if table is not None else None
        self.unit = getattr(table, "sheet_unit", "round")  # the sheet's rows: rounds or games
        end = next((e for e in reversed(session.log) if e.kind == "game_end"), None)
        self.winners = stats.winners(session.state.scores())
        self.headline = session.words(end, None) if end is not None else _("The game is over.")
        self.rows = list(getattr(session.state, "history", []))
        self.menu_button = Button(msg("Menu"), self.menu, key=pygame.K_ESCAPE)
        self.buttons = [
            # Enter asks first: the Enter that closed the last sheet must not deal a new game
            Button(msg("Play again"), self.again, primary=True),
            self.menu_button,
        ]
        self.focus: int | None = None  # the button Tab or an arrow picked; None: none yet
        self.layout()

    def confirm_again(self) -> None:
        d = Dialog(
            msg("Play again?"),
            msg("A new game with the same seats and options, and a new deal."),
            [
                Button(msg("Play again"), lambda: (d.close(), self.again()), primary=True),
                Button(msg("Not now"), lambda: d.close()),
            ],
            width=760,
        )
        self.open_dialog(d)

    def again(self) -> None:
        from game.ui.session import Session

        s = self.session
        opts = {k: v for k, v in s.options.items() if k != "players"}
        fresh = Session(s.game_id, opts, random.randrange(1, 10**9), s.seats)
        fresh.save()
        self.app.go("table", fresh)

    def menu(self) -> None:
        self.app.go("menu")

    def layout(self) -> None:
        m = self.m
        layout_row(self.buttons, (self.size[0] // 2, self.size[1] - m.px(90)), m, width=280)

    def handle_input(self, ev) -> None:
        for b in self.buttons:
            if b.handle(ev):
                self.app.dirty = True
                return
        if ev.type != pygame.KEYDOWN:
            return
        if ev.key in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            # the focus ring goes round Play again and Menu
            back = ev.key in (pygame.K_LEFT, pygame.K_UP) or (
                ev.key == pygame.K_TAB and ev.mod & pygame.KMOD_SHIFT
            )
            n = len(self.buttons)
            now = self.focus if self.focus is not None else (0 if back else n - 1)
            self.focus = (now + (-1 if back else 1)) % n
            for i, b in enumerate(self.buttons):
                b.focus = i == self.focus
            self.app.dirty = True
        elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.focus is not None and self.buttons[self.focus] is self.menu_button:
                self.menu()
            elif self.focus is not None or ev.key != pygame.K_SPACE:
                self.confirm_again()  # asked first, whichever key: never a new deal unasked

    def draw_scene(self, surface) -> None:
        super().draw_scene(surface)
        m = self.m
        w = self.size[0]
        theme.blit_text(
            surface,
            msg("Final results"),
            m.font_px(30),
            (w // 2, m.px(60)),
            theme.TEXT_DIM,
            False,
            "midtop",
        )
        size = m.font_px(54)
        while size > m.font_px(30) and theme.font(size, True).size(self.headline)[0] > w - m.px(80):
            size -= 2  # a long headline ("… share the win …") stays inside the window
        theme.blit_text(
            surface, self.headline, size, (w // 2, m.px(110)), theme.GOLD, True, "midtop"
        )
        rows = min(12, len(self.rows))
        height = int(m.font_px(22) * (1.7 + 1.55 * rows + 1.6)) + m.px(110)
        width = min(w - m.px(80), m.px(420 + 160 * len(self.session.seats)))
        panel = pygame.Rect(0, 0, width, height)
        panel.midtop = (w // 2, m.px(210))
        theme.draw_panel(surface, panel, m.px(12))
        inner = panel.inflate(-m.px(80), -m.px(80))
        draw_sheet(
            surface,
            m,
            inner,
            [s.name for s in self.session.seats],
            self.rows,
            self.notes,
            self.winners,
            self.unit,
        )
        for b in self.buttons:
            b.draw(surface)
