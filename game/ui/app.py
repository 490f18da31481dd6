"""The app: the scene shown and the services scenes use (``go``, toasts, help, the
language, full screen), and the main loop.

The loop sleeps when nothing moves: it waits for input (or the next deadline: an AI's
paced move, a toast expiring) and redraws only when something changed; while
anything animates it runs at 60 fps. The window itself is ``game.ui.window``; starting
the app, ``game.ui.startup``; tables without a window, ``game.ui.headless``.
"""

from __future__ import annotations

import contextlib
import sys
import time

import game.ui.router as router
import game.ui.window as window  # sets SDL's hints before pygame starts
from game.engine.limits import MIN_WINDOW
from game.services.crashguard import NO_GUARD

IDLE_NAP_MS = 25  # input latency while idle; ~40 wake-ups a second cost well under 1 % CPU


class App:
    def __init__(
        self,
        size=window.FALLBACK_SIZE,
        headless: bool = False,
        settings=None,
        guard=NO_GUARD,
        last_run=None,
        kept_settings=None,
    ):
        """``settings``: loaded once by ``run()`` (loading moves a damaged file aside, so a
        second load would find nothing to report); None loads them here. ``guard``
        records what the app is doing for the next start (``game.services.crashguard``);
        ``last_run`` is how the previous run ended abruptly, if it did, and
        ``kept_settings`` where its settings were set aside because of that."""
        from game.services import settings as settings_mod
        from game.ui.widgets import Toasts

        self.settings = settings if settings is not None else settings_mod.load()
        import pygame

        from game.services import i18n

        # no locale from SDL: the environment says it, or English
        with contextlib.suppress(pygame.error, KeyError, TypeError):
            i18n.set_preferred_locales([p["language"] for p in pygame.system.get_pref_locales()])
        i18n.set_language(self.settings.get("language"))
        self.guard = guard
        self.last_run = last_run
        self.kept_settings = kept_settings
        # messages for the player that need more than a toast: the menu shows them
        self.notices: list[tuple[str, str]] = []
        # an AI thinking on its worker thread hands the interpreter back often, so frames keep coming
        sys.setswitchinterval(0.002)
        self.headless = headless
        self.screen, windowed = window.open_window(
            tuple(size) if size else None,
            headless,
            bool(self.settings.get("fullscreen")) and not headless,
        )
        self.windowed_size = tuple(size) if size else tuple(windowed)
        w, h = self.screen.get_size()
        self.size = (max(w, MIN_WINDOW[0]), max(h, MIN_WINDOW[1]))
        self.toasts = Toasts()
        self.now = 0.0  # ms, advanced by update()
        self.scene = None
        self.dirty = True
        self.full_frame = True  # the next frame pushes the whole window (layout changed)
        self._toast_key: tuple = ()
        self.running = True
        self.help = None
        from game.ui.sound import Sounds

        self.sounds = Sounds(self.settings)  # opened after the first frame is shown
        if self.settings.problem:
            self.notices.append(
                (i18n.msg("Some settings could not be used"), self.settings.problem)
            )
        if i18n.problem():  # a damaged catalogue: English, and told once per start
            self.notices.append((i18n.msg("The language could not be loaded"), i18n.problem()))

    # -- services for scenes

    def make_scene(self, name: str, *args, **kwargs):
        """A new scene by name (game.ui.router), not shown yet."""
        return router.make(self, name, *args, **kwargs)

    def go(self, name: str, *args, **kwargs) -> None:
        """Show a new scene by name with its arguments: how one scene leads to another."""
        self.set_scene(self.make_scene(name, *args, **kwargs))

    def set_scene(self, scene) -> None:
        old = getattr(self.scene, "session", None)
        if old is not None and getattr(scene, "session", None) is not old:
            old.close()  # the table is gone: so is its AI worker process
        self.scene = scene
        if self.guard.state.get("phase") != "starting":  # run() marks the first frame itself
            session = getattr(scene, "session", None)
            self.guard.phase("game" if session else "menu", getattr(session, "game_id", None))
        scene.resize(self.size)
        self.dirty = True
        self.full_frame = True

    def toast(self, message: str, colour=None, seconds: float | None = None) -> None:
        import game.ui.theme as theme

        self.toasts.show(message, self.now, colour or theme.ERROR, seconds)
        self.dirty = True

    def wake(self) -> None:
        """Nudge the loop from another thread (the AI worker)."""
        import pygame

        with contextlib.suppress(pygame.error):
            pygame.event.post(pygame.event.Event(window.WAKE))

    def show_help(self, game_id: str | None = None) -> None:
        from game.ui.help import HelpDialog

        if self.help is not None:
            self.help = None
        else:
            gid = (
                game_id
                or getattr(getattr(self.scene, "session", None), "game_id", None)
                or getattr(self.scene, "game_id", None)
                or getattr(self.scene, "help_game_id", lambda: None)()
            )
            # tabs for every game's rules, starting at this game's (or the general page)
            self.help = HelpDialog(gid, tabs=getattr(self.scene, "session", None) is None)
            self.help.layout(self.size)
        self.dirty = True

    def language_changed(self) -> None:
        """The language changed: every cached face and line of text goes (a card drawn
        in the old language is never shown again), and the whole window is drawn anew."""
        import game.ui.cards as cards
        import game.ui.theme as theme

        cards.forget()
        theme.forget_texts()
        if self.scene is not None:
            self.scene.resize(self.size)  # labels measured in the old language are laid out again
        self.dirty = True
        self.full_frame = True

    def toggle_fullscreen(self) -> None:
        import pygame

        full = not self.settings.get("fullscreen")
        self.settings["fullscreen"] = full
        if not self.headless:
            if full:
                self.windowed_size = self.size
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                self.screen = pygame.display.set_mode(
                    window.at_least_minimum(self.windowed_size), pygame.RESIZABLE
                )
        from game.services import settings as settings_mod

        settings_mod.save(self.settings)
        self.resized(self.screen.get_size())

    def resized(self, size) -> None:
        import pygame

        self.screen = pygame.display.get_surface() or self.screen
        # a window manager that ignores the minimum still gets a table laid out at it
        # (drawn clipped), never a squeezed one
        self.size = (max(int(size[0]), MIN_WINDOW[0]), max(int(size[1]), MIN_WINDOW[1]))
        if not self.headless and not self.settings.get("fullscreen"):
            self.remember_size(self.size)
        if self.scene is not None:
            self.scene.resize(self.size)
        if self.help is not None:
            self.help.layout(self.size)
        self.dirty = True
        self.full_frame = True

    def remember_size(self, size) -> None:
        """Keep the window size in the settings, so the next run opens at it."""
        from game.services import settings as settings_mod

        value = [int(size[0]), int(size[1])]
        if self.settings.get("window_size") != value:
            self.settings["window_size"] = value
            settings_mod.save(self.settings)

    # -- events, update, draw

    def handle(self, ev) -> None:
        import pygame

        self.dirty = True
        if ev.type == pygame.QUIT:
            self.running = False
            return
        if ev.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            surf = window.keep_minimum_size()
            if surf is not None and surf.get_size() != self.size:
                self.resized(surf.get_size())
            return
        if ev.type == window.WAKE:
            return
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F1:
            self.show_help()
            return
        if self.help is not None:
            self.help.handle(ev)
            if self.help.closed:
                self.help = None
            return
        if self.scene is not None:
            self.scene.handle(ev)

    def update(self, dt_ms: float) -> bool:
        self.now += dt_ms
        if self.toasts.update(self.now):
            self.dirty = True
        moving = self.scene.update(dt_ms) if self.scene is not None else False
        return moving

    def render(self, surface=None) -> list | None:
        """Draw the whole frame into ``surface`` (the window by default). Returns what
        differs from the last frame drawn: a list of rectangles (empty: nothing), or None
        for the whole window. The loop pushes only that to the screen."""
        import game.ui.theme as theme

        target = surface or self.screen
        damage = self.scene.draw(target) if self.scene is not None else None
        if self.help is not None:
            self.help.draw(target)
            damage = None
        anchor = self.scene.toast_anchor() if self.scene is not None and self.help is None else None
        self.toasts.draw(target, theme.Metrics(target.get_size()), anchor)
        toasts = (tuple(self.toasts.items), anchor, self.help is not None)
        if toasts != self._toast_key or self.full_frame:
            damage = None
        self._toast_key, self.full_frame, self.dirty = toasts, False, False
        return damage

    def present(self, damage) -> int:
        """Push a rendered frame to the screen: only the damaged rectangles when they are
        known, else the whole window. Returns the number of rectangles pushed (0: none,
        -1: the whole window)."""
        import pygame

        if damage is None:
            pygame.display.flip()
            return -1
        if damage:
            pygame.display.update(damage)
        return len(damage)

    def pump(self, dt_ms: float = 16.0) -> None:
        """Handle every queued pygame event, advance time and draw once (tests use this)."""
        import pygame

        for ev in pygame.event.get():
            self.handle(ev)
        self.update(dt_ms)
        self.render()
        self.sounds.start()

    def next_wait_ms(self) -> int:
        deadlines = [
            d
            for d in (self.scene.deadline() if self.scene else None, self.toasts.next_expiry())
            if d is not None
        ]
        if not deadlines:
            return 1000
        return int(max(1, min(1000, min(deadlines) - self.now + 1)))

    def loop(self) -> None:
        import pygame

        clock = pygame.time.Clock()
        moving = True
        last = time.perf_counter()
        while self.running:
            if moving or self.dirty:
                clock.tick(60)
                events = pygame.event.get()
            else:
                # idle: sleep in short naps (SDL's own wait polls every 1 ms on some drivers)
                events = pygame.event.get()
                if not events:
                    pygame.time.wait(min(IDLE_NAP_MS, self.next_wait_ms()))
                    events = pygame.event.get()
            for ev in events:
                self.handle(ev)
            t = time.perf_counter()
            dt, last = min(100.0, (t - last) * 1000), t
            moving = self.update(dt)
            if moving or self.dirty:
                self.present(self.render())
            if not self.sounds.tried:  # the first frame is on screen: now the mixer
                self.sounds.start()
