"""Statistics: every finished game counted per game, player count, opponents and, for a
team game, the teams and allies (a row of its own, the allies never among the
opponents), with a reset that asks first. The records come from ``game.services.stats`` (validated on load)."""

from __future__ import annotations

import pygame

from game import games as registry
from game.services import stats
from game.services.i18n import LEVEL_NAMES, N_, _, msg, say
from game.ui import theme
from game.ui.scenes.base import Scene
from game.ui.widgets import Button, Dialog

COLUMNS = (
    N_("Game"),
    N_("Players"),
    N_("Opponents"),
    N_("Allies"),
    N_("Games"),
    N_("Wins"),
    N_("Win rate"),
    N_("Best"),
    N_("Average"),
    N_("Streak"),
    N_("Best streak"),
    N_("With undo"),
)


OPPONENT_KINDS = {"mixed": msg("Mixed"), "humans": msg("Humans")}


def _kind(who: str) -> str:
    """A level, or mixed, or humans, in words."""
    return say(LEVEL_NAMES.get(who) or OPPONENT_KINDS.get(who, who))


def _allies(team: str) -> str:
    """A team record's allies: their level and the teams ("Normal · pairs")."""
    teams, _sep, allies = team.partition("-")
    return f"{_kind(allies)} · {_(teams)}"


def rows(records: dict) -> list[tuple]:
    """One line of text cells per record, in the menu's game order."""
    order = {g: i for i, g in enumerate(registry.GAMES)}
    out = []
    for name, r in sorted(
        records.items(), key=lambda kv: (order.get(kv[0].split("/")[0], 99), kv[0])
    ):
        game_id, players, against, *team = name.split("/")
        games = r["games"]
        rate = f"{r['wins'] / games:.0%}" if games else "—"
        avg = f"{r['score_sum'] / games:.1f}" if games else "—"
        best = "—" if r["best_score"] is None else f"{r['best_score']:g}"
        out.append(
            (
                _(registry.get(game_id).name),
                players,
                _kind(against),
                _allies(team[0]) if team else "—",
                str(games),
                str(r["wins"]),
                rate,
                best + (" ↓" if r["lower_wins"] else ""),
                avg,
                str(r["streak"]),
                str(r["best_streak"]),
                str(r["undo_games"]),
            )
        )
    return out


class StatisticsScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.records = stats.load()
        if self.records.problem:
            app.toast(self.records.problem)
        self.back_button = Button(_("Back"), self.back, key=pygame.K_ESCAPE)
        self.reset_button = Button(_("Reset statistics"), self.confirm_reset)
        self.layout()

    def back(self) -> None:
        self.app.go("menu")

    def confirm_reset(self) -> None:
        def reset():
            d.close()
            problem = stats.reset()
            if problem:
                self.app.toast(problem)
            self.records = stats.load()
            self.app.dirty = True

        d = Dialog(
            _("Reset statistics?"),
            _("Every game counted so far is forgotten. This cannot be undone."),
            [
                Button(_("Keep them"), lambda: d.close(), primary=True),
                Button(_("Reset"), reset),
            ],
            width=820,
        )
        self.open_dialog(d)

    def layout(self) -> None:
        m = self.m
        h = self.size[1]
        self.back_button.place((m.px(40), h - m.px(100), m.px(200), m.px(64)), m.font_px(26))
        self.reset_button.place(
            (self.size[0] - m.px(40) - m.px(400), h - m.px(100), m.px(400), m.px(64)),
            m.font_px(24),
        )
        self.app.dirty = True

    def handle_input(self, ev) -> None:
        for b in (self.back_button, self.reset_button):
            if b.handle(ev):
                return

    def draw_scene(self, surface) -> None:
        super().draw_scene(surface)
        m = self.m
        w = self.size[0]
        self.draw_title(surface, _("Statistics"))
        lines = rows(self.records)
        # every column as wide as its widest cell, the font made smaller until all fit
        room = w - 2 * m.px(40)
        titles = [_(t) for t in COLUMNS]
        px = m.font_px(22)
        while True:
            bold, plain = theme.font(px, True), theme.font(px)
            widths = [
                max([bold.size(t)[0]] + [plain.size(c[i])[0] for c in lines])
                for i, t in enumerate(titles)
            ]
            gap = (room - sum(widths)) // max(1, len(COLUMNS) - 1)
            if gap >= m.px(12) or px <= theme.readable_px(self.size):
                break
            px -= 1
        gap = max(m.px(8), min(gap, m.px(40)))
        xs, x = [], (w - (sum(widths) + gap * (len(COLUMNS) - 1))) // 2
        for width in widths:
            xs.append(x)
            x += width + gap
        y = m.px(150)
        for title, x in zip(titles, xs):
            theme.blit_text(surface, title, px, (x, y), theme.GOLD, True, "topleft")
        y += round(bold.get_linesize() * 1.5)
        if not lines:
            theme.blit_text(
                surface,
                _("No finished games yet: every game you finish against the AI is counted here."),
                m.font_px(24),
                (w // 2, y + m.px(40)),
                theme.TEXT_DIM,
                False,
                "midtop",
            )
        step = round(plain.get_linesize() * 1.35)
        bottom = self.back_button.rect.y - m.px(20)
        for cells in lines:
            if y + step > bottom - m.px(30):
                break
            for text, x in zip(cells, xs):
                theme.blit_text(surface, text, px, (x, y), theme.TEXT, False, "topleft")
            y += step
        theme.blit_text(
            surface,
            _("↓ lowest total wins in this game · streak: games won in a row"),
            m.font_px(20),
            (w // 2, bottom - m.px(6)),
            theme.TEXT_DIM,
            False,
            "midbottom",
        )
        self.back_button.draw(surface)
        self.reset_button.draw(surface)
