"""The main menu: resume the interrupted game, start a new one, settings, rules, quit."""

from __future__ import annotations

import os

import pygame

from game.services import saves
from game.services.filecheck import move_aside
from game.services.i18n import _, msg, say
from game.ui import cards, theme
from game.ui.scenes.base import Scene
from game.ui.widgets import Button, Dialog, layout_column


def _opaque_body(height: int) -> pygame.Surface:
    """The card body's inside, fully opaque in the face colour (its antialiased rim
    left to the face drawn over it)."""

    def build():
        inside = pygame.mask.from_surface(cards.blank(height), 250)
        return inside.to_surface(setcolor=(*theme.CARD_FACE, 255), unsetcolor=(0, 0, 0, 0))

    return cards.cached(("opaque-body", height), build)


class MenuScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.resume_info: tuple | None = None  # (SavedGame, state) once checked
        self.checked = False
        self.problem: str | None = None
        self.version: str | None = None  # shown in the corner from the second frame on
        self.build()

    def build(self) -> None:
        self.buttons = []
        if self.resume_info is not None:
            saved, state = self.resume_info
            from game import games

            name = games.get(saved.game).name
            rnd = getattr(state, "round", None)
            label = (
                _("Resume {game} · round {round}").format(game=name, round=rnd)
                if rnd
                else _("Resume {game}").format(game=name)
            )
            self.buttons.append(Button(label, self.resume, primary=True))
        self.buttons += [
            Button(_("New game"), self.new_game, primary=self.resume_info is None),
            Button(_("Statistics"), self.statistics),
            Button(_("Replays"), self.replays),
            Button(_("Settings"), self.settings),
            Button(_("Rules (F1)"), lambda: self.app.show_help(None)),
            Button(_("Quit"), self.quit),
        ]
        self.focus = 0
        self.layout()

    def layout(self) -> None:
        m = self.m
        # as wide as the longest label needs ("Resume Crazier Eights · round 12"), at most
        # most of the window
        widest = max(theme.font(m.font_px(28), True).size(b.label)[0] for b in self.buttons)
        need = round((widest + m.px(80)) / m.scale)
        width = min(max(520, need), round(self.size[0] * 0.8 / m.scale))
        # the column fills the room between the subtitle and the footer line, at most
        # the usual button size
        top = round(self.size[1] * 0.27) + m.px(185)
        bottom = self.size[1] - m.px(52)
        pitch = min(90.0, (bottom - top) / len(self.buttons) / m.scale)
        layout_column(
            self.buttons,
            (self.size[0] // 2, top),
            m,
            width=width,
            height=round(pitch * 0.8),
            gap=round(pitch * 0.2),
        )
        for i, b in enumerate(self.buttons):
            b.focus = i == self.focus

    def update(self, dt_ms: float) -> bool:
        super().update(dt_ms)
        if not self.checked:  # after the first frame: replaying a save costs a little time
            self.checked = True
            import game  # looking up the version imports importlib.metadata (~20 ms)

            self.version = game.__version__
            self.app.dirty = True
            self.first_look()
        return False

    def message(self, title: str, text: str) -> None:
        d = Dialog(title, text, [Button(msg("OK"), lambda: d.close(), primary=True)], width=980)
        self.open_dialog(d)

    def first_look(self) -> None:
        """Tell what the last run left behind, then check the save (unless it is suspect)."""
        last, self.app.last_run = self.app.last_run, None
        for title, text in self.app.notices:
            self.message(title, text)
        self.app.notices = []
        report = (
            msg(" What happened is written to {file}, for a bug report.", file=str(last.report))
            if last and last.report
            else ""
        )
        if last is not None and last.phase == "game" and saves.exists():
            self.ask_about_save(last, report)
            return
        if last is not None and self.app.kept_settings is not None:
            self.ask_about_settings(report)
        elif last is not None:
            self.message(
                msg("Parlour closed unexpectedly last time"),
                msg("Nothing was lost.{report}", report=report),
            )
        self.check_save()

    def ask_about_save(self, last, report: str) -> None:
        """The saved game was open when the last run ended abruptly: do not replay it blindly."""
        from game import games

        try:
            name = msg(games.get(last.game).name)
        except KeyError:
            name = msg("saved")
        text = msg(
            "Parlour closed unexpectedly while your {game} game was open.{report} "
            "The game may be what stopped it. Resume it anyway, set it aside "
            "(kept as a file, to send with a bug report), or start afresh without it?",
            game=name,
            report=report,
        )

        def resume():
            d.close()
            self.app.guard.phase("game", last.game)  # checking it: suspect until it loads
            self.check_save()
            self.app.guard.phase("menu")
            if self.resume_info is not None:
                self.resume()

        def aside():
            d.close()
            try:
                moved = move_aside(saves.path(), "crashed")
                self.message(
                    msg("The saved game is set aside"),
                    msg("It is kept as {file}.", file=str(moved)),
                )
            except OSError as exc:
                self.message(msg("The saved game could not be set aside"), str(exc))
            self.check_save()

        def fresh():
            d.close()
            saves.clear()
            self.check_save()

        d = Dialog(
            _("Parlour closed unexpectedly"),
            text,
            [
                Button(_("Resume it"), resume, primary=True),
                Button(_("Set it aside"), aside),
                Button(_("Start afresh"), fresh),
            ],
            width=1000,
        )
        d.on_escape = aside  # closing the question must not replay the suspect game
        self.open_dialog(d)

    def ask_about_settings(self, report: str) -> None:
        """The last run stopped while starting: it is running on default settings now."""
        from game.services import settings as settings_mod

        kept = self.app.kept_settings
        text = msg(
            "Parlour closed unexpectedly while starting last time.{report} "
            "It has started with the default settings; yours are kept as {file}.",
            report=report,
            file=kept.name,
        )

        def restore():
            d.close()
            try:
                os.replace(kept, settings_mod.path())
            except OSError as exc:
                self.message(msg("Your settings could not be restored"), str(exc))
                return
            self.app.kept_settings = None
            self.app.settings = settings_mod.load()
            if self.app.settings.problem:
                self.message(msg("Some settings could not be used"), self.app.settings.problem)
            self.app.resized(self.app.size)

        def keep():
            d.close()
            self.app.kept_settings = None

        d = Dialog(
            _("Parlour closed unexpectedly"),
            text,
            [
                Button(_("Keep the defaults"), keep, primary=True),
                Button(_("Use my settings"), restore),
            ],
            width=1000,
        )
        d.on_escape = keep
        self.open_dialog(d)

    def check_save(self) -> None:
        try:
            self.resume_info = saves.load()
        except saves.SaveProblem as problem:
            self.problem = problem.message
            self.resume_info = None
            if problem.level_file:
                title = msg("A game's rules file has a problem")
            elif problem.newer:
                title = msg("The saved game is from a newer Parlour")
            else:
                title = msg("The saved game could not be resumed")
            self.message(title, problem.message)
        self.build()
        self.app.dirty = True

    def resume(self) -> None:
        from game.ui.session import Session

        saved, state = self.resume_info
        session = Session.resume(saved, state)
        self.app.go("table", session)
        if saved.notes:  # what was repaired on loading, said once
            self.app.toast(
                msg("The saved game was repaired: {notes}.", notes="; ".join(saved.notes))
            )

    def new_game(self) -> None:
        if self.resume_info is None:
            self.app.go("choose")
            return
        # one game is kept: say so before the player sets up one that will replace it
        from game import games

        saved, state = self.resume_info
        rnd = getattr(state, "round", None)
        name = msg(games.get(saved.game).name)
        what = say(msg("{game} (round {round})", game=name, round=rnd) if rnd else name)

        def choose():
            d.close()
            self.app.go("choose")

        def resume():
            d.close()
            self.resume()

        d = Dialog(
            _("Start a new game?"),
            _("Your {game} game is saved. Starting a new game replaces it.").format(game=what),
            [
                Button(_("Resume it"), resume, primary=True),
                Button(_("New game"), choose),
                Button(_("Cancel"), lambda: d.close()),
            ],
            width=900,
        )
        self.open_dialog(d)

    def statistics(self) -> None:
        self.app.go("statistics")

    def replays(self) -> None:
        self.app.go("replays")

    def settings(self) -> None:
        self.app.go("settings")

    def quit(self) -> None:
        self.app.running = False

    def handle_input(self, ev) -> None:
        for b in self.buttons:
            if b.handle(ev):
                return
        if ev.type == pygame.KEYDOWN:
            if ev.key in (pygame.K_DOWN, pygame.K_TAB):
                self.focus = (self.focus + 1) % len(self.buttons)
            elif ev.key == pygame.K_UP:
                self.focus = (self.focus - 1) % len(self.buttons)
            elif ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.buttons[self.focus].on_click()
                return
            elif ev.key == pygame.K_ESCAPE:
                self.quit()
            self.layout()

    def draw_scene(self, surface) -> None:
        super().draw_scene(surface)
        m = self.m
        w, h = self.size
        # a little fan of cards above the title
        fan = ["AS", "8H", "KD", "QC", "10S"]
        ch = m.px(150)
        four = bool(self.app.settings.get("four_colour"))
        for i, name in enumerate(fan):
            d = i - 2
            centre = (w // 2 + d * m.px(70), round(h * 0.16) + abs(d) * m.px(10))
            # an opaque backing first: a card body is a shade see-through, and the card
            # behind must not show through the one in front
            backing = cards.rotated(_opaque_body(ch), ("menu-backing", ch), -d * 9)
            surface.blit(backing, backing.get_rect(center=centre))
            floor = cards.window_floor()
            face = cards.face(name, ch, four, floor)
            img = cards.rotated(face, ("menu", name, ch, four, floor), -d * 9)
            surface.blit(img, img.get_rect(center=centre))
        theme.blit_text(
            surface, "Parlour", m.font_px(96), (w // 2, round(h * 0.27)), theme.GOLD, True, "midtop"
        )
        theme.blit_text(
            surface,
            _("Five card and tile games at one table"),
            m.font_px(28),
            (w // 2, round(h * 0.27) + m.px(112)),
            theme.TEXT_DIM,
            False,
            "midtop",
        )
        for b in self.buttons:
            b.draw(surface)
        theme.blit_text(
            surface,
            _("F1 rules · F11 full screen"),
            m.font_px(20),
            (w // 2, h - m.px(30)),
            theme.TEXT_DIM,
            False,
            "midbottom",
        )
        if self.version:
            theme.blit_text(
                surface,
                f"v{self.version}",
                m.font_px(16),
                (w - m.px(24), h - m.px(30)),
                theme.TEXT_DIM,
                False,
                "bottomright",
            )
