"""Choose a game: every game of the registry (``game.games``), a card each.

A game with a lesson (``assets/lessons/<id>.toml``) shows "Learn to play" on its card
(L on the highlighted card), ticked once the lesson was finished. The first start of a
game never played offers its lesson once; either answer is remembered with the
statistics, so the offer never comes again (the card's link still does)."""

from __future__ import annotations

import pygame

from game import games
from game.services.i18n import _, msg
from game.ui import symbols, theme
from game.ui.scenes.base import Scene
from game.ui.widgets import Button, Dialog

DECOR = {
    "crazy_eights": ("suit", "SHDC"),
    "crazier_eights": ("colour", ("yellow", "red", "blue", "green")),
    "rage": ("colour", ("yellow", "orange", "red", "purple", "blue", "green")),
    "crazy_lab": ("colour", ("purple", "blue", "yellow", "orange", "green")),
    "cross_rummy": ("colour", ("red", "yellow", "blue", "green")),
}


class ChooseScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.games = list(games.GAMES.values())
        self.hover = -1
        self.focus = 0
        self.back = Button(msg("Back"), self.go_back, key=pygame.K_ESCAPE)
        from game.engine.lessons import has_lesson
        from game.services import stats

        self.records = stats.load()
        self.with_lesson = {g.id for g in self.games if has_lesson(g.id)}
        self.learn_rects: dict[str, pygame.Rect] = {}
        self.layout()

    def help_game_id(self) -> str:
        """F1 here shows the rules of the highlighted game."""
        i = self.hover if 0 <= self.hover < len(self.games) else self.focus
        return self.games[i].id

    def layout(self) -> None:
        m = self.m
        w, h = self.size
        cols = 5 if w / max(1, h) > 1.5 else 3
        cw, chh, gap = m.px(330), m.px(400), m.px(28)
        rows = (len(self.games) + cols - 1) // cols
        total_w = cols * cw + (cols - 1) * gap
        x0 = (w - total_w) // 2
        # a row of games with lessons has their links under it
        below = m.px(66) if self.with_lesson else 0
        y0 = max(m.px(200), (h - rows * (chh + below) - (rows - 1) * gap) // 2)
        self.rects = []
        for i in range(len(self.games)):
            r, c = divmod(i, cols)
            n_in_row = min(cols, len(self.games) - r * cols)
            xr = (w - (n_in_row * cw + (n_in_row - 1) * gap)) // 2 if n_in_row < cols else x0
            self.rects.append(
                pygame.Rect(xr + c * (cw + gap), y0 + r * (chh + below + gap), cw, chh)
            )
        self.back.place((m.px(40), h - m.px(100), m.px(200), m.px(64)), m.font_px(26))
        self.learn_rects = {}
        for g, r in zip(self.games, self.rects, strict=True):
            if g.id in self.with_lesson:
                link = pygame.Rect(r.x, r.bottom + m.px(14), r.w, m.px(52))
                self.learn_rects[g.id] = link

    def go_back(self) -> None:
        self.app.go("menu")

    def learn(self, game_id: str) -> None:
        """Open ``game_id``'s lesson; a broken lesson file is named, the games still start."""
        from game.engine.levels import LevelError

        try:
            scene = self.app.make_scene("lesson", game_id)
        except LevelError as exc:
            d = Dialog(
                msg("The lesson cannot start"),
                msg("Its file has a problem: {problem}", problem=str(exc)),
                [Button(msg("OK"), lambda: d.close(), primary=True)],
                width=980,
            )
            self.open_dialog(d)
            return
        self.app.set_scene(scene)

    def offer_lesson(self, i: int, setup) -> bool:
        """On the first start of a game never played, offer its lesson (once ever);
        ``setup``: the game's setup scene, shown when the offer is declined."""
        from game.services import stats

        g = self.games[i]
        entry = self.records.lessons.get(g.id, {})
        if g.id not in self.with_lesson or entry.get("offered") or stats.played(g.id, self.records):
            return False

        def answer(learn: bool) -> None:
            d.close()
            stats.note_lesson(g.id)
            self.records = stats.load()
            if learn:
                self.learn(g.id)
            else:
                self.app.set_scene(setup)

        d = Dialog(
            msg("New to {game}?", game=msg(g.name)),
            msg(
                "A short lesson teaches it at the table in about five minutes. You can also find it later under Learn to play."
            ),
            [
                Button(msg("Learn to play"), lambda: answer(True), primary=True),
                Button(msg("Just play"), lambda: answer(False)),
            ],
            width=900,
        )
        self.open_dialog(d)
        return True

    def start(self, i: int) -> None:
        g = self.games[i]
        from game.engine.levels import LevelError

        try:
            scene = self.app.make_scene("setup", g.id)
        except LevelError as exc:  # that game's level file is broken: say where; the others start
            d = Dialog(
                msg("{game} cannot start", game=msg(g.name)),
                msg("Its rules file has a problem: {problem}", problem=str(exc)),
                [Button(msg("OK"), lambda: d.close(), primary=True)],
                width=980,
            )
            self.open_dialog(d)
            return
        if not self.offer_lesson(i, scene):
            self.app.set_scene(scene)

    def handle_input(self, ev) -> None:
        if self.back.handle(ev):
            return
        if ev.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, r in enumerate(self.rects) if r.collidepoint(ev.pos)), -1)
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            for game_id, link in self.learn_rects.items():
                if link.collidepoint(ev.pos):
                    self.learn(game_id)
                    return
            for i, r in enumerate(self.rects):
                if r.collidepoint(ev.pos):
                    self.start(i)
        elif ev.type == pygame.KEYDOWN:
            if ev.key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
                self.focus = (self.focus + 1) % len(self.games)
            elif ev.key in (pygame.K_LEFT, pygame.K_UP):
                self.focus = (self.focus - 1) % len(self.games)
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start(self.focus)
            elif ev.key == pygame.K_l and self.games[self.focus].id in self.with_lesson:
                self.learn(self.games[self.focus].id)

    def draw_scene(self, surface) -> None:
        super().draw_scene(surface)
        m = self.m
        theme.blit_text(
            surface,
            msg("Choose a game"),
            m.font_px(56),
            (self.size[0] // 2, m.px(70)),
            theme.TEXT,
            True,
            "midtop",
        )
        for i, (g, r) in enumerate(zip(self.games, self.rects)):
            lit = i in (self.hover, self.focus)
            theme.draw_panel(
                surface,
                r,
                m.px(12),
                border=theme.GOLD if lit else (0x3A, 0x55, 0x47),
                alpha=235,
            )
            if i == self.focus:
                theme.draw_ring(surface, r, m, width=3, radius=16, grow=10)
            kind, items = DECOR[g.id]
            n = len(items)
            size = m.px(46 if n <= 4 else 36)
            x = r.centerx - (n * size + (n - 1) * m.px(8)) // 2
            for k, item in enumerate(items):
                if kind == "suit":
                    ink = theme.suit_colour(item, bool(self.app.settings.get("four_colour")))
                    # a black suit (♠ always, ♣ in the two-colour deck) would be black on
                    # the near-black tile: drawn in the text colour instead
                    img = symbols.suit(item, size, theme.TEXT if ink == theme.INK else ink)
                else:
                    img = symbols.colour_symbol(item, size)
                surface.blit(img, (x + k * (size + m.px(8)), r.y + m.px(40)))
            ink = theme.TEXT
            theme.blit_text(
                surface,
                g.name,
                m.font_px(32),
                (r.centerx, r.y + m.px(118)),
                theme.GOLD if lit else ink,
                True,
                "midtop",
            )
            ty = r.y + m.px(176)
            for line in theme.wrap(_(g.tagline), m.font_px(22), r.w - m.px(40)):
                theme.blit_text(surface, line, m.font_px(22), (r.centerx, ty), ink, False, "midtop")
                ty += int(m.font_px(22) * 1.4)
            link = self.learn_rects.get(g.id)
            if link is not None:
                self.draw_learn(surface, g.id, link, lit)
            theme.blit_text(
                surface,
                _("{low}–{high} players").format(low=g.min_players, high=g.max_players),
                m.font_px(20),
                (r.centerx, r.bottom - m.px(96)),
                theme.TEXT_DIM,
                False,
                "midtop",
            )
            theme.blit_text(
                surface,
                msg("Play"),
                m.font_px(26),
                (r.centerx, r.bottom - m.px(54)),
                theme.GOLD,
                True,
                "midtop",
            )
        self.back.draw(surface)

    def draw_learn(self, surface, game_id: str, link: pygame.Rect, lit: bool) -> None:
        """The card's "Learn to play" link, ticked once its lesson was finished."""
        m = self.m
        done = self.records.lessons.get(game_id, {}).get("finished", 0) > 0
        theme.draw_panel(
            surface, link, m.px(10), border=theme.GOLD if lit else (0x3A, 0x55, 0x47), alpha=235
        )
        words = _("✓ Learn to play") if done else _("Learn to play")
        size = m.font_px(22)
        room = link.w - m.px(20)
        shown, px = theme.shrink_to_fit(words, size, room, True, m.floor_px())
        img = theme.text(shown, px, theme.GOLD if done else theme.TEXT, True)
        surface.blit(img, img.get_rect(center=link.center))
